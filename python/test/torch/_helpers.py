"""What the lmhead.torch tests compare against: PyTorch's own functions in
float64, and random inputs."""

import stat

import torch
import torch.nn.functional as F

import lmhead


def relative_error(got, want):
    """‖got − want‖_F / ‖want‖_F in float64 (‖got − want‖ when want is 0);
    infinite when got holds a NaN or an infinity."""
    got, want = got.detach().double(), want.detach().double()
    if not torch.isfinite(got).all():
        return float("inf")
    norm = want.norm()
    diff = (got - want).norm()
    return float(diff / norm) if norm > 0 else float(diff)


def torch_loss(x, w, y, b=None, *, ignore_index=-100, reduction="mean",
               label_smoothing=0.0, softcap=None, z_loss=0.0,
               weight_layout="vd"):
    """The loss as PyTorch computes it, with the logits materialised:
    F.cross_entropy(F.linear(...)), the soft-cap before it and the z-loss
    w·lse² reduced as the loss is. All in the inputs' type (use float64)."""
    weight = w if weight_layout == "vd" else w.t()
    z = F.linear(x, weight, b)
    if softcap:
        z = softcap * torch.tanh(z / softcap)
    vocab = z.shape[-1]
    flat_z, flat_y = z.reshape(-1, vocab), y.reshape(-1)
    loss = F.cross_entropy(flat_z, flat_y, ignore_index=ignore_index,
                           reduction=reduction,
                           label_smoothing=label_smoothing)
    if z_loss:
        valid = flat_y != ignore_index
        extra = z_loss * torch.logsumexp(flat_z, dim=-1) ** 2 * valid
        if reduction == "mean":
            extra = extra.sum() / valid.sum()
        elif reduction == "sum":
            extra = extra.sum()
        loss = loss + extra
    return loss.reshape(y.shape) if reduction == "none" else loss


def random_problem(n, d, v, dtype=torch.float64, *, bias=False,
                   weight_layout="vd", ignore_index=-100, ignored=0.25,
                   batch=None, seed=0, scale=1.0):
    """Hidden states, weight, labels (a share ``ignored`` of them
    ignore_index) and optionally a bias, leaves that require grad.
    ``batch`` makes x [batch, n, d] and y [batch, n]."""
    gen = torch.Generator().manual_seed(seed)
    shape = (batch, n) if batch else (n,)
    x = torch.randn(*shape, d, generator=gen, dtype=torch.float64)
    w = torch.randn(v, d, generator=gen, dtype=torch.float64) * (
        scale / d ** 0.5)
    if weight_layout == "dv":
        w = w.t().contiguous()
    y = torch.randint(0, v, shape, generator=gen)
    drop = torch.rand(shape, generator=gen) < ignored
    if ignored < 1.0 and drop.numel():
        # At least one token counts, so that PyTorch's mean is defined.
        drop.view(-1)[0] = False
    y[drop] = ignore_index
    b = torch.randn(v, generator=gen, dtype=torch.float64) * 0.5 \
        if bias else None
    leaves = [t.to(dtype).requires_grad_() if t is not None else None
              for t in (x, w, b)]
    return leaves[0], leaves[1], y, leaves[2]


def grads(loss, upstream, *tensors):
    """d(loss·upstream)/d tensors, None where a tensor is None."""
    present = [t for t in tensors if t is not None]
    found = iter(torch.autograd.grad(loss, present, upstream))
    return [next(found) if t is not None else None for t in tensors]


def fake_lmhead_opt(tmp_path, compile_script):
    """An executable lmhead-opt in ``tmp_path`` that states a build
    identity, as every lmhead-opt does, and runs the shell lines
    ``compile_script`` for anything else (a compile)."""
    tool = tmp_path / "lmhead-opt"
    tool.write_text(
        "#!/bin/sh\n"
        "if [ \"$1\" = --version ]; then\n"
        f"  printf 'lmhead {lmhead.__version__}\\n  revision: 0123abc\\n"
        "  binary: xxh3:0011223344556677\\n  LLVM: 22.1.8\\n'\n"
        "  exit 0\n"
        "fi\n" + compile_script)
    tool.chmod(tool.stat().st_mode | stat.S_IEXEC)
    return tool
