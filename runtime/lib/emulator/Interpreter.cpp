//===- Interpreter.cpp - running PTX kernels on the CPU -------------------===//
//
// A kernel is first decoded (Decoder.cpp). Execution then walks the grid
// block by block; each block's warps run in turn until they finish, wait
// at a barrier or a warpgroup instruction, or spin on an mbarrier. A warp
// executes the instruction at the lowest program counter among its
// runnable lanes, for the lanes that are there, which reconverges diverged
// lanes where their paths meet; lanes whose mbarrier wait was vain sit out
// the rest of the warp's turn. Lanes that reach an aligned barrier
// (bar.sync) before the rest of their warp wait there for it (paths that
// meet at a barrier placed before them in the code, as a loop's, would
// otherwise reach it one at a time); a lane that exits or waits at another
// barrier instead is a divergent barrier. Instructions are dispatched to their
// family's file through the list in Instructions.def.
//
//===----------------------------------------------------------------------===//

#include "AccessRecorder.h"
#include "EmulatorInternals.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <exception>
#include <limits>
#include <memory>
#include <mutex>
#include <sstream>
#include <system_error>
#include <thread>

using namespace lmhead::runtime;
using namespace lmhead::runtime::emulator;

void Knowledge::merge(const Knowledge &other) {
  if (retired.size() < other.retired.size())
    retired.resize(other.retired.size(), 0);
  for (std::size_t g = 0; g < other.retired.size(); ++g)
    retired[g] = std::max(retired[g], other.retired[g]);
  if (observed.size() < other.observed.size())
    observed.resize(other.observed.size(), 0);
  for (std::size_t b = 0; b < other.observed.size(); ++b)
    observed[b] = std::max(observed[b], other.observed[b]);
  if (clocks.size() < other.clocks.size())
    clocks.resize(other.clocks.size(), 0);
  for (std::size_t w = 0; w < other.clocks.size(); ++w)
    clocks[w] = std::max(clocks[w], other.clocks[w]);
}

std::size_t Warpgroup::wgmmasInFlight() const {
  std::size_t count = open.size();
  for (const std::vector<WgmmaInFlight> &group : committed)
    count += group.size();
  return count;
}

