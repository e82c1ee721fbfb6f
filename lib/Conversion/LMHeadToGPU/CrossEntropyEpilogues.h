//===- CrossEntropyEpilogues.h - logits GEMMs that never store logits -*- C++
//-*-===//
//
// The two epilogues of the fused cross-entropy's logits GEMM
// (`z = h·Wᵀ`, M = tokens, N = vocabulary, K = hidden):
//
// - RowStatsEpilogue (ce_linear_fwd): per (row, warp-column tile) the
//   partial max, Σexp, target logit and Σz, in f32, four numbers per
//   warpN logits instead of the logits themselves;
// - LogitGradEpilogue (ce_linear_grad): the logit gradient dZ of one
//   vocabulary chunk, formed in f32 from the forward's lse and rounded once
//   to the operand type into a chunk workspace.
//
// Both first turn an accumulator into the logit the op defines
// (logitValue): plus the bias, rounded to the operand type as a
// mixed-precision linear layer rounds its output, then soft-capped.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_CONVERSION_LMHEADTOGPU_CROSSENTROPYEPILOGUES_H
#define LMHEAD_CONVERSION_LMHEADTOGPU_CROSSENTROPYEPILOGUES_H

#include "GemmEpilogue.h"
#include "lmhead/Planning/CrossEntropyCost.h"

#include "lmhead/Dialect/LMHead/IR/LMHeadOps.h"

#include <string>

namespace mlir {
namespace lmhead {

/// What the logits GEMM's epilogues need to know of a cross-entropy op: its
/// options, and its operand and label types, bias and vocabulary size.
struct LogitOptions : CrossEntropyOptions {
  /// The element type of h, W and the bias (f16 or bf16): the logits are
  /// rounded to it, and dZ is stored in it.
  Type operandType;
  /// The element type of the labels (i32 or i64).
  Type labelType;
  /// Whether the kernel takes a logit bias [V].
  bool hasBias = false;
  /// The vocabulary size V (static: the plan needs it).
  int64_t vocab = 0;

  /// Reads the options of a cross-entropy op.
  static LogitOptions of(CrossEntropyOp op);
};

/// The logit of one accumulator `acc` (f32) at vocabulary index `vocabIndex`
/// (an index inside [0, V)): `acc + bias[v]` (`bias` a memref [V], or the
/// scalar bias[v] already loaded, or null), rounded to the operand type,
/// then `c·tanh(z/c)` with the soft-cap c. Returns the logit and, with a
/// soft-cap, `tanh(z/c)` in `capTanh` (the derivative's factor is
/// `1 − tanh²`).
Value logitValue(OpBuilder &b, Location loc, const LogitOptions &options,
                 Value acc, Value bias, Value vocabIndex,
                 Value *capTanh = nullptr);

/// The first half of logitValue: `acc + bias[v]` rounded to the operand
/// type (the value the op's logits are, before the soft-cap), in the
/// operand type.
Value roundedLogit(OpBuilder &b, Location loc, const LogitOptions &options,
                   Value acc, Value bias, Value vocabIndex);

/// The second half of logitValue: a `rounded` logit (operand type) in f32,
/// soft-capped, with `tanh(z/c)` in `capTanh` when there is a cap.
Value cappedLogit(OpBuilder &b, Location loc, const LogitOptions &options,
                  Value rounded, Value *capTanh = nullptr);

/// `1 + 2w·lse`, the z-loss's factor on the softmax, or null without a
/// z-loss.
Value softmaxScaleOf(OpBuilder &b, Location loc, const LogitOptions &options,
                     Value lse);

/// The logit gradient of one logit before the token's scale g, in f32:
/// `(p·s − ε/V − (1−ε)[v = y])·(1 − tanh²)` with `p = exp(z − lse)`, `z` the
/// (capped) logit, `s` = softmaxScale (or 1 when null), the last factor
/// only with `capTanh`, and `isTarget` (i1) whether v is the token's label.
Value logitGradient(OpBuilder &b, Location loc, const LogitOptions &options,
                    Value z, Value capTanh, Value lse, Value softmaxScale,
                    Value isTarget);

/// Whether `label` (of options.labelType) is not ignore_index, and whether
/// it is a label the op has no class for (outside [0, V) and not ignored).
std::pair<Value, Value> classifyLabel(OpBuilder &b, Location loc,
                                      const LogitOptions &options, Value label);

/// `label` (of options.labelType) as the logits epilogues compare it, an
/// i32: the label where it is a class (in [0, V)), kIgnoredLabel for
/// ignore_index and kLabelWithoutClass for any other label. A warp hands
/// these to its lanes with 32-bit shuffles whatever the labels' type.
Value labelCode(OpBuilder &b, Location loc, const LogitOptions &options,
                Value label);

/// The labelCode of ignore_index (and of rows past the last token).
constexpr int32_t kIgnoredLabel = -1;
/// The labelCode of a label outside [0, V) that is not ignore_index.
constexpr int32_t kLabelWithoutClass = -2;

/// Succeeds when a logits epilogue can finish `options`; fails with
/// `operandProblem` for operands other than f16/bf16, and for a vocabulary
/// that is not static.
llvm::Error checkLogitOptions(const LogitOptions &options,
                              StringRef operandProblem);

/// The number of partial-statistics columns of a forward logits GEMM over
/// `vocab` columns: one per warp-column tile (`warpN` logits, the columns
/// the four lanes of a quad share).
int64_t numPartialColumns(const GemmTiles &tiles, int64_t vocab);

/// ce_linear_fwd's epilogue. Arguments: the labels `memref<?xL>` [N], the
/// bias `memref<?xT>` [V] when there is one, and the partials
/// `memref<?x?x4xf32>` [N, P, 4] with P = numPartialColumns: for each
/// token and warp-column tile p one 16-byte record, [0] the max of its
/// logits, [1] Σ exp(z − max), [2] the target logit when the label falls
/// in the tile (else 0), [3] Σ z with label smoothing (else 0). A token's
/// records are consecutive, so that the warp merging them reads them in
/// 16-byte vectors, coalesced. A token's row is reduced across the quad
/// with shuffles and its labels reach the lanes by shuffles, so every
/// lane of a warp must run the epilogue (both writers call it in every
/// thread that holds accumulators).
///
/// With `storeLogits` (ce_linear_step's logits over a chunk of tokens) two
/// arguments follow the partials: the chunk's logits buffer
/// (gemmMatrixType(T)) [rows, ≥V], where each logit is stored as the op
/// defines it before the soft-cap (biased, rounded to T), and the chunk's
/// first token (`index`), which the labels are read from (the partials and
/// the buffer are the chunk's).
class RowStatsEpilogue : public GemmEpilogue {
public:
  explicit RowStatsEpilogue(LogitOptions options, bool storeLogits = false)
      : options(std::move(options)), storeLogits(storeLogits) {}

