#!/usr/bin/env python3
"""Writes the fuzzers' seed corpora from the test inputs.

  scripts/fuzz_seeds.py --lmhead-opt build/bin/lmhead-opt --out DIR

DIR/mlir      every lit test's MLIR, cut at its `// -----` separators, and
              the committed examples, up to MAX_SEED_BYTES each
DIR/ptx       the PTX of bundles that lmhead-opt writes for the bundle tests'
              inputs (sm_80 and sm_90a, every op), whole and one module per
              kernel
DIR/manifest  those bundles' manifest.json files, without their "producer"
              (the build identity, which the fuzzer fills in)

The committed seeds of test/fuzz/<target>/ are small hand-picked inputs and
the inputs of every crash the fuzzers found; these are the rest, made fresh
from the tests so that they follow the compiler as it changes.
"""

import argparse
import hashlib
import json
import pathlib
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent

# Inputs above this size take a second or more per execution under the
# sanitizers (the whole traced training steps of test/graphs, which the lit
# suite runs); mutations of the smaller inputs explore far more per second.
MAX_SEED_BYTES = 64 * 1024

# The bundle tests' inputs and the plan options their RUN lines use.
PLAN = "--lmhead-plan=target={} min-tokens=0 ce-workspace-bytes=180000"
BUNDLE_INPUTS = [
    ("test/Conversion/LMHeadToGPU/lmhead-write-bundle.mlir", []),
    ("test/Conversion/LMHeadToGPU/lmhead-write-bundle-stats.mlir", []),
    ("test/Conversion/LMHeadToGPU/lmhead-write-bundle-ce.mlir", []),
] + [("test/Conversion/LMHeadToGPU/lmhead-write-bundle-step.mlir",
      [PLAN.format(target)]) for target in ("sm_80", "sm_90a")]


def write_seed(directory, text):
    """Writes `text` under its hash, so that equal seeds are kept once."""
    data = text.encode() if isinstance(text, str) else text
    if not data.strip() or len(data) > MAX_SEED_BYTES:
        return 0
    name = hashlib.sha1(data).hexdigest()
    (directory / name).write_bytes(data)
    return 1


def mlir_seeds(out):
    count = 0
    sources = sorted(ROOT.glob("test/**/*.mlir")) + sorted(
        ROOT.glob("examples/*.mlir"))
    for source in sources:
        for piece in re.split(r"^// -----\s*$", source.read_text(),
                              flags=re.M):
            count += write_seed(out, piece)
    return count


def split_ptx(text):
    """One module per .entry: the header and that kernel."""
    header_end = text.find(".visible .entry")
    if header_end < 0:
        return []
    header = text[:header_end]
    kernels = re.split(r"(?=^\.visible \.entry)", text[header_end:],
                       flags=re.M)
    return [header + kernel for kernel in kernels if kernel.strip()]


def without_producer(manifest):
    """`manifest` without its "producer" member: the fuzzer inserts its own
    build's, so that a seed does not go stale when the revision changes."""
    data = json.loads(manifest)
    data.pop("producer", None)
    return json.dumps(data, indent=1)


def bundle_seeds(lmhead_opt, ptx_out, manifest_out):
    ptx_count = manifest_count = 0
    with tempfile.TemporaryDirectory() as work:
        for index, (source, options) in enumerate(BUNDLE_INPUTS):
            bundle = pathlib.Path(work) / str(index)
            command = [lmhead_opt, str(ROOT / source), *options,
                       f"--lmhead-write-bundle=dir={bundle}", "-o", "/dev/null"]
            result = subprocess.run(command, capture_output=True, text=True)
            if result.returncode != 0:
                sys.exit(f"fuzz_seeds.py: {' '.join(command)} failed:\n"
                         f"{result.stderr}")
            manifest_count += write_seed(
                manifest_out,
                without_producer((bundle / "manifest.json").read_text()))
            for ptx in sorted(bundle.glob("*.ptx")):
                text = ptx.read_text()
                ptx_count += write_seed(ptx_out, text)
                for kernel in split_ptx(text):
                    ptx_count += write_seed(ptx_out, kernel)
    return ptx_count, manifest_count


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lmhead-opt", required=True)
    parser.add_argument("--out", required=True, type=pathlib.Path)
    args = parser.parse_args()
    directories = {name: args.out / name for name in ("mlir", "ptx", "manifest")}
    for directory in directories.values():
        directory.mkdir(parents=True, exist_ok=True)
    mlir = mlir_seeds(directories["mlir"])
    ptx, manifests = bundle_seeds(args.lmhead_opt, directories["ptx"],
                                  directories["manifest"])
    print(f"fuzz_seeds.py: {mlir} MLIR, {ptx} PTX and {manifests} manifest "
          f"seeds in {args.out}")


if __name__ == "__main__":
    main()
