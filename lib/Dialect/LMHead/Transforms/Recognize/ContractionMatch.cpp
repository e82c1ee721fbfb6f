//===- ContractionMatch.cpp - LM-head roles of linalg contractions --------===//
//
// A 2-D product has loops (i, j, k): one reduction loop k, two parallel
// loops. `linalg::inferContractionDims` says which loops each operand reads;
// the roles follow from which operand dimension is contracted:
//
//   dh = dZ·W   dZ reads (m, k) -- the vocabulary is the reduction
//   dW = dZᵀ·h  dZ reads (k, m) -- the tokens are the reduction
//
// where "reads" is on the traced source, so `dZ·(Wᵀ)ᵀ`, `(hᵀ·dZ)ᵀ` and
// products with transposed indexing maps all find the same roles.
//
//===----------------------------------------------------------------------===//

#include "ContractionMatch.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::lmhead;

namespace {

/// True when `generic` is elementwise over one input and its body is a
/// single arith.extf of that input.
bool isWideningCopy(linalg::GenericOp generic) {
  if (generic.getNumDpsInputs() != 1 || generic.getNumDpsInits() != 1 ||
      !llvm::all_of(generic.getIndexingMapsArray(),
                    [](AffineMap m) { return m.isIdentity(); }))
    return false;
  Block &body = generic.getRegion().front();
  if (body.getOperations().size() != 2)
    return false;
  auto ext = dyn_cast<arith::ExtFOp>(body.front());
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  return ext && ext.getIn() == body.getArgument(0) &&
         yield.getValues().front() == ext.getResult();
}

/// The input and permutation of a transpose producing `value`
/// (linalg.transpose, or a generic that copies its input through a
/// permuted map): result dimension i is input dimension perm[i].
std::optional<std::pair<Value, SmallVector<int64_t>>> transposeOf(Value value) {
  Operation *def = value.getDefiningOp();
  if (auto transpose = dyn_cast_or_null<linalg::TransposeOp>(def))
    return std::make_pair(transpose.getInput(),
                          SmallVector<int64_t>(transpose.getPermutation()));
  auto generic = dyn_cast_or_null<linalg::GenericOp>(def);
  if (!generic || generic.getNumDpsInputs() != 1 ||
      generic.getNumDpsInits() != 1 || generic.getNumReductionLoops() != 0)
    return std::nullopt;
  Block *body = generic.getBody();
  if (body->getOperations().size() != 1 ||
      body->getTerminator()->getOperand(0) != body->getArgument(0))
    return std::nullopt;
  AffineMap in = generic.getIndexingMapsArray()[0];
  AffineMap out = generic.getIndexingMapsArray()[1];
  if (!in.isPermutation() || !out.isIdentity())
    return std::nullopt;
  SmallVector<int64_t> perm(in.getNumResults());
  for (auto [inputDim, expr] : llvm::enumerate(in.getResults()))
    perm[cast<AffineDimExpr>(expr).getPosition()] = inputDim;
  return std::make_pair(generic.getDpsInputOperand(0)->get(), perm);
}

/// The input of a 2-D transpose producing `value`, if it is one.
std::optional<Value> transposeSource(Value value) {
  auto transpose = transposeOf(value);
  if (transpose && transpose->second == SmallVector<int64_t>{1, 0})
    return transpose->first;
  return std::nullopt;
}

/// Tokens as [B,S]: `collapse(transpose(X[B,S,V] -> [V,B,S]), [[0],[1,2]])`
/// is the transpose of `collapse(X, [[0,1],[2]])`. Returns that collapse
/// when the graph computes it too (it is the dZ or h the other product
/// reads), so both products trace to one value.
std::optional<Value> collapsedTransposeSource(Value value) {
  auto collapse = value.getDefiningOp<tensor::CollapseShapeOp>();
  if (!collapse || collapse.getSrcType().getRank() != 3 ||
      collapse.getReassociationIndices() !=
          SmallVector<ReassociationIndices>{{0}, {1, 2}})
    return std::nullopt;
  auto transpose = transposeOf(collapse.getSrc());
  if (!transpose || transpose->second != SmallVector<int64_t>{2, 0, 1})
    return std::nullopt;
  for (Operation *user : transpose->first.getUsers()) {
    auto tokens = dyn_cast<tensor::CollapseShapeOp>(user);
    if (tokens && tokens.getReassociationIndices() ==
                      SmallVector<ReassociationIndices>{{0, 1}, {2}})
      return tokens.getResult();
  }
  return std::nullopt;
}

/// The loop dimension each dimension of operand `operand` reads.
SmallVector<unsigned, 2> loopsReadBy(linalg::LinalgOp op, OpOperand *operand) {
  SmallVector<unsigned, 2> loops;
  for (AffineExpr expr : op.getMatchingIndexingMap(operand).getResults())
    loops.push_back(cast<AffineDimExpr>(expr).getPosition());
  return loops;
}

/// The loops read by the traced source of an operand, in the source's
/// dimension order.
SmallVector<unsigned, 2> sourceLoops(linalg::LinalgOp op, OpOperand *operand,
                                     const MatrixSource &source) {
  SmallVector<unsigned, 2> loops = loopsReadBy(op, operand);
  if (source.transposed)
    std::swap(loops[0], loops[1]);
  return loops;
}

} // namespace

