//===- CostModelTest.cpp - the GEMM cost model of --lmhead-plan -----------===//
//
// The cost model without IR: on the benchmark LM-head shapes it must choose
// configurations the kernel generator can build and the GPU can hold, and
// predict times no faster than the tensor-core floor and not far above it;
// it must derive the copy width from the operands' rows and bases (down to
// element copies for rows of odd length, which on sm_90a take the sm_80
// kernel), refuse what the kernels cannot do with a reason, honour
// overrides, and count waves and padding.
//
//===----------------------------------------------------------------------===//

#include "lmhead/Planning/CostModel.h"
#include "lmhead/Planning/MemoryParallelism.h"

#include <gtest/gtest.h>

using namespace mlir::lmhead;

namespace {

/// An LM-head shape: tokens N, hidden D, vocabulary V.
struct Shape {
  int64_t tokens, hidden, vocab;
};

constexpr Shape kBenchmarkShapes[] = {{4096, 4096, 128256},
                                      {8192, 4096, 128256},
                                      {8192, 2304, 256000},
                                      {16384, 2048, 248320}};

/// dh = dZ·W for a [V,D] weight: dZ's rows run along K = V, W's along N = D.
GemmProblem dhProblem(Shape s, int64_t elementBytes = 2) {
  GemmProblem p;
  p.m = s.tokens;
  p.n = s.hidden;
  p.k = s.vocab;
  p.elementBytes = elementBytes;
  p.rowElementsA = s.vocab;
  p.aRowsAlongK = true;
  p.rowElementsB = s.hidden;
  p.bRowsAlongK = false;
  p.nameA = "dZ";
  p.nameB = "W";
  return p;
}

/// dW = dZᵀ·h: K = N is the storage row index of both operands.
GemmProblem dwProblem(Shape s, int64_t elementBytes = 2) {
  GemmProblem p;
  p.m = s.vocab;
  p.n = s.hidden;
  p.k = s.tokens;
  p.elementBytes = elementBytes;
  p.rowElementsA = s.vocab;
  p.aRowsAlongK = false;
  p.rowElementsB = s.hidden;
  p.bRowsAlongK = false;
  p.nameA = "dZ";
  p.nameB = "h";
  return p;
}

/// The GPU `--lmhead-plan` plans the target called `name` for.
const GpuChip &target(llvm::StringRef name) {
  std::optional<GpuTarget> t = symbolizeGpuTarget(name);
  EXPECT_TRUE(t.has_value()) << name.str();
  return planningChip(t.value_or(GpuTarget::Sm80));
}

/// Checks the generator's constraints and the target's limits on `pred`
/// directly, not through the model's own checks.
void expectBuildableAndFits(const GemmPrediction &pred, const GpuChip &gpu,
                            const GemmProblem &p) {
  const GemmTiles &t = pred.tiles;
  SCOPED_TRACE(gpu.targetName().str() + ": " + t.str());
  EXPECT_EQ(t.blockM % t.warpM, 0);
  EXPECT_EQ(t.blockN % t.warpN, 0);
  EXPECT_EQ(t.warpN % 16, 0);
  EXPECT_EQ(t.blockK % 16, 0);
  EXPECT_EQ(t.copyBytes, 16);
  EXPECT_EQ(t.swizzle, 1);
  int64_t warpTiles = (t.blockM / t.warpM) * (t.blockN / t.warpN);
  if (gpu.warpgroupMma()) {
    EXPECT_EQ(t.warpM % 64, 0);
    EXPECT_GE(t.warpN, 64);
    EXPECT_LE(t.warpN, 256);
    EXPECT_EQ(t.blockK, 64);
    EXPECT_EQ(t.warpN, t.blockN);
    EXPECT_LE(t.warpM * t.warpN / 128, 128); // accumulators per thread
    EXPECT_TRUE(warpTiles == 1 || warpTiles == 2) << warpTiles;
    EXPECT_GE(t.stages, 2);
    EXPECT_LE(t.stages, 6);
  } else {
    EXPECT_EQ(t.warpM % 16, 0);
    EXPECT_TRUE(t.blockK == 32 || t.blockK == 64) << t.blockK;
    EXPECT_TRUE(warpTiles == 1 || warpTiles == 2 || warpTiles == 4 ||
                warpTiles == 8)
        << warpTiles;
    EXPECT_GE(t.stages, 2);
    EXPECT_LE(t.stages, 5);
    int64_t threads = warpTiles * 32;
    EXPECT_EQ(t.blockM * t.blockK * p.elementBytes / t.copyBytes % threads, 0);
    EXPECT_EQ(t.blockK * t.blockN * p.elementBytes / t.copyBytes % threads, 0);
  }
  // sm_90a kernels align their stages with 1 KiB more.
  int64_t shared =
      t.stages * (t.blockM * t.blockK + t.blockK * t.blockN) * p.elementBytes +
      (gpu.warpgroupMma() ? 1024 : 0);
  EXPECT_EQ(pred.sharedBytes, shared);
  EXPECT_LE(shared, gpu.sharedBytesPerBlock);
  EXPECT_LE(pred.registersPerThread, 232);
  EXPECT_GE(pred.blocksPerSM, 1);
}

TEST(CostModelTest, TargetsHaveTheirFigures) {
  const GpuChip &a100 = target("sm_80"), &h200 = target("sm_90a");
  EXPECT_EQ(a100.numSMs, 108);
  EXPECT_EQ(a100.sharedBytesPerBlock, 163 * 1024);
  EXPECT_DOUBLE_EQ(a100.peakFlops, 312e12);
  EXPECT_EQ(h200.numSMs, 132);
  EXPECT_EQ(h200.sharedBytesPerBlock, 227 * 1024);
  EXPECT_DOUBLE_EQ(h200.hbmBytesPerSecond, 4.8e12);
  EXPECT_FALSE(symbolizeGpuTarget("sm_75").has_value());
}

TEST(CostModelTest, BenchmarkShapesGetBuildableConfigsNearTheFloor) {
  for (llvm::StringRef name : {"sm_80", "sm_90a"}) {
    const GpuChip &gpu = target(name);
    for (Shape s : kBenchmarkShapes) {
      for (GemmProblem p : {dhProblem(s), dwProblem(s)}) {
        SCOPED_TRACE(name.str() + " M=" + std::to_string(p.m) +
                     " N=" + std::to_string(p.n) + " K=" + std::to_string(p.k));
        GemmPlan plan = planGemm(p, gpu);
        ASSERT_TRUE(plan) << plan.reason;
        EXPECT_GT(plan.validCandidates, 1);
        expectBuildableAndFits(*plan.choice, gpu, p);
        double floor = floorMicros(p, gpu);
        EXPECT_GE(plan.choice->micros, floor);
        EXPECT_LE(plan.choice->micros, 1.6 * floor);
        // These shapes are far above DRAM's ridge point. Against L2's
        // measured bandwidth (no multicast: every block reads its own
        // operand tiles) the narrower sm_90a tiles come near the tensor
        // cores' time, but never set it by more than a few per cent.
        EXPECT_GT(plan.choice->computeMicros, plan.choice->hbmMicros);
        EXPECT_LT(plan.choice->l2Micros, 1.05 * plan.choice->computeMicros);
      }
    }
  }
}

TEST(CostModelTest, CopyWidthFollowsTheRowsOfTheOperands) {
  const GpuChip &gpu = target("sm_80");
  // 200 bf16 = 400 bytes, a multiple of 16.
  GemmPlan wide = planGemm(dhProblem({1000, 200, 32000}), gpu);
  ASSERT_TRUE(wide) << wide.reason;
  EXPECT_EQ(wide.choice->tiles.copyBytes, 16);
  expectBuildableAndFits(*wide.choice, gpu, dhProblem({1000, 200, 32000}));
  // 100 bf16 = 200 bytes: 8 divides it, 16 does not.
  GemmPlan narrow = planGemm(dhProblem({1000, 100, 32000}), gpu);
  ASSERT_TRUE(narrow) << narrow.reason;
  EXPECT_EQ(narrow.choice->tiles.copyBytes, 8);
  EXPECT_EQ(
      planGemm(dwProblem({1000, 100, 32000}), gpu).choice->tiles.copyBytes, 8);
  // 101 bf16 = 202 bytes: not even 4-byte cp.async, so element copies.
  GemmProblem oddRows = dhProblem({1000, 101, 32000});
  std::string limit;
  EXPECT_EQ(widestCopyBytes(oddRows, &limit), 2);
  EXPECT_EQ(limit, "the rows of W are 101 elements of 2 bytes = 202 bytes, "
                   "not a multiple of 4");
  GemmPlan odd = planGemm(oddRows, gpu);
  ASSERT_TRUE(odd) << odd.reason;
  EXPECT_EQ(odd.choice->tiles.copyBytes, 2);
  EXPECT_EQ(odd.choice->kernel, GpuTarget::Sm80);
  // TMA needs 16-byte rows: on sm_90a the 8-byte rows take the sm_80
  // kernel, with 8-byte cp.async.
  GemmPlan tma = planGemm(dhProblem({1000, 100, 32000}), target("sm_90a"));
  ASSERT_TRUE(tma) << tma.reason;
  EXPECT_EQ(tma.choice->kernel, GpuTarget::Sm80);
  EXPECT_EQ(tma.choice->tiles.copyBytes, 8);
  EXPECT_EQ(
      planGemm(dhProblem({1000, 128, 32000}), target("sm_90a")).choice->kernel,
      GpuTarget::Sm90a);
}

/// Checks `pred` against the sm_80 kernel's rules, whatever the chip.
void expectSm80Kernel(const GemmPrediction &pred, const GpuChip &gpu,
                      const GemmProblem &p) {
  const GemmTiles &t = pred.tiles;
  SCOPED_TRACE(gpu.targetName().str() + ": " + t.str());
  EXPECT_EQ(pred.kernel, GpuTarget::Sm80);
  EXPECT_EQ(t.warpM % 16, 0);
  EXPECT_EQ(t.warpN % 16, 0);
  EXPECT_TRUE(t.blockK == 32 || t.blockK == 64) << t.blockK;
  EXPECT_LE(t.stages, 5);
  int64_t threads = t.numWarpTiles() * 32;
  EXPECT_EQ(pred.threads, threads);
  // Element copies are shared out in 16-byte groups.
  EXPECT_EQ(t.blockM * t.blockK * p.elementBytes / t.copyUnitBytes() % threads,
            0);
  EXPECT_EQ(t.blockK * t.blockN * p.elementBytes / t.copyUnitBytes() % threads,
            0);
  EXPECT_EQ(pred.sharedBytes,
            t.stages * (t.blockM + t.blockN) * t.blockK * p.elementBytes);
  EXPECT_LE(pred.sharedBytes, gpu.sharedBytesPerBlock);
  EXPECT_GE(pred.micros, floorMicros(p, gpu));
}

TEST(CostModelTest, OddVocabulariesGetElementCopies) {
  // GPT-2: V = 50257, so every row of dZ [N,V] is 2-byte aligned only.
  Shape gpt2 = {8192, 768, 50257};
  for (llvm::StringRef name : {"sm_80", "sm_90a"}) {
    const GpuChip &gpu = target(name);
    for (GemmProblem p : {dhProblem(gpt2), dwProblem(gpt2)}) {
      SCOPED_TRACE(name.str() + " M=" + std::to_string(p.m));
      std::string limit;
      EXPECT_EQ(widestCopyBytes(p, &limit), 2);
      EXPECT_EQ(limit, "the rows of dZ are 50257 elements of 2 bytes = 100514 "
                       "bytes, not a multiple of 4");
      GemmPlan plan = planGemm(p, gpu);
      ASSERT_TRUE(plan) << plan.reason;
      EXPECT_EQ(plan.choice->tiles.copyBytes, 2);
      expectSm80Kernel(*plan.choice, gpu, p);
      // A vocabulary of 50304 (16-byte rows) is predicted much faster.
      GemmProblem aligned = p.m == gpt2.tokens ? dhProblem({8192, 768, 50304})
                                               : dwProblem({8192, 768, 50304});
      GemmPlan fast = planGemm(aligned, gpu);
      ASSERT_TRUE(fast) << fast.reason;
      EXPECT_EQ(fast.choice->kernel, gpu.target);
      EXPECT_GT(plan.choice->micros, 1.5 * fast.choice->micros);
    }
  }
}

TEST(CostModelTest, ElementCopiesArePredictedSlowerThanCpAsync) {
  // Rows of 4-byte multiples allow both; the same tiles with 2-byte copies
  // are slower, and their pipeline depth does not count.
  GemmProblem p = dhProblem({4096, 4096, 32002});
  ASSERT_EQ(widestCopyBytes(p), 4);
  for (llvm::StringRef name : {"sm_80", "sm_90a"}) {
    const GpuChip &gpu = target(name);
    auto predict = [&](GemmTiles t) {
      std::string why;
      std::optional<GemmPrediction> pred = predictGemm(p, gpu, t, &why);
      EXPECT_TRUE(pred.has_value()) << t.str() << ": " << why;
      return pred.value_or(GemmPrediction());
    };
    GemmPrediction cpAsync = predict({128, 128, 32, 64, 64, 3, 4, 1});
    GemmPrediction element = predict({128, 128, 32, 64, 64, 3, 2, 1});
    GemmPrediction twoStages = predict({128, 128, 32, 64, 64, 2, 2, 1});
    // Element copies step K by 32 at most (a wider step spills).
    std::string why;
    EXPECT_FALSE(predictGemm(p, gpu, {128, 128, 64, 64, 64, 3, 2, 1}, &why));
    EXPECT_NE(why.find("with element copies a block takes a K step of at "
                       "most 32"),
              std::string::npos)
        << why;
    EXPECT_EQ(cpAsync.kernel, GpuTarget::Sm80) << name.str();
    EXPECT_EQ(element.kernel, GpuTarget::Sm80) << name.str();
    EXPECT_LT(element.efficiency, 0.75 * cpAsync.efficiency) << name.str();
    EXPECT_GT(element.micros, cpAsync.micros) << name.str();
    EXPECT_DOUBLE_EQ(element.efficiency, twoStages.efficiency) << name.str();
  }
}

TEST(CostModelTest, Sm80KernelsOnHopperUseTheMmaSyncRate) {
  const GpuChip &a100 = target("sm_80"), &h200 = target("sm_90a");
  EXPECT_DOUBLE_EQ(a100.efficiencyOf(GpuTarget::Sm80), a100.bestEfficiency);
  EXPECT_DOUBLE_EQ(h200.efficiencyOf(GpuTarget::Sm90a), h200.bestEfficiency);
  EXPECT_LT(h200.efficiencyOf(GpuTarget::Sm80), h200.bestEfficiency);
  EXPECT_TRUE(runsOn(GpuTarget::Sm80, GpuTarget::Sm90a));
  EXPECT_FALSE(runsOn(GpuTarget::Sm90a, GpuTarget::Sm80));
  EXPECT_EQ(gemmKernelFor(GpuTarget::Sm90a, 16), GpuTarget::Sm90a);
  EXPECT_EQ(gemmKernelFor(GpuTarget::Sm90a, 8), GpuTarget::Sm80);
  EXPECT_EQ(gemmKernelFor(GpuTarget::Sm90a, 2), GpuTarget::Sm80);
  EXPECT_EQ(gemmKernelFor(GpuTarget::Sm80, 2), GpuTarget::Sm80);

  // The same sm_80 configuration on both chips: the H200's tensor-core rate
  // times its mma.sync efficiency.
  GemmProblem p = dhProblem({8192, 768, 50257});
  GemmTiles t{128, 128, 32, 64, 64, 2, 2, 1};
  std::optional<GemmPrediction> onA100 = predictGemm(p, a100, t);
  std::optional<GemmPrediction> onH200 = predictGemm(p, h200, t);
  ASSERT_TRUE(onA100 && onH200);
  EXPECT_EQ(onH200->kernel, GpuTarget::Sm80);
  EXPECT_EQ(onH200->threads, 128);
  EXPECT_EQ(onH200->sharedBytes, 2 * (128 + 128) * 32 * 2);
  EXPECT_NEAR(onH200->efficiency / onA100->efficiency,
              h200.mmaSyncEfficiency / a100.mmaSyncEfficiency, 0.2);
  // sm_90a's own rules do not apply to it (warp tiles of 64x64), and its
  // stage limit is the sm_80 kernel's.
  t.stages = 6;
  std::string why;
  EXPECT_FALSE(predictGemm(p, h200, t, &why));
  EXPECT_EQ(why, "stages must be 2..5 on sm_90a (sm_80 kernel), got 6");
}

TEST(CostModelTest, OneWarpBlocksOfLargeTilesStepKBy32) {
  // ptxas spills the one-warp 64x64 block at a K step of 64 (its 32
  // threads issue 32 copies each a stage); its K step of 32 is kept, and so
  // is a block of four such warps at 64. On sm_90a, 8-byte copies make it
  // an sm_80 kernel.
  GemmProblem p = dhProblem({4096, 4096, 32000});
  for (llvm::StringRef name : {"sm_80", "sm_90a"}) {
    const GpuChip &gpu = target(name);
    int64_t copyBytes = name == "sm_80" ? 16 : 8;
    GemmTiles oneWarp{64, 64, 64, 64, 64, 3, copyBytes, 1};
    std::string why;
    EXPECT_FALSE(predictGemm(p, gpu, oneWarp, &why)) << name.str();
    EXPECT_NE(why.find("a block of one warp with a 64x64 tile takes a K step "
                       "of at most 32"),
              std::string::npos)
        << why;
    oneWarp.blockK = 32;
    EXPECT_TRUE(predictGemm(p, gpu, oneWarp, &why)) << why;
    GemmTiles fourWarps{128, 128, 64, 64, 64, 3, copyBytes, 1};
    EXPECT_TRUE(predictGemm(p, gpu, fourWarps, &why)) << why;
  }
  std::vector<GemmPrediction> valid;
  ASSERT_TRUE(planGemm(p, target("sm_80"), {}, &valid));
  for (const GemmPrediction &pred : valid) {
    const GemmTiles &t = pred.tiles;
    if (t.numWarpTiles() == 1 && t.warpM * t.warpN >= 64 * 64)
      EXPECT_LE(t.blockK, kMaxSingleWarpBlockK);
  }
}

TEST(CostModelTest, BasesNarrowTheCopiesToo) {
  // 16-byte rows, but dZ is a view that starts 2 bytes into a buffer.
  GemmProblem p = dhProblem({4096, 4096, 32000});
  p.baseAlignA = 2;
  std::string limit;
  EXPECT_EQ(widestCopyBytes(p, &limit), 2);
  EXPECT_EQ(limit, "dZ starts at an address aligned to 2 bytes, not 4");
  p.baseAlignA = 8;
  EXPECT_EQ(widestCopyBytes(p, &limit), 8);
  EXPECT_EQ(limit, "dZ starts at an address aligned to 8 bytes, not 16");
  GemmPlan plan = planGemm(p, target("sm_90a"));
  ASSERT_TRUE(plan) << plan.reason;
  EXPECT_EQ(plan.choice->kernel, GpuTarget::Sm80);
  EXPECT_EQ(plan.choice->tiles.copyBytes, 8);
}

TEST(CostModelTest, ElementCopiesCanBeForced) {
  GemmProblem p = dhProblem({1000, 264, 520});
  GemmTiles elements;
  elements.copyBytes = 2;
  for (llvm::StringRef name : {"sm_80", "sm_90a"}) {
    const GpuChip &gpu = target(name);
    GemmPlan plan = planGemm(p, gpu, elements);
    ASSERT_TRUE(plan) << plan.reason;
    EXPECT_EQ(plan.choice->tiles.copyBytes, 2);
    expectSm80Kernel(*plan.choice, gpu, p);
  }
  // TMA cannot copy 8-byte rows, and sm_90a's own kernel copies nothing
  // narrower than 16 bytes.
  GemmTiles tma;
  tma.copyBytes = 16;
  GemmPlan none =
      planGemm(dhProblem({1000, 100, 32000}), target("sm_90a"), tma);
  EXPECT_EQ(none.failure, GemmPlan::Failure::NoValidConfig);
  EXPECT_NE(none.reason.find("copyBytes must be 16 on sm_90a (TMA, rows and "
                             "bases of 16-byte multiples; at most 8 here)"),
            std::string::npos)
      << none.reason;
}

TEST(CostModelTest, F32OperandsAreNotPlanned) {
  for (llvm::StringRef name : {"sm_80", "sm_90a"}) {
    GemmPlan plan = planGemm(dhProblem(kBenchmarkShapes[0], 4), target(name));
    EXPECT_EQ(plan.failure, GemmPlan::Failure::Unsupported);
    EXPECT_EQ(
        plan.reason,
        "f32 operands: the kernels multiply 16-bit operands (f32-operands=bf16 "
        "rounds them to bf16 for the kernels); kept exact on the host");
  }
}

TEST(CostModelTest, TinyShapesGetAConfig) {
  const GpuChip &gpu = target("sm_80");
  GemmProblem p = dhProblem({8, 4, 32});
  GemmPlan plan = planGemm(p, gpu);
  ASSERT_TRUE(plan) << plan.reason;
  EXPECT_EQ(plan.choice->tiles.copyBytes, 8); // 4 bf16 = 8 bytes
  EXPECT_LE(plan.choice->tiles.blockM, 32);
  EXPECT_GE(plan.choice->micros, floorMicros(p, gpu));
}

TEST(CostModelTest, OverridesRestrictTheCandidates) {
  const GpuChip &gpu = target("sm_80");
  GemmProblem p = dhProblem(kBenchmarkShapes[0]);
  GemmTiles fits;
  fits.blockM = 128;
  fits.blockN = 128;
  fits.stages = 3;
  GemmPlan plan = planGemm(p, gpu, fits);
  ASSERT_TRUE(plan) << plan.reason;
  EXPECT_EQ(plan.choice->tiles.blockM, 128);
  EXPECT_EQ(plan.choice->tiles.blockN, 128);
  EXPECT_EQ(plan.choice->tiles.stages, 3);
  // The model's own choice is at least as fast as any restricted one.
  EXPECT_LE(planGemm(p, gpu).choice->micros, plan.choice->micros);

  GemmTiles tooManyWarps;
  tooManyWarps.blockM = 256;
  tooManyWarps.blockN = 256;
  tooManyWarps.warpM = 32;
  tooManyWarps.warpN = 32;
  GemmPlan none = planGemm(p, gpu, tooManyWarps);
  EXPECT_EQ(none.failure, GemmPlan::Failure::NoValidConfig);
  EXPECT_NE(none.reason.find("needs 64 warps of 32x32"), std::string::npos)
      << none.reason;
  EXPECT_NE(none.reason.find("with block-m=256 block-n=256 warp-m=32 "
                             "warp-n=32"),
            std::string::npos)
      << none.reason;

  GemmTiles tooMuchShared;
  tooMuchShared.blockM = 256;
  tooMuchShared.blockN = 128;
  tooMuchShared.blockK = 64;
  tooMuchShared.stages = 5;
  GemmPlan big = planGemm(p, gpu, tooMuchShared);
  EXPECT_EQ(big.failure, GemmPlan::Failure::NoValidConfig);
  EXPECT_NE(big.reason.find("bytes of shared memory"), std::string::npos)
      << big.reason;

  GemmTiles wideCopies;
  wideCopies.copyBytes = 16;
  GemmPlan narrowRows =
      planGemm(dhProblem({1000, 100, 32000}), gpu, wideCopies);
  EXPECT_EQ(narrowRows.failure, GemmPlan::Failure::NoValidConfig);
  EXPECT_NE(narrowRows.reason.find("at most 8 here"), std::string::npos)
      << narrowRows.reason;
}

TEST(CostModelTest, SharedMemoryNeverExceedsTheBlockLimit) {
  for (llvm::StringRef name : {"sm_80", "sm_90a"}) {
    const GpuChip &gpu = target(name);
    GemmProblem p = dhProblem(kBenchmarkShapes[1]);
    int64_t valid = 0, rejectedForShared = 0;
    for (int64_t bm : {64, 128, 256})
      for (int64_t bn : {64, 128, 256})
        for (int64_t bk : {32, 64})
          for (int64_t stages : {2, 3, 4, 5, 6}) {
            GemmTiles t{bm,     bn, bk, 64, gpu.warpgroupMma() ? bn : 64,
                        stages, 16, 1};
            std::string why;
            std::optional<GemmPrediction> pred = predictGemm(p, gpu, t, &why);
            if (!pred) {
              rejectedForShared +=
                  why.find("shared memory") != std::string::npos;
              continue;
            }
            ++valid;
            EXPECT_LE(pred->sharedBytes, gpu.sharedBytesPerBlock) << t.str();
            EXPECT_GE(pred->micros, floorMicros(p, gpu)) << t.str();
          }
    EXPECT_GT(valid, 0) << name.str();
    EXPECT_GT(rejectedForShared, 0) << name.str();
  }
}

TEST(CostModelTest, WaveQuantisationIsCounted) {
  const GpuChip &gpu = target("sm_80");
  // 8 warps and 120 KiB of shared memory: one block per SM.
  GemmTiles t{128, 256, 32, 64, 64, 5, 16, 1};
  auto problemWithTiles = [&](int64_t tiles) {
    GemmProblem p = dhProblem({128 * tiles, 256, 8192});
    return p;
  };
  std::optional<GemmPrediction> full =
      predictGemm(problemWithTiles(gpu.numSMs), gpu, t);
  std::optional<GemmPrediction> oneMore =
      predictGemm(problemWithTiles(gpu.numSMs + 1), gpu, t);
  ASSERT_TRUE(full && oneMore);
  EXPECT_EQ(full->blocksPerSM, 1);
  EXPECT_EQ(full->waves, 1);
  EXPECT_EQ(oneMore->waves, 2);
  // One tile more than the SMs costs nearly a second wave.
  EXPECT_GT(oneMore->micros / full->micros, 1.9);
}

TEST(CostModelTest, RaggedEdgesExecuteTheirPadding) {
  const GpuChip &gpu = target("sm_80");
  GemmTiles t{128, 256, 32, 64, 64, 5, 16, 1};
  // In dW the tokens are K: 8193 tokens run one more K step than 8192,
  // padded to 8224.
  std::optional<GemmPrediction> exact =
      predictGemm(dwProblem({8192, 256, 128 * 100}), gpu, t);
  std::optional<GemmPrediction> ragged =
      predictGemm(dwProblem({8193, 256, 128 * 100}), gpu, t);
  std::optional<GemmPrediction> padded =
      predictGemm(dwProblem({8224, 256, 128 * 100}), gpu, t);
  ASSERT_TRUE(exact && ragged && padded);
  EXPECT_GT(ragged->computeMicros, exact->computeMicros);
  EXPECT_DOUBLE_EQ(ragged->computeMicros, padded->computeMicros);
}

TEST(CostModelTest, FewerStagesAndSmallerWarpTilesArePenalised) {
  const GpuChip &gpu = target("sm_80");
  GemmProblem p = dhProblem(kBenchmarkShapes[0]);
  auto efficiency = [&](GemmTiles t) {
    std::string why;
    std::optional<GemmPrediction> pred = predictGemm(p, gpu, t, &why);
    EXPECT_TRUE(pred.has_value()) << t.str() << ": " << why;
    return pred ? pred->efficiency : 0.0;
  };
  double two = efficiency({128, 128, 32, 64, 64, 2, 16, 1});
  double three = efficiency({128, 128, 32, 64, 64, 3, 16, 1});
  double four = efficiency({128, 128, 32, 64, 64, 4, 16, 1});
  EXPECT_LT(two, three);
  EXPECT_LT(three, four);
  // Both have 4 warps; 32x32 warp tiles load a fragment per 2 MMAs.
  double small = efficiency({64, 64, 32, 32, 32, 4, 16, 1});
  EXPECT_LT(small, four);
}

} // namespace

