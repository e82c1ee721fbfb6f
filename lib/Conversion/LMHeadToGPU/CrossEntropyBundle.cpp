//===- CrossEntropyBundle.cpp - a ce op's kernels in a bundle -------------===//
//
// A planned ce_linear_fwd or ce_linear_grad in the bundle: the kernels of
// buildCrossEntropyKernels, launched as --lmhead-lower-to-gpu launches them
// (CrossEntropyLowering.cpp), but on the caller's pointers and stream, with
// the temporary buffers in a workspace the caller passes:
//
// - ce_linear_fwd, on the caller's stream: the logits GEMM writes the row
//   partials [4,P,N] (workspace `partials`), the row kernel merges them into
//   lse and each token's loss (`token_loss`, or the `loss` operand itself
//   for reduction none), and for mean and sum one warp reduces the losses
//   into `loss` [1].
// - ce_linear_grad: for mean, the shared token scale (`scale` [1]) first;
//   then, per vocabulary chunk c of the plan's width, the logits GEMM on
//   the caller's stream writes dZ_c into workspace `dz<c mod 2>` [N,chunk]
//   once chunk c−2's products (which read that buffer) are done ("after"),
//   and the dh product (`dh += dZ_c·W_c` into dh, or into `dh_f32` when dh
//   is not f32), the dW product (`dW_c = dZ_cᵀ·h` into rows, or for
//   layout(dv) columns, of dw) and the bias gradient's column sums (into db)
//   each run on a stream of their own after it. The rounding of `dh_f32`
//   into dh ends the dh stream. With gradient statistics (`stats` [3]) a
//   one-warp kernel clears them first, the logits and dW epilogues add
//   ‖dZ‖² and ‖dW‖², and a sum of squares over the f32 dh (`dh_f32`
//   whenever dh is not f32 or adds to what the caller left in it) adds
//   ‖dh‖² before the rounding.
// - ce_linear_step (static N): for a mean gradient the shared token scale
//   first; then, per chunk c of the plan's tokens, on the caller's stream
//   the logits GEMM of the chunk's rows of h stores the logits into
//   workspace `z<c mod 2>` [chunk, V padded to 64] and the partials
//   [4,P,chunk] once chunk c−2's products are done, and the row pass
//   writes the chunk's lse and token losses and turns the buffer into dZ;
//   after it, `dh_c = dZ_c·W` (the chunk's rows of dh) runs on the "dh"
//   stream and `dW += dZ_cᵀ·h_c` (into dw, or `dw_f32` when dW is not
//   f32) on the "dw" stream. The loss's reduction ends the caller's
//   stream, the rounding of `dw_f32` the dw stream. Called with dloss = 1,
//   it gives a framework that runs its forward and backward apart the
//   gradients in the forward, for its backward to scale.
//
// Views (a chunk of W, of dW, of a dZ buffer) are descriptors with an
// offset and a row stride on sm_80, and tensor maps with "offset" and
// "row_stride" on sm_90a.
//
//===----------------------------------------------------------------------===//

#include "BundleWriter.h"
#include "CrossEntropyKernels.h"
#include "CrossEntropyRowKernels.h"
#include "GradientStatistics.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::lmhead;

namespace {

constexpr StringLiteral kPlanAttrName = "lmhead.plan";
constexpr StringLiteral kWorkspace = "workspace";
constexpr StringLiteral kWorkspaceBytes = "workspace_bytes";

std::string typeName(Type type) {
  return llvm::formatv("{0}", getElementTypeOrSelf(type)).str();
}

class CrossEntropyBundle : public OpBundle {
public:
  CrossEntropyBundle(Operation *op, CrossEntropyPlanAttr plan, std::string name,
                     CrossEntropyGemms gemms)
      : OpBundle(std::move(name), op->getName().stripDialect().str(),
                 plan.getTarget()),
        op(op), plan(plan), gemms(std::move(gemms)) {}

