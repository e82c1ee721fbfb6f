//===- CrossEntropyByValue.h - a cross-entropy known by its values -*- C++
//-*-===//
//
// The spelling-free recognition of a softmax cross-entropy: its logit
// gradient and its loss are identified by evaluating them on made-up
// problems (VirtualTokens.h) against the family lmhead.ce_linear_fwd and
// lmhead.ce_linear_grad compute, which also reads off the label smoothing,
// the z-loss weight, the soft-cap and the reduction.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_LIB_DIALECT_LMHEAD_TRANSFORMS_RECOGNIZE_CROSSENTROPYBYVALUE_H
#define LMHEAD_LIB_DIALECT_LMHEAD_TRANSFORMS_RECOGNIZE_CROSSENTROPYBYVALUE_H

#include "MeanLossMatch.h"

namespace mlir {
namespace lmhead {

/// Matches the logit gradient `e` (over `tokenRank` token loops and the
/// vocabulary loop) by what it computes; `why` says what did not match, and
/// `computesOther`, when given, is set when `e` could be evaluated and is
/// not a cross-entropy gradient of the ops.
std::optional<CrossEntropyGradMatch>
matchCrossEntropyGradByValue(ElementwiseExprBuilder &exprs, const Expr *e,
                             unsigned tokenRank, std::string &why,
                             bool *computesOther = nullptr);

/// The rank-0 value of `block` that is the mean or the sum of the losses of
/// `match`'s cross-entropy (with its options) over the valid tokens; the
/// latest one in the block when several are.
std::optional<MeanLossMatch>
findLossByValue(ElementwiseExprBuilder &exprs, Block *block,
                const CrossEntropyGradMatch &match);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_LIB_DIALECT_LMHEAD_TRANSFORMS_RECOGNIZE_CROSSENTROPYBYVALUE_H
