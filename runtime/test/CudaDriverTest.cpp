//===- CudaDriverTest.cpp - the CUDA loader against a fake libcuda.so.1 ---===//
//
// LMHEAD_LIBCUDA points the runtime at FakeCudaDriver.cpp built as
// libcuda.so.1. The test opens the same library itself to read its call log:
// both handles share one copy of it, and holding ours keeps the log alive
// after the runtime lets go of its own. Only built with the CUDA backend.
//
//===----------------------------------------------------------------------===//

#include "lmhead/runtime/Runtime.h"

#include "ScopedEnv.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cuda.h>
#include <dlfcn.h>

#include <cstring>
#include <optional>
#include <ostream>
#include <string>

using lmhead::runtime::test::ScopedEnv;
using ::testing::HasSubstr;
using ::testing::StartsWith;

namespace {

class CudaDriverTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_EQ(lmheadHasCudaBackend(), 1);
    fake = dlopen(LMHEAD_FAKE_LIBCUDA, RTLD_NOW | RTLD_LOCAL);
    ASSERT_NE(fake, nullptr) << dlerror();
    callLog = reinterpret_cast<const char *(*)()>(
        dlsym(fake, "lmheadFakeCudaCallLog"));
    auto reset =
        reinterpret_cast<void (*)()>(dlsym(fake, "lmheadFakeCudaReset"));
    ASSERT_NE(callLog, nullptr);
    ASSERT_NE(reset, nullptr);
    reset();
  }
  void TearDown() override {
    if (fake)
      dlclose(fake);
  }

  /// Runs lmheadQueryCudaDevices and returns its status.
  LMHeadStatus query() { return lmheadQueryCudaDevices(&report); }

  std::string log() const { return callLog(); }

  ScopedEnv libcuda{"LMHEAD_LIBCUDA", std::string(LMHEAD_FAKE_LIBCUDA)};
  ScopedEnv failure{"LMHEAD_FAKE_CUDA_FAIL", std::nullopt};
  ScopedEnv devices{"LMHEAD_FAKE_CUDA_DEVICES", std::nullopt};
  ScopedEnv device{"LMHEAD_DEVICE", std::nullopt};
  void *fake = nullptr;
  const char *(*callLog)() = nullptr;
  LMHeadCudaDeviceReport report = {};
};

TEST_F(CudaDriverTest, ReportsTheDevicesWithCuInitFirst) {
  ASSERT_EQ(query(), LMHEAD_STATUS_OK) << lmheadGetLastErrorMessage();
  // The fake reports the version of the cuda.h it was built with.
  EXPECT_EQ(report.driverVersion, CUDA_VERSION);
  EXPECT_EQ(report.deviceCount, 1);
  EXPECT_STREQ(report.device0Name, "lmhead fake GPU 0");
  EXPECT_EQ(report.device0TotalMemory, 80ull << 30);
  EXPECT_STREQ(lmheadGetLastErrorMessage(), "");
  EXPECT_EQ(log(), "cuInit cuDriverGetVersion cuDeviceGetCount cuDeviceGet "
                   "cuDeviceGetName cuDeviceTotalMem");
}

TEST_F(CudaDriverTest, ResolvesTheVersionedNamesOfCudaH) {
  // cuda.h maps cuDeviceTotalMem to cuDeviceTotalMem_v2; the fake, compiled
  // against it, exports only the mapped name, so the successful query above
  // shows the runtime asked for that one.
  EXPECT_NE(dlsym(fake, "cuDeviceTotalMem_v2"), nullptr);
  EXPECT_EQ(dlsym(fake, "cuDeviceTotalMem"), nullptr);
  ASSERT_EQ(query(), LMHEAD_STATUS_OK) << lmheadGetLastErrorMessage();
  EXPECT_THAT(log(), HasSubstr("cuDeviceTotalMem"));
}

TEST_F(CudaDriverTest, NoDeviceIsACountOfZero) {
  ScopedEnv none("LMHEAD_FAKE_CUDA_DEVICES", std::string("0"));
  ASSERT_EQ(query(), LMHEAD_STATUS_OK) << lmheadGetLastErrorMessage();
  EXPECT_EQ(report.deviceCount, 0);
  EXPECT_STREQ(report.device0Name, "");
  EXPECT_EQ(report.device0TotalMemory, 0u);
  EXPECT_EQ(log(), "cuInit cuDriverGetVersion");
}

