//===- Passes.h - lowering lmhead ops to GPU kernels ------------*- C++ -*-===//
//
// Declares --lmhead-lower-to-gpu, generated from Passes.td, and its
// registration; the type of its `operands` option is in OperandMemory.h.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_CONVERSION_LMHEADTOGPU_PASSES_H
#define LMHEAD_CONVERSION_LMHEADTOGPU_PASSES_H

#include "lmhead/Conversion/LMHeadToGPU/OperandMemory.h"

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace arith {
class ArithDialect;
} // namespace arith
namespace bufferization {
class BufferizationDialect;
} // namespace bufferization
namespace func {
class FuncDialect;
} // namespace func
namespace gpu {
class GPUDialect;
} // namespace gpu
namespace LLVM {
class LLVMDialect;
} // namespace LLVM
namespace NVVM {
class NVVMDialect;
} // namespace NVVM
namespace memref {
class MemRefDialect;
} // namespace memref
namespace nvgpu {
class NVGPUDialect;
} // namespace nvgpu
namespace scf {
class SCFDialect;
} // namespace scf
namespace tensor {
class TensorDialect;
} // namespace tensor
namespace vector {
class VectorDialect;
} // namespace vector
namespace lmhead {

/// The unit attribute that marks the launch functions --lmhead-lower-to-gpu
/// writes: they manage their device memory and streams themselves, so host
/// passes that would rewrite them (buffer deallocation, gpu-async-region)
/// skip them.
constexpr llvm::StringLiteral kGPUHostAttrName = "lmhead.gpu_host";

#define GEN_PASS_DECL
#include "lmhead/Conversion/LMHeadToGPU/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "lmhead/Conversion/LMHeadToGPU/Passes.h.inc"

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_CONVERSION_LMHEADTOGPU_PASSES_H
