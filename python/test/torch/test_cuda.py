"""The op on a CUDA device (skipped without one): lmhead's kernels on
torch's stream against float64, both schedules, and a training step
captured in a CUDA graph and replayed."""

import pytest
import torch

from _helpers import grads, random_problem, relative_error, torch_loss
from lmhead.torch import kernels, linear_cross_entropy

pytestmark = pytest.mark.skipif(not torch.cuda.is_available(),
                                reason="no CUDA device")

BF16_TOLERANCE = 1e-2


def on_gpu(*tensors):
    return [t.detach().cuda().requires_grad_(t.requires_grad)
            if t is not None else None for t in tensors]


@pytest.mark.parametrize("schedule", ["two-pass", "one-pass"])
@pytest.mark.parametrize("options", [{}, {"label_smoothing": 0.1,
                                          "z_loss": 1e-4, "softcap": 30.0}])
def test_against_float64(monkeypatch, schedule, options):
    monkeypatch.setenv("LMHEAD_SCHEDULE", schedule)
    x, w, y, _ = random_problem(1000, 256, 3000, torch.bfloat16, seed=4)
    ref_x, ref_w = (t.detach().double().requires_grad_() for t in (x, w))
    gx, gw, gy = on_gpu(x, w, y)
    runs = kernels.stats["runs"]
    loss = linear_cross_entropy(gx, gw, gy, **options)
    got = grads(loss, torch.ones((), device="cuda"), gx, gw)
    assert kernels.stats["runs"] > runs
    want = torch_loss(ref_x, ref_w, y, **options)
    expected = grads(want, torch.ones((), dtype=torch.float64), ref_x,
                     ref_w)
    errors = {"loss": relative_error(loss.cpu(), want),
              "dh": relative_error(got[0].cpu(), expected[0]),
              "dW": relative_error(got[1].cpu(), expected[1])}
    print(schedule, options, {k: f"{e:.2e}" for k, e in errors.items()})
    assert max(errors.values()) <= BF16_TOLERANCE, errors


def test_cuda_graph_capture():
    x, w, y, _ = on_gpu(*random_problem(512, 128, 1000, torch.bfloat16))
    x.requires_grad_(), w.requires_grad_()

    def step():
        x.grad = w.grad = None
        loss = linear_cross_entropy(x, w, y, label_smoothing=0.1)
        loss.backward()
        return loss

    stream = torch.cuda.Stream()
    stream.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(stream):
        for _ in range(2):  # compiles and loads the kernels
            eager = step()
    torch.cuda.current_stream().wait_stream(stream)
    eager_grads = (x.grad.clone(), w.grad.clone())
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        captured = step()
    graph.replay()
    torch.cuda.synchronize()
    assert relative_error(captured, eager) <= 1e-6
    assert relative_error(x.grad, eager_grads[0]) <= 1e-6
    assert relative_error(w.grad, eager_grads[1]) <= 1e-6
