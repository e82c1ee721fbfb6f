#!/usr/bin/env python3
"""Runs every op of a bundle that --lmhead-write-bundle wrote, through the
runtime's C API (ctypes), and checks dh and dW against a float64 reference.

    run_bundle.py <liblmhead_runtime.so> <bundle folder> [--tokens N] [--seed S]

For each op in manifest.json: draws random inputs (rounded to their element
type), fills the results with NaN (or, for a result the op accumulates
into, with random values that the reference adds too), copies everything
to device memory with the mgpu* functions, runs the op with
lmheadBundleRun on a stream of its own, copies the results back and compares
them with dh = scale·dZ·W (+ dh) and dW = scale·dZᵀ·h (+ dW), computed in
float64 without numpy. Prints one line per result; exits with status 1 when
a relative Frobenius error exceeds 1e-2 (bf16, f16 results) or 1e-5 (f32
results). LMHEAD_DEVICE chooses the device (the emulator in the tests).
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

TOLERANCE = {"bf16": 1e-2, "f16": 1e-2, "f32": 1e-5}


def to_bits(value, element):
    """The bits of `value` rounded to nearest even in `element`."""
    if element == "f32":
        return struct.unpack("<I", struct.pack("<f", value))[0]
    if element == "f16":
        return struct.unpack("<H", struct.pack("<e", value))[0]
    bits = struct.unpack("<I", struct.pack("<f", value))[0]
    return (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16 & 0xFFFF


def from_bits(bits, element):
    if element == "f32":
        return struct.unpack("<f", struct.pack("<I", bits))[0]
    if element == "f16":
        return struct.unpack("<e", struct.pack("<H", bits))[0]
    return struct.unpack("<f", struct.pack("<I", bits << 16))[0]


NAN_BITS = {"f32": 0x7FC00000, "f16": 0x7E00, "bf16": 0x7FC0}


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
    for key in ("dh", "dw"):
        lib.mgpuMemcpy(buffers[key], device[key],
                       ctypes.sizeof(buffers[key]), stream)
    lib.mgpuStreamSynchronize(stream)
    for pointer in device.values():
        lib.mgpuMemFree(pointer, stream)
    lib.mgpuStreamDestroy(stream)

    ok = True
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
        ok &= run_op(runtime, args.bundle, bundle, name, manifest["ops"][name],
                     args.tokens, rng)
    runtime.check(runtime.lib.lmheadBundleUnload(bundle), "lmheadBundleUnload")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
