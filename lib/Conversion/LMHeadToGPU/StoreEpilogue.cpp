//===- StoreEpilogue.cpp - scale, accumulate, cast and store --------------===//
//
// The epilogue of linear_grad's products: each accumulator inside C is
// scaled, added to C's old value when the kernel accumulates (gradient
// accumulation), rounded once to C's element type and stored; values of the
// padding beyond the ragged edges are dropped by a predicate. An sm_90a
// kernel that stores through TMA hands the rounded tile to
// StagedTileStore.h instead, which loads C's old values with TMA too.
//
//===----------------------------------------------------------------------===//

#include "GemmEpilogue.h"
#include "GemmKernel.h"
#include "GradientStatistics.h"
#include "StagedTileStore.h"
#include "TileRuns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::lmhead;

SmallVector<Type>
StoreEpilogue::getArgumentTypes(const GemmKernelSpec &spec) const {
  // Through TMA, C arrives as its tensor map's address.
  SmallVector<Type> types = {
      spec.tiles.storesThroughTma()
          ? Type(LLVM::LLVMPointerType::get(resultType.getContext()))
          : Type(gemmMatrixType(resultType))};
  if (runtimeScale)
    types.push_back(MemRefType::get({ShapedType::kDynamic},
                                    Float32Type::get(resultType.getContext())));
  if (statisticSlot >= 0)
    types.push_back(statisticsBufferType(resultType.getContext()));
  return types;
}

llvm::Error StoreEpilogue::check(const GemmKernelSpec &spec) const {
  if (!resultType ||
      !(resultType.isF32() || resultType.isBF16() || resultType.isF16()))
    return kernelRefused("the result must be f32, bf16 or f16");
  return llvm::Error::success();
}

void StoreEpilogue::write(OpBuilder &builder, Location loc,
                          const GemmKernelSpec &spec, ValueRange arguments,
                          const AccumulatorTile &tile) const {
  Value c = arguments.front();
  auto lessThan = [&](Value x, Value y) {
    return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt, x, y);
  };
  Type f32 = builder.getF32Type();
  auto f32Constant = [&](double v) -> Value {
    return arith::ConstantOp::create(builder, loc,
                                     builder.getF32FloatAttr(float(v)));
  };
  // The factor read at run time, once per thread.
  Value factor;
  if (runtimeScale)
    factor = memref::LoadOp::create(
        builder, loc, arguments[1],
        ValueRange{arith::ConstantIndexOp::create(builder, loc, 0)});
  // The thread's share of Σ (scale·s·acc)² over C (padding left out).
  Value squares = statisticSlot >= 0 ? f32Constant(0.0) : Value();
  SmallVector<Value> products;
  for (auto [value, row, col] : llvm::zip(tile.values, tile.rows, tile.cols)) {
    Value result = value;
    if (scale != 1.0)
      result = arith::MulFOp::create(builder, loc, result, f32Constant(scale));
    if (factor)
      result = arith::MulFOp::create(builder, loc, result, factor);
    if (squares) {
      Value inside = arith::AndIOp::create(builder, loc, lessThan(row, tile.m),
                                           lessThan(col, tile.n));
      squares = arith::AddFOp::create(
          builder, loc, squares,
          arith::SelectOp::create(
              builder, loc, inside,
              arith::MulFOp::create(builder, loc, result, result),
              f32Constant(0.0)));
    }
    products.push_back(result);
  }
  if (tile.staging) {
    Value map = UnrealizedConversionCastOp::create(
                    builder, loc, TypeRange{sm90ResultMapType(spec)}, c)
                    .getResult(0);
    storeStagedTile(builder, loc, spec, map, tile, products, accumulate);
    if (squares)
      addWarpSumToStatistic(builder, loc, squares, arguments.back(),
                            statisticSlot);
    return;
  }
  // Runs of four columns, stored as vectors; when accumulating, the old
  // values of kRunsInFlight runs are loaded before the first of them is
  // stored.
  Value odd = laneIsOdd(builder, loc, tile.lane);
  Value aligned = runsAreAligned(builder, loc, c);
  ArrayRef<std::array<size_t, 2>> pairs = tile.stackedPairs;
  for (size_t first = 0; first < pairs.size(); first += kRunsInFlight) {
    SmallVector<TileRun> batch;
    for (std::array<size_t, 2> pair : pairs.slice(
             first, std::min<size_t>(kRunsInFlight, pairs.size() - first)))
      batch.push_back(exchangeIntoRun(builder, loc, tile, products, pair, odd));
    SmallVector<SmallVector<Value, kRunLength>> old;
    if (accumulate)
      old = loadRuns(builder, loc, c, batch, aligned, tile.m, tile.n);
    for (auto [r, run] : llvm::enumerate(batch)) {
      TileRun rounded = run;
      for (auto [e, value] : llvm::enumerate(rounded.values)) {
        if (accumulate)
          value = arith::AddFOp::create(builder, loc, value, old[r][e]);
        if (resultType != f32)
          value = arith::TruncFOp::create(builder, loc, resultType, value);
      }
      storeRun(builder, loc, c, rounded, aligned, tile.m, tile.n);
    }
  }
  if (squares)
    addWarpSumToStatistic(builder, loc, squares, arguments.back(),
                          statisticSlot);
}