bool BlockRunner::run(const unsigned (&firstCtaid)[3], std::string &error) {
  ctaThreads = request.block[0] * request.block[1] * request.block[2];
  for (int d = 0; d < 3; ++d)
    clusterDims[d] = request.cluster[d];
  ctaCount = clusterDims[0] * clusterDims[1] * clusterDims[2];
  // In a cluster every block starts on a warpgroup boundary, so that warps
  // and warpgroups never span two blocks.
  ctaStride = ctaCount > 1
                  ? static_cast<unsigned>(alignUp(ctaThreads, kWarpgroupSize))
                  : ctaThreads;
  ctaids.assign(ctaCount, {0, 0, 0});
  for (unsigned r = 0; r < ctaCount; ++r) {
    ctaids[r][0] = firstCtaid[0] + r % clusterDims[0];
    ctaids[r][1] = firstCtaid[1] + (r / clusterDims[0]) % clusterDims[1];
    ctaids[r][2] = firstCtaid[2] + r / (clusterDims[0] * clusterDims[1]);
  }
  sharedBytes =
      alignUp(kernel.shared.staticBytes, 16) + request.dynamicSharedBytes;
  shared.assign(sharedBytes * ctaCount, 0);
  // The shadow of the previous cluster is reset where it changed.
  if (shadow.size() == sharedBytes * ctaCount)
    std::fill(shadow.begin() + shadowBegin, shadow.begin() + shadowEnd,
              SharedShadow());
  else
    shadow.assign(sharedBytes * ctaCount, SharedShadow());
  shadowBegin = shadowEnd = 0;
  mbarriers.clear();
  mbarrierOffsets.clear();
  barriers.assign(kNamedBarriers * ctaCount, NamedBarrier());
  clusterPhases.clear();
  block.assign(ctaStride * ctaCount, Thread());
  threadCount = block.size();
  registerFile.assign(std::size_t(kernel.registers) * threadCount, 0);
  traffic.start(static_cast<unsigned>(threadCount), kernel.registers);
  for (unsigned t = 0; t < block.size(); ++t) {
    Thread &thread = block[t];
    unsigned local = t % ctaStride;
    thread.rank = t / ctaStride;
    if (local >= ctaThreads) { // a slot that pads the block to a warpgroup
      thread.exited = true;
      continue;
    }
    thread.tid[0] = local % request.block[0];
    thread.tid[1] = (local / request.block[0]) % request.block[1];
    thread.tid[2] = local / (request.block[0] * request.block[1]);
    thread.local.assign(kernel.localBytes, 0);
  }
  // Asynchronous state: no wgmma in flight, no mbarrier phase completed,
  // every warp at its first clock and nothing known of any.
  unsigned groups = static_cast<unsigned>((block.size() + kWarpgroupSize - 1) /
                                          kWarpgroupSize);
  unsigned warps =
      static_cast<unsigned>((block.size() + kWarpSize - 1) / kWarpSize);
  warpgroups.assign(groups, Warpgroup());
  if (kernel.hasWgmma)
    for (Warpgroup &group : warpgroups)
      group.inFlight.assign(kernel.registers, 0);
  warpClocks.assign(warps, 1);
  for (Thread &thread : block) {
    thread.known.retired.assign(groups, 0);
    thread.known.clocks.assign(warps, 0);
  }
  wgmmaReads.clear();
  wgmmaSequence = 0;
  wgmmaAccumulatorsInFlight = 0;
  phaseStamp = 0;
  hazardThread = -1;
  while (true) {
    bool progress = false;
    uint64_t changesBefore = stateChanges;
    waitedThisRound = false;
    for (unsigned w = 0; w < warps; ++w) {
      int status = runWarp(w, error);
      if (status < 0)
        return false;
      progress |= status > 0;
    }
    // Warps that only spin on mbarriers or the cluster barrier, which
    // nobody will complete.
    if (waitedThisRound && stateChanges == changesBefore) {
      if (++idleRounds > kMaxIdleRounds)
        return report(error, 0,
                      std::string("deadlock: every warp waits on an mbarrier "
                                  "phase") +
                          (describeClusterBarrier().empty()
                               ? ""
                               : " or the cluster barrier") +
                          " that can no longer complete" + describeMbarriers() +
                          describeClusterBarrier());
    } else {
      idleRounds = 0;
    }
    // Warpgroup instructions whose 128 threads are all there run now.
    int collectives = resolveCollectives(error);
    if (collectives < 0)
      return false;
    progress |= collectives > 0;
    // Barriers that threads exiting have completed.
    progress |= completeBarriers() > 0;
    bool anyWaiting = false, anyRunning = false, anyCollective = false;
    for (const Thread &thread : block) {
      anyWaiting |= thread.atBarrier;
      anyCollective |= thread.atCollective;
      anyRunning |= !thread.exited && !thread.atBarrier && !thread.atCollective;
    }
    if (anyCollective && !anyRunning && collectives == 0) {
      for (unsigned t = 0; t < block.size(); ++t)
        if (block[t].atCollective) {
          instruction = &kernel.code[block[t].pc];
          return report(error, t,
                        "a warpgroup instruction that not all 128 threads "
                        "of the warpgroup reach");
        }
    }
    if (anyCollective)
      continue;
    if (!anyWaiting && !anyRunning) {
      // TMA stores complete when the block ends, waited for or not.
      for (unsigned t = 0; t < block.size(); ++t)
        if (!block[t].bulkStores.empty() &&
            !completeBulkStores(t, 0, /*readOnly=*/false, /*all=*/true, error))
          return false;
      // Exiting does not wait for wgmmas: their results would be lost.
      for (unsigned g = 0; g < warpgroups.size(); ++g)
        if (warpgroups[g].wgmmasInFlight()) {
          instruction = nullptr;
          return report(error, g * kWarpgroupSize,
                        "the warpgroup exited with " +
                            std::to_string(warpgroups[g].wgmmasInFlight()) +
                            " wgmma still in flight (no wgmma.wait_group "
                            "retired them)");
        }
      trafficStats = traffic.finishCluster();
      return true;
    }
    if (!anyRunning && !progress) {
      // Everyone left waits at named barriers that cannot complete.
      for (unsigned t = 0; t < block.size(); ++t)
        if (block[t].atBarrier) {
          const NamedBarrier &bar =
              barriers[rankOf(t) * kNamedBarriers + block[t].barrierId];
          instruction = &kernel.code[block[t].pc];
          return report(error, t,
                        "deadlock: barrier " +
                            std::to_string(block[t].barrierId) + " waits for " +
                            (bar.expected
                                 ? std::to_string(bar.expected) + " threads"
                                 : std::string("every thread of the block")) +
                            "; " + std::to_string(bar.arrived) +
                            " arrived and no other thread can run");
        }
    }
    if (anyRunning && !progress)
      return report(error, 0, "the block made no progress");
  }
}

