//===- StatusTest.cpp - status names, the last error, the version ---------===//
//
// The error model through the public C API only: a failing call leaves its
// message on the calling thread alone, and the next successful call clears
// it.
//
//===----------------------------------------------------------------------===//

#include "lmhead/runtime/Runtime.h"

#include "ScopedEnv.h"

#include <gtest/gtest.h>

#include <string>
#include <thread>

using lmhead::runtime::test::ScopedEnv;

namespace {

TEST(StatusTest, EveryStatusHasItsName) {
  EXPECT_STREQ(lmheadStatusName(LMHEAD_STATUS_OK), "LMHEAD_STATUS_OK");
  EXPECT_STREQ(lmheadStatusName(LMHEAD_STATUS_INVALID_ARGUMENT),
               "LMHEAD_STATUS_INVALID_ARGUMENT");
  EXPECT_STREQ(lmheadStatusName(LMHEAD_STATUS_INVALID_SETTING),
               "LMHEAD_STATUS_INVALID_SETTING");
  EXPECT_STREQ(lmheadStatusName(LMHEAD_STATUS_UNAVAILABLE),
               "LMHEAD_STATUS_UNAVAILABLE");
  EXPECT_STREQ(lmheadStatusName(LMHEAD_STATUS_DRIVER_NOT_FOUND),
               "LMHEAD_STATUS_DRIVER_NOT_FOUND");
  EXPECT_STREQ(lmheadStatusName(LMHEAD_STATUS_DRIVER_ERROR),
               "LMHEAD_STATUS_DRIVER_ERROR");
  EXPECT_STREQ(lmheadStatusName(LMHEAD_STATUS_INVALID_BUNDLE),
               "LMHEAD_STATUS_INVALID_BUNDLE");
  EXPECT_STREQ(lmheadStatusName(LMHEAD_STATUS_NOT_FOUND),
               "LMHEAD_STATUS_NOT_FOUND");
  EXPECT_STREQ(lmheadStatusName(LMHEAD_STATUS_EMULATOR_ERROR),
               "LMHEAD_STATUS_EMULATOR_ERROR");
  EXPECT_STREQ(lmheadStatusName(LMHEAD_STATUS_NO_DEVICE),
               "LMHEAD_STATUS_NO_DEVICE");
  EXPECT_STREQ(lmheadStatusName(static_cast<LMHeadStatus>(1234)),
               "LMHEAD_STATUS_<unknown>");
}

TEST(StatusTest, FailureLeavesAMessageAndSuccessClearsIt) {
  EXPECT_EQ(lmheadSelectBackend(nullptr), LMHEAD_STATUS_INVALID_ARGUMENT);
  EXPECT_STREQ(lmheadGetLastErrorMessage(),
               "lmheadSelectBackend: selection is null");

  ScopedEnv device("LMHEAD_DEVICE", "emulator");
  LMHeadBackendSelection selection;
  EXPECT_EQ(lmheadSelectBackend(&selection), LMHEAD_STATUS_OK);
  EXPECT_STREQ(lmheadGetLastErrorMessage(), "");
}

TEST(StatusTest, LastErrorIsPerThread) {
  EXPECT_EQ(lmheadQueryCudaDevices(nullptr), LMHEAD_STATUS_INVALID_ARGUMENT);
  std::string otherThreadMessage = "not run";
  std::thread([&] { otherThreadMessage = lmheadGetLastErrorMessage(); }).join();
  EXPECT_EQ(otherThreadMessage, "");
  EXPECT_STREQ(lmheadGetLastErrorMessage(),
               "lmheadQueryCudaDevices: report is null");
}

TEST(VersionTest, MatchesTheProjectVersion) {
  int major = -1, minor = -1, patch = -1;
  lmheadGetVersion(&major, &minor, &patch);
  EXPECT_EQ(std::to_string(major) + "." + std::to_string(minor) + "." +
                std::to_string(patch),
            LMHEAD_EXPECTED_VERSION);
  EXPECT_STREQ(lmheadGetVersionString(), LMHEAD_EXPECTED_VERSION);
  // Null pointers skip a part instead of crashing.
  lmheadGetVersion(nullptr, nullptr, nullptr);
}

TEST(BackendNameTest, NamesBothBackends) {
  EXPECT_STREQ(lmheadBackendName(LMHEAD_BACKEND_EMULATOR), "emulator");
  EXPECT_STREQ(lmheadBackendName(LMHEAD_BACKEND_CUDA), "cuda");
  EXPECT_STREQ(lmheadBackendName(static_cast<LMHeadBackend>(7)), "<unknown>");
}

} // namespace
