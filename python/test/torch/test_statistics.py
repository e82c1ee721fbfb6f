"""Gradient statistics (return_stats=True): ‖dZ‖², ‖dh‖², ‖dW‖² against
autograd's own dZ and gradients in float64, ρ from them against a QR
projection, the kernels' statistics on the emulator within bf16 tolerance,
and GradientMonitor's records."""

import logging

import pytest
import torch
import torch.nn.functional as F

from _helpers import random_problem, relative_error
from lmhead.torch import (GradientMonitor, linear_cross_entropy,
                          retained_gradient_fraction)
from lmhead.torch import kernels

NAMES = ("dz_norm_sq", "dh_norm_sq", "dw_norm_sq")

CASES = [
    ("mean", {}, {}),
    ("sum-smoothing-zloss", {"reduction": "sum", "label_smoothing": 0.1,
                             "z_loss": 1e-3}, {}),
    ("none-softcap-bias", {"reduction": "none", "softcap": 2.0},
     {"bias": True, "scale": 6.0}),
    ("dv-ignore-1", {"weight_layout": "dv", "ignore_index": -1},
     {"weight_layout": "dv", "ignore_index": -1}),
]


def autograd_figures(x, w, y, b, options, upstream):
    """dZ (the gradient of the logits before the soft-cap), dh and dW of
    PyTorch's materialised loss, in float64."""
    x, w = (t.detach().double().requires_grad_() for t in (x, w))
    b = None if b is None else b.detach().double()
    vd = options.get("weight_layout", "vd") == "vd"
    raw = F.linear(x, w if vd else w.t(), b)
    raw.retain_grad()
    z = raw
    if options.get("softcap"):
        z = options["softcap"] * torch.tanh(raw / options["softcap"])
    ignore = options.get("ignore_index", -100)
    reduction = options.get("reduction", "mean")
    loss = F.cross_entropy(z, y, ignore_index=ignore, reduction=reduction,
                           label_smoothing=options.get("label_smoothing", 0))
    if options.get("z_loss"):
        valid = y != ignore
        extra = options["z_loss"] * torch.logsumexp(z, -1) ** 2 * valid
        extra = {"none": extra, "sum": extra.sum(),
                 "mean": extra.sum() / valid.sum()}[reduction]
        loss = loss + extra
    (loss * upstream).sum().backward()
    return raw.grad, x.grad, w.grad


@pytest.mark.parametrize("name,options,problem", CASES,
                         ids=[c[0] for c in CASES])
def test_statistics_against_autograd(name, options, problem):
    x, w, y, b = random_problem(37, 24, 101, **problem)
    loss, stats = linear_cross_entropy(x, w, y, b, return_stats=True,
                                       **options)
    assert all(torch.isnan(stats[k]) for k in NAMES)  # before backward
    upstream = torch.rand(loss.shape, dtype=torch.float64,
                          generator=torch.Generator().manual_seed(3)) + 0.5
    (loss * upstream).sum().backward()
    dz, dh, dw = autograd_figures(x, w, y, b, options, upstream)
    want = {"dz_norm_sq": dz.square().sum(), "dh_norm_sq": dh.square().sum(),
            "dw_norm_sq": dw.square().sum()}
    errors = {k: relative_error(stats[k], want[k]) for k in NAMES}
    print(name, {k: f"{e:.2e}" for k, e in errors.items()})
    for k in NAMES:
        assert stats[k].dim() == 0 and stats[k].dtype == torch.float32
        # The statistics are f32 sums of the f64 reference's squares.
        assert errors[k] <= 1e-6, f"{k}: relative error {errors[k]:.3g}"
    # ρ from the op's figures against a QR projection of autograd's dZ.
    weight = w.detach().double()
    basis, _ = torch.linalg.qr(weight if options.get(
        "weight_layout", "vd") == "vd" else weight.t())
    rho_qr = (dz @ basis).norm() / dz.norm()
    rho = retained_gradient_fraction(
        x.grad, weight, stats["dz_norm_sq"],
        weight_layout=options.get("weight_layout", "vd"))
    print(name, f"rho {float(rho):.6f}, QR {float(rho_qr):.6f}")
    assert abs(float(rho) - float(rho_qr)) <= 1e-6 * float(rho_qr)


