//===- Bundle.cpp - compiled lmhead ops, loaded and run on streams --------===//
//
// The manifest is checked completely on load, so that a run only has to
// compute launch sizes: every message names the manifest, the JSON path of
// the bad entry and what would be accepted.
//
//===----------------------------------------------------------------------===//

#include "Bundle.h"
#include "PtxSignature.h"
#include "RunHistory.h"
#include "Status.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace lmhead::runtime;

namespace {

constexpr const char *kManifest = "manifest.json";
constexpr int64_t kMaxLaunchSize = 0x7fffffff;

/// The largest file a bundle may hold: far above any manifest or PTX
/// lmhead-opt writes, and below what a hostile one could use to exhaust
/// memory.
constexpr off_t kMaxBundleFileBytes = off_t(1) << 30;

/// Reads a bundle file. Only a regular file of at most
/// kMaxBundleFileBytes is read: opening does not block (a FIFO named
/// manifest.json would otherwise wait for a writer forever), and anything
/// else (a FIFO, a device, a folder) is refused with its kind.
bool readFile(const std::string &path, std::string &text, std::string &error) {
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    error = "cannot read '" + path + "': " + std::strerror(errno);
    return false;
  }
  struct stat status;
  bool ok = false;
  if (::fstat(fd, &status) != 0) {
    error = "cannot read '" + path + "': " + std::strerror(errno);
  } else if (!S_ISREG(status.st_mode)) {
    error = "'" + path + "' is not a regular file (" +
            (S_ISFIFO(status.st_mode)  ? "a FIFO"
             : S_ISDIR(status.st_mode) ? "a folder"
             : S_ISCHR(status.st_mode) || S_ISBLK(status.st_mode)
                 ? "a device"
                 : "a socket or another special file") +
            "); a bundle holds regular files only";
  } else if (status.st_size > kMaxBundleFileBytes) {
    error = "'" + path + "' holds " + std::to_string(status.st_size) +
            " bytes, more than a bundle file may (" +
            std::to_string(kMaxBundleFileBytes) + ")";
  } else {
    text.resize(static_cast<std::size_t>(status.st_size));
    std::size_t done = 0;
    ok = true;
    while (done < text.size()) {
      ssize_t got = ::read(fd, text.data() + done, text.size() - done);
      if (got < 0 && errno == EINTR)
        continue;
      if (got <= 0) {
        error = "cannot read '" + path +
                "': " + (got < 0 ? std::strerror(errno) : "it became shorter");
        ok = false;
        break;
      }
      done += static_cast<std::size_t>(got);
    }
  }
  ::close(fd);
  return ok;
}

/// Allocates `bytes` of host memory aligned to a page (for registration).
void *allocateHost(std::size_t bytes) {
  constexpr std::size_t kPage = 4096;
  return std::aligned_alloc(kPage, (bytes + kPage - 1) / kPage * kPage);
}

/// That kernel `name`'s PTX signature takes exactly the manifest's parameters,
/// each 64 bits: a launch passes one 8-byte value per manifest parameter,
/// and a kernel that takes more would make the driver read past them. The
/// backend says what the kernel takes; where it cannot (a driver older than
/// CUDA 12.4), the signature is read from `ptxText`, the text of `ptx`.
Outcome checkParameters(Backend &backend, const std::string &name,
                        void *function, std::size_t numParams,
                        const std::string &ptx, const std::string &ptxText) {
  std::vector<std::size_t> sizes;
  bool known = false;
  Outcome outcome = backend.parameterSizes(function, sizes, known);
  if (!outcome.ok())
    return outcome;
  std::string error;
  if (!known && !ptxEntryParameterSizes(ptxText, name, sizes, error))
    return Outcome(LMHEAD_STATUS_INVALID_BUNDLE,
                   ptx + ": " + error +
                       "; the driver cannot say what the kernel takes "
                       "(cuFuncGetParamInfo needs CUDA 12.4), so the "
                       "runtime must read it from the PTX, as lmhead-opt "
                       "writes it");
  std::string where = "kernel '" + name + "' in " + ptx + " takes ";
  if (sizes.size() != numParams)
    return Outcome(LMHEAD_STATUS_INVALID_BUNDLE,
                   where + std::to_string(sizes.size()) +
                       " parameters but the manifest gives it " +
                       std::to_string(numParams) +
                       " (the PTX and the manifest come from different "
                       "compilations)");
  for (std::size_t i = 0; i < sizes.size(); ++i)
    if (sizes[i] != sizeof(uint64_t))
      return Outcome(LMHEAD_STATUS_INVALID_BUNDLE,
                     where + "a parameter " + std::to_string(i) + " of " +
                         std::to_string(sizes[i]) +
                         " bytes; every manifest parameter is 8 bytes");
  return {};
}

} // namespace

