//===- EmulatorBackend.cpp - the Backend that runs PTX on the CPU ---------===//
//
// Modules are parsed once at load; a function handle points at its kernel.
// Launches run to completion before returning, which is a legal schedule of
// every stream program: the order within a stream is kept, and work on
// other streams may run in any order.
//
//===----------------------------------------------------------------------===//

#include "EmulatorBackend.h"
#include "Interpreter.h"
#include "Ptx.h"
#include "TensorMap.h"
#include "TensorMapRules.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace lmhead::runtime;

namespace {

/// Whether LMHEAD_EMULATOR_STATS asks for statistics.
bool statsWanted() {
  const char *report = std::getenv("LMHEAD_EMULATOR_STATS");
  return report && *report && std::string(report) != "0";
}

/// The bytes of device memory the process's emulators hold, and their
/// high-water mark; and the streams and events they created and destroyed.
/// Printed at exit with LMHEAD_EMULATOR_STATS=1 (a static object's
/// destructor, so it runs after the program's last free): a stream or an
/// event never destroyed is a leak that a long training loop would run out
/// of resources with on a GPU.
class DeviceResourceCounter {
public:
  void allocated(uint64_t bytes) {
    uint64_t now = live.fetch_add(bytes) + bytes;
    uint64_t before = peak.load();
    while (now > before && !peak.compare_exchange_weak(before, now)) {
    }
  }
  void freed(uint64_t bytes) { live.fetch_sub(bytes); }
  /// A stream (or an event) created, or destroyed.
  void stream(bool created) { ++(created ? streamsCreated : streamsDestroyed); }
  void event(bool created) { ++(created ? eventsCreated : eventsDestroyed); }
  ~DeviceResourceCounter() {
    if (!statsWanted())
      return;
    std::fprintf(stderr, "lmhead emulator: peak device memory %llu bytes\n",
                 static_cast<unsigned long long>(peak.load()));
    auto count = [](const std::atomic<uint64_t> &n) {
      return static_cast<unsigned long long>(n.load());
    };
    std::fprintf(
        stderr,
        "lmhead emulator: %llu streams created, %llu not destroyed; "
        "%llu events created, %llu not destroyed\n",
        count(streamsCreated), count(streamsCreated) - count(streamsDestroyed),
        count(eventsCreated), count(eventsCreated) - count(eventsDestroyed));
  }

private:
  std::atomic<uint64_t> live{0}, peak{0};
  std::atomic<uint64_t> streamsCreated{0}, streamsDestroyed{0};
  std::atomic<uint64_t> eventsCreated{0}, eventsDestroyed{0};
};

DeviceResourceCounter &deviceResources() {
  static DeviceResourceCounter counter;
  return counter;
}

} // namespace

struct EmulatorBackend::Module {
  ptx::Module ptx;
  std::vector<std::unique_ptr<EmulatorBackend::Function>> functions;
};

struct EmulatorBackend::Function {
  const Module *module;
  const ptx::Function *kernel;
};

namespace {

/// Allocations are aligned like the driver's.
constexpr std::size_t kAlignment = 256;

/// A stream or an event: nothing to hold, but each must be a distinct
/// handle.
struct Handle {
  int unused = 0;
};

} // namespace

EmulatorBackend::EmulatorBackend() = default;

EmulatorBackend::~EmulatorBackend() {
  for (Module *module : modules)
    delete module;
  for (void *handle : streams)
    delete static_cast<Handle *>(handle);
  for (void *handle : events)
    delete static_cast<Handle *>(handle);
  for (auto [start, size] : allocations)
    if (!registered.count(start))
      std::free(reinterpret_cast<void *>(start));
}

bool EmulatorBackend::isKnownMemory(uint64_t address, uint64_t bytes) const {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = allocations.upper_bound(address);
  if (it == allocations.begin())
    return false;
  --it;
  return address >= it->first && address + bytes <= it->first + it->second &&
         address + bytes >= address;
}

Outcome EmulatorBackend::loadModule(const void *image, void **module) {
  std::string parseError;
  std::optional<ptx::Module> parsed =
      ptx::parse(static_cast<const char *>(image), parseError);
  if (!parsed)
    return Outcome(LMHEAD_STATUS_EMULATOR_ERROR,
                   "the PTX emulator cannot read the module: " + parseError);
  auto *loaded = new Module{std::move(*parsed), {}};
  std::lock_guard<std::mutex> lock(mutex);
  modules.insert(loaded);
  *module = loaded;
  return {};
}

