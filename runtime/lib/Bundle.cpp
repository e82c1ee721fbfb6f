//===- Bundle.cpp - compiled lmhead ops, loaded and run on streams --------===//
//
// The manifest is checked completely on load, so that a run only has to
// compute launch sizes: every message names the manifest, the JSON path of
// the bad entry and what would be accepted.
//
//===----------------------------------------------------------------------===//

#include "Bundle.h"
#include "Json.h"
#include "Status.h"

#include <array>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

using namespace lmhead::runtime;

namespace {

constexpr const char *kManifest = "manifest.json";
constexpr int64_t kMaxLaunchSize = 0x7fffffff;

bool readFile(const std::string &path, std::string &text, std::string &error) {
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    error = "cannot read '" + path + "'";
    return false;
  }
  std::ostringstream contents;
  contents << file.rdbuf();
  text = contents.str();
  return true;
}

/// Reads a manifest into ops, naming the JSON path of whatever is wrong.
class ManifestReader {
public:
  explicit ManifestReader(std::string file) : file(std::move(file)) {}

  bool read(const json::Value &root, std::map<std::string, OpSpec> &ops,
            std::string &error) {
    if (!root.isObject())
      return fail("", "expected an object", error);
    const json::Value *format = root.find("format");
    if (!format || !format->isString() || format->string != "lmhead-bundle")
      return fail("format", "expected \"lmhead-bundle\"", error);
    const json::Value *version = root.find("version");
    if (!version || !version->isInteger() || version->integer != 1)
      return fail("version", "expected 1 (the only version there is)", error);
    // The bundle's PTX file; an op may name its own instead.
    std::string ptxFile;
    if (const json::Value *ptx = root.find("ptx"))
      if (!readPtxName("ptx", *ptx, ptxFile, error))
        return false;
    const json::Value *opsValue = root.find("ops");
    if (!opsValue || !opsValue->isObject() || opsValue->object.empty())
      return fail("ops", "expected an object with at least one op", error);
    for (const auto &[name, value] : opsValue->object) {
      OpSpec op;
      op.ptx = ptxFile;
      if (!readOp("ops." + name, value, op, error))
        return false;
      ops.emplace(name, std::move(op));
    }
    return true;
  }

private:
  bool fail(const std::string &path, const std::string &what,
            std::string &error) const {
    error = file + ": " + (path.empty() ? "" : path + ": ") + what;
    return false;
  }

  bool readPtxName(const std::string &path, const json::Value &value,
                   std::string &ptxFile, std::string &error) {
    if (!value.isString() || value.string.empty() ||
        value.string.find('/') != std::string::npos)
      return fail(path, "expected the name of a PTX file in the bundle", error);
    ptxFile = value.string;
    return true;
  }

  bool readOp(const std::string &path, const json::Value &value, OpSpec &op,
              std::string &error) {
    if (!value.isObject())
      return fail(path, "expected an object with operands and kernels", error);
    if (const json::Value *ptx = value.find("ptx")) {
      if (!readPtxName(path + ".ptx", *ptx, op.ptx, error))
        return false;
    } else if (op.ptx.empty()) {
      return fail(path + ".ptx",
                  "expected the name of a PTX file in the bundle (the op's "
                  "own, or \"ptx\" at the top level for every op)",
                  error);
    }
    const json::Value *operands = value.find("operands");
    if (!operands || !operands->isArray() || operands->array.empty())
      return fail(path + ".operands", "expected a non-empty array of names",
                  error);
    for (const json::Value &operand : operands->array) {
      if (!operand.isString() || operand.string.empty())
        return fail(path + ".operands", "expected operand names (strings)",
                    error);
      for (const std::string &seen : op.operands)
        if (seen == operand.string)
          return fail(path + ".operands",
                      "operand '" + seen + "' is named twice", error);
      op.operands.push_back(operand.string);
    }
    const json::Value *kernels = value.find("kernels");
    if (!kernels || !kernels->isArray() || kernels->array.empty())
      return fail(path + ".kernels", "expected a non-empty array of kernels",
                  error);
    for (std::size_t i = 0; i < kernels->array.size(); ++i) {
      KernelSpec kernel;
      if (!readKernel(path + ".kernels[" + std::to_string(i) + "]",
                      kernels->array[i], op, kernel, error))
        return false;
      op.kernels.push_back(std::move(kernel));
    }
    return true;
  }

