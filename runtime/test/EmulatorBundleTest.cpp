//===- EmulatorBundleTest.cpp - bundle checks on the emulator backend -----===//
//
// The checks a bundle gets on a GPU hold on the PTX emulator too, through
// the same framework API: a manifest whose kernel parameters disagree with
// the PTX signature is refused at load (the emulator answers from the
// parsed PTX), and a run whose grid exceeds CUDA's limits is refused before
// anything is launched, with the most tokens the op can take.
//
//===----------------------------------------------------------------------===//

#include "lmhead/runtime/Runtime.h"

#include "ManifestProducer.h"
#include "ScopedEnv.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <string>

using lmhead::runtime::test::ScopedEnv;
using ::testing::HasSubstr;

namespace {

/// A kernel that takes a pointer and a count (two 64-bit parameters).
constexpr char kPtx[] = ".version 8.0\n.target sm_80\n.address_size 64\n"
                        ".visible .entry rows(\n.param .u64 p0,\n"
                        ".param .u64 p1\n)\n{\nret;\n}\n";

class EmulatorBundleTest : public ::testing::Test {
protected:
  void SetUp() override {
    char pattern[] = "/tmp/lmhead-emulator-bundle-XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    directory = pattern;
    std::ofstream(directory + "/k.ptx") << kPtx;
  }
  void TearDown() override {
    std::system(("rm -rf '" + directory + "'").c_str());
  }
  /// A manifest of one op "rows" (operands x and n) whose kernel has
  /// `params` and grid `grid`.
  void writeManifest(const std::string &params, const std::string &grid) {
    std::ofstream(directory + "/manifest.json")
        << R"({"format": "lmhead-bundle", "version": 1, "ptx": "k.ptx", )"
        << lmhead::runtime::test::producerMember() << R"(,
               "ops": {"rows": {"operands": ["x", "n"], "kernels": [
                 {"name": "rows", "stream": "main", "grid": )"
        << grid << R"(, "block": [32, 1, 1], "params": )" << params << "}]}}}";
  }

  ScopedEnv device{"LMHEAD_DEVICE", std::string("emulator")};
  std::string directory;
};

TEST_F(EmulatorBundleTest, ParametersUnlikeThePtxSignatureAreRefused) {
  writeManifest(R"(["x"])", "[1, 1, 1]");
  LMHeadBundle *bundle = nullptr;
  EXPECT_EQ(lmheadBundleLoad(directory.c_str(), &bundle),
            LMHEAD_STATUS_INVALID_BUNDLE);
  EXPECT_EQ(bundle, nullptr);
  EXPECT_THAT(lmheadGetLastErrorMessage(),
              HasSubstr("op 'rows': kernel 'rows' in k.ptx takes 2 parameters "
                        "but the manifest gives it 1"));
}

TEST_F(EmulatorBundleTest, AGridBeyondTheLimitsNamesTheTokenLimit) {
  writeManifest(R"(["x", "n"])", R"([1, {"ceil_div": ["n", 128]}, 1])");
  LMHeadBundle *bundle = nullptr;
  ASSERT_EQ(lmheadBundleLoad(directory.c_str(), &bundle), LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  unsigned long long operands[2] = {0, 9000000};
  EXPECT_EQ(lmheadBundleRun(bundle, "rows", operands, 2, nullptr),
            LMHEAD_STATUS_INVALID_ARGUMENT);
  EXPECT_THAT(lmheadGetLastErrorMessage(),
              HasSubstr("grid y = 70313 exceeds the device's limit of 65535: "
                        "this op runs at most 8388480 tokens at once"));
  EXPECT_EQ(lmheadBundleUnload(bundle), LMHEAD_STATUS_OK);
}

} // namespace
