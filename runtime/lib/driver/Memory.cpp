//===- Memory.cpp - allocations, host memory, copies and fills ------------===//
//
// Device memory is the emulator backend's (host memory the kernels may
// reach); pinned host memory is allocated here and registered with the
// backend, so kernels reach it too (it is mapped, as on a GPU with unified
// addressing). The driver keeps every range it handed out or registered,
// so that a copy or a fill that would leave its allocation is refused with
// CUDA_ERROR_INVALID_VALUE before a byte moves, and pointer attributes can
// be answered. Copies and fills complete before they return, on every
// stream, which is a legal schedule of any stream program.
//
//===----------------------------------------------------------------------===//

#include "DriverInternals.h"

#include <cstdlib>
#include <cstring>

using namespace lmhead;
using namespace lmhead::driver;

namespace {

/// The kind of a CUdeviceptr/host address that a copy names.
enum class Side { Host, Device, Either };

std::string hex(uint64_t address) {
  char text[32];
  std::snprintf(text, sizeof(text), "0x%llx",
                static_cast<unsigned long long>(address));
  return text;
}

/// Checks that [address, address + bytes) may be touched as `side`
/// memory: device addresses must lie inside one allocation the driver
/// knows (device, managed, or pinned host memory, which unified addressing
/// lets the device use); a host address that lies in no allocation is the
/// program's own memory and is taken on trust, as the driver does. An
/// address that starts inside an allocation must end inside it too.
CUresult checkRange(const char *call, const char *what, uint64_t address,
                    std::size_t bytes, Side side) {
  if (bytes == 0)
    return CUDA_SUCCESS;
  Driver &driver = Driver::get();
  std::lock_guard<std::recursive_mutex> lock(driver.mutex);
  if (driver.findAllocation(address, bytes))
    return CUDA_SUCCESS;
  const auto *start = driver.findAllocation(address, 1);
  if (start)
    return fail(call, CUDA_ERROR_INVALID_VALUE,
                std::string(what) + " " + hex(address) + " + " +
                    std::to_string(bytes) + " bytes runs past the end of its " +
                    std::to_string(start->second.bytes) +
                    "-byte allocation at " + hex(start->first));
  if (side == Side::Device)
    return fail(call, CUDA_ERROR_INVALID_VALUE,
                std::string(what) + " " + hex(address) +
                    " is not device memory allocated by this driver");
  if (address == 0)
    return fail(call, CUDA_ERROR_INVALID_VALUE, std::string(what) + " is null");
  return CUDA_SUCCESS;
}

/// A copy of `bytes` from `src` to `dst` after checking both ranges.
CUresult copy(const char *call, uint64_t dst, Side dstSide, uint64_t src,
              Side srcSide, std::size_t bytes, CUstream stream) {
  if (CUresult result = requireContext(call))
    return result;
  if (CUresult result = checkRange(call, "dst", dst, bytes, dstSide))
    return result;
  if (CUresult result = checkRange(call, "src", src, bytes, srcSide))
    return result;
  void *queue;
  if (!backendStream(stream, queue))
    return fail(call, CUDA_ERROR_INVALID_HANDLE, "not a stream of this driver");
  if (bytes == 0)
    return CUDA_SUCCESS;
  lmhead::runtime::Backend &backend = Driver::get().backend();
  lmhead::runtime::Outcome outcome =
      backend.copy(reinterpret_cast<void *>(dst),
                   reinterpret_cast<const void *>(src), bytes, queue);
  // A copy on the default stream (every synchronous copy) is done when the
  // call returns, whatever order the backend runs its work in.
  if (outcome.ok() && !queue)
    outcome = backend.synchronizeStream(nullptr);
  return outcome.ok() ? CUDA_SUCCESS
                      : fail(call, CUDA_ERROR_INVALID_VALUE, outcome);
}

/// A 2-D copy (cuMemcpy2D): `height` rows of `widthInBytes`.
CUresult copy2D(const char *call, const CUDA_MEMCPY2D *copy, CUstream stream) {
  if (CUresult result = requireContext(call))
    return result;
  if (!copy)
    return fail(call, CUDA_ERROR_INVALID_VALUE, "pCopy is null");
  auto address = [&](CUmemorytype type, const void *host, CUdeviceptr device,
                     const char *what, uint64_t &result) -> CUresult {
    switch (type) {
    case CU_MEMORYTYPE_HOST:
      result = reinterpret_cast<uint64_t>(host);
      return CUDA_SUCCESS;
    case CU_MEMORYTYPE_DEVICE:
    case CU_MEMORYTYPE_UNIFIED:
      result = device;
      return CUDA_SUCCESS;
    default:
      return fail(call, CUDA_ERROR_INVALID_VALUE,
                  std::string(what) +
                      "MemoryType: CUDA arrays are not emulated (host, "
                      "device or unified memory only)");
    }
  };
  uint64_t src = 0, dst = 0;
  if (CUresult result = address(copy->srcMemoryType, copy->srcHost,
                                copy->srcDevice, "src", src))
    return result;
  if (CUresult result = address(copy->dstMemoryType, copy->dstHost,
                                copy->dstDevice, "dst", dst))
    return result;
  if (copy->WidthInBytes > copy->srcPitch && copy->Height > 1)
    return fail(call, CUDA_ERROR_INVALID_VALUE,
                "WidthInBytes is larger than srcPitch");
  if (copy->WidthInBytes > copy->dstPitch && copy->Height > 1)
    return fail(call, CUDA_ERROR_INVALID_VALUE,
                "WidthInBytes is larger than dstPitch");
  src += copy->srcY * copy->srcPitch + copy->srcXInBytes;
  dst += copy->dstY * copy->dstPitch + copy->dstXInBytes;
  Side srcSide =
      copy->srcMemoryType == CU_MEMORYTYPE_DEVICE ? Side::Device : Side::Either;
  Side dstSide =
      copy->dstMemoryType == CU_MEMORYTYPE_DEVICE ? Side::Device : Side::Either;
  for (std::size_t row = 0; row < copy->Height; ++row)
    if (CUresult result = ::copy(call, dst + row * copy->dstPitch, dstSide,
                                 src + row * copy->srcPitch, srcSide,
                                 copy->WidthInBytes, stream))
      return result;
  return CUDA_SUCCESS;
}

/// Fills `count` elements of `elementBytes` (1, 2 or 4) at `dst`, in
/// `height` rows `pitch` bytes apart.
CUresult fill(const char *call, CUdeviceptr dst, std::size_t pitch,
              uint32_t value, unsigned elementBytes, std::size_t count,
              std::size_t height, CUstream stream) {
  if (CUresult result = requireContext(call))
    return result;
  void *queue;
  if (!backendStream(stream, queue))
    return fail(call, CUDA_ERROR_INVALID_HANDLE, "not a stream of this driver");
  if (dst % elementBytes != 0)
    return fail(call, CUDA_ERROR_INVALID_VALUE,
                "dstDevice " + hex(dst) + " is not aligned to " +
                    std::to_string(elementBytes) + " bytes");
  lmhead::runtime::Backend &backend = Driver::get().backend();
  for (std::size_t row = 0; row < height; ++row) {
    uint64_t start = dst + row * pitch;
    if (CUresult result = checkRange(call, "dstDevice", start,
                                     count * elementBytes, Side::Device))
      return result;
    void *target = reinterpret_cast<void *>(start);
    lmhead::runtime::Outcome outcome;
    if (elementBytes == 4)
      outcome = backend.fill32(target, value, count, queue);
    else if (elementBytes == 2)
      outcome =
          backend.fill16(target, static_cast<uint16_t>(value), count, queue);
    else
      // Bytes need no backend operation of their own: the emulator's
      // device memory is host memory, and the fill is done at once like
      // every other stream operation.
      std::memset(target, static_cast<int>(value & 0xff), count);
    if (!outcome.ok())
      return fail(call, CUDA_ERROR_INVALID_VALUE, outcome);
  }
  return CUDA_SUCCESS;
}

/// Records an allocation of `bytes` at `pointer`.
void remember(void *pointer, std::size_t bytes, MemoryKind kind,
              unsigned flags) {
  Driver &driver = Driver::get();
  std::lock_guard<std::recursive_mutex> lock(driver.mutex);
  Allocation allocation;
  allocation.bytes = bytes;
  allocation.kind = kind;
  allocation.flags = flags;
  allocation.bufferId = driver.nextId++;
  driver.allocations[reinterpret_cast<uint64_t>(pointer)] = allocation;
  if (kind == MemoryKind::Device || kind == MemoryKind::Managed)
    driver.deviceBytesInUse += bytes;
}

/// Device (or managed) memory of `bytes`.
CUresult allocateDevice(const char *call, CUdeviceptr *pointer,
                        std::size_t bytes, bool managed) {
  if (CUresult result = requireContext(call))
    return result;
  if (!pointer)
    return fail(call, CUDA_ERROR_INVALID_VALUE, "dptr is null");
  if (bytes == 0)
    return fail(call, CUDA_ERROR_INVALID_VALUE, "bytesize is 0");
  Driver &driver = Driver::get();
  {
    std::lock_guard<std::recursive_mutex> lock(driver.mutex);
    if (bytes > kTotalMemory - driver.deviceBytesInUse)
      return fail(call, CUDA_ERROR_OUT_OF_MEMORY,
                  std::to_string(bytes) + " bytes requested but only " +
                      std::to_string(kTotalMemory - driver.deviceBytesInUse) +
                      " of the device's " + std::to_string(kTotalMemory) +
                      " are free");
  }
  void *memory = nullptr;
  lmhead::runtime::Outcome outcome =
      driver.backend().allocate(bytes, managed, &memory);
  if (!outcome.ok())
    return fail(call, CUDA_ERROR_OUT_OF_MEMORY, outcome);
  remember(memory, bytes, managed ? MemoryKind::Managed : MemoryKind::Device,
           0);
  *pointer = reinterpret_cast<CUdeviceptr>(memory);
  return CUDA_SUCCESS;
}

/// Pinned host memory of `bytes`, registered with the backend.
CUresult allocateHost(const char *call, void **pointer, std::size_t bytes,
                      unsigned flags) {
  if (CUresult result = requireContext(call))
    return result;
  if (!pointer)
    return fail(call, CUDA_ERROR_INVALID_VALUE, "pp is null");
  if (flags & ~(CU_MEMHOSTALLOC_PORTABLE | CU_MEMHOSTALLOC_DEVICEMAP |
                CU_MEMHOSTALLOC_WRITECOMBINED))
    return fail(call, CUDA_ERROR_INVALID_VALUE,
                "unknown flags " + std::to_string(flags));
  std::size_t rounded = (std::max<std::size_t>(bytes, 1) + 4095) / 4096 * 4096;
  if (rounded < bytes)
    return fail(call, CUDA_ERROR_OUT_OF_MEMORY,
                std::to_string(bytes) + " bytes is too large");
  void *memory = std::aligned_alloc(4096, rounded);
  if (!memory)
    return fail(call, CUDA_ERROR_OUT_OF_MEMORY,
                "cannot allocate " + std::to_string(bytes) +
                    " bytes of host memory");
  lmhead::runtime::Outcome outcome =
      Driver::get().backend().registerHost(memory, rounded);
  if (!outcome.ok()) {
    std::free(memory);
    return fail(call, CUDA_ERROR_OUT_OF_MEMORY, outcome);
  }
  remember(memory, rounded, MemoryKind::HostAllocated, flags);
  *pointer = memory;
  return CUDA_SUCCESS;
}

} // namespace

