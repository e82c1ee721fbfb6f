//===- CrossEntropyKernels.cpp - the ce ops' GEMMs as kernel specs --------===//

#include "CrossEntropyKernels.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::lmhead;

namespace {

/// The static vocabulary size of a ce op, or ShapedType::kDynamic.
template <typename CEOp> int64_t vocabOf(CEOp op) {
  auto w = cast<RankedTensorType>(op.getW().getType());
  return w.getDimSize(op.getLayout() == WeightLayout::VD ? 0 : 1);
}

template <typename CEOp> std::string whyNot(CEOp op) {
  if (!op.getAccumulatorType().isF32())
    return "the kernels accumulate in f32";
  Type operand = getElementTypeOrSelf(op.getH().getType());
  if (!operand.isF16() && !operand.isBF16())
    return "the kernels multiply f16 or bf16 operands";
  if (ShapedType::isDynamic(vocabOf(op)))
    return "the vocabulary size is dynamic";
  return "";
}

} // namespace

std::string mlir::lmhead::whyNoCrossEntropyKernels(Operation *op) {
  if (auto fwd = dyn_cast<CELinearFwdOp>(op))
    return whyNot(fwd);
  if (auto grad = dyn_cast<CELinearGradOp>(op))
    return whyNot(grad);
  return "not a cross-entropy op";
}

FailureOr<CrossEntropyGemms>
mlir::lmhead::getCrossEntropyGemms(Operation *op, CrossEntropyPlanAttr plan) {
  CrossEntropyGemms gemms;
  bool vd;
  if (auto fwd = dyn_cast<CELinearFwdOp>(op)) {
    gemms.options = LogitOptions::of(fwd, vocabOf(fwd));
    vd = fwd.getLayout() == WeightLayout::VD;
  } else {
    auto grad = cast<CELinearGradOp>(op);
    gemms.options = LogitOptions::of(grad, vocabOf(grad));
    vd = grad.getLayout() == WeightLayout::VD;
  }
  auto spec = [&](GemmConfigAttr config, OperandOrder a, OperandOrder b) {
    GemmKernelSpec s;
    s.target = plan.getTarget();
    s.tiles = config.getTiles();
    s.operandType = gemms.options.operandType;
    s.aOrder = a;
    s.bOrder = b;
    return s;
  };
  const OperandOrder ContiguousK = OperandOrder::ContiguousK;
  const OperandOrder ContiguousMN = OperandOrder::ContiguousMN;
  gemms.logits =
      spec(plan.getLogits(), ContiguousK, vd ? ContiguousK : ContiguousMN);
  if (plan.getDh()) {
    gemms.dh = spec(plan.getDh(), ContiguousK, vd ? ContiguousMN : ContiguousK);
    gemms.dw = spec(plan.getDw(), ContiguousMN, ContiguousMN);
    gemms.chunk = plan.getChunk();
  }
  // The epilogues' own checks are made when the kernels are built; here
  // the main loops'.
  StoreEpilogue store;
  store.resultType = Float32Type::get(op->getContext());
  for (auto [name, s] :
       {std::pair<StringRef, const GemmKernelSpec *>{"logits", &gemms.logits},
        {"dh", gemms.dh ? &*gemms.dh : nullptr},
        {"dw", gemms.dw ? &*gemms.dw : nullptr}}) {
    if (!s)
      continue;
    if (std::string why = checkGemmKernel(*s, store); !why.empty())
      return op->emitOpError()
             << "cannot build the " << name << " kernel of its plan: " << why;
  }
  return gemms;
}
