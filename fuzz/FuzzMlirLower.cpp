//===- FuzzMlirLower.cpp - libFuzzer target: planning and lowering --------===//
//
// Every input is MLIR text (MlirHarness.h). A module that parses is
// recognized, and the result goes, each time from a fresh copy, through
// planning and the lowering to GPU kernels for both targets:
//
//   lmhead-plan (sm_80, min-tokens=0), lmhead-lower-to-gpu
//   lmhead-plan (sm_90a, min-tokens=0), lmhead-lower-to-gpu
//
// (min-tokens=0, so that small shapes reach the kernels). The kernels'
// PTX is FuzzMlirBundle.cpp's: LLVM's NVPTX back end takes a second or
// more per kernel, against milliseconds for this.
//
//===----------------------------------------------------------------------===//

#include "MlirHarness.h"

using lmhead::fuzz::check;
using lmhead::fuzz::runRoute;

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  mlir::lmhead::registerAllPasses();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, std::size_t size) {
  lmhead::fuzz::ParsedInput recognized =
      lmhead::fuzz::parseAndRecognize(data, size);
  if (!recognized.module)
    return 0;
  check(runRoute(*recognized.module, "lmhead-plan{target=sm_80 min-tokens=0},"
                                     "lmhead-lower-to-gpu"),
        "recognize + plan sm_80 + lower-to-gpu");
  check(runRoute(*recognized.module, "lmhead-plan{target=sm_90a min-tokens=0},"
                                     "lmhead-lower-to-gpu"),
        "recognize + plan sm_90a + lower-to-gpu");
  return 0;
}
