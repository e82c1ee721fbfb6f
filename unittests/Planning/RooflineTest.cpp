//===- RooflineTest.cpp - the roofline bound of an op ---------------------===//

#include "lmhead/Planning/Roofline.h"

#include "gtest/gtest.h"

using namespace mlir::lmhead;

namespace {

TEST(RooflineTest, ComputeBoundAboveTheRidgePoint) {
  const GpuChip *a100 = lookupGpuChip("A100");
  ASSERT_NE(a100, nullptr);
  // 312 TFLOP in 1 s of tensor cores; 1 TB in 0.5 s of HBM at 2 TB/s.
  RooflineBound bound = rooflineBound(*a100, 312e12, 1e12);
  EXPECT_TRUE(bound.computeBound);
  EXPECT_DOUBLE_EQ(bound.micros, 1e6);
  EXPECT_DOUBLE_EQ(bound.peakFlops, 312e12);
  EXPECT_DOUBLE_EQ(bound.peakBytesPerSecond, 2.0e12);
}

TEST(RooflineTest, MemoryBoundBelowTheRidgePoint) {
  const GpuChip *h200 = lookupGpuChip("H200");
  ASSERT_NE(h200, nullptr);
  // 4.8 TB at 4.8 TB/s is 1 s; 1e12 flops take about a millisecond.
  RooflineBound bound = rooflineBound(*h200, 1e12, 4.8e12);
  EXPECT_FALSE(bound.computeBound);
  EXPECT_DOUBLE_EQ(bound.micros, 1e6);
  EXPECT_DOUBLE_EQ(bound.peakFlops, h200->datasheetFlops);
}

TEST(RooflineTest, TheRidgePointIsPeakOverBandwidth) {
  for (const GpuChip &chip : knownGpuChips()) {
    double ridge = chip.datasheetFlops / chip.hbmBytesPerSecond;
    EXPECT_TRUE(rooflineBound(chip, ridge * 1.01, 1).computeBound)
        << chip.name.str();
    EXPECT_FALSE(rooflineBound(chip, ridge * 0.99, 1).computeBound)
        << chip.name.str();
  }
}

} // namespace
