//===- RuntimeApi.cpp - devices, errors, memory, streams and events -------===//
//
// The runtime API calls that map one to one onto the driver's: each makes
// the primary context current, calls the driver and keeps its error.
//
//===----------------------------------------------------------------------===//

#include "CudartInternals.h"

#include <cstring>

using namespace lmhead::cudart;

namespace {

cudaError_t &lastError() {
  thread_local cudaError_t error = cudaSuccess;
  return error;
}

/// A driver call made after the context is current; its result is kept.
template <typename Call> cudaError_t call(Call &&driverCall) {
  if (CUresult result = ensureContext())
    return finish(result);
  return finish(driverCall());
}

CUstream streamOf(cudaStream_t stream) {
  return reinterpret_cast<CUstream>(stream);
}

} // namespace

CUresult lmhead::cudart::ensureContext() {
  thread_local bool ready = false;
  if (ready)
    return CUDA_SUCCESS;
  static CUresult initialized = cuInit(0);
  if (initialized)
    return initialized;
  CUcontext current = nullptr;
  if (CUresult result = cuCtxGetCurrent(&current))
    return result;
  if (!current) {
    static CUcontext primary = nullptr;
    static CUresult retained = cuDevicePrimaryCtxRetain(&primary, 0);
    if (retained)
      return retained;
    if (CUresult result = cuCtxSetCurrent(primary))
      return result;
  }
  ready = true;
  return CUDA_SUCCESS;
}

cudaError_t lmhead::cudart::finish(CUresult result) {
  auto error = static_cast<cudaError_t>(result);
  if (error != cudaSuccess)
    lastError() = error;
  return error;
}

extern "C" {

//===----------------------------------------------------------------------===//
// Errors and versions
//===----------------------------------------------------------------------===//

cudaError_t cudaGetLastError(void) {
  cudaError_t error = lastError();
  lastError() = cudaSuccess;
  return error;
}

cudaError_t cudaPeekAtLastError(void) { return lastError(); }

const char *cudaGetErrorString(cudaError_t error) {
  const char *text = nullptr;
  if (cuGetErrorString(static_cast<CUresult>(error), &text) != CUDA_SUCCESS)
    return "unrecognized error code";
  return text;
}

const char *cudaGetErrorName(cudaError_t error) {
  const char *name = nullptr;
  if (cuGetErrorName(static_cast<CUresult>(error), &name) != CUDA_SUCCESS)
    return "cudaErrorUnknown";
  return name;
}

cudaError_t cudaDriverGetVersion(int *version) {
  return finish(cuDriverGetVersion(version));
}

cudaError_t cudaRuntimeGetVersion(int *version) {
  if (!version)
    return finish(CUDA_ERROR_INVALID_VALUE);
  *version = CUDART_VERSION;
  return cudaSuccess;
}

cudaError_t
cudaGetDriverEntryPointByVersion(const char *symbol, void **function,
                                 unsigned int version, unsigned long long flags,
                                 enum cudaDriverEntryPointQueryResult *status) {
  if (CUresult result = ensureContext())
    return finish(result);
  CUdriverProcAddressQueryResult found;
  CUresult result = cuGetProcAddress_v2(
      symbol, function, static_cast<int>(version), flags, &found);
  if (status)
    *status = static_cast<cudaDriverEntryPointQueryResult>(found);
  // Like cudart: a symbol not found is reported through the status.
  return result == CUDA_ERROR_NOT_FOUND ? cudaSuccess : finish(result);
}

cudaError_t
cudaGetDriverEntryPoint(const char *symbol, void **function,
                        unsigned long long flags,
                        enum cudaDriverEntryPointQueryResult *status) {
  return cudaGetDriverEntryPointByVersion(symbol, function, CUDART_VERSION,
                                          flags, status);
}

//===----------------------------------------------------------------------===//
// Devices
//===----------------------------------------------------------------------===//

cudaError_t cudaGetDeviceCount(int *count) {
  return call([&] { return cuDeviceGetCount(count); });
}

cudaError_t cudaGetDevice(int *device) {
  if (!device)
    return finish(CUDA_ERROR_INVALID_VALUE);
  *device = 0;
  return cudaSuccess;
}

cudaError_t cudaSetDevice(int device) {
  return call(
      [&] { return device == 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_DEVICE; });
}

cudaError_t cudaSetDeviceFlags(unsigned int flags) {
  return call([&] { return cuDevicePrimaryCtxSetFlags(0, flags); });
}

cudaError_t cudaDeviceSynchronize(void) {
  return call([] { return cuCtxSynchronize(); });
}

cudaError_t cudaDeviceReset(void) {
  return call([] { return cuDevicePrimaryCtxReset(0); });
}

cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attribute,
                                   int device) {
  // cudaDeviceAttr and CUdevice_attribute share their numbers.
  return call([&] {
    return cuDeviceGetAttribute(
        value, static_cast<CUdevice_attribute>(attribute), device);
  });
}

