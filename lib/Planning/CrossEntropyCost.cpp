//===- CrossEntropyCost.cpp - kernels and times of the fused ce ops -------===//
//
// Every GEMM of a cross-entropy op is planned by planGemm; this file adds
// what the GEMM model does not see and sums the kernels as they run:
//
//   exp       the logits epilogue takes one exponential per logit (the
//             partial sum of exp in the forward, p = exp(z - lse) in the
//             backward), issued by the MUFU at 16 per clock per SM; the
//             GEMM model prices it with the epilogue
//             (GemmProblem::epilogueExpsPerElement): after each tile's K
//             loop, or under the other consumer's in a ping-pong kernel.
//             It is reported apart from the GEMM;
//   partials  forward: per row and warp-column tile of warpN columns the
//             epilogue writes four f32 (max, sum of exp, target logit, sum
//             of z), 16 * N * ceil(V / warpN) bytes, and the row kernel
//             reads them once and writes lse and the loss, N * 4 bytes
//             each, plus a launch for the row kernel and one for the
//             one-block reduction. Both are priced by Little's law with
//             the bytes their threads keep in flight (MemoryParallelism.h)
//             as well as at bandwidth: the row kernel takes one warp a
//             token, each lane with up to kPartialRecordsInFlight records
//             in flight; the reduction is one block;
//   chunks    backward: V is cut into chunks of `chunk` columns, done one
//             after another with two chunk buffers. Per chunk the logits
//             GEMM writes dZ_c, then dh += dZ_c * W_c (reading and writing
//             the f32 [N,D] buffer: N * D * 4 bytes more read than its
//             result) and dW_c run on two streams while the next chunk's
//             logits fill the other buffer (the GEMMs' epilogues that add
//             to dh, and to dW when it accumulates, load the old values
//             first: CostModel.cpp). Each chunk costs kChunkMicros of
//             synchronisation besides its kernels' launches;
//   overlap   two kernels sharing the GPU take the larger of their times
//             and of the sum of their "busy" times (the time each would take
//             if its blocks filled every SM: its flops, L2 or DRAM term
//             without wave quantisation), since concurrency only fills what
//             one kernel leaves idle; sharing is imperfect, so kOverlapLoss
//             of what perfect sharing would save is lost. The same rule
//             combines dh with dW, and the products of chunk c with the
//             logits of chunk c+1: L_0, (P_0 | L_1), ..., (P_n-2 | L_n-1),
//             P_n-1;
//   small     backward: the token scale (one block over the labels), the
//             rounding of the f32 dh buffer to the result type (adding
//             dh_acc when asked), and with a bias gradient the column sums
//             of each chunk of dZ (a block per kColumnSumColumns columns,
//             its threads on slices of rows): each the larger of
//             its bytes at bandwidth and what its threads keep in flight
//             allow, plus a launch each. The first chunk's dh stores
//             without reading the buffer (dh_first).
//
// Since every GEMM takes at least its flops at the full rate and the
// overlap never goes below the sum of busy times, no prediction is below
// the 1-GEMM (forward) or 3-GEMM (backward) floor.
//
//===----------------------------------------------------------------------===//

#include "lmhead/Planning/CrossEntropyCost.h"

#include "CostTerms.h"
#include "lmhead/Planning/MemoryParallelism.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>

using namespace mlir;
using namespace mlir::lmhead;
using namespace mlir::lmhead::cost;

