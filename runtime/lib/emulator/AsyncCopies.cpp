//===- AsyncCopies.cpp - cp.async, TMA copies and mbarriers ---------------===//
//
// cp.async copies are queued per thread and land when a wait completes
// their group. A TMA copy (cp.async.bulk.tensor) reads its box when issued
// and lands in shared memory when the phase of its mbarrier completes,
// which takes every expected arrival and exactly the expected transaction
// bytes. Threads learn of completions through try_wait/test_wait, and only
// those that did (or synchronised with one that did) may read what landed;
// what the arriving threads knew of retired wgmmas travels with the phase
// to the threads that observe it.
//
//===----------------------------------------------------------------------===//

#include "EmulatorInternals.h"
#include "TensorMap.h"

#include <algorithm>
#include <sstream>

using namespace lmhead::runtime::emulator;

/// cp.async.{ca,cg}.shared.global [dst], [src], size[, src-size]: queued
/// in the thread's open group; bounds are checked now, the copy happens
/// when a wait completes its group.
bool BlockRunner::executeCpAsync(const Decoded &inst, std::string &error) {
  const std::vector<Value> &ops = inst.operands;
  for (unsigned t : active) {
    unsigned bytes = static_cast<unsigned>(read(ops[2], t));
    unsigned sourceBytes =
        ops.size() > 3 ? static_cast<unsigned>(read(ops[3], t)) : bytes;
    if (bytes != 4 && bytes != 8 && bytes != 16)
      return report(error, t,
                    "cp.async copies 4, 8 or 16 bytes, not " +
                        std::to_string(bytes));
    uint64_t dst = addressOf(ops[0], t);
    Space dstSpace = spaceOf(inst, ops[0]);
    if (dstSpace == Space::Generic || dstSpace == Space::Global)
      dstSpace = Space::Shared;
    if (!memory(dstSpace, dst, bytes, t, true, error, /*atomic=*/true))
      return false;
    // The source is aligned to the copy's size; src-size may be any
    // smaller count (a ragged edge), whose bytes must lie in bounds.
    uint64_t src = addressOf(ops[1], t);
    if (sourceBytes > 0) {
      if (src % bytes != 0) {
        std::ostringstream text;
        text << "misaligned load of " << bytes << " bytes at 0x" << std::hex
             << src;
        return report(error, t, text.str());
      }
      if (!memory(Space::Global, src, 1, t, false, error) ||
          !memory(Space::Global, src + std::min(sourceBytes, bytes) - 1, 1, t,
                  false, error))
        return false;
      // Bounds are checked at both ends; the race detector needs all bytes.
      if (request.globalAccesses)
        request.globalAccesses->access(src, std::min(sourceBytes, bytes),
                                       /*write=*/false, /*atomic=*/false);
    }
    block[t].asyncGroups.back().push_back(
        {dst, src, bytes, std::min(sourceBytes, bytes), &inst});
  }
  advance();
  return true;
}

/// Completes thread `t`'s committed groups but the `keep` newest.
bool BlockRunner::completeAsync(unsigned t, uint64_t keep, std::string &error) {
  std::vector<std::vector<AsyncCopy>> &groups = block[t].asyncGroups;
  std::size_t committed = groups.size() - 1; // the last one is open
  std::size_t done = committed > keep ? committed - keep : 0;
  for (std::size_t g = 0; g < done; ++g)
    for (const AsyncCopy &copy : groups[g]) {
      const Decoded *saved = instruction;
      instruction = copy.instruction;
      unsigned char *target =
          memory(Space::Shared, copy.sharedOffset, copy.bytes, t, true, error);
      instruction = saved;
      if (!target)
        return false;
      std::memcpy(target, reinterpret_cast<const void *>(copy.source),
                  copy.sourceBytes);
      std::memset(target + copy.sourceBytes, 0, copy.bytes - copy.sourceBytes);
    }
  groups.erase(groups.begin(), groups.begin() + done);
  return true;
}

bool BlockRunner::executeCpAsyncCommit(const Decoded &, std::string &) {
  for (unsigned t : active)
    block[t].asyncGroups.emplace_back();
  advance();
  return true;
}

bool BlockRunner::executeCpAsyncWait(const Decoded &inst, std::string &error) {
  const std::vector<Value> &ops = inst.operands;
  bool all = inst.source->has("wait_all");
  for (unsigned t : active) {
    uint64_t keep = all ? 0 : read(ops[0], t);
    if (!completeAsync(t, keep, error))
      return false;
  }
  advance();
  return true;
}

