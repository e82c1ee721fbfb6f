"""Runs one Triton program on lmhead's PTX emulator and prints its
relative error against PyTorch in float64:

    LMHEAD_DEVICE=emulator python _triton_on_emulator.py CASE TARGET

CASE is matmul-<bf16|f16>-<warps>w<stages>s, matmul-tma (sm_90a: A and B
through tensor descriptors), softmax, layer-norm or liger-cross-entropy
(Liger-Kernel's, from PyPI's liger-kernel);
TARGET is 80 or 90 (sm_80, sm_90a). Triton compiles the program here, with
no GPU; the runtime's mgpu* functions (the ones MLIR's host code calls)
load its PTX and launch it. A failure of the emulator ends the process
with the runtime's message, so test_emulator_triton.py runs each case in a
process of its own.
"""

import ctypes
import json
import os
import sys

import torch
import triton
from triton.backends.compiler import GPUTarget

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _triton_programs as programs  # noqa: E402
from lmhead.runtime import find_runtime_library  # noqa: E402


class Device:
    """Memory, modules and launches through the runtime's mgpu* ABI."""

    def __init__(self):
        lib = ctypes.CDLL(find_runtime_library())
        vp = ctypes.c_void_p
        lib.mgpuModuleLoad.restype = vp
        lib.mgpuModuleLoad.argtypes = [vp, ctypes.c_size_t]
        lib.mgpuModuleUnload.argtypes = [vp]
        lib.mgpuModuleGetFunction.restype = vp
        lib.mgpuModuleGetFunction.argtypes = [vp, ctypes.c_char_p]
        lib.mgpuMemAlloc.restype = vp
        lib.mgpuMemAlloc.argtypes = [ctypes.c_uint64, vp, ctypes.c_bool]
        lib.mgpuMemFree.argtypes = [vp, vp]
        lib.mgpuMemcpy.argtypes = [vp, vp, ctypes.c_size_t, vp]
        lib.mgpuStreamCreate.restype = vp
        lib.mgpuStreamSynchronize.argtypes = [vp]
        lib.mgpuStreamDestroy.argtypes = [vp]
        lib.mgpuTensorMapEncodeTiled.argtypes = (
            [vp, ctypes.c_int, ctypes.c_uint32] + [vp] * 5 +
            [ctypes.c_int] * 4)
        lib.mgpuLaunchKernel.argtypes = ([vp] + [ctypes.c_int64] * 6 +
                                         [ctypes.c_int32, vp, vp, vp,
                                          ctypes.c_size_t])
        lib.mgpuLaunchClusterKernel.argtypes = ([vp] + [ctypes.c_int64] * 9 +
                                                [ctypes.c_int32, vp, vp, vp])
        self.lib = lib
        self.stream = lib.mgpuStreamCreate()
        self.buffers = []

    def upload(self, tensor):
        """A device copy of `tensor` (contiguous): its address, as a
        pointer argument."""
        data = tensor.contiguous()
        pointer = self.lib.mgpuMemAlloc(max(data.nbytes, 16), None, False)
        # On the launches' stream: the default stream is not ordered with
        # it (a race the emulator's adversarial order reports).
        self.lib.mgpuMemcpy(pointer, data.data_ptr(), data.nbytes,
                            self.stream)
        self.buffers.append(pointer)
        return ctypes.c_void_p(pointer)

    def tensor_map(self, pointer, rows, cols, element_bytes, data_type,
                   box, swizzle):
        """The 128 bytes of the 2-D tiled tensor map of a row-major
        [rows, cols] matrix at `pointer`, encoded by the runtime as
        Triton's launcher does for a tensor descriptor: `box` [rows, cols],
        `swizzle` as CUtensorMapSwizzle, zeros outside the matrix."""
        encoded = (ctypes.c_ubyte * 128)()
        self.lib.mgpuTensorMapEncodeTiled(
            encoded, data_type, 2, pointer,
            (ctypes.c_uint64 * 2)(cols, rows),
            (ctypes.c_uint64 * 1)(cols * element_bytes),
            (ctypes.c_uint32 * 2)(box[1], box[0]),
            (ctypes.c_uint32 * 2)(1, 1), 0, swizzle, 0, 0)
        return encoded

    def download(self, pointer, like):
        out = torch.empty_like(like)
        self.lib.mgpuMemcpy(out.data_ptr(), pointer.value, out.nbytes,
                            self.stream)
        self.lib.mgpuStreamSynchronize(self.stream)
        return out

    def launch(self, kernel, grid, arguments):
        """Launches compiled `kernel` over `grid` with `arguments` (ctypes
        values, in the order of its parameters; Triton's two scratch
        pointers are added, null)."""
        ptx = kernel.asm["ptx"].encode() + b"\0"
        module = self.lib.mgpuModuleLoad(ptx, len(ptx))
        function = self.lib.mgpuModuleGetFunction(
            module, kernel.metadata.name.encode())
        arguments = list(arguments) + [ctypes.c_void_p(0)] * 2
        pointers = (ctypes.c_void_p * len(arguments))(
            *[ctypes.cast(ctypes.pointer(a), ctypes.c_void_p)
              for a in arguments])
        block = (32 * kernel.metadata.num_warps, 1, 1)
        ctas = kernel.metadata.num_ctas
        if ctas == 1:
            self.lib.mgpuLaunchKernel(function, *grid, *block,
                                      kernel.metadata.shared, self.stream,
                                      pointers, None, len(arguments))
        else:
            # As Triton's launcher does: clusters of num_ctas blocks along
            # x, each program a cluster.
            self.lib.mgpuLaunchClusterKernel(
                function, ctas, 1, 1, grid[0] * ctas, grid[1], grid[2],
                *block, kernel.metadata.shared, self.stream, pointers, None)
        self.lib.mgpuStreamSynchronize(self.stream)
        self.lib.mgpuModuleUnload(module)

    def close(self):
        for pointer in self.buffers:
            self.lib.mgpuMemFree(pointer, None)
        self.lib.mgpuStreamDestroy(self.stream)