TEST(CostModelTest, EachGemmTakesTheRasterGroupThatSavesDramTraffic) {
  // dh at the headline shape on sm_90a: dZ and W are a gigabyte each, far
  // more than L2, and C has 32 rows of 128-row tiles. Groups of 8 rows
  // read W once per group; the planner's group must predict no more time
  // and no more DRAM bytes than that, and strictly fewer bytes here with
  // 256-column tiles.
  const GpuChip &gpu = target("sm_90a");
  GemmProblem p = dhProblem(kBenchmarkShapes[0]);
  GemmTiles wide;
  wide.blockN = 256;
  GemmPlan plan = planGemm(p, gpu, wide);
  ASSERT_TRUE(plan.choice);
  GemmTiles usual = plan.choice->tiles;
  usual.groupRows = kRasterGroupRows;
  std::optional<GemmPrediction> eight = predictGemm(p, gpu, usual);
  ASSERT_TRUE(eight);
  SCOPED_TRACE(plan.choice->tiles.str());
  EXPECT_NE(plan.choice->tiles.groupRows, kRasterGroupRows);
  EXPECT_LE(plan.choice->micros, eight->micros * (1 + 1e-6));
  EXPECT_LT(plan.choice->hbmBytes, eight->hbmBytes);

  // C with 4 rows of tiles: groups of 4 or more make the same grid, and
  // the usual group stays.
  GemmProblem small = dhProblem({512, 4096, 32000});
  GemmTiles rows128;
  rows128.blockM = 128;
  GemmPlan smallPlan = planGemm(small, gpu, rows128);
  ASSERT_TRUE(smallPlan.choice);
  EXPECT_EQ(smallPlan.choice->tiles.groupRows, kRasterGroupRows);

  // An override is the only group tried, and the model prices it: rows of
  // one tile read W once per row of tiles.
  GemmTiles one;
  one.groupRows = 1;
  GemmPlan onePlan = planGemm(p, gpu, one);
  ASSERT_TRUE(onePlan.choice);
  EXPECT_EQ(onePlan.choice->tiles.groupRows, 1);
  EXPECT_GT(onePlan.choice->hbmBytes, eight->hbmBytes);
}

