//===- DecomposeBuilder.cpp - linalg building blocks of the lmhead ops ----===//
//
// Every block is a `linalg.generic` on tensors whose body works on scalars in
// f32 (products in the accumulator type), so that the decomposition is the
// plain textbook math: it is the reference the kernels are checked against.
// Dimension sizes come from the operands (`tensor.dim` when dynamic), so
// every block works for dynamic token counts.
//
//===----------------------------------------------------------------------===//

#include "DecomposeBuilder.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

#include <limits>

using namespace mlir;
using namespace mlir::lmhead;

namespace {

using utils::IteratorType;
constexpr IteratorType kParallel = IteratorType::parallel;
constexpr IteratorType kReduction = IteratorType::reduction;

/// Scalar helpers for the bodies of linalg.generic ops.
class ScalarBuilder {
public:
  ScalarBuilder(OpBuilder &b, Location loc) : b(b), loc(loc) {}

  Value f32(double value) {
    return arith::ConstantOp::create(b, loc, b.getF32FloatAttr(value));
  }
  Value add(Value x, Value y) { return arith::AddFOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return arith::SubFOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulFOp::create(b, loc, x, y); }
  Value div(Value x, Value y) { return arith::DivFOp::create(b, loc, x, y); }
  Value exp(Value x) { return math::ExpOp::create(b, loc, x); }
  Value log(Value x) { return math::LogOp::create(b, loc, x); }
  Value tanh(Value x) { return math::TanhOp::create(b, loc, x); }
  Value max(Value x, Value y) {
    return arith::MaximumFOp::create(b, loc, x, y);
  }
  Value select(Value c, Value x, Value y) {
    return arith::SelectOp::create(b, loc, c, x, y);
  }

  /// Converts a float scalar to another float type (f16 <-> bf16 through
  /// f32, since neither holds the other).
  Value convert(Value value, Type to) {
    auto from = cast<FloatType>(value.getType());
    auto target = cast<FloatType>(to);
    if (from == target)
      return value;
    if (from.getWidth() < target.getWidth())
      return arith::ExtFOp::create(b, loc, target, value);
    if (from.getWidth() > target.getWidth())
      return arith::TruncFOp::create(b, loc, target, value);
    Value wide = arith::ExtFOp::create(b, loc, b.getF32Type(), value);
    return arith::TruncFOp::create(b, loc, target, wide);
  }

  /// `acc + x·y` with both factors converted to the accumulator's type.
  Value multiplyAdd(Value x, Value y, Value acc) {
    Type accType = acc.getType();
    return add(acc, mul(convert(x, accType), convert(y, accType)));
  }

  /// True when the integer `label` is not `ignoreIndex`.
  Value isValid(Value label, int64_t ignoreIndex) {
    Value ignore = arith::ConstantOp::create(
        b, loc, b.getIntegerAttr(label.getType(), ignoreIndex));
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, label,
                                 ignore);
  }

  /// True when the integer `label` lies outside `[0, vocab)` (`vocab` an
  /// index). It is compared, never used as an index.
  Value isOutsideVocab(Value label, Value vocab) {
    Value labelIndex =
        arith::IndexCastOp::create(b, loc, b.getIndexType(), label);
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value below = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                        labelIndex, zero);
    Value above = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge,
                                        labelIndex, vocab);
    return arith::OrIOp::create(b, loc, below, above);
  }

  /// What a token with integer `label` contributes in place of `value`: 0
  /// when it is ignored, NaN when its label is outside `[0, vocab)`, else
  /// `value` itself.
  Value byLabel(Value label, Value value, Value vocab, int64_t ignoreIndex) {
    Value nan = f32(std::numeric_limits<double>::quiet_NaN());
    Value checked = select(isOutsideVocab(label, vocab), nan, value);
    return select(isValid(label, ignoreIndex), checked, f32(0.0));
  }

  /// True when the integer `label` names vocabulary column `dim` of the
  /// iteration space.
  Value isTarget(Value label, unsigned dim) {
    Value column = linalg::IndexOp::create(b, loc, dim);
    Value labelIndex =
        arith::IndexCastOp::create(b, loc, b.getIndexType(), label);
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, labelIndex,
                                 column);
  }

  void yield(ValueRange values) { linalg::YieldOp::create(b, loc, values); }

private:
  OpBuilder &b;
  Location loc;
};

