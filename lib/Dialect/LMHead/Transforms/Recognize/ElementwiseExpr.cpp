//===- ElementwiseExpr.cpp - scalar view of elementwise linalg chains -----===//
//
// A linalg.generic is read as elementwise when all its loops are parallel
// (or reductions of extent 1) and appear in the output's indexing map
// (possibly besides constant-0 unit dimensions), and its body does not read
// the output (except through such a unit reduction). Its inputs are then
// re-expressed in the outer loops through their indexing maps, which makes
// broadcasts ((n, v) -> (n)) and unit dimensions ((n, v) -> (n, 0)) plain
// loop mappings. tensor.expand_shape/collapse_shape that only add or drop
// unit dimensions are looked through the same way, and so are
// tensor.extract reads in a body whose indices are the generic's own loops.
// Scatter loops that write one element per row are read in RowScatter.cpp.
//
//===----------------------------------------------------------------------===//

#include "ElementwiseExpr.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>

using namespace mlir;
using namespace mlir::lmhead;

namespace {

/// Beyond this many new nodes in one outermost build() a chain is not a
/// cross-entropy worth reading; it is cut into leaves instead.
constexpr size_t kMaxNodes = 4096;

/// Maps the dimensions of a reshape's result to those of its source when the
/// reshape only adds or removes unit dimensions; nothing otherwise.
std::optional<SmallVector<int64_t, 2>>
unitReshapeSourceLoops(ArrayRef<ReassociationIndices> groups,
                       ArrayRef<int64_t> expandedShape,
                       ArrayRef<int64_t> collapsedLoops, bool toExpanded,
                       ArrayRef<int64_t> expandedLoops) {
  SmallVector<int64_t, 2> result;
  if (toExpanded) {
    // Source is the expanded tensor: each group gets the collapsed dim's
    // loop on its one non-unit dimension.
    result.assign(expandedShape.size(), -1);
    for (auto [index, group] : llvm::enumerate(groups)) {
      int nonUnit = -1;
      for (int64_t dim : group)
        if (expandedShape[dim] != 1) {
          if (nonUnit != -1)
            return std::nullopt;
          nonUnit = dim;
        }
      if (nonUnit == -1) {
        if (collapsedLoops[index] != -1 && group.size() != 1)
          return std::nullopt;
        nonUnit = group.front();
      }
      result[nonUnit] = collapsedLoops[index];
    }
    return result;
  }
  // Source is the collapsed tensor: each group must hold at most one
  // non-unit dimension, whose loop the collapsed dimension takes.
  for (const ReassociationIndices &group : groups) {
    int64_t loop = -1;
    int nonUnit = 0;
    for (int64_t dim : group)
      if (expandedShape[dim] != 1) {
        ++nonUnit;
        loop = expandedLoops[dim];
      }
    if (nonUnit > 1)
      return std::nullopt;
    if (nonUnit == 0)
      loop = group.size() == 1 ? expandedLoops[group.front()] : -1;
    result.push_back(loop);
  }
  return result;
}

} // namespace

const Expr *ElementwiseExprBuilder::make(Expr expr) {
  if (nodes.size() - budgetStart >= kMaxNodes)
    return nullptr;
  nodes.push_back(std::move(expr));
  return &nodes.back();
}

const Expr *ElementwiseExprBuilder::leaf(Value value, ArrayRef<int64_t> loops) {
  Expr expr{Expr::Kind::Tensor};
  expr.value = value;
  expr.loops.assign(loops.begin(), loops.end());
  return make(std::move(expr));
}

const Expr *ElementwiseExprBuilder::build(Value value) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type)
    return nullptr;
  SmallVector<int64_t, 2> loops;
  for (int64_t i = 0; i < type.getRank(); ++i)
    loops.push_back(i);
  return build(value, loops);
}

