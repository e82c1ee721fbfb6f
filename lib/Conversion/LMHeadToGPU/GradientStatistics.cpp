//===- GradientStatistics.cpp - squared gradient norms in the kernels -----===//
//
// The warp sum and atomic add the epilogues end with, and the two small
// kernels around them (GradientStatistics.h says which values each sums).
//
//===----------------------------------------------------------------------===//

#include "GradientStatistics.h"
#include "CrossEntropyRowKernels.h"
#include "GemmKernel.h"
#include "KernelBuilder.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::lmhead;

namespace {

/// The most blocks of a sum-of-squares kernel: a few per multiprocessor
/// of the largest GPUs, so that a sum over N×V ends in a few thousand
/// atomic adds, not one per warp of elements.
constexpr int64_t kMaxSumOfSquaresBlocks = 512;

} // namespace

MemRefType mlir::lmhead::statisticsBufferType(MLIRContext *ctx) {
  return MemRefType::get({ShapedType::kDynamic}, Float32Type::get(ctx));
}

void mlir::lmhead::addWarpSumToStatistic(OpBuilder &b, Location loc,
                                         Value partial, Value stats,
                                         int64_t slot) {
  KernelBuilder k(loc, b);
  Value sum = k.warpSum(partial);
  Value lane = arith::RemUIOp::create(k, k.thread(), k.index(32));
  Value first =
      arith::CmpIOp::create(k, arith::CmpIPredicate::eq, lane, k.index(0));
  k.enterIf(first);
  memref::AtomicRMWOp::create(k, arith::AtomicRMWKind::addf, sum, stats,
                              ValueRange{k.index(slot)});
}

gpu::GPUFuncOp mlir::lmhead::buildClearStatisticsKernel(OpBuilder &builder,
                                                        Location loc,
                                                        StringRef name) {
  Type indexType = builder.getIndexType();
  gpu::GPUFuncOp func = createKernel(
      builder, loc, name,
      {statisticsBufferType(builder.getContext()), indexType, indexType}, 32);
  Block &entry = func.getBody().front();
  KernelBuilder b(loc, OpBuilder::atBlockBegin(&entry));
  Value thread = gpu::ThreadIdOp::create(b, gpu::Dimension::x);
  Value mine = arith::CmpIOp::create(b, arith::CmpIPredicate::ult, thread,
                                     entry.getArgument(2));
  {
    auto ifOp = scf::IfOp::create(b, mine, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    memref::StoreOp::create(
        b, arith::ConstantOp::create(b, b.getF32FloatAttr(0.0f)),
        entry.getArgument(0),
        ValueRange{arith::AddIOp::create(b, entry.getArgument(1), thread)});
  }
  gpu::ReturnOp::create(b);
  return func;
}

gpu::GPUFuncOp mlir::lmhead::buildSumOfSquaresKernel(OpBuilder &builder,
                                                     Location loc,
                                                     StringRef name,
                                                     Type elementType,
                                                     int64_t slot) {
  Type f32 = builder.getF32Type(), indexType = builder.getIndexType();
  gpu::GPUFuncOp func = createKernel(
      builder, loc, name,
      {gemmMatrixType(elementType), statisticsBufferType(builder.getContext()),
       indexType, indexType},
      kSumOfSquaresThreads);
  Block &entry = func.getBody().front();
  KernelBuilder b(loc, OpBuilder::atBlockBegin(&entry));
  Value matrix = entry.getArgument(0), stats = entry.getArgument(1);
  Value rows = entry.getArgument(2), cols = entry.getArgument(3);
  Value threads = arith::ConstantIndexOp::create(b, kSumOfSquaresThreads);
  // 64-bit element numbers: R·C may pass 2³¹.
  Value first = arith::AddIOp::create(
      b,
      arith::MulIOp::create(b, gpu::BlockIdOp::create(b, gpu::Dimension::x),
                            threads),
      gpu::ThreadIdOp::create(b, gpu::Dimension::x));
  Value stride = arith::MulIOp::create(
      b, gpu::GridDimOp::create(b, gpu::Dimension::x), threads);
  Value elements = arith::MulIOp::create(b, rows, cols);
  Value zero = arith::ConstantOp::create(b, b.getF32FloatAttr(0.0f));
  auto loop = scf::ForOp::create(b, first, elements, stride, ValueRange{zero});
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value element = loop.getInductionVar();
    Value row = arith::DivUIOp::create(b, element, cols);
    Value col = arith::RemUIOp::create(b, element, cols);
    Value x = memref::LoadOp::create(b, matrix, ValueRange{row, col});
    if (elementType != f32)
      x = arith::ExtFOp::create(b, f32, x);
    scf::YieldOp::create(
        b, ValueRange{arith::AddFOp::create(b, loop.getRegionIterArgs()[0],
                                            arith::MulFOp::create(b, x, x))
                          .getResult()});
  }
  // Every thread leaves the loop before its warp sums.
  addWarpSumToStatistic(b, loc, loop.getResult(0), stats, slot);
  gpu::ReturnOp::create(b);
  return func;
}

SizeExpr mlir::lmhead::sumOfSquaresBlocks(const SizeExpr &elements) {
  return max(min(ceilDiv(elements, kSumOfSquaresThreads),
                 SizeExpr(kMaxSumOfSquaresBlocks)),
             SizeExpr(1));
}
