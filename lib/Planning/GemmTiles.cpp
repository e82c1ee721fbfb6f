//===- GemmTiles.cpp - one GEMM kernel configuration ----------------------===//
//
// Every function here walks the fields of GemmTiles.def, so a new field is
// compared, hashed and printed as an override without further edits.
//
//===----------------------------------------------------------------------===//

#include "lmhead/Planning/GemmTiles.h"
#include "lmhead/Planning/MemoryParallelism.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace mlir::lmhead;

std::string GemmTiles::str() const {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << blockM << "x" << blockN << "x" << blockK << ", warp " << warpM << "x"
     << warpN << ", " << stages << " stages, " << copyBytes
     << "-byte copies, swizzle " << swizzle;
  // The usual group goes without saying, as in `#lmhead.gemm`.
  if (rasterGroupRows() != kRasterGroupRows)
    os << ", group " << rasterGroupRows();
  if (isPersistent())
    os << ", persistent " << persistent;
  if (isClustered())
    os << ", cluster " << clusterRows() << "x" << clusterCols();
  if (storesThroughTma())
    os << ", TMA store";
  if (isPingPong())
    os << ", ping-pong";
  return s;
}

int64_t GemmTiles::rasterGroupRows() const {
  return groupRows ? groupRows : kRasterGroupRows;
}

int64_t GemmTiles::epilogueStagingBytes() const {
  if (!storesThroughTma())
    return 0;
  return numConsumers() * kStagingBuffers * kStagingBufferBytes;
}

int64_t GemmTiles::stagedPanels(int64_t resultBytes) const {
  return (warpM / kStagingRows) * (blockN / (kStagingRowBytes / resultBytes));
}

int64_t GemmTiles::prefetchedPanels(int64_t resultBytes) const {
  return std::min(kStagingBuffers, stagedPanels(resultBytes));
}

bool GemmTiles::anyFixed() const {
  bool any = false;
#define LMHEAD_GEMM_TILE_FIELD(NAME, ACCESSOR, FLAG, DESCRIPTION)              \
  any |= NAME != 0;
#include "lmhead/Planning/GemmTiles.def"
  return any;
}

std::string GemmTiles::fixedOptionsStr() const {
  std::string s;
  llvm::raw_string_ostream os(s);
#define LMHEAD_GEMM_TILE_FIELD(NAME, ACCESSOR, FLAG, DESCRIPTION)              \
  if (NAME != 0)                                                               \
    os << (s.empty() ? "" : " ") << FLAG << "=" << NAME;
#include "lmhead/Planning/GemmTiles.def"
  return s;
}

std::optional<std::string> GemmTiles::overrideError() const {
  std::string s;
  llvm::raw_string_ostream os(s);
  if (copyBytes != 0 && copyBytes != 2 && copyBytes != 4 && copyBytes != 8 &&
      copyBytes != 16)
    os << "copy-bytes must be 4, 8 or 16 (the sizes of cp.async), 2 (element "
          "loads), or 0 for the widest the operands allow; got "
       << copyBytes;
  else if (swizzle != 0 && swizzle != 1)
    os << "swizzle must be 1 (require swizzled rows) or 0 (let the cost "
          "model choose); got "
       << swizzle;
  else if (persistent < -1)
    os << "persistent must be a number of blocks, -1 (one block per tile) "
          "or 0 (let the cost model choose); got "
       << persistent;
  else if (clusterM > 2 || clusterN > 2 || (clusterM == 2 && clusterN == 2))
    os << "cluster-m and cluster-n must be 1 (no cluster), 2 (a pair of "
          "blocks along M or N, not both) or 0 (let the cost model choose); "
          "got "
       << clusterM << " and " << clusterN;
  else if (tmaStore < -1 || tmaStore > 1)
    os << "tma-store must be 1 (C through shared memory and TMA), -1 (from "
          "registers) or 0 (let the cost model choose); got "
       << tmaStore;
  else if (pingPong < -1 || pingPong > 1)
    os << "ping-pong must be 1 (consumer warpgroups take tiles in turns), -1 "
          "(they split each tile) or 0 (let the cost model choose); got "
       << pingPong;
  if (!s.empty())
    return s;
  // Every other field is a size or a count: -1 is persistence's, the TMA
  // store's and ping-pong's own.
#define LMHEAD_GEMM_TILE_FIELD(NAME, ACCESSOR, FLAG, DESCRIPTION)              \
  if (NAME < 0 && &NAME != &persistent && &NAME != &tmaStore &&                \
      &NAME != &pingPong) {                                                    \
    os << FLAG << " must be positive, or 0 to let the cost model choose; got " \
       << NAME;                                                                \
    return s;                                                                  \
  }
#include "lmhead/Planning/GemmTiles.def"
  return std::nullopt;
}

bool GemmTiles::operator==(const GemmTiles &other) const {
  bool equal = true;
#define LMHEAD_GEMM_TILE_FIELD(NAME, ACCESSOR, FLAG, DESCRIPTION)              \
  equal &= NAME == other.NAME;
#include "lmhead/Planning/GemmTiles.def"
  return equal;
}

llvm::hash_code mlir::lmhead::hash_value(const GemmTiles &tiles) {
  llvm::hash_code hash = llvm::hash_value(0);
#define LMHEAD_GEMM_TILE_FIELD(NAME, ACCESSOR, FLAG, DESCRIPTION)              \
  hash = llvm::hash_combine(hash, tiles.NAME);
#include "lmhead/Planning/GemmTiles.def"
  return hash;
}
