//===- GemmKernelSm80.cpp - the sm_80 tensor-core GEMM kernel -------------===//
//
// Writes one GemmKernelSpec as a gpu.func at the nvgpu/nvvm level, the way a
// hand-written Ampere GEMM is organised:
//
// - Each block owns a blockM×blockN output tile; its warps own warpM×warpN
//   sub-tiles, held as f32 mma.sync accumulators in registers (loop-carried
//   vectors of the K loop, never stored until the epilogue).
// - The K loop runs in steps of blockK. The A and B tiles of `stages` steps
//   live in dynamic shared memory at once: the copies of step k+stages-1
//   (cp.async, one commit group per step) are in flight while step k is
//   multiplied, and `cp.async.wait_group stages-2` plus a barrier make step
//   k visible before it is read.
// - Tiles are stored in shared memory in their global order (rows along the
//   contiguous dimension). With `swizzle`, the 16-byte chunks of each row
//   are XOR-permuted by the row, so the 8 rows one ldmatrix phase reads fall
//   in 8 different bank groups. ldmatrix (transposed where the operand is
//   stored the other way) produces the mma.sync fragments of the PTX ISA.
// - Ragged edges: a copy chunk that lies partly or wholly outside the
//   operand reads only its valid bytes (cp.async's src-size) and zero-fills
//   the rest, so padded rows and columns add zeros to the products.
// - Rows of any alignment (copyBytes = 2, e.g. a bf16 dZ [N,V] of odd V,
//   where no cp.async fits): each thread gathers 8 consecutive elements of a
//   shared row (one 16-byte swizzle unit) with one predicated 2-byte
//   ld.global each (an element outside the operand is not read and is
//   zero), and stores them with one 16-byte st.shared. These loads are
//   synchronous, so there are no commit groups and nothing to wait for; the
//   order the pipeline needs is the same as for cp.async: the stores of step
//   k+stages-1 go to the stage every warp finished reading in step k-1,
//   after the barrier at the top of step k (which ends those reads), and are
//   read from step k+stages-1 on, after its barrier, which publishes them.
//   No other barrier is needed (the emulator's race check agrees).
// - After the K loop each thread hands its accumulators, with their rows
//   and columns in C, to the kernel's GemmEpilogue.
// - A persistent kernel (GemmTiles::persistent, cp.async copies) runs the
//   same block on each of its tiles in turn (forEachPersistentTile: block
//   b takes tiles b, b + grid, ... of the grouped order). Once a tile's K
//   loop is done and a barrier has ended every warp's reads of the stages,
//   it issues the next tile's first stages-1 steps of copies, so that they
//   are in flight while the warps run this tile's epilogue; its stores
//   drain under the next tile's K loop. The commit groups stay one per
//   step, empty past the block's last tile, so each K loop's waits count
//   them as the first tile's do. Element copies are synchronous, so such a
//   kernel would wait for them before its epilogue: it is not built.
//
//===----------------------------------------------------------------------===//

#include "GemmKernel.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <optional>

using namespace mlir;
using namespace mlir::lmhead;

namespace {

/// Bytes of one 16-byte swizzle unit and of one ldmatrix row.
constexpr int64_t kChunkBytes = 16;

/// How one operand's tile of one K step lies in shared memory: `rows` rows
/// of `rowLength` elements, in the operand's stored order.
struct SharedTile {
  int64_t rows;
  int64_t rowLength;
  int64_t elementBytes;
  bool swizzle;

  int64_t elements() const { return rows * rowLength; }
  int64_t chunksPerRow() const {
    return rowLength * elementBytes / kChunkBytes;
  }
};

/// The shared tile of A (`isA`) or B for `spec`.
SharedTile sharedTile(const GemmKernelSpec &spec, bool isA) {
  const GemmTiles &c = spec.tiles;
  int64_t outer = isA ? c.blockM : c.blockN;
  OperandOrder order = isA ? spec.aOrder : spec.bOrder;
  int64_t bytes = spec.operandType.getIntOrFloatBitWidth() / 8;
  bool swizzle = c.swizzle != 0;
  if (order == OperandOrder::ContiguousK)
    return {outer, c.blockK, bytes, swizzle};
  return {c.blockK, outer, bytes, swizzle};
}

/// Writes the kernel body. One instance per kernel.
class Sm80GemmWriter {
public:
  Sm80GemmWriter(ImplicitLocOpBuilder &b, const GemmKernelSpec &spec,
                 const GemmEpilogue &epilogue)
      : b(b), spec(spec), epilogue(epilogue), cfg(spec.tiles),
        tileA(sharedTile(spec, true)), tileB(sharedTile(spec, false)) {}