//===----------------------------------------------------------------------===//
// Allocation
//===----------------------------------------------------------------------===//

CUresult cuMemGetInfo_v2(size_t *free, size_t *total) {
  return entry("cuMemGetInfo", [&] {
    if (CUresult result = requireContext("cuMemGetInfo"))
      return result;
    if (!free || !total)
      return fail("cuMemGetInfo", CUDA_ERROR_INVALID_VALUE,
                  "free or total is null");
    Driver &driver = Driver::get();
    std::lock_guard<std::recursive_mutex> lock(driver.mutex);
    *total = kTotalMemory;
    *free = kTotalMemory - driver.deviceBytesInUse;
    return CUDA_SUCCESS;
  });
}

CUresult cuMemAlloc_v2(CUdeviceptr *pointer, size_t bytes) {
  return entry("cuMemAlloc", [&] {
    return allocateDevice("cuMemAlloc", pointer, bytes, /*managed=*/false);
  });
}

CUresult cuMemAllocManaged(CUdeviceptr *pointer, size_t bytes,
                           unsigned int flags) {
  return entry("cuMemAllocManaged", [&] {
    if (flags != CU_MEM_ATTACH_GLOBAL && flags != CU_MEM_ATTACH_HOST)
      return fail("cuMemAllocManaged", CUDA_ERROR_INVALID_VALUE,
                  "flags must be CU_MEM_ATTACH_GLOBAL or CU_MEM_ATTACH_HOST");
    return allocateDevice("cuMemAllocManaged", pointer, bytes,
                          /*managed=*/true);
  });
}

