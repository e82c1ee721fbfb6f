//===- OutcomeTest.cpp - what a runtime operation came to -----------------===//
//
// Outcome, the status type of the Backend's operations: success carries no
// message, a failure its status and message, context is added to failures
// only, and report() hands both to code that keeps a status and a message
// apart.
//
//===----------------------------------------------------------------------===//

#include "Status.h"

#include <gtest/gtest.h>

#include <string>

using lmhead::runtime::Outcome;

namespace {

TEST(OutcomeTest, SuccessHasNoMessageAndIgnoresContext) {
  Outcome outcome;
  outcome.prefix("op 'x': ").append(" (kernel 'k')");
  EXPECT_TRUE(outcome.ok());
  EXPECT_EQ(outcome.status(), LMHEAD_STATUS_OK);
  EXPECT_EQ(outcome.message(), "");
  std::string error = "left alone";
  EXPECT_EQ(std::move(outcome).report(error), LMHEAD_STATUS_OK);
  EXPECT_EQ(error, "left alone");
}

TEST(OutcomeTest, FailureKeepsItsStatusAndGainsContext) {
  Outcome outcome(LMHEAD_STATUS_DRIVER_ERROR, "cuMemAlloc failed");
  outcome.prefix("lmheadDeviceAlloc: ").append(" (64 bytes)");
  EXPECT_FALSE(outcome.ok());
  EXPECT_EQ(outcome.status(), LMHEAD_STATUS_DRIVER_ERROR);
  EXPECT_EQ(outcome.message(),
            "lmheadDeviceAlloc: cuMemAlloc failed (64 bytes)");
  std::string error;
  EXPECT_EQ(std::move(outcome).report(error), LMHEAD_STATUS_DRIVER_ERROR);
  EXPECT_EQ(error, "lmheadDeviceAlloc: cuMemAlloc failed (64 bytes)");
}

} // namespace