MatrixSource mlir::lmhead::traceMatrix(Value value) {
  MatrixSource source{value, false};
  while (true) {
    if (std::optional<Value> input = transposeSource(source.value)) {
      source.value = *input;
      source.transposed = !source.transposed;
      continue;
    }
    if (std::optional<Value> tokens = collapsedTransposeSource(source.value)) {
      source.value = *tokens;
      source.transposed = !source.transposed;
      continue;
    }
    auto generic = source.value.getDefiningOp<linalg::GenericOp>();
    if (generic && isWideningCopy(generic)) {
      source.value = generic.getDpsInputOperand(0)->get();
      continue;
    }
    return source;
  }
}

std::optional<std::string> mlir::lmhead::whyNotAProduct(linalg::LinalgOp op) {
  if (op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1)
    return "it does not have two inputs and one output";
  if (!op.hasPureTensorSemantics())
    return "it works on buffers, not tensors";
  if (!linalg::isaContractionOpInterface(op))
    return "its body is not a multiply-accumulate over projected "
           "permutations";
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims))
    return "its contraction dimensions cannot be inferred";
  if (!dims->batch.empty())
    return "it has batch dimensions (batched products are not LM-head "
           "GEMMs yet)";
  if (dims->m.size() != 1 || dims->n.size() != 1 || dims->k.size() != 1)
    return "it is not a 2-D product with one reduction dimension";
  for (OpOperand &operand : op->getOpOperands())
    if (op.getMatchingIndexingMap(&operand).getNumResults() != 2)
      return "an operand is not 2-D";
  return std::nullopt;
}

ContractionRoles mlir::lmhead::classifyProduct(linalg::LinalgOp op) {
  ContractionRoles roles;
  unsigned k = linalg::inferContractionDims(op)->k.front();
  SmallVector<unsigned, 2> out = loopsReadBy(op, op.getDpsInitOperand(0));

  for (unsigned which = 0; which < 2; ++which) {
    OpOperand *dzOperand = op.getDpsInputOperand(which);
    OpOperand *otherOperand = op.getDpsInputOperand(1 - which);
    MatrixSource dz = traceMatrix(dzOperand->get());
    MatrixSource other = traceMatrix(otherOperand->get());
    SmallVector<unsigned, 2> dzLoops = sourceLoops(op, dzOperand, dz);
    SmallVector<unsigned, 2> otherLoops = sourceLoops(op, otherOperand, other);

    // dh = dZ·W: dZ[n,v] reads (token loop, k); dh[n,d] reads (token, d).
    if (dzLoops[1] == k && dzLoops[0] == out[0]) {
      unsigned hidden = out[1];
      if (otherLoops[0] == k && otherLoops[1] == hidden)
        roles.hiddenGrads.push_back({op, dz, other, WeightLayout::VD});
      else if (otherLoops[1] == k && otherLoops[0] == hidden)
        roles.hiddenGrads.push_back({op, dz, other, WeightLayout::DV});
    }

    // dW = dZᵀ·h: dZ[n,v] reads (k, vocabulary loop); h[n,d] reads (k, d).
    if (dzLoops[0] == k && otherLoops[0] == k) {
      unsigned vocab = dzLoops[1], hidden = otherLoops[1];
      if (out[0] == vocab && out[1] == hidden)
        roles.weightGrads.push_back({op, dz, other, WeightLayout::VD});
      else if (out[0] == hidden && out[1] == vocab)
        roles.weightGrads.push_back({op, dz, other, WeightLayout::DV});
    }
  }
  return roles;
}

bool mlir::lmhead::isZeroInit(Value init) {
  while (Operation *def = init.getDefiningOp()) {
    if (!isa<tensor::CollapseShapeOp, tensor::ExpandShapeOp>(def))
      break;
    init = def->getOperand(0);
  }
  if (auto fill = init.getDefiningOp<linalg::FillOp>())
    init = fill.getInputs().front();
  else if (auto generic = init.getDefiningOp<linalg::GenericOp>())
    if (std::optional<Value> value = linalg::isaFillOpInterface(generic))
      init = *value;
  Attribute attr;
  if (!matchPattern(init, m_Constant(&attr)))
    return false;
  if (auto splat = dyn_cast<SplatElementsAttr>(attr))
    attr = splat.getSplatValue<Attribute>();
  if (auto f = dyn_cast<FloatAttr>(attr))
    return f.getValue().isZero();
  if (auto i = dyn_cast<IntegerAttr>(attr))
    return i.getValue().isZero();
  return false;
}

Value mlir::lmhead::accumulatedInit(linalg::LinalgOp op) {
  Value init = op.getDpsInitOperand(0)->get();
  return isZeroInit(init) ? Value() : init;
}
