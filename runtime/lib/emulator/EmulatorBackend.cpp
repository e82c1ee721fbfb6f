//===- EmulatorBackend.cpp - the Backend that runs PTX on the CPU ---------===//
//
// Modules are parsed once at load; a function handle points at its kernel.
// In the eager mode launches run to completion before returning, which is a
// legal schedule of every stream program: the order within a stream is
// kept, and work on other streams may run in any order. In the adversarial
// mode launches, copies and fills are queued on a StreamScheduler with
// what they need at run time (a launch's parameter values, a copy's
// pageable source), and every operation that must observe their effects
// first has the scheduler run what it depends on.
//
//===----------------------------------------------------------------------===//

#include "EmulatorBackend.h"
#include "AccessRecorder.h"
#include "Interpreter.h"
#include "ModuleVariables.h"
#include "Ptx.h"
#include "TensorMap.h"
#include "TensorMapRules.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>

using namespace lmhead::runtime;

namespace {

/// Whether LMHEAD_EMULATOR_ORDER asks for the adversarial mode ("eager",
/// the default, runs work when it is enqueued).
bool adversarialOrder() {
  const char *order = std::getenv("LMHEAD_EMULATOR_ORDER");
  if (!order || !*order || std::string(order) == "eager")
    return false;
  if (std::string(order) != "adversarial")
    std::fprintf(stderr,
                 "lmhead emulator: LMHEAD_EMULATOR_ORDER=%s is neither "
                 "'eager' nor 'adversarial'; using 'adversarial'\n",
                 order);
  return true;
}

/// LMHEAD_EMULATOR_SEED: the seed of the adversarial mode's order (1 by
/// default, so that a run repeats unless asked otherwise).
uint64_t orderSeed() {
  const char *seed = std::getenv("LMHEAD_EMULATOR_SEED");
  if (!seed || !*seed)
    return 1;
  char *end = nullptr;
  unsigned long long value = std::strtoull(seed, &end, 0);
  if (*end) {
    std::fprintf(stderr,
                 "lmhead emulator: LMHEAD_EMULATOR_SEED=%s is not an "
                 "integer; using 1\n",
                 seed);
    return 1;
  }
  return value;
}

/// LMHEAD_EMULATOR_THREADS: the host threads a launch's clusters run on (1:
/// one at a time); the machine's cores by default.
unsigned hostThreads() {
  unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  const char *threads = std::getenv("LMHEAD_EMULATOR_THREADS");
  if (!threads || !*threads)
    return cores;
  char *end = nullptr;
  unsigned long value = std::strtoul(threads, &end, 10);
  if (*end || value == 0 || value > 1024) {
    std::fprintf(stderr,
                 "lmhead emulator: LMHEAD_EMULATOR_THREADS=%s is not a count "
                 "of threads from 1 to 1024; using %u (the cores)\n",
                 threads, cores);
    return cores;
  }
  return static_cast<unsigned>(value);
}

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
  /// Its .global and .const variables' device memory, by name.
  std::map<std::string, uint64_t> variables;
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

EmulatorBackend::EmulatorBackend() {
  if (adversarialOrder())
    scheduler = std::make_unique<emulator::StreamScheduler>(
        orderSeed(), [this](uint64_t start, uint64_t end) {
          return describeMemory(start, end);
        });
}

Outcome EmulatorBackend::failure(std::string message) {
  if (message.empty())
    return {};
  return Outcome(LMHEAD_STATUS_EMULATOR_ERROR, std::move(message));
}

EmulatorBackend::~EmulatorBackend() {
  // Work nobody synchronised with still runs, and its failures are not
  // lost: nobody else can report them now.
  if (scheduler) {
    std::string failed = scheduler->drainAll();
    if (!failed.empty())
      std::fprintf(stderr,
                   "lmhead emulator: error in work run after the last "
                   "synchronisation: %s\n",
                   failed.c_str());
  }
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

bool EmulatorBackend::knownExtent(uint64_t address, uint64_t &begin,
                                  uint64_t &end) const {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = allocations.upper_bound(address);
  if (it == allocations.begin())
    return false;
  --it;
  if (address < it->first || address - it->first >= it->second)
    return false;
  begin = it->first;
  end = it->first + it->second;
  return end > begin; // an allocation that wraps around is none
}

std::string EmulatorBackend::describeMemory(uint64_t start,
                                            uint64_t end) const {
  auto hex = [](uint64_t value) {
    char text[32];
    std::snprintf(text, sizeof text, "0x%llx",
                  static_cast<unsigned long long>(value));
    return std::string(text);
  };
  std::lock_guard<std::mutex> lock(mutex);
  auto it = allocations.upper_bound(start);
  if (it != allocations.begin()) {
    --it;
    if (start >= it->first && end <= it->first + it->second)
      return "bytes [" + std::to_string(start - it->first) + ", " +
             std::to_string(end - it->first) + ") of the " +
             std::to_string(it->second) + "-byte " +
             (registered.count(it->first) ? "registered host memory"
                                          : "allocation") +
             " at " + hex(it->first);
  }
  return "[" + hex(start) + ", " + hex(end) + ")";
}

uint64_t EmulatorBackend::workspaceGuardBytes() const {
  return scheduler ? kWorkspaceGuardBytes : 0;
}

void EmulatorBackend::guardWorkspace(const WorkspaceGuard &guard, void *stream,
                                     bool inUse) {
  if (!scheduler)
    return;
  std::vector<emulator::NamedRange> buffers;
  for (const WorkspaceGuard::Buffer &buffer : guard.buffers)
    buffers.push_back({buffer.name, buffer.start, buffer.end});
  scheduler->guard(stream, std::move(buffers), guard.end, inUse);
}

Outcome EmulatorBackend::loadModule(const void *image, void **module) {
  std::string parseError;
  std::optional<ptx::Module> parsed =
      ptx::parse(static_cast<const char *>(image), parseError);
  if (!parsed)
    return Outcome(LMHEAD_STATUS_EMULATOR_ERROR,
                   "the PTX emulator cannot read the module: " + parseError);
  auto loaded = std::make_unique<Module>();
  loaded->ptx = std::move(*parsed);
  // Its device variables, in device memory with their initial values.
  for (const ptx::Variable &variable : loaded->ptx.globals) {
    if (!emulator::isDeviceVariable(variable))
      continue;
    std::vector<unsigned char> bytes;
    std::string error;
    if (!emulator::initialBytes(variable, bytes, error)) {
      releaseVariables(*loaded);
      return Outcome(LMHEAD_STATUS_EMULATOR_ERROR,
                     "the PTX emulator cannot place the module's variables: " +
                         error);
    }
    void *memory = nullptr;
    Outcome placed = allocate(std::max<std::size_t>(bytes.size(), 1),
                              /*hostShared=*/false, &memory);
    if (!placed.ok()) {
      releaseVariables(*loaded);
      return placed;
    }
    std::memcpy(memory, bytes.data(), bytes.size());
    loaded->variables[variable.name] = reinterpret_cast<uint64_t>(memory);
  }
  std::lock_guard<std::mutex> lock(mutex);
  modules.insert(loaded.get());
  *module = loaded.release();
  return {};
}

void EmulatorBackend::releaseVariables(Module &module) {
  for (const auto &[name, address] : module.variables)
    (void)deallocate(reinterpret_cast<void *>(address));
  module.variables.clear();
}

Outcome EmulatorBackend::getVariable(void *module, const char *name,
                                     uint64_t &address, std::size_t &bytes) {
  std::lock_guard<std::mutex> lock(mutex);
  auto *loaded = static_cast<Module *>(module);
  if (!modules.count(loaded))
    return Outcome(LMHEAD_STATUS_INVALID_ARGUMENT,
                   "looking up a variable in a module the emulator did not "
                   "load");
  auto found = loaded->variables.find(name);
  if (found == loaded->variables.end())
    return Outcome(
        LMHEAD_STATUS_NOT_FOUND,
        std::string("the module has no .global or .const variable '") + name +
            "'");
  address = found->second;
  bytes = allocations.at(found->second);
  return {};
}

Outcome EmulatorBackend::unloadModule(void *module) {
  // Queued launches of its kernels run first.
  std::string failed = scheduler ? scheduler->drainAll() : "";
  auto *loaded = static_cast<Module *>(module);
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (!modules.erase(loaded))
      return Outcome(LMHEAD_STATUS_INVALID_ARGUMENT,
                     "unloading a module the emulator did not load");
  }
  releaseVariables(*loaded);
  delete loaded;
  return failure(std::move(failed));
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
                                const LaunchDims &dims, void *stream,
                                void **params) {
  auto *f = static_cast<Function *>(function);
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
  if (!scheduler)
    return failure(runLaunch(*f, dims, params, nullptr));
  // The parameter values are taken now, as cuLaunchKernel takes them.
  std::vector<unsigned char> values;
  std::vector<std::size_t> offsets;
  for (std::size_t i = 0; i < f->kernel->params.size(); ++i) {
    auto size = static_cast<std::size_t>(f->kernel->params[i].bytes());
    offsets.push_back(values.size());
    if (params && params[i]) {
      auto *bytes = static_cast<const unsigned char *>(params[i]);
      values.insert(values.end(), bytes, bytes + size);
    } else {
      values.resize(values.size() + size);
    }
  }
  // A missing parameter is refused when the launch runs, as in the eager
  // mode.
  bool given = params != nullptr;
  scheduler->enqueue(stream, "kernel '" + f->kernel->name + "'",
                     [this, f, dims, values, offsets,
                      given](emulator::AccessRecorder &accesses) mutable {
                       std::vector<void *> pointers;
                       for (std::size_t i = 0; i < offsets.size(); ++i)
                         pointers.push_back(given ? values.data() + offsets[i]
                                                  : nullptr);
                       return runLaunch(*f, dims, pointers.data(), &accesses);
                     });
  return {};
}

std::string
EmulatorBackend::runLaunch(const Function &function, const LaunchDims &dims,
                           void **params,
                           emulator::GlobalAccessObserver *accesses) {
  const Function *f = &function;
  emulator::LaunchRequest request;
  for (int i = 0; i < 3; ++i) {
    request.grid[i] = dims.grid[i];
    request.block[i] = dims.block[i];
    request.cluster[i] = dims.cluster[i];
  }
  request.dynamicSharedBytes = dims.sharedBytes;
  request.programmatic = dims.programmatic;
  request.params = params;
  request.globalAccesses = accesses;
  request.isGlobal = [this](uint64_t address, uint64_t bytes) {
    return isKnownMemory(address, bytes);
  };
  request.globalExtent = [this](uint64_t address, uint64_t &begin,
                                uint64_t &end) {
    return knownExtent(address, begin, end);
  };
  const char *uninitialized =
      std::getenv("LMHEAD_EMULATOR_CHECK_UNINITIALIZED");
  request.checkUninitializedShared =
      uninitialized && *uninitialized && std::string(uninitialized) != "0";
  static const unsigned threads = hostThreads();
  request.hostThreads = threads;
  std::string failure;
  emulator::LaunchStats stats;
  auto start = std::chrono::steady_clock::now();
  request.variables = &f->module->variables;
  if (!emulator::runKernel(f->module->ptx, *f->kernel, request, failure,
                           &stats))
    return failure + " (" + dims.describe() + ")";
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
    const emulator::GlobalTrafficStats &traffic = stats.globalTraffic;
    auto count = [](uint64_t n) { return static_cast<unsigned long long>(n); };
    std::fprintf(
        stderr,
        "lmhead emulator: kernel %s global traffic: at most %llu bytes of "
        "loads in flight per warp, at most %llu accesses of 32 bits or less "
        "per thread; lane accesses by bits 8:%llu 16:%llu 32:%llu 64:%llu "
        "128:%llu\n",
        f->kernel->name.c_str(), count(traffic.maxWarpBytesInFlight),
        count(traffic.maxNarrowAccessesPerThread),
        count(traffic.accessesByWidth[0]), count(traffic.accessesByWidth[1]),
        count(traffic.accessesByWidth[2]), count(traffic.accessesByWidth[3]),
        count(traffic.accessesByWidth[4]));
  }
  return "";
}