bool BlockRunner::blockExited(unsigned rank) const {
  for (unsigned t = rank * ctaStride; t < (rank + 1) * ctaStride; ++t)
    if (!block[t].exited)
      return false;
  return true;
}

Knowledge BlockRunner::releaseOf(unsigned t) {
  unsigned warp = t / kWarpSize;
  Knowledge released = block[t].known;
  released.clocks[warp] = warpClocks[warp];
  // Accesses from now on are not released by this arrival.
  ++warpClocks[warp];
  return released;
}

void BlockRunner::completeBarrier(unsigned rank, unsigned id) {
  NamedBarrier &bar = barriers[rank * kNamedBarriers + id];
  for (unsigned t = rank * ctaStride; t < (rank + 1) * ctaStride; ++t) {
    Thread &thread = block[t];
    if (thread.atBarrier && thread.barrierId == id) {
      thread.known.merge(bar.joined);
      thread.atBarrier = false;
      ++thread.pc;
    }
  }
  bar = NamedBarrier();
  ++stateChanges;
  pruneWgmmaReads();
}

int BlockRunner::completeBarriers() {
  int completed = 0;
  for (unsigned rank = 0; rank < ctaCount; ++rank) {
    unsigned live = 0;
    for (unsigned t = rank * ctaStride; t < (rank + 1) * ctaStride; ++t)
      live += !block[t].exited;
    for (unsigned id = 0; id < kNamedBarriers; ++id) {
      NamedBarrier &bar = barriers[rank * kNamedBarriers + id];
      if (bar.arrived == 0)
        continue;
      // Without a count, every thread still running takes part.
      if (bar.expected == 0 && bar.arrived >= live) {
        completeBarrier(rank, id);
        ++completed;
      }
    }
  }
  return completed;
}

void BlockRunner::pruneWgmmaReads() {
  if (wgmmaReads.empty())
    return;
  // What every thread still running knows retired cannot race any more.
  std::vector<uint64_t> retired(warpgroups.size(),
                                std::numeric_limits<uint64_t>::max());
  for (const Thread &thread : block)
    if (!thread.exited)
      for (unsigned g = 0; g < warpgroups.size(); ++g)
        retired[g] = std::min(retired[g], thread.known.retiredOf(g));
  wgmmaReads.erase(std::remove_if(wgmmaReads.begin(), wgmmaReads.end(),
                                  [&](const WgmmaRead &read) {
                                    return read.sequence <=
                                           retired[read.warpgroup];
                                  }),
                   wgmmaReads.end());
}

/// Whether every lane that executes `op` (or skips it, its guard false)
/// goes on to the next instruction, with no wait, branch or exit: after
/// such an instruction run by all of a warp's runnable lanes, the same
/// lanes are at the next one.
static bool advancesEveryLane(Op op) {
  switch (op) {
  case Op::Bra:
  case Op::Ret:
  case Op::Exit:
  case Op::Bar:
  case Op::ClusterBarrier:
  case Op::Mbarrier:
  case Op::Elect:
  case Op::CpAsyncWait:
  case Op::BulkTensor:
  case Op::BulkTensorStore:
  case Op::BulkCommit:
  case Op::BulkWait:
#define LMHEAD_PTX_WARPGROUP_OP(OP, MNEMONIC, HANDLER) case Op::OP:
#include "Instructions.def"
    return false;
  default:
    return true;
  }
}

