//===- KernelsToPtx.h - a module of kernels compiled to PTX -----*- C++ -*-===//
//
// Upstream's NVVM pipeline with the options lmhead's kernels need, and the
// PTX taken out of the gpu.binary it leaves, for the passes and tests that
// compile a module of kernels on their own (--lmhead-write-bundle, tests)
// and for --lmhead-pipeline, which compiles the kernels of a whole program.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_CONVERSION_LMHEADTOGPU_KERNELSTOPTX_H
#define LMHEAD_CONVERSION_LMHEADTOGPU_KERNELSTOPTX_H

#include "lmhead/Planning/GpuTarget.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"

#include <string>

namespace mlir {
namespace lmhead {

/// Adds upstream's NVVM lowering for `target` to `pm` (on a builtin.module
/// holding gpu.modules) with the options --lmhead-pipeline uses: PTX ISA
/// 8.0, -O3, the PTX kept as text (format=isa) in a gpu.binary.
void buildKernelLowering(OpPassManager &pm, GpuTarget target);

/// The PTX of the first object of the first gpu.binary in `module`, or
/// failure when there is none.
FailureOr<std::string> takePtx(ModuleOp module);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_CONVERSION_LMHEADTOGPU_KERNELSTOPTX_H
