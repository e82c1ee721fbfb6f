//===- MeanLossMatch.h - the forward loss of a cross-entropy ----*- C++ -*-===//
//
// Finds the mean loss that goes with a matched cross-entropy backward, so
// that lmhead.ce_linear_fwd can replace it and the N×V forward dies too.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_LIB_DIALECT_LMHEAD_TRANSFORMS_RECOGNIZE_MEANLOSSMATCH_H
#define LMHEAD_LIB_DIALECT_LMHEAD_TRANSFORMS_RECOGNIZE_MEANLOSSMATCH_H

#include "CrossEntropyMatch.h"

namespace mlir {
namespace lmhead {

/// The forward loss of a cross-entropy: the rank-0 mean loss, and the ops
/// gathering the target log-probabilities for it (which check the label
/// range with cf.assert, so they are not dead code once the loss is
/// replaced).
struct MeanLossMatch {
  Value loss;
  SmallVector<Operation *, 1> gathers;
  /// Whether the loss is the mean over the valid tokens or their sum.
  Reduction reduction = Reduction::Mean;
};

/// The parts of a mean loss written as `Σ_tokens perToken / divisor(count)`
/// with `count = Σ_tokens valid` (JAX's form, summed over `tokenRank` token
/// loops).
struct LseLossParts {
  const Expr *perToken = nullptr, *valid = nullptr, *divisor = nullptr;
  Value count;
  unsigned tokenRank = 1;
};

/// The mean cross-entropy losses of one block, indexed once so that each
/// cross-entropy finds its own in constant time: the gathers of a
/// log-probability at the labels, by the log-softmax they read, and the
/// rank-0 `total / count` divisions, by the gather their total sums.
class MeanLossIndex {
public:
  MeanLossIndex(ElementwiseExprBuilder &exprs, Block *block);

  /// The mean loss of the same log-softmax, labels and ignore_index as
  /// `match`, if the block computes one.
  std::optional<MeanLossMatch> find(const CrossEntropyGradMatch &match);

private:
  /// The mean loss written as log-sum-exp minus the gathered target logit
  /// (JAX's form), of the same logits, labels and ignore_index as `match`.
  std::optional<MeanLossMatch> findLseLoss(const CrossEntropyGradMatch &match);

  ElementwiseExprBuilder &exprs;
  Block *block;
  llvm::DenseMap<const Expr *, SmallVector<linalg::GenericOp, 1>>
      gathersBySource;
  llvm::DenseMap<Operation *, SmallVector<Value, 1>> lossesByGather;
  /// Candidate losses in JAX's form, with their parts.
  SmallVector<std::pair<Value, LseLossParts>, 1> lseLosses;
};

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_LIB_DIALECT_LMHEAD_TRANSFORMS_RECOGNIZE_MEANLOSSMATCH_H
