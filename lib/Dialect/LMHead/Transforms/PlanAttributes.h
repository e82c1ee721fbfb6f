//===- PlanAttributes.h - the lmhead.plan attribute's policy ----*- C++ -*-===//
//
// Part of lmhead. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// How --lmhead-plan writes a choice into an op's `lmhead.plan` attribute,
// and which plan an op already carries it keeps: one of the kind the op
// takes, for the target planned for (written by hand or by a tool); any
// other is replaced, and a remark says so.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_DIALECT_LMHEAD_TRANSFORMS_PLANATTRIBUTES_H
#define LMHEAD_DIALECT_LMHEAD_TRANSFORMS_PLANATTRIBUTES_H

#include "lmhead/Dialect/LMHead/IR/LMHeadOps.h"
#include "lmhead/Planning/CostModel.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"

#include <optional>
#include <string>

namespace mlir {
namespace lmhead {

/// The `#lmhead.gemm` of a chosen configuration: its tiles, and its kernel
/// family when it is not the chip's own.
GemmConfigAttr configAttr(MLIRContext *context, const GemmPrediction &p,
                          const GpuChip &chip);
/// Microseconds to a quarter, a binary fraction, so that plans print
/// exactly and compare stably.
FloatAttr microsAttr(MLIRContext *context, double micros);

/// Why `given`, the plan `op` carries, is not one of the kind `op` takes
/// for `target` ("replaces its sm_80 plan", ...), or nothing when it is.
std::optional<std::string> givenPlanMismatch(Operation *op, Attribute given,
                                             GpuTarget target);
/// Whether `op` keeps the plan it carries for `chip`; any other is removed,
/// with a remark saying what replaces it.
bool keepsGivenPlan(Operation *op, const GpuChip &chip);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_DIALECT_LMHEAD_TRANSFORMS_PLANATTRIBUTES_H
