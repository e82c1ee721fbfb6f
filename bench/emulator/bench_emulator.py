#!/usr/bin/env python3
"""Measures the PTX emulator: emulated instructions per second and kernel time.

    bench/emulator/bench_emulator.py [--build DIR] [--repeat R]

Lowers the runtime's upstream-MLIR test programs (test/Runtime/Inputs) the
way their lit tests do, runs each R times with LMHEAD_DEVICE=emulator and
LMHEAD_EMULATOR_STATS=1 (the runtime then reports every launch: warp and
lane instructions, seconds), and prints the best run of each kernel:

- the tiled tensor-core GEMM (256x256x256, f16 -> f32: cp.async, ldmatrix,
  mma.sync) from a transform schedule, and the same schedule on a
  384x320x192 GEMM (the size the emulator must run well under 5 s on one
  core); each run also checks its result against the CPU's;
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

GEMM_SIZED = """
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cm = arith.constant {m} : index
  %cn = arith.constant {n} : index
  %ck = arith.constant {k} : index
  %c7 = arith.constant 7 : index
  %c5 = arith.constant 5 : index
  %zero = arith.constant 0.0 : f32
  %A = memref.alloc() : memref<{m}x{k}xf16>
  %B = memref.alloc() : memref<{k}x{n}xf16>
  %C = memref.alloc() : memref<{m}x{n}xf32>
  scf.for %i = %c0 to %cm step %c1 {{
    scf.for %j = %c0 to %ck step %c1 {{
      %s = arith.addi %i, %j : index
      %r = arith.remui %s, %c7 : index
      %v = arith.index_cast %r : index to i32
      %f = arith.sitofp %v : i32 to f16
      memref.store %f, %A[%i, %j] : memref<{m}x{k}xf16>
    }}
  }}
  scf.for %i = %c0 to %ck step %c1 {{
    scf.for %j = %c0 to %cn step %c1 {{
      %s = arith.addi %i, %j : index
      %r = arith.remui %s, %c5 : index
      %v = arith.index_cast %r : index to i32
      %f = arith.sitofp %v : i32 to f16
      memref.store %f, %B[%i, %j] : memref<{k}x{n}xf16>
    }}
  }}
  scf.for %i = %c0 to %cm step %c1 {{
    scf.for %j = %c0 to %cn step %c1 {{
      memref.store %zero, %C[%i, %j] : memref<{m}x{n}xf32>
    }}
  }}
  %Au = memref.cast %A : memref<{m}x{k}xf16> to memref<*xf16>
  %Bu = memref.cast %B : memref<{k}x{n}xf16> to memref<*xf16>
  %Cu = memref.cast %C : memref<{m}x{n}xf32> to memref<*xf32>
  gpu.host_register %Au : memref<*xf16>
  gpu.host_register %Bu : memref<*xf16>
  gpu.host_register %Cu : memref<*xf32>
  call @matmul(%A, %B, %C) : (memref<{m}x{k}xf16>, memref<{k}x{n}xf16>, memref<{m}x{n}xf32>) -> ()
  %diff = memref.alloc() : memref<1xf32>
  memref.store %zero, %diff[%c0] : memref<1xf32>
  scf.for %i = %c0 to %cm step %c1 {{
    scf.for %j = %c0 to %cn step %c1 {{
      %sum = scf.for %l = %c0 to %ck step %c1 iter_args(%acc = %zero) -> (f32) {{
        %a = memref.load %A[%i, %l] : memref<{m}x{k}xf16>
        %b = memref.load %B[%l, %j] : memref<{k}x{n}xf16>
        %ae = arith.extf %a : f16 to f32
        %be = arith.extf %b : f16 to f32
        %p = arith.mulf %ae, %be : f32
        %t = arith.addf %acc, %p : f32
        scf.yield %t : f32
      }}
      %got = memref.load %C[%i, %j] : memref<{m}x{n}xf32>
      %d = arith.subf %got, %sum : f32
      %ad = math.absf %d : f32
      %old = memref.load %diff[%c0] : memref<1xf32>
      %new = arith.maximumf %old, %ad : f32
      memref.store %new, %diff[%c0] : memref<1xf32>
    }}
  }}
  %du = memref.cast %diff : memref<1xf32> to memref<*xf32>
  call @printMemrefF32(%du) : (memref<*xf32>) -> ()
  return
}}
func.func @matmul(%A: memref<{m}x{k}xf16>, %B: memref<{k}x{n}xf16>, %C: memref<{m}x{n}xf32>) {{
  %a = bufferization.to_tensor %A restrict : memref<{m}x{k}xf16> to tensor<{m}x{k}xf16>
  %b = bufferization.to_tensor %B restrict : memref<{k}x{n}xf16> to tensor<{k}x{n}xf16>
  %c = bufferization.to_tensor %C restrict writable : memref<{m}x{n}xf32> to tensor<{m}x{n}xf32>
  %r = linalg.matmul ins(%a, %b : tensor<{m}x{k}xf16>, tensor<{k}x{n}xf16>) outs(%c : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  bufferization.materialize_in_destination %r in restrict writable %C : (tensor<{m}x{n}xf32>, memref<{m}x{n}xf32>) -> ()
  return
}}
"""


def sized_gemm(out_dir, m, n, k):
    """The test GEMM's transform schedule applied to an MxNxK product."""
    with open(os.path.join(INPUTS, "gemm_sm80_program.mlir")) as f:
        text = f.read()
    schedule = text[text.index("module attributes {transform.with_named_sequence}"):]
    path = os.path.join(out_dir, f"gemm_{m}x{n}x{k}.mlir")
    with open(path, "w") as f:
        f.write(GEMM_SIZED.format(m=m, n=n, k=k) + schedule)
    return path


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


def run(lowered, runtime, check_zero=False):
    env = dict(os.environ, LMHEAD_DEVICE="emulator", LMHEAD_EMULATOR_STATS="1")
    libs = ",".join([runtime, os.path.join(LIBS, "libmlir_runner_utils.so"),
                     os.path.join(LIBS, "libmlir_c_runner_utils.so")])
    out = subprocess.run([os.path.join(LLVM, "mlir-runner"), lowered, "-e", "main",
                          "-entry-point-result=void", f"-shared-libs={libs}"],
                         env=env, capture_output=True, text=True, check=True)
    if check_zero and "[0]" not in out.stdout:
        sys.exit(f"{lowered}: the emulator's product differs from the CPU's:\n{out.stdout}")
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
    programs = [(title, os.path.join(INPUTS, source), steps, "gemm" in source)
                for title, source, steps in PROGRAMS]
    programs.insert(1, ("gemm 384x320x192 (mma.sync)",
                        sized_gemm(out_dir, 384, 320, 192), PROGRAMS[0][2], True))
    for title, source, steps, check in programs:
        lowered = lower(source, steps, out_dir,
                        os.path.splitext(os.path.basename(source))[0])
        best = {}
        for _ in range(args.repeat):
            for kernel, warp, lane, seconds in run(lowered, runtime, check):
                if kernel not in best or seconds < best[kernel][2]:
                    best[kernel] = (warp, lane, seconds)
        for kernel, (warp, lane, seconds) in best.items():
            rate = lane / seconds / 1e6 if seconds > 0 else float("inf")
            print(f"{title:30} {kernel:16} {warp:11d} {lane:12d} {seconds:8.3f} "
                  f"{rate:15.1f}")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