/// The affine map of `numDims` loops that reads the loops `dims`.
AffineMap loopsMap(MLIRContext *ctx, unsigned numDims,
                   ArrayRef<unsigned> dims) {
  SmallVector<AffineExpr> exprs;
  for (unsigned dim : dims)
    exprs.push_back(getAffineDimExpr(dim, ctx));
  return AffineMap::get(numDims, 0, exprs, ctx);
}

using BodyFn = function_ref<void(ScalarBuilder &, ValueRange)>;

/// Builds a linalg.generic whose results have the types of `outs`.
ValueRange buildGeneric(OpBuilder &b, Location loc, ValueRange ins,
                        ValueRange outs, ArrayRef<AffineMap> maps,
                        ArrayRef<IteratorType> iterators, BodyFn body) {
  auto op = linalg::GenericOp::create(
      b, loc, outs.getTypes(), ins, outs, maps, iterators,
      [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
        ScalarBuilder scalar(nested, nestedLoc);
        body(scalar, args);
      });
  return op.getResults();
}

Value emptyTensor(OpBuilder &b, Location loc, ArrayRef<OpFoldResult> sizes,
                  Type elementType) {
  return tensor::EmptyOp::create(b, loc, sizes, elementType);
}

Value filledTensor(OpBuilder &b, Location loc, ArrayRef<OpFoldResult> sizes,
                   Type elementType, double value) {
  Value init = emptyTensor(b, loc, sizes, elementType);
  Value constant =
      arith::ConstantOp::create(b, loc, b.getFloatAttr(elementType, value));
  return linalg::FillOp::create(b, loc, ValueRange{constant}, ValueRange{init})
      .getResult(0);
}

/// A dimension size as an f32 scalar (for the ε/V of label smoothing).
Value sizeAsF32(OpBuilder &b, Location loc, Value index) {
  Value i64 = arith::IndexCastOp::create(b, loc, b.getI64Type(), index);
  return arith::SIToFPOp::create(b, loc, b.getF32Type(), i64);
}

/// The element at the origin of a rank-0 tensor.
Value extractScalar(OpBuilder &b, Location loc, Value tensor) {
  return tensor::ExtractOp::create(b, loc, tensor, ValueRange{});
}

} // namespace

Value DecomposeBuilder::castTo(Value value, Type type) {
  if (value.getType() == type)
    return value;
  return tensor::CastOp::create(b, loc, type, value);
}

Value DecomposeBuilder::logits(Value h, Value w, Value bias,
                               WeightLayout layout, Type accType,
                               double softcap) {
  MLIRContext *ctx = b.getContext();
  SmallVector<OpFoldResult> sizes = {
      tensor::getMixedSize(b, loc, h, 0),
      tensor::getMixedSize(b, loc, w, vocabDim(layout))};
  // Loops (n, v, d): z[n,v] += h[n,d] · W[v,d] (W[d,v] for layout dv).
  AffineMap weightMap = layout == WeightLayout::VD ? loopsMap(ctx, 3, {1, 2})
                                                   : loopsMap(ctx, 3, {2, 1});
  Value products = buildGeneric(
      b, loc, {h, w}, {filledTensor(b, loc, sizes, accType, 0.0)},
      {loopsMap(ctx, 3, {0, 2}), weightMap, loopsMap(ctx, 3, {0, 1})},
      {kParallel, kParallel, kReduction}, [](ScalarBuilder &s, ValueRange a) {
        s.yield(s.multiplyAdd(a[0], a[1], a[2]));
      })[0];

  // The logits leave the GEMM in the operand type, as a mixed-precision
  // linear layer produces them (PyTorch autocast), before the f32 softmax.
  Type operandType = getElementTypeOrSelf(h);
  bool round = !operandType.isF32();
  if (accType.isF32() && !bias && softcap == 0.0 && !round)
    return products;

  SmallVector<Value> ins = {products};
  SmallVector<AffineMap> maps = {loopsMap(ctx, 2, {0, 1})};
  if (bias) {
    ins.push_back(bias);
    maps.push_back(loopsMap(ctx, 2, {1}));
  }
  maps.push_back(loopsMap(ctx, 2, {0, 1}));
  bool hasBias = static_cast<bool>(bias);
  return buildGeneric(
      b, loc, ins, {emptyTensor(b, loc, sizes, b.getF32Type())}, maps,
      {kParallel, kParallel}, [&](ScalarBuilder &s, ValueRange a) {
        Value z = s.convert(a[0], b.getF32Type());
        if (hasBias)
          z = s.add(z, s.convert(a[1], b.getF32Type()));
        if (round)
          z = s.convert(s.convert(z, operandType), b.getF32Type());
        if (softcap > 0.0) {
          Value cap = s.f32(softcap);
          z = s.mul(cap, s.tanh(s.div(z, cap)));
        }
        s.yield(z);
      })[0];
}

