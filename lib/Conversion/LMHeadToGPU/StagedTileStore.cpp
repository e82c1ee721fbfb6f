//===- StagedTileStore.cpp - C's tile through shared memory and TMA -------===//
//
// See StagedTileStore.h for the protocol. Addresses: a buffer holds
// kStagingRows rows of 128 bytes, and TMA's 128-byte swizzle puts the
// 16-byte chunk j of row r at chunk j XOR (r mod 8) of that row. In the
// wgmma accumulator layout the four lanes of a quad hold one row's adjacent
// column pairs, and the eight quads of a warp eight consecutive rows, so a
// warp's stores of one column block land in eight different chunks: at
// most two wavefronts for f32 pairs (256 bytes), one for 16-bit pairs.
//
//===----------------------------------------------------------------------===//

#include "StagedTileStore.h"
#include "GemmKernel.h"
#include "KernelBuilder.h"

#include "lmhead/Planning/MemoryParallelism.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

using namespace mlir;
using namespace mlir::lmhead;

namespace {

/// Bytes of C's element type.
int64_t storedBytes(const GemmKernelSpec &spec) {
  return spec.storedType.getIntOrFloatBitWidth() / 8;
}

/// The columns of one panel: one 128-byte swizzle row.
int64_t panelColumns(const GemmKernelSpec &spec) {
  return kStagingRowBytes / storedBytes(spec);
}

class StagedTileWriter {
public:
  StagedTileWriter(KernelBuilder &b, const GemmKernelSpec &spec, Value map,
                   const TileStaging &staging)
      : b(b), spec(spec), map(map), s(staging),
        columnPanels(spec.tiles.blockN / panelColumns(spec)),
        panels(stagedPanelsPerTile(spec)) {}

  /// Stages and stores the panels of row tile `rowTile` of the warpgroup's
  /// part (all of them for -1), each accumulator's value from `valueOf`.
  void write(llvm::function_ref<Value(size_t)> valueOf, size_t count,
             bool accumulate, int64_t rowTile);
  /// Thread 0's loads of the tile's first panels (prefetchStagedOldValues),
  /// once every store it issued has read its buffer.
  void prefetch(int64_t count) {
    OpBuilder::InsertionGuard guard(b);
    enterIssuer();
    NVVM::CpAsyncBulkWaitGroupOp::create(b, 0, b.getUnitAttr());
    for (int64_t panel = 0; panel < count; ++panel)
      loadOldValues(panel);
  }

private:
  Value index(int64_t v) { return b.index(v); }
  Value add(Value x, Value y) { return b.add(x, y); }
  Value add(Value x, int64_t y) { return b.add(x, b.index(y)); }
  Value mul(Value x, int64_t y) { return b.mulBy(x, y); }
  Value div(Value x, int64_t y) { return b.divBy(x, y); }
  Value rem(Value x, int64_t y) { return b.remBy(x, y); }

  /// The panel's index among all the warpgroup staged (the kernel's, not
  /// the tile's): its buffer is this modulo 2.
  Value panelNumber(int64_t panel) { return add(s.panelsBefore, panel); }
  /// The byte offset in shared memory of the buffer of panel number `g`.
  Value bufferOffset(Value g) {
    return add(s.buffers, mul(rem(g, kStagingBuffers), kStagingBufferBytes));
  }
  /// The first row and column in C of the tile's panel `panel`: panels go
  /// along the warpgroup's row of the tile, then down.
  std::pair<Value, Value> panelOrigin(int64_t panel) {
    return {add(s.row, (panel / columnPanels) * kStagingRows),
            add(s.col, (panel % columnPanels) * panelColumns(spec))};
  }
  /// The panel's buffer as the box C's tensor map copies.
  Value boxView(Value g) {
    return memref::ViewOp::create(b, sm90ResultMapType(spec).getTensor(),
                                  s.shared, bufferOffset(g), ValueRange{});
  }
  /// Thread 0 of the warpgroup loads C's old values of `panel` into its
  /// buffer, completing on the buffer's mbarrier.
  void loadOldValues(int64_t panel) {
    Value g = panelNumber(panel);
    Value barrier = add(s.firstLoadBarrier, rem(g, kStagingBuffers));
    nvgpu::MBarrierArriveExpectTxOp::create(
        b, s.loadBarriers, index(kStagingBufferBytes), barrier, Value());
    auto [row, col] = panelOrigin(panel);
    nvgpu::TmaAsyncLoadOp::create(b, boxView(g), s.loadBarriers, map,
                                  ValueRange{col, row}, barrier, Value(),
                                  Value());
  }
  /// Opens `if (thread 0 of the warpgroup)` and moves into it.
  scf::IfOp enterIssuer() {
    Value issuer =
        arith::CmpIOp::create(b, arith::CmpIPredicate::eq, s.thread, index(0));
    auto op = scf::IfOp::create(b, issuer, /*withElseRegion=*/false);
    b.setInsertionPointToStart(op.thenBlock());
    return op;
  }

