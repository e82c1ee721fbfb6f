//===- Recognize.cpp - find the LM-head backward (--lmhead-recognize) -----===//
//
// Every 2-D contraction of a function is read by structure
// (ContractionMatch.h): it may compute `dh = dZ·W` or `dW = dZᵀ·h`. The two
// products of one LM head share their logit gradient dZ; only such a pair
// (evidence that dZ is a logit gradient) is rewritten, into one
// `lmhead.linear_grad` whose results replace the products' results. A
// column sum of the same dZ becomes its bias gradient. Every candidate left
// alone gets a missed remark naming the reason, every rewrite a passed one.
//
//===----------------------------------------------------------------------===//

#include "ContractionMatch.h"
#include "lmhead/Dialect/LMHead/IR/LMHeadOps.h"
#include "lmhead/Dialect/LMHead/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Remarks.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"

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
void remarkPassed(Operation *op, StringRef what) {
  remark::passed(op->getLoc(), remark::RemarkOpts::name("LMHeadRecognized")
                                   .category(kRemarkCategory)
                                   .function(enclosingFunctionName(op)))
      << what;
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

/// Whether `op` sums the traced `dz` over its token dimension into a [V]
/// vector that starts from zero.
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
  if (!inMap.isProjectedPermutation() || outMap.getNumResults() != 1 ||
      !outMap.isProjectedPermutation())
    return false;
  unsigned tokenDim = source.transposed ? 1 : 0;
  unsigned vocabDim = 1 - tokenDim;
  auto loopOf = [&](unsigned dim) {
    return cast<AffineDimExpr>(inMap.getResult(dim)).getPosition();
  };
  unsigned outLoop = cast<AffineDimExpr>(outMap.getResult(0)).getPosition();
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  if (outLoop != loopOf(vocabDim) ||
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

/// One LM-head backward found in a block: the dh and dW products that share
/// a logit gradient, and the optional bias-gradient column sum.
struct LinearGradGroup {
  HiddenGradMatch dh;
  WeightGradMatch dw;
  std::optional<linalg::LinalgOp> db;
};

/// Erases the replaced ops `roots` once they have no uses, and then every
/// producer of their operands left without uses and without side effects
/// (the transposes, casts, fills and empty tensors that only fed them).
void eraseWithDeadProducers(ArrayRef<Operation *> roots) {
  llvm::SetVector<Operation *> worklist(roots.begin(), roots.end());
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (!op->use_empty())
      continue; // Still feeding another root; revisited once that is gone.
    SmallVector<Value> operands(op->getOperands());
    op->erase();
    for (Value operand : operands) {
      Operation *producer = operand.getDefiningOp();
      if (producer && isOpTriviallyDead(producer))
        worklist.insert(producer);
    }
  }
}

class Recognizer {
public:
  explicit Recognizer(Operation *root) : root(root), dominance(root) {}

  void run() {
    collectProducts();
    pairProducts();
    for (LinearGradGroup &group : groups)
      rewrite(group);
    for (linalg::LinalgOp op : candidates)
      if (!claimed.contains(op.getOperation()))
        remarkMissed(op, "no second product shares its logit gradient (dh = "
                         "dZ·W needs dW = dZᵀ·h on the same dZ), so it is "
                         "not known to be an LM head");
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
      llvm::append_range(hiddenGrads, roles.hiddenGrads);
      for (WeightGradMatch &dw : roles.weightGrads)
        weightGradsByDz[dw.dz.value].push_back(dw);
    });
  }

  /// Pairs each dh product with a dW product of the same dZ in the same
  /// block; a product takes part in at most one pair.
  void pairProducts() {
    for (HiddenGradMatch &dh : hiddenGrads) {
      if (claimed.contains(dh.op.getOperation()))
        continue;
      for (WeightGradMatch &dw : weightGradsByDz.lookup(dh.dz.value)) {
        if (claimed.contains(dw.op.getOperation()) || dw.op == dh.op ||
            dw.dz.value != dh.dz.value ||
            dw.op->getBlock() != dh.op->getBlock())
          continue;
        LinearGradGroup group{dh, dw, std::nullopt};
        std::string why = whyNotRewritable(group);
        if (!why.empty()) {
          remarkMissed(dh.op, why);
          remarkMissed(dw.op, why);
          claimed.insert(dh.op.getOperation());
          claimed.insert(dw.op.getOperation());
          break;
        }
        group.db = findColumnSum(group);
        claimed.insert(dh.op.getOperation());
        claimed.insert(dw.op.getOperation());
        groups.push_back(group);
        break;
      }
    }
  }

  /// What keeps a pair from being one lmhead.linear_grad, if anything.
  std::string whyNotRewritable(const LinearGradGroup &group) {
    Type dzType = getElementTypeOrSelf(group.dh.dz.value);
    Type hType = getElementTypeOrSelf(group.dw.h.value);
    Type wType = getElementTypeOrSelf(group.dh.w.value);
    if (dzType != hType || dzType != wType)
      return "dZ, h and W do not share one element type";
    if (!dzType.isF32() && !dzType.isF16() && !dzType.isBF16())
      return "the operands are not f32, f16 or bf16";
    Type dhAcc = getElementTypeOrSelf(group.dh.op->getResult(0));
    Type dwAcc = getElementTypeOrSelf(group.dw.op->getResult(0));
    if (dhAcc != dwAcc)
      return "the two products accumulate in different element types";
    if (!dhAcc.isF32() && dhAcc != dzType)
      return "the products accumulate in a type that is neither f32 nor "
             "the operand type";
    // The lmhead op replaces both products at the first of them, so all it
    // reads must exist there.
    Operation *dh = group.dh.op, *dw = group.dw.op;
    Operation *first = dh->isBeforeInBlock(dw) ? dh : dw;
    for (Value value :
         {group.dh.dz.value, group.dw.h.value, group.dh.w.value,
          accumulatedInit(group.dh.op), accumulatedInit(group.dw.op)})
      if (value && !dominance.properlyDominates(value, first))
        return "an operand of the later product is computed after the "
               "first product";
    return "";
  }

  /// A column sum of the group's dZ in the same block, if there is one.
  std::optional<linalg::LinalgOp> findColumnSum(const LinearGradGroup &group) {
    for (linalg::LinalgOp op : columnSums.lookup(group.dh.dz.value)) {
      if (op->getBlock() != group.dh.op->getBlock() ||
          claimed.contains(op.getOperation()) ||
          !isColumnSumOf(op, group.dh.dz.value))
        continue;
      claimed.insert(op.getOperation());
      return op;
    }
    return std::nullopt;
  }

  /// Replaces the products of `group` by one lmhead.linear_grad placed at
  /// the last of them (every operand they use is defined before it).
  void rewrite(LinearGradGroup &group) {
    SmallVector<Operation *> replaced = {group.dh.op, group.dw.op};
    if (group.db)
      replaced.push_back(*group.db);
    Operation *first = replaced.front();
    for (Operation *op : replaced)
      if (op->isBeforeInBlock(first))
        first = op;

    OpBuilder b(first);
    Location loc = b.getFusedLoc(llvm::map_to_vector(
        replaced, [](Operation *op) { return op->getLoc(); }));
    WeightLayout layout = group.dh.layout;
    bool dwTransposed = group.dw.resultLayout != layout;

    Value dhResult = group.dh.op->getResult(0);
    Value dwResult = group.dw.op->getResult(0);
    auto dhType = cast<RankedTensorType>(dhResult.getType());
    auto dwType = cast<RankedTensorType>(dwResult.getType());
    RankedTensorType dwOpType = dwTransposed ? transposedType(dwType) : dwType;

    Value dhAcc = accumulatedInit(group.dh.op);
    Value dwAcc = accumulatedInit(group.dw.op);
    if (dwAcc && dwTransposed)
      dwAcc = transpose2D(b, loc, dwAcc);

    SmallVector<Type> resultTypes = {dhType, dwOpType};
    if (group.db)
      resultTypes.push_back((*group.db)->getResult(0).getType());
    Type accType = dhType.getElementType();
    auto op = LinearGradOp::create(
        b, loc, resultTypes, group.dh.dz.value, group.dw.h.value,
        group.dh.w.value, dhAcc, dwAcc, layout, llvm::APFloat(1.0),
        accType.isF32() ? TypeAttr() : TypeAttr::get(accType));

    // A weight gradient made in the other layout is usually transposed
    // back right away, as in (hᵀ·dZ)ᵀ: that transpose is the op's result.
    if (dwTransposed && dwResult.hasOneUse()) {
      Operation *user = *dwResult.getUsers().begin();
      if (user->getNumResults() == 1 &&
          traceMatrix(user->getResult(0)).value == dwResult &&
          user->getResult(0).getType() == op.getDw().getType()) {
        user->getResult(0).replaceAllUsesWith(op.getDw());
        replaced.push_back(user);
        dwTransposed = false;
      }
    }
    dhResult.replaceAllUsesWith(op.getDh());
    if (!dwResult.use_empty())
      dwResult.replaceAllUsesWith(dwTransposed ? transpose2D(b, loc, op.getDw())
                                               : op.getDw());
    if (group.db)
      (*group.db)->getResult(0).replaceAllUsesWith(op.getDb());
    eraseWithDeadProducers(replaced);

    remarkPassed(op, group.db ? "dh = dZ·W, dW = dZᵀ·h and db = Σ dZ "
                                "rewritten into lmhead.linear_grad"
                              : "dh = dZ·W and dW = dZᵀ·h rewritten into "
                                "lmhead.linear_grad");
  }

  Operation *root;
  DominanceInfo dominance;
  SmallVector<linalg::LinalgOp> candidates;
  SmallVector<HiddenGradMatch> hiddenGrads;
  llvm::DenseMap<Value, SmallVector<WeightGradMatch, 1>> weightGradsByDz;
  /// Single-input reductions of 2-D values, by traced input: the possible
  /// bias gradients.
  llvm::DenseMap<Value, SmallVector<linalg::LinalgOp, 1>> columnSums;
  SmallVector<LinearGradGroup> groups;
  llvm::SmallPtrSet<Operation *, 16> claimed;
};

struct RecognizePass : lmhead::impl::LMHeadRecognizeBase<RecognizePass> {
  void runOnOperation() override { Recognizer(getOperation()).run(); }
};

} // namespace
