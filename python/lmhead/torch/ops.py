"""The custom ops ``lmhead::linear_cross_entropy`` and its backward.

One ``torch.library.custom_op`` computes the loss of tokens ``h`` [N, D]
with labels [N] through the LM head; its fake implementation gives the
output shapes to torch.compile (which then sees one node, with N symbolic),
and its registered autograd runs the second op,
``lmhead::linear_cross_entropy_backward``, for dh, dW and db.

Gradient statistics: given a [3] f32 tensor ``stats_out``, the forward
keeps it, and the backward asks its kernels (or the reference) for
[‖dZ‖², ‖dh‖², ‖dW‖²], computed in the epilogues that form dZ and the
products, and copies them into it on the same stream: the caller reads them
after ``backward()`` without a host synchronisation in between.

Where each runs:

- 16-bit operands (bf16, f16) on a CUDA device: lmhead's kernels
  (:mod:`lmhead.torch.kernels`): the forward's logits GEMM with the row
  statistics in its epilogue, and the backward's vocabulary chunks with the
  dh and dW products on two streams; no host synchronisation;
- 16-bit operands on the CPU with ``LMHEAD_DEVICE=emulator``: the same
  kernels on the PTX emulator;
- anything else (f32 and f64 anywhere, 16-bit on the CPU): the exact
  chunked reference (:mod:`lmhead.torch.reference`).

Every op checks its inputs' shapes, dtypes and devices, in its body and in
its fake implementation, and asserts on the device that every label is in
[0, V) or ignore_index, without a host synchronisation
(:mod:`lmhead.torch.checks`; ``LMHEAD_CHECK_LABELS`` chooses how).

A training step (a mean or sum loss whose gradient is wanted) runs a third
op by default, ``lmhead::linear_cross_entropy_step``: the one-pass
``ce_linear_step`` kernels compute the logits once and give the loss with
dh, dW and db in the forward (for an upstream gradient of 1), and the
backward only scales them; where the cost model keeps two passes for a
head, the same op runs the forward's kernels and its backward the
backward's. One bundle serves every token count. ``schedule=`` of
:func:`lmhead.torch.linear_cross_entropy` (or ``LMHEAD_SCHEDULE``) chooses.
"""

from __future__ import annotations

import functools
import warnings
from typing import Optional, Tuple

import torch

from . import checks, kernels, reference
from .. import settings
from ..loss_options import LossOptions

__all__ = ["forward_op", "backward_op", "step_op", "uses_kernels",
           "SCHEDULES", "check_schedule", "schedule_override", "step_chosen"]

_SIXTEEN_BIT = (torch.bfloat16, torch.float16)


def _options(ignore_index, reduction, label_smoothing, softcap, z_loss,
             weight_layout) -> LossOptions:
    return LossOptions(ignore_index, reduction, label_smoothing, softcap,
                       z_loss, weight_layout)


def uses_kernels(h: torch.Tensor) -> bool:
    """True when tokens like ``h`` run on lmhead's kernels (a GPU, or the
    emulator), False when on the torch reference."""
    if h.dtype not in _SIXTEEN_BIT:
        return False
    if h.device.type == "cuda":
        return True
    return h.device.type == "cpu" and kernels.uses_emulator()


def _vocab(weight: torch.Tensor, opts: LossOptions) -> int:
    return checks.vocab_of(weight, opts)


def _check_labels(target: torch.Tensor, vocab: int, opts: LossOptions):
    checks.check_labels(target, vocab, opts)


def _loss_type(h: torch.Tensor) -> torch.dtype:
    return torch.float32 if h.dtype in _SIXTEEN_BIT else h.dtype


def _lse_type(h: torch.Tensor) -> torch.dtype:
    return torch.float64 if h.dtype == torch.float64 else torch.float32


def _prepared(t: torch.Tensor) -> torch.Tensor:
    """``t`` contiguous and 16-byte aligned (TMA tensor maps need it)."""
    t = t.contiguous()
    return t if t.data_ptr() % 16 == 0 else t.clone()


def _kind(h, weight, target, bias, opts, schedule="two-pass",
          statistics=False, weight_grad_scale=False, accumulate_dw=False):
    return kernels.kind_of(h, weight, target, bias, opts,
                           kernels.target_for(h.device), schedule, statistics,
                           weight_grad_scale, accumulate_dw)


