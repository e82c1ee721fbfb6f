//===- Devices.cpp - cuInit, the driver version and the one device --------===//
//
// The emulated driver has one device, ordinal 0, that presents itself as an
// sm_90 GPU with an H100 SXM's sizes and limits (132 SMs, 228 KiB of shared
// memory per SM, 227 KiB per block when opted in, 80 GB), so that programs
// size their launches as they would on a Hopper GPU. Features the emulator
// does not provide (virtual memory management, memory pools, IPC,
// multicast objects) are reported absent, so programs do not try them.
//
//===----------------------------------------------------------------------===//

#include "DriverInternals.h"

#include <cstring>

using namespace lmhead;
using namespace lmhead::driver;

namespace {

constexpr const char *kDeviceName = "lmhead PTX emulator (sm_90, H100-like)";

/// CUDA_ERROR_INVALID_DEVICE with a message unless `device` is 0.
CUresult checkDevice(const char *call, CUdevice device) {
  if (device != 0)
    return fail(call, CUDA_ERROR_INVALID_DEVICE,
                "device " + std::to_string(device) +
                    " does not exist (the emulator has one device, 0)");
  return CUDA_SUCCESS;
}

} // namespace

namespace {

/// The device's attributes: an H100 SXM5's (sm_90).
struct AttributeValue {
  int attribute;
  int value;
};

constexpr AttributeValue kAttributes[] = {
    // Launch limits, as on every GPU since sm_30.
    {CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, 1024},
    {CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X, 1024},
    {CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y, 1024},
    {CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z, 64},
    {CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X, 2147483647},
    {CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y, 65535},
    {CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z, 65535},
    {CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK, 49152},
    {CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY, 65536},
    {CU_DEVICE_ATTRIBUTE_WARP_SIZE, 32},
    {CU_DEVICE_ATTRIBUTE_MAX_PITCH, 2147483647},
    {CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK, 65536},
    // An H100 SXM5: 1980 MHz boost clock, 132 SMs, HBM3 at 2619 MHz on a
    // 5120-bit bus, 50 MB of L2.
    {CU_DEVICE_ATTRIBUTE_CLOCK_RATE, 1980000},
    {CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT, 512},
    {CU_DEVICE_ATTRIBUTE_GPU_OVERLAP, 1},
    {CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, 132},
    {CU_DEVICE_ATTRIBUTE_KERNEL_EXEC_TIMEOUT, 0},
    {CU_DEVICE_ATTRIBUTE_INTEGRATED, 0},
    {CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY, 1},
    {CU_DEVICE_ATTRIBUTE_COMPUTE_MODE, CU_COMPUTEMODE_DEFAULT},
    {CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_WIDTH, 131072},
    {CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_WIDTH, 131072},
    {CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_HEIGHT, 65536},
    {CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_WIDTH, 16384},
    {CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_HEIGHT, 16384},
    {CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_DEPTH, 16384},
    {CU_DEVICE_ATTRIBUTE_SURFACE_ALIGNMENT, 512},
    {CU_DEVICE_ATTRIBUTE_CONCURRENT_KERNELS, 1},
    {CU_DEVICE_ATTRIBUTE_ECC_ENABLED, 1},
    {CU_DEVICE_ATTRIBUTE_PCI_BUS_ID, 0},
    {CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID, 0},
    {CU_DEVICE_ATTRIBUTE_TCC_DRIVER, 0},
    {CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE, 2619000},
    {CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH, 5120},
    {CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE, 52428800},
    {CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR, 2048},
    {CU_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT, 3},
    {CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING, 1},
    {CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID, 0},
    {CU_DEVICE_ATTRIBUTE_TEXTURE_PITCH_ALIGNMENT, 32},
    {CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, 9},
    {CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, 0},
    {CU_DEVICE_ATTRIBUTE_STREAM_PRIORITIES_SUPPORTED, 1},
    {CU_DEVICE_ATTRIBUTE_GLOBAL_L1_CACHE_SUPPORTED, 1},
    {CU_DEVICE_ATTRIBUTE_LOCAL_L1_CACHE_SUPPORTED, 1},
    {CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR, 233472},
    {CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR, 65536},
    {CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY, 1},
    {CU_DEVICE_ATTRIBUTE_MULTI_GPU_BOARD, 0},
    {CU_DEVICE_ATTRIBUTE_SINGLE_TO_DOUBLE_PRECISION_PERF_RATIO, 2},
    {CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS, 1},
    {CU_DEVICE_ATTRIBUTE_COMPUTE_PREEMPTION_SUPPORTED, 1},
    // Device pointers are host pointers in the emulator.
    {CU_DEVICE_ATTRIBUTE_CAN_USE_HOST_POINTER_FOR_REGISTERED_MEM, 1},
    {CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH, 1},
    {CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, 232448},
    {CU_DEVICE_ATTRIBUTE_HOST_REGISTER_SUPPORTED, 1},
    {CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR, 32},
    {CU_DEVICE_ATTRIBUTE_MAX_PERSISTING_L2_CACHE_SIZE, 39321600},
    {CU_DEVICE_ATTRIBUTE_MAX_ACCESS_POLICY_WINDOW_SIZE, 134213632},
    {CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK, 1024},
    {CU_DEVICE_ATTRIBUTE_CLUSTER_LAUNCH, 1},
    {CU_DEVICE_ATTRIBUTE_MEM_SYNC_DOMAIN_COUNT, 4},
    {CU_DEVICE_ATTRIBUTE_TENSOR_MAP_ACCESS_SUPPORTED, 1},
    {CU_DEVICE_ATTRIBUTE_NUMA_ID, -1},
    {CU_DEVICE_ATTRIBUTE_HOST_NUMA_ID, -1},
};

} // namespace

