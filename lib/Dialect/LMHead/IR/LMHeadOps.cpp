//===- LMHeadOps.cpp - verifiers of the lmhead ops ------------------------===//
//
// Every shape and type relation of the three ops is checked here, with
// messages that name the operand, the dimension and what was expected. Token
// counts and other dimensions may be dynamic: a relation is checked whenever
// both sides are static, and mismatching static sizes are always an error.
//
//===----------------------------------------------------------------------===//

#include "lmhead/Dialect/LMHead/IR/LMHeadOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>

using namespace mlir;
using namespace mlir::lmhead;

#include "lmhead/Dialect/LMHead/IR/LMHeadEnums.cpp.inc"
#include "lmhead/Dialect/LMHead/IR/LMHeadInterfaces.cpp.inc"

//===----------------------------------------------------------------------===//
// The result types of the gradient ops
//===----------------------------------------------------------------------===//

/// `dh, dw[, db][, stats S])` after the opening parenthesis, with `what`
/// (the whole list's form) in the error: the bias gradient, when there is
/// one, is a plain type, the statistics follow the keyword `stats`, so that
/// either may be present without the other.
static ParseResult parseGradientTypesAfterParen(OpAsmParser &parser,
                                                StringRef what, Type &dh,
                                                Type &dw, Type &db,
                                                Type &stats) {
  if (parser.parseType(dh))
    return failure();
  if (failed(parser.parseOptionalComma()))
    return parser.emitError(parser.getCurrentLocation(),
                            "expected the result types '")
           << what << "'";
  if (parser.parseType(dw))
    return failure();
  while (succeeded(parser.parseOptionalComma())) {
    if (stats)
      return parser.emitError(parser.getCurrentLocation(),
                              "nothing may follow the 'stats' result type");
    if (succeeded(parser.parseOptionalKeyword("stats"))) {
      if (parser.parseType(stats))
        return failure();
      continue;
    }
    if (db)
      return parser.emitError(parser.getCurrentLocation(),
                              "expected 'stats' and the statistics' type "
                              "after the bias gradient's type");
    if (parser.parseType(db))
      return failure();
  }
  return parser.parseRParen();
}

static void printGradientTypes(OpAsmPrinter &printer, Type dh, Type dw, Type db,
                               Type stats) {
  printer << dh << ", " << dw;
  if (db)
    printer << ", " << db;
  if (stats)
    printer << ", stats " << stats;
  printer << ")";
}

/// ce_linear_grad's `(dh, dw[, db][, stats S])`.
static ParseResult parseGradientResultTypes(OpAsmParser &parser, Type &dh,
                                            Type &dw, Type &db, Type &stats) {
  constexpr StringLiteral what = "(dh, dw[, db][, stats tensor<3xf32>])";
  if (failed(parser.parseOptionalLParen()))
    return parser.emitError(parser.getCurrentLocation(),
                            "expected the result types '")
           << what << "'";
  return parseGradientTypesAfterParen(parser, what, dh, dw, db, stats);
}

static void printGradientResultTypes(OpAsmPrinter &printer, Operation *,
                                     Type dh, Type dw, Type db, Type stats) {
  printer << "(";
  printGradientTypes(printer, dh, dw, db, stats);
}

/// ce_linear_step's `(loss, lse, dh, dw[, db][, stats S])`.
static ParseResult parseStepResultTypes(OpAsmParser &parser, Type &loss,
                                        Type &lse, Type &dh, Type &dw, Type &db,
                                        Type &stats) {
  constexpr StringLiteral what =
      "(loss, lse, dh, dw[, db][, stats tensor<3xf32>])";
  auto expected = [&]() {
    return parser.emitError(parser.getCurrentLocation(),
                            "expected the result types '")
           << what << "'";
  };
  if (failed(parser.parseOptionalLParen()))
    return expected();
  if (parser.parseType(loss))
    return failure();
  if (failed(parser.parseOptionalComma()))
    return expected();
  if (parser.parseType(lse))
    return failure();
  if (failed(parser.parseOptionalComma()))
    return expected();
  return parseGradientTypesAfterParen(parser, what, dh, dw, db, stats);
}

static void printStepResultTypes(OpAsmPrinter &printer, Operation *, Type loss,
                                 Type lse, Type dh, Type dw, Type db,
                                 Type stats) {
  printer << "(" << loss << ", " << lse << ", ";
  printGradientTypes(printer, dh, dw, db, stats);
}

#define GET_OP_CLASSES
#include "lmhead/Dialect/LMHead/IR/LMHeadOps.cpp.inc"

