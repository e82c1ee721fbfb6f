//===- TileRuns.h - an epilogue's global accesses in vectors ----*- C++ -*-===//
//
// In both accumulator layouts (mma.sync's C fragment, wgmma's D fragment) a
// thread holds pairs of adjacent columns: c and c+1 of some row, and the
// same two columns eight rows below. Stored as they lie, that is one 4-byte
// (f32) or 2-byte (bf16) access per value, a few bytes in flight per
// thread. Lanes xor 1 hold the next two columns of the same rows, so one
// exchange of a pair between them gives each lane a run of four consecutive
// columns of one row: the even lane the upper row, the odd lane the lower.
// A run is one 16-byte (f32) or 8-byte (f16, bf16) access where C's rows
// are aligned for it, and element accesses (each inside C or not) where
// they are not, or where the run crosses C's last column or row.
//
// An accumulating epilogue loads the old values of several runs before it
// stores the first (loadRuns), so that their loads are in flight together:
// a load after a store to memory that may alias it cannot be issued first.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_CONVERSION_LMHEADTOGPU_TILERUNS_H
#define LMHEAD_CONVERSION_LMHEADTOGPU_TILERUNS_H

#include "GemmEpilogue.h"

#include "lmhead/Planning/MemoryParallelism.h"

namespace mlir {
namespace lmhead {

// kRunLength, the columns one run holds, and kRunsInFlight, the runs whose
// old values an accumulating epilogue loads before it stores any of them,
// are in MemoryParallelism.h, which the cost model reads: 64 bytes a thread
// in flight for f32 (eight runs spill on sm_90a, whose consumers hold 128
// accumulators in 232 registers).

/// Four consecutive columns of one row of C, held by one thread.
struct TileRun {
  /// The row and the first column (a multiple of 4) in C.
  Value row, col;
  /// The values of columns col .. col+3, in order.
  SmallVector<Value, kRunLength> values;
};

/// Two accumulator pairs whose values one exchange turns into a run:
/// {u, l} names accumulators u, u+1 (columns c, c+1 of a row, c even) and
/// l, l+1 (columns c, c+1 eight rows below, or c+8, c+9 of the same row).
/// The even lane's run is the row of u from column c, the odd lane's the
/// row of l from its column c−2 (its partner's pair first).
using RunPair = std::array<size_t, 2>;

/// The pairs of adjacent 8-column blocks of row slot `slot` of `tile`,
/// {block 2k, block 2k+1}: runs of one row, for an epilogue that finishes
/// a row slot before the next. A last block without a partner is left out
/// (its two values then need element accesses).
SmallVector<RunPair> pairsInRowSlot(const AccumulatorTile &tile, int64_t slot);

/// Whether `lane` (the thread's, AccumulatorTile::lane) is odd: an i1 for
/// exchangeIntoRun.
Value laneIsOdd(OpBuilder &b, Location loc, Value lane);

/// Exchanges the values of `pair` (of `tile.stackedPairs` or of
/// pairsInRowSlot) between lanes xor 1 and returns this thread's run.
/// `values` has one value per accumulator of `tile` (those of `pair` set),
/// all f32 or all of one 16-bit type (a pair then travels as one 32-bit
/// word); `odd` is laneIsOdd. Every lane of the warp must reach it.
/// Epilogues exchange a few pairs at a time, right before they use the
/// runs, so that no more than those are live twice.
TileRun exchangeIntoRun(OpBuilder &b, Location loc, const AccumulatorTile &tile,
                        ArrayRef<Value> values, RunPair pair, Value odd);

/// Whether every row of `matrix` (gemmMatrixType) starts at an address
/// aligned for a vector of `elements` of its elements: its first element's
/// address is a multiple of the vector's bytes and its row stride a
/// multiple of `elements`. An i1, the same in every thread.
Value rowsAreAlignedTo(OpBuilder &b, Location loc, Value matrix,
                       int64_t elements);

/// rowsAreAlignedTo for runs.
inline Value runsAreAligned(OpBuilder &b, Location loc, Value matrix) {
  return rowsAreAlignedTo(b, loc, matrix, kRunLength);
}

/// Loads the old values of `runs` from `matrix` (of `elementType`),
/// all before any use, as vectors where `aligned` and the run lies inside
/// rows × cols (the extents `rows`, `cols`), element by element where not;
/// elements outside read as 0. Returns them extended to f32.
SmallVector<SmallVector<Value, kRunLength>>
loadRuns(OpBuilder &b, Location loc, Value matrix, ArrayRef<TileRun> runs,
         Value aligned, Value rows, Value cols);

/// Stores `run`'s values (already of `matrix`'s element type) into `matrix`:
/// one vector store where `aligned` and the run lies inside rows × cols,
/// else each element that lies inside.
void storeRun(OpBuilder &b, Location loc, Value matrix, const TileRun &run,
              Value aligned, Value rows, Value cols);

/// Stores the values of row slot `slot` of `tile` into `matrix`, rounded
/// from f32 to its element type: runs of pairsInRowSlot, then element
/// stores of a last block without a partner; only what lies inside the
/// tile's m × n. `valueOf(i)` gives accumulator i's value (f32); it is
/// called for the four accumulators of a run right before the run is
/// exchanged, so that an epilogue can form its values there and only a
/// run's values are live at once. `odd` is laneIsOdd, `aligned`
/// runsAreAligned(matrix).
void storeRowSlot(OpBuilder &b, Location loc, Value matrix,
                  const AccumulatorTile &tile, int64_t slot,
                  llvm::function_ref<Value(size_t)> valueOf, Value odd,
                  Value aligned);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_CONVERSION_LMHEADTOGPU_TILERUNS_H
