//===- CrossEntropyKernels.cpp - the ce ops' GEMMs as kernel specs --------===//

#include "CrossEntropyKernels.h"
#include "CrossEntropyRowKernels.h"
#include "GradientStatistics.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::lmhead;

namespace {

std::optional<std::string> whyNot(CrossEntropyOp op) {
  if (!op.getAccumulatorType().isF32())
    return "the kernels accumulate in f32";
  Type operand = op.getOperandType();
  if (!operand.isF16() && !operand.isBF16())
    return "the kernels multiply f16 or bf16 operands";
  if (ShapedType::isDynamic(op.getVocabSize()))
    return "the vocabulary size is dynamic";
  return std::nullopt;
}

} // namespace

std::optional<std::string>
mlir::lmhead::whyNoCrossEntropyKernels(Operation *op) {
  auto ce = dyn_cast<CrossEntropyOp>(op);
  if (!ce)
    return "not a cross-entropy op";
  return whyNot(ce);
}

FailureOr<CrossEntropyGemms>
mlir::lmhead::getCrossEntropyGemms(Operation *op, CrossEntropyPlanAttr plan) {
  CrossEntropyGemms gemms;
  auto ce = cast<CrossEntropyOp>(op);
  gemms.options = LogitOptions::of(ce);
  bool vd = ce.getLayout() == WeightLayout::VD;
  auto spec = [&](GemmConfigAttr config, OperandOrder a, OperandOrder b) {
    GemmKernelSpec s;
    // The GEMM's kernel family writes it (an sm_80 kernel for an sm_90a GEMM
    // whose operands TMA cannot load); the plan's target runs it.
    s.target = config.getKernelFor(plan.getTarget());
    if (s.target != plan.getTarget())
      s.runsOn = plan.getTarget();
    s.tiles = config.getTiles();
    s.operandType = gemms.options.operandType;
    s.aOrder = a;
    s.bOrder = b;
    return s;
  };
  const OperandOrder ContiguousK = OperandOrder::ContiguousK;
  const OperandOrder ContiguousMN = OperandOrder::ContiguousMN;
  gemms.logits =
      spec(plan.getLogits(), ContiguousK, vd ? ContiguousK : ContiguousMN);
  if (plan.getDh()) {
    gemms.dh = spec(plan.getDh(), ContiguousK, vd ? ContiguousMN : ContiguousK);
    gemms.dw = spec(plan.getDw(), ContiguousMN, ContiguousMN);
    gemms.chunk = plan.getChunk();
    // The element types the dh and dW epilogues store (buildCrossEntropy-
    // Kernels): the gradient's own or the f32 buffer the chunks add to.
    Type f32 = Float32Type::get(op->getContext());
    Type dhType = f32, dwType = f32;
    if (auto grad = dyn_cast<CELinearGradOp>(op))
      dwType = getElementTypeOrSelf(grad.getDw().getType());
    if (auto step = dyn_cast<CELinearStepOp>(op))
      dhType = getElementTypeOrSelf(step.getDh().getType());
    if (gemms.dh->tiles.storesThroughTma())
      gemms.dh->storedType = dhType;
    if (gemms.dw->tiles.storesThroughTma())
      gemms.dw->storedType = dwType;
  }
  // The backward's dZ and the step's logits are tiles stored whole; the
  // forward's logits kernel stores only row statistics.
  if (gemms.logits.tiles.storesThroughTma()) {
    if (isa<CELinearFwdOp>(op))
      return op->emitOpError()
             << "cannot build the logits kernel of its plan: the forward's "
                "epilogue stores row statistics, no whole tiles of the "
                "logits, so it cannot store through TMA (tmaStore = 1)";
    gemms.logits.storedType = gemms.options.operandType;
  }
  // The matrices TMA copies have rows of whole 16 bytes: h and W, the dZ
  // workspace (rows of the chunk's columns), and the results stored
  // through TMA (the f32 dh of the backward and dW of the step, the op's
  // own dh or dW otherwise). The step's logits buffer has padded rows.
  {
    auto bytes = [](Type type) -> int64_t {
      return type.getIntOrFloatBitWidth() / 8;
    };
    std::optional<int64_t> hidden;
    if (std::optional<int64_t> hRow = rowBytesOf(ce.getH()))
      hidden = *hRow / bytes(gemms.options.operandType);
    auto rowsOf = [&](int64_t elements, Type type) -> std::optional<int64_t> {
      return elements * bytes(type);
    };
    auto hiddenRows = [&](Type type) -> std::optional<int64_t> {
      return hidden ? std::optional<int64_t>(*hidden * bytes(type))
                    : std::nullopt;
    };
    Type operand = gemms.options.operandType;
    int64_t vocab = gemms.options.vocab;
    std::optional<int64_t> wRows = rowBytesOf(ce.getW());
    SmallVector<TmaCopy, 3> logitsCopies = {{"h", rowBytesOf(ce.getH()), false},
                                            {"W", wRows, false}};
    if (isa<CELinearGradOp>(op))
      logitsCopies.push_back({"dZ", rowsOf(gemms.chunk, operand), true});
    if (failed(checkTmaRows(op, "logits", gemms.logits, logitsCopies)))
      return failure();
    if (gemms.dh) {
      bool step = isa<CELinearStepOp>(op);
      // The step's dZ is its padded logits buffer; the backward's the
      // chunk workspace.
      std::optional<int64_t> dzRows =
          step ? std::nullopt : rowsOf(gemms.chunk, operand);
      std::optional<int64_t> dwRows =
          vd ? hiddenRows(gemms.dw->storedType ? gemms.dw->storedType : operand)
             : rowsOf(vocab,
                      gemms.dw->storedType ? gemms.dw->storedType : operand);
      if (failed(checkTmaRows(
              op, "dh", *gemms.dh,
              {{"dZ", dzRows, false},
               {"W", wRows, false},
               {"dh",
                hiddenRows(gemms.dh->storedType ? gemms.dh->storedType
                                                : operand),
                true}})) ||
          failed(checkTmaRows(op, "dw", *gemms.dw,
                              {{"dZ", dzRows, false},
                               {"h", rowBytesOf(ce.getH()), false},
                               {"dW", dwRows, true}})))
        return failure();
    }
  }
  // The epilogues' own checks are made when the kernels are built; here
  // the main loops'.
  for (auto [name, s] :
       {std::pair<StringRef, const GemmKernelSpec *>{"logits", &gemms.logits},
        {"dh", gemms.dh ? &*gemms.dh : nullptr},
        {"dw", gemms.dw ? &*gemms.dw : nullptr}}) {
    if (!s)
      continue;
    StoreEpilogue store;
    store.resultType =
        s->storedType ? s->storedType : Float32Type::get(op->getContext());
    if (llvm::Error refused = checkGemmKernel(*s, store))
      return op->emitOpError()
             << "cannot build the " << name
             << " kernel of its plan: " << llvm::toString(std::move(refused));
  }
  return gemms;
}

