//===- MemoryParallelism.cpp - the time of a kernel's DRAM traffic --------===//

#include "lmhead/Planning/MemoryParallelism.h"
#include "lmhead/Planning/CostModel.h"

#include <algorithm>
#include <cmath>

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

int64_t mlir::lmhead::warpsPerToken(GpuTarget target, int64_t tokens,
                                    int64_t loadsPerToken, int64_t bytesPerLoad,
                                    int64_t loadsInFlightPerLane) {
  if (tokens < 0)
    tokens = kPlannedTokensForDynamicN;
  const GpuChip &chip = planningChip(target);
  const int64_t loadsPerRound = 32 * loadsInFlightPerLane;
  const double bytesPerWarp = double(loadsPerRound * bytesPerLoad);
  const int64_t warpsForLatency = int64_t(std::ceil(
      chip.hbmBytesPerSecond * chip.dramLatencySeconds / bytesPerWarp));
  const int64_t warpsWanted =
      std::max(warpsForLatency, chip.numSMs * kRowKernelWarps);
  const int64_t busy =
      std::max<int64_t>(1, (loadsPerToken + loadsPerRound - 1) / loadsPerRound);
  int64_t warps = 1;
  while (warps < kMaxWarpsPerToken && 2 * warps <= busy &&
         std::max<int64_t>(tokens, 1) * warps < warpsWanted)
    warps *= 2;
  return warps;
}

int64_t mlir::lmhead::stepRowPassWarpsPerToken(GpuTarget target, int64_t rows,
                                               int64_t vocab,
                                               int64_t elementBytes) {
  return warpsPerToken(target, rows,
                       (vocab + kRowPassVector - 1) / kRowPassVector,
                       kRowPassVector * elementBytes, kRowPassLoadsInFlight);
}

int64_t mlir::lmhead::partialsWarpsPerToken(GpuTarget target, int64_t tokens,
                                            int64_t records) {
  return warpsPerToken(target, tokens, records, kPartialRecordBytes,
                       kPartialRecordsInFlight);
}
