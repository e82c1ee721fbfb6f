//===- CrossEntropyCost.h - kernels and times of the fused ce ops -*- C++
//-*-===//
//
// The cost model of `--lmhead-plan` for `lmhead.ce_linear_fwd` and
// `lmhead.ce_linear_grad`: it reads each op as the kernels that run it (the
// logits GEMM with a cross-entropy epilogue, and for the backward the dh and
// dW products of each vocabulary chunk of dZ, plus a few small kernels),
// plans every GEMM with planGemm (CostModel.h), predicts the op's time from
// those GEMMs and explainable bandwidth, exp, overlap and launch terms, and
// for the backward chooses the chunk, within a workspace bound when one is
// given. Like CostModel.h it needs no IR.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_PLANNING_CROSSENTROPYCOST_H
#define LMHEAD_PLANNING_CROSSENTROPYCOST_H

#include "lmhead/Planning/CostModel.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
namespace lmhead {

/// Vocabulary chunks are a multiple of this many columns, so that the views
/// of W and of the workspace at a chunk's first column stay 128-byte aligned
/// (64 columns of a 16-bit type).
inline constexpr int64_t kChunkColumnAlignment = 64;

/// The default choice of the chunk takes the smallest workspace whose
/// predicted time is within this fraction of the best chunk's.
inline constexpr double kChunkTimeTolerance = 0.02;

/// One fused cross-entropy op as its kernels see it.
struct CrossEntropyProblem {
  /// `ce_linear_grad` (the backward) or `ce_linear_fwd`.
  bool backward = false;
  /// N tokens, D hidden, V vocabulary.
  int64_t tokens = 0, hidden = 0, vocab = 0;
  /// Bytes of one element of h and W (and of the dZ workspace): 2 for the
  /// kernels' bf16/f16, 4 for f32 (which they do not take).
  int64_t elementBytes = 2;
  /// W stored [V,D] (`layout(vd)`), or [D,V] (`layout(dv)`).
  bool weightVD = true;
  /// Bytes of one label.
  int64_t labelBytes = 8;
  /// Whether the logits have a bias. Its V values, read by the logits
  /// epilogue, are below the model's resolution; it only narrows the
  /// forward's warpgroup tiles (kMaxBiasedWarpgroupN).
  bool bias = false;
  /// Backward: whether the bias gradient db = sum over tokens of dZ is
  /// computed (column sums of each chunk).
  bool biasGradient = false;
  /// Backward: bytes of one element of dh and of dW as the op returns them.
  int64_t dhResultBytes = 2, dwResultBytes = 4;
  /// Backward: whether existing dh / dW gradients are read and added.
  bool accumulateDh = false, accumulateDw = false;
  /// Backward: the most bytes the dZ workspace (two chunk buffers of
  /// N x chunk operand-type values) may take; 0 lets the model choose.
  int64_t workspaceBytes = 0;
};

/// The widest consumer-warpgroup tile (warpN) the forward's logits epilogue
/// takes on sm_90a when the logits have a bias: it holds each of a thread's
/// columns' bias beside its accumulators, and wider tiles spill (ptxas).
/// The same holds when it also stores the logits (ce_linear_step): ptxas
/// (CUDA 13) spilled 40 bytes at warpN = 192 and 60 at 256, none at 128.
constexpr int64_t kMaxBiasedWarpgroupN = 128;

/// The widest tile (warpN) of the forward's logits epilogue on sm_90a when
/// the block has a single consumer warpgroup (blockM = warpM): ptxas (CUDA
/// 13) spills 8 bytes of the 64x256 tile's epilogue at that block's 240
/// registers, where a block of two consumer warpgroups holds the same tile
/// without spilling.
constexpr int64_t kMaxSingleWarpgroupN = 192;

/// Why the forward's logits epilogue (ce_linear_fwd's partials, and with
/// `storesLogits` ce_linear_step's, which also stores the logits) cannot
/// take `tiles` in a kernel of family `kernel`, with or without a logit
/// `bias`, or none: the tiles it would spill in
/// (kMaxBiasedWarpgroupN, kMaxSingleWarpgroupN, kMaxSingleWarpBlockK,
/// kMaxElementCopyBlockK). The planner leaves such configurations out; the
/// epilogue rejects them in a plan written by hand.
std::optional<std::string> forwardEpilogueLimit(const GemmTiles &tiles,
                                                GpuTarget kernel, bool bias,
                                                bool storesLogits = false);

/// The bytes of the dZ workspace with `chunk` columns: two chunk buffers,
/// 2 * N * chunk * elementBytes, or one when the chunk covers V.
int64_t chunkWorkspaceBytes(const CrossEntropyProblem &problem, int64_t chunk);

/// The logits GEMM z = h * W^T over `columns` vocabulary columns (all of V
/// for the forward, one chunk for the backward): M = N, N = columns, K = D.
/// The forward's epilogue stores no logits (resultBytes 0; its partials are
/// a term of their own), the backward's stores dZ in the operand type.
GemmProblem crossEntropyLogitsGemm(const CrossEntropyProblem &problem,
                                   int64_t columns);

/// dh += dZ_c * W_c for a chunk of `columns` columns held in a workspace
/// whose rows are `chunk` long: M = N, N = D, K = columns, f32 result.
GemmProblem crossEntropyDhGemm(const CrossEntropyProblem &problem,
                               int64_t columns, int64_t chunk);

/// dW_c = dZ_c^T * h (M = columns, N = D, K = N) or, for a [D,V] weight,
/// dW_c^T = h^T * dZ_c (M = D, N = columns, K = N).
GemmProblem crossEntropyDwGemm(const CrossEntropyProblem &problem,
                               int64_t columns, int64_t chunk);

/// No kernel can beat the tensor-core time of the op's flops: one GEMM of
/// 2*N*V*D (forward) or three (backward) at the chip's full rate.
double crossEntropyFloorMicros(const CrossEntropyProblem &problem,
                               const GpuChip &chip);

/// What the model predicts for one choice of tiles (and chunk), with the
/// terms the prediction is the sum of.
struct CrossEntropyPrediction {
  /// The logits GEMM (the backward's: of a full chunk).
  GemmPrediction logits;
  /// Backward: the products of a full chunk.
  std::optional<GemmPrediction> dh, dw;
  /// Backward: the chunk's columns, how many chunks cover V, and the bytes
  /// of the workspace (chunkWorkspaceBytes). 0 for the forward.
  int64_t chunk = 0, numChunks = 0, workspaceBytes = 0;

