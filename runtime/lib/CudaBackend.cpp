//===- CudaBackend.cpp - the Backend on the CUDA driver API ---------------===//
//
// Kernels are loaded with cuModuleLoadDataEx so that the JIT's error and
// info logs can be captured: a PTX that does not assemble for the device
// then says why, instead of just CUDA_ERROR_INVALID_PTX. Clusters and
// programmatic dependent launches need cuLaunchKernelEx (with the cluster
// dimension and programmatic stream serialization attributes); plain
// launches use cuLaunchKernel.
//
//===----------------------------------------------------------------------===//

#include "CudaBackend.h"

#include <cstring>

using namespace lmhead::runtime;

namespace {

/// Size of each JIT log buffer.
constexpr std::size_t kJitLogBytes = 16 * 1024;
/// Dynamic shared memory a kernel may use without opting in.
constexpr unsigned kDefaultSharedLimit = 48 * 1024;

CUdeviceptr devicePointer(const void *pointer) {
  return reinterpret_cast<CUdeviceptr>(pointer);
}

} // namespace

std::unique_ptr<CudaBackend>
CudaBackend::create(int ordinal, LMHeadStatus &status, std::string &error) {
  std::unique_ptr<CudaDriver> driver =
      CudaDriver::load(CudaDriver::libraryPath(), error);
  if (!driver) {
    status = LMHEAD_STATUS_DRIVER_NOT_FOUND;
    return nullptr;
  }
  int init = driver->cuInit(0);
  if (init == CUDA_ERROR_NO_DEVICE) {
    status = LMHEAD_STATUS_NO_DEVICE;
    error = "the CUDA driver '" + driver->path() +
            "' reports no device (cuInit: " + driver->describe(init) + ")";
    return nullptr;
  }
  status = LMHEAD_STATUS_DRIVER_ERROR;
  if (!driver->check(init, "cuInit", error))
    return nullptr;
  int count = 0;
  if (!LMHEAD_CUDA_CHECK(*driver, error, cuDeviceGetCount, &count))
    return nullptr;
  if (ordinal < 0 || ordinal >= count) {
    status = LMHEAD_STATUS_NO_DEVICE;
    error = "CUDA device " + std::to_string(ordinal) +
            " does not exist: the driver reports " + std::to_string(count) +
            " device(s)";
    return nullptr;
  }
  CUdevice device;
  CUcontext context;
  if (!LMHEAD_CUDA_CHECK(*driver, error, cuDeviceGet, &device, ordinal) ||
      !LMHEAD_CUDA_CHECK(*driver, error, cuDevicePrimaryCtxRetain, &context,
                         device))
    return nullptr;
  std::unique_ptr<CudaBackend> backend(
      new CudaBackend(std::move(driver), device, context));
  // The grid limits, once: a run checks every kernel's grid against them
  // before it launches anything.
  const CUdevice_attribute gridAttributes[3] = {
      CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X, CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y,
      CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z};
  for (int i = 0; i < 3; ++i) {
    int limit = 0;
    if (!LMHEAD_CUDA_CHECK(*backend->driver, error, cuDeviceGetAttribute,
                           &limit, gridAttributes[i], device))
      return nullptr;
    backend->gridLimit[i] = limit > 0 ? static_cast<unsigned>(limit) : 0;
  }
  status = LMHEAD_STATUS_OK;
  return backend;
}

CudaBackend::~CudaBackend() {
  // Nothing to report to at this point; the release cannot be retried.
  driver->cuDevicePrimaryCtxRelease(device);
}

CudaBackend::ContextScope::ContextScope(CudaDriver &driver, CUcontext context,
                                        std::string &error)
    : driver(driver) {
  // Asked on every call rather than remembered per thread: another library
  // may have switched the thread's context since.
  status = driver.cuCtxGetCurrent(&previous);
  if (status != CUDA_SUCCESS) {
    driver.check(status, "cuCtxGetCurrent", error);
    return;
  }
  if (previous == context)
    return;
  status = driver.cuCtxSetCurrent(context);
  if (!driver.check(status, "cuCtxSetCurrent", error))
    return;
  restore = previous != nullptr;
}

CudaBackend::ContextScope::~ContextScope() {
  // A failure here has no caller to report to, and the call itself is done.
  if (restore)
    driver.cuCtxSetCurrent(previous);
}

