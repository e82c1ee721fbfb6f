//===- MatrixOps.cpp - mma.sync, ldmatrix and wgmma -----------------------===//
//
// The tensor-core instructions with the fragment layouts of the PTX ISA.
// mma.sync and ldmatrix complete for the warp at once. wgmma.mma_async
// runs for the whole warpgroup when its 128 threads are there, reading A
// and B from shared memory through descriptors that every thread must give
// alike; its results wait in the warpgroup's state and reach the
// accumulator registers only at the wgmma.wait_group that retires it.
//
//===----------------------------------------------------------------------===//

#include "EmulatorInternals.h"
#include "TensorMap.h"

#include <algorithm>
#include <cmath>
#include <sstream>

using namespace lmhead::runtime::emulator;

/// An A or B element of an mma operand as f32: half of a packed f16x2 or
/// bf16x2 register, or a tf32 register.
namespace {

float mmaElement(uint64_t bits, unsigned half, const Type &type, bool tf32) {
  if (tf32) // tf32 keeps 10 mantissa bits: the rest is ignored
    return asFloat(bits & 0xffffe000u);
  uint16_t value = static_cast<uint16_t>(bits >> (16 * half));
  return type.brain ? bf16ToFloat(value) : halfToFloat(value);
}

} // namespace

/// mma.sync.aligned.m16n8k{4,8,16}.row.col: D = A·B + C for the warp,
/// with the fragment layouts of the PTX ISA (groupID = lane / 4,
/// threadID_in_group = lane % 4).
bool BlockRunner::executeMma(const Decoded &inst, std::string &error) {
  if (!wholeWarp(error))
    return false;
  const std::vector<Value> &ops = inst.operands;
  const Type &aType = inst.types[1];
  bool tf32 = inst.tf32;
  unsigned K = inst.k;
  macs += uint64_t(16) * 8 * K;
  float A[16][16] = {}, B[16][8] = {}, C[16][8] = {};
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    unsigned t = first + lane, g = lane / 4, q = lane % 4;
    auto reg = [&](const Value &vector, unsigned i) {
      return read(vector.elements.at(i), t);
    };
    if (tf32) {
      for (unsigned i = 0; i < K / 2; ++i) { // a0..a3: (g|g+8, q|q+4)
        unsigned row = g + 8 * (i % 2), col = q + 4 * (i / 2);
        A[row][col] = mmaElement(reg(ops[1], i), 0, aType, true);
      }
      for (unsigned i = 0; i < K / 4; ++i) // b0, b1: (q|q+4, g)
        B[q + 4 * i][g] = mmaElement(reg(ops[2], i), 0, aType, true);
    } else {
      for (unsigned i = 0; i < K / 2; ++i) { // a0..a7 (k16) / a0..a3 (k8)
        unsigned row = g + 8 * ((i / 2) % 2);
        unsigned col = q * 2 + (i % 2) + 8 * (i / 4);
        A[row][col] = mmaElement(reg(ops[1], i / 2), i % 2, aType, false);
      }
      for (unsigned i = 0; i < K / 4; ++i) { // b0..b3 (k16) / b0, b1 (k8)
        unsigned row = q * 2 + (i % 2) + 8 * (i / 2);
        B[row][g] = mmaElement(reg(ops[2], i / 2), i % 2, inst.types[2], false);
      }
    }
    for (unsigned i = 0; i < 4; ++i) // c0..c3: (g|g+8, 2q + i%2)
      C[g + 8 * (i / 2)][q * 2 + i % 2] = asFloat(reg(ops[3], i));
  }
  for (unsigned row = 0; row < 16; ++row) // C becomes D, a row at a time
    fmaRows(C[row], A[row], &B[0][0], K, 8, 8);
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    unsigned t = first + lane, g = lane / 4, q = lane % 4;
    for (unsigned i = 0; i < 4; ++i) {
      unsigned row = g + 8 * (i / 2), col = q * 2 + i % 2;
      write(ops[0].elements.at(i), t, fromFloat(C[row][col]),
            Type{Kind::Bits, 32});
    }
    ++block[t].pc;
  }
  return true;
}