Outcome EmulatorBackend::unloadModule(void *module) {
  std::lock_guard<std::mutex> lock(mutex);
  auto *loaded = static_cast<Module *>(module);
  if (!modules.erase(loaded))
    return Outcome(LMHEAD_STATUS_INVALID_ARGUMENT,
                   "unloading a module the emulator did not load");
  delete loaded;
  return {};
}

Outcome EmulatorBackend::getFunction(void *module, const char *name,
                                     void **function) {
  std::lock_guard<std::mutex> lock(mutex);
  auto *loaded = static_cast<Module *>(module);
  if (!modules.count(loaded))
    return Outcome(LMHEAD_STATUS_INVALID_ARGUMENT,
                   "looking up a kernel in a module the emulator did not load");
  const ptx::Function *kernel = loaded->ptx.find(name);
  if (!kernel || !kernel->isEntry)
    return Outcome(LMHEAD_STATUS_NOT_FOUND,
                   std::string("the module has no kernel '") + name + "'");
  loaded->functions.push_back(
      std::make_unique<Function>(Function{loaded, kernel}));
  *function = loaded->functions.back().get();
  return {};
}

Outcome EmulatorBackend::parameterSizes(void *function,
                                        std::vector<std::size_t> &sizes,
                                        bool &known) {
  auto *f = static_cast<Function *>(function);
  sizes.clear();
  for (const ptx::Parameter &param : f->kernel->params)
    sizes.push_back(static_cast<std::size_t>(param.bytes()));
  known = true;
  return {};
}

void EmulatorBackend::maxGridSize(unsigned (&size)[3]) const {
  size[0] = 0x7fffffffu;
  size[1] = size[2] = 65535u;
}

Outcome EmulatorBackend::launch(void *function, const char *kernelName,
                                const LaunchDims &dims, void * /*stream*/,
                                void **params) {
  auto *f = static_cast<Function *>(function);
  emulator::LaunchRequest request;
  for (int i = 0; i < 3; ++i) {
    request.grid[i] = dims.grid[i];
    request.block[i] = dims.block[i];
  }
  // In 64 bits: sizes of up to 2^31 each would wrap a 32-bit product.
  uint64_t threads =
      uint64_t(dims.block[0]) * dims.block[1] * uint64_t(dims.block[2]);
  if (threads > 1024)
    return Outcome(
        LMHEAD_STATUS_INVALID_ARGUMENT,
        "launch of kernel '" + std::string(kernelName ? kernelName : "?") +
            "' with " + std::to_string(threads) +
            " threads per block, more than 1024 (" + dims.describe() + ")");
  unsigned limit[3];
  maxGridSize(limit);
  for (int i = 0; i < 3; ++i)
    if (dims.grid[i] > limit[i]) {
      return Outcome(
          LMHEAD_STATUS_INVALID_ARGUMENT,
          "launch of kernel '" + std::string(kernelName ? kernelName : "?") +
              "' with grid " + "xyz"[i] + " = " + std::to_string(dims.grid[i]) +
              ", more than the device's " + std::to_string(limit[i]) + " (" +
              dims.describe() + ")");
    }
  request.dynamicSharedBytes = dims.sharedBytes;
  request.params = params;
  request.isGlobal = [this](uint64_t address, uint64_t bytes) {
    return isKnownMemory(address, bytes);
  };
  const char *uninitialized =
      std::getenv("LMHEAD_EMULATOR_CHECK_UNINITIALIZED");
  request.checkUninitializedShared =
      uninitialized && *uninitialized && std::string(uninitialized) != "0";
  std::string failure;
  emulator::LaunchStats stats;
  auto start = std::chrono::steady_clock::now();
  if (!emulator::runKernel(f->module->ptx, *f->kernel, request, failure,
                           &stats))
    return Outcome(LMHEAD_STATUS_EMULATOR_ERROR,
                   failure + " (" + dims.describe() + ")");
  // LMHEAD_EMULATOR_STATS=1: one line per launch on stderr, for benchmarks.
  if (statsWanted()) {
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    std::fprintf(stderr,
                 "lmhead emulator: kernel %s: %s, %llu warp instructions, "
                 "%llu lane instructions, %.3f s, %.1f M lane "
                 "instructions/s, %llu tensor-core MACs\n",
                 f->kernel->name.c_str(), dims.describe().c_str(),
                 static_cast<unsigned long long>(stats.warpInstructions),
                 static_cast<unsigned long long>(stats.laneInstructions),
                 seconds,
                 seconds > 0 ? stats.laneInstructions / seconds / 1e6 : 0.0,
                 static_cast<unsigned long long>(stats.tensorCoreMacs));
  }
  return {};
}

