#!/usr/bin/env python3
"""The fused cross-entropy kernels on a problem whose N·V passes 2³¹, on the
PTX emulator: the check that no index of theirs wraps at 32 bits.

    bench/emulator/large_index.py [--build DIR] [--target sm_80|sm_90a]
                                  [--n N] [--d D] [--v V] [--seed S]

Defaults: N = 65536 tokens, a thin D = 16, V = 32771 (ragged), so that
N·V = 2,147,680,256 > 2³¹ = 2,147,483,648: the logits tiles of the last
rows sit past element 2³¹ of the N×V logits that are never stored, the
forward's partials are indexed over N·V/warpN, and the backward's dZ chunks
over N·chunk. One ce_linear_fwd (bf16 h and W of layout vd, i64 labels, a
tenth ignored, reduction mean) and one ce_linear_grad (from the forward's
own lse, dloss = 1, dh bf16, dW f32) are planned by the cost model, written
as a bundle (--lmhead-write-bundle), and run through the runtime's C API
with LMHEAD_DEVICE=emulator and LMHEAD_EMULATOR_STATS=1; outputs start as
NaN. The reference is float64 numpy, in slices of tokens: logits rounded to
bf16 as the op defines them, dZ rounded to bf16 as the op keeps it. Prints
each result's relative Frobenius error (bound 1e-2) and the emulator's
figures for each launch (instructions, tensor-core MACs, seconds) and its
peak device memory.

A benchmark, not a test: it takes about an hour of one core at the default
size, and needs numpy (`pip install numpy`). Exit status 1 when a result is
wrong.
"""
import argparse
import ctypes
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from bundle_runtime import Runtime  # noqa: E402

IGNORE_INDEX = -100
TOLERANCE = 1e-2


def module(n, d, v):
    """One forward and one backward of the same shape."""
    h, w, y = f"tensor<{n}x{d}xbf16>", f"tensor<{v}x{d}xbf16>", f"tensor<{n}xi64>"
    lse, dw = f"tensor<{n}xf32>", f"tensor<{v}x{d}xf32>"
    return f"""
func.func @fwd(%h: {h}, %w: {w}, %y: {y}) -> (tensor<f32>, {lse}) {{
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean)
      : ({h}, {w}, {y}) -> (tensor<f32>, {lse})
  return %loss, %lse : tensor<f32>, {lse}
}}
func.func @grad(%h: {h}, %w: {w}, %y: {y}, %lse: {lse}, %g: tensor<f32>) -> ({h}, {dw}) {{
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean)
      : ({h}, {w}, {y}, {lse}, tensor<f32>) -> ({h}, {dw})
  return %dh, %dw : {h}, {dw}
}}
"""


def bf16_bits(x):
    """float32 array → bf16 bits (uint16), rounded to nearest even."""
    bits = np.ascontiguousarray(x, dtype=np.float32).view(np.uint32)
    rounding = ((bits >> 16) & 1) + 0x7FFF
    return ((bits + rounding) >> 16).astype(np.uint16)


def bf16_values(bits):
    """bf16 bits → float64."""
    return (bits.astype(np.uint32) << 16).view(np.float32).astype(np.float64)


def round_bf16(x):
    """float64 array rounded to bf16 (via f32, as the kernels round)."""
    return bf16_values(bf16_bits(x.astype(np.float32)))


class Device:
    """Device buffers from the runtime's mgpu* functions, filled from and
    read into numpy arrays."""

    def __init__(self, runtime):
        self.lib = runtime.lib
        lib = self.lib
        lib.mgpuStreamCreate.restype = ctypes.c_void_p
        lib.mgpuMemAlloc.restype = ctypes.c_void_p
        lib.mgpuMemAlloc.argtypes = [ctypes.c_uint64, ctypes.c_void_p,
                                     ctypes.c_bool]
        lib.mgpuMemcpy.argtypes = [ctypes.c_void_p, ctypes.c_void_p,
                                   ctypes.c_uint64, ctypes.c_void_p]
        lib.mgpuMemFree.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
        lib.mgpuStreamSynchronize.argtypes = [ctypes.c_void_p]
        lib.mgpuStreamDestroy.argtypes = [ctypes.c_void_p]
        self.stream = lib.mgpuStreamCreate()
        self.pointers = []

    def alloc(self, size):
        pointer = self.lib.mgpuMemAlloc(max(size, 1), self.stream, False)
        self.pointers.append(pointer)
        return pointer

    def upload(self, array):
        array = np.ascontiguousarray(array)
        pointer = self.alloc(array.nbytes)
        self.lib.mgpuMemcpy(pointer, array.ctypes.data, array.nbytes,
                            self.stream)
        return pointer

    def poisoned(self, dtype, count):
        """`count` NaNs of bf16 (uint16 bits) or f32."""
        nan = np.uint16(0x7FC0) if dtype == np.uint16 else np.float32("nan")
        return self.upload(np.full(count, nan, dtype=dtype))

    def download(self, pointer, dtype, count):
        array = np.empty(count, dtype=dtype)
        self.lib.mgpuMemcpy(array.ctypes.data, pointer, array.nbytes,
                            self.stream)
        self.lib.mgpuStreamSynchronize(self.stream)
        return array

    def release(self):
        for pointer in self.pointers:
            self.lib.mgpuMemFree(pointer, self.stream)
        self.lib.mgpuStreamDestroy(self.stream)


