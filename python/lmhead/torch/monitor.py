"""``GradientMonitor``: the LM head's gradient, step by step.

What the second source document asks a training run to watch, because the
head suppresses most of the logit gradient (docs/Diagnostics.md): the
squared norms the kernels compute (‖dZ‖², ‖dh‖², ‖dW‖²), the fraction ρ of
dZ that reaches the backbone (every ``rho_interval`` steps: it factors
WᵀW), the relative size of the head's update ‖ΔW‖/‖W‖, and the cosine of
successive head gradients. The figures are computed on the device; each
record converts them to floats (one synchronisation per recorded step).
The update ratio and the cosine keep a copy of W and of dW in their own
types (as much memory as the weight, each); turn them off with
``track_update=False`` and ``track_cosine=False``.

    loss, stats = linear_cross_entropy(h, head.weight, y, return_stats=True)
    loss.backward()
    monitor.record(stats, dh=h.grad)      # before optimizer.step()
    optimizer.step()
"""

from __future__ import annotations

import logging
from typing import Dict, List, Mapping, Optional

import torch

from .diagnostics import retained_gradient_fraction

__all__ = ["GradientMonitor"]


class GradientMonitor:
    """Keeps per-step figures of the LM head's gradient.

    Args:
        weight: the head's weight parameter ([V, D], or [D, V] with
            ``weight_layout="dv"``); its ``.grad`` is the head gradient.
        rho_interval: compute ρ every this many steps (0: never).
        logger: a ``logging.Logger`` each record goes to (INFO), or None.
        weight_layout: "vd" or "dv".
        track_update: record ‖ΔW‖/‖W‖ (keeps a copy of W).
        track_cosine: record the cosine of successive dW (keeps a copy).

    ``history`` holds the records, each a dict with ``step``,
    ``dz_norm_sq``, ``dh_norm_sq``, ``dw_norm_sq`` and, from the second
    step on, ``update_ratio`` (‖W_t − W_{t−1}‖/‖W_{t−1}‖) and
    ``grad_cosine`` (of this step's and the last step's dW); ``rho`` on
    the steps it is computed.
    """

    def __init__(self, weight: torch.Tensor, *, rho_interval: int = 100,
                 logger: Optional[logging.Logger] = None,
                 weight_layout: str = "vd", track_update: bool = True,
                 track_cosine: bool = True):
        if rho_interval < 0:
            raise ValueError(f"rho_interval must be ≥ 0, got {rho_interval}")
        self.weight = weight
        self.rho_interval = rho_interval
        self.logger = logger
        self.weight_layout = weight_layout
        self.track_update, self.track_cosine = track_update, track_cosine
        self.history: List[Dict[str, float]] = []
        self._step = 0
        self._last_weight: Optional[torch.Tensor] = None
        self._last_grad: Optional[torch.Tensor] = None

    def record(self, stats: Mapping[str, torch.Tensor],
               dh: Optional[torch.Tensor] = None) -> Dict[str, float]:
        """Records one step, after ``backward()`` and before the optimizer
        changes the weight: ``stats`` as ``linear_cross_entropy(...,
        return_stats=True)`` gave it, ``dh`` the hidden states' gradient
        (needed for ρ). Returns the record."""
        missing = {"dz_norm_sq", "dh_norm_sq", "dw_norm_sq"} - stats.keys()
        if missing:
            raise KeyError(f"stats lacks {', '.join(sorted(missing))}: pass "
                           f"what linear_cross_entropy(..., "
                           f"return_stats=True) returned")
        figures = {name: stats[name].detach()
                   for name in ("dz_norm_sq", "dh_norm_sq", "dw_norm_sq")}
        weight = self.weight.detach()
        grad = self.weight.grad
        if self._last_weight is not None:
            last = self._last_weight.float()
            figures["update_ratio"] = (
                torch.linalg.vector_norm(weight.float() - last)
                / torch.linalg.vector_norm(last))
        if grad is not None and self._last_grad is not None:
            figures["grad_cosine"] = torch.nn.functional.cosine_similarity(
                grad.detach().float().flatten(),
                self._last_grad.float().flatten(), dim=0)
        if (self.rho_interval and dh is not None
                and self._step % self.rho_interval == 0):
            figures["rho"] = retained_gradient_fraction(
                dh, weight, figures["dz_norm_sq"],
                weight_layout=self.weight_layout)
        if self.track_update:
            self._last_weight = weight.clone()
        if self.track_cosine and grad is not None:
            self._last_grad = grad.detach().clone()
        record = {"step": self._step}
        record.update({name: float(value) for name, value in figures.items()})
        self._step += 1
        self.history.append(record)
        if self.logger is not None:
            self.logger.info("lmhead head gradient: %s", ", ".join(
                f"{k}={v:.4g}" if isinstance(v, float) else f"{k}={v}"
                for k, v in record.items()))
        return record
