//===- GemmKernel.h - one tiled tensor-core GEMM kernel ---------*- C++ -*-===//
//
// What a GEMM kernel of an lmhead op computes, and how its operands lie in
// global memory, independently of the op it comes from. LowerToGPU.cpp turns
// each of linear_grad's two products into one of these; the per-target
// builders (GemmKernelSm80.cpp) write the gpu.func.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_CONVERSION_LMHEADTOGPU_GEMMKERNEL_H
#define LMHEAD_CONVERSION_LMHEADTOGPU_GEMMKERNEL_H

#include "lmhead/Dialect/LMHead/IR/LMHeadOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/IR/Builders.h"

namespace mlir {
namespace lmhead {

/// Which dimension of a stored 2-D operand is contiguous in memory.
enum class OperandOrder {
  /// The reduction dimension K runs along each row: A stored [M,K], B stored
  /// [N,K].
  ContiguousK,
  /// The output dimension runs along each row: A stored [K,M], B stored
  /// [K,N].
  ContiguousMN,
};

/// The GPU a kernel is written for.
enum class GemmTarget {
  /// Ampere: cp.async multistage copies, ldmatrix, mma.sync.
  Sm80,
  /// Hopper: TMA copies completing on mbarriers, issued by a producer
  /// warpgroup; consumer warpgroups multiply with wgmma.
  Sm90a,
};

/// One kernel `C[M,N] = scale · A[M,K]·B[K,N] (+ C[M,N])`, accumulated in
/// f32 and rounded once to C's element type.
///
/// The kernel's arguments are, in order: A and B (sm_80: `memref<?x?xT>` in
/// the stored orders below; sm_90a: `!llvm.ptr`s to their TMA tensor maps,
/// see sm90OperandMapType), C as `memref<?x?xT>` [M,N], then M, N and K as
/// `index`. It runs on a grid of `(ceil(N/blockN), ceil(M/blockM))` blocks
/// of `numThreads()` threads with `sharedMemoryBytes()` of dynamic shared
/// memory.
struct GemmKernelSpec {
  /// The GPU the kernel is for.
  GemmTarget target = GemmTarget::Sm80;
  /// Tiles, K step, stages, copy width and swizzle.
  GemmConfigAttr config;
  /// The element type of A and B: f16 or bf16.
  Type operandType;
  /// The element type of C: f32, f16 or bf16.
  Type resultType;
  /// Whether the product is added to C's existing values (gradient
  /// accumulation) instead of replacing them.
  bool accumulate = false;
  /// How A and B are stored.
  OperandOrder aOrder = OperandOrder::ContiguousK;
  OperandOrder bOrder = OperandOrder::ContiguousK;
  /// The factor applied to the product before Acc is added.
  double scale = 1.0;

  /// Bytes of dynamic shared memory one block needs: every stage of the A
  /// and B tiles (sm_90a: and 1 KiB to align them for the 128-byte swizzle).
  int64_t sharedMemoryBytes() const;
  /// Threads in one block (sm_90a: one producer warpgroup and
  /// blockM/warpM consumer warpgroups).
  int64_t numThreads() const;
};

/// Checks that `spec` is one the sm_80 builder can write (supported types,
/// copies that divide evenly among the threads, swizzlable rows). Returns a
/// message saying what is wrong, or an empty string.
std::string checkSm80GemmKernel(const GemmKernelSpec &spec);

/// Writes the sm_80 kernel for `spec` as a `gpu.func` named `name` at the
/// builder's insertion point (inside a gpu.module): operands staged through
/// shared memory in `stages` cp.async groups, read with ldmatrix, multiplied
/// with mma.sync.m16n8k16 into f32 accumulators held in registers for the
/// whole K loop, and an epilogue that predicates the ragged edges. `spec`
/// must pass checkSm80GemmKernel.
gpu::GPUFuncOp buildSm80GemmKernel(OpBuilder &builder, Location loc,
                                   StringRef name, const GemmKernelSpec &spec);

/// The TMA tensor-map type of operand A (`isA`) or B of an sm_90a kernel:
/// the box one load copies (K-major operands: the whole outer extent by 64
/// K; MN-major operands: 64 K by a 64-wide panel), 128-byte swizzle, zero
/// fill outside the tensor. The host encodes the map of the operand's
/// device buffer with this box.
nvgpu::TensorMapDescriptorType sm90OperandMapType(const GemmKernelSpec &spec,
                                                  bool isA);

/// Checks that `spec` is one the sm_90a builder can write. Returns a
/// message saying what is wrong, or an empty string.
std::string checkSm90GemmKernel(const GemmKernelSpec &spec);

/// Writes the sm_90a kernel for `spec` (see GemmKernelSm90.cpp). `spec`
/// must pass checkSm90GemmKernel.
gpu::GPUFuncOp buildSm90GemmKernel(OpBuilder &builder, Location loc,
                                   StringRef name, const GemmKernelSpec &spec);

/// Creates the empty kernel function of `spec` named `name`: A and B of type
/// `operandArgType`, then C as `memref<?x?xT>`, then M, N and K as `index`,
/// marked as a kernel of `spec.numThreads()` threads.
gpu::GPUFuncOp createGemmKernelFunc(OpBuilder &builder, Location loc,
                                    StringRef name, const GemmKernelSpec &spec,
                                    Type operandArgType);

/// Writes the epilogue of one element of C at (`row`, `col`): when it lies
/// inside the `m`×`n` result, `value` (an f32 accumulator) is scaled, added
/// to C's old value when the kernel accumulates, rounded once to C's element
/// type and stored. Both kernel writers store their fragments with it.
void storeResultElement(OpBuilder &builder, Location loc,
                        const GemmKernelSpec &spec, Value value, Value c,
                        Value row, Value col, Value m, Value n);

/// Dispatches to the checker of `spec.target`.
std::string checkGemmKernel(const GemmKernelSpec &spec);

/// Dispatches to the builder of `spec.target`.
gpu::GPUFuncOp buildGemmKernel(OpBuilder &builder, Location loc, StringRef name,
                               const GemmKernelSpec &spec);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_CONVERSION_LMHEADTOGPU_GEMMKERNEL_H
