//===- BundleTest.cpp - the framework API on a fake libcuda.so.1 ----------===//
//
// Bundles written to a temporary directory are loaded and run against
// FakeCudaDriver.cpp: the fork from the caller's stream to the two internal
// streams and the join back (read from the driver's call log), reuse of the
// streams and events, clean release, and every error path, which must
// return a status and a message and never end the process.
//
//===----------------------------------------------------------------------===//

#include "lmhead/runtime/Runtime.h"

#include "FakeCudaLog.h"
#include "ScopedEnv.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <ostream>
#include <string>

using lmhead::runtime::test::FakeCudaLog;
using lmhead::runtime::test::ScopedEnv;
using ::testing::HasSubstr;
using ::testing::Not;

namespace {

constexpr char kPtx[] =
    ".version 8.0\n.target sm_90a\n.address_size 64\n"
    ".visible .entry lm_dh(\n.param .u64 a\n)\n{\nret;\n}\n"
    ".visible .entry lm_dw(\n.param .u64 a\n)\n{\nret;\n}\n"
    ".visible .entry lm_db(\n.param .u64 a\n)\n{\nret;\n}\n";

/// A linear_grad-like op: dh on one stream, dW on the other, db on the
/// caller's.
constexpr char kManifest[] = R"({
  "format": "lmhead-bundle",
  "version": 1,
  "ptx": "kernels.ptx",
  "ops": {
    "linear_grad": {
      "operands": ["dz", "h", "w", "dh", "dw", "db", "n"],
      "kernels": [
        {"name": "lm_dh", "stream": "dh",
         "grid": [{"ceil_div": ["n", 128]}, 1, 1], "block": [128, 1, 1],
         "shared_bytes": 65536, "params": ["dz", "w", "dh", "n"]},
        {"name": "lm_dw", "stream": "dw", "grid": [8, 1, 1],
         "block": [256, 1, 1], "cluster": [2, 1, 1],
         "params": ["dz", "h", "dw", "n"]},
        {"name": "lm_db", "stream": "main", "grid": [4, 1, 1],
         "block": [64, 1, 1], "params": ["dz", "db", "n"]}
      ]
    }
  }
})";

class BundleTest : public ::testing::Test {
protected:
  void SetUp() override {
    char pattern[] = "/tmp/lmhead-bundle-XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    directory = pattern;
    write("kernels.ptx", kPtx);
    write("manifest.json", kManifest);
    ASSERT_TRUE(fake.ok()) << dlerror();
  }
  void TearDown() override {
    std::system(("rm -rf '" + directory + "'").c_str());
  }

  void write(const std::string &name, const std::string &text) {
    std::ofstream(directory + "/" + name) << text;
  }
  std::string log() const { return fake.mark(); }
  std::string callsSince(const std::string &mark) const {
    return fake.since(mark);
  }
  std::string launchMark() const { return fake.launches(); }
  std::string launchesSince(const std::string &mark) const {
    return fake.launchesSince(mark);
  }
  int liveObjects() const { return fake.liveObjects(); }
  static std::string created(const std::string &calls, const std::string &call,
                             int index) {
    return FakeCudaLog::created(calls, call, index);
  }

  ScopedEnv device{"LMHEAD_DEVICE", std::string("cuda")};
  ScopedEnv libcuda{"LMHEAD_LIBCUDA", std::string(LMHEAD_FAKE_LIBCUDA)};
  ScopedEnv failure{"LMHEAD_FAKE_CUDA_FAIL", std::nullopt};
  std::string directory;
  FakeCudaLog fake{LMHEAD_FAKE_LIBCUDA};
  unsigned long long operands[7] = {0x1000, 0x2000, 0x3000, 0x4000,
                                    0x5000, 0x6000, 300};
};

