//===- GemmKernelSm90.cpp - the sm_90a warp-specialised wgmma kernel ------===//
//
// Writes one GemmKernelSpec for Hopper the way hand-written sm_90a GEMMs are
// organised:
//
// - Warpgroup 0 is the producer: one of its threads waits until a stage is
//   free (its `empty` mbarrier), announces the stage's bytes on the stage's
//   `full` mbarrier and issues the TMA loads of the next K step (64 wide)
//   into it. The other warpgroups are consumers: each waits for a stage to
//   be full, multiplies its warpM×blockN slice of the block tile with
//   wgmma.mma_async m64nNk16 straight from shared memory and commits the
//   step's wgmma group; with that group still in flight it waits for the
//   previous one and arrives on the previous stage's `empty` mbarrier.
//   Stages cycle with mbarrier phase parities, so copies run ahead of the
//   multiplications by up to `stages-1` steps.
// - What ptxas needs to schedule that at full speed (no "Potential
//   Performance Loss" advisory): a register cap at entry (`.minnctapersm 1`
//   beside `.maxntid`), so that it honours `setmaxnreg` in the two role
//   branches; and no plain register writes between the wgmma fence and the
//   wgmmas: K step 0 is peeled and its first wgmma starts the accumulators
//   with scale-d = 0 instead of reading zeroed registers.
// - TMA writes every tile with the 128-byte swizzle. A K-major operand's
//   tile is one box of (outer × 64) elements, 128 bytes a row; an MN-major
//   operand's tile is 64-wide panels of (64 K × 64) elements. The wgmma
//   descriptors describe exactly that: 8-row groups 1 KiB apart (SBO) and,
//   for MN-major panels, panels 8 KiB apart (LBO). TMA fills rows and
//   columns outside the operand with zeros, which add nothing.
// - The f32 accumulators stay in registers for the whole K loop; then each
//   consumer thread hands its fragment (the wgmma D layout), with the rows
//   and columns in C, to the kernel's GemmEpilogue.
// - A persistent kernel (GemmTiles::persistent) wraps both roles in the same
//   loop over the block's tiles (gemmGrid's grouped order, block b taking
//   tiles b, b + grid, ...). K steps are counted across tiles, so stages and
//   parities carry on from one tile to the next: the producer starts the
//   next tile's copies as soon as the consumers free the stages of this
//   one's last steps, and they land while the consumers run the epilogue.
//   The consumers release the stage of a tile's last step once its wgmmas
//   are done, before the epilogue.
// - A clustered kernel (GemmTiles::clusterM/clusterN) runs its blocks in
//   pairs on adjacent tiles that share one operand tile (B for 2x1, A for
//   1x2). Each block's producer loads its own tile of the other operand and
//   half of the shared one, which TMA multicasts into the same stage of
//   both blocks; each block's `full` barrier expects the whole stage, half
//   of whose bytes its peer's copies complete. A stage may then be
//   refilled only when the consumers of both blocks are done with it:
//   each consumer warpgroup arrives once on the `empty` barrier of each
//   block of the pair (a predicated remote arrive by one lane of each of
//   two warps), so each block's barrier counts one arrival per consumer
//   warpgroup of either block. The barriers are initialised and fenced for
//   the cluster before either block copies. A block may exit only once its
//   peer has made its last arrival on its barriers: the producer waits for
//   the consumers' last releases after its last copy, as if to refill each
//   stage once more (CUTLASS's producer tail).
// - A kernel that stores through TMA (GemmTiles::tmaStore) gives each
//   consumer warpgroup two staging buffers after the stages, and two
//   mbarriers for TMA loads of C's old values; its epilogue writes the
//   tile through them (StagedTileStore.h), and each consumer warpgroup
//   waits for its last stores before the block exits. An epilogue that
//   adds to C has the tile's first two panels of old values loaded before
//   the K loop, by one thread of each consumer warpgroup.
// - A ping-pong kernel (GemmTiles::pingPong, always persistent) has two
//   consumer warpgroups that take the block's tiles in turns, each
//   computing a whole tile: warpgroup 1 the block's tiles 0, 2, 4, ...,
//   warpgroup 2 tiles 1, 3, 5, .... The producer loads the tiles in order,
//   so their K steps follow each other through the stages as in the
//   cooperative kernel, and each stage is released by the one warpgroup
//   that read it. A warpgroup starts a tile's main loop only once the other
//   has waited for every stage of the tile before (a `turn` mbarrier per
//   warpgroup, on which the other arrives after its K loop): the main
//   loops then take the tensor cores one after the other, one
//   warpgroup's epilogue runs under the other's main loop, and a
//   warpgroup never waits for a stage's phase while that stage is two
//   phases behind (the parity it waits for would match the older one).
//   CUTLASS's ping-pong kernel orders its main loops the same way.
// - Programmatic dependent launch: the kernel sets up its shared memory and
//   prefetches its tensor maps, then waits for the kernel before it on its
//   stream (griddepcontrol.wait) before any global access and lets the
//   next one launch; gemmLaunch makes its launches programmatic, so that
//   this prologue overlaps the previous kernel's last blocks.
//
//===----------------------------------------------------------------------===//

#include "GemmKernel.h"
#include "StagedTileStore.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "llvm/Support/FormatVariadic.h"

#include <optional>

using namespace mlir;
using namespace mlir::lmhead;

