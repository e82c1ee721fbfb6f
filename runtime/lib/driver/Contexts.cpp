//===- Contexts.cpp - primary and created contexts, the current stack ----===//
//
// The device's primary context (the one cudart and frameworks share) and
// contexts made by cuCtxCreate. Each thread has a stack of current
// contexts, as the driver API describes: cuCtxSetCurrent replaces its top,
// cuCtxPushCurrent/cuCtxPopCurrent push and pop. All contexts share the
// emulator, so nothing but the handle differs between them.
//
//===----------------------------------------------------------------------===//

#include "DriverInternals.h"

#include <algorithm>

using namespace lmhead;
using namespace lmhead::driver;

namespace {

/// This thread's stack of current contexts; its top is the current one.
std::vector<Context *> &contextStack() {
  thread_local std::vector<Context *> stack;
  return stack;
}

/// The Context behind `handle` when it is one of the driver's, else null.
Context *findContext(CUcontext handle) {
  Driver &driver = Driver::get();
  std::lock_guard<std::recursive_mutex> lock(driver.mutex);
  auto *context = reinterpret_cast<Context *>(handle);
  return driver.contexts.count(context) ? context : nullptr;
}

CUresult checkDevice(const char *call, CUdevice device) {
  if (device != 0)
    return fail(call, CUDA_ERROR_INVALID_DEVICE,
                "device " + std::to_string(device) +
                    " does not exist (the emulator has one device, 0)");
  return requireInit(call);
}

/// The values of cuCtxSetLimit, per process (contexts share a device).
std::map<int, std::size_t> &limits() {
  static std::map<int, std::size_t> values = {
      {CU_LIMIT_STACK_SIZE, 1024},
      {CU_LIMIT_PRINTF_FIFO_SIZE, 1 << 20},
      {CU_LIMIT_MALLOC_HEAP_SIZE, 8 << 20},
      {CU_LIMIT_DEV_RUNTIME_SYNC_DEPTH, 2},
      {CU_LIMIT_DEV_RUNTIME_PENDING_LAUNCH_COUNT, 2048},
      {CU_LIMIT_MAX_L2_FETCH_GRANULARITY, 64},
      {CU_LIMIT_PERSISTING_L2_CACHE_SIZE, 0},
  };
  return values;
}

CUresult createContext(const char *call, CUcontext *result, unsigned flags,
                       CUdevice device) {
  if (CUresult error = checkDevice(call, device))
    return error;
  if (!result)
    return fail(call, CUDA_ERROR_INVALID_VALUE, "pctx is null");
  Driver &driver = Driver::get();
  std::lock_guard<std::recursive_mutex> lock(driver.mutex);
  auto *context = new Context();
  context->flags = flags;
  context->id = driver.nextId++;
  driver.contexts.insert(context);
  // A new context becomes current, pushed on the thread's stack.
  contextStack().push_back(context);
  *result = reinterpret_cast<CUcontext>(context);
  return CUDA_SUCCESS;
}

} // namespace

Context *driver::currentContext() {
  auto &stack = contextStack();
  return stack.empty() ? nullptr : stack.back();
}

CUresult cuDevicePrimaryCtxRetain(CUcontext *context, CUdevice device) {
  return entry("cuDevicePrimaryCtxRetain", [&] {
    if (CUresult result = checkDevice("cuDevicePrimaryCtxRetain", device))
      return result;
    if (!context)
      return fail("cuDevicePrimaryCtxRetain", CUDA_ERROR_INVALID_VALUE,
                  "pctx is null");
    Driver &driver = Driver::get();
    std::lock_guard<std::recursive_mutex> lock(driver.mutex);
    ++driver.primaryContext.retains;
    *context = reinterpret_cast<CUcontext>(&driver.primaryContext);
    return CUDA_SUCCESS;
  });
}

CUresult cuDevicePrimaryCtxRelease_v2(CUdevice device) {
  return entry("cuDevicePrimaryCtxRelease", [&] {
    if (CUresult result = checkDevice("cuDevicePrimaryCtxRelease", device))
      return result;
    Driver &driver = Driver::get();
    std::lock_guard<std::recursive_mutex> lock(driver.mutex);
    if (driver.primaryContext.retains == 0)
      return fail("cuDevicePrimaryCtxRelease", CUDA_ERROR_INVALID_CONTEXT,
                  "the primary context is not retained");
    --driver.primaryContext.retains;
    return CUDA_SUCCESS;
  });
}

