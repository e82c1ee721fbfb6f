//===- ScheduleToLaunch.cpp - a schedule as a launch function -------------===//
//
// Part of lmhead. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "ScheduleToLaunch.h"

#include "AsyncTokens.h"
#include "DeviceScope.h"
#include "GemmKernel.h"
#include "LaunchFunction.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::lmhead;

namespace {

/// `size` as an `index` value; `symbol` gives each dynamic size's.
Value emitSize(ImplicitLocOpBuilder &b, const SizeExpr &size,
               function_ref<Value(StringRef)> symbol) {
  auto operand = [&](unsigned i) {
    return emitSize(b, size.getOperands()[i], symbol);
  };
  switch (size.getKind()) {
  case SizeExpr::Kind::Constant:
    return arith::ConstantIndexOp::create(b, *size.getConstant());
  case SizeExpr::Kind::Symbol:
    return symbol(size.getSymbol());
  case SizeExpr::Kind::Product: {
    Value product = operand(0);
    for (unsigned i = 1, e = size.getOperands().size(); i < e; ++i)
      product = arith::MulIOp::create(b, product, operand(i));
    return product;
  }
  case SizeExpr::Kind::Difference:
    return arith::SubIOp::create(b, operand(0), operand(1));
  case SizeExpr::Kind::CeilDiv:
    return arith::CeilDivUIOp::create(
        b, operand(0), arith::ConstantIndexOp::create(b, size.getDivisor()));
  case SizeExpr::Kind::Remainder:
    return arith::RemUIOp::create(
        b, operand(0), arith::ConstantIndexOp::create(b, size.getDivisor()));
  case SizeExpr::Kind::Min:
    return arith::MinUIOp::create(b, operand(0), operand(1));
  case SizeExpr::Kind::Max:
    return arith::MaxUIOp::create(b, operand(0), operand(1));
  }
  llvm_unreachable("unknown size expression");
}

class LaunchEmitter {
public:
  LaunchEmitter(Operation *op, const Schedule &schedule,
                gpu::GPUModuleOp kernels, StringRef prefix,
                OperandMemory memory)
      : op(op), schedule(schedule), kernels(kernels),
        launch(op, prefix, memory) {}

  LogicalResult run();

private:
  /// A dynamic size inside the launch function.
  Value symbolValue(StringRef name) const { return symbols.lookup(name); }
  Value size(ImplicitLocOpBuilder &b, const SizeExpr &expr) const {
    return emitSize(b, expr, [&](StringRef name) { return symbolValue(name); });
  }
  /// `view` of its device buffer as a value of `type`, the memref type the
  /// kernel takes.
  FailureOr<Value> viewOf(ImplicitLocOpBuilder &b, const BufferView &view,
                          MemRefType type);
  /// The pointer to the TMA tensor map of `view` (mapType's box).
  FailureOr<Value> tensorMapOf(ImplicitLocOpBuilder &b, const BufferView &view,
                               Type mapType);
  /// Launches `scheduled` after `dependency`; returns its token.
  FailureOr<Value> emit(ImplicitLocOpBuilder &b, const Launch &scheduled,
                        Value dependency);
  /// Emits `loop`, whose count is known only when the op runs, as a host
  /// loop (the first iteration apart when a launch has a kernel of its own
  /// for it), once everything before it is done.
  LogicalResult emitLoopOnHost(ImplicitLocOpBuilder &b,
                               const ScheduleLoop &loop, DeviceScope &scope);
  /// One iteration of `loop`, index `iteration`, at b's insertion point: a
  /// region whose streams the host waits for at its end.
  LogicalResult emitIterationOnHost(ImplicitLocOpBuilder &b,
                                    const ScheduleLoop &loop, Value iteration,
                                    bool first, DeviceScope &scope);

