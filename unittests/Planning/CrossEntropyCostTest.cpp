//===- CrossEntropyCostTest.cpp - the cost model of the fused ce ops ------===//
//
// The cross-entropy cost model without IR: on the benchmark LM-head shapes
// its predictions must be sums of their terms and never beat the 1-GEMM
// (forward) or 3-GEMM (backward) floor; the chunk must follow its rules
// (multiple of 64, the default's 2% rule, the largest that a workspace
// bound holds, an error naming the smallest bound that works); the GEMMs
// must be read with the right operands; unsupported operands, overrides
// and the forward's partials must be handled as CrossEntropyCost.h says.
//
//===----------------------------------------------------------------------===//

#include "lmhead/Planning/CrossEntropyCost.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace mlir::lmhead;

namespace {

const GpuChip &sm80() { return planningChip(GpuTarget::Sm80); }
const GpuChip &sm90a() { return planningChip(GpuTarget::Sm90a); }

/// A bf16 LM head with a [V,D] weight.
CrossEntropyProblem problem(int64_t tokens, int64_t hidden, int64_t vocab,
                            bool backward) {
  CrossEntropyProblem p;
  p.backward = backward;
  p.tokens = tokens;
  p.hidden = hidden;
  p.vocab = vocab;
  return p;
}

int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

/// The sum of the terms a prediction says it is made of.
double sumOfTerms(const CrossEntropyPrediction &c) {
  return c.gemmMicros + c.partialsMicros + c.rowMicros + c.smallKernelMicros +
         c.chunkMicros;
}

TEST(CrossEntropyCostTest, ForwardOfTheBenchmarkShape) {
  for (const GpuChip *chip : {&sm80(), &sm90a()}) {
    SCOPED_TRACE(chip->targetName().str());
    CrossEntropyProblem p = problem(4096, 4096, 128256, /*backward=*/false);
    CrossEntropyPlan plan = planCrossEntropy(p, *chip);
    ASSERT_TRUE(plan) << plan.reason;
    const CrossEntropyPrediction &c = *plan.choice;
    EXPECT_FALSE(c.dh.has_value());
    EXPECT_FALSE(c.dw.has_value());
    EXPECT_EQ(c.chunk, 0);
    EXPECT_EQ(c.workspaceBytes, 0);
    EXPECT_DOUBLE_EQ(c.floorMicros,
                     1e6 * 2.0 * 4096 * 128256 * 4096 / chip->peakFlops);
    EXPECT_GE(c.micros, c.floorMicros);
    EXPECT_LE(c.micros, 1.3 * c.floorMicros);
    EXPECT_NEAR(c.micros, sumOfTerms(c), 1e-6 * c.micros);
    EXPECT_DOUBLE_EQ(c.gemmMicros, c.logitsMicros + c.expMicros);
    // One exp per logit at 16 per clock per SM.
    EXPECT_NEAR(c.expMicros,
                1e6 * 4096.0 * 128256 / (16.0 * chip->numSMs * chip->clockHz),
                1e-9 * c.expMicros);
    // 16 bytes per row and warp-column tile, written once.
    double partials = 16.0 * 4096 * ceilDiv(128256, c.logits.tiles.warpN);
    EXPECT_NEAR(c.partialsMicros, 1e6 * partials / chip->hbmBytesPerSecond,
                1e-9 * c.partialsMicros);
    // The row pass reads them again, so it takes longer than they do.
    EXPECT_GT(c.rowMicros, c.partialsMicros);
    EXPECT_TRUE(plan.chunkTimes.empty());
  }
}

TEST(CrossEntropyCostTest, ForwardTilesAreChosenWithTheirPartials) {
  CrossEntropyProblem p = problem(8192, 2304, 256000, /*backward=*/false);
  CrossEntropyCandidates candidates;
  CrossEntropyPlan plan = planCrossEntropy(p, sm80(), {}, &candidates);
  ASSERT_TRUE(plan) << plan.reason;
  ASSERT_FALSE(candidates.logits.empty());
  EXPECT_TRUE(candidates.dh.empty());
  auto score = [&](const GemmPrediction &g) {
    return g.micros + 1e6 * 16.0 * 8192 * ceilDiv(256000, g.tiles.warpN) /
                          sm80().hbmBytesPerSecond;
  };
  const CrossEntropyPrediction &c = *plan.choice;
  for (const GemmPrediction &g : candidates.logits)
    EXPECT_LE(score(c.logits), score(g) * (1 + 1e-6)) << g.tiles.str();
}

TEST(CrossEntropyCostTest, BackwardOfTheBenchmarkShape) {
  for (const GpuChip *chip : {&sm80(), &sm90a()}) {
    SCOPED_TRACE(chip->targetName().str());
    CrossEntropyProblem p = problem(4096, 4096, 128256, /*backward=*/true);
    CrossEntropyPlan plan = planCrossEntropy(p, *chip);
    ASSERT_TRUE(plan) << plan.reason;
    const CrossEntropyPrediction &c = *plan.choice;
    ASSERT_TRUE(c.dh && c.dw);
    EXPECT_EQ(c.chunk % 64, 0);
    EXPECT_GE(c.chunk, 64);
    EXPECT_LE(c.chunk, 128256 + 63);
    EXPECT_EQ(c.numChunks, ceilDiv(128256, c.chunk));
    EXPECT_EQ(c.workspaceBytes, 2 * 4096 * c.chunk * 2);
    EXPECT_EQ(c.workspaceBytes, chunkWorkspaceBytes(p, c.chunk));
    // A bounded workspace: far less than the N x V dZ.
    EXPECT_LT(c.workspaceBytes, 4096LL * 128256 * 2 / 4);
    EXPECT_DOUBLE_EQ(c.floorMicros,
                     3e6 * 2.0 * 4096 * 128256 * 4096 / chip->peakFlops);
    EXPECT_GE(c.micros, c.floorMicros);
    EXPECT_LE(c.micros, 1.3 * c.floorMicros);
    EXPECT_NEAR(c.micros, sumOfTerms(c), 1e-6 * c.micros);
    EXPECT_DOUBLE_EQ(c.chunkMicros, 5.0 * c.numChunks);
    EXPECT_DOUBLE_EQ(c.partialsMicros, 0);
    EXPECT_DOUBLE_EQ(c.rowMicros, 0);
    // The streams save time, but less than the products they overlap.
    EXPECT_GE(c.overlapMicros, 0);
    EXPECT_LT(c.overlapMicros, std::min(c.dhMicros, c.dwMicros));
    EXPECT_NEAR(c.gemmMicros + c.overlapMicros,
                c.logitsMicros + c.expMicros + c.dhMicros + c.dwMicros,
                1e-6 * c.gemmMicros);
  }
}

TEST(CrossEntropyCostTest, DefaultChunkIsTheSmallestWithinTwoPercent) {
  for (const GpuChip *chip : {&sm80(), &sm90a()}) {
    SCOPED_TRACE(chip->targetName().str());
    CrossEntropyProblem p = problem(8192, 1024, 32000, /*backward=*/true);
    CrossEntropyPlan plan = planCrossEntropy(p, *chip);
    ASSERT_TRUE(plan) << plan.reason;
    ASSERT_FALSE(plan.chunkTimes.empty());
    EXPECT_TRUE(std::is_sorted(plan.chunkTimes.begin(), plan.chunkTimes.end()));
    double best = plan.chunkTimes.front().second;
    for (auto [chunk, micros] : plan.chunkTimes) {
      EXPECT_EQ(chunk % 64, 0);
      best = std::min(best, micros);
    }
    // The largest chunk considered covers V in one chunk.
    EXPECT_EQ(plan.chunkTimes.back().first, 32000);
    const CrossEntropyPrediction &c = *plan.choice;
    EXPECT_LE(c.micros, best * (1 + kChunkTimeTolerance));
    for (auto [chunk, micros] : plan.chunkTimes) {
      if (chunk < c.chunk)
        EXPECT_GT(micros, best * (1 + kChunkTimeTolerance)) << chunk;
      if (chunk == c.chunk)
        EXPECT_DOUBLE_EQ(micros, c.micros);
    }
  }
}

TEST(CrossEntropyCostTest, EveryChunkIsAnEvenSplitOfTheVocabulary) {
  CrossEntropyProblem p = problem(2048, 512, 1000, /*backward=*/true);
  // Without pruning every split of 1000 columns would be: 1024 (1 chunk),
  // 512 (2), 384 (3), 256 (4), 192 (6), 128 (8), 64 (16).
  CrossEntropyPlan plan = planCrossEntropy(p, sm80());
  ASSERT_TRUE(plan) << plan.reason;
  for (auto [chunk, micros] : plan.chunkTimes) {
    int64_t chunks = ceilDiv(1000, chunk);
    EXPECT_EQ(chunk, (ceilDiv(1000, chunks) + 63) / 64 * 64) << chunk;
  }
  EXPECT_EQ(plan.chunkTimes.back().first, 1024);
}

TEST(CrossEntropyCostTest, AWorkspaceBoundGivesTheLargestChunkItHolds) {
  CrossEntropyProblem p = problem(4096, 2048, 32000, /*backward=*/true);
  // Two buffers of 4096 x 3000 bf16 would be 49152000 bytes: 2944 columns
  // (the largest multiple of 64 below 3000) fit.
  p.workspaceBytes = 49152000;
  CrossEntropyPlan plan = planCrossEntropy(p, sm80());
  ASSERT_TRUE(plan) << plan.reason;
  EXPECT_EQ(plan.choice->chunk, 2944);
  EXPECT_EQ(plan.choice->numChunks, 11);
  EXPECT_EQ(plan.choice->workspaceBytes, 2 * 4096 * 2944 * 2);
  EXPECT_LE(plan.choice->workspaceBytes, p.workspaceBytes);
  ASSERT_EQ(plan.chunkTimes.size(), 1u);
  EXPECT_EQ(plan.chunkTimes.front().first, 2944);

  // Exactly 64 columns.
  p.workspaceBytes = 2 * 4096 * 64 * 2;
  plan = planCrossEntropy(p, sm80());
  ASSERT_TRUE(plan) << plan.reason;
  EXPECT_EQ(plan.choice->chunk, 64);
  EXPECT_EQ(plan.choice->numChunks, 500);

  // More than V needs: one chunk of V rounded up to 64.
  p.workspaceBytes = int64_t(1) << 40;
  plan = planCrossEntropy(p, sm80());
  ASSERT_TRUE(plan) << plan.reason;
  EXPECT_EQ(plan.choice->chunk, 32000);
  EXPECT_EQ(plan.choice->numChunks, 1);
  p.vocab = 32001;
  plan = planCrossEntropy(p, sm80());
  ASSERT_TRUE(plan) << plan.reason;
  EXPECT_EQ(plan.choice->chunk, 32064);
}

TEST(CrossEntropyCostTest, TooSmallAWorkspaceNamesTheSmallestThatWorks) {
  CrossEntropyProblem p = problem(1024, 512, 32000, /*backward=*/true);
  p.workspaceBytes = 2 * 1024 * 64 * 2 - 1;
  CrossEntropyPlan plan = planCrossEntropy(p, sm90a());
  EXPECT_FALSE(plan);
  EXPECT_EQ(plan.failure, CrossEntropyPlan::Failure::WorkspaceTooSmall);
  EXPECT_EQ(plan.minWorkspaceBytes, 262144);
  EXPECT_EQ(plan.reason,
            "a workspace of 262143 bytes cannot hold two chunks of 64 "
            "vocabulary columns (2 x 1024 tokens x 64 x 2 bytes); the "
            "smallest that works is 262144 bytes");
}

TEST(CrossEntropyCostTest, ARaggedLastChunkIsPredictedAsItIs) {
  CrossEntropyProblem p = problem(4096, 1024, 1000, /*backward=*/true);
  p.workspaceBytes = 2 * 4096 * 256 * 2;
  CrossEntropyPlan plan = planCrossEntropy(p, sm80());
  ASSERT_TRUE(plan) << plan.reason;
  EXPECT_EQ(plan.choice->chunk, 256);
  EXPECT_EQ(plan.choice->numChunks, 4);
  // The three full chunks and the 232-column last one cost less than four
  // full chunks would.
  CrossEntropyProblem even = p;
  even.vocab = 1024;
  CrossEntropyPlan evenPlan = planCrossEntropy(even, sm80());
  ASSERT_TRUE(evenPlan) << evenPlan.reason;
  EXPECT_EQ(evenPlan.choice->numChunks, 4);
  EXPECT_LT(plan.choice->micros, evenPlan.choice->micros);
}

TEST(CrossEntropyCostTest, GemmsReadTheirOperandsAsTheKernelsDo) {
  CrossEntropyProblem p = problem(4096, 2048, 32000, /*backward=*/true);
  GemmProblem logits = crossEntropyLogitsGemm(p, 1024);
  EXPECT_EQ(logits.m, 4096);
  EXPECT_EQ(logits.n, 1024);
  EXPECT_EQ(logits.k, 2048);
  EXPECT_EQ(logits.resultBytes, 2); // dZ_c, in the operand type
  EXPECT_TRUE(logits.aRowsAlongK);
  EXPECT_TRUE(logits.bRowsAlongK); // W [V,D]
  EXPECT_EQ(logits.rowElementsB, 2048);

  GemmProblem dh = crossEntropyDhGemm(p, 1000, 1024);
  EXPECT_EQ(dh.m, 4096);
  EXPECT_EQ(dh.n, 2048);
  EXPECT_EQ(dh.k, 1000);
  EXPECT_EQ(dh.resultBytes, 4);     // the f32 dh buffer
  EXPECT_EQ(dh.rowElementsA, 1024); // the workspace's rows
  EXPECT_TRUE(dh.aRowsAlongK);
  EXPECT_FALSE(dh.bRowsAlongK);

  GemmProblem dw = crossEntropyDwGemm(p, 1000, 1024);
  EXPECT_EQ(dw.m, 1000);
  EXPECT_EQ(dw.n, 2048);
  EXPECT_EQ(dw.k, 4096);
  EXPECT_EQ(dw.rowElementsA, 1024);
  EXPECT_FALSE(dw.aRowsAlongK);
  EXPECT_FALSE(dw.bRowsAlongK);

  // [D,V]: W's rows are V long and run along N of the logits, along K of
  // dh; dW_c^T = h^T * dZ_c.
  p.weightVD = false;
  logits = crossEntropyLogitsGemm(p, 1024);
  EXPECT_FALSE(logits.bRowsAlongK);
  EXPECT_EQ(logits.rowElementsB, 32000);
  dh = crossEntropyDhGemm(p, 1024, 1024);
  EXPECT_TRUE(dh.bRowsAlongK);
  EXPECT_EQ(dh.rowElementsB, 32000);
  dw = crossEntropyDwGemm(p, 1024, 1024);
  EXPECT_EQ(dw.m, 2048);
  EXPECT_EQ(dw.n, 1024);
  EXPECT_EQ(dw.nameA, "h");
  EXPECT_EQ(dw.nameB, "dZ");

  // The forward stores no logits.
  p.backward = false;
  EXPECT_EQ(crossEntropyLogitsGemm(p, 32000).resultBytes, 0);
  EXPECT_DOUBLE_EQ(
      3 * crossEntropyFloorMicros(p, sm80()),
      crossEntropyFloorMicros(problem(4096, 2048, 32000, true), sm80()));
}

TEST(CrossEntropyCostTest, TheCallersOperandsMustSuitTheKernels) {
  for (bool backward : {false, true}) {
    CrossEntropyProblem f32 = problem(1024, 512, 32000, backward);
    f32.elementBytes = 4;
    CrossEntropyPlan plan = planCrossEntropy(f32, sm80());
    EXPECT_EQ(plan.failure, CrossEntropyPlan::Failure::Unsupported);
    EXPECT_NE(plan.reason.find("f32 operands"), std::string::npos)
        << plan.reason;
  }
}

TEST(CrossEntropyCostTest, RowsOfAnyLengthGetNarrowerCopies) {
  for (bool backward : {false, true}) {
    // Rows of h and W of 101 bf16: every GEMM that reads them loads
    // elements; dZ's workspace rows are a multiple of 64 columns.
    CrossEntropyProblem oddRows = problem(1024, 101, 32000, backward);
    CrossEntropyPlan plan = planCrossEntropy(oddRows, sm80());
    ASSERT_TRUE(plan) << plan.reason;
    EXPECT_EQ(plan.choice->logits.tiles.copyBytes, 2);
    if (backward) {
      EXPECT_EQ(plan.choice->dh->tiles.copyBytes, 2);
      EXPECT_EQ(plan.choice->dw->tiles.copyBytes, 2);
    }

    // A [D,V] weight's rows are V long: the logits and dh GEMMs read them,
    // dW^T = h^T * dZ does not.
    CrossEntropyProblem oddVocab = problem(1024, 512, 32001, backward);
    oddVocab.weightVD = false;
    plan = planCrossEntropy(oddVocab, sm80());
    ASSERT_TRUE(plan) << plan.reason;
    EXPECT_EQ(plan.choice->logits.tiles.copyBytes, 2);
    if (backward) {
      EXPECT_EQ(plan.choice->dh->tiles.copyBytes, 2);
      EXPECT_EQ(plan.choice->dw->tiles.copyBytes, 16);
    }
    // In [V,D] an odd V is only a ragged edge.
    oddVocab.weightVD = true;
    plan = planCrossEntropy(oddVocab, sm80());
    ASSERT_TRUE(plan) << plan.reason;
    EXPECT_EQ(plan.choice->logits.tiles.copyBytes, 16);

    // TMA needs 16-byte rows: on sm_90a, rows of 200 bytes make every GEMM
    // that reads them an sm_80 kernel with 8-byte cp.async copies, and the
    // prediction is slower than with 16-byte rows.
    CrossEntropyProblem narrow = problem(1024, 100, 32000, backward);
    plan = planCrossEntropy(narrow, sm90a());
    ASSERT_TRUE(plan) << plan.reason;
    EXPECT_EQ(plan.choice->logits.kernel, GpuTarget::Sm80);
    EXPECT_EQ(plan.choice->logits.tiles.copyBytes, 8);
    if (backward) {
      EXPECT_EQ(plan.choice->dh->kernel, GpuTarget::Sm80);
      EXPECT_EQ(plan.choice->dw->kernel, GpuTarget::Sm80);
    }
    // At a size where the GEMMs dominate, rows of 2008 bytes (sm_80
    // kernels) are predicted slower than slightly longer rows of 2016.
    CrossEntropyPlan unaligned =
        planCrossEntropy(problem(4096, 1004, 32000, backward), sm90a());
    CrossEntropyPlan aligned =
        planCrossEntropy(problem(4096, 1008, 32000, backward), sm90a());
    ASSERT_TRUE(unaligned && aligned);
    EXPECT_EQ(unaligned.choice->logits.kernel, GpuTarget::Sm80);
    EXPECT_EQ(aligned.choice->logits.kernel, GpuTarget::Sm90a);
    EXPECT_GT(unaligned.choice->micros, aligned.choice->micros);
  }
}

TEST(CrossEntropyCostTest, OverridesApplyToEveryGemm) {
  CrossEntropyProblem p = problem(4096, 1024, 32000, /*backward=*/true);
  GemmTiles overrides;
  overrides.blockM = 64;
  overrides.stages = 3;
  CrossEntropyCandidates candidates;
  CrossEntropyPlan plan = planCrossEntropy(p, sm80(), overrides, &candidates);
  ASSERT_TRUE(plan) << plan.reason;
  for (const GemmTiles &t : {plan.choice->logits.tiles, plan.choice->dh->tiles,
                             plan.choice->dw->tiles}) {
    EXPECT_EQ(t.blockM, 64) << t.str();
    EXPECT_EQ(t.stages, 3) << t.str();
  }
  for (const auto *list :
       {&candidates.logits, &candidates.dh, &candidates.dw}) {
    EXPECT_FALSE(list->empty());
    for (const GemmPrediction &g : *list)
      EXPECT_EQ(g.tiles.blockM, 64);
  }
  // The chosen configurations are among the listed ones.
  auto listed = [](const std::vector<GemmPrediction> &list,
                   const GemmTiles &t) {
    return std::any_of(list.begin(), list.end(),
                       [&](const GemmPrediction &g) { return g.tiles == t; });
  };
  EXPECT_TRUE(listed(candidates.logits, plan.choice->logits.tiles));
  EXPECT_TRUE(listed(candidates.dh, plan.choice->dh->tiles));
  EXPECT_TRUE(listed(candidates.dw, plan.choice->dw->tiles));

  GemmTiles tooDeep;
  tooDeep.stages = 6;
  plan = planCrossEntropy(p, sm80(), tooDeep);
  EXPECT_EQ(plan.failure, CrossEntropyPlan::Failure::NoValidConfig);
  EXPECT_EQ(plan.reason, "logits z = h*W^T: no sm_80 kernel configuration "
                         "with stages=6 fits: stages must be 2..5 on sm_80, "
                         "got 6");
}

TEST(CrossEntropyCostTest, SmallKernelsFollowTheirBytes) {
  CrossEntropyProblem p = problem(4096, 1024, 32000, /*backward=*/true);
  p.workspaceBytes = 2 * 4096 * 4096 * 2;
  CrossEntropyPlan plain = planCrossEntropy(p, sm80());
  p.biasGradient = true;
  CrossEntropyPlan withDb = planCrossEntropy(p, sm80());
  p.accumulateDh = true;
  CrossEntropyPlan accumulated = planCrossEntropy(p, sm80());
  ASSERT_TRUE(plain && withDb && accumulated);
  // db reads every chunk of dZ once and takes a launch per chunk. A chunk
  // of 4096 columns is 64 blocks of 256 threads (64 columns each), each
  // thread keeping four 16-byte vectors in flight: 1 MiB in flight on 64
  // SMs sustains 1 MiB per 392 ns, 2.7 TB/s, above the A100's HBM, so the
  // sums run at bandwidth (dZ read, db's f32 sums written).
  ASSERT_EQ(plain.choice->chunk, 4096);
  EXPECT_NEAR(
      withDb.choice->smallKernelMicros - plain.choice->smallKernelMicros,
      2.0 * plain.choice->numChunks +
          1e6 * (4096.0 * 32000 * 2 + 4.0 * 32000) / sm80().hbmBytesPerSecond,
      1e-6);
  // dh_acc is read by the final cast.
  EXPECT_NEAR(accumulated.choice->smallKernelMicros -
                  withDb.choice->smallKernelMicros,
              1e6 * 4096.0 * 1024 * 2 / sm80().hbmBytesPerSecond, 1e-9);
  EXPECT_EQ(plain.choice->chunk, withDb.choice->chunk);
}

} // namespace