/// Runs warp `w` until its lanes finish or wait at a barrier. Returns 1
/// when it executed anything, 0 when not, -1 on an error.
int BlockRunner::runWarp(unsigned w, std::string &error) {
  unsigned first = w * kWarpSize;
  unsigned last = std::min<unsigned>(first + kWarpSize,
                                     static_cast<unsigned>(block.size()));
  bool any = false;
  // Lanes whose mbarrier wait was vain in this turn: they spin, and the
  // warp's other lanes run before they try again in its next turn. (The
  // hardware schedules a diverged warp's paths independently; always
  // running the lowest program counter would let lanes spinning at a low
  // one starve a lane further on that is to complete their phase.)
  uint64_t parked = 0;
  // Whether `lanes` are every runnable lane of the warp, all at `pc`, as
  // the last instruction left them (no need to look again).
  bool converged = false;
  std::size_t pc = std::numeric_limits<std::size_t>::max();
  while (true) {
    // The lowest program counter of the runnable lanes, and the lanes there,
    // in one pass.
    unsigned runnable = 0;
    if (converged) {
      runnable = static_cast<unsigned>(lanes.size());
    } else {
      pc = std::numeric_limits<std::size_t>::max();
      lanes.clear();
      for (unsigned t = first; t < last; ++t) {
        const Thread &thread = block[t];
        if (thread.exited || thread.atBarrier || thread.atCollective ||
            thread.reconverging || (parked >> (t - first) & 1))
          continue;
        ++runnable;
        if (thread.pc < pc) {
          pc = thread.pc;
          lanes.clear();
        }
        if (thread.pc == pc)
          lanes.push_back(t);
      }
    }
    converged = false;
    if (pc == std::numeric_limits<std::size_t>::max()) {
      // Lanes waiting before a barrier for the rest of their warp: once
      // every live lane waits, they go on together if it is the same
      // barrier (lanes that only sit out this turn, or wait at a warpgroup
      // instruction, come back first).
      bool reconverging = false, othersRun = false;
      std::size_t meeting = std::numeric_limits<std::size_t>::max();
      for (unsigned t = first; t < last; ++t) {
        const Thread &thread = block[t];
        if (thread.exited)
          continue;
        if (!thread.reconverging) {
          othersRun = true;
          continue;
        }
        if (reconverging && meeting != thread.pc) {
          instruction = &kernel.code[thread.pc];
          report(error, t,
                 "divergent barrier: lanes of warp " + std::to_string(w) +
                     " wait at different barriers");
          return -1;
        }
        reconverging = true;
        meeting = thread.pc;
      }
      if (reconverging && !othersRun) {
        for (unsigned t = first; t < last; ++t)
          block[t].reconverging = false;
        continue;
      }
      // All lanes wait or finished: a barrier must be the same one.
      std::size_t barrier = std::numeric_limits<std::size_t>::max();
      for (unsigned t = first; t < last; ++t)
        if (block[t].atBarrier) {
          if (barrier != std::numeric_limits<std::size_t>::max() &&
              barrier != block[t].pc) {
            report(error, t,
                   "divergent barrier: lanes of warp " + std::to_string(w) +
                       " wait at different barriers");
            return -1;
          }
          barrier = block[t].pc;
        }
      return any ? 1 : 0;
    }
    if (pc >= kernel.code.size() || kernel.code[pc].op == Op::Ret ||
        kernel.code[pc].op == Op::Exit) {
      // A lane may not leave while lanes of its warp wait before a barrier
      // for it.
      for (unsigned t = first; t < last; ++t)
        if (block[t].reconverging) {
          instruction = &kernel.code[block[t].pc];
          report(error, lanes.front(),
                 "divergent barrier: lane " +
                     std::to_string(lanes.front() - first) + " of warp " +
                     std::to_string(w) +
                     " exits while lanes of its warp wait at this barrier");
          return -1;
        }
    }
    if (pc >= kernel.code.size()) {
      for (unsigned t = first; t < last; ++t)
        if (block[t].pc == pc)
          block[t].exited = true;
      continue;
    }
    any = true;
    if (steps >= request.maxWarpInstructions) {
      report(error, first,
             "the launch executed more than " +
                 std::to_string(request.maxWarpInstructions) +
                 " warp instructions without finishing (an endless loop?)");
      return -1;
    }
    const Decoded &inst = kernel.code[pc];
    if (inst.op == Op::Bar) {
      // A barrier reached by only part of the warp's live lanes: they wait
      // for the others (above).
      bool whole = true;
      for (unsigned t = first; t < last; ++t)
        whole &= block[t].exited || block[t].pc == pc;
      if (!whole) {
        for (unsigned t : lanes)
          block[t].reconverging = true;
        continue;
      }
      // The lanes that waited here for these go on with them.
      for (unsigned t = first; t < last; ++t)
        if (block[t].reconverging) {
          block[t].reconverging = false;
          lanes.push_back(t);
        }
    }
    if (!execute(inst, first, error))
      return -1;
    if (yielded) { // a vain mbarrier wait: the warp's other lanes, then
                   // the other warps, get a turn
      yielded = false;
      waitedThisRound = true;
      for (unsigned t : lanes)
        parked |= uint64_t(1) << (t - first);
      continue;
    }
    if (lanes.size() == runnable && advancesEveryLane(inst.op)) {
      converged = true;
      ++pc;
    }
  }
}

