#!/usr/bin/env python3
"""Make the JAX fixtures of test/graphs: a Flax GPT-2 training step, StableHLO -> linalg by IREE.

Not part of CI: the fixtures it writes are committed, and CI only parses and lowers them.
Run it by hand when a fixture has to be remade (under a minute):

    python3.11 -m venv /tmp/jax-venv
    /tmp/jax-venv/bin/pip install jax==0.10.2 flax==0.12.8 optax==0.2.8 \
        iree-base-compiler==3.13.0
    /tmp/jax-venv/bin/python test/graphs/make_jax_graphs.py [--only NAME] [--check]

What it does, per fixture:
 1. The same tiny GPT-2 as make_torch_graphs.py (1 block, 2 heads, d_model 64, vocabulary 1024,
    batch 2 x seq 64, labels with -100 = ignored) written with flax.linen; the loss is
    optax.softmax_cross_entropy_with_integer_labels, masked and divided by the number of valid
    labels (JAX has no ignore_index: that is how JAX code writes it). Two variants keep that
    masked mean and change the loss (untied head): label smoothing as JAX code writes it,
    optax.softmax_cross_entropy against optax.smooth_labels(jax.nn.one_hot(labels, V), 0.1),
    and a z-loss, 1e-4 * logsumexp(logits)**2 added per token (T5X, PaLM). One variant keeps
    that loss and changes the precision (untied head), as a mixed-precision Flax model does it:
    `dtype=jnp.bfloat16, param_dtype=jnp.float32` on every nn.Dense, nn.Embed and nn.LayerNorm
    (f32 parameters and gradients, bf16 activations and bf16 logits), and the logits cast with
    `logits.astype(jnp.float32)` before the loss (a no-op in the f32 fixtures). The training step is
    `jax.value_and_grad(loss_fn)(params, idx, labels)`, jitted and lowered to StableHLO
    (`jax.jit(step).lower(...).as_text()`). Tied: the head is `wte.attend(x)` (Flax's idiom,
    x . embeddingᵀ); untied: `nn.Dense(vocab, use_bias=False)`, whose kernel is [D, V].
 2. `iree-opt --iree-stablehlo-input-transformation-pipeline`: IREE's own StableHLO -> linalg
    input conversion (what `iree-compile --compile-to=input` runs on StableHLO). Its textual
    output reads with MLIR 22 as it is.
 3. Post-processing, the only edit: each `iree_linalg_ext.scatter` (gather's transpose: the
    embedding gradients and the one-hot of the loss gradient) is replaced in place by an
    upstream scf.for loop nest (scatter_to_loops.py). The script fails if any op of a
    non-upstream dialect is left.
 4. A header of `//` lines (tool versions, shapes, argument and result order) and RUN lines.

--check parses and lowers each fixture with lmhead-opt; --numerics runs it on the CPU
(run_on_cpu.py) and compares it with jax.value_and_grad on other weights than those traced
(the bf16 fixture against JAX's own bf16 computation; its GEMMs accumulate in bf16, as IREE
writes them, where XLA accumulates in f32, so it differs by up to ~1e-1, see README.md).
"""

import argparse
import os
import subprocess
import sys
import tempfile
from typing import Any

import jax
import jax.numpy as jnp
import flax.linen as nn
import optax

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fixture_checks import check, lower_args, non_upstream_dialects  # noqa: E402
from scatter_to_loops import replace_scatters  # noqa: E402

VOCAB = 1024
D_MODEL = 64
N_HEAD = 2
N_LAYER = 1
BATCH = 2
SEQ = 64
IGNORE_INDEX = -100
HERE = os.path.dirname(os.path.abspath(__file__))
VENV_BIN = os.path.dirname(sys.executable)


