//===- GlobalTraffic.h - how a kernel's threads use global memory -*- C++
//-*-===//
//
// Two measurements of a launch's global memory accesses that say how fast
// its code can move bytes, whatever its grid:
//
// - Bytes in flight per warp. A warp's global load is in flight from its
//   issue to the first instruction that reads (or overwrites) one of its
//   destination registers, as a GPU's scoreboard holds it; the largest sum
//   over a warp's loads in flight, over every warp of the launch, is what
//   Little's law multiplies by the warps resident on a multiprocessor.
// - Narrow accesses per thread. Each thread's global loads, stores and
//   atomics of 32 bits or less; the launch reports the largest count of any
//   thread, and its global accesses by width.
//
// The counts follow the instructions the threads execute, so a branch not
// taken (an edge tile's element stores in an interior tile) costs nothing.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_RUNTIME_LIB_EMULATOR_GLOBALTRAFFIC_H
#define LMHEAD_RUNTIME_LIB_EMULATOR_GLOBALTRAFFIC_H

#include <array>
#include <cstdint>
#include <vector>

namespace lmhead::runtime::emulator {

/// The widths a thread's global access can have, 8 to 128 bits: index
/// log2(bits / 8).
constexpr unsigned kAccessWidths = 5;

/// What a launch's global accesses amount to (see the file comment).
struct GlobalTrafficStats {
  /// The most global load bytes one warp had in flight at once.
  uint64_t maxWarpBytesInFlight = 0;
  /// The most global accesses of 32 bits or less one thread executed.
  uint64_t maxNarrowAccessesPerThread = 0;
  /// Lane accesses (loads, stores, atomics) by width: 8, 16, 32, 64, 128
  /// bits.
  std::array<uint64_t, kAccessWidths> accessesByWidth{};

  /// Takes in another part of the same launch.
  void merge(const GlobalTrafficStats &other);
};

/// Tracks the loads in flight of every warp of a cluster and each thread's
/// narrow accesses, for one BlockRunner.
class GlobalTraffic {
public:
  /// Starts a cluster of `threads` threads (whole warps) with `registers`
  /// registers each.
  void start(unsigned threads, unsigned registers);

  /// Whether warp `warp` has a load in flight.
  bool inFlight(unsigned warp) const { return !warps[warp].loads.empty(); }

  /// Warp `warp` executes an instruction that reads or writes `reg`:
  /// retires the load in flight that writes it, if any. Cheap when the
  /// warp has nothing in flight.
  void touch(unsigned warp, int reg) {
    if (reg >= 0)
      retire(warp, reg);
  }

  /// Warp `warp` issued a global load of `bytes` (all its lanes together)
  /// into `destinations`.
  void issueLoad(unsigned warp, uint64_t bytes,
                 const std::vector<int> &destinations);

  /// Thread `thread` executed a global access of `bits` bits.
  void access(unsigned thread, unsigned bits);

  /// Folds the cluster's per-thread counts into `stats` (call when the
  /// cluster is done) and the launch's figures so far.
  const GlobalTrafficStats &finishCluster();

private:
  struct Load {
    uint64_t bytes = 0;
    std::vector<int> destinations;
  };
  struct Warp {
    std::vector<Load> loads;
    uint64_t bytesInFlight = 0;
  };
  void retire(unsigned warp, int reg);

  std::vector<Warp> warps;
  /// Per warp and register: whether a load in flight writes it.
  std::vector<uint8_t> pending;
  unsigned registers = 0;
  std::vector<uint32_t> narrowPerThread;
  GlobalTrafficStats stats;
};

} // namespace lmhead::runtime::emulator

#endif // LMHEAD_RUNTIME_LIB_EMULATOR_GLOBALTRAFFIC_H
