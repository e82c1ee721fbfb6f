//===- Launches.cpp - kernel launches and occupancy -----------------------===//
//
// cuLaunchKernel and cuLaunchKernelEx hold a launch to the driver's rules
// (grid and block limits, dynamic shared memory within what the kernel
// opted in to, cluster dimensions dividing the grid) and run it on the
// emulator before returning. The cluster dimensions of cuLaunchKernelEx's
// attributes are passed on to the backend in LaunchDims::cluster. A kernel
// that fails on the emulator (an access outside its buffers, a race, an
// instruction the emulator lacks) makes the context's error sticky, as a
// fault does on a GPU: its message is on stderr, and every later call that
// needs the context returns CUDA_ERROR_LAUNCH_FAILED.
//
//===----------------------------------------------------------------------===//

#include "DriverInternals.h"

#include <algorithm>

using namespace lmhead;
using namespace lmhead::driver;

namespace {

/// Events cuLaunchKernelEx records after the launch (the launch-completion
/// and programmatic events: the kernel is done, so they complete now).
struct LaunchEvents {
  CUevent completion = nullptr, programmatic = nullptr;
};

/// Runs `function` with `dims` on `stream` after checking them.
CUresult launch(const char *call, CUfunction handle, runtime::LaunchDims dims,
                CUstream stream, void **kernelParams, void **extra) {
  if (CUresult result = requireContext(call))
    return result;
  Function *function = findFunction(handle);
  if (!function)
    return fail(call, CUDA_ERROR_INVALID_HANDLE,
                "not a function or kernel of this driver");
  const std::string &name = function->kernel->name;
  void *queue;
  if (!backendStream(stream, queue))
    return fail(call, CUDA_ERROR_INVALID_HANDLE, "not a stream of this driver");
  for (int i = 0; i < 3; ++i)
    if (dims.grid[i] == 0 || dims.block[i] == 0)
      return fail(call, CUDA_ERROR_INVALID_VALUE,
                  "kernel '" + name + "': a grid or block size is 0 (" +
                      dims.describe() + ")");
  uint64_t threads =
      uint64_t(dims.block[0]) * dims.block[1] * uint64_t(dims.block[2]);
  if (threads > static_cast<uint64_t>(function->maxThreadsPerBlock) ||
      dims.block[2] > 64)
    return fail(call, CUDA_ERROR_INVALID_VALUE,
                "kernel '" + name + "': " + std::to_string(threads) +
                    " threads per block, more than the kernel's limit of " +
                    std::to_string(function->maxThreadsPerBlock) + " (" +
                    dims.describe() + ")");
  if (dims.sharedBytes > static_cast<unsigned>(function->maxDynamicShared))
    return fail(call, CUDA_ERROR_INVALID_VALUE,
                "kernel '" + name + "': " + std::to_string(dims.sharedBytes) +
                    " bytes of dynamic shared memory, more than the " +
                    std::to_string(function->maxDynamicShared) +
                    " it may use (raise CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_"
                    "SIZE_BYTES first)");
  if (dims.hasClusters()) {
    unsigned size = dims.cluster[0] * dims.cluster[1] * dims.cluster[2];
    unsigned limit = function->nonPortableClusters ? 16 : 8;
    if (size > limit)
      return fail(call, CUDA_ERROR_INVALID_CLUSTER_SIZE,
                  "kernel '" + name + "': clusters of " + std::to_string(size) +
                      " blocks, more than " + std::to_string(limit) + " (" +
                      dims.describe() + ")");
    for (int i = 0; i < 3; ++i)
      if (dims.grid[i] % dims.cluster[i] != 0)
        return fail(call, CUDA_ERROR_INVALID_CLUSTER_SIZE,
                    "kernel '" + name +
                        "': the grid is not a multiple of "
                        "the cluster (" +
                        dims.describe() + ")");
  }
  // Parameters: as pointers to each value, or packed in one buffer through
  // `extra` (CU_LAUNCH_PARAM_BUFFER_POINTER/SIZE).
  std::vector<void *> unpacked;
  std::size_t count = function->paramSizes.size();
  if (!kernelParams && extra) {
    char *buffer = nullptr;
    std::size_t bufferBytes = 0;
    bool sized = false;
    for (std::size_t i = 0; extra[i] != CU_LAUNCH_PARAM_END; i += 2) {
      if (extra[i] == CU_LAUNCH_PARAM_BUFFER_POINTER)
        buffer = static_cast<char *>(extra[i + 1]);
      else if (extra[i] == CU_LAUNCH_PARAM_BUFFER_SIZE) {
        bufferBytes = *static_cast<std::size_t *>(extra[i + 1]);
        sized = true;
      } else
        return fail(call, CUDA_ERROR_INVALID_VALUE,
                    "kernel '" + name + "': unknown entry in extra");
    }
    std::size_t needed =
        count ? function->paramOffsets.back() + function->paramSizes.back() : 0;
    if (count && (!buffer || !sized || bufferBytes < needed))
      return fail(call, CUDA_ERROR_INVALID_VALUE,
                  "kernel '" + name + "' takes " + std::to_string(needed) +
                      " bytes of parameters but extra gives " +
                      std::to_string(bufferBytes));
    for (std::size_t i = 0; i < count; ++i)
      unpacked.push_back(buffer + function->paramOffsets[i]);
    kernelParams = unpacked.data();
  } else if (kernelParams && extra) {
    return fail(call, CUDA_ERROR_INVALID_VALUE,
                "kernel '" + name + "': both kernelParams and extra given");
  } else if (!kernelParams && count) {
    return fail(call, CUDA_ERROR_INVALID_VALUE,
                "kernel '" + name + "' takes " + std::to_string(count) +
                    " parameters but kernelParams is null");
  }
  runtime::Outcome outcome = Driver::get().backend().launch(
      function->backendFunction, name.c_str(), dims, queue, kernelParams);
  if (outcome.ok())
    return CUDA_SUCCESS;
  if (outcome.status() == LMHEAD_STATUS_INVALID_ARGUMENT)
    return fail(call, CUDA_ERROR_INVALID_VALUE, outcome);
  std::lock_guard<std::recursive_mutex> lock(Driver::get().mutex);
  Driver::get().stickyError = CUDA_ERROR_LAUNCH_FAILED;
  return fail(call, CUDA_ERROR_LAUNCH_FAILED,
              outcome.message() +
                  " (the context's error is now sticky, as after a fault on "
                  "a GPU)");
}

runtime::LaunchDims dimsOf(unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                           unsigned by, unsigned bz, unsigned shared) {
  runtime::LaunchDims dims;
  dims.grid[0] = gx;
  dims.grid[1] = gy;
  dims.grid[2] = gz;
  dims.block[0] = bx;
  dims.block[1] = by;
  dims.block[2] = bz;
  dims.sharedBytes = shared;
  return dims;
}

/// Blocks of `function` with `blockSize` threads and `dynamicShared` bytes
/// that fit on one SM of an H100 at once.
int blocksPerSm(const Function &function, int blockSize,
                std::size_t dynamicShared) {
  if (blockSize <= 0 || blockSize > function.maxThreadsPerBlock)
    return 0;
  int warps = (blockSize + 31) / 32;
  int byThreads = 64 / warps;
  int byRegisters = 65536 / (64 * 32 * warps);
  std::size_t shared = function.staticShared + dynamicShared + 1024;
  int byShared = static_cast<int>(233472 / shared);
  return std::max(0, std::min({32, byThreads, byRegisters, byShared}));
}

} // namespace

