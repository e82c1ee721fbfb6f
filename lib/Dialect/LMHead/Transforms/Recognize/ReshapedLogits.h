//===- ReshapedLogits.h - elementwise ops between token reshapes -*- C++ -*-=//
//
// Models that apply an elementwise function to their logits while they are
// [B,S,V] (Gemma-2's final soft-cap c·tanh(z/c), applied by Hugging Face
// before the loss flattens the logits) compute the head's product as [N,V],
// expand it to [B,S,V], apply the function there and collapse the result
// back to [N,V] for the loss; the backward does the same to the logit
// gradient. The cross-entropy matchers read elementwise chains over one
// token loop, so such a chain is rewritten to run over the [N,V] tensors
// themselves, with the reshapes around it folded away. What the graph
// computes does not change.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_LIB_DIALECT_LMHEAD_TRANSFORMS_RECOGNIZE_RESHAPEDLOGITS_H
#define LMHEAD_LIB_DIALECT_LMHEAD_TRANSFORMS_RECOGNIZE_RESHAPEDLOGITS_H

#include "mlir/IR/Operation.h"

namespace mlir {
namespace lmhead {

/// Rewrites, under `root`, every chain of elementwise linalg ops over
/// [B,S,X] tensors that starts from expand_shapes of [N,X] tensors and ends
/// in collapse_shapes back to [N,X] into the same ops over [N,X], and folds
/// the reshapes that then undo each other. Chains that read any other
/// [B,S,...] value (a reduction kept over [B,S], an argument) are left as
/// they are. Returns the number of ops rewritten.
unsigned collapseReshapedElementwiseChains(Operation *root);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_LIB_DIALECT_LMHEAD_TRANSFORMS_RECOGNIZE_RESHAPEDLOGITS_H
