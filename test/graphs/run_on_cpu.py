"""Run a fixture's @main on the CPU with given inputs (make_*.py --numerics).

Not a driver for tests: a check for whoever remakes the fixtures that each one computes what
the framework computes. It appends an @entry function that holds the inputs as dense constants,
calls @main and prints every result with printMemrefF32, lowers the module with
`lmhead-opt --math-expand-ops=ops=fpowi,rsqrt --lmhead-cpu-pipeline=decompose=false` (the two
expansions work around gaps of the CPU pipeline, see README.md), runs it with mlir-runner and
reads the printed results back. Results must be f32.
"""

import os
import re
import subprocess
import tempfile

import numpy as np

MLIR_RUNNER = os.environ.get("MLIR_RUNNER", "/usr/lib/llvm-22/bin/mlir-runner")
RUNNER_LIBS = ",".join(f"/usr/lib/llvm-22/lib/lib{n}.so"
                       for n in ("mlir_runner_utils", "mlir_c_runner_utils"))
EXPAND = "--math-expand-ops=ops=fpowi,rsqrt"

_ELT = {"float32": "f32", "int64": "i64", "int32": "i32"}


def _literal(a):
    kind = a.dtype.kind

    def nest(x):
        if x.ndim == 0:
            return f"{float(x):.9e}" if kind == "f" else str(int(x))
        return "[" + ", ".join(nest(y) for y in x) + "]"

    return f"dense<{nest(a)}>"


def _type(a):
    elt = _ELT[str(a.dtype)]
    return f"tensor<{'x'.join(map(str, a.shape))}x{elt}>" if a.ndim else f"tensor<{elt}>"


def run(fixture, inputs, lmhead_opt):
    """Returns @main's results (float64 arrays) for `inputs` (numpy arrays, @main's order)."""
    text = open(fixture).read()
    sig = re.search(r"func\.func (?:public )?@main\((.*?)\) -> \((.*?)\) \{", text)
    arg_types = re.findall(r"tensor<[^>]*>", sig.group(1))
    res_types = re.findall(r"tensor<[^>]*>", sig.group(2))
    assert arg_types == [_type(a) for a in inputs], "inputs do not match @main's arguments"
    L = ["func.func private @printMemrefF32(memref<*xf32>)", "func.func @entry() {"]
    for i, a in enumerate(inputs):
        L.append(f"  %in{i} = arith.constant {_literal(a)} : {_type(a)}")
    ins = ", ".join(f"%in{i}" for i in range(len(inputs)))
    L.append(f"  %r:{len(res_types)} = func.call @main({ins}) : ({', '.join(arg_types)}) -> "
             f"({', '.join(res_types)})")
    for k, t in enumerate(res_types):
        m = "memref<" + t[len("tensor<"):]
        L.append(f"  %m{k} = bufferization.to_buffer %r#{k} : {t} to {m}")
        L.append(f"  %u{k} = memref.cast %m{k} : {m} to memref<*xf32>")
        L.append(f"  func.call @printMemrefF32(%u{k}) : (memref<*xf32>) -> ()")
    L.append("  return\n}")
    body = text.rstrip()
    body = body[:body.rfind("}")] + "\n".join(L) + "\n}\n"
    with tempfile.TemporaryDirectory() as d:
        src, low = os.path.join(d, "in.mlir"), os.path.join(d, "low.mlir")
        with open(src, "w") as f:
            f.write(body)
        subprocess.run([lmhead_opt, src, EXPAND, "--lmhead-cpu-pipeline=decompose=false",
                        "-o", low], check=True)
        out = subprocess.run([MLIR_RUNNER, "-e", "entry", "-entry-point-result=void",
                              f"--shared-libs={RUNNER_LIBS}", low], check=True,
                             capture_output=True, text=True).stdout
    results = []
    for block in out.split("Unranked Memref")[1:]:
        sizes = re.search(r"sizes = \[([^\]]*)\]", block).group(1)
        shape = [int(x) for x in sizes.split(",")] if sizes.strip() else []
        data = block.split("data =", 1)[1]
        vals = re.findall(r"-?(?:nan|inf|\d+\.?\d*(?:e[-+]?\d+)?)", data)
        results.append(np.array([float(v) for v in vals]).reshape(shape))
    return results


def compare(results, refs, names):
    """Prints the relative Frobenius error of each result; returns the worst."""
    worst = 0.0
    for r, ref, name in zip(results, refs, names):
        ref = np.asarray(ref, dtype=np.float64)
        err = np.linalg.norm(r - ref) / max(np.linalg.norm(ref), 1e-30)
        worst = max(worst, err)
        print(f"    {name:42s} {str(tuple(ref.shape)):12s} rel. error {err:.1e}")
    print(f"    worst {worst:.1e}")
    return worst