const Expr *ElementwiseExprBuilder::build(Value value,
                                          ArrayRef<int64_t> loops) {
  auto key = std::make_pair(value.getAsOpaquePointer(),
                            SmallVector<int64_t, 2>(loops));
  auto it = tensors.find(key);
  if (it != tensors.end())
    return it->second;
  if (depth++ == 0)
    budgetStart = nodes.size();
  llvm::scope_exit leave([&] { --depth; });

  const Expr *result = nullptr;
  Operation *def = value.getDefiningOp();
  if (auto expand = dyn_cast_or_null<tensor::ExpandShapeOp>(def)) {
    if (auto source = unitReshapeSourceLoops(expand.getReassociationIndices(),
                                             expand.getResultType().getShape(),
                                             {}, /*toExpanded=*/false, loops))
      result = build(expand.getSrc(), *source);
  } else if (auto collapse = dyn_cast_or_null<tensor::CollapseShapeOp>(def)) {
    if (auto source = unitReshapeSourceLoops(collapse.getReassociationIndices(),
                                             collapse.getSrcType().getShape(),
                                             loops, /*toExpanded=*/true, {}))
      result = build(collapse.getSrc(), *source);
  } else if (auto fill = dyn_cast_or_null<linalg::FillOp>(def)) {
    // Every element is the fill's scalar.
    auto it = scalars.find(fill.value());
    if (it != scalars.end()) {
      result = it->second;
    } else {
      Expr expr{Expr::Kind::Scalar};
      expr.value = fill.value();
      result = scalars[fill.value()] = make(std::move(expr));
    }
  } else if (auto loop = dyn_cast_or_null<scf::ForOp>(def)) {
    result = buildRowScatter(loop, value, loops);
  } else if (auto generic = dyn_cast_or_null<linalg::LinalgOp>(def);
             generic && isa<linalg::GenericOp, linalg::MapOp>(def)) {
    unsigned resultIndex = cast<OpResult>(value).getResultNumber();
    AffineMap outMap =
        generic.getIndexingMapMatchingResult(cast<OpResult>(value));
    SmallVector<int64_t, 4> loopToOuter(generic.getNumLoops(), -2);
    // Reductions over a loop of extent 1 (JAX reduces unit dimensions) are
    // the body applied once to the init: that loop reads index 0.
    SmallVector<int64_t> ranges = generic.getStaticLoopRanges();
    bool elementwise = true;
    for (auto [loop, type] : llvm::enumerate(generic.getIteratorTypesArray()))
      if (type == utils::IteratorType::reduction) {
        if (ranges[loop] != 1)
          elementwise = false;
        loopToOuter[loop] = -1;
      }
    if (generic.getNumReductionLoops() == 0 &&
        generic.payloadUsesValueFromOperand(
            generic.getDpsInitOperand(resultIndex)))
      elementwise = false;
    for (auto [dim, expr] : llvm::enumerate(outMap.getResults())) {
      if (!elementwise)
        break;
      if (auto d = dyn_cast<AffineDimExpr>(expr))
        loopToOuter[d.getPosition()] = loops[dim];
      else if (auto c = dyn_cast<AffineConstantExpr>(expr);
               !c || c.getValue() != 0 || loops[dim] != -1)
        elementwise = false;
    }
    if (elementwise && !llvm::is_contained(loopToOuter, -2)) {
      Value yielded =
          generic.getBlock()->getTerminator()->getOperand(resultIndex);
      result = buildScalar(yielded, generic, loopToOuter);
    }
  }
  if (!result)
    result = leaf(value, loops);
  tensors[key] = result;
  return result;
}

