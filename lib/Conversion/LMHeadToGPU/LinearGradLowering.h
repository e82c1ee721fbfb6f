//===- LinearGradLowering.h - linear_grad to kernels and launch -*- C++ -*-===//

#ifndef LMHEAD_CONVERSION_LMHEADTOGPU_LINEARGRADLOWERING_H
#define LMHEAD_CONVERSION_LMHEADTOGPU_LINEARGRADLOWERING_H

#include "lmhead/Conversion/LMHeadToGPU/OperandMemory.h"
#include "lmhead/Dialect/LMHead/IR/LMHeadOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir {
namespace lmhead {

/// Replaces `op`, planned as `plan`, by a call of a launch function
/// `<prefix>_launch` written beside its function that runs its schedule,
/// with its kernels `<prefix>_dh` and `<prefix>_dw` in `kernels`
/// (LinearGradSchedule.h); `memory` says where the operands' and results'
/// buffers live. Fails with an error on the op when a kernel of the plan
/// cannot be built.
LogicalResult lowerLinearGradOp(LinearGradOp op, KernelPlanAttr plan,
                                gpu::GPUModuleOp kernels, StringRef prefix,
                                OperandMemory memory);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_CONVERSION_LMHEADTOGPU_LINEARGRADLOWERING_H