class Block(nn.Module):
    # Flax's precision fields: None computes in the parameters' f32 (the f32 fixtures);
    # jnp.bfloat16 computes in bf16 on f32 parameters.
    dtype: Any = None

    @nn.compact
    def __call__(self, x):
        b, s, d = x.shape
        hd = d // N_HEAD
        p = dict(dtype=self.dtype, param_dtype=jnp.float32)
        qkv = nn.Dense(3 * d, name="c_attn", **p)(nn.LayerNorm(name="ln_1", **p)(x))
        q, k, v = jnp.split(qkv, 3, axis=-1)
        split = lambda t: t.reshape(b, s, N_HEAD, hd).transpose(0, 2, 1, 3)
        q, k, v = split(q), split(k), split(v)
        att = (q @ k.transpose(0, 1, 3, 2)) * (1.0 / hd**0.5)
        causal = jnp.tril(jnp.ones((s, s), dtype=bool))
        att = jnp.where(causal, att, -jnp.inf)
        y = jax.nn.softmax(att, axis=-1) @ v
        y = y.transpose(0, 2, 1, 3).reshape(b, s, d)
        x = x + nn.Dense(d, name="c_proj", **p)(y)
        hmid = nn.gelu(nn.Dense(4 * d, name="c_fc", **p)(nn.LayerNorm(name="ln_2", **p)(x)),
                       approximate=True)
        return x + nn.Dense(d, name="mlp_proj", **p)(hmid)


class GPT(nn.Module):
    tied: bool
    dtype: Any = None

    @nn.compact
    def __call__(self, idx):
        p = dict(dtype=self.dtype, param_dtype=jnp.float32)
        wte = nn.Embed(VOCAB, D_MODEL, name="wte", **p)
        wpe = nn.Embed(SEQ, D_MODEL, name="wpe", **p)
        x = wte(idx) + wpe(jnp.arange(idx.shape[1]))
        for i in range(N_LAYER):
            x = Block(dtype=self.dtype, name=f"h_{i}")(x)
        x = nn.LayerNorm(name="ln_f", **p)(x)
        if self.tied:
            return wte.attend(x)
        return nn.Dense(VOCAB, use_bias=False, name="lm_head", **p)(x)


LABEL_SMOOTHING = 0.1
Z_LOSS = 1e-4

# How each loss is written, for the fixtures' headers.
LOSSES = {
    "ce": "optax.softmax_cross_entropy_with_integer_labels masked by labels != -100, summed and "
          "divided by max(count, 1)",
    "label_smoothing": "optax.softmax_cross_entropy(logits, optax.smooth_labels("
                       f"jax.nn.one_hot(labels, {VOCAB}), {LABEL_SMOOTHING})) masked by "
                       "labels != -100, summed and divided by max(count, 1)",
    "z_loss": "optax.softmax_cross_entropy_with_integer_labels plus a z-loss "
              "1e-4 * jax.nn.logsumexp(logits, -1)**2 (T5X/PaLM), both masked by "
              "labels != -100, summed and divided by max(count, 1)",
}


def loss_fn(model, params, idx, labels, loss="ce"):
    """Mean loss over the labels that are not -100 (ignored labels are read as 0)."""
    # Mixed-precision JAX code takes the loss in f32; a no-op on f32 logits.
    logits = model.apply({"params": params}, idx).astype(jnp.float32)
    valid = labels != IGNORE_INDEX
    safe = jnp.where(valid, labels, 0)
    if loss == "label_smoothing":
        targets = optax.smooth_labels(jax.nn.one_hot(safe, VOCAB), LABEL_SMOOTHING)
        per_tok = optax.softmax_cross_entropy(logits, targets)
    else:
        per_tok = optax.softmax_cross_entropy_with_integer_labels(logits, safe)
    # Traced in the order of the first fixtures' single expression, so that they remake as they are.
    total = jnp.sum(jnp.where(valid, per_tok, 0.0))
    count = jnp.maximum(jnp.sum(valid), 1)
    mean = total / count
    if loss == "z_loss":
        lse = jax.nn.logsumexp(logits, axis=-1)
        mean = mean + Z_LOSS * jnp.sum(jnp.where(valid, lse**2, 0.0)) / count
    return mean


