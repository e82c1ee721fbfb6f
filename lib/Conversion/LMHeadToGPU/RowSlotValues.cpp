//===- RowSlotValues.cpp - per-row data of an epilogue, loaded by the warp ===//
//
// See RowSlotValues.h. Lane l of a group's load takes slot 4g + l / 8 and
// the row l % 8 of that slot's eight; the lanes of a quad (equal l / 4)
// hold the same row, so lane l finds the value of its row in slot 4g + k
// in lane 8k + l / 4.
//
//===----------------------------------------------------------------------===//

#include "RowSlotValues.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::lmhead;

/// The slots one load of the warp covers: eight rows each, 32 lanes.
static constexpr int64_t kSlotsPerLoad = 4;

/// The fewest row slots whose values a warp shares.
static constexpr int64_t kFewestSharedSlots = 3;

RowSlotValues::RowSlotValues(OpBuilder &b, Location loc,
                             const AccumulatorTile &tile, LoadRow loadRow)
    : tile(tile), loadRow(std::move(loadRow)) {
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  Value lane = tile.lane;
  Value slotOfLane = arith::DivUIOp::create(b, loc, lane, index(8));
  Value rowOfLane = arith::RemUIOp::create(b, loc, lane, index(8));
  quad = arith::DivUIOp::create(b, loc, lane, index(4));
  if (tile.numRowSlots < kFewestSharedSlots)
    return;
  for (int64_t group = 0; group < tile.numRowSlots; group += kSlotsPerLoad) {
    int64_t slots = std::min(kSlotsPerLoad, tile.numRowSlots - group);
    // This lane's row: of slot group + slotOfLane, which lanes past the
    // group's last slot do not have.
    Value first = tile.slotFirstRows[group];
    Value hasSlot = arith::ConstantIntOp::create(b, loc, 1, 1);
    for (int64_t k = 1; k < slots; ++k)
      first = arith::SelectOp::create(
          b, loc,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, slotOfLane,
                                index(k)),
          tile.slotFirstRows[group + k], first);
    if (slots < kSlotsPerLoad)
      hasSlot = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                      slotOfLane, index(slots));
    Value row = arith::AddIOp::create(b, loc, first, rowOfLane);
    Value inside = arith::AndIOp::create(
        b, loc, hasSlot,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, row, tile.m));
    loaded.push_back(this->loadRow(
        arith::SelectOp::create(b, loc, inside, row, index(0)), inside));
  }
}

Value RowSlotValues::at(OpBuilder &b, Location loc, int64_t slot) const {
  if (loaded.empty()) {
    Value row = arith::AddIOp::create(b, loc, tile.slotFirstRows[slot], quad);
    Value inside =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, row, tile.m);
    return loadRow(
        arith::SelectOp::create(b, loc, inside, row,
                                arith::ConstantIndexOp::create(b, loc, 0)),
        inside);
  }
  Value source = arith::AddIOp::create(
      b, loc, quad,
      arith::ConstantIndexOp::create(b, loc, 8 * (slot % kSlotsPerLoad)));
  return gpu::ShuffleOp::create(
             b, loc, loaded[slot / kSlotsPerLoad],
             arith::IndexCastOp::create(b, loc, b.getI32Type(), source),
             arith::ConstantIntOp::create(b, loc, 32, 32),
             gpu::ShuffleMode::IDX)
      .getShuffleResult();
}
