#!/usr/bin/env python3
"""Make the PyTorch fixtures of test/graphs: real linalg-on-tensors training graphs.

Not part of CI: the fixtures it writes are committed, and CI only parses and lowers them.
Run it by hand when a fixture has to be remade (about a minute on 2 cores):

    python3.11 -m venv /tmp/graphs-venv
    /tmp/graphs-venv/bin/pip install torch==2.15.0 torch-mlir==20261001
    /tmp/graphs-venv/bin/python test/graphs/make_torch_graphs.py            # all fixtures
    /tmp/graphs-venv/bin/python test/graphs/make_torch_graphs.py --only gpt2_train_step_f32_tied

(torch 2.15.0 is the plain PyPI wheel; its CUDA libraries are pulled in but never used.)

What it does, per fixture:
 1. A training step of a tiny GPT-2 (1 block, 2 heads, d_model 64, vocabulary 1024, batch 2 x
    seq 64, labels with ignore_index -100; the loss F.cross_entropy(ignore_index=-100) or, in
    the loss-variant fixtures, one of the forms training code writes: label_smoothing=0.1,
    Gemma-2's logit soft-cap 30 * tanh(logits / 30) on the flat [N, V] logits or, as
    transformers' Gemma2ForCausalLM writes it, tanh(logits / 30) * 30 on the [B, S, V] logits
    before they are flattened, PaLM's z-loss 1e-4 * mean(lse^2), reduction="sum",
    ignore_index=-1) is traced by AOTAutograd's
    `aot_export_module(..., trace_joint=True, output_loss_index=0)`: one FX graph of ATen ops
    holding the forward loss and the whole backward (the joint graph that torch.compile
    partitions), parameters lifted to graph inputs. The decompositions are torch-mlir's own
    table (`torch_mlir.extras.fx_decomp_util.get_decomposition_table()`, the one
    `fx.export_and_import` uses), except in the fixtures marked "native loss", where
    `aten.nll_loss_backward` and `aten._log_softmax_backward_data` are left to torch-mlir's C++
    lowerings (a `linalg.generic` comparing `linalg.index` with the label).
    The backward-only fixtures are `make_fx` traces of `torch.autograd.grad` of
    `F.linear(h, W[, b])` with the logit gradient dZ as an input.
 2. `torch_mlir.fx.stateless_fx_import(gm, output_type="linalg-on-tensors")`: torch-mlir's
    `torchdynamo-export-to-torch-backend-pipeline` then
    `torch-backend-to-linalg-on-tensors-backend-pipeline`.
 3. Post-processing, the only edit made to torch-mlir's output: each `tm_tensor.scatter` (the
    torch-mlir dialect op that index_put / scatter lower to: the embedding gradient and, with
    torch-mlir's default table, the one-hot of the loss gradient) is replaced in place by an
    `scf.for` loop nest over `tensor.extract` / `tensor.insert` (scatter_to_loops.py) computing
    what the op's scalar implementation computes (its combiner region is copied: `addf` for
    index_put(accumulate=True), the update for scatter). Nothing else is touched; the script
    fails if any op of a non-upstream dialect is left.
 4. A header of `//` lines (tool versions, shapes, the order of arguments and results) and two
    RUN lines (parse; lower with --lmhead-cpu-pipeline=decompose=false).

With --check, every fixture written is parsed by lmhead-opt (MLIR 22) and lowered by
`lmhead-opt --lmhead-cpu-pipeline=decompose=false` (default tool: build/bin/lmhead-opt of this checkout,
or $LMHEAD_OPT). With --numerics (needs --out-dir to be this folder), each f32 fixture is run
on the CPU (run_on_cpu.py) and compared with eager PyTorch on other weights than those traced.
"""

import argparse
import contextlib
import os
import re
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fixture_checks import check, lower_args, non_upstream_dialects  # noqa: E402
from scatter_to_loops import replace_scatters  # noqa: E402