namespace {

/// The K extent of one stage: one 128-byte swizzle row of 16-bit elements.
constexpr int64_t kStepK = 64;
/// Bytes of one 8-row group of 128-byte rows: the swizzle pattern's period.
constexpr int64_t kSwizzleAtomBytes = 1024;
/// Bytes of one MN-major panel (64 K rows of 128 bytes).
constexpr int64_t kPanelBytes = kStepK * 128;

/// The outer extent (M for A, N for B) of an operand's block tile.
int64_t outerExtent(const GemmKernelSpec &spec, bool isA) {
  return isA ? spec.tiles.blockM : spec.tiles.blockN;
}

bool isKMajor(const GemmKernelSpec &spec, bool isA) {
  return (isA ? spec.aOrder : spec.bOrder) == OperandOrder::ContiguousK;
}

/// Bytes of one operand's tile in one stage.
int64_t tileBytes(const GemmKernelSpec &spec, bool isA) {
  return outerExtent(spec, isA) * kStepK * 2;
}

/// The blocks of a cluster that share an operand's tile, each loading one
/// part of it: A is shared by a 1x2 cluster's blocks (same rows of C), B by
/// a 2x1 cluster's (same columns).
int64_t sharingBlocks(const GemmKernelSpec &spec, bool isA) {
  return isA ? spec.tiles.clusterCols() : spec.tiles.clusterRows();
}

/// The tensor-map type every sm_90a copy uses: a box of `box` (rows,
/// columns) elements of `element` in shared memory, 128-byte swizzle, zero
/// fill outside the tensor.
nvgpu::TensorMapDescriptorType swizzledMapType(ArrayRef<int64_t> box,
                                               Type element) {
  MLIRContext *ctx = element.getContext();
  auto workgroup = gpu::AddressSpaceAttr::get(
      ctx, gpu::GPUDialect::getWorkgroupAddressSpace());
  auto tile =
      MemRefType::get(box, element, MemRefLayoutAttrInterface(), workgroup);
  return nvgpu::TensorMapDescriptorType::get(
      ctx, tile, nvgpu::TensorMapSwizzleKind::SWIZZLE_128B,
      nvgpu::TensorMapL2PromoKind::L2PROMO_NONE,
      nvgpu::TensorMapOOBKind::OOB_ZERO,
      nvgpu::TensorMapInterleaveKind::INTERLEAVE_NONE);
}

class Sm90GemmWriter {
public:
  Sm90GemmWriter(ImplicitLocOpBuilder &b, const GemmKernelSpec &spec,
                 const GemmEpilogue &epilogue)
      : b(b), spec(spec), epilogue(epilogue), cfg(spec.tiles) {}

  void write(gpu::GPUFuncOp func);

private:
  Value index(int64_t v) { return arith::ConstantIndexOp::create(b, v); }
  Value i64(int64_t v) { return arith::ConstantIntOp::create(b, v, 64); }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, x, y); }
  Value mul(Value x, int64_t y) {
    return arith::MulIOp::create(b, x, index(y));
  }
  Value div(Value x, int64_t y) {
    return arith::DivUIOp::create(b, x, index(y));
  }
  Value rem(Value x, int64_t y) {
    return arith::RemUIOp::create(b, x, index(y));
  }
  Value equal(Value x, int64_t y) {
    return arith::CmpIOp::create(b, arith::CmpIPredicate::eq, x, index(y));
  }
  Value lessThan(Value x, Value y) {
    return arith::CmpIOp::create(b, arith::CmpIPredicate::slt, x, y);
  }

  /// The shared-memory byte offset (from the aligned base) of stage
  /// `stage`'s tile of A or B.
  Value tileOffset(bool isA, Value stage) {
    int64_t stageBytes = tileBytes(spec, true) + tileBytes(spec, false);
    Value offset = mul(stage, stageBytes);
    return isA ? offset : add(offset, index(tileBytes(spec, true)));
  }

  /// The K step `k` of a tile whose first step is the block's `base`-th
  /// (a null `base` is 0: the block's only tile).
  Value blockStep(Value base, Value k) { return base ? add(base, k) : k; }
  /// Writes a persistent kernel's loop over the block's tiles, with
  /// `body(ordinal, tileIndex)` for each: how many of the block's tiles
  /// come before it (`index`), and its index in gemmGrid's grouped order
  /// (an i32). A ping-pong consumer takes every second tile from its own
  /// (`firstOrdinal`, an index; null: every tile from the first). Returns
  /// the number of the block's tiles (`index`).
  Value
  forEachTile(llvm::function_ref<void(Value ordinal, Value tileIndex)> body,
              Value firstOrdinal = Value());
  /// The first row of the tile that the consumer warpgroup `consumer`
  /// computes, from the block tile's: a cooperative consumer's slice, or
  /// (ping-pong) the whole tile.
  Value consumerRowOffset(Value consumer) {
    return cfg.isPingPong() ? index(0) : mul(consumer, cfg.warpM);
  }
  /// A ping-pong consumer waits for its turn to start the main loop of the
  /// block's `ordinal`-th tile: until the other consumer has passed every
  /// stage of the tile before (none for the block's first tile).
  void waitForTurn(Value consumer, Value ordinal);
  /// A ping-pong consumer that has issued its tile's last K step passes the
  /// turn to the other.
  void passTurn(Value consumer);
  /// The first row and column in C of tile `tileIndex` (forEachTile's), written
  /// at the insertion point: the consumers ask only after their K loop, so that
  /// they hold no coordinates through it.
  std::pair<Value, Value> tileOrigin(Value tileIndex);
  /// The thread's index for the epilogue. In a persistent kernel it is
  /// read again after each tile's K loop, through an instruction the
  /// optimiser may not move: otherwise LLVM hoists every per-thread offset
  /// of the epilogue out of the tile loop, and the consumers, whose
  /// registers hold the accumulators, would carry them all through the K
  /// loop (ptxas spills them with the larger epilogues).
  Value epilogueThread();
  /// The block's rank in its cluster (an index): which half of a shared
  /// operand tile it loads, and which of the pair's tiles it computes.
  Value clusterRank();
  /// Tells the producers that may refill stage `stage` that the calling
  /// thread's consumer warpgroup is done reading it: its own block's (every
  /// thread arrives), or in a cluster both blocks' (both write half of this
  /// block's stage; one thread arrives on each for the warpgroup).
  void releaseStage(Value stage);
  /// The parity the producer waits for on the `empty` barrier of the stage
  /// of the block's K step `step` before it refills it: the phase of the
  /// consumers' releases of the previous round (a fresh barrier's "previous"
  /// phase, which has completed, in the first round).
  Value emptyParity(Value step);
  /// In a cluster, the producer waits after its last copy until the
  /// consumers of both blocks have released every stage the block's
  /// `steps` K steps used (that they release), as if to refill each once
  /// more: the peer's consumers arrive on this block's barriers, and the
  /// block must not exit before (CUTLASS's producer tail).
  void waitForLastReleases(Value steps);
  /// The producer's TMA loads of every K step of tile `tileIndex`.
  void writeProducer(Value base, Value kSteps, Value tileIndex);
  /// A consumer warpgroup's K loop and epilogue for tile `tileIndex`, the
  /// block's `ordinal`-th (null: its only one).
  void writeConsumer(Value base, Value kSteps, Value consumer, Value tileIndex,
                     Value ordinal);
  /// Where the consumer warpgroup whose thread is `thread` stages its part
  /// of the tile at (`row`, `col`) for a TMA store, the block's
  /// `ordinal`-th tile (null: its only one).
  TileStaging staging(Value thread, Value row, Value col, Value ordinal);
  /// One K step of a consumer: waits for the step's stage, multiplies it into
  /// `accumulators` and commits the step's wgmma group. Returns the new
  /// accumulators. The `firstStep`'s first slice has scale-d = 0: it ignores
  /// `accumulators` (which may be poison) and starts the sums.
  SmallVector<Value> writeConsumerStep(Value stage, Value parity,
                                       ValueRange accumulators,
                                       ArrayRef<Value> descriptorsA,
                                       Value descriptorB, bool firstStep);
  /// The descriptor of stage `stage`, K slice `slice`, from `first`, the
  /// descriptor of stage 0 and slice 0 of the same operand and rows: a
  /// constant per slice and one per stage added to its start address field
  /// (which stays below 2¹⁴: shared memory ends below 256 KiB).
  Value descriptorAt(bool isA, Value first, Value stage, int64_t slice);
  /// The wgmma descriptor of the 64 rows (A) or the whole width (B) at
  /// `outerStart` of stage `stage`, K slice `slice` (16 wide).
  Value descriptor(bool isA, Value stage, Value outerStart, int64_t slice);

  ImplicitLocOpBuilder &b;
  const GemmKernelSpec &spec;
  const GemmEpilogue &epilogue;
  const GemmTiles &cfg;

  Value mapA, mapB, m, n, k;
  ValueRange epilogueArgs;
  /// The thread, and the first row and column of a non-persistent block's
  /// tile of C.
  Value threadId, blockRow, blockCol;
  /// Dynamic shared memory, its aligned base offset, and that base's
  /// shared-window address.
  Value shared, alignedOffset, alignedAddress;
  Value full, empty;
  nvgpu::MBarrierGroupType barrierType;
  /// The mbarriers of the epilogue's TMA loads of C (two per consumer
  /// warpgroup) and C's tensor map, when it stores through TMA.
  Value epilogueLoads, resultMap;
  /// A ping-pong kernel's turn barriers: one per consumer warpgroup, on
  /// which the other's threads arrive when it has passed a tile's stages.
  Value turns;
};

} // namespace