cudaError_t cudaDeviceGetLimit(size_t *value, enum cudaLimit limit) {
  return call(
      [&] { return cuCtxGetLimit(value, static_cast<CUlimit>(limit)); });
}

cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value) {
  return call(
      [&] { return cuCtxSetLimit(static_cast<CUlimit>(limit), value); });
}

cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache config) {
  return call(
      [&] { return cuCtxSetCacheConfig(static_cast<CUfunc_cache>(config)); });
}

cudaError_t cudaDeviceGetStreamPriorityRange(int *least, int *greatest) {
  return call([&] { return cuCtxGetStreamPriorityRange(least, greatest); });
}

cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device) {
  if (!prop)
    return finish(CUDA_ERROR_INVALID_VALUE);
  if (CUresult result = ensureContext())
    return finish(result);
  if (device != 0)
    return finish(CUDA_ERROR_INVALID_DEVICE);
  std::memset(prop, 0, sizeof(*prop));
  cuDeviceGetName(prop->name, sizeof(prop->name), 0);
  cuDeviceGetUuid(reinterpret_cast<CUuuid *>(&prop->uuid), 0);
  cuDeviceTotalMem(&prop->totalGlobalMem, 0);
  auto get = [](CUdevice_attribute attribute) {
    int value = 0;
    cuDeviceGetAttribute(&value, attribute, 0);
    return value;
  };
  prop->sharedMemPerBlock =
      get(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK);
  prop->regsPerBlock = get(CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK);
  prop->warpSize = get(CU_DEVICE_ATTRIBUTE_WARP_SIZE);
  prop->memPitch = get(CU_DEVICE_ATTRIBUTE_MAX_PITCH);
  prop->maxThreadsPerBlock = get(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
  prop->maxThreadsDim[0] = get(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X);
  prop->maxThreadsDim[1] = get(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y);
  prop->maxThreadsDim[2] = get(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z);
  prop->maxGridSize[0] = get(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X);
  prop->maxGridSize[1] = get(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y);
  prop->maxGridSize[2] = get(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z);
  prop->totalConstMem = get(CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY);
  prop->major = get(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
  prop->minor = get(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
  prop->textureAlignment = get(CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT);
  prop->texturePitchAlignment =
      get(CU_DEVICE_ATTRIBUTE_TEXTURE_PITCH_ALIGNMENT);
  prop->multiProcessorCount = get(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
  prop->canMapHostMemory = get(CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY);
  prop->surfaceAlignment = get(CU_DEVICE_ATTRIBUTE_SURFACE_ALIGNMENT);
  prop->concurrentKernels = get(CU_DEVICE_ATTRIBUTE_CONCURRENT_KERNELS);
  prop->ECCEnabled = get(CU_DEVICE_ATTRIBUTE_ECC_ENABLED);
  prop->asyncEngineCount = get(CU_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT);
  prop->unifiedAddressing = get(CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING);
  prop->memoryBusWidth = get(CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH);
  prop->l2CacheSize = get(CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE);
  prop->persistingL2CacheMaxSize =
      get(CU_DEVICE_ATTRIBUTE_MAX_PERSISTING_L2_CACHE_SIZE);
  prop->maxThreadsPerMultiProcessor =
      get(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR);
  prop->streamPrioritiesSupported =
      get(CU_DEVICE_ATTRIBUTE_STREAM_PRIORITIES_SUPPORTED);
  prop->globalL1CacheSupported =
      get(CU_DEVICE_ATTRIBUTE_GLOBAL_L1_CACHE_SUPPORTED);
  prop->localL1CacheSupported =
      get(CU_DEVICE_ATTRIBUTE_LOCAL_L1_CACHE_SUPPORTED);
  prop->sharedMemPerMultiprocessor =
      get(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR);
  prop->regsPerMultiprocessor =
      get(CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR);
  prop->managedMemory = get(CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY);
  prop->concurrentManagedAccess =
      get(CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS);
  prop->computePreemptionSupported =
      get(CU_DEVICE_ATTRIBUTE_COMPUTE_PREEMPTION_SUPPORTED);
  prop->canUseHostPointerForRegisteredMem =
      get(CU_DEVICE_ATTRIBUTE_CAN_USE_HOST_POINTER_FOR_REGISTERED_MEM);
  prop->cooperativeLaunch = get(CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH);
  prop->sharedMemPerBlockOptin =
      get(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
  prop->maxBlocksPerMultiProcessor =
      get(CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR);
  prop->accessPolicyMaxWindowSize =
      get(CU_DEVICE_ATTRIBUTE_MAX_ACCESS_POLICY_WINDOW_SIZE);
  prop->reservedSharedMemPerBlock =
      get(CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK);
  prop->hostRegisterSupported =
      get(CU_DEVICE_ATTRIBUTE_HOST_REGISTER_SUPPORTED);
  prop->clusterLaunch = get(CU_DEVICE_ATTRIBUTE_CLUSTER_LAUNCH);
  prop->deviceNumaId = get(CU_DEVICE_ATTRIBUTE_NUMA_ID);
  prop->hostNumaId = get(CU_DEVICE_ATTRIBUTE_HOST_NUMA_ID);
  return cudaSuccess;
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

cudaError_t cudaMalloc(void **pointer, size_t bytes) {
  if (!pointer)
    return finish(CUDA_ERROR_INVALID_VALUE);
  if (bytes == 0) { // cudart gives null for 0 bytes
    *pointer = nullptr;
    return call([] { return CUDA_SUCCESS; });
  }
  return call([&] {
    return cuMemAlloc(reinterpret_cast<CUdeviceptr *>(pointer), bytes);
  });
}

cudaError_t cudaMallocManaged(void **pointer, size_t bytes,
                              unsigned int flags) {
  return call([&] {
    return cuMemAllocManaged(reinterpret_cast<CUdeviceptr *>(pointer), bytes,
                             flags);
  });
}

cudaError_t cudaMallocAsync(void **pointer, size_t bytes, cudaStream_t stream) {
  return call([&] {
    return cuMemAllocAsync(reinterpret_cast<CUdeviceptr *>(pointer), bytes,
                           streamOf(stream));
  });
}

cudaError_t cudaFree(void *pointer) {
  return call(
      [&] { return cuMemFree(reinterpret_cast<CUdeviceptr>(pointer)); });
}

cudaError_t cudaFreeAsync(void *pointer, cudaStream_t stream) {
  return call([&] {
    return cuMemFreeAsync(reinterpret_cast<CUdeviceptr>(pointer),
                          streamOf(stream));
  });
}

cudaError_t cudaMallocHost(void **pointer, size_t bytes) {
  return call([&] { return cuMemAllocHost(pointer, bytes); });
}

cudaError_t cudaHostAlloc(void **pointer, size_t bytes, unsigned int flags) {
  return call([&] { return cuMemHostAlloc(pointer, bytes, flags); });
}

cudaError_t cudaFreeHost(void *pointer) {
  return call([&] { return cuMemFreeHost(pointer); });
}

cudaError_t cudaHostRegister(void *pointer, size_t bytes, unsigned int flags) {
  return call([&] { return cuMemHostRegister(pointer, bytes, flags); });
}

cudaError_t cudaHostUnregister(void *pointer) {
  return call([&] { return cuMemHostUnregister(pointer); });
}

cudaError_t cudaHostGetDevicePointer(void **device, void *host,
                                     unsigned int flags) {
  return call([&] {
    return cuMemHostGetDevicePointer(reinterpret_cast<CUdeviceptr *>(device),
                                     host, flags);
  });
}

cudaError_t cudaMemGetInfo(size_t *free, size_t *total) {
  return call([&] { return cuMemGetInfo(free, total); });
}

cudaError_t cudaMemcpy(void *dst, const void *src, size_t bytes,
                       enum cudaMemcpyKind) {
  // Unified addressing: the driver tells the kinds of memory apart itself.
  return call([&] {
    return cuMemcpy(reinterpret_cast<CUdeviceptr>(dst),
                    reinterpret_cast<CUdeviceptr>(src), bytes);
  });
}

cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t bytes,
                            enum cudaMemcpyKind, cudaStream_t stream) {
  return call([&] {
    return cuMemcpyAsync(reinterpret_cast<CUdeviceptr>(dst),
                         reinterpret_cast<CUdeviceptr>(src), bytes,
                         streamOf(stream));
  });
}

cudaError_t cudaMemset(void *dst, int value, size_t bytes) {
  return call([&] {
    return cuMemsetD8(reinterpret_cast<CUdeviceptr>(dst),
                      static_cast<unsigned char>(value), bytes);
  });
}

cudaError_t cudaMemsetAsync(void *dst, int value, size_t bytes,
                            cudaStream_t stream) {
  return call([&] {
    return cuMemsetD8Async(reinterpret_cast<CUdeviceptr>(dst),
                           static_cast<unsigned char>(value), bytes,
                           streamOf(stream));
  });
}

cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *attributes,
                                     const void *pointer) {
  if (!attributes)
    return finish(CUDA_ERROR_INVALID_VALUE);
  return call([&] {
    unsigned type = 0;
    int ordinal = -1;
    CUpointer_attribute asked[] = {CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                   CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL};
    void *values[] = {&type, &ordinal};
    CUresult result = cuPointerGetAttributes(
        2, asked, values, reinterpret_cast<CUdeviceptr>(pointer));
    if (result)
      return result;
    *attributes = {};
    attributes->type = type == CU_MEMORYTYPE_DEVICE ? cudaMemoryTypeDevice
                       : type == CU_MEMORYTYPE_HOST
                           ? cudaMemoryTypeHost
                           : cudaMemoryTypeUnregistered;
    attributes->device = ordinal < 0 ? 0 : ordinal;
    attributes->devicePointer = type ? const_cast<void *>(pointer) : nullptr;
    attributes->hostPointer =
        type == CU_MEMORYTYPE_HOST ? const_cast<void *>(pointer) : nullptr;
    return CUDA_SUCCESS;
  });
}

//===----------------------------------------------------------------------===//
// Streams and events
//===----------------------------------------------------------------------===//

cudaError_t cudaStreamCreateWithPriority(cudaStream_t *stream,
                                         unsigned int flags, int priority) {
  return call([&] {
    return cuStreamCreateWithPriority(reinterpret_cast<CUstream *>(stream),
                                      flags, priority);
  });
}

cudaError_t cudaStreamCreateWithFlags(cudaStream_t *stream,
                                      unsigned int flags) {
  return cudaStreamCreateWithPriority(stream, flags, 0);
}

cudaError_t cudaStreamCreate(cudaStream_t *stream) {
  return cudaStreamCreateWithPriority(stream, 0, 0);
}

cudaError_t cudaStreamDestroy(cudaStream_t stream) {
  return call([&] { return cuStreamDestroy(streamOf(stream)); });
}

cudaError_t cudaStreamSynchronize(cudaStream_t stream) {
  return call([&] { return cuStreamSynchronize(streamOf(stream)); });
}

cudaError_t cudaStreamQuery(cudaStream_t stream) {
  return call([&] { return cuStreamQuery(streamOf(stream)); });
}

cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event,
                                unsigned int flags) {
  return call([&] {
    return cuStreamWaitEvent(streamOf(stream), reinterpret_cast<CUevent>(event),
                             flags);
  });
}

cudaError_t cudaStreamIsCapturing(cudaStream_t stream,
                                  enum cudaStreamCaptureStatus *status) {
  return call([&] {
    return cuStreamIsCapturing(
        streamOf(stream), reinterpret_cast<CUstreamCaptureStatus *>(status));
  });
}

cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t function,
                               void *data) {
  return call(
      [&] { return cuLaunchHostFunc(streamOf(stream), function, data); });
}

cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags) {
  return call(
      [&] { return cuEventCreate(reinterpret_cast<CUevent *>(event), flags); });
}

cudaError_t cudaEventCreate(cudaEvent_t *event) {
  return cudaEventCreateWithFlags(event, 0);
}

cudaError_t cudaEventDestroy(cudaEvent_t event) {
  return call([&] { return cuEventDestroy(reinterpret_cast<CUevent>(event)); });
}

cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream) {
  return call([&] {
    return cuEventRecord(reinterpret_cast<CUevent>(event), streamOf(stream));
  });
}

cudaError_t cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t stream,
                                     unsigned int flags) {
  return call([&] {
    return cuEventRecordWithFlags(reinterpret_cast<CUevent>(event),
                                  streamOf(stream), flags);
  });
}

cudaError_t cudaEventSynchronize(cudaEvent_t event) {
  return call(
      [&] { return cuEventSynchronize(reinterpret_cast<CUevent>(event)); });
}

cudaError_t cudaEventQuery(cudaEvent_t event) {
  return call([&] { return cuEventQuery(reinterpret_cast<CUevent>(event)); });
}

cudaError_t cudaEventElapsedTime(float *milliseconds, cudaEvent_t start,
                                 cudaEvent_t end) {
  return call([&] {
    return cuEventElapsedTime(milliseconds, reinterpret_cast<CUevent>(start),
                              reinterpret_cast<CUevent>(end));
  });
}

} // extern "C"
