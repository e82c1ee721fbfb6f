//===- GlobalTraffic.cpp - how a kernel's threads use global memory -------===//
//
// See GlobalTraffic.h.
//
//===----------------------------------------------------------------------===//

#include "GlobalTraffic.h"

#include <algorithm>

using namespace lmhead::runtime::emulator;

void GlobalTrafficStats::merge(const GlobalTrafficStats &other) {
  maxWarpBytesInFlight =
      std::max(maxWarpBytesInFlight, other.maxWarpBytesInFlight);
  maxNarrowAccessesPerThread =
      std::max(maxNarrowAccessesPerThread, other.maxNarrowAccessesPerThread);
  for (unsigned w = 0; w < kAccessWidths; ++w)
    accessesByWidth[w] += other.accessesByWidth[w];
}

void GlobalTraffic::start(unsigned threads, unsigned registers) {
  unsigned numWarps = (threads + 31) / 32;
  warps.assign(numWarps, Warp());
  this->registers = registers;
  pending.assign(std::size_t(numWarps) * registers, 0);
  narrowPerThread.assign(threads, 0);
}

void GlobalTraffic::retire(unsigned warp, int reg) {
  uint8_t &flag = pending[std::size_t(warp) * registers + unsigned(reg)];
  if (!flag)
    return;
  Warp &w = warps[warp];
  for (auto it = w.loads.begin(); it != w.loads.end(); ++it) {
    if (std::find(it->destinations.begin(), it->destinations.end(), reg) ==
        it->destinations.end())
      continue;
    for (int destination : it->destinations)
      pending[std::size_t(warp) * registers + unsigned(destination)] = 0;
    w.bytesInFlight -= it->bytes;
    w.loads.erase(it);
    return;
  }
  flag = 0;
}

void GlobalTraffic::issueLoad(unsigned warp, uint64_t bytes,
                              const std::vector<int> &destinations) {
  // A destination still awaited by an earlier load retires it first (the
  // new load overwrites it).
  for (int reg : destinations)
    touch(warp, reg);
  Warp &w = warps[warp];
  w.loads.push_back(Load{bytes, destinations});
  for (int reg : destinations)
    pending[std::size_t(warp) * registers + unsigned(reg)] = 1;
  w.bytesInFlight += bytes;
  stats.maxWarpBytesInFlight =
      std::max(stats.maxWarpBytesInFlight, w.bytesInFlight);
}

void GlobalTraffic::access(unsigned thread, unsigned bits) {
  unsigned width = 0;
  while (width + 1 < kAccessWidths && (8u << width) < bits)
    ++width;
  ++stats.accessesByWidth[width];
  if (bits <= 32)
    ++narrowPerThread[thread];
}

const GlobalTrafficStats &GlobalTraffic::finishCluster() {
  for (uint32_t count : narrowPerThread)
    stats.maxNarrowAccessesPerThread =
        std::max<uint64_t>(stats.maxNarrowAccessesPerThread, count);
  std::fill(narrowPerThread.begin(), narrowPerThread.end(), 0);
  for (Warp &w : warps) {
    w.loads.clear();
    w.bytesInFlight = 0;
  }
  std::fill(pending.begin(), pending.end(), 0);
  return stats;
}
