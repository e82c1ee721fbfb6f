//===- BundleWriter.cpp - manifest entries of --lmhead-write-bundle -------===//

#include "BundleWriter.h"

#include "ScheduleToManifest.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <cstdlib>

using namespace mlir;
using namespace mlir::lmhead;

std::string mlir::lmhead::quoted(StringRef text) {
  return llvm::formatv("{0}", llvm::json::Value(text.str())).str();
}

std::string mlir::lmhead::decimalText(double value) {
  std::string text;
  for (int digits = 1; digits <= 17; ++digits) {
    text = llvm::formatv("{0}", llvm::format("%.*g", digits, value)).str();
    if (std::strtod(text.c_str(), nullptr) == value)
      break;
  }
  return quoted(text);
}

ManifestInt ManifestInt::operator*(const ManifestInt &other) const {
  ManifestInt product(factor * other.factor);
  if (product.factor == 0)
    return product;
  product.operands = operands;
  product.operands.append(other.operands.begin(), other.operands.end());
  return product;
}

std::string ManifestInt::expr() const {
  if (isConstant())
    return std::to_string(factor);
  if (factor == 1 && operands.size() == 1)
    return quoted(operands.front());
  SmallVector<std::string> terms;
  if (factor != 1)
    terms.push_back(std::to_string(factor));
  for (const std::string &operand : operands)
    terms.push_back(quoted(operand));
  return "{\"mul\": [" + llvm::join(terms, ", ") + "]}";
}

std::string ManifestInt::param() const {
  if (isConstant())
    return llvm::formatv("{{\"const\": {0}}", factor).str();
  return expr();
}

std::string ManifestInt::blocks(int64_t tile) const {
  if (isConstant())
    return std::to_string(std::max<int64_t>(1, llvm::divideCeil(factor, tile)));
  return llvm::formatv("{{\"ceil_div\": [{0}, {1}]}", expr(), tile).str();
}

void mlir::lmhead::appendMatrix(SmallVectorImpl<std::string> &params,
                                const MatrixView &view) {
  std::string pointer = quoted(view.buffer);
  params.append({pointer, pointer, view.offset.param(), view.rows.param(),
                 view.cols.param(), view.rowStride.param(), "{\"const\": 1}"});
}

void mlir::lmhead::appendVector(SmallVectorImpl<std::string> &params,
                                StringRef buffer, const ManifestInt &length) {
  std::string pointer = quoted(buffer);
  params.append(
      {pointer, pointer, "{\"const\": 0}", length.param(), "{\"const\": 1}"});
}

/// The swizzle of a tensor map in bytes, as the manifest spells it.
static int swizzleBytes(nvgpu::TensorMapSwizzleKind swizzle) {
  switch (swizzle) {
  case nvgpu::TensorMapSwizzleKind::SWIZZLE_NONE:
    return 0;
  case nvgpu::TensorMapSwizzleKind::SWIZZLE_32B:
    return 32;
  case nvgpu::TensorMapSwizzleKind::SWIZZLE_64B:
    return 64;
  case nvgpu::TensorMapSwizzleKind::SWIZZLE_128B:
    return 128;
  }
  llvm_unreachable("unknown swizzle");
}

std::string mlir::lmhead::tensorMapParam(const MatrixView &view,
                                         nvgpu::TensorMapDescriptorType map,
                                         Type element) {
  ArrayRef<int64_t> box = map.getTensor().getShape();
  std::string text = llvm::formatv(
      "{{\"tensormap\": {0}, \"shape\": [{1}, {2}], \"box\": [{3}, {4}], "
      "\"swizzle\": {5}, \"element\": {6}",
      quoted(view.buffer), view.rows.expr(), view.cols.expr(), box[0], box[1],
      swizzleBytes(map.getSwizzle()),
      quoted(llvm::formatv("{0}", element).str()));
  // A view: where it starts in its buffer, and its rows' distance.
  if (!(view.offset == ManifestInt(0)) || !(view.rowStride == view.cols))
    text += ", \"offset\": " + view.offset.expr() +
            ", \"row_stride\": " + view.rowStride.expr();
  return text + "}";
}

