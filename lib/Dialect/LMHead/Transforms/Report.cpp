//===- Report.cpp - --lmhead-report: what each lmhead op costs ------------===//
//
// Reads every lmhead op of the module (after --lmhead-recognize, and
// --lmhead-plan for the plans) and reports, per op, its shape and element
// types, the flops of its schedule, the least bytes it moves, its roofline
// on each GPU of the table, its plan and predicted time, and the N×V tensors
// it saves against the unfused graph; per function, the head's share of the
// backward's flops against the rule of thumb that fusing pays above 10 %.
// As a text table or JSON, to stderr or a file, and optionally an SVG
// roofline plot (ReportPlot.cpp). The IR is left as it is.
//
//===----------------------------------------------------------------------===//

#include "ReportFigures.h"

#include "lmhead/Dialect/LMHead/IR/LMHeadOps.h"
#include "lmhead/Dialect/LMHead/Transforms/Passes.h"
#include "lmhead/Planning/CostModel.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/ToolOutputFile.h"

namespace mlir {
namespace lmhead {
#define GEN_PASS_DEF_LMHEADREPORT
#include "lmhead/Dialect/LMHead/Transforms/Passes.h.inc"
} // namespace lmhead
} // namespace mlir

using namespace mlir;
using namespace mlir::lmhead;

namespace {

/// The first source document's rule of thumb: fuse the head when its
/// gradient is more than this share of the backward.
constexpr double kWorthFusingShare = 0.10;

std::string locationText(Location loc) {
  if (auto fileLoc = dyn_cast<FileLineColLoc>(loc))
    return llvm::formatv("{0}:{1}:{2}", fileLoc.getFilename().getValue(),
                         fileLoc.getLine(), fileLoc.getColumn())
        .str();
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location inner : fused.getLocations())
      if (std::string text = locationText(inner); !text.empty())
        return text;
  if (auto named = dyn_cast<NameLoc>(loc))
    return locationText(named.getChildLoc());
  if (auto callSite = dyn_cast<CallSiteLoc>(loc))
    return locationText(callSite.getCallee());
  return "";
}

