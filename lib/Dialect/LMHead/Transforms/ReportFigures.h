//===- ReportFigures.h - what --lmhead-report says of each op --*- C++ -*-===//
//
// The figures of one lmhead op that `--lmhead-report` prints (Report.cpp)
// and plots (ReportPlot.cpp): its shape and element types, the flops of its
// planned schedule, the least bytes it must move, its roofline on each GPU
// of the table, its plan and the N×V tensors it saves against the unfused
// graph.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_DIALECT_LMHEAD_TRANSFORMS_REPORTFIGURES_H
#define LMHEAD_DIALECT_LMHEAD_TRANSFORMS_REPORTFIGURES_H

#include "lmhead/Planning/GpuTarget.h"
#include "lmhead/Planning/Roofline.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <utility>

namespace mlir {
namespace lmhead {

/// One lmhead op, as `--lmhead-report` describes it.
struct OpFigures {
  /// The op's name without the dialect ("ce_linear_grad").
  std::string op;
  /// Where it is: "file:line:col".
  std::string location;
  int64_t tokens = 0, hidden = 0, vocab = 0;
  /// Whether N is dynamic in the IR (then `tokens` is the planner's
  /// assumption, 8192).
  bool tokensAssumed = false;
  /// The element type of each tensor operand and result, by its name in the
  /// op's definition ("h" -> "bf16").
  llvm::SmallVector<std::pair<std::string, std::string>> elementTypes;
  /// 2 flops per multiply-add of the op's GEMMs under its schedule.
  double flops = 0;
  /// Each input read once and each result written once, bytes.
  double minBytes = 0;
  /// The bytes of the N×V tensors the unfused graph would hold that the op
  /// never makes.
  double memorySavedBytes = 0;
  /// The flops of its backward part (its dh and dW products).
  double backwardFlops = 0;
  /// Whether it is the fused head (a cross-entropy op), not another
  /// linear layer's backward.
  bool isHead = false;
  /// The roofline on each GPU of the table, by GPU name.
  llvm::SmallVector<std::pair<std::string, RooflineBound>> roofline;
  /// The `lmhead.plan` attribute as text, and its predicted time.
  std::optional<std::string> plan;
  std::optional<double> predictedMicros;
  /// The target the plan is for.
  std::optional<GpuTarget> planTarget;

  double intensity() const { return minBytes > 0 ? flops / minBytes : 0; }
};

/// The head's share of a function's backward flops.
struct BackwardShare {
  /// The function's name.
  std::string function;
  /// The flops of the fused head's backward: the dh and dW products of its
  /// ce_linear_grad or ce_linear_step ops.
  double headFlops = 0;
  /// The flops of the other lmhead.linear_grad ops (other linear layers'
  /// backward, all of it backward).
  double otherBackwardFlops = 0;
  /// The flops of the function's other contractions (linalg matmuls and
  /// contraction generics of static shape), forward and backward together.
  double otherFlops = 0;
  /// The backward's flops: the head's, the other linear_grads', and 2/3 of
  /// the other contractions' (a linear layer's backward is two of its
  /// three GEMMs).
  double backwardFlops() const {
    return headFlops + otherBackwardFlops + otherFlops * 2.0 / 3.0;
  }
  double share() const {
    double backward = backwardFlops();
    return backward > 0 ? headFlops / backward : 0;
  }
};

/// Writes the roofline plot of `ops` as SVG: one roof per GPU of the table
/// (log-log, flop/s against arithmetic intensity) and each op as a point on
/// each roof.
void writeRooflinePlot(llvm::ArrayRef<OpFigures> ops, llvm::raw_ostream &os);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_DIALECT_LMHEAD_TRANSFORMS_REPORTFIGURES_H
