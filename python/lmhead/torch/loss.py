"""``linear_cross_entropy`` and ``LinearCrossEntropyLoss``: the public op.

The arguments follow ``torch.nn.functional.linear_cross_entropy``: the
cross-entropy of ``input @ weight.T + bias`` against class indices, computed
without the logits ever existing as one tensor. The checks here run before
the custom op (also while torch.compile traces), so that a mistake is
reported with both shapes or types, in the user's terms.
"""

from __future__ import annotations

from typing import Optional

import torch

from . import checks
from . import distributed as parallel
from . import ops
from ..loss_options import LossOptions

__all__ = ["linear_cross_entropy", "LinearCrossEntropyLoss"]

#: The entries of return_stats' dict, in the order of the buffer the
#: backward fills.
_STATISTICS = ("dz_norm_sq", "dh_norm_sq", "dw_norm_sq", "found_inf")


def _check(input: torch.Tensor, weight: torch.Tensor, target: torch.Tensor,
           bias: Optional[torch.Tensor], opts: LossOptions) -> None:
    checks.check_inputs(input, weight, target, bias, opts)
    if input.device.type not in ("cpu", "cuda"):
        raise ValueError(f"unsupported device {input.device}: lmhead runs on "
                         f"CUDA devices (its kernels) and on the CPU")


def _autocast(input, weight, bias):
    """Under torch.autocast, the 16-bit type a linear layer would run in."""
    device = input.device.type
    if device not in ("cpu", "cuda") or not torch.is_autocast_enabled(device):
        return input, weight, bias
    dtype = torch.get_autocast_dtype(device)
    cast = (lambda t: t if t is None or not t.is_floating_point()
            else t.to(dtype))
    return cast(input), cast(weight), cast(bias)


def _step_schedule(h, weight, bias, opts: LossOptions,
                   schedule: str) -> Optional[str]:
    """The schedule the step op takes for this call ("one-pass", or
    "auto": the step where the cost model chooses it for this head, and
    the two passes otherwise, step_op decides), or None where the two ops
    run: a mean or sum loss on the kernels whose gradient is wanted may
    run the step; ``LMHEAD_SCHEDULE`` overrides ``schedule``."""
    schedule = ops.schedule_override() or schedule
    if schedule == "two-pass" or opts.reduction == "none" or \
            not ops.uses_kernels(h) or not torch.is_grad_enabled():
        return None
    # f16 has the range a loss scale exists for: the step rounds dZ, dh
    # and dW to it before it knows the upstream gradient (the loss scale),
    # so a mean's small dZ would flush to 0 and a sum's dW could overflow.
    # The two passes form dZ with it.
    if schedule == "auto" and h.dtype == torch.float16:
        return None
    wanted = [t is not None and t.requires_grad for t in (h, weight, bias)]
    return schedule if any(wanted) else None


