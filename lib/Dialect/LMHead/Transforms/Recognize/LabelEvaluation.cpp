//===- LabelEvaluation.cpp - checking cross-entropy pieces by evaluation --===//
//
// Shared by the cross-entropy matchers: see LabelEvaluation.h.
//
//===----------------------------------------------------------------------===//

#include "LabelEvaluation.h"
#include "ContractionMatch.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <cmath>

using namespace mlir;
using namespace mlir::lmhead;

/// The loops of a leaf without its unit dimensions.
SmallVector<int64_t, 2> mlir::lmhead::realLoops(const Expr &e) {
  SmallVector<int64_t, 2> loops;
  for (int64_t loop : e.loops)
    if (loop != -1)
      loops.push_back(loop);
  return loops;
}

/// The token loops 0 .. tokenRank−1 (the vocabulary loop comes after).
SmallVector<int64_t, 2> mlir::lmhead::tokenLoops(unsigned tokenRank) {
  SmallVector<int64_t, 2> loops;
  for (unsigned loop = 0; loop < tokenRank; ++loop)
    loops.push_back(loop);
  return loops;
}

/// Whether `e` is a tensor read by the token loops alone: a value per token.
bool mlir::lmhead::isRowLeaf(const Expr *e, unsigned tokenRank) {
  return e && e->kind == Expr::Kind::Tensor &&
         realLoops(*e) == tokenLoops(tokenRank);
}

bool mlir::lmhead::isOp(const Expr *e, StringRef name) {
  return e && e->kind == Expr::Kind::Op &&
         e->op->getName().getStringRef() == name;
}

/// `e` without rounding casts (truncf/extf) on top. Frontends round the
/// logits and the logit gradient to the GEMM operand type (bf16 autocast);
/// the lmhead ops keep them in f32, which differs by that rounding only.
const Expr *mlir::lmhead::stripRounding(const Expr *e) {
  while (isOp(e, "arith.truncf") || isOp(e, "arith.extf"))
    e = e->operands[0];
  return e;
}

namespace {

/// The non-unit sizes of `type`, in order.
SmallVector<int64_t> nonUnitSizes(ShapedType type) {
  SmallVector<int64_t> sizes;
  for (int64_t size : type.getShape())
    if (size != 1)
      sizes.push_back(size);
  return sizes;
}

} // namespace

Value mlir::lmhead::throughUnitReshapes(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (!isa<tensor::CollapseShapeOp, tensor::ExpandShapeOp>(def))
      break;
    Value source = def->getOperand(0);
    if (nonUnitSizes(cast<ShapedType>(source.getType())) !=
        nonUnitSizes(cast<ShapedType>(value.getType())))
      break;
    value = source;
  }
  return value;
}

/// Reads `value` as `Σ input` over the generic's reduction loops (a zero
/// init and a body adding a value-preserving cast of the input to the
/// output), looking through unit reshapes of the result.
std::optional<SumReduction> mlir::lmhead::sumReduction(Value value) {
  value = throughUnitReshapes(value);
  auto generic = value.getDefiningOp<linalg::GenericOp>();
  if (!generic || generic.getNumDpsInputs() != 1 ||
      generic.getNumDpsInits() != 1 || generic.getNumReductionLoops() == 0 ||
      !isZeroInit(generic.getDpsInitOperand(0)->get()))
    return std::nullopt;
  Block *body = generic.getBody();
  Value yielded = body->getTerminator()->getOperand(0);
  Operation *add = yielded.getDefiningOp();
  if (!add || !isa<arith::AddFOp, arith::AddIOp>(add))
    return std::nullopt;
  Value in = body->getArgument(0), out = body->getArgument(1);
  auto stripCasts = [](Value v) {
    while (Operation *def = v.getDefiningOp()) {
      if (!isa<arith::ExtFOp, arith::ExtUIOp, arith::ExtSIOp, arith::SIToFPOp,
               arith::UIToFPOp>(def))
        break;
      v = def->getOperand(0);
    }
    return v;
  };
  Value lhs = add->getOperand(0), rhs = add->getOperand(1);
  if (!((lhs == out && stripCasts(rhs) == in) ||
        (rhs == out && stripCasts(lhs) == in)))
    return std::nullopt;

  // Number the loops: kept loops in output order, then the reduced one.
  SmallVector<int64_t, 4> outer(generic.getNumLoops(), -1);
  int64_t next = 0;
  for (AffineExpr e : generic.getIndexingMapsArray().back().getResults())
    if (auto d = dyn_cast<AffineDimExpr>(e))
      outer[d.getPosition()] = next++;
  for (auto [loop, type] : llvm::enumerate(generic.getIteratorTypesArray()))
    if (type == utils::IteratorType::reduction)
      outer[loop] = next++;
  if (llvm::is_contained(outer, -1))
    return std::nullopt;
  SumReduction reduction{
      generic.getDpsInputOperand(0)->get(), {}, generic.getNumReductionLoops()};
  for (AffineExpr e :
       generic.getMatchingIndexingMap(generic.getDpsInputOperand(0))
           .getResults()) {
    if (auto d = dyn_cast<AffineDimExpr>(e))
      reduction.inputLoops.push_back(outer[d.getPosition()]);
    else if (auto c = dyn_cast<AffineConstantExpr>(e); c && c.getValue() == 0)
      reduction.inputLoops.push_back(-1);
    else
      return std::nullopt;
  }
  return reduction;
}