Value DecomposeBuilder::logSumExp(Value z) {
  MLIRContext *ctx = b.getContext();
  Type f32 = b.getF32Type();
  SmallVector<OpFoldResult> rows = {tensor::getMixedSize(b, loc, z, 0)};
  AffineMap all = loopsMap(ctx, 2, {0, 1}), row = loopsMap(ctx, 2, {0});
  Value rowMax = buildGeneric(
      b, loc, {z},
      {filledTensor(b, loc, rows, f32,
                    -std::numeric_limits<double>::infinity())},
      {all, row}, {kParallel, kReduction},
      [&](ScalarBuilder &s, ValueRange a) { s.yield(s.max(a[0], a[1])); })[0];
  Value sumExp =
      buildGeneric(b, loc, {z, rowMax}, {filledTensor(b, loc, rows, f32, 0.0)},
                   {all, row, row}, {kParallel, kReduction},
                   [](ScalarBuilder &s, ValueRange a) {
                     s.yield(s.add(a[2], s.exp(s.sub(a[0], a[1]))));
                   })[0];
  AffineMap id = loopsMap(ctx, 1, {0});
  return buildGeneric(b, loc, {rowMax, sumExp},
                      {emptyTensor(b, loc, rows, f32)}, {id, id, id},
                      {kParallel}, [&](ScalarBuilder &s, ValueRange a) {
                        s.yield(s.add(a[0], s.log(a[1])));
                      })[0];
}

Value DecomposeBuilder::tokenLosses(Value z, Value lse, Value labels,
                                    const CrossEntropyOptions &options) {
  MLIRContext *ctx = b.getContext();
  Type f32 = b.getF32Type();
  SmallVector<OpFoldResult> rows = {tensor::getMixedSize(b, loc, z, 0)};
  AffineMap all = loopsMap(ctx, 2, {0, 1}), row = loopsMap(ctx, 2, {0});
  double smoothing = options.labelSmoothing;

  // One pass over the vocabulary: the target logit z[n,y_n] and, for label
  // smoothing, the row sum Σ_v z[n,v].
  Value zero = filledTensor(b, loc, rows, f32, 0.0);
  SmallVector<Value> outs = {zero};
  SmallVector<AffineMap> maps = {all, row, row};
  if (smoothing > 0.0) {
    outs.push_back(zero);
    maps.push_back(row);
  }
  ValueRange sums =
      buildGeneric(b, loc, {z, labels}, outs, maps, {kParallel, kReduction},
                   [&](ScalarBuilder &s, ValueRange a) {
                     Value target =
                         s.select(s.isTarget(a[1], 1), a[0], s.f32(0.0));
                     SmallVector<Value> next = {s.add(a[2], target)};
                     if (smoothing > 0.0)
                       next.push_back(s.add(a[3], a[0]));
                     s.yield(next);
                   });

  Value vocabSize = getValueOrCreateConstantIndexOp(
      b, loc, tensor::getMixedSize(b, loc, z, 1));
  Value vocab = sizeAsF32(b, loc, vocabSize);
  AffineMap id = loopsMap(ctx, 1, {0});
  SmallVector<Value> ins = {lse, labels, sums[0]};
  if (smoothing > 0.0)
    ins.push_back(sums[1]);
  SmallVector<AffineMap> lossMaps(ins.size() + 1, id);
  return buildGeneric(
      b, loc, ins, {emptyTensor(b, loc, rows, f32)}, lossMaps, {kParallel},
      [&](ScalarBuilder &s, ValueRange a) {
        Value rowLse = a[0], label = a[1], targetLogit = a[2];
        // (1−ε)·(lse − z_y) + ε·(lse − mean_v z) + weight·lse²
        Value loss = s.sub(rowLse, targetLogit);
        if (smoothing > 0.0) {
          Value mean = s.div(a[3], vocab);
          loss = s.add(s.mul(s.f32(1.0 - smoothing), loss),
                       s.mul(s.f32(smoothing), s.sub(rowLse, mean)));
        }
        if (options.zLossWeight > 0.0)
          loss = s.add(
              loss, s.mul(s.f32(options.zLossWeight), s.mul(rowLse, rowLse)));
        s.yield(s.byLabel(label, loss, vocabSize, options.ignoreIndex));
      })[0];
}

