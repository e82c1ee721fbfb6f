//===- OnePassCostTest.cpp - the one-pass training step's cost model ------===//
//
// The one-pass step's cost model without IR: on the benchmark LM-head
// shapes its predictions must be sums of their terms, never beat the floor
// of three GEMMs, and beat the two ops' own plans (four GEMMs of work); the
// token chunk must follow its rules (a multiple of 128 rows or all of N,
// the default's 2% rule, the largest that a workspace bound holds, an error
// naming the smallest bound that works); the GEMMs must be read with the
// right operands.
//
//===----------------------------------------------------------------------===//

#include "lmhead/Planning/OnePassCost.h"

#include <gtest/gtest.h>

using namespace mlir::lmhead;

namespace {

const GpuChip &sm80() { return planningChip(GpuTarget::Sm80); }
const GpuChip &sm90a() { return planningChip(GpuTarget::Sm90a); }

/// A bf16 LM head with a [V,D] weight; dh bf16, dW f32.
CrossEntropyProblem problem(int64_t tokens, int64_t hidden, int64_t vocab) {
  CrossEntropyProblem p;
  p.backward = true;
  p.tokens = tokens;
  p.hidden = hidden;
  p.vocab = vocab;
  return p;
}

double sumOfTerms(const OnePassPrediction &c) {
  return c.gemmMicros + c.smallKernelMicros + c.chunkMicros;
}

/// The two ops alone: the forward's and the backward's predictions.
double twoPassMicros(CrossEntropyProblem p, const GpuChip &chip) {
  p.backward = false;
  CrossEntropyPlan forward = planCrossEntropy(p, chip);
  p.backward = true;
  CrossEntropyPlan backward = planCrossEntropy(p, chip);
  EXPECT_TRUE(forward && backward);
  return forward.choice->micros + backward.choice->micros;
}

TEST(OnePassCostTest, BenchmarkShapesAreAboveTheFloorAndBelowTwoPasses) {
  const std::array<std::array<int64_t, 3>, 4> shapes = {
      {{4096, 4096, 128256},
       {8192, 4096, 128256},
       {8192, 2304, 256000},
       {16384, 2048, 248320}}};
  for (const GpuChip *chip : {&sm80(), &sm90a()}) {
    for (auto [n, d, v] : shapes) {
      CrossEntropyProblem p = problem(n, d, v);
      OnePassPlan plan = planOnePassStep(p, *chip);
      ASSERT_TRUE(plan) << plan.reason;
      const OnePassPrediction &c = *plan.choice;
      EXPECT_NEAR(c.micros, sumOfTerms(c), 1e-6 * c.micros);
      EXPECT_GT(c.micros, c.floorMicros);
      EXPECT_LT(c.micros, twoPassMicros(p, *chip))
          << chip->name.str() << " " << n << "x" << d << "x" << v;
      EXPECT_EQ(c.floorMicros,
                3 * floorMicros(crossEntropyLogitsGemm(p, v), *chip));
      EXPECT_TRUE(c.rows == n || c.rows % kTokenChunkAlignment == 0) << c.rows;
      EXPECT_EQ(c.numChunks, (n + c.rows - 1) / c.rows);
      EXPECT_EQ(c.workspaceBytes, onePassWorkspaceBytes(p, c.rows));
      EXPECT_GE(c.overlapMicros, 0.0);
    }
  }
}

TEST(OnePassCostTest, TheLogitsTilesFitTheEpilogueThatStoresThem) {
  // The logits GEMM stores its logits beside the partials: on sm_90a a
  // warpgroup tile of at most 128 columns (forwardEpilogueLimit).
  for (bool bias : {false, true}) {
    CrossEntropyProblem p = problem(4096, 4096, 128256);
    p.bias = bias;
    OnePassPlan plan = planOnePassStep(p, sm90a());
    ASSERT_TRUE(plan) << plan.reason;
    const OnePassPrediction &c = *plan.choice;
    EXPECT_EQ(forwardEpilogueLimit(c.logits.tiles, c.logits.kernel, bias,
                                   /*storesLogits=*/true),
              std::nullopt);
    EXPECT_LE(c.logits.tiles.warpN, kMaxBiasedWarpgroupN);
  }
}

TEST(OnePassCostTest, TheDefaultIsTheSmallestWorkspaceWithin2Percent) {
  CrossEntropyProblem p = problem(4096, 4096, 128256);
  OnePassPlan plan = planOnePassStep(p, sm90a());
  ASSERT_TRUE(plan) << plan.reason;
  double fastest = plan.chunkTimes.front().second;
  for (auto [rows, micros] : plan.chunkTimes)
    fastest = std::min(fastest, micros);
  EXPECT_LE(plan.choice->micros, fastest * (1 + kChunkTimeTolerance));
  for (auto [rows, micros] : plan.chunkTimes)
    if (rows < plan.choice->rows)
      EXPECT_GT(micros, fastest * (1 + kChunkTimeTolerance)) << rows;
}

TEST(OnePassCostTest, AWorkspaceBoundGetsTheLargestChunkItHolds) {
  CrossEntropyProblem p = problem(4096, 4096, 128256);
  // A quarter of the bf16 logits.
  int64_t logits = 4096LL * 128256 * 2;
  p.workspaceBytes = logits / 4;
  p.dwResultBytes = 4;
  OnePassPlan plan = planOnePassStep(p, sm90a());
  ASSERT_TRUE(plan) << plan.reason;
  int64_t rows = plan.choice->rows;
  EXPECT_LE(onePassWorkspaceBytes(p, rows), p.workspaceBytes);
  EXPECT_GT(onePassWorkspaceBytes(p, rows + kTokenChunkAlignment),
            p.workspaceBytes);
  EXPECT_EQ(plan.chunkTimes.size(), 1u);

  // The f32 accumulator of a bf16 dW is O(V*D), like the results, and
  // outside the bound: the bound is the logits' chunk buffers.
  p.dwResultBytes = 2;
  EXPECT_EQ(onePassWorkspaceBytes(p, rows),
            onePassWorkspaceBytes(problem(4096, 4096, 128256), rows));

  p.workspaceBytes = 1000;
  plan = planOnePassStep(p, sm90a());
  EXPECT_EQ(plan.failure, OnePassPlan::Failure::WorkspaceTooSmall);
  EXPECT_EQ(plan.minWorkspaceBytes,
            onePassWorkspaceBytes(p, kTokenChunkAlignment));
  EXPECT_NE(plan.reason.find("the smallest that works is"), std::string::npos)
      << plan.reason;
}

TEST(OnePassCostTest, TheGemmsReadTheirOperandsRowsAsStored) {
  CrossEntropyProblem p = problem(4096, 1000, 50257);
  GemmProblem dh = onePassDhGemm(p, 512);
  EXPECT_EQ(dh.m, 512);
  EXPECT_EQ(dh.n, 1000);
  EXPECT_EQ(dh.k, 50257);
  EXPECT_EQ(dh.rowElementsA, 50304); // the chunk buffer's padded rows
  EXPECT_TRUE(dh.aRowsAlongK);
  EXPECT_EQ(dh.rowElementsB, 1000);
  EXPECT_FALSE(dh.bRowsAlongK);
  GemmProblem dw = onePassDwGemm(p, 512);
  EXPECT_EQ(dw.m, 50257);
  EXPECT_EQ(dw.n, 1000);
  EXPECT_EQ(dw.k, 512);
  EXPECT_EQ(dw.resultBytes, 4);

  // A [D,V] weight: W's rows are V long, read along K by dh; dW^T = h^T*dZ.
  p.weightVD = false;
  dh = onePassDhGemm(p, 512);
  EXPECT_EQ(dh.rowElementsB, 50257);
  EXPECT_TRUE(dh.bRowsAlongK);
  dw = onePassDwGemm(p, 512);
  EXPECT_EQ(dw.m, 1000);
  EXPECT_EQ(dw.n, 50257);
  EXPECT_EQ(dw.nameA, "h");
  // GPT-2's odd V: the logits and dh GEMMs read W's odd rows element by
  // element, and the step is still planned.
  OnePassPlan plan = planOnePassStep(p, sm80());
  ASSERT_TRUE(plan) << plan.reason;
  EXPECT_EQ(plan.choice->logits.tiles.copyBytes, 2);
}

TEST(OnePassCostTest, F32OperandsAreNotPlanned) {
  CrossEntropyProblem p = problem(4096, 1024, 32000);
  p.elementBytes = 4;
  OnePassPlan plan = planOnePassStep(p, sm80());
  EXPECT_EQ(plan.failure, OnePassPlan::Failure::Unsupported);
  EXPECT_NE(plan.reason.find("f32 operands"), std::string::npos);
}

} // namespace