TEST(CostModelTest, PersistentKernelsDrainTheirStoresUnderTheNextTile) {
  // dh at the headline shape on sm_90a takes several waves of 128-row
  // tiles. One block per tile stores its tile after its K loop; a
  // persistent grid (one block per resident slot) drains a tile's stores
  // under the next tile's main loop, so the planner chooses it (for the
  // cooperative kernel; PingPong... below for the other).
  const GpuChip &gpu = target("sm_90a");
  GemmProblem p = dhProblem(kBenchmarkShapes[0]);
  GemmTiles cooperative;
  cooperative.pingPong = -1;
  GemmPlan plan = planGemm(p, gpu, cooperative);
  ASSERT_TRUE(plan.choice);
  const GemmPrediction &persistent = *plan.choice;
  SCOPED_TRACE(persistent.tiles.str());
  ASSERT_GT(persistent.waves, 1);
  EXPECT_EQ(persistent.tiles.persistent, gpu.numSMs * persistent.blocksPerSM);

  GemmTiles perTileTiles = persistent.tiles;
  perTileTiles.persistent = 0;
  std::optional<GemmPrediction> perTile = predictGemm(p, gpu, perTileTiles);
  ASSERT_TRUE(perTile);
  // The same tiles in the same waves: the same main loop.
  EXPECT_EQ(perTile->waves, persistent.waves);
  EXPECT_DOUBLE_EQ(perTile->computeMicros, persistent.computeMicros);
  // Only the last wave's stores follow the main loop; the others join the
  // main loop's DRAM traffic.
  EXPECT_NEAR(persistent.epilogueMicros * persistent.waves,
              perTile->epilogueMicros, 1e-6 * perTile->epilogueMicros);
  EXPECT_GE(persistent.hbmMicros, perTile->hbmMicros);
  EXPECT_LT(persistent.micros, perTile->micros);

  // Half the grid: each block takes twice the tiles.
  GemmTiles half = persistent.tiles;
  half.persistent = gpu.numSMs / 2;
  std::optional<GemmPrediction> halfGrid = predictGemm(p, gpu, half);
  ASSERT_TRUE(halfGrid);
  EXPECT_EQ(halfGrid->waves,
            (persistent.numTiles + half.persistent - 1) / half.persistent);
  EXPECT_GT(halfGrid->computeMicros, 1.9 * persistent.computeMicros);

  // An accumulating epilogue still waits for C's old values.
  GemmProblem accumulating = p;
  accumulating.accumulatesC = true;
  accumulating.resultBytes = 4;
  std::optional<GemmPrediction> acc =
      predictGemm(accumulating, gpu, persistent.tiles);
  ASSERT_TRUE(acc);
  EXPECT_GT(acc->epilogueMicros,
            1e6 * double(p.m) * p.n * 4 / gpu.hbmBytesPerSecond);

  // One wave: nothing to hide, one block per tile.
  GemmPlan oneWave = planGemm(dhProblem({512, 4096, 32000}), gpu, {});
  ASSERT_TRUE(oneWave.choice);
  EXPECT_EQ(oneWave.choice->waves, 1);
  EXPECT_FALSE(oneWave.choice->tiles.isPersistent());

  // -1 forces one block per tile.
  GemmTiles off;
  off.persistent = -1;
  GemmPlan offPlan = planGemm(p, gpu, off);
  ASSERT_TRUE(offPlan.choice);
  EXPECT_EQ(offPlan.choice->tiles.persistent, 0);
}

