#!/usr/bin/env python3
"""A census of every kernel's global loads and stores, read from its SASS.

    bench/kernels/sass_census.py [--build DIR] [--shapes all|headline]
                                 [--targets sm_90a,sm_80] [--schedules ...]
                                 [--ptxas PATH] [--cuobjdump PATH]

For each benchmark shape (N, D, V) in bf16 (layout vd, i64 labels,
reduction mean, dh bf16, dW f32), each target and each cross-entropy
schedule (`one-pass`: the training step; `two-pass`: the forward and the
backward from its lse), `--lmhead-pipeline` compiles the training step of
one LM head; scripts/ptx_report.py assembles its kernels with ptxas and
dumps their SASS with cuobjdump. For every kernel the script counts the
global memory instructions of the SASS (LDG, STG, ATOMG, RED, LDGSTS, and
the TMA's UTMALDG/UTMASTG) by the width of one thread's access, and prints
one Markdown row: the kernel, its registers and spills, its threads per
block and the warps a multiprocessor holds as far as registers go, then
`width×count` for loads and stores, and the number of accesses of 32 bits
or less. The
counts are static (instructions in the code, not executions), which is what
says how many bytes one thread can have in flight.

A benchmark, not a test: it asserts nothing. cuobjdump comes with CUDA or
from PyPI's nvidia-cuda-cuobjdump.
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
SHAPES = [(4096, 4096, 128256), (8192, 4096, 128256), (8192, 2304, 256000),
          (16384, 2048, 248320)]


def module(n, d, v):
    """One head's training step as frameworks give it: the forward, then
    the backward from its lse with the loss gradient as an argument."""
    h, w, y = f"tensor<{n}x{d}xbf16>", f"tensor<{v}x{d}xbf16>", f"tensor<{n}xi64>"
    return f"""
func.func @step(%h: {h}, %w: {w}, %y: {y}, %g: tensor<f32>) -> (tensor<f32>, tensor<{n}x{d}xbf16>, tensor<{v}x{d}xf32>) {{
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean)
      : ({h}, {w}, {y}) -> (tensor<f32>, tensor<{n}xf32>)
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean)
      : ({h}, {w}, {y}, tensor<{n}xf32>, tensor<f32>) -> ({h}, tensor<{v}x{d}xf32>)
  return %loss, %dh, %dw : tensor<f32>, {h}, tensor<{v}x{d}xf32>
}}
"""


# The global memory instructions of SASS and the width of one thread's
# access that their suffixes give (bits; no size suffix is 32).
MEMORY_OPS = ("LDG", "STG", "ATOMG", "RED", "LDGSTS", "UTMALDG", "UTMASTG",
              "UBLKCP")
WIDTH_SUFFIX = {"U8": 8, "S8": 8, "U16": 16, "S16": 16, "64": 64, "128": 128}


def access_width(opcode):
    """The bits one thread moves with a SASS memory opcode such as
    `LDG.E.128.CONSTANT` (TMA copies count as 0: a whole box, no
    per-thread width)."""
    parts = opcode.split(".")
    if parts[0].startswith("UTMA") or parts[0] == "UBLKCP":
        return 0
    width = 32
    for part in parts[1:]:
        width = WIDTH_SUFFIX.get(part, width)
    return width


def census(sass_text):
    """{kernel: {"load": Counter(width), "store": Counter(width)}} from
    cuobjdump's SASS."""
    kernels = {}
    current = None
    for line in sass_text.splitlines():
        m = re.match(r"\s*Function : (\S+)", line)
        if m:
            current = kernels.setdefault(
                m.group(1), {"load": collections.Counter(),
                             "store": collections.Counter()})
            continue
        m = re.search(r"/\*[0-9a-f]{4,}\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)", line)
        if not m or current is None:
            continue
        opcode = m.group(1)
        base = opcode.split(".")[0]
        if base not in MEMORY_OPS:
            continue
        kind = "load" if base in ("LDG", "LDGSTS", "UTMALDG") else "store"
        if base in ("ATOMG", "RED"):
            kind = "store"
        current[kind][access_width(opcode)] += 1
    return kernels


def describe(counter):
    return " ".join(f"{w}×{c}" if w else f"tma×{c}"
                    for w, c in sorted(counter.items())) or "-"