  void write(gpu::GPUFuncOp func);

private:
  Value index(int64_t v) { return arith::ConstantIndexOp::create(b, v); }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, x, y); }
  Value mul(Value x, Value y) { return arith::MulIOp::create(b, x, y); }
  Value mul(Value x, int64_t y) { return mul(x, index(y)); }
  Value div(Value x, int64_t y) {
    return arith::DivUIOp::create(b, x, index(y));
  }
  Value rem(Value x, int64_t y) {
    return arith::RemUIOp::create(b, x, index(y));
  }
  Value lessThan(Value x, Value y) {
    return arith::CmpIOp::create(b, arith::CmpIPredicate::slt, x, y);
  }
  Value select(Value condition, Value x, Value y) {
    return arith::SelectOp::create(b, condition, x, y);
  }

  /// The element offset, within one stage of `tile`, of element `col` of
  /// row `row` (col a multiple of the copy width), after the swizzle.
  Value sharedOffset(const SharedTile &tile, Value row, Value col);

  /// Issues the copies of K step `kStep` of one operand into stage `stage`:
  /// cp.async of copyBytes, or element copies (copyElements).
  void copyTile(bool isA, Value kStep, Value stage);

  /// Copies one operand's tile with element loads: row `rowStart + r` and
  /// column `colStart + c` of the global operand (inside while below
  /// `rowBound` and `colBound`) go to row r, column c of the shared tile at
  /// `stageBase`.
  void copyElements(bool isA, Value stageBase, Value rowStart, Value rowBound,
                    Value colStart, Value colBound);

  /// Loads the four 8×8 matrices one ldmatrix.x4 reads for this lane, from
  /// `row`/`col` of the tile in stage `stageBase`, as four 32-bit registers.
  SmallVector<Value, 4> loadMatrices(bool isA, Value stageBase, Value row,
                                     Value col, bool transpose);

  /// Multiplies stage `stage` into the accumulators.
  SmallVector<Value> multiplyStage(Value stage, ValueRange accumulators);

  /// Hands the accumulators, with their rows and columns, to the epilogue.
  void writeEpilogue(ValueRange accumulators);

  /// Issues the copies of the tile's first stages-1 K steps, one commit
  /// group each (empty past the end of K, or where `copy` is false, so that
  /// the group count stays fixed).
  void writePrologue(Value copy = Value());

  /// The K loop over the block's tile (blockRow, blockCol), from the first
  /// stages the prologue filled; returns the accumulators.
  ValueRange writeMainLoop();

  /// A persistent kernel's loop over its tiles (the file comment).
  void writePersistentTiles();

  /// Sets the thread's index and what follows from it: its lane, and its
  /// warp's row and column of warp tiles.
  void setThread(Value thread);

  ImplicitLocOpBuilder &b;
  const GemmKernelSpec &spec;
  const GemmEpilogue &epilogue;
  const GemmTiles &cfg;
  SharedTile tileA, tileB;

  // Set up by write().
  Value a, bOperand, m, n, k, kSteps;
  ValueRange epilogueArgs;
  Value sharedA, sharedB;
  Value threadId, lane, warpRow, warpCol, blockRow, blockCol;
};

} // namespace

