//===- GemmEpilogue.h - what a GEMM kernel does with its tile ---*- C++ -*-===//
//
// The GEMM writers (GemmKernelSm80.cpp, GemmKernelSm90.cpp) run the K loop
// and end with every f32 accumulator of a thread in registers. What happens
// to them then is the epilogue's business: the writers hand it the whole
// thread tile (each value with its row and column in C) and the kernel
// arguments it asked for, and know nothing else of it. StoreEpilogue
// (scale, accumulate-into, cast, predicated store) is the linear_grad
// epilogue; the cross-entropy kernels add row-statistics and dZ epilogues
// without touching the main loops.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_CONVERSION_LMHEADTOGPU_GEMMEPILOGUE_H
#define LMHEAD_CONVERSION_LMHEADTOGPU_GEMMEPILOGUE_H

#include "mlir/IR/Builders.h"
#include "llvm/Support/Error.h"

#include <array>
#include <optional>
#include <string>

namespace mlir {
namespace lmhead {

/// The failure of a kernel's check (checkGemmKernel, an epilogue's check):
/// `why` the spec cannot be written or run.
inline llvm::Error kernelRefused(const llvm::Twine &why) {
  return llvm::createStringError(why);
}

struct GemmKernelSpec;

/// Where an sm_90a consumer warpgroup stages its part of C's tile for a TMA
/// store (GemmTiles::storesThroughTma; StagedTileStore.h writes it). The
/// warpgroup's rows of the tile (warpM of them) go out kStagingRows rows
/// by 128 bytes at a time (a "panel"), through kStagingBuffers buffers of
/// 128-byte swizzled rows, as TMA reads them.
struct TileStaging {
  /// Dynamic shared memory (i8), and the byte offset in it of the
  /// warpgroup's first buffer (1 KiB aligned; the second follows it).
  Value shared, buffers;
  /// The mbarriers on which TMA loads of C's old values complete, two per
  /// consumer warpgroup, and the index of this warpgroup's first.
  Value loadBarriers, firstLoadBarrier;
  /// The first row in C of the warpgroup's part, and the tile's first
  /// column.
  Value row, col;
  /// The thread's index in its warpgroup (0 issues the warpgroup's copies),
  /// and the named barrier (an i32) its 128 threads meet at.
  Value thread, barrierId;
  /// The panels the warpgroup staged before this tile's (a persistent
  /// kernel's earlier tiles'; 0 in one-tile blocks): which buffer and
  /// which mbarrier phase each panel uses follow from it.
  Value panelsBefore;
  /// The thread's first row and column in the warpgroup's part.
  Value threadRow, threadCol;
  /// Each accumulator's row and column relative to threadRow and threadCol,
  /// known when the kernel is written; every thread's row offsets are the
  /// same multiples of 8, so a thread's rows are all threadRow modulo 8.
  SmallVector<int64_t> rowOffsets, colOffsets;
  /// The tile's first panels whose old values the kernel loaded before its
  /// K loop (for an epilogue that adds to C), so that their loads overlap
  /// the tile's MMAs: the epilogue does not load them again.
  int64_t prefetchedPanels = 0;
};

/// Every f32 accumulator one thread holds when the K loop has ended.
///
/// In both kernel families (mma.sync's C fragment and wgmma's D fragment)
/// the four lanes of a quad (equal `lane / 4`) hold the other columns of the
/// same rows of their warp's tile, so a row reduction needs the thread's
/// own values of a row, then a butterfly over lanes xor 1 and xor 2.
struct AccumulatorTile {
  /// The accumulators (f32), and the row and column in C of each (index
  /// values; on ragged edges they may lie outside the `m`×`n` result,
  /// whose values are then padding).
  SmallVector<Value> values, rows, cols;
  /// For each accumulator, which of the thread's distinct rows it lies in,
  /// known when the kernel is written: accumulators with the same slot have
  /// the same row value.
  SmallVector<int64_t> rowSlots;
  /// The number of distinct row slots.
  int64_t numRowSlots = 0;
  /// For each row slot, its row in the lanes of the warp's first quad: in
  /// both layouts the slot's row in lane l is this plus l / 4 (a warp's
  /// slot covers eight consecutive rows), which lets the warp load per-row
  /// data once for all its lanes (RowSlotValues.h).
  SmallVector<Value> slotFirstRows;
  /// The accumulators by the pairs of the quad layout: each entry {u, l}
  /// names accumulators u and u+1 (one row, columns c and c+1, c even) and
  /// l and l+1 (the same columns eight rows below); lane xor 1 holds
  /// columns c+2 and c+3 (c even in even lanes) or c−2 and c−1 of the same
  /// rows at the same indices. Every accumulator is in one entry (see
  /// TileRuns.h).
  SmallVector<std::array<size_t, 2>> stackedPairs;
  /// The extents of C (the kernel's M and N arguments).
  Value m, n;
  /// The thread's lane in its warp (`index`), as the kernel writer reads
  /// it: epilogues take it from here rather than reading the lane again,
  /// so that a persistent kernel can keep it from being hoisted out of its
  /// tile loop (GemmKernelSm90.cpp).
  Value lane;
  /// Where to stage C for a TMA store, when the kernel stores through TMA.
  std::optional<TileStaging> staging;