# ---------------------------------------------------------------------------------------------
# Model: GPT-2 block structure (pre-LayerNorm, causal attention written out as in GPT-2's eager
# attention, tanh-GELU MLP, learned position embedding), tiny sizes.
# ---------------------------------------------------------------------------------------------
VOCAB = 1024
D_MODEL = 64
N_HEAD = 2
N_LAYER = 1
BATCH = 2
SEQ = 64
IGNORE_INDEX = -100
SEED = 0


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln_1 = nn.LayerNorm(D_MODEL)
        self.c_attn = nn.Linear(D_MODEL, 3 * D_MODEL)
        self.c_proj = nn.Linear(D_MODEL, D_MODEL)
        self.ln_2 = nn.LayerNorm(D_MODEL)
        self.c_fc = nn.Linear(D_MODEL, 4 * D_MODEL)
        self.mlp_proj = nn.Linear(4 * D_MODEL, D_MODEL)

    def forward(self, x):
        b, s, d = x.shape
        hd = d // N_HEAD
        q, k, v = self.c_attn(self.ln_1(x)).split(d, dim=2)
        q = q.view(b, s, N_HEAD, hd).transpose(1, 2)
        k = k.view(b, s, N_HEAD, hd).transpose(1, 2)
        v = v.view(b, s, N_HEAD, hd).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) * (1.0 / hd**0.5)
        causal = torch.ones(s, s, dtype=torch.bool).tril()
        att = att.masked_fill(~causal, float("-inf"))
        y = F.softmax(att, dim=-1) @ v
        y = y.transpose(1, 2).reshape(b, s, d)
        x = x + self.c_proj(y)
        return x + self.mlp_proj(F.gelu(self.c_fc(self.ln_2(x)), approximate="tanh"))


class GPT(nn.Module):
    """GPT-2 with the LM head tied to the token embedding or not.

    Tied: the head is `F.linear(x, self.wte.weight)`, the same weight read twice. (HF GPT-2 ties
    by registering one Parameter under two names, which AOTAutograd's export does not take:
    "Parameters must not be duplicated"; torch 2.15 lifts such a Parameter once per name, each
    with its own gradient, i.e. the untied graph. Here the graph is HF's, one weight with the
    two gradients added.)
    """

    def __init__(self, tied, loss_in_f32=False, variant="plain"):
        super().__init__()
        self.tied = tied
        self.loss_in_f32 = loss_in_f32
        self.variant = variant
        self.wte = nn.Embedding(VOCAB, D_MODEL)
        self.wpe = nn.Embedding(SEQ, D_MODEL)
        self.h = nn.ModuleList([Block() for _ in range(N_LAYER)])
        self.ln_f = nn.LayerNorm(D_MODEL)
        if not tied:
            self.lm_head = nn.Linear(D_MODEL, VOCAB, bias=False)

    def forward(self, idx, labels):
        pos = torch.arange(idx.shape[1])
        x = self.wte(idx) + self.wpe(pos)
        for block in self.h:
            x = block(x)
        x = self.ln_f(x)
        logits = F.linear(x, self.wte.weight) if self.tied else self.lm_head(x)
        if self.loss_in_f32:
            logits = logits.float()
        variant = VARIANTS[self.variant]
        if variant.before_view is not None:
            logits = variant.before_view(logits)
        return (variant.loss(logits.view(-1, VOCAB), labels.view(-1)),)


class Variant:
    """A loss as training code writes it on the flat logits [N, V] and labels [N], after
    `before_view` (if given) on the [B, S, V] logits, before they are flattened."""

    def __init__(self, code, result, loss, ignore_index=IGNORE_INDEX, before_view=None):
        self.code = code  # the loss as written, for the header
        self.result = result  # what @main's result #0 is
        self.loss = loss
        self.ignore_index = ignore_index
        self.before_view = before_view


LABEL_SMOOTHING = 0.1
SOFTCAP = 30.0  # Gemma-2's final logit soft-cap
Z_LOSS_WEIGHT = 1e-4  # PaLM's