KernelEntry mlir::lmhead::gemmEntry(StringRef name, StringRef stream,
                                    const GemmKernelSpec &spec,
                                    const MatrixView &a, const MatrixView &b,
                                    ArrayRef<std::string> epilogue,
                                    const ManifestInt &m, const ManifestInt &n,
                                    const ManifestInt &k) {
  KernelEntry entry;
  entry.name = name.str();
  entry.stream = stream.str();
  entry.grid[0] = n.blocks(spec.tiles.blockN);
  entry.grid[1] = m.blocks(spec.tiles.blockM);
  entry.threads = spec.numThreads();
  entry.sharedBytes = spec.sharedMemoryBytes();
  if (usesWarpgroupMma(spec.target)) {
    // sm_90a kernels read A and B through TMA tensor maps.
    entry.params.push_back(
        tensorMapParam(a, sm90OperandMapType(spec, true), spec.operandType));
    entry.params.push_back(
        tensorMapParam(b, sm90OperandMapType(spec, false), spec.operandType));
  } else {
    appendMatrix(entry.params, a);
    appendMatrix(entry.params, b);
  }
  entry.params.append(epilogue.begin(), epilogue.end());
  entry.params.append({m.param(), n.param(), k.param()});
  return entry;
}

int64_t mlir::lmhead::countKernelParams(gpu::GPUFuncOp kernel) {
  int64_t count = 0;
  for (Type type : kernel.getFunctionType().getInputs())
    if (auto memref = dyn_cast<MemRefType>(type))
      count += 3 + 2 * memref.getRank();
    else
      ++count;
  return count;
}

OpBundle::~OpBundle() = default;

void OpBundle::recordKernel(gpu::GPUFuncOp kernel) {
  paramCounts[kernel.getName()] = countKernelParams(kernel);
}

LogicalResult OpBundle::writeManifestEntry(raw_ostream &os,
                                           Location loc) const {
  if (schedule) {
    os << "    " << quoted(name) << ": {\n";
    os << "      \"ptx\": " << quoted(ptxFile()) << ",\n";
    os << "      \"op\": " << quoted(kind) << ",\n";
    os << "      \"target\": " << quoted(stringifyGpuTarget(target)) << ",\n";
    writeHeader(os);
    writeScheduleKeys(os, *schedule);
    os << "    }";
    return success();
  }
  std::vector<KernelEntry> entries = getKernelEntries();
  // Each entry must pass exactly the parameters its kernel declares: the
  // runtime cannot tell.
  for (const KernelEntry &entry : entries) {
    auto count = paramCounts.find(entry.name);
    if (count == paramCounts.end() ||
        count->second != static_cast<int64_t>(entry.params.size()))
      return emitError(loc)
             << "--lmhead-write-bundle: the manifest entry of "
                "kernel '"
             << entry.name << "' has " << entry.params.size()
             << " parameters, but the kernel takes "
             << (count == paramCounts.end() ? -1 : count->second);
  }
  os << "    " << quoted(name) << ": {\n";
  os << "      \"ptx\": " << quoted(ptxFile()) << ",\n";
  os << "      \"op\": " << quoted(kind) << ",\n";
  os << "      \"target\": " << quoted(stringifyGpuTarget(target)) << ",\n";
  writeHeader(os);
  os << "      \"kernels\": [\n";
  for (auto [i, entry] : llvm::enumerate(entries)) {
    os << "        {\"name\": " << quoted(entry.name)
       << ", \"stream\": " << quoted(entry.stream);
    if (!entry.after.empty()) {
      SmallVector<std::string> after;
      for (int index : entry.after)
        after.push_back(std::to_string(index));
      os << ", \"after\": [" << llvm::join(after, ", ") << "]";
    }
    os << ",\n";
    os << "         \"grid\": [" << entry.grid[0] << ", " << entry.grid[1]
       << ", " << entry.grid[2] << "], \"block\": [" << entry.threads
       << ", 1, 1],\n";
    os << "         \"shared_bytes\": " << entry.sharedBytes << ",\n";
    os << "         \"params\": [" << llvm::join(entry.params, ", ") << "]}"
       << (i + 1 < entries.size() ? ",\n" : "\n");
  }
  os << "      ]\n";
  os << "    }";
  return success();
}
