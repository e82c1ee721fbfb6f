//===- Passes.h - passes of the lmhead dialect ------------------*- C++ -*-===//
//
// Declares the lmhead passes generated from Passes.td and their registration.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_DIALECT_LMHEAD_TRANSFORMS_PASSES_H
#define LMHEAD_DIALECT_LMHEAD_TRANSFORMS_PASSES_H

#include "lmhead/Dialect/LMHead/IR/LMHeadDialect.h"
#include "lmhead/Dialect/LMHead/Transforms/PlanOptions.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
namespace lmhead {

#define GEN_PASS_DECL
#include "lmhead/Dialect/LMHead/Transforms/Passes.h.inc"

/// Adds the patterns that rewrite every lmhead op into upstream
/// linalg/tensor/arith/math, so that other passes can decompose lmhead ops
/// as part of their own rewrites.
void populateDecomposePatterns(RewritePatternSet &patterns);

/// Creates `--lmhead-plan` with `options` and the tile overrides `tiles`
/// (the `block-m` ... `swizzle` options; 0 fields are left to the model).
std::unique_ptr<Pass> createLMHeadPlan(const LMHeadPlanOptions &options,
                                       const GemmTiles &tiles);

#define GEN_PASS_REGISTRATION
#include "lmhead/Dialect/LMHead/Transforms/Passes.h.inc"

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_DIALECT_LMHEAD_TRANSFORMS_PASSES_H
