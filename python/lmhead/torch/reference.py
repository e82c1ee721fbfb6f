"""The exact loss and gradients in torch, chunked over tokens.

This is the definition of lmhead's fused ops (``lmhead.ce_linear_fwd`` and
``lmhead.ce_linear_grad``, docs/CrossEntropyKernels.md) written with torch
operations, and what the op runs where no kernel does: f32 and f64 tensors
on any device, and 16-bit tensors on the CPU (unless
``LMHEAD_DEVICE=emulator``). Math is in f64 for f64 inputs and in f32
otherwise. The logits of 16-bit inputs are rounded to that type before the
loss, as a mixed-precision linear layer produces them, and so is the logit
gradient before the two products, as the layer's backward consumes it.

Tokens are taken ``chunk_tokens`` at a time (at most about 64 MiB of logits
per chunk), so the whole N×V matrix never exists at once.
"""

from __future__ import annotations

from typing import Optional, Tuple

import torch

from ..loss_options import LossOptions

__all__ = ["forward", "backward", "chunk_tokens"]

_CHUNK_ELEMENTS = 1 << 24


def chunk_tokens(vocab: int) -> int:
    """Tokens per chunk: about 16 M logits, at least one token."""
    return max(1, _CHUNK_ELEMENTS // max(vocab, 1))


def _math_type(dtype: torch.dtype) -> torch.dtype:
    return torch.float64 if dtype == torch.float64 else torch.float32


def _logits(h: torch.Tensor, weight: torch.Tensor,
            bias: Optional[torch.Tensor], opts: LossOptions, operand,
            math_type) -> torch.Tensor:
    """The logits the loss sees (soft-capped when asked) of a chunk of
    tokens, in ``math_type``."""
    w = weight.to(math_type)
    z = h.to(math_type) @ (w.t() if opts.weight_layout == "vd" else w)
    if bias is not None:
        z = z + bias.to(math_type)
    if operand in (torch.bfloat16, torch.float16):
        z = z.to(operand).to(math_type)
    if opts.softcap:
        z = opts.softcap * torch.tanh(z / opts.softcap)
    return z


def _token_weights(valid: torch.Tensor, dloss: torch.Tensor,
                   count: torch.Tensor, opts: LossOptions, rows: slice,
                   math_type) -> torch.Tensor:
    """The upstream gradient each token's loss receives."""
    if opts.reduction == "none":
        g = dloss[rows].to(math_type)
    elif opts.reduction == "sum":
        g = dloss.to(math_type).expand(valid.shape[0])
    else:
        g = (dloss.to(math_type) / count.clamp(min=1).to(math_type)).expand(
            valid.shape[0])
    return torch.where(valid, g, torch.zeros((), dtype=math_type,
                                             device=g.device))


def forward(h: torch.Tensor, weight: torch.Tensor, target: torch.Tensor,
            bias: Optional[torch.Tensor], opts: LossOptions,
            loss_type: torch.dtype) -> Tuple[torch.Tensor, torch.Tensor]:
    """(loss, lse) of tokens ``h`` [N, D] with labels ``target`` [N]:
    loss [] or [N] (reduction none) in ``loss_type``, lse [N] in f32 (f64
    for f64 inputs)."""
    math_type = _math_type(h.dtype)
    n = h.shape[0]
    vocab = weight.shape[0] if opts.weight_layout == "vd" else weight.shape[1]
    lse = torch.empty(n, dtype=math_type, device=h.device)
    losses = torch.empty(n, dtype=math_type, device=h.device)
    step = chunk_tokens(vocab)
    eps = opts.label_smoothing
    for start in range(0, n, step):
        rows = slice(start, min(start + step, n))
        z = _logits(h[rows], weight, bias, opts, h.dtype, math_type)
        y = target[rows]
        valid = y != opts.ignore_index
        outside = valid & ((y < 0) | (y >= vocab))
        row_lse = torch.logsumexp(z, dim=1)
        index = torch.where(valid & ~outside, y, 0).long()[:, None]
        picked = z.gather(1, index)[:, 0]
        # A valid token labelled outside [0, V) has no logit to pick: NaN,
        # as in the kernels.
        picked = torch.where(outside, torch.nan, picked)
        loss = (1.0 - eps) * (row_lse - picked)
        if eps:
            loss = loss + eps * (row_lse - z.mean(dim=1))
        if opts.z_loss:
            loss = loss + opts.z_loss * row_lse * row_lse
        losses[rows] = torch.where(valid, loss, torch.zeros_like(loss))
        lse[rows] = row_lse
    if opts.reduction == "none":
        total = losses
    elif opts.reduction == "sum":
        total = losses.sum()
    else:
        count = (target != opts.ignore_index).sum()
        total = losses.sum() / count.clamp(min=1).to(math_type)
    return total.to(loss_type), lse


def backward(h: torch.Tensor, weight: torch.Tensor, target: torch.Tensor,
             bias: Optional[torch.Tensor], lse: torch.Tensor,
             dloss: torch.Tensor, opts: LossOptions,
             statistics: Optional[torch.Tensor] = None,
             dw_scale: Optional[torch.Tensor] = None
             ) -> Tuple[torch.Tensor, torch.Tensor, Optional[torch.Tensor]]:
    """(dh, dW, db) for upstream gradient ``dloss`` ([] or [N]) and the
    forward's ``lse``, each in its input's dtype (db None without a bias).
    ``statistics``, a [3] tensor, receives [‖dZ‖², ‖dh‖², ‖dW‖²] as the op
    defines them: dZ before it is rounded to 16-bit operands, dh and dW
    before they are rounded to their types. ``dw_scale`` (a 0-d tensor)
    multiplies dW and db, not dh."""
    math_type = _math_type(h.dtype)
    n = h.shape[0]
    vd = opts.weight_layout == "vd"
    vocab = weight.shape[0] if vd else weight.shape[1]
    dh = torch.empty(h.shape, dtype=math_type, device=h.device)
    dw = torch.zeros(weight.shape, dtype=math_type, device=h.device)
    db = None if bias is None else torch.zeros(vocab, dtype=math_type,
                                               device=h.device)
    valid_all = target != opts.ignore_index
    count = valid_all.sum()
    w = weight.to(math_type)
    eps, cap = opts.label_smoothing, opts.softcap
    step = chunk_tokens(vocab)
    dz_squares = torch.zeros((), dtype=math_type, device=h.device)
    for start in range(0, n, step):
        rows = slice(start, min(start + step, n))
        z = _logits(h[rows], weight, bias, opts, h.dtype, math_type)
        valid = valid_all[rows]
        g = _token_weights(valid, dloss, count, opts, rows, math_type)
        row_lse = lse[rows].to(math_type)[:, None]
        grad = torch.exp(z - row_lse)
        if opts.z_loss:
            grad = grad * (1.0 + 2.0 * opts.z_loss * row_lse)
        if eps:
            grad = grad - eps / vocab
        y = target[rows]
        outside = valid & ((y < 0) | (y >= vocab))
        g = torch.where(outside, torch.nan, g)
        labels = torch.where(valid & ~outside, y, 0).long()[:, None]
        grad.scatter_add_(1, labels, torch.full_like(labels, -(1.0 - eps),
                                                     dtype=math_type))
        if cap:
            grad = grad * (1.0 - (z / cap) ** 2)
        dz = grad * g[:, None]
        if statistics is not None:
            dz_squares += dz.square().sum()
        if h.dtype in (torch.bfloat16, torch.float16):
            dz = dz.to(h.dtype).to(math_type)
        hc = h[rows].to(math_type)
        dh[rows] = dz @ (w if vd else w.t())
        if vd:
            dw += dz.t() @ hc
        else:
            dw += hc.t() @ dz
        if db is not None:
            db += dz.sum(dim=0)
    if dw_scale is not None:
        factor = dw_scale.to(math_type)
        dw = dw * factor
        db = None if db is None else db * factor
    if statistics is not None:
        statistics.copy_(torch.stack(
            [dz_squares, dh.square().sum(), dw.square().sum()]))
    return (dh.to(h.dtype), dw.to(weight.dtype),
            None if db is None else db.to(bias.dtype))
