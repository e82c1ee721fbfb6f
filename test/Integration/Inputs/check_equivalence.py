#!/usr/bin/env python3
"""Checks that a transformed graph computes what the original computes.

    check_equivalence.py GRAPH.mlir --func=NAME --seed=S
        [--transform="<lmhead-opt flags>"] [--against=OTHER.mlir]
        [--dynamic-sizes=13,7] [--dim=ARG.AXIS=SIZE ...]
        [--label-range=[ARG=]V ...] [--ignore-fraction=F] [--ignore-index=I]
        [--labels=ARG,...] [--int-range=ARG=LO:HI ...]
        [--float-scale=S] [--scale=ARG=S ...]
        [--tolerance=T | --tolerance-type=TYPE] [-shared-libs=A.so,B.so]
        [--pipeline="<lmhead-opt flags>"] [--entry=NAME] [--keep=DIR]
        [--transformed-pipeline="<lmhead-opt flags>"]
        [--transformed-shared-libs=A.so,...] [--transformed-env=K=V ...]

The *original* is `@NAME` of GRAPH; the *transformed* one is `@NAME` of
OTHER (default: GRAPH) after `lmhead-opt <--transform flags>`. One set of
random inputs is drawn from the seed (mlir_driver.py): float arguments
N(0,1) times a scale, rounded exactly to their element type; integer
arguments are labels uniform in [0, V) with a share of them set to the
ignore index, unless `--labels` leaves them out and `--int-range` gives
their range; each `?` of an argument is sized from `--dynamic-sizes` (the
k-th `?` of every argument gets the k-th size, the last one repeating) or
`--dim`. A driver function (`@main`, or `@lmhead_driver_main` in a module
that has a `@main`) that builds those inputs as constants, calls `@NAME` and
prints every result exactly is added to both modules, which are then
lowered with `lmhead-opt --lmhead-cpu-pipeline` (or the `--pipeline` flags,
e.g. with `--math-expand-ops=ops=fpowi` first) and run with `mlir-runner`,
both sides at once. `--keep` leaves the modules and outputs in a folder
(`<side>.out`, and the runner's stderr in `<side>.err`: the emulator's
statistics with LMHEAD_EMULATOR_STATS=1).
The transformed side may be lowered and run differently: for GPU code,
`--transformed-pipeline="--lmhead-pipeline=target=sm_80"` with the runtime
library in `--transformed-shared-libs` and `--transformed-env
LMHEAD_DEVICE=emulator`. With several `--transform`s, each transformed side
is compared with the one original run, and the verdict covers them all.

Each result of the transformed graph is compared with the original's by
relative Frobenius error, ||t - o|| / ||o|| in f64, against a tolerance
chosen by the result's element type (f32 and f64 1e-5, f16 2e-3, bf16 1e-2;
integers must match exactly); a result whose original is all zero must be
all zero. A NaN or Inf on either side, a missing result or a different
shape fails, and so does a tool that fails. One line per result, then
`EQUIVALENT` (exit 0) or `NOT EQUIVALENT` (exit 1); usage errors exit 2.

Tools come from the environment: $LMHEAD_OPT or `lmhead-opt` on PATH,
$MLIR_RUNNER or `mlir-runner` on PATH. The runner's shared libraries come
from `-shared-libs=` (lit's %mlir_runner_libs), else from the `lib/` beside
mlir-runner.
"""

import argparse
import math
import os
import re
import random
import shlex
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

sys.dont_write_bytecode = True  # keep the source tree free of __pycache__
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mlir_driver as driver  # noqa: E402

TOLERANCE = {"f64": 1e-5, "f32": 1e-5, "f16": 2e-3, "bf16": 1e-2}
RUNNER_LIBS = ("libmlir_runner_utils.so", "libmlir_c_runner_utils.so")


class UsageError(Exception):
    """The options do not fit the graph: exit 2 with the message."""


# ---------------------------------------------------------------------------
# Options.
# ---------------------------------------------------------------------------


