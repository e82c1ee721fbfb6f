//===- RunHistory.cpp - the last op enqueued, and LMHEAD_SYNC -------------===//

#include "RunHistory.h"

#include <cstdlib>
#include <cstring>
#include <mutex>

using namespace lmhead::runtime;

namespace {

std::mutex historyMutex;
/// "op 'NAME' of the bundle in DIR", or empty before the first run.
std::string lastRun;

} // namespace

void lmhead::runtime::recordRun(const std::string &op,
                                const std::string &directory) {
  std::string described = "op '" + op + "' of the bundle in " + directory;
  std::lock_guard<std::mutex> lock(historyMutex);
  lastRun = std::move(described);
}

std::string lmhead::runtime::lastRunNote() {
  std::string last;
  {
    std::lock_guard<std::mutex> lock(historyMutex);
    last = lastRun;
  }
  std::string note = "; the driver reports a fault of earlier asynchronous "
                     "work at the next call, so it may come from ";
  if (last.empty())
    note += "work of another library (no lmhead op ran before in this "
            "process)";
  else
    note += "the last lmhead op enqueued before this one, " + last +
            ", or from work of another library";
  return note + ": set LMHEAD_SYNC=1 to synchronise after each lmhead op and "
                "have the op that faults named (CUDA_LAUNCH_BLOCKING=1 does "
                "the same for every library)";
}

bool lmhead::runtime::synchronizeEachRun() {
  const char *value = std::getenv("LMHEAD_SYNC");
  return value && std::strcmp(value, "1") == 0;
}
