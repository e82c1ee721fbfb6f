"""The vocabulary-parallel LM head: the loss over a weight sharded by
vocabulary across the ranks of a torch.distributed process group.

Each rank holds rows [start, stop) of the head's weight (Megatron-LM's
``VocabParallelEmbedding``/``ColumnParallelLinear`` sharding of the output
layer), the full hidden states [N, D] and the full labels [N] (global ids).
:func:`linear_cross_entropy_parallel` gives every rank the same global loss,
and in the backward each rank's gradient of its own weight shard and the
full input gradient.

How it is computed from the single-device ops (:mod:`lmhead.torch.ops`),
whose kernels do all the O(N·D·V) work on each shard:

- forward: one run of ``lmhead::linear_cross_entropy`` over the shard
  (reduction none, no smoothing, no z-loss) gives each token's partial lse
  and, through its loss, the logit of a label in the shard. A token whose
  label lives on another rank gets a stand-in label there (row 0: only its
  lse is used), so that it is not ignored. Label smoothing needs each
  token's sum of logits over the shard: a matrix-vector product with the
  shard's column sums of W (no soft-cap), or a second run with smoothing 1
  (soft-cap, where the logits are not linear in W). Two all-reduces
  combine the shards: the max of the partial lse, then the sum of the
  rescaled exponentials, the label logits and the logit sums.
- backward: one run of ``lmhead::linear_cross_entropy_backward`` over the
  shard padded by one zero row of W, whose arguments make every logit's
  gradient exactly the global one (:func:`_shard_backward_arguments`): a
  token whose label lives on another rank takes the padding row as its
  label, whose term reaches neither dh (through the zero row) nor dW (the
  extra row is dropped); the smoothing and each token's upstream gradient
  are rescaled so that each logit gets ε/V with the global V and the label
  −(1 − ε); the global lse, shifted, carries the z-loss factor. Nothing is
  corrected after the kernels, so the gradients have the single op's
  precision. dW and db need no communication; dh is summed over the ranks
  by one all-reduce. The padded copy of the shard (V_r·D elements, in the
  backward) is what this costs beyond the kernels.

Communication per step: two all-reduces of N-element vectors in the
forward (the max; then 2 or 3 sums stacked), one of the N×D input gradient
in the backward. Everything is issued on torch's current stream; apart from
the first call's handshake (below), nothing waits on the device from the
host.

Sequence parallelism (``sequence_parallel=True``, as Megatron-LM does it):
each rank passes only its own tokens, as many on every rank; they and their
labels are all-gathered in rank order before the loss, and the backward
reduce-scatters dh (the sum over the ranks, each keeping its own tokens)
in place of the all-reduce. A per-token loss is returned for this rank's
tokens, and its backward gathers the ranks' upstream gradients (N floats).

Before the collectives the ranks exchange a handshake (their vocab_range,
weight size, N, D, loss options and types: 7 integers) so that a layout
with overlapping shards or gaps, a vocab_range that does not match its
weight, and ranks that disagree on N, D or the options get an error on
every rank instead of a hang or a wrong answer. On CPU tensors it runs on
every call. On CUDA tensors, whose handshake needs a host
synchronisation, it runs when this rank's arguments (range, weight rows,
D, options, types) are new on the group, and on every call with
``LMHEAD_DISTRIBUTED_CHECKS=1``.
"""

from __future__ import annotations

import dataclasses
import zlib
from contextlib import contextmanager
from math import log
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple

import torch
import torch.distributed as dist

from . import ops
from .. import settings
from ..loss_options import LossOptions

__all__ = ["linear_cross_entropy_parallel", "ShardLayout",
           "DistributedLayoutError", "vocab_range_of"]

#: The label the shard's ops ignore. Local labels are in [0, V_r] (V_r for
#: a label outside the global vocabulary), so no label can collide with it.
_LOCAL_IGNORE = -1


class DistributedLayoutError(ValueError):
    """The ranks' arguments do not form one vocabulary-parallel problem:
    raised on every rank, with the same message, before any data moves."""


