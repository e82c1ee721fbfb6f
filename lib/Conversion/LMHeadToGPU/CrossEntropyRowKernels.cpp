//===- CrossEntropyRowKernels.cpp - the small kernels around the GEMMs ----===//
//
// Each kernel reads its inputs once, in coalesced order where it matters:
// the partials are stored [N, P, 4], one 16-byte record per token and
// warp-column tile, so the warp that merges a token's records reads them
// as consecutive 16-byte vectors; the column sums read the rows of a dZ
// chunk with consecutive threads on consecutive columns. The
// reductions over all tokens are one block's, summed in a fixed order (each
// warp's butterfly, then the warps in order), so their results do not
// depend on timing (no atomics).
//
//===----------------------------------------------------------------------===//

#include "CrossEntropyRowKernels.h"
#include "GemmKernel.h"
#include "GradientStatistics.h"
#include "KernelBuilder.h"
#include "KernelMath.h"
#include "TileRuns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

#include <limits>
#include <tuple>

using namespace mlir;
using namespace mlir::lmhead;

namespace {

MemRefType vectorType(Type element) {
  return MemRefType::get({ShapedType::kDynamic}, element);
}

/// The warps of a reduction block, kRowKernelThreads threads.
constexpr int64_t kReductionWarps = kRowKernelWarps;

/// Shared memory for blockSum: one f32 per warp of a reduction block, each
/// at the start of a 128-byte row. Packed side by side, LLVM (22) merges
/// the reads of the eight slots into 16-byte vector loads while the PTX
/// declares the array 4-byte aligned, and such a load faults where the
/// array is not placed 16-byte aligned (the emulator reports it); apart,
/// they stay single loads.
Value addReductionSlots(gpu::GPUFuncOp func, Location loc) {
  auto workgroup = gpu::AddressSpaceAttr::get(
      func.getContext(), gpu::GPUDialect::getWorkgroupAddressSpace());
  return func.addWorkgroupAttribution(
      MemRefType::get({kReductionWarps, 32},
                      Float32Type::get(func.getContext()),
                      MemRefLayoutAttrInterface(), workgroup),
      loc);
}

/// The sum of `value` over the block's kRowKernelThreads threads, in an
/// order that does not depend on timing: each warp's butterfly, then the
/// warps in order. Every thread gets it; every thread must reach it.
Value blockSum(KernelBuilder &b, Value value, Value slots, Value thread) {
  Value warpTotal = b.warpSum(value);
  Value warp = arith::DivUIOp::create(b, thread, b.index(32));
  Value lane = arith::RemUIOp::create(b, thread, b.index(32));
  {
    OpBuilder::InsertionGuard guard(b);
    b.enterIf(
        arith::CmpIOp::create(b, arith::CmpIPredicate::eq, lane, b.index(0)));
    b.store(warpTotal, slots, {warp, b.index(0)});
  }
  gpu::BarrierOp::create(b);
  Value total = b.load(slots, {b.index(0), b.index(0)});
  for (int64_t w = 1; w < kReductionWarps; ++w)
    total = b.add(total, b.load(slots, {b.index(w), b.index(0)}));
  // The slots may be written again after this.
  gpu::BarrierOp::create(b);
  return total;
}

/// The number of valid tokens (label ≠ ignore_index) as f32, summed by the
/// block's threads (blockSum); every thread gets it.
Value countValidTokens(KernelBuilder &b, const LogitOptions &options,
                       Value labels, Value tokens, Value thread, Value slots) {
  auto loop = scf::ForOp::create(b, thread, tokens, b.index(kRowKernelThreads),
                                 ValueRange{b.f32(0.0)});
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value label = b.load(labels, loop.getInductionVar());
    Value valid = classifyLabel(b, b.getLoc(), options, label).first;
    scf::YieldOp::create(b, b.add(loop.getRegionIterArgs()[0],
                                  b.select(valid, b.f32(1.0), b.f32(0.0))));
  }
  return blockSum(b, loop.getResult(0), slots, thread);
}

/// What a token's partials merge into: its lse, its target logit and (with
/// label smoothing) Σz.
struct TokenStatistics {
  Value lse, target, sumLogits;
};

/// A fold of some of a token's partial records: their largest maximum, the
/// sum of their Σexp scaled to it, and the sums of their target logits and
/// Σz.
struct PartialFold {
  Value max, sumExp, target, sumLogits;
};

/// exp(x − max) for x ≤ max, 0 where x is −inf (NVVM's inline exp does not
/// give exp(−inf) = 0).
Value scaleBelow(KernelBuilder &b, Value x, Value max) {
  const double inf = std::numeric_limits<double>::infinity();
  Value e = kernelExp(b, b.getLoc(), b.sub(x, max));
  Value none =
      arith::CmpFOp::create(b, arith::CmpFPredicate::OEQ, x, b.f32(-inf));
  return b.select(none, b.f32(0.0), e);
}

