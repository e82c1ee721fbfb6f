//===- AccessRecorder.h - the global memory one operation touched -*- C++
//-*-===//
//
// The race detector (RaceDetector.h) checks what an operation read and
// wrote once it has run, not access by access: a kernel's threads touch
// the same buffers millions of times, and what matters across streams is
// only which bytes. An AccessRecorder collects one operation's global
// accesses as three lists of byte ranges (reads, plain writes, atomics).
//
// Recording must cost little, since the interpreter calls it for every
// lane's every global load and store. Accesses are marked byte by byte in
// a mask of their 128-byte window, and a table of open windows (by a hash
// of the window's address) keeps the windows a kernel is filling: a warp's
// lanes, and later warps and passes, fill a window a few bytes at a time,
// in any order and with gaps (a fragment's every other element). A window
// pushed out of the table becomes ranges in a list, which is sorted and
// merged only when it has grown long (and when it is read).
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_RUNTIME_LIB_EMULATOR_ACCESSRECORDER_H
#define LMHEAD_RUNTIME_LIB_EMULATOR_ACCESSRECORDER_H

#include "Interpreter.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace lmhead::runtime::emulator {

/// Byte ranges [start, end) in address order, disjoint and not touching.
using RangeList = std::vector<std::pair<uint64_t, uint64_t>>;

/// The global memory one operation (a kernel, a copy, a fill) read and
/// wrote, by kind of access.
class AccessRecorder final : public GlobalAccessObserver {
public:
  enum Kind : unsigned { Read, Write, Atomic };
  static constexpr unsigned kNumKinds = 3;

  void access(uint64_t address, uint64_t bytes, bool write,
              bool atomic) override {
    add(atomic ? Atomic : write ? Write : Read, address, bytes);
  }

  /// Records `bytes` at `address` as accessed the way `kind` says.
  void add(Kind kind, uint64_t address, uint64_t bytes) {
    uint64_t offset = address % kWindowBytes;
    if (bytes == 0 || offset + bytes > kWindowBytes) {
      addRange(kind, address, bytes); // large, or across windows
      return;
    }
    if (open[kind].empty())
      open[kind].resize(kOpenWindows);
    uint64_t window = address / kWindowBytes;
    // (Hashed, so that rows a power of two apart do not share a slot.)
    Window &slot = open[kind][(window * 0x9e3779b97f4a7c15ull) >> kHashShift];
    if (slot.window != window || !(slot.mask[0] | slot.mask[1])) {
      close(kind, slot);
      slot.window = window;
    }
    mark(slot, static_cast<unsigned>(offset),
         static_cast<unsigned>(offset + bytes));
  }

  /// The ranges of `kind` recorded so far, merged.
  const RangeList &ranges(Kind kind);

private:
  static constexpr uint64_t kWindowBytes = 128;
  /// A window being filled: which of its bytes were accessed.
  struct Window {
    uint64_t window = 0;
    uint64_t mask[2] = {0, 0};
  };
  /// Marks bytes [from, to) of `slot` (to ≤ 128).
  static void mark(Window &slot, unsigned from, unsigned to) {
    for (unsigned word = 0; word < 2; ++word) {
      unsigned low = from > 64 * word ? from : 64 * word;
      unsigned high = to < 64 * word + 64 ? to : 64 * word + 64;
      if (low < high)
        slot.mask[word] |=
            (high - low == 64 ? ~0ull : ((1ull << (high - low)) - 1))
            << (low - 64 * word);
    }
  }
  /// Moves the marked bytes of `slot` to the ranges of `kind`.
  void close(Kind kind, Window &slot);
  void addRange(Kind kind, uint64_t address, uint64_t bytes);
  /// Sorts and merges the ranges of `kind`; raises its limit when they
  /// stay many, so that compacting costs O(log n) per range.
  void compact(Kind kind);

  static constexpr unsigned kHashShift = 64 - 12;
  static constexpr std::size_t kOpenWindows = std::size_t(1)
                                              << (64 - kHashShift);
  /// Allocated on first use: a copy or a fill records one range.
  std::vector<Window> open[kNumKinds];
  RangeList closed[kNumKinds];
  /// How many ranges at the start of each list are sorted and merged.
  std::size_t sorted[kNumKinds] = {0, 0, 0};
  /// Ranges of each kind past which they are compacted.
  std::size_t limit[kNumKinds] = {kFirstLimit, kFirstLimit, kFirstLimit};
  static constexpr std::size_t kFirstLimit = 1 << 14;
};

} // namespace lmhead::runtime::emulator

#endif // LMHEAD_RUNTIME_LIB_EMULATOR_ACCESSRECORDER_H