/// Completes the current phase of `bar` once every arrival is in and the
/// transaction count is back at exactly zero: the TMA copies of the phase
/// land, and what the arriving threads knew is handed on to the threads
/// that will observe the completion.
void BlockRunner::completePhase(Mbarrier &bar) {
  if (bar.pending != 0 || bar.transactions != 0)
    return;
  bar.phase ^= 1;
  bar.pending = bar.expected;
  bar.completedStamp = ++phaseStamp;
  for (PendingTma &copy : bar.copies) {
    std::memcpy(shared.data() + copy.sharedOffset, copy.data.data(),
                copy.data.size());
    for (uint64_t i = 0; i < copy.data.size(); ++i) {
      SharedShadow &byte = shadow[copy.sharedOffset + i];
      byte.tmaPending = false;
      byte.written = true;
      byte.writer = -1;
      byte.proxyWriter = -1; // written by the async proxy
      byte.tmaBarrier = bar.id + 1;
      byte.tmaStamp = bar.completedStamp;
    }
  }
  bar.copies.clear();
  // Phases complete in order: observing this one tells of all before.
  bar.released.merge(bar.releasing);
  bar.releasing = Knowledge();
}

Mbarrier *BlockRunner::mbarrierAt(const Decoded &inst, const Value &address,
                                  unsigned t, std::string &error, bool create) {
  uint64_t at = addressOf(address, t);
  Space space = spaceOf(inst, address);
  unsigned char *host =
      memory(space == Space::Generic ? Space::Generic : Space::Shared, at, 8, t,
             false, error, /*atomic=*/true);
  if (!host)
    return nullptr;
  uint64_t offset = static_cast<uint64_t>(host - shared.data());
  if (host < shared.data() || offset >= shared.size()) {
    report(error, t, "an mbarrier must be in shared memory");
    return nullptr;
  }
  if (!create)
    return mbarrierAtOffset(offset, t, "mbarrier", error);
  auto it = mbarriers.find(offset);
  if (it == mbarriers.end()) {
    it = mbarriers.emplace(offset, Mbarrier()).first;
    it->second.id = static_cast<unsigned>(mbarrierOffsets.size());
    mbarrierOffsets.push_back(offset);
  }
  return &it->second;
}

Mbarrier *BlockRunner::mbarrierAtOffset(uint64_t offset, unsigned t,
                                        const char *user, std::string &error) {
  auto it = mbarriers.find(offset);
  if (it == mbarriers.end()) {
    report(error, t,
           std::string(user) + ": the mbarrier at " + describeShared(offset) +
               " is used before mbarrier.init");
    return nullptr;
  }
  return &it->second;
}

