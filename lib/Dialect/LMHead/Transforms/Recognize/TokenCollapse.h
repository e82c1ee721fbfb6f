//===- TokenCollapse.h - [B,S] token loops of products as one ---*- C++ -*-===//
//
// Frontends keep tokens as [B,S] and contract them as two loops: dW sums
// over both (two reduction loops), dh keeps both in its [B,S,D] result. The
// recogniser reads 2-D products, so such a generic is rewritten into the
// same product over N = B·S tokens between collapse_shape/expand_shape of
// its operands and result. A batched product whose weight is only a
// broadcast over the batch (batch_matmul(dZ, broadcast(W))) first reads W
// directly, which turns its batch loop into a token loop. What the graph
// computes does not change.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_LIB_DIALECT_LMHEAD_TRANSFORMS_RECOGNIZE_TOKENCOLLAPSE_H
#define LMHEAD_LIB_DIALECT_LMHEAD_TRANSFORMS_RECOGNIZE_TOKENCOLLAPSE_H

#include "mlir/IR/Operation.h"

namespace mlir {
namespace lmhead {

/// Makes batched products with a broadcast weight read the weight itself,
/// then rewrites every contraction generic under `root` whose [B,S] token
/// loops are read together (as adjacent operand dimensions, in one order,
/// and by no linalg.index) into a contraction over one token loop. Returns
/// the number of products rewritten over one token loop.
unsigned collapseTokenLoops(Operation *root);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_LIB_DIALECT_LMHEAD_TRANSFORMS_RECOGNIZE_TOKENCOLLAPSE_H