CUresult cuDevicePrimaryCtxSetFlags_v2(CUdevice device, unsigned int flags) {
  return entry("cuDevicePrimaryCtxSetFlags", [&] {
    if (CUresult result = checkDevice("cuDevicePrimaryCtxSetFlags", device))
      return result;
    // Scheduling (0x7), map-host (0x8), local-memory resize (0x10), sync
    // memops (0x80), coredump (0x20, 0x40): what the driver accepts.
    if (flags & ~0xffu)
      return fail("cuDevicePrimaryCtxSetFlags", CUDA_ERROR_INVALID_VALUE,
                  "unknown flags " + std::to_string(flags));
    Driver &driver = Driver::get();
    std::lock_guard<std::recursive_mutex> lock(driver.mutex);
    driver.primaryContext.flags = flags;
    return CUDA_SUCCESS;
  });
}

CUresult cuDevicePrimaryCtxGetState(CUdevice device, unsigned int *flags,
                                    int *active) {
  return entry("cuDevicePrimaryCtxGetState", [&] {
    if (CUresult result = checkDevice("cuDevicePrimaryCtxGetState", device))
      return result;
    if (!flags || !active)
      return fail("cuDevicePrimaryCtxGetState", CUDA_ERROR_INVALID_VALUE,
                  "flags or active is null");
    Driver &driver = Driver::get();
    std::lock_guard<std::recursive_mutex> lock(driver.mutex);
    *flags = driver.primaryContext.flags;
    *active = driver.primaryContext.retains > 0;
    return CUDA_SUCCESS;
  });
}

CUresult cuDevicePrimaryCtxReset_v2(CUdevice device) {
  return entry("cuDevicePrimaryCtxReset", [&] {
    // Memory and modules stay: programs that reset at exit free nothing
    // afterwards, and the process ends soon.
    return checkDevice("cuDevicePrimaryCtxReset", device);
  });
}

CUresult cuCtxCreate_v2(CUcontext *context, unsigned int flags,
                        CUdevice device) {
  return entry("cuCtxCreate", [&] {
    return createContext("cuCtxCreate", context, flags, device);
  });
}

CUresult cuCtxCreate_v4(CUcontext *context, CUctxCreateParams *params,
                        unsigned int flags, CUdevice device) {
  return entry("cuCtxCreate", [&] {
    if (params && (params->numExecAffinityParams || params->cigParams))
      return fail("cuCtxCreate", CUDA_ERROR_NOT_SUPPORTED,
                  "execution affinity and CIG contexts are not emulated");
    return createContext("cuCtxCreate", context, flags, device);
  });
}

CUresult cuCtxDestroy_v2(CUcontext handle) {
  return entry("cuCtxDestroy", [&] {
    if (CUresult result = requireInit("cuCtxDestroy"))
      return result;
    Context *context = findContext(handle);
    if (!context || context->primary)
      return fail("cuCtxDestroy", CUDA_ERROR_INVALID_CONTEXT,
                  context ? "the primary context cannot be destroyed"
                          : "not a context of this driver");
    Driver &driver = Driver::get();
    std::lock_guard<std::recursive_mutex> lock(driver.mutex);
    auto &stack = contextStack();
    stack.erase(std::remove(stack.begin(), stack.end(), context), stack.end());
    driver.contexts.erase(context);
    delete context;
    return CUDA_SUCCESS;
  });
}

CUresult cuCtxGetCurrent(CUcontext *context) {
  return entry("cuCtxGetCurrent", [&] {
    if (CUresult result = requireInit("cuCtxGetCurrent"))
      return result;
    if (!context)
      return fail("cuCtxGetCurrent", CUDA_ERROR_INVALID_VALUE, "pctx is null");
    *context = reinterpret_cast<CUcontext>(currentContext());
    return CUDA_SUCCESS;
  });
}

