//===- MgpuWrappersTest.cpp - the mgpu* functions on a fake libcuda.so.1 --===//
//
// The functions MLIR-lowered programs call, exercised the way such a
// program uses them, against FakeCudaDriver.cpp. The process backend is
// chosen once per process, so each test sets its environment first, and
// ctest runs every test in a process of its own. Failures end the process
// (lowered code cannot handle errors): those tests are death tests, run in
// a fresh process that re-executes this one.
//
//===----------------------------------------------------------------------===//

#include "lmhead/runtime/Runtime.h"

#include "FakeCudaLog.h"
#include "ScopedEnv.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <dlfcn.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

using lmhead::runtime::test::FakeCudaLog;
using lmhead::runtime::test::ScopedEnv;
using ::testing::ExitedWithCode;
using ::testing::HasSubstr;

// The C signatures MLIR 22's lowering declares.
extern "C" {
void *mgpuModuleLoadJIT(void *data, int optLevel);
void mgpuModuleUnload(void *module);
void *mgpuModuleGetFunction(void *module, const char *name);
void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t sharedBytes, void *stream,
                      void **params, void **extra, size_t paramsCount);
void mgpuLaunchClusterKernel(void *function, intptr_t clusterX,
                             intptr_t clusterY, intptr_t clusterZ,
                             intptr_t gridX, intptr_t gridY, intptr_t gridZ,
                             intptr_t blockX, intptr_t blockY, intptr_t blockZ,
                             int32_t sharedBytes, void *stream, void **params,
                             void **extra);
void *mgpuStreamCreate();
void mgpuStreamDestroy(void *stream);
void mgpuStreamSynchronize(void *stream);
void mgpuStreamWaitEvent(void *stream, void *event);
void *mgpuEventCreate();
void mgpuEventDestroy(void *event);
void mgpuEventRecord(void *event, void *stream);
void *mgpuMemAlloc(uint64_t sizeBytes, void *stream, bool isHostShared);
void mgpuMemFree(void *pointer, void *stream);
void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *stream);
void mgpuMemset32(void *dst, unsigned int value, size_t count, void *stream);
void mgpuMemset16(void *dst, unsigned short value, size_t count, void *stream);
void mgpuMemHostRegisterMemRef(int64_t rank, void *descriptor,
                               int64_t elementSizeBytes);
void mgpuMemHostUnregisterMemRef(int64_t rank, void *descriptor,
                                 int64_t elementSizeBytes);
void mgpuTensorMapEncodeTiled(void *tensorMap, int dataType, uint32_t rank,
                              void *globalAddress, const uint64_t *globalDim,
                              const uint64_t *globalStrides,
                              const uint32_t *boxDim,
                              const uint32_t *elementStrides, int interleave,
                              int swizzle, int l2Promotion, int oobFill);
void *mgpuTensorMapEncodeTiledMemref(int64_t rank, void *descriptor,
                                     int64_t dataType, int64_t interleave,
                                     int64_t swizzle, int64_t l2Promotion,
                                     int64_t oobFill, int64_t *boxDims);
}

namespace {

/// Two kernels, as NVPTX prints them (the fake reads the .entry names).
constexpr char kPtx[] =
    ".version 8.0\n.target sm_90a\n.address_size 64\n"
    ".visible .entry first(\n.param .u64 p\n)\n{\nret;\n}\n"
    ".visible .entry second(\n.param .u64 p\n)\n{\nret;\n}\n";

/// A rank-2 memref descriptor as MLIR lays it out.
struct MemRef2D {
  void *allocated;
  void *aligned;
  int64_t offset;
  int64_t sizes[2];
  int64_t strides[2];
};

class MgpuWrappersTest : public ::testing::Test {
protected:
  void SetUp() override {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    ASSERT_TRUE(fake.ok()) << dlerror();
  }

  std::string callsSince(const std::string &mark) const {
    return fake.since(mark);
  }
  std::string log() const { return fake.mark(); }
  int liveObjects() const { return fake.liveObjects(); }

  /// Loads kPtx (the first call also starts the backend).
  void *loadModule() { return mgpuModuleLoadJIT(const_cast<char *>(kPtx), 2); }

