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
        << R"({"format": "lmhead-bundle", "version": 3, "ptx": "k.ptx", )"
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

TEST_F(EmulatorBundleTest, DeviceMemoryFailuresAreReturnedNotFatal) {
  // The mgpu* functions end the process on failure; the C API's device
  // functions, which lmhead's Python package uses, return a status.
  void *pointer = reinterpret_cast<void *>(1);
  EXPECT_EQ(lmheadDeviceAlloc(1ull << 62, &pointer),
            LMHEAD_STATUS_EMULATOR_ERROR);
  EXPECT_THAT(lmheadGetLastErrorMessage(),
              ::testing::HasSubstr("lmheadDeviceAlloc: the emulator cannot "
                                   "allocate 4611686018427387904 bytes"));
  EXPECT_EQ(lmheadDeviceAlloc(16, nullptr), LMHEAD_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(lmheadDeviceFree(reinterpret_cast<void *>(0x1000)),
            LMHEAD_STATUS_INVALID_ARGUMENT);
  EXPECT_THAT(lmheadGetLastErrorMessage(),
              ::testing::HasSubstr("freeing memory the emulator did not "
                                   "allocate"));
  EXPECT_EQ(lmheadDeviceCopy(nullptr, &pointer, 8, nullptr),
            LMHEAD_STATUS_INVALID_ARGUMENT);
}

TEST_F(EmulatorBundleTest, DeviceMemoryRoundTripsThroughTheCApi) {
  void *stream = nullptr;
  ASSERT_EQ(lmheadStreamCreate(&stream), LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  void *device = nullptr;
  ASSERT_EQ(lmheadDeviceAlloc(64, &device), LMHEAD_STATUS_OK);
  ASSERT_NE(device, nullptr);
  char in[64], out[64] = {};
  for (int i = 0; i < 64; ++i)
    in[i] = static_cast<char>(i * 7);
  EXPECT_EQ(lmheadDeviceCopy(device, in, 64, stream), LMHEAD_STATUS_OK);
  EXPECT_EQ(lmheadDeviceCopy(out, device, 64, stream), LMHEAD_STATUS_OK);
  EXPECT_EQ(lmheadStreamSynchronize(stream), LMHEAD_STATUS_OK);
  EXPECT_EQ(std::string(in, 64), std::string(out, 64));
  EXPECT_EQ(lmheadDeviceFree(device), LMHEAD_STATUS_OK);
  EXPECT_EQ(lmheadDeviceAlloc(0, &device), LMHEAD_STATUS_OK);
  EXPECT_EQ(device, nullptr);
  EXPECT_EQ(lmheadStreamDestroy(stream), LMHEAD_STATUS_OK);
  EXPECT_EQ(lmheadStreamDestroy(nullptr), LMHEAD_STATUS_OK);
}
