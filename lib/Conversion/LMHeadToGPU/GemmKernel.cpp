//===- GemmKernel.cpp - what every GEMM kernel shares ---------------------===//
//
// The target-neutral part of the GEMM kernels: their resources (shared
// memory, threads), the checks every kernel must pass (its writer's, its
// epilogue's, and the shared memory a block of the GPUs that run it may
// have), the kernel function's signature, and the dispatch to the writer of
// the spec's kernel family.
//
//===----------------------------------------------------------------------===//

#include "GemmKernel.h"
#include "KernelBuilder.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::lmhead;

GemmEpilogue::~GemmEpilogue() = default;

MemRefType mlir::lmhead::gemmMatrixType(Type elementType) {
  MLIRContext *ctx = elementType.getContext();
  auto layout = StridedLayoutAttr::get(ctx, ShapedType::kDynamic,
                                       {ShapedType::kDynamic, 1});
  return MemRefType::get({ShapedType::kDynamic, ShapedType::kDynamic},
                         elementType, layout);
}

std::array<SizeExpr, 3> mlir::lmhead::gemmGrid(const SizeExpr &m,
                                               const SizeExpr &n,
                                               const GemmTiles &tiles) {
  SizeExpr rowTiles = gridBlocks(m, tiles.blockM);
  SizeExpr colTiles = gridBlocks(n, tiles.blockN);
  const int64_t clusterM = tiles.clusterRows(), clusterN = tiles.clusterCols();
  const int64_t clusterBlocks = tiles.clusterBlocks();
  if (tiles.isPersistent()) {
    SizeExpr clusterTiles =
        ceilDiv(rowTiles, clusterM) * ceilDiv(colTiles, clusterN);
    return {min(SizeExpr(tiles.persistent / clusterBlocks), clusterTiles) *
                SizeExpr(clusterBlocks),
            1, 1};
  }
  // A cluster's blocks are adjacent along x (2x1) or y (1x2): each of those
  // extents is rounded up to whole clusters.
  auto wholeClusters = [](const SizeExpr &blocks, int64_t cluster) {
    return cluster == 1 ? blocks : ceilDiv(blocks, cluster) * SizeExpr(cluster);
  };
  const int64_t group = tiles.rasterGroupRows();
  return {wholeClusters(min(SizeExpr(group), rowTiles), clusterM),
          wholeClusters(colTiles, clusterN), ceilDiv(rowTiles, group)};
}

std::array<int64_t, 3> mlir::lmhead::gemmCluster(const GemmTiles &tiles) {
  if (tiles.isPersistent())
    return {tiles.clusterBlocks(), 1, 1};
  return {tiles.clusterRows(), tiles.clusterCols(), 1};
}

std::pair<Value, Value> mlir::lmhead::groupedBlockTile(OpBuilder &builder,
                                                       Location loc,
                                                       int64_t groupRows) {
  KernelBuilder b(loc, builder);
  // No arithmetic but a multiplication by a constant (a shift for a power
  // of two) and an add on the block ids, which are special registers:
  // ptxas recomputes the tile where it is used instead of holding it
  // through the K loop.
  Value x = gpu::BlockIdOp::create(b, gpu::Dimension::x);
  Value y = gpu::BlockIdOp::create(b, gpu::Dimension::y);
  Value z = gpu::BlockIdOp::create(b, gpu::Dimension::z);
  return {b.add(b.mul(z, b.index(groupRows)), x), y};
}

TileOfIndex mlir::lmhead::groupedTileOfIndex(OpBuilder &builder, Location loc,
                                             Value tile, Value rowTiles,
                                             Value colTiles,
                                             int64_t groupRows) {
  ImplicitLocOpBuilder b(loc, builder);
  // The order gemmGrid's blocks take: groups of `groupRows` rows of tiles,
  // each walked column by column; the last group may be shorter.
  Value group =
      arith::ConstantOp::create(b, b.getIntegerAttr(tile.getType(), groupRows));
  Value groupTiles = arith::MulIOp::create(b, group, colTiles);
  Value groupIndex = arith::DivUIOp::create(b, tile, groupTiles);
  Value firstRow = arith::MulIOp::create(b, groupIndex, group);
  Value rowsInGroup = arith::MinUIOp::create(
      b, group, arith::SubIOp::create(b, rowTiles, firstRow));
  Value inGroup = arith::RemUIOp::create(b, tile, groupTiles);
  return {arith::AddIOp::create(
              b, firstRow, arith::RemUIOp::create(b, inGroup, rowsInGroup)),
          arith::DivUIOp::create(b, inGroup, rowsInGroup)};
}