Outcome Bundle::load(Backend &backend, const std::string &directory,
                     std::unique_ptr<Bundle> &loaded) {
  std::string manifestPath = directory + "/" + kManifest;
  std::string text, error;
  if (!readFile(manifestPath, text, error))
    return Outcome(LMHEAD_STATUS_INVALID_BUNDLE, error);
  std::unique_ptr<Bundle> bundle(new Bundle(backend));
  bundle->directory = directory;
  if (!readManifest(manifestPath, text, bundle->ops, error))
    return Outcome(LMHEAD_STATUS_INVALID_BUNDLE, error);
  // From here on the backend's own statuses; what was made is released
  // after a failure.
  auto failed = [&](Outcome outcome) {
    (void)bundle->release();
    return outcome;
  };

  // Each PTX file is loaded once, however many ops it serves; its text is
  // kept until the kernels' signatures are checked.
  std::map<std::string, std::string> ptxTexts;
  for (auto &[name, op] : bundle->ops) {
    void *&module = bundle->modules[op.ptx];
    std::string &ptx = ptxTexts[op.ptx];
    if (!module) {
      std::string ptxPath = directory + "/" + op.ptx;
      if (!readFile(ptxPath, ptx, error)) {
        bundle->modules.erase(op.ptx);
        return failed(Outcome(LMHEAD_STATUS_INVALID_BUNDLE, error));
      }
      if (Outcome moduleLoaded = backend.loadModule(ptx.c_str(), &module);
          !moduleLoaded.ok()) {
        bundle->modules.erase(op.ptx);
        return failed(std::move(moduleLoaded.prefix(ptxPath + ": ")));
      }
    }
    for (KernelSpec &kernel : op.kernels) {
      Outcome found =
          backend.getFunction(module, kernel.name.c_str(), &kernel.function);
      if (found.ok())
        found = checkParameters(backend, kernel.name, kernel.function,
                                kernel.params.size(), op.ptx, ptx);
      if (found.ok() && !kernel.firstIteration.empty())
        found = backend.getFunction(module, kernel.firstIteration.c_str(),
                                    &kernel.firstIterationFunction);
      if (found.ok() && !kernel.firstIteration.empty())
        found = checkParameters(backend, kernel.firstIteration,
                                kernel.firstIterationFunction,
                                kernel.params.size(), op.ptx, ptx);
      if (!found.ok())
        return failed(
            std::move(found.prefix(manifestPath + ": op '" + name + "': ")));
    }
  }
  // The dh and dw streams always (every linear_grad uses both); the db
  // stream only when an op uses it.
  bool needed[kNumInternalStreams] = {true, true, false};
  for (auto &[name, op] : bundle->ops)
    needed[internalIndex(StreamRole::Db)] |=
        op.usesStream[internalIndex(StreamRole::Db)];
  for (int i = 0; i < kNumInternalStreams; ++i)
    if (needed[i])
      if (Outcome created = backend.createStream(&bundle->streams[i]);
          !created.ok())
        return failed(std::move(created));
  std::vector<void **> events = {&bundle->forked};
  for (int i = 0; i < kNumInternalStreams; ++i)
    if (needed[i])
      events.push_back(&bundle->done[i]);
  for (void **event : events)
    if (Outcome created = backend.createEvent(event); !created.ok())
      return failed(std::move(created));
  // The events of the ops' "after" lists.
  for (auto &[name, op] : bundle->ops) {
    if (op.numEvents == 0)
      continue;
    std::vector<void *> &opEvents = bundle->kernelEvents[name];
    opEvents.assign(op.numEvents, nullptr);
    for (void *&event : opEvents)
      if (Outcome created = backend.createEvent(&event); !created.ok())
        return failed(std::move(created));
  }
  // The first chunk of each op's tensor-map pool, so that runs allocate
  // nothing (and stay legal under graph capture) until it is full. An op
  // whose loops run a number of times that depends on the operands gets
  // the pool of each number of maps on the first run that needs it.
  for (auto &[name, op] : bundle->ops) {
    if (op.tensorMaps.empty())
      continue;
    std::size_t maps = 0;
    bool known = true;
    for (const TensorMapSpec &map : op.tensorMaps) {
      const IntExpr *count =
          map.loop >= 0 ? &op.loops[map.loop].count : nullptr;
      known = known && (!count || count->isConstant());
      maps += !count ? 1 : count->isConstant() ? count->value : 0;
    }
    if (!known || maps == 0)
      continue;
    TensorMapPool &pool = bundle->tensorMapPools[{name, maps}];
    pool.blockBytes = maps * kTensorMapBytes;
    if (Outcome grown = bundle->growPool(pool); !grown.ok())
      return failed(
          std::move(grown.prefix("op '" + name + "': tensor maps: ")));
  }
  loaded = std::move(bundle);
  return {};
}

Outcome Bundle::growPool(TensorMapPool &pool) {
  std::size_t bytes = pool.blockBytes * TensorMapPool::kBlocksPerChunk;
  TensorMapPool::Chunk chunk;
  chunk.host = allocateHost(bytes);
  if (!chunk.host)
    return Outcome(LMHEAD_STATUS_UNAVAILABLE, "cannot allocate " +
                                                  std::to_string(bytes) +
                                                  " bytes of host memory");
  if (Outcome registered = backend.registerHost(chunk.host, bytes);
      !registered.ok()) {
    std::free(chunk.host);
    return registered;
  }
  if (Outcome allocated = backend.allocate(bytes, false, &chunk.device);
      !allocated.ok()) {
    (void)backend.unregisterHost(chunk.host);
    std::free(chunk.host);
    return allocated;
  }
  pool.chunks.push_back(chunk);
  return {};
}

Outcome Bundle::freeBlock(TensorMapPool &pool, bool capturing,
                          std::size_t &block) {
  std::size_t capacity = pool.chunks.size() * TensorMapPool::kBlocksPerChunk;
  if (pool.used.size() < capacity) {
    block = pool.used.size();
    pool.used.emplace_back();
    return {};
  }
  if (pool.chunks.size() >= TensorMapPool::kMaxChunks && !capturing) {
    std::optional<std::size_t> oldest;
    for (std::size_t i = 0; i < pool.used.size(); ++i)
      if (!pool.used[i].pinned &&
          (!oldest || pool.used[i].lastUse < pool.used[*oldest].lastUse))
        oldest = i;
    if (oldest) {
      TensorMapPool::Block &recycled = pool.used[*oldest];
      // Its last run's copy reads the host block and its kernels the
      // device block: both must be done before either is rewritten.
      if (recycled.lastRun)
        if (Outcome done = backend.synchronizeEvent(recycled.lastRun);
            !done.ok())
          return done;
      pool.blocks.erase(recycled.key);
      recycled.key.clear();
      block = *oldest;
      return {};
    }
  }
  // Below the bound, or every block held by a graph, or capturing.
  if (Outcome grown = growPool(pool); !grown.ok())
    return grown;
  block = pool.used.size();
  pool.used.emplace_back();
  return {};
}

