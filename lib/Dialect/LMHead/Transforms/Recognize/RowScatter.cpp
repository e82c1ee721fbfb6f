//===- RowScatter.cpp - scatter loops read as elementwise functions -------===//
//
// Frontends build the one-hot of the labels with a scatter. torch-mlir's
// default decomposition of nll_loss_backward writes −1 at (n, y_n) of a zero
// [N,V] tensor with tm_tensor.scatter, IREE's lowering of JAX adds −s at
// (b, s, y_bs) of a zero [B,S,V] tensor with iree_linalg_ext.scatter; the
// upstream form of both is a loop over the flattened tokens i:
//
//   %r = scf.for %i = 0 to N step 1 iter_args(%acc = %base) {
//     %t_k = index_cast (tensor.extract %coords[%i, k])   (one per token dim)
//     %col = index_cast (tensor.extract %coords[%i, K])
//     %u   = tensor.extract %updates[%i, 0...]
//     %new = tensor.insert (%u or %acc[...] + %u) into %acc[%t..., %col]
//     scf.yield %new
//   }
//
// where %coords and %updates may be collapse_shapes of [B,S,...] tensors.
// When the token written by iteration i is provably token i, every token is
// written exactly once and the loop is the elementwise function
// `v == col(t) ? u(t) : base(t, v)`, an Expr::Kind::RowScatter node.
//
// JAX also copies a whole tensor through a scatter of one slice at offset 0
// (a nest of loops adding update[0, x] to every base[x]); that is the
// elementwise `base + update`. Any other loop stays an opaque tensor.
//
//===----------------------------------------------------------------------===//

#include "ElementwiseExpr.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::lmhead;

