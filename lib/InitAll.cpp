//===- InitAll.cpp - register everything lmhead provides ------------------===//
//
// Tools call these two functions instead of knowing the list of dialects,
// passes and pipelines themselves.
//
//===----------------------------------------------------------------------===//

#include "lmhead/InitAll.h"

#include "lmhead/Conversion/LMHeadToGPU/Passes.h"
#include "lmhead/Dialect/LMHead/IR/LMHeadDialect.h"
#include "lmhead/Dialect/LMHead/Transforms/Passes.h"
#include "lmhead/Pipelines/Pipelines.h"

#include "mlir/IR/DialectRegistry.h"

void mlir::lmhead::registerAllDialects(DialectRegistry &registry) {
  registry.insert<LMHeadDialect>();
}

void mlir::lmhead::registerAllPasses() {
  registerLMHeadPasses();
  registerLMHeadToGPUPasses();
  registerPipelines();
}
