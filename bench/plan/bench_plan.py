#!/usr/bin/env python3
"""Shows what --lmhead-plan chooses for the benchmark LM-head shapes.

    bench/plan/bench_plan.py [--lmhead-opt PATH] [--repeat R]

For each shape (N, D, V) and target (sm_90a, sm_80), a function with one
bf16 `lmhead.linear_grad` (layout vd, static shapes) is planned with
`lmhead-opt --lmhead-plan=target=... --mlir-timing`, and a markdown table
gives, per GEMM (dh = dZ·W and dW = dZᵀ·h, each 2·N·D·V flops), the chosen
configuration, the predicted time, the floor (the GEMM's flops at the
target's peak tensor-core rate: 312 TFLOP/s on sm_80, 790 TFLOP/s on
sm_90a), their ratio, and the planning time of the pass (the best of R runs,
for both GEMMs together).

This is a benchmark, not a test: it asserts nothing and prints a table. The
predictions are the cost model's, not measurements.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

SHAPES = [(4096, 4096, 128256), (8192, 4096, 128256), (8192, 2304, 256000),
          (16384, 2048, 248320)]
TARGETS = {"sm_90a": 790e12, "sm_80": 312e12}


def linear_grad(n, d, v):
    """A function holding one bf16 linear_grad of the shape."""
    dz, h, w = (f"tensor<{n}x{v}xbf16>", f"tensor<{n}x{d}xbf16>",
                f"tensor<{v}x{d}xbf16>")
    dh, dw = f"tensor<{n}x{d}xbf16>", f"tensor<{v}x{d}xf32>"
    return (f"func.func @lm_head(%dz: {dz}, %h: {h}, %w: {w}) -> ({dh}, {dw}) {{\n"
            f"  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)\n"
            f"    : ({dz}, {h}, {w}) -> ({dh}, {dw})\n"
            f"  return %dh, %dw : {dh}, {dw}\n}}\n")


def plan(lmhead_opt, path, target, repeat):
    """The plan attribute's text and the best wall time of the pass."""
    best, attr = None, None
    for _ in range(repeat):
        run = subprocess.run(
            [lmhead_opt, path, f"--lmhead-plan=target={target}",
             "--mlir-timing", "--mlir-timing-display=list"],
            capture_output=True, text=True, check=True)
        match = re.search(r"^\s*([0-9.]+) \(\s*[0-9.]+%\)\s+LMHeadPlan$",
                          run.stderr, re.MULTILINE)
        if not match:
            sys.exit(f"no LMHeadPlan timing in the output for {path}")
        seconds = float(match.group(1))
        best = seconds if best is None else min(best, seconds)
        attr = re.search(r"lmhead\.plan = (#lmhead\.plan<.*>)\}", run.stdout)
        if not attr:
            sys.exit(f"no lmhead.plan in the output for {path} ({target})")
    return attr.group(1), best


def configs(attr):
    """[(gemm, 'BMxBNxBK w WMxWN sS cC'), ...] and the two predicted times."""
    out = []
    for gemm in ("dh", "dw"):
        m = re.search(gemm + r" = <blockM = (\d+), blockN = (\d+), blockK = (\d+), "
                      r"warpM = (\d+), warpN = (\d+), stages = (\d+), "
                      r"copyBytes = (\d+), swizzle = (\d+)"
                      r"(?:, groupRows = (\d+))?(?:, persistent = (\d+))?"
                      r"(?:, clusterM = (\d+))?(?:, clusterN = (\d+))?"
                      r"(?:, tmaStore = (\d+))?(?:, pingPong = (\d+))?"
                      r"(?:, kernel = (\w+))?>", attr)
        (bm, bn, bk, wm, wn, s, c, z, group, blocks, cluster_m, cluster_n,
         tma_store, ping_pong, kernel) = m.groups()
        out.append(f"{bm}x{bn}x{bk}, warp {wm}x{wn}, {s} stages, {c} B copies"
                   + f", groups of {group or 8} rows"
                   + (f", persistent on {blocks} blocks" if blocks else "")
                   + (f", {cluster_m or 1}x{cluster_n or 1} clusters"
                      if cluster_m or cluster_n else "")
                   + (", C stored through TMA" if tma_store else "")
                   + (", ping-pong" if ping_pong else "")
                   + (f", {kernel} kernel" if kernel else ""))
    micros = [float(re.search(name + r" = ([0-9.e+]+) : f64", attr).group(1))
              for name in ("dhMicros", "dwMicros")]
    return out, micros


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lmhead-opt", default=os.environ.get(
        "LMHEAD_OPT", os.path.join(ROOT, "build", "bin", "lmhead-opt")))
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    print("| shape (N, D, V) | target | GEMM | configuration | predicted (µs) "
          "| floor (µs) | predicted / floor | planning (ms) |")
    print("| --- | --- | --- | --- | ---: | ---: | ---: | ---: |")
    with tempfile.TemporaryDirectory() as tmp:
        for n, d, v in SHAPES:
            path = os.path.join(tmp, f"lm_head_{n}_{d}_{v}.mlir")
            with open(path, "w") as f:
                f.write(linear_grad(n, d, v))
            for target, peak in TARGETS.items():
                attr, seconds = plan(args.lmhead_opt, path, target, args.repeat)
                (dh, dw), (dh_us, dw_us) = configs(attr)
                floor_us = 1e6 * 2.0 * n * d * v / peak  # one GEMM
                for gemm, cfg, us in (("dh", dh, dh_us), ("dW", dw, dw_us)):
                    print(f"| ({n}, {d}, {v}) | {target} | {gemm} | {cfg} "
                          f"| {us:.0f} | {floor_us:.0f} | {us / floor_us:.2f} "
                          f"| {1e3 * seconds:.2f} |")


if __name__ == "__main__":
    main()