FailureOr<CrossEntropyKernelSet>
mlir::lmhead::buildCrossEntropyKernels(Operation *op, CrossEntropyPlanAttr plan,
                                       gpu::GPUModuleOp module,
                                       StringRef prefix) {
  FailureOr<CrossEntropyGemms> found = getCrossEntropyGemms(op, plan);
  if (failed(found))
    return failure();
  CrossEntropyKernelSet set;
  set.gemms = *found;
  const LogitOptions &options = set.gemms.options;
  Location loc = op->getLoc();
  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
  auto name = [&](StringRef role) { return (prefix + "_" + role).str(); };
  auto gemm = [&](StringRef role, const GemmKernelSpec &spec,
                  const GemmEpilogue &epilogue) -> FailureOr<gpu::GPUFuncOp> {
    if (llvm::Error refused = checkGemmKernel(spec, epilogue))
      return op->emitOpError()
             << "cannot build its " << role
             << " kernel: " << llvm::toString(std::move(refused));
    return buildGemmKernel(builder, loc, name(role), spec, epilogue);
  };

  if (auto fwd = dyn_cast<CELinearFwdOp>(op)) {
    FailureOr<gpu::GPUFuncOp> logits =
        gemm("logits", set.gemms.logits, RowStatsEpilogue(options));
    if (failed(logits))
      return failure();
    set.logits = *logits;
    set.rowWarpsPerToken = partialsWarpsPerToken(
        set.gemms.logits.chipTarget(), fwd.getTokenCount(),
        numPartialColumns(set.gemms.logits.tiles, options.vocab));
    set.rows = buildTokenLossKernel(builder, loc, name("rows"), options,
                                    set.rowWarpsPerToken);
    Reduction reduction = fwd.getReduction();
    if (reduction != Reduction::None)
      set.reduce = buildLossReductionKernel(
          builder, loc, name("reduce"), options, reduction == Reduction::Mean);
    return set;
  }

  if (auto step = dyn_cast<CELinearStepOp>(op)) {
    FailureOr<gpu::GPUFuncOp> logits =
        gemm("logits", set.gemms.logits,
             RowStatsEpilogue(options, /*storeLogits=*/true));
    if (failed(logits))
      return failure();
    set.logits = *logits;
    // The rows of a chunk: the chunk's, or all of N where it has fewer.
    int64_t tokens = step.getTokenCount();
    int64_t chunkRows = ShapedType::isDynamic(tokens)
                            ? set.gemms.chunk
                            : std::min(set.gemms.chunk, tokens);
    set.rowWarpsPerToken = stepRowPassWarpsPerToken(
        set.gemms.logits.chipTarget(), chunkRows, options.vocab,
        options.operandType.getIntOrFloatBitWidth() / 8);
    bool statistics = static_cast<bool>(step.getStats());
    bool scaled = static_cast<bool>(step.getDwScale());
    set.rows = buildStepRowKernel(builder, loc, name("rows"), options,
                                  set.rowWarpsPerToken, statistics);
    Reduction reduction = step.getReduction();
    set.reduce = buildLossReductionKernel(builder, loc, name("reduce"), options,
                                          reduction == Reduction::Mean);
    if (step.getGradientReduction() == Reduction::Mean)
      set.scale = buildMeanScaleKernel(builder, loc, name("scale"), options);
    set.numChunks = ShapedType::isDynamic(tokens)
                        ? ShapedType::kDynamic
                        : (tokens + set.gemms.chunk - 1) / set.gemms.chunk;
    bool severalChunks =
        ShapedType::isDynamic(set.numChunks) || set.numChunks > 1;
    // dh_c is written once, in dh's type (added to what it accumulates into,
    // which the result starts as); its squares are of its own product.
    StoreEpilogue dhStore;
    dhStore.resultType = getElementTypeOrSelf(step.getDh().getType());
    dhStore.accumulate = static_cast<bool>(step.getDhAcc());
    if (statistics)
      dhStore.statisticSlot = kHiddenGradientSlot;
    FailureOr<gpu::GPUFuncOp> dh = gemm("dh", *set.gemms.dh, dhStore);
    if (failed(dh))
      return failure();
    set.dhFirst = set.dh = *dh;
    // dW accumulates in f32 over the chunks (each chunk's product scaled
    // by dw_scale): the first chunk stores unless an f32 dW starts as the
    // gradient it adds to.
    Type f32 = Float32Type::get(op->getContext());
    Type dwType = getElementTypeOrSelf(step.getDw().getType());
    set.dwStartsFromInit = step.getDwAcc() && dwType.isF32() && !statistics;
    StoreEpilogue dwStore, dwAccumulate;
    dwStore.resultType = dwAccumulate.resultType = f32;
    dwStore.runtimeScale = dwAccumulate.runtimeScale = scaled;
    dwAccumulate.accumulate = true;
    dwStore.accumulate = set.dwStartsFromInit;
    FailureOr<gpu::GPUFuncOp> dwFirst =
        gemm(set.dwStartsFromInit ? "dw" : "dw_first", *set.gemms.dw,
             set.dwStartsFromInit ? dwAccumulate : dwStore);
    if (failed(dwFirst))
      return failure();
    set.dwFirst = set.dw = *dwFirst;
    if (!set.dwStartsFromInit && severalChunks) {
      FailureOr<gpu::GPUFuncOp> next = gemm("dw", *set.gemms.dw, dwAccumulate);
      if (failed(next))
        return failure();
      set.dw = *next;
    }
    if (!dwType.isF32() || (statistics && step.getDwAcc()))
      set.round = buildRoundGradientKernel(
          builder, loc, name("dw_round"), dwType,
          step.getDwAcc() ? getElementTypeOrSelf(step.getDwAcc().getType())
                          : Type());
    if (statistics) {
      set.clearStats =
          buildClearStatisticsKernel(builder, loc, name("stats_clear"));
      set.dwSquares = buildSumOfSquaresKernel(builder, loc, name("dw_squares"),
                                              f32, kWeightGradientSlot);
    }
    // db accumulates in f32 over the chunks too.
    if (Value db = step.getDb()) {
      Type dbType = getElementTypeOrSelf(db.getType());
      set.dbFirst = set.db = buildColumnSumKernel(
          builder, loc, name("db_first"), options.operandType, f32, scaled);
      if (severalChunks)
        set.db = buildColumnSumKernel(builder, loc, name("db"),
                                      options.operandType, f32, scaled,
                                      /*accumulate=*/true);
      if (!dbType.isF32())
        set.dbRound = buildRoundGradientKernel(builder, loc, name("db_round"),
                                               dbType, Type());
    }
    return set;
  }

  auto grad = cast<CELinearGradOp>(op);
  Reduction reduction = grad.getReduction();
  Type f32 = Float32Type::get(op->getContext());
  Type dhType = getElementTypeOrSelf(grad.getDh().getType());
  bool statistics = static_cast<bool>(grad.getStats());
  LogitGradEpilogue dzEpilogue(
      options,
      reduction == Reduction::None ? TokenScale::PerToken : TokenScale::Shared,
      statistics);
  FailureOr<gpu::GPUFuncOp> logits =
      gemm("logits", set.gemms.logits, dzEpilogue);
  if (failed(logits))
    return failure();
  set.logits = *logits;
  // dh accumulates in f32 over the chunks; the first chunk stores unless
  // the gradient it adds to is already in the buffer.
  set.dhStartsFromInit = grad.getDhAcc() && dhType.isF32() && !statistics;
  StoreEpilogue dhStore, dhAccumulate;
  dhStore.resultType = dhAccumulate.resultType = f32;
  dhAccumulate.accumulate = true;
  dhStore.accumulate = set.dhStartsFromInit;
  int64_t vocab = options.vocab, chunk = set.gemms.chunk;
  set.numChunks = (vocab + chunk - 1) / chunk;
  FailureOr<gpu::GPUFuncOp> dhFirst =
      gemm(set.dhStartsFromInit ? "dh" : "dh_first", *set.gemms.dh,
           set.dhStartsFromInit ? dhAccumulate : dhStore);
  if (failed(dhFirst))
    return failure();
  set.dhFirst = set.dh = *dhFirst;
  if (!set.dhStartsFromInit && set.numChunks > 1) {
    FailureOr<gpu::GPUFuncOp> next = gemm("dh", *set.gemms.dh, dhAccumulate);
    if (failed(next))
      return failure();
    set.dh = *next;
  }
  StoreEpilogue dwStore;
  dwStore.resultType = getElementTypeOrSelf(grad.getDw().getType());
  dwStore.accumulate = static_cast<bool>(grad.getDwAcc());
  dwStore.runtimeScale = static_cast<bool>(grad.getDwScale());
  if (statistics)
    dwStore.statisticSlot = kWeightGradientSlot;
  FailureOr<gpu::GPUFuncOp> dw = gemm("dw", *set.gemms.dw, dwStore);
  if (failed(dw))
    return failure();
  set.dw = *dw;
  if (reduction == Reduction::Mean)
    set.scale = buildMeanScaleKernel(builder, loc, name("scale"), options);
  if (grad.getDb())
    set.db = buildColumnSumKernel(builder, loc, name("db"), options.operandType,
                                  getElementTypeOrSelf(grad.getDb().getType()),
                                  static_cast<bool>(grad.getDwScale()));
  if (!dhType.isF32() || (statistics && grad.getDhAcc()))
    set.round = buildRoundGradientKernel(
        builder, loc, name("dh_round"), dhType,
        grad.getDhAcc() ? getElementTypeOrSelf(grad.getDhAcc().getType())
                        : Type());
  if (statistics) {
    set.clearStats =
        buildClearStatisticsKernel(builder, loc, name("stats_clear"));
    set.dhSquares = buildSumOfSquaresKernel(builder, loc, name("dh_squares"),
                                            Float32Type::get(op->getContext()),
                                            kHiddenGradientSlot);
  }
  return set;
}
