//===- Plan.cpp - kernel configurations of the lmhead ops (--lmhead-plan) -===//
//
// Each `lmhead.linear_grad` is read as its two GEMMs (dh = dZ·W and
// dW = dZᵀ·h, or dWᵀ = hᵀ·dZ for a [D,V] weight), with the sizes, element
// widths and storage rows of their operands, and handed to the cost model
// (CostModel.h). Each `lmhead.ce_linear_fwd` and `lmhead.ce_linear_grad` is
// read as N, D, V, its element types and layout and handed to the
// cross-entropy cost model (CrossEntropyCost.h), which plans its logits GEMM
// and, for the backward, its chunked products and chunk. The choices become
// the op's `lmhead.plan` attribute (`#lmhead.plan`, `#lmhead.ce_plan`). Any D
// and V get kernels: rows that are not 16-byte multiples get narrower
// copies, down to element loads for rows of odd length, and a remark says
// which GEMM copies narrowly and why; on sm_90a such a GEMM is built by the
// sm_80 kernel writer (TMA needs 16-byte rows), which its `#lmhead.gemm`
// records as `kernel = sm_80`. Ops the kernels should not or cannot run (too
// few tokens, f32 operands, a dynamic D or V, ...) are collected and
// decomposed back into upstream linalg with the patterns of
// `--lmhead-decompose`, after a remark naming the reason. Overrides that
// leave no valid configuration, and a `ce-workspace-bytes` too small for any
// chunk, are errors.
//
// The pass first forms the one-pass steps (FormSteps.cpp, the pass
// --lmhead-form-steps, unless form-steps=false), then plans each op here;
// what an op's attribute may carry is PlanAttributes.cpp's, what the pass
// says about each op PlanRemarks.cpp's.
//
//===----------------------------------------------------------------------===//

#include "PlanAttributes.h"
#include "PlanRemarks.h"
#include "RoundedOperands.h"
#include "lmhead/Dialect/LMHead/IR/LMHeadOps.h"
#include "lmhead/Dialect/LMHead/Transforms/Passes.h"
#include "lmhead/Planning/CostModel.h"
#include "lmhead/Planning/CrossEntropyCost.h"
#include "lmhead/Planning/OnePassCost.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/FormatVariadic.h"

#define DEBUG_TYPE "lmhead-plan"

namespace mlir {
namespace lmhead {
#define GEN_PASS_DEF_LMHEADPLAN
#include "lmhead/Dialect/LMHead/Transforms/Passes.h.inc"
} // namespace lmhead
} // namespace mlir

using namespace mlir;
using namespace mlir::lmhead;

