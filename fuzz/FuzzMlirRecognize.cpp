//===- FuzzMlirRecognize.cpp - libFuzzer target: decompose and recognize --===//
//
// Every input is MLIR text (MlirHarness.h). A module that parses goes, each
// time from a fresh copy, through the passes that read a user's graph as
// it comes from the frontend:
//
//   lmhead-decompose
//   lmhead-recognize, then lmhead-report (JSON, to /dev/null)
//
// Recognition's matchers see every shape of linalg and arith IR here, at
// hundreds of inputs a second; planning and lowering are
// FuzzMlirLower.cpp's.
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
  lmhead::fuzz::ParsedInput parsed = lmhead::fuzz::parseInput(data, size);
  if (!parsed.module)
    return 0;
  check(runRoute(*parsed.module, "lmhead-decompose"), "decompose");
  mlir::OwningOpRef<mlir::ModuleOp> recognized =
      lmhead::fuzz::recognize(*parsed.module);
  if (!recognized)
    return 0;
  check(runRoute(*recognized, "lmhead-report{format=json output=/dev/null}"),
        "recognize + report");
  return 0;
}