namespace {

/// One dimension of one named operand or result, for shape relations.
struct DimRef {
  StringRef name;
  Value value;
  unsigned index;

  int64_t size() const {
    return cast<RankedTensorType>(value.getType()).getDimSize(index);
  }
};

/// Checks shared by the three ops. Each method emits its own error.
class OpChecker {
public:
  explicit OpChecker(Operation *op) : op(op) {}

  /// `value` is a tensor of rank `rank` (the shape named by `shapeDoc`).
  LogicalResult rank(Value value, StringRef name, int64_t rank,
                     StringRef shapeDoc) {
    auto type = cast<RankedTensorType>(value.getType());
    if (type.getRank() == rank)
      return success();
    return op->emitOpError() << "'" << name << "' must be a rank-" << rank
                             << " tensor " << shapeDoc << ", got " << type;
  }

  /// `value` has element type f32, f16 or bf16.
  LogicalResult computeFloat(Value value, StringRef name) {
    Type elt = getElementTypeOrSelf(value.getType());
    if (elt.isF32() || elt.isF16() || elt.isBF16())
      return success();
    return op->emitOpError() << "'" << name
                             << "' must have element type f32, f16 or bf16, "
                                "got "
                             << elt;
  }

  /// `value` has element type f32.
  LogicalResult f32(Value value, StringRef name) {
    Type elt = getElementTypeOrSelf(value.getType());
    if (elt.isF32())
      return success();
    return op->emitOpError()
           << "'" << name << "' must have element type f32, got " << elt;
  }

  /// `value` and `other` have the same element type.
  LogicalResult sameElementType(Value value, StringRef name, Value other,
                                StringRef otherName) {
    Type a = getElementTypeOrSelf(value.getType());
    Type b = getElementTypeOrSelf(other.getType());
    if (a == b)
      return success();
    return op->emitOpError()
           << "'" << name << "' and '" << otherName
           << "' must share one element type, got " << a << " and " << b;
  }

  /// Every static size among `dims` is the same (the quantity `what`).
  LogicalResult sameSize(StringRef what, ArrayRef<DimRef> dims) {
    const DimRef *first = nullptr;
    for (const DimRef &dim : dims) {
      if (ShapedType::isDynamic(dim.size()))
        continue;
      if (!first) {
        first = &dim;
        continue;
      }
      if (dim.size() != first->size())
        return op->emitOpError()
               << what << " mismatch: '" << first->name << "' dim "
               << first->index << " is " << first->size() << " but '"
               << dim.name << "' dim " << dim.index << " is " << dim.size();
    }
    return success();
  }

  /// An accumulate-into operand has exactly the type of its result.
  LogicalResult accumulatorMatches(Value acc, StringRef accName, Value result,
                                   StringRef resultName) {
    if (!acc || acc.getType() == result.getType())
      return success();
    return op->emitOpError() << "'" << accName << "' must have the type of "
                             << "result '" << resultName << "' ("
                             << result.getType() << "), got " << acc.getType();
  }

  /// The accumulator type is f32 or the operands' own element type.
  LogicalResult accumulatorType(Type acc, Type operandElt) {
    if (acc.isF32() || acc == operandElt)
      return success();
    return op->emitOpError()
           << "acc_type must be f32 or the operand element type " << operandElt
           << ", got " << acc;
  }

  /// A floating-point attribute is finite.
  LogicalResult finite(StringRef name, double value) {
    if (std::isfinite(value))
      return success();
    return op->emitOpError()
           << name << " must be a finite number, got " << value;
  }

  /// A floating-point attribute is finite and not negative.
  LogicalResult finiteNonNegative(StringRef name, double value) {
    if (std::isfinite(value) && value >= 0.0)
      return success();
    return op->emitOpError()
           << name << " must be a finite number >= 0, got " << value;
  }