namespace {

/// The tiles (an i32) of `tile` elements that cover `extent`.
Value tileCount(ImplicitLocOpBuilder &b, Value extent, int64_t tile) {
  return arith::IndexCastUIOp::create(
      b, b.getI32Type(),
      arith::CeilDivUIOp::create(b, extent,
                                 arith::ConstantIndexOp::create(b, tile)));
}

} // namespace

Value mlir::lmhead::persistentTileCount(OpBuilder &builder, Location loc,
                                        const GemmTiles &tiles, Value m,
                                        Value n) {
  ImplicitLocOpBuilder b(loc, builder);
  return arith::MulIOp::create(
      b, tileCount(b, m, tiles.blockM * tiles.clusterRows()),
      tileCount(b, n, tiles.blockN * tiles.clusterCols()));
}

Value mlir::lmhead::forEachPersistentTile(
    OpBuilder &builder, Location loc, const GemmTiles &tiles, Value m, Value n,
    llvm::function_ref<void(Value ordinal, Value tileIndex)> body,
    Value firstOrdinal) {
  ImplicitLocOpBuilder b(loc, builder);
  Type i32 = b.getI32Type();
  auto asI32 = [&](Value v) -> Value {
    return arith::IndexCastUIOp::create(b, i32, v);
  };
  // A cluster walks the tiles of C taken in pairs (its "cluster tiles"),
  // both its blocks in step: cluster c is blocks 2c and 2c + 1.
  Value first = asI32(gpu::BlockIdOp::create(b, gpu::Dimension::x));
  Value grid = asI32(gpu::GridDimOp::create(b, gpu::Dimension::x));
  if (tiles.isClustered()) {
    Value blocks = arith::ConstantIntOp::create(b, tiles.clusterBlocks(), 32);
    first = arith::DivUIOp::create(b, first, blocks);
    grid = arith::DivUIOp::create(b, grid, blocks);
  }
  Value count = persistentTileCount(b, loc, tiles, m, n);
  // The tiles this block takes in turns: none for a block beyond the last
  // tile (the grid has none).
  Value zero = arith::ConstantIntOp::create(b, 0, 32);
  Value mine = arith::SelectOp::create(
      b, arith::CmpIOp::create(b, arith::CmpIPredicate::ult, first, count),
      arith::CeilDivUIOp::create(b, arith::SubIOp::create(b, count, first),
                                 grid),
      zero);
  auto loop = scf::ForOp::create(
      b, firstOrdinal ? asI32(firstOrdinal) : zero, mine,
      arith::ConstantIntOp::create(b, firstOrdinal ? 2 : 1, 32));
  {
    // The body writes with the caller's builder.
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(loop.getBody());
    Value ordinal = loop.getInductionVar();
    Value tile = arith::AddIOp::create(
        builder, loc, first,
        arith::MulIOp::create(builder, loc, ordinal, grid));
    body(arith::IndexCastUIOp::create(builder, loc, builder.getIndexType(),
                                      ordinal),
         tile);
  }
  return arith::IndexCastUIOp::create(b, b.getIndexType(), mine);
}

