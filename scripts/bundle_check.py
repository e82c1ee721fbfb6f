#!/usr/bin/env python3
"""Pure-Python checks of bundle ops run through liblmhead_runtime.so.

Shared by the bundle lit test (test/Conversion/LMHeadToGPU/Inputs/
run_bundle.py) and the emulator mode of the GPU check of the fused
cross-entropy ops (bench/device/check_ce.py --emulator): values rounded to
an element type and back (to_bits, from_bits), device buffers from the
runtime's mgpu* functions (Device), and `run_ce_op`, which draws the inputs
of a ce_linear_fwd, ce_linear_grad or ce_linear_step of a bundle as
test/Integration/Decompose/Inputs/decompose_case.py does, runs the op with
lmheadBundleRun on exactly the workspace lmheadBundleWorkspaceSize asks for,
and compares its results with the f64 reference of
test/Integration/Decompose/Inputs/lmhead_reference.py. No numpy: for the
emulator's small shapes.
"""

import ctypes
import dataclasses
import math
import os
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "test", "Integration", "Decompose",
                                "Inputs"))
import lmhead_reference as ref  # noqa: E402

__all__ = ["TOLERANCE", "NAN_BITS", "to_bits", "from_bits", "Device",
           "Check", "ce_case", "run_ce_op"]

# Relative Frobenius error bounds by element type.
TOLERANCE = {"bf16": 1e-2, "f16": 1e-2, "f32": 1e-5}
LABEL_TYPES = {"i64": ctypes.c_int64, "i32": ctypes.c_int32}
NAN_BITS = {"f32": 0x7FC00000, "f16": 0x7E00, "bf16": 0x7FC0}


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


def rounded(rng, element, count, scale=1.0):
    """`count` uniform values in [-scale, scale] rounded to `element`."""
    return [from_bits(to_bits(rng.uniform(-scale, scale), element), element)
            for _ in range(count)]


def as_rows(values, rows, cols):
    return [values[r * cols:(r + 1) * cols] for r in range(rows)]


def flat(x):
    return ref.flatten(x)


class Device:
    """Device buffers of one run, from the runtime's mgpu* functions."""

    def __init__(self, runtime):
        self.lib = runtime.lib
        self.stream = self.lib.mgpuStreamCreate()
        self.pointers = []

    def upload(self, values, element):
        """A device copy of `values` (floats, or ints for i32/i64)."""
        array = self.array(element, len(values))
        if element in LABEL_TYPES:
            array[:] = values
        else:
            array[:] = [to_bits(v, element) for v in values]
        return self.put(array)

    def poison(self, element, count):
        """A device buffer of `count` NaN."""
        array = self.array(element, count)
        array[:] = [NAN_BITS[element]] * count
        return self.put(array)

    def scratch(self, size):
        """`size` bytes, as the device leaves them (0 bytes: null)."""
        if size == 0:
            return 0
        pointer = self.lib.mgpuMemAlloc(size, self.stream, False)
        self.pointers.append(pointer)
        return pointer

    @staticmethod
    def array(element, count):
        ctype = (LABEL_TYPES.get(element) or
                 (ctypes.c_uint32 if element == "f32" else ctypes.c_uint16))
        return (ctype * max(count, 1))()

    def put(self, array):
        size = ctypes.sizeof(array)
        pointer = self.lib.mgpuMemAlloc(size, self.stream, False)
        self.lib.mgpuMemcpy(pointer, array, size, self.stream)
        self.pointers.append(pointer)
        return pointer

    def get(self, pointer, element, count):
        array = self.array(element, count)
        self.lib.mgpuMemcpy(array, pointer, ctypes.sizeof(array), self.stream)
        self.lib.mgpuStreamSynchronize(self.stream)
        return [from_bits(b, element) for b in array[:count]]

    def release(self):
        for pointer in self.pointers:
            self.lib.mgpuMemFree(pointer, self.stream)
        self.lib.mgpuStreamDestroy(self.stream)


