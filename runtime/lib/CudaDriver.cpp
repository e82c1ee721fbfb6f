//===- CudaDriver.cpp - open libcuda and check every call -----------------===//
//
// load() opens the library with RTLD_NOW | RTLD_LOCAL, so that a broken
// driver fails here rather than at the first call, and so that its symbols
// never interpose on anything else in the process. Every entry point must
// resolve, but for the optional ones (null when absent): a driver too old
// for this runtime is reported by the name of the symbol it lacks, instead
// of crashing at a null call later.
//
//===----------------------------------------------------------------------===//

#include "CudaDriver.h"
#include "CudaErrorNames.h"

#include <cstdlib>
#include <dlfcn.h>
#include <type_traits>
#include <utility>

using namespace lmhead::runtime;

std::string CudaDriver::libraryPath() {
  const char *override = std::getenv("LMHEAD_LIBCUDA");
  if (override && *override)
    return override;
  return "libcuda.so.1";
}

std::unique_ptr<CudaDriver> CudaDriver::load(const std::string &path,
                                             std::string &error) {
  // dlerror() is per thread and sticky; clear whatever an earlier dl* call
  // left so that the message below is about this one.
  dlerror();
  void *handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *reason = dlerror();
    error = "cannot load the CUDA driver '" + path +
            "': " + (reason ? reason : "unknown dlopen error");
    return nullptr;
  }
  std::unique_ptr<CudaDriver> driver(new CudaDriver(handle, path));

  bool resolved = true;
  auto resolve = [&](auto &entry, const char *symbol) {
    if (!resolved)
      return;
    void *address = dlsym(handle, symbol);
    if (!address) {
      error = "the CUDA driver '" + path + "' has no entry point '" + symbol +
              "' (the driver is older than this runtime needs)";
      resolved = false;
      return;
    }
    entry = reinterpret_cast<std::remove_reference_t<decltype(entry)>>(address);
  };
#define LMHEAD_CUDA_RESOLVE_ENTRY_POINT(name)                                  \
  resolve(driver->name, LMHEAD_CUDA_SYMBOL_NAME(name));
  LMHEAD_CUDA_DRIVER_ENTRY_POINTS(LMHEAD_CUDA_RESOLVE_ENTRY_POINT)
#undef LMHEAD_CUDA_RESOLVE_ENTRY_POINT
#define LMHEAD_CUDA_RESOLVE_OPTIONAL_ENTRY_POINT(name)                         \
  driver->name = reinterpret_cast<decltype(driver->name)>(                     \
      dlsym(handle, LMHEAD_CUDA_SYMBOL_NAME(name)));
  LMHEAD_CUDA_DRIVER_OPTIONAL_ENTRY_POINTS(
      LMHEAD_CUDA_RESOLVE_OPTIONAL_ENTRY_POINT)
#undef LMHEAD_CUDA_RESOLVE_OPTIONAL_ENTRY_POINT

  if (!resolved)
    return nullptr;
  return driver;
}

CudaDriver::~CudaDriver() { dlclose(handle_); }

std::string CudaDriver::describe(int result) const {
  // Both queries fail (CUDA_ERROR_INVALID_VALUE, null string) for codes the
  // installed driver does not know, e.g. one newer than itself.
  // The built-in table answers for them (and for a driver whose queries
  // fail themselves).
  const char *name = nullptr;
  const char *description = nullptr;
  // The code goes to the driver as a converted value, never held in a
  // CUresult variable (see check()).
  if (cuGetErrorName(static_cast<CUresult>(result), &name) != CUDA_SUCCESS ||
      !name)
    name = cudaResultName(result);
  if (cuGetErrorString(static_cast<CUresult>(result), &description) !=
          CUDA_SUCCESS ||
      !description)
    description = cudaResultDescription(result);
  std::string text =
      name ? std::string(name) : "CUresult " + std::to_string(result);
  text += " (";
  text += description ? description : "no description from the driver";
  text += ")";
  return text;
}

bool CudaDriver::check(int result, const char *call, std::string &error) const {
  if (result == CUDA_SUCCESS)
    return true;
  error = std::string(call) + " failed: " + describe(result);
  return false;
}
