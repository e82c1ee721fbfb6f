//===- ReshapedLogits.cpp - elementwise ops between token reshapes --------===//
//
// A chain is found from its ends: each collapse_shape that merges the two
// leading (token) dimensions of the result of an elementwise generic seeds
// it, and it grows through the elementwise generics that produce what its
// members read over those dimensions. A member stays only while everything
// it reads over the token dimensions is another member or an expand_shape
// splitting a tensor's first dimension into the same two: the chain then
// runs between reshapes of one [N,...] layout, and merging its two token
// loops (linalg::collapseOpIterationDims) makes each reshape pair cancel.
//
//===----------------------------------------------------------------------===//

#include "ReshapedLogits.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::lmhead;

namespace {

/// The reassociation merging the two leading dimensions of a rank-`rank`
/// tensor and keeping the others.
SmallVector<ReassociationIndices> tokenPair(int64_t rank) {
  SmallVector<ReassociationIndices> groups = {{0, 1}};
  for (int64_t dim = 2; dim < rank; ++dim)
    groups.push_back({dim});
  return groups;
}

/// Whether `collapse` makes [B,S,X] tokens [N,X].
bool mergesTokens(tensor::CollapseShapeOp collapse) {
  return collapse.getSrcType().getRank() == 3 &&
         collapse.getReassociationIndices() == tokenPair(3);
}

/// Whether `expand` makes [N] tokens [B,S] or [N,X] tokens [B,S,X].
bool splitsTokens(tensor::ExpandShapeOp expand) {
  int64_t rank = expand.getResultType().getRank();
  return (rank == 2 || rank == 3) &&
         expand.getReassociationIndices() == tokenPair(rank);
}

/// Whether `map` reads the two token loops (0 and 1) at all.
bool readsTokens(AffineMap map) {
  return map.isFunctionOfDim(0) || map.isFunctionOfDim(1);
}

/// Whether `map` reads loops 0 and 1 as its two leading dimensions.
bool readsTokensFirst(AffineMap map) {
  MLIRContext *context = map.getContext();
  return map.getNumResults() >= 2 &&
         map.getResult(0) == getAffineDimExpr(0, context) &&
         map.getResult(1) == getAffineDimExpr(1, context);
}

/// Whether merging loops 0 and 1 into one keeps `map` a plain read: its
/// results are loops, and loops 0 and 1 are read once each, side by side
/// and in that order, or not at all.
bool keepsTokensTogether(AffineMap map) {
  std::optional<unsigned> positionOf[2];
  for (auto [position, result] : llvm::enumerate(map.getResults())) {
    auto dim = dyn_cast<AffineDimExpr>(result);
    if (!dim)
      return false;
    unsigned loop = dim.getPosition();
    if (loop > 1)
      continue;
    if (positionOf[loop])
      return false;
    positionOf[loop] = position;
  }
  if (!positionOf[0] && !positionOf[1])
    return true;
  return positionOf[0] && positionOf[1] && *positionOf[1] == *positionOf[0] + 1;
}

/// A generic that merging its loops 0 and 1 keeps elementwise: every loop
/// parallel, its results written in loop order, every operand reading the
/// two loops together and in order or not at all, no linalg.index.
linalg::GenericOp tokenElementwise(Operation *op) {
  auto generic = dyn_cast_or_null<linalg::GenericOp>(op);
  if (!generic || !generic.hasPureTensorSemantics() ||
      generic.getNumLoops() != 3 || generic.getNumReductionLoops() != 0 ||
      !generic.getBody()->getOps<linalg::IndexOp>().empty())
    return {};
  for (OpOperand &init : generic.getDpsInitsMutable())
    if (!generic.getMatchingIndexingMap(&init).isIdentity())
      return {};
  if (!llvm::all_of(generic.getIndexingMapsArray(), keepsTokensTogether))
    return {};
  return generic;
}

/// The chain's members: grown from the generics collapsed back to [N,...],
/// then pruned to those reading nothing over [B,S] but members and split
/// [N,...] tensors.
llvm::SetVector<Operation *> findChains(Operation *root) {
  llvm::SetVector<Operation *> members;
  SmallVector<Operation *> worklist;
  root->walk([&](tensor::CollapseShapeOp collapse) {
    if (mergesTokens(collapse))
      if (linalg::GenericOp generic =
              tokenElementwise(collapse.getSrc().getDefiningOp()))
        worklist.push_back(generic);
  });
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (!members.insert(op))
      continue;
    auto generic = cast<linalg::GenericOp>(op);
    for (OpOperand *input : generic.getDpsInputOperands())
      if (readsTokens(generic.getMatchingIndexingMap(input)))
        if (linalg::GenericOp producer =
                tokenElementwise(input->get().getDefiningOp()))
          worklist.push_back(producer);
  }
  // Drop the members that read anything else over [B,S], until none is
  // left to drop (a dropped member's consumers go in a later sweep).
  for (bool changed = true; changed;) {
    changed = false;
    for (Operation *op : SmallVector<Operation *>(members.getArrayRef())) {
      auto generic = cast<linalg::GenericOp>(op);
      bool keep =
          llvm::all_of(generic.getDpsInputOperands(), [&](OpOperand *input) {
            AffineMap map = generic.getMatchingIndexingMap(input);
            if (!readsTokens(map))
              return true;
            Operation *def = input->get().getDefiningOp();
            if (auto expand = dyn_cast_or_null<tensor::ExpandShapeOp>(def))
              return readsTokensFirst(map) && splitsTokens(expand);
            return def && members.contains(def);
          });
      if (!keep) {
        members.remove(op);
        changed = true;
      }
    }
  }
  return members;
}