  ScopedEnv device{"LMHEAD_DEVICE", std::string("cuda")};
  ScopedEnv libcuda{"LMHEAD_LIBCUDA", std::string(LMHEAD_FAKE_LIBCUDA)};
  ScopedEnv failure{"LMHEAD_FAKE_CUDA_FAIL", std::nullopt};
  ScopedEnv devices{"LMHEAD_FAKE_CUDA_DEVICES", std::nullopt};
  FakeCudaLog fake{LMHEAD_FAKE_LIBCUDA};
};

TEST_F(MgpuWrappersTest, ForkAndJoinReachTheDriverOnTheRightStreams) {
  void *module = loadModule();
  int baseline = liveObjects(); // the primary context and the module
  std::string mark = log();

  void *first = mgpuModuleGetFunction(module, "first");
  void *second = mgpuModuleGetFunction(module, "second");
  void *a = mgpuStreamCreate();
  void *b = mgpuStreamCreate();
  void *params[] = {nullptr};
  mgpuLaunchKernel(first, 2, 1, 1, 32, 1, 1, 0, a, params, nullptr, 1);
  // Above 48 KiB of dynamic shared memory the kernel must opt in first.
  mgpuLaunchKernel(second, 1, 1, 1, 128, 1, 1, 96 * 1024, b, params, nullptr,
                   1);
  void *done = mgpuEventCreate();
  mgpuEventRecord(done, a);
  mgpuStreamWaitEvent(b, done);
  mgpuLaunchClusterKernel(first, 2, 1, 1, 4, 1, 1, 128, 1, 1, 0, b, params,
                          nullptr);
  mgpuStreamSynchronize(b);
  mgpuEventDestroy(done);
  mgpuStreamDestroy(a);
  mgpuStreamDestroy(b);

  std::string calls = callsSince(mark);
  std::string s1 = FakeCudaLog::created(calls, "cuStreamCreate", 0);
  std::string s2 = FakeCudaLog::created(calls, "cuStreamCreate", 1);
  std::string e1 = FakeCudaLog::created(calls, "cuEventCreate", 0);
  EXPECT_EQ(calls,
            "cuModuleGetFunction:first cuModuleGetFunction:second "
            "cuStreamCreate:" +
                s1 + " cuStreamCreate:" + s2 + " cuLaunchKernel:first@" + s1 +
                " cuFuncSetAttribute:second.8=98304 cuLaunchKernel:second@" +
                s2 + " cuEventCreate:" + e1 + " cuEventRecord:" + e1 + "@" +
                s1 + " cuStreamWaitEvent:" + s2 + "<" + e1 +
                " cuLaunchKernelEx:first@" + s2 +
                "+cluster(2,1,1) cuStreamSynchronize:" + s2 +
                " cuEventDestroy:" + e1 + " cuStreamDestroy:" + s1 +
                " cuStreamDestroy:" + s2);
  EXPECT_NE(s1, s2);
  EXPECT_EQ(liveObjects(), baseline) << "streams or events left behind";
  mgpuModuleUnload(module);
  EXPECT_EQ(liveObjects(), baseline - 1);
}

TEST_F(MgpuWrappersTest, MemoryRoundTripsThroughTheDevice) {
  loadModule();
  int baseline = liveObjects();
  std::vector<uint32_t> host(16), back(16, 0xdeadbeef);
  for (uint32_t i = 0; i < host.size(); ++i)
    host[i] = i;
  void *stream = mgpuStreamCreate();
  void *device = mgpuMemAlloc(64, stream, false);
  ASSERT_NE(device, nullptr);
  mgpuMemcpy(device, host.data(), 64, stream);
  mgpuMemset32(static_cast<char *>(device) + 32, 7u, 4, stream);
  mgpuMemset16(static_cast<char *>(device) + 48, 0x0101, 2, stream);
  mgpuMemcpy(back.data(), device, 64, stream);
  mgpuStreamSynchronize(stream);
  for (uint32_t i = 0; i < 8; ++i)
    EXPECT_EQ(back[i], i);
  for (uint32_t i = 8; i < 12; ++i)
    EXPECT_EQ(back[i], 7u);
  EXPECT_EQ(back[12], 0x01010101u);
  EXPECT_EQ(back[13], 13u);
  mgpuMemFree(device, stream);
  mgpuStreamDestroy(stream);
  EXPECT_EQ(liveObjects(), baseline) << "memory or streams left behind";
}

TEST_F(MgpuWrappersTest, EmptyAllocationsNeedNoDriverCall) {
  loadModule();
  std::string mark = log();
  EXPECT_EQ(mgpuMemAlloc(0, nullptr, false), nullptr);
  mgpuMemFree(nullptr, nullptr);
  EXPECT_EQ(callsSince(mark), "");
}

TEST_F(MgpuWrappersTest, RegistersTheBytesOfADenseMemRef) {
  loadModule();
  std::vector<float> data(2 * 3 + 1);
  MemRef2D memref = {data.data(), data.data(), 1, {2, 3}, {3, 1}};
  std::string mark = log();
  mgpuMemHostRegisterMemRef(2, &memref, sizeof(float));
  mgpuMemHostUnregisterMemRef(2, &memref, sizeof(float));
  EXPECT_EQ(callsSince(mark), "cuMemHostRegister:24 cuMemHostUnregister");
}

TEST_F(MgpuWrappersTest, EncodesATensorMapAndPutsItOnTheDevice) {
  loadModule();
  std::vector<uint16_t> data(128 * 64);
  MemRef2D memref = {data.data(), data.data(), 0, {128, 64}, {64, 1}};
  int64_t box[2] = {64, 64};
  std::string mark = log();
  void *map = mgpuTensorMapEncodeTiledMemref(2, &memref, /*FLOAT16=*/6,
                                             /*interleave=*/0,
                                             /*SWIZZLE_128B=*/3, 0, 0, box);
  ASSERT_NE(map, nullptr);
  // The driver counts dimensions from the innermost: 64 columns of 128
  // rows, rows 128 bytes apart.
  EXPECT_EQ(callsSince(mark),
            "cuTensorMapEncodeTiled:type6,rank2,swizzle3,dims64x128,"
            "box64x64,strides128 cuMemAlloc:128 cuMemcpyAsync:128@s0 "
            "cuStreamSynchronize:s0");
  // The fake writes the global address first; it reached device memory.
  void *address = nullptr;
  std::memcpy(&address, map, sizeof(address));
  EXPECT_EQ(address, data.data());
}

TEST_F(MgpuWrappersTest, PutsBackTheContextAnotherLibraryMadeCurrent) {
  // A thread where PyTorch selected GPU 1 has that GPU's context current:
  // each call switches to the runtime's context (device 0) and back, so
  // the thread's device is unchanged; and a switch by another library
  // between two calls is seen (the context is asked for on every call).
  ScopedEnv two{"LMHEAD_FAKE_CUDA_DEVICES", std::string("2")};
  void *module = loadModule();
  using Context = void *;
  auto deviceGet = fake.entryPoint<int (*)(int *, int)>("cuDeviceGet");
  auto retain =
      fake.entryPoint<int (*)(Context *, int)>("cuDevicePrimaryCtxRetain");
  // cuda.h names the current version of this one with a suffix.
  auto release = fake.entryPoint<int (*)(int)>("cuDevicePrimaryCtxRelease_v2");
  auto getCurrent = fake.entryPoint<int (*)(Context *)>("cuCtxGetCurrent");
  auto setCurrent = fake.entryPoint<int (*)(Context)>("cuCtxSetCurrent");
  ASSERT_TRUE(deviceGet && retain && release && getCurrent && setCurrent);
  int one = -1;
  Context theirs = nullptr, ours = nullptr, current = nullptr;
  ASSERT_EQ(getCurrent(&ours), 0);
  ASSERT_EQ(deviceGet(&one, 1), 0);
  ASSERT_EQ(retain(&theirs, one), 0);
  ASSERT_NE(theirs, ours);
  ASSERT_EQ(setCurrent(theirs), 0);

  std::string mark = log();
  void *stream = mgpuStreamCreate();
  ASSERT_EQ(getCurrent(&current), 0);
  EXPECT_EQ(current, theirs);
  mgpuStreamDestroy(stream);
  ASSERT_EQ(getCurrent(&current), 0);
  EXPECT_EQ(current, theirs);
  mgpuModuleUnload(module);
  std::string calls = callsSince(mark);
  std::string s1 = FakeCudaLog::created(calls, "cuStreamCreate", 0);
  EXPECT_EQ(calls,
            "cuCtxSetCurrent cuStreamCreate:" + s1 +
                " cuCtxSetCurrent cuCtxSetCurrent cuStreamDestroy:" + s1 +
                " cuCtxSetCurrent cuCtxSetCurrent cuModuleUnload "
                "cuCtxSetCurrent");
  ASSERT_EQ(release(one), 0);
}

TEST_F(MgpuWrappersTest, ReleasesSucceedOnceTheDriverShutsDown) {
  // An MLIR program unloads its modules from a global destructor, which
  // can run after the driver's exit handler: each release then answers
  // CUDA_ERROR_DEINITIALIZED (4). Everything is released by then, so the
  // program goes on (seen on an H200: it used to end with exit code 1).
  void *module = loadModule();
  void *stream = mgpuStreamCreate();
  void *event = mgpuEventCreate();
  void *memory = mgpuMemAlloc(256, nullptr, false);
  std::vector<float> host(4);
  MemRef2D memref = {host.data(), host.data(), 0, {2, 2}, {2, 1}};
  mgpuMemHostRegisterMemRef(2, &memref, sizeof(float));
  {
    ScopedEnv down{"LMHEAD_FAKE_CUDA_FAIL", std::string("cuModuleUnload:4")};
    mgpuModuleUnload(module);
  }
  {
    ScopedEnv down{"LMHEAD_FAKE_CUDA_FAIL", std::string("cuEventDestroy:4")};
    mgpuEventDestroy(event);
  }
  {
    ScopedEnv down{"LMHEAD_FAKE_CUDA_FAIL", std::string("cuStreamDestroy:4")};
    mgpuStreamDestroy(stream);
  }
  {
    ScopedEnv down{"LMHEAD_FAKE_CUDA_FAIL", std::string("cuMemFree:4")};
    mgpuMemFree(memory, nullptr);
  }
  {
    ScopedEnv down{"LMHEAD_FAKE_CUDA_FAIL",
                   std::string("cuMemHostUnregister:4")};
    mgpuMemHostUnregisterMemRef(2, &memref, sizeof(float));
  }
}
using MgpuWrappersDeathTest = MgpuWrappersTest;

TEST_F(MgpuWrappersDeathTest, NoDriverEndsTheProgramNamingIt) {
  ScopedEnv missing{"LMHEAD_LIBCUDA", std::string("/nonexistent/libcuda.so.1")};
  EXPECT_EXIT(mgpuStreamCreate(), ExitedWithCode(1),
              "lmhead runtime: error: mgpuStreamCreate: LMHEAD_DEVICE=cuda "
              "but cannot load the CUDA driver '/nonexistent/libcuda.so.1'");
}

TEST_F(MgpuWrappersDeathTest, NoDeviceEndsTheProgram) {
  ScopedEnv none{"LMHEAD_FAKE_CUDA_DEVICES", std::string("0")};
  EXPECT_EXIT(mgpuStreamCreate(), ExitedWithCode(1),
              "mgpuStreamCreate: LMHEAD_DEVICE=cuda but the CUDA driver "
              "reports no device .LMHEAD_STATUS_NO_DEVICE.");
}

TEST_F(MgpuWrappersDeathTest, InvalidPtxShowsTheJitLog) {
  EXPECT_EXIT(mgpuModuleLoadJIT(const_cast<char *>("not ptx"), 2),
              ExitedWithCode(1),
              "mgpuModuleLoadJIT: cuModuleLoadDataEx failed: "
              "CUDA_ERROR_INVALID_PTX .a PTX JIT compilation failed.; JIT "
              "log: ptxas application ptx input, line 1; fatal   : Parsing "
              "error near 'not'");
}

TEST_F(MgpuWrappersDeathTest, OutOfMemorySaysHowMuchWasAsked) {
  ScopedEnv oom{"LMHEAD_FAKE_CUDA_FAIL", std::string("cuMemAlloc:2")};
  EXPECT_EXIT(mgpuMemAlloc(1 << 20, nullptr, false), ExitedWithCode(1),
              "mgpuMemAlloc: cuMemAlloc failed: CUDA_ERROR_OUT_OF_MEMORY "
              ".out of memory. .1048576 bytes.");
}

TEST_F(MgpuWrappersDeathTest, LaunchFailureNamesTheKernelAndItsConfiguration) {
  ScopedEnv failing{"LMHEAD_FAKE_CUDA_FAIL", std::string("cuLaunchKernel:719")};
  EXPECT_EXIT(
      {
        void *first = mgpuModuleGetFunction(loadModule(), "first");
        void *params[] = {nullptr};
        mgpuLaunchKernel(first, 2, 1, 1, 32, 1, 1, 0, nullptr, params, nullptr,
                         1);
      },
      ExitedWithCode(1),
      "mgpuLaunchKernel: cuLaunchKernel failed: CUDA_ERROR_LAUNCH_FAILED "
      ".unspecified launch failure. .kernel 'first', grid .2,1,1. block "
      ".32,1,1. shared 0 B.");
}

TEST_F(MgpuWrappersDeathTest, CodesTheDriverCannotNameComeFromTheTable) {
  // The fake's cuGetErrorName does not know 712; the runtime's table does.
  ScopedEnv failing{"LMHEAD_FAKE_CUDA_FAIL",
                    std::string("cuMemHostRegister:712")};
  std::vector<float> data(4);
  MemRef2D memref = {data.data(), data.data(), 0, {2, 2}, {2, 1}};
  EXPECT_EXIT(mgpuMemHostRegisterMemRef(2, &memref, sizeof(float)),
              ExitedWithCode(1),
              "cuMemHostRegister failed: "
              "CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED .part or all of the "
              "requested memory range is already mapped.");
}

TEST_F(MgpuWrappersDeathTest, OtherReleaseFailuresEndTheProgram) {
  void *module = loadModule();
  ScopedEnv failing{"LMHEAD_FAKE_CUDA_FAIL", std::string("cuModuleUnload:1")};
  EXPECT_EXIT(mgpuModuleUnload(module), ExitedWithCode(1),
              "mgpuModuleUnload: cuModuleUnload failed: "
              "CUDA_ERROR_INVALID_VALUE");
}

TEST_F(MgpuWrappersDeathTest, UnknownCodesAreReportedByNumber) {
  ScopedEnv failing{"LMHEAD_FAKE_CUDA_FAIL",
                    std::string("cuStreamCreate:4242")};
  EXPECT_EXIT(mgpuStreamCreate(), ExitedWithCode(1),
              "cuStreamCreate failed: CUresult 4242 .no description from the "
              "driver.");
}

TEST_F(MgpuWrappersDeathTest, StridedMemRefsCannotBeRegistered) {
  std::vector<float> data(8);
  MemRef2D memref = {data.data(), data.data(), 0, {2, 2}, {4, 2}};
  EXPECT_EXIT(mgpuMemHostRegisterMemRef(2, &memref, sizeof(float)),
              ExitedWithCode(1),
              "only dense .identity-layout. memrefs can be registered; "
              "dimension 1 has stride 2 where 1 is dense");
}

TEST_F(MgpuWrappersDeathTest, LaunchSizesMustBePositive) {
  EXPECT_EXIT(
      {
        void *first = mgpuModuleGetFunction(loadModule(), "first");
        mgpuLaunchKernel(first, 0, 1, 1, 32, 1, 1, 0, nullptr, nullptr, nullptr,
                         0);
      },
      ExitedWithCode(1), "grid x is 0, outside \\[1, 2\\^31\\)");
}

TEST_F(MgpuWrappersDeathTest, TheEmulatorNeedsNoDriver) {
  // Run in a process of its own: the process backend is chosen once.
  ScopedEnv emulator{"LMHEAD_DEVICE", std::string("emulator")};
  ScopedEnv missing{"LMHEAD_LIBCUDA", std::string("/nonexistent/libcuda.so.1")};
  EXPECT_EXIT(
      {
        void *first = mgpuModuleGetFunction(loadModule(), "first");
        void *stream = mgpuStreamCreate();
        uint64_t unused = 0;
        void *params[] = {&unused};
        mgpuLaunchKernel(first, 2, 1, 1, 32, 1, 1, 0, stream, params, nullptr,
                         1);
        mgpuStreamSynchronize(stream);
        mgpuStreamDestroy(stream);
        std::fprintf(stderr, "ran on the emulator\n");
        std::exit(0);
      },
      ExitedWithCode(0), "ran on the emulator");
}

TEST_F(MgpuWrappersDeathTest, TheEmulatorCountsTheThreadsOfHugeBlocks) {
  // 65536 x 65536 threads made 0 in 32 bits, which passed the check.
  ScopedEnv emulator{"LMHEAD_DEVICE", std::string("emulator")};
  EXPECT_EXIT(
      {
        void *first = mgpuModuleGetFunction(loadModule(), "first");
        uint64_t unused = 0;
        void *params[] = {&unused};
        mgpuLaunchKernel(first, 1, 1, 1, 65536, 65536, 1, 0, nullptr, params,
                         nullptr, 1);
        std::exit(0);
      },
      ExitedWithCode(1), "4294967296 threads per block, more than 1024");
}

TEST_F(MgpuWrappersDeathTest, TheEmulatorReportsWhatItCannotRead) {
  ScopedEnv emulator{"LMHEAD_DEVICE", std::string("emulator")};
  EXPECT_EXIT(mgpuModuleLoadJIT(const_cast<char *>(".version 8.0\n.target "
                                                   "sm_90a\n.bogus 1;\n"),
                                2),
              ExitedWithCode(1),
              "mgpuModuleLoadJIT: the PTX emulator cannot read the module: "
              "line 3: unsupported directive '.bogus'");
}

TEST_F(MgpuWrappersDeathTest, TheEmulatorRefusesTensorMapsTheDriverWould) {
  ScopedEnv emulator{"LMHEAD_DEVICE", std::string("emulator")};
  // 100 bf16 columns: rows 200 bytes apart, which TMA cannot address.
  alignas(16) static uint16_t data[8 * 100];
  alignas(64) static unsigned char map[128];
  uint64_t dims[2] = {100, 8}, strides[1] = {200};
  uint32_t box[2] = {64, 8}, elementStrides[2] = {1, 1};
  const char *rule = "cuTensorMapEncodeTiled: global stride 0 \\(dimension "
                     "1\\) is 200 bytes, not a multiple of 16";
  EXPECT_EXIT(mgpuTensorMapEncodeTiled(map, /*BFLOAT16=*/9, 2, data, dims,
                                       strides, box, elementStrides, 0,
                                       /*SWIZZLE_128B=*/3, 0, 0),
              ExitedWithCode(1),
              std::string("mgpuTensorMapEncodeTiled: ") + rule);
  // Lowered programs encode the map of a memref, here [8, 100].
  MemRef2D memref = {data, data, 0, {8, 100}, {100, 1}};
  int64_t memrefBox[2] = {8, 64};
  EXPECT_EXIT(mgpuTensorMapEncodeTiledMemref(2, &memref, /*BFLOAT16=*/9,
                                             /*interleave=*/0,
                                             /*SWIZZLE_128B=*/3, 0, 0,
                                             memrefBox),
              ExitedWithCode(1),
              std::string("mgpuTensorMapEncodeTiledMemref: ") + rule);
  // With 96 columns the rows are 192 bytes apart, and the map is encoded.
  dims[0] = 96;
  strides[0] = 192;
  EXPECT_EXIT(
      {
        mgpuTensorMapEncodeTiled(map, 9, 2, data, dims, strides, box,
                                 elementStrides, 0, 3, 0, 0);
        std::fprintf(stderr, "encoded\n");
        std::exit(0);
      },
      ExitedWithCode(0), "encoded");
}

TEST_F(MgpuWrappersDeathTest, TheEmulatorRefusesMapsItWouldCopyWrongly) {
  ScopedEnv emulator{"LMHEAD_DEVICE", std::string("emulator")};
  // A [4, 8, 64] bf16 tensor; the driver accepts each variation below.
  alignas(16) static uint16_t data[4 * 8 * 64];
  alignas(64) static unsigned char map[128];
  uint64_t dims[3] = {64, 8, 4}, strides[2] = {128, 1024};
  uint32_t box[3] = {64, 8, 4};
  uint32_t ones[3] = {1, 1, 1}, everyOtherRow[3] = {1, 2, 1};
  auto encode = [&](const uint32_t *elementStrides, int interleave, int swizzle,
                    int oobFill) {
    mgpuTensorMapEncodeTiled(map, /*BFLOAT16=*/9, 3, data, dims, strides, box,
                             elementStrides, interleave, swizzle, 0, oobFill);
  };
  EXPECT_EXIT(encode(ones, /*INTERLEAVE_16B=*/1, 0, 0), ExitedWithCode(1),
              "interleaved layouts are not emulated");
  EXPECT_EXIT(encode(ones, 0, /*SWIZZLE_128B_ATOM_32B=*/4, 0),
              ExitedWithCode(1), "swizzle 4 .* is not emulated");
  EXPECT_EXIT(encode(everyOtherRow, 0, 3, 0), ExitedWithCode(1),
              "element stride 1 is 2; the emulator copies every element");
  EXPECT_EXIT(encode(ones, 0, 3, /*NAN_REQUEST_ZERO_FMA=*/1), ExitedWithCode(1),
              "oobFill 1 \\(NaN\\) is not emulated");
}

} // namespace