CUresult cuCtxSetCurrent(CUcontext handle) {
  return entry("cuCtxSetCurrent", [&] {
    if (CUresult result = requireInit("cuCtxSetCurrent"))
      return result;
    auto &stack = contextStack();
    if (!handle) {
      // Null unbinds the current context.
      if (!stack.empty())
        stack.pop_back();
      return CUDA_SUCCESS;
    }
    Context *context = findContext(handle);
    if (!context)
      return fail("cuCtxSetCurrent", CUDA_ERROR_INVALID_CONTEXT,
                  "not a context of this driver");
    if (stack.empty())
      stack.push_back(context);
    else
      stack.back() = context;
    return CUDA_SUCCESS;
  });
}

CUresult cuCtxPushCurrent_v2(CUcontext handle) {
  return entry("cuCtxPushCurrent", [&] {
    if (CUresult result = requireInit("cuCtxPushCurrent"))
      return result;
    Context *context = findContext(handle);
    if (!context)
      return fail("cuCtxPushCurrent", CUDA_ERROR_INVALID_CONTEXT,
                  "not a context of this driver");
    contextStack().push_back(context);
    return CUDA_SUCCESS;
  });
}

CUresult cuCtxPopCurrent_v2(CUcontext *handle) {
  return entry("cuCtxPopCurrent", [&] {
    if (CUresult result = requireInit("cuCtxPopCurrent"))
      return result;
    auto &stack = contextStack();
    if (stack.empty())
      return fail("cuCtxPopCurrent", CUDA_ERROR_INVALID_CONTEXT,
                  "no context is current on this thread");
    if (handle)
      *handle = reinterpret_cast<CUcontext>(stack.back());
    stack.pop_back();
    return CUDA_SUCCESS;
  });
}

CUresult cuCtxGetDevice(CUdevice *device) {
  return entry("cuCtxGetDevice", [&] {
    if (CUresult result = requireContext("cuCtxGetDevice"))
      return result;
    if (!device)
      return fail("cuCtxGetDevice", CUDA_ERROR_INVALID_VALUE, "device is null");
    *device = 0;
    return CUDA_SUCCESS;
  });
}

CUresult cuCtxGetDevice_v2(CUdevice *device, CUcontext handle) {
  return entry("cuCtxGetDevice_v2", [&] {
    if (!handle)
      return cuCtxGetDevice(device);
    if (CUresult result = requireInit("cuCtxGetDevice_v2"))
      return result;
    if (!findContext(handle))
      return fail("cuCtxGetDevice_v2", CUDA_ERROR_INVALID_CONTEXT,
                  "not a context of this driver");
    if (!device)
      return fail("cuCtxGetDevice_v2", CUDA_ERROR_INVALID_VALUE,
                  "device is null");
    *device = 0;
    return CUDA_SUCCESS;
  });
}

CUresult cuCtxSynchronize(void) {
  return entry("cuCtxSynchronize", [&] {
    if (CUresult result = requireContext("cuCtxSynchronize"))
      return result;
    // The default stream and every stream the program made (the emulator
    // backend may run them in any order it likes until then).
    Driver &driver = Driver::get();
    std::lock_guard<std::recursive_mutex> lock(driver.mutex);
    std::vector<void *> queues = {nullptr};
    for (Stream *stream : driver.streams)
      queues.push_back(stream->backendStream);
    for (void *queue : queues) {
      runtime::Outcome outcome = driver.backend().synchronizeStream(queue);
      if (!outcome.ok())
        return fail("cuCtxSynchronize", CUDA_ERROR_LAUNCH_FAILED, outcome);
    }
    return CUDA_SUCCESS;
  });
}

CUresult cuCtxSynchronize_v2(CUcontext handle) {
  return entry("cuCtxSynchronize_v2", [&] {
    if (!handle)
      return cuCtxSynchronize();
    if (CUresult result = requireInit("cuCtxSynchronize_v2"))
      return result;
    return findContext(handle)
               ? CUDA_SUCCESS
               : fail("cuCtxSynchronize_v2", CUDA_ERROR_INVALID_CONTEXT,
                      "not a context of this driver");
  });
}

CUresult cuCtxGetFlags(unsigned int *flags) {
  return entry("cuCtxGetFlags", [&] {
    if (CUresult result = requireContext("cuCtxGetFlags"))
      return result;
    if (!flags)
      return fail("cuCtxGetFlags", CUDA_ERROR_INVALID_VALUE, "flags is null");
    *flags = currentContext()->flags;
    return CUDA_SUCCESS;
  });
}