Outcome Bundle::markBlockUsed(TensorMapPool &pool, std::size_t block,
                              void *stream, bool capturing) {
  TensorMapPool::Block &used = pool.used[block];
  if (capturing) {
    used.pinned = true;
    return {};
  }
  if (!used.lastRun)
    if (Outcome created = backend.createEvent(&used.lastRun); !created.ok())
      return created;
  return backend.recordEvent(used.lastRun, stream);
}

Outcome Bundle::tensorMapsFor(const OpSpec &op,
                              const std::vector<TensorMapUse> &uses,
                              TensorMapPool &pool, const uint64_t *operands,
                              const std::vector<uint64_t> &scratch,
                              bool capturing, std::vector<uint64_t> &addresses,
                              void *&host, void *&device, std::size_t &block) {
  // Each map's request; the key is what varies between runs.
  std::vector<TensorMapRequest> requests;
  std::vector<uint64_t> key;
  std::vector<uint64_t> values(operands, operands + op.operands.size());
  values.resize(op.valueNames.size());
  for (const TensorMapUse &use : uses) {
    const TensorMapSpec &map = op.tensorMaps[use.map];
    if (map.loop >= 0)
      values[op.operands.size() + map.loop] =
          static_cast<uint64_t>(use.iteration);
    const std::string &name = map.buffer.operand >= 0
                                  ? op.operands[map.buffer.operand]
                                  : op.scratch[map.buffer.scratch].name;
    int64_t rows, cols, offset, stride;
    std::string sizeError;
    const std::vector<std::string> &names = op.valueNames;
    if (!map.rows.evaluate(values.data(), names, rows, sizeError) ||
        !map.cols.evaluate(values.data(), names, cols, sizeError) ||
        !map.offset.evaluate(values.data(), names, offset, sizeError) ||
        !(map.hasRowStride ? map.rowStride : map.cols)
             .evaluate(values.data(), names, stride, sizeError)) {
      return Outcome(LMHEAD_STATUS_INVALID_ARGUMENT,
                     "tensor map of '" + name + "': " + sizeError);
    }
    uint64_t base = map.buffer.operand >= 0 ? operands[map.buffer.operand]
                                            : scratch[map.buffer.scratch];
    uint64_t address = base + static_cast<uint64_t>(offset) * map.elementBytes;
    std::string what = "tensor map of '" + name + "' (" + std::to_string(rows) +
                       "x" + std::to_string(cols) + ")";
    TensorMapRequest request;
    request.dataType = map.dataType;
    request.rank = 2;
    request.globalAddress = reinterpret_cast<void *>(address);
    request.globalDim[0] = static_cast<uint64_t>(cols);
    request.globalDim[1] = static_cast<uint64_t>(rows);
    request.globalStrides[0] = static_cast<uint64_t>(stride) * map.elementBytes;
    request.boxDim[0] = map.boxCols;
    request.boxDim[1] = map.boxRows;
    request.swizzle = map.swizzle;
    // An empty matrix has no map: its kernels either do not run (their
    // grid follows the empty size) or read nothing (K = 0); they get a null
    // address.
    if (rows != 0 && cols != 0) {
      if (base == 0 || address % 16 != 0)
        return Outcome(LMHEAD_STATUS_INVALID_ARGUMENT,
                       what + ": the address " + std::to_string(address) +
                           " is not a multiple of 16, as TMA needs");
      if (request.globalStrides[0] % 16 != 0)
        return Outcome(LMHEAD_STATUS_INVALID_ARGUMENT,
                       what + ": a row of " +
                           std::to_string(request.globalStrides[0]) +
                           " bytes is not a multiple of 16, as TMA needs");
    } else {
      request.rank = 0; // marks "no map"
    }
    key.insert(key.end(),
               {address, static_cast<uint64_t>(rows),
                static_cast<uint64_t>(cols), request.globalStrides[0]});
    requests.push_back(request);
  }

  auto known = pool.blocks.find(key);
  if (known != pool.blocks.end()) {
    block = known->second;
  } else {
    if (Outcome freed = freeBlock(pool, capturing, block); !freed.ok())
      return std::move(freed.prefix("tensor maps: "));
    auto *at = static_cast<unsigned char *>(
                   pool.chunks[block / TensorMapPool::kBlocksPerChunk].host) +
               block % TensorMapPool::kBlocksPerChunk * pool.blockBytes;
    std::memset(at, 0, pool.blockBytes);
    for (std::size_t i = 0; i < requests.size(); ++i) {
      if (requests[i].rank == 0)
        continue;
      Outcome encoded =
          backend.encodeTensorMap(requests[i], at + i * kTensorMapBytes);
      if (!encoded.ok()) {
        const BufferRef &buffer = op.tensorMaps[uses[i].map].buffer;
        return std::move(encoded.prefix(
            "tensor map of '" +
            (buffer.operand >= 0 ? op.operands[buffer.operand]
                                 : op.scratch[buffer.scratch].name) +
            "': "));
      }
    }
    // Only a block whose maps were all encoded is found again; one that
    // failed stays free (keyless) and is taken first next time, being the
    // least recently used.
    pool.used[block].key = key;
    pool.blocks.emplace(std::move(key), block);
  }
  pool.used[block].lastUse = ++pool.uses;
  const TensorMapPool::Chunk &chunk =
      pool.chunks[block / TensorMapPool::kBlocksPerChunk];
  std::size_t offset = block % TensorMapPool::kBlocksPerChunk * pool.blockBytes;
  host = static_cast<unsigned char *>(chunk.host) + offset;
  device = static_cast<unsigned char *>(chunk.device) + offset;
  addresses.clear();
  for (std::size_t i = 0; i < requests.size(); ++i)
    addresses.push_back(requests[i].rank == 0
                            ? 0
                            : reinterpret_cast<uint64_t>(device) +
                                  i * kTensorMapBytes);
  return {};
}

