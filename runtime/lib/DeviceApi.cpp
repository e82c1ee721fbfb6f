//===- DeviceApi.cpp - device memory and streams through the C API --------===//
//
// The status-returning counterparts of the mgpu* functions, for callers
// such as lmhead's Python package on the emulator, which have no CUDA
// library of their own and must survive a failure (the mgpu* functions end
// the process, as MLIR's programs expect).
//
//===----------------------------------------------------------------------===//

#include "Backend.h"
#include "Status.h"
#include "lmhead/runtime/Runtime.h"

#include <limits>

using namespace lmhead::runtime;

namespace {

/// Runs `body` on the process's backend inside `entry`'s guard; a failure
/// of `body` (its status and message) is reported as `entry`'s.
template <typename Body>
LMHeadStatus onBackend(const char *entry, Body &&body) {
  return guardEntry(entry, [&]() -> LMHeadStatus {
    LMHeadStatus status;
    std::string error;
    Backend *backend = processBackend(status, error);
    if (!backend)
      return fail(status, std::string(entry) + ": " + error);
    status = body(*backend, error);
    if (status != LMHEAD_STATUS_OK)
      return fail(status, std::string(entry) + ": " + error);
    return succeed();
  });
}

/// Fails `entry` with INVALID_ARGUMENT and `what` (inside its guard: the
/// message's allocation may throw).
LMHeadStatus refuse(const char *entry, const char *what) {
  return guardEntry(entry, [&]() -> LMHeadStatus {
    return fail(LMHEAD_STATUS_INVALID_ARGUMENT,
                std::string(entry) + ": " + what);
  });
}

/// Refuses a size that does not fit the host's size_t.
bool fitsInSize(unsigned long long bytes, std::string &error) {
  if (bytes <= std::numeric_limits<std::size_t>::max())
    return true;
  error = std::to_string(bytes) + " bytes is more than this host can address";
  return false;
}

} // namespace

extern "C" LMHeadStatus lmheadDeviceAlloc(unsigned long long bytes,
                                          void **pointer) {
  if (!pointer)
    return refuse("lmheadDeviceAlloc", "pointer must not be null");
  return onBackend("lmheadDeviceAlloc", [&](Backend &backend,
                                            std::string &error) {
    if (!fitsInSize(bytes, error))
      return LMHEAD_STATUS_INVALID_ARGUMENT;
    LMHeadStatus status = backend.allocate(static_cast<std::size_t>(bytes),
                                           false, pointer, error);
    if (status != LMHEAD_STATUS_OK && error.find("bytes") == std::string::npos)
      error += " (" + std::to_string(bytes) + " bytes)";
    return status;
  });
}

extern "C" LMHeadStatus lmheadDeviceFree(void *pointer) {
  return onBackend("lmheadDeviceFree",
                   [&](Backend &backend, std::string &error) {
                     return backend.deallocate(pointer, error);
                   });
}

extern "C" LMHeadStatus lmheadDeviceCopy(void *dst, const void *src,
                                         unsigned long long bytes,
                                         void *stream) {
  if (bytes && (!dst || !src))
    return refuse("lmheadDeviceCopy", "dst and src must not be null");
  return onBackend(
      "lmheadDeviceCopy", [&](Backend &backend, std::string &error) {
        if (!fitsInSize(bytes, error))
          return LMHEAD_STATUS_INVALID_ARGUMENT;
        return bytes ? backend.copy(dst, src, static_cast<std::size_t>(bytes),
                                    stream, error)
                     : LMHEAD_STATUS_OK;
      });
}

extern "C" LMHeadStatus lmheadStreamCreate(void **stream) {
  if (!stream)
    return refuse("lmheadStreamCreate", "stream must not be null");
  return onBackend("lmheadStreamCreate",
                   [&](Backend &backend, std::string &error) {
                     return backend.createStream(stream, error);
                   });
}

extern "C" LMHeadStatus lmheadStreamSynchronize(void *stream) {
  return onBackend("lmheadStreamSynchronize",
                   [&](Backend &backend, std::string &error) {
                     return backend.synchronizeStream(stream, error);
                   });
}

extern "C" LMHeadStatus lmheadStreamDestroy(void *stream) {
  if (!stream)
    return guardEntry("lmheadStreamDestroy", [] { return succeed(); });
  return onBackend("lmheadStreamDestroy",
                   [&](Backend &backend, std::string &error) {
                     return backend.destroyStream(stream, error);
                   });
}
