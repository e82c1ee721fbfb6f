"""Gradients nobody asked for are not computed: with a frozen head (LoRA,
probing) the backward (or the one-pass step) runs no dW product and
allocates no V×D buffer; with a frozen input it runs no dh product. Checked on the emulator, where each
launch is reported (LMHEAD_EMULATOR_STATS=1), against PyTorch in float64
for the gradients that are wanted."""

import json
import os
import re

import pytest
import torch

from _helpers import random_problem, relative_error, torch_loss
from lmhead.torch import kernels, linear_cross_entropy

BF16_TOLERANCE = 1e-2


def _launched(stderr):
    """The kernels the emulator ran, by name, in order."""
    return re.findall(r"lmhead emulator: kernel (\S+):", stderr)


def _backward_kernels(stream):
    """The names of the loaded kernels of the backward (ce_linear_grad) and
    of the one-pass step (ce_linear_step) on ``stream``, from the bundles'
    manifests."""
    names = set()
    for bundle in kernels._loaded.values():
        for kind in ("ce_linear_grad", "ce_linear_step"):
            op = bundle.ops.get(kind)
            if op:
                with open(os.path.join(bundle.directory,
                                       "manifest.json")) as f:
                    entry = json.load(f)["ops"][op.name]
                names |= {k["name"] for k in entry["kernels"]
                          if k["stream"] == stream}
    return names


@pytest.mark.parametrize("schedule", ["auto", "two-pass"])
@pytest.mark.parametrize("frozen", ["head", "input", "bias"])
def test_a_frozen_tensor_gets_no_gradient_kernels(emulator, monkeypatch,
                                                  capfd, frozen, schedule):
    # The two-pass backward, and the one-pass step (the default), which
    # forms the gradients in the forward.
    monkeypatch.setenv("LMHEAD_EMULATOR_STATS", "1")
    x, w, y, b = random_problem(29, 32, 96, torch.bfloat16, bias=True)
    frozen_tensor = {"head": w, "input": x, "bias": b}[frozen]
    frozen_tensor.requires_grad_(False)
    capfd.readouterr()
    loss = linear_cross_entropy(x, w, y, b, schedule=schedule)
    loss.backward()
    launched = _launched(capfd.readouterr().err)
    step = any(name.startswith("ce_linear_step") for name in launched)
    assert step == (schedule == "auto"), launched
    stream = {"head": "dw", "input": "dh", "bias": "db"}[frozen]
    skipped = _backward_kernels(stream)
    assert skipped, "the backward has kernels on that stream"
    assert not skipped & set(launched), launched
    assert launched, "the backward ran on the emulator"
    assert frozen_tensor.grad is None
    # The gradients that are wanted are right.
    ref = [t.detach().double().requires_grad_(t.requires_grad)
           for t in (x, w, b)]
    want = torch_loss(ref[0], ref[1], y, ref[2])
    want.backward()
    for got, expected in zip((x, w, b), ref):
        if got.requires_grad:
            assert relative_error(got.grad, expected.grad) <= BF16_TOLERANCE


@pytest.mark.parametrize("schedule", ["auto", "two-pass"])
def test_with_statistics_every_product_still_runs(emulator, monkeypatch,
                                                  capfd, schedule):
    # The gradient norms are computed in the products' epilogues.
    monkeypatch.setenv("LMHEAD_EMULATOR_STATS", "1")
    x, w, y, _ = random_problem(17, 32, 80, torch.bfloat16)
    w.requires_grad_(False)
    capfd.readouterr()
    loss, stats = linear_cross_entropy(x, w, y, return_stats=True,
                                       schedule=schedule)
    loss.backward()
    launched = set(_launched(capfd.readouterr().err))
    assert _backward_kernels("dw") & launched
    assert w.grad is None and float(stats["dw_norm_sq"]) > 0
