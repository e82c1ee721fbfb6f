//===- GpuTarget.h - the GPUs lmhead writes kernels for ---------*- C++ -*-===//
//
// One typed notion of a GPU target: the `GpuTarget` enum names the kernel
// families (sm_80: cp.async + ldmatrix + mma.sync; sm_90a: TMA + mbarrier +
// wgmma), and one table holds the hardware facts of the GPUs of each family
// (A100 for sm_80, H100 and H200 for sm_90a). The cost model, the kernel
// writers, the pass options and the `#lmhead.plan` attribute all use these;
// nothing compares target names as strings.
//
// This header needs no MLIR: the planning library links LLVMSupport only.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_PLANNING_GPUTARGET_H
#define LMHEAD_PLANNING_GPUTARGET_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir {
namespace lmhead {

/// The kernel families lmhead writes, named by the PTX target they need.
enum class GpuTarget : uint32_t {
  /// Ampere: cp.async multistage copies, ldmatrix, mma.sync.
  Sm80 = 0,
  /// Hopper: TMA copies completing on mbarriers, issued by a producer
  /// warpgroup; consumer warpgroups multiply with wgmma.
  Sm90a = 1,
};

/// Every target, in enum order.
inline constexpr GpuTarget kAllGpuTargets[] = {GpuTarget::Sm80,
                                               GpuTarget::Sm90a};

/// The PTX target name of `target`: "sm_80" or "sm_90a".
llvm::StringRef stringifyGpuTarget(GpuTarget target);

/// The target whose PTX name is `name`, or std::nullopt.
std::optional<GpuTarget> symbolizeGpuTarget(llvm::StringRef name);

/// The accepted target names, for diagnostics: "sm_80, sm_90a".
llvm::StringRef knownGpuTargetNames();

/// Prints the PTX target name.
llvm::raw_ostream &operator<<(llvm::raw_ostream &os, GpuTarget target);

/// Whether the kernels of `target` multiply with warpgroup-wide wgmma (the
/// warp tile is then a consumer warpgroup's tile, and each block holds one
/// more warpgroup that only issues copies).
inline bool usesWarpgroupMma(GpuTarget target) {
  return target == GpuTarget::Sm90a;
}

/// Whether the GPUs of `target` run the kernels of family `kernel`: every
/// family on its own target, and the sm_80 kernels (cp.async, ldmatrix,
/// mma.sync) on sm_90a too, where a plan uses them for GEMMs whose operands
/// TMA cannot load.
inline bool runsOn(GpuTarget kernel, GpuTarget target) {
  return kernel == target || kernel == GpuTarget::Sm80;
}

/// What the cost model and the reports know of one GPU: its compute and
/// memory rates and the per-SM and per-block resource limits that decide
/// which kernels fit and how many blocks run at once.
struct GpuChip {
  /// The product name: "A100", "H100", "H200" (the SXM parts).
  llvm::StringRef name;
  /// The kernel family that runs on it.
  GpuTarget target;
  int64_t numSMs = 0;
  /// Dense bf16/f16 tensor-core rate, flop/s, from the data sheet.
  double datasheetFlops = 0;
  /// The tensor-core rate the cost model plans with, flop/s: the data
  /// sheet's for A100, the measured rate of a large bf16 GEMM for the
  /// Hopper parts (which do not reach their data-sheet rate).
  double peakFlops = 0;
  /// The fraction of `peakFlops` the best kernel of this family reaches
  /// (mma.sync kernels issue ldmatrix and address arithmetic between MMAs;
  /// the Hopper figure is already a measured rate).
  double bestEfficiency = 1;
  /// The fraction of `peakFlops` the best sm_80 kernel (mma.sync) reaches
  /// on this chip: `bestEfficiency` on the A100; on Hopper, which runs them
  /// for GEMMs whose operands TMA cannot load, what mma.sync leaves of the
  /// wgmma rate.
  double mmaSyncEfficiency = 1;
  /// DRAM bandwidth, bytes/s: the bytes each kernel must read or write once.
  double hbmBytesPerSecond = 0;
  /// L2->SM bandwidth, bytes/s: the re-reads of operand tiles by the blocks
  /// along the other dimension, which hit L2 when blocks run in order.
  double l2BytesPerSecond = 0;
  /// L2 capacity, bytes: an operand read by every group of tiles stays
  /// there between groups only when it fits in half of it.
  int64_t l2CapacityBytes = 0;
  /// Latency of a global load answered by DRAM, and by L2, seconds: with
  /// the bytes a kernel keeps in flight they bound its rate (Little's law,
  /// MemoryParallelism.h). Measured without load (a pointer chase), so the
  /// least a load waits: the rates they give are upper bounds.
  double dramLatencySeconds = 0, l2LatencySeconds = 0;
  int64_t sharedBytesPerSM = 0;
  /// The most dynamic shared memory one block may ask for.
  int64_t sharedBytesPerBlock = 0;
  int64_t registersPerSM = 0;
  /// The most 32-bit registers the threads of one block may hold together.
  int64_t registersPerBlock = 0;
  int64_t registersPerThread = 0;
  int64_t threadsPerSM = 0;
  int64_t blocksPerSM = 0;
  /// The boost clock, Hz, at which the data-sheet tensor-core rate is
  /// quoted (rate = SMs x dense bf16 flops per clock per SM x clock).
  double clockHz = 0;
  /// Results per clock per SM of the special-function units (MUFU: ex2,
  /// lg2, rcp, ...), from the CUDA programming guide's throughput table.
  int64_t specialOpsPerClockPerSM = 0;

  /// The PTX target name of `target`, for diagnostics.
  llvm::StringRef targetName() const { return stringifyGpuTarget(target); }
  /// Whether the chip's kernels use wgmma (see usesWarpgroupMma).
  bool warpgroupMma() const { return usesWarpgroupMma(target); }
  /// Exponentials per second over all SMs: each is one MUFU ex2 (the
  /// scaling by log2(e) runs on the FMA pipes, which have room to spare).
  double expPerSecond() const {
    return double(specialOpsPerClockPerSM) * double(numSMs) * clockHz;
  }
  /// The fraction of `peakFlops` the best kernel of family `kernel` reaches
  /// here (`kernel` must run on the chip: runsOn).
  double efficiencyOf(GpuTarget kernel) const {
    return kernel == target ? bestEfficiency : mmaSyncEfficiency;
  }
};

/// Every GPU of the table: A100, H100, H200.
llvm::ArrayRef<GpuChip> knownGpuChips();

/// The GPU called `name` ("H100"), or nullptr.
const GpuChip *lookupGpuChip(llvm::StringRef name);

/// The GPU `--lmhead-plan` plans a target's kernels for: the A100 for
/// sm_80, the H200 for sm_90a.
const GpuChip &planningChip(GpuTarget target);

/// Which elements an op with f32 operands computes its products in.
enum class F32Operands : uint32_t {
  /// Exactly, in f32: such an op stays on the host.
  F32 = 0,
  /// Operands rounded to bf16 for the tensor-core kernels, products still
  /// accumulated in f32.
  BF16 = 1,
};

/// How the forward and the backward of one head (a ce_linear_fwd and the
/// ce_linear_grad of its lse) are scheduled.
enum class CESchedule : uint32_t {
  /// One pass (a ce_linear_step) when it applies and the cost model
  /// predicts it faster; the two ops' own kernels otherwise.
  Auto = 0,
  /// One pass whenever it applies.
  OnePass = 1,
  /// Always the two ops' own kernels.
  TwoPass = 2,
};

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_PLANNING_GPUTARGET_H
