//===- ScheduleToManifest.cpp - a schedule as a manifest entry ------------===//
//
// Part of lmhead. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "ScheduleToManifest.h"

#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

using namespace mlir;
using namespace mlir::lmhead;

namespace {

constexpr StringLiteral kWorkspace = "workspace";
constexpr StringLiteral kWorkspaceBytes = "workspace_bytes";

std::string typeName(Type type) { return llvm::formatv("{0}", type).str(); }

/// `values` as a JSON array's body.
template <typename Range, typename Fn>
std::string joined(const Range &values, Fn &&each) {
  SmallVector<std::string> items;
  for (const auto &value : values)
    items.push_back(each(value));
  return llvm::join(items, ", ");
}

/// The swizzle of a tensor map in bytes.
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

/// A `{"tensormap": ...}` parameter of `view` with the box, swizzle and
/// element type of `mapType`; "offset" and "row_stride" only for a view
/// that is not a whole dense matrix.
std::string tensorMapParam(const BufferView &view, Type mapType) {
  auto map = cast<nvgpu::TensorMapDescriptorType>(mapType);
  ArrayRef<int64_t> box = map.getTensor().getShape();
  std::string text = llvm::formatv(
      "{{\"tensormap\": {0}, \"shape\": [{1}, {2}], \"box\": [{3}, {4}], "
      "\"swizzle\": {5}, \"element\": {6}",
      quoted(view.buffer), manifestExpr(view.sizes[0]),
      manifestExpr(view.sizes[1]), box[0], box[1],
      swizzleBytes(map.getSwizzle()),
      quoted(typeName(map.getTensor().getElementType())));
  if (view.offset != SizeExpr(0) || view.strides[0] != view.sizes[1])
    text += ", \"offset\": " + manifestExpr(view.offset) +
            ", \"row_stride\": " + manifestExpr(view.strides[0]);
  return text + "}";
}

/// The 64-bit parameters `argument` becomes.
void appendParams(SmallVectorImpl<std::string> &params,
                  const LaunchArgument &argument) {
  switch (argument.kind) {
  case LaunchArgument::Kind::Size:
    params.push_back(manifestParam(argument.size));
    return;
  case LaunchArgument::Kind::TensorMap:
    params.push_back(tensorMapParam(argument.view, argument.mapType));
    return;
  case LaunchArgument::Kind::View: {
    const BufferView &view = argument.view;
    std::string pointer = quoted(view.buffer);
    params.append({pointer, pointer, manifestParam(view.offset)});
    for (const SizeExpr &size : view.sizes)
      params.push_back(manifestParam(size));
    for (const SizeExpr &stride : view.strides)
      params.push_back(manifestParam(stride));
    return;
  }
  }
}

} // namespace

std::string mlir::lmhead::quoted(StringRef text) {
  return llvm::formatv("{0}", llvm::json::Value(text.str())).str();
}

std::string mlir::lmhead::manifestExpr(const SizeExpr &size) {
  auto each = [](const SizeExpr &operand) { return manifestExpr(operand); };
  switch (size.getKind()) {
  case SizeExpr::Kind::Constant:
    return std::to_string(*size.getConstant());
  case SizeExpr::Kind::Symbol:
    return quoted(size.getSymbol());
  case SizeExpr::Kind::Product:
    return "{\"mul\": [" + joined(size.getOperands(), each) + "]}";
  case SizeExpr::Kind::CeilDiv:
    return "{\"ceil_div\": [" + manifestExpr(size.getOperands()[0]) + ", " +
           std::to_string(size.getDivisor()) + "]}";
  case SizeExpr::Kind::Min:
    return "{\"min\": [" + joined(size.getOperands(), each) + "]}";
  case SizeExpr::Kind::Max:
    return "{\"max\": [" + joined(size.getOperands(), each) + "]}";
  }
  llvm_unreachable("unknown size expression");
}

