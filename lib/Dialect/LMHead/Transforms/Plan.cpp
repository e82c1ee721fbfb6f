//===- Plan.cpp - kernel configurations of the lmhead ops (--lmhead-plan) -===//
//
// Each `lmhead.linear_grad` is read as its two GEMMs (dh = dZ·W and
// dW = dZᵀ·h, or dWᵀ = hᵀ·dZ for a [D,V] weight), with the sizes, element
// widths and storage rows of their operands, and handed to the cost model
// (CostModel.h). The chosen configurations become the op's `lmhead.plan`
// attribute. Any D and V get kernels: rows that are not 16-byte multiples
// get narrower copies, down to element loads for rows of odd length, and a
// remark says which GEMM copies narrowly and why; on sm_90a such a GEMM is
// built by the sm_80 kernel writer (TMA needs 16-byte rows), which its
// `#lmhead.gemm` records as `kernel = sm_80`. Ops the kernels should not or
// cannot run (too few tokens, f32 operands, a dynamic D or V, ...) are
// collected and decomposed back into upstream linalg with the patterns of
// `--lmhead-decompose`, after a remark naming the reason. Overrides that
// leave no valid configuration are errors.
//
//===----------------------------------------------------------------------===//

#include "lmhead/Dialect/LMHead/IR/LMHeadOps.h"
#include "lmhead/Dialect/LMHead/Transforms/Passes.h"
#include "lmhead/Planning/CostModel.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Remarks.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>

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

constexpr StringLiteral kRemarkCategory = "lmhead-plan";
constexpr StringLiteral kPlanAttrName = "lmhead.plan";
/// The token count a dynamic N is planned for: a typical training batch.
constexpr int64_t kAssumedTokens = 8192;

/// The name of the function around `op`, for remarks.
StringRef enclosingFunctionName(Operation *op) {
  if (auto func = op->getParentOfType<FunctionOpInterface>())
    return func.getName();
  return "";
}

/// Reports that `op` was given a plan.
void remarkPassed(Operation *op, const Twine &what) {
  remark::passed(op->getLoc(), remark::RemarkOpts::name("LMHeadPlanned")
                                   .category(kRemarkCategory)
                                   .function(enclosingFunctionName(op)))
      << what.str();
}

/// Reports that `op` goes back to the host compiler, and why.
void remarkDecomposed(Operation *op, const Twine &reason) {
  remark::missed(op->getLoc(), remark::RemarkOpts::name("LMHeadDecomposed")
                                   .category(kRemarkCategory)
                                   .function(enclosingFunctionName(op)))
      << ("decomposed: " + reason).str();
}

/// Reports why `op` was left as it is without a plan.
void remarkKept(Operation *op, const Twine &reason) {
  remark::analysis(op->getLoc(), remark::RemarkOpts::name("LMHeadNotPlanned")
                                     .category(kRemarkCategory)
                                     .function(enclosingFunctionName(op)))
      << reason.str();
}

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
  return g;
}

/// Microseconds to a quarter, a binary fraction, so that plans print
/// exactly and compare stably.
FloatAttr microsAttr(MLIRContext *context, double micros) {
  return FloatAttr::get(Float64Type::get(context), std::round(micros * 4) / 4);
}

std::string describe(StringRef gemm, const GemmPrediction &p,
                     const GemmProblem &problem, const GpuChip &chip) {
  std::string kernel;
  if (p.kernel != chip.target)
    kernel = (" (" + stringifyGpuTarget(p.kernel) + " kernel)").str();
  return llvm::formatv("{0}{1} {2} ({3:F1} us predicted, floor {4:F1} us)",
                       gemm, kernel, p.tiles.str(), p.micros,
                       floorMicros(problem, chip))
      .str();
}

/// The `#lmhead.gemm` of a chosen configuration: its tiles, and its kernel
/// family when it is not the chip's own.
GemmConfigAttr configAttr(MLIRContext *context, const GemmPrediction &p,
                          const GpuChip &chip) {
  std::optional<GpuTarget> kernel;
  if (p.kernel != chip.target)
    kernel = p.kernel;
  return GemmConfigAttr::get(context, p.tiles, kernel);
}

