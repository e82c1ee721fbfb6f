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

/// The permutation of a 2-D transpose producing `value`, if it is one.
std::optional<Value> transposeSource(Value value) {
  Operation *def = value.getDefiningOp();
  if (auto transpose = dyn_cast_or_null<linalg::TransposeOp>(def)) {
    if (transpose.getPermutation() == ArrayRef<int64_t>{1, 0})
      return transpose.getInput();
    return std::nullopt;
  }
  if (auto generic = dyn_cast_or_null<linalg::GenericOp>(def)) {
    std::optional<SmallVector<int64_t>> perm =
        linalg::isaTransposeOpInterface(generic);
    if (perm && *perm == SmallVector<int64_t>{1, 0})
      return generic.getDpsInputOperand(0)->get();
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
    auto generic = source.value.getDefiningOp<linalg::GenericOp>();
    if (generic && isWideningCopy(generic)) {
      source.value = generic.getDpsInputOperand(0)->get();
      continue;
    }
    return source;
  }
}

std::string mlir::lmhead::whyNotAProduct(linalg::LinalgOp op) {
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
  return "";
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

Value mlir::lmhead::accumulatedInit(linalg::LinalgOp op) {
  Value init = op.getDpsInitOperand(0)->get();
  std::optional<Value> fillValue;
  if (auto fill = init.getDefiningOp<linalg::FillOp>())
    fillValue = fill.getInputs().front();
  else if (auto generic = init.getDefiningOp<linalg::GenericOp>())
    fillValue = linalg::isaFillOpInterface(generic);
  if (fillValue) {
    FloatAttr constant;
    if (matchPattern(*fillValue, m_Constant(&constant)) &&
        constant.getValue().isZero())
      return Value();
  }
  return init;
}
