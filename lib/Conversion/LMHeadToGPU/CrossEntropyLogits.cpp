//===- CrossEntropyLogits.cpp - one logit as the cross-entropy ops see it -===//
//
// What both logits-GEMM epilogues do first with an accumulator, and how they
// read a label. Kept in one place so that the forward's statistics and the
// backward's dZ see the very same logits.
//
//===----------------------------------------------------------------------===//

#include "CrossEntropyEpilogues.h"
#include "KernelMath.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

#include <limits>

using namespace mlir;
using namespace mlir::lmhead;

Value mlir::lmhead::roundedLogit(OpBuilder &b, Location loc,
                                 const LogitOptions &options, Value acc,
                                 Value bias, Value vocabIndex) {
  Type f32 = b.getF32Type();
  Value z = acc;
  if (bias) {
    // A memref is loaded at vocabIndex; a scalar is the bias itself.
    Value term = isa<MemRefType>(bias.getType())
                     ? Value(memref::LoadOp::create(b, loc, bias,
                                                    ValueRange{vocabIndex}))
                     : bias;
    z = arith::AddFOp::create(b, loc, z,
                              arith::ExtFOp::create(b, loc, f32, term));
  }
  // The logits leave the GEMM in the operand type, as the op defines them.
  return arith::TruncFOp::create(b, loc, options.operandType, z);
}

Value mlir::lmhead::cappedLogit(OpBuilder &b, Location loc,
                                const LogitOptions &options, Value rounded,
                                Value *capTanh) {
  Value z = arith::ExtFOp::create(b, loc, b.getF32Type(), rounded);
  if (options.logitSoftcap > 0.0) {
    Value cap = arith::ConstantOp::create(
        b, loc, b.getF32FloatAttr(float(options.logitSoftcap)));
    Value t = kernelTanh(b, loc, arith::DivFOp::create(b, loc, z, cap));
    if (capTanh)
      *capTanh = t;
    z = arith::MulFOp::create(b, loc, cap, t);
  }
  return z;
}

Value mlir::lmhead::logitValue(OpBuilder &b, Location loc,
                               const LogitOptions &options, Value acc,
                               Value bias, Value vocabIndex, Value *capTanh) {
  return cappedLogit(b, loc, options,
                     roundedLogit(b, loc, options, acc, bias, vocabIndex),
                     capTanh);
}

Value mlir::lmhead::logitGradient(OpBuilder &b, Location loc,
                                  const LogitOptions &options, Value z,
                                  Value capTanh, Value lse, Value softmaxScale,
                                  Value isTarget) {
  auto f32Constant = [&](double v) -> Value {
    return arith::ConstantOp::create(b, loc, b.getF32FloatAttr(float(v)));
  };
  double smoothing = options.labelSmoothing;
  // p·(1 + 2·w·lse) − ε/V − (1−ε)·[v = y], all in f32.
  Value d = kernelExp(b, loc, arith::SubFOp::create(b, loc, z, lse));
  if (softmaxScale)
    d = arith::MulFOp::create(b, loc, d, softmaxScale);
  if (smoothing > 0.0)
    d = arith::SubFOp::create(b, loc, d,
                              f32Constant(smoothing / options.vocab));
  d = arith::SubFOp::create(
      b, loc, d,
      arith::SelectOp::create(b, loc, isTarget, f32Constant(1.0 - smoothing),
                              f32Constant(0.0)));
  // Through the soft-cap: d(c·tanh(x/c))/dx = 1 − tanh²(x/c).
  if (capTanh)
    d = arith::MulFOp::create(
        b, loc, d,
        arith::SubFOp::create(b, loc, f32Constant(1.0),
                              arith::MulFOp::create(b, loc, capTanh, capTanh)));
  return d;
}

Value mlir::lmhead::softmaxScaleOf(OpBuilder &b, Location loc,
                                   const LogitOptions &options, Value lse) {
  if (options.zLossWeight <= 0.0)
    return Value();
  auto f32Constant = [&](double v) -> Value {
    return arith::ConstantOp::create(b, loc, b.getF32FloatAttr(float(v)));
  };
  return arith::AddFOp::create(
      b, loc, f32Constant(1.0),
      arith::MulFOp::create(b, loc, f32Constant(2.0 * options.zLossWeight),
                            lse));
}

std::pair<Value, Value> mlir::lmhead::classifyLabel(OpBuilder &b, Location loc,
                                                    const LogitOptions &options,
                                                    Value label) {
  Type i64 = b.getI64Type();
  if (label.getType() != i64)
    label = arith::ExtSIOp::create(b, loc, i64, label);
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantIntOp::create(b, loc, v, 64);
  };
  Value valid = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, label,
                                      constant(options.ignoreIndex));
  // Unsigned: a negative label compares above every class.
  Value outside = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge,
                                        label, constant(options.vocab));
  Value bad = arith::AndIOp::create(b, loc, valid, outside);
  return {valid, bad};
}

Value mlir::lmhead::labelCode(OpBuilder &b, Location loc,
                              const LogitOptions &options, Value label) {
  auto [valid, bad] = classifyLabel(b, loc, options, label);
  Type i32 = b.getI32Type();
  // A class fits in i32: checkLogitOptions refuses V past 2³¹ − 1.
  Value asClass = label.getType() == i32
                      ? label
                      : arith::TruncIOp::create(b, loc, i32, label);
  auto constant = [&](int32_t v) -> Value {
    return arith::ConstantIntOp::create(b, loc, v, 32);
  };
  return arith::SelectOp::create(
      b, loc, bad, constant(kLabelWithoutClass),
      arith::SelectOp::create(b, loc, valid, asClass, constant(kIgnoredLabel)));
}

llvm::Error mlir::lmhead::checkLogitOptions(const LogitOptions &options,
                                            StringRef operandProblem) {
  if (!options.operandType ||
      !(options.operandType.isF16() || options.operandType.isBF16()))
    return kernelRefused(operandProblem);
  if (options.vocab <= 0)
    return kernelRefused("the vocabulary size must be static and positive");
  if (options.vocab > std::numeric_limits<int32_t>::max())
    return kernelRefused(
        "the vocabulary size must be below 2^31 (labels are compared as i32)");
  return llvm::Error::success();
}

int64_t mlir::lmhead::numPartialColumns(const GemmTiles &tiles, int64_t vocab) {
  return std::max<int64_t>(1, (vocab + tiles.warpN - 1) / tiles.warpN);
}
