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
#include <string>

namespace mlir {
namespace lmhead {

/// The failure of a kernel's check (checkGemmKernel, an epilogue's check):
/// `why` the spec cannot be written or run.
inline llvm::Error kernelRefused(const llvm::Twine &why) {
  return llvm::createStringError(why);
}

struct GemmKernelSpec;

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
/// as `memref<?x?xT>` [M,N]; with `runtimeScale`, the next is a
/// `memref<?xf32>` whose element 0 multiplies the product too (read at run
/// time); with a statistic slot, the last is the statistics buffer
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
  llvm::Error check(const GemmKernelSpec &spec) const override;
  void write(OpBuilder &builder, Location loc, const GemmKernelSpec &spec,
             ValueRange arguments, const AccumulatorTile &tile) const override;
};

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_CONVERSION_LMHEADTOGPU_GEMMEPILOGUE_H