def ce_case(op, sizes, rng):
    """The inputs of a ce op and its reference results, as
    decompose_case.py draws them: {name: values}, {result: values}, each
    tensor's shape and the reference's options; `sizes` gives the dynamic
    sizes ("n", "d")."""
    tensors = op["tensors"]
    shape = {k: [sizes.get(s, s) for s in t["shape"]]
             for k, t in tensors.items()}
    n, d = shape["h"]
    vocab = shape["w"][0] if op["layout"] == "vd" else shape["w"][1]
    operand = tensors["h"]["type"]
    opts = ref.CEOptions(
        op["layout"], op["reduction"], op["ignore_index"],
        float(op["label_smoothing"]), float(op["logit_softcap"]),
        float(op["z_loss_weight"]),
        None if operand == "f32" else
        (lambda x: from_bits(to_bits(x, operand), operand)))
    x = {"h": rounded(rng, operand, n * d),
         "w": rounded(rng, operand, vocab * d)}
    h, w = as_rows(x["h"], n, d), as_rows(x["w"], *shape["w"])
    x["labels"] = ref.random_labels(rng, n, vocab, op["ignore_index"], n // 4)
    bias = None
    if "bias" in tensors:
        x["bias"] = bias = rounded(rng, operand, vocab, 0.5)
    loss, lse = ref.ce_linear_fwd(h, w, x["labels"], opts, bias)
    if op["op"] == "ce_linear_fwd":
        return x, {"loss": flat(loss), "lse": lse}, shape, opts
    forward = {}
    if op["op"] == "ce_linear_step":
        # The forward's results, then the gradient of the backward's
        # reduction from the f64 lse.
        forward = {"loss": flat(loss), "lse": lse}
        opts = dataclasses.replace(opts, reduction=op["grad_reduction"])
    else:
        lse = x["lse"] = [from_bits(to_bits(v, "f32"), "f32") for v in lse]
    if op["reduction"] == "none":
        x["dloss"] = rounded(rng, "f32", n, 2.0)
        dloss = x["dloss"]
    else:
        x["dloss"] = [from_bits(to_bits(rng.uniform(0.5, 2.0), "f32"), "f32")]
        dloss = x["dloss"][0]
    accumulated = {}
    for key in ("dh", "dw"):
        if tensors[key].get("accumulates"):
            count = shape[key][0] * shape[key][1]
            accumulated[key] = rounded(rng, tensors[key]["type"], count)
    dh, dw, db = ref.ce_linear_grad(
        h, w, x["labels"], lse, dloss, opts, bias,
        as_rows(accumulated["dh"], n, d) if "dh" in accumulated else None,
        as_rows(accumulated["dw"], *shape["w"]) if "dw" in accumulated
        else None, "db" in tensors)
    want = dict(forward, dh=flat(dh), dw=flat(dw))
    if db is not None:
        want["db"] = db
    x.update(accumulated)
    return x, want, shape, opts


class Check:
    """One result against its reference: relative Frobenius error, values
    not finite, required zeros that are not 0, and the verdict."""

    def __init__(self, name, element, shape, got, want, tolerance, zeros):
        self.name, self.element, self.shape = name, element, shape
        self.tolerance = tolerance
        self.not_finite = sum(1 for v in got if not math.isfinite(v))
        diff = math.fsum((g - e) ** 2 for g, e in zip(got, want))
        norm = math.fsum(e * e for e in want)
        self.error = math.sqrt(diff / norm) if norm else math.sqrt(diff)
        self.zeros = len(zeros)
        self.nonzero = sum(1 for i in zeros if got[i] != 0.0)
        self.passed = (self.not_finite == 0 and self.error <= tolerance and
                       self.nonzero == 0)

    def describe(self):
        return (f"{self.name} {self.element}"
                f"[{'x'.join(map(str, self.shape))}]: "
                f"{'ok' if self.passed else 'WRONG'} (relative error "
                f"{self.error:.3g}, {self.not_finite} not finite, "
                f"{self.nonzero} of {self.zeros} required zeros not 0, "
                f"tolerance {self.tolerance:g})")


def run_ce_op(runtime, bundle, name, op, sizes, rng):
    """Runs ce op `name` (manifest entry `op`) of loaded `bundle` on fresh
    inputs; returns a Check per result and the workspace's bytes."""
    x, want, shape, _ = ce_case(op, sizes, rng)
    tensors = op["tensors"]
    sizes = {"n": shape["h"][0], "d": shape["h"][1]}
    results = [k for k in ("loss", "lse", "dh", "dw", "db") if k in want]
    device = Device(runtime)
    pointers = {}
    for key, tensor in tensors.items():
        count = math.prod(shape[key])
        if key in x:
            pointers[key] = device.upload(x[key], tensor["type"])
        else:
            pointers[key] = device.poison(tensor["type"], count)
    operands = [pointers.get(o, sizes.get(o, 0)) for o in op["operands"]]
    size = runtime.workspace_size(bundle, name, operands)
    workspace = op["workspace"]
    operands[op["operands"].index(workspace["operand"])] = device.scratch(size)
    operands[op["operands"].index(workspace["bytes"])] = size
    runtime.run(bundle, name, operands, device.stream)
    got = {k: device.get(pointers[k], tensors[k]["type"],
                         len(want[k])) for k in results}
    device.release()

    # Exact zeros: the loss (none) and the dh rows of ignored tokens.
    ignored = [i for i, y in enumerate(x["labels"]) if y == op["ignore_index"]]
    zeros = {}
    if op["op"] == "ce_linear_fwd" and op["reduction"] == "none":
        zeros["loss"] = ignored
    if op["op"] in ("ce_linear_grad", "ce_linear_step") and \
            not tensors["dh"].get("accumulates"):
        d = shape["h"][1]
        zeros["dh"] = [i * d + j for i in ignored for j in range(d)]
    operand = tensors["h"]["type"]
    checks = []
    for key in results:
        element = tensors[key]["type"]
        checks.append(Check(key, element, shape[key], got[key], want[key],
                            max(TOLERANCE[element], TOLERANCE[operand]),
                            zeros.get(key, [])))
    return checks, size