namespace {

/// The static size of a dimension that two operands share (the verifier
/// has checked they agree), or ShapedType::kDynamic when both are dynamic.
int64_t sharedDim(Value a, unsigned aDim, Value b, unsigned bDim) {
  int64_t size = cast<RankedTensorType>(a.getType()).getDimSize(aDim);
  if (!ShapedType::isDynamic(size))
    return size;
  return cast<RankedTensorType>(b.getType()).getDimSize(bDim);
}

int64_t elementBytes(Value value) {
  return getElementTypeOrSelf(value.getType()).getIntOrFloatBitWidth() / 8;
}

/// The two GEMMs of one linear_grad.
struct LinearGradGemms {
  GemmProblem dh, dw;
};

/// Reads the GEMMs of `op` with `tokens` tokens, vocabulary `vocab` and
/// hidden size `hidden`.
LinearGradGemms gemmsOf(LinearGradOp op, int64_t tokens, int64_t vocab,
                        int64_t hidden) {
  int64_t eb = elementBytes(op.getDz());
  bool vd = op.getLayout() == WeightLayout::VD;
  LinearGradGemms g;
  // dh[N,D] = dZ[N,V]·W: dZ's rows run along K = V; W's rows are D long
  // ([V,D], along N) or V long ([D,V], along K).
  g.dh.m = tokens;
  g.dh.n = hidden;
  g.dh.k = vocab;
  g.dh.elementBytes = eb;
  g.dh.resultBytes = elementBytes(op.getDh());
  g.dh.rowElementsA = vocab;
  g.dh.aRowsAlongK = true;
  g.dh.rowElementsB = vd ? hidden : vocab;
  g.dh.bRowsAlongK = !vd;
  g.dh.nameA = "dZ";
  g.dh.nameB = "W";
  // An existing gradient is added by the epilogue, which loads it first.
  g.dh.accumulatesC = bool(op.getDhAcc());
  g.dh.storesTiles = true;
  // dW[V,D] = dZᵀ·h, or dWᵀ[D,V] = hᵀ·dZ: K = N is the storage row index of
  // both operands, so every row runs along M or N.
  g.dw.m = vd ? vocab : hidden;
  g.dw.n = vd ? hidden : vocab;
  g.dw.k = tokens;
  g.dw.elementBytes = eb;
  g.dw.resultBytes = elementBytes(op.getDw());
  g.dw.rowElementsA = vd ? vocab : hidden;
  g.dw.rowElementsB = vd ? hidden : vocab;
  g.dw.aRowsAlongK = false;
  g.dw.bRowsAlongK = false;
  g.dw.nameA = vd ? "dZ" : "h";
  g.dw.nameB = vd ? "h" : "dZ";
  g.dw.accumulatesC = bool(op.getDwAcc());
  g.dw.storesTiles = true;
  return g;
}

/// Rounds the f32 GEMM operands of a cross-entropy op (h, W and the bias)
/// to bf16 for the kernels (RoundedOperands).
template <typename CEOp> RoundedOperands roundCrossEntropyOperands(CEOp op) {
  SmallVector<OpOperand *, 3> operands = {&op.getHMutable(), &op.getWMutable()};
  if (op.getBias())
    operands.push_back(&op.getBiasMutable()[0]);
  return RoundedOperands(op, operands);
}

/// What the cross-entropy cost model needs of `op` (ce_linear_fwd,
/// ce_linear_grad or ce_linear_step, the last two planned as backwards)
/// with the given sizes and workspace bound.
template <typename CEOp>
CrossEntropyProblem crossEntropyProblem(CEOp op, int64_t tokens, int64_t hidden,
                                        int64_t vocab, int64_t workspaceBytes) {
  CrossEntropyProblem problem;
  problem.tokens = tokens;
  problem.hidden = hidden;
  problem.vocab = vocab;
  problem.elementBytes = elementBytes(op.getH());
  problem.weightVD = op.getLayout() == WeightLayout::VD;
  problem.labelBytes = elementBytes(op.getLabels());
  problem.bias = static_cast<bool>(op.getBias());
  if constexpr (!std::is_same_v<CEOp, CELinearFwdOp>) {
    problem.backward = true;
    problem.biasGradient = static_cast<bool>(op.getDb());
    problem.dhResultBytes = elementBytes(op.getDh());
    problem.dwResultBytes = elementBytes(op.getDw());
    problem.accumulateDh = static_cast<bool>(op.getDhAcc());
    problem.accumulateDw = static_cast<bool>(op.getDwAcc());
    problem.workspaceBytes = workspaceBytes;
  }
  return problem;
}

/// The first static size among `dims` (a value and one of its
/// dimensions; the verifier has checked that they agree), or
/// ShapedType::kDynamic.
int64_t staticSize(ArrayRef<std::pair<Value, unsigned>> dims) {
  for (auto [value, dim] : dims) {
    if (!value)
      continue;
    int64_t size = cast<RankedTensorType>(value.getType()).getDimSize(dim);
    if (!ShapedType::isDynamic(size))
      return size;
  }
  return ShapedType::kDynamic;
}

/// Why an op whose products accumulate in `accumulator`, with `tokens`,
/// `hidden` and `vocab` (each static or ShapedType::kDynamic), is left to
/// the host compiler before any GEMM is planned, or nothing when the
/// kernels may take it: the opening checks of linear_grad and of the
/// cross-entropy ops.
std::optional<std::string> whyNoKernels(Type accumulator, int64_t tokens,
                                        int64_t hidden, int64_t vocab,
                                        int64_t minTokens) {
  if (!accumulator.isF32()) {
    std::string type;
    llvm::raw_string_ostream(type) << accumulator;
    return "its products accumulate in " + type +
           "; the kernels accumulate in f32";
  }
  if (ShapedType::isDynamic(vocab) || ShapedType::isDynamic(hidden))
    return (Twine("the ") +
            (ShapedType::isDynamic(vocab) ? "vocabulary size V"
                                          : "hidden size D") +
            " is dynamic; kernels are planned for a static D and V, whose "
            "row alignment they depend on")
        .str();
  if (!ShapedType::isDynamic(tokens) && tokens < minTokens)
    return ("N = " + Twine(tokens) +
            " tokens is below min-tokens = " + Twine(minTokens) +
            "; a GEMM this small is left to the host "
            "compiler")
        .str();
  return std::nullopt;
}

struct PlanPass : mlir::lmhead::impl::LMHeadPlanBase<PlanPass> {
  PlanPass() { nameOptions(); }
  PlanPass(const LMHeadPlanOptions &options) : Base(options) { nameOptions(); }
  PlanPass(const LMHeadPlanOptions &options, const GemmTiles &tiles)
      : Base(options) {
    nameOptions();
    tileOptions.setValue(tiles);
  }
  // A clone's options are default-constructed here and then copied by the
  // pass manager, as for the options declared in Passes.td.
  PlanPass(const PlanPass &other) : Base(other) { nameOptions(); }

