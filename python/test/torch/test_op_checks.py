"""The registered ops check what they are given, as the public function
does: shapes, dtypes and devices in their bodies and their fake
implementations (a direct call of torch.ops.lmhead.* must not read out of
bounds), and every label's value on the device, by default and without a
host synchronisation."""

import subprocess
import sys

import pytest
import torch
from torch._subclasses.fake_tensor import FakeTensorMode

from lmhead.torch import linear_cross_entropy
from lmhead.torch.checks import LabelError

OPTIONS = (-100, "mean", 0.0, 0.0, 0.0, "vd")
# The backward op's statistics, dw_scale, want_dh, want_dw and want_db: no
# statistics, no scale, every gradient.
BACKWARD_FLAGS = (False, None, True, True, True)


def tensors(n=6, d=8, v=10, dtype=torch.float32, seed=0):
    gen = torch.Generator().manual_seed(seed)
    return (torch.randn(n, d, generator=gen).to(dtype),
            torch.randn(v, d, generator=gen).to(dtype),
            torch.randint(0, v, (n,), generator=gen))


def forward(h, w, y, *options):
    return torch.ops.lmhead.linear_cross_entropy(h, w, y, None,
                                                 *(options or OPTIONS))


def backward(h, w, y, lse=None, grad=None):
    lse = torch.zeros(h.shape[0]) if lse is None else lse
    grad = torch.ones(()) if grad is None else grad
    return torch.ops.lmhead.linear_cross_entropy_backward(
        grad, h, w, y, None, lse, *OPTIONS, *BACKWARD_FLAGS)


# --- shapes, dtypes and devices, in the op and in its fake ---------------

BAD_INPUTS = [
    ("labels shorter than the tokens",
     lambda h, w, y: (h, w, y[:-2]),
     r"target \[4\] does not match input \[6, 8\]"),
    ("a weight narrower than the tokens",
     lambda h, w, y: (h, w[:, :5], y),
     r"weight \[10, 5\] .* hidden size 5 against 8"),
    ("labels of a float type",
     lambda h, w, y: (h, w, y.float()),
     "integer class indices"),
    ("tokens of three dimensions",
     lambda h, w, y: (h[None], w, y[None]),
     r"input must be \[N, D\]"),
    ("a weight of another dtype",
     lambda h, w, y: (h, w.double(), y),
     "input is torch.float32 but weight is torch.float64"),
]


@pytest.mark.parametrize("what,bad,message", BAD_INPUTS,
                         ids=[case[0] for case in BAD_INPUTS])
@pytest.mark.parametrize("path", ["reference", "emulator"])
def test_forward_op_refuses(monkeypatch, what, bad, message, path):
    dtype = torch.float32
    if path == "emulator":
        monkeypatch.setenv("LMHEAD_DEVICE", "emulator")
        dtype = torch.bfloat16
    h, w, y = bad(*tensors(dtype=dtype))
    if what == "a weight of another dtype" and path == "emulator":
        message = "input is torch.bfloat16 but weight is torch.float64"
    with pytest.raises((ValueError, TypeError),
                       match="lmhead::linear_cross_entropy: .*" + message):
        forward(h, w, y)


@pytest.mark.parametrize("what,bad,message", BAD_INPUTS,
                         ids=[case[0] for case in BAD_INPUTS])
def test_fake_forward_refuses(what, bad, message):
    h, w, y = bad(*tensors())
    with FakeTensorMode() as mode:
        fakes = [mode.from_tensor(t) for t in (h, w, y)]
        with pytest.raises((ValueError, TypeError), match=message):
            forward(*fakes)


def test_backward_op_refuses(emulator):
    h, w, y = tensors(dtype=torch.bfloat16)
    with pytest.raises(ValueError, match=r"linear_cross_entropy_backward: "
                       r"target \[5\] does not match input \[6, 8\]"):
        backward(h, w, y[:5])
    with pytest.raises(ValueError, match=r"lse must be \[6\] of "
                       r"torch.float32 .* got \[4\]"):
        backward(h, w, y, lse=torch.zeros(4))
    with pytest.raises(ValueError, match=r"grad_loss must be \[\] .* "
                       r"reduction 'mean'\), got \[6\]"):
        backward(h, w, y, grad=torch.ones(6))
    narrow = w[:, :4]
    with FakeTensorMode() as mode:
        fakes = [mode.from_tensor(t) for t in (h, narrow, y)]
        with pytest.raises(ValueError, match="hidden size 4 against 8"):
            backward(*fakes)


def test_step_op_refuses():
    h, w, y = tensors()
    with pytest.raises(ValueError, match=r"linear_cross_entropy_step: "
                       r"target \[3\] does not match"):
        torch.ops.lmhead.linear_cross_entropy_step(h, w, y[:3], None,
                                                   *OPTIONS)
    with pytest.raises(ValueError, match="needs reduction 'mean' or 'sum'"):
        torch.ops.lmhead.linear_cross_entropy_step(
            h, w, y, None, -100, "none", 0.0, 0.0, 0.0, "vd")


# --- torch.library.opcheck: schema, fakes (strides too), autograd -------

def strided(h):
    """``h`` with the same values in a non-contiguous layout."""
    return h.t().contiguous().t()


