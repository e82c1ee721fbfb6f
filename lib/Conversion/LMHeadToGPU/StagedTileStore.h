//===- StagedTileStore.h - C's tile through shared memory and TMA -*- C++ -*-=//
//
// An sm_90a epilogue that stores whole tiles of C (GemmTiles::tmaStore)
// hands them to TMA instead of storing each thread's values: every consumer
// warpgroup writes its part of the tile, one panel of kStagingRows rows by
// 128 bytes at a time, into a shared-memory buffer laid out as TMA's
// 128-byte swizzle lays out a box, and one thread stores the buffer with
// `cp.async.bulk.tensor`. TMA drops what lies outside C, so the ragged edges
// need no masks, and the consumers' threads issue one shared store per pair
// of values instead of exchanges, bounds tests and global stores.
//
// The warpgroup cycles through kStagingBuffers (2) buffers, one barrier of
// its 128 threads per panel:
//   thread 0: wait until the previous panel's store has read its buffer
//             (`cp.async.bulk.wait_group.read 0`), so that the buffer of
//             the panel after this one is free;
//   all:      write the panel's values into its buffer, make the writes
//             visible to TMA (`fence.proxy.async.shared::cta`), meet at the
//             warpgroup's named barrier;
//   thread 0: store the buffer with TMA and commit the store's bulk group.
// The buffer a panel fills was last read by the store of two panels
// before, which thread 0 waited for before the previous panel's barrier.
//
// An epilogue that adds to C loads C's old values into the buffers with TMA
// (zeros outside C), on one mbarrier per buffer: thread 0 loads the next
// panel's as soon as its buffer is free (above), and the threads wait for
// the current one's before they read it, add and write the sum back in
// place. The kernel loads the tile's first two panels' before its K loop
// (prefetchStagedOldValues), so that only the later panels' loads wait in
// the epilogue. The result is rounded once, as the register epilogue rounds it.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_CONVERSION_LMHEADTOGPU_STAGEDTILESTORE_H
#define LMHEAD_CONVERSION_LMHEADTOGPU_STAGEDTILESTORE_H

#include "GemmEpilogue.h"

namespace mlir {
namespace lmhead {

/// The panels (kStagingRows rows by 128 bytes of C's element type) one
/// consumer warpgroup of `spec` stores for each tile.
int64_t stagedPanelsPerTile(const GemmKernelSpec &spec);

/// Stores the thread's values of `tile` (whose `staging` is set) into C
/// through the warpgroup's staging buffers and TMA, as the file comment
/// says. `map` is C's tensor map (sm90ResultMapType(spec)); `values[i]` is
/// accumulator i's f32 value, to which C's old value is added first when
/// `accumulate`; each is rounded once to `spec.storedType`. Every thread of
/// the warpgroup must reach it.
void storeStagedTile(OpBuilder &b, Location loc, const GemmKernelSpec &spec,
                     Value map, const AccumulatorTile &tile,
                     ArrayRef<Value> values, bool accumulate);

/// The row tiles of kStagingRows rows in a consumer warpgroup's part of a
/// tile: its panels go along each, then down.
int64_t stagedRowTiles(const GemmKernelSpec &spec);

/// Stores the panels of row tile `rowTile` of the warpgroup's part through
/// its staging buffers and TMA, each accumulator's f32 value formed by
/// `valueOf(i)` right before it is written (so that an epilogue that forms
/// its values as it goes, a row tile at a time, keeps few of them live);
/// rounded once to `spec.storedType`. For epilogues that replace C: the
/// calls for a tile go in order of row tiles, each reached by every thread
/// of the warpgroup.
void storeStagedRowTile(OpBuilder &b, Location loc, const GemmKernelSpec &spec,
                        Value map, const AccumulatorTile &tile, int64_t rowTile,
                        llvm::function_ref<Value(size_t)> valueOf);

/// The panels whose old values a kernel loads before its K loop for an
/// epilogue that adds to C (one per staging buffer, at most the tile's).
int64_t prefetchedPanelsPerTile(const GemmKernelSpec &spec);

/// Loads, in the warpgroup's thread 0 (`staging.thread` = 0), C's old values
/// of the tile's first prefetchedPanelsPerTile panels into their buffers,
/// once the warpgroup's earlier stores have read them: a kernel calls it
/// before its K loop, with `staging` for the tile that loop computes, so
/// that the loads overlap the MMAs; the epilogue (`staging.prefetched-
/// Panels` set) then waits for them instead of loading them.
void prefetchStagedOldValues(OpBuilder &b, Location loc,
                             const GemmKernelSpec &spec, Value map,
                             const TileStaging &staging);

/// Waits, in the warpgroup's thread 0 (`threadInWarpgroup` = 0), until
/// every TMA store it issued has written C: a consumer warpgroup calls it
/// once after its last tile, so that the block does not exit while TMA
/// still reads its buffers.
void finishStagedStores(OpBuilder &b, Location loc, Value threadInWarpgroup);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_CONVERSION_LMHEADTOGPU_STAGEDTILESTORE_H
