//===- LinearGradBundle.cpp - a linear_grad's kernels in a bundle ---------===//
//
// A planned linear_grad in the bundle: its schedule (LinearGradSchedule.h)
// with both products, on the caller's pointers dz, h, w, dh and dw (and
// stats), with an integer operand for each size the op's types leave
// dynamic, and the op's layout and scale for frameworks.
//
//===----------------------------------------------------------------------===//

#include "BundleWriter.h"
#include "LinearGradKernels.h"
#include "LinearGradSchedule.h"
#include "ScheduleLaunches.h"

using namespace mlir;
using namespace mlir::lmhead;

namespace {

class LinearGradBundle : public OpBundle {
public:
  LinearGradBundle(LinearGradOp op, KernelPlanAttr plan, std::string name)
      : OpBundle(std::move(name), "linear_grad", plan.getTarget()), op(op),
        plan(plan) {}

  LogicalResult buildKernels(gpu::GPUModuleOp module) override {
    // A bundle computes both gradients, whatever the graph uses.
    FailureOr<Schedule> built = buildLinearGradSchedule(
        op, plan, module, getName(), /*unusedToo=*/true);
    if (failed(built) || failed(checkLaunches(*built, module, op.getLoc())))
      return failure();
    schedule = std::move(*built);
    return success();
  }

protected:
  void addOptions(ManifestJson &entry) const override {
    entry["layout"] = stringifyWeightLayout(op.getLayout()).str();
    entry["scale"] = op.getScale().convertToDouble();
  }

private:
  /// A handle: the const methods read the op without changing it.
  mutable LinearGradOp op;
  KernelPlanAttr plan;
};

} // namespace

FailureOr<std::unique_ptr<OpBundle>>
mlir::lmhead::makeLinearGradBundle(Operation *operation, std::string name) {
  auto op = cast<LinearGradOp>(operation);
  auto plan =
      op->getAttrOfType<KernelPlanAttr>(LMHeadDialect::getPlanAttrName());
  if (!plan) {
    op.emitWarning("not written to the bundle: no `lmhead.plan`; run "
                   "--lmhead-plan first");
    return std::unique_ptr<OpBundle>();
  }
  if (std::optional<std::string> why = whyNoLinearGradKernels(op)) {
    op.emitWarning("not written to the bundle: ") << *why;
    return std::unique_ptr<OpBundle>();
  }
  return std::unique_ptr<OpBundle>(
      std::make_unique<LinearGradBundle>(op, plan, std::move(name)));
}
