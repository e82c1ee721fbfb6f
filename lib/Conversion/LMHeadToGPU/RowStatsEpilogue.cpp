//===- RowStatsEpilogue.cpp - the forward's per-tile row statistics -------===//
//
// ce_linear_fwd's logits GEMM ends here. Each thread turns its accumulators
// into logits and, for each of its rows, reduces its own values of that
// row; the quad of lanes sharing the row (lanes xor 1 and xor 2, in both
// the mma.sync and the wgmma layout) completes the reduction with
// shuffles, and the quad's first lane writes the row's four partials of
// this warp-column tile as one 16-byte record. The labels reach the lanes
// by shuffles from one load a thread for four row slots (RowSlotValues.h).
// The logits themselves are never stored (the partials are 16 bytes per
// warpN logits), except by the one-pass step,
// whose row pass turns them into dZ; it stores them by runs of four columns
// (TileRuns.h), or through shared memory and TMA (StagedTileStore.h).
//
//===----------------------------------------------------------------------===//

#include "CrossEntropyEpilogues.h"
#include "GemmKernel.h"
#include "KernelMath.h"
#include "RowSlotValues.h"
#include "StagedTileStore.h"
#include "TileRuns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/Support/FormatVariadic.h"

#include <limits>

using namespace mlir;
using namespace mlir::lmhead;

SmallVector<Type>
RowStatsEpilogue::getArgumentTypes(const GemmKernelSpec &spec) const {
  int64_t dynamic = ShapedType::kDynamic;
  SmallVector<Type> types = {MemRefType::get({dynamic}, options.labelType)};
  if (options.hasBias)
    types.push_back(MemRefType::get({dynamic}, options.operandType));
  types.push_back(MemRefType::get(
      {dynamic, dynamic, 4}, Float32Type::get(spec.operandType.getContext())));
  // Through TMA, the logits buffer arrives as its tensor map's address.
  if (storeLogits)
    types.append(
        {spec.tiles.storesThroughTma()
             ? Type(LLVM::LLVMPointerType::get(spec.operandType.getContext()))
             : Type(gemmMatrixType(options.operandType)),
         IndexType::get(spec.operandType.getContext())});
  return types;
}

llvm::Error RowStatsEpilogue::check(const GemmKernelSpec &spec) const {
  if (llvm::Error refused = checkLogitOptions(
          options, "the logits are rounded to f16 or bf16 operands"))
    return refused;
  if (std::optional<std::string> limit = forwardEpilogueLimit(
          spec.tiles, spec.target, options.hasBias, storeLogits))
    return kernelRefused(*limit);
  return llvm::Error::success();
}

