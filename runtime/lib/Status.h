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
#include <string>

namespace lmhead::runtime {

/// Clears this thread's last-error message and returns LMHEAD_STATUS_OK.
LMHeadStatus succeed();

/// Records `message` as this thread's last error and returns `status`.
LMHeadStatus fail(LMHeadStatus status, std::string message);

/// Copies `text` into the fixed-size C buffer `buffer` of `size` bytes,
/// truncating so that the result is always NUL-terminated.
void copyToBuffer(const std::string &text, char *buffer, std::size_t size);

} // namespace lmhead::runtime

#endif // LMHEAD_RUNTIME_LIB_STATUS_H
