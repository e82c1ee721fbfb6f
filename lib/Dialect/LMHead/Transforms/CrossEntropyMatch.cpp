//===- CrossEntropyMatch.cpp - softmax cross-entropy around the LM head ---===//
//
// The structure is matched on expressions: dZ must be `g − exp(logp)·R`
// with R a row sum of the same g, logp must be `y − log S` with S a row sum
// of exp(y) and y = z or z − (a row value), and z a 2-D product of h and W.
// What depends on labels (the one-hot of g, the ignored tokens, the
// gathered target log-probability, the count of valid tokens) is checked by
// evaluating the expressions at chosen labels and columns, so that any
// spelling of the same function is accepted and nothing else is.
//
//===----------------------------------------------------------------------===//

#include "CrossEntropyMatch.h"
#include "ContractionMatch.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"

#include <cmath>

using namespace mlir;
using namespace mlir::lmhead;

namespace {

/// Label values used when evaluating label-dependent expressions: a target
/// column, another column, and a second target.
constexpr int64_t kTarget = 3, kOtherColumn = 5, kSecondTarget = 7;

/// The loops of a leaf without its unit dimensions.
SmallVector<int64_t, 2> realLoops(const Expr &e) {
  SmallVector<int64_t, 2> loops;
  for (int64_t loop : e.loops)
    if (loop != -1)
      loops.push_back(loop);
  return loops;
}

/// The token loops 0 .. tokenRank−1 (the vocabulary loop comes after).
SmallVector<int64_t, 2> tokenLoops(unsigned tokenRank) {
  SmallVector<int64_t, 2> loops;
  for (unsigned loop = 0; loop < tokenRank; ++loop)
    loops.push_back(loop);
  return loops;
}

/// Whether `e` is a tensor read by the token loops alone: a value per token.
bool isRowLeaf(const Expr *e, unsigned tokenRank = 1) {
  return e && e->kind == Expr::Kind::Tensor &&
         realLoops(*e) == tokenLoops(tokenRank);
}

bool isOp(const Expr *e, StringRef name) {
  return e && e->kind == Expr::Kind::Op &&
         e->op->getName().getStringRef() == name;
}

/// `e` without rounding casts (truncf/extf) on top. Frontends round the
/// logits and the logit gradient to the GEMM operand type (bf16 autocast);
/// the lmhead ops keep them in f32, which differs by that rounding only.
const Expr *stripRounding(const Expr *e) {
  while (isOp(e, "arith.truncf") || isOp(e, "arith.extf"))
    e = e->operands[0];
  return e;
}

/// A sum over the last outer loops: the reduced input read in outer loops
/// where the kept loops come first (in the order of the output) and the
/// `reduced` summed loops last.
struct SumReduction {
  Value input;
  SmallVector<int64_t, 2> inputLoops;
  unsigned reduced = 0;
};

/// The non-unit sizes of `type`, in order.
SmallVector<int64_t> nonUnitSizes(ShapedType type) {
  SmallVector<int64_t> sizes;
  for (int64_t size : type.getShape())
    if (size != 1)
      sizes.push_back(size);
  return sizes;
}

/// `value` before the collapse_shape/expand_shape ops that only add or drop
/// unit dimensions.
Value throughUnitReshapes(Value value) {
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
std::optional<SumReduction> sumReduction(Value value) {
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
const Expr *rowSumOperand(ElementwiseExprBuilder &exprs, const Expr *row,
                          unsigned tokenRank = 1) {
  if (!isRowLeaf(row, tokenRank))
    return nullptr;
  std::optional<SumReduction> sum = sumReduction(row->value);
  if (!sum || sum->reduced != 1)
    return nullptr;
  return exprs.build(sum->input, sum->inputLoops);
}

/// Assigns fixed, distinct values to the non-constant scalars of an
/// evaluation, so that an expression of them can be compared across points.
class ScalarValues {
public:
  std::optional<double> operator()(Value v) {
    auto it = values.find(v);
    if (it != values.end())
      return it->second;
    double value = 1.25 + 0.5 * static_cast<double>(values.size());
    values[v] = value;
    return value;
  }

private:
  llvm::DenseMap<Value, double> values;
};

/// Evaluates an expression of labels, column index and scalars at token 0.
struct LabelEvaluator {
  LabelEvaluator(Value labels, unsigned tokenRank)
      : labels(labels), tokenRank(tokenRank) {}

  Value labels;
  unsigned tokenRank;
  ScalarValues scalars;
  /// Values given to per-token tensors (row sums, maxima, gathers).
  llvm::DenseMap<Value, double> rows;

  std::optional<double> at(const Expr *e, double label, int64_t column,
                           std::optional<double> rowValue = std::nullopt,
                           Value rowTensor = Value()) {
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
};

/// The one integer per-token tensor read by `e`, if there is exactly one.
Value findLabels(const Expr *e, unsigned tokenRank) {
  Value labels;
  bool ambiguous = false;
  forEachNode(e, [&](const Expr &node) {
    if (node.kind != Expr::Kind::Tensor || !isRowLeaf(&node, tokenRank) ||
        !isa<IntegerType>(getElementTypeOrSelf(node.value)) ||
        constantValue(node))
      return;
    if (labels && labels != node.value)
      ambiguous = true;
    labels = node.value;
  });
  return ambiguous ? Value() : labels;
}

/// Integer constants of `e`: the candidates for its ignore_index.
SmallVector<int64_t> integerConstants(const Expr *e) {
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

bool readsLabelsOrColumns(const Expr *e, Value labels) {
  bool reads = false;
  forEachNode(e, [&](const Expr &node) {
    if (node.kind == Expr::Kind::Index || node.kind == Expr::Kind::RowScatter ||
        (node.kind == Expr::Kind::Tensor && node.value == labels))
      reads = true;
  });
  return reads;
}

bool same(std::optional<double> a, double b) {
  return a && std::abs(*a - b) <= 1e-12 * std::max(1.0, std::abs(b));
}

} // namespace

namespace {

bool matchLogits(const Expr *shifted, CrossEntropyGradMatch &match,
                 std::string &why);

/// Whether `e` reads loop `loop` (through a tensor or an index).
bool readsLoop(const Expr *e, int64_t loop) {
  bool reads = false;
  forEachNode(e, [&](const Expr &node) {
    if ((node.kind == Expr::Kind::Tensor &&
         llvm::is_contained(node.loops, loop)) ||
        (node.kind == Expr::Kind::Index && node.indexLoop == loop) ||
        (node.kind == Expr::Kind::RowScatter && node.indexLoop == loop))
      reads = true;
  });
  return reads;
}

/// Fills the logits part of `match` from `p`, the softmax of the logits:
/// `exp(y − log Σ_v exp(y))` (the exp of a log-softmax) or
/// `exp(y) / Σ_v exp(y)`, with y = z or z − (a row value), z = h·Wᵀ.
bool matchSoftmaxOfLogits(ElementwiseExprBuilder &exprs, const Expr *p,
                          CrossEntropyGradMatch &match, std::string &why) {
  const Expr *shifted = nullptr;
  if (isOp(p, "math.exp")) {
    const Expr *logp = p->operands[0];
    if (!isOp(logp, "arith.subf") || !isOp(logp->operands[1], "math.log")) {
      why = "the softmax is not exp of a log-softmax y − log Σ exp(y)";
      return false;
    }
    shifted = logp->operands[0];
    const Expr *sumExp =
        rowSumOperand(exprs, logp->operands[1]->operands[0], match.tokenRank);
    if (!isOp(sumExp, "math.exp") || sumExp->operands[0] != shifted) {
      why = "the log-softmax does not normalise by the sum of its own exp";
      return false;
    }
    match.logSoftmax = logp;
  } else if (isOp(p, "arith.divf") && isOp(p->operands[0], "math.exp")) {
    shifted = p->operands[0]->operands[0];
    const Expr *sumExp = rowSumOperand(exprs, p->operands[1], match.tokenRank);
    if (!isOp(sumExp, "math.exp") || sumExp->operands[0] != shifted) {
      why = "the softmax does not normalise by the sum of its own exp";
      return false;
    }
  } else {
    why = "no softmax of the logits";
    return false;
  }

  match.shifted = shifted;
  match.softmaxNumerator = isOp(p, "math.exp") ? p : p->operands[0];
  return matchLogits(shifted, match, why);
}

/// Fills the logits part of `match` from `shifted`: y = z or z − (a row
/// value), z = h·Wᵀ or h·Wᵀ + b, with z read over the token loops (a
/// [B,S,V] z is an expand_shape of the [N,V] product).
bool matchLogits(const Expr *shifted, CrossEntropyGradMatch &match,
                 std::string &why) {
  unsigned tokenRank = match.tokenRank;
  SmallVector<int64_t, 2> allLoops = tokenLoops(tokenRank + 1);
  const Expr *logits = shifted;
  if (isOp(shifted, "arith.subf") && isRowLeaf(shifted->operands[1], tokenRank))
    logits = shifted->operands[0];
  else if (isOp(shifted, "arith.subf") &&
           shifted->operands[1]->kind == Expr::Kind::Op &&
           !readsLoop(shifted->operands[1], tokenRank))
    logits = shifted->operands[0]; // z − (an expression of row values)
  logits = stripRounding(logits);
  // z = h·Wᵀ + b: the bias is a [V] tensor read by the vocabulary loop.
  if (isOp(logits, "arith.addf")) {
    for (unsigned which : {0u, 1u}) {
      const Expr *product = stripRounding(logits->operands[which]);
      const Expr *bias = stripRounding(logits->operands[1 - which]);
      if (product->isTensorReading(allLoops) &&
          bias->isTensorReading({static_cast<int64_t>(tokenRank)}) &&
          cast<RankedTensorType>(bias->value.getType()).getRank() == 1) {
        match.bias = bias->value;
        logits = product;
        break;
      }
    }
  }
  if (!logits->isTensorReading(allLoops)) {
    why = "the softmax is not of a logits tensor (h·Wᵀ or h·Wᵀ + b)";
    return false;
  }
  match.logitsValue = logits->value;
  Value logits2D = logits->value;
  if (tokenRank > 1) {
    // [B,S,V] logits: the [N,V] product expanded.
    auto expand = logits2D.getDefiningOp<tensor::ExpandShapeOp>();
    SmallVector<ReassociationIndices> groups;
    if (expand)
      groups = expand.getReassociationIndices();
    if (!expand || groups.size() != 2 || groups[0].size() != tokenRank ||
        groups[1].size() != 1) {
      why = "the [B,S,V] logits are not an expand_shape of an [N,V] product";
      return false;
    }
    logits2D = expand.getSrc();
  }
  auto product2D = logits2D.getDefiningOp<linalg::LinalgOp>();
  if (!product2D || !whyNotAProduct(product2D).empty()) {
    why = "the logits are not a 2-D product h·Wᵀ";
    return false;
  }
  ContractionRoles roles = classifyProduct(product2D);
  if (roles.hiddenGrads.empty()) {
    why = "the logits product is not [N,V] = h·Wᵀ";
    return false;
  }
  // h·Wᵀ reads like dZ·W with the hidden size contracted: its "W" reading
  // has the other layout.
  const HiddenGradMatch &reading = roles.hiddenGrads.front();
  match.logits = product2D;
  match.h = reading.dz.value;
  match.w = reading.w.value;
  match.layout =
      reading.layout == WeightLayout::VD ? WeightLayout::DV : WeightLayout::VD;
  return true;
}

/// Sets `match.ignoreIndex` to the negative integer constant of `e` for
/// which `isZero(candidate)` holds, if there is one.
void findIgnoreIndex(const Expr *e, CrossEntropyGradMatch &match,
                     function_ref<bool(int64_t)> isZero) {
  for (int64_t candidate : integerConstants(e))
    if (candidate < 0 && isZero(candidate)) {
      match.ignoreIndex = candidate;
      return;
    }
}

/// The label-free value T of a per-token factor `s` that is T for valid
/// tokens and 0 for ignored ones: `select(valid, T, 0)`, or `s` itself.
const Expr *valueForValidTokens(const Expr *s, Value labels) {
  if (!readsLabelsOrColumns(s, labels))
    return s;
  if (!isOp(s, "arith.select"))
    return nullptr;
  for (unsigned branch : {1u, 2u}) {
    const Expr *value = s->operands[branch];
    const Expr *other = s->operands[3 - branch];
    std::optional<double> zero = constantValue(*other);
    if (other->kind != Expr::Kind::Op && zero && *zero == 0.0 &&
        !readsLabelsOrColumns(value, labels))
      return value;
  }
  return nullptr;
}

/// Whether `e` reads nothing but the labels, the column index and
/// constants.
bool readsOnlyLabelsAndConstants(const Expr *e, Value labels) {
  bool only = true;
  forEachNode(e, [&](const Expr &node) {
    if ((node.kind == Expr::Kind::Tensor || node.kind == Expr::Kind::Scalar) &&
        node.value != labels && !constantValue(node))
      only = false;
  });
  return only;
}

/// Whether `e` is `value` at the column of the label and 0 at the others,
/// for two different labels.
bool isOneHotOf(LabelEvaluator &eval, const Expr *e, double value) {
  return same(eval.at(e, kTarget, kTarget), value) &&
         same(eval.at(e, kSecondTarget, kSecondTarget), value) &&
         same(eval.at(e, kTarget, kOtherColumn), 0.0) &&
         same(eval.at(e, kSecondTarget, kTarget), 0.0);
}

/// Splits g, whose value at a valid token's target is `atTarget`, into a
/// label-free per-token value T and a constant c with g = c·T at targets:
/// g = select(valid, T, 0) (c = 1, the one-hot in the condition), or
/// g = onehot_c · select(valid, T, 0) with onehot_c a one-hot of constant
/// value c (a scatter-built one-hot).
bool splitTargetGrad(LabelEvaluator &eval, const Expr *g, double atTarget,
                     CrossEntropyGradMatch &match) {
  if (isOp(g, "arith.select")) {
    match.targetGrad = valueForValidTokens(g, match.labels);
    match.targetGradScale = 1.0;
    return match.targetGrad && match.targetGrad != g;
  }
  if (!isOp(g, "arith.mulf"))
    return false;
  for (unsigned which : {0u, 1u}) {
    const Expr *oneHot = g->operands[which];
    const Expr *factor = g->operands[1 - which];
    const Expr *value = valueForValidTokens(factor, match.labels);
    if (!value || !readsOnlyLabelsAndConstants(oneHot, match.labels))
      continue;
    std::optional<double> c = eval.at(oneHot, kTarget, kTarget);
    std::optional<double> t = eval.at(value, kTarget, kTarget);
    if (!c || !t || *c == 0.0 || !isOneHotOf(eval, oneHot, *c) ||
        !same(eval.at(g, kTarget, kTarget), *c * *t) ||
        !same(atTarget, *c * *t))
      continue;
    match.targetGrad = value;
    match.targetGradScale = *c;
    return true;
  }
  return false;
}

/// PyTorch's backward functions: dZ = g − exp(logp)·Σ_v g with g the nll
/// backward, −dloss/count at each valid target.
std::optional<CrossEntropyGradMatch>
matchLogSoftmaxBackward(ElementwiseExprBuilder &exprs, const Expr *e,
                        unsigned tokenRank, std::string &why) {
  if (!isOp(e, "arith.subf")) {
    why = "dZ is not a difference g − softmax·Σg";
    return std::nullopt;
  }
  const Expr *g = e->operands[0], *product = e->operands[1];
  if (!isOp(product, "arith.mulf")) {
    why = "dZ is not g − softmax·Σg (no product of a softmax and a row sum)";
    return std::nullopt;
  }
  const Expr *softmax = product->operands[0], *row = product->operands[1];
  if (!isOp(softmax, "math.exp"))
    std::swap(softmax, row);
  if (!isOp(softmax, "math.exp") || rowSumOperand(exprs, row, tokenRank) != g) {
    why = "dZ is not g − exp(logp)·Σ_v g over the same g";
    return std::nullopt;
  }
  CrossEntropyGradMatch match;
  match.tokenRank = tokenRank;
  if (!matchSoftmaxOfLogits(exprs, softmax, match, why))
    return std::nullopt;

  // g: −dloss/count at the target, 0 elsewhere and for ignored tokens.
  match.labels = findLabels(g, tokenRank);
  if (!match.labels) {
    why = "g does not read exactly one [N] integer label tensor";
    return std::nullopt;
  }
  LabelEvaluator eval(match.labels, match.tokenRank);
  std::optional<double> atTarget = eval.at(g, kTarget, kTarget);
  if (!atTarget || *atTarget == 0.0 || !std::isfinite(*atTarget) ||
      !isOneHotOf(eval, g, *atTarget)) {
    why = "g is not a scaled one-hot of the labels";
    return std::nullopt;
  }
  findIgnoreIndex(g, match, [&](int64_t c) {
    return same(eval.at(g, c, 0), 0.0) && same(eval.at(g, c, kTarget), 0.0);
  });
  if (!splitTargetGrad(eval, g, *atTarget, match)) {
    why = "g is not a label-free target value times a one-hot (a select "
          "between the value and zero, or a constant one-hot times it)";
    return std::nullopt;
  }
  match.upstreamIsNegatedTarget = true;
  return match;
}

/// The fused form: dZ = (softmax − onehot)·s, s the upstream gradient of
/// each valid token (0 for ignored ones).
std::optional<CrossEntropyGradMatch>
matchSoftmaxMinusOneHot(ElementwiseExprBuilder &exprs, const Expr *e,
                        unsigned tokenRank, std::string &why) {
  if (!isOp(e, "arith.mulf")) {
    why = "dZ is neither g − softmax·Σg nor (softmax − onehot)·s";
    return std::nullopt;
  }
  for (unsigned which : {0u, 1u}) {
    const Expr *difference = e->operands[which];
    const Expr *scale = e->operands[1 - which];
    if (!isOp(difference, "arith.subf"))
      continue;
    CrossEntropyGradMatch match;
    match.tokenRank = tokenRank;
    std::string softmaxWhy;
    if (!matchSoftmaxOfLogits(exprs, difference->operands[0], match,
                              softmaxWhy)) {
      why = softmaxWhy;
      continue;
    }
    const Expr *oneHot = difference->operands[1];
    match.labels = findLabels(e, tokenRank);
    if (!match.labels) {
      why = "the one-hot does not read exactly one [N] integer label tensor";
      return std::nullopt;
    }
    LabelEvaluator eval(match.labels, match.tokenRank);
    if (!isOneHotOf(eval, oneHot, 1.0)) {
      why = "softmax − x with x not a one-hot of the labels";
      return std::nullopt;
    }
    std::optional<double> valid = eval.at(scale, kTarget, kTarget);
    if (!valid || *valid == 0.0 || !std::isfinite(*valid) ||
        !same(eval.at(scale, kSecondTarget, kTarget), *valid)) {
      why = "the scale of softmax − onehot is not one value for every token";
      return std::nullopt;
    }
    findIgnoreIndex(scale, match,
                    [&](int64_t c) { return same(eval.at(scale, c, 0), 0.0); });
    match.targetGrad = valueForValidTokens(scale, match.labels);
    if (!match.targetGrad) {
      why = "the scale of softmax − onehot is not a select of one value";
      return std::nullopt;
    }
    return match;
  }
  return std::nullopt;
}

/// JAX's form (optax's softmax cross-entropy with integer labels, through
/// IREE): dZ = exp(y)·r + q, with r = s/Σ_v exp(y) a per-token scale and
/// q = −s at each token's label (a scatter-added one-hot), s the upstream
/// gradient of each valid token's loss (0 for ignored ones).
std::optional<CrossEntropyGradMatch>
matchScaledSoftmaxMinusOneHot(ElementwiseExprBuilder &exprs, const Expr *e,
                              unsigned tokenRank, std::string &why) {
  bool difference = isOp(e, "arith.subf");
  if (!difference && !isOp(e, "arith.addf")) {
    why = "dZ is neither g − softmax·Σg, (softmax − onehot)·s nor "
          "softmax·s − onehot·s";
    return std::nullopt;
  }
  why = "dZ is not softmax·s − onehot·s";
  for (unsigned which : {0u, 1u}) {
    if (difference && which == 1)
      break;
    const Expr *scaled = e->operands[which], *q = e->operands[1 - which];
    if (!isOp(scaled, "arith.mulf"))
      continue;
    const Expr *numerator = scaled->operands[0], *r = scaled->operands[1];
    if (!isOp(numerator, "math.exp"))
      std::swap(numerator, r);
    if (!isOp(numerator, "math.exp") ||
        readsLoop(r, static_cast<int64_t>(tokenRank)))
      continue;
    CrossEntropyGradMatch match;
    match.tokenRank = tokenRank;
    match.shifted = numerator->operands[0];
    match.softmaxNumerator = numerator;
    std::string logitsWhy;
    if (!matchLogits(match.shifted, match, logitsWhy)) {
      why = logitsWhy;
      continue;
    }
    // The scale divides by Σ_v exp(y) of the same y.
    Value sumOfExp;
    forEachNode(r, [&](const Expr &node) {
      if (node.kind == Expr::Kind::Tensor &&
          rowSumOperand(exprs, &node, tokenRank) == numerator)
        sumOfExp = node.value;
    });
    if (!sumOfExp) {
      why = "the softmax's scale does not divide by the sum of its own exp";
      return std::nullopt;
    }
    match.labels = findLabels(e, tokenRank);
    if (!match.labels) {
      why = "dZ does not read exactly one per-token integer label tensor";
      return std::nullopt;
    }
    LabelEvaluator eval(match.labels, match.tokenRank);
    auto oneHotAt = [&](double label, int64_t column) -> std::optional<double> {
      std::optional<double> value = eval.at(q, label, column);
      if (value && difference)
        return -*value;
      return value;
    };
    // q = −s at the label, 0 elsewhere; s the same for every valid token.
    std::optional<double> minusS = oneHotAt(kTarget, kTarget);
    if (!minusS || *minusS == 0.0 || !std::isfinite(*minusS) ||
        !same(oneHotAt(kSecondTarget, kSecondTarget), *minusS) ||
        !same(oneHotAt(kTarget, kOtherColumn), 0.0) ||
        !same(oneHotAt(kSecondTarget, kTarget), 0.0)) {
      why = "softmax·s + q with q not a scaled one-hot of the labels";
      return std::nullopt;
    }
    double upstream = -*minusS;
    // r = s / Σ_v exp(y) for valid tokens, whatever the sum.
    auto scaleAt = [&](double label, double sum) {
      eval.rows[sumOfExp] = sum;
      return eval.at(r, label, 0);
    };
    if (!same(scaleAt(kTarget, 2.5), upstream / 2.5) ||
        !same(scaleAt(kTarget, 0.75), upstream / 0.75)) {
      why = "the softmax's scale is not s / Σ_v exp(y)";
      return std::nullopt;
    }
    findIgnoreIndex(e, match, [&](int64_t c) {
      return same(oneHotAt(c, 0), 0.0) && same(oneHotAt(c, kTarget), 0.0) &&
             same(scaleAt(c, 2.5), 0.0);
    });
    // s itself, free of labels: the value a select keeps for valid tokens.
    forEachNode(e, [&](const Expr &node) {
      if (match.targetGrad || !isOp(&node, "arith.select"))
        return;
      const Expr *value = valueForValidTokens(&node, match.labels);
      if (!value || value == &node)
        return;
      std::optional<double> v = eval.at(value, kTarget, 0);
      if (same(v, upstream) || same(v, -upstream)) {
        match.targetGrad = value;
        match.targetGradScale = same(v, upstream) ? 1.0 : -1.0;
      }
    });
    if (!match.targetGrad) {
      why = "no label-free value of s (the upstream gradient of a token's "
            "loss) is found";
      return std::nullopt;
    }
    return match;
  }
  return std::nullopt;
}

} // namespace

std::optional<CrossEntropyGradMatch>
mlir::lmhead::matchCrossEntropyGrad(ElementwiseExprBuilder &exprs, Value dz,
                                    std::string &why) {
  // dZ read as [N,V], or as the [B,S,V] tensor it collapses.
  Value source = dz;
  unsigned tokenRank = 1;
  if (auto collapse = dz.getDefiningOp<tensor::CollapseShapeOp>()) {
    SmallVector<ReassociationIndices> groups =
        collapse.getReassociationIndices();
    if (groups.size() == 2 && groups[0].size() >= 2 && groups[1].size() == 1) {
      source = collapse.getSrc();
      tokenRank = groups[0].size();
    }
  }
  const Expr *e = stripRounding(exprs.build(source));
  if (isOp(e, "arith.mulf"))
    return matchSoftmaxMinusOneHot(exprs, e, tokenRank, why);
  if (isOp(e, "arith.subf")) {
    if (auto match = matchLogSoftmaxBackward(exprs, e, tokenRank, why))
      return match;
    std::string scaledWhy;
    if (auto match =
            matchScaledSoftmaxMinusOneHot(exprs, e, tokenRank, scaledWhy))
      return match;
    return std::nullopt;
  }
  return matchScaledSoftmaxMinusOneHot(exprs, e, tokenRank, why);
}

namespace {

/// The column index of a gather: `tensor.extract %src[%token, %column]`
/// with %token a linalg.index and %column an index_cast of the gather's one
/// input. Returns the extract, or null.
tensor::ExtractOp gatherExtract(linalg::GenericOp generic) {
  if (generic.getNumResults() != 1 || generic.getNumDpsInputs() != 1)
    return nullptr;
  for (Operation &inner : generic.getBody()->without_terminator()) {
    auto extract = dyn_cast<tensor::ExtractOp>(inner);
    if (!extract || extract.getIndices().size() != 2)
      continue;
    auto token = extract.getIndices()[0].getDefiningOp<linalg::IndexOp>();
    auto column = extract.getIndices()[1].getDefiningOp<arith::IndexCastOp>();
    auto arg =
        column ? dyn_cast<BlockArgument>(column.getIn()) : BlockArgument();
    if (token && arg && arg.getOwner() == generic.getBody() &&
        arg.getArgNumber() == 0)
      return extract;
  }
  return nullptr;
}

/// The gather generic behind `value` (through collapse_shape), if any.
linalg::GenericOp gatherBehind(Value value) {
  while (auto collapse = value.getDefiningOp<tensor::CollapseShapeOp>())
    value = collapse.getSrc();
  auto generic = value.getDefiningOp<linalg::GenericOp>();
  return generic && gatherExtract(generic) ? generic : nullptr;
}

/// The tensor leaf under value-preserving conversions.
const Expr *leafOf(const Expr *x) {
  while (x && x->kind == Expr::Kind::Op && x->operands.size() == 1 &&
         isa<arith::SIToFPOp, arith::UIToFPOp, arith::ExtFOp>(x->op))
    x = x->operands[0];
  return x && x->kind == Expr::Kind::Tensor ? x : nullptr;
}

/// A candidate mean loss `total / count`: the per-token expression summed
/// into the total, the gather it reads, and the valid-token expression
/// summed into the count.
struct LossParts {
  const Expr *perToken = nullptr, *valid = nullptr;
  linalg::GenericOp gather;
};

std::optional<LossParts> lossParts(ElementwiseExprBuilder &exprs,
                                   linalg::GenericOp generic) {
  if (generic.getNumResults() != 1 || generic.getNumLoops() != 0)
    return std::nullopt;
  const Expr *e = exprs.build(generic->getResult(0), {});
  if (!isOp(e, "arith.divf"))
    return std::nullopt;
  const Expr *total = leafOf(e->operands[0]);
  const Expr *count = leafOf(e->operands[1]);
  if (!total || !count)
    return std::nullopt;
  std::optional<SumReduction> totalSum = sumReduction(total->value);
  std::optional<SumReduction> countSum = sumReduction(count->value);
  if (!totalSum || !countSum)
    return std::nullopt;
  LossParts parts;
  parts.perToken = exprs.build(totalSum->input, totalSum->inputLoops);
  parts.valid = exprs.build(countSum->input, countSum->inputLoops);
  forEachNode(parts.perToken, [&](const Expr &node) {
    if (node.kind == Expr::Kind::Tensor)
      if (linalg::GenericOp gather = gatherBehind(node.value))
        parts.gather = gather;
  });
  if (!parts.gather)
    return std::nullopt;
  return parts;
}

/// A candidate mean loss `total / f(count)` summed over every token loop:
/// the per-token expression summed into the total, the valid-token
/// expression summed into the count, the count and the divisor.
std::optional<LseLossParts> lseLossParts(ElementwiseExprBuilder &exprs,
                                         linalg::GenericOp generic) {
  if (generic.getNumResults() != 1 || generic.getNumLoops() != 0)
    return std::nullopt;
  const Expr *e = exprs.build(generic->getResult(0), {});
  if (!isOp(e, "arith.divf"))
    return std::nullopt;
  const Expr *total = leafOf(e->operands[0]);
  if (!total)
    return std::nullopt;
  std::optional<SumReduction> totalSum = sumReduction(total->value);
  if (!totalSum || totalSum->reduced != totalSum->inputLoops.size())
    return std::nullopt;
  // The divisor reads one count: a sum over as many token loops.
  LseLossParts parts;
  parts.divisor = e->operands[1];
  bool ambiguous = false;
  forEachNode(parts.divisor, [&](const Expr &node) {
    if (node.kind != Expr::Kind::Tensor || constantValue(node))
      return;
    if (parts.count && parts.count != node.value)
      ambiguous = true;
    parts.count = node.value;
  });
  if (!parts.count || ambiguous)
    return std::nullopt;
  std::optional<SumReduction> countSum = sumReduction(parts.count);
  if (!countSum || countSum->reduced != countSum->inputLoops.size() ||
      countSum->reduced != totalSum->reduced)
    return std::nullopt;
  parts.tokenRank = totalSum->reduced;
  parts.perToken = exprs.build(totalSum->input, totalSum->inputLoops);
  parts.valid = exprs.build(countSum->input, countSum->inputLoops);
  return parts;
}

/// Whether `value` (through unit reshapes) is a generic gathering `logits`
/// ([tokens..., V]) at each token's label: its body yields
/// `tensor.extract %logits[token indices..., column]` with a column that is
/// the label for every label in [0, V).
bool isLabelGatherOf(ElementwiseExprBuilder &exprs, Value value, Value logits,
                     LabelEvaluator &eval) {
  value = throughUnitReshapes(value);
  auto generic = value.getDefiningOp<linalg::GenericOp>();
  if (!generic || generic.getNumResults() != 1)
    return false;
  auto extract = generic.getBody()
                     ->getTerminator()
                     ->getOperand(0)
                     .getDefiningOp<tensor::ExtractOp>();
  if (!extract || extract.getTensor() != logits)
    return false;
  ValueRange indices = extract.getIndices();
  AffineMap outMap = generic.getIndexingMapsArray().back();
  if (indices.size() != eval.tokenRank + 1 ||
      outMap.getNumResults() < eval.tokenRank)
    return false;
  for (unsigned token = 0; token < eval.tokenRank; ++token) {
    auto index = indices[token].getDefiningOp<linalg::IndexOp>();
    if (!index || outMap.getResult(token) !=
                      getAffineDimExpr(index.getDim(), generic.getContext()))
      return false;
  }
  // Evaluated over the gather's own loops: its token loops come first.
  const Expr *column = exprs.buildBodyScalar(indices.back(), generic);
  int64_t vocab = cast<RankedTensorType>(logits.getType()).getShape().back();
  return column && same(eval.at(column, kTarget, 0), kTarget) &&
         (ShapedType::isDynamic(vocab) ||
          same(eval.at(column, vocab - 1, 0), vocab - 1));
}

} // namespace

MeanLossIndex::MeanLossIndex(ElementwiseExprBuilder &exprs, Block *block)
    : exprs(exprs) {
  for (Operation &op : *block) {
    auto generic = dyn_cast<linalg::GenericOp>(op);
    if (!generic)
      continue;
    if (tensor::ExtractOp extract = gatherExtract(generic)) {
      gathersBySource[exprs.build(extract.getTensor())].push_back(generic);
      continue;
    }
    if (std::optional<LossParts> parts = lossParts(exprs, generic))
      lossesByGather[parts->gather].push_back(generic->getResult(0));
    else if (std::optional<LseLossParts> parts = lseLossParts(exprs, generic))
      lseLosses.push_back({generic->getResult(0), *parts});
  }
}

std::optional<MeanLossMatch>
MeanLossIndex::find(const CrossEntropyGradMatch &match) {
  LabelEvaluator eval(match.labels, match.tokenRank);
  for (linalg::GenericOp gather : gathersBySource.lookup(match.logSoftmax)) {
    // The gathered column must be the label for valid tokens.
    tensor::ExtractOp extract = gatherExtract(gather);
    unsigned tokenDim =
        extract.getIndices()[0].getDefiningOp<linalg::IndexOp>().getDim();
    OpOperand *input = gather.getDpsInputOperand(0);
    SmallVector<int64_t, 2> loops;
    for (AffineExpr e : gather.getMatchingIndexingMap(input).getResults()) {
      auto dim = dyn_cast<AffineDimExpr>(e);
      loops.push_back(dim && dim.getPosition() == tokenDim ? 0 : -1);
    }
    if (!same(eval.at(exprs.build(input->get(), loops), kTarget, 0), kTarget))
      continue;
    // loss = Σ_n [valid] (−logp[n, y_n]) / Σ_n [valid].
    for (Value loss : lossesByGather.lookup(gather)) {
      std::optional<LossParts> parts =
          lossParts(exprs, loss.getDefiningOp<linalg::GenericOp>());
      Value gathered;
      forEachNode(parts->perToken, [&](const Expr &node) {
        if (node.kind == Expr::Kind::Tensor &&
            gatherBehind(node.value) == gather)
          gathered = node.value;
      });
      const double logProb = -2.5;
      if (same(eval.at(parts->perToken, kTarget, 0, logProb, gathered),
               -logProb) &&
          same(
              eval.at(parts->perToken, match.ignoreIndex, 0, logProb, gathered),
              0.0) &&
          same(eval.at(parts->valid, kTarget, 0), 1.0) &&
          same(eval.at(parts->valid, match.ignoreIndex, 0), 0.0))
        return MeanLossMatch{loss, {gather}};
    }
  }
  return findLseLoss(match);
}

std::optional<MeanLossMatch>
MeanLossIndex::findLseLoss(const CrossEntropyGradMatch &match) {
  // loss = Σ_tokens [valid] (log Σ_v exp(y) + m − z[y_t]) / f(count), with
  // y = z − m: the log-sum-exp minus the gathered target logit.
  if (!match.shifted || !match.softmaxNumerator)
    return std::nullopt;
  for (auto &[loss, parts] : lseLosses) {
    if (parts.tokenRank != match.tokenRank)
      continue;
    LabelEvaluator eval(match.labels, match.tokenRank);
    // Values for the per-token tensors the loss reads: the sum of exp(y),
    // the target logit, and whatever the shift m is made of.
    Value sumOfExp, target;
    SmallVector<Value> others;
    bool unknown = false;
    forEachNode(parts.perToken, [&](const Expr &node) {
      if (node.kind != Expr::Kind::Tensor || node.value == match.labels ||
          constantValue(node) ||
          llvm::all_of(node.loops, [](int64_t l) { return l == -1; }))
        return;
      if (!isRowLeaf(&node, match.tokenRank))
        unknown = true;
      else if (rowSumOperand(exprs, &node, match.tokenRank) ==
               match.softmaxNumerator)
        sumOfExp = node.value;
      else if (isLabelGatherOf(exprs, node.value, match.logitsValue, eval))
        target = node.value;
      else
        others.push_back(node.value);
    });
    if (unknown || !sumOfExp || !target)
      continue;
    for (auto [i, value] : llvm::enumerate(others))
      eval.rows[value] = 0.375 + 0.25 * static_cast<double>(i);
    // The shift m as the logits' softmax subtracts it (0 when unshifted).
    double shift = 0.0;
    if (isOp(match.shifted, "arith.subf")) {
      std::optional<double> m = eval.at(match.shifted->operands[1], kTarget, 0);
      if (!m)
        continue;
      shift = *m;
    }
    const double targetLogit = 1.75;
    eval.rows[target] = targetLogit;
    auto perTokenAt = [&](double label, double sum) {
      eval.rows[sumOfExp] = sum;
      return eval.at(parts.perToken, label, 0);
    };
    auto divisorAt = [&](double count) {
      eval.rows[parts.count] = count;
      return eval.at(parts.divisor, kTarget, 0);
    };
    if (same(perTokenAt(kTarget, 2.5), std::log(2.5) + shift - targetLogit) &&
        same(perTokenAt(kTarget, 0.75), std::log(0.75) + shift - targetLogit) &&
        same(perTokenAt(match.ignoreIndex, 2.5), 0.0) &&
        same(eval.at(parts.valid, kTarget, 0), 1.0) &&
        same(eval.at(parts.valid, match.ignoreIndex, 0), 0.0) &&
        same(divisorAt(1.0), 1.0) && same(divisorAt(7.0), 7.0))
      return MeanLossMatch{loss, {}};
  }
  return std::nullopt;
}