def linear_cross_entropy(input: torch.Tensor, weight: torch.Tensor,
                         target: torch.Tensor,
                         bias: Optional[torch.Tensor] = None, *,
                         ignore_index: int = -100, reduction: str = "mean",
                         label_smoothing: float = 0.0,
                         softcap: Optional[float] = None,
                         z_loss: float = 0.0,
                         weight_layout: str = "vd",
                         return_stats: bool = False,
                         weight_grad_scale=None,
                         process_group=None, vocab_range=None,
                         sequence_parallel: bool = False,
                         schedule: str = "auto"):
    """The cross-entropy of the LM head's logits, never materialised.

    Computes ``F.cross_entropy(F.linear(input, weight, bias), target,
    ignore_index=..., reduction=..., label_smoothing=...)`` with two
    additions: ``softcap`` applies ``c·tanh(z/c)`` to the logits first
    (Gemma-2), and ``z_loss`` adds ``w·lse²`` to each token's loss (PaLM).

    Args:
        input: hidden states, [N, D] or [B, S, D].
        weight: the head's weight, [V, D] (``weight_layout="vd"``, as
            nn.Linear holds it) or [D, V] (``"dv"``).
        target: labels, int64 or int32, input's shape without D.
        bias: optional [V].
        ignore_index: tokens with this label have no loss and no gradient.
        reduction: "mean" over the tokens not ignored (0 when all are,
            where F.cross_entropy gives NaN), "sum", or "none".
        label_smoothing: in [0, 1], as F.cross_entropy.
        softcap: logit soft-cap c > 0, or None.
        z_loss: z-loss weight w ≥ 0.
        weight_layout: "vd" or "dv".
        return_stats: also return the gradient statistics (below).
        weight_grad_scale: None, a float or a 0-d tensor multiplying the
            gradients of ``weight`` and ``bias`` (not of ``input``) in the
            kernels' epilogues: the head's own gradient scale, times the
            inverse of a loss scale to unscale the head's gradients as
            GradScaler's ``unscale_`` would, without another pass (a
            tensor is read on the device: a new scale compiles nothing).
        process_group: a torch.distributed process group over which the
            weight is sharded by vocabulary (tensor parallelism): then
            ``weight`` (and ``bias``) hold this rank's rows [start, stop)
            of the vocabulary, ``input`` and ``target`` are the full ones
            (global label ids) on every rank, the loss is the global one
            on every rank, and the backward gives the full input gradient
            (summed over the ranks) and this rank's weight and bias
            gradients. See :mod:`lmhead.torch.distributed`.
        vocab_range: (start, stop), the rows of the full vocabulary this
            rank's weight holds; given exactly when ``process_group`` is.
        sequence_parallel: with ``process_group``, ``input`` and
            ``target`` hold this rank's tokens only (the same number on
            every rank, Megatron-LM's sequence parallelism): they are
            gathered in rank order before the loss, the input gradient is
            reduce-scattered back to them, and reduction "none" gives this
            rank's tokens' losses.
        schedule: how a training step runs on the kernels. "auto" (the
            default): the one-pass step where the cost model predicts it
            faster for this head, which it does for the shapes models
            train with; "one-pass": the step (the forward computes the
            logits once and gives dh, dW and db with the loss; the
            backward scales them by the upstream gradient); "two-pass":
            the forward, then a backward that computes the logits again.
            The step needs reduction "mean" or "sum" and a gradient to
            compute: reduction "none" (its per-token upstream gradient is
            not known in the forward), calls without autograd and the
            vocabulary-parallel head (its gradient needs the lse of every
            shard) run two passes, and "one-pass" asked for there is an
            error. "auto" runs two passes for f16 too: the step forms the
            gradients in f16 before the loss scale multiplies them.
            ``LMHEAD_SCHEDULE`` overrides it for every call.

    Returns:
        The loss: a scalar, or target's shape for reduction "none"; f32 for
        16-bit inputs (as under autocast), the inputs' type otherwise.
        With ``return_stats``, ``(loss, stats)``: ``stats["dz_norm_sq"]``,
        ``["dh_norm_sq"]`` and ``["dw_norm_sq"]`` are 0-d f32 tensors that
        the backward fills (NaN until it has run) with ‖dZ‖_F² of the logit
        gradient and ‖dh‖_F², ‖dW‖_F² of the head's gradients, computed by
        the kernels' epilogues (no pass over N×V of their own, no host
        synchronisation); see :func:`retained_gradient_fraction`.
        ``stats["found_inf"]`` is 1.0 when the (scaled) weight gradient
        holds an inf or NaN, else 0.0: the flag GradScaler's ``unscale_``
        sets, from ‖dW‖² without another pass.

    Under ``torch.autocast`` the input, weight and bias are cast to the
    autocast type first, as ``F.linear`` would be. 16-bit CUDA tensors run
    lmhead's kernels; see :mod:`lmhead.torch.ops` for the rest.
    """
    distributed = parallel.is_sharded(process_group, vocab_range,
                                      sequence_parallel)
    if distributed:
        parallel.check_arguments(process_group, vocab_range,
                                 sequence_parallel)
    try:
        opts = LossOptions.make(ignore_index, reduction, label_smoothing,
                                softcap, z_loss, weight_layout)
        _check(input, weight, target, bias, opts)
        if distributed and return_stats:
            raise ValueError("return_stats=True is not supported with "
                             "process_group yet")
        scale = _weight_grad_scale(weight_grad_scale, input.device)
        ops.check_schedule(schedule)
        ops.schedule_override()  # a bad LMHEAD_SCHEDULE is an error here
        if schedule == "one-pass" and opts.reduction == "none":
            raise ValueError(
                "schedule='one-pass' needs reduction 'mean' or 'sum': with "
                "reduction 'none' the upstream gradient of each token's "
                "loss is not known in the forward, where the step forms the "
                "gradients (use schedule='auto' or 'two-pass')")
        if schedule == "one-pass" and distributed:
            raise ValueError(
                "schedule='one-pass' is not available with process_group: "
                "the vocabulary-parallel head's logit gradient needs the "
                "lse over every shard, an all-reduce between the logits and "
                "the gradient, so it runs two passes (use schedule='auto' "
                "or 'two-pass')")
    except (TypeError, ValueError) as error:
        if distributed:
            # The other ranks are about to exchange their layouts: tell
            # them this one will not, rather than leave them waiting.
            parallel.layout(process_group, vocab_range, input, weight, bias,
                            None, local_error=error)
        raise
    input, weight, bias = _autocast(input, weight, bias)
    h = input.reshape(-1, input.shape[-1])
    args = (h, weight, target.reshape(-1), bias, opts.ignore_index,
            opts.reduction, opts.label_smoothing, opts.softcap, opts.z_loss,
            opts.weight_layout)
    if return_stats and torch.compiler.is_compiling():
        # The backward writes the statistics into tensors the forward
        # returned, which AOTAutograd's partition of a compiled graph
        # cannot express.
        raise RuntimeError(
            "return_stats=True is not supported inside torch.compile yet: "
            "call linear_cross_entropy(..., return_stats=True) outside the "
            "compiled region (torch.compiler.disable), or compile without it")
    if distributed:
        loss = parallel.linear_cross_entropy_parallel(
            h, weight, target.reshape(-1), bias, opts, process_group,
            vocab_range, scale, sequence_parallel)
        return loss.reshape(target.shape) if opts.reduction == "none" \
            else loss
    holder = None
    if return_stats:
        holder = torch.full((len(_STATISTICS),), float("nan"),
                            dtype=torch.float32, device=h.device)
    step = _step_schedule(h, weight, bias, opts, schedule)
    if step:
        loss = ops.step_op(*args, step, holder, scale, h.requires_grad,
                           weight.requires_grad,
                           bias is not None and bias.requires_grad)[0]
    else:
        loss, _ = ops.forward_op(*args, holder, scale)
    if opts.reduction == "none":
        loss = loss.reshape(target.shape)
    if not return_stats:
        return loss
    return loss, {name: holder[i] for i, name in enumerate(_STATISTICS)}