_FORWARD = "lmhead::linear_cross_entropy"
_BACKWARD = "lmhead::linear_cross_entropy_backward"
_BACKWARD_INTO = "lmhead::linear_cross_entropy_backward_into"
_STEP = "lmhead::linear_cross_entropy_step"


def _check_forward(h, weight, target, bias, opts: LossOptions, where: str,
                   stats_out=None, weight_grad_scale=None) -> None:
    """The op's own metadata checks: what loss.py checks in the user's
    terms, again for a direct call of the registered op."""
    checks.check_inputs(h, weight, target, bias, opts, where, token_dims=(2,))
    if stats_out is not None and (stats_out.dim() != 1 or
                                  stats_out.shape[0] < 3 or
                                  stats_out.dtype != torch.float32):
        raise ValueError(f"{where}: stats_out must be a 1-D f32 tensor of at "
                         f"least 3 elements, got "
                         f"{checks.shape_text(stats_out)} of "
                         f"{stats_out.dtype}")
    if weight_grad_scale is not None and weight_grad_scale.numel() != 1:
        raise ValueError(f"{where}: weight_grad_scale must hold one element, "
                         f"got {checks.shape_text(weight_grad_scale)}")


def _check_backward(grad_loss, h, weight, target, bias, lse,
                    opts: LossOptions, dw_scale) -> None:
    checks.check_inputs(h, weight, target, bias, opts, _BACKWARD,
                        token_dims=(2,))
    checks.check_backward_inputs(grad_loss, h, lse, opts, _BACKWARD,
                                 dw_scale)


def _check_step(h, weight, target, bias, opts: LossOptions, schedule: str,
                stats_out, weight_grad_scale) -> None:
    _check_forward(h, weight, target, bias, opts, _STEP, stats_out,
                   weight_grad_scale)
    if opts.reduction == "none":
        raise ValueError(f"{_STEP}: the one-pass step needs reduction 'mean' "
                         f"or 'sum', got 'none'")
    if schedule not in ("one-pass", "auto"):
        raise ValueError(f"{_STEP}: schedule must be 'one-pass' or 'auto' "
                         f"(the bundle that holds the step), got "
                         f"{schedule!r}")


@torch.library.custom_op("lmhead::linear_cross_entropy", mutates_args=())
def forward_op(h: torch.Tensor, weight: torch.Tensor, target: torch.Tensor,
               bias: Optional[torch.Tensor], ignore_index: int,
               reduction: str, label_smoothing: float, softcap: float,
               z_loss: float, weight_layout: str,
               stats_out: Optional[torch.Tensor] = None,
               weight_grad_scale: Optional[torch.Tensor] = None
               ) -> Tuple[torch.Tensor, torch.Tensor]:
    """(loss, lse) of tokens ``h`` [N, D], labels ``target`` [N]: loss []
    (mean, sum) or [N] (none), in f32 for 16-bit operands and in their type
    otherwise; lse [N] in f32 (f64 for f64 operands). ``stats_out`` and
    ``weight_grad_scale`` are only kept for the backward: it writes the
    gradient statistics into the first and scales dW and db by the
    second."""
    opts = _options(ignore_index, reduction, label_smoothing, softcap, z_loss,
                    weight_layout)
    _check_forward(h, weight, target, bias, opts, _FORWARD, stats_out,
                   weight_grad_scale)
    _check_labels(target, _vocab(weight, opts), opts)
    return _run_forward(h, weight, target, bias, opts)


def _run_forward(h, weight, target, bias, opts: LossOptions):
    """(loss, lse) from the forward's kernels (or the reference)."""
    if not uses_kernels(h):
        return reference.forward(h, weight, target, bias, opts, _loss_type(h))
    n = h.shape[0]
    loss = h.new_empty((n,) if opts.reduction == "none" else (),
                       dtype=torch.float32)
    lse = h.new_empty((n,), dtype=torch.float32)
    if n == 0:
        return loss.zero_(), lse
    h, weight, target = _prepared(h), _prepared(weight), _prepared(target)
    inputs = {"h": h, "w": weight, "labels": target}
    if bias is not None:
        inputs["bias"] = _prepared(bias)
    bundle = kernels.bundle_for(_kind(h, weight, target, bias, opts))
    kernels.run(bundle, "ce_linear_fwd", inputs, {"loss": loss, "lse": lse},
                n)
    return loss, lse


