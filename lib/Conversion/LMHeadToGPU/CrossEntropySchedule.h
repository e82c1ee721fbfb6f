//===- CrossEntropySchedule.h - a cross-entropy op's launches ---*- C++ -*-===//
//
// Part of lmhead. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The schedule (Schedule.h) of a planned ce_linear_fwd, ce_linear_grad or
// ce_linear_step, with the kernels of buildCrossEntropyKernels:
//
// - ce_linear_fwd, on the main stream: the logits GEMM writes the row
//   partials [N,P,4] (workspace `partials`), the row kernel merges them
//   into lse and each token's loss (`token_loss`, or the `loss` result
//   itself for reduction none), and for mean and sum one block reduces the
//   losses into `loss`.
// - ce_linear_grad: with statistics one warp clears them, and for mean the
//   shared token scale (`scale` [1]) comes first; then, per vocabulary
//   chunk c of the plan's width, the logits GEMM on the main stream writes
//   dZ_c into `dz<c mod 2>` [N,chunk] once chunk c−2's products (which
//   read that buffer) are done, and the dh product (`dh += dZ_c·W_c`, into
//   dh, or into `dh_f32` when dh is not f32 or has statistics and adds to
//   a gradient), the dW product (`dW_c = dZ_cᵀ·h` into the chunk's rows,
//   or for layout(dv) columns, of dw) and the bias gradient's column sums
//   (into db) each run on a stream of their own after it. The dh stream
//   ends with the sum of squares of `dh_f32` (statistics) and its rounding
//   into dh.
// - ce_linear_step: with statistics one warp clears them, and for a mean
//   gradient the shared token scale comes first; then, per chunk c of the
//   plan's tokens (a loop of ceil(N / chunk) iterations, N static or
//   not), on the main stream the logits GEMM of the chunk's rows of h
//   stores the logits into `z<c mod 2>` [min(chunk, N), V padded to 64]
//   and the partials [min(chunk, N),P,4] once chunk c−2's products are
//   done, and the row pass writes the chunk's lse and token losses and
//   turns the buffer into dZ (adding ‖dZ‖² to the statistics); after it
//   `dh_c = dZ_c·W` (the chunk's rows of dh) runs on the dh stream,
//   `dW += dZ_cᵀ·h_c` (into dw, or `dw_f32` when dW is not f32 or has
//   statistics and adds to a gradient; scaled by dw_scale) on the dw
//   stream and, with a bias gradient, `db += Σ_i dZ_c` (into db, or
//   `db_f32` when db is not f32) on the db stream. The loss's reduction
//   ends the main stream; ‖dW‖² of the f32 sum and its rounding the dw
//   stream; the rounding of `db_f32` the db stream.
//
// A result the op accumulates into (accumulate_dh, accumulate_dw) starts as
// the gradient it adds to, so a rounding kernel that adds it reads it from
// the result's own buffer.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_CONVERSION_LMHEADTOGPU_CROSSENTROPYSCHEDULE_H
#define LMHEAD_CONVERSION_LMHEADTOGPU_CROSSENTROPYSCHEDULE_H

#include "CrossEntropyKernels.h"

#include "lmhead/Schedule/Schedule.h"

namespace mlir {
namespace lmhead {

/// Builds the kernels of `op` (a ce_linear_fwd, ce_linear_grad or
/// ce_linear_step) planned as `plan` at the end of `kernels`, named
/// `<prefix>_<role>`, and returns its schedule, with `gemms` set to its
/// GEMMs. Fails with an error on the op.
FailureOr<Schedule>
buildCrossEntropySchedule(Operation *op, CrossEntropyPlanAttr plan,
                          gpu::GPUModuleOp kernels, StringRef prefix,
                          CrossEntropyGemms *gemms = nullptr);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_CONVERSION_LMHEADTOGPU_CROSSENTROPYSCHEDULE_H
