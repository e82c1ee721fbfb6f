#!/usr/bin/env python3
"""The fused cross-entropy kernels for the benchmark LM-head shapes, statically.

    bench/kernels/bench_ce.py [--build DIR] [--ptxas PATH]

For each benchmark shape (N, D, V) in bf16 (layout vd, i64 labels,
reduction mean, dh bf16, dW f32) and each target, `--lmhead-pipeline`
plans and compiles one ce_linear_fwd and one ce_linear_grad; the script
prints the plan's remark figures (tiles, chunk, workspace, predicted time
against the 1-GEMM and 3-GEMM floors) and, with ptxas, every kernel's
registers and spills (scripts/ptx_report.py). A benchmark, not a test: it
asserts nothing and prints a Markdown table.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHAPES = [(4096, 4096, 128256), (8192, 4096, 128256), (8192, 2304, 256000),
          (16384, 2048, 248320)]
TARGETS = ["sm_90a", "sm_80"]


def module(n, d, v):
    return f"""
func.func @fwd(%h: tensor<{n}x{d}xbf16>, %w: tensor<{v}x{d}xbf16>, %y: tensor<{n}xi64>) -> (tensor<f32>, tensor<{n}xf32>) {{
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean)
      : (tensor<{n}x{d}xbf16>, tensor<{v}x{d}xbf16>, tensor<{n}xi64>) -> (tensor<f32>, tensor<{n}xf32>)
  return %loss, %lse : tensor<f32>, tensor<{n}xf32>
}}
func.func @grad(%h: tensor<{n}x{d}xbf16>, %w: tensor<{v}x{d}xbf16>, %y: tensor<{n}xi64>, %lse: tensor<{n}xf32>, %g: tensor<f32>) -> (tensor<{n}x{d}xbf16>, tensor<{v}x{d}xf32>) {{
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean)
      : (tensor<{n}x{d}xbf16>, tensor<{v}x{d}xbf16>, tensor<{n}xi64>, tensor<{n}xf32>, tensor<f32>) -> (tensor<{n}x{d}xbf16>, tensor<{v}x{d}xf32>)
  return %dh, %dw : tensor<{n}x{d}xbf16>, tensor<{v}x{d}xf32>
}}
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--ptxas", default=shutil.which("ptxas"))
    args = parser.parse_args()
    opt = os.path.join(args.build, "bin", "lmhead-opt")
    print("| shape (N, D, V) | target | op | plan (remark) | kernels: registers / spills (B) |")
    print("| --- | --- | --- | --- | --- |")
    with tempfile.TemporaryDirectory() as tmp:
        for n, d, v in SHAPES:
            src = os.path.join(tmp, "ce.mlir")
            with open(src, "w") as f:
                f.write(module(n, d, v))
            for target in TARGETS:
                out = os.path.join(tmp, "out.mlir")
                run = subprocess.run(
                    [opt, src, f"--lmhead-pipeline=target={target}",
                     "--remarks-filter=lmhead-plan", "--remark-format=emitRemark",
                     "-o", out], capture_output=True, text=True)
                remarks = re.findall(r'Function=(\w+).*?Remark="planned for [^:]*: ([^"]*)"',
                                     run.stderr)
                kernels = {}
                if args.ptxas and run.returncode == 0:
                    report = subprocess.run(
                        [sys.executable, os.path.join(ROOT, "scripts", "ptx_report.py"),
                         out, "--ptxas", args.ptxas, "--allow-spills"],
                        capture_output=True, text=True).stdout
                    for m in re.finditer(r"(ce_linear_(fwd|grad)_\d+_\w+) \S+: (\d+) registers, "
                                         r"\d+ bytes static shared memory, (\d+)/(\d+) bytes spilled",
                                         report):
                        kernels.setdefault(m.group(2), []).append(
                            f"{m.group(1).split('_', 4)[-1]} {m.group(3)}/{int(m.group(4)) + int(m.group(5))}")
                for func, text in remarks:
                    op = "fwd" if func == "fwd" else "grad"
                    print(f"| ({n}, {d}, {v}) | {target} | {op} | {text} | "
                          f"{', '.join(kernels.get(op, []))} |")
                if run.returncode != 0:
                    print(f"| ({n}, {d}, {v}) | {target} | - | failed: "
                          f"{run.stderr.strip().splitlines()[-1][:200]} | |")


if __name__ == "__main__":
    main()