@forward_op.register_fake
def _forward_fake(h, weight, target, bias, ignore_index, reduction,
                  label_smoothing, softcap, z_loss, weight_layout,
                  stats_out=None, weight_grad_scale=None):
    _check_forward(h, weight, target, bias,
                   _options(ignore_index, reduction, label_smoothing, softcap,
                            z_loss, weight_layout), _FORWARD, stats_out,
                   weight_grad_scale)
    n = h.shape[0]
    loss = h.new_empty((n,) if reduction == "none" else (),
                       dtype=_loss_type(h))
    return loss, h.new_empty((n,), dtype=_lse_type(h))


@torch.library.custom_op("lmhead::linear_cross_entropy_backward",
                         mutates_args=())
def backward_op(grad_loss: torch.Tensor, h: torch.Tensor,
                weight: torch.Tensor, target: torch.Tensor,
                bias: Optional[torch.Tensor], lse: torch.Tensor,
                ignore_index: int, reduction: str, label_smoothing: float,
                softcap: float, z_loss: float, weight_layout: str,
                statistics: bool = False,
                dw_scale: Optional[torch.Tensor] = None,
                want_dh: bool = True, want_dw: bool = True,
                want_db: bool = True
                ) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor,
                           torch.Tensor]:
    """(dh, dW, db, stats) for the upstream gradient of the loss, each
    gradient in its input's type; db is empty when there is no bias, stats
    [‖dZ‖², ‖dh‖², ‖dW‖²] in f32 with ``statistics`` and empty without.
    ``dw_scale`` (0-d f32) multiplies dW and db in their epilogues.
    ``want_dh``, ``want_dw`` and ``want_db`` say which gradients are
    wanted: one that is not is returned empty, and on the kernels its
    product is not run (a frozen head skips the dW GEMM and its V×D buffer,
    a frozen input the dh GEMM). With ``statistics`` every product runs,
    since the norms need them."""
    return _run_backward(grad_loss, h, weight, target, bias, lse,
                         ignore_index, reduction, label_smoothing, softcap,
                         z_loss, weight_layout, statistics, dw_scale, want_dh,
                         want_dw, want_db, None)


# The accumulating backward is an op of its own, with dw_into required and
# no defaults: before torch 2.12 (seen with 2.11 on an H200), a custom op's
# in-place bookkeeping finds its mutated argument by position among the
# positional arguments, after the dispatcher dropped the trailing ones equal
# to their defaults, and failed with IndexError when dw_into was None by
# default, passed by name or left out; and Inductor drops a None optional
# argument from the calls it generates. It is called with every argument by
# position, in eager mode only (the autograd backward never accumulates
# under torch.compile).
@torch.library.custom_op("lmhead::linear_cross_entropy_backward_into",
                         mutates_args=("dw_into",))
def backward_into_op(grad_loss: torch.Tensor, h: torch.Tensor,
                     weight: torch.Tensor, target: torch.Tensor,
                     bias: Optional[torch.Tensor], lse: torch.Tensor,
                     ignore_index: int, reduction: str,
                     label_smoothing: float, softcap: float, z_loss: float,
                     weight_layout: str, want_dh: bool, want_db: bool,
                     dw_into: torch.Tensor
                     ) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor,
                                torch.Tensor]:
    """:func:`backward_op` that adds dW to ``dw_into`` (a contiguous tensor
    of the weight's shape, type and device) in place, in the kernels'
    epilogue (rounded once), instead of returning it: (dh, an empty dW, db,
    empty stats)."""
    return _run_backward(grad_loss, h, weight, target, bias, lse,
                         ignore_index, reduction, label_smoothing, softcap,
                         z_loss, weight_layout, False, None, want_dh, True,
                         want_db, dw_into)


