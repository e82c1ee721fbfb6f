//===- KernelMath.cpp - exp, log and tanh inside kernels ------------------===//
//
// ex2.approx.ftz.f32 has a maximum relative error of 2^-22 over its whole
// range, lg2.approx.ftz.f32 an absolute error of 2^-22 (PTX ISA). The
// scaling by log2 e rounds x·log2 e, which costs |x|·2^-24 relatively:
// the softmax's arguments z − max are ≤ 0 and the terms that matter are
// near 0, where it is negligible; the log-sum-exp's log is of a sum ≥ 1.
// Results below f32's normal range flush to 0 (.ftz).
//
//===----------------------------------------------------------------------===//

#include "KernelMath.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include <cmath>

using namespace mlir;
using namespace mlir::lmhead;

namespace {

Value constant(OpBuilder &b, Location loc, double value) {
  return arith::ConstantOp::create(b, loc, b.getF32FloatAttr(float(value)));
}

/// The NVVM intrinsic `name` of one f32 argument.
Value intrinsic(OpBuilder &b, Location loc, StringRef name, Value x) {
  return LLVM::CallIntrinsicOp::create(b, loc, b.getF32Type(),
                                       b.getStringAttr(name), ValueRange{x})
      .getResult(0);
}

} // namespace

Value mlir::lmhead::kernelExp(OpBuilder &b, Location loc, Value x) {
  Value scaled = arith::MulFOp::create(b, loc, x, constant(b, loc, M_LOG2E));
  return intrinsic(b, loc, "llvm.nvvm.ex2.approx.ftz.f", scaled);
}

Value mlir::lmhead::kernelLog(OpBuilder &b, Location loc, Value x) {
  return arith::MulFOp::create(
      b, loc, intrinsic(b, loc, "llvm.nvvm.lg2.approx.ftz.f", x),
      constant(b, loc, M_LN2));
}

Value mlir::lmhead::kernelTanh(OpBuilder &b, Location loc, Value x) {
  Value zero = constant(b, loc, 0.0), one = constant(b, loc, 1.0);
  Value negative =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, x, zero);
  Value magnitude = arith::SelectOp::create(
      b, loc, negative, arith::NegFOp::create(b, loc, x), x);
  Value e = kernelExp(
      b, loc, arith::MulFOp::create(b, loc, magnitude, constant(b, loc, -2.0)));
  Value t = arith::DivFOp::create(b, loc, arith::SubFOp::create(b, loc, one, e),
                                  arith::AddFOp::create(b, loc, one, e));
  return arith::SelectOp::create(b, loc, negative,
                                 arith::NegFOp::create(b, loc, t), t);
}
