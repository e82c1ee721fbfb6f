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
                "and the host code that launches them on two streams";
  let description = [{
    For each `lmhead.linear_grad` that `--lmhead-plan` gave a
    `#lmhead.plan`, writes a dh kernel (`dh = dZ·W`) and a dW kernel
    (`dW = dZᵀ·h`, or `dWᵀ = hᵀ·dZ` for `layout(dv)`) into a `gpu.module`,
    as the plan's configurations say (sm_80: cp.async multistage copies into
    swizzled shared memory, ldmatrix, mma.sync.m16n8k16 with f32
    accumulators in registers for the whole K loop, a predicated epilogue
    with scale, accumulate-into and the cast to the result type).

    The op itself becomes host code: its tensors are read as buffers,
    copied to the device, and the two kernels are launched as two
    independent chains of async GPU ops (`gpu.wait async` forks each from the
    copies, so each gets its own stream); each chain copies its result back,
    and a `gpu.wait` joins both before the results are used. Results nobody
    uses get no kernel.

    Ops this pass cannot lower yet are decomposed into their definition (as
    `--lmhead-decompose` does) with a remark saying why: the cross-entropy
    ops (no kernels yet), a bias gradient, an accumulator type other than
    f32, a target without a kernel writer. An op without a plan is an error.

    The host code goes into a private launch function marked
    `lmhead.gpu_host`, called in place of the op with the operands' buffers
    and freshly allocated result buffers; run
    `--lmhead-host-buffer-deallocation` after bufferization so that
    upstream's buffer deallocation, which rejects GPU host ops, skips it.

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
  }];
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
    free their device buffers themselves and only read and write the host
    buffers they are given, so this pass runs the deallocation on every
    other function and leaves them alone. Run it after One-Shot Bufferize,
    where `--buffer-deallocation-pipeline` would otherwise go.

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

#endif // LMHEAD_CONVERSION_LMHEADTOGPU_PASSES_TD