std::string typeText(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

/// Reads the shapes and types of one lmhead op into `figures`.
class OpReader {
public:
  explicit OpReader(OpFigures &figures) : figures(figures) {}

  /// Records tensor `value` as the op's `name`.
  void tensor(StringRef name, Value value) {
    if (!value)
      return;
    auto type = cast<RankedTensorType>(value.getType());
    figures.elementTypes.emplace_back(name.str(),
                                      typeText(type.getElementType()));
    double elements = 1;
    for (int64_t size : type.getShape())
      elements *=
          ShapedType::isDynamic(size) ? double(figures.tokens) : double(size);
    figures.minBytes += elements * double(type.getElementTypeBitWidth()) / 8.0;
  }

  /// N, D and V from h [N, D] and W ([V, D], or [D, V] for `dv`).
  void shape(Value h, Value w, bool vd) {
    auto hType = cast<RankedTensorType>(h.getType());
    auto wType = cast<RankedTensorType>(w.getType());
    int64_t tokens = hType.getDimSize(0);
    figures.tokensAssumed = ShapedType::isDynamic(tokens);
    figures.tokens = figures.tokensAssumed ? kPlannedTokensForDynamicN : tokens;
    figures.hidden = hType.getDimSize(1);
    figures.vocab = wType.getDimSize(vd ? 0 : 1);
    operandBytes = double(hType.getElementTypeBitWidth()) / 8.0;
  }

  /// One GEMM of the N×D×V problem: 2·N·D·V flops.
  double gemm() const {
    return 2.0 * double(figures.tokens) * double(figures.hidden) *
           double(figures.vocab);
  }

  /// The bytes of one N×V tensor of `bytes`-byte elements.
  double logitsTensor(double bytes) const {
    return double(figures.tokens) * double(figures.vocab) * bytes;
  }

  double operandBytes = 2;

private:
  OpFigures &figures;
};

/// A tensor of an op, by its name in the op's definition.
using NamedTensor = std::pair<StringRef, Value>;

/// What an op's schedule does: GEMMs of 2·N·D·V flops in all and in its
/// backward part, and which N×V tensors of the unfused graph it never
/// makes.
struct Schedule {
  int gemms = 0;
  int backwardGemms = 0;
  /// The unfused forward's logits (operand type) and their f32
  /// log-softmax, kept for the backward.
  bool removesForwardLogits = false;
  /// The unfused backward's f32 log-softmax gradient and dZ (operand
  /// type).
  bool removesBackwardLogits = false;
};

/// Fills `f` from the op's h and W, its named tensors and its schedule.
void readOp(Value h, Value w, WeightLayout layout,
            ArrayRef<NamedTensor> tensors, const Schedule &schedule,
            OpFigures &f) {
  OpReader read(f);
  read.shape(h, w, layout == WeightLayout::VD);
  for (const auto &[name, value] : tensors)
    read.tensor(name, value);
  f.flops = schedule.gemms * read.gemm();
  f.backwardFlops = schedule.backwardGemms * read.gemm();
  double logits = read.logitsTensor(read.operandBytes) + read.logitsTensor(4);
  f.memorySavedBytes = (schedule.removesForwardLogits ? logits : 0) +
                       (schedule.removesBackwardLogits ? logits : 0);
}

/// The tensors every cross-entropy op reads, then `more`.
SmallVector<NamedTensor> crossEntropyTensors(CrossEntropyOp op,
                                             ArrayRef<NamedTensor> more) {
  SmallVector<NamedTensor> tensors = {{"h", op.getH()},
                                      {"w", op.getW()},
                                      {"labels", op.getLabels()},
                                      {"bias", op.getBias()}};
  tensors.append(more.begin(), more.end());
  return tensors;
}

void readLinearGrad(LinearGradOp op, OpFigures &f) {
  // dh = dZ·W and dW = dZᵀ·h; dZ is an input, so nothing N×V is saved.
  readOp(op.getH(), op.getW(), op.getLayout(),
         {{"dz", op.getDz()},
          {"h", op.getH()},
          {"w", op.getW()},
          {"dh_acc", op.getDhAcc()},
          {"dw_acc", op.getDwAcc()},
          {"dh", op.getDh()},
          {"dw", op.getDw()},
          {"db", op.getDb()},
          {"stats", op.getStats()}},
         Schedule{2, 2, false, false}, f);
}

void readCrossEntropyFwd(CELinearFwdOp op, OpFigures &f) {
  // The logits, their statistics in the GEMM's epilogue.
  readOp(
      op.getH(), op.getW(), op.getLayout(),
      crossEntropyTensors(op, {{"loss", op.getLoss()}, {"lse", op.getLse()}}),
      Schedule{1, 0, true, false}, f);
}

void readCrossEntropyGrad(CELinearGradOp op, OpFigures &f) {
  // The logits again per vocabulary chunk, then dh and dW.
  readOp(op.getH(), op.getW(), op.getLayout(),
         crossEntropyTensors(op, {{"lse", op.getLse()},
                                  {"dloss", op.getDloss()},
                                  {"dh_acc", op.getDhAcc()},
                                  {"dw_acc", op.getDwAcc()},
                                  {"dw_scale", op.getDwScale()},
                                  {"dh", op.getDh()},
                                  {"dw", op.getDw()},
                                  {"db", op.getDb()},
                                  {"stats", op.getStats()}}),
         Schedule{3, 2, false, true}, f);
}

void readCrossEntropyStep(CELinearStepOp op, OpFigures &f) {
  // The logits once, then dh and dW.
  readOp(op.getH(), op.getW(), op.getLayout(),
         crossEntropyTensors(op, {{"dloss", op.getDloss()},
                                  {"dh_acc", op.getDhAcc()},
                                  {"dw_acc", op.getDwAcc()},
                                  {"dw_scale", op.getDwScale()},
                                  {"loss", op.getLoss()},
                                  {"lse", op.getLse()},
                                  {"dh", op.getDh()},
                                  {"dw", op.getDw()},
                                  {"db", op.getDb()},
                                  {"stats", op.getStats()}}),
         Schedule{3, 2, true, true}, f);
}

/// The plan attached to `op`, its target and its predicted time.
void readPlan(Operation *op, OpFigures &f) {
  Attribute plan = op->getAttr(LMHeadDialect::getPlanAttrName());
  if (!plan)
    return;
  std::string text;
  llvm::raw_string_ostream os(text);
  os << plan;
  f.plan = text;
  if (auto kernels = dyn_cast<KernelPlanAttr>(plan)) {
    f.predictedMicros = kernels.getDhMicros().getValueAsDouble() +
                        kernels.getDwMicros().getValueAsDouble();
    f.planTarget = kernels.getTarget();
  } else if (auto ce = dyn_cast<CrossEntropyPlanAttr>(plan)) {
    f.predictedMicros = ce.getMicros().getValueAsDouble();
    f.planTarget = ce.getTarget();
  }
}

/// The figures of lmhead op `op`, or nothing for another op.
std::optional<OpFigures> figuresOf(Operation *op) {
  OpFigures f;
  bool known = llvm::TypeSwitch<Operation *, bool>(op)
                   .Case([&](LinearGradOp o) {
                     readLinearGrad(o, f);
                     return true;
                   })
                   .Case([&](CELinearFwdOp o) {
                     readCrossEntropyFwd(o, f);
                     return true;
                   })
                   .Case([&](CELinearGradOp o) {
                     readCrossEntropyGrad(o, f);
                     return true;
                   })
                   .Case([&](CELinearStepOp o) {
                     readCrossEntropyStep(o, f);
                     return true;
                   })
                   .Default([](Operation *) { return false; });
  if (!known)
    return std::nullopt;
  f.op = op->getName().stripDialect().str();
  f.isHead = !isa<LinearGradOp>(op);
  f.location = locationText(op->getLoc());
  for (const GpuChip &chip : knownGpuChips())
    f.roofline.emplace_back(chip.name.str(),
                            rooflineBound(chip, f.flops, f.minBytes));
  readPlan(op, f);
  return f;
}

/// 2·(product of the loop ranges) of a contraction with static ranges.
std::optional<double> contractionFlops(linalg::LinalgOp op) {
  if (!linalg::isaContractionOpInterface(op))
    return std::nullopt;
  double product = 2;
  for (int64_t range : op.getStaticLoopRanges()) {
    if (ShapedType::isDynamic(range))
      return std::nullopt;
    product *= double(range);
  }
  return product;
}

std::string boundText(const RooflineBound &bound) {
  return bound.computeBound ? "compute" : "memory";
}

void writeJson(ArrayRef<OpFigures> ops, ArrayRef<BackwardShare> shares,
               raw_ostream &os) {
  llvm::json::OStream json(os, 2);
  json.object([&] {
    json.attributeArray("ops", [&] {
      for (const OpFigures &f : ops)
        json.object([&] {
          json.attribute("op", f.op);
          json.attribute("location", f.location);
          json.attribute("tokens", f.tokens);
          json.attribute("tokens_assumed", f.tokensAssumed);
          json.attribute("hidden", f.hidden);
          json.attribute("vocab", f.vocab);
          json.attributeObject("element_types", [&] {
            for (const auto &[name, type] : f.elementTypes)
              json.attribute(name, type);
          });
          json.attribute("flops", f.flops);
          json.attribute("min_bytes", f.minBytes);
          json.attribute("intensity", f.intensity());
          json.attributeObject("roofline", [&] {
            for (const auto &entry : f.roofline) {
              const RooflineBound &bound = entry.second;
              json.attributeObject(entry.first, [&] {
                json.attribute("peak_flops", bound.peakFlops);
                json.attribute("peak_bytes_per_s", bound.peakBytesPerSecond);
                json.attribute("us", bound.micros);
                json.attribute("bound", boundText(bound));
              });
            }
          });
          if (f.plan)
            json.attribute("plan", *f.plan);
          else
            json.attribute("plan", nullptr);
          if (f.predictedMicros)
            json.attribute("predicted_us", *f.predictedMicros);
          else
            json.attribute("predicted_us", nullptr);
          if (f.planTarget)
            json.attribute("plan_target", stringifyGpuTarget(*f.planTarget));
          json.attribute("memory_saved_bytes", f.memorySavedBytes);
        });
    });
    json.attributeArray("steps", [&] {
      for (const BackwardShare &share : shares)
        json.object([&] {
          json.attribute("function", share.function);
          json.attribute("head_backward_flops", share.headFlops);
          json.attribute("linear_grad_flops", share.otherBackwardFlops);
          json.attribute("other_flops", share.otherFlops);
          json.attribute("backward_flops", share.backwardFlops());
          json.attribute("backward_share", share.share());
          json.attribute("worth_fusing", share.share() > kWorthFusingShare);
          json.attribute(
              "rule_of_thumb",
              "fuse the head when its gradient is more than 10% of the "
              "backward's flops; the other linear_grad ops count as "
              "backward, the other contractions as 2/3 backward (a linear "
              "layer's backward is two of its three GEMMs)");
        });
    });
  });
  os << "\n";
}

void writeText(ArrayRef<OpFigures> ops, ArrayRef<BackwardShare> shares,
               raw_ostream &os) {
  os << "lmhead report: " << ops.size() << " op" << (ops.size() == 1 ? "" : "s")
     << "\n";
  os << llvm::formatv("{0,-15} {1,-22} {2,-6} {3,9} {4,9} {5,7}", "op",
                      "N x D x V", "type", "flops", "min bytes", "flop/B");
  for (const GpuChip &chip : knownGpuChips())
    os << llvm::formatv(" {0,14}", (chip.name + " us").str());
  os << llvm::formatv(" {0,14} {1,10}  {2}\n", "planned us", "saved MiB",
                      "location");
  for (const OpFigures &f : ops) {
    std::string shape =
        llvm::formatv("{0}{1} x {2} x {3}", f.tokens,
                      f.tokensAssumed ? "?" : "", f.hidden, f.vocab);
    std::string types = f.elementTypes.empty() ? std::string("-")
                                               : f.elementTypes.front().second;
    os << llvm::formatv("{0,-15} {1,-22} {2,-6} {3,9:e2} {4,9:e2} {5,7:f1}",
                        f.op, shape, types, f.flops, f.minBytes, f.intensity());
    for (const auto &entry : f.roofline)
      os << llvm::formatv(
          " {0,14}", llvm::formatv("{0:f2} {1}", entry.second.micros,
                                   entry.second.computeBound ? "(C)" : "(M)")
                         .str());
    os << llvm::formatv(" {0,14} {1,10:f2}  {2}\n",
                        f.predictedMicros
                            ? llvm::formatv("{0:f1} {1}", *f.predictedMicros,
                                            stringifyGpuTarget(*f.planTarget))
                                  .str()
                            : std::string("-"),
                        f.memorySavedBytes / double(1 << 20), f.location);
  }
  os << "(C) compute bound, (M) memory bound, at each GPU's data-sheet peaks; "
        "N? is a dynamic token count, planned as "
     << kPlannedTokensForDynamicN << "\n";
  for (const BackwardShare &share : shares)
    os << llvm::formatv(
        "@{0}: the head's dh and dW are {1:f1}% of the backward's flops "
        "({2:e2} of {3:e2}; the other contractions counted as 2/3 "
        "backward): {4} the 10% at which fusing the head pays\n",
        share.function, 100 * share.share(), share.headFlops,
        share.backwardFlops(),
        share.share() > kWorthFusingShare ? "above" : "below");
}

struct ReportPass : mlir::lmhead::impl::LMHeadReportBase<ReportPass> {
  using LMHeadReportBase::LMHeadReportBase;

  void runOnOperation() override {
    if (format != "text" && format != "json") {
      emitError(getOperation()->getLoc())
          << "lmhead-report: format must be text or json, got '" << format
          << "'";
      return signalPassFailure();
    }
    std::vector<OpFigures> ops;
    std::vector<BackwardShare> shares;
    getOperation()->walk([&](FunctionOpInterface function) {
      BackwardShare share;
      share.function = function.getName().str();
      bool hasHead = false;
      function.walk([&](Operation *op) {
        if (std::optional<OpFigures> f = figuresOf(op)) {
          (f->isHead ? share.headFlops : share.otherBackwardFlops) +=
              f->backwardFlops;
          hasHead |= f->isHead;
          ops.push_back(std::move(*f));
        } else if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
          if (std::optional<double> flops = contractionFlops(linalgOp))
            share.otherFlops += *flops;
        }
      });
      if (hasHead && share.headFlops > 0)
        shares.push_back(share);
    });

    std::string error;
    std::unique_ptr<llvm::ToolOutputFile> file;
    raw_ostream *os = &llvm::errs();
    if (output != "-") {
      file = openOutputFile(output, &error);
      if (!file) {
        emitError(getOperation()->getLoc())
            << "lmhead-report: cannot write output=" << output << ": " << error;
        return signalPassFailure();
      }
      os = &file->os();
    }
    if (format == "json")
      writeJson(ops, shares, *os);
    else
      writeText(ops, shares, *os);
    if (file)
      file->keep();

    if (!plot.empty()) {
      std::unique_ptr<llvm::ToolOutputFile> svg = openOutputFile(plot, &error);
      if (!svg) {
        emitError(getOperation()->getLoc())
            << "lmhead-report: cannot write plot=" << plot << ": " << error;
        return signalPassFailure();
      }
      writeRooflinePlot(ops, svg->os());
      svg->keep();
    }
    markAllAnalysesPreserved();
  }
};

} // namespace
