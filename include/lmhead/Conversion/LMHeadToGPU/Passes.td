//===- Passes.td - lowering lmhead ops to GPU kernels ------*- tablegen -*-===//
//
// The pass that turns planned lmhead ops into GPU kernels and the host code
// that launches them.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_CONVERSION_LMHEADTOGPU_PASSES_TD
#define LMHEAD_CONVERSION_LMHEADTOGPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def LMHeadLowerToGPU : Pass<"lmhead-lower-to-gpu", "::mlir::ModuleOp"> {
  let summary = "Rewrite each planned lmhead op into tensor-core GEMM kernels "
                "and the host code that launches them on streams, on host or "
                "device buffers";
  let description = [{
    For each `lmhead.linear_grad` that `--lmhead-plan` gave a
    `#lmhead.plan`, writes a dh kernel (`dh = dZ·W`) and a dW kernel
    (`dW = dZᵀ·h`, or `dWᵀ = hᵀ·dZ` for `layout(dv)`) into a `gpu.module`,
    as the plan's configurations say, with f32 accumulators in registers for
    the whole K loop and a predicated epilogue (scale, accumulate-into, the
    cast to the result type):

    - sm_80: cp.async multistage copies into swizzled shared memory,
      ldmatrix, mma.sync.m16n8k16;
    - sm_90a: warp-specialised; a producer warpgroup issues TMA loads into
      128-byte-swizzled stages guarded by full/empty mbarriers, consumer
      warpgroups run wgmma.mma_async from shared-memory descriptors. The
      launch functions encode the operands' tensor maps.

    `ce_linear_fwd` and `ce_linear_grad` planned with a `#lmhead.ce_plan`
    get the logits GEMM with a row-statistics or dZ epilogue, their row
    kernels and, for the backward, the dh and dW GEMMs over vocabulary
    chunks.

    The op itself becomes host code: its tensors are read as buffers, and
    the two kernels are launched as two independent chains of async GPU ops
    (`gpu.wait async` starts each, so each gets its own stream); a
    `gpu.wait` joins both before the results are used. Results nobody uses
    get no kernel.

    Ops this pass cannot lower yet are decomposed into their definition (as
    `--lmhead-decompose` does) with a remark saying why: a linear_grad bias
    gradient, an accumulator type other than f32, ce operands other than
    f16 and bf16 or a dynamic vocabulary, a target other than sm_80 and
    sm_90a. An op without a plan, or with a plan the kernel writer cannot
    follow (uneven copies, shared memory above the target's per-block
    limit), is an error.

    The host code goes into a private launch function marked
    `lmhead.gpu_host`, called in place of the op with the operands' buffers
    (`bufferization.to_buffer`) and freshly allocated result buffers, which
    the op's results are read back from (`bufferization.to_tensor`). Run
    `--lmhead-host-buffer-deallocation` after bufferization so that
    upstream's buffer deallocation, which rejects GPU host ops, skips it.
    The launch function ends with a host `gpu.wait`, so its results are
    ready when it returns; a launch that returns without waiting, so that a
    caller can capture it in a CUDA graph, is the job of the runtime bundle
    API (`--lmhead-write-bundle`, `lmheadBundleRun`), not of this host code.

    `operands` says where those buffers live:

    - `host` (the default): host memory. The launch function allocates
      device buffers, copies the operands in (an accumulated gradient into
      the result's device buffer), runs the kernels and copies each result
      back into the `memref.alloc` of the call site.
    - `device`: device memory, as in an ML compiler whose tensors already
      live on the GPU. The operands' buffers go to the kernels as they are;
      the results are `gpu.alloc`ed at the call site (synchronous, marked
      `bufferization.manual_deallocation`: the caller frees them with
      `gpu.dealloc`) and returned as tensors of those device buffers. An
      accumulated gradient is copied device to device into the result
      buffer before the kernels add to it, scratch buffers (row partials,
      the dZ chunks, an f32 dh) are allocated and freed inside as with
      `host`, and no byte moves between host and device. The operand
      buffers must hold their values when the call starts (the launch's
      streams do not wait for the caller's). The device results stay in
      the function that holds the op (used, copied or freed there):
      `--lmhead-host-buffer-deallocation` refuses a function that returns
      one, which upstream's deallocation would clone into host memory. Run
      `gpu-async-region` on the host functions other than the launch
      functions (as `--lmhead-pipeline` does) so that `gpu-to-llvm` can
      lower the call site's synchronous `gpu.alloc`.

    Before:

    ```mlir
    %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
        {lmhead.plan = #lmhead.plan<target = "sm_80", dh = #lmhead.gemm<...>, ...>}
        : (tensor<?x1024xbf16>, tensor<?x64xbf16>, tensor<1024x64xbf16>)
        -> (tensor<?x64xbf16>, tensor<1024x64xf32>)
    ```

    After (abridged):

    ```mlir
    %t0 = gpu.wait async
    %dz_d, %t1 = gpu.alloc async [%t0] (%n) : memref<?x1024xbf16>
    %t2 = gpu.memcpy async [%t1] %dz_d, %dz_host : ...
    ...
    %a0 = gpu.wait async [%copied]
    %a1 = gpu.launch_func async [%a0] @lmhead_kernels_0::@linear_grad_0_dh ...
    %b0 = gpu.wait async [%copied]
    %b1 = gpu.launch_func async [%b0] @lmhead_kernels_0::@linear_grad_0_dw ...
    ...
    gpu.wait [%a2, %b2]
    ```

    With `operands=device` (abridged), nothing is copied:

    ```mlir
    %dh_d = gpu.alloc (%n, %c64) {bufferization.manual_deallocation}
        : memref<?x?xbf16>
    ...
    call @linear_grad_0_launch(%dz_d, %h_d, %w_d, %dh_d, %dw_d)
    ...
    // in @linear_grad_0_launch:
    %a0 = gpu.wait async
    %a1 = gpu.launch_func async [%a0] @lmhead_kernels_0::@linear_grad_0_dh
        args(%dz_d ..., %w_d ..., %dh_d ...)
    %b0 = gpu.wait async
    %b1 = gpu.launch_func async [%b0] @lmhead_kernels_0::@linear_grad_0_dw ...
    %done = gpu.wait async [%a1, %b1]
    gpu.wait [%done]
    ```
  }];
  let options = [
    Option<"operands", "operands", "::mlir::lmhead::OperandMemory",
           /*default=*/"::mlir::lmhead::OperandMemory::Host",
           "where the buffers of the ops' tensors live: host (copied to and "
           "from the device by each launch) or device (passed to the "
           "kernels as they are; results allocated on the device)",
           "::mlir::lmhead::operandMemoryValues()">
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::func::FuncDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::NVVM::NVVMDialect",
    "::mlir::nvgpu::NVGPUDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::vector::VectorDialect"
  ];
}

def LMHeadHostBufferDeallocation
    : Pass<"lmhead-host-buffer-deallocation", "::mlir::ModuleOp"> {
  let summary = "Run upstream's buffer deallocation on the host functions, "
                "skipping the launch functions of --lmhead-lower-to-gpu";
  let description = [{
    Upstream's ownership-based buffer deallocation rejects any function that
    contains GPU host ops (`gpu.wait` has no memory effects, `gpu.dealloc`
    frees a memref itself). The launch functions that
    `--lmhead-lower-to-gpu` writes (marked `lmhead.gpu_host`) allocate and
    free their device buffers themselves and only read and write the
    buffers they are given, so this pass runs the deallocation on every
    other function and leaves them alone. Run it after One-Shot Bufferize,
    where `--buffer-deallocation-pipeline` would otherwise go.

    Those other functions may hold synchronous `gpu.alloc`, `gpu.memcpy`
    and `gpu.dealloc` (the call sites of `operands=device`, a program that
    manages its device buffers), allocations and deallocations marked
    `bufferization.manual_deallocation`, which the deallocation leaves to
    them. A function that returns a `gpu.alloc` buffer (or a view of one)
    is an error: the function boundary gives the caller buffers it owns and
    frees with `memref.dealloc`, so the deallocation would clone the device
    buffer into host memory.

    ```mlir
    func.func private @linear_grad_0_launch(...) attributes {lmhead.gpu_host}
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect"
  ];
}

def LMHeadWriteBundle : Pass<"lmhead-write-bundle", "::mlir::ModuleOp"> {
  let summary = "Write the kernels of each planned lmhead op as a runtime "
                "bundle (PTX files and manifest.json) for lmheadBundleRun";
  let description = [{
    For each `lmhead.linear_grad`, `lmhead.ce_linear_fwd` and
    `lmhead.ce_linear_grad` with a plan in `lmhead.plan` (a `#lmhead.plan`
    from `--lmhead-plan` for linear_grad, a `#lmhead.ce_plan` for the
    cross-entropy ops; sm_80 or sm_90a), builds its kernels (the same as
    `--lmhead-lower-to-gpu`: linear_grad's dh and dW GEMMs; the ce ops'
    logits GEMM with its row-statistics or dZ epilogue, their dh and dW
    GEMMs and row kernels) into a module of their own, lowers that with
    upstream's `gpu-lower-to-nvvm-pipeline` (the plan's target as
    cubin-chip, `+ptx80`, format `isa`, opt-level 3) and writes, into the
    folder `dir`:

    - `<op>_<i>.ptx` (`linear_grad_0.ptx`, `ce_linear_grad_1.ptx`, ...), the
      PTX of the i-th such op's kernels;
    - `manifest.json`, which describes every op for the runtime's
      `lmheadBundleLoad`/`lmheadBundleRun` (docs/Runtime.md): its operands
      in the order `lmheadBundleRun` takes them (device pointers, then an
      integer `n` or `d` for each size the op's types leave dynamic, then,
      for the ce ops, the `workspace` and its size `workspace_bytes`), the
      shape and element type of each tensor, the workspace's buffers (the
      forward's row statistics, the backward's two dZ chunks, an f32 dh,
      the mean's scale), and its kernel launches in order: name, stream
      role (`main`, `dh`, `dw`, `db`), the earlier launches on other
      streams each waits for (`"after"`: a chunk's products wait for its
      logits, the chunk after next's logits for those products), grid
      (integers, or expressions such as `{"ceil_div": ["n", blockM]}` where
      it follows the tokens), block, dynamic shared memory and the 64-bit
      launch parameters. Each `memref` kernel argument is expanded to the
      fields of its descriptor (allocated and aligned pointer, offset,
      sizes, strides: a chunk of W or dW is a view with an offset and W's
      row stride), each `index` to one. The A and B arguments of sm_90a
      GEMMs are pointers to TMA tensor maps, written as
      `{"tensormap": "dz", "shape": ["n", 1000], "box": [128, 64],
      "swizzle": 128, "element": "bf16"}` (with `"offset"` and
      `"row_stride"` for a view): the runtime encodes the map with that box
      and passes its device address.

    With `accumulate_dh`/`accumulate_dw`, the kernels add to what the
    `dh`/`dw` buffer holds, so the caller passes the gradient to add to in
    that buffer. The module is not changed. Ops without a plan, with a plan
    of the wrong kind, or that the kernels cannot compute (a linear_grad
    bias gradient, an accumulator other than f32, ce ops of f32 operands or
    a dynamic vocabulary) are skipped with a warning. The folder is created
    if it does not exist; one holding anything but a previous bundle
    (`manifest.json` and `.ptx` files) is refused.

    ```
    lmhead-opt graph.mlir --lmhead-recognize --lmhead-plan=min-tokens=0 \
        --lmhead-write-bundle=dir=out -o /dev/null
    ```

    ```json
    "linear_grad_0": {
      "ptx": "linear_grad_0.ptx",
      "op": "linear_grad",
      "target": "sm_80",
      "operands": ["dz", "h", "w", "dh", "dw", "n"],
      "kernels": [
        {"name": "linear_grad_0_dh", "stream": "dh",
         "grid": [1, {"ceil_div": ["n", 64]}, 1], "block": [128, 1, 1],
         "shared_bytes": 24576,
         "params": ["dz", "dz", {"const": 0}, "n", {"const": 1000}, ...]},
        ...
    ```
  }];
  let options = [
    Option<"dir", "dir", "std::string", /*default=*/"\"\"",
           "The folder to write the bundle into (required)">
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::NVVM::NVVMDialect",
    "::mlir::nvgpu::NVGPUDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect"
  ];
}

#endif // LMHEAD_CONVERSION_LMHEADTOGPU_PASSES_TD
