#!/usr/bin/env python3
"""Runs every op of a bundle that --lmhead-write-bundle wrote, through the
runtime's C API (ctypes), and checks its results against a float64
reference.

    run_bundle.py <liblmhead_runtime.so> <bundle folder> [--tokens N]
                  [--hidden D] [--seed S]

For each op in manifest.json (by its "op"):

- linear_grad: draws random dZ, h and W (rounded to their element type),
  fills the results with NaN (or, for a result the op accumulates into,
  with random values that the reference adds too) and compares them with
  dh = scale·dZ·W (+ dh) and dW = scale·dZᵀ·h (+ dW).
- ce_linear_fwd and ce_linear_grad: draws h, W, labels (a quarter of them
  ignore_index), a bias where the op takes one, and for the backward the
  forward's lse and an upstream gradient, as
  test/Integration/Decompose/Inputs/decompose_case.py does; asks
  lmheadBundleWorkspaceSize for the workspace and passes exactly that much
  device memory (left as the emulator leaves fresh memory: NaN); compares
  loss and lse, or dh, dW and db, with the f64 reference of
  test/Integration/Decompose/Inputs/lmhead_reference.py. The loss of an
  ignored token (reduction none) and the dh row of an ignored token must be
  exactly 0.

Everything is copied to device memory with the mgpu* functions, the op runs
with lmheadBundleRun on a stream of its own, and the results are copied
back. Pure Python, no numpy. Prints one line per result; exits with status
1 when a relative Frobenius error exceeds 1e-2 (bf16, f16) or 1e-5 (f32),
taking the least precise of the result's type and, for the ce ops, the
operand type the logits are rounded to. LMHEAD_DEVICE chooses the device
(the emulator in the tests).
"""

import argparse
import ctypes
import json
import math
import operator
import os
import random
import struct
import sys

sys.dont_write_bytecode = True  # keep the source tree free of __pycache__
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "..", "..", "scripts"))
from bundle_runtime import Runtime  # noqa: E402
from bundle_check import NAN_BITS, TOLERANCE, from_bits, run_ce_op, to_bits  # noqa: E402,E501


class Tensor:
    """A row-major host tensor: element type, shape and element bits."""

    def __init__(self, element, shape, bits):
        self.element, self.shape, self.bits = element, shape, bits

    @property
    def ctype(self):
        return ctypes.c_uint32 if self.element == "f32" else ctypes.c_uint16

    def values(self):
        return [from_bits(b, self.element) for b in self.bits]

    def rows(self):
        values, cols = self.values(), self.shape[1]
        return [values[r * cols:(r + 1) * cols] for r in range(self.shape[0])]

    def columns(self):
        return [list(column) for column in zip(*self.rows())]


def random_tensor(rng, element, shape):
    count = shape[0] * shape[1]
    return Tensor(element, shape,
                  [to_bits(rng.uniform(-1.0, 1.0), element)
                   for _ in range(count)])


def reference(op, inputs, n):
    """dh and dW in float64, as the op defines them, in their own layouts."""
    scale, vd = float(op["scale"]), op["layout"] == "vd"
    dz_rows, dz_cols = inputs["dz"].rows(), inputs["dz"].columns()
    h_cols = inputs["h"].columns()
    # W's columns by d: [V] lists.
    w_by_d = inputs["w"].columns() if vd else inputs["w"].rows()
    dh = [scale * sum(map(operator.mul, dz_rows[r], w_by_d[d]))
          for r in range(n) for d in range(len(w_by_d))]
    dw_vd = [[scale * sum(map(operator.mul, dz_cols[v], h_cols[d]))
              for d in range(len(h_cols))] for v in range(len(dz_cols))]
    dw = ([x for row in dw_vd for x in row] if vd else
          [dw_vd[v][d] for d in range(len(h_cols)) for v in range(len(dz_cols))])
    return {"dh": dh, "dw": dw}


