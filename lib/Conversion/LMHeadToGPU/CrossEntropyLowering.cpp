//===- CrossEntropyLowering.cpp - ce ops to kernels and launches ----------===//
//
// Each planned ce_linear_fwd / ce_linear_grad is replaced, in place, by a
// call of a launch function written beside its function. The call site
// passes the operands' buffers and fresh result buffers; the launch
// function copies the operands to the device, runs the op's kernels and
// copies the results back.
//
// ce_linear_fwd, on one stream: the logits GEMM writes per-tile row
// partials, the row kernel merges them into lse and each token's loss,
// and (mean, sum) one warp reduces the losses, so the loss never passes
// through the host before it is copied out.
//
// ce_linear_grad: the vocabulary in chunks of the plan's width, each
// chunk's dZ in one of two workspace buffers. Chunk c's logits kernel
// waits until chunk c−2's products (which read the same buffer) are done;
// its dh product (`dh += dZ_c·W_c`, f32, in chunk order) and its dW product
// (`dW_c = dZ_cᵀ·h`, written once) run on streams of their own, so the
// next chunk's logits overlap this chunk's products. The streams are
// async-token chains: a join of two or more tokens lowers to a new stream
// waiting on an event of each.
//
//===----------------------------------------------------------------------===//

#include "CrossEntropyLowering.h"

#include "CrossEntropyKernels.h"
#include "CrossEntropyRowKernels.h"
#include "GemmLaunch.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace mlir::lmhead;

namespace {

/// The same memref type with every dimension dynamic; rank 0 becomes [1]
/// (device buffers and kernels take vectors).
MemRefType dynamicType(Type type) {
  auto shaped = cast<ShapedType>(type);
  SmallVector<int64_t> shape(std::max<int64_t>(1, shaped.getRank()),
                             ShapedType::kDynamic);
  return MemRefType::get(shape, shaped.getElementType());
}

/// Writes the call site and the launch function of one op. The launch
/// function's arguments are host buffers in the order `add` registered
/// them; `device(i)` is the device copy of argument i inside it.
class LaunchBuilder {
public:
  LaunchBuilder(Operation *op, StringRef prefix) : op(op), prefix(prefix) {}

  /// An operand tensor: its buffer becomes an argument. Returns the index.
  int addOperand(Value tensor) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    auto type = cast<RankedTensorType>(tensor.getType());
    Value buffer = bufferization::ToBufferOp::create(
        b, loc, MemRefType::get(type.getShape(), type.getElementType()), tensor,
        /*readOnly=*/true);
    if (type.getRank() == 0)
      buffer = memref::ExpandShapeOp::create(
          b, loc, MemRefType::get({1}, type.getElementType()), buffer,
          ArrayRef<ReassociationIndices>{},
          ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
    buffer =
        memref::CastOp::create(b, loc, dynamicType(buffer.getType()), buffer);
    arguments.push_back(buffer);
    return arguments.size() - 1;
  }

  /// A result tensor of `op`: a fresh host buffer shaped by `sizes`
  /// (index values at the call site; none for rank 0) becomes an argument,
  /// and the result is read back from it after the call.
  int addResult(Value result, ValueRange sizes) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    auto type = cast<RankedTensorType>(result.getType());
    Value buffer;
    if (type.getRank() == 0)
      buffer = memref::AllocOp::create(
          b, loc, MemRefType::get({1}, type.getElementType()));
    else
      buffer = memref::AllocOp::create(b, loc, dynamicType(type), sizes);
    results.emplace_back(result, buffer);
    arguments.push_back(
        memref::CastOp::create(b, loc, dynamicType(buffer.getType()), buffer));
    return arguments.size() - 1;
  }

  /// Creates the launch function beside the op's function and an empty
  /// body; returns a builder at its start.
  ImplicitLocOpBuilder begin(func::FuncOp &launchFunc) {
    auto parentFunc = op->getParentOfType<FunctionOpInterface>();
    OpBuilder moduleBuilder(parentFunc);
    auto type = FunctionType::get(op->getContext(),
                                  ValueRange(arguments).getTypes(), {});
    launchFunc = func::FuncOp::create(moduleBuilder, op->getLoc(),
                                      prefix + "_launch", type);
    launchFunc.setPrivate();
    launchFunc->setAttr("lmhead.gpu_host", UnitAttr::get(op->getContext()));
    SymbolTable(parentFunc->getParentOp()).insert(launchFunc);
    entry = launchFunc.addEntryBlock();
    return ImplicitLocOpBuilder(op->getLoc(), OpBuilder::atBlockBegin(entry));
  }

