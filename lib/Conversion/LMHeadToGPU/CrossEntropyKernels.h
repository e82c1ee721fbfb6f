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
// - ce_linear_step, per chunk of R tokens: logits `z_c[R,V] = h_c·Wᵀ`
//   (orders as above, the epilogue keeping row statistics and storing the
//   logits into a chunk buffer [R, ≥V]); dh `dh_c[R,D] = dZ_c·W` (A = the
//   buffer, rows along K; B = W as for the backward's dh); dw
//   `dW[V,D] += dZ_cᵀ·h_c` or `dWᵀ[D,V] += h_cᵀ·dZ_c` (A and B as for the
//   backward's dW).
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
  /// ce_linear_grad: vocabulary columns per chunk; ce_linear_step: tokens
  /// per chunk.
  int64_t chunk = 0;
};

/// Why the kernels cannot compute `op` (ce_linear_fwd or ce_linear_grad)
/// on any target, or none.
std::optional<std::string> whyNoCrossEntropyKernels(Operation *op);

/// The GEMMs of `op` configured as `plan` says. Fails with an error on the
/// op when a kernel does not pass checkGemmKernel.
FailureOr<CrossEntropyGemms> getCrossEntropyGemms(Operation *op,
                                                  CrossEntropyPlanAttr plan);

/// The kernels of one planned cross-entropy op. --lmhead-lower-to-gpu and
/// --lmhead-write-bundle build them alike and launch them in the same order
/// (CrossEntropySchedule.h says which order, on which streams).
struct CrossEntropyKernelSet {
  CrossEntropyGemms gemms;
  /// The logits GEMM: row statistics (forward) or dZ (backward).
  gpu::GPUFuncOp logits;
  /// ce_linear_fwd: the token losses and lse (buildTokenLossKernel) and,
  /// for reduction mean or sum, their reduction; ce_linear_step: its row
  /// pass (buildStepRowKernel) and the reduction.
  gpu::GPUFuncOp rows, reduce;
  /// ce_linear_grad: the dh product of the first chunk and of the others
  /// (the same kernel when there is one chunk, or when every chunk
  /// accumulates); the dW product; the mean's shared token scale; the bias
  /// gradient's column sums; the final rounding of an f32 dh into dh's type.
  gpu::GPUFuncOp dhFirst, dh, dw, scale, db, round;
  /// With gradient statistics: the kernel that clears them first, and the
  /// sum of squares of ce_linear_grad's f32 dh and of ce_linear_step's f32
  /// dW (GradientStatistics.h).
  gpu::GPUFuncOp clearStats, dhSquares, dwSquares;
  /// ce_linear_grad: whether dh is f32 and starts as the gradient it adds
  /// to (accumulate_dh), so that every chunk's product accumulates into it.
  /// Never with statistics, which are of dh's own product: dh is then
  /// summed apart and the rounding kernel adds what it accumulates into.
  bool dhStartsFromInit = false;
  /// ce_linear_step: dh_c written once per chunk (`dh`, also in `dhFirst`);
  /// dW's f32 product of the first chunk and of the others (the same
  /// kernel when there is one chunk or every chunk accumulates), the mean's
  /// token scale (`scale`), and dW rounded from f32 to its type (`round`).
  gpu::GPUFuncOp dwFirst;
  /// ce_linear_step: whether dW is f32 and starts as the gradient it adds
  /// to (accumulate_dw). Never with statistics, which are of dW's own
  /// product: dW is then summed apart and `round` adds what it accumulates
  /// into.
  bool dwStartsFromInit = false;
  /// ce_linear_step with a bias gradient: the column sums of the first
  /// token chunk's dZ (stored) and of the others' (added, the same kernel
  /// when there is one chunk), into an f32 db; db rounded to its type when
  /// it is not f32 (`dbRound`).
  gpu::GPUFuncOp dbFirst, dbRound;
  /// ce_linear_grad: the number of vocabulary chunks; ce_linear_step: of
  /// token chunks (ShapedType::kDynamic for a dynamic token count).
  int64_t numChunks = 0;
  /// ce_linear_fwd and ce_linear_step: the warps `rows` gives each token
  /// (partialsWarpsPerToken, stepRowPassWarpsPerToken).
  int64_t rowWarpsPerToken = 1;
};

/// Builds the kernels of `op` planned as `plan` into `module`, each named
/// `<prefix>_<role>` (logits, rows, reduce; scale, dh_first, dh, dw, db,
/// dh_round, stats_clear, dh_squares; dw_first, dw_round, dw_squares,
/// db_first, db_round). Fails with an error
/// on the op when one cannot be built.
FailureOr<CrossEntropyKernelSet>
buildCrossEntropyKernels(Operation *op, CrossEntropyPlanAttr plan,
                         gpu::GPUModuleOp module, StringRef prefix);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_CONVERSION_LMHEADTOGPU_CROSSENTROPYKERNELS_H
