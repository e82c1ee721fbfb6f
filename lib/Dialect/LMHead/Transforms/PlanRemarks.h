//===- PlanRemarks.h - what --lmhead-plan says about each op ----*- C++ -*-===//
//
// Part of lmhead. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The remarks of --lmhead-plan (category `lmhead-plan`): an op planned, kept
// without a plan, or decomposed for the host compiler, and why; the
// configurations it could have had; operands rounded to bf16; GEMMs whose
// copies are narrower than 16 bytes. Each names the op's function.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_DIALECT_LMHEAD_TRANSFORMS_PLANREMARKS_H
#define LMHEAD_DIALECT_LMHEAD_TRANSFORMS_PLANREMARKS_H

#include "lmhead/Planning/CostModel.h"

#include "mlir/IR/Operation.h"

#include <string>
#include <vector>

namespace mlir {
namespace lmhead {

/// Reports that `op` was given a plan: `what` names it.
void remarkPassed(Operation *op, const Twine &what);
/// Reports that `op` goes back to the host compiler, and why.
void remarkDecomposed(Operation *op, const Twine &reason);
/// Reports why `op` was left as it is without a plan.
void remarkKept(Operation *op, const Twine &reason);
/// Lists, one remark each, the configurations the model could choose for
/// `op`'s GEMM `gemm` ("dh candidate: #lmhead.gemm<...> 12.34 us").
void remarkCandidates(Operation *op, StringRef gemm,
                      const std::vector<GemmPrediction> &candidates,
                      const GpuChip &chip);
/// Says that `op`'s operands were rounded for the kernels.
void remarkRounded(Operation *op, const Twine &what);
/// Says that `op`'s GEMM `gemm` (`problem`, predicted as `p`) copies its
/// operands in pieces narrower than 16 bytes, and why: what limits the
/// copies, and on a TMA target that the sm_80 kernel builds it.
void remarkNarrowCopies(Operation *op, StringRef gemm, const GemmPrediction &p,
                        const GemmProblem &problem, const GpuChip &chip);

/// A GEMM's name, its kernel family when it is not the chip's own, and its
/// tiles: "dh (sm_80 kernel) 128x128x32...".
std::string tilesOf(StringRef gemm, const GemmPrediction &p,
                    const GpuChip &chip);
/// tilesOf with the prediction, its main loop and epilogue, and the floor:
/// "dh 128x... (12.3 us predicted: main loop and launch 11.0 us, epilogue
/// 1.3 us, its loads bound by latency at 16 KiB in flight per SM; floor
/// 10.1 us)".
std::string describe(StringRef gemm, const GemmPrediction &p,
                     const GemmProblem &problem, const GpuChip &chip);
/// "1234.5 us".
std::string usStr(double micros);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_DIALECT_LMHEAD_TRANSFORMS_PLANREMARKS_H
