//===- LogitGradEpilogue.cpp - dZ of one vocabulary chunk -----------------===//
//
// ce_linear_grad's logits GEMM ends here: each logit of the chunk becomes
// its gradient as the op defines it, formed in f32 (the true-class term
// included, before any rounding) and rounded once to the operand type as
// it is stored into the chunk workspace, which the dh and dW products then
// read as an ordinary operand.
//
//===----------------------------------------------------------------------===//

#include "CrossEntropyEpilogues.h"
#include "GemmKernel.h"
#include "GradientStatistics.h"
#include "KernelMath.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <limits>

using namespace mlir;
using namespace mlir::lmhead;

SmallVector<Type>
LogitGradEpilogue::getArgumentTypes(const GemmKernelSpec &spec) const {
  int64_t dynamic = ShapedType::kDynamic;
  auto f32 = Float32Type::get(spec.operandType.getContext());
  SmallVector<Type> types = {MemRefType::get({dynamic}, options.labelType),
                             MemRefType::get({dynamic}, f32),
                             MemRefType::get({dynamic}, f32)};
  if (options.hasBias)
    types.push_back(MemRefType::get({dynamic}, options.operandType));
  types.push_back(gemmMatrixType(options.operandType));
  types.push_back(IndexType::get(f32.getContext()));
  if (statistics)
    types.push_back(statisticsBufferType(f32.getContext()));
  return types;
}

llvm::Error LogitGradEpilogue::check(const GemmKernelSpec &spec) const {
  return checkLogitOptions(options, "dZ is stored in f16 or bf16 operands");
}

void LogitGradEpilogue::write(OpBuilder &b, Location loc,
                              const GemmKernelSpec &spec, ValueRange arguments,
                              const AccumulatorTile &tile) const {
  Value labels = arguments[0], lse = arguments[1], scales = arguments[2];
  Value bias = options.hasBias ? arguments[3] : Value();
  unsigned last = arguments.size() - (statistics ? 2 : 1);
  Value dz = arguments[last - 1];
  Value vocabOffset = arguments[last];
  Value stats = statistics ? arguments.back() : Value();
  auto f32Constant = [&](double v) -> Value {
    return arith::ConstantOp::create(b, loc, b.getF32FloatAttr(float(v)));
  };
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  auto lessThan = [&](Value x, Value y) -> Value {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, x, y);
  };
  Type i64 = b.getI64Type(), f32 = b.getF32Type();
  // With statistics, each `if` yields the squares of the dZ it formed (0
  // for what lies outside), summed into the thread's share.
  SmallVector<Type> yielded;
  if (statistics)
    yielded.push_back(f32);
  auto openIf = [&](Value condition) {
    auto ifOp = scf::IfOp::create(b, loc, yielded, condition,
                                  /*withElseRegion=*/statistics);
    if (statistics) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifOp.elseBlock());
      scf::YieldOp::create(b, loc, f32Constant(0.0));
    }
    return ifOp;
  };
  Value squares = statistics ? f32Constant(0.0) : Value();

  for (int64_t slot = 0; slot < tile.numRowSlots; ++slot) {
    SmallVector<size_t> members = tile.slotMembers(slot);
    if (members.empty())
      continue;
    Value row = tile.rows[members.front()];
    auto rowIf = openIf(lessThan(row, tile.m));
    if (statistics)
      squares = arith::AddFOp::create(b, loc, squares, rowIf.getResult(0));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(rowIf.thenBlock());
    Value rowSquares = statistics ? f32Constant(0.0) : Value();

    // What the row shares: its label, lse and upstream gradient g (0 for
    // an ignored token, NaN for a label with no class).
    Value label = memref::LoadOp::create(b, loc, labels, ValueRange{row});
    auto [valid, bad] = classifyLabel(b, loc, options, label);
    if (label.getType() != i64)
      label = arith::ExtSIOp::create(b, loc, i64, label);
    Value rowLse = memref::LoadOp::create(b, loc, lse, ValueRange{row});
    Value g = memref::LoadOp::create(
        b, loc, scales,
        ValueRange{scale == TokenScale::PerToken ? row : index(0)});
    g = arith::SelectOp::create(b, loc, valid, g, f32Constant(0.0));
    g = arith::SelectOp::create(
        b, loc, bad, f32Constant(std::numeric_limits<double>::quiet_NaN()), g);
    Value softmaxScale = softmaxScaleOf(b, loc, options, rowLse);
    Value localLabel = arith::SubIOp::create(
        b, loc, label, arith::IndexCastOp::create(b, loc, i64, vocabOffset));

    for (size_t i : members) {
      Value col = tile.cols[i];
      auto colIf = openIf(lessThan(col, tile.n));
      if (statistics)
        rowSquares =
            arith::AddFOp::create(b, loc, rowSquares, colIf.getResult(0));
      OpBuilder::InsertionGuard inner(b);
      b.setInsertionPointToStart(colIf.thenBlock());
      Value vocabIndex = arith::AddIOp::create(b, loc, col, vocabOffset);
      Value capTanh;
      Value z = logitValue(b, loc, options, tile.values[i], bias, vocabIndex,
                           &capTanh);
      Value isTarget = arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::eq,
          arith::IndexCastOp::create(b, loc, i64, col), localLabel);
      Value d = logitGradient(b, loc, options, z, capTanh, rowLse, softmaxScale,
                              isTarget);
      // An ignored token's row is 0 whatever its logits are (a NaN in its
      // hidden state included), not 0 times them.
      d = arith::SelectOp::create(
          b, loc, valid, arith::MulFOp::create(b, loc, d, g), f32Constant(0.0));
      Value rounded = arith::TruncFOp::create(b, loc, options.operandType, d);
      memref::StoreOp::create(b, loc, rounded, dz, ValueRange{row, col});
      if (statistics)
        scf::YieldOp::create(
            b, loc,
            ValueRange{arith::MulFOp::create(b, loc, d, d).getResult()});
    }
    if (statistics) {
      b.setInsertionPointToEnd(rowIf.thenBlock());
      scf::YieldOp::create(b, loc, rowSquares);
    }
  }
  if (statistics)
    addWarpSumToStatistic(b, loc, squares, stats, kLogitGradientSlot);
}
