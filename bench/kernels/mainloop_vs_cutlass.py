#!/usr/bin/env python3
"""The sm_90a GEMM main loop's SASS beside CUTLASS's, at the same tile.

    bench/kernels/mainloop_vs_cutlass.py [--lmhead-opt PATH] [--nvcc PATH]
        [--ptxas PATH] [--cuobjdump PATH] [--cutlass DIR]
        [--only cooperative|ping-pong] [--lmhead-options OPTIONS]
        [--keep DIR]

Compiles, for sm_90a:
- lmhead's linear_grad at the headline shape (N, D, V) = (4096, 4096,
  128256), bf16, with `--lmhead-pipeline` (the model's tiles, or those
  `--lmhead-options` fixes: "block-n=256 warp-n=256 stages=3" for
  CUTLASS's), assembled by ptxas;
- CUTLASS 3's warp-specialised GEMM with the same warpgroup tile (64x256,
  bf16, f32 accumulators, K step 64) for each of its kernel schedules
  (cooperative: 128x256 blocks; ping-pong: 64x256 blocks, the warpgroups
  taking tiles in turns) and clusters 1x1 and 2x1, built with the
  CollectiveBuilder API as CUTLASS's example 48 builds its GEMM, compiled
  by nvcc (`--only` builds one schedule). CUTLASS's
  headers come from `--cutlass` (a source tree, or PyPI's nvidia-cutlass,
  whose cutlass_library package carries them).

Then, from each kernel's SASS (cuobjdump), the K loop of its consumers (the
basic block holding the loop's HGMMAs and its backward branch): its
instructions per K step (64 K elements) by kind (HGMMA; warpgroup fences
and waits; mbarrier and other synchronisation; integer and address
arithmetic; uniform-datapath instructions; branches; everything else),
and the kernel's registers and spills. Prints one Markdown row a kernel,
then any ptxas advisory on CUTLASS's kernels ("Potential Performance Loss").

A benchmark, not a test: it asserts nothing. Without nvcc or the CUTLASS
headers it prints lmhead's rows only.
"""
import argparse
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BENCHMARK = os.path.join(ROOT, "test", "Target", "PTX", "Inputs",
                         "lm_head_benchmark.mlir")
PTX_REPORT = os.path.join(ROOT, "scripts", "ptx_report.py")

# One CUTLASS GEMM: C[M,N] = A[M,K]·B[K,N] in bf16 with f32 accumulators,
# A K-major and B N-major as lmhead's dh (dZ[N,V]·W[V,D]).
CUTLASS_KERNEL = r"""
#include "cutlass/cutlass.h"
#include "cutlass/epilogue/collective/collective_builder.hpp"
#include "cutlass/gemm/collective/collective_builder.hpp"
#include "cutlass/gemm/device/gemm_universal_adapter.h"
#include "cutlass/gemm/kernel/gemm_universal.hpp"

using namespace cute;

using Element = cutlass::bfloat16_t;
using TileShape = Shape<_TILE_M, _256, _64>;
using ClusterShape = Shape<_CLUSTER_M, _1, _1>;

using Epilogue = typename cutlass::epilogue::collective::CollectiveBuilder<
    cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp, TileShape,
    ClusterShape, cutlass::epilogue::collective::EpilogueTileAuto, float,
    float, Element, cutlass::layout::RowMajor, 8, Element,
    cutlass::layout::RowMajor, 8, EPILOGUE_SCHEDULE>::CollectiveOp;

using Mainloop = typename cutlass::gemm::collective::CollectiveBuilder<
    cutlass::arch::Sm90, cutlass::arch::OpClassTensorOp, Element,
    cutlass::layout::RowMajor, 8, Element, cutlass::layout::RowMajor, 8,
    float, TileShape, ClusterShape,
    cutlass::gemm::collective::StageCountAutoCarveout<static_cast<int>(
        sizeof(typename Epilogue::SharedStorage))>,
    KERNEL_SCHEDULE>::CollectiveOp;

using Kernel = cutlass::gemm::kernel::GemmUniversal<Shape<int, int, int, int>,
                                                    Mainloop, Epilogue>;

template __global__ void cutlass::device_kernel<Kernel>(
    CUTLASS_GRID_CONSTANT Kernel::Params const);
"""