/// mbarrier.init / arrive[.expect_tx] / expect_tx / try_wait[.parity] /
/// test_wait[.parity] / inval on shared memory.
bool BlockRunner::executeMbarrier(const Decoded &inst, std::string &error) {
  const std::vector<Value> &ops = inst.operands;
  const ptx::Instruction &src = *inst.source;
  bool init = src.has("init"), inval = src.has("inval");
  bool wait = src.has("try_wait") || src.has("test_wait");
  bool arrive = src.has("arrive"), expect = src.has("expect_tx");
  bool parity = src.has("parity");
  bool anyWaiting = false;
  for (unsigned t : active) {
    Thread &thread = block[t];
    if (init || inval) {
      Mbarrier *bar = mbarrierAt(inst, ops[0], t, error, /*create=*/true);
      if (!bar)
        return false;
      if (init) {
        unsigned id = bar->id;
        *bar = Mbarrier();
        bar->id = id;
        bar->expected = bar->pending = read(ops[1], t);
      }
      ++stateChanges;
      ++thread.pc;
      continue;
    }
    if (wait) {
      Mbarrier *bar = mbarrierAt(inst, ops[1], t, error);
      if (!bar)
        return false;
      if (mbarrierOffsets[bar->id] / sharedBytes != thread.rank)
        return report(
            error, t,
            "mbarrier." +
                std::string(src.has("try_wait") ? "try_wait" : "test_wait") +
                " on another block's mbarrier (at " +
                describeShared(mbarrierOffsets[bar->id]) +
                "): a thread waits only on its own block's");
      uint64_t wanted = read(ops[2], t);
      // With .parity, the phase of that parity has completed once the
      // current phase has the other parity; a state operand names the
      // phase it was taken in the same way.
      bool done = parity ? (bar->phase & 1) != (wanted & 1)
                         : (bar->phase & 1) != ((wanted >> 63) & 1);
      write(ops[0], t, done, Type{Kind::Pred, 1});
      if (done) {
        // Observing the completion acquires what the phase released.
        thread.known.merge(bar->released);
        if (thread.known.observed.size() <= bar->id)
          thread.known.observed.resize(bar->id + 1, 0);
        thread.known.observed[bar->id] =
            std::max(thread.known.observed[bar->id], bar->completedStamp);
      }
      anyWaiting |= !done;
      ++thread.pc;
      continue;
    }
    // arrive / expect_tx: [state,] [addr] [, count]
    bool hasState = ops.size() >= 2 && ops[0].kind != Value::Kind::Address;
    const Value &address = hasState ? ops[1] : ops[0];
    Mbarrier *bar = mbarrierAt(inst, address, t, error);
    if (!bar)
      return false;
    std::size_t next = hasState ? 2 : 1;
    if (expect)
      bar->transactions +=
          static_cast<int64_t>(next < ops.size() ? read(ops[next], t) : 0);
    uint64_t state = uint64_t(bar->phase & 1) << 63;
    if (arrive) {
      // A plain arrive may count for several threads (its last operand);
      // expect_tx's last operand is the transaction count instead.
      uint64_t arrivals = !expect && next < ops.size() ? read(ops[next], t) : 1;
      if (arrivals == 0 || arrivals > bar->pending) {
        report(error, t,
               arrivals == 0 ? "mbarrier arrival with a count of 0"
                             : "mbarrier arrival beyond its expected count");
        return false;
      }
      // The arrival releases what this thread did and knows.
      bar->releasing.merge(releaseOf(t));
      bar->pending -= arrivals;
      completePhase(*bar);
    }
    if (hasState)
      write(ops[0], t, state, Type{Kind::Bits, 64});
    ++stateChanges;
    ++thread.pc;
  }
  if (anyWaiting)
    yielded = true; // let other warps arrive
  return true;
}

std::string BlockRunner::describeMbarriers() const {
  std::ostringstream text;
  for (const auto &[offset, bar] : mbarriers) {
    text << "; mbarrier at shared 0x" << std::hex << offset << std::dec
         << ": phase " << bar.phase << ", " << bar.pending << " of "
         << bar.expected << " arrivals pending, " << bar.transactions
         << " transaction bytes pending";
    if (bar.pending == 0 && bar.transactions < 0)
      text << " (more bytes completed than expected: the phase completes "
              "only at exactly 0)";
  }
  return text.str();
}

bool BlockRunner::executeBulkTensor(const Decoded &inst, std::string &error) {
  for (unsigned t : active)
    if (!bulkTensor(inst, t, error))
      return false;
  advance();
  return true;
}

/// prefetch[.space][.level] [a] and prefetch.tensormap [a]: hints that
/// change nothing here. A tensor map's is checked: its address (global, or
/// the generic one of a parameter) must hold a map this runtime encoded, as
/// the TMA copies that follow will need.
bool BlockRunner::executePrefetch(const Decoded &inst, std::string &error) {
  if (inst.source && inst.source->has("tensormap"))
    for (unsigned t : active) {
      TensorMap map;
      if (!tensorMapAt(addressOf(inst.operands[0], t), t, "prefetch.tensormap",
                       map, error))
        return false;
    }
  advance();
  return true;
}

bool BlockRunner::tensorMapAt(uint64_t address, unsigned t, const char *user,
                              TensorMap &map, std::string &error) {
  readingTensorMap = true;
  unsigned char *bytes =
      memory(Space::Generic, address, sizeof(map), t, false, error);
  readingTensorMap = false;
  if (!bytes)
    return false;
  std::memcpy(&map, bytes, sizeof(map));
  if (map.magic != TensorMap::kMagic)
    return report(error, t,
                  std::string(user) +
                      " reads something that is not a tensor map encoded by "
                      "this runtime");
  return true;
}