  /// The predicted time of all the op's kernels; the sum of the terms below
  /// from `gemmMicros` on.
  double micros = 0;
  /// The GEMM kernels as they run, with the exp of their epilogues; for the
  /// backward on two streams, the products overlapping each other and the
  /// next chunk's logits.
  double gemmMicros = 0;
  /// Forward: the epilogue's partials (16 bytes per row and warp-column
  /// tile) written to DRAM, and the bias read.
  double partialsMicros = 0;
  /// Forward: the row kernel (reads the partials, writes lse and loss) and
  /// the one-block reduction kernel.
  double rowMicros = 0;
  /// Backward: grad scale, the column sums of db, the zeroing of the f32 dh
  /// buffer and its final cast to the result type.
  double smallKernelMicros = 0;
  /// Backward: the synchronisation of each chunk (events between the two
  /// streams and the two buffers), `numChunks` times kChunkMicros.
  double chunkMicros = 0;

  /// Parts of `gemmMicros`, each summed over the chunks as if the kernels
  /// ran one after another: the logits GEMMs, the exp of their epilogues,
  /// and the dh and dW products; `overlapMicros` is what the streams save
  /// (their sum minus `gemmMicros`).
  double logitsMicros = 0, expMicros = 0, dhMicros = 0, dwMicros = 0,
         overlapMicros = 0;
  /// crossEntropyFloorMicros of the problem.
  double floorMicros = 0;
};

/// The configurations of the op's GEMMs that the model could choose (for
/// the backward: those of the chosen chunk's full-size GEMMs).
struct CrossEntropyCandidates {
  std::vector<GemmPrediction> logits, dh, dw;
};

/// The result of planning one cross-entropy op.
struct CrossEntropyPlan {
  enum class Failure {
    /// A plan was chosen.
    None,
    /// The kernels cannot take the op (f32 operands, rows of h or W that
    /// the copies cannot move): it is left to the host compiler.
    Unsupported,
    /// No configuration of one of the GEMMs satisfies the tile overrides.
    NoValidConfig,
    /// The workspace bound cannot hold two chunks of 64 columns.
    WorkspaceTooSmall,
  };
  Failure failure = Failure::None;
  /// Set when `failure` is `None`.
  std::optional<CrossEntropyPrediction> choice;
  /// Why nothing was chosen, when `failure` is not `None`; for
  /// NoValidConfig it starts with the GEMM ("logits z = h*W^T: ",
  /// "dh += dZ_c*W_c: ", "dW_c = dZ_c^T*h: " or "dW_c^T = h^T*dZ_c: ").
  std::string reason;
  /// The smallest workspace bound that works (two chunks of 64 columns),
  /// set with WorkspaceTooSmall.
  int64_t minWorkspaceBytes = 0;
  /// Backward: every chunk that was predicted, with its time, in increasing
  /// chunk order (the default choice looks at all of them; a given
  /// workspace bound predicts only the largest chunk it holds).
  std::vector<std::pair<int64_t, double>> chunkTimes;

  explicit operator bool() const { return failure == Failure::None; }
};

/// Plans `problem` on `chip`: the tiles of each GEMM (within the non-zero
/// fields of `overrides`, which apply to every GEMM), and for the backward
/// the chunk. Without a workspace bound the chunk is the smallest (one of
/// the chunks that split V most evenly into k chunks, for every k) whose
/// predicted time is within kChunkTimeTolerance of the fastest chunk's; with
/// one, the largest multiple of 64 columns it holds (at most V rounded up
/// to 64). With `candidates`, the valid configurations of the chosen GEMMs
/// are appended there.
CrossEntropyPlan planCrossEntropy(const CrossEntropyProblem &problem,
                                  const GpuChip &chip,
                                  const GemmTiles &overrides = {},
                                  CrossEntropyCandidates *candidates = nullptr);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_PLANNING_CROSSENTROPYCOST_H
