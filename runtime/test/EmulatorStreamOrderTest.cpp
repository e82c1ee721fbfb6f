//===- EmulatorStreamOrderTest.cpp - the emulator's adversarial order -----===//
//
// LMHEAD_EMULATOR_ORDER=adversarial (emulator/StreamScheduler.h): work is
// queued per stream and runs at synchronisations in a seeded order that
// honours only stream order and events, and what one stream writes and
// another touches without an event between them is reported as a race.
// These tests drive it through the C API and the mgpu* functions, as
// programs do:
// - two streams with and without an event between them (a race reported,
//   or not), and a wait bound to the record before the write;
// - the seed decides the order: the same seed the same order, another seed
//   another (kernels append their id to a list with an atomic counter);
// - (a real bundle compiled by lmhead-opt, right under two seeds and a race
//   once its manifest loses a wait: test/Runtime/emulator-stream-order.test);
// - a kernel that writes past a workspace buffer is caught by the guard gap;
// - a kernel's failure is reported by the next synchronisation (or stream
//   destruction), naming the kernel.
//
// The process's backend is chosen once, reading LMHEAD_EMULATOR_ORDER, so
// each case runs in a child process (EXPECT_EXIT) that sets the mode first
// and exits 0 with "ok" when everything it checked held. The parent never
// touches the backend.
//
//===----------------------------------------------------------------------===//

#include "lmhead/runtime/Runtime.h"

#include "ManifestProducer.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

extern "C" {
void *mgpuModuleLoadJIT(void *data, int optLevel);
void *mgpuModuleGetFunction(void *module, const char *name);
void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t sharedBytes, void *stream,
                      void **params, void **extra, size_t paramsCount);
void *mgpuStreamCreate();
void mgpuStreamDestroy(void *stream);
void *mgpuEventCreate();
void mgpuEventDestroy(void *event);
void mgpuEventRecord(void *event, void *stream);
void mgpuStreamWaitEvent(void *stream, void *event);
}

namespace {

/// Three kernels of one block, every parameter 64 bits (as bundles have
/// them):
/// - put(p, v, count): p[i] = v for i < count (a u32 each);
/// - copy(p, q, count): q[i] = p[i];
/// - order(counter, slots, id): slots[atomicAdd(counter, 1)] = id.
constexpr char kPtx[] = R"(.version 8.0
.target sm_80
.address_size 64
.visible .entry put(.param .u64 put_p, .param .u64 put_v, .param .u64 put_count)
{
  .reg .pred %p<2>;
  .reg .b32 %r<3>;
  .reg .b64 %rd<7>;
  ld.param.u64 %rd1, [put_p];
  ld.param.u64 %rd2, [put_v];
  ld.param.u64 %rd3, [put_count];
  mov.u32 %r1, %tid.x;
  cvt.u64.u32 %rd4, %r1;
  setp.ge.u64 %p1, %rd4, %rd3;
  @%p1 bra $L_put_done;
  shl.b64 %rd5, %rd4, 2;
  add.s64 %rd6, %rd1, %rd5;
  cvt.u32.u64 %r2, %rd2;
  st.global.u32 [%rd6], %r2;
$L_put_done:
  ret;
}
.visible .entry copy(.param .u64 copy_p, .param .u64 copy_q, .param .u64 copy_count)
{
  .reg .pred %p<2>;
  .reg .b32 %r<3>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [copy_p];
  ld.param.u64 %rd2, [copy_q];
  ld.param.u64 %rd3, [copy_count];
  mov.u32 %r1, %tid.x;
  cvt.u64.u32 %rd4, %r1;
  setp.ge.u64 %p1, %rd4, %rd3;
  @%p1 bra $L_copy_done;
  shl.b64 %rd5, %rd4, 2;
  add.s64 %rd6, %rd1, %rd5;
  add.s64 %rd7, %rd2, %rd5;
  ld.global.u32 %r2, [%rd6];
  st.global.u32 [%rd7], %r2;
$L_copy_done:
  ret;
}
.visible .entry order(.param .u64 order_counter, .param .u64 order_slots, .param .u64 order_id)
{
  .reg .b32 %r<3>;
  .reg .b64 %rd<6>;
  ld.param.u64 %rd1, [order_counter];
  ld.param.u64 %rd2, [order_slots];
  ld.param.u64 %rd3, [order_id];
  atom.global.add.u32 %r1, [%rd1], 1;
  mul.wide.u32 %rd4, %r1, 4;
  add.s64 %rd5, %rd2, %rd4;
  cvt.u32.u64 %r2, %rd3;
  st.global.u32 [%rd5], %r2;
  ret;
}
)";