TEST(CostModelTest, Sm80KernelsArePersistentWithAsynchronousCopies) {
  // The sm_80 kernel loads its next tile's first stages with cp.async while
  // it runs a tile's epilogue: at the headline shape dh takes several
  // waves, and the model makes it persistent on one block per resident
  // slot.
  const GpuChip &a100 = target("sm_80");
  GemmProblem p = dhProblem(kBenchmarkShapes[0]);
  GemmPlan plan = planGemm(p, a100, {});
  ASSERT_TRUE(plan.choice);
  EXPECT_TRUE(plan.choice->tiles.isPersistent()) << plan.choice->tiles.str();
  EXPECT_EQ(plan.choice->tiles.persistent,
            a100.numSMs * plan.choice->blocksPerSM);
  GemmTiles forced;
  forced.persistent = 108;
  GemmPlan kept = planGemm(p, a100, forced);
  ASSERT_TRUE(kept.choice) << kept.reason;
  EXPECT_EQ(kept.choice->tiles.persistent, 108);
  // Element copies are synchronous: an odd vocabulary's dZ rows take one
  // block per tile, on sm_80 and as sm_90a's sm_80 kernel alike.
  GemmProblem odd = dhProblem({4096, 4096, 50257});
  GemmPlan refused = planGemm(odd, a100, forced);
  EXPECT_EQ(refused.failure, GemmPlan::Failure::NoValidConfig);
  EXPECT_NE(refused.reason.find("with element copies (copyBytes = 2, "
                                "synchronous) it takes one block per tile"),
            std::string::npos)
      << refused.reason;
  GemmPlan hopper = planGemm(odd, target("sm_90a"), {});
  ASSERT_TRUE(hopper.choice);
  EXPECT_EQ(hopper.choice->kernel, GpuTarget::Sm80);
  EXPECT_FALSE(hopper.choice->tiles.isPersistent());
}