  /// No static vocabulary size among `dims` is 0: a softmax over no
  /// logits has no meaning.
  LogicalResult nonEmptyVocabulary(ArrayRef<DimRef> dims) {
    for (const DimRef &dim : dims)
      if (dim.size() == 0)
        return op->emitOpError()
               << "vocabulary size V ('" << dim.name << "' dim " << dim.index
               << ") must be at least 1";
    return success();
  }

private:
  Operation *op;
};

/// The weight's shape written out for messages.
StringRef weightShapeDoc(WeightLayout layout) {
  return layout == WeightLayout::VD ? "[V,D] (layout vd)" : "[D,V] (layout dv)";
}

Type accumulatorTypeOr(std::optional<Type> accType, MLIRContext *ctx) {
  return accType ? *accType : Float32Type::get(ctx);
}

/// Ranks and element types of the two GEMM operands, shared by all ops:
/// `h: [N,D]` and `w` in `layout`, both f32, f16 or bf16.
LogicalResult verifyHiddenAndWeight(OpChecker &check, Value h, Value w,
                                    WeightLayout layout) {
  if (failed(check.rank(h, "h", 2, "[N,D]")) ||
      failed(check.rank(w, "w", 2, weightShapeDoc(layout))) ||
      failed(check.computeFloat(h, "h")))
    return failure();
  return check.sameElementType(w, "w", h, "h");
}

/// Ranks and element types of `dh`, `dw` (and their accumulate-into
/// operands) and of an optional bias gradient `db`.
LogicalResult verifyGradients(OpChecker &check, WeightLayout layout, Value dh,
                              Value dw, Value db, Value dhAcc, Value dwAcc) {
  if (failed(check.rank(dh, "dh", 2, "[N,D]")) ||
      failed(check.rank(dw, "dw", 2, weightShapeDoc(layout))) ||
      failed(check.computeFloat(dh, "dh")) ||
      failed(check.computeFloat(dw, "dw")) ||
      failed(check.accumulatorMatches(dhAcc, "accumulate_dh", dh, "dh")) ||
      failed(check.accumulatorMatches(dwAcc, "accumulate_dw", dw, "dw")))
    return failure();
  if (!db)
    return success();
  if (failed(check.rank(db, "db", 1, "[V]")))
    return failure();
  return check.computeFloat(db, "db");
}

/// The optional gradient statistics: `tensor<3xf32>`.
LogicalResult verifyStatistics(Operation *op, Value stats) {
  if (!stats)
    return success();
  auto type = cast<RankedTensorType>(stats.getType());
  if (type.getRank() == 1 && type.getDimSize(0) == 3 &&
      type.getElementType().isF32())
    return success();
  return op->emitOpError()
         << "'stats' must be tensor<3xf32> ([‖dZ‖², ‖dh‖², ‖dW‖²]), got "
         << type;
}

/// The optional `stats` result and `dw_scale` operand of the cross-entropy
/// gradient ops (ce_linear_grad, ce_linear_step).
LogicalResult verifyStatisticsAndScale(Operation *op, OpChecker &check,
                                       Value stats, Value dwScale) {
  if (failed(verifyStatistics(op, stats)))
    return failure();
  if (!dwScale)
    return success();
  return success(succeeded(check.f32(dwScale, "dw_scale")) &&
                 succeeded(check.rank(dwScale, "dw_scale", 0, "(a scalar)")));
}

/// The dimensions of one op that stand for N, D and V. Each quantity is
/// checked in one call, so two static sizes are compared even when every
/// other operand has that dimension dynamic.
struct ShapeRelations {
  SmallVector<DimRef> tokens, hidden, vocab;

  /// Adds the GEMM operands `h` and `w`.
  void addOperands(Value h, Value w, WeightLayout layout) {
    tokens.push_back({"h", h, 0});
    hidden.append({{"h", h, 1}, {"w", w, hiddenDim(layout)}});
    vocab.push_back({"w", w, vocabDim(layout)});
  }

  /// Adds the gradients `dh`, `dw` and, when present, `db`.
  void addGradients(WeightLayout layout, Value dh, Value dw, Value db) {
    unsigned vDim = vocabDim(layout), dDim = hiddenDim(layout);
    if (dh) {
      tokens.push_back({"dh", dh, 0});
      hidden.push_back({"dh", dh, 1});
    }
    if (dw) {
      hidden.push_back({"dw", dw, dDim});
      vocab.push_back({"dw", dw, vDim});
    }
    if (db)
      vocab.push_back({"db", db, 0});
  }

