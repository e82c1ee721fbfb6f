//===- GemmKernel.h - one tiled tensor-core GEMM kernel ---------*- C++ -*-===//
//
// What a GEMM kernel of an lmhead op computes, and how its operands lie in
// global memory, independently of the op it comes from. LinearGradKernels.h
// turns each of linear_grad's two products into one of these; the
// per-target writers (GemmKernelSm80.cpp, GemmKernelSm90.cpp) write the main
// loop of the gpu.func and hand the accumulators to a GemmEpilogue.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_CONVERSION_LMHEADTOGPU_GEMMKERNEL_H
#define LMHEAD_CONVERSION_LMHEADTOGPU_GEMMKERNEL_H

#include "GemmEpilogue.h"

#include "lmhead/Planning/GemmTiles.h"
#include "lmhead/Planning/GpuTarget.h"
#include "lmhead/Planning/MemoryParallelism.h"
#include "lmhead/Schedule/SizeExpr.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

#include <array>
#include <optional>
#include <string>

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

/// The main loop of one kernel: `acc[M,N] = A[M,K]·B[K,N]` in f32, tiled as
/// `tiles` says for `target`; what becomes of `acc` is its epilogue's.
///
/// The kernel's arguments are, in order: A and B (sm_80: gemmMatrixType in
/// the stored orders below; sm_90a: `!llvm.ptr`s to their TMA tensor maps,
/// see sm90OperandMapType), the epilogue's arguments, then M, N and K as
/// `index`. It runs on the grid gemmGrid gives, blocks of `numThreads()`
/// threads with `sharedMemoryBytes()` of dynamic shared memory.
struct GemmKernelSpec {
  /// The kernel family, which decides the writer, the arguments (memrefs or
  /// TMA maps) and the launch: sm_80 (cp.async or element loads, ldmatrix,
  /// mma.sync) or sm_90a (TMA, wgmma).
  GpuTarget target = GpuTarget::Sm80;
  /// The target whose GPUs run the kernel, when it is not `target`'s own:
  /// sm_90a for an sm_80 kernel in an sm_90a plan (a GEMM whose operands
  /// TMA cannot load; `kernel = sm_80` in its `#lmhead.gemm`). The kernel is
  /// held to the limits of that target's GPUs.
  std::optional<GpuTarget> runsOn;
  /// Tiles, K step, stages, copy width and swizzle.
  GemmTiles tiles;
  /// The element type of A and B: f16 or bf16.
  Type operandType;
  /// How A and B are stored.
  OperandOrder aOrder = OperandOrder::ContiguousK;
  OperandOrder bOrder = OperandOrder::ContiguousK;
  /// The element type of C (f32, f16 or bf16) where the epilogue stores it
  /// through shared memory and TMA (`tiles.storesThroughTma()`): the
  /// element type of C's tensor map, which the launch passes in place of
  /// C's view (gemmLaunch). Null otherwise. It is set with the epilogue,
  /// and checkGemmKernel holds the two to agree.
  Type storedType;

  /// Bytes of dynamic shared memory one block needs: every stage of the A
  /// and B tiles (sm_90a: and 1 KiB to align them for the 128-byte swizzle,
  /// and the epilogue's staging buffers when it stores through TMA).
  int64_t sharedMemoryBytes() const;
  /// Threads in one block (sm_90a: one producer warpgroup and
  /// GemmTiles::numConsumers consumer warpgroups).
  int64_t numThreads() const;
  /// The target whose GPUs run the kernel: `runsOn`, or `target`.
  GpuTarget chipTarget() const { return runsOn.value_or(target); }
};

/// The type in which kernels take a 2-D matrix in global memory:
/// `memref<?x?xT, strided<[?, 1], offset: ?>>`, rows of any length and
/// stride, so that a kernel can work on a view (a chunk of W's rows or
/// columns, a block of a larger buffer) as well as on a whole buffer.
MemRefType gemmMatrixType(Type elementType);

/// Checks that `spec` is one the writer of its target can write and its
/// target's GPUs can run, and that `epilogue` can finish it; fails saying
/// what is wrong.
llvm::Error checkGemmKernel(const GemmKernelSpec &spec,
                            const GemmEpilogue &epilogue);

/// Writes the kernel for `spec` finished by `epilogue` as a `gpu.func` named
/// `name` at the builder's insertion point (inside a gpu.module), with the
/// writer of `spec.target`. `spec` must pass checkGemmKernel.
gpu::GPUFuncOp buildGemmKernel(OpBuilder &builder, Location loc, StringRef name,
                               const GemmKernelSpec &spec,
                               const GemmEpilogue &epilogue);

/// The TMA tensor-map type of operand A (`isA`) or B of an sm_90a kernel:
/// the box one load copies (K-major operands: the whole outer extent by 64
/// K; MN-major operands: 64 K by a 64-wide panel), 128-byte swizzle, zero
/// fill outside the tensor. The host encodes the map of the operand's
/// device buffer with this box.
nvgpu::TensorMapDescriptorType sm90OperandMapType(const GemmKernelSpec &spec,
                                                  bool isA);