namespace {

/// A failed GEMM plan as the op's failure, named after its GEMM.
CrossEntropyPlan failedGemm(llvm::StringRef name, const GemmPlan &plan) {
  CrossEntropyPlan result;
  result.failure = plan.failure == GemmPlan::Failure::Unsupported
                       ? CrossEntropyPlan::Failure::Unsupported
                       : CrossEntropyPlan::Failure::NoValidConfig;
  result.reason = (name + ": " + plan.reason).str();
  return result;
}

/// The forward: one logits GEMM over V whose tiles are chosen with the
/// partials they make (a wider warp tile writes fewer).
CrossEntropyPlan planForward(const CrossEntropyProblem &p, GemmPlanner &gemms,
                             CrossEntropyCandidates *candidates) {
  const GpuChip &chip = gemms.chip;
  GemmProblem logits = crossEntropyLogitsGemm(p, p.vocab);
  std::vector<GemmPrediction> valid;
  GemmPlan plan = planGemm(logits, chip, gemms.overrides, &valid);
  if (!plan)
    return failedGemm("logits z = h*W^T", plan);
  // The epilogue's own limits: the warpgroup tiles it would spill in.
  auto epilogueFits = [&](const GemmPrediction &g) {
    return !forwardEpilogueLimit(g.tiles, g.kernel, p.bias);
  };
  std::string firstLimit;
  llvm::erase_if(valid, [&](const GemmPrediction &g) {
    std::optional<std::string> why =
        forwardEpilogueLimit(g.tiles, g.kernel, p.bias);
    if (why && firstLimit.empty())
      firstLimit = *why;
    return why.has_value();
  });
  if (valid.empty()) {
    plan.failure = GemmPlan::Failure::NoValidConfig;
    plan.reason =
        ("no " + chip.targetName() +
         " kernel configuration fits the partials' epilogue: " + firstLimit)
            .str();
    return failedGemm("logits z = h*W^T", plan);
  }
  const double hbm = chip.hbmBytesPerSecond;
  auto partialBytes = [&](const GemmPrediction &g) {
    return double(kPartialRecordBytes) * p.tokens *
           ceilDiv(p.vocab, g.tiles.warpN);
  };
  auto score = [&](const GemmPrediction &g) {
    return g.micros + micros(partialBytes(g), hbm);
  };
  const GemmPrediction *best =
      epilogueFits(*plan.choice) ? &*plan.choice : &valid.front();
  for (const GemmPrediction &g : valid)
    if (score(g) < score(*best) * (1 - 1e-6))
      best = &g;

  CrossEntropyPrediction pred;
  pred.logits = *best;
  pred.floorMicros = crossEntropyFloorMicros(p, chip);
  pred.expMicros = best->epilogueExpMicros;
  pred.logitsMicros = best->micros - pred.expMicros;
  pred.gemmMicros = best->micros;
  double partials = partialBytes(*best);
  pred.partialsMicros = micros(partials, hbm);
  // The row kernel, the warps a token partialsWarpsPerToken gives; then
  // the loss reduction, one block over the labels and the token losses.
  const double n = double(p.tokens);
  const int64_t records = ceilDiv(p.vocab, best->tiles.warpN);
  const int64_t warps = partialsWarpsPerToken(chip.target, p.tokens, records);
  MemoryPhase rows =
      rowKernelPhase(partials + n * p.labelBytes, n * 8,
                     double(partialsBytesInFlight(records, warps)),
                     p.tokens * warps * 32, chip);
  MemoryPhase reduction = rowKernelPhase(
      n * (p.labelBytes + 4), 4,
      tokenReductionBytesInFlight(p.labelBytes, /*readsLoss=*/true),
      kRowKernelThreads, chip);
  pred.rowMicros = kLaunchMicros + memoryTime(rows, chip).micros +
                   kLaunchMicros + memoryTime(reduction, chip).micros;
  pred.micros = pred.gemmMicros + pred.partialsMicros + pred.rowMicros;

  CrossEntropyPlan result;
  result.choice = pred;
  if (candidates)
    candidates->logits = std::move(valid);
  return result;
}

/// One chunk size of the backward, predicted; or the failure of one of its
/// GEMMs.
struct ChunkPrediction {
  std::optional<CrossEntropyPrediction> pred;
  std::optional<CrossEntropyPlan> failure;
};

ChunkPrediction predictChunk(const CrossEntropyProblem &p, int64_t chunk,
                             GemmPlanner &gemms) {
  const GpuChip &chip = gemms.chip;
  const double hbm = chip.hbmBytesPerSecond;
  const int64_t numChunks = ceilDiv(p.vocab, chunk);
  const int64_t last = p.vocab - (numChunks - 1) * chunk;

  /// The three GEMMs of a chunk of `columns` columns; the first chunk's dh
  /// stores without reading (dh_first) unless it adds to a given f32 dh.
  struct Kernels {
    GemmPrediction logits, dh, dhFirst, dw;
    Span l, products, productsFirst;
    double exp = 0;
  };
  auto plan = [&](int64_t columns,
                  Kernels &k) -> std::optional<CrossEntropyPlan> {
    const GemmPlan &l = gemms.plan(crossEntropyLogitsGemm(p, columns));
    if (!l)
      return failedGemm("logits z = h*W^T", l);
    const GemmPlan &dh = gemms.plan(crossEntropyDhGemm(p, columns, chunk));
    if (!dh)
      return failedGemm("dh += dZ_c*W_c", dh);
    const GemmPlan &dw = gemms.plan(crossEntropyDwGemm(p, columns, chunk));
    if (!dw)
      return failedGemm(p.weightVD ? "dW_c = dZ_c^T*h" : "dW_c^T = h^T*dZ_c",
                        dw);
    k.logits = *l.choice;
    k.dh = *dh.choice;
    k.dw = *dw.choice;
    GemmProblem first = crossEntropyDhGemm(p, columns, chunk);
    first.accumulatesC = p.accumulateDh && p.dhResultBytes == 4;
    k.dhFirst = *predictGemm(first, chip, k.dh.tiles);
    k.exp = k.logits.epilogueExpMicros;
    k.l = spanOf(k.logits, chip);
    k.products = concurrent(spanOf(k.dh, chip), spanOf(k.dw, chip));
    k.productsFirst = concurrent(spanOf(k.dhFirst, chip), spanOf(k.dw, chip));
    return std::nullopt;
  };
  ChunkPrediction result;
  Kernels full, tail;
  if (numChunks > 1)
    if (std::optional<CrossEntropyPlan> failed = plan(chunk, full)) {
      result.failure = std::move(failed);
      return result;
    }
  if (std::optional<CrossEntropyPlan> failed = plan(last, tail)) {
    result.failure = std::move(failed);
    return result;
  }

  CrossEntropyPrediction pred;
  const Kernels &shown = numChunks > 1 ? full : tail;
  pred.logits = shown.logits;
  pred.dh = shown.dh;
  pred.dw = shown.dw;
  pred.chunk = chunk;
  pred.numChunks = numChunks;
  pred.workspaceBytes = chunkWorkspaceBytes(p, chunk);
  pred.floorMicros = crossEntropyFloorMicros(p, chip);

  // L_0, (P_0 | L_1), ..., (P_n-2 | L_n-1), P_n-1: the first n-1 chunks
  // are full, the last has `last` columns.
  const double fulls = double(numChunks - 1);
  pred.gemmMicros =
      chunkedMicros(numChunks, {full.l, full.productsFirst, full.products},
                    {tail.l, tail.productsFirst, tail.products});
  pred.expMicros = fulls * full.exp + tail.exp;
  pred.logitsMicros =
      fulls * full.logits.micros + tail.logits.micros - pred.expMicros;
  pred.dhMicros =
      numChunks == 1
          ? tail.dhFirst.micros
          : full.dhFirst.micros + (fulls - 1) * full.dh.micros + tail.dh.micros;
  pred.dwMicros = fulls * full.dw.micros + tail.dw.micros;
  pred.overlapMicros = pred.logitsMicros + pred.expMicros + pred.dhMicros +
                       pred.dwMicros - pred.gemmMicros;

  const double n = double(p.tokens), nd = n * p.hidden;
  // The token scale: one block over the labels.
  double small =
      kLaunchMicros + memoryTime(rowKernelPhase(n * p.labelBytes, 4,
                                                tokenReductionBytesInFlight(
                                                    p.labelBytes,
                                                    /*readsLoss=*/false),
                                                kRowKernelThreads, chip),
                                 chip)
                          .micros;
  // dh rounded from the f32 buffer (adding the given dh unless it is f32
  // and already in the buffer).
  const bool roundingReadsInit = p.accumulateDh && p.dhResultBytes != 4;
  const int64_t initBytes = roundingReadsInit ? p.dhResultBytes : 0;
  small += kLaunchMicros +
           memoryTime(rowKernelPhase(nd * (4 + initBytes), nd * p.dhResultBytes,
                                     roundingBytesInFlight(initBytes),
                                     ceilDiv(p.tokens * p.hidden, kRoundGroup),
                                     chip),
                      chip)
               .micros;
  if (p.biasGradient) {
    // The column sums: a block per kColumnSumColumns columns of each chunk.
    MemoryPhase sums = rowKernelPhase(
        n * chunk * p.elementBytes, 4.0 * chunk,
        double(columnSumBytesInFlight(p.elementBytes, p.tokens)),
        ceilDiv(chunk, kColumnSumColumns) * kRowKernelThreads, chip);
    small += numChunks * kLaunchMicros +
             memoryTime(sums, chip).micros * double(p.vocab) / double(chunk);
  }
  pred.smallKernelMicros = small;
  pred.chunkMicros = kChunkMicros * numChunks;
  pred.micros = pred.gemmMicros + pred.smallKernelMicros + pred.chunkMicros;
  result.pred = pred;
  return result;
}

/// The chunks the default choice compares: for every chunk count k, the
/// smallest multiple of 64 columns that covers V in k chunks (splitting it
/// most evenly), largest first.
std::vector<int64_t> evenChunks(int64_t vocab) {
  std::vector<int64_t> chunks;
  for (int64_t k = 1;; ++k) {
    int64_t chunk = llvm::alignTo(ceilDiv(vocab, k), kChunkColumnAlignment);
    if (chunks.empty() || chunk < chunks.back())
      chunks.push_back(chunk);
    if (chunk == kChunkColumnAlignment)
      break;
  }
  return chunks;
}

CrossEntropyPlan planBackward(const CrossEntropyProblem &p, GemmPlanner &gemms,
                              CrossEntropyCandidates *candidates) {
  const int64_t maxChunk = llvm::alignTo(p.vocab, kChunkColumnAlignment);
  CrossEntropyPlan result;
  std::optional<CrossEntropyPrediction> choice;
  if (p.workspaceBytes > 0) {
    // The largest chunk the bound holds.
    int64_t perColumn = chunkWorkspaceBytes(p, 1);
    int64_t chunk =
        std::min(maxChunk, p.workspaceBytes / perColumn /
                               kChunkColumnAlignment * kChunkColumnAlignment);
    // All of V in one chunk takes one buffer, not two.
    if (chunkWorkspaceBytes(p, maxChunk) <= p.workspaceBytes)
      chunk = maxChunk;
    if (chunk < kChunkColumnAlignment) {
      result.failure = CrossEntropyPlan::Failure::WorkspaceTooSmall;
      result.minWorkspaceBytes = chunkWorkspaceBytes(p, kChunkColumnAlignment);
      result.reason = ("a workspace of " + llvm::Twine(p.workspaceBytes) +
                       " bytes cannot hold two chunks of " +
                       llvm::Twine(kChunkColumnAlignment) +
                       " vocabulary columns (2 x " + llvm::Twine(p.tokens) +
                       " tokens x " + llvm::Twine(kChunkColumnAlignment) +
                       " x " + llvm::Twine(p.elementBytes) +
                       " bytes); the smallest that works is " +
                       llvm::Twine(result.minWorkspaceBytes) + " bytes")
                          .str();
      return result;
    }
    ChunkPrediction c = predictChunk(p, chunk, gemms);
    if (c.failure)
      return std::move(*c.failure);
    result.chunkTimes.emplace_back(chunk, c.pred->micros);
    choice = c.pred;
  } else {
    // Every even split, largest chunk first; a chunk count whose
    // synchronisation alone puts it beyond the tolerance of the best so far
    // cannot be chosen, nor can any larger count.
    const double floor = crossEntropyFloorMicros(p, gemms.chip);
    std::vector<CrossEntropyPrediction> predicted;
    double best = 0;
    for (int64_t chunk : evenChunks(p.vocab)) {
      int64_t numChunks = ceilDiv(p.vocab, chunk);
      if (!predicted.empty() &&
          floor + kChunkMicros * numChunks > best * (1 + kChunkTimeTolerance))
        break;
      ChunkPrediction c = predictChunk(p, chunk, gemms);
      if (c.failure)
        return std::move(*c.failure);
      if (predicted.empty() || c.pred->micros < best)
        best = c.pred->micros;
      predicted.push_back(*c.pred);
    }
    for (auto it = predicted.rbegin(); it != predicted.rend(); ++it) {
      result.chunkTimes.emplace_back(it->chunk, it->micros);
      if (!choice && it->micros <= best * (1 + kChunkTimeTolerance))
        choice = *it;
    }
  }
  result.choice = choice;
  if (candidates) {
    // The full-size GEMMs of the chosen chunk.
    int64_t columns = std::min(choice->chunk, p.vocab);
    planGemm(crossEntropyLogitsGemm(p, columns), gemms.chip, gemms.overrides,
             &candidates->logits);
    planGemm(crossEntropyDhGemm(p, columns, choice->chunk), gemms.chip,
             gemms.overrides, &candidates->dh);
    planGemm(crossEntropyDwGemm(p, columns, choice->chunk), gemms.chip,
             gemms.overrides, &candidates->dw);
  }
  return result;
}

} // namespace

