//===- TileRuns.cpp - an epilogue's global accesses in vectors ------------===//
//
// See TileRuns.h: one exchange between lanes xor 1 turns a thread's pairs
// of columns into runs of four, accessed as one vector each.
//
//===----------------------------------------------------------------------===//

#include "TileRuns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::lmhead;

namespace {

Value indexConstant(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

Value lessThan(OpBuilder &b, Location loc, Value x, Value y) {
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, x, y);
}

Value both(OpBuilder &b, Location loc, Value x, Value y) {
  return arith::AndIOp::create(b, loc, x, y);
}

/// Whether element `e` of `run` lies inside rows × cols.
Value elementInside(OpBuilder &b, Location loc, const TileRun &run, int64_t e,
                    Value rows, Value cols) {
  Value col = arith::AddIOp::create(b, loc, run.col, indexConstant(b, loc, e));
  return both(b, loc, lessThan(b, loc, run.row, rows),
              lessThan(b, loc, col, cols));
}

/// Whether a vector access of the whole run is allowed: the rows are
/// aligned and its last element lies inside.
Value wholeRunInside(OpBuilder &b, Location loc, const TileRun &run,
                     Value aligned, Value rows, Value cols) {
  return both(b, loc, aligned,
              elementInside(b, loc, run, kRunLength - 1, rows, cols));
}

Type elementTypeOf(Value matrix) {
  return cast<MemRefType>(matrix.getType()).getElementType();
}

/// The byte alignment of a run of `elementType`.
uint64_t runAlignment(Type elementType) {
  return kRunLength * elementType.getIntOrFloatBitWidth() / 8;
}

} // namespace

Value lmhead::laneIsOdd(OpBuilder &b, Location loc, Value lane) {
  return arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::ne,
      arith::AndIOp::create(b, loc, lane, indexConstant(b, loc, 1)),
      indexConstant(b, loc, 0));
}

TileRun lmhead::exchangeIntoRun(OpBuilder &b, Location loc,
                                const AccumulatorTile &tile,
                                ArrayRef<Value> values, RunPair pair,
                                Value odd) {
  assert(values.size() == tile.values.size() && "one value per accumulator");
  auto [upper, lower] = pair;
  auto shuffle = [&](Value value) -> Value {
    return gpu::ShuffleOp::create(b, loc, value,
                                  arith::ConstantIntOp::create(b, loc, 1, 32),
                                  arith::ConstantIntOp::create(b, loc, 32, 32),
                                  gpu::ShuffleMode::XOR)
        .getShuffleResult();
  };
  auto select = [&](Value ifOdd, Value ifEven) -> Value {
    return arith::SelectOp::create(b, loc, odd, ifOdd, ifEven);
  };
  // The even lane keeps its first pair and takes its partner's (columns
  // c+2, c+3 of the same row); the odd lane keeps its second pair and takes
  // its partner's (columns c−2, c−1). A pair of 16-bit values travels as
  // one 32-bit word.
  Value received0, received1;
  Type type = values[upper].getType();
  if (type.getIntOrFloatBitWidth() == 16) {
    auto pairType = VectorType::get({2}, type);
    auto wordType = VectorType::get({1}, b.getI32Type());
    auto pack = [&](size_t first) -> Value {
      Value pairValue = vector::FromElementsOp::create(
          b, loc, pairType, ValueRange{values[first], values[first + 1]});
      return vector::ExtractOp::create(
          b, loc, vector::BitCastOp::create(b, loc, wordType, pairValue), 0);
    };
    Value word = shuffle(select(pack(upper), pack(lower)));
    Value pairValue = vector::BitCastOp::create(
        b, loc, pairType, vector::BroadcastOp::create(b, loc, wordType, word));
    received0 = vector::ExtractOp::create(b, loc, pairValue, 0);
    received1 = vector::ExtractOp::create(b, loc, pairValue, 1);
  } else {
    received0 = shuffle(select(values[upper], values[lower]));
    received1 = shuffle(select(values[upper + 1], values[lower + 1]));
  }
  TileRun run;
  // The odd lane's row and column as the even lane's plus a step that is a
  // constant of the layout (the writers give rows and columns as one base
  // plus constants, which LLVM folds): every run of a thread then shares
  // one base address and differs by an immediate offset, instead of each
  // holding an address of its own.
  Value zero = indexConstant(b, loc, 0);
  run.row = arith::AddIOp::create(
      b, loc, tile.rows[upper],
      select(arith::SubIOp::create(b, loc, tile.rows[lower], tile.rows[upper]),
             zero));
  run.col = arith::AddIOp::create(
      b, loc, tile.cols[upper],
      select(
          arith::SubIOp::create(
              b, loc,
              arith::SubIOp::create(b, loc, tile.cols[lower], tile.cols[upper]),
              indexConstant(b, loc, 2)),
          zero));
  run.values = {
      select(received0, values[upper]), select(received1, values[upper + 1]),
      select(values[lower], received0), select(values[lower + 1], received1)};
  return run;
}