llvm::Error mlir::lmhead::checkSm80GemmKernel(const GemmKernelSpec &spec) {
  if (!spec.operandType.isF16() && !spec.operandType.isBF16())
    return kernelRefused(
        "the sm_80 kernels multiply f16 or bf16 operands with mma.sync");
  const GemmTiles &c = spec.tiles;
  if (c.isPersistent() && c.elementCopies())
    return kernelRefused(
        "a persistent sm_80 kernel loads its next tile's first stages with "
        "cp.async during the epilogue; element copies (copyBytes = 2) are "
        "synchronous and take one block per tile");
  if (c.isPingPong())
    return kernelRefused("the sm_80 kernels have no consumer warpgroups to "
                         "alternate; ping-pong kernels are sm_90a's");
  if (c.copyBytes != 2 && c.copyBytes != 4 && c.copyBytes != 8 &&
      c.copyBytes != 16)
    return kernelRefused(
        llvm::formatv("the sm_80 kernels copy 16, 8 or 4 bytes with "
                      "cp.async or 2 with element loads, not {0}",
                      c.copyBytes)
            .str());
  int64_t threads = spec.numThreads();
  for (bool isA : {true, false}) {
    SharedTile tile = sharedTile(spec, isA);
    // Element copies go in 16-byte groups, one swizzle unit each.
    int64_t unit = c.copyUnitBytes();
    int64_t chunks = tile.elements() * tile.elementBytes / unit;
    if (tile.rowLength * tile.elementBytes % unit != 0 || chunks % threads != 0)
      return kernelRefused(
          llvm::formatv("the {0} tile ({1}x{2} elements) is {3} copies of "
                        "{4} bytes, which {5} threads cannot share evenly",
                        isA ? "A" : "B", tile.rows, tile.rowLength, chunks,
                        unit, threads)
              .str());
    int64_t rowBytes = tile.rowLength * tile.elementBytes;
    if (tile.swizzle && (rowBytes < 2 * kChunkBytes ||
                         !llvm::isPowerOf2_64(rowBytes / kChunkBytes)))
      return kernelRefused(
          llvm::formatv("the {0} tile's rows are {1} bytes; the swizzle "
                        "needs a power of two of 16-byte chunks, at "
                        "least 2",
                        isA ? "A" : "B", rowBytes)
              .str());
  }
  return llvm::Error::success();
}

Value Sm80GemmWriter::sharedOffset(const SharedTile &tile, Value row,
                                   Value col) {
  Value rowStart = mul(row, tile.rowLength);
  if (!tile.swizzle)
    return add(rowStart, col);
  // Chunk c of row r is stored at chunk c ^ f(r). f changes every
  // `rowsPerLine` rows, the rows that share one 128-byte line of banks, so
  // the 8 rows of one ldmatrix phase cover all 8 16-byte bank groups.
  int64_t chunks = tile.chunksPerRow();
  int64_t unit = kChunkBytes / tile.elementBytes;
  int64_t rowsPerLine = std::max<int64_t>(1, 8 / chunks);
  Value pattern = rem(div(row, rowsPerLine), std::min<int64_t>(chunks, 8));
  Value chunk = div(col, unit);
  Value swizzled = arith::XOrIOp::create(b, chunk, pattern);
  return add(rowStart, add(mul(swizzled, unit), rem(col, unit)));
}

void Sm80GemmWriter::copyTile(bool isA, Value kStep, Value stage) {
  const SharedTile &tile = isA ? tileA : tileB;
  OperandOrder order = isA ? spec.aOrder : spec.bOrder;
  Value global = isA ? a : bOperand;
  Value outerStart = isA ? blockRow : blockCol;
  Value outerBound = isA ? m : n;
  Value kStart = mul(kStep, cfg.blockK);
  // Tile rows and columns in global memory: (outer, K) or (K, outer).
  bool kAlongRow = order == OperandOrder::ContiguousK;
  Value rowStart = kAlongRow ? outerStart : kStart;
  Value rowBound = kAlongRow ? outerBound : k;
  Value colStart = kAlongRow ? kStart : outerStart;
  Value colBound = kAlongRow ? k : outerBound;
  if (cfg.elementCopies())
    return copyElements(isA, mul(stage, tile.elements()), rowStart, rowBound,
                        colStart, colBound);

  int64_t perCopy = cfg.copyBytes / tile.elementBytes;
  int64_t copiesPerRow = tile.rowLength / perCopy;
  int64_t threads = spec.numThreads();
  int64_t copies = tile.elements() / perCopy;
  Value stageBase = mul(stage, tile.elements());
  Value zero = index(0), full = index(perCopy);
  for (int64_t i = 0; i < copies / threads; ++i) {
    Value copy = add(threadId, index(i * threads));
    Value row = div(copy, copiesPerRow);
    Value col = mul(rem(copy, copiesPerRow), perCopy);
    Value globalRow = add(rowStart, row);
    Value globalCol = add(colStart, col);
    // Elements of this copy inside the operand: 0..perCopy.
    Value left = arith::SubIOp::create(b, colBound, globalCol);
    Value valid =
        arith::MaxSIOp::create(b, zero, arith::MinSIOp::create(b, left, full));
    valid =
        arith::SelectOp::create(b, lessThan(globalRow, rowBound), valid, zero);
    // A copy that reads nothing still needs an address inside the operand.
    Value any = lessThan(zero, valid);
    Value srcRow = arith::SelectOp::create(b, any, globalRow, zero);
    Value srcCol = arith::SelectOp::create(b, any, globalCol, zero);
    Value dst = add(stageBase, sharedOffset(tile, row, col));
    nvgpu::DeviceAsyncCopyOp::create(
        b, nvgpu::DeviceAsyncTokenType::get(b.getContext()),
        isA ? sharedA : sharedB, ValueRange{dst}, global,
        ValueRange{srcRow, srcCol}, b.getIndexAttr(perCopy), valid,
        cfg.copyBytes == 16 ? b.getUnitAttr() : UnitAttr());
  }
}