/// A failure injected into one call: the call, the code and the message the
/// runtime must produce.
struct InjectedFailure {
  const char *call;
  int code;
  const char *expectedMessage;
  const char *expectedLog;
};

/// Names the case "call:code" in gtest output and, through
/// gtest_discover_tests, in ctest's test names.
void PrintTo(const InjectedFailure &failure, std::ostream *os) {
  *os << failure.call << ":" << failure.code;
}

class FailingCallTest : public CudaDriverTest,
                        public ::testing::WithParamInterface<InjectedFailure> {
};

TEST_P(FailingCallTest, ErrorNamesTheCallAndTheCode) {
  const InjectedFailure &failure = GetParam();
  ScopedEnv fail("LMHEAD_FAKE_CUDA_FAIL", std::string(failure.call) + ":" +
                                              std::to_string(failure.code));
  report.deviceCount = -7;
  EXPECT_EQ(query(), LMHEAD_STATUS_DRIVER_ERROR);
  EXPECT_STREQ(lmheadGetLastErrorMessage(), failure.expectedMessage);
  EXPECT_EQ(report.deviceCount, -7) << "report written on failure";
  // Nothing after the failing call but the two error queries.
  EXPECT_EQ(log(), failure.expectedLog);
}

INSTANTIATE_TEST_SUITE_P(
    EachCall, FailingCallTest,
    ::testing::Values(
        InjectedFailure{"cuInit", 999,
                        "cuInit failed: CUDA_ERROR_UNKNOWN (unknown error)",
                        "cuInit cuGetErrorName cuGetErrorString"},
        InjectedFailure{"cuDriverGetVersion", 1,
                        "cuDriverGetVersion failed: CUDA_ERROR_INVALID_VALUE "
                        "(invalid argument)",
                        "cuInit cuDriverGetVersion cuGetErrorName "
                        "cuGetErrorString"},
        InjectedFailure{"cuDeviceGetCount", 3,
                        "cuDeviceGetCount failed: CUDA_ERROR_NOT_INITIALIZED "
                        "(initialization error)",
                        "cuInit cuDriverGetVersion cuDeviceGetCount "
                        "cuGetErrorName cuGetErrorString"},
        InjectedFailure{
            "cuDeviceGet", 101,
            "cuDeviceGet failed: CUDA_ERROR_INVALID_DEVICE "
            "(invalid device ordinal)",
            "cuInit cuDriverGetVersion cuDeviceGetCount cuDeviceGet "
            "cuGetErrorName cuGetErrorString"},
        InjectedFailure{
            "cuDeviceGetName", 999,
            "cuDeviceGetName failed: CUDA_ERROR_UNKNOWN (unknown "
            "error)",
            "cuInit cuDriverGetVersion cuDeviceGetCount cuDeviceGet "
            "cuDeviceGetName cuGetErrorName cuGetErrorString"},
        InjectedFailure{
            "cuDeviceTotalMem", 1,
            "cuDeviceTotalMem failed: CUDA_ERROR_INVALID_VALUE "
            "(invalid argument)",
            "cuInit cuDriverGetVersion cuDeviceGetCount cuDeviceGet "
            "cuDeviceGetName cuDeviceTotalMem cuGetErrorName "
            "cuGetErrorString"},
        // A code the driver has no name for (say, from a newer driver).
        InjectedFailure{
            "cuDeviceGet", 12345,
            "cuDeviceGet failed: CUresult 12345 (no description "
            "from the driver)",
            "cuInit cuDriverGetVersion cuDeviceGetCount cuDeviceGet "
            "cuGetErrorName cuGetErrorString"}));

TEST_F(CudaDriverTest, MissingEntryPointIsNamed) {
  ScopedEnv old("LMHEAD_LIBCUDA", std::string(LMHEAD_INCOMPLETE_LIBCUDA));
  EXPECT_EQ(query(), LMHEAD_STATUS_DRIVER_NOT_FOUND);
  EXPECT_EQ(std::string(lmheadGetLastErrorMessage()),
            std::string("the CUDA driver '") + LMHEAD_INCOMPLETE_LIBCUDA +
                "' has no entry point 'cuDeviceGetName' (the driver is older "
                "than this runtime needs)");
}

TEST_F(CudaDriverTest, MissingLibraryIsACleanError) {
  ScopedEnv missing("LMHEAD_LIBCUDA", std::string("/nonexistent/libcuda.so.1"));
  EXPECT_EQ(query(), LMHEAD_STATUS_DRIVER_NOT_FOUND);
  EXPECT_THAT(lmheadGetLastErrorMessage(),
              StartsWith("cannot load the CUDA driver '/nonexistent/"
                         "libcuda.so.1': "));
  EXPECT_EQ(log(), "");
}

