//===- Memory.cpp - loads, stores, atomics and the shared-memory checks ---===//
//
// Global addresses are host pointers that must fall in an allocation the
// caller vouches for; shared memory is one buffer per block, local memory
// one per thread; generic addresses reach shared and local memory and the
// kernel's parameters (read only: a grid-constant tensor map, say) through
// windows (cvta). Every access is checked for bounds and natural
// alignment, and every shared access for races: against other warps since
// the last barrier, against TMA copies not yet landed or not yet waited
// for, and against wgmmas that may still read the bytes.
//
//===----------------------------------------------------------------------===//

#include "EmulatorInternals.h"

#include <algorithm>
#include <sstream>

using namespace lmhead::runtime::emulator;

namespace {

/// Whether `bytes` at `offset` lie inside a buffer of `size` bytes, without
/// forming `offset + bytes` (which wraps for an offset near 2^64, as a
/// register holding a negative or garbage address gives).
bool fitsIn(uint64_t offset, uint64_t bytes, uint64_t size) {
  return offset <= size && bytes <= size - offset;
}

} // namespace

/// Resolves an access of `bytes` at `address` in `space` for thread `t`
/// to a host pointer, checking bounds and alignment.
unsigned char *BlockRunner::memory(Space space, uint64_t address,
                                   uint64_t bytes, unsigned t, bool store,
                                   std::string &error, bool atomic) {
  const char *verb = store ? "store" : "load";
  auto describe = [&](const char *where) {
    std::ostringstream text;
    text << "out-of-bounds " << where << " " << verb << " of " << bytes
         << " bytes at 0x" << std::hex << address;
    return text.str();
  };
  // Natural alignment of an access (bulk copies check theirs).
  if (bytes > 1 && bytes <= 16 && address % bytes != 0 &&
      space != Space::Param) {
    std::ostringstream text;
    text << "misaligned " << verb << " of " << bytes << " bytes at 0x"
         << std::hex << address;
    report(error, t, text.str());
    return nullptr;
  }
  Thread &thread = block[t];
  // The offset in `shared` of a shared access, once resolved.
  std::optional<uint64_t> sharedAt;
  if (space == Space::Generic) {
    auto host = reinterpret_cast<uintptr_t>(shared.data());
    auto local = reinterpret_cast<uintptr_t>(thread.local.data());
    auto param = reinterpret_cast<uintptr_t>(params.data());
    if (!shared.empty() && address >= host && address < host + shared.size()) {
      // The generic window holds every block of the cluster.
      uint64_t offset = address - host;
      unsigned rank = static_cast<unsigned>(offset / sharedBytes);
      if (!fitsIn(offset % sharedBytes, bytes, sharedBytes)) {
        report(error, t, describe("shared"));
        return nullptr;
      }
      if (rank != thread.rank && blockExited(rank)) {
        report(error, t,
               std::string(verb) +
                   " of the shared memory of the cluster's "
                   "block " +
                   std::to_string(rank) + ", which has exited");
        return nullptr;
      }
      space = Space::Shared;
      sharedAt = offset;
    } else if (!params.empty() && address >= param &&
               address < param + params.size()) {
      space = Space::Param;
      address -= param;
    } else if (!thread.local.empty() && address >= local &&
               address < local + thread.local.size()) {
      space = Space::Local;
      address -= local;
    } else {
      space = Space::Global;
    }
  }
  switch (space) {
  case Space::Param:
    if (!fitsIn(address, bytes, params.size())) {
      report(error, t, describe("parameter"));
      return nullptr;
    }
    if (store) {
      report(error, t,
             "a store into the kernel's parameters, which are "
             "read only");
      return nullptr;
    }
    return const_cast<unsigned char *>(params.data()) + address;
  case Space::Shared: {
    uint64_t offset = 0;
    if (sharedAt)
      offset = *sharedAt;
    else if (!sharedOffset(address, bytes, t, offset, error, verb))
      return nullptr;
    if (!atomic && !checkRace(offset, bytes, t, store, error))
      return nullptr;
    if (atomic && store) { // atomics and bulk copies write too
      touchShadow(offset, bytes);
      for (uint64_t i = offset; i < offset + bytes; ++i)
        shadow[i].written = true;
    }
    return shared.data() + offset;
  }
  case Space::Local:
    if (!fitsIn(address, bytes, thread.local.size())) {
      report(error, t, describe("local"));
      return nullptr;
    }
    return thread.local.data() + address;
  case Space::Global:
  case Space::Const:
  case Space::Generic:
    // A programmatic launch may run beside the end of the kernel before it:
    // nothing in global memory is settled until the thread has waited for
    // that grid (tensor maps excepted: the host wrote them before either).
    if (request.programmatic && !thread.waitedForPriorGrid &&
        !readingTensorMap) {
      std::ostringstream text;
      text << "a global " << verb << " of " << bytes << " bytes at 0x"
           << std::hex << address
           << " before griddepcontrol.wait, in a programmatic dependent "
              "launch (which may start before the kernel before it on its "
              "stream ends)";
      report(error, t, text.str());
      return nullptr;
    }
    // Within the allocation found last (no wrap-around: the extent lies
    // below 2^64), else as the caller says.
    if (!(address >= globalBegin && address < globalEnd &&
          bytes <= globalEnd - address)) {
      uint64_t begin = 0, end = 0;
      bool known = request.globalExtent
                       ? request.globalExtent(address, begin, end) &&
                             bytes <= end - address
                       : request.isGlobal && request.isGlobal(address, bytes);
      if (!known) {
        report(error, t, describe("global") + " (not inside any allocation)");
        return nullptr;
      }
      if (request.globalExtent)
        globalBegin = begin, globalEnd = end;
    }
    if (request.globalAccesses)
      request.globalAccesses->access(address, bytes, store, atomic);
    return reinterpret_cast<unsigned char *>(address);
  }
  return nullptr;
}
bool BlockRunner::sharedOffset(uint64_t address, uint64_t bytes, unsigned t,
                               uint64_t &offset, std::string &error,
                               const char *verb) {
  unsigned rank = block[t].rank;
  uint64_t local = address;
  // Only a .shared::cluster access reaches another block (through an
  // address mapa made); for any other, such an address is out of bounds.
  if (address >= kClusterWindow && instruction && instruction->clusterWindow &&
      address / kClusterWindow <= ctaCount) {
    rank = static_cast<unsigned>(address / kClusterWindow - 1);
    local = address % kClusterWindow;
  }
  if (!fitsIn(local, bytes, sharedBytes)) {
    std::ostringstream text;
    text << "out-of-bounds shared " << verb << " of " << bytes << " bytes at 0x"
         << std::hex << address;
    return report(error, t, text.str());
  }
  if (rank != block[t].rank && blockExited(rank))
    return report(error, t,
                  "an access to the shared memory of the cluster's block " +
                      std::to_string(rank) + ", which has exited");
  offset = rank * sharedBytes + local;
  return true;
}