def reference(h, w, labels, slice_tokens=1024):
    """float64 loss, lse, dh and dW of the op's definition, in slices of
    tokens (never N×V at once)."""
    n, d = h.shape
    v = w.shape[0]
    valid = labels != IGNORE_INDEX
    count = int(valid.sum())
    lse = np.empty(n)
    target_sum = 0.0
    dh = np.empty((n, d))
    dw = np.zeros((v, d))
    for start in range(0, n, slice_tokens):
        stop = min(n, start + slice_tokens)
        z = round_bf16(h[start:stop] @ w.T)
        m = z.max(axis=1, keepdims=True)
        e = np.exp(z - m)
        s = e.sum(axis=1, keepdims=True)
        lse[start:stop] = (m + np.log(s))[:, 0]
        rows = np.nonzero(valid[start:stop])[0]
        target = z[rows, labels[start:stop][rows]]
        target_sum += float((lse[start:stop][rows] - target).sum())
        dz = e / s
        dz[rows, labels[start:stop][rows]] -= 1.0
        dz[~valid[start:stop]] = 0.0
        dz = round_bf16(dz / max(count, 1))
        dh[start:stop] = dz @ w
        dw += dz.T @ h[start:stop]
    loss = target_sum / count if count else 0.0
    return loss, lse, dh, dw


def relative_error(got, want):
    got = np.asarray(got, dtype=np.float64)
    if not np.all(np.isfinite(got)):
        return math.nan
    norm = np.linalg.norm(want)
    diff = np.linalg.norm(got - want)
    return diff / norm if norm else diff


def emulator_figures(stderr):
    """The launch lines and the peak device memory of LMHEAD_EMULATOR_STATS."""
    lines = [l for l in stderr.splitlines() if l.startswith("lmhead emulator:")]
    return lines


RUNNER = r"""
import ctypes, json, sys
import numpy as np
sys.path.insert(0, sys.argv[1])
from large_index import Device, run_ops
run_ops(sys.argv[2], sys.argv[3], sys.argv[4])
"""


