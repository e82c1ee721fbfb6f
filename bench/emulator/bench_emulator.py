#!/usr/bin/env python3
"""Measures the PTX emulator: emulated instructions per second and kernel time.

    bench/emulator/bench_emulator.py [--build DIR] [--repeat R]

Lowers the runtime's upstream-MLIR test programs (test/Runtime/Inputs) the
way their lit tests do, runs each R times with LMHEAD_DEVICE=emulator and
LMHEAD_EMULATOR_STATS=1 (the runtime then reports every launch: warp and
lane instructions, seconds), and prints the best run of each kernel:

- the tiled tensor-core GEMM (256x256x256, f16 -> f32: cp.async, ldmatrix,
  mma.sync) from a transform schedule;
- gpu.all_reduce (warp shuffles, shared memory, barriers);
- the two-stream program's elementwise kernels.

This is a benchmark, not a test: it asserts nothing and prints a table.
"""
import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
INPUTS = os.path.join(ROOT, "test", "Runtime", "Inputs")
LLVM = os.environ.get("LLVM_TOOLS_DIR", "/usr/lib/llvm-22/bin")
LIBS = os.environ.get("MLIR_LIB_DIR", "/usr/lib/llvm-22/lib")
SM80 = '--gpu-lower-to-nvvm-pipeline=cubin-chip=sm_80 cubin-features=+ptx80 cubin-format=isa opt-level=3'

PROGRAMS = [
    ("gemm 256x256x256 (mma.sync)", "gemm_sm80_program.mlir",
     [["--transform-interpreter", "--test-transform-dialect-erase-schedule",
       "--canonicalize", "--cse", "--gpu-kernel-outlining", "--symbol-dce"],
      [SM80]]),
    ("gpu.all_reduce", "all_reduce_program.mlir",
     [["--gpu-kernel-outlining", SM80]]),
    ("two streams", "two_stream_program.mlir",
     [['--gpu-lower-to-nvvm-pipeline=cubin-format=isa']]),
]

STATS = re.compile(r"lmhead emulator: kernel (\S+): .*?, (\d+) warp instructions, "
                   r"(\d+) lane instructions, ([0-9.]+) s")


def lower(source, steps, out_dir, name):
    current = source
    for i, flags in enumerate(steps):
        target = os.path.join(out_dir, f"{name}.{i}.mlir")
        subprocess.run([os.path.join(LLVM, "mlir-opt"), current, *flags, "-o", target],
                       check=True)
        current = target
    return current


def run(lowered, runtime):
    env = dict(os.environ, LMHEAD_DEVICE="emulator", LMHEAD_EMULATOR_STATS="1")
    libs = ",".join([runtime, os.path.join(LIBS, "libmlir_runner_utils.so"),
                     os.path.join(LIBS, "libmlir_c_runner_utils.so")])
    out = subprocess.run([os.path.join(LLVM, "mlir-runner"), lowered, "-e", "main",
                          "-entry-point-result=void", f"-shared-libs={libs}"],
                         env=env, capture_output=True, text=True, check=True)
    return [(m[1], int(m[2]), int(m[3]), float(m[4]))
            for m in STATS.finditer(out.stderr)]


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    runtime = os.path.join(args.build, "runtime", "liblmhead_runtime.so")
    out_dir = os.path.join(args.build, "bench-emulator")
    os.makedirs(out_dir, exist_ok=True)

    print(f"{'program':30} {'kernel':16} {'warp instr':>11} {'lane instr':>12} "
          f"{'seconds':>8} {'M lane instr/s':>15}")
    for title, source, steps in PROGRAMS:
        lowered = lower(os.path.join(INPUTS, source), steps, out_dir,
                        os.path.splitext(source)[0])
        best = {}
        for _ in range(args.repeat):
            for kernel, warp, lane, seconds in run(lowered, runtime):
                if kernel not in best or seconds < best[kernel][2]:
                    best[kernel] = (warp, lane, seconds)
        for kernel, (warp, lane, seconds) in best.items():
            rate = lane / seconds / 1e6 if seconds > 0 else float("inf")
            print(f"{title:30} {kernel:16} {warp:11d} {lane:12d} {seconds:8.3f} "
                  f"{rate:15.1f}")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