CudaBackend::ContextScope CudaBackend::makeCurrent(std::string &error) {
  return ContextScope(*driver, context, error);
}

template <typename ReleaseNow>
Outcome CudaBackend::release(const char *call, ReleaseNow releaseNow) {
  std::string error;
  ContextScope scope(*driver, context, error);
  int status = scope.status;
  if (status == CUDA_SUCCESS) {
    status = releaseNow();
    if (status != CUDA_SUCCESS && status != CUDA_ERROR_DEINITIALIZED)
      driver->check(status, call, error);
  }
  if (status == CUDA_SUCCESS || status == CUDA_ERROR_DEINITIALIZED)
    return {};
  return driverFailure(error);
}

Outcome CudaBackend::loadModule(const void *image, void **module) {
  std::string error;
  ContextScope scope = makeCurrent(error);
  if (!scope)
    return driverFailure(error);
  std::string errorLog(kJitLogBytes, '\0'), infoLog(kJitLogBytes, '\0');
  CUjit_option options[] = {
      CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
      CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES};
  void *values[] = {errorLog.data(), reinterpret_cast<void *>(kJitLogBytes),
                    infoLog.data(), reinterpret_cast<void *>(kJitLogBytes)};
  CUmodule loaded = nullptr;
  int status = driver->cuModuleLoadDataEx(&loaded, image, 4, options, values);
  if (status != CUDA_SUCCESS) {
    error = "cuModuleLoadDataEx failed: " + driver->describe(status);
    errorLog.resize(std::strlen(errorLog.c_str()));
    infoLog.resize(std::strlen(infoLog.c_str()));
    if (!errorLog.empty())
      error += "; JIT log: " + errorLog;
    else if (!infoLog.empty())
      error += "; JIT info log: " + infoLog;
    return driverFailure(error);
  }
  *module = loaded;
  return {};
}

Outcome CudaBackend::unloadModule(void *module) {
  return release("cuModuleUnload", [&] {
    return driver->cuModuleUnload(static_cast<CUmodule>(module));
  });
}

Outcome CudaBackend::getFunction(void *module, const char *name,
                                 void **function) {
  std::string error;
  CUfunction found = nullptr;
  ContextScope scope = makeCurrent(error);
  if (!scope)
    return driverFailure(error);
  if (!LMHEAD_CUDA_CHECK(*driver, error, cuModuleGetFunction, &found,
                         static_cast<CUmodule>(module), name)) {
    error += std::string(" (kernel '") + name + "')";
    return driverFailure(error);
  }
  *function = found;
  return {};
}

Outcome CudaBackend::parameterSizes(void *function,
                                    std::vector<std::size_t> &sizes,
                                    bool &known) {
  std::string error;
  sizes.clear();
  known = false;
  if (!driver->cuFuncGetParamInfo)
    return {};
  ContextScope scope = makeCurrent(error);
  if (!scope)
    return driverFailure(error);
  // The driver answers CUDA_ERROR_INVALID_VALUE for the first index past
  // the last parameter; a kernel has at most 32764 bytes of them.
  for (std::size_t index = 0; index < 32764; ++index) {
    std::size_t offset = 0, size = 0;
    int result = driver->cuFuncGetParamInfo(static_cast<CUfunction>(function),
                                            index, &offset, &size);
    if (result == CUDA_ERROR_INVALID_VALUE)
      break;
    // A driver that cannot answer for this function leaves the check to
    // the launch, as one without the entry point does.
    if (result == CUDA_ERROR_NOT_SUPPORTED && index == 0)
      return {};
    if (!driver->check(result, "cuFuncGetParamInfo", error))
      return driverFailure(error);
    sizes.push_back(size);
  }
  known = true;
  return {};
}

void CudaBackend::maxGridSize(unsigned (&size)[3]) const {
  for (int i = 0; i < 3; ++i)
    size[i] = gridLimit[i];
}