  Operation *op;
  const Schedule &schedule;
  gpu::GPUModuleOp kernels;
  LaunchBuilder launch;
  /// The launch function's argument of each tensor, and of the operand a
  /// result starts from.
  llvm::StringMap<int> argumentOf, accumulatedArgumentOf;
  /// The device buffer of each buffer.
  llvm::StringMap<Value> device;
  /// Each dynamic size inside the launch function.
  llvm::StringMap<Value> symbols;
};

/// Whether `token` is a bare `gpu.wait async`: a stream with nothing on it.
bool isBare(Value token) {
  auto wait = token.getDefiningOp<gpu::WaitOp>();
  return wait && wait.getAsyncDependencies().empty();
}

LogicalResult LaunchEmitter::run() {
  // The call site: the operands, those the results start from, then the
  // results with their sizes (read from the op's operands there).
  ImplicitLocOpBuilder callSite(op->getLoc(), op);
  llvm::StringMap<Value> symbolsAtCall;
  for (const SizeSymbol &symbol : schedule.sizes)
    symbolsAtCall[symbol.name] =
        tensor::DimOp::create(callSite, symbol.tensor, symbol.dim);
  for (const ScheduleBuffer &buffer : schedule.buffers)
    if (buffer.role == ScheduleBuffer::Role::Operand)
      argumentOf[buffer.name] = launch.addOperand(buffer.value);
  for (const ScheduleBuffer &buffer : schedule.buffers)
    if (buffer.role == ScheduleBuffer::Role::Result && buffer.accumulates)
      accumulatedArgumentOf[buffer.name] =
          launch.addOperand(buffer.accumulates);
  for (const ScheduleBuffer &buffer : schedule.buffers) {
    if (buffer.role != ScheduleBuffer::Role::Result)
      continue;
    SmallVector<Value, 3> sizes;
    for (const SizeExpr &extent : buffer.shape)
      sizes.push_back(emitSize(callSite, extent, [&](StringRef name) {
        return symbolsAtCall.lookup(name);
      }));
    argumentOf[buffer.name] = launch.addResult(buffer.value, sizes);
  }

  ImplicitLocOpBuilder b = launch.begin();
  DeviceScope scope(b, launch.getMemory());
  auto argument = [&](int index) { return launch.argument(index); };
  for (const SizeSymbol &symbol : schedule.sizes) {
    const ScheduleBuffer *holder = nullptr;
    for (const ScheduleBuffer &buffer : schedule.buffers)
      if (buffer.role == ScheduleBuffer::Role::Operand &&
          buffer.value == symbol.tensor)
        holder = &buffer;
    if (!holder)
      return op->emitError() << "size '" << symbol.name
                             << "' is read from a tensor that is not an "
                                "operand of the schedule";
    symbols[symbol.name] = memref::DimOp::create(
        b, argument(argumentOf.lookup(holder->name)), symbol.dim);
  }

  // The device buffers, set up on the setup stream: each result, and each
  // operand and workspace buffer a launch reads (a graph that uses only dh
  // has no dW product, which alone reads h).
  llvm::StringSet<> read;
  for (const Launch &scheduled : schedule.launches)
    for (const LaunchArgument &argument : scheduled.arguments)
      if (argument.kind != LaunchArgument::Kind::Size)
        read.insert(argument.view.buffer);
  for (const ScheduleBuffer &buffer : schedule.buffers) {
    if (buffer.role != ScheduleBuffer::Role::Result &&
        !read.contains(buffer.name))
      continue;
    switch (buffer.role) {
    case ScheduleBuffer::Role::Operand:
      device[buffer.name] =
          scope.operand(argument(argumentOf.lookup(buffer.name)));
      break;
    case ScheduleBuffer::Role::Result:
      device[buffer.name] =
          buffer.accumulates
              ? scope.accumulatedResult(
                    argument(argumentOf.lookup(buffer.name)),
                    argument(accumulatedArgumentOf.lookup(buffer.name)))
              : scope.result(argument(argumentOf.lookup(buffer.name)));
      break;
    case ScheduleBuffer::Role::Workspace: {
      // Rank 0 as [1], as every buffer.
      SmallVector<Value, 3> sizes;
      for (const SizeExpr &extent : buffer.shape)
        sizes.push_back(size(b, extent));
      if (sizes.empty())
        sizes.push_back(arith::ConstantIndexOp::create(b, 1));
      auto type = MemRefType::get(
          SmallVector<int64_t, 3>(sizes.size(), ShapedType::kDynamic),
          buffer.element);
      device[buffer.name] = scope.allocate(type, sizes);
      break;
    }
    }
  }

  // The launches: each stream a chain of tokens from the setup's end. An
  // op with one dependency runs on that token's stream and a join of two
  // or more on a new one (joinStreams), so the first stream to start goes
  // on after the setup on its stream, and every other starts on a stream
  // of its own: a fork of what it waits for, or a fresh stream when the
  // setup did nothing.
  Value ready = scope.stream;
  std::array<Value, 4> streamEnd;
  bool setupStreamTaken = false;
  // The token of each run of each launch: one per iteration in a loop.
  std::vector<SmallVector<Value, 1>> runs(schedule.launches.size());
  auto launchOne = [&](unsigned index, const Launch &scheduled,
                       int64_t iteration) -> LogicalResult {
    const ScheduleLoop *loop = schedule.loopOf(index);
    Value &end = streamEnd[static_cast<int>(scheduled.stream)];
    SmallVector<Value, 4> dependencies;
    if (end)
      dependencies.push_back(end);
    for (const LaunchWait &wait : scheduled.after) {
      // In the same loop: the run `iterationsBack` before; else the last.
      ArrayRef<Value> waited = runs[wait.launch];
      Value token;
      if (loop && loop->contains(wait.launch)) {
        int64_t run = iteration - wait.iterationsBack;
        if (run >= 0 && run < static_cast<int64_t>(waited.size()))
          token = waited[run];
      } else if (!waited.empty()) {
        token = waited.back();
      }
      if (token && !llvm::is_contained(dependencies, token))
        dependencies.push_back(token);
    }
    Value dependency;
    if (end || dependencies.size() > 1) {
      dependency = joinStreams(b, dependencies);
    } else if (!setupStreamTaken && dependencies.empty()) {
      setupStreamTaken = true;
      dependency = ready;
    } else if (dependencies.empty()) {
      dependency =
          !ready || isBare(ready) ? scope.freshStream() : forkStream(b, ready);
    } else {
      dependency = forkStream(b, dependencies.front());
    }
    FailureOr<Value> token = emit(b, scheduled, dependency);
    if (failed(token))
      return failure();
    end = *token;
    runs[index].push_back(*token);
    return success();
  };
  for (unsigned index = 0; index < schedule.launches.size();) {
    const ScheduleLoop *loop = schedule.loopOf(index);
    if (!loop) {
      if (failed(launchOne(index, schedule.launches[index], 0)))
        return failure();
      ++index;
      continue;
    }
    if (!loop->count.isConstant()) {
      // A host loop starts after everything before it is done (see
      // emitLoopOnHost): the streams so far end here, and what runs after
      // the loop starts on streams of its own.
      SmallVector<Value> before = lastTokenOfEachStream(*b.getBlock());
      if (!before.empty())
        gpu::WaitOp::create(b, Type(), before);
      streamEnd = {};
      for (SmallVector<Value, 1> &tokens : runs)
        tokens.clear();
      ready = Value();
      setupStreamTaken = true;
      if (failed(emitLoopOnHost(b, *loop, scope)))
        return failure();
      index = loop->end;
      continue;
    }
    // A loop of a known count, unrolled: each iteration's launches with the
    // index bound.
    for (int64_t iteration = 0; iteration < *loop->count.getConstant();
         ++iteration) {
      for (unsigned body = loop->begin; body < loop->end; ++body) {
        Launch scheduled = schedule.launches[body].bind(loop->index, iteration);
        if (iteration == 0 && !scheduled.firstIterationKernel.empty())
          scheduled.kernel = scheduled.firstIterationKernel;
        if (failed(launchOne(body, scheduled, iteration)))
          return failure();
      }
    }
    index = loop->end;
  }

  // The results, once every stream is done.
  SmallVector<Value, 4> ends;
  for (Value end : streamEnd)
    if (end)
      ends.push_back(end);
  Value finished = ready;
  if (!ends.empty())
    finished = joinStreams(b, ends);
  else if (!finished)
    finished = scope.freshStream();
  SmallVector<Value> delivered;
  for (const ScheduleBuffer &buffer : schedule.buffers) {
    if (buffer.role != ScheduleBuffer::Role::Result)
      continue;
    // With operands on the device nothing is copied: the token is
    // `finished` for every result.
    Value token = scope.deliver(argument(argumentOf.lookup(buffer.name)),
                                device.lookup(buffer.name), finished);
    if (!llvm::is_contained(delivered, token))
      delivered.push_back(token);
  }
  scope.finish(delivered);
  launch.finish();
  return success();
}

// Upstream's --gpu-to-llvm cannot carry a stream or an event into a host
// loop: it takes a loop-carried token for an event, and records the event
// a `gpu.wait async` waits on right after the op that made the awaited
// token, so a loop that waits on a token from before it would wait on
// (and destroy) one event in every iteration. So the launch function
// waits for everything before a host loop (run()), and each iteration
// runs on streams of its own, which the host waits for at its end;
// launches after the loop then run after it without waiting for its
// tokens. This gives up the overlap of one chunk's products with the next
// chunk's logits, which a bundle's runtime keeps (docs/Runtime.md).
LogicalResult LaunchEmitter::emitLoopOnHost(ImplicitLocOpBuilder &b,
                                            const ScheduleLoop &loop,
                                            DeviceScope &scope) {
  OpBuilder::InsertionGuard guard(b);
  Value count = size(b, loop.count);
  Value zero = arith::ConstantIndexOp::create(b, 0);
  Value one = arith::ConstantIndexOp::create(b, 1);
  Value firstOfTheRest = zero;
  bool firstApart = llvm::any_of(
      ArrayRef(schedule.launches).slice(loop.begin, loop.end - loop.begin),
      [](const Launch &launch) {
        return !launch.firstIterationKernel.empty();
      });
  if (firstApart) {
    Value any =
        arith::CmpIOp::create(b, arith::CmpIPredicate::ugt, count, zero);
    auto first = scf::IfOp::create(b, any, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard inFirst(b);
    b.setInsertionPoint(first.thenBlock()->getTerminator());
    if (failed(emitIterationOnHost(b, loop, zero, /*first=*/true, scope)))
      return failure();
    firstOfTheRest = one;
  }
  auto rest = scf::ForOp::create(b, firstOfTheRest, count, one);
  b.setInsertionPoint(rest.getBody()->getTerminator());
  return emitIterationOnHost(b, loop, rest.getInductionVar(), /*first=*/false,
                             scope);
}

LogicalResult LaunchEmitter::emitIterationOnHost(ImplicitLocOpBuilder &b,
                                                 const ScheduleLoop &loop,
                                                 Value iteration, bool first,
                                                 DeviceScope &scope) {
  symbols[loop.index] = iteration;
  std::array<Value, 4> iterationEnd;
  llvm::DenseMap<unsigned, Value> done;
  for (unsigned index = loop.begin; index < loop.end; ++index) {
    Launch scheduled = schedule.launches[index];
    if (first && !scheduled.firstIterationKernel.empty())
      scheduled.kernel = scheduled.firstIterationKernel;
    // After this iteration's launches before it on its stream and those it
    // waits for (earlier iterations and what came before the loop are
    // done).
    SmallVector<Value, 4> dependencies;
    Value &end = iterationEnd[static_cast<int>(scheduled.stream)];
    if (end)
      dependencies.push_back(end);
    for (const LaunchWait &wait : scheduled.after)
      if (wait.iterationsBack == 0)
        if (Value token = done.lookup(wait.launch))
          if (!llvm::is_contained(dependencies, token))
            dependencies.push_back(token);
    Value dependency;
    if (dependencies.size() > 1)
      dependency = joinStreams(b, dependencies);
    else if (end)
      dependency = end;
    else if (!dependencies.empty())
      dependency = forkStream(b, dependencies.front());
    else
      dependency = scope.freshStream();
    FailureOr<Value> token = emit(b, scheduled, dependency);
    if (failed(token))
      return failure();
    end = *token;
    done[index] = *token;
  }
  gpu::WaitOp::create(b, Type(), lastTokenOfEachStream(*b.getBlock()));
  symbols.erase(loop.index);
  return success();
}

FailureOr<Value> LaunchEmitter::viewOf(ImplicitLocOpBuilder &b,
                                       const BufferView &view,
                                       MemRefType type) {
  Value base = device.lookup(view.buffer);
  auto baseType = cast<MemRefType>(base.getType());
  if (view.isWhole(*schedule.findBuffer(view.buffer))) {
    if (baseType == type)
      return base;
    if (memref::CastOp::areCastCompatible(baseType, type))
      return memref::CastOp::create(b, type, base).getResult();
  }
  // Any other view: the buffer reinterpreted with the view's offset, sizes
  // and strides (each static one the type fixes given as a constant).
  auto [strides, offset] = type.getStridesAndOffset();
  auto fold = [&](const SizeExpr &expr, int64_t fixed) -> OpFoldResult {
    if (ShapedType::isDynamic(fixed))
      return size(b, expr);
    return b.getIndexAttr(fixed);
  };
  auto mismatch = [&](const SizeExpr &expr, int64_t fixed) {
    std::optional<int64_t> constant = expr.getConstant();
    return !ShapedType::isDynamic(fixed) && (!constant || *constant != fixed);
  };
  SmallVector<OpFoldResult, 3> sizeValues, strideValues;
  bool fits = !mismatch(view.offset, offset);
  for (auto [i, extent] : llvm::enumerate(view.sizes)) {
    fits = fits && !mismatch(extent, type.getDimSize(i)) &&
           !mismatch(view.strides[i], strides[i]);
    sizeValues.push_back(fold(extent, type.getDimSize(i)));
    strideValues.push_back(fold(view.strides[i], strides[i]));
  }
  if (!fits)
    return op->emitError() << "a view of '" << view.buffer
                           << "' does not fit the kernel's argument type "
                           << type;
  return memref::ReinterpretCastOp::create(
             b, type, base, fold(view.offset, offset), sizeValues, strideValues)
      .getResult();
}

FailureOr<Value> LaunchEmitter::tensorMapOf(ImplicitLocOpBuilder &b,
                                            const BufferView &view,
                                            Type mapType) {
  auto map = cast<nvgpu::TensorMapDescriptorType>(mapType);
  Type element = map.getTensor().getElementType();
  FailureOr<Value> memref = viewOf(b, view, gemmMatrixType(element));
  if (failed(memref))
    return failure();
  // The map starts at the view's offset, with its strides.
  Value unranked =
      memref::CastOp::create(b, UnrankedMemRefType::get(element, 0), *memref);
  SmallVector<Value, 2> box;
  for (int64_t extent : map.getTensor().getShape())
    box.push_back(arith::ConstantIndexOp::create(b, extent));
  Value descriptor =
      nvgpu::TmaCreateDescriptorOp::create(b, map, unranked, box);
  // The kernel takes the map as the pointer it lowers to.
  return UnrealizedConversionCastOp::create(
             b, TypeRange{LLVM::LLVMPointerType::get(b.getContext())},
             descriptor)
      .getResult(0);
}

FailureOr<Value> LaunchEmitter::emit(ImplicitLocOpBuilder &b,
                                     const Launch &scheduled,
                                     Value dependency) {
  auto kernel = kernels.lookupSymbol<gpu::GPUFuncOp>(scheduled.kernel);
  ArrayRef<Type> types = kernel.getFunctionType().getInputs();
  SmallVector<Value> arguments;
  for (auto [argument, type] : llvm::zip_equal(scheduled.arguments, types)) {
    FailureOr<Value> value;
    switch (argument.kind) {
    case LaunchArgument::Kind::Size:
      value = size(b, argument.size);
      if (!type.isIndex())
        value = arith::IndexCastOp::create(b, type, *value).getResult();
      break;
    case LaunchArgument::Kind::View:
      value = viewOf(b, argument.view, cast<MemRefType>(type));
      break;
    case LaunchArgument::Kind::TensorMap:
      value = tensorMapOf(b, argument.view, argument.mapType);
      break;
    }
    if (failed(value))
      return failure();
    arguments.push_back(*value);
  }
  // At least one block in each dimension.
  auto dimension = [&](const SizeExpr &extent) -> Value {
    if (std::optional<int64_t> constant = extent.getConstant())
      return arith::ConstantIndexOp::create(b, std::max<int64_t>(1, *constant));
    return arith::MaxUIOp::create(b, size(b, extent),
                                  arith::ConstantIndexOp::create(b, 1));
  };
  auto constants = [&](const std::array<int64_t, 3> &sizes) {
    return gpu::KernelDim3{arith::ConstantIndexOp::create(b, sizes[0]),
                           arith::ConstantIndexOp::create(b, sizes[1]),
                           arith::ConstantIndexOp::create(b, sizes[2])};
  };
  gpu::KernelDim3 grid{dimension(scheduled.grid[0]),
                       dimension(scheduled.grid[1]),
                       dimension(scheduled.grid[2])};
  std::optional<gpu::KernelDim3> cluster;
  if (scheduled.cluster != std::array<int64_t, 3>{1, 1, 1})
    cluster = constants(scheduled.cluster);
  Value shared =
      scheduled.sharedBytes
          ? arith::ConstantIntOp::create(b, scheduled.sharedBytes, 32)
                .getResult()
          : Value();
  return gpu::LaunchFuncOp::create(b, kernel, grid, constants(scheduled.block),
                                   shared, arguments,
                                   gpu::AsyncTokenType::get(b.getContext()),
                                   ValueRange{dependency}, cluster)
      .getAsyncToken();
}

} // namespace

LogicalResult mlir::lmhead::emitLaunchFunction(Operation *op,
                                               const Schedule &schedule,
                                               gpu::GPUModuleOp kernels,
                                               StringRef prefix,
                                               OperandMemory memory) {
  return LaunchEmitter(op, schedule, kernels, prefix, memory).run();
}
