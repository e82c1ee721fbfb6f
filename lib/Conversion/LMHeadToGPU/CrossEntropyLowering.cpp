//===- CrossEntropyLowering.cpp - ce ops to kernels and launches ----------===//
//
// Each planned ce_linear_fwd, ce_linear_grad or ce_linear_step is replaced,
// in place, by a call of a launch function that runs its schedule
// (CrossEntropySchedule.h) with ScheduleToLaunch.h: the workspace buffers
// allocated on the device, each of the schedule's streams a chain of
// async tokens, so that the next chunk's logits overlap this chunk's
// products.
//
//===----------------------------------------------------------------------===//

#include "CrossEntropyLowering.h"

#include "CrossEntropySchedule.h"
#include "ScheduleLaunches.h"
#include "ScheduleToLaunch.h"

using namespace mlir;
using namespace mlir::lmhead;

LogicalResult mlir::lmhead::lowerCrossEntropyOp(Operation *op,
                                                CrossEntropyPlanAttr plan,
                                                gpu::GPUModuleOp kernels,
                                                StringRef prefix,
                                                OperandMemory memory) {
  FailureOr<Schedule> schedule =
      buildCrossEntropySchedule(op, plan, kernels, prefix);
  if (failed(schedule) ||
      failed(checkLaunches(*schedule, kernels, op->getLoc())))
    return failure();
  return emitLaunchFunction(op, *schedule, kernels, prefix, memory);
}
