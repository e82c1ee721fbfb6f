//===- LMHeadAttrs.cpp - kernel plans of the lmhead ops -------------------===//
//
// The attribute classes of LMHeadAttrs.td and the checks on a GEMM
// configuration that hold for every target: tiles that divide into warps and
// into mma.sync shapes, a K step of whole k16 slices, at least two stages,
// a copy width the kernels have, and a raster group of at least one row of
// tiles; and on a plan, that each GEMM's kernel
// family runs on the plan's target and copies what it can. What fits a
// given GPU (shared memory, registers) is the cost model's business, not the
// attribute's. The conversions to and from the planning library's GemmTiles
// walk GemmTiles.def, and a plan's target parses through GpuTarget's names.
//
//===----------------------------------------------------------------------===//

#include "lmhead/Dialect/LMHead/IR/LMHeadOps.h"
#include "lmhead/Planning/MemoryParallelism.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::lmhead;

#define GET_ATTRDEF_CLASSES
#include "lmhead/Dialect/LMHead/IR/LMHeadAttrs.cpp.inc"

void LMHeadDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "lmhead/Dialect/LMHead/IR/LMHeadAttrs.cpp.inc"
      >();
}

FailureOr<GpuTarget> FieldParser<GpuTarget>::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  std::string name;
  if (failed(parser.parseOptionalKeywordOrString(&name)))
    return parser.emitError(loc, "expected a GPU target (")
           << knownGpuTargetNames() << ")";
  if (std::optional<GpuTarget> target = symbolizeGpuTarget(name))
    return *target;
  return parser.emitError(loc, "unknown GPU target '")
         << name << "'; expected one of " << knownGpuTargetNames();
}

FailureOr<std::optional<GpuTarget>>
FieldParser<std::optional<GpuTarget>>::parse(AsmParser &parser) {
  FailureOr<GpuTarget> target = FieldParser<GpuTarget>::parse(parser);
  if (failed(target))
    return failure();
  return std::optional<GpuTarget>(*target);
}

GemmConfigAttr GemmConfigAttr::get(MLIRContext *context, const GemmTiles &tiles,
                                   std::optional<GpuTarget> kernel) {
  // A group left to the default (0) is stored as the group it stands for,
  // so that equal configurations are equal attributes.
  GemmTiles stored = tiles;
  stored.groupRows = tiles.rasterGroupRows();
  // One block per tile is 0, whether it was chosen or forced (-1).
  stored.persistent = std::max<int64_t>(tiles.persistent, 0);
  // No cluster is 1, whether chosen or left unset (0).
  stored.clusterM = tiles.clusterRows();
  stored.clusterN = tiles.clusterCols();
  // Storing from registers is 0, whether chosen or forced (-1).
  stored.tmaStore = tiles.storesThroughTma() ? 1 : 0;
  // The cooperative kernel is 0, whether chosen or forced (-1).
  stored.pingPong = tiles.isPingPong() ? 1 : 0;
#define LMHEAD_GEMM_TILE_FIELD(NAME, ACCESSOR, FLAG, DESCRIPTION) , stored.NAME
  return get(context
#include "lmhead/Planning/GemmTiles.def"
             ,
             kernel);
}

GemmTiles GemmConfigAttr::getTiles() const {
  GemmTiles tiles;
#define LMHEAD_GEMM_TILE_FIELD(NAME, ACCESSOR, FLAG, DESCRIPTION)              \
  tiles.NAME = get##ACCESSOR();
#include "lmhead/Planning/GemmTiles.def"
  return tiles;
}

LogicalResult GemmConfigAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, int64_t blockM,
    int64_t blockN, int64_t blockK, int64_t warpM, int64_t warpN,
    int64_t stages, int64_t copyBytes, int64_t swizzle, int64_t groupRows,
    int64_t persistent, int64_t clusterM, int64_t clusterN, int64_t tmaStore,
    int64_t pingPong, std::optional<GpuTarget> kernel) {
  if (warpM <= 0 || warpM % 16 != 0)
    return emitError() << "warpM must be a positive multiple of 16 (the M "
                          "of mma.sync.m16n8k16), got "
                       << warpM;
  if (warpN <= 0 || warpN % 16 != 0)
    return emitError() << "warpN must be a positive multiple of 16 (two "
                          "n8 MMA tiles per ldmatrix.x4), got "
                       << warpN;
  if (blockM <= 0 || blockM % warpM != 0 || blockN <= 0 || blockN % warpN != 0)
    return emitError() << "the block tile " << blockM << "x" << blockN
                       << " must be a whole number of warp tiles " << warpM
                       << "x" << warpN;
  int64_t warps = (blockM / warpM) * (blockN / warpN);
  if (warps > 32)
    return emitError() << "the block tile needs " << warps
                       << " warps; a thread block has at most 32";
  if (blockK <= 0 || blockK % 16 != 0)
    return emitError() << "blockK must be a positive multiple of 16 (the K "
                          "of mma.sync.m16n8k16), got "
                       << blockK;
  if (stages < 2)
    return emitError() << "stages must be at least 2 (one step copied while "
                          "another is multiplied), got "
                       << stages;
  if (copyBytes != 2 && copyBytes != 4 && copyBytes != 8 && copyBytes != 16)
    return emitError() << "copyBytes must be 4, 8 or 16 (the sizes of "
                          "cp.async) or 2 (element loads), got "
                       << copyBytes;
  if (swizzle != 0 && swizzle != 1)
    return emitError() << "swizzle must be 0 (rows in order) or 1 (16-byte "
                          "chunks XOR-swizzled by row), got "
                       << swizzle;
  if (groupRows < 1)
    return emitError() << "groupRows must be at least 1 (the rows of tiles "
                          "the grid walks together), got "
                       << groupRows;
  if (persistent < 0)
    return emitError() << "persistent must be a number of blocks, or 0 for "
                          "one block per tile, got "
                       << persistent;
  if (clusterM < 1 || clusterN < 1 || clusterM * clusterN > 2)
    return emitError() << "the cluster must be 1x1, 2x1 or 1x2 blocks, got "
                       << clusterM << "x" << clusterN;
  if (persistent % (clusterM * clusterN) != 0)
    return emitError() << "a persistent grid of clusters of "
                       << clusterM * clusterN
                       << " blocks needs a multiple of that many blocks, got "
                       << persistent;
  if (tmaStore != 0 && tmaStore != 1)
    return emitError() << "tmaStore must be 0 (C stored from registers) or "
                          "1 (through shared memory and TMA), got "
                       << tmaStore;
  if (pingPong != 0 && pingPong != 1)
    return emitError() << "pingPong must be 0 (consumer warpgroups split "
                          "each tile) or 1 (they take whole tiles in "
                          "turns), got "
                       << pingPong;
  if (pingPong == 1 && (persistent == 0 || blockM != warpM))
    return emitError() << "a ping-pong kernel is persistent and each of its "
                          "consumer warpgroups computes a whole tile "
                          "(warpM = blockM), got persistent = "
                       << persistent << ", blockM = " << blockM
                       << ", warpM = " << warpM;
  return success();
}

