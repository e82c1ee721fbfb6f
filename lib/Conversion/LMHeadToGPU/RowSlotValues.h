//===- RowSlotValues.h - per-row data of an epilogue, loaded by the warp -*-
// C++ -*-===//
//
// The cross-entropy epilogues need a few numbers per row of C (the token's
// label, its lse, its upstream gradient). A thread holds numRowSlots rows;
// loading each row's number in each thread is one 4- or 8-byte access per
// row slot, a few bytes in flight. A warp's row slot covers eight
// consecutive rows (lane l holds row slotFirstRows[s] + l / 4), so the
// lanes of a warp can instead load the numbers of four slots at once, one
// row each, and hand every lane its own with a shuffle: ceil(numRowSlots /
// 4) loads a thread instead of numRowSlots.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_CONVERSION_LMHEADTOGPU_ROWSLOTVALUES_H
#define LMHEAD_CONVERSION_LMHEADTOGPU_ROWSLOTVALUES_H

#include "GemmEpilogue.h"

#include <functional>

namespace mlir {
namespace lmhead {

/// One 32-bit value (i32 or f32) for each row slot of `tile`: the value of
/// this thread's row in that slot, written by `loadRow(row, inside)`:
/// `row` is a row of C when `inside` (an i1) is true, and row 0 otherwise,
/// whose value no lane then uses.
///
/// With more than two slots the constructor writes the loads: lane l
/// computes the value of row slotFirstRows[4g + l / 8] + l % 8 for each
/// group g of four slots, and at() hands a slot's values to their lanes with
/// a shuffle where it is called. With one or two slots (warp tiles of 16
/// rows, which every wgmma warp has) that would save one load at the cost
/// of registers the widest tiles do not have, so at() loads the thread's
/// own row there.
/// Every lane of the warp must reach the constructor and each at().
class RowSlotValues {
public:
  using LoadRow = std::function<Value(Value row, Value inside)>;

  RowSlotValues(OpBuilder &b, Location loc, const AccumulatorTile &tile,
                LoadRow loadRow);

  /// This thread's value of row slot `slot`.
  Value at(OpBuilder &b, Location loc, int64_t slot) const;

private:
  const AccumulatorTile &tile;
  LoadRow loadRow;
  /// Per group of four slots, the value this lane loaded (none when each
  /// thread loads its own rows).
  SmallVector<Value> loaded;
  /// The lane's quad (lane / 4).
  Value quad;
};

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_CONVERSION_LMHEADTOGPU_ROWSLOTVALUES_H