/// ldmatrix.sync.aligned.m8n8.x{1,2,4}[.trans].shared.b16: lanes 8j..8j+7
/// give the row addresses of matrix j; each lane receives, per matrix,
/// the two elements (lane / 4, 2·(lane % 4) + {0, 1}) (transposed:
/// (2·(lane % 4) + {0, 1}, lane / 4)).
bool BlockRunner::executeLdmatrix(const Decoded &inst, std::string &error) {
  if (!wholeWarp(error))
    return false;
  const std::vector<Value> &ops = inst.operands;
  Space space = spaceOf(inst, ops[1]);
  uint16_t rows[4][8][8];
  for (unsigned j = 0; j < inst.count; ++j)
    for (unsigned r = 0; r < 8; ++r) {
      unsigned t = first + 8 * j + r;
      unsigned char *host =
          memory(space, addressOf(ops[1], t), 16, t, false, error);
      if (!host)
        return false;
      std::memcpy(rows[j][r], host, 16);
    }
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    unsigned t = first + lane;
    for (unsigned j = 0; j < inst.count; ++j) {
      uint16_t lo, hi;
      if (inst.transpose) {
        lo = rows[j][2 * (lane % 4)][lane / 4];
        hi = rows[j][2 * (lane % 4) + 1][lane / 4];
      } else {
        lo = rows[j][lane / 4][2 * (lane % 4)];
        hi = rows[j][lane / 4][2 * (lane % 4) + 1];
      }
      const Value &dst =
          ops[0].kind == Value::Kind::Vector ? ops[0].elements.at(j) : ops[0];
      write(dst, t, uint64_t(lo) | (uint64_t(hi) << 16), Type{Kind::Bits, 32});
    }
    ++block[t].pc;
  }
  return true;
}

/// stmatrix.sync.aligned.m8n8.x{1,2,4}[.trans].shared.b16 [a], {r...}:
/// ldmatrix's inverse. Lane 4r + q holds, in its register j, elements
/// (r, 2q) and (r, 2q + 1) of matrix j (transposed: (2q, r) and (2q + 1,
/// r)); lane 8j + r gives the address of row r of matrix j, and the 16
/// bytes of each row are stored there, as shared stores of the lanes that
/// gave the addresses (so the race checks see them).
bool BlockRunner::executeStmatrix(const Decoded &inst, std::string &error) {
  if (!wholeWarp(error))
    return false;
  const std::vector<Value> &ops = inst.operands;
  Space space = spaceOf(inst, ops[0]);
  uint16_t rows[4][8][8];
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    unsigned t = first + lane;
    for (unsigned j = 0; j < inst.count; ++j) {
      const Value &src =
          ops[1].kind == Value::Kind::Vector ? ops[1].elements.at(j) : ops[1];
      uint64_t bits = read(src, t);
      uint16_t lo = static_cast<uint16_t>(bits), hi = uint16_t(bits >> 16);
      if (inst.transpose) {
        rows[j][2 * (lane % 4)][lane / 4] = lo;
        rows[j][2 * (lane % 4) + 1][lane / 4] = hi;
      } else {
        rows[j][lane / 4][2 * (lane % 4)] = lo;
        rows[j][lane / 4][2 * (lane % 4) + 1] = hi;
      }
    }
  }
  for (unsigned j = 0; j < inst.count; ++j)
    for (unsigned r = 0; r < 8; ++r) {
      unsigned t = first + 8 * j + r;
      unsigned char *host =
          memory(space, addressOf(ops[0], t), 16, t, /*store=*/true, error);
      if (!host)
        return false;
      std::memcpy(host, rows[j][r], 16);
    }
  for (unsigned lane = 0; lane < kWarpSize; ++lane)
    ++block[first + lane].pc;
  return true;
}

