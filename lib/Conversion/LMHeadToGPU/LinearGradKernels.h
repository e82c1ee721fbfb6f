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

/// A matrix a GEMM kernel copies, for checkTmaRows: its name in
/// diagnostics, the bytes between the starts of its rows (none where they
/// are known only at run time), and whether the kernel stores it (through
/// TMA only when it stores through TMA) or loads it.
struct TmaCopy {
  StringRef name;
  std::optional<int64_t> rowBytes;
  bool stored = false;
};

/// The bytes between the starts of two rows of `matrix` (a ranked tensor
/// whose last dimension is contiguous), or none where they are dynamic.
std::optional<int64_t> rowBytesOf(Value matrix);

/// Checks, for the GEMM called `gemm` built as `spec`, that TMA can copy
/// the matrices an sm_90a kernel copies with it (those it loads, and those
/// it stores when it stores through TMA): rows of whole 16 bytes, as the
/// tensor maps need. A plan the model chose always passes; one written by
/// hand may not, and would otherwise fail only when the runtime encodes
/// the map. Emits an error on `op` naming the matrix.
LogicalResult checkTmaRows(Operation *op, StringRef gemm,
                           const GemmKernelSpec &spec,
                           ArrayRef<TmaCopy> copies);

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
