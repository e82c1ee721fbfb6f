//===- TokenCollapse.cpp - [B,S] token loops of products as one -----------===//
//
// Two loops (b, s) can be merged into one loop n = b·S + s when every
// operand reads either both, as adjacent dimensions in that order, or
// neither, and the body does not ask for their indices. Merging rewrites
// each operand that reads them through a collapse_shape of those two
// dimensions, the result through an expand_shape, and keeps the body.
//
//===----------------------------------------------------------------------===//

#include "TokenCollapse.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"

#include <map>

using namespace mlir;
using namespace mlir::lmhead;

namespace {

/// The position of loop `b` followed by loop `s` in `map`, if both appear,
/// adjacent and in that order; -1 if neither appears; nothing otherwise.
std::optional<int64_t> pairPosition(AffineMap map, unsigned b, unsigned s) {
  std::optional<int64_t> bPos, sPos;
  for (auto [i, e] : llvm::enumerate(map.getResults())) {
    auto d = dyn_cast<AffineDimExpr>(e);
    if (!d)
      return std::nullopt;
    if (d.getPosition() == b)
      bPos = i;
    if (d.getPosition() == s)
      sPos = i;
  }
  if (!bPos && !sPos)
    return -1;
  if (bPos && sPos && *sPos == *bPos + 1)
    return *bPos;
  return std::nullopt;
}

/// Reassociation collapsing dimensions (pos, pos+1) of a rank-`rank` tensor.
SmallVector<ReassociationIndices> mergeAt(int64_t pos, int64_t rank) {
  SmallVector<ReassociationIndices> groups;
  for (int64_t i = 0; i < rank; ++i) {
    if (i == pos + 1)
      continue;
    if (i == pos)
      groups.push_back({i, i + 1});
    else
      groups.push_back({i});
  }
  return groups;
}

/// The two token loops of a contraction: the two m loops (dh = dZ·W kept
/// [B,S]) or the two k loops (dW summed over [B,S]), when the other kinds
/// have one loop each and there is no batch loop.
std::optional<std::pair<unsigned, unsigned>> tokenLoops(linalg::LinalgOp op) {
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims) || !dims->batch.empty() || dims->n.size() != 1)
    return std::nullopt;
  if (dims->m.size() == 2 && dims->k.size() == 1)
    return std::make_pair(dims->m[0], dims->m[1]);
  if (dims->k.size() == 2 && dims->m.size() == 1)
    return std::make_pair(dims->k[0], dims->k[1]);
  return std::nullopt;
}

/// One collapse_shape per collapsed value and reassociation, placed right
/// after the value is defined, so that every product reading the same
/// tokens reads the same collapsed value (the recogniser pairs products by
/// the values they read).
class CollapseCache {
public:
  Value get(Value value, int64_t pos, Location loc) {
    auto type = cast<RankedTensorType>(value.getType());
    auto key = std::make_pair(value.getAsOpaquePointer(), pos);
    auto it = cache.find(key);
    if (it != cache.end())
      return it->second;
    OpBuilder builder(value.getContext());
    if (Operation *def = value.getDefiningOp())
      builder.setInsertionPointAfter(def);
    else
      builder.setInsertionPointToStart(cast<BlockArgument>(value).getOwner());
    SmallVector<ReassociationIndices> groups = mergeAt(pos, type.getRank());
    // A collapse the graph already has is moved up and shared, so that the
    // products the graph collapsed itself read the same value.
    Value collapsed;
    for (Operation *user : value.getUsers()) {
      auto existing = dyn_cast<tensor::CollapseShapeOp>(user);
      if (existing && existing.getReassociationIndices() == groups &&
          existing->getBlock() == builder.getInsertionBlock()) {
        existing->moveBefore(builder.getInsertionBlock(),
                             builder.getInsertionPoint());
        collapsed = existing.getResult();
        break;
      }
    }
    if (!collapsed)
      collapsed = tensor::CollapseShapeOp::create(builder, loc, value, groups);
    cache[key] = collapsed;
    return collapsed;
  }

private:
  std::map<std::pair<void *, int64_t>, Value> cache;
};

