#!/usr/bin/env python3
"""What the cost model predicts for a head's forward and backward, by kernel.

    bench/plan/bench_schedules.py [--lmhead-opt PATH] [--baseline PATH]
                                  [--baseline-options OPTIONS]
                                  [--shape N,D,V ...] [--workspace-bytes B]

For each benchmark shape (N, D, V) and target (sm_90a, sm_80), a function
holding a bf16 ce_linear_fwd and the ce_linear_grad of its lse (layout vd,
reduction mean, dW in f32) is planned with `lmhead-opt --lmhead-plan`, once
with the one-pass schedule (a ce_linear_step) and once with two passes, and
the remarks are read back: the predicted time, the chunk, and the kernels'
parts of it (logits GEMMs, their exp, the row passes, the dh and dW GEMMs,
each summed over the chunks as if alone). The largest part is the one that
dominates. With `--baseline`, the same is printed for another lmhead-opt
(an older revision's) in the same table: old and new predictions side by
side, each with the kernel that dominates it and the row passes' part.
`--baseline-options` adds `--lmhead-plan` options to the baseline's runs
(without `--baseline`, the baseline is the same lmhead-opt): for instance
`persistent=-1` prices this revision with every GEMM one block per tile.
`--shape` plans other shapes instead of the four; `--workspace-bytes`
bounds the chunk buffers (the option ce-workspace-bytes), which makes the
step's chunks smaller.

A benchmark, not a test: the figures are the model's predictions, not
measurements, and the script asserts nothing.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHAPES = [(4096, 4096, 128256), (8192, 4096, 128256), (8192, 2304, 256000),
          (16384, 2048, 248320)]
TARGETS = ["sm_90a", "sm_80"]


def step_function(n, d, v):
    """A function with the forward and backward of one bf16 head."""
    h, w, y = (f"tensor<{n}x{d}xbf16>", f"tensor<{v}x{d}xbf16>",
               f"tensor<{n}xi64>")
    dw = f"tensor<{v}x{d}xf32>"
    return (f"func.func @head(%h: {h}, %w: {w}, %y: {y}) -> "
            f"(tensor<f32>, {h}, {dw}) {{\n"
            f"  %one = arith.constant dense<1.0> : tensor<f32>\n"
            f"  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) "
            f"reduction(mean) : ({h}, {w}, {y}) -> "
            f"(tensor<f32>, tensor<{n}xf32>)\n"
            f"  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %one "
            f"layout(vd) reduction(mean) : ({h}, {w}, {y}, tensor<{n}xf32>, "
            f"tensor<f32>) -> ({h}, {dw})\n"
            f"  return %loss, %dh, %dw : tensor<f32>, {h}, {dw}\n}}\n")


def remarks(lmhead_opt, path, target, schedule, workspace_bytes=None):
    """The lmhead-plan remarks of planning `path`. `lmhead_opt` is the tool's
    path, or (path, extra plan options)."""
    lmhead_opt, extra = (lmhead_opt if isinstance(lmhead_opt, tuple)
                         else (lmhead_opt, ""))
    bound = ("" if workspace_bytes is None
             else f" ce-workspace-bytes={workspace_bytes}")
    bound += f" {extra}" if extra else ""
    done = subprocess.run(
        [lmhead_opt, path,
         f"--lmhead-plan=target={target} min-tokens=0 ce-schedule={schedule}"
         + bound,
         "--remarks-filter=lmhead-plan", "--remark-format=emitRemark",
         "-o", os.devnull], capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"{lmhead_opt} failed:\n{done.stderr[-2000:]}")
    return re.findall(r'Remark="([^"]*)"', done.stderr)


def number(pattern, text):
    match = re.search(pattern, text)
    return float(match.group(1)) if match else None


def parts(text, names):
    """{name: µs} of the parts a remark lists ("logits 123.4 us")."""
    found = {}
    for name, label in names:
        value = number(rf"\b{label} ([0-9.]+) us", text)
        if value is not None:
            found[name] = value
    return found


def one_pass(lmhead_opt, path, target, workspace_bytes=None):
    """(µs, chunk, {part: µs}) of the one-pass schedule."""
    text = next(r for r in remarks(lmhead_opt, path, target, "one-pass",
                                   workspace_bytes)
                if r.startswith("one-pass schedule"))
    micros = number(r"; ([0-9.]+) us predicted", text)
    chunk = re.search(r"token chunk (\d+) rows \((\d+) chunks?\)", text)
    found = parts(text, [("logits", "alone logits"), ("exp", "exp"),
                         ("row passes", "row passes"), ("dh", "dh"),
                         ("dW", "dW")])
    return micros, f"{chunk.group(1)} rows ({chunk.group(2)})", found


def two_pass(lmhead_opt, path, target, workspace_bytes=None):
    """(µs, chunk, {part: µs}) of the forward plus the backward."""
    texts = remarks(lmhead_opt, path, target, "two-pass", workspace_bytes)
    forward = next(r for r in texts if "(1 GEMM)" in r)
    backward = next(r for r in texts if "(3 GEMMs)" in r)
    micros = (number(r"; ([0-9.]+) us predicted", forward) +
              number(r"; ([0-9.]+) us predicted", backward))
    chunk = re.search(r"chunk (\d+) columns \((\d+) chunks?\)", backward)
    found = {"logits": number(r"predicted \(GEMM ([0-9.]+) us", forward),
             "row passes": number(r"row passes ([0-9.]+) us", forward)}
    back = parts(backward, [("logits", "alone logits"), ("dh", "dh"),
                            ("dW", "dW")])
    if "dh" not in back:
        found = {}  # an lmhead-opt whose remarks list no parts
    else:
        found["logits"] += back["logits"]
        found.update({k: v for k, v in back.items() if k != "logits"})
    return micros, f"{chunk.group(1)} columns ({chunk.group(2)})", found


def dominant(found):
    if not found:
        return "-"
    name = max(found, key=found.get)
    return f"{name} {found[name]:.0f}"


def row_passes(found):
    value = found.get("row passes")
    return "-" if value is None else f"{value:.1f}"


def shape(text):
    """N,D,V as a tuple of three ints."""
    try:
        sizes = tuple(int(x) for x in text.split(","))
    except ValueError:
        sizes = ()
    if len(sizes) != 3:
        raise argparse.ArgumentTypeError(f"expected N,D,V, got {text!r}")
    return sizes


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lmhead-opt", default=os.environ.get(
        "LMHEAD_OPT", os.path.join(ROOT, "build", "bin", "lmhead-opt")))
    parser.add_argument("--baseline", metavar="PATH",
                        help="another lmhead-opt to compare with")
    parser.add_argument("--baseline-options", metavar="OPTIONS", default="",
                        help="--lmhead-plan options for the baseline's runs")
    parser.add_argument("--shape", type=shape, action="append",
                        metavar="N,D,V", help="a shape to plan (repeatable; "
                        "default: the four benchmark shapes)")
    parser.add_argument("--workspace-bytes", type=int, metavar="B",
                        help="the chunk buffers' bound (ce-workspace-bytes)")
    args = parser.parse_args()
    tools = [("new", args.lmhead_opt)]
    if args.baseline or args.baseline_options:
        tools.insert(0, ("old", (args.baseline or args.lmhead_opt,
                                 args.baseline_options)))
    header = ["shape (N, D, V)", "target", "schedule"]
    for label, _ in tools:
        header += [f"{label} (µs)", f"{label} chunk",
                   f"{label} largest part (µs)", f"{label} row passes (µs)"]
    print("| " + " | ".join(header) + " |")
    print("| " + " | ".join("---" for _ in header) + " |")
    with tempfile.TemporaryDirectory(prefix="bench-schedules-") as workdir:
        for n, d, v in args.shape or SHAPES:
            path = os.path.join(workdir, f"head_{n}_{d}_{v}.mlir")
            with open(path, "w") as f:
                f.write(step_function(n, d, v))
            for target in TARGETS:
                for name, plan in (("one-pass", one_pass),
                                   ("two-pass", two_pass)):
                    row = [f"({n}, {d}, {v})", target, name]
                    for _, tool in tools:
                        micros, chunk, found = plan(tool, path, target,
                                                    args.workspace_bytes)
                        row += [f"{micros:.0f}", chunk, dominant(found),
                                row_passes(found)]
                    print("| " + " | ".join(row) + " |", flush=True)


if __name__ == "__main__":
    main()
