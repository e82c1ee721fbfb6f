//===- CudaDevicesUnavailable.cpp - the CUDA backend when not built in ----===//
//
// Built instead of CudaDevices.cpp when CMake finds no CUDA toolkit headers:
// every probe reports LMHEAD_STATUS_UNAVAILABLE with a message that says how
// to get the backend, so LMHEAD_DEVICE=auto falls back to the emulator and
// LMHEAD_DEVICE=cuda fails with a reason instead of a link error.
//
//===----------------------------------------------------------------------===//

#include "Backend.h"
#include "CudaDevices.h"

using namespace lmhead::runtime;

bool lmhead::runtime::isCudaBackendBuilt() { return false; }

LMHeadStatus lmhead::runtime::probeCudaDevices(CudaDeviceInfo &,
                                               std::string &error) {
  error = "this lmhead runtime was built without the CUDA backend (no CUDA "
          "toolkit headers at build time; rebuild with the toolkit installed "
          "or CUDAToolkit_ROOT set)";
  return LMHEAD_STATUS_UNAVAILABLE;
}

std::unique_ptr<Backend>
lmhead::runtime::createCudaBackend(int, LMHeadStatus &status,
                                   std::string &error) {
  status = probeCudaDevices(*std::make_unique<CudaDeviceInfo>(), error);
  return nullptr;
}