@dataclass(frozen=True)
class ShardLayout:
    """This rank's place in the sharded vocabulary: rows [start, stop) of a
    vocabulary of ``vocab`` entries, shared by ``world`` ranks."""

    start: int
    stop: int
    vocab: int
    rank: int
    world: int
    #: Whether the ranks tell each other, after this call's local steps
    #: (the shard's forward and backward ops), whether each succeeded, so
    #: that a rank that fails (lmhead-opt missing on its node, a cache it
    #: cannot write, memory) makes the others raise instead of wait in the
    #: next collective: on calls that ran a handshake (every call on CPU
    #: tensors, the first with new arguments on CUDA).
    agree: bool = False

    @property
    def size(self) -> int:
        """V_r, the number of vocabulary entries this rank holds."""
        return self.stop - self.start


# The handshake: one row of integers per rank.
_FIELDS = ("status", "start", "stop", "weight_vocab", "tokens", "hidden",
           "options", "inputs")
_OK, _BAD_RANGE, _LOCAL_ERROR = 0, 1, 2


def _fingerprint(opts: LossOptions, dtype: torch.dtype,
                 label_type: torch.dtype, has_bias: bool,
                 sequence_parallel: bool) -> int:
    """A number that differs when two ranks' loss options, element or
    label types, bias presence or sequence parallelism differ."""
    text = repr((opts, str(dtype), str(label_type), has_bias,
                 sequence_parallel)).encode()
    return zlib.crc32(text) & 0x7FFFFFFF


def _checks_requested() -> bool:
    """``LMHEAD_DISTRIBUTED_CHECKS=1``: every call exchanges the handshake,
    with a checksum of its tokens and labels."""
    return settings.get("LMHEAD_DISTRIBUTED_CHECKS", "") == "1"


#: Elements summed at a time by _checksum (bounds its scratch memory).
_CHECKSUM_CHUNK = 1 << 20


def _checksum(t: torch.Tensor) -> torch.Tensor:
    """A 64-bit checksum of ``t``'s bits on its device: each element's bits
    as an integer, weighted by its position (so that a reordering counts),
    summed with int64 wrap-around, which is the same on every rank."""
    flat = t.detach().reshape(-1)
    bits = flat.view({1: torch.uint8, 2: torch.int16, 4: torch.int32,
                      8: torch.int64}[flat.element_size()])
    total = torch.zeros((), dtype=torch.int64, device=t.device)
    for begin in range(0, bits.numel(), _CHECKSUM_CHUNK):
        chunk = bits[begin:begin + _CHECKSUM_CHUNK].to(torch.int64)
        weights = torch.arange(begin, begin + chunk.numel(),
                               dtype=torch.int64, device=t.device)
        total += (chunk * (weights % 65521 + 1)).sum()
    return total


def _inputs_checksum(h: torch.Tensor, target: torch.Tensor) -> int:
    """One number for the tokens and labels, that differs (almost surely)
    when two ranks were given different ones: what a tensor-parallel data
    loader that hands the ranks of a group different batches gives. One
    host synchronisation."""
    both = _checksum(h) * 1000003 + _checksum(target)
    return int(both) & 0x7FFFFFFFFFFFFFFF


def _range_problem(vocab_range, weight_vocab: int) -> Optional[str]:
    """What is wrong with ``vocab_range`` for a shard of ``weight_vocab``
    rows, or None."""
    if (not isinstance(vocab_range, (tuple, list)) or len(vocab_range) != 2
            or any(isinstance(x, bool) or not isinstance(x, int)
                   for x in vocab_range)):
        return (f"vocab_range must be a pair of ints (start, stop), got "
                f"{vocab_range!r}")
    start, stop = vocab_range
    if start < 0 or stop <= start:
        return (f"vocab_range ({start}, {stop}) must satisfy 0 <= start < "
                f"stop")
    if stop - start != weight_vocab:
        return (f"vocab_range ({start}, {stop}) covers {stop - start} "
                f"vocabulary entries but this rank's weight holds "
                f"{weight_vocab}: pass the range of the rows this rank holds")
    return None


