#!/usr/bin/env python3
"""Measures the PTX emulator: emulated instructions per second and kernel time.

    bench/emulator/bench_emulator.py [--build DIR] [--repeat R]
        [--threads 1,N]

Lowers the runtime's upstream-MLIR test programs (test/Runtime/Inputs) the
way their lit tests do, and two of lmhead's own cross-entropy steps the way
test/Integration/GPU/ce-linear-step.test does (with DIR/bin/lmhead-opt),
runs each R times with LMHEAD_DEVICE=emulator and LMHEAD_EMULATOR_STATS=1
(the runtime then reports every launch: warp and lane instructions, rate),
once per host-thread count (LMHEAD_EMULATOR_THREADS; by default 1 and the
machine's cores), and prints the best run of each kernel:

- the tiled tensor-core GEMM (256x256x256, f16 -> f32: cp.async, ldmatrix,
  mma.sync) from a transform schedule, and the same schedule on a
  384x320x192 GEMM (the size the emulator must run well under 5 s on one
  core); each run also checks its result against the CPU's;
- lmhead's ce_linear_grad (N=1024, D=64, V=512, bf16) on sm_80 (mma.sync)
  and sm_90a (wgmma, TMA, mbarriers);
- gpu.all_reduce (warp shuffles, shared memory, barriers);
- the two-stream program's elementwise kernels.

Then, per thread count, the lane instructions per second of the GEMM-heavy
kernels together (the tensor-core kernels above, their time summed).

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
                   r"(\d+) lane instructions, [0-9.]+ s, ([0-9.]+) M lane "
                   r"instructions/s, (\d+) tensor-core MACs")

# lmhead's own programs: (title, decompose_case.py arguments, target).
STEP_CASE = ["--op=ce_linear_grad", "--n=1024", "--d=64", "--v=512",
             "--dtype=bf16", "--reduction=none", "--layout=dv",
             "--label-smoothing=0.1", "--z-loss-weight=1e-4"]
LMHEAD_PROGRAMS = [
    ("ce_linear_grad sm_80", STEP_CASE, "sm_80"),
    ("ce_linear_grad sm_90a", STEP_CASE, "sm_90a"),
]
DECOMPOSE_CASE = os.path.join(ROOT, "test", "Integration", "Decompose", "Inputs",
                              "decompose_case.py")


def lower_lmhead(lmhead_opt, case, target, out_dir, name):
    """decompose_case.py's program of `case`, through lmhead's pipeline."""
    source = os.path.join(out_dir, f"{name}.mlir")
    with open(source, "w") as f:
        subprocess.run([sys.executable, DECOMPOSE_CASE, "gen", *case, "--seed=1"],
                       stdout=f, check=True)
    lowered = os.path.join(out_dir, f"{name}.llvm.mlir")
    subprocess.run([lmhead_opt, source,
                    f"--lmhead-pipeline=target={target} min-tokens=0",
                    "-o", lowered], check=True)
    return lowered


def lower(source, steps, out_dir, name):
    current = source
    for i, flags in enumerate(steps):
        target = os.path.join(out_dir, f"{name}.{i}.mlir")
        subprocess.run([os.path.join(LLVM, "mlir-opt"), current, *flags, "-o", target],
                       check=True)
        current = target
    return current


def run(lowered, runtime, threads, check_zero=False):
    env = dict(os.environ, LMHEAD_DEVICE="emulator", LMHEAD_EMULATOR_STATS="1",
               LMHEAD_EMULATOR_THREADS=str(threads))
    libs = ",".join([runtime, os.path.join(LIBS, "libmlir_runner_utils.so"),
                     os.path.join(LIBS, "libmlir_c_runner_utils.so")])
    out = subprocess.run([os.path.join(LLVM, "mlir-runner"), lowered, "-e", "main",
                          "-entry-point-result=void", f"-shared-libs={libs}"],
                         env=env, capture_output=True, text=True, check=True)
    if check_zero and "[0]" not in out.stdout:
        sys.exit(f"{lowered}: the emulator's product differs from the CPU's:\n{out.stdout}")
    # (kernel, warp and lane instructions, seconds from the rate, MACs)
    return [(m[1], int(m[2]), int(m[3]),
             int(m[3]) / (float(m[4]) * 1e6) if float(m[4]) > 0 else 0.0,
             int(m[5]))
            for m in STATS.finditer(out.stderr)]


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--threads", default=f"1,{os.cpu_count() or 1}",
                        help="host-thread counts to run with, comma-separated")
    args = parser.parse_args(argv)
    runtime = os.path.join(args.build, "runtime", "liblmhead_runtime.so")
    lmhead_opt = os.path.join(args.build, "bin", "lmhead-opt")
    out_dir = os.path.join(args.build, "bench-emulator")
    os.makedirs(out_dir, exist_ok=True)
    thread_counts = sorted({int(t) for t in args.threads.split(",")})

    programs = [(title, lower(os.path.join(INPUTS, source), steps, out_dir,
                              os.path.splitext(source)[0]), "gemm" in source)
                for title, source, steps in PROGRAMS]
    programs.insert(1, ("gemm 384x320x192 (mma.sync)",
                        lower(sized_gemm(out_dir, 384, 320, 192), PROGRAMS[0][2],
                              out_dir, "gemm_384x320x192"), True))
    if os.path.exists(lmhead_opt):
        for title, case, target in LMHEAD_PROGRAMS:
            programs.append((title, lower_lmhead(lmhead_opt, case, target, out_dir,
                                                 title.replace(" ", "_")), False))
    else:
        print(f"(no {lmhead_opt}: lmhead's own programs skipped)")

    print(f"{'program':26} {'kernel':28} {'threads':>7} {'warp instr':>11} "
          f"{'lane instr':>12} {'seconds':>8} {'M lane instr/s':>15}")
    tensor = {t: [0, 0.0] for t in thread_counts}  # lanes, seconds
    for threads in thread_counts:
        for title, lowered, check in programs:
            best = {}
            for _ in range(args.repeat):
                for kernel, warp, lane, seconds, macs in run(lowered, runtime,
                                                             threads, check):
                    if kernel not in best or seconds < best[kernel][2]:
                        best[kernel] = (warp, lane, seconds, macs)
            for kernel, (warp, lane, seconds, macs) in best.items():
                rate = lane / seconds / 1e6 if seconds > 0 else float("inf")
                print(f"{title:26} {kernel[:28]:28} {threads:7d} {warp:11d} "
                      f"{lane:12d} {seconds:8.4f} {rate:15.1f}")
                if macs:
                    tensor[threads][0] += lane
                    tensor[threads][1] += seconds
    print()
    for threads, (lanes, seconds) in tensor.items():
        print(f"tensor-core kernels together, {threads} host thread(s): "
              f"{lanes} lane instructions in {seconds:.3f} s, "
              f"{lanes / seconds / 1e6:.1f} M lane instructions/s")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