Outcome EmulatorBackend::createStream(void **stream) {
  std::lock_guard<std::mutex> lock(mutex);
  *stream = new Handle();
  streams.insert(*stream);
  deviceResources().stream(/*created=*/true);
  return {};
}

Outcome EmulatorBackend::destroyStream(void *stream) {
  std::lock_guard<std::mutex> lock(mutex);
  if (!streams.erase(stream))
    return Outcome(LMHEAD_STATUS_INVALID_ARGUMENT,
                   "destroying a stream the emulator did not create");
  delete static_cast<Handle *>(stream);
  deviceResources().stream(/*created=*/false);
  return {};
}

Outcome EmulatorBackend::synchronizeStream(void *) {
  return {}; // all work is done when enqueued
}

Outcome EmulatorBackend::isCapturing(void *, bool &capturing) {
  capturing = false; // the emulator has no graphs
  return {};
}

Outcome EmulatorBackend::streamWaitEvent(void *, void *) { return {}; }

Outcome EmulatorBackend::createEvent(void **event) {
  std::lock_guard<std::mutex> lock(mutex);
  *event = new Handle();
  events.insert(*event);
  deviceResources().event(/*created=*/true);
  return {};
}

Outcome EmulatorBackend::destroyEvent(void *event) {
  std::lock_guard<std::mutex> lock(mutex);
  if (!events.erase(event))
    return Outcome(LMHEAD_STATUS_INVALID_ARGUMENT,
                   "destroying an event the emulator did not create");
  delete static_cast<Handle *>(event);
  deviceResources().event(/*created=*/false);
  return {};
}

Outcome EmulatorBackend::recordEvent(void *, void *) { return {}; }

Outcome EmulatorBackend::synchronizeEvent(void *) { return {}; }

Outcome EmulatorBackend::allocate(std::size_t bytes, bool /*hostShared*/,
                                  void **pointer) {
  if (bytes == 0) {
    *pointer = nullptr;
    return {};
  }
  std::size_t rounded = (bytes + kAlignment - 1) / kAlignment * kAlignment;
  void *memory = std::aligned_alloc(kAlignment, rounded);
  if (!memory)
    return Outcome(LMHEAD_STATUS_EMULATOR_ERROR,
                   "the emulator cannot allocate " + std::to_string(bytes) +
                       " bytes");
  // Fresh device memory is not zero on a GPU. All-ones bytes are a NaN in
  // every float type (f16, bf16, f32, f64), so a result a kernel forgot to
  // write poisons every check that reads it.
  std::memset(memory, 0xff, rounded);
  std::lock_guard<std::mutex> lock(mutex);
  allocations[reinterpret_cast<uint64_t>(memory)] = bytes;
  deviceResources().allocated(bytes);
  *pointer = memory;
  return {};
}

Outcome EmulatorBackend::deallocate(void *pointer) {
  if (!pointer)
    return {};
  std::lock_guard<std::mutex> lock(mutex);
  auto it = allocations.find(reinterpret_cast<uint64_t>(pointer));
  if (it == allocations.end() || registered.count(it->first))
    return Outcome(LMHEAD_STATUS_INVALID_ARGUMENT,
                   "freeing memory the emulator did not allocate");
  deviceResources().freed(it->second);
  allocations.erase(it);
  std::free(pointer);
  return {};
}

Outcome EmulatorBackend::copy(void *dst, const void *src, std::size_t bytes,
                              void *) {
  std::memmove(dst, src, bytes);
  return {};
}

Outcome EmulatorBackend::fill32(void *dst, uint32_t value, std::size_t count,
                                void *) {
  auto *words = static_cast<uint32_t *>(dst);
  for (std::size_t i = 0; i < count; ++i)
    words[i] = value;
  return {};
}

