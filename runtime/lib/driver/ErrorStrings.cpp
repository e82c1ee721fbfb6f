//===- ErrorStrings.cpp - cuGetErrorName and cuGetErrorString -------------===//
//
// The names and the driver's wording of CUresults, from the runtime's table
// (CudaErrorNames.h), which holds CUDA 13's codes.
//
//===----------------------------------------------------------------------===//

#include "../CudaErrorNames.h"
#include "DriverInternals.h"

using namespace lmhead;
using namespace lmhead::driver;

CUresult cuGetErrorName(CUresult error, const char **name) {
  return entry("cuGetErrorName", [&] {
    if (!name)
      return fail("cuGetErrorName", CUDA_ERROR_INVALID_VALUE, "pStr is null");
    *name = runtime::cudaResultName(error);
    // The driver answers an unknown code with CUDA_ERROR_INVALID_VALUE and
    // a null string; callers probe with it, so no message.
    return *name ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
  });
}

CUresult cuGetErrorString(CUresult error, const char **text) {
  return entry("cuGetErrorString", [&] {
    if (!text)
      return fail("cuGetErrorString", CUDA_ERROR_INVALID_VALUE, "pStr is null");
    *text = runtime::cudaResultDescription(error);
    return *text ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
  });
}