/// Adds the fold (m, e) of a maximum and its Σexp to `fold`: the smaller
/// maximum's sum is rescaled to the larger.
void addMaxAndSum(KernelBuilder &b, PartialFold &fold, Value m, Value e) {
  Value grows =
      arith::CmpFOp::create(b, arith::CmpFPredicate::OGT, m, fold.max);
  Value larger = arith::MaximumFOp::create(b, fold.max, m);
  Value factor =
      scaleBelow(b, arith::MinimumFOp::create(b, fold.max, m), larger);
  fold.sumExp = b.select(grows, b.add(b.mul(fold.sumExp, factor), e),
                         b.add(fold.sumExp, b.mul(e, factor)));
  fold.max = larger;
}

/// Folds the records [P, 4] of token `row` of `partials` (RowStatsEpilogue,
/// [rows, P, 4]) that one of the token's `warps` warps takes, its `part`-th:
/// lane l folds records 32·(part + warps·k) + l for k = 0, 1, ... below
/// `count` (P, or 0 for a warp with no token), loading
/// kPartialRecordsInFlight of them before it folds the first; the lanes'
/// folds are merged by the warp's butterfly. Every lane of the warp must
/// reach it; every lane gets the warp's fold.
PartialFold foldWarpPartials(KernelBuilder &b, Value partials, Value row,
                             Value part, Value lane, Value count, int64_t warps,
                             bool smoothing) {
  Type f32 = b.getF32Type();
  auto recordType = VectorType::get({4}, f32);
  const double inf = std::numeric_limits<double>::infinity();
  const int64_t round = 32 * warps;
  auto loop = scf::ForOp::create(
      b, b.add(b.mul(part, b.index(32)), lane), count,
      b.index(round * kPartialRecordsInFlight),
      ValueRange{b.f32(-inf), b.f32(0.0), b.f32(0.0), b.f32(0.0)});
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value none = arith::ConstantOp::create(
        b, recordType,
        DenseElementsAttr::get(recordType,
                               ArrayRef<float>{float(-inf), 0.0f, 0.0f, 0.0f}));
    SmallVector<Value> records;
    for (int64_t u = 0; u < kPartialRecordsInFlight; ++u) {
      Value p = b.add(loop.getInductionVar(), b.index(round * u));
      records.push_back(b.valueIf(
          b.lessThan(p, count), recordType,
          [&] {
            return vector::LoadOp::create(
                       b, recordType, partials, ValueRange{row, p, b.index(0)},
                       /*nontemporal=*/false, llvm::MaybeAlign(16))
                .getResult();
          },
          [&] { return none; }));
    }
    ValueRange acc = loop.getRegionIterArgs();
    PartialFold fold{acc[0], acc[1], acc[2], acc[3]};
    for (Value record : records) {
      auto field = [&](int64_t i) -> Value {
        return vector::ExtractOp::create(b, record, i);
      };
      addMaxAndSum(b, fold, field(0), field(1));
      fold.target = b.add(fold.target, field(2));
      if (smoothing)
        fold.sumLogits = b.add(fold.sumLogits, field(3));
    }
    scf::YieldOp::create(
        b, ValueRange{fold.max, fold.sumExp, fold.target, fold.sumLogits});
  }
  PartialFold warp;
  Value laneMax = loop.getResult(0);
  warp.max = b.warpMax(laneMax);
  warp.sumExp =
      b.warpSum(b.mul(loop.getResult(1), scaleBelow(b, laneMax, warp.max)));
  warp.target = b.warpSum(loop.getResult(2));
  warp.sumLogits = smoothing ? b.warpSum(loop.getResult(3)) : b.f32(0.0);
  return warp;
}

/// Shared memory for combineTokenWarps: the four values of each warp's
/// fold, [warp][value · 32], each value of a warp at the start of its own
/// 128-byte row (see addReductionSlots for why they are kept apart).
Value addWarpFoldSlots(gpu::GPUFuncOp func, Location loc) {
  auto workgroup = gpu::AddressSpaceAttr::get(
      func.getContext(), gpu::GPUDialect::getWorkgroupAddressSpace());
  return func.addWorkgroupAttribution(
      MemRefType::get({kRowKernelWarps, 4 * 32},
                      Float32Type::get(func.getContext()),
                      MemRefLayoutAttrInterface(), workgroup),
      loc);
}