def run_ops(runtime_path, bundle_dir, data_dir):
    """Runs in a child process (so that the emulator's exit line, the peak
    device memory, is printed): the forward, then the backward from its lse,
    on the inputs of data_dir; writes the results there."""
    runtime = Runtime(runtime_path)
    bundle = runtime.load(bundle_dir)
    manifest = json.load(open(os.path.join(bundle_dir, "manifest.json")))
    inputs = np.load(os.path.join(data_dir, "inputs.npz"))
    n, d = inputs["h"].shape
    v = inputs["w"].shape[0]
    device = Device(runtime)
    h = device.upload(inputs["h"])
    w = device.upload(inputs["w"])
    y = device.upload(inputs["labels"])
    ops = {manifest["ops"][k]["op"]: k for k in manifest["ops"]}

    def run(name, pointers):
        op = manifest["ops"][name]
        operands = [pointers.get(o, {"n": n, "d": d}.get(o, 0))
                    for o in op["operands"]]
        size = runtime.workspace_size(bundle, name, operands)
        workspace = op["workspace"]
        operands[op["operands"].index(workspace["operand"])] = \
            device.alloc(size)
        operands[op["operands"].index(workspace["bytes"])] = size
        start = time.time()
        runtime.run(bundle, name, operands, device.stream)
        device.lib.mgpuStreamSynchronize(device.stream)
        print(f"{name}: workspace {size} bytes, {time.time() - start:.0f} s",
              flush=True)

    loss = device.poisoned(np.float32, 1)
    lse = device.poisoned(np.float32, n)
    run(ops["ce_linear_fwd"], {"h": h, "w": w, "labels": y, "loss": loss,
                               "lse": lse})
    dloss = device.upload(np.ones(1, dtype=np.float32))
    dh = device.poisoned(np.uint16, n * d)
    dw = device.poisoned(np.float32, v * d)
    run(ops["ce_linear_grad"], {"h": h, "w": w, "labels": y, "lse": lse,
                                "dloss": dloss, "dh": dh, "dw": dw})
    np.savez(os.path.join(data_dir, "results.npz"),
             loss=device.download(loss, np.float32, 1),
             lse=device.download(lse, np.float32, n),
             dh=device.download(dh, np.uint16, n * d).reshape(n, d),
             dw=device.download(dw, np.float32, v * d).reshape(v, d))
    device.release()
    runtime.unload(bundle)


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--target", default="sm_80",
                        choices=["sm_80", "sm_90a"])
    parser.add_argument("--n", type=int, default=65536)
    parser.add_argument("--d", type=int, default=16)
    parser.add_argument("--v", type=int, default=32771)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    n, d, v = args.n, args.d, args.v
    opt = os.path.join(args.build, "bin", "lmhead-opt")
    runtime = os.path.join(args.build, "runtime", "liblmhead_runtime.so")
    print(f"N={n} D={d} V={v} {args.target}: N*V = {n * v:,} "
          f"({'past' if n * v >= 2 ** 31 else 'below'} 2^31 = {2 ** 31:,})",
          flush=True)

    with tempfile.TemporaryDirectory() as tmp:
        source = os.path.join(tmp, "ce.mlir")
        with open(source, "w") as f:
            f.write(module(n, d, v))
        plan = subprocess.run(
            [opt, source, f"--lmhead-plan=target={args.target} min-tokens=0",
             "--remarks-filter=lmhead-plan", "--remark-format=emitRemark",
             f"--lmhead-write-bundle=dir={tmp}/bundle", "-o", "/dev/null"],
            capture_output=True, text=True)
        if plan.returncode:
            sys.exit(f"lmhead-opt failed:\n{plan.stderr}")
        for remark in re.findall(r'Remark="([^"]*)"', plan.stderr):
            print(f"plan: {remark}")

        rng = np.random.default_rng(args.seed)
        # W scaled so that the logits have a standard deviation near 1.7.
        h = rng.standard_normal((n, d), dtype=np.float32)
        w = rng.standard_normal((v, d), dtype=np.float32) * (1.7 / math.sqrt(d))
        labels = rng.integers(0, v, n, dtype=np.int64)
        labels[rng.random(n) < 0.1] = IGNORE_INDEX
        h_bits, w_bits = bf16_bits(h), bf16_bits(w)
        np.savez(os.path.join(tmp, "inputs.npz"), h=h_bits, w=w_bits,
                 labels=labels)

        start = time.time()
        env = dict(os.environ, LMHEAD_DEVICE="emulator",
                   LMHEAD_EMULATOR_STATS="1")
        child = subprocess.run(
            [sys.executable, "-c", RUNNER, os.path.dirname(__file__), runtime,
             f"{tmp}/bundle", tmp], env=env, capture_output=True, text=True)
        print(child.stdout, end="")
        for line in emulator_figures(child.stderr):
            print(line)
        if child.returncode:
            sys.exit(f"the run failed:\n{child.stderr[-4000:]}")
        print(f"emulated in {time.time() - start:.0f} s", flush=True)

        got = np.load(os.path.join(tmp, "results.npz"))
        start = time.time()
        loss, lse, dh, dw = reference(bf16_values(h_bits),
                                      bf16_values(w_bits), labels)
        print(f"reference in {time.time() - start:.0f} s")
        errors = {
            "loss": relative_error(got["loss"], np.array([loss])),
            "lse": relative_error(got["lse"], lse),
            "dh": relative_error(bf16_values(got["dh"]), dh),
            "dw": relative_error(got["dw"], dw),
        }
        failed = False
        for name, error in errors.items():
            ok = error <= TOLERANCE
            failed |= not ok
            print(f"{name}: relative error {error:.3g} "
                  f"({'ok' if ok else 'WRONG'}, bound {TOLERANCE:g})")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