void RowStatsEpilogue::write(OpBuilder &b, Location loc,
                             const GemmKernelSpec &spec, ValueRange arguments,
                             const AccumulatorTile &tile) const {
  Value labels = arguments[0];
  Value bias = options.hasBias ? arguments[1] : Value();
  unsigned partialsAt = options.hasBias ? 2 : 1;
  Value partials = arguments[partialsAt];
  Value logits = storeLogits ? arguments[partialsAt + 1] : Value();
  Value rowOffset = storeLogits ? arguments[partialsAt + 2] : Value();
  auto f32Constant = [&](double v) -> Value {
    return arith::ConstantOp::create(b, loc, b.getF32FloatAttr(float(v)));
  };
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  auto lessThan = [&](Value x, Value y) -> Value {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, x, y);
  };
  // The quad's reduction: every lane takes part, so no lane may skip it.
  auto quadReduce = [&](Value value, bool isMax) -> Value {
    for (int32_t offset : {1, 2}) {
      Value other =
          gpu::ShuffleOp::create(
              b, loc, value, arith::ConstantIntOp::create(b, loc, offset, 32),
              arith::ConstantIntOp::create(b, loc, 32, 32),
              gpu::ShuffleMode::XOR)
              .getShuffleResult();
      value = isMax ? Value(arith::MaximumFOp::create(b, loc, value, other))
                    : Value(arith::AddFOp::create(b, loc, value, other));
    }
    return value;
  };

  Value lane = tile.lane;
  Value quadLeader = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::eq,
      arith::RemUIOp::create(b, loc, lane, index(4)), index(0));
  Value zeroF = f32Constant(0.0);
  Value minusInf = f32Constant(-std::numeric_limits<double>::infinity());
  Type i64 = b.getI64Type();

  // The bias of each distinct column, loaded once for all the row slots
  // (the writers give equal columns one value).
  DenseMap<Value, Value> biasOfColumn;
  auto biasAt = [&](Value col, Value in) -> Value {
    if (!bias)
      return Value();
    auto [it, inserted] = biasOfColumn.try_emplace(col, Value());
    if (inserted) {
      Value vocabIndex = arith::SelectOp::create(b, loc, in, col, index(0));
      it->second = memref::LoadOp::create(b, loc, bias, ValueRange{vocabIndex});
    }
    return it->second;
  };

  // The one-pass step keeps every logit, as the op defines it before the
  // soft-cap, for its row pass: in f32 (exactly) for the exchange into runs,
  // stored after the statistics.
  SmallVector<Value> keptLogits(tile.values.size());
  // Each row's label as a class index (negative for none: ignore_index,
  // no class, or a row past the last token).
  RowSlotValues labelCodes(b, loc, tile, [&](Value row, Value inside) -> Value {
    // Loaded under a branch (a row past the last token loads nothing):
    // unconditional, ptxas hoists the load to where every accumulator
    // is live, and the widest wgmma tiles spill.
    auto ifInside = scf::IfOp::create(b, loc, TypeRange{b.getI32Type()}, inside,
                                      /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifInside.thenBlock());
    Value labelRow =
        rowOffset ? arith::AddIOp::create(b, loc, row, rowOffset) : row;
    scf::YieldOp::create(b, loc,
                         labelCode(b, loc, options,
                                   memref::LoadOp::create(
                                       b, loc, labels, ValueRange{labelRow})));
    b.setInsertionPointToStart(ifInside.elseBlock());
    scf::YieldOp::create(
        b, loc,
        ValueRange{arith::ConstantIntOp::create(b, loc, kIgnoredLabel, 32)});
    return ifInside.getResult(0);
  });
  // The logits go by runs of four columns, or through shared memory and
  // TMA a row tile (two row slots) at a time (StagedTileStore.h).
  bool staged = logits && tile.staging;
  Value odd = logits && !staged ? laneIsOdd(b, loc, tile.lane) : Value();
  Value aligned = logits && !staged ? runsAreAligned(b, loc, logits) : Value();
  Value map = staged ? UnrealizedConversionCastOp::create(
                           b, loc, TypeRange{sm90ResultMapType(spec)}, logits)
                           .getResult(0)
                     : Value();
  auto rowTileOf = [&](int64_t slot) {
    return tile.staging->rowOffsets[tile.slotMembers(slot).front()] /
           kStagingRows;
  };
  for (int64_t slot = 0; slot < tile.numRowSlots; ++slot) {
    SmallVector<size_t> members = tile.slotMembers(slot);
    if (members.empty())
      continue;
    Value row = tile.rows[members.front()];
    Value rowInside = lessThan(row, tile.m);
    Value label =
        arith::ExtSIOp::create(b, loc, i64, labelCodes.at(b, loc, slot));

    // One pass over this thread's logits of the row: the running max, the
    // target logit and Σz, keeping only the masked logit (−inf past V) of
    // each accumulator for the exp pass. Few values stay live, so that the
    // widest wgmma tiles (128 accumulators a thread) fit in registers.
    SmallVector<Value> masked;
    Value rowMax = minusInf, target = zeroF, sumLogits = zeroF;
    for (size_t i : members) {
      Value col = tile.cols[i];
      Value in = lessThan(col, tile.n);
      Value rounded = roundedLogit(b, loc, options, tile.values[i],
                                   biasAt(col, in), Value());
      Value z = cappedLogit(b, loc, options, rounded);
      if (logits)
        keptLogits[i] = arith::ExtFOp::create(b, loc, b.getF32Type(), rounded);
      Value zm = arith::SelectOp::create(b, loc, in, z, minusInf);
      masked.push_back(zm);
      rowMax = arith::MaximumFOp::create(b, loc, rowMax, zm);
      Value col64 = arith::IndexCastOp::create(b, loc, i64, col);
      Value hit = arith::AndIOp::create(
          b, loc, in,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, col64,
                                label));
      target = arith::AddFOp::create(
          b, loc, target, arith::SelectOp::create(b, loc, hit, z, zeroF));
      if (options.labelSmoothing > 0.0)
        sumLogits = arith::AddFOp::create(
            b, loc, sumLogits, arith::SelectOp::create(b, loc, in, z, zeroF));
    }
    if (logits && !staged)
      storeRowSlot(
          b, loc, logits, tile, slot, [&](size_t i) { return keptLogits[i]; },
          odd, aligned);
    // A row tile's panels once its last slot's logits are formed.
    if (staged &&
        (slot + 1 == tile.numRowSlots || tile.slotMembers(slot + 1).empty() ||
         rowTileOf(slot + 1) != rowTileOf(slot)))
      storeStagedRowTile(b, loc, spec, map, tile, rowTileOf(slot),
                         [&](size_t i) { return keptLogits[i]; });
    rowMax = quadReduce(rowMax, /*isMax=*/true);
    // The columns past V add 0 (the inline exp of NVVM's lowering does not
    // give exp(−inf) = 0, so they are selected out).
    Value sumExp = zeroF;
    for (Value zm : masked) {
      Value e = kernelExp(b, loc, arith::SubFOp::create(b, loc, zm, rowMax));
      Value counts = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE,
                                           zm, minusInf);
      sumExp = arith::AddFOp::create(
          b, loc, sumExp, arith::SelectOp::create(b, loc, counts, e, zeroF));
    }
    sumExp = quadReduce(sumExp, /*isMax=*/false);
    target = quadReduce(target, /*isMax=*/false);
    if (options.labelSmoothing > 0.0)
      sumLogits = quadReduce(sumLogits, /*isMax=*/false);

    // The quad's first lane holds the tile's first column: a tile wholly
    // past V has no partials.
    Value tileInside = arith::AndIOp::create(
        b, loc, rowInside, lessThan(tile.cols[members.front()], tile.n));
    auto store = scf::IfOp::create(
        b, loc, arith::AndIOp::create(b, loc, quadLeader, tileInside),
        /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(store.thenBlock());
    Value column = arith::DivUIOp::create(b, loc, tile.cols[members.front()],
                                          index(spec.tiles.warpN));
    Value record = vector::FromElementsOp::create(
        b, loc, VectorType::get({4}, b.getF32Type()),
        ValueRange{rowMax, sumExp, target, sumLogits});
    vector::StoreOp::create(b, loc, record, partials,
                            ValueRange{row, column, index(0)},
                            /*nontemporal=*/false, llvm::MaybeAlign(16));
  }
}