void Sm80GemmWriter::copyElements(bool isA, Value stageBase, Value rowStart,
                                  Value rowBound, Value colStart,
                                  Value colBound) {
  const SharedTile &tile = isA ? tileA : tileB;
  Value global = isA ? a : bOperand;
  // A group is one 16-byte swizzle unit of a shared row, so its elements
  // stay contiguous after the swizzle and one aligned vector stores them.
  int64_t group = kChunkBytes / tile.elementBytes;
  int64_t groupsPerRow = tile.rowLength / group;
  int64_t threads = spec.numThreads();
  int64_t groups = tile.elements() / group;
  Value zero = index(0);
  MLIRContext *ctx = b.getContext();
  Type i16 = b.getI16Type(), i64 = b.getI64Type();
  auto globalPtr = LLVM::LLVMPointerType::get(ctx, /*addressSpace=*/1);
  // The operand's first element as a global pointer (the kernel's argument
  // is a generic pointer to global memory) and its row stride: the loads
  // address elements directly, so that each is its group's base plus a
  // constant.
  auto metadata = memref::ExtractStridedMetadataOp::create(b, global);
  Value aligned = memref::ExtractAlignedPointerAsIndexOp::create(b, global);
  Value first = add(aligned, mul(metadata.getOffset(), tile.elementBytes));
  Value firstInt = arith::IndexCastUIOp::create(b, i64, first);
  Value generic =
      LLVM::IntToPtrOp::create(b, LLVM::LLVMPointerType::get(ctx), firstInt);
  Value base = LLVM::AddrSpaceCastOp::create(b, globalPtr, generic);
  Value rowStride = metadata.getStrides()[0];
  auto groupType = VectorType::get({group}, spec.operandType);
  for (int64_t i = 0; i < groups / threads; ++i) {
    Value copy = add(threadId, index(i * threads));
    Value row = div(copy, groupsPerRow);
    Value col = mul(rem(copy, groupsPerRow), group);
    Value globalRow = add(rowStart, row);
    Value globalCol = add(colStart, col);
    // The group's elements inside the operand: those before `left` (none
    // in a row outside).
    Value left = select(lessThan(globalRow, rowBound),
                        arith::SubIOp::create(b, colBound, globalCol), zero);
    Value groupOffset = arith::IndexCastOp::create(
        b, i64, add(mul(globalRow, rowStride), globalCol));
    Value groupPtr = LLVM::GEPOp::create(b, globalPtr, i16, base,
                                         ArrayRef<LLVM::GEPArg>{groupOffset});
    // One predicated 2-byte load per element, as inline PTX: LLVM IR has no
    // predicated scalar load, and a branch per element parts the warp's
    // lanes inside the K loop, where ldmatrix and mma.sync need them
    // together (the emulator found them apart at the next ldmatrix of the
    // rotated loop). Elements outside the operand are not read, and are
    // zero. The predicate dies at its load, and each address is the
    // group's base plus a constant, so the copies cost few registers.
    SmallVector<Value> elements;
    for (int64_t e = 0; e < group; ++e) {
      Value inside = lessThan(index(e), left);
      Value ptr = LLVM::GEPOp::create(b, globalPtr, i16, groupPtr,
                                      ArrayRef<LLVM::GEPArg>{int32_t(e)});
      auto load = NVVM::InlinePtxOp::create(
          b, TypeRange{i16}, ValueRange{ptr, inside}, ValueRange{},
          b.getStringAttr("mov.b16 $0, 0;\n\t@$2 ld.global.b16 $0, [$1];"),
          Value());
      elements.push_back(
          arith::BitcastOp::create(b, spec.operandType, load.getResult(0)));
    }
    Value vector = vector::FromElementsOp::create(b, groupType, elements);
    Value dst = add(stageBase, sharedOffset(tile, row, col));
    vector::StoreOp::create(b, vector, isA ? sharedA : sharedB, ValueRange{dst},
                            /*nontemporal=*/false,
                            llvm::MaybeAlign(kChunkBytes));
  }
}

