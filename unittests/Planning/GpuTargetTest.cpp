//===- GpuTargetTest.cpp - the target enum, the chip table, GemmTiles -----===//
//
// The planning library on its own (this test links no MLIR): target names
// round-trip, every chip of the table is consistent with its family, and
// GemmTiles compares, hashes and spells overrides field by field from
// GemmTiles.def.
//
//===----------------------------------------------------------------------===//

#include "lmhead/Planning/GpuTarget.h"
#include "lmhead/Planning/GemmTiles.h"

#include <gtest/gtest.h>

using namespace mlir::lmhead;

namespace {

TEST(GpuTargetTest, NamesRoundTrip) {
  for (GpuTarget target : kAllGpuTargets)
    EXPECT_EQ(symbolizeGpuTarget(stringifyGpuTarget(target)), target);
  EXPECT_EQ(stringifyGpuTarget(GpuTarget::Sm80), "sm_80");
  EXPECT_EQ(stringifyGpuTarget(GpuTarget::Sm90a), "sm_90a");
  EXPECT_FALSE(symbolizeGpuTarget("sm_90").has_value());
  EXPECT_FALSE(symbolizeGpuTarget("SM_80").has_value());
  EXPECT_EQ(knownGpuTargetNames(), "sm_80, sm_90a");
}

TEST(GpuTargetTest, ChipTableHoldsEveryGpu) {
  ASSERT_EQ(knownGpuChips().size(), 3u);
  const GpuChip *a100 = lookupGpuChip("A100");
  const GpuChip *h100 = lookupGpuChip("h100");
  const GpuChip *h200 = lookupGpuChip("H200");
  ASSERT_TRUE(a100 && h100 && h200);
  EXPECT_EQ(lookupGpuChip("V100"), nullptr);
  EXPECT_EQ(a100->target, GpuTarget::Sm80);
  EXPECT_EQ(h100->target, GpuTarget::Sm90a);
  EXPECT_EQ(h200->target, GpuTarget::Sm90a);
  // H100 and H200 share their SMs; the H200's memory is faster.
  EXPECT_EQ(h100->numSMs, h200->numSMs);
  EXPECT_DOUBLE_EQ(h100->datasheetFlops, h200->datasheetFlops);
  EXPECT_LT(h100->hbmBytesPerSecond, h200->hbmBytesPerSecond);
  for (const GpuChip &chip : knownGpuChips()) {
    SCOPED_TRACE(chip.name.str());
    EXPECT_GT(chip.numSMs, 0);
    EXPECT_GT(chip.peakFlops, 0);
    EXPECT_LE(chip.peakFlops, chip.datasheetFlops);
    EXPECT_GT(chip.hbmBytesPerSecond, 0);
    EXPECT_GT(chip.l2BytesPerSecond, chip.hbmBytesPerSecond);
    EXPECT_LT(chip.sharedBytesPerBlock, chip.sharedBytesPerSM);
    EXPECT_LE(chip.registersPerBlock, chip.registersPerSM);
    EXPECT_GE(chip.registersPerBlock, 255 * 256); // 256 threads at 255 each
    EXPECT_EQ(chip.warpgroupMma(), chip.target == GpuTarget::Sm90a);
    // The data-sheet rate is the SMs' dense bf16 flops per clock (1024
    // FMAs on sm_80, twice that on sm_90a) at the boost clock.
    double flopsPerClock = chip.warpgroupMma() ? 4096 : 2048;
    EXPECT_NEAR(chip.datasheetFlops / (chip.numSMs * chip.clockHz),
                flopsPerClock, 0.01 * flopsPerClock);
    EXPECT_EQ(chip.specialOpsPerClockPerSM, 16);
    EXPECT_DOUBLE_EQ(chip.expPerSecond(), 16.0 * chip.numSMs * chip.clockHz);
  }
  EXPECT_EQ(&planningChip(GpuTarget::Sm80), a100);
  EXPECT_EQ(&planningChip(GpuTarget::Sm90a), h200);
}

TEST(GpuTargetTest, TilesAsOverrides) {
  GemmTiles none;
  EXPECT_FALSE(none.anyFixed());
  EXPECT_EQ(none.fixedOptionsStr(), "");
  EXPECT_EQ(none.overrideError(), std::nullopt);

  GemmTiles some;
  some.blockM = 256;
  some.stages = 3;
  some.swizzle = 1;
  EXPECT_TRUE(some.anyFixed());
  EXPECT_EQ(some.fixedOptionsStr(), "block-m=256 stages=3 swizzle=1");

  GemmTiles negative;
  negative.warpN = -8;
  EXPECT_EQ(negative.overrideError(),
            "warp-n must be positive, or 0 to let the cost model choose; "
            "got -8");
  GemmTiles oddCopy;
  oddCopy.copyBytes = 12;
  EXPECT_NE(oddCopy.overrideError().value_or("").find(
                "copy-bytes must be 4, 8 or 16"),
            std::string::npos);
  GemmTiles elementCopies;
  elementCopies.copyBytes = 2;
  EXPECT_EQ(elementCopies.overrideError(), std::nullopt);
  EXPECT_TRUE(elementCopies.elementCopies());
  EXPECT_EQ(elementCopies.copyUnitBytes(), 16);
}

TEST(GpuTargetTest, TilesCompareAndHashEveryField) {
  GemmTiles a{128, 256, 64, 64, 256, 3, 16, 1};
  GemmTiles b = a;
  EXPECT_EQ(a, b);
  EXPECT_EQ(hash_value(a), hash_value(b));
  b.swizzle = 0;
  EXPECT_NE(a, b);
  EXPECT_NE(hash_value(a), hash_value(b));
  GemmTiles c = a;
  c.groupRows = 16; // the last field of GemmTiles.def
  EXPECT_NE(a, c);
  EXPECT_NE(hash_value(a), hash_value(c));
  // The usual group of 8 goes without saying; another is named.
  EXPECT_EQ(a.str(), "128x256x64, warp 64x256, 3 stages, 16-byte copies, "
                     "swizzle 1");
  EXPECT_EQ(c.str(), "128x256x64, warp 64x256, 3 stages, 16-byte copies, "
                     "swizzle 1, group 16");
}

} // namespace