TEST(CrossEntropyCostTest, ABiasNarrowsTheForwardsWarpgroupTiles) {
  CrossEntropyProblem p = problem(4096, 4096, 128256, /*backward=*/false);
  CrossEntropyCandidates unbiased;
  ASSERT_TRUE(planCrossEntropy(p, sm90a(), {}, &unbiased));
  auto widest = [](const std::vector<GemmPrediction> &configs) {
    int64_t widest = 0;
    for (const GemmPrediction &g : configs)
      widest = std::max(widest, g.tiles.warpN);
    return widest;
  };
  EXPECT_GT(widest(unbiased.logits), kMaxBiasedWarpgroupN);

  p.bias = true;
  CrossEntropyCandidates biased;
  CrossEntropyPlan plan = planCrossEntropy(p, sm90a(), {}, &biased);
  ASSERT_TRUE(plan) << plan.reason;
  EXPECT_LE(plan.choice->logits.tiles.warpN, kMaxBiasedWarpgroupN);
  EXPECT_FALSE(biased.logits.empty());
  EXPECT_LE(widest(biased.logits), kMaxBiasedWarpgroupN);

  // Forcing a wider tile leaves no configuration, and says why.
  GemmTiles wide;
  wide.warpN = 256;
  plan = planCrossEntropy(p, sm90a(), wide);
  EXPECT_EQ(plan.failure, CrossEntropyPlan::Failure::NoValidConfig);
  EXPECT_NE(plan.reason.find(
                "with a bias, a consumer warpgroup's tile is at most 128"),
            std::string::npos)
      << plan.reason;

  // sm_80's warp tiles (at most 64 wide) are not limited by a bias.
  EXPECT_TRUE(planCrossEntropy(p, sm80()));
}

