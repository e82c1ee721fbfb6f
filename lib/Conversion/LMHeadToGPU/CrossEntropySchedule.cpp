//===- CrossEntropySchedule.cpp - a cross-entropy op's launches -----------===//
//
// Part of lmhead. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "CrossEntropySchedule.h"

#include "CrossEntropyEpilogues.h"
#include "CrossEntropyRowKernels.h"
#include "GradientStatistics.h"
#include "ScheduleLaunches.h"

using namespace mlir;
using namespace mlir::lmhead;

namespace {

using Role = ScheduleBuffer::Role;

class CrossEntropyScheduler {
public:
  CrossEntropyScheduler(Operation *op, CrossEntropyKernelSet set)
      : op(op), set(std::move(set)), gemms(this->set.gemms) {}

  LogicalResult build();
  Schedule schedule;

private:
  WeightLayout layout() const { return ce().getLayout(); }
  Reduction reduction() const { return ce().getReduction(); }
  Value bias() const { return ce().getBias(); }
  CrossEntropyOp ce() const { return cast<CrossEntropyOp>(op); }
  /// Reads the token count and hidden size (symbols `n` and `d` when
  /// dynamic) and the vocabulary size.
  LogicalResult readSizes();
  /// Adds one of the op's tensors (or workspace buffers).
  void addBuffer(StringRef name, Role role, Type element,
                 SmallVector<SizeExpr, 3> shape, Value value = Value(),
                 Value accumulates = Value());
  /// Adds the operands every cross-entropy op starts with: h, W, labels.
  void addInputs();
  /// Adds the logit bias, when the op has one.
  void addBias();
  /// The whole of buffer `name`.
  BufferView whole(StringRef name) const {
    return BufferView::whole(*schedule.findBuffer(name));
  }
  LaunchArgument view(StringRef name) const {
    return LaunchArgument::ofView(whole(name));
  }
  /// W's shape, and W (or dW) as vocabulary columns [start, start+size).
  SmallVector<SizeExpr, 3> weightShape() const;
  BufferView weight(StringRef buffer, const SizeExpr &start,
                    const SizeExpr &size) const;
  /// Makes the chunk's first launch, `first`, wait for the products (the
  /// launches after it in the loop's body, on other streams) of the chunk
  /// two before: they read the half of the double buffer it overwrites.
  void waitForProductsTwoChunksBack(unsigned first);
  /// The mean's shared token scale, on the main stream.
  void addScale();
  /// How many chunks the double buffer of a chunk loop holds: two, or one
  /// for an op of one chunk.
  SizeExpr chunkBuffers() const { return SizeExpr(set.numChunks == 1 ? 1 : 2); }

  void buildForward(CELinearFwdOp fwd);
  void buildGrad(CELinearGradOp grad);
  void buildStep(CELinearStepOp step);

