//===- CrossEntropyLowering.h - ce ops to kernels and launches --*- C++ -*-===//

#ifndef LMHEAD_CONVERSION_LMHEADTOGPU_CROSSENTROPYLOWERING_H
#define LMHEAD_CONVERSION_LMHEADTOGPU_CROSSENTROPYLOWERING_H

#include "lmhead/Conversion/LMHeadToGPU/OperandMemory.h"
#include "lmhead/Dialect/LMHead/IR/LMHeadOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir {
namespace lmhead {

/// Replaces `op` (a ce_linear_fwd, ce_linear_grad or ce_linear_step planned
/// as `plan`) by a call of a launch function `<prefix>_launch` written
/// beside its function that runs its schedule, with its kernels
/// `<prefix>_<role>` in `kernels` (CrossEntropySchedule.h); `memory` says
/// where the operands' and
/// results' buffers live. Fails with an error on the op when a kernel of
/// the plan cannot be built.
LogicalResult lowerCrossEntropyOp(Operation *op, CrossEntropyPlanAttr plan,
                                  gpu::GPUModuleOp kernels, StringRef prefix,
                                  OperandMemory memory);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_CONVERSION_LMHEADTOGPU_CROSSENTROPYLOWERING_H