CUresult cuMemAllocPitch_v2(CUdeviceptr *pointer, size_t *pitch,
                            size_t widthInBytes, size_t height,
                            unsigned int elementBytes) {
  return entry("cuMemAllocPitch", [&] {
    if (!pitch)
      return fail("cuMemAllocPitch", CUDA_ERROR_INVALID_VALUE,
                  "pPitch is null");
    if (elementBytes != 4 && elementBytes != 8 && elementBytes != 16)
      return fail("cuMemAllocPitch", CUDA_ERROR_INVALID_VALUE,
                  "ElementSizeBytes must be 4, 8 or 16");
    if (widthInBytes == 0 || height == 0)
      return fail("cuMemAllocPitch", CUDA_ERROR_INVALID_VALUE,
                  "WidthInBytes and Height must be positive");
    // Rows start at multiples of 512 bytes, the texture pitch alignment
    // of Hopper GPUs.
    std::size_t rowBytes = (widthInBytes + 511) / 512 * 512;
    if (rowBytes < widthInBytes || height > SIZE_MAX / rowBytes)
      return fail("cuMemAllocPitch", CUDA_ERROR_OUT_OF_MEMORY,
                  "the allocation's size overflows");
    *pitch = rowBytes;
    return allocateDevice("cuMemAllocPitch", pointer, rowBytes * height,
                          /*managed=*/false);
  });
}