std::pair<Value, Value>
mlir::lmhead::persistentTileOrigin(OpBuilder &builder, Location loc,
                                   const GemmTiles &tiles, Value m, Value n,
                                   Value tileIndex, Value clusterRank) {
  ImplicitLocOpBuilder b(loc, builder);
  // The grouped order over cluster tiles (a 2x1 cluster's group of G rows
  // of tiles is G/2 rows of pairs); the block's tile is its rank's of the
  // pair.
  const int64_t clusterM = tiles.clusterRows(), clusterN = tiles.clusterCols();
  TileOfIndex coordinates = groupedTileOfIndex(
      b, loc, tileIndex, tileCount(b, m, tiles.blockM * clusterM),
      tileCount(b, n, tiles.blockN * clusterN),
      tiles.rasterGroupRows() / clusterM);
  auto origin = [&](Value tile, int64_t cluster, int64_t size) -> Value {
    Value first = arith::MulIOp::create(
        b, arith::IndexCastUIOp::create(b, b.getIndexType(), tile),
        arith::ConstantIndexOp::create(b, cluster));
    if (cluster > 1)
      first = arith::AddIOp::create(b, first, clusterRank);
    return arith::MulIOp::create(b, first,
                                 arith::ConstantIndexOp::create(b, size));
  };
  return {origin(coordinates.row, clusterM, tiles.blockM),
          origin(coordinates.col, clusterN, tiles.blockN)};
}

Value mlir::lmhead::rereadThreadId(OpBuilder &builder, Location loc) {
  Value tid = LLVM::InlineAsmOp::create(
                  builder, loc, builder.getI32Type(), ValueRange{},
                  "mov.u32 $0, %tid.x;", "=r",
                  /*has_side_effects=*/true, /*is_align_stack=*/false,
                  LLVM::tailcallkind::TailCallKind::None,
                  LLVM::AsmDialectAttr(), ArrayAttr())
                  .getResult(0);
  return arith::IndexCastUIOp::create(builder, loc, builder.getIndexType(),
                                      tid);
}

BlockTile mlir::lmhead::enterBlockTile(OpBuilder &builder, Location loc,
                                       const GemmTiles &tiles, Value m) {
  KernelBuilder b(loc, builder);
  auto [tileRow, tileCol] = groupedBlockTile(b, loc, tiles.rasterGroupRows());
  BlockTile tile;
  tile.row = b.mul(tileRow, b.index(tiles.blockM));
  tile.col = b.mul(tileCol, b.index(tiles.blockN));
  // The blocks of a 2x1 cluster leave together, when the first of their
  // rows is past C (gemmGrid: their rows are 2i and 2i + 1 of an even
  // group); the second may have a row past C and still load for the first.
  Value firstRow = tiles.clusterRows() == 1
                       ? tile.row
                       : b.mul(arith::AndIOp::create(b, tileRow, b.index(-2)),
                               b.index(tiles.blockM));
  tile.inside = scf::IfOp::create(b, b.lessThan(firstRow, m),
                                  /*withElseRegion=*/false);
  builder.setInsertionPointToStart(tile.inside.thenBlock());
  return tile;
}

int64_t GemmKernelSpec::sharedMemoryBytes() const {
  int64_t elementBytes = operandType.getIntOrFloatBitWidth() / 8;
  int64_t stageBytes =
      (tiles.blockM + tiles.blockN) * tiles.blockK * elementBytes;
  int64_t bytes = tiles.stages * stageBytes + tiles.epilogueStagingBytes();
  // sm_90a: the 1 KiB lets the kernel align its stages to the 128-byte
  // swizzle's 1 KiB pattern whatever the shared window's static part is.
  return usesWarpgroupMma(target) ? bytes + 1024 : bytes;
}

int64_t GemmKernelSpec::numThreads() const {
  if (usesWarpgroupMma(target))
    return 128 * (1 + tiles.numConsumers());
  return 32 * tiles.numWarpTiles();
}

