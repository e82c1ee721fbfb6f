#!/usr/bin/env python3
"""Checks that a case's lowered program and its bundle do the same work.

One lmhead op (a case of ../../Decompose/Inputs/decompose_case.py) reaches
the device two ways, both built from the op's one launch schedule: the
program of `--lmhead-pipeline` (its launch function), run by mlir-runner,
and the bundle of `--lmhead-write-bundle` (its manifest), run through the
runtime's C API. This script is the second way, and the comparison:

    both_ways.py --runtime LIB --bundle DIR --runner-out OUT --runner-err ERR
                 <case options, as decompose_case.py gen took them>

It draws the case's inputs as `decompose_case.py gen` does (same seed, same
values), runs every op of the bundle in the manifest's order on them (an op
reads the results of the ops before it by name: the lse of a forward feeds
the backward of a two-pass pair), with its results' memory starting as NaN
and a workspace of the size lmheadBundleWorkspaceSize gives, and then
compares with the program's run:

- the launch lists, from the emulator's per-launch lines
  (LMHEAD_EMULATOR_STATS=1; the program's in ERR, the bundle's captured
  here): kernel name, grid, block, cluster and dynamic shared memory, and
  the tensor-core MACs the launch executed, launch by launch in order;
- the results the program printed (OUT) against the bundle's, bit for bit
  once widened to f32 (a NaN matches any NaN).

Prints the two launch lists side by side where they differ, one line per
result, and `BOTH WAYS AGREE: <k> launches, <r> results` when everything is
identical; exits 1 otherwise. LMHEAD_DEVICE must choose the emulator.
"""

import argparse
import json
import math
import os
import re
import struct
import sys
import tempfile

sys.dont_write_bytecode = True  # keep the source tree free of __pycache__
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "Decompose", "Inputs"))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "..", "scripts"))
import decompose_case as case_module  # noqa: E402
from bundle_check import Device  # noqa: E402
from bundle_runtime import Runtime  # noqa: E402

LAUNCH = re.compile(r"^lmhead emulator: kernel (\S+): (.*?), \d+ warp "
                    r"instructions, .*, (\d+) tensor-core MACs$", re.MULTILINE)
# The case's operand names that the bundle's ops call otherwise: a result
# the op accumulates into is passed as that result.
BUNDLE_NAME = {"dh_acc": "dh", "dw_acc": "dw"}


def launches(text):
    """(kernel, launch configuration, tensor-core MACs) of every launch."""
    return [(name, dims, int(macs)) for name, dims, macs in
            LAUNCH.findall(text)]


def flatten(value):
    if isinstance(value, list):
        return [x for item in value for x in flatten(item)]
    return [value]


def f32_bits(value):
    """The bits of `value` (exact in f32) as an f32; None for NaN."""
    if math.isnan(value):
        return None
    return struct.unpack("<I", struct.pack("<f", value))[0]


class StderrCapture:
    """Collects what the process writes to file descriptor 2 (the runtime's
    emulator writes its per-launch lines there with fprintf)."""

    def __enter__(self):
        sys.stderr.flush()
        self.file = tempfile.TemporaryFile(mode="w+b")
        self.saved = os.dup(2)
        os.dup2(self.file.fileno(), 2)
        return self

    def __exit__(self, *exc):
        sys.stderr.flush()
        os.dup2(self.saved, 2)
        os.close(self.saved)
        self.file.seek(0)
        self.text = self.file.read().decode(errors="replace")
        self.file.close()
        sys.stderr.write(self.text)  # keep it visible in the test's log
        return False