  /// Reads the op's sizes; fails with a warning when they disagree.
  LogicalResult readExtents();
  LogicalResult buildKernels(gpu::GPUModuleOp module) override;

protected:
  void writeHeader(raw_ostream &os) const override;
  std::vector<KernelEntry> getKernelEntries() const override;

private:
  bool isGrad() const { return isa<CELinearGradOp>(op); }
  /// ce_linear_grad: whether dh is summed in the workspace's `dh_f32` and
  /// then rounded into dh (a 16-bit dh, or statistics of the product of an
  /// f32 dh that adds to what the caller left in it).
  bool dhSummedApart() const;
  bool isStep() const { return isa<CELinearStepOp>(op); }
  WeightLayout layout() const;
  Reduction reduction() const;
  Value bias() const;
  /// The op's pointer operands (inputs, then results), by manifest name.
  SmallVector<std::pair<std::string, Value>> tensors() const;
  /// The shape of a tensor of the op, in the manifest's sizes.
  SmallVector<ManifestInt, 2> shapeOf(StringRef tensor, Value value) const;
  /// The workspace buffers: name, element type, shape.
  struct Scratch {
    std::string name;
    std::string type;
    SmallVector<ManifestInt, 3> shape;
  };
  SmallVector<Scratch, 4> workspace() const;

  std::vector<KernelEntry> forwardEntries() const;
  std::vector<KernelEntry> gradEntries() const;
  std::vector<KernelEntry> stepEntries() const;
  /// The mean's shared token scale (`scale` [1] = dloss / valid tokens),
  /// on the caller's stream.
  KernelEntry scaleEntry() const;
  /// The epilogue's vector of a token scale: mean's `scale`, or dloss.
  std::pair<std::string, ManifestInt> scales() const;
  /// W (whole, or vocabulary columns [start, start+size) as a view).
  MatrixView weight(int64_t start, int64_t size) const;
  /// dW's columns [start, start+size) as a view.
  MatrixView weightGradient(int64_t start, int64_t size) const;

