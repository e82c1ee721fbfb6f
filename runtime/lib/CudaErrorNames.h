//===- CudaErrorNames.h - CUresult names without asking the driver -*- C++
//-*-===//
//
// Error messages must name a failed call's result even when the driver
// cannot: cuGetErrorName/cuGetErrorString fail for codes the installed
// driver does not know, and cannot be called at all when the library
// failed to load. This table holds the names and the driver's wording.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_RUNTIME_LIB_CUDAERRORNAMES_H
#define LMHEAD_RUNTIME_LIB_CUDAERRORNAMES_H

namespace lmhead::runtime {

/// The enumerator name of a CUresult ("CUDA_ERROR_OUT_OF_MEMORY"), or null
/// for a code the table does not hold.
const char *cudaResultName(int result);

/// The driver's description of a CUresult ("out of memory"), or null.
const char *cudaResultDescription(int result);

} // namespace lmhead::runtime

#endif // LMHEAD_RUNTIME_LIB_CUDAERRORNAMES_H