CUresult cuMemFree_v2(CUdeviceptr pointer) {
  return entry("cuMemFree", [&] {
    if (CUresult result = requireContext("cuMemFree"))
      return result;
    if (!pointer)
      return CUDA_SUCCESS;
    Driver &driver = Driver::get();
    std::lock_guard<std::recursive_mutex> lock(driver.mutex);
    auto it = driver.allocations.find(pointer);
    if (it == driver.allocations.end() ||
        (it->second.kind != MemoryKind::Device &&
         it->second.kind != MemoryKind::Managed))
      return fail("cuMemFree", CUDA_ERROR_INVALID_VALUE,
                  hex(pointer) + " is not the start of device memory "
                                 "allocated by this driver");
    lmhead::runtime::Outcome outcome =
        driver.backend().deallocate(reinterpret_cast<void *>(pointer));
    if (!outcome.ok())
      return fail("cuMemFree", CUDA_ERROR_INVALID_VALUE, outcome);
    driver.deviceBytesInUse -= it->second.bytes;
    driver.allocations.erase(it);
    return CUDA_SUCCESS;
  });
}

CUresult cuMemAllocAsync(CUdeviceptr *pointer, size_t bytes, CUstream stream) {
  return entry("cuMemAllocAsync", [&] {
    void *queue;
    if (!backendStream(stream, queue))
      return fail("cuMemAllocAsync", CUDA_ERROR_INVALID_HANDLE,
                  "not a stream of this driver");
    return allocateDevice("cuMemAllocAsync", pointer, bytes,
                          /*managed=*/false);
  });
}

CUresult cuMemFreeAsync(CUdeviceptr pointer, CUstream stream) {
  return entry("cuMemFreeAsync", [&] {
    void *queue;
    if (!backendStream(stream, queue))
      return fail("cuMemFreeAsync", CUDA_ERROR_INVALID_HANDLE,
                  "not a stream of this driver");
    return cuMemFree_v2(pointer);
  });
}

CUresult cuMemGetAddressRange_v2(CUdeviceptr *base, size_t *size,
                                 CUdeviceptr pointer) {
  return entry("cuMemGetAddressRange", [&] {
    if (CUresult result = requireContext("cuMemGetAddressRange"))
      return result;
    Driver &driver = Driver::get();
    std::lock_guard<std::recursive_mutex> lock(driver.mutex);
    const auto *allocation = driver.findAllocation(pointer, 1);
    if (!allocation)
      return fail("cuMemGetAddressRange", CUDA_ERROR_NOT_FOUND,
                  hex(pointer) + " is in no allocation of this driver");
    if (base)
      *base = allocation->first;
    if (size)
      *size = allocation->second.bytes;
    return CUDA_SUCCESS;
  });
}

CUresult cuMemAllocHost_v2(void **pointer, size_t bytes) {
  return entry("cuMemAllocHost", [&] {
    return allocateHost("cuMemAllocHost", pointer, bytes, 0);
  });
}

CUresult cuMemHostAlloc(void **pointer, size_t bytes, unsigned int flags) {
  return entry("cuMemHostAlloc", [&] {
    return allocateHost("cuMemHostAlloc", pointer, bytes, flags);
  });
}

