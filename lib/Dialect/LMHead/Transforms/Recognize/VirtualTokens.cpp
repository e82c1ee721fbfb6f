//===- VirtualTokens.cpp - cross-entropy pieces on a made-up problem ------===//
//
// A linalg.generic behind a leaf is run by interpreting its body: each loop
// is a token loop, the vocabulary loop or a unit loop; a reduction over the
// vocabulary runs over the made-up row, a reduction over the tokens over
// the made-up tokens (all token loops together: the tokens are flat), and
// its inputs are expressions evaluated at each step. Results are cached per
// problem, so a row reduction is computed once per token.
//
//===----------------------------------------------------------------------===//

#include "VirtualTokens.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/ScopeExit.h"

#include <cmath>

using namespace mlir;
using namespace mlir::lmhead;

namespace {

/// Beyond this nesting of generics, a piece is not a cross-entropy.
constexpr unsigned kMaxDepth = 48;

/// Adds `value` and every tensor it is reshaped from or into to `views`.
void addReshapeViews(Value value, llvm::DenseSet<Value> &views) {
  SmallVector<Value> worklist{value};
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    if (!v || !views.insert(v).second)
      continue;
    if (auto expand = v.getDefiningOp<tensor::ExpandShapeOp>())
      worklist.push_back(expand.getSrc());
    if (auto collapse = v.getDefiningOp<tensor::CollapseShapeOp>())
      worklist.push_back(collapse.getSrc());
    for (Operation *user : v.getUsers())
      if (isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(user))
        worklist.push_back(user->getResult(0));
  }
}

} // namespace

VirtualTokens::VirtualTokens(ElementwiseExprBuilder &exprs, Value logits,
                             Value labels, Value bias, int64_t vocab)
    : exprs(exprs), bias(bias), vocab(vocab) {
  addReshapeViews(logits, logitsViews);
  addReshapeViews(labels, labelViews);
  auto shape = cast<RankedTensorType>(logits.getType()).getShape();
  tokenExtents.assign(shape.begin(), shape.end() - 1);
}

int64_t VirtualTokens::position(unsigned token, int64_t extent) {
  if (ShapedType::isDynamic(extent))
    extent = 1000;
  switch (token % 4) {
  case 0:
    return 0;
  case 1:
    return extent - 1;
  case 2:
    return extent / 2;
  default:
    return std::min<int64_t>(1, extent - 1);
  }
}

double VirtualTokens::freeValue(Value value, unsigned token, bool byToken,
                                int64_t column, bool byColumn) const {
  // A hash of what the value depends on, spread over [0.5, 1.5).
  uint64_t h = reinterpret_cast<uintptr_t>(value.getAsOpaquePointer());
  h = h * 0x9E3779B97F4A7C15ull + (byToken ? token + 1 : 0);
  h = h * 0x9E3779B97F4A7C15ull + (byColumn ? uint64_t(column) + 1 : 0);
  h ^= h >> 29;
  h *= 0xBF58476D1CE4E5B9ull;
  h ^= h >> 32;
  return 0.5 + static_cast<double>(h % 1000003) / 1000003.0;
}

void VirtualTokens::setTokens(std::vector<VirtualToken> newTokens) {
  tokens = std::move(newTokens);
  cache.clear();
}

bool VirtualTokens::isLogits(Value value) const {
  return logitsViews.contains(value);
}

bool VirtualTokens::isLabels(Value value) const {
  return labelViews.contains(value);
}

std::optional<double> VirtualTokens::at(const Expr *e, unsigned token,
                                        int64_t column,
                                        int64_t vocabularyLoop) {
  if (token >= tokens.size() || column < 0 || column >= vocab)
    return std::nullopt;
  ExprPoint point;
  // The vocabulary loop's index is the column; token loops stand at the
  // made-up token's position.
  point.indices.assign(std::max<int64_t>(vocabularyLoop + 1, 8), 0);
  for (int64_t loop = 0; loop < static_cast<int64_t>(point.indices.size());
       ++loop) {
    int64_t extent =
        tokenExtents.empty()
            ? ShapedType::kDynamic
            : tokenExtents[std::min<size_t>(loop, tokenExtents.size() - 1)];
    point.indices[loop] = position(token, extent);
  }
  if (vocabularyLoop >= 0)
    point.indices[vocabularyLoop] = column;
  point.tensor = [&](const Expr &node) {
    return leaf(node, token, column, vocabularyLoop);
  };
  point.scalar = [&](Value v) { return free(v); };
  return evaluate(e, point);
}