  /// The one-pass step's logits, in the operand type, stored whole (so
  /// they may go through TMA); the forward stores no tiles.
  Type stagedResultType(const GemmKernelSpec &spec) const override {
    return storeLogits ? options.operandType : Type();
  }
  unsigned stagedResultArgument(const GemmKernelSpec &spec) const override {
    return options.hasBias ? 3 : 2;
  }
  SmallVector<Type> getArgumentTypes(const GemmKernelSpec &spec) const override;
  llvm::Error check(const GemmKernelSpec &spec) const override;
  void write(OpBuilder &builder, Location loc, const GemmKernelSpec &spec,
             ValueRange arguments, const AccumulatorTile &tile) const override;

  LogitOptions options;
  bool storeLogits;
};

/// How ce_linear_grad's upstream gradient reaches each token.
enum class TokenScale {
  /// One f32 for every valid token (mean: dloss / valid count, computed on
  /// the device; sum: dloss).
  Shared,
  /// dloss[n] per token (reduction none).
  PerToken,
};

/// ce_linear_grad's epilogue for one vocabulary chunk [v0, v0 + n):
/// `dZ[i, j] = g·(p(1 + 2w·lse) − ε/V − (1−ε)[v0+j = y])·(1 − tanh²)` with
/// `p = exp(z − lse)`, in f32, then rounded once to the operand type; 0 for
/// ignored tokens (g = 0), NaN for labels outside [0, V). Arguments: the
/// labels `memref<?xL>` [N], lse `memref<?xf32>` [N], the scale
/// `memref<?xf32>` ([1] or [N], see TokenScale), the bias `memref<?xT>` [V]
/// when there is one, dZ_c as gemmMatrixType(T) [N, n], and v0 (`index`);
/// with `statistics`, then the statistics buffer (GradientStatistics.h),
/// to whose dZ slot it adds Σ dZ² of the chunk in f32, before rounding.
class LogitGradEpilogue : public GemmEpilogue {
public:
  LogitGradEpilogue(LogitOptions options, TokenScale scale,
                    bool statistics = false)
      : options(std::move(options)), scale(scale), statistics(statistics) {}

  /// dZ, in the operand type: stored whole, so it may go through TMA.
  Type stagedResultType(const GemmKernelSpec &spec) const override {
    return options.operandType;
  }
  unsigned stagedResultArgument(const GemmKernelSpec &spec) const override {
    return options.hasBias ? 4 : 3;
  }
  SmallVector<Type> getArgumentTypes(const GemmKernelSpec &spec) const override;
  llvm::Error check(const GemmKernelSpec &spec) const override;
  void write(OpBuilder &builder, Location loc, const GemmKernelSpec &spec,
             ValueRange arguments, const AccumulatorTile &tile) const override;

  LogitOptions options;
  TokenScale scale;
  bool statistics;
};

inline LogitOptions LogitOptions::of(CrossEntropyOp op) {
  LogitOptions options;
  static_cast<CrossEntropyOptions &>(options) = op.getOptions();
  options.operandType = op.getOperandType();
  options.labelType = getElementTypeOrSelf(op.getLabels().getType());
  options.hasBias = static_cast<bool>(op.getBias());
  options.vocab = op.getVocabSize();
  return options;
}

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_CONVERSION_LMHEADTOGPU_CROSSENTROPYEPILOGUES_H