const Expr *ElementwiseExprBuilder::buildScalar(Value scalar,
                                                Operation *genericOp,
                                                ArrayRef<int64_t> loopToOuter) {
  auto generic = cast<linalg::LinalgOp>(genericOp);
  Block *body = generic.getBlock();
  if (auto arg = dyn_cast<BlockArgument>(scalar)) {
    if (arg.getOwner() != body)
      return nullptr;
    // An init is read only by the unit-extent reductions accepted above.
    OpOperand *input;
    if (arg.getArgNumber() < generic.getNumDpsInputs())
      input = generic.getDpsInputOperand(arg.getArgNumber());
    else if (generic.getNumReductionLoops() != 0)
      input = generic.getDpsInitOperand(arg.getArgNumber() -
                                        generic.getNumDpsInputs());
    else
      return nullptr;
    if (!isa<RankedTensorType>(input->get().getType())) {
      Expr expr{Expr::Kind::Scalar};
      expr.value = input->get();
      return make(std::move(expr));
    }
    SmallVector<int64_t, 2> loops;
    for (AffineExpr e : generic.getMatchingIndexingMap(input).getResults()) {
      if (auto d = dyn_cast<AffineDimExpr>(e))
        loops.push_back(loopToOuter[d.getPosition()]);
      else if (auto c = dyn_cast<AffineConstantExpr>(e); c && c.getValue() == 0)
        loops.push_back(-1);
      else
        return nullptr;
    }
    return build(input->get(), loops);
  }

  Operation *op = scalar.getDefiningOp();
  if (!op || op->getBlock() != body) {
    // A value from outside the body (a constant or a captured scalar).
    auto it = scalars.find(scalar);
    if (it != scalars.end())
      return it->second;
    Expr expr{Expr::Kind::Scalar};
    expr.value = scalar;
    return scalars[scalar] = make(std::move(expr));
  }
  if (auto index = dyn_cast<linalg::IndexOp>(op)) {
    Expr expr{Expr::Kind::Index};
    expr.indexLoop = loopToOuter[index.getDim()];
    return make(std::move(expr));
  }
  if (isa<arith::ConstantOp>(op)) {
    Expr expr{Expr::Kind::Scalar};
    expr.value = scalar;
    return make(std::move(expr));
  }
  if (isa<tensor::ExtractOp>(op))
    return buildExtract(op, generic, loopToOuter);
  // Only arith and math scalars are read; anything else (a tensor.extract
  // gather, a call) leaves the generic as an opaque tensor.
  if (op->getNumRegions() != 0 || op->getNumResults() != 1 ||
      !isa<arith::ArithDialect, math::MathDialect>(op->getDialect()))
    return nullptr;
  Expr expr{Expr::Kind::Op};
  expr.op = op;
  for (Value operand : op->getOperands()) {
    const Expr *child = buildScalar(operand, generic, loopToOuter);
    if (!child)
      return nullptr;
    expr.operands.push_back(child);
  }
  return make(std::move(expr));
}

const Expr *ElementwiseExprBuilder::buildBodyScalar(Value scalar,
                                                    Operation *generic) {
  SmallVector<int64_t, 4> identity;
  for (unsigned loop = 0, e = cast<linalg::LinalgOp>(generic).getNumLoops();
       loop < e; ++loop)
    identity.push_back(loop);
  if (depth++ == 0)
    budgetStart = nodes.size();
  llvm::scope_exit leave([&] { --depth; });
  return buildScalar(scalar, generic, identity);
}

const Expr *
ElementwiseExprBuilder::buildExtract(Operation *extractOp, Operation *genericOp,
                                     ArrayRef<int64_t> loopToOuter) {
  auto extract = cast<tensor::ExtractOp>(extractOp);
  auto generic = cast<linalg::LinalgOp>(genericOp);
  Value source = extract.getTensor();
  if (generic->isAncestor(source.getParentBlock()->getParentOp()))
    return nullptr;
  // Each index must be one loop of the generic (possibly as index % c with
  // c no smaller than the loop's extent), or 0 on a unit dimension; a read
  // at any other index is a gather, which stays opaque.
  SmallVector<int64_t> ranges = generic.getStaticLoopRanges();
  auto shape = extract.getTensor().getType().getShape();
  SmallVector<int64_t, 2> loops;
  for (auto [dim, index] : llvm::enumerate(extract.getIndices())) {
    Value v = index;
    if (auto cast = v.getDefiningOp<arith::IndexCastOp>())
      v = cast.getIn();
    std::optional<int64_t> modulus;
    if (auto rem = v.getDefiningOp<arith::RemSIOp>()) {
      modulus = getConstantIntValue(rem.getRhs());
      if (!modulus)
        return nullptr;
      v = rem.getLhs();
    }
    if (auto loopIndex = v.getDefiningOp<linalg::IndexOp>()) {
      int64_t range = ranges[loopIndex.getDim()];
      if (modulus && (ShapedType::isDynamic(range) || range > *modulus))
        return nullptr;
      loops.push_back(loopToOuter[loopIndex.getDim()]);
      continue;
    }
    std::optional<int64_t> constant = getConstantIntValue(index);
    if (!constant || *constant != 0 || shape[dim] != 1)
      return nullptr;
    loops.push_back(-1);
  }
  return build(source, loops);
}