CUresult cuCtxSetFlags(unsigned int flags) {
  return entry("cuCtxSetFlags", [&] {
    if (CUresult result = requireContext("cuCtxSetFlags"))
      return result;
    currentContext()->flags = flags;
    return CUDA_SUCCESS;
  });
}

CUresult cuCtxGetId(CUcontext handle, unsigned long long *id) {
  return entry("cuCtxGetId", [&] {
    if (CUresult result = requireInit("cuCtxGetId"))
      return result;
    Context *context = handle ? findContext(handle) : currentContext();
    if (!context)
      return fail("cuCtxGetId", CUDA_ERROR_INVALID_CONTEXT,
                  "not a context of this driver, and none is current");
    if (!id)
      return fail("cuCtxGetId", CUDA_ERROR_INVALID_VALUE, "ctxId is null");
    *id = context->id;
    return CUDA_SUCCESS;
  });
}

CUresult cuCtxGetApiVersion(CUcontext handle, unsigned int *version) {
  return entry("cuCtxGetApiVersion", [&] {
    if (CUresult result = requireInit("cuCtxGetApiVersion"))
      return result;
    if (!version)
      return fail("cuCtxGetApiVersion", CUDA_ERROR_INVALID_VALUE,
                  "version is null");
    if (handle ? !findContext(handle) : !currentContext())
      return fail("cuCtxGetApiVersion", CUDA_ERROR_INVALID_CONTEXT,
                  "not a context of this driver, and none is current");
    // The context API version: 3020 since CUDA 3.2 (cuCtxCreate_v2).
    *version = 3020;
    return CUDA_SUCCESS;
  });
}

CUresult cuCtxGetLimit(size_t *value, CUlimit limit) {
  return entry("cuCtxGetLimit", [&] {
    if (CUresult result = requireContext("cuCtxGetLimit"))
      return result;
    if (!value)
      return fail("cuCtxGetLimit", CUDA_ERROR_INVALID_VALUE, "pvalue is null");
    std::lock_guard<std::recursive_mutex> lock(Driver::get().mutex);
    auto it = limits().find(limit);
    if (it == limits().end())
      return fail("cuCtxGetLimit", CUDA_ERROR_UNSUPPORTED_LIMIT,
                  "limit " + std::to_string(limit) + " is not supported");
    *value = it->second;
    return CUDA_SUCCESS;
  });
}

CUresult cuCtxSetLimit(CUlimit limit, size_t value) {
  return entry("cuCtxSetLimit", [&] {
    if (CUresult result = requireContext("cuCtxSetLimit"))
      return result;
    std::lock_guard<std::recursive_mutex> lock(Driver::get().mutex);
    auto it = limits().find(limit);
    if (it == limits().end())
      return fail("cuCtxSetLimit", CUDA_ERROR_UNSUPPORTED_LIMIT,
                  "limit " + std::to_string(limit) + " is not supported");
    it->second = value;
    return CUDA_SUCCESS;
  });
}

CUresult cuCtxGetCacheConfig(CUfunc_cache *config) {
  return entry("cuCtxGetCacheConfig", [&] {
    if (CUresult result = requireContext("cuCtxGetCacheConfig"))
      return result;
    if (!config)
      return fail("cuCtxGetCacheConfig", CUDA_ERROR_INVALID_VALUE,
                  "pconfig is null");
    *config = CU_FUNC_CACHE_PREFER_NONE;
    return CUDA_SUCCESS;
  });
}

CUresult cuCtxSetCacheConfig(CUfunc_cache) {
  // A preference: the emulator has no L1 to split.
  return entry("cuCtxSetCacheConfig",
               [&] { return requireContext("cuCtxSetCacheConfig"); });
}

CUresult cuCtxGetStreamPriorityRange(int *least, int *greatest) {
  return entry("cuCtxGetStreamPriorityRange", [&] {
    if (CUresult result = requireContext("cuCtxGetStreamPriorityRange"))
      return result;
    // Hopper's range: 0 (lowest) to -5.
    if (least)
      *least = 0;
    if (greatest)
      *greatest = -5;
    return CUDA_SUCCESS;
  });
}

CUresult cuCtxResetPersistingL2Cache(void) {
  return entry("cuCtxResetPersistingL2Cache",
               [&] { return requireContext("cuCtxResetPersistingL2Cache"); });
}
