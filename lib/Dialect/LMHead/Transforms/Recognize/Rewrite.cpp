//===- Rewrite.cpp - replacing a head's products by an lmhead op ----------===//
//
// Both rewrites of --lmhead-recognize put their op at the first product of
// the group, so the reshapes of what it reads move there first. A gradient
// computed from zero and then added to another one (tied embeddings,
// gradient accumulation) accumulates into that one instead, when it exists
// before the op; a weight gradient made in the other layout than W's is
// transposed (its accumulator on the way in, its result on the way out,
// reusing the graph's own transpose back when there is one). Replaced ops
// are erased with every producer that only fed them. The pass's remarks,
// used by the driver and the rewrites alike, are defined here as well.
//
//===----------------------------------------------------------------------===//

#include "Rewrite.h"
#include "lmhead/Dialect/LMHead/Transforms/Remarks.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Remarks.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::lmhead;
using namespace mlir::lmhead::recognize;

namespace {

constexpr StringLiteral kRemarkCategory = "lmhead-recognize";

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

/// The fused location of `ops`.
Location fusedLocOf(OpBuilder &b, ArrayRef<Operation *> ops) {
  return b.getFusedLoc(
      llvm::map_to_vector(ops, [](Operation *op) { return op->getLoc(); }));
}

} // namespace

void recognize::remarkMissed(Operation *op, const Twine &reason) {
  remark::missed(op->getLoc(), remarkAbout(op, "NotAnLMHead", kRemarkCategory))
      << ("not rewritten: " + reason).str();
}

void recognize::remarkPassed(Operation *op, const Twine &what) {
  remark::passed(op->getLoc(),
                 remarkAbout(op, "LMHeadRecognized", kRemarkCategory))
      << what.str();
}

void recognize::remarkAnalysis(Operation *op, const Twine &what) {
  remark::analysis(op->getLoc(),
                   remarkAbout(op, "LMHeadAccumulation", kRemarkCategory))
      << what.str();
}

ProductReplacement::ProductReplacement(HeadGroup &group,
                                       DominanceInfo &dominance)
    : group(group), b(group.first), loc(fusedLocOf(b, group.products())),
      layout(group.layout()), h(group.h()), w(group.w()),
      hType(cast<RankedTensorType>(h.getType())),
      accType(group.accumulatorType()),
      accAttr(accType.isF32() ? TypeAttr() : TypeAttr::get(accType)),
      replaced(group.products()) {
  for (Operation *reshape : group.moves)
    reshape->moveBefore(group.first);
  auto wType = cast<RankedTensorType>(w.getType());

  // Result types: the products' own, the weight gradient in W's layout.
  dhType = RankedTensorType::get(hType.getShape(), accType);
  dwType = RankedTensorType::get(wType.getShape(), accType);
  if (group.dh)
    dhType = cast<RankedTensorType>(group.dh->op->getResult(0).getType());
  if (group.dw) {
    dwType = cast<RankedTensorType>(group.dw->op->getResult(0).getType());
    dwTransposed = group.dw->resultLayout != layout;
    if (dwTransposed)
      dwType = transposedType(dwType);
  }
  dhAcc = group.dh ? accumulatedInit(group.dh->op) : Value();
  dwAcc = group.dw ? accumulatedInit(group.dw->op) : Value();
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
  dhAdd = foldAddedGradient(
      group.dh ? std::optional<Operation *>(group.dh->op.getOperation())
               : std::nullopt,
      dhAcc);
  dwAdd = dwTransposed
              ? nullptr
              : foldAddedGradient(group.dw ? std::optional<Operation *>(
                                                 group.dw->op.getOperation())
                                           : std::nullopt,
                                  dwAcc);
}

SmallVector<Type> ProductReplacement::gradTypes() const {
  SmallVector<Type> types = {dhType, dwType};
  if (group.db)
    types.push_back(biasGradType(*group.db));
  return types;
}

void ProductReplacement::replaceProducts(Value dh, Value dw, Value db) {
  // A folded sum is the op's result now.
  for (auto [add, result] :
       {std::make_pair(dhAdd, dh), std::make_pair(dwAdd, dw)})
    if (add) {
      add->getResult(0).replaceAllUsesWith(result);
      replaced.insert(replaced.begin(), add);
    }
  if (group.dh && !dhAdd)
    group.dh->op->getResult(0).replaceAllUsesWith(dh);
  if (group.dw && !dwAdd)
    replaceWeightGrad(b, loc, group.dw->op->getResult(0), dw, dwTransposed,
                      replaced);
  if (group.db) {
    Value sum = (*group.db)->getResult(0);
    if (sum.getType() != db.getType())
      db = tensor::ExpandShapeOp::create(
          b, loc, sum.getType(), db,
          ArrayRef<ReassociationIndices>{ReassociationIndices{0, 1}});
    sum.replaceAllUsesWith(db);
  }
  eraseWithDeadProducers(replaced);
}