def _z_loss(logits, labels):
    # PaLM's z-loss, as training code adds it: mean over the valid tokens of logsumexp^2.
    ce = F.cross_entropy(logits, labels, ignore_index=IGNORE_INDEX)
    mask = (labels != IGNORE_INDEX).float()
    lse = torch.logsumexp(logits, dim=-1)
    z = (lse**2 * mask).sum() / mask.sum()
    return ce + Z_LOSS_WEIGHT * z


# The losses of the training-step fixtures: `plain` for the original ones, the others for the
# loss-variant fixtures (f32, untied).
_MEAN = "mean over tokens whose label != -100"
VARIANTS = {
    "plain": Variant(
        f"F.cross_entropy(ignore_index={IGNORE_INDEX}, reduction='mean')", _MEAN,
        lambda z, y: F.cross_entropy(z, y, ignore_index=IGNORE_INDEX)),
    "label_smoothing": Variant(
        f"F.cross_entropy(ignore_index={IGNORE_INDEX}, label_smoothing={LABEL_SMOOTHING})",
        f"{_MEAN}, targets smoothed by {LABEL_SMOOTHING}",
        lambda z, y: F.cross_entropy(z, y, ignore_index=IGNORE_INDEX,
                                     label_smoothing=LABEL_SMOOTHING)),
    "softcap": Variant(
        f"Gemma-2 logit soft-cap logits = {SOFTCAP} * tanh(logits / {SOFTCAP}), then "
        f"F.cross_entropy(ignore_index={IGNORE_INDEX})",
        f"{_MEAN}, of the soft-capped logits",
        lambda z, y: F.cross_entropy(SOFTCAP * torch.tanh(z / SOFTCAP), y,
                                     ignore_index=IGNORE_INDEX)),
    # Gemma-2's soft-cap as transformers' Gemma2ForCausalLM applies it: on the [B, S, V]
    # logits, before the loss flattens them.
    "softcap_3d": Variant(
        f"Gemma-2 logit soft-cap on the [B, S, V] logits before they are flattened, "
        f"logits = torch.tanh(logits / {SOFTCAP}) * {SOFTCAP} (as transformers' "
        "Gemma2ForCausalLM), then F.cross_entropy(logits.view(-1, V), labels.view(-1), "
        f"ignore_index={IGNORE_INDEX})",
        f"{_MEAN}, of the soft-capped logits",
        lambda z, y: F.cross_entropy(z, y, ignore_index=IGNORE_INDEX),
        before_view=lambda z: torch.tanh(z / SOFTCAP) * SOFTCAP),
    "z_loss": Variant(
        f"PaLM z-loss: F.cross_entropy(ignore_index={IGNORE_INDEX}) + {Z_LOSS_WEIGHT} * "
        "(lse**2 * mask).sum() / mask.sum(), lse = torch.logsumexp(logits, dim=-1), "
        f"mask = (labels != {IGNORE_INDEX}).float()",
        f"cross-entropy {_MEAN}, plus {Z_LOSS_WEIGHT} * logsumexp^2 averaged over the "
        "same tokens",
        _z_loss),
    "sum": Variant(
        f"F.cross_entropy(ignore_index={IGNORE_INDEX}, reduction='sum')",
        "sum over tokens whose label != -100",
        lambda z, y: F.cross_entropy(z, y, ignore_index=IGNORE_INDEX, reduction="sum")),
    "ignore_minus1": Variant(
        "F.cross_entropy(ignore_index=-1, reduction='mean')",
        "mean over tokens whose label != -1",
        lambda z, y: F.cross_entropy(z, y, ignore_index=-1), ignore_index=-1),
}