def compile_program(function, signature, constants, target, **options):
    source = triton.compiler.ASTSource(fn=function, signature=signature,
                                       constexprs=constants)
    return triton.compile(source, target=GPUTarget("cuda", target, 32),
                          options=options)


def relative_error(got, want):
    return ((got.double() - want).norm() / want.norm()).item()


def i32(value):
    return ctypes.c_int32(value)


def run_matmul(device, target, dtype, warps, stages):
    torch_type = {"bf16": torch.bfloat16, "f16": torch.float16}[dtype]
    pointer = {"bf16": "*bf16", "f16": "*fp16"}[dtype]
    m, n, k = 100, 72, 80  # ragged: partial blocks in every dimension
    a = torch.randn(m, k).to(torch_type)
    b = torch.randn(k, n).to(torch_type)
    kernel = compile_program(
        programs.matmul,
        {"a_ptr": pointer, "b_ptr": pointer, "c_ptr": "*fp32",
         **{name: "i32" for name in ("M", "N", "K", "stride_am", "stride_ak",
                                     "stride_bk", "stride_bn", "stride_cm",
                                     "stride_cn")}},
        {"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 32}, target,
        num_warps=warps, num_stages=stages)
    poisoned = torch.full((m, n), float("nan"))
    c = device.upload(poisoned)
    device.launch(kernel, ((m + 63) // 64, (n + 63) // 64, 1),
                  [device.upload(a), device.upload(b), c, i32(m), i32(n),
                   i32(k), i32(k), i32(1), i32(n), i32(1), i32(n), i32(1)])
    return relative_error(device.download(c, poisoned),
                          a.double() @ b.double())


def run_matmul_tma(device, target, ctas=1):
    """The TMA matmul; with `ctas` 2, each program is a cluster of two
    blocks that split its tile (Triton's num_ctas)."""
    m, n, k = 100, 72, 80
    a = torch.randn(m, k).bfloat16()
    b = torch.randn(k, n).bfloat16()
    kernel = compile_program(
        programs.matmul_tma,
        {"a_desc": "tensordesc<bf16[64, 32]>",
         "b_desc": "tensordesc<bf16[32, 64]>", "c_ptr": "*fp32", "M": "i32",
         "N": "i32", "K": "i32"},
        {"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 32}, target, num_warps=4,
        num_stages=3, num_ctas=ctas)
    if ctas > 1:
        assert ".reqnctapercluster 2" in kernel.asm["ptx"]
        assert "barrier.cluster" in kernel.asm["ptx"]
    # Each descriptor is its map (by value), then its shape and strides;
    # Triton chose the swizzles (its metadata), the runtime encodes.
    maps = []
    for pointer, shape, meta in zip((device.upload(a), device.upload(b)),
                                    ((m, k), (k, n)),
                                    kernel.metadata.tensordesc_meta):
        assert meta["elem_type"] == 10  # bf16, CU_TENSOR_MAP_DATA_TYPE 9
        maps.append([device.tensor_map(pointer, *shape, 2, 9,
                                       meta["block_size"], meta["swizzle"]),
                     i32(shape[0]), i32(shape[1]), ctypes.c_int64(shape[1]),
                     ctypes.c_int64(1)])
    poisoned = torch.full((m, n), float("nan"))
    c = device.upload(poisoned)
    device.launch(kernel, ((m + 63) // 64, (n + 63) // 64, 1),
                  maps[0] + maps[1] + [c, i32(m), i32(n), i32(k)])
    return relative_error(device.download(c, poisoned),
                          a.double() @ b.double())


def run_softmax(device, target):
    rows, cols = 37, 781
    x = torch.randn(rows, cols) * 3
    kernel = compile_program(
        programs.softmax,
        {"out_ptr": "*fp32", "in_ptr": "*fp32", "in_stride": "i32",
         "out_stride": "i32", "n_cols": "i32"}, {"BLOCK": 1024}, target,
        num_warps=4)
    poisoned = torch.full((rows, cols), float("nan"))
    y = device.upload(poisoned)
    device.launch(kernel, (rows, 1, 1),
                  [y, device.upload(x), i32(cols), i32(cols), i32(cols)])
    return relative_error(device.download(y, poisoned),
                          torch.softmax(x.double(), 1))


def run_layer_norm(device, target):
    rows, cols = 37, 781
    x = torch.randn(rows, cols).half()
    w, b = torch.randn(cols).half(), torch.randn(cols).half()
    kernel = compile_program(
        programs.layer_norm,
        {"x_ptr": "*fp16", "y_ptr": "*fp16", "w_ptr": "*fp16",
         "b_ptr": "*fp16", "mean_ptr": "*fp32", "rstd_ptr": "*fp32",
         "stride": "i32", "N": "i32", "eps": "fp32"}, {"BLOCK": 1024},
        target, num_warps=8)
    poisoned = torch.full((rows, cols), float("nan")).half()
    y = device.upload(poisoned)
    device.launch(kernel, (rows, 1, 1),
                  [device.upload(x), y, device.upload(w), device.upload(b),
                   device.upload(torch.zeros(rows)),
                   device.upload(torch.zeros(rows)), i32(cols), i32(cols),
                   ctypes.c_float(1e-5)])
    want = torch.nn.functional.layer_norm(x.double(), (cols,), w.double(),
                                          b.double(), 1e-5)
    return relative_error(device.download(y, poisoned), want)


def run_liger_cross_entropy(device, target):
    """Liger-Kernel's cross-entropy kernel (32 warps, one row a block):
    each row's loss of a mean with label smoothing and ignored labels, and
    the gradient it writes over the logits."""
    from liger_kernel.ops.cross_entropy import liger_cross_entropy_kernel
    rows, vocab = 37, 1000
    logits = torch.randn(rows, vocab) * 2
    labels = torch.randint(0, vocab, (rows,))
    labels[[3, 10]] = -100
    counted = int((labels != -100).sum())
    kernel = compile_program(
        liger_cross_entropy_kernel,
        {"X_ptr": "*fp32", "X_stride": "i32", "Y_ptr": "*i64",
         "Y_stride": "i32", "weight_ptr": "*fp32", "loss_ptr": "*fp32",
         "z_loss_ptr": "*fp32", "loss_stride": "i32",
         "token_accuracy_ptr": "*fp32", "token_accuracy_stride": "i32",
         "predicted_tokens_ptr": "*i64", "predicted_tokens_stride": "i32",
         "n_cols": "i32", "n_non_ignore": "i32",
         "sum_non_ignore_weight": "fp32", "weight_sum": "fp32",
         "ignore_index": "i32", "softcap": "fp32"},
        {"lse_square_scale": 0.0, "label_smoothing": 0.1,
         "reduction": "mean", "RETURN_Z_LOSS": False,
         "RETURN_TOKEN_ACCURACY": False, "RETURN_PREDICTED_TOKENS": False,
         "BLOCK_SIZE": 1024, "HAS_WEIGHT": False, "HAS_SOFTCAPPING": False,
         "HAS_GRADIENTS": True},
        target, num_warps=32)
    x = device.upload(logits)
    # Liger's caller zeroes the losses: an ignored row writes none.
    losses = torch.zeros(rows)
    loss = device.upload(losses)
    unused = device.upload(torch.zeros(rows))
    device.launch(kernel, (rows, 1, 1),
                  [x, i32(vocab), device.upload(labels), i32(1), unused,
                   loss, unused, i32(1), unused, i32(0),
                   device.upload(torch.zeros(rows, dtype=torch.int64)),
                   i32(0), i32(vocab), i32(counted),
                   ctypes.c_float(counted), ctypes.c_float(0.0), i32(-100),
                   ctypes.c_float(0.0)])
    reference = logits.double().requires_grad_()
    want = torch.nn.functional.cross_entropy(reference, labels,
                                             ignore_index=-100,
                                             label_smoothing=0.1)
    want.backward()
    got = device.download(loss, losses).sum()
    return max(relative_error(got.reshape(1), want.detach().reshape(1)),
               relative_error(device.download(x, logits), reference.grad))


def main(case, target):
    torch.manual_seed(0)
    device = Device()
    if case == "matmul-tma":
        error = run_matmul_tma(device, target)
    elif case == "matmul-tma-2ctas":
        error = run_matmul_tma(device, target, ctas=2)
    elif case.startswith("matmul-"):
        _, dtype, shape = case.split("-")
        warps, stages = (int(part) for part in shape[:-1].split("w"))
        error = run_matmul(device, target, dtype, warps, stages)
    elif case == "softmax":
        error = run_softmax(device, target)
    elif case == "layer-norm":
        error = run_layer_norm(device, target)
    elif case == "liger-cross-entropy":
        error = run_liger_cross_entropy(device, target)
    else:
        raise SystemExit(f"unknown case {case!r}")
    device.close()
    print(json.dumps({"case": case, "target": target, "error": error}))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