std::string BlockRunner::describeShared(uint64_t offset) const {
  std::ostringstream text;
  text << "shared 0x" << std::hex << (sharedBytes ? offset % sharedBytes : 0)
       << std::dec;
  if (ctaCount > 1)
    text << " of the cluster's block " << offset / sharedBytes;
  return text.str();
}

/// Records a shared access of thread `t` and reports a race: a thread of
/// another warp wrote a byte, or read a byte this one now writes, and no
/// barrier (bar.sync, barrier.cluster) or mbarrier phase orders that
/// before this; a TMA copy into the byte is in flight, or landed in a
/// phase this thread has not observed (a load); a wgmma this thread does
/// not know retired still reads it (a store). Lanes of one warp run in
/// lockstep here, so their accesses are ordered by the program (upstream's
/// reductions rely on that, e.g. several lanes storing the same result).
bool BlockRunner::checkRace(uint64_t offset, uint64_t bytes, unsigned t,
                            bool store, std::string &error) {
  const char *verb = store ? "store" : "load";
  auto conflict = [&](int other, const char *theirs) {
    std::ostringstream text;
    text << "shared-memory race: " << verb << " of " << bytes << " bytes at "
         << describeShared(offset) << ", which " << threadName(other)
         << " (another warp) " << theirs
         << " with no barrier or mbarrier phase ordering it before";
    report(error, t, text.str());
    return false;
  };
  if (store && !wgmmaReads.empty() &&
      !checkWgmmaReads(offset, bytes, t, "store to", error))
    return false;
  const Knowledge &known = block[t].known;
  uint32_t clock = warpClocks[t / kWarpSize];
  touchShadow(offset, bytes);
  for (uint64_t i = offset; i < offset + bytes; ++i) {
    SharedShadow &byte = shadow[i];
    if (byte.tmaPending) {
      std::ostringstream text;
      text << verb << " of " << bytes << " bytes at " << describeShared(offset)
           << " while a TMA copy into it is in flight (its mbarrier phase "
              "has not completed)";
      return report(error, t, text.str());
    }
    if (store && byte.bulkStoreReads) {
      std::ostringstream text;
      text << "store of " << bytes << " bytes at " << describeShared(offset)
           << " overwrites what a TMA store still reads (until its thread's "
              "cp.async.bulk.wait_group.read)";
      return report(error, t, text.str());
    }
    if (!store && byte.tmaBarrier &&
        known.observedOf(byte.tmaBarrier - 1) < byte.tmaStamp) {
      std::ostringstream text;
      text << "load of " << bytes << " bytes at " << describeShared(offset)
           << " reads a TMA tile before this thread waited on its "
           << "mbarrier (at "
           << describeShared(mbarrierOffsets[byte.tmaBarrier - 1])
           << ") for the phase that landed it";
      return report(error, t, text.str());
    }
    if (!store && !byte.written && request.checkUninitializedShared) {
      std::ostringstream text;
      text << "load of " << bytes << " bytes at " << describeShared(offset)
           << " that nothing in this block has written";
      report(error, t, text.str());
      return false;
    }
    if (store) {
      byte.written = true;
      byte.tmaBarrier = 0;
    }
    if (!orderedBefore(byte.writer, byte.writerClock, t))
      return conflict(byte.writer, "stored");
    if (store) {
      if (!orderedBefore(byte.reader, byte.readerClock, t))
        return conflict(byte.reader, "loaded");
      if (!orderedBefore(byte.otherReader, byte.otherReaderClock, t))
        return conflict(byte.otherReader, "loaded");
      byte.writer = static_cast<int>(t);
      byte.writerClock = clock;
      byte.reader = byte.otherReader = -1;
      byte.proxyWriter = static_cast<int>(t);
      byte.proxyFencesAtWrite = block[t].proxyFences;
    } else if (orderedBefore(byte.reader, byte.readerClock, t)) {
      // A read ordered after the reader's takes its place; one that is not
      // takes the second place (a third unordered reader is not kept).
      byte.reader = static_cast<int>(t);
      byte.readerClock = clock;
    } else {
      byte.otherReader = static_cast<int>(t);
      byte.otherReaderClock = clock;
    }
  }
  return true;
}

