//===- ScheduleToLaunch.h - a schedule as a launch function -----*- C++ -*-===//
//
// Part of lmhead. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The emitter of a schedule (Schedule.h) for --lmhead-lower-to-gpu: the op
// is replaced by a call of a launch function (LaunchFunction.h) that runs
// the schedule's launches on device buffers of the op's tensors
// (DeviceScope.h: copies of host buffers, or the buffers themselves with
// operands=device) and of its workspace (allocated on the device).
//
// Inside, the setup (allocations and copies in) runs on one stream; each
// of the schedule's streams is a chain of async tokens that starts after
// the setup, and a launch depends on the launch before it on its stream
// and on those in its `after` list (a join of two or more tokens lowers to
// a new stream waiting on an event of each). The results are delivered
// once every stream is done. Every size is computed from the schedule's
// expressions, the dynamic ones read from the operands' buffers; a grid
// size is at least 1, so that an empty problem is still a valid launch.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_CONVERSION_LMHEADTOGPU_SCHEDULETOLAUNCH_H
#define LMHEAD_CONVERSION_LMHEADTOGPU_SCHEDULETOLAUNCH_H

#include "lmhead/Conversion/LMHeadToGPU/OperandMemory.h"
#include "lmhead/Schedule/Schedule.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir {
namespace lmhead {

/// Replaces `op` by a call of `<prefix>_launch`, a launch function written
/// beside the op's function that runs `schedule`, whose kernels are in
/// `kernels`, with the op's tensors where `memory` says. The schedule's
/// launches must have passed checkLaunches. Fails with an error on the op.
LogicalResult emitLaunchFunction(Operation *op, const Schedule &schedule,
                                 gpu::GPUModuleOp kernels, StringRef prefix,
                                 OperandMemory memory);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_CONVERSION_LMHEADTOGPU_SCHEDULETOLAUNCH_H