Value DecomposeBuilder::validCount(Value labels, int64_t ignoreIndex) {
  MLIRContext *ctx = b.getContext();
  return buildGeneric(b, loc, {labels},
                      {filledTensor(b, loc, {}, b.getF32Type(), 0.0)},
                      {loopsMap(ctx, 1, {0}), loopsMap(ctx, 1, {})},
                      {kReduction}, [&](ScalarBuilder &s, ValueRange a) {
                        Value one = s.select(s.isValid(a[0], ignoreIndex),
                                             s.f32(1.0), s.f32(0.0));
                        s.yield(s.add(a[1], one));
                      })[0];
}

Value DecomposeBuilder::reduceLosses(Value losses, Value count,
                                     Reduction reduction) {
  if (reduction == Reduction::None)
    return losses;
  MLIRContext *ctx = b.getContext();
  Type f32 = b.getF32Type();
  Value sum = buildGeneric(
      b, loc, {losses}, {filledTensor(b, loc, {}, f32, 0.0)},
      {loopsMap(ctx, 1, {0}), loopsMap(ctx, 1, {})}, {kReduction},
      [](ScalarBuilder &s, ValueRange a) { s.yield(s.add(a[1], a[0])); })[0];
  if (reduction == Reduction::Sum)
    return sum;

  // Mean over valid tokens; an all-ignored batch has loss 0, not 0/0.
  ScalarBuilder s(b, loc);
  Value total = extractScalar(b, loc, sum);
  Value n = extractScalar(b, loc, count);
  Value any =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, n, s.f32(0.0));
  Value mean = s.select(any, s.div(total, n), s.f32(0.0));
  return tensor::FromElementsOp::create(b, loc, RankedTensorType::get({}, f32),
                                        ValueRange{mean});
}

Value DecomposeBuilder::logitGradient(Value z, Value lse, Value labels,
                                      Value dloss, Value count,
                                      const CrossEntropyOptions &options) {
  MLIRContext *ctx = b.getContext();
  Type f32 = b.getF32Type();
  SmallVector<OpFoldResult> rows = {tensor::getMixedSize(b, loc, z, 0)};
  SmallVector<OpFoldResult> all = {rows[0], tensor::getMixedSize(b, loc, z, 1)};
  Value vocabSize = getValueOrCreateConstantIndexOp(b, loc, all[1]);
  AffineMap id = loopsMap(ctx, 1, {0});

  // g[n]: the upstream gradient reaching token n (0 for ignored tokens, NaN
  // for a label outside the vocabulary, which makes the whole dZ row NaN).
  Value tokenGrad;
  if (options.reduction == Reduction::None) {
    tokenGrad = buildGeneric(
        b, loc, {labels, dloss}, {emptyTensor(b, loc, rows, f32)}, {id, id, id},
        {kParallel}, [&](ScalarBuilder &s, ValueRange a) {
          s.yield(s.byLabel(a[0], a[1], vocabSize, options.ignoreIndex));
        })[0];
  } else {
    ScalarBuilder s(b, loc);
    Value upstream = extractScalar(b, loc, dloss);
    // For mean, count ≥ 1 whenever a valid token exists, and without one
    // every token selects 0 below, so the division never reaches a result.
    if (options.reduction == Reduction::Mean)
      upstream = s.div(upstream, extractScalar(b, loc, count));
    tokenGrad = buildGeneric(
        b, loc, {labels}, {emptyTensor(b, loc, rows, f32)}, {id, id},
        {kParallel}, [&](ScalarBuilder &s, ValueRange a) {
          s.yield(s.byLabel(a[0], upstream, vocabSize, options.ignoreIndex));
        })[0];
  }

  Value vocab = sizeAsF32(b, loc, vocabSize);
  AffineMap cell = loopsMap(ctx, 2, {0, 1}), row = loopsMap(ctx, 2, {0});
  double smoothing = options.labelSmoothing;
  return buildGeneric(
      b, loc, {z, lse, labels, tokenGrad}, {emptyTensor(b, loc, all, f32)},
      {cell, row, row, row, cell}, {kParallel, kParallel},
      [&](ScalarBuilder &s, ValueRange a) {
        Value logit = a[0], rowLse = a[1], label = a[2], grad = a[3];
        // p·(1 + 2·w·lse) − ε/V − (1−ε)·[v = y]
        Value d = s.exp(s.sub(logit, rowLse));
        if (options.zLossWeight > 0.0)
          d = s.mul(d, s.add(s.f32(1.0),
                             s.mul(s.f32(2.0 * options.zLossWeight), rowLse)));
        if (smoothing > 0.0)
          d = s.sub(d, s.div(s.f32(smoothing), vocab));
        d = s.sub(d, s.select(s.isTarget(label, 1), s.f32(1.0 - smoothing),
                              s.f32(0.0)));
        // Through the soft-cap: d(c·tanh(x/c))/dx = 1 − tanh²(x/c).
        if (options.logitSoftcap > 0.0) {
          Value t = s.div(logit, s.f32(options.logitSoftcap));
          d = s.mul(d, s.sub(s.f32(1.0), s.mul(t, t)));
        }
        // An ignored token's row is 0 whatever its logits are (a NaN in its
        // hidden state included), not 0 times them.
        s.yield(s.select(s.isValid(label, options.ignoreIndex), s.mul(d, grad),
                         s.f32(0.0)));
      })[0];
}