# ---------------------------------------------------------------------------------------------
# Fixtures
# ---------------------------------------------------------------------------------------------
# name -> (kind, options)
FIXTURES = {
    "gpt2_train_step_f32_tied": ("train", dict(tied=True, precision="f32", loss="native")),
    "gpt2_train_step_f32_untied": ("train", dict(tied=False, precision="f32", loss="native")),
    "gpt2_train_step_bf16_autocast_tied": (
        "train", dict(tied=True, precision="bf16-autocast", loss="native")),
    "gpt2_train_step_bf16_autocast_untied": (
        "train", dict(tied=False, precision="bf16-autocast", loss="native")),
    "gpt2_train_step_f32_tied_coredecomp": (
        "train", dict(tied=True, precision="f32", loss="core-decomp")),
    # The loss variants training code writes (f32, untied, native loss lowering).
    **{f"gpt2_train_step_{v}": ("train", dict(tied=False, precision="f32", loss="native",
                                                variant=v))
       for v in ("label_smoothing", "softcap", "softcap_3d", "z_loss", "sum",
                 "ignore_minus1")},
    "lm_head_backward_f32": ("backward", dict(dtype=torch.float32, bias=False)),
    "lm_head_backward_bf16_bias": ("backward", dict(dtype=torch.bfloat16, bias=True)),
}

PRECISION_NOTE = {
    "f32": "f32 parameters and activations",
    "bf16-autocast": ("f32 parameters, forward traced under torch.autocast('cpu', "
                      "dtype=torch.bfloat16) (linear/matmul in bf16, what autocast keeps in "
                      "f32 stays f32)"),
}

LOSS_NOTE = {
    "native": ("aten.nll_loss_backward and aten._log_softmax_backward_data lowered by "
               "torch-mlir's C++ patterns (removed from the decomposition table)"),
    "core-decomp": ("torch-mlir's decomposition table as is (fx.export_and_import's default): "
                    "nll_loss_backward decomposed to aten.scatter.value (one-hot) and "
                    "where/mul, _log_softmax_backward_data to exp/sum/sub"),
}


def decomposition_table(loss):
    from torch_mlir.extras.fx_decomp_util import get_decomposition_table

    table = dict(get_decomposition_table())
    if loss == "native":
        keep = (torch.ops.aten.nll_loss_backward, torch.ops.aten._log_softmax_backward_data)
        table = {k: v for k, v in table.items() if k._overloadpacket not in keep}
    return table


def make_inputs(ignore_index=IGNORE_INDEX):
    g = torch.Generator().manual_seed(SEED)
    idx = torch.randint(0, VOCAB, (BATCH, SEQ), generator=g)
    labels = torch.randint(0, VOCAB, (BATCH, SEQ), generator=g)
    labels[:, -5:] = ignore_index  # some ignored positions (the values do not shape the graph)
    return idx, labels


def trace_train_step(tied, precision, loss, variant="plain"):
    from torch._functorch.aot_autograd import aot_export_module

    torch.manual_seed(SEED)
    model = GPT(tied, variant=variant)
    idx, labels = make_inputs(VARIANTS[variant].ignore_index)
    ctx = (torch.autocast("cpu", dtype=torch.bfloat16) if precision == "bf16-autocast"
           else contextlib.nullcontext())
    with ctx:
        gm, sig = aot_export_module(model, [idx, labels], trace_joint=True,
                                    output_loss_index=0,
                                    decompositions=decomposition_table(loss))
    params = [n for n, _ in model.named_parameters()]
    args = [f"{n}: {tuple(p.shape)} {str(p.dtype).replace('torch.', '')}"
            for n, p in model.named_parameters()]
    args += [f"idx: {tuple(idx.shape)} int64", f"labels: {tuple(labels.shape)} int64"]
    grads = sig.backward_signature.gradients_to_parameters
    grad_of = {v: k for k, v in grads.items()}
    assert [grad_of[p] for p in params] == [str(a) for a in
                                            list(gm.graph.find_nodes(op="output"))[0].args[0][1:]]
    results = [f"loss: () float32 ({VARIANTS[variant].result})"]
    results += [f"grad {p}" for p in params]
    shape = (f"GPT-2, {N_LAYER} block, {N_HEAD} heads, d_model {D_MODEL}, vocabulary {VOCAB}, "
             f"batch {BATCH} x seq {SEQ} (N = {BATCH * SEQ} tokens), LM head "
             f"{'tied to wte (F.linear(x, wte.weight))' if tied else 'untied (lm_head, no bias)'}"
             f", {VARIANTS[variant].code}")
    how = ("aot_export_module(model, [idx, labels], trace_joint=True, output_loss_index=0) -> "
           "torch_mlir.fx.stateless_fx_import(output_type='linalg-on-tensors')")
    notes = [PRECISION_NOTE[precision], LOSS_NOTE[loss]]
    return gm, dict(shape=shape, how=how, notes=notes, args=args, results=results)