bool BlockRunner::report(std::string &error, unsigned thread,
                         const std::string &what) {
  const Thread &t = block[thread];
  std::ostringstream text;
  text << "kernel '" << name << "'";
  if (instruction)
    text << ", line " << instruction->source->line << " (`"
         << instruction->source->text << "`)";
  const std::array<unsigned, 3> &ctaid = ctaids[t.rank];
  text << ", block (" << ctaid[0] << "," << ctaid[1] << "," << ctaid[2]
       << ") thread (" << t.tid[0] << "," << t.tid[1] << "," << t.tid[2]
       << "): " << what;
  error = text.str();
  return false;
}

std::string BlockRunner::threadName(int t) const {
  const Thread &thread = block[t];
  std::string name = "thread (" + std::to_string(thread.tid[0]) + "," +
                     std::to_string(thread.tid[1]) + "," +
                     std::to_string(thread.tid[2]) + ")";
  if (ctaCount > 1) {
    const std::array<unsigned, 3> &ctaid = ctaids[thread.rank];
    name += " of block (" + std::to_string(ctaid[0]) + "," +
            std::to_string(ctaid[1]) + "," + std::to_string(ctaid[2]) + ")";
  }
  return name;
}

uint64_t BlockRunner::special(Special s, unsigned t) const {
  const Thread &thread = block[t];
  switch (s) {
  case Special::TidX:
    return thread.tid[0];
  case Special::TidY:
    return thread.tid[1];
  case Special::TidZ:
    return thread.tid[2];
  case Special::NtidX:
    return request.block[0];
  case Special::NtidY:
    return request.block[1];
  case Special::NtidZ:
    return request.block[2];
  case Special::CtaidX:
  case Special::CtaidY:
  case Special::CtaidZ:
    return ctaids[thread.rank][int(s) - int(Special::CtaidX)];
  case Special::NctaidX:
    return request.grid[0];
  case Special::NctaidY:
    return request.grid[1];
  case Special::NctaidZ:
    return request.grid[2];
  case Special::LaneId:
    return t % kWarpSize;
  case Special::WarpId:
    return (t % ctaStride) / kWarpSize;
  case Special::NWarpId:
    return (ctaThreads + kWarpSize - 1) / kWarpSize;
  case Special::Clock:
  case Special::Clock64:
    return steps;
  case Special::DynamicSharedSize:
    return request.dynamicSharedBytes;
  case Special::TotalSharedSize:
    return sharedBytes;
  case Special::ClusterCtaidX:
  case Special::ClusterCtaidY:
  case Special::ClusterCtaidZ: {
    int d = int(s) - int(Special::ClusterCtaidX);
    return ctaids[thread.rank][d] % clusterDims[d];
  }
  case Special::ClusterNctaidX:
  case Special::ClusterNctaidY:
  case Special::ClusterNctaidZ:
    return clusterDims[int(s) - int(Special::ClusterNctaidX)];
  case Special::ClusterCtarank:
    return thread.rank;
  case Special::ClusterNctarank:
    return ctaCount;
  case Special::ClusteridX:
  case Special::ClusteridY:
  case Special::ClusteridZ: {
    int d = int(s) - int(Special::ClusteridX);
    return ctaids[thread.rank][d] / clusterDims[d];
  }
  case Special::NclusteridX:
  case Special::NclusteridY:
  case Special::NclusteridZ: {
    int d = int(s) - int(Special::NclusteridX);
    return request.grid[d] / clusterDims[d];
  }
  case Special::IsExplicitCluster:
    return request.explicitCluster;
  case Special::None:
    break;
  }
  return 0;
}