  int operandIndex(const OpSpec &op, const std::string &name) const {
    for (std::size_t i = 0; i < op.operands.size(); ++i)
      if (op.operands[i] == name)
        return static_cast<int>(i);
    return -1;
  }

  bool readSize(const std::string &path, const json::Value &value,
                const OpSpec &op, LaunchSize &size, std::string &error) {
    if (value.isInteger()) {
      if (value.integer < 1 || value.integer > kMaxLaunchSize)
        return fail(path, "expected a size in [1, 2^31)", error);
      size.constant = value.integer;
      return true;
    }
    const json::Value *ceilDiv = value.find("ceil_div");
    if (!ceilDiv || value.object.size() != 1 || !ceilDiv->isArray() ||
        ceilDiv->array.size() != 2 || !ceilDiv->array[0].isString() ||
        !ceilDiv->array[1].isInteger() || ceilDiv->array[1].integer < 1)
      return fail(path,
                  "expected a size, or {\"ceil_div\": [operand, n]} with n "
                  "a positive integer",
                  error);
    size.operand = operandIndex(op, ceilDiv->array[0].string);
    if (size.operand < 0)
      return fail(path,
                  "'" + ceilDiv->array[0].string +
                      "' is not an operand of the op",
                  error);
    size.divisor = ceilDiv->array[1].integer;
    return true;
  }

  bool readTriple(const std::string &path, const json::Value *value,
                  unsigned (&triple)[3], std::string &error) {
    if (!value)
      return true; // defaults to (1, 1, 1)
    if (!value->isArray() || value->array.size() != 3)
      return fail(path, "expected three sizes [x, y, z]", error);
    for (int i = 0; i < 3; ++i) {
      const json::Value &size = value->array[i];
      if (!size.isInteger() || size.integer < 1 || size.integer > 1024 * 1024)
        return fail(path, "expected sizes in [1, 2^20]", error);
      triple[i] = static_cast<unsigned>(size.integer);
    }
    return true;
  }

  bool readKernel(const std::string &path, const json::Value &value,
                  OpSpec &op, KernelSpec &kernel, std::string &error) {
    if (!value.isObject())
      return fail(path, "expected an object", error);
    const json::Value *name = value.find("name");
    if (!name || !name->isString() || name->string.empty())
      return fail(path + ".name", "expected the kernel's name in the PTX",
                  error);
    kernel.name = name->string;
    const json::Value *role = value.find("stream");
    if (!role || !role->isString() ||
        (role->string != "dh" && role->string != "dw" &&
         role->string != "main"))
      return fail(path + ".stream", "expected \"dh\", \"dw\" or \"main\"",
                  error);
    kernel.role = role->string == "dh"   ? StreamRole::Dh
                  : role->string == "dw" ? StreamRole::Dw
                                         : StreamRole::Main;
    const json::Value *grid = value.find("grid");
    if (!grid || !grid->isArray() || grid->array.size() != 3)
      return fail(path + ".grid", "expected three sizes [x, y, z]", error);
    for (int i = 0; i < 3; ++i)
      if (!readSize(path + ".grid[" + std::to_string(i) + "]", grid->array[i],
                    op, kernel.grid[i], error))
        return false;
    if (!value.find("block"))
      return fail(path + ".block", "expected three sizes [x, y, z]", error);
    if (!readTriple(path + ".block", value.find("block"), kernel.block,
                    error) ||
        !readTriple(path + ".cluster", value.find("cluster"), kernel.cluster,
                    error))
      return false;
    if (const json::Value *shared = value.find("shared_bytes")) {
      if (!shared->isInteger() || shared->integer < 0 ||
          shared->integer > 1024 * 1024)
        return fail(path + ".shared_bytes", "expected bytes in [0, 2^20]",
                    error);
      kernel.sharedBytes = static_cast<unsigned>(shared->integer);
    }
    const json::Value *params = value.find("params");
    if (!params || !params->isArray())
      return fail(path + ".params", "expected an array of parameters", error);
    for (std::size_t i = 0; i < params->array.size(); ++i) {
      ParamSpec param;
      if (!readParam(path + ".params[" + std::to_string(i) + "]",
                     params->array[i], op, param, error))
        return false;
      kernel.params.push_back(param);
    }
    return true;
  }

