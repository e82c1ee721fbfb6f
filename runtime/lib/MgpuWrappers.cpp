//===- MgpuWrappers.cpp - the mgpu* functions of MLIR-lowered programs ----===//
//
// MLIR's GPU-to-LLVM lowering (and `gpu.binary`'s translation to LLVM IR)
// turns gpu.launch_func, gpu.alloc, gpu.memcpy, gpu.wait and friends into
// calls of the functions below, with these exact C signatures (as MLIR 22
// declares them: modules come as NUL-terminated PTX for format=isa, launch
// sizes as index-typed intptr_t). They run on the process's backend
// (Backend.h).
//
// Lowered programs cannot handle errors: the calls return nothing or a
// handle. A failure therefore ends the process with a message on stderr
// naming the call and the reason, and exit status 1, never a signal and
// never a silently wrong result.
//
//===----------------------------------------------------------------------===//

#include "Backend.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <unordered_map>

using namespace lmhead::runtime;

namespace {

[[noreturn]] void fatal(const char *function, LMHeadStatus status,
                        const std::string &error) {
  std::fflush(stdout);
  std::fprintf(stderr, "lmhead runtime: error: %s: %s [%s]\n", function,
               error.c_str(), lmheadStatusName(status));
  std::fflush(stderr);
  std::_Exit(EXIT_FAILURE);
}

/// The process's backend, or the end of the process with the reason.
Backend &backendFor(const char *function) {
  LMHeadStatus status;
  std::string error;
  Backend *backend = processBackend(status, error);
  if (!backend)
    fatal(function, status, error);
  return *backend;
}

void check(const char *function, const Outcome &outcome) {
  if (!outcome.ok())
    fatal(function, outcome.status(), outcome.message());
}

/// Kernel names by function handle, for launch error messages.
std::mutex namesMutex;
std::unordered_map<void *, std::string> &kernelNames() {
  static auto *names = new std::unordered_map<void *, std::string>();
  return *names;
}

std::string kernelName(void *function) {
  std::lock_guard<std::mutex> lock(namesMutex);
  auto it = kernelNames().find(function);
  return it == kernelNames().end() ? "?" : it->second;
}

/// A launch size from MLIR's index type, checked to fit the driver's.
unsigned dimension(const char *function, const char *what, intptr_t value) {
  if (value < 1 || value > 0x7fffffff)
    fatal(function, LMHEAD_STATUS_INVALID_ARGUMENT,
          std::string(what) + " is " + std::to_string(value) +
              ", outside [1, 2^31)");
  return static_cast<unsigned>(value);
}

/// The launch geometry of an mgpu launch call, every size checked.
LaunchDims launchDims(const char *function, const intptr_t (&cluster)[3],
                      const intptr_t (&grid)[3], const intptr_t (&block)[3],
                      int32_t sharedBytes) {
  static const char *const axes[] = {"x", "y", "z"};
  LaunchDims dims;
  for (int i = 0; i < 3; ++i) {
    dims.cluster[i] = dimension(
        function, (std::string("cluster ") + axes[i]).c_str(), cluster[i]);
    dims.grid[i] =
        dimension(function, (std::string("grid ") + axes[i]).c_str(), grid[i]);
    dims.block[i] = dimension(
        function, (std::string("block ") + axes[i]).c_str(), block[i]);
  }
  if (sharedBytes < 0)
    fatal(function, LMHEAD_STATUS_INVALID_ARGUMENT,
          "negative dynamic shared memory " + std::to_string(sharedBytes));
  dims.sharedBytes = static_cast<unsigned>(sharedBytes);
  return dims;
}

void launch(const char *function, void *kernel, const LaunchDims &dims,
            void *stream, void **params) {
  std::string name = kernelName(kernel);
  check(function, backendFor(function).launch(kernel, name.c_str(), dims,
                                              stream, params));
}

/// The start of a ranked memref descriptor as MLIR lays it out: two
/// pointers, the offset, then `rank` sizes and `rank` strides.
struct MemRefView {
  char *aligned;
  int64_t offset;
  const int64_t *sizes;
  const int64_t *strides;
};

MemRefView viewMemRef(int64_t rank, void *descriptor) {
  auto *pointers = static_cast<char **>(descriptor);
  auto *words = reinterpret_cast<const int64_t *>(pointers + 2);
  return {pointers[1], words[0], words + 1, words + 1 + rank};
}

/// The bytes a dense memref spans; ends the process for a strided one.
std::size_t denseMemRefBytes(const char *function, int64_t rank,
                             const MemRefView &view, int64_t elementBytes) {
  int64_t expected = 1;
  for (int64_t dim = rank - 1; dim >= 0; --dim) {
    if (view.sizes[dim] != 1 && view.strides[dim] != expected)
      fatal(function, LMHEAD_STATUS_INVALID_ARGUMENT,
            "only dense (identity-layout) memrefs can be registered; "
            "dimension " +
                std::to_string(dim) + " has stride " +
                std::to_string(view.strides[dim]) + " where " +
                std::to_string(expected) + " is dense");
    expected *= view.sizes[dim];
  }
  return static_cast<std::size_t>(expected * elementBytes);
}

/// Bytes per element of a CUtensorMapDataType, or 0 for one not handled.
int64_t tensorMapElementBytes(int64_t dataType) {
  switch (dataType) {
  case 0: // UINT8
    return 1;
  case 1: // UINT16
  case 6: // FLOAT16
  case 9: // BFLOAT16
    return 2;
  case 2:  // UINT32
  case 3:  // INT32
  case 7:  // FLOAT32
  case 10: // FLOAT32_FTZ
  case 11: // TFLOAT32
  case 12: // TFLOAT32_FTZ
    return 4;
  case 4: // UINT64
  case 5: // INT64
  case 8: // FLOAT64
    return 8;
  default:
    return 0;
  }
}

} // namespace