@pytest.mark.parametrize("path", ["reference", "emulator"])
def test_opcheck(monkeypatch, path):
    dtype = torch.float64
    if path == "emulator":
        monkeypatch.setenv("LMHEAD_DEVICE", "emulator")
        dtype = torch.bfloat16
    h, w, y = tensors(dtype=dtype)
    h = strided(h).requires_grad_()
    w = w.requires_grad_()
    torch.library.opcheck(torch.ops.lmhead.linear_cross_entropy,
                          (h, w, y, None, *OPTIONS))
    loss, lse = forward(h, w, y)
    grad = torch.ones((), dtype=loss.dtype)
    torch.library.opcheck(
        torch.ops.lmhead.linear_cross_entropy_backward,
        (grad, h.detach(), w.detach(), y, None, lse.detach(), *OPTIONS,
         *BACKWARD_FLAGS))
    # A dv weight, transposed in memory: the gradients come back in its
    # shape, contiguous, in the op and in its fake alike.
    dv = strided(w.detach().t())
    torch.library.opcheck(
        torch.ops.lmhead.linear_cross_entropy_backward,
        (grad, h.detach(), dv, y, None, lse.detach(), -100, "mean", 0.0, 0.0,
         0.0, "dv", *BACKWARD_FLAGS))


def test_opcheck_step():
    h, w, y = tensors(dtype=torch.float64)
    torch.library.opcheck(torch.ops.lmhead.linear_cross_entropy_step,
                          (strided(h).requires_grad_(), w.requires_grad_(),
                           y, None, *OPTIONS))


def test_fakes_return_contiguous_gradients():
    h, w, y = tensors()
    h = strided(h)
    assert not h.is_contiguous()
    loss, lse = forward(h, w, y)
    real = backward(h, w, y, lse)
    with FakeTensorMode() as mode:
        fake = backward(*[mode.from_tensor(t) for t in (h, w, y, lse)])
    for got, want in zip(fake, real):
        assert got.shape == want.shape and got.stride() == want.stride()
    assert real[0].is_contiguous()


# --- labels, asserted on the device ------------------------------------

def test_labels_are_asserted_on_the_device_by_default(emulator, monkeypatch):
    """The emulator path runs the assertion the CUDA path runs (one
    torch._assert_async of a 0-d tensor, no value read on the host)."""
    asserted = []
    original = torch._assert_async

    def spy(condition, *message):
        asserted.append((condition.shape, condition.dtype, message))
        return original(condition, *message)

    monkeypatch.setattr(torch, "_assert_async", spy)
    h, w, y = tensors(dtype=torch.bfloat16)
    linear_cross_entropy(h, w, y)
    assert asserted == [(torch.Size([]), torch.bool, asserted[0][2])]
    assert "tokenizer id" in asserted[0][2][0]


@pytest.mark.parametrize("path", ["reference", "emulator"])
@pytest.mark.parametrize("label,cause", [
    (10, "a tokenizer id >= the model's vocabulary size"),
    (-1, "padding labelled -1 while ignore_index is -100"),
])
def test_one_bad_label_stops_the_loss(monkeypatch, path, label, cause):
    dtype = torch.float32
    if path == "emulator":
        monkeypatch.setenv("LMHEAD_DEVICE", "emulator")
        dtype = torch.bfloat16
    h, w, y = tensors(dtype=dtype)
    y[3] = label
    with pytest.raises(LabelError) as error:
        linear_cross_entropy(h, w, y)
    message = str(error.value)
    assert f"target[3] (of the 6 tokens, flattened) is {label}" in message
    assert "[0, 10)" in message and cause in message
    assert "LMHEAD_CHECK_LABELS=off" in message


def test_labels_checked_by_the_op_itself(emulator):
    h, w, y = tensors(dtype=torch.bfloat16)
    y[0] = 99
    with pytest.raises(LabelError, match=r"target\[0\]"):
        forward(h, w, y)
    with pytest.raises(LabelError, match=r"target\[0\]"):
        torch.ops.lmhead.linear_cross_entropy_step(h, w, y, None, *OPTIONS)


def test_label_check_opt_out(emulator, monkeypatch):
    monkeypatch.setenv("LMHEAD_CHECK_LABELS", "off")
    monkeypatch.setattr(torch, "_assert_async",
                        lambda *args: pytest.fail("labels were checked"))
    h, w, y = tensors(dtype=torch.bfloat16)
    linear_cross_entropy(h, w, y)
    monkeypatch.setenv("LMHEAD_CHECK_LABELS", "sometimes")
    with pytest.raises(ValueError, match="expected one of async, sync, off"):
        linear_cross_entropy(h, w, y)


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a GPU")
def test_one_bad_label_stops_the_stream_on_cuda():
    """On a GPU the default check is a device-side assert: the run stops
    instead of making dW NaN. It ends the CUDA context, so it runs in a
    process of its own."""
    program = (
        "import torch\n"
        "from lmhead.torch import linear_cross_entropy\n"
        "h = torch.randn(64, 32, device='cuda', dtype=torch.bfloat16, "
        "requires_grad=True)\n"
        "w = torch.randn(100, 32, device='cuda', dtype=torch.bfloat16, "
        "requires_grad=True)\n"
        "y = torch.randint(0, 100, (64,), device='cuda')\n"
        "y[7] = 100\n"
        "linear_cross_entropy(h, w, y).backward()\n"
        "torch.cuda.synchronize()\n"
        "print('finite' if torch.isfinite(w.grad).all() else 'nan')\n")
    done = subprocess.run([sys.executable, "-c", program],
                          capture_output=True, text=True, check=False)
    assert done.returncode != 0, done.stdout
    assert "device-side assert" in done.stderr
