//===- LinearGradKernels.cpp - linear_grad's two products as GEMMs --------===//
//
// dh contracts the vocabulary: dZ [N,V] is A stored along K, and W is B,
// stored along N for layout(vd) ([V,D] = [K,N]) and along K for layout(dv)
// ([D,V] = [N,K]). dW contracts the tokens, so both of its operands are
// stored [K,·]: dZ and h for layout(vd), h and dZ for the transposed
// product of layout(dv).
//
//===----------------------------------------------------------------------===//

#include "LinearGradKernels.h"
#include "GradientStatistics.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::lmhead;

std::optional<std::string> lmhead::whyNoLinearGradKernels(LinearGradOp op) {
  if (op.getDb())
    return "the bias gradient has no kernel epilogue yet";
  if (!op.getAccumulatorType().isF32())
    return "the kernels accumulate in f32; acc_type is " +
           llvm::formatv("{0}", op.getAccumulatorType()).str();
  return std::nullopt;
}

FailureOr<SmallVector<LinearGradProduct, 2>>
lmhead::getLinearGradProducts(LinearGradOp op, KernelPlanAttr plan,
                              bool unusedToo) {
  bool vd = op.getLayout() == WeightLayout::VD;
  SmallVector<LinearGradProduct, 2> products;
  auto add = [&](LinearGradProduct product,
                 GemmConfigAttr config) -> LogicalResult {
    // The GEMM's kernel family writes it (an sm_80 kernel for an sm_90a GEMM
    // whose operands TMA cannot load); the plan's target runs it.
    product.spec.target = config.getKernelFor(plan.getTarget());
    if (product.spec.target != plan.getTarget())
      product.spec.runsOn = plan.getTarget();
    product.spec.tiles = config.getTiles();
    product.spec.operandType = getElementTypeOrSelf(op.getDz().getType());
    product.epilogue.resultType =
        getElementTypeOrSelf(product.result.getType());
    if (product.spec.tiles.storesThroughTma())
      product.spec.storedType = product.epilogue.resultType;
    product.epilogue.accumulate = product.accumulate != nullptr;
    product.epilogue.scale = op.getScale().convertToDouble();
    if (op.getStats())
      product.epilogue.statisticSlot =
          product.role == "dh" ? kHiddenGradientSlot : kWeightGradientSlot;
    if (llvm::Error refused = checkGemmKernel(product.spec, product.epilogue))
      return op.emitError()
             << "the " << product.role << " kernel of " << config << " for "
             << stringifyGpuTarget(plan.getTarget())
             << " cannot be written: " << llvm::toString(std::move(refused));
    bool isDh = product.role == "dh";
    if (failed(checkTmaRows(
            op, product.role, product.spec,
            {{isDh ? "dZ" : (vd ? "dZ" : "h"), rowBytesOf(product.a), false},
             {isDh ? "W" : (vd ? "h" : "dZ"), rowBytesOf(product.b), false},
             {isDh ? "dh" : "dW", rowBytesOf(product.result), true}})))
      return failure();
    products.push_back(product);
    return success();
  };

  if (unusedToo || !op.getDh().use_empty()) {
    LinearGradProduct dh;
    dh.role = "dh";
    dh.a = op.getDz();
    dh.b = op.getW();
    dh.result = op.getDh();
    dh.accumulate = op.getDhAcc();
    dh.spec.aOrder = OperandOrder::ContiguousK;
    dh.spec.bOrder =
        vd ? OperandOrder::ContiguousMN : OperandOrder::ContiguousK;
    dh.m = LinearGradDim::Tokens;
    dh.n = LinearGradDim::Hidden;
    dh.k = LinearGradDim::Vocab;
    if (failed(add(dh, plan.getDh())))
      return failure();
  }
  if (unusedToo || !op.getDw().use_empty()) {
    LinearGradProduct dw;
    dw.role = "dw";
    dw.a = vd ? op.getDz() : op.getH();
    dw.b = vd ? op.getH() : op.getDz();
    dw.result = op.getDw();
    dw.accumulate = op.getDwAcc();
    dw.spec.aOrder = OperandOrder::ContiguousMN;
    dw.spec.bOrder = OperandOrder::ContiguousMN;
    dw.m = vd ? LinearGradDim::Vocab : LinearGradDim::Hidden;
    dw.n = vd ? LinearGradDim::Hidden : LinearGradDim::Vocab;
    dw.k = LinearGradDim::Tokens;
    if (failed(add(dw, plan.getDw())))
      return failure();
  }
  return products;
}
