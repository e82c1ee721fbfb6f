//===- RunHistory.h - the last op enqueued, and LMHEAD_SYNC -----*- C++ -*-===//
//
// Kernels run asynchronously: a fault in one surfaces at whichever call
// comes next on the device, often another library's, and a sticky fault of
// earlier work is returned by the next launch of any kernel. So a driver
// failure during a run names the last op lmhead enqueued before it, and
// LMHEAD_SYNC=1 synchronises the caller's stream after each op so that a
// fault is reported by the op that caused it.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_RUNTIME_LIB_RUNHISTORY_H
#define LMHEAD_RUNTIME_LIB_RUNHISTORY_H

#include <string>

namespace lmhead::runtime {

/// Remembers that `op` of the bundle in `directory` was enqueued (by any
/// thread of this process).
void recordRun(const std::string &op, const std::string &directory);

/// A sentence to append to the message of a driver failure during a run:
/// which op lmhead enqueued last before it, and how to find the op that
/// faults.
std::string lastRunNote();

/// Whether LMHEAD_SYNC is set to 1: each run then synchronises the caller's
/// stream after its kernels (not usable while the stream is captured into
/// a graph).
bool synchronizeEachRun();

} // namespace lmhead::runtime

#endif // LMHEAD_RUNTIME_LIB_RUNHISTORY_H