Value DecomposeBuilder::roundTo(Value tensor, Type elementType) {
  auto type = cast<RankedTensorType>(tensor.getType());
  if (type.getElementType() == elementType)
    return tensor;
  MLIRContext *ctx = b.getContext();
  SmallVector<unsigned> dims;
  for (unsigned i = 0; i < type.getRank(); ++i)
    dims.push_back(i);
  AffineMap id = loopsMap(ctx, type.getRank(), dims);
  SmallVector<IteratorType> iterators(type.getRank(), kParallel);
  return buildGeneric(
      b, loc, {tensor},
      {emptyTensor(b, loc, tensor::getMixedSizes(b, loc, tensor), elementType)},
      {id, id}, iterators, [&](ScalarBuilder &s, ValueRange a) {
        s.yield(s.convert(a[0], elementType));
      })[0];
}

namespace {
/// The epilogue of one gradient: `round(scale·s·acc + init)` in f32, then
/// cast to the result's exact type; `s` is the scalar of the rank-0 f32
/// tensor `dynamicScale`, or 1 when it is null.
Value gradientEpilogue(OpBuilder &b, Location loc, Value acc, Value init,
                       double scale, Value dynamicScale,
                       RankedTensorType resultType) {
  Type resultElt = resultType.getElementType();
  Type accElt = cast<RankedTensorType>(acc.getType()).getElementType();
  Value result = acc;
  Value factor = dynamicScale ? extractScalar(b, loc, dynamicScale) : Value();
  if (accElt != resultElt || scale != 1.0 || init || factor) {
    MLIRContext *ctx = b.getContext();
    unsigned rank = resultType.getRank();
    SmallVector<unsigned> dims;
    for (unsigned i = 0; i < rank; ++i)
      dims.push_back(i);
    AffineMap id = loopsMap(ctx, rank, dims);
    SmallVector<Value> ins = {acc};
    if (init)
      ins.push_back(init);
    SmallVector<AffineMap> maps(ins.size() + 1, id);
    SmallVector<IteratorType> iterators(rank, kParallel);
    result = buildGeneric(
        b, loc, ins,
        {emptyTensor(b, loc, tensor::getMixedSizes(b, loc, acc), resultElt)},
        maps, iterators, [&](ScalarBuilder &s, ValueRange a) {
          Value x = s.convert(a[0], b.getF32Type());
          if (scale != 1.0)
            x = s.mul(x, s.f32(scale));
          if (factor)
            x = s.mul(x, factor);
          if (init)
            x = s.add(x, s.convert(a[1], b.getF32Type()));
          s.yield(s.convert(x, resultElt));
        })[0];
  }
  if (result.getType() == resultType)
    return result;
  return tensor::CastOp::create(b, loc, resultType, result);
}
} // namespace

