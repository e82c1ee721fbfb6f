//===- MemoryParallelism.h - bytes in flight and Little's law ---*- C++ -*-===//
//
// A kernel that streams through DRAM is bound either by bandwidth or by
// latency. Little's law says which: an SM that keeps B bytes of loads in
// flight, each answered after a latency L, reads at most B / L bytes a
// second, so S such SMs read at most S·B / L. A kernel whose threads keep
// a few bytes in flight (a scalar load, used before the next is issued)
// reads at a small fraction of HBM's bandwidth however few bytes it moves.
//
// This header holds both halves of that account, so that they cannot
// drift apart:
//  - the structure of lmhead's kernels that sets their bytes in flight
//    (vector widths and loads issued before the first use), which the
//    kernel writers build and the cost model reads;
//  - the time a phase of a kernel takes to move its bytes: the larger of
//    bytes / bandwidth and what its bytes in flight allow.
//
// The emulator measures the same quantity per launch (the most bytes of
// loads one warp had in flight: runtime/lib/emulator/GlobalTraffic.h), so
// the figures here are checked against the code that runs.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_PLANNING_MEMORYPARALLELISM_H
#define LMHEAD_PLANNING_MEMORYPARALLELISM_H

#include "lmhead/Planning/GpuTarget.h"

#include <algorithm>
#include <cstdint>

