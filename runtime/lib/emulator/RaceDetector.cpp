//===- RaceDetector.cpp - races between streams, overruns of workspaces ---===//
//
// An operation's accesses come as ranges (AccessRecorder). Each range is
// checked segment by segment against the shadow, which is split at the
// range's ends first and merged again afterwards: a kernel that writes a
// whole buffer leaves one segment behind, however many pieces the buffer
// had before.
//
//===----------------------------------------------------------------------===//

#include "RaceDetector.h"

#include <iterator>
#include <sstream>

using namespace lmhead::runtime::emulator;

uint64_t VectorClock::tick(unsigned stream) {
  if (stream >= counts.size())
    counts.resize(stream + 1, 0);
  return ++counts[stream];
}

void VectorClock::join(const VectorClock &other) {
  if (other.counts.size() > counts.size())
    counts.resize(other.counts.size(), 0);
  for (std::size_t i = 0; i < other.counts.size(); ++i)
    if (other.counts[i] > counts[i])
      counts[i] = other.counts[i];
}

namespace {

/// "[0x10, 0x20)".
std::string rangeText(uint64_t start, uint64_t end) {
  std::ostringstream text;
  text << "[0x" << std::hex << start << ", 0x" << end << ")";
  return text.str();
}

const char *verbOf(AccessRecorder::Kind kind) {
  switch (kind) {
  case AccessRecorder::Read:
    return "reads";
  case AccessRecorder::Write:
    return "writes";
  case AccessRecorder::Atomic:
    return "updates atomically";
  }
  return "accesses";
}

} // namespace

std::string RaceDetector::check(const std::string &what, unsigned stream,
                                const std::string &streamName,
                                const VectorClock &clock,
                                AccessRecorder &accesses) {
  const AccessRecorder::Kind kinds[] = {
      AccessRecorder::Read, AccessRecorder::Atomic, AccessRecorder::Write};
  bool any = false;
  for (AccessRecorder::Kind kind : kinds)
    any |= !accesses.ranges(kind).empty();
  if (!any)
    return "";
  Access self{stream, clock.get(stream),
              static_cast<uint32_t>(operations.size())};
  operations.push_back({what, streamName});
  std::string report;
  // Reads first: an operation that reads and writes the same bytes does
  // not race with itself (its own stream orders them).
  for (AccessRecorder::Kind kind : kinds)
    for (auto [start, end] : accesses.ranges(kind)) {
      if (report.empty())
        report = overrun(what, streamName, kind, start, end);
      apply(kind, start, end, self, clock, report);
    }
  return report;
}

RaceDetector::Conflict
RaceDetector::conflictIn(const Cell &cell, AccessRecorder::Kind kind,
                         const Access &self, const VectorClock &clock) const {
  auto unordered = [&](const Access &other) {
    return other.stream != self.stream && clock.get(other.stream) < other.count;
  };
  if (cell.written && unordered(cell.write))
    return {true, cell.write, "wrote"};
  if (kind != AccessRecorder::Read)
    for (const Access &read : cell.reads)
      if (unordered(read))
        return {true, read, "read"};
  if (kind != AccessRecorder::Atomic)
    for (const Access &atomic : cell.atomics)
      if (unordered(atomic))
        return {true, atomic, "updated atomically"};
  return {};
}

void RaceDetector::apply(AccessRecorder::Kind kind, uint64_t start,
                         uint64_t end, const Access &self,
                         const VectorClock &clock, std::string &report) {
  auto update = [&](Cell &cell) {
    auto latestOf = [&](std::vector<Access> &accesses) {
      for (Access &access : accesses)
        if (access.stream == self.stream) {
          access = self;
          return;
        }
      accesses.push_back(self);
    };
    switch (kind) {
    case AccessRecorder::Read:
      latestOf(cell.reads);
      break;
    case AccessRecorder::Atomic:
      latestOf(cell.atomics);
      break;
    case AccessRecorder::Write:
      cell.written = true;
      cell.write = self;
      cell.reads.clear();
      cell.atomics.clear();
      break;
    }
  };
  // The first race, over the consecutive bytes that race with the same
  // access.
  Conflict found;
  uint64_t raceStart = 0, raceEnd = 0;
  split(start);
  split(end);
  uint64_t at = start;
  auto it = shadow.lower_bound(start);
  while (at < end) {
    if (it == shadow.end() || it->first > at) {
      // Bytes nothing touched yet.
      uint64_t until = it == shadow.end() ? end : std::min(end, it->first);
      Segment fresh;
      fresh.end = until;
      update(fresh.cell);
      it = std::next(shadow.emplace_hint(it, at, std::move(fresh)));
      at = until;
      continue;
    }
    Segment &segment = it->second;
    if (report.empty()) {
      Conflict conflict = conflictIn(segment.cell, kind, self, clock);
      if (conflict.found && !found.found) {
        found = conflict;
        raceStart = at;
        raceEnd = segment.end;
      } else if (conflict.found && conflict.other == found.other &&
                 raceEnd == at) {
        raceEnd = segment.end;
      }
    }
    update(segment.cell);
    at = segment.end;
    ++it;
  }
  merge(start, end);
  if (!found.found)
    return;
  const Operation &mine = operations[self.operation];
  const Operation &theirs = operations[found.other.operation];
  report = "race between streams: " + mine.what + " on " + mine.stream + " " +
           verbOf(kind) + " " + describe(raceStart, raceEnd) + ", which " +
           theirs.what + " on " + theirs.stream + " " + found.did +
           ", and neither stream order nor an event orders the two";
}

