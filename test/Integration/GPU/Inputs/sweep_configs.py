#!/usr/bin/env python3
"""Runs linear_grad kernels of every configuration the cost model can choose.

    sweep_configs.py --target sm_80|sm_90a --chunk I/N --seed S
        [--variants F] [--n 70 --d 40 --v 136] [--keep DIR] [--ptxas PATH]
        -- <check_equivalence flags>

1. `--lmhead-plan=... list-configs=1` lists, one remark each, every
   configuration the model could choose for the dh and the dW GEMM of one
   bf16 linear_grad of N×D×V (layout vd; both results f32, so the f32
   tolerance holds the kernels to exact bf16 products).
2. The k-th op of the sweep takes the k-th dh and the k-th dW configuration
   (the shorter list repeats), as a hand-written `lmhead.plan`; the ops of
   chunk I of N go into one function `@sweep`, all reading the same dZ, h
   and W and each returning its own dh and dW. With `--variants F` below 1,
   the sweep keeps every op whose dh or dW configuration is the first of
   its block and warp tile, copy width and kernel family (what
   ../../../Target/PTX/Inputs/ce_configs.py --distinct-tiles keeps), and of
   the others (that tile's variants in K step, stages and swizzle) a share
   F drawn with the seed: each run sweeps every tile and a different sample
   of the variants, and a failure replays with its seed.
3. check_equivalence.py (with the flags after `--`: the transformed side's
   pipeline, runtime and LMHEAD_DEVICE=emulator) runs `@sweep` through
   `--lmhead-pipeline` (which keeps the plans) on the emulator and the
   original on the CPU with the same random inputs, and compares every
   result.

4. With `--ptxas`, the kernels check_equivalence compiled (its lowered
   transformed module) go through scripts/ptx_report.py: each assembles
   with no spill, no local memory and no ptxas advisory. The sweep's
   compilation is the costly part, so the static checks ride on it.

Prints how many configurations the chunk ran, check_equivalence's verdict,
then (with `--ptxas`) ptx_report's; exits 1 when either failed.
"""
import argparse
import os
import random
import re
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "Target", "PTX",
                                "Inputs"))
from ce_configs import distinct_tiles  # noqa: E402
CHECK = os.path.join(HERE, "..", "..", "Inputs", "check_equivalence.py")
PTX_REPORT = os.path.join(HERE, "..", "..", "..", "..", "scripts",
                          "ptx_report.py")


def op_text(n, d, v, plan=None, name="%r"):
    types = (f"tensor<{n}x{v}xbf16>, tensor<{n}x{d}xbf16>, "
             f"tensor<{v}x{d}xbf16>")
    results = f"tensor<{n}x{d}xf32>, tensor<{v}x{d}xf32>"
    attr = f" {{lmhead.plan = {plan}}}" if plan else ""
    return (f"  {name}:2 = lmhead.linear_grad %dz, %h, %w layout(vd){attr}\n"
            f"      : ({types}) -> ({results})\n")


def candidates(lmhead_opt, target, n, d, v, workdir):
    """The dh and dW configurations the model lists, in its order."""
    path = os.path.join(workdir, "one_op.mlir")
    with open(path, "w") as f:
        f.write(f"func.func @one(%dz: tensor<{n}x{v}xbf16>, "
                f"%h: tensor<{n}x{d}xbf16>, %w: tensor<{v}x{d}xbf16>) "
                f"-> (tensor<{n}x{d}xf32>, tensor<{v}x{d}xf32>) {{\n"
                + op_text(n, d, v) +
                f"  return %r#0, %r#1 : tensor<{n}x{d}xf32>, "
                f"tensor<{v}x{d}xf32>\n}}\n")
    done = subprocess.run(
        [lmhead_opt, path,
         f"--lmhead-plan=target={target} min-tokens=0 list-configs=1",
         "--remarks-filter=lmhead-plan", "--remark-format=emitRemark",
         "-o", os.devnull], capture_output=True, text=True, check=True)
    found = {"dh": [], "dw": []}
    for gemm, config in re.findall(
            r'Remark="(dh|dw) candidate: (#lmhead\.gemm<[^>]*>)', done.stderr):
        found[gemm].append(config)
    if not found["dh"] or not found["dw"]:
        sys.exit(f"no candidate configurations listed for {target}:\n"
                 + done.stderr[-2000:])
    return found["dh"], found["dw"]


def sample(dh, dw, share, seed):
    """The ops (indices) a run sweeps, and how many of them stand for a
    tile: every op whose dh or dW configuration is its tile's first, and of
    the others a `share` drawn with `seed` (all of them for 1)."""
    total = max(len(dh), len(dw))
    if share >= 1:
        return list(range(total)), total
    first_dh, first_dw = set(distinct_tiles(dh)), set(distinct_tiles(dw))
    draw = random.Random(seed)
    tiles = [k for k in range(total) if dh[k % len(dh)] in first_dh or
             dw[k % len(dw)] in first_dw]
    chosen = set(tiles)
    variants = [k for k in range(total) if k not in chosen and
                draw.random() < share]
    return sorted(tiles + variants), len(tiles)


