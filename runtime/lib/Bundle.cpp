//===- Bundle.cpp - compiled lmhead ops, loaded and run on streams --------===//
//
// The manifest is checked completely on load, so that a run only has to
// compute launch sizes: every message names the manifest, the JSON path of
// the bad entry and what would be accepted.
//
//===----------------------------------------------------------------------===//

#include "Bundle.h"
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

/// That `kernel`'s PTX signature takes exactly the manifest's parameters,
/// each 64 bits: a launch passes one 8-byte value per manifest parameter,
/// and a kernel that takes more would read past them. A backend that cannot
/// tell the signature passes.
LMHeadStatus checkParameters(Backend &backend, const KernelSpec &kernel,
                             const std::string &ptx, std::string &error) {
  std::vector<std::size_t> sizes;
  bool known = false;
  LMHeadStatus status =
      backend.parameterSizes(kernel.function, sizes, known).report(error);
  if (status != LMHEAD_STATUS_OK || !known)
    return status;
  std::string where = "kernel '" + kernel.name + "' in " + ptx + " takes ";
  if (sizes.size() != kernel.params.size()) {
    error = where + std::to_string(sizes.size()) + " parameters but the " +
            "manifest gives it " + std::to_string(kernel.params.size()) +
            " (the PTX and the manifest come from different compilations)";
    return LMHEAD_STATUS_INVALID_BUNDLE;
  }
  for (std::size_t i = 0; i < sizes.size(); ++i)
    if (sizes[i] != sizeof(uint64_t)) {
      error = where + "a parameter " + std::to_string(i) + " of " +
              std::to_string(sizes[i]) + " bytes; every manifest " +
              "parameter is 8 bytes";
      return LMHEAD_STATUS_INVALID_BUNDLE;
    }
  return LMHEAD_STATUS_OK;
}

} // namespace

std::unique_ptr<Bundle> Bundle::load(Backend &backend,
                                     const std::string &directory,
                                     LMHeadStatus &status, std::string &error) {
  status = LMHEAD_STATUS_INVALID_BUNDLE;
  std::string manifestPath = directory + "/" + kManifest;
  std::string text;
  if (!readFile(manifestPath, text, error))
    return nullptr;
  std::unique_ptr<Bundle> bundle(new Bundle(backend));
  bundle->directory = directory;
  if (!readManifest(manifestPath, text, bundle->ops, error))
    return nullptr;

  // From here on the backend's own statuses. Each PTX file is loaded once,
  // however many ops it serves.
  for (auto &[name, op] : bundle->ops) {
    void *&module = bundle->modules[op.ptx];
    if (!module) {
      std::string ptxPath = directory + "/" + op.ptx;
      std::string ptx;
      if (!readFile(ptxPath, ptx, error)) {
        status = LMHEAD_STATUS_INVALID_BUNDLE;
        bundle->modules.erase(op.ptx);
        return nullptr;
      }
      status = backend.loadModule(ptx.c_str(), &module).report(error);
      if (status != LMHEAD_STATUS_OK) {
        error = ptxPath + ": " + error;
        bundle->modules.erase(op.ptx);
        std::string ignored;
        bundle->release(ignored);
        return nullptr;
      }
    }
    for (KernelSpec &kernel : op.kernels) {
      status =
          backend.getFunction(module, kernel.name.c_str(), &kernel.function)
              .report(error);
      if (status == LMHEAD_STATUS_OK)
        status = checkParameters(backend, kernel, op.ptx, error);
      if (status != LMHEAD_STATUS_OK) {
        error = manifestPath + ": op '" + name + "': " + error;
        std::string ignored;
        bundle->release(ignored);
        return nullptr;
      }
    }
  }
  // The dh and dw streams always (every linear_grad uses both); the db
  // stream only when an op uses it.
  bool needed[kNumInternalStreams] = {true, true, false};
  for (auto &[name, op] : bundle->ops)
    needed[internalIndex(StreamRole::Db)] |=
        op.usesStream[internalIndex(StreamRole::Db)];
  for (int i = 0; i < kNumInternalStreams; ++i)
    if (needed[i] &&
        (status = backend.createStream(&bundle->streams[i]).report(error)) !=
            LMHEAD_STATUS_OK) {
      std::string ignored;
      bundle->release(ignored);
      return nullptr;
    }
  std::vector<void **> events = {&bundle->forked};
  for (int i = 0; i < kNumInternalStreams; ++i)
    if (needed[i])
      events.push_back(&bundle->done[i]);
  for (void **event : events)
    if ((status = backend.createEvent(event).report(error)) !=
        LMHEAD_STATUS_OK) {
      std::string ignored;
      bundle->release(ignored);
      return nullptr;
    }
  // The events of the ops' "after" lists.
  for (auto &[name, op] : bundle->ops) {
    if (op.numEvents == 0)
      continue;
    std::vector<void *> &opEvents = bundle->kernelEvents[name];
    opEvents.assign(op.numEvents, nullptr);
    for (void *&event : opEvents)
      if ((status = backend.createEvent(&event).report(error)) !=
          LMHEAD_STATUS_OK) {
        std::string ignored;
        bundle->release(ignored);
        return nullptr;
      }
  }
  // The first chunk of each op's tensor-map pool, so that runs allocate
  // nothing (and stay legal under graph capture) until it is full.
  for (auto &[name, op] : bundle->ops) {
    if (op.tensorMaps.empty())
      continue;
    TensorMapPool &pool = bundle->tensorMapPools[name];
    pool.blockBytes = op.tensorMaps.size() * kTensorMapBytes;
    if ((status = bundle->growPool(pool, error)) != LMHEAD_STATUS_OK) {
      error = "op '" + name + "': tensor maps: " + error;
      std::string ignored;
      bundle->release(ignored);
      return nullptr;
    }
  }
  status = LMHEAD_STATUS_OK;
  return bundle;
}