nvgpu::TensorMapDescriptorType
mlir::lmhead::sm90OperandMapType(const GemmKernelSpec &spec, bool isA) {
  // A block of a cluster loads its part of a shared K-major tile as one
  // box; MN-major tiles are loaded panel by panel either way.
  SmallVector<int64_t, 2> box =
      isKMajor(spec, isA)
          ? SmallVector<int64_t, 2>{outerExtent(spec, isA) /
                                        sharingBlocks(spec, isA),
                                    kStepK}
          : SmallVector<int64_t, 2>{kStepK, 64};
  return swizzledMapType(box, spec.operandType);
}

nvgpu::TensorMapDescriptorType
mlir::lmhead::sm90ResultMapType(const GemmKernelSpec &spec) {
  int64_t columns =
      kStagingRowBytes / (spec.storedType.getIntOrFloatBitWidth() / 8);
  return swizzledMapType({kStagingRows, columns}, spec.storedType);
}

llvm::Error mlir::lmhead::checkSm90GemmKernel(const GemmKernelSpec &spec) {
  if (!spec.operandType.isF16() && !spec.operandType.isBF16())
    return kernelRefused(
        "the sm_90a kernels multiply f16 or bf16 operands with wgmma");
  const GemmTiles &c = spec.tiles;
  if (c.blockK != kStepK)
    return kernelRefused(
        llvm::formatv("blockK must be {0} on sm_90a (one 128-byte "
                      "swizzled row of 16-bit elements per stage), got "
                      "{1}",
                      kStepK, c.blockK)
            .str());
  if (c.warpN != c.blockN)
    return kernelRefused(
        "each consumer warpgroup covers the block's whole width on "
        "sm_90a: warpN must equal blockN");
  if (c.blockN % 64 != 0 || c.blockN > 256)
    return kernelRefused(
        llvm::formatv("blockN must be a multiple of 64 up to 256 (one "
                      "wgmma N, 64-wide TMA panels), got {0}",
                      c.blockN)
            .str());
  if (c.warpM % 64 != 0 || c.blockM > 256)
    return kernelRefused(
        llvm::formatv("warpM must be a multiple of 64 (wgmma's M) and "
                      "blockM at most 256 (one TMA box), got {0} and {1}",
                      c.warpM, c.blockM)
            .str());
  if (c.isPingPong() && (!c.isPersistent() || c.blockM != c.warpM))
    return kernelRefused(
        llvm::formatv("a ping-pong kernel is persistent and each consumer "
                      "warpgroup computes a whole tile (warpM = blockM), got "
                      "persistent = {0}, blockM = {1}, warpM = {2}",
                      c.persistent, c.blockM, c.warpM)
            .str());
  int64_t consumers = c.numConsumers();
  if (consumers > 2)
    return kernelRefused(
        llvm::formatv("{0} consumer warpgroups; the kernel has at most 2",
                      consumers)
            .str());
  int64_t accumulators = (c.warpM / 64) * (c.blockN / 2);
  if (accumulators > 128)
    return kernelRefused(
        llvm::formatv("a consumer thread would hold {0} f32 accumulators; "
                      "at most 128 fit its registers",
                      accumulators)
            .str());
  if (c.copyBytes != 16 || c.swizzle != 1)
    return kernelRefused(
        "sm_90a tiles are copied by TMA with the 128-byte swizzle: "
        "copyBytes must be 16 and swizzle 1");
  if (c.clusterM > 2 || c.clusterN > 2 || c.clusterBlocks() > 2)
    return kernelRefused(
        llvm::formatv("clusters of 2x1 or 1x2 blocks are built, not {0}x{1}",
                      c.clusterRows(), c.clusterCols())
            .str());
  for (bool isA : {true, false}) {
    // The blocks of a pair load the halves of an MN-major tile's 64-wide
    // panels: an even number of them.
    if (sharingBlocks(spec, isA) == 2 && !isKMajor(spec, isA) &&
        outerExtent(spec, isA) % 128 != 0)
      return kernelRefused(
          llvm::formatv("a cluster's blocks share the {0} tile, loading half "
                        "its 64-wide panels each: its {1} extent must be a "
                        "multiple of 128, got {2}",
                        isA ? "A" : "B", isA ? "M" : "N",
                        outerExtent(spec, isA))
              .str());
  }
  if (c.storesThroughTma()) {
    Type stored = spec.storedType;
    if (!stored || !(stored.isF32() || stored.isBF16() || stored.isF16()))
      return kernelRefused("a kernel that stores through TMA needs C's "
                           "element type, f32, bf16 or f16");
    // Panels of 128 bytes: 32 f32 or 64 16-bit columns; every blockN is a
    // multiple of 64.
    if (c.warpM % kStagingRows != 0)
      return kernelRefused(
          llvm::formatv("the epilogue stages {0} rows at a time: warpM must "
                        "be a multiple, got {1}",
                        kStagingRows, c.warpM)
              .str());
  }
  if (c.clusterRows() == 2 && c.rasterGroupRows() % 2 != 0)
    return kernelRefused(
        llvm::formatv("a 2x1 cluster's blocks take two rows of tiles of one "
                      "group: groupRows must be even, got {0}",
                      c.rasterGroupRows())
            .str());
  return llvm::Error::success();
}

