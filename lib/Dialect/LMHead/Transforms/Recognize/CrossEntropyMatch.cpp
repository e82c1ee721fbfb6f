//===- CrossEntropyMatch.cpp - softmax cross-entropy around the LM head ---===//
//
// The structure is matched on expressions, in the three spellings frontends
// emit for dZ (z = h·Wᵀ [+ b], y = z or z − (a row value)):
//
//   g − exp(logp)·Σ_v g        logp = y − log Σ_v exp(y), g the nll backward
//                              (PyTorch's backward functions; g's one-hot
//                              by comparison or by a scatter);
//   (softmax − onehot)·s       a fused form;
//   exp(y)·s/Σ_v exp(y) + q    q = −s at the labels, scatter-added (JAX).
//
// What depends on labels (the one-hot, the ignored tokens, the scale of
// valid tokens) is checked by evaluating the expressions at chosen labels
// and columns (LabelEvaluation.h), so that any spelling of the same
// function is accepted and nothing else is. Tokens may be one loop ([N,V])
// or two ([B,S,V], then collapsed for the products).
//
//===----------------------------------------------------------------------===//

#include "CrossEntropyMatch.h"
#include "ContractionMatch.h"
#include "CrossEntropyByValue.h"
#include "LabelEvaluation.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"

#include <cmath>

using namespace mlir;
using namespace mlir::lmhead;

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
      why = "the softmax is not exp of a log-softmax y - log sum exp(y)";
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

/// `value` before elementwise generics that only round it (one truncf or
/// extf of one input, identity maps): autocast rounds the [N,V] product to
/// bf16 before reshaping it to [B,S,V] and widening it again.
Value throughRoundingGenerics(Value value) {
  while (auto g = value.getDefiningOp<linalg::GenericOp>()) {
    if (g.getNumDpsInputs() != 1 || g.getNumResults() != 1 ||
        g.getNumReductionLoops() != 0 ||
        !llvm::all_of(g.getIndexingMapsArray(),
                      [](AffineMap m) { return m.isIdentity(); }))
      break;
    Block *body = g.getBody();
    Operation &round = body->front();
    if (body->getOperations().size() != 2 ||
        !isa<arith::TruncFOp, arith::ExtFOp>(round) ||
        round.getOperand(0) != body->getArgument(0) ||
        body->getTerminator()->getOperand(0) != round.getResult(0))
      break;
    value = g.getDpsInputOperand(0)->get();
  }
  return value;
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
    why = "the softmax is not of a logits tensor (h*W^T or h*W^T + b)";
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
    logits2D = throughRoundingGenerics(expand.getSrc());
  }
  // Autocast may round the product, reshape it to [B,S,V], widen it and
  // collapse it back: the same logits, by rounding.
  while (true) {
    Value before = logits2D;
    logits2D = throughRoundingGenerics(logits2D);
    if (auto collapse = logits2D.getDefiningOp<tensor::CollapseShapeOp>()) {
      auto expand = throughRoundingGenerics(collapse.getSrc())
                        .getDefiningOp<tensor::ExpandShapeOp>();
      if (expand && expand.getReassociationIndices() ==
                        collapse.getReassociationIndices())
        logits2D = expand.getSrc();
    }
    if (logits2D == before)
      break;
  }
  auto product2D = logits2D.getDefiningOp<linalg::LinalgOp>();
  if (!product2D || whyNotAProduct(product2D)) {
    why = "the logits are not a 2-D product h*W^T";
    return false;
  }
  ContractionRoles roles = classifyProduct(product2D);
  if (roles.hiddenGrads.empty()) {
    why = "the logits product is not [N,V] = h*W^T";
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
    why = "dZ is not a difference g - softmax*sum(g)";
    return std::nullopt;
  }
  const Expr *g = e->operands[0], *product = e->operands[1];
  if (!isOp(product, "arith.mulf")) {
    why =
        "dZ is not g - softmax*sum(g) (no product of a softmax and a row sum)";
    return std::nullopt;
  }
  const Expr *softmax = product->operands[0], *row = product->operands[1];
  if (!isOp(softmax, "math.exp"))
    std::swap(softmax, row);
  if (!isOp(softmax, "math.exp") || rowSumOperand(exprs, row, tokenRank) != g) {
    why = "dZ is not g - exp(logp)*sum_v g over the same g";
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
    why = "dZ is neither g - softmax*sum(g) nor (softmax - onehot)*s";
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
      why = "softmax - x with x not a one-hot of the labels";
      return std::nullopt;
    }
    std::optional<double> valid = eval.at(scale, kTarget, kTarget);
    if (!valid || *valid == 0.0 || !std::isfinite(*valid) ||
        !same(eval.at(scale, kSecondTarget, kTarget), *valid)) {
      why = "the scale of softmax - onehot is not one value for every token";
      return std::nullopt;
    }
    findIgnoreIndex(scale, match,
                    [&](int64_t c) { return same(eval.at(scale, c, 0), 0.0); });
    match.targetGrad = valueForValidTokens(scale, match.labels);
    if (!match.targetGrad) {
      why = "the scale of softmax - onehot is not a select of one value";
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
    why = "dZ is neither g - softmax*sum(g), (softmax - onehot)*s nor "
          "softmax*s - onehot*s";
    return std::nullopt;
  }
  why = "dZ is not softmax*s - onehot*s";
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
      why = "softmax*s + q with q not a scaled one-hot of the labels";
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
      why = "the softmax's scale is not s / sum_v exp(y)";
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

bool mlir::lmhead::matchLogitsProduct(const Expr *shifted,
                                      CrossEntropyGradMatch &match,
                                      std::string &why) {
  return matchLogits(shifted, match, why);
}

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
      // An [N,V] dZ expanded to [B,S,V] only to be rounded and collapsed
      // back (bf16 autocast) is that [N,V] dZ, rounded.
      auto expand = throughRoundingGenerics(source)
                        .getDefiningOp<tensor::ExpandShapeOp>();
      if (expand && expand.getReassociationIndices() == groups) {
        source = expand.getSrc();
        tokenRank = 1;
      }
    }
  }
  const Expr *e = stripRounding(exprs.build(source));
  std::optional<CrossEntropyGradMatch> match;
  if (isOp(e, "arith.mulf")) {
    match = matchSoftmaxMinusOneHot(exprs, e, tokenRank, why);
  } else if (isOp(e, "arith.subf")) {
    match = matchLogSoftmaxBackward(exprs, e, tokenRank, why);
    std::string scaledWhy;
    if (!match)
      match = matchScaledSoftmaxMinusOneHot(exprs, e, tokenRank, scaledWhy);
  } else {
    match = matchScaledSoftmaxMinusOneHot(exprs, e, tokenRank, why);
  }
  if (!e)
    return match;
  // What dZ computes decides: it confirms (or corrects, when the spelling
  // hid an option) a spelling's match, or finds one no spelling matched.
  // A spelling's reason is kept when both fail, since it says what dZ looks
  // like.
  std::string valueWhy;
  bool computesOther = false;
  std::optional<CrossEntropyGradMatch> byValue = matchCrossEntropyGradByValue(
      exprs, e, tokenRank, valueWhy, &computesOther);
  if (!match)
    return byValue;
  if (!byValue && computesOther) {
    why = "it reads like a softmax cross-entropy, but " + valueWhy;
    return std::nullopt;
  }
  if (byValue && (byValue->labelSmoothing != 0 || byValue->zLossWeight != 0 ||
                  byValue->logitSoftcap != 0))
    return byValue;
  return match;
}
