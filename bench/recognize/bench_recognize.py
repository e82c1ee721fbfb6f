#!/usr/bin/env python3
"""Measures how long --lmhead-recognize takes.

    bench/recognize/bench_recognize.py [--lmhead-opt PATH] [--repeat R]

Two measurements, each the best of R runs of `lmhead-opt --lmhead-recognize
--mlir-timing`, reading the pass's own wall time (parsing and printing are
not counted):

1. every real fixture in test/graphs/ (GPT-2 training steps from PyTorch and
   JAX with their loss variants, Hugging Face Llama steps of 1 and 4 layers,
   backward-only graphs), with its size in operations and the time per
   1,000 operations: the time should grow with the graph's size, not faster
   (the 4-layer Llama against the 1-layer one shows it);
2. a synthetic function holding 1, 10 and 100 independent copies of the
   LM-head training step of test/Dialect/LMHead/recognize/
   torch-log-softmax-nll.mlir (cross-entropy forward and backward, both
   GEMMs), to show how the cost grows with the number of patterns: the
   time per copy should stay flat.

This is a benchmark, not a test: it asserts nothing and prints a table.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PATTERN = os.path.join(ROOT, "test", "Dialect", "LMHead", "recognize",
                       "torch-log-softmax-nll.mlir")


def recognize_seconds(lmhead_opt, path, repeat):
    """Best wall time of the LMHeadRecognize pass over `repeat` runs."""
    best = None
    for _ in range(repeat):
        out = subprocess.run(
            [lmhead_opt, path, "--lmhead-recognize", "--mlir-timing",
             "--mlir-timing-display=list", "-o", os.devnull],
            capture_output=True, text=True, check=True).stderr
        match = re.search(r"^\s*([0-9.]+) \(\s*[0-9.]+%\)\s+LMHeadRecognize$",
                          out, re.MULTILINE)
        if not match:
            sys.exit(f"no LMHeadRecognize timing in the output for {path}")
        seconds = float(match.group(1))
        best = seconds if best is None else min(best, seconds)
    return best


def operation_count(path):
    """The operations of a graph: its lines that define values, plus the
    ones that define none (stores, yields, returns are few and alike)."""
    with open(path) as f:
        return sum(1 for line in f
                   if re.match(r"\s*(%[^=]+= )?[a-z_]+\.[a-z_.]+", line))


def synthetic_graph(copies):
    """One function with `copies` independent copies of the pattern."""
    text = open(PATTERN).read()
    maps = "\n".join(l for l in text.splitlines() if l.startswith("#map"))
    body = text[text.index("\nfunc.func") + 1:]
    header, rest = body.split("{", 1)
    rest = rest[:rest.rindex("return")]
    args = re.search(r"\((.*)\)\s*->", header).group(1)
    results = re.search(r"->\s*\((.*)\)\s*$", header.strip()).group(1)
    all_args, all_results, bodies, returned = [], [], [], []
    for k in range(copies):
        def rename(m):
            return f"%k{k}_{m.group(1)}"
        all_args.append(re.sub(r"%([A-Za-z0-9_]+)", rename, args))
        bodies.append(re.sub(r"%([A-Za-z0-9_\-]+)", rename, rest))
        all_results.append(results)
        returned.append(f"%k{k}_loss, %k{k}_dh, %k{k}_dw")
    return (f"{maps}\nfunc.func @copies({', '.join(all_args)}) -> "
            f"({', '.join(all_results)}) {{\n{''.join(bodies)}\n"
            f"  return {', '.join(returned)} : {', '.join(all_results)}\n}}\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lmhead-opt", default=os.environ.get(
        "LMHEAD_OPT", os.path.join(ROOT, "build", "bin", "lmhead-opt")))
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    print("fixture                                    ops  recognize (ms)"
          "  ms per 1000 ops")
    graphs = os.path.join(ROOT, "test", "graphs")
    for name in sorted(os.listdir(graphs)):
        if name.endswith(".mlir"):
            path = os.path.join(graphs, name)
            ms = 1e3 * recognize_seconds(args.lmhead_opt, path, args.repeat)
            ops = operation_count(path)
            print(f"{name:40s} {ops:6d}  {ms:14.2f}  {1e3 * ms / ops:15.2f}")

    print("\ncopies  recognize (ms)  per copy (ms)  per copy / 1 copy")
    base = None
    with tempfile.TemporaryDirectory() as tmp:
        for copies in (1, 10, 100):
            path = os.path.join(tmp, f"copies{copies}.mlir")
            with open(path, "w") as f:
                f.write(synthetic_graph(copies))
            seconds = recognize_seconds(args.lmhead_opt, path, args.repeat)
            per_copy = seconds / copies
            base = base or per_copy
            print(f"{copies:6d}  {1e3 * seconds:14.2f}  {1e3 * per_copy:13.3f}"
                  f"  {per_copy / base:17.2f}")


if __name__ == "__main__":
    main()
