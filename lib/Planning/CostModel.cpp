//===- CostModel.cpp - tiles and predicted times of the lmhead GEMMs ------===//
//
// A configuration is first checked, in a fixed order, against what the
// kernel generator can build and what the target can hold; the first broken
// constraint is the reason it is rejected, and when every candidate is
// rejected the reason of the one that got furthest is reported (the nearest
// miss is the most useful thing to tell a user whose overrides fit nothing).
//
// A valid configuration's time is the largest of three terms, which a
// multistage kernel's main loop overlaps, plus its epilogue and a fixed
// launch cost:
//
//   compute  waves · (blocks resident per SM) · (flops of one padded block
//            tile) / (per-SM tensor-core rate · efficiency): blocks run in
//            waves over the SMs, so one block too many costs a whole wave,
//            and ragged edges execute their padding;
//   L2       every operand tile read once per block that needs it (A once
//            per block column, B once per block row; a 2x1 cluster's pair
//            reads its shared B tile once, multicast to both blocks, a 1x2
//            pair its A tile), C written once, against the L2→SM bandwidth
//            (measured, not the data sheet's), or at what the stages in
//            flight allow at L2's latency;
//   DRAM     A read once and B once per group of G rows of tiles (the
//            grouped rasterisation: a group's blocks share B's tiles
//            through L2; all of B once when it fits in L2), A again for
//            every wave of columns when a wave's panels do not fit in L2,
//            against HBM bandwidth or what the stages in flight allow at
//            DRAM's latency (Little's law, MemoryParallelism.h). Each
//            configuration takes the group G of the best prediction, and of
//            equal ones the fewest DRAM bytes (kRasterGroupRows where G
//            changes neither);
//
// A non-persistent kernel's block stores its tile after its K loop, and
// the blocks of a wave finish together, so the epilogue is added after the
// main loop, not hidden under it: C's bytes at bandwidth, and when the
// epilogue accumulates, its loads of C's old values at what kRunsInFlight
// runs a thread keep in flight.
//
// A persistent kernel keeps its blocks: the next tile's first stages are
// copied while a tile's epilogue runs (by the sm_90a producer; by the
// sm_80 kernel's own cp.async, issued before its epilogue), and the
// epilogue's stores drain while the next tile's MMAs run: they share DRAM
// with the main loop's reads (added to the DRAM term) and only the last
// wave's stores follow the main loop. Loads of C's old values still stop
// the consumers that wait for them. The grid is min(P, tiles) blocks that
// take the tiles in turns. (Each later wave of a non-persistent kernel
// also waits for its first stage, about one DRAM latency a wave: under
// 0.5% of a wave at the shapes planned here, so the model leaves it out
// rather than let it decide between tiles.)
//
// An sm_90a epilogue that stores through TMA (GemmTiles::tmaStore) takes
// its staging buffers from shared memory. An accumulating one has the old
// values of its first panels (one per buffer) loaded before the tile's K
// loop, so they arrive under the MMAs (in the DRAM term, as the hidden
// stores), and keeps one buffer of the rest in flight per consumer
// warpgroup (kStagedEpilogueBytesInFlightPerWarpgroup) instead of
// kRunsInFlight runs a thread. Its stores are priced as the register
// epilogue's, at bandwidth: what it saves there is instructions (no
// exchanges, bounds tests or global stores in the consumers; see
// docs/performance.md), which the model does not price. Where both predict
// the same time, the TMA store is chosen.
//
// The epilogue also works on the SM: its exponentials (the cross-entropy
// logits', GemmProblem::epilogueExpsPerElement) at the special-function
// rate, and on sm_90a the consumers' instructions that store C, counted
// in the SASS (kStagedStoreInstructions, kRegisterStoreInstructions). A
// cooperative kernel's consumers run it between two main loops, so it is
// added for every tile. A ping-pong kernel (GemmTiles::pingPong) runs it
// under the other consumer's main loop: only the last tile's, and what of
// each tile's outlasts a main loop, is added. The model credits no other
// kernel with hiding it (two cooperative blocks on an SM run their waves
// in step).
//
// The efficiency is the kernel family's best fraction of peak on the chip
// times four factors, each 1 for a configuration without that weakness:
// pipeline depth (K elements in flight), warp-tile shape (fragment loads per
// MMA), warps resident per SM, and copy width.
//
// The family is the chip's own, except that an sm_90a GEMM whose copies are
// narrower than TMA's 16 bytes is an sm_80 kernel (gemmKernelFor): its
// configuration is checked and predicted as an sm_80 one, with the Hopper
// chip's resources and its mma.sync rate (GpuChip::mmaSyncEfficiency).
//
//===----------------------------------------------------------------------===//

#include "lmhead/Planning/CostModel.h"

#include "lmhead/Planning/MemoryParallelism.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>

using namespace mlir;
using namespace mlir::lmhead;