Outcome CudaBackend::launch(void *function, const char *kernelName,
                            const LaunchDims &dims, void *stream,
                            void **params) {
  std::string error;
  auto f = static_cast<CUfunction>(function);
  auto where = [&] {
    error += std::string(" (kernel '") + (kernelName ? kernelName : "?") +
             "', " + dims.describe() + ")";
    return driverFailure(error);
  };
  ContextScope scope = makeCurrent(error);
  if (!scope)
    return driverFailure(error);
  if (dims.sharedBytes > kDefaultSharedLimit &&
      !LMHEAD_CUDA_CHECK(*driver, error, cuFuncSetAttribute, f,
                         CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                         static_cast<int>(dims.sharedBytes)))
    return where();
  if (!dims.hasClusters() && !dims.programmatic) {
    if (!LMHEAD_CUDA_CHECK(*driver, error, cuLaunchKernel, f, dims.grid[0],
                           dims.grid[1], dims.grid[2], dims.block[0],
                           dims.block[1], dims.block[2], dims.sharedBytes,
                           static_cast<CUstream>(stream), params, nullptr))
      return where();
    return {};
  }
  CUlaunchAttribute attributes[2];
  std::memset(attributes, 0, sizeof(attributes));
  unsigned count = 0;
  if (dims.hasClusters()) {
    CUlaunchAttribute &cluster = attributes[count++];
    cluster.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
    cluster.value.clusterDim.x = dims.cluster[0];
    cluster.value.clusterDim.y = dims.cluster[1];
    cluster.value.clusterDim.z = dims.cluster[2];
  }
  if (dims.programmatic) {
    CUlaunchAttribute &serialization = attributes[count++];
    serialization.id = CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION;
    serialization.value.programmaticStreamSerializationAllowed = 1;
  }
  CUlaunchConfig config;
  std::memset(&config, 0, sizeof(config));
  config.gridDimX = dims.grid[0];
  config.gridDimY = dims.grid[1];
  config.gridDimZ = dims.grid[2];
  config.blockDimX = dims.block[0];
  config.blockDimY = dims.block[1];
  config.blockDimZ = dims.block[2];
  config.sharedMemBytes = dims.sharedBytes;
  config.hStream = static_cast<CUstream>(stream);
  config.attrs = attributes;
  config.numAttrs = count;
  if (!LMHEAD_CUDA_CHECK(*driver, error, cuLaunchKernelEx, &config, f, params,
                         nullptr))
    return where();
  return {};
}

Outcome CudaBackend::createStream(void **stream) {
  std::string error;
  CUstream created = nullptr;
  if (!makeCurrent(error) ||
      !LMHEAD_CUDA_CHECK(*driver, error, cuStreamCreate, &created,
                         CU_STREAM_NON_BLOCKING))
    return driverFailure(error);
  *stream = created;
  return {};
}

Outcome CudaBackend::destroyStream(void *stream) {
  return release("cuStreamDestroy", [&] {
    return driver->cuStreamDestroy(static_cast<CUstream>(stream));
  });
}

Outcome CudaBackend::synchronizeStream(void *stream) {
  return onContext([&](std::string &error) {
    return LMHEAD_CUDA_CHECK(*driver, error, cuStreamSynchronize,
                             static_cast<CUstream>(stream));
  });
}

Outcome CudaBackend::isCapturing(void *stream, bool &capturing) {
  std::string error;
  CUstreamCaptureStatus status = CU_STREAM_CAPTURE_STATUS_NONE;
  if (!(makeCurrent(error) &&
        LMHEAD_CUDA_CHECK(*driver, error, cuStreamIsCapturing,
                          static_cast<CUstream>(stream), &status)))
    return driverFailure(error);
  capturing = status != CU_STREAM_CAPTURE_STATUS_NONE;
  return {};
}

Outcome CudaBackend::streamWaitEvent(void *stream, void *event) {
  return onContext([&](std::string &error) {
    return LMHEAD_CUDA_CHECK(*driver, error, cuStreamWaitEvent,
                             static_cast<CUstream>(stream),
                             static_cast<CUevent>(event), 0);
  });
}

Outcome CudaBackend::createEvent(void **event) {
  std::string error;
  CUevent created = nullptr;
  if (!makeCurrent(error) ||
      !LMHEAD_CUDA_CHECK(*driver, error, cuEventCreate, &created,
                         CU_EVENT_DISABLE_TIMING))
    return driverFailure(error);
  *event = created;
  return {};
}

Outcome CudaBackend::destroyEvent(void *event) {
  return release("cuEventDestroy", [&] {
    return driver->cuEventDestroy(static_cast<CUevent>(event));
  });
}

Outcome CudaBackend::recordEvent(void *event, void *stream) {
  return onContext([&](std::string &error) {
    return LMHEAD_CUDA_CHECK(*driver, error, cuEventRecord,
                             static_cast<CUevent>(event),
                             static_cast<CUstream>(stream));
  });
}