LMHeadStatus Bundle::growPool(TensorMapPool &pool, std::string &error) {
  std::size_t bytes = pool.blockBytes * TensorMapPool::kBlocksPerChunk;
  TensorMapPool::Chunk chunk;
  chunk.host = allocateHost(bytes);
  if (!chunk.host) {
    error =
        "cannot allocate " + std::to_string(bytes) + " bytes of host memory";
    return LMHEAD_STATUS_UNAVAILABLE;
  }
  LMHeadStatus status = backend.registerHost(chunk.host, bytes).report(error);
  if (status != LMHEAD_STATUS_OK) {
    std::free(chunk.host);
    return status;
  }
  status = backend.allocate(bytes, false, &chunk.device).report(error);
  if (status != LMHEAD_STATUS_OK) {
    std::string ignored;
    backend.unregisterHost(chunk.host).report(ignored);
    std::free(chunk.host);
    return status;
  }
  pool.chunks.push_back(chunk);
  return LMHEAD_STATUS_OK;
}

LMHeadStatus Bundle::freeBlock(TensorMapPool &pool, bool capturing,
                               std::size_t &block, std::string &error) {
  std::size_t capacity = pool.chunks.size() * TensorMapPool::kBlocksPerChunk;
  if (pool.used.size() < capacity) {
    block = pool.used.size();
    pool.used.emplace_back();
    return LMHEAD_STATUS_OK;
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
        if (LMHeadStatus status =
                backend.synchronizeEvent(recycled.lastRun).report(error);
            status != LMHEAD_STATUS_OK)
          return status;
      pool.blocks.erase(recycled.key);
      recycled.key.clear();
      block = *oldest;
      return LMHEAD_STATUS_OK;
    }
  }
  // Below the bound, or every block held by a graph, or capturing.
  if (LMHeadStatus status = growPool(pool, error); status != LMHEAD_STATUS_OK)
    return status;
  block = pool.used.size();
  pool.used.emplace_back();
  return LMHEAD_STATUS_OK;
}