/// The fold of a whole token from the folds of its `warps` warps (the
/// warps `first`, first + 1, ... of the block): each warp's lane 0 puts its
/// fold in `slots`, and every lane merges the token's in warp order (the
/// result does not depend on timing). A barrier: every thread of the block
/// must reach it.
PartialFold combineTokenWarps(KernelBuilder &b, const PartialFold &fold,
                              Value slots, Value warp, Value lane, Value first,
                              int64_t warps) {
  Value values[] = {fold.max, fold.sumExp, fold.target, fold.sumLogits};
  {
    OpBuilder::InsertionGuard guard(b);
    b.enterIf(
        arith::CmpIOp::create(b, arith::CmpIPredicate::eq, lane, b.index(0)));
    for (auto [i, value] : llvm::enumerate(values))
      b.store(value, slots, {warp, b.index(32 * int64_t(i))});
  }
  gpu::BarrierOp::create(b);
  auto slot = [&](int64_t w, int64_t i) -> Value {
    return b.load(slots, {b.add(first, b.index(w)), b.index(32 * i)});
  };
  PartialFold token{slot(0, 0), slot(0, 1), slot(0, 2), slot(0, 3)};
  for (int64_t w = 1; w < warps; ++w) {
    addMaxAndSum(b, token, slot(w, 0), slot(w, 1));
    token.target = b.add(token.target, slot(w, 2));
    token.sumLogits = b.add(token.sumLogits, slot(w, 3));
  }
  return token;
}

/// A row kernel's place for one thread: the token's row, which of the
/// token's warps it is in, its warp in the block, and its lane.
struct RowThread {
  Value row, part, warp, lane;
  /// The block's first warp of this token.
  Value firstWarp;
  /// Whether this thread is lane 0 of the token's first warp, which writes
  /// the token's results.
  Value leader;
};

/// The place of this thread in a row kernel that gives each token `warps`
/// warps (kRowKernelWarps / warps tokens a block).
RowThread rowThread(KernelBuilder &b, int64_t warps) {
  Value thread = b.thread();
  RowThread t;
  t.warp = arith::DivUIOp::create(b, thread, b.index(32));
  t.lane = arith::RemUIOp::create(b, thread, b.index(32));
  Value inBlock = arith::DivUIOp::create(b, t.warp, b.index(warps));
  t.part = arith::RemUIOp::create(b, t.warp, b.index(warps));
  t.firstWarp = b.mul(inBlock, b.index(warps));
  t.row = b.add(b.mul(gpu::BlockIdOp::create(b, gpu::Dimension::x),
                      b.index(kRowKernelWarps / warps)),
                inBlock);
  t.leader = arith::CmpIOp::create(b, arith::CmpIPredicate::eq,
                                   arith::OrIOp::create(b, t.part, t.lane),
                                   b.index(0));
  return t;
}

/// The statistics of token `t.row` of `rows` from its partials, merged by
/// its `warps` warps: every thread of the block must reach it (`slots`
/// from addWarpFoldSlots where warps > 1); a thread past the last token
/// folds nothing and gets meaningless statistics.
TokenStatistics mergeTokenPartials(KernelBuilder &b, Value partials,
                                   const RowThread &t, Value rows,
                                   Value numPartials, int64_t warps,
                                   Value slots, bool smoothing) {
  Value count = b.select(b.lessThan(t.row, rows), numPartials, b.index(0));
  PartialFold fold = foldWarpPartials(b, partials, t.row, t.part, t.lane, count,
                                      warps, smoothing);
  if (warps > 1)
    fold =
        combineTokenWarps(b, fold, slots, t.warp, t.lane, t.firstWarp, warps);
  TokenStatistics stats;
  stats.lse = b.add(fold.max, kernelLog(b, b.getLoc(), fold.sumExp));
  stats.target = fold.target;
  stats.sumLogits = fold.sumLogits;
  return stats;
}

/// A token's loss from its lse, target logit and (with label smoothing) Σz:
/// `(1−ε)(lse − z_y) + ε(lse − Σz/V) + w·lse²`, 0 when its label is ignored,
/// NaN for a label outside [0, V).
Value tokenLoss(KernelBuilder &b, const LogitOptions &options, Value label,
                Value lse, Value target, Value sumLogits) {
  Value loss = b.sub(lse, target);
  if (options.labelSmoothing > 0.0) {
    Value mean = b.div(sumLogits, b.f32(double(options.vocab)));
    loss = b.add(b.mul(b.f32(1.0 - options.labelSmoothing), loss),
                 b.mul(b.f32(options.labelSmoothing), b.sub(lse, mean)));
  }
  if (options.zLossWeight > 0.0)
    loss = b.add(loss, b.mul(b.f32(options.zLossWeight), b.mul(lse, lse)));
  auto [valid, bad] = classifyLabel(b, b.getLoc(), options, label);
  loss = b.select(valid, loss, b.f32(0.0));
  return b.select(bad, b.f32(std::numeric_limits<double>::quiet_NaN()), loss);
}

} // namespace