TEST_F(BundleTest, ForksToTheInternalStreamsAndJoinsBack) {
  std::string beforeLoad = log();
  LMHeadBundle *bundle = nullptr;
  ASSERT_EQ(lmheadBundleLoad(directory.c_str(), &bundle), LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  std::string loading = callsSince(beforeLoad);
  std::string dh = created(loading, "cuStreamCreate", 0);
  std::string dw = created(loading, "cuStreamCreate", 1);
  std::string fork = created(loading, "cuEventCreate", 0);
  std::string dhDone = created(loading, "cuEventCreate", 1);
  std::string dwDone = created(loading, "cuEventCreate", 2);

  std::string mark = log();
  ASSERT_EQ(lmheadBundleRun(bundle, "linear_grad", operands, 7, nullptr),
            LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  EXPECT_EQ(callsSince(mark),
            "cuEventRecord:" + fork + "@s0 cuStreamWaitEvent:" + dh + "<" +
                fork + " cuStreamWaitEvent:" + dw + "<" + fork +
                " cuFuncSetAttribute:lm_dh.8=65536 cuLaunchKernel:lm_dh@" + dh +
                " cuLaunchKernelEx:lm_dw@" + dw +
                "+cluster(2,1,1) cuLaunchKernel:lm_db@s0 cuEventRecord:" +
                dhDone + "@" + dh + " cuStreamWaitEvent:s0<" + dhDone +
                " cuEventRecord:" + dwDone + "@" + dw +
                " cuStreamWaitEvent:s0<" + dwDone);
  EXPECT_EQ(lmheadBundleUnload(bundle), LMHEAD_STATUS_OK);
}

TEST_F(BundleTest, RunsReuseTheStreamsAndEventsAndUnloadReleasesThem) {
  int before = liveObjects();
  LMHeadBundle *bundle = nullptr;
  ASSERT_EQ(lmheadBundleLoad(directory.c_str(), &bundle), LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  ASSERT_EQ(lmheadBundleRun(bundle, "linear_grad", operands, 7, nullptr),
            LMHEAD_STATUS_OK);
  std::string mark = log();
  ASSERT_EQ(lmheadBundleRun(bundle, "linear_grad", operands, 7, nullptr),
            LMHEAD_STATUS_OK);
  EXPECT_THAT(callsSince(mark), Not(HasSubstr("Create")));
  EXPECT_EQ(lmheadBundleUnload(bundle), LMHEAD_STATUS_OK);
  // The primary context stays with the process; nothing else does.
  EXPECT_EQ(liveObjects(), before + (before == 0 ? 1 : 0));
}

TEST_F(BundleTest, ParametersAreOperandValuesInManifestOrder) {
  LMHeadBundle *bundle = nullptr;
  ASSERT_EQ(lmheadBundleLoad(directory.c_str(), &bundle), LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  std::string mark = launchMark();
  ASSERT_EQ(lmheadBundleRun(bundle, "linear_grad", operands, 7, nullptr),
            LMHEAD_STATUS_OK);
  // The fake reads as many parameters as each .entry declares (one here).
  EXPECT_EQ(launchesSince(mark),
            "lm_dh grid(3,1,1) block(128,1,1) shared 65536 params(4096); "
            "lm_dw grid(8,1,1) block(256,1,1) shared 0 params(4096); "
            "lm_db grid(4,1,1) block(64,1,1) shared 0 params(4096)");
  lmheadBundleUnload(bundle);
}

/// A kernel whose parameters are a memref<?x?xbf16> descriptor (allocated
/// and aligned pointer, offset, two sizes, two strides) and an index, the
/// way MLIR's NVVM lowering expands a gpu.func's arguments.
constexpr char kDescriptorPtx[] =
    ".version 8.0\n.target sm_80\n.address_size 64\n"
    ".visible .entry k(\n.param .u64 p0,\n.param .u64 p1,\n.param .u64 p2,\n"
    ".param .u64 p3,\n.param .u64 p4,\n.param .u64 p5,\n.param .u64 p6,\n"
    ".param .u64 p7\n)\n{\nret;\n}\n";

TEST_F(BundleTest, ParametersMayBeConstantsAndOperandObjects) {
  write("descriptor.ptx", kDescriptorPtx);
  write("manifest.json", R"({
    "format": "lmhead-bundle", "version": 1, "ptx": "descriptor.ptx",
    "ops": {"copy": {
      "operands": ["x", "n"],
      "kernels": [{"name": "k", "stream": "dh",
                   "grid": [{"ceil_div": ["n", 64]}, 1, 1],
                   "block": [32, 1, 1],
                   "params": ["x", {"operand": "x"}, {"const": 0},
                              {"operand": "n"}, {"const": 96}, {"const": 96},
                              {"const": 1}, {"const": -7}]}]}}})");
  LMHeadBundle *bundle = nullptr;
  ASSERT_EQ(lmheadBundleLoad(directory.c_str(), &bundle), LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  unsigned long long copyOperands[2] = {0x7000, 130};
  std::string mark = launchMark();
  ASSERT_EQ(lmheadBundleRun(bundle, "copy", copyOperands, 2, nullptr),
            LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  EXPECT_EQ(launchesSince(mark),
            "k grid(3,1,1) block(32,1,1) shared 0 params(28672,28672,0,130,"
            "96,96,1,18446744073709551609)");
  lmheadBundleUnload(bundle);
}

TEST_F(BundleTest, OpsMayHaveTheirOwnPtxFiles) {
  write("a.ptx", kDescriptorPtx);
  write("b.ptx", kPtx);
  write("manifest.json", R"({
    "format": "lmhead-bundle", "version": 1,
    "ops": {
      "first": {"ptx": "a.ptx", "operands": ["x"],
                "kernels": [{"name": "k", "stream": "dh", "grid": [1, 1, 1],
                             "block": [32, 1, 1],
                             "params": ["x", "x", {"const": 0}, {"const": 1},
                                        {"const": 1}, {"const": 1},
                                        {"const": 1}, {"const": 1}]}]},
      "second": {"ptx": "b.ptx", "operands": ["y"],
                 "kernels": [{"name": "lm_dw", "stream": "dw",
                              "grid": [2, 1, 1], "block": [64, 1, 1],
                              "params": ["y"]}]},
      "third": {"ptx": "a.ptx", "operands": ["z"],
                "kernels": [{"name": "k", "stream": "main", "grid": [1, 1, 1],
                             "block": [32, 1, 1],
                             "params": ["z", "z", {"const": 0}, {"const": 1},
                                        {"const": 1}, {"const": 1},
                                        {"const": 1}, {"const": 1}]}]}}})");
  std::string beforeLoad = log();
  int before = liveObjects();
  LMHeadBundle *bundle = nullptr;
  ASSERT_EQ(lmheadBundleLoad(directory.c_str(), &bundle), LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  std::string loading = callsSince(beforeLoad);
  std::size_t loads = 0;
  for (std::size_t at = 0;
       (at = loading.find("cuModuleLoadDataEx", at)) != std::string::npos; ++at)
    ++loads;
  EXPECT_EQ(loads, 2u) << "each PTX file once: " << loading;
  unsigned long long value = 5;
  std::string mark = launchMark();
  ASSERT_EQ(lmheadBundleRun(bundle, "second", &value, 1, nullptr),
            LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  ASSERT_EQ(lmheadBundleRun(bundle, "third", &value, 1, nullptr),
            LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  EXPECT_EQ(launchesSince(mark),
            "lm_dw grid(2,1,1) block(64,1,1) shared 0 params(5); "
            "k grid(1,1,1) block(32,1,1) shared 0 params(5,5,0,1,1,1,1,1)");
  EXPECT_EQ(lmheadBundleUnload(bundle), LMHEAD_STATUS_OK);
  EXPECT_EQ(liveObjects(), before + (before == 0 ? 1 : 0));
}

TEST_F(BundleTest, NoTokensLaunchesNothingForSizesThatFollowThem) {
  LMHeadBundle *bundle = nullptr;
  ASSERT_EQ(lmheadBundleLoad(directory.c_str(), &bundle), LMHEAD_STATUS_OK);
  operands[6] = 0;
  std::string mark = log();
  ASSERT_EQ(lmheadBundleRun(bundle, "linear_grad", operands, 7, nullptr),
            LMHEAD_STATUS_OK);
  EXPECT_THAT(callsSince(mark), Not(HasSubstr("lm_dh")));
  EXPECT_THAT(callsSince(mark), HasSubstr("cuLaunchKernelEx:lm_dw"));
  lmheadBundleUnload(bundle);
}

TEST_F(BundleTest, ALaunchFailureIsReturnedAndTheStreamsStillJoin) {
  LMHeadBundle *bundle = nullptr;
  ASSERT_EQ(lmheadBundleLoad(directory.c_str(), &bundle), LMHEAD_STATUS_OK);
  ScopedEnv failing{"LMHEAD_FAKE_CUDA_FAIL", std::string("cuLaunchKernel:719")};
  std::string mark = log();
  EXPECT_EQ(lmheadBundleRun(bundle, "linear_grad", operands, 7, nullptr),
            LMHEAD_STATUS_DRIVER_ERROR);
  EXPECT_STREQ(lmheadGetLastErrorMessage(),
               "lmheadBundleRun: op 'linear_grad': cuLaunchKernel failed: "
               "CUDA_ERROR_LAUNCH_FAILED (unspecified launch failure) (kernel "
               "'lm_dh', grid (3,1,1) block (128,1,1) shared 65536 B)");
  std::string calls = callsSince(mark);
  EXPECT_THAT(calls, Not(HasSubstr("lm_dw")));
  EXPECT_EQ(std::count(calls.begin(), calls.end(), '<'), 4)
      << "two forks and two joins: " << calls;
  lmheadBundleUnload(bundle);
}

TEST_F(BundleTest, WrongOperandCountsAndUnknownOpsAreRejected) {
  LMHeadBundle *bundle = nullptr;
  ASSERT_EQ(lmheadBundleLoad(directory.c_str(), &bundle), LMHEAD_STATUS_OK);
  EXPECT_EQ(lmheadBundleRun(bundle, "linear_grad", operands, 6, nullptr),
            LMHEAD_STATUS_INVALID_ARGUMENT);
  EXPECT_STREQ(lmheadGetLastErrorMessage(),
               "lmheadBundleRun: op 'linear_grad' takes 7 operands (dz, h, "
               "w, dh, dw, db, n) but 6 were given");
  EXPECT_EQ(lmheadBundleRun(bundle, "ce_grad", operands, 7, nullptr),
            LMHEAD_STATUS_NOT_FOUND);
  EXPECT_THAT(lmheadGetLastErrorMessage(), HasSubstr("has no op 'ce_grad'"));
  operands[6] = static_cast<unsigned long long>(-5);
  EXPECT_EQ(lmheadBundleRun(bundle, "linear_grad", operands, 7, nullptr),
            LMHEAD_STATUS_INVALID_ARGUMENT);
  EXPECT_THAT(lmheadGetLastErrorMessage(),
              HasSubstr("operand 'n' is -5, a negative size"));
  lmheadBundleUnload(bundle);
}

/// Loads the bundle after `edit`, expecting `status` and a message
/// containing `message`.
struct BadBundle {
  const char *what;
  std::string manifest;
  LMHeadStatus status;
  std::string message;
};

void PrintTo(const BadBundle &bad, std::ostream *os) { *os << bad.what; }

class BadBundleTest : public BundleTest,
                      public ::testing::WithParamInterface<BadBundle> {};

TEST_P(BadBundleTest, IsRefusedWithWhatIsWrong) {
  const BadBundle &bad = GetParam();
  if (!bad.manifest.empty())
    write("manifest.json", bad.manifest);
  if (std::string(bad.what) == "invalid PTX")
    write("kernels.ptx", "not ptx at all");
  if (std::string(bad.what) == "no manifest")
    std::remove((directory + "/manifest.json").c_str());
  LMHeadBundle *bundle = nullptr;
  int before = liveObjects();
  EXPECT_EQ(lmheadBundleLoad(directory.c_str(), &bundle), bad.status);
  EXPECT_EQ(bundle, nullptr);
  EXPECT_THAT(lmheadGetLastErrorMessage(), HasSubstr(bad.message));
  EXPECT_LE(liveObjects(), before + 1) << "a failed load left objects behind";
}

std::string manifestWith(const std::string &from, const std::string &to) {
  std::string text = kManifest;
  std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return text.replace(at, from.size(), to);
}

INSTANTIATE_TEST_SUITE_P(
    Manifests, BadBundleTest,
    ::testing::Values(
        BadBundle{"no manifest", "", LMHEAD_STATUS_INVALID_BUNDLE,
                  "manifest.json'"},
        BadBundle{"not JSON",
                  "{\"format\": \"lmhead-bundle\",\n  \"version\": 1,,",
                  LMHEAD_STATUS_INVALID_BUNDLE,
                  "manifest.json: not valid JSON: line 2, column 16: "
                  "expected a key string"},
        BadBundle{"wrong format", manifestWith("lmhead-bundle", "other"),
                  LMHEAD_STATUS_INVALID_BUNDLE,
                  "manifest.json: format: expected \"lmhead-bundle\""},
        BadBundle{"unknown role",
                  manifestWith("\"stream\": \"dw\"", "\"stream\": \"side\""),
                  LMHEAD_STATUS_INVALID_BUNDLE,
                  "ops.linear_grad.kernels[1].stream: expected \"dh\", \"dw\" "
                  "or \"main\""},
        BadBundle{"unknown operand",
                  manifestWith("[\"dz\", \"db\", \"n\"]", "[\"dz\", \"bias\"]"),
                  LMHEAD_STATUS_INVALID_BUNDLE,
                  "ops.linear_grad.kernels[2].params[1]: expected an operand "
                  "name, {\"operand\": name} or {\"const\": integer}; 'bias' "
                  "is not an operand of the op"},
        BadBundle{"unknown operand object",
                  manifestWith("[\"dz\", \"db\", \"n\"]",
                               "[\"dz\", {\"operand\": \"bias\"}]"),
                  LMHEAD_STATUS_INVALID_BUNDLE,
                  "ops.linear_grad.kernels[2].params[1]: expected an operand "
                  "name, {\"operand\": name} or {\"const\": integer}; 'bias' "
                  "is not an operand of the op"},
        BadBundle{"constant not an integer",
                  manifestWith("[\"dz\", \"db\", \"n\"]",
                               "[\"dz\", \"db\", {\"const\": \"one\"}]"),
                  LMHEAD_STATUS_INVALID_BUNDLE,
                  "ops.linear_grad.kernels[2].params[2]: expected {\"const\": "
                  "integer}"},
        BadBundle{"unknown parameter form",
                  manifestWith("[\"dz\", \"db\", \"n\"]", "[{\"size\": 1}]"),
                  LMHEAD_STATUS_INVALID_BUNDLE,
                  "ops.linear_grad.kernels[2].params[0]: expected an operand "
                  "name, {\"operand\": name} or {\"const\": integer}"},
        BadBundle{"no PTX for an op",
                  manifestWith("\"ptx\": \"kernels.ptx\",", ""),
                  LMHEAD_STATUS_INVALID_BUNDLE,
                  "manifest.json: ops.linear_grad.ptx: expected the name of a "
                  "PTX file in the bundle (the op's own, or \"ptx\" at the top "
                  "level for every op)"},
        BadBundle{"op PTX outside the bundle",
                  manifestWith("\"operands\":",
                               "\"ptx\": \"../x.ptx\", \"operands\":"),
                  LMHEAD_STATUS_INVALID_BUNDLE,
                  "manifest.json: ops.linear_grad.ptx: expected the name of a "
                  "PTX file in the bundle"},
        BadBundle{"missing op PTX",
                  manifestWith("\"operands\":",
                               "\"ptx\": \"gone.ptx\", \"operands\":"),
                  LMHEAD_STATUS_INVALID_BUNDLE, "cannot read '"},
        BadBundle{"bad size", manifestWith("[8, 1, 1]", "[8, 0, 1]"),
                  LMHEAD_STATUS_INVALID_BUNDLE,
                  "ops.linear_grad.kernels[1].grid[1]: expected a size in "
                  "[1, 2^31)"},
        BadBundle{"kernel not in the PTX", manifestWith("lm_db", "lm_bias"),
                  LMHEAD_STATUS_DRIVER_ERROR,
                  "op 'linear_grad': cuModuleGetFunction failed: "
                  "CUDA_ERROR_NOT_FOUND (named symbol not found) (kernel "
                  "'lm_bias')"},
        BadBundle{"invalid PTX", "", LMHEAD_STATUS_DRIVER_ERROR,
                  "kernels.ptx: cuModuleLoadDataEx failed: "
                  "CUDA_ERROR_INVALID_PTX (a PTX JIT compilation failed); JIT "
                  "log: ptxas application ptx input, line 1; fatal   : "
                  "Parsing error near 'not'"}),
    [](const ::testing::TestParamInfo<BadBundle> &info) {
      std::string name = info.param.what;
      for (char &c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)))
          c = '_';
      return name;
    });

} // namespace