CUresult cuMemFreeHost(void *pointer) {
  return entry("cuMemFreeHost", [&] {
    if (CUresult result = requireContext("cuMemFreeHost"))
      return result;
    Driver &driver = Driver::get();
    std::lock_guard<std::recursive_mutex> lock(driver.mutex);
    auto it = driver.allocations.find(reinterpret_cast<uint64_t>(pointer));
    if (it == driver.allocations.end() ||
        it->second.kind != MemoryKind::HostAllocated)
      return fail("cuMemFreeHost", CUDA_ERROR_INVALID_VALUE,
                  hex(reinterpret_cast<uint64_t>(pointer)) +
                      " was not allocated by cuMemAllocHost/cuMemHostAlloc");
    lmhead::runtime::Outcome outcome = driver.backend().unregisterHost(pointer);
    if (!outcome.ok())
      return fail("cuMemFreeHost", CUDA_ERROR_INVALID_VALUE, outcome);
    driver.allocations.erase(it);
    std::free(pointer);
    return CUDA_SUCCESS;
  });
}

CUresult cuMemHostRegister_v2(void *pointer, size_t bytes, unsigned int flags) {
  return entry("cuMemHostRegister", [&] {
    if (CUresult result = requireContext("cuMemHostRegister"))
      return result;
    if (!pointer || bytes == 0)
      return fail("cuMemHostRegister", CUDA_ERROR_INVALID_VALUE,
                  "p is null or bytesize is 0");
    if (flags & CU_MEMHOSTREGISTER_IOMEMORY)
      return fail("cuMemHostRegister", CUDA_ERROR_NOT_SUPPORTED,
                  "I/O memory is not emulated");
    Driver &driver = Driver::get();
    std::lock_guard<std::recursive_mutex> lock(driver.mutex);
    auto start = reinterpret_cast<uint64_t>(pointer);
    if (driver.findAllocation(start, 1) ||
        driver.findAllocation(start + bytes - 1, 1))
      return fail("cuMemHostRegister",
                  CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED,
                  hex(start) + " + " + std::to_string(bytes) +
                      " bytes overlaps memory already registered or "
                      "allocated");
    lmhead::runtime::Outcome outcome =
        driver.backend().registerHost(pointer, bytes);
    if (!outcome.ok())
      return fail("cuMemHostRegister", CUDA_ERROR_INVALID_VALUE, outcome);
    remember(pointer, bytes, MemoryKind::HostRegistered, flags);
    return CUDA_SUCCESS;
  });
}

CUresult cuMemHostUnregister(void *pointer) {
  return entry("cuMemHostUnregister", [&] {
    if (CUresult result = requireContext("cuMemHostUnregister"))
      return result;
    Driver &driver = Driver::get();
    std::lock_guard<std::recursive_mutex> lock(driver.mutex);
    auto it = driver.allocations.find(reinterpret_cast<uint64_t>(pointer));
    if (it == driver.allocations.end() ||
        it->second.kind != MemoryKind::HostRegistered)
      return fail("cuMemHostUnregister", CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED,
                  hex(reinterpret_cast<uint64_t>(pointer)) +
                      " is not the start of registered host memory");
    lmhead::runtime::Outcome outcome = driver.backend().unregisterHost(pointer);
    if (!outcome.ok())
      return fail("cuMemHostUnregister", CUDA_ERROR_INVALID_VALUE, outcome);
    driver.allocations.erase(it);
    return CUDA_SUCCESS;
  });
}

CUresult cuMemHostGetDevicePointer_v2(CUdeviceptr *device, void *host,
                                      unsigned int flags) {
  return entry("cuMemHostGetDevicePointer", [&] {
    if (CUresult result = requireContext("cuMemHostGetDevicePointer"))
      return result;
    if (!device || flags != 0)
      return fail("cuMemHostGetDevicePointer", CUDA_ERROR_INVALID_VALUE,
                  "pdptr is null or Flags is not 0");
    Driver &driver = Driver::get();
    std::lock_guard<std::recursive_mutex> lock(driver.mutex);
    const auto *allocation =
        driver.findAllocation(reinterpret_cast<uint64_t>(host), 1);
    if (!allocation || (allocation->second.kind != MemoryKind::HostAllocated &&
                        allocation->second.kind != MemoryKind::HostRegistered))
      return fail("cuMemHostGetDevicePointer", CUDA_ERROR_INVALID_VALUE,
                  hex(reinterpret_cast<uint64_t>(host)) +
                      " is not pinned host memory");
    // Unified addressing: the device sees host memory at its own address.
    *device = reinterpret_cast<CUdeviceptr>(host);
    return CUDA_SUCCESS;
  });
}

