//===- PlanAttributes.cpp - the lmhead.plan attribute's policy ------------===//
//
// Part of lmhead. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "PlanAttributes.h"
#include "PlanRemarks.h"
#include "lmhead/Dialect/LMHead/IR/LMHeadOps.h"

#include <cmath>

using namespace mlir;
using namespace mlir::lmhead;

GemmConfigAttr mlir::lmhead::configAttr(MLIRContext *context,
                                        const GemmPrediction &p,
                                        const GpuChip &chip) {
  std::optional<GpuTarget> kernel;
  if (p.kernel != chip.target)
    kernel = p.kernel;
  return GemmConfigAttr::get(context, p.tiles, kernel);
}

FloatAttr mlir::lmhead::microsAttr(MLIRContext *context, double micros) {
  return FloatAttr::get(Float64Type::get(context), std::round(micros * 4) / 4);
}

std::optional<std::string> mlir::lmhead::givenPlanMismatch(Operation *op,
                                                           Attribute given,
                                                           GpuTarget target) {
  std::optional<GpuTarget> planTarget;
  if (isa<LinearGradOp>(op)) {
    auto plan = dyn_cast<KernelPlanAttr>(given);
    if (!plan)
      return "replaces its lmhead.plan, which is not a #lmhead.plan,";
    planTarget = plan.getTarget();
  } else {
    bool backward = !isa<CELinearFwdOp>(op);
    auto plan = dyn_cast<CrossEntropyPlanAttr>(given);
    if (!plan)
      return "replaces its lmhead.plan, which is not a #lmhead.ce_plan,";
    if (static_cast<bool>(plan.getDh()) != backward)
      return backward ? "replaces its forward plan"
                      : "replaces its backward plan";
    planTarget = plan.getTarget();
  }
  if (*planTarget != target)
    return ("replaces its " + stringifyGpuTarget(*planTarget) + " plan").str();
  return std::nullopt;
}

bool mlir::lmhead::keepsGivenPlan(Operation *op, const GpuChip &chip) {
  Attribute given = op->getAttr(LMHeadDialect::getPlanAttrName());
  if (!given)
    return false;
  std::optional<std::string> mismatch =
      givenPlanMismatch(op, given, chip.target);
  if (!mismatch) {
    remarkPassed(op, "keeps the plan it carries");
    return true;
  }
  remarkKept(op, *mismatch + " with one for " + chip.targetName());
  op->removeAttr(LMHeadDialect::getPlanAttrName());
  return false;
}
