//===- Recognize.cpp - find the LM-head backward (--lmhead-recognize) -----===//
//
// Every 2-D contraction of a function is read by structure
// (ContractionMatch.h): it may compute `dh = dZ·W` or `dW = dZᵀ·h`, and the
// products are grouped by the dZ they read. A dZ made by a softmax
// cross-entropy (CrossEntropyMatch.h) is the strongest evidence of an LM
// head: its products become `lmhead.ce_linear_grad`, the graph's mean loss
// `lmhead.ce_linear_fwd`, and the N×V chain between them dies. Without a
// cross-entropy, only a pair of products sharing dZ is rewritten, into
// `lmhead.linear_grad` (with a column sum of the same dZ as its bias
// gradient). Every candidate left alone gets a missed remark naming the
// reason, every rewrite a passed one.
//
// All decisions that need the block's op order are taken before the first
// rewrite, so that the pass stays linear in the size of the graph.
//
//===----------------------------------------------------------------------===//

#include "Recognize/ContractionMatch.h"
#include "Recognize/CrossEntropyMatch.h"
#include "Recognize/ElementwiseExpr.h"
#include "Recognize/MeanLossMatch.h"
#include "Recognize/TokenCollapse.h"
#include "lmhead/Dialect/LMHead/IR/LMHeadOps.h"
#include "lmhead/Dialect/LMHead/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Remarks.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#define DEBUG_TYPE "lmhead-recognize"

namespace mlir {
namespace lmhead {
#define GEN_PASS_DEF_LMHEADRECOGNIZE
#include "lmhead/Dialect/LMHead/Transforms/Passes.h.inc"
} // namespace lmhead
} // namespace mlir

using namespace mlir;
using namespace mlir::lmhead;

namespace {

constexpr StringLiteral kRemarkCategory = "lmhead-recognize";

/// The name of the function around `op`, for remarks.
StringRef enclosingFunctionName(Operation *op) {
  if (auto func = op->getParentOfType<FunctionOpInterface>())
    return func.getName();
  return "";
}

/// Reports that `op` was left alone, and why.
void remarkMissed(Operation *op, const Twine &reason) {
  remark::missed(op->getLoc(), remark::RemarkOpts::name("NotAnLMHead")
                                   .category(kRemarkCategory)
                                   .function(enclosingFunctionName(op)))
      << ("not rewritten: " + reason).str();
}

/// Reports that `op` became part of an lmhead op.
void remarkPassed(Operation *op, const Twine &what) {
  remark::passed(op->getLoc(), remark::RemarkOpts::name("LMHeadRecognized")
                                   .category(kRemarkCategory)
                                   .function(enclosingFunctionName(op)))
      << what.str();
}

/// Reports what recognition noticed about `op` without changing it.
void remarkAnalysis(Operation *op, const Twine &what) {
  remark::analysis(op->getLoc(), remark::RemarkOpts::name("LMHeadAccumulation")
                                     .category(kRemarkCategory)
                                     .function(enclosingFunctionName(op)))
      << what.str();
}

/// The elementwise `result + other` (a generic of identity maps adding its
/// two inputs) that is the only user of `result`, with `other`.
std::optional<std::pair<linalg::GenericOp, Value>> soleAddUser(Value result) {
  if (!result.hasOneUse())
    return std::nullopt;
  auto add = dyn_cast<linalg::GenericOp>(*result.getUsers().begin());
  if (!add || add.getNumDpsInputs() != 2 || add.getNumResults() != 1 ||
      add.getNumReductionLoops() != 0 ||
      add->getResult(0).getType() != result.getType() ||
      !llvm::all_of(add.getIndexingMapsArray(),
                    [](AffineMap map) { return map.isIdentity(); }))
    return std::nullopt;
  Block *body = add.getBody();
  auto sum =
      body->getTerminator()->getOperand(0).getDefiningOp<arith::AddFOp>();
  if (!sum || !((sum.getLhs() == body->getArgument(0) &&
                 sum.getRhs() == body->getArgument(1)) ||
                (sum.getLhs() == body->getArgument(1) &&
                 sum.getRhs() == body->getArgument(0))))
    return std::nullopt;
  Value other = add.getDpsInputOperand(0)->get() == result
                    ? add.getDpsInputOperand(1)->get()
                    : add.getDpsInputOperand(0)->get();
  if (other == result || other.getType() != result.getType())
    return std::nullopt;
  return std::make_pair(add, other);
}

/// The [V] type of the bias gradient that the column sum `sum` ([V] or
/// [1,V]) computes.
RankedTensorType biasGradType(linalg::LinalgOp sum) {
  auto type = cast<RankedTensorType>(sum->getResult(0).getType());
  return RankedTensorType::get({type.getShape().back()}, type.getElementType());
}

RankedTensorType transposedType(RankedTensorType type) {
  return RankedTensorType::get({type.getDimSize(1), type.getDimSize(0)},
                               type.getElementType());
}

/// A 2-D transpose of `value` at the builder's position.
Value transpose2D(OpBuilder &b, Location loc, Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<OpFoldResult> sizes = {tensor::getMixedSize(b, loc, value, 1),
                                     tensor::getMixedSize(b, loc, value, 0)};
  Value init = tensor::EmptyOp::create(b, loc, sizes, type.getElementType());
  Value result =
      linalg::TransposeOp::create(b, loc, value, init, ArrayRef<int64_t>{1, 0})
          .getResult()
          .front();
  RankedTensorType want = transposedType(type);
  if (result.getType() != want)
    result = tensor::CastOp::create(b, loc, want, result);
  return result;
}

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

/// Erases the replaced ops `roots` once they have no uses, and then every
/// producer of their operands left without uses and without side effects
/// (the transposes, casts, fills and empty tensors that only fed them).
void eraseWithDeadProducers(ArrayRef<Operation *> roots) {
  llvm::SmallPtrSet<Operation *, 8> isRoot(roots.begin(), roots.end());
  llvm::SetVector<Operation *> worklist(roots.begin(), roots.end());
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (!op->use_empty())
      continue; // Still feeding another op; revisited once that is gone.
    SmallVector<Value> operands(op->getOperands());
    isRoot.erase(op);
    op->erase();
    for (Value operand : operands) {
      Operation *producer = operand.getDefiningOp();
      if (producer && producer->use_empty() &&
          (isRoot.contains(producer) || isOpTriviallyDead(producer)))
        worklist.insert(producer);
    }
  }
}