SmallVector<Value, 4> Sm80GemmWriter::loadMatrices(bool isA, Value stageBase,
                                                   Value row, Value col,
                                                   bool transpose) {
  const SharedTile &tile = isA ? tileA : tileB;
  Value offset = add(stageBase, sharedOffset(tile, row, col));
  auto fragmentType = VectorType::get({4, 2}, spec.operandType);
  Value matrices =
      nvgpu::LdMatrixOp::create(b, fragmentType, isA ? sharedA : sharedB,
                                ValueRange{offset}, transpose, 4);
  SmallVector<Value, 4> registers;
  for (int64_t i = 0; i < 4; ++i) {
    Value pair = vector::ExtractOp::create(b, matrices, i);
    // bf16 fragments go to nvvm.mma.sync as 32-bit registers; f16 ones as
    // vector<2xf16>, the form whose PTX types the op infers.
    if (spec.operandType.isBF16()) {
      Value word = vector::BitCastOp::create(
          b, VectorType::get({1}, b.getI32Type()), pair);
      pair = vector::ExtractOp::create(b, word, 0);
    }
    registers.push_back(pair);
  }
  return registers;
}

SmallVector<Value> Sm80GemmWriter::multiplyStage(Value stage,
                                                 ValueRange accumulators) {
  int64_t tilesM = cfg.warpM / 16, tilesN = cfg.warpN / 8;
  Value baseA = mul(stage, tileA.elements());
  Value baseB = mul(stage, tileB.elements());
  // Lane roles in ldmatrix.x4: lanes 8j..8j+7 give the row addresses of
  // matrix j.
  Value matrix = div(lane, 8), rowInMatrix = rem(lane, 8);
  Value matrixLow = rem(matrix, 2), matrixHigh = div(matrix, 2);
  Value warpRowStart = mul(warpRow, cfg.warpM);
  Value warpColStart = mul(warpCol, cfg.warpN);

  SmallVector<Value> result(accumulators.begin(), accumulators.end());
  auto mmaType = NVVM::MMATypes(
      spec.operandType.isBF16() ? NVVM::MMATypes::bf16 : NVVM::MMATypes::f16);
  Type f32 = b.getF32Type();
  auto resultType =
      LLVM::LLVMStructType::getLiteral(b.getContext(), {f32, f32, f32, f32});
  for (int64_t kSlice = 0; kSlice < cfg.blockK / 16; ++kSlice) {
    Value kBase = index(kSlice * 16);
    // A fragments: matrices (m0-7,k0-7), (m8-15,k0-7), (m0-7,k8-15),
    // (m8-15,k8-15), the order of mma.sync's a0..a3.
    SmallVector<SmallVector<Value, 4>> fragA;
    for (int64_t i = 0; i < tilesM; ++i) {
      Value mBase = add(warpRowStart, index(i * 16));
      if (spec.aOrder == OperandOrder::ContiguousK) {
        Value row = add(mBase, rem(lane, 16));
        Value col = add(kBase, mul(div(lane, 16), 8));
        fragA.push_back(loadMatrices(true, baseA, row, col, false));
      } else {
        Value row = add(kBase, add(mul(matrixHigh, 8), rowInMatrix));
        Value col = add(mBase, mul(matrixLow, 8));
        fragA.push_back(loadMatrices(true, baseA, row, col, true));
      }
    }
    // B fragments, two n8 tiles per ldmatrix.x4: matrices (n0-7,k0-7),
    // (n0-7,k8-15), (n8-15,k0-7), (n8-15,k8-15), i.e. b0 and b1 of the
    // first tile, then of the second.
    SmallVector<SmallVector<Value, 2>> fragB;
    for (int64_t j = 0; j < tilesN / 2; ++j) {
      Value nBase = add(warpColStart, index(j * 16));
      SmallVector<Value, 4> regs;
      if (spec.bOrder == OperandOrder::ContiguousK) {
        Value row = add(nBase, add(mul(matrixHigh, 8), rowInMatrix));
        Value col = add(kBase, mul(matrixLow, 8));
        regs = loadMatrices(false, baseB, row, col, false);
      } else {
        Value row = add(kBase, add(mul(matrixLow, 8), rowInMatrix));
        Value col = add(nBase, mul(matrixHigh, 8));
        regs = loadMatrices(false, baseB, row, col, true);
      }
      fragB.push_back({regs[0], regs[1]});
      fragB.push_back({regs[2], regs[3]});
    }
    for (int64_t i = 0; i < tilesM; ++i) {
      for (int64_t j = 0; j < tilesN; ++j) {
        Value &accumulator = result[i * tilesN + j];
        SmallVector<Value, 4> c;
        for (int64_t e = 0; e < 4; ++e)
          c.push_back(vector::ExtractOp::create(b, accumulator, e));
        Value d = NVVM::MmaOp::create(
            b, resultType, fragA[i], fragB[j], c, {16, 8, 16},
            /*b1Op=*/std::nullopt, /*intOverflow=*/std::nullopt,
            std::array<NVVM::MMATypes, 2>{mmaType, mmaType},
            std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                           NVVM::MMALayout::col});
        SmallVector<Value, 4> elements;
        for (int64_t e = 0; e < 4; ++e)
          elements.push_back(LLVM::ExtractValueOp::create(b, d, e));
        accumulator = vector::FromElementsOp::create(
            b, VectorType::get({4}, f32), elements);
      }
    }
  }
  return result;
}

