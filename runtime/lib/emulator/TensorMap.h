//===- TensorMap.h - TMA tensor maps as the emulator stores them -*- C++
//-*-===//
//
// On a GPU a tensor map (CUtensorMap, 128 bytes) is opaque and encoded by
// the driver. The emulator encodes the same request (the driver's
// arguments) into those 128 bytes in its own layout, and its interpreter
// decodes it when cp.async.bulk.tensor reads the map from memory.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_RUNTIME_LIB_EMULATOR_TENSORMAP_H
#define LMHEAD_RUNTIME_LIB_EMULATOR_TENSORMAP_H

#include <cstdint>
#include <cstring>

namespace lmhead::runtime::emulator {

/// The emulator's tensor map, exactly 128 bytes.
struct TensorMap {
  static constexpr uint32_t kMagic = 0x4c4d544d; // "LMTM"
  uint32_t magic = kMagic;
  /// CUtensorMapDataType, rank, CUtensorMapSwizzle, CUtensorMapFloatOOBfill.
  uint8_t dataType = 0, rank = 0, swizzle = 0, oobFill = 0;
  uint64_t globalAddress = 0;
  /// Element counts per dimension, innermost first.
  uint64_t globalDim[5] = {};
  /// Byte strides of dimensions 1 .. rank−1.
  uint64_t globalStrides[4] = {};
  uint32_t boxDim[5] = {};
  uint8_t elementStrides[5] = {};
  uint8_t unused[11] = {};
};
static_assert(sizeof(TensorMap) == 128, "a tensor map is 128 bytes");

/// Bytes per element of a CUtensorMapDataType (0 when not handled).
inline unsigned tensorMapElementBytes(unsigned dataType) {
  switch (dataType) {
  case 0: // UINT8
    return 1;
  case 1: // UINT16
  case 6: // FLOAT16
  case 9: // BFLOAT16
    return 2;
  case 2:
  case 3:
  case 7:
  case 10:
  case 11:
  case 12:
    return 4;
  case 4:
  case 5:
  case 8:
    return 8;
  default:
    return 0;
  }
}

/// The shared-memory byte offset at which a TMA box stores the byte at
/// `offset` (of the box in row-major order): with a swizzle of 32, 64 or
/// 128 bytes (CUtensorMapSwizzle 1, 2, 3), the 16-byte chunk index within
/// each row segment is XORed with the row index (bits 7 and up), as the
/// hardware does.
inline uint64_t swizzledOffset(uint64_t offset, unsigned swizzle) {
  unsigned bits = swizzle == 3 ? 3 : swizzle == 2 ? 2 : swizzle == 1 ? 1 : 0;
  uint64_t chunkMask = ((1u << bits) - 1) << 4;
  return offset ^ ((offset >> 3) & chunkMask);
}

/// Where element `e` (in box order, the innermost dimension first) of the
/// box at `coordinate` lies in `map`'s tensor: false when it falls outside
/// (TMA fills it with zeros on a load, skips it on a store), else its byte
/// offset from the tensor's start in `offset`.
inline bool boxElementOffset(const TensorMap &map, const int64_t *coordinate,
                             uint64_t e, uint64_t &offset) {
  unsigned elementBytes = tensorMapElementBytes(map.dataType);
  offset = 0;
  bool inside = true;
  for (unsigned d = 0; d < map.rank; ++d) {
    int64_t index = coordinate[d] + static_cast<int64_t>(e % map.boxDim[d]);
    e /= map.boxDim[d];
    if (index < 0 || static_cast<uint64_t>(index) >= map.globalDim[d])
      inside = false;
    else
      offset += static_cast<uint64_t>(index) *
                (d == 0 ? elementBytes : map.globalStrides[d - 1]);
  }
  return inside;
}

} // namespace lmhead::runtime::emulator

#endif // LMHEAD_RUNTIME_LIB_EMULATOR_TENSORMAP_H
