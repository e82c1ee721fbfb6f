//===- RoundedOperands.h - f32 operands rounded for the kernels -*- C++ -*-===//
//
// Part of lmhead. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// With f32-operands=bf16, --lmhead-plan rounds an op's f32 GEMM operands to
// bf16 before planning it for the tensor-core kernels, and gives them back
// when the op is decomposed after all.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_DIALECT_LMHEAD_TRANSFORMS_ROUNDEDOPERANDS_H
#define LMHEAD_DIALECT_LMHEAD_TRANSFORMS_ROUNDEDOPERANDS_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir {
namespace lmhead {

/// The f32 operands of one op rounded to bf16 for the kernels, and how to
/// give them back when the op is not planned after all.
class RoundedOperands {
public:
  /// Rounds each of `operands` (of `op`) to bf16 (round to nearest even)
  /// with an elementwise linalg.map, so the op's products read bf16
  /// operands; its result and accumulator types stay as they are.
  RoundedOperands(Operation *op, ArrayRef<OpOperand *> operands);
  RoundedOperands() = default;

  /// Whether any operand was rounded.
  bool any() const { return !rounded.empty(); }

  /// Gives the op its exact operands back and erases the roundings.
  void restore();

private:
  SmallVector<std::pair<OpOperand *, Value>, 3> rounded;
};

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_DIALECT_LMHEAD_TRANSFORMS_ROUNDEDOPERANDS_H
