//===- CrossEntropyOptions.h - the options of a cross-entropy op -*- C++
//-*-===//
//
// Part of lmhead. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The options every fused cross-entropy op carries, as one value
// (CrossEntropyOp::getOptions reads them from any of the three ops).
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_DIALECT_LMHEAD_IR_CROSSENTROPYOPTIONS_H
#define LMHEAD_DIALECT_LMHEAD_IR_CROSSENTROPYOPTIONS_H

#include "mlir/IR/Types.h"

#include <cstdint>

namespace mlir {
namespace lmhead {

enum class WeightLayout : uint32_t;
enum class Reduction : uint32_t;

/// The cross-entropy options of ce_linear_fwd, ce_linear_grad and
/// ce_linear_step, as their attributes spell them.
struct CrossEntropyOptions {
  WeightLayout layout{};
  Reduction reduction{};
  int64_t ignoreIndex = -100;
  double labelSmoothing = 0.0;
  double logitSoftcap = 0.0;
  double zLossWeight = 0.0;
  /// The element type GEMM products are accumulated in.
  Type accumulatorType;
};

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_DIALECT_LMHEAD_IR_CROSSENTROPYOPTIONS_H
