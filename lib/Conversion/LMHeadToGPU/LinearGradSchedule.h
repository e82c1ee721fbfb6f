//===- LinearGradSchedule.h - a linear_grad's launches ----------*- C++ -*-===//
//
// Part of lmhead. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The schedule (Schedule.h) of a planned lmhead.linear_grad: its dh and dW
// kernels (LinearGradKernels.h), each launched once on a stream of its own
// (`dh`, `dw`) on the op's tensors dz, h, w, dh and dw; no workspace.
//
// With gradient statistics (`stats` [3]) each stream first clears the
// slots it adds to (dh: ‖dZ‖² and ‖dh‖², dw: ‖dW‖²), each GEMM's epilogue
// adds its product's squared norm, and the dh stream ends with one pass
// over the given dZ for ‖dZ‖² (GradientStatistics.h).
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_CONVERSION_LMHEADTOGPU_LINEARGRADSCHEDULE_H
#define LMHEAD_CONVERSION_LMHEADTOGPU_LINEARGRADSCHEDULE_H

#include "lmhead/Dialect/LMHead/IR/LMHeadOps.h"
#include "lmhead/Schedule/Schedule.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir {
namespace lmhead {

/// Builds the kernels of `op` planned as `plan` at the end of `kernels`,
/// named `<prefix>_dh`, `<prefix>_dw` (and with statistics
/// `<prefix>_stats_clear` and `<prefix>_dz_squares`), and returns its
/// schedule. A product whose result is unused is left out unless
/// `unusedToo` (a bundle computes both gradients, whatever the graph
/// uses); with statistics both run. Fails with an error on the op.
FailureOr<Schedule> buildLinearGradSchedule(LinearGradOp op,
                                            KernelPlanAttr plan,
                                            gpu::GPUModuleOp kernels,
                                            StringRef prefix, bool unusedToo);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_CONVERSION_LMHEADTOGPU_LINEARGRADSCHEDULE_H