Outcome CudaBackend::synchronizeEvent(void *event) {
  return onContext([&](std::string &error) {
    return LMHEAD_CUDA_CHECK(*driver, error, cuEventSynchronize,
                             static_cast<CUevent>(event));
  });
}

Outcome CudaBackend::allocate(std::size_t bytes, bool hostShared,
                              void **pointer) {
  std::string error;
  // The driver rejects empty allocations; an empty memref needs none.
  if (bytes == 0) {
    *pointer = nullptr;
    return {};
  }
  CUdeviceptr allocated = 0;
  bool ok =
      makeCurrent(error) &&
      (hostShared
           ? LMHEAD_CUDA_CHECK(*driver, error, cuMemAllocManaged, &allocated,
                               bytes, CU_MEM_ATTACH_GLOBAL)
           : LMHEAD_CUDA_CHECK(*driver, error, cuMemAlloc, &allocated, bytes));
  if (!ok) {
    error += " (" + std::to_string(bytes) + " bytes)";
    return driverFailure(error);
  }
  *pointer = reinterpret_cast<void *>(allocated);
  return {};
}

Outcome CudaBackend::deallocate(void *pointer) {
  if (!pointer)
    return {};
  return release("cuMemFree",
                 [&] { return driver->cuMemFree(devicePointer(pointer)); });
}

Outcome CudaBackend::copy(void *dst, const void *src, std::size_t bytes,
                          void *stream) {
  // Unified addressing: one call for every direction.
  return onContext([&](std::string &error) {
    return LMHEAD_CUDA_CHECK(*driver, error, cuMemcpyAsync, devicePointer(dst),
                             devicePointer(src), bytes,
                             static_cast<CUstream>(stream));
  });
}

Outcome CudaBackend::fill32(void *dst, uint32_t value, std::size_t count,
                            void *stream) {
  return onContext([&](std::string &error) {
    return LMHEAD_CUDA_CHECK(*driver, error, cuMemsetD32Async,
                             devicePointer(dst), value, count,
                             static_cast<CUstream>(stream));
  });
}

Outcome CudaBackend::fill16(void *dst, uint16_t value, std::size_t count,
                            void *stream) {
  return onContext([&](std::string &error) {
    return LMHEAD_CUDA_CHECK(*driver, error, cuMemsetD16Async,
                             devicePointer(dst), value, count,
                             static_cast<CUstream>(stream));
  });
}

Outcome CudaBackend::registerHost(void *pointer, std::size_t bytes) {
  if (bytes == 0)
    return {};
  return onContext([&](std::string &error) {
    return LMHEAD_CUDA_CHECK(*driver, error, cuMemHostRegister, pointer, bytes,
                             0);
  });
}

Outcome CudaBackend::unregisterHost(void *pointer) {
  return release("cuMemHostUnregister",
                 [&] { return driver->cuMemHostUnregister(pointer); });
}

Outcome CudaBackend::encodeTensorMap(const TensorMapRequest &request,
                                     void *map) {
  std::string error;
  static_assert(sizeof(CUtensorMap) == kTensorMapBytes);
  cuuint64_t globalDim[5], globalStrides[4];
  cuuint32_t boxDim[5], elementStrides[5];
  for (unsigned i = 0; i < 5; ++i) {
    globalDim[i] = request.globalDim[i];
    boxDim[i] = request.boxDim[i];
    elementStrides[i] = request.elementStrides[i];
    if (i < 4)
      globalStrides[i] = request.globalStrides[i];
  }
  return driverOutcome(
      LMHEAD_CUDA_CHECK(
          *driver, error, cuTensorMapEncodeTiled,
          static_cast<CUtensorMap *>(map),
          static_cast<CUtensorMapDataType>(request.dataType), request.rank,
          request.globalAddress, globalDim, globalStrides, boxDim,
          elementStrides,
          static_cast<CUtensorMapInterleave>(request.interleave),
          static_cast<CUtensorMapSwizzle>(request.swizzle),
          static_cast<CUtensorMapL2promotion>(request.l2Promotion),
          static_cast<CUtensorMapFloatOOBfill>(request.oobFill)),
      error);
}

std::unique_ptr<Backend>
lmhead::runtime::createCudaBackend(int ordinal, LMHeadStatus &status,
                                   std::string &error) {
  return CudaBackend::create(ordinal, status, error);
}
