//===- Registration.cpp - fatbinaries, kernels and launches ---------------===//
//
// nvcc's host code registers each translation unit's fatbinary and its
// kernels before main (__cudaRegisterFatBinary, __cudaRegisterFunction),
// pushes a launch's configuration (__cudaPushCallConfiguration) and calls
// the kernel's host stub, which pops it and launches (__cudaGetKernel and
// __cudaLaunchKernel in CUDA 13, cudaLaunchKernel before). Registration
// only records; a fatbinary's module is loaded by the driver when one of
// its kernels is first needed, as cudart's lazy loading does.
//
//===----------------------------------------------------------------------===//

#include "CudartInternals.h"

#include <cstdio>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

using namespace lmhead::cudart;

namespace {

/// A registered fatbinary (the handle nvcc's code keeps).
struct Fatbinary {
  const void *wrapper = nullptr;
  CUmodule module = nullptr;
};

struct Kernel {
  Fatbinary *fatbinary = nullptr;
  std::string deviceName;
  CUfunction function = nullptr;
};

struct Registry {
  std::mutex mutex;
  std::vector<std::unique_ptr<Fatbinary>> fatbinaries;
  /// Host stub → kernel.
  std::map<const void *, Kernel> kernels;
};

Registry &registry() {
  // Never destroyed: nvcc's atexit handlers unregister after our statics
  // would be gone.
  static Registry *instance = new Registry();
  return *instance;
}

/// A pushed launch configuration.
struct CallConfiguration {
  dim3 grid, block;
  size_t sharedMem;
  cudaStream_t stream;
};

std::vector<CallConfiguration> &configurations() {
  thread_local std::vector<CallConfiguration> stack;
  return stack;
}

} // namespace

CUresult lmhead::cudart::functionOf(const void *hostFunction,
                                    CUfunction &function) {
  if (CUresult result = ensureContext())
    return result;
  Registry &all = registry();
  std::lock_guard<std::mutex> lock(all.mutex);
  auto it = all.kernels.find(hostFunction);
  if (it == all.kernels.end()) {
    std::fprintf(stderr,
                 "lmhead cudart: %p is not a registered kernel (a device "
                 "function pointer or a kernel of another runtime?)\n",
                 hostFunction);
    return CUDA_ERROR_INVALID_HANDLE;
  }
  Kernel &kernel = it->second;
  if (!kernel.function) {
    Fatbinary &fatbinary = *kernel.fatbinary;
    if (!fatbinary.module)
      if (CUresult result =
              cuModuleLoadData(&fatbinary.module, fatbinary.wrapper))
        return result; // the driver said why on stderr
    if (CUresult result = cuModuleGetFunction(
            &kernel.function, fatbinary.module, kernel.deviceName.c_str()))
      return result;
  }
  function = kernel.function;
  return CUDA_SUCCESS;
}