TEST(CostModelTest, RowReducingEpiloguesArePersistentOnlyWithFewAccumulators) {
  // The cross-entropy logits kernels reduce rows in their epilogues; with
  // more than 64 accumulators a thread ptxas spills the persistent tile
  // loop's registers, so the model does not offer those.
  const GpuChip &gpu = target("sm_90a");
  GemmProblem logits = dhProblem(kBenchmarkShapes[0]);
  logits.reducesRows = true;
  GemmTiles wide{128, 256, 64, 64, 256, 3, 16, 1};
  wide.persistent = gpu.numSMs;
  std::string why;
  EXPECT_FALSE(predictGemm(logits, gpu, wide, &why));
  EXPECT_NE(why.find("a persistent kernel whose epilogue reduces rows holds "
                     "at most 64 accumulators"),
            std::string::npos)
      << why;
  // One block per tile, or 64 accumulators, is fine.
  wide.persistent = 0;
  EXPECT_TRUE(predictGemm(logits, gpu, wide));
  GemmTiles narrow{128, 128, 64, 64, 128, 3, 16, 1};
  narrow.persistent = gpu.numSMs;
  EXPECT_TRUE(predictGemm(logits, gpu, narrow, &why)) << why;
  // Whatever the planner picks keeps to that.
  GemmPlan plan = planGemm(logits, gpu, {});
  ASSERT_TRUE(plan.choice);
  const GemmTiles &t = plan.choice->tiles;
  if (t.isPersistent())
    EXPECT_LE(t.warpM * t.warpN / 128, 64) << t.str();
}