/// Reports a write (`what`) of thread `t` to shared bytes that a wgmma
/// reads which this thread does not know retired: the wgmma may still be
/// reading them. A thread knows of a retirement through its own
/// warpgroup's wgmma.wait_group, an mbarrier phase whose arrivals knew of
/// it, or bar.sync.
bool BlockRunner::checkWgmmaReads(uint64_t offset, uint64_t bytes, unsigned t,
                                  const char *what, std::string &error) {
  const Knowledge &known = block[t].known;
  for (const WgmmaRead &wgmmaRead : wgmmaReads) {
    if (wgmmaRead.sequence <= known.retiredOf(wgmmaRead.warpgroup) ||
        wgmmaRead.end <= offset || offset + bytes <= wgmmaRead.begin)
      continue;
    std::ostringstream text;
    text << "shared-memory race: " << what << " shared 0x" << std::hex
         << std::max(offset, wgmmaRead.begin) << std::dec
         << ", which the wgmma at line " << wgmmaRead.instruction->source->line
         << " of warpgroup " << wgmmaRead.warpgroup
         << " may still read: no wgmma.wait_group that retired it is ordered "
            "before this (through an mbarrier phase or bar.sync)";
    return report(error, t, text.str());
  }
  return true;
}

bool BlockRunner::executeLoadStore(const Decoded &inst, std::string &error) {
  const std::vector<Value> &ops = inst.operands;
  const Type &type = inst.type;
  bool isStore = inst.op == Op::St;
  const Value &address = isStore ? ops[0] : ops[1];
  const Value &data = isStore ? ops[1] : ops[0];
  unsigned bytes = type.bytes();
  Space space = spaceOf(inst, address);
  if (space == Space::Global && !active.empty()) {
    for (unsigned t : active)
      traffic.access(t, bytes * 8 * inst.vector);
    if (!isStore) {
      // A sink (`_`) element of a vector load has no register to wait on.
      std::vector<int> destinations;
      if (data.kind == Value::Kind::Vector) {
        for (const Value &element : data.elements)
          if (element.reg >= 0)
            destinations.push_back(element.reg);
      } else if (data.reg >= 0) {
        destinations.push_back(data.reg);
      }
      traffic.issueLoad(first / kWarpSize,
                        uint64_t(bytes) * inst.vector * active.size(),
                        destinations);
    }
  }
  for (unsigned t : active) {
    uint64_t at = addressOf(address, t);
    unsigned char *host =
        memory(space, at, uint64_t(bytes) * inst.vector, t, isStore, error);
    if (!host)
      return false;
    for (unsigned i = 0; i < inst.vector; ++i) {
      const Value &element =
          data.kind == Value::Kind::Vector ? data.elements[i] : data;
      if (isStore) {
        uint64_t bits = read(element, t);
        std::memcpy(host + i * bytes, &bits, bytes);
      } else {
        uint64_t bits = 0;
        std::memcpy(&bits, host + i * bytes, bytes);
        if (type.kind == Kind::Signed)
          bits = static_cast<uint64_t>(signExtend(bits, type.bits));
        write(element, t, bits, Type{Kind::Bits, 64});
      }
    }
  }
  advance();
  return true;
}