gpu::GPUFuncOp mlir::lmhead::buildTokenLossKernel(OpBuilder &builder,
                                                  Location loc, StringRef name,
                                                  const LogitOptions &options,
                                                  int64_t warpsPerToken) {
  Type f32 = builder.getF32Type(), indexType = builder.getIndexType();
  int64_t dynamic = ShapedType::kDynamic;
  auto partialsType = MemRefType::get({dynamic, dynamic, 4}, f32);
  gpu::GPUFuncOp func =
      createKernel(builder, loc, name,
                   {vectorType(options.labelType), partialsType,
                    vectorType(f32), vectorType(f32), indexType, indexType},
                   kRowKernelThreads);
  Value slots = warpsPerToken > 1 ? addWarpFoldSlots(func, loc) : Value();
  Block &entry = func.getBody().front();
  KernelBuilder b(loc, OpBuilder::atBlockBegin(&entry));
  Value labels = entry.getArgument(0), partials = entry.getArgument(1);
  Value lseOut = entry.getArgument(2), lossOut = entry.getArgument(3);
  Value numPartials = entry.getArgument(4), tokens = entry.getArgument(5);
  RowThread t = rowThread(b, warpsPerToken);
  TokenStatistics stats =
      mergeTokenPartials(b, partials, t, tokens, numPartials, warpsPerToken,
                         slots, options.labelSmoothing > 0.0);
  b.enterIf(arith::AndIOp::create(b, b.lessThan(t.row, tokens), t.leader));
  Value loss = tokenLoss(b, options, b.load(labels, t.row), stats.lse,
                         stats.target, stats.sumLogits);
  b.store(stats.lse, lseOut, t.row);
  b.store(loss, lossOut, t.row);
  b.setInsertionPointToEnd(&entry);
  gpu::ReturnOp::create(b);
  return func;
}

gpu::GPUFuncOp
mlir::lmhead::buildLossReductionKernel(OpBuilder &builder, Location loc,
                                       StringRef name,
                                       const LogitOptions &options, bool mean) {
  Type f32 = builder.getF32Type();
  gpu::GPUFuncOp func =
      createKernel(builder, loc, name,
                   {vectorType(options.labelType), vectorType(f32),
                    vectorType(f32), builder.getIndexType()},
                   kRowKernelThreads);
  Value slots = addReductionSlots(func, loc);
  Block &entry = func.getBody().front();
  KernelBuilder b(loc, OpBuilder::atBlockBegin(&entry));
  Value labels = entry.getArgument(0), losses = entry.getArgument(1);
  Value result = entry.getArgument(2), tokens = entry.getArgument(3);
  Value thread = b.thread();
  auto loop = scf::ForOp::create(b, thread, tokens, b.index(kRowKernelThreads),
                                 ValueRange{b.f32(0.0)});
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    scf::YieldOp::create(b, b.add(loop.getRegionIterArgs()[0],
                                  b.load(losses, loop.getInductionVar())));
  }
  Value total = blockSum(b, loop.getResult(0), slots, thread);
  if (mean) {
    // An all-ignored batch has loss 0, not 0/0.
    Value count = countValidTokens(b, options, labels, tokens, thread, slots);
    Value any =
        arith::CmpFOp::create(b, arith::CmpFPredicate::OGT, count, b.f32(0.0));
    total = b.select(any, b.div(total, count), b.f32(0.0));
  }
  {
    OpBuilder::InsertionGuard guard(b);
    b.enterIf(
        arith::CmpIOp::create(b, arith::CmpIPredicate::eq, thread, b.index(0)));
    b.store(total, result, b.index(0));
  }
  gpu::ReturnOp::create(b);
  return func;
}

gpu::GPUFuncOp mlir::lmhead::buildMeanScaleKernel(OpBuilder &builder,
                                                  Location loc, StringRef name,
                                                  const LogitOptions &options) {
  Type f32 = builder.getF32Type();
  gpu::GPUFuncOp func =
      createKernel(builder, loc, name,
                   {vectorType(options.labelType), vectorType(f32),
                    vectorType(f32), builder.getIndexType()},
                   kRowKernelThreads);
  Value slots = addReductionSlots(func, loc);
  Block &entry = func.getBody().front();
  KernelBuilder b(loc, OpBuilder::atBlockBegin(&entry));
  Value labels = entry.getArgument(0), dloss = entry.getArgument(1);
  Value result = entry.getArgument(2), tokens = entry.getArgument(3);
  Value thread = b.thread();
  Value count = countValidTokens(b, options, labels, tokens, thread, slots);
  Value any =
      arith::CmpFOp::create(b, arith::CmpFPredicate::OGT, count, b.f32(0.0));
  {
    OpBuilder::InsertionGuard guard(b);
    b.enterIf(
        arith::CmpIOp::create(b, arith::CmpIPredicate::eq, thread, b.index(0)));
    Value upstream = b.load(dloss, b.index(0));
    b.store(b.select(any, b.div(upstream, count), b.f32(0.0)), result,
            b.index(0));
  }
  gpu::ReturnOp::create(b);
  return func;
}