FIXTURES = {
    "jax_gpt2_train_step_f32_tied": dict(tied=True, loss="ce"),
    "jax_gpt2_train_step_f32_untied": dict(tied=False, loss="ce"),
    "jax_gpt2_train_step_label_smoothing": dict(tied=False, loss="label_smoothing"),
    "jax_gpt2_train_step_z_loss": dict(tied=False, loss="z_loss"),
    "jax_gpt2_train_step_bf16_untied": dict(tied=False, loss="ce", dtype=jnp.bfloat16),
}


def stablehlo(tied, loss, dtype=None):
    model = GPT(tied=tied, dtype=dtype)
    key = jax.random.PRNGKey(0)
    idx = jnp.zeros((BATCH, SEQ), jnp.int32)
    labels = jnp.zeros((BATCH, SEQ), jnp.int32)
    params = model.init(key, idx)["params"]

    def step(params, idx, labels):
        return jax.value_and_grad(lambda p: loss_fn(model, p, idx, labels, loss))(params)

    lowered = jax.jit(step).lower(params, idx, labels)
    flat, _ = jax.tree_util.tree_flatten_with_path(params)
    names = [jax.tree_util.keystr(p) for p, _ in flat]
    args = [f"params{n}: {tuple(v.shape)} {v.dtype}" for n, (_, v) in zip(names, flat)]
    args += [f"idx: {idx.shape} int32", f"labels: {labels.shape} int32"]
    results = ["loss: () float32"] + [f"grad params{n}" for n in names]
    return lowered.as_text(), args, results