bool driver::deviceAttribute(int attribute, int &value) {
  for (const AttributeValue &known : kAttributes)
    if (known.attribute == attribute) {
      value = known.value;
      return true;
    }
  // Every other attribute of CUDA 13 is a feature the emulator does not
  // have (textures, interop, IPC, VMM, pools, multicast...): 0.
  if (attribute > 0 && attribute < CU_DEVICE_ATTRIBUTE_MAX) {
    value = 0;
    return true;
  }
  return false;
}

CUresult cuInit(unsigned int flags) {
  return entry("cuInit", [&] {
    if (flags != 0)
      return fail("cuInit", CUDA_ERROR_INVALID_VALUE,
                  "flags must be 0, not " + std::to_string(flags));
    Driver &driver = Driver::get();
    std::lock_guard<std::recursive_mutex> lock(driver.mutex);
    driver.initialized = true;
    return CUDA_SUCCESS;
  });
}

CUresult cuDriverGetVersion(int *version) {
  return entry("cuDriverGetVersion", [&] {
    if (!version)
      return fail("cuDriverGetVersion", CUDA_ERROR_INVALID_VALUE,
                  "version is null");
    *version = kDriverVersion;
    return CUDA_SUCCESS;
  });
}

CUresult cuDeviceGet(CUdevice *device, int ordinal) {
  return entry("cuDeviceGet", [&] {
    if (CUresult result = requireInit("cuDeviceGet"))
      return result;
    if (!device)
      return fail("cuDeviceGet", CUDA_ERROR_INVALID_VALUE, "device is null");
    if (CUresult result = checkDevice("cuDeviceGet", ordinal))
      return result;
    *device = 0;
    return CUDA_SUCCESS;
  });
}

CUresult cuDeviceGetCount(int *count) {
  return entry("cuDeviceGetCount", [&] {
    if (CUresult result = requireInit("cuDeviceGetCount"))
      return result;
    if (!count)
      return fail("cuDeviceGetCount", CUDA_ERROR_INVALID_VALUE,
                  "count is null");
    *count = 1;
    return CUDA_SUCCESS;
  });
}

