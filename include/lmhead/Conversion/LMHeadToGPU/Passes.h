//===- Passes.h - lowering lmhead ops to GPU kernels ------------*- C++ -*-===//
//
// Declares --lmhead-lower-to-gpu, generated from Passes.td, and its
// registration.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_CONVERSION_LMHEADTOGPU_PASSES_H
#define LMHEAD_CONVERSION_LMHEADTOGPU_PASSES_H

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

#define GEN_PASS_DECL
#include "lmhead/Conversion/LMHeadToGPU/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "lmhead/Conversion/LMHeadToGPU/Passes.h.inc"

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_CONVERSION_LMHEADTOGPU_PASSES_H
