//===- GemmLaunch.h - host code that launches one GEMM kernel ---*- C++ -*-===//
//
// What every lowering of an lmhead op writes to run one of its GEMM
// kernels on device buffers: the grid of the kernel's tiles, the block
// and its shared memory, the operands in the form the target's kernels
// take (sm_80: strided memrefs; sm_90a: TMA tensor maps encoded on the
// host), and the `gpu.launch_func` on a stream.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_CONVERSION_LMHEADTOGPU_GEMMLAUNCH_H
#define LMHEAD_CONVERSION_LMHEADTOGPU_GEMMLAUNCH_H

#include "GemmKernel.h"

#include "mlir/IR/ImplicitLocOpBuilder.h"

namespace mlir {
namespace lmhead {

/// `ceil(extent / tile)`, at least 1, so that an empty problem is still a
/// valid launch (its blocks then store nothing).
Value numBlocks(ImplicitLocOpBuilder &b, Value extent, int64_t tile);

/// A device buffer (or a view of one) as gemmMatrixType.
Value asGemmMatrix(ImplicitLocOpBuilder &b, Value buffer);

/// Launches `kernel`, built for `spec`, on the stream of `dependency` after
/// it: A and B are device buffers or views of their stored form, the
/// epilogue's arguments are passed as they are (matrices should already be
/// gemmMatrixType), and M, N and K are `index` values. Returns the launch's
/// token.
Value launchGemm(ImplicitLocOpBuilder &b, gpu::GPUFuncOp kernel,
                 const GemmKernelSpec &spec, Value a, Value bOperand,
                 ValueRange epilogueArguments, Value m, Value n, Value k,
                 Value dependency);

/// A token of a fresh stream that waits for all of `dependencies`; with
/// two or more it lowers to a new stream waiting on an event of each.
Value joinStreams(ImplicitLocOpBuilder &b, ValueRange dependencies);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_CONVERSION_LMHEADTOGPU_GEMMLAUNCH_H