Outcome Bundle::release() {
  Outcome first;
  auto keep = [&](Outcome outcome) {
    if (first.ok() && !outcome.ok())
      first = std::move(outcome);
  };
  auto destroyEvent = [&](void *&event) {
    if (event) {
      keep(backend.destroyEvent(event));
      event = nullptr;
    }
  };
  destroyEvent(forked);
  for (void *&event : done)
    destroyEvent(event);
  for (auto &[name, events] : kernelEvents)
    for (void *&event : events)
      destroyEvent(event);
  kernelEvents.clear();
  for (void *&stream : streams)
    if (stream) {
      keep(backend.destroyStream(stream));
      stream = nullptr;
    }
  for (auto &[file, module] : modules)
    if (module)
      keep(backend.unloadModule(module));
  modules.clear();
  for (auto &[name, pool] : tensorMapPools)
    for (TensorMapPool::Block &block : pool.used)
      destroyEvent(block.lastRun);
  for (auto &[name, pool] : tensorMapPools)
    for (TensorMapPool::Chunk &chunk : pool.chunks) {
      keep(backend.deallocate(chunk.device));
      keep(backend.unregisterHost(chunk.host));
      std::free(chunk.host);
    }
  tensorMapPools.clear();
  return first;
}

Bundle::~Bundle() { (void)release(); }

bool Bundle::gridOf(const KernelSpec &kernel, const OpSpec &op,
                    const uint64_t *values, unsigned (&grid)[3],
                    std::string &error) const {
  for (int i = 0; i < 3; ++i) {
    int64_t value;
    std::string sizeError;
    if (!kernel.grid[i].evaluate(values, op.valueNames, value, sizeError)) {
      error = "kernel '" + kernel.name + "': " + sizeError;
      return false;
    }
    unsigned limit[3];
    backend.maxGridSize(limit);
    if (value > kMaxLaunchSize || value > int64_t(limit[i])) {
      error = "kernel '" + kernel.name + "': grid " + "xyz"[i] + " = " +
              std::to_string(value) + " exceeds the device's limit of " +
              std::to_string(limit[i]);
      return false;
    }
    grid[i] = static_cast<unsigned>(value);
  }
  return true;
}

std::optional<int64_t> Bundle::tokenLimit(const OpSpec &op,
                                          const uint64_t *operands) const {
  auto tokens = std::find(op.operands.begin(), op.operands.end(), "n");
  if (tokens == op.operands.end())
    return std::nullopt;
  std::vector<uint64_t> trial(operands, operands + op.operands.size());
  uint64_t &n = trial[tokens - op.operands.begin()];
  auto fits = [&](uint64_t value) {
    n = value;
    std::vector<KernelRun> runs;
    std::vector<int64_t> counts;
    std::string ignored;
    return expandRuns(op, trial.data(), runs, counts, ignored);
  };
  // Every grid grows with the token count, so the largest count that fits
  // is found by bisection; none at all when the other sizes alone are too
  // large.
  uint64_t given = operands[tokens - op.operands.begin()];
  if (given > uint64_t(INT64_MAX) || !fits(0) || fits(given))
    return std::nullopt;
  uint64_t low = 0, high = given; // fits(low), !fits(high)
  while (high - low > 1) {
    uint64_t middle = low + (high - low) / 2;
    (fits(middle) ? low : high) = middle;
  }
  return static_cast<int64_t>(low);
}

bool Bundle::expandRuns(const OpSpec &op, const uint64_t *operands,
                        std::vector<KernelRun> &runs,
                        std::vector<int64_t> &counts,
                        std::string &error) const {
  std::size_t numOperands = op.operands.size();
  std::vector<uint64_t> values(operands, operands + numOperands);
  values.resize(op.valueNames.size());
  counts.clear();
  for (const LoopSpec &loop : op.loops) {
    int64_t count;
    if (!loop.count.evaluate(operands, op.operands, count, error)) {
      error = "the count of loop '" + loop.index + "': " + error;
      return false;
    }
    counts.push_back(count);
  }
  // Bounded before anything is expanded: a count read from a wrong operand
  // must fail the run, not exhaust the host's memory.
  uint64_t launches = op.kernels.size();
  for (std::size_t l = 0; l < op.loops.size(); ++l) {
    uint64_t body = op.loops[l].end - op.loops[l].begin;
    uint64_t count = static_cast<uint64_t>(counts[l]);
    if (count <= kMaxLaunchesPerRun)
      launches = launches - body + body * count;
    if (count > kMaxLaunchesPerRun || launches > kMaxLaunchesPerRun) {
      error = "loop '" + op.loops[l].index + "' runs " +
              std::to_string(counts[l]) +
              " times: the run would launch more "
              "than " +
              std::to_string(kMaxLaunchesPerRun) + " kernels";
      return false;
    }
  }
  runs.clear();
  auto add = [&](int kernel, int64_t iteration) {
    KernelRun run;
    run.kernel = kernel;
    run.iteration = iteration;
    if (!gridOf(op.kernels[kernel], op, values.data(), run.grid, error))
      return false;
    runs.push_back(run);
    return true;
  };
  for (int k = 0; k < static_cast<int>(op.kernels.size());) {
    int loop = op.kernels[k].loop;
    if (loop < 0) {
      if (!add(k, -1))
        return false;
      ++k;
      continue;
    }
    const LoopSpec &spec = op.loops[loop];
    for (int64_t iteration = 0; iteration < counts[loop]; ++iteration) {
      values[numOperands + loop] = static_cast<uint64_t>(iteration);
      for (int body = spec.begin; body < spec.end; ++body)
        if (!add(body, iteration))
          return false;
    }
    k = spec.end;
  }
  return true;
}