/// cp.async.bulk.tensor.Nd.shared::cluster.global.mbarrier::complete_tx::
/// bytes [dst], [map, {c0, ...}], [mbar]: copies the box at the
/// coordinates (zero outside the tensor) into shared memory, swizzled as
/// the map says, and completes that many transaction bytes on the
/// mbarrier. The box is read now; it lands when the mbarrier's phase
/// completes (completePhase), and until then its bytes may be neither read
/// nor written.
bool BlockRunner::bulkTensor(const Decoded &inst, unsigned t,
                             std::string &error) {
  const std::vector<Value> &ops = inst.operands;
  const Value &source = ops[1];
  TensorMap map;
  if (!tensorMapAt(addressOf(source, t), t, "cp.async.bulk.tensor", map, error))
    return false;
  unsigned elementBytes = tensorMapElementBytes(map.dataType);
  if (source.elements.empty() || source.elements[0].elements.size() != map.rank)
    return report(error, t,
                  "cp.async.bulk.tensor: the coordinates do not match the "
                  "map's rank " +
                      std::to_string(map.rank));
  int64_t coordinate[5] = {};
  for (unsigned d = 0; d < map.rank; ++d)
    coordinate[d] =
        static_cast<int32_t>(read(source.elements[0].elements[d], t));
  uint64_t boxElements = 1;
  for (unsigned d = 0; d < map.rank; ++d)
    boxElements *= map.boxDim[d];
  uint64_t boxBytes = boxElements * elementBytes;
  // The destination in shared memory. The hardware swizzles by address
  // bits 4-6 against bits 7-9, so a swizzled box must start where its
  // pattern does: 256, 512 or 1024 bytes for the 32, 64 and 128-byte
  // swizzles (and 128 bytes without one).
  uint64_t dst = addressOf(ops[0], t);
  Space dstSpace = spaceOf(inst, ops[0]);
  unsigned char *target =
      memory(dstSpace == Space::Generic ? Space::Generic : Space::Shared, dst,
             boxBytes, t, false, error, /*atomic=*/true);
  if (!target)
    return false;
  uint64_t offset = static_cast<uint64_t>(target - shared.data());
  // TMA writes whole 128-byte rows, and swizzles by the shared address
  // itself (bits 4-6 against bits 7-9): a box that starts inside a swizzle
  // pattern (a slice of a tile, as CUTLASS's multicast loads) lands where
  // the whole tile's pattern puts it.
  uint64_t local = offset % sharedBytes;
  if (local % 128 != 0) {
    std::ostringstream text;
    text << "cp.async.bulk.tensor: the shared destination 0x" << std::hex
         << local << std::dec << " is not 128-byte aligned, as TMA requires";
    return report(error, t, text.str());
  }
  // The box as it will land, read from global memory now.
  PendingTma copy;
  copy.sharedOffset = offset;
  copy.data.assign(boxBytes, 0);
  auto land = [&](uint64_t e, const unsigned char *host) {
    std::memcpy(
        copy.data.data() +
            (swizzledOffset(local + e * elementBytes, map.swizzle) - local),
        host, elementBytes);
  };
  // Row by row (the innermost dimension): a row whose ends lie inside the
  // tensor lies there whole, contiguous, and is read as one access (rows
  // of 16 bytes or less element by element, each naturally aligned).
  uint64_t rowElements = map.boxDim[0], rowBytes = rowElements * elementBytes;
  for (uint64_t row = 0; row < boxElements; row += rowElements) {
    uint64_t from, last;
    if (rowBytes > 16 && boxElementOffset(map, coordinate, row, from) &&
        boxElementOffset(map, coordinate, row + rowElements - 1, last)) {
      unsigned char *host = memory(Space::Global, map.globalAddress + from,
                                   rowBytes, t, false, error);
      if (!host)
        return false;
      for (uint64_t i = 0; i < rowElements; ++i)
        land(row + i, host + i * elementBytes);
      continue;
    }
    for (uint64_t e = row; e < row + rowElements; ++e) {
      if (!boxElementOffset(map, coordinate, e, from))
        continue; // out-of-bounds elements are filled with zeros
      unsigned char *host = memory(Space::Global, map.globalAddress + from,
                                   elementBytes, t, false, error);
      if (!host)
        return false;
      land(e, host);
    }
  }
  Mbarrier *bar = mbarrierAt(inst, ops[2], t, error);
  if (!bar)
    return false;
  uint64_t barrierOffset = mbarrierOffsets[bar->id];
  if (!inst.source->has("multicast::cluster"))
    return issueTmaCopy(std::move(copy), barrierOffset, t, error);
  // .multicast::cluster: the same box at the same offsets of every block
  // of the mask, completing on each one's mbarrier there.
  uint64_t ctaMask = read(ops[3], t) & 0xffff;
  if (ctaMask == 0)
    return report(error, t,
                  "cp.async.bulk.tensor .multicast::cluster with an empty "
                  "block mask");
  for (unsigned rank = 0; rank < 16; ++rank) {
    if (!(ctaMask >> rank & 1))
      continue;
    if (rank >= ctaCount) {
      std::ostringstream text;
      text << "cp.async.bulk.tensor .multicast::cluster: the block mask 0x"
           << std::hex << ctaMask << std::dec << " names block " << rank
           << " of a cluster of " << ctaCount;
      return report(error, t, text.str());
    }
    PendingTma each = copy;
    each.sharedOffset = rank * sharedBytes + local;
    if (!issueTmaCopy(std::move(each),
                      rank * sharedBytes + barrierOffset % sharedBytes, t,
                      error))
      return false;
  }
  return true;
}