TEST_F(CudaDriverTest, EmulatorSettingNeverTouchesTheDriver) {
  ScopedEnv emulator("LMHEAD_DEVICE", std::string("emulator"));
  LMHeadBackendSelection selection;
  ASSERT_EQ(lmheadSelectBackend(&selection), LMHEAD_STATUS_OK);
  EXPECT_EQ(selection.backend, LMHEAD_BACKEND_EMULATOR);
  EXPECT_EQ(log(), "");
}

class CudaOrAutoTest
    : public CudaDriverTest,
      public ::testing::WithParamInterface<std::optional<std::string>> {};

TEST_P(CudaOrAutoTest, PicksCudaWhenADeviceIsThere) {
  ScopedEnv setting("LMHEAD_DEVICE", GetParam());
  LMHeadBackendSelection selection;
  ASSERT_EQ(lmheadSelectBackend(&selection), LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  EXPECT_EQ(selection.backend, LMHEAD_BACKEND_CUDA);
  EXPECT_THAT(selection.reason,
              HasSubstr(": CUDA driver " + std::to_string(CUDA_VERSION / 1000) +
                        "." + std::to_string(CUDA_VERSION % 1000 / 10) +
                        " with 1 device(s), device 0 is lmhead fake GPU 0"));
  EXPECT_THAT(log(), StartsWith("cuInit "));
}

INSTANTIATE_TEST_SUITE_P(Settings, CudaOrAutoTest,
                         ::testing::Values(std::string("cuda"),
                                           std::string("auto"), std::nullopt));

TEST_F(CudaDriverTest, CudaSettingWithoutDevicesFails) {
  ScopedEnv cuda("LMHEAD_DEVICE", std::string("cuda"));
  ScopedEnv none("LMHEAD_FAKE_CUDA_DEVICES", std::string("0"));
  LMHeadBackendSelection selection;
  EXPECT_EQ(lmheadSelectBackend(&selection), LMHEAD_STATUS_NO_DEVICE);
  EXPECT_STREQ(lmheadGetLastErrorMessage(),
               "LMHEAD_DEVICE=cuda but the CUDA driver reports no device");
}

TEST_F(CudaDriverTest, CudaSettingWithFailingDriverNamesTheCall) {
  ScopedEnv cuda("LMHEAD_DEVICE", std::string("cuda"));
  ScopedEnv fail("LMHEAD_FAKE_CUDA_FAIL", std::string("cuInit:999"));
  LMHeadBackendSelection selection;
  EXPECT_EQ(lmheadSelectBackend(&selection), LMHEAD_STATUS_DRIVER_ERROR);
  EXPECT_STREQ(lmheadGetLastErrorMessage(),
               "LMHEAD_DEVICE=cuda but cuInit failed: CUDA_ERROR_UNKNOWN "
               "(unknown error)");
}

TEST_F(CudaDriverTest, AutoFallsBackWhenTheDriverFails) {
  ScopedEnv fail("LMHEAD_FAKE_CUDA_FAIL", std::string("cuDeviceGetCount:999"));
  LMHeadBackendSelection selection;
  ASSERT_EQ(lmheadSelectBackend(&selection), LMHEAD_STATUS_OK);
  EXPECT_EQ(selection.backend, LMHEAD_BACKEND_EMULATOR);
  EXPECT_STREQ(selection.reason,
               "LMHEAD_DEVICE=auto (unset): using the emulator because "
               "cuDeviceGetCount failed: CUDA_ERROR_UNKNOWN (unknown error)");
}

TEST_F(CudaDriverTest, AutoFallsBackWithoutDevices) {
  ScopedEnv none("LMHEAD_FAKE_CUDA_DEVICES", std::string("0"));
  ScopedEnv setting("LMHEAD_DEVICE", std::string("auto"));
  LMHeadBackendSelection selection;
  ASSERT_EQ(lmheadSelectBackend(&selection), LMHEAD_STATUS_OK);
  EXPECT_EQ(selection.backend, LMHEAD_BACKEND_EMULATOR);
  EXPECT_STREQ(selection.reason, "LMHEAD_DEVICE=auto: using the emulator "
                                 "because the CUDA driver reports no device");
}

} // namespace
