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
  label lives on another rank gets a stand-in label here (its position
  modulo the shard's size), so that it is not ignored. Label smoothing
  needs each token's sum of logits over the shard: a matrix-vector product
  with the shard's column sums of W (no soft-cap), or a second run with
  smoothing 1 (soft-cap, where the logits are not linear). Two all-reduces
  combine the shards: the max of the partial lse, then the sum of the
  rescaled exponentials, the label logits and the logit sums.
- backward: one run of ``lmhead::linear_cross_entropy_backward`` over the
  shard with the global lse (so exp(z − lse) is the global softmax) and
  smoothing ε·V_r/V (so that each logit is given ε/V with the global V).
  That run puts the label term −(1 − ε·V_r/V) at each token's local label;
  a correction of one element per token (a gathered row of W for dh, an
  index_add into dW and db) turns it into −(1 − ε) for a label of this
  shard and removes it for a stand-in label. dW and db need no
  communication; dh is summed over the ranks by one all-reduce, started
  as soon as dh is final and overlapped with the dW and db corrections.

Communication per step: two all-reduces of N-element vectors in the
forward (the max; then 2 or 3 sums stacked), one of the N×D input gradient
in the backward. Everything is issued on torch's current stream; nothing
waits on the device from the host.

Sequence parallelism (``sequence_parallel=True``, as Megatron-LM does it):
each rank passes only its own tokens, as many on every rank; they and their
labels are all-gathered in rank order before the loss, and the backward
reduce-scatters dh (the sum over the ranks, each keeping its own tokens)
in place of the all-reduce. A per-token loss is returned for this rank's
tokens, and its backward gathers the ranks' upstream gradients (N floats).

Before the collectives the ranks exchange a handshake (their vocab_range,
weight size, N, D and loss options, a few integers) so that a layout with
overlapping shards or gaps, a vocab_range that does not match its weight,
and ranks that disagree on N, D or the options get an error on every rank
instead of a hang or a wrong answer. On CPU tensors it runs on every call;
on CUDA tensors, whose handshake needs a host synchronisation, it runs on
the first call for a given group, range and weight shape, or on every call
with ``LMHEAD_DISTRIBUTED_CHECKS=1``.
"""

from __future__ import annotations

import os
import zlib
from dataclasses import dataclass
from typing import List, Optional, Sequence, Tuple

import torch
import torch.distributed as dist

from . import ops
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

    @property
    def size(self) -> int:
        """V_r, the number of vocabulary entries this rank holds."""
        return self.stop - self.start


# The handshake: one row of integers per rank.
_FIELDS = ("status", "start", "stop", "weight_vocab", "tokens", "hidden",
           "options")
_OK, _BAD_RANGE, _LOCAL_ERROR = 0, 1, 2


def _fingerprint(opts: LossOptions, dtype: torch.dtype, has_bias: bool,
                 sequence_parallel: bool) -> int:
    """A number that differs when two ranks' loss options, element types,
    bias presence or sequence parallelism differ."""
    text = repr((opts, str(dtype), has_bias, sequence_parallel)).encode()
    return zlib.crc32(text) & 0x7FFFFFFF


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


#: The global vocabulary size of each (group, vocab_range, weight shape)
#: whose handshake has passed.
_checked_vocab = {}


def _must_check(key, device: torch.device) -> bool:
    if device.type == "cpu":
        return True
    if os.environ.get("LMHEAD_DISTRIBUTED_CHECKS", "") == "1":
        return True
    return key not in _checked_vocab


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
            f"the ranks disagree on the loss options, the element type, "
            f"the presence of a bias or sequence_parallel: rank {differ[0]} "
            f"differs from rank 0; every rank passes the same ones")
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


def check_arguments(process_group, vocab_range) -> None:
    """Raises when the distributed arguments cannot be used at all (before
    any collective: these are the same mistake on every rank)."""
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


@torch.compiler.disable
def layout(group, vocab_range, h, weight, bias, opts: Optional[LossOptions],
           local_error: Optional[BaseException] = None,
           sequence_parallel: bool = False) -> ShardLayout:
    """This rank's checked layout for a call with hidden states ``h``
    ([N, D]) and weight shard ``weight``; runs the handshake when it is due.
    With ``local_error`` (this rank rejected its own arguments) it always
    runs, and re-raises that error here while the other ranks raise a
    DistributedLayoutError naming this rank: nobody waits in a collective
    that never comes."""
    device = h.device if isinstance(h, torch.Tensor) else torch.device("cpu")
    if local_error is not None:
        _exchange((_LOCAL_ERROR, -1, -1, -1, -1, -1, -1), group, device)
        raise local_error
    weight_vocab = _dimension(weight, 0 if opts.weight_layout == "vd" else 1)
    key = (id(group), repr(vocab_range), tuple(weight.shape),
           sequence_parallel)
    if not _must_check(key, device):
        start, stop = vocab_range
        return ShardLayout(start, stop, _checked_vocab[key],
                           dist.get_rank(group), dist.get_world_size(group))
    problem = _range_problem(vocab_range, weight_vocab)
    start, stop = (-1, -1) if problem else vocab_range
    rows = _exchange((_BAD_RANGE if problem else _OK, start, stop,
                      weight_vocab, _dimension(h, 0), _dimension(h, 1),
                      _fingerprint(opts, h.dtype, bias is not None,
                                   sequence_parallel)),
                     group, device)
    if problem is not None:
        raise DistributedLayoutError(problem)
    shard = _layout_from(rows, dist.get_rank(group))
    _checked_vocab[key] = shard.vocab
    return shard


@dataclass
class _LocalLabels:
    """The labels of one shard and what each token is to it."""

    labels: torch.Tensor    # what the shard's ops see
    in_shard: torch.Tensor  # the label is a row of this shard
    stand_in: torch.Tensor  # valid, label on another rank: a stand-in
    valid: torch.Tensor     # not ignored
    bad: torch.Tensor       # not ignored, outside [0, V)


def _local_labels(target: torch.Tensor, shard: ShardLayout,
                  ignore_index: int) -> _LocalLabels:
    valid = target != ignore_index
    bad = valid & ((target < 0) | (target >= shard.vocab))
    in_shard = (target >= shard.start) & (target < shard.stop) & valid
    stand_in = valid & ~in_shard & ~bad
    # Stand-ins spread over the shard's rows, so that no row of dW carries
    # many of the label terms the backward takes out again.
    positions = torch.arange(target.shape[0], device=target.device,
                             dtype=target.dtype) % shard.size
    labels = torch.where(in_shard, target - shard.start, positions)
    labels = torch.where(bad, torch.full_like(target, shard.size), labels)
    labels = torch.where(valid, labels,
                         torch.full_like(target, _LOCAL_IGNORE))
    return _LocalLabels(labels, in_shard, stand_in, valid, bad)


def _all_reduce(t: torch.Tensor, op, group) -> torch.Tensor:
    dist.all_reduce(t, op=op, group=group)
    return t


def _logit_sums(h, weight, bias, labels: _LocalLabels, lse_local,
                opts: LossOptions, shard: ShardLayout) -> torch.Tensor:
    """Σ_v z_iv over this shard's rows, per token (for label smoothing)."""
    math = lse_local.dtype
    if not opts.softcap:
        # The logits are linear in W: Σ_v z_v = h·Σ_v w_v + Σ_v b_v.
        columns = torch.sum(weight, dim=0 if opts.weight_layout == "vd"
                            else 1, dtype=math)
        sums = h.to(math) @ columns
        if bias is not None:
            sums = sums + bias.sum(dtype=math)
        return sums
    # Soft-capped logits: a run with smoothing 1 gives lse_r − mean_v z.
    everyone = torch.where(labels.valid, torch.zeros_like(labels.labels),
                           labels.labels)
    smoothed, _ = ops.forward_op(h, weight, everyone, bias, _LOCAL_IGNORE,
                                 "none", 1.0, opts.softcap, 0.0,
                                 opts.weight_layout)
    return (lse_local - smoothed.to(math)) * shard.size


class _VocabParallel(torch.autograd.Function):
    """The loss and its gradients; see the module's docstring."""

    @staticmethod
    def forward(ctx, h, weight, target, bias, opts: LossOptions,
                shard: ShardLayout, group, dw_scale, sum_input_grad: bool):
        labels = _local_labels(target, shard, opts.ignore_index)
        loss_local, lse_local = ops.forward_op(
            h, weight, labels.labels, bias, _LOCAL_IGNORE, "none", 0.0,
            opts.softcap, 0.0, opts.weight_layout)
        math = lse_local.dtype
        # The (soft-capped) logit of each token's local label, exact in the
        # op's arithmetic: its loss there is lse_r − z.
        label_logit = torch.where(labels.valid,
                                  lse_local - loss_local.to(math),
                                  torch.zeros((), dtype=math,
                                              device=h.device))
        eps = opts.label_smoothing
        maximum = _all_reduce(lse_local.clone(), dist.ReduceOp.MAX, group)
        parts = [torch.exp(lse_local - maximum),
                 torch.where(labels.in_shard, label_logit,
                             torch.zeros((), dtype=math, device=h.device))]
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
        zero = torch.zeros((), dtype=math, device=h.device)
        losses = torch.where(labels.valid, losses, zero)
        losses = torch.where(labels.bad, torch.nan, losses)
        count = labels.valid.sum()
        if opts.reduction == "none":
            loss = losses
        elif opts.reduction == "sum":
            loss = losses.sum()
        else:
            loss = losses.sum() / count.clamp(min=1).to(math)

        # What the backward's label correction multiplies by the token's
        # upstream gradient: the label coefficient wanted minus the one the
        # shard's op applies, times the soft-cap's derivative there.
        local_eps = eps * shard.size / shard.vocab
        coefficient = torch.where(labels.in_shard, eps - local_eps, zero)
        coefficient = torch.where(labels.stand_in, 1.0 - local_eps,
                                  coefficient)
        if opts.softcap:
            coefficient = coefficient * (
                1.0 - (label_logit / opts.softcap) ** 2)
        ctx.save_for_backward(h, weight, labels.labels, bias, lse,
                              coefficient, count, dw_scale)
        ctx.options, ctx.shard, ctx.group = opts, shard, group
        ctx.sum_input_grad = sum_input_grad
        ctx.has_bias = bias is not None
        return loss.to(ops._loss_type(h))

    @staticmethod
    def backward(ctx, grad_loss):
        (h, weight, labels, bias, lse, coefficient, count,
         dw_scale) = ctx.saved_tensors
        opts, shard, group = ctx.options, ctx.shard, ctx.group
        dh, dw, db, _ = ops.backward_op(
            grad_loss, h, weight, labels, bias, lse, _LOCAL_IGNORE,
            opts.reduction, opts.label_smoothing * shard.size / shard.vocab,
            opts.softcap, opts.z_loss, opts.weight_layout, False, dw_scale)
        math = lse.dtype
        upstream = grad_loss.to(math)
        if opts.reduction == "mean":
            upstream = upstream / count.clamp(min=1).to(math)
        delta = coefficient * upstream
        rows = labels.clamp(min=0, max=shard.size - 1)
        vd = opts.weight_layout == "vd"
        label_rows = weight.index_select(0, rows) if vd else \
            weight.index_select(1, rows).t()
        dh = torch.addcmul(dh.to(math), delta[:, None],
                           label_rows.to(math)).to(h.dtype)
        # dh is final: its sum over the ranks runs while dW and db are
        # corrected (which need no communication). With sequence
        # parallelism the token gather's backward sums it instead, by a
        # reduce-scatter.
        reduction = dist.all_reduce(dh, op=dist.ReduceOp.SUM, group=group,
                                    async_op=True) \
            if ctx.sum_input_grad else None
        if dw_scale is not None:
            delta = delta * dw_scale.to(math)
        contribution = (delta[:, None] * h.to(math)).to(dw.dtype)
        if vd:
            dw.index_add_(0, rows, contribution)
        else:
            dw.index_add_(1, rows, contribution.t())
        if ctx.has_bias:
            db = db.to(math).index_add_(0, rows, delta).to(bias.dtype)
        if reduction is not None:
            reduction.wait()
        return (dh, dw, None, db if ctx.has_bias else None, None, None,
                None, None, None)


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
    shard = layout(group, vocab_range, h, weight, bias, opts,
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
