"""Gradient accumulation over micro-batches: when weight.grad exists, the
backward's kernels add dW to it in place (one rounding, no fresh V×D
buffer), as the one-pass step's backward does (dW was rounded in its
forward), and autograd's semantics are kept: torch.autograd.grad,
backward(inputs=...) and tensor hooks see this micro-batch's gradient
only, and leave weight.grad alone."""

import pytest
import torch

from _helpers import random_problem, relative_error, torch_loss
from lmhead.torch import kernels, linear_cross_entropy
from lmhead.torch import ops


def micro_batches(dtype, count=2, n=24, d=16, v=40):
    """``count`` (x, y) micro-batches and one weight, leaves of ``dtype``."""
    batches = []
    for seed in range(count):
        x, w, y, _ = random_problem(n, d, v, seed=seed)
        batches.append((x.detach().to(dtype).requires_grad_(), y))
        if seed == 0:
            weight = w.detach().to(dtype).requires_grad_()
    return batches, weight


def reference_weight_grad(batches, weight):
    """Σ over the micro-batches of dloss/dW, in float64 by PyTorch."""
    w = weight.detach().double().requires_grad_()
    for x, y in batches:
        torch_loss(x.detach().double(), w, y).backward()
    return w.grad


@pytest.fixture
def dw_buffers(monkeypatch):
    """The storage each kernel run of ce_linear_grad writes dW into."""
    seen = []
    run = kernels.run

    def spy(bundle, op, inputs, outputs, tokens):
        if op == "ce_linear_grad" and outputs.get("dw") is not None:
            seen.append(outputs["dw"].data_ptr())
        return run(bundle, op, inputs, outputs, tokens)

    monkeypatch.setattr(kernels, "run", spy)
    return seen


def test_micro_batches_accumulate_into_weight_grad(emulator, dw_buffers):
    # The two-pass backward's kernels add dW in their epilogue.
    batches, weight = micro_batches(torch.bfloat16, count=3)
    linear_cross_entropy(batches[0][0], weight, batches[0][1],
                         schedule="two-pass").backward()
    storage = weight.grad.data_ptr()
    for x, y in batches[1:]:
        linear_cross_entropy(x, weight, y, schedule="two-pass").backward()
    # The first backward makes dW; the next ones add to weight.grad where
    # it lies.
    assert dw_buffers[1:] == [storage, storage]
    assert dw_buffers[0] == storage
    assert weight.grad.data_ptr() == storage
    assert any(kind.accumulate_dw for kind in kernels._loaded)
    error = relative_error(weight.grad, reference_weight_grad(batches, weight))
    assert error < 1e-2, error


def test_the_one_pass_step_adds_into_weight_grad_in_place(emulator):
    # The default one-pass step forms dW in the forward; its backward adds
    # g·dW to weight.grad where it lies (no V×D temporary).
    batches, weight = micro_batches(torch.bfloat16, count=3)
    runs = kernels.stats["runs"]
    linear_cross_entropy(batches[0][0], weight, batches[0][1]).backward()
    storage = weight.grad.data_ptr()
    for x, y in batches[1:]:
        linear_cross_entropy(x, weight, y).backward()
    assert kernels.stats["runs"] == runs + 3  # one step each
    assert weight.grad.data_ptr() == storage
    error = relative_error(weight.grad, reference_weight_grad(batches, weight))
    assert error < 1e-2, error


def test_reference_path_accumulates_too():
    batches, weight = micro_batches(torch.float64, count=2)
    for x, y in batches:
        linear_cross_entropy(x, weight, y).backward()
    assert relative_error(weight.grad,
                          reference_weight_grad(batches, weight)) < 1e-12


def test_autograd_grad_leaves_weight_grad_alone(emulator):
    batches, weight = micro_batches(torch.bfloat16, count=2)
    linear_cross_entropy(batches[0][0], weight, batches[0][1]).backward()
    before = weight.grad.clone()
    x, y = batches[1]
    (got,) = torch.autograd.grad(linear_cross_entropy(x, weight, y), weight)
    assert torch.equal(weight.grad, before)
    alone = reference_weight_grad([batches[1]], weight)
    assert relative_error(got, alone) < 1e-2


