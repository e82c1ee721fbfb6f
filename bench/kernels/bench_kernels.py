#!/usr/bin/env python3
"""The linear_grad kernels for the benchmark LM-head shapes, statically.

    bench/kernels/bench_kernels.py [--lmhead-opt PATH] [--ptxas PATH]
                                   [--repeat R]

For each benchmark shape (N, D, V) in bf16 (layout vd, dh in bf16, dW in
f32) and each target (sm_90a, sm_80), one function holding the op is
compiled with `lmhead-opt --lmhead-pipeline=target=...` (the best wall time
of R runs is the pipeline's compile time: recognition is not part of it,
planning, kernel writing, NVPTX and the host lowering are). Each kernel's
PTX is assembled with ptxas (scripts/ptx_report.py) for its registers,
spills and static shared memory; the dynamic shared memory follows from the
chosen configuration (stages of A and B tiles, and 1 KiB of alignment on
sm_90a). The table gives, per GEMM, the configuration, those figures, and
the cost model's predicted time; per op, the predicted time of both GEMMs
against the floor 2·G / peak with G = 2·N·D·V flops: the target's own peak
(790 TFLOP/s for sm_90a on an H200, 312 TFLOP/s for sm_80 on an A100), and
for sm_80 also the H200's 790, since an H200 runs sm_80 code too.

This is a benchmark: it asserts nothing. The times are the cost model's
predictions; measured times come from bench/device on a GPU.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "bench", "plan"))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import bench_plan  # noqa: E402
import ptx_report  # noqa: E402

H200_PEAK = 790e12


def compile_module(lmhead_opt, path, target, out, repeat):
    """Best wall time of the pipeline, in seconds."""
    best = None
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run([lmhead_opt, path, f"--lmhead-pipeline=target={target}",
                        "-o", out], check=True)
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return best


def dynamic_shared_bytes(config_text, target):
    """Dynamic shared memory of a kernel from its `#lmhead.gemm` text."""
    values = dict(re.findall(r"(\w+) = (\d+)", config_text))
    bm, bn, bk, stages = (int(values[k]) for k in
                          ("blockM", "blockN", "blockK", "stages"))
    stage = (bm * bk + bk * bn) * 2
    return stages * stage + (1024 if target == "sm_90a" else 0)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lmhead-opt", default=os.environ.get(
        "LMHEAD_OPT", os.path.join(ROOT, "build", "bin", "lmhead-opt")))
    parser.add_argument("--ptxas", default=shutil.which("ptxas"))
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    if not args.ptxas:
        sys.exit("ptxas not found: put CUDA's bin folder on PATH")

    rows = []
    print("| shape (N, D, V) | target | GEMM | configuration | registers "
          "| spills (B) | shared memory (B) | predicted (µs) |")
    print("| --- | --- | --- | --- | ---: | ---: | ---: | ---: |")
    with tempfile.TemporaryDirectory() as tmp:
        for n, d, v in bench_plan.SHAPES:
            path = os.path.join(tmp, f"lm_head_{n}_{d}_{v}.mlir")
            with open(path, "w") as f:
                f.write(bench_plan.linear_grad(n, d, v))
            for target, peak in bench_plan.TARGETS.items():
                attr, _ = bench_plan.plan(args.lmhead_opt, path, target, 1)
                (dh, dw), micros = bench_plan.configs(attr)
                raw = {g: re.search(g + r" = (<[^>]*>)", attr).group(1)
                       for g in ("dh", "dw")}
                out = os.path.join(tmp, f"{target}_{n}_{d}_{v}.llvm.mlir")
                seconds = compile_module(args.lmhead_opt, path, target, out,
                                         args.repeat)
                with open(out) as f:
                    objects = ptx_report.ptx_objects(f.read())
                kernels = {}
                for i, ptx in enumerate(objects):
                    _, found = ptx_report.assemble(ptx, args.ptxas, tmp, i)
                    kernels.update(found)
                for gemm, label, cfg, us in (("dh", "dh", dh, micros[0]),
                                             ("dw", "dW", dw, micros[1])):
                    k = kernels[f"linear_grad_0_{gemm}"]
                    spills = k.get("spill_stores", 0) + k.get("spill_loads", 0)
                    shared = dynamic_shared_bytes(raw[gemm], target) + k["smem"]
                    print(f"| ({n}, {d}, {v}) | {target} | {label} | {cfg} "
                          f"| {k['registers']} | {spills} | {shared} "
                          f"| {us:.0f} |")
                g = 2.0 * n * d * v
                rows.append((n, d, v, target, sum(micros), 1e6 * 2 * g / peak,
                             1e6 * 2 * g / H200_PEAK, seconds))
    print()
    print("| shape (N, D, V) | target | predicted dh + dW (µs) "
          "| floor 2G/peak, target (µs) | predicted / floor "
          "| floor 2G/790 TFLOP/s (µs) | pipeline compile (s) |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
    for n, d, v, target, us, floor, h200, seconds in rows:
        print(f"| ({n}, {d}, {v}) | {target} | {us:.0f} | {floor:.0f} "
              f"| {us / floor:.2f} | {h200:.0f} | {seconds:.2f} |")


if __name__ == "__main__":
    main()
