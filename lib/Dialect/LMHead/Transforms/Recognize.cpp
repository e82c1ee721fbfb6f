//===- Recognize.cpp - find the LM-head backward (--lmhead-recognize) -----===//
//
// Every 2-D contraction of a function is read by structure
// (Recognize/ContractionMatch.h): it may compute `dh = dZ·W` or
// `dW = dZᵀ·h`, and the products are grouped by the dZ they read. A dZ made
// by a softmax cross-entropy (Recognize/CrossEntropyMatch.h) is the strongest
// evidence of an LM head: its products become `lmhead.ce_linear_grad`, the
// graph's mean loss `lmhead.ce_linear_fwd`, and the N×V chain between them
// dies (Recognize/CrossEntropyRewrite.cpp). Without a cross-entropy, only a
// pair of products sharing dZ is rewritten, into `lmhead.linear_grad` (with
// a column sum of the same dZ as its bias gradient;
// Recognize/LinearGradRewrite.cpp). Every candidate left alone gets a missed
// remark naming the reason, every rewrite a passed one.
//
// This file is the pass: it finds the candidates and takes all decisions
// that need the block's op order before the first rewrite, so that the pass
// stays linear in the size of the graph.
//
//===----------------------------------------------------------------------===//

#include "Recognize/ContractionMatch.h"
#include "Recognize/CrossEntropyMatch.h"
#include "Recognize/ElementwiseExpr.h"
#include "Recognize/MeanLossMatch.h"
#include "Recognize/ReshapedLogits.h"
#include "Recognize/Rewrite.h"
#include "Recognize/TokenCollapse.h"
#include "lmhead/Dialect/LMHead/IR/LMHeadOps.h"
#include "lmhead/Dialect/LMHead/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Dominance.h"

#define DEBUG_TYPE "lmhead-recognize"

namespace mlir {
namespace lmhead {
#define GEN_PASS_DEF_LMHEADRECOGNIZE
#include "lmhead/Dialect/LMHead/Transforms/Passes.h.inc"
} // namespace lmhead
} // namespace mlir

using namespace mlir;
using namespace mlir::lmhead;
using namespace mlir::lmhead::recognize;

namespace {

/// The vocabulary loop of a column sum's output map: (t, v) -> (v), or
/// (t, v) -> (0, v) for a [1,V] result.
std::optional<unsigned> columnSumOutputLoop(AffineMap outMap) {
  std::optional<unsigned> loop;
  for (AffineExpr e : outMap.getResults()) {
    if (auto d = dyn_cast<AffineDimExpr>(e)) {
      if (loop)
        return std::nullopt;
      loop = d.getPosition();
    } else if (auto c = dyn_cast<AffineConstantExpr>(e);
               !c || c.getValue() != 0) {
      return std::nullopt;
    }
  }
  if (outMap.getNumResults() > 2)
    return std::nullopt;
  return loop;
}

/// Whether `op` sums the traced `dz` over its token dimension into a [V]
/// (or [1,V]) vector that starts from zero.
bool isColumnSumOf(linalg::LinalgOp op, Value dz) {
  if (op.getNumDpsInputs() != 1 || op.getNumDpsInits() != 1 ||
      !op.hasPureTensorSemantics() || op.getNumLoops() != 2 ||
      op.getNumReductionLoops() != 1 || accumulatedInit(op))
    return false;
  OpOperand *input = op.getDpsInputOperand(0);
  MatrixSource source = traceMatrix(input->get());
  if (source.value != dz)
    return false;
  AffineMap inMap = op.getMatchingIndexingMap(input);
  AffineMap outMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  std::optional<unsigned> outLoop = columnSumOutputLoop(outMap);
  if (!inMap.isProjectedPermutation() || !outLoop)
    return false;
  unsigned tokenDim = source.transposed ? 1 : 0;
  unsigned vocabDim = 1 - tokenDim;
  auto loopOf = [&](unsigned dim) {
    return cast<AffineDimExpr>(inMap.getResult(dim)).getPosition();
  };
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  if (*outLoop != loopOf(vocabDim) ||
      iterators[loopOf(tokenDim)] != utils::IteratorType::reduction)
    return false;
  // Body: out + (extf?) in.
  Block *body = op.getBlock();
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  auto add = yield.getValues().front().getDefiningOp<arith::AddFOp>();
  if (!add)
    return false;
  Value in = body->getArgument(0), out = body->getArgument(1);
  auto skipExt = [](Value v) {
    if (auto ext = v.getDefiningOp<arith::ExtFOp>())
      return ext.getIn();
    return v;
  };
  return (add.getLhs() == out && skipExt(add.getRhs()) == in) ||
         (add.getRhs() == out && skipExt(add.getLhs()) == in);
}

/// The values outside generic bodies that the expression `e` reads.
SmallVector<Value> valuesRead(const Expr *e) {
  SmallVector<Value> values;
  forEachNode(e, [&](const Expr &node) {
    if (node.kind == Expr::Kind::Tensor ||
        (node.kind == Expr::Kind::Scalar &&
         !(node.value.getDefiningOp() &&
           node.value.getDefiningOp()->getParentOfType<linalg::GenericOp>())))
      values.push_back(node.value);
  });
  return values;
}

/// The first of `ops` in their block.
Operation *firstInBlock(ArrayRef<Operation *> ops) {
  Operation *first = ops.front();
  for (Operation *op : ops)
    if (op->isBeforeInBlock(first))
      first = op;
  return first;
}

class Recognizer {
public:
  explicit Recognizer(Operation *root) : root(root), dominance(root) {}