  /// Argument `i` of the launch function.
  Value hostArgument(int i) const { return entry->getArgument(i); }

  /// Writes the call and replaces the op's results by the buffers' tensors.
  void finish() {
    OpBuilder b(op);
    Location loc = op->getLoc();
    func::CallOp::create(b, loc, prefix + "_launch", TypeRange{}, arguments);
    for (auto [result, buffer] : results) {
      auto type = cast<RankedTensorType>(result.getType());
      Value value = buffer;
      if (type.getRank() == 0)
        value = memref::CollapseShapeOp::create(
            b, loc, buffer, ArrayRef<ReassociationIndices>{});
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

private:
  Operation *op;
  std::string prefix;
  SmallVector<Value> arguments;
  SmallVector<std::pair<Value, Value>> results;
  Block *entry = nullptr;
};

/// Device memory and streams inside a launch function.
class DeviceScope {
public:
  explicit DeviceScope(ImplicitLocOpBuilder &b) : b(b) {
    tokenType = gpu::AsyncTokenType::get(b.getContext());
    stream = freshStream();
  }

  /// A token of a new stream with nothing to wait for.
  Value freshStream() {
    return gpu::WaitOp::create(b, tokenType, ValueRange{}).getAsyncToken();
  }

  /// A device buffer of `type` (every dimension dynamic) with `sizes`,
  /// allocated on the setup stream.
  Value allocate(MemRefType type, ValueRange sizes) {
    auto alloc = gpu::AllocOp::create(b, type, tokenType, ValueRange{stream},
                                      sizes, ValueRange{}, UnitAttr());
    stream = alloc.getAsyncToken();
    buffers.push_back(alloc.getMemref());
    return alloc.getMemref();
  }

  /// A device buffer shaped like host buffer `host`, filled from it when
  /// `copyIn`.
  Value toDevice(Value host, bool copyIn) {
    auto type = cast<MemRefType>(host.getType());
    SmallVector<Value> sizes;
    for (int64_t d = 0; d < type.getRank(); ++d)
      sizes.push_back(memref::DimOp::create(b, host, d));
    Value device = allocate(type, sizes);
    if (copyIn)
      stream =
          gpu::MemcpyOp::create(b, tokenType, ValueRange{stream}, device, host)
              .getAsyncToken();
    return device;
  }

  /// Copies `device` to `host` after `after`; returns the copy's token.
  Value toHost(Value host, Value device, Value after) {
    return gpu::MemcpyOp::create(b, tokenType, ValueRange{after}, host, device)
        .getAsyncToken();
  }

  /// Joins `done`, frees every buffer and waits on the host.
  void finish(ValueRange done) {
    Value all = joinStreams(b, done);
    for (Value buffer : buffers)
      all = gpu::DeallocOp::create(b, tokenType, ValueRange{all}, buffer)
                .getAsyncToken();
    gpu::WaitOp::create(b, Type(), ValueRange{all});
    func::ReturnOp::create(b);
  }

  Type tokenType;
  /// The setup stream: allocations, copies in, and what runs before the
  /// kernels fork.
  Value stream;

private:
  ImplicitLocOpBuilder &b;
  SmallVector<Value> buffers;
};

/// Launches a non-GEMM kernel of `threads` threads on `blocks` blocks.
Value launchSmall(ImplicitLocOpBuilder &b, gpu::GPUFuncOp kernel, Value blocks,
                  int64_t threads, ValueRange arguments, Value dependency) {
  Value one = arith::ConstantIndexOp::create(b, 1);
  gpu::KernelDim3 grid{blocks, one, one};
  gpu::KernelDim3 block{arith::ConstantIndexOp::create(b, threads), one, one};
  return gpu::LaunchFuncOp::create(
             b, kernel, grid, block, /*dynamicSharedMemorySize=*/Value(),
             arguments, gpu::AsyncTokenType::get(b.getContext()),
             ValueRange{dependency})
      .getAsyncToken();
}

/// Rows [start, start+size) (`alongRows`) or columns of a device matrix,
/// as gemmMatrixType.
Value sliceMatrix(ImplicitLocOpBuilder &b, Value matrix, bool alongRows,
                  int64_t start, int64_t size) {
  OpFoldResult zero = b.getIndexAttr(0), one = b.getIndexAttr(1);
  OpFoldResult other = alongRows
                           ? OpFoldResult(memref::DimOp::create(b, matrix, 1))
                           : OpFoldResult(memref::DimOp::create(b, matrix, 0));
  SmallVector<OpFoldResult> offsets = {zero, zero}, sizes = {other, other};
  offsets[alongRows ? 0 : 1] = b.getIndexAttr(start);
  sizes[alongRows ? 0 : 1] = b.getIndexAttr(size);
  Value view = memref::SubViewOp::create(b, matrix, offsets, sizes,
                                         SmallVector<OpFoldResult>{one, one});
  return asGemmMatrix(b, view);
}

class CrossEntropyLowering {
public:
  CrossEntropyLowering(Operation *op, CrossEntropyPlanAttr plan,
                       gpu::GPUModuleOp kernels, StringRef prefix)
      : op(op), plan(plan), kernels(kernels), prefix(prefix.str()),
        launch(op, prefix) {}

  LogicalResult run() {
    FailureOr<CrossEntropyKernelSet> built =
        buildCrossEntropyKernels(op, plan, kernels, prefix);
    if (failed(built))
      return failure();
    set = *built;
    if (auto fwd = dyn_cast<CELinearFwdOp>(op))
      return lowerForward(fwd);
    return lowerGrad(cast<CELinearGradOp>(op));
  }

private:
  LogicalResult lowerForward(CELinearFwdOp fwd);
  LogicalResult lowerGrad(CELinearGradOp grad);

  Operation *op;
  CrossEntropyPlanAttr plan;
  gpu::GPUModuleOp kernels;
  std::string prefix;
  LaunchBuilder launch;
  CrossEntropyKernelSet set;
};

LogicalResult CrossEntropyLowering::lowerForward(CELinearFwdOp fwd) {
  const CrossEntropyGemms &gemms = set.gemms;
  const LogitOptions &options = gemms.options;
  gpu::GPUFuncOp logitsKernel = set.logits, rowsKernel = set.rows,
                 reduceKernel = set.reduce;
  Reduction reduction = fwd.getReduction();

  // The call site: h, W, labels, bias; loss and lse.
  int h = launch.addOperand(fwd.getH());
  int w = launch.addOperand(fwd.getW());
  int labels = launch.addOperand(fwd.getLabels());
  int bias = fwd.getBias() ? launch.addOperand(fwd.getBias()) : -1;
  Value tokensAtCall;
  {
    OpBuilder b(op);
    tokensAtCall = tensor::DimOp::create(b, fwd.getLoc(), fwd.getH(), 0);
  }
  int loss = launch.addResult(fwd.getLoss(), reduction == Reduction::None
                                                 ? ValueRange{tokensAtCall}
                                                 : ValueRange{});
  int lse = launch.addResult(fwd.getLse(), ValueRange{tokensAtCall});

  func::FuncOp launchFunc;
  ImplicitLocOpBuilder b = launch.begin(launchFunc);
  DeviceScope device(b);
  Value hD = device.toDevice(launch.hostArgument(h), true);
  Value wD = device.toDevice(launch.hostArgument(w), true);
  Value labelsD = device.toDevice(launch.hostArgument(labels), true);
  Value biasD =
      bias >= 0 ? device.toDevice(launch.hostArgument(bias), true) : Value();
  Value lossD = device.toDevice(launch.hostArgument(loss), false);
  Value lseD = device.toDevice(launch.hostArgument(lse), false);
  Value tokens = memref::DimOp::create(b, hD, 0);
  Value hidden = memref::DimOp::create(b, hD, 1);
  Value vocab = arith::ConstantIndexOp::create(b, options.vocab);
  int64_t numPartials = numPartialColumns(gemms.logits.tiles, options.vocab);
  Value partialsCount = arith::ConstantIndexOp::create(b, numPartials);
  Value partials = device.allocate(
      MemRefType::get({4, ShapedType::kDynamic, ShapedType::kDynamic},
                      b.getF32Type()),
      ValueRange{partialsCount, tokens});
  Value tokenLosses =
      reduction == Reduction::None
          ? lossD
          : device.allocate(dynamicType(lseD.getType()), ValueRange{tokens});

  SmallVector<Value> epilogue = {labelsD};
  if (biasD)
    epilogue.push_back(biasD);
  epilogue.push_back(partials);
  Value done = launchGemm(b, logitsKernel, gemms.logits, hD, wD, epilogue,
                          tokens, vocab, hidden, device.stream);
  done = launchSmall(
      b, rowsKernel, numBlocks(b, tokens, kRowKernelThreads), kRowKernelThreads,
      {labelsD, partials, lseD, tokenLosses, partialsCount, tokens}, done);
  if (reduceKernel)
    done = launchSmall(b, reduceKernel, arith::ConstantIndexOp::create(b, 1),
                       32, {labelsD, tokenLosses, lossD, tokens}, done);
  Value lossBack = device.toHost(launch.hostArgument(loss), lossD, done);
  Value lseBack = device.toHost(launch.hostArgument(lse), lseD, lossBack);
  device.finish({lseBack});
  launch.finish();
  return success();
}

LogicalResult CrossEntropyLowering::lowerGrad(CELinearGradOp grad) {
  const CrossEntropyGemms &gemms = set.gemms;
  const LogitOptions &options = gemms.options;
  Location loc = grad.getLoc();
  bool vd = grad.getLayout() == WeightLayout::VD;
  Type f32 = Float32Type::get(op->getContext());
  bool dhIsF32 = getElementTypeOrSelf(grad.getDh().getType()).isF32();
  bool hasDb = static_cast<bool>(grad.getDb());
  int64_t vocab = options.vocab, chunk = gemms.chunk;
  int64_t numChunks = set.numChunks;
  gpu::GPUFuncOp logitsKernel = set.logits, dhFirstKernel = set.dhFirst,
                 dhKernel = set.dh, dwKernel = set.dw, scaleKernel = set.scale,
                 dbKernel = set.db, roundKernel = set.round;

  // The call site.
  int h = launch.addOperand(grad.getH());
  int w = launch.addOperand(grad.getW());
  int labels = launch.addOperand(grad.getLabels());
  int lse = launch.addOperand(grad.getLse());
  int dloss = launch.addOperand(grad.getDloss());
  int bias = grad.getBias() ? launch.addOperand(grad.getBias()) : -1;
  int dhAcc = grad.getDhAcc() ? launch.addOperand(grad.getDhAcc()) : -1;
  int dwAcc = grad.getDwAcc() ? launch.addOperand(grad.getDwAcc()) : -1;
  SmallVector<Value, 2> hSizes, wSizes;
  Value vocabAtCall;
  {
    OpBuilder b(op);
    for (int64_t d = 0; d < 2; ++d) {
      hSizes.push_back(tensor::DimOp::create(b, loc, grad.getH(), d));
      wSizes.push_back(tensor::DimOp::create(b, loc, grad.getW(), d));
    }
    vocabAtCall = arith::ConstantIndexOp::create(b, loc, vocab);
  }
  int dh = launch.addResult(grad.getDh(), hSizes);
  int dw = launch.addResult(grad.getDw(), wSizes);
  int db = hasDb ? launch.addResult(grad.getDb(), ValueRange{vocabAtCall}) : -1;

  func::FuncOp launchFunc;
  ImplicitLocOpBuilder b = launch.begin(launchFunc);
  DeviceScope device(b);
  auto arg = [&](int i) { return launch.hostArgument(i); };
  Value hD = device.toDevice(arg(h), true);
  Value wD = device.toDevice(arg(w), true);
  Value labelsD = device.toDevice(arg(labels), true);
  Value lseD = device.toDevice(arg(lse), true);
  Value dlossD = device.toDevice(arg(dloss), true);
  Value biasD = bias >= 0 ? device.toDevice(arg(bias), true) : Value();
  Value dhAccD =
      dhAcc >= 0 && !dhIsF32 ? device.toDevice(arg(dhAcc), true) : Value();
  // Results that accumulate start as a copy of what they add to.
  Value dhD = dhAcc >= 0 && dhIsF32 ? device.toDevice(arg(dhAcc), true)
                                    : device.toDevice(arg(dh), false);
  Value dwD = dwAcc >= 0 ? device.toDevice(arg(dwAcc), true)
                         : device.toDevice(arg(dw), false);
  Value dbD = hasDb ? device.toDevice(arg(db), false) : Value();
  Value tokens = memref::DimOp::create(b, hD, 0);
  Value hidden = memref::DimOp::create(b, hD, 1);
  Value dh32 = dhIsF32 ? dhD
                       : device.allocate(MemRefType::get({ShapedType::kDynamic,
                                                          ShapedType::kDynamic},
                                                         f32),
                                         ValueRange{tokens, hidden});
  // Two chunk buffers of dZ in the operand type.
  Value chunkColumns = arith::ConstantIndexOp::create(b, chunk);
  auto workspaceType = MemRefType::get(
      {ShapedType::kDynamic, ShapedType::kDynamic}, options.operandType);
  Value workspace[2];
  for (int i = 0; i < std::min<int64_t>(2, numChunks); ++i)
    workspace[i] =
        device.allocate(workspaceType, ValueRange{tokens, chunkColumns});
  Value scales = dlossD;
  if (scaleKernel) {
    scales = device.allocate(dynamicType(dlossD.getType()),
                             ValueRange{arith::ConstantIndexOp::create(b, 1)});
    device.stream =
        launchSmall(b, scaleKernel, arith::ConstantIndexOp::create(b, 1), 32,
                    {labelsD, dlossD, scales, tokens}, device.stream);
  }
  Value ready = device.stream;

  // The chunks.
  SmallVector<Value> dhDone, dwDone, dbDone;
  Value dhChain = device.freshStream(), dwChain = device.freshStream();
  Value dbChain = hasDb ? device.freshStream() : Value();
  for (int64_t c = 0; c < numChunks; ++c) {
    int64_t start = c * chunk, size = std::min(chunk, vocab - start);
    Value columns = arith::ConstantIndexOp::create(b, size);
    Value dz = sliceMatrix(b, workspace[c % 2], /*alongRows=*/false, 0, size);
    Value wChunk = sliceMatrix(b, wD, /*alongRows=*/vd, start, size);
    // The buffer is free once chunk c−2's products have read it.
    SmallVector<Value> waitFor = {ready};
    if (c >= 2) {
      waitFor = {dhDone[c - 2], dwDone[c - 2]};
      if (hasDb)
        waitFor.push_back(dbDone[c - 2]);
    }
    Value start_ = waitFor.size() == 1 ? waitFor[0] : joinStreams(b, waitFor);
    SmallVector<Value> epilogue = {labelsD, lseD, scales};
    if (biasD)
      epilogue.push_back(biasD);
    epilogue.append({dz, arith::ConstantIndexOp::create(b, start)});
    Value logitsDone = launchGemm(b, logitsKernel, gemms.logits, hD, wChunk,
                                  epilogue, tokens, columns, hidden, start_);

    // dh[N,D] (+)= dZ_c[N,c]·W_c, in chunk order.
    dhChain = launchGemm(b, c == 0 ? dhFirstKernel : dhKernel, *gemms.dh, dz,
                         wChunk, {asGemmMatrix(b, dh32)}, tokens, hidden,
                         columns, joinStreams(b, {logitsDone, dhChain}));
    dhDone.push_back(dhChain);
    // dW_c = dZ_cᵀ·h ([c,D]) or dW_cᵀ = hᵀ·dZ_c ([D,c]), written once.
    Value dwChunk = sliceMatrix(b, dwD, /*alongRows=*/vd, start, size);
    Value afterLogits = joinStreams(b, {logitsDone, dwChain});
    dwChain = vd ? launchGemm(b, dwKernel, *gemms.dw, dz, hD, {dwChunk},
                              columns, hidden, tokens, afterLogits)
                 : launchGemm(b, dwKernel, *gemms.dw, hD, dz, {dwChunk}, hidden,
                              columns, tokens, afterLogits);
    dwDone.push_back(dwChain);
    if (hasDb) {
      dbChain = launchSmall(
          b, dbKernel, numBlocks(b, columns, kRowKernelThreads),
          kRowKernelThreads,
          {dz, dbD, arith::ConstantIndexOp::create(b, start), tokens, columns},
          joinStreams(b, {logitsDone, dbChain}));
      dbDone.push_back(dbChain);
    }
  }

  // dh rounded once to its type (adding what it accumulates into).
  if (roundKernel) {
    SmallVector<Value> arguments = {asGemmMatrix(b, dh32)};
    if (dhAccD)
      arguments.push_back(asGemmMatrix(b, dhAccD));
    arguments.append({asGemmMatrix(b, dhD), tokens, hidden});
    dhChain = launchSmall(b, roundKernel,
                          numBlocks(b, arith::MulIOp::create(b, tokens, hidden),
                                    kRowKernelThreads),
                          kRowKernelThreads, arguments, dhChain);
  }
  SmallVector<Value> done = {device.toHost(arg(dh), dhD, dhChain),
                             device.toHost(arg(dw), dwD, dwChain)};
  if (hasDb)
    done.push_back(device.toHost(arg(db), dbD, dbChain));
  device.finish(done);
  launch.finish();
  return success();
}

} // namespace

LogicalResult mlir::lmhead::lowerCrossEntropyOp(Operation *op,
                                                CrossEntropyPlanAttr plan,
                                                gpu::GPUModuleOp kernels,
                                                StringRef prefix) {
  return CrossEntropyLowering(op, plan, kernels, prefix).run();
}
