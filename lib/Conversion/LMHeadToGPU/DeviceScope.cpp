//===- DeviceScope.cpp - device buffers and streams of a launch -----------===//

#include "DeviceScope.h"

#include "AsyncTokens.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::lmhead;

DeviceScope::DeviceScope(ImplicitLocOpBuilder &b, OperandMemory memory)
    : b(b), memory(memory) {
  tokenType = gpu::AsyncTokenType::get(b.getContext());
  stream = freshStream();
}

Value DeviceScope::freshStream() {
  return gpu::WaitOp::create(b, tokenType, ValueRange{}).getAsyncToken();
}

Value DeviceScope::allocate(MemRefType type, ValueRange sizes) {
  auto alloc = gpu::AllocOp::create(b, type, tokenType, ValueRange{stream},
                                    sizes, ValueRange{}, UnitAttr());
  stream = alloc.getAsyncToken();
  buffers.push_back(alloc.getMemref());
  return alloc.getMemref();
}

Value DeviceScope::allocateLike(Value like, Value fillFrom) {
  auto type = cast<MemRefType>(like.getType());
  SmallVector<Value> sizes;
  for (int64_t d = 0; d < type.getRank(); ++d)
    sizes.push_back(memref::DimOp::create(b, like, d));
  Value device = allocate(type, sizes);
  if (fillFrom)
    copy(device, fillFrom);
  return device;
}

void DeviceScope::copy(Value target, Value source) {
  stream =
      gpu::MemcpyOp::create(b, tokenType, ValueRange{stream}, target, source)
          .getAsyncToken();
}

Value DeviceScope::operand(Value argument) {
  if (memory == OperandMemory::Device)
    return argument;
  return allocateLike(argument, argument);
}

Value DeviceScope::result(Value argument) {
  if (memory == OperandMemory::Device)
    return argument;
  return allocateLike(argument, Value());
}

Value DeviceScope::accumulatedResult(Value argument, Value initial) {
  if (memory == OperandMemory::Host)
    return allocateLike(initial, initial);
  copy(argument, initial);
  return argument;
}

Value DeviceScope::deliver(Value argument, Value device, Value after) {
  if (memory == OperandMemory::Device)
    return after;
  return gpu::MemcpyOp::create(b, tokenType, ValueRange{after}, argument,
                               device)
      .getAsyncToken();
}

void DeviceScope::finish(ValueRange done) {
  Value all = joinStreams(b, done);
  for (Value buffer : buffers)
    all = gpu::DeallocOp::create(b, tokenType, ValueRange{all}, buffer)
              .getAsyncToken();
  // The host waits on every stream, not only on the join: a synchronous
  // gpu.wait destroys the streams of its operands, and the streams the
  // chains ran on would otherwise outlive the call (upstream's lowering
  // destroys no stream an async join consumed). Each stream is named once.
  gpu::WaitOp::create(b, Type(), lastTokenOfEachStream(*b.getBlock()));
  func::ReturnOp::create(b);
}
