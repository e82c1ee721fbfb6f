//===- CrossEntropyRewrite.cpp - a cross-entropy head into ce_linear ops --===//
//
// A head whose dZ comes from a softmax cross-entropy becomes two ops:
// lmhead.ce_linear_fwd (loss and per-token log-sum-exp, reduction(mean)) at
// the graph's mean loss when that comes first, else at the first product,
// and lmhead.ce_linear_grad (reduction(sum)) at the first product. The
// gradient op is handed the upstream gradient of each token's loss as the
// frontend computed it: the matched target gradient is recreated as a scalar
// and scaled back to dloss (PyTorch's g at a target is −dloss/count). The
// graph's mean loss is replaced by the forward op's loss, so the N×V chain
// between logits and dZ dies.
//
//===----------------------------------------------------------------------===//

#include "Rewrite.h"

#include "lmhead/Dialect/LMHead/IR/LMHeadOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::lmhead;
using namespace mlir::lmhead::recognize;

/// Recreates the label-free scalar expression `e` (the target gradient of a
/// cross-entropy) at the builder's position.
static Value materializeScalar(OpBuilder &b, Location loc, const Expr *e) {
  switch (e->kind) {
  case Expr::Kind::Index:
  case Expr::Kind::RowScatter:
    return Value();
  case Expr::Kind::Scalar: {
    Operation *def = e->value.getDefiningOp();
    if (def && isa<arith::ConstantOp>(def) &&
        def->getParentOfType<linalg::GenericOp>())
      return b.clone(*def)->getResult(0);
    return e->value;
  }
  case Expr::Kind::Tensor: {
    auto type = cast<RankedTensorType>(e->value.getType());
    SmallVector<Value> indices;
    if (type.getRank() > 0)
      indices.assign(type.getRank(), arith::ConstantIndexOp::create(b, loc, 0));
    return tensor::ExtractOp::create(b, loc, e->value, indices);
  }
  case Expr::Kind::Op:
    break;
  }
  IRMapping mapping;
  for (auto [operand, child] : llvm::zip(e->op->getOperands(), e->operands)) {
    Value value = materializeScalar(b, loc, child);
    if (!value)
      return Value();
    mapping.map(operand, value);
  }
  return b.clone(*e->op, mapping)->getResult(0);
}

void recognize::rewriteCrossEntropy(HeadGroup &group,
                                    DominanceInfo &dominance) {
  ProductReplacement r(group, dominance);
  OpBuilder &b = r.b;
  Location loc = r.loc;
  const CrossEntropyGradMatch &ce = *group.crossEntropy;
  Value meanLoss = group.meanLoss ? group.meanLoss->loss : Value();
  OpBuilder fb(group.forwardAt);
  Type f32 = b.getF32Type();
  auto lseType = RankedTensorType::get({r.hType.getDimSize(0)}, f32);
  // [B,S] labels (a cross-entropy over [B,S,V]) as the ops' [N].
  Value labels = ce.labels;
  auto labelsType = cast<RankedTensorType>(labels.getType());
  if (labelsType.getRank() > 1) {
    ReassociationIndices all;
    for (int64_t dim = 0; dim < labelsType.getRank(); ++dim)
      all.push_back(dim);
    labels = tensor::CollapseShapeOp::create(
        fb, loc, labels, ArrayRef<ReassociationIndices>{all});
  }
  Reduction reduction =
      group.meanLoss ? group.meanLoss->reduction : Reduction::Mean;
  auto forward = CELinearFwdOp::create(
      fb, loc, TypeRange{RankedTensorType::get({}, f32), lseType}, r.h, r.w,
      labels, ce.bias, r.layout, reduction, ce.ignoreIndex,
      llvm::APFloat(ce.labelSmoothing), llvm::APFloat(ce.logitSoftcap),
      llvm::APFloat(ce.zLossWeight), r.accAttr);
  // The upstream gradient of each token's loss, for reduction(sum):
  // PyTorch's g at a target is its negation (−dloss/count).
  Value upstream = materializeScalar(b, loc, ce.targetGrad);
  if (upstream.getType() != f32)
    upstream = arith::ExtFOp::create(b, loc, f32, upstream);
  if (ce.targetGradFactor) {
    Value second = materializeScalar(b, loc, ce.targetGradFactor);
    if (second.getType() != f32)
      second = arith::ExtFOp::create(b, loc, f32, second);
    upstream = arith::MulFOp::create(b, loc, upstream, second);
  }
  double factor =
      ce.upstreamIsNegatedTarget ? -ce.targetGradScale : ce.targetGradScale;
  if (factor == -1.0) {
    upstream = arith::NegFOp::create(b, loc, upstream);
  } else if (factor != 1.0) {
    Value c = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(factor));
    upstream = arith::MulFOp::create(b, loc, upstream, c);
  }
  Value dloss = tensor::FromElementsOp::create(
      b, loc, RankedTensorType::get({}, f32), ValueRange{upstream});
  SmallVector<Type> types = r.gradTypes();
  auto grad = CELinearGradOp::create(
      b, loc, types[0], types[1], types.size() > 2 ? types[2] : Type(),
      /*stats=*/Type(), r.h, r.w, labels, forward.getLse(), dloss, ce.bias,
      r.dhAcc, r.dwAcc, /*dw_scale=*/Value(), r.layout, Reduction::Sum,
      ce.ignoreIndex, llvm::APFloat(ce.labelSmoothing),
      llvm::APFloat(ce.logitSoftcap), llvm::APFloat(ce.zLossWeight), r.accAttr);
  std::string what;
  if (meanLoss) {
    meanLoss.replaceAllUsesWith(forward.getLoss());
    r.replaced.push_back(meanLoss.getDefiningOp());
    llvm::append_range(r.replaced, group.meanLoss->gathers);
    what = "softmax cross-entropy, its loss and backward rewritten into "
           "lmhead.ce_linear_fwd and lmhead.ce_linear_grad";
  } else {
    what = "softmax cross-entropy backward rewritten into "
           "lmhead.ce_linear_fwd and lmhead.ce_linear_grad (the graph "
           "has no mean loss of these logits to replace; whatever else "
           "reads them keeps them)";
  }
  remarkPassed(grad, what);
  r.replaceProducts(grad.getDh(), grad.getDw(), grad.getDb());
}