TEST(CrossEntropyCostTest, OneConsumerWarpgroupHoldsAtMost192Columns) {
  GemmTiles tiles;
  tiles.blockM = 64;
  tiles.warpM = 64;
  tiles.blockN = tiles.warpN = 256;
  EXPECT_TRUE(forwardEpilogueLimit(tiles, GpuTarget::Sm90a, /*bias=*/false));
  tiles.blockN = tiles.warpN = 192;
  EXPECT_EQ(forwardEpilogueLimit(tiles, GpuTarget::Sm90a, false), std::nullopt);
  // Two consumer warpgroups of 64x256 fit; so do sm_80 tiles of several
  // warps.
  tiles.blockM = 128;
  tiles.blockN = tiles.warpN = 256;
  EXPECT_EQ(forwardEpilogueLimit(tiles, GpuTarget::Sm90a, false), std::nullopt);
  EXPECT_EQ(forwardEpilogueLimit(tiles, GpuTarget::Sm80, true), std::nullopt);
  // Storing the logits too (ce_linear_step), a warpgroup holds 128 columns.
  EXPECT_TRUE(forwardEpilogueLimit(tiles, GpuTarget::Sm90a, false,
                                   /*storesLogits=*/true));
  tiles.blockN = tiles.warpN = 128;
  EXPECT_EQ(forwardEpilogueLimit(tiles, GpuTarget::Sm90a, false, true),
            std::nullopt);
  tiles.blockN = tiles.warpN = 256;

  // On sm_80 a one-warp block of 64x64 takes a K step of 32, not 64.
  tiles.blockM = tiles.warpM = 64;
  tiles.blockN = tiles.warpN = 64;
  tiles.blockK = 64;
  EXPECT_TRUE(forwardEpilogueLimit(tiles, GpuTarget::Sm80, false));
  tiles.blockK = 32;
  EXPECT_EQ(forwardEpilogueLimit(tiles, GpuTarget::Sm80, false), std::nullopt);
  tiles.blockK = 64;
  tiles.blockM = 128;
  EXPECT_EQ(forwardEpilogueLimit(tiles, GpuTarget::Sm80, false), std::nullopt);
  // Element copies take a K step of 32.
  tiles.copyBytes = 2;
  EXPECT_TRUE(forwardEpilogueLimit(tiles, GpuTarget::Sm80, false));
  tiles.blockK = 32;
  EXPECT_EQ(forwardEpilogueLimit(tiles, GpuTarget::Sm80, false), std::nullopt);

  CrossEntropyCandidates candidates;
  ASSERT_TRUE(planCrossEntropy(problem(1000, 1000, 32000, false), sm90a(), {},
                               &candidates));
  for (const GemmPrediction &g : candidates.logits)
    EXPECT_FALSE(g.tiles.blockM == g.tiles.warpM &&
                 g.tiles.warpN > kMaxSingleWarpgroupN)
        << g.tiles.str();
}
