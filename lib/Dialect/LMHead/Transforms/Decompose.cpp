//===- Decompose.cpp - lmhead ops into upstream linalg (--lmhead-decompose)
//-===//
//
// One rewrite pattern per op assembles the op's definition from the blocks of
// DecomposeBuilder: the cross-entropy ops compute logits, their log-sum-exp
// and the loss or logit gradient; the gradient ops then share the dZ·W,
// dZᵀ·h and Σ dZ products; a ce_linear_step is split into the two
// cross-entropy ops it fuses. Results without uses are left to the greedy
// driver's dead-code removal, so only what the program needs is computed.
//
//===----------------------------------------------------------------------===//

#include "DecomposeBuilder.h"
#include "lmhead/Dialect/LMHead/IR/LMHeadOps.h"
#include "lmhead/Dialect/LMHead/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#define DEBUG_TYPE "lmhead-decompose"

namespace mlir {
namespace lmhead {
#define GEN_PASS_DEF_LMHEADDECOMPOSE
#include "lmhead/Dialect/LMHead/Transforms/Passes.h.inc"
} // namespace lmhead
} // namespace mlir

using namespace mlir;
using namespace mlir::lmhead;

namespace {

RankedTensorType tensorTypeOf(Value value) {
  return value ? cast<RankedTensorType>(value.getType()) : RankedTensorType();
}

/// The gradient products an op asks for, with its epilogue options.
template <typename GradOp> GradientRequest requestOf(GradOp op, double scale) {
  GradientRequest request;
  request.layout = op.getLayout();
  request.accumulatorType = op.getAccumulatorType();
  request.scale = scale;
  request.dhType = tensorTypeOf(op.getDh());
  request.dwType = tensorTypeOf(op.getDw());
  request.dbType = tensorTypeOf(op.getDb());
  request.dhAcc = op.getDhAcc();
  request.dwAcc = op.getDwAcc();
  return request;
}

/// The op's results in order, leaving out the optional bias gradient when
/// the op has none, and ending with the statistics `stats` when it has
/// them.
SmallVector<Value> gradientResults(const GradientResults &results,
                                   Value stats) {
  SmallVector<Value> values = {results.dh, results.dw};
  if (results.db)
    values.push_back(results.db);
  if (stats)
    values.push_back(stats);
  return values;
}

/// What both cross-entropy ops start from: the logits (with bias and
/// soft-cap) and, for reduction(mean), the number of valid tokens.
struct CrossEntropyStart {
  Value logits, validCount;
};

CrossEntropyStart startCrossEntropy(DecomposeBuilder &build, CrossEntropyOp op,
                                    const CrossEntropyOptions &options) {
  CrossEntropyStart start;
  start.logits =
      build.logits(op.getH(), op.getW(), op.getBias(), options.layout,
                   options.accumulatorType, options.logitSoftcap);
  if (options.reduction == Reduction::Mean)
    start.validCount = build.validCount(op.getLabels(), options.ignoreIndex);
  return start;
}

struct DecomposeLinearGrad : OpRewritePattern<LinearGradOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LinearGradOp op,
                                PatternRewriter &rewriter) const override {
    DecomposeBuilder build(rewriter, op.getLoc());
    GradientRequest request = requestOf(op, op.getScale().convertToDouble());
    GradientResults results =
        build.gradients(op.getDz(), op.getH(), op.getW(), request);
    Value stats;
    if (op.getStats())
      stats = build.gradientStatistics(op.getDz(), results, request);
    rewriter.replaceOp(op, gradientResults(results, stats));
    return success();
  }
};

struct DecomposeCELinearFwd : OpRewritePattern<CELinearFwdOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(CELinearFwdOp op,
                                PatternRewriter &rewriter) const override {
    CrossEntropyOptions options = op.getOptions();
    DecomposeBuilder build(rewriter, op.getLoc());
    CrossEntropyStart start = startCrossEntropy(build, op, options);
    Value lse = build.logSumExp(start.logits);
    Value losses =
        build.tokenLosses(start.logits, lse, op.getLabels(), options);
    Value loss =
        build.reduceLosses(losses, start.validCount, options.reduction);
    rewriter.replaceOp(op, {build.castTo(loss, op.getLoss().getType()),
                            build.castTo(lse, op.getLse().getType())});
    return success();
  }
};

struct DecomposeCELinearGrad : OpRewritePattern<CELinearGradOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(CELinearGradOp op,
                                PatternRewriter &rewriter) const override {
    CrossEntropyOptions options = op.getOptions();
    DecomposeBuilder build(rewriter, op.getLoc());
    // The logits are recomputed here: the op's contract is that only the
    // per-token lse crosses from the forward pass.
    CrossEntropyStart start = startCrossEntropy(build, op, options);
    // dZ enters the products in the operand type, as the kernels store it
    // (and as mixed-precision frontends round it).
    Value dz32 = build.logitGradient(start.logits, op.getLse(), op.getLabels(),
                                     op.getDloss(), start.validCount, options);
    Value dz = build.roundTo(dz32, getElementTypeOrSelf(op.getH()));
    GradientRequest request = requestOf(op, 1.0);
    request.dwScale = op.getDwScale();
    GradientResults results =
        build.gradients(dz, op.getH(), op.getW(), request);
    // The statistics are of dZ as it is formed, in f32, before rounding.
    Value stats;
    if (op.getStats())
      stats = build.gradientStatistics(dz32, results, request);
    rewriter.replaceOp(op, gradientResults(results, stats));
    return success();
  }
};

/// The step is the two ops it fuses, which the patterns above then
/// decompose: the logits are computed twice in the host compiler's code,
/// as the two ops define them.
struct DecomposeCELinearStep : OpRewritePattern<CELinearStepOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(CELinearStepOp op,
                                PatternRewriter &rewriter) const override {
    splitStep(rewriter, op);
    return success();
  }
};

struct DecomposePass : mlir::lmhead::impl::LMHeadDecomposeBase<DecomposePass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateDecomposePatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns)))) {
      getOperation()->emitError("lmhead-decompose did not converge");
      return signalPassFailure();
    }
  }
};

} // namespace

void mlir::lmhead::populateDecomposePatterns(RewritePatternSet &patterns) {
  patterns.add<DecomposeLinearGrad, DecomposeCELinearFwd, DecomposeCELinearGrad,
               DecomposeCELinearStep>(patterns.getContext());
}