Outcome Bundle::find(const std::string &name, const uint64_t *operands,
                     std::size_t count, const OpSpec *&op) const {
  auto found = ops.find(name);
  if (found == ops.end())
    return Outcome(LMHEAD_STATUS_NOT_FOUND, "the bundle in '" + directory +
                                                "' has no op '" + name + "'");
  op = &found->second;
  if (count != op->operands.size() || (count && !operands)) {
    std::string names;
    for (const std::string &operand : op->operands)
      names += (names.empty() ? "" : ", ") + operand;
    return Outcome(LMHEAD_STATUS_INVALID_ARGUMENT,
                   "op '" + name + "' takes " +
                       std::to_string(op->operands.size()) + " operands (" +
                       names + ") but " + std::to_string(count) +
                       " were given");
  }
  return {};
}

Outcome Bundle::workspaceSize(const std::string &opName,
                              const uint64_t *operands, std::size_t count,
                              uint64_t &bytes) const {
  const OpSpec *op = nullptr;
  if (Outcome found = find(opName, operands, count, op); !found.ok())
    return found;
  std::vector<uint64_t> offsets, sizes;
  std::string error;
  if (!workspaceLayout(*op, operands, backend.workspaceGuardBytes(), offsets,
                       sizes, bytes, error))
    return Outcome(LMHEAD_STATUS_INVALID_ARGUMENT,
                   "op '" + opName + "': " + error);
  return {};
}

