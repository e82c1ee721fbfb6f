//===- AccessRecorder.cpp - the global memory one operation touched -------===//
//
// A window leaves the table as the runs of marked bytes in its mask.
// Compacting sorts the ranges a kind gained since the last time, merges
// them into the sorted rest and joins those that overlap or touch. A
// kernel that touches many scattered small ranges keeps many after
// joining; the limit then doubles, so that the list is not sorted again
// after every few windows.
//
//===----------------------------------------------------------------------===//

#include "AccessRecorder.h"

#include <algorithm>

using namespace lmhead::runtime::emulator;

void AccessRecorder::close(Kind kind, Window &slot) {
  uint64_t base = slot.window * kWindowBytes;
  unsigned at = 0;
  auto marked = [&](unsigned byte) {
    return (slot.mask[byte / 64] >> (byte % 64)) & 1;
  };
  while (at < kWindowBytes) {
    if (!marked(at)) {
      ++at;
      continue;
    }
    unsigned end = at;
    while (end < kWindowBytes && marked(end))
      ++end;
    addRange(kind, base + at, end - at);
    at = end;
  }
  slot.mask[0] = slot.mask[1] = 0;
}

void AccessRecorder::addRange(Kind kind, uint64_t address, uint64_t bytes) {
  if (bytes == 0)
    return;
  RangeList &list = closed[kind];
  if (!list.empty() && list.back().second == address) {
    list.back().second += bytes; // the window before, continued
    return;
  }
  list.emplace_back(address, address + bytes);
  if (list.size() >= limit[kind])
    compact(kind);
}

const RangeList &AccessRecorder::ranges(Kind kind) {
  for (Window &slot : open[kind])
    if (slot.mask[0] | slot.mask[1])
      close(kind, slot);
  compact(kind);
  return closed[kind];
}

void AccessRecorder::compact(Kind kind) {
  RangeList &list = closed[kind];
  if (list.size() < 2) {
    sorted[kind] = list.size();
    return;
  }
  // Only the ranges added since the last compaction need sorting.
  auto from = list.begin() + static_cast<std::ptrdiff_t>(sorted[kind]);
  std::sort(from, list.end());
  std::inplace_merge(list.begin(), from, list.end());
  std::size_t kept = 0;
  for (std::size_t i = 1; i < list.size(); ++i) {
    if (list[i].first <= list[kept].second)
      list[kept].second = std::max(list[kept].second, list[i].second);
    else
      list[++kept] = list[i];
  }
  list.resize(kept + 1);
  sorted[kind] = list.size();
  if (list.size() * 2 > limit[kind])
    limit[kind] *= 2;
}