def _run_backward(grad_loss, h, weight, target, bias, lse, ignore_index,
                  reduction, label_smoothing, softcap, z_loss, weight_layout,
                  statistics, dw_scale, want_dh, want_dw, want_db, dw_into):
    """The body of both backward ops (``dw_into`` None for the first), each
    as those ops say."""
    opts = _options(ignore_index, reduction, label_smoothing, softcap, z_loss,
                    weight_layout)
    _check_backward(grad_loss, h, weight, target, bias, lse, opts, dw_scale)
    _check_dw_into(dw_into, weight, statistics, dw_scale)
    stats = h.new_zeros((3,) if statistics else (0,), dtype=torch.float32)
    want_dh, want_dw, want_db = _computed(statistics, bias, want_dh, want_dw,
                                          want_db)
    if not uses_kernels(h):
        dh, dw, db = reference.backward(
            h, weight, target, bias, lse, grad_loss, opts,
            stats if statistics else None, dw_scale)
        if dw_into is not None:
            with torch.no_grad():
                dw_into.add_(dw)
            want_dw = False
        return (dh if want_dh else _nothing(h), dw if want_dw else _nothing(h),
                db if want_db else _nothing(h), stats)
    n = h.shape[0]
    dh = torch.empty_like(h, memory_format=torch.contiguous_format) \
        if want_dh else _nothing(h)
    dw = torch.empty_like(weight, memory_format=torch.contiguous_format) \
        if want_dw and dw_into is None else _nothing(h)
    db = h.new_empty((_vocab(weight, opts),), dtype=torch.float32) \
        if want_db else _nothing(h)
    if n == 0:
        dw.zero_()
        return (dh, dw, db.zero_().to(bias.dtype) if want_db else db, stats)
    h, weight, target = _prepared(h), _prepared(weight), _prepared(target)
    inputs = {"h": h, "w": weight, "labels": target, "lse": _prepared(lse),
              "dloss": _prepared(grad_loss.to(torch.float32))}
    # An output left as None is not computed (kernels.run passes a null
    # pointer, and the runtime skips that gradient's kernels).
    outputs = {"dh": dh if want_dh else None, "dw": dw if want_dw else None}
    if dw_into is not None:
        outputs["dw"] = dw_into
    if bias is not None:
        inputs["bias"] = _prepared(bias)
        outputs["db"] = db if want_db else None
    if statistics:
        outputs["stats"] = stats
    if dw_scale is not None:
        inputs["dw_scale"] = _prepared(dw_scale.to(torch.float32))
    bundle = kernels.bundle_for(_kind(h, weight, target, bias, opts,
                                      statistics=statistics,
                                      weight_grad_scale=dw_scale is not None,
                                      accumulate_dw=dw_into is not None))
    kernels.run(bundle, "ce_linear_grad", inputs, outputs, n)
    return dh, dw, db.to(bias.dtype) if want_db else db, stats


@backward_op.register_fake
def _backward_op_fake(grad_loss, h, weight, target, bias, lse, ignore_index,
                      reduction, label_smoothing, softcap, z_loss,
                      weight_layout, statistics=False, dw_scale=None,
                      want_dh=True, want_dw=True, want_db=True):
    return _backward_fake(grad_loss, h, weight, target, bias, lse,
                          ignore_index, reduction, label_smoothing, softcap,
                          z_loss, weight_layout, statistics, dw_scale,
                          want_dh, want_dw, want_db, None)


@backward_into_op.register_fake
def _backward_into_op_fake(grad_loss, h, weight, target, bias, lse,
                           ignore_index, reduction, label_smoothing, softcap,
                           z_loss, weight_layout, want_dh, want_db, dw_into):
    return _backward_fake(grad_loss, h, weight, target, bias, lse,
                          ignore_index, reduction, label_smoothing, softcap,
                          z_loss, weight_layout, False, None, want_dh, True,
                          want_db, dw_into)


def _backward_fake(grad_loss, h, weight, target, bias, lse, ignore_index,
                   reduction, label_smoothing, softcap, z_loss,
                   weight_layout, statistics, dw_scale, want_dh, want_dw,
                   want_db, dw_into):
    _check_backward(grad_loss, h, weight, target, bias, lse,
                    _options(ignore_index, reduction, label_smoothing,
                             softcap, z_loss, weight_layout), dw_scale)
    _check_dw_into(dw_into, weight, statistics, dw_scale)
    if statistics:
        want_dh = want_dw = want_db = True
    want_dw = want_dw and dw_into is None
    db = bias.new_empty(bias.shape) if bias is not None and want_db else _nothing(h)
    stats = h.new_empty((3,) if statistics else (0,), dtype=torch.float32)
    return (h.new_empty(h.shape) if want_dh else _nothing(h),
            weight.new_empty(weight.shape) if want_dw else _nothing(h), db, stats)


