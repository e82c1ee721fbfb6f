"""Runs lmhead-opt with its whole upstream registry and with the package
registry (the wheel's: tools/lmhead-opt/UpstreamRegistry.h) on the same
inputs and passes, and says whether their outputs are the same byte for
byte.

The cases are what the Python package asks of lmhead-opt (the bundles of
its ops, lmhead-decompose and lmhead-cpu-pipeline) and the whole pipeline
on real frontend graphs (without the compile time gpu-module-to-binary
records). A bundle's manifest names its producer, whose
binary hash differs between the two tools; that field is left out of the
comparison, and everything else (every PTX file, the rest of the manifest)
must match.

Prints `identical: <case>` per case, or `DIFFERS: <case>` with the first
differing line, and exits 1 if any case differs or a tool fails.
"""

import argparse
import difflib
import json
import os
import re
import subprocess
import sys

from lmhead.kernel_cache import ProblemKind
from lmhead.loss_options import LossOptions


def run(tool, args, stdin_text=None):
    """Runs `tool args`, returning stdout; exits on failure."""
    result = subprocess.run([tool] + args, input=stdin_text, text=True,
                            capture_output=True)
    if result.returncode != 0:
        print(f"FAILED: {os.path.basename(tool)} {' '.join(args)}\n"
              f"{result.stderr}")
        sys.exit(1)
    return result.stdout


def first_difference(a, b):
    """The first differing line of two texts, as a short unified diff (its
    lines cut at 200 characters: a gpu.binary is one line of PTX)."""
    diff = difflib.unified_diff(a.splitlines(), b.splitlines(), "all",
                                "package", n=0, lineterm="")
    return "\n".join(line[:200] for line in list(diff)[:6])


def without_timings(text):
    """A lowered module without gpu-module-to-binary's compile time, which
    differs between any two runs."""
    return re.sub(r"LLVMIRToISATimeInMs = \d+", "LLVMIRToISATimeInMs = T",
                  text)


def bundle_files(directory):
    """Every file of a bundle, the manifest without its producer."""
    files = {}
    for name in sorted(os.listdir(directory)):
        with open(os.path.join(directory, name)) as f:
            text = f.read()
        if name == "manifest.json":
            manifest = json.loads(text)
            manifest.pop("producer", None)
            text = json.dumps(manifest, indent=1, sort_keys=True)
        files[name] = text
    return files


def package_kinds():
    """Bundles the PyTorch op compiles: the default step (auto) with every
    option, and two-pass f16 [D, V] heads that add to a given dW."""
    every_option = LossOptions(label_smoothing=0.1, softcap=30.0,
                               z_loss=1e-4)
    for target in ("sm_80", "sm_90a"):
        yield ProblemKind(target, "bf16", "i64", 64, 512, True, every_option,
                          schedule="auto", statistics=True,
                          weight_grad_scale=True)
        yield ProblemKind(target, "f16", "i32", 64, 384, False,
                          LossOptions(reduction="sum", weight_layout="dv"),
                          accumulate_dw=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--all", required=True, help="lmhead-opt")
    parser.add_argument("--package", required=True,
                        help="lmhead-opt built with the package registry")
    parser.add_argument("--work", required=True, help="a scratch folder")
    parser.add_argument("--graph", action="append", default=[],
                        help="GRAPH.mlir:PIPELINE-OPTIONS, compiled with "
                        "--lmhead-recognize --lmhead-pipeline=OPTIONS")
    args = parser.parse_args()
    tools = {"all": args.all, "package": args.package}
    differs = False

    def compare(case, outputs):
        nonlocal differs
        if outputs["all"] == outputs["package"]:
            print(f"identical: {case}")
        else:
            differs = True
            print(f"DIFFERS: {case}\n"
                  f"{first_difference(outputs['all'], outputs['package'])}")

    for number, kind in enumerate(package_kinds()):
        text = kind.module_text()
        case = (f"bundle {kind.target} {kind.operand} {kind.schedule} "
                f"V={kind.vocab}")
        bundles = {}
        for name, tool in tools.items():
            directory = os.path.join(args.work, f"bundle{number}-{name}")
            run(tool, [f"--lmhead-plan=target={kind.target} min-tokens=0",
                       f"--lmhead-write-bundle=dir={directory}", "-o",
                       os.devnull, "-"], text)
            bundles[name] = bundle_files(directory)
        if bundles["all"].keys() != bundles["package"].keys():
            compare(f"{case} (files)", {n: " ".join(b) for n, b in
                                        bundles.items()})
            continue
        for file in bundles["all"]:
            compare(f"{case} {file}",
                    {n: b[file] for n, b in bundles.items()})
        if number == 0:
            for flag in ("--lmhead-decompose", "--lmhead-cpu-pipeline"):
                compare(f"{flag} of the step",
                        {n: run(t, [flag, "-"], text)
                         for n, t in tools.items()})

    for graph in args.graph:
        path, options = graph.split(":", 1)
        flags = ["--lmhead-recognize", f"--lmhead-pipeline={options}", path]
        compare(f"{os.path.basename(path)} {options}",
                {n: without_timings(run(t, flags))
                 for n, t in tools.items()})
    return 1 if differs else 0


if __name__ == "__main__":
    sys.exit(main())