/// Checks that `config`, the configuration of the GEMM called `gemm`, can
/// be built by its kernel family on `target`.
static LogicalResult
verifyKernelFamily(function_ref<InFlightDiagnostic()> emitError,
                   GpuTarget target, StringRef gemm, GemmConfigAttr config) {
  GpuTarget kernel = config.getKernelFor(target);
  if (!runsOn(kernel, target))
    return emitError() << "the " << gemm << " GEMM's "
                       << stringifyGpuTarget(kernel)
                       << " kernel does not run on "
                       << stringifyGpuTarget(target);
  if (usesWarpgroupMma(kernel) && config.getCopyBytes() != 16)
    return emitError() << "the " << gemm << " GEMM's "
                       << stringifyGpuTarget(kernel)
                       << " kernel copies 16-byte rows with TMA, got "
                       << "copyBytes = " << config.getCopyBytes()
                       << " (narrower copies need kernel = sm_80)";
  // Before persistence: a ping-pong kernel is persistent too.
  if (!usesWarpgroupMma(kernel) && config.getPingPong() != 0)
    return emitError() << "the " << gemm << " GEMM's "
                       << stringifyGpuTarget(kernel)
                       << " kernel has no warpgroups to alternate; "
                          "pingPong = 1 needs an sm_90a kernel";
  if (!usesWarpgroupMma(kernel) && config.getPersistent() != 0 &&
      config.getCopyBytes() == 2)
    return emitError() << "the " << gemm << " GEMM's "
                       << stringifyGpuTarget(kernel)
                       << " kernel with element copies (copyBytes = 2) takes "
                          "one block per tile; persistent = "
                       << config.getPersistent() << " needs cp.async copies";
  if (!usesWarpgroupMma(kernel) &&
      config.getClusterM() * config.getClusterN() != 1)
    return emitError() << "the " << gemm << " GEMM's "
                       << stringifyGpuTarget(kernel)
                       << " kernel runs without clusters; a cluster of "
                       << config.getClusterM() << "x" << config.getClusterN()
                       << " needs an sm_90a kernel";
  if (!usesWarpgroupMma(kernel) && config.getTmaStore() != 0)
    return emitError() << "the " << gemm << " GEMM's "
                       << stringifyGpuTarget(kernel)
                       << " kernel stores C from registers; tmaStore = 1 "
                          "needs an sm_90a kernel";
  return success();
}

LogicalResult
KernelPlanAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                       GpuTarget target, GemmConfigAttr dh, GemmConfigAttr dw,
                       FloatAttr dhMicros, FloatAttr dwMicros) {
  if (failed(verifyKernelFamily(emitError, target, "dh", dh)) ||
      failed(verifyKernelFamily(emitError, target, "dw", dw)))
    return failure();
  return success();
}

LogicalResult
CrossEntropyPlanAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                             GpuTarget target, GemmConfigAttr logits,
                             GemmConfigAttr dh, GemmConfigAttr dw,
                             int64_t chunk, FloatAttr micros) {
  if (!logits)
    return emitError() << "a cross-entropy plan needs a logits GEMM";
  if (static_cast<bool>(dh) != static_cast<bool>(dw))
    return emitError() << "a backward plan has both a dh and a dw GEMM, a "
                          "forward plan neither";
  if (dh && chunk <= 0)
    return emitError() << "a backward plan needs a positive vocabulary chunk, "
                          "got "
                       << chunk;
  if (!dh && chunk != 0)
    return emitError() << "a forward plan has no vocabulary chunk";
  for (auto [gemm, config] :
       {std::pair<StringRef, GemmConfigAttr>{"logits", logits},
        {"dh", dh},
        {"dw", dw}})
    if (config && failed(verifyKernelFamily(emitError, target, gemm, config)))
      return failure();
  return success();
}