std::optional<double> VirtualTokens::leaf(const Expr &node, unsigned token,
                                          int64_t column,
                                          int64_t vocabularyLoop) {
  Value value = node.value;
  // A [tokens..., V] leaf reads the vocabulary loop last.
  auto readsVocabularyLast = [&] {
    return !node.loops.empty() && node.loops.back() == vocabularyLoop &&
           llvm::all_of(ArrayRef<int64_t>(node.loops).drop_back(),
                        [&](int64_t l) { return l < vocabularyLoop; });
  };
  if (isLogits(value))
    return readsVocabularyLast()
               ? std::optional<double>(tokens[token].logits[column])
               : std::nullopt;
  if (isLabels(value))
    return tokens[token].label;
  if (value == bias)
    return 0.0;
  if (auto result = dyn_cast<OpResult>(value))
    if (isa<linalg::GenericOp, linalg::MapOp, linalg::ReduceOp>(
            result.getOwner()))
      return generic(result.getOwner(), result.getResultNumber(), node.loops,
                     token, column, vocabularyLoop);
  // An argument or anything else not computed here: a fixed value per
  // token and column it reads.
  bool byToken = llvm::any_of(
      node.loops, [&](int64_t l) { return l >= 0 && l != vocabularyLoop; });
  bool byColumn = llvm::is_contained(node.loops, vocabularyLoop);
  return freeValue(value, token, byToken, column, byColumn);
}