void Sm80GemmWriter::writeEpilogue(ValueRange accumulators) {
  int64_t tilesN = cfg.warpN / 8;
  // mma.sync's accumulator layout: c0,c1 at (group, 2·t..2·t+1), c2,c3 at
  // (group+8, 2·t..2·t+1), with group = lane/4 and t = lane%4.
  Value group = div(lane, 4);
  Value pairCol = mul(rem(lane, 4), 2);
  Value rowStart = add(blockRow, mul(warpRow, cfg.warpM));
  Value colStart = add(blockCol, mul(warpCol, cfg.warpN));
  AccumulatorTile tile;
  tile.m = m;
  tile.n = n;
  tile.lane = gpu::LaneIdOp::create(b, /*upperBound=*/nullptr);
  tile.numRowSlots = 2 * (cfg.warpM / 16);
  for (int64_t slot = 0; slot < tile.numRowSlots; ++slot)
    tile.slotFirstRows.push_back(
        add(rowStart, index((slot / 2) * 16 + (slot % 2) * 8)));
  // One value per distinct column, shared by the row tiles, so that an
  // epilogue can load per-column data (a bias) once.
  SmallVector<Value> cols;
  for (int64_t j = 0; j < tilesN; ++j)
    for (int64_t e = 0; e < 2; ++e)
      cols.push_back(add(colStart, add(pairCol, index(j * 8 + e))));
  for (auto [t, accumulator] : llvm::enumerate(accumulators)) {
    int64_t i = t / tilesN, j = t % tilesN;
    tile.stackedPairs.push_back({tile.values.size(), tile.values.size() + 2});
    for (int64_t e = 0; e < 4; ++e) {
      tile.values.push_back(vector::ExtractOp::create(b, accumulator, e));
      tile.rows.push_back(
          add(rowStart, add(group, index(i * 16 + (e / 2) * 8))));
      tile.cols.push_back(cols[2 * j + e % 2]);
      tile.rowSlots.push_back(2 * i + e / 2);
    }
  }
  epilogue.write(b, b.getLoc(), spec, epilogueArgs, tile);
}

