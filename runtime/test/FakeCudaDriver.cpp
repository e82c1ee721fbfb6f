//===- FakeCudaDriver.cpp - a libcuda.so.1 stand-in for the runtime tests -===//
//
// Built as libcuda.so.1 in its own directory and reached through
// LMHEAD_LIBCUDA, so the runtime's loader and error paths run on machines
// without a GPU. It is compiled against the toolkit's cuda.h, so its
// definitions carry the same versioned symbol names (cuMemAlloc_v2, ...) that
// the runtime resolves.
//
// Behaviour follows the real driver where the runtime depends on it: every
// call but the version and error queries fails with
// CUDA_ERROR_NOT_INITIALIZED before cuInit, cuInit reports
// CUDA_ERROR_NO_DEVICE when there are no devices, cuGetErrorName/String fail
// for unknown codes. Configured by environment variables read on each call:
//
//   LMHEAD_FAKE_CUDA_FAIL=<entry point>:<CUresult>   that call returns the code
//   LMHEAD_FAKE_CUDA_DEVICES=<n>                     device count (default 1)
//
// Every call is appended to a log that tests read (and reset) through the
// two extern "C" functions at the end.
//
//===----------------------------------------------------------------------===//

#include <cuda.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#define FAKE_EXPORT extern "C" __attribute__((visibility("default")))

namespace {

std::string callLog;
bool initialized = false;

/// Appends `call` to the log; returns the failure configured for it, if any.
CUresult record(const char *call) {
  if (!callLog.empty())
    callLog += ' ';
  callLog += call;

  const char *spec = std::getenv("LMHEAD_FAKE_CUDA_FAIL");
  if (!spec)
    return CUDA_SUCCESS;
  const char *colon = std::strchr(spec, ':');
  if (!colon || std::string(spec, colon) != call)
    return CUDA_SUCCESS;
  return static_cast<CUresult>(std::atoi(colon + 1));
}

int deviceCount() {
  const char *count = std::getenv("LMHEAD_FAKE_CUDA_DEVICES");
  return count ? std::atoi(count) : 1;
}

struct ErrorText {
  CUresult code;
  const char *name;
  const char *description;
};

// The codes the tests use, with the real driver's wording.
constexpr ErrorText kErrors[] = {
    {CUDA_SUCCESS, "CUDA_SUCCESS", "no error"},
    {CUDA_ERROR_INVALID_VALUE, "CUDA_ERROR_INVALID_VALUE", "invalid argument"},
    {CUDA_ERROR_NOT_INITIALIZED, "CUDA_ERROR_NOT_INITIALIZED",
     "initialization error"},
    {CUDA_ERROR_NO_DEVICE, "CUDA_ERROR_NO_DEVICE",
     "no CUDA-capable device is detected"},
    {CUDA_ERROR_INVALID_DEVICE, "CUDA_ERROR_INVALID_DEVICE",
     "invalid device ordinal"},
    {CUDA_ERROR_UNKNOWN, "CUDA_ERROR_UNKNOWN", "unknown error"},
};

const ErrorText *findError(CUresult code) {
  for (const ErrorText &error : kErrors)
    if (error.code == code)
      return &error;
  return nullptr;
}

} // namespace

FAKE_EXPORT CUresult cuGetErrorName(CUresult error, const char **pStr) {
  if (CUresult injected = record("cuGetErrorName"))
    return injected;
  const ErrorText *text = findError(error);
  *pStr = text ? text->name : nullptr;
  return text ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

FAKE_EXPORT CUresult cuGetErrorString(CUresult error, const char **pStr) {
  if (CUresult injected = record("cuGetErrorString"))
    return injected;
  const ErrorText *text = findError(error);
  *pStr = text ? text->description : nullptr;
  return text ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

FAKE_EXPORT CUresult cuInit(unsigned int flags) {
  if (CUresult injected = record("cuInit"))
    return injected;
  if (flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (deviceCount() == 0)
    return CUDA_ERROR_NO_DEVICE;
  initialized = true;
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuDriverGetVersion(int *driverVersion) {
  if (CUresult injected = record("cuDriverGetVersion"))
    return injected;
  if (!driverVersion)
    return CUDA_ERROR_INVALID_VALUE;
  *driverVersion = CUDA_VERSION;
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuDeviceGetCount(int *count) {
  if (CUresult injected = record("cuDeviceGetCount"))
    return injected;
  if (!initialized)
    return CUDA_ERROR_NOT_INITIALIZED;
  if (!count)
    return CUDA_ERROR_INVALID_VALUE;
  *count = deviceCount();
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuDeviceGet(CUdevice *device, int ordinal) {
  if (CUresult injected = record("cuDeviceGet"))
    return injected;
  if (!initialized)
    return CUDA_ERROR_NOT_INITIALIZED;
  if (!device)
    return CUDA_ERROR_INVALID_VALUE;
  if (ordinal < 0 || ordinal >= deviceCount())
    return CUDA_ERROR_INVALID_DEVICE;
  *device = ordinal;
  return CUDA_SUCCESS;
}

// A deliberately incomplete driver (the "old driver" test) is this file
// built without this entry point.
#ifndef LMHEAD_FAKE_CUDA_OMIT_DEVICE_GET_NAME
FAKE_EXPORT CUresult cuDeviceGetName(char *name, int len, CUdevice dev) {
  if (CUresult injected = record("cuDeviceGetName"))
    return injected;
  if (!initialized)
    return CUDA_ERROR_NOT_INITIALIZED;
  if (!name || len <= 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (dev < 0 || dev >= deviceCount())
    return CUDA_ERROR_INVALID_DEVICE;
  std::snprintf(name, static_cast<size_t>(len), "lmhead fake GPU %d", dev);
  return CUDA_SUCCESS;
}
#endif

// cuda.h maps this name to cuDeviceTotalMem_v2, so that is what the fake
// exports and what the runtime must ask for.
FAKE_EXPORT CUresult cuDeviceTotalMem(size_t *bytes, CUdevice dev) {
  if (CUresult injected = record("cuDeviceTotalMem"))
    return injected;
  if (!initialized)
    return CUDA_ERROR_NOT_INITIALIZED;
  if (!bytes)
    return CUDA_ERROR_INVALID_VALUE;
  if (dev < 0 || dev >= deviceCount())
    return CUDA_ERROR_INVALID_DEVICE;
  *bytes = size_t(80) << 30;
  return CUDA_SUCCESS;
}

/// The calls made since the last reset, space-separated, oldest first.
FAKE_EXPORT const char *lmheadFakeCudaCallLog() { return callLog.c_str(); }

/// Forgets the log and the cuInit state, as if freshly loaded.
FAKE_EXPORT void lmheadFakeCudaReset() {
  callLog.clear();
  initialized = false;
}