gpu::GPUFuncOp mlir::lmhead::buildColumnSumKernel(OpBuilder &builder,
                                                  Location loc, StringRef name,
                                                  Type operandType,
                                                  Type resultType, bool scaled,
                                                  bool accumulate) {
  assert((!accumulate || resultType.isF32()) &&
         "the column sums accumulate in an f32 db");
  Type f32 = builder.getF32Type(), indexType = builder.getIndexType();
  SmallVector<Type> arguments = {gemmMatrixType(operandType),
                                 vectorType(resultType)};
  if (scaled)
    arguments.push_back(vectorType(f32));
  arguments.append({indexType, indexType, indexType});
  gpu::GPUFuncOp func =
      createKernel(builder, loc, name, arguments, kRowKernelThreads);
  // Each slice's sums of the block's columns: [slice][e][vector] for column
  // vector·kRowPassVector + e, a vector's row padded by one word so that
  // the four slices of a warp store to different banks. A thread's eight
  // sums lie apart: side by side, LLVM (22) merges their stores into
  // 16-byte vectors while the PTX declares the array 4-byte aligned (see
  // addReductionSlots).
  auto workgroup = gpu::AddressSpaceAttr::get(
      builder.getContext(), gpu::GPUDialect::getWorkgroupAddressSpace());
  Value sliceSums = func.addWorkgroupAttribution(
      MemRefType::get(
          {kColumnSumRowSlices, kRowPassVector, kColumnSumVectors + 1}, f32,
          MemRefLayoutAttrInterface(), workgroup),
      loc);
  Block &entry = func.getBody().front();
  KernelBuilder b(loc, OpBuilder::atBlockBegin(&entry));
  Value dz = entry.getArgument(0), db = entry.getArgument(1);
  Value factor = scaled ? entry.getArgument(2) : Value();
  unsigned next = scaled ? 3 : 2;
  Value vocabOffset = entry.getArgument(next),
        tokens = entry.getArgument(next + 1);
  Value columns = entry.getArgument(next + 2);
  Value thread = b.thread();
  Value slice = arith::DivUIOp::create(b, thread, b.index(kColumnSumVectors));
  Value vectorInBlock =
      arith::RemUIOp::create(b, thread, b.index(kColumnSumVectors));
  Value inBlock = b.mul(vectorInBlock, b.index(kRowPassVector));
  Value blockFirst = b.mul(gpu::BlockIdOp::create(b, gpu::Dimension::x),
                           b.index(kColumnSumColumns));
  Value first = b.add(blockFirst, inBlock);
  auto vectorType = VectorType::get({kRowPassVector}, operandType);
  uint64_t vectorBytes =
      kRowPassVector * operandType.getIntOrFloatBitWidth() / 8;
  Value whole = arith::AndIOp::create(
      b, b.lessThan(b.add(first, b.index(kRowPassVector - 1)), columns),
      rowsAreAlignedTo(b, b.getLoc(), dz, kRowPassVector));

  // This thread's sums of its kRowPassVector columns over its rows.
  SmallVector<Value> zeros(kRowPassVector, b.f32(0.0));
  auto loop = scf::ForOp::create(
      b, slice, tokens, b.index(kColumnSumRowSlices * kColumnSumLoadsInFlight),
      zeros);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value zeroVector =
        arith::ConstantOp::create(b, vectorType, b.getZeroAttr(vectorType));
    SmallVector<Value> loaded;
    for (int64_t u = 0; u < kColumnSumLoadsInFlight; ++u) {
      Value row =
          b.add(loop.getInductionVar(), b.index(kColumnSumRowSlices * u));
      auto vectorLoad = [&] {
        return vector::LoadOp::create(b, vectorType, dz, ValueRange{row, first},
                                      /*nontemporal=*/false,
                                      llvm::MaybeAlign(vectorBytes))
            .getResult();
      };
      // The element path: columns past the chunk's last read as 0.
      auto elementLoads = [&] {
        Value elements = zeroVector;
        for (int64_t e = 0; e < kRowPassVector; ++e) {
          Value col = b.add(first, b.index(e));
          Value element = b.valueIf(
              b.lessThan(col, columns), operandType,
              [&] { return b.load(dz, {row, col}); },
              [&] {
                return arith::ConstantOp::create(b, operandType,
                                                 b.getZeroAttr(operandType))
                    .getResult();
              });
          elements = vector::InsertOp::create(b, element, elements, e);
        }
        return elements;
      };
      loaded.push_back(b.valueIf(
          b.lessThan(row, tokens), vectorType,
          [&] {
            return b.valueIf(whole, vectorType, vectorLoad, elementLoads);
          },
          [&] { return zeroVector; }));
    }
    SmallVector<Value> sums(loop.getRegionIterArgs());
    for (Value vector : loaded)
      for (int64_t e = 0; e < kRowPassVector; ++e)
        sums[e] = b.add(
            sums[e],
            arith::ExtFOp::create(
                b, f32, vector::ExtractOp::create(b, vector, e).getResult()));
    scf::YieldOp::create(b, sums);
  }
  for (int64_t e = 0; e < kRowPassVector; ++e)
    b.store(loop.getResult(e), sliceSums, {slice, b.index(e), vectorInBlock});
  gpu::BarrierOp::create(b);

  // The block's first kColumnSumColumns threads add a column each over the
  // slices, in slice order.
  Value col = b.add(blockFirst, thread);
  b.enterIf(
      arith::AndIOp::create(b, b.lessThan(thread, b.index(kColumnSumColumns)),
                            b.lessThan(col, columns)));
  Value e = arith::RemUIOp::create(b, thread, b.index(kRowPassVector));
  Value vector = arith::DivUIOp::create(b, thread, b.index(kRowPassVector));
  Value sum = b.load(sliceSums, {b.index(0), e, vector});
  for (int64_t s = 1; s < kColumnSumRowSlices; ++s)
    sum = b.add(sum, b.load(sliceSums, {b.index(s), e, vector}));
  if (factor)
    sum = b.mul(sum, b.load(factor, {b.index(0)}));
  Value at = b.add(vocabOffset, col);
  if (accumulate)
    sum = b.add(b.load(db, at), sum);
  if (!resultType.isF32())
    sum = arith::TruncFOp::create(b, resultType, sum);
  b.store(sum, db, at);
  b.setInsertionPointToEnd(&entry);
  gpu::ReturnOp::create(b);
  return func;
}

