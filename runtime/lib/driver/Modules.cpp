//===- Modules.cpp - modules, libraries, kernels and their attributes -----===//
//
// A module is loaded from PTX text, or from a fatbinary holding PTX
// (Fatbinary.h), and runs on the emulator backend; its PTX is also parsed
// here for what the driver API tells about a kernel (parameter layout,
// static shared and local memory, .maxntid). cubins are refused: the
// emulator runs PTX only. A CUlibrary (cuLibraryLoadData, which cudart 13
// uses for the fatbinaries it registers) is one module loaded at once; its
// CUkernels are the module's Functions, so cuKernelGetFunction returns the
// same handle and cuLaunchKernel takes either.
//
//===----------------------------------------------------------------------===//

#include "../emulator/EmulatorBackend.h"
#include "DriverInternals.h"
#include "Fatbinary.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <sstream>

using namespace lmhead;
using namespace lmhead::driver;

namespace {

/// The device's compute capability, as fatbinary entries name it.
constexpr unsigned kDeviceArch = 90;
/// Dynamic shared memory a kernel may use without opting in.
constexpr int kDefaultSharedLimit = 48 * 1024;
/// The most a kernel may opt in to (an H100's 227 KiB).
constexpr int kMaxSharedOptIn = 232448;

/// Fills `function`'s metadata from its PTX.
void describe(const ptx::Module &module, Function &function) {
  const ptx::Function &kernel = *function.kernel;
  std::size_t offset = 0;
  for (const ptx::Parameter &param : kernel.params) {
    std::size_t bytes = param.bytes();
    std::size_t align = param.align ? param.align : ptx::typeBytes(param.type);
    if (align == 0)
      align = 1;
    offset = (offset + align - 1) / align * align;
    function.paramOffsets.push_back(offset);
    function.paramSizes.push_back(bytes);
    offset += bytes;
  }
  uint64_t shared = 0, local = 0;
  for (const ptx::Variable &variable : kernel.variables) {
    if (variable.space == "shared" && !variable.isExtern)
      shared += variable.bytes();
    else if (variable.space == "local")
      local += variable.bytes();
  }
  // nvcc declares a kernel's __shared__ arrays at module scope; count them
  // all (an upper bound when a module has several kernels).
  for (const ptx::Variable &variable : module.globals)
    if (variable.space == "shared" && !variable.isExtern)
      shared += variable.bytes();
  function.staticShared = static_cast<unsigned>(shared);
  function.localBytes = static_cast<unsigned>(local);
  function.maxDynamicShared =
      std::max(0, kDefaultSharedLimit - static_cast<int>(shared));
  unsigned threads = kernel.maxThreads[0] ? kernel.maxThreads[0] : 0;
  if (threads) {
    threads *= std::max(1u, kernel.maxThreads[1]);
    threads *= std::max(1u, kernel.maxThreads[2]);
    function.maxThreadsPerBlock = static_cast<int>(std::min(threads, 1024u));
  }
}

/// The PTX ISA version of a module ("8.7" → 87) for
/// CU_FUNC_ATTRIBUTE_PTX_VERSION.
int ptxVersion(const ptx::Module &module) {
  int major = 0, minor = 0;
  std::sscanf(module.version.c_str(), "%d.%d", &major, &minor);
  return major * 10 + minor;
}

/// The target of a module ("sm_90a" → 90).
int targetArch(const ptx::Module &module) {
  int arch = 0;
  std::sscanf(module.target.c_str(), "sm_%d", &arch);
  return arch;
}

Module *findModule(CUmodule handle) {
  Driver &driver = Driver::get();
  std::lock_guard<std::recursive_mutex> lock(driver.mutex);
  auto *module = reinterpret_cast<Module *>(handle);
  return driver.modules.count(module) ? module : nullptr;
}

Library *findLibrary(CUlibrary handle) {
  Driver &driver = Driver::get();
  std::lock_guard<std::recursive_mutex> lock(driver.mutex);
  auto *library = reinterpret_cast<Library *>(handle);
  return driver.libraries.count(library) ? library : nullptr;
}

/// Copies `message` into the JIT options' error log buffer, when given.
void writeErrorLog(unsigned count, CUjit_option *options, void **values,
                   const std::string &message) {
  if (!options || !values)
    return;
  char *buffer = nullptr;
  std::size_t size = 0;
  for (unsigned i = 0; i < count; ++i) {
    if (options[i] == CU_JIT_ERROR_LOG_BUFFER)
      buffer = static_cast<char *>(values[i]);
    else if (options[i] == CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
      size = reinterpret_cast<std::size_t>(values[i]);
  }
  if (buffer && size) {
    std::size_t n = std::min(size - 1, message.size());
    std::memcpy(buffer, message.data(), n);
    buffer[n] = '\0';
  }
}

/// The address and size of a module-scope .global or .const variable, in
/// the device memory the emulator placed it in when the module loaded. The
/// driver learns of it as an allocation, so that copies to and from it
/// (cuMemcpyHtoD of a symbol's address) are accepted.
CUresult getGlobal(const char *call, CUdeviceptr *pointer, size_t *bytes,
                   Module *module, const char *name) {
  if (!name)
    return fail(call, CUDA_ERROR_INVALID_VALUE, "name is null");
  Driver &driver = Driver::get();
  auto &emulator = static_cast<runtime::EmulatorBackend &>(driver.backend());
  uint64_t address = 0;
  std::size_t size = 0;
  runtime::Outcome found =
      emulator.getVariable(module->backendModule, name, address, size);
  if (!found.ok())
    return fail(call,
                found.status() == LMHEAD_STATUS_NOT_FOUND
                    ? CUDA_ERROR_NOT_FOUND
                    : CUDA_ERROR_INVALID_VALUE,
                found);
  std::lock_guard<std::recursive_mutex> lock(driver.mutex);
  driver.allocations.emplace(address, Allocation{size});
  if (pointer)
    *pointer = static_cast<CUdeviceptr>(address);
  if (bytes)
    *bytes = size;
  return CUDA_SUCCESS;
}

} // namespace

CUresult driver::loadModule(const char *call, const void *image,
                            Module *&module, std::string *errorLog) {
  if (CUresult result = requireContext(call))
    return result;
  if (!image)
    return fail(call, CUDA_ERROR_INVALID_VALUE, "the image is null");
  auto refuse = [&](CUresult result, const std::string &message) {
    if (errorLog)
      *errorLog = message;
    return fail(call, result, message);
  };
  const auto *bytes = static_cast<const unsigned char *>(image);
  std::string text;
  if (std::memcmp(bytes,
                  "\x7f"
                  "ELF",
                  4) == 0)
    return refuse(CUDA_ERROR_NO_BINARY_FOR_GPU,
                  "the image is a cubin (ELF); the emulator runs PTX only: "
                  "build with -gencode arch=compute_XX,code=compute_XX");
  if (isFatbinary(image)) {
    std::string error;
    if (!extractPtx(image, kDeviceArch, text, error))
      return refuse(CUDA_ERROR_NO_BINARY_FOR_GPU, error);
  } else {
    text = static_cast<const char *>(image);
  }
  std::string parseError;
  std::optional<ptx::Module> parsed = ptx::parse(text, parseError);
  if (!parsed)
    return refuse(CUDA_ERROR_INVALID_PTX,
                  "the PTX emulator cannot read the module: " + parseError);
  Driver &driver = Driver::get();
  void *backendModule = nullptr;
  runtime::Outcome outcome =
      driver.backend().loadModule(text.c_str(), &backendModule);
  if (!outcome.ok())
    return refuse(CUDA_ERROR_INVALID_PTX, outcome.message());
  auto loaded = std::make_unique<Module>();
  loaded->ptx = std::move(*parsed);
  loaded->backendModule = backendModule;
  std::lock_guard<std::recursive_mutex> lock(driver.mutex);
  module = loaded.release();
  driver.modules.insert(module);
  return CUDA_SUCCESS;
}

CUresult driver::unloadModule(const char *call, Module *module) {
  Driver &driver = Driver::get();
  std::lock_guard<std::recursive_mutex> lock(driver.mutex);
  // Its variables' memory goes with it.
  for (const ptx::Variable &variable : module->ptx.globals) {
    uint64_t address = 0;
    std::size_t size = 0;
    if (static_cast<runtime::EmulatorBackend &>(driver.backend())
            .getVariable(module->backendModule, variable.name.c_str(), address,
                         size)
            .ok())
      driver.allocations.erase(address);
  }
  runtime::Outcome outcome =
      driver.backend().unloadModule(module->backendModule);
  for (auto &[name, function] : module->functions)
    driver.functions.erase(function.get());
  driver.modules.erase(module);
  delete module;
  return outcome.ok() ? CUDA_SUCCESS
                      : fail(call, CUDA_ERROR_INVALID_HANDLE, outcome);
}

CUresult driver::getFunction(const char *call, Module *module, const char *name,
                             Function *&function) {
  if (!name)
    return fail(call, CUDA_ERROR_INVALID_VALUE, "name is null");
  Driver &driver = Driver::get();
  std::lock_guard<std::recursive_mutex> lock(driver.mutex);
  auto it = module->functions.find(name);
  if (it != module->functions.end()) {
    function = it->second.get();
    return CUDA_SUCCESS;
  }
  const ptx::Function *kernel = module->ptx.find(name);
  if (!kernel || !kernel->isEntry)
    return fail(call, CUDA_ERROR_NOT_FOUND,
                std::string("the module has no kernel '") + name + "'");
  auto made = std::make_unique<Function>();
  made->module = module;
  made->kernel = kernel;
  runtime::Outcome outcome = driver.backend().getFunction(
      module->backendModule, name, &made->backendFunction);
  if (!outcome.ok())
    return fail(call, CUDA_ERROR_NOT_FOUND, outcome);
  describe(module->ptx, *made);
  function = made.get();
  driver.functions.insert(function);
  module->functions.emplace(name, std::move(made));
  return CUDA_SUCCESS;
}

CUresult driver::getFunctionAttribute(const char *call, int *value,
                                      CUfunction_attribute attribute,
                                      Function *function) {
  if (!value)
    return fail(call, CUDA_ERROR_INVALID_VALUE, "pi is null");
  switch (attribute) {
  case CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK:
    *value = function->maxThreadsPerBlock;
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES:
    *value = static_cast<int>(function->staticShared);
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES:
    *value = 0;
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES:
    *value = static_cast<int>(function->localBytes);
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_NUM_REGS:
    // PTX has virtual registers; ptxas would allocate real ones. 64 lets
    // occupancy calculations give a plausible answer.
    *value = 64;
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_PTX_VERSION:
    *value = ptxVersion(function->module->ptx);
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_BINARY_VERSION:
    *value = targetArch(function->module->ptx);
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_CACHE_MODE_CA:
    *value = 0;
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES:
    *value = function->maxDynamicShared;
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT:
    *value = function->preferredCarveout;
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_CLUSTER_SIZE_MUST_BE_SET:
  case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH:
  case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_HEIGHT:
  case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_DEPTH:
    *value = 0;
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED:
    *value = function->nonPortableClusters;
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE:
    *value = function->clusterSchedulingPolicy;
    return CUDA_SUCCESS;
  default:
    return fail(call, CUDA_ERROR_INVALID_VALUE,
                "unknown function attribute " + std::to_string(attribute));
  }
}

CUresult driver::setFunctionAttribute(const char *call,
                                      CUfunction_attribute attribute, int value,
                                      Function *function) {
  switch (attribute) {
  case CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES:
    if (value < 0 ||
        value > kMaxSharedOptIn - static_cast<int>(function->staticShared))
      return fail(call, CUDA_ERROR_INVALID_VALUE,
                  "MAX_DYNAMIC_SHARED_SIZE_BYTES " + std::to_string(value) +
                      " is above the device's " +
                      std::to_string(kMaxSharedOptIn) +
                      " bytes less the kernel's " +
                      std::to_string(function->staticShared) + " static bytes");
    function->maxDynamicShared = value;
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT:
    if (value < -1 || value > 100)
      return fail(call, CUDA_ERROR_INVALID_VALUE,
                  "a carveout is a percentage (or -1), not " +
                      std::to_string(value));
    function->preferredCarveout = value;
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED:
    function->nonPortableClusters = value != 0;
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE:
    function->clusterSchedulingPolicy = value;
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH:
  case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_HEIGHT:
  case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_DEPTH:
    // Settable only before the kernel is loaded; the driver refuses it
    // after, as here.
  default:
    return fail(call, CUDA_ERROR_INVALID_VALUE,
                "function attribute " + std::to_string(attribute) +
                    " cannot be set");
  }
}

//===----------------------------------------------------------------------===//
// Modules
//===----------------------------------------------------------------------===//

CUresult cuModuleLoadData(CUmodule *handle, const void *image) {
  return entry("cuModuleLoadData", [&] {
    if (!handle)
      return fail("cuModuleLoadData", CUDA_ERROR_INVALID_VALUE,
                  "module is null");
    Module *module;
    if (CUresult result = loadModule("cuModuleLoadData", image, module))
      return result;
    *handle = reinterpret_cast<CUmodule>(module);
    return CUDA_SUCCESS;
  });
}

CUresult cuModuleLoadDataEx(CUmodule *handle, const void *image,
                            unsigned int count, CUjit_option *options,
                            void **values) {
  return entry("cuModuleLoadDataEx", [&] {
    if (!handle)
      return fail("cuModuleLoadDataEx", CUDA_ERROR_INVALID_VALUE,
                  "module is null");
    Module *module;
    std::string log;
    if (CUresult result =
            loadModule("cuModuleLoadDataEx", image, module, &log)) {
      writeErrorLog(count, options, values, log);
      return result;
    }
    writeErrorLog(count, options, values, "");
    *handle = reinterpret_cast<CUmodule>(module);
    return CUDA_SUCCESS;
  });
}

CUresult cuModuleLoadFatBinary(CUmodule *handle, const void *image) {
  return entry("cuModuleLoadFatBinary", [&] {
    if (!handle)
      return fail("cuModuleLoadFatBinary", CUDA_ERROR_INVALID_VALUE,
                  "module is null");
    Module *module;
    if (CUresult result = loadModule("cuModuleLoadFatBinary", image, module))
      return result;
    *handle = reinterpret_cast<CUmodule>(module);
    return CUDA_SUCCESS;
  });
}

CUresult cuModuleLoad(CUmodule *handle, const char *path) {
  return entry("cuModuleLoad", [&] {
    if (!handle || !path)
      return fail("cuModuleLoad", CUDA_ERROR_INVALID_VALUE,
                  "module or fname is null");
    std::ifstream file(path, std::ios::binary);
    if (!file)
      return fail("cuModuleLoad", CUDA_ERROR_FILE_NOT_FOUND,
                  std::string("cannot open '") + path + "'");
    std::stringstream contents;
    contents << file.rdbuf();
    // NUL-terminated, so that PTX text is a C string.
    std::string image = contents.str() + '\0';
    if (image.size() < 5)
      return fail("cuModuleLoad", CUDA_ERROR_INVALID_IMAGE,
                  std::string("'") + path + "' is empty");
    Module *module;
    if (CUresult result = loadModule("cuModuleLoad", image.data(), module))
      return result;
    *handle = reinterpret_cast<CUmodule>(module);
    return CUDA_SUCCESS;
  });
}

CUresult cuModuleUnload(CUmodule handle) {
  return entry("cuModuleUnload", [&] {
    if (CUresult result = requireInit("cuModuleUnload"))
      return result;
    Module *module = findModule(handle);
    if (!module || module->library)
      return fail("cuModuleUnload", CUDA_ERROR_INVALID_HANDLE,
                  module ? "the module belongs to a library (cuLibraryUnload)"
                         : "not a module of this driver");
    return unloadModule("cuModuleUnload", module);
  });
}

CUresult cuModuleGetFunction(CUfunction *handle, CUmodule moduleHandle,
                             const char *name) {
  return entry("cuModuleGetFunction", [&] {
    if (CUresult result = requireInit("cuModuleGetFunction"))
      return result;
    if (!handle)
      return fail("cuModuleGetFunction", CUDA_ERROR_INVALID_VALUE,
                  "hfunc is null");
    Module *module = findModule(moduleHandle);
    if (!module)
      return fail("cuModuleGetFunction", CUDA_ERROR_INVALID_HANDLE,
                  "not a module of this driver");
    Function *function;
    if (CUresult result =
            getFunction("cuModuleGetFunction", module, name, function))
      return result;
    *handle = reinterpret_cast<CUfunction>(function);
    return CUDA_SUCCESS;
  });
}

CUresult cuModuleGetGlobal_v2(CUdeviceptr *pointer, size_t *bytes,
                              CUmodule moduleHandle, const char *name) {
  return entry("cuModuleGetGlobal", [&] {
    if (CUresult result = requireInit("cuModuleGetGlobal"))
      return result;
    Module *module = findModule(moduleHandle);
    if (!module)
      return fail("cuModuleGetGlobal", CUDA_ERROR_INVALID_HANDLE,
                  "not a module of this driver");
    return getGlobal("cuModuleGetGlobal", pointer, bytes, module, name);
  });
}

CUresult cuModuleGetLoadingMode(CUmoduleLoadingMode *mode) {
  return entry("cuModuleGetLoadingMode", [&] {
    if (!mode)
      return fail("cuModuleGetLoadingMode", CUDA_ERROR_INVALID_VALUE,
                  "mode is null");
    *mode = CU_MODULE_EAGER_LOADING;
    return CUDA_SUCCESS;
  });
}

CUresult cuModuleGetFunctionCount(unsigned int *count, CUmodule handle) {
  return entry("cuModuleGetFunctionCount", [&] {
    Module *module = findModule(handle);
    if (!module || !count)
      return fail("cuModuleGetFunctionCount",
                  module ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_INVALID_HANDLE,
                  module ? "count is null" : "not a module of this driver");
    *count = static_cast<unsigned>(std::count_if(
        module->ptx.functions.begin(), module->ptx.functions.end(),
        [](const ptx::Function &f) { return f.isEntry; }));
    return CUDA_SUCCESS;
  });
}

CUresult cuModuleEnumerateFunctions(CUfunction *functions, unsigned int count,
                                    CUmodule handle) {
  return entry("cuModuleEnumerateFunctions", [&] {
    Module *module = findModule(handle);
    if (!module || (!functions && count))
      return fail("cuModuleEnumerateFunctions",
                  module ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_INVALID_HANDLE,
                  module ? "functions is null" : "not a module of this driver");
    unsigned i = 0;
    for (const ptx::Function &kernel : module->ptx.functions) {
      if (!kernel.isEntry || i == count)
        continue;
      Function *function;
      if (CUresult result = getFunction("cuModuleEnumerateFunctions", module,
                                        kernel.name.c_str(), function))
        return result;
      functions[i++] = reinterpret_cast<CUfunction>(function);
    }
    return CUDA_SUCCESS;
  });
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

CUresult cuFuncGetAttribute(int *value, CUfunction_attribute attribute,
                            CUfunction handle) {
  return entry("cuFuncGetAttribute", [&] {
    Function *function = findFunction(handle);
    if (!function)
      return fail("cuFuncGetAttribute", CUDA_ERROR_INVALID_HANDLE,
                  "not a function of this driver");
    return getFunctionAttribute("cuFuncGetAttribute", value, attribute,
                                function);
  });
}

CUresult cuFuncSetAttribute(CUfunction handle, CUfunction_attribute attribute,
                            int value) {
  return entry("cuFuncSetAttribute", [&] {
    Function *function = findFunction(handle);
    if (!function)
      return fail("cuFuncSetAttribute", CUDA_ERROR_INVALID_HANDLE,
                  "not a function of this driver");
    return setFunctionAttribute("cuFuncSetAttribute", attribute, value,
                                function);
  });
}

CUresult cuFuncSetCacheConfig(CUfunction handle, CUfunc_cache) {
  return entry("cuFuncSetCacheConfig", [&] {
    return findFunction(handle)
               ? CUDA_SUCCESS
               : fail("cuFuncSetCacheConfig", CUDA_ERROR_INVALID_HANDLE,
                      "not a function of this driver");
  });
}

CUresult cuFuncGetName(const char **name, CUfunction handle) {
  return entry("cuFuncGetName", [&] {
    Function *function = findFunction(handle);
    if (!function || !name)
      return fail("cuFuncGetName",
                  function ? CUDA_ERROR_INVALID_VALUE
                           : CUDA_ERROR_INVALID_HANDLE,
                  function ? "name is null" : "not a function of this driver");
    *name = function->kernel->name.c_str();
    return CUDA_SUCCESS;
  });
}

CUresult cuFuncGetParamInfo(CUfunction handle, size_t index, size_t *offset,
                            size_t *size) {
  return entry("cuFuncGetParamInfo", [&] {
    Function *function = findFunction(handle);
    if (!function)
      return fail("cuFuncGetParamInfo", CUDA_ERROR_INVALID_HANDLE,
                  "not a function of this driver");
    if (index >= function->paramSizes.size())
      return fail("cuFuncGetParamInfo", CUDA_ERROR_INVALID_VALUE,
                  "kernel '" + function->kernel->name + "' has " +
                      std::to_string(function->paramSizes.size()) +
                      " parameters, not " + std::to_string(index + 1));
    if (offset)
      *offset = function->paramOffsets[index];
    if (size)
      *size = function->paramSizes[index];
    return CUDA_SUCCESS;
  });
}

CUresult cuFuncGetModule(CUmodule *module, CUfunction handle) {
  return entry("cuFuncGetModule", [&] {
    Function *function = findFunction(handle);
    if (!function || !module)
      return fail("cuFuncGetModule",
                  function ? CUDA_ERROR_INVALID_VALUE
                           : CUDA_ERROR_INVALID_HANDLE,
                  function ? "hmod is null" : "not a function of this driver");
    *module = reinterpret_cast<CUmodule>(function->module);
    return CUDA_SUCCESS;
  });
}

CUresult cuFuncIsLoaded(CUfunctionLoadingState *state, CUfunction handle) {
  return entry("cuFuncIsLoaded", [&] {
    if (!findFunction(handle) || !state)
      return fail("cuFuncIsLoaded", CUDA_ERROR_INVALID_VALUE,
                  "state is null or not a function of this driver");
    *state = CU_FUNCTION_LOADING_STATE_LOADED;
    return CUDA_SUCCESS;
  });
}

CUresult cuFuncLoad(CUfunction handle) {
  return entry("cuFuncLoad", [&] {
    return findFunction(handle) ? CUDA_SUCCESS
                                : fail("cuFuncLoad", CUDA_ERROR_INVALID_HANDLE,
                                       "not a function of this driver");
  });
}

//===----------------------------------------------------------------------===//
// Libraries and kernels
//===----------------------------------------------------------------------===//

CUresult cuLibraryLoadData(CUlibrary *handle, const void *code,
                           CUjit_option *jitOptions, void **jitValues,
                           unsigned int jitCount, CUlibraryOption *, void **,
                           unsigned int) {
  return entry("cuLibraryLoadData", [&] {
    if (!handle)
      return fail("cuLibraryLoadData", CUDA_ERROR_INVALID_VALUE,
                  "library is null");
    Module *module;
    std::string log;
    if (CUresult result = loadModule("cuLibraryLoadData", code, module, &log)) {
      writeErrorLog(jitCount, jitOptions, jitValues, log);
      return result;
    }
    Driver &driver = Driver::get();
    std::lock_guard<std::recursive_mutex> lock(driver.mutex);
    auto *library = new Library{module};
    module->library = library;
    driver.libraries.insert(library);
    *handle = reinterpret_cast<CUlibrary>(library);
    return CUDA_SUCCESS;
  });
}

CUresult cuLibraryLoadFromFile(CUlibrary *handle, const char *path,
                               CUjit_option *jitOptions, void **jitValues,
                               unsigned int jitCount, CUlibraryOption *options,
                               void **values, unsigned int count) {
  return entry("cuLibraryLoadFromFile", [&] {
    if (!path)
      return fail("cuLibraryLoadFromFile", CUDA_ERROR_INVALID_VALUE,
                  "fileName is null");
    std::ifstream file(path, std::ios::binary);
    if (!file)
      return fail("cuLibraryLoadFromFile", CUDA_ERROR_FILE_NOT_FOUND,
                  std::string("cannot open '") + path + "'");
    std::stringstream contents;
    contents << file.rdbuf();
    std::string image = contents.str() + '\0';
    return cuLibraryLoadData(handle, image.data(), jitOptions, jitValues,
                             jitCount, options, values, count);
  });
}

CUresult cuLibraryUnload(CUlibrary handle) {
  return entry("cuLibraryUnload", [&] {
    Library *library = findLibrary(handle);
    if (!library)
      return fail("cuLibraryUnload", CUDA_ERROR_INVALID_HANDLE,
                  "not a library of this driver");
    Driver &driver = Driver::get();
    std::lock_guard<std::recursive_mutex> lock(driver.mutex);
    driver.libraries.erase(library);
    Module *module = library->module;
    delete library;
    return unloadModule("cuLibraryUnload", module);
  });
}

CUresult cuLibraryGetKernel(CUkernel *handle, CUlibrary libraryHandle,
                            const char *name) {
  return entry("cuLibraryGetKernel", [&] {
    Library *library = findLibrary(libraryHandle);
    if (!library || !handle)
      return fail("cuLibraryGetKernel",
                  library ? CUDA_ERROR_INVALID_VALUE
                          : CUDA_ERROR_INVALID_HANDLE,
                  library ? "pKernel is null" : "not a library of this driver");
    Function *function;
    if (CUresult result =
            getFunction("cuLibraryGetKernel", library->module, name, function))
      return result;
    *handle = reinterpret_cast<CUkernel>(function);
    return CUDA_SUCCESS;
  });
}

CUresult cuLibraryGetModule(CUmodule *module, CUlibrary handle) {
  return entry("cuLibraryGetModule", [&] {
    Library *library = findLibrary(handle);
    if (!library || !module)
      return fail("cuLibraryGetModule",
                  library ? CUDA_ERROR_INVALID_VALUE
                          : CUDA_ERROR_INVALID_HANDLE,
                  library ? "pMod is null" : "not a library of this driver");
    *module = reinterpret_cast<CUmodule>(library->module);
    return CUDA_SUCCESS;
  });
}

CUresult cuLibraryGetGlobal(CUdeviceptr *pointer, size_t *bytes,
                            CUlibrary handle, const char *name) {
  return entry("cuLibraryGetGlobal", [&] {
    Library *library = findLibrary(handle);
    if (!library)
      return fail("cuLibraryGetGlobal", CUDA_ERROR_INVALID_HANDLE,
                  "not a library of this driver");
    return getGlobal("cuLibraryGetGlobal", pointer, bytes, library->module,
                     name);
  });
}

CUresult cuLibraryGetManaged(CUdeviceptr *, size_t *, CUlibrary handle,
                             const char *name) {
  return entry("cuLibraryGetManaged", [&] {
    if (!findLibrary(handle))
      return fail("cuLibraryGetManaged", CUDA_ERROR_INVALID_HANDLE,
                  "not a library of this driver");
    return fail("cuLibraryGetManaged", CUDA_ERROR_NOT_FOUND,
                std::string("no managed variable '") + (name ? name : "") +
                    "' (the emulator places no module variables)");
  });
}

CUresult cuLibraryGetUnifiedFunction(void **, CUlibrary handle,
                                     const char *symbol) {
  return entry("cuLibraryGetUnifiedFunction", [&] {
    if (!findLibrary(handle))
      return fail("cuLibraryGetUnifiedFunction", CUDA_ERROR_INVALID_HANDLE,
                  "not a library of this driver");
    return fail("cuLibraryGetUnifiedFunction", CUDA_ERROR_NOT_FOUND,
                std::string("no unified function '") + (symbol ? symbol : "") +
                    "'");
  });
}

CUresult cuLibraryGetKernelCount(unsigned int *count, CUlibrary handle) {
  return entry("cuLibraryGetKernelCount", [&] {
    Library *library = findLibrary(handle);
    if (!library)
      return fail("cuLibraryGetKernelCount", CUDA_ERROR_INVALID_HANDLE,
                  "not a library of this driver");
    return cuModuleGetFunctionCount(
        count, reinterpret_cast<CUmodule>(library->module));
  });
}

CUresult cuLibraryEnumerateKernels(CUkernel *kernels, unsigned int count,
                                   CUlibrary handle) {
  return entry("cuLibraryEnumerateKernels", [&] {
    Library *library = findLibrary(handle);
    if (!library)
      return fail("cuLibraryEnumerateKernels", CUDA_ERROR_INVALID_HANDLE,
                  "not a library of this driver");
    return cuModuleEnumerateFunctions(
        reinterpret_cast<CUfunction *>(kernels), count,
        reinterpret_cast<CUmodule>(library->module));
  });
}

CUresult cuKernelGetFunction(CUfunction *handle, CUkernel kernel) {
  return entry("cuKernelGetFunction", [&] {
    Function *function = findFunction(kernel);
    if (!function || !handle)
      return fail("cuKernelGetFunction",
                  function ? CUDA_ERROR_INVALID_VALUE
                           : CUDA_ERROR_INVALID_HANDLE,
                  function ? "pFunc is null" : "not a kernel of this driver");
    *handle = reinterpret_cast<CUfunction>(function);
    return CUDA_SUCCESS;
  });
}

CUresult cuKernelGetLibrary(CUlibrary *library, CUkernel kernel) {
  return entry("cuKernelGetLibrary", [&] {
    Function *function = findFunction(kernel);
    if (!function || !library || !function->module->library)
      return fail("cuKernelGetLibrary", CUDA_ERROR_INVALID_HANDLE,
                  "not a kernel of a library of this driver");
    *library = reinterpret_cast<CUlibrary>(function->module->library);
    return CUDA_SUCCESS;
  });
}

CUresult cuKernelGetAttribute(int *value, CUfunction_attribute attribute,
                              CUkernel kernel, CUdevice device) {
  return entry("cuKernelGetAttribute", [&] {
    Function *function = findFunction(kernel);
    if (!function)
      return fail("cuKernelGetAttribute", CUDA_ERROR_INVALID_HANDLE,
                  "not a kernel of this driver");
    if (device != 0)
      return fail("cuKernelGetAttribute", CUDA_ERROR_INVALID_DEVICE,
                  "device " + std::to_string(device) + " does not exist");
    return getFunctionAttribute("cuKernelGetAttribute", value, attribute,
                                function);
  });
}

CUresult cuKernelSetAttribute(CUfunction_attribute attribute, int value,
                              CUkernel kernel, CUdevice device) {
  return entry("cuKernelSetAttribute", [&] {
    Function *function = findFunction(kernel);
    if (!function)
      return fail("cuKernelSetAttribute", CUDA_ERROR_INVALID_HANDLE,
                  "not a kernel of this driver");
    if (device != 0)
      return fail("cuKernelSetAttribute", CUDA_ERROR_INVALID_DEVICE,
                  "device " + std::to_string(device) + " does not exist");
    return setFunctionAttribute("cuKernelSetAttribute", attribute, value,
                                function);
  });
}

CUresult cuKernelSetCacheConfig(CUkernel kernel, CUfunc_cache,
                                CUdevice device) {
  return entry("cuKernelSetCacheConfig", [&] {
    if (!findFunction(kernel) || device != 0)
      return fail("cuKernelSetCacheConfig", CUDA_ERROR_INVALID_HANDLE,
                  "not a kernel of this driver, or not device 0");
    return CUDA_SUCCESS;
  });
}

CUresult cuKernelGetName(const char **name, CUkernel kernel) {
  return entry("cuKernelGetName", [&] {
    return cuFuncGetName(name, reinterpret_cast<CUfunction>(kernel));
  });
}

CUresult cuKernelGetParamInfo(CUkernel kernel, size_t index, size_t *offset,
                              size_t *size) {
  return entry("cuKernelGetParamInfo", [&] {
    return cuFuncGetParamInfo(reinterpret_cast<CUfunction>(kernel), index,
                              offset, size);
  });
}