void RaceDetector::split(uint64_t at) {
  auto it = shadow.upper_bound(at);
  if (it == shadow.begin())
    return;
  --it;
  if (it->first < at && it->second.end > at) {
    Segment tail = it->second;
    it->second.end = at;
    shadow.emplace_hint(std::next(it), at, std::move(tail));
  }
}

void RaceDetector::merge(uint64_t start, uint64_t end) {
  auto it = shadow.upper_bound(start);
  if (it != shadow.begin())
    --it;
  while (it != shadow.end() && it->first <= end) {
    auto next = std::next(it);
    if (next != shadow.end() && it->second.end == next->first &&
        it->second.cell == next->second.cell) {
      it->second.end = next->second.end;
      shadow.erase(next);
      continue;
    }
    it = next;
  }
}

void RaceDetector::forget(uint64_t start, uint64_t end) {
  split(start);
  split(end);
  shadow.erase(shadow.lower_bound(start), shadow.lower_bound(end));
}

void RaceDetector::guard(const std::vector<NamedRange> &workspace,
                         uint64_t end) {
  for (std::size_t i = 0; i < workspace.size(); ++i) {
    const NamedRange &buffer = workspace[i];
    buffers[buffer.start] = buffer;
    uint64_t gapEnd = i + 1 < workspace.size() ? workspace[i + 1].start : end;
    if (buffer.end >= gapEnd)
      continue;
    Gap &gap = gaps[buffer.end];
    gap.end = gapEnd;
    gap.before = buffer.name;
    gap.after = i + 1 < workspace.size() ? workspace[i + 1].name : "";
    ++gap.uses;
  }
}

void RaceDetector::unguard(const std::vector<NamedRange> &workspace,
                           uint64_t end) {
  (void)end;
  for (const NamedRange &buffer : workspace) {
    auto it = gaps.find(buffer.end);
    if (it != gaps.end() && --it->second.uses == 0) {
      gaps.erase(it);
      buffers.erase(buffer.start);
    }
  }
}

std::string RaceDetector::overrun(const std::string &what,
                                  const std::string &streamName,
                                  AccessRecorder::Kind kind, uint64_t start,
                                  uint64_t end) const {
  if (gaps.empty())
    return "";
  auto it = gaps.upper_bound(start);
  if (it != gaps.begin() && std::prev(it)->second.end > start)
    --it;
  if (it == gaps.end() || it->first >= end)
    return "";
  const Gap &gap = it->second;
  uint64_t from = std::max(start, it->first), to = std::min(end, gap.end);
  std::string where =
      gap.after.empty()
          ? "the guard gap after the workspace's last buffer '" + gap.before +
                "' (an overrun of '" + gap.before + "')"
          : "the guard gap between workspace buffers '" + gap.before +
                "' and '" + gap.after + "' (an overrun of '" + gap.before +
                "' or an underrun of '" + gap.after + "')";
  return "workspace overrun: " + what + " on " + streamName + " " +
         verbOf(kind) + " " + std::to_string(to - from) + " bytes at " +
         rangeText(from, to) + ", in " + where;
}

std::string RaceDetector::describe(uint64_t start, uint64_t end) const {
  auto it = buffers.upper_bound(start);
  if (it != buffers.begin()) {
    const NamedRange &buffer = std::prev(it)->second;
    if (buffer.start <= start && end <= buffer.end)
      return "bytes [" + std::to_string(start - buffer.start) + ", " +
             std::to_string(end - buffer.start) + ") of workspace buffer '" +
             buffer.name + "' (" + rangeText(start, end) + ")";
  }
  return describeMemory(start, end);
}