  LogicalResult verify(OpChecker &check) {
    if (failed(check.sameSize("token count N", tokens)) ||
        failed(check.sameSize("hidden size D", hidden)))
      return failure();
    return check.sameSize("vocabulary size V", vocab);
  }
};

/// Checks of the options and the labels/bias shared by both
/// cross-entropy ops.
template <typename CEOp>
LogicalResult verifyCrossEntropy(CEOp op, OpChecker &check) {
  WeightLayout layout = op.getLayout();
  Value h = op.getH(), w = op.getW(), labels = op.getLabels();
  if (failed(verifyHiddenAndWeight(check, h, w, layout)) ||
      failed(check.rank(labels, "labels", 1, "[N]")))
    return failure();

  auto labelType = dyn_cast<IntegerType>(getElementTypeOrSelf(labels));
  if (!labelType || !labelType.isSignless() ||
      (labelType.getWidth() != 32 && labelType.getWidth() != 64))
    return op.emitOpError() << "'labels' must have element type i32 or i64, "
                               "got "
                            << getElementTypeOrSelf(labels);
  int64_t ignore = op.getIgnoreIndex();
  if (labelType.getWidth() == 32 && (ignore < INT32_MIN || ignore > INT32_MAX))
    return op.emitOpError()
           << "ignore_index " << ignore << " does not fit the i32 labels";

  if (Value bias = op.getBias()) {
    if (failed(check.rank(bias, "bias", 1, "[V]")) ||
        failed(check.sameElementType(bias, "bias", h, "h")))
      return failure();
  }

  double smoothing = op.getLabelSmoothing().convertToDouble();
  if (!(smoothing >= 0.0 && smoothing < 1.0))
    return op.emitOpError()
           << "label_smoothing must be in [0, 1), got " << smoothing;
  if (failed(check.finiteNonNegative("logit_softcap",
                                     op.getLogitSoftcap().convertToDouble())) ||
      failed(check.finiteNonNegative("z_loss_weight",
                                     op.getZLossWeight().convertToDouble())))
    return failure();
  return check.accumulatorType(op.getAccumulatorType(),
                               getElementTypeOrSelf(h));
}

/// The dimensions of the cross-entropy operands beyond the GEMM: labels
/// (and lse, bias) per token or per vocabulary entry.
template <typename CEOp> ShapeRelations crossEntropyRelations(CEOp op) {
  ShapeRelations relations;
  relations.addOperands(op.getH(), op.getW(), op.getLayout());
  relations.tokens.push_back({"labels", op.getLabels(), 0});
  if (Value bias = op.getBias())
    relations.vocab.push_back({"bias", bias, 0});
  return relations;
}

/// Checks a loss-shaped f32 value: rank 0 for mean/sum, rank 1 with one
/// entry per token for none (then added to the token relation).
LogicalResult verifyLossShaped(OpChecker &check, Value value, StringRef name,
                               Reduction reduction, ShapeRelations &relations) {
  if (failed(check.f32(value, name)))
    return failure();
  if (reduction != Reduction::None)
    return check.rank(value, name, 0, "(a scalar for reduction mean or sum)");
  if (failed(check.rank(value, name, 1, "[N] (reduction none)")))
    return failure();
  relations.tokens.push_back({name, value, 0});
  return success();
}

/// The checks of ce_linear_grad's and ce_linear_step's gradients: a db
/// needs a bias, the types and ranks of dh, dW, db and what they add to,
/// then every size relation (with `relations` holding the op's others).
template <typename CEOp>
LogicalResult verifyGradientResults(CEOp op, OpChecker &check,
                                    ShapeRelations &relations) {
  if (op.getDb() && !op.getBias())
    return op.emitOpError() << "a bias gradient result needs a 'bias' operand "
                               "(the logits have no bias to differentiate)";
  if (failed(verifyGradients(check, op.getLayout(), op.getDh(), op.getDw(),
                             op.getDb(), op.getDhAcc(), op.getDwAcc())))
    return failure();
  relations.addGradients(op.getLayout(), op.getDh(), op.getDw(), op.getDb());
  if (failed(relations.verify(check)))
    return failure();
  return check.nonEmptyVocabulary(relations.vocab);
}

} // namespace

//===----------------------------------------------------------------------===//
// LinearGradOp
//===----------------------------------------------------------------------===//

Type LinearGradOp::getAccumulatorType() {
  return accumulatorTypeOr(getAccType(), getContext());
}

LogicalResult LinearGradOp::verify() {
  OpChecker check(*this);
  WeightLayout layout = getLayout();
  Value dz = getDz(), h = getH(), w = getW();
  if (failed(check.rank(dz, "dz", 2, "[N,V]")) ||
      failed(check.computeFloat(dz, "dz")) ||
      failed(verifyHiddenAndWeight(check, h, w, layout)) ||
      failed(check.sameElementType(h, "h", dz, "dz")))
    return failure();
  if (failed(verifyGradients(check, layout, getDh(), getDw(), getDb(),
                             getDhAcc(), getDwAcc())) ||
      failed(verifyStatistics(*this, getStats())))
    return failure();
  ShapeRelations relations;
  relations.tokens.push_back({"dz", dz, 0});
  relations.vocab.push_back({"dz", dz, 1});
  relations.addOperands(h, w, layout);
  relations.addGradients(layout, getDh(), getDw(), getDb());
  if (failed(relations.verify(check)) ||
      failed(check.finite("scale", getScale().convertToDouble())))
    return failure();
  return check.accumulatorType(getAccumulatorType(), getElementTypeOrSelf(dz));
}