  /// A parameter: "name" or {"operand": "name"} for an operand,
  /// {"const": integer} for a constant, {"tensormap": "name", ...} for the
  /// device address of a tensor map of an operand.
  bool readParam(const std::string &path, const json::Value &value,
                 OpSpec &op, ParamSpec &param, std::string &error) {
    constexpr const char *kAccepted =
        "expected an operand name, {\"operand\": name}, {\"const\": "
        "integer} or {\"tensormap\": name, ...}";
    const json::Value *name = &value;
    if (value.isObject() && value.find("tensormap")) {
      TensorMapSpec map;
      if (!readTensorMap(path, value, op, map, error))
        return false;
      param.tensorMap = static_cast<int>(op.tensorMaps.size());
      op.tensorMaps.push_back(map);
      return true;
    }
    if (value.isObject()) {
      if (value.object.size() != 1)
        return fail(path, kAccepted, error);
      if (const json::Value *constant = value.find("const")) {
        if (!constant->isInteger())
          return fail(path, "expected {\"const\": integer}", error);
        param.constant = constant->integer;
        return true;
      }
      name = value.find("operand");
      if (!name)
        return fail(path, kAccepted, error);
    }
    if (!name->isString())
      return fail(path, kAccepted, error);
    param.operand = operandIndex(op, name->string);
    if (param.operand < 0)
      return fail(path,
                  std::string(kAccepted) + "; '" + name->string +
                      "' is not an operand of the op",
                  error);
    return true;
  }