/// Says that one of `op`'s GEMMs copies its operands in pieces narrower than
/// 16 bytes, and why: what limits the copies, and on a TMA target that the
/// sm_80 kernel builds it.
void remarkNarrowCopies(Operation *op, StringRef gemm, const GemmPrediction &p,
                        const GemmProblem &problem, const GpuChip &chip) {
  const GemmTiles &t = p.tiles;
  std::string limit;
  bool forced = t.copyBytes < widestCopyBytes(problem, &limit);
  std::string given =
      llvm::formatv("copy-bytes={0} was given", t.copyBytes).str();
  std::string how =
      t.elementCopies()
          ? "2-byte element copies (synchronous loads; cp.async copies 4, 8 "
            "or 16 bytes)"
          : llvm::formatv("{0}-byte cp.async copies", t.copyBytes).str();
  std::string what;
  if (p.kernel == chip.target)
    what = llvm::formatv("{0} uses {1}: {2}", gemm, how, forced ? given : limit)
               .str();
  else if (forced)
    what = llvm::formatv("{0} is built with the {1} kernel (ldmatrix, "
                         "mma.sync) and {2}: {3}, and TMA ({4}'s copies) "
                         "copies 16 bytes",
                         gemm, stringifyGpuTarget(p.kernel), how, given,
                         chip.targetName())
               .str();
  else
    what = llvm::formatv("{0} is built with the {1} kernel (ldmatrix, "
                         "mma.sync) and {2}, because TMA ({3}'s copies) needs "
                         "rows and bases of 16-byte multiples: {4}",
                         gemm, stringifyGpuTarget(p.kernel), how,
                         chip.targetName(), limit)
               .str();
  remark::analysis(op->getLoc(), remark::RemarkOpts::name("LMHeadNarrowCopies")
                                     .category(kRemarkCategory)
                                     .function(enclosingFunctionName(op)))
      << what;
}

/// Lists one configuration the model could choose for one of `op`'s GEMMs.
void remarkCandidate(Operation *op, const Twine &what) {
  remark::analysis(op->getLoc(), remark::RemarkOpts::name("LMHeadCandidate")
                                     .category(kRemarkCategory)
                                     .function(enclosingFunctionName(op)))
      << what.str();
}

/// Says that `op`'s operands were rounded for the kernels.
void remarkRounded(Operation *op, const Twine &what) {
  remark::analysis(op->getLoc(), remark::RemarkOpts::name("LMHeadRoundedToBF16")
                                     .category(kRemarkCategory)
                                     .function(enclosingFunctionName(op)))
      << what.str();
}

/// Rounds dZ, h and W of `op` to bf16 (round to nearest even) with an
/// elementwise linalg.map each, so the op's products read bf16 operands;
/// its result and accumulator types stay as they are. Returns the operands
/// it replaced.
SmallVector<Value, 3> roundOperandsToBF16(LinearGradOp op) {
  SmallVector<Value, 3> exact = {op.getDz(), op.getH(), op.getW()};
  OpBuilder b(op);
  Location loc = op.getLoc();
  auto round = [&](Value value) -> Value {
    auto type = cast<RankedTensorType>(value.getType());
    SmallVector<Value> sizes;
    for (int64_t d = 0; d < type.getRank(); ++d)
      if (type.isDynamicDim(d))
        sizes.push_back(tensor::DimOp::create(b, loc, value, d));
    Value init = tensor::EmptyOp::create(b, loc, type.getShape(),
                                         b.getBF16Type(), sizes);
    auto map = linalg::MapOp::create(
        b, loc, ValueRange{value}, init,
        [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
          Value rounded = arith::TruncFOp::create(
              nested, nestedLoc, nested.getBF16Type(), args[0]);
          linalg::YieldOp::create(nested, nestedLoc, rounded);
        });
    return map.getResult().front();
  };
  op.getDzMutable().assign(round(op.getDz()));
  op.getHMutable().assign(round(op.getH()));
  op.getWMutable().assign(round(op.getW()));
  return exact;
}

struct PlanPass : lmhead::impl::LMHeadPlanBase<PlanPass> {
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
  void nameOptions() { setOptionPassName(getArgument(), target, f32Operands); }

  enum class Outcome { Planned, Decompose, Error };
  Outcome planLinearGrad(LinearGradOp op);

  /// `block-m` ... `swizzle`: fixed fields of both GEMMs' configurations.
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
  overrides = tileOptions.getValue();
  if (std::string why = overrides.overrideError(); !why.empty()) {
    fail() << "lmhead-plan: " << why;
    return failure();
  }
  return success();
}

