//===- CostModel.h - tiles and times of the lmhead GEMMs --------*- C++ -*-===//
//
// The cost model of `--lmhead-plan`: for one GEMM C[M,N] = A[M,K]·B[K,N] with
// 16-bit operands and f32 accumulation, on one GPU target, it enumerates the
// kernel configurations the kernel generator can build (block and warp tiles,
// K step, stages, copy width, swizzle), rejects those that break a
// generator constraint or do not fit the target (shared memory, registers,
// threads), predicts a time for each of the others and picks the fastest.
//
// The prediction is a roofline with a few explainable efficiency factors
// (pipeline depth, warp-tile shape, warps per SM, copy width), counted in
// waves of thread blocks over the SMs and with the padding of ragged edges
// executed. It needs no IR, so it can be used and tested on its own.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_DIALECT_LMHEAD_TRANSFORMS_COSTMODEL_H
#define LMHEAD_DIALECT_LMHEAD_TRANSFORMS_COSTMODEL_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
namespace lmhead {

/// What the cost model knows of one GPU: its compute and memory rates and
/// the per-SM and per-block resource limits that decide which kernels fit
/// and how many blocks run at once.
struct GpuTarget {
  /// The target name of `--lmhead-plan=target=...` ("sm_80", "sm_90a").
  llvm::StringRef name;
  /// True for sm_90a: warp-specialised TMA + wgmma kernels, whose warp tile
  /// is the tile of one consumer warpgroup (4 warps; it spans the block's
  /// N, so the warpgroups split M) and whose blocks hold one more warpgroup
  /// that only issues copies.
  bool warpgroupMma = false;
  int64_t numSMs = 0;
  /// Dense bf16/f16 tensor-core rate, flop/s.
  double peakFlops = 0;
  /// The fraction of `peakFlops` the best kernel of this family reaches
  /// (mma.sync kernels issue ldmatrix and address arithmetic between MMAs;
  /// the sm_90a figure is already a measured rate).
  double bestEfficiency = 1;
  /// DRAM bandwidth, bytes/s: the bytes each kernel must read or write once.
  double hbmBytesPerSecond = 0;
  /// L2→SM bandwidth, bytes/s: the re-reads of operand tiles by the blocks
  /// along the other dimension, which hit L2 when blocks run in order.
  double l2BytesPerSecond = 0;
  int64_t sharedBytesPerSM = 0;
  /// The most dynamic shared memory one block may ask for.
  int64_t sharedBytesPerBlock = 0;
  int64_t registersPerSM = 0;
  int64_t registersPerThread = 0;
  int64_t threadsPerSM = 0;
  int64_t blocksPerSM = 0;

  /// The target called `name`, or std::nullopt when it is not one of
  /// `knownNames()`.
  static std::optional<GpuTarget> lookup(llvm::StringRef name);

  /// The accepted target names, for diagnostics: "sm_80, sm_90a".
  static llvm::StringRef knownNames();
};

/// One GEMM C[M,N] = A[M,K]·B[K,N], described by what the kernels see of it:
/// sizes, element widths and how A and B are laid out in memory.
struct GemmProblem {
  int64_t m = 0, n = 0, k = 0;
  /// Bytes of one element of A and B: 2 (bf16/f16) or 4 (f32).
  int64_t elementBytes = 2;
  /// Bytes of one element of C as it is written.
  int64_t resultBytes = 4;
  /// The number of elements of one contiguous row of A's and of B's storage
  /// (the leading dimension): it decides how wide the copies may be.
  int64_t rowElementsA = 0, rowElementsB = 0;
  /// Whether A's (B's) storage rows run along K; otherwise along M (N), as
  /// for dZᵀ, whose storage is dZ[N,V].
  bool aRowsAlongK = true, bRowsAlongK = false;
  /// The names of A and B in diagnostics ("dZ", "W", ...).
  llvm::StringRef nameA = "A", nameB = "B";

  /// `2·M·N·K`, the flops the GEMM needs.
  double flops() const { return 2.0 * m * n * k; }
};

/// One kernel configuration, field for field the `#lmhead.gemm` attribute.
struct GemmTiles {
  int64_t blockM = 0, blockN = 0, blockK = 0, warpM = 0, warpN = 0;
  int64_t stages = 0, copyBytes = 0, swizzle = 0;