Outcome EmulatorBackend::fill16(void *dst, uint16_t value, std::size_t count,
                                void *) {
  auto *halves = static_cast<uint16_t *>(dst);
  for (std::size_t i = 0; i < count; ++i)
    halves[i] = value;
  return {};
}

Outcome EmulatorBackend::registerHost(void *pointer, std::size_t bytes) {
  if (bytes == 0)
    return {};
  std::lock_guard<std::mutex> lock(mutex);
  auto start = reinterpret_cast<uint64_t>(pointer);
  if (allocations.count(start))
    return Outcome(LMHEAD_STATUS_INVALID_ARGUMENT,
                   "host memory registered twice");
  allocations[start] = bytes;
  registered.insert(start);
  return {};
}

Outcome EmulatorBackend::unregisterHost(void *pointer) {
  std::lock_guard<std::mutex> lock(mutex);
  auto start = reinterpret_cast<uint64_t>(pointer);
  if (!registered.erase(start))
    return Outcome(LMHEAD_STATUS_INVALID_ARGUMENT,
                   "unregistering host memory that was not registered");
  allocations.erase(start);
  return {};
}

Outcome EmulatorBackend::encodeTensorMap(const TensorMapRequest &request,
                                         void *map) {
  std::string error;
  // What the driver would refuse, the emulator refuses too.
  if (!emulator::checkTensorMapRequest(request, error))
    return Outcome(LMHEAD_STATUS_INVALID_ARGUMENT, std::move(error));
  // What a GPU accepts but cp.async.bulk.tensor in the interpreter does not
  // do: it swizzles 16-byte chunks, copies every element and fills outside
  // the tensor with zeros. Such a map would copy the wrong data, silently.
  if (request.interleave != 0)
    return Outcome(
        LMHEAD_STATUS_INVALID_ARGUMENT,
        "cuTensorMapEncodeTiled: interleaved layouts are not emulated");
  if (request.swizzle > 3) {
    error = "cuTensorMapEncodeTiled: swizzle " +
            std::to_string(request.swizzle) +
            " (128 bytes of 32- or 64-byte atoms) is not emulated; the "
            "emulator swizzles 16-byte chunks (swizzle 0 to 3)";
    return Outcome(LMHEAD_STATUS_INVALID_ARGUMENT, std::move(error));
  }
  // Without an interleave the driver ignores dimension 0's element stride.
  for (unsigned d = 1; d < request.rank; ++d)
    if (request.elementStrides[d] != 1) {
      error = "cuTensorMapEncodeTiled: element stride " + std::to_string(d) +
              " is " + std::to_string(request.elementStrides[d]) +
              "; the emulator copies every element (element strides of 1)";
      return Outcome(LMHEAD_STATUS_INVALID_ARGUMENT, std::move(error));
    }
  if (request.oobFill != 0) {
    error = "cuTensorMapEncodeTiled: oobFill 1 (NaN) is not emulated; the "
            "emulator fills outside the tensor with zeros";
    return Outcome(LMHEAD_STATUS_INVALID_ARGUMENT, std::move(error));
  }
  emulator::TensorMap encoded;
  encoded.dataType = static_cast<uint8_t>(request.dataType);
  encoded.rank = static_cast<uint8_t>(request.rank);
  encoded.swizzle = static_cast<uint8_t>(request.swizzle);
  encoded.oobFill = static_cast<uint8_t>(request.oobFill);
  encoded.globalAddress = reinterpret_cast<uint64_t>(request.globalAddress);
  for (unsigned d = 0; d < request.rank; ++d) {
    encoded.globalDim[d] = request.globalDim[d];
    encoded.boxDim[d] = request.boxDim[d];
    encoded.elementStrides[d] = static_cast<uint8_t>(request.elementStrides[d]);
    if (d > 0)
      encoded.globalStrides[d - 1] = request.globalStrides[d - 1];
  }
  std::memcpy(map, &encoded, sizeof(encoded));
  return {};
}

std::unique_ptr<Backend> lmhead::runtime::createEmulatorBackend() {
  // The counter exists from the first emulator on, so that a program that
  // allocates nothing still reports its peak (0) at exit.
  deviceResources();
  return std::make_unique<EmulatorBackend>();
}