bool BlockRunner::issueTmaCopy(PendingTma copy, uint64_t barrierOffset,
                               unsigned t, std::string &error) {
  uint64_t offset = copy.sharedOffset, bytes = copy.data.size();
  unsigned rank = static_cast<unsigned>(offset / sharedBytes);
  if (rank != block[t].rank && blockExited(rank))
    return report(error, t,
                  "cp.async.bulk.tensor into the shared memory of the "
                  "cluster's block " +
                      std::to_string(rank) + ", which has exited");
  // Nothing may still read or be about to write what the copy overwrites.
  for (uint64_t i = offset; i < offset + bytes; ++i)
    if (shadow[i].tmaPending || shadow[i].bulkStoreReads) {
      std::ostringstream text;
      text << "cp.async.bulk.tensor writes " << describeShared(i)
           << (shadow[i].tmaPending
                   ? " while an earlier TMA copy into it is still in flight"
                   : " while a TMA store still reads it (until its thread's "
                     "cp.async.bulk.wait_group.read)");
      return report(error, t, text.str());
    }
  if (!checkWgmmaReads(offset, bytes, t, "cp.async.bulk.tensor overwrites",
                       error))
    return false;
  Mbarrier *bar =
      mbarrierAtOffset(barrierOffset, t, "cp.async.bulk.tensor", error);
  if (!bar)
    return false;
  touchShadow(offset, bytes);
  for (uint64_t i = offset; i < offset + bytes; ++i)
    shadow[i].tmaPending = true;
  bar->copies.push_back(std::move(copy));
  bar->transactions -= static_cast<int64_t>(bytes);
  completePhase(*bar);
  ++stateChanges;
  return true;
}

