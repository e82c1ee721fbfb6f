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

/// Launches a kernel that is not a GEMM, of `threads` threads (x only) on
/// `blocks` blocks (an `index`), after `dependency`. Returns the launch's
/// token.
Value launchSmall(ImplicitLocOpBuilder &b, gpu::GPUFuncOp kernel, Value blocks,
                  int64_t threads, ValueRange arguments, Value dependency);

/// A token after all of `dependencies`: with two or more, of a new stream
/// waiting on an event of each (upstream's lowering of `gpu.wait async`);
/// with one, that token itself, on its stream (canonicalization would fold
/// a join of one dependency so). Each must be the token of an op that runs
/// on its stream, not the bare `gpu.wait async` of a stream with nothing on
/// it: canonicalization drops such a token from a join, which would put the
/// launches after the join on another stream than the one the launch
/// function waits on and destroys (DeviceScope::finish).
Value joinStreams(ImplicitLocOpBuilder &b, ValueRange dependencies);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_CONVERSION_LMHEADTOGPU_GEMMLAUNCH_H
