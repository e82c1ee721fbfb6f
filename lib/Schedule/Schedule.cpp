//===- Schedule.cpp - an lmhead op's launches, built once -----------------===//
//
// Part of lmhead. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "lmhead/Schedule/Schedule.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/ErrorHandling.h"

#include <cassert>

using namespace mlir;
using namespace mlir::lmhead;

/// The row-major strides of `sizes`.
static SmallVector<SizeExpr, 3> denseStrides(ArrayRef<SizeExpr> sizes) {
  SmallVector<SizeExpr, 3> strides(sizes.size(), SizeExpr(1));
  for (int i = static_cast<int>(sizes.size()) - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * sizes[i + 1];
  return strides;
}

BufferView BufferView::whole(const ScheduleBuffer &buffer) {
  BufferView view;
  view.buffer = buffer.name;
  view.sizes.assign(buffer.shape.begin(), buffer.shape.end());
  if (view.sizes.empty())
    view.sizes.push_back(SizeExpr(1));
  view.strides = denseStrides(view.sizes);
  return view;
}

BufferView BufferView::matrix(StringRef buffer, const SizeExpr &rows,
                              const SizeExpr &cols, const SizeExpr &rowStride,
                              const SizeExpr &offset) {
  BufferView view;
  view.buffer = buffer.str();
  view.offset = offset;
  view.sizes = {rows, cols};
  view.strides = {rowStride, SizeExpr(1)};
  return view;
}

BufferView BufferView::vector(StringRef buffer, const SizeExpr &length) {
  BufferView view;
  view.buffer = buffer.str();
  view.sizes = {length};
  view.strides = {SizeExpr(1)};
  return view;
}

bool BufferView::isWhole(const ScheduleBuffer &whole) const {
  return *this == BufferView::whole(whole);
}

bool BufferView::operator==(const BufferView &other) const {
  return buffer == other.buffer && offset == other.offset &&
         sizes == other.sizes && strides == other.strides;
}

LaunchArgument LaunchArgument::ofView(BufferView view) {
  LaunchArgument argument;
  argument.kind = Kind::View;
  argument.view = std::move(view);
  return argument;
}

LaunchArgument LaunchArgument::ofTensorMap(BufferView view, Type mapType) {
  LaunchArgument argument;
  argument.kind = Kind::TensorMap;
  argument.view = std::move(view);
  argument.mapType = mapType;
  return argument;
}

LaunchArgument LaunchArgument::ofSize(SizeExpr size) {
  LaunchArgument argument;
  argument.kind = Kind::Size;
  argument.size = std::move(size);
  return argument;
}

Launch Launch::bind(StringRef name, int64_t value) const {
  Launch bound = *this;
  auto bindAll = [&](auto &sizes) {
    for (SizeExpr &size : sizes)
      size = size.bind(name, value);
  };
  bindAll(bound.grid);
  for (LaunchArgument &argument : bound.arguments) {
    argument.size = argument.size.bind(name, value);
    argument.view.offset = argument.view.offset.bind(name, value);
    bindAll(argument.view.sizes);
    bindAll(argument.view.strides);
  }
  return bound;
}

const ScheduleBuffer *Schedule::findBuffer(StringRef name) const {
  for (const ScheduleBuffer &buffer : buffers)
    if (buffer.name == name)
      return &buffer;
  return nullptr;
}

bool Schedule::hasWorkspace() const {
  return llvm::any_of(buffers, [](const ScheduleBuffer &buffer) {
    return buffer.role == ScheduleBuffer::Role::Workspace;
  });
}

unsigned Schedule::add(Launch launch) {
  launches.push_back(std::move(launch));
  return launches.size() - 1;
}

const ScheduleLoop *Schedule::loopOf(unsigned launch) const {
  for (const ScheduleLoop &loop : loops)
    if (loop.contains(launch))
      return &loop;
  return nullptr;
}

SizeExpr Schedule::beginLoop(StringRef index, SizeExpr count) {
  assert(!loopOpen && "loops do not nest");
  loopOpen = true;
  loops.push_back({index.str(), std::move(count), nextLaunch(), 0});
  return SizeExpr::symbol(index);
}

void Schedule::endLoop() {
  assert(loopOpen && "no loop is open");
  loopOpen = false;
  loops.back().end = nextLaunch();
}
