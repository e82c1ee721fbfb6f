//===- LogitGradEpilogue.cpp - dZ of one vocabulary chunk -----------------===//
//
// ce_linear_grad's logits GEMM ends here: each logit of the chunk becomes
// its gradient as the op defines it, formed in f32 (the true-class term
// included, before any rounding) and rounded once to the operand type as
// it is stored into the chunk workspace, which the dh and dW products then
// read as an ordinary operand. The stores go by runs of four columns
// (TileRuns.h), or through shared memory and TMA a row tile at a time
// (StagedTileStore.h); each row's label, lse and upstream gradient reach the
// lanes by shuffles from one load a thread for four row slots
// (RowSlotValues.h).
//
//===----------------------------------------------------------------------===//

#include "CrossEntropyEpilogues.h"
#include "GemmKernel.h"
#include "GradientStatistics.h"
#include "KernelMath.h"
#include "RowSlotValues.h"
#include "StagedTileStore.h"
#include "TileRuns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
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
  // Through TMA, dZ arrives as its tensor map's address.
  if (spec.tiles.storesThroughTma())
    types.push_back(LLVM::LLVMPointerType::get(f32.getContext()));
  else
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
  Type i64 = b.getI64Type();
  Value zero = index(0);
  // Runs of four columns, or panels through TMA (StagedTileStore.h).
  Value odd = tile.staging ? Value() : laneIsOdd(b, loc, tile.lane);
  Value aligned = tile.staging ? Value() : runsAreAligned(b, loc, dz);
  Value squares = statistics ? f32Constant(0.0) : Value();
  // A loss gradient shared by every token is read once.
  Value sharedG = scale == TokenScale::PerToken
                      ? Value()
                      : memref::LoadOp::create(b, loc, scales, ValueRange{zero})
                            .getResult();
  // What each row shares: its label (as labelCode), lse and, per token,
  // its upstream gradient.
  auto perRow = [&](Value values) {
    return RowSlotValues(b, loc, tile, [&b, loc, values](Value row, Value) {
      return memref::LoadOp::create(b, loc, values, ValueRange{row})
          .getResult();
    });
  };
  RowSlotValues labelCodes(b, loc, tile, [&](Value row, Value) -> Value {
    return labelCode(b, loc, options,
                     memref::LoadOp::create(b, loc, labels, ValueRange{row}));
  });
  RowSlotValues rowLses = perRow(lse);
  std::optional<RowSlotValues> rowScales;
  if (!sharedG)
    rowScales.emplace(perRow(scales));
  // What a row slot's gradients share: whether its row lies inside C, its
  // label's validity and index in the chunk, lse, g and softmax scale.
  struct SlotState {
    Value rowInside, valid, rowLse, g, softmaxScale, localLabel;
  };
  auto stateOf = [&](int64_t slot) -> SlotState {
    SlotState state;
    Value row = tile.rows[tile.slotMembers(slot).front()];
    state.rowInside = lessThan(row, tile.m);
    // g is 0 for an ignored token, NaN for a label with no class.
    Value code = labelCodes.at(b, loc, slot);
    auto codeIs = [&](int32_t v, arith::CmpIPredicate predicate) -> Value {
      return arith::CmpIOp::create(b, loc, predicate, code,
                                   arith::ConstantIntOp::create(b, loc, v, 32));
    };
    state.valid = codeIs(kIgnoredLabel, arith::CmpIPredicate::ne);
    Value bad = codeIs(kLabelWithoutClass, arith::CmpIPredicate::eq);
    Value label = arith::ExtSIOp::create(b, loc, i64, code);
    state.rowLse = rowLses.at(b, loc, slot);
    Value g = sharedG ? sharedG : rowScales->at(b, loc, slot);
    g = arith::SelectOp::create(b, loc, state.valid, g, f32Constant(0.0));
    state.g = arith::SelectOp::create(
        b, loc, bad, f32Constant(std::numeric_limits<double>::quiet_NaN()), g);
    state.softmaxScale = softmaxScaleOf(b, loc, options, state.rowLse);
    state.localLabel = arith::SubIOp::create(
        b, loc, label, arith::IndexCastOp::create(b, loc, i64, vocabOffset));
    return state;
  };
  // dZ of accumulator i, formed in f32 where it is stored (so that only a
  // run's or a pair's values are live at once), rounded once.
  auto gradientOf = [&](size_t i, const SlotState &state) -> Value {
    Value col = tile.cols[i];
    Value inside =
        arith::AndIOp::create(b, loc, state.rowInside, lessThan(col, tile.n));
    // Formed under a branch (0 outside C): ptxas then cannot start every
    // column's work (the bias loads above all) at once and run out of
    // registers.
    auto formed = scf::IfOp::create(b, loc, TypeRange{b.getF32Type()}, inside,
                                    /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(formed.elseBlock());
    scf::YieldOp::create(b, loc, f32Constant(0.0));
    b.setInsertionPointToStart(formed.thenBlock());
    Value vocabIndex = arith::AddIOp::create(b, loc, col, vocabOffset);
    Value capTanh;
    Value z =
        logitValue(b, loc, options, tile.values[i], bias, vocabIndex, &capTanh);
    Value isTarget = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq,
        arith::IndexCastOp::create(b, loc, i64, col), state.localLabel);
    Value d = logitGradient(b, loc, options, z, capTanh, state.rowLse,
                            state.softmaxScale, isTarget);
    // An ignored token's row is 0 whatever its logits are (a NaN in its
    // hidden state included), not 0 times them.
    d = arith::SelectOp::create(b, loc, state.valid,
                                arith::MulFOp::create(b, loc, d, state.g),
                                f32Constant(0.0));
    scf::YieldOp::create(b, loc, d);
    b.setInsertionPointAfter(formed);
    d = formed.getResult(0);
    if (statistics)
      squares = arith::AddFOp::create(b, loc, squares,
                                      arith::MulFOp::create(b, loc, d, d));
    return d;
  };
  if (tile.staging) {
    // Through TMA, a row tile (two row slots) at a time.
    Value map = UnrealizedConversionCastOp::create(
                    b, loc, TypeRange{sm90ResultMapType(spec)}, dz)
                    .getResult(0);
    for (int64_t rowTile = 0; rowTile < stagedRowTiles(spec); ++rowTile) {
      DenseMap<int64_t, SlotState> states;
      for (size_t i = 0; i < tile.values.size(); ++i)
        if (tile.staging->rowOffsets[i] / kStagingRows == rowTile &&
            !states.count(tile.rowSlots[i]))
          states[tile.rowSlots[i]] = stateOf(tile.rowSlots[i]);
      storeStagedRowTile(b, loc, spec, map, tile, rowTile, [&](size_t i) {
        return gradientOf(i, states.lookup(tile.rowSlots[i]));
      });
    }
  } else {
    for (int64_t slot = 0; slot < tile.numRowSlots; ++slot) {
      if (tile.slotMembers(slot).empty())
        continue;
      SlotState state = stateOf(slot);
      storeRowSlot(
          b, loc, dz, tile, slot,
          [&](size_t i) { return gradientOf(i, state); }, odd, aligned);
    }
  }
  if (statistics)
    addWarpSumToStatistic(b, loc, squares, stats, kLogitGradientSlot);
}
