//===- OnePassCost.h - the one-pass training step's cost model --*- C++ -*-===//
//
// A training step whose ce_linear_fwd and ce_linear_grad read the same h, W
// and labels, with the loss gradient known before the forward, can compute
// the logits once: per chunk of tokens the logits GEMM z_c = h_c * W^T
// fills a chunk buffer (operand type) and writes the forward's partials, a
// row pass merges the partials into lse and the loss terms and turns the
// buffer into dZ_c in place, then dh_c = dZ_c * W is written once on one
// stream while dW += dZ_c^T * h_c accumulates in f32 on another, and the
// next chunk's logits fill the other buffer. Three GEMMs of work for the
// forward and the backward together, where the two ops alone take four
// (../docs/CrossEntropyKernels.md). This header predicts that schedule, so
// that the planner can compare it with the two ops' own plans
// (CrossEntropyCost.h) and choose its token chunk within a workspace bound.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_PLANNING_ONEPASSCOST_H
#define LMHEAD_PLANNING_ONEPASSCOST_H

#include "lmhead/Planning/CrossEntropyCost.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mlir {
namespace lmhead {

/// Token chunks are multiples of this many rows (the taller block tiles'
/// height), except a chunk of all N tokens.
constexpr int64_t kTokenChunkAlignment = 128;

/// The bytes of the one-pass step's workspace with token chunks of `rows`,
/// what `ce-workspace-bytes` bounds: two chunk buffers of rows x V
/// operand-type values (one when the chunk holds every token; their rows
/// padded to kChunkColumnAlignment columns, so that every row starts
/// 16-byte aligned) and the partials of one
/// chunk's logits (16 bytes per row and 64 columns at most). The f32 dW
/// accumulator of a 16-bit dW (V x D x 4 bytes) is not part of it: like
/// the results, it is O(V x D), whatever the chunk.
int64_t onePassWorkspaceBytes(const CrossEntropyProblem &problem, int64_t rows);

/// The logits GEMM of a chunk of `rows` tokens: z_c = h_c * W^T, M = rows,
/// N = V, K = D, stored in the operand type.
GemmProblem onePassLogitsGemm(const CrossEntropyProblem &problem, int64_t rows);

/// dh_c = dZ_c * W: M = rows, N = D, K = V, written once in dh's type.
GemmProblem onePassDhGemm(const CrossEntropyProblem &problem, int64_t rows);

/// dW += dZ_c^T * h_c (M = V, N = D, K = rows) or, for a [D,V] weight,
/// dW^T += h_c^T * dZ_c (M = D, N = V, K = rows), into an f32 accumulator.
GemmProblem onePassDwGemm(const CrossEntropyProblem &problem, int64_t rows);

/// What the model predicts for the one-pass step with one token chunk.
struct OnePassPrediction {
  /// The GEMMs of a full chunk.
  GemmPrediction logits, dh, dw;
  /// The chunk's tokens, how many chunks cover N, and the bytes of
  /// onePassWorkspaceBytes.
  int64_t rows = 0, numChunks = 0, workspaceBytes = 0;

  /// The predicted time of the whole step; the sum of the terms below from
  /// `gemmMicros` on.
  double micros = 0;
  /// The chunks' kernels as they run: each chunk's logits (with their exp)
  /// and row pass, then dh_c and dW on two streams, overlapping the next
  /// chunk's logits and row pass.
  double gemmMicros = 0;
  /// The final kernels: the loss's reduction, and dW cast from its f32
  /// accumulator to its type (when that is not f32).
  double smallKernelMicros = 0;
  /// Synchronisation of the chunks (kChunkMicros each).
  double chunkMicros = 0;
  /// For the remark: the sums of the logits GEMMs, of their and the row
  /// passes' exp, of the row passes' memory traffic, and of the dh and dW
  /// GEMMs, each as if alone; and what the two streams saved.
  double logitsMicros = 0, expMicros = 0, rowMicros = 0, dhMicros = 0,
         dwMicros = 0, overlapMicros = 0;
  /// No kernel can beat three GEMMs of 2*N*V*D at the chip's full rate.
  double floorMicros = 0;
};

/// The model's choice for the one-pass step, or why there is none.
struct OnePassPlan {
  enum class Failure {
    None,
    /// The kernels do not take the operands (the reason says why).
    Unsupported,
    /// No configuration of one of the GEMMs fits the chip and overrides.
    NoValidConfig,
    /// The workspace bound cannot hold the smallest chunk
    /// (minWorkspaceBytes says what would).
    WorkspaceTooSmall,
  };
  Failure failure = Failure::None;
  std::string reason;
  int64_t minWorkspaceBytes = 0;
  std::optional<OnePassPrediction> choice;
  /// (rows, predicted µs) of every token chunk the model compared, largest
  /// first: what the remark cites.
  std::vector<std::pair<int64_t, double>> chunkTimes;

  explicit operator bool() const { return failure == Failure::None; }
};

/// Plans the one-pass step of `problem` (the sizes and types of the two ops,
/// as for ce_linear_grad) on `chip`: with `problem.workspaceBytes` > 0 the
/// largest token chunk whose onePassWorkspaceBytes fits; with 0 the
/// smallest workspace predicted within kChunkTimeTolerance of the fastest
/// of the chunks that split N most evenly. `overrides` apply to every GEMM.
OnePassPlan planOnePassStep(const CrossEntropyProblem &problem,
                            const GpuChip &chip,
                            const GemmTiles &overrides = GemmTiles());

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_PLANNING_ONEPASSCOST_H