Value Sm90GemmWriter::descriptor(bool isA, Value stage, Value outerStart,
                                 int64_t slice) {
  // Byte offset of the slice: K-major rows are 128 bytes of K, so a 16-wide
  // K slice starts 32 bytes in (the hardware applies the swizzle to the
  // address); MN-major panels hold 64 K rows, so the slice starts 16 rows
  // (2 KiB) down and the outer start selects the 64-wide panel.
  Value offset = tileOffset(isA, stage);
  int64_t leading, stride = kSwizzleAtomBytes;
  if (isKMajor(spec, isA)) {
    offset = add(offset, add(mul(outerStart, 128), index(slice * 32)));
    leading = 16; // unused with a swizzle along K
  } else {
    offset = add(offset, add(mul(div(outerStart, 64), kPanelBytes),
                             index(slice * 16 * 128)));
    leading = kPanelBytes;
  }
  Value address = arith::IndexCastOp::create(b, b.getI64Type(),
                                             add(alignedAddress, offset));
  Value start = arith::AndIOp::create(
      b, arith::ShRUIOp::create(b, address, i64(4)), i64(0x3fff));
  int64_t fields = ((leading >> 4) << 16) | ((stride >> 4) << 32) |
                   (int64_t(1) << 62); // 128-byte swizzle
  return arith::OrIOp::create(b, start, i64(fields));
}

Value Sm90GemmWriter::forEachTile(
    llvm::function_ref<void(Value ordinal, Value tileIndex)> body,
    Value firstOrdinal) {
  return forEachPersistentTile(b, b.getLoc(), cfg, m, n, body, firstOrdinal);
}

std::pair<Value, Value> Sm90GemmWriter::tileOrigin(Value tileIndex) {
  if (!tileIndex)
    return {blockRow, blockCol};
  return persistentTileOrigin(b, b.getLoc(), cfg, m, n, tileIndex,
                              cfg.isClustered() ? clusterRank() : Value());
}

Value Sm90GemmWriter::clusterRank() {
  return arith::IndexCastUIOp::create(
      b, b.getIndexType(), NVVM::ClusterId::create(b, b.getI32Type()));
}

void Sm90GemmWriter::releaseStage(Value stage) {
  if (!cfg.isClustered()) {
    nvgpu::MBarrierArriveOp::create(
        b, nvgpu::MBarrierTokenType::get(b.getContext()), empty, stage);
    return;
  }
  // One arrival per consumer warpgroup and block of the pair, as CUTLASS's
  // cluster pipelines make them: lane 0 of the warpgroup's warp r signals
  // block r. Its wgmma.wait_group is the warpgroup's (wgmma is one
  // operation of the four warps), so the whole warpgroup is done with the
  // stage. The arrival is predicated, not branched around, so the warp
  // stays converged for the next step's wgmmas; the lane and warp are read
  // from %tid.x inside the assembly, so that no register holds them through
  // the K loop (the 128x256 logits kernels spilled with them). It releases
  // at CTA scope, as CUTLASS's do: it publishes no data (the wgmmas'
  // reads are done), and a cluster-scope release is a MEMBAR.ALL.GPU in
  // the K loop.
  assert(cfg.clusterBlocks() == 2 && "the kernels build pairs");
  Value address = nvgpu::MBarrierGetOp::create(b, b.getI32Type(), empty, stage);
  // t = the thread's index in its warpgroup; the signalling threads are
  // t = 0 and t = 32 (lane 0 of warps 0 and 1): t & ~32 == 0 over t < 128.
  // Block t >> 5 gets the arrival.
  std::string text = "{\n\t.reg .pred p;\n\t.reg .b32 t, remote;\n\t"
                     "mov.u32 t, %tid.x;\n\t"
                     "and.b32 t, t, 127;\n\t"
                     "and.b32 remote, t, 95;\n\t"
                     "setp.eq.u32 p, remote, 0;\n\t"
                     "shr.u32 t, t, 5;\n\t"
                     "@p mapa.shared::cluster.u32 remote, $0, t;\n\t"
                     "@p mbarrier.arrive.shared::cluster.b64 _, [remote];\n\t}";
  LLVM::InlineAsmOp::create(b, TypeRange{}, ValueRange{address}, text, "r",
                            /*has_side_effects=*/true, /*is_align_stack=*/false,
                            LLVM::tailcallkind::TailCallKind::None,
                            LLVM::AsmDialectAttr(), ArrayAttr());
}

void Sm90GemmWriter::waitForTurn(Value consumer, Value ordinal) {
  // The other consumer arrives on this one's barrier once per tile of its
  // own: before the block's tile o it has completed phase (o - 1) / 2 of
  // it. Tile 0 waits for the phase before the first, whose parity (1) a
  // fresh barrier reports complete, as the producer's first waits do.
  // The barrier is never two phases ahead: the other consumer passes its
  // next turn only after waiting for this one's.
  Value phase = add(div(add(ordinal, index(1)), 2), index(1));
  Value parity = arith::TruncIOp::create(
      b, b.getI1Type(),
      arith::IndexCastOp::create(b, b.getI64Type(), rem(phase, 2)));
  nvgpu::MBarrierTryWaitParityOp::create(b, turns, parity, index(10000000),
                                         consumer);
}

void Sm90GemmWriter::passTurn(Value consumer) {
  nvgpu::MBarrierArriveOp::create(
      b, nvgpu::MBarrierTokenType::get(b.getContext()), turns,
      arith::SubIOp::create(b, index(1), consumer));
}

Value Sm90GemmWriter::epilogueThread() {
  return cfg.isPersistent() ? rereadThreadId(b, b.getLoc()) : threadId;
}