/// The TMA tensor-map type of C for an epilogue that stores through TMA
/// (`spec.tiles.storesThroughTma()`): a box of kStagingRows rows by 128
/// bytes of `spec.storedType`, 128-byte swizzle. TMA stores only what lies
/// inside C and loads zeros outside it.
nvgpu::TensorMapDescriptorType sm90ResultMapType(const GemmKernelSpec &spec);

/// The grid of a GEMM kernel over C [M, N] under grouped rasterisation,
/// with G = `tiles.rasterGroupRows()` (the planner's choice, from the DRAM
/// traffic it predicts: CostModel.cpp): (min(G, row tiles), column tiles,
/// ceil(row tiles / G)). Block (x, y, z) computes the tile of row z·G + x
/// and column y (groupedBlockTile); blocks of the last group whose row
/// lies past C's last row tile have no tile and return at once, and a C
/// of fewer than G rows of tiles has none such (its group is as tall as
/// C). Blocks are dispatched in the order of their linear id, x fastest,
/// so the blocks walk G rows of tiles column by column and a wave covers a
/// few columns of several rows instead of one row's every column: the B
/// tiles it reads (W's, in the logits and dh GEMMs) are read by up to G
/// blocks from L2 instead of once per row of tiles from DRAM. CUDA's limit
/// of 65535 on y and z bounds C at 65535 column tiles and 65535 groups
/// (the runtime checks every grid against the device's limits).
///
/// A persistent kernel (`tiles.isPersistent()`) runs on (min(P, tiles), 1,
/// 1) with P = `tiles.persistent`: block b computes tiles b, b + grid, ...
/// of the same order (groupedTileOfIndex), so a wave of the grid still
/// covers a few columns of G rows of tiles, and C has no limit but 2⁶⁴
/// tiles.
///
/// A clustered kernel (`tiles.isClustered()`, gemmCluster) launches whole
/// clusters. Without persistence, a 2x1 cluster is blocks x and x + 1 (G
/// is even), two rows of tiles in the same column, and x is rounded up to
/// an even count; a 1x2 cluster is blocks y and y + 1, and y is rounded up
/// likewise. A cluster with its first tile past C returns at once; a
/// block whose own tile lies past C (the second row or column of a
/// ragged edge) still loads its part of the shared operand for its peer
/// and stores nothing. A persistent grid is a multiple of the cluster's
/// blocks: cluster c (blocks 2c and 2c + 1) computes cluster tiles c,
/// c + grid/2, ... of the grouped order over C's tiles taken in pairs.
std::array<SizeExpr, 3> gemmGrid(const SizeExpr &m, const SizeExpr &n,
                                 const GemmTiles &tiles);

/// The blocks of a GEMM kernel's thread-block cluster along x, y and z of
/// gemmGrid: (1, 1, 1) for a kernel without clusters.
std::array<int64_t, 3> gemmCluster(const GemmTiles &tiles);

/// The tile of C that this block computes under gemmGrid with groups of
/// `groupRows` rows of tiles, as (tile row, tile column) `index` values.
std::pair<Value, Value> groupedBlockTile(OpBuilder &builder, Location loc,
                                         int64_t groupRows);

/// A tile of C by its row and column among the tiles, as `index` values.
struct TileOfIndex {
  Value row, col;
};

/// The tile that comes `tile`-th in gemmGrid's grouped order over a C of
/// `rowTiles` × `colTiles` tiles with groups of `groupRows` rows of tiles:
/// the order of a non-persistent grid's linear block ids without the
/// blocks of the last group that have no tile. Persistent kernels walk it.
/// The three values share one integer type (or `index`), the result's.
TileOfIndex groupedTileOfIndex(OpBuilder &builder, Location loc, Value tile,
                               Value rowTiles, Value colTiles,
                               int64_t groupRows);

/// The tiles of C (an i32) a persistent kernel's blocks take in turns:
/// C's tiles, or a clustered kernel's pairs of them.
Value persistentTileCount(OpBuilder &builder, Location loc,
                          const GemmTiles &tiles, Value m, Value n);

/// Writes a persistent kernel's loop over the tiles its block takes in
/// gemmGrid's order: block b (cluster b of a clustered grid, its blocks in
/// step) takes tiles b, b + grid, ... of the grouped order over C's tiles
/// (taken in pairs by a cluster). Calls `body(ordinal, tileIndex)` for
/// each: how many of the block's tiles come before it (`index`), and its
/// index in that order (an i32: 64-bit divisions are subroutine calls,
/// whose registers an sm_90a consumer full of accumulators does not have;
/// a C of up to 2³¹ tiles). A ping-pong consumer takes every second tile
/// from its own, `firstOrdinal` (an `index`; null: every tile from the
/// first). Returns the number of the block's tiles (`index`).
Value forEachPersistentTile(
    OpBuilder &builder, Location loc, const GemmTiles &tiles, Value m, Value n,
    llvm::function_ref<void(Value ordinal, Value tileIndex)> body,
    Value firstOrdinal = Value());