  /// {"tensormap": name, "shape": [rows, cols], "box": [rows, cols],
  ///  "swizzle": 0|32|64|128, "element": "bf16"|"f16"|"f32"}: a 2-D tiled
  /// map of a dense row-major operand, sizes being integers or integer
  /// operands, zero fill outside the tensor.
  bool readTensorMap(const std::string &path, const json::Value &value,
                     const OpSpec &op, TensorMapSpec &map,
                     std::string &error) {
    for (const auto &[key, unused] : value.object)
      if (key != "tensormap" && key != "shape" && key != "box" &&
          key != "swizzle" && key != "element")
        return fail(path + "." + key,
                    "unknown key; a tensor map has \"tensormap\", "
                    "\"shape\", \"box\", \"swizzle\" and \"element\"",
                    error);
    const json::Value *name = value.find("tensormap");
    if (!name->isString() || (map.operand = operandIndex(op, name->string)) < 0)
      return fail(path + ".tensormap",
                  "expected the name of a pointer operand" +
                      (name->isString() ? "; '" + name->string +
                                              "' is not an operand of the op"
                                        : std::string()),
                  error);
    const json::Value *shape = value.find("shape");
    if (!shape || !shape->isArray() || shape->array.size() != 2)
      return fail(path + ".shape",
                  "expected [rows, cols], each an integer or an operand name",
                  error);
    for (int i = 0; i < 2; ++i) {
      const json::Value &size = shape->array[i];
      SizeSpec &spec = i == 0 ? map.rows : map.cols;
      std::string at = path + ".shape[" + std::to_string(i) + "]";
      if (size.isInteger()) {
        if (size.integer < 1 || size.integer > (int64_t(1) << 32))
          return fail(at, "expected a size in [1, 2^32]", error);
        spec.constant = size.integer;
      } else if (!size.isString() ||
                 (spec.operand = operandIndex(op, size.string)) < 0) {
        return fail(at,
                    "expected an integer or the name of an integer operand" +
                        (size.isString() ? "; '" + size.string +
                                               "' is not an operand of the op"
                                         : std::string()),
                    error);
      }
    }
    const json::Value *box = value.find("box");
    if (!box || !box->isArray() || box->array.size() != 2 ||
        !box->array[0].isInteger() || !box->array[1].isInteger() ||
        box->array[0].integer < 1 || box->array[0].integer > 256 ||
        box->array[1].integer < 1 || box->array[1].integer > 256)
      return fail(path + ".box", "expected [rows, cols], each in [1, 256]",
                  error);
    map.boxRows = static_cast<unsigned>(box->array[0].integer);
    map.boxCols = static_cast<unsigned>(box->array[1].integer);
    const json::Value *swizzle = value.find("swizzle");
    int64_t swizzleBytes = swizzle && swizzle->isInteger() ? swizzle->integer
                                                           : -1;
    if (swizzleBytes != 0 && swizzleBytes != 32 && swizzleBytes != 64 &&
        swizzleBytes != 128)
      return fail(path + ".swizzle",
                  "expected the swizzle in bytes: 0, 32, 64 or 128", error);
    map.swizzle = swizzleBytes == 0    ? 0
                  : swizzleBytes == 32 ? 1
                  : swizzleBytes == 64 ? 2
                                       : 3;
    const json::Value *element = value.find("element");
    std::string type = element && element->isString() ? element->string : "";
    if (type == "bf16")
      map.dataType = 9, map.elementBytes = 2; // CU_TENSOR_MAP_DATA_TYPE_BFLOAT16
    else if (type == "f16")
      map.dataType = 6, map.elementBytes = 2; // ..._FLOAT16
    else if (type == "f32")
      map.dataType = 7, map.elementBytes = 4; // ..._FLOAT32
    else
      return fail(path + ".element", "expected \"bf16\", \"f16\" or \"f32\"",
                  error);
    // The driver's rules for the box's rows, checked here so that a bad
    // manifest is refused on load rather than on a run.
    unsigned boxRowBytes = map.boxCols * map.elementBytes;
    if (boxRowBytes % 16 != 0)
      return fail(path + ".box",
                  "a box row must be a multiple of 16 bytes, got " +
                      std::to_string(boxRowBytes),
                  error);
    if (swizzleBytes != 0 && boxRowBytes > swizzleBytes)
      return fail(path + ".box",
                  "a box row of " + std::to_string(boxRowBytes) +
                      " bytes is wider than the " +
                      std::to_string(swizzleBytes) + "-byte swizzle",
                  error);
    return true;
  }

  std::string file;
};

/// Allocates `bytes` of host memory aligned to a page (for registration).
void *allocateHost(std::size_t bytes) {
  constexpr std::size_t kPage = 4096;
  return std::aligned_alloc(kPage, (bytes + kPage - 1) / kPage * kPage);
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
  std::string jsonError;
  std::optional<json::Value> root = json::parse(text, jsonError);
  if (!root) {
    error = manifestPath + ": not valid JSON: " + jsonError;
    return nullptr;
  }
  std::unique_ptr<Bundle> bundle(new Bundle(backend));
  bundle->directory = directory;
  if (!ManifestReader(manifestPath).read(*root, bundle->ops, error))
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
      status = backend.loadModule(ptx.c_str(), &module, error);
      if (status != LMHEAD_STATUS_OK) {
        error = ptxPath + ": " + error;
        bundle->modules.erase(op.ptx);
        std::string ignored;
        bundle->release(ignored);
        return nullptr;
      }
    }
    for (KernelSpec &kernel : op.kernels) {
      status = backend.getFunction(module, kernel.name.c_str(),
                                   &kernel.function, error);
      if (status != LMHEAD_STATUS_OK) {
        error = manifestPath + ": op '" + name + "': " + error;
        std::string ignored;
        bundle->release(ignored);
        return nullptr;
      }
    }
  }
  for (void **stream : {&bundle->dhStream, &bundle->dwStream})
    if ((status = backend.createStream(stream, error)) != LMHEAD_STATUS_OK) {
      std::string ignored;
      bundle->release(ignored);
      return nullptr;
    }
  for (void **event : {&bundle->forked, &bundle->dhDone, &bundle->dwDone})
    if ((status = backend.createEvent(event, error)) != LMHEAD_STATUS_OK) {
      std::string ignored;
      bundle->release(ignored);
      return nullptr;
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
    error = "cannot allocate " + std::to_string(bytes) + " bytes of host memory";
    return LMHEAD_STATUS_UNAVAILABLE;
  }
  LMHeadStatus status = backend.registerHost(chunk.host, bytes, error);
  if (status != LMHEAD_STATUS_OK) {
    std::free(chunk.host);
    return status;
  }
  status = backend.allocate(bytes, false, &chunk.device, error);
  if (status != LMHEAD_STATUS_OK) {
    std::string ignored;
    backend.unregisterHost(chunk.host, ignored);
    std::free(chunk.host);
    return status;
  }
  pool.chunks.push_back(chunk);
  return LMHEAD_STATUS_OK;
}