def _setup_context(ctx, inputs, output):
    h, weight, target, bias, *options, stats_out, dw_scale = inputs
    _, lse = output
    ctx.save_for_backward(h, weight, target, bias, lse, stats_out, dw_scale)
    ctx.options = options
    ctx.has_bias = bias is not None
    ctx.mark_non_differentiable(lse)


def _take_weight_grad(weight: torch.Tensor) -> Optional[torch.Tensor]:
    """``weight.grad``, taken from the weight, when this backward may add
    its dW to it in place (gradient accumulation without a fresh V×D
    buffer, and dW rounded once): the weight is a leaf whose gradient this
    backward pass accumulates into ``.grad`` (not ``torch.autograd.grad``,
    not ``backward(inputs=...)`` without it), no tensor hook would see the
    sum instead of this dW, the pass builds no graph of its own, and
    ``.grad`` is a plain contiguous tensor of the weight's shape, type and
    device. The caller returns it, dW added, as the weight's gradient, and
    autograd's AccumulateGrad, finding no ``.grad``, keeps it as the new
    one (the same storage where nothing else holds it). None otherwise:
    dW is made as usual and AccumulateGrad adds it."""
    if (type(weight) is not torch.Tensor or not weight.is_leaf
            or torch.is_grad_enabled() or torch.compiler.is_compiling()
            or weight._backward_hooks):
        return None
    grad = weight.grad
    if (grad is None or type(grad) is not torch.Tensor or grad.requires_grad
            or grad.dtype != weight.dtype or grad.shape != weight.shape
            or grad.device != weight.device or not grad.is_contiguous()
            or not weight.is_contiguous()):
        return None
    node = torch.autograd.graph.get_gradient_edge(weight).node
    try:
        if not torch._C._will_engine_execute_node(node):
            return None
    except RuntimeError:
        # torch.autograd.grad: the weight's gradient is returned, never
        # accumulated (PyTorch refuses the question for a leaf there).
        return None
    weight.grad = None
    return grad


def _computed(statistics: bool, bias: Optional[torch.Tensor], want_dh: bool,
              want_dw: bool, want_db: bool) -> Tuple[bool, bool, bool]:
    """Which of dh, dW and db an op computes, given which are wanted: all
    of them with statistics (the norms need every product), and db only
    where there is a bias."""
    if statistics:
        want_dh = want_dw = want_db = True
    return want_dh, want_dw, want_db and bias is not None


def _nothing(h: torch.Tensor) -> torch.Tensor:
    """The empty result of a gradient that is not returned (one tensor per
    result: a custom op's results may not alias each other)."""
    return h.new_empty((0,))


def _check_dw_into(dw_into, weight, statistics, dw_scale) -> None:
    if dw_into is None:
        return
    if statistics or dw_scale is not None:
        raise ValueError(f"{_BACKWARD_INTO}: dw_into cannot be combined with "
                         f"statistics or dw_scale")
    if tuple(dw_into.shape) != tuple(weight.shape) or \
            dw_into.dtype != weight.dtype or \
            dw_into.device != weight.device or not dw_into.is_contiguous():
        raise ValueError(
            f"{_BACKWARD_INTO}: dw_into must be a contiguous tensor of the "
            f"weight's shape {checks.shape_text(weight)}, type "
            f"{weight.dtype} and device {weight.device}, got "
            f"{checks.shape_text(dw_into)} of {dw_into.dtype} on "
            f"{dw_into.device}")


def _backward(ctx, grad_loss, grad_lse):
    h, weight, target, bias, lse, stats_out, dw_scale = ctx.saved_tensors
    wants = (True, True, ctx.has_bias)
    return _two_pass_backward(ctx, grad_loss, h, weight, target, bias, lse,
                              stats_out, dw_scale, wants) + (None,) * 8


