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
// executed. It needs no IR (the planning library links LLVMSupport only), so
// it can be used and tested on its own.
//
// Every GEMM gets a configuration, whatever its sizes: the copies are as
// wide as the operands' rows and bases allow, down to 2-byte element loads
// for a row of odd length (GPT-2's V = 50257). On sm_90a a GEMM whose
// copies must be narrower than TMA's 16 bytes is built by the sm_80 kernel
// writer instead (gemmKernelFor), and predicted with that kernel's model on
// the Hopper chip.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_PLANNING_COSTMODEL_H
#define LMHEAD_PLANNING_COSTMODEL_H

#include "lmhead/Planning/GemmTiles.h"
#include "lmhead/Planning/GpuTarget.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
namespace lmhead {

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
  /// The alignment, in bytes, known of A's (B's) first element. The kernels
  /// of linear_grad read whole buffers, whose allocations have at least the
  /// 16 bytes that the widest copies need; a view into a larger buffer (a
  /// chunk of W's columns) may have less.
  int64_t baseAlignA = 16, baseAlignB = 16;
  /// The names of A and B in diagnostics ("dZ", "W", ...).
  llvm::StringRef nameA = "A", nameB = "B";
  /// Whether the epilogue adds to C's old values (C += A·B): it loads them
  /// before it stores, and those loads wait on DRAM's latency.
  bool accumulatesC = false;
  /// Whether the epilogue reduces C's rows in registers (the cross-entropy
  /// logits kernels' row statistics and dZ): with more than 64
  /// accumulators a thread it leaves ptxas no registers for a persistent
  /// kernel's tile loop, which then spills.
  bool reducesRows = false;
  /// Whether the epilogue writes whole tiles of C (linear_grad's products,
  /// the cross-entropy dh and dW GEMMs), which an sm_90a kernel may stage
  /// through shared memory and store with TMA (GemmTiles::tmaStore); the
  /// row-reducing logits epilogues do not.
  bool storesTiles = false;
  /// The elements between the starts of two rows of C (0: N, C being a
  /// whole matrix), and the alignment in bytes known of its first element:
  /// TMA stores rows of 16-byte multiples from 16-byte aligned bases.
  int64_t rowElementsC = 0;
  int64_t baseAlignC = 16;
  /// Exponentials the epilogue takes per element of C after each tile's K
  /// loop (the cross-entropy logits' epilogues: one), at the chip's
  /// special-function rate (GpuChip::expPerSecond).
  double epilogueExpsPerElement = 0;

  /// `2·M·N·K`, the flops the GEMM needs.
  double flops() const { return 2.0 * m * n * k; }
};

/// What the model predicts for one valid configuration, with the terms the
/// prediction is made of (so that reports and tests can explain it).
struct GemmPrediction {
  GemmTiles tiles;
  /// The kernel family that builds it (gemmKernelFor): the chip's own, or
  /// sm_80 on an sm_90a chip for copies narrower than TMA's.
  GpuTarget kernel = GpuTarget::Sm80;
  /// The predicted kernel time.
  double micros = 0;
  /// The main loop's tensor-core term, L2 re-read term and DRAM term; the
  /// kernel overlaps them, so the main loop takes their maximum. The memory
  /// terms are each the larger of bytes / bandwidth and what the loop's
  /// bytes in flight allow (MemoryParallelism.h).
  double computeMicros = 0, l2Micros = 0, hbmMicros = 0;
  /// The epilogue, summed over the waves: C written (and, when it
  /// accumulates, read first) once its tile's K loop is done. A block runs
  /// its epilogue after its main loop and the blocks of a wave finish
  /// together, so nothing hides it: `micros` is the main loop, plus this,
  /// plus the launch. A persistent kernel's stores but the last wave's
  /// drain under the next tile's main loop: they are in the DRAM term, and
  /// this holds the rest.
  double epilogueMicros = 0;
  /// Of `epilogueMicros`, the epilogue's work on the SMs that no main loop
  /// hides: its exponentials, and (sm_90a) the consumers' instructions
  /// that store C. A cooperative kernel's tensor cores wait for every
  /// tile's; a ping-pong kernel runs one consumer's under the other's main
  /// loop, so only the last tile's and what outlasts a main loop remain.
  double epilogueExpMicros = 0, epilogueStoreMicros = 0;
  /// Whether the epilogue's loads are bound by latency rather than by
  /// bandwidth.
  bool epilogueLatencyBound = false;
  /// Bytes of loads in flight on one SM: of operand stages in the main loop
  /// (copies issued before the stage is used), and of C's old values in an
  /// accumulating epilogue.
  double mainLoopBytesInFlightPerSM = 0, epilogueBytesInFlightPerSM = 0;
  /// The product of the efficiency factors applied to the tensor-core rate.
  double efficiency = 0;
  int64_t threads = 0, sharedBytes = 0, registersPerThread = 0;
  /// Blocks resident on one SM at once, the number of block tiles, and the
  /// number of waves they take over all SMs.
  int64_t blocksPerSM = 0, numTiles = 0, waves = 0;
  /// Bytes read from L2 (every operand tile once per block that needs it)
  /// and moved through DRAM: A once (once per wave of columns when a wave's
  /// panels do not fit in L2), B once per group of
  /// `tiles.rasterGroupRows()` rows of tiles unless it fits in L2, C written
  /// once (and read once when it accumulates).
  double l2Bytes = 0, hbmBytes = 0;
};