def run_bundle(runtime, directory, operands, sizes):
    """Runs every op of the bundle in `directory` on `operands` ({name:
    (element, flat values)}); returns the values of every result by name
    and the emulator's output during the runs."""
    with open(os.path.join(directory, "manifest.json")) as f:
        manifest = json.load(f)
    values = dict(operands)
    bundle = runtime.load(directory)
    with StderrCapture() as captured:
        for name, op in manifest["ops"].items():
            device = Device(runtime)
            pointers, outputs = {}, []
            for key, tensor in op["tensors"].items():
                count = math.prod(sizes.get(s, s) for s in tensor["shape"])
                if key in values:
                    pointers[key] = device.upload(values[key][1],
                                                  tensor["type"])
                else:
                    pointers[key] = device.poison(tensor["type"], count)
                if key not in operands or tensor.get("accumulates"):
                    outputs.append((key, tensor["type"], count))
            args = [pointers.get(o, sizes.get(o, 0)) for o in op["operands"]]
            workspace = op.get("workspace")
            if workspace:
                size = runtime.workspace_size(bundle, name, args)
                index = op["operands"].index
                args[index(workspace["operand"])] = device.scratch(size)
                args[index(workspace["bytes"])] = size
            runtime.run(bundle, name, args, device.stream)
            for key, element, count in outputs:
                if key in op["operands"]:
                    values[key] = (element, device.get(pointers[key], element,
                                                       count))
            device.release()
    runtime.unload(bundle)
    return values, captured.text


def compare_launches(program, bundle):
    ok = program == bundle
    if not ok:
        print(f"FAIL launch lists differ: {len(program)} launches by the "
              f"program, {len(bundle)} by the bundle")
        for k in range(max(len(program), len(bundle))):
            p = program[k] if k < len(program) else None
            b = bundle[k] if k < len(bundle) else None
            mark = "  " if p == b else "!="
            print(f"{mark} {k}: program {p}\n      bundle  {b}")
    return ok


def compare_results(specs, printed, values):
    ok = len(printed) == len(specs)
    if not ok:
        print(f"FAIL the program printed {len(printed)} results, "
              f"expected {len(specs)}")
    for k, (tensor, _) in enumerate(specs[:len(printed)]):
        got = [f32_bits(x) for x in printed[k][1]]
        if tensor.name not in values:
            print(f"{tensor.name}: FAIL not a result of the bundle")
            ok = False
            continue
        mine = [f32_bits(x) for x in values[tensor.name][1]]
        differ = [i for i, (a, b) in enumerate(zip(got, mine)) if a != b]
        if len(got) != len(mine) or differ:
            first = differ[0] if differ else min(len(got), len(mine))
            print(f"{tensor.name}: FAIL {len(differ)} of {len(got)} values "
                  f"differ ({len(mine)} from the bundle), first at flat "
                  f"index {first}")
            ok = False
        else:
            nans = sum(1 for x in got if x is None)
            print(f"{tensor.name}: {len(got)} values identical ({nans} NaN)")
    return ok


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runtime", required=True)
    parser.add_argument("--bundle", required=True)
    parser.add_argument("--runner-out", required=True)
    parser.add_argument("--runner-err", required=True)
    case_module.add_case_options(parser)
    case = parser.parse_args(argv)
    case_module.validate(case, parser)

    operands = {}
    for tensor in case_module.make_operands(case):
        name = BUNDLE_NAME.get(tensor.name, tensor.name)
        operands[name] = (tensor.elt, flatten(tensor.value))
    sizes = {"n": case.n, "d": case.d, "v": case.v}
    values, bundle_err = run_bundle(Runtime(case.runtime), case.bundle,
                                    operands, sizes)
    with open(case.runner_err) as f:
        program_launches = launches(f.read())
    bundle_launches = launches(bundle_err)
    ok = compare_launches(program_launches, bundle_launches)
    if not program_launches:
        print("FAIL the program launched nothing")
        ok = False

    specs = case_module.result_specs(case)
    with open(case.runner_out) as f:
        printed = case_module.parse_runner_output(f.read(), specs)
    ok = compare_results(specs, printed, values) and ok
    if ok:
        print(f"BOTH WAYS AGREE: {len(program_launches)} launches, "
              f"{len(specs)} results")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
