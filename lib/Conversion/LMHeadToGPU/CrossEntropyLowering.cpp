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
#include "GradientStatistics.h"
#include "LaunchFunction.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::lmhead;

namespace {

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

/// Rows [row, row+rows) and columns [col, col+cols) of a device matrix,
/// as gemmMatrixType.
Value subMatrix(ImplicitLocOpBuilder &b, Value matrix, Value row, Value rows,
                Value col, Value cols) {
  OpFoldResult one = b.getIndexAttr(1);
  Value view =
      memref::SubViewOp::create(b, matrix, SmallVector<OpFoldResult>{row, col},
                                SmallVector<OpFoldResult>{rows, cols},
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
    if (auto step = dyn_cast<CELinearStepOp>(op))
      return lowerStep(step);
    return lowerGrad(cast<CELinearGradOp>(op));
  }

private:
  LogicalResult lowerForward(CELinearFwdOp fwd);
  LogicalResult lowerGrad(CELinearGradOp grad);
  LogicalResult lowerStep(CELinearStepOp step);

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
  bool hasStats = static_cast<bool>(grad.getStats());
  // dh summed apart from what it adds to: a 16-bit dh, or statistics of
  // dh's own product.
  bool dhApart = !dhIsF32 || (hasStats && grad.getDhAcc());
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
  int dwScale = grad.getDwScale() ? launch.addOperand(grad.getDwScale()) : -1;
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
  int stats = -1;
  if (hasStats) {
    OpBuilder b(op);
    stats = launch.addResult(
        grad.getStats(),
        ValueRange{arith::ConstantIndexOp::create(b, loc, kNumStatisticSlots)});
  }

  ImplicitLocOpBuilder b = launch.begin();
  DeviceScope device(b, launch.getMemory());
  auto arg = [&](int i) { return launch.argument(i); };
  Value hD = device.operand(arg(h));
  Value wD = device.operand(arg(w));
  Value labelsD = device.operand(arg(labels));
  Value lseD = device.operand(arg(lse));
  Value dlossD = device.operand(arg(dloss));
  Value biasD = bias >= 0 ? device.operand(arg(bias)) : Value();
  // A dh summed apart adds what it accumulates into when it is rounded.
  Value dhAccD = dhAcc >= 0 && dhApart ? device.operand(arg(dhAcc)) : Value();
  // Results that accumulate start as a copy of what they add to.
  Value dhD = dhAcc >= 0 && !dhApart
                  ? device.accumulatedResult(arg(dh), arg(dhAcc))
                  : device.result(arg(dh));
  Value dwD = dwAcc >= 0 ? device.accumulatedResult(arg(dw), arg(dwAcc))
                         : device.result(arg(dw));
  Value dbD = hasDb ? device.result(arg(db)) : Value();
  Value statsD = hasStats ? device.result(arg(stats)) : Value();
  // dw_scale, like every rank-0 operand, is a vector of one element.
  Value dwScaleD = dwScale >= 0 ? device.operand(arg(dwScale)) : Value();
  Value tokens = memref::DimOp::create(b, hD, 0);
  Value hidden = memref::DimOp::create(b, hD, 1);
  Value dh32 = !dhApart
                   ? dhD
                   : device.allocate(
                         MemRefType::get(
                             {ShapedType::kDynamic, ShapedType::kDynamic}, f32),
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
  if (hasStats)
    device.stream =
        launchSmall(b, set.clearStats, arith::ConstantIndexOp::create(b, 1), 32,
                    {statsD, arith::ConstantIndexOp::create(b, 0),
                     arith::ConstantIndexOp::create(b, kNumStatisticSlots)},
                    device.stream);
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
    if (hasStats)
      epilogue.push_back(statsD);
    Value logitsDone = launchGemm(b, logitsKernel, gemms.logits, hD, wChunk,
                                  epilogue, tokens, columns, hidden, start_);

    // dh[N,D] (+)= dZ_c[N,c]·W_c, in chunk order.
    dhChain = launchGemm(b, c == 0 ? dhFirstKernel : dhKernel, *gemms.dh, dz,
                         wChunk, {asGemmMatrix(b, dh32)}, tokens, hidden,
                         columns, joinStreams(b, {logitsDone, dhChain}));
    dhDone.push_back(dhChain);
    // dW_c = dZ_cᵀ·h ([c,D]) or dW_cᵀ = hᵀ·dZ_c ([D,c]), written once.
    SmallVector<Value> dwEpilogue = {
        sliceMatrix(b, dwD, /*alongRows=*/vd, start, size)};
    if (dwScaleD)
      dwEpilogue.push_back(dwScaleD);
    if (hasStats)
      dwEpilogue.push_back(statsD);
    Value afterLogits = joinStreams(b, {logitsDone, dwChain});
    dwChain = vd ? launchGemm(b, dwKernel, *gemms.dw, dz, hD, dwEpilogue,
                              columns, hidden, tokens, afterLogits)
                 : launchGemm(b, dwKernel, *gemms.dw, hD, dz, dwEpilogue,
                              hidden, columns, tokens, afterLogits);
    dwDone.push_back(dwChain);
    if (hasDb) {
      SmallVector<Value> arguments = {dz, dbD};
      if (dwScaleD)
        arguments.push_back(dwScaleD);
      arguments.append(
          {arith::ConstantIndexOp::create(b, start), tokens, columns});
      dbChain = launchSmall(
          b, dbKernel, numBlocks(b, columns, kRowKernelThreads),
          kRowKernelThreads, arguments, joinStreams(b, {logitsDone, dbChain}));
      dbDone.push_back(dbChain);
    }
  }

  // ‖dh‖² of the f32 sum, before anything is added to it.
  if (hasStats) {
    Value elements = arith::MulIOp::create(b, tokens, hidden);
    dhChain = launchSmall(
        b, set.dhSquares, sumOfSquaresBlocks(b, elements), kSumOfSquaresThreads,
        {asGemmMatrix(b, dh32), statsD, tokens, hidden}, dhChain);
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
  // Every logits kernel is done before the last dh and dW products.
  if (hasStats)
    done.push_back(
        device.deliver(arg(stats), statsD, joinStreams(b, {dhChain, dwChain})));
  device.finish(done);
  launch.finish();
  return success();
}

LogicalResult CrossEntropyLowering::lowerStep(CELinearStepOp step) {
  const CrossEntropyGemms &gemms = set.gemms;
  const LogitOptions &options = gemms.options;
  Location loc = step.getLoc();
  bool vd = step.getLayout() == WeightLayout::VD;
  Type f32 = Float32Type::get(op->getContext());
  bool dwIsF32 = getElementTypeOrSelf(step.getDw().getType()).isF32();
  int64_t vocab = options.vocab, chunk = gemms.chunk;
  int64_t numChunks = set.numChunks;
  int64_t tokens = cast<RankedTensorType>(step.getH().getType()).getDimSize(0);

  // The call site.
  int h = launch.addOperand(step.getH());
  int w = launch.addOperand(step.getW());
  int labels = launch.addOperand(step.getLabels());
  int dloss = launch.addOperand(step.getDloss());
  int bias = step.getBias() ? launch.addOperand(step.getBias()) : -1;
  int dhAcc = step.getDhAcc() ? launch.addOperand(step.getDhAcc()) : -1;
  int dwAcc = step.getDwAcc() ? launch.addOperand(step.getDwAcc()) : -1;
  SmallVector<Value, 2> hSizes, wSizes;
  {
    OpBuilder b(op);
    for (int64_t d = 0; d < 2; ++d) {
      hSizes.push_back(tensor::DimOp::create(b, loc, step.getH(), d));
      wSizes.push_back(tensor::DimOp::create(b, loc, step.getW(), d));
    }
  }
  int loss = launch.addResult(step.getLoss(), ValueRange{});
  int lse = launch.addResult(step.getLse(), ValueRange{hSizes[0]});
  int dh = launch.addResult(step.getDh(), hSizes);
  int dw = launch.addResult(step.getDw(), wSizes);

  ImplicitLocOpBuilder b = launch.begin();
  DeviceScope device(b, launch.getMemory());
  auto arg = [&](int i) { return launch.argument(i); };
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, v);
  };
  Value hD = device.operand(arg(h));
  Value wD = device.operand(arg(w));
  Value labelsD = device.operand(arg(labels));
  Value dlossD = device.operand(arg(dloss));
  Value biasD = bias >= 0 ? device.operand(arg(bias)) : Value();
  Value lossD = device.result(arg(loss));
  Value lseD = device.result(arg(lse));
  // Results that accumulate start as a copy of what they add to; a 16-bit
  // dW adds its gradient when it is rounded from the f32 accumulator.
  Value dhD = dhAcc >= 0 ? device.accumulatedResult(arg(dh), arg(dhAcc))
                         : device.result(arg(dh));
  Value dwAccD = dwAcc >= 0 && !dwIsF32 ? device.operand(arg(dwAcc)) : Value();
  Value dwD = dwAcc >= 0 && dwIsF32
                  ? device.accumulatedResult(arg(dw), arg(dwAcc))
                  : device.result(arg(dw));
  Value hidden = memref::DimOp::create(b, hD, 1);
  Value vocabSize = index(vocab);
  Value dw32 = dwIsF32
                   ? dwD
                   : device.allocate(
                         MemRefType::get(
                             {ShapedType::kDynamic, ShapedType::kDynamic}, f32),
                         ValueRange{memref::DimOp::create(b, wD, 0),
                                    memref::DimOp::create(b, wD, 1)});
  Value tokenLosses = device.allocate(dynamicMemRefType(lseD.getType()),
                                      ValueRange{index(tokens)});
  // Two chunk buffers of logits (then dZ), rows padded so that each starts
  // 16-byte aligned, and one chunk's partials.
  int64_t padded = llvm::alignTo(vocab, kChunkColumnAlignment);
  auto bufferType = MemRefType::get(
      {ShapedType::kDynamic, ShapedType::kDynamic}, options.operandType);
  Value buffers[2];
  for (int i = 0; i < std::min<int64_t>(2, numChunks); ++i)
    buffers[i] =
        device.allocate(bufferType, ValueRange{index(chunk), index(padded)});
  int64_t numPartials = numPartialColumns(gemms.logits.tiles, vocab);
  Value partials = device.allocate(
      MemRefType::get({4, ShapedType::kDynamic, ShapedType::kDynamic}, f32),
      ValueRange{index(numPartials), index(chunk)});
  Value scales = dlossD;
  if (set.scale) {
    scales = device.allocate(dynamicMemRefType(dlossD.getType()),
                             ValueRange{index(1)});
    device.stream =
        launchSmall(b, set.scale, index(1), 32,
                    {labelsD, dlossD, scales, index(tokens)}, device.stream);
  }
  Value ready = device.stream;

