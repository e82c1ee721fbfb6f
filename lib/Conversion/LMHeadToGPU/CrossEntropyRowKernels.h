//===- CrossEntropyRowKernels.h - the small kernels around the GEMMs -*- C++
//-*-===//
//
// The cross-entropy ops' kernels that are not GEMMs: they read and write
// O(N), O(V) or O(N·D) values, never N×V (except the one-pass step's row
// pass, which reads and writes each chunk of logits once), and each is one
// gpu.func written with scf, arith and math.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_CONVERSION_LMHEADTOGPU_CROSSENTROPYROWKERNELS_H
#define LMHEAD_CONVERSION_LMHEADTOGPU_CROSSENTROPYROWKERNELS_H

#include "CrossEntropyEpilogues.h"
#include "lmhead/Planning/MemoryParallelism.h"
#include "lmhead/Schedule/SizeExpr.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir {
namespace lmhead {

// kRowKernelThreads (threads per block of the kernels below), and the
// vector widths and loads in flight of the step's row pass and of the
// rounding kernel (kRowPassVector, kRowPassLoadsInFlight, kRoundGroup), are
// in MemoryParallelism.h, which the cost model reads.

/// ce_linear_fwd's row kernel: merges each token's P partials
/// (RowStatsEpilogue) into `lse = max + log Σ sumexp·exp(m − max)` and its
/// loss `(1−ε)(lse − z_y) + ε(lse − Σz/V) + w·lse²` (0 when ignored, NaN
/// for a label outside [0, V)). `warpsPerToken` warps a token (1, 2, 4 or
/// 8: partialsWarpsPerToken; kRowKernelWarps / warpsPerToken tokens a
/// block): their lanes read the token's 16-byte records in turn,
/// kPartialRecordsInFlight each before the first is folded; each warp
/// merges its lanes' folds by its butterfly, and the token's warps merge
/// theirs through shared memory in warp order (the result does not depend
/// on timing). Arguments: labels [N], partials [N,P,4], lse [N] and loss
/// [N] (f32, written), P and N (`index`). Grid: ceil(N / (kRowKernelWarps /
/// warpsPerToken)) blocks.
gpu::GPUFuncOp buildTokenLossKernel(OpBuilder &builder, Location loc,
                                    StringRef name, const LogitOptions &options,
                                    int64_t warpsPerToken);

/// The loss reduction of ce_linear_fwd, one block of kRowKernelThreads
/// threads (summed in a fixed order): `Σ loss` (sum) or
/// `Σ loss / valid tokens` (mean; 0 when every token is ignored), written to
/// element 0 of its result. Arguments: labels [N], loss [N], the result
/// `memref<?xf32>` [1], N (`index`). Grid: one block.
gpu::GPUFuncOp buildLossReductionKernel(OpBuilder &builder, Location loc,
                                        StringRef name,
                                        const LogitOptions &options, bool mean);

/// ce_linear_grad's shared token gradient for reduction mean, one block of
/// kRowKernelThreads threads: `dloss / valid tokens` (0 when there is none).
/// Arguments: labels [N], dloss `memref<?xf32>` [1], the result `memref<?xf32>`
/// [1], N (`index`). Grid: one block.
gpu::GPUFuncOp buildMeanScaleKernel(OpBuilder &builder, Location loc,
                                    StringRef name,
                                    const LogitOptions &options);

/// The bias gradient of one chunk: `db[v0 + j] = Σ_i dZ_c[i, j]` summed
/// in f32 (times `scale[0]` when `scaled`) and rounded once to db's type;
/// with `accumulate` (an f32 db) added to what db holds (the step's token
/// chunks).
/// A block takes kColumnSumColumns columns: each thread adds every
/// kColumnSumRowSlices-th row of one vector of kRowPassVector columns,
/// loading kColumnSumLoadsInFlight vectors before it adds the first (one
/// element at a time where dZ's rows are not aligned for vectors or the
/// vector crosses the chunk's last column), and the block adds its slices'
/// sums in slice order (the result does not depend on timing). Arguments:
/// dZ_c (gemmMatrixType of the operand type) [N, n], db `memref<?xR>` [V],
/// with `scaled` the factor `memref<?xf32>` [1], then v0, N and n
/// (`index`). Grid: ceil(n / kColumnSumColumns) blocks.
gpu::GPUFuncOp buildColumnSumKernel(OpBuilder &builder, Location loc,
                                    StringRef name, Type operandType,
                                    Type resultType, bool scaled = false,
                                    bool accumulate = false);

/// The final rounding of an f32 gradient, one thread per kRoundGroup
/// consecutive elements of a row: `out = round(acc (+ init))` to out's
/// type. Arguments: acc (gemmMatrixType(f32)) [R, C], init
/// (gemmMatrixType(initType)) when `initType` is set, out
/// (gemmMatrixType(resultType)), R and C (`index`). Grid:
/// roundGradientBlocks(R, C).
gpu::GPUFuncOp buildRoundGradientKernel(OpBuilder &builder, Location loc,
                                        StringRef name, Type resultType,
                                        Type initType);

/// The blocks of the rounding kernel over an R × C gradient.
SizeExpr roundGradientBlocks(const SizeExpr &rows, const SizeExpr &cols);

/// ce_linear_step's row pass over one chunk of tokens, `warpsPerToken`
/// warps a token (stepRowPassWarpsPerToken; kRowKernelWarps /
/// warpsPerToken tokens a block): merges the token's P partials
/// (RowStatsEpilogue) into its lse and loss as buildTokenLossKernel does,
/// writes them at the token's place in lse [N] and loss [N], then turns the
/// token's logits in the chunk buffer (stored by the logits GEMM before the
/// soft-cap) into dZ in place, in f32 as LogitGradEpilogue forms it, with
/// the shared token scale `scales[0]`, rounded once to the operand type;
/// the token's warps take its vectors of logits in turn.
/// With `statistics`, each warp also adds the squares of the f32 dZ it
/// forms (before rounding, as LogitGradEpilogue does) to ‖dZ‖² of the
/// statistics buffer (GradientStatistics.h).
/// Arguments: labels [N], partials [R,P,4], the chunk buffer
/// (gemmMatrixType of the operand type) [R, ≥V], lse and loss (f32 [N],
/// written), scales (f32 [1]), P, R and the chunk's first token (`index`),
/// then with `statistics` the statistics buffer.
/// Grid: ceil(R / (kRowKernelWarps / warpsPerToken)) blocks.
gpu::GPUFuncOp buildStepRowKernel(OpBuilder &builder, Location loc,
                                  StringRef name, const LogitOptions &options,
                                  int64_t warpsPerToken,
                                  bool statistics = false);

/// The blocks of a row kernel over `tokens` tokens, `warpsPerToken` warps
/// each.
SizeExpr rowKernelBlocks(const SizeExpr &tokens, int64_t warpsPerToken);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_CONVERSION_LMHEADTOGPU_CROSSENTROPYROWKERNELS_H
