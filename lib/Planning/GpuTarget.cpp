//===- GpuTarget.cpp - the table of GPU hardware facts --------------------===//
//
// The facts come from NVIDIA's data sheets and whitepapers (SM counts,
// shared memory, registers, L2 capacity, HBM bandwidth, dense bf16
// tensor-core rates); where NVIDIA publishes no figure (L2 bandwidth,
// latencies) they are microbenchmark measurements, and where the data-sheet
// rate is not reached (Hopper tensor cores), the entry says what it
// assumes instead.
//
// The L2 bandwidths and the latencies are those of RRZE-HPC's gpu-benches
// (Ernst et al., github.com/RRZE-HPC/gpu-benches, result files of February
// 2025): gpu-l2-cache reads L2-sized data avoiding L1 with all SMs;
// gpu-latency is one warp's pointer chase, in cycles at the measured clock.
//
//===----------------------------------------------------------------------===//

#include "lmhead/Planning/GpuTarget.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir::lmhead;

namespace {

constexpr int64_t kKiB = 1024;

/// A100 (SXM, 40/80 GB). The L2 rate is gpu-benches' A100-80GB figure for
/// 2-28 MB of data (about 5.4 TB/s; the whitepaper's 5120 bytes/clock at
/// 1.41 GHz, 7.2 TB/s, is not reached); its latencies 552 cycles (DRAM) and
/// 205 (L2) at 1.41 GHz, 392 and 146 ns. 40 MB of L2. The best mma.sync kernels
/// (CUTLASS, cuBLAS) reach about 90% of the tensor-core peak. 312 TFLOP/s = 108
/// SMs x 2048 flops/clock x 1.41 GHz; the MUFU issues 16 results per clock per
/// SM.
constexpr GpuChip kA100 = {
    /*name=*/"A100",
    /*target=*/GpuTarget::Sm80,
    /*numSMs=*/108,
    /*datasheetFlops=*/312e12,
    /*peakFlops=*/312e12,
    /*bestEfficiency=*/0.90,
    /*mmaSyncEfficiency=*/0.90,
    /*hbmBytesPerSecond=*/2.0e12,
    /*l2BytesPerSecond=*/5.4e12,
    /*l2CapacityBytes=*/40 * kKiB *kKiB,
    /*dramLatencySeconds=*/392e-9,
    /*l2LatencySeconds=*/146e-9,
    /*sharedBytesPerSM=*/164 * kKiB,
    /*sharedBytesPerBlock=*/163 * kKiB,
    /*registersPerSM=*/65536,
    /*registersPerBlock=*/65536,
    /*registersPerThread=*/255,
    /*threadsPerSM=*/2048,
    /*blocksPerSM=*/32,
    /*clockHz=*/1.41e9,
    /*specialOpsPerClockPerSM=*/16,
};

/// H100 (SXM5, 80 GB HBM3). The planned tensor-core rate is the measured
/// rate of a large bf16 GEMM (about 790 TFLOP/s, not the data sheet's 989).
/// The L2 rate is gpu-benches' H200 figure for 5-40 MB of data (9.7 to 10.2
/// TB/s), the same GH100 die with the same 132 SMs and 50 MB of L2 (its H100
/// PCIe, 114 SMs at a lower clock, reads 6.9-7.0 TB/s); the latencies are
/// its GH200's, the same SM: 689 cycles from DRAM (2 GB and more of data)
/// and 280 from L2 at 1.98 GHz, 348 and 142 ns. The data-sheet
/// rate is 132 SMs x 4096 flops/clock x 1.83 GHz; the MUFU issues 16
/// results per clock per SM, as on sm_80. mma.sync kernels (the sm_80
/// family, for operands TMA cannot load) are assumed to reach 0.65 of the
/// planned rate, about 510 TFLOP/s: mma.sync feeds the tensor cores from one
/// warp's registers, between ldmatrix loads, where wgmma streams both
/// operands from shared memory for a whole warpgroup; no measurement of ours
/// yet.
constexpr GpuChip kH100 = {
    /*name=*/"H100",
    /*target=*/GpuTarget::Sm90a,
    /*numSMs=*/132,
    /*datasheetFlops=*/989.4e12,
    /*peakFlops=*/790e12,
    /*bestEfficiency=*/1.0,
    /*mmaSyncEfficiency=*/0.65,
    /*hbmBytesPerSecond=*/3.35e12,
    /*l2BytesPerSecond=*/9.7e12,
    /*l2CapacityBytes=*/50 * kKiB *kKiB,
    /*dramLatencySeconds=*/348e-9,
    /*l2LatencySeconds=*/142e-9,
    /*sharedBytesPerSM=*/228 * kKiB,
    /*sharedBytesPerBlock=*/227 * kKiB,
    /*registersPerSM=*/65536,
    /*registersPerBlock=*/65536,
    /*registersPerThread=*/255,
    /*threadsPerSM=*/2048,
    /*blocksPerSM=*/32,
    /*clockHz=*/1.83e9,
    /*specialOpsPerClockPerSM=*/16,
};

/// `chip` under another name with another DRAM bandwidth.
constexpr GpuChip withMemory(GpuChip chip, llvm::StringRef name,
                             double hbmBytesPerSecond) {
  chip.name = name;
  chip.hbmBytesPerSecond = hbmBytesPerSecond;
  return chip;
}

/// H200 (SXM, 141 GB HBM3e): an H100's SMs with faster, larger memory.
constexpr GpuChip kH200 = withMemory(kH100, "H200", 4.8e12);

constexpr GpuChip kChips[] = {kA100, kH100, kH200};

} // namespace

llvm::StringRef mlir::lmhead::stringifyGpuTarget(GpuTarget target) {
  switch (target) {
  case GpuTarget::Sm80:
    return "sm_80";
  case GpuTarget::Sm90a:
    return "sm_90a";
  }
  llvm_unreachable("unknown GpuTarget");
}

std::optional<GpuTarget>
mlir::lmhead::symbolizeGpuTarget(llvm::StringRef name) {
  for (GpuTarget target : kAllGpuTargets)
    if (stringifyGpuTarget(target) == name)
      return target;
  return std::nullopt;
}

llvm::StringRef mlir::lmhead::knownGpuTargetNames() { return "sm_80, sm_90a"; }

llvm::raw_ostream &mlir::lmhead::operator<<(llvm::raw_ostream &os,
                                            GpuTarget target) {
  return os << stringifyGpuTarget(target);
}

llvm::ArrayRef<GpuChip> mlir::lmhead::knownGpuChips() { return kChips; }

const GpuChip *mlir::lmhead::lookupGpuChip(llvm::StringRef name) {
  const GpuChip *chip = llvm::find_if(kChips, [&](const GpuChip &c) {
    return c.name.equals_insensitive(name);
  });
  return chip == std::end(kChips) ? nullptr : chip;
}

const GpuChip &mlir::lmhead::planningChip(GpuTarget target) {
  switch (target) {
  case GpuTarget::Sm80:
    return kChips[0];
  case GpuTarget::Sm90a:
    return kChips[2];
  }
  llvm_unreachable("unknown GpuTarget");
}
