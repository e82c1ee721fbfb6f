//===- BundleManifest.cpp - a bundle's manifest.json, read and checked ----===//
//
// The manifest is checked completely on load, so that a run only has to
// evaluate sizes: every message names the manifest, the JSON path of the
// bad entry and what would be accepted. Integer expressions (sizes, grid
// sizes, parameters computed from the operands) are read here and
// evaluated on each run by IntExpr::evaluate.
//
//===----------------------------------------------------------------------===//

#include "Bundle.h"

#include "lmhead/runtime/Manifest.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>

using namespace lmhead::runtime;
namespace manifest = lmhead::manifest;

namespace {

using Json = nlohmann::json;

constexpr int64_t kMaxLaunchSize = 0x7fffffff;
/// How deep a manifest's arrays and objects may nest (lmhead-opt's nest 7
/// deep): a hostile file cannot make the reader recurse without bound.
constexpr int kMaxDepth = 64;

/// The member `key` of object `value`, or null.
const Json *member(const Json &value, const char *key) {
  if (!value.is_object())
    return nullptr;
  auto it = value.find(key);
  return it == value.end() ? nullptr : &*it;
}

/// Whether `value` is an integer that fits in 64 signed bits.
bool isInteger(const Json &value) {
  return value.is_number_integer() &&
         (!value.is_number_unsigned() ||
          value.get<uint64_t>() <= uint64_t(INT64_MAX));
}
int64_t integerOf(const Json &value) { return value.get<int64_t>(); }
const std::string &textOf(const Json &value) {
  return value.get_ref<const std::string &>();
}

/// Line and column (from 1) of byte `offset` of `text`.
std::string positionIn(const std::string &text, std::size_t offset) {
  offset = std::min(offset, text.size());
  std::size_t line = 1, column = 1;
  for (std::size_t i = 0; i < offset; ++i)
    if (text[i] == '\n')
      ++line, column = 1;
    else
      ++column;
  return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

/// Why parsing stopped early: a duplicate key or too deep a nesting.
struct Refused {
  std::string what;
};

/// Parses `text`, refusing duplicate keys (JSON leaves them undefined; the
/// last one would win silently) and nesting deeper than kMaxDepth; on
/// failure returns nothing with `error` naming the line and column.
std::optional<Json> parseJson(const std::string &text, std::string &error) {
  std::vector<std::set<std::string>> keys; // of each open object
  std::size_t depth = 0;
  auto check = [&](int, Json::parse_event_t event, Json &parsed) {
    switch (event) {
    case Json::parse_event_t::object_start:
      keys.emplace_back();
      [[fallthrough]];
    case Json::parse_event_t::array_start:
      if (++depth > kMaxDepth)
        throw Refused{"nested deeper than " + std::to_string(kMaxDepth)};
      break;
    case Json::parse_event_t::object_end:
      keys.pop_back();
      [[fallthrough]];
    case Json::parse_event_t::array_end:
      --depth;
      break;
    case Json::parse_event_t::key:
      if (!keys.back().insert(parsed.get<std::string>()).second)
        throw Refused{"duplicate key \"" + parsed.get<std::string>() + "\""};
      break;
    case Json::parse_event_t::value:
      break;
    }
    return true;
  };
  try {
    return Json::parse(text, check);
  } catch (const Json::parse_error &failure) {
    // nlohmann's message after its own "[json.exception...] parse error at
    // line L, column C: " prefix.
    std::string what = failure.what();
    std::size_t colon = what.find(": ");
    error = positionIn(text, failure.byte == 0 ? 0 : failure.byte - 1) + ": " +
            (colon == std::string::npos ? what : what.substr(colon + 2));
    return std::nullopt;
  } catch (const Refused &refused) {
    error = "not accepted: " + refused.what;
    return std::nullopt;
  }
}

/// What an integer expression may be, for messages.
constexpr const char *kExprForms =
    "an integer, an integer operand's name, the index of the kernel's loop, "
    "{\"mul\": [x, y, ...]}, {\"sub\": [x, y]}, {\"ceil_div\": [x, n]} "
    "or {\"mod\": [x, n]} (n a positive integer), {\"min\": [x, y]} or "
    "{\"max\": [x, y]}";

/// Reads a manifest into ops, naming the JSON path of whatever is wrong.
class ManifestReader {
public:
  explicit ManifestReader(std::string file) : file(std::move(file)) {}

  bool read(const Json &root, std::map<std::string, OpSpec> &ops,
            std::string &error) {
    if (!root.is_object())
      return fail("", "expected an object", error);
    const Json *format = member(root, "format");
    if (!format || !format->is_string() || textOf(*format) != manifest::kFormat)
      return fail("format", "expected \"lmhead-bundle\"", error);
    const Json *version = member(root, "version");
    if (!version || !isInteger(*version))
      return fail("version", "expected the format's version, an integer",
                  error);
    if (integerOf(*version) != manifest::kVersion)
      return fail("version",
                  "the manifest has version " +
                      std::to_string(integerOf(*version)) +
                      " of the format but this runtime reads version " +
                      std::to_string(manifest::kVersion) +
                      "; recompile the bundle with this build's lmhead-opt",
                  error);
    if (!readProducer(member(root, "producer"), error))
      return false;
    // The bundle's PTX file; an op may name its own instead.
    std::string ptxFile;
    if (const Json *ptx = member(root, "ptx"))
      if (!readPtxName("ptx", *ptx, ptxFile, error))
        return false;
    const Json *opsValue = member(root, "ops");
    if (!opsValue || !opsValue->is_object() || opsValue->empty())
      return fail("ops", "expected an object with at least one op", error);
    for (const auto &[name, value] : opsValue->items()) {
      OpSpec op;
      op.ptx = ptxFile;
      if (!readOp("ops." + name, value, op, error))
        return false;
      ops.emplace(name, std::move(op));
    }
    return true;
  }

private:
  /// The build identity of the lmhead-opt that wrote the bundle:
  /// {"lmhead": version, "revision": git commit, ...}. Its version must be
  /// this runtime's, and its revision too when both are known: a bundle
  /// another build compiled may follow other rules than this runtime reads
  /// (parameters, workspace, streams), and would run wrong, not fail.
  bool readProducer(const Json *producer, std::string &error) {
    const std::string recompile =
        "; recompile the bundle with this build's lmhead-opt (lmhead.torch "
        "does that when its cache key changes)";
    if (!producer || !producer->is_object())
      return fail("producer",
                  "expected the build identity lmhead-opt writes, "
                  "{\"lmhead\": version, \"revision\": commit, ...}; the "
                  "bundle has none, so it predates this runtime" +
                      recompile,
                  error);
    const Json *version = member(*producer, "lmhead");
    if (!version || !version->is_string())
      return fail("producer.lmhead", "expected lmhead's version, a string",
                  error);
    if (textOf(*version) != lmheadGetVersionString())
      return fail("producer.lmhead",
                  "the bundle was compiled by lmhead " + textOf(*version) +
                      " but this runtime is lmhead " +
                      lmheadGetVersionString() + recompile,
                  error);
    const Json *revision = member(*producer, "revision");
    if (!revision)
      return true;
    if (!revision->is_string())
      return fail("producer.revision", "expected a git commit, a string",
                  error);
    std::string own = lmheadGetBuildRevision();
    if (textOf(*revision) != "unknown" && own != "unknown" &&
        textOf(*revision) != own)
      return fail("producer.revision",
                  "the bundle was compiled by lmhead-opt at revision " +
                      textOf(*revision) + " but this runtime was built at " +
                      own + recompile,
                  error);
    return true;
  }

  bool fail(const std::string &path, const std::string &what,
            std::string &error) const {
    error = file + ": " + (path.empty() ? "" : path + ": ") + what;
    return false;
  }

  bool readPtxName(const std::string &path, const Json &value,
                   std::string &ptxFile, std::string &error) {
    if (!value.is_string() || textOf(value).empty() ||
        textOf(value).find('/') != std::string::npos)
      return fail(path, "expected the name of a PTX file in the bundle", error);
    ptxFile = textOf(value);
    return true;
  }

  bool readOp(const std::string &path, const Json &value, OpSpec &op,
              std::string &error) {
    if (!value.is_object())
      return fail(path, "expected an object with operands and kernels", error);
    if (const Json *ptx = member(value, "ptx")) {
      if (!readPtxName(path + ".ptx", *ptx, op.ptx, error))
        return false;
    } else if (op.ptx.empty()) {
      return fail(path + ".ptx",
                  "expected the name of a PTX file in the bundle (the op's "
                  "own, or \"ptx\" at the top level for every op)",
                  error);
    }
    const Json *operands = member(value, "operands");
    if (!operands || !operands->is_array() || operands->empty())
      return fail(path + ".operands", "expected a non-empty array of names",
                  error);
    for (const Json &operand : (*operands)) {
      if (!operand.is_string() || textOf(operand).empty())
        return fail(path + ".operands", "expected operand names (strings)",
                    error);
      for (const std::string &seen : op.operands)
        if (seen == textOf(operand))
          return fail(path + ".operands",
                      "operand '" + seen + "' is named twice", error);
      op.operands.push_back(textOf(operand));
    }
    if (const Json *kind = member(value, manifest::key::kOpKind)) {
      if (!kind->is_string())
        return fail(path + ".op", "expected the op's kind, a string", error);
      op.kind = textOf(*kind);
    }
    if (const Json *workspace = member(value, "workspace"))
      if (!readWorkspace(path + ".workspace", *workspace, op, error))
        return false;
    if (const Json *tensors = member(value, manifest::key::kTensors))
      if (!readTensors(path + ".tensors", *tensors, op, error))
        return false;
    const Json *kernels = member(value, "kernels");
    if (!kernels || !kernels->is_array() || kernels->empty())
      return fail(path + ".kernels", "expected a non-empty array of kernels",
                  error);
    op.valueNames = op.operands;
    if (const Json *loops = member(value, manifest::key::kLoops))
      if (!readLoops(path + ".loops", *loops, kernels->size(), op, error))
        return false;
    for (std::size_t i = 0; i < kernels->size(); ++i) {
      KernelSpec kernel;
      if (!readKernel(path + ".kernels[" + std::to_string(i) + "]",
                      (*kernels)[i], op, kernel, error))
        return false;
      op.kernels.push_back(std::move(kernel));
    }
    if (!checkLoopReads(path, op, error))
      return false;
    markSizes(op);
    // The events of the kernels others wait for: a ring of k + 1 for a
    // kernel of a loop waited for k iterations later, else one.
    std::vector<int> slots(op.kernels.size(), 0);
    for (const KernelSpec &kernel : op.kernels)
      for (const KernelWait &wait : kernel.after)
        slots[wait.kernel] =
            std::max(slots[wait.kernel], wait.iterationsBack + 1);
    for (const KernelSpec &kernel : op.kernels)
      for (const KernelWait &wait : kernel.after) {
        KernelSpec &waited = op.kernels[wait.kernel];
        if (waited.event >= 0)
          continue;
        waited.event = op.numEvents;
        waited.eventSlots = slots[wait.kernel];
        op.numEvents += waited.eventSlots;
      }
    return true;
  }

  /// [{"index": name, "count": size, "kernels": [begin, end]}, ...]: runs
  /// of consecutive kernels, in order, that run once per value of the
  /// index.
  bool readLoops(const std::string &path, const Json &value,
                 std::size_t numKernels, OpSpec &op, std::string &error) {
    if (!value.is_array())
      return fail(path,
                  "expected an array of {\"index\": name, \"count\": size, "
                  "\"kernels\": [begin, end]}",
                  error);
    int64_t previousEnd = 0;
    for (std::size_t i = 0; i < value.size(); ++i) {
      std::string at = path + "[" + std::to_string(i) + "]";
      const Json &loop = value[i];
      if (!loop.is_object())
        return fail(at,
                    "expected {\"index\": name, \"count\": size, "
                    "\"kernels\": [begin, end]}",
                    error);
      for (const auto &[key, unused] : loop.items())
        if (key != manifest::key::kIndex && key != manifest::key::kCount &&
            key != manifest::key::kKernels)
          return fail(at + "." + key,
                      "unknown key; a loop has \"index\", \"count\" and "
                      "\"kernels\"",
                      error);
      LoopSpec spec;
      const Json *index = member(loop, manifest::key::kIndex);
      if (!index || !index->is_string() || textOf(*index).empty())
        return fail(at + ".index", "expected the name of the loop's index",
                    error);
      spec.index = textOf(*index);
      if (std::find(op.valueNames.begin(), op.valueNames.end(), spec.index) !=
          op.valueNames.end())
        return fail(at + ".index",
                    "'" + spec.index +
                        "' is already the name of an operand or loop index",
                    error);
      const Json *count = member(loop, manifest::key::kCount);
      if (!count)
        return fail(at + ".count",
                    "expected the number of iterations, an integer "
                    "expression of the operands",
                    error);
      if (!readSize(at + ".count", *count, op, 0, kMaxLaunchSize, spec.count,
                    error))
        return false;
      for (std::size_t j = op.operands.size(); j < op.valueNames.size(); ++j)
        if (spec.count.reads(static_cast<int>(j)))
          return fail(at + ".count",
                      "a loop's count reads the index '" + op.valueNames[j] +
                          "'; it may read only operands",
                      error);
      const Json *range = member(loop, manifest::key::kKernels);
      if (!range || !range->is_array() || range->size() != 2 ||
          !isInteger((*range)[0]) || !isInteger((*range)[1]) ||
          integerOf((*range)[0]) < previousEnd ||
          integerOf((*range)[1]) <= integerOf((*range)[0]) ||
          static_cast<uint64_t>(integerOf((*range)[1])) > numKernels)
        return fail(at + ".kernels",
                    "expected [begin, end): kernels " +
                        std::to_string(previousEnd) + " <= begin < end <= " +
                        std::to_string(numKernels) + ", after the loop before",
                    error);
      spec.begin = static_cast<int>(integerOf((*range)[0]));
      spec.end = static_cast<int>(integerOf((*range)[1]));
      previousEnd = spec.end;
      op.valueNames.push_back(spec.index);
      op.loops.push_back(std::move(spec));
    }
    return true;
  }

  /// That each kernel reads only its own loop's index, and waits for a
  /// kernel of an earlier iteration only in its own loop; marks the tensor
  /// maps that read an index.
  bool checkLoopReads(const std::string &path, OpSpec &op, std::string &error) {
    int numOperands = static_cast<int>(op.operands.size());
    for (std::size_t k = 0; k < op.kernels.size(); ++k) {
      const KernelSpec &kernel = op.kernels[k];
      std::string at = path + ".kernels[" + std::to_string(k) + "]";
      std::vector<const IntExpr *> sizes;
      for (const IntExpr &size : kernel.grid)
        sizes.push_back(&size);
      for (const ParamSpec &param : kernel.params) {
        if (param.kind == ParamSpec::Kind::Expr)
          sizes.push_back(&param.expr);
        if (param.kind != ParamSpec::Kind::TensorMap)
          continue;
        TensorMapSpec &map = op.tensorMaps[param.index];
        for (const IntExpr *size :
             {&map.rows, &map.cols, &map.offset, &map.rowStride}) {
          sizes.push_back(size);
          for (std::size_t l = 0; l < op.loops.size(); ++l)
            if (size->reads(numOperands + static_cast<int>(l)))
              map.loop = static_cast<int>(l);
        }
      }
      for (std::size_t l = 0; l < op.loops.size(); ++l) {
        if (static_cast<int>(l) == kernel.loop)
          continue;
        for (const IntExpr *size : sizes)
          if (size->reads(numOperands + static_cast<int>(l)))
            return fail(at,
                        "reads the index '" + op.loops[l].index +
                            "' of a loop it is not in",
                        error);
      }
      for (const KernelWait &wait : kernel.after)
        if (wait.iterationsBack > 0 &&
            (kernel.loop < 0 || op.kernels[wait.kernel].loop != kernel.loop))
          return fail(at + ".after",
                      "waits for kernel " + std::to_string(wait.kernel) +
                          " from " + std::to_string(wait.iterationsBack) +
                          " iteration(s) earlier, but the two are not in "
                          "one loop",
                      error);
    }
    return true;
  }

  /// {name: {"type": type, "shape": [size, ...], "accumulates": bool}}
  /// for pointer operands: what each must hold, for frameworks.
  bool readTensors(const std::string &path, const Json &value, OpSpec &op,
                   std::string &error) {
    if (!value.is_object())
      return fail(path, "expected an object of tensors by operand name", error);
    for (const auto &[name, tensor] : value.items()) {
      std::string at = path + "." + name;
      int index = operandIndex(op, name);
      if (index < 0 || index == op.workspaceOperand ||
          index == op.workspaceBytesOperand)
        return fail(at, "'" + name + "' is not a pointer operand of the op",
                    error);
      if (!tensor.is_object())
        return fail(at, "expected {\"type\": type, \"shape\": [size, ...]}",
                    error);
      TensorSpec spec;
      const Json *type = member(tensor, manifest::key::kType);
      spec.element = type && type->is_string() ? textOf(*type) : "";
      if (manifest::elementBytes(spec.element) == 0)
        return fail(at + ".type",
                    "expected \"f32\", \"bf16\", \"f16\", \"i32\" or \"i64\"",
                    error);
      const Json *shape = member(tensor, manifest::key::kShape);
      if (!shape || !shape->is_array() || shape->size() > 8)
        return fail(at + ".shape", "expected [size, ...], up to eight sizes",
                    error);
      for (std::size_t d = 0; d < shape->size(); ++d) {
        IntExpr size;
        if (!readSize(at + ".shape[" + std::to_string(d) + "]", (*shape)[d], op,
                      0, int64_t(1) << 48, size, error))
          return false;
        spec.shape.push_back(std::move(size));
      }
      if (const Json *accumulates =
              member(tensor, manifest::key::kAccumulates)) {
        if (!accumulates->is_boolean())
          return fail(at + ".accumulates", "expected true or false", error);
        spec.accumulates = accumulates->get<bool>();
      }
      op.tensors.emplace(index, std::move(spec));
    }
    return true;
  }

  /// Marks in op.isSize the operands an integer expression of `op` reads.
  static void markSizes(OpSpec &op) {
    op.isSize.assign(op.operands.size(), false);
    std::vector<const IntExpr *> pending;
    for (const KernelSpec &kernel : op.kernels) {
      for (const IntExpr &size : kernel.grid)
        pending.push_back(&size);
      for (const ParamSpec &param : kernel.params)
        pending.push_back(&param.expr);
    }
    for (const TensorMapSpec &map : op.tensorMaps)
      for (const IntExpr *size :
           {&map.rows, &map.cols, &map.offset, &map.rowStride})
        pending.push_back(size);
    for (const LoopSpec &loop : op.loops)
      pending.push_back(&loop.count);
    for (const ScratchSpec &scratch : op.scratch)
      for (const IntExpr &size : scratch.shape)
        pending.push_back(&size);
    for (const auto &[index, tensor] : op.tensors)
      for (const IntExpr &size : tensor.shape)
        pending.push_back(&size);
    while (!pending.empty()) {
      const IntExpr *expr = pending.back();
      pending.pop_back();
      if (expr->kind == IntExpr::Kind::Operand &&
          expr->operand < static_cast<int>(op.operands.size()))
        op.isSize[expr->operand] = true;
      for (const IntExpr &term : expr->terms)
        pending.push_back(&term);
    }
  }

  int operandIndex(const OpSpec &op, const std::string &name) const {
    for (std::size_t i = 0; i < op.operands.size(); ++i)
      if (op.operands[i] == name)
        return static_cast<int>(i);
    return -1;
  }
  /// An operand, or the index of a loop read so far (numbered after the
  /// operands).
  int valueIndex(const OpSpec &op, const std::string &name) const {
    for (std::size_t i = 0; i < op.valueNames.size(); ++i)
      if (op.valueNames[i] == name)
        return static_cast<int>(i);
    return operandIndex(op, name);
  }
  int scratchIndex(const OpSpec &op, const std::string &name) const {
    for (std::size_t i = 0; i < op.scratch.size(); ++i)
      if (op.scratch[i].name == name)
        return static_cast<int>(i);
    return -1;
  }
  /// An operand or a workspace buffer.
  BufferRef bufferNamed(const OpSpec &op, const std::string &name) const {
    BufferRef ref;
    ref.operand = operandIndex(op, name);
    if (ref.operand < 0)
      ref.scratch = scratchIndex(op, name);
    return ref;
  }

  /// {"operand": name, "bytes": name, "buffers": [{"name": name, "type":
  /// type, "shape": [size, ...]}, ...]}.
  bool readWorkspace(const std::string &path, const Json &value, OpSpec &op,
                     std::string &error) {
    if (!value.is_object())
      return fail(path,
                  "expected {\"operand\": name, \"bytes\": name, "
                  "\"buffers\": [...]}",
                  error);
    for (const char *key : {"operand", "bytes"}) {
      const Json *name = member(value, key);
      int index =
          name && name->is_string() ? operandIndex(op, textOf(*name)) : -1;
      if (index < 0)
        return fail(path + "." + key,
                    std::string("expected the name of the operand that holds "
                                "the workspace's ") +
                        (key == std::string("operand") ? "address" : "size") +
                        " in bytes",
                    error);
      (key == std::string("operand") ? op.workspaceOperand
                                     : op.workspaceBytesOperand) = index;
    }
    const Json *buffers = member(value, "buffers");
    if (!buffers || !buffers->is_array())
      return fail(path + ".buffers", "expected an array of buffers", error);
    for (std::size_t i = 0; i < buffers->size(); ++i) {
      std::string at = path + ".buffers[" + std::to_string(i) + "]";
      const Json &buffer = (*buffers)[i];
      if (!buffer.is_object())
        return fail(at,
                    "expected {\"name\": name, \"type\": type, \"shape\": "
                    "[size, ...]}",
                    error);
      for (const auto &[key, unused] : buffer.items())
        if (key != "name" && key != "type" && key != "shape")
          return fail(at + "." + key,
                      "unknown key; a workspace buffer has \"name\", "
                      "\"type\" and \"shape\"",
                      error);
      ScratchSpec scratch;
      const Json *name = member(buffer, "name");
      if (!name || !name->is_string() || textOf(*name).empty())
        return fail(at + ".name", "expected the buffer's name", error);
      scratch.name = textOf(*name);
      if (operandIndex(op, scratch.name) >= 0 ||
          scratchIndex(op, scratch.name) >= 0)
        return fail(at + ".name",
                    "'" + scratch.name +
                        "' is already the name of an operand or buffer",
                    error);
      const Json *type = member(buffer, "type");
      std::string typeName = type && type->is_string() ? textOf(*type) : "";
      scratch.elementBytes = manifest::elementBytes(typeName);
      if (scratch.elementBytes == 0)
        return fail(at + ".type",
                    "expected \"f32\", \"bf16\", \"f16\", \"i32\" or \"i64\"",
                    error);
      const Json *shape = member(buffer, "shape");
      if (!shape || !shape->is_array() || shape->empty() || shape->size() > 8)
        return fail(at + ".shape", "expected [size, ...], one to eight sizes",
                    error);
      for (std::size_t d = 0; d < shape->size(); ++d) {
        IntExpr size;
        if (!readSize(at + ".shape[" + std::to_string(d) + "]", (*shape)[d], op,
                      0, int64_t(1) << 40, size, error))
          return false;
        scratch.shape.push_back(std::move(size));
      }
      op.scratch.push_back(std::move(scratch));
    }
    return true;
  }

  /// An integer expression (kExprForms). Integer literals are taken as
  /// they are; readSize bounds them.
  bool readExpr(const std::string &path, const Json &value, const OpSpec &op,
                IntExpr &expr, std::string &error, int depth = 0) {
    if (depth > 8)
      return fail(path, "an integer expression nested too deep", error);
    if (isInteger(value)) {
      expr = IntExpr::constant(integerOf(value));
      return true;
    }
    if (value.is_string()) {
      expr.kind = IntExpr::Kind::Operand;
      expr.operand = valueIndex(op, textOf(value));
      if (expr.operand < 0)
        return fail(path,
                    std::string("expected ") + kExprForms + "; '" +
                        textOf(value) +
                        "' is not an operand of the op or a loop's index",
                    error);
      return true;
    }
    const Json *product = member(value, "mul");
    if (product && value.size() == 1 && product->is_array() &&
        !product->empty()) {
      expr.kind = IntExpr::Kind::Product;
      for (std::size_t i = 0; i < product->size(); ++i) {
        IntExpr factor;
        if (!readExpr(path + ".mul[" + std::to_string(i) + "]", (*product)[i],
                      op, factor, error, depth + 1))
          return false;
        if (factor.isConstant() && factor.value < 0)
          return fail(path + ".mul[" + std::to_string(i) + "]",
                      "expected a size, not a negative integer", error);
        expr.terms.push_back(std::move(factor));
      }
      return true;
    }
    for (auto [key, kind] :
         {std::make_pair(manifest::key::kCeilDiv, IntExpr::Kind::CeilDiv),
          std::make_pair(manifest::key::kMod, IntExpr::Kind::Remainder)}) {
      const Json *pair = member(value, key);
      if (!pair || value.size() != 1 || !pair->is_array() ||
          pair->size() != 2 || !isInteger((*pair)[1]) ||
          integerOf((*pair)[1]) < 1)
        continue;
      std::string at = path + "." + key + "[0]";
      expr.kind = kind;
      expr.value = integerOf((*pair)[1]);
      IntExpr dividend;
      if (!readExpr(at, (*pair)[0], op, dividend, error, depth + 1))
        return false;
      if (dividend.isConstant() && dividend.value < 0)
        return fail(at, "expected a size, not a negative integer", error);
      expr.terms.push_back(std::move(dividend));
      return true;
    }
    for (auto [key, kind] :
         {std::make_pair(manifest::key::kMin, IntExpr::Kind::Min),
          std::make_pair(manifest::key::kMax, IntExpr::Kind::Max),
          std::make_pair(manifest::key::kSub, IntExpr::Kind::Difference)}) {
      const Json *pair = member(value, key);
      if (!pair || value.size() != 1 || !pair->is_array() || pair->size() != 2)
        continue;
      expr.kind = kind;
      for (std::size_t i = 0; i < 2; ++i) {
        std::string at = path + "." + key + "[" + std::to_string(i) + "]";
        IntExpr operand;
        if (!readExpr(at, (*pair)[i], op, operand, error, depth + 1))
          return false;
        if (operand.isConstant() && operand.value < 0)
          return fail(at, "expected a size, not a negative integer", error);
        expr.terms.push_back(std::move(operand));
      }
      return true;
    }
    return fail(path, std::string("expected ") + kExprForms, error);
  }

  /// A size: an integer expression whose literal value, if it is one, lies
  /// in [low, high].
  bool readSize(const std::string &path, const Json &value, const OpSpec &op,
                int64_t low, int64_t high, IntExpr &size, std::string &error) {
    if (!readExpr(path, value, op, size, error))
      return false;
    if (size.isConstant() && (size.value < low || size.value > high))
      return fail(path,
                  "expected a size in [" + std::to_string(low) + ", " +
                      (high == kMaxLaunchSize ? std::string("2^31)")
                       : high == (int64_t(1) << 32)
                           ? std::string("2^32]")
                           : std::to_string(high) + "]"),
                  error);
    return true;
  }

  bool readTriple(const std::string &path, const Json *value,
                  unsigned (&triple)[3], std::string &error) {
    if (!value)
      return true; // defaults to (1, 1, 1)
    if (!value->is_array() || value->size() != 3)
      return fail(path, "expected three sizes [x, y, z]", error);
    for (int i = 0; i < 3; ++i) {
      const Json &size = (*value)[i];
      if (!isInteger(size) || integerOf(size) < 1 ||
          integerOf(size) > 1024 * 1024)
        return fail(path, "expected sizes in [1, 2^20]", error);
      triple[i] = static_cast<unsigned>(integerOf(size));
    }
    return true;
  }

  bool readKernel(const std::string &path, const Json &value, OpSpec &op,
                  KernelSpec &kernel, std::string &error) {
    if (!value.is_object())
      return fail(path, "expected an object", error);
    const Json *name = member(value, "name");
    if (!name || !name->is_string() || textOf(*name).empty())
      return fail(path + ".name", "expected the kernel's name in the PTX",
                  error);
    kernel.name = textOf(*name);
    int self = static_cast<int>(op.kernels.size());
    for (std::size_t l = 0; l < op.loops.size(); ++l)
      if (op.loops[l].begin <= self && self < op.loops[l].end)
        kernel.loop = static_cast<int>(l);
    if (const Json *first = member(value, manifest::key::kFirstIteration)) {
      if (!first->is_string() || textOf(*first).empty())
        return fail(path + ".first_iteration",
                    "expected the name of the kernel the loop's first "
                    "iteration launches",
                    error);
      if (kernel.loop < 0)
        return fail(path + ".first_iteration",
                    "only a kernel in a loop has a first iteration", error);
      kernel.firstIteration = textOf(*first);
    }
    const Json *role = member(value, manifest::key::kStream);
    std::optional<manifest::Stream> stream =
        role && role->is_string() ? manifest::streamNamed(textOf(*role))
                                  : std::nullopt;
    if (!stream)
      return fail(path + ".stream",
                  "expected \"dh\", \"dw\", \"db\" or \"main\"", error);
    kernel.role = *stream;
    if (kernel.role != StreamRole::Main)
      op.usesStream[internalIndex(kernel.role)] = true;
    const Json *grid = member(value, "grid");
    if (!grid || !grid->is_array() || grid->size() != 3)
      return fail(path + ".grid", "expected three sizes [x, y, z]", error);
    for (int i = 0; i < 3; ++i)
      if (!readSize(path + ".grid[" + std::to_string(i) + "]", (*grid)[i], op,
                    1, kMaxLaunchSize, kernel.grid[i], error))
        return false;
    if (!member(value, "block"))
      return fail(path + ".block", "expected three sizes [x, y, z]", error);
    if (!readTriple(path + ".block", member(value, "block"), kernel.block,
                    error) ||
        !readTriple(path + ".cluster", member(value, "cluster"), kernel.cluster,
                    error))
      return false;
    if (const Json *programmatic =
            member(value, manifest::key::kProgrammatic)) {
      if (!programmatic->is_boolean())
        return fail(path + ".programmatic",
                    "expected true (a programmatic dependent launch, whose "
                    "kernel waits with griddepcontrol.wait) or false",
                    error);
      kernel.programmatic = programmatic->get<bool>();
    }
    if (const Json *shared = member(value, "shared_bytes")) {
      if (!isInteger(*shared) || integerOf(*shared) < 0 ||
          integerOf(*shared) > 1024 * 1024)
        return fail(path + ".shared_bytes", "expected bytes in [0, 2^20]",
                    error);
      kernel.sharedBytes = static_cast<unsigned>(integerOf(*shared));
    }
    if (const Json *after = member(value, "after")) {
      std::string at = path + ".after";
      std::string accepted =
          "expected an array of kernels to wait for: indices of earlier "
          "kernels of the op, in [0, " +
          std::to_string(self) +
          "), or {\"kernel\": index, \"iterations_back\": k >= 1} for a "
          "kernel of the same loop";
      if (!after->is_array())
        return fail(at, accepted, error);
      for (const Json &entry : (*after)) {
        KernelWait wait;
        const Json *index = &entry;
        if (entry.is_object()) {
          index = member(entry, manifest::key::kAfterKernel);
          const Json *back = member(entry, manifest::key::kIterationsBack);
          if (!index || !back || entry.size() != 2 || !isInteger(*back) ||
              integerOf(*back) < 1 || integerOf(*back) > 64)
            return fail(at, accepted, error);
          wait.iterationsBack = static_cast<int>(integerOf(*back));
        }
        int64_t limit = wait.iterationsBack > 0 && kernel.loop >= 0
                            ? op.loops[kernel.loop].end
                            : self;
        if (!isInteger(*index) || integerOf(*index) < 0 ||
            integerOf(*index) >= limit)
          return fail(at, accepted, error);
        wait.kernel = static_cast<int>(integerOf(*index));
        kernel.after.push_back(wait);
      }
    }
    const Json *params = member(value, "params");
    if (!params || !params->is_array())
      return fail(path + ".params", "expected an array of parameters", error);
    for (std::size_t i = 0; i < params->size(); ++i) {
      ParamSpec param;
      if (!readParam(path + ".params[" + std::to_string(i) + "]", (*params)[i],
                     op, param, error))
        return false;
      kernel.params.push_back(std::move(param));
    }
    return true;
  }

  /// A parameter: "name" or {"operand": "name"} for an operand or the
  /// address of a workspace buffer, {"const": integer} for a constant,
  /// {"mul": ...}, {"ceil_div": ...}, {"min": ...} or {"max": ...} for an
  /// integer computed from the operands, {"tensormap": "name", ...} for the
  /// device address of a
  /// tensor map.
  bool readParam(const std::string &path, const Json &value, OpSpec &op,
                 ParamSpec &param, std::string &error) {
    constexpr const char *kAccepted =
        "expected an operand or workspace buffer name, {\"operand\": name}, "
        "{\"const\": integer}, a loop's index, {\"mul\": [...]}, "
        "{\"sub\": [...]}, {\"ceil_div\": [...]}, {\"mod\": [...]}, "
        "{\"min\": [...]}, {\"max\": [...]} or {\"tensormap\": name, ...}";
    const Json *name = &value;
    if (value.is_object() && member(value, "tensormap")) {
      TensorMapSpec map;
      if (!readTensorMap(path, value, op, map, error))
        return false;
      param.kind = ParamSpec::Kind::TensorMap;
      // A map that several kernels read is encoded once.
      for (std::size_t i = 0; i < op.tensorMaps.size(); ++i)
        if (op.tensorMaps[i] == map)
          param.index = static_cast<int>(i);
      if (param.index < 0) {
        param.index = static_cast<int>(op.tensorMaps.size());
        op.tensorMaps.push_back(std::move(map));
      }
      return true;
    }
    if (value.is_object()) {
      if (value.size() != 1)
        return fail(path, kAccepted, error);
      if (const Json *constant = member(value, "const")) {
        if (!isInteger(*constant))
          return fail(path, "expected {\"const\": integer}", error);
        param.kind = ParamSpec::Kind::Constant;
        param.constant = integerOf(*constant);
        return true;
      }
      if (member(value, "mul") || member(value, "ceil_div") ||
          member(value, "min") || member(value, "max") ||
          member(value, "sub") || member(value, "mod")) {
        param.kind = ParamSpec::Kind::Expr;
        return readExpr(path, value, op, param.expr, error);
      }
      name = member(value, "operand");
      if (!name)
        return fail(path, kAccepted, error);
    }
    if (!name->is_string())
      return fail(path, kAccepted, error);
    if (int index = valueIndex(op, textOf(*name));
        index >= static_cast<int>(op.operands.size())) {
      param.kind = ParamSpec::Kind::Expr;
      return readExpr(path, *name, op, param.expr, error);
    }
    BufferRef ref = bufferNamed(op, textOf(*name));
    if (ref.operand >= 0) {
      param.kind = ParamSpec::Kind::Operand;
      param.index = ref.operand;
    } else if (ref.scratch >= 0) {
      param.kind = ParamSpec::Kind::Scratch;
      param.index = ref.scratch;
    } else {
      return fail(path,
                  std::string(kAccepted) + "; '" + textOf(*name) +
                      "' is not an operand of the op",
                  error);
    }
    return true;
  }

  /// {"tensormap": name, "shape": [rows, cols], "box": [rows, cols],
  ///  "swizzle": 0|32|64|128, "element": "bf16"|"f16"|"f32", "offset":
  ///  size, "row_stride": size}: a 2-D tiled map of a row-major matrix (an
  /// operand or workspace buffer, or the view of it that starts `offset`
  /// elements in, with rows `row_stride` elements apart), sizes being
  /// integer expressions, zero fill outside the matrix.
  bool readTensorMap(const std::string &path, const Json &value,
                     const OpSpec &op, TensorMapSpec &map, std::string &error) {
    for (const auto &[key, unused] : value.items())
      if (key != "tensormap" && key != "shape" && key != "box" &&
          key != "swizzle" && key != "element" && key != "offset" &&
          key != "row_stride")
        return fail(path + "." + key,
                    "unknown key; a tensor map has \"tensormap\", "
                    "\"shape\", \"box\", \"swizzle\", \"element\" and "
                    "optionally \"offset\" and \"row_stride\"",
                    error);
    const Json *name = member(value, "tensormap");
    if (name->is_string())
      map.buffer = bufferNamed(op, textOf(*name));
    if (map.buffer.operand < 0 && map.buffer.scratch < 0)
      return fail(path + ".tensormap",
                  "expected the name of a pointer operand or workspace "
                  "buffer" +
                      (name->is_string() ? "; '" + textOf(*name) +
                                               "' is not an operand of the op"
                                         : std::string()),
                  error);
    const Json *shape = member(value, "shape");
    if (!shape || !shape->is_array() || shape->size() != 2)
      return fail(path + ".shape",
                  "expected [rows, cols], each an integer, an operand name "
                  "or an integer expression",
                  error);
    for (int i = 0; i < 2; ++i)
      if (!readSize(path + ".shape[" + std::to_string(i) + "]", (*shape)[i], op,
                    1, int64_t(1) << 32, i == 0 ? map.rows : map.cols, error))
        return false;
    if (const Json *offset = member(value, "offset"))
      if (!readSize(path + ".offset", *offset, op, 0, int64_t(1) << 48,
                    map.offset, error))
        return false;
    if (const Json *stride = member(value, "row_stride")) {
      if (!readSize(path + ".row_stride", *stride, op, 1, int64_t(1) << 32,
                    map.rowStride, error))
        return false;
      map.hasRowStride = true;
    }
    const Json *box = member(value, "box");
    if (!box || !box->is_array() || box->size() != 2 || !isInteger((*box)[0]) ||
        !isInteger((*box)[1]) || integerOf((*box)[0]) < 1 ||
        integerOf((*box)[0]) > 256 || integerOf((*box)[1]) < 1 ||
        integerOf((*box)[1]) > 256)
      return fail(path + ".box", "expected [rows, cols], each in [1, 256]",
                  error);
    map.boxRows = static_cast<unsigned>(integerOf((*box)[0]));
    map.boxCols = static_cast<unsigned>(integerOf((*box)[1]));
    const Json *swizzle = member(value, "swizzle");
    int64_t swizzleBytes =
        swizzle && isInteger(*swizzle) ? integerOf(*swizzle) : -1;
    if (swizzleBytes != 0 && swizzleBytes != 32 && swizzleBytes != 64 &&
        swizzleBytes != 128)
      return fail(path + ".swizzle",
                  "expected the swizzle in bytes: 0, 32, 64 or 128", error);
    map.swizzle = swizzleBytes == 0    ? 0
                  : swizzleBytes == 32 ? 1
                  : swizzleBytes == 64 ? 2
                                       : 3;
    const Json *element = member(value, "element");
    std::string type = element && element->is_string() ? textOf(*element) : "";
    if (type == "bf16")
      map.dataType = 9,
      map.elementBytes = 2; // CU_TENSOR_MAP_DATA_TYPE_BFLOAT16
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

} // namespace

bool IntExpr::evaluate(const uint64_t *operands,
                       const std::vector<std::string> &names, int64_t &result,
                       std::string &error) const {
  switch (kind) {
  case Kind::Constant:
    result = value;
    return true;
  case Kind::Operand:
    result = static_cast<int64_t>(operands[operand]);
    if (result < 0) {
      error = "operand '" + names[operand] + "' is " + std::to_string(result) +
              ", a negative size";
      return false;
    }
    return true;
  case Kind::Product:
    result = 1;
    for (const IntExpr &term : terms) {
      int64_t factor;
      if (!term.evaluate(operands, names, factor, error))
        return false;
      if (__builtin_mul_overflow(result, factor, &result)) {
        error = "a size overflows 64 bits";
        return false;
      }
    }
    return true;
  case Kind::Difference: {
    int64_t lhs, rhs;
    if (!terms[0].evaluate(operands, names, lhs, error) ||
        !terms[1].evaluate(operands, names, rhs, error))
      return false;
    if (lhs < rhs) {
      error = "a size is negative (" + std::to_string(lhs) + " - " +
              std::to_string(rhs) + ")";
      return false;
    }
    result = lhs - rhs;
    return true;
  }
  case Kind::CeilDiv:
  case Kind::Remainder: {
    int64_t dividend;
    if (!terms.front().evaluate(operands, names, dividend, error))
      return false;
    result = kind == Kind::Remainder
                 ? dividend % value
                 : dividend / value + (dividend % value != 0);
    return true;
  }
  case Kind::Min:
  case Kind::Max: {
    int64_t lhs, rhs;
    if (!terms[0].evaluate(operands, names, lhs, error) ||
        !terms[1].evaluate(operands, names, rhs, error))
      return false;
    result = kind == Kind::Min ? std::min(lhs, rhs) : std::max(lhs, rhs);
    return true;
  }
  }
  return false;
}

bool IntExpr::reads(int index) const {
  if (kind == Kind::Operand)
    return operand == index;
  return std::any_of(terms.begin(), terms.end(),
                     [&](const IntExpr &term) { return term.reads(index); });
}

bool lmhead::runtime::readManifest(const std::string &file,
                                   const std::string &text,
                                   std::map<std::string, OpSpec> &ops,
                                   std::string &error) {
  std::string why;
  std::optional<Json> root = parseJson(text, why);
  if (!root) {
    error = file + ": not valid JSON: " + why;
    return false;
  }
  return ManifestReader(file).read(*root, ops, error);
}

std::array<bool, kNumInternalStreams>
lmhead::runtime::skippedStreams(const OpSpec &op, const uint64_t *operands) {
  std::array<bool, kNumInternalStreams> skipped = {false, false, false};
  const char *gradientOf[kNumInternalStreams] = {"dh", "dw", "db"};
  for (int i = 0; i < kNumInternalStreams; ++i) {
    auto named =
        std::find(op.operands.begin(), op.operands.end(), gradientOf[i]);
    skipped[i] = named != op.operands.end() &&
                 operands[named - op.operands.begin()] == 0;
  }
  return skipped;
}

/// Which of `op`'s workspace buffers the run needs: all but those that
/// kernels read or write (as a parameter, or through a tensor map of it)
/// only on `skipped` streams.
static std::vector<bool>
scratchInUse(const OpSpec &op,
             const std::array<bool, kNumInternalStreams> &skipped) {
  std::vector<bool> running(op.scratch.size(), false),
      skippedOnly(op.scratch.size(), false);
  for (const KernelSpec &kernel : op.kernels) {
    bool runs = runsOn(kernel.role, skipped);
    for (const ParamSpec &param : kernel.params) {
      int scratch = -1;
      if (param.kind == ParamSpec::Kind::Scratch)
        scratch = param.index;
      else if (param.kind == ParamSpec::Kind::TensorMap)
        scratch = op.tensorMaps[param.index].buffer.scratch;
      if (scratch < 0)
        continue;
      running[scratch] = running[scratch] || runs;
      skippedOnly[scratch] = skippedOnly[scratch] || !runs;
    }
  }
  std::vector<bool> needed(op.scratch.size());
  for (std::size_t i = 0; i < needed.size(); ++i)
    needed[i] = running[i] || !skippedOnly[i];
  return needed;
}

bool lmhead::runtime::workspaceLayout(const OpSpec &op,
                                      const uint64_t *operands,
                                      uint64_t guardBytes,
                                      std::vector<uint64_t> &offsets,
                                      std::vector<uint64_t> &sizes,
                                      uint64_t &bytes, std::string &error) {
  offsets.clear();
  sizes.clear();
  std::vector<bool> used = scratchInUse(op, skippedStreams(op, operands));
  uint64_t end = 0;
  for (std::size_t i = 0; i < op.scratch.size(); ++i) {
    const ScratchSpec &scratch = op.scratch[i];
    int64_t size = used[i] ? scratch.elementBytes : 0;
    for (const IntExpr &extent : scratch.shape) {
      int64_t value;
      if (!extent.evaluate(operands, op.operands, value, error))
        return false;
      if (__builtin_mul_overflow(size, value, &size) ||
          size > (int64_t(1) << 56)) {
        error = "workspace buffer '" + scratch.name + "' is too large";
        return false;
      }
    }
    // The running total is bounded like each buffer: many large buffers
    // must not wrap it to a small size that the caller would then give.
    uint64_t offset = (end + kWorkspaceAlignment - 1) / kWorkspaceAlignment *
                      kWorkspaceAlignment;
    offsets.push_back(offset);
    sizes.push_back(static_cast<uint64_t>(size));
    end = offset + static_cast<uint64_t>(size) + guardBytes;
    if (end > (uint64_t(1) << 56)) {
      error = "the workspace is too large at buffer '" + scratch.name + "' (" +
              std::to_string(end) + " bytes, more than 2^56)";
      return false;
    }
  }
  bytes = end;
  return true;
}
