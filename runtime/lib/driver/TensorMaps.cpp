//===- TensorMaps.cpp - TMA tensor maps -----------------------------------===//
//
// cuTensorMapEncodeTiled goes to the backend's encodeTensorMap, which holds
// the request to the driver's documented rules and writes the 128 bytes in
// the emulator's own layout (emulator/TensorMap.h) that its TMA
// instructions read back. im2col maps are not emulated.
//
//===----------------------------------------------------------------------===//

#include "../emulator/TensorMap.h"
#include "DriverInternals.h"

#include <cstring>

using namespace lmhead;
using namespace lmhead::driver;

CUresult cuTensorMapEncodeTiled(
    CUtensorMap *map, CUtensorMapDataType dataType, cuuint32_t rank,
    void *globalAddress, const cuuint64_t *globalDim,
    const cuuint64_t *globalStrides, const cuuint32_t *boxDim,
    const cuuint32_t *elementStrides, CUtensorMapInterleave interleave,
    CUtensorMapSwizzle swizzle, CUtensorMapL2promotion l2Promotion,
    CUtensorMapFloatOOBfill oobFill) {
  return entry("cuTensorMapEncodeTiled", [&] {
    if (!map || !globalDim || !boxDim || !elementStrides ||
        (rank > 1 && !globalStrides))
      return fail("cuTensorMapEncodeTiled", CUDA_ERROR_INVALID_VALUE,
                  "tensorMap, globalDim, globalStrides, boxDim or "
                  "elementStrides is null");
    if (rank == 0 || rank > 5)
      return fail("cuTensorMapEncodeTiled", CUDA_ERROR_INVALID_VALUE,
                  "tensorRank " + std::to_string(rank) +
                      " is not between 1 and 5");
    runtime::TensorMapRequest request;
    request.dataType = dataType;
    request.rank = rank;
    request.globalAddress = globalAddress;
    for (unsigned d = 0; d < rank; ++d) {
      request.globalDim[d] = globalDim[d];
      request.boxDim[d] = boxDim[d];
      request.elementStrides[d] = elementStrides[d];
      if (d > 0)
        request.globalStrides[d - 1] = globalStrides[d - 1];
    }
    request.interleave = interleave;
    request.swizzle = swizzle;
    request.l2Promotion = l2Promotion;
    request.oobFill = oobFill;
    runtime::Outcome outcome =
        Driver::get().backend().encodeTensorMap(request, map);
    // The backend's message already names cuTensorMapEncodeTiled.
    if (!outcome.ok()) {
      std::fprintf(stderr, "lmhead libcuda: %s\n", outcome.message().c_str());
      return CUDA_ERROR_INVALID_VALUE;
    }
    return CUDA_SUCCESS;
  });
}

CUresult cuTensorMapReplaceAddress(CUtensorMap *map, void *globalAddress) {
  return entry("cuTensorMapReplaceAddress", [&] {
    runtime::emulator::TensorMap encoded;
    if (map)
      std::memcpy(static_cast<void *>(&encoded), map, sizeof(encoded));
    if (!map || encoded.magic != runtime::emulator::TensorMap::kMagic)
      return fail("cuTensorMapReplaceAddress", CUDA_ERROR_INVALID_VALUE,
                  "tensorMap was not encoded by cuTensorMapEncodeTiled");
    if (reinterpret_cast<uintptr_t>(globalAddress) % 16 != 0)
      return fail("cuTensorMapReplaceAddress", CUDA_ERROR_INVALID_VALUE,
                  "globalAddress is not a multiple of 16 bytes");
    encoded.globalAddress = reinterpret_cast<uint64_t>(globalAddress);
    std::memcpy(map, &encoded, sizeof(encoded));
    return CUDA_SUCCESS;
  });
}
