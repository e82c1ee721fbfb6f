//===- LMHeadPlugin.cpp - lmhead as a plugin of a stock mlir-opt ----------===//
//
// Exports the two C entry points MLIR's plugin loader looks for: the dialect
// plugin adds the lmhead dialect to the tool's registry, the pass plugin
// registers the lmhead passes and pipelines.
//
//===----------------------------------------------------------------------===//

#include "lmhead/InitAll.h"

#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"

using namespace mlir;

extern "C" LLVM_ATTRIBUTE_WEAK DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "LMHead", LLVM_VERSION_STRING,
          [](DialectRegistry *registry) {
            lmhead::registerAllDialects(*registry);
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "LMHead", LLVM_VERSION_STRING,
          []() { lmhead::registerAllPasses(); }};
}
