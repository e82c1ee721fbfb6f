#!/usr/bin/env python3
"""Assembles every kernel a lowered module holds and reports on it.

    ptx_report.py LOWERED.mlir [--ptxas PATH] [--keep DIR] [--expect TEXT ...]

LOWERED.mlir is the output of `lmhead-opt --lmhead-pipeline` (or of
upstream's gpu-module-to-binary with format=isa): each `gpu.binary` object
holds PTX as its `assembly` string. For every object this undoes MLIR's
string escapes, assembles the PTX with `ptxas -v` for the `.target` it
names, and prints one line per kernel:

    <kernel> <target>: <R> registers, <S> bytes static shared memory,
        <stores>/<loads> bytes spilled, local memory: none|used

then `ALL KERNELS OK` when every kernel assembled, spilled nothing and uses
no local memory (`.local` in the PTX: arrays the compiler could not keep in
registers), and every `--expect` text occurs in the PTX of every object.
Otherwise it names what failed and exits 1. `--keep` writes each object's
PTX to DIR/<n>.ptx. Used by the PTX lit tests and by bench/kernels.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True


def unescape(text):
    """MLIR's string escapes: a backslash and two hex digits (or a quoted
    backslash or quote)."""
    out = bytearray()
    i = 0
    while i < len(text):
        if text[i] == "\\" and re.fullmatch(r"[0-9A-Fa-f]{2}",
                                             text[i + 1:i + 3]):
            out.append(int(text[i + 1:i + 3], 16))
            i += 3
        elif text[i] == "\\":
            out.append(ord(text[i + 1]))
            i += 2
        else:
            out.extend(text[i].encode())
            i += 1
    return out.decode()


def ptx_objects(module_text):
    """The PTX text of every gpu.binary object in the module."""
    return [unescape(blob) for blob in
            re.findall(r'assembly = "((?:[^"\\]|\\.)*)"', module_text)]


def assemble(ptx, ptxas, workdir, index):
    """Per-kernel ptxas figures: {kernel: dict}, or raises RuntimeError."""
    target = re.search(r"^\.target\s+(\S+)", ptx, re.M)
    if not target:
        raise RuntimeError(f"object {index}: no .target directive")
    arch = target.group(1).rstrip(",")
    path = os.path.join(workdir, f"{index}.ptx")
    with open(path, "w") as f:
        f.write(ptx)
    done = subprocess.run([ptxas, f"-arch={arch}", "-v", path, "-o",
                           os.path.join(workdir, f"{index}.cubin")],
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"object {index} ({arch}): ptxas failed:\n"
                           + done.stderr.strip())
    kernels, current = {}, None
    for line in done.stderr.splitlines():
        m = re.search(r"Compiling entry function '([^']+)'", line)
        if m:
            current = kernels.setdefault(m.group(1), {"arch": arch})
            continue
        if current is None:
            continue
        m = re.search(r"(\d+) bytes spill stores, (\d+) bytes spill loads",
                      line)
        if m:
            current["spill_stores"] = int(m.group(1))
            current["spill_loads"] = int(m.group(2))
        m = re.search(r"Used (\d+) registers", line)
        if m:
            current["registers"] = int(m.group(1))
            smem = re.search(r"(\d+) bytes smem", line)
            current["smem"] = int(smem.group(1)) if smem else 0
    return arch, kernels


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("module")
    parser.add_argument("--ptxas", default=shutil.which("ptxas"))
    parser.add_argument("--keep", metavar="DIR")
    parser.add_argument("--expect", action="append", default=[],
                        metavar="TEXT")
    args = parser.parse_args(argv)
    if not args.ptxas:
        sys.exit("ptxas not found: put CUDA's bin folder on PATH or pass "
                 "--ptxas")
    with open(args.module) as f:
        objects = ptx_objects(f.read())
    if not objects:
        sys.exit(f"{args.module}: no gpu.binary object holds PTX "
                 "(format=isa)")
    failures = []
    workdir = args.keep or tempfile.mkdtemp(prefix="ptx-report-")
    os.makedirs(workdir, exist_ok=True)
    try:
        for index, ptx in enumerate(objects):
            for text in args.expect:
                if text not in ptx:
                    failures.append(f"object {index}: `{text}` not in the "
                                    "PTX")
            local = ".local" in ptx
            try:
                arch, kernels = assemble(ptx, args.ptxas, workdir, index)
            except RuntimeError as e:
                failures.append(str(e))
                continue
            for name, k in sorted(kernels.items()):
                spilled = k.get("spill_stores", 0) + k.get("spill_loads", 0)
                print(f"{name} {arch}: {k.get('registers', '?')} registers, "
                      f"{k.get('smem', 0)} bytes static shared memory, "
                      f"{k.get('spill_stores', 0)}/{k.get('spill_loads', 0)} "
                      f"bytes spilled, local memory: "
                      f"{'used' if local else 'none'}")
                if spilled:
                    failures.append(f"{name} ({arch}) spills {spilled} "
                                    "bytes")
                if local:
                    failures.append(f"{name} ({arch}) uses local memory")
    finally:
        if not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)
    for failure in failures:
        print("FAIL " + failure)
    if failures:
        sys.exit(1)
    print("ALL KERNELS OK")


if __name__ == "__main__":
    main(sys.argv[1:])