SmallVector<RunPair> lmhead::pairsInRowSlot(const AccumulatorTile &tile,
                                            int64_t slot) {
  SmallVector<size_t> members = tile.slotMembers(slot);
  SmallVector<RunPair> pairs;
  for (size_t i = 0; i + 3 < members.size(); i += 4)
    pairs.push_back({members[i], members[i + 2]});
  return pairs;
}

Value lmhead::rowsAreAlignedTo(OpBuilder &b, Location loc, Value matrix,
                               int64_t elements) {
  Type elementType = elementTypeOf(matrix);
  int64_t elementBytes = elementType.getIntOrFloatBitWidth() / 8;
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, matrix);
  Value pointer =
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, matrix);
  Value first = arith::AddIOp::create(
      b, loc, pointer,
      arith::MulIOp::create(b, loc, metadata.getOffset(),
                            indexConstant(b, loc, elementBytes)));
  Value zero = indexConstant(b, loc, 0);
  auto multipleOf = [&](Value x, int64_t of) -> Value {
    return arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq,
        arith::RemUIOp::create(b, loc, x, indexConstant(b, loc, of)), zero);
  };
  return both(b, loc, multipleOf(first, elements * elementBytes),
              multipleOf(metadata.getStrides()[0], elements));
}

SmallVector<SmallVector<Value, kRunLength>>
lmhead::loadRuns(OpBuilder &b, Location loc, Value matrix,
                 ArrayRef<TileRun> runs, Value aligned, Value rows,
                 Value cols) {
  Type elementType = elementTypeOf(matrix);
  auto vectorType = VectorType::get({kRunLength}, elementType);
  Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(elementType));
  // Every load is issued before any of their values is used.
  SmallVector<Value> loaded;
  for (const TileRun &run : runs) {
    auto whole =
        scf::IfOp::create(b, loc, TypeRange{vectorType},
                          wholeRunInside(b, loc, run, aligned, rows, cols),
                          /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(whole.thenBlock());
    scf::YieldOp::create(
        b, loc,
        ValueRange{vector::LoadOp::create(
                       b, loc, vectorType, matrix, ValueRange{run.row, run.col},
                       /*nontemporal=*/false,
                       llvm::MaybeAlign(runAlignment(elementType)))
                       .getResult()});
    b.setInsertionPointToStart(whole.elseBlock());
    SmallVector<Value> elements;
    for (int64_t e = 0; e < kRunLength; ++e) {
      auto one = scf::IfOp::create(b, loc, TypeRange{elementType},
                                   elementInside(b, loc, run, e, rows, cols),
                                   /*withElseRegion=*/true);
      OpBuilder::InsertionGuard inner(b);
      b.setInsertionPointToStart(one.thenBlock());
      Value col =
          arith::AddIOp::create(b, loc, run.col, indexConstant(b, loc, e));
      scf::YieldOp::create(
          b, loc,
          ValueRange{
              memref::LoadOp::create(b, loc, matrix, ValueRange{run.row, col})
                  .getResult()});
      b.setInsertionPointToStart(one.elseBlock());
      scf::YieldOp::create(b, loc, zero);
      elements.push_back(one.getResult(0));
    }
    scf::YieldOp::create(
        b, loc,
        ValueRange{vector::FromElementsOp::create(b, loc, vectorType, elements)
                       .getResult()});
    loaded.push_back(whole.getResult(0));
  }
  Type f32 = b.getF32Type();
  SmallVector<SmallVector<Value, kRunLength>> result;
  for (Value vector : loaded) {
    SmallVector<Value, kRunLength> values;
    for (int64_t e = 0; e < kRunLength; ++e) {
      Value value = vector::ExtractOp::create(b, loc, vector, e);
      if (value.getType() != f32)
        value = arith::ExtFOp::create(b, loc, f32, value);
      values.push_back(value);
    }
    result.push_back(std::move(values));
  }
  return result;
}