def test_backward_for_other_inputs_leaves_weight_grad_alone(emulator):
    batches, weight = micro_batches(torch.bfloat16, count=2)
    linear_cross_entropy(batches[0][0], weight, batches[0][1]).backward()
    before = weight.grad.clone()
    x, y = batches[1]
    linear_cross_entropy(x, weight, y).backward(inputs=[x])
    assert torch.equal(weight.grad, before)
    assert x.grad is not None


def test_a_tensor_hook_sees_this_micro_batch(emulator):
    batches, weight = micro_batches(torch.bfloat16, count=2)
    linear_cross_entropy(batches[0][0], weight, batches[0][1]).backward()
    seen = []
    weight.register_hook(lambda g: seen.append(g.clone()))
    x, y = batches[1]
    linear_cross_entropy(x, weight, y).backward()
    alone = reference_weight_grad([batches[1]], weight)
    assert relative_error(seen[0], alone) < 1e-2
    assert relative_error(weight.grad,
                          reference_weight_grad(batches, weight)) < 1e-2


def test_dw_into_must_match_the_weight():
    x, w, y, _ = random_problem(6, 8, 10)
    loss, lse = torch.ops.lmhead.linear_cross_entropy(
        x, w, y, None, -100, "mean", 0.0, 0.0, 0.0, "vd")
    with pytest.raises(ValueError, match=r"dw_into must be a contiguous "
                       r"tensor of the weight's shape \[10, 8\]"):
        ops.backward_into_op(torch.ones((), dtype=torch.float64),
                             x.detach(), w.detach(), y, None, lse, -100,
                             "mean", 0.0, 0.0, 0.0, "vd", True, True,
                             torch.zeros(8, 10, dtype=torch.float64))


@pytest.mark.parametrize("accumulate", [False, True])
def test_backward_ops_get_every_argument_by_position(monkeypatch, accumulate):
    """torch before 2.12 finds a custom op's mutated argument (dw_into) by
    its position among the positional arguments: passed by name or left
    out, backward raised IndexError on a GPU (torch 2.11). The autograd
    backward calls the accumulating op when weight.grad exists, the plain
    one otherwise, each with every argument of its schema by position."""
    calls = []
    custom_op = type(ops.backward_op)
    call = custom_op.__call__

    def recorder(self, *args, **kwargs):
        if self in (ops.backward_op, ops.backward_into_op):
            calls.append((self, len(args), sorted(kwargs)))
        return call(self, *args, **kwargs)

    monkeypatch.setattr(custom_op, "__call__", recorder)
    batches, weight = micro_batches(torch.float32, count=1)
    (x, y), = batches
    if accumulate:
        weight.grad = torch.zeros_like(weight)
    linear_cross_entropy(x, weight, y).backward()
    op = ops.backward_into_op if accumulate else ops.backward_op
    assert calls == [(op, len(op._opoverload._schema.arguments), [])]
    assert weight.grad is not None and torch.isfinite(weight.grad).all()


def test_mutated_argument_is_never_dropped_as_a_default():
    """torch before 2.12's dispatcher drops trailing arguments equal to
    their defaults before the in-place bookkeeping indexes the mutated one:
    a dw_into of None by default raised IndexError on an H200 (torch 2.11),
    and Inductor leaves a None optional argument out of the calls it
    writes. The op that mutates has no defaults and a required dw_into; the
    plain op mutates nothing."""
    schema = ops.backward_into_op._opoverload._schema
    written = [a for a in schema.arguments
               if a.alias_info and a.alias_info.is_write]
    assert [a.name for a in written] == ["dw_into"]
    assert str(written[0].type) == "Tensor"
    assert [a.name for a in schema.arguments if a.has_default_value()] == []
    plain = ops.backward_op._opoverload._schema
    assert not any(a.alias_info and a.alias_info.is_write
                   for a in plain.arguments)