Value Sm90GemmWriter::emptyParity(Value step) {
  // A stage is free once the consumers have arrived on its `empty` barrier
  // for the previous round; in the first round nothing was there, and
  // waiting for the parity before a fresh barrier's returns at once.
  Value round = div(step, cfg.stages);
  return arith::XOrIOp::create(
      b,
      arith::TruncIOp::create(
          b, b.getI1Type(),
          arith::IndexCastOp::create(b, b.getI64Type(), rem(round, 2))),
      arith::ConstantIntOp::create(b, 1, 1));
}

void Sm90GemmWriter::waitForLastReleases(Value steps) {
  // A non-persistent kernel's consumers do not release the last step's
  // stage (nothing refills it; releasing it before the epilogue costs the
  // logits kernels' epilogues registers): no arrival on it to wait for.
  int64_t released = cfg.isPersistent() ? cfg.stages : cfg.stages - 1;
  for (int64_t next = 0; next < released; ++next) {
    Value step = add(steps, index(next));
    nvgpu::MBarrierTryWaitParityOp::create(
        b, empty, emptyParity(step), index(10000000), rem(step, cfg.stages));
  }
}

void Sm90GemmWriter::writeProducer(Value base, Value kSteps, Value tileIndex) {
  auto [row, col] = tileOrigin(tileIndex);
  Value rank = cfg.isClustered() ? clusterRank() : Value();
  int64_t stages = cfg.stages;
  int64_t stageBytes = tileBytes(spec, true) + tileBytes(spec, false);
  auto loop = scf::ForOp::create(b, index(0), kSteps, index(1));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  Value step = blockStep(base, loop.getInductionVar());
  Value stage = rem(step, stages);
  nvgpu::MBarrierTryWaitParityOp::create(b, empty, emptyParity(step),
                                         index(10000000), stage);
  nvgpu::MBarrierArriveExpectTxOp::create(b, full, index(stageBytes), stage,
                                          Value());
  Value kStart = mul(loop.getInductionVar(), kStepK);
  auto workgroup = gpu::AddressSpaceAttr::get(
      b.getContext(), gpu::GPUDialect::getWorkgroupAddressSpace());
  for (bool isA : {true, false}) {
    nvgpu::TensorMapDescriptorType mapType = sm90OperandMapType(spec, isA);
    MemRefType boxType =
        MemRefType::get(mapType.getTensor().getShape(), spec.operandType,
                        MemRefLayoutAttrInterface(), workgroup);
    Value map = isA ? mapA : mapB;
    Value tile = add(alignedOffset, tileOffset(isA, stage));
    // A tile the cluster's pair shares: this block loads part `rank` of
    // its `parts`, multicast to the same place in both blocks.
    const int64_t parts = sharingBlocks(spec, isA);
    Value multicast, part = index(0);
    if (parts > 1) {
      multicast = arith::ConstantIntOp::create(b, (1 << parts) - 1, 16);
      part = rank;
    }
    const int64_t partExtent = outerExtent(spec, isA) / parts;
    Value outerStart = add(isA ? row : col, mul(part, partExtent));
    if (isKMajor(spec, isA)) {
      // One box: rows outerStart.., columns kStart.. (TMA coordinates are
      // innermost first), 128 bytes a row.
      Value view = memref::ViewOp::create(
          b, boxType, shared, add(tile, mul(part, partExtent * 128)),
          ValueRange{});
      nvgpu::TmaAsyncLoadOp::create(b, view, full, map,
                                    ValueRange{kStart, outerStart}, stage,
                                    multicast, Value());
      continue;
    }
    // The part's 64-wide panels, each (64 K × 64) elements.
    Value partTile = add(tile, mul(part, (partExtent / 64) * kPanelBytes));
    for (int64_t panel = 0; panel < partExtent / 64; ++panel) {
      Value view = memref::ViewOp::create(
          b, boxType, shared, add(partTile, index(panel * kPanelBytes)),
          ValueRange{});
      nvgpu::TmaAsyncLoadOp::create(
          b, view, full, map,
          ValueRange{add(outerStart, index(panel * 64)), kStart}, stage,
          multicast, Value());
    }
  }
}

Value Sm90GemmWriter::descriptorAt(bool isA, Value first, Value stage,
                                   int64_t slice) {
  // The start address field counts 16-byte units: a K slice is 32 bytes
  // along a K-major row, 16 rows of 128 bytes down an MN-major panel.
  int64_t stageUnits = (tileBytes(spec, true) + tileBytes(spec, false)) / 16;
  int64_t sliceUnits = isKMajor(spec, isA) ? 2 : 128;
  Value stageOffset = arith::MulIOp::create(
      b, arith::IndexCastOp::create(b, b.getI64Type(), stage), i64(stageUnits));
  return arith::AddIOp::create(
      b, first, arith::AddIOp::create(b, stageOffset, i64(slice * sliceUnits)));
}

SmallVector<Value> Sm90GemmWriter::writeConsumerStep(
    Value stage, Value parity, ValueRange accumulators,
    ArrayRef<Value> descriptorsA, Value descriptorB, bool firstStep) {
  int64_t tilesM = cfg.warpM / 64, width = cfg.blockN;
  nvgpu::MBarrierTryWaitParityOp::create(b, full, parity, index(10000000),
                                         stage);
  NVVM::WgmmaFenceAlignedOp::create(b);
  SmallVector<Value> results(accumulators);
  NVVM::WGMMATypes type = spec.operandType.isBF16() ? NVVM::WGMMATypes::bf16
                                                    : NVVM::WGMMATypes::f16;
  // wgmma's layout attributes: row = K-major A, col = K-major B.
  auto layoutA =
      isKMajor(spec, true) ? NVVM::MMALayout::row : NVVM::MMALayout::col;
  auto layoutB =
      isKMajor(spec, false) ? NVVM::MMALayout::col : NVVM::MMALayout::row;
  auto shape = NVVM::MMAShapeAttr::get(b.getContext(), 64, width, 16);
  for (int64_t slice = 0; slice < kStepK / 16; ++slice) {
    Value descB = descriptorAt(false, descriptorB, stage, slice);
    for (int64_t i = 0; i < tilesM; ++i) {
      Value descA = descriptorAt(true, descriptorsA[i], stage, slice);
      auto scaleD = firstStep && slice == 0 ? NVVM::WGMMAScaleOut::zero
                                            : NVVM::WGMMAScaleOut::one;
      results[i] = NVVM::WgmmaMmaAsyncOp::create(
          b, results[i].getType(), results[i], descA, descB, shape, type, type,
          NVVM::WGMMATypes::f32, scaleD, NVVM::WGMMAScaleIn::one,
          NVVM::WGMMAScaleIn::one, layoutA, layoutB,
          NVVM::MMAIntOverflowAttr());
    }
  }
  NVVM::WgmmaGroupSyncAlignedOp::create(b);
  return results;
}