int64_t mlir::lmhead::chunkWorkspaceBytes(const CrossEntropyProblem &problem,
                                          int64_t chunk) {
  // One chunk needs one buffer: nothing overlaps it.
  int64_t buffers = chunk >= problem.vocab ? 1 : 2;
  return buffers * problem.tokens * chunk * problem.elementBytes;
}

GemmProblem
mlir::lmhead::crossEntropyLogitsGemm(const CrossEntropyProblem &problem,
                                     int64_t columns) {
  // z[N,cols] = h[N,D] * W^T: h's rows run along K = D; W's rows are D
  // long ([V,D], along K) or V long ([D,V], along N).
  GemmProblem g;
  g.m = problem.tokens;
  g.n = columns;
  g.k = problem.hidden;
  g.elementBytes = problem.elementBytes;
  g.resultBytes = problem.backward ? problem.elementBytes : 0;
  g.reducesRows = true;
  g.epilogueExpsPerElement = 1;
  // The backward stores dZ's tiles into the chunk workspace (rows of the
  // chunk's columns); the forward stores only row statistics.
  g.storesTiles = problem.backward;
  g.rowElementsA = problem.hidden;
  g.aRowsAlongK = true;
  g.rowElementsB = problem.weightVD ? problem.hidden : problem.vocab;
  g.bRowsAlongK = problem.weightVD;
  g.nameA = "h";
  g.nameB = "W";
  return g;
}