gpu::GPUFuncOp mlir::lmhead::buildRoundGradientKernel(OpBuilder &builder,
                                                      Location loc,
                                                      StringRef name,
                                                      Type resultType,
                                                      Type initType) {
  Type f32 = builder.getF32Type(), indexType = builder.getIndexType();
  SmallVector<Type> arguments = {gemmMatrixType(f32)};
  if (initType)
    arguments.push_back(gemmMatrixType(initType));
  arguments.append({gemmMatrixType(resultType), indexType, indexType});
  gpu::GPUFuncOp func =
      createKernel(builder, loc, name, arguments, kRowKernelThreads);
  Block &entry = func.getBody().front();
  KernelBuilder b(loc, OpBuilder::atBlockBegin(&entry));
  Value acc = entry.getArgument(0);
  Value init = initType ? entry.getArgument(1) : Value();
  unsigned next = initType ? 2 : 1;
  Value out = entry.getArgument(next), rows = entry.getArgument(next + 1);
  Value cols = entry.getArgument(next + 2);
  // Each thread rounds kRoundGroup consecutive elements of one row: one
  // vector each from acc (and init) and to out where every row of the three
  // is aligned for it and the group lies inside C, else one at a time.
  // 64-bit numbers: R·C may pass 2³¹.
  Value groupsPerRow =
      arith::CeilDivUIOp::create(b, cols, b.index(kRoundGroup));
  Value group = b.globalThread(kRowKernelThreads);
  {
    OpBuilder::InsertionGuard guard(b);
    b.enterIf(b.lessThan(group, b.mul(rows, groupsPerRow)));
    Value row = arith::DivUIOp::create(b, group, groupsPerRow);
    Value first = b.mul(arith::RemUIOp::create(b, group, groupsPerRow),
                        b.index(kRoundGroup));
    Value whole = b.lessThan(b.add(first, b.index(kRoundGroup - 1)), cols);
    for (Value matrix : {acc, init, out})
      if (matrix)
        whole = arith::AndIOp::create(
            b, whole, rowsAreAlignedTo(b, b.getLoc(), matrix, kRoundGroup));
    auto rounded = [&](Value value, Value old) -> Value {
      if (old) {
        if (!old.getType().isF32())
          old = arith::ExtFOp::create(b, f32, old);
        value = b.add(value, old);
      }
      if (!resultType.isF32())
        value = arith::TruncFOp::create(b, resultType, value);
      return value;
    };
    auto ifWhole = scf::IfOp::create(b, whole, /*withElseRegion=*/true);
    {
      OpBuilder::InsertionGuard branch(b);
      b.setInsertionPointToStart(ifWhole.thenBlock());
      auto loadGroup = [&](Value matrix) -> Value {
        Type type = cast<MemRefType>(matrix.getType()).getElementType();
        return vector::LoadOp::create(
            b, VectorType::get({kRoundGroup}, type), matrix,
            ValueRange{row, first}, /*nontemporal=*/false,
            llvm::MaybeAlign(kRoundGroup * type.getIntOrFloatBitWidth() / 8));
      };
      Value values = loadGroup(acc);
      Value olds = init ? loadGroup(init) : Value();
      SmallVector<Value> results;
      for (int64_t e = 0; e < kRoundGroup; ++e)
        results.push_back(
            rounded(vector::ExtractOp::create(b, values, e),
                    olds ? vector::ExtractOp::create(b, olds, e).getResult()
                         : Value()));
      vector::StoreOp::create(
          b,
          vector::FromElementsOp::create(
              b, VectorType::get({kRoundGroup}, resultType), results),
          out, ValueRange{row, first}, /*nontemporal=*/false,
          llvm::MaybeAlign(kRoundGroup * resultType.getIntOrFloatBitWidth() /
                           8));
      b.setInsertionPointToStart(ifWhole.elseBlock());
      for (int64_t e = 0; e < kRoundGroup; ++e) {
        OpBuilder::InsertionGuard element(b);
        Value col = b.add(first, b.index(e));
        b.enterIf(b.lessThan(col, cols));
        b.store(rounded(b.load(acc, {row, col}),
                        init ? b.load(init, {row, col}) : Value()),
                out, {row, col});
      }
    }
  }
  gpu::ReturnOp::create(b);
  return func;
}