/// cvta (to generic) and cvta.to (from generic) for shared, local and
/// parameter addresses. The generic shared window holds every block of the
/// cluster one after the other; a shared::cta address is the block's own.
bool BlockRunner::executeCvta(const Decoded &inst, std::string &error) {
  const std::vector<Value> &ops = inst.operands;
  const Type &type = inst.type;
  auto host = reinterpret_cast<uint64_t>(shared.data());
  for (unsigned t : active) {
    uint64_t address = read(ops[1], t);
    uint64_t base = 0;
    if (inst.space == Space::Shared) {
      if (inst.op == Op::Cvta) {
        uint64_t offset = 0;
        // An address of another block converts where it lies; one outside
        // every block converts as the hardware would, to no shared byte.
        if (address >= kClusterWindow && inst.clusterWindow &&
            !sharedOffset(address, 0, t, offset, error))
          return false;
        if (address >= kClusterWindow && inst.clusterWindow) {
          write(ops[0], t, host + offset, type);
          continue;
        }
      } else if (inst.clusterWindow && address >= host &&
                 address < host + shared.size()) {
        // To the shared::cluster window: another block's bytes by rank.
        uint64_t offset = address - host;
        unsigned rank = static_cast<unsigned>(offset / sharedBytes);
        write(ops[0], t,
              rank == block[t].rank
                  ? offset % sharedBytes
                  : (rank + 1) * kClusterWindow + offset % sharedBytes,
              type);
        continue;
      }
      base = host + block[t].rank * sharedBytes;
    } else if (inst.space == Space::Local) {
      base = reinterpret_cast<uintptr_t>(block[t].local.data());
    } else if (inst.space == Space::Param) {
      base = reinterpret_cast<uintptr_t>(params.data());
    }
    write(ops[0], t, inst.op == Op::Cvta ? address + base : address - base,
          type);
  }
  advance();
  return true;
}

bool BlockRunner::clusterOffset(const Decoded &inst, uint64_t address,
                                unsigned t, uint64_t &offset,
                                std::string &error) {
  auto host = reinterpret_cast<uint64_t>(shared.data());
  if (sharedBytes == 0)
    return report(error, t,
                  inst.source->opcode + " in a kernel without shared memory");
  if (inst.space == Space::Shared)
    return sharedOffset(address, 0, t, offset, error);
  if (address < host || address >= host + shared.size()) {
    std::ostringstream text;
    text << inst.source->opcode << " of the generic address 0x" << std::hex
         << address << ", which is not in shared memory";
    return report(error, t, text.str());
  }
  offset = address - host;
  return true;
}