bool mlir::lmhead::isIndexOfLoop(const Expr *e, int64_t loop, int64_t extent) {
  while (e && e->kind == Expr::Kind::Op &&
         isa<arith::IndexCastOp, arith::ExtSIOp, arith::ExtUIOp>(e->op))
    e = e->operands[0];
  if (!e)
    return false;
  if (e->kind == Expr::Kind::Index)
    return e->indexLoop == loop;
  if (e->kind == Expr::Kind::Op && isa<arith::RemSIOp, arith::RemUIOp>(e->op)) {
    std::optional<double> modulus = constantValue(*e->operands[1]);
    return modulus && !ShapedType::isDynamic(extent) &&
           *modulus >= static_cast<double>(extent) &&
           isIndexOfLoop(e->operands[0], loop, extent);
  }
  return false;
}

std::optional<double> mlir::lmhead::constantValue(const Expr &leaf) {
  if (leaf.kind != Expr::Kind::Scalar && leaf.kind != Expr::Kind::Tensor)
    return std::nullopt;
  Attribute attr;
  if (!matchPattern(leaf.value, m_Constant(&attr)))
    return std::nullopt;
  if (auto dense = dyn_cast<SplatElementsAttr>(attr))
    attr = dense.getSplatValue<Attribute>();
  if (auto f = dyn_cast<FloatAttr>(attr))
    return f.getValueAsDouble();
  if (auto i = dyn_cast<IntegerAttr>(attr)) {
    if (i.getType().isInteger(1))
      return static_cast<double>(i.getValue().getZExtValue());
    return static_cast<double>(i.getInt());
  }
  return std::nullopt;
}

void mlir::lmhead::forEachNode(const Expr *expr,
                               function_ref<void(const Expr &)> visit) {
  llvm::SmallPtrSet<const Expr *, 32> seen;
  SmallVector<const Expr *> worklist = {expr};
  while (!worklist.empty()) {
    const Expr *node = worklist.pop_back_val();
    if (!node || !seen.insert(node).second)
      continue;
    visit(*node);
    llvm::append_range(worklist, node->operands);
  }
}

namespace {

bool compareInts(arith::CmpIPredicate predicate, double a, double b) {
  switch (predicate) {
  case arith::CmpIPredicate::eq:
    return a == b;
  case arith::CmpIPredicate::ne:
    return a != b;
  case arith::CmpIPredicate::slt:
  case arith::CmpIPredicate::ult:
    return a < b;
  case arith::CmpIPredicate::sle:
  case arith::CmpIPredicate::ule:
    return a <= b;
  case arith::CmpIPredicate::sgt:
  case arith::CmpIPredicate::ugt:
    return a > b;
  case arith::CmpIPredicate::sge:
  case arith::CmpIPredicate::uge:
    return a >= b;
  }
  return false;
}

std::optional<bool> compareFloats(arith::CmpFPredicate predicate, double a,
                                  double b) {
  switch (predicate) {
  case arith::CmpFPredicate::OEQ:
  case arith::CmpFPredicate::UEQ:
    return a == b;
  case arith::CmpFPredicate::ONE:
  case arith::CmpFPredicate::UNE:
    return a != b;
  case arith::CmpFPredicate::OLT:
  case arith::CmpFPredicate::ULT:
    return a < b;
  case arith::CmpFPredicate::OLE:
  case arith::CmpFPredicate::ULE:
    return a <= b;
  case arith::CmpFPredicate::OGT:
  case arith::CmpFPredicate::UGT:
    return a > b;
  case arith::CmpFPredicate::OGE:
  case arith::CmpFPredicate::UGE:
    return a >= b;
  default:
    return std::nullopt;
  }
}

} // namespace

