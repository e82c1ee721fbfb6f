"""The LM head as a gradient bottleneck: what reaches the backbone, and a
learning rate of its own.

Backpropagating the V-wide logit gradient dZ through the rank-D head keeps
only its projection on the column space of W: dh = dZ·W = (dZ·P)·W with
P = W(WᵀW)⁻¹Wᵀ (docs/Diagnostics.md). :func:`retained_gradient_fraction`
measures how much of dZ survives; :func:`head_parameter_groups` gives the
head its own (usually smaller) learning rate.
"""

from __future__ import annotations

from typing import Dict, Iterable, List, Union

import torch

__all__ = ["retained_gradient_fraction", "head_parameter_groups"]


def retained_gradient_fraction(dh: torch.Tensor, weight: torch.Tensor,
                               dz_norm_sq: Union[torch.Tensor, float], *,
                               weight_layout: str = "vd") -> torch.Tensor:
    """ρ = ‖dZ·P‖_F / ‖dZ‖_F, the fraction of the logit gradient's norm
    that reaches the backbone, from what the step already has.

    With WᵀW = L·Lᵀ (Cholesky, D×D), ‖dZ·P‖_F = ‖dh·L⁻ᵀ‖_F, so ρ needs dh,
    W and ‖dZ‖_F² only: no N×V tensor. The factorisation costs 2·V·D²
    flops, as much as the head's GEMM at N = D: compute it at an interval.
    A random direction keeps E[ρ²] = D/V.

    Args:
        dh: the gradient of the hidden states, [N, D] or [B, S, D].
        weight: the head's weight, [V, D] (or [D, V] with
            ``weight_layout="dv"``).
        dz_norm_sq: ‖dZ‖_F², a tensor (no host synchronisation) or a float.

    Returns:
        ρ as a 0-d float64 tensor on dh's device (NaN when dZ is 0, and
        when W has not full column rank, where L does not exist).
    """
    w = weight.detach().double()
    gram = w.t() @ w if weight_layout == "vd" else w @ w.t()
    factor, info = torch.linalg.cholesky_ex(gram)
    projected = torch.linalg.solve_triangular(
        factor, dh.detach().reshape(-1, dh.shape[-1]).double().t(),
        upper=False)
    norm_sq = torch.as_tensor(dz_norm_sq, dtype=torch.float64,
                              device=dh.device)
    rho = projected.square().sum().sqrt() / norm_sq.sqrt()
    return torch.where(info == 0, rho, torch.full_like(rho, torch.nan))


def head_parameter_groups(model: torch.nn.Module, head: torch.nn.Module,
                          lr: float, head_lr_scale: float = 0.25,
                          **options) -> List[Dict]:
    """Optimizer parameter groups giving ``head``'s parameters the learning
    rate ``lr * head_lr_scale`` and the rest of ``model``'s ``lr``.

    The second source document advises a head learning rate of 1/3 to 1/5
    of the base rate (0.25 by default). A weight tied to the embedding is
    the head's too, so it takes the head's rate. ``options`` (e.g.
    ``weight_decay``) go into both groups.

        optimizer = torch.optim.AdamW(
            head_parameter_groups(model, model.lm_head, lr=3e-4))
    """
    if not 0.0 < head_lr_scale:
        raise ValueError(f"head_lr_scale must be positive, got "
                         f"{head_lr_scale}")
    head_ids = {id(p) for p in head.parameters()}
    if not head_ids:
        raise ValueError("the head has no parameters")
    rest: Iterable[torch.nn.Parameter] = [
        p for p in model.parameters() if id(p) not in head_ids]
    head_params = [p for p in model.parameters() if id(p) in head_ids]
    if not head_params:
        raise ValueError("the head's parameters are not the model's")
    return [dict(options, params=list(rest), lr=lr),
            dict(options, params=head_params, lr=lr * head_lr_scale)]