LMHeadStatus Bundle::tensorMapsFor(const OpSpec &op, TensorMapPool &pool,
                                   const uint64_t *operands,
                                   std::vector<uint64_t> &addresses,
                                   void *&host, void *&device,
                                   std::string &error) {
  // Each map's request; the key is what varies between runs.
  std::vector<TensorMapRequest> requests;
  std::vector<uint64_t> key;
  for (const TensorMapSpec &map : op.tensorMaps) {
    auto sizeOf = [&](const SizeSpec &size) {
      return size.operand >= 0 ? operands[size.operand]
                               : static_cast<uint64_t>(size.constant);
    };
    uint64_t address = operands[map.operand], rows = sizeOf(map.rows),
             cols = sizeOf(map.cols);
    std::string what = "tensor map of '" + op.operands[map.operand] + "' (" +
                       std::to_string(rows) + "x" + std::to_string(cols) + ")";
    if (static_cast<int64_t>(rows) < 0 || static_cast<int64_t>(cols) < 0) {
      error = what + ": a negative size";
      return LMHEAD_STATUS_INVALID_ARGUMENT;
    }
    TensorMapRequest request;
    request.dataType = map.dataType;
    request.rank = 2;
    request.globalAddress = reinterpret_cast<void *>(address);
    request.globalDim[0] = cols;
    request.globalDim[1] = rows;
    request.globalStrides[0] = cols * map.elementBytes;
    request.boxDim[0] = map.boxCols;
    request.boxDim[1] = map.boxRows;
    request.swizzle = map.swizzle;
    // An empty tensor has no map: its kernels either do not run (their
    // grid follows the empty size) or read nothing (K = 0); they get a null
    // address.
    if (rows != 0 && cols != 0) {
      if (address == 0 || address % 16 != 0) {
        error = what + ": the address " + std::to_string(address) +
                " is not a multiple of 16, as TMA needs";
        return LMHEAD_STATUS_INVALID_ARGUMENT;
      }
      if (request.globalStrides[0] % 16 != 0) {
        error = what + ": a row of " + std::to_string(request.globalStrides[0]) +
                " bytes is not a multiple of 16, as TMA needs";
        return LMHEAD_STATUS_INVALID_ARGUMENT;
      }
    } else {
      request.rank = 0; // marks "no map"
    }
    key.insert(key.end(), {address, rows, cols});
    requests.push_back(request);
  }

  std::size_t block;
  auto known = pool.blocks.find(key);
  if (known != pool.blocks.end()) {
    block = known->second;
  } else {
    if (pool.used == pool.chunks.size() * TensorMapPool::kBlocksPerChunk)
      if (LMHeadStatus status = growPool(pool, error);
          status != LMHEAD_STATUS_OK) {
        error = "tensor maps: " + error;
        return status;
      }
    block = pool.used;
    auto *at = static_cast<unsigned char *>(
                   pool.chunks[block / TensorMapPool::kBlocksPerChunk].host) +
               block % TensorMapPool::kBlocksPerChunk * pool.blockBytes;
    std::memset(at, 0, pool.blockBytes);
    for (std::size_t i = 0; i < requests.size(); ++i) {
      if (requests[i].rank == 0)
        continue;
      LMHeadStatus status = backend.encodeTensorMap(
          requests[i], at + i * kTensorMapBytes, error);
      if (status != LMHEAD_STATUS_OK) {
        error = "tensor map of '" + op.operands[op.tensorMaps[i].operand] +
                "': " + error;
        return status;
      }
    }
    // Only a block whose maps were all encoded is kept.
    ++pool.used;
    pool.blocks.emplace(std::move(key), block);
  }
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
  for (void **event : {&forked, &dhDone, &dwDone})
    if (*event) {
      keep(backend.destroyEvent(*event, message), message);
      *event = nullptr;
    }
  for (void **stream : {&dhStream, &dwStream})
    if (*stream) {
      keep(backend.destroyStream(*stream, message), message);
      *stream = nullptr;
    }
  for (auto &[file, module] : modules)
    if (module)
      keep(backend.unloadModule(module, message), message);
  modules.clear();
  for (auto &[name, pool] : tensorMapPools)
    for (TensorMapPool::Chunk &chunk : pool.chunks) {
      keep(backend.deallocate(chunk.device, message), message);
      keep(backend.unregisterHost(chunk.host, message), message);
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
    const LaunchSize &size = kernel.grid[i];
    int64_t value = size.constant;
    if (size.operand >= 0) {
      auto count = static_cast<int64_t>(operands[size.operand]);
      if (count < 0) {
        error = "kernel '" + kernel.name + "': operand '" +
                op.operands[size.operand] + "' is " + std::to_string(count) +
                ", a negative size";
        return false;
      }
      value = count / size.divisor + (count % size.divisor != 0);
    }
    if (value > kMaxLaunchSize) {
      error = "kernel '" + kernel.name + "': grid size " +
              std::to_string(value) + " exceeds 2^31 − 1";
      return false;
    }
    grid[i] = static_cast<unsigned>(value);
  }
  return true;
}

