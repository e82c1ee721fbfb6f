//===- WarpOps.cpp - control flow, barriers and warp collectives ----------===//
//
// Branches, exits and bar.sync (the scheduler releases a barrier once every
// live thread of the block waits at it), the warp collectives shfl, vote
// and elect (executed by all lanes at once, which must all be there for
// .sync.aligned forms), and setmaxnreg, checked as the PTX ISA requires.
//
//===----------------------------------------------------------------------===//

#include "EmulatorInternals.h"

#include <algorithm>
#include <limits>

#include <sstream>

using namespace lmhead::runtime::emulator;

bool BlockRunner::executeNop(const Decoded &, std::string &) {
  advance();
  return true;
}

/// griddepcontrol.wait and .launch_dependents: launches run to completion in
/// stream order here, so the grid before a programmatic launch is always
/// done; what is checked is that the kernel would be right if it were not
/// (BlockRunner::memory): the wait is recorded.
bool BlockRunner::executeGridDepControl(const Decoded &inst, std::string &) {
  if (inst.source && inst.source->has("wait"))
    for (unsigned t : active)
      block[t].waitedForPriorGrid = true;
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

/// bar.sync / barrier.sync [id[, count]] waits at named barrier `id` (0
/// without one) of the block; bar.arrive / barrier.arrive id, count
/// arrives without waiting (a producer's signal). A barrier with a count
/// completes once that many threads arrived (a warp of bar counts as 32);
/// one without, once every thread of the block still running waits at it.
/// Arriving releases what the thread did and knows to the threads that
/// wait; bar.warp.sync orders nothing here (a warp's lanes run in
/// lockstep).
bool BlockRunner::executeBarrier(const Decoded &inst, std::string &error) {
  const ptx::Instruction &source = *inst.source;
  if (source.has("warp")) {
    advance();
    return true;
  }
  if (active.empty())
    return true;
  const std::vector<Value> &ops = inst.operands;
  bool arriveOnly = source.has("arrive");
  unsigned leader = active.front(), rank = block[leader].rank;
  uint64_t id = ops.empty() ? 0 : read(ops[0], leader);
  uint64_t count = ops.size() > 1 ? read(ops[1], leader) : 0;
  for (unsigned t : active)
    if ((ops.empty() ? 0 : read(ops[0], t)) != id ||
        (ops.size() > 1 ? read(ops[1], t) : 0) != count)
      return report(error, t,
                    "the lanes of a warp name different barriers or counts");
  if (id >= kNamedBarriers)
    return report(error, leader,
                  "barrier " + std::to_string(id) + ": there are 16 (0 to 15)");
  if (ops.size() > 1 && (count == 0 || count % kWarpSize != 0 ||
                         count > alignUp(ctaThreads, kWarpSize)))
    return report(error, leader,
                  "barrier " + std::to_string(id) + " with a count of " +
                      std::to_string(count) +
                      " threads: it must be a multiple of 32, at most the "
                      "block's " +
                      std::to_string(ctaThreads));
  NamedBarrier &bar = barriers[rank * kNamedBarriers + id];
  if (bar.arrived && bar.expected != count)
    return report(error, leader,
                  "barrier " + std::to_string(id) + " is arrived at with " +
                      (count ? std::to_string(count) : std::string("no")) +
                      " count, its phase began with " +
                      (bar.expected ? std::to_string(bar.expected)
                                    : std::string("none")));
  bar.expected = static_cast<unsigned>(count);
  // bar is .aligned: the warp arrives as a whole.
  bool wholeWarps = source.opcode == "bar" || source.has("aligned");
  bar.arrived +=
      wholeWarps && count ? kWarpSize : static_cast<unsigned>(active.size());
  for (unsigned t : active) {
    bar.joined.merge(releaseOf(t));
    if (arriveOnly) {
      ++block[t].pc;
    } else {
      block[t].atBarrier = true;
      block[t].barrierId = static_cast<unsigned>(id);
    }
  }
  ++stateChanges;
  if (count && bar.arrived >= count) {
    if (bar.arrived > count)
      return report(error, leader,
                    "barrier " + std::to_string(id) + ": " +
                        std::to_string(bar.arrived) +
                        " threads arrive at a barrier that counts " +
                        std::to_string(count));
    completeBarrier(rank, static_cast<unsigned>(id));
  }
  return true;
}

/// barrier.cluster.arrive[.release|.relaxed][.aligned] and
/// barrier.cluster.wait[.acquire][.aligned]: a wait completes once every
/// thread of the cluster still running has arrived as often as the
/// waiting thread has (each thread arrives, then waits, then may arrive
/// again); it takes in what the arrivals released (nothing for .relaxed).
bool BlockRunner::executeClusterBarrier(const Decoded &inst,
                                        std::string &error) {
  const ptx::Instruction &source = *inst.source;
  if (source.has("aligned"))
    for (unsigned t = first; t < first + kWarpSize && t < block.size(); ++t)
      if (!block[t].exited &&
          std::find(active.begin(), active.end(), t) == active.end())
        return report(error, t,
                      "barrier.cluster.*.aligned is executed by only part of "
                      "the warp");
  if (source.has("arrive")) {
    bool relaxed = source.has("relaxed");
    for (unsigned t : active) {
      Thread &thread = block[t];
      if (thread.clusterArrivals != thread.clusterWaits)
        return report(error, t,
                      "barrier.cluster.arrive again before the "
                      "barrier.cluster.wait of its last arrival");
      if (clusterPhases.size() <= thread.clusterArrivals)
        clusterPhases.resize(thread.clusterArrivals + 1);
      if (!relaxed)
        clusterPhases[thread.clusterArrivals].merge(releaseOf(t));
      ++thread.clusterArrivals;
      ++thread.pc;
    }
    ++stateChanges;
    return true;
  }
  uint32_t least = std::numeric_limits<uint32_t>::max();
  for (const Thread &thread : block)
    if (!thread.exited)
      least = std::min(least, thread.clusterArrivals);
  bool anyWaiting = false;
  for (unsigned t : active) {
    Thread &thread = block[t];
    if (thread.clusterArrivals == thread.clusterWaits)
      return report(error, t,
                    "barrier.cluster.wait without a barrier.cluster.arrive "
                    "before it");
    uint32_t phase = thread.clusterWaits;
    if (least <= phase) {
      anyWaiting = true;
      continue;
    }
    thread.known.merge(clusterPhases[phase]);
    ++thread.clusterWaits;
    ++thread.pc;
    ++stateChanges;
  }
  if (anyWaiting) {
    yielded = true; // let the rest of the cluster arrive
    waitedThisRound = true;
  }
  return true;
}

std::string BlockRunner::describeClusterBarrier() const {
  unsigned waiting = 0, behind = 0;
  uint32_t phase = 0;
  for (const Thread &thread : block) {
    if (thread.exited)
      continue;
    if (thread.clusterArrivals > thread.clusterWaits &&
        thread.pc < kernel.code.size() &&
        kernel.code[thread.pc].op == Op::ClusterBarrier) {
      ++waiting;
      phase = thread.clusterWaits;
    }
  }
  if (!waiting)
    return "";
  for (const Thread &thread : block)
    if (!thread.exited && thread.clusterArrivals <= phase)
      ++behind;
  return "; barrier.cluster: " + std::to_string(waiting) +
         " threads wait in phase " + std::to_string(phase) + ", " +
         std::to_string(behind) + " threads of the cluster have not arrived";
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

/// elect.sync d|p, membermask: the lowest lane of `membermask` is elected
/// (d its lane, p true in it alone); every lane of the mask must execute
/// the instruction, as for every .sync warp instruction.
bool BlockRunner::executeElect(const Decoded &inst, std::string &error) {
  const std::vector<Value> &ops = inst.operands;
  if (active.empty())
    return true;
  uint32_t members = ops.size() > 1
                         ? static_cast<uint32_t>(read(ops[1], active.front()))
                         : 0xffffffffu;
  uint32_t present = 0;
  for (unsigned t : active)
    present |= 1u << (t - first);
  for (unsigned lane = 0; lane < kWarpSize; ++lane)
    if ((members >> lane & 1) && !(present >> lane & 1)) {
      std::ostringstream text;
      text << "elect.sync with membermask 0x" << std::hex << members << std::dec
           << ", which lane " << lane << " does not execute";
      return report(error, active.front(), text.str());
    }
  unsigned leader = members ? __builtin_ctz(members) : 0;
  const Value &pair = ops[0];
  for (unsigned t : active) {
    bool elected = members && t - first == leader;
    if (pair.kind == Value::Kind::Vector) {
      write(pair.elements[0], t, leader, Type{Kind::Bits, 32});
      write(pair.elements[1], t, elected, Type{Kind::Pred, 1});
    } else {
      write(pair, t, elected, Type{Kind::Pred, 1});
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
