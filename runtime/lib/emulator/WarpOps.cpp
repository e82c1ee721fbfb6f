//===- WarpOps.cpp - control flow, barriers and warp collectives ----------===//
//
// Branches, exits and bar.sync (the scheduler releases a barrier once every
// live thread of the block waits at it), the warp collectives shfl, vote
// and elect (executed by all lanes at once, which must all be there for
// .sync.aligned forms), and setmaxnreg, checked as the PTX ISA requires.
//
//===----------------------------------------------------------------------===//

#include "EmulatorInternals.h"

#include <sstream>

using namespace lmhead::runtime::emulator;

bool BlockRunner::executeNop(const Decoded &, std::string &) {
  advance();
  return true;
}

/// fence and membar order memory here anyway (a block's threads run in
/// program order); fence.proxy.async is counted, since a TMA store may read
/// only the shared bytes their writer fenced since writing.
bool BlockRunner::executeFence(const Decoded &inst, std::string &) {
  if (inst.source && inst.source->has("proxy") && inst.source->has("async"))
    for (unsigned t : active)
      ++block[t].proxyFences;
  advance();
  return true;
}

bool BlockRunner::executeBranch(const Decoded &inst, std::string &) {
  const std::vector<Value> &ops = inst.operands;
  for (unsigned t : active)
    block[t].pc = ops[0].target;
  return true;
}

bool BlockRunner::executeExit(const Decoded &, std::string &) {
  for (unsigned t : active)
    block[t].exited = true;
  return true;
}

bool BlockRunner::executeBarrier(const Decoded &, std::string &) {
  for (unsigned t : active)
    block[t].atBarrier = true;
  return true;
}

/// shfl.sync in its four modes, with PTX's segment and clamp rules; a lane
/// that reads a lane not executing the shuffle is an error.
bool BlockRunner::executeShuffle(const Decoded &inst, std::string &error) {
  // shfl.sync.mode.b32 d[|p], a, b, c, membermask
  const std::vector<Value> &ops = inst.operands;
  const Value &dst =
      ops[0].kind == Value::Kind::Vector ? ops[0].elements[0] : ops[0];
  const Value *valid =
      ops[0].kind == Value::Kind::Vector && ops[0].elements.size() > 1
          ? &ops[0].elements[1]
          : nullptr;
  std::vector<uint64_t> sources(kWarpSize, 0);
  std::vector<bool> present(kWarpSize, false);
  for (unsigned t : active) {
    sources[t - first] = read(ops[1], t);
    present[t - first] = true;
  }
  for (unsigned t : active) {
    unsigned lane = t - first;
    uint32_t b = static_cast<uint32_t>(read(ops[2], t));
    uint32_t c = static_cast<uint32_t>(read(ops[3], t));
    uint32_t segmentMask = (c >> 8) & 0x1f, clamp = c & 0x1f;
    uint32_t minLane = lane & segmentMask;
    uint32_t maxLane = minLane | (clamp & ~segmentMask);
    int64_t source = lane;
    bool inRange = true;
    if (inst.shflMode == "up") {
      source = int64_t(lane) - b;
      inRange = source >= int64_t(maxLane);
    } else if (inst.shflMode == "down") {
      source = int64_t(lane) + b;
      inRange = source <= int64_t(maxLane);
    } else if (inst.shflMode == "bfly") {
      source = lane ^ b;
      inRange = source <= int64_t(maxLane);
    } else {
      source = minLane | (b & ~segmentMask & 0x1f);
      inRange = source <= int64_t(maxLane);
    }
    if (!inRange)
      source = lane;
    if (source < 0 || source >= kWarpSize || !present[source]) {
      report(error, t,
             "shfl.sync reads lane " + std::to_string(source) +
                 ", which is not executing it");
      return false;
    }
    write(dst, t, sources[source], Type{Kind::Bits, 32});
    if (valid)
      write(*valid, t, inRange, Type{Kind::Pred, 1});
    ++block[t].pc;
  }
  return true;
}

/// vote.sync all / any / uni / ballot over the executing lanes.
bool BlockRunner::executeVote(const Decoded &inst, std::string &) {
  const std::vector<Value> &ops = inst.operands;
  uint32_t ballot = 0;
  bool all = true, any = false;
  for (unsigned t : active) {
    bool p = read(ops[1], t) != 0;
    ballot |= uint32_t(p) << (t - first);
    all &= p;
    any |= p;
  }
  for (unsigned t : active) {
    uint64_t r = inst.voteMode == "ballot" ? ballot
                 : inst.voteMode == "all"  ? all
                 : inst.voteMode == "any"  ? any
                                           : (all || !any);
    write(ops[0], t, r,
          inst.voteMode == "ballot" ? Type{Kind::Bits, 32}
                                    : Type{Kind::Pred, 1});
    ++block[t].pc;
  }
  return true;
}

bool BlockRunner::executeElect(const Decoded &inst, std::string &) {
  const std::vector<Value> &ops = inst.operands;
  // elect.sync %r|%p, membermask: the lowest executing lane is elected.
  const Value &pair = ops[0];
  unsigned leader = active.empty() ? 0 : active.front() - first;
  for (unsigned t : active) {
    if (pair.kind == Value::Kind::Vector) {
      write(pair.elements[0], t, leader, Type{Kind::Bits, 32});
      write(pair.elements[1], t, t - first == leader, Type{Kind::Pred, 1});
    } else {
      write(pair, t, t - first == leader, Type{Kind::Pred, 1});
    }
  }
  advance();
  return true;
}

bool BlockRunner::wholeWarp(std::string &error) {
  if (active.size() == kWarpSize)
    return true;
  return report(error, active.empty() ? first : active.front(),
                "a .aligned warp instruction executed by " +
                    std::to_string(active.size()) + " of 32 lanes");
}

/// setmaxnreg.{inc,dec}.sync.aligned.u32 N: the PTX ISA asks for N in
/// [24, 256], a multiple of 8, the same for the whole warpgroup (the
/// scheduler runs this only once all 128 threads are at this one
/// instruction), and no decrease by .inc or increase by .dec.
bool BlockRunner::executeSetmaxnreg(const Decoded &inst, unsigned first,
                                    std::string &error) {
  unsigned count = static_cast<unsigned>(inst.operands[0].imm);
  if (count < 24 || count > 256 || count % 8 != 0)
    return report(error, first,
                  "setmaxnreg " + std::to_string(count) +
                      " is out of range: the register count must be a "
                      "multiple of 8 in [24, 256]");
  Warpgroup &group = warpgroups[first / kWarpgroupSize];
  bool increase = inst.source->has("inc");
  if (group.maxRegisters &&
      (increase ? count < group.maxRegisters : count > group.maxRegisters))
    return report(error, first,
                  std::string("setmaxnreg.") + (increase ? "inc" : "dec") +
                      " to " + std::to_string(count) + " after " +
                      std::to_string(group.maxRegisters) +
                      " registers goes the wrong way");
  group.maxRegisters = count;
  return true;
}
