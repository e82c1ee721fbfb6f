#!/usr/bin/env python3
"""Assembles every kernel a lowered module holds and reports on it.

    ptx_report.py LOWERED.mlir|BUNDLE|FILE.ptx [--ptxas PATH] [--keep DIR]
                  [--expect TEXT ...] [--sass FILE [--cuobjdump PATH]]
                  [--batch N] [--quiet] [--allow-spills]
                  [--also-target sm_XY ...]

LOWERED.mlir is the output of `lmhead-opt --lmhead-pipeline` (or of
upstream's gpu-module-to-binary with format=isa): each `gpu.binary` object
holds PTX as its `assembly` string, with MLIR's string escapes undone here.
BUNDLE is a folder `--lmhead-write-bundle` wrote, each of its `.ptx` files
an object (in name order); FILE.ptx is one object. Each object's PTX is
assembled with `ptxas -v` for the `.target` it names, and one line per
kernel printed:

    <kernel> <target>: <R> registers, <S> bytes static shared memory,
        <stores>/<loads> bytes spilled, local memory: none|used

then `ALL KERNELS OK` when every kernel assembled, spilled nothing, uses
no local memory (`.local` in the PTX: arrays the compiler could not keep in
registers) and drew no ptxas advisory (a coded message such as `(C7519)`,
or a "Potential Performance Loss": ptxas had to serialise or fence the
tensor-core code, or ignored `setmaxnreg`), and every `--expect` text
occurs in the PTX of every object. Otherwise it names what failed and
exits 1.

Objects of one target are assembled together, up to N (`--batch`, default
64) per ptxas call, their module-scope declarations merged: a sweep of
hundreds of kernels pays ptxas's start-up once per batch. A batch that
fails or draws an advisory is assembled again object by object, so the
report names the object (ptxas does not name the kernel of every
advisory). `--keep` writes each object's PTX to DIR/<n>.ptx and each batch
to DIR/batch<b>.ptx (with its .cubin). `--sass FILE` writes the SASS of
every kernel (`cuobjdump --dump-sass` of each batch's cubin) to FILE.
`--quiet` leaves out the per-kernel lines. `--allow-spills` reports
spilling kernels (`SPILLS ...` lines and a count) without failing on them.
`--also-target T` assembles every object a second time for target T (its
`.target` line replaced): the sm_80 kernel family, which Hopper runs for
operands TMA cannot load, is the same PTX for sm_80 and sm_90a, so one
compilation checks it under both ptxas targets.
Used by the PTX lit tests, the
every-configuration sweeps and bench/kernels.
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


ADVISORY = re.compile(r"\(C\d{4}\)|Potential Performance Loss")


def assemble(ptx, ptxas, workdir, index):
    """Per-kernel ptxas figures: {kernel: dict}, or raises RuntimeError.
    Advisory lines go to the "advisories" list of the kernel they name, else
    of every kernel of the object."""
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
    kernels, current, advisories = {}, None, []
    for line in done.stderr.splitlines():
        if ADVISORY.search(line):
            advisories.append(line.split(":", 1)[-1].strip())
            continue
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
    for kernel in kernels.values():
        kernel["advisories"] = []
    for text in advisories:
        named = [k for k in kernels if f"'{k}'" in text]
        for name in named or kernels:
            kernels[name]["advisories"].append(text)
    return arch, kernels


def top_level(ptx):
    """The PTX split into its header (.version, .target, .address_size),
    module-scope declarations, and the rest, with the names the rest
    defines (entries, functions) and declares (variables)."""
    header, declarations, rest = [], [], []
    defined, depth = set(), 0
    for line in ptx.splitlines():
        stripped = line.strip()
        if depth == 0 and re.match(r"\.(version|target|address_size)\b",
                                   stripped):
            header.append(stripped)
        elif depth == 0 and re.match(
                r"(\.(extern|visible|weak)\s+)*\.(shared|global|const)\b",
                stripped):
            declarations.append(stripped)
        else:
            if depth == 0:
                m = re.match(r"(?:\.(?:visible|weak)\s+)*\.(?:entry|func)\s+"
                             r"(?:\([^)]*\)\s*)?([\w$]+)", stripped)
                if m:
                    defined.add(m.group(1))
            rest.append(line)
        depth += line.count("{") - line.count("}")
    return tuple(header), declarations, rest, defined


def declared_name(declaration):
    """The variable a module-scope declaration declares."""
    m = re.search(r"([\w$]+)\s*(?:\[[^\]]*\]\s*)*(?:=|;)", declaration)
    return m.group(1) if m else declaration


def batches(objects, size):
    """Groups object indices that can be assembled as one PTX file: same
    header, no entry or function defined twice, no module-scope name
    declared differently. Yields (indices, merged PTX)."""
    open_batches = {}

    def flush(key):
        indices, lines = open_batches.pop(key)[:2]
        return indices, "\n".join(lines) + "\n"

    for index, ptx in enumerate(objects):
        header, declarations, rest, defined = top_level(ptx)
        batch = open_batches.get(header)
        if batch is not None:
            indices, lines, names, decls = batch
            clash = (defined & names or len(indices) >= size or any(
                d not in decls and declared_name(d) in names
                for d in declarations))
            if clash:
                yield flush(header)
                batch = None
        if batch is None:
            batch = open_batches[header] = [[], list(header), set(), set()]
        indices, lines, names, decls = batch
        indices.append(index)
        for d in declarations:
            if d not in decls:
                decls.add(d)
                names.add(declared_name(d))
                lines.append(d)
        names |= defined
        lines.extend(rest)
    for key in list(open_batches):
        yield flush(key)


def read_objects(path):
    """The PTX objects of a lowered module, a bundle folder or a PTX file;
    exits with a message when there are none."""
    if os.path.isdir(path):
        files = sorted(name for name in os.listdir(path)
                       if name.endswith(".ptx"))
        objects = []
        for name in files:
            with open(os.path.join(path, name)) as f:
                objects.append(f.read())
        if not objects:
            sys.exit(f"{path}: a folder without .ptx files (a bundle "
                     "--lmhead-write-bundle wrote was expected)")
        return objects
    with open(path) as f:
        text = f.read()
    if path.endswith(".ptx"):
        return [text]
    objects = ptx_objects(text)
    if not objects:
        sys.exit(f"{path}: no gpu.binary object holds PTX (format=isa)")
    return objects


def dump_sass(cuobjdump, cubin):
    """cuobjdump's SASS of every kernel of a cubin."""
    done = subprocess.run([cuobjdump, "--dump-sass", cubin],
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{cubin}: cuobjdump failed:\n"
                           + done.stderr.strip())
    return done.stdout


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("module")
    parser.add_argument("--ptxas", default=shutil.which("ptxas"))
    parser.add_argument("--keep", metavar="DIR")
    parser.add_argument("--expect", action="append", default=[],
                        metavar="TEXT")
    parser.add_argument("--batch", type=int, default=64, metavar="N")
    parser.add_argument("--sass", metavar="FILE")
    parser.add_argument("--cuobjdump", default=shutil.which("cuobjdump"))
    parser.add_argument("--quiet", action="store_true")
    parser.add_argument("--allow-spills", action="store_true")
    parser.add_argument("--also-target", action="append", default=[],
                        metavar="sm_XY")
    args = parser.parse_args(argv)
    if not args.ptxas:
        sys.exit("ptxas not found: put CUDA's bin folder on PATH or pass "
                 "--ptxas")
    if args.sass and not args.cuobjdump:
        sys.exit("cuobjdump not found: put it on PATH or pass --cuobjdump")
    objects = read_objects(args.module)
    for target in args.also_target:
        if not re.fullmatch(r"sm_\d+a?", target):
            sys.exit(f"--also-target={target}: expected a PTX target such "
                     "as sm_90a")
    objects += [re.sub(r"^\.target\s+\S+", f".target {target}", ptx,
                       count=1, flags=re.M)
                for target in args.also_target for ptx in objects]
    failures, sass, spilling = [], [], []
    workdir = args.keep or tempfile.mkdtemp(prefix="ptx-report-")
    os.makedirs(workdir, exist_ok=True)
    # (object index, kernel, arch, figures) of every kernel.
    found = []
    try:
        for index, ptx in enumerate(objects):
            if args.keep:
                with open(os.path.join(workdir, f"{index}.ptx"), "w") as f:
                    f.write(ptx)
            for text in args.expect:
                if text not in ptx:
                    failures.append(f"object {index}: `{text}` not in the "
                                    "PTX")
        for number, (indices, merged) in enumerate(
                batches(objects, max(1, args.batch))):
            try:
                arch, kernels = assemble(merged, args.ptxas, workdir,
                                         f"batch{number}")
                clean = not any(k["advisories"] for k in kernels.values())
            except RuntimeError:
                clean = False
            if clean:
                if args.sass:
                    sass.append(dump_sass(args.cuobjdump, os.path.join(
                        workdir, f"batch{number}.cubin")))
                owner = {}
                for index in indices:
                    for name in top_level(objects[index])[3]:
                        owner[name] = index
                found += [(owner.get(name, indices[0]), name, arch, k)
                          for name, k in kernels.items()]
                continue
            # Again one object at a time, so that failures name it.
            for index in indices:
                try:
                    arch, kernels = assemble(objects[index], args.ptxas,
                                             workdir, index)
                except RuntimeError as e:
                    failures.append(str(e))
                    continue
                if args.sass:
                    sass.append(dump_sass(args.cuobjdump, os.path.join(
                        workdir, f"{index}.cubin")))
                found += [(index, name, arch, k)
                          for name, k in kernels.items()]
        for index, name, arch, k in sorted(found, key=lambda f: f[:2]):
            local = ".local" in objects[index]
            spilled = k.get("spill_stores", 0) + k.get("spill_loads", 0)
            if not args.quiet:
                print(f"{name} {arch}: {k.get('registers', '?')} registers, "
                      f"{k.get('smem', 0)} bytes static shared memory, "
                      f"{k.get('spill_stores', 0)}/{k.get('spill_loads', 0)} "
                      f"bytes spilled, local memory: "
                      f"{'used' if local else 'none'}")
            if spilled:
                (spilling if args.allow_spills else failures).append(
                    f"{name} ({arch}, object {index}) spills {spilled} bytes")
            if local:
                failures.append(f"{name} ({arch}) uses local memory")
            for text in k["advisories"]:
                # An advisory that names no kernel is reported once per
                # object.
                who = (f"{name} ({arch}, object {index})"
                       if f"'{name}'" in text else f"object {index} ({arch})")
                failure = f"{who}: ptxas advisory: {text}"
                if failure not in failures:
                    failures.append(failure)
        if args.sass:
            with open(args.sass, "w") as f:
                f.write("".join(sass))
    finally:
        if not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)
    for spill in spilling:
        print("SPILLS " + spill)
    for failure in failures:
        print("FAIL " + failure)
    if failures:
        sys.exit(1)
    counts = [f"{len(found)} kernels"] if args.quiet else []
    if args.allow_spills:
        counts.append(f"{len(spilling)} spilling, allowed")
    print("ALL KERNELS OK" + (f" ({'; '.join(counts)})" if counts else ""))


if __name__ == "__main__":
    main(sys.argv[1:])