def _two_pass_backward(ctx, grad_loss, h, weight, target, bias, lse,
                       stats_out, dw_scale, computed):
    """(dh, dW, None, db) from the backward's kernels, for the inputs that
    need a gradient among those ``computed`` says may have one; fills
    ``stats_out`` when it is given."""
    wants = (ctx.needs_input_grad[0] and computed[0],
             ctx.needs_input_grad[1] and computed[1],
             bias is not None and ctx.needs_input_grad[3] and computed[2])
    into = None
    if wants[1] and stats_out is None and dw_scale is None:
        into = _take_weight_grad(weight)
    if into is None:
        dh, dw, db, stats = backward_op(
            grad_loss, h, weight, target, bias, lse, *ctx.options,
            stats_out is not None, dw_scale, *wants)
    else:
        dh, dw, db, stats = backward_into_op(
            grad_loss, h, weight, target, bias, lse, *ctx.options, wants[0],
            wants[2], into)
    if into is not None:
        # weight.grad plus this dW, in its own storage: AccumulateGrad
        # finds no .grad and keeps this tensor as it.
        dw = into
    if stats_out is not None:
        # The three norms, then the inf/NaN flag of the (scaled) head
        # gradient: Σ dW² is finite exactly when every element of dW is
        # (up to overflow of the sum).
        with torch.no_grad():
            stats_out[:3].copy_(stats)
            stats_out[3].copy_((~torch.isfinite(stats[2])).float())
    return (dh if wants[0] else None, dw if wants[1] else None, None,
            db if wants[2] else None)


forward_op.register_autograd(_backward, setup_context=_setup_context)


#: The schedules of a training step (the bundle kinds' own): "two-pass"
#: (the forward and backward ops), "one-pass" (the step), "auto" (the
#: step where the cost model predicts it faster).
SCHEDULES = kernels.SCHEDULES


def check_schedule(schedule: str, where: str = "schedule") -> str:
    """``schedule`` if it is one of SCHEDULES; ValueError otherwise."""
    if schedule not in SCHEDULES:
        raise ValueError(f"{where}={schedule!r}: expected one of "
                         f"{', '.join(map(repr, SCHEDULES))}")
    return schedule


@kernels.constant_for_compile
def schedule_override() -> Optional[str]:
    """The schedule ``LMHEAD_SCHEDULE`` sets for every call, or None."""
    value = settings.get("LMHEAD_SCHEDULE")
    return check_schedule(value, "LMHEAD_SCHEDULE") if value else None


@functools.lru_cache(maxsize=None)
def _auto_bundle_has_step(kind: kernels.ProblemKind) -> bool:
    try:
        return kernels.bundle_for(kind).has_step()
    except kernels.KernelError as error:
        # A cache carried from elsewhere with the two-pass bundle alone
        # (and no lmhead-opt here), say: the two passes still run.
        warnings.warn(f"lmhead: the one-pass step's bundle is not "
                      f"available, so this head runs two passes: {error}",
                      RuntimeWarning, stacklevel=2)
        return False


def step_chosen(h: torch.Tensor, weight: torch.Tensor, target: torch.Tensor,
                bias: Optional[torch.Tensor], opts: LossOptions,
                statistics: bool, weight_grad_scale: bool) -> bool:
    """Whether the cost model chooses the one-pass step for this head
    (D, V, types, options; any token count): lmhead-opt plans the forward
    and backward of one head together, once per kind (the bundle is cached
    like the others), and makes them one ce_linear_step where it predicts
    the step faster at the token count it plans a dynamic N for. Also
    called by the fake implementation, where D and V become constants of
    the graph (a guard: another head compiles another graph)."""
    kind = kernels.kind_of(h, weight, target, bias, opts,
                           kernels.target_for(h.device), "auto", statistics,
                           weight_grad_scale)
    return _auto_bundle_has_step(kind)


def _runs_step(h, weight, target, bias, opts: LossOptions, schedule: str,
               statistics: bool, weight_grad_scale: bool) -> bool:
    """Whether step_op runs the one-pass step (else the forward kernels,
    and its backward the backward kernels)."""
    if schedule == "one-pass" or not uses_kernels(h):
        return True
    return step_chosen(h, weight, target, bias, opts, statistics,
                       weight_grad_scale)


@torch.library.custom_op("lmhead::linear_cross_entropy_step",
                         mutates_args=())