namespace mlir {
namespace lmhead {

//===----------------------------------------------------------------------===//
// The kernels' structure.
//===----------------------------------------------------------------------===//

/// The rows of tiles a GEMM grid's grouped rasterisation walks together
/// when nothing else is said (the group of 8 of CUTLASS's and Triton's
/// swizzled tile orders): the blocks of a wave share the B tiles of a few
/// columns through L2, so B is read from DRAM once per group of rows, not
/// once per row of tiles. The planner chooses each GEMM's group
/// (GemmTiles::groupRows); this is the one it prefers where the choice
/// does not change the prediction.
constexpr int64_t kRasterGroupRows = 8;

/// The columns of C one thread of a GEMM epilogue reads or writes as one
/// vector (a run: TileRuns.h).
constexpr int64_t kRunLength = 4;

/// The runs whose old values an accumulating GEMM epilogue loads before it
/// stores any of them.
constexpr int64_t kRunsInFlight = 4;

/// Threads per block of the element- and row-wise kernels (the reductions
/// over all tokens run as one such block).
constexpr int64_t kRowKernelThreads = 256;

/// The columns one lane of the one-pass step's row pass loads and stores as
/// one vector (16 bytes of f16 or bf16); the column sums of the bias
/// gradient load dZ in the same vectors.
constexpr int64_t kRowPassVector = 8;

/// The vectors each lane of the step's row pass loads before it stores the
/// first.
constexpr int64_t kRowPassLoadsInFlight = 4;

/// The elements of a row one thread of the rounding kernel takes: a 16-byte
/// f32 vector.
constexpr int64_t kRoundGroup = 4;

/// Bytes of loads one thread of an accumulating GEMM epilogue keeps in
/// flight: kRunsInFlight runs of C's old values, `resultBytes` each.
constexpr int64_t accumulatingEpilogueBytesInFlight(int64_t resultBytes) {
  return kRunsInFlight * kRunLength * resultBytes;
}

/// An sm_90a epilogue that stores C through TMA (GemmTiles::tmaStore)
/// stages it in buffers of kStagingRows rows of C's tile, 128 bytes of each
/// (one row of the 128-byte swizzle: 32 f32 or 64 16-bit columns), two
/// buffers per consumer warpgroup: the threads fill one while TMA stores
/// the other.
constexpr int64_t kStagingRows = 64;
constexpr int64_t kStagingRowBytes = 128;
constexpr int64_t kStagingBuffers = 2;
constexpr int64_t kStagingBufferBytes = kStagingRows * kStagingRowBytes;

/// Bytes of loads one consumer warpgroup of such an epilogue keeps in flight
/// when it adds to C: the next buffer's old values, loaded by TMA while the
/// threads finish the current one.
constexpr int64_t kStagedEpilogueBytesInFlightPerWarpgroup =
    kStagingBufferBytes;

/// Bytes of loads one lane of the step's row pass keeps in flight.
constexpr int64_t stepRowPassBytesInFlight(int64_t elementBytes) {
  return kRowPassLoadsInFlight * kRowPassVector * elementBytes;
}

/// Bytes of loads one thread of the rounding kernel keeps in flight: its
/// f32 vector and, when the gradient is added to an existing one, that
/// one's kRoundGroup values of `initBytes`.
constexpr int64_t roundingBytesInFlight(int64_t initBytes) {
  return kRoundGroup * (4 + initBytes);
}

/// The warps of one block of a row kernel.
constexpr int64_t kRowKernelWarps = kRowKernelThreads / 32;

/// The most warps a row kernel gives one token: a whole block.
constexpr int64_t kMaxWarpsPerToken = kRowKernelWarps;

/// The bytes of one record of a token's partial statistics (four f32: the
/// max, Σexp, target logit and Σz of one warp-column tile of logits).
constexpr int64_t kPartialRecordBytes = 16;

/// The partial records each lane of a row kernel loads, as 16-byte vectors,
/// before it folds the first.
constexpr int64_t kPartialRecordsInFlight = 4;

/// Bytes of loads one lane of a row kernel keeps in flight while it merges
/// a token's `records` partial records with `warps` warps:
/// kPartialRecordsInFlight of them, or its share of the token's where that
/// is fewer.
constexpr int64_t partialsBytesInFlight(int64_t records, int64_t warps = 1) {
  return kPartialRecordBytes *
         std::min(kPartialRecordsInFlight,
                  (records + 32 * warps - 1) / (32 * warps));
}

/// The column vectors (kRowPassVector columns, 16 bytes of f16 or bf16)
/// one block of the bias gradient's column sums takes; its
/// kRowKernelThreads threads are kColumnSumRowSlices slices of rows times
/// these vectors, so that a warp reads four rows of 128 bytes each.
constexpr int64_t kColumnSumVectors = 8;

/// The columns one block of the column sums takes.
constexpr int64_t kColumnSumColumns = kColumnSumVectors * kRowPassVector;

/// The slices of rows of one column-sum block: slice s adds rows s, s +
/// kColumnSumRowSlices, ... of its vector's columns.
constexpr int64_t kColumnSumRowSlices = kRowKernelThreads / kColumnSumVectors;

/// The vectors one thread of the column sums loads before it adds the
/// first.
constexpr int64_t kColumnSumLoadsInFlight = 4;

/// Bytes of loads one thread of the bias gradient's column sums keeps in
/// flight over `rows` rows of a dZ of `elementBytes`: kColumnSumLoadsInFlight
/// vectors, or one a row of its slice where that is fewer.
constexpr int64_t columnSumBytesInFlight(int64_t elementBytes, int64_t rows) {
  int64_t rowsPerSlice = (rows + kColumnSumRowSlices - 1) / kColumnSumRowSlices;
  return std::min(kColumnSumLoadsInFlight, rowsPerSlice) * kRowPassVector *
         elementBytes;
}

/// Bytes of loads one thread of a reduction over the tokens (the loss
/// reduction, the mean's token scale: one block of kRowKernelThreads
/// threads) keeps in flight: one label (and one f32 loss) per step.
constexpr int64_t tokenReductionBytesInFlight(int64_t labelBytes,
                                              bool readsLoss) {
  return labelBytes + (readsLoss ? 4 : 0);
}

/// The warps ce_linear_fwd's row kernel and the step's row pass give each
/// token (1, 2, 4 or 8; kRowKernelWarps / that many tokens a block). A
/// kernel over few tokens of a large vocabulary, one warp a token, keeps
/// too few loads in flight to read at HBM bandwidth and leaves SMs idle;
/// so a token takes the fewest warps with which the kernel's `tokens`
/// tokens keep both
///  - the bytes in flight that the target's planning chip (planningChip)
///    needs to read at bandwidth (its bandwidth × DRAM latency), each lane
///    keeping `loadsInFlightPerLane` loads of `bytesPerLoad` in flight, and
///  - a block on every one of its SMs,
/// but no more warps than the token's `loadsPerToken` loads keep busy in
/// one round (32 lanes × `loadsInFlightPerLane` a warp): past that a
/// warp more adds nothing in flight. The kernels are compiled once per
/// target, so the kernel writers and the cost model both call this with
/// the target, not with the chip the model plans for. A dynamic `tokens`
/// (ShapedType::kDynamic, any negative value) counts as the planned
/// kPlannedTokensForDynamicN.
int64_t warpsPerToken(GpuTarget target, int64_t tokens, int64_t loadsPerToken,
                      int64_t bytesPerLoad, int64_t loadsInFlightPerLane);

/// warpsPerToken for the step's row pass over a chunk of `rows` tokens of
/// `vocab` logits of `elementBytes`: its loads are the row's vectors of
/// kRowPassVector logits, kRowPassLoadsInFlight a lane.
int64_t stepRowPassWarpsPerToken(GpuTarget target, int64_t rows, int64_t vocab,
                                 int64_t elementBytes);

/// warpsPerToken for ce_linear_fwd's row kernel over `tokens` tokens of
/// `records` partial records each (kPartialRecordsInFlight a lane).
int64_t partialsWarpsPerToken(GpuTarget target, int64_t tokens,
                              int64_t records);

//===----------------------------------------------------------------------===//
// Little's law.
//===----------------------------------------------------------------------===//

/// What one phase of a kernel moves through DRAM, and how its threads keep
/// loads in flight.
struct MemoryPhase {
  /// Bytes read from and written to DRAM.
  double loadBytes = 0, storeBytes = 0;
  /// Bytes of loads one thread issues before it uses the first of them.
  double loadBytesInFlightPerThread = 0;
  /// Threads resident and loading at once on each SM that runs the phase.
  double threadsPerSM = 0;
  /// SMs that run the phase (fewer than the chip's when the grid is small).
  double activeSMs = 0;
};

/// The time of a MemoryPhase and the terms it is the larger of.
struct MemoryTime {
  /// max(bandwidthMicros, latencyMicros).
  double micros = 0;
  /// All bytes at HBM bandwidth.
  double bandwidthMicros = 0;
  /// The loads at the rate their bytes in flight sustain (Little's law):
  /// loadBytes · latency / (bytes in flight per SM · active SMs).
  double latencyMicros = 0;
  /// Bytes of loads in flight on one active SM.
  double bytesInFlightPerSM = 0;
  /// Whether latency (not bandwidth) sets the time.
  bool latencyBound() const { return latencyMicros > bandwidthMicros; }
};

/// The time `phase` takes on `chip`: its bytes at HBM bandwidth, or its
/// loads at the rate Little's law allows with the chip's DRAM latency,
/// whichever is longer. Stores are not waited for and count only against
/// bandwidth.
MemoryTime memoryTime(const MemoryPhase &phase, const GpuChip &chip);

/// The phase of a row-wise kernel of `threads` threads in blocks of
/// `threadsPerBlock` (kRowKernelThreads unless said), each keeping
/// `bytesInFlightPerThread` of loads in flight: its blocks spread over as
/// many SMs as there are blocks, each SM holding as many as the chip's
/// thread limit allows.
MemoryPhase rowKernelPhase(double loadBytes, double storeBytes,
                           double bytesInFlightPerThread, int64_t threads,
                           const GpuChip &chip,
                           int64_t threadsPerBlock = kRowKernelThreads);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_PLANNING_MEMORYPARALLELISM_H