CUresult cuLaunchKernel(CUfunction function, unsigned int gridX,
                        unsigned int gridY, unsigned int gridZ,
                        unsigned int blockX, unsigned int blockY,
                        unsigned int blockZ, unsigned int sharedBytes,
                        CUstream stream, void **kernelParams, void **extra) {
  return entry("cuLaunchKernel", [&] {
    return launch(
        "cuLaunchKernel", function,
        dimsOf(gridX, gridY, gridZ, blockX, blockY, blockZ, sharedBytes),
        stream, kernelParams, extra);
  });
}

CUresult cuLaunchCooperativeKernel(CUfunction function, unsigned int gridX,
                                   unsigned int gridY, unsigned int gridZ,
                                   unsigned int blockX, unsigned int blockY,
                                   unsigned int blockZ,
                                   unsigned int sharedBytes, CUstream stream,
                                   void **kernelParams) {
  return entry("cuLaunchCooperativeKernel", [&] {
    return launch(
        "cuLaunchCooperativeKernel", function,
        dimsOf(gridX, gridY, gridZ, blockX, blockY, blockZ, sharedBytes),
        stream, kernelParams, nullptr);
  });
}

CUresult cuLaunchKernelEx(const CUlaunchConfig *config, CUfunction function,
                          void **kernelParams, void **extra) {
  return entry("cuLaunchKernelEx", [&] {
    if (!config)
      return fail("cuLaunchKernelEx", CUDA_ERROR_INVALID_VALUE,
                  "config is null");
    runtime::LaunchDims dims = dimsOf(
        config->gridDimX, config->gridDimY, config->gridDimZ, config->blockDimX,
        config->blockDimY, config->blockDimZ, config->sharedMemBytes);
    if (config->numAttrs && !config->attrs)
      return fail("cuLaunchKernelEx", CUDA_ERROR_INVALID_VALUE,
                  "numAttrs is not 0 but attrs is null");
    LaunchEvents events;
    for (unsigned i = 0; i < config->numAttrs; ++i) {
      const CUlaunchAttribute &attribute = config->attrs[i];
      switch (attribute.id) {
      case CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION:
        dims.cluster[0] = attribute.value.clusterDim.x;
        dims.cluster[1] = attribute.value.clusterDim.y;
        dims.cluster[2] = attribute.value.clusterDim.z;
        if (!dims.cluster[0] || !dims.cluster[1] || !dims.cluster[2])
          return fail("cuLaunchKernelEx", CUDA_ERROR_INVALID_CLUSTER_SIZE,
                      "a cluster dimension is 0");
        break;
      case CU_LAUNCH_ATTRIBUTE_LAUNCH_COMPLETION_EVENT:
        events.completion = attribute.value.launchCompletionEvent.event;
        break;
      case CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_EVENT:
        events.programmatic = attribute.value.programmaticEvent.event;
        break;
      // Hints and orderings that a schedule running each launch to
      // completion in order already meets.
      case CU_LAUNCH_ATTRIBUTE_IGNORE:
      case CU_LAUNCH_ATTRIBUTE_ACCESS_POLICY_WINDOW:
      case CU_LAUNCH_ATTRIBUTE_COOPERATIVE:
      case CU_LAUNCH_ATTRIBUTE_SYNCHRONIZATION_POLICY:
      case CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE:
      case CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION:
      case CU_LAUNCH_ATTRIBUTE_PRIORITY:
      case CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN_MAP:
      case CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN:
      case CU_LAUNCH_ATTRIBUTE_PREFERRED_CLUSTER_DIMENSION:
      case CU_LAUNCH_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT:
      case CU_LAUNCH_ATTRIBUTE_NVLINK_UTIL_CENTRIC_SCHEDULING:
        break;
      default:
        return fail("cuLaunchKernelEx", CUDA_ERROR_INVALID_VALUE,
                    "launch attribute " + std::to_string(attribute.id) +
                        " is not supported");
      }
    }
    if (CUresult result = launch("cuLaunchKernelEx", function, dims,
                                 config->hStream, kernelParams, extra))
      return result;
    for (CUevent event : {events.completion, events.programmatic})
      if (event)
        if (CUresult result = cuEventRecord(event, config->hStream))
          return result;
    return CUDA_SUCCESS;
  });
}

