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

/// Runs `body`, which returns an Outcome, on the process's backend inside
/// `entry`'s guard; a failure of `body` is reported as `entry`'s.
template <typename Body>
LMHeadStatus onBackend(const char *entry, Body &&body) {
  return guardEntry(entry, [&]() -> LMHeadStatus {
    LMHeadStatus status;
    std::string error;
    Backend *backend = processBackend(status, error);
    if (!backend)
      return fail(status, std::string(entry) + ": " + error);
    Outcome outcome = body(*backend);
    return fail(std::move(outcome.prefix(std::string(entry) + ": ")));
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
Outcome fitsInSize(unsigned long long bytes) {
  if (bytes <= std::numeric_limits<std::size_t>::max())
    return {};
  return Outcome(LMHEAD_STATUS_INVALID_ARGUMENT,
                 std::to_string(bytes) +
                     " bytes is more than this host can address");
}

} // namespace

extern "C" LMHeadStatus lmheadDeviceAlloc(unsigned long long bytes,
                                          void **pointer) {
  if (!pointer)
    return refuse("lmheadDeviceAlloc", "pointer must not be null");
  return onBackend("lmheadDeviceAlloc", [&](Backend &backend) {
    if (Outcome fits = fitsInSize(bytes); !fits.ok())
      return fits;
    Outcome outcome =
        backend.allocate(static_cast<std::size_t>(bytes), false, pointer);
    if (outcome.message().find("bytes") == std::string::npos)
      outcome.append(" (" + std::to_string(bytes) + " bytes)");
    return outcome;
  });
}

extern "C" LMHeadStatus lmheadDeviceFree(void *pointer) {
  return onBackend("lmheadDeviceFree", [&](Backend &backend) {
    return backend.deallocate(pointer);
  });
}

extern "C" LMHeadStatus lmheadDeviceCopy(void *dst, const void *src,
                                         unsigned long long bytes,
                                         void *stream) {
  if (bytes && (!dst || !src))
    return refuse("lmheadDeviceCopy", "dst and src must not be null");
  return onBackend("lmheadDeviceCopy", [&](Backend &backend) {
    if (Outcome fits = fitsInSize(bytes); !fits.ok())
      return fits;
    return bytes
               ? backend.copy(dst, src, static_cast<std::size_t>(bytes), stream)
               : Outcome();
  });
}

extern "C" LMHeadStatus lmheadStreamCreate(void **stream) {
  if (!stream)
    return refuse("lmheadStreamCreate", "stream must not be null");
  return onBackend("lmheadStreamCreate", [&](Backend &backend) {
    return backend.createStream(stream);
  });
}

extern "C" LMHeadStatus lmheadStreamSynchronize(void *stream) {
  return onBackend("lmheadStreamSynchronize", [&](Backend &backend) {
    return backend.synchronizeStream(stream);
  });
}

extern "C" LMHeadStatus lmheadStreamDestroy(void *stream) {
  if (!stream)
    return guardEntry("lmheadStreamDestroy", [] { return succeed(); });
  return onBackend("lmheadStreamDestroy", [&](Backend &backend) {
    return backend.destroyStream(stream);
  });
}