  void run() {
    collapseTokenLoops(root);
    collapseReshapedElementwiseChains(root);
    collectProducts();
    groupProducts();
    for (HeadGroup &group : groups)
      rewrite(group);
    for (linalg::LinalgOp op : candidates)
      if (!claimed.contains(op.getOperation()) &&
          !logitsProducts.contains(op.getOperation())) {
        std::string why = missedReason.lookup(op.getOperation());
        if (why.empty())
          why = "no group of products of one logit gradient took it (its "
                "dZ has no cross-entropy and no second product left)";
        remarkMissed(op, why);
      }
  }

private:
  /// Every contraction that could be an LM-head product; the others that
  /// look like contractions get a remark saying why they cannot be.
  void collectProducts() {
    root->walk([&](linalg::LinalgOp op) {
      if (op.getNumDpsInputs() == 1 && op.getNumDpsInits() == 1 &&
          op.getNumReductionLoops() == 1 && op.getNumLoops() == 2) {
        Value source = traceMatrix(op.getDpsInputOperand(0)->get()).value;
        columnSums[source].push_back(op);
        return;
      }
      if (op.getNumDpsInputs() != 2 || !op.hasPureTensorSemantics() ||
          !linalg::isaContractionOpInterface(op))
        return;
      if (std::optional<std::string> why = whyNotAProduct(op)) {
        remarkMissed(op, *why);
        return;
      }
      ContractionRoles roles = classifyProduct(op);
      if (roles.hiddenGrads.empty() && roles.weightGrads.empty()) {
        remarkMissed(op, "its result is not [N,D] of a vocabulary "
                         "contraction nor a weight gradient of a token "
                         "contraction");
        return;
      }
      candidates.push_back(op);
      for (HiddenGradMatch &dh : roles.hiddenGrads)
        addReading(dh.dz.value).hiddenGrads.push_back(dh);
      for (WeightGradMatch &dw : roles.weightGrads)
        addReading(dw.dz.value).weightGrads.push_back(dw);
    });
  }

  /// For each dZ (in program order): a dh and a dW product reading it, and
  /// the cross-entropy producing it. A cross-entropy is evidence enough for
  /// one product; without one, only a pair is an LM head.
  void groupProducts() {
    // Cross-entropies first: they are the strongest evidence, and their
    // logits product (h·Wᵀ) also reads like a dh product of dZ = h.
    for (bool withCrossEntropy : {true, false}) {
      for (Value dz : dzOrder) {
        std::optional<CrossEntropyGradMatch> crossEntropy;
        std::string ceWhy = "no softmax cross-entropy produces it";
        if (withCrossEntropy) {
          crossEntropy = matchCrossEntropyGrad(exprs, dz, ceWhy);
          if (!crossEntropy) {
            ceWhys[dz] = ceWhy;
            continue;
          }
          logitsProducts.insert(crossEntropy->logits.getOperation());
        }
        tryGroup(dz, crossEntropy);
      }
    }
  }