GemmProblem mlir::lmhead::crossEntropyDhGemm(const CrossEntropyProblem &problem,
                                             int64_t columns, int64_t chunk) {
  // dh[N,D] += dZ_c[N,cols] * W_c: the workspace's rows run along K; W_c's
  // rows are D long ([V,D], along N) or V long ([D,V], along K).
  GemmProblem g;
  g.m = problem.tokens;
  g.n = problem.hidden;
  g.k = columns;
  g.elementBytes = problem.elementBytes;
  g.resultBytes = 4;
  g.rowElementsA = chunk;
  g.aRowsAlongK = true;
  g.rowElementsB = problem.weightVD ? problem.hidden : problem.vocab;
  g.bRowsAlongK = !problem.weightVD;
  g.nameA = "dZ";
  g.nameB = "W";
  // Every chunk after the first adds to the f32 dh buffer (the first one's
  // kernel, dh_first, stores: predictChunk prices it without this).
  g.accumulatesC = true;
  g.storesTiles = true;
  return g;
}

GemmProblem mlir::lmhead::crossEntropyDwGemm(const CrossEntropyProblem &problem,
                                             int64_t columns, int64_t chunk) {
  // K = N is the storage row index of both operands, so every row runs
  // along M or N.
  bool vd = problem.weightVD;
  GemmProblem g;
  g.m = vd ? columns : problem.hidden;
  g.n = vd ? problem.hidden : columns;
  g.k = problem.tokens;
  g.elementBytes = problem.elementBytes;
  g.resultBytes = problem.dwResultBytes;
  g.rowElementsA = vd ? chunk : problem.hidden;
  g.rowElementsB = vd ? problem.hidden : chunk;
  g.aRowsAlongK = false;
  g.bRowsAlongK = false;
  g.nameA = vd ? "dZ" : "h";
  g.nameB = vd ? "h" : "dZ";
  g.accumulatesC = problem.accumulateDw;
  // The chunk's rows of dW [V,D], or its columns of dW [D,V]: rows V long,
  // starting at a multiple of the chunk.
  g.storesTiles = true;
  if (!vd) {
    g.rowElementsC = problem.vocab;
    const int64_t startBytes = chunk * problem.dwResultBytes;
    g.baseAlignC = startBytes % 16 == 0 ? 16 : (startBytes & -startBytes);
  }
  return g;
}

