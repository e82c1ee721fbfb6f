//===- GradientStatistics.h - squared gradient norms in the kernels -*- C++
//-*-===//
//
// The optional `stats` result of linear_grad and ce_linear_grad,
// `[‖dZ‖², ‖dh‖², ‖dW‖²]` in f32, is summed where the values already are:
// the epilogue that forms dZ (LogitGradEpilogue) and the epilogues that
// store the products (StoreEpilogue) square what they hold, each warp sums
// its lanes' squares with shuffles, and one lane adds the warp's sum to its
// slot with an atomic add. Where no epilogue holds a value once (dZ given
// to linear_grad; dh accumulated over vocabulary chunks) a grid-stride
// kernel reads it once: O(N·V) for a given dZ, O(N·D) for dh. The slots are
// cleared by a one-warp kernel first. Atomic additions make the last bits
// of a sum depend on the order blocks finish in.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_CONVERSION_LMHEADTOGPU_GRADIENTSTATISTICS_H
#define LMHEAD_CONVERSION_LMHEADTOGPU_GRADIENTSTATISTICS_H

#include "lmhead/Schedule/SizeExpr.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

namespace mlir {
namespace lmhead {

/// The slots of the statistics vector, in the op's order.
enum StatisticSlot : int64_t {
  kLogitGradientSlot = 0,
  kHiddenGradientSlot = 1,
  kWeightGradientSlot = 2,
  kNumStatisticSlots = 3,
};

/// The type of the statistics buffer kernels take: `memref<?xf32>` [3].
MemRefType statisticsBufferType(MLIRContext *ctx);

/// Adds the sum over a warp's 32 lanes of `partial` (f32) to
/// `stats[slot]`: a butterfly of shuffles, then one atomic add by lane 0
/// (`threadIdx.x mod 32 = 0`). Every lane of the warp must reach it.
void addWarpSumToStatistic(OpBuilder &b, Location loc, Value partial,
                           Value stats, int64_t slot);

/// One warp that sets slots [first, first + count) of `stats` to 0 (count
/// at most 3). Arguments: `stats`, first and count (`index`). Grid: one
/// block. Each stream clears the slots it adds to, so that streams that
/// add to different slots need not wait for each other.
gpu::GPUFuncOp buildClearStatisticsKernel(OpBuilder &builder, Location loc,
                                          StringRef name);

/// Threads per block of the sum-of-squares kernel.
constexpr int64_t kSumOfSquaresThreads = 256;

/// `stats[slot] += Σ x²` over a matrix [R, C] of `elementType` (f32, f16 or
/// bf16; squared in f32), each thread striding over the elements by the
/// grid's size. Arguments: the matrix (gemmMatrixType), `stats`, R and C
/// (`index`). Grid: sumOfSquaresBlocks(R·C).
gpu::GPUFuncOp buildSumOfSquaresKernel(OpBuilder &builder, Location loc,
                                       StringRef name, Type elementType,
                                       int64_t slot);

/// The blocks of the sum-of-squares kernel over `elements` values: enough
/// for one element a thread, at most a few per multiprocessor (each warp
/// ends in one atomic add), and at least one.
SizeExpr sumOfSquaresBlocks(const SizeExpr &elements);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_CONVERSION_LMHEADTOGPU_GRADIENTSTATISTICS_H