  KernelBuilder &b;
  const GemmKernelSpec &spec;
  Value map;
  const TileStaging &s;
  const int64_t columnPanels, panels;
};

void StagedTileWriter::write(llvm::function_ref<Value(size_t)> valueOf,
                             size_t count, bool accumulate, int64_t rowTile) {
  Type stored = spec.storedType, f32 = b.getF32Type();
  const int64_t bytes = storedBytes(spec), columns = panelColumns(spec);
  // The accumulators by panel, in pairs of adjacent columns of one row
  // (the first of each pair named).
  SmallVector<SmallVector<size_t>> pairsOf(panels);
  for (size_t i = 0; i < count; ++i) {
    if (s.colOffsets[i] % 2 != 0)
      continue;
    assert(i + 1 < count && s.colOffsets[i + 1] == s.colOffsets[i] + 1 &&
           s.rowOffsets[i + 1] == s.rowOffsets[i] && "pairs of columns");
    int64_t panel = (s.rowOffsets[i] / kStagingRows) * columnPanels +
                    s.colOffsets[i] / columns;
    pairsOf[panel].push_back(i);
  }
  // Every row of the thread is threadRow modulo 8 (TileStaging), so the
  // swizzle XORs each chunk of the thread's rows with one key.
  Value key = rem(s.threadRow, 8);
  auto workgroup = gpu::AddressSpaceAttr::get(
      b.getContext(), gpu::GPUDialect::getWorkgroupAddressSpace());
  auto bufferType = MemRefType::get({kStagingBufferBytes / bytes}, stored,
                                    MemRefLayoutAttrInterface(), workgroup);
  auto pairType = VectorType::get({2}, stored);
  auto widePairType = VectorType::get({2}, f32);
  Value threads = arith::ConstantIntOp::create(b, 128, 32);

  const int64_t first = rowTile < 0 ? 0 : rowTile * columnPanels;
  const int64_t end = rowTile < 0 ? panels : first + columnPanels;
  for (int64_t panel = first; panel < end; ++panel) {
    Value g = panelNumber(panel);
    {
      OpBuilder::InsertionGuard guard(b);
      enterIssuer();
      // The previous panel's store has read its buffer, which the next
      // panel fills.
      NVVM::CpAsyncBulkWaitGroupOp::create(b, 0, b.getUnitAttr());
      // (The kernel loaded the first panels' before its K loop.)
      if (accumulate && panel == first && first >= s.prefetchedPanels)
        loadOldValues(first);
      if (accumulate && panel + 1 < end && panel + 1 >= s.prefetchedPanels)
        loadOldValues(panel + 1);
    }
    if (accumulate) {
      // The buffer's uses before this one are g / 2: the phase to wait for.
      Value parity = arith::TruncIOp::create(
          b, b.getI1Type(),
          arith::IndexCastOp::create(b, b.getI64Type(),
                                     rem(div(g, kStagingBuffers), 2)));
      nvgpu::MBarrierTryWaitParityOp::create(
          b, s.loadBarriers, parity, index(10000000),
          add(s.firstLoadBarrier, rem(g, kStagingBuffers)));
    }
    Value buffer = memref::ViewOp::create(b, bufferType, s.shared,
                                          bufferOffset(g), ValueRange{});
    for (size_t i : pairsOf[panel]) {
      Value row = add(s.threadRow, s.rowOffsets[i] % kStagingRows);
      Value byte = mul(add(s.threadCol, s.colOffsets[i] % columns), bytes);
      Value chunk = arith::XOrIOp::create(b, div(byte, 16), key);
      Value offset =
          add(add(mul(row, kStagingRowBytes), mul(chunk, 16)), rem(byte, 16));
      Value element = div(offset, bytes);
      Value pair = vector::FromElementsOp::create(
          b, widePairType, ValueRange{valueOf(i), valueOf(i + 1)});
      if (accumulate) {
        Value old = vector::LoadOp::create(
            b, pairType, buffer, ValueRange{element}, /*nontemporal=*/false,
            llvm::MaybeAlign(2 * bytes));
        if (stored != f32)
          old = arith::ExtFOp::create(b, widePairType, old);
        pair = arith::AddFOp::create(b, pair, old);
      }
      if (stored != f32)
        pair = arith::TruncFOp::create(b, pairType, pair);
      vector::StoreOp::create(b, pair, buffer, ValueRange{element},
                              /*nontemporal=*/false,
                              llvm::MaybeAlign(2 * bytes));
    }
    // The writes are the generic proxy's; TMA reads through the async one.
    NVVM::FenceProxyOp::create(
        b, NVVM::ProxyKind::async_shared,
        NVVM::SharedSpaceAttr::get(b.getContext(),
                                   NVVM::SharedSpace::shared_cta));
    NVVM::BarrierOp::create(b, Type(), s.barrierId, threads,
                            NVVM::BarrierReductionAttr(), Value());
    OpBuilder::InsertionGuard guard(b);
    enterIssuer();
    auto [row, col] = panelOrigin(panel);
    nvgpu::TmaAsyncStoreOp::create(b, boxView(g), map, ValueRange{col, row},
                                   Value());
    NVVM::CpAsyncBulkCommitGroupOp::create(b);
  }
}

} // namespace

