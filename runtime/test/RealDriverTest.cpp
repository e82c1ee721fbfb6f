//===- RealDriverTest.cpp - the installed libcuda.so.1, when there is one -===//
//
// The fake driver proves the runtime's logic; this proves it against the
// real driver's ABI (the entry point names, cuDeviceGetName's buffer
// contract, cuDeviceTotalMem_v2). It skips where the dynamic loader finds no
// libcuda.so.1, which is every machine without an NVIDIA driver.
//
//===----------------------------------------------------------------------===//

#include "lmhead/runtime/Runtime.h"

#include "ScopedEnv.h"

#include <gtest/gtest.h>

#include <cstring>
#include <optional>
#include <string>

using lmhead::runtime::test::ScopedEnv;

namespace {

TEST(RealDriverTest, ReportsWhatTheDriverHas) {
  ScopedEnv libcuda("LMHEAD_LIBCUDA", std::nullopt);
  LMHeadCudaDeviceReport report = {};
  LMHeadStatus status = lmheadQueryCudaDevices(&report);
  if (status == LMHEAD_STATUS_DRIVER_NOT_FOUND)
    GTEST_SKIP() << "no CUDA driver: " << lmheadGetLastErrorMessage();
  ASSERT_EQ(status, LMHEAD_STATUS_OK) << lmheadGetLastErrorMessage();
  EXPECT_GE(report.driverVersion, 12000);
  EXPECT_GE(report.deviceCount, 0);
  if (report.deviceCount > 0) {
    EXPECT_GT(std::strlen(report.device0Name), 0u);
    EXPECT_GT(report.device0TotalMemory, 0u);
  }
  ::testing::Test::RecordProperty("device0", report.device0Name);
}

TEST(RealDriverTest, AutoPicksCudaExactlyWhenADeviceIsThere) {
  ScopedEnv libcuda("LMHEAD_LIBCUDA", std::nullopt);
  ScopedEnv device("LMHEAD_DEVICE", std::string("auto"));
  LMHeadCudaDeviceReport report = {};
  if (lmheadQueryCudaDevices(&report) != LMHEAD_STATUS_OK)
    GTEST_SKIP() << "no working CUDA driver: " << lmheadGetLastErrorMessage();
  LMHeadBackendSelection selection;
  ASSERT_EQ(lmheadSelectBackend(&selection), LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  EXPECT_EQ(selection.backend, report.deviceCount > 0 ? LMHEAD_BACKEND_CUDA
                                                      : LMHEAD_BACKEND_EMULATOR)
      << selection.reason;
}

} // namespace
