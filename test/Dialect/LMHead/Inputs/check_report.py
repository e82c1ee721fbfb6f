#!/usr/bin/env python3
"""Checks --lmhead-report's JSON and SVG against figures computed here,
independently, from the planned IR's text.

    check_report.py PLANNED.mlir REPORT.json PLOT.svg

Each op of the report is found in PLANNED.mlir by its location (line,
column). From the op's printed types and attributes this script computes N,
D and V, the flops of its schedule, the bytes of its operands and results,
the roofline on A100, H100 and H200 from the data sheets' dense bf16 rates
and HBM bandwidths, the N×V bytes the fused op saves, and the plan's
predicted time, and compares each with the report (relative 1e-9). It also
checks the step's backward share and that the SVG is well-formed with one
roof per GPU and a circle per op and GPU. Prints one line per op and a
summary; exit status 1 on any mismatch.
"""

import json
import math
import re
import sys
import xml.etree.ElementTree as ElementTree

# NVIDIA data sheets: dense bf16 tensor-core flop/s and HBM bytes/s (SXM).
CHIPS = {"A100": (312e12, 2.0e12), "H100": (989.4e12, 3.35e12),
         "H200": (989.4e12, 4.8e12)}
ASSUMED_TOKENS = 8192
BITS = {"bf16": 16, "f16": 16, "f32": 32, "f64": 64, "i32": 32, "i64": 64}
TENSOR = re.compile(r"tensor<([^>]*)>")


def tensor_bytes(spec, tokens):
    *dims, element = spec.split("x")
    count = 1
    for dim in dims:
        count *= tokens if dim == "?" else int(dim)
    return count * BITS[element] / 8


def dims(spec):
    return spec.split("x")[:-1]


def op_at(lines, line, column):
    """The op's name, its text up to its result types, its operand and
    result tensor specs."""
    text = "\n".join(lines[line - 1:line + 40])[column - 1:]
    match = re.match(r"(?:%[\w:#]+(?:, %[\w:#]+)* = )?lmhead\.(\w+)(.*?) : "
                     r"\((.*?)\) -> (\(.*?\)|tensor<[^>]*>)", text, re.S)
    if not match:
        raise ValueError(f"no lmhead op at {line}:{column}")
    name, body, operands, results = match.groups()
    return (name, body, TENSOR.findall(operands), TENSOR.findall(results))


def expected(name, body, operands, results):
    vd = "layout(vd)" in body
    h = operands[1] if name == "linear_grad" else operands[0]
    w = operands[2] if name == "linear_grad" else operands[1]
    n, d = dims(h)
    v = dims(w)[0 if vd else 1]
    tokens = ASSUMED_TOKENS if n == "?" else int(n)
    d, v = int(d), int(v)
    gemm = 2.0 * tokens * d * v
    flops = {"linear_grad": 2, "ce_linear_fwd": 1, "ce_linear_grad": 3,
             "ce_linear_step": 3}[name] * gemm
    min_bytes = sum(tensor_bytes(t, tokens) for t in operands + results)
    operand_bytes = BITS[h.split("x")[-1]] / 8
    logits = tokens * v * (operand_bytes + 4)
    saved = {"linear_grad": 0, "ce_linear_fwd": logits,
             "ce_linear_grad": logits, "ce_linear_step": 2 * logits}[name]
    want = {"op": name, "tokens": tokens, "hidden": d, "vocab": v,
            "tokens_assumed": n == "?", "flops": flops,
            "min_bytes": min_bytes, "intensity": flops / min_bytes,
            "memory_saved_bytes": saved}
    roofline = {}
    for chip, (peak, bandwidth) in CHIPS.items():
        seconds = max(flops / peak, min_bytes / bandwidth)
        roofline[chip] = {"peak_flops": peak, "peak_bytes_per_s": bandwidth,
                          "us": seconds * 1e6,
                          "bound": "compute" if flops / peak >=
                          min_bytes / bandwidth else "memory"}
    want["roofline"] = roofline
    micros = [float(m) for m in re.findall(
        r"(?:micros|dhMicros|dwMicros) = ([-+0-9.e]+)", body)]
    want["predicted_us"] = sum(micros) if micros else None
    backward = 0 if name == "ce_linear_fwd" else 2 * gemm
    return want, backward


def close(got, want):
    if isinstance(want, float) or isinstance(got, float):
        return math.isclose(got, want, rel_tol=1e-9, abs_tol=1e-12)
    return got == want


def compare(path, got, want, mismatches):
    if isinstance(want, dict):
        for key, value in want.items():
            if key not in got:
                mismatches.append(f"{path}.{key}: missing")
            else:
                compare(f"{path}.{key}", got[key], value, mismatches)
    elif want is None:
        if got is not None:
            mismatches.append(f"{path}: {got!r}, expected null")
    elif not close(got, want):
        mismatches.append(f"{path}: {got!r}, expected {want!r}")


def main():
    planned, report_path, plot_path = sys.argv[1:4]
    lines = open(planned).read().splitlines()
    report = json.load(open(report_path))
    mismatches = []
    head = other = 0.0
    for index, op in enumerate(report["ops"]):
        line, column = (int(x) for x in op["location"].split(":")[-2:])
        name, body, operands, results = op_at(lines, line, column)
        want, backward = expected(name, body, operands, results)
        if name == "linear_grad":
            other += backward
        else:
            head += backward
        before = len(mismatches)
        compare(f"ops[{index}]", op, want, mismatches)
        print(f"{name} {want['tokens']}x{want['hidden']}x{want['vocab']}: "
              f"flops {want['flops']:.6g}, min_bytes {want['min_bytes']:.6g}"
              f", H200 {want['roofline']['H200']['us']:.4g} us "
              f"{want['roofline']['H200']['bound']}: "
              f"{'ok' if len(mismatches) == before else 'MISMATCH'}")
    for index, step in enumerate(report["steps"]):
        path = f"steps[{index}]"
        compare(path, step, {"head_backward_flops": head,
                             "linear_grad_flops": other}, mismatches)
        backward = head + other + step["other_flops"] * 2 / 3
        compare(path, step, {"backward_flops": backward,
                             "backward_share": head / backward,
                             "worth_fusing": head / backward > 0.1},
                mismatches)
        print(f"{step['function']}: head share {100 * head / backward:.1f}%")
    svg = ElementTree.parse(plot_path).getroot()
    namespace = "{http://www.w3.org/2000/svg}"
    roofs = svg.findall(f"{namespace}polyline")
    bounds = [c for c in svg.findall(f"{namespace}circle")
              if c.find(f"{namespace}title") is not None]
    planned_ops = sum(1 for op in report["ops"] if op["plan"])
    if len(roofs) != len(CHIPS):
        mismatches.append(f"svg: {len(roofs)} roofs, expected {len(CHIPS)}")
    if len(bounds) != len(report["ops"]) * len(CHIPS) + planned_ops:
        mismatches.append(f"svg: {len(bounds)} points, expected "
                          f"{len(report['ops']) * len(CHIPS) + planned_ops}")
    for line in mismatches:
        print(line)
    print(f"checked {len(report['ops'])} ops, {len(report['steps'])} steps, "
          f"the plot: {len(mismatches)} mismatches")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