/// cp.async.bulk.tensor.Nd.global.shared::cta.bulk_group [map, {c...}],
/// [src]: a TMA store of the box at `src` (swizzled as the map says)
/// through the map, in the thread's open bulk async-group. The source is
/// read when the group completes, so until its thread's
/// cp.async.bulk.wait_group.read nothing may write those bytes; the
/// global writes land at its cp.async.bulk.wait_group (or when the block
/// ends), so a read of them before that sees what was there.
bool BlockRunner::executeBulkTensorStore(const Decoded &inst,
                                         std::string &error) {
  const std::vector<Value> &ops = inst.operands;
  const Value &target = ops[0];
  for (unsigned t : active) {
    PendingBulkStore store;
    if (!tensorMapAt(addressOf(target, t), t, "cp.async.bulk.tensor", store.map,
                     error))
      return false;
    const TensorMap &map = store.map;
    if (target.elements.empty() ||
        target.elements[0].elements.size() != map.rank)
      return report(error, t,
                    "cp.async.bulk.tensor: the coordinates do not match the "
                    "map's rank " +
                        std::to_string(map.rank));
    for (unsigned d = 0; d < map.rank; ++d)
      store.coordinate[d] =
          static_cast<int32_t>(read(target.elements[0].elements[d], t));
    uint64_t boxElements = 1;
    for (unsigned d = 0; d < map.rank; ++d)
      boxElements *= map.boxDim[d];
    store.bytes = boxElements * tensorMapElementBytes(map.dataType);
    // The source: shared memory another warp wrote since the last barrier
    // is a race, as for any read.
    Space space = spaceOf(inst, ops[1]);
    unsigned char *source =
        memory(space == Space::Generic ? Space::Generic : Space::Shared,
               addressOf(ops[1], t), store.bytes, t, false, error);
    if (!source)
      return false;
    store.sharedOffset = static_cast<uint64_t>(source - shared.data());
    // As for loads: 128-byte rows, swizzled by the shared address.
    if (store.sharedOffset % sharedBytes % 128 != 0) {
      std::ostringstream text;
      text << "cp.async.bulk.tensor: the shared source 0x" << std::hex
           << store.sharedOffset % sharedBytes << std::dec
           << " is not 128-byte aligned, as TMA requires";
      return report(error, t, text.str());
    }
    touchShadow(store.sharedOffset, store.bytes);
    for (uint64_t i = store.sharedOffset; i < store.sharedOffset + store.bytes;
         ++i) {
      const SharedShadow &byte = shadow[i];
      if (byte.proxyWriter >= 0 &&
          block[byte.proxyWriter].proxyFences == byte.proxyFencesAtWrite) {
        std::ostringstream text;
        text << "cp.async.bulk.tensor stores " << describeShared(i)
             << ", which " << threadName(byte.proxyWriter)
             << " wrote and did not order for the async proxy "
                "(fence.proxy.async) since";
        return report(error, t, text.str());
      }
      if (shadow[i].tmaPending) {
        std::ostringstream text;
        text << "cp.async.bulk.tensor stores " << describeShared(i)
             << ", where a TMA load is still in flight";
        return report(error, t, text.str());
      }
      ++shadow[i].bulkStoreReads;
    }
    store.group = block[t].bulkGroupsCommitted;
    store.instruction = &inst;
    block[t].bulkStores.push_back(std::move(store));
  }
  ++stateChanges;
  advance();
  return true;
}

bool BlockRunner::executeBulkCommit(const Decoded &, std::string &) {
  for (unsigned t : active)
    ++block[t].bulkGroupsCommitted;
  advance();
  return true;
}

/// cp.async.bulk.wait_group[.read] N: the thread's committed bulk groups
/// but the N newest complete (.read: their sources are released).
bool BlockRunner::executeBulkWait(const Decoded &inst, std::string &error) {
  bool readOnly = inst.source->has("read");
  for (unsigned t : active)
    if (!completeBulkStores(t, read(inst.operands[0], t), readOnly,
                            /*all=*/false, error))
      return false;
  advance();
  return true;
}

bool BlockRunner::completeBulkStores(unsigned t, uint64_t keep, bool readOnly,
                                     bool all, std::string &error) {
  Thread &thread = block[t];
  uint64_t committed = thread.bulkGroupsCommitted;
  uint64_t done = all ? UINT64_MAX : committed > keep ? committed - keep : 0;
  std::vector<PendingBulkStore> &stores = thread.bulkStores;
  for (PendingBulkStore &store : stores) {
    if (store.group >= done)
      continue;
    if (!store.released) {
      store.data.assign(shared.begin() + store.sharedOffset,
                        shared.begin() + store.sharedOffset + store.bytes);
      for (uint64_t i = store.sharedOffset;
           i < store.sharedOffset + store.bytes; ++i)
        --shadow[i].bulkStoreReads;
      store.released = true;
    }
    if (readOnly)
      continue;
    // The box, unswizzled, to the elements inside the tensor.
    const TensorMap &map = store.map;
    unsigned elementBytes = tensorMapElementBytes(map.dataType);
    const Decoded *saved = instruction;
    instruction = store.instruction;
    for (uint64_t e = 0; e < store.bytes / elementBytes; ++e) {
      uint64_t to;
      if (!boxElementOffset(map, store.coordinate, e, to))
        continue; // out-of-bounds elements are not written
      unsigned char *host = memory(Space::Global, map.globalAddress + to,
                                   elementBytes, t, true, error);
      if (!host) {
        instruction = saved;
        return false;
      }
      uint64_t local = store.sharedOffset % sharedBytes;
      std::memcpy(
          host,
          store.data.data() +
              (swizzledOffset(local + e * elementBytes, map.swizzle) - local),
          elementBytes);
    }
    instruction = saved;
  }
  if (!readOnly)
    stores.erase(std::remove_if(stores.begin(), stores.end(),
                                [&](const PendingBulkStore &store) {
                                  return store.group < done;
                                }),
                 stores.end());
  return true;
}