# Each schedule's block tile, of which each consumer warpgroup holds
# 64x256 (128 accumulators a thread): the cooperative kernel's two
# warpgroups share a 128x256 tile, the ping-pong kernel's take 64x256 tiles
# in turns.
SCHEDULES = {
    "cooperative": (128, "cutlass::gemm::KernelTmaWarpSpecializedCooperative",
                    "cutlass::epilogue::TmaWarpSpecializedCooperative"),
    "ping-pong": (64, "cutlass::gemm::KernelTmaWarpSpecializedPingpong",
                  "cutlass::epilogue::TmaWarpSpecialized"),
}


def run(command, **kwargs):
    done = subprocess.run(command, capture_output=True, text=True, **kwargs)
    if done.returncode:
        sys.exit(f"{command[0]} failed:\n{done.stderr[-3000:]}")
    return done


def functions(sass):
    """{name: [instruction text]} of a cuobjdump -sass listing."""
    found = {}
    for chunk in re.split(r"\n\s*Function : ", sass)[1:]:
        name = chunk.split()[0]
        found[name] = [
            re.sub(r"^\s*/\*[0-9a-f]+\*/\s*", "", line).split(";")[0].strip()
            for line in chunk.splitlines()
            if re.match(r"\s*/\*[0-9a-f]{4,}\*/", line)]
    return found


def k_loop(instructions):
    """The consumers' K loop: the smallest block between a backward branch's
    target and the branch that holds an HGMMA (the innermost loop around
    the wgmmas; an mbarrier's wait loop holds none)."""
    best = []
    for i, text in enumerate(instructions):
        match = re.search(r"\bBRA\b.*?0x([0-9a-f]+)", text)
        if not match:
            continue
        target = int(match.group(1), 16) // 16
        if target > i:
            continue
        body = instructions[target:i + 1]
        if any("HGMMA" in t for t in body) and (not best or
                                                 len(body) < len(best)):
            best = body
    return best


def kind(text):
    op = re.sub(r"^@!?U?P\w+\s+", "", text).split()[0] if text else ""
    if op.startswith("HGMMA"):
        return "HGMMA"
    if op.startswith("WARPGROUP"):
        return "fence/wait"
    if op.startswith(("SYNCS", "BAR", "NANOSLEEP", "MEMBAR", "ELECT")):
        return "sync"
    if op.startswith(("BRA", "EXIT", "CALL", "RET", "BSYNC", "BSSY", "WARPSYNC")):
        return "branch"
    if op.startswith("U"):
        return "uniform"
    if op.startswith(("IADD", "IMAD", "LEA", "LOP", "SHF", "ISETP", "SEL",
                      "MOV", "IABS", "PLOP", "VIADD", "R2UR", "S2R", "S2UR",
                      "CS2R", "SGXT", "PRMT", "FLO", "POPC")):
        return "integer"
    return "other"


KINDS = ["HGMMA", "fence/wait", "sync", "integer", "uniform", "branch", "other"]


def row(name, instructions, resources):
    body = k_loop(instructions)
    counts = collections.Counter(kind(t) for t in body)
    hgmma = counts["HGMMA"] or 1
    # HGMMA.64xNx16 covers 16 K elements of one 64-row slice: a K step of
    # 64 is 4 per 64 rows the warpgroup holds.
    cells = [name, resources, str(len(body))]
    cells += [str(counts[k]) for k in KINDS]
    cells.append(f"{(len(body) - counts['HGMMA']) / hgmma:.1f}")
    return "| " + " | ".join(cells) + " |"


