//===- VirtualTokens.h - cross-entropy pieces on a made-up problem -*- C++
//-*-===//
//
// Checks what a piece of a graph computes by running it on a small problem
// made up for the purpose: a few tokens, each with a random row of logits
// over the real vocabulary and a label. Expressions (ElementwiseExpr.h) are
// evaluated at one token and column; the reductions the graph computes (the
// row maximum, Σ exp, a sum of smoothed targets, the count of valid tokens,
// the total loss) are computed by running their linalg.generic bodies over
// the made-up rows and tokens; a gather reads the made-up row at its index.
// Whatever else an expression reads (an argument, a scalar from outside)
// gets a fixed value of its own. Two spellings of the same function agree
// on every such problem; different functions do not, except by accident,
// which a few problems rule out (a probabilistic identity test).
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_LIB_DIALECT_LMHEAD_TRANSFORMS_RECOGNIZE_VIRTUALTOKENS_H
#define LMHEAD_LIB_DIALECT_LMHEAD_TRANSFORMS_RECOGNIZE_VIRTUALTOKENS_H

#include "LabelEvaluation.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

#include <map>
#include <vector>

namespace mlir {
namespace lmhead {

/// One made-up token: its logits over the vocabulary, and its label.
struct VirtualToken {
  std::vector<double> logits;
  double label = 0;
};

/// Evaluates expressions of a cross-entropy on made-up tokens.
class VirtualTokens {
public:
  /// `logits` is the [tokens..., V] logits tensor the expressions read (its
  /// reshapes and the product behind it read the same rows), `labels` the
  /// per-token labels, `bias` a [V] logit bias (read as 0) or null. The
  /// made-up tokens stand at different positions of the token loops (the
  /// first, the last, the middle, the second), so that a piece that treats
  /// tokens by position shows it.
  VirtualTokens(ElementwiseExprBuilder &exprs, Value logits, Value labels,
                Value bias, int64_t vocab);

  /// The problem: the tokens (evaluations happen at one of them; sums over
  /// tokens run over all).
  void setTokens(std::vector<VirtualToken> tokens);
  const std::vector<VirtualToken> &getTokens() const { return tokens; }

  /// `e`, whose loops are the token loops then the vocabulary loop
  /// `vocabularyLoop`, at token `token` and column `column`; a rank-0
  /// expression (every token summed) at any token.
  std::optional<double> at(const Expr *e, unsigned token, int64_t column,
                           int64_t vocabularyLoop);

  /// The generics holding a gather (a tensor.extract at a computed index)
  /// that evaluations ran so far.
  const llvm::SetVector<Operation *> &gathersRun() const { return gathers; }

  int64_t getVocab() const { return vocab; }

private:
  std::optional<double> leaf(const Expr &leaf, unsigned token, int64_t column,
                             int64_t vocabularyLoop);
  /// The index of a token loop of extent `extent` at made-up token `token`.
  static int64_t position(unsigned token, int64_t extent);
  /// A fixed value for what the problem does not compute: one per value,
  /// token (when `byToken`) and column (when `byColumn`).
  double freeValue(Value value, unsigned token, bool byToken, int64_t column,
                   bool byColumn) const;
  std::optional<double> generic(Operation *op, unsigned resultIndex,
                                ArrayRef<int64_t> leafLoops, unsigned token,
                                int64_t column, int64_t vocabularyLoop);
  bool isLogits(Value value) const;
  bool isLabels(Value value) const;

  ElementwiseExprBuilder &exprs;
  llvm::DenseSet<Value> logitsViews, labelViews;
  Value bias;
  int64_t vocab;
  /// The extents of the logits' token dimensions.
  SmallVector<int64_t, 2> tokenExtents;
  std::vector<VirtualToken> tokens;
  ScalarValues free;
  /// Generic results computed on this problem, by (result, token, column)
  /// (token and column −1 where the result does not depend on them).
  std::map<std::tuple<void *, int64_t, int64_t>, std::optional<double>> cache;
  llvm::SetVector<Operation *> gathers;
  /// Nesting of generic evaluations, to stop on cycles and runaway depth.
  unsigned depth = 0;
};

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_LIB_DIALECT_LMHEAD_TRANSFORMS_RECOGNIZE_VIRTUALTOKENS_H