def main(argv):
    if "--" in argv:
        split = argv.index("--")
        argv, check_flags = argv[:split], argv[split + 1:]
    else:
        check_flags = []
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", required=True,
                        choices=("sm_80", "sm_90a"))
    parser.add_argument("--chunk", default="0/1", metavar="I/N")
    parser.add_argument("--seed", required=True)
    parser.add_argument("--variants", type=float, default=1.0, metavar="F",
                        help="share of the tiles' variants to sweep (every "
                        "tile is swept; 1: all of them)")
    parser.add_argument("--n", type=int, default=70)
    parser.add_argument("--d", type=int, default=40)
    parser.add_argument("--v", type=int, default=136)
    parser.add_argument("--keep", metavar="DIR")
    parser.add_argument("--ptxas", metavar="PATH")
    args = parser.parse_args(argv)
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
        return sweep(args, check_flags, args.keep)
    with tempfile.TemporaryDirectory(prefix="sweep-") as workdir:
        return sweep(args, check_flags, workdir)


def sweep(args, check_flags, workdir):
    """Steps 1-4 in `workdir`; the exit status."""
    index, count = (int(x) for x in args.chunk.split("/"))
    lmhead_opt = os.environ.get("LMHEAD_OPT", "lmhead-opt")
    n, d, v = args.n, args.d, args.v
    dh, dw = candidates(lmhead_opt, args.target, n, d, v, workdir)
    total = max(len(dh), len(dw))
    swept, tiles = sample(dh, dw, args.variants, f"{args.seed}/{args.target}")
    per = -(-len(swept) // count)
    ops = swept[index * per:(index + 1) * per]

    results, body = [], []
    for k in ops:
        plan = (f'#lmhead.plan<target = {args.target}, '
                f"dh = {dh[k % len(dh)][len('#lmhead.gemm'):]}, "
                f"dw = {dw[k % len(dw)][len('#lmhead.gemm'):]}, "
                f"dhMicros = 0.0 : f64, dwMicros = 0.0 : f64>")
        body.append(op_text(n, d, v, plan, f"%r{k}"))
        results += [f"%r{k}#0", f"%r{k}#1"]
    result_types = ", ".join([f"tensor<{n}x{d}xf32>", f"tensor<{v}x{d}xf32>"]
                             * len(ops))
    graph = os.path.join(workdir, "sweep.mlir")
    with open(graph, "w") as f:
        f.write(f"func.func @sweep(%dz: tensor<{n}x{v}xbf16>, "
                f"%h: tensor<{n}x{d}xbf16>, %w: tensor<{v}x{d}xbf16>) "
                f"-> ({result_types}) {{\n" + "".join(body) +
                f"  return {', '.join(results)} : {result_types}\n}}\n")
    if len(swept) == total:
        print(f"{args.target}: configurations {ops[0]}..{ops[-1]} of "
              f"{len(dh)} dh and {len(dw)} dW configurations "
              f"(N={n}, D={d}, V={v})", flush=True)
    else:
        print(f"{args.target}: configurations {', '.join(map(str, ops))} of "
              f"{len(dh)} dh and {len(dw)} dW configurations (N={n}, D={d}, "
              f"V={v}); this run sweeps {len(swept)}: the {tiles} of every "
              f"tile and {len(swept) - tiles} of their {total - tiles} "
              f"variants, drawn with seed {args.seed}", flush=True)
    equivalence = os.path.join(workdir, "equivalence")
    done = subprocess.run([sys.executable, CHECK, graph, "--func=sweep",
                           f"--seed={args.seed}", f"--keep={equivalence}",
                           *check_flags],
                          capture_output=True, text=True)
    lines = done.stdout.splitlines()
    failed = [line for line in lines if "FAIL" in line]
    for line in failed[:20]:
        print(line)
    passed = sum(1 for line in lines if line.endswith("PASS"))
    print(f"{passed} of {2 * len(ops)} results within tolerance")
    print(lines[-1] if lines else done.stderr[-2000:], flush=True)
    status = done.returncode
    lowered = os.path.join(equivalence, "transformed.llvm.mlir")
    if args.ptxas:
        if not os.path.exists(lowered):
            print("FAIL no compiled kernels to assemble")
            return 1
        report = subprocess.run([sys.executable, PTX_REPORT, lowered,
                                 f"--ptxas={args.ptxas}", "--quiet"])
        status = status or report.returncode
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
