#!/usr/bin/env python3
"""The GPU check of the linear_grad kernels: runs every op of the bundles
that bench/device/prepare.sh wrote (one sm_80 and one sm_90a bundle, one op
per benchmark shape) through the runtime's C API, checks dh and dW against a
float64 reference and times the kernels against cuBLAS (torch.matmul).

    check_kernels.py --runtime liblmhead_runtime.so [--bundles DIR] [--markdown FILE]
    check_kernels.py --emulator --small --runtime liblmhead_runtime.so

DIR holds one bundle per target (DIR/sm_80, DIR/sm_90a); each op's shapes
come from its manifest ("tensors"). For each shape, and each bundle:

- On the GPU (default; needs PyTorch with CUDA): dZ, h and W are random bf16
  tensors that torch allocates on the GPU; dh and dW are poisoned with NaN;
  the op runs with lmheadBundleRun on torch's current stream, on the
  tensors' data_ptr(). dh and dW are compared with dZ·W and dZᵀ·h computed
  by torch in float64 from the same bf16 inputs (in slices of V, so that the
  float64 copies stay a few GB). Then the op is timed with CUDA events (warm
  up, then the median of --repeat runs): both kernels as the bundle runs
  them, forked onto its two streams, and each kernel alone (an op of its own
  in a copy of the manifest); and cuBLAS, through torch.matmul on the same
  tensors: dZ@W with a bf16 result, as torch computes dh, and dZᵀ@h with an
  f32 result (torch.mm's out_dtype where this torch has it; else a bf16
  result, as bf16 autograd gives, and the table says so).
- On the emulator (--emulator; LMHEAD_DEVICE=emulator, no torch needed):
  the same check on small shapes (bundles prepared with --small), with
  buffers from the runtime's mgpuMemAlloc and the reference in pure Python;
  times are the emulator's and mean nothing.

Prints a table (shape, target, relative Frobenius errors of dh and dW,
milliseconds ours and cuBLAS, their ratio, then each kernel alone) and
writes it as markdown with --markdown. Exit status 1 when any result is
wrong or NaN, 2 when the setup fails.
"""

import argparse
import ctypes
import json
import math
import os
import random
import shutil
import statistics
import struct
import sys
import tempfile

sys.dont_write_bytecode = True  # keep the source tree free of __pycache__
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "scripts"))
from bundle_runtime import Runtime  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

# Relative Frobenius error bounds, by result type. bf16 results: the final
# rounding alone is up to 2^-9 per element. f32 results computed from bf16
# inputs: the kernels add K = N (up to 16384) f32 products in an order of
# their own (tiles, split along K per stage, wgmma's internal order), and
# float64 in another; an f32 sum of K terms is only bounded by K·2^-24
# (1e-3 for K = 16384) relative to the sum of magnitudes, so 1e-5, which the
# emulator meets on small K, would fail correct kernels on hardware.
TOLERANCE = {"bf16": 1e-2, "f16": 1e-2, "f32": 1e-3}


class Bundle:
    """A loaded bundle, and a copy whose ops are each kernel alone
    ("<op>/dh", "<op>/dw"), to time them apart."""

    def __init__(self, runtime, directory, split):
        self.runtime, self.directory = runtime, directory
        with open(os.path.join(directory, "manifest.json")) as f:
            self.manifest = json.load(f)
        self.target = os.path.basename(os.path.normpath(directory))
        self.handle = runtime.load(directory)
        self.alone, self.copy = None, None
        if split:
            self.copy = tempfile.mkdtemp(prefix="lmhead-alone-")
            ops = {}
            for name, op in self.manifest["ops"].items():
                shutil.copy(os.path.join(directory, op["ptx"]), self.copy)
                for kernel in op["kernels"]:
                    ops[f"{name}/{kernel['stream']}"] = dict(op,
                                                            kernels=[kernel])
            with open(os.path.join(self.copy, "manifest.json"), "w") as f:
                json.dump(dict(self.manifest, ops=ops), f)
            self.alone = runtime.load(self.copy)

    def close(self):
        self.runtime.unload(self.handle)
        if self.alone:
            self.runtime.unload(self.alone)
        if self.copy:
            shutil.rmtree(self.copy, ignore_errors=True)


def shape_of(op):
    """(N, D, V) of a linear_grad op of layout vd with static sizes."""
    tensors = op["tensors"]
    if op["layout"] != "vd":
        raise ValueError("the check expects layout(vd) ops")
    n, v = tensors["dz"]["shape"]
    d = tensors["h"]["shape"][1]
    if not all(isinstance(x, int) for x in (n, d, v)):
        raise ValueError("the check expects static shapes")
    if any(tensors[k].get("accumulates") for k in ("dh", "dw")):
        raise ValueError("the check expects ops that do not accumulate")
    return n, d, v