def test_every_label_ignored_gives_zero_statistics():
    x, w, y, _ = random_problem(9, 8, 17)
    y[:] = -100
    loss, stats = linear_cross_entropy(x, w, y, return_stats=True)
    loss.backward()
    assert all(float(stats[k]) == 0.0 for k in NAMES)


def _runs(schedule, dtype):
    """The op's runs a step takes: the default's one-pass step (one run,
    whose backward scales the statistics by the square of the upstream
    gradient; two passes for f16), or a forward and a backward run."""
    return 1 if schedule == "auto" and dtype == torch.bfloat16 else 2


@pytest.mark.parametrize("schedule", ["auto", "two-pass"])
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16])
def test_kernel_statistics_on_the_emulator(emulator, dtype, schedule):
    x, w, y, b = random_problem(37, 48, 203, dtype, bias=True)
    runs = kernels.stats["runs"]
    loss, stats = linear_cross_entropy(x, w, y, b, return_stats=True,
                                       label_smoothing=0.1,
                                       schedule=schedule)
    loss.backward()
    assert kernels.stats["runs"] == runs + _runs(schedule, dtype)
    # The f64 reference on the same rounded inputs.
    ref_x, ref_w, ref_b = (t.detach().double().requires_grad_()
                           for t in (x, w, b))
    ref_loss, ref_stats = linear_cross_entropy(
        ref_x, ref_w, y, ref_b, return_stats=True, label_smoothing=0.1)
    ref_loss.backward()
    errors = {k: relative_error(stats[k], ref_stats[k]) for k in NAMES}
    print(dtype, {k: f"{e:.2e}" for k, e in errors.items()})
    for k in NAMES:
        assert errors[k] <= 1e-2, f"{k}: relative error {errors[k]:.3g}"


class _Collect(logging.Handler):
    def __init__(self):
        super().__init__()
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())


def test_gradient_monitor_records_a_training_run():
    torch.manual_seed(0)
    head = torch.nn.Linear(16, 50, bias=False).double()
    x = torch.randn(40, 16, dtype=torch.float64)
    y = torch.randint(0, 50, (40,))
    logger = logging.getLogger("lmhead.test.monitor")
    handler = _Collect()
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    monitor = GradientMonitor(head.weight, rho_interval=2, logger=logger)
    optimizer = torch.optim.SGD(head.parameters(), lr=0.5)
    previous_weight = previous_grad = None
    for step in range(4):
        optimizer.zero_grad()
        h = x.clone().requires_grad_()
        loss, stats = linear_cross_entropy(h, head.weight, y,
                                           return_stats=True)
        loss.backward()
        record = monitor.record(stats, dh=h.grad)
        assert record["step"] == step
        assert record["dw_norm_sq"] == pytest.approx(
            float(head.weight.grad.square().sum()), rel=1e-6)
        assert record["dh_norm_sq"] == pytest.approx(
            float(h.grad.square().sum()), rel=1e-6)
        assert ("rho" in record) == (step % 2 == 0)
        if "rho" in record:
            assert 0.0 < record["rho"] < 1.0
        if previous_weight is None:
            assert "update_ratio" not in record
        else:
            assert record["update_ratio"] == pytest.approx(float(
                (head.weight.detach() - previous_weight).norm()
                / previous_weight.norm()), rel=1e-5)
            assert record["grad_cosine"] == pytest.approx(float(
                F.cosine_similarity(head.weight.grad.flatten(),
                                    previous_grad.flatten(), dim=0)),
                rel=1e-5)
        previous_weight = head.weight.detach().clone()
        previous_grad = head.weight.grad.detach().clone()
        optimizer.step()
    assert len(monitor.history) == 4 and len(handler.messages) == 4
    assert "dz_norm_sq=" in handler.messages[0]
    with pytest.raises(KeyError, match="return_stats=True"):
        monitor.record({"dz_norm_sq": torch.tensor(1.0)})


