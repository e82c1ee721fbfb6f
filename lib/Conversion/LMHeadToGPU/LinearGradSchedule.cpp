//===- LinearGradSchedule.cpp - a linear_grad's launches ------------------===//
//
// Part of lmhead. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "LinearGradSchedule.h"

#include "GradientStatistics.h"
#include "LinearGradKernels.h"
#include "ScheduleLaunches.h"

using namespace mlir;
using namespace mlir::lmhead;

namespace {

/// Each of the op's sizes: a constant where any of its types fixes it, else
/// a symbol (`n`, `v`, `d`) read from an operand.
struct LinearGradSizes {
  SizeExpr extents[3];

  const SizeExpr &of(LinearGradDim dim) const {
    return extents[static_cast<int>(dim)];
  }
};

/// Reads the sizes of `op` into `sizes`, adding a symbol to `schedule` for
/// each dynamic one. Fails with an error when two types disagree (which the
/// verifier does not let through).
LogicalResult readSizes(LinearGradOp op, LinearGradSizes &sizes,
                        Schedule &schedule) {
  unsigned vocabDim = op.getLayout() == WeightLayout::VD ? 0 : 1;
  auto size = [](Value value, unsigned dim) {
    return cast<ShapedType>(value.getType()).getDimSize(dim);
  };
  // Each size in every type that has it; a dynamic one is read from dZ
  // (tokens, vocabulary) or h (hidden).
  SmallVector<int64_t> tokens = {size(op.getDz(), 0), size(op.getH(), 0),
                                 size(op.getDh(), 0)};
  SmallVector<int64_t> vocab = {size(op.getDz(), 1), size(op.getW(), vocabDim),
                                size(op.getDw(), vocabDim)};
  SmallVector<int64_t> hidden = {
      size(op.getH(), 1), size(op.getW(), 1 - vocabDim), size(op.getDh(), 1),
      size(op.getDw(), 1 - vocabDim)};
  auto read = [&](LinearGradDim dim, ArrayRef<int64_t> seen, StringRef name,
                  Value source, unsigned sourceDim) {
    FailureOr<SizeExpr> extent =
        readOpSize(op, seen, name, source, sourceDim, schedule);
    if (succeeded(extent))
      sizes.extents[static_cast<int>(dim)] = *extent;
    return extent;
  };
  if (failed(read(LinearGradDim::Tokens, tokens, "n", op.getDz(), 0)) ||
      failed(read(LinearGradDim::Vocab, vocab, "v", op.getDz(), 1)) ||
      failed(read(LinearGradDim::Hidden, hidden, "d", op.getH(), 1)))
    return failure();
  return success();
}

/// The shape of one of the op's tensors in the op's sizes.
SmallVector<SizeExpr, 3> shapeOf(LinearGradOp op, Value value,
                                 const LinearGradSizes &sizes) {
  using D = LinearGradDim;
  if (value == op.getStats())
    return {SizeExpr(kNumStatisticSlots)};
  if (value == op.getDz())
    return {sizes.of(D::Tokens), sizes.of(D::Vocab)};
  if (value == op.getH() || value == op.getDh())
    return {sizes.of(D::Tokens), sizes.of(D::Hidden)};
  // W and dW, stored alike.
  if (op.getLayout() == WeightLayout::VD)
    return {sizes.of(D::Vocab), sizes.of(D::Hidden)};
  return {sizes.of(D::Hidden), sizes.of(D::Vocab)};
}

/// The manifest's name of one of the op's tensors.
StringRef nameOf(LinearGradOp op, Value value) {
  if (value == op.getDz())
    return "dz";
  if (value == op.getH())
    return "h";
  if (value == op.getW())
    return "w";
  if (value == op.getDh())
    return "dh";
  if (value == op.getStats())
    return "stats";
  return "dw";
}

} // namespace