#define MGPU_API extern "C" LMHEAD_RUNTIME_API

MGPU_API void *mgpuModuleLoad(void *data, size_t /*size*/) {
  void *module = nullptr;
  check("mgpuModuleLoad",
        backendFor("mgpuModuleLoad").loadModule(data, &module));
  return module;
}

MGPU_API void *mgpuModuleLoadJIT(void *data, int /*optLevel*/) {
  void *module = nullptr;
  check("mgpuModuleLoadJIT",
        backendFor("mgpuModuleLoadJIT").loadModule(data, &module));
  return module;
}

MGPU_API void mgpuModuleUnload(void *module) {
  check("mgpuModuleUnload",
        backendFor("mgpuModuleUnload").unloadModule(module));
}

MGPU_API void *mgpuModuleGetFunction(void *module, const char *name) {
  void *function = nullptr;
  check(
      "mgpuModuleGetFunction",
      backendFor("mgpuModuleGetFunction").getFunction(module, name, &function));
  std::lock_guard<std::mutex> lock(namesMutex);
  kernelNames()[function] = name;
  return function;
}

MGPU_API void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                               intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                               intptr_t blockZ, int32_t sharedBytes,
                               void *stream, void **params, void ** /*extra*/,
                               size_t /*paramsCount*/) {
  const char *self = "mgpuLaunchKernel";
  launch(self, function,
         launchDims(self, {1, 1, 1}, {gridX, gridY, gridZ},
                    {blockX, blockY, blockZ}, sharedBytes),
         stream, params);
}

MGPU_API void mgpuLaunchClusterKernel(void *function, intptr_t clusterX,
                                      intptr_t clusterY, intptr_t clusterZ,
                                      intptr_t gridX, intptr_t gridY,
                                      intptr_t gridZ, intptr_t blockX,
                                      intptr_t blockY, intptr_t blockZ,
                                      int32_t sharedBytes, void *stream,
                                      void **params, void ** /*extra*/) {
  const char *self = "mgpuLaunchClusterKernel";
  launch(self, function,
         launchDims(self, {clusterX, clusterY, clusterZ}, {gridX, gridY, gridZ},
                    {blockX, blockY, blockZ}, sharedBytes),
         stream, params);
}