/// mapa[.shared::cluster].u32/u64 d, a, rank: the address of a's place in
/// the shared memory of the cluster's block `rank` — a shared::cluster
/// address (or, without a state space, a generic one).
bool BlockRunner::executeMapa(const Decoded &inst, std::string &error) {
  const std::vector<Value> &ops = inst.operands;
  auto host = reinterpret_cast<uint64_t>(shared.data());
  for (unsigned t : active) {
    uint64_t rank = read(ops[2], t) & 0xffffffffu;
    if (rank >= ctaCount)
      return report(error, t,
                    "mapa to block " + std::to_string(rank) +
                        " of a cluster of " + std::to_string(ctaCount));
    uint64_t offset = 0;
    if (!clusterOffset(inst, read(ops[1], t), t, offset, error))
      return false;
    uint64_t local = offset % sharedBytes;
    write(ops[0], t,
          inst.space == Space::Shared ? (rank + 1) * kClusterWindow + local
                                      : host + rank * sharedBytes + local,
          inst.type);
  }
  advance();
  return true;
}

/// getctarank[.shared::cluster].u32 d, a: the rank of the block whose
/// shared memory `a` (a shared::cluster or generic address) is in.
bool BlockRunner::executeGetctarank(const Decoded &inst, std::string &error) {
  const std::vector<Value> &ops = inst.operands;
  for (unsigned t : active) {
    uint64_t offset = 0;
    if (!clusterOffset(inst, read(ops[1], t), t, offset, error))
      return false;
    write(ops[0], t, offset / sharedBytes, inst.type);
  }
  advance();
  return true;
}

/// atom / red: read-modify-write of one element per lane, in lane order.
bool BlockRunner::executeAtomic(const Decoded &inst, std::string &error) {
  const std::vector<Value> &ops = inst.operands;
  bool isRed = inst.op == Op::Red;
  const Value &address = isRed ? ops[0] : ops[1];
  const Type &type = inst.type;
  std::string op = inst.atomOp;
  for (const char *scope : {"gpu", "cta", "sys", "relaxed", "acquire",
                            "release", "acq_rel", "sync"}) {
    std::string s = scope;
    if (op.rfind(s + ".", 0) == 0)
      op = op.substr(s.size() + 1);
    std::size_t at = op.find("." + s);
    if (at != std::string::npos)
      op.erase(at, s.size() + 1);
  }
  if (spaceOf(inst, address) == Space::Global)
    for (unsigned t : active)
      traffic.access(t, type.bytes() * 8);
  for (unsigned t : active) {
    uint64_t at = addressOf(address, t);
    unsigned char *host =
        memory(spaceOf(inst, address), at, type.bytes(), t, true, error,
               /*atomic=*/true);
    if (!host)
      return false;
    uint64_t old = 0;
    std::memcpy(&old, host, type.bytes());
    uint64_t b = read(ops[isRed ? 1 : 2], t), r = old;
    if (op == "add")
      r = type.kind == Kind::Float ? floatBinary(Op::Add, type, old, b, false)
                                   : old + b;
    else if (op == "min" || op == "max")
      r = type.kind == Kind::Float
              ? floatBinary(op == "min" ? Op::Min : Op::Max, type, old, b,
                            false)
              : integerBinary(op == "min" ? Op::Min : Op::Max, type, old, b);
    else if (op == "exch")
      r = b;
    else if (op == "cas")
      r = (old & mask(type.bits)) == (b & mask(type.bits)) ? read(ops[3], t)
                                                           : old;
    else if (op == "and" || op == "or" || op == "xor")
      r = integerBinary(op == "and"  ? Op::And
                        : op == "or" ? Op::Or
                                     : Op::Xor,
                        type, old, b);
    else if (op == "inc")
      r = (old & mask(type.bits)) >= (b & mask(type.bits)) ? 0 : old + 1;
    else
      return report(error, t, "unsupported atomic operation '" + op + "'");
    std::memcpy(host, &r, type.bytes());
    if (!isRed)
      write(ops[0], t, old, type);
    ++block[t].pc;
  }
  return true;
}