GradientResults DecomposeBuilder::gradients(Value dz, Value h, Value w,
                                            const GradientRequest &request) {
  MLIRContext *ctx = b.getContext();
  Type accType = request.accumulatorType;
  OpFoldResult tokens = tensor::getMixedSize(b, loc, dz, 0);
  OpFoldResult vocab = tensor::getMixedSize(b, loc, dz, 1);
  OpFoldResult hidden = tensor::getMixedSize(b, loc, h, 1);
  bool vd = request.layout == WeightLayout::VD;
  auto multiplyAdd = [](ScalarBuilder &s, ValueRange a) {
    s.yield(s.multiplyAdd(a[0], a[1], a[2]));
  };
  GradientResults results;

  if (request.dhType) {
    // Loops (n, d, v): dh[n,d] += dZ[n,v] · W[v,d].
    Value acc = buildGeneric(
        b, loc, {dz, w}, {filledTensor(b, loc, {tokens, hidden}, accType, 0.0)},
        {loopsMap(ctx, 3, {0, 2}),
         vd ? loopsMap(ctx, 3, {2, 1}) : loopsMap(ctx, 3, {1, 2}),
         loopsMap(ctx, 3, {0, 1})},
        {kParallel, kParallel, kReduction}, multiplyAdd)[0];
    results.dhProduct = acc;
    results.dh = gradientEpilogue(b, loc, acc, request.dhAcc, request.scale,
                                  Value(), request.dhType);
  }

  if (request.dwType) {
    // Loops (v, d, n) for [V,D] or (d, v, n) for [D,V]:
    // dW[v,d] += dZ[n,v] · h[n,d].
    SmallVector<OpFoldResult> sizes =
        vd ? SmallVector<OpFoldResult>{vocab, hidden}
           : SmallVector<OpFoldResult>{hidden, vocab};
    Value acc = buildGeneric(
        b, loc, {dz, h}, {filledTensor(b, loc, sizes, accType, 0.0)},
        {vd ? loopsMap(ctx, 3, {2, 0}) : loopsMap(ctx, 3, {2, 1}),
         vd ? loopsMap(ctx, 3, {2, 1}) : loopsMap(ctx, 3, {2, 0}),
         loopsMap(ctx, 3, {0, 1})},
        {kParallel, kParallel, kReduction}, multiplyAdd)[0];
    results.dwProduct = acc;
    results.dw = gradientEpilogue(b, loc, acc, request.dwAcc, request.scale,
                                  request.dwScale, request.dwType);
  }

  if (request.dbType) {
    // Loops (v, n): db[v] += dZ[n,v], summed in the accumulator type.
    Value acc = buildGeneric(
        b, loc, {dz}, {filledTensor(b, loc, {vocab}, accType, 0.0)},
        {loopsMap(ctx, 2, {1, 0}), loopsMap(ctx, 2, {0})},
        {kParallel, kReduction}, [&](ScalarBuilder &s, ValueRange a) {
          s.yield(s.add(a[1], s.convert(a[0], accType)));
        })[0];
    results.db = gradientEpilogue(b, loc, acc, Value(), request.scale,
                                  request.dwScale, request.dbType);
  }
  return results;
}

Value DecomposeBuilder::sumOfSquares(Value tensor, double scale,
                                     Value dynamicScale) {
  auto type = cast<RankedTensorType>(tensor.getType());
  MLIRContext *ctx = b.getContext();
  Type f32 = b.getF32Type();
  SmallVector<unsigned> dims;
  for (unsigned i = 0; i < type.getRank(); ++i)
    dims.push_back(i);
  SmallVector<IteratorType> iterators(type.getRank(), kReduction);
  Value factor = dynamicScale ? extractScalar(b, loc, dynamicScale) : Value();
  return buildGeneric(
      b, loc, {tensor}, {filledTensor(b, loc, {}, f32, 0.0)},
      {loopsMap(ctx, type.getRank(), dims), loopsMap(ctx, type.getRank(), {})},
      iterators, [&](ScalarBuilder &s, ValueRange a) {
        Value x = s.convert(a[0], f32);
        if (scale != 1.0)
          x = s.mul(x, s.f32(scale));
        if (factor)
          x = s.mul(x, factor);
        s.yield(s.add(a[1], s.mul(x, x)));
      })[0];
}

Value DecomposeBuilder::gradientStatistics(Value dz,
                                           const GradientResults &results,
                                           const GradientRequest &request) {
  SmallVector<Value, 3> norms = {
      extractScalar(b, loc, sumOfSquares(dz)),
      extractScalar(b, loc, sumOfSquares(results.dhProduct, request.scale)),
      extractScalar(
          b, loc,
          sumOfSquares(results.dwProduct, request.scale, request.dwScale))};
  return tensor::FromElementsOp::create(
      b, loc, RankedTensorType::get({3}, b.getF32Type()), norms);
}
