//===- CrossEntropyMatch.h - cross-entropy around the head ------*- C++ -*-===//
//
// Recognises the softmax cross-entropy that produces an LM head's logit
// gradient, and its forward loss, as frontends lower PyTorch's
// `cross_entropy` (log_softmax, nll_loss and their backward functions):
//
//   logp = z − m − log Σ_v exp(z − m)                      (z = h·Wᵀ)
//   g    = −dloss/count at v = y_n (0 elsewhere, 0 for ignored tokens)
//   dZ   = g − exp(logp) · Σ_v g        (or the fused (softmax − onehot)·s)
//   loss = Σ_n [y_n valid] (−logp[n, y_n]) / count
//
// The pieces are read as scalar expressions (ElementwiseExpr.h), whatever
// way the frontend split or fused them into linalg.generic ops, and the
// label-dependent parts are checked by evaluating them at chosen points.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_LIB_DIALECT_LMHEAD_TRANSFORMS_RECOGNIZE_CROSSENTROPYMATCH_H
#define LMHEAD_LIB_DIALECT_LMHEAD_TRANSFORMS_RECOGNIZE_CROSSENTROPYMATCH_H

#include "ElementwiseExpr.h"
#include "lmhead/Dialect/LMHead/IR/LMHeadOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

#include <string>

namespace mlir {
namespace lmhead {

/// The softmax cross-entropy backward that produces a logit gradient.
struct CrossEntropyGradMatch {
  /// The product computing the logits z = h·Wᵀ, and its traced operands.
  linalg::LinalgOp logits;
  Value h, w;
  /// The [V] logit bias, when the logits are h·Wᵀ + b.
  Value bias;
  WeightLayout layout = WeightLayout::VD;
  /// The labels (integers): [N], or [B,S] when the cross-entropy keeps
  /// tokens as [B,S] (`tokenRank` 2).
  Value labels;
  /// The number of token loops of the cross-entropy's expressions: 1 for
  /// [N,V], 2 for [B,S,V].
  unsigned tokenRank = 1;
  /// The logits as the cross-entropy reads them ([N,V] or [B,S,V]), the
  /// shifted logits y and exp(y), as expressions.
  Value logitsValue;
  const Expr *shifted = nullptr;
  const Expr *softmaxNumerator = nullptr;
  /// The label whose tokens are ignored (PyTorch's ignore_index).
  int64_t ignoreIndex = -100;
  /// The log-softmax of the logits, as an expression (null when the graph
  /// forms the softmax directly).
  const Expr *logSoftmax = nullptr;
  /// The upstream gradient of each valid token's loss, up to its sign: g at
  /// a token's target (−dloss/count in PyTorch's mean reduction) when
  /// `upstreamIsNegatedTarget`, else the scale s of (softmax − onehot)·s.
  /// It reads scalars only. At a target, g (or s) is `targetGradScale`
  /// times it.
  const Expr *targetGrad = nullptr;
  /// A second scalar the target gradient is multiplied by, if any.
  const Expr *targetGradFactor = nullptr;
  double targetGradScale = 1.0;
  bool upstreamIsNegatedTarget = false;
  /// The loss options read off a cross-entropy matched by value
  /// (CrossEntropyByValue.h): label smoothing, z-loss weight, soft-cap.
  double labelSmoothing = 0.0, zLossWeight = 0.0, logitSoftcap = 0.0;
};

/// Fills the logits part of `match` (the product h·Wᵀ, its operands and
/// layout, the bias) from `shifted`: z or z − (a row value), z = h·Wᵀ or
/// h·Wᵀ + b read over the token loops and the vocabulary loop.
bool matchLogitsProduct(const Expr *shifted, CrossEntropyGradMatch &match,
                        std::string &why);

/// Matches the softmax cross-entropy backward producing `dz` ([N,V]);
/// `why` says what did not match.
std::optional<CrossEntropyGradMatch>
matchCrossEntropyGrad(ElementwiseExprBuilder &exprs, Value dz,
                      std::string &why);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_LIB_DIALECT_LMHEAD_TRANSFORMS_RECOGNIZE_CROSSENTROPYMATCH_H