  Operation *op;
  CrossEntropyPlanAttr plan;
  CrossEntropyGemms gemms;
  ManifestInt tokens, hidden;
  int64_t vocab = 0;
  /// The integer operands of the dynamic sizes, in operand order.
  SmallVector<std::string, 2> sizeOperands;
  /// What buildKernels made: the kernels' names by role.
  std::string logits, rows, reduce, dhFirst, dh, dw, dwFirst, scale, db, round,
      clearStats, dhSquares;
  bool dhStartsFromInit = false, dwStartsFromInit = false;
  int64_t numChunks = 0;
};

WeightLayout CrossEntropyBundle::layout() const {
  if (auto fwd = dyn_cast<CELinearFwdOp>(op))
    return fwd.getLayout();
  if (auto step = dyn_cast<CELinearStepOp>(op))
    return step.getLayout();
  return cast<CELinearGradOp>(op).getLayout();
}

bool CrossEntropyBundle::dhSummedApart() const {
  auto grad = cast<CELinearGradOp>(op);
  return !getElementTypeOrSelf(grad.getDh().getType()).isF32() ||
         (grad.getStats() && grad.getDhAcc());
}

Reduction CrossEntropyBundle::reduction() const {
  if (auto fwd = dyn_cast<CELinearFwdOp>(op))
    return fwd.getReduction();
  if (auto step = dyn_cast<CELinearStepOp>(op))
    return step.getReduction();
  return cast<CELinearGradOp>(op).getReduction();
}

Value CrossEntropyBundle::bias() const {
  if (auto fwd = dyn_cast<CELinearFwdOp>(op))
    return fwd.getBias();
  if (auto step = dyn_cast<CELinearStepOp>(op))
    return step.getBias();
  return cast<CELinearGradOp>(op).getBias();
}

LogicalResult CrossEntropyBundle::readExtents() {
  bool vd = layout() == WeightLayout::VD;
  auto size = [](Value value, unsigned dim) {
    if (!value)
      return ShapedType::kDynamic;
    auto type = cast<ShapedType>(value.getType());
    return dim < type.getRank() ? type.getDimSize(dim) : ShapedType::kDynamic;
  };
  // Every place each size appears: a static one anywhere fixes it.
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
  for (auto [sizes, extent, operand] :
       {std::make_tuple(&tokenSizes, &tokens, "n"),
        std::make_tuple(&hiddenSizes, &hidden, "d")}) {
    int64_t constant = ShapedType::kDynamic;
    for (int64_t s : *sizes) {
      if (ShapedType::isDynamic(s))
        continue;
      if (!ShapedType::isDynamic(constant) && constant != s)
        return op->emitWarning() << "not written to the bundle: the types "
                                    "disagree on size '"
                                 << operand << "'";
      constant = s;
    }
    if (ShapedType::isDynamic(constant)) {
      *extent = ManifestInt::operand(operand);
      sizeOperands.push_back(operand);
    } else {
      *extent = ManifestInt(constant);
    }
  }
  return success();
}

LogicalResult CrossEntropyBundle::buildKernels(gpu::GPUModuleOp module) {
  FailureOr<CrossEntropyKernelSet> set =
      buildCrossEntropyKernels(op, plan, module, name);
  if (failed(set))
    return failure();
  auto keep = [&](gpu::GPUFuncOp kernel, std::string &kernelName) {
    if (!kernel)
      return;
    kernelName = kernel.getName().str();
    recordKernel(kernel);
  };
  keep(set->logits, logits);
  keep(set->rows, rows);
  keep(set->reduce, reduce);
  keep(set->dhFirst, dhFirst);
  keep(set->dh, dh);
  keep(set->dw, dw);
  keep(set->dwFirst, dwFirst);
  keep(set->scale, scale);
  keep(set->db, db);
  keep(set->round, round);
  keep(set->clearStats, clearStats);
  keep(set->dhSquares, dhSquares);
  dhStartsFromInit = set->dhStartsFromInit;
  dwStartsFromInit = set->dwStartsFromInit;
  numChunks = set->numChunks;
  return success();
}

SmallVector<std::pair<std::string, Value>> CrossEntropyBundle::tensors() const {
  SmallVector<std::pair<std::string, Value>> list;
  if (auto fwd = dyn_cast<CELinearFwdOp>(op)) {
    list = {{"h", fwd.getH()}, {"w", fwd.getW()}, {"labels", fwd.getLabels()}};
    if (fwd.getBias())
      list.push_back({"bias", fwd.getBias()});
    list.append({{"loss", fwd.getLoss()}, {"lse", fwd.getLse()}});
    return list;
  }
  if (auto step = dyn_cast<CELinearStepOp>(op)) {
    list = {{"h", step.getH()},
            {"w", step.getW()},
            {"labels", step.getLabels()},
            {"dloss", step.getDloss()}};
    if (step.getBias())
      list.push_back({"bias", step.getBias()});
    list.append({{"loss", step.getLoss()},
                 {"lse", step.getLse()},
                 {"dh", step.getDh()},
                 {"dw", step.getDw()}});
    return list;
  }
  auto grad = cast<CELinearGradOp>(op);
  list = {{"h", grad.getH()},
          {"w", grad.getW()},
          {"labels", grad.getLabels()},
          {"lse", grad.getLse()},
          {"dloss", grad.getDloss()}};
  if (grad.getBias())
    list.push_back({"bias", grad.getBias()});
  if (grad.getDwScale())
    list.push_back({"dw_scale", grad.getDwScale()});
  list.append({{"dh", grad.getDh()}, {"dw", grad.getDw()}});
  if (grad.getDb())
    list.push_back({"db", grad.getDb()});
  if (grad.getStats())
    list.push_back({"stats", grad.getStats()});
  return list;
}

SmallVector<ManifestInt, 2> CrossEntropyBundle::shapeOf(StringRef tensor,
                                                        Value value) const {
  bool vd = layout() == WeightLayout::VD;
  if (tensor == "h" || tensor == "dh")
    return {tokens, hidden};
  if (tensor == "w" || tensor == "dw")
    return vd ? SmallVector<ManifestInt, 2>{vocab, hidden}
              : SmallVector<ManifestInt, 2>{hidden, vocab};
  if (tensor == "bias" || tensor == "db")
    return {vocab};
  if (tensor == "stats")
    return {ManifestInt(kNumStatisticSlots)};
  // labels, lse, and loss or dloss: [N], or one value for rank 0.
  if (cast<ShapedType>(value.getType()).getRank() == 0)
    return {};
  return {tokens};
}

SmallVector<CrossEntropyBundle::Scratch, 4>
CrossEntropyBundle::workspace() const {
  SmallVector<Scratch, 4> buffers;
  if (auto step = dyn_cast<CELinearStepOp>(op)) {
    std::string operandType = typeName(step.getH().getType());
    ManifestInt padded(llvm::alignTo(vocab, kChunkColumnAlignment));
    for (int64_t i = 0; i < std::min<int64_t>(2, numChunks); ++i)
      buffers.push_back({"z" + std::to_string(i),
                         operandType,
                         {ManifestInt(gemms.chunk), padded}});
    int64_t partials = numPartialColumns(gemms.logits.tiles, vocab);
    buffers.push_back({"partials", "f32", {4, partials, gemms.chunk}});
    buffers.push_back({"token_loss", "f32", {tokens}});
    if (!getElementTypeOrSelf(step.getDw().getType()).isF32()) {
      SmallVector<ManifestInt, 2> shape = shapeOf("dw", step.getDw());
      buffers.push_back({"dw_f32", "f32", {shape[0], shape[1]}});
    }
    if (step.getGradientReduction() == Reduction::Mean)
      buffers.push_back({"scale", "f32", {1}});
    return buffers;
  }
  if (!isGrad()) {
    int64_t partials = numPartialColumns(gemms.logits.tiles, vocab);
    buffers.push_back({"partials", "f32", {4, partials, tokens}});
    if (reduction() != Reduction::None)
      buffers.push_back({"token_loss", "f32", {tokens}});
    return buffers;
  }
  auto grad = cast<CELinearGradOp>(op);
  std::string operandType = typeName(grad.getH().getType());
  for (int64_t i = 0; i < std::min<int64_t>(2, numChunks); ++i)
    buffers.push_back({"dz" + std::to_string(i),
                       operandType,
                       {tokens, ManifestInt(gemms.chunk)}});
  if (dhSummedApart())
    buffers.push_back({"dh_f32", "f32", {tokens, hidden}});
  if (reduction() == Reduction::Mean)
    buffers.push_back({"scale", "f32", {1}});
  return buffers;
}

void CrossEntropyBundle::writeHeader(raw_ostream &os) const {
  SmallVector<std::pair<std::string, Value>> list = tensors();
  SmallVector<std::string> operands;
  for (auto &[tensorName, value] : list)
    operands.push_back(quoted(tensorName));
  for (const std::string &size : sizeOperands)
    operands.push_back(quoted(size));
  operands.append({quoted(kWorkspace), quoted(kWorkspaceBytes)});

  // What frameworks and tests need to know of the op; the runtime reads
  // only operands, workspace and kernels.
  const LogitOptions &options = gemms.options;
  os << "      \"layout\": " << quoted(stringifyWeightLayout(layout()))
     << ",\n";
  os << "      \"reduction\": " << quoted(stringifyReduction(reduction()))
     << ",\n";
  os << "      \"ignore_index\": " << options.ignoreIndex << ",\n";
  os << "      \"label_smoothing\": " << decimalText(options.labelSmoothing)
     << ",\n";
  os << "      \"logit_softcap\": " << decimalText(options.logitSoftcap)
     << ",\n";
  os << "      \"z_loss_weight\": " << decimalText(options.zLossWeight)
     << ",\n";
  if (auto step = dyn_cast<CELinearStepOp>(op))
    os << "      \"grad_reduction\": "
       << quoted(stringifyReduction(step.getGradientReduction())) << ",\n";
  if (isGrad() || isStep())
    os << "      \"chunk\": " << gemms.chunk << ",\n";
  os << "      \"operands\": [" << llvm::join(operands, ", ") << "],\n";
  os << "      \"tensors\": {\n";
  for (auto [i, item] : llvm::enumerate(list)) {
    auto &[tensorName, value] = item;
    SmallVector<std::string> shape;
    for (const ManifestInt &extent : shapeOf(tensorName, value))
      shape.push_back(extent.expr());
    bool accumulates = false;
    if (auto grad = dyn_cast<CELinearGradOp>(op))
      accumulates = (tensorName == "dh" && grad.getDhAcc()) ||
                    (tensorName == "dw" && grad.getDwAcc());
    if (auto step = dyn_cast<CELinearStepOp>(op))
      accumulates = (tensorName == "dh" && step.getDhAcc()) ||
                    (tensorName == "dw" && step.getDwAcc());
    os << "        " << quoted(tensorName)
       << ": {\"type\": " << quoted(typeName(value.getType()))
       << ", \"shape\": [" << llvm::join(shape, ", ") << "]"
       << (accumulates ? ", \"accumulates\": true" : "") << "}"
       << (i + 1 < list.size() ? ",\n" : "\n");
  }
  os << "      },\n";
  os << "      \"workspace\": {\"operand\": " << quoted(kWorkspace)
     << ", \"bytes\": " << quoted(kWorkspaceBytes) << ", \"buffers\": [\n";
  SmallVector<Scratch, 4> buffers = workspace();
  for (auto [i, buffer] : llvm::enumerate(buffers)) {
    SmallVector<std::string> shape;
    for (const ManifestInt &extent : buffer.shape)
      shape.push_back(extent.expr());
    os << "        {\"name\": " << quoted(buffer.name)
       << ", \"type\": " << quoted(buffer.type) << ", \"shape\": ["
       << llvm::join(shape, ", ") << "]}"
       << (i + 1 < buffers.size() ? ",\n" : "\n");
  }
  os << "      ]},\n";
}

std::vector<KernelEntry> CrossEntropyBundle::getKernelEntries() const {
  if (isStep())
    return stepEntries();
  return isGrad() ? gradEntries() : forwardEntries();
}

MatrixView CrossEntropyBundle::weight(int64_t start, int64_t size) const {
  if (layout() == WeightLayout::VD)
    return {"w", ManifestInt(size), hidden, hidden, hidden * start};
  return {"w", hidden, ManifestInt(size), ManifestInt(vocab),
          ManifestInt(start)};
}

MatrixView CrossEntropyBundle::weightGradient(int64_t start,
                                              int64_t size) const {
  MatrixView view = weight(start, size);
  view.buffer = "dw";
  return view;
}

/// The workspace's partials [4, P, rows] as the parameters of a
/// `memref<4x?x?xf32>` descriptor (strides [P·rows, rows, 1]).
SmallVector<std::string> partialsDescriptor(const ManifestInt &partials,
                                            const ManifestInt &rows) {
  return {
      quoted("partials"),        quoted("partials"), ManifestInt(0).param(),
      ManifestInt(4).param(),    partials.param(),   rows.param(),
      (partials * rows).param(), rows.param(),       ManifestInt(1).param()};
}

/// A small kernel's entry: `threads` per block, `blocks` blocks.
KernelEntry smallEntry(StringRef name, StringRef stream, std::string blocks,
                       int64_t threads) {
  KernelEntry entry;
  entry.name = name.str();
  entry.stream = stream.str();
  entry.grid[0] = std::move(blocks);
  entry.threads = threads;
  return entry;
}

std::vector<KernelEntry> CrossEntropyBundle::forwardEntries() const {
  bool none = reduction() == Reduction::None;
  int64_t partials = numPartialColumns(gemms.logits.tiles, vocab);
  SmallVector<std::string> partialsParams =
      partialsDescriptor(ManifestInt(partials), tokens);
  std::vector<KernelEntry> entries;
  SmallVector<std::string> epilogue;
  appendVector(epilogue, "labels", tokens);
  if (bias())
    appendVector(epilogue, "bias", ManifestInt(vocab));
  epilogue.append(partialsParams);
  MatrixView w = layout() == WeightLayout::VD
                     ? MatrixView::dense("w", ManifestInt(vocab), hidden)
                     : MatrixView::dense("w", hidden, ManifestInt(vocab));
  entries.push_back(gemmEntry(logits, "main", gemms.logits,
                              MatrixView::dense("h", tokens, hidden), w,
                              epilogue, tokens, ManifestInt(vocab), hidden));

  std::string tokenLoss = none ? "loss" : "token_loss";
  KernelEntry rowEntry = smallEntry(
      rows, "main", tokens.blocks(kRowKernelThreads), kRowKernelThreads);
  appendVector(rowEntry.params, "labels", tokens);
  rowEntry.params.append(partialsParams);
  appendVector(rowEntry.params, "lse", tokens);
  appendVector(rowEntry.params, tokenLoss, tokens);
  rowEntry.params.append({ManifestInt(partials).param(), tokens.param()});
  entries.push_back(std::move(rowEntry));

  if (!none) {
    KernelEntry reduceEntry = smallEntry(reduce, "main", "1", 32);
    appendVector(reduceEntry.params, "labels", tokens);
    appendVector(reduceEntry.params, tokenLoss, tokens);
    appendVector(reduceEntry.params, "loss", ManifestInt(1));
    reduceEntry.params.push_back(tokens.param());
    entries.push_back(std::move(reduceEntry));
  }
  return entries;
}

KernelEntry CrossEntropyBundle::scaleEntry() const {
  KernelEntry entry = smallEntry(scale, "main", "1", 32);
  appendVector(entry.params, "labels", tokens);
  appendVector(entry.params, "dloss", ManifestInt(1));
  appendVector(entry.params, "scale", ManifestInt(1));
  entry.params.push_back(tokens.param());
  return entry;
}

std::pair<std::string, ManifestInt> CrossEntropyBundle::scales() const {
  switch (reduction()) {
  case Reduction::Mean:
    return {"scale", ManifestInt(1)};
  case Reduction::Sum:
    return {"dloss", ManifestInt(1)};
  case Reduction::None:
    return {"dloss", tokens};
  }
  llvm_unreachable("unknown reduction");
}

std::vector<KernelEntry> CrossEntropyBundle::gradEntries() const {
  auto grad = cast<CELinearGradOp>(op);
  bool vd = layout() == WeightLayout::VD;
  bool hasStats = static_cast<bool>(grad.getStats());
  ManifestInt statsLength(kNumStatisticSlots);
  int64_t chunk = gemms.chunk;
  std::vector<KernelEntry> entries;

  if (hasStats) {
    KernelEntry entry = smallEntry(clearStats, "main", "1", 32);
    appendVector(entry.params, "stats", statsLength);
    entry.params.append(
        {ManifestInt(0).param(), ManifestInt(kNumStatisticSlots).param()});
    entries.push_back(std::move(entry));
  }
  if (!scale.empty())
    entries.push_back(scaleEntry());
  auto [scaleBuffer, scaleLength] = scales();
  MatrixView h = MatrixView::dense("h", tokens, hidden);
  MatrixView dh32 =
      MatrixView::dense(dhSummedApart() ? "dh_f32" : "dh", tokens, hidden);

  // The entries of each chunk's products, which the chunk after next waits
  // for before its logits overwrite their dZ buffer.
  SmallVector<SmallVector<int, 3>> products;
  for (int64_t c = 0; c < numChunks; ++c) {
    int64_t start = c * chunk, size = std::min(chunk, vocab - start);
    MatrixView dz = {"dz" + std::to_string(c % 2), tokens, ManifestInt(size),
                     ManifestInt(chunk), ManifestInt(0)};
    MatrixView wChunk = weight(start, size);

    SmallVector<std::string> epilogue;
    appendVector(epilogue, "labels", tokens);
    appendVector(epilogue, "lse", tokens);
    appendVector(epilogue, scaleBuffer, scaleLength);
    if (bias())
      appendVector(epilogue, "bias", ManifestInt(vocab));
    appendMatrix(epilogue, dz);
    epilogue.push_back(ManifestInt(start).param());
    if (hasStats)
      appendVector(epilogue, "stats", statsLength);
    KernelEntry logitsEntry =
        gemmEntry(logits, "main", gemms.logits, h, wChunk, epilogue, tokens,
                  ManifestInt(size), hidden);
    if (c >= 2)
      logitsEntry.after.assign(products[c - 2].begin(), products[c - 2].end());
    int logitsIndex = entries.size();
    entries.push_back(std::move(logitsEntry));
    SmallVector<int, 3> chunkProducts;

    // dh[N,D] (+)= dZ_c[N,c]·W_c, in chunk order.
    SmallVector<std::string> dhResult;
    appendMatrix(dhResult, dh32);
    KernelEntry dhEntry =
        gemmEntry(c == 0 ? dhFirst : dh, "dh", *gemms.dh, dz, wChunk, dhResult,
                  tokens, hidden, ManifestInt(size));
    dhEntry.after = {logitsIndex};
    chunkProducts.push_back(entries.size());
    entries.push_back(std::move(dhEntry));

    // dW_c = dZ_cᵀ·h ([c,D]) or dW_cᵀ = hᵀ·dZ_c ([D,c]), written once.
    SmallVector<std::string> dwResult;
    appendMatrix(dwResult, weightGradient(start, size));
    if (grad.getDwScale())
      appendVector(dwResult, "dw_scale", ManifestInt(1));
    if (hasStats)
      appendVector(dwResult, "stats", statsLength);
    KernelEntry dwEntry = vd ? gemmEntry(dw, "dw", *gemms.dw, dz, h, dwResult,
                                         ManifestInt(size), hidden, tokens)
                             : gemmEntry(dw, "dw", *gemms.dw, h, dz, dwResult,
                                         hidden, ManifestInt(size), tokens);
    dwEntry.after = {logitsIndex};
    chunkProducts.push_back(entries.size());
    entries.push_back(std::move(dwEntry));

    if (!db.empty()) {
      KernelEntry dbEntry =
          smallEntry(db, "db", ManifestInt(size).blocks(kRowKernelThreads),
                     kRowKernelThreads);
      appendMatrix(dbEntry.params, dz);
      appendVector(dbEntry.params, "db", ManifestInt(vocab));
      if (grad.getDwScale())
        appendVector(dbEntry.params, "dw_scale", ManifestInt(1));
      dbEntry.params.append({ManifestInt(start).param(), tokens.param(),
                             ManifestInt(size).param()});
      dbEntry.after = {logitsIndex};
      chunkProducts.push_back(entries.size());
      entries.push_back(std::move(dbEntry));
    }
    products.push_back(chunkProducts);
  }

  // ‖dh‖² of the f32 sum, before what it adds to: a grid of one block per
  // 8 tokens, each thread striding over the elements.
  if (hasStats) {
    KernelEntry entry =
        smallEntry(dhSquares, "dh", tokens.blocks(8), kSumOfSquaresThreads);
    appendMatrix(entry.params, dh32);
    appendVector(entry.params, "stats", statsLength);
    entry.params.append({tokens.param(), hidden.param()});
    entries.push_back(std::move(entry));
  }
  // dh rounded once to its type (adding what it accumulates into, which the
  // caller left in dh).
  if (!round.empty()) {
    KernelEntry entry =
        smallEntry(round, "dh", (tokens * hidden).blocks(kRowKernelThreads),
                   kRowKernelThreads);
    appendMatrix(entry.params, dh32);
    if (grad.getDhAcc())
      appendMatrix(entry.params, MatrixView::dense("dh", tokens, hidden));
    appendMatrix(entry.params, MatrixView::dense("dh", tokens, hidden));
    entry.params.append({tokens.param(), hidden.param()});
    entries.push_back(std::move(entry));
  }
  return entries;
}

std::vector<KernelEntry> CrossEntropyBundle::stepEntries() const {
  auto step = cast<CELinearStepOp>(op);
  bool vd = layout() == WeightLayout::VD;
  bool dwIsF32 = getElementTypeOrSelf(step.getDw().getType()).isF32();
  int64_t chunk = gemms.chunk;
  // A step has a static token count (whyNoCrossEntropyKernels).
  assert(tokens.isConstant() && "a step's token count is static");
  int64_t n = tokens.factor;
  int64_t partials = numPartialColumns(gemms.logits.tiles, vocab);
  ManifestInt padded(llvm::alignTo(vocab, kChunkColumnAlignment));
  std::vector<KernelEntry> entries;

  std::string scaleBuffer = "dloss";
  if (!scale.empty()) {
    entries.push_back(scaleEntry());
    scaleBuffer = "scale";
  }
  SmallVector<std::string> partialsParams =
      partialsDescriptor(ManifestInt(partials), ManifestInt(chunk));
  MatrixView w = vd ? MatrixView::dense("w", ManifestInt(vocab), hidden)
                    : MatrixView::dense("w", hidden, ManifestInt(vocab));
  MatrixView dw32 =
      MatrixView::dense(dwIsF32 ? "dw" : "dw_f32", w.rows, w.cols);

  SmallVector<SmallVector<int, 2>> products;
  for (int64_t c = 0; c < numChunks; ++c) {
    int64_t start = c * chunk, size = std::min(chunk, n - start);
    MatrixView z = {"z" + std::to_string(c % 2), ManifestInt(size),
                    ManifestInt(vocab), padded, ManifestInt(0)};
    MatrixView hChunk = {"h", ManifestInt(size), hidden, hidden,
                         hidden * ManifestInt(start)};
    SmallVector<std::string> epilogue;
    appendVector(epilogue, "labels", tokens);
    if (bias())
      appendVector(epilogue, "bias", ManifestInt(vocab));
    epilogue.append(partialsParams);
    appendMatrix(epilogue, z);
    epilogue.push_back(ManifestInt(start).param());
    KernelEntry logitsEntry =
        gemmEntry(logits, "main", gemms.logits, hChunk, w, epilogue,
                  ManifestInt(size), ManifestInt(vocab), hidden);
    if (c >= 2)
      logitsEntry.after.assign(products[c - 2].begin(), products[c - 2].end());
    entries.push_back(std::move(logitsEntry));

    KernelEntry rowEntry = smallEntry(
        rows, "main", ManifestInt(size).blocks(kRowKernelThreads / 32),
        kRowKernelThreads);
    appendVector(rowEntry.params, "labels", tokens);
    rowEntry.params.append(partialsParams);
    appendMatrix(rowEntry.params, z);
    appendVector(rowEntry.params, "lse", tokens);
    appendVector(rowEntry.params, "token_loss", tokens);
    appendVector(rowEntry.params, scaleBuffer, ManifestInt(1));
    rowEntry.params.append({ManifestInt(partials).param(),
                            ManifestInt(size).param(),
                            ManifestInt(start).param()});
    int rowIndex = entries.size();
    entries.push_back(std::move(rowEntry));

    // dh_c = dZ_c·W into the chunk's rows of dh, written once.
    SmallVector<std::string> dhResult;
    appendMatrix(dhResult, {"dh", ManifestInt(size), hidden, hidden,
                            hidden * ManifestInt(start)});
    KernelEntry dhEntry =
        gemmEntry(dh, "dh", *gemms.dh, z, w, dhResult, ManifestInt(size),
                  hidden, ManifestInt(vocab));
    dhEntry.after = {rowIndex};
    SmallVector<int, 2> chunkProducts = {int(entries.size())};
    entries.push_back(std::move(dhEntry));

    // dW += dZ_cᵀ·h_c, or dWᵀ += h_cᵀ·dZ_c, in f32, in chunk order.
    SmallVector<std::string> dwResult;
    appendMatrix(dwResult, dw32);
    const std::string &dwKernel = c == 0 ? dwFirst : dw;
    KernelEntry dwEntry =
        vd ? gemmEntry(dwKernel, "dw", *gemms.dw, z, hChunk, dwResult,
                       ManifestInt(vocab), hidden, ManifestInt(size))
           : gemmEntry(dwKernel, "dw", *gemms.dw, hChunk, z, dwResult, hidden,
                       ManifestInt(vocab), ManifestInt(size));
    dwEntry.after = {rowIndex};
    chunkProducts.push_back(entries.size());
    entries.push_back(std::move(dwEntry));
    products.push_back(chunkProducts);
  }

  KernelEntry reduceEntry = smallEntry(reduce, "main", "1", 32);
  appendVector(reduceEntry.params, "labels", tokens);
  appendVector(reduceEntry.params, "token_loss", tokens);
  appendVector(reduceEntry.params, "loss", ManifestInt(1));
  reduceEntry.params.push_back(tokens.param());
  entries.push_back(std::move(reduceEntry));

  // dW rounded once to its type (adding what it accumulates into, which the
  // caller left in dw).
  if (!round.empty()) {
    ManifestInt count = w.rows * w.cols;
    KernelEntry entry = smallEntry(round, "dw", count.blocks(kRowKernelThreads),
                                   kRowKernelThreads);
    appendMatrix(entry.params, dw32);
    MatrixView result = MatrixView::dense("dw", w.rows, w.cols);
    if (step.getDwAcc())
      appendMatrix(entry.params, result);
    appendMatrix(entry.params, result);
    entry.params.append({w.rows.param(), w.cols.param()});
    entries.push_back(std::move(entry));
  }
  return entries;
}

} // namespace

