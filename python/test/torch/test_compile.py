"""torch.compile(fullgraph=True) keeps the op as one node, with the token
count symbolic, and its compiled forward and backward match eager."""

import operator

import pytest
import torch

from _helpers import random_problem, relative_error
from torch._dynamo.backends.registry import lookup_backend

from lmhead.torch import kernels, linear_cross_entropy

OP = torch.ops.lmhead.linear_cross_entropy.default


def loss_of(x, w, y, b):
    return linear_cross_entropy(x, w, y, b, label_smoothing=0.1,
                                z_loss=1e-3, softcap=8.0)


def test_one_node_in_the_graph():
    graphs = []

    def backend(gm, example_inputs):
        graphs.append(gm)
        return gm.forward

    torch._dynamo.reset()
    compiled = torch.compile(loss_of, fullgraph=True, backend=backend)
    x, w, y, b = random_problem(12, 8, 30, torch.float32, bias=True)
    compiled(x, w, y, b)
    assert len(graphs) == 1
    calls = [n.target for n in graphs[0].graph.nodes
             if n.op == "call_function"]
    assert calls.count(OP) == 1, calls
    # Nothing else computes: the op and the pick of its loss.
    assert set(calls) <= {OP, operator.getitem}, calls


@pytest.mark.parametrize("backend", ["aot_eager", "inductor"])
def test_compiled_matches_eager_with_dynamic_tokens(backend):
    torch._dynamo.reset()
    torch._dynamo.utils.counters.clear()
    compiled = torch.compile(loss_of, fullgraph=True, dynamic=True,
                             backend=backend)
    for n in (12, 20, 33):
        x, w, y, b = random_problem(n, 8, 30, torch.float32, bias=True,
                                    seed=n)
        eager = loss_of(x, w, y, b)
        eager_grads = torch.autograd.grad(eager, (x, w, b))
        got = compiled(x, w, y, b)
        got_grads = torch.autograd.grad(got, (x, w, b))
        assert relative_error(got, eager) <= 1e-6
        for g, e in zip(got_grads, eager_grads):
            assert relative_error(g, e) <= 1e-6
    # One graph for every token count: no recompilation.
    assert torch._dynamo.utils.counters["stats"]["unique_graphs"] == 1


def test_compiled_on_the_kernels(emulator):
    # Through torch.compile(fullgraph=True, dynamic=True), the default is
    # the one-pass step, as in eager: one node of the graph, one launch of
    # one bundle for every token count (D and V are constants of the
    # graph, as the kernels are specialised on them).
    graphs = []

    def backend(gm, example_inputs):
        graphs.append(gm)
        return lookup_backend("aot_eager")(gm, example_inputs)

    torch._dynamo.reset()
    compiled = torch.compile(loss_of, fullgraph=True, dynamic=True,
                             backend=backend)
    compiled_before = None
    for n in (17, 40):
        x, w, y, b = random_problem(n, 32, 64, torch.bfloat16, bias=True,
                                    seed=n)
        # Without autograd, eager runs the forward's kernels alone.
        eager = loss_of(x.detach(), w.detach(), y, b.detach())
        runs = kernels.stats["runs"]
        got = compiled(x, w, y, b)
        got.backward()
        assert kernels.stats["runs"] == runs + 1
        if compiled_before is None:
            compiled_before = kernels.stats["compiled"]
        assert kernels.stats["compiled"] == compiled_before
        assert relative_error(got, eager) <= 1e-6
    assert len(graphs) == 1
    calls = [n.target for n in graphs[0].graph.nodes
             if n.op == "call_function"]
    assert calls.count(torch.ops.lmhead.linear_cross_entropy_step.default) \
        == 1, calls
    assert OP not in calls


def test_one_pass_step_compiles_to_one_node(emulator, monkeypatch):
    monkeypatch.setenv("LMHEAD_SCHEDULE", "one-pass")
    graphs = []

    def backend(gm, example_inputs):
        graphs.append(gm)
        return gm.forward

    torch._dynamo.reset()
    compiled = torch.compile(
        lambda x, w, y: linear_cross_entropy(x, w, y, z_loss=1e-3),
        fullgraph=True, backend=backend)
    x, w, y, _ = random_problem(64, 32, 64, torch.bfloat16)
    runs = kernels.stats["runs"]
    got = compiled(x, w, y)
    got.backward()
    assert kernels.stats["runs"] == runs + 1
    calls = [n.target for n in graphs[0].graph.nodes
             if n.op == "call_function"]
    assert calls.count(torch.ops.lmhead.linear_cross_entropy_step.default) \
        == 1, calls
    eager = linear_cross_entropy(x.detach(), w.detach(), y, z_loss=1e-3)
    assert relative_error(got, eager) <= 1e-6


def test_weight_grad_scale_compiles():
    def scaled(x, w, y, s):
        return linear_cross_entropy(x, w, y, weight_grad_scale=s)

    torch._dynamo.reset()
    compiled = torch.compile(scaled, fullgraph=True, backend="aot_eager")
    x, w, y, _ = random_problem(12, 8, 30, torch.float64)
    s = torch.tensor(0.25)
    compiled(x, w, y, s).backward()
    ref_x, ref_w = (t.detach().clone().requires_grad_() for t in (x, w))
    scaled(ref_x, ref_w, y, s).backward()
    assert relative_error(w.grad, ref_w.grad) <= 1e-12
    assert relative_error(x.grad, ref_x.grad) <= 1e-12


def test_return_stats_inside_compile_is_refused():
    def with_stats(x, w, y):
        return linear_cross_entropy(x, w, y, return_stats=True)

    torch._dynamo.reset()
    compiled = torch.compile(with_stats, fullgraph=True, backend="aot_eager")
    x, w, y, _ = random_problem(6, 4, 9, torch.float64)
    with pytest.raises(Exception, match="not supported inside torch.compile"):
        compiled(x, w, y)