Outcome EmulatorBackend::createStream(void **stream) {
  std::lock_guard<std::mutex> lock(mutex);
  *stream = new Handle();
  streams.insert(*stream);
  deviceResources().stream(/*created=*/true);
  return {};
}

Outcome EmulatorBackend::destroyStream(void *stream) {
  // Its work still runs, as on a GPU, but the host learns nothing.
  std::string failed;
  if (scheduler) {
    failed = scheduler->drainStream(stream);
    scheduler->forgetStream(stream);
  }
  std::lock_guard<std::mutex> lock(mutex);
  if (!streams.erase(stream))
    return Outcome(LMHEAD_STATUS_INVALID_ARGUMENT,
                   "destroying a stream the emulator did not create");
  delete static_cast<Handle *>(stream);
  deviceResources().stream(/*created=*/false);
  return failure(std::move(failed));
}

Outcome EmulatorBackend::synchronizeStream(void *stream) {
  // In the eager mode all work is done when enqueued.
  return scheduler ? failure(scheduler->synchronizeStream(stream)) : Outcome();
}

Outcome EmulatorBackend::isCapturing(void *, bool &capturing) {
  capturing = false; // the emulator has no graphs
  return {};
}

Outcome EmulatorBackend::streamWaitEvent(void *stream, void *event) {
  if (scheduler)
    scheduler->wait(stream, event);
  return {};
}

