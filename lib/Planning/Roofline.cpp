//===- Roofline.cpp - an op's time bound from its flops and bytes ---------===//

#include "lmhead/Planning/Roofline.h"

#include <algorithm>

using namespace mlir::lmhead;

RooflineBound mlir::lmhead::rooflineBound(const GpuChip &chip, double flops,
                                          double bytes) {
  RooflineBound bound;
  bound.peakFlops = chip.datasheetFlops;
  bound.peakBytesPerSecond = chip.hbmBytesPerSecond;
  double computeSeconds = flops / bound.peakFlops;
  double memorySeconds = bytes / bound.peakBytesPerSecond;
  bound.computeBound = computeSeconds >= memorySeconds;
  bound.micros = std::max(computeSeconds, memorySeconds) * 1e6;
  return bound;
}
