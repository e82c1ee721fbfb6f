//===- RaceDetector.h - races between streams, overruns of workspaces -*- C++
//-*-===//
//
// With LMHEAD_EMULATOR_ORDER=adversarial (StreamScheduler.h) the emulator
// checks that what one stream writes is ordered, by stream order and
// events, before what another stream reads or writes there, as a GPU
// needs; the order the emulator happens to run things in does not count.
//
// Happens-before is tracked with vector clocks: each stream counts the
// operations it ran, and an operation's clock says, for every stream, how
// many of its operations are ordered before it (its own stream's, those
// before the record an event wait joined, those the host had seen finish
// when the operation was enqueued). An earlier access by operation p of
// stream s is ordered before operation o exactly when o's clock holds at
// least p's count on s.
//
// The shadow of global memory is a map of byte ranges, each with its last
// plain write and, since then, the latest read and the latest atomic of
// each stream (the FastTrack scheme: if those are ordered before a new
// access, so is everything earlier). Atomics do not race with each other.
//
// Guard gaps: while a bundle runs, the bytes of its workspace between two
// buffers (StreamScheduler::guard) belong to no buffer; any access there
// is an overrun, reported with the buffers on both sides.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_RUNTIME_LIB_EMULATOR_RACEDETECTOR_H
#define LMHEAD_RUNTIME_LIB_EMULATOR_RACEDETECTOR_H

#include "AccessRecorder.h"

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace lmhead::runtime::emulator {

/// For each stream (by index), how many of its operations are known to
/// have happened; missing entries are 0.
class VectorClock {
public:
  uint64_t get(unsigned stream) const {
    return stream < counts.size() ? counts[stream] : 0;
  }
  /// Counts one more operation of `stream`; returns the new count.
  uint64_t tick(unsigned stream);
  /// Takes, for each stream, the larger of the two counts.
  void join(const VectorClock &other);

private:
  std::vector<uint64_t> counts;
};

/// A workspace buffer, named for reports.
struct NamedRange {
  std::string name;
  uint64_t start = 0, end = 0;
};

/// The shadow of global memory and the guard gaps of running workspaces.
class RaceDetector {
public:
  /// `describeMemory` names the allocation that holds an address range
  /// ("bytes [a, b) of the 4096-byte allocation at 0x..."), for reports.
  explicit RaceDetector(
      std::function<std::string(uint64_t start, uint64_t end)> describeMemory)
      : describeMemory(std::move(describeMemory)) {}

  /// Checks the accesses of an operation that ran on stream `stream` with
  /// clock `clock` (its own count on `stream` included) against the
  /// shadow, then records them. `what` names the operation ("kernel
  /// 'k'") and `streamName` its stream, for reports. Returns the first
  /// race or guard overrun found ("" when none).
  std::string check(const std::string &what, unsigned stream,
                    const std::string &streamName, const VectorClock &clock,
                    AccessRecorder &accesses);

  /// A workspace's buffers (in address order) are in use and the bytes
  /// between them, and from the last one's end to `end`, are guard gaps.
  void guard(const std::vector<NamedRange> &buffers, uint64_t end);
  /// The workspace guarded with these buffers is released.
  void unguard(const std::vector<NamedRange> &buffers, uint64_t end);

  /// Forgets what is known of [start, end), freed memory that a later
  /// allocation may reuse.
  void forget(uint64_t start, uint64_t end);

private:
  /// One access in the shadow: its operation's stream and count there.
  struct Access {
    unsigned stream = 0;
    uint64_t count = 0;
    /// Index into `operations`.
    uint32_t operation = 0;
    bool operator==(const Access &other) const {
      return stream == other.stream && count == other.count &&
             operation == other.operation;
    }
  };
  /// What is known of a range of bytes.
  struct Cell {
    bool written = false;
    Access write;
    /// The latest of each stream since the last plain write.
    std::vector<Access> reads, atomics;
    bool operator==(const Cell &other) const {
      return written == other.written && (!written || write == other.write) &&
             reads == other.reads && atomics == other.atomics;
    }
  };
  struct Segment {
    uint64_t end = 0;
    Cell cell;
  };
  /// An operation as reports name it.
  struct Operation {
    std::string what, stream;
  };
  /// A race found in a segment: the earlier access and what it did.
  struct Conflict {
    bool found = false;
    Access other;
    const char *did = nullptr;
  };

  /// Checks and records one range of accesses of `kind`; sets `report` to
  /// the first race it finds when `report` is empty.
  void apply(AccessRecorder::Kind kind, uint64_t start, uint64_t end,
             const Access &self, const VectorClock &clock, std::string &report);
  /// The access of `cell` that `kind` by `self` races with, if any.
  Conflict conflictIn(const Cell &cell, AccessRecorder::Kind kind,
                      const Access &self, const VectorClock &clock) const;
  /// Makes a segment boundary at `at` (when inside a segment).
  void split(uint64_t at);
  /// Merges equal neighbours among the segments that meet [start, end].
  void merge(uint64_t start, uint64_t end);
  /// The guard overrun of [start, end), or "".
  std::string overrun(const std::string &what, const std::string &streamName,
                      AccessRecorder::Kind kind, uint64_t start,
                      uint64_t end) const;
  /// The buffer or allocation that holds [start, end), for reports.
  std::string describe(uint64_t start, uint64_t end) const;

  std::function<std::string(uint64_t, uint64_t)> describeMemory;
  std::map<uint64_t, Segment> shadow;
  std::vector<Operation> operations;
  /// Guard gaps by start: their end and the buffers before and after
  /// ("" after the last), with how many running workspaces declared each.
  struct Gap {
    uint64_t end = 0;
    std::string before, after;
    unsigned uses = 0;
  };
  std::map<uint64_t, Gap> gaps;
  /// The buffers of running workspaces, by start, for reports.
  std::map<uint64_t, NamedRange> buffers;
};

} // namespace lmhead::runtime::emulator

#endif // LMHEAD_RUNTIME_LIB_EMULATOR_RACEDETECTOR_H