  // The chunks. The logits and row passes run in order on one stream (they
  // share the partials); chunk c's logits also wait until chunk c−2's
  // products, which read the same buffer, are done. Each chunk's dh_c and
  // dW products fork from its row pass onto streams of their own.
  SmallVector<Value> dhDone, dwDone;
  Value rowChain = ready, dhChain = ready, dwChain = ready;
  constexpr int64_t rowsPerBlock = kRowKernelThreads / 32;
  for (int64_t c = 0; c < numChunks; ++c) {
    int64_t start = c * chunk, size = std::min(chunk, tokens - start);
    Value first = index(start), rows = index(size);
    Value buffer =
        subMatrix(b, buffers[c % 2], index(0), rows, index(0), vocabSize);
    Value hChunk = subMatrix(b, hD, first, rows, index(0), hidden);
    SmallVector<Value> waitFor = {rowChain};
    if (c >= 2)
      waitFor.append({dhDone[c - 2], dwDone[c - 2]});
    SmallVector<Value> epilogue = {labelsD};
    if (biasD)
      epilogue.push_back(biasD);
    epilogue.append({partials, buffer, first});
    Value logitsDone =
        launchGemm(b, set.logits, gemms.logits, hChunk, wD, epilogue, rows,
                   vocabSize, hidden, joinStreams(b, waitFor));
    rowChain = launchSmall(b, set.rows, numBlocks(b, rows, rowsPerBlock),
                           kRowKernelThreads,
                           {labelsD, partials, buffer, lseD, tokenLosses,
                            scales, index(numPartials), rows, first},
                           logitsDone);

    // dh_c[R,D] = dZ_c·W, written once.
    Value dhChunk = subMatrix(b, dhD, first, rows, index(0), hidden);
    dhChain =
        launchGemm(b, set.dh, *gemms.dh, buffer, wD, {dhChunk}, rows, hidden,
                   vocabSize, joinStreams(b, {rowChain, dhChain}));
    dhDone.push_back(dhChain);
    // dW[V,D] += dZ_cᵀ·h_c, or dWᵀ[D,V] += h_cᵀ·dZ_c, in f32, in chunk order.
    gpu::GPUFuncOp dwKernel = c == 0 ? set.dwFirst : set.dw;
    Value afterRows = joinStreams(b, {rowChain, dwChain});
    Value dwMatrix = asGemmMatrix(b, dw32);
    dwChain = vd ? launchGemm(b, dwKernel, *gemms.dw, buffer, hChunk,
                              {dwMatrix}, vocabSize, hidden, rows, afterRows)
                 : launchGemm(b, dwKernel, *gemms.dw, hChunk, buffer,
                              {dwMatrix}, hidden, vocabSize, rows, afterRows);
    dwDone.push_back(dwChain);
  }

  // The loss once every token's is written; dW rounded once to its type.
  Value lossDone =
      launchSmall(b, set.reduce, index(1), 32,
                  {labelsD, tokenLosses, lossD, index(tokens)}, rowChain);
  if (set.round) {
    Value rowsW = memref::DimOp::create(b, wD, 0);
    Value colsW = memref::DimOp::create(b, wD, 1);
    SmallVector<Value> arguments = {asGemmMatrix(b, dw32)};
    if (dwAccD)
      arguments.push_back(asGemmMatrix(b, dwAccD));
    arguments.append({asGemmMatrix(b, dwD), rowsW, colsW});
    dwChain = launchSmall(
        b, set.round,
        numBlocks(b, arith::MulIOp::create(b, rowsW, colsW), kRowKernelThreads),
        kRowKernelThreads, arguments, dwChain);
  }
  Value lossBack = device.deliver(arg(loss), lossD, lossDone);
  SmallVector<Value> done = {device.deliver(arg(lse), lseD, lossBack),
                             device.deliver(arg(dh), dhD, dhChain),
                             device.deliver(arg(dw), dwD, dwChain)};
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