//===----------------------------------------------------------------------===//
// CELinearFwdOp
//===----------------------------------------------------------------------===//

Type CELinearFwdOp::getAccumulatorType() {
  return accumulatorTypeOr(getAccType(), getContext());
}

LogicalResult CELinearFwdOp::verify() {
  OpChecker check(*this);
  ShapeRelations relations = crossEntropyRelations(*this);
  if (failed(verifyCrossEntropy(*this, check)) ||
      failed(verifyLossShaped(check, getLoss(), "loss", getReduction(),
                              relations)) ||
      failed(check.f32(getLse(), "lse")) ||
      failed(check.rank(getLse(), "lse", 1, "[N]")))
    return failure();
  relations.tokens.push_back({"lse", getLse(), 0});
  if (failed(relations.verify(check)))
    return failure();
  return check.nonEmptyVocabulary(relations.vocab);
}

//===----------------------------------------------------------------------===//
// CELinearGradOp
//===----------------------------------------------------------------------===//

Type CELinearGradOp::getAccumulatorType() {
  return accumulatorTypeOr(getAccType(), getContext());
}

LogicalResult CELinearGradOp::verify() {
  OpChecker check(*this);
  Value lse = getLse();
  ShapeRelations relations = crossEntropyRelations(*this);
  if (failed(verifyCrossEntropy(*this, check)) ||
      failed(check.f32(lse, "lse")) ||
      failed(check.rank(lse, "lse", 1, "[N]")) ||
      failed(verifyLossShaped(check, getDloss(), "dloss", getReduction(),
                              relations)))
    return failure();
  relations.tokens.push_back({"lse", lse, 0});
  if (failed(verifyStatisticsAndScale(*this, check, getStats(), getDwScale())))
    return failure();
  return verifyGradientResults(*this, check, relations);
}

//===----------------------------------------------------------------------===//
// CELinearStepOp
//===----------------------------------------------------------------------===//

Type CELinearStepOp::getAccumulatorType() {
  return accumulatorTypeOr(getAccType(), getContext());
}

LogicalResult CELinearStepOp::verify() {
  OpChecker check(*this);
  if (getReduction() == Reduction::None ||
      getGradientReduction() == Reduction::None)
    return emitOpError() << "takes reduction and grad_reduction mean or sum (a "
                            "scalar loss whose gradient is known before the "
                            "forward); for reduction none use ce_linear_fwd "
                            "and ce_linear_grad";
  ShapeRelations relations = crossEntropyRelations(*this);
  if (failed(verifyCrossEntropy(*this, check)) ||
      failed(verifyLossShaped(check, getLoss(), "loss", getReduction(),
                              relations)) ||
      failed(check.f32(getLse(), "lse")) ||
      failed(check.rank(getLse(), "lse", 1, "[N]")) ||
      failed(verifyLossShaped(check, getDloss(), "dloss", getReduction(),
                              relations)))
    return failure();
  relations.tokens.push_back({"lse", getLse(), 0});
  if (failed(verifyStatisticsAndScale(*this, check, getStats(), getDwScale())))
    return failure();
  return verifyGradientResults(*this, check, relations);
}

//===----------------------------------------------------------------------===//
// Forming and splitting a step
//===----------------------------------------------------------------------===//

bool mlir::lmhead::formOneStep(CELinearFwdOp fwd, CELinearGradOp grad,
                               std::string *why) {
  auto fail = [&](const Twine &reason) {
    if (why)
      *why = reason.str();
    return false;
  };
  if (grad.getLse() != fwd.getLse())
    return fail("the backward does not read this forward's lse");
  if (grad.getH() != fwd.getH() || grad.getW() != fwd.getW() ||
      grad.getLabels() != fwd.getLabels() || grad.getBias() != fwd.getBias())
    return fail("the backward reads other h, W, labels or bias than the "
                "forward");
  if (grad.getLayout() != fwd.getLayout() ||
      grad.getIgnoreIndex() != fwd.getIgnoreIndex() ||
      grad.getLabelSmoothing() != fwd.getLabelSmoothing() ||
      grad.getLogitSoftcap() != fwd.getLogitSoftcap() ||
      grad.getZLossWeight() != fwd.getZLossWeight() ||
      grad.getAccumulatorType() != fwd.getAccumulatorType())
    return fail("the backward's options differ from the forward's");
  if (fwd.getReduction() == Reduction::None ||
      grad.getReduction() == Reduction::None)
    return fail("reduction none gives a per-token loss or loss gradient, "
                "which the one-pass step does not take");
  return true;
}

