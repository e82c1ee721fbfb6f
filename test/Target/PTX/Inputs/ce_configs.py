#!/usr/bin/env python3
"""Assembles the cross-entropy kernels of every configuration the cost model
can choose.

    ce_configs.py --target sm_80|sm_90a --options plain|every|narrow
        [--distinct-tiles] [--only fwd|grad] [--chunk I/N | --range A:B]
        [--keep DIR] [--also-target sm_90a] [--list] --ptxas PATH

1. `--lmhead-plan=... list-configs=1` lists, one remark each, every
   configuration the model could choose for the logits GEMM of one
   ce_linear_fwd, and for the logits, dh and dW GEMMs of one ce_linear_grad,
   of N=1000, D=1000 (or 999), V=32000 with the options of `--options`:
   - plain: bf16 h and W of layout vd, i64 labels, reduction mean;
   - every: f16 h and W of layout dv, i32 labels, a bias, soft-cap, label
     smoothing and z-loss; the backward with reduction none (a per-token
     loss gradient), db, and dh and dW accumulated (dW in f32): every
     value the epilogues hold;
   - narrow: `plain` with D = 999, so that the GEMMs reading h and W copy
     single elements (on sm_90a: the sm_80 kernel family).
   With `--distinct-tiles`, each list keeps the first configuration of
   each block and warp tile, copy width and kernel family (the shapes of
   the accumulators the epilogues hold, and the copy code), leaving out its
   variants in K step, stages and swizzle: the lit tests' share of the
   sweep; bench/kernels/ce_configs.sh runs all of them.
2. The k-th forward of the sweep takes the k-th logits configuration, the
   k-th backward the k-th logits, dh and dW configurations (a shorter list
   repeats), as a hand-written `#lmhead.ce_plan` with a chunk of 1024
   columns; the ops of chunk I of N (or configurations A..B-1) go into one
   function.
3. `--lmhead-write-bundle` compiles their kernels (keeping the plans; the
   same PTX as `--lmhead-pipeline` writes, without the host code, which
   takes as long again and is checked elsewhere), and
   scripts/ptx_report.py assembles every kernel of the bundle: each must
   assemble with no spill, no local memory and no ptxas advisory.

`--list` prints the configurations of each GEMM (without their kernel
family) and compiles nothing: the lit tests compare the narrow lists of
both targets.

With `--also-target sm_90a` (for `--target sm_80`) every kernel is also
assembled for sm_90a: the sm_80 kernels Hopper runs for operands TMA
cannot load (the narrow sweep's) are the same PTX on both targets, so one
compilation checks them under both ptxas targets.

Prints how many configurations the chunk holds, then ptx_report's verdict;
exits 1 when a kernel fails.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
PTX_REPORT = os.path.join(HERE, "..", "..", "..", "..", "scripts",
                          "ptx_report.py")
N, V, CHUNK = 1000, 32000, 1024


class Options:
    """The types, layout and attributes of one option set."""

    def __init__(self, name):
        every = name == "every"
        self.d = 999 if name == "narrow" else 1000
        self.element = "f16" if every else "bf16"
        self.labels = "i32" if every else "i64"
        self.layout = "dv" if every else "vd"
        self.bias = every
        self.fwd_reduction = "mean"
        self.grad_reduction = "none" if every else "mean"
        self.attributes = (" {logit_softcap = 30.0 : f64, "
                           "label_smoothing = 0.1 : f64, "
                           "z_loss_weight = 1.0e-4 : f64}" if every else "")
        self.accumulate = every

    def types(self):
        e, d = self.element, self.d
        w = f"tensor<{V}x{d}x{e}>" if self.layout == "vd" else \
            f"tensor<{d}x{V}x{e}>"
        return {"h": f"tensor<{N}x{d}x{e}>", "w": w,
                "y": f"tensor<{N}x{self.labels}>", "b": f"tensor<{V}x{e}>",
                "lse": f"tensor<{N}xf32>",
                "g": f"tensor<{N}xf32>" if self.grad_reduction == "none"
                else "tensor<f32>",
                "dw": w.replace(f"x{e}>", "xf32>") if self.accumulate else w}

    def arguments(self):
        t = self.types()
        names = ["h", "w", "y", "b", "lse", "g"] if self.bias else \
            ["h", "w", "y", "lse", "g"]
        args = [f"%{k}: {t[k]}" for k in names]
        if self.accumulate:
            args += [f"%dh_in: {t['h']}", f"%dw_in: {t['dw']}"]
        return ", ".join(args)

    def forward(self, name, plan=None):
        t = self.types()
        bias = " bias(%b)" if self.bias else ""
        operand_types = f"{t['h']}, {t['w']}, {t['y']}" + \
            (f", {t['b']}" if self.bias else "")
        attrs = self.attributes
        if plan:
            attrs = (attrs[:-1] + f", lmhead.plan = {plan}}}") if attrs else \
                f" {{lmhead.plan = {plan}}}"
        return (f"  {name}:2 = lmhead.ce_linear_fwd %h, %w, %y{bias} "
                f"layout({self.layout}) reduction({self.fwd_reduction})"
                f"{attrs}\n      : ({operand_types}) -> (tensor<f32>, "
                f"{t['lse']})\n")

    def backward(self, name, plan=None):
        t = self.types()
        bias = " bias(%b)" if self.bias else ""
        operand_types = f"{t['h']}, {t['w']}, {t['y']}, {t['lse']}, {t['g']}"
        if self.bias:
            operand_types += f", {t['b']}"
        extra, results = "", f"{t['h']}, {t['dw']}"
        if self.bias:
            results += f", tensor<{V}xf32>"
        if self.accumulate:
            extra += " accumulate_dh(%dh_in) accumulate_dw(%dw_in)"
            operand_types += f", {t['h']}, {t['dw']}"
        attrs = self.attributes
        if plan:
            attrs = (attrs[:-1] + f", lmhead.plan = {plan}}}") if attrs else \
                f" {{lmhead.plan = {plan}}}"
        count = 3 if self.bias else 2
        return (f"  {name}:{count} = lmhead.ce_linear_grad %h, %w, %y, %lse, "
                f"%g{bias}{extra} layout({self.layout}) "
                f"reduction({self.grad_reduction}){attrs}\n"
                f"      : ({operand_types}) -> ({results})\n")


def candidates(lmhead_opt, target, options, workdir):
    """The configurations the model lists: {"fwd": [...], "logits": [...],
    "dh": [...], "dw": [...]}."""
    path = os.path.join(workdir, "one_op.mlir")
    with open(path, "w") as f:
        f.write(f"func.func @fwd({options.arguments()}) {{\n"
                + options.forward("%one_fwd") + "  return\n}\n"
                f"func.func @grad({options.arguments()}) {{\n"
                + options.backward("%one_bwd") + "  return\n}\n")
    done = subprocess.run(
        [lmhead_opt, path,
         f"--lmhead-plan=target={target} min-tokens=0 list-configs=1",
         "--remarks-filter=lmhead-plan", "--remark-format=emitRemark",
         "-o", os.devnull], capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"lmhead-opt failed:\n{done.stderr[-4000:]}")
    found = {"fwd": [], "logits": [], "dh": [], "dw": []}
    for line in done.stderr.splitlines():
        match = re.search(r'Function=(fwd|grad) .*Remark="(logits|dh|dw) '
                          r'candidate: (#lmhead\.gemm<[^>]*>)', line)
        if match:
            function, gemm, config = match.groups()
            found["fwd" if function == "fwd" else gemm].append(config)
    if not all(found.values()):
        sys.exit(f"no candidate configurations listed for {target}:\n"
                 + done.stderr[-2000:])
    return found


def distinct_tiles(configs):
    """The first configuration of each block and warp tile, copy width and
    kernel family."""
    kept, seen = [], set()
    for config in configs:
        fields = dict(re.findall(r"(\w+) = (\w+)", config))
        key = tuple(fields.get(k) for k in ("blockM", "blockN", "warpM",
                                            "warpN", "copyBytes", "kernel"))
        if key not in seen:
            seen.add(key)
            kept.append(config)
    return kept


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", required=True,
                        choices=("sm_80", "sm_90a"))
    parser.add_argument("--options", required=True,
                        choices=("plain", "every", "narrow"))
    parser.add_argument("--distinct-tiles", action="store_true")
    parser.add_argument("--only", choices=("fwd", "grad"),
                        help="sweep the forward's or the backward's kernels")
    parser.add_argument("--chunk", default="0/1", metavar="I/N")
    parser.add_argument("--range", metavar="A:B",
                        help="configurations A..B-1 instead of a chunk")
    parser.add_argument("--keep", metavar="DIR")
    parser.add_argument("--ptxas", required=True, metavar="PATH")
    parser.add_argument("--also-target", choices=("sm_90a",))
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args(argv)
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
        return sweep(args, args.keep)
    with tempfile.TemporaryDirectory(prefix="ce-configs-") as workdir:
        return sweep(args, workdir)


def sweep(args, workdir):
    index, count = (int(x) for x in args.chunk.split("/"))
    lmhead_opt = os.environ.get("LMHEAD_OPT", "lmhead-opt")
    options = Options(args.options)
    found = candidates(lmhead_opt, args.target, options, workdir)
    if args.distinct_tiles:
        found = {k: distinct_tiles(v) for k, v in found.items()}
    if args.list:
        for kind, configs in found.items():
            for config in configs:
                print(kind, re.sub(r", kernel = \w+", "", config))
        return 0
    swept = {"fwd": ["fwd"], "grad": ["logits", "dh", "dw"]}.get(
        args.only, list(found))
    total = max(len(found[k]) for k in swept)
    per = -(-total // count)
    ops = range(index * per, min(total, (index + 1) * per))
    if args.range:
        first, stop = (int(x) for x in args.range.split(":"))
        ops = range(first, min(total, stop))

    def gemm(kind, k):
        configs = found[kind]
        return configs[k % len(configs)][len("#lmhead.gemm"):]

    body = []
    for k in ops:
        if k < len(found["fwd"]) and args.only != "grad":
            plan = (f"#lmhead.ce_plan<target = {args.target}, "
                    f"logits = {gemm('fwd', k)}, micros = 0.0 : f64>")
            body.append(options.forward(f"%fwd{k}", plan))
        if args.only != "fwd":
            plan = (f"#lmhead.ce_plan<target = {args.target}, "
                    f"logits = {gemm('logits', k)}, dh = {gemm('dh', k)}, "
                    f"dw = {gemm('dw', k)}, chunk = {CHUNK}, "
                    f"micros = 0.0 : f64>")
            body.append(options.backward(f"%bwd{k}", plan))
    module = os.path.join(workdir, "sweep.mlir")
    with open(module, "w") as f:
        f.write(f"func.func @sweep({options.arguments()}) {{\n"
                + "".join(body) + "  return\n}\n")
    print(f"{args.target} {args.options}"
          f"{' (distinct tiles)' if args.distinct_tiles else ''}: "
          f"configurations {ops.start}.."
          f"{ops.stop - 1} of {len(found['fwd'])} forward logits, "
          f"{len(found['logits'])} backward logits, {len(found['dh'])} dh "
          f"and {len(found['dw'])} dW configurations", flush=True)
    bundle = os.path.join(workdir, "bundle")
    done = subprocess.run(
        [lmhead_opt, module, f"--lmhead-write-bundle=dir={bundle}",
         "-o", os.devnull], capture_output=True, text=True)
    if done.returncode:
        print(f"FAIL lmhead-opt --lmhead-write-bundle:\n"
              f"{done.stderr[-4000:]}")
        return 1
    also = [f"--also-target={args.also_target}"] if args.also_target else []
    return subprocess.run([sys.executable, PTX_REPORT, bundle,
                           f"--ptxas={args.ptxas}", "--quiet"] + also
                          ).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
