#!/usr/bin/env python3
"""Runs the kernels of every configuration the cost model can choose, with
every epilogue and option, on the PTX emulator against decompose_case.py's
float64 reference.

    sweep_cases.py --target sm_90a --options plain|every --seed S
        [--only linear_grad|fwd|grad|step] --runtime LIB --runner-libs LIBS

1. The configurations: every distinct tile the model lists for the dh and
   dW GEMMs of a linear_grad (sweep_configs.py's candidates), for the
   logits GEMM of a ce_linear_fwd and for the logits, dh and dW GEMMs of a
   ce_linear_grad (../../../Target/PTX/Inputs/ce_configs.py's candidates);
   of each, one configuration of each block and warp tile, copy width and
   kernel family (--distinct-tiles), with the persistence, cluster and
   store the model gives it.
2. For the k-th configuration, one case of decompose_case.py each (fresh
   random inputs, NaN-poisoned device memory) on a ragged shape, N=150 and
   D=72 with V=301 (plain: bf16, layout vd, i64 labels, mean; linear_grad's
   dh bf16 and dW f32 at V=304, as TMA loads its dZ) or V=304
   (every: f16, layout dv, whose W rows TMA loads only at a V of whole 16
   bytes; i32 labels, soft-cap, label smoothing, z-loss, ignore index -1;
   the forward and backward with a bias, the backward with reduction none,
   db, statistics, and dh and dW accumulated in f32, the step with dh and
   dW accumulated; linear_grad with dh accumulated in f32, dW in f16
   accumulated, a scale, gradient statistics and a dynamic token count):
   linear_grad with the k-th dh and dW configurations; the forward with the k-th forward logits
   configuration; the backward with the k-th logits, dh and dW
   configurations and chunks of 128 columns (three chunks); the one-pass
   step with the k-th backward logits configuration that stores logits
   (tiles at most 128 wide), the k-th dh and dW and chunks of 64 tokens.
   The plan is written on the op (lmhead.plan), which --lmhead-pipeline
   keeps.
3. Each case runs through --lmhead-pipeline, mlir-runner with
   LMHEAD_DEVICE=emulator (whose statistics must show the op's logits, dh
   and dW kernels ran), and decompose_case.py check.

Prints one line per case, then "N passed, M failed"; exits 1 when a case
failed.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "Target", "PTX",
                                "Inputs"))
from ce_configs import Options, candidates, distinct_tiles  # noqa: E402
import sweep_configs  # noqa: E402
CASE = os.path.join(HERE, "..", "..", "Decompose", "Inputs",
                    "decompose_case.py")

N, D = 150, 72
GRAD_CHUNK, STEP_CHUNK = 128, 64


def case_flags(op, options):
    """decompose_case.py's flags for `op` with the option set's choices."""
    every = options == "every"
    # TMA loads linear_grad's dZ [N,V] and, in layout dv, W [D,V]: rows of
    # whole 16 bytes.
    vocab = 304 if every or op == "linear_grad" else 301
    flags = [f"--op={op}", f"--n={N}", f"--d={D}", f"--v={vocab}",
             f"--dtype={'f16' if every else 'bf16'}"]
    if op == "linear_grad":
        if every:
            flags += ["--layout=dv", "--accumulate-dh", "--dh-type=f32",
                      "--accumulate-dw", "--dw-type=f16", "--scale=0.5",
                      "--stats", "--dynamic-n"]
        else:
            flags += ["--dw-type=f32"]
        return flags
    if every:
        flags += ["--layout=dv", "--labels-type=i32", "--logit-softcap=3.0",
                  "--label-smoothing=0.1", "--z-loss-weight=1e-4",
                  "--ignore-index=-1"]
        # The step's kernels compute no bias gradient.
        if op != "ce_linear_step":
            flags.append("--bias")
        if op == "ce_linear_grad":
            flags += ["--reduction=none", "--db", "--stats",
                      "--accumulate-dh", "--dh-type=f32", "--accumulate-dw",
                      "--dw-type=f32"]
        if op == "ce_linear_step":
            flags += ["--accumulate-dh", "--accumulate-dw", "--dw-type=f32"]
    return flags


def with_plan(module, op, plan):
    """`module` with `plan` written on its `op`."""
    lines = module.split("\n")
    for i, line in enumerate(lines):
        if f"lmhead.{op} " not in line:
            continue
        attribute = f"lmhead.plan = {plan}"
        if line.rstrip().endswith("}"):
            lines[i] = line.rstrip()[:-1] + f", {attribute}}}"
        else:
            lines[i] = line.rstrip() + f" {{{attribute}}}"
        return "\n".join(lines)
    sys.exit(f"ce_sweep_configs.py: no lmhead.{op} in the generated case")


def run_case(args, op, plan, workdir, label):
    flags = case_flags(op, args.options) + [f"--seed={args.seed}"]
    source = subprocess.run([sys.executable, CASE, "gen"] + flags,
                            capture_output=True, text=True, check=True).stdout
    path = os.path.join(workdir, "case.mlir")
    with open(path, "w") as f:
        f.write(with_plan(source, op, plan))
    lowered = os.path.join(workdir, "case.llvm.mlir")
    steps = [
        [args.lmhead_opt, path,
         f"--lmhead-pipeline=target={args.target} min-tokens=0", "-o",
         lowered],
        [args.mlir_runner, lowered, "-e", "main", "-entry-point-result=void",
         f"-shared-libs={args.runtime},{args.runner_libs}"],
    ]
    done = subprocess.run(steps[0], capture_output=True, text=True)
    if done.returncode == 0:
        env = dict(os.environ, LMHEAD_DEVICE="emulator",
                   LMHEAD_EMULATOR_STATS="1")
        done = subprocess.run(steps[1], capture_output=True, text=True,
                              env=env)
    if done.returncode:
        print(f"FAIL {label}: {done.stderr.strip()[-1500:]}", flush=True)
        return False
    # The op ran as the plan's kernels (not decomposed on the host).
    kernels = [] if op == "linear_grad" else ["logits"]
    if op != "ce_linear_fwd":
        kernels += ["dh", "dw"]
    for kernel in kernels:
        if not re.search(rf"lmhead emulator: kernel {op}_0_{kernel}\w*: ",
                         done.stderr):
            print(f"FAIL {label}: no {kernel} kernel ran", flush=True)
            return False
    output = os.path.join(workdir, "case.out")
    with open(output, "w") as f:
        f.write(done.stdout)
    check = subprocess.run([sys.executable, CASE, "check"] + flags + [output],
                           capture_output=True, text=True)
    verdict = "PASS" if "ALL PASS" in check.stdout else "FAIL"
    print(f"{verdict} {label}", flush=True)
    if verdict == "FAIL":
        print(check.stdout + check.stderr, flush=True)
    return verdict == "PASS"


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", required=True, choices=("sm_80",
                                                             "sm_90a"))
    parser.add_argument("--options", required=True,
                        choices=("plain", "every"))
    parser.add_argument("--only",
                        choices=("linear_grad", "fwd", "grad", "step"))
    parser.add_argument("--seed", required=True, type=int)
    parser.add_argument("--runtime", required=True)
    parser.add_argument("--runner-libs", required=True)
    parser.add_argument("--lmhead-opt", default="lmhead-opt")
    parser.add_argument("--mlir-runner", default="mlir-runner")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="ce-sweep-") as workdir:
        os.environ.setdefault("LMHEAD_OPT", args.lmhead_opt)
        found = candidates(args.lmhead_opt, args.target,
                           Options(args.options), workdir)
        found = {k: distinct_tiles(v) for k, v in found.items()}
        # The step's logits kernel stores the logits: tiles at most 128
        # wide (forwardEpilogueLimit), which the model's step plans keep to.
        found["step"] = [c for c in found["logits"]
                         if int(re.search(r"warpN = (\d+)", c).group(1)) <= 128]
        found["lg_dh"], found["lg_dw"] = (
            distinct_tiles(configs) for configs in sweep_configs.candidates(
                args.lmhead_opt, args.target, N, D, 304, workdir))

        def gemm(kind, k):
            configs = found[kind]
            return configs[k % len(configs)][len("#lmhead.gemm"):]

        plans = []
        target = args.target
        if args.only in (None, "linear_grad"):
            for k in range(max(len(found["lg_dh"]), len(found["lg_dw"]))):
                plans.append((
                    "linear_grad", f"linear_grad {k} {gemm('lg_dh', k)}",
                    f"#lmhead.plan<target = {target}, dh = "
                    f"{gemm('lg_dh', k)}, dw = {gemm('lg_dw', k)}, "
                    f"dhMicros = 0.0 : f64, dwMicros = 0.0 : f64>"))
        if args.only in (None, "fwd"):
            for k in range(len(found["fwd"])):
                plans.append(("ce_linear_fwd", f"fwd {k} {gemm('fwd', k)}",
                              f"#lmhead.ce_plan<target = {target}, logits = "
                              f"{gemm('fwd', k)}, micros = 0.0 : f64>"))
        # The backward and the step: the k-th logits configuration of
        # their list, dh and dW, chunks of `chunk` columns or tokens.
        for op, kind, logits, chunk in (
                ("ce_linear_grad", "grad", "logits", GRAD_CHUNK),
                ("ce_linear_step", "step", "step", STEP_CHUNK)):
            if args.only not in (None, kind):
                continue
            for k in range(max(len(found[g]) for g in (logits, "dh", "dw"))):
                plans.append((
                    op, f"{kind} {k} {gemm(logits, k)}",
                    f"#lmhead.ce_plan<target = {target}, logits = "
                    f"{gemm(logits, k)}, dh = {gemm('dh', k)}, dw = "
                    f"{gemm('dw', k)}, chunk = {chunk}, "
                    f"micros = 0.0 : f64>"))
        print(f"{target} {args.options}: {len(plans)} cases", flush=True)
        passed = sum(run_case(args, op, plan, workdir, label)
                     for op, label, plan in plans)
    failed = len(plans) - passed
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
