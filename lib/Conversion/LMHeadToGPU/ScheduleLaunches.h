//===- ScheduleLaunches.h - launches of lmhead's kernels --------*- C++ -*-===//
//
// Part of lmhead. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The launches the op schedules (LinearGradSchedule.cpp,
// CrossEntropySchedule.cpp) are made of: a GEMM kernel's, whose grid,
// block, shared memory and A and B arguments follow from its spec, and a
// one-dimensional kernel's; and the check of a schedule's launches against
// their kernels' signatures, which both emitters make.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_CONVERSION_LMHEADTOGPU_SCHEDULELAUNCHES_H
#define LMHEAD_CONVERSION_LMHEADTOGPU_SCHEDULELAUNCHES_H

#include "GemmKernel.h"

#include "lmhead/Schedule/Schedule.h"

#include "llvm/ADT/StringMap.h"

namespace mlir {
namespace lmhead {

/// A launch of GEMM kernel `kernel`, built for `spec`, on `stream`: A and
/// B (views of their stored form; memref views on sm_80, tensor maps of
/// them on sm_90a), the epilogue's arguments, then M, N and K; on the grid
/// gemmGrid gives. An sm_90a kernel's launch is a programmatic dependent
/// one (its kernel waits for the one before it itself).
/// The epilogue argument of a GEMM kernel built for `spec` that stands for
/// the matrix its epilogue stores whole tiles of (C, dZ, the step's
/// logits): its view, or its TMA tensor map where the kernel stores through
/// TMA (sm90ResultMapType).
LaunchArgument gemmResultArgument(const GemmKernelSpec &spec,
                                  const BufferView &result);

Launch gemmLaunch(StringRef kernel, ScheduleStream stream,
                  const GemmKernelSpec &spec, const BufferView &a,
                  const BufferView &b, ArrayRef<LaunchArgument> epilogue,
                  const SizeExpr &m, const SizeExpr &n, const SizeExpr &k);

/// A launch of kernel `kernel` on `stream`, `blocks` blocks (x only) of
/// `threads` threads, no dynamic shared memory.
Launch smallLaunch(StringRef kernel, ScheduleStream stream, SizeExpr blocks,
                   int64_t threads, SmallVector<LaunchArgument> arguments);

/// One of the op's sizes, `name` in the schedule: a constant when any of
/// `seen` (the size in each of the op's types that has it, kDynamic where
/// a type leaves it open) is static, else the symbol `name`, added to
/// `schedule` as dimension `dim` of `source` (an operand of the op). Fails
/// with an error on `op` when two static sizes disagree.
FailureOr<SizeExpr> readOpSize(Operation *op, ArrayRef<int64_t> seen,
                               StringRef name, Value source, unsigned dim,
                               Schedule &schedule);

/// Checks every launch of `schedule` against the signature of its kernel
/// in `kernels`: one argument for each of the kernel's (a view of the
/// kernel's rank for a memref, a tensor map for a pointer, a size for an
/// integer), of a buffer of the schedule; and the launches' `after` lists.
/// Fails with an error on `loc` naming the kernel and the argument: the
/// emitters cannot pass a kernel what it does not take.
LogicalResult checkLaunches(const Schedule &schedule, gpu::GPUModuleOp kernels,
                            Location loc);

/// The names of a module's scheduled ops, the prefix of their kernels'
/// names: each op's kind and its place among the scheduled ops of that
/// kind (`ce_linear_grad_0`). Both emitters name the ops of one module
/// alike, so a program's kernels are a bundle's.
class ScheduledOpNames {
public:
  /// The name `op` gets if it is the next scheduled op of its kind.
  std::string peek(Operation *op) const;
  /// The name of `op`, the next scheduled op of its kind.
  std::string next(Operation *op);

private:
  llvm::StringMap<unsigned> counts;
};

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_CONVERSION_LMHEADTOGPU_SCHEDULELAUNCHES_H