def resources_of(ptxas_output, name):
    match = re.search(r"Function properties for " + re.escape(name) +
                      r"\s*\n\s*(\d+) bytes stack frame, (\d+) bytes spill "
                      r"stores, (\d+) bytes spill loads.*?\n.*?Used (\d+) "
                      r"registers", ptxas_output, re.S)
    if not match:
        return "-"
    return f"{match.group(4)} regs, {match.group(2)}/{match.group(3)} B spilled"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lmhead-opt", default=os.path.join(
        ROOT, "build", "bin", "lmhead-opt"))
    parser.add_argument("--nvcc", default=shutil.which("nvcc") or
                        "/usr/local/cuda/bin/nvcc")
    parser.add_argument("--ptxas", default=shutil.which("ptxas") or
                        "/usr/local/cuda/bin/ptxas")
    parser.add_argument("--cuobjdump", default=shutil.which("cuobjdump"))
    parser.add_argument("--cutlass", metavar="DIR",
                        help="CUTLASS's source tree (default: PyPI's "
                        "nvidia-cutlass, if installed)")
    parser.add_argument("--only", choices=sorted(SCHEDULES),
                        help="build only this CUTLASS schedule")
    parser.add_argument("--keep", metavar="DIR",
                        help="keep the sources, cubins and SASS here")
    parser.add_argument("--lmhead-options", default="", metavar="OPTIONS",
                        help="--lmhead-pipeline options for lmhead's kernels "
                        "(tiles, cluster-m, ...)")
    args = parser.parse_args()
    if not args.cuobjdump:
        sys.exit("no cuobjdump (PyPI's nvidia-cuda-cuobjdump has one)")
    cutlass = args.cutlass
    if not cutlass:
        try:
            import cutlass_library
            cutlass = os.path.join(os.path.dirname(cutlass_library.__file__),
                                   "source")
        except ImportError:
            cutlass = None

    workdir = args.keep or tempfile.mkdtemp(prefix="mainloop-vs-cutlass-")
    os.makedirs(workdir, exist_ok=True)
    print("| kernel | registers | K-loop instructions | "
          + " | ".join(KINDS) + " | others per HGMMA |")
    print("| --- | --- | ---: | " + " | ".join("---:" for _ in KINDS)
          + " | ---: |")

    # lmhead's linear_grad, as --lmhead-pipeline compiles it.
    lowered = os.path.join(workdir, "lmhead.mlir")
    run([args.lmhead_opt, BENCHMARK,
         f"--lmhead-pipeline=target=sm_90a {args.lmhead_options}".strip(),
         "-o", lowered])
    sass_path = os.path.join(workdir, "lmhead.sass")
    report = run([sys.executable, PTX_REPORT, lowered, f"--ptxas={args.ptxas}",
                  f"--cuobjdump={args.cuobjdump}", f"--sass={sass_path}"])
    for name, instructions in sorted(functions(open(sass_path).read()).items()):
        found = re.search(r"^" + re.escape(name) + r" sm_90a: (\d+) registers"
                          r".*?(\d+)/(\d+) bytes spilled", report.stdout, re.M)
        resources = (f"{found.group(1)} regs, {found.group(2)}/{found.group(3)}"
                     " B spilled" if found else "-")
        print(row(f"lmhead {name}", instructions, resources), flush=True)

    if not cutlass or not os.path.isdir(os.path.join(cutlass, "include")):
        print("\n(no CUTLASS headers: pass --cutlass or pip install "
              "nvidia-cutlass)")
        return
    advisories = []
    for schedule, (tile_m, kernel, epilogue) in SCHEDULES.items():
        if args.only and schedule != args.only:
            continue
        for cluster in (1, 2):
            label = f"{schedule} {tile_m}x256x64, cluster {cluster}x1"
            stem = f"cutlass-{schedule}-{cluster}x1"
            source = os.path.join(workdir, f"{stem}.cu")
            with open(source, "w") as f:
                f.write(CUTLASS_KERNEL
                        .replace("_CLUSTER_M", f"_{cluster}")
                        .replace("_TILE_M", f"_{tile_m}")
                        .replace("KERNEL_SCHEDULE", kernel)
                        .replace("EPILOGUE_SCHEDULE", epilogue))
            cubin = os.path.join(workdir, f"{stem}.cubin")
            report = run([args.nvcc, "-arch=sm_90a", "-cubin", "-O3", "-DNDEBUG",
                          "-std=c++17", "--expt-relaxed-constexpr",
                          "-Xptxas=-v", "-I", os.path.join(cutlass, "include"),
                          source, "-o", cubin])
            sass = run([args.cuobjdump, "-sass", cubin]).stdout
            for name, instructions in functions(sass).items():
                print(row(f"CUTLASS {label}", instructions,
                          resources_of(report.stderr, name)), flush=True)
            advisories.extend(
                f"{label}: {line.strip()}"
                for line in report.stderr.splitlines()
                if "Performance Loss" in line or re.search(r"\(C7\d+\)", line))
    for advisory in advisories:
        print(f"\nptxas: {advisory}")


if __name__ == "__main__":
    main()