std::optional<double> mlir::lmhead::evaluate(const Expr *expr,
                                             const ExprPoint &point) {
  if (!expr)
    return std::nullopt;
  switch (expr->kind) {
  case Expr::Kind::Index:
    if (expr->indexLoop < 0 ||
        expr->indexLoop >= static_cast<int64_t>(point.indices.size()))
      return std::nullopt;
    return static_cast<double>(point.indices[expr->indexLoop]);
  case Expr::Kind::Scalar:
    if (std::optional<double> constant = constantValue(*expr))
      return constant;
    return point.scalar ? point.scalar(expr->value) : std::nullopt;
  case Expr::Kind::Tensor:
    if (std::optional<double> constant = constantValue(*expr))
      return constant;
    return point.tensor ? point.tensor(*expr) : std::nullopt;
  case Expr::Kind::RowScatter: {
    std::optional<double> column = evaluate(expr->operands[0], point);
    std::optional<double> base = evaluate(expr->operands[2], point);
    if (!column || !base || expr->indexLoop < 0 ||
        expr->indexLoop >= static_cast<int64_t>(point.indices.size()))
      return std::nullopt;
    if (static_cast<double>(point.indices[expr->indexLoop]) != *column)
      return base;
    std::optional<double> update = evaluate(expr->operands[1], point);
    if (!update)
      return std::nullopt;
    return expr->accumulates ? *base + *update : *update;
  }
  case Expr::Kind::Op:
    break;
  }
  SmallVector<double, 3> args;
  for (const Expr *operand : expr->operands) {
    std::optional<double> value = evaluate(operand, point);
    if (!value)
      return std::nullopt;
    args.push_back(*value);
  }
  return evaluateScalarOp(expr->op, args);
}

std::optional<double> mlir::lmhead::evaluateScalarOp(Operation *op,
                                                     ArrayRef<double> args) {
  if (args.size() != op->getNumOperands())
    return std::nullopt;
  return llvm::TypeSwitch<Operation *, std::optional<double>>(op)
      .Case<arith::AddFOp, arith::AddIOp>(
          [&](auto) { return args[0] + args[1]; })
      .Case<arith::SubFOp, arith::SubIOp>(
          [&](auto) { return args[0] - args[1]; })
      .Case<arith::MulFOp, arith::MulIOp>(
          [&](auto) { return args[0] * args[1]; })
      .Case<arith::DivFOp>([&](auto) { return args[0] / args[1]; })
      .Case<arith::NegFOp>([&](auto) { return -args[0]; })
      .Case<arith::MaximumFOp, arith::MaxNumFOp, arith::MaxSIOp>(
          [&](auto) { return std::max(args[0], args[1]); })
      .Case<arith::MinimumFOp, arith::MinNumFOp, arith::MinSIOp>(
          [&](auto) { return std::min(args[0], args[1]); })
      .Case<arith::RemSIOp>([&](auto) -> std::optional<double> {
        if (args[1] == 0.0)
          return std::nullopt;
        return std::fmod(args[0], args[1]);
      })
      .Case<arith::SelectOp>(
          [&](auto) { return args[0] != 0.0 ? args[1] : args[2]; })
      .Case<arith::OrIOp>([&](auto) {
        return static_cast<double>(args[0] != 0.0 || args[1] != 0.0);
      })
      .Case<arith::AndIOp>([&](auto) {
        return static_cast<double>(args[0] != 0.0 && args[1] != 0.0);
      })
      .Case<arith::XOrIOp>([&](auto) {
        return static_cast<double>((args[0] != 0.0) != (args[1] != 0.0));
      })
      .Case<arith::CmpIOp>([&](arith::CmpIOp cmp) -> std::optional<double> {
        return compareInts(cmp.getPredicate(), args[0], args[1]) ? 1.0 : 0.0;
      })
      .Case<arith::CmpFOp>([&](arith::CmpFOp cmp) -> std::optional<double> {
        std::optional<bool> r =
            compareFloats(cmp.getPredicate(), args[0], args[1]);
        if (!r)
          return std::nullopt;
        return *r ? 1.0 : 0.0;
      })
      .Case<arith::IndexCastOp, arith::ExtFOp, arith::TruncFOp, arith::SIToFPOp,
            arith::UIToFPOp, arith::ExtUIOp, arith::ExtSIOp, arith::TruncIOp,
            arith::FPToSIOp>([&](auto) { return args[0]; })
      .Case<math::ExpOp>([&](auto) { return std::exp(args[0]); })
      .Case<math::AbsFOp>([&](auto) { return std::abs(args[0]); })
      .Case<math::LogOp>([&](auto) { return std::log(args[0]); })
      .Case<math::TanhOp>([&](auto) { return std::tanh(args[0]); })
      .Case<math::SqrtOp>([&](auto) { return std::sqrt(args[0]); })
      .Case<math::RsqrtOp>([&](auto) { return 1.0 / std::sqrt(args[0]); })
      .Case<math::PowFOp, math::FPowIOp>(
          [&](auto) { return std::pow(args[0], args[1]); })
      .Default([](Operation *) { return std::nullopt; });
}