namespace {

constexpr int64_t kKiB = 1024;

/// Registers above this are rejected although a thread may hold 255: the
/// estimate below is rough, and ptxas needs headroom to avoid spills.
constexpr int64_t kMaxEstimatedRegisters = 232;
/// f32 accumulators an sm_90a consumer thread may hold: what the kernel
/// writer's register budget (after setmaxnreg) leaves for them.
constexpr int64_t kMaxWarpgroupAccumulators = 128;
/// f32 accumulators a consumer thread of a persistent sm_90a kernel may
/// hold when its epilogue reduces rows (GemmProblem::reducesRows).
constexpr int64_t kMaxPersistentRowReducingAccumulators = 64;
/// Registers a thread needs besides accumulators and fragments: addresses,
/// loop counters, predicates of the ragged edges, pipeline indices.
constexpr int64_t kAddressingRegisters = 40;
/// Registers of the sm_90a producer warpgroup after `setmaxnreg.dec`.
constexpr int64_t kProducerRegisters = 40;
/// K elements in flight (prefetched stages × K step) that hide the latency
/// of global loads at full rate.
constexpr double kLatencyHidingDepth = 128;
/// Instructions an sm_90a consumer thread issues per f32 accumulator to
/// store its part of a tile, counted in the SASS of linear_grad's dh and
/// dW kernels (128x128 tiles, 64 accumulators a thread; docs/performance.md,
/// "Epilogues through shared memory and TMA"): 241 and 248 instructions
/// after the last wgmma wait through TMA, 882 and 817 from registers.
constexpr double kStagedStoreInstructions = 4;
constexpr double kRegisterStoreInstructions = 14;
/// Launch, prologue (filling the stages) and epilogue of one kernel.
constexpr double kLaunchMicros = 2.0;

int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

/// Why a configuration was rejected, with how far it got through the
/// checks (a later stage is a nearer miss).
struct Rejection {
  int stage = -1;
  std::string reason;
};

/// Collects the first broken constraint of a configuration.
class Checker {
public:
  /// Records `reason` as the rejection when `ok` is false and nothing was
  /// rejected yet; returns whether the configuration is still valid.
  bool require(bool ok, const llvm::Twine &reason) {
    ++stage;
    if (!ok && rejection.stage < 0) {
      rejection.stage = stage;
      rejection.reason = reason.str();
    }
    return rejection.stage < 0;
  }
  bool failed() const { return rejection.stage >= 0; }
  Rejection rejection;

private:
  int stage = 0;
};

/// Whether `value` is one of `allowed`.
bool isOneOf(int64_t value, std::initializer_list<int64_t> allowed) {
  return llvm::is_contained(allowed, value);
}

/// The row (in bytes) of the tile of an operand stored in shared memory:
/// K elements when its storage rows run along K, else M (N) elements.
int64_t sharedRowBytes(bool rowsAlongK, int64_t blockK, int64_t blockMN,
                       int64_t elementBytes) {
  return (rowsAlongK ? blockK : blockMN) * elementBytes;
}

/// The swizzle the kernels of family `kernel` use for `t`: 1 when every
/// shared row (of A and of B) is a power of two of 16-byte chunks and at
/// least two of them (the XOR pattern permutes chunks within a row), else 0.
/// sm_90a kernels always use TMA's 128-byte swizzle.
int64_t swizzleFor(const GemmProblem &p, GpuTarget kernel, const GemmTiles &t) {
  if (usesWarpgroupMma(kernel))
    return 1;
  for (int64_t row :
       {sharedRowBytes(p.aRowsAlongK, t.blockK, t.blockM, p.elementBytes),
        sharedRowBytes(p.bRowsAlongK, t.blockK, t.blockN, p.elementBytes)}) {
    if (row < 32 || row % 16 != 0 || !llvm::isPowerOf2_64(row / 16))
      return 0;
  }
  return 1;
}

/// Checks the problem itself; nullopt when it can be planned. Rows of any
/// alignment can be: element copies take what no cp.async can.
std::optional<std::string> unsupportedReason(const GemmProblem &p) {
  if (p.elementBytes == 4)
    return std::string(
        "f32 operands: the kernels multiply 16-bit operands (f32-operands=bf16 "
        "rounds them to bf16 for the kernels); kept exact on the host");
  if (p.elementBytes != 2)
    return ("operands of " + llvm::Twine(p.elementBytes) +
            " bytes are not planned; the kernels take bf16 or f16")
        .str();
  if (p.m <= 0 || p.n <= 0 || p.k <= 0)
    return ("the GEMM " + llvm::Twine(p.m) + "x" + llvm::Twine(p.n) + "x" +
            llvm::Twine(p.k) + " is empty; nothing to plan")
        .str();
  return std::nullopt;
}

/// The checks and the prediction of one configuration.
std::optional<GemmPrediction> evaluate(const GemmProblem &p,
                                       const GpuChip &chip, const GemmTiles &t,
                                       Rejection *rejection) {
  Checker check;
  auto reject = [&]() -> std::optional<GemmPrediction> {
    if (rejection)
      *rejection = check.rejection;
    return std::nullopt;
  };
  if (std::optional<std::string> why = unsupportedReason(p)) {
    check.require(false, *why);
    return reject();
  }
  const GpuTarget kernel = gemmKernelFor(chip.target, t.copyBytes);
  const bool hopper = usesWarpgroupMma(kernel);
  const int64_t eb = p.elementBytes;
  llvm::StringRef warpName = hopper ? "warpgroup" : "warp";
  // Where the family's own rules apply: "sm_80", or "sm_90a (sm_80 kernel)".
  const std::string on =
      kernel == chip.target
          ? chip.targetName().str()
          : (chip.targetName() + " (" + stringifyGpuTarget(kernel) + " kernel)")
                .str();

  // Tile shapes: the MMA instruction shapes and the warp counts the
  // generator builds.
  if (hopper) {
    check.require(t.warpM > 0 && t.warpM % 64 == 0,
                  "warpM must be a multiple of 64 on " + chip.targetName() +
                      " (one wgmma m64 per consumer warpgroup), got " +
                      llvm::Twine(t.warpM));
    check.require(t.warpN >= 64 && t.warpN <= 256 && t.warpN % 16 == 0,
                  "warpN must be a multiple of 16 in 64..256 on " +
                      chip.targetName() + " (the N of wgmma), got " +
                      llvm::Twine(t.warpN));
  } else {
    check.require(t.warpM > 0 && t.warpM % 16 == 0,
                  "warpM must be a positive multiple of 16 (the M of "
                  "mma.sync.m16n8k16), got " +
                      llvm::Twine(t.warpM));
    check.require(t.warpN > 0 && t.warpN % 16 == 0,
                  "warpN must be a positive multiple of 16 (two n8 MMA tiles "
                  "per ldmatrix.x4), got " +
                      llvm::Twine(t.warpN));
  }
  check.require(!t.isPersistent() || !t.elementCopies(),
                "a persistent kernel loads its next tile's first stages "
                "with cp.async during the epilogue; with element copies "
                "(copyBytes = 2, synchronous) it takes one block per tile, "
                "got persistent = " +
                    llvm::Twine(t.persistent));
  check.require(!t.isClustered() || hopper,
                "thread-block clusters are sm_90a's; the " +
                    llvm::Twine(stringifyGpuTarget(kernel)) +
                    " kernels run without, got a cluster of " +
                    llvm::Twine(t.clusterRows()) + "x" +
                    llvm::Twine(t.clusterCols()));
  check.require(!t.isPingPong() || hopper,
                "ping-pong kernels are sm_90a's; the " +
                    llvm::Twine(stringifyGpuTarget(kernel)) +
                    " kernels have no consumer warpgroups to alternate");
  check.require(t.clusterBlocks() <= 2 && t.clusterM <= 2 && t.clusterN <= 2,
                "clusters are 2x1 or 1x2 blocks, got " +
                    llvm::Twine(t.clusterRows()) + "x" +
                    llvm::Twine(t.clusterCols()));
  if (check.failed())
    return reject();
  check.require(t.blockM > 0 && t.blockM % t.warpM == 0 && t.blockN > 0 &&
                    t.blockN % t.warpN == 0,
                "the block tile " + llvm::Twine(t.blockM) + "x" +
                    llvm::Twine(t.blockN) + " must be a whole number of " +
                    warpName + " tiles " + llvm::Twine(t.warpM) + "x" +
                    llvm::Twine(t.warpN));
  if (check.failed())
    return reject();
  const int64_t warpTiles = t.numWarpTiles();
  // The warps or consumer warpgroups of a block: a ping-pong block's two
  // each compute a whole tile.
  const int64_t consumers = t.numConsumers();
  check.require(!t.isPingPong() || (t.isPersistent() && warpTiles == 1),
                "a ping-pong kernel is persistent and each consumer "
                "warpgroup computes a whole tile (warpM = blockM), got "
                "persistent = " +
                    llvm::Twine(t.persistent) +
                    ", blockM = " + llvm::Twine(t.blockM) +
                    ", warpM = " + llvm::Twine(t.warpM));
  if (hopper)
    check.require(t.warpN == t.blockN,
                  "warpN must equal blockN on " + chip.targetName() +
                      " (consumer warpgroups split the block along M only), "
                      "got " +
                      llvm::Twine(t.warpN) + " and " + llvm::Twine(t.blockN));
  if (hopper)
    check.require(isOneOf(warpTiles, {1, 2}),
                  "the block tile " + llvm::Twine(t.blockM) + "x" +
                      llvm::Twine(t.blockN) + " needs " +
                      llvm::Twine(warpTiles) + " consumer warpgroups of " +
                      llvm::Twine(t.warpM) + "x" + llvm::Twine(t.warpN) +
                      "; the " + chip.targetName() + " kernels use 1 or 2");
  else
    check.require(isOneOf(warpTiles, {1, 2, 4, 8}),
                  "the block tile " + llvm::Twine(t.blockM) + "x" +
                      llvm::Twine(t.blockN) + " needs " +
                      llvm::Twine(warpTiles) + " warps of " +
                      llvm::Twine(t.warpM) + "x" + llvm::Twine(t.warpN) +
                      "; the " + stringifyGpuTarget(kernel) +
                      " kernels use 1, 2, 4 or 8");
  if (hopper)
    check.require(t.blockK == 64,
                  "blockK must be 64 on " + chip.targetName() +
                      " (one 128-byte swizzled row of 16-bit elements), got " +
                      llvm::Twine(t.blockK));
  else
    check.require(t.blockK > 0 && t.blockK % 16 == 0,
                  "blockK must be a positive multiple of 16 (the K of "
                  "mma.sync.m16n8k16), got " +
                      llvm::Twine(t.blockK));
  if (!hopper && warpTiles == 1 && t.warpM * t.warpN >= 64 * 64)
    check.require(t.blockK <= kMaxSingleWarpBlockK,
                  "a block of one warp with a " + llvm::Twine(t.warpM) + "x" +
                      llvm::Twine(t.warpN) +
                      " tile takes a K step of at most " +
                      llvm::Twine(kMaxSingleWarpBlockK) + " on " + on +
                      " (its 32 threads issue every copy of a stage; wider "
                      "steps spill), got blockK = " +
                      llvm::Twine(t.blockK));
  if (!hopper && t.elementCopies())
    check.require(t.blockK <= kMaxElementCopyBlockK,
                  "with element copies a block takes a K step of at most " +
                      llvm::Twine(kMaxElementCopyBlockK) + " on " + on +
                      " (the step's elements wait in registers; wider steps "
                      "spill), got blockK = " +
                      llvm::Twine(t.blockK));
  const int64_t maxStages = hopper ? 6 : 5;
  check.require(t.stages >= 2 && t.stages <= maxStages,
                "stages must be 2.." + llvm::Twine(maxStages) + " on " + on +
                    ", got " + llvm::Twine(t.stages));
  // A cluster's pair shares one operand's tile, each block loading half:
  // half of an MN-major tile's 64-wide panels; a 2x1 pair takes two rows
  // of one group of rows.
  if (t.clusterCols() == 2 && !p.aRowsAlongK)
    check.require(t.blockM % 128 == 0,
                  "a 1x2 cluster's blocks load half of A's 64-wide panels "
                  "each: blockM must be a multiple of 128, got " +
                      llvm::Twine(t.blockM));
  if (t.clusterRows() == 2 && !p.bRowsAlongK)
    check.require(t.blockN % 128 == 0,
                  "a 2x1 cluster's blocks load half of B's 64-wide panels "
                  "each: blockN must be a multiple of 128, got " +
                      llvm::Twine(t.blockN));
  if (t.clusterRows() == 2)
    check.require(t.rasterGroupRows() % 2 == 0,
                  "a 2x1 cluster takes two rows of tiles of one group: the "
                  "group must be even, got " +
                      llvm::Twine(t.rasterGroupRows()));
  check.require(
      t.persistent % t.clusterBlocks() == 0,
      "a persistent grid of clusters of " + llvm::Twine(t.clusterBlocks()) +
          " blocks is a multiple of " + llvm::Twine(t.clusterBlocks()) +
          " blocks, got " + llvm::Twine(t.persistent));
  if (check.failed())
    return reject();

  // Copies: as wide as the rows allow, and a whole number per thread.
  const int64_t threads =
      hopper ? (consumers + 1) * 128 : consumers * 32; // + producer group
  const int64_t widest = widestCopyBytes(p);
  if (hopper)
    check.require(t.copyBytes == 16 && widest == 16,
                  "copyBytes must be 16 on " + on +
                      " (TMA, rows and bases of 16-byte multiples; at most " +
                      llvm::Twine(widest) + " here), got " +
                      llvm::Twine(t.copyBytes));
  else
    check.require(isOneOf(t.copyBytes, {2, 4, 8, 16}) && t.copyBytes <= widest,
                  "copyBytes must be 2, 4, 8 or 16 and divide the rows of " +
                      p.nameA + " and " + p.nameB + " (at most " +
                      llvm::Twine(widest) + " here), got " +
                      llvm::Twine(t.copyBytes));
  if (check.failed())
    return reject();
  if (!hopper) {
    // Element copies are shared out in 16-byte groups (copyUnitBytes).
    const int64_t unit = t.copyUnitBytes();
    int64_t chunksA = t.blockM * t.blockK * eb / unit;
    int64_t chunksB = t.blockK * t.blockN * eb / unit;
    check.require(
        chunksA % threads == 0 && chunksB % threads == 0,
        "the " + llvm::Twine(threads) + " threads cannot share the " +
            llvm::Twine(chunksA) + " and " + llvm::Twine(chunksB) + " " +
            llvm::Twine(unit) + "-byte copies of one stage " +
            (t.elementCopies() ? "(groups of 8 element loads) " : "") +
            "evenly");
  }
  int64_t swizzle = swizzleFor(p, kernel, t);
  check.require(
      t.swizzle == swizzle,
      "swizzle must be " + llvm::Twine(swizzle) +
          " for shared rows "
          "of " +
          llvm::Twine(sharedRowBytes(p.aRowsAlongK, t.blockK, t.blockM, eb)) +
          " and " +
          llvm::Twine(sharedRowBytes(p.bRowsAlongK, t.blockK, t.blockN, eb)) +
          " bytes (1 when both are 2, 4, 8, ... 16-byte chunks), "
          "got " +
          llvm::Twine(t.swizzle));
  if (check.failed())
    return reject();

  if (t.storesThroughTma()) {
    check.require(hopper, "only the sm_90a kernels store C through TMA, not "
                          "the " +
                              on + " kernel (tma-store=1)");
    std::optional<std::string> why = whyNoTmaStore(p);
    check.require(!why, "C cannot be stored through TMA: " +
                            llvm::Twine(why ? *why : std::string()));
    if (check.failed())
      return reject();
  }

  // Resources: shared memory and registers per block, then blocks per SM.
  // sm_90a kernels add 1 KiB to align the stages to the 128-byte swizzle's
  // 1 KiB pattern, and the epilogue's staging buffers when it stores
  // through TMA.
  const int64_t staging = t.epilogueStagingBytes();
  const int64_t shared = t.stages * (t.blockM + t.blockN) * t.blockK * eb +
                         staging + (hopper ? kKiB : 0);
  check.require(
      shared <= chip.sharedBytesPerBlock,
      llvm::Twine(t.stages) + " stages of " + llvm::Twine(t.blockM) + "x" +
          llvm::Twine(t.blockK) + " and " + llvm::Twine(t.blockK) + "x" +
          llvm::Twine(t.blockN) + " tiles" +
          (staging ? " and " + llvm::Twine(staging) + " bytes of staging for C"
                   : llvm::Twine()) +
          " need " + llvm::Twine(shared) +
          " bytes of shared memory; a block on " + chip.targetName() +
          " has at most " + llvm::Twine(chip.sharedBytesPerBlock));
  int64_t registers;
  if (hopper) {
    // wgmma keeps a warpgroup's WM×WN f32 accumulators over its 128
    // threads; its operands come from shared memory.
    registers = t.warpM * t.warpN / 128 + kAddressingRegisters;
  } else {
    // m16n8k16: 4 accumulators per thread per 16×8 tile, 4 registers of A
    // per 16 rows and 2 of B per 8 columns.
    registers = (t.warpM / 16) * (t.warpN / 8) * 4 + (t.warpM / 16) * 4 +
                (t.warpN / 8) * 2 + kAddressingRegisters;
    // Element copies: ptxas issues a step's loads together, so a thread
    // holds all its elements of the step at once, two 16-bit values to a
    // register, until it stores them.
    if (t.elementCopies())
      registers += (t.blockM + t.blockN) * t.blockK / threads / 2;
  }
  check.require(registers <= kMaxEstimatedRegisters,
                "a " + llvm::Twine(t.warpM) + "x" + llvm::Twine(t.warpN) + " " +
                    warpName + " tile needs about " + llvm::Twine(registers) +
                    " registers per thread; more than " +
                    llvm::Twine(kMaxEstimatedRegisters) +
                    " would leave ptxas no room to avoid spills");
  if (hopper) {
    int64_t accumulators = t.warpM * t.warpN / 128;
    // Measured with ptxas (CUDA 13): the row-reducing epilogues of the
    // cross-entropy logits kernels spill 8 to 16 bytes in a persistent
    // kernel whose threads hold 96 or 128 accumulators (the tile loop's
    // counts and coordinates stay live through the K loop), and none with
    // 64.
    check.require(!(t.isPersistent() && p.reducesRows &&
                    accumulators > kMaxPersistentRowReducingAccumulators),
                  "a persistent kernel whose epilogue reduces rows holds at "
                  "most " +
                      llvm::Twine(kMaxPersistentRowReducingAccumulators) +
                      " accumulators a thread (its tile loop needs the "
                      "registers), got a " +
                      llvm::Twine(t.warpM) + "x" + llvm::Twine(t.warpN) +
                      " warpgroup tile of " + llvm::Twine(accumulators));
    check.require(accumulators <= kMaxWarpgroupAccumulators,
                  "a " + llvm::Twine(t.warpM) + "x" + llvm::Twine(t.warpN) +
                      " warpgroup tile is " + llvm::Twine(accumulators) +
                      " f32 accumulators per thread; the " + chip.targetName() +
                      " kernels hold at most " +
                      llvm::Twine(kMaxWarpgroupAccumulators));
  }
  if (check.failed())
    return reject();
  const int64_t allocated = llvm::alignTo(registers, 8);
  const int64_t blockRegisters =
      hopper ? consumers * 128 * allocated + 128 * kProducerRegisters
             : threads * allocated;
  if (!check.require(blockRegisters <= chip.registersPerBlock,
                     "one block needs about " + llvm::Twine(blockRegisters) +
                         " registers; a block on " + chip.targetName() +
                         " has at most " + llvm::Twine(chip.registersPerBlock)))
    return reject();
  const int64_t blocksPerSM = std::min(
      {chip.blocksPerSM, chip.threadsPerSM / threads,
       chip.sharedBytesPerSM / shared, chip.registersPerSM / blockRegisters});
  if (!check.require(blocksPerSM >= 1,
                     "one block does not fit on an SM of " + chip.targetName()))
    return reject();

  GemmPrediction pred;
  pred.tiles = t;
  pred.kernel = kernel;
  pred.threads = threads;
  pred.sharedBytes = shared;
  pred.registersPerThread = registers;

  // Waves: blocks resident at once on each SM (no more than there are
  // tiles to spread), then how many rounds the tiles take.
  // A persistent grid's blocks take the tiles in turns: a block computes
  // up to ceil(tiles / grid) of them, and the grid itself runs in as many
  // rounds as it has blocks beyond what the SMs hold at once.
  const int64_t tilesM = ceilDiv(p.m, t.blockM),
                tilesN = ceilDiv(p.n, t.blockN);
  pred.numTiles = tilesM * tilesN;
  // A cluster's blocks come in pairs: at a ragged edge, the second of a
  // pair computes a tile past C (and stores nothing).
  const int64_t clusterTiles = ceilDiv(tilesM, t.clusterRows()) *
                               ceilDiv(tilesN, t.clusterCols()),
                paddedTiles = clusterTiles * t.clusterBlocks();
  const int64_t gridBlocks =
      t.isPersistent() ? std::min(t.persistent, paddedTiles) : paddedTiles;
  pred.blocksPerSM = std::min(blocksPerSM, ceilDiv(gridBlocks, chip.numSMs));
  pred.waves = ceilDiv(gridBlocks, chip.numSMs * pred.blocksPerSM);
  if (t.isPersistent())
    pred.waves *= ceilDiv(paddedTiles, gridBlocks);

  // Efficiency factors, each 1 when the configuration lacks the weakness.
  // Element copies are synchronous loads: a warp waits for the loads of
  // step k+stages-1 before its MMAs of step k, so nothing is in flight
  // behind the arithmetic whatever the stage count (only other warps hide
  // the latency), and more stages only cost shared memory.
  double inFlight = t.elementCopies() ? 0.0 : double(t.stages - 1) * t.blockK;
  double depth = 0.7 + 0.3 * std::min(1.0, inFlight / kLatencyHidingDepth);
  double shape, occupancy;
  if (hopper) {
    // wgmma re-reads its A slice from shared memory for every instruction;
    // narrow N leaves the tensor cores waiting on shared memory.
    shape = std::min(1.0, 0.85 + 0.15 * t.warpN / 128.0);
    // One consumer warpgroup per SM cannot hide its epilogue and the waits
    // on each stage's barrier behind another's MMAs.
    occupancy = pred.blocksPerSM * consumers >= 2 ? 1.0 : 0.85;
  } else {
    // Per k16 step a warp loads WM/16 A and WN/16 B fragments with
    // ldmatrix.x4 and issues (WM/16)·(WN/8) MMAs; 64×64 (1 load per 4
    // MMAs) keeps the tensor core busy, smaller warp tiles do not.
    double loadsPerMma = double(t.warpM / 16 + t.warpN / 16) /
                         double((t.warpM / 16) * (t.warpN / 8));
    shape = 1.0 / (1.0 + 0.8 * std::max(0.0, loadsPerMma - 0.25));
    // An SM has 4 tensor cores, one per scheduler: fewer than 4 warps leave
    // some idle, and 8 are needed to hide the latency of each MMA chain.
    double warps = double(pred.blocksPerSM * warpTiles);
    occupancy =
        std::min(1.0, warps / 4) * (0.85 + 0.15 * std::min(1.0, warps / 8));
  }
  // Narrower copies take more instructions per byte from the MMA warps.
  // Element copies take eight times the instructions of 16-byte cp.async
  // (a load, a predicate and a select per element) on top of the
  // synchronous wait counted in `depth`.
  double copy = t.copyBytes == 16  ? 1.0
                : t.copyBytes == 8 ? 0.95
                : t.copyBytes == 4 ? 0.85
                                   : 0.6;
  pred.efficiency =
      chip.efficiencyOf(kernel) * depth * shape * occupancy * copy;

  const double tileFlops =
      2.0 * t.blockM * t.blockN * double(ceilDiv(p.k, t.blockK) * t.blockK);
  const double smFlops = chip.peakFlops / chip.numSMs * pred.efficiency;
  pred.computeMicros =
      1e6 * pred.waves * pred.blocksPerSM * tileFlops / smFlops;

  // The main loop's operand reads from DRAM. The blocks of a wave run in
  // step over K, so each A panel (a row of tiles) and B panel (a column)
  // the wave needs is read once for all its blocks. The grid walks G rows
  // of tiles column by column (gemmGrid): a wave covers those rows and the
  // next few columns, and the next wave the same rows again, so A is read
  // once while the wave's panels fit in L2 (once per wave otherwise), and
  // B once per group of rows unless all of it fits in half of L2 (the rest
  // holding A and C).
  const int64_t group = t.rasterGroupRows();
  const double a = double(p.m) * p.k * eb, b = double(p.k) * p.n * eb;
  const double c = double(p.m) * p.n * p.resultBytes;
  const int64_t slots = chip.numSMs * pred.blocksPerSM;
  const int64_t rowsPerWave = std::min(tilesM, group);
  const int64_t colsPerWave = std::min(tilesN, ceilDiv(slots, rowsPerWave));
  const double waveBytes =
      double(rowsPerWave * t.blockM + colsPerWave * t.blockN) * p.k * eb;
  const double readsOfA = waveBytes <= double(chip.l2CapacityBytes)
                              ? 1.0
                              : double(ceilDiv(tilesN, colsPerWave));
  const double readsOfB = b <= double(chip.l2CapacityBytes) / 2
                              ? 1.0
                              : double(ceilDiv(tilesM, group));
  const double operandBytes = a * readsOfA + b * readsOfB;
  // A cluster's pair reads the tile it shares from L2 once, multicast to
  // both blocks: B is read once per pair of rows of tiles in a 2x1
  // cluster, A once per pair of columns in a 1x2 (a pair's block past C's
  // edge reads nothing of its own: TMA fills it with zeros).
  pred.l2Bytes = a * double(ceilDiv(tilesN, t.clusterCols())) +
                 b * double(ceilDiv(tilesM, t.clusterRows())) + c;
  pred.hbmBytes = operandBytes + c * (p.accumulatesC ? 2 : 1);

  // Bytes in flight in the main loop: the stages copied ahead of the one
  // the MMAs read (cp.async and TMA), or one K step's elements, which
  // element copies load synchronously.
  const double stageBytes = double(t.blockM + t.blockN) * t.blockK * eb;
  const double stagesAhead = t.elementCopies() ? 1.0 : double(t.stages - 1);
  // The SMs whose blocks load and store: a cluster's block past C's edge
  // (paddedTiles) only loads its half of its peer's shared tile, which
  // the peer would load without it.
  const int64_t workingBlocks =
      t.isPersistent() ? std::min(t.persistent, pred.numTiles) : pred.numTiles;
  const double activeSMs =
      double(std::min(chip.numSMs, ceilDiv(workingBlocks, pred.blocksPerSM)));
  pred.mainLoopBytesInFlightPerSM =
      stagesAhead * stageBytes * double(pred.blocksPerSM);
  const double loopInFlight = pred.mainLoopBytesInFlightPerSM * activeSMs;
  // The operand tiles' reads wait on L2's latency; C's bytes are the
  // epilogue's.
  pred.l2Micros =
      1e6 * std::max(pred.l2Bytes / chip.l2BytesPerSecond,
                     (pred.l2Bytes - c) * chip.l2LatencySeconds / loopInFlight);
  // A persistent kernel's stores of every wave but the last drain under the
  // next tile's main loop, through the same DRAM.
  const double hiddenStores =
      t.isPersistent() ? c * double(pred.waves - 1) / double(pred.waves) : 0;
  // An accumulating epilogue that stores through TMA has the old values of
  // its first panels loaded before the tile's K loop (one per staging
  // buffer): they arrive under the MMAs, through the same DRAM.
  const double hiddenLoads =
      p.accumulatesC && t.storesThroughTma()
          ? c * double(t.prefetchedPanels(p.resultBytes)) /
                double(t.stagedPanels(p.resultBytes))
          : 0;
  pred.hbmMicros =
      1e6 * std::max((operandBytes + hiddenStores + hiddenLoads) /
                         chip.hbmBytesPerSecond,
                     operandBytes * chip.dramLatencySeconds / loopInFlight);

  // The epilogue: C's tiles stored, after their old values are loaded when
  // it accumulates (kRunsInFlight runs a thread before the first store).
  MemoryPhase epilogue;
  epilogue.storeBytes = c - hiddenStores;
  epilogue.loadBytes = p.accumulatesC ? c - hiddenLoads : 0;
  epilogue.loadBytesInFlightPerThread =
      t.storesThroughTma()
          ? double(kStagedEpilogueBytesInFlightPerWarpgroup) / 128
          : double(accumulatingEpilogueBytesInFlight(p.resultBytes));
  epilogue.threadsPerSM =
      double((hopper ? consumers * 128 : threads) * pred.blocksPerSM);
  epilogue.activeSMs = activeSMs;
  MemoryTime epilogueTime = memoryTime(epilogue, chip);
  pred.epilogueMicros = epilogueTime.micros;
  pred.epilogueLatencyBound = epilogueTime.latencyBound();
  pred.epilogueBytesInFlightPerSM =
      p.accumulatesC ? epilogueTime.bytesInFlightPerSM : 0;
  const double mainLoop =
      std::max({pred.computeMicros, pred.l2Micros, pred.hbmMicros});

  // The epilogue's work on the SMs: its exponentials over all of C, and on
  // sm_90a the consumers' store instructions for each tile an SM computes
  // (a warpgroup's four warps issue on the SM's four schedulers side by
  // side, the tile's warpgroups one after the other).
  const double exps = 1e6 * p.epilogueExpsPerElement * double(p.m) *
                      double(p.n) / chip.expPerSecond();
  double stores = 0;
  if (hopper && p.storesTiles) {
    const double perAccumulator = t.storesThroughTma()
                                      ? kStagedStoreInstructions
                                      : kRegisterStoreInstructions;
    const double cycles =
        perAccumulator * double(t.warpM * t.warpN / 128) * double(warpTiles);
    stores =
        1e6 * cycles * double(pred.waves * pred.blocksPerSM) / chip.clockHz;
  }
  // A ping-pong consumer's epilogue runs under the other's main loop: of
  // each tile's, only what outlasts that main loop, and the last tile's.
  double exposed = 1;
  if (t.isPingPong() && pred.waves > 1 && exps + stores > 0) {
    const double perTile = (exps + stores) / double(pred.waves);
    const double loopPerTile = mainLoop / double(pred.waves);
    exposed = (perTile +
               double(pred.waves - 1) * std::max(0.0, perTile - loopPerTile)) /
              (exps + stores);
  }
  pred.epilogueExpMicros = exps * exposed;
  pred.epilogueStoreMicros = stores * exposed;
  pred.epilogueMicros += pred.epilogueExpMicros + pred.epilogueStoreMicros;
  pred.micros = mainLoop + pred.epilogueMicros + kLaunchMicros;
  return pred;
}

/// The candidates of one field: the override when there is one.
llvm::SmallVector<int64_t> candidates(int64_t override,
                                      std::initializer_list<int64_t> values) {
  if (override != 0)
    return {override};
  return llvm::SmallVector<int64_t>(values);
}

/// Whether two predictions take the same time: within a part in a million.
bool sameTime(const GemmPrediction &a, const GemmPrediction &b) {
  return std::abs(a.micros - b.micros) <= 1e-6 * std::max(a.micros, b.micros);
}

/// The prediction of `t` with the raster group the model prefers: of the
/// groups that give different grids, the fastest, and of equally fast ones
/// the one that moves the fewest bytes through DRAM, kRasterGroupRows first
/// (so that a group which changes nothing stays the usual one). A `fixed`
/// group (an override) is the only one tried.
std::optional<GemmPrediction> evaluateGroups(const GemmProblem &p,
                                             const GpuChip &chip, GemmTiles t,
                                             int64_t fixed,
                                             Rejection *rejection) {
  if (fixed != 0) {
    t.groupRows = fixed;
    return evaluate(p, chip, t, rejection);
  }
  const int64_t tilesM = ceilDiv(p.m, t.blockM);
  std::optional<GemmPrediction> best;
  llvm::SmallVector<std::pair<int64_t, int64_t>> grids;
  for (int64_t group : {kRasterGroupRows, int64_t(16), int64_t(32), int64_t(64),
                        int64_t(128), int64_t(4), int64_t(2), int64_t(1)}) {
    // A 2x1 cluster's pair takes two rows of one group.
    if (t.clusterRows() == 2 && group % 2 != 0)
      continue;
    // Groups as tall as C or taller make the same grid.
    std::pair<int64_t, int64_t> grid{std::min(group, tilesM),
                                     ceilDiv(tilesM, group)};
    if (llvm::is_contained(grids, grid))
      continue;
    grids.push_back(grid);
    t.groupRows = group;
    // Whether a configuration fits does not depend on its group: the first
    // rejection is every group's.
    std::optional<GemmPrediction> pred = evaluate(p, chip, t, rejection);
    if (!pred)
      return std::nullopt;
    if (!best || (sameTime(*pred, *best) ? pred->hbmBytes < best->hbmBytes
                                         : pred->micros < best->micros))
      best = pred;
  }
  return best;
}

/// evaluateGroups for `t`, one block per tile or persistent as the
/// override `o` says (0 lets the model choose, -1 is one block per tile, P
/// a persistent grid of at most P blocks), cooperative or ping-pong as it
/// says (0 lets the model choose). The model's persistent grid is one
/// block per resident slot of the SMs; it is tried where the tiles take
/// more than one wave (with one, each block computes a single tile either
/// way) and the copies are asynchronous (an sm_80 kernel with element
/// copies takes one block per tile), and chosen only where it is faster.
/// Ping-pong is tried for the tiles one consumer warpgroup computes whole
/// (warpM = blockM) on the persistent grid, and chosen only where it is faster
/// still.
std::optional<GemmPrediction>
evaluatePersistence(const GemmProblem &p, const GpuChip &chip, GemmTiles t,
                    const GemmTiles &o, Rejection *rejection) {
  // Whole clusters of blocks, `blocksPerSM` on each SM.
  auto fullGrid = [&](int64_t blocksPerSM) {
    return chip.numSMs * blocksPerSM / t.clusterBlocks() * t.clusterBlocks();
  };
  if (o.pingPong > 0) {
    // Ping-pong is persistent: on the grid asked for, or on a grid that
    // fills the slots its blocks leave.
    t.pingPong = 1;
    t.persistent = o.persistent != 0 ? o.persistent : fullGrid(1);
    std::optional<GemmPrediction> pred =
        evaluateGroups(p, chip, t, o.groupRows, rejection);
    if (pred && o.persistent == 0 && pred->blocksPerSM > 1) {
      t.persistent = fullGrid(pred->blocksPerSM);
      pred = evaluateGroups(p, chip, t, o.groupRows, rejection);
    }
    return pred;
  }
  t.pingPong = 0;
  t.persistent = std::max<int64_t>(o.persistent, 0);
  std::optional<GemmPrediction> perTile =
      evaluateGroups(p, chip, t, o.groupRows, rejection);
  if (o.persistent < 0 || !perTile || perTile->waves <= 1 || t.elementCopies())
    return perTile;
  std::optional<GemmPrediction> best = perTile;
  if (o.persistent == 0) {
    t.persistent = fullGrid(perTile->blocksPerSM);
    std::optional<GemmPrediction> persistent =
        evaluateGroups(p, chip, t, o.groupRows, rejection);
    if (persistent && persistent->micros < perTile->micros &&
        !sameTime(*persistent, *perTile))
      best = persistent;
  }
  // Only the sm_90a kernels have warpgroups to alternate.
  if (o.pingPong < 0 || t.blockM != t.warpM ||
      !usesWarpgroupMma(perTile->kernel))
    return best;
  t.pingPong = 1;
  t.persistent = o.persistent != 0 ? o.persistent : fullGrid(1);
  std::optional<GemmPrediction> pingPong =
      evaluateGroups(p, chip, t, o.groupRows, nullptr);
  if (pingPong && pingPong->micros < best->micros &&
      !sameTime(*pingPong, *best))
    return pingPong;
  return best;
}

/// Whether `a` is a better choice than `b`.
bool better(const GemmPrediction &a, const GemmPrediction &b) {
  if (!sameTime(a, b))
    return a.micros < b.micros;
  if (a.l2Bytes != b.l2Bytes)
    return a.l2Bytes < b.l2Bytes;
  return a.sharedBytes < b.sharedBytes;
}

/// evaluatePersistence for `t` with the cluster the override `o` fixes, or
/// the best of none, 2x1 and 1x2 (sm_90a only): a cluster reads less from
/// L2, which decides where L2 bounds the time and breaks ties elsewhere
/// (better()). A cluster only adds constraints: where none fits, the
/// rejection is that of the configuration without one.
std::optional<GemmPrediction> evaluateClusters(const GemmProblem &p,
                                               const GpuChip &chip, GemmTiles t,
                                               const GemmTiles &o,
                                               Rejection *rejection) {
  llvm::SmallVector<std::pair<int64_t, int64_t>, 3> shapes;
  if (o.clusterM != 0 || o.clusterN != 0)
    shapes.push_back(
        {std::max<int64_t>(o.clusterM, 1), std::max<int64_t>(o.clusterN, 1)});
  else if (usesWarpgroupMma(gemmKernelFor(chip.target, t.copyBytes)))
    shapes = {{1, 1}, {2, 1}, {1, 2}};
  else
    shapes = {{1, 1}};
  std::optional<GemmPrediction> best;
  for (auto [clusterM, clusterN] : shapes) {
    t.clusterM = clusterM;
    t.clusterN = clusterN;
    std::optional<GemmPrediction> pred =
        evaluatePersistence(p, chip, t, o, best ? nullptr : rejection);
    if (!pred && !best)
      return std::nullopt;
    if (pred && (!best || better(*pred, *best)))
      best = pred;
  }
  return best;
}

/// evaluateClusters for `t` with C stored as the override `o` fixes (where
/// the epilogue stores tiles at all), or,
/// where TMA can store it (sm_90a, an epilogue that stores whole tiles,
/// aligned rows), through TMA unless storing from registers is faster
/// (the model prices both stores alike, see the file comment; staging may
/// cost a stage or a resident block). Where TMA fits no configuration, the
/// rejection is that of storing from registers.
std::optional<GemmPrediction> evaluateStores(const GemmProblem &p,
                                             const GpuChip &chip, GemmTiles t,
                                             const GemmTiles &o,
                                             Rejection *rejection) {
  // A GEMM whose epilogue stores no tiles (the logits') ignores the
  // override: `tma-store=1` asks it of every GEMM that can.
  if (!p.storesTiles || o.tmaStore != 0 ||
      !usesWarpgroupMma(gemmKernelFor(chip.target, t.copyBytes)) ||
      whyNoTmaStore(p)) {
    t.tmaStore = p.storesTiles ? std::max<int64_t>(o.tmaStore, 0) : 0;
    return evaluateClusters(p, chip, t, o, rejection);
  }
  t.tmaStore = 0;
  std::optional<GemmPrediction> registers =
      evaluateClusters(p, chip, t, o, rejection);
  t.tmaStore = 1;
  std::optional<GemmPrediction> staged =
      evaluateClusters(p, chip, t, o, nullptr);
  if (staged && (!registers || sameTime(*staged, *registers) ||
                 staged->micros < registers->micros))
    return staged;
  return registers;
}

} // namespace