bool BlockRunner::execute(const Decoded &inst, unsigned first,
                          std::string &error) {
  instruction = &inst;
  this->first = first;
  ++steps;
  laneSteps += lanes.size();
  // Lanes whose guard holds; the others just move on.
  active.clear();
  for (unsigned t : lanes) {
    bool on =
        inst.guard < 0 || ((reg(t, inst.guard) != 0) != inst.guardNegated);
    if (on)
      active.push_back(t);
    else
      ++block[t].pc;
  }
  // The loads in flight whose registers this instruction reads or writes
  // complete first.
  unsigned warp = first / kWarpSize;
  if (traffic.inFlight(warp)) {
    traffic.touch(warp, inst.guard);
    for (const Value &operand : inst.operands) {
      if (operand.kind == Value::Kind::Vector)
        for (const Value &element : operand.elements)
          traffic.touch(warp, element.reg);
      else if (operand.kind == Value::Kind::Register ||
               operand.kind == Value::Kind::Address)
        traffic.touch(warp, operand.reg);
    }
  }
  bool ok = true;
  switch (inst.op) {
#define LMHEAD_PTX_LANE_OP(OP, MNEMONIC, HANDLER)                              \
  case Op::OP:                                                                 \
    ok = HANDLER(inst, error);                                                 \
    break;
#define LMHEAD_PTX_WARPGROUP_OP(OP, MNEMONIC, HANDLER)                         \
  case Op::OP:                                                                 \
    /* Runs once the whole warpgroup is here (resolveCollectives). */          \
    for (unsigned t : active)                                                  \
      block[t].atCollective = true;                                            \
    break;
#include "Instructions.def"
  }
  if (ok && hazardThread >= 0)
    return reportRegisterHazard(error);
  return ok;
}

bool BlockRunner::runCollective(const Decoded &inst, unsigned first,
                                std::string &error) {
  switch (inst.op) {
#define LMHEAD_PTX_WARPGROUP_OP(OP, MNEMONIC, HANDLER)                         \
  case Op::OP:                                                                 \
    return HANDLER(inst, first, error);
#include "Instructions.def"
  default:
    return report(error, first, "not a warpgroup instruction");
  }
}

bool BlockRunner::reportRegisterHazard(std::string &error) {
  unsigned t = static_cast<unsigned>(hazardThread);
  hazardThread = -1;
  return report(error, t,
                std::string(hazardIsWrite ? "writes " : "reads ") +
                    kernel.registerNames[hazardRegister] +
                    ", an accumulator of a wgmma still in flight: its "
                    "results are there only once a wgmma.wait_group "
                    "retires it");
}

/// Runs the warpgroup instruction of every warpgroup whose live threads all
/// wait at the same one. Returns how many ran, or -1 on an error.
int BlockRunner::resolveCollectives(std::string &error) {
  int ran = 0;
  for (unsigned group = 0; group * kWarpgroupSize < block.size(); ++group) {
    unsigned begin = group * kWarpgroupSize;
    unsigned end = std::min<unsigned>(begin + kWarpgroupSize,
                                      static_cast<unsigned>(block.size()));
    bool waiting = false, ready = true;
    std::size_t pc = 0;
    for (unsigned t = begin; t < end; ++t) {
      if (block[t].atCollective) {
        if (waiting && block[t].pc != pc) {
          instruction = &kernel.code[block[t].pc];
          report(error, t,
                 "threads of one warpgroup wait at different warpgroup "
                 "instructions (the other at line " +
                     std::to_string(kernel.code[pc].source->line) + ")");
          return -1;
        }
        waiting = true;
        pc = block[t].pc;
      } else if (!block[t].exited) {
        ready = false;
      }
    }
    if (!waiting || !ready)
      continue;
    instruction = &kernel.code[pc];
    if (end - begin != kWarpgroupSize) {
      report(error, begin,
             "a warpgroup instruction needs a warpgroup of 128 threads; the "
             "block has " +
                 std::to_string(block.size()));
      return -1;
    }
    for (unsigned t = begin; t < end; ++t)
      if (block[t].exited) {
        report(error, t,
               "a warpgroup instruction that not all 128 threads of the "
               "warpgroup reach");
        return -1;
      }
    if (!runCollective(kernel.code[pc], begin, error))
      return -1;
    if (hazardThread >= 0) {
      reportRegisterHazard(error);
      return -1;
    }
    for (unsigned t = begin; t < end; ++t) {
      block[t].atCollective = false;
      ++block[t].pc;
    }
    ++stateChanges;
    ++ran;
  }
  return ran;
}