  Operation *op;
  CrossEntropyKernelSet set;
  const CrossEntropyGemms &gemms;
  SizeExpr tokens, hidden;
  int64_t vocab = 0;
};

LogicalResult CrossEntropyScheduler::readSizes() {
  bool vd = layout() == WeightLayout::VD;
  auto size = [](Value value, unsigned dim) {
    if (!value)
      return ShapedType::kDynamic;
    auto type = cast<ShapedType>(value.getType());
    return dim < type.getRank() ? type.getDimSize(dim) : ShapedType::kDynamic;
  };
  // Every place each size appears: a static one anywhere fixes it; a
  // dynamic one is read from h.
  SmallVector<int64_t> tokenSizes, hiddenSizes;
  Value h, w;
  if (auto fwd = dyn_cast<CELinearFwdOp>(op)) {
    h = fwd.getH(), w = fwd.getW();
    tokenSizes = {size(fwd.getLabels(), 0), size(fwd.getLse(), 0)};
    if (fwd.getReduction() == Reduction::None)
      tokenSizes.push_back(size(fwd.getLoss(), 0));
  } else if (auto step = dyn_cast<CELinearStepOp>(op)) {
    h = step.getH(), w = step.getW();
    tokenSizes = {size(step.getLabels(), 0), size(step.getLse(), 0),
                  size(step.getDh(), 0), size(step.getDhAcc(), 0)};
    hiddenSizes = {size(step.getDh(), 1), size(step.getDw(), vd ? 1 : 0),
                   size(step.getDhAcc(), 1), size(step.getDwAcc(), vd ? 1 : 0)};
  } else {
    auto grad = cast<CELinearGradOp>(op);
    h = grad.getH(), w = grad.getW();
    tokenSizes = {size(grad.getLabels(), 0), size(grad.getLse(), 0),
                  size(grad.getDh(), 0), size(grad.getDhAcc(), 0)};
    if (grad.getReduction() == Reduction::None)
      tokenSizes.push_back(size(grad.getDloss(), 0));
    hiddenSizes = {size(grad.getDh(), 1), size(grad.getDw(), vd ? 1 : 0),
                   size(grad.getDhAcc(), 1), size(grad.getDwAcc(), vd ? 1 : 0)};
  }
  tokenSizes.push_back(size(h, 0));
  hiddenSizes.append({size(h, 1), size(w, vd ? 1 : 0)});
  vocab = size(w, vd ? 0 : 1);
  FailureOr<SizeExpr> n = readOpSize(op, tokenSizes, "n", h, 0, schedule);
  FailureOr<SizeExpr> d = readOpSize(op, hiddenSizes, "d", h, 1, schedule);
  if (failed(n) || failed(d))
    return failure();
  tokens = *n;
  hidden = *d;
  return success();
}

void CrossEntropyScheduler::addBuffer(StringRef name, Role role, Type element,
                                      SmallVector<SizeExpr, 3> shape,
                                      Value value, Value accumulates) {
  schedule.buffers.push_back({name.str(), role, getElementTypeOrSelf(element),
                              std::move(shape), value, accumulates});
}

SmallVector<SizeExpr, 3> CrossEntropyScheduler::weightShape() const {
  if (layout() == WeightLayout::VD)
    return {SizeExpr(vocab), hidden};
  return {hidden, SizeExpr(vocab)};
}

BufferView CrossEntropyScheduler::weight(StringRef buffer,
                                         const SizeExpr &start,
                                         const SizeExpr &size) const {
  if (layout() == WeightLayout::VD)
    return BufferView::matrix(buffer, size, hidden, hidden, hidden * start);
  return BufferView::matrix(buffer, hidden, size, SizeExpr(vocab), start);
}

void CrossEntropyScheduler::waitForProductsTwoChunksBack(unsigned first) {
  Launch &launch = schedule.launches[first];
  for (unsigned i = first + 1; i < schedule.nextLaunch(); ++i)
    if (schedule.launches[i].stream != launch.stream)
      launch.after.push_back(LaunchWait(i, /*iterationsBack=*/2));
}

void CrossEntropyScheduler::addScale() {
  schedule.add(smallLaunch(set.scale.getName(), ScheduleStream::Main,
                           SizeExpr(1), kRowKernelThreads,
                           {view("labels"), view("dloss"), view("scale"),
                            LaunchArgument::ofSize(tokens)}));
}

LogicalResult CrossEntropyScheduler::build() {
  if (failed(readSizes()))
    return failure();
  if (auto fwd = dyn_cast<CELinearFwdOp>(op))
    buildForward(fwd);
  else if (auto step = dyn_cast<CELinearStepOp>(op))
    buildStep(step);
  else
    buildGrad(cast<CELinearGradOp>(op));
  return success();
}

void CrossEntropyScheduler::addInputs() {
  CrossEntropyOp ce = this->ce();
  addBuffer("h", Role::Operand, ce.getH().getType(), {tokens, hidden},
            ce.getH());
  addBuffer("w", Role::Operand, ce.getW().getType(), weightShape(), ce.getW());
  addBuffer("labels", Role::Operand, ce.getLabels().getType(), {tokens},
            ce.getLabels());
}

void CrossEntropyScheduler::addBias() {
  if (bias())
    addBuffer("bias", Role::Operand, bias().getType(), {SizeExpr(vocab)},
              bias());
}

void CrossEntropyScheduler::buildForward(CELinearFwdOp fwd) {
  bool none = reduction() == Reduction::None;
  SmallVector<SizeExpr, 3> perToken = {tokens};
  addInputs();
  addBias();
  addBuffer("loss", Role::Result, fwd.getLoss().getType(),
            none ? perToken : SmallVector<SizeExpr, 3>{}, fwd.getLoss());
  addBuffer("lse", Role::Result, fwd.getLse().getType(), perToken,
            fwd.getLse());
  Type f32 = Float32Type::get(op->getContext());
  int64_t partials = numPartialColumns(gemms.logits.tiles, vocab);
  addBuffer("partials", Role::Workspace, f32,
            {tokens, SizeExpr(partials), SizeExpr(4)});
  if (!none)
    addBuffer("token_loss", Role::Workspace, f32, perToken);

  SmallVector<LaunchArgument> epilogue = {view("labels")};
  if (bias())
    epilogue.push_back(view("bias"));
  epilogue.push_back(view("partials"));
  schedule.add(gemmLaunch(set.logits.getName(), ScheduleStream::Main,
                          gemms.logits, whole("h"), whole("w"), epilogue,
                          tokens, SizeExpr(vocab), hidden));
  StringRef tokenLoss = none ? "loss" : "token_loss";
  schedule.add(smallLaunch(
      set.rows.getName(), ScheduleStream::Main,
      rowKernelBlocks(tokens, set.rowWarpsPerToken), kRowKernelThreads,
      {view("labels"), view("partials"), view("lse"), view(tokenLoss),
       LaunchArgument::ofSize(partials), LaunchArgument::ofSize(tokens)}));
  if (!none)
    schedule.add(smallLaunch(set.reduce.getName(), ScheduleStream::Main,
                             SizeExpr(1), kRowKernelThreads,
                             {view("labels"), view(tokenLoss), view("loss"),
                              LaunchArgument::ofSize(tokens)}));
}

void CrossEntropyScheduler::buildGrad(CELinearGradOp grad) {
  bool vd = layout() == WeightLayout::VD;
  bool hasStats = static_cast<bool>(grad.getStats());
  // dh summed apart from what it adds to: a 16-bit dh, or statistics of
  // dh's own product.
  bool dhApart = !getElementTypeOrSelf(grad.getDh().getType()).isF32() ||
                 (hasStats && grad.getDhAcc());
  SmallVector<SizeExpr, 3> perToken = {tokens};
  Reduction reduce = reduction();
  addInputs();
  addBuffer("lse", Role::Operand, grad.getLse().getType(), perToken,
            grad.getLse());
  addBuffer("dloss", Role::Operand, grad.getDloss().getType(),
            reduce == Reduction::None ? perToken : SmallVector<SizeExpr, 3>{},
            grad.getDloss());
  addBias();
  if (grad.getDwScale())
    addBuffer("dw_scale", Role::Operand, grad.getDwScale().getType(), {},
              grad.getDwScale());
  addBuffer("dh", Role::Result, grad.getDh().getType(), {tokens, hidden},
            grad.getDh(), grad.getDhAcc());
  addBuffer("dw", Role::Result, grad.getDw().getType(), weightShape(),
            grad.getDw(), grad.getDwAcc());
  if (grad.getDb())
    addBuffer("db", Role::Result, grad.getDb().getType(), {SizeExpr(vocab)},
              grad.getDb());
  if (hasStats)
    addBuffer("stats", Role::Result, grad.getStats().getType(),
              {SizeExpr(kNumStatisticSlots)}, grad.getStats());
  // dZ of two chunks: the chunk after next overwrites a chunk's.
  int64_t chunk = gemms.chunk;
  addBuffer("dz", Role::Workspace, grad.getH().getType(),
            {chunkBuffers(), tokens, SizeExpr(chunk)});
  Type f32 = Float32Type::get(op->getContext());
  if (dhApart)
    addBuffer("dh_f32", Role::Workspace, f32, {tokens, hidden});
  if (reduce == Reduction::Mean)
    addBuffer("scale", Role::Workspace, f32, {SizeExpr(1)});

  if (hasStats)
    schedule.add(smallLaunch(set.clearStats.getName(), ScheduleStream::Main,
                             SizeExpr(1), 32,
                             {view("stats"), LaunchArgument::ofSize(0),
                              LaunchArgument::ofSize(kNumStatisticSlots)}));
  if (set.scale)
    addScale();
  StringRef scales = reduce == Reduction::Mean ? "scale" : "dloss";
  BufferView dh32 = whole(dhApart ? "dh_f32" : "dh");

  // One iteration per chunk of the vocabulary: its logits and dZ, then its
  // products on their streams.
  SizeExpr c = schedule.beginLoop("c", SizeExpr(set.numChunks));
  SizeExpr start = c * SizeExpr(chunk);
  SizeExpr size = min(SizeExpr(chunk), SizeExpr(vocab) - start);
  BufferView dz =
      BufferView::matrix("dz", tokens, size, SizeExpr(chunk),
                         remainder(c, 2) * tokens * SizeExpr(chunk));
  BufferView wChunk = weight("w", start, size);

  SmallVector<LaunchArgument> epilogue = {view("labels"), view("lse"),
                                          view(scales)};
  if (bias())
    epilogue.push_back(view("bias"));
  epilogue.append(
      {gemmResultArgument(gemms.logits, dz), LaunchArgument::ofSize(start)});
  if (hasStats)
    epilogue.push_back(view("stats"));
  unsigned logits = schedule.add(
      gemmLaunch(set.logits.getName(), ScheduleStream::Main, gemms.logits,
                 whole("h"), wChunk, epilogue, tokens, size, hidden));

  // dh[N,D] (+)= dZ_c[N,c]·W_c, in chunk order.
  Launch dh =
      gemmLaunch(set.dh.getName(), ScheduleStream::Dh, *gemms.dh, dz, wChunk,
                 {gemmResultArgument(*gemms.dh, dh32)}, tokens, hidden, size);
  if (set.dhFirst != set.dh)
    dh.firstIterationKernel = set.dhFirst.getName().str();
  dh.after = {logits};
  schedule.add(std::move(dh));

  // dW_c = dZ_cᵀ·h ([c,D]) or dW_cᵀ = hᵀ·dZ_c ([D,c]), written once.
  SmallVector<LaunchArgument> dwEpilogue = {
      gemmResultArgument(*gemms.dw, weight("dw", start, size))};
  if (grad.getDwScale())
    dwEpilogue.push_back(view("dw_scale"));
  if (hasStats)
    dwEpilogue.push_back(view("stats"));
  Launch dw = vd ? gemmLaunch(set.dw.getName(), ScheduleStream::Dw, *gemms.dw,
                              dz, whole("h"), dwEpilogue, size, hidden, tokens)
                 : gemmLaunch(set.dw.getName(), ScheduleStream::Dw, *gemms.dw,
                              whole("h"), dz, dwEpilogue, hidden, size, tokens);
  dw.after = {logits};
  schedule.add(std::move(dw));

  if (set.db) {
    SmallVector<LaunchArgument> arguments = {LaunchArgument::ofView(dz),
                                             view("db")};
    if (grad.getDwScale())
      arguments.push_back(view("dw_scale"));
    arguments.append({LaunchArgument::ofSize(start),
                      LaunchArgument::ofSize(tokens),
                      LaunchArgument::ofSize(size)});
    Launch db = smallLaunch(set.db.getName(), ScheduleStream::Db,
                            gridBlocks(size, kColumnSumColumns),
                            kRowKernelThreads, std::move(arguments));
    db.after = {logits};
    schedule.add(std::move(db));
  }
  waitForProductsTwoChunksBack(logits);
  schedule.endLoop();

  // ‖dh‖² of the f32 sum, before anything is added to it.
  if (hasStats)
    schedule.add(smallLaunch(
        set.dhSquares.getName(), ScheduleStream::Dh,
        sumOfSquaresBlocks(tokens * hidden), kSumOfSquaresThreads,
        {LaunchArgument::ofView(dh32), view("stats"),
         LaunchArgument::ofSize(tokens), LaunchArgument::ofSize(hidden)}));
  // dh rounded once to its type, adding what it accumulates into (which dh
  // holds when the op starts).
  if (set.round) {
    SmallVector<LaunchArgument> arguments = {LaunchArgument::ofView(dh32)};
    if (grad.getDhAcc())
      arguments.push_back(view("dh"));
    arguments.append({view("dh"), LaunchArgument::ofSize(tokens),
                      LaunchArgument::ofSize(hidden)});
    schedule.add(smallLaunch(set.round.getName(), ScheduleStream::Dh,
                             roundGradientBlocks(tokens, hidden),
                             kRowKernelThreads, std::move(arguments)));
  }
}

void CrossEntropyScheduler::buildStep(CELinearStepOp step) {
  bool vd = layout() == WeightLayout::VD;
  bool hasStats = static_cast<bool>(step.getStats());
  // dW summed apart from what it adds to: a 16-bit dW, or statistics of
  // dW's own product.
  bool dwApart = !getElementTypeOrSelf(step.getDw().getType()).isF32() ||
                 (hasStats && step.getDwAcc());
  Value db = step.getDb();
  bool dbApart = db && !getElementTypeOrSelf(db.getType()).isF32();
  SmallVector<SizeExpr, 3> perToken = {tokens};
  addInputs();
  addBuffer("dloss", Role::Operand, step.getDloss().getType(), {},
            step.getDloss());
  addBias();
  if (step.getDwScale())
    addBuffer("dw_scale", Role::Operand, step.getDwScale().getType(), {},
              step.getDwScale());
  addBuffer("loss", Role::Result, step.getLoss().getType(), {}, step.getLoss());
  addBuffer("lse", Role::Result, step.getLse().getType(), perToken,
            step.getLse());
  addBuffer("dh", Role::Result, step.getDh().getType(), {tokens, hidden},
            step.getDh(), step.getDhAcc());
  addBuffer("dw", Role::Result, step.getDw().getType(), weightShape(),
            step.getDw(), step.getDwAcc());
  if (db)
    addBuffer("db", Role::Result, db.getType(), {SizeExpr(vocab)}, db);
  if (hasStats)
    addBuffer("stats", Role::Result, step.getStats().getType(),
              {SizeExpr(kNumStatisticSlots)}, step.getStats());
  // Logits of two chunks (the chunk after next overwrites a chunk's), each
  // of the chunk's rows or of all N where there are fewer: a dynamic N
  // smaller than the chunk takes no more memory than it needs.
  int64_t chunk = gemms.chunk;
  SizeExpr chunkRows = min(SizeExpr(chunk), tokens);
  SizeExpr padded(llvm::alignTo(vocab, kChunkColumnAlignment));
  addBuffer("z", Role::Workspace, step.getH().getType(),
            {min(chunkBuffers(), ceilDiv(tokens, chunk)), chunkRows, padded});
  Type f32 = Float32Type::get(op->getContext());
  int64_t partials = numPartialColumns(gemms.logits.tiles, vocab);
  addBuffer("partials", Role::Workspace, f32,
            {chunkRows, SizeExpr(partials), SizeExpr(4)});
  addBuffer("token_loss", Role::Workspace, f32, perToken);
  if (dwApart)
    addBuffer("dw_f32", Role::Workspace, f32, weightShape());
  if (dbApart)
    addBuffer("db_f32", Role::Workspace, f32, {SizeExpr(vocab)});
  if (step.getGradientReduction() == Reduction::Mean)
    addBuffer("scale", Role::Workspace, f32, {SizeExpr(1)});

  if (hasStats)
    schedule.add(smallLaunch(set.clearStats.getName(), ScheduleStream::Main,
                             SizeExpr(1), 32,
                             {view("stats"), LaunchArgument::ofSize(0),
                              LaunchArgument::ofSize(kNumStatisticSlots)}));
  StringRef scales = "dloss";
  if (set.scale) {
    addScale();
    scales = "scale";
  }
  BufferView dw32 = whole(dwApart ? "dw_f32" : "dw");

  // One iteration per chunk of tokens: its logits, their row pass (loss,
  // lse, dZ in place), then its products on their streams.
  SizeExpr c = schedule.beginLoop("c", ceilDiv(tokens, chunk));
  SizeExpr start = c * SizeExpr(chunk);
  SizeExpr size = min(SizeExpr(chunk), tokens - start);
  BufferView z = BufferView::matrix("z", size, SizeExpr(vocab), padded,
                                    remainder(c, 2) * chunkRows * padded);
  BufferView hChunk =
      BufferView::matrix("h", size, hidden, hidden, hidden * start);
  SmallVector<LaunchArgument> epilogue = {view("labels")};
  if (bias())
    epilogue.push_back(view("bias"));
  epilogue.append({view("partials"), gemmResultArgument(gemms.logits, z),
                   LaunchArgument::ofSize(start)});
  unsigned logits = schedule.add(
      gemmLaunch(set.logits.getName(), ScheduleStream::Main, gemms.logits,
                 hChunk, whole("w"), epilogue, size, SizeExpr(vocab), hidden));

  SmallVector<LaunchArgument> rowArguments = {view("labels"),
                                              view("partials"),
                                              LaunchArgument::ofView(z),
                                              view("lse"),
                                              view("token_loss"),
                                              view(scales),
                                              LaunchArgument::ofSize(partials),
                                              LaunchArgument::ofSize(size),
                                              LaunchArgument::ofSize(start)};
  if (hasStats)
    rowArguments.push_back(view("stats"));
  unsigned rows =
      schedule.add(smallLaunch(set.rows.getName(), ScheduleStream::Main,
                               rowKernelBlocks(size, set.rowWarpsPerToken),
                               kRowKernelThreads, std::move(rowArguments)));

  // dh_c = dZ_c·W into the chunk's rows of dh, written once.
  SmallVector<LaunchArgument> dhEpilogue = {gemmResultArgument(
      *gemms.dh,
      BufferView::matrix("dh", size, hidden, hidden, hidden * start))};
  if (hasStats)
    dhEpilogue.push_back(view("stats"));
  Launch dh = gemmLaunch(set.dh.getName(), ScheduleStream::Dh, *gemms.dh, z,
                         whole("w"), dhEpilogue, size, hidden, SizeExpr(vocab));
  dh.after = {rows};
  schedule.add(std::move(dh));

  // dW += dZ_cᵀ·h_c, or dWᵀ += h_cᵀ·dZ_c, in f32, in chunk order.
  SmallVector<LaunchArgument> dwEpilogue = {
      gemmResultArgument(*gemms.dw, dw32)};
  if (step.getDwScale())
    dwEpilogue.push_back(view("dw_scale"));
  Launch dw =
      vd ? gemmLaunch(set.dw.getName(), ScheduleStream::Dw, *gemms.dw, z,
                      hChunk, dwEpilogue, SizeExpr(vocab), hidden, size)
         : gemmLaunch(set.dw.getName(), ScheduleStream::Dw, *gemms.dw, hChunk,
                      z, dwEpilogue, hidden, SizeExpr(vocab), size);
  if (set.dwFirst != set.dw)
    dw.firstIterationKernel = set.dwFirst.getName().str();
  dw.after = {rows};
  schedule.add(std::move(dw));

  // db += Σ_i dZ_c[i, :], in f32, in chunk order.
  if (db) {
    SmallVector<LaunchArgument> arguments = {LaunchArgument::ofView(z),
                                             view(dbApart ? "db_f32" : "db")};
    if (step.getDwScale())
      arguments.push_back(view("dw_scale"));
    arguments.append({LaunchArgument::ofSize(0), LaunchArgument::ofSize(size),
                      LaunchArgument::ofSize(vocab)});
    Launch columnSums =
        smallLaunch(set.db.getName(), ScheduleStream::Db,
                    gridBlocks(SizeExpr(vocab), kColumnSumColumns),
                    kRowKernelThreads, std::move(arguments));
    if (set.dbFirst != set.db)
      columnSums.firstIterationKernel = set.dbFirst.getName().str();
    columnSums.after = {rows};
    schedule.add(std::move(columnSums));
  }
  waitForProductsTwoChunksBack(logits);
  schedule.endLoop();

  // The loss once every token's is written; ‖dW‖² of the f32 sum, before
  // anything is added to it; dW rounded once to its type, adding what it
  // accumulates into (which dw holds when the op starts); db rounded.
  schedule.add(smallLaunch(set.reduce.getName(), ScheduleStream::Main,
                           SizeExpr(1), kRowKernelThreads,
                           {view("labels"), view("token_loss"), view("loss"),
                            LaunchArgument::ofSize(tokens)}));
  SmallVector<SizeExpr, 3> shape = weightShape();
  if (hasStats)
    schedule.add(smallLaunch(
        set.dwSquares.getName(), ScheduleStream::Dw,
        sumOfSquaresBlocks(shape[0] * shape[1]), kSumOfSquaresThreads,
        {LaunchArgument::ofView(dw32), view("stats"),
         LaunchArgument::ofSize(shape[0]), LaunchArgument::ofSize(shape[1])}));
  if (set.round) {
    SmallVector<LaunchArgument> arguments = {LaunchArgument::ofView(dw32)};
    if (step.getDwAcc())
      arguments.push_back(view("dw"));
    arguments.append({view("dw"), LaunchArgument::ofSize(shape[0]),
                      LaunchArgument::ofSize(shape[1])});
    schedule.add(smallLaunch(set.round.getName(), ScheduleStream::Dw,
                             roundGradientBlocks(shape[0], shape[1]),
                             kRowKernelThreads, std::move(arguments)));
  }
  if (set.dbRound) {
    auto asRow = [&](StringRef buffer) {
      return LaunchArgument::ofView(BufferView::matrix(
          buffer, SizeExpr(1), SizeExpr(vocab), SizeExpr(vocab)));
    };
    schedule.add(smallLaunch(
        set.dbRound.getName(), ScheduleStream::Db,
        roundGradientBlocks(SizeExpr(1), SizeExpr(vocab)), kRowKernelThreads,
        {asRow("db_f32"), asRow("db"), LaunchArgument::ofSize(1),
         LaunchArgument::ofSize(vocab)}));
  }
}

} // namespace

FailureOr<Schedule> mlir::lmhead::buildCrossEntropySchedule(
    Operation *op, CrossEntropyPlanAttr plan, gpu::GPUModuleOp kernels,
    StringRef prefix, CrossEntropyGemms *gemms) {
  FailureOr<CrossEntropyKernelSet> set =
      buildCrossEntropyKernels(op, plan, kernels, prefix);
  if (failed(set))
    return failure();
  CrossEntropyScheduler scheduler(op, *set);
  if (failed(scheduler.build()))
    return failure();
  if (gemms)
    *gemms = set->gemms;
  return std::move(scheduler.schedule);
}
