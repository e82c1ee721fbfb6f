//===- Status.cpp - status names and the thread-local last error ----------===//
//
// The last-error message lives in a thread_local string so that threads
// driving different streams never see each other's errors, and so that the
// pointer lmheadGetLastErrorMessage() hands out stays valid until the same
// thread calls the runtime again.
//
//===----------------------------------------------------------------------===//

#include "Status.h"

#include <algorithm>
#include <cstring>
#include <utility>

using namespace lmhead::runtime;

namespace {
std::string &lastErrorMessage() {
  thread_local std::string message;
  return message;
}
} // namespace

LMHeadStatus lmhead::runtime::succeed() {
  lastErrorMessage().clear();
  return LMHEAD_STATUS_OK;
}

LMHeadStatus lmhead::runtime::fail(LMHeadStatus status, std::string message) {
  lastErrorMessage() = std::move(message);
  return status;
}

LMHeadStatus lmhead::runtime::fail(Outcome outcome) {
  if (outcome.ok())
    return succeed();
  return fail(outcome.status(), outcome.message());
}

LMHeadStatus lmhead::runtime::failWithoutMemory(const char *entry) noexcept {
  try {
    lastErrorMessage() = std::string(entry) + ": out of host memory";
  } catch (...) {
    // Not even the message could be allocated: as much of a fixed text as
    // the string's own capacity holds (at least its small buffer), which
    // appending within the capacity never allocates.
    static const char kText[] = "out of host memory";
    std::string &message = lastErrorMessage();
    message.clear();
    message.append(kText, std::min(message.capacity(), sizeof(kText) - 1));
  }
  return LMHEAD_STATUS_INTERNAL_ERROR;
}

void lmhead::runtime::copyToBuffer(const std::string &text, char *buffer,
                                   std::size_t size) {
  if (size == 0)
    return;
  std::size_t length = text.size() < size - 1 ? text.size() : size - 1;
  std::memcpy(buffer, text.data(), length);
  buffer[length] = '\0';
}

extern "C" const char *lmheadStatusName(LMHeadStatus status) {
  // A C caller may pass any int. Loading a value outside the enumerators'
  // range as the enum is undefined behaviour in C++, so its bits are read
  // as an int.
  static_assert(sizeof(LMHeadStatus) == sizeof(int));
  int value;
  std::memcpy(&value, &status, sizeof(value));
  switch (value) {
  case LMHEAD_STATUS_OK:
    return "LMHEAD_STATUS_OK";
  case LMHEAD_STATUS_INVALID_ARGUMENT:
    return "LMHEAD_STATUS_INVALID_ARGUMENT";
  case LMHEAD_STATUS_INVALID_SETTING:
    return "LMHEAD_STATUS_INVALID_SETTING";
  case LMHEAD_STATUS_UNAVAILABLE:
    return "LMHEAD_STATUS_UNAVAILABLE";
  case LMHEAD_STATUS_DRIVER_NOT_FOUND:
    return "LMHEAD_STATUS_DRIVER_NOT_FOUND";
  case LMHEAD_STATUS_DRIVER_ERROR:
    return "LMHEAD_STATUS_DRIVER_ERROR";
  case LMHEAD_STATUS_NO_DEVICE:
    return "LMHEAD_STATUS_NO_DEVICE";
  case LMHEAD_STATUS_INVALID_BUNDLE:
    return "LMHEAD_STATUS_INVALID_BUNDLE";
  case LMHEAD_STATUS_NOT_FOUND:
    return "LMHEAD_STATUS_NOT_FOUND";
  case LMHEAD_STATUS_EMULATOR_ERROR:
    return "LMHEAD_STATUS_EMULATOR_ERROR";
  case LMHEAD_STATUS_INTERNAL_ERROR:
    return "LMHEAD_STATUS_INTERNAL_ERROR";
  }
  // C callers can pass any int; the switch above has no default so that the
  // compiler flags a new enumerator that is missing here.
  return "LMHEAD_STATUS_<unknown>";
}

extern "C" const char *lmheadGetLastErrorMessage(void) {
  return lastErrorMessage().c_str();
}