/// `collapse(expand(x))` that gives `x` back, else null.
Value undoneReshape(Value value) {
  auto collapse = value.getDefiningOp<tensor::CollapseShapeOp>();
  if (!collapse)
    return {};
  auto expand = collapse.getSrc().getDefiningOp<tensor::ExpandShapeOp>();
  if (!expand || expand.getSrcType() != collapse.getResultType() ||
      expand.getReassociationIndices() != collapse.getReassociationIndices())
    return {};
  return expand.getSrc();
}

/// A tensor.empty of `collapse`'s type where it collapses a static
/// tensor.empty (an init), else null.
Value collapsedEmpty(RewriterBase &rewriter, tensor::CollapseShapeOp collapse) {
  auto empty = collapse.getSrc().getDefiningOp<tensor::EmptyOp>();
  RankedTensorType type = collapse.getResultType();
  if (!empty || !type.hasStaticShape())
    return {};
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(collapse);
  return tensor::EmptyOp::create(rewriter, collapse.getLoc(), type.getShape(),
                                 type.getElementType());
}

} // namespace

unsigned mlir::lmhead::collapseReshapedElementwiseChains(Operation *root) {
  llvm::SetVector<Operation *> members = findChains(root);
  if (members.empty())
    return 0;
  // Producers first, so that each member reads its producers' [N,...]
  // results through a reshape pair that cancels.
  llvm::DenseMap<Operation *, unsigned> order;
  root->walk([&](Operation *op) { order[op] = order.size(); });
  SmallVector<Operation *> sorted = members.takeVector();
  llvm::sort(sorted,
             [&](Operation *a, Operation *b) { return order[a] < order[b]; });

  IRRewriter rewriter(root->getContext());
  // The reshapes the rewrite made around the members, and the graph's own
  // reshapes and inits it may leave unread.
  llvm::SetVector<Operation *> reshapes;
  unsigned rewritten = 0;
  for (Operation *op : sorted) {
    auto generic = cast<linalg::GenericOp>(op);
    rewriter.setInsertionPoint(generic);
    FailureOr<linalg::CollapseResult> collapsed =
        linalg::collapseOpIterationDims(
            cast<linalg::LinalgOp>(generic.getOperation()),
            {ReassociationIndices{0, 1}}, rewriter);
    if (failed(collapsed))
      continue;
    for (OpOperand &operand : collapsed->collapsedOp->getOpOperands()) {
      auto collapse = operand.get().getDefiningOp<tensor::CollapseShapeOp>();
      if (!collapse)
        continue;
      reshapes.insert(collapse);
      if (Value source = undoneReshape(collapse.getResult())) {
        // The graph's own expand_shape may be left unread.
        reshapes.insert(collapse.getSrc().getDefiningOp());
        operand.set(source);
      } else if (Value empty = collapsedEmpty(rewriter, collapse)) {
        reshapes.insert(collapse.getSrc().getDefiningOp());
        operand.set(empty);
      }
    }
    for (Value result : collapsed->results)
      if (auto expand = result.getDefiningOp<tensor::ExpandShapeOp>())
        reshapes.insert(expand);
    rewriter.replaceOp(generic, collapsed->results);
    ++rewritten;
  }
  // The chains' ends: collapse_shapes of their expanded results.
  SmallVector<tensor::CollapseShapeOp> ends;
  root->walk([&](tensor::CollapseShapeOp collapse) {
    if (!reshapes.contains(collapse) && undoneReshape(collapse.getResult()))
      ends.push_back(collapse);
  });
  for (tensor::CollapseShapeOp collapse : ends)
    if (reshapes.contains(collapse.getSrc().getDefiningOp()))
      rewriter.replaceOp(collapse, undoneReshape(collapse.getResult()));
  // Those nothing reads any more (a collapse first, then the expand or the
  // tensor.empty it read).
  for (bool erased = true; erased;) {
    erased = false;
    for (Operation *op : reshapes.takeVector()) {
      if (op->use_empty()) {
        rewriter.eraseOp(op);
        erased = true;
      } else {
        reshapes.insert(op);
      }
    }
  }
  return rewritten;
}