PlanPass::Outcome PlanPass::planLinearGrad(LinearGradOp op) {
  // A plan for this target (by hand or by a tool) is kept; one for another
  // target is replaced.
  if (auto given = op->getAttrOfType<KernelPlanAttr>(kPlanAttrName)) {
    if (given.getTarget() == chip->target) {
      remarkPassed(op, "keeps the plan it carries");
      return Outcome::Planned;
    }
    remarkKept(op, "replaces its " + stringifyGpuTarget(given.getTarget()) +
                       " plan with one for " + chip->targetName());
    op->removeAttr(kPlanAttrName);
  }
  Type acc = op.getAccumulatorType();
  if (!acc.isF32()) {
    std::string type;
    llvm::raw_string_ostream(type) << acc;
    remarkDecomposed(op, "its products accumulate in " + type +
                             "; the kernels accumulate in f32");
    return Outcome::Decompose;
  }
  Value dz = op.getDz(), h = op.getH(), w = op.getW();
  bool vd = op.getLayout() == WeightLayout::VD;
  int64_t tokens = sharedDim(dz, 0, h, 0);
  int64_t vocab = sharedDim(dz, 1, w, vd ? 0 : 1);
  int64_t hidden = sharedDim(h, 1, w, vd ? 1 : 0);
  if (ShapedType::isDynamic(vocab) || ShapedType::isDynamic(hidden)) {
    remarkDecomposed(op, Twine("the ") +
                             (ShapedType::isDynamic(vocab) ? "vocabulary size V"
                                                           : "hidden size D") +
                             " is dynamic; kernels are planned for a static "
                             "D and V, whose row alignment they depend on");
    return Outcome::Decompose;
  }
  bool dynamicTokens = ShapedType::isDynamic(tokens);
  if (!dynamicTokens && tokens < minTokens) {
    remarkDecomposed(op,
                     "N = " + Twine(tokens) +
                         " tokens is below min-tokens = " + Twine(minTokens) +
                         "; a GEMM this small is left to the host "
                         "compiler");
    return Outcome::Decompose;
  }

  // With f32-operands=bf16 an f32 op is planned as the bf16 op it becomes;
  // if it cannot be planned, it gets its f32 operands back.
  SmallVector<Value, 3> exactOperands;
  if (getElementTypeOrSelf(dz.getType()).isF32() &&
      f32Operands == F32Operands::BF16)
    exactOperands = roundOperandsToBF16(op);
  auto restoreOperands = [&]() {
    if (exactOperands.empty())
      return;
    SmallVector<Operation *, 3> rounding = {op.getDz().getDefiningOp(),
                                            op.getH().getDefiningOp(),
                                            op.getW().getDefiningOp()};
    op.getDzMutable().assign(exactOperands[0]);
    op.getHMutable().assign(exactOperands[1]);
    op.getWMutable().assign(exactOperands[2]);
    for (Operation *map : rounding)
      map->erase();
  };

  LinearGradGemms gemms =
      gemmsOf(op, dynamicTokens ? kAssumedTokens : tokens, vocab, hidden);
  std::vector<GemmPrediction> dhValid, dwValid;
  GemmPlan dhPlan =
      planGemm(gemms.dh, *chip, overrides, listConfigs ? &dhValid : nullptr);
  GemmPlan dwPlan =
      planGemm(gemms.dw, *chip, overrides, listConfigs ? &dwValid : nullptr);
  for (auto [gemm, valid] :
       {std::pair<StringRef, std::vector<GemmPrediction> *>{"dh", &dhValid},
        {"dw", &dwValid}}) {
    for (const GemmPrediction &p : *valid) {
      std::string config;
      llvm::raw_string_ostream os(config);
      os << configAttr(op.getContext(), p, *chip);
      remarkCandidate(op, gemm + " candidate: " + config + " " +
                              llvm::formatv("{0:F2}", p.micros).str() + " us");
    }
  }
  // A problem the kernels cannot take goes back to the host compiler; the
  // dh reason comes first because f32 operands fail both.
  std::pair<StringRef, const GemmPlan *> plans[] = {
      {"dh = dZ*W", &dhPlan}, {vd ? "dW = dZ^T*h" : "dW^T = h^T*dZ", &dwPlan}};
  for (auto [gemm, plan] : plans) {
    if (plan->failure == GemmPlan::Failure::Unsupported) {
      restoreOperands();
      remarkDecomposed(op, gemm + ": " + plan->reason);
      return Outcome::Decompose;
    }
  }
  for (auto [gemm, plan] : plans) {
    if (plan->failure == GemmPlan::Failure::NoValidConfig) {
      restoreOperands();
      op.emitOpError() << gemm << ": " << plan->reason;
      return Outcome::Error;
    }
  }
  if (!exactOperands.empty())
    remarkRounded(op, "f32 operands rounded to bf16 for the tensor-core "
                      "kernels (f32-operands=bf16); the products accumulate "
                      "in f32");

  MLIRContext *context = op.getContext();
  const GemmPrediction &dh = *dhPlan.choice, &dw = *dwPlan.choice;
  op->setAttr(kPlanAttrName,
              KernelPlanAttr::get(context, chip->target,
                                  configAttr(context, dh, *chip),
                                  configAttr(context, dw, *chip),
                                  microsAttr(context, dh.micros),
                                  microsAttr(context, dw.micros)));
  remarkPassed(op, "planned for " + chip->targetName() +
                       (dynamicTokens ? " (N is dynamic; planned for " +
                                            Twine(kAssumedTokens) + " tokens)"
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

void PlanPass::runOnOperation() {
  SmallVector<Operation *> decompose;
  bool failedAny = false;
  getOperation()->walk([&](Operation *op) {
    if (auto grad = dyn_cast<LinearGradOp>(op)) {
      switch (planLinearGrad(grad)) {
      case Outcome::Planned:
        break;
      case Outcome::Decompose:
        decompose.push_back(op);
        break;
      case Outcome::Error:
        failedAny = true;
        break;
      }
    } else if (isa<CELinearFwdOp, CELinearGradOp>(op)) {
      remarkKept(op, "no GPU kernels for ce ops yet; kept for "
                     "--lmhead-lower-to-gpu to decompose");
    }
  });
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