def step_op(h: torch.Tensor, weight: torch.Tensor, target: torch.Tensor,
            bias: Optional[torch.Tensor], ignore_index: int, reduction: str,
            label_smoothing: float, softcap: float, z_loss: float,
            weight_layout: str, schedule: str = "one-pass",
            stats_out: Optional[torch.Tensor] = None,
            weight_grad_scale: Optional[torch.Tensor] = None,
            want_dh: bool = True, want_dw: bool = True, want_db: bool = True
            ) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor,
                       torch.Tensor, torch.Tensor]:
    """(loss, lse, dh, dW, db, stats) of a mean or sum loss: the forward's
    results and the gradients for an upstream gradient of 1, in one pass
    over the logits, for ``schedule`` "one-pass", and for "auto" where the
    cost model chose the step for this head (:func:`step_chosen`);
    otherwise (loss, lse) from the forward's kernels and empty gradients,
    which the backward then computes with the backward's kernels. dW and
    db are scaled by ``weight_grad_scale`` (0-d f32) when it is given;
    stats is [‖dZ‖², ‖dh‖², ‖dW‖²] when ``stats_out`` is given (the
    backward fills ``stats_out``, scaled by the real upstream gradient),
    else empty. A gradient not wanted (``want_*``, or db without a bias) is
    returned empty and not computed; with statistics every one is."""
    opts = _options(ignore_index, reduction, label_smoothing, softcap, z_loss,
                    weight_layout)
    _check_step(h, weight, target, bias, opts, schedule, stats_out,
                weight_grad_scale)
    _check_labels(target, _vocab(weight, opts), opts)
    statistics = stats_out is not None
    if not _runs_step(h, weight, target, bias, opts, schedule, statistics,
                      weight_grad_scale is not None):
        loss, lse = _run_forward(h, weight, target, bias, opts)
        return (loss, lse) + tuple(_nothing(h) for _ in range(4))
    want_dh, want_dw, want_db = _computed(statistics, bias, want_dh, want_dw,
                                          want_db)
    n = h.shape[0]
    if not uses_kernels(h) or n == 0:
        loss, lse = reference.forward(h, weight, target, bias, opts,
                                      _loss_type(h))
        one = torch.ones((), dtype=lse.dtype, device=h.device)
        stats = h.new_zeros((3,) if statistics else (0,), dtype=torch.float32)
        dh, dw, db = reference.backward(h, weight, target, bias, lse, one,
                                        opts, stats if statistics else None,
                                        weight_grad_scale)
        return (loss, lse, dh if want_dh else _nothing(h),
                dw if want_dw else _nothing(h),
                db if want_db else _nothing(h), stats)
    loss = h.new_empty((), dtype=torch.float32)
    lse = h.new_empty((n,), dtype=torch.float32)
    dh = torch.empty_like(h, memory_format=torch.contiguous_format) \
        if want_dh else _nothing(h)
    dw = torch.empty_like(weight, memory_format=torch.contiguous_format) \
        if want_dw else _nothing(h)
    db = h.new_empty((_vocab(weight, opts),), dtype=torch.float32) \
        if want_db else _nothing(h)
    stats = h.new_zeros((3,) if statistics else (0,), dtype=torch.float32)
    h, weight, target = _prepared(h), _prepared(weight), _prepared(target)
    inputs = {"h": h, "w": weight, "labels": target,
              "dloss": h.new_ones((), dtype=torch.float32)}
    outputs = {"loss": loss, "lse": lse, "dh": dh if want_dh else None,
               "dw": dw if want_dw else None}
    if bias is not None:
        inputs["bias"] = _prepared(bias)
        outputs["db"] = db if want_db else None
    if statistics:
        outputs["stats"] = stats
    if weight_grad_scale is not None:
        inputs["dw_scale"] = _prepared(weight_grad_scale.to(torch.float32))
    kind = _kind(h, weight, target, bias, opts, schedule=schedule,
                 statistics=statistics,
                 weight_grad_scale=weight_grad_scale is not None)
    bundle = kernels.bundle_for(kind)
    if not bundle.has_step():
        raise kernels.KernelError(
            f"{_STEP}: the bundle in {bundle.directory} holds the two-pass "
            f"ops, not the one-pass step (the planner chose two passes for "
            f"this kind): call linear_cross_entropy, which runs them")
    kernels.run(bundle, "ce_linear_step", inputs, outputs, n)
    return loss, lse, dh, dw, db.to(bias.dtype) if want_db else db, stats


