//===- CostTerms.h - terms shared by the fused ops' cost models -*- C++ -*-===//
//
// The pieces the cost models of the fused cross-entropy schedules
// (CrossEntropyCost.cpp, OnePassCost.cpp) add to planGemm's GEMMs: the
// constants of what the GEMM model does not see (launches of small kernels,
// chunk synchronisation, imperfect sharing of the SMs), spans of kernels run
// one after another or on two streams, and a planner that keeps planGemm's
// results. Internal to the planning library.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_LIB_PLANNING_COSTTERMS_H
#define LMHEAD_LIB_PLANNING_COSTTERMS_H

#include "lmhead/Planning/CostModel.h"
#include "lmhead/Planning/GpuTarget.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>

namespace mlir {
namespace lmhead {
namespace cost {

/// Launch and ramp of one small kernel, as for a GEMM in CostModel.cpp.
constexpr double kLaunchMicros = 2.0;
/// Per chunk, beyond its kernels' own launches: the events that order the
/// two streams and the two chunk buffers, and the gaps between dependent
/// kernels.
constexpr double kChunkMicros = 5.0;
/// The fraction of what perfect sharing of the SMs would save that two
/// concurrent kernels lose (their blocks compete for shared memory and
/// registers, so fewer of each are resident).
constexpr double kOverlapLoss = 0.25;

inline int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

inline double micros(double bytes, double bytesPerSecond) {
  return 1e6 * bytes / bytesPerSecond;
}

/// A kernel, or kernels run together: the time they take, and the time
/// their work would take if it filled the whole GPU.
struct Span {
  double micros = 0, busy = 0;
};

/// The span of one GEMM (its epilogue's work, the exp included, is in its
/// prediction).
inline Span spanOf(const GemmPrediction &g, const GpuChip &chip) {
  double slots = double(g.waves) * chip.numSMs * g.blocksPerSM;
  double computeBusy = g.computeMicros * double(g.numTiles) / slots;
  return {g.micros,
          std::max({computeBusy, g.l2Micros, g.hbmMicros}) + g.epilogueMicros};
}

/// Two spans on two streams.
inline Span concurrent(Span a, Span b) {
  double serial = a.micros + b.micros;
  double ideal = std::max({a.micros, b.micros, a.busy + b.busy});
  return {ideal + kOverlapLoss * (serial - ideal), a.busy + b.busy};
}

/// The spans of one chunk's kernels: its logits (with what follows them on
/// their stream), and its products on two streams, as the first chunk runs
/// them and as every other chunk does.
struct ChunkSpans {
  Span l, productsFirst, products;
};

/// The time of `numChunks` chunks as they run, L_0, (P_0 | L_1), ...,
/// (P_n-2 | L_n-1), P_n-1, where L_c is chunk c's logits and P_c its
/// products: the first n-1 chunks are `full`, the last is `tail`.
inline double chunkedMicros(int64_t numChunks, const ChunkSpans &full,
                            const ChunkSpans &tail) {
  if (numChunks == 1)
    return tail.l.micros + tail.productsFirst.micros;
  double total = full.l.micros;
  for (int64_t c = 0; c + 1 < numChunks; ++c) {
    const Span &products = c == 0 ? full.productsFirst : full.products;
    const Span &next = c + 2 < numChunks ? full.l : tail.l;
    total += concurrent(products, next).micros;
  }
  return total + tail.products.micros;
}

/// `problem` with an epilogue that adds to C's old values.
inline GemmProblem accumulating(GemmProblem problem) {
  problem.accumulatesC = true;
  return problem;
}

/// planGemm with its results kept: the chunks of a plan share many GEMMs.
class GemmPlanner {
public:
  GemmPlanner(const GpuChip &chip, const GemmTiles &overrides)
      : chip(chip), overrides(overrides) {}

  const GemmPlan &plan(const GemmProblem &p) {
    std::array<int64_t, 12> key = {p.m,
                                   p.n,
                                   p.k,
                                   p.elementBytes,
                                   p.resultBytes,
                                   p.rowElementsA,
                                   p.rowElementsB,
                                   p.baseAlignA,
                                   p.baseAlignB,
                                   int64_t(p.aRowsAlongK),
                                   int64_t(p.bRowsAlongK),
                                   int64_t(p.accumulatesC)};
    auto it = plans.find(key);
    if (it == plans.end())
      it = plans.emplace(key, planGemm(p, chip, overrides)).first;
    return it->second;
  }

  const GpuChip &chip;
  const GemmTiles &overrides;

private:
  std::map<std::array<int64_t, 12>, GemmPlan> plans;
};

} // namespace cost
} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_LIB_PLANNING_COSTTERMS_H