std::optional<std::string>
mlir::lmhead::forwardEpilogueLimit(const GemmTiles &tiles, GpuTarget kernel,
                                   bool bias, bool storesLogits) {
  if (!usesWarpgroupMma(kernel)) {
    if (tiles.blockM == tiles.warpM && tiles.blockN == tiles.warpN &&
        tiles.warpM * tiles.warpN >= 64 * 64 &&
        tiles.blockK > kMaxSingleWarpBlockK)
      return llvm::formatv("a block of one warp with a {0}x{1} tile takes a K "
                           "step of at most {2} (wider steps spill), got "
                           "blockK = {3}",
                           tiles.warpM, tiles.warpN, kMaxSingleWarpBlockK,
                           tiles.blockK)
          .str();
    if (tiles.elementCopies() && tiles.blockK > kMaxElementCopyBlockK)
      return llvm::formatv("with element copies a block takes a K step of at "
                           "most {0} (the step's elements wait in registers; "
                           "wider steps spill), got blockK = {1}",
                           kMaxElementCopyBlockK, tiles.blockK)
          .str();
    return std::nullopt;
  }
  // Stored through TMA, the logits need no address per column, but a row
  // tile's logits are held until its panels are written: 192 and 256 wide
  // tiles spill 40 and 376 bytes there (ptxas, CUDA 13), so the limit
  // holds either way.
  if ((bias || storesLogits) && tiles.warpN > kMaxBiasedWarpgroupN)
    return llvm::formatv("{0}, a consumer warpgroup's tile is at most {1} "
                         "wide on sm_90a (the {2} of each of a thread's "
                         "columns is held beside its accumulators; wider "
                         "tiles spill), got warpN = {3}",
                         bias ? "with a bias" : "storing the logits",
                         kMaxBiasedWarpgroupN,
                         bias ? "bias" : "store's address", tiles.warpN)
        .str();
  if (tiles.blockM == tiles.warpM && tiles.warpN > kMaxSingleWarpgroupN)
    return llvm::formatv("a block of one consumer warpgroup (blockM = warpM) "
                         "holds a tile at most {0} wide on sm_90a (wider ones "
                         "spill; two consumer warpgroups do not), got warpN "
                         "= {1}",
                         kMaxSingleWarpgroupN, tiles.warpN)
        .str();
  return std::nullopt;
}

double mlir::lmhead::crossEntropyFloorMicros(const CrossEntropyProblem &problem,
                                             const GpuChip &chip) {
  GemmProblem logits = crossEntropyLogitsGemm(problem, problem.vocab);
  return (problem.backward ? 3 : 1) * floorMicros(logits, chip);
}

CrossEntropyPlan
mlir::lmhead::planCrossEntropy(const CrossEntropyProblem &problem,
                               const GpuChip &chip, const GemmTiles &overrides,
                               CrossEntropyCandidates *candidates) {
  // The one place that asks the operands the caller gives (h and W) for
  // what the GEMM kernels need of them: 16-bit elements and rows the copies
  // can move. The logits GEMM reads exactly these two; the workspace's rows
  // (a multiple of 64 columns) always qualify.
  GemmProblem logits = crossEntropyLogitsGemm(problem, problem.vocab);
  if (std::optional<std::string> why = unsupportedGemmReason(logits, chip)) {
    CrossEntropyPlan result;
    result.failure = CrossEntropyPlan::Failure::Unsupported;
    result.reason = *why;
    return result;
  }
  GemmPlanner gemms(chip, overrides);
  return problem.backward ? planBackward(problem, gemms, candidates)
                          : planForward(problem, gemms, candidates);
}
