//===- DecomposeBuilder.h - linalg building blocks of the lmhead ops -*- C++
//-*-===//
//
// The pieces the lmhead ops are made of (logits, log-sum-exp, per-token loss,
// logit gradient, the two backward GEMMs and the bias sum), each built as
// linalg on tensors. Decompose.cpp assembles them into the definition of
// each op; later passes reuse them where they fall back to the reference.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_LIB_DIALECT_LMHEAD_TRANSFORMS_DECOMPOSEBUILDER_H
#define LMHEAD_LIB_DIALECT_LMHEAD_TRANSFORMS_DECOMPOSEBUILDER_H

#include "lmhead/Dialect/LMHead/IR/LMHeadOps.h"
#include "mlir/IR/Builders.h"

namespace mlir {
namespace lmhead {

/// What the backward GEMMs are asked to produce: the result types (a null
/// type for a result nobody needs), the accumulate-into operands, the scale
/// and the accumulator type of the products.
struct GradientRequest {
  WeightLayout layout = WeightLayout::VD;
  Type accumulatorType;
  double scale = 1.0;
  RankedTensorType dhType, dwType, dbType;
  Value dhAcc, dwAcc;
  /// A rank-0 f32 tensor multiplying dW and db (after `scale`), or null.
  Value dwScale;
};

/// The backward GEMM results; null for those not requested. `dhProduct`
/// and `dwProduct` are the products in the accumulator type, before the
/// epilogue (what the gradient statistics are of, times the scale).
struct GradientResults {
  Value dh, dw, db;
  Value dhProduct, dwProduct;
};

/// Builds linalg-on-tensors at one location.
class DecomposeBuilder {
public:
  DecomposeBuilder(OpBuilder &builder, Location loc) : b(builder), loc(loc) {}

  /// `z = h·Wᵀ + bias` ([N,V] f32; `h·W + bias` for layout dv), products
  /// accumulated in `accType`, then `c·tanh(z/c)` when `softcap` c > 0.
  Value logits(Value h, Value w, Value bias, WeightLayout layout, Type accType,
               double softcap);

  /// `lse[n] = max_v z + log Σ_v exp(z − max_v z)`, [N] f32.
  Value logSumExp(Value z);

  /// The per-token loss ([N] f32, 0 for ignored tokens, NaN for other
  /// tokens whose label is outside `[0, V)`) of `z` with `lse`.
  Value tokenLosses(Value z, Value lse, Value labels,
                    const CrossEntropyOptions &options);

  /// The number of tokens whose label is not `ignoreIndex`, as a rank-0 f32
  /// tensor.
  Value validCount(Value labels, int64_t ignoreIndex);

  /// Reduces per-token losses as `reduction` says; `mean` divides by
  /// `count` and is 0 when `count` is 0.
  Value reduceLosses(Value losses, Value count, Reduction reduction);

  /// The logit gradient dZ ([N,V] f32) of the reduced loss, scaled by the
  /// upstream gradient `dloss`; rows of ignored tokens are 0, rows of other
  /// tokens whose label is outside `[0, V)` are NaN.
  Value logitGradient(Value z, Value lse, Value labels, Value dloss,
                      Value count, const CrossEntropyOptions &options);

  /// `tensor` with every element rounded to `elementType` (a no-op when it
  /// already has that type).
  Value roundTo(Value tensor, Type elementType);

  /// `dh = dZ·W`, `dW = dZᵀ·h`, `db = Σ_n dZ` with the epilogue of
  /// `request`: scale, accumulate-into and one rounding per result.
  GradientResults gradients(Value dz, Value h, Value w,
                            const GradientRequest &request);

  /// `Σ (scale·s·x)²` over every element x of `tensor`, in f32, as a
  /// rank-0 f32 tensor; `s` is the scalar of the rank-0 f32 tensor
  /// `dynamicScale`, or 1 when it is null.
  Value sumOfSquares(Value tensor, double scale = 1.0,
                     Value dynamicScale = Value());

  /// The gradient statistics `[‖dZ‖², ‖dh‖², ‖dW‖²]` (tensor<3xf32>) of
  /// the f32 logit gradient `dz` and the products of `results` as
  /// `request` scales them: the op's own gradients, before anything is
  /// accumulated into them and before they are rounded.
  Value gradientStatistics(Value dz, const GradientResults &results,
                           const GradientRequest &request);

  /// `value` as a tensor of exactly `type` (a tensor.cast when only the
  /// static-ness of dimensions differs).
  Value castTo(Value value, Type type);

private:
  OpBuilder &b;
  Location loc;
};

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_LIB_DIALECT_LMHEAD_TRANSFORMS_DECOMPOSEBUILDER_H