CUresult cuLaunchHostFunc(CUstream stream, CUhostFn function, void *data) {
  return entry("cuLaunchHostFunc", [&] {
    if (CUresult result = requireContext("cuLaunchHostFunc"))
      return result;
    void *queue;
    if (!backendStream(stream, queue))
      return fail("cuLaunchHostFunc", CUDA_ERROR_INVALID_HANDLE,
                  "not a stream of this driver");
    if (!function)
      return fail("cuLaunchHostFunc", CUDA_ERROR_INVALID_VALUE, "fn is null");
    // Everything enqueued before is done: the function may run now.
    function(data);
    return CUDA_SUCCESS;
  });
}

//===----------------------------------------------------------------------===//
// Occupancy
//===----------------------------------------------------------------------===//

CUresult cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int *blocks, CUfunction handle, int blockSize, size_t dynamicShared,
    unsigned int) {
  return entry("cuOccupancyMaxActiveBlocksPerMultiprocessor", [&] {
    Function *function = findFunction(handle);
    if (!function || !blocks)
      return fail(
          "cuOccupancyMaxActiveBlocksPerMultiprocessor",
          function ? CUDA_ERROR_INVALID_VALUE : CUDA_ERROR_INVALID_HANDLE,
          function ? "numBlocks is null" : "not a function of this driver");
    *blocks = blocksPerSm(*function, blockSize, dynamicShared);
    return CUDA_SUCCESS;
  });
}

CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor(int *blocks,
                                                     CUfunction function,
                                                     int blockSize,
                                                     size_t dynamicShared) {
  return cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      blocks, function, blockSize, dynamicShared, 0);
}

CUresult cuOccupancyAvailableDynamicSMemPerBlock(size_t *bytes,
                                                 CUfunction handle, int blocks,
                                                 int blockSize) {
  return entry("cuOccupancyAvailableDynamicSMemPerBlock", [&] {
    Function *function = findFunction(handle);
    if (!function || !bytes || blocks <= 0 || blockSize <= 0)
      return fail("cuOccupancyAvailableDynamicSMemPerBlock",
                  CUDA_ERROR_INVALID_VALUE,
                  "dynamicSmemSize is null, numBlocks or blockSize is not "
                  "positive, or not a function of this driver");
    long perBlock = 233472 / blocks - 1024 - long(function->staticShared);
    *bytes = static_cast<size_t>(std::max(0L, std::min(perBlock, 232448L)));
    return CUDA_SUCCESS;
  });
}

CUresult cuOccupancyMaxPotentialClusterSize(int *size, CUfunction handle,
                                            const CUlaunchConfig *) {
  return entry("cuOccupancyMaxPotentialClusterSize", [&] {
    Function *function = findFunction(handle);
    if (!function || !size)
      return fail("cuOccupancyMaxPotentialClusterSize",
                  CUDA_ERROR_INVALID_VALUE,
                  "clusterSize is null or not a function of this driver");
    *size = function->nonPortableClusters ? 16 : 8;
    return CUDA_SUCCESS;
  });
}

CUresult cuOccupancyMaxActiveClusters(int *clusters, CUfunction handle,
                                      const CUlaunchConfig *config) {
  return entry("cuOccupancyMaxActiveClusters", [&] {
    Function *function = findFunction(handle);
    if (!function || !clusters || !config)
      return fail("cuOccupancyMaxActiveClusters", CUDA_ERROR_INVALID_VALUE,
                  "numClusters or config is null, or not a function of this "
                  "driver");
    unsigned clusterBlocks = 1;
    for (unsigned i = 0; i < config->numAttrs; ++i)
      if (config->attrs[i].id == CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION)
        clusterBlocks = config->attrs[i].value.clusterDim.x *
                        config->attrs[i].value.clusterDim.y *
                        config->attrs[i].value.clusterDim.z;
    int perSm =
        blocksPerSm(*function,
                    static_cast<int>(config->blockDimX * config->blockDimY *
                                     config->blockDimZ),
                    config->sharedMemBytes);
    // Clusters live within a GPC: 132 SMs in GPCs of up to 18 (16 usable
    // for clusters of 16); a simple bound of SMs × blocks per SM / size.
    *clusters =
        clusterBlocks ? 132 * perSm / static_cast<int>(clusterBlocks) : 0;
    return CUDA_SUCCESS;
  });
}