SizeExpr mlir::lmhead::roundGradientBlocks(const SizeExpr &rows,
                                           const SizeExpr &cols) {
  return gridBlocks(rows * ceilDiv(cols, kRoundGroup), kRowKernelThreads);
}

gpu::GPUFuncOp mlir::lmhead::buildStepRowKernel(OpBuilder &builder,
                                                Location loc, StringRef name,
                                                const LogitOptions &options,
                                                int64_t warpsPerToken,
                                                bool statistics) {
  Type f32 = builder.getF32Type(), indexType = builder.getIndexType();
  Type i64 = builder.getI64Type();
  int64_t dynamic = ShapedType::kDynamic;
  auto partialsType = MemRefType::get({dynamic, dynamic, 4}, f32);
  SmallVector<Type> arguments = {vectorType(options.labelType),
                                 partialsType,
                                 gemmMatrixType(options.operandType),
                                 vectorType(f32),
                                 vectorType(f32),
                                 vectorType(f32),
                                 indexType,
                                 indexType,
                                 indexType};
  if (statistics)
    arguments.push_back(statisticsBufferType(builder.getContext()));
  gpu::GPUFuncOp func =
      createKernel(builder, loc, name, arguments, kRowKernelThreads);
  Value slots = warpsPerToken > 1 ? addWarpFoldSlots(func, loc) : Value();
  Block &entry = func.getBody().front();
  KernelBuilder b(loc, OpBuilder::atBlockBegin(&entry));
  Value labels = entry.getArgument(0), partials = entry.getArgument(1);
  Value logits = entry.getArgument(2), lseOut = entry.getArgument(3);
  Value lossOut = entry.getArgument(4), scales = entry.getArgument(5);
  Value numPartials = entry.getArgument(6), rows = entry.getArgument(7);
  Value rowOffset = entry.getArgument(8);
  Value statsOut = statistics ? entry.getArgument(9) : Value();
  RowThread t = rowThread(b, warpsPerToken);
  TokenStatistics stats =
      mergeTokenPartials(b, partials, t, rows, numPartials, warpsPerToken,
                         slots, options.labelSmoothing > 0.0);
  {
    OpBuilder::InsertionGuard guard(b);
    b.enterIf(b.lessThan(t.row, rows));
    Value row = t.row, zero = b.index(0);
    Value lse = stats.lse;
    Value token = b.add(row, rowOffset);
    Value label = b.load(labels, token);
    Value loss =
        tokenLoss(b, options, label, lse, stats.target, stats.sumLogits);
    {
      OpBuilder::InsertionGuard inner(b);
      b.enterIf(t.leader);
      b.store(lse, lseOut, token);
      b.store(loss, lossOut, token);
    }

    // The row's logits become its dZ in place, as LogitGradEpilogue forms
    // dZ: g is 0 for an ignored token, NaN for a label with no class.
    auto [isValid, bad] = classifyLabel(b, b.getLoc(), options, label);
    Value valid = isValid;
    Value g = b.select(valid, b.load(scales, zero), b.f32(0.0));
    g = b.select(bad, b.f32(std::numeric_limits<double>::quiet_NaN()), g);
    Value softmaxScale = softmaxScaleOf(b, b.getLoc(), options, lse);
    Value label64 =
        label.getType() == i64 ? label : arith::ExtSIOp::create(b, i64, label);
    // With statistics, the sum of the squares this lane formed so far: an
    // iteration argument of the loops below, held here while their bodies
    // are written.
    Value squares;
    // The rounded dZ of the logit `stored` (operand type) in column `col`.
    auto gradientAt = [&](Value stored, Value col) -> Value {
      Value capTanh;
      Value z = cappedLogit(b, b.getLoc(), options, stored, &capTanh);
      Value isTarget = arith::CmpIOp::create(
          b, arith::CmpIPredicate::eq, arith::IndexCastOp::create(b, i64, col),
          label64);
      Value d = logitGradient(b, b.getLoc(), options, z, capTanh, lse,
                              softmaxScale, isTarget);
      d = b.select(valid, b.mul(d, g), b.f32(0.0));
      if (statistics)
        squares = b.add(squares, b.mul(d, d));
      return arith::TruncFOp::create(b, options.operandType, d);
    };

    // Where the buffer's rows are aligned for them, vectors of
    // kRowPassVector columns, each lane loading kRowPassLoadsInFlight of
    // them before it stores any; then the columns past the last whole
    // vector (all of them where the rows are not aligned) one at a time.
    // The token's warps share each round of 32·warps vectors (or
    // columns): its `part`-th warp takes the 32 that start at 32·part.
    const int64_t round = 32 * warpsPerToken;
    Value first = b.add(b.mul(t.part, b.index(32)), t.lane);
    auto vectorType = VectorType::get({kRowPassVector}, options.operandType);
    uint64_t vectorBytes =
        kRowPassVector * options.operandType.getIntOrFloatBitWidth() / 8;
    // The whole vectors of a row, bounded by the buffer's row stride too
    // (which is at least V): with a bound known when it compiles, LLVM
    // proves a single round's loads in bounds, drops their guards, and
    // ptxas (CUDA 13) then moves two of the four loads past the first
    // vector's arithmetic, leaving half the bytes in flight. Guarded, all
    // four are issued before the first store.
    Value stride =
        memref::ExtractStridedMetadataOp::create(b, logits).getStrides()[0];
    Value vectors = b.select(
        rowsAreAlignedTo(b, b.getLoc(), logits, kRowPassVector),
        arith::MinUIOp::create(
            b, b.index(options.vocab / kRowPassVector),
            arith::DivUIOp::create(b, stride, b.index(kRowPassVector))),
        zero);
    SmallVector<Value, 1> zeroSquares;
    if (statistics)
      zeroSquares.push_back(b.f32(0.0));
    auto vectorLoop = scf::ForOp::create(
        b, first, vectors, b.index(round * kRowPassLoadsInFlight), zeroSquares);
    {
      OpBuilder::InsertionGuard inner(b);
      b.setInsertionPointToStart(vectorLoop.getBody());
      if (statistics)
        squares = vectorLoop.getRegionIterArgs()[0];
      Value zeros =
          arith::ConstantOp::create(b, vectorType, b.getZeroAttr(vectorType));
      SmallVector<Value> inside, columns, loaded;
      for (int64_t u = 0; u < kRowPassLoadsInFlight; ++u) {
        Value vector = b.add(vectorLoop.getInductionVar(), b.index(round * u));
        inside.push_back(b.lessThan(vector, vectors));
        columns.push_back(b.mul(vector, b.index(kRowPassVector)));
        loaded.push_back(b.valueIf(
            inside.back(), vectorType,
            [&] {
              return vector::LoadOp::create(
                         b, vectorType, logits, ValueRange{row, columns.back()},
                         /*nontemporal=*/false, llvm::MaybeAlign(vectorBytes))
                  .getResult();
            },
            [&] { return zeros; }));
      }
      for (int64_t u = 0; u < kRowPassLoadsInFlight; ++u) {
        auto storeVector = [&] {
          SmallVector<Value> gradients;
          for (int64_t e = 0; e < kRowPassVector; ++e)
            gradients.push_back(
                gradientAt(vector::ExtractOp::create(b, loaded[u], e),
                           b.add(columns[u], b.index(e))));
          vector::StoreOp::create(
              b, vector::FromElementsOp::create(b, vectorType, gradients),
              logits, ValueRange{row, columns[u]}, /*nontemporal=*/false,
              llvm::MaybeAlign(vectorBytes));
        };
        if (!statistics) {
          OpBuilder::InsertionGuard branch(b);
          b.enterIf(inside[u]);
          storeVector();
          continue;
        }
        Value before = squares;
        squares = b.valueIf(
            inside[u], f32,
            [&] {
              storeVector();
              return squares;
            },
            [&] { return before; });
      }
      if (statistics)
        scf::YieldOp::create(b, squares);
    }
    auto columns = scf::ForOp::create(
        b, b.add(b.mul(vectors, b.index(kRowPassVector)), first),
        b.index(options.vocab), b.index(round),
        statistics ? ValueRange{vectorLoop.getResult(0)} : ValueRange{});
    {
      OpBuilder::InsertionGuard inner(b);
      b.setInsertionPointToStart(columns.getBody());
      if (statistics)
        squares = columns.getRegionIterArgs()[0];
      Value col = columns.getInductionVar();
      b.store(gradientAt(b.load(logits, {row, col}), col), logits, {row, col});
      if (statistics)
        scf::YieldOp::create(b, squares);
    }
    // The token's warps are whole warps of the block, all inside or all
    // outside the chunk: every lane of a warp reaches the warp's sum.
    if (statistics)
      addWarpSumToStatistic(b, b.getLoc(), columns.getResult(0), statsOut,
                            kLogitGradientSlot);
  }
  gpu::ReturnOp::create(b);
  return func;
}

SizeExpr mlir::lmhead::rowKernelBlocks(const SizeExpr &tokens,
                                       int64_t warpsPerToken) {
  return gridBlocks(tokens, kRowKernelWarps / warpsPerToken);
}
