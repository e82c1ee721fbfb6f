#!/usr/bin/env python3
"""What each cross-entropy kernel keeps in flight, measured on the emulator.

    bench/emulator/bench_traffic.py [--build DIR] [--lmhead-opt PATH]
                                    [--n N --d D --v V]

For each target (sm_80, sm_90a) and schedule (one-pass: the training step;
two-pass: the forward, then the backward from its lse) this generates a
ce_linear_fwd + ce_linear_grad pair with the integration tests' generator
(test/Integration/Decompose/Inputs/decompose_case.py: bf16, fresh random
inputs, dh and dW accumulated into existing gradients so that the
read-modify-write epilogues run), compiles it with `--lmhead-pipeline`
under a workspace bound that makes four chunks, runs it on the emulator
with LMHEAD_EMULATOR_STATS=1 (with `--check`, also checks the results
against the float64 reference, which takes minutes; the integration tests
check these kernels in every run), and prints per kernel what the runtime's emulator reports for
the launch (GlobalTraffic.h): the most bytes of global loads one warp had
in flight, the most global accesses of 32 bits or less one thread executed,
and the lane accesses by width. Launches of one kernel are merged (largest
figures, summed widths).

`--lmhead-opt` compiles with another build's lmhead-opt (an older
revision, say) while the runtime of DIR measures: the same counters for
two code generators.

The default shape is a multiple of every tile, so every block is an
interior tile: the counts are those of the code a GPU runs almost
everywhere at the benchmark shapes. A benchmark, not a test: it asserts
nothing.
"""
import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CASE = os.path.join(ROOT, "test", "Integration", "Decompose", "Inputs",
                    "decompose_case.py")
LLVM = os.environ.get("LLVM_TOOLS_DIR", "/usr/lib/llvm-22/bin")
LIBS = os.environ.get("MLIR_LIB_DIR", "/usr/lib/llvm-22/lib")
TRAFFIC = re.compile(
    r"^lmhead emulator: kernel (\S+) global traffic: at most (\d+) bytes of "
    r"loads in flight per warp, at most (\d+) accesses of 32 bits or less per "
    r"thread; lane accesses by bits 8:(\d+) 16:(\d+) 32:(\d+) 64:(\d+) "
    r"128:(\d+)$", re.M)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--n", type=int, default=512)
    parser.add_argument("--d", type=int, default=256)
    parser.add_argument("--v", type=int, default=2048)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lmhead-opt", metavar="PATH")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    opt = args.lmhead_opt or os.path.join(args.build, "bin", "lmhead-opt")
    runtime = os.path.join(args.build, "runtime", "liblmhead_runtime.so")
    case = ["--op=ce_linear_pair", f"--n={args.n}", f"--d={args.d}",
            f"--v={args.v}", "--dtype=bf16", "--accumulate-dh",
            "--accumulate-dw", f"--seed={args.seed}"]
    # Three fifths of the bf16 logits: four chunks of either schedule (the
    # step's two chunk buffers of a quarter of the tokens and their
    # partials; the backward's two of about a quarter of the vocabulary).
    workspace = args.n * args.v * 2 * 3 // 5
    print(f"ce_linear_fwd + ce_linear_grad, N={args.n}, D={args.d}, "
          f"V={args.v}, bf16, accumulating dh and dW, ce-workspace-bytes="
          f"{workspace}; per kernel, merged over its launches\n")
    print("| target | schedule | kernel | bytes in flight per warp (max) | "
          "≤32-bit accesses per thread (max) | lane accesses 8/16/32/64/128 bits |")
    print("| --- | --- | --- | ---: | ---: | --- |")
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "pair.mlir")
        with open(src, "w") as f:
            subprocess.run([sys.executable, CASE, "gen", *case], stdout=f,
                           check=True)
        for target in ("sm_80", "sm_90a"):
            for schedule in ("one-pass", "two-pass"):
                lowered = os.path.join(tmp, "lowered.mlir")
                subprocess.run(
                    [opt, src, f"--lmhead-pipeline=target={target} min-tokens=0 "
                     f"ce-schedule={schedule} ce-workspace-bytes={workspace}",
                     "-o", lowered], check=True)
                env = dict(os.environ, LMHEAD_DEVICE="emulator",
                           LMHEAD_EMULATOR_STATS="1")
                run = subprocess.run(
                    [os.path.join(LLVM, "mlir-runner"), lowered, "-e", "main",
                     "-entry-point-result=void",
                     f"-shared-libs={runtime},{LIBS}/libmlir_runner_utils.so,"
                     f"{LIBS}/libmlir_c_runner_utils.so"],
                    capture_output=True, text=True, env=env, check=True)
                verdict, check = True, None
                if args.check:
                    output = os.path.join(tmp, "out.txt")
                    with open(output, "w") as f:
                        f.write(run.stdout)
                    check = subprocess.run(
                        [sys.executable, CASE, "check", *case, output],
                        capture_output=True, text=True)
                    verdict = "ALL PASS" in check.stdout
                kernels = collections.OrderedDict()
                for m in TRAFFIC.finditer(run.stderr):
                    name = m.group(1).removeprefix("ce_linear_")
                    figures = [int(x) for x in m.groups()[1:]]
                    if name in kernels:
                        old = kernels[name]
                        figures = [max(old[0], figures[0]), max(old[1], figures[1])] + [
                            a + b for a, b in zip(old[2:], figures[2:])]
                    kernels[name] = figures
                for name, figures in kernels.items():
                    print(f"| {target} | {schedule} | {name} | {figures[0]} | "
                          f"{figures[1]} | {'/'.join(map(str, figures[2:]))} |")
                if not verdict:
                    print(f"| {target} | {schedule} | RESULTS WRONG | | | "
                          f"{check.stdout.strip().splitlines()[-1]} |")


if __name__ == "__main__":
    main()
