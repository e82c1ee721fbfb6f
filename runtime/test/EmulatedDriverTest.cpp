//===- EmulatedDriverTest.cpp - the emulated libcuda.so.1 -----------------===//
//
// The CUDA driver API of runtime/lib/driver on the PTX emulator, called
// directly: devices and attributes, modules from PTX and from fatbinaries
// (plain, LZ4-compressed, cubin-only, for a newer GPU), launches with their
// checks, streams and events, cuGetProcAddress by version, the private
// export tables, and the error of every bad input. ctest runs each case in
// a process of its own (the driver's state is per process; a kernel fault
// is sticky for the rest of it, as on a GPU).
//
//===----------------------------------------------------------------------===//

#include <cuda.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <initializer_list>
#include <string>
#include <vector>

namespace {

/// A kernel that writes 2 * i into out[i] for i < n.
constexpr const char *kTwicePtx = R"(
.version 8.0
.target sm_80
.address_size 64
.visible .entry twice(.param .u64 out, .param .u32 n)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  .reg .pred %p<2>;
  ld.param.u64 %rd1, [out];
  ld.param.u32 %r1, [n];
  mov.u32 %r2, %tid.x;
  setp.ge.u32 %p1, %r2, %r1;
  @%p1 bra DONE;
  cvta.to.global.u64 %rd2, %rd1;
  mul.wide.u32 %rd3, %r2, 4;
  add.s64 %rd2, %rd2, %rd3;
  shl.b32 %r3, %r2, 1;
  st.global.u32 [%rd2], %r3;
DONE:
  ret;
}
)";

class EmulatedDriver : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_EQ(cuInit(0), CUDA_SUCCESS);
    ASSERT_EQ(cuDevicePrimaryCtxRetain(&context, 0), CUDA_SUCCESS);
    ASSERT_EQ(cuCtxSetCurrent(context), CUDA_SUCCESS);
  }
  void TearDown() override { cuDevicePrimaryCtxRelease(0); }

  /// Runs `twice` from `module` over n threads and checks the output.
  void runTwice(CUmodule module, unsigned n = 32) {
    CUfunction function;
    ASSERT_EQ(cuModuleGetFunction(&function, module, "twice"), CUDA_SUCCESS);
    CUdeviceptr out;
    ASSERT_EQ(cuMemAlloc(&out, n * 4), CUDA_SUCCESS);
    void *params[] = {&out, &n};
    ASSERT_EQ(
        cuLaunchKernel(function, 1, 1, 1, n, 1, 1, 0, nullptr, params, nullptr),
        CUDA_SUCCESS);
    std::vector<unsigned> host(n);
    ASSERT_EQ(cuMemcpyDtoH(host.data(), out, n * 4), CUDA_SUCCESS);
    for (unsigned i = 0; i < n; ++i)
      EXPECT_EQ(host[i], 2 * i);
    EXPECT_EQ(cuMemFree(out), CUDA_SUCCESS);
  }

  CUcontext context = nullptr;
};

/// A fatbinary holding `entries`, each (kind, arch, flags, payload,
/// uncompressed size), laid out as nvcc 13 does.
struct FatbinEntry {
  uint16_t kind;
  uint32_t arch;
  uint64_t flags;
  std::string payload;
  uint64_t uncompressed = 0;
};

std::vector<uint64_t> fatbinary(const std::vector<FatbinEntry> &entries) {
  std::string body;
  for (const FatbinEntry &entry : entries) {
    std::string header(80, '\0');
    uint64_t stored = (entry.payload.size() + 15) / 16 * 16;
    uint32_t headerBytes = 80,
             compressed = entry.uncompressed ? entry.payload.size() : 0;
    std::memcpy(&header[0], &entry.kind, 2);
    uint16_t version = 0x101;
    std::memcpy(&header[2], &version, 2);
    std::memcpy(&header[4], &headerBytes, 4);
    std::memcpy(&header[8], &stored, 8);
    std::memcpy(&header[16], &compressed, 4);
    std::memcpy(&header[28], &entry.arch, 4);
    std::memcpy(&header[40], &entry.flags, 8);
    std::memcpy(&header[56], &entry.uncompressed, 8);
    std::string payload = entry.payload;
    payload.resize(stored, '\0');
    body += header + payload;
  }
  std::string image(16, '\0');
  uint32_t magic = 0xBA55ED50u;
  uint16_t version = 1, headerBytes = 16;
  uint64_t size = body.size();
  std::memcpy(&image[0], &magic, 4);
  std::memcpy(&image[4], &version, 2);
  std::memcpy(&image[6], &headerBytes, 2);
  std::memcpy(&image[8], &size, 8);
  image += body;
  std::vector<uint64_t> aligned((image.size() + 7) / 8);
  std::memcpy(aligned.data(), image.data(), image.size());
  return aligned;
}

