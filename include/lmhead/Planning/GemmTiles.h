//===- GemmTiles.h - one GEMM kernel configuration --------------*- C++ -*-===//
//
// The block and warp tiles, K step, stages, copy width, swizzle, raster
// group, persistence and cluster of one GEMM kernel, as one struct whose fields
// are listed once in GemmTiles.def. The same struct is a chosen configuration
// (every field set) and a set of user overrides (0 leaves a field to the cost
// model).
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_PLANNING_GEMMTILES_H
#define LMHEAD_PLANNING_GEMMTILES_H

#include "llvm/ADT/Hashing.h"

#include <cstdint>
#include <optional>
#include <string>

namespace mlir {
namespace lmhead {

/// One kernel configuration, field for field the `#lmhead.gemm` attribute.
struct GemmTiles {
#define LMHEAD_GEMM_TILE_FIELD(NAME, ACCESSOR, FLAG, DESCRIPTION)              \
  int64_t NAME = 0;
#include "lmhead/Planning/GemmTiles.def"

  /// Warps (sm_80) or consumer warpgroups (sm_90a) computing one block tile.
  int64_t numWarpTiles() const { return (blockM / warpM) * (blockN / warpN); }
  /// Whether two consumer warpgroups take a persistent sm_90a block's tiles
  /// in turns, each computing a whole one (`pingPong` = 1; -1 is the
  /// cooperative kernel as an override).
  bool isPingPong() const { return pingPong > 0; }
  /// Warps (sm_80) or consumer warpgroups (sm_90a) of one block: those of
  /// a block tile, or the two of a ping-pong kernel, each on its own tile.
  int64_t numConsumers() const { return isPingPong() ? 2 : numWarpTiles(); }
  /// Whether the copies are element loads (`copyBytes` = 2, narrower than
  /// any cp.async): synchronous `ld.global` and `st.shared`, for rows of any
  /// alignment.
  bool elementCopies() const { return copyBytes == 2; }
  /// Bytes of one stage's shared tiles that one thread fills per copy: one
  /// cp.async of `copyBytes`, or for element copies 16 (8 elements loaded
  /// one by one, stored as one 16-byte vector). The threads of a block
  /// share each tile's copies evenly.
  int64_t copyUnitBytes() const { return elementCopies() ? 16 : copyBytes; }
  /// The rows of tiles the grid's grouped rasterisation walks together:
  /// `groupRows`, or kRasterGroupRows where it is not set (0).
  int64_t rasterGroupRows() const;
  /// Whether the kernel is persistent: a grid of at most `persistent`
  /// blocks that walk the tiles (one block per tile otherwise; -1 is that
  /// choice as an override).
  bool isPersistent() const { return persistent > 0; }
  /// The blocks of a thread-block cluster along M and N (1 where the field
  /// is not set) and in all: the blocks of a cluster share the operand tile
  /// their tiles have in common, each loading a part of it that TMA
  /// multicasts to all of them.
  int64_t clusterRows() const { return clusterM > 1 ? clusterM : 1; }
  int64_t clusterCols() const { return clusterN > 1 ? clusterN : 1; }
  int64_t clusterBlocks() const { return clusterRows() * clusterCols(); }
  bool isClustered() const { return clusterBlocks() > 1; }
  /// Whether the epilogue stages C's tile through shared memory and stores
  /// it with TMA (`tmaStore` = 1; -1 is the choice of storing from
  /// registers as an override).
  bool storesThroughTma() const { return tmaStore > 0; }
  /// Bytes of shared memory the epilogue stages C in: kStagingBuffers
  /// buffers of kStagingBufferBytes per consumer warpgroup when it stores
  /// through TMA, else none.
  int64_t epilogueStagingBytes() const;
  /// The panels (kStagingRows rows by kStagingRowBytes) in which a consumer
  /// warpgroup stores its part of a tile through TMA, for C's elements of
  /// `resultBytes`.
  int64_t stagedPanels(int64_t resultBytes) const;
  /// Of those, the first ones whose old values an accumulating epilogue has
  /// loaded before the tile's K loop: one per staging buffer.
  int64_t prefetchedPanels(int64_t resultBytes) const;
  /// "BMxBNxBK, warp WMxWN, S stages, C-byte copies, swizzle Z", then
  /// ", group G" where the group is not kRasterGroupRows, ", persistent
  /// P" for a persistent kernel, ", cluster MxN" for a clustered one and
  /// ", TMA store" for one that stores C through TMA, ", ping-pong" for
  /// one whose consumer warpgroups take tiles in turns.
  std::string str() const;

  /// As overrides: whether any field is fixed (non-zero).
  bool anyFixed() const;
  /// As overrides: the fixed fields in option spelling, "block-m=256
  /// stages=3".
  std::string fixedOptionsStr() const;
  /// As overrides: what is wrong with a field no configuration can have (a
  /// negative size, a copy width other than 2, 4, 8 or 16, a swizzle other
  /// than 0 or 1, a persistent grid below -1, a cluster of more than two
  /// blocks, a TMA store or ping-pong other than -1, 0 or 1), in option
  /// spelling, or
  /// none.
  std::optional<std::string> overrideError() const;

  bool operator==(const GemmTiles &other) const;
  bool operator!=(const GemmTiles &other) const { return !(*this == other); }
};

/// Hashes every field (GemmTiles is an attribute parameter).
llvm::hash_code hash_value(const GemmTiles &tiles);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_PLANNING_GEMMTILES_H
