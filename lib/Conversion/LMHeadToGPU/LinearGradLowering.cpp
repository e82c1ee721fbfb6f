//===- LinearGradLowering.cpp - linear_grad to kernels and launch ---------===//
//
// A planned linear_grad is replaced, in place, by a call of a launch
// function that runs its schedule (LinearGradSchedule.h, with the products
// whose results the graph uses) with ScheduleToLaunch.h: each product on a
// chain of its own after the setup, the results delivered once both are
// done.
//
//===----------------------------------------------------------------------===//

#include "LinearGradLowering.h"

#include "LinearGradSchedule.h"
#include "ScheduleLaunches.h"
#include "ScheduleToLaunch.h"

using namespace mlir;
using namespace mlir::lmhead;

LogicalResult mlir::lmhead::lowerLinearGradOp(LinearGradOp op,
                                              KernelPlanAttr plan,
                                              gpu::GPUModuleOp kernels,
                                              StringRef prefix,
                                              OperandMemory memory) {
  FailureOr<Schedule> schedule =
      buildLinearGradSchedule(op, plan, kernels, prefix, /*unusedToo=*/false);
  if (failed(schedule) ||
      failed(checkLaunches(*schedule, kernels, op.getLoc())))
    return failure();
  return emitLaunchFunction(op, *schedule, kernels, prefix, memory);
}
