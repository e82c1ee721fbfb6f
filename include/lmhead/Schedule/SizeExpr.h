//===- SizeExpr.h - sizes of a schedule as integer expressions --*- C++ -*-===//
//
// Part of lmhead. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// A schedule (Schedule.h) says how big each buffer is, how many blocks each
// launch has and what each kernel argument holds as integer expressions
// over the op's sizes: constants where the op's types fix a size, and
// symbols (`n`, `v`, `d`) where they leave it dynamic. The same expression
// becomes `arith` ops in the launch function that --lmhead-lower-to-gpu
// writes and an integer expression of the manifest that
// --lmhead-write-bundle writes, so the two cannot compute a size apart.
//
// Expressions are kept in a normal form as they are built: constants fold,
// a product holds one constant factor first and its other factors in the
// order they were multiplied (so `64·n` prints as the manifest has always
// spelled it), and ceiling division and remainder are by a positive
// constant only.
//
// A chunk loop (Schedule.h) names its index as a symbol too (`c`): the
// chunk's first row is `c·chunk`, its size `min(chunk, n − c·chunk)`, and
// the half of a double buffer it uses `(c mod 2)·size`. An emitter that
// unrolls a loop binds the index to each iteration's value (bind()).
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_SCHEDULE_SIZEEXPR_H
#define LMHEAD_SCHEDULE_SIZEEXPR_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
namespace lmhead {

/// A non-negative integer of a schedule: a constant, a symbol for one of
/// the op's dynamic sizes or a loop's index, or a product, difference,
/// ceiling division, remainder, minimum or maximum of such. Cheap to copy
/// (the nodes are shared and immutable).
class SizeExpr {
public:
  enum class Kind {
    Constant,
    Symbol,
    Product,
    Difference,
    CeilDiv,
    Remainder,
    Min,
    Max
  };

  /// A constant.
  SizeExpr(int64_t constant = 0);
  /// The dynamic size named `name` (`n`, `v` or `d`).
  static SizeExpr symbol(llvm::StringRef name);

  Kind getKind() const;
  /// The value, when the expression is a constant.
  std::optional<int64_t> getConstant() const;
  bool isConstant() const { return getKind() == Kind::Constant; }
  /// A symbol's name.
  llvm::StringRef getSymbol() const;
  /// A product's factors (its constant factor, when not 1, first); the
  /// dividend of a ceiling division or remainder; both operands of a
  /// difference, minimum or maximum.
  llvm::ArrayRef<SizeExpr> getOperands() const;
  /// A ceiling division's or remainder's divisor (positive).
  int64_t getDivisor() const;

  friend SizeExpr operator*(const SizeExpr &lhs, const SizeExpr &rhs);
  /// lhs − rhs, for a schedule that knows lhs ≥ rhs (evaluate() has no
  /// value where it is not).
  friend SizeExpr operator-(const SizeExpr &lhs, const SizeExpr &rhs);
  /// ceil(dividend / divisor), for a positive divisor.
  friend SizeExpr ceilDiv(const SizeExpr &dividend, int64_t divisor);
  /// dividend mod divisor, for a positive divisor.
  friend SizeExpr remainder(const SizeExpr &dividend, int64_t divisor);
  friend SizeExpr min(const SizeExpr &lhs, const SizeExpr &rhs);
  friend SizeExpr max(const SizeExpr &lhs, const SizeExpr &rhs);

  /// Structural equality (of the normal forms).
  bool operator==(const SizeExpr &other) const;
  bool operator!=(const SizeExpr &other) const { return !(*this == other); }

  /// The value with each symbol's value from `symbolValue`; none when a
  /// symbol has none, or a product overflows 63 bits.
  std::optional<int64_t> evaluate(
      llvm::function_ref<std::optional<int64_t>(llvm::StringRef)> symbolValue)
      const;

  /// The symbols it reads, each once, in order of first appearance.
  std::vector<std::string> symbols() const;
  /// Whether it reads symbol `name`.
  bool reads(llvm::StringRef name) const;

  /// The expression with symbol `name` replaced by `value`, folded.
  SizeExpr bind(llvm::StringRef name, int64_t value) const;

  /// As text: `64`, `n`, `64*n`, `(n - 64*c)`, `ceildiv(n*d, 256)`,
  /// `(c mod 2)`, `min(a, b)`.
  void print(llvm::raw_ostream &os) const;
  std::string str() const;

private:
  struct Node;
  explicit SizeExpr(std::shared_ptr<const Node> node);
  /// A minimum or maximum, folded when both sides are constants or equal.
  static SizeExpr extremum(Kind kind, const SizeExpr &lhs, const SizeExpr &rhs);
  std::shared_ptr<const Node> node;
};

inline llvm::raw_ostream &operator<<(llvm::raw_ostream &os,
                                     const SizeExpr &expr) {
  expr.print(os);
  return os;
}

/// The number of `tile`-sized blocks that cover `extent`, as a grid size:
/// at least one when the extent is a constant, and a ceiling division
/// otherwise (which is 0 for an empty extent: the runtime then launches
/// nothing, and --lmhead-lower-to-gpu launches one block that stores
/// nothing).
SizeExpr gridBlocks(const SizeExpr &extent, int64_t tile);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_SCHEDULE_SIZEEXPR_H
