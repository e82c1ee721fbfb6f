//===- ScheduleToManifest.cpp - a schedule as a manifest entry ------------===//
//
// Part of lmhead. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "ScheduleToManifest.h"

#include "lmhead/runtime/Manifest.h"

#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::lmhead;
namespace key = ::lmhead::manifest::key;

namespace {

std::string typeName(Type type) { return llvm::formatv("{0}", type).str(); }

int swizzleBytes(nvgpu::TensorMapSwizzleKind swizzle) {
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

ManifestJson exprList(ArrayRef<SizeExpr> sizes) {
  ManifestJson list = ManifestJson::array();
  for (const SizeExpr &size : sizes)
    list.push_back(manifestExpr(size));
  return list;
}

ManifestJson tensorMapParam(const BufferView &view, Type mapType) {
  auto map = cast<nvgpu::TensorMapDescriptorType>(mapType);
  ArrayRef<int64_t> box = map.getTensor().getShape();
  ManifestJson param = {
      {key::kTensorMap, view.buffer},
      {key::kShape, exprList(view.sizes)},
      {key::kBox, {box[0], box[1]}},
      {key::kSwizzle, swizzleBytes(map.getSwizzle())},
      {key::kElement, typeName(map.getTensor().getElementType())}};
  if (view.offset != SizeExpr(0) || view.strides[0] != view.sizes[1]) {
    param[key::kOffset] = manifestExpr(view.offset);
    param[key::kRowStride] = manifestExpr(view.strides[0]);
  }
  return param;
}

void appendParams(ManifestJson &params, const LaunchArgument &argument) {
  switch (argument.kind) {
  case LaunchArgument::Kind::Size:
    params.push_back(manifestParam(argument.size));
    return;
  case LaunchArgument::Kind::TensorMap:
    params.push_back(tensorMapParam(argument.view, argument.mapType));
    return;
  case LaunchArgument::Kind::View: {
    const BufferView &view = argument.view;
    params.push_back(view.buffer);
    params.push_back(view.buffer);
    params.push_back(manifestParam(view.offset));
    for (const SizeExpr &size : view.sizes)
      params.push_back(manifestParam(size));
    for (const SizeExpr &stride : view.strides)
      params.push_back(manifestParam(stride));
    return;
  }
  }
}

ManifestJson kernelEntry(const Launch &launch) {
  ManifestJson kernel = {
      {key::kName, launch.kernel},
      {key::kStream, ::lmhead::manifest::streamName(launch.stream)}};
  if (!launch.firstIterationKernel.empty())
    kernel[key::kFirstIteration] = launch.firstIterationKernel;
  if (!launch.after.empty()) {
    ManifestJson after = ManifestJson::array();
    for (const LaunchWait &wait : launch.after) {
      if (wait.iterationsBack == 0)
        after.push_back(wait.launch);
      else
        after.push_back({{key::kAfterKernel, wait.launch},
                         {key::kIterationsBack, wait.iterationsBack}});
    }
    kernel[key::kAfter] = std::move(after);
  }
  kernel[key::kGrid] = exprList(launch.grid);
  kernel[key::kBlock] = launch.block;
  if (launch.cluster != std::array<int64_t, 3>{1, 1, 1})
    kernel[key::kCluster] = launch.cluster;
  kernel[key::kSharedBytes] = launch.sharedBytes;
  if (launch.programmatic)
    kernel[key::kProgrammatic] = true;
  ManifestJson params = ManifestJson::array();
  for (const LaunchArgument &argument : launch.arguments)
    appendParams(params, argument);
  kernel[key::kParams] = std::move(params);
  return kernel;
}

/// Writes `value` on one line, with a space after each comma and colon.
void writeInline(std::string &out, const ManifestJson &value) {
  if (value.is_object()) {
    out += '{';
    bool first = true;
    for (const auto &[name, member] : value.items()) {
      out += first ? "" : ", ";
      out += ManifestJson(name).dump() + ": ";
      writeInline(out, member);
      first = false;
    }
    out += '}';
  } else if (value.is_array()) {
    out += '[';
    for (std::size_t i = 0; i < value.size(); ++i) {
      out += i ? ", " : "";
      writeInline(out, value[i]);
    }
    out += ']';
  } else {
    out += value.dump();
  }
}

/// Writes `value` (an object or array) one member a line at `indent`,
/// each member as `inner` writes it at the next level.
template <typename WriteMember>
void writeLines(std::string &out, const ManifestJson &value, int indent,
                WriteMember &&inner) {
  std::string pad(indent + 2, ' ');
  out += value.is_object() ? "{\n" : "[\n";
  std::size_t i = 0;
  for (const auto &[name, member] : value.items()) {
    out += pad;
    if (value.is_object())
      out += ManifestJson(name).dump() + ": ";
    inner(out, name, member);
    out += ++i < value.size() ? ",\n" : "\n";
  }
  out += std::string(indent, ' ') + (value.is_object() ? "}" : "]");
}

} // namespace

ManifestJson mlir::lmhead::manifestExpr(const SizeExpr &size) {
  switch (size.getKind()) {
  case SizeExpr::Kind::Constant:
    return *size.getConstant();
  case SizeExpr::Kind::Symbol:
    return size.getSymbol().str();
  case SizeExpr::Kind::Product:
    return {{key::kMul, exprList(size.getOperands())}};
  case SizeExpr::Kind::Difference:
    return {{key::kSub, exprList(size.getOperands())}};
  case SizeExpr::Kind::CeilDiv:
    return {{key::kCeilDiv,
             {manifestExpr(size.getOperands()[0]), size.getDivisor()}}};
  case SizeExpr::Kind::Remainder:
    return {
        {key::kMod, {manifestExpr(size.getOperands()[0]), size.getDivisor()}}};
  case SizeExpr::Kind::Min:
    return {{key::kMin, exprList(size.getOperands())}};
  case SizeExpr::Kind::Max:
    return {{key::kMax, exprList(size.getOperands())}};
  }
  llvm_unreachable("unknown size expression");
}

ManifestJson mlir::lmhead::manifestParam(const SizeExpr &size) {
  if (std::optional<int64_t> constant = size.getConstant())
    return {{key::kConst, *constant}};
  return manifestExpr(size);
}

void mlir::lmhead::addScheduleKeys(ManifestJson &entry,
                                   const Schedule &schedule) {
  auto isTensor = [](const ScheduleBuffer &buffer) {
    return buffer.role != ScheduleBuffer::Role::Workspace;
  };
  ManifestJson operands = ManifestJson::array();
  for (const ScheduleBuffer &buffer : schedule.buffers)
    if (isTensor(buffer))
      operands.push_back(buffer.name);
  for (const SizeSymbol &size : schedule.sizes)
    operands.push_back(size.name);
  bool hasWorkspace = schedule.hasWorkspace();
  if (hasWorkspace) {
    operands.push_back(::lmhead::manifest::kWorkspaceOperandName);
    operands.push_back(::lmhead::manifest::kWorkspaceBytesOperandName);
  }
  entry[key::kOperands] = std::move(operands);

  // What each pointer operand must hold: for frameworks and tests; the
  // runtime reads only operands, workspace and kernels.
  ManifestJson tensors = ManifestJson::object();
  for (const ScheduleBuffer &buffer : schedule.buffers) {
    if (!isTensor(buffer))
      continue;
    ManifestJson tensor = {{key::kType, typeName(buffer.element)},
                           {key::kShape, exprList(buffer.shape)}};
    if (buffer.accumulates)
      tensor[key::kAccumulates] = true;
    tensors[buffer.name] = std::move(tensor);
  }
  entry[key::kTensors] = std::move(tensors);

  if (hasWorkspace) {
    ManifestJson buffers = ManifestJson::array();
    for (const ScheduleBuffer &buffer : schedule.buffers)
      if (!isTensor(buffer))
        buffers.push_back({{key::kName, buffer.name},
                           {key::kType, typeName(buffer.element)},
                           {key::kShape, exprList(buffer.shape)}});
    entry[key::kWorkspace] = {
        {key::kWorkspaceOperand, ::lmhead::manifest::kWorkspaceOperandName},
        {key::kWorkspaceBytes, ::lmhead::manifest::kWorkspaceBytesOperandName},
        {key::kBuffers, std::move(buffers)}};
  }

  ManifestJson kernels = ManifestJson::array();
  for (const Launch &launch : schedule.launches)
    kernels.push_back(kernelEntry(launch));
  entry[key::kKernels] = std::move(kernels);
  if (!schedule.loops.empty()) {
    ManifestJson loops = ManifestJson::array();
    for (const ScheduleLoop &loop : schedule.loops)
      loops.push_back({{key::kIndex, loop.index},
                       {key::kCount, manifestExpr(loop.count)},
                       {key::kKernels, {loop.begin, loop.end}}});
    entry[key::kLoops] = std::move(loops);
  }
}

std::string mlir::lmhead::formatManifest(const ManifestJson &manifest) {
  auto inlined = [](std::string &out, const std::string &,
                    const ManifestJson &value) { writeInline(out, value); };
  // A kernel over four lines: its name, stream and waits; its launch
  // sizes; its shared memory; its parameters.
  auto kernel = [](std::string &out, const std::string &,
                   const ManifestJson &value) {
    out += '{';
    bool first = true;
    for (const auto &[name, member] : value.items()) {
      bool breaks = name == key::kGrid || name == key::kSharedBytes ||
                    name == key::kParams;
      out += first ? "" : breaks ? ",\n         " : ", ";
      out += ManifestJson(name).dump() + ": ";
      writeInline(out, member);
      first = false;
    }
    out += '}';
  };
  // A workspace on the line of its key but for its buffers, one a line.
  auto workspace = [](std::string &out, const ManifestJson &value) {
    out += '{';
    for (const auto &[name, member] : value.items()) {
      out += ManifestJson(name).dump() + ": ";
      if (name != key::kBuffers) {
        writeInline(out, member);
        out += ", ";
        continue;
      }
      out += "[\n";
      for (std::size_t i = 0; i < member.size(); ++i) {
        out += "        ";
        writeInline(out, member[i]);
        out += i + 1 < member.size() ? ",\n" : "\n";
      }
      out += "      ]";
    }
    out += '}';
  };
  auto opKey = [&](std::string &out, const std::string &name,
                   const ManifestJson &value) {
    if (name == key::kTensors || name == key::kLoops)
      return writeLines(out, value, 6, inlined);
    if (name == key::kKernels)
      return writeLines(out, value, 6, kernel);
    if (name == key::kWorkspace)
      return workspace(out, value);
    writeInline(out, value);
  };
  auto op = [&](std::string &out, const std::string &,
                const ManifestJson &value) {
    writeLines(out, value, 4, opKey);
  };
  std::string out;
  writeLines(out, manifest, 0,
             [&](std::string &out, const std::string &name,
                 const ManifestJson &value) {
               if (name == key::kOps)
                 return writeLines(out, value, 2, op);
               writeInline(out, value);
             });
  return out + "\n";
}