CUresult cuDeviceGetName(char *name, int length, CUdevice device) {
  return entry("cuDeviceGetName", [&] {
    if (CUresult result = requireInit("cuDeviceGetName"))
      return result;
    if (!name || length <= 0)
      return fail("cuDeviceGetName", CUDA_ERROR_INVALID_VALUE,
                  "name is null or length is not positive");
    if (CUresult result = checkDevice("cuDeviceGetName", device))
      return result;
    std::strncpy(name, kDeviceName, static_cast<std::size_t>(length) - 1);
    name[length - 1] = '\0';
    return CUDA_SUCCESS;
  });
}

CUresult cuDeviceTotalMem_v2(size_t *bytes, CUdevice device) {
  return entry("cuDeviceTotalMem", [&] {
    if (CUresult result = requireInit("cuDeviceTotalMem"))
      return result;
    if (!bytes)
      return fail("cuDeviceTotalMem", CUDA_ERROR_INVALID_VALUE,
                  "bytes is null");
    if (CUresult result = checkDevice("cuDeviceTotalMem", device))
      return result;
    *bytes = kTotalMemory;
    return CUDA_SUCCESS;
  });
}

CUresult cuDeviceGetAttribute(int *value, CUdevice_attribute attribute,
                              CUdevice device) {
  return entry("cuDeviceGetAttribute", [&] {
    if (CUresult result = requireInit("cuDeviceGetAttribute"))
      return result;
    if (!value)
      return fail("cuDeviceGetAttribute", CUDA_ERROR_INVALID_VALUE,
                  "value is null");
    if (CUresult result = checkDevice("cuDeviceGetAttribute", device))
      return result;
    if (!deviceAttribute(attribute, *value))
      return fail("cuDeviceGetAttribute", CUDA_ERROR_INVALID_VALUE,
                  "unknown attribute " + std::to_string(attribute));
    return CUDA_SUCCESS;
  });
}

CUresult cuDeviceComputeCapability(int *major, int *minor, CUdevice device) {
  return entry("cuDeviceComputeCapability", [&] {
    if (CUresult result = requireInit("cuDeviceComputeCapability"))
      return result;
    if (!major || !minor)
      return fail("cuDeviceComputeCapability", CUDA_ERROR_INVALID_VALUE,
                  "major or minor is null");
    if (CUresult result = checkDevice("cuDeviceComputeCapability", device))
      return result;
    *major = 9;
    *minor = 0;
    return CUDA_SUCCESS;
  });
}

CUresult cuDeviceGetUuid_v2(CUuuid *uuid, CUdevice device) {
  return entry("cuDeviceGetUuid", [&] {
    if (CUresult result = requireInit("cuDeviceGetUuid"))
      return result;
    if (!uuid)
      return fail("cuDeviceGetUuid", CUDA_ERROR_INVALID_VALUE, "uuid is null");
    if (CUresult result = checkDevice("cuDeviceGetUuid", device))
      return result;
    // A fixed UUID ("lmhead-emulator0"), so tools that key on it are stable.
    std::memcpy(uuid->bytes, "lmhead-emulator0", 16);
    return CUDA_SUCCESS;
  });
}

CUresult cuDeviceGetPCIBusId(char *busId, int length, CUdevice device) {
  return entry("cuDeviceGetPCIBusId", [&] {
    if (CUresult result = requireInit("cuDeviceGetPCIBusId"))
      return result;
    if (!busId || length <= 0)
      return fail("cuDeviceGetPCIBusId", CUDA_ERROR_INVALID_VALUE,
                  "busId is null or length is not positive");
    if (CUresult result = checkDevice("cuDeviceGetPCIBusId", device))
      return result;
    std::strncpy(busId, "0000:00:00.0", static_cast<std::size_t>(length) - 1);
    busId[length - 1] = '\0';
    return CUDA_SUCCESS;
  });
}