llvm::Error mlir::lmhead::checkGemmKernel(const GemmKernelSpec &spec,
                                          const GemmEpilogue &epilogue) {
  if (!runsOn(spec.target, spec.chipTarget()))
    return kernelRefused(llvm::formatv("{0} kernels do not run on {1}",
                                       stringifyGpuTarget(spec.target),
                                       stringifyGpuTarget(spec.chipTarget()))
                             .str());
  if (llvm::Error refused = spec.target == GpuTarget::Sm80
                                ? checkSm80GemmKernel(spec)
                                : checkSm90GemmKernel(spec))
    return refused;
  if (llvm::Error refused = epilogue.check(spec))
    return refused;
  if (spec.tiles.storesThroughTma()) {
    if (!usesWarpgroupMma(spec.target))
      return kernelRefused("only the sm_90a kernels store C through TMA");
    Type staged = epilogue.stagedResultType(spec);
    if (!staged)
      return kernelRefused("its epilogue does not store C's tiles whole, so "
                           "it cannot store them through TMA");
    if (staged != spec.storedType)
      return kernelRefused(
          llvm::formatv("C's tensor map would hold {0} but the epilogue "
                        "stores {1}",
                        spec.storedType, staged)
              .str());
  }
  // Every GPU that runs it must hold a block.
  for (const GpuChip &chip : knownGpuChips()) {
    if (chip.target != spec.chipTarget() ||
        spec.sharedMemoryBytes() <= chip.sharedBytesPerBlock)
      continue;
    return kernelRefused(
        llvm::formatv("its stages need {0} bytes of shared memory; a "
                      "block on {1} has at most {2}",
                      spec.sharedMemoryBytes(), chip.targetName(),
                      chip.sharedBytesPerBlock)
            .str());
  }
  return llvm::Error::success();
}

std::optional<int64_t> mlir::lmhead::rowBytesOf(Value matrix) {
  auto type = dyn_cast<ShapedType>(matrix.getType());
  if (!type || !type.hasRank() || type.getRank() == 0 ||
      ShapedType::isDynamic(type.getShape().back()))
    return std::nullopt;
  return type.getShape().back() *
         (type.getElementType().getIntOrFloatBitWidth() / 8);
}

LogicalResult mlir::lmhead::checkTmaRows(Operation *op, StringRef gemm,
                                         const GemmKernelSpec &spec,
                                         ArrayRef<TmaCopy> copies) {
  if (!usesWarpgroupMma(spec.target))
    return success();
  for (const TmaCopy &copy : copies) {
    if (copy.stored && !spec.tiles.storesThroughTma())
      continue;
    if (!copy.rowBytes || *copy.rowBytes % 16 == 0)
      continue;
    return op->emitOpError()
           << "the " << gemm << " kernel of its plan "
           << (copy.stored ? "stores " : "loads ") << copy.name
           << " with TMA (an sm_90a kernel"
           << (copy.stored ? " with tmaStore = 1" : "")
           << "), which copies rows of whole 16 bytes; " << copy.name
           << "'s rows are " << *copy.rowBytes << " bytes"
           << (copy.stored ? " (tmaStore = 0 stores from registers)"
                           : " (kernel = sm_80 with copyBytes dividing them "
                             "copies any rows)");
  }
  return success();
}

gpu::GPUFuncOp mlir::lmhead::createGemmKernelFunc(OpBuilder &builder,
                                                  Location loc, StringRef name,
                                                  const GemmKernelSpec &spec,
                                                  const GemmEpilogue &epilogue,
                                                  Type operandArgType) {
  IndexType indexType = builder.getIndexType();
  SmallVector<Type> arguments = {operandArgType, operandArgType};
  llvm::append_range(arguments, epilogue.getArgumentTypes(spec));
  arguments.append({indexType, indexType, indexType});
  return createKernel(builder, loc, name, arguments, spec.numThreads());
}

GemmKernelArguments mlir::lmhead::getGemmKernelArguments(Block &entry) {
  ValueRange all = entry.getArguments();
  size_t count = all.size();
  GemmKernelArguments args;
  args.a = all[0];
  args.b = all[1];
  args.epilogue = all.slice(2, count - 5);
  args.m = all[count - 3];
  args.n = all[count - 2];
  args.k = all[count - 1];
  return args;
}

gpu::GPUFuncOp mlir::lmhead::buildGemmKernel(OpBuilder &builder, Location loc,
                                             StringRef name,
                                             const GemmKernelSpec &spec,
                                             const GemmEpilogue &epilogue) {
  switch (spec.target) {
  case GpuTarget::Sm80:
    return buildSm80GemmKernel(builder, loc, name, spec, epilogue);
  case GpuTarget::Sm90a:
    return buildSm90GemmKernel(builder, loc, name, spec, epilogue);
  }
  llvm_unreachable("unknown GpuTarget");
}