/// The logits GEMM h·Wᵀ of the forward for a [V,D] weight: both operands'
/// rows run along K = D; its epilogue reduces rows.
GemmProblem logitsProblem(Shape s) {
  GemmProblem p;
  p.m = s.tokens;
  p.n = s.vocab;
  p.k = s.hidden;
  p.rowElementsA = s.hidden;
  p.aRowsAlongK = true;
  p.rowElementsB = s.hidden;
  p.bRowsAlongK = true;
  p.resultBytes = 2;
  p.reducesRows = true;
  p.nameA = "h";
  p.nameB = "W";
  return p;
}

TEST(CostModelTest, ClustersReadTheSharedTileFromL2Once) {
  // The headline logits GEMM with 128x128 tiles, one block per tile, reads
  // each of W's tiles from L2 once per row of tiles: L2 bounds it. A 2x1
  // cluster's pair reads the B tile it shares once (multicast), a 1x2 pair its
  // A tile.
  const GpuChip &gpu = target("sm_90a");
  const Shape shape = kBenchmarkShapes[0];
  GemmProblem p = logitsProblem(shape);
  GemmTiles single{128, 128, 64, 64, 128, 4, 16, 1};
  std::optional<GemmPrediction> none = predictGemm(p, gpu, single);
  ASSERT_TRUE(none);
  const double a = double(p.m) * p.k * 2, b = double(p.k) * p.n * 2;
  const double tilesM = double((p.m + 127) / 128),
               tilesN = double((p.n + 127) / 128);
  EXPECT_GT(none->l2Micros, none->computeMicros);

  GemmTiles pairM = single;
  pairM.clusterM = 2;
  std::optional<GemmPrediction> rows = predictGemm(p, gpu, pairM);
  ASSERT_TRUE(rows);
  EXPECT_NEAR(rows->l2Bytes, none->l2Bytes - b * tilesM / 2,
              1e-9 * none->l2Bytes);
  EXPECT_DOUBLE_EQ(rows->computeMicros, none->computeMicros);
  EXPECT_LT(rows->micros, none->micros);

  GemmTiles pairN = single;
  pairN.clusterN = 2;
  std::optional<GemmPrediction> cols = predictGemm(p, gpu, pairN);
  ASSERT_TRUE(cols);
  EXPECT_NEAR(cols->l2Bytes, none->l2Bytes - a * tilesN / 2,
              1e-9 * none->l2Bytes);

  // The planner takes a cluster here, and for linear_grad's dh and dW.
  for (const GemmProblem &problem : {p, dhProblem(shape), dwProblem(shape)}) {
    GemmPlan plan = planGemm(problem, gpu, {});
    ASSERT_TRUE(plan.choice);
    EXPECT_TRUE(plan.choice->tiles.isClustered()) << plan.choice->tiles.str();
  }
  // Fixed to none, none.
  GemmTiles off;
  off.clusterM = 1;
  off.clusterN = 1;
  GemmPlan offPlan = planGemm(p, gpu, off);
  ASSERT_TRUE(offPlan.choice);
  EXPECT_FALSE(offPlan.choice->tiles.isClustered());
}

