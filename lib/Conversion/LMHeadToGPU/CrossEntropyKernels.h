//===- CrossEntropyKernels.h - the ce ops' GEMMs as kernel specs -*- C++
//-*-===//
//
// How a planned ce_linear_fwd or ce_linear_grad maps onto GEMM kernels:
// which operand is A and which B, how each is stored, and the epilogue
// that finishes each. --lmhead-lower-to-gpu builds its kernels from this.
//
// - logits (both ops): `z[N,V] = h·Wᵀ`, A = h [N,D] (rows along K); B = W
//   [V,D] (rows along K) or, for layout(dv), [D,V] (rows along N). The
//   forward's epilogue keeps row statistics, the backward's forms dZ.
// - dh (grad): `dh[N,D] += dZ_c·W_c`, A = dZ_c [N,c] (rows along K), B =
//   W_c [c,D] (rows along N) or [D,c] (rows along K); f32 result.
// - dw (grad): `dW_c[c,D] = dZ_cᵀ·h`, A = dZ_c stored [N,c] and B = h
//   [N,D], both rows along M/N; for layout(dv) `dW_cᵀ[D,c] = hᵀ·dZ_c`,
//   A = h, B = dZ_c.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_CONVERSION_LMHEADTOGPU_CROSSENTROPYKERNELS_H
#define LMHEAD_CONVERSION_LMHEADTOGPU_CROSSENTROPYKERNELS_H

#include "CrossEntropyEpilogues.h"
#include "GemmKernel.h"

#include "lmhead/Dialect/LMHead/IR/LMHeadOps.h"

#include <optional>
#include <string>

namespace mlir {
namespace lmhead {

/// The GEMM kernels of one planned cross-entropy op.
struct CrossEntropyGemms {
  LogitOptions options;
  GemmKernelSpec logits;
  /// ce_linear_grad only.
  std::optional<GemmKernelSpec> dh, dw;
  /// ce_linear_grad only: vocabulary columns per chunk.
  int64_t chunk = 0;
};

/// Why the kernels cannot compute `op` (ce_linear_fwd or ce_linear_grad)
/// on any target, or an empty string.
std::string whyNoCrossEntropyKernels(Operation *op);

/// The GEMMs of `op` configured as `plan` says. Fails with an error on the
/// op when a kernel does not pass checkGemmKernel.
FailureOr<CrossEntropyGemms> getCrossEntropyGemms(Operation *op,
                                                  CrossEntropyPlanAttr plan);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_CONVERSION_LMHEADTOGPU_CROSSENTROPYKERNELS_H