LMHeadStatus Bundle::run(const std::string &opName, const uint64_t *operands,
                         std::size_t count, void *stream, std::string &error) {
  auto found = ops.find(opName);
  if (found == ops.end()) {
    error = "the bundle in '" + directory + "' has no op '" + opName + "'";
    return LMHEAD_STATUS_NOT_FOUND;
  }
  const OpSpec &op = found->second;
  if (count != op.operands.size() || (count && !operands)) {
    std::string names;
    for (const std::string &name : op.operands)
      names += (names.empty() ? "" : ", ") + name;
    error = "op '" + opName + "' takes " + std::to_string(op.operands.size()) +
            " operands (" + names + ") but " + std::to_string(count) +
            " were given";
    return LMHEAD_STATUS_INVALID_ARGUMENT;
  }
  // Sizes first: nothing is enqueued for a run that cannot launch.
  std::vector<std::array<unsigned, 3>> grids;
  bool usesDh = false, usesDw = false;
  for (const KernelSpec &kernel : op.kernels) {
    unsigned grid[3];
    if (!gridOf(kernel, op, operands, grid, error))
      return LMHEAD_STATUS_INVALID_ARGUMENT;
    grids.push_back({grid[0], grid[1], grid[2]});
    usesDh |= kernel.role == StreamRole::Dh;
    usesDw |= kernel.role == StreamRole::Dw;
  }

  std::lock_guard<std::mutex> lock(runMutex);
  // The tensor maps, copied to their device block before the fork so that
  // both internal streams see them.
  std::vector<uint64_t> mapAddresses;
  LMHeadStatus status = LMHEAD_STATUS_OK;
  if (!op.tensorMaps.empty()) {
    void *host = nullptr, *device = nullptr;
    TensorMapPool &pool = tensorMapPools[opName];
    status = tensorMapsFor(op, pool, operands, mapAddresses, host, device,
                           error);
    if (status == LMHEAD_STATUS_OK)
      status = backend.copy(device, host, pool.blockBytes, stream, error);
    if (status != LMHEAD_STATUS_OK) {
      error = "op '" + opName + "': " + error;
      return status;
    }
  }
  status = backend.recordEvent(forked, stream, error);
  if (status == LMHEAD_STATUS_OK && usesDh)
    status = backend.streamWaitEvent(dhStream, forked, error);
  if (status == LMHEAD_STATUS_OK && usesDw)
    status = backend.streamWaitEvent(dwStream, forked, error);
  for (std::size_t k = 0; k < op.kernels.size() && status == LMHEAD_STATUS_OK;
       ++k) {
    const KernelSpec &kernel = op.kernels[k];
    if (grids[k][0] == 0 || grids[k][1] == 0 || grids[k][2] == 0)
      continue; // an empty grid: no tokens, nothing to do
    std::vector<uint64_t> values;
    for (const ParamSpec &param : kernel.params)
      values.push_back(param.tensorMap >= 0 ? mapAddresses[param.tensorMap]
                       : param.operand >= 0
                           ? operands[param.operand]
                           : static_cast<uint64_t>(param.constant));
    std::vector<void *> params;
    for (uint64_t &value : values)
      params.push_back(&value);
    LaunchDims dims;
    for (int i = 0; i < 3; ++i) {
      dims.grid[i] = grids[k][i];
      dims.block[i] = kernel.block[i];
      dims.cluster[i] = kernel.cluster[i];
    }
    dims.sharedBytes = kernel.sharedBytes;
    void *on = kernel.role == StreamRole::Dh   ? dhStream
               : kernel.role == StreamRole::Dw ? dwStream
                                               : stream;
    status = backend.launch(kernel.function, kernel.name.c_str(), dims, on,
                            params.data(), error);
  }
  // Join even after a failure, so that a capturing stream is never left
  // forked; the first failure is the one reported.
  std::string joinError;
  auto join = [&](bool used, void *internal, void *done) {
    if (!used)
      return;
    LMHeadStatus joined = backend.recordEvent(done, internal, joinError);
    if (joined == LMHEAD_STATUS_OK)
      joined = backend.streamWaitEvent(stream, done, joinError);
    if (status == LMHEAD_STATUS_OK && joined != LMHEAD_STATUS_OK) {
      status = joined;
      error = joinError;
    }
  };
  join(usesDh, dhStream, dhDone);
  join(usesDw, dwStream, dwDone);
  if (status != LMHEAD_STATUS_OK)
    error = "op '" + opName + "': " + error;
  return status;
}