std::optional<std::string> mlir::lmhead::whyNoTmaStore(const GemmProblem &p) {
  if (!p.storesTiles)
    return std::string("the epilogue stores no whole tiles of C");
  const int64_t rowBytes =
      (p.rowElementsC ? p.rowElementsC : p.n) * p.resultBytes;
  if (rowBytes % 16 != 0)
    return "C's rows are " + std::to_string(rowBytes) +
           " bytes apart, not a multiple of 16";
  if (p.baseAlignC % 16 != 0)
    return "C starts at an address aligned to " + std::to_string(p.baseAlignC) +
           " bytes, not 16";
  return std::nullopt;
}

double mlir::lmhead::floorMicros(const GemmProblem &problem,
                                 const GpuChip &chip) {
  return 1e6 * problem.flops() / chip.peakFlops;
}

std::optional<std::string>
mlir::lmhead::unsupportedGemmReason(const GemmProblem &problem,
                                    const GpuChip &chip) {
  return unsupportedReason(problem);
}

int64_t mlir::lmhead::widestCopyBytes(const GemmProblem &p,
                                      std::string *limit) {
  const int64_t rowBytesA = p.rowElementsA * p.elementBytes,
                rowBytesB = p.rowElementsB * p.elementBytes;
  auto divides = [&](int64_t bytes) {
    return rowBytesA % bytes == 0 && rowBytesB % bytes == 0 &&
           p.baseAlignA % bytes == 0 && p.baseAlignB % bytes == 0;
  };
  // 16-bit elements always allow 2-byte element copies.
  int64_t widest = 2;
  for (int64_t bytes : {16, 8, 4}) {
    if (divides(bytes)) {
      widest = bytes;
      break;
    }
  }
  if (limit && widest < 16) {
    // The first of the rows and bases that the next wider copy does not
    // divide.
    const int64_t wider = 2 * widest;
    auto rows = [&](llvm::StringRef name, int64_t elements) {
      return ("the rows of " + name + " are " + llvm::Twine(elements) +
              " elements of " + llvm::Twine(p.elementBytes) +
              " bytes = " + llvm::Twine(elements * p.elementBytes) +
              " bytes, not a multiple of " + llvm::Twine(wider))
          .str();
    };
    auto base = [&](llvm::StringRef name, int64_t alignment) {
      return (name + " starts at an address aligned to " +
              llvm::Twine(alignment) + " bytes, not " + llvm::Twine(wider))
          .str();
    };
    if (rowBytesA % wider != 0)
      *limit = rows(p.nameA, p.rowElementsA);
    else if (rowBytesB % wider != 0)
      *limit = rows(p.nameB, p.rowElementsB);
    else if (p.baseAlignA % wider != 0)
      *limit = base(p.nameA, p.baseAlignA);
    else
      *limit = base(p.nameB, p.baseAlignB);
  }
  return widest;
}