TEST(CostModelTest, ClustersKeepToWhatTheKernelBuilds) {
  const GpuChip &gpu = target("sm_90a");
  GemmProblem dh = dhProblem(kBenchmarkShapes[0]);
  std::string why;
  // W's tile is MN-major in dh: the pair loads half its 64-wide panels.
  GemmTiles narrow{128, 64, 64, 64, 64, 3, 16, 1};
  narrow.clusterM = 2;
  EXPECT_FALSE(predictGemm(dh, gpu, narrow, &why));
  EXPECT_NE(why.find("blockN must be a multiple of 128, got 64"),
            std::string::npos)
      << why;
  // A 2x1 pair takes two rows of one group of rows.
  GemmTiles odd{128, 128, 64, 64, 128, 3, 16, 1};
  odd.clusterM = 2;
  odd.groupRows = 3;
  EXPECT_FALSE(predictGemm(dh, gpu, odd, &why));
  EXPECT_NE(why.find("the group must be even, got 3"), std::string::npos)
      << why;
  // A persistent grid of whole clusters.
  odd.groupRows = 8;
  odd.persistent = 131;
  EXPECT_FALSE(predictGemm(dh, gpu, odd, &why));
  EXPECT_NE(why.find("is a multiple of 2 blocks, got 131"), std::string::npos)
      << why;
  // sm_80 kernels run without clusters, on any chip.
  GemmTiles forced;
  forced.clusterN = 2;
  GemmPlan refused = planGemm(dh, target("sm_80"), forced);
  EXPECT_EQ(refused.failure, GemmPlan::Failure::NoValidConfig);
  EXPECT_NE(refused.reason.find("thread-block clusters are sm_90a's"),
            std::string::npos)
      << refused.reason;
  GemmPlan oddVocab =
      planGemm(dhProblem({4096, 4096, 50257}), target("sm_90a"), {});
  ASSERT_TRUE(oddVocab.choice);
  EXPECT_EQ(oddVocab.choice->kernel, GpuTarget::Sm80);
  EXPECT_FALSE(oddVocab.choice->tiles.isClustered());
  // 2x2 is not built.
  GemmTiles both;
  both.clusterM = 2;
  both.clusterN = 2;
  ASSERT_TRUE(both.overrideError());
  EXPECT_NE(both.overrideError()->find("not both"), std::string::npos);
}

TEST(CostModelTest, TmaStoresStageCWhereTheEpilogueStoresTiles) {
  const GpuChip &gpu = target("sm_90a");
  GemmProblem dh = dhProblem(kBenchmarkShapes[0]);
  dh.storesTiles = true;
  dh.resultBytes = 2;
  GemmTiles cooperative;
  cooperative.pingPong = -1;
  GemmPlan plan = planGemm(dh, gpu, cooperative);
  ASSERT_TRUE(plan.choice) << plan.reason;
  EXPECT_TRUE(plan.choice->tiles.storesThroughTma())
      << plan.choice->tiles.str();

  // The same tiles from registers: the staging buffers are the only
  // difference in shared memory (two of 64 rows by 128 bytes per consumer
  // warpgroup), and the stores' bytes are priced alike; the consumers'
  // store instructions (which the SASS counts) are 4 an accumulator
  // through TMA, 14 from registers.
  GemmTiles staged = plan.choice->tiles, registers = staged;
  registers.tmaStore = 0;
  std::optional<GemmPrediction> withTma = predictGemm(dh, gpu, staged);
  std::optional<GemmPrediction> without = predictGemm(dh, gpu, registers);
  ASSERT_TRUE(withTma && without);
  EXPECT_EQ(withTma->sharedBytes - without->sharedBytes,
            staged.numConsumers() * 2 * 64 * 128);
  EXPECT_DOUBLE_EQ(withTma->epilogueMicros - withTma->epilogueStoreMicros,
                   without->epilogueMicros - without->epilogueStoreMicros);
  EXPECT_GT(withTma->epilogueStoreMicros, 0);
  EXPECT_NEAR(withTma->epilogueStoreMicros / without->epilogueStoreMicros,
              4.0 / 14.0, 1e-9);

  // An accumulating epilogue: TMA keeps one buffer (8 KiB) of 16-bit C's
  // old values in flight per warpgroup, the registers' runs half that.
  GemmProblem accumulating = dh;
  accumulating.accumulatesC = true;
  withTma = predictGemm(accumulating, gpu, staged);
  without = predictGemm(accumulating, gpu, registers);
  ASSERT_TRUE(withTma && without);
  EXPECT_DOUBLE_EQ(withTma->epilogueBytesInFlightPerSM,
                   2 * without->epilogueBytesInFlightPerSM);
  EXPECT_LT(withTma->epilogueMicros, without->epilogueMicros);
  // A 128-wide tile of 16-bit C is two panels a warpgroup, whose old values
  // are loaded before the K loop: the epilogue waits for none, as if it did
  // not accumulate.
  ASSERT_EQ(staged.blockN, 128);
  ASSERT_EQ(staged.warpM, 64);
  std::optional<GemmPrediction> replacing = predictGemm(dh, gpu, staged);
  ASSERT_TRUE(replacing);
  EXPECT_DOUBLE_EQ(withTma->epilogueMicros, replacing->epilogueMicros);
  // f32 C: four panels, two of them loaded early.
  GemmProblem wide = accumulating;
  wide.resultBytes = 4;
  std::optional<GemmPrediction> early = predictGemm(wide, gpu, staged);
  std::optional<GemmPrediction> late = predictGemm(wide, gpu, registers);
  ASSERT_TRUE(early && late);
  EXPECT_LT(early->epilogueMicros, late->epilogueMicros);

  // tma-store=-1 keeps the stores in registers.
  GemmTiles fromRegisters;
  fromRegisters.tmaStore = -1;
  GemmPlan kept = planGemm(dh, gpu, fromRegisters);
  ASSERT_TRUE(kept.choice);
  EXPECT_FALSE(kept.choice->tiles.storesThroughTma());
}

TEST(CostModelTest, TmaStoresKeepToWhatTheKernelBuilds) {
  const GpuChip &gpu = target("sm_90a");
  GemmTiles forced;
  forced.tmaStore = 1;
  // Rows of C that are not 16-byte multiples: 4097 f32 columns.
  GemmProblem ragged = dhProblem({4096, 4097, 128256});
  ragged.rowElementsB = 4104; // W's rows padded: TMA still loads it
  ragged.storesTiles = true;
  ragged.resultBytes = 4;
  EXPECT_EQ(*whyNoTmaStore(ragged),
            "C's rows are 16388 bytes apart, not a multiple of 16");
  GemmPlan chosen = planGemm(ragged, gpu);
  ASSERT_TRUE(chosen.choice) << chosen.reason;
  EXPECT_FALSE(chosen.choice->tiles.storesThroughTma());
  GemmPlan refused = planGemm(ragged, gpu, forced);
  EXPECT_EQ(refused.failure, GemmPlan::Failure::NoValidConfig);
  EXPECT_NE(refused.reason.find("C cannot be stored through TMA: C's rows "
                                "are 16388 bytes apart"),
            std::string::npos)
      << refused.reason;
  // An epilogue that stores no tiles (the logits' row statistics) ignores
  // the override.
  GemmPlan logits = planGemm(logitsProblem(kBenchmarkShapes[0]), gpu, forced);
  ASSERT_TRUE(logits.choice) << logits.reason;
  EXPECT_FALSE(logits.choice->tiles.storesThroughTma());
  // The sm_80 kernels store from registers, on any chip.
  GemmProblem dh = dhProblem(kBenchmarkShapes[0]);
  dh.storesTiles = true;
  GemmPlan sm80 = planGemm(dh, target("sm_80"), forced);
  EXPECT_EQ(sm80.failure, GemmPlan::Failure::NoValidConfig);
  EXPECT_NE(sm80.reason.find("only the sm_90a kernels store C through TMA"),
            std::string::npos)
      << sm80.reason;
  // W's rows TMA cannot load: the sm_80 kernel.
  GemmProblem oddVocab = dhProblem({4096, 4096, 50257});
  oddVocab.storesTiles = true;
  GemmPlan narrow = planGemm(oddVocab, gpu, {});
  ASSERT_TRUE(narrow.choice);
  EXPECT_EQ(narrow.choice->kernel, GpuTarget::Sm80);
  EXPECT_FALSE(narrow.choice->tiles.storesThroughTma());
  // Values other than -1, 0 and 1 are refused as overrides.
  GemmTiles two;
  two.tmaStore = 2;
  ASSERT_TRUE(two.overrideError());
  EXPECT_NE(two.overrideError()->find("tma-store must be 1"),
            std::string::npos);
}