  /// The indices of the accumulators in row slot `slot`, in order: by
  /// column, two per 8-column block (columns c, c+1 with c = 2·(lane % 4)
  /// in the block).
  SmallVector<size_t> slotMembers(int64_t slot) const {
    SmallVector<size_t> members;
    for (size_t i = 0; i < values.size(); ++i)
      if (rowSlots[i] == slot)
        members.push_back(i);
    return members;
  }
};

/// What a GEMM kernel does with its accumulators.
class GemmEpilogue {
public:
  virtual ~GemmEpilogue();

  /// The kernel arguments the epilogue reads or writes; the kernel takes
  /// them after A and B and before M, N and K.
  virtual SmallVector<Type>
  getArgumentTypes(const GemmKernelSpec &spec) const = 0;

  /// The element type in which the epilogue stores C's tiles whole, so that
  /// they can go through shared memory and TMA
  /// (GemmTiles::storesThroughTma); null when it does not store tiles.
  virtual Type stagedResultType(const GemmKernelSpec &spec) const { return {}; }
  /// Whether the epilogue adds to that matrix's old values, which a kernel
  /// that stores through TMA loads with TMA (and may start loading before
  /// its K loop).
  virtual bool addsToStagedResult(const GemmKernelSpec &spec) const {
    return false;
  }
  /// Which of the epilogue's arguments (getArgumentTypes) is that matrix,
  /// passed as the pointer to its TMA tensor map when the kernel stores
  /// through TMA.
  virtual unsigned stagedResultArgument(const GemmKernelSpec &spec) const {
    return 0;
  }

  /// Succeeds when this epilogue can finish `spec`; else fails saying why.
  virtual llvm::Error check(const GemmKernelSpec &spec) const {
    return llvm::Error::success();
  }

  /// Writes, at the builder's insertion point (inside the kernel, after the
  /// K loop, in every thread that holds accumulators), what happens to
  /// `tile`; `arguments` are the kernel's arguments of getArgumentTypes.
  virtual void write(OpBuilder &builder, Location loc,
                     const GemmKernelSpec &spec, ValueRange arguments,
                     const AccumulatorTile &tile) const = 0;
};

/// The linear_grad epilogue: `C = scale · acc (+ C)`, rounded once to C's
/// element type and stored where it lies inside C. Its first argument is C
/// as `memref<?x?xT>` [M,N] (as the pointer to C's TMA tensor map,
/// sm90ResultMapType, when the kernel stores through TMA); with `runtimeScale`,
/// the next is a `memref<?xf32>` whose element 0 multiplies the product too
/// (read at run time); with a statistic slot, the last is the statistics buffer
/// (GradientStatistics.h), to whose slot it adds `Σ (scale · s · acc)²`
/// over C, before C's old value is added.
class StoreEpilogue : public GemmEpilogue {
public:
  /// The element type of C: f32, f16 or bf16.
  Type resultType;
  /// Whether the product is added to C's existing values (gradient
  /// accumulation) instead of replacing them.
  bool accumulate = false;
  /// The factor applied to the product before C's old value is added.
  double scale = 1.0;
  /// Whether a factor read at run time (a kernel argument) multiplies the
  /// product as well.
  bool runtimeScale = false;
  /// The slot of the statistics buffer the product's squared norm is added
  /// to, or -1 for none.
  int64_t statisticSlot = -1;

  SmallVector<Type> getArgumentTypes(const GemmKernelSpec &spec) const override;
  Type stagedResultType(const GemmKernelSpec &spec) const override {
    return resultType;
  }
  bool addsToStagedResult(const GemmKernelSpec &spec) const override {
    return accumulate;
  }
  llvm::Error check(const GemmKernelSpec &spec) const override;
  void write(OpBuilder &builder, Location loc, const GemmKernelSpec &spec,
             ValueRange arguments, const AccumulatorTile &tile) const override;
};

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_CONVERSION_LMHEADTOGPU_GEMMEPILOGUE_H
