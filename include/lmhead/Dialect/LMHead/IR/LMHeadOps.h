//===- LMHeadOps.h - operations of the lmhead dialect -----------*- C++ -*-===//
//
// Declares the lmhead ops, enums, attributes and interfaces generated from
// LMHeadOps.td, LMHeadEnums.td, LMHeadAttrs.td and LMHeadInterfaces.td.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_DIALECT_LMHEAD_IR_LMHEADOPS_H
#define LMHEAD_DIALECT_LMHEAD_IR_LMHEADOPS_H

#include "lmhead/Dialect/LMHead/IR/LMHeadDialect.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "lmhead/Dialect/LMHead/IR/CrossEntropyOptions.h"
#include "lmhead/Planning/GemmTiles.h"
#include "lmhead/Planning/GpuTarget.h"

#include <string>
#include <utility>

#include "lmhead/Dialect/LMHead/IR/LMHeadEnums.h.inc"

namespace mlir {
/// Parses a GPU target name (`sm_80`, `sm_90a`) as an attribute parameter.
template <> struct FieldParser<lmhead::GpuTarget> {
  static FailureOr<lmhead::GpuTarget> parse(AsmParser &parser);
};
/// Parses an optional attribute parameter that names a GPU target (a
/// GEMM's kernel family): present when the struct names it.
template <> struct FieldParser<std::optional<lmhead::GpuTarget>> {
  static FailureOr<std::optional<lmhead::GpuTarget>> parse(AsmParser &parser);
};
} // namespace mlir

#define GET_ATTRDEF_CLASSES
#include "lmhead/Dialect/LMHead/IR/LMHeadAttrs.h.inc"

namespace mlir {
namespace lmhead {

/// The dimension of the weight that runs over the vocabulary.
inline unsigned vocabDim(WeightLayout layout) {
  return layout == WeightLayout::VD ? 0 : 1;
}

/// The dimension of the weight that runs over the hidden size.
inline unsigned hiddenDim(WeightLayout layout) { return 1 - vocabDim(layout); }

} // namespace lmhead
} // namespace mlir

#include "lmhead/Dialect/LMHead/IR/LMHeadInterfaces.h.inc"

#define GET_OP_CLASSES
#include "lmhead/Dialect/LMHead/IR/LMHeadOps.h.inc"

namespace mlir {
namespace lmhead {

/// Whether `fwd` and `grad` are the forward and the backward of one fused
/// head that a ce_linear_step can compute: the same h, W, labels, bias and
/// options, `grad` reading `fwd`'s lse, reduction mean or sum. Fills `why`
/// with what differs otherwise. Where the step may be placed (its operands
/// must be defined before it) is the caller's concern.
bool formOneStep(CELinearFwdOp fwd, CELinearGradOp grad, std::string *why);

/// Replaces `fwd` and `grad` (formOneStep holds) by one ce_linear_step
/// built at `fwd`, whose operands the caller has checked dominate it.
/// Returns the step.
CELinearStepOp fuseIntoStep(RewriterBase &rewriter, CELinearFwdOp fwd,
                            CELinearGradOp grad);

/// Replaces `step` by a ce_linear_fwd and a ce_linear_grad of the same
/// operands and options (the grad reading the fwd's lse), built where the
/// step was. Returns both.
std::pair<CELinearFwdOp, CELinearGradOp> splitStep(RewriterBase &rewriter,
                                                   CELinearStepOp step);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_DIALECT_LMHEAD_IR_LMHEADOPS_H