/// The first row and column in C (`index` values) of forEachPersistentTile's
/// tile `tileIndex`, for the block of rank `clusterRank` (an `index`) in its
/// cluster (null without one): a cluster's pair of tiles, the rank's of
/// the two.
std::pair<Value, Value> persistentTileOrigin(OpBuilder &builder, Location loc,
                                             const GemmTiles &tiles, Value m,
                                             Value n, Value tileIndex,
                                             Value clusterRank);

/// The thread's index (`index`) read again, through an instruction the
/// optimiser may not move, for a persistent kernel's epilogue of each
/// tile: otherwise LLVM hoists every per-thread offset of the epilogue out
/// of the tile loop, and the threads, whose registers hold the
/// accumulators, carry them all through the K loop (ptxas spills them with
/// the larger epilogues).
Value rereadThreadId(OpBuilder &builder, Location loc);

/// Where a GEMM kernel's block works: the first row and column of its tile
/// of C, and the `scf.if` whose body holds the kernel's work.
struct BlockTile {
  Value row, col;
  scf::IfOp inside;
};

/// Writes the block's tile (groupedBlockTile scaled by `tiles`' block tile)
/// and opens `if (row < m)`, moving the insertion point into it: a block of
/// the last group of rows may have no tile (gemmGrid). The writer ends the
/// kernel after `inside`.
BlockTile enterBlockTile(OpBuilder &builder, Location loc,
                         const GemmTiles &tiles, Value m);

/// A matrix a GEMM kernel copies, for checkTmaRows: its name in
/// diagnostics, the bytes between the starts of its rows (none where they
/// are known only at run time), and whether the kernel stores it (through
/// TMA only when it stores through TMA) or loads it.
struct TmaCopy {
  StringRef name;
  std::optional<int64_t> rowBytes;
  bool stored = false;
};

/// The bytes between the starts of two rows of `matrix` (a ranked tensor
/// whose last dimension is contiguous), or none where they are dynamic.
std::optional<int64_t> rowBytesOf(Value matrix);

/// Checks, for the GEMM called `gemm` built as `spec`, that TMA can copy
/// the matrices an sm_90a kernel copies with it (those it loads, and those
/// it stores when it stores through TMA): rows of whole 16 bytes, as the
/// tensor maps need. A plan the model chose always passes; one written by
/// hand may not, and would otherwise fail only when the runtime encodes
/// the map. Emits an error on `op` naming the matrix.
LogicalResult checkTmaRows(Operation *op, StringRef gemm,
                           const GemmKernelSpec &spec,
                           ArrayRef<TmaCopy> copies);

//===----------------------------------------------------------------------===//
// The per-target writers, for GemmKernel.cpp's dispatch.
//===----------------------------------------------------------------------===//

/// The kernel's function with the signature above and an empty body: A and
/// B of type `operandArgType`, marked as a kernel of `spec.numThreads()`
/// threads. Returns it with the epilogue's arguments in `epilogueArgs`.
gpu::GPUFuncOp createGemmKernelFunc(OpBuilder &builder, Location loc,
                                    StringRef name, const GemmKernelSpec &spec,
                                    const GemmEpilogue &epilogue,
                                    Type operandArgType);

/// The arguments of a kernel made by createGemmKernelFunc, by role.
struct GemmKernelArguments {
  Value a, b;
  ValueRange epilogue;
  Value m, n, k;
};

/// Splits the entry block's arguments of a kernel made by
/// createGemmKernelFunc: A, B, the epilogue's, then M, N and K.
GemmKernelArguments getGemmKernelArguments(Block &entry);

/// Checks that `spec` is one the sm_80 writer can write (supported types,
/// copy widths it has, copies that divide evenly among the threads,
/// swizzlable rows).
llvm::Error checkSm80GemmKernel(const GemmKernelSpec &spec);

/// Writes the sm_80 kernel: operands staged through shared memory in
/// `stages` cp.async groups (or, for 2-byte copies, element loads), read
/// with ldmatrix, multiplied with mma.sync.m16n8k16 into f32 accumulators
/// held in registers for the whole K loop.
gpu::GPUFuncOp buildSm80GemmKernel(OpBuilder &builder, Location loc,
                                   StringRef name, const GemmKernelSpec &spec,
                                   const GemmEpilogue &epilogue);

/// Checks that `spec` is one the sm_90a writer can write.
llvm::Error checkSm90GemmKernel(const GemmKernelSpec &spec);

/// Writes the sm_90a kernel: a TMA producer warpgroup and wgmma consumer
/// warpgroups (see GemmKernelSm90.cpp).
gpu::GPUFuncOp buildSm90GemmKernel(OpBuilder &builder, Location loc,
                                   StringRef name, const GemmKernelSpec &spec,
                                   const GemmEpilogue &epilogue);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_CONVERSION_LMHEADTOGPU_GEMMKERNEL_H
