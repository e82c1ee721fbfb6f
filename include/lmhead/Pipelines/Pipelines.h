//===- Pipelines.h - named lmhead pass pipelines ----------------*- C++ -*-===//
//
// The pipelines lmhead registers by name, so that every tool, script and
// test reaches them through one spelling (`lmhead-opt --<name>`).
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_PIPELINES_PIPELINES_H
#define LMHEAD_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;
namespace lmhead {

/// Options of `--lmhead-cpu-pipeline`.
struct CPUPipelineOptions : public PassPipelineOptions<CPUPipelineOptions> {
  PassOptions::Option<bool> decompose{
      *this, "decompose",
      llvm::cl::desc("Decompose lmhead ops first (off when the input has "
                     "none and should be lowered as it is)"),
      llvm::cl::init(true)};
};

/// Builds `--lmhead-cpu-pipeline`: lmhead ops are decomposed into their
/// definition, bufferized and lowered to the LLVM dialect for the host CPU,
/// ready for `mlir-runner` with the MLIR runner utility libraries.
void buildCPUPipeline(OpPassManager &pm, const CPUPipelineOptions &options);

/// Registers every lmhead pipeline with the global pass registry.
void registerPipelines();

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_PIPELINES_PIPELINES_H
