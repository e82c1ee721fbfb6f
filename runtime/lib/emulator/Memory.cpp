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
  if (space == Space::Generic) {
    auto host = reinterpret_cast<uintptr_t>(shared.data());
    auto local = reinterpret_cast<uintptr_t>(thread.local.data());
    auto param = reinterpret_cast<uintptr_t>(params.data());
    if (sharedBytes && address >= host && address < host + sharedBytes) {
      space = Space::Shared;
      address -= host;
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
  case Space::Shared:
    if (!fitsIn(address, bytes, sharedBytes)) {
      report(error, t, describe("shared"));
      return nullptr;
    }
    if (!atomic && !checkRace(address, bytes, t, store, error))
      return nullptr;
    if (atomic && store) // atomics and bulk copies write too
      for (uint64_t i = address; i < address + bytes; ++i)
        shadow[i].written = true;
    return shared.data() + address;
  case Space::Local:
    if (!fitsIn(address, bytes, thread.local.size())) {
      report(error, t, describe("local"));
      return nullptr;
    }
    return thread.local.data() + address;
  case Space::Global:
  case Space::Const:
  case Space::Generic:
    if (!request.isGlobal || !request.isGlobal(address, bytes)) {
      report(error, t, describe("global") + " (not inside any allocation)");
      return nullptr;
    }
    return reinterpret_cast<unsigned char *>(address);
  }
  return nullptr;
}
/// Records a shared access of thread `t` and reports a race: a thread of
/// another warp wrote a byte since the last barrier, or read a byte this
/// one now writes; a TMA copy into the byte is in flight, or landed in a
/// phase this thread has not observed (a load); a wgmma this thread does
/// not know retired still reads it (a store). Lanes of one warp run in
/// lockstep here, so their accesses are ordered by the program (upstream's
/// reductions rely on that, e.g. several lanes storing the same result).
bool BlockRunner::checkRace(uint64_t offset, uint64_t bytes, unsigned t,
                            bool store, std::string &error) {
  int warp = static_cast<int>(t / kWarpSize);
  auto otherWarp = [&](int other) {
    return other >= 0 && other / static_cast<int>(kWarpSize) != warp;
  };
  const char *verb = store ? "store" : "load";
  auto conflict = [&](int other, const char *theirs) {
    std::ostringstream text;
    text << "shared-memory race: " << verb << " of " << bytes
         << " bytes at shared 0x" << std::hex << offset << std::dec
         << ", which " << threadName(other) << " (another warp) " << theirs
         << " since the last barrier";
    report(error, t, text.str());
    return false;
  };
  if (store && !wgmmaReads.empty() &&
      !checkWgmmaReads(offset, bytes, t, "store to", error))
    return false;
  const Knowledge &known = block[t].known;
  for (uint64_t i = offset; i < offset + bytes; ++i) {
    SharedShadow &byte = shadow[i];
    if (byte.tmaPending) {
      std::ostringstream text;
      text << verb << " of " << bytes << " bytes at shared 0x" << std::hex
           << offset << std::dec
           << " while a TMA copy into it is in flight (its mbarrier phase "
              "has not completed)";
      return report(error, t, text.str());
    }
    if (store && byte.bulkStoreReads) {
      std::ostringstream text;
      text << "store of " << bytes << " bytes at shared 0x" << std::hex
           << offset << std::dec
           << " overwrites what a TMA store still reads (until its thread's "
              "cp.async.bulk.wait_group.read)";
      return report(error, t, text.str());
    }
    if (!store && byte.tmaBarrier &&
        known.observedOf(byte.tmaBarrier - 1) < byte.tmaStamp) {
      std::ostringstream text;
      text << "load of " << bytes << " bytes at shared 0x" << std::hex << offset
           << " reads a TMA tile before this thread waited on its "
           << "mbarrier (at shared 0x" << mbarrierOffsets[byte.tmaBarrier - 1]
           << std::dec << ") for the phase that landed it";
      return report(error, t, text.str());
    }
    if (!store && !byte.written && request.checkUninitializedShared) {
      std::ostringstream text;
      text << "load of " << bytes << " bytes at shared 0x" << std::hex << offset
           << std::dec << " that nothing in this block has written";
      report(error, t, text.str());
      return false;
    }
    if (store) {
      byte.written = true;
      byte.tmaBarrier = 0;
    }
    if (byte.writeEpoch == epoch && otherWarp(byte.writer))
      return conflict(byte.writer, "stored");
    if (store) {
      if (byte.readEpoch == epoch &&
          (byte.readersInSeveralWarps || otherWarp(byte.reader)))
        return conflict(byte.reader, "loaded");
      byte.writer = static_cast<int>(t);
      byte.writeEpoch = epoch;
      byte.proxyWriter = static_cast<int>(t);
      byte.proxyFencesAtWrite = block[t].proxyFences;
    } else if (byte.readEpoch != epoch) {
      byte.reader = static_cast<int>(t);
      byte.readEpoch = epoch;
      byte.readersInSeveralWarps = false;
    } else if (otherWarp(byte.reader)) {
      byte.readersInSeveralWarps = true;
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

bool BlockRunner::executeCvta(const Decoded &inst, std::string &) {
  const std::vector<Value> &ops = inst.operands;
  const Type &type = inst.type;
  for (unsigned t : active) {
    uint64_t address = read(ops[1], t);
    uint64_t base = 0;
    if (inst.space == Space::Shared)
      base = reinterpret_cast<uintptr_t>(shared.data());
    else if (inst.space == Space::Local)
      base = reinterpret_cast<uintptr_t>(block[t].local.data());
    else if (inst.space == Space::Param)
      base = reinterpret_cast<uintptr_t>(params.data());
    write(ops[0], t, inst.op == Op::Cvta ? address + base : address - base,
          type);
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
