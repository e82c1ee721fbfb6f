//===- KernelBuilder.h - how lmhead's kernels are begun and written -*- C++
//-*-===//
//
// Part of lmhead. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// Every kernel lmhead writes (the GEMMs, the row kernels, the statistics
// kernels) starts as an empty gpu.func made by createKernel, and the
// non-GEMM kernels write their bodies with KernelBuilder's shorthands for
// the arithmetic, memory and warp operations they share.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_CONVERSION_LMHEADTOGPU_KERNELBUILDER_H
#define LMHEAD_CONVERSION_LMHEADTOGPU_KERNELBUILDER_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

namespace mlir {
namespace lmhead {

/// An empty kernel `name` (a gpu.func marked as a kernel) of `threads`
/// threads per block (x only, known to the NVVM lowering) taking
/// `arguments`; its body is for the caller to write, ending with
/// gpu.return.
gpu::GPUFuncOp createKernel(OpBuilder &builder, Location loc, StringRef name,
                            ArrayRef<Type> arguments, int64_t threads);

/// Shorthands for a kernel body's arithmetic, memory and warp operations,
/// at one location.
struct KernelBuilder : ImplicitLocOpBuilder {
  using ImplicitLocOpBuilder::ImplicitLocOpBuilder;

  /// Constants.
  Value index(int64_t v);
  Value f32(double v);
  /// x + y and x · y, of floats or integers.
  Value add(Value x, Value y);
  Value mul(Value x, Value y);
  /// x − y and x / y, of floats.
  Value sub(Value x, Value y);
  Value div(Value x, Value y);
  Value select(Value c, Value x, Value y);
  /// x · c, x / c and x mod c of an unsigned integer or index `x` by a
  /// constant.
  Value mulBy(Value x, int64_t c);
  Value divBy(Value x, int64_t c);
  Value remBy(Value x, int64_t c);
  /// x < y, signed integers.
  Value lessThan(Value x, Value y);
  Value load(Value memref, ValueRange indices);
  void store(Value value, Value memref, ValueRange indices);
  /// threadIdx.x.
  Value thread();
  /// blockIdx.x · blockDim + threadIdx.x.
  Value globalThread(int64_t threads);
  /// Sums `value` (f32) over the 32 lanes of a warp; every lane gets the
  /// result.
  Value warpSum(Value value) { return warpReduce(value, /*isMax=*/false); }
  /// The maximum of `value` over the 32 lanes of a warp; every lane gets it.
  Value warpMax(Value value) { return warpReduce(value, /*isMax=*/true); }
  /// The butterfly (xor) reduction of `value` over a warp.
  Value warpReduce(Value value, bool isMax);
  /// Opens `if (condition)` and moves into it; an InsertionGuard taken
  /// before restores.
  void enterIf(Value condition);
  /// `condition ? thenValue() : elseValue()` of `type`, each written in its
  /// branch of an `scf.if`: a load in a branch is issued only where it is
  /// taken (a guarded load, not a select between two loads).
  Value valueIf(Value condition, Type type,
                llvm::function_ref<Value()> thenValue,
                llvm::function_ref<Value()> elseValue);
};

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_CONVERSION_LMHEADTOGPU_KERNELBUILDER_H