  /// Forms the group of `dz` from unclaimed products, and keeps it when it
  /// can be rewritten; otherwise records why not.
  void tryGroup(Value dz, std::optional<CrossEntropyGradMatch> crossEntropy) {
    ContractionRoles &readings = readingsByDz[dz];
    HeadGroup group;
    group.dz = dz;
    group.crossEntropy = crossEntropy;
    auto available = [&](Operation *op) {
      return !claimed.contains(op) && !logitsProducts.contains(op);
    };
    for (HiddenGradMatch &dh : readings.hiddenGrads)
      if (available(dh.op)) {
        group.dh = dh;
        break;
      }
    for (WeightGradMatch &dw : readings.weightGrads)
      if (available(dw.op) &&
          (!group.dh || (dw.op != group.dh->op &&
                         dw.op->getBlock() == group.dh->op->getBlock()))) {
        group.dw = dw;
        break;
      }
    if (!group.dh && !group.dw)
      return;
    std::optional<std::string> why;
    if (!crossEntropy && !(group.dh && group.dw))
      why = "no second product shares its logit gradient and " +
            ceWhys.lookup(dz) + ", so it is not known to be an LM head";
    else
      why = whyNotRewritable(group);
    if (why) {
      // The first reason found (for the dZ read first) is the one reported,
      // for every product of this dZ the group could have taken.
      for (Operation *op : group.products())
        missedReason.try_emplace(op, *why);
      for (HiddenGradMatch &dh : readings.hiddenGrads)
        if (available(dh.op))
          missedReason.try_emplace(dh.op, *why);
      for (WeightGradMatch &dw : readings.weightGrads)
        if (available(dw.op))
          missedReason.try_emplace(dw.op, *why);
      return;
    }
    for (Operation *op : group.products())
      claimed.insert(op);
    group.db = findColumnSum(group);
    group.first = firstInBlock(group.products());
    group.forwardAt = group.first;
    group.moves = reshapesToMove(
        {group.h(), group.w(),
         group.crossEntropy ? group.crossEntropy->labels : group.dz},
        group.first);
    if (group.crossEntropy) {
      Block *block = group.first->getBlock();
      std::unique_ptr<MeanLossIndex> &index = meanLosses[block];
      if (!index)
        index = std::make_unique<MeanLossIndex>(exprs, block);
      group.meanLoss = index->find(*group.crossEntropy);
      // The forward goes where the graph's loss was, when that comes first.
      if (group.meanLoss) {
        Operation *lossOp = group.meanLoss->loss.getDefiningOp();
        if (lossOp->isBeforeInBlock(group.first) &&
            llvm::all_of(
                ValueRange{group.h(), group.w(), group.crossEntropy->labels},
                [&](Value v) {
                  return dominance.properlyDominates(v, lossOp);
                }) &&
            (!group.crossEntropy->bias ||
             dominance.properlyDominates(group.crossEntropy->bias, lossOp)))
          group.forwardAt = lossOp;
      }
    }
    groups.push_back(group);
  }

  ContractionRoles &addReading(Value dz) {
    auto [it, inserted] = readingsByDz.try_emplace(dz);
    if (inserted)
      dzOrder.push_back(dz);
    return it->second;
  }

  /// What keeps a group from being rewritten, or nothing.
  std::optional<std::string> whyNotRewritable(const HeadGroup &group) {
    if (const std::optional<CrossEntropyGradMatch> &ce = group.crossEntropy) {
      if (group.dh &&
          (group.dh->w.value != ce->w || group.dh->layout != ce->layout))
        return "dh = dZ*W reads another weight than the logits";
      if (group.dw && group.dw->h.value != ce->h)
        return "dW = dZ^T*h reads other hidden states than the logits";
      if (ce->bias &&
          getElementTypeOrSelf(ce->bias) != getElementTypeOrSelf(ce->h))
        return "the logit bias has another element type than h and W";
    }
    Value h = group.h(), w = group.w();
    Type hType = getElementTypeOrSelf(h), wType = getElementTypeOrSelf(w);
    if (hType != wType ||
        (!group.crossEntropy && getElementTypeOrSelf(group.dz) != hType))
      return "dZ, h and W do not share one element type";
    if (!hType.isF32() && !hType.isF16() && !hType.isBF16())
      return "the operands are not f32, f16 or bf16";
    Type accType = group.accumulatorType();
    for (Operation *op : group.products())
      if (op != group.db && getElementTypeOrSelf(op->getResult(0)) != accType)
        return "the products accumulate in different element types";
    if (!accType.isF32() && accType != hType)
      return "the products accumulate in a type that is neither f32 nor "
             "the operand type";
    // The lmhead ops replace the products at the first of them, so all they
    // read must exist there.
    Operation *first = firstInBlock(group.products());
    SmallVector<Value> reads = {h, w};
    if (group.crossEntropy) {
      reads.push_back(group.crossEntropy->labels);
      reads.push_back(group.crossEntropy->bias);
      llvm::append_range(reads, valuesRead(group.crossEntropy->targetGrad));
    } else {
      reads.push_back(group.dz);
    }
    if (group.dh)
      reads.push_back(accumulatedInit(group.dh->op));
    if (group.dw)
      reads.push_back(accumulatedInit(group.dw->op));
    for (Value value : reads)
      if (value && !dominance.properlyDominates(value, first) &&
          !movableBefore(value, first))
        return "an operand of a later product is computed after the first "
               "product";
    return std::nullopt;
  }

