//===- ConcurrencyTest.cpp - bundles run from several threads at once -----===//
//
// Several threads each create a stream of their own and run a bundle's op
// on it many times, all at once: once sharing one bundle (calls on a bundle
// are serialised by the bundle itself) and once with a bundle per thread,
// on the fake CUDA driver (FakeCudaDriver.cpp: the launches are counted
// from its log) and on the PTX emulator (the kernels run and every thread
// checks its own results). Each test runs in a process of its own, since
// the process's backend is chosen once.
//
// Built with -DLMHEAD_SANITIZERS=thread these tests are the ThreadSanitizer
// run of the runtime (scripts/check-sanitizers.sh, docs/Testing.md): a race
// report ends the child process with a failure, which fails the test.
//
//===----------------------------------------------------------------------===//

#include "lmhead/runtime/Runtime.h"

#include "FakeCudaLog.h"
#include "ManifestProducer.h"
#include "ScopedEnv.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

extern "C" {
void *mgpuStreamCreate();
void mgpuStreamDestroy(void *stream);
void mgpuStreamSynchronize(void *stream);
void *mgpuMemAlloc(uint64_t sizeBytes, void *stream, bool isHostShared);
void mgpuMemFree(void *pointer, void *stream);
void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *stream);
}

namespace {

using lmhead::runtime::test::FakeCudaLog;
using lmhead::runtime::test::ScopedEnv;

constexpr int kThreads = 4;
constexpr int kRunsPerThread = 12;
/// Elements per buffer: not a multiple of the block, so that the bounds
/// check of the kernel matters.
constexpr uint64_t kElements = 300;

/// y[i] = 2 x[i] + 1 for i < n, one element per thread.
constexpr char kPtx[] = R"(.version 8.0
.target sm_80
.address_size 64
.visible .entry scale(
  .param .u64 scale_param_0,
  .param .u64 scale_param_1,
  .param .u64 scale_param_2
)
{
  .reg .pred %p<2>;
  .reg .b32 %r<5>;
  .reg .b64 %rd<8>;
  .reg .f32 %f<3>;
  ld.param.u64 %rd1, [scale_param_0];
  ld.param.u64 %rd2, [scale_param_1];
  ld.param.u64 %rd3, [scale_param_2];
  mov.u32 %r1, %ctaid.x;
  mov.u32 %r2, %ntid.x;
  mov.u32 %r3, %tid.x;
  mad.lo.s32 %r4, %r1, %r2, %r3;
  cvt.u64.u32 %rd4, %r4;
  setp.ge.u64 %p1, %rd4, %rd3;
  @%p1 bra $L__done;
  shl.b64 %rd5, %rd4, 2;
  add.s64 %rd6, %rd1, %rd5;
  add.s64 %rd7, %rd2, %rd5;
  ld.global.f32 %f1, [%rd6];
  fma.rn.f32 %f2, %f1, 0f40000000, 0f3F800000;
  st.global.f32 [%rd7], %f2;
$L__done:
  ret;
}
)";

/// One op, two kernels on the two internal streams: y = 2x + 1 and
/// z = 2x + 1, so that every run forks and joins.
constexpr char kManifest[] = R"({
  "format": "lmhead-bundle",
  "version": 3,
  "ptx": "kernels.ptx",
  "ops": {
    "twice": {
      "operands": ["x", "y", "z", "n"],
      "kernels": [
        {"name": "scale", "stream": "dh",
         "grid": [{"ceil_div": ["n", 128]}, 1, 1], "block": [128, 1, 1],
         "params": ["x", "y", "n"]},
        {"name": "scale", "stream": "dw",
         "grid": [{"ceil_div": ["n", 128]}, 1, 1], "block": [128, 1, 1],
         "params": ["x", "z", "n"]}
      ]
    }
  }
})";

class ConcurrencyTest : public ::testing::Test {
protected:
  void SetUp() override {
    char pattern[] = "/tmp/lmhead-concurrency-XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    directory = pattern;
    std::ofstream(directory + "/kernels.ptx") << kPtx;
    std::ofstream(directory + "/manifest.json")
        << lmhead::runtime::test::withProducer(kManifest);
  }
  void TearDown() override {
    std::system(("rm -rf '" + directory + "'").c_str());
  }

  /// Runs kThreads threads, each on its own stream and buffers, on
  /// `shared` or on a bundle of its own; `checkResults` when the kernels
  /// really run. Returns "" or the first failure.
  std::string runThreads(LMHeadBundle *shared, bool checkResults) {
    std::atomic<int> failures{0};
    std::vector<std::string> messages(kThreads);
    std::vector<std::thread> threads;
    for (int index = 0; index < kThreads; ++index)
      threads.emplace_back([&, index] {
        messages[index] = runOneThread(shared, index, checkResults);
        if (!messages[index].empty())
          ++failures;
      });
    for (std::thread &thread : threads)
      thread.join();
    for (const std::string &message : messages)
      if (!message.empty())
        return message;
    return failures ? "a thread failed" : "";
  }

