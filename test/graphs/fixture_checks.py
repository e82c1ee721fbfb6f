"""Checks shared by the fixture makers (make_{torch,jax}_graphs.py).

A fixture must hold upstream MLIR only, and must parse and lower to the LLVM
dialect with lmhead-opt; `lower_args` are the lowering flags its RUN lines
use.
"""
import re
import subprocess

# The dialects a fixture may use: those upstream MLIR lowers itself.
UPSTREAM = {"builtin", "func", "linalg", "tensor", "arith", "math", "scf", "cf",
            "bufferization"}

# The fixtures' RUN lines expand math.fpowi (tanh-GELU's x^3) before the CPU
# pipeline, as they did when the pipeline could not; kept so that remade
# fixtures match the committed ones.
FPOWI_WORKAROUND = "--math-expand-ops=ops=fpowi"

_OP_NAME = re.compile(r"^\s*(?:%[\w.:#, ]+ = )?\"?([a-z_]+)\.([a-z_.]+)", re.M)


def dialects(text):
    """The dialect prefixes of the ops in `text`."""
    return {dialect for dialect, _ in _OP_NAME.findall(text)}


def non_upstream_dialects(text):
    """The dialects of `text` that upstream MLIR cannot lower."""
    return sorted(dialects(text) - UPSTREAM - {"affine_map"})


def lower_args(text):
    """The lmhead-opt flags that lower the fixture `text` to LLVM."""
    return ([FPOWI_WORKAROUND] if "math.fpowi" in text else []) + [
        "--lmhead-cpu-pipeline=decompose=false"]


def check(path, tool):
    """Parses and lowers the fixture at `path` with `tool`, printing one line
    per run and naming any non-LLVM op the lowering leaves."""
    with open(path) as f:
        text = f.read()
    runs = [[], ["--lmhead-cpu-pipeline=decompose=false"]]
    if lower_args(text) not in runs:
        runs.append(lower_args(text))
    for extra in runs:
        r = subprocess.run([tool, path, *extra], capture_output=True, text=True)
        status = "ok" if r.returncode == 0 else f"FAILED\n{r.stderr[:1000]}"
        if extra and r.returncode == 0:
            left = sorted(f"{d}.{op}" for d, op in _OP_NAME.findall(r.stdout)
                          if d != "llvm" and f"{d}.{op}" != "builtin.module")
            if left:
                status = f"lowered, but non-LLVM ops remain: {sorted(set(left))}"
        print(f"  lmhead-opt {' '.join(extra) or '(parse)'}: {status}")
