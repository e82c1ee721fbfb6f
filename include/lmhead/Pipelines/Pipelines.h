//===- Pipelines.h - named lmhead pass pipelines ----------------*- C++ -*-===//
//
// The pipelines lmhead registers by name, so that every tool, script and
// test reaches them through one spelling (`lmhead-opt --<name>`).
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_PIPELINES_PIPELINES_H
#define LMHEAD_PIPELINES_PIPELINES_H

#include "lmhead/Conversion/LMHeadToGPU/OperandMemory.h"
#include "lmhead/Dialect/LMHead/Transforms/PlanOptions.h"

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

/// Options of `--lmhead-pipeline`: the target and minimum size, the
/// f32-operand policy, the cross-entropy workspace bound and the tile
/// overrides forwarded to `--lmhead-plan` (0: the cost model chooses);
/// where the ops' buffers live, forwarded to `--lmhead-lower-to-gpu`.
struct GPUPipelineOptions : public PassPipelineOptions<GPUPipelineOptions> {
  PassOptions::Option<GpuTarget> target{
      *this, "target",
      llvm::cl::desc("The GPU: sm_80 (cp.async + ldmatrix + mma.sync) or "
                     "sm_90a (TMA + mbarrier + wgmma)"),
      llvm::cl::init(GpuTarget::Sm80), gpuTargetValues()};
  PassOptions::Option<int64_t> minTokens{
      *this, "min-tokens",
      llvm::cl::desc("Ops with a static token count below this stay on the "
                     "host"),
      llvm::cl::init(512)};
  PassOptions::Option<F32Operands> f32Operands{
      *this, "f32-operands",
      llvm::cl::desc("f32 ops: f32 (exact, on the host) or bf16 (operands "
                     "rounded for the tensor-core kernels)"),
      llvm::cl::init(F32Operands::F32), f32OperandsValues()};
  PassOptions::Option<int64_t> ceWorkspaceBytes{
      *this, "ce-workspace-bytes",
      llvm::cl::desc("The most bytes of each ce_linear_grad's dZ chunk "
                     "workspace (0: the cost model chooses the chunk)"),
      llvm::cl::init(0)};
  PassOptions::Option<CESchedule> ceSchedule{
      *this, "ce-schedule",
      llvm::cl::desc("A head's forward and backward: auto (one pass when "
                     "predicted faster), one-pass or two-pass"),
      llvm::cl::init(CESchedule::Auto), ceScheduleValues()};
  PassOptions::Option<OperandMemory> operands{
      *this, "operands",
      llvm::cl::desc("Where the lmhead ops' tensors live: host (copied to "
                     "and from the device by each launch) or device (passed "
                     "to the kernels as they are)"),
      llvm::cl::init(OperandMemory::Host), operandMemoryValues()};
  /// `block-m` ... `swizzle`, as `--lmhead-plan` has them.
  GemmTileOptions<GPUPipelineOptions> tiles{*this};

  GPUPipelineOptions() {
    setOptionPassName("lmhead-pipeline", target, f32Operands, ceSchedule,
                      operands);
  }
};

/// Builds `--lmhead-pipeline`: plan each lmhead op, lower the planned ones
/// to kernels and launches, decompose the rest, bufferize and lower the host
/// code to the LLVM dialect, and compile the kernels to PTX held in a
/// `gpu.binary`. The result runs with `mlir-runner` and liblmhead_runtime.so.
/// Host functions may hold synchronous GPU host ops (`gpu.alloc`,
/// `gpu.memcpy`, `gpu.dealloc`, the allocations and deallocations marked
/// `bufferization.manual_deallocation`), as the call sites of
/// `operands=device` do: they are made async after bufferization.
void buildGPUPipeline(OpPassManager &pm, const GPUPipelineOptions &options);

/// Registers every lmhead pipeline with the global pass registry.
void registerPipelines();

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_PIPELINES_PIPELINES_H