def parse_args(argv):
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="ARG is an argument's SSA name (h, %%arg0) or position (0).")
    add = parser.add_argument
    add("graph", help="MLIR file holding the original function")
    add("--func", required=True, help="the function to compare")
    add("--seed", type=int, required=True)
    add("--transform", action="append",
        help="lmhead-opt flags applied to the transformed side; given "
             "several times, each transformed side is compared with the "
             "one original (a side whose transformed module is the same "
             "text as an earlier one's is run once)")
    add("--split-input-file", action="store_true",
        help="the graph is split by `// -----` lines (as for lmhead-opt "
             "-split-input-file): use the part defining --func")
    add("--against", metavar="OTHER.mlir",
        help="take the transformed side's function from this file")
    add("--dynamic-sizes", default="13",
        help="sizes of the 1st, 2nd, ... `?` of each argument (default 13)")
    add("--dim", action="append", default=[], metavar="ARG.AXIS=SIZE",
        help="size of one dynamic dimension")
    add("--label-range", action="append", default=[], metavar="[ARG=]V",
        help="labels are drawn from [0, V) (for ARG, or for every label)")
    add("--ignore-fraction", type=float, default=0.25,
        help="share of labels set to --ignore-index (default 0.25)")
    add("--ignore-index", type=int, default=-100)
    add("--labels", metavar="ARG,...",
        help="the integer arguments that are labels (default: all of them "
             "but those given an --int-range)")
    add("--int-range", action="append", default=[], metavar="ARG=LO:HI",
        help="an integer argument that is not a label: uniform in [LO, HI)")
    add("--float-scale", type=float, default=1.0,
        help="standard deviation of float arguments (default 1)")
    add("--scale", action="append", default=[], metavar="ARG=S",
        help="standard deviation of one float argument")
    add("--tolerance", type=float,
        help="one tolerance for every float result")
    add("--tolerance-type", choices=sorted(TOLERANCE),
        help="use this type's tolerance for every float result")
    add("-shared-libs", "--shared-libs", dest="shared_libs",
        help="mlir-runner's shared libraries, comma-separated")
    add("--entry", help="name of the driver function (default: main, or "
        "lmhead_driver_main where the module has a @main)")
    add("--pipeline", default="--lmhead-cpu-pipeline",
        help="lmhead-opt flags that lower both sides for mlir-runner "
             "(default --lmhead-cpu-pipeline)")
    add("--keep", metavar="DIR",
        help="write the modules and runner outputs into DIR")
    add("--transformed-pipeline",
        help="lmhead-opt flags that lower the transformed side (default: "
             "--pipeline)")
    add("--transformed-shared-libs", default="",
        help="more shared libraries for the transformed side's mlir-runner, "
             "comma-separated, loaded before the runner's own")
    add("--transformed-env", action="append", default=[], metavar="K=V",
        help="an environment variable for the transformed side's tools")
    add("--timeout", type=float, default=600, help="seconds per tool run")
    return parser, parser.parse_args(argv)


def split_assignment(text, what):
    key, eq, value = text.partition("=")
    if not eq or not key:
        raise UsageError(f"{what} `{text}` is not KEY=VALUE")
    return key, value


def as_int(text, what):
    try:
        return int(text)
    except ValueError:
        raise UsageError(f"{what}: `{text}` is not an integer") from None


# ---------------------------------------------------------------------------
# Inputs.
# ---------------------------------------------------------------------------


class Inputs:
    """The static type, flat values and a short description of each
    argument of a signature."""

    def __init__(self, static_types, values, descriptions):
        self.static_types, self.values = static_types, values
        self.descriptions = descriptions