// The C API.

struct LMHeadBundle {
  std::unique_ptr<Bundle> bundle;
};

extern "C" LMHeadStatus lmheadBundleLoad(const char *directory,
                                         LMHeadBundle **bundle) {
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
}

extern "C" LMHeadStatus lmheadBundleRun(LMHeadBundle *bundle, const char *op,
                                        const unsigned long long *operands,
                                        unsigned long long operandCount,
                                        void *stream) {
  if (!bundle || !op)
    return fail(LMHEAD_STATUS_INVALID_ARGUMENT,
                "lmheadBundleRun: bundle and op must not be null");
  if (operandCount && !operands)
    return fail(LMHEAD_STATUS_INVALID_ARGUMENT,
                "lmheadBundleRun: operands is null but operandCount is " +
                    std::to_string(operandCount));
  std::vector<uint64_t> values(operands, operands + operandCount);
  std::string error;
  LMHeadStatus status =
      bundle->bundle->run(op, values.data(), values.size(), stream, error);
  if (status != LMHEAD_STATUS_OK)
    return fail(status, "lmheadBundleRun: " + error);
  return succeed();
}

extern "C" LMHeadStatus lmheadBundleUnload(LMHeadBundle *bundle) {
  if (!bundle)
    return succeed();
  std::string error;
  LMHeadStatus status = bundle->bundle->release(error);
  delete bundle;
  if (status != LMHEAD_STATUS_OK)
    return fail(status, "lmheadBundleUnload: " + error);
  return succeed();
}