std::optional<double> VirtualTokens::generic(Operation *op,
                                             unsigned resultIndex,
                                             ArrayRef<int64_t> leafLoops,
                                             unsigned token, int64_t column,
                                             int64_t vocabularyLoop) {
  auto g = cast<linalg::LinalgOp>(op);
  if (depth >= kMaxDepth)
    return std::nullopt;
  ++depth;
  llvm::scope_exit leave([&] { --depth; });

  // Each loop of the generic: a token loop, the vocabulary loop or a unit.
  enum class Role { Token, Vocabulary, Unit };
  unsigned numLoops = g.getNumLoops();
  SmallVector<Role> roles(numLoops, Role::Unit);
  SmallVector<int64_t> ranges = g.getStaticLoopRanges();
  AffineMap outMap =
      g.getIndexingMapsArray()[g.getNumDpsInputs() + resultIndex];
  bool dependsOnToken = false, dependsOnColumn = false;
  SmallVector<bool> inOutput(numLoops, false);
  for (auto [pos, expr] : llvm::enumerate(outMap.getResults())) {
    auto d = dyn_cast<AffineDimExpr>(expr);
    if (!d)
      continue;
    unsigned dim = d.getPosition();
    inOutput[dim] = true;
    int64_t outer = pos < leafLoops.size() ? leafLoops[pos] : -1;
    if (outer < 0 || ranges[dim] == 1) {
      roles[dim] = Role::Unit;
    } else if (outer == vocabularyLoop) {
      roles[dim] = Role::Vocabulary;
      dependsOnColumn = true;
    } else {
      roles[dim] = Role::Token;
      dependsOnToken = true;
    }
  }
  bool reducesTokens = false, reducesVocabulary = false;
  for (auto [dim, type] : llvm::enumerate(g.getIteratorTypesArray())) {
    if (inOutput[dim] || ranges[dim] == 1)
      continue;
    if (type != utils::IteratorType::reduction)
      return std::nullopt; // a parallel loop the result does not show
    if (ranges[dim] == vocab) {
      roles[dim] = Role::Vocabulary;
      reducesVocabulary = true;
    } else {
      roles[dim] = Role::Token;
      reducesTokens = true;
    }
  }
  // All token loops are summed together, or none is.
  if (reducesTokens && dependsOnToken)
    return std::nullopt;

  auto key = std::make_tuple(op->getResult(resultIndex).getAsOpaquePointer(),
                             dependsOnToken ? int64_t(token) : int64_t(-1),
                             dependsOnColumn ? column : int64_t(-1));
  if (auto it = cache.find(key); it != cache.end())
    return it->second;

  // The loops of an operand's expression: token loops 0 .. T−1 in the
  // generic's order, the vocabulary loop T, units −1.
  SmallVector<int64_t> outerOf(numLoops, -1);
  int64_t tokenLoops = 0;
  for (unsigned dim = 0; dim < numLoops; ++dim)
    if (roles[dim] == Role::Token)
      outerOf[dim] = tokenLoops++;
  for (unsigned dim = 0; dim < numLoops; ++dim)
    if (roles[dim] == Role::Vocabulary)
      outerOf[dim] = tokenLoops;
  auto operandExpr = [&](OpOperand &operand) -> const Expr * {
    if (!isa<RankedTensorType>(operand.get().getType()))
      return nullptr;
    SmallVector<int64_t, 2> loops;
    for (AffineExpr e : g.getMatchingIndexingMap(&operand).getResults()) {
      if (auto d = dyn_cast<AffineDimExpr>(e))
        loops.push_back(outerOf[d.getPosition()]);
      else
        loops.push_back(-1);
    }
    return exprs.build(operand.get(), loops);
  };
  SmallVector<const Expr *> inputs;
  for (OpOperand *input : g.getDpsInputOperands())
    inputs.push_back(operandExpr(*input));

  Block *body = g.getBlock();
  SmallVector<double> accumulators;
  for (OpOperand &init : g.getDpsInitsMutable()) {
    const Expr *e = operandExpr(init);
    std::optional<double> v =
        e ? at(e, token, column, tokenLoops) : std::nullopt;
    // An init a parallel body never reads may be anything.
    accumulators.push_back(v.value_or(0.0));
  }

  auto runBody = [&](unsigned k, int64_t v) -> bool {
    llvm::DenseMap<Value, double> env;
    for (auto [i, input] : llvm::enumerate(inputs)) {
      Value arg = body->getArgument(i);
      if (!input) {
        std::optional<double> scalar = free(g.getDpsInputOperand(i)->get());
        env[arg] = *scalar;
        continue;
      }
      std::optional<double> value = at(input, k, v, tokenLoops);
      if (!value)
        return false;
      env[arg] = *value;
    }
    // linalg.map's body has no argument for its init.
    for (auto [i, acc] : llvm::enumerate(accumulators))
      if (inputs.size() + i < body->getNumArguments())
        env[body->getArgument(inputs.size() + i)] = acc;
    auto valueOf = [&](Value x) -> std::optional<double> {
      if (auto it = env.find(x); it != env.end())
        return it->second;
      // A constant, or a scalar captured from outside.
      if (auto constant = x.getDefiningOp<arith::ConstantOp>()) {
        if (auto f = dyn_cast<FloatAttr>(constant.getValue()))
          return f.getValueAsDouble();
        if (auto i = dyn_cast<IntegerAttr>(constant.getValue()))
          return static_cast<double>(i.getValue().getSExtValue());
      }
      if (x.getParentBlock() == body)
        return std::nullopt;
      return free(x);
    };
    for (Operation &inner : body->without_terminator()) {
      if (isa<cf::AssertOp>(inner))
        continue;
      if (auto index = dyn_cast<linalg::IndexOp>(inner)) {
        Role role = roles[index.getDim()];
        env[index] =
            role == Role::Vocabulary ? static_cast<double>(v)
            : role == Role::Token
                ? static_cast<double>(position(k, ranges[index.getDim()]))
                : 0.0;
        continue;
      }
      if (auto extract = dyn_cast<tensor::ExtractOp>(inner)) {
        // A gather: the tensor's row of this token, at the computed index.
        auto type = cast<RankedTensorType>(extract.getTensor().getType());
        std::optional<double> index = valueOf(extract.getIndices().back());
        if (!index || type.getRank() < 1 || *index != std::floor(*index))
          return false;
        SmallVector<int64_t, 2> loops;
        for (int64_t d = 0; d < type.getRank(); ++d)
          loops.push_back(d);
        std::optional<double> read =
            at(exprs.build(extract.getTensor(), loops), k,
               static_cast<int64_t>(*index), type.getRank() - 1);
        if (!read)
          return false;
        gathers.insert(op);
        env[extract] = *read;
        continue;
      }
      if (auto constant = dyn_cast<arith::ConstantOp>(inner)) {
        std::optional<double> c = valueOf(constant);
        if (!c)
          return false;
        env[constant] = *c;
        continue;
      }
      if (inner.getNumResults() != 1 || inner.getNumRegions() != 0)
        return false;
      SmallVector<double, 3> args;
      for (Value operand : inner.getOperands()) {
        std::optional<double> a = valueOf(operand);
        if (!a)
          return false;
        args.push_back(*a);
      }
      std::optional<double> r = evaluateScalarOp(&inner, args);
      if (!r)
        return false;
      env[inner.getResult(0)] = *r;
    }
    for (auto [i, yielded] :
         llvm::enumerate(body->getTerminator()->getOperands())) {
      std::optional<double> y = valueOf(yielded);
      if (!y)
        return false;
      accumulators[i] = *y;
    }
    return true;
  };

  std::optional<double> result;
  bool ok = true;
  unsigned firstToken = reducesTokens ? 0 : token;
  unsigned endToken = reducesTokens ? tokens.size() : token + 1;
  int64_t firstColumn = reducesVocabulary ? 0 : column;
  int64_t endColumn = reducesVocabulary ? vocab : column + 1;
  for (unsigned k = firstToken; ok && k < endToken; ++k)
    for (int64_t v = firstColumn; ok && v < endColumn; ++v)
      ok = runBody(k, v);
  if (ok)
    result = accumulators[resultIndex];
  cache[key] = result;
  return result;
}