/// Whether the launch's clusters are ones a GPU runs: sm_90 or later, at
/// most 8 blocks (the portable size), a grid of whole clusters.
static bool checkClusters(const ptx::Module &module,
                          const ptx::Function &kernel, LaunchRequest &request,
                          std::string &error) {
  const unsigned *size = request.cluster;
  uint64_t blocks = uint64_t(size[0]) * size[1] * size[2];
  if (blocks == 1)
    return true;
  auto fail = [&](const std::string &what) {
    error = "kernel '" + kernel.name + "': " + what;
    return false;
  };
  unsigned sm = 0;
  if (std::sscanf(module.target.c_str(), "sm_%u", &sm) != 1 || sm < 90)
    return fail("thread-block clusters need sm_90 or later; the module "
                "targets " +
                module.target);
  if (blocks == 0 || blocks > 8)
    return fail("a cluster of " + std::to_string(blocks) +
                " blocks; at most 8 (the portable cluster size) are emulated");
  for (int d = 0; d < 3; ++d)
    if (request.grid[d] % size[d] != 0)
      return fail(std::string("grid ") + "xyz"[d] + " = " +
                  std::to_string(request.grid[d]) +
                  " is not a multiple of the cluster's " +
                  std::to_string(size[d]));
  request.explicitCluster = true;
  return true;
}

/// Whether the clusters of a launch of `kernel` may run at once on several
/// host threads: whether no instruction lets one cluster see another's
/// progress. Clusters communicate only through global memory, by atomics
/// (atom, red: a counter of finished blocks, a semaphore) and by the
/// memory-model accesses a spin-wait polls with (.volatile, .relaxed,
/// .acquire, .release, .mmio); a kernel with either runs its clusters one
/// at a time in grid order, which also keeps the rounding of float atomics
/// the same from run to run. Shared, local and parameter accesses stay
/// within a cluster.
static bool blocksIndependent(const DecodedKernel &kernel) {
  for (const Decoded &inst : kernel.code) {
    bool blockLocal = inst.space == Space::Shared ||
                      inst.space == Space::Local || inst.space == Space::Param;
    if ((inst.op == Op::Atom || inst.op == Op::Red) && !blockLocal)
      return false;
    if ((inst.op == Op::Ld || inst.op == Op::St) && !blockLocal)
      for (const char *ordering :
           {"volatile", "relaxed", "acquire", "release", "mmio"})
        if (inst.source->has(ordering))
          return false;
  }
  return true;
}

/// One host thread's share of a launch: its own copy of the request (whose
/// global accesses it records apart, the recorder not being shared) and
/// its own runner.
struct ClusterWorker {
  LaunchRequest request;
  AccessRecorder accesses;
  std::unique_ptr<BlockRunner> runner;
};

/// Runs `clusters` (their first blocks) on `threads` host threads. Each
/// takes the next cluster not yet taken; the error reported is that of the
/// first cluster in grid order that failed, as a run on one thread reports
/// (clusters after it that were already running finish; no later one
/// starts).
static bool runClusters(const DecodedKernel &decoded, const std::string &name,
                        const LaunchRequest &request,
                        const std::vector<unsigned char> &params,
                        const std::vector<std::array<unsigned, 3>> &clusters,
                        unsigned threads, std::string &error,
                        LaunchStats *stats) {
  std::vector<ClusterWorker> workers(threads);
  for (ClusterWorker &worker : workers) {
    worker.request = request;
    if (request.globalAccesses && threads > 1)
      worker.request.globalAccesses = &worker.accesses;
    worker.runner =
        std::make_unique<BlockRunner>(decoded, name, worker.request, params);
  }
  std::atomic<std::size_t> next{0};
  constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();
  std::atomic<std::size_t> failedAt{kNone};
  std::mutex failureLock;
  std::string failure;
  // An exception (out of host memory, say) is a failure of its cluster,
  // thrown again on the calling thread once every helper has stopped.
  std::exception_ptr thrown;
  auto work = [&](ClusterWorker &worker) {
    while (true) {
      std::size_t index = next.fetch_add(1);
      if (index >= clusters.size() || index > failedAt.load())
        return;
      unsigned firstCtaid[3] = {clusters[index][0], clusters[index][1],
                                clusters[index][2]};
      std::string problem;
      std::exception_ptr exception;
      bool ran = false;
      try {
        ran = worker.runner->run(firstCtaid, problem);
      } catch (...) {
        exception = std::current_exception();
      }
      if (!ran) {
        std::lock_guard<std::mutex> lock(failureLock);
        if (index < failedAt.load()) {
          failedAt.store(index);
          failure = std::move(problem);
          thrown = exception;
        }
        return;
      }
    }
  };
  std::vector<std::thread> helpers;
  for (unsigned i = 1; i < threads; ++i) {
    try {
      helpers.emplace_back(work, std::ref(workers[i]));
    } catch (const std::system_error &) {
      break; // no more threads to be had: those running take every cluster
    }
  }
  work(workers[0]);
  for (std::thread &helper : helpers)
    helper.join();
  if (thrown)
    std::rethrow_exception(thrown);
  if (failedAt.load() != kNone) {
    error = failure;
    return false;
  }
  // What the workers recorded apart, told to the launch's observer.
  if (request.globalAccesses && threads > 1)
    for (ClusterWorker &worker : workers)
      for (unsigned kind = 0; kind < AccessRecorder::kNumKinds; ++kind)
        for (const auto &[begin, end] :
             worker.accesses.ranges(AccessRecorder::Kind(kind)))
          request.globalAccesses->access(begin, end - begin,
                                         kind == AccessRecorder::Write,
                                         kind == AccessRecorder::Atomic);
  if (stats) {
    *stats = LaunchStats();
    for (const ClusterWorker &worker : workers) {
      stats->warpInstructions += worker.runner->warpInstructions();
      stats->laneInstructions += worker.runner->laneInstructions();
      stats->tensorCoreMacs += worker.runner->tensorCoreMacs();
      stats->globalTraffic.merge(worker.runner->globalTraffic());
    }
  }
  return true;
}

