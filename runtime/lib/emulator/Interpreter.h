//===- Interpreter.h - running PTX kernels on the CPU -----------*- C++ -*-===//
//
// Executes one kernel launch of a parsed PTX module (Ptx.h): every block of
// the grid, a thread-block cluster at a time, each block's threads in warps
// of 32 that run in lockstep. A warp executes the instruction at the lowest
// program counter among its runnable lanes, for the lanes that are there
// (the others are masked off), which reconverges diverged lanes where their
// paths meet; lanes whose mbarrier wait was vain let the warp's other lanes
// run first. bar.sync waits until the threads its named barrier counts
// have arrived; barrier.cluster until every thread of the cluster has.
//
// Memory: global addresses are host pointers (the emulator's device memory
// is host memory) and every global access must fall in an allocation the
// caller vouches for; shared memory is one buffer per block, local memory
// one per thread, parameters one buffer per launch. Generic addresses reach
// shared and local memory through windows (cvta). Every out-of-bounds or
// misaligned access, and every barrier reached by only part of a warp, stops
// the launch with a report naming the kernel, the PTX line, the block, the
// thread and the address.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_RUNTIME_LIB_EMULATOR_INTERPRETER_H
#define LMHEAD_RUNTIME_LIB_EMULATOR_INTERPRETER_H

#include "GlobalTraffic.h"
#include "Ptx.h"

#include <cstdint>
#include <functional>
#include <map>
#include <string>

namespace lmhead::runtime::emulator {

/// Sees every global-memory access of a launch once its bounds check
/// passed: the stream-order race detector (RaceDetector.h) learns from it
/// what each kernel read and wrote. Called once per thread and access, so
/// an implementation must be cheap (AccessRecorder coalesces into ranges).
class GlobalAccessObserver {
public:
  virtual ~GlobalAccessObserver() = default;
  /// `bytes` at `address` were read, or written (`write`), by an atomic
  /// (`atomic`: a read-modify-write, ordered with other atomics) or not.
  virtual void access(uint64_t address, uint64_t bytes, bool write,
                      bool atomic) = 0;
};

/// What a launch needs besides the kernel.
struct LaunchRequest {
  unsigned grid[3] = {1, 1, 1};
  unsigned block[3] = {1, 1, 1};
  /// Blocks per thread-block cluster ({1, 1, 1}: none, unless the kernel
  /// declares its own with .reqnctapercluster); the grid must be a whole
  /// number of clusters.
  unsigned cluster[3] = {1, 1, 1};
  /// Whether the launch asked for clusters (%is_explicit_cluster).
  bool explicitCluster = false;
  /// Whether the launch is a programmatic dependent launch: on a GPU it may
  /// start before the kernel before it on its stream has ended, so each
  /// thread must execute griddepcontrol.wait before it touches global
  /// memory (reading a tensor map the host wrote excepted); an access
  /// before is reported.
  bool programmatic = false;
  /// Where the module's .global and .const variables are in device memory,
  /// by name (ModuleVariables.h); null when it has none placed.
  const std::map<std::string, uint64_t> *variables = nullptr;
  unsigned dynamicSharedBytes = 0;
  /// The kernel's arguments as cuLaunchKernel receives them: one pointer to
  /// each parameter's value.
  void **params = nullptr;
  /// Whether [address, address + bytes) is global memory the kernel may
  /// access (an allocation, registered host memory, a module global).
  std::function<bool(uint64_t address, uint64_t bytes)> isGlobal;
  /// Optionally, the allocation holding `address`: true with its bounds
  /// [begin, end). The interpreter keeps the last one it was given, so
  /// that the accesses of a kernel to one buffer ask only once.
  std::function<bool(uint64_t address, uint64_t &begin, uint64_t &end)>
      globalExtent;
  /// Told of every global access the launch makes; null: nobody listens.
  GlobalAccessObserver *globalAccesses = nullptr;
  /// Also report loads of shared memory that nothing wrote in this block
  /// (off by default: kernels may read padding they never use).
  bool checkUninitializedShared = false;
  /// Warp instructions the launch may execute (on each of its host threads)
  /// before it is taken to loop forever and stopped with a report (the
  /// fuzzers set a small bound).
  uint64_t maxWarpInstructions = uint64_t(1) << 32;
  /// Host threads the launch's clusters may run on at once (each runs its
  /// clusters whole); a kernel whose clusters may see each other's progress
  /// (global atomics, .volatile/.acquire/... accesses) runs on one.
  unsigned hostThreads = 1;
};

/// What a launch executed.
struct LaunchStats {
  /// Warp instructions (one per instruction a warp issued) and lane
  /// instructions (one per lane that executed it).
  uint64_t warpInstructions = 0, laneInstructions = 0;
  /// Multiply-adds the tensor-core instructions (mma.sync, wgmma) executed,
  /// their padded tiles included: M·N·K of each.
  uint64_t tensorCoreMacs = 0;
  /// Bytes in flight per warp and narrow accesses per thread.
  GlobalTrafficStats globalTraffic;
};

/// Runs `kernel` of `module` (with `request.hostThreads` threads, on the
/// calling thread and helpers it starts). Returns true when every thread
/// finished; otherwise false with `error` set to the first problem found.
/// `stats`, when given, receives the counts.
bool runKernel(const ptx::Module &module, const ptx::Function &kernel,
               const LaunchRequest &request, std::string &error,
               LaunchStats *stats = nullptr);

} // namespace lmhead::runtime::emulator

#endif // LMHEAD_RUNTIME_LIB_EMULATOR_INTERPRETER_H