Outcome EmulatorBackend::createEvent(void **event) {
  std::lock_guard<std::mutex> lock(mutex);
  *event = new Handle();
  events.insert(*event);
  deviceResources().event(/*created=*/true);
  return {};
}

Outcome EmulatorBackend::destroyEvent(void *event) {
  // A record still queued completes all the same (the queue holds it).
  // Before the lock: the scheduler takes its own first, then this one; and
  // before the handle can be reused.
  if (scheduler)
    scheduler->forgetEvent(event);
  std::lock_guard<std::mutex> lock(mutex);
  if (!events.erase(event))
    return Outcome(LMHEAD_STATUS_INVALID_ARGUMENT,
                   "destroying an event the emulator did not create");
  delete static_cast<Handle *>(event);
  deviceResources().event(/*created=*/false);
  return {};
}

Outcome EmulatorBackend::recordEvent(void *event, void *stream) {
  if (scheduler)
    scheduler->record(event, stream);
  return {};
}

Outcome EmulatorBackend::synchronizeEvent(void *event) {
  return scheduler ? failure(scheduler->synchronizeEvent(event)) : Outcome();
}

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
  // cuMemFree waits for the device, and queued work may use the memory.
  std::string failed = scheduler ? scheduler->synchronizeDevice() : "";
  auto start = reinterpret_cast<uint64_t>(pointer);
  uint64_t bytes = 0;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = allocations.find(start);
    if (it == allocations.end() || registered.count(it->first))
      return Outcome(LMHEAD_STATUS_INVALID_ARGUMENT,
                     "freeing memory the emulator did not allocate");
    bytes = it->second;
    deviceResources().freed(bytes);
    allocations.erase(it);
  }
  // Outside the lock (the scheduler takes its own first, then this one),
  // and before the memory can be allocated again.
  if (scheduler)
    scheduler->forgetMemory(start, start + bytes);
  std::free(pointer);
  return failure(std::move(failed));
}

