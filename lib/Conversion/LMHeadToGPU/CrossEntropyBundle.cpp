//===- CrossEntropyBundle.cpp - a ce op's kernels in a bundle -------------===//
//
// A planned ce_linear_fwd, ce_linear_grad or ce_linear_step in the bundle:
// its schedule (CrossEntropySchedule.h) on the caller's pointers and
// stream, with the temporary buffers in a workspace the caller passes, and
// the op's loss options for frameworks. Views (a chunk of W, of dW, of a
// dZ buffer) are descriptors with an offset and a row stride on sm_80, and
// tensor maps with "offset" and "row_stride" on sm_90a.
//
//===----------------------------------------------------------------------===//

#include "BundleWriter.h"
#include "CrossEntropyKernels.h"
#include "CrossEntropySchedule.h"
#include "ScheduleLaunches.h"

using namespace mlir;
using namespace mlir::lmhead;

namespace {

class CrossEntropyBundle : public OpBundle {
public:
  CrossEntropyBundle(Operation *op, CrossEntropyPlanAttr plan, std::string name)
      : OpBundle(std::move(name), op->getName().stripDialect().str(),
                 plan.getTarget()),
        op(op), plan(plan) {}

  LogicalResult buildKernels(gpu::GPUModuleOp module) override {
    FailureOr<Schedule> built =
        buildCrossEntropySchedule(op, plan, module, getName(), &gemms);
    if (failed(built) || failed(checkLaunches(*built, module, op->getLoc())))
      return failure();
    schedule = std::move(*built);
    return success();
  }

protected:
  /// What frameworks and tests need to know of the op; the runtime reads
  /// only operands, workspace and kernels.
  void addOptions(ManifestJson &entry) const override;

private:
  Operation *op;
  CrossEntropyPlanAttr plan;
  CrossEntropyGemms gemms;
};

void CrossEntropyBundle::addOptions(ManifestJson &entry) const {
  const LogitOptions &options = gemms.options;
  auto ce = cast<CrossEntropyOp>(op);
  entry["layout"] = stringifyWeightLayout(ce.getLayout()).str();
  entry["reduction"] = stringifyReduction(ce.getReduction()).str();
  entry["ignore_index"] = options.ignoreIndex;
  entry["label_smoothing"] = options.labelSmoothing;
  entry["logit_softcap"] = options.logitSoftcap;
  entry["z_loss_weight"] = options.zLossWeight;
  if (auto step = dyn_cast<CELinearStepOp>(op))
    entry["grad_reduction"] =
        stringifyReduction(step.getGradientReduction()).str();
  if (!isa<CELinearFwdOp>(op))
    entry["chunk"] = gemms.chunk;
}

} // namespace

FailureOr<std::unique_ptr<OpBundle>>
mlir::lmhead::makeCrossEntropyBundle(Operation *op, std::string name) {
  auto plan =
      op->getAttrOfType<CrossEntropyPlanAttr>(LMHeadDialect::getPlanAttrName());
  if (!plan) {
    op->emitWarning("not written to the bundle: no `lmhead.plan` (a "
                    "#lmhead.ce_plan); run --lmhead-plan first");
    return std::unique_ptr<OpBundle>();
  }
  if (std::optional<std::string> why = whyNoCrossEntropyKernels(op)) {
    op->emitWarning("not written to the bundle: ") << *why;
    return std::unique_ptr<OpBundle>();
  }
  if (static_cast<bool>(plan.getDh()) == isa<CELinearFwdOp>(op)) {
    op->emitWarning("not written to the bundle: its plan is for ")
        << (plan.getDh() ? "a backward" : "a forward") << " op";
    return std::unique_ptr<OpBundle>();
  }
  return std::unique_ptr<OpBundle>(
      std::make_unique<CrossEntropyBundle>(op, plan, std::move(name)));
}
