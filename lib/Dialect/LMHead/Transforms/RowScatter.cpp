//===- RowScatter.cpp - scatter loops that write one element per row -----===//
//
// Frontends build the one-hot of the labels with a scatter: torch-mlir's
// default decomposition of nll_loss_backward writes −1 at (n, y_n) of a zero
// [N,V] tensor with tm_tensor.scatter, whose upstream form is a loop
//
//   %r = scf.for %i = 0 to N step 1 iter_args(%acc = %base) {
//     %row = index_cast (tensor.extract %coords[%i, 0])
//     %col = index_cast (tensor.extract %coords[%i, 1])
//     %u   = tensor.extract %updates[%i]
//     %new = tensor.insert (%u or %acc[%row, %col] + %u) into %acc[%row, %col]
//     scf.yield %new
//   }
//
// When the row written by iteration i is provably i, every row is written
// exactly once and the loop is the elementwise function
// `v == col(n) ? u(n) : base(n, v)`, an Expr::Kind::RowScatter node. Any
// other loop stays an opaque tensor.
//
//===----------------------------------------------------------------------===//

#include "ElementwiseExpr.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::lmhead;

const Expr *ElementwiseExprBuilder::buildColumn(Value matrix, int64_t column,
                                                int64_t rowLoop) {
  // Coordinates are packed as [N, k] columns by insert_slice of [N, 1]
  // tensors; column `column` is the one slice that covers it.
  while (auto insert = matrix.getDefiningOp<tensor::InsertSliceOp>()) {
    RankedTensorType destType = insert.getDestType();
    if (destType.getRank() != 2 || insert.getSourceType().getRank() != 2)
      return nullptr;
    SmallVector<int64_t> offsets(insert.getStaticOffsets());
    SmallVector<int64_t> sizes(insert.getStaticSizes());
    SmallVector<int64_t> strides(insert.getStaticStrides());
    if (llvm::any_of(offsets, ShapedType::isDynamic) ||
        llvm::any_of(sizes, ShapedType::isDynamic) ||
        llvm::any_of(strides, [](int64_t s) { return s != 1; }))
      return nullptr;
    if (column < offsets[1] || column >= offsets[1] + sizes[1]) {
      matrix = insert.getDest();
      continue;
    }
    if (offsets[0] != 0 || sizes[0] != destType.getDimSize(0) || sizes[1] != 1)
      return nullptr;
    return build(insert.getSource(), {rowLoop, -1});
  }
  return nullptr;
}

namespace {

/// `v` under an index_cast.
Value stripIndexCast(Value v) {
  if (auto cast = v.getDefiningOp<arith::IndexCastOp>())
    return cast.getIn();
  return v;
}

/// The tensor read by `tensor.extract %t[%iv, c...]` and its constant
/// trailing indices, when `value` is such a read of a tensor defined
/// outside `loop`.
std::optional<std::pair<Value, SmallVector<int64_t>>>
readAtIteration(Value value, scf::ForOp loop) {
  auto extract = value.getDefiningOp<tensor::ExtractOp>();
  if (!extract || extract.getIndices().empty() ||
      extract.getIndices().front() != loop.getInductionVar() ||
      loop->isAncestor(extract.getTensor().getParentBlock()->getParentOp()))
    return std::nullopt;
  SmallVector<int64_t> rest;
  for (Value index : extract.getIndices().drop_front()) {
    std::optional<int64_t> c = getConstantIntValue(index);
    if (!c)
      return std::nullopt;
    rest.push_back(*c);
  }
  return std::make_pair(extract.getTensor(), rest);
}

} // namespace

const Expr *ElementwiseExprBuilder::buildRowScatter(Operation *loopOp,
                                                    Value result,
                                                    ArrayRef<int64_t> loops) {
  auto loop = cast<scf::ForOp>(loopOp);
  auto type = dyn_cast<RankedTensorType>(result.getType());
  if (!type || type.getRank() != 2 || loops.size() != 2 || loops[0] < 0 ||
      loops[1] < 0 || loop.getNumRegionIterArgs() != 1 ||
      type.isDynamicDim(0))
    return nullptr;
  int64_t rows = type.getDimSize(0);
  std::optional<int64_t> lower = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> upper = getConstantIntValue(loop.getUpperBound());
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  if (lower != 0 || upper != rows || step != 1)
    return nullptr;

  Value acc = loop.getRegionIterArgs().front();
  auto insert = loop.getBody()->getTerminator()->getOperand(0)
                    .getDefiningOp<tensor::InsertOp>();
  if (!insert || insert.getDest() != acc || insert.getIndices().size() != 2)
    return nullptr;
  Value rowIndex = insert.getIndices()[0], columnIndex = insert.getIndices()[1];

  // The coordinates: columns of an [N, k] tensor read at the iteration.
  auto coordinate = [&](Value index) -> const Expr * {
    auto read = readAtIteration(stripIndexCast(index), loop);
    if (!read || read->second.size() != 1)
      return nullptr;
    return buildColumn(read->first, read->second.front(), loops[0]);
  };
  const Expr *row = coordinate(rowIndex);
  if (!row || !isIndexOfLoop(row, loops[0], rows))
    return nullptr;
  const Expr *column = coordinate(columnIndex);
  if (!column)
    return nullptr;

  // The written value: the update, or the update added to what is there.
  Value written = insert.getScalar();
  bool accumulates = false;
  if (auto add = written.getDefiningOp<arith::AddFOp>()) {
    for (Value old : {add.getLhs(), add.getRhs()}) {
      auto extract = old.getDefiningOp<tensor::ExtractOp>();
      if (extract && extract.getTensor() == acc &&
          extract.getIndices() == insert.getIndices()) {
        accumulates = true;
        written = old == add.getLhs() ? add.getRhs() : add.getLhs();
        break;
      }
    }
    if (!accumulates)
      return nullptr;
  }
  auto update = readAtIteration(written, loop);
  if (!update)
    return nullptr;
  auto updateShape =
      cast<RankedTensorType>(update->first.getType()).getShape();
  SmallVector<int64_t, 2> updateLoops = {loops[0]};
  for (auto [dim, index] : llvm::enumerate(update->second)) {
    if (index != 0 || updateShape[dim + 1] != 1)
      return nullptr;
    updateLoops.push_back(-1);
  }
  const Expr *updateExpr = build(update->first, updateLoops);
  const Expr *base = build(loop.getInitArgs().front(), loops);
  if (!updateExpr || !base)
    return nullptr;

  Expr expr{Expr::Kind::RowScatter};
  expr.indexLoop = loops[1];
  expr.accumulates = accumulates;
  expr.operands = {column, updateExpr, base};
  return make(std::move(expr));
}
