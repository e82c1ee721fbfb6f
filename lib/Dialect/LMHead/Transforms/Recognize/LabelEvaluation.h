//===- LabelEvaluation.h - cross-entropy checks by evaluation ---*- C++ -*-===//
//
// The cross-entropy matchers (CrossEntropyMatch.cpp, MeanLossMatch.cpp) read
// the pieces of a softmax cross-entropy as expressions (ElementwiseExpr.h)
// and check what depends on the labels by evaluating those expressions at
// chosen labels and columns. This header holds what both share: reading
// per-token tensors and row sums, finding the labels, and the evaluator.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_LIB_DIALECT_LMHEAD_TRANSFORMS_RECOGNIZE_LABELEVALUATION_H
#define LMHEAD_LIB_DIALECT_LMHEAD_TRANSFORMS_RECOGNIZE_LABELEVALUATION_H

#include "ElementwiseExpr.h"

#include "mlir/IR/BuiltinTypes.h"

#include <optional>

namespace mlir {
namespace lmhead {

/// Label values used when evaluating label-dependent expressions: a target
/// column, another column, and a second target.
inline constexpr int64_t kTarget = 3, kOtherColumn = 5, kSecondTarget = 7;

/// The loops of a leaf without its unit dimensions.
SmallVector<int64_t, 2> realLoops(const Expr &e);

/// The token loops 0 .. tokenRank−1 (the vocabulary loop comes after).
SmallVector<int64_t, 2> tokenLoops(unsigned tokenRank);

/// Whether `e` is a tensor read by the token loops alone: a value per token.
bool isRowLeaf(const Expr *e, unsigned tokenRank = 1);

/// Whether `e` is an operation node of the op named `name`.
bool isOp(const Expr *e, StringRef name);

/// `e` without rounding casts (truncf/extf) on top. Frontends round the
/// logits and the logit gradient to the GEMM operand type (bf16 autocast);
/// the lmhead ops keep them in f32, which differs by that rounding only.
const Expr *stripRounding(const Expr *e);

/// `value` before the collapse_shape/expand_shape ops that only add or drop
/// unit dimensions.
Value throughUnitReshapes(Value value);

/// A sum over the last outer loops: the reduced input read in outer loops
/// where the kept loops come first (in the order of the output) and the
/// `reduced` summed loops last.
struct SumReduction {
  Value input;
  SmallVector<int64_t, 2> inputLoops;
  unsigned reduced = 0;
};

/// Reads `value` as `Σ input` over the generic's reduction loops (a zero
/// init and a body adding a value-preserving cast of the input to the
/// output), looking through unit reshapes of the result.
std::optional<SumReduction> sumReduction(Value value);

/// The expression summed by the row-sum leaf `row` (over the token loops
/// and the vocabulary loop), if `row` is a row sum.
const Expr *rowSumOperand(ElementwiseExprBuilder &exprs, const Expr *row,
                          unsigned tokenRank = 1);

/// Assigns fixed, distinct values to the non-constant scalars of an
/// evaluation, so that an expression of them can be compared across points.
class ScalarValues {
public:
  std::optional<double> operator()(Value v);

private:
  llvm::DenseMap<Value, double> values;
};

/// Evaluates an expression of labels, column index and scalars at token 0.
struct LabelEvaluator {
  LabelEvaluator(Value labels, unsigned tokenRank)
      : labels(labels), tokenRank(tokenRank) {}

  /// `e` at token 0 with label `label`, at vocabulary column `column`;
  /// `rowTensor` (a per-token tensor) reads `rowValue` there.
  std::optional<double> at(const Expr *e, double label, int64_t column,
                           std::optional<double> rowValue = std::nullopt,
                           Value rowTensor = Value());

  Value labels;
  unsigned tokenRank;
  ScalarValues scalars;
  /// Values given to per-token tensors (row sums, maxima, gathers).
  llvm::DenseMap<Value, double> rows;
};

/// The one integer per-token tensor read by `e`, if there is exactly one.
Value findLabels(const Expr *e, unsigned tokenRank);

/// Integer constants of `e`: the candidates for its ignore_index.
SmallVector<int64_t> integerConstants(const Expr *e);

/// Whether `e` depends on the labels or on the vocabulary column.
bool readsLabelsOrColumns(const Expr *e, Value labels);

/// Whether `a` is `b` up to rounding.
bool same(std::optional<double> a, double b);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_LIB_DIALECT_LMHEAD_TRANSFORMS_RECOGNIZE_LABELEVALUATION_H