/// Rewrites `generic` over one token loop; false when it cannot.
bool collapse(linalg::GenericOp generic, CollapseCache &collapses) {
  if (generic.getNumDpsInputs() != 2 || generic.getNumDpsInits() != 1 ||
      !generic.hasPureTensorSemantics() ||
      !linalg::isaContractionOpInterface(generic) ||
      !generic.getBody()->getOps<linalg::IndexOp>().empty())
    return false;
  std::optional<std::pair<unsigned, unsigned>> loops = tokenLoops(generic);
  if (!loops)
    return false;
  auto [b, s] = *loops;
  // Try both orders of the pair.
  SmallVector<std::optional<int64_t>> positions;
  for (AffineMap map : generic.getIndexingMapsArray())
    positions.push_back(pairPosition(map, b, s));
  if (llvm::any_of(positions, [](auto p) { return !p; })) {
    std::swap(b, s);
    positions.clear();
    for (AffineMap map : generic.getIndexingMapsArray())
      positions.push_back(pairPosition(map, b, s));
    if (llvm::any_of(positions, [](auto p) { return !p; }))
      return false;
  }

  // expand_shape of a dynamic [B,S] result would need their sizes; keep
  // to the static case.
  if (*positions[2] >= 0) {
    auto type = cast<RankedTensorType>(generic.getResult(0).getType());
    if (type.isDynamicDim(*positions[2]) ||
        type.isDynamicDim(*positions[2] + 1))
      return false;
  }

  // New loops: the old ones without s; b becomes the merged token loop.
  unsigned numLoops = generic.getNumLoops();
  MLIRContext *ctx = generic.getContext();
  SmallVector<AffineExpr> oldToNew(numLoops);
  for (unsigned i = 0, next = 0; i < numLoops; ++i)
    if (i != s)
      oldToNew[i] = getAffineDimExpr(next++, ctx);
  SmallVector<AffineMap> maps;
  for (AffineMap map : generic.getIndexingMapsArray()) {
    SmallVector<AffineExpr> results;
    for (AffineExpr e : map.getResults()) {
      unsigned d = cast<AffineDimExpr>(e).getPosition();
      if (d != s)
        results.push_back(oldToNew[d]);
    }
    maps.push_back(AffineMap::get(numLoops - 1, 0, results, ctx));
  }
  SmallVector<utils::IteratorType> iterators;
  for (auto [i, type] : llvm::enumerate(generic.getIteratorTypesArray()))
    if (i != s)
      iterators.push_back(type);

  OpBuilder builder(generic);
  Location loc = generic.getLoc();
  auto collapsed = [&](Value value, std::optional<int64_t> pos) -> Value {
    return *pos < 0 ? value : collapses.get(value, *pos, loc);
  };
  SmallVector<Value> inputs = {
      collapsed(generic.getDpsInputOperand(0)->get(), positions[0]),
      collapsed(generic.getDpsInputOperand(1)->get(), positions[1])};
  Value init = generic.getDpsInitOperand(0)->get();
  Value newInit = collapsed(init, positions[2]);
  auto rewritten =
      linalg::GenericOp::create(builder, loc, TypeRange{newInit.getType()},
                                inputs, ValueRange{newInit}, maps, iterators);
  rewritten.getRegion().takeBody(generic.getRegion());

  Value result = rewritten.getResult(0);
  if (*positions[2] >= 0) {
    auto type = cast<RankedTensorType>(init.getType());
    result = tensor::ExpandShapeOp::create(
        builder, loc, type, result, mergeAt(*positions[2], type.getRank()));
  }
  generic.getResult(0).replaceAllUsesWith(result);
  generic.erase();
  return true;
}

/// The source of a broadcast producing `value` and the broadcast (added)
/// dimensions: linalg.broadcast or a generic that only copies its input.
std::optional<std::pair<Value, SmallVector<int64_t>>> broadcastOf(Value value) {
  Operation *def = value.getDefiningOp();
  if (auto broadcast = dyn_cast_or_null<linalg::BroadcastOp>(def))
    return std::make_pair(broadcast.getInput(),
                          SmallVector<int64_t>(broadcast.getDimensions()));
  if (auto generic = dyn_cast_or_null<linalg::GenericOp>(def))
    if (auto dims = linalg::isaBroadcastOpInterface(generic))
      return std::make_pair(generic.getDpsInputOperand(0)->get(), *dims);
  return std::nullopt;
}

/// A batched product whose weight is broadcast over the batch
/// (`batch_matmul(dZ[B,S,V], broadcast(W)[B,V,D])`) reads W directly: the
/// batch loop is then a token loop of dZ and the result. Returns the
/// rewritten generic, or null when `op` is not such a product.
linalg::GenericOp readBroadcastDirectly(linalg::LinalgOp op) {
  if (op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1 ||
      !op.hasPureTensorSemantics() || !linalg::isaContractionOpInterface(op))
    return nullptr;
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims) || dims->batch.empty())
    return nullptr;
  for (unsigned which = 0; which < 2; ++which) {
    OpOperand *operand = op.getDpsInputOperand(which);
    Value broadcastValue = operand->get();
    auto broadcast = broadcastOf(broadcastValue);
    if (!broadcast)
      continue;
    // Every broadcast dimension must be read by a batch loop.
    AffineMap map = op.getMatchingIndexingMap(operand);
    SmallVector<AffineExpr> kept;
    bool onlyBatch = true;
    for (auto [i, e] : llvm::enumerate(map.getResults())) {
      if (!llvm::is_contained(broadcast->second, static_cast<int64_t>(i))) {
        kept.push_back(e);
        continue;
      }
      auto d = dyn_cast<AffineDimExpr>(e);
      onlyBatch &= d && llvm::is_contained(dims->batch, d.getPosition());
    }
    if (!onlyBatch)
      continue;
    IRRewriter rewriter(op.getContext());
    rewriter.setInsertionPoint(op);
    linalg::GenericOp generic;
    if (auto existing = dyn_cast<linalg::GenericOp>(op.getOperation())) {
      generic = existing;
    } else {
      FailureOr<linalg::GenericOp> generalized =
          linalg::generalizeNamedOp(rewriter, op);
      if (failed(generalized))
        return nullptr;
      generic = *generalized;
    }
    SmallVector<AffineMap> maps = generic.getIndexingMapsArray();
    maps[which] = AffineMap::get(map.getNumDims(), 0, kept, op.getContext());
    generic.setIndexingMapsAttr(rewriter.getAffineMapArrayAttr(maps));
    Operation *broadcastOp = broadcastValue.getDefiningOp();
    generic.getDpsInputOperand(which)->set(broadcast->first);
    if (broadcastOp->use_empty())
      broadcastOp->erase();
    return generic;
  }
  return nullptr;
}

} // namespace

unsigned mlir::lmhead::collapseTokenLoops(Operation *root) {
  SmallVector<linalg::LinalgOp> products;
  root->walk([&](linalg::LinalgOp op) { products.push_back(op); });
  for (linalg::LinalgOp op : products)
    readBroadcastDirectly(op);

  SmallVector<linalg::GenericOp> generics;
  root->walk([&](linalg::GenericOp generic) { generics.push_back(generic); });
  unsigned count = 0;
  CollapseCache collapses;
  for (linalg::GenericOp generic : generics)
    count += collapse(generic, collapses);
  return count;
}
