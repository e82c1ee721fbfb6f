//===- LowerToGPU.cpp - planned lmhead ops to kernels and launches --------===//
//
// --lmhead-lower-to-gpu. Each planned op gets a gpu.module with its kernels
// and is replaced, in place, by a call of a launch function on its tensors'
// buffers (LinearGradLowering.cpp, CrossEntropyLowering.cpp); the
// `operands` option says whether those buffers are host or device memory.
// What cannot be lowered is decomposed with a remark, never dropped.
//
//===----------------------------------------------------------------------===//

#include "lmhead/Conversion/LMHeadToGPU/Passes.h"

#include "CrossEntropyKernels.h"
#include "CrossEntropyLowering.h"
#include "LinearGradKernels.h"
#include "LinearGradLowering.h"
#include "ScheduleLaunches.h"
#include "lmhead/Dialect/LMHead/IR/LMHeadOps.h"
#include "lmhead/Dialect/LMHead/Transforms/Passes.h"
#include "lmhead/Dialect/LMHead/Transforms/Remarks.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Remarks.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/FormatVariadic.h"

namespace mlir {
namespace lmhead {
#define GEN_PASS_DEF_LMHEADLOWERTOGPU
#include "lmhead/Conversion/LMHeadToGPU/Passes.h.inc"
} // namespace lmhead
} // namespace mlir

using namespace mlir;
using namespace mlir::lmhead;

namespace {

constexpr StringLiteral kRemarkCategory = "lmhead-lower-to-gpu";

/// Says that `op` was decomposed instead of lowered to kernels, and why.
void remarkDecomposed(Operation *op, const Twine &reason) {
  remark::missed(op->getLoc(), remarkAbout(op, "KeptOnHost", kRemarkCategory))
      << ("decomposed, not lowered to GPU kernels: " + reason).str();
}

struct LowerToGPUPass
    : public mlir::lmhead::impl::LMHeadLowerToGPUBase<LowerToGPUPass> {
  LowerToGPUPass() { nameOptions(); }
  LowerToGPUPass(const LMHeadLowerToGPUOptions &options) : Base(options) {
    nameOptions();
  }
  // A clone's options are default-constructed here and then copied by the
  // pass manager.
  LowerToGPUPass(const LowerToGPUPass &other) : Base(other) { nameOptions(); }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<Operation *> keepOnHost;
    SmallVector<std::pair<LinearGradOp, KernelPlanAttr>> lower;
    SmallVector<std::pair<Operation *, CrossEntropyPlanAttr>> lowerCE;
    bool failedAny = false;
    module.walk([&](Operation *op) {
      if (isa<CELinearFwdOp, CELinearGradOp, CELinearStepOp>(op)) {
        auto plan = op->getAttrOfType<CrossEntropyPlanAttr>(
            LMHeadDialect::getPlanAttrName());
        if (!plan) {
          op->emitError() << op->getName()
                          << " has no `lmhead.plan`; run --lmhead-plan first "
                             "(or use --lmhead-pipeline)";
          failedAny = true;
          return;
        }
        if (std::optional<std::string> why = whyNoCrossEntropyKernels(op)) {
          remarkDecomposed(op, *why);
          keepOnHost.push_back(op);
          return;
        }
        lowerCE.emplace_back(op, plan);
        return;
      }
      auto grad = dyn_cast<LinearGradOp>(op);
      if (!grad)
        return;
      auto plan =
          grad->getAttrOfType<KernelPlanAttr>(LMHeadDialect::getPlanAttrName());
      if (!plan) {
        grad.emitError("lmhead.linear_grad has no `lmhead.plan`; run "
                       "--lmhead-plan first (or use --lmhead-pipeline)");
        failedAny = true;
        return;
      }
      if (std::optional<std::string> why = whyNoLinearGradKernels(grad)) {
        remarkDecomposed(op, *why);
        keepOnHost.push_back(op);
        return;
      }
      lower.emplace_back(grad, plan);
    });
    if (failedAny)
      return signalPassFailure();

    if (!keepOnHost.empty()) {
      RewritePatternSet patterns(&getContext());
      populateDecomposePatterns(patterns);
      if (failed(applyOpPatternsGreedily(keepOnHost, std::move(patterns)))) {
        module.emitError("lmhead-lower-to-gpu could not decompose the ops "
                         "kept on the host");
        return signalPassFailure();
      }
    }
    if (lower.empty() && lowerCE.empty())
      return;

    module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                    UnitAttr::get(&getContext()));
    SymbolTable symbols(module);
    ScheduledOpNames names;
    for (auto [grad, plan] : lower) {
      OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
      auto kernels =
          gpu::GPUModuleOp::create(builder, grad.getLoc(), "lmhead_kernels");
      symbols.insert(kernels);
      if (failed(lowerLinearGradOp(grad, plan, kernels, names.next(grad),
                                   operands)))
        return signalPassFailure();
    }
    for (auto [op, plan] : lowerCE) {
      OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
      auto kernels =
          gpu::GPUModuleOp::create(builder, op->getLoc(), "lmhead_kernels");
      symbols.insert(kernels);
      if (failed(
              lowerCrossEntropyOp(op, plan, kernels, names.next(op), operands)))
        return signalPassFailure();
    }
  }

private:
  void nameOptions() { setOptionPassName(getArgument(), operands); }
};

} // namespace
