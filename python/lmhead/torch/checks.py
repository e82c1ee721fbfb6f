"""What lmhead's ops check of their inputs before anything reads them.

Two kinds of checks, both without a host synchronisation on a GPU:

- Metadata (:func:`check_inputs`, :func:`check_backward_inputs`): shapes,
  dtypes and devices, read from the tensors' metadata only. They run in
  the public :func:`lmhead.torch.linear_cross_entropy` (in the user's
  terms, with the user's [B, S, D] shapes) and again in the bodies and the
  fake implementations of the registered ops, so that a direct call of
  ``torch.ops.lmhead.linear_cross_entropy`` (or its backward or step) with
  labels shorter than the tokens, or a weight narrower than them, is
  refused instead of read out of bounds by the kernels.
- Label values (:func:`check_labels`): every label is in [0, V) or equals
  ignore_index. One label outside would give its token a NaN gradient row,
  and since dW = dZᵀ·h sums over tokens, every element of dW and db: one
  optimizer step then ruins the whole head. The check is one reduction
  over the N labels, asserted on the device (``torch._assert_async``): a
  CUDA tensor stops the stream with a device-side assert, as
  ``F.cross_entropy`` does, and a CPU tensor (the reference and the
  emulator) raises at once, where a :class:`LabelError` names the first bad
  token. ``LMHEAD_CHECK_LABELS`` chooses: ``async`` (the default),
  ``sync`` (also on a GPU, a LabelError naming the token, at the cost of
  one host synchronisation) or ``off`` (for those who validate their
  labels themselves).
"""

from __future__ import annotations

from typing import Optional

import torch

from .. import settings
from ..loss_options import LossOptions

__all__ = ["LabelError", "check_inputs", "check_backward_inputs",
           "check_labels", "label_check_mode", "vocab_of"]

FLOATS = (torch.bfloat16, torch.float16, torch.float32, torch.float64)
LABELS = (torch.int64, torch.int32)
#: The values of LMHEAD_CHECK_LABELS ("1" is an older spelling of sync).
LABEL_CHECK_MODES = ("async", "sync", "off")


class LabelError(ValueError):
    """A label is outside [0, V) and is not ignore_index."""


def shape_text(t: torch.Tensor) -> str:
    """``t``'s shape as ``[4, 8]``."""
    return "[" + ", ".join(str(s) for s in t.shape) + "]"


def vocab_of(weight: torch.Tensor, opts: LossOptions) -> int:
    """V, as the weight of ``opts.weight_layout`` holds it."""
    return weight.shape[0] if opts.weight_layout == "vd" else weight.shape[1]


