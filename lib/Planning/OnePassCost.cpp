//===- OnePassCost.cpp - the one-pass training step's cost model ----------===//
//
// The step's GEMMs are planned by planGemm; this file adds, as
// CrossEntropyCost.cpp does for the two ops alone (CostTerms.h):
//
//   exp       two exponentials per logit: the logits epilogue's partial sum
//             of exp (the GEMM model prices it with the epilogue), and the
//             row pass's p = exp(z - lse);
//   row pass  per chunk, after its logits: the partials read once (16 bytes
//             per row and warp-column tile), the chunk buffer read and
//             written back as dZ (2 * rows * V * elementBytes), lse and the
//             loss terms written; the memory time (bandwidth, or Little's
//             law with one warp a token keeping kRowPassLoadsInFlight
//             vectors a lane in flight) or the exp, whichever is longer,
//             plus a launch;
//   dW        accumulated in f32 across chunks: every chunk after the first
//             reads the accumulator before it writes it (V * D * 4 bytes
//             more, loaded at what the epilogue keeps in flight), so few
//             tall chunks cost less than many short ones;
//   chunks    L_0, (P_0 | L_1), ..., (P_n-2 | L_n-1), P_n-1, where L_c is
//             chunk c's logits and row pass and P_c its dh_c and dW products
//             on two streams (concurrent() of CostTerms.h), plus
//             kChunkMicros of synchronisation per chunk;
//   small     the loss's one-block reduction, and dW rounded from the f32
//             accumulator to its type unless that is f32 (then the
//             accumulator is the result), each priced by what its threads
//             keep in flight (MemoryParallelism.h).
//
// No prediction is below the floor of three GEMMs of 2*N*V*D at the chip's
// full rate: each GEMM takes at least its flops at that rate, and the
// overlap never goes below the sum of busy times.
//
//===----------------------------------------------------------------------===//

#include "lmhead/Planning/OnePassCost.h"

#include "CostTerms.h"
#include "lmhead/Planning/MemoryParallelism.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::lmhead;
using namespace mlir::lmhead::cost;