/// Recreates the label-free scalar expression `e` (the target gradient of a
/// cross-entropy) at the builder's position.
Value materializeScalar(OpBuilder &b, Location loc, const Expr *e) {
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

/// One LM-head backward found in a block: the dh and dW products that share
/// a logit gradient (either may be absent when a cross-entropy makes it),
/// the optional bias-gradient column sum, and the cross-entropy.
struct HeadGroup {
  Value dz;
  std::optional<HiddenGradMatch> dh;
  std::optional<WeightGradMatch> dw;
  std::optional<linalg::LinalgOp> db;
  std::optional<CrossEntropyGradMatch> crossEntropy;
  /// Decided before any rewrite, while the block's op order is still
  /// cached: where the lmhead ops go, and the graph's mean loss with the op
  /// before which the forward goes.
  Operation *first = nullptr;
  std::optional<MeanLossMatch> meanLoss;
  Operation *forwardAt = nullptr;
  /// Reshapes of operands that must move before `first`.
  SmallVector<Operation *> moves;

  Value h() const { return crossEntropy ? crossEntropy->h : dw->h.value; }
  Value w() const { return crossEntropy ? crossEntropy->w : dh->w.value; }
  WeightLayout layout() const {
    return crossEntropy ? crossEntropy->layout : dh->layout;
  }
  SmallVector<Operation *> products() const {
    SmallVector<Operation *> ops;
    if (dh)
      ops.push_back(dh->op);
    if (dw)
      ops.push_back(dw->op);
    if (db)
      ops.push_back(*db);
    return ops;
  }
};

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
    collectProducts();
    groupProducts();
    for (HeadGroup &group : groups)
      rewrite(group);
    for (linalg::LinalgOp op : candidates)
      if (!claimed.contains(op.getOperation()) &&
          !logitsProducts.contains(op.getOperation()))
        remarkMissed(op, missedReason.lookup(op.getOperation()));
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
      std::string why = whyNotAProduct(op);
      if (!why.empty()) {
        remarkMissed(op, why);
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
    std::string why;
    if (!crossEntropy && !(group.dh && group.dw))
      why = "no second product shares its logit gradient and " +
            ceWhys.lookup(dz) + ", so it is not known to be an LM head";
    else
      why = whyNotRewritable(group);
    if (!why.empty()) {
      // The first reason found (for the dZ read first) is the one reported.
      for (Operation *op : group.products())
        missedReason.try_emplace(op, why);
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

  /// What keeps a group from being rewritten, if anything.
  std::string whyNotRewritable(const HeadGroup &group) {
    if (const std::optional<CrossEntropyGradMatch> &ce = group.crossEntropy) {
      if (group.dh &&
          (group.dh->w.value != ce->w || group.dh->layout != ce->layout))
        return "dh = dZ·W reads another weight than the logits";
      if (group.dw && group.dw->h.value != ce->h)
        return "dW = dZᵀ·h reads other hidden states than the logits";
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
    Type accType = accumulatorType(group);
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
    return "";
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

  /// The accumulator type of the group's products.
  Type accumulatorType(const HeadGroup &group) {
    if (group.crossEntropy)
      return getElementTypeOrSelf(group.crossEntropy->logits->getResult(0));
    return getElementTypeOrSelf(group.dh->op->getResult(0));
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
      Type accType = accumulatorType(group);
      if (sumType != accType) {
        // Summing in another type rounds differently; semantics first.
        std::string names;
        llvm::raw_string_ostream os(names);
        os << "not folded into the lmhead op: this bias gradient Σ dZ "
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
    SmallVector<Operation *> replaced = group.products();
    for (Operation *reshape : group.moves)
      reshape->moveBefore(group.first);
    OpBuilder b(group.first);
    Location loc = b.getFusedLoc(llvm::map_to_vector(
        replaced, [](Operation *op) { return op->getLoc(); }));
    WeightLayout layout = group.layout();
    Value h = group.h(), w = group.w();
    auto hType = cast<RankedTensorType>(h.getType());
    auto wType = cast<RankedTensorType>(w.getType());
    Type accType = accumulatorType(group);
    TypeAttr accAttr = accType.isF32() ? TypeAttr() : TypeAttr::get(accType);

    // Result types: the products' own, the weight gradient in W's layout.
    RankedTensorType dhType = RankedTensorType::get(hType.getShape(), accType);
    RankedTensorType dwType = RankedTensorType::get(wType.getShape(), accType);
    bool dwTransposed = false;
    if (group.dh)
      dhType = cast<RankedTensorType>(group.dh->op->getResult(0).getType());
    if (group.dw) {
      dwType = cast<RankedTensorType>(group.dw->op->getResult(0).getType());
      dwTransposed = group.dw->resultLayout != layout;
      if (dwTransposed)
        dwType = transposedType(dwType);
    }
    Value dhAcc = group.dh ? accumulatedInit(group.dh->op) : Value();
    Value dwAcc = group.dw ? accumulatedInit(group.dw->op) : Value();
    if (dwAcc && dwTransposed)
      dwAcc = transpose2D(b, loc, dwAcc);
    // A gradient computed from zero and then added to another one (tied
    // embeddings, gradient accumulation) accumulates into it instead.
    auto foldAddedGradient = [&](std::optional<Operation *> product,
                                 Value &acc) -> Operation * {
      if (!product || acc)
        return nullptr;
      auto add = soleAddUser((*product)->getResult(0));
      if (!add)
        return nullptr;
      if (dominance.properlyDominates(add->second, group.first)) {
        acc = add->second;
        return add->first;
      }
      remarkAnalysis(add->first,
                     "not accumulated into: this sum adds an lmhead "
                     "gradient to a value computed after the lmhead op "
                     "(a tied embedding gradient needs dh first), so it "
                     "stays a separate sum");
      return nullptr;
    };
    Operation *dhAdd = foldAddedGradient(
        group.dh ? std::optional<Operation *>(group.dh->op.getOperation())
                 : std::nullopt,
        dhAcc);
    Operation *dwAdd =
        dwTransposed
            ? nullptr
            : foldAddedGradient(group.dw ? std::optional<Operation *>(
                                               group.dw->op.getOperation())
                                         : std::nullopt,
                                dwAcc);

    Value newDh, newDw, newDb;
    std::string what;
    if (group.crossEntropy) {
      const CrossEntropyGradMatch &ce = *group.crossEntropy;
      Value meanLoss = group.meanLoss ? group.meanLoss->loss : Value();
      OpBuilder fb(group.forwardAt);
      Type f32 = b.getF32Type();
      auto lseType = RankedTensorType::get({hType.getDimSize(0)}, f32);
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
      auto forward = CELinearFwdOp::create(
          fb, loc, TypeRange{RankedTensorType::get({}, f32), lseType}, h, w,
          labels, ce.bias, layout, Reduction::Mean, ce.ignoreIndex,
          llvm::APFloat(0.0), llvm::APFloat(0.0), llvm::APFloat(0.0), accAttr);
      // The upstream gradient of each token's loss, for reduction(sum):
      // PyTorch's g at a target is its negation (−dloss/count).
      Value upstream = materializeScalar(b, loc, ce.targetGrad);
      if (upstream.getType() != f32)
        upstream = arith::ExtFOp::create(b, loc, f32, upstream);
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
      SmallVector<Type> gradTypes = {dhType, dwType};
      if (group.db)
        gradTypes.push_back(biasGradType(*group.db));
      auto grad = CELinearGradOp::create(
          b, loc, gradTypes, h, w, labels, forward.getLse(), dloss, ce.bias,
          dhAcc, dwAcc, layout, Reduction::Sum, ce.ignoreIndex,
          llvm::APFloat(0.0), llvm::APFloat(0.0), llvm::APFloat(0.0), accAttr);
      newDh = grad.getDh();
      newDw = grad.getDw();
      newDb = grad.getDb();
      if (meanLoss) {
        meanLoss.replaceAllUsesWith(forward.getLoss());
        replaced.push_back(meanLoss.getDefiningOp());
        llvm::append_range(replaced, group.meanLoss->gathers);
        what = "softmax cross-entropy, its loss and backward rewritten into "
               "lmhead.ce_linear_fwd and lmhead.ce_linear_grad";
      } else {
        what = "softmax cross-entropy backward rewritten into "
               "lmhead.ce_linear_fwd and lmhead.ce_linear_grad (the graph "
               "has no mean loss of these logits to replace; whatever else "
               "reads them keeps them)";
      }
      remarkPassed(grad, what);
    } else {
      SmallVector<Type> resultTypes = {dhType, dwType};
      if (group.db)
        resultTypes.push_back(biasGradType(*group.db));
      auto op =
          LinearGradOp::create(b, loc, resultTypes, group.dz, h, w, dhAcc,
                               dwAcc, layout, llvm::APFloat(1.0), accAttr);
      newDh = op.getDh();
      newDw = op.getDw();
      newDb = op.getDb();
      remarkPassed(op, (Twine(group.db ? "dh = dZ·W, dW = dZᵀ·h and db = Σ dZ"
                                       : "dh = dZ·W and dW = dZᵀ·h") +
                        " rewritten into lmhead.linear_grad (dZ is kept: " +
                        ceWhys.lookup(group.dz) + ")")
                           .str());
    }

    // A folded sum is the op's result now.
    for (auto [add, result] :
         {std::make_pair(dhAdd, newDh), std::make_pair(dwAdd, newDw)})
      if (add) {
        add->getResult(0).replaceAllUsesWith(result);
        replaced.insert(replaced.begin(), add);
      }
    if (group.dh && !dhAdd)
      group.dh->op->getResult(0).replaceAllUsesWith(newDh);
    if (group.dw && !dwAdd)
      replaceWeightGrad(b, loc, group.dw->op->getResult(0), newDw, dwTransposed,
                        replaced);
    if (group.db) {
      Value sum = (*group.db)->getResult(0);
      if (sum.getType() != newDb.getType())
        newDb = tensor::ExpandShapeOp::create(
            b, loc, sum.getType(), newDb,
            ArrayRef<ReassociationIndices>{ReassociationIndices{0, 1}});
      sum.replaceAllUsesWith(newDb);
    }
    eraseWithDeadProducers(replaced);
  }

  /// Replaces the graph's weight gradient `old` by the op's `dw` (in W's
  /// layout). A product made in the other layout is usually transposed
  /// back right away, as in (hᵀ·dZ)ᵀ: that transpose then is `dw`.
  void replaceWeightGrad(OpBuilder &b, Location loc, Value old, Value dw,
                         bool transposed, SmallVector<Operation *> &replaced) {
    if (transposed && old.hasOneUse()) {
      Operation *user = *old.getUsers().begin();
      if (user->getNumResults() == 1 &&
          traceMatrix(user->getResult(0)).value == old &&
          user->getResult(0).getType() == dw.getType()) {
        user->getResult(0).replaceAllUsesWith(dw);
        replaced.push_back(user);
        return;
      }
    }
    if (!old.use_empty())
      old.replaceAllUsesWith(transposed ? transpose2D(b, loc, dw) : dw);
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

struct RecognizePass : lmhead::impl::LMHeadRecognizeBase<RecognizePass> {
  void runOnOperation() override { Recognizer(getOperation()).run(); }
};

} // namespace