CUresult cuMemHostGetFlags(unsigned int *flags, void *host) {
  return entry("cuMemHostGetFlags", [&] {
    if (CUresult result = requireContext("cuMemHostGetFlags"))
      return result;
    if (!flags)
      return fail("cuMemHostGetFlags", CUDA_ERROR_INVALID_VALUE,
                  "pFlags is null");
    Driver &driver = Driver::get();
    std::lock_guard<std::recursive_mutex> lock(driver.mutex);
    const auto *allocation =
        driver.findAllocation(reinterpret_cast<uint64_t>(host), 1);
    if (!allocation || allocation->second.kind != MemoryKind::HostAllocated)
      return fail("cuMemHostGetFlags", CUDA_ERROR_INVALID_VALUE,
                  hex(reinterpret_cast<uint64_t>(host)) +
                      " was not allocated by cuMemHostAlloc");
    *flags = allocation->second.flags | CU_MEMHOSTALLOC_DEVICEMAP;
    return CUDA_SUCCESS;
  });
}

//===----------------------------------------------------------------------===//
// Pointer attributes
//===----------------------------------------------------------------------===//

namespace {

/// Writes one attribute of `pointer` into `data`. `strict`: an address the
/// driver does not know is an error (cuPointerGetAttribute) rather than
/// memory of type 0 (cuPointerGetAttributes, as the driver does).
CUresult pointerAttribute(const char *call, void *data,
                          CUpointer_attribute attribute, CUdeviceptr pointer,
                          bool strict) {
  if (!data)
    return fail(call, CUDA_ERROR_INVALID_VALUE, "data is null");
  Driver &driver = Driver::get();
  std::lock_guard<std::recursive_mutex> lock(driver.mutex);
  const auto *found = driver.findAllocation(pointer, 1);
  if (!found && strict)
    return fail(call, CUDA_ERROR_INVALID_VALUE,
                hex(pointer) + " is in no allocation of this driver");
  Allocation none;
  const Allocation &allocation = found ? found->second : none;
  uint64_t start = found ? found->first : 0;
  bool host = allocation.kind == MemoryKind::HostAllocated ||
              allocation.kind == MemoryKind::HostRegistered;
  auto put = [&](auto value) {
    std::memcpy(data, &value, sizeof(value));
    return CUDA_SUCCESS;
  };
  switch (attribute) {
  case CU_POINTER_ATTRIBUTE_CONTEXT:
    return put(found ? reinterpret_cast<CUcontext>(&driver.primaryContext)
                     : CUcontext(nullptr));
  case CU_POINTER_ATTRIBUTE_MEMORY_TYPE:
    return put(static_cast<unsigned>(!found ? 0
                                     : host ? CU_MEMORYTYPE_HOST
                                            : CU_MEMORYTYPE_DEVICE));
  case CU_POINTER_ATTRIBUTE_DEVICE_POINTER:
    return put(found ? pointer : CUdeviceptr(0));
  case CU_POINTER_ATTRIBUTE_HOST_POINTER:
    if (found && !host && allocation.kind != MemoryKind::Managed)
      return strict ? fail(call, CUDA_ERROR_INVALID_VALUE,
                           hex(pointer) + " is device memory: it has no host "
                                          "pointer")
                    : put(static_cast<void *>(nullptr));
    return put(found ? reinterpret_cast<void *>(pointer) : nullptr);
  case CU_POINTER_ATTRIBUTE_SYNC_MEMOPS:
    return put(1);
  case CU_POINTER_ATTRIBUTE_BUFFER_ID:
    return put(static_cast<unsigned long long>(allocation.bufferId));
  case CU_POINTER_ATTRIBUTE_IS_MANAGED:
    return put(static_cast<int>(allocation.kind == MemoryKind::Managed));
  case CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL:
    return put(found ? 0 : -1);
  case CU_POINTER_ATTRIBUTE_RANGE_START_ADDR:
  case CU_POINTER_ATTRIBUTE_MAPPING_BASE_ADDR:
    return put(static_cast<CUdeviceptr>(start));
  case CU_POINTER_ATTRIBUTE_RANGE_SIZE:
  case CU_POINTER_ATTRIBUTE_MAPPING_SIZE:
    return put(static_cast<size_t>(allocation.bytes));
  case CU_POINTER_ATTRIBUTE_MAPPED:
    return put(static_cast<int>(found != nullptr));
  case CU_POINTER_ATTRIBUTE_IS_LEGACY_CUDA_IPC_CAPABLE:
  case CU_POINTER_ATTRIBUTE_IS_GPU_DIRECT_RDMA_CAPABLE:
    return put(0);
  case CU_POINTER_ATTRIBUTE_ALLOWED_HANDLE_TYPES:
    return put(0ull);
  case CU_POINTER_ATTRIBUTE_ACCESS_FLAGS:
    return put(static_cast<int>(found
                                    ? CU_POINTER_ATTRIBUTE_ACCESS_FLAG_READWRITE
                                    : CU_POINTER_ATTRIBUTE_ACCESS_FLAG_NONE));
  case CU_POINTER_ATTRIBUTE_MEMPOOL_HANDLE:
    return put(static_cast<void *>(nullptr));
  case CU_POINTER_ATTRIBUTE_MEMORY_BLOCK_ID:
    return put(static_cast<unsigned long long>(allocation.bufferId));
  default:
    return fail(call, CUDA_ERROR_INVALID_VALUE,
                "unknown attribute " + std::to_string(attribute));
  }
}

} // namespace