constexpr uint64_t kElements = 64;

/// Fails the child with `what` unless `condition`.
#define CHILD_CHECK(condition, what)                                           \
  do {                                                                         \
    if (!(condition)) {                                                        \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                  \
                   std::string(what).c_str());                                 \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

/// Fails the child unless the C API call returned `expected`.
#define CHILD_EXPECT_STATUS(call, expected)                                    \
  CHILD_CHECK((call) == (expected),                                            \
              std::string(#call) + ": " + lmheadGetLastErrorMessage())

bool contains(const std::string &text, const std::string &part) {
  return text.find(part) != std::string::npos;
}

/// Runs `body` in a child process with the emulator in `order` (and
/// `seed`); the child exits 0 with "ok" when `body` returns.
void inChild(const char *order, const char *seed,
             const std::function<void()> &body) {
  EXPECT_EXIT(
      {
        setenv("LMHEAD_DEVICE", "emulator", 1);
        setenv("LMHEAD_EMULATOR_ORDER", order, 1);
        if (seed)
          setenv("LMHEAD_EMULATOR_SEED", seed, 1);
        else
          unsetenv("LMHEAD_EMULATOR_SEED");
        body();
        std::fprintf(stderr, "ok\n");
        std::exit(0);
      },
      ::testing::ExitedWithCode(0), "ok");
}

/// The three kernels, loaded once per child.
struct Kernels {
  Kernels() {
    void *module = mgpuModuleLoadJIT(const_cast<char *>(kPtx), 0);
    put = mgpuModuleGetFunction(module, "put");
    copy = mgpuModuleGetFunction(module, "copy");
    order = mgpuModuleGetFunction(module, "order");
  }
  /// Launches `kernel` on one block of `threads` with three parameters.
  static void launch(void *kernel, void *stream, unsigned threads, uint64_t a,
                     uint64_t b, uint64_t c) {
    void *params[] = {&a, &b, &c};
    mgpuLaunchKernel(kernel, 1, 1, 1, threads, 1, 1, 0, stream, params, nullptr,
                     3);
  }
  void *put, *copy, *order;
};

void *deviceAlloc(uint64_t bytes) {
  void *pointer = nullptr;
  CHILD_EXPECT_STATUS(lmheadDeviceAlloc(bytes, &pointer), LMHEAD_STATUS_OK);
  return pointer;
}

uint64_t address(const void *pointer) {
  return reinterpret_cast<uintptr_t>(pointer);
}

/// Synchronises `stream`; returns "" or the failure's message.
std::string synchronize(void *stream) {
  if (lmheadStreamSynchronize(stream) == LMHEAD_STATUS_OK)
    return "";
  return lmheadGetLastErrorMessage();
}

TEST(EmulatorStreamOrderDeathTest, AWriteAnotherStreamReadsUnorderedIsARace) {
  inChild("adversarial", nullptr, [] {
    Kernels kernels;
    void *first = mgpuStreamCreate(), *second = mgpuStreamCreate();
    void *p = deviceAlloc(kElements * 4), *q = deviceAlloc(kElements * 4);
    Kernels::launch(kernels.put, first, kElements, address(p), 7, kElements);
    Kernels::launch(kernels.copy, second, kElements, address(p), address(q),
                    kElements);
    // Whichever runs first, the second of the two is the race.
    std::string failure = synchronize(second);
    if (failure.empty())
      failure = synchronize(first);
    CHILD_CHECK(contains(failure, "race between streams: kernel '"),
                "no race reported: '" + failure + "'");
    CHILD_CHECK(contains(failure, "kernel 'put' on stream") &&
                    contains(failure, "kernel 'copy' on stream") &&
                    contains(failure, "of the 256-byte allocation at 0x") &&
                    contains(failure, "neither stream order nor an event "
                                      "orders the two"),
                "the report does not name both kernels and the buffer: " +
                    failure);
    CHILD_EXPECT_STATUS(lmheadDeviceFree(p), LMHEAD_STATUS_OK);
    CHILD_EXPECT_STATUS(lmheadDeviceFree(q), LMHEAD_STATUS_OK);
    mgpuStreamDestroy(first);
    mgpuStreamDestroy(second);
  });
}

TEST(EmulatorStreamOrderDeathTest, AnEventBetweenTheStreamsOrdersThem) {
  inChild("adversarial", nullptr, [] {
    Kernels kernels;
    void *first = mgpuStreamCreate(), *second = mgpuStreamCreate();
    void *event = mgpuEventCreate();
    void *p = deviceAlloc(kElements * 4), *q = deviceAlloc(kElements * 4);
    Kernels::launch(kernels.put, first, kElements, address(p), 7, kElements);
    mgpuEventRecord(event, first);
    mgpuStreamWaitEvent(second, event);
    Kernels::launch(kernels.copy, second, kElements, address(p), address(q),
                    kElements);
    std::vector<uint32_t> out(kElements, 0);
    CHILD_EXPECT_STATUS(lmheadDeviceCopy(out.data(), q, kElements * 4, second),
                        LMHEAD_STATUS_OK);
    // Nothing has run yet: the emulator waits for a synchronisation.
    CHILD_CHECK(out[0] == 0, "the copy ran before a synchronisation");
    std::string failure = synchronize(second);
    CHILD_CHECK(failure.empty(), failure);
    for (uint32_t value : out)
      CHILD_CHECK(value == 7, "the copy did not see the put");
    CHILD_CHECK(synchronize(first).empty(), "first stream");
    mgpuEventDestroy(event);
    CHILD_EXPECT_STATUS(lmheadDeviceFree(p), LMHEAD_STATUS_OK);
    CHILD_EXPECT_STATUS(lmheadDeviceFree(q), LMHEAD_STATUS_OK);
    mgpuStreamDestroy(first);
    mgpuStreamDestroy(second);
  });
}

TEST(EmulatorStreamOrderDeathTest, AWaitBindsToTheRecordBeforeIt) {
  // The event is recorded before the put: waiting for it orders nothing
  // after it, as with cuStreamWaitEvent.
  inChild("adversarial", nullptr, [] {
    Kernels kernels;
    void *first = mgpuStreamCreate(), *second = mgpuStreamCreate();
    void *event = mgpuEventCreate();
    void *p = deviceAlloc(kElements * 4), *q = deviceAlloc(kElements * 4);
    mgpuEventRecord(event, first);
    Kernels::launch(kernels.put, first, kElements, address(p), 7, kElements);
    mgpuStreamWaitEvent(second, event);
    Kernels::launch(kernels.copy, second, kElements, address(p), address(q),
                    kElements);
    mgpuEventRecord(event, first); // too late for the wait above
    std::string failure = synchronize(second);
    if (failure.empty())
      failure = synchronize(first);
    CHILD_CHECK(contains(failure, "race between streams"),
                "no race reported: '" + failure + "'");
    mgpuEventDestroy(event);
    CHILD_EXPECT_STATUS(lmheadDeviceFree(p), LMHEAD_STATUS_OK);
    CHILD_EXPECT_STATUS(lmheadDeviceFree(q), LMHEAD_STATUS_OK);
    mgpuStreamDestroy(first);
    mgpuStreamDestroy(second);
  });
}

class EmulatorStreamOrderFiles : public ::testing::Test {
protected:
  void SetUp() override {
    char pattern[] = "/tmp/lmhead-stream-order-XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    directory = pattern;
  }
  void TearDown() override {
    std::system(("rm -rf '" + directory + "'").c_str());
  }
  std::string read(const std::string &name) {
    std::ifstream in(directory + "/" + name, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }
  std::string directory;
};

using EmulatorStreamOrderFilesDeathTest = EmulatorStreamOrderFiles;

/// 4 streams each launch 4 `order` kernels with ids stream * 10 + i; writes
/// the order they ran in to `file`.
void runOrder(const std::string &file) {
  Kernels kernels;
  constexpr int kStreams = 4, kLaunches = 4;
  void *streams[kStreams];
  for (void *&stream : streams)
    stream = mgpuStreamCreate();
  void *counter = deviceAlloc(4);
  void *slots = deviceAlloc(4 * kStreams * kLaunches);
  uint32_t zero = 0;
  CHILD_EXPECT_STATUS(lmheadDeviceCopy(counter, &zero, 4, nullptr),
                      LMHEAD_STATUS_OK);
  CHILD_CHECK(synchronize(nullptr).empty(), "the counter's copy");
  for (int i = 0; i < kLaunches; ++i)
    for (int s = 0; s < kStreams; ++s)
      Kernels::launch(kernels.order, streams[s], 1, address(counter),
                      address(slots), s * 10 + i);
  // The default stream joins them all, so that one synchronisation runs
  // every stream's launches, interleaved as the seed draws.
  void *events[kStreams];
  for (int s = 0; s < kStreams; ++s) {
    events[s] = mgpuEventCreate();
    mgpuEventRecord(events[s], streams[s]);
    mgpuStreamWaitEvent(nullptr, events[s]);
  }
  std::vector<uint32_t> ids(kStreams * kLaunches);
  CHILD_EXPECT_STATUS(
      lmheadDeviceCopy(ids.data(), slots, ids.size() * 4, nullptr),
      LMHEAD_STATUS_OK);
  CHILD_CHECK(synchronize(nullptr).empty(), "the slots' copy");
  // Each stream's launches ran in its order, whatever the interleaving.
  int next[kStreams] = {0, 0, 0, 0};
  std::ofstream out(file);
  for (uint32_t id : ids) {
    CHILD_CHECK(id / 10 < kStreams && id % 10 == next[id / 10]++,
                "stream order broken at id " + std::to_string(id));
    out << id << " ";
  }
  for (int s = 0; s < kStreams; ++s) {
    mgpuEventDestroy(events[s]);
    mgpuStreamDestroy(streams[s]);
  }
  CHILD_EXPECT_STATUS(lmheadDeviceFree(counter), LMHEAD_STATUS_OK);
  CHILD_EXPECT_STATUS(lmheadDeviceFree(slots), LMHEAD_STATUS_OK);
}

TEST_F(EmulatorStreamOrderFilesDeathTest, TheSeedDecidesTheOrder) {
  std::string dir = directory;
  inChild("adversarial", "1", [&] { runOrder(dir + "/seed1a"); });
  inChild("adversarial", "1", [&] { runOrder(dir + "/seed1b"); });
  inChild("adversarial", "2", [&] { runOrder(dir + "/seed2"); });
  inChild("eager", nullptr, [&] { runOrder(dir + "/eager"); });
  std::string first = read("seed1a");
  ASSERT_FALSE(first.empty());
  EXPECT_EQ(first, read("seed1b"));
  EXPECT_NE(first, read("seed2"));
  // The eager mode runs in enqueue order; the adversarial one does not.
  EXPECT_EQ(read("eager"), "0 10 20 30 1 11 21 31 2 12 22 32 3 13 23 33 ");
  EXPECT_NE(first, read("eager"));
}

/// A bundle whose op "fill" has a workspace of two 256-byte buffers, 'a'
/// and 'b', and one kernel, put, that stores 65 u32 into 'a': one past its
/// end, into 'b' (or, in the adversarial mode, into the guard gap between
/// them).
void writeOverrunBundle(const std::string &directory) {
  std::ofstream(directory + "/put.ptx") << kPtx;
  std::ofstream(directory + "/manifest.json")
      << lmhead::runtime::test::withProducer(R"({
  "format": "lmhead-bundle", "version": 3, "ptx": "put.ptx",
  "ops": {"fill": {
    "operands": ["workspace", "workspace_bytes"],
    "workspace": {"operand": "workspace", "bytes": "workspace_bytes",
                  "buffers": [{"name": "a", "type": "f32", "shape": [64]},
                              {"name": "b", "type": "f32", "shape": [64]}]},
    "kernels": [{"name": "put", "stream": "main", "grid": [1, 1, 1],
                 "block": [65, 1, 1],
                 "params": ["a", {"const": 7}, {"const": 65}]}]}}})");
}

TEST_F(EmulatorStreamOrderFilesDeathTest, AnOverrunOfAWorkspaceBufferIsCaught) {
  std::string dir = directory;
  writeOverrunBundle(directory);
  auto run = [&](bool expectOverrun) {
    LMHeadBundle *bundle = nullptr;
    CHILD_EXPECT_STATUS(lmheadBundleLoad(dir.c_str(), &bundle),
                        LMHEAD_STATUS_OK);
    unsigned long long operands[2] = {0, 0}, bytes = 0;
    CHILD_EXPECT_STATUS(
        lmheadBundleWorkspaceSize(bundle, "fill", operands, 2, &bytes),
        LMHEAD_STATUS_OK);
    // 256 + 256 bytes, and a guard gap after each buffer in the mode.
    CHILD_CHECK(bytes == (expectOverrun ? 256u + 4096 + 256 + 4096 : 512u),
                "workspace of " + std::to_string(bytes) + " bytes");
    void *workspace = deviceAlloc(bytes);
    operands[0] = address(workspace);
    operands[1] = bytes;
    CHILD_EXPECT_STATUS(lmheadBundleRun(bundle, "fill", operands, 2, nullptr),
                        LMHEAD_STATUS_OK);
    std::string failure = synchronize(nullptr);
    if (expectOverrun)
      CHILD_CHECK(
          contains(failure,
                   "workspace overrun: kernel 'put' on the default stream "
                   "writes 4 bytes at [0x") &&
              contains(failure, "in the guard gap between workspace buffers "
                                "'a' and 'b' (an overrun of 'a' or an "
                                "underrun of 'b')"),
          "no overrun reported: '" + failure + "'");
    else
      CHILD_CHECK(failure.empty(), failure); // b[0] was silently written
    CHILD_EXPECT_STATUS(lmheadDeviceFree(workspace), LMHEAD_STATUS_OK);
    CHILD_EXPECT_STATUS(lmheadBundleUnload(bundle), LMHEAD_STATUS_OK);
  };
  inChild("eager", nullptr, [&] { run(false); });
  inChild("adversarial", nullptr, [&] { run(true); });
}

TEST(EmulatorStreamOrderDeathTest, AKernelsFailureIsReportedAtTheNextSync) {
  inChild("adversarial", nullptr, [] {
    Kernels kernels;
    void *stream = nullptr;
    CHILD_EXPECT_STATUS(lmheadStreamCreate(&stream), LMHEAD_STATUS_OK);
    void *p = deviceAlloc(kElements * 4);
    // One element past the allocation: the launch is only queued.
    Kernels::launch(kernels.put, stream, kElements + 1, address(p), 1,
                    kElements + 1);
    CHILD_CHECK(lmheadStreamSynchronize(stream) == LMHEAD_STATUS_EMULATOR_ERROR,
                "the synchronisation did not fail");
    std::string failure = lmheadGetLastErrorMessage();
    CHILD_CHECK(contains(failure, "lmheadStreamSynchronize: kernel 'put', "
                                  "line ") &&
                    contains(failure, "out-of-bounds global store of 4 "
                                      "bytes") &&
                    contains(failure, "(it ran on stream 1 when a "
                                      "synchronisation needed it"),
                "unexpected message: " + failure);
    // Reported once: the next synchronisation succeeds.
    CHILD_CHECK(synchronize(stream).empty(), "reported twice");
    // A stream destroyed with the failing work still queued reports it.
    Kernels::launch(kernels.put, stream, kElements + 1, address(p), 1,
                    kElements + 1);
    CHILD_CHECK(lmheadStreamDestroy(stream) == LMHEAD_STATUS_EMULATOR_ERROR &&
                    contains(lmheadGetLastErrorMessage(), "kernel 'put'"),
                std::string("destroying the stream: ") +
                    lmheadGetLastErrorMessage());
    CHILD_EXPECT_STATUS(lmheadDeviceFree(p), LMHEAD_STATUS_OK);
  });
}

} // namespace
