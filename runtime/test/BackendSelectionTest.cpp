//===- BackendSelectionTest.cpp - LMHEAD_DEVICE without a CUDA driver -----===//
//
// Every test points LMHEAD_LIBCUDA at a file that does not exist, so the
// results are the same on a GPU machine and on one without a driver. Where
// the outcome depends on whether the CUDA backend was built in, both cases
// are spelled out.
//
//===----------------------------------------------------------------------===//

#include "lmhead/runtime/Runtime.h"

#include "ScopedEnv.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstring>
#include <optional>
#include <string>

using lmhead::runtime::test::ScopedEnv;
using ::testing::HasSubstr;

namespace {

constexpr const char *kMissingDriver = "/nonexistent/lmhead-test/libcuda.so.1";

class BackendSelectionTest : public ::testing::Test {
protected:
  /// A selection filled with a pattern, to see whether a call wrote it.
  static LMHeadBackendSelection untouched() {
    LMHeadBackendSelection selection;
    std::memset(&selection, 0x5a, sizeof(selection));
    return selection;
  }
  static bool isUntouched(const LMHeadBackendSelection &selection) {
    LMHeadBackendSelection pattern = untouched();
    return std::memcmp(&selection, &pattern, sizeof(selection)) == 0;
  }

  ScopedEnv libcuda{"LMHEAD_LIBCUDA", kMissingDriver};
};

TEST_F(BackendSelectionTest, EmulatorIsChosenWithoutADriver) {
  ScopedEnv device("LMHEAD_DEVICE", "emulator");
  LMHeadBackendSelection selection = untouched();
  ASSERT_EQ(lmheadSelectBackend(&selection), LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  EXPECT_EQ(selection.backend, LMHEAD_BACKEND_EMULATOR);
  EXPECT_EQ(selection.setting, LMHEAD_DEVICE_EMULATOR);
  EXPECT_STREQ(selection.reason, "LMHEAD_DEVICE=emulator");
}

// Unset, empty and "auto" are the same setting.
class AutoSelectionTest
    : public BackendSelectionTest,
      public ::testing::WithParamInterface<std::optional<std::string>> {};

TEST_P(AutoSelectionTest, FallsBackToTheEmulatorAndSaysWhy) {
  ScopedEnv device("LMHEAD_DEVICE", GetParam());
  LMHeadBackendSelection selection = untouched();
  ASSERT_EQ(lmheadSelectBackend(&selection), LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  EXPECT_EQ(selection.backend, LMHEAD_BACKEND_EMULATOR);
  EXPECT_EQ(selection.setting, LMHEAD_DEVICE_AUTO);
  EXPECT_THAT(selection.reason, HasSubstr("using the emulator because"));
  if (lmheadHasCudaBackend())
    EXPECT_THAT(selection.reason,
                HasSubstr(std::string("cannot load the CUDA driver '") +
                          kMissingDriver + "'"));
  else
    EXPECT_THAT(selection.reason, HasSubstr("without the CUDA backend"));
}

INSTANTIATE_TEST_SUITE_P(UnsetEmptyOrAuto, AutoSelectionTest,
                         ::testing::Values(std::nullopt, std::string(),
                                           std::string("auto")));

TEST_F(BackendSelectionTest, CudaWithoutADriverIsAnError) {
  ScopedEnv device("LMHEAD_DEVICE", "cuda");
  LMHeadBackendSelection selection = untouched();
  LMHeadStatus status = lmheadSelectBackend(&selection);
  std::string message = lmheadGetLastErrorMessage();
  EXPECT_TRUE(isUntouched(selection));
  EXPECT_THAT(message, HasSubstr("LMHEAD_DEVICE=cuda but "));
  if (lmheadHasCudaBackend()) {
    EXPECT_EQ(status, LMHEAD_STATUS_DRIVER_NOT_FOUND);
    EXPECT_THAT(message, HasSubstr(kMissingDriver));
    // dlerror()'s own reason is passed on.
    EXPECT_THAT(message, HasSubstr("No such file or directory"));
  } else {
    EXPECT_EQ(status, LMHEAD_STATUS_UNAVAILABLE);
    EXPECT_THAT(message, HasSubstr("built without the CUDA backend"));
  }
}

class BadDeviceSettingTest
    : public BackendSelectionTest,
      public ::testing::WithParamInterface<const char *> {};

TEST_P(BadDeviceSettingTest, IsAnErrorNamingVariableValueAndChoices) {
  ScopedEnv device("LMHEAD_DEVICE", std::string(GetParam()));
  LMHeadBackendSelection selection = untouched();
  EXPECT_EQ(lmheadSelectBackend(&selection), LMHEAD_STATUS_INVALID_SETTING);
  EXPECT_TRUE(isUntouched(selection));
  EXPECT_EQ(std::string(lmheadGetLastErrorMessage()),
            std::string("LMHEAD_DEVICE has the unknown value '") + GetParam() +
                "'; accepted values are cuda, emulator and auto (the "
                "default when unset)");
}

// Near misses included: matching is exact, so a typo is never taken for auto.
INSTANTIATE_TEST_SUITE_P(Typos, BadDeviceSettingTest,
                         ::testing::Values("gpu", "CUDA", " cuda", "cuda ",
                                           "emulator2", "cdua", "0"));

TEST_F(BackendSelectionTest, DeviceQueryWithoutADriverIsACleanError) {
  LMHeadCudaDeviceReport report;
  std::memset(&report, 0x5a, sizeof(report));
  LMHeadCudaDeviceReport pattern = report;
  LMHeadStatus status = lmheadQueryCudaDevices(&report);
  EXPECT_EQ(std::memcmp(&report, &pattern, sizeof(report)), 0);
  if (lmheadHasCudaBackend()) {
    EXPECT_EQ(status, LMHEAD_STATUS_DRIVER_NOT_FOUND);
    EXPECT_THAT(lmheadGetLastErrorMessage(),
                HasSubstr(std::string("cannot load the CUDA driver '") +
                          kMissingDriver + "'"));
  } else {
    EXPECT_EQ(status, LMHEAD_STATUS_UNAVAILABLE);
  }
}

} // namespace
