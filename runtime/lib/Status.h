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

namespace lmhead::runtime {

/// Clears this thread's last-error message and returns LMHEAD_STATUS_OK.
LMHeadStatus succeed();

/// Records `message` as this thread's last error and returns `status`.
LMHeadStatus fail(LMHeadStatus status, std::string message);

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