/// The result of planning one GEMM: the fastest configuration, or why there
/// is none.
struct GemmPlan {
  enum class Failure {
    /// A configuration was chosen.
    None,
    /// The problem itself cannot be planned (f32 operands, an empty GEMM):
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

/// The time of `problem` at the chip's full tensor-core rate, 2·M·N·K /
/// peak, in microseconds: no kernel can be faster.
double floorMicros(const GemmProblem &problem, const GpuChip &chip);

/// Why the kernels cannot take `problem` on `chip` at all (f32 operands, an
/// empty GEMM), or std::nullopt: the check planGemm starts with, for
/// planners that combine several GEMMs and check their operands once.
std::optional<std::string> unsupportedGemmReason(const GemmProblem &problem,
                                                 const GpuChip &chip);

/// The widest copy (16, 8 or 4 bytes, cp.async's sizes, or 2, an element
/// load) that divides the rows and the base alignments of both A and B.
/// Below 16, `limit` is set to what rules out the next wider copy ("the
/// rows of dZ are 1001 elements of 2 bytes = 2002 bytes, not a multiple of
/// 4").
int64_t widestCopyBytes(const GemmProblem &problem,
                        std::string *limit = nullptr);

/// Why TMA cannot store C's tiles (GemmTiles::tmaStore): "the epilogue
/// stores no whole tiles of C" or "C's rows are 2002 bytes, not a multiple
/// of 16"; none where it can.
std::optional<std::string> whyNoTmaStore(const GemmProblem &problem);

/// The kernel family that builds a GEMM with copies of `copyBytes` for the
/// GPUs of `target`: `target`'s own, except on sm_90a, where TMA copies 16
/// bytes from rows and bases of 16-byte multiples, so a GEMM with narrower
/// copies is an sm_80 kernel (cp.async or element loads, ldmatrix,
/// mma.sync, which Hopper runs too).
GpuTarget gemmKernelFor(GpuTarget target, int64_t copyBytes);

/// The token count an op with a dynamic N is planned (and reported) for: a
/// typical training batch.
constexpr int64_t kPlannedTokensForDynamicN = 8192;

/// On the sm_80 kernel family, a block of a single warp holding 64x64
/// accumulators or more (64x64, 32x128, 128x32) takes a K step of at most
/// this. Its 32 threads issue every copy of a stage (32 cp.async each at a
/// K step of 64), and ptxas (CUDA 13) then runs out of registers: the
/// 64x64 tile spilled 32 to 64 bytes in a plain dh GEMM (2 stages), in
/// ce_linear_grad's dh GEMM (5 stages) and in ce_linear_fwd's logits
/// epilogue (3 and 5 stages).
constexpr int64_t kMaxSingleWarpBlockK = 32;

/// With element copies (rows of odd length) the sm_80 kernel holds a K
/// step's loaded elements in registers until it stores them to shared
/// memory, so a K step of 64 (128 or more elements a thread) leaves ptxas
/// (CUDA 13) too few registers beside a heavy epilogue: 8 to 32 bytes
/// spilled in ce_linear_fwd's logits epilogue, ce_linear_grad's dZ
/// epilogue and its dh GEMM. Element copies step K by at most this.
constexpr int64_t kMaxElementCopyBlockK = 32;

/// Checks `tiles` against the kernel generator's constraints and the
/// chip's limits for `problem` and predicts its time, or returns
/// std::nullopt with the first broken constraint in `whyNot`.
std::optional<GemmPrediction> predictGemm(const GemmProblem &problem,
                                          const GpuChip &chip,
                                          const GemmTiles &tiles,
                                          std::string *whyNot = nullptr);

/// Enumerates the candidate configurations of `problem` on `chip` (within
/// the non-zero fields of `overrides`), predicts each valid one and returns
/// the fastest; ties go to the one reading fewer bytes from L2, then to less
/// shared memory. With
/// `valid`, every valid candidate (every configuration the model could
/// choose) is also appended there.
GemmPlan planGemm(const GemmProblem &problem, const GpuChip &chip,
                  const GemmTiles &overrides = {},
                  std::vector<GemmPrediction> *valid = nullptr);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_PLANNING_COSTMODEL_H
