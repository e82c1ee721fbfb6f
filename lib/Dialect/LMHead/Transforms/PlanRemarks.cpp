//===- PlanRemarks.cpp - what --lmhead-plan says about each op ------------===//
//
// Part of lmhead. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "PlanRemarks.h"
#include "PlanAttributes.h"
#include "lmhead/Dialect/LMHead/Transforms/Remarks.h"

#include "mlir/IR/Remarks.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::lmhead;

namespace {
constexpr StringLiteral kRemarkCategory = "lmhead-plan";
} // namespace

void mlir::lmhead::remarkPassed(Operation *op, const Twine &what) {
  remark::passed(op->getLoc(),
                 remarkAbout(op, "LMHeadPlanned", kRemarkCategory))
      << what.str();
}

void mlir::lmhead::remarkDecomposed(Operation *op, const Twine &reason) {
  remark::missed(op->getLoc(),
                 remarkAbout(op, "LMHeadDecomposed", kRemarkCategory))
      << ("decomposed: " + reason).str();
}

void mlir::lmhead::remarkKept(Operation *op, const Twine &reason) {
  remark::analysis(op->getLoc(),
                   remarkAbout(op, "LMHeadNotPlanned", kRemarkCategory))
      << reason.str();
}

std::string mlir::lmhead::tilesOf(StringRef gemm, const GemmPrediction &p,
                                  const GpuChip &chip) {
  std::string kernel;
  if (p.kernel != chip.target)
    kernel = (" (" + stringifyGpuTarget(p.kernel) + " kernel)").str();
  return (gemm + kernel + " " + p.tiles.str()).str();
}

std::string mlir::lmhead::describe(StringRef gemm, const GemmPrediction &p,
                                   const GemmProblem &problem,
                                   const GpuChip &chip) {
  std::string epilogue =
      llvm::formatv("epilogue {0:F1} us", p.epilogueMicros).str();
  if (p.epilogueLatencyBound)
    epilogue += llvm::formatv(", its loads bound by latency at {0:F0} KiB in "
                              "flight per SM",
                              p.epilogueBytesInFlightPerSM / 1024)
                    .str();
  return llvm::formatv(
             "{0} ({1:F1} us predicted: main loop and launch {2:F1} us, {3}; "
             "floor {4:F1} us)",
             tilesOf(gemm, p, chip), p.micros, p.micros - p.epilogueMicros,
             epilogue, floorMicros(problem, chip))
      .str();
}

void mlir::lmhead::remarkNarrowCopies(Operation *op, StringRef gemm,
                                      const GemmPrediction &p,
                                      const GemmProblem &problem,
                                      const GpuChip &chip) {
  const GemmTiles &t = p.tiles;
  std::string limit;
  bool forced = t.copyBytes < widestCopyBytes(problem, &limit);
  std::string given =
      llvm::formatv("copy-bytes={0} was given", t.copyBytes).str();
  std::string how =
      t.elementCopies()
          ? "2-byte element copies (synchronous loads; cp.async copies 4, 8 "
            "or 16 bytes)"
          : llvm::formatv("{0}-byte cp.async copies", t.copyBytes).str();
  std::string what;
  if (p.kernel == chip.target)
    what = llvm::formatv("{0} uses {1}: {2}", gemm, how, forced ? given : limit)
               .str();
  else if (forced)
    what = llvm::formatv("{0} is built with the {1} kernel (ldmatrix, "
                         "mma.sync) and {2}: {3}, and TMA ({4}'s copies) "
                         "copies 16 bytes",
                         gemm, stringifyGpuTarget(p.kernel), how, given,
                         chip.targetName())
               .str();
  else
    what = llvm::formatv("{0} is built with the {1} kernel (ldmatrix, "
                         "mma.sync) and {2}, because TMA ({3}'s copies) needs "
                         "rows and bases of 16-byte multiples: {4}",
                         gemm, stringifyGpuTarget(p.kernel), how,
                         chip.targetName(), limit)
               .str();
  remark::analysis(op->getLoc(),
                   remarkAbout(op, "LMHeadNarrowCopies", kRemarkCategory))
      << what;
}

void mlir::lmhead::remarkRounded(Operation *op, const Twine &what) {
  remark::analysis(op->getLoc(),
                   remarkAbout(op, "LMHeadRoundedToBF16", kRemarkCategory))
      << what.str();
}

std::string mlir::lmhead::usStr(double micros) {
  return llvm::formatv("{0:F1} us", micros).str();
}

void mlir::lmhead::remarkCandidates(
    Operation *op, StringRef gemm,
    const std::vector<GemmPrediction> &candidates, const GpuChip &chip) {
  for (const GemmPrediction &p : candidates) {
    std::string config;
    llvm::raw_string_ostream os(config);
    os << configAttr(op->getContext(), p, chip);
    remark::analysis(op->getLoc(),
                     remarkAbout(op, "LMHeadCandidate", kRemarkCategory))
        << (gemm + " candidate: " + config + " " +
            llvm::formatv("{0:F2}", p.micros).str() + " us")
               .str();
  }
}