TileStaging Sm90GemmWriter::staging(Value thread, Value row, Value col,
                                    Value ordinal) {
  TileStaging staging;
  // The consumer's index from the thread, as the epilogue's rows are.
  Value consumer = arith::SubIOp::create(b, div(thread, 128), index(1));
  int64_t stageBytes = tileBytes(spec, true) + tileBytes(spec, false);
  staging.shared = shared;
  staging.buffers = add(add(alignedOffset, index(cfg.stages * stageBytes)),
                        mul(consumer, kStagingBuffers * kStagingBufferBytes));
  staging.loadBarriers = epilogueLoads;
  staging.firstLoadBarrier = mul(consumer, kStagingBuffers);
  staging.row = add(row, consumerRowOffset(consumer));
  staging.col = col;
  Value inGroup = rem(thread, 128);
  staging.thread = inGroup;
  // Named barrier 0 is the block's; consumer c meets at 1 + c.
  staging.barrierId =
      arith::IndexCastUIOp::create(b, b.getI32Type(), add(consumer, index(1)));
  // The warpgroup's earlier tiles: all the block's, or a ping-pong
  // consumer's every second.
  Value earlierTiles = !ordinal           ? index(0)
                       : cfg.isPingPong() ? div(ordinal, 2)
                                          : ordinal;
  staging.panelsBefore = mul(earlierTiles, stagedPanelsPerTile(spec));
  Value warp = div(inGroup, 32), lane = rem(inGroup, 32);
  staging.threadRow = add(mul(warp, 16), div(lane, 4));
  staging.threadCol = mul(rem(lane, 4), 2);
  // wgmma's D layout (writeConsumer): register r of row tile i lies
  // 64·i + 8·((r/2)%2) rows and 8·(r/4) + r%2 columns from the thread's
  // first.
  for (int64_t i = 0; i < cfg.warpM / 64; ++i)
    for (int64_t r = 0; r < cfg.blockN / 2; ++r) {
      staging.rowOffsets.push_back(i * 64 + 8 * ((r / 2) % 2));
      staging.colOffsets.push_back(8 * (r / 4) + r % 2);
    }
  return staging;
}

void Sm90GemmWriter::writeConsumer(Value base, Value kSteps, Value consumer,
                                   Value tileIndex, Value ordinal) {
  int64_t stages = cfg.stages;
  int64_t tilesM = cfg.warpM / 64, width = cfg.blockN;
  Type f32 = b.getF32Type();
  auto fragmentType = LLVM::LLVMStructType::getLiteral(
      b.getContext(), SmallVector<Type>(width / 2, f32));
  Value rowStart = consumerRowOffset(consumer);

  // Stage 0's descriptors, once: each step adds its stage and slice.
  SmallVector<Value> descriptorsA;
  for (int64_t i = 0; i < tilesM; ++i)
    descriptorsA.push_back(
        descriptor(true, index(0), add(rowStart, index(i * 64)), 0));
  Value descriptorB = descriptor(false, index(0), index(0), 0);

  // An epilogue that adds to C through TMA: the warpgroup's thread 0 starts
  // loading the tile's first panels of C's old values now, so that they
  // land during the K loop. It computes where they go in its own branch:
  // no other thread holds them through the loop.
  bool prefetchesC =
      cfg.storesThroughTma() && epilogue.addsToStagedResult(spec);
  if (prefetchesC) {
    auto issuer = scf::IfOp::create(b, equal(rem(epilogueThread(), 128), 0),
                                    /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(issuer.thenBlock());
    auto [row, col] = tileOrigin(tileIndex);
    prefetchStagedOldValues(b, b.getLoc(), spec, resultMap,
                            staging(epilogueThread(), row, col, ordinal));
  }

  // The stage of a step and its mbarrier phase are carried through the K
  // loop, the stage wrapping after the last and the phase flipping then;
  // a tile starts where the block's previous tile left them.
  Type i1 = b.getI1Type();
  auto phaseOf = [&](Value step) -> Value {
    return arith::TruncIOp::create(
        b, i1,
        arith::IndexCastOp::create(b, b.getI64Type(),
                                   rem(div(step, stages), 2)));
  };
  Value firstStage = base ? rem(base, stages) : index(0);
  Value firstPhase =
      base ? phaseOf(base) : arith::ConstantIntOp::create(b, 0, 1);
  auto next = [&](Value stage, Value phase) -> std::pair<Value, Value> {
    Value following = add(stage, index(1));
    Value wraps = equal(following, stages);
    return {arith::SelectOp::create(b, wraps, index(0), following),
            arith::XOrIOp::create(b, phase, wraps)};
  };
  auto previousOf = [&](Value stage) -> Value {
    return arith::SelectOp::create(b, equal(stage, 0), index(stages - 1),
                                   arith::SubIOp::create(b, stage, index(1)));
  };

  if (cfg.isPingPong())
    waitForTurn(consumer, ordinal);

  // K step 0 is peeled: its first wgmma starts the accumulators with
  // scale-d = 0 from undefined registers, so no plain instruction writes
  // registers that a wgmma reads (ptxas would fence them itself, C7519),
  // and the loop releases the previous stage without a branch.
  SmallVector<Value> first(tilesM, LLVM::PoisonOp::create(b, fragmentType));
  SmallVector<Value> init =
      writeConsumerStep(firstStage, firstPhase, first, descriptorsA,
                        descriptorB, /*firstStep=*/true);
  auto [secondStage, secondPhase] = next(firstStage, firstPhase);
  init.push_back(secondStage);
  init.push_back(secondPhase);
  auto loop = scf::ForOp::create(b, index(1), kSteps, index(1), init);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    ValueRange carried = loop.getRegionIterArgs();
    Value stage = carried[tilesM], phase = carried[tilesM + 1];
    SmallVector<Value> accumulators =
        writeConsumerStep(stage, phase, carried.take_front(tilesM),
                          descriptorsA, descriptorB, /*firstStep=*/false);
    // Keep this step's group in flight while the next stage is awaited: once
    // at most one group is pending, the previous step's reads are done and
    // every consumer thread releases that stage.
    NVVM::WgmmaWaitGroupSyncOp::create(b, 1);
    releaseStage(previousOf(stage));
    auto [nextStage, nextPhase] = next(stage, phase);
    accumulators.push_back(nextStage);
    accumulators.push_back(nextPhase);
    scf::YieldOp::create(b, accumulators);
  }
  // Every stage of the tile has been waited for: the other ping-pong
  // consumer may start its main loop while these wgmmas finish.
  if (cfg.isPingPong())
    passTurn(consumer);
  // The last group must land before the accumulators are read.
  NVVM::WgmmaWaitGroupSyncOp::create(b, 0);
  // A persistent block's producer is already filling stages for its next
  // tile: the last step's stage is free now, not after the epilogue.
  if (cfg.isPersistent())
    releaseStage(previousOf(loop.getResult(tilesM)));

  auto [row, col] = tileOrigin(tileIndex);
  // A cluster's second block may lie past C's last row or column of tiles
  // (it loaded its part of the shared tile for its peer). Its epilogue
  // stores nothing: every epilogue masks its elements to C and writes no
  // partials for a tile wholly past it, as it must for the ragged edges
  // (an explicit test here made ptxas spill in the logits kernels).
  // wgmma's D layout: register r of a thread in warp w (of its warpgroup)
  // and lane l holds row 16w + l/4 + 8·((r/2)%2), column 8·(r/4) + 2·(l%4)
  // + r%2.
  Value thread = epilogueThread();
  Value inGroup = rem(thread, 128);
  Value warp = div(inGroup, 32), lane = rem(inGroup, 32);
  // The epilogue's rows come from the thread's own warpgroup index: the
  // uniform one of the K loop's descriptors (`consumer`) would make ptxas
  // carry uniform values into the epilogue, which then spills.
  Value epilogueRowStart =
      consumerRowOffset(arith::SubIOp::create(b, div(thread, 128), index(1)));
  Value warpFirstRow = add(add(row, epilogueRowStart), mul(warp, 16));
  Value rowBase = add(warpFirstRow, div(lane, 4));
  Value colBase = add(col, mul(rem(lane, 4), 2));
  AccumulatorTile tile;
  tile.m = m;
  tile.n = n;
  // A persistent kernel derives the lane from the thread it read again.
  tile.lane = cfg.isPersistent()
                  ? rem(thread, 32)
                  : gpu::LaneIdOp::create(b, /*upperBound=*/nullptr);
  tile.numRowSlots = 2 * tilesM;
  for (int64_t slot = 0; slot < tile.numRowSlots; ++slot)
    tile.slotFirstRows.push_back(
        add(warpFirstRow, index((slot / 2) * 64 + (slot % 2) * 8)));
  // One value per distinct column, shared by the row tiles, so that an
  // epilogue can load per-column data (a bias) once.
  SmallVector<Value> cols;
  for (int64_t r = 0; r < width / 2; ++r)
    cols.push_back(r % 4 < 2 ? add(colBase, index(8 * (r / 4) + r % 2))
                             : cols[r - 2]);
  for (int64_t i = 0; i < tilesM; ++i) {
    for (int64_t r = 0; r < width / 2; ++r) {
      if (r % 4 == 0)
        tile.stackedPairs.push_back(
            {tile.values.size(), tile.values.size() + 2});
      tile.values.push_back(
          LLVM::ExtractValueOp::create(b, loop.getResult(i), r));
      tile.rows.push_back(add(rowBase, index(i * 64 + 8 * ((r / 2) % 2))));
      tile.cols.push_back(cols[r]);
      tile.rowSlots.push_back(2 * i + (r / 2) % 2);
    }
  }
  if (cfg.storesThroughTma()) {
    tile.staging = staging(thread, row, col, ordinal);
    if (prefetchesC)
      tile.staging->prefetchedPanels = prefetchedPanelsPerTile(spec);
  }
  epilogue.write(b, b.getLoc(), spec, epilogueArgs, tile);
}

