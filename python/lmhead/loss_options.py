"""The loss options of the LM head's fused cross-entropy, checked once.

Every way into the op (the function, the module, the Hugging Face patch)
builds one :class:`LossOptions`, so that an unsupported value gets the same
message wherever it came from, and the custom ops receive plain values that
torch.compile can specialise on.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Optional

__all__ = ["LossOptions", "REDUCTIONS", "LAYOUTS"]

#: Reductions over tokens, as torch.nn.functional.cross_entropy names them.
REDUCTIONS = ("mean", "sum", "none")
#: Weight layouts: "vd" is nn.Linear's [V, D]; "dv" is [D, V].
LAYOUTS = ("vd", "dv")


def _number(name: str, value, low: float, high: Optional[float]) -> float:
    """``value`` as a float in [low, high] (or [low, inf) without high)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name} must be a float, got {type(value).__name__}")
    value = float(value)
    if not math.isfinite(value) or value < low or (high is not None and
                                                   value > high):
        upper = "inf)" if high is None else f"{high}]"
        raise ValueError(f"{name} must be in [{low}, {upper}, got {value}")
    return value


@dataclass(frozen=True)
class LossOptions:
    """What the loss computes per token and how tokens are combined.

    Attributes:
        ignore_index: a label whose token has no loss and no gradient.
        reduction: "mean" (over the tokens not ignored; 0 when all are),
            "sum" or "none" (one loss per token).
        label_smoothing: ε of F.cross_entropy: the target is (1−ε) on the
            label plus ε/V everywhere.
        softcap: c of Gemma-2's logit soft-cap ``c·tanh(z/c)``, applied to
            the logits before the loss; 0 for none.
        z_loss: w of PaLM's z-loss, ``w·lse²`` added to each token's loss.
        weight_layout: "vd" (weight [V, D], as nn.Linear) or "dv" ([D, V]).
    """

    ignore_index: int = -100
    reduction: str = "mean"
    label_smoothing: float = 0.0
    softcap: float = 0.0
    z_loss: float = 0.0
    weight_layout: str = "vd"

    @staticmethod
    def make(ignore_index=-100, reduction="mean", label_smoothing=0.0,
             softcap=None, z_loss=0.0, weight_layout="vd") -> "LossOptions":
        """Checks user-facing values (``softcap=None`` for none) and builds
        the options; raises TypeError or ValueError naming what would be
        accepted."""
        if isinstance(ignore_index, bool) or not isinstance(ignore_index,
                                                            int):
            raise TypeError("ignore_index must be an int, got "
                            f"{type(ignore_index).__name__}")
        if reduction not in REDUCTIONS:
            raise ValueError(f"reduction must be one of {REDUCTIONS}, got "
                             f"{reduction!r}")
        if weight_layout not in LAYOUTS:
            raise ValueError(f"weight_layout must be 'vd' (weight [V, D], as "
                             f"nn.Linear) or 'dv' ([D, V]), got "
                             f"{weight_layout!r}")
        smoothing = _number("label_smoothing", label_smoothing, 0.0, 1.0)
        cap = 0.0
        if softcap is not None:
            cap = _number("softcap", softcap, 0.0, None)
            if cap == 0.0:
                raise ValueError("softcap must be positive (None for no "
                                 "soft-cap), got 0.0")
        z = _number("z_loss", z_loss, 0.0, None)
        return LossOptions(ignore_index, reduction, smoothing, cap, z,
                           weight_layout)
