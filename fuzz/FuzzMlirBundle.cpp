//===- FuzzMlirBundle.cpp - libFuzzer target: writing bundles -------------===//
//
// Every input is MLIR text (MlirHarness.h). A module that parses is
// recognized and planned for sm_80 (min-tokens=0); when that leaves at
// most kMaxBundleOps lmhead ops, lmhead-write-bundle writes their kernels
// (through LLVM's NVPTX back end) and manifest into a temporary folder.
// This is the slow stage, a second or more per op under the sanitizers,
// so it has a target of its own and the cheap stages do not wait on it.
//
//===----------------------------------------------------------------------===//

#include "MlirHarness.h"
#include "ScratchDirectory.h"

#include "llvm/Support/FileSystem.h"

using lmhead::fuzz::check;
using lmhead::fuzz::runRoute;

namespace {

/// Planned lmhead ops a module may hold for its bundle to be written: each
/// costs a trip through the NVPTX back end.
constexpr unsigned kMaxBundleOps = 1;

/// Counts the lmhead ops left in `module` (after planning and before
/// lowering: the ops whose kernels a bundle would hold).
unsigned countLMHeadOps(mlir::ModuleOp module) {
  unsigned count = 0;
  module.walk([&](mlir::Operation *op) {
    if (op->getDialect() && op->getDialect()->getNamespace() == "lmhead")
      ++count;
  });
  return count;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  mlir::lmhead::registerAllPasses();
  lmhead::fuzz::makeScratchDirectory("lmhead-fuzz-mlir-bundle");
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, std::size_t size) {
  lmhead::fuzz::ParsedInput recognized =
      lmhead::fuzz::parseAndRecognize(data, size);
  if (!recognized.module)
    return 0;
  mlir::OwningOpRef<mlir::ModuleOp> planned;
  check(runRoute(*recognized.module, "lmhead-plan{target=sm_80 min-tokens=0}",
                 &planned),
        "recognize + plan sm_80");
  if (!planned || countLMHeadOps(*planned) == 0 ||
      countLMHeadOps(*planned) > kMaxBundleOps)
    return 0;
  // --lmhead-write-bundle refuses a folder that is not empty.
  std::string bundle = lmhead::fuzz::scratchDirectory() + "/bundle";
  check(runRoute(*planned, "lmhead-write-bundle{dir=" + bundle + "}"),
        "recognize + plan sm_80 + write-bundle");
  llvm::sys::fs::remove_directories(bundle);
  return 0;
}
