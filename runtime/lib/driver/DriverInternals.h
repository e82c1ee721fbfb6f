//===- DriverInternals.h - the emulated driver's private header -*- C++ -*-===//
//
// The emulated libcuda.so.1 implements the CUDA driver API on the PTX
// emulator backend (emulator/EmulatorBackend.h), so that programs built by
// nvcc (with PTX in their fatbinaries) run without a GPU. This header holds
// what every file of it shares: the objects behind CUDA's opaque handles,
// the process's one Driver (backend, handle registries, allocations), and
// the entry guard that traces calls, turns C++ exceptions into CUresults
// and writes the one-line message of a failure on stderr.
//
// Every handle a program passes in is looked up in a registry before it is
// used, so a stale or made-up handle is CUDA_ERROR_INVALID_HANDLE, never a
// crash. One device (ordinal 0) exists: an sm_90 GPU like an H100 SXM.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_RUNTIME_LIB_DRIVER_DRIVERINTERNALS_H
#define LMHEAD_RUNTIME_LIB_DRIVER_DRIVERINTERNALS_H

// The driver API's functions are the library's exports: they keep default
// visibility while everything else is hidden (-fvisibility=hidden).
// The driver implements deprecated entry points too
// (cuDeviceComputeCapability).
#define CUDA_ENABLE_DEPRECATED
#pragma GCC visibility push(default)
#include <cuda.h>

// Entry points of older ABIs that cuda.h declares only for the driver's own
// build (its macros rename the current ones: cuGetProcAddress is
// cuGetProcAddress_v2). cudart asks cuGetProcAddress for them by version.
#undef cuGetProcAddress
extern "C" {
CUresult cuGetProcAddress(const char *symbol, void **function, int cudaVersion,
                          cuuint64_t flags);
CUresult cuGetProcAddress_v2(const char *symbol, void **function,
                             int cudaVersion, cuuint64_t flags,
                             CUdriverProcAddressQueryResult *symbolStatus);
CUresult cuCtxCreate_v2(CUcontext *context, unsigned int flags,
                        CUdevice device);
}
#pragma GCC visibility pop

#include "../Backend.h"
#include "../emulator/Ptx.h"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace lmhead::driver {

namespace ptx = runtime::ptx;

/// The driver version cuDriverGetVersion reports: CUDA 13.0, the toolkit
/// whose cuda.h this library implements.
inline constexpr int kDriverVersion = 13000;

struct Module;
struct Library;

/// A CUcontext. The device's primary context is one of these; cuCtxCreate
/// makes others. All share the one emulator backend, so memory and modules
/// are visible from every context, as with unified addressing on a GPU.
struct Context {
  bool primary = false;
  /// Primary context: the retain count (0: inactive). Others: unused.
  int retains = 0;
  unsigned flags = 0;
  unsigned long long id = 0;
};

/// A kernel of a loaded module: the CUfunction, and also the CUkernel of a
/// library (cuKernelGetFunction returns the same object, and cuLaunchKernel
/// takes either, as on a GPU).
struct Function {
  Module *module = nullptr;
  void *backendFunction = nullptr;
  const ptx::Function *kernel = nullptr;
  /// Byte offset and size of each parameter in the parameter buffer.
  std::vector<std::size_t> paramOffsets, paramSizes;
  /// Static .shared and .local bytes the kernel declares.
  unsigned staticShared = 0, localBytes = 0;
  /// CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES (48 KiB less the
  /// static shared memory, until the program raises it).
  int maxDynamicShared = 0;
  int preferredCarveout = -1;
  int nonPortableClusters = 0;
  int clusterSchedulingPolicy = 0;
  /// .reqntid/.maxntid of the kernel, or 1024.
  int maxThreadsPerBlock = 1024;
};

/// A CUmodule: the PTX (parsed for the kernels' metadata) and the backend's
/// module that runs it.
struct Module {
  ptx::Module ptx;
  void *backendModule = nullptr;
  /// Functions looked up so far, by name (each name has one handle).
  std::map<std::string, std::unique_ptr<Function>> functions;
  /// The library this module belongs to, if cuLibraryLoad* made it.
  Library *library = nullptr;
};

/// A CUlibrary: one module, loaded when the library is (no lazy loading).
struct Library {
  Module *module = nullptr;
};

/// A CUstream made by cuStreamCreate*.
struct Stream {
  void *backendStream = nullptr;
  unsigned flags = 0;
  int priority = 0;
  unsigned long long id = 0;
  Context *context = nullptr;
};

/// A CUevent.
struct Event {
  void *backendEvent = nullptr;
  unsigned flags = 0;
  /// When it was last recorded (all work before it is done by then, since
  /// the emulator runs each launch when it is enqueued).
  bool recorded = false;
  std::chrono::steady_clock::time_point when;
};

/// What a range of addresses the driver knows is.
enum class MemoryKind {
  /// cuMemAlloc*: device memory (host memory, for the emulator).
  Device,
  /// cuMemAllocManaged.
  Managed,
  /// cuMemAllocHost/cuMemHostAlloc: pinned host memory, mapped.
  HostAllocated,
  /// cuMemHostRegister: the program's own memory, pinned.
  HostRegistered,
};

struct Allocation {
  std::size_t bytes = 0;
  MemoryKind kind = MemoryKind::Device;
  unsigned flags = 0;
  unsigned long long bufferId = 0;
};

