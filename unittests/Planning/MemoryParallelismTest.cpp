//===- MemoryParallelismTest.cpp - bytes in flight and Little's law -------===//
//
// The memory terms of the cost model: a phase is bound by HBM's bandwidth
// or by the bytes its threads keep in flight, whichever is slower; a row
// kernel spreads over as many SMs as it has blocks; a GEMM's epilogue comes
// after its main loop and, when it accumulates, waits on its loads; its
// DRAM bytes follow the grouped rasterisation. The figures are worked by
// hand from the chip table, not recomputed with the model's own functions.
//
//===----------------------------------------------------------------------===//

#include "lmhead/Planning/MemoryParallelism.h"
#include "lmhead/Planning/CostModel.h"

#include <gtest/gtest.h>

using namespace mlir::lmhead;

namespace {

const GpuChip &h200() { return *lookupGpuChip("H200"); }

TEST(MemoryParallelismTest, TheKernelsStructureSetsTheirBytesInFlight) {
  // Four runs of four f32 (the emulator measures 2048 bytes a warp for the
  // f32 dh and dW epilogues), of four bf16 (1024 for the step's bf16 dh).
  EXPECT_EQ(32 * accumulatingEpilogueBytesInFlight(4), 2048);
  EXPECT_EQ(32 * accumulatingEpilogueBytesInFlight(2), 1024);
  // Four 16-byte vectors a lane in the step's row pass: 2048 a warp.
  EXPECT_EQ(32 * stepRowPassBytesInFlight(2), 2048);
  // The rounding kernel: its f32 vector, and a bf16 initial gradient's
  // four values: 768 a warp.
  EXPECT_EQ(32 * roundingBytesInFlight(2), 768);
  EXPECT_EQ(roundingBytesInFlight(0), 16);
}

TEST(MemoryParallelismTest, FewRecordsOrRowsKeepFewerLoadsInFlight) {
  // A token's 501 partial records (V = 128256, warpN = 256): four 16-byte
  // records a lane, 2048 bytes a warp. Its 11 records at V = 2048 (warpN =
  // 192 on sm_90a): one a lane, 512 bytes a warp; the emulator measures
  // 176, as 11 of the 32 lanes load.
  EXPECT_EQ(32 * partialsBytesInFlight(501), 2048);
  EXPECT_EQ(32 * partialsBytesInFlight(11), 512);
  EXPECT_EQ(partialsBytesInFlight(65), 48);
  // The column sums: four 16-byte bf16 vectors a thread over 4096 rows;
  // over 45 rows, two for the slices that have two rows.
  EXPECT_EQ(columnSumBytesInFlight(2, 4096), 64);
  EXPECT_EQ(columnSumBytesInFlight(2, 45), 32);
}

TEST(MemoryParallelismTest, FewTokensOfALargeVocabularyTakeSeveralWarps) {
  // sm_90a kernels are sized for the H200: 4.8 TB/s x 348 ns = 1.67 MB in
  // flight, 816 warps of 2048 bytes (four 16-byte vectors a lane), and a
  // block of 8 warps on each of its 132 SMs: 1056 warps. A row of 128256
  // bf16 logits is 16032 vectors, 126 rounds of one warp: up to 8 warps.
  const int64_t bf16 = 2, v = 128256;
  EXPECT_EQ(stepRowPassWarpsPerToken(GpuTarget::Sm90a, 4096, v, bf16), 1);
  EXPECT_EQ(stepRowPassWarpsPerToken(GpuTarget::Sm90a, 1056, v, bf16), 1);
  EXPECT_EQ(stepRowPassWarpsPerToken(GpuTarget::Sm90a, 1055, v, bf16), 2);
  EXPECT_EQ(stepRowPassWarpsPerToken(GpuTarget::Sm90a, 528, v, bf16), 2);
  EXPECT_EQ(stepRowPassWarpsPerToken(GpuTarget::Sm90a, 527, v, bf16), 4);
  EXPECT_EQ(stepRowPassWarpsPerToken(GpuTarget::Sm90a, 263, v, bf16), 8);
  EXPECT_EQ(stepRowPassWarpsPerToken(GpuTarget::Sm90a, 37, v, bf16), 8);
  // sm_80 kernels for the A100: 2.0 TB/s x 392 ns = 784 KB, 383 warps, but
  // 108 SMs x 8 = 864 warps for a block on each.
  EXPECT_EQ(stepRowPassWarpsPerToken(GpuTarget::Sm80, 864, v, bf16), 1);
  EXPECT_EQ(stepRowPassWarpsPerToken(GpuTarget::Sm80, 432, v, bf16), 2);
  EXPECT_EQ(stepRowPassWarpsPerToken(GpuTarget::Sm80, 431, v, bf16), 4);
  // No more warps than a token's loads keep busy in one round each: 263
  // vectors (V = 2100) are three rounds of 128, so two warps; 64 vectors
  // (V = 512) one.
  EXPECT_EQ(stepRowPassWarpsPerToken(GpuTarget::Sm90a, 37, 2100, bf16), 2);
  EXPECT_EQ(stepRowPassWarpsPerToken(GpuTarget::Sm90a, 37, 512, bf16), 1);
  // The forward's 501 partial records a token (four rounds): four warps
  // for 100 tokens; a dynamic N is planned as 8192 tokens: one.
  EXPECT_EQ(partialsWarpsPerToken(GpuTarget::Sm90a, 100, 501), 4);
  EXPECT_EQ(partialsWarpsPerToken(GpuTarget::Sm90a, -1, 501), 1);
  // Each lane of four warps then holds four of the 501 records in flight;
  // of eight warps, two.
  EXPECT_EQ(partialsBytesInFlight(501, 4), 64);
  EXPECT_EQ(partialsBytesInFlight(501, 8), 32);
}

TEST(MemoryParallelismTest, FewBytesInFlightBindByLatency) {
  // One warp on one SM, 8 bytes a lane: 256 bytes per 348 ns, about 0.74
  // GB/s, however fast HBM is.
  MemoryPhase warp;
  warp.loadBytes = 1 << 20;
  warp.loadBytesInFlightPerThread = 8;
  warp.threadsPerSM = 32;
  warp.activeSMs = 1;
  MemoryTime t = memoryTime(warp, h200());
  EXPECT_TRUE(t.latencyBound());
  EXPECT_DOUBLE_EQ(t.bytesInFlightPerSM, 256);
  EXPECT_NEAR(t.latencyMicros, 1e6 * (1 << 20) * 348e-9 / 256, 1e-6);
  EXPECT_NEAR(t.bandwidthMicros, 1e6 * (1 << 20) / 4.8e12, 1e-9);
  EXPECT_DOUBLE_EQ(t.micros, t.latencyMicros);

  // Every SM full of threads with 16 bytes each: 132 x 2048 x 16 bytes per
  // 348 ns, about 12 TB/s, more than HBM gives: bandwidth bound.
  MemoryPhase full = warp;
  full.loadBytesInFlightPerThread = 16;
  full.threadsPerSM = 2048;
  full.activeSMs = 132;
  full.storeBytes = 1 << 20;
  t = memoryTime(full, h200());
  EXPECT_FALSE(t.latencyBound());
  EXPECT_NEAR(t.micros, 1e6 * 2.0 * (1 << 20) / 4.8e12, 1e-9);

  // Stores are not waited for.
  MemoryPhase stores;
  stores.storeBytes = 1e9;
  t = memoryTime(stores, h200());
  EXPECT_DOUBLE_EQ(t.latencyMicros, 0);
  EXPECT_NEAR(t.micros, 1e6 * 1e9 / 4.8e12, 1e-9);
}

TEST(MemoryParallelismTest, RowKernelsSpreadOverTheirBlocks) {
  // 4096 threads: 16 blocks of 256 on 16 SMs.
  MemoryPhase p = rowKernelPhase(1e6, 0, 32, 4096, h200());
  EXPECT_DOUBLE_EQ(p.activeSMs, 16);
  EXPECT_DOUBLE_EQ(p.threadsPerSM, 256);
  // 4M threads: every SM, as many blocks as 2048 threads allow.
  p = rowKernelPhase(1e6, 0, 32, 4 << 20, h200());
  EXPECT_DOUBLE_EQ(p.activeSMs, 132);
  EXPECT_DOUBLE_EQ(p.threadsPerSM, 2048);
  // One warp.
  p = rowKernelPhase(1e6, 0, 8, 32, h200(), 32);
  EXPECT_DOUBLE_EQ(p.activeSMs, 1);
  EXPECT_DOUBLE_EQ(p.threadsPerSM, 32);
}

/// dW += dZᵀ·h of the headline step, f32, on the H200.
GemmProblem dwOfTheStep(bool accumulates) {
  GemmProblem p;
  p.m = 128256;
  p.n = 4096;
  p.k = 4096;
  p.rowElementsA = 128256;
  p.aRowsAlongK = false;
  p.rowElementsB = 4096;
  p.bRowsAlongK = false;
  p.resultBytes = 4;
  p.accumulatesC = accumulates;
  return p;
}

TEST(MemoryParallelismTest, AnAccumulatingEpilogueWaitsOnItsLoads) {
  // 128x256 blocks of two 64x256 consumer warpgroups, one block an SM.
  GemmTiles tiles{128, 256, 64, 64, 256, 3, 16, 1};
  std::optional<GemmPrediction> stores =
      predictGemm(dwOfTheStep(false), h200(), tiles);
  std::optional<GemmPrediction> adds =
      predictGemm(dwOfTheStep(true), h200(), tiles);
  ASSERT_TRUE(stores && adds);
  ASSERT_EQ(adds->blocksPerSM, 1);
  // The same main loop.
  EXPECT_DOUBLE_EQ(adds->computeMicros, stores->computeMicros);
  EXPECT_DOUBLE_EQ(adds->hbmMicros, stores->hbmMicros);
  // Storing C (2.1 GB of f32) goes at bandwidth after the main loop.
  const double c = 128256.0 * 4096 * 4;
  EXPECT_FALSE(stores->epilogueLatencyBound);
  EXPECT_NEAR(stores->epilogueMicros, 1e6 * c / 4.8e12, 1e-6);
  // Adding to it: 256 consumer threads of 64 bytes each, 16 KiB in flight
  // per SM, 132 x 16 KiB per 348 ns (6.2 TB/s) for the loads: still above
  // HBM's 4.8 TB/s for loads and stores together.
  EXPECT_DOUBLE_EQ(adds->epilogueBytesInFlightPerSM, 256 * 64);
  const double littleLoads = 1e6 * c * 348e-9 / (132 * 256 * 64.0);
  EXPECT_NEAR(adds->epilogueMicros, std::max(1e6 * 2 * c / 4.8e12, littleLoads),
              1e-6);
  EXPECT_NEAR(adds->micros - stores->micros,
              adds->epilogueMicros - stores->epilogueMicros, 1e-6);
  EXPECT_DOUBLE_EQ(adds->hbmBytes - stores->hbmBytes, c);
}

TEST(MemoryParallelismTest, GroupedRasterisationReadsBOncePerGroupOfRows) {
  // The two-pass forward's logits GEMM at the headline shape: h [4096,4096]
  // (32 MiB, fits in L2) and W [128256,4096] (1 GiB, does not). With
  // 128-row blocks, 32 rows of tiles are 4 groups of 8: W is read 4 times.
  GemmProblem p;
  p.m = 4096;
  p.n = 128256;
  p.k = 4096;
  p.rowElementsA = 4096;
  p.rowElementsB = 4096;
  p.bRowsAlongK = true;
  p.resultBytes = 0;
  GemmTiles tiles{128, 256, 64, 64, 256, 3, 16, 1};
  std::optional<GemmPrediction> g = predictGemm(p, h200(), tiles);
  ASSERT_TRUE(g);
  const double h = 4096.0 * 4096 * 2, w = 128256.0 * 4096 * 2;
  EXPECT_DOUBLE_EQ(g->hbmBytes, h + 4 * w);
  // Every B tile is read from L2 once per row of tiles (32), every A tile
  // once per column of tiles (501).
  EXPECT_DOUBLE_EQ(g->l2Bytes, h * 501 + w * 32);
  // Two stages of 384x64 bf16 ahead of the MMAs, one block an SM.
  EXPECT_DOUBLE_EQ(g->mainLoopBytesInFlightPerSM, 2.0 * 384 * 64 * 2);
}

} // namespace
