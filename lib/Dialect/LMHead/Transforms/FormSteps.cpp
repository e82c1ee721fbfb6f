//===- FormSteps.cpp - one-pass steps of the ce ops (--lmhead-form-steps) -===//
//
// Part of lmhead. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Each ce_linear_grad whose lse a ce_linear_fwd computes, with the same
// operands and options (formOneStep says which), becomes one
// ce_linear_step with its forward, marked as formed; every backward left as
// it is records why, for --lmhead-plan's remark. Planning decides later
// whether a formed step runs in one pass or is split back.
//
//===----------------------------------------------------------------------===//

#include "lmhead/Dialect/LMHead/IR/LMHeadOps.h"
#include "lmhead/Dialect/LMHead/Transforms/Passes.h"

#include "mlir/IR/Dominance.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir {
namespace lmhead {
#define GEN_PASS_DEF_LMHEADFORMSTEPS
#include "lmhead/Dialect/LMHead/Transforms/Passes.h.inc"
} // namespace lmhead
} // namespace mlir

using namespace mlir;
using namespace mlir::lmhead;

namespace {

/// Why `grad` cannot become a step with the forward of its lse, or nothing
/// when it can; a value it adds that is computed after the forward is moved
/// above it (which is why this takes a rewriter).
std::optional<std::string> whyNoStep(CELinearGradOp grad, CESchedule schedule,
                                     DominanceInfo &dominance,
                                     RewriterBase &rewriter) {
  auto fwd = grad.getLse().getDefiningOp<CELinearFwdOp>();
  if (!fwd)
    return "a backward alone (its lse is not computed by a ce_linear_fwd "
           "here)";
  if (schedule == CESchedule::TwoPass)
    return "ce-schedule=two-pass";
  if (fwd->hasAttr(LMHeadDialect::getPlanAttrName()) ||
      grad->hasAttr(LMHeadDialect::getPlanAttrName()))
    return "the forward or the backward carries a plan of its own";
  std::string why;
  if (!formOneStep(fwd, grad, &why))
    return why;
  // The step runs where the forward was, so whatever the backward adds must
  // be known there. What is computed after the forward without reading its
  // results or having side effects (the loss gradient of a mean divided by
  // the valid count, say) moves above it; a loss gradient computed from the
  // loss cannot.
  SmallVector<Value> late;
  for (Value value :
       {grad.getDloss(), grad.getDhAcc(), grad.getDwAcc(), grad.getDwScale()})
    if (value && !dominance.properlyDominates(value, fwd))
      late.push_back(value);
  if (!late.empty() &&
      failed(moveValueDefinitions(rewriter, late, fwd, dominance)))
    return (Twine(late.front() == grad.getDloss()
                      ? "the loss gradient"
                      : "a gradient the backward adds to, or its dw_scale,") +
            " is computed from the forward's results, or by operations with "
            "side effects after it: it is not known before the forward")
        .str();
  return std::nullopt;
}

struct FormStepsPass : mlir::lmhead::impl::LMHeadFormStepsBase<FormStepsPass> {
  FormStepsPass() { nameOptions(); }
  FormStepsPass(const LMHeadFormStepsOptions &options) : Base(options) {
    nameOptions();
  }
  // A clone's options are default-constructed here and then copied by the
  // pass manager.
  FormStepsPass(const FormStepsPass &other) : Base(other) { nameOptions(); }

  void nameOptions() { setOptionPassName(getArgument(), ceSchedule); }

  void runOnOperation() override {
    SmallVector<CELinearGradOp> grads;
    getOperation()->walk([&](CELinearGradOp grad) { grads.push_back(grad); });
    if (grads.empty())
      return;
    DominanceInfo dominance(getOperation());
    IRRewriter rewriter(&getContext());
    for (CELinearGradOp grad : grads) {
      if (std::optional<std::string> why =
              whyNoStep(grad, ceSchedule, dominance, rewriter)) {
        grad->setAttr(LMHeadDialect::getTwoPassReasonAttrName(),
                      rewriter.getStringAttr(*why));
        continue;
      }
      auto fwd = grad.getLse().getDefiningOp<CELinearFwdOp>();
      CELinearStepOp step = fuseIntoStep(rewriter, fwd, grad);
      step->setAttr(LMHeadDialect::getFormedStepAttrName(),
                    rewriter.getUnitAttr());
    }
  }
};

} // namespace