TEST(CostModelTest, PingPongHidesEachTilesEpilogueUnderTheOtherMainLoop) {
  // The same 128x128 tiles of dh at the headline shape, one consumer
  // warpgroup a tile: cooperative (alone on its tile, its tensor cores idle
  // through each epilogue) and ping-pong (two consumers on alternate tiles).
  const GpuChip &gpu = target("sm_90a");
  GemmProblem dh = dhProblem(kBenchmarkShapes[0]);
  dh.storesTiles = true;
  dh.resultBytes = 2;
  GemmTiles t{128, 128, 64, 128, 128, 3, 16, 1};
  t.persistent = gpu.numSMs;
  t.tmaStore = 1;
  GemmTiles pingPongTiles = t;
  pingPongTiles.pingPong = 1;
  std::optional<GemmPrediction> alone = predictGemm(dh, gpu, t);
  std::optional<GemmPrediction> pingPong = predictGemm(dh, gpu, pingPongTiles);
  ASSERT_TRUE(alone && pingPong);
  ASSERT_GT(alone->waves, 1);
  // Two consumer warpgroups and their staging, and the same main loop.
  EXPECT_EQ(alone->threads, 256);
  EXPECT_EQ(pingPong->threads, 384);
  EXPECT_EQ(pingPong->sharedBytes - alone->sharedBytes, 2 * 8 * 1024);
  EXPECT_EQ(pingPong->waves, alone->waves);
  // Each tile's store instructions: 4 an accumulator, 128 accumulators a
  // thread, one warpgroup a tile; only the last tile's remain.
  const double perTile = 1e6 * 4 * 128 / gpu.clockHz;
  EXPECT_NEAR(alone->epilogueStoreMicros, perTile * alone->waves,
              1e-9 * perTile);
  EXPECT_NEAR(pingPong->epilogueStoreMicros, perTile, 1e-9 * perTile);
  EXPECT_LT(pingPong->micros, alone->micros);

  // The logits' exponentials (one per element of C): the cooperative
  // kernel takes all of them after its main loops, ping-pong one tile's.
  GemmProblem logits = logitsProblem(kBenchmarkShapes[0]);
  logits.epilogueExpsPerElement = 1;
  GemmTiles rows{64, 128, 64, 64, 128, 4, 16, 1};
  rows.persistent = gpu.numSMs;
  GemmTiles rowsPingPong = rows;
  rowsPingPong.pingPong = 1;
  alone = predictGemm(logits, gpu, rows);
  pingPong = predictGemm(logits, gpu, rowsPingPong);
  ASSERT_TRUE(alone && pingPong);
  const double exps = 1e6 * double(logits.m) * logits.n / gpu.expPerSecond();
  EXPECT_NEAR(alone->epilogueExpMicros, exps, 1e-9 * exps);
  EXPECT_NEAR(pingPong->epilogueExpMicros, exps / pingPong->waves, 1e-9 * exps);

  // An epilogue longer than the main loop it hides under (four
  // exponentials an element, K = 16: one short K step a tile) shows its
  // excess on every tile.
  GemmProblem shortK = logits;
  shortK.k = 16;
  shortK.rowElementsA = shortK.rowElementsB = 16;
  shortK.epilogueExpsPerElement = 4;
  alone = predictGemm(shortK, gpu, rows);
  pingPong = predictGemm(shortK, gpu, rowsPingPong);
  ASSERT_TRUE(alone && pingPong);
  EXPECT_GT(pingPong->epilogueExpMicros,
            2 * alone->epilogueExpMicros / pingPong->waves);
}

TEST(CostModelTest, PingPongKeepsToWhatTheKernelBuilds) {
  const GpuChip &gpu = target("sm_90a");
  GemmProblem dh = dhProblem(kBenchmarkShapes[0]);
  dh.storesTiles = true;
  GemmTiles t{128, 128, 64, 128, 128, 3, 16, 1};
  t.pingPong = 1;
  std::string why;
  // One block per tile has no tiles to alternate.
  EXPECT_FALSE(predictGemm(dh, gpu, t, &why));
  EXPECT_NE(why.find("a ping-pong kernel is persistent and each consumer "
                     "warpgroup computes a whole tile"),
            std::string::npos)
      << why;
  // Two warpgroups on one tile are the cooperative kernel.
  t.persistent = gpu.numSMs;
  t.warpM = 64;
  EXPECT_FALSE(predictGemm(dh, gpu, t, &why));
  EXPECT_NE(why.find("warpM = blockM"), std::string::npos) << why;
  t.warpM = 128;
  EXPECT_TRUE(predictGemm(dh, gpu, t, &why)) << why;
  // The sm_80 kernels have no warpgroups.
  GemmTiles sm80{128, 128, 32, 64, 64, 3, 16, 1};
  sm80.pingPong = 1;
  EXPECT_FALSE(predictGemm(dh, target("sm_80"), sm80, &why));
  EXPECT_NE(why.find("ping-pong kernels are sm_90a's"), std::string::npos)
      << why;

  // ping-pong=1 plans a persistent ping-pong kernel; -1 never one.
  GemmTiles forced;
  forced.pingPong = 1;
  GemmPlan plan = planGemm(dh, gpu, forced);
  ASSERT_TRUE(plan.choice) << plan.reason;
  EXPECT_TRUE(plan.choice->tiles.isPingPong());
  EXPECT_TRUE(plan.choice->tiles.isPersistent());
  EXPECT_EQ(plan.choice->tiles.blockM, plan.choice->tiles.warpM);
  forced.pingPong = -1;
  std::vector<GemmPrediction> valid;
  plan = planGemm(dh, gpu, forced, &valid);
  ASSERT_TRUE(plan.choice) << plan.reason;
  for (const GemmPrediction &g : valid)
    EXPECT_FALSE(g.tiles.isPingPong()) << g.tiles.str();
  // With one block per tile, there is none either.
  forced.pingPong = 1;
  forced.persistent = -1;
  plan = planGemm(dh, gpu, forced);
  EXPECT_EQ(plan.failure, GemmPlan::Failure::NoValidConfig);
  // Values other than -1, 0 and 1 are refused as overrides.
  GemmTiles two;
  two.pingPong = 2;
  ASSERT_TRUE(two.overrideError());
  EXPECT_NE(two.overrideError()->find("ping-pong must be 1"),
            std::string::npos);
}