def static_shapes(sig, args):
    """Each argument's shape with every `?` sized by the options."""
    sizes = [as_int(s, "--dynamic-sizes")
             for s in args.dynamic_sizes.split(",")]
    if not sizes or min(sizes) < 0:
        raise UsageError("--dynamic-sizes needs sizes >= 0")
    chosen = {}
    for spec in args.dim:
        key, size = split_assignment(spec, "--dim")
        arg, dot, axis = key.rpartition(".")
        if not dot:
            raise UsageError(f"--dim `{spec}` is not ARG.AXIS=SIZE")
        index = sig.arg_index(arg)
        axis = as_int(axis, "--dim axis")
        shape = sig.arg_types[index].shape
        if not 0 <= axis < len(shape) or shape[axis] is not None:
            raise UsageError(f"--dim {spec}: axis {axis} of "
                             f"{sig.arg_types[index]} is not dynamic")
        chosen[index, axis] = as_int(size, "--dim size")
    shapes = []
    for index, t in enumerate(sig.arg_types):
        shape, k = [], 0
        for axis, d in enumerate(t.shape):
            if d is None:
                d = chosen.get((index, axis), sizes[min(k, len(sizes) - 1)])
                k += 1
            shape.append(d)
        shapes.append(tuple(shape))
    return shapes


def integer_roles(sig, args):
    """{argument index: ("labels", V) or ("ints", LO, HI)} for every integer
    argument."""
    ranges = {}
    for spec in args.int_range:
        key, value = split_assignment(spec, "--int-range")
        low, colon, high = value.partition(":")
        if not colon:
            raise UsageError(f"--int-range `{spec}` is not ARG=LO:HI")
        low, high = as_int(low, "--int-range"), as_int(high, "--int-range")
        if low >= high:
            raise UsageError(f"--int-range `{spec}` is empty")
        ranges[sig.arg_index(key)] = (low, high)
    default_vocab, vocab = None, {}
    for spec in args.label_range:
        if "=" in spec:
            key, value = split_assignment(spec, "--label-range")
            vocab[sig.arg_index(key)] = as_int(value, "--label-range")
        else:
            default_vocab = as_int(spec, "--label-range")
    integers = [k for k, t in enumerate(sig.arg_types)
                if driver.is_integer(t.elt)]
    if args.labels is None:
        labels = [k for k in integers if k not in ranges]
    else:
        labels = [sig.arg_index(a) for a in args.labels.split(",") if a]
    roles = {}
    for k in integers:
        name = "%" + sig.arg_names[k]
        if k in labels and k in ranges:
            raise UsageError(f"{name} is both a label and an --int-range")
        if k in ranges:
            roles[k] = ("ints",) + ranges[k]
        elif k in labels:
            v = vocab.get(k, default_vocab)
            if v is None or v < 1:
                raise UsageError(f"label argument {name} needs "
                                 "--label-range=V with V >= 1")
            roles[k] = ("labels", v)
        else:
            raise UsageError(f"integer argument {name} is not a label; "
                             "give it an --int-range")
    for k in labels:
        if k not in integers:
            raise UsageError(f"--labels: %{sig.arg_names[k]} is not an "
                             "integer argument")
    return roles


def make_inputs(sig, args):
    """One set of random inputs for `sig`, drawn from --seed."""
    shapes = static_shapes(sig, args)
    roles = integer_roles(sig, args)
    scales = {}
    for spec in args.scale:
        key, value = split_assignment(spec, "--scale")
        scales[sig.arg_index(key)] = float(value)
    rng = random.Random(args.seed)
    static_types, values, descriptions = [], [], []
    for k, (t, shape) in enumerate(zip(sig.arg_types, shapes)):
        count = math.prod(shape)
        static_types.append(t.with_shape(shape))
        name = "%" + sig.arg_names[k]
        if driver.is_float(t.elt):
            scale = scales.get(k, args.float_scale)
            values.append(driver.random_floats(rng, count, t.elt, scale))
            what = f"N(0,{scale:g}^2)"
        elif roles[k][0] == "labels":
            values.append(driver.random_labels(
                rng, count, roles[k][1], args.ignore_fraction,
                args.ignore_index))
            ignored = values[-1].count(args.ignore_index)
            what = f"labels in [0,{roles[k][1]}) {ignored} ignored"
        else:
            values.append(driver.random_ints(rng, count, *roles[k][1:]))
            what = f"ints in [{roles[k][1]},{roles[k][2]})"
        descriptions.append(f"{name}: {static_types[-1]} {what}")
    return Inputs(static_types, values, descriptions)


