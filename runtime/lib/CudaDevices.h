//===- CudaDevices.h - ask the CUDA driver what it has ----------*- C++ -*-===//
//
// The toolkit-free face of the CUDA backend: backend selection and the C API
// call this, and it is implemented either on top of CudaDriver (when the
// toolkit's cuda.h was found at build time) or by a version that reports the
// backend as not built in. Callers therefore need no #if.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_RUNTIME_LIB_CUDADEVICES_H
#define LMHEAD_RUNTIME_LIB_CUDADEVICES_H

#include "lmhead/runtime/Runtime.h"

#include <string>

namespace lmhead::runtime {

/// What the driver reports; see LMHeadCudaDeviceReport.
struct CudaDeviceInfo {
  int driverVersion = 0;
  int deviceCount = 0;
  std::string device0Name;
  unsigned long long device0TotalMemory = 0;
};

/// True when the CUDA backend was compiled in.
bool isCudaBackendBuilt();

/// Loads the driver named by CudaDriver::libraryPath(), initializes it and
/// fills `info`. Returns LMHEAD_STATUS_OK (a driver reporting
/// CUDA_ERROR_NO_DEVICE from cuInit gives deviceCount 0), or the failure's
/// status with `error` set.
LMHeadStatus probeCudaDevices(CudaDeviceInfo &info, std::string &error);

} // namespace lmhead::runtime

#endif // LMHEAD_RUNTIME_LIB_CUDADEVICES_H