CELinearStepOp mlir::lmhead::fuseIntoStep(RewriterBase &rewriter,
                                          CELinearFwdOp fwd,
                                          CELinearGradOp grad) {
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(fwd);
  SmallVector<Type> types = {fwd.getLoss().getType(), fwd.getLse().getType(),
                             grad.getDh().getType(), grad.getDw().getType()};
  Type db = grad.getDb() ? grad.getDb().getType() : Type();
  Type stats = grad.getStats() ? grad.getStats().getType() : Type();
  auto step = CELinearStepOp::create(
      rewriter,
      FusedLoc::get(rewriter.getContext(), {fwd.getLoc(), grad.getLoc()}),
      types[0], types[1], types[2], types[3], db, stats, fwd.getH(), fwd.getW(),
      fwd.getLabels(), grad.getDloss(), fwd.getBias(), grad.getDhAcc(),
      grad.getDwAcc(), grad.getDwScale(),
      grad.getReduction() == fwd.getReduction() ? ReductionAttr()
                                                : grad.getReductionAttr(),
      fwd.getLayoutAttr(), fwd.getReductionAttr(), fwd.getIgnoreIndexAttr(),
      fwd.getLabelSmoothingAttr(), fwd.getLogitSoftcapAttr(),
      fwd.getZLossWeightAttr(), fwd.getAccTypeAttr());
  SmallVector<Value> gradResults = {step.getDh(), step.getDw()};
  if (grad.getDb())
    gradResults.push_back(step.getDb());
  if (grad.getStats())
    gradResults.push_back(step.getStats());
  rewriter.replaceOp(grad, gradResults);
  rewriter.replaceOp(fwd, {step.getLoss(), step.getLse()});
  return step;
}

std::pair<CELinearFwdOp, CELinearGradOp>
mlir::lmhead::splitStep(RewriterBase &rewriter, CELinearStepOp step) {
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(step);
  // A step fused from two ops gives each its own location back.
  Location fwdLoc = step.getLoc(), gradLoc = step.getLoc();
  if (auto fused = dyn_cast<FusedLoc>(step.getLoc());
      fused && fused.getLocations().size() == 2) {
    fwdLoc = fused.getLocations()[0];
    gradLoc = fused.getLocations()[1];
  }
  auto fwd = CELinearFwdOp::create(
      rewriter, fwdLoc, step.getLoss().getType(), step.getLse().getType(),
      step.getH(), step.getW(), step.getLabels(), step.getBias(),
      step.getLayoutAttr(), step.getReductionAttr(), step.getIgnoreIndexAttr(),
      step.getLabelSmoothingAttr(), step.getLogitSoftcapAttr(),
      step.getZLossWeightAttr(), step.getAccTypeAttr());
  Type db = step.getDb() ? step.getDb().getType() : Type();
  Type stats = step.getStats() ? step.getStats().getType() : Type();
  auto grad = CELinearGradOp::create(
      rewriter, gradLoc, step.getDh().getType(), step.getDw().getType(), db,
      stats, step.getH(), step.getW(), step.getLabels(), fwd.getLse(),
      step.getDloss(), step.getBias(), step.getDhAcc(), step.getDwAcc(),
      step.getDwScale(), step.getLayoutAttr(),
      // The backward takes the step's grad_reduction: a mean loss written as
      // sum / count has its gradient summed, with dloss = 1 / count.
      ReductionAttr::get(rewriter.getContext(), step.getGradientReduction()),
      step.getIgnoreIndexAttr(), step.getLabelSmoothingAttr(),
      step.getLogitSoftcapAttr(), step.getZLossWeightAttr(),
      step.getAccTypeAttr());
  SmallVector<Value> results = {fwd.getLoss(), fwd.getLse(), grad.getDh(),
                                grad.getDw()};
  if (step.getDb())
    results.push_back(grad.getDb());
  if (step.getStats())
    results.push_back(grad.getStats());
  rewriter.replaceOp(step, results);
  return {fwd, grad};
}