  std::string runOneThread(LMHeadBundle *shared, int index, bool checkResults) {
    LMHeadBundle *bundle = shared;
    if (!bundle &&
        lmheadBundleLoad(directory.c_str(), &bundle) != LMHEAD_STATUS_OK)
      return std::string("load: ") + lmheadGetLastErrorMessage();
    void *stream = mgpuStreamCreate();
    const uint64_t bytes = kElements * sizeof(float);
    void *x = mgpuMemAlloc(bytes, stream, false);
    void *y = mgpuMemAlloc(bytes, stream, false);
    void *z = mgpuMemAlloc(bytes, stream, false);
    std::string failure;
    for (int run = 0; run < kRunsPerThread && failure.empty(); ++run) {
      // Values of this thread and run, so that results cannot be taken
      // from another thread's buffers.
      std::vector<float> input(kElements);
      for (uint64_t i = 0; i < kElements; ++i)
        input[i] = static_cast<float>(index * 1000 + run * 10) +
                   static_cast<float>(i) / 8;
      mgpuMemcpy(x, input.data(), bytes, stream);
      unsigned long long operands[] = {
          reinterpret_cast<uintptr_t>(x), reinterpret_cast<uintptr_t>(y),
          reinterpret_cast<uintptr_t>(z), kElements};
      if (lmheadBundleRun(bundle, "twice", operands, 4, stream) !=
          LMHEAD_STATUS_OK) {
        failure = std::string("run: ") + lmheadGetLastErrorMessage();
        break;
      }
      if (!checkResults)
        continue;
      std::vector<float> outY(kElements), outZ(kElements);
      mgpuMemcpy(outY.data(), y, bytes, stream);
      mgpuMemcpy(outZ.data(), z, bytes, stream);
      mgpuStreamSynchronize(stream);
      for (uint64_t i = 0; i < kElements && failure.empty(); ++i)
        if (outY[i] != 2 * input[i] + 1 || outZ[i] != 2 * input[i] + 1)
          failure = "thread " + std::to_string(index) + " run " +
                    std::to_string(run) + " element " + std::to_string(i) +
                    ": got " + std::to_string(outY[i]) + " and " +
                    std::to_string(outZ[i]) + ", expected " +
                    std::to_string(2 * input[i] + 1);
    }
    mgpuStreamSynchronize(stream);
    mgpuMemFree(x, stream);
    mgpuMemFree(y, stream);
    mgpuMemFree(z, stream);
    mgpuStreamDestroy(stream);
    if (!shared && lmheadBundleUnload(bundle) != LMHEAD_STATUS_OK &&
        failure.empty())
      failure = std::string("unload: ") + lmheadGetLastErrorMessage();
    return failure;
  }

  /// In a child process (the backend is chosen once per process): runs the
  /// threads on one shared bundle, then on a bundle each, and exits 0 when
  /// everything succeeded and `check` agrees.
  template <typename Check>
  [[noreturn]] void runAndExit(bool checkResults, Check check) {
    LMHeadBundle *bundle = nullptr;
    if (lmheadBundleLoad(directory.c_str(), &bundle) != LMHEAD_STATUS_OK) {
      std::fprintf(stderr, "load: %s\n", lmheadGetLastErrorMessage());
      std::exit(1);
    }
    std::string failure = runThreads(bundle, checkResults);
    if (failure.empty() && lmheadBundleUnload(bundle) != LMHEAD_STATUS_OK)
      failure = std::string("unload: ") + lmheadGetLastErrorMessage();
    if (failure.empty())
      failure = runThreads(nullptr, checkResults);
    if (failure.empty())
      failure = check();
    if (!failure.empty()) {
      std::fprintf(stderr, "%s\n", failure.c_str());
      std::exit(1);
    }
    std::fprintf(stderr, "all threads done\n");
    std::exit(0);
  }

  std::string directory;
};

using ConcurrencyDeathTest = ConcurrencyTest;

TEST_F(ConcurrencyDeathTest, ThreadsRunBundlesOnTheirStreamsOnTheFakeDriver) {
  ScopedEnv device{"LMHEAD_DEVICE", std::string("cuda")};
  ScopedEnv libcuda{"LMHEAD_LIBCUDA", std::string(LMHEAD_FAKE_LIBCUDA)};
  ScopedEnv failure{"LMHEAD_FAKE_CUDA_FAIL", std::nullopt};
  EXPECT_EXIT(runAndExit(/*checkResults=*/false,
                         [] {
                           FakeCudaLog fake(LMHEAD_FAKE_LIBCUDA);
                           if (!fake.ok())
                             return std::string("cannot read the fake log");
                           // Every run of both passes launched both kernels.
                           std::string launches = fake.launches();
                           std::size_t count = 0;
                           for (std::size_t at = launches.find("scale grid(");
                                at != std::string::npos;
                                at = launches.find("scale grid(", at + 1))
                             ++count;
                           std::size_t expected =
                               2 * 2 * kThreads * kRunsPerThread;
                           if (count != expected)
                             return "launched " + std::to_string(count) +
                                    " kernels, expected " +
                                    std::to_string(expected);
                           return std::string();
                         }),
              ::testing::ExitedWithCode(0), "all threads done");
}

TEST_F(ConcurrencyDeathTest, ThreadsRunBundlesOnTheirStreamsOnTheEmulator) {
  ScopedEnv device{"LMHEAD_DEVICE", std::string("emulator")};
  EXPECT_EXIT(runAndExit(/*checkResults=*/true, [] { return std::string(); }),
              ::testing::ExitedWithCode(0), "all threads done");
}

} // namespace
