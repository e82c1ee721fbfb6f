//===- InitAll.h - register everything lmhead provides ----------*- C++ -*-===//
//
// One place for tools (lmhead-opt, the plugin, tests) to register the lmhead
// dialect, its passes and its pipelines.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_INITALL_H
#define LMHEAD_INITALL_H

namespace mlir {
class DialectRegistry;
namespace lmhead {

/// Adds the lmhead dialect to `registry`.
void registerAllDialects(DialectRegistry &registry);

/// Registers every lmhead pass and pipeline with the global pass registry.
void registerAllPasses();

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_INITALL_H