/// The expression summed by the row-sum leaf `row` (over the token loops
/// and the vocabulary loop), if `row` is a row sum.
const Expr *mlir::lmhead::rowSumOperand(ElementwiseExprBuilder &exprs,
                                        const Expr *row, unsigned tokenRank) {
  if (!isRowLeaf(row, tokenRank))
    return nullptr;
  std::optional<SumReduction> sum = sumReduction(row->value);
  if (!sum || sum->reduced != 1)
    return nullptr;
  return exprs.build(sum->input, sum->inputLoops);
}

std::optional<double> ScalarValues::operator()(Value v) {
  auto it = values.find(v);
  if (it != values.end())
    return it->second;
  double value = 1.25 + 0.5 * static_cast<double>(values.size());
  values[v] = value;
  return value;
}

std::optional<double> LabelEvaluator::at(const Expr *e, double label,
                                         int64_t column,
                                         std::optional<double> rowValue,
                                         Value rowTensor) {
  ExprPoint point;
  point.indices.assign(tokenRank, 0);
  point.indices.push_back(column);
  point.scalar = [&](Value v) { return scalars(v); };
  point.tensor = [&](const Expr &leaf) -> std::optional<double> {
    if (leaf.value == labels)
      return label;
    if (rowValue && leaf.value == rowTensor)
      return rowValue;
    auto row = rows.find(leaf.value);
    if (row != rows.end())
      return row->second;
    if (leaf.loops.empty() ||
        llvm::all_of(leaf.loops, [](int64_t l) { return l == -1; }))
      return scalars(leaf.value);
    return std::nullopt;
  };
  return evaluate(e, point);
}

/// The one integer per-token tensor read by `e`, if there is exactly one.
/// `value` before the reshapes that made it ([B,S] labels collapsed to [N]
/// are the same labels).
static Value beforeReshapes(Value value) {
  while (true) {
    if (auto collapse = value.getDefiningOp<tensor::CollapseShapeOp>())
      value = collapse.getSrc();
    else if (auto expand = value.getDefiningOp<tensor::ExpandShapeOp>())
      value = expand.getSrc();
    else
      return value;
  }
}

Value mlir::lmhead::findLabels(const Expr *e, unsigned tokenRank) {
  Value labels;
  bool ambiguous = false;
  forEachNode(e, [&](const Expr &node) {
    if (node.kind != Expr::Kind::Tensor || !isRowLeaf(&node, tokenRank) ||
        !isa<IntegerType>(getElementTypeOrSelf(node.value)) ||
        constantValue(node))
      return;
    if (labels && beforeReshapes(labels) != beforeReshapes(node.value))
      ambiguous = true;
    // Of two views of the labels, the one read over the token loops first.
    if (!labels)
      labels = node.value;
  });
  return ambiguous ? Value() : labels;
}

/// Integer constants of `e`: the candidates for its ignore_index.
SmallVector<int64_t> mlir::lmhead::integerConstants(const Expr *e) {
  SmallVector<int64_t> found;
  forEachNode(e, [&](const Expr &node) {
    if (node.kind != Expr::Kind::Tensor && node.kind != Expr::Kind::Scalar)
      return;
    if (!isa<IntegerType, IndexType>(getElementTypeOrSelf(node.value)))
      return;
    if (std::optional<double> c = constantValue(node))
      found.push_back(static_cast<int64_t>(*c));
  });
  return found;
}

bool mlir::lmhead::readsLabelsOrColumns(const Expr *e, Value labels) {
  bool reads = false;
  forEachNode(e, [&](const Expr &node) {
    if (node.kind == Expr::Kind::Index || node.kind == Expr::Kind::RowScatter ||
        (node.kind == Expr::Kind::Tensor && node.value == labels))
      reads = true;
  });
  return reads;
}

bool mlir::lmhead::same(std::optional<double> a, double b) {
  return a && std::abs(*a - b) <= 1e-12 * std::max(1.0, std::abs(b));
}
