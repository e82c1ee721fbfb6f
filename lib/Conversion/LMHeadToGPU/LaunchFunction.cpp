//===- LaunchFunction.cpp - an op's call site and launch function ---------===//

#include "LaunchFunction.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace mlir::lmhead;

MemRefType mlir::lmhead::dynamicMemRefType(Type type) {
  auto shaped = cast<ShapedType>(type);
  SmallVector<int64_t> shape(std::max<int64_t>(1, shaped.getRank()),
                             ShapedType::kDynamic);
  return MemRefType::get(shape, shaped.getElementType());
}

/// `buffer` cast to `type`, unless it has that type already.
static Value castTo(OpBuilder &b, Location loc, MemRefType type, Value buffer) {
  if (buffer.getType() == type)
    return buffer;
  return memref::CastOp::create(b, loc, type, buffer);
}

int LaunchBuilder::addOperand(Value tensor) {
  OpBuilder b(op);
  auto type = cast<RankedTensorType>(tensor.getType());
  // The call takes the tensor itself, with every dimension dynamic; the
  // launch function takes its buffer (begin()).
  auto dynamic = RankedTensorType::get(
      SmallVector<int64_t>(type.getRank(), ShapedType::kDynamic),
      type.getElementType());
  if (type != dynamic)
    tensor = tensor::CastOp::create(b, op->getLoc(), dynamic, tensor);
  arguments.push_back(tensor);
  return arguments.size() - 1;
}

int LaunchBuilder::addResult(Value result, ValueRange sizes) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  auto type = cast<RankedTensorType>(result.getType());
  MemRefType bufferType = type.getRank() == 0
                              ? MemRefType::get({1}, type.getElementType())
                              : dynamicMemRefType(type);
  Value buffer;
  if (memory == OperandMemory::Host) {
    buffer = memref::AllocOp::create(b, loc, bufferType, sizes);
  } else {
    auto alloc = gpu::AllocOp::create(b, loc, bufferType, /*asyncToken=*/Type(),
                                      ValueRange{}, sizes, ValueRange{},
                                      /*hostShared=*/UnitAttr());
    // The caller owns the device result, as it owns the device operands.
    alloc->setAttr(bufferization::BufferizationDialect::kManualDeallocation,
                   b.getUnitAttr());
    buffer = alloc.getMemref();
  }
  results.emplace_back(result, buffer);
  arguments.push_back(castTo(b, loc, dynamicMemRefType(bufferType), buffer));
  return arguments.size() - 1;
}

ImplicitLocOpBuilder LaunchBuilder::begin() {
  auto parentFunc = op->getParentOfType<FunctionOpInterface>();
  OpBuilder moduleBuilder(parentFunc);
  auto type =
      FunctionType::get(op->getContext(), ValueRange(arguments).getTypes(), {});
  auto launchFunc = func::FuncOp::create(moduleBuilder, op->getLoc(),
                                         prefix + "_launch", type);
  launchFunc.setPrivate();
  launchFunc->setAttr(kGPUHostAttrName, UnitAttr::get(op->getContext()));
  SymbolTable(parentFunc->getParentOp()).insert(launchFunc);
  entry = launchFunc.addEntryBlock();
  ImplicitLocOpBuilder b(op->getLoc(), OpBuilder::atBlockBegin(entry));
  // Each operand's buffer, read only: the call reads the tensor, so
  // bufferization sees the read where the buffer is used.
  for (BlockArgument argument : entry->getArguments()) {
    auto tensorType = dyn_cast<RankedTensorType>(argument.getType());
    if (!tensorType) {
      buffers.push_back(argument);
      continue;
    }
    Value buffer = bufferization::ToBufferOp::create(
        b, MemRefType::get(tensorType.getShape(), tensorType.getElementType()),
        argument, /*readOnly=*/true);
    if (tensorType.getRank() == 0)
      buffer = memref::ExpandShapeOp::create(
          b, MemRefType::get({1}, tensorType.getElementType()), buffer,
          ArrayRef<ReassociationIndices>{},
          ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
    buffers.push_back(
        castTo(b, b.getLoc(), dynamicMemRefType(buffer.getType()), buffer));
  }
  return b;
}

void LaunchBuilder::finish() {
  OpBuilder b(op);
  Location loc = op->getLoc();
  func::CallOp::create(b, loc, prefix + "_launch", TypeRange{}, arguments);
  for (auto [result, buffer] : results) {
    auto type = cast<RankedTensorType>(result.getType());
    Value value = buffer;
    if (type.getRank() == 0)
      value = memref::CollapseShapeOp::create(b, loc, buffer,
                                              ArrayRef<ReassociationIndices>{});
    auto tensorType = RankedTensorType::get(
        cast<MemRefType>(value.getType()).getShape(), type.getElementType());
    Value tensor = bufferization::ToTensorOp::create(
        b, loc, tensorType, value, /*restrict=*/true, /*writable=*/true);
    if (tensor.getType() != type)
      tensor = tensor::CastOp::create(b, loc, type, tensor);
    result.replaceAllUsesWith(tensor);
  }
  op->erase();
}
