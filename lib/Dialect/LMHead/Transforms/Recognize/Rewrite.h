//===- Rewrite.h - what the recognizer hands its rewrites -------*- C++ -*-===//
//
// The --lmhead-recognize pass (Recognize.cpp) decides, for a whole block
// before changing anything, which products form an LM head (a HeadGroup) and
// where its lmhead ops go. Each group is then rewritten by one of two
// rewrites: a cross-entropy head into lmhead.ce_linear_fwd and
// lmhead.ce_linear_grad (CrossEntropyRewrite.cpp), a pair of products sharing
// dZ into lmhead.linear_grad (LinearGradRewrite.cpp). What both do around
// their op, placing it, folding added gradients into its accumulators and
// replacing the products, is ProductReplacement (Rewrite.cpp). The pass's
// remarks are declared here too, as the rewrites report what they made.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_LIB_DIALECT_LMHEAD_TRANSFORMS_RECOGNIZE_REWRITE_H
#define LMHEAD_LIB_DIALECT_LMHEAD_TRANSFORMS_RECOGNIZE_REWRITE_H

#include "ContractionMatch.h"
#include "CrossEntropyMatch.h"
#include "MeanLossMatch.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Dominance.h"

#include <optional>

namespace mlir {
namespace lmhead {
namespace recognize {

/// Reports that `op` was left alone, and why (a missed remark).
void remarkMissed(Operation *op, const Twine &reason);

/// Reports that `op` became part of an lmhead op (a passed remark).
void remarkPassed(Operation *op, const Twine &what);

/// Reports what recognition noticed about `op` without changing it (an
/// analysis remark).
void remarkAnalysis(Operation *op, const Twine &what);

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
  /// The accumulator type of the group's products.
  Type accumulatorType() const {
    if (crossEntropy)
      return getElementTypeOrSelf(crossEntropy->logits->getResult(0));
    return getElementTypeOrSelf(dh->op->getResult(0));
  }
};

/// What a rewrite does around its lmhead op. Constructing it moves the
/// reshapes the op reads before the group's first product, works out the
/// op's result types and accumulators (a product whose only user adds it to
/// another gradient accumulates into that gradient instead), and leaves
/// `b` before the first product; `replaceProducts` then gives the op's
/// results to the products' users and erases what only the products used.
struct ProductReplacement {
  ProductReplacement(HeadGroup &group, DominanceInfo &dominance);

  /// The op's gradient result types: dh, dW and, with a bias gradient, db.
  SmallVector<Type> gradTypes() const;

  /// Replaces the group's products (and folded sums) by the op's results
  /// `dh`, `dw` and `db` (null when the group has no bias gradient), then
  /// erases `replaced` with the producers only they kept alive.
  void replaceProducts(Value dh, Value dw, Value db);

  HeadGroup &group;
  OpBuilder b;
  /// The products' locations, fused.
  Location loc;
  WeightLayout layout;
  Value h, w;
  RankedTensorType hType;
  Type accType;
  /// The op's accumulator type attribute: empty for f32.
  TypeAttr accAttr;
  /// The products' own result types, the weight gradient in W's layout.
  RankedTensorType dhType, dwType;
  /// Whether the dW product computes the transpose of W's layout.
  bool dwTransposed = false;
  /// What the op accumulates into (null: zero).
  Value dhAcc, dwAcc;
  /// The ops the rewrite replaces.
  SmallVector<Operation *> replaced;

private:
  /// The sums of a product and another gradient that the op's result
  /// becomes.
  Operation *dhAdd = nullptr, *dwAdd = nullptr;
};

/// Rewrites a group with a cross-entropy into lmhead.ce_linear_fwd (at
/// `group.forwardAt`, replacing the graph's mean loss when there is one)
/// and lmhead.ce_linear_grad.
void rewriteCrossEntropy(HeadGroup &group, DominanceInfo &dominance);

/// Rewrites a pair of products sharing dZ (no cross-entropy) into
/// lmhead.linear_grad; `whyNoCrossEntropy` goes into its remark.
void rewriteLinearGrad(HeadGroup &group, DominanceInfo &dominance,
                       StringRef whyNoCrossEntropy);

} // namespace recognize
} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_LIB_DIALECT_LMHEAD_TRANSFORMS_RECOGNIZE_REWRITE_H