CUresult cuPointerGetAttribute(void *data, CUpointer_attribute attribute,
                               CUdeviceptr pointer) {
  return entry("cuPointerGetAttribute", [&] {
    if (CUresult result = requireInit("cuPointerGetAttribute"))
      return result;
    return pointerAttribute("cuPointerGetAttribute", data, attribute, pointer,
                            /*strict=*/true);
  });
}

CUresult cuPointerGetAttributes(unsigned int count,
                                CUpointer_attribute *attributes, void **data,
                                CUdeviceptr pointer) {
  return entry("cuPointerGetAttributes", [&] {
    if (CUresult result = requireInit("cuPointerGetAttributes"))
      return result;
    if (count && (!attributes || !data))
      return fail("cuPointerGetAttributes", CUDA_ERROR_INVALID_VALUE,
                  "attributes or data is null");
    for (unsigned i = 0; i < count; ++i)
      if (CUresult result =
              pointerAttribute("cuPointerGetAttributes", data[i], attributes[i],
                               pointer, /*strict=*/false))
        return result;
    return CUDA_SUCCESS;
  });
}

//===----------------------------------------------------------------------===//
// Copies
//===----------------------------------------------------------------------===//

CUresult cuMemcpy(CUdeviceptr dst, CUdeviceptr src, size_t bytes) {
  return entry("cuMemcpy", [&] {
    return copy("cuMemcpy", dst, Side::Either, src, Side::Either, bytes,
                nullptr);
  });
}

CUresult cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t bytes,
                       CUstream stream) {
  return entry("cuMemcpyAsync", [&] {
    return copy("cuMemcpyAsync", dst, Side::Either, src, Side::Either, bytes,
                stream);
  });
}

CUresult cuMemcpyHtoD_v2(CUdeviceptr dst, const void *src, size_t bytes) {
  return entry("cuMemcpyHtoD", [&] {
    return copy("cuMemcpyHtoD", dst, Side::Device,
                reinterpret_cast<uint64_t>(src), Side::Host, bytes, nullptr);
  });
}

CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr dst, const void *src, size_t bytes,
                              CUstream stream) {
  return entry("cuMemcpyHtoDAsync", [&] {
    return copy("cuMemcpyHtoDAsync", dst, Side::Device,
                reinterpret_cast<uint64_t>(src), Side::Host, bytes, stream);
  });
}

CUresult cuMemcpyDtoH_v2(void *dst, CUdeviceptr src, size_t bytes) {
  return entry("cuMemcpyDtoH", [&] {
    return copy("cuMemcpyDtoH", reinterpret_cast<uint64_t>(dst), Side::Host,
                src, Side::Device, bytes, nullptr);
  });
}

CUresult cuMemcpyDtoHAsync_v2(void *dst, CUdeviceptr src, size_t bytes,
                              CUstream stream) {
  return entry("cuMemcpyDtoHAsync", [&] {
    return copy("cuMemcpyDtoHAsync", reinterpret_cast<uint64_t>(dst),
                Side::Host, src, Side::Device, bytes, stream);
  });
}

CUresult cuMemcpyDtoD_v2(CUdeviceptr dst, CUdeviceptr src, size_t bytes) {
  return entry("cuMemcpyDtoD", [&] {
    return copy("cuMemcpyDtoD", dst, Side::Device, src, Side::Device, bytes,
                nullptr);
  });
}

CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr dst, CUdeviceptr src, size_t bytes,
                              CUstream stream) {
  return entry("cuMemcpyDtoDAsync", [&] {
    return copy("cuMemcpyDtoDAsync", dst, Side::Device, src, Side::Device,
                bytes, stream);
  });
}

CUresult cuMemcpyPeer(CUdeviceptr dst, CUcontext, CUdeviceptr src, CUcontext,
                      size_t bytes) {
  return entry("cuMemcpyPeer", [&] {
    return copy("cuMemcpyPeer", dst, Side::Device, src, Side::Device, bytes,
                nullptr);
  });
}