@step_op.register_fake
def _step_fake(h, weight, target, bias, ignore_index, reduction,
               label_smoothing, softcap, z_loss, weight_layout,
               schedule="one-pass", stats_out=None, weight_grad_scale=None,
               want_dh=True, want_dw=True, want_db=True):
    opts = _options(ignore_index, reduction, label_smoothing, softcap, z_loss,
                    weight_layout)
    _check_step(h, weight, target, bias, opts, schedule, stats_out,
                weight_grad_scale)
    statistics = stats_out is not None
    if not _runs_step(h, weight, target, bias, opts, schedule, statistics,
                      weight_grad_scale is not None):
        return (h.new_empty((), dtype=_loss_type(h)),
                h.new_empty((h.shape[0],), dtype=_lse_type(h)),
                *(_nothing(h) for _ in range(4)))
    want_dh, want_dw, want_db = _computed(statistics, bias, want_dh, want_dw,
                                          want_db)
    return (h.new_empty((), dtype=_loss_type(h)),
            h.new_empty((h.shape[0],), dtype=_lse_type(h)),
            h.new_empty(h.shape) if want_dh else _nothing(h),
            weight.new_empty(weight.shape) if want_dw else _nothing(h),
            bias.new_empty(bias.shape) if want_db else _nothing(h),
            h.new_empty((3,) if statistics else (0,), dtype=torch.float32))


def _setup_step_context(ctx, inputs, output):
    h, weight, target, bias, *options = inputs[:10]
    schedule, stats_out, dw_scale = inputs[10:13]
    _, lse, dh, dw, db, stats = output
    statistics = stats_out is not None
    ctx.ran_step = _runs_step(h, weight, target, bias, _options(*options),
                              schedule, statistics, dw_scale is not None)
    if ctx.ran_step:
        ctx.save_for_backward(dh, dw, db, stats, weight, stats_out)
    else:
        # The two passes: the backward's kernels, from the forward's lse.
        ctx.save_for_backward(h, weight, target, bias, lse, stats_out,
                              dw_scale)
        ctx.options = options
    # The gradients the op computed, or its backward computes (all of them
    # with statistics).
    ctx.wants = _computed(statistics, bias, *inputs[13:16])
    ctx.mark_non_differentiable(*output[1:])


def _step_backward(ctx, grad_loss, *_):
    """The step's gradients times the real upstream gradient g: the loss
    is a mean or sum, linear in it. g·dW is added to ``weight.grad`` in
    place where :func:`_take_weight_grad` allows (no V×D temporary; dW was
    rounded to the weight's type in the forward, and the sum is rounded
    again). Where the op ran the forward alone, the backward's kernels."""
    if not ctx.ran_step:
        h, weight, target, bias, lse, stats_out, dw_scale = ctx.saved_tensors
        grads = _two_pass_backward(ctx, grad_loss, h, weight, target, bias,
                                   lse, stats_out, dw_scale, ctx.wants)
        return grads[:4] + (None,) * 12
    dh, dw, db, stats, weight, stats_out = ctx.saved_tensors
    wants = [ctx.needs_input_grad[i] and ctx.wants[j]
             for i, j in ((0, 0), (1, 1), (3, 2))]
    g = grad_loss.to(torch.float32)
    grad_h = (dh * g).to(dh.dtype) if wants[0] else None
    grad_w = None
    if wants[1]:
        into = _take_weight_grad(weight)
        if into is not None:
            # weight.grad plus g·dW in its own storage: AccumulateGrad
            # finds no .grad and keeps it.
            grad_w = into.addcmul_(dw, g)
        else:
            grad_w = (dw * g).to(dw.dtype)
    grad_b = (db * g).to(db.dtype) if wants[2] else None
    if stats_out is not None:
        # The norms scale by g²; then the inf/NaN flag of the (scaled)
        # head gradient, as the two-pass backward gives it.
        with torch.no_grad():
            stats_out[:3].copy_(stats * (g * g))
            stats_out[3].copy_((~torch.isfinite(stats_out[2])).float())
    return (grad_h, grad_w, None, grad_b) + (None,) * 12


step_op.register_autograd(_step_backward, setup_context=_setup_step_context)
