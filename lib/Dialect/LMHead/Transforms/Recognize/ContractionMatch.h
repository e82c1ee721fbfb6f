//===- ContractionMatch.h - LM-head roles of contractions -------*- C++ -*-===//
//
// Reads a linalg contraction by structure (indexing maps and the
// contraction body, through the linalg interfaces) and says whether it can be
// one of the two backward GEMMs of an LM head: `dh = dZ·W` (the vocabulary
// is contracted) or `dW = dZᵀ·h` (the tokens are contracted). Operands are
// followed back through transposes and exact widening casts to the values
// the lmhead ops take.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_LIB_DIALECT_LMHEAD_TRANSFORMS_RECOGNIZE_CONTRACTIONMATCH_H
#define LMHEAD_LIB_DIALECT_LMHEAD_TRANSFORMS_RECOGNIZE_CONTRACTIONMATCH_H

#include "lmhead/Dialect/LMHead/IR/LMHeadOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

#include <optional>
#include <string>

namespace mlir {
namespace lmhead {

/// A 2-D value as the lmhead ops want it, and whether the contraction reads
/// it transposed (its dimension 0 is the contraction operand's dimension 1).
struct MatrixSource {
  Value value;
  bool transposed = false;
};

/// Follows `value` back through 2-D transposes (linalg.transpose or a
/// transposing generic) and exact widening casts (an elementwise generic of
/// one arith.extf).
MatrixSource traceMatrix(Value value);

/// `dh = dZ·W`: dZ [N,V] with V contracted, W [V,D] or [D,V], dh [N,D].
struct HiddenGradMatch {
  linalg::LinalgOp op;
  MatrixSource dz, w;
  WeightLayout layout = WeightLayout::VD;
};

/// `dW = dZᵀ·h`: dZ [N,V] with N contracted, h [N,D], and the product
/// written [V,D] (`layout` vd) or [D,V] (dv).
struct WeightGradMatch {
  linalg::LinalgOp op;
  MatrixSource dz, h;
  WeightLayout resultLayout = WeightLayout::VD;
};

/// The readings of one contraction. `dZᵀ·h` and `hᵀ·dZ` contract the same
/// dimension of both operands, so either operand may be the dZ: every
/// reading is kept, and pairing with a dh product decides.
struct ContractionRoles {
  SmallVector<HiddenGradMatch, 1> hiddenGrads;
  SmallVector<WeightGradMatch, 2> weightGrads;
};

/// Why `op` is not a 2-D product, or none when it is one.
std::optional<std::string> whyNotAProduct(linalg::LinalgOp op);

/// The LM-head roles `op` can play, given it is a 2-D product.
ContractionRoles classifyProduct(linalg::LinalgOp op);

/// Whether `init` is all zeros: a zero constant, or a fill (linalg.fill or
/// a filling generic) of one.
bool isZeroInit(Value init);

/// The value the product accumulates into: null when it starts from zero
/// (a fill of 0), else the existing tensor it adds to.
Value accumulatedInit(linalg::LinalgOp op);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_LIB_DIALECT_LMHEAD_TRANSFORMS_RECOGNIZE_CONTRACTIONMATCH_H