Outcome Bundle::run(const std::string &opName, const uint64_t *operands,
                    std::size_t count, void *stream) {
  const OpSpec *found = nullptr;
  if (Outcome known = find(opName, operands, count, found); !known.ok())
    return known;
  const OpSpec &op = *found;
  // What a check of the sizes and operands found wrong.
  std::string error;
  auto failRun = [&](const std::string &what) {
    return Outcome(LMHEAD_STATUS_INVALID_ARGUMENT,
                   "op '" + opName + "': " + what);
  };
  // Gradients nobody asked for: a null "dh", "dw" or "db" operand skips
  // the kernels on that stream (the products that make it), not only the
  // store, and the workspace buffers only they use.
  std::array<bool, kNumInternalStreams> skipped = skippedStreams(op, operands);
  auto isSkipped = [&](const KernelSpec &kernel) {
    return !runsOn(kernel.role, skipped);
  };
  // Sizes first: nothing is enqueued for a run that cannot launch.
  std::vector<KernelRun> runs;
  std::vector<int64_t> counts;
  if (!expandRuns(op, operands, runs, counts, error)) {
    if (std::optional<int64_t> limit = tokenLimit(op, operands))
      error +=
          ": this op runs at most " + std::to_string(*limit) +
          " tokens at once (operand 'n' is " +
          std::to_string(
              operands[std::find(op.operands.begin(), op.operands.end(), "n") -
                       op.operands.begin()]) +
          "); split the batch into parts of at most that many";
    return failRun(error);
  }
  // The workspace's buffers, in the caller's memory.
  std::vector<uint64_t> scratch;
  // With guard gaps between the buffers, for a backend that checks them.
  WorkspaceGuard guard;
  uint64_t guardBytes = backend.workspaceGuardBytes();
  if (op.workspaceOperand >= 0) {
    uint64_t needed;
    std::vector<uint64_t> sizes;
    if (!workspaceLayout(op, operands, guardBytes, scratch, sizes, needed,
                         error))
      return failRun(error);
    uint64_t base = operands[op.workspaceOperand];
    uint64_t given = operands[op.workspaceBytesOperand];
    if (given < needed)
      return failRun("the workspace ('" + op.operands[op.workspaceOperand] +
                     "') holds " + std::to_string(given) + " bytes ('" +
                     op.operands[op.workspaceBytesOperand] + "') but " +
                     std::to_string(needed) +
                     " are needed (lmheadBundleWorkspaceSize)");
    if (needed != 0 && (base == 0 || base % 16 != 0))
      return failRun("the workspace's address " + std::to_string(base) +
                     " is not a non-null multiple of 16");
    for (uint64_t &offset : scratch)
      offset += base;
    if (guardBytes && needed) {
      for (std::size_t i = 0; i < scratch.size(); ++i)
        guard.buffers.push_back(
            {op.scratch[i].name, scratch[i], scratch[i] + sizes[i]});
      guard.end = base + needed;
    }
  }
  // Every launch's parameter values (tensor maps' below), and the tensor
  // maps the run encodes: each of the op's once, or once per iteration for
  // one that reads its loop's index.
  std::size_t numOperands = op.operands.size();
  std::vector<uint64_t> bound(operands, operands + numOperands);
  bound.resize(op.valueNames.size());
  std::vector<std::vector<uint64_t>> values(runs.size());
  std::vector<TensorMapUse> mapUses;
  std::map<TensorMapUse, std::size_t> mapIndex;
  for (std::size_t r = 0; r < runs.size(); ++r) {
    const KernelSpec &kernel = op.kernels[runs[r].kernel];
    // A skipped kernel's parameters are never passed (its workspace
    // buffers may take no room, and its tensor maps are not encoded).
    if (isSkipped(kernel))
      continue;
    if (kernel.loop >= 0)
      bound[numOperands + kernel.loop] =
          static_cast<uint64_t>(runs[r].iteration);
    for (const ParamSpec &param : kernel.params) {
      uint64_t value = 0;
      switch (param.kind) {
      case ParamSpec::Kind::Operand:
        value = operands[param.index];
        break;
      case ParamSpec::Kind::Scratch:
        value = scratch[param.index];
        break;
      case ParamSpec::Kind::Constant:
        value = static_cast<uint64_t>(param.constant);
        break;
      case ParamSpec::Kind::TensorMap: {
        // The map's index in mapUses until the maps are encoded, below.
        TensorMapUse use{param.index, op.tensorMaps[param.index].loop >= 0
                                          ? runs[r].iteration
                                          : -1};
        auto [at, added] = mapIndex.emplace(use, mapUses.size());
        if (added)
          mapUses.push_back(use);
        value = at->second;
        break;
      }
      case ParamSpec::Kind::Expr: {
        int64_t result;
        if (!param.expr.evaluate(bound.data(), op.valueNames, result, error))
          return failRun("kernel '" + kernel.name + "': " + error);
        value = static_cast<uint64_t>(result);
        break;
      }
      }
      values[r].push_back(value);
    }
  }

  std::lock_guard<std::mutex> lock(runMutex);
  // The tensor maps, copied to their device block before the fork so that
  // every internal stream sees them.
  std::vector<uint64_t> mapAddresses;
  TensorMapPool *pool = nullptr;
  std::size_t mapBlock = 0;
  bool capturing = false;
  // A failure of the device's; after a driver's, the note on the last
  // runs says which op may have failed before this one.
  auto failedOnDevice = [&](Outcome outcome) {
    outcome.prefix("op '" + opName + "': ");
    if (outcome.status() == LMHEAD_STATUS_DRIVER_ERROR)
      outcome.append(lastRunNote());
    return outcome;
  };
  if (!mapUses.empty()) {
    void *host = nullptr, *device = nullptr;
    pool = &tensorMapPools[{opName, mapUses.size()}];
    Outcome maps;
    if (pool->chunks.empty()) {
      pool->blockBytes = mapUses.size() * kTensorMapBytes;
      maps = growPool(*pool);
      if (!maps.ok())
        maps.prefix("tensor maps: ");
    }
    if (maps.ok())
      maps = backend.isCapturing(stream, capturing);
    if (maps.ok())
      maps = tensorMapsFor(op, mapUses, *pool, operands, scratch, capturing,
                           mapAddresses, host, device, mapBlock);
    if (maps.ok())
      maps = backend.copy(device, host, pool->blockBytes, stream);
    if (!maps.ok())
      return failedOnDevice(std::move(maps));
  }
  for (std::size_t r = 0; r < runs.size(); ++r) {
    const KernelSpec &kernel = op.kernels[runs[r].kernel];
    if (isSkipped(kernel))
      continue;
    for (std::size_t i = 0; i < kernel.params.size(); ++i)
      if (kernel.params[i].kind == ParamSpec::Kind::TensorMap)
        values[r][i] = mapAddresses[values[r][i]];
  }

  const std::vector<void *> *events = nullptr;
  if (op.numEvents) {
    auto it = kernelEvents.find(opName);
    events = &it->second;
  }
  auto streamOf = [&](StreamRole role) {
    return role == StreamRole::Main ? stream : streams[internalIndex(role)];
  };
  // The event of kernel `k`'s run in `iteration` (-1: its only or, for a
  // kernel of a loop, its last run), or null when it has not run.
  auto eventOf = [&](int k, int64_t iteration) -> void * {
    const KernelSpec &kernel = op.kernels[k];
    if (kernel.loop >= 0 && iteration < 0)
      iteration = counts[kernel.loop] - 1;
    if (kernel.loop >= 0 && iteration < 0)
      return nullptr;
    int64_t slot = kernel.loop >= 0 ? iteration % kernel.eventSlots : 0;
    return (*events)[kernel.event + slot];
  };
  if (!guard.buffers.empty())
    backend.guardWorkspace(guard, stream, /*inUse=*/true);
  Outcome outcome = backend.recordEvent(forked, stream);
  for (int i = 0; i < kNumInternalStreams && outcome.ok(); ++i)
    if (op.usesStream[i])
      outcome = backend.streamWaitEvent(streams[i], forked);
  for (std::size_t r = 0; r < runs.size() && outcome.ok(); ++r) {
    const KernelRun &run = runs[r];
    const KernelSpec &kernel = op.kernels[run.kernel];
    void *on = streamOf(kernel.role);
    // The kernels it waits for on other streams: in its own loop, the run
    // `iterationsBack` iterations before (none before the first); else the
    // kernel's last run.
    for (const KernelWait &wait : kernel.after) {
      const KernelSpec &before = op.kernels[wait.kernel];
      if (before.role == kernel.role || !outcome.ok())
        continue;
      bool sameLoop = kernel.loop >= 0 && before.loop == kernel.loop;
      int64_t iteration = sameLoop ? run.iteration - wait.iterationsBack : -1;
      if (sameLoop && iteration < 0)
        continue;
      if (void *event = eventOf(wait.kernel, iteration))
        outcome = backend.streamWaitEvent(on, event);
    }
    // An empty grid or a skipped gradient launches nothing, but the
    // kernel's event is still recorded for the kernels that wait for it.
    if (outcome.ok() && !isSkipped(kernel) && run.grid[0] != 0 &&
        run.grid[1] != 0 && run.grid[2] != 0) {
      std::vector<void *> params;
      for (uint64_t &value : values[r])
        params.push_back(&value);
      LaunchDims dims;
      for (int i = 0; i < 3; ++i) {
        dims.grid[i] = run.grid[i];
        dims.block[i] = kernel.block[i];
        dims.cluster[i] = kernel.cluster[i];
      }
      dims.sharedBytes = kernel.sharedBytes;
      dims.programmatic = kernel.programmatic;
      bool first = run.iteration == 0 && kernel.firstIterationFunction;
      outcome = backend.launch(
          first ? kernel.firstIterationFunction : kernel.function,
          (first ? kernel.firstIteration : kernel.name).c_str(), dims, on,
          params.data());
    }
    if (outcome.ok() && kernel.event >= 0)
      outcome = backend.recordEvent(eventOf(run.kernel, run.iteration), on);
  }
  // Join even after a failure, so that a capturing stream is never left
  // forked; the first failure is the one reported.
  for (int i = 0; i < kNumInternalStreams; ++i) {
    if (!op.usesStream[i])
      continue;
    Outcome joined = backend.recordEvent(done[i], streams[i]);
    if (joined.ok())
      joined = backend.streamWaitEvent(stream, done[i]);
    if (outcome.ok() && !joined.ok())
      outcome = std::move(joined);
  }
  if (!guard.buffers.empty())
    backend.guardWorkspace(guard, stream, /*inUse=*/false);
  // After the join: the block's event completes when every kernel that
  // reads the maps has.
  // Marked after a failure too: the copy may have been enqueued.
  if (pool) {
    Outcome marked = markBlockUsed(*pool, mapBlock, stream, capturing);
    if (outcome.ok() && !marked.ok())
      outcome = std::move(marked);
  }
  if (outcome.ok() && synchronizeEachRun()) {
    Outcome synchronized = backend.synchronizeStream(stream);
    if (!synchronized.ok())
      return std::move(
          synchronized.prefix("op '" + opName +
                              "' failed on the device (LMHEAD_SYNC=1 "
                              "synchronised its stream after it): "));
  }
  if (!outcome.ok())
    return failedOnDevice(std::move(outcome));
  recordRun(opName, directory);
  return {};
}

