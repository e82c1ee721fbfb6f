//===- MemoryParallelism.cpp - the time of a kernel's DRAM traffic --------===//

#include "lmhead/Planning/MemoryParallelism.h"

#include <algorithm>

using namespace mlir::lmhead;

MemoryTime mlir::lmhead::memoryTime(const MemoryPhase &phase,
                                    const GpuChip &chip) {
  MemoryTime time;
  time.bandwidthMicros =
      1e6 * (phase.loadBytes + phase.storeBytes) / chip.hbmBytesPerSecond;
  time.bytesInFlightPerSM =
      phase.loadBytesInFlightPerThread * phase.threadsPerSM;
  if (phase.loadBytes > 0) {
    double inFlight = time.bytesInFlightPerSM * phase.activeSMs;
    // A phase that loads bytes but keeps none in flight cannot finish: the
    // callers always describe at least one load a thread.
    time.latencyMicros =
        inFlight > 0
            ? 1e6 * phase.loadBytes * chip.dramLatencySeconds / inFlight
            : 1e6 * phase.loadBytes / chip.hbmBytesPerSecond;
  }
  time.micros = std::max(time.bandwidthMicros, time.latencyMicros);
  return time;
}

MemoryPhase mlir::lmhead::rowKernelPhase(double loadBytes, double storeBytes,
                                         double bytesInFlightPerThread,
                                         int64_t threads, const GpuChip &chip,
                                         int64_t threadsPerBlock) {
  MemoryPhase phase;
  phase.loadBytes = loadBytes;
  phase.storeBytes = storeBytes;
  phase.loadBytesInFlightPerThread = bytesInFlightPerThread;
  const int64_t blocks =
      std::max<int64_t>(1, (threads + threadsPerBlock - 1) / threadsPerBlock);
  phase.activeSMs = double(std::min(blocks, chip.numSMs));
  const int64_t blocksPerSM =
      std::min((blocks + chip.numSMs - 1) / chip.numSMs,
               std::max<int64_t>(1, chip.threadsPerSM / threadsPerBlock));
  phase.threadsPerSM = double(
      std::min(blocksPerSM * threadsPerBlock, std::max<int64_t>(threads, 1)));
  return phase;
}