MGPU_API void *mgpuStreamCreate() {
  void *stream = nullptr;
  check("mgpuStreamCreate",
        backendFor("mgpuStreamCreate").createStream(&stream));
  return stream;
}

MGPU_API void mgpuStreamDestroy(void *stream) {
  check("mgpuStreamDestroy",
        backendFor("mgpuStreamDestroy").destroyStream(stream));
}

MGPU_API void mgpuStreamSynchronize(void *stream) {
  check("mgpuStreamSynchronize",
        backendFor("mgpuStreamSynchronize").synchronizeStream(stream));
}

MGPU_API void mgpuStreamWaitEvent(void *stream, void *event) {
  check("mgpuStreamWaitEvent",
        backendFor("mgpuStreamWaitEvent").streamWaitEvent(stream, event));
}

MGPU_API void *mgpuEventCreate() {
  void *event = nullptr;
  check("mgpuEventCreate", backendFor("mgpuEventCreate").createEvent(&event));
  return event;
}

MGPU_API void mgpuEventDestroy(void *event) {
  check("mgpuEventDestroy", backendFor("mgpuEventDestroy").destroyEvent(event));
}

MGPU_API void mgpuEventSynchronize(void *event) {
  check("mgpuEventSynchronize",
        backendFor("mgpuEventSynchronize").synchronizeEvent(event));
}

MGPU_API void mgpuEventRecord(void *event, void *stream) {
  check("mgpuEventRecord",
        backendFor("mgpuEventRecord").recordEvent(event, stream));
}

MGPU_API void *mgpuMemAlloc(uint64_t sizeBytes, void * /*stream*/,
                            bool isHostShared) {
  void *pointer = nullptr;
  check("mgpuMemAlloc",
        backendFor("mgpuMemAlloc").allocate(sizeBytes, isHostShared, &pointer));
  return pointer;
}

MGPU_API void mgpuMemFree(void *pointer, void * /*stream*/) {
  check("mgpuMemFree", backendFor("mgpuMemFree").deallocate(pointer));
}

MGPU_API void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *stream) {
  check("mgpuMemcpy",
        backendFor("mgpuMemcpy").copy(dst, src, sizeBytes, stream));
}

MGPU_API void mgpuMemset32(void *dst, unsigned int value, size_t count,
                           void *stream) {
  check("mgpuMemset32",
        backendFor("mgpuMemset32").fill32(dst, value, count, stream));
}

MGPU_API void mgpuMemset16(void *dst, unsigned short value, size_t count,
                           void *stream) {
  check("mgpuMemset16",
        backendFor("mgpuMemset16").fill16(dst, value, count, stream));
}

MGPU_API void mgpuMemHostRegister(void *pointer, uint64_t sizeBytes) {
  check("mgpuMemHostRegister",
        backendFor("mgpuMemHostRegister").registerHost(pointer, sizeBytes));
}

MGPU_API void mgpuMemHostRegisterMemRef(int64_t rank, void *descriptor,
                                        int64_t elementSizeBytes) {
  const char *self = "mgpuMemHostRegisterMemRef";
  MemRefView view = viewMemRef(rank, descriptor);
  std::size_t bytes = denseMemRefBytes(self, rank, view, elementSizeBytes);
  check(self, backendFor(self).registerHost(
                  view.aligned + view.offset * elementSizeBytes, bytes));
}

MGPU_API void mgpuMemHostUnregister(void *pointer) {
  check("mgpuMemHostUnregister",
        backendFor("mgpuMemHostUnregister").unregisterHost(pointer));
}

MGPU_API void mgpuMemHostUnregisterMemRef(int64_t rank, void *descriptor,
                                          int64_t elementSizeBytes) {
  MemRefView view = viewMemRef(rank, descriptor);
  check("mgpuMemHostUnregisterMemRef",
        backendFor("mgpuMemHostUnregisterMemRef")
            .unregisterHost(view.aligned + view.offset * elementSizeBytes));
}

