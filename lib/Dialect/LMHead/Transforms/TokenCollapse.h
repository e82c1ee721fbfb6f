//===- TokenCollapse.h - [B,S] token loops of products as one --*- C++ -*-===//
//
// Frontends keep tokens as [B,S] and contract them as two loops: dW sums
// over both (two reduction loops), dh keeps both in its [B,S,D] result. The
// recogniser reads 2-D products, so such a generic is rewritten into the
// same product over N = B·S tokens between collapse_shape/expand_shape of
// its operands and result. What the graph computes does not change.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_LIB_DIALECT_LMHEAD_TRANSFORMS_TOKENCOLLAPSE_H
#define LMHEAD_LIB_DIALECT_LMHEAD_TRANSFORMS_TOKENCOLLAPSE_H

#include "mlir/IR/Operation.h"

namespace mlir {
namespace lmhead {

/// Rewrites every contraction generic under `root` whose [B,S] token loops
/// are read together (as adjacent operand dimensions, in one order, and by
/// no linalg.index) into a contraction over one token loop. Returns the
/// number of products rewritten.
unsigned collapseTokenLoops(Operation *root);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_LIB_DIALECT_LMHEAD_TRANSFORMS_TOKENCOLLAPSE_H
