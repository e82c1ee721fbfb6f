//===- UpstreamRegistry.h - what lmhead-opt offers of MLIR ------*- C++ -*-===//
//
// lmhead-opt is built with one of two registries of upstream MLIR, chosen by
// CMake's LMHEAD_OPT_REGISTRY (each a .cpp defining the function below):
// - `all` (UpstreamRegistryAll.cpp): every upstream dialect, extension, pass
//   and LLVM IR translation, as mlir-opt has; the developer's tool, which the
//   lit tests drive with upstream passes;
// - `package` (UpstreamRegistryPackage.cpp): only what the lmhead pipelines
//   and the graphs they read need. The Python package calls lmhead-opt by
//   lmhead pass and pipeline names alone, so the wheel's statically linked
//   tool leaves the rest of MLIR and LLVM (other targets' backends, SPIR-V,
//   TOSA, the transform dialect) out of its binary.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_TOOLS_LMHEAD_OPT_UPSTREAMREGISTRY_H
#define LMHEAD_TOOLS_LMHEAD_OPT_UPSTREAMREGISTRY_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::lmhead {

/// Adds the upstream dialects, interface implementations and LLVM IR
/// translations of this build's registry to `registry`, and registers its
/// upstream passes with the global pass registry.
void registerUpstream(DialectRegistry &registry);

} // namespace mlir::lmhead

#endif // LMHEAD_TOOLS_LMHEAD_OPT_UPSTREAMREGISTRY_H