void lmhead::storeRun(OpBuilder &b, Location loc, Value matrix,
                      const TileRun &run, Value aligned, Value rows,
                      Value cols) {
  Type elementType = elementTypeOf(matrix);
  auto whole = scf::IfOp::create(
      b, loc, wholeRunInside(b, loc, run, aligned, rows, cols),
      /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(whole.thenBlock());
  Value vector = vector::FromElementsOp::create(
      b, loc, VectorType::get({kRunLength}, elementType), run.values);
  vector::StoreOp::create(b, loc, vector, matrix, ValueRange{run.row, run.col},
                          /*nontemporal=*/false,
                          llvm::MaybeAlign(runAlignment(elementType)));
  b.setInsertionPointToStart(whole.elseBlock());
  for (auto [e, value] : llvm::enumerate(run.values)) {
    auto one =
        scf::IfOp::create(b, loc, elementInside(b, loc, run, e, rows, cols),
                          /*withElseRegion=*/false);
    OpBuilder::InsertionGuard inner(b);
    b.setInsertionPointToStart(one.thenBlock());
    Value col = arith::AddIOp::create(b, loc, run.col,
                                      indexConstant(b, loc, int64_t(e)));
    memref::StoreOp::create(b, loc, value, matrix, ValueRange{run.row, col});
  }
}

void lmhead::storeRowSlot(OpBuilder &b, Location loc, Value matrix,
                          const AccumulatorTile &tile, int64_t slot,
                          llvm::function_ref<Value(size_t)> valueOf, Value odd,
                          Value aligned) {
  Type elementType = elementTypeOf(matrix);
  auto rounded = [&](Value value) -> Value {
    if (value.getType() == elementType)
      return value;
    return arith::TruncFOp::create(b, loc, elementType, value);
  };
  SmallVector<Value> values(tile.values.size());
  SmallVector<RunPair> pairs = pairsInRowSlot(tile, slot);
  for (RunPair pair : pairs) {
    for (size_t i : {pair[0], pair[0] + 1, pair[1], pair[1] + 1})
      values[i] = rounded(valueOf(i));
    storeRun(b, loc, matrix, exchangeIntoRun(b, loc, tile, values, pair, odd),
             aligned, tile.m, tile.n);
  }
  SmallVector<size_t> members = tile.slotMembers(slot);
  for (size_t i : ArrayRef<size_t>(members).drop_front(4 * pairs.size())) {
    Value value = rounded(valueOf(i));
    auto storeIf =
        scf::IfOp::create(b, loc,
                          both(b, loc, lessThan(b, loc, tile.rows[i], tile.m),
                               lessThan(b, loc, tile.cols[i], tile.n)),
                          /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(storeIf.thenBlock());
    memref::StoreOp::create(b, loc, value, matrix,
                            ValueRange{tile.rows[i], tile.cols[i]});
  }
}