namespace {

/// `v` under an index_cast.
Value stripIndexCast(Value v) {
  if (auto cast = v.getDefiningOp<arith::IndexCastOp>())
    return cast.getIn();
  return v;
}

/// Whether `loop` runs from 0 to `count` in steps of 1.
bool runsOver(scf::ForOp loop, int64_t count) {
  return getConstantIntValue(loop.getLowerBound()) == 0 &&
         getConstantIntValue(loop.getUpperBound()) == count &&
         getConstantIntValue(loop.getStep()) == 1;
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

/// A tensor whose dimension 0 is the flattened token index i, seen as the
/// tensor it was collapsed from: that source and the loops reading its
/// leading dimensions (the token loops, -1 on unit dimensions); its other
/// dimensions are those of `flat` after the first.
std::optional<std::pair<Value, SmallVector<int64_t, 4>>>
unflatten(Value flat, ArrayRef<int64_t> tokenShape,
          ArrayRef<int64_t> tokenLoops) {
  if (tokenShape.size() == 1 && !flat.getDefiningOp<tensor::CollapseShapeOp>())
    return std::make_pair(flat, SmallVector<int64_t, 4>{tokenLoops.front()});
  auto collapse = flat.getDefiningOp<tensor::CollapseShapeOp>();
  if (!collapse)
    return std::nullopt;
  SmallVector<ReassociationIndices> groups = collapse.getReassociationIndices();
  ArrayRef<int64_t> shape = collapse.getSrcType().getShape();
  SmallVector<int64_t, 4> loops;
  size_t token = 0;
  for (int64_t dim : groups.front()) {
    if (shape[dim] == 1) {
      loops.push_back(-1);
      continue;
    }
    if (token == tokenShape.size() || shape[dim] != tokenShape[token])
      return std::nullopt;
    loops.push_back(tokenLoops[token++]);
  }
  if (token != tokenShape.size() ||
      llvm::any_of(ArrayRef(groups).drop_front(),
                   [](const ReassociationIndices &g) { return g.size() != 1; }))
    return std::nullopt;
  return std::make_pair(collapse.getSrc(), loops);
}

} // namespace

const Expr *ElementwiseExprBuilder::buildColumn(Value matrix, int64_t column,
                                                ArrayRef<int64_t> rowLoops) {
  // Coordinates are packed along the last dimension by insert_slice of
  // tensors with a unit last dimension; `column` is the one slice that
  // covers it.
  while (auto insert = matrix.getDefiningOp<tensor::InsertSliceOp>()) {
    RankedTensorType destType = insert.getDestType();
    int64_t last = destType.getRank() - 1;
    if (static_cast<int64_t>(rowLoops.size()) != last ||
        insert.getSourceType().getRank() != destType.getRank())
      return nullptr;
    SmallVector<int64_t> offsets(insert.getStaticOffsets());
    SmallVector<int64_t> sizes(insert.getStaticSizes());
    SmallVector<int64_t> strides(insert.getStaticStrides());
    if (llvm::any_of(offsets, ShapedType::isDynamic) ||
        llvm::any_of(sizes, ShapedType::isDynamic) ||
        llvm::any_of(strides, [](int64_t s) { return s != 1; }))
      return nullptr;
    if (column < offsets[last] || column >= offsets[last] + sizes[last]) {
      matrix = insert.getDest();
      continue;
    }
    for (int64_t dim = 0; dim < last; ++dim)
      if (offsets[dim] != 0 || sizes[dim] != destType.getDimSize(dim))
        return nullptr;
    if (sizes[last] != 1)
      return nullptr;
    SmallVector<int64_t, 4> loops(rowLoops);
    loops.push_back(-1);
    return build(insert.getSource(), loops);
  }
  return nullptr;
}

const Expr *ElementwiseExprBuilder::buildRowScatter(Operation *loopOp,
                                                    Value result,
                                                    ArrayRef<int64_t> loops) {
  auto loop = cast<scf::ForOp>(loopOp);
  auto type = dyn_cast<RankedTensorType>(result.getType());
  if (!type || type.getRank() < 2 || !type.hasStaticShape() ||
      static_cast<int64_t>(loops.size()) != type.getRank() ||
      llvm::is_contained(loops, -1) || loop.getNumRegionIterArgs() != 1)
    return buildSliceAdd(loopOp, result, loops);
  ArrayRef<int64_t> tokenShape = type.getShape().drop_back();
  ArrayRef<int64_t> tokenLoops = loops.drop_back();
  int64_t tokens = 1;
  for (int64_t size : tokenShape)
    tokens *= size;
  if (!runsOver(loop, tokens))
    return buildSliceAdd(loopOp, result, loops);

  Value acc = loop.getRegionIterArgs().front();
  auto insert = loop.getBody()
                    ->getTerminator()
                    ->getOperand(0)
                    .getDefiningOp<tensor::InsertOp>();
  if (!insert || insert.getDest() != acc ||
      insert.getIndices().size() != loops.size())
    return nullptr;

  // The coordinates: slices of a [tokens, K] tensor read at the iteration.
  auto coordinate = [&](Value index) -> const Expr * {
    auto read = readAtIteration(stripIndexCast(index), loop);
    if (!read || read->second.size() != 1)
      return nullptr;
    auto source = unflatten(read->first, tokenShape, tokenLoops);
    if (!source)
      return nullptr;
    return buildColumn(source->first, read->second.front(), source->second);
  };
  for (auto [dim, index] : llvm::enumerate(insert.getIndices().drop_back())) {
    const Expr *token = coordinate(index);
    if (!token || !isIndexOfLoop(token, tokenLoops[dim], tokenShape[dim]))
      return nullptr;
  }
  const Expr *column = coordinate(insert.getIndices().back());
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
  auto source = unflatten(update->first, tokenShape, tokenLoops);
  if (!source)
    return nullptr;
  auto sourceShape = cast<RankedTensorType>(source->first.getType()).getShape();
  SmallVector<int64_t, 4> updateLoops = source->second;
  for (int64_t index : update->second) {
    if (index != 0 || sourceShape[updateLoops.size()] != 1)
      return nullptr;
    updateLoops.push_back(-1);
  }
  const Expr *updateExpr = build(source->first, updateLoops);
  const Expr *base = build(loop.getInitArgs().front(), loops);
  if (!updateExpr || !base)
    return nullptr;

  Expr expr{Expr::Kind::RowScatter};
  expr.indexLoop = loops.back();
  expr.accumulates = accumulates;
  expr.operands = {column, updateExpr, base};
  return make(std::move(expr));
}

namespace {

/// Whether `index` is 0: an index_cast of a read of a zero splat constant.
bool isZeroIndex(Value index) {
  if (std::optional<int64_t> c = getConstantIntValue(index))
    return *c == 0;
  auto extract = stripIndexCast(index).getDefiningOp<tensor::ExtractOp>();
  DenseElementsAttr attr;
  return extract && matchPattern(extract.getTensor(), m_Constant(&attr)) &&
         attr.isSplat() && attr.getSplatValue<APInt>().isZero();
}

} // namespace

const Expr *ElementwiseExprBuilder::buildSliceAdd(Operation *loopOp,
                                                  Value result,
                                                  ArrayRef<int64_t> loops) {
  // One batch (i = 0) whose slice covers the whole result at offset 0.
  auto outer = cast<scf::ForOp>(loopOp);
  auto type = dyn_cast<RankedTensorType>(result.getType());
  if (!type || !type.hasStaticShape() ||
      static_cast<int64_t>(loops.size()) != type.getRank() ||
      outer.getNumRegionIterArgs() != 1 || !runsOver(outer, 1))
    return nullptr;
  // The slice loops: one per result dimension, each over all of it,
  // threading the tensor through.
  SmallVector<scf::ForOp, 4> nest;
  scf::ForOp current = outer;
  for (int64_t size : type.getShape()) {
    auto inner = current.getBody()
                     ->getTerminator()
                     ->getOperand(0)
                     .getDefiningOp<scf::ForOp>();
    if (!inner || inner->getParentOp() != current.getOperation() ||
        inner.getNumRegionIterArgs() != 1 || !runsOver(inner, size) ||
        inner.getInitArgs().front() != current.getRegionIterArgs().front())
      return nullptr;
    nest.push_back(inner);
    current = inner;
  }
  Value acc = current.getRegionIterArgs().front();
  auto insert = current.getBody()
                    ->getTerminator()
                    ->getOperand(0)
                    .getDefiningOp<tensor::InsertOp>();
  if (!insert || insert.getDest() != acc)
    return nullptr;
  // Each coordinate is the slice loop's index, plus a zero offset.
  for (auto [index, inner] : llvm::zip(insert.getIndices(), nest)) {
    Value iv = inner.getInductionVar();
    if (index == iv)
      continue;
    auto add = index.getDefiningOp<arith::AddIOp>();
    if (!add || !((add.getLhs() == iv && isZeroIndex(add.getRhs())) ||
                  (add.getRhs() == iv && isZeroIndex(add.getLhs()))))
      return nullptr;
  }
  // The written value: what is there plus update[0, slice position].
  auto add = insert.getScalar().getDefiningOp<arith::AddFOp>();
  if (!add)
    return nullptr;
  SmallVector<const Expr *, 2> operands;
  for (Value operand : {add.getLhs(), add.getRhs()}) {
    auto extract = operand.getDefiningOp<tensor::ExtractOp>();
    if (!extract)
      return nullptr;
    if (extract.getTensor() == acc) {
      if (extract.getIndices() != insert.getIndices())
        return nullptr;
      operands.push_back(build(outer.getInitArgs().front(), loops));
      continue;
    }
    ValueRange indices = extract.getIndices();
    if (indices.size() != nest.size() + 1 ||
        outer->isAncestor(
            extract.getTensor().getParentBlock()->getParentOp()) ||
        !(indices.front() == outer.getInductionVar() ||
          isZeroIndex(indices.front())))
      return nullptr;
    for (auto [index, inner] : llvm::zip(indices.drop_front(), nest))
      if (index != inner.getInductionVar())
        return nullptr;
    SmallVector<int64_t, 4> updateLoops = {-1};
    llvm::append_range(updateLoops, loops);
    operands.push_back(build(extract.getTensor(), updateLoops));
  }
  if (!operands[0] || !operands[1] ||
      (add.getLhs().getDefiningOp<tensor::ExtractOp>().getTensor() == acc) ==
          (add.getRhs().getDefiningOp<tensor::ExtractOp>().getTensor() == acc))
    return nullptr;
  Expr expr{Expr::Kind::Op};
  expr.op = add;
  expr.operands.assign(operands.begin(), operands.end());
  return make(std::move(expr));
}