FailureOr<Schedule>
mlir::lmhead::buildLinearGradSchedule(LinearGradOp op, KernelPlanAttr plan,
                                      gpu::GPUModuleOp kernels,
                                      StringRef prefix, bool unusedToo) {
  bool hasStats = static_cast<bool>(op.getStats());
  FailureOr<SmallVector<LinearGradProduct, 2>> products =
      getLinearGradProducts(op, plan, /*unusedToo=*/unusedToo || hasStats);
  if (failed(products))
    return failure();
  Schedule schedule;
  LinearGradSizes sizes;
  if (failed(readSizes(op, sizes, schedule)))
    return failure();

  // The tensors: dZ, h and W, then the results the products write (and
  // the gradients they add to), then the statistics.
  auto addBuffer = [&](Value value, ScheduleBuffer::Role role,
                       Value accumulates = Value()) {
    schedule.buffers.push_back({nameOf(op, value).str(), role,
                                getElementTypeOrSelf(value.getType()),
                                shapeOf(op, value, sizes), value, accumulates});
  };
  for (Value operand : {op.getDz(), op.getH(), op.getW()})
    addBuffer(operand, ScheduleBuffer::Role::Operand);
  for (const LinearGradProduct &product : *products)
    addBuffer(product.result, ScheduleBuffer::Role::Result, product.accumulate);
  if (hasStats)
    addBuffer(op.getStats(), ScheduleBuffer::Role::Result);
  auto whole = [&](Value value) {
    return BufferView::whole(*schedule.findBuffer(nameOf(op, value)));
  };

  // The kernels.
  OpBuilder builder = OpBuilder::atBlockEnd(kernels.getBody());
  for (const LinearGradProduct &product : *products)
    buildGemmKernel(builder, op.getLoc(), (prefix + "_" + product.role).str(),
                    product.spec, product.epilogue);
  std::string clearStats = (prefix + "_stats_clear").str();
  std::string dzSquares = (prefix + "_dz_squares").str();
  if (hasStats) {
    buildClearStatisticsKernel(builder, op.getLoc(), clearStats);
    buildSumOfSquaresKernel(builder, op.getLoc(), dzSquares,
                            getElementTypeOrSelf(op.getDz().getType()),
                            kLogitGradientSlot);
  }

  // Each product on a stream of its own.
  for (const LinearGradProduct &product : *products) {
    bool isDh = product.role == "dh";
    ScheduleStream stream = isDh ? ScheduleStream::Dh : ScheduleStream::Dw;
    if (hasStats)
      // The slots this stream adds to, cleared on it first.
      schedule.add(
          smallLaunch(clearStats, stream, SizeExpr(1), 32,
                      {LaunchArgument::ofView(whole(op.getStats())),
                       LaunchArgument::ofSize(isDh ? kLogitGradientSlot
                                                   : kWeightGradientSlot),
                       LaunchArgument::ofSize(isDh ? 2 : 1)}));
    // C's view is the epilogue's first argument, the statistics its second.
    SmallVector<LaunchArgument, 2> epilogue = {
        gemmResultArgument(product.spec, whole(product.result))};
    if (hasStats)
      epilogue.push_back(LaunchArgument::ofView(whole(op.getStats())));
    schedule.add(gemmLaunch((prefix + "_" + product.role).str(), stream,
                            product.spec, whole(product.a), whole(product.b),
                            epilogue, sizes.of(product.m), sizes.of(product.n),
                            sizes.of(product.k)));
    if (hasStats && isDh) {
      // ‖dZ‖² of the given dZ.
      const SizeExpr &tokens = sizes.of(LinearGradDim::Tokens);
      const SizeExpr &vocab = sizes.of(LinearGradDim::Vocab);
      schedule.add(smallLaunch(
          dzSquares, ScheduleStream::Dh, sumOfSquaresBlocks(tokens * vocab),
          kSumOfSquaresThreads,
          {LaunchArgument::ofView(whole(op.getDz())),
           LaunchArgument::ofView(whole(op.getStats())),
           LaunchArgument::ofSize(tokens), LaunchArgument::ofSize(vocab)}));
    }
  }
  return schedule;
}
