"""lmhead.torch.linear_cross_entropy on CPU tensors (the exact chunked
reference) against PyTorch's F.cross_entropy(F.linear(...)) in float64:
every option, the loss and every gradient; gradcheck; bf16; all ignored."""

import pytest
import torch

from _helpers import grads, random_problem, relative_error, torch_loss
from lmhead.torch import LinearCrossEntropyLoss, linear_cross_entropy
from lmhead.torch import reference

F64_TOLERANCE = 1e-12
BF16_TOLERANCE = 1e-2

# (name, options of the op, problem options)
CASES = [
    ("mean", {}, {}),
    ("ignore-1", {"ignore_index": -1}, {"ignore_index": -1}),
    ("sum", {"reduction": "sum"}, {}),
    ("none", {"reduction": "none"}, {}),
    ("label-smoothing", {"label_smoothing": 0.1}, {}),
    ("softcap", {"softcap": 2.0}, {"scale": 8.0}),
    ("z-loss", {"z_loss": 1e-3}, {}),
    ("bias", {}, {"bias": True}),
    ("batch", {"reduction": "none"}, {"batch": 3}),
    ("dv", {"weight_layout": "dv"}, {"weight_layout": "dv"}),
    ("everything", {"reduction": "none", "ignore_index": -1,
                    "label_smoothing": 0.2, "softcap": 3.0, "z_loss": 1e-2,
                    "weight_layout": "dv"},
     {"bias": True, "batch": 2, "ignore_index": -1, "weight_layout": "dv",
      "scale": 4.0}),
    ("everything-sum", {"reduction": "sum", "label_smoothing": 0.05,
                        "softcap": 5.0, "z_loss": 1e-4}, {"bias": True}),
]


def check_against_torch(n, d, v, options, problem, dtype=torch.float64,
                        tolerance=F64_TOLERANCE, seed=0):
    """Runs the op and PyTorch on one problem; returns the errors by name
    after asserting each is within ``tolerance``."""
    x, w, y, b = random_problem(n, d, v, dtype, seed=seed, **problem)
    ref_x, ref_w, ref_b = (t.detach().double().requires_grad_()
                           if t is not None else None for t in (x, w, b))
    loss = linear_cross_entropy(x, w, y, b, **options)
    want = torch_loss(ref_x, ref_w, y, ref_b, **options)
    assert loss.shape == want.shape
    upstream = torch.randn(want.shape, dtype=torch.float64,
                           generator=torch.Generator().manual_seed(seed + 1))
    got_grads = grads(loss, upstream.to(loss.dtype), x, w, b)
    want_grads = grads(want, upstream, ref_x, ref_w, ref_b)
    errors = {"loss": relative_error(loss, want)}
    for name, got, expected in zip(("dh", "dW", "db"), got_grads,
                                   want_grads):
        if got is not None:
            assert got.dtype == dtype and got.shape == expected.shape
            errors[name] = relative_error(got, expected)
    for name, error in errors.items():
        assert error <= tolerance, f"{name}: relative error {error:.3g}"
    return errors


@pytest.mark.parametrize("name,options,problem", CASES,
                         ids=[c[0] for c in CASES])
def test_float64_against_pytorch(name, options, problem, record_property):
    errors = check_against_torch(37, 24, 101, options, problem)
    record_property("errors", errors)
    print(name, {k: f"{e:.2e}" for k, e in errors.items()})


def test_chunks_give_the_same_result(monkeypatch):
    # Four tokens per chunk (and a ragged last chunk) against one chunk.
    x, w, y, b = random_problem(37, 16, 50, bias=True)
    whole = linear_cross_entropy(x, w, y, b, reduction="none",
                                 label_smoothing=0.1)
    monkeypatch.setattr(reference, "_CHUNK_ELEMENTS", 4 * 50)
    assert reference.chunk_tokens(50) == 4
    chunked = linear_cross_entropy(x, w, y, b, reduction="none",
                                   label_smoothing=0.1)
    assert relative_error(chunked, whole) <= 1e-15
    check_against_torch(37, 16, 50, {"z_loss": 1e-3}, {"bias": True})


@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
def test_gradcheck(reduction):
    x, w, y, b = random_problem(5, 4, 7, bias=True, ignored=0.3, seed=3)
    y[0] = 2  # at least one token counts

    def f(x, w, b):
        return linear_cross_entropy(x, w, y, b, reduction=reduction,
                                    label_smoothing=0.1, softcap=3.0,
                                    z_loss=1e-2)

    assert torch.autograd.gradcheck(f, (x, w, b))


@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16])
def test_16_bit_within_tolerance(dtype):
    # The f64 reference takes the same rounded inputs; the op rounds the
    # logits and their gradient to the 16-bit type, as autocast does.
    errors = check_against_torch(64, 32, 203, {"label_smoothing": 0.1},
                                 {"bias": True}, dtype=dtype,
                                 tolerance=BF16_TOLERANCE)
    print(dtype, {k: f"{e:.2e}" for k, e in errors.items()})


def test_float32_against_float64():
    check_against_torch(50, 32, 301, {"z_loss": 1e-4, "softcap": 10.0},
                        {"scale": 4.0}, dtype=torch.float32,
                        tolerance=1e-5)


@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
def test_every_label_ignored(reduction):
    x, w, y, b = random_problem(9, 8, 13, bias=True, ignored=1.0)
    assert (y == -100).all()
    loss = linear_cross_entropy(x, w, y, b, reduction=reduction,
                                label_smoothing=0.1, z_loss=1e-3)
    assert torch.isfinite(loss).all() and (loss == 0).all()
    loss.sum().backward()
    for t in (x, w, b):
        assert (t.grad == 0).all()


def test_autocast_casts_like_a_linear_layer():
    x, w, y, _ = random_problem(16, 32, 64, torch.float32)
    with torch.autocast("cpu", dtype=torch.bfloat16):
        loss = linear_cross_entropy(x, w, y)
    assert loss.dtype == torch.float32
    loss.backward()
    assert x.grad.dtype == torch.float32 and w.grad.dtype == torch.float32
    want = torch_loss(x.detach().bfloat16().double(),
                      w.detach().bfloat16().double(), y)
    assert relative_error(loss, want) <= BF16_TOLERANCE


def test_module():
    x, w, y, b = random_problem(10, 8, 20, bias=True)
    module = LinearCrossEntropyLoss(reduction="sum", label_smoothing=0.1,
                                    softcap=4.0)
    assert "softcap=4.0" in repr(module)
    want = linear_cross_entropy(x, w, y, b, reduction="sum",
                                label_smoothing=0.1, softcap=4.0)
    assert torch.equal(module(x, w, y, b), want)


def test_empty_batch():
    x, w, y, _ = random_problem(0, 8, 20)
    loss = linear_cross_entropy(x, w, y)
    assert loss.item() == 0.0
    loss.backward()
    assert (w.grad == 0).all() and x.grad.shape == (0, 8)