/// `text` as an LZ4 block of literals only (valid LZ4, no matches).
std::string lz4Literals(const std::string &text) {
  std::string block(1, static_cast<char>(0xF0));
  std::size_t rest = text.size() - 15;
  for (; rest >= 255; rest -= 255)
    block += static_cast<char>(255);
  block += static_cast<char>(rest);
  return block + text;
}

TEST_F(EmulatedDriver, DeviceIsAnSm90) {
  int count = 0, major = 0, minor = 0, sms = 0, optin = 0;
  EXPECT_EQ(cuDeviceGetCount(&count), CUDA_SUCCESS);
  EXPECT_EQ(count, 1);
  EXPECT_EQ(cuDeviceGetAttribute(
                &major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, 0),
            CUDA_SUCCESS);
  cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, 0);
  cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, 0);
  cuDeviceGetAttribute(
      &optin, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, 0);
  EXPECT_EQ(major * 10 + minor, 90);
  EXPECT_EQ(sms, 132);
  EXPECT_EQ(optin, 232448);
  int version = 0;
  EXPECT_EQ(cuDriverGetVersion(&version), CUDA_SUCCESS);
  EXPECT_EQ(version, 13000);
  char name[64];
  EXPECT_EQ(cuDeviceGetName(name, sizeof(name), 0), CUDA_SUCCESS);
  EXPECT_NE(std::string(name).find("sm_90"), std::string::npos);
}

TEST_F(EmulatedDriver, BadDeviceInputsAreErrors) {
  int value;
  CUdevice device;
  EXPECT_EQ(cuDeviceGet(&device, 1), CUDA_ERROR_INVALID_DEVICE);
  EXPECT_EQ(cuDeviceGetAttribute(&value, CU_DEVICE_ATTRIBUTE_WARP_SIZE, 3),
            CUDA_ERROR_INVALID_DEVICE);
  EXPECT_EQ(
      cuDeviceGetAttribute(&value, static_cast<CUdevice_attribute>(9999), 0),
      CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuDeviceGetAttribute(nullptr, CU_DEVICE_ATTRIBUTE_WARP_SIZE, 0),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuCtxSetCurrent(reinterpret_cast<CUcontext>(&value)),
            CUDA_ERROR_INVALID_CONTEXT);
}

TEST_F(EmulatedDriver, ContextStack) {
  CUcontext created, current, popped;
  ASSERT_EQ(cuCtxCreate(&created, nullptr, 0, 0), CUDA_SUCCESS);
  EXPECT_EQ(cuCtxGetCurrent(&current), CUDA_SUCCESS);
  EXPECT_EQ(current, created);
  EXPECT_EQ(cuCtxPopCurrent(&popped), CUDA_SUCCESS);
  EXPECT_EQ(popped, created);
  EXPECT_EQ(cuCtxGetCurrent(&current), CUDA_SUCCESS);
  EXPECT_EQ(current, context);
  EXPECT_EQ(cuCtxDestroy(created), CUDA_SUCCESS);
  EXPECT_EQ(cuCtxDestroy(context), CUDA_ERROR_INVALID_CONTEXT); // primary
  unsigned flags;
  int active;
  EXPECT_EQ(cuDevicePrimaryCtxGetState(0, &flags, &active), CUDA_SUCCESS);
  EXPECT_EQ(active, 1);
}

