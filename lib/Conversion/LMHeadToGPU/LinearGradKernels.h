//===- LinearGradKernels.h - linear_grad's products as GEMMs ---*- C++ -*-===//
//
// How a planned lmhead.linear_grad maps onto two GemmKernelSpecs, each
// finished by a StoreEpilogue: which of the op's operands is A and which is
// B in each product, how each is stored, which of the op's dimensions are
// M, N and K, and the result type, scale and accumulation of the epilogue.
// --lmhead-lower-to-gpu and --lmhead-write-bundle build their kernels from
// this.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_CONVERSION_LMHEADTOGPU_LINEARGRADKERNELS_H
#define LMHEAD_CONVERSION_LMHEADTOGPU_LINEARGRADKERNELS_H

#include "GemmKernel.h"

#include "lmhead/Dialect/LMHead/IR/LMHeadOps.h"

#include "llvm/ADT/SmallVector.h"

#include <string>

namespace mlir {
namespace lmhead {

/// One of linear_grad's sizes: the tokens N, the vocabulary V or the hidden
/// size D.
enum class LinearGradDim { Tokens, Vocab, Hidden };

/// One of linear_grad's two products as a GEMM kernel `C = A·B`.
struct LinearGradProduct {
  /// "dh" or "dw": the result the product computes, and the suffix of its
  /// kernel's name.
  StringRef role;
  GemmKernelSpec spec;
  /// Writes C: scaled, accumulated into when `accumulate` is set, rounded.
  StoreEpilogue epilogue;
  /// The op's operands read as A and B, the result written as C, and the
  /// gradient C starts from when the product accumulates (or null).
  Value a, b, result, accumulate;
  /// What the kernel's M, N and K arguments are.
  LinearGradDim m, n, k;
};

/// Why the GEMM kernels cannot compute `op` on any target (a bias
/// gradient, an accumulator type other than f32), or none.
std::optional<std::string> whyNoLinearGradKernels(LinearGradOp op);

/// The dh product (`dh[N,D] = dZ[N,V]·W`, K = V) and the dW product
/// (`dW[V,D] = dZᵀ·h`, or for `layout(dv)` `dWᵀ[D,V] = hᵀ·dZ`, K = N) of
/// `op`, configured as `plan` says, in that order; products whose result
/// is unused are left out unless `unusedToo`. With gradient statistics,
/// each epilogue adds its product's squared norm to its slot. Each spec's
/// kernel family is its GEMM's (`GemmConfigAttr::getKernelFor`): the plan
/// target's own, or sm_80 for an sm_90a GEMM with copies narrower than TMA's,
/// which then runs on sm_90a. Fails with an error on the op when a kernel does
/// not pass checkGemmKernel.
FailureOr<SmallVector<LinearGradProduct, 2>>
getLinearGradProducts(LinearGradOp op, KernelPlanAttr plan, bool unusedToo);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_CONVERSION_LMHEADTOGPU_LINEARGRADKERNELS_H