def check_inputs(input: torch.Tensor, weight: torch.Tensor,
                 target: torch.Tensor, bias: Optional[torch.Tensor],
                 opts: LossOptions, where: str = "",
                 token_dims=(2, 3)) -> None:
    """Checks the shapes, dtypes and devices of a loss's inputs: ``input``
    [N, D] (or [B, S, D] where ``token_dims`` allows), ``weight`` [V, D] or
    [D, V], ``target`` input's shape without D, ``bias`` [V]. ``where``
    prefixes every message (the op's name for a direct call).

    Raises:
        TypeError: a wrong type or dtype.
        ValueError: a wrong shape or device.
    """
    prefix = f"{where}: " if where else ""
    for name, t in (("input", input), ("weight", weight), ("target", target),
                    ("bias", bias)):
        if t is not None and not isinstance(t, torch.Tensor):
            raise TypeError(f"{prefix}{name} must be a torch.Tensor, got "
                            f"{type(t).__name__}")
        if t is not None and type(t).__name__ == "DTensor":
            raise TypeError(
                f"{prefix}{name} is a DTensor: pass its local tensor ({name}."
                f"to_local()); for a weight sharded by vocabulary, pass "
                f"process_group and vocab_range as well (docs/Python.md)")
    if input.dim() not in token_dims:
        spelled = " or ".join({2: "[N, D]", 3: "[B, S, D]"}[d]
                              for d in token_dims)
        raise ValueError(f"{prefix}input must be {spelled}, got shape "
                         f"{shape_text(input)}")
    if weight.dim() != 2:
        raise ValueError(f"{prefix}weight must be 2-D ([V, D], or [D, V] with "
                         f"weight_layout='dv'), got shape "
                         f"{shape_text(weight)}")
    hidden = input.shape[-1]
    vd = opts.weight_layout == "vd"
    weight_hidden = weight.shape[1] if vd else weight.shape[0]
    if weight_hidden != hidden:
        spelled = "[V, D]" if vd else "[D, V]"
        other = "dv" if vd else "vd"
        raise ValueError(
            f"{prefix}weight {shape_text(weight)} (read as {spelled}, "
            f"weight_layout='{opts.weight_layout}') does not match input "
            f"{shape_text(input)}: hidden size {weight_hidden} against "
            f"{hidden}"
            + (f"; for a weight of the other layout pass weight_layout="
               f"'{other}'" if (weight.shape[0] if vd else weight.shape[1])
               == hidden else ""))
    vocab = vocab_of(weight, opts)
    if vocab == 0:
        raise ValueError(f"{prefix}weight {shape_text(weight)} has an empty "
                         f"vocabulary")
    if tuple(target.shape) != tuple(input.shape[:-1]):
        raise ValueError(
            f"{prefix}target {shape_text(target)} does not match input "
            f"{shape_text(input)}: it must have input's shape without the "
            f"hidden dimension "
            f"([{', '.join(str(s) for s in input.shape[:-1])}])")
    if bias is not None and tuple(bias.shape) != (vocab,):
        raise ValueError(f"{prefix}bias {shape_text(bias)} does not match "
                         f"weight {shape_text(weight)}: it must be [{vocab}] "
                         f"(one per vocabulary entry)")
    if target.dtype not in LABELS:
        raise TypeError(
            f"{prefix}target must hold integer class indices (torch.int64 or "
            f"torch.int32), got {target.dtype}; class probabilities are not "
            f"supported")
    for name, t in (("input", input), ("weight", weight), ("bias", bias)):
        if t is not None and t.dtype not in FLOATS:
            raise TypeError(f"{prefix}{name} has dtype {t.dtype}; supported: "
                            f"bfloat16, float16, float32, float64")
    for name, t in (("weight", weight), ("bias", bias)):
        if t is not None and t.dtype != input.dtype:
            raise TypeError(
                f"{prefix}input is {input.dtype} but {name} is {t.dtype}: "
                f"give them one dtype (or run under torch.autocast, which "
                f"casts both)")
    _check_one_device(prefix, input=input, weight=weight, target=target,
                      bias=bias)


def check_backward_inputs(grad_loss: torch.Tensor, h: torch.Tensor,
                          lse: torch.Tensor, opts: LossOptions, where: str,
                          dw_scale: Optional[torch.Tensor] = None) -> None:
    """Checks what the backward op takes besides the forward's inputs
    (checked by :func:`check_inputs`): ``lse`` [N] in f32 (f64 for f64
    tokens), ``grad_loss`` [] (mean, sum) or [N] (none) of a float type,
    ``dw_scale`` one f32 element, all on ``h``'s device."""
    prefix = f"{where}: "
    n = h.shape[0]
    lse_type = torch.float64 if h.dtype == torch.float64 else torch.float32
    if tuple(lse.shape) != (n,) or lse.dtype != lse_type:
        raise ValueError(f"{prefix}lse must be [{n}] of {lse_type} (the "
                         f"forward's second result for input "
                         f"{shape_text(h)}), got {shape_text(lse)} of "
                         f"{lse.dtype}")
    loss_shape = (n,) if opts.reduction == "none" else ()
    if tuple(grad_loss.shape) != loss_shape or \
            grad_loss.dtype not in FLOATS:
        raise ValueError(
            f"{prefix}grad_loss must be {list(loss_shape)} of a float type "
            f"(the gradient of the loss, reduction '{opts.reduction}'), got "
            f"{shape_text(grad_loss)} of {grad_loss.dtype}")
    if dw_scale is not None and dw_scale.numel() != 1:
        raise ValueError(f"{prefix}dw_scale must hold one element, got "
                         f"{shape_text(dw_scale)}")
    _check_one_device(prefix, h=h, lse=lse, grad_loss=grad_loss,
                      dw_scale=dw_scale)


