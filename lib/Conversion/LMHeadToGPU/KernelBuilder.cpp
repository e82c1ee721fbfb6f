//===- KernelBuilder.cpp - how lmhead's kernels are begun and written -----===//
//
// Part of lmhead. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "KernelBuilder.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::lmhead;

gpu::GPUFuncOp mlir::lmhead::createKernel(OpBuilder &builder, Location loc,
                                          StringRef name,
                                          ArrayRef<Type> arguments,
                                          int64_t threads) {
  MLIRContext *ctx = builder.getContext();
  auto func = gpu::GPUFuncOp::create(builder, loc, name,
                                     FunctionType::get(ctx, arguments, {}));
  func->setAttr(gpu::GPUDialect::getKernelFuncAttrName(), UnitAttr::get(ctx));
  func.setKnownBlockSizeAttr(
      DenseI32ArrayAttr::get(ctx, {int32_t(threads), 1, 1}));
  return func;
}

Value KernelBuilder::index(int64_t v) {
  return arith::ConstantIndexOp::create(*this, v);
}

/// The constant `c` of `x`'s integer or index type.
static Value constantLike(OpBuilder &b, Location loc, Value x, int64_t c) {
  return arith::ConstantOp::create(b, loc, b.getIntegerAttr(x.getType(), c));
}

Value KernelBuilder::mulBy(Value x, int64_t c) {
  return arith::MulIOp::create(*this, x, constantLike(*this, getLoc(), x, c));
}

Value KernelBuilder::divBy(Value x, int64_t c) {
  return arith::DivUIOp::create(*this, x, constantLike(*this, getLoc(), x, c));
}

Value KernelBuilder::remBy(Value x, int64_t c) {
  return arith::RemUIOp::create(*this, x, constantLike(*this, getLoc(), x, c));
}

Value KernelBuilder::f32(double v) {
  return arith::ConstantOp::create(*this, getF32FloatAttr(float(v)));
}

Value KernelBuilder::add(Value x, Value y) {
  return isa<FloatType>(x.getType())
             ? Value(arith::AddFOp::create(*this, x, y))
             : Value(arith::AddIOp::create(*this, x, y));
}

Value KernelBuilder::mul(Value x, Value y) {
  return isa<FloatType>(x.getType())
             ? Value(arith::MulFOp::create(*this, x, y))
             : Value(arith::MulIOp::create(*this, x, y));
}

Value KernelBuilder::sub(Value x, Value y) {
  return arith::SubFOp::create(*this, x, y);
}

Value KernelBuilder::div(Value x, Value y) {
  return arith::DivFOp::create(*this, x, y);
}

Value KernelBuilder::select(Value c, Value x, Value y) {
  return arith::SelectOp::create(*this, c, x, y);
}

Value KernelBuilder::lessThan(Value x, Value y) {
  return arith::CmpIOp::create(*this, arith::CmpIPredicate::slt, x, y);
}

Value KernelBuilder::load(Value memref, ValueRange indices) {
  return memref::LoadOp::create(*this, memref, indices);
}

void KernelBuilder::store(Value value, Value memref, ValueRange indices) {
  memref::StoreOp::create(*this, value, memref, indices);
}

Value KernelBuilder::thread() {
  return gpu::ThreadIdOp::create(*this, gpu::Dimension::x);
}

Value KernelBuilder::globalThread(int64_t threads) {
  return add(
      mul(gpu::BlockIdOp::create(*this, gpu::Dimension::x), index(threads)),
      thread());
}

Value KernelBuilder::warpReduce(Value value, bool isMax) {
  for (int32_t offset : {16, 8, 4, 2, 1}) {
    Value other =
        gpu::ShuffleOp::create(
            *this, value, arith::ConstantIntOp::create(*this, offset, 32),
            arith::ConstantIntOp::create(*this, 32, 32), gpu::ShuffleMode::XOR)
            .getShuffleResult();
    value = isMax ? Value(arith::MaximumFOp::create(*this, value, other))
                  : add(value, other);
  }
  return value;
}

void KernelBuilder::enterIf(Value condition) {
  auto ifOp = scf::IfOp::create(*this, condition, /*withElseRegion=*/false);
  setInsertionPointToStart(ifOp.thenBlock());
}

Value KernelBuilder::valueIf(Value condition, Type type,
                             llvm::function_ref<Value()> thenValue,
                             llvm::function_ref<Value()> elseValue) {
  auto ifOp = scf::IfOp::create(*this, TypeRange{type}, condition,
                                /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard guard(*this);
    setInsertionPointToStart(ifOp.thenBlock());
    scf::YieldOp::create(*this, ValueRange{thenValue()});
    setInsertionPointToStart(ifOp.elseBlock());
    scf::YieldOp::create(*this, ValueRange{elseValue()});
  }
  return ifOp.getResult(0);
}
