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
#include "ManifestProducer.h"
#include "ScopedEnv.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <fstream>

#include <optional>
#include <ostream>
#include <set>
#include <sstream>
#include <string>
#include <sys/stat.h>
#include <vector>

using lmhead::runtime::test::FakeCudaLog;
using lmhead::runtime::test::ScopedEnv;
using lmhead::runtime::test::withProducer;
using ::testing::AllOf;
using ::testing::EndsWith;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

namespace {

constexpr char kPtx[] =
    ".version 8.0\n.target sm_90a\n.address_size 64\n"
    ".visible .entry lm_dh(\n.param .u64 a,\n.param .u64 b,\n.param .u64 c,\n"
    ".param .u64 d\n)\n{\nret;\n}\n"
    ".visible .entry lm_dw(\n.param .u64 a,\n.param .u64 b,\n.param .u64 c,\n"
    ".param .u64 d\n)\n{\nret;\n}\n"
    ".visible .entry lm_db(\n.param .u64 a,\n.param .u64 b,\n.param .u64 c\n)"
    "\n{\nret;\n}\n";

/// A linear_grad-like op: dh on one stream, dW on the other, db on the
/// caller's.
constexpr char kManifest[] = R"({
  "format": "lmhead-bundle",
  "version": 3,
  "ptx": "kernels.ptx",
  "ops": {
    "linear_grad": {
      "operands": ["dz", "h", "w", "dh", "dw", "db", "n"],
      "kernels": [
        {"name": "lm_dh", "stream": "dh",
         "grid": [{"ceil_div": ["n", 128]}, 1, 1], "block": [128, 1, 1],
         "shared_bytes": 65536, "params": ["dz", "w", "dh", "n"]},
        {"name": "lm_dw", "stream": "dw", "grid": [8, 1, 1],
         "block": [256, 1, 1], "cluster": [2, 1, 1], "programmatic": true,
         "params": ["dz", "h", "dw", "n"]},
        {"name": "lm_db", "stream": "main", "grid": [4, 1, 1],
         "block": [64, 1, 1], "programmatic": true,
         "params": ["dz", "db", "n"]}
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

  /// Writes `name` in the bundle; a manifest gets this build's identity,
  /// as lmhead-opt stamps it.
  void write(const std::string &name, const std::string &text) {
    writeRaw(name, name == "manifest.json" ? withProducer(text) : text);
  }
  void writeRaw(const std::string &name, const std::string &text) {
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

TEST_F(BundleTest, AProgrammaticLaunchIsTrueOrFalse) {
  std::string manifest = kManifest;
  manifest.replace(manifest.find("\"programmatic\": true"),
                   std::string("\"programmatic\": true").size(),
                   "\"programmatic\": 1");
  write("manifest.json", manifest);
  LMHeadBundle *bundle = nullptr;
  EXPECT_EQ(lmheadBundleLoad(directory.c_str(), &bundle),
            LMHEAD_STATUS_INVALID_BUNDLE);
  EXPECT_THAT(lmheadGetLastErrorMessage(),
              HasSubstr("kernels[1].programmatic: expected true (a "
                        "programmatic dependent launch, whose kernel waits "
                        "with griddepcontrol.wait) or false"));
}

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
                "+cluster(2,1,1)+programmatic "
                "cuLaunchKernelEx:lm_db@s0+programmatic cuEventRecord:" +
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
  // The fake reads as many parameters as each .entry declares.
  EXPECT_EQ(launchesSince(mark),
            "lm_dh grid(3,1,1) block(128,1,1) shared 65536 "
            "params(4096,12288,16384,300); "
            "lm_dw grid(8,1,1) block(256,1,1) shared 0 "
            "params(4096,8192,20480,300); "
            "lm_db grid(4,1,1) block(64,1,1) shared 0 params(4096,24576,300)");
  lmheadBundleUnload(bundle);
}

std::string manifestWith(const std::string &from, const std::string &to);

TEST_F(BundleTest, OpsAndOperandsAreDescribedThroughTheCApi) {
  write("manifest.json",
        manifestWith("\"operands\":",
                     "\"op\": \"linear_grad\", \"tensors\": {"
                     "\"dz\": {\"type\": \"bf16\", \"shape\": [\"n\", 1000]}, "
                     "\"dw\": {\"type\": \"f32\", \"shape\": [1000, "
                     "{\"ceil_div\": [\"n\", 7]}], \"accumulates\": true}}, "
                     "\"operands\":"));
  LMHeadBundle *bundle = nullptr;
  ASSERT_EQ(lmheadBundleLoad(directory.c_str(), &bundle), LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  unsigned long long count = 0;
  ASSERT_EQ(lmheadBundleOpCount(bundle, &count), LMHEAD_STATUS_OK);
  EXPECT_EQ(count, 1u);
  const char *name = nullptr, *kind = nullptr;
  unsigned long long operandCount = 0;
  ASSERT_EQ(lmheadBundleOpInfo(bundle, 0, &name, &kind, &operandCount),
            LMHEAD_STATUS_OK);
  EXPECT_STREQ(name, "linear_grad");
  EXPECT_STREQ(kind, "linear_grad");
  EXPECT_EQ(operandCount, 7u);
  EXPECT_EQ(lmheadBundleOpInfo(bundle, 1, &name, &kind, &operandCount),
            LMHEAD_STATUS_INVALID_ARGUMENT);
  EXPECT_THAT(lmheadGetLastErrorMessage(), HasSubstr("there is no op 1"));

  LMHeadOperandInfo info;
  ASSERT_EQ(lmheadBundleOperand(bundle, "linear_grad", 4, &info),
            LMHEAD_STATUS_OK);
  EXPECT_STREQ(info.name, "dw");
  EXPECT_EQ(info.kind, LMHEAD_OPERAND_TENSOR);
  EXPECT_STREQ(info.elementType, "f32");
  EXPECT_EQ(info.rank, 2u);
  EXPECT_EQ(info.accumulates, 1);
  ASSERT_EQ(lmheadBundleOperand(bundle, "linear_grad", 6, &info),
            LMHEAD_STATUS_OK);
  EXPECT_STREQ(info.name, "n");
  EXPECT_EQ(info.kind, LMHEAD_OPERAND_SIZE);
  // "h" has no entry in "tensors".
  ASSERT_EQ(lmheadBundleOperand(bundle, "linear_grad", 1, &info),
            LMHEAD_STATUS_OK);
  EXPECT_EQ(info.kind, LMHEAD_OPERAND_UNDESCRIBED);
  EXPECT_EQ(lmheadBundleOperand(bundle, "linear_grad", 7, &info),
            LMHEAD_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(lmheadBundleOperand(bundle, "other", 0, &info),
            LMHEAD_STATUS_NOT_FOUND);

  long long dims[2] = {-1, -1};
  ASSERT_EQ(
      lmheadBundleOperandShape(bundle, "linear_grad", 4, operands, 7, dims),
      LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  EXPECT_EQ(dims[0], 1000);
  EXPECT_EQ(dims[1], 43); // ceil(300 / 7)
  EXPECT_EQ(
      lmheadBundleOperandShape(bundle, "linear_grad", 6, operands, 7, dims),
      LMHEAD_STATUS_INVALID_ARGUMENT);
  EXPECT_THAT(lmheadGetLastErrorMessage(), HasSubstr("is not a tensor"));
  EXPECT_EQ(
      lmheadBundleOperandShape(bundle, "linear_grad", 4, operands, 6, dims),
      LMHEAD_STATUS_INVALID_ARGUMENT);
  lmheadBundleUnload(bundle);
}

TEST_F(BundleTest, ANullGradientSkipsTheKernelsOfItsStream) {
  LMHeadBundle *bundle = nullptr;
  ASSERT_EQ(lmheadBundleLoad(directory.c_str(), &bundle), LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  // A frozen input: no dh, so no dh product.
  operands[3] = 0;
  std::string mark = launchMark();
  ASSERT_EQ(lmheadBundleRun(bundle, "linear_grad", operands, 7, nullptr),
            LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  EXPECT_EQ(launchesSince(mark),
            "lm_dw grid(8,1,1) block(256,1,1) shared 0 "
            "params(4096,8192,20480,300); "
            "lm_db grid(4,1,1) block(64,1,1) shared 0 params(4096,24576,300)");
  // A frozen head: no dW; db is on the caller's stream and still runs.
  operands[3] = 0x4000;
  operands[4] = 0;
  mark = launchMark();
  ASSERT_EQ(lmheadBundleRun(bundle, "linear_grad", operands, 7, nullptr),
            LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  EXPECT_EQ(launchesSince(mark),
            "lm_dh grid(3,1,1) block(128,1,1) shared 65536 "
            "params(4096,12288,16384,300); "
            "lm_db grid(4,1,1) block(64,1,1) shared 0 params(4096,24576,300)");
  lmheadBundleUnload(bundle);
}

TEST_F(BundleTest, APtxParameterOfOtherThan64BitsIsRefused) {
  write("kernels.ptx",
        ".version 8.0\n.target sm_90a\n.address_size 64\n"
        ".visible .entry lm_dh(\n.param .u64 a,\n.param .u64 b,\n"
        ".param .u64 c,\n.param .u32 d\n)\n{\nret;\n}\n"
        ".visible .entry lm_dw(\n.param .u64 a,\n.param .u64 b,\n"
        ".param .u64 c,\n.param .u64 d\n)\n{\nret;\n}\n"
        ".visible .entry lm_db(\n.param .u64 a,\n.param .u64 b,\n"
        ".param .u64 c\n)\n{\nret;\n}\n");
  LMHeadBundle *bundle = nullptr;
  EXPECT_EQ(lmheadBundleLoad(directory.c_str(), &bundle),
            LMHEAD_STATUS_INVALID_BUNDLE);
  EXPECT_THAT(lmheadGetLastErrorMessage(),
              HasSubstr("kernel 'lm_dh' in kernels.ptx takes a parameter 3 "
                        "of 4 bytes; every manifest parameter is 8 bytes"));
}

/// Bundles on a driver older than cuFuncGetParamInfo (CUDA 12.4): the
/// runtime reads each kernel's signature from the PTX instead.
class SignatureFromPtxTest : public BundleTest {
protected:
  /// Loads the bundle and returns the status; the message is left in
  /// lmheadGetLastErrorMessage.
  LMHeadStatus load() {
    LMHeadBundle *bundle = nullptr;
    LMHeadStatus status = lmheadBundleLoad(directory.c_str(), &bundle);
    if (bundle)
      EXPECT_EQ(lmheadBundleUnload(bundle), LMHEAD_STATUS_OK);
    return status;
  }

  ScopedEnv noParamInfo{"LMHEAD_FAKE_CUDA_NO_PARAM_INFO", std::string("1")};
};

TEST_F(SignatureFromPtxTest, AMatchingBundleLoads) {
  EXPECT_EQ(load(), LMHEAD_STATUS_OK) << lmheadGetLastErrorMessage();
}

TEST_F(SignatureFromPtxTest, NvptxHeadersWithQualifiersAndDirectivesAreRead) {
  // As LLVM's NVPTX backend writes a kernel: .ptr and .align qualifiers,
  // .reqntid after the list, comments around it.
  write("kernels.ptx",
        "//\n// Generated by LLVM NVPTX Back-End\n//\n"
        ".version 8.0\n.target sm_90a\n.address_size 64\n"
        "\t// .globl\tlm_dh\n"
        ".visible .entry lm_dh(\n"
        "\t.param .u64 .ptr .global .align 16 lm_dh_param_0,\n"
        "\t.param .u64 .ptr .align 1 lm_dh_param_1,\n"
        "\t.param .u64 lm_dh_param_2, /* the token count */\n"
        "\t.param .u64 lm_dh_param_3\n)\n.reqntid 128, 1, 1\n{\nret;\n}\n"
        ".visible .entry lm_dw(.param .u64 a, .param .u64 b, .param .u64 c,"
        " .param .u64 d)\n.maxntid 256, 1, 1\n{\nret;\n}\n"
        ".visible .entry lm_db(.param .u64 a,.param .u64 b,.param .u64 c)"
        "{\nret;\n}\n");
  EXPECT_EQ(load(), LMHEAD_STATUS_OK) << lmheadGetLastErrorMessage();
}

TEST_F(SignatureFromPtxTest, AKernelTakingMoreThanTheManifestGivesIsRefused) {
  // The launch would hand the driver 2 pointers where it reads 3.
  write("manifest.json",
        std::string(kManifest).replace(
            std::string(kManifest).find("[\"dz\", \"db\", \"n\"]"), 17,
            "[\"dz\", \"db\"]"));
  EXPECT_EQ(load(), LMHEAD_STATUS_INVALID_BUNDLE);
  EXPECT_THAT(lmheadGetLastErrorMessage(),
              HasSubstr("kernel 'lm_db' in kernels.ptx takes 3 parameters "
                        "but the manifest gives it 2"));
}

TEST_F(SignatureFromPtxTest, AStructPassedByValueIsRefused) {
  write("kernels.ptx",
        std::string(kPtx).replace(
            std::string(kPtx).find(".param .u64 a,\n.param .u64 b,\n"
                                   ".param .u64 c\n)"),
            44,
            ".param .align 64 .b8 a[128],\n"
            ".param .u64 b,\n.param .u64 c\n)"));
  EXPECT_EQ(load(), LMHEAD_STATUS_INVALID_BUNDLE);
  EXPECT_THAT(lmheadGetLastErrorMessage(),
              HasSubstr("kernel 'lm_db' in kernels.ptx takes a parameter 0 "
                        "of 128 bytes"));
}

TEST_F(SignatureFromPtxTest, ASignatureInACommentDoesNotCount) {
  // The commented-out header agrees with the manifest; the real one takes
  // a parameter more.
  write("kernels.ptx",
        std::string(kPtx) +
            "// .visible .entry lm_x(\n.param .u64 a\n)\n"
            "/* .visible .entry lm_y(.param .u64 a) */\n"
            ".visible .entry lm_x(\n.param .u64 a,\n.param .u64 b\n)\n"
            "{\nret;\n}\n"
            ".visible .entry lm_y(\n.param .u64 a,\n.param .u64 b\n)\n"
            "{\nret;\n}\n");
  write("manifest.json",
        std::string(kManifest).replace(
            std::string(kManifest).find("]\n    }\n  }"), 1,
            ",\n {\"name\": \"lm_x\", \"stream\": \"main\", \"grid\": [1, 1, "
            "1], \"block\": [32, 1, 1], \"params\": [\"n\"]}]"));
  EXPECT_EQ(load(), LMHEAD_STATUS_INVALID_BUNDLE);
  EXPECT_THAT(lmheadGetLastErrorMessage(),
              HasSubstr("kernel 'lm_x' in kernels.ptx takes 2 parameters but "
                        "the manifest gives it 1"));
}

TEST_F(SignatureFromPtxTest, AHeaderTheRuntimeCannotReadIsRefused) {
  // A parameter type the runtime cannot size: whatever the driver makes of
  // it, the launch could not be checked.
  write("kernels.ptx",
        std::string(kPtx).replace(std::string(kPtx).find(".param .u64 c\n)\n{"),
                                  11, ".param .texref c"));
  EXPECT_EQ(load(), LMHEAD_STATUS_INVALID_BUNDLE);
  EXPECT_THAT(lmheadGetLastErrorMessage(),
              AllOf(HasSubstr("kernel 'lm_db': a parameter of type "
                              "'.texref', which the runtime cannot size"),
                    HasSubstr("cuFuncGetParamInfo needs CUDA 12.4")));
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
    "format": "lmhead-bundle", "version": 3, "ptx": "descriptor.ptx",
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
    "format": "lmhead-bundle", "version": 3,
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
                              "params": ["y", "y", {"const": 2}, "y"]}]},
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
            "lm_dw grid(2,1,1) block(64,1,1) shared 0 params(5,5,2,5); "
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
  EXPECT_THAT(lmheadGetLastErrorMessage(),
              StartsWith("lmheadBundleRun: op 'linear_grad': cuLaunchKernel "
                         "failed: CUDA_ERROR_LAUNCH_FAILED (unspecified launch "
                         "failure) (kernel 'lm_dh', grid (3,1,1) block "
                         "(128,1,1) shared 65536 B); the driver reports a "
                         "fault of earlier asynchronous work"));
  std::string calls = callsSince(mark);
  EXPECT_THAT(calls, Not(HasSubstr("lm_dw")));
  EXPECT_EQ(std::count(calls.begin(), calls.end(), '<'), 4)
      << "two forks and two joins: " << calls;
  lmheadBundleUnload(bundle);
}

TEST_F(BundleTest, ADriverFailureNamesTheOpThatRanBefore) {
  // A sticky fault of an earlier kernel is returned by the next launch:
  // the message names the last op enqueued and how to find the culprit.
  LMHeadBundle *bundle = nullptr;
  ASSERT_EQ(lmheadBundleLoad(directory.c_str(), &bundle), LMHEAD_STATUS_OK);
  ASSERT_EQ(lmheadBundleRun(bundle, "linear_grad", operands, 7, nullptr),
            LMHEAD_STATUS_OK);
  ScopedEnv faulted{"LMHEAD_FAKE_CUDA_FAIL", std::string("cuLaunchKernel:700")};
  EXPECT_EQ(lmheadBundleRun(bundle, "linear_grad", operands, 7, nullptr),
            LMHEAD_STATUS_DRIVER_ERROR);
  EXPECT_THAT(lmheadGetLastErrorMessage(),
              AllOf(HasSubstr("CUDA_ERROR_ILLEGAL_ADDRESS"),
                    HasSubstr("the last lmhead op enqueued before this one, "
                              "op 'linear_grad' of the bundle in " +
                              directory),
                    HasSubstr("set LMHEAD_SYNC=1")));
  lmheadBundleUnload(bundle);
}

TEST_F(BundleTest, WithLmheadSyncAFaultIsReportedByTheOpThatCausedIt) {
  LMHeadBundle *bundle = nullptr;
  ASSERT_EQ(lmheadBundleLoad(directory.c_str(), &bundle), LMHEAD_STATUS_OK);
  ScopedEnv sync{"LMHEAD_SYNC", std::string("1")};
  std::string mark = log();
  ASSERT_EQ(lmheadBundleRun(bundle, "linear_grad", operands, 7, nullptr),
            LMHEAD_STATUS_OK);
  EXPECT_THAT(callsSince(mark), EndsWith("cuStreamSynchronize:s0"));
  ScopedEnv faulted{"LMHEAD_FAKE_CUDA_FAIL",
                    std::string("cuStreamSynchronize:700")};
  EXPECT_EQ(lmheadBundleRun(bundle, "linear_grad", operands, 7, nullptr),
            LMHEAD_STATUS_DRIVER_ERROR);
  EXPECT_THAT(lmheadGetLastErrorMessage(),
              StartsWith("lmheadBundleRun: op 'linear_grad' failed on the "
                         "device (LMHEAD_SYNC=1 synchronised its stream after "
                         "it): cuStreamSynchronize failed: "
                         "CUDA_ERROR_ILLEGAL_ADDRESS"));
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

TEST_F(BundleTest, OnlyRegularFilesAreRead) {
  // A FIFO named manifest.json used to block the load forever, waiting for
  // a writer; a folder in place of the PTX is refused as well.
  std::string manifest = directory + "/manifest.json";
  ASSERT_EQ(std::remove(manifest.c_str()), 0);
  ASSERT_EQ(mkfifo(manifest.c_str(), 0600), 0);
  LMHeadBundle *bundle = nullptr;
  EXPECT_EQ(lmheadBundleLoad(directory.c_str(), &bundle),
            LMHEAD_STATUS_INVALID_BUNDLE);
  EXPECT_THAT(lmheadGetLastErrorMessage(),
              HasSubstr("manifest.json' is not a regular file (a FIFO)"));
  ASSERT_EQ(std::remove(manifest.c_str()), 0);
  write("manifest.json", kManifest);
  std::string ptx = directory + "/kernels.ptx";
  ASSERT_EQ(std::remove(ptx.c_str()), 0);
  ASSERT_EQ(mkdir(ptx.c_str(), 0700), 0);
  EXPECT_EQ(lmheadBundleLoad(directory.c_str(), &bundle),
            LMHEAD_STATUS_INVALID_BUNDLE);
  EXPECT_THAT(lmheadGetLastErrorMessage(),
              HasSubstr("kernels.ptx' is not a regular file (a folder)"));
}

TEST_F(BundleTest, AnAbsurdOperandCountIsAnErrorNotAnAbort) {
  // 2^60 operands: the count is checked before anything is copied, and no
  // C++ exception (std::bad_alloc) crosses the C API.
  LMHeadBundle *bundle = nullptr;
  ASSERT_EQ(lmheadBundleLoad(directory.c_str(), &bundle), LMHEAD_STATUS_OK);
  unsigned long long absurd = 1ull << 60;
  EXPECT_EQ(lmheadBundleRun(bundle, "linear_grad", operands, absurd, nullptr),
            LMHEAD_STATUS_INVALID_ARGUMENT);
  EXPECT_THAT(lmheadGetLastErrorMessage(),
              HasSubstr("takes 7 operands (dz, h, w, dh, dw, db, n) but "
                        "1152921504606846976 were given"));
  unsigned long long bytes = 0;
  EXPECT_EQ(lmheadBundleWorkspaceSize(bundle, "linear_grad", operands, absurd,
                                      &bytes),
            LMHEAD_STATUS_INVALID_ARGUMENT);
  lmheadBundleUnload(bundle);
}

TEST(StatusNamesTest, TheInternalErrorHasAName) {
  EXPECT_STREQ(lmheadStatusName(LMHEAD_STATUS_INTERNAL_ERROR),
               "LMHEAD_STATUS_INTERNAL_ERROR");
}

/// A kernel that takes two tensor maps (as sm_90a GEMMs take A's and B's)
/// and a pointer.
constexpr char kTensorMapPtx[] =
    ".version 8.0\n.target sm_90a\n.address_size 64\n"
    ".visible .entry tk(\n.param .u64 p0,\n.param .u64 p1,\n.param .u64 p2\n)"
    "\n{\nret;\n}\n";

/// One op whose kernel reads `x` [n, 64] and `y` [64, d] (bf16) through
/// tensor maps with the sm_90a kernels' boxes and swizzle.
constexpr char kTensorMapManifest[] = R"({
  "format": "lmhead-bundle", "version": 3, "ptx": "tk.ptx",
  "ops": {"gemm": {
    "operands": ["x", "y", "n", "d"],
    "kernels": [{"name": "tk", "stream": "dh", "grid": [2, 1, 1],
                 "block": [384, 1, 1],
                 "params": [
      {"tensormap": "x", "shape": ["n", 64], "box": [128, 64],
       "swizzle": 128, "element": "bf16"},
      {"tensormap": "y", "shape": [64, "d"], "box": [64, 64],
       "swizzle": 128, "element": "bf16"},
      "x"]}]}}})";

class TensorMapBundleTest : public BundleTest {
protected:
  void SetUp() override {
    BundleTest::SetUp();
    write("tk.ptx", kTensorMapPtx);
    write("manifest.json", kTensorMapManifest);
  }

  /// The parameters of the last launch since `mark`.
  std::vector<uint64_t> lastParams(const std::string &mark) const {
    std::string launches = launchesSince(mark);
    std::size_t open = launches.rfind("params(");
    std::vector<uint64_t> values;
    if (open == std::string::npos)
      return values;
    std::istringstream list(launches.substr(open + 7));
    for (std::string value; std::getline(list, value, ',');)
      values.push_back(std::stoull(value));
    return values;
  }

  static int occurrences(const std::string &text, const std::string &what) {
    int count = 0;
    for (std::size_t at = 0; (at = text.find(what, at)) != std::string::npos;
         at += what.size())
      ++count;
    return count;
  }

  /// The global address the fake encoded into the map at `map` (its
  /// device memory is host memory).
  static uint64_t encodedAddress(uint64_t map) {
    uint64_t address;
    std::memcpy(&address, reinterpret_cast<const void *>(map), 8);
    return address;
  }

  /// The tensor-map pool's bound (TensorMapPool in Bundle.h): chunks of
  /// 64 blocks, at most 4 before blocks are recycled.
  static constexpr std::size_t kPoolChunks = 4;
  static constexpr std::size_t kBound = kPoolChunks * 64;

  // Buffers aligned as TMA needs.
  alignas(16) unsigned char x[16 * 64 * 2], y[16 * 64 * 2];
  unsigned long long tmOperands[4] = {reinterpret_cast<uintptr_t>(x),
                                      reinterpret_cast<uintptr_t>(y), 300,
                                      1000};
};

TEST_F(TensorMapBundleTest, MapsAreEncodedOnceCopiedEachRunAndPassed) {
  std::string beforeLoad = log();
  LMHeadBundle *bundle = nullptr;
  ASSERT_EQ(lmheadBundleLoad(directory.c_str(), &bundle), LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  // The pool's first chunk: 64 blocks of two 128-byte maps, pinned on the
  // host and allocated on the device, at load.
  std::string loading = callsSince(beforeLoad);
  EXPECT_THAT(loading, HasSubstr("cuMemHostRegister:16384"));
  EXPECT_THAT(loading, HasSubstr("cuMemAlloc:16384"));

  std::string mark = log(), launches = launchMark();
  ASSERT_EQ(lmheadBundleRun(bundle, "gemm", tmOperands, 4, nullptr),
            LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  // Encoded on the host (dimensions innermost first), then one copy of the
  // block on the caller's stream before the fork.
  std::string calls = callsSince(mark);
  EXPECT_THAT(calls,
              ::testing::StartsWith(
                  "cuTensorMapEncodeTiled:type9,rank2,swizzle3,dims64x300,"
                  "box64x128,strides128 cuTensorMapEncodeTiled:type9,rank2,"
                  "swizzle3,dims1000x64,box64x64,strides2000 "
                  "cuMemcpyAsync:256@s0 cuEventRecord:"));
  std::vector<uint64_t> first = lastParams(launches);
  ASSERT_EQ(first.size(), 3u) << launchesSince(launches);
  EXPECT_EQ(first[1], first[0] + 128);
  EXPECT_EQ(first[2], tmOperands[0]);
  EXPECT_EQ(encodedAddress(first[0]), tmOperands[0]);
  EXPECT_EQ(encodedAddress(first[1]), tmOperands[1]);

  // The same pointers and sizes: the same maps, not encoded again, but
  // copied again (a copy that was captured into a graph never ran).
  mark = log(), launches = launchMark();
  ASSERT_EQ(lmheadBundleRun(bundle, "gemm", tmOperands, 4, nullptr),
            LMHEAD_STATUS_OK);
  calls = callsSince(mark);
  EXPECT_THAT(calls, Not(HasSubstr("cuTensorMapEncodeTiled")));
  EXPECT_THAT(calls, ::testing::StartsWith("cuMemcpyAsync:256@s0 "));
  EXPECT_EQ(lastParams(launches), first);

  // Other sizes: a new block; the first one stays as it was.
  tmOperands[2] = 200;
  mark = log(), launches = launchMark();
  ASSERT_EQ(lmheadBundleRun(bundle, "gemm", tmOperands, 4, nullptr),
            LMHEAD_STATUS_OK);
  EXPECT_THAT(callsSince(mark), HasSubstr("dims64x200"));
  std::vector<uint64_t> second = lastParams(launches);
  ASSERT_EQ(second.size(), 3u);
  EXPECT_EQ(second[0], first[0] + 256);
  EXPECT_EQ(encodedAddress(second[0]), tmOperands[0]);
  EXPECT_EQ(encodedAddress(first[0]), tmOperands[0]);
  EXPECT_EQ(lmheadBundleUnload(bundle), LMHEAD_STATUS_OK);
}

TEST_F(TensorMapBundleTest, APoolThatIsFullGrowsAndUnloadReleasesIt) {
  int before = liveObjects();
  LMHeadBundle *bundle = nullptr;
  ASSERT_EQ(lmheadBundleLoad(directory.c_str(), &bundle), LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  std::string mark = log();
  std::set<uint64_t> maps;
  for (unsigned long long n = 1; n <= 65; ++n) {
    tmOperands[2] = n;
    std::string launches = launchMark();
    ASSERT_EQ(lmheadBundleRun(bundle, "gemm", tmOperands, 4, nullptr),
              LMHEAD_STATUS_OK)
        << lmheadGetLastErrorMessage();
    maps.insert(lastParams(launches).at(0));
  }
  EXPECT_EQ(maps.size(), 65u) << "every block is kept";
  std::string calls = callsSince(mark);
  EXPECT_EQ(occurrences(calls, "cuMemHostRegister:16384"), 1)
      << "one more chunk registered: " << calls;
  EXPECT_EQ(occurrences(calls, "cuMemAlloc:16384"), 1);
  EXPECT_EQ(lmheadBundleUnload(bundle), LMHEAD_STATUS_OK);
  EXPECT_EQ(liveObjects(), before + (before == 0 ? 1 : 0));
}

TEST_F(TensorMapBundleTest, ManyDistinctPointersRecycleBlocksWithinTheBound) {
  // Variable-length batches give every run new sizes: past the bound, the
  // least recently used block is reused once its last run has completed,
  // so the pool stops growing.
  int before = liveObjects();
  LMHeadBundle *bundle = nullptr;
  ASSERT_EQ(lmheadBundleLoad(directory.c_str(), &bundle), LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  std::string mark = log();
  unsigned long long runs = 3 * kBound;
  for (unsigned long long n = 1; n <= runs; ++n) {
    tmOperands[2] = n;
    std::string launches = launchMark();
    ASSERT_EQ(lmheadBundleRun(bundle, "gemm", tmOperands, 4, nullptr),
              LMHEAD_STATUS_OK)
        << lmheadGetLastErrorMessage();
    // The block the kernel reads holds this run's maps.
    uint64_t map = lastParams(launches).at(0);
    ASSERT_EQ(encodedAddress(map), tmOperands[0]);
  }
  std::string calls = callsSince(mark);
  EXPECT_EQ(occurrences(calls, "cuMemAlloc:16384"),
            static_cast<int>(kPoolChunks) - 1)
      << "the first chunk came at load";
  // Each recycled block waited for the event of its last run.
  EXPECT_EQ(occurrences(calls, "cuEventSynchronize"),
            static_cast<int>(runs - kBound));
  // Recently used maps are still found without encoding again.
  mark = log();
  ASSERT_EQ(lmheadBundleRun(bundle, "gemm", tmOperands, 4, nullptr),
            LMHEAD_STATUS_OK);
  EXPECT_THAT(callsSince(mark), Not(HasSubstr("cuTensorMapEncodeTiled")));
  EXPECT_EQ(lmheadBundleUnload(bundle), LMHEAD_STATUS_OK);
  EXPECT_EQ(liveObjects(), before + (before == 0 ? 1 : 0))
      << "every chunk and block event released";
}

TEST_F(TensorMapBundleTest, BlocksOfACapturedRunAreNeverRecycled) {
  // A graph copies the block to the device and reads it at every launch,
  // long after the capture: its blocks stay, and the pool grows past the
  // bound for them rather than overwrite one.
  LMHeadBundle *bundle = nullptr;
  ASSERT_EQ(lmheadBundleLoad(directory.c_str(), &bundle), LMHEAD_STATUS_OK);
  std::vector<uint64_t> captured;
  {
    ScopedEnv capturing{"LMHEAD_FAKE_CUDA_CAPTURING", std::string("1")};
    for (unsigned long long n = 1; n <= kBound; ++n) {
      tmOperands[2] = n;
      std::string launches = launchMark();
      ASSERT_EQ(lmheadBundleRun(bundle, "gemm", tmOperands, 4, nullptr),
                LMHEAD_STATUS_OK)
          << lmheadGetLastErrorMessage();
      captured.push_back(lastParams(launches).at(0));
    }
  }
  std::string mark = log();
  for (unsigned long long n = kBound + 1; n <= kBound + 10; ++n) {
    tmOperands[2] = n;
    std::string launches = launchMark();
    ASSERT_EQ(lmheadBundleRun(bundle, "gemm", tmOperands, 4, nullptr),
              LMHEAD_STATUS_OK);
    EXPECT_EQ(std::count(captured.begin(), captured.end(),
                         lastParams(launches).at(0)),
              0)
        << "a captured block was overwritten";
  }
  std::string calls = callsSince(mark);
  EXPECT_EQ(occurrences(calls, "cuMemAlloc:16384"), 1);
  EXPECT_EQ(occurrences(calls, "cuEventSynchronize"), 0);
  // The captured maps are intact.
  for (std::size_t i = 0; i < captured.size(); ++i)
    EXPECT_EQ(encodedAddress(captured[i]), tmOperands[0]);
  lmheadBundleUnload(bundle);
}

TEST_F(TensorMapBundleTest, AnEmptyTensorHasANullMap) {
  LMHeadBundle *bundle = nullptr;
  ASSERT_EQ(lmheadBundleLoad(directory.c_str(), &bundle), LMHEAD_STATUS_OK);
  tmOperands[2] = 0;
  std::string mark = log(), launches = launchMark();
  ASSERT_EQ(lmheadBundleRun(bundle, "gemm", tmOperands, 4, nullptr),
            LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  std::string calls = callsSince(mark);
  EXPECT_EQ(occurrences(calls, "cuTensorMapEncodeTiled"), 1)
      << "only y's map is encoded: " << calls;
  std::vector<uint64_t> params = lastParams(launches);
  ASSERT_EQ(params.size(), 3u);
  EXPECT_EQ(params[0], 0u);
  EXPECT_EQ(encodedAddress(params[1]), tmOperands[1]);
  lmheadBundleUnload(bundle);
}

TEST_F(TensorMapBundleTest, OperandsTmaCannotReadAreRejectedBeforeAnything) {
  LMHeadBundle *bundle = nullptr;
  ASSERT_EQ(lmheadBundleLoad(directory.c_str(), &bundle), LMHEAD_STATUS_OK);
  std::string mark = log();
  tmOperands[1] += 8;
  EXPECT_EQ(lmheadBundleRun(bundle, "gemm", tmOperands, 4, nullptr),
            LMHEAD_STATUS_INVALID_ARGUMENT);
  EXPECT_THAT(lmheadGetLastErrorMessage(),
              HasSubstr("lmheadBundleRun: op 'gemm': tensor map of 'y' "
                        "(64x1000): the address "));
  EXPECT_THAT(lmheadGetLastErrorMessage(),
              HasSubstr("is not a multiple of 16, as TMA needs"));
  tmOperands[1] -= 8;
  tmOperands[3] = 1001;
  EXPECT_EQ(lmheadBundleRun(bundle, "gemm", tmOperands, 4, nullptr),
            LMHEAD_STATUS_INVALID_ARGUMENT);
  EXPECT_STREQ(lmheadGetLastErrorMessage(),
               "lmheadBundleRun: op 'gemm': tensor map of 'y' (64x1001): a "
               "row of 2002 bytes is not a multiple of 16, as TMA needs");
  EXPECT_EQ(callsSince(mark), "") << "nothing was enqueued";
  lmheadBundleUnload(bundle);
}

TEST_F(TensorMapBundleTest, AnEncodingFailureIsReturnedAndNotRemembered) {
  LMHeadBundle *bundle = nullptr;
  ASSERT_EQ(lmheadBundleLoad(directory.c_str(), &bundle), LMHEAD_STATUS_OK);
  {
    ScopedEnv failing{"LMHEAD_FAKE_CUDA_FAIL",
                      std::string("cuTensorMapEncodeTiled:1")};
    std::string mark = log();
    EXPECT_EQ(lmheadBundleRun(bundle, "gemm", tmOperands, 4, nullptr),
              LMHEAD_STATUS_DRIVER_ERROR);
    EXPECT_THAT(lmheadGetLastErrorMessage(),
                HasSubstr("lmheadBundleRun: op 'gemm': tensor map of 'x': "
                          "cuTensorMapEncodeTiled failed: "
                          "CUDA_ERROR_INVALID_VALUE"));
    EXPECT_THAT(callsSince(mark), Not(HasSubstr("cuLaunch")));
  }
  std::string mark = log();
  ASSERT_EQ(lmheadBundleRun(bundle, "gemm", tmOperands, 4, nullptr),
            LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  EXPECT_THAT(callsSince(mark), HasSubstr("cuTensorMapEncodeTiled"))
      << "the failed block was not kept";
  lmheadBundleUnload(bundle);
}

TEST_F(TensorMapBundleTest, APoolThatCannotBeAllocatedFailsTheLoad) {
  ScopedEnv failing{"LMHEAD_FAKE_CUDA_FAIL", std::string("cuMemAlloc:2")};
  int before = liveObjects();
  LMHeadBundle *bundle = nullptr;
  EXPECT_EQ(lmheadBundleLoad(directory.c_str(), &bundle),
            LMHEAD_STATUS_DRIVER_ERROR);
  EXPECT_THAT(lmheadGetLastErrorMessage(),
              HasSubstr("op 'gemm': tensor maps: cuMemAlloc failed: "
                        "CUDA_ERROR_OUT_OF_MEMORY"));
  EXPECT_EQ(bundle, nullptr);
  EXPECT_LE(liveObjects(), before + 1) << "a failed load left objects behind";
}

/// A cross-entropy-like op: a scale kernel and, per vocabulary chunk, a
/// logits kernel on the caller's stream writing a dZ buffer of the
/// workspace, and dh, dW and db products each on a stream of its own after
/// it; the third chunk's logits reuse the first chunk's buffer once its
/// products are done.
constexpr char kChunkedPtx[] =
    ".version 8.0\n.target sm_80\n.address_size 64\n"
    ".visible .entry ce_scale(\n.param .u64 p0,\n.param .u64 "
    "p1\n)\n{\nret;\n}\n"
    ".visible .entry ce_logits(\n.param .u64 p0,\n.param .u64 p1,\n"
    ".param .u64 p2\n)\n{\nret;\n}\n"
    ".visible .entry ce_dh(\n.param .u64 p0,\n.param .u64 p1\n)\n{\nret;\n}\n"
    ".visible .entry ce_dw(\n.param .u64 p0,\n.param .u64 p1\n)\n{\nret;\n}\n"
    ".visible .entry ce_db(\n.param .u64 p0,\n.param .u64 p1\n)\n{\nret;\n}\n";

constexpr char kChunkedManifest[] = R"({
  "format": "lmhead-bundle", "version": 3, "ptx": "ce.ptx",
  "ops": {"ce": {
    "operands": ["h", "w", "db", "n", "workspace", "workspace_bytes"],
    "workspace": {"operand": "workspace", "bytes": "workspace_bytes",
                  "buffers": [{"name": "dz0", "type": "bf16", "shape": ["n", 64]},
                              {"name": "dz1", "type": "bf16", "shape": ["n", 64]},
                              {"name": "scale", "type": "f32", "shape": [1]}]},
    "kernels": [
      {"name": "ce_scale", "stream": "main", "grid": [1, 1, 1],
       "block": [32, 1, 1], "params": ["scale", "n"]},
      {"name": "ce_logits", "stream": "main",
       "grid": [{"ceil_div": ["n", 64]}, 1, 1], "block": [128, 1, 1],
       "params": ["h", "dz0", {"mul": [64, "n"]}]},
      {"name": "ce_dh", "stream": "dh", "after": [1], "grid": [1, 1, 1],
       "block": [128, 1, 1], "params": ["dz0", "w"]},
      {"name": "ce_dw", "stream": "dw", "after": [1], "grid": [2, 1, 1],
       "block": [128, 1, 1], "params": ["dz0", "h"]},
      {"name": "ce_db", "stream": "db", "after": [1], "grid": [1, 1, 1],
       "block": [256, 1, 1], "params": ["dz0", "db"]},
      {"name": "ce_logits", "stream": "main",
       "grid": [{"ceil_div": ["n", 64]}, 1, 1], "block": [128, 1, 1],
       "params": ["h", "dz1", {"ceil_div": [{"mul": ["n", 3]}, 2]}]},
      {"name": "ce_dh", "stream": "dh", "after": [5], "grid": [1, 1, 1],
       "block": [128, 1, 1], "params": ["dz1", "w"]},
      {"name": "ce_logits", "stream": "main", "after": [2, 3, 4],
       "grid": [{"ceil_div": ["n", 64]}, 1, 1], "block": [128, 1, 1],
       "params": ["h", "dz0", {"max": [7, {"min": ["n", 5]}]}]},
      {"name": "ce_dh", "stream": "dh", "after": [7],
       "grid": [{"min": [{"ceil_div": ["n", 8]}, 3]}, 1, 1],
       "block": [128, 1, 1], "params": ["dz0", "w"]}
    ]}}})";

class ChunkedBundleTest : public BundleTest {
protected:
  void SetUp() override {
    BundleTest::SetUp();
    write("ce.ptx", kChunkedPtx);
    write("manifest.json", kChunkedManifest);
  }

  /// The workspace of `n` tokens: dz0 and dz1 (n·64 bf16 each) and the
  /// scale (one f32), each at a multiple of 256 bytes.
  static unsigned long long workspaceBytes(unsigned long long n) {
    unsigned long long dz = n * 64 * 2, second = (dz + 255) / 256 * 256;
    unsigned long long scale = (second + dz + 255) / 256 * 256;
    return scale + 4;
  }

  unsigned long long ceOperands[6] = {0x10000, 0x20000,  0x30000,
                                      101,     0x100000, workspaceBytes(101)};
};

TEST_F(ChunkedBundleTest, TheWorkspaceSizeFollowsTheTokens) {
  LMHeadBundle *bundle = nullptr;
  ASSERT_EQ(lmheadBundleLoad(directory.c_str(), &bundle), LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  // dz0 ends at 12928, dz1 starts at 13056 and ends at 25984; the scale
  // starts at 26112.
  unsigned long long bytes = 0;
  unsigned long long query[6] = {0, 0, 0, 101, 0, 0};
  ASSERT_EQ(lmheadBundleWorkspaceSize(bundle, "ce", query, 6, &bytes),
            LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  EXPECT_EQ(bytes, 26116u);
  EXPECT_EQ(bytes, workspaceBytes(101));
  query[3] = 0;
  ASSERT_EQ(lmheadBundleWorkspaceSize(bundle, "ce", query, 6, &bytes),
            LMHEAD_STATUS_OK);
  EXPECT_EQ(bytes, 4u) << "only the scale takes room";
  EXPECT_EQ(lmheadBundleWorkspaceSize(bundle, "ce", query, 5, &bytes),
            LMHEAD_STATUS_INVALID_ARGUMENT);
  EXPECT_THAT(lmheadGetLastErrorMessage(),
              HasSubstr("op 'ce' takes 6 operands"));
  EXPECT_EQ(lmheadBundleWorkspaceSize(bundle, "gone", query, 6, &bytes),
            LMHEAD_STATUS_NOT_FOUND);
  // An op without a workspace needs none.
  write("manifest.json", kManifest);
  LMHeadBundle *plain = nullptr;
  ASSERT_EQ(lmheadBundleLoad(directory.c_str(), &plain), LMHEAD_STATUS_OK);
  ASSERT_EQ(
      lmheadBundleWorkspaceSize(plain, "linear_grad", operands, 7, &bytes),
      LMHEAD_STATUS_OK);
  EXPECT_EQ(bytes, 0u);
  lmheadBundleUnload(plain);
  lmheadBundleUnload(bundle);
}

TEST_F(ChunkedBundleTest, KernelsWaitForTheKernelsTheyFollowOnOtherStreams) {
  std::string beforeLoad = log();
  int before = liveObjects();
  LMHeadBundle *bundle = nullptr;
  ASSERT_EQ(lmheadBundleLoad(directory.c_str(), &bundle), LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  // Three internal streams (db too), the fork and three join events, and
  // one event per kernel that another waits for: 1, 5, 2, 3, 4 and 7 in
  // the order of their first waiter.
  std::string loading = callsSince(beforeLoad);
  std::string dh = created(loading, "cuStreamCreate", 0);
  std::string dw = created(loading, "cuStreamCreate", 1);
  std::string db = created(loading, "cuStreamCreate", 2);
  std::string fork = created(loading, "cuEventCreate", 0);
  std::string dhDone = created(loading, "cuEventCreate", 1);
  std::string dwDone = created(loading, "cuEventCreate", 2);
  std::string dbDone = created(loading, "cuEventCreate", 3);
  std::string after1 = created(loading, "cuEventCreate", 4);
  std::string after5 = created(loading, "cuEventCreate", 5);
  std::string after2 = created(loading, "cuEventCreate", 6);
  std::string after3 = created(loading, "cuEventCreate", 7);
  std::string after4 = created(loading, "cuEventCreate", 8);
  std::string after7 = created(loading, "cuEventCreate", 9);
  EXPECT_EQ(created(loading, "cuEventCreate", 10), "?");

  std::string mark = log();
  ASSERT_EQ(lmheadBundleRun(bundle, "ce", ceOperands, 6, nullptr),
            LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  EXPECT_EQ(
      callsSince(mark),
      "cuEventRecord:" + fork + "@s0 cuStreamWaitEvent:" + dh + "<" + fork +
          " cuStreamWaitEvent:" + dw + "<" + fork + " cuStreamWaitEvent:" + db +
          "<" + fork +
          " cuLaunchKernel:ce_scale@s0 cuLaunchKernel:ce_logits@s0"
          " cuEventRecord:" +
          after1 + "@s0 cuStreamWaitEvent:" + dh + "<" + after1 +
          " cuLaunchKernel:ce_dh@" + dh + " cuEventRecord:" + after2 + "@" +
          dh + " cuStreamWaitEvent:" + dw + "<" + after1 +
          " cuLaunchKernel:ce_dw@" + dw + " cuEventRecord:" + after3 + "@" +
          dw + " cuStreamWaitEvent:" + db + "<" + after1 +
          " cuLaunchKernel:ce_db@" + db + " cuEventRecord:" + after4 + "@" +
          db + " cuLaunchKernel:ce_logits@s0 cuEventRecord:" + after5 +
          "@s0 cuStreamWaitEvent:" + dh + "<" + after5 +
          " cuLaunchKernel:ce_dh@" + dh + " cuStreamWaitEvent:s0<" + after2 +
          " cuStreamWaitEvent:s0<" + after3 + " cuStreamWaitEvent:s0<" +
          after4 + " cuLaunchKernel:ce_logits@s0 cuEventRecord:" + after7 +
          "@s0 cuStreamWaitEvent:" + dh + "<" + after7 +
          " cuLaunchKernel:ce_dh@" + dh + " cuEventRecord:" + dhDone + "@" +
          dh + " cuStreamWaitEvent:s0<" + dhDone + " cuEventRecord:" + dwDone +
          "@" + dw + " cuStreamWaitEvent:s0<" + dwDone + " cuEventRecord:" +
          dbDone + "@" + db + " cuStreamWaitEvent:s0<" + dbDone);
  EXPECT_EQ(lmheadBundleUnload(bundle), LMHEAD_STATUS_OK);
  EXPECT_EQ(liveObjects(), before + (before == 0 ? 1 : 0));
}

TEST_F(ChunkedBundleTest, ABufferOnlyASkippedGradientUsesTakesNoRoom) {
  // The one-pass step's f32 dW accumulator is written and read by the dW
  // stream's kernels alone: a frozen head (a null dw) neither runs them
  // nor needs the buffer, which would be V·D·4 bytes of the workspace.
  write("manifest.json", R"({
  "format": "lmhead-bundle", "version": 3, "ptx": "ce.ptx",
  "ops": {"ce": {
    "operands": ["h", "w", "dw", "n", "workspace", "workspace_bytes"],
    "workspace": {"operand": "workspace", "bytes": "workspace_bytes",
                  "buffers": [{"name": "dz0", "type": "bf16", "shape": ["n", 64]},
                              {"name": "dw32", "type": "f32", "shape": [64, 64]}]},
    "kernels": [
      {"name": "ce_logits", "stream": "main",
       "grid": [{"ceil_div": ["n", 64]}, 1, 1], "block": [128, 1, 1],
       "params": ["h", "dz0", "n"]},
      {"name": "ce_dw", "stream": "dw", "after": [0], "grid": [2, 1, 1],
       "block": [128, 1, 1], "params": ["dz0", "dw32"]}
    ]}}})");
  LMHeadBundle *bundle = nullptr;
  ASSERT_EQ(lmheadBundleLoad(directory.c_str(), &bundle), LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  // dz0: 101·64·2 = 12928 bytes; dw32 from 13056, 16384 bytes.
  unsigned long long query[6] = {1, 1, 1, 101, 0, 0}, bytes = 0;
  ASSERT_EQ(lmheadBundleWorkspaceSize(bundle, "ce", query, 6, &bytes),
            LMHEAD_STATUS_OK);
  EXPECT_EQ(bytes, 13056u + 16384u);
  query[2] = 0;
  ASSERT_EQ(lmheadBundleWorkspaceSize(bundle, "ce", query, 6, &bytes),
            LMHEAD_STATUS_OK);
  EXPECT_EQ(bytes, 13056u) << "dw32 takes no room";
  // A run without dW in that much workspace launches the main stream's
  // kernel alone; with dW it needs the whole workspace.
  unsigned long long run[6] = {0x10000, 0x20000, 0, 101, 0x100000, 13056};
  std::string mark = log();
  ASSERT_EQ(lmheadBundleRun(bundle, "ce", run, 6, nullptr), LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  std::string calls = callsSince(mark);
  EXPECT_THAT(calls, HasSubstr("cuLaunchKernel:ce_logits"));
  EXPECT_THAT(calls, Not(HasSubstr("cuLaunchKernel:ce_dw")));
  run[2] = 0x30000;
  EXPECT_EQ(lmheadBundleRun(bundle, "ce", run, 6, nullptr),
            LMHEAD_STATUS_INVALID_ARGUMENT);
  EXPECT_THAT(lmheadGetLastErrorMessage(),
              HasSubstr("holds 13056 bytes ('workspace_bytes') but 29440 "
                        "are needed"));
  lmheadBundleUnload(bundle);
}

TEST_F(ChunkedBundleTest, WorkspaceBuffersAndExpressionsBecomeParameters) {
  LMHeadBundle *bundle = nullptr;
  ASSERT_EQ(lmheadBundleLoad(directory.c_str(), &bundle), LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  std::string mark = launchMark();
  ASSERT_EQ(lmheadBundleRun(bundle, "ce", ceOperands, 6, nullptr),
            LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  // dz0 at the workspace (1048576), dz1 256-aligned after it (+13056), the
  // scale after that (+26112); 64·n = 6464, ceil(3n/2) = 152,
  // max(7, min(n, 5)) = 7 and min(ceil(n/8), 3) = 3.
  EXPECT_EQ(launchesSince(mark),
            "ce_scale grid(1,1,1) block(32,1,1) shared 0 params(1074688,101); "
            "ce_logits grid(2,1,1) block(128,1,1) shared 0 "
            "params(65536,1048576,6464); "
            "ce_dh grid(1,1,1) block(128,1,1) shared 0 params(1048576,131072); "
            "ce_dw grid(2,1,1) block(128,1,1) shared 0 params(1048576,65536); "
            "ce_db grid(1,1,1) block(256,1,1) shared 0 params(1048576,196608); "
            "ce_logits grid(2,1,1) block(128,1,1) shared 0 "
            "params(65536,1061632,152); "
            "ce_dh grid(1,1,1) block(128,1,1) shared 0 params(1061632,131072); "
            "ce_logits grid(2,1,1) block(128,1,1) shared 0 "
            "params(65536,1048576,7); "
            "ce_dh grid(3,1,1) block(128,1,1) shared 0 params(1048576,131072)");
  lmheadBundleUnload(bundle);
}

TEST_F(ChunkedBundleTest, AnEmptyGridStillRecordsTheEventOthersWaitFor) {
  std::string beforeLoad = log();
  LMHeadBundle *bundle = nullptr;
  ASSERT_EQ(lmheadBundleLoad(directory.c_str(), &bundle), LMHEAD_STATUS_OK);
  std::string loading = callsSince(beforeLoad);
  std::string dh = created(loading, "cuStreamCreate", 0);
  std::string after1 = created(loading, "cuEventCreate", 4);
  ceOperands[3] = 0;
  ceOperands[5] = workspaceBytes(0);
  std::string mark = log();
  ASSERT_EQ(lmheadBundleRun(bundle, "ce", ceOperands, 6, nullptr),
            LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  std::string calls = callsSince(mark);
  EXPECT_THAT(calls, Not(HasSubstr("ce_logits")));
  EXPECT_THAT(calls, HasSubstr("cuLaunchKernel:ce_scale@s0 cuEventRecord:" +
                               after1 + "@s0 cuStreamWaitEvent:" + dh + "<" +
                               after1 + " cuLaunchKernel:ce_dh@" + dh));
  lmheadBundleUnload(bundle);
}

TEST_F(ChunkedBundleTest, AWorkspaceTooSmallOrMisalignedIsRefusedFirst) {
  LMHeadBundle *bundle = nullptr;
  ASSERT_EQ(lmheadBundleLoad(directory.c_str(), &bundle), LMHEAD_STATUS_OK);
  std::string mark = log();
  ceOperands[5] = workspaceBytes(101) - 1;
  EXPECT_EQ(lmheadBundleRun(bundle, "ce", ceOperands, 6, nullptr),
            LMHEAD_STATUS_INVALID_ARGUMENT);
  EXPECT_STREQ(lmheadGetLastErrorMessage(),
               "lmheadBundleRun: op 'ce': the workspace ('workspace') holds "
               "26115 bytes ('workspace_bytes') but 26116 are needed "
               "(lmheadBundleWorkspaceSize)");
  ceOperands[5] = workspaceBytes(101);
  ceOperands[4] = 0x100008;
  EXPECT_EQ(lmheadBundleRun(bundle, "ce", ceOperands, 6, nullptr),
            LMHEAD_STATUS_INVALID_ARGUMENT);
  EXPECT_STREQ(lmheadGetLastErrorMessage(),
               "lmheadBundleRun: op 'ce': the workspace's address 1048584 is "
               "not a non-null multiple of 16");
  EXPECT_EQ(callsSince(mark), "") << "nothing was enqueued";
  lmheadBundleUnload(bundle);
}

TEST_F(ChunkedBundleTest, TooManyTokensForTheGridAreRefusedBeforeAnyLaunch) {
  // Grid y of ceil(n / 128) blocks, as the kernels that tile the tokens
  // along y have: at most 65535 · 128 tokens.
  write("manifest.json", R"({
    "format": "lmhead-bundle", "version": 3, "ptx": "ce.ptx",
    "ops": {"rows": {
      "operands": ["h", "w", "n"],
      "kernels": [
        {"name": "ce_scale", "stream": "main", "grid": [1, 1, 1],
         "block": [32, 1, 1], "params": ["h", "n"]},
        {"name": "ce_dh", "stream": "main",
         "grid": [2, {"ceil_div": ["n", 128]}, 1], "block": [128, 1, 1],
         "params": ["h", "w"]}]}}})");
  LMHeadBundle *bundle = nullptr;
  ASSERT_EQ(lmheadBundleLoad(directory.c_str(), &bundle), LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  unsigned long long rows[3] = {0x10000, 0x20000, 65535ull * 128};
  ASSERT_EQ(lmheadBundleRun(bundle, "rows", rows, 3, nullptr), LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  std::string mark = log();
  rows[2] = 65535ull * 128 + 1;
  EXPECT_EQ(lmheadBundleRun(bundle, "rows", rows, 3, nullptr),
            LMHEAD_STATUS_INVALID_ARGUMENT);
  EXPECT_STREQ(lmheadGetLastErrorMessage(),
               "lmheadBundleRun: op 'rows': kernel 'ce_dh': grid y = 65536 "
               "exceeds the device's limit of 65535: this op runs at most "
               "8388480 tokens at once (operand 'n' is 8388481); split the "
               "batch into parts of at most that many");
  EXPECT_EQ(callsSince(mark), "") << "the first kernel was not launched";
  lmheadBundleUnload(bundle);
}

TEST_F(ChunkedBundleTest, AWorkspaceWhoseTotalWouldWrapIsRefused) {
  // Each buffer of 2^56 bytes is allowed; 256 of them would total 2^64,
  // which wraps to 0 in 64 bits.
  std::string buffers;
  for (int i = 0; i < 256; ++i)
    buffers += std::string(i ? ", " : "") + "{\"name\": \"b" +
               std::to_string(i) +
               "\", \"type\": \"f32\", \"shape\": [1048576, 1048576, 16384]}";
  write("manifest.json", R"({
    "format": "lmhead-bundle", "version": 3, "ptx": "ce.ptx",
    "ops": {"big": {
      "operands": ["h", "workspace", "workspace_bytes"],
      "workspace": {"operand": "workspace", "bytes": "workspace_bytes",
                    "buffers": [)" +
                             buffers + R"(]},
      "kernels": [{"name": "ce_scale", "stream": "main", "grid": [1, 1, 1],
                   "block": [32, 1, 1], "params": ["h", "b255"]}]}}})");
  LMHeadBundle *bundle = nullptr;
  ASSERT_EQ(lmheadBundleLoad(directory.c_str(), &bundle), LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  unsigned long long operands[3] = {0x10000, 0x100000, 0};
  unsigned long long bytes = 12345;
  EXPECT_EQ(lmheadBundleWorkspaceSize(bundle, "big", operands, 3, &bytes),
            LMHEAD_STATUS_INVALID_ARGUMENT);
  EXPECT_THAT(lmheadGetLastErrorMessage(),
              HasSubstr("the workspace is too large at buffer 'b1' ("));
  lmheadBundleUnload(bundle);
}

/// A chunk loop: a scale kernel, then per chunk of 64 tokens (as many as n
/// needs) the chunk's logits on the caller's stream into its half of a
/// double buffer, and dh (stored by the first chunk, added to by the
/// others) and dW products on their streams after it; each chunk's logits
/// wait for the products of the chunk two before, which read the half they
/// overwrite; a last kernel waits for the last chunk's dW.
constexpr char kLoopPtx[] =
    ".version 8.0\n.target sm_80\n.address_size 64\n"
    ".visible .entry lp_scale(\n.param .u64 p0,\n.param .u64 p1\n)\n{\nret;"
    "\n}\n"
    ".visible .entry lp_logits(\n.param .u64 p0,\n.param .u64 p1,\n"
    ".param .u64 p2\n)\n{\nret;\n}\n"
    ".visible .entry lp_dh_first(\n.param .u64 p0,\n.param .u64 p1\n)\n{\nret;"
    "\n}\n"
    ".visible .entry lp_dh(\n.param .u64 p0,\n.param .u64 p1\n)\n{\nret;\n}\n"
    ".visible .entry lp_dw(\n.param .u64 p0,\n.param .u64 p1\n)\n{\nret;\n}\n"
    ".visible .entry lp_done(\n.param .u64 p0,\n.param .u64 p1\n)\n{\nret;"
    "\n}\n";

constexpr char kLoopManifest[] = R"({
  "format": "lmhead-bundle", "version": 3, "ptx": "loop.ptx",
  "ops": {"step": {
    "operands": ["h", "w", "n", "workspace", "workspace_bytes"],
    "workspace": {"operand": "workspace", "bytes": "workspace_bytes",
                  "buffers": [{"name": "dz", "type": "bf16", "shape": [2, 64, 64]}]},
    "kernels": [
      {"name": "lp_scale", "stream": "main", "grid": [1, 1, 1],
       "block": [32, 1, 1], "params": ["w", "n"]},
      {"name": "lp_logits", "stream": "main",
       "after": [{"kernel": 2, "iterations_back": 2},
                 {"kernel": 3, "iterations_back": 2}],
       "grid": [{"min": [64, {"sub": ["n", {"mul": [64, "c"]}]}]}, 1, 1],
       "block": [128, 1, 1],
       "params": ["dz", {"mul": [{"mod": ["c", 2]}, 8192]}, "c"]},
      {"name": "lp_dh", "first_iteration": "lp_dh_first", "stream": "dh",
       "after": [1], "grid": [1, 1, 1], "block": [128, 1, 1],
       "params": ["dz", {"min": [64, {"sub": ["n", {"mul": [64, "c"]}]}]}]},
      {"name": "lp_dw", "stream": "dw", "after": [1], "grid": [2, 1, 1],
       "block": [128, 1, 1], "params": ["h", "c"]},
      {"name": "lp_done", "stream": "main", "after": [3], "grid": [1, 1, 1],
       "block": [32, 1, 1], "params": ["w", "n"]}
    ],
    "loops": [{"index": "c", "count": {"ceil_div": ["n", 64]},
               "kernels": [1, 4]}]}}})";

class LoopBundleTest : public BundleTest {
protected:
  void SetUp() override {
    BundleTest::SetUp();
    write("loop.ptx", kLoopPtx);
    write("manifest.json", kLoopManifest);
  }

  /// The manifest with `from` replaced by `to`.
  static std::string loopManifestWith(const std::string &from,
                                      const std::string &to) {
    std::string text = kLoopManifest;
    std::size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return text.replace(at, from.size(), to);
  }

  /// Runs op "step" for `n` tokens; the launches it made.
  std::string launchesFor(unsigned long long n) {
    LMHeadBundle *bundle = nullptr;
    EXPECT_EQ(lmheadBundleLoad(directory.c_str(), &bundle), LMHEAD_STATUS_OK)
        << lmheadGetLastErrorMessage();
    if (!bundle)
      return "";
    unsigned long long operands[5] = {0x10000, 0x20000, n, 0x100000, 32768};
    std::string mark = launchMark();
    EXPECT_EQ(lmheadBundleRun(bundle, "step", operands, 5, nullptr),
              LMHEAD_STATUS_OK)
        << lmheadGetLastErrorMessage();
    std::string launches = launchesSince(mark);
    lmheadBundleUnload(bundle);
    return launches;
  }
};

TEST_F(LoopBundleTest, TheLoopRunsOncePerChunkWithItsIndexBound) {
  // 150 tokens: chunks of 64, 64 and 22 rows in halves 0, 1, 0 of dz
  // (8192 bf16 apart); the first chunk's dh stores.
  EXPECT_EQ(launchesFor(150),
            "lp_scale grid(1,1,1) block(32,1,1) shared 0 params(131072,150); "
            "lp_logits grid(64,1,1) block(128,1,1) shared 0 "
            "params(1048576,0,0); "
            "lp_dh_first grid(1,1,1) block(128,1,1) shared 0 "
            "params(1048576,64); "
            "lp_dw grid(2,1,1) block(128,1,1) shared 0 params(65536,0); "
            "lp_logits grid(64,1,1) block(128,1,1) shared 0 "
            "params(1048576,8192,1); "
            "lp_dh grid(1,1,1) block(128,1,1) shared 0 params(1048576,64); "
            "lp_dw grid(2,1,1) block(128,1,1) shared 0 params(65536,1); "
            "lp_logits grid(22,1,1) block(128,1,1) shared 0 "
            "params(1048576,0,2); "
            "lp_dh grid(1,1,1) block(128,1,1) shared 0 params(1048576,22); "
            "lp_dw grid(2,1,1) block(128,1,1) shared 0 params(65536,2); "
            "lp_done grid(1,1,1) block(32,1,1) shared 0 params(131072,150)");
  // One bundle for every token count: 64 tokens are one chunk, none are
  // none (and the last kernel then waits for nothing).
  EXPECT_EQ(launchesFor(64),
            "lp_scale grid(1,1,1) block(32,1,1) shared 0 params(131072,64); "
            "lp_logits grid(64,1,1) block(128,1,1) shared 0 "
            "params(1048576,0,0); "
            "lp_dh_first grid(1,1,1) block(128,1,1) shared 0 "
            "params(1048576,64); "
            "lp_dw grid(2,1,1) block(128,1,1) shared 0 params(65536,0); "
            "lp_done grid(1,1,1) block(32,1,1) shared 0 params(131072,64)");
  EXPECT_EQ(launchesFor(0),
            "lp_scale grid(1,1,1) block(32,1,1) shared 0 params(131072,0); "
            "lp_done grid(1,1,1) block(32,1,1) shared 0 params(131072,0)");
}

TEST_F(LoopBundleTest, AChunkWaitsForTheProductsOfTheChunkTwoBefore) {
  std::string beforeLoad = log();
  LMHeadBundle *bundle = nullptr;
  ASSERT_EQ(lmheadBundleLoad(directory.c_str(), &bundle), LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  // After the fork and the three joins' events: rings of three events for
  // dh and dW (waited for two iterations later), one for the logits.
  std::string loading = callsSince(beforeLoad);
  std::string dhStream = created(loading, "cuStreamCreate", 0);
  std::string dwStream = created(loading, "cuStreamCreate", 1);
  std::string dh[3], dw[3];
  for (int i = 0; i < 3; ++i) {
    dh[i] = created(loading, "cuEventCreate", 3 + i);
    dw[i] = created(loading, "cuEventCreate", 6 + i);
  }
  std::string logits = created(loading, "cuEventCreate", 9);
  EXPECT_EQ(created(loading, "cuEventCreate", 10), "?");

  unsigned long long operands[5] = {0x10000, 0x20000, 250, 0x100000, 32768};
  std::string mark = log();
  ASSERT_EQ(lmheadBundleRun(bundle, "step", operands, 5, nullptr),
            LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  std::string calls = callsSince(mark);
  // Chunk c records its products' events in slot c mod 3; chunks 2 and 3
  // wait for slots 0 and 1, before chunk 3 records slot 0 again; the last
  // kernel waits for chunk 3's dW.
  auto chunk = [&](int c, const std::string &waits) {
    std::string first = c == 0 ? "lp_dh_first" : "lp_dh";
    return waits + "cuLaunchKernel:lp_logits@s0 cuEventRecord:" + logits +
           "@s0 cuStreamWaitEvent:" + dhStream + "<" + logits +
           " cuLaunchKernel:" + first + "@" + dhStream +
           " cuEventRecord:" + dh[c % 3] + "@" + dhStream +
           " cuStreamWaitEvent:" + dwStream + "<" + logits +
           " cuLaunchKernel:lp_dw@" + dwStream + " cuEventRecord:" + dw[c % 3] +
           "@" + dwStream + " ";
  };
  std::string expected =
      "cuLaunchKernel:lp_scale@s0 " + chunk(0, "") + chunk(1, "") +
      chunk(2, "cuStreamWaitEvent:s0<" + dh[0] + " cuStreamWaitEvent:s0<" +
                   dw[0] + " ") +
      chunk(3, "cuStreamWaitEvent:s0<" + dh[1] + " cuStreamWaitEvent:s0<" +
                   dw[1] + " ") +
      "cuStreamWaitEvent:s0<" + dw[0] + " cuLaunchKernel:lp_done@s0";
  EXPECT_THAT(calls, HasSubstr(expected));
  lmheadBundleUnload(bundle);
}

TEST_F(LoopBundleTest, ALoopTooLongForOneRunIsRefusedBeforeAnyLaunch) {
  LMHeadBundle *bundle = nullptr;
  ASSERT_EQ(lmheadBundleLoad(directory.c_str(), &bundle), LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  // 2^40 tokens are 2^34 chunks: the run is refused, naming the most
  // tokens it takes (the loop's three kernels and two others make at most
  // 2^20 launches: 349524 chunks of 64).
  unsigned long long operands[5] = {0x10000, 0x20000, 1ull << 40, 0x100000,
                                    32768};
  std::string mark = launchMark();
  EXPECT_EQ(lmheadBundleRun(bundle, "step", operands, 5, nullptr),
            LMHEAD_STATUS_INVALID_ARGUMENT);
  EXPECT_THAT(lmheadGetLastErrorMessage(),
              HasSubstr("op 'step': loop 'c' runs 17179869184 times: the run "
                        "would launch more than 1048576 kernels: this op runs "
                        "at most 22369536 tokens at once"));
  EXPECT_EQ(launchesSince(mark), "");
  lmheadBundleUnload(bundle);
}

TEST_F(LoopBundleTest, LoopsThatCannotRunAreRefusedOnLoad) {
  struct Case {
    std::string manifest, message;
  };
  const std::string loop =
      R"("loops": [{"index": "c", "count": {"ceil_div": ["n", 64]},
               "kernels": [1, 4]}])";
  const Case cases[] = {
      {loopManifestWith(R"("params": ["w", "n"]},
      {"name": "lp_logits")",
                        R"("params": ["w", "c"]},
      {"name": "lp_logits")"),
       "ops.step.kernels[0]: reads the index 'c' of a loop it is not in"},
      {loopManifestWith(R"("count": {"ceil_div": ["n", 64]})",
                        R"("count": "c")"),
       "ops.step.loops[0].count: expected an integer, an integer operand's "
       "name"},
      {loopManifestWith(loop, R"("loops": [{"index": "n", "count": 2,
               "kernels": [1, 4]}])"),
       "ops.step.loops[0].index: 'n' is already the name of an operand or "
       "loop index"},
      {loopManifestWith(loop, R"("loops": [{"index": "c", "count": 2,
               "kernels": [1, 6]}])"),
       "ops.step.loops[0].kernels: expected [begin, end): kernels 0 <= begin "
       "< end <= 5"},
      {loopManifestWith(loop, R"("loops": [{"index": "c", "count": 2,
               "kernels": [1, 3]}, {"index": "d", "count": 2,
               "kernels": [2, 4]}])"),
       "ops.step.loops[1].kernels: expected [begin, end): kernels 3 <= begin"},
      {loopManifestWith(R"("after": [3])",
                        R"("after": [{"kernel": 3, "iterations_back": 1}])"),
       "ops.step.kernels[4].after: waits for kernel 3 from 1 iteration(s) "
       "earlier, but the two are not in one loop"},
      {loopManifestWith(loop, R"("loops": [{"index": "c", "count": 2,
               "kernels": [1, 3]}])"),
       "ops.step.kernels[1].after: expected an array of kernels to wait for"},
      {loopManifestWith(loop, R"("loops": [{"index": "c", "count": 2,
               "kernels": [1, 2]}])"),
       "ops.step.kernels[1].after: expected an array"},
      {loopManifestWith(R"("name": "lp_done",)",
                        R"("name": "lp_done", "first_iteration": "lp_dh",)"),
       "ops.step.kernels[4].first_iteration: only a kernel in a loop has a "
       "first iteration"},
      {loopManifestWith(R"("first_iteration": "lp_dh_first")",
                        R"("first_iteration": "lp_nowhere")"),
       "lp_nowhere"},
  };
  for (const Case &bad : cases) {
    write("manifest.json", bad.manifest);
    LMHeadBundle *bundle = nullptr;
    EXPECT_NE(lmheadBundleLoad(directory.c_str(), &bundle), LMHEAD_STATUS_OK)
        << bad.message;
    EXPECT_THAT(lmheadGetLastErrorMessage(), HasSubstr(bad.message));
    EXPECT_EQ(bundle, nullptr);
  }
}

/// Tensor maps of views: a chunk of `w` [v, d] (rows 64..127: offset 64·d)
/// and the first 32 columns of a workspace buffer of rows 64 wide; the
/// second kernel reads the same chunk map again.
constexpr char kViewMapManifest[] = R"({
  "format": "lmhead-bundle", "version": 3, "ptx": "tk.ptx",
  "ops": {"views": {
    "operands": ["w", "n", "d", "workspace", "workspace_bytes"],
    "workspace": {"operand": "workspace", "bytes": "workspace_bytes",
                  "buffers": [{"name": "dz", "type": "bf16", "shape": ["n", 64]}]},
    "kernels": [
      {"name": "tk", "stream": "dh", "grid": [1, 1, 1], "block": [128, 1, 1],
       "params": [
         {"tensormap": "w", "shape": [64, "d"], "box": [64, 64],
          "swizzle": 128, "element": "bf16", "offset": {"mul": [64, "d"]},
          "row_stride": "d"},
         {"tensormap": "dz", "shape": ["n", 32], "box": [64, 32],
          "swizzle": 64, "element": "bf16", "offset": 0, "row_stride": 64},
         "dz"]},
      {"name": "tk", "stream": "dw", "grid": [1, 1, 1], "block": [128, 1, 1],
       "params": [
         {"tensormap": "w", "shape": [64, "d"], "box": [64, 64],
          "swizzle": 128, "element": "bf16", "offset": {"mul": [64, "d"]},
          "row_stride": "d"},
         {"tensormap": "w", "shape": [64, "d"], "box": [64, 64],
          "swizzle": 128, "element": "bf16", "row_stride": "d"},
         "w"]}]}}})";

TEST_F(TensorMapBundleTest, MapsOfViewsStartAtTheViewWithItsRowStride) {
  write("manifest.json", kViewMapManifest);
  std::string beforeLoad = log();
  LMHeadBundle *bundle = nullptr;
  ASSERT_EQ(lmheadBundleLoad(directory.c_str(), &bundle), LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  // Three distinct maps (the chunk's is read twice): blocks of 384 bytes.
  EXPECT_THAT(callsSince(beforeLoad), HasSubstr("cuMemHostRegister:24576"));
  unsigned long long ops[5] = {0x40000, 100, 72, 0x80000, 100 * 64 * 2};
  std::string mark = log(), launches = launchMark();
  ASSERT_EQ(lmheadBundleRun(bundle, "views", ops, 5, nullptr), LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  EXPECT_THAT(callsSince(mark),
              ::testing::StartsWith(
                  "cuTensorMapEncodeTiled:type9,rank2,swizzle3,dims72x64,"
                  "box64x64,strides144 cuTensorMapEncodeTiled:type9,rank2,"
                  "swizzle2,dims32x100,box32x64,strides128 "
                  "cuTensorMapEncodeTiled:type9,rank2,swizzle3,dims72x64,"
                  "box64x64,strides144 cuMemcpyAsync:384@s0 "));
  std::string all = launchesSince(launches);
  std::size_t second = all.find("; ");
  ASSERT_NE(second, std::string::npos) << all;
  std::vector<uint64_t> first = lastParams(launches);
  // lastParams reads the last launch: the dw kernel's.
  ASSERT_EQ(first.size(), 3u);
  EXPECT_EQ(encodedAddress(first[0]), 0x40000u + 64 * 72 * 2);
  EXPECT_EQ(encodedAddress(first[1]), 0x40000u);
  EXPECT_EQ(first[2], 0x40000u);
  EXPECT_THAT(all.substr(0, second),
              HasSubstr("," + std::to_string(0x80000) + ")"))
      << "the dz parameter is the workspace's address";
  lmheadBundleUnload(bundle);
}

/// Loads the bundle after `edit`, expecting `status` and a message
/// containing `message`.
/// The integer expressions a manifest may write, as the reader lists them.
const std::string kExprForms =
    "an integer, an integer operand's name, the index of the kernel's loop, "
    "{\"mul\": [x, y, ...]}, {\"sub\": [x, y]}, {\"ceil_div\": [x, n]} or "
    "{\"mod\": [x, n]} (n a positive integer), {\"min\": [x, y]} or "
    "{\"max\": [x, y]}";
/// The forms of a kernel parameter, as the reader lists them.
const std::string kParamForms =
    "an operand or workspace buffer name, {\"operand\": name}, {\"const\": "
    "integer}, a loop's index, {\"mul\": [...]}, {\"sub\": [...]}, "
    "{\"ceil_div\": [...]}, {\"mod\": [...]}, {\"min\": [...]}, "
    "{\"max\": [...]} or {\"tensormap\": name, ...}";

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
  // Those that test the producer spell their own, and malformed JSON is
  // left as it is.
  std::string what = bad.what;
  if (bad.manifest.find("\"producer\"") != std::string::npos ||
      what == "no producer" || what == "not JSON")
    writeRaw("manifest.json", bad.manifest);
  else if (!bad.manifest.empty())
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
                  "{\"format\": \"lmhead-bundle\",\n  \"version\": 3,,",
                  LMHEAD_STATUS_INVALID_BUNDLE,
                  "manifest.json: not valid JSON: line 2, column 16: "
                  "syntax error while parsing object key"},
        BadBundle{
            "a key twice",
            manifestWith("\"version\": 3,", "\"version\": 3, \"version\": 3,"),
            LMHEAD_STATUS_INVALID_BUNDLE,
            "manifest.json: not valid JSON: not accepted: duplicate "
            "key \"version\""},
        BadBundle{
            "nested too deep",
            manifestWith("\"version\": 3,",
                         "\"version\": 3, \"deep\": " + std::string(70, '[') +
                             std::string(70, ']') + ","),
            LMHEAD_STATUS_INVALID_BUNDLE,
            "manifest.json: not valid JSON: not accepted: nested "
            "deeper than 64"},
        BadBundle{"a tensor of no operand",
                  manifestWith("\"operands\":",
                               "\"tensors\": {\"x\": {\"type\": \"f32\", "
                               "\"shape\": []}}, \"operands\":"),
                  LMHEAD_STATUS_INVALID_BUNDLE,
                  "ops.linear_grad.tensors.x: 'x' is not a pointer operand of "
                  "the op"},
        BadBundle{"a tensor of an unknown type",
                  manifestWith("\"operands\":",
                               "\"tensors\": {\"dz\": {\"type\": \"f8\", "
                               "\"shape\": []}}, \"operands\":"),
                  LMHEAD_STATUS_INVALID_BUNDLE,
                  "ops.linear_grad.tensors.dz.type: expected \"f32\""},
        BadBundle{"an older version",
                  manifestWith("\"version\": 3,", "\"version\": 1,"),
                  LMHEAD_STATUS_INVALID_BUNDLE,
                  "manifest.json: version: the manifest has version 1 of the "
                  "format but this runtime reads version 3; recompile the "
                  "bundle with this build's lmhead-opt"},
        BadBundle{"wrong format", manifestWith("lmhead-bundle", "other"),
                  LMHEAD_STATUS_INVALID_BUNDLE,
                  "manifest.json: format: expected \"lmhead-bundle\""},
        BadBundle{"unknown role",
                  manifestWith("\"stream\": \"dw\"", "\"stream\": \"side\""),
                  LMHEAD_STATUS_INVALID_BUNDLE,
                  "ops.linear_grad.kernels[1].stream: expected \"dh\", \"dw\", "
                  "\"db\" or \"main\""},
        BadBundle{"unknown operand",
                  manifestWith("[\"dz\", \"db\", \"n\"]", "[\"dz\", \"bias\"]"),
                  LMHEAD_STATUS_INVALID_BUNDLE,
                  "ops.linear_grad.kernels[2].params[1]: expected " +
                      kParamForms + "; 'bias' is not an operand of the op"},
        BadBundle{"unknown operand object",
                  manifestWith("[\"dz\", \"db\", \"n\"]",
                               "[\"dz\", {\"operand\": \"bias\"}]"),
                  LMHEAD_STATUS_INVALID_BUNDLE,
                  "ops.linear_grad.kernels[2].params[1]: expected " +
                      kParamForms + "; 'bias' is not an operand of the op"},
        BadBundle{"constant not an integer",
                  manifestWith("[\"dz\", \"db\", \"n\"]",
                               "[\"dz\", \"db\", {\"const\": \"one\"}]"),
                  LMHEAD_STATUS_INVALID_BUNDLE,
                  "ops.linear_grad.kernels[2].params[2]: expected {\"const\": "
                  "integer}"},
        BadBundle{"unknown parameter form",
                  manifestWith("[\"dz\", \"db\", \"n\"]", "[{\"size\": 1}]"),
                  LMHEAD_STATUS_INVALID_BUNDLE,
                  "ops.linear_grad.kernels[2].params[0]: expected " +
                      kParamForms},
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
        BadBundle{
            "tensor map of an unknown operand",
            manifestWith("[\"dz\", \"db\", \"n\"]",
                         "[{\"tensormap\": \"x\", \"shape\": [1, 8], \"box\": "
                         "[1, 8], \"swizzle\": 0, \"element\": \"bf16\"}]"),
            LMHEAD_STATUS_INVALID_BUNDLE,
            "ops.linear_grad.kernels[2].params[0].tensormap: expected the name "
            "of a "
            "pointer operand or workspace buffer; 'x' is not an operand of the "
            "op"},
        BadBundle{
            "tensor map with an unknown key",
            manifestWith(
                "[\"dz\", \"db\", \"n\"]",
                "[{\"tensormap\": \"dz\", \"shape\": [1, 8], \"box\": [1, 8], "
                "\"swizzle\": 0, \"element\": \"bf16\", \"oob\": 1}]"),
            LMHEAD_STATUS_INVALID_BUNDLE,
            "ops.linear_grad.kernels[2].params[0].oob: unknown key; a tensor "
            "map "
            "has \"tensormap\", \"shape\", \"box\", \"swizzle\", "
            "\"element\" and optionally \"offset\" and \"row_stride\""},
        BadBundle{"tensor map without a shape",
                  manifestWith("[\"dz\", \"db\", \"n\"]",
                               "[{\"tensormap\": \"dz\", \"box\": [1, 8], "
                               "\"swizzle\": 0, \"element\": \"bf16\"}]"),
                  LMHEAD_STATUS_INVALID_BUNDLE,
                  "params[0].shape: expected [rows, cols], each an integer, an "
                  "operand name or an integer expression"},
        BadBundle{
            "tensor map size not an operand",
            manifestWith(
                "[\"dz\", \"db\", \"n\"]",
                "[{\"tensormap\": \"dz\", \"shape\": [\"tokens\", 8], \"box\": "
                "[1, 8], \"swizzle\": 0, \"element\": \"bf16\"}]"),
            LMHEAD_STATUS_INVALID_BUNDLE,
            "params[0].shape[0]: expected " + kExprForms +
                "; 'tokens' is not an operand of the op or a loop's index"},
        BadBundle{
            "tensor map size zero",
            manifestWith(
                "[\"dz\", \"db\", \"n\"]",
                "[{\"tensormap\": \"dz\", \"shape\": [\"n\", 0], \"box\": [1, "
                "8], \"swizzle\": 0, \"element\": \"bf16\"}]"),
            LMHEAD_STATUS_INVALID_BUNDLE,
            "params[0].shape[1]: expected a size in [1, 2^32]"},
        BadBundle{
            "tensor map box too big",
            manifestWith(
                "[\"dz\", \"db\", \"n\"]",
                "[{\"tensormap\": \"dz\", \"shape\": [\"n\", 64], \"box\": "
                "[512, 64], \"swizzle\": 128, \"element\": \"bf16\"}]"),
            LMHEAD_STATUS_INVALID_BUNDLE,
            "params[0].box: expected [rows, cols], each in [1, 256]"},
        BadBundle{
            "tensor map swizzle",
            manifestWith(
                "[\"dz\", \"db\", \"n\"]",
                "[{\"tensormap\": \"dz\", \"shape\": [\"n\", 64], \"box\": "
                "[64, 64], \"swizzle\": 100, \"element\": \"bf16\"}]"),
            LMHEAD_STATUS_INVALID_BUNDLE,
            "params[0].swizzle: expected the swizzle in bytes: 0, 32, 64 or "
            "128"},
        BadBundle{
            "tensor map element",
            manifestWith(
                "[\"dz\", \"db\", \"n\"]",
                "[{\"tensormap\": \"dz\", \"shape\": [\"n\", 64], \"box\": "
                "[64, 64], \"swizzle\": 128, \"element\": \"i8\"}]"),
            LMHEAD_STATUS_INVALID_BUNDLE,
            "params[0].element: expected \"bf16\", \"f16\" or \"f32\""},
        BadBundle{
            "tensor map box row wider than the swizzle",
            manifestWith(
                "[\"dz\", \"db\", \"n\"]",
                "[{\"tensormap\": \"dz\", \"shape\": [\"n\", 256], \"box\": "
                "[64, 128], \"swizzle\": 128, \"element\": \"bf16\"}]"),
            LMHEAD_STATUS_INVALID_BUNDLE,
            "params[0].box: a box row of 256 bytes is wider than the 128-byte "
            "swizzle"},
        BadBundle{
            "tensor map box row not 16 bytes",
            manifestWith(
                "[\"dz\", \"db\", \"n\"]",
                "[{\"tensormap\": \"dz\", \"shape\": [\"n\", 64], \"box\": "
                "[64, 4], \"swizzle\": 0, \"element\": \"bf16\"}]"),
            LMHEAD_STATUS_INVALID_BUNDLE,
            "params[0].box: a box row must be a multiple of 16 bytes, got 8"},
        BadBundle{"after a later kernel",
                  manifestWith("\"stream\": \"dw\"",
                               "\"stream\": \"dw\", \"after\": [1]"),
                  LMHEAD_STATUS_INVALID_BUNDLE,
                  "ops.linear_grad.kernels[1].after: expected an array of "
                  "kernels to wait for: indices of earlier kernels of the op, "
                  "in [0, 1), or {\"kernel\": index, \"iterations_back\": k "
                  ">= 1} for a kernel of the same loop"},
        BadBundle{"empty product",
                  manifestWith("[\"dz\", \"db\", \"n\"]",
                               "[\"dz\", \"db\", {\"mul\": []}]"),
                  LMHEAD_STATUS_INVALID_BUNDLE,
                  "ops.linear_grad.kernels[2].params[2]: expected " +
                      kExprForms},
        BadBundle{"minimum of three",
                  manifestWith("[\"dz\", \"db\", \"n\"]",
                               "[\"dz\", \"db\", {\"min\": [1, 2, \"n\"]}]"),
                  LMHEAD_STATUS_INVALID_BUNDLE,
                  "ops.linear_grad.kernels[2].params[2]: expected " +
                      kExprForms},
        BadBundle{"negative maximum",
                  manifestWith("[\"dz\", \"db\", \"n\"]",
                               "[\"dz\", \"db\", {\"max\": [\"n\", -1]}]"),
                  LMHEAD_STATUS_INVALID_BUNDLE,
                  "ops.linear_grad.kernels[2].params[2].max[1]: expected a "
                  "size, not a negative integer"},
        BadBundle{"product of a pointer name",
                  manifestWith("[\"dz\", \"db\", \"n\"]",
                               "[\"dz\", \"db\", {\"mul\": [2, \"x\"]}]"),
                  LMHEAD_STATUS_INVALID_BUNDLE,
                  "params[2].mul[1]: expected " + kExprForms +
                      "; 'x' is not an operand of the op or a loop's index"},
        BadBundle{"workspace of an unknown operand",
                  manifestWith("\"kernels\": [",
                               "\"workspace\": {\"operand\": \"ws\", "
                               "\"bytes\": \"n\", \"buffers\": []}, "
                               "\"kernels\": ["),
                  LMHEAD_STATUS_INVALID_BUNDLE,
                  "ops.linear_grad.workspace.operand: expected the name of the "
                  "operand that holds the workspace's address"},
        BadBundle{"workspace buffer named like an operand",
                  manifestWith("\"kernels\": [",
                               "\"workspace\": {\"operand\": \"db\", "
                               "\"bytes\": \"n\", \"buffers\": [{\"name\": "
                               "\"dh\", \"type\": \"f32\", \"shape\": "
                               "[1]}]}, \"kernels\": ["),
                  LMHEAD_STATUS_INVALID_BUNDLE,
                  "ops.linear_grad.workspace.buffers[0].name: 'dh' is already "
                  "the name of an operand or buffer"},
        BadBundle{"workspace buffer type",
                  manifestWith("\"kernels\": [",
                               "\"workspace\": {\"operand\": \"db\", "
                               "\"bytes\": \"n\", \"buffers\": [{\"name\": "
                               "\"t\", \"type\": \"u8\", \"shape\": "
                               "[1]}]}, \"kernels\": ["),
                  LMHEAD_STATUS_INVALID_BUNDLE,
                  "ops.linear_grad.workspace.buffers[0].type: expected "
                  "\"f32\", \"bf16\", \"f16\", \"i32\" or \"i64\""},
        BadBundle{"workspace buffer size negative",
                  manifestWith("\"kernels\": [",
                               "\"workspace\": {\"operand\": \"db\", "
                               "\"bytes\": \"n\", \"buffers\": [{\"name\": "
                               "\"t\", \"type\": \"f32\", \"shape\": "
                               "[\"n\", -2]}]}, \"kernels\": ["),
                  LMHEAD_STATUS_INVALID_BUNDLE,
                  "ops.linear_grad.workspace.buffers[0].shape[1]: expected a "
                  "size in [0, 1099511627776]"},
        BadBundle{"workspace buffer with an unknown key",
                  manifestWith("\"kernels\": [",
                               "\"workspace\": {\"operand\": \"db\", "
                               "\"bytes\": \"n\", \"buffers\": [{\"name\": "
                               "\"t\", \"type\": \"f32\", \"shape\": [1], "
                               "\"align\": 512}]}, \"kernels\": ["),
                  LMHEAD_STATUS_INVALID_BUNDLE,
                  "ops.linear_grad.workspace.buffers[0].align: unknown key; a "
                  "workspace buffer has \"name\", \"type\" and \"shape\""},
        BadBundle{"no producer", kManifest, LMHEAD_STATUS_INVALID_BUNDLE,
                  "manifest.json: producer: expected the build identity "
                  "lmhead-opt writes, {\"lmhead\": version, \"revision\": "
                  "commit, ...}; the bundle has none, so it predates this "
                  "runtime; recompile the bundle with this build's "
                  "lmhead-opt"},
        BadBundle{"producer of another version",
                  manifestWith("\"version\": 3,",
                               "\"version\": 3, \"producer\": {\"lmhead\": "
                               "\"0.0.9\"},"),
                  LMHEAD_STATUS_INVALID_BUNDLE,
                  "producer.lmhead: the bundle was compiled by lmhead 0.0.9 "
                  "but this runtime is lmhead "},
        BadBundle{"producer of another revision",
                  manifestWith("\"version\": 3,",
                               "\"version\": 3, \"producer\": {\"lmhead\": "
                               "\"" LMHEAD_EXPECTED_VERSION "\", "
                               "\"revision\": \"0123abcd\"},"),
                  LMHEAD_STATUS_INVALID_BUNDLE,
                  "producer.revision: the bundle was compiled by lmhead-opt "
                  "at revision 0123abcd but this runtime was built at "},
        BadBundle{"fewer parameters than the PTX signature",
                  manifestWith("[\"dz\", \"db\", \"n\"]", "[\"dz\", \"db\"]"),
                  LMHEAD_STATUS_INVALID_BUNDLE,
                  "op 'linear_grad': kernel 'lm_db' in kernels.ptx takes 3 "
                  "parameters but the manifest gives it 2 (the PTX and the "
                  "manifest come from different compilations)"},
        BadBundle{"more parameters than the PTX signature",
                  manifestWith("[\"dz\", \"db\", \"n\"]",
                               "[\"dz\", \"db\", \"n\", \"n\"]"),
                  LMHEAD_STATUS_INVALID_BUNDLE,
                  "kernel 'lm_db' in kernels.ptx takes 3 parameters but the "
                  "manifest gives it 4"},
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