def _check_one_device(prefix: str, **tensors) -> None:
    devices = {t.device for t in tensors.values() if t is not None}
    if len(devices) > 1:
        names = [name for name, t in tensors.items() if t is not None]
        raise ValueError(f"{prefix}{', '.join(names[:-1])} and {names[-1]} "
                         f"must be on one device, got " +
                         ", ".join(sorted(str(d) for d in devices)))


def label_check_mode() -> str:
    """``LMHEAD_CHECK_LABELS``: async (the default), sync or off.

    Raises:
        ValueError: another value.
    """
    mode = settings.get("LMHEAD_CHECK_LABELS", "async") or "async"
    mode = {"1": "sync", "0": "off"}.get(mode, mode)
    if mode not in LABEL_CHECK_MODES:
        raise ValueError(f"LMHEAD_CHECK_LABELS={mode!r}: expected one of "
                         f"{', '.join(LABEL_CHECK_MODES)}")
    return mode


def _label_message(vocab: int, ignore_index: int) -> str:
    return (f"lmhead: a label is outside [0, {vocab}) (the vocabulary size) "
            f"and is not ignore_index ({ignore_index}); common causes: a "
            f"tokenizer id >= the model's vocabulary size, or padding "
            f"labelled -1 while ignore_index is -100 (pass ignore_index=-1)")


def check_labels(target: torch.Tensor, vocab: int, opts: LossOptions) -> None:
    """Asserts that every label is in [0, ``vocab``) or equals
    ``opts.ignore_index``, on the labels' device (see the module's
    docstring): no host synchronisation on a GPU unless
    ``LMHEAD_CHECK_LABELS=sync``.

    Raises:
        LabelError: on the CPU (at once) and with sync, naming the first bad
            label. On a GPU by default, the device-side assert surfaces as
            torch's "device-side assert triggered" at the next
            synchronisation.
    """
    mode = label_check_mode()
    if mode == "off" or target.numel() == 0:
        return
    allowed = ((target >= 0) & (target < vocab)) | \
        (target == opts.ignore_index)
    every_label_allowed = allowed.all()
    if mode == "sync" and not bool(every_label_allowed):
        raise _named_label_error(target, allowed, vocab, opts)
    # The same assertion on every device: a CUDA stream raises a device-side
    # assert when it reaches it; on the CPU (the reference and the emulator)
    # it fails here, and the first bad label can be named for free.
    try:
        torch._assert_async(every_label_allowed,
                            _label_message(vocab, opts.ignore_index))
    except RuntimeError as error:
        if target.device.type != "cpu":
            raise
        raise _named_label_error(target, allowed, vocab, opts) from error


def _named_label_error(target: torch.Tensor, allowed: torch.Tensor,
                       vocab: int, opts: LossOptions) -> LabelError:
    first = int((~allowed).nonzero()[0, 0])
    return LabelError(
        f"target[{first}] (of the {target.numel()} tokens, flattened) is "
        f"{int(target[first])}: labels must be in [0, {vocab}) (the "
        f"vocabulary size) or equal ignore_index ({opts.ignore_index}); "
        f"common causes: a tokenizer id >= the model's vocabulary size, or "
        f"padding labelled -1 while ignore_index is -100 (pass "
        f"ignore_index=-1); LMHEAD_CHECK_LABELS=off skips this check")