def narrow(entry):
    return sum(c for kind in ("load", "store")
               for w, c in entry[kind].items() if 0 < w <= 32)


def block_threads(folder):
    """{kernel: threads per block} from the `.maxntid`/`.reqntid` of the
    kept PTX objects."""
    threads = {}
    for name in os.listdir(folder):
        if not re.fullmatch(r"\d+\.ptx", name):
            continue
        with open(os.path.join(folder, name)) as f:
            text = f.read()
        for m in re.finditer(r"\.entry (\w+)\((.*?)\{", text, re.S):
            found = re.search(r"\.(?:maxntid|reqntid) (\d+), (\d+), (\d+)",
                              m.group(2))
            if found:
                threads[m.group(1)] = (int(found.group(1)) * int(found.group(2))
                                       * int(found.group(3)))
    return threads


def resident_warps(registers, threads):
    """Warps of the kernel one H100/H200 multiprocessor holds as far as its
    registers go (65536 a multiprocessor, allocated per warp in units of
    256; at most 64 warps and 32 blocks); shared memory may allow fewer."""
    if not threads or not str(registers).isdigit():
        return "?"
    per_warp = -(-int(registers) * 32 // 256) * 256
    warps_per_block = -(-threads // 32)
    blocks = min(65536 // (per_warp * warps_per_block), 32,
                 64 // warps_per_block)
    return blocks * warps_per_block


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--shapes", choices=["all", "headline"], default="all")
    parser.add_argument("--targets", default="sm_90a,sm_80")
    parser.add_argument("--schedules", default="one-pass,two-pass")
    parser.add_argument("--ptxas", default=shutil.which("ptxas"))
    parser.add_argument("--cuobjdump", default=shutil.which("cuobjdump"))
    args = parser.parse_args()
    if not args.ptxas or not args.cuobjdump:
        sys.exit("needs ptxas and cuobjdump (--ptxas, --cuobjdump)")
    opt = os.path.join(args.build, "bin", "lmhead-opt")
    shapes = SHAPES if args.shapes == "all" else SHAPES[:1]
    print("| shape (N, D, V) | target | schedule | kernel | registers / spilled B "
          "| threads / resident warps per SM | loads (bits×instructions) | stores "
          "| ≤32-bit accesses |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | ---: |")
    with tempfile.TemporaryDirectory() as tmp:
        for n, d, v in shapes:
            src = os.path.join(tmp, "step.mlir")
            with open(src, "w") as f:
                f.write(module(n, d, v))
            for target in args.targets.split(","):
                for schedule in args.schedules.split(","):
                    out = os.path.join(tmp, "out.mlir")
                    run = subprocess.run(
                        [opt, src, f"--lmhead-pipeline=target={target} "
                         f"ce-schedule={schedule}", "-o", out],
                        capture_output=True, text=True)
                    where = f"| ({n}, {d}, {v}) | {target} | {schedule} |"
                    if run.returncode != 0:
                        print(f"{where} failed: "
                              f"{run.stderr.strip().splitlines()[-1][:200]} | | | | |")
                        continue
                    sass = os.path.join(tmp, "out.sass")
                    keep = os.path.join(tmp, "ptx")
                    report = subprocess.run(
                        [sys.executable, os.path.join(ROOT, "scripts", "ptx_report.py"),
                         out, "--ptxas", args.ptxas, "--cuobjdump", args.cuobjdump,
                         "--sass", sass, "--allow-spills", "--keep", keep],
                        capture_output=True, text=True).stdout
                    threads = block_threads(keep)
                    registers = {m.group(1): (m.group(2), int(m.group(3)) + int(m.group(4)))
                                 for m in re.finditer(
                                     r"^(\S+) \S+: (\d+) registers, \d+ bytes static "
                                     r"shared memory, (\d+)/(\d+) bytes spilled",
                                     report, re.M)}
                    with open(sass) as f:
                        kernels = census(f.read())
                    for name, entry in sorted(kernels.items()):
                        regs, spilled = registers.get(name, ("?", "?"))
                        print(f"{where} {name} | {regs} / {spilled} | "
                              f"{threads.get(name, '?')} / "
                              f"{resident_warps(regs, threads.get(name))} | "
                              f"{describe(entry['load'])} | {describe(entry['store'])} | "
                              f"{narrow(entry)} |")


if __name__ == "__main__":
    main()