uint64_t lmhead::runtime::emulator::wgmmaOperandOffset(uint64_t descriptor,
                                                       unsigned mn, unsigned k,
                                                       bool mnMajor,
                                                       unsigned elementBytes) {
  uint64_t start = (descriptor & 0x3fff) << 4;
  uint64_t leading = ((descriptor >> 16) & 0x3fff) << 4;
  uint64_t stride = ((descriptor >> 32) & 0x3fff) << 4;
  unsigned mode = static_cast<unsigned>(descriptor >> 62);
  // Swizzle width in bytes (0: none) and the TMA swizzle code it matches.
  unsigned width = mode == 1 ? 128 : mode == 2 ? 64 : mode == 3 ? 32 : 0;
  unsigned tmaSwizzle = mode == 1 ? 3 : mode == 2 ? 2 : mode == 3 ? 1 : 0;
  uint64_t address;
  if (width == 0) {
    // Core matrices of 8 rows of 16 bytes. Whichever dimension is
    // contiguous, the leading offset steps between core matrices along K
    // and the stride offset between those along M or N (CUTLASS's
    // canonical layouts: K-major ((8,m),(T,2k)):((1T,SBO),(1,LBO)),
    // MN-major ((T,1,m),(8,k)):((1,T,SBO),(1T,LBO))).
    // A core matrix row holds 16 / elementBytes elements.
    unsigned perCore = 16 / elementBytes;
    unsigned inner = mnMajor ? mn : k, outer = mnMajor ? k : mn;
    address = start + (mn / 8) * stride + (k / perCore) * leading +
              (outer % 8) * 16 + (inner % perCore) * elementBytes;
  } else if (mnMajor) {
    // Rows of `width` bytes along M or N, 8 rows per K group: the leading
    // offset steps between row segments along M or N, the stride offset
    // between groups of 8 along K.
    unsigned perRow = width / 2;
    address = start + (k / 8) * stride + (mn / perRow) * leading +
              (k % 8) * width + (mn % perRow) * 2;
  } else {
    // K-major: 8 rows of `width` bytes per group of M or N; K (32 bytes
    // per instruction) stays inside one row, so the leading offset is not
    // used.
    unsigned perRow = width / elementBytes;
    address = start + (mn / 8) * stride + (k / perRow) * leading +
              (mn % 8) * width + (k % perRow) * elementBytes;
  }
  return swizzledOffset(address, tmaSwizzle);
}

namespace {

/// Names of wgmma.mma_async's operands after D, for messages.
const char *const kWgmmaOperandNames[] = {
    "the A descriptor", "the B descriptor", "scale-d",    "imm-scale-a",
    "imm-scale-b",      "imm-trans-a",      "imm-trans-b"};

} // namespace