def relative_error(squared_difference, squared_norm):
    """Relative Frobenius error; NaN stays NaN, so that it never passes."""
    if math.isnan(squared_difference):
        return math.nan
    return math.sqrt(squared_difference / squared_norm) if squared_norm else \
        math.sqrt(squared_difference)


def passes(error, element):
    return not math.isnan(error) and error <= TOLERANCE[element]


# --- On the GPU, with torch --------------------------------------------------


class TorchGpu:
    """Tensors, reference and timing with torch on the GPU."""

    def __init__(self, args):
        import torch
        self.torch, self.args = torch, args
        if not torch.cuda.is_available():
            raise RuntimeError("torch sees no CUDA device")
        torch.cuda.init()
        self.device = torch.device("cuda")
        self.stream = torch.cuda.current_stream().cuda_stream
        # dZᵀ@h with an f32 result, where torch.mm has out_dtype.
        self.dw_out = "f32"
        try:
            a = torch.ones(16, 16, dtype=torch.bfloat16, device=self.device)
            torch.mm(a, a, out_dtype=torch.float32)
        except (TypeError, RuntimeError):
            self.dw_out = "bf16"

    def describe(self):
        torch = self.torch
        return (f"{torch.cuda.get_device_name()}, torch {torch.__version__}, "
                f"CUDA {torch.version.cuda}")

    def inputs(self, n, d, v, seed):
        torch = self.torch
        g = torch.Generator(device=self.device).manual_seed(seed)
        make = lambda *s: torch.empty(*s, dtype=torch.bfloat16,
                                      device=self.device).uniform_(
                                          -1, 1, generator=g)
        self.dz, self.h, self.w = make(n, v), make(n, d), make(v, d)
        self.dh = torch.empty(n, d, dtype=torch.bfloat16, device=self.device)
        self.dw = torch.empty(v, d, dtype=torch.float32, device=self.device)
        self.reference = None

    def operands(self, op):
        tensors = {"dz": self.dz, "h": self.h, "w": self.w, "dh": self.dh,
                   "dw": self.dw}
        return [tensors[name].data_ptr() for name in op["operands"]]

    def poison(self):
        self.dh.fill_(math.nan)
        self.dw.fill_(math.nan)

    def sync(self):
        self.torch.cuda.synchronize()

    def errors(self, scale):
        """Relative errors of dh and dW against float64 (sliced along V)."""
        torch = self.torch
        n, v = self.dz.shape
        step = max(1, (1 << 29) // max(n, 1))  # ≤ 4 GiB of float64 dZ
        h64 = self.h.double()
        dh64 = torch.zeros(self.dh.shape, dtype=torch.float64,
                           device=self.device)
        dw_diff = dw_norm = 0.0
        for v0 in range(0, v, step):
            dz64 = self.dz[:, v0:v0 + step].double()
            dh64 += dz64 @ self.w[v0:v0 + step].double()
            ref = scale * (dz64.t() @ h64)
            got = self.dw[v0:v0 + step].double()
            dw_diff += float(((got - ref) ** 2).sum())
            dw_norm += float((ref ** 2).sum())
            del dz64, ref, got
        dh64 *= scale
        dh_diff = float(((self.dh.double() - dh64) ** 2).sum())
        dh_norm = float((dh64 ** 2).sum())
        return (relative_error(dh_diff, dh_norm),
                relative_error(dw_diff, dw_norm))

    def time(self, work, warmup, repeat):
        """Median milliseconds of `work` on the current stream."""
        torch = self.torch
        for _ in range(warmup):
            work()
        times = []
        for _ in range(repeat):
            start = torch.cuda.Event(enable_timing=True)
            end = torch.cuda.Event(enable_timing=True)
            start.record()
            work()
            end.record()
            end.synchronize()
            times.append(start.elapsed_time(end))
        return statistics.median(times)

    def cublas(self):
        """(dh, dW) GEMMs as torch.matmul does them."""
        torch = self.torch
        dz_t = self.dz.t()
        dh = lambda: torch.matmul(self.dz, self.w)
        if self.dw_out == "f32":
            dw = lambda: torch.mm(dz_t, self.h, out_dtype=torch.float32)
        else:
            dw = lambda: torch.matmul(dz_t, self.h)
        return dh, dw

    def release(self):
        self.dz = self.h = self.w = self.dh = self.dw = None
        self.torch.cuda.empty_cache()


# --- On the emulator, without torch ------------------------------------------


def bf16_bits(value):
    bits = struct.unpack("<I", struct.pack("<f", value))[0]
    return (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16 & 0xFFFF


def bf16_value(bits):
    return struct.unpack("<f", struct.pack("<I", bits << 16))[0]


class PlainEmulator:
    """Buffers from the runtime's mgpuMemAlloc, reference in pure Python."""

    dw_out = "-"

    def __init__(self, runtime):
        self.lib = runtime.lib
        self.stream = self.lib.mgpuStreamCreate()
        self.buffers = {}

    @staticmethod
    def describe():
        return "the PTX emulator (LMHEAD_DEVICE=emulator)"

    def inputs(self, n, d, v, seed):
        self.release()
        rng = random.Random(seed)
        self.shape = (n, d, v)
        draw = lambda count: [bf16_bits(rng.uniform(-1, 1))
                              for _ in range(count)]
        self.host = {"dz": draw(n * v), "h": draw(n * d), "w": draw(v * d)}
        for key, bits in self.host.items():
            self.buffers[key] = self.upload((ctypes.c_uint16 * len(bits))(*bits))
        self.buffers["dh"] = self.upload((ctypes.c_uint16 * (n * d))())
        self.buffers["dw"] = self.upload((ctypes.c_uint32 * (v * d))())

    def upload(self, array):
        size = ctypes.sizeof(array)
        pointer = self.lib.mgpuMemAlloc(max(size, 1), self.stream, False)
        self.lib.mgpuMemcpy(pointer, array, size, self.stream)
        return pointer, array

    def operands(self, op):
        return [self.buffers[name][0] for name in op["operands"]]

    def poison(self):
        n, d, v = self.shape
        for key, count, ctype, nan in (("dh", n * d, ctypes.c_uint16, 0x7FC0),
                                       ("dw", v * d, ctypes.c_uint32,
                                        0x7FC00000)):
            array = (ctype * count)(*([nan] * count))
            self.lib.mgpuMemcpy(self.buffers[key][0], array,
                                ctypes.sizeof(array), self.stream)

    def sync(self):
        self.lib.mgpuStreamSynchronize(self.stream)

    def errors(self, scale):
        n, d, v = self.shape
        values = {k: [bf16_value(b) for b in bits]
                  for k, bits in self.host.items()}
        dz, h, w = values["dz"], values["h"], values["w"]
        got = {}
        for key, count, ctype in (("dh", n * d, ctypes.c_uint16),
                                  ("dw", v * d, ctypes.c_uint32)):
            array = (ctype * count)()
            self.lib.mgpuMemcpy(array, self.buffers[key][0],
                                ctypes.sizeof(array), self.stream)
            got[key] = array
        self.sync()
        dh = [bf16_value(b) for b in got["dh"]]
        dw = [struct.unpack("<f", struct.pack("<I", b))[0] for b in got["dw"]]
        dh_diff = dh_norm = dw_diff = dw_norm = 0.0
        for r in range(n):
            for c in range(d):
                ref = scale * sum(dz[r * v + k] * w[k * d + c]
                                  for k in range(v))
                dh_diff += (dh[r * d + c] - ref) ** 2
                dh_norm += ref * ref
        for r in range(v):
            for c in range(d):
                ref = scale * sum(dz[k * v + r] * h[k * d + c]
                                  for k in range(n))
                dw_diff += (dw[r * d + c] - ref) ** 2
                dw_norm += ref * ref
        return (relative_error(dh_diff, dh_norm),
                relative_error(dw_diff, dw_norm))

    @staticmethod
    def time(work, warmup, repeat):
        return None  # the emulator's times mean nothing

    def cublas(self):
        return None

    def release(self):
        for pointer, _ in self.buffers.values():
            self.lib.mgpuMemFree(pointer, self.stream)
        self.buffers = {}


# --- The check ---------------------------------------------------------------


def fmt(value, spec):
    return "-" if value is None else format(value, spec)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runtime", required=True,
                        help="liblmhead_runtime.so")
    parser.add_argument("--bundles", help="folder of one bundle per target "
                        "(default: prepared/bundles, or prepared/bundles-small "
                        "with --small)")
    parser.add_argument("--emulator", action="store_true",
                        help="run on the PTX emulator, without torch")
    parser.add_argument("--small", action="store_true",
                        help="the small shapes' bundles")
    parser.add_argument("--markdown", help="write the table there")
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    # Never the emulator by accident on the GPU machine.
    os.environ["LMHEAD_DEVICE"] = "emulator" if args.emulator else "cuda"
    bundles = args.bundles or os.path.join(
        HERE, "prepared", "bundles-small" if args.small else "bundles")
    targets = sorted(t for t in os.listdir(bundles)
                     if os.path.exists(os.path.join(bundles, t,
                                                    "manifest.json")))
    if not targets:
        print(f"no bundles in {bundles}: run bench/device/prepare.sh",
              file=sys.stderr)
        return 2

    runtime = Runtime(args.runtime)
    device = PlainEmulator(runtime) if args.emulator else TorchGpu(args)
    loaded = [Bundle(runtime, os.path.join(bundles, t), not args.emulator)
              for t in targets]
    # Ops by shape, so that inputs and the reference are made once per shape.
    shapes = {}
    for bundle in loaded:
        for name, op in sorted(bundle.manifest["ops"].items()):
            if op.get("op", "linear_grad") != "linear_grad":
                continue  # check_ce.py's
            shapes.setdefault(shape_of(op), []).append((bundle, name, op))

    header = ["shape (N×D×V)", "target", "dh err", "dW err", "ms ours",
              "ms cuBLAS", "ours/cuBLAS", "ms dh ours", "ms dW ours",
              "ms dh cuBLAS", "ms dW cuBLAS"]
    rows, failures = [], 0
    print(f"== linear_grad kernels on {device.describe()}", flush=True)
    for (n, d, v), ops in shapes.items():
        device.inputs(n, d, v, args.seed)
        timed = lambda work: device.time(work, args.warmup, args.repeat)
        cublas = device.cublas()
        theirs = [None, None, None]
        if cublas:
            dh_gemm, dw_gemm = cublas
            theirs = [timed(lambda: (dh_gemm(), dw_gemm())), timed(dh_gemm),
                      timed(dw_gemm)]
        for bundle, name, op in ops:
            scale = float(op["scale"])
            operands = device.operands(op)
            device.poison()
            try:
                runtime.run(bundle.handle, name, operands, device.stream)
                device.sync()
                dh_err, dw_err = device.errors(scale)
                ours = [timed(lambda: runtime.run(bundle.handle, name,
                                                  operands, device.stream)),
                        None, None]
                if bundle.alone:
                    for i, role in ((1, "dh"), (2, "dw")):
                        ours[i] = timed(lambda: runtime.run(
                            bundle.alone, f"{name}/{role}", operands,
                            device.stream))
            except RuntimeError as error:
                print(f"{n}×{d}×{v} {bundle.target}: {error}", flush=True)
                failures += 1
                rows.append([f"{n}×{d}×{v}", bundle.target, "ERROR", "ERROR"] +
                            ["-"] * 7)
                continue
            dh_ok = passes(dh_err, op["tensors"]["dh"]["type"])
            dw_ok = passes(dw_err, op["tensors"]["dw"]["type"])
            failures += not (dh_ok and dw_ok)
            ratio = (ours[0] / theirs[0]) if theirs[0] else None
            rows.append([f"{n}×{d}×{v}", bundle.target,
                         fmt(dh_err, ".1e") + ("" if dh_ok else " FAIL"),
                         fmt(dw_err, ".1e") + ("" if dw_ok else " FAIL"),
                         fmt(ours[0], ".2f"), fmt(theirs[0], ".2f"),
                         fmt(ratio, ".2f"), fmt(ours[1], ".2f"),
                         fmt(ours[2], ".2f"), fmt(theirs[1], ".2f"),
                         fmt(theirs[2], ".2f")])
            print("  ".join(rows[-1]), flush=True)
        device.release()
    for bundle in loaded:
        bundle.close()

    widths = [max(len(r[i]) for r in [header] + rows)
              for i in range(len(header))]
    print("== results")
    for row in [header] + rows:
        print("  ".join(c.ljust(w) for c, w in zip(row, widths)))
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(f"linear_grad, bf16 dZ/h/W, layout vd, dh bf16, dW f32, "
                    f"on {device.describe()}; cuBLAS = torch.matmul, dW "
                    f"result {device.dw_out}; median of {args.repeat} runs "
                    f"after {args.warmup} warm-up; errors are relative "
                    f"Frobenius errors against float64 (bounds: bf16 "
                    f"{TOLERANCE['bf16']:g}, f32 {TOLERANCE['f32']:g}).\n\n")
            f.write("| " + " | ".join(header) + " |\n")
            f.write("|" + "---|" * len(header) + "\n")
            for row in rows:
                f.write("| " + " | ".join(row) + " |\n")
    print(f"{len(rows) - failures} of {len(rows)} passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
