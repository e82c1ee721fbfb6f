//===- Status.h - how runtime entry points report their outcome -*- C++ -*-===//
//
// Every C entry point ends in succeed() or fail(); both record the message
// that lmheadGetLastErrorMessage() returns on this thread. The internals pass
// an LMHeadStatus plus a std::string message up to that boundary instead of
// throwing, because no C++ exception may cross the C API.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_RUNTIME_LIB_STATUS_H
#define LMHEAD_RUNTIME_LIB_STATUS_H

#include "lmhead/runtime/Runtime.h"

#include <cstddef>
#include <exception>
#include <new>
#include <string>
#include <utility>

namespace lmhead::runtime {

/// What one operation inside the runtime came to: success, or a failure
/// status with a one-line message that names the call and says why it
/// failed. Backend operations return it; a C entry point passes a failure
/// on as its status and last-error message (fail(Outcome)).
class [[nodiscard]] Outcome {
public:
  /// Success.
  Outcome() = default;
  /// A failure with `status` (not LMHEAD_STATUS_OK) and `message`.
  Outcome(LMHeadStatus status, std::string message)
      : code(status), text(std::move(message)) {}

  bool ok() const { return code == LMHEAD_STATUS_OK; }
  LMHeadStatus status() const { return code; }
  /// Empty on success.
  const std::string &message() const { return text; }

  /// Adds `context` in front of a failure's message ("op 'x': ").
  Outcome &prefix(const std::string &context) {
    if (!ok())
      text = context + text;
    return *this;
  }
  /// Adds `detail` after a failure's message (" (kernel 'k')").
  Outcome &append(const std::string &detail) {
    if (!ok())
      text += detail;
    return *this;
  }

private:
  LMHeadStatus code = LMHEAD_STATUS_OK;
  std::string text;
};

/// Clears this thread's last-error message and returns LMHEAD_STATUS_OK.
LMHeadStatus succeed();

/// Records `message` as this thread's last error and returns `status`.
LMHeadStatus fail(LMHeadStatus status, std::string message);

/// Records `outcome`'s message as this thread's last error (none on
/// success) and returns its status.
LMHeadStatus fail(Outcome outcome);

/// Records that `entry` ran out of host memory, in a message that needs no
/// new allocation when none can be made, and returns
/// LMHEAD_STATUS_INTERNAL_ERROR.
LMHeadStatus failWithoutMemory(const char *entry) noexcept;

/// Runs `body`, the work of the C entry point `entry`, and returns its
/// status; an exception it lets out (std::bad_alloc for an absurd size, a
/// standard-library error) becomes LMHEAD_STATUS_INTERNAL_ERROR with a
/// message naming `entry`, since none may cross the C API.
template <typename Body>
LMHeadStatus guardEntry(const char *entry, Body &&body) noexcept {
  try {
    return body();
  } catch (const std::bad_alloc &) {
    return failWithoutMemory(entry);
  } catch (const std::exception &e) {
    return fail(LMHEAD_STATUS_INTERNAL_ERROR,
                std::string(entry) + ": internal error: " + e.what());
  } catch (...) {
    return fail(LMHEAD_STATUS_INTERNAL_ERROR,
                std::string(entry) + ": internal error (an exception of an "
                                     "unknown type)");
  }
}

/// Copies `text` into the fixed-size C buffer `buffer` of `size` bytes,
/// truncating so that the result is always NUL-terminated.
void copyToBuffer(const std::string &text, char *buffer, std::size_t size);

} // namespace lmhead::runtime

#endif // LMHEAD_RUNTIME_LIB_STATUS_H