/// wgmma.mma_async.sync.aligned.m64nNk16.f32.{f16,bf16}.{f16,bf16} for the
/// warpgroup of threads first .. first+127: D (+)= A·B with A and B read
/// from shared memory through their descriptors; D's fragment: row
/// 16·warp + lane/4 + 8·((i/2)%2), column 8·(i/4) + 2·(lane%4) + i%2 of
/// register i. The product is formed now, from the accumulators the wgmmas
/// before it leave (in flight or not), and kept until a wait_group retires
/// it.
bool BlockRunner::executeWgmma(const Decoded &inst, unsigned first,
                               std::string &error) {
  const std::vector<Value> &ops = inst.operands;
  unsigned group = first / kWarpgroupSize;
  Warpgroup &state = warpgroups[group];
  // The PTX ISA asks for a wgmma.fence before a warpgroup's first wgmma.
  // (A register access between a fence and a wgmma that uses the register
  // makes ptxas serialise the wgmmas, which its advisories report.)
  if (!state.fenced)
    return report(error, first,
                  "the warpgroup's first wgmma.mma_async has no wgmma.fence "
                  "before it");
  // Every thread gives the same descriptors, scales and transpositions.
  unsigned operands = static_cast<unsigned>(ops.size()) - 1;
  uint64_t given[7] = {};
  for (unsigned i = 0; i < operands && i < 7; ++i)
    given[i] = read(ops[1 + i], first);
  for (unsigned t = first + 1; t < first + kWarpgroupSize; ++t)
    for (unsigned i = 0; i < operands && i < 7; ++i) {
      uint64_t mine = read(ops[1 + i], t);
      if (mine != given[i]) {
        std::ostringstream text;
        text << "the threads of the warpgroup disagree on "
             << kWgmmaOperandNames[i] << ": 0x" << std::hex << mine
             << " here, 0x" << given[i] << std::dec << " in "
             << threadName(static_cast<int>(first));
        return report(error, t, text.str());
      }
    }
  unsigned N = inst.n;
  uint64_t descA = given[0], descB = given[1];
  bool accumulate = given[2] != 0;
  double scaleA = operands > 3 && static_cast<int64_t>(given[3]) < 0 ? -1 : 1;
  double scaleB = operands > 4 && static_cast<int64_t>(given[4]) < 0 ? -1 : 1;
  bool transA = operands > 5 && given[5] != 0;
  bool transB = operands > 6 && given[6] != 0;
  // tf32 operands are 4 bytes, 8 of K an instruction, K-major only.
  bool tf32 = inst.tf32;
  unsigned elementBytes = tf32 ? 4 : 2, K = inst.k;
  if (tf32 && (transA || transB))
    return report(error, first,
                  "wgmma with tf32 operands takes them K-major only "
                  "(imm-trans-a and imm-trans-b 0)");

  // The operands, with the checks of every byte read: inside shared
  // memory, not written by a TMA copy still in flight or by another
  // warpgroup since the last barrier; TMA tiles are noted, for the wait.
  std::vector<uint32_t> needed; // per mbarrier id: the stamp to have seen
  uint64_t low[2] = {~uint64_t(0), ~uint64_t(0)}, high[2] = {0, 0};
  auto element = [&](unsigned operand, uint64_t descriptor, unsigned mn,
                     unsigned k, bool mnMajor, const Type &type, float &value) {
    uint64_t local =
        wgmmaOperandOffset(descriptor, mn, k, mnMajor, elementBytes);
    if (local + elementBytes > sharedBytes) {
      std::ostringstream text;
      text << "wgmma operand " << (operand ? "B" : "A") << " element (" << mn
           << ", " << k << ") at shared 0x" << std::hex << local
           << " lies outside shared memory";
      return report(error, first, text.str());
    }
    // The descriptor's addresses are the warpgroup's own block's.
    uint64_t offset = block[first].rank * sharedBytes + local;
    for (uint64_t at = offset; at < offset + elementBytes; ++at) {
      const SharedShadow &byte = shadow[at];
      if (byte.tmaPending) {
        std::ostringstream text;
        text << "wgmma reads shared 0x" << std::hex << at << std::dec
             << " while a TMA copy into it is in flight (its mbarrier "
                "phase has not completed)";
        return report(error, first, text.str());
      }
      if (byte.writer >= 0 &&
          static_cast<unsigned>(byte.writer) / kWarpgroupSize != group &&
          !orderedBefore(byte.writer, byte.writerClock, first)) {
        std::ostringstream text;
        text << "shared-memory race: wgmma reads " << describeShared(at)
             << ", which " << threadName(byte.writer)
             << " (another warpgroup) stored with no barrier or mbarrier "
                "phase ordering it before";
        return report(error, first, text.str());
      }
      // wgmma reads its operands through the async proxy: a generic
      // write must have been fenced for it by its writer.
      if (byte.proxyWriter >= 0 &&
          block[byte.proxyWriter].proxyFences == byte.proxyFencesAtWrite) {
        std::ostringstream text;
        text << "wgmma reads shared 0x" << std::hex << at << std::dec
             << ", which " << threadName(byte.proxyWriter)
             << " wrote and did not order for the async proxy "
                "(fence.proxy.async) since";
        return report(error, first, text.str());
      }
      if (byte.tmaBarrier) {
        if (needed.size() < byte.tmaBarrier)
          needed.resize(byte.tmaBarrier, 0);
        needed[byte.tmaBarrier - 1] =
            std::max(needed[byte.tmaBarrier - 1], byte.tmaStamp);
      }
    }
    low[operand] = std::min(low[operand], offset);
    high[operand] = std::max(high[operand], offset + elementBytes);
    if (tf32) {
      uint32_t bits;
      std::memcpy(&bits, shared.data() + offset, 4);
      value = mmaElement(bits, 0, type, /*tf32=*/true);
    } else {
      uint16_t bits;
      std::memcpy(&bits, shared.data() + offset, 2);
      value = type.brain ? bf16ToFloat(bits) : halfToFloat(bits);
    }
    return true;
  };
  const Type &aType = tf32 ? inst.types[0] : inst.types[1];
  const Type &bType = tf32 ? inst.types[0] : inst.types[2];
  std::vector<float> A(64 * K), B(K * N);
  for (unsigned m = 0; m < 64; ++m)
    for (unsigned k = 0; k < K; ++k)
      if (!element(0, descA, m, k, transA, aType, A[m * K + k]))
        return false;
  for (unsigned k = 0; k < K; ++k)
    for (unsigned n = 0; n < N; ++n)
      if (!element(1, descB, n, k, transB, bType, B[k * N + n]))
        return false;
  // imm-scale-a/b negate the operands (exactly: a sign flip).
  if (scaleA < 0)
    for (float &value : A)
      value = -value;
  if (scaleB < 0)
    for (float &value : B)
      value = -value;
  // Every thread of the warpgroup must have seen the TMA tiles land.
  for (std::size_t id = 0; id < needed.size(); ++id) {
    if (!needed[id])
      continue;
    for (unsigned t = first; t < first + kWarpgroupSize; ++t) {
      if (block[t].known.observedOf(static_cast<unsigned>(id)) >= needed[id])
        continue;
      std::ostringstream text;
      text << "wgmma reads a TMA tile before this thread waited on its "
              "mbarrier (at "
           << describeShared(mbarrierOffsets[id])
           << ") for the phase that landed it";
      return report(error, t, text.str());
    }
  }

  // D: from the accumulators as the wgmmas before this one leave them.
  const Value &d = ops[0];
  if (state.results.empty())
    state.results.assign(std::size_t(kWarpgroupSize) * kernel.registers, 0);
  macs += uint64_t(64) * N * K;
  WgmmaInFlight issued;
  issued.sequence = ++wgmmaSequence;
  for (const Value &accumulator : d.elements)
    issued.accumulators.push_back(accumulator.reg);
  // Thread t's register i holds element (row, col) of the 64×N tile.
  auto place = [&](unsigned t, unsigned i) {
    unsigned warp = (t - first) / 32, lane = (t - first) % 32;
    unsigned row = 16 * warp + lane / 4 + 8 * ((i / 2) % 2);
    unsigned col = 8 * (i / 4) + 2 * (lane % 4) + i % 2;
    return std::size_t(row) * N + col;
  };
  std::vector<float> D(std::size_t(64) * N, 0.0f);
  if (accumulate)
    for (unsigned t = first; t < first + kWarpgroupSize; ++t) {
      const uint32_t *results =
          state.results.data() + std::size_t(t - first) * kernel.registers;
      for (unsigned i = 0; i < N / 2; ++i) {
        int reg = d.elements[i].reg;
        D[place(t, i)] =
            asFloat(state.inFlight[reg] ? results[reg] : this->reg(t, reg));
      }
    }
  for (unsigned row = 0; row < 64; ++row)
    fmaRows(&D[std::size_t(row) * N], &A[std::size_t(row) * K], B.data(), K, N,
            N);
  for (unsigned t = first; t < first + kWarpgroupSize; ++t) {
    uint32_t *results =
        state.results.data() + std::size_t(t - first) * kernel.registers;
    for (unsigned i = 0; i < N / 2; ++i)
      results[d.elements[i].reg] =
          static_cast<uint32_t>(fromFloat(D[place(t, i)]));
  }
  for (int reg : issued.accumulators)
    ++state.inFlight[reg];
  wgmmaAccumulatorsInFlight += issued.accumulators.size();
  for (unsigned operand = 0; operand < 2; ++operand)
    wgmmaReads.push_back(
        {group, issued.sequence, low[operand], high[operand], &inst});
  state.open.push_back(std::move(issued));
  return true;
}

