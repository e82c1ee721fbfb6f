//===- CApiFromCTest.cpp - run the C client in CApiFromC.c ----------------===//
//
// The C side selects a backend, so the environment is fixed here first:
// LMHEAD_DEVICE=emulator gives the same answer on every machine.
//
//===----------------------------------------------------------------------===//

#include "ScopedEnv.h"

#include <gtest/gtest.h>

#include <string>

extern "C" int lmheadTestCApiFromC(void);

using lmhead::runtime::test::ScopedEnv;

namespace {

TEST(CApiFromCTest, HeaderWorksFromC) {
  ScopedEnv device("LMHEAD_DEVICE", std::string("emulator"));
  EXPECT_EQ(lmheadTestCApiFromC(), 0);
}

} // namespace