MGPU_API void mgpuSetDefaultDevice(int32_t device) {
  processDefaultDevice() = device;
}

MGPU_API void
mgpuTensorMapEncodeTiled(void *tensorMap, int dataType, uint32_t rank,
                         void *globalAddress, const uint64_t *globalDim,
                         const uint64_t *globalStrides, const uint32_t *boxDim,
                         const uint32_t *elementStrides, int interleave,
                         int swizzle, int l2Promotion, int oobFill) {
  const char *self = "mgpuTensorMapEncodeTiled";
  if (rank < 1 || rank > 5)
    fatal(self, LMHEAD_STATUS_INVALID_ARGUMENT,
          "tensor rank " + std::to_string(rank) + " is outside [1, 5]");
  TensorMapRequest request;
  request.dataType = dataType;
  request.rank = rank;
  request.globalAddress = globalAddress;
  for (uint32_t i = 0; i < rank; ++i) {
    request.globalDim[i] = globalDim[i];
    request.boxDim[i] = boxDim[i];
    request.elementStrides[i] = elementStrides[i];
    if (i + 1 < rank)
      request.globalStrides[i] = globalStrides[i];
  }
  request.interleave = interleave;
  request.swizzle = swizzle;
  request.l2Promotion = l2Promotion;
  request.oobFill = oobFill;
  check(self, backendFor(self).encodeTensorMap(request, tensorMap));
}

MGPU_API void *mgpuTensorMapEncodeTiledMemref(
    int64_t rank, void *descriptor, int64_t dataType, int64_t interleave,
    int64_t swizzle, int64_t l2Promotion, int64_t oobFill, int64_t *boxDims) {
  const char *self = "mgpuTensorMapEncodeTiledMemref";
  int64_t elementBytes = tensorMapElementBytes(dataType);
  if (elementBytes == 0)
    fatal(self, LMHEAD_STATUS_INVALID_ARGUMENT,
          "tensor map data type " + std::to_string(dataType) +
              " is not handled");
  if (rank < 1 || rank > 5)
    fatal(self, LMHEAD_STATUS_INVALID_ARGUMENT,
          "tensor rank " + std::to_string(rank) + " is outside [1, 5]");
  // The driver counts dimensions from the innermost; memrefs from the
  // outermost.
  MemRefView view = viewMemRef(rank, descriptor);
  TensorMapRequest request;
  request.dataType = static_cast<int>(dataType);
  request.rank = static_cast<unsigned>(rank);
  request.globalAddress = view.aligned + view.offset * elementBytes;
  for (int64_t i = 0; i < rank; ++i) {
    int64_t dim = rank - 1 - i;
    request.globalDim[i] = static_cast<uint64_t>(view.sizes[dim]);
    request.boxDim[i] = static_cast<unsigned>(boxDims[dim]);
    if (i > 0)
      request.globalStrides[i - 1] =
          static_cast<uint64_t>(view.strides[dim] * elementBytes);
  }
  request.interleave = static_cast<int>(interleave);
  request.swizzle = static_cast<int>(swizzle);
  request.l2Promotion = static_cast<int>(l2Promotion);
  request.oobFill = static_cast<int>(oobFill);

  // The kernel reads the map from device memory.
  Backend &backend = backendFor(self);
  // cuda.h's CUtensorMap is aligned to 128 bytes (the driver asks for 64).
  alignas(128) unsigned char map[kTensorMapBytes];
  check(self, backend.encodeTensorMap(request, map));
  void *deviceMap = nullptr;
  check(self, backend.allocate(kTensorMapBytes, false, &deviceMap));
  check(self, backend.copy(deviceMap, map, kTensorMapBytes, nullptr));
  check(self, backend.synchronizeStream(nullptr));
  return deviceMap;
}