CUresult cuMemcpyPeerAsync(CUdeviceptr dst, CUcontext, CUdeviceptr src,
                           CUcontext, size_t bytes, CUstream stream) {
  return entry("cuMemcpyPeerAsync", [&] {
    return copy("cuMemcpyPeerAsync", dst, Side::Device, src, Side::Device,
                bytes, stream);
  });
}

CUresult cuMemcpy2D_v2(const CUDA_MEMCPY2D *copy) {
  return entry("cuMemcpy2D",
               [&] { return copy2D("cuMemcpy2D", copy, nullptr); });
}

CUresult cuMemcpy2DUnaligned_v2(const CUDA_MEMCPY2D *copy) {
  return entry("cuMemcpy2DUnaligned",
               [&] { return copy2D("cuMemcpy2DUnaligned", copy, nullptr); });
}

CUresult cuMemcpy2DAsync_v2(const CUDA_MEMCPY2D *copy, CUstream stream) {
  return entry("cuMemcpy2DAsync",
               [&] { return copy2D("cuMemcpy2DAsync", copy, stream); });
}

//===----------------------------------------------------------------------===//
// Fills
//===----------------------------------------------------------------------===//

CUresult cuMemsetD8_v2(CUdeviceptr dst, unsigned char value, size_t count) {
  return entry("cuMemsetD8", [&] {
    return fill("cuMemsetD8", dst, 0, value, 1, count, 1, nullptr);
  });
}

CUresult cuMemsetD16_v2(CUdeviceptr dst, unsigned short value, size_t count) {
  return entry("cuMemsetD16", [&] {
    return fill("cuMemsetD16", dst, 0, value, 2, count, 1, nullptr);
  });
}

CUresult cuMemsetD32_v2(CUdeviceptr dst, unsigned int value, size_t count) {
  return entry("cuMemsetD32", [&] {
    return fill("cuMemsetD32", dst, 0, value, 4, count, 1, nullptr);
  });
}

CUresult cuMemsetD8Async(CUdeviceptr dst, unsigned char value, size_t count,
                         CUstream stream) {
  return entry("cuMemsetD8Async", [&] {
    return fill("cuMemsetD8Async", dst, 0, value, 1, count, 1, stream);
  });
}

CUresult cuMemsetD16Async(CUdeviceptr dst, unsigned short value, size_t count,
                          CUstream stream) {
  return entry("cuMemsetD16Async", [&] {
    return fill("cuMemsetD16Async", dst, 0, value, 2, count, 1, stream);
  });
}

CUresult cuMemsetD32Async(CUdeviceptr dst, unsigned int value, size_t count,
                          CUstream stream) {
  return entry("cuMemsetD32Async", [&] {
    return fill("cuMemsetD32Async", dst, 0, value, 4, count, 1, stream);
  });
}

CUresult cuMemsetD2D8_v2(CUdeviceptr dst, size_t pitch, unsigned char value,
                         size_t width, size_t height) {
  return entry("cuMemsetD2D8", [&] {
    return fill("cuMemsetD2D8", dst, pitch, value, 1, width, height, nullptr);
  });
}

CUresult cuMemsetD2D16_v2(CUdeviceptr dst, size_t pitch, unsigned short value,
                          size_t width, size_t height) {
  return entry("cuMemsetD2D16", [&] {
    return fill("cuMemsetD2D16", dst, pitch, value, 2, width, height, nullptr);
  });
}

CUresult cuMemsetD2D32_v2(CUdeviceptr dst, size_t pitch, unsigned int value,
                          size_t width, size_t height) {
  return entry("cuMemsetD2D32", [&] {
    return fill("cuMemsetD2D32", dst, pitch, value, 4, width, height, nullptr);
  });
}

CUresult cuMemsetD2D8Async(CUdeviceptr dst, size_t pitch, unsigned char value,
                           size_t width, size_t height, CUstream stream) {
  return entry("cuMemsetD2D8Async", [&] {
    return fill("cuMemsetD2D8Async", dst, pitch, value, 1, width, height,
                stream);
  });
}

CUresult cuMemsetD2D16Async(CUdeviceptr dst, size_t pitch, unsigned short value,
                            size_t width, size_t height, CUstream stream) {
  return entry("cuMemsetD2D16Async", [&] {
    return fill("cuMemsetD2D16Async", dst, pitch, value, 2, width, height,
                stream);
  });
}

CUresult cuMemsetD2D32Async(CUdeviceptr dst, size_t pitch, unsigned int value,
                            size_t width, size_t height, CUstream stream) {
  return entry("cuMemsetD2D32Async", [&] {
    return fill("cuMemsetD2D32Async", dst, pitch, value, 4, width, height,
                stream);
  });
}
