//===- Driver.cpp - the emulated driver's state and entry guard -----------===//
//
// The one Driver of the process, the stderr channel of failures, tracing
// (LMHEAD_CUDA_TRACE=1) and the lookups of handles every file shares.
//
//===----------------------------------------------------------------------===//

#include "DriverInternals.h"

#include <cstdlib>
#include <cstring>

using namespace lmhead;
using namespace lmhead::driver;

Driver::Driver() : emulator(runtime::createEmulatorBackend()) {
  primaryContext.primary = true;
  primaryContext.id = nextId++;
  contexts.insert(&primaryContext);
}

Driver &Driver::get() {
  // Never destroyed: cudart and other libraries call the driver from their
  // own static destructors and atexit handlers, after ours would have run.
  static Driver *driver = new Driver();
  return *driver;
}

const std::pair<const uint64_t, Allocation> *
Driver::findAllocation(uint64_t address, uint64_t bytes) {
  auto it = allocations.upper_bound(address);
  if (it == allocations.begin())
    return nullptr;
  --it;
  uint64_t end = it->first + it->second.bytes;
  // A range of 0 bytes may sit at the allocation's start.
  bool inside = address >= it->first &&
                (address < end || (bytes == 0 && address == it->first)) &&
                bytes <= end - address;
  return inside ? &*it : nullptr;
}

bool driver::tracing() {
  static const bool wanted = [] {
    const char *value = std::getenv("LMHEAD_CUDA_TRACE");
    return value && *value && std::strcmp(value, "0") != 0;
  }();
  return wanted;
}

CUresult driver::fail(const char *call, CUresult result,
                      const std::string &message) {
  std::fprintf(stderr, "lmhead libcuda: %s: %s\n", call, message.c_str());
  return result;
}

CUresult driver::fail(const char *call, CUresult result,
                      const runtime::Outcome &outcome) {
  return fail(call, result, outcome.message());
}

CUresult driver::requireInit(const char *call) {
  std::lock_guard<std::recursive_mutex> lock(Driver::get().mutex);
  if (!Driver::get().initialized)
    return fail(call, CUDA_ERROR_NOT_INITIALIZED, "cuInit has not been called");
  return CUDA_SUCCESS;
}

CUresult driver::requireContext(const char *call) {
  if (CUresult result = requireInit(call))
    return result;
  if (!currentContext())
    return fail(call, CUDA_ERROR_INVALID_CONTEXT,
                "no context is current on this thread");
  std::lock_guard<std::recursive_mutex> lock(Driver::get().mutex);
  return Driver::get().stickyError;
}

Function *driver::findFunction(const void *handle) {
  Driver &driver = Driver::get();
  std::lock_guard<std::recursive_mutex> lock(driver.mutex);
  auto *function = static_cast<Function *>(const_cast<void *>(handle));
  return driver.functions.count(function) ? function : nullptr;
}

bool driver::backendStream(CUstream stream, void *&result) {
  result = nullptr;
  if (!stream || stream == CU_STREAM_LEGACY || stream == CU_STREAM_PER_THREAD)
    return true;
  Driver &driver = Driver::get();
  std::lock_guard<std::recursive_mutex> lock(driver.mutex);
  auto *own = reinterpret_cast<Stream *>(stream);
  if (!driver.streams.count(own))
    return false;
  result = own->backendStream;
  return true;
}
