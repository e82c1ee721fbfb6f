"""The one-pass step is the default training step: with no environment set
(only LMHEAD_DEVICE=emulator, so that CPU tensors run the kernels), a mean
or sum loss whose gradient is wanted runs lmhead's ce_linear_step, which
computes the logits once: three GEMMs of tensor-core work where the two
passes do four. Counted by the emulator (LMHEAD_EMULATOR_STATS=1 reports
each launch's tensor-core MACs) with a bias and its gradient, the gradient
statistics and a weight-gradient scale, at whole-tile and ragged token
counts that share one compiled bundle; and the results equal the two-pass
schedule's within bf16 rounding and PyTorch's in float64."""

import re

import pytest
import torch

from _helpers import random_problem, relative_error, torch_loss
from lmhead.torch import kernels, linear_cross_entropy

BF16_TOLERANCE = 1e-2
D, V = 64, 512

# (name, loss options, bias, return_stats, weight_grad_scale)
CASES = [
    ("mean", {}, False, False, None),
    ("sum-bias", {"reduction": "sum"}, True, False, None),
    ("mean-bias-stats", {}, True, True, None),
    ("sum-scale-smoothing", {"reduction": "sum", "label_smoothing": 0.1},
     False, False, 0.5),
    ("mean-bias-stats-scale-zloss", {"z_loss": 1e-3}, True, True, 0.25),
]


def _leaf(t, dtype=None):
    """A fresh leaf that requires grad, of a float tensor of the problem
    (in ``dtype``); labels and a missing bias as they are."""
    if t is None or not t.is_floating_point():
        return t
    return t.detach().to(dtype or t.dtype).clone().requires_grad_()


def _train(capfd, problem, schedule, options, stats, scale):
    """One training step (forward and backward with upstream gradient
    1.5): the loss, the gradients, the statistics, the tensor-core MACs
    and the kernels the emulator ran, and how many op runs it took."""
    x, w, y, b = (_leaf(t) for t in problem)
    capfd.readouterr()
    runs = kernels.stats["runs"]
    out = linear_cross_entropy(x, w, y, b, schedule=schedule,
                               return_stats=stats, weight_grad_scale=scale,
                               **options)
    loss, statistics = out if stats else (out, None)
    loss.backward(torch.tensor(1.5))
    err = capfd.readouterr().err
    macs = sum(int(m) for m in re.findall(r"(\d+) tensor-core MACs", err))
    launched = re.findall(r"lmhead emulator: kernel (\S+):", err)
    grads = [t.grad for t in (x, w, b) if t is not None]
    return {"loss": loss.detach(), "grads": grads, "stats": statistics,
            "macs": macs, "launched": launched,
            "runs": kernels.stats["runs"] - runs}


def _pytorch(problem, options, scale):
    """PyTorch's loss and gradients in float64 for upstream gradient 1.5,
    the weight's and bias's times ``scale``."""
    x, w, y, b = (_leaf(t, torch.float64) for t in problem)
    want = torch_loss(x, w, y, b, **options)
    (want * 1.5).backward()
    factor = 1.0 if scale is None else scale
    grads = [x.grad, w.grad * factor] + ([b.grad * factor] if b is not None
                                         else [])
    return want, grads


@pytest.mark.parametrize("name,options,bias,stats,scale", CASES,
                         ids=[c[0] for c in CASES])
def test_the_default_step_does_three_gemms_of_work(emulator, monkeypatch,
                                                   capfd, name, options,
                                                   bias, stats, scale):
    monkeypatch.setenv("LMHEAD_EMULATOR_STATS", "1")
    compiled = None
    # Printed at the end: each run's capture of the emulator's report
    # would take a line printed before it.
    lines = []
    for n in (256, 130, 77, 201) if name == "mean" else (256, 130):
        problem = random_problem(n, D, V, torch.bfloat16, bias=bias, seed=n)
        step = _train(capfd, problem, "auto", options, stats, scale)
        # One launch of the step's bundle, forward and backward together.
        assert step["runs"] == 1, step["launched"]
        assert step["launched"] and all(
            k.startswith("ce_linear_step") for k in step["launched"])
        two = _train(capfd, problem, "two-pass", options, stats, scale)
        assert two["runs"] == 2
        # Every token count runs on the bundles compiled for the first.
        if compiled is None:
            compiled = kernels.stats["compiled"]
        assert kernels.stats["compiled"] == compiled, n
        ratio = step["macs"] / two["macs"]
        lines.append(f"{name} N={n}: {step['macs']} MACs in one pass "
                     f"({step['macs'] / (n * D * V):.3f}·NDV), "
                     f"{two['macs']} in two ({ratio:.3f})")
        if n == 256:
            assert step["macs"] <= 3.2 * n * D * V
        assert ratio <= 0.8
        # The same results as the two passes, within bf16 rounding, and as
        # PyTorch in float64.
        want, expected = _pytorch(problem, options, scale)
        # (The kernels round the logits to bf16, as a bf16 linear layer
        # does; PyTorch's float64 logits are not rounded.)
        assert relative_error(step["loss"], two["loss"]) <= 1e-5
        assert relative_error(step["loss"], want) <= BF16_TOLERANCE
        for got, other, exact in zip(step["grads"], two["grads"], expected):
            assert got.dtype == torch.bfloat16
            assert relative_error(got, other) <= BF16_TOLERANCE
            assert relative_error(got, exact) <= BF16_TOLERANCE
        if stats:
            for key in ("dz_norm_sq", "dh_norm_sq", "dw_norm_sq"):
                assert relative_error(step["stats"][key],
                                      two["stats"][key]) <= BF16_TOLERANCE
            assert float(step["stats"]["found_inf"]) == 0.0
    print("\n".join(lines))