// The C API.

struct LMHeadBundle {
  std::unique_ptr<Bundle> bundle;
};

namespace {

/// The C API's operand array as the bundle reads it (both are 64-bit).
const uint64_t *asOperands(const unsigned long long *operands) {
  static_assert(sizeof(unsigned long long) == sizeof(uint64_t));
  return reinterpret_cast<const uint64_t *>(operands);
}

} // namespace

extern "C" LMHeadStatus lmheadBundleLoad(const char *directory,
                                         LMHeadBundle **bundle) {
  return guardEntry("lmheadBundleLoad", [&]() -> LMHeadStatus {
    if (!directory || !bundle)
      return fail(LMHEAD_STATUS_INVALID_ARGUMENT,
                  "lmheadBundleLoad: directory and bundle must not be null");
    LMHeadStatus status;
    std::string error;
    Backend *backend = processBackend(status, error);
    if (!backend)
      return fail(status, "lmheadBundleLoad: " + error);
    std::unique_ptr<Bundle> loaded;
    if (Outcome outcome = Bundle::load(*backend, directory, loaded);
        !outcome.ok())
      return fail(std::move(outcome.prefix("lmheadBundleLoad: ")));
    *bundle = new LMHeadBundle{std::move(loaded)};
    return succeed();
  });
}

extern "C" LMHeadStatus lmheadBundleRun(LMHeadBundle *bundle, const char *op,
                                        const unsigned long long *operands,
                                        unsigned long long operandCount,
                                        void *stream) {
  return guardEntry("lmheadBundleRun", [&]() -> LMHeadStatus {
    if (!bundle || !op)
      return fail(LMHEAD_STATUS_INVALID_ARGUMENT,
                  "lmheadBundleRun: bundle and op must not be null");
    if (operandCount && !operands)
      return fail(LMHEAD_STATUS_INVALID_ARGUMENT,
                  "lmheadBundleRun: operands is null but operandCount is " +
                      std::to_string(operandCount));
    // The operands are read where they are: a count the op does not take
    // is refused by run() before anything is copied or launched.
    Outcome ran =
        bundle->bundle->run(op, asOperands(operands), operandCount, stream);
    return fail(std::move(ran.prefix("lmheadBundleRun: ")));
  });
}

extern "C" LMHeadStatus lmheadBundleWorkspaceSize(
    LMHeadBundle *bundle, const char *op, const unsigned long long *operands,
    unsigned long long operandCount, unsigned long long *bytes) {
  return guardEntry("lmheadBundleWorkspaceSize", [&]() -> LMHeadStatus {
    if (!bundle || !op || !bytes)
      return fail(LMHEAD_STATUS_INVALID_ARGUMENT,
                  "lmheadBundleWorkspaceSize: bundle, op and bytes must not be "
                  "null");
    if (operandCount && !operands)
      return fail(
          LMHEAD_STATUS_INVALID_ARGUMENT,
          "lmheadBundleWorkspaceSize: operands is null but operandCount "
          "is " +
              std::to_string(operandCount));
    uint64_t size = 0;
    Outcome sized = bundle->bundle->workspaceSize(op, asOperands(operands),
                                                  operandCount, size);
    if (!sized.ok())
      return fail(std::move(sized.prefix("lmheadBundleWorkspaceSize: ")));
    *bytes = size;
    return succeed();
  });
}

namespace {

/// Op `name` of `bundle`, or null with the failure set.
const OpSpec *opNamed(LMHeadBundle *bundle, const char *name, const char *entry,
                      LMHeadStatus &status) {
  const auto &ops = bundle->bundle->getOps();
  auto found = ops.find(name);
  if (found != ops.end())
    return &found->second;
  status = fail(LMHEAD_STATUS_NOT_FOUND,
                std::string(entry) + ": the bundle has no op '" + name + "'");
  return nullptr;
}

/// Op `name`'s operand `index`, or null with the failure set.
const OpSpec *operandOf(LMHeadBundle *bundle, const char *name,
                        unsigned long long index, const char *entry,
                        LMHeadStatus &status) {
  const OpSpec *op = opNamed(bundle, name, entry, status);
  if (op && index >= op->operands.size()) {
    status =
        fail(LMHEAD_STATUS_INVALID_ARGUMENT,
             std::string(entry) + ": op '" + name + "' has " +
                 std::to_string(op->operands.size()) +
                 " operands; there is no operand " + std::to_string(index));
    return nullptr;
  }
  return op;
}

} // namespace