bool lmhead::runtime::emulator::runKernel(const ptx::Module &module,
                                          const ptx::Function &kernel,
                                          const LaunchRequest &request,
                                          std::string &error,
                                          LaunchStats *stats) {
  DecodedKernel decoded;
  std::string decodeError;
  if (!decodeKernel(module, kernel, decoded, decodeError, request.variables)) {
    error = "kernel '" + kernel.name + "': " + decodeError;
    return false;
  }
  // The parameter buffer, laid out as the kernel declares it.
  std::vector<unsigned char> params(decoded.paramBytes, 0);
  for (std::size_t i = 0; i < kernel.params.size(); ++i) {
    if (!request.params || !request.params[i]) {
      error = "kernel '" + kernel.name + "': parameter " + std::to_string(i) +
              " (" + kernel.params[i].name + ") was not given";
      return false;
    }
    std::memcpy(params.data() + decoded.paramOffsets[kernel.params[i].name],
                request.params[i], kernel.params[i].bytes());
  }
  // Clusters: the launch's, or the kernel's own (.reqnctapercluster).
  LaunchRequest clustered = request;
  bool launchClusters =
      request.cluster[0] * request.cluster[1] * request.cluster[2] != 1;
  bool kernelClusters = kernel.clusterDims[0] != 0;
  if (kernelClusters) {
    if (launchClusters &&
        !std::equal(request.cluster, request.cluster + 3, kernel.clusterDims)) {
      error = "kernel '" + kernel.name + "' declares clusters of (" +
              std::to_string(kernel.clusterDims[0]) + "," +
              std::to_string(kernel.clusterDims[1]) + "," +
              std::to_string(kernel.clusterDims[2]) +
              ") blocks (.reqnctapercluster); the launch asks for others";
      return false;
    }
    std::copy(kernel.clusterDims, kernel.clusterDims + 3, clustered.cluster);
  } else if (kernel.explicitCluster && !launchClusters) {
    error = "kernel '" + kernel.name +
            "' is declared .explicitcluster but launched without clusters";
    return false;
  }
  if (!checkClusters(module, kernel, clustered, error))
    return false;
  // The first block of every cluster, in the order a GPU numbers them.
  std::vector<std::array<unsigned, 3>> clusters;
  const unsigned *size = clustered.cluster;
  for (unsigned z = 0; z < request.grid[2]; z += size[2])
    for (unsigned y = 0; y < request.grid[1]; y += size[1])
      for (unsigned x = 0; x < request.grid[0]; x += size[0])
        clusters.push_back({x, y, z});
  unsigned threads = std::max(1u, request.hostThreads);
  if (threads > clusters.size())
    threads = static_cast<unsigned>(clusters.size());
  if (threads > 1 && !blocksIndependent(decoded))
    threads = 1;
  return runClusters(decoded, kernel.name, clustered, params, clusters, threads,
                     error, stats);
}
