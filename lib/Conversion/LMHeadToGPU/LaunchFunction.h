//===- LaunchFunction.h - an op's call site and launch function -*- C++ -*-===//
//
// Every lowering of an lmhead op replaces the op by a call of a private
// launch function written beside its function. LaunchBuilder writes both
// ends of that call: the call passes each operand as a tensor and each
// result as a fresh buffer, with every dimension dynamic; the launch
// function takes each operand's buffer with a read-only
// `bufferization.to_buffer` of its argument (rank 0 as [1], which is what
// device buffers and kernels take), so that bufferization sees the call
// read the tensor; after the call the results are read back as tensors of
// their buffers. The result buffers are host memory
// (`memref.alloc`) with `operands=host`, device memory with
// `operands=device`: a `gpu.alloc` marked `bufferization.manual_deallocation`
// so that upstream's buffer deallocation leaves it to the caller, and
// synchronous, since an async token would bring a `gpu.wait` into the
// caller, which that deallocation rejects (`gpu-async-region` makes it
// async before `gpu-to-llvm`). The launch function is marked
// kGPUHostAttrName.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_CONVERSION_LMHEADTOGPU_LAUNCHFUNCTION_H
#define LMHEAD_CONVERSION_LMHEADTOGPU_LAUNCHFUNCTION_H

#include "lmhead/Conversion/LMHeadToGPU/Passes.h"

#include "mlir/IR/ImplicitLocOpBuilder.h"

namespace mlir {
namespace lmhead {

/// `type` (a shaped type) as a memref with every dimension dynamic; rank 0
/// becomes [1].
MemRefType dynamicMemRefType(Type type);

/// Writes the call site and the launch function of one op. The launch
/// function's arguments are the buffers `addOperand` and `addResult`
/// registered, in that order; `memory` says where they live.
class LaunchBuilder {
public:
  /// The launch function will be `<prefix>_launch`.
  LaunchBuilder(Operation *op, StringRef prefix, OperandMemory memory)
      : op(op), prefix(prefix.str()), memory(memory) {}

  /// Where the arguments live.
  OperandMemory getMemory() const { return memory; }

  /// An operand tensor of `op`: the call passes it, and the launch function
  /// reads its buffer. Returns the argument's index.
  int addOperand(Value tensor);

  /// A result tensor of `op`: a fresh buffer shaped by `sizes` (index
  /// values at the call site; none for rank 0) becomes an argument, and
  /// the result is read back from it after the call. Returns the index.
  int addResult(Value result, ValueRange sizes);

  /// Creates the launch function beside the op's function, with the
  /// arguments registered so far and an empty body; returns a builder at
  /// the start of the body.
  ImplicitLocOpBuilder begin();

  /// The buffer of argument `i` inside the launch function (after
  /// begin()): an operand's read-only buffer, or a result's buffer.
  Value argument(int i) const { return buffers[i]; }

  /// Writes the call, replaces the op's results by tensors of their
  /// buffers and erases the op.
  void finish();

private:
  Operation *op;
  std::string prefix;
  OperandMemory memory;
  /// The call's operands: tensors of the op's operands, buffers of its
  /// results.
  SmallVector<Value> arguments;
  /// Inside the launch function, the buffer of each argument.
  SmallVector<Value> buffers;
  /// (result of `op`, its buffer at the call site).
  SmallVector<std::pair<Value, Value>> results;
  Block *entry = nullptr;
};

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_CONVERSION_LMHEADTOGPU_LAUNCHFUNCTION_H
