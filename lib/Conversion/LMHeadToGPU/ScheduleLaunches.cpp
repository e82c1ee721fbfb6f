//===- ScheduleLaunches.cpp - launches of lmhead's kernels ----------------===//
//
// Part of lmhead. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "ScheduleLaunches.h"

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::lmhead;

Launch mlir::lmhead::gemmLaunch(StringRef kernel, ScheduleStream stream,
                                const GemmKernelSpec &spec, const BufferView &a,
                                const BufferView &b,
                                ArrayRef<LaunchArgument> epilogue,
                                const SizeExpr &m, const SizeExpr &n,
                                const SizeExpr &k) {
  Launch launch;
  launch.kernel = kernel.str();
  launch.stream = stream;
  std::array<SizeExpr, 3> grid = gemmGrid(m, n, spec.tiles);
  launch.grid = {grid[0], grid[1], grid[2]};
  launch.block[0] = spec.numThreads();
  launch.cluster = gemmCluster(spec.tiles);
  launch.sharedBytes = spec.sharedMemoryBytes();
  if (usesWarpgroupMma(spec.target)) {
    // sm_90a kernels wait for the kernel before them themselves
    // (griddepcontrol.wait), so they may start while it finishes.
    launch.programmatic = true;
    // sm_90a kernels read A and B through TMA tensor maps.
    launch.arguments.push_back(
        LaunchArgument::ofTensorMap(a, sm90OperandMapType(spec, true)));
    launch.arguments.push_back(
        LaunchArgument::ofTensorMap(b, sm90OperandMapType(spec, false)));
  } else {
    launch.arguments.push_back(LaunchArgument::ofView(a));
    launch.arguments.push_back(LaunchArgument::ofView(b));
  }
  llvm::append_range(launch.arguments, epilogue);
  for (const SizeExpr &size : {m, n, k})
    launch.arguments.push_back(LaunchArgument::ofSize(size));
  return launch;
}

LaunchArgument mlir::lmhead::gemmResultArgument(const GemmKernelSpec &spec,
                                                const BufferView &result) {
  if (spec.tiles.storesThroughTma())
    return LaunchArgument::ofTensorMap(result, sm90ResultMapType(spec));
  return LaunchArgument::ofView(result);
}

Launch mlir::lmhead::smallLaunch(StringRef kernel, ScheduleStream stream,
                                 SizeExpr blocks, int64_t threads,
                                 SmallVector<LaunchArgument> arguments) {
  Launch launch;
  launch.kernel = kernel.str();
  launch.stream = stream;
  launch.grid[0] = std::move(blocks);
  launch.block[0] = threads;
  launch.arguments = std::move(arguments);
  return launch;
}

FailureOr<SizeExpr> mlir::lmhead::readOpSize(Operation *op,
                                             ArrayRef<int64_t> seen,
                                             StringRef name, Value source,
                                             unsigned dim, Schedule &schedule) {
  int64_t constant = ShapedType::kDynamic;
  for (int64_t size : seen) {
    if (ShapedType::isDynamic(size))
      continue;
    if (!ShapedType::isDynamic(constant) && constant != size)
      return op->emitError() << "the types disagree on size '" << name << "'";
    constant = size;
  }
  if (!ShapedType::isDynamic(constant))
    return SizeExpr(constant);
  schedule.sizes.push_back({name.str(), source, dim});
  return SizeExpr::symbol(name);
}

/// What `argument` of a launch gets wrong against the kernel's parameter of
/// type `type`, or nothing.
static std::optional<std::string>
argumentProblem(const Schedule &schedule, const LaunchArgument &argument,
                Type type) {
  switch (argument.kind) {
  case LaunchArgument::Kind::Size:
    if (!type.isIntOrIndex())
      return "is a size but the kernel takes " +
             llvm::formatv("{0}", type).str();
    return std::nullopt;
  case LaunchArgument::Kind::View:
  case LaunchArgument::Kind::TensorMap: {
    if (!schedule.findBuffer(argument.view.buffer))
      return "views '" + argument.view.buffer +
             "', which is not a buffer of the op";
    if (argument.view.sizes.size() != argument.view.strides.size())
      return "is a view with " + std::to_string(argument.view.sizes.size()) +
             " sizes and " + std::to_string(argument.view.strides.size()) +
             " strides";
    if (argument.kind == LaunchArgument::Kind::TensorMap) {
      if (!isa<LLVM::LLVMPointerType>(type))
        return "is a tensor map but the kernel takes " +
               llvm::formatv("{0}", type).str();
      if (argument.view.sizes.size() != 2)
        return "is a tensor map of a view that is not a matrix";
      return std::nullopt;
    }
    auto memref = dyn_cast<MemRefType>(type);
    if (!memref)
      return "is a view but the kernel takes " +
             llvm::formatv("{0}", type).str();
    if (memref.getRank() != static_cast<int64_t>(argument.view.sizes.size()))
      return "is a view of rank " + std::to_string(argument.view.sizes.size()) +
             " but the kernel takes " + llvm::formatv("{0}", type).str();
    return std::nullopt;
  }
  }
  llvm_unreachable("unknown argument kind");
}