def trace_lm_head_backward(dtype, bias):
    from torch.fx.experimental.proxy_tensor import make_fx

    def backward(h, w, dz, *maybe_b):
        h = h.detach().requires_grad_()
        w = w.detach().requires_grad_()
        b = [t.detach().requires_grad_() for t in maybe_b]
        z = F.linear(h, w, *b)
        return torch.autograd.grad(z, (h, w, *b), dz)

    g = torch.Generator().manual_seed(SEED)
    h = torch.randn(BATCH, SEQ, D_MODEL, generator=g).to(dtype)
    w = torch.randn(VOCAB, D_MODEL, generator=g).to(dtype)
    dz = torch.randn(BATCH, SEQ, VOCAB, generator=g).to(dtype)
    extra = [torch.randn(VOCAB, generator=g).to(dtype)] if bias else []
    gm = make_fx(backward, decomposition_table=decomposition_table("native"))(h, w, dz, *extra)
    gm.graph.eliminate_dead_code()  # the forward logits are traced but unused
    gm.recompile()
    t = str(dtype).replace("torch.", "")
    args = [f"h: {tuple(h.shape)} {t}", f"W: {tuple(w.shape)} {t}", f"dZ: {tuple(dz.shape)} {t}"]
    results = [f"dh: {tuple(h.shape)} {t}", f"dW: {tuple(w.shape)} {t}"]
    if bias:
        args.append(f"b: ({VOCAB},) {t}")
        results.append(f"db: ({VOCAB},) {t}")
    shape = (f"LM head F.linear(h, W{', b' if bias else ''}) backward only: h [{BATCH},{SEQ},"
             f"{D_MODEL}], W [{VOCAB},{D_MODEL}], dZ [{BATCH},{SEQ},{VOCAB}], all {t}")
    how = ("make_fx(lambda h, W, dZ: torch.autograd.grad(F.linear(h, W), (h, W), dZ)) -> "
           "torch_mlir.fx.stateless_fx_import(output_type='linalg-on-tensors')")
    return gm, dict(shape=shape, how=how, notes=[], args=args, results=results)


def check_dialects(text):
    bad = non_upstream_dialects(text)
    if bad:
        raise SystemExit(f"non-upstream dialects left: {bad}")


def op_census(text):
    counts = {}
    for op in re.findall(r"= ((?:linalg|tensor|func)\.[a-z_]+)", text):
        counts[op] = counts.get(op, 0) + 1
    return counts


def versions():
    from importlib.metadata import version

    return f"torch {version('torch')}, torch-mlir {version('torch-mlir')}, python {sys.version.split()[0]}"


def header(name, info, n_scatter, text, script="make_torch_graphs.py", source="PyTorch",
           tools=None):
    L = [f"// {name}: real linalg-on-tensors graph",
         f"// from {source} (see test/graphs/README.md).",
         "//",
         "// RUN: lmhead-opt %s -o /dev/null",
         f"// RUN: lmhead-opt %s {' '.join(lower_args(text))} -o /dev/null",
         "//",
         f"// Made by test/graphs/{script} --only {name}",
         f"// Tools: {tools or versions()}",
         f"// Model: {info['shape']}",
         f"// Trace: {info['how']}"]
    for note in info["notes"]:
        L.append(f"// Note: {note}")
    if n_scatter:
        L.append(f"// Post-processed: {n_scatter} tm_tensor.scatter op(s) replaced in place by "
                 "scf.for loop nests (scatter_to_loops.py, values %sc<k>_*), nothing else "
                 "changed.")
    L.append("// @main arguments, in order:")
    L += [f"//   %arg{i}  {a}" for i, a in enumerate(info["args"])]
    L.append("// @main results, in order:")
    L += [f"//   #{i}  {r}" for i, r in enumerate(info["results"])]
    return "\n".join(L) + "\n\n"