std::string mlir::lmhead::manifestParam(const SizeExpr &size) {
  if (std::optional<int64_t> constant = size.getConstant())
    return llvm::formatv("{{\"const\": {0}}", *constant).str();
  return manifestExpr(size);
}

void mlir::lmhead::writeScheduleKeys(raw_ostream &os,
                                     const Schedule &schedule) {
  auto isTensor = [](const ScheduleBuffer &buffer) {
    return buffer.role != ScheduleBuffer::Role::Workspace;
  };
  SmallVector<std::string> operands;
  for (const ScheduleBuffer &buffer : schedule.buffers)
    if (isTensor(buffer))
      operands.push_back(quoted(buffer.name));
  for (const SizeSymbol &size : schedule.sizes)
    operands.push_back(quoted(size.name));
  bool hasWorkspace = schedule.hasWorkspace();
  if (hasWorkspace)
    operands.append({quoted(kWorkspace), quoted(kWorkspaceBytes)});
  os << "      \"operands\": [" << llvm::join(operands, ", ") << "],\n";

  // What each pointer operand must hold: informational for frameworks and
  // tests; the runtime reads only operands, workspace and kernels.
  auto shapeText = [](const ScheduleBuffer &buffer) {
    return joined(buffer.shape,
                  [](const SizeExpr &size) { return manifestExpr(size); });
  };
  SmallVector<std::string> tensors;
  for (const ScheduleBuffer &buffer : schedule.buffers)
    if (isTensor(buffer))
      tensors.push_back("        " + quoted(buffer.name) +
                        ": {\"type\": " + quoted(typeName(buffer.element)) +
                        ", \"shape\": [" + shapeText(buffer) + "]" +
                        (buffer.accumulates ? ", \"accumulates\": true" : "") +
                        "}");
  os << "      \"tensors\": {\n" << llvm::join(tensors, ",\n") << "\n";
  os << "      },\n";

  if (hasWorkspace) {
    SmallVector<std::string> buffers;
    for (const ScheduleBuffer &buffer : schedule.buffers)
      if (!isTensor(buffer))
        buffers.push_back("        {\"name\": " + quoted(buffer.name) +
                          ", \"type\": " + quoted(typeName(buffer.element)) +
                          ", \"shape\": [" + shapeText(buffer) + "]}");
    os << "      \"workspace\": {\"operand\": " << quoted(kWorkspace)
       << ", \"bytes\": " << quoted(kWorkspaceBytes) << ", \"buffers\": [\n"
       << llvm::join(buffers, ",\n") << "\n";
    os << "      ]},\n";
  }

  os << "      \"kernels\": [\n";
  for (auto [i, launch] : llvm::enumerate(schedule.launches)) {
    os << "        {\"name\": " << quoted(launch.kernel)
       << ", \"stream\": " << quoted(stringifyScheduleStream(launch.stream));
    if (!launch.after.empty())
      os << ", \"after\": [" << joined(launch.after, [](unsigned index) {
        return std::to_string(index);
      }) << "]";
    os << ",\n";
    os << "         \"grid\": ["
       << joined(launch.grid,
                 [](const SizeExpr &size) { return manifestExpr(size); })
       << "], \"block\": ["
       << joined(launch.block,
                 [](int64_t size) { return std::to_string(size); })
       << "]";
    if (launch.cluster != std::array<int64_t, 3>{1, 1, 1})
      os << ", \"cluster\": [" << joined(launch.cluster, [](int64_t size) {
        return std::to_string(size);
      }) << "]";
    os << ",\n";
    os << "         \"shared_bytes\": " << launch.sharedBytes << ",\n";
    SmallVector<std::string> params;
    for (const LaunchArgument &argument : launch.arguments)
      appendParams(params, argument);
    os << "         \"params\": [" << llvm::join(params, ", ") << "]}"
       << (i + 1 < schedule.launches.size() ? ",\n" : "\n");
  }
  os << "      ]\n";
}