def _weight_grad_scale(scale, device) -> Optional[torch.Tensor]:
    """``weight_grad_scale`` as a 0-d f32 tensor on ``device`` (None when
    it is None)."""
    if scale is None:
        return None
    if isinstance(scale, torch.Tensor):
        if scale.numel() != 1:
            raise ValueError(f"weight_grad_scale must be a number or a tensor "
                             f"of one element, got shape {checks.shape_text(scale)}")
        if scale.device != device:
            raise ValueError(f"weight_grad_scale is on {scale.device}, the "
                             f"input on {device}")
        return scale.detach().reshape(()).to(torch.float32)
    if isinstance(scale, (int, float)):
        # A fill on the device: no copy from the host, no synchronisation.
        return torch.full((), float(scale), dtype=torch.float32,
                          device=device)
    raise TypeError(f"weight_grad_scale must be None, a number or a tensor, "
                    f"got {type(scale).__name__}")


class LinearCrossEntropyLoss(torch.nn.Module):
    """:func:`linear_cross_entropy` as a module: the options are given once
    (with ``process_group``, ``vocab_range`` and ``sequence_parallel`` for a
    weight sharded by vocabulary, and the ``schedule``), ``forward(input,
    weight, target, bias=None)`` takes the tensors."""

    def __init__(self, *, ignore_index: int = -100, reduction: str = "mean",
                 label_smoothing: float = 0.0,
                 softcap: Optional[float] = None, z_loss: float = 0.0,
                 weight_layout: str = "vd", process_group=None,
                 vocab_range=None, sequence_parallel: bool = False,
                 schedule: str = "auto"):
        super().__init__()
        self.options = LossOptions.make(ignore_index, reduction,
                                        label_smoothing, softcap, z_loss,
                                        weight_layout)
        self.softcap = softcap
        if parallel.is_sharded(process_group, vocab_range,
                               sequence_parallel):
            parallel.check_arguments(process_group, vocab_range,
                                     sequence_parallel)
        self.process_group = process_group
        self.vocab_range = vocab_range
        self.sequence_parallel = sequence_parallel
        self.schedule = ops.check_schedule(schedule)

    def forward(self, input: torch.Tensor, weight: torch.Tensor,
                target: torch.Tensor,
                bias: Optional[torch.Tensor] = None) -> torch.Tensor:
        o = self.options
        return linear_cross_entropy(
            input, weight, target, bias, ignore_index=o.ignore_index,
            reduction=o.reduction, label_smoothing=o.label_smoothing,
            softcap=self.softcap, z_loss=o.z_loss,
            weight_layout=o.weight_layout, process_group=self.process_group,
            vocab_range=self.vocab_range,
            sequence_parallel=self.sequence_parallel,
            schedule=self.schedule)

    def extra_repr(self) -> str:
        o = self.options
        text = (f"ignore_index={o.ignore_index}, reduction={o.reduction!r}, "
                f"label_smoothing={o.label_smoothing}, softcap={self.softcap}"
                f", z_loss={o.z_loss}, weight_layout={o.weight_layout!r}, "
                f"schedule={self.schedule!r}")
        if self.vocab_range is not None:
            text += (f", vocab_range={tuple(self.vocab_range)}, "
                     f"sequence_parallel={self.sequence_parallel}")
        return text