namespace {

int64_t paddedVocab(const CrossEntropyProblem &p) {
  return llvm::alignTo(p.vocab, kChunkColumnAlignment);
}

/// Three GEMMs of 2*N*V*D at the chip's full rate.
double floorOf(const CrossEntropyProblem &p, const GpuChip &chip) {
  return 3 * floorMicros(crossEntropyLogitsGemm(p, p.vocab), chip);
}

OnePassPlan failedGemm(llvm::StringRef name, const GemmPlan &plan) {
  OnePassPlan result;
  result.failure = plan.failure == GemmPlan::Failure::Unsupported
                       ? OnePassPlan::Failure::Unsupported
                       : OnePassPlan::Failure::NoValidConfig;
  result.reason = (name + ": " + plan.reason).str();
  return result;
}

/// The kernels of one chunk of `rows` tokens.
struct ChunkKernels {
  GemmPrediction logits, dh, dw, dwFirst;
  /// The logits and the row pass (on one stream); the products on two.
  Span l, products, productsFirst;
  double exp = 0, row = 0;
};

/// Plans the kernels of a chunk of `rows` tokens, or says why not.
std::optional<OnePassPlan> planChunk(const CrossEntropyProblem &p, int64_t rows,
                                     int64_t chunkRows, GemmPlanner &gemms,
                                     ChunkKernels &k) {
  const GpuChip &chip = gemms.chip;
  const double hbm = chip.hbmBytesPerSecond;
  // The logits: the fastest configuration whose epilogue (partials and
  // the stored logits) fits (forwardEpilogueLimit).
  std::vector<GemmPrediction> valid;
  GemmPlan l =
      planGemm(onePassLogitsGemm(p, rows), chip, gemms.overrides, &valid);
  if (!l)
    return failedGemm("logits z_c = h_c*W^T", l);
  std::string firstLimit;
  llvm::erase_if(valid, [&](const GemmPrediction &g) {
    std::optional<std::string> why =
        forwardEpilogueLimit(g.tiles, g.kernel, p.bias, /*storesLogits=*/true);
    if (why && firstLimit.empty())
      firstLimit = *why;
    return why.has_value();
  });
  if (valid.empty()) {
    l.failure = GemmPlan::Failure::NoValidConfig;
    l.reason = "no " + chip.targetName().str() +
               " kernel configuration fits the epilogue that stores the "
               "logits: " +
               firstLimit;
    return failedGemm("logits z_c = h_c*W^T", l);
  }
  l.choice = *llvm::min_element(
      valid, [](const auto &a, const auto &b) { return a.micros < b.micros; });
  const GemmPlan &dh = gemms.plan(onePassDhGemm(p, rows));
  if (!dh)
    return failedGemm("dh_c = dZ_c*W", dh);
  const GemmPlan &dw = gemms.plan(onePassDwGemm(p, rows));
  if (!dw)
    return failedGemm(p.weightVD ? "dW += dZ_c^T*h_c" : "dW^T += h_c^T*dZ_c",
                      dw);
  const double logits = double(rows) * p.vocab;
  k.logits = *l.choice;
  k.dh = *dh.choice;
  // Every chunk but the first reads the f32 accumulator it adds to; so does
  // the first when dW accumulates into a given gradient. The first chunk's
  // kernel has the same tiles and only stores.
  k.dw = *dw.choice;
  GemmProblem first = onePassDwGemm(p, rows);
  first.accumulatesC = p.accumulateDw;
  k.dwFirst = *predictGemm(first, chip, k.dw.tiles);
  const double expEach = 1e6 * logits / chip.expPerSecond();
  // The logits epilogue's exponentials are the GEMM's (priced with its
  // epilogue); the row pass takes the others.
  k.exp = k.logits.epilogueExpMicros + expEach;
  const double partials = double(kPartialRecordBytes) * rows *
                          ceilDiv(p.vocab, k.logits.tiles.warpN);
  // The warps a token the kernel is compiled with for the chunks' rows,
  // kRowPassLoadsInFlight vectors a lane in flight.
  const int64_t warps =
      stepRowPassWarpsPerToken(chip.target, chunkRows, p.vocab, p.elementBytes);
  MemoryPhase rowPass = rowKernelPhase(
      partials + logits * p.elementBytes + double(rows) * p.labelBytes,
      logits * p.elementBytes + double(rows) * 8,
      double(stepRowPassBytesInFlight(p.elementBytes)), rows * warps * 32,
      chip);
  k.row = kLaunchMicros + std::max(memoryTime(rowPass, chip).micros, expEach);
  Span logitsSpan = spanOf(k.logits, chip);
  k.l = {logitsSpan.micros + k.row, logitsSpan.busy + k.row};
  k.products = concurrent(spanOf(k.dh, chip), spanOf(k.dw, chip));
  k.productsFirst = concurrent(spanOf(k.dh, chip), spanOf(k.dwFirst, chip));
  return std::nullopt;
}

/// The prediction of token chunks of `rows`, or why there is none.
std::pair<std::optional<OnePassPrediction>, std::optional<OnePassPlan>>
predict(const CrossEntropyProblem &p, int64_t rows, GemmPlanner &gemms) {
  const GpuChip &chip = gemms.chip;
  const int64_t numChunks = ceilDiv(p.tokens, rows);
  const int64_t lastRows = p.tokens - (numChunks - 1) * rows;
  ChunkKernels full, tail;
  if (numChunks > 1)
    if (std::optional<OnePassPlan> failed =
            planChunk(p, rows, rows, gemms, full))
      return {std::nullopt, std::move(failed)};
  if (std::optional<OnePassPlan> failed =
          planChunk(p, lastRows, std::min(rows, p.tokens), gemms, tail))
    return {std::nullopt, std::move(failed)};

  OnePassPrediction pred;
  const ChunkKernels &shown = numChunks > 1 ? full : tail;
  pred.logits = shown.logits;
  pred.dh = shown.dh;
  pred.dw = shown.dw;
  pred.rows = rows;
  pred.numChunks = numChunks;
  pred.workspaceBytes = onePassWorkspaceBytes(p, rows);
  pred.floorMicros = floorOf(p, chip);

  // L_0, (P_0 | L_1), ..., (P_n-2 | L_n-1), P_n-1: the first n-1 chunks are
  // full, the last has `lastRows` tokens; only the first chunk's dW writes
  // the accumulator without reading it.
  const double fulls = double(numChunks - 1);
  pred.gemmMicros =
      chunkedMicros(numChunks, {full.l, full.productsFirst, full.products},
                    {tail.l, tail.productsFirst, tail.products});
  pred.logitsMicros =
      fulls * (full.logits.micros - full.logits.epilogueExpMicros) +
      tail.logits.micros - tail.logits.epilogueExpMicros;
  pred.expMicros = fulls * full.exp + tail.exp;
  pred.rowMicros = fulls * full.row + tail.row;
  pred.dhMicros = fulls * full.dh.micros + tail.dh.micros;
  pred.dwMicros =
      numChunks == 1
          ? tail.dwFirst.micros
          : full.dwFirst.micros + (fulls - 1) * full.dw.micros + tail.dw.micros;
  pred.overlapMicros = pred.logitsMicros + pred.expMicros / 2 + pred.rowMicros +
                       pred.dhMicros + pred.dwMicros - pred.gemmMicros;

  // The loss reduction, one block; dW rounded from its f32 accumulator.
  const double n = double(p.tokens), vd = double(p.vocab) * p.hidden;
  double small =
      kLaunchMicros +
      memoryTime(rowKernelPhase(n * (p.labelBytes + 4), 4,
                                tokenReductionBytesInFlight(p.labelBytes,
                                                            /*readsLoss=*/true),
                                kRowKernelThreads, chip),
                 chip)
          .micros;
  if (p.dwResultBytes != 4)
    small += kLaunchMicros +
             memoryTime(rowKernelPhase(4 * vd, vd * p.dwResultBytes,
                                       roundingBytesInFlight(0),
                                       ceilDiv(p.vocab * p.hidden, kRoundGroup),
                                       chip),
                        chip)
                 .micros;
  if (p.biasGradient) {
    // Each chunk's column sums of dZ added to the f32 db (a block per
    // kColumnSumColumns columns), priced as if nothing overlapped them
    // (they run on a stream of their own beside the products); db's
    // rounding (V elements) is not priced.
    auto sums = [&](int64_t chunkRows) {
      MemoryPhase phase = rowKernelPhase(
          double(chunkRows) * paddedVocab(p) * p.elementBytes + 4.0 * p.vocab,
          4.0 * p.vocab,
          double(columnSumBytesInFlight(p.elementBytes, chunkRows)),
          ceilDiv(p.vocab, kColumnSumColumns) * kRowKernelThreads, chip);
      return kLaunchMicros + memoryTime(phase, chip).micros;
    };
    small += fulls * sums(rows) + sums(lastRows);
  }
  pred.smallKernelMicros = small;
  pred.chunkMicros = kChunkMicros * numChunks;
  pred.micros = pred.gemmMicros + pred.smallKernelMicros + pred.chunkMicros;
  return {pred, std::nullopt};
}

/// The token chunks the default choice compares: for every chunk count k,
/// the smallest multiple of kTokenChunkAlignment rows that covers N in k
/// chunks (or all of N), largest first.
std::vector<int64_t> evenTokenChunks(int64_t tokens) {
  std::vector<int64_t> chunks;
  for (int64_t k = 1;; ++k) {
    int64_t rows = std::min(
        tokens,
        int64_t(llvm::alignTo(ceilDiv(tokens, k), kTokenChunkAlignment)));
    if (chunks.empty() || rows < chunks.back())
      chunks.push_back(rows);
    if (rows <= kTokenChunkAlignment)
      break;
  }
  return chunks;
}

} // namespace