# ---------------------------------------------------------------------------
# Running.
# ---------------------------------------------------------------------------


class ToolError(Exception):
    """A tool failed or a module could not be built: the side fails."""


def tool(env_name, exe):
    path = os.environ.get(env_name) or shutil.which(exe)
    if not path:
        raise UsageError(f"{exe} not found: put it on PATH or set {env_name}")
    return path


def runner_libs(args, runner):
    if args.shared_libs:
        return args.shared_libs
    lib = os.path.join(os.path.dirname(os.path.dirname(
        os.path.realpath(runner))), "lib")
    return ",".join(os.path.join(lib, name) for name in RUNNER_LIBS)


def run_tool(command, what, timeout, env=None, stderr_path=None):
    """stdout of `command`; ToolError naming `what` if it fails. Its stderr
    goes to `stderr_path` too when one is given."""
    try:
        done = subprocess.run(command, capture_output=True, text=True,
                              timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        raise ToolError(f"{what}: timed out after {timeout:g} s") from None
    except OSError as e:
        raise ToolError(f"{what}: cannot run {command[0]}: {e}") from None
    if stderr_path:
        with open(stderr_path, "w") as f:
            f.write(done.stderr)
    if done.returncode != 0:
        tail = "\n".join(done.stderr.strip().splitlines()[-15:])
        raise ToolError(f"{what}: `{shlex.join(command)}` exited "
                        f"{done.returncode}\n{tail}")
    return done.stdout


class Side:
    """One side of the comparison: a graph file, the lmhead-opt flags that
    transform it, and where its files go."""

    def __init__(self, label, graph, flags, workdir, pipeline,
                 extra_libs="", env=None):
        self.label, self.graph, self.flags = label, graph, flags
        self.workdir, self.pipeline = workdir, pipeline
        self.extra_libs, self.env = extra_libs, env

    def path(self, suffix):
        """Where this side keeps one of its files (`original.mlir`, ...)."""
        return os.path.join(self.workdir, self.label + suffix)

    def module_text(self, tools, timeout):
        """The graph's text after the transform flags."""
        if not self.flags:
            with open(self.graph) as f:
                return f.read()
        return run_tool([tools["opt"], self.graph, *self.flags],
                        f"{self.label}: lmhead-opt {shlex.join(self.flags)}",
                        timeout)

    def run(self, module_text, sig, inputs, args, tools):
        """The runner's stdout for the graph with the driver added."""
        try:
            text, entry = driver.driver_module(
                module_text, sig, inputs.static_types, inputs.values,
                args.entry)
        except ValueError as e:
            raise ToolError(f"{self.label}: {e}") from None
        with open(self.path(".mlir"), "w") as f:
            f.write(text)
        lowered = self.path(".llvm.mlir")
        pipeline = shlex.split(self.pipeline)
        run_tool([tools["opt"], self.path(".mlir"), *pipeline, "-o", lowered],
                 f"{self.label}: lmhead-opt {self.pipeline}", args.timeout,
                 self.env)
        libs = ",".join(filter(None, [self.extra_libs, tools["libs"]]))
        out = run_tool([tools["runner"], lowered, "-e", entry,
                        "-entry-point-result=void", "-shared-libs=" + libs],
                       f"{self.label}: mlir-runner", args.timeout, self.env,
                       self.path(".err"))
        with open(self.path(".out"), "w") as f:
            f.write(out)
        return out


def run_side(side, sig, inputs, args, tools, text=None):
    """(runner stdout, None) or (None, error message) for one side, run on
    its module ``text`` (the original's graph when None)."""
    try:
        if text is None:
            text = side.module_text(tools, args.timeout)
        return side.run(text, sig, inputs, args, tools), None
    except ToolError as e:
        return None, str(e)


def signature_text(sig):
    return (f"({', '.join(map(str, sig.arg_types))}) -> "
            f"({', '.join(map(str, sig.result_types))})")


# ---------------------------------------------------------------------------
# Comparing.
# ---------------------------------------------------------------------------


def tolerance(elt, args):
    if not driver.is_float(elt):
        return 0.0
    if args.tolerance is not None:
        return args.tolerance
    return TOLERANCE[args.tolerance_type or elt]


def compare(k, result_type, original, transformed, args):
    """The verdict line of result k and whether it passed. `original` and
    `transformed` are (shape, ints) as printed, or None when missing."""
    head = f"result #{k} {result_type}"
    if original is None or transformed is None:
        side = "original" if original is None else "transformed"
        return f"{head}: FAIL missing from the {side} output", False
    (o_shape, o_ints), (t_shape, t_ints) = original, transformed
    if o_shape != t_shape or len(o_ints) != len(t_ints):
        return (f"{head}: FAIL shape {list(t_shape)} transformed, "
                f"{list(o_shape)} original"), False
    head += f" {list(o_shape)}"
    o = driver.decode(o_ints, result_type.elt)
    t = driver.decode(t_ints, result_type.elt)
    for side, values in (("original", o), ("transformed", t)):
        bad = [i for i, x in enumerate(values) if not math.isfinite(x)]
        if bad:
            return (f"{head}: FAIL {len(bad)} non-finite values in the "
                    f"{side} (first at flat index {bad[0]}: "
                    f"{values[bad[0]]})"), False
    if not driver.is_float(result_type.elt):
        wrong = [i for i, (a, b) in enumerate(zip(o, t)) if a != b]
        line = f"{head}: mismatches={len(wrong)}"
        if wrong:
            i = wrong[0]
            return (f"{line} FAIL (first at flat index {i}: original {o[i]},"
                    f" transformed {t[i]})"), False
        return f"{line} PASS", True
    tol = tolerance(result_type.elt, args)
    diff = math.fsum((a - b) ** 2 for a, b in zip(o, t))
    norm = math.fsum(a * a for a in o)
    if norm == 0.0:
        err = 0.0 if diff == 0.0 else math.inf
    else:
        err = math.sqrt(diff / norm)
    ok = err <= tol
    line = (f"{head}: rel_frobenius_err={err:.3e} tol={tol:g} "
            f"{'PASS' if ok else 'FAIL'}")
    if not ok:
        i = max(range(len(o)), key=lambda i: abs(o[i] - t[i]))
        line += (f" (worst at flat index {i}: original {o[i]!r}, "
                 f"transformed {t[i]!r})")
    return line, ok


def split_part(path, func, workdir, name):
    """The part of a `// -----`-split file that defines @func, as a file."""
    with open(path) as f:
        parts = re.split(r"^// -----$", f.read(), flags=re.M)
    found = [p for p in parts
             if re.search(rf"func\.func (public |private )?@{re.escape(func)}\(", p)]
    if len(found) != 1:
        raise UsageError(f"{path}: {len(found)} parts define @{func}")
    part_path = os.path.join(workdir, name + ".part.mlir")
    with open(part_path, "w") as f:
        f.write(found[0])
    return part_path


def check(args, workdir):
    if args.split_input_file:
        args.graph = split_part(args.graph, args.func, workdir, "graph")
        if args.against:
            args.against = split_part(args.against, args.func, workdir,
                                      "against")
    with open(args.graph) as f:
        graph_text = f.read()
    try:
        sig = driver.parse_signature(graph_text, args.func)
    except ValueError as e:
        raise UsageError(f"{args.graph}: {e}") from None
    inputs = make_inputs(sig, args)
    runner = tool("MLIR_RUNNER", "mlir-runner")
    tools = {"opt": tool("LMHEAD_OPT", "lmhead-opt"), "runner": runner,
             "libs": runner_libs(args, runner)}
    env = None
    if args.transformed_env:
        env = dict(os.environ)
        for assignment in args.transformed_env:
            key, value = split_assignment(assignment, "--transformed-env")
            env[key] = value
    original = Side("original", args.graph, [], workdir, args.pipeline)
    transforms = args.transform or [""]
    transformed = [
        Side("transformed" if len(transforms) == 1 else f"transformed-{k}",
             args.against or args.graph, shlex.split(flags), workdir,
             args.transformed_pipeline or args.pipeline,
             args.transformed_shared_libs, env)
        for k, flags in enumerate(transforms, 1)]
    outcomes = run_sides(original, transformed, sig, inputs, args, tools)

    ok = True
    for flags, side, outcome in zip(transforms, transformed, outcomes[1:]):
        ok = report(flags, side, outcomes[0], outcome, sig, inputs,
                    args) and ok
    if len(transforms) > 1:
        print(f"{sum(1 for o in outcomes[1:] if o[1] is None)} of "
              f"{len(transforms)} transforms ran")
    print("EQUIVALENT" if ok else "NOT EQUIVALENT")
    return ok


def run_sides(original, transformed, sig, inputs, args, tools):
    """(stdout, error) of the original and of each transformed side. The
    transformed modules are made first, and a side whose module is the same
    text as an earlier side's takes that side's output."""
    with ThreadPoolExecutor(max_workers=2) as pool:
        jobs = {"original": pool.submit(run_side, original, sig, inputs,
                                        args, tools, None)}
        made = [pool.submit(made_module, side, sig, tools, args.timeout)
                for side in transformed]
        modules = [job.result() for job in made]
        first_of = {}
        for k, (text, _) in enumerate(modules):
            if text is not None:
                first_of.setdefault(text, k)
        for k in sorted(set(first_of.values())):
            jobs[k] = pool.submit(run_side, transformed[k], sig, inputs,
                                  args, tools, modules[k][0])
        outputs = {key: job.result() for key, job in jobs.items()}
    outcomes = [outputs["original"]]
    for text, error in modules:
        outcomes.append((None, error) if error else outputs[first_of[text]])
    return outcomes


def made_module(side, sig, tools, timeout):
    """(the transformed module's text, None) or (None, error message)."""
    try:
        text = side.module_text(tools, timeout)
        try:
            got = driver.parse_signature(text, sig.name)
        except ValueError as e:
            raise ToolError(f"{side.label}: {e}") from None
        if (got.arg_types, got.result_types) != (sig.arg_types,
                                                 sig.result_types):
            raise ToolError(
                f"{side.label}: @{sig.name} has the signature "
                f"{signature_text(got)}, the original "
                f"{signature_text(sig)}")
        return text, None
    except ToolError as e:
        return None, str(e)


def report(flags, side, original, transformed, sig, inputs, args):
    """Prints one transformed side's comparison; True when it passes."""
    print(f"@{args.func} seed={args.seed} transform={shlex.quote(flags)}"
          + (f" against={os.path.basename(args.against)}"
             if args.against else ""))
    for line in inputs.descriptions:
        print("  input " + line)
    errors = [error for _, error in (original, transformed) if error]
    for error in errors:
        print("FAIL " + error)
    ok = not errors
    if ok:
        printed = [driver.parse_runner_output(out)
                   for out, _ in (original, transformed)]
        results = sig.result_types
        for k, result_type in enumerate(results):
            got = [p[k] if k < len(p) else None for p in printed]
            line, passed = compare(k, result_type, *got, args)
            print(line)
            ok = ok and passed
        for name, p in zip(("original", side.label), printed):
            if len(p) > len(results):
                print(f"FAIL the {name} printed {len(p)} memrefs for "
                      f"{len(results)} results")
                ok = False
    return ok


def main(argv):
    parser, args = parse_args(argv)
    if args.tolerance is not None and args.tolerance_type:
        parser.error("give --tolerance or --tolerance-type, not both")
    try:
        if args.keep:
            os.makedirs(args.keep, exist_ok=True)
            return 0 if check(args, args.keep) else 1
        with tempfile.TemporaryDirectory(prefix="lmhead-equiv-") as workdir:
            return 0 if check(args, workdir) else 1
    except (UsageError, KeyError) as e:
        parser.error(str(e).strip("'\""))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