def test_the_step_scales_by_the_upstream_gradient_it_is_given(emulator):
    # The step forms the gradients for an upstream gradient of 1; the
    # backward scales them (and the statistics, by its square) by the one
    # autograd gives, which the forward could not know: here 0 and -3.
    problem = random_problem(40, 32, 96, torch.bfloat16, bias=True)
    for upstream in (0.0, -3.0):
        x, w, y, b = (_leaf(t) for t in problem)
        loss, stats = linear_cross_entropy(x, w, y, b, return_stats=True)
        loss.backward(torch.tensor(upstream))
        ref = [t.detach().double().requires_grad_() for t in (x, w, b)]
        want = torch_loss(ref[0], ref[1], y, ref[2])
        want.backward(torch.tensor(upstream, dtype=torch.float64))
        for got, exact in zip((x.grad, w.grad, b.grad),
                              (r.grad for r in ref)):
            if upstream == 0.0:
                assert (got == 0).all()
            else:
                assert relative_error(got, exact) <= BF16_TOLERANCE
        if upstream == 0.0:
            assert float(stats["dw_norm_sq"]) == 0.0
        else:
            dw_norm_sq = float(ref[1].grad.pow(2).sum())
            assert abs(float(stats["dw_norm_sq"]) / dw_norm_sq - 1) <= 2e-2


def test_without_autograd_or_with_reduction_none_two_passes_run(emulator):
    # The step needs a gradient to form and a scalar loss: evaluation
    # (no_grad) runs the forward's kernels alone, and reduction none the
    # two ops.
    x, w, y, _ = random_problem(25, 32, 96, torch.bfloat16)
    runs = kernels.stats["runs"]
    with torch.no_grad():
        linear_cross_entropy(x, w, y)
    assert kernels.stats["runs"] == runs + 1
    loss = linear_cross_entropy(x, w, y, reduction="none")
    loss.sum().backward()
    assert kernels.stats["runs"] == runs + 3


def test_f16_keeps_two_passes_by_default(emulator):
    # f16 has the range a loss scale exists for: the step would round dZ,
    # dh and dW to f16 before it knows the upstream gradient, so "auto"
    # runs two passes, whose dZ carries it (here 2^16, which brings a
    # mean's small gradients into f16's normal range). Asked for, the step
    # runs.
    x, w, y, _ = random_problem(40, 32, 96, torch.float16)
    runs = kernels.stats["runs"]
    linear_cross_entropy(x, w, y).backward(torch.tensor(65536.0))
    assert kernels.stats["runs"] == runs + 2
    ref = [t.detach().double().requires_grad_() for t in (x, w)]
    torch_loss(ref[0], ref[1], y).backward(
        torch.tensor(65536.0, dtype=torch.float64))
    assert relative_error(w.grad, ref[1].grad) <= 2e-3
    runs = kernels.stats["runs"]
    linear_cross_entropy(x, w, y, schedule="one-pass").backward()
    assert kernels.stats["runs"] == runs + 1


def test_a_frozen_heads_step_needs_no_dw_accumulator(emulator):
    # The step's f32 dW accumulator (V·D·4 bytes) belongs to the dW
    # stream: with the head frozen (a null dw) its workspace is smaller by
    # at least that, and the gradients that are wanted are right.
    x, w, y, _ = random_problem(48, 32, 96, torch.bfloat16)
    w.requires_grad_(False)
    linear_cross_entropy(x, w, y).backward()
    ref = [t.detach().double().requires_grad_(t.requires_grad)
           for t in (x, w)]
    torch_loss(ref[0], ref[1], y).backward()
    assert relative_error(x.grad, ref[0].grad) <= BF16_TOLERANCE
    bundle = next(b for k, b in kernels._loaded.items()
                  if k.hidden == 32 and k.vocab == 96 and b.has_step())
    entry = bundle.ops["ce_linear_step"]
    runtime = kernels._get_runtime()

    def workspace(with_dw):
        operands = [48 if o.kind == "size" else
                    int(o.kind == "tensor" and (with_dw or o.name != "dw"))
                    for o in entry.operands]
        return runtime.workspace_size(bundle.handle, entry.name, operands)

    assert workspace(True) - workspace(False) >= 96 * 32 * 4