int64_t mlir::lmhead::onePassWorkspaceBytes(const CrossEntropyProblem &p,
                                            int64_t rows) {
  // One chunk needs one buffer: nothing overlaps it.
  int64_t count = rows >= p.tokens ? 1 : 2;
  int64_t buffers = count * rows * paddedVocab(p) * p.elementBytes;
  // One record per row and 64 columns (the narrowest warp tile the model
  // may choose): an upper bound.
  int64_t partials =
      kPartialRecordBytes * rows * ceilDiv(p.vocab, kChunkColumnAlignment);
  return buffers + partials;
}

GemmProblem mlir::lmhead::onePassLogitsGemm(const CrossEntropyProblem &p,
                                            int64_t rows) {
  GemmProblem g = crossEntropyLogitsGemm(p, p.vocab);
  g.m = rows;
  g.resultBytes = p.elementBytes;
  // The chunk's logits, stored whole into a buffer of padded rows.
  g.storesTiles = true;
  g.rowElementsC = paddedVocab(p);
  return g;
}

GemmProblem mlir::lmhead::onePassDhGemm(const CrossEntropyProblem &p,
                                        int64_t rows) {
  // dh_c[rows,D] = dZ_c[rows,V] * W: the buffer's rows run along K; W's rows
  // are D long ([V,D], along N) or V long ([D,V], along K).
  GemmProblem g;
  g.m = rows;
  g.n = p.hidden;
  g.k = p.vocab;
  g.elementBytes = p.elementBytes;
  g.resultBytes = p.dhResultBytes;
  g.rowElementsA = paddedVocab(p);
  g.aRowsAlongK = true;
  g.rowElementsB = p.weightVD ? p.hidden : p.vocab;
  g.bRowsAlongK = !p.weightVD;
  g.nameA = "dZ";
  g.nameB = "W";
  g.accumulatesC = p.accumulateDh;
  // The chunk's rows of dh.
  g.storesTiles = true;
  return g;
}