  LogicalResult initialize(MLIRContext *context) override;
  void runOnOperation() override;

private:
  void nameOptions() {
    setOptionPassName(getArgument(), target, f32Operands, ceSchedule);
  }

  enum class Outcome { Planned, Decompose, Error };
  /// Whether `op` goes back to the host compiler before any GEMM is
  /// planned (whyNoKernels), with a remark saying why.
  bool leftToHost(Operation *op, Type accumulator, int64_t tokens,
                  int64_t hidden, int64_t vocab) {
    std::optional<std::string> why =
        whyNoKernels(accumulator, tokens, hidden, vocab, minTokens);
    if (why)
      remarkDecomposed(op, *why);
    return why.has_value();
  }
  Outcome planLinearGrad(LinearGradOp op);
  /// Plans a ce_linear_fwd or ce_linear_grad.
  template <typename CEOp> Outcome planCrossEntropy(CEOp op);
  /// Plans a ce_linear_step with the one-pass schedule, or splits it into
  /// its two ops and plans those (appending the ops to decompose to
  /// `decompose`).
  Outcome planStep(CELinearStepOp op, SmallVectorImpl<Operation *> &decompose);

  /// `block-m` ... `group-rows`: fixed fields of every GEMM's configuration.
  GemmTileOptions<PlanPass> tileOptions{*this};
  const GpuChip *chip = nullptr;
  GemmTiles overrides;
};

LogicalResult PlanPass::initialize(MLIRContext *context) {
  auto fail = [&]() { return emitError(UnknownLoc::get(context)); };
  chip = &planningChip(target);
  if (minTokens < 0) {
    fail() << "lmhead-plan: min-tokens must be at least 0, got "
           << int64_t(minTokens);
    return failure();
  }
  if (ceWorkspaceBytes < 0) {
    fail() << "lmhead-plan: ce-workspace-bytes must be at least 0 (0: the "
              "cost model chooses), got "
           << int64_t(ceWorkspaceBytes);
    return failure();
  }
  overrides = tileOptions.getValue();
  if (std::optional<std::string> why = overrides.overrideError()) {
    fail() << "lmhead-plan: " << *why;
    return failure();
  }
  return success();
}

PlanPass::Outcome PlanPass::planLinearGrad(LinearGradOp op) {
  if (keepsGivenPlan(op, *chip))
    return Outcome::Planned;
  Value dz = op.getDz(), h = op.getH(), w = op.getW();
  bool vd = op.getLayout() == WeightLayout::VD;
  int64_t tokens = sharedDim(dz, 0, h, 0);
  int64_t vocab = sharedDim(dz, 1, w, vd ? 0 : 1);
  int64_t hidden = sharedDim(h, 1, w, vd ? 1 : 0);
  if (leftToHost(op, op.getAccumulatorType(), tokens, hidden, vocab))
    return Outcome::Decompose;
  bool dynamicTokens = ShapedType::isDynamic(tokens);

  // With f32-operands=bf16 an f32 op is planned as the bf16 op it becomes;
  // if it cannot be planned, it gets its f32 operands back.
  RoundedOperands rounded;
  if (getElementTypeOrSelf(dz.getType()).isF32() &&
      f32Operands == F32Operands::BF16)
    rounded = RoundedOperands(
        op, {&op.getDzMutable(), &op.getHMutable(), &op.getWMutable()});

  LinearGradGemms gemms = gemmsOf(
      op, dynamicTokens ? kPlannedTokensForDynamicN : tokens, vocab, hidden);
  std::vector<GemmPrediction> dhValid, dwValid;
  GemmPlan dhPlan =
      planGemm(gemms.dh, *chip, overrides, listConfigs ? &dhValid : nullptr);
  GemmPlan dwPlan =
      planGemm(gemms.dw, *chip, overrides, listConfigs ? &dwValid : nullptr);
  remarkCandidates(op, "dh", dhValid, *chip);
  remarkCandidates(op, "dw", dwValid, *chip);
  // A problem the kernels cannot take goes back to the host compiler; the
  // dh reason comes first because f32 operands fail both.
  std::pair<StringRef, const GemmPlan *> plans[] = {
      {"dh = dZ*W", &dhPlan}, {vd ? "dW = dZ^T*h" : "dW^T = h^T*dZ", &dwPlan}};
  for (auto [gemm, plan] : plans) {
    if (plan->failure == GemmPlan::Failure::Unsupported) {
      rounded.restore();
      remarkDecomposed(op, gemm + ": " + plan->reason);
      return Outcome::Decompose;
    }
  }
  for (auto [gemm, plan] : plans) {
    if (plan->failure == GemmPlan::Failure::NoValidConfig) {
      rounded.restore();
      op.emitOpError() << gemm << ": " << plan->reason;
      return Outcome::Error;
    }
  }
  if (rounded.any())
    remarkRounded(op, "f32 operands rounded to bf16 for the tensor-core "
                      "kernels (f32-operands=bf16); the products accumulate "
                      "in f32");

  MLIRContext *context = op.getContext();
  const GemmPrediction &dh = *dhPlan.choice, &dw = *dwPlan.choice;
  op->setAttr(LMHeadDialect::getPlanAttrName(),
              KernelPlanAttr::get(context, chip->target,
                                  configAttr(context, dh, *chip),
                                  configAttr(context, dw, *chip),
                                  microsAttr(context, dh.micros),
                                  microsAttr(context, dw.micros)));
  remarkPassed(op, "planned for " + chip->targetName() +
                       (dynamicTokens
                            ? " (N is dynamic; planned for " +
                                  Twine(kPlannedTokensForDynamicN) + " tokens)"
                            : Twine()) +
                       ": " + describe("dh", dh, gemms.dh, *chip) + "; " +
                       describe(vd ? "dW" : "dW^T", dw, gemms.dw, *chip));
  for (auto [gemm, prediction, problem] :
       {std::tuple<StringRef, const GemmPrediction *, const GemmProblem *>{
            plans[0].first, &dh, &gemms.dh},
        {plans[1].first, &dw, &gemms.dw}})
    if (prediction->tiles.copyBytes < 16)
      remarkNarrowCopies(op, gemm, *prediction, *problem, *chip);
  return Outcome::Planned;
}

template <typename CEOp> PlanPass::Outcome PlanPass::planCrossEntropy(CEOp op) {
  constexpr bool backward = std::is_same_v<CEOp, CELinearGradOp>;
  // Why --lmhead-form-steps (or planStep) left a backward in two passes.
  auto twoPassReason = dyn_cast_or_null<StringAttr>(
      op->removeAttr(LMHeadDialect::getTwoPassReasonAttrName()));
  if (keepsGivenPlan(op, *chip))
    return Outcome::Planned;
  Value h = op.getH(), w = op.getW();
  bool vd = op.getLayout() == WeightLayout::VD;
  unsigned vDim = vd ? 0 : 1, dDim = vd ? 1 : 0;
  Value dw;
  if constexpr (backward)
    dw = op.getDw();
  int64_t tokens = staticSize({{h, 0}, {op.getLabels(), 0}});
  int64_t vocab = staticSize({{w, vDim}, {op.getBias(), 0}, {dw, vDim}});
  int64_t hidden = staticSize({{h, 1}, {w, dDim}, {dw, dDim}});
  if (leftToHost(op, op.getAccumulatorType(), tokens, hidden, vocab))
    return Outcome::Decompose;
  bool dynamicTokens = ShapedType::isDynamic(tokens);

  // With f32-operands=bf16 an f32 op is planned as the bf16 op it becomes
  // (h, W and the bias rounded); if it cannot be planned, it gets its f32
  // operands back.
  RoundedOperands rounded;
  if (getElementTypeOrSelf(h.getType()).isF32() &&
      f32Operands == F32Operands::BF16)
    rounded = roundCrossEntropyOperands(op);

  CrossEntropyProblem problem = crossEntropyProblem(
      op, dynamicTokens ? kPlannedTokensForDynamicN : tokens, hidden, vocab,
      ceWorkspaceBytes);
  CrossEntropyCandidates candidates;
  CrossEntropyPlan plan = lmhead::planCrossEntropy(
      problem, *chip, overrides, listConfigs ? &candidates : nullptr);
  remarkCandidates(op, "logits", candidates.logits, *chip);
  remarkCandidates(op, "dh", candidates.dh, *chip);
  remarkCandidates(op, "dw", candidates.dw, *chip);
  switch (plan.failure) {
  case CrossEntropyPlan::Failure::None:
    break;
  case CrossEntropyPlan::Failure::Unsupported:
    rounded.restore();
    remarkDecomposed(op, plan.reason);
    return Outcome::Decompose;
  case CrossEntropyPlan::Failure::NoValidConfig:
    rounded.restore();
    op.emitOpError() << plan.reason;
    return Outcome::Error;
  case CrossEntropyPlan::Failure::WorkspaceTooSmall:
    rounded.restore();
    op.emitOpError() << "ce-workspace-bytes: " << plan.reason
                     << " (ce-workspace-bytes=" << plan.minWorkspaceBytes
                     << ")";
    return Outcome::Error;
  }
  if (rounded.any())
    remarkRounded(op, "f32 operands h, W" +
                          Twine(op.getBias() ? " and bias" : "") +
                          " rounded to bf16 for the tensor-core kernels "
                          "(f32-operands=bf16); the products accumulate in "
                          "f32 and the logits are rounded to bf16, as the op "
                          "defines for bf16 operands");

  MLIRContext *context = op.getContext();
  const CrossEntropyPrediction &c = *plan.choice;
  GemmConfigAttr dhAttr, dwAttr;
  if (c.dh) {
    dhAttr = configAttr(context, *c.dh, *chip);
    dwAttr = configAttr(context, *c.dw, *chip);
  }
  op->setAttr(LMHeadDialect::getPlanAttrName(),
              CrossEntropyPlanAttr::get(
                  context, chip->target, configAttr(context, c.logits, *chip),
                  dhAttr, dwAttr, c.chunk, microsAttr(context, c.micros)));

  std::string what;
  llvm::raw_string_ostream os(what);
  os << "planned for " << chip->targetName();
  if (dynamicTokens)
    os << " (N is dynamic; planned for " << kPlannedTokensForDynamicN
       << " tokens)";
  os << ": " << tilesOf("logits", c.logits, *chip);
  if (!backward) {
    os << "; " << usStr(c.micros) << " predicted (GEMM "
       << usStr(c.logitsMicros) << ", exp " << usStr(c.expMicros)
       << ", partials " << usStr(c.partialsMicros) << ", row passes "
       << usStr(c.rowMicros) << "), floor " << usStr(c.floorMicros)
       << " (1 GEMM)";
  } else {
    os << "; " << tilesOf("dh", *c.dh, *chip) << "; "
       << tilesOf(vd ? "dW" : "dW^T", *c.dw, *chip) << "; chunk " << c.chunk
       << " columns (" << c.numChunks
       << (c.numChunks == 1 ? " chunk" : " chunks") << "), workspace "
       << c.workspaceBytes << " bytes";
    if (problem.workspaceBytes > 0) {
      os << " (ce-workspace-bytes=" << problem.workspaceBytes
         << " given: the largest chunk it holds)";
    } else {
      auto fastest = llvm::min_element(
          plan.chunkTimes, [](auto a, auto b) { return a.second < b.second; });
      os << " (chosen by the model: the smallest within "
         << llvm::formatv("{0:F0}", kChunkTimeTolerance * 100)
         << "% of the fastest chunk, " << fastest->first << " columns at "
         << usStr(fastest->second) << ")";
    }
    os << "; " << usStr(c.micros) << " predicted (GEMMs with their exp "
       << usStr(c.gemmMicros) << ", of which exp " << usStr(c.expMicros)
       << ", alone logits " << usStr(c.logitsMicros) << ", dh "
       << usStr(c.dhMicros) << ", dW " << usStr(c.dwMicros) << ", after "
       << usStr(c.overlapMicros) << " saved by the two streams; small kernels "
       << usStr(c.smallKernelMicros) << "; chunk sync " << usStr(c.chunkMicros)
       << "), floor " << usStr(c.floorMicros) << " (3 GEMMs)";
    if (twoPassReason)
      os << "; two-pass schedule: " << twoPassReason.getValue();
  }
  remarkPassed(op, what);
  if (c.logits.tiles.copyBytes < 16)
    remarkNarrowCopies(op, "logits", c.logits,
                       crossEntropyLogitsGemm(problem, problem.vocab), *chip);
  if (c.dh) {
    for (auto [gemm, prediction, product] :
         {std::tuple<StringRef, const GemmPrediction *, GemmProblem>{
              "dh", &*c.dh, crossEntropyDhGemm(problem, c.chunk, c.chunk)},
          {vd ? "dW" : "dW^T", &*c.dw,
           crossEntropyDwGemm(problem, c.chunk, c.chunk)}})
      if (prediction->tiles.copyBytes < 16)
        remarkNarrowCopies(op, gemm, *prediction, product, *chip);
  }
  return Outcome::Planned;
}

PlanPass::Outcome PlanPass::planStep(CELinearStepOp op,
                                     SmallVectorImpl<Operation *> &decompose) {
  RoundedOperands rounded;
  // The two ops' own plans, each op decomposed or planned as it would be
  // alone.
  auto twoPass = [&](const Twine &why) -> Outcome {
    rounded.restore();
    IRRewriter rewriter(op->getContext());
    auto [fwd, grad] = splitStep(rewriter, op);
    grad->setAttr(LMHeadDialect::getTwoPassReasonAttrName(),
                  rewriter.getStringAttr(why));
    Outcome outcome = Outcome::Planned;
    for (Outcome half : {planCrossEntropy(fwd), planCrossEntropy(grad)}) {
      if (half == Outcome::Error)
        outcome = Outcome::Error;
    }
    for (Operation *half : {fwd.getOperation(), grad.getOperation()})
      if (!half->hasAttr(LMHeadDialect::getPlanAttrName()))
        decompose.push_back(half);
    return outcome;
  };

  // Made of two ops by --lmhead-form-steps (ce-schedule=auto keeps a step
  // written as one in one pass, which a framework calling the step's bundle
  // entry relies on).
  bool formed =
      static_cast<bool>(op->removeAttr(LMHeadDialect::getFormedStepAttrName()));
  if (keepsGivenPlan(op, *chip))
    return Outcome::Planned;
  if (ceSchedule == CESchedule::TwoPass)
    return twoPass("ce-schedule=two-pass");
  if (!op.getAccumulatorType().isF32())
    return twoPass("the kernels accumulate in f32");
  Value h = op.getH(), w = op.getW();
  bool vd = op.getLayout() == WeightLayout::VD;
  unsigned vDim = vd ? 0 : 1, dDim = vd ? 1 : 0;
  int64_t tokens = staticSize({{h, 0}, {op.getLabels(), 0}, {op.getLse(), 0}});
  int64_t vocab =
      staticSize({{w, vDim}, {op.getBias(), 0}, {op.getDw(), vDim}});
  int64_t hidden = staticSize({{h, 1}, {w, dDim}, {op.getDw(), dDim}});
  if (ShapedType::isDynamic(vocab) || ShapedType::isDynamic(hidden))
    return twoPass("D and V must be static");
  bool dynamicTokens = ShapedType::isDynamic(tokens);
  if (!dynamicTokens && tokens < minTokens)
    return twoPass("N = " + Twine(tokens) +
                   " tokens is below min-tokens = " + Twine(minTokens));
  if (getElementTypeOrSelf(h.getType()).isF32()) {
    if (f32Operands != F32Operands::BF16)
      return twoPass("f32 operands stay exact on the host");
    rounded = roundCrossEntropyOperands(op);
  }

  CrossEntropyProblem problem = crossEntropyProblem(
      op, dynamicTokens ? kPlannedTokensForDynamicN : tokens, hidden, vocab,
      ceWorkspaceBytes);
  OnePassPlan onePass = planOnePassStep(problem, *chip, overrides);
  if (!onePass)
    return twoPass("one pass: " + onePass.reason);

  // The two ops' predictions, for the comparison (within the same
  // workspace bound; an op the model cannot plan counts as slower).
  CrossEntropyProblem forward = problem;
  forward.backward = false;
  CrossEntropyPlan fwdPlan =
      lmhead::planCrossEntropy(forward, *chip, overrides);
  CrossEntropyPlan gradPlan =
      lmhead::planCrossEntropy(problem, *chip, overrides);
  std::optional<double> twoPassMicros;
  if (fwdPlan && gradPlan)
    twoPassMicros = fwdPlan.choice->micros + gradPlan.choice->micros;
  const OnePassPrediction &c = *onePass.choice;
  if (ceSchedule == CESchedule::Auto && formed && twoPassMicros &&
      *twoPassMicros < c.micros)
    return twoPass("predicted " + usStr(*twoPassMicros) +
                   " for the two ops against " + usStr(c.micros) +
                   " in one pass");
  if (rounded.any())
    remarkRounded(op, "f32 operands h, W" +
                          Twine(op.getBias() ? " and bias" : "") +
                          " rounded to bf16 for the tensor-core kernels "
                          "(f32-operands=bf16); the products accumulate in "
                          "f32 and the logits are rounded to bf16, as the op "
                          "defines for bf16 operands");

  MLIRContext *context = op.getContext();
  op->setAttr(LMHeadDialect::getPlanAttrName(),
              CrossEntropyPlanAttr::get(context, chip->target,
                                        configAttr(context, c.logits, *chip),
                                        configAttr(context, c.dh, *chip),
                                        configAttr(context, c.dw, *chip),
                                        c.rows, microsAttr(context, c.micros)));
  std::string what;
  llvm::raw_string_ostream os(what);
  os << "one-pass schedule for " << chip->targetName() << ": "
     << tilesOf("logits", c.logits, *chip) << "; " << tilesOf("dh", c.dh, *chip)
     << "; " << tilesOf(vd ? "dW" : "dW^T", c.dw, *chip) << "; token chunk "
     << c.rows << " rows (" << c.numChunks
     << (c.numChunks == 1 ? " chunk" : " chunks");
  if (dynamicTokens)
    os << " of the " << kPlannedTokensForDynamicN
       << " tokens planned for: N is dynamic, and the chunks are a loop";
  os << "), workspace " << c.workspaceBytes << " bytes";
  if (problem.workspaceBytes > 0)
    os << " (ce-workspace-bytes=" << problem.workspaceBytes
       << " given: the largest chunk it holds)";
  else
    os << " (chosen by the model: the smallest within "
       << llvm::formatv("{0:F0}", kChunkTimeTolerance * 100)
       << "% of the fastest)";
  os << "; " << usStr(c.micros) << " predicted (chunks " << usStr(c.gemmMicros)
     << ", alone logits " << usStr(c.logitsMicros) << ", exp "
     << usStr(c.expMicros) << ", row passes " << usStr(c.rowMicros) << ", dh "
     << usStr(c.dhMicros) << ", dW " << usStr(c.dwMicros) << ", after "
     << usStr(c.overlapMicros) << " saved by the two streams; small kernels "
     << usStr(c.smallKernelMicros) << "; chunk sync " << usStr(c.chunkMicros)
     << ")";
  if (twoPassMicros)
    os << " against " << usStr(*twoPassMicros) << " for the two ops";
  os << ", floor " << usStr(c.floorMicros) << " (3 GEMMs)";
  if (ceSchedule == CESchedule::OnePass)
    os << "; ce-schedule=one-pass";
  else if (!formed)
    os << "; written as a ce_linear_step";
  remarkPassed(op, what);
  for (auto [gemm, prediction, product] :
       {std::tuple<StringRef, const GemmPrediction *, GemmProblem>{
            "logits", &c.logits, onePassLogitsGemm(problem, c.rows)},
        {"dh", &c.dh, onePassDhGemm(problem, c.rows)},
        {vd ? "dW" : "dW^T", &c.dw, onePassDwGemm(problem, c.rows)}})
    if (prediction->tiles.copyBytes < 16)
      remarkNarrowCopies(op, gemm, *prediction, product, *chip);
  return Outcome::Planned;
}

void PlanPass::runOnOperation() {
  if (formSteps) {
    OpPassManager forming(getOperation()->getName());
    LMHeadFormStepsOptions options;
    options.ceSchedule = ceSchedule;
    forming.addPass(createLMHeadFormSteps(options));
    if (failed(runPipeline(forming, getOperation())))
      return signalPassFailure();
  }
  SmallVector<Operation *> decompose;
  bool failedAny = false;
  SmallVector<Operation *> ops;
  getOperation()->walk([&](Operation *op) {
    if (isa<LinearGradOp, CELinearFwdOp, CELinearGradOp, CELinearStepOp>(op))
      ops.push_back(op);
  });
  for (Operation *op : ops) {
    Outcome outcome;
    if (auto grad = dyn_cast<LinearGradOp>(op))
      outcome = planLinearGrad(grad);
    else if (auto fwd = dyn_cast<CELinearFwdOp>(op))
      outcome = planCrossEntropy(fwd);
    else if (auto ceGrad = dyn_cast<CELinearGradOp>(op))
      outcome = planCrossEntropy(ceGrad);
    else
      outcome = planStep(cast<CELinearStepOp>(op), decompose);
    if (outcome == Outcome::Decompose)
      decompose.push_back(op);
    failedAny |= outcome == Outcome::Error;
  }
  if (failedAny)
    return signalPassFailure();
  if (decompose.empty())
    return;

  // The patterns of --lmhead-decompose, applied to these ops and what they
  // create only, so that other lmhead ops keep their form and products
  // nobody uses are removed as dead code.
  RewritePatternSet patterns(&getContext());
  populateDecomposePatterns(patterns);
  GreedyRewriteConfig config;
  config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
  bool allErased = false;
  if (failed(applyOpPatternsGreedily(decompose, std::move(patterns), config,
                                     /*changed=*/nullptr, &allErased)) ||
      !allErased) {
    getOperation()->emitError("lmhead-plan: decomposing the ops left to the "
                              "host compiler did not converge");
    return signalPassFailure();
  }
}

} // namespace

std::unique_ptr<Pass>
mlir::lmhead::createLMHeadPlan(const LMHeadPlanOptions &options,
                               const GemmTiles &tiles) {
  return std::make_unique<PlanPass>(options, tiles);
}