void Sm80GemmWriter::write(gpu::GPUFuncOp func) {
  Block &entry = func.getBody().front();
  b.setInsertionPointToStart(&entry);
  GemmKernelArguments args = getGemmKernelArguments(entry);
  a = args.a;
  bOperand = args.b;
  epilogueArgs = args.epilogue;
  m = args.m;
  n = args.n;
  k = args.k;

  setThread(gpu::ThreadIdOp::create(b, gpu::Dimension::x));
  // A persistent block finds its tiles in its loop; each block of the
  // grid has at least one.
  std::optional<BlockTile> tile;
  if (!cfg.isPersistent()) {
    tile = enterBlockTile(b, b.getLoc(), cfg, m);
    blockRow = tile->row;
    blockCol = tile->col;
  }

  // A's stages, then B's, in one dynamic shared-memory buffer.
  auto workgroup = gpu::AddressSpaceAttr::get(
      b.getContext(), gpu::GPUDialect::getWorkgroupAddressSpace());
  auto bytesType = MemRefType::get({ShapedType::kDynamic}, b.getI8Type(),
                                   MemRefLayoutAttrInterface(), workgroup);
  Value shared = gpu::DynamicSharedMemoryOp::create(b, bytesType);
  int64_t stages = cfg.stages;
  auto stagesType = [&](const SharedTile &tile) {
    return MemRefType::get({stages * tile.elements()}, spec.operandType,
                           MemRefLayoutAttrInterface(), workgroup);
  };
  sharedA = memref::ViewOp::create(b, stagesType(tileA), shared, index(0),
                                   ValueRange{});
  int64_t bytesA = stages * tileA.elements() * tileA.elementBytes;
  sharedB = memref::ViewOp::create(b, stagesType(tileB), shared, index(bytesA),
                                   ValueRange{});

  kSteps = arith::CeilDivUIOp::create(b, k, index(cfg.blockK));
  if (cfg.isPersistent()) {
    writePersistentTiles();
  } else {
    writePrologue();
    writeEpilogue(writeMainLoop());
  }
  if (tile)
    b.setInsertionPointAfter(tile->inside);
  gpu::ReturnOp::create(b);
}

void Sm80GemmWriter::writePrologue(Value copy) {
  // Element copies are synchronous: no commit groups, nothing to wait for.
  const bool async = !cfg.elementCopies();
  for (int64_t s = 0; s < cfg.stages - 1; ++s) {
    Value step = index(s);
    Value inside = lessThan(step, kSteps);
    if (copy)
      inside = arith::AndIOp::create(b, inside, copy);
    auto ifOp = scf::IfOp::create(b, inside, false);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifOp.thenBlock());
      copyTile(true, step, step);
      copyTile(false, step, step);
    }
    if (async)
      NVVM::CpAsyncCommitGroupOp::create(b);
  }
}

ValueRange Sm80GemmWriter::writeMainLoop() {
  const int64_t stages = cfg.stages;
  const bool async = !cfg.elementCopies();
  int64_t tiles = (cfg.warpM / 16) * (cfg.warpN / 8);
  auto accType = VectorType::get({4}, b.getF32Type());
  Value zero = arith::ConstantOp::create(
      b, accType, DenseElementsAttr::get(accType, b.getF32FloatAttr(0)));
  SmallVector<Value> init(tiles, zero);
  auto loop = scf::ForOp::create(b, index(0), kSteps, index(1), init);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value step = loop.getInductionVar();
    // Step `step` has landed once at most stages-2 later groups are
    // pending (element copies landed when they were stored); the barrier
    // publishes it to every warp and ends every warp's reads of the stage
    // about to be refilled.
    if (async)
      NVVM::CpAsyncWaitGroupOp::create(b, stages - 2);
    gpu::BarrierOp::create(b);
    Value next = add(step, index(stages - 1));
    auto copyNext = [&]() {
      auto ifOp = scf::IfOp::create(b, lessThan(next, kSteps), false);
      OpBuilder::InsertionGuard inner(b);
      b.setInsertionPointToStart(ifOp.thenBlock());
      Value nextStage = rem(next, stages);
      copyTile(true, next, nextStage);
      copyTile(false, next, nextStage);
    };
    // cp.async copies are issued before the MMAs, which they overlap.
    // Element copies come after them: their stores wait for their loads,
    // which before the MMAs would hold the MMAs back; after them, ptxas may
    // still issue the loads early (they read global memory only, which no
    // ldmatrix of this step writes) and let the MMAs cover their latency.
    // Either way they fill the stage read in step-1, between this step's
    // barrier and the next one.
    if (async) {
      copyNext();
      NVVM::CpAsyncCommitGroupOp::create(b);
    }
    SmallVector<Value> updated =
        multiplyStage(rem(step, stages), loop.getRegionIterArgs());
    if (!async)
      copyNext();
    scf::YieldOp::create(b, updated);
  }
  return loop.getResults();
}

