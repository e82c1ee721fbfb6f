//===- MeanLossMatch.cpp - the forward loss of a cross-entropy ------------===//
//
// Two spellings of the mean loss are read, each checked by evaluation at
// chosen labels so that nothing else is taken for it:
//
//   PyTorch: Σ_n [valid] (−logp[n, y_n]) / count, with logp the same
//            log-softmax as the backward's, gathered at the labels;
//   JAX:     Σ_t [valid] (log Σ_v exp(y) + m − z[t, y_t]) / f(count), with
//            y = z − m the backward's shifted logits and f(c) = c for c ≥ 1
//            (JAX divides by max(count, 1)).
//
//===----------------------------------------------------------------------===//

#include "MeanLossMatch.h"
#include "CrossEntropyByValue.h"
#include "LabelEvaluation.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <cmath>

using namespace mlir;
using namespace mlir::lmhead;

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

/// The expression of a rank-0 generic's result when it is a division.
const Expr *scalarDivision(ElementwiseExprBuilder &exprs,
                           linalg::GenericOp generic) {
  if (generic.getNumResults() != 1 || generic.getNumLoops() != 0)
    return nullptr;
  const Expr *e = exprs.build(generic->getResult(0), {});
  return isOp(e, "arith.divf") ? e : nullptr;
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
  const Expr *e = scalarDivision(exprs, generic);
  if (!e)
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
  const Expr *e = scalarDivision(exprs, generic);
  if (!e)
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
    : exprs(exprs), block(block) {
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
  if (std::optional<MeanLossMatch> lse = findLseLoss(match))
    return lse;
  return findLossByValue(exprs, block, match);
}

std::optional<MeanLossMatch>
MeanLossIndex::findLseLoss(const CrossEntropyGradMatch &match) {
  // loss = Σ_tokens [valid] (log Σ_v exp(y) + m − z[y_t]) / f(count), with
  // y = z − m: the log-sum-exp minus the gathered target logit.
  if (!match.shifted || !match.softmaxNumerator)
    return std::nullopt;
  for (auto &entry : lseLosses) {
    // Named, not structured bindings: the lambdas below capture them.
    Value loss = entry.first;
    const auto &parts = entry.second;
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
