//===- CudaDriver.h - the CUDA driver API, loaded at run time ---*- C++ -*-===//
//
// The runtime never links libcuda: it opens libcuda.so.1 with dlopen when a
// CUDA backend is asked for, so the same library works on machines without
// a GPU. Entry points are listed once in LMHEAD_CUDA_DRIVER_ENTRY_POINTS and
// resolved under the symbol names that the toolkit's cuda.h maps them to
// (cuda.h #defines e.g. cuMemAlloc to cuMemAlloc_v2; the list goes through
// the same macros, so the runtime asks for exactly the ABI it was compiled
// against). Calls go through LMHEAD_CUDA_CHECK, which turns any CUresult but
// CUDA_SUCCESS into a message naming the call, the result's name and its
// description.
//
// Only compiled when CMake finds the CUDA toolkit's headers.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_RUNTIME_LIB_CUDADRIVER_H
#define LMHEAD_RUNTIME_LIB_CUDADRIVER_H

#include <cuda.h>

#include <memory>
#include <string>

/// Every driver entry point the runtime calls. Adding one here declares the
/// member pointer and resolves it on load.
#define LMHEAD_CUDA_DRIVER_ENTRY_POINTS(X)                                     \
  X(cuGetErrorName)                                                            \
  X(cuGetErrorString)                                                          \
  X(cuInit)                                                                    \
  X(cuDriverGetVersion)                                                        \
  X(cuDeviceGetCount)                                                          \
  X(cuDeviceGet)                                                               \
  X(cuDeviceGetName)                                                           \
  X(cuDeviceTotalMem)                                                          \
  X(cuDeviceGetAttribute)                                                      \
  X(cuDevicePrimaryCtxRetain)                                                  \
  X(cuDevicePrimaryCtxRelease)                                                 \
  X(cuCtxGetCurrent)                                                           \
  X(cuCtxSetCurrent)                                                           \
  X(cuModuleLoadDataEx)                                                        \
  X(cuModuleUnload)                                                            \
  X(cuModuleGetFunction)                                                       \
  X(cuFuncSetAttribute)                                                        \
  X(cuLaunchKernel)                                                            \
  X(cuLaunchKernelEx)                                                          \
  X(cuStreamCreate)                                                            \
  X(cuStreamDestroy)                                                           \
  X(cuStreamSynchronize)                                                       \
  X(cuStreamIsCapturing)                                                       \
  X(cuStreamWaitEvent)                                                         \
  X(cuEventCreate)                                                             \
  X(cuEventDestroy)                                                            \
  X(cuEventRecord)                                                             \
  X(cuEventSynchronize)                                                        \
  X(cuMemAlloc)                                                                \
  X(cuMemAllocManaged)                                                         \
  X(cuMemFree)                                                                 \
  X(cuMemcpyAsync)                                                             \
  X(cuMemcpyHtoD)                                                              \
  X(cuMemsetD32Async)                                                          \
  X(cuMemsetD16Async)                                                          \
  X(cuMemHostRegister)                                                         \
  X(cuMemHostUnregister)                                                       \
  X(cuTensorMapEncodeTiled)

/// Entry points a driver may lack (newer than the oldest driver the runtime
/// runs on): resolved when present, null otherwise, and every caller checks.
#define LMHEAD_CUDA_DRIVER_OPTIONAL_ENTRY_POINTS(X) X(cuFuncGetParamInfo)

/// Expands `name` first, so that a cuda.h mapping such as
/// `#define cuMemAlloc cuMemAlloc_v2` yields "cuMemAlloc_v2".
#define LMHEAD_CUDA_SYMBOL_NAME(name) LMHEAD_CUDA_SYMBOL_NAME_IMPL(name)
#define LMHEAD_CUDA_SYMBOL_NAME_IMPL(name) #name

/// Calls `driver.fn(args...)` and returns true on CUDA_SUCCESS; otherwise
/// writes "fn failed: CUDA_ERROR_X (description)" to `error` and returns
/// false. `fn` is named as written (cuMemAlloc), not as mapped.
#define LMHEAD_CUDA_CHECK(driver, error, fn, ...)                              \
  (driver).check(static_cast<int>((driver).fn(__VA_ARGS__)), #fn, (error))

namespace lmhead::runtime {

/// An opened CUDA driver library with all its entry points resolved. Each
/// instance holds its own dlopen reference and releases it when destroyed.
class CudaDriver {
public:
  /// The library load() opens: $LMHEAD_LIBCUDA when set and non-empty (tests
  /// point it at a fake driver), "libcuda.so.1" otherwise.
  static std::string libraryPath();

  /// Opens `path` and resolves every entry point. Returns null and sets
  /// `error` when the library cannot be opened or lacks an entry point; the
  /// message names the path and the missing symbol.
  static std::unique_ptr<CudaDriver> load(const std::string &path,
                                          std::string &error);

  ~CudaDriver();
  CudaDriver(const CudaDriver &) = delete;
  CudaDriver &operator=(const CudaDriver &) = delete;

  /// Returns true when `result` is CUDA_SUCCESS; otherwise sets `error` to
  /// "<call> failed: <name> (<description>)" using the driver's own
  /// cuGetErrorName/cuGetErrorString. Results are ints: a driver may return
  /// codes this cuda.h does not name, and holding one in a CUresult is
  /// undefined behaviour in C++.
  bool check(int result, const char *call, std::string &error) const;

  /// "CUDA_ERROR_X (description)" for `result`, with a fallback for codes
  /// the driver has no name for.
  std::string describe(int result) const;

  /// The path this driver was opened from.
  const std::string &path() const { return path_; }

  // One pointer per entry point, named like the function so that call sites
  // read like plain driver API code: driver.cuInit(0).
#define LMHEAD_CUDA_DECLARE_ENTRY_POINT(name) decltype(&::name) name = nullptr;
  LMHEAD_CUDA_DRIVER_ENTRY_POINTS(LMHEAD_CUDA_DECLARE_ENTRY_POINT)
  LMHEAD_CUDA_DRIVER_OPTIONAL_ENTRY_POINTS(LMHEAD_CUDA_DECLARE_ENTRY_POINT)
#undef LMHEAD_CUDA_DECLARE_ENTRY_POINT

private:
  CudaDriver(void *handle, std::string path)
      : handle_(handle), path_(std::move(path)) {}

  void *handle_;
  std::string path_;
};

} // namespace lmhead::runtime

#endif // LMHEAD_RUNTIME_LIB_CUDADRIVER_H