  /// Warps (sm_80) or consumer warpgroups (sm_90a) computing one block tile.
  int64_t numWarpTiles() const { return (blockM / warpM) * (blockN / warpN); }
  /// "BMxBNxBK, warp WMxWN, S stages, C-byte copies, swizzle Z".
  std::string str() const;
};

/// Values of a configuration fixed by the user; 0 leaves a field to the
/// model. A fixed value replaces the model's candidates for that field.
struct GemmOverrides {
  int64_t blockM = 0, blockN = 0, blockK = 0, warpM = 0, warpN = 0;
  int64_t stages = 0, copyBytes = 0, swizzle = 0;

  /// Whether any field is fixed.
  bool any() const;
  /// The fixed fields in option spelling: "block-m=256 stages=3".
  std::string str() const;
};

/// What the model predicts for one valid configuration, with the terms the
/// prediction is made of (so that reports and tests can explain it).
struct GemmPrediction {
  GemmTiles tiles;
  /// The predicted kernel time.
  double micros = 0;
  /// The tensor-core term, the L2 re-read term and the DRAM term; the
  /// kernel overlaps them, so `micros` is their maximum plus the launch.
  double computeMicros = 0, l2Micros = 0, hbmMicros = 0;
  /// The product of the efficiency factors applied to the tensor-core rate.
  double efficiency = 0;
  int64_t threads = 0, sharedBytes = 0, registersPerThread = 0;
  /// Blocks resident on one SM at once, the number of block tiles, and the
  /// number of waves they take over all SMs.
  int64_t blocksPerSM = 0, numTiles = 0, waves = 0;
  /// Bytes read from L2 (every operand tile once per block that needs it)
  /// and from DRAM (every operand once, C written once).
  double l2Bytes = 0, hbmBytes = 0;
};

/// The result of planning one GEMM: the fastest configuration, or why there
/// is none.
struct GemmPlan {
  enum class Failure {
    /// A configuration was chosen.
    None,
    /// The problem itself cannot be planned (f32 operands, misaligned rows):
    /// the op is left to the host compiler.
    Unsupported,
    /// The problem could be planned but no configuration satisfies the
    /// overrides: a user error.
    NoValidConfig,
  };
  Failure failure = Failure::None;
  /// Set when `failure` is `None`.
  std::optional<GemmPrediction> choice;
  /// Why nothing was chosen, when `failure` is not `None`.
  std::string reason;
  /// The number of configurations that were valid and predicted.
  int64_t validCandidates = 0;

  explicit operator bool() const { return failure == Failure::None; }
};

/// The time of `problem` at the target's full tensor-core rate, 2·M·N·K /
/// peak, in microseconds: no kernel can be faster.
double floorMicros(const GemmProblem &problem, const GpuTarget &target);

/// The widest copy (16, 8 or 4 bytes) that divides the rows of both A and B,
/// or std::nullopt (with the reason in `whyNot`) when there is none.
std::optional<int64_t> widestCopyBytes(const GemmProblem &problem,
                                       std::string *whyNot = nullptr);

/// Checks `tiles` against the kernel generator's constraints and the
/// target's limits for `problem` and predicts its time, or returns
/// std::nullopt with the first broken constraint in `whyNot`.
std::optional<GemmPrediction> predictGemm(const GemmProblem &problem,
                                          const GpuTarget &target,
                                          const GemmTiles &tiles,
                                          std::string *whyNot = nullptr);

/// Enumerates the candidate configurations of `problem` on `target` (within
/// `overrides`), predicts each valid one and returns the fastest; ties go to
/// the one reading fewer bytes from L2, then to less shared memory. With
/// `valid`, every valid candidate (every configuration the model could
/// choose) is also appended there.
GemmPlan planGemm(const GemmProblem &problem, const GpuTarget &target,
                  const GemmOverrides &overrides = {},
                  std::vector<GemmPrediction> *valid = nullptr);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_DIALECT_LMHEAD_TRANSFORMS_COSTMODEL_H
