//===- UpstreamRegistryAll.cpp - every upstream dialect and pass ----------===//
//
// The registry of mlir-opt: every upstream dialect, extension, pass and
// LLVM IR translation (see UpstreamRegistry.h).
//
//===----------------------------------------------------------------------===//

#include "UpstreamRegistry.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"

void mlir::lmhead::registerUpstream(DialectRegistry &registry) {
  registerAllPasses();
  registerAllDialects(registry);
  registerAllExtensions(registry);
  // gpu-module-to-binary translates kernels to LLVM IR for NVPTX.
  registerAllToLLVMIRTranslations(registry);
}
