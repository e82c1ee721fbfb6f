//===- ElementwiseExpr.h - scalar view of elementwise chains ----*- C++ -*-===//
//
// Frontends spell the softmax cross-entropy as chains of elementwise
// linalg.generic ops (broadcasts, subtractions, exp, selects on labels),
// split or fused in many ways. ElementwiseExprBuilder reads such a chain as
// one scalar expression over the loops of the final value: leaves are the
// tensors that are not elementwise (reductions, products, arguments) with the
// loops they read, loop indices and scalars. The expressions are compared by
// identity (they are built once per value and loop mapping) and evaluated at
// chosen points to check what a piece of the graph computes.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_LIB_DIALECT_LMHEAD_TRANSFORMS_RECOGNIZE_ELEMENTWISEEXPR_H
#define LMHEAD_LIB_DIALECT_LMHEAD_TRANSFORMS_RECOGNIZE_ELEMENTWISEEXPR_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <deque>
#include <functional>
#include <map>
#include <optional>

namespace mlir {
namespace lmhead {

/// One node of a scalar expression.
struct Expr {
  enum class Kind {
    /// An element of a tensor that is not computed elementwise here.
    Tensor,
    /// A scalar value: a constant or a value from outside a generic body.
    Scalar,
    /// The index of one outer loop (linalg.index).
    Index,
    /// A scalar operation of a generic body applied to `operands`.
    Op,
    /// A [tokens..., V] tensor written one element per token by a scatter
    /// loop (RowScatter.cpp): `operands` are {column, update, base}; the
    /// element at (token, v) is `update` (or `base + update` when
    /// `accumulates`) where v == column and `base` elsewhere. `indexLoop`
    /// is the loop of v.
    RowScatter,
  };
  Kind kind;
  /// Tensor: the tensor; Scalar: the scalar value.
  Value value;
  /// Tensor: the outer loop each tensor dimension reads (-1: a unit
  /// dimension read at 0).
  SmallVector<int64_t, 2> loops;
  /// Index: the outer loop.
  int64_t indexLoop = -1;
  /// Op: the operation and its operand expressions.
  Operation *op = nullptr;
  SmallVector<const Expr *, 3> operands;
  /// RowScatter: whether the update is added to the base.
  bool accumulates = false;

  /// True for a tensor leaf reading `loops` exactly.
  bool isTensorReading(ArrayRef<int64_t> expected) const {
    return kind == Kind::Tensor && ArrayRef<int64_t>(loops) == expected;
  }
};

/// Builds the expressions of values; equal (value, loops) give the same node.
class ElementwiseExprBuilder {
public:
  /// The expression of `value` with tensor dimension i read by outer loop i.
  const Expr *build(Value value);

  /// The expression of `value` with its dimensions read by `loops`.
  const Expr *build(Value value, ArrayRef<int64_t> loops);

  /// The expression of `scalar`, a value of the body of the linalg.generic
  /// `generic`, over that generic's own loops.
  const Expr *buildBodyScalar(Value scalar, Operation *generic);

private:
  const Expr *buildScalar(Value scalar, Operation *generic,
                          ArrayRef<int64_t> loopToOuter);
  const Expr *buildExtract(Operation *extract, Operation *generic,
                           ArrayRef<int64_t> loopToOuter);
  const Expr *buildRowScatter(Operation *loop, Value result,
                              ArrayRef<int64_t> loops);
  const Expr *buildSliceAdd(Operation *loop, Value result,
                            ArrayRef<int64_t> loops);
  const Expr *buildColumn(Value matrix, int64_t column,
                          ArrayRef<int64_t> rowLoops);
  const Expr *leaf(Value value, ArrayRef<int64_t> loops);
  const Expr *make(Expr expr);

  std::deque<Expr> nodes;
  /// Nesting of build() calls, and the node count when the outermost call
  /// began: each outermost call may add a bounded number of nodes.
  unsigned depth = 0;
  size_t budgetStart = 0;
  std::map<std::pair<void *, SmallVector<int64_t, 2>>, const Expr *> tensors;
  llvm::DenseMap<Value, const Expr *> scalars;
};

/// Values of the leaves at one point of evaluation.
struct ExprPoint {
  /// Value of a tensor leaf (by tensor and the loops it reads).
  std::function<std::optional<double>(const Expr &)> tensor;
  /// Value of each outer loop index.
  SmallVector<int64_t, 2> indices;
  /// Value of a non-constant scalar leaf.
  std::function<std::optional<double>(Value)> scalar;
};

/// Evaluates `expr` at `point` in f64 (integers and booleans as numbers);
/// nothing when an operation is not one of the arith/math ops understood.
std::optional<double> evaluate(const Expr *expr, const ExprPoint &point);

/// The value of the scalar arith/math operation `op` applied to `args`
/// (integers and booleans as numbers); nothing for an operation not
/// understood.
std::optional<double> evaluateScalarOp(Operation *op, ArrayRef<double> args);

/// Calls `visit` on every node of `expr` (shared nodes once).
void forEachNode(const Expr *expr, function_ref<void(const Expr &)> visit);

/// The constant value of a scalar or splat-tensor leaf, if it is one.
std::optional<double> constantValue(const Expr &leaf);

/// Whether `e` is the index of loop `loop` for every index below `extent`,
/// up to integer casts and `rem(index, c)` with c ≥ extent.
bool isIndexOfLoop(const Expr *e, int64_t loop, int64_t extent);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_LIB_DIALECT_LMHEAD_TRANSFORMS_RECOGNIZE_ELEMENTWISEEXPR_H