TEST_F(EmulatedDriver, ModuleFromPtxRunsAndLaunchesWithExtra) {
  CUmodule module;
  ASSERT_EQ(cuModuleLoadData(&module, kTwicePtx), CUDA_SUCCESS);
  runTwice(module);
  // The same kernel with its parameters packed in one buffer.
  CUfunction function;
  ASSERT_EQ(cuModuleGetFunction(&function, module, "twice"), CUDA_SUCCESS);
  size_t offset = 0, size = 0;
  EXPECT_EQ(cuFuncGetParamInfo(function, 1, &offset, &size), CUDA_SUCCESS);
  EXPECT_EQ(offset, 8u);
  EXPECT_EQ(size, 4u);
  CUdeviceptr out;
  ASSERT_EQ(cuMemAlloc(&out, 16), CUDA_SUCCESS);
  struct {
    CUdeviceptr out;
    unsigned n;
  } packed = {out, 4};
  size_t bytes = sizeof(packed);
  void *extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, &packed,
                   CU_LAUNCH_PARAM_BUFFER_SIZE, &bytes, CU_LAUNCH_PARAM_END};
  ASSERT_EQ(
      cuLaunchKernel(function, 1, 1, 1, 4, 1, 1, 0, nullptr, nullptr, extra),
      CUDA_SUCCESS);
  unsigned host[4];
  ASSERT_EQ(cuMemcpyDtoH(host, out, 16), CUDA_SUCCESS);
  EXPECT_EQ(host[3], 6u);
  EXPECT_EQ(cuMemFree(out), CUDA_SUCCESS);
  EXPECT_EQ(cuModuleUnload(module), CUDA_SUCCESS);
  EXPECT_EQ(cuModuleUnload(module), CUDA_ERROR_INVALID_HANDLE);
}

TEST_F(EmulatedDriver, ModuleFromFatbinary) {
  std::string ptx = kTwicePtx;
  // Plain PTX, with a cubin and a newer PTX beside it: the PTX for sm_80
  // (the newest the sm_90 device runs) is chosen.
  auto plain = fatbinary({{2, 80, 0x11,
                           std::string("\x7f"
                                       "ELF....",
                                       8)},
                          {1, 100, 0x11, ".version 9.0 garbage"},
                          {1, 80, 0x11, ptx}});
  CUmodule module;
  ASSERT_EQ(cuModuleLoadData(&module, plain.data()), CUDA_SUCCESS);
  runTwice(module);
  // LZ4-compressed (flag 0x2000), behind cudart's wrapper.
  auto compressed = fatbinary({{1, 80, 0x2011, lz4Literals(ptx), ptx.size()}});
  struct {
    int magic, version;
    const void *data;
    void *unused;
  } wrapper = {0x466243B1, 1, compressed.data(), nullptr};
  ASSERT_EQ(cuModuleLoadData(&module, &wrapper), CUDA_SUCCESS);
  runTwice(module);
}