Outcome EmulatorBackend::copy(void *dst, const void *src, std::size_t bytes,
                              void *stream) {
  if (!scheduler) {
    std::memmove(dst, src, bytes);
    return {};
  }
  auto from = reinterpret_cast<uint64_t>(src);
  auto to = reinterpret_cast<uint64_t>(dst);
  bool fromDevice = isKnownMemory(from, bytes);
  bool toDevice = isKnownMemory(to, bytes);
  // CUDA stages pageable host memory when the copy is enqueued, so the
  // caller may reuse it at once; device and registered memory are read
  // when the copy runs.
  std::shared_ptr<std::vector<unsigned char>> staged;
  if (!fromDevice) {
    auto *bytesFrom = static_cast<const unsigned char *>(src);
    staged = std::make_shared<std::vector<unsigned char>>(bytesFrom,
                                                          bytesFrom + bytes);
  }
  std::string what = "a copy of " + std::to_string(bytes) + " bytes (" +
                     (fromDevice ? "device" : "host") + " to " +
                     (toDevice ? "device" : "host") + ")";
  scheduler->enqueue(
      stream, std::move(what),
      [=](emulator::AccessRecorder &accesses) -> std::string {
        if (fromDevice)
          accesses.add(emulator::AccessRecorder::Read, from, bytes);
        if (toDevice)
          accesses.add(emulator::AccessRecorder::Write, to, bytes);
        std::memmove(dst, staged ? staged->data() : src, bytes);
        return "";
      });
  return {};
}

namespace {

/// Writes `count` copies of `value` at `dst`.
template <typename T> void fill(void *dst, T value, std::size_t count) {
  auto *elements = static_cast<T *>(dst);
  for (std::size_t i = 0; i < count; ++i)
    elements[i] = value;
}

/// A fill, now or queued on `stream` (the adversarial mode).
template <typename T>
void fillOn(emulator::StreamScheduler *scheduler, void *dst, T value,
            std::size_t count, void *stream) {
  if (!scheduler) {
    fill(dst, value, count);
    return;
  }
  scheduler->enqueue(stream,
                     "a fill of " + std::to_string(count) + " " +
                         std::to_string(8 * sizeof(T)) + "-bit values",
                     [=](emulator::AccessRecorder &accesses) -> std::string {
                       accesses.add(emulator::AccessRecorder::Write,
                                    reinterpret_cast<uint64_t>(dst),
                                    count * sizeof(T));
                       fill(dst, value, count);
                       return "";
                     });
}

} // namespace

Outcome EmulatorBackend::fill32(void *dst, uint32_t value, std::size_t count,
                                void *stream) {
  fillOn(scheduler.get(), dst, value, count, stream);
  return {};
}

Outcome EmulatorBackend::fill16(void *dst, uint16_t value, std::size_t count,
                                void *stream) {
  fillOn(scheduler.get(), dst, value, count, stream);
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
  // Like freeing: queued work may still use the memory.
  std::string failed = scheduler ? scheduler->synchronizeDevice() : "";
  auto start = reinterpret_cast<uint64_t>(pointer);
  uint64_t bytes = 0;
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (!registered.erase(start))
      return Outcome(LMHEAD_STATUS_INVALID_ARGUMENT,
                     "unregistering host memory that was not registered");
    bytes = allocations[start];
    allocations.erase(start);
  }
  if (scheduler) // outside the lock, as in deallocate
    scheduler->forgetMemory(start, start + bytes);
  return failure(std::move(failed));
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
