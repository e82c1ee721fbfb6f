//===- CrossEntropyLowering.cpp - ce ops to kernels and launches ----------===//
//
// Each planned ce_linear_fwd / ce_linear_grad is replaced, in place, by a
// call of a launch function written beside its function (LaunchFunction.h).
// The call site passes the operands' buffers and fresh result buffers; the
// launch function runs the op's kernels on device buffers of them
// (DeviceScope.h: copies of host buffers, or the buffers themselves with
// operands=device).
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
#include "DeviceScope.h"
#include "GemmLaunch.h"
#include "LaunchFunction.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::lmhead;

namespace {

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
                       gpu::GPUModuleOp kernels, StringRef prefix,
                       OperandMemory memory)
      : op(op), plan(plan), kernels(kernels), prefix(prefix.str()),
        launch(op, prefix, memory) {}

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

  ImplicitLocOpBuilder b = launch.begin();
  DeviceScope device(b, launch.getMemory());
  auto arg = [&](int i) { return launch.argument(i); };
  Value hD = device.operand(arg(h));
  Value wD = device.operand(arg(w));
  Value labelsD = device.operand(arg(labels));
  Value biasD = bias >= 0 ? device.operand(arg(bias)) : Value();
  Value lossD = device.result(arg(loss));
  Value lseD = device.result(arg(lse));
  Value tokens = memref::DimOp::create(b, hD, 0);
  Value hidden = memref::DimOp::create(b, hD, 1);
  Value vocab = arith::ConstantIndexOp::create(b, options.vocab);
  int64_t numPartials = numPartialColumns(gemms.logits.tiles, options.vocab);
  Value partialsCount = arith::ConstantIndexOp::create(b, numPartials);
  Value partials = device.allocate(
      MemRefType::get({4, ShapedType::kDynamic, ShapedType::kDynamic},
                      b.getF32Type()),
      ValueRange{partialsCount, tokens});
  Value tokenLosses = reduction == Reduction::None
                          ? lossD
                          : device.allocate(dynamicMemRefType(lseD.getType()),
                                            ValueRange{tokens});

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
  Value lossBack = device.deliver(arg(loss), lossD, done);
  Value lseBack = device.deliver(arg(lse), lseD, lossBack);
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

  ImplicitLocOpBuilder b = launch.begin();
  DeviceScope device(b, launch.getMemory());
  auto arg = [&](int i) { return launch.argument(i); };
  Value hD = device.operand(arg(h));
  Value wD = device.operand(arg(w));
  Value labelsD = device.operand(arg(labels));
  Value lseD = device.operand(arg(lse));
  Value dlossD = device.operand(arg(dloss));
  Value biasD = bias >= 0 ? device.operand(arg(bias)) : Value();
  // A 16-bit dh adds what it accumulates into when it is rounded.
  Value dhAccD = dhAcc >= 0 && !dhIsF32 ? device.operand(arg(dhAcc)) : Value();
  // Results that accumulate start as a copy of what they add to.
  Value dhD = dhAcc >= 0 && dhIsF32
                  ? device.accumulatedResult(arg(dh), arg(dhAcc))
                  : device.result(arg(dh));
  Value dwD = dwAcc >= 0 ? device.accumulatedResult(arg(dw), arg(dwAcc))
                         : device.result(arg(dw));
  Value dbD = hasDb ? device.result(arg(db)) : Value();
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
    scales = device.allocate(dynamicMemRefType(dlossD.getType()),
                             ValueRange{arith::ConstantIndexOp::create(b, 1)});
    device.stream =
        launchSmall(b, scaleKernel, arith::ConstantIndexOp::create(b, 1), 32,
                    {labelsD, dlossD, scales, tokens}, device.stream);
  }
  Value ready = device.stream;

  // The chunks.
  // Each product's launch forks a stream of its own from a join of the
  // chunk's logits and the product's previous launch; chunk 0 joins its
  // logits with `ready`, on which they wait already (a join with a fresh
  // stream's token would be folded away by canonicalization: joinStreams).
  SmallVector<Value> dhDone, dwDone, dbDone;
  Value dhChain = ready, dwChain = ready;
  Value dbChain = hasDb ? ready : Value();
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
    Value start_ = joinStreams(b, waitFor);
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
  SmallVector<Value> done = {device.deliver(arg(dh), dhD, dhChain),
                             device.deliver(arg(dw), dwD, dwChain)};
  if (hasDb)
    done.push_back(device.deliver(arg(db), dbD, dbChain));
  device.finish(done);
  launch.finish();
  return success();
}

} // namespace

LogicalResult mlir::lmhead::lowerCrossEntropyOp(Operation *op,
                                                CrossEntropyPlanAttr plan,
                                                gpu::GPUModuleOp kernels,
                                                StringRef prefix,
                                                OperandMemory memory) {
  return CrossEntropyLowering(op, plan, kernels, prefix, memory).run();
}