LMHeadStatus Bundle::markBlockUsed(TensorMapPool &pool, std::size_t block,
                                   void *stream, bool capturing,
                                   std::string &error) {
  TensorMapPool::Block &used = pool.used[block];
  if (capturing) {
    used.pinned = true;
    return LMHEAD_STATUS_OK;
  }
  if (!used.lastRun)
    if (LMHeadStatus status = backend.createEvent(&used.lastRun).report(error);
        status != LMHEAD_STATUS_OK)
      return status;
  return backend.recordEvent(used.lastRun, stream).report(error);
}

LMHeadStatus Bundle::tensorMapsFor(const OpSpec &op, TensorMapPool &pool,
                                   const uint64_t *operands,
                                   const std::vector<uint64_t> &scratch,
                                   bool capturing,
                                   std::vector<uint64_t> &addresses,
                                   void *&host, void *&device,
                                   std::size_t &block, std::string &error) {
  // Each map's request; the key is what varies between runs.
  std::vector<TensorMapRequest> requests;
  std::vector<uint64_t> key;
  for (const TensorMapSpec &map : op.tensorMaps) {
    const std::string &name = map.buffer.operand >= 0
                                  ? op.operands[map.buffer.operand]
                                  : op.scratch[map.buffer.scratch].name;
    int64_t rows, cols, offset, stride;
    std::string sizeError;
    if (!map.rows.evaluate(operands, op.operands, rows, sizeError) ||
        !map.cols.evaluate(operands, op.operands, cols, sizeError) ||
        !map.offset.evaluate(operands, op.operands, offset, sizeError) ||
        !(map.hasRowStride ? map.rowStride : map.cols)
             .evaluate(operands, op.operands, stride, sizeError)) {
      error = "tensor map of '" + name + "': " + sizeError;
      return LMHEAD_STATUS_INVALID_ARGUMENT;
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
      if (base == 0 || address % 16 != 0) {
        error = what + ": the address " + std::to_string(address) +
                " is not a multiple of 16, as TMA needs";
        return LMHEAD_STATUS_INVALID_ARGUMENT;
      }
      if (request.globalStrides[0] % 16 != 0) {
        error = what + ": a row of " +
                std::to_string(request.globalStrides[0]) +
                " bytes is not a multiple of 16, as TMA needs";
        return LMHEAD_STATUS_INVALID_ARGUMENT;
      }
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
    if (LMHeadStatus status = freeBlock(pool, capturing, block, error);
        status != LMHEAD_STATUS_OK) {
      error = "tensor maps: " + error;
      return status;
    }
    auto *at = static_cast<unsigned char *>(
                   pool.chunks[block / TensorMapPool::kBlocksPerChunk].host) +
               block % TensorMapPool::kBlocksPerChunk * pool.blockBytes;
    std::memset(at, 0, pool.blockBytes);
    for (std::size_t i = 0; i < requests.size(); ++i) {
      if (requests[i].rank == 0)
        continue;
      LMHeadStatus status =
          backend.encodeTensorMap(requests[i], at + i * kTensorMapBytes)
              .report(error);
      if (status != LMHEAD_STATUS_OK) {
        const BufferRef &buffer = op.tensorMaps[i].buffer;
        error = "tensor map of '" +
                (buffer.operand >= 0 ? op.operands[buffer.operand]
                                     : op.scratch[buffer.scratch].name) +
                "': " + error;
        return status;
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
  return LMHEAD_STATUS_OK;
}

LMHeadStatus Bundle::release(std::string &error) {
  LMHeadStatus first = LMHEAD_STATUS_OK;
  auto keep = [&](LMHeadStatus status, const std::string &message) {
    if (first == LMHEAD_STATUS_OK && status != LMHEAD_STATUS_OK) {
      first = status;
      error = message;
    }
  };
  std::string message;
  auto destroyEvent = [&](void *&event) {
    if (event) {
      keep(backend.destroyEvent(event).report(message), message);
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
      keep(backend.destroyStream(stream).report(message), message);
      stream = nullptr;
    }
  for (auto &[file, module] : modules)
    if (module)
      keep(backend.unloadModule(module).report(message), message);
  modules.clear();
  for (auto &[name, pool] : tensorMapPools)
    for (TensorMapPool::Block &block : pool.used)
      destroyEvent(block.lastRun);
  for (auto &[name, pool] : tensorMapPools)
    for (TensorMapPool::Chunk &chunk : pool.chunks) {
      keep(backend.deallocate(chunk.device).report(message), message);
      keep(backend.unregisterHost(chunk.host).report(message), message);
      std::free(chunk.host);
    }
  tensorMapPools.clear();
  return first;
}

Bundle::~Bundle() {
  std::string ignored;
  release(ignored);
}

bool Bundle::gridOf(const KernelSpec &kernel, const OpSpec &op,
                    const uint64_t *operands, unsigned (&grid)[3],
                    std::string &error) const {
  for (int i = 0; i < 3; ++i) {
    int64_t value;
    std::string sizeError;
    if (!kernel.grid[i].evaluate(operands, op.operands, value, sizeError)) {
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
    for (const KernelSpec &kernel : op.kernels) {
      unsigned grid[3];
      std::string ignored;
      if (!gridOf(kernel, op, trial.data(), grid, ignored))
        return false;
    }
    return true;
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

const OpSpec *Bundle::find(const std::string &name, const uint64_t *operands,
                           std::size_t count, LMHeadStatus &status,
                           std::string &error) const {
  auto found = ops.find(name);
  if (found == ops.end()) {
    error = "the bundle in '" + directory + "' has no op '" + name + "'";
    status = LMHEAD_STATUS_NOT_FOUND;
    return nullptr;
  }
  const OpSpec &op = found->second;
  if (count != op.operands.size() || (count && !operands)) {
    std::string names;
    for (const std::string &operand : op.operands)
      names += (names.empty() ? "" : ", ") + operand;
    error = "op '" + name + "' takes " + std::to_string(op.operands.size()) +
            " operands (" + names + ") but " + std::to_string(count) +
            " were given";
    status = LMHEAD_STATUS_INVALID_ARGUMENT;
    return nullptr;
  }
  return &op;
}

LMHeadStatus Bundle::workspaceSize(const std::string &opName,
                                   const uint64_t *operands, std::size_t count,
                                   uint64_t &bytes, std::string &error) const {
  LMHeadStatus status = LMHEAD_STATUS_OK;
  const OpSpec *op = find(opName, operands, count, status, error);
  if (!op)
    return status;
  std::vector<uint64_t> offsets;
  if (!workspaceLayout(*op, operands, offsets, bytes, error)) {
    error = "op '" + opName + "': " + error;
    return LMHEAD_STATUS_INVALID_ARGUMENT;
  }
  return LMHEAD_STATUS_OK;
}

LMHeadStatus Bundle::run(const std::string &opName, const uint64_t *operands,
                         std::size_t count, void *stream, std::string &error) {
  LMHeadStatus status = LMHEAD_STATUS_OK;
  const OpSpec *found = find(opName, operands, count, status, error);
  if (!found)
    return status;
  const OpSpec &op = *found;
  auto failRun = [&](const std::string &what) {
    error = "op '" + opName + "': " + what;
    return LMHEAD_STATUS_INVALID_ARGUMENT;
  };
  // Gradients nobody asked for: a null "dh", "dw" or "db" operand skips
  // the kernels on that stream (the products that make it), not only the
  // store.
  bool skipped[kNumInternalStreams] = {false, false, false};
  const char *gradientOf[kNumInternalStreams] = {"dh", "dw", "db"};
  for (int i = 0; i < kNumInternalStreams; ++i) {
    auto named =
        std::find(op.operands.begin(), op.operands.end(), gradientOf[i]);
    skipped[i] = named != op.operands.end() &&
                 operands[named - op.operands.begin()] == 0;
  }
  auto isSkipped = [&](const KernelSpec &kernel) {
    return kernel.role != StreamRole::Main &&
           skipped[internalIndex(kernel.role)];
  };
  // Sizes first: nothing is enqueued for a run that cannot launch.
  std::vector<std::array<unsigned, 3>> grids;
  for (const KernelSpec &kernel : op.kernels) {
    unsigned grid[3];
    if (!gridOf(kernel, op, operands, grid, error)) {
      if (std::optional<int64_t> limit = tokenLimit(op, operands))
        error += ": this op runs at most " + std::to_string(*limit) +
                 " tokens at once (operand 'n' is " +
                 std::to_string(operands[std::find(op.operands.begin(),
                                                   op.operands.end(), "n") -
                                         op.operands.begin()]) +
                 "); split the batch into parts of at most that many";
      return failRun(error);
    }
    grids.push_back({grid[0], grid[1], grid[2]});
  }
  // The workspace's buffers, in the caller's memory.
  std::vector<uint64_t> scratch;
  if (op.workspaceOperand >= 0) {
    uint64_t needed;
    if (!workspaceLayout(op, operands, scratch, needed, error))
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
  }
  // Every kernel's parameter values (tensor maps' below).
  std::vector<std::vector<uint64_t>> values(op.kernels.size());
  for (std::size_t k = 0; k < op.kernels.size(); ++k) {
    for (const ParamSpec &param : op.kernels[k].params) {
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
      case ParamSpec::Kind::TensorMap:
        break; // known once the maps are encoded, below
      case ParamSpec::Kind::Expr: {
        int64_t result;
        if (!param.expr.evaluate(operands, op.operands, result, error))
          return failRun("kernel '" + op.kernels[k].name + "': " + error);
        value = static_cast<uint64_t>(result);
        break;
      }
      }
      values[k].push_back(value);
    }
  }

  std::lock_guard<std::mutex> lock(runMutex);
  // The tensor maps, copied to their device block before the fork so that
  // every internal stream sees them.
  std::vector<uint64_t> mapAddresses;
  TensorMapPool *pool = nullptr;
  std::size_t mapBlock = 0;
  bool capturing = false;
  if (!op.tensorMaps.empty()) {
    void *host = nullptr, *device = nullptr;
    pool = &tensorMapPools[opName];
    status = backend.isCapturing(stream, capturing).report(error);
    if (status == LMHEAD_STATUS_OK)
      status = tensorMapsFor(op, *pool, operands, scratch, capturing,
                             mapAddresses, host, device, mapBlock, error);
    if (status == LMHEAD_STATUS_OK)
      status =
          backend.copy(device, host, pool->blockBytes, stream).report(error);
    if (status != LMHEAD_STATUS_OK) {
      error = "op '" + opName + "': " + error;
      if (status == LMHEAD_STATUS_DRIVER_ERROR)
        error += lastRunNote();
      return status;
    }
  }
  for (std::size_t k = 0; k < op.kernels.size(); ++k)
    for (std::size_t i = 0; i < op.kernels[k].params.size(); ++i)
      if (op.kernels[k].params[i].kind == ParamSpec::Kind::TensorMap)
        values[k][i] = mapAddresses[op.kernels[k].params[i].index];

  const std::vector<void *> *events = nullptr;
  if (op.numEvents) {
    auto it = kernelEvents.find(opName);
    events = &it->second;
  }
  auto streamOf = [&](StreamRole role) {
    return role == StreamRole::Main ? stream : streams[internalIndex(role)];
  };
  status = backend.recordEvent(forked, stream).report(error);
  for (int i = 0; i < kNumInternalStreams && status == LMHEAD_STATUS_OK; ++i)
    if (op.usesStream[i])
      status = backend.streamWaitEvent(streams[i], forked).report(error);
  for (std::size_t k = 0; k < op.kernels.size() && status == LMHEAD_STATUS_OK;
       ++k) {
    const KernelSpec &kernel = op.kernels[k];
    void *on = streamOf(kernel.role);
    // The kernels it waits for on other streams.
    for (int j : kernel.after) {
      const KernelSpec &before = op.kernels[j];
      if (before.role != kernel.role && status == LMHEAD_STATUS_OK)
        status =
            backend.streamWaitEvent(on, (*events)[before.event]).report(error);
    }
    // An empty grid or a skipped gradient launches nothing, but the
    // kernel's event is still recorded for the kernels that wait for it.
    if (status == LMHEAD_STATUS_OK && !isSkipped(kernel) && grids[k][0] != 0 &&
        grids[k][1] != 0 && grids[k][2] != 0) {
      std::vector<void *> params;
      for (uint64_t &value : values[k])
        params.push_back(&value);
      LaunchDims dims;
      for (int i = 0; i < 3; ++i) {
        dims.grid[i] = grids[k][i];
        dims.block[i] = kernel.block[i];
        dims.cluster[i] = kernel.cluster[i];
      }
      dims.sharedBytes = kernel.sharedBytes;
      status = backend
                   .launch(kernel.function, kernel.name.c_str(), dims, on,
                           params.data())
                   .report(error);
    }
    if (status == LMHEAD_STATUS_OK && kernel.event >= 0)
      status = backend.recordEvent((*events)[kernel.event], on).report(error);
  }
  // Join even after a failure, so that a capturing stream is never left
  // forked; the first failure is the one reported.
  for (int i = 0; i < kNumInternalStreams; ++i) {
    if (!op.usesStream[i])
      continue;
    std::string joinError;
    LMHeadStatus joined =
        backend.recordEvent(done[i], streams[i]).report(joinError);
    if (joined == LMHEAD_STATUS_OK)
      joined = backend.streamWaitEvent(stream, done[i]).report(joinError);
    if (status == LMHEAD_STATUS_OK && joined != LMHEAD_STATUS_OK) {
      status = joined;
      error = joinError;
    }
  }
  // After the join: the block's event completes when every kernel that
  // reads the maps has.
  // Marked after a failure too: the copy may have been enqueued.
  if (pool) {
    std::string markError;
    LMHeadStatus marked =
        markBlockUsed(*pool, mapBlock, stream, capturing, markError);
    if (status == LMHEAD_STATUS_OK && marked != LMHEAD_STATUS_OK) {
      status = marked;
      error = markError;
    }
  }
  if (status == LMHEAD_STATUS_OK && synchronizeEachRun()) {
    status = backend.synchronizeStream(stream).report(error);
    if (status != LMHEAD_STATUS_OK) {
      error = "op '" + opName +
              "' failed on the device (LMHEAD_SYNC=1 synchronised its stream "
              "after it): " +
              error;
      return status;
    }
  }
  if (status == LMHEAD_STATUS_OK) {
    recordRun(opName, directory);
    return status;
  }
  error = "op '" + opName + "': " + error;
  if (status == LMHEAD_STATUS_DRIVER_ERROR)
    error += lastRunNote();
  return status;
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
    std::unique_ptr<Bundle> loaded =
        Bundle::load(*backend, directory, status, error);
    if (!loaded)
      return fail(status, "lmheadBundleLoad: " + error);
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
    std::string error;
    LMHeadStatus status = bundle->bundle->run(op, asOperands(operands),
                                              operandCount, stream, error);
    if (status != LMHEAD_STATUS_OK)
      return fail(status, "lmheadBundleRun: " + error);
    return succeed();
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
    std::string error;
    uint64_t size = 0;
    LMHeadStatus status = bundle->bundle->workspaceSize(
        op, asOperands(operands), operandCount, size, error);
    if (status != LMHEAD_STATUS_OK)
      return fail(status, "lmheadBundleWorkspaceSize: " + error);
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
    std::string error;
    LMHeadStatus status = bundle->bundle->release(error);
    delete bundle;
    if (status != LMHEAD_STATUS_OK)
      return fail(status, "lmheadBundleUnload: " + error);
    return succeed();
  });
}