def make(name):
    from torch_mlir import fx

    kind, opts = FIXTURES[name]
    if kind == "train":
        gm, info = trace_train_step(**opts)
    else:
        gm, info = trace_lm_head_backward(**opts)
    module = fx.stateless_fx_import(gm, output_type="linalg-on-tensors", model_name="main")
    text = str(module)
    text, n_scatter = replace_scatters(text)
    check_dialects(text)
    return header(name, info, n_scatter, text) + text


def numerics(name, tool):
    """Runs the fixture on the CPU and compares it with eager PyTorch on fresh inputs."""
    from run_on_cpu import compare, run

    kind, opts = FIXTURES[name]
    if kind == "train":
        torch.manual_seed(1)  # other weights than the traced ones
        variant = opts.get("variant", "plain")
        model = GPT(opts["tied"], variant=variant)
        idx, labels = make_inputs(VARIANTS[variant].ignore_index)
        ctx = (torch.autocast("cpu", dtype=torch.bfloat16)
               if opts["precision"] == "bf16-autocast" else contextlib.nullcontext())
        with ctx:
            (loss,) = model(idx, labels)
        params = list(model.named_parameters())
        grads = torch.autograd.grad(loss, [p for _, p in params])
        inputs = [p.detach().numpy() for _, p in params] + [idx.numpy(), labels.numpy()]
        refs = [loss.detach().float().numpy()] + [g.float().numpy() for g in grads]
        names = ["loss"] + [f"grad {n}" for n, _ in params]
    elif opts["dtype"] == torch.float32 and not opts["bias"]:
        g = torch.Generator().manual_seed(1)
        h = torch.randn(BATCH, SEQ, D_MODEL, generator=g, requires_grad=True)
        w = torch.randn(VOCAB, D_MODEL, generator=g, requires_grad=True)
        dz = torch.randn(BATCH, SEQ, VOCAB, generator=g)
        dh, dw = torch.autograd.grad(F.linear(h, w), (h, w), dz)
        inputs = [h.detach().numpy(), w.detach().numpy(), dz.numpy()]
        refs, names = [dh.numpy(), dw.numpy()], ["dh", "dW"]
    else:
        print("  numerics: skipped (bf16 results)")
        return
    print("  numerics against eager PyTorch:")
    compare(run(os.path.join(os.path.dirname(os.path.abspath(__file__)), name + ".mlir"),
                inputs, tool), refs, names)


def run_maker(description, fixtures, make, numerics, framework):
    """The command line of a fixture maker: write each fixture of `fixtures`
    (all, or those named by --only) with `make`, then optionally check and
    compare it with `framework` through `numerics`."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--only", action="append", choices=sorted(fixtures))
    ap.add_argument("--out-dir", default=os.path.dirname(os.path.abspath(__file__)))
    ap.add_argument("--check", action="store_true",
                    help="parse and lower each fixture with lmhead-opt")
    ap.add_argument("--numerics", action="store_true",
                    help=f"run each fixture (lmhead-opt + mlir-runner) against eager {framework}")
    ap.add_argument("--lmhead-opt", default=os.environ.get(
        "LMHEAD_OPT", os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                   "..", "..", "build", "bin", "lmhead-opt")))
    a = ap.parse_args()
    for name in a.only or fixtures:
        text = make(name)
        path = os.path.join(a.out_dir, name + ".mlir")
        with open(path, "w") as f:
            f.write(text)
        census = ", ".join(f"{k} {v}" for k, v in sorted(op_census(text).items()))
        print(f"{path}: {len(text)} bytes; {census}")
        if a.check:
            check(path, a.lmhead_opt)
        if a.numerics:
            numerics(name, a.lmhead_opt)


if __name__ == "__main__":
    run_maker(__doc__.splitlines()[0], FIXTURES, make, numerics, "PyTorch")