def vocab_range_of(weight) -> Tuple[int, int]:
    """(start, stop) of this rank's rows of a DTensor weight [V, D] placed
    as ``Shard(0)`` on a 1-D device mesh (for layout dv, [D, V] and
    ``Shard(1)``): DTensor gives rank r the r-th ceil(V/R)-row block, as
    torch.chunk does. Pass ``weight.to_local()`` as the weight, this range
    and ``weight.device_mesh.get_group()`` as the process group."""
    from torch.distributed.tensor import DTensor, Shard
    if not isinstance(weight, DTensor):
        raise TypeError(f"vocab_range_of takes a DTensor, got "
                        f"{type(weight).__name__}")
    mesh, placements = weight.device_mesh, weight.placements
    if mesh.ndim != 1 or len(placements) != 1 or \
            not isinstance(placements[0], Shard) or weight.dim() != 2:
        raise ValueError(
            f"vocab_range_of needs a 2-D DTensor sharded on a 1-D mesh as "
            f"Shard(0) (weight [V, D]) or Shard(1) ([D, V]), got "
            f"placements {placements} on a {mesh.ndim}-D mesh")
    vocab = weight.shape[placements[0].dim]
    ranks = mesh.size()
    block = -(-vocab // ranks)
    start = min(mesh.get_local_rank() * block, vocab)
    return start, min(start + block, vocab)


class _KnownLayouts:
    """The layouts handshakes gave, by process group and this rank's
    arguments (range, weight rows, D, options and types): what later calls
    with the same arguments on CUDA tensors reuse.

    A group is held by reference, not only by its id: an id is reused once
    its object is freed, and a new group with a dead group's id must not
    skip its handshake. Holding the group keeps its id its own."""

    def __init__(self):
        self._layouts: Dict[Tuple[int, tuple], Tuple[object, ShardLayout]] = {}

    def knows(self, group) -> bool:
        """Whether any handshake ran on ``group``."""
        return any(kept is group for kept, _ in self._layouts.values())

    def get(self, group, arguments: tuple) -> Optional[ShardLayout]:
        kept = self._layouts.get((id(group), arguments))
        return kept[1] if kept is not None and kept[0] is group else None

    def put(self, group, arguments: tuple, shard: ShardLayout) -> None:
        self._layouts[(id(group), arguments)] = (group, shard)

    def clear(self) -> None:
        self._layouts.clear()


_known_layouts = _KnownLayouts()


def _handshake_every_call(device: torch.device) -> bool:
    """Whether each call exchanges the handshake, or only the first one on
    a group: on CPU tensors every call (it costs no device
    synchronisation), on CUDA tensors the first call, unless
    ``LMHEAD_DISTRIBUTED_CHECKS=1``. Every rank decides alike (the same
    device type and environment), so they enter the same collectives."""
    return device.type == "cpu" or _checks_requested()


def _exchange(row: Sequence[int], group, device) -> List[List[int]]:
    """Every rank's handshake row, in rank order."""
    mine = torch.tensor(list(row), dtype=torch.int64, device=device)
    rows = [torch.empty_like(mine) for _ in range(dist.get_world_size(group))]
    dist.all_gather(rows, mine, group=group)
    return [r.tolist() for r in rows]


def _layout_from(rows: List[List[int]], rank: int) -> ShardLayout:
    """The layout the ranks' rows describe; raises DistributedLayoutError
    naming the ranks at fault."""
    table = [dict(zip(_FIELDS, row)) for row in rows]
    for r, entry in enumerate(table):
        if entry["status"] == _LOCAL_ERROR:
            raise DistributedLayoutError(
                f"rank {r} rejected its arguments to linear_cross_entropy "
                f"(its own error says why); no rank ran the loss")
        if entry["status"] == _BAD_RANGE:
            raise DistributedLayoutError(
                f"rank {r}'s vocab_range does not match its weight, which "
                f"holds {entry['weight_vocab']} vocabulary rows (its own "
                f"error says more): each rank passes the range [start, stop)"
                f" of the rows it holds")
    for field, what in (("hidden", "the hidden size D"),
                        ("tokens", "the token count N")):
        values = [entry[field] for entry in table]
        if len(set(values)) > 1:
            raise DistributedLayoutError(
                f"the ranks disagree on {what}: " + ", ".join(
                    f"rank {r} has {v}" for r, v in enumerate(values))
                + "; every rank passes the same input [N, D] and target [N]"
                " (with sequence_parallel, as many tokens of its own) and "
                "its own weight shard")
    options = [entry["options"] for entry in table]
    if len(set(options)) > 1:
        differ = [r for r, o in enumerate(options) if o != options[0]]
        raise DistributedLayoutError(
            f"the ranks disagree on the loss options, the element or label "
            f"type, the presence of a bias or sequence_parallel: rank "
            f"{differ[0]} differs from rank 0; every rank passes the same "
            f"ones")
    sums = [entry["inputs"] for entry in table]
    if len(set(sums)) > 1:
        differ = [r for r, total in enumerate(sums) if total != sums[0]]
        raise DistributedLayoutError(
            f"the ranks were given different input or target: rank "
            f"{differ[0]}'s differ from rank 0's (LMHEAD_DISTRIBUTED_CHECKS"
            f"=1 compares a checksum of them); every rank of the group "
            f"passes the same batch (a tensor-parallel data loader must "
            f"give each rank of a group the same one)")
    order = sorted(range(len(table)), key=lambda r: table[r]["start"])
    covered, previous = 0, None
    for r in order:
        start, stop = table[r]["start"], table[r]["stop"]
        if start > covered:
            after = (f", after rank {previous}'s [{table[previous]['start']}"
                     f", {covered})" if previous is not None else "")
            raise DistributedLayoutError(
                f"the vocabulary shards leave a gap: no rank holds rows "
                f"[{covered}, {start}) (rank {r} starts at {start}{after}); "
                f"the ranks' vocab_range must tile [0, V) exactly")
        if start < covered:
            raise DistributedLayoutError(
                f"the vocabulary shards overlap: rank {previous} holds "
                f"[{table[previous]['start']}, {covered}) and rank {r} "
                f"[{start}, {stop}); the ranks' vocab_range must tile "
                f"[0, V) exactly")
        covered, previous = stop, r
    mine = table[rank]
    return ShardLayout(mine["start"], mine["stop"], covered, rank, len(table))


def is_sharded(process_group, vocab_range, sequence_parallel) -> bool:
    """Whether a call asks for the sharded head at all."""
    return (process_group is not None or vocab_range is not None
            or bool(sequence_parallel))


def check_arguments(process_group, vocab_range,
                    sequence_parallel: bool = False) -> None:
    """Raises when the distributed arguments cannot be used at all (before
    any collective: these are the same mistake on every rank)."""
    if sequence_parallel and process_group is None and vocab_range is None:
        raise ValueError("sequence_parallel=True needs process_group and "
                         "vocab_range (the tensor-parallel group and this "
                         "rank's vocabulary rows)")
    if process_group is None:
        raise ValueError(
            "vocab_range is given without process_group: pass the "
            "tensor-parallel group over which the weight is sharded "
            "(torch.distributed.group.WORLD for all ranks)")
    if vocab_range is None:
        raise ValueError(
            "process_group is given without vocab_range: pass (start, stop), "
            "the rows [start, stop) of the full vocabulary that this rank's "
            "weight holds")
    if not dist.is_available() or not dist.is_initialized():
        raise RuntimeError("process_group is given but torch.distributed is "
                           "not initialised (torch.distributed."
                           "init_process_group)")
    if not isinstance(process_group, dist.ProcessGroup):
        raise TypeError(f"process_group must be a torch.distributed "
                        f"ProcessGroup, got {type(process_group).__name__}")


def _dimension(t, axis: int) -> int:
    """t.shape[axis], or -1 when t is not a tensor of more dims."""
    if isinstance(t, torch.Tensor) and t.dim() > axis:
        return t.shape[axis]
    return -1


def _exchange_device(group, h) -> torch.device:
    """Where the handshake's integers go: the input's device, or where the
    group's backend needs them when the input is not a tensor."""
    if isinstance(h, torch.Tensor):
        return h.device
    if dist.get_backend(group) == "nccl":
        return torch.device("cuda", torch.cuda.current_device())
    return torch.device("cpu")


@torch.compiler.disable
def layout(group, vocab_range, h, weight, bias, opts: Optional[LossOptions],
           target=None, local_error: Optional[BaseException] = None,
           sequence_parallel: bool = False) -> ShardLayout:
    """This rank's checked layout for a call with hidden states ``h``
    ([N, D]), labels ``target`` and weight shard ``weight``, exchanging the
    handshake when it is due (:func:`_handshake_every_call`). With
    ``local_error`` (this rank rejected its own arguments), it joins the
    exchange the other ranks are making, so that they raise a
    DistributedLayoutError naming this rank rather than wait, and re-raises
    that error.

    Where not every call exchanges (CUDA tensors), a call exchanges when
    this rank's arguments (range, weight rows, D, options and types) are
    new on this group, which is the same call on every rank as long as the
    ranks change them together. What such a call cannot see without
    communicating (one rank alone changing its arguments or its N, or
    rejecting them after the first call) leaves the others waiting in a
    collective until the backend's timeout;
    ``LMHEAD_DISTRIBUTED_CHECKS=1`` turns those into errors too, at one
    host synchronisation per call."""
    device = _exchange_device(group, h)
    every_call = _handshake_every_call(device)
    seen = _known_layouts.knows(group)
    if local_error is not None:
        if every_call or not seen:
            _exchange((_LOCAL_ERROR,) + (-1,) * (len(_FIELDS) - 1), group,
                      device)
        raise local_error
    weight_vocab = _dimension(weight, 0 if opts.weight_layout == "vd" else 1)
    fingerprint = _fingerprint(opts, h.dtype, target.dtype, bias is not None,
                               sequence_parallel)
    arguments = (repr(vocab_range), weight_vocab, h.shape[1], fingerprint)
    known = _known_layouts.get(group, arguments)
    if not every_call and known is not None:
        return known
    problem = _range_problem(vocab_range, weight_vocab)
    start, stop = (-1, -1) if problem else vocab_range
    # With sequence parallelism each rank holds tokens of its own.
    inputs = _inputs_checksum(h, target) \
        if _checks_requested() and not sequence_parallel else 0
    rows = _exchange((_BAD_RANGE if problem else _OK, start, stop,
                      weight_vocab, h.shape[0], h.shape[1], fingerprint,
                      inputs), group, device)
    if problem is not None:
        raise DistributedLayoutError(problem)
    shard = _layout_from(rows, dist.get_rank(group))
    _known_layouts.put(group, arguments, shard)
    return dataclasses.replace(shard, agree=True)


@dataclass
class _LocalLabels:
    """The labels of one shard and what each token is to it."""

    forward: torch.Tensor   # what the shard's forward sees
    backward: torch.Tensor  # what its backward sees, on the padded shard
    in_shard: torch.Tensor  # the label is a row of this shard
    valid: torch.Tensor     # not ignored
    bad: torch.Tensor       # not ignored, outside [0, V)


def _local_labels(target: torch.Tensor, shard: ShardLayout,
                  ignore_index: int) -> _LocalLabels:
    """A label of this shard becomes its row; a token whose label is on
    another rank gets a stand-in so that the shard's ops do not ignore it:
    in the forward any row (only the token's lse is used), in the backward
    the zero row that pads the shard (its label term then reaches neither
    dh, through a zero row of W, nor dW, whose padding row is dropped). A
    label outside [0, V) stays outside the shard, where the ops give NaN,
    as the single op does."""
    size = shard.size
    valid = target != ignore_index
    bad = valid & ((target < 0) | (target >= shard.vocab))
    in_shard = (target >= shard.start) & (target < shard.stop) & valid
    local = target - shard.start

    def labels(stand_in: int, outside: int) -> torch.Tensor:
        chosen = torch.where(in_shard, local,
                             torch.full_like(target, stand_in))
        chosen = torch.where(bad, torch.full_like(target, outside), chosen)
        return torch.where(valid, chosen,
                           torch.full_like(target, _LOCAL_IGNORE))

    return _LocalLabels(labels(0, size), labels(size, size + 1), in_shard,
                        valid, bad)


def _padded(t: Optional[torch.Tensor], axis: int) -> Optional[torch.Tensor]:
    """``t`` with one more row (``axis`` 0) or column (1) of zeros."""
    if t is None:
        return None
    shape = list(t.shape)
    shape[axis] = 1
    return torch.cat([t, t.new_zeros(shape)], dim=axis)


def _all_reduce(t: torch.Tensor, op, group) -> torch.Tensor:
    dist.all_reduce(t, op=op, group=group)
    return t


def _logit_sums(h, weight, bias, labels: _LocalLabels, lse_local,
                opts: LossOptions, shard: ShardLayout) -> torch.Tensor:
    """Σ_v z_iv over this shard's rows, per token (for label smoothing)."""
    lse_type = lse_local.dtype
    if not opts.softcap:
        # The logits are linear in W: Σ_v z_v = h·Σ_v w_v + Σ_v b_v.
        columns = torch.sum(weight, dim=0 if opts.weight_layout == "vd"
                            else 1, dtype=lse_type)
        sums = h.to(lse_type) @ columns
        if bias is not None:
            sums = sums + bias.sum(dtype=lse_type)
        return sums
    # Soft-capped logits: a run with smoothing 1 gives lse_r − mean_v z.
    everyone = torch.where(labels.valid, torch.zeros_like(labels.forward),
                           labels.forward)
    smoothed, _ = ops.forward_op(h, weight, everyone, bias, _LOCAL_IGNORE,
                                 "none", 1.0, opts.softcap, 0.0,
                                 opts.weight_layout)
    return (lse_local - smoothed.to(lse_type)) * shard.size


@contextmanager
def _local_step(shard: ShardLayout, group, device, step: str):
    """Runs a rank-local step (its shard's op) and, where ``shard.agree``,
    tells the other ranks whether it succeeded before anyone enters the
    next collective: a rank whose step failed re-raises its own error, the
    others raise a DistributedLayoutError naming it."""
    if not shard.agree:
        yield
        return
    try:
        yield
    except Exception:
        _step_failures(group, device, failed=True)
        raise
    failed = _step_failures(group, device, failed=False)
    if failed:
        raise DistributedLayoutError(
            f"rank {failed[0]} failed to {step} (its own error says why); "
            f"no rank went on")


def _step_failures(group, device, failed: bool) -> List[int]:
    """The ranks whose local step failed, from one integer per rank."""
    mine = torch.tensor([1 if failed else 0], dtype=torch.int64,
                        device=device)
    every = [torch.empty_like(mine) for _ in range(dist.get_world_size(group))]
    dist.all_gather(every, mine, group=group)
    return [r for r, flag in enumerate(every) if int(flag.item())]


class _VocabParallel(torch.autograd.Function):
    """The loss and its gradients; see the module's docstring."""

    @staticmethod
    def forward(ctx, h, weight, target, bias, opts: LossOptions,
                shard: ShardLayout, group, dw_scale, sum_input_grad: bool):
        labels = _local_labels(target, shard, opts.ignore_index)
        with _local_step(shard, group, h.device,
                         "run its shard of the forward"):
            loss_local, lse_local = ops.forward_op(
                h, weight, labels.forward, bias, _LOCAL_IGNORE, "none", 0.0,
                opts.softcap, 0.0, opts.weight_layout)
        lse_type = lse_local.dtype
        # The (soft-capped) logit of each token's local label, exact in the
        # op's arithmetic: its loss there is lse_r − z.
        label_logit = torch.where(labels.valid,
                                  lse_local - loss_local.to(lse_type),
                                  torch.zeros((), dtype=lse_type,
                                              device=h.device))
        eps = opts.label_smoothing
        maximum = _all_reduce(lse_local.clone(), dist.ReduceOp.MAX, group)
        parts = [torch.exp(lse_local - maximum),
                 torch.where(labels.in_shard, label_logit,
                             torch.zeros((), dtype=lse_type, device=h.device))]
        if eps:
            parts.append(_logit_sums(h, weight, bias, labels, lse_local,
                                     opts, shard))
        sums = _all_reduce(torch.stack(parts), dist.ReduceOp.SUM, group)
        lse = maximum + torch.log(sums[0])
        losses = (1.0 - eps) * (lse - sums[1])
        if eps:
            losses = losses + eps * (lse - sums[2] / shard.vocab)
        if opts.z_loss:
            losses = losses + opts.z_loss * lse * lse
        zero = torch.zeros((), dtype=lse_type, device=h.device)
        losses = torch.where(labels.valid, losses, zero)
        losses = torch.where(labels.bad, torch.nan, losses)
        count = labels.valid.sum()
        if opts.reduction == "none":
            loss = losses
        elif opts.reduction == "sum":
            loss = losses.sum()
        else:
            loss = losses.sum() / count.clamp(min=1).to(lse_type)

        ctx.save_for_backward(h, weight, labels.backward, bias, lse, count,
                              dw_scale)
        ctx.options, ctx.shard, ctx.group = opts, shard, group
        ctx.sum_input_grad = sum_input_grad
        ctx.has_bias = bias is not None
        return loss.to(ops._loss_type(h))

    @staticmethod
    def backward(ctx, grad_loss):
        h, weight, labels, bias, lse, count, dw_scale = ctx.saved_tensors
        opts, shard, group = ctx.options, ctx.shard, ctx.group
        vd = opts.weight_layout == "vd"
        upstream, smoothing, shifted_lse = _shard_backward_arguments(
            grad_loss, lse, count, opts, shard)
        with _local_step(shard, group, h.device,
                         "run its shard of the backward"):
            dh, dw, db, _ = ops.backward_op(
                upstream, h, _padded(weight, 0 if vd else 1), labels,
                _padded(bias, 0), shifted_lse, _LOCAL_IGNORE, "none",
                smoothing, opts.softcap, 0.0, opts.weight_layout, False,
                dw_scale)
        size = shard.size
        dw = dw[:size] if vd else dw[:, :size].contiguous()
        db = db[:size] if ctx.has_bias else None
        # dh is summed over the ranks (dW and db need no communication).
        # With sequence parallelism the token gather's backward sums it
        # instead, by a reduce-scatter.
        if ctx.sum_input_grad:
            dist.all_reduce(dh, op=dist.ReduceOp.SUM, group=group)
        return (dh, dw, None, db, None, None, None, None, None)


def _shard_backward_arguments(grad_loss, lse, count, opts: LossOptions,
                              shard: ShardLayout):
    """(per-token upstream gradient, smoothing, lse) for which the single
    op's backward over the padded shard (V' = V_r + 1 rows, no z-loss,
    reduction none) gives each logit of this shard exactly the global
    gradient g·[softmax·(1 + 2w·lse) − ε/V − (1 − ε)·[label]]·(soft-cap').

    That op gives g'·[exp(z − lse')·(1 + 2w'·lse') − ε'/V' − (1 − ε')·
    [label]]. With k = 1 − ε + ε·V'/V, the choices g' = k·g and
    ε' = ε·V'/(V·k) make the label term g·(1 − ε) and the uniform term
    g·ε/V; then lse' = lse + log k − log(1 + 2w·lse) with w' = 0 makes the
    softmax term g·softmax·(1 + 2w·lse), wherever 1 + 2w·lse > 0 (lse >
    −5000 for w = 1e-4: any logits a model makes). All per token, so one
    run does it (with ε = 0 and w = 0: g' = g, ε' = 0, lse' = lse)."""
    lse_type = lse.dtype
    eps = opts.label_smoothing
    padded = shard.size + 1
    k = 1.0 - eps + eps * padded / shard.vocab
    smoothing = eps * padded / (shard.vocab * k)
    upstream = grad_loss.to(lse_type)
    if opts.reduction == "mean":
        upstream = upstream / count.clamp(min=1).to(lse_type)
    upstream = (upstream * k).expand(lse.shape[0]).contiguous()
    shifted = lse + log(k)
    if opts.z_loss:
        shifted = shifted - torch.log1p(2.0 * opts.z_loss * lse)
    return upstream, min(smoothing, 1.0), shifted


class _GatherTokens(torch.autograd.Function):
    """Sequence parallelism's entry: every rank's tokens, concatenated in
    rank order; the backward sums the ranks' gradients of the whole and
    keeps this rank's tokens (a reduce-scatter)."""

    @staticmethod
    def forward(ctx, local, group):
        ctx.group = group
        world = dist.get_world_size(group)
        whole = local.new_empty((world * local.shape[0],) + local.shape[1:])
        dist.all_gather_into_tensor(whole, local.contiguous(), group=group)
        return whole

    @staticmethod
    def backward(ctx, grad_whole):
        world = dist.get_world_size(ctx.group)
        local = grad_whole.new_empty((grad_whole.shape[0] // world,)
                                     + grad_whole.shape[1:])
        dist.reduce_scatter_tensor(local, grad_whole.contiguous(),
                                   group=ctx.group)
        return local, None


class _KeepTokens(torch.autograd.Function):
    """This rank's tokens of a per-token result over every rank's tokens;
    the backward gathers the ranks' upstream gradients, since every rank's
    shard of the head contributes to every token."""

    @staticmethod
    def forward(ctx, whole, group):
        ctx.group = group
        world, rank = dist.get_world_size(group), dist.get_rank(group)
        count = whole.shape[0] // world
        return whole[rank * count:(rank + 1) * count].clone()

    @staticmethod
    def backward(ctx, grad_local):
        world = dist.get_world_size(ctx.group)
        whole = grad_local.new_empty((world * grad_local.shape[0],))
        dist.all_gather_into_tensor(whole, grad_local.contiguous(),
                                    group=ctx.group)
        return whole, None


@torch.compiler.disable
def linear_cross_entropy_parallel(h: torch.Tensor, weight: torch.Tensor,
                                  target: torch.Tensor,
                                  bias: Optional[torch.Tensor],
                                  opts: LossOptions, group, vocab_range,
                                  dw_scale: Optional[torch.Tensor] = None,
                                  sequence_parallel: bool = False
                                  ) -> torch.Tensor:
    """The global loss of tokens ``h`` [N, D] with global labels ``target``
    [N] over the weight shard ``weight`` (rows [start, stop) =
    ``vocab_range`` of the vocabulary) and its bias shard; the same on
    every rank of ``group``. Its backward gives the full dh (summed over
    the ranks) and this rank's dW and db shards. Runs the handshake first
    when it is due (:func:`layout`). torch.compile runs it eagerly (a graph
    break): its collectives and checks are not traced.

    With ``sequence_parallel``, ``h`` and ``target`` are this rank's tokens
    only (as many on every rank): they are gathered first, dh is
    reduce-scattered back to them, and a per-token loss is this rank's."""
    shard = layout(group, vocab_range, h, weight, bias, opts, target,
                   sequence_parallel=sequence_parallel)
    if sequence_parallel and h.shape[0] > 0:
        h = _GatherTokens.apply(h, group)
        whole = target.new_empty((shard.world * target.shape[0],))
        dist.all_gather_into_tensor(whole, target.contiguous(), group=group)
        target = whole
    ops._check_labels(target, shard.vocab, opts)
    if h.shape[0] == 0:
        # No tokens on any rank (the handshake checked N): nothing to
        # combine, and a gradient of zeros through the single op.
        return ops.forward_op(h, weight, target, bias, opts.ignore_index,
                              opts.reduction, 0.0, opts.softcap, 0.0,
                              opts.weight_layout)[0]
    loss = _VocabParallel.apply(h, weight, target, bias, opts, shard, group,
                                dw_scale, not sequence_parallel)
    if sequence_parallel and opts.reduction == "none":
        loss = _KeepTokens.apply(loss, group)
    return loss