int64_t mlir::lmhead::stagedPanelsPerTile(const GemmKernelSpec &spec) {
  return spec.tiles.stagedPanels(storedBytes(spec));
}

void mlir::lmhead::storeStagedTile(OpBuilder &builder, Location loc,
                                   const GemmKernelSpec &spec, Value map,
                                   const AccumulatorTile &tile,
                                   ArrayRef<Value> values, bool accumulate) {
  KernelBuilder b(loc, builder);
  StagedTileWriter(b, spec, map, *tile.staging)
      .write([&](size_t i) { return values[i]; }, values.size(), accumulate,
             /*rowTile=*/-1);
}

int64_t mlir::lmhead::prefetchedPanelsPerTile(const GemmKernelSpec &spec) {
  return spec.tiles.prefetchedPanels(storedBytes(spec));
}

void mlir::lmhead::prefetchStagedOldValues(OpBuilder &builder, Location loc,
                                           const GemmKernelSpec &spec,
                                           Value map,
                                           const TileStaging &staging) {
  KernelBuilder b(loc, builder);
  StagedTileWriter(b, spec, map, staging)
      .prefetch(prefetchedPanelsPerTile(spec));
}

int64_t mlir::lmhead::stagedRowTiles(const GemmKernelSpec &spec) {
  return spec.tiles.warpM / kStagingRows;
}

void mlir::lmhead::storeStagedRowTile(
    OpBuilder &builder, Location loc, const GemmKernelSpec &spec, Value map,
    const AccumulatorTile &tile, int64_t rowTile,
    llvm::function_ref<Value(size_t)> valueOf) {
  KernelBuilder b(loc, builder);
  StagedTileWriter(b, spec, map, *tile.staging)
      .write(valueOf, tile.values.size(), /*accumulate=*/false, rowTile);
}

void mlir::lmhead::finishStagedStores(OpBuilder &builder, Location loc,
                                      Value threadInWarpgroup) {
  ImplicitLocOpBuilder b(loc, builder);
  Value issuer =
      arith::CmpIOp::create(b, arith::CmpIPredicate::eq, threadInWarpgroup,
                            arith::ConstantIndexOp::create(b, 0));
  auto op = scf::IfOp::create(b, issuer, /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(op.thenBlock());
  // Not `.read`: C is complete when the kernel ends.
  NVVM::CpAsyncBulkWaitGroupOp::create(b, 0, UnitAttr());
}