void Sm90GemmWriter::write(gpu::GPUFuncOp func) {
  Block &entry = func.getBody().front();
  b.setInsertionPointToStart(&entry);
  // The tensor maps arrive as pointers (upstream's GPU lowering converts
  // nvgpu tensor-map types only inside kernels, not in their signatures).
  auto asMap = [&](Value pointer, bool isA) -> Value {
    return UnrealizedConversionCastOp::create(
               b, TypeRange{sm90OperandMapType(spec, isA)}, pointer)
        .getResult(0);
  };
  GemmKernelArguments args = getGemmKernelArguments(entry);
  mapA = asMap(args.a, true);
  mapB = asMap(args.b, false);
  epilogueArgs = args.epilogue;
  m = args.m;
  n = args.n;
  k = args.k;

  threadId = gpu::ThreadIdOp::create(b, gpu::Dimension::x);
  // A persistent block finds its tiles in its loop; each block of the
  // grid has at least one.
  std::optional<BlockTile> tile;
  if (!cfg.isPersistent()) {
    tile = enterBlockTile(b, b.getLoc(), cfg, m);
    blockRow = tile->row;
    blockCol = tile->col;
  }

  // Stages start at the first 1 KiB boundary of dynamic shared memory: TMA's
  // and wgmma's 128-byte swizzle follows address bits 4-9.
  auto workgroup = gpu::AddressSpaceAttr::get(
      b.getContext(), gpu::GPUDialect::getWorkgroupAddressSpace());
  shared = gpu::DynamicSharedMemoryOp::create(
      b, MemRefType::get({ShapedType::kDynamic}, b.getI8Type(),
                         MemRefLayoutAttrInterface(), workgroup));
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, shared);
  alignedOffset = rem(arith::SubIOp::create(b, index(kSwizzleAtomBytes),
                                            rem(base, kSwizzleAtomBytes)),
                      kSwizzleAtomBytes);
  alignedAddress = add(base, alignedOffset);

  int64_t stages = cfg.stages;
  int64_t consumers = cfg.numConsumers();
  // The consumer warpgroups that read each stage: a tile's.
  int64_t readers = cfg.numWarpTiles();
  barrierType =
      nvgpu::MBarrierGroupType::get(b.getContext(), workgroup, stages);
  full = nvgpu::MBarrierCreateOp::create(b, barrierType);
  empty = nvgpu::MBarrierCreateOp::create(b, barrierType);
  Value first = equal(threadId, 0);
  // Thread 0 fetches both tensor maps into the TMA unit's cache while the
  // barriers are set up, so that the producer's first copies do not wait
  // for a map to come from global memory.
  nvgpu::TmaPrefetchOp::create(b, mapA, first);
  nvgpu::TmaPrefetchOp::create(b, mapB, first);
  if (cfg.storesThroughTma()) {
    // C's map (an argument of the epilogue's) too, and the barriers of the
    // epilogue's loads of C: one arrival each, thread 0 of the warpgroup
    // announcing the bytes.
    resultMap = UnrealizedConversionCastOp::create(
                    b, TypeRange{sm90ResultMapType(spec)},
                    epilogueArgs[epilogue.stagedResultArgument(spec)])
                    .getResult(0);
    nvgpu::TmaPrefetchOp::create(b, resultMap, first);
    int64_t loads = consumers * kStagingBuffers;
    epilogueLoads = nvgpu::MBarrierCreateOp::create(
        b, nvgpu::MBarrierGroupType::get(b.getContext(), workgroup, loads));
    for (int64_t l = 0; l < loads; ++l)
      nvgpu::MBarrierInitOp::create(b, epilogueLoads, index(1), index(l),
                                    first);
  }
  for (int64_t s = 0; s < stages; ++s) {
    nvgpu::MBarrierInitOp::create(b, full, index(1), index(s), first);
    // Every consumer thread arrives, or in a cluster each consumer
    // warpgroup of both blocks once (releaseStage).
    int64_t releases =
        cfg.isClustered() ? readers * cfg.clusterBlocks() : 128 * readers;
    nvgpu::MBarrierInitOp::create(b, empty, index(releases), index(s), first);
  }
  if (cfg.isPingPong()) {
    turns = nvgpu::MBarrierCreateOp::create(
        b, nvgpu::MBarrierGroupType::get(b.getContext(), workgroup, 2));
    for (int64_t c = 0; c < 2; ++c)
      nvgpu::MBarrierInitOp::create(b, turns, index(128), index(c), first);
  }
  if (cfg.isClustered()) {
    // The peer's copies and arrivals reach these barriers: their set-up is
    // made visible to the cluster before either block starts.
    // (A relaxed arrival: the fence orders the set-up, and nothing else
    // needs releasing.)
    NVVM::FenceMbarrierInitOp::create(b);
    NVVM::ClusterArriveRelaxedOp::create(b, /*aligned=*/UnitAttr());
    NVVM::ClusterWaitOp::create(b, /*aligned=*/UnitAttr());
  } else {
    gpu::BarrierOp::create(b);
  }
  // The launch may be a programmatic dependent one (gemmLaunch), started
  // while the kernel before it on its stream finishes: everything above
  // touched only shared memory and the tensor maps the host wrote. Wait for
  // that kernel before any global access, then let the next kernel's
  // blocks launch (they wait for this one in turn).
  NVVM::GriddepcontrolOp::create(b, NVVM::GridDepActionKind::wait);
  NVVM::GriddepcontrolOp::create(b, NVVM::GridDepActionKind::launch_dependents);

  // At least one K step: the consumers peel step 0, and for K = 0 its tiles
  // lie wholly outside the operands, so TMA fills them with zeros.
  Value kSteps = arith::MaxUIOp::create(
      b, arith::CeilDivUIOp::create(b, k, index(kStepK)), index(1));
  Value warpgroup = div(threadId, 128);
  auto role = scf::IfOp::create(b, equal(warpgroup, 0), /*withElse=*/true);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(role.thenBlock());
    // The producer needs few registers; the consumers get them.
    NVVM::SetMaxRegisterOp::create(
        b, b.getI32IntegerAttr(40),
        NVVM::SetMaxRegisterActionAttr::get(
            b.getContext(), NVVM::SetMaxRegisterAction::decrease));
    auto issuer = scf::IfOp::create(b, first, /*withElse=*/false);
    b.setInsertionPointToStart(issuer.thenBlock());
    Value blockSteps = kSteps;
    if (!cfg.isPersistent())
      writeProducer(Value(), kSteps, Value());
    else
      blockSteps = arith::MulIOp::create(
          b, forEachTile([&](Value ordinal, Value tileIndex) {
            writeProducer(arith::MulIOp::create(b, ordinal, kSteps), kSteps,
                          tileIndex);
          }),
          kSteps);
    if (cfg.isClustered())
      waitForLastReleases(blockSteps);
    b.setInsertionPointToStart(role.elseBlock());
    NVVM::SetMaxRegisterOp::create(
        b, b.getI32IntegerAttr(consumers == 1 ? 240 : 232),
        NVVM::SetMaxRegisterActionAttr::get(
            b.getContext(), NVVM::SetMaxRegisterAction::increase));
    // The consumer's index, as lane 0 of the warp has it: ptxas then knows
    // it is the same in every lane, and computes the A descriptors, which
    // depend on it, in uniform registers rather than in each thread's.
    Type i32 = b.getI32Type();
    Value uniformGroup =
        gpu::ShuffleOp::create(
            b, arith::IndexCastUIOp::create(b, i32, warpgroup),
            arith::ConstantIntOp::create(b, 0, 32),
            arith::ConstantIntOp::create(b, 32, 32), gpu::ShuffleMode::IDX)
            .getShuffleResult();
    Value consumer = arith::SubIOp::create(
        b, arith::IndexCastUIOp::create(b, b.getIndexType(), uniformGroup),
        index(1));
    if (!cfg.isPersistent()) {
      writeConsumer(Value(), kSteps, consumer, Value(), Value());
    } else {
      forEachTile(
          [&](Value ordinal, Value tileIndex) {
            writeConsumer(arith::MulIOp::create(b, ordinal, kSteps), kSteps,
                          consumer, tileIndex, ordinal);
          },
          cfg.isPingPong() ? consumer : Value());
    }
    if (cfg.storesThroughTma())
      finishStagedStores(b, b.getLoc(), rem(threadId, 128));
  }
  // A persistent kernel's roles end in the entry block.
  if (tile)
    b.setInsertionPointAfter(tile->inside);
  gpu::ReturnOp::create(b);
}

gpu::GPUFuncOp mlir::lmhead::buildSm90GemmKernel(OpBuilder &builder,
                                                 Location loc, StringRef name,
                                                 const GemmKernelSpec &spec,
                                                 const GemmEpilogue &epilogue) {
  gpu::GPUFuncOp func =
      createGemmKernelFunc(builder, loc, name, spec, epilogue,
                           LLVM::LLVMPointerType::get(builder.getContext()));
  // A register cap at entry (`.minnctapersm 1` with `.maxntid`): without
  // one ptxas ignores setmaxnreg (C7508) and serialises the wgmmas of the
  // role branches (C7520).
  func->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(),
                builder.getI32IntegerAttr(1));
  ImplicitLocOpBuilder b(loc, builder);
  Sm90GemmWriter(b, spec, epilogue).write(func);
  return func;
}