GpuTarget mlir::lmhead::gemmKernelFor(GpuTarget target, int64_t copyBytes) {
  if (usesWarpgroupMma(target) && copyBytes < 16)
    return GpuTarget::Sm80;
  return target;
}

std::optional<GemmPrediction>
mlir::lmhead::predictGemm(const GemmProblem &problem, const GpuChip &chip,
                          const GemmTiles &tiles, std::string *whyNot) {
  Rejection rejection;
  std::optional<GemmPrediction> pred =
      evaluate(problem, chip, tiles, &rejection);
  if (!pred && whyNot)
    *whyNot = rejection.reason;
  return pred;
}

GemmPlan mlir::lmhead::planGemm(const GemmProblem &problem, const GpuChip &chip,
                                const GemmTiles &overrides,
                                std::vector<GemmPrediction> *valid) {
  GemmPlan plan;
  if (std::optional<std::string> why = unsupportedReason(problem)) {
    plan.failure = GemmPlan::Failure::Unsupported;
    plan.reason = *why;
    return plan;
  }
  const GemmTiles &o = overrides;
  // The copy width follows from the operands (and on sm_90a decides the
  // kernel family, whose tiles are enumerated); an override that differs
  // is checked (and then reported) as given.
  const int64_t cb = o.copyBytes ? o.copyBytes : widestCopyBytes(problem);
  const GpuTarget kernel = gemmKernelFor(chip.target, cb);
  const bool hopper = usesWarpgroupMma(kernel);
  // Tiles of 16 and 32 only matter for small or ragged problems; the model
  // ranks them below the large ones everywhere else.
  auto blockM = hopper ? candidates(o.blockM, {64, 128, 256})
                       : candidates(o.blockM, {16, 32, 64, 128, 256});
  auto blockN = hopper ? candidates(o.blockN, {64, 128, 192, 256})
                       : candidates(o.blockN, {16, 32, 64, 128, 256});
  auto warpM = hopper ? candidates(o.warpM, {64, 128})
                      : candidates(o.warpM, {16, 32, 64});
  auto warpN = hopper ? candidates(o.warpN, {64, 128, 192, 256})
                      : candidates(o.warpN, {16, 32, 64});
  auto blockK =
      hopper ? candidates(o.blockK, {64}) : candidates(o.blockK, {32, 64});
  auto stages = hopper ? candidates(o.stages, {2, 3, 4, 5, 6})
                       : candidates(o.stages, {2, 3, 4, 5});

  Rejection nearest;
  for (int64_t bm : blockM)
    for (int64_t bn : blockN)
      for (int64_t wm : warpM)
        for (int64_t wn : warpN)
          for (int64_t bk : blockK)
            for (int64_t s : stages) {
              GemmTiles t{bm, bn, bk, wm, wn, s, cb, 0};
              // The swizzle the rule asks for, unless it is fixed.
              t.swizzle =
                  o.swizzle ? o.swizzle : swizzleFor(problem, kernel, t);
              Rejection rejection;
              std::optional<GemmPrediction> pred =
                  evaluateStores(problem, chip, t, o, &rejection);
              if (!pred) {
                if (rejection.stage > nearest.stage)
                  nearest = rejection;
                continue;
              }
              ++plan.validCandidates;
              if (valid)
                valid->push_back(*pred);
              if (!plan.choice || better(*pred, *plan.choice))
                plan.choice = pred;
            }
  if (!plan.choice) {
    plan.failure = GemmPlan::Failure::NoValidConfig;
    plan.reason =
        "no " + chip.targetName().str() + " kernel configuration" +
        (o.anyFixed() ? " with " + o.fixedOptionsStr() : std::string()) +
        " fits: " + nearest.reason;
  }
  return plan;
}