def test_weight_grad_scale_against_autograd():
    x, w, y, b = random_problem(29, 16, 53, bias=True)
    scale = 0.375
    loss, stats = linear_cross_entropy(x, w, y, b, return_stats=True,
                                       weight_grad_scale=scale,
                                       label_smoothing=0.1)
    loss.backward()
    ref = [t.detach().clone().requires_grad_() for t in (x, w, b)]
    F.cross_entropy(F.linear(*ref), y, label_smoothing=0.1).backward()
    errors = {"dh": relative_error(x.grad, ref[0].grad),
              "dW": relative_error(w.grad, scale * ref[1].grad),
              "db": relative_error(b.grad, scale * ref[2].grad),
              "dw_norm_sq": relative_error(
                  stats["dw_norm_sq"], (scale * ref[1].grad).square().sum())}
    print({k: f"{e:.2e}" for k, e in errors.items()})
    assert max(errors.values()) <= 1e-6, errors
    assert float(stats["found_inf"]) == 0.0


@pytest.mark.parametrize("schedule", ["auto", "two-pass"])
def test_weight_grad_scale_and_an_infinite_loss_scale_on_the_emulator(
        emulator, schedule):
    x, w, y, b = random_problem(37, 48, 203, torch.bfloat16, bias=True)
    ref_x, ref_w, ref_b = (t.detach().double().requires_grad_()
                           for t in (x, w, b))
    F.cross_entropy(F.linear(ref_x, ref_w, ref_b), y).backward()
    # A loss scale S = 1024 and its inverse as the head's gradient scale
    # (a tensor, as GradScaler keeps it): dh stays scaled by S, dW and db
    # come back unscaled.
    inverse = torch.tensor(1.0 / 1024.0)
    runs = kernels.stats["runs"]
    loss, stats = linear_cross_entropy(x, w, y, b, return_stats=True,
                                       weight_grad_scale=inverse,
                                       schedule=schedule)
    (loss * 1024.0).backward()
    assert kernels.stats["runs"] == runs + _runs(schedule, torch.bfloat16)
    errors = {"dh": relative_error(x.grad, 1024.0 * ref_x.grad),
              "dW": relative_error(w.grad, ref_w.grad),
              "db": relative_error(b.grad, ref_b.grad)}
    print("S=1024", {k: f"{e:.2e}" for k, e in errors.items()})
    assert max(errors.values()) <= 1e-2, errors
    assert float(stats["found_inf"]) == 0.0
    # An infinite loss scale: the head's gradient is not finite, the flag
    # says so (GradScaler would skip the step and lower the scale).
    for t in (x, w, b):
        t.grad = None
    loss, stats = linear_cross_entropy(x, w, y, b, return_stats=True,
                                       weight_grad_scale=torch.tensor(0.0),
                                       schedule=schedule)
    (loss * float("inf")).backward()
    print("S=inf found_inf", float(stats["found_inf"]),
          "dw_norm_sq", float(stats["dw_norm_sq"]))
    assert float(stats["found_inf"]) == 1.0
    assert not torch.isfinite(w.grad.float()).all()


def test_weight_grad_scale_errors():
    x, w, y, _ = random_problem(5, 4, 7)
    with pytest.raises(ValueError, match="one element"):
        linear_cross_entropy(x, w, y, weight_grad_scale=torch.ones(2))
    with pytest.raises(TypeError, match="weight_grad_scale must be"):
        linear_cross_entropy(x, w, y, weight_grad_scale="half")