extern "C" {

LMHEAD_CUDART_EXPORT void **__cudaRegisterFatBinary(void *fatCubin) {
  Registry &all = registry();
  std::lock_guard<std::mutex> lock(all.mutex);
  all.fatbinaries.push_back(std::make_unique<Fatbinary>());
  all.fatbinaries.back()->wrapper = fatCubin;
  return reinterpret_cast<void **>(all.fatbinaries.back().get());
}

LMHEAD_CUDART_EXPORT void __cudaRegisterFatBinaryEnd(void **) {}

LMHEAD_CUDART_EXPORT void __cudaUnregisterFatBinary(void **) {
  // The process is ending: modules are freed with it.
}

LMHEAD_CUDART_EXPORT char __cudaInitModule(void **) { return 1; }

LMHEAD_CUDART_EXPORT void __cudaRegisterFunction(void **handle,
                                                 const char *hostFun, char *,
                                                 const char *deviceName, int,
                                                 uint3 *, uint3 *, dim3 *,
                                                 dim3 *, int *) {
  Registry &all = registry();
  std::lock_guard<std::mutex> lock(all.mutex);
  Kernel &kernel = all.kernels[hostFun];
  kernel.fatbinary = reinterpret_cast<Fatbinary *>(handle);
  kernel.deviceName = deviceName;
}

LMHEAD_CUDART_EXPORT void __cudaRegisterVar(void **, char *,
                                            char *deviceAddress, const char *,
                                            int, size_t, int, int) {
  // Module variables are not placed in memory by the emulator; a program
  // that uses one fails when its kernel addresses it, naming it.
  (void)deviceAddress;
}

LMHEAD_CUDART_EXPORT void __cudaRegisterManagedVar(void **, void **, char *,
                                                   const char *, int, size_t,
                                                   int, int) {}

LMHEAD_CUDART_EXPORT unsigned
__cudaPushCallConfiguration(dim3 grid, dim3 block, size_t sharedMem,
                            struct CUstream_st *stream) {
  configurations().push_back({grid, block, sharedMem, stream});
  return 0;
}

LMHEAD_CUDART_EXPORT cudaError_t __cudaPopCallConfiguration(dim3 *grid,
                                                            dim3 *block,
                                                            size_t *sharedMem,
                                                            void *stream) {
  auto &stack = configurations();
  if (stack.empty())
    return cudaErrorMissingConfiguration;
  *grid = stack.back().grid;
  *block = stack.back().block;
  *sharedMem = stack.back().sharedMem;
  *static_cast<cudaStream_t *>(stream) = stack.back().stream;
  stack.pop_back();
  return cudaSuccess;
}

LMHEAD_CUDART_EXPORT cudaError_t __cudaGetKernel(cudaKernel_t *kernel,
                                                 const void *hostFunction) {
  CUfunction function;
  if (CUresult result = functionOf(hostFunction, function))
    return finish(result);
  *kernel = reinterpret_cast<cudaKernel_t>(function);
  return cudaSuccess;
}

LMHEAD_CUDART_EXPORT cudaError_t __cudaLaunchKernel(cudaKernel_t kernel,
                                                    dim3 grid, dim3 block,
                                                    void **args,
                                                    size_t sharedMem,
                                                    cudaStream_t stream) {
  if (CUresult result = ensureContext())
    return finish(result);
  if (!kernel)
    return finish(CUDA_ERROR_INVALID_HANDLE);
  return finish(cuLaunchKernel(
      reinterpret_cast<CUfunction>(kernel), grid.x, grid.y, grid.z, block.x,
      block.y, block.z, static_cast<unsigned>(sharedMem),
      reinterpret_cast<CUstream>(stream), args, nullptr));
}

LMHEAD_CUDART_EXPORT cudaError_t __cudaLaunchKernel_ptsz(cudaKernel_t kernel,
                                                         dim3 grid, dim3 block,
                                                         void **args,
                                                         size_t sharedMem,
                                                         cudaStream_t stream) {
  return __cudaLaunchKernel(kernel, grid, block, args, sharedMem, stream);
}

cudaError_t cudaLaunchKernel(const void *hostFunction, dim3 grid, dim3 block,
                             void **args, size_t sharedMem,
                             cudaStream_t stream) {
  CUfunction function;
  if (CUresult result = functionOf(hostFunction, function))
    return finish(result);
  return __cudaLaunchKernel(reinterpret_cast<cudaKernel_t>(function), grid,
                            block, args, sharedMem, stream);
}

/// The driver's launch configuration of a runtime one: grid, block,
/// dynamic shared memory and attributes (cudaLaunchAttribute and
/// CUlaunchAttribute share their layout and ids); no stream.
static CUlaunchConfig driverLaunchConfig(const cudaLaunchConfig_t &config) {
  CUlaunchConfig driverConfig = {};
  driverConfig.gridDimX = config.gridDim.x;
  driverConfig.gridDimY = config.gridDim.y;
  driverConfig.gridDimZ = config.gridDim.z;
  driverConfig.blockDimX = config.blockDim.x;
  driverConfig.blockDimY = config.blockDim.y;
  driverConfig.blockDimZ = config.blockDim.z;
  driverConfig.sharedMemBytes = static_cast<unsigned>(config.dynamicSmemBytes);
  driverConfig.attrs = reinterpret_cast<CUlaunchAttribute *>(config.attrs);
  driverConfig.numAttrs = config.numAttrs;
  return driverConfig;
}

cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config,
                                const void *hostFunction, void **args) {
  if (!config)
    return finish(CUDA_ERROR_INVALID_VALUE);
  CUfunction function;
  if (CUresult result = functionOf(hostFunction, function))
    return finish(result);
  CUlaunchConfig driverConfig = driverLaunchConfig(*config);
  driverConfig.hStream = reinterpret_cast<CUstream>(config->stream);
  return finish(cuLaunchKernelEx(&driverConfig, function, args, nullptr));
}

