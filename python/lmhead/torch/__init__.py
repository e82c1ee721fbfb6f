"""lmhead from PyTorch: the LM head's fused linear cross-entropy.

    >>> from lmhead.torch import linear_cross_entropy
    >>> loss = linear_cross_entropy(hidden, lm_head.weight, labels)
    >>> loss.backward()

``linear_cross_entropy`` is one ``torch.library`` custom op
(``torch.ops.lmhead.linear_cross_entropy``) with autograd and a fake
implementation, so ``torch.compile(fullgraph=True)`` keeps it as one node.
On CUDA tensors it runs lmhead's kernels (compiled on first use by the
packaged lmhead-opt and cached on disk); on CPU tensors an exact chunked
reference, or with ``LMHEAD_DEVICE=emulator`` the same kernels on the PTX
emulator. ``patch_causal_lm`` puts it into a Hugging Face causal LM.
See docs/Python.md.
"""

from .diagnostics import head_parameter_groups, retained_gradient_fraction
from .hf import patch_causal_lm
from .kernels import KernelError
from .monitor import GradientMonitor
from .loss import LinearCrossEntropyLoss, linear_cross_entropy
from ..loss_options import LossOptions

__all__ = ["linear_cross_entropy", "LinearCrossEntropyLoss",
           "patch_causal_lm", "KernelError", "LossOptions",
           "retained_gradient_fraction", "head_parameter_groups",
           "GradientMonitor"]
