//===- DeviceScope.h - device buffers and streams of a launch ---*- C++ -*-===//
//
// Inside a launch function (LaunchFunction.h) the kernels need device
// buffers of the op's operands and results. With `operands=host` the scope
// allocates them on the device, copies the operands in and, at the end,
// the results back to the host buffers the call passed. With
// `operands=device` the arguments are those device buffers: operands and
// results are used as they are, and the only copies are device-to-device
// ones that start an accumulated gradient from the gradient it adds to.
// Scratch buffers are allocated on the device in either mode.
//
// All of it runs on async-token chains (`gpu.wait async` starts a stream, a
// join of two or more tokens lowers to a new stream waiting on an event of
// each). finish() joins the chains, frees what the scope allocated and
// waits on the host, so the results are ready when the function returns; a
// launch that returns without waiting (for stream capture in a CUDA graph)
// is the job of the runtime bundle API (--lmhead-write-bundle), not of
// this host code.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_CONVERSION_LMHEADTOGPU_DEVICESCOPE_H
#define LMHEAD_CONVERSION_LMHEADTOGPU_DEVICESCOPE_H

#include "lmhead/Conversion/LMHeadToGPU/OperandMemory.h"

#include "mlir/IR/ImplicitLocOpBuilder.h"

namespace mlir {
namespace lmhead {

/// Device memory and streams inside one launch function.
class DeviceScope {
public:
  /// Starts the setup stream. `memory` says where the launch function's
  /// arguments live.
  DeviceScope(ImplicitLocOpBuilder &b, OperandMemory memory);

  /// A token of a new stream with nothing to wait for.
  Value freshStream();

  /// A scratch device buffer of `type` with `sizes` (one per dynamic
  /// dimension), allocated on the setup stream and freed by finish().
  Value allocate(MemRefType type, ValueRange sizes);

  /// The device buffer of operand argument `argument`: a copy filled on the
  /// setup stream (host), or the argument itself (device).
  Value operand(Value argument);

  /// The device buffer the kernels write result argument `argument`
  /// through: a fresh one (host), or the argument itself (device).
  Value result(Value argument);

  /// Like result(), but holding a copy of operand argument `initial` (the
  /// gradient an accumulated result adds to), made on the setup stream:
  /// copied in from the host (host) or from device to device (device).
  Value accumulatedResult(Value argument, Value initial);

  /// Puts what `device` (a buffer from result() or accumulatedResult())
  /// holds after `after` into result argument `argument`: a copy to the
  /// host (host), nothing (device, where they are one buffer). Returns the
  /// token after which the argument holds it.
  Value deliver(Value argument, Value device, Value after);

  /// Joins `done`, frees every buffer the scope allocated, waits on the
  /// host for every stream the launch function ran on (which destroys
  /// them) and returns.
  void finish(ValueRange done);

  /// The type of async tokens.
  Type tokenType;
  /// The setup stream: allocations, copies in, and what runs before the
  /// kernels fork.
  Value stream;

private:
  /// A device buffer shaped like `like` (every dimension dynamic), filled
  /// from `fillFrom` unless that is null.
  Value allocateLike(Value like, Value fillFrom);
  /// Copies `source` into `target` on the setup stream.
  void copy(Value target, Value source);

  ImplicitLocOpBuilder &b;
  OperandMemory memory;
  SmallVector<Value> buffers;
};

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_CONVERSION_LMHEADTOGPU_DEVICESCOPE_H