cudaError_t cudaFuncSetAttribute(const void *hostFunction,
                                 enum cudaFuncAttribute attribute, int value) {
  CUfunction function;
  if (CUresult result = functionOf(hostFunction, function))
    return finish(result);
  return finish(cuFuncSetAttribute(
      function, static_cast<CUfunction_attribute>(attribute), value));
}

cudaError_t cudaFuncSetCacheConfig(const void *hostFunction,
                                   enum cudaFuncCache config) {
  CUfunction function;
  if (CUresult result = functionOf(hostFunction, function))
    return finish(result);
  return finish(
      cuFuncSetCacheConfig(function, static_cast<CUfunc_cache>(config)));
}

cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attributes,
                                  const void *hostFunction) {
  if (!attributes)
    return finish(CUDA_ERROR_INVALID_VALUE);
  CUfunction function;
  if (CUresult result = functionOf(hostFunction, function))
    return finish(result);
  *attributes = {};
  int value = 0;
  auto get = [&](CUfunction_attribute attribute) {
    cuFuncGetAttribute(&value, attribute, function);
    return value;
  };
  attributes->sharedSizeBytes = get(CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES);
  attributes->constSizeBytes = get(CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES);
  attributes->localSizeBytes = get(CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES);
  attributes->maxThreadsPerBlock = get(CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
  attributes->numRegs = get(CU_FUNC_ATTRIBUTE_NUM_REGS);
  attributes->ptxVersion = get(CU_FUNC_ATTRIBUTE_PTX_VERSION);
  attributes->binaryVersion = get(CU_FUNC_ATTRIBUTE_BINARY_VERSION);
  attributes->maxDynamicSharedSizeBytes =
      get(CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES);
  attributes->preferredShmemCarveout =
      get(CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT);
  attributes->nonPortableClusterSizeAllowed =
      get(CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED);
  return cudaSuccess;
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int *blocks, const void *hostFunction, int blockSize, size_t dynamicShared,
    unsigned int flags) {
  CUfunction function;
  if (CUresult result = functionOf(hostFunction, function))
    return finish(result);
  return finish(cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      blocks, function, blockSize, dynamicShared, flags));
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(
    int *blocks, const void *hostFunction, int blockSize,
    size_t dynamicShared) {
  return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      blocks, hostFunction, blockSize, dynamicShared, 0);
}

cudaError_t cudaOccupancyMaxActiveClusters(int *clusters,
                                           const void *hostFunction,
                                           const cudaLaunchConfig_t *config) {
  if (!config)
    return finish(CUDA_ERROR_INVALID_VALUE);
  CUfunction function;
  if (CUresult result = functionOf(hostFunction, function))
    return finish(result);
  CUlaunchConfig driverConfig = driverLaunchConfig(*config);
  return finish(
      cuOccupancyMaxActiveClusters(clusters, function, &driverConfig));
}

} // extern "C"