FailureOr<std::unique_ptr<OpBundle>>
mlir::lmhead::makeCrossEntropyBundle(Operation *op, std::string name) {
  auto plan = op->getAttrOfType<CrossEntropyPlanAttr>(kPlanAttrName);
  if (!plan) {
    op->emitWarning("not written to the bundle: no `lmhead.plan` (a "
                    "#lmhead.ce_plan); run --lmhead-plan first");
    return std::unique_ptr<OpBundle>();
  }
  if (std::string why = whyNoCrossEntropyKernels(op); !why.empty()) {
    op->emitWarning("not written to the bundle: ") << why;
    return std::unique_ptr<OpBundle>();
  }
  if (static_cast<bool>(plan.getDh()) == isa<CELinearFwdOp>(op)) {
    op->emitWarning("not written to the bundle: its plan is for ")
        << (plan.getDh() ? "a backward" : "a forward") << " op";
    return std::unique_ptr<OpBundle>();
  }
  FailureOr<CrossEntropyGemms> gemms = getCrossEntropyGemms(op, plan);
  if (failed(gemms))
    return failure();
  auto bundle = std::make_unique<CrossEntropyBundle>(op, plan, std::move(name),
                                                     std::move(*gemms));
  if (failed(bundle->readExtents()))
    return std::unique_ptr<OpBundle>();
  return std::unique_ptr<OpBundle>(std::move(bundle));
}
