//===- Roofline.h - an op's time bound from its flops and bytes -*- C++ -*-===//
//
// The roofline model: an op that must do F flops and move B bytes at least
// takes max(F / peak flop rate, B / peak memory bandwidth) on a GPU. It is
// compute bound when the first term is the larger, memory bound otherwise;
// its arithmetic intensity F / B against the chip's ridge point (peak flop
// rate / bandwidth) says the same. `--lmhead-report` reports it for every
// lmhead op on each GPU of the table, with the data-sheet peaks.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_PLANNING_ROOFLINE_H
#define LMHEAD_PLANNING_ROOFLINE_H

#include "lmhead/Planning/GpuTarget.h"

namespace mlir {
namespace lmhead {

/// An op's roofline on one GPU.
struct RooflineBound {
  /// The GPU's dense bf16 tensor-core rate from its data sheet, flop/s.
  double peakFlops = 0;
  /// The GPU's HBM bandwidth, bytes/s.
  double peakBytesPerSecond = 0;
  /// The least time the op can take, microseconds.
  double micros = 0;
  /// Whether the flops (not the bytes) set that time.
  bool computeBound = false;
};

/// The roofline of an op of `flops` flops that moves at least `bytes` bytes
/// on `chip` (its data-sheet flop rate and its HBM bandwidth).
RooflineBound rooflineBound(const GpuChip &chip, double flops, double bytes);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_PLANNING_ROOFLINE_H