def run(cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{r.stderr[:4000]}")
    return r.stdout


def to_linalg(shlo_text):
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write(shlo_text)
    try:
        return run([os.path.join(VENV_BIN, "iree-opt"), f.name,
                    "--iree-stablehlo-input-transformation-pipeline"])
    finally:
        os.unlink(f.name)


def versions():
    from importlib.metadata import version

    iree = run([os.path.join(VENV_BIN, "iree-compile"), "--version"]).splitlines()
    iree = next((l.strip() for l in iree if "IREE compiler version" in l), "?")
    return (f"jax {version('jax')}, jaxlib {version('jaxlib')}, flax {version('flax')}, "
            f"optax {version('optax')}, iree-base-compiler {version('iree-base-compiler')} "
            f"({iree}), python {sys.version.split()[0]}")


def header(name, tied, loss, args, results, n_scatter, text, dtype=None):
    head = "wte.attend(x) (tied: x . wte.embeddingᵀ)" if tied else \
        "nn.Dense(1024, use_bias=False) (untied, kernel [D, V] = [64, 1024])"
    if dtype is not None:
        head += (f", every nn.Dense, nn.Embed and nn.LayerNorm with dtype=jnp.{jnp.dtype(dtype)}, "
                 f"param_dtype=jnp.float32 (f32 parameters, {jnp.dtype(dtype)} activations and "
                 "logits), logits.astype(jnp.float32) before the loss")
    L = [f"// {name}: real linalg-on-tensors graph",
         "// from JAX (see test/graphs/README.md).",
         "//",
         "// RUN: lmhead-opt %s -o /dev/null",
         f"// RUN: lmhead-opt %s {' '.join(lower_args(text))} -o /dev/null",
         "//",
         f"// Made by test/graphs/make_jax_graphs.py --only {name}",
         f"// Tools: {versions()}",
         f"// Model: Flax GPT-2, {N_LAYER} block, {N_HEAD} heads, d_model {D_MODEL}, vocabulary "
         f"{VOCAB}, batch {BATCH} x seq {SEQ} (N = {BATCH * SEQ} tokens), LM head {head}, loss "
         f"{LOSSES[loss]}",
         "// Trace: jax.jit(jax.value_and_grad(loss)).lower(params, idx, labels).as_text() -> "
         "iree-opt --iree-stablehlo-input-transformation-pipeline"]
    if n_scatter:
        L.append(f"// Post-processed: {n_scatter} iree_linalg_ext.scatter op(s) replaced in place "
                 "by scf.for loop nests (scatter_to_loops.py, values %sc<k>_*), nothing else "
                 "changed.")
    L.append("// @main arguments, in order (params in jax.tree_util order):")
    L += [f"//   %arg{i}  {a}" for i, a in enumerate(args)]
    L.append("// @main results, in order:")
    L += [f"//   #{i}  {r}" for i, r in enumerate(results)]
    return "\n".join(L) + "\n\n"


def numerics(name, path, tool):
    """Runs the fixture on the CPU and compares it with jax.value_and_grad on fresh inputs."""
    import numpy as np
    from run_on_cpu import compare, run

    model = GPT(tied=FIXTURES[name]["tied"], dtype=FIXTURES[name].get("dtype"))
    loss_kind = FIXTURES[name]["loss"]
    rng = np.random.default_rng(0)
    idx = jnp.asarray(rng.integers(0, VOCAB, (BATCH, SEQ)), jnp.int32)
    labels = np.asarray(rng.integers(0, VOCAB, (BATCH, SEQ)), np.int32)
    labels[:, -5:] = IGNORE_INDEX
    labels = jnp.asarray(labels)
    params = model.init(jax.random.PRNGKey(1), idx)["params"]
    params = jax.tree_util.tree_map(
        lambda p: p + 0.02 * jnp.asarray(rng.standard_normal(p.shape), jnp.float32), params)
    loss, grads = jax.value_and_grad(
        lambda p: loss_fn(model, p, idx, labels, loss_kind))(params)
    flat = jax.tree_util.tree_flatten_with_path(params)[0]
    inputs = [np.asarray(v) for _, v in flat] + [np.asarray(idx), np.asarray(labels)]
    refs = [np.asarray(loss)] + [np.asarray(g) for g in jax.tree_util.tree_leaves(grads)]
    names = ["loss"] + [f"grad {jax.tree_util.keystr(p)}" for p, _ in flat]
    print("  numerics against jax.value_and_grad:")
    compare(run(path, inputs, tool), refs, names)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", action="append", choices=sorted(FIXTURES))
    ap.add_argument("--out-dir", default=HERE)
    ap.add_argument("--keep-stablehlo", action="store_true",
                    help="also write NAME.stablehlo.mlir (not a fixture)")
    ap.add_argument("--check", action="store_true",
                    help="parse and lower each fixture with lmhead-opt")
    ap.add_argument("--numerics", action="store_true",
                    help="run each fixture (lmhead-opt + mlir-runner) against JAX")
    ap.add_argument("--lmhead-opt", default=os.environ.get(
        "LMHEAD_OPT", os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                   "..", "..", "build", "bin", "lmhead-opt")))
    a = ap.parse_args()
    for name in a.only or FIXTURES:
        opts = FIXTURES[name]
        shlo, args, results = stablehlo(**opts)
        if a.keep_stablehlo:
            with open(os.path.join(a.out_dir, name + ".stablehlo.mlir"), "w") as f:
                f.write(shlo)
        text, n_scatter = replace_scatters(to_linalg(shlo))
        left = non_upstream_dialects(text)
        if left:
            raise SystemExit(f"{name}: non-upstream dialects left: {left}")
        text = header(name, opts["tied"], opts["loss"], args, results, n_scatter, text,
                      opts.get("dtype")) + text
        path = os.path.join(a.out_dir, name + ".mlir")
        with open(path, "w") as f:
            f.write(text)
        print(f"{path}: {len(text.encode())} bytes")
        if a.check:
            check(path, a.lmhead_opt)
        if a.numerics:
            numerics(name, path, a.lmhead_opt)


if __name__ == "__main__":
    main()