TEST_F(EmulatedDriver, FatbinaryWithoutUsablePtxIsRefused) {
  CUmodule module;
  auto cubins = fatbinary({{2, 90, 0x11,
                            std::string("\x7f"
                                        "ELF....",
                                        8)}});
  EXPECT_EQ(cuModuleLoadData(&module, cubins.data()),
            CUDA_ERROR_NO_BINARY_FOR_GPU);
  auto newer = fatbinary({{1, 100, 0x11, kTwicePtx}});
  EXPECT_EQ(cuModuleLoadData(&module, newer.data()),
            CUDA_ERROR_NO_BINARY_FOR_GPU);
  // A corrupt LZ4 block: a match before any output.
  auto corrupt =
      fatbinary({{1, 80, 0x2011, std::string("\x04\x01\x00", 3), 100}});
  EXPECT_EQ(cuModuleLoadData(&module, corrupt.data()),
            CUDA_ERROR_NO_BINARY_FOR_GPU);
  EXPECT_EQ(cuModuleLoadData(&module, "\x7f"
                                      "ELF\x02\x01"),
            CUDA_ERROR_NO_BINARY_FOR_GPU);
  // The JIT log receives the reason.
  char log[256] = {};
  CUjit_option options[] = {CU_JIT_ERROR_LOG_BUFFER,
                            CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *values[] = {log, reinterpret_cast<void *>(sizeof(log))};
  EXPECT_EQ(cuModuleLoadDataEx(&module, ".version 8.0\n.target sm_80\nbogus;",
                               2, options, values),
            CUDA_ERROR_INVALID_PTX);
  EXPECT_NE(std::string(log).find("line"), std::string::npos) << log;
}

TEST_F(EmulatedDriver, LibrariesAndKernels) {
  CUlibrary library;
  ASSERT_EQ(cuLibraryLoadData(&library, kTwicePtx, nullptr, nullptr, 0, nullptr,
                              nullptr, 0),
            CUDA_SUCCESS);
  CUkernel kernel;
  ASSERT_EQ(cuLibraryGetKernel(&kernel, library, "twice"), CUDA_SUCCESS);
  CUfunction function;
  ASSERT_EQ(cuKernelGetFunction(&function, kernel), CUDA_SUCCESS);
  const char *name = nullptr;
  EXPECT_EQ(cuKernelGetName(&name, kernel), CUDA_SUCCESS);
  EXPECT_STREQ(name, "twice");
  EXPECT_EQ(cuLibraryGetKernel(&kernel, library, "missing"),
            CUDA_ERROR_NOT_FOUND);
  EXPECT_EQ(cuLibraryUnload(library), CUDA_SUCCESS);
  EXPECT_EQ(cuKernelGetFunction(&function, kernel), CUDA_ERROR_INVALID_HANDLE);
}

TEST_F(EmulatedDriver, LaunchChecks) {
  CUmodule module;
  ASSERT_EQ(cuModuleLoadData(&module, kTwicePtx), CUDA_SUCCESS);
  CUfunction function;
  ASSERT_EQ(cuModuleGetFunction(&function, module, "twice"), CUDA_SUCCESS);
  CUdeviceptr out;
  ASSERT_EQ(cuMemAlloc(&out, 4096), CUDA_SUCCESS);
  unsigned n = 32;
  void *params[] = {&out, &n};
  EXPECT_EQ(cuLaunchKernel(reinterpret_cast<CUfunction>(&n), 1, 1, 1, 32, 1, 1,
                           0, nullptr, params, nullptr),
            CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(cuLaunchKernel(function, 1, 1, 1, 2048, 1, 1, 0, nullptr, params,
                           nullptr),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(
      cuLaunchKernel(function, 1, 1, 1, 32, 1, 1, 0, nullptr, nullptr, nullptr),
      CUDA_ERROR_INVALID_VALUE);
  // Dynamic shared memory above 48 KiB needs the kernel's opt-in first.
  EXPECT_EQ(cuLaunchKernel(function, 1, 1, 1, 32, 1, 1, 64 << 10, nullptr,
                           params, nullptr),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuFuncSetAttribute(function,
                               CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                               64 << 10),
            CUDA_SUCCESS);
  EXPECT_EQ(cuLaunchKernel(function, 1, 1, 1, 32, 1, 1, 64 << 10, nullptr,
                           params, nullptr),
            CUDA_SUCCESS);
  EXPECT_EQ(cuFuncSetAttribute(function,
                               CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                               300 << 10),
            CUDA_ERROR_INVALID_VALUE);
  // Clusters must divide the grid.
  CUlaunchAttribute cluster = {};
  cluster.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
  cluster.value.clusterDim.x = 2;
  cluster.value.clusterDim.y = 1;
  cluster.value.clusterDim.z = 1;
  CUlaunchConfig config = {};
  config.gridDimX = 3;
  config.gridDimY = config.gridDimZ = 1;
  config.blockDimX = 32;
  config.blockDimY = config.blockDimZ = 1;
  config.attrs = &cluster;
  config.numAttrs = 1;
  EXPECT_EQ(cuLaunchKernelEx(&config, function, params, nullptr),
            CUDA_ERROR_INVALID_CLUSTER_SIZE);
  EXPECT_EQ(cuMemFree(out), CUDA_SUCCESS);
}

TEST_F(EmulatedDriver, MemoryChecks) {
  CUdeviceptr device;
  ASSERT_EQ(cuMemAlloc(&device, 64), CUDA_SUCCESS);
  char host[128] = {};
  EXPECT_EQ(cuMemcpyHtoD(device, host, 128), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuMemcpyHtoD(device + 32, host, 32), CUDA_SUCCESS);
  EXPECT_EQ(cuMemcpyDtoH(host, reinterpret_cast<CUdeviceptr>(host), 8),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuMemsetD32(device, 7, 17), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuMemsetD32(device + 2, 7, 1), CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuMemsetD32(device, 0x01020304, 16), CUDA_SUCCESS);
  EXPECT_EQ(cuMemcpyDtoH(host, device, 8), CUDA_SUCCESS);
  EXPECT_EQ(host[0], 4);
  EXPECT_EQ(cuMemFree(device + 8), CUDA_ERROR_INVALID_VALUE);
  unsigned type = 0;
  EXPECT_EQ(cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                  device + 8),
            CUDA_SUCCESS);
  EXPECT_EQ(type, unsigned(CU_MEMORYTYPE_DEVICE));
  void *pinned;
  ASSERT_EQ(cuMemHostAlloc(&pinned, 100, CU_MEMHOSTALLOC_DEVICEMAP),
            CUDA_SUCCESS);
  EXPECT_EQ(cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                  reinterpret_cast<CUdeviceptr>(pinned)),
            CUDA_SUCCESS);
  EXPECT_EQ(type, unsigned(CU_MEMORYTYPE_HOST));
  EXPECT_EQ(cuMemFreeHost(pinned), CUDA_SUCCESS);
  EXPECT_EQ(cuMemFreeHost(pinned), CUDA_ERROR_INVALID_VALUE);
  size_t free = 0, total = 0;
  EXPECT_EQ(cuMemGetInfo(&free, &total), CUDA_SUCCESS);
  EXPECT_EQ(total - free, 64u);
  EXPECT_EQ(cuMemFree(device), CUDA_SUCCESS);
  EXPECT_EQ(cuMemFree(device), CUDA_ERROR_INVALID_VALUE);
}

TEST_F(EmulatedDriver, StreamsAndEvents) {
  CUstream stream;
  ASSERT_EQ(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING), CUDA_SUCCESS);
  CUevent start, end, untimed;
  ASSERT_EQ(cuEventCreate(&start, 0), CUDA_SUCCESS);
  ASSERT_EQ(cuEventCreate(&end, 0), CUDA_SUCCESS);
  ASSERT_EQ(cuEventCreate(&untimed, CU_EVENT_DISABLE_TIMING), CUDA_SUCCESS);
  float ms = 0;
  EXPECT_EQ(cuEventElapsedTime(&ms, start, end), CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(cuEventRecord(start, stream), CUDA_SUCCESS);
  EXPECT_EQ(cuStreamWaitEvent(nullptr, start, 0), CUDA_SUCCESS);
  EXPECT_EQ(cuEventRecord(end, CU_STREAM_LEGACY), CUDA_SUCCESS);
  EXPECT_EQ(cuEventRecord(untimed, stream), CUDA_SUCCESS);
  EXPECT_EQ(cuEventSynchronize(end), CUDA_SUCCESS);
  EXPECT_EQ(cuEventElapsedTime(&ms, start, end), CUDA_SUCCESS);
  EXPECT_GT(ms, 0.0f);
  EXPECT_EQ(cuEventElapsedTime(&ms, start, untimed), CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(cuStreamQuery(stream), CUDA_SUCCESS);
  EXPECT_EQ(cuStreamDestroy(stream), CUDA_SUCCESS);
  EXPECT_EQ(cuStreamSynchronize(stream), CUDA_ERROR_INVALID_HANDLE);
  for (CUevent event : {start, end, untimed})
    EXPECT_EQ(cuEventDestroy(event), CUDA_SUCCESS);
  EXPECT_EQ(cuEventDestroy(start), CUDA_ERROR_INVALID_HANDLE);
}

TEST_F(EmulatedDriver, ProcAddressByVersion) {
  void *old = nullptr, *current = nullptr;
  CUdriverProcAddressQueryResult status;
  EXPECT_EQ(cuGetProcAddress("cuCtxGetDevice", &old, 12000, 0, &status),
            CUDA_SUCCESS);
  EXPECT_EQ(cuGetProcAddress("cuCtxGetDevice", &current, 13000, 0, &status),
            CUDA_SUCCESS);
  EXPECT_EQ(old, reinterpret_cast<void *>(&cuCtxGetDevice));
  EXPECT_EQ(current, reinterpret_cast<void *>(&cuCtxGetDevice_v2));
  EXPECT_EQ(cuGetProcAddress("cuMemAlloc", &current, 13000,
                             CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM,
                             &status),
            CUDA_SUCCESS);
  EXPECT_EQ(current, reinterpret_cast<void *>(&cuMemAlloc_v2));
  EXPECT_EQ(cuGetProcAddress("cuLibraryLoadData", &current, 11080, 0, &status),
            CUDA_ERROR_NOT_FOUND);
  EXPECT_EQ(status, CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT);
  EXPECT_EQ(cuGetProcAddress("cuNoSuchThing", &current, 13000, 0, &status),
            CUDA_ERROR_NOT_FOUND);
  EXPECT_EQ(status, CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND);
  // What the emulator lacks resolves to a stub that says so.
  ASSERT_EQ(cuGetProcAddress("cuGraphCreate", &current, 13000, 0, &status),
            CUDA_SUCCESS);
  CUgraph graph;
  EXPECT_EQ(
      reinterpret_cast<CUresult (*)(CUgraph *, unsigned)>(current)(&graph, 0),
      CUDA_ERROR_NOT_SUPPORTED);
}

TEST_F(EmulatedDriver, ExportTables) {
  auto uuid = [](std::initializer_list<unsigned char> bytes) {
    CUuuid id;
    std::copy(bytes.begin(), bytes.end(),
              reinterpret_cast<unsigned char *>(id.bytes));
    return id;
  };
  const void *table = nullptr;
  CUuuid cudart = uuid({0x6b, 0xd5, 0xfb, 0x6c, 0x5b, 0xf4, 0xe7, 0x4a, 0x89,
                        0x87, 0xd9, 0x39, 0x12, 0xfd, 0x9d, 0xf9});
  ASSERT_EQ(cuGetExportTable(&table, &cudart), CUDA_SUCCESS);
  auto slots = static_cast<void *const *>(table);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(slots[0]), 13 * sizeof(void *));
  CUcontext primary = nullptr;
  EXPECT_EQ(reinterpret_cast<CUresult (*)(CUcontext *, CUdevice)>(slots[2])(
                &primary, 0),
            CUDA_SUCCESS);
  EXPECT_EQ(primary, context);
  // The validity challenge of NVIDIA's cudart is refused.
  CUuuid challenge = uuid({0xd4, 0x08, 0x20, 0x55, 0xbd, 0xe6, 0x70, 0x4b, 0x8d,
                           0x34, 0xba, 0x12, 0x3c, 0x66, 0xe1, 0xf2});
  EXPECT_EQ(cuGetExportTable(&table, &challenge), CUDA_ERROR_NOT_FOUND);
}

TEST_F(EmulatedDriver, TensorMapsAreEncodedAndChecked) {
  CUdeviceptr buffer;
  ASSERT_EQ(cuMemAlloc(&buffer, 64 * 64 * 2), CUDA_SUCCESS);
  CUtensorMap map;
  cuuint64_t dims[2] = {64, 64}, strides[1] = {128};
  cuuint32_t box[2] = {64, 8}, elementStrides[2] = {1, 1};
  EXPECT_EQ(cuTensorMapEncodeTiled(
                &map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2,
                reinterpret_cast<void *>(buffer), dims, strides, box,
                elementStrides, CU_TENSOR_MAP_INTERLEAVE_NONE,
                CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_L2_PROMOTION_NONE,
                CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE),
            CUDA_SUCCESS);
  strides[0] = 120; // not a multiple of 16
  EXPECT_EQ(cuTensorMapEncodeTiled(
                &map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2,
                reinterpret_cast<void *>(buffer), dims, strides, box,
                elementStrides, CU_TENSOR_MAP_INTERLEAVE_NONE,
                CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_L2_PROMOTION_NONE,
                CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE),
            CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(cuMemFree(buffer), CUDA_SUCCESS);
}

TEST_F(EmulatedDriver, KernelFaultIsSticky) {
  CUmodule module;
  ASSERT_EQ(cuModuleLoadData(&module, kTwicePtx), CUDA_SUCCESS);
  CUfunction function;
  ASSERT_EQ(cuModuleGetFunction(&function, module, "twice"), CUDA_SUCCESS);
  CUdeviceptr out;
  ASSERT_EQ(cuMemAlloc(&out, 16), CUDA_SUCCESS);
  unsigned n = 32; // writes past the 16 bytes
  void *params[] = {&out, &n};
  EXPECT_EQ(
      cuLaunchKernel(function, 1, 1, 1, 32, 1, 1, 0, nullptr, params, nullptr),
      CUDA_ERROR_LAUNCH_FAILED);
  EXPECT_EQ(cuCtxSynchronize(), CUDA_ERROR_LAUNCH_FAILED);
}

} // namespace