  /// Whether `value` can be made available at `first` by moving its
  /// defining reshape there: frontends collapse [B,S] tokens right before
  /// the product that uses them.
  bool movableBefore(Value value, Operation *first) {
    Operation *def = value.getDefiningOp();
    return def && isa<tensor::CollapseShapeOp, tensor::ExpandShapeOp>(def) &&
           def->getBlock() == first->getBlock() &&
           dominance.properlyDominates(def->getOperand(0), first);
  }

  /// The reshapes to move before `first` so that `reads` are available.
  SmallVector<Operation *> reshapesToMove(ArrayRef<Value> reads,
                                          Operation *first) {
    SmallVector<Operation *> moves;
    for (Value value : reads)
      if (value && !dominance.properlyDominates(value, first))
        moves.push_back(value.getDefiningOp());
    return moves;
  }

  /// A column sum of the group's dZ in the same block, if there is one: the
  /// bias gradient (for a cross-entropy, only when its logits have a bias).
  std::optional<linalg::LinalgOp> findColumnSum(const HeadGroup &group) {
    if (group.crossEntropy && !group.crossEntropy->bias)
      return std::nullopt;
    Block *block = group.products().front()->getBlock();
    for (linalg::LinalgOp op : columnSums.lookup(group.dz)) {
      if (op->getBlock() != block || claimed.contains(op.getOperation()) ||
          !isColumnSumOf(op, group.dz))
        continue;
      Type sumType = getElementTypeOrSelf(op->getResult(0));
      Type accType = group.accumulatorType();
      if (sumType != accType) {
        // Summing in another type rounds differently; semantics first.
        std::string names;
        llvm::raw_string_ostream os(names);
        os << "not folded into the lmhead op: this bias gradient sum dZ "
              "accumulates in "
           << sumType << " where the lmhead op accumulates in " << accType
           << ", so it stays as it is";
        remarkAnalysis(op, names);
        continue;
      }
      claimed.insert(op.getOperation());
      return op;
    }
    return std::nullopt;
  }

  /// Replaces the products of `group` by lmhead ops placed at the first of
  /// them (every operand they use is defined before it).
  void rewrite(HeadGroup &group) {
    if (group.crossEntropy)
      rewriteCrossEntropy(group, dominance);
    else
      rewriteLinearGrad(group, dominance, ceWhys.lookup(group.dz));
  }

  Operation *root;
  DominanceInfo dominance;
  ElementwiseExprBuilder exprs;
  SmallVector<linalg::LinalgOp> candidates;
  /// The readings of each dZ, and the dZ values in program order.
  llvm::DenseMap<Value, ContractionRoles> readingsByDz;
  SmallVector<Value> dzOrder;
  std::vector<HeadGroup> groups;
  llvm::SmallPtrSet<Operation *, 16> claimed;
  llvm::DenseMap<Operation *, std::string> missedReason;
  /// Why no cross-entropy produces each dZ.
  llvm::DenseMap<Value, std::string> ceWhys;
  /// The mean-loss index of each block with a cross-entropy.
  llvm::DenseMap<Block *, std::unique_ptr<MeanLossIndex>> meanLosses;
  /// The logits products of recognised cross-entropies.
  llvm::SmallPtrSet<Operation *, 4> logitsProducts;
  /// Single-input reductions of 2-D values, by traced input: the possible
  /// bias gradients.
  llvm::DenseMap<Value, SmallVector<linalg::LinalgOp, 1>> columnSums;
};

struct RecognizePass : mlir::lmhead::impl::LMHeadRecognizeBase<RecognizePass> {
  void runOnOperation() override { Recognizer(getOperation()).run(); }
};

} // namespace
