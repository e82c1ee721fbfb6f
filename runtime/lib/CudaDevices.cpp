//===- CudaDevices.cpp - count the CUDA devices through the driver --------===//
//
// The probe opens its own CudaDriver and lets it go when done: it answers a
// one-off question (which backend? which devices?), and a fresh load each
// time means a changed LMHEAD_LIBCUDA is honoured. cuInit comes first, as the
// driver API requires of everything but the version and error queries.
//
//===----------------------------------------------------------------------===//

#include "CudaDevices.h"

#include "CudaDriver.h"

using namespace lmhead::runtime;

bool lmhead::runtime::isCudaBackendBuilt() { return true; }

LMHeadStatus lmhead::runtime::probeCudaDevices(CudaDeviceInfo &info,
                                               std::string &error) {
  std::unique_ptr<CudaDriver> driver =
      CudaDriver::load(CudaDriver::libraryPath(), error);
  if (!driver)
    return LMHEAD_STATUS_DRIVER_NOT_FOUND;

  CudaDeviceInfo result;
  // A machine with the driver installed but no GPU (or none visible through
  // CUDA_VISIBLE_DEVICES) answers cuInit with CUDA_ERROR_NO_DEVICE: that is
  // a count of zero, not a broken driver.
  int initResult = driver->cuInit(0);
  if (initResult == CUDA_ERROR_NO_DEVICE) {
    if (!LMHEAD_CUDA_CHECK(*driver, error, cuDriverGetVersion,
                           &result.driverVersion))
      return LMHEAD_STATUS_DRIVER_ERROR;
    info = result;
    return LMHEAD_STATUS_OK;
  }
  if (!driver->check(initResult, "cuInit", error))
    return LMHEAD_STATUS_DRIVER_ERROR;

  if (!LMHEAD_CUDA_CHECK(*driver, error, cuDriverGetVersion,
                         &result.driverVersion) ||
      !LMHEAD_CUDA_CHECK(*driver, error, cuDeviceGetCount, &result.deviceCount))
    return LMHEAD_STATUS_DRIVER_ERROR;

  if (result.deviceCount > 0) {
    CUdevice device;
    char name[256] = {};
    size_t totalMemory = 0;
    if (!LMHEAD_CUDA_CHECK(*driver, error, cuDeviceGet, &device, 0) ||
        !LMHEAD_CUDA_CHECK(*driver, error, cuDeviceGetName, name,
                           static_cast<int>(sizeof(name)), device) ||
        !LMHEAD_CUDA_CHECK(*driver, error, cuDeviceTotalMem, &totalMemory,
                           device))
      return LMHEAD_STATUS_DRIVER_ERROR;
    result.device0TotalMemory = totalMemory;
    // The driver NUL-terminates within `len`, but a fake or future driver
    // that fills the buffer must not make us read past it.
    name[sizeof(name) - 1] = '\0';
    result.device0Name = name;
  }
  info = result;
  return LMHEAD_STATUS_OK;
}