def run_op(runtime, directory, bundle, name, op, tokens, rng):
    sizes = {"n": tokens}
    shapes = {key: [sizes[s] if isinstance(s, str) else s
                    for s in tensor["shape"]]
              for key, tensor in op["tensors"].items()}
    n = shapes["dz"][0]
    host = {}
    for key in ("dz", "h", "w"):
        host[key] = random_tensor(rng, op["tensors"][key]["type"], shapes[key])
    for key in ("dh", "dw"):
        element = op["tensors"][key]["type"]
        if op["tensors"][key].get("accumulates"):
            host[key] = random_tensor(rng, element, shapes[key])
        else:
            count = shapes[key][0] * shapes[key][1]
            host[key] = Tensor(element, shapes[key], [NAN_BITS[element]] * count)
    expected = reference(op, host, n)
    outputs = ["dh", "dw"]
    if "stats" in op["tensors"]:
        # [‖dZ‖², ‖dh‖², ‖dW‖²] of the products, before accumulation.
        outputs.append("stats")
        host["stats"] = Tensor("f32", [3], [NAN_BITS["f32"]] * 3)
        expected["stats"] = [math.fsum(x * x for x in values) for values in (
            host["dz"].values(), expected["dh"], expected["dw"])]
    for key in ("dh", "dw"):
        if op["tensors"][key].get("accumulates"):
            expected[key] = [e + a for e, a in zip(expected[key],
                                                   host[key].values())]

    lib = runtime.lib
    stream = lib.mgpuStreamCreate()
    device, buffers = {}, {}
    for key, tensor in host.items():
        buffers[key] = (tensor.ctype * len(tensor.bits))(*tensor.bits)
        size = ctypes.sizeof(buffers[key])
        device[key] = lib.mgpuMemAlloc(max(size, 1), stream, False)
        lib.mgpuMemcpy(device[key], buffers[key], size, stream)
    operands = [device[o] if o in device else sizes[o] for o in op["operands"]]
    array = (ctypes.c_ulonglong * len(operands))(*operands)
    runtime.check(lib.lmheadBundleRun(bundle, name.encode(), array,
                                      len(operands), stream),
                  "lmheadBundleRun")
    for key in outputs:
        lib.mgpuMemcpy(buffers[key], device[key],
                       ctypes.sizeof(buffers[key]), stream)
    lib.mgpuStreamSynchronize(stream)
    for pointer in device.values():
        lib.mgpuMemFree(pointer, stream)
    lib.mgpuStreamDestroy(stream)

    ok = True
    if "stats" in outputs:
        got = [from_bits(b, "f32") for b in buffers["stats"]]
        for stat, g, e in zip(("dz_norm_sq", "dh_norm_sq", "dw_norm_sq"),
                              got, expected["stats"]):
            error = abs(g - e) / e if e else abs(g)
            passed = math.isfinite(g) and error <= TOLERANCE["f32"]
            ok &= passed
            print(f"{name} {stat}: {'ok' if passed else 'WRONG'} "
                  f"(relative error {error:.3g}, tolerance "
                  f"{TOLERANCE['f32']:g})")
    for key in ("dh", "dw"):
        tensor = host[key]
        got = [from_bits(b, tensor.element) for b in buffers[key]]
        nans = sum(1 for x in got if math.isnan(x))
        difference = math.sqrt(sum((g - e) ** 2
                                   for g, e in zip(got, expected[key])))
        norm = math.sqrt(sum(e * e for e in expected[key]))
        error = difference / norm if norm else difference
        passed = nans == 0 and error <= TOLERANCE[tensor.element]
        ok &= passed
        shape = "x".join(map(str, tensor.shape))
        print(f"{name} {key} {tensor.element}[{shape}]: "
              f"{'ok' if passed else 'WRONG'} (relative error {error:.3g}, "
              f"{nans} NaN, tolerance {TOLERANCE[tensor.element]:g})")
    return ok

def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runtime")
    parser.add_argument("bundle")
    parser.add_argument("--tokens", type=int, default=200,
                        help="N where the op leaves it dynamic")
    parser.add_argument("--hidden", type=int, default=48,
                        help="D where a ce op leaves it dynamic")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with open(os.path.join(args.bundle, "manifest.json")) as f:
        manifest = json.load(f)
    runtime = Runtime(args.runtime)
    bundle = ctypes.c_void_p()
    runtime.check(runtime.lib.lmheadBundleLoad(args.bundle.encode(),
                                               ctypes.byref(bundle)),
                  "lmheadBundleLoad")
    rng = random.Random(args.seed)
    ok = True
    for name in sorted(manifest["ops"]):
        op = manifest["ops"][name]
        if op.get("op", "linear_grad") == "linear_grad":
            ok &= run_op(runtime, args.bundle, bundle, name, op, args.tokens,
                         rng)
        else:
            checks, size = run_ce_op(runtime, bundle, name, op,
                                     {"n": args.tokens, "d": args.hidden}, rng)
            for check in checks:
                ok &= check.passed
                print(f"{name} {check.describe()}")
            print(f"{name} workspace: {size} bytes")
    runtime.check(runtime.lib.lmheadBundleUnload(bundle), "lmheadBundleUnload")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