GemmProblem mlir::lmhead::onePassDwGemm(const CrossEntropyProblem &p,
                                        int64_t rows) {
  // K = the chunk's tokens, the storage row index of both operands.
  bool vd = p.weightVD;
  GemmProblem g;
  g.m = vd ? p.vocab : p.hidden;
  g.n = vd ? p.hidden : p.vocab;
  g.k = rows;
  g.elementBytes = p.elementBytes;
  g.resultBytes = 4;
  g.rowElementsA = vd ? paddedVocab(p) : p.hidden;
  g.rowElementsB = vd ? p.hidden : paddedVocab(p);
  g.aRowsAlongK = false;
  g.bRowsAlongK = false;
  g.nameA = vd ? "dZ" : "h";
  g.nameB = vd ? "h" : "dZ";
  // The f32 accumulator every chunk after the first adds to.
  g.accumulatesC = true;
  g.storesTiles = true;
  return g;
}

OnePassPlan mlir::lmhead::planOnePassStep(const CrossEntropyProblem &problem,
                                          const GpuChip &chip,
                                          const GemmTiles &overrides) {
  OnePassPlan result;
  GemmProblem logits = onePassLogitsGemm(problem, problem.tokens);
  if (std::optional<std::string> why = unsupportedGemmReason(logits, chip)) {
    result.failure = OnePassPlan::Failure::Unsupported;
    result.reason = *why;
    return result;
  }
  GemmPlanner gemms(chip, overrides);
  std::vector<int64_t> chunks;
  if (problem.workspaceBytes > 0) {
    // The largest chunk the bound holds.
    int64_t smallest = std::min(problem.tokens, kTokenChunkAlignment);
    if (onePassWorkspaceBytes(problem, smallest) > problem.workspaceBytes) {
      result.failure = OnePassPlan::Failure::WorkspaceTooSmall;
      result.minWorkspaceBytes = onePassWorkspaceBytes(problem, smallest);
      result.reason =
          ("a workspace of " + llvm::Twine(problem.workspaceBytes) +
           " bytes cannot hold two chunks of " + llvm::Twine(smallest) +
           " tokens of the logits and their partials; the smallest that "
           "works is " +
           llvm::Twine(result.minWorkspaceBytes) + " bytes")
              .str();
      return result;
    }
    int64_t rows = smallest;
    for (int64_t more = rows + kTokenChunkAlignment;
         rows < problem.tokens &&
         onePassWorkspaceBytes(problem, std::min(more, problem.tokens)) <=
             problem.workspaceBytes;
         more += kTokenChunkAlignment)
      rows = std::min(more, problem.tokens);
    // All tokens in one chunk take one buffer, not two.
    if (onePassWorkspaceBytes(problem, problem.tokens) <=
        problem.workspaceBytes)
      rows = problem.tokens;
    chunks.push_back(rows);
  } else {
    chunks = evenTokenChunks(problem.tokens);
  }

  // Largest chunk first; a chunk count whose synchronisation alone puts it
  // beyond the tolerance of the best so far cannot be chosen, nor can any
  // larger count.
  const double floor = floorOf(problem, chip);
  std::vector<OnePassPrediction> predicted;
  double best = 0;
  for (int64_t rows : chunks) {
    int64_t numChunks = ceilDiv(problem.tokens, rows);
    if (!predicted.empty() &&
        floor + kChunkMicros * numChunks > best * (1 + kChunkTimeTolerance))
      break;
    auto [pred, failed] = predict(problem, rows, gemms);
    if (failed)
      return std::move(*failed);
    if (predicted.empty() || pred->micros < best)
      best = pred->micros;
    predicted.push_back(*pred);
  }
  // The smallest workspace within the tolerance of the fastest.
  for (auto it = predicted.rbegin(); it != predicted.rend(); ++it) {
    result.chunkTimes.emplace_back(it->rows, it->micros);
    if (!result.choice && it->micros <= best * (1 + kChunkTimeTolerance))
      result.choice = *it;
  }
  std::reverse(result.chunkTimes.begin(), result.chunkTimes.end());
  return result;
}
