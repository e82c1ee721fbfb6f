//===- StreamScheduler.h - deferred, adversarially ordered streams -*- C++
//-*-===//
//
// LMHEAD_EMULATOR_ORDER=adversarial: instead of running each launch, copy
// and fill when it is enqueued (a schedule under which a program that
// forgot an event still gives the right answer), the emulator queues work
// per stream and runs it only when the host must observe it: a stream or
// event synchronisation, freeing memory, unloading a module, destroying a
// stream, the backend's end. It then runs the queued operations that the
// synchronisation needs in a random order that honours only what a GPU
// honours: the order within each stream, and each event wait after the
// record it was bound to when it was enqueued (as cuStreamWaitEvent binds
// to the event's last record). The order is drawn from a seed, so the same
// seed runs the same order; the draw favours the ready operation enqueued
// last, which runs consumers before the producers they forgot to wait for.
//
// Every operation's global accesses go to the RaceDetector with the
// operation's vector clock, so a missing dependency is reported even when
// the order drawn happened to be harmless. Failures (a kernel's error, a
// race, a workspace overrun) are kept and returned by the next
// synchronisation, as a GPU reports a kernel's fault.
//
// The default stream (a null handle) is one more stream: the runtime's
// streams are created non-blocking, so none synchronises with it.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_RUNTIME_LIB_EMULATOR_STREAMSCHEDULER_H
#define LMHEAD_RUNTIME_LIB_EMULATOR_STREAMSCHEDULER_H

#include "RaceDetector.h"

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <vector>

namespace lmhead::runtime::emulator {

class StreamScheduler {
public:
  /// What a queued launch, copy or fill does when it runs: "" or why it
  /// failed (naming what failed); it records its global accesses.
  using Work = std::function<std::string(AccessRecorder &accesses)>;

  /// `describeMemory` names the allocation holding a range, for reports.
  StreamScheduler(
      uint64_t seed,
      std::function<std::string(uint64_t start, uint64_t end)> describeMemory);

  /// Queues `work` on `stream`; `what` names it in reports ("kernel 'k'").
  void enqueue(void *stream, std::string what, Work work);
  /// Queues a record of `event` on `stream`.
  void record(void *event, void *stream);
  /// Queues on `stream` a wait for `event`'s last record so far (nothing
  /// when it was never recorded).
  void wait(void *stream, void *event);
  /// Queues on `stream` the start (`on`) or the end of a workspace's use:
  /// between them, the bytes of [buffers' first start, end) outside the
  /// buffers are guard gaps (RaceDetector::guard).
  void guard(void *stream, std::vector<NamedRange> buffers, uint64_t end,
             bool on);

  /// Runs `stream`'s work and what it waits for; the host then knows it
  /// happened. Returns the first failure since the last synchronisation.
  std::string synchronizeStream(void *stream);
  /// Runs `event`'s last record and what it waits for, likewise.
  std::string synchronizeEvent(void *event);
  /// Runs everything; the host knows all of it happened (what freeing
  /// memory does on a GPU).
  std::string synchronizeDevice();
  /// Runs `stream`'s work (before the stream is destroyed); the host
  /// learns nothing, as a GPU's stream destruction does not wait.
  std::string drainStream(void *stream);
  /// Runs everything without the host learning of it (before a module's
  /// kernels go away).
  std::string drainAll();

  /// Forgets a destroyed stream (drained first) or event.
  void forgetStream(void *stream);
  void forgetEvent(void *event);
  /// Forgets the accesses to freed memory [start, end).
  void forgetMemory(uint64_t start, uint64_t end);

  uint64_t seed() const { return seedValue; }
  /// Work queued and not run yet.
  bool idle();

private:
  struct StreamState;
  /// One record of an event: done once its stream ran it, with the
  /// stream's clock then.
  struct Record {
    bool done = false;
    VectorClock clock;
    StreamState *stream = nullptr;
    uint64_t sequence = 0;
  };
  struct Operation {
    enum class Kind { Work, Record, Wait, Guard } kind = Kind::Work;
    uint64_t sequence = 0;
    std::string what;
    Work work;
    /// The record a Record op completes, or a Wait op waits for (null:
    /// none, the event had never been recorded).
    std::shared_ptr<Record> record;
    /// What the host knew to have happened when this was enqueued.
    std::shared_ptr<const VectorClock> host;
    std::vector<NamedRange> buffers;
    uint64_t guardEnd = 0;
    bool guardOn = false;
  };
  struct StreamState {
    unsigned index = 0;
    std::string name;
    std::deque<std::unique_ptr<Operation>> queue;
    VectorClock clock;
  };
  /// How many operations at the head of each stream must run.
  using Needs = std::map<StreamState *, std::size_t>;

  StreamState &streamOf(void *handle);
  Operation &push(StreamState &stream, Operation::Kind kind);
  /// Runs the operations `needs` names, and those they wait for.
  void drain(Needs needs);
  void run(StreamState &stream);
  /// The host learns that what `clock` counts happened.
  void hostKnows(const VectorClock &clock);
  void fail(std::string message);
  std::string takeFailure();
  Needs everything();

  std::mutex mutex;
  uint64_t seedValue;
  std::mt19937_64 random;
  RaceDetector detector;
  std::map<void *, std::unique_ptr<StreamState>> streams;
  unsigned nextIndex = 0;
  std::map<void *, std::shared_ptr<Record>> lastRecord;
  std::shared_ptr<const VectorClock> host;
  uint64_t nextSequence = 0;
  /// The first failure since the last synchronisation, and how many more.
  std::string failure;
  unsigned moreFailures = 0;
};

} // namespace lmhead::runtime::emulator

#endif // LMHEAD_RUNTIME_LIB_EMULATOR_STREAMSCHEDULER_H
