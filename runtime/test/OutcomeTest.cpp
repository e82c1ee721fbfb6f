//===- OutcomeTest.cpp - what a runtime operation came to -----------------===//
//
// Outcome, the status type of the Backend's operations: success carries no
// message, a failure its status and message, and context is added to
// failures only.
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
}

TEST(OutcomeTest, FailureKeepsItsStatusAndGainsContext) {
  Outcome outcome(LMHEAD_STATUS_DRIVER_ERROR, "cuMemAlloc failed");
  outcome.prefix("lmheadDeviceAlloc: ").append(" (64 bytes)");
  EXPECT_FALSE(outcome.ok());
  EXPECT_EQ(outcome.status(), LMHEAD_STATUS_DRIVER_ERROR);
  EXPECT_EQ(outcome.message(),
            "lmheadDeviceAlloc: cuMemAlloc failed (64 bytes)");
}

} // namespace