/// Whether any size of `launch` reads symbol `name`.
static bool readsSymbol(const Launch &launch, StringRef name) {
  auto reads = [&](const SizeExpr &size) { return size.reads(name); };
  if (llvm::any_of(launch.grid, reads))
    return true;
  return llvm::any_of(launch.arguments, [&](const LaunchArgument &argument) {
    if (argument.kind == LaunchArgument::Kind::Size)
      return reads(argument.size);
    const BufferView &view = argument.view;
    return reads(view.offset) || llvm::any_of(view.sizes, reads) ||
           llvm::any_of(view.strides, reads);
  });
}

/// Why launch `index` cannot wait for `wait`, or none.
static std::optional<std::string>
waitProblem(const Schedule &schedule, unsigned index, const LaunchWait &wait) {
  const Launch &launch = schedule.launches[index];
  std::string which = "launch " + std::to_string(wait.launch);
  if (wait.iterationsBack == 0 && wait.launch >= index)
    return which + ", which is not an earlier launch";
  if (wait.launch >= schedule.launches.size())
    return which + ", which does not exist";
  if (schedule.launches[wait.launch].stream == launch.stream)
    return which + ", which is on the same stream";
  if (wait.iterationsBack == 0)
    return std::nullopt;
  const ScheduleLoop *loop = schedule.loopOf(index);
  if (!loop || !loop->contains(wait.launch))
    return which + " from " + std::to_string(wait.iterationsBack) +
           " iteration(s) earlier, but the two are not in one loop";
  return std::nullopt;
}

LogicalResult mlir::lmhead::checkLaunches(const Schedule &schedule,
                                          gpu::GPUModuleOp kernels,
                                          Location loc) {
  for (auto [index, launch] : llvm::enumerate(schedule.launches)) {
    const ScheduleLoop *loop = schedule.loopOf(index);
    if (!launch.firstIterationKernel.empty() && !loop)
      return emitError(loc) << "launch " << index
                            << " has a first iteration's kernel but is in "
                               "no loop";
    for (const std::string &name :
         {launch.kernel, launch.firstIterationKernel}) {
      if (name.empty())
        continue;
      auto kernel = kernels.lookupSymbol<gpu::GPUFuncOp>(name);
      if (!kernel)
        return emitError(loc) << "launch " << index << " of the schedule runs '"
                              << name << "', which was not built";
      ArrayRef<Type> types = kernel.getFunctionType().getInputs();
      if (types.size() != launch.arguments.size())
        return emitError(loc) << "launch " << index << " passes kernel '"
                              << name << "' " << launch.arguments.size()
                              << " arguments, but it takes " << types.size();
      for (auto [position, argument] : llvm::enumerate(launch.arguments))
        if (std::optional<std::string> problem =
                argumentProblem(schedule, argument, types[position]))
          return emitError(loc)
                 << "argument " << position << " of launch " << index
                 << " of kernel '" << name << "' " << *problem;
    }
    for (const LaunchWait &wait : launch.after)
      if (std::optional<std::string> problem =
              waitProblem(schedule, index, wait))
        return emitError(loc)
               << "launch " << index << " waits for " << *problem;
    for (const ScheduleLoop &other : schedule.loops)
      if (&other != loop && readsSymbol(launch, other.index))
        return emitError(loc) << "launch " << index << " reads the index '"
                              << other.index << "' of a loop it is not in";
  }
  return success();
}

std::string ScheduledOpNames::peek(Operation *op) const {
  StringRef kind = op->getName().stripDialect();
  return llvm::formatv("{0}_{1}", kind, counts.lookup(kind)).str();
}

std::string ScheduledOpNames::next(Operation *op) {
  std::string name = peek(op);
  ++counts[op->getName().stripDialect()];
  return name;
}