/// The process's driver state. All of it is guarded by `mutex`, except the
/// backend, which has its own lock.
class Driver {
public:
  /// The one instance (made on first use; never destroyed, so that calls
  /// from other libraries' static destructors still find it).
  static Driver &get();

  /// Whether cuInit has succeeded.
  bool initialized = false;
  runtime::Backend &backend() { return *emulator; }

  std::recursive_mutex mutex;
  Context primaryContext;
  std::set<Context *> contexts;
  std::set<Module *> modules;
  std::set<Library *> libraries;
  /// Every Function of every live module (CUfunction and CUkernel).
  std::set<Function *> functions;
  std::set<Stream *> streams;
  std::set<Event *> events;
  /// Start address → allocation.
  std::map<uint64_t, Allocation> allocations;
  /// Values cudart stores per context (the context-local storage export
  /// table): (context, key) → value.
  std::map<std::pair<Context *, void *>, void *> contextStorage;
  unsigned long long nextId = 1;
  /// Bytes of device and managed memory allocated now.
  uint64_t deviceBytesInUse = 0;
  /// The error of a kernel that failed on the emulator. As on a GPU, it is
  /// sticky: every later call that needs the context returns it.
  CUresult stickyError = CUDA_SUCCESS;

  /// The allocation holding [address, address + bytes), or null.
  const std::pair<const uint64_t, Allocation> *findAllocation(uint64_t address,
                                                              uint64_t bytes);

private:
  Driver();
  std::unique_ptr<runtime::Backend> emulator;
};

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

/// Writes "lmhead libcuda: <call>: <message>" on stderr and returns
/// `result`: the message channel of a driver API that has none of its own.
CUresult fail(const char *call, CUresult result, const std::string &message);

/// Turns a backend failure into `result` with its message.
CUresult fail(const char *call, CUresult result,
              const runtime::Outcome &outcome);

/// Whether LMHEAD_CUDA_TRACE asks for a line per driver call on stderr.
bool tracing();

/// Runs `body`, the work of the driver entry point `call`: traces it when
/// asked, and turns an exception it lets out (no host memory for a huge
/// request, a standard-library error) into a CUresult with a message, since
/// none may cross the C ABI.
template <typename Body>
CUresult entry(const char *call, Body &&body) noexcept {
  CUresult result;
  try {
    result = body();
  } catch (const std::bad_alloc &) {
    result = fail(call, CUDA_ERROR_OUT_OF_MEMORY, "out of host memory");
  } catch (const std::exception &e) {
    result = fail(call, CUDA_ERROR_UNKNOWN,
                  std::string("internal error: ") + e.what());
  } catch (...) {
    result = fail(call, CUDA_ERROR_UNKNOWN, "internal error");
  }
  if (tracing())
    std::fprintf(stderr, "lmhead libcuda: trace: %s -> %d\n", call,
                 static_cast<int>(result));
  return result;
}

/// CUDA_ERROR_NOT_INITIALIZED (with a message) unless cuInit has run.
CUresult requireInit(const char *call);

/// The context current on this thread (null when none).
Context *currentContext();

/// CUDA_ERROR_INVALID_CONTEXT (with a message) unless the thread has a
/// current context; then cuInit has run too. A sticky error of an earlier
/// launch is returned instead of success.
CUresult requireContext(const char *call);

/// The Function behind a CUfunction or CUkernel handle, or null.
Function *findFunction(const void *handle);

/// The backend's stream for a CUstream: null for the legacy and per-thread
/// default streams (0, CU_STREAM_LEGACY, CU_STREAM_PER_THREAD). False when
/// `stream` is no stream of this driver.
bool backendStream(CUstream stream, void *&result);

/// Loads a module from `image`: PTX text, a fatbinary (with or without its
/// cudart wrapper) holding PTX, or nothing else. `errorLog` receives the
/// message of a failure (for CU_JIT_ERROR_LOG_BUFFER) as well as stderr.
CUresult loadModule(const char *call, const void *image, Module *&module,
                    std::string *errorLog = nullptr);

/// Unloads `module` and forgets its functions.
CUresult unloadModule(const char *call, Module *module);

/// Looks up (or makes) the handle of kernel `name` of `module`.
CUresult getFunction(const char *call, Module *module, const char *name,
                     Function *&function);

/// Reads a CU_FUNC_ATTRIBUTE_* of `function` / sets one that may be set.
CUresult getFunctionAttribute(const char *call, int *value,
                              CUfunction_attribute attribute,
                              Function *function);
CUresult setFunctionAttribute(const char *call, CUfunction_attribute attribute,
                              int value, Function *function);

/// A device attribute's value (CU_DEVICE_ATTRIBUTE_*), or false for an
/// attribute this driver does not know.
bool deviceAttribute(int attribute, int &value);

/// The device's total memory, in bytes (an H100 SXM's 80 GB).
inline constexpr std::size_t kTotalMemory = 85'029'158'912ull;

/// The address cuGetProcAddress gives for `symbol` of CUDA version
/// `version` (null when unknown); `found` tells whether the symbol exists
/// in some version.
void *procAddress(const char *symbol, int version, bool &found);

} // namespace lmhead::driver

#endif // LMHEAD_RUNTIME_LIB_DRIVER_DRIVERINTERNALS_H