void Sm80GemmWriter::setThread(Value thread) {
  threadId = thread;
  lane = rem(thread, 32);
  Value warp = div(thread, 32);
  int64_t warpsM = cfg.blockM / cfg.warpM;
  warpRow = rem(warp, warpsM);
  warpCol = div(warp, warpsM);
}

void Sm80GemmWriter::writePersistentTiles() {
  Type i32 = b.getI32Type();
  auto asI32 = [&](Value v) -> Value {
    return arith::IndexCastUIOp::create(b, i32, v);
  };
  Value tiles = persistentTileCount(b, b.getLoc(), cfg, m, n);
  Value grid = asI32(gpu::GridDimOp::create(b, gpu::Dimension::x));
  auto origin = [&](Value tileIndex) {
    auto [row, col] = persistentTileOrigin(b, b.getLoc(), cfg, m, n, tileIndex,
                                           /*clusterRank=*/Value());
    blockRow = row;
    blockCol = col;
  };
  // The block's first tile (its own index, forEachPersistentTile's order)
  // fills its first stages before the loop; every later one's are filled
  // during the previous tile's epilogue.
  Value first = asI32(gpu::BlockIdOp::create(b, gpu::Dimension::x));
  origin(first);
  writePrologue(
      arith::CmpIOp::create(b, arith::CmpIPredicate::ult, first, tiles));
  forEachPersistentTile(
      b, b.getLoc(), cfg, m, n, [&](Value /*ordinal*/, Value tileIndex) {
        origin(tileIndex);
        ValueRange accumulators = writeMainLoop();
        // Every warp is done reading the stages: the next tile's first
        // steps may overwrite them while this tile's epilogue runs.
        gpu::BarrierOp::create(b);
        // Its copies' offsets come from the thread read again: LLVM would
        // otherwise share them with the K loop's, held in registers through
        // every tile (ptxas spilled 8 to 24 bytes in the 255 registers of
        // the larger tiles).
        Value row = blockRow, col = blockCol, entryThread = threadId;
        Value nextIndex = arith::AddIOp::create(b, tileIndex, grid);
        origin(nextIndex);
        threadId = rereadThreadId(b, b.getLoc());
        writePrologue(arith::CmpIOp::create(b, arith::CmpIPredicate::ult,
                                            nextIndex, tiles));
        blockRow = row;
        blockCol = col;
        // The epilogue's lane and warp from the thread read again (see
        // rereadThreadId); the K loop keeps the entry's.
        Value entryLane = lane, entryWarpRow = warpRow, entryWarpCol = warpCol;
        setThread(rereadThreadId(b, b.getLoc()));
        writeEpilogue(accumulators);
        threadId = entryThread;
        lane = entryLane;
        warpRow = entryWarpRow;
        warpCol = entryWarpCol;
      });
}

gpu::GPUFuncOp mlir::lmhead::buildSm80GemmKernel(OpBuilder &builder,
                                                 Location loc, StringRef name,
                                                 const GemmKernelSpec &spec,
                                                 const GemmEpilogue &epilogue) {
  MemRefType operand = gemmMatrixType(spec.operandType);
  gpu::GPUFuncOp func =
      createGemmKernelFunc(builder, loc, name, spec, epilogue, operand);
  // One block per SM is all a kernel asks of ptxas (`.minnctapersm 1` with
  // `.maxntid`): with `.maxntid` alone ptxas aims at several blocks per SM
  // and spills a few bytes rather than use the registers the tile needs
  // (64 registers and 4 bytes spilled where 110 fit). The cost model counts
  // the blocks that fit from its own register estimate.
  func->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(),
                builder.getI32IntegerAttr(1));
  ImplicitLocOpBuilder b(loc, builder);
  Sm80GemmWriter(b, spec, epilogue).write(func);
  return func;
}