extern "C" LMHeadStatus lmheadBundleOpCount(LMHeadBundle *bundle,
                                            unsigned long long *count) {
  return guardEntry("lmheadBundleOpCount", [&]() -> LMHeadStatus {
    if (!bundle || !count)
      return fail(LMHEAD_STATUS_INVALID_ARGUMENT,
                  "lmheadBundleOpCount: bundle and count must not be null");
    *count = bundle->bundle->getOps().size();
    return succeed();
  });
}

extern "C" LMHeadStatus lmheadBundleOpInfo(LMHeadBundle *bundle,
                                           unsigned long long index,
                                           const char **name, const char **kind,
                                           unsigned long long *operandCount) {
  return guardEntry("lmheadBundleOpInfo", [&]() -> LMHeadStatus {
    if (!bundle || !name || !kind || !operandCount)
      return fail(LMHEAD_STATUS_INVALID_ARGUMENT,
                  "lmheadBundleOpInfo: bundle, name, kind and operandCount "
                  "must not be null");
    const auto &ops = bundle->bundle->getOps();
    if (index >= ops.size())
      return fail(LMHEAD_STATUS_INVALID_ARGUMENT,
                  "lmheadBundleOpInfo: the bundle has " +
                      std::to_string(ops.size()) + " ops; there is no op " +
                      std::to_string(index));
    auto it = std::next(ops.begin(), static_cast<std::ptrdiff_t>(index));
    *name = it->first.c_str();
    *kind = it->second.kind.c_str();
    *operandCount = it->second.operands.size();
    return succeed();
  });
}

extern "C" LMHeadStatus lmheadBundleOperand(LMHeadBundle *bundle,
                                            const char *opName,
                                            unsigned long long index,
                                            LMHeadOperandInfo *info) {
  return guardEntry("lmheadBundleOperand", [&]() -> LMHeadStatus {
    if (!bundle || !opName || !info)
      return fail(LMHEAD_STATUS_INVALID_ARGUMENT,
                  "lmheadBundleOperand: bundle, op and info must not be null");
    LMHeadStatus status = LMHEAD_STATUS_OK;
    const OpSpec *op =
        operandOf(bundle, opName, index, "lmheadBundleOperand", status);
    if (!op)
      return status;
    int at = static_cast<int>(index);
    LMHeadOperandInfo result{op->operands[index].c_str(),
                             LMHEAD_OPERAND_UNDESCRIBED, "", 0, 0};
    auto tensor = op->tensors.find(at);
    if (tensor != op->tensors.end()) {
      result.kind = LMHEAD_OPERAND_TENSOR;
      result.elementType = tensor->second.element.c_str();
      result.rank = static_cast<unsigned>(tensor->second.shape.size());
      result.accumulates = tensor->second.accumulates;
    } else if (at == op->workspaceOperand) {
      result.kind = LMHEAD_OPERAND_WORKSPACE;
    } else if (at == op->workspaceBytesOperand) {
      result.kind = LMHEAD_OPERAND_WORKSPACE_BYTES;
    } else if (op->isSize[index]) {
      result.kind = LMHEAD_OPERAND_SIZE;
    }
    *info = result;
    return succeed();
  });
}

extern "C" LMHeadStatus
lmheadBundleOperandShape(LMHeadBundle *bundle, const char *opName,
                         unsigned long long index,
                         const unsigned long long *operands,
                         unsigned long long operandCount, long long *dims) {
  return guardEntry("lmheadBundleOperandShape", [&]() -> LMHeadStatus {
    const char *entry = "lmheadBundleOperandShape";
    if (!bundle || !opName)
      return fail(LMHEAD_STATUS_INVALID_ARGUMENT,
                  std::string(entry) + ": bundle and op must not be null");
    LMHeadStatus status = LMHEAD_STATUS_OK;
    const OpSpec *op = operandOf(bundle, opName, index, entry, status);
    if (!op)
      return status;
    auto tensor = op->tensors.find(static_cast<int>(index));
    if (tensor == op->tensors.end())
      return fail(LMHEAD_STATUS_INVALID_ARGUMENT,
                  std::string(entry) + ": operand '" + op->operands[index] +
                      "' of op '" + opName + "' is not a tensor");
    if (operandCount != op->operands.size() || (operandCount && !operands))
      return fail(LMHEAD_STATUS_INVALID_ARGUMENT,
                  std::string(entry) + ": op '" + opName + "' takes " +
                      std::to_string(op->operands.size()) + " operands but " +
                      std::to_string(operandCount) + " were given");
    const std::vector<IntExpr> &shape = tensor->second.shape;
    if (!shape.empty() && !dims)
      return fail(LMHEAD_STATUS_INVALID_ARGUMENT,
                  std::string(entry) + ": dims must not be null");
    std::vector<long long> sizes;
    for (const IntExpr &size : shape) {
      int64_t value;
      std::string error;
      if (!size.evaluate(asOperands(operands), op->operands, value, error))
        return fail(LMHEAD_STATUS_INVALID_ARGUMENT,
                    std::string(entry) + ": op '" + opName + "': " + error);
      sizes.push_back(value);
    }
    std::copy(sizes.begin(), sizes.end(), dims);
    return succeed();
  });
}

extern "C" LMHeadStatus lmheadBundleUnload(LMHeadBundle *bundle) {
  return guardEntry("lmheadBundleUnload", [&]() -> LMHeadStatus {
    if (!bundle)
      return succeed();
    Outcome released = bundle->bundle->release();
    delete bundle;
    if (!released.ok())
      return fail(std::move(released.prefix("lmheadBundleUnload: ")));
    return succeed();
  });
}