/// wgmma.fence: orders the warpgroup's earlier register accesses before
/// the wgmmas after it.
bool BlockRunner::executeWgmmaFence(const Decoded &, unsigned first,
                                    std::string &) {
  warpgroups[first / kWarpgroupSize].fenced = true;
  return true;
}

/// wgmma.commit_group: the wgmmas issued since the last commit become a
/// group (possibly empty).
bool BlockRunner::executeWgmmaCommit(const Decoded &, unsigned first,
                                     std::string &) {
  Warpgroup &state = warpgroups[first / kWarpgroupSize];
  state.committed.push_back(std::move(state.open));
  state.open.clear();
  return true;
}

/// wgmma.wait_group N: retires every committed group but the N newest.
bool BlockRunner::executeWgmmaWait(const Decoded &inst, unsigned first,
                                   std::string &) {
  retireWgmmas(first / kWarpgroupSize, inst.operands[0].imm);
  return true;
}

bool BlockRunner::retireWgmmas(unsigned group, std::size_t keep) {
  Warpgroup &state = warpgroups[group];
  unsigned first = group * kWarpgroupSize;
  while (state.committed.size() > keep) {
    for (const WgmmaInFlight &wgmma : state.committed.front()) {
      wgmmaAccumulatorsInFlight -= wgmma.accumulators.size();
      for (int reg : wgmma.accumulators)
        if (--state.inFlight[reg] == 0)
          for (unsigned t = first; t < first + kWarpgroupSize; ++t)
            this->reg(t, reg) =
                state.results[std::size_t(t - first) * kernel.registers + reg];
      state.retired = wgmma.sequence;
    }
    state.committed.pop_front();
  }
  for (unsigned t = first; t < first + kWarpgroupSize; ++t)
    block[t].known.retired[group] =
        std::max(block[t].known.retired[group], state.retired);
  return true;
}