CUresult cuDeviceGetByPCIBusId(CUdevice *device, const char *busId) {
  return entry("cuDeviceGetByPCIBusId", [&] {
    if (CUresult result = requireInit("cuDeviceGetByPCIBusId"))
      return result;
    if (!device || !busId)
      return fail("cuDeviceGetByPCIBusId", CUDA_ERROR_INVALID_VALUE,
                  "device or busId is null");
    if (std::strcmp(busId, "0000:00:00.0") != 0 &&
        std::strcmp(busId, "00:00.0") != 0)
      return fail("cuDeviceGetByPCIBusId", CUDA_ERROR_INVALID_DEVICE,
                  std::string("no device at '") + busId +
                      "' (the emulator's device is 0000:00:00.0)");
    *device = 0;
    return CUDA_SUCCESS;
  });
}

CUresult cuDeviceGetP2PAttribute(int *value, CUdevice_P2PAttribute,
                                 CUdevice source, CUdevice destination) {
  return entry("cuDeviceGetP2PAttribute", [&] {
    if (CUresult result = requireInit("cuDeviceGetP2PAttribute"))
      return result;
    if (!value)
      return fail("cuDeviceGetP2PAttribute", CUDA_ERROR_INVALID_VALUE,
                  "value is null");
    if (CUresult result = checkDevice("cuDeviceGetP2PAttribute", source))
      return result;
    if (CUresult result = checkDevice("cuDeviceGetP2PAttribute", destination))
      return result;
    // As on a GPU, a device has no peer attributes with itself.
    return fail("cuDeviceGetP2PAttribute", CUDA_ERROR_INVALID_DEVICE,
                "source and destination are the same device");
  });
}

CUresult cuDeviceCanAccessPeer(int *canAccess, CUdevice device, CUdevice peer) {
  return entry("cuDeviceCanAccessPeer", [&] {
    if (CUresult result = requireInit("cuDeviceCanAccessPeer"))
      return result;
    if (!canAccess)
      return fail("cuDeviceCanAccessPeer", CUDA_ERROR_INVALID_VALUE,
                  "canAccess is null");
    if (CUresult result = checkDevice("cuDeviceCanAccessPeer", device))
      return result;
    if (CUresult result = checkDevice("cuDeviceCanAccessPeer", peer))
      return result;
    *canAccess = 0;
    return CUDA_SUCCESS;
  });
}

CUresult cuDeviceGetTexture1DLinearMaxWidth(size_t *width, CUarray_format,
                                            unsigned, CUdevice device) {
  return entry("cuDeviceGetTexture1DLinearMaxWidth", [&] {
    if (CUresult result = requireInit("cuDeviceGetTexture1DLinearMaxWidth"))
      return result;
    if (!width)
      return fail("cuDeviceGetTexture1DLinearMaxWidth",
                  CUDA_ERROR_INVALID_VALUE, "width is null");
    if (CUresult result =
            checkDevice("cuDeviceGetTexture1DLinearMaxWidth", device))
      return result;
    *width = size_t(1) << 28;
    return CUDA_SUCCESS;
  });
}

CUresult cuDeviceGetHostAtomicCapabilities(unsigned int *capabilities,
                                           const CUatomicOperation *,
                                           unsigned int count,
                                           CUdevice device) {
  return entry("cuDeviceGetHostAtomicCapabilities", [&] {
    if (CUresult result = requireInit("cuDeviceGetHostAtomicCapabilities"))
      return result;
    if (!capabilities && count)
      return fail("cuDeviceGetHostAtomicCapabilities", CUDA_ERROR_INVALID_VALUE,
                  "capabilities is null");
    if (CUresult result =
            checkDevice("cuDeviceGetHostAtomicCapabilities", device))
      return result;
    // No atomic is coherent with the host's (the attribute
    // HOST_NATIVE_ATOMIC_SUPPORTED is 0 too).
    for (unsigned i = 0; i < count; ++i)
      capabilities[i] = 0;
    return CUDA_SUCCESS;
  });
}

CUresult cuFlushGPUDirectRDMAWrites(CUflushGPUDirectRDMAWritesTarget,
                                    CUflushGPUDirectRDMAWritesScope) {
  // Nothing is ever in flight: every write is done when its call returns.
  return entry("cuFlushGPUDirectRDMAWrites",
               [&] { return requireInit("cuFlushGPUDirectRDMAWrites"); });
}
