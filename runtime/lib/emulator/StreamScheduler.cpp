//===- StreamScheduler.cpp - deferred, adversarially ordered streams ------===//
//
// A synchronisation first computes, for each stream, how many operations
// at the head of its queue must run: its target's, then transitively those
// up to each record that a needed wait is bound to. Waits bind only to
// records enqueued before them, so the needed operations always include a
// ready one (the one enqueued first), and the loop that runs a drawn ready
// operation at a time ends.
//
//===----------------------------------------------------------------------===//

#include "StreamScheduler.h"

#include <algorithm>

using namespace lmhead::runtime::emulator;

StreamScheduler::StreamScheduler(
    uint64_t seed,
    std::function<std::string(uint64_t start, uint64_t end)> describeMemory)
    : seedValue(seed), random(seed), detector(std::move(describeMemory)),
      host(std::make_shared<VectorClock>()) {
  streamOf(nullptr); // the default stream is stream 0
}

StreamScheduler::StreamState &StreamScheduler::streamOf(void *handle) {
  std::unique_ptr<StreamState> &state = streams[handle];
  if (!state) {
    state = std::make_unique<StreamState>();
    state->index = nextIndex++;
    state->name = handle ? "stream " + std::to_string(state->index)
                         : std::string("the default stream");
  }
  return *state;
}

StreamScheduler::Operation &StreamScheduler::push(StreamState &stream,
                                                  Operation::Kind kind) {
  auto operation = std::make_unique<Operation>();
  operation->kind = kind;
  operation->sequence = nextSequence++;
  operation->host = host;
  stream.queue.push_back(std::move(operation));
  return *stream.queue.back();
}

void StreamScheduler::enqueue(void *stream, std::string what, Work work) {
  std::lock_guard<std::mutex> lock(mutex);
  Operation &operation = push(streamOf(stream), Operation::Kind::Work);
  operation.what = std::move(what);
  operation.work = std::move(work);
}

void StreamScheduler::record(void *event, void *stream) {
  std::lock_guard<std::mutex> lock(mutex);
  StreamState &state = streamOf(stream);
  Operation &operation = push(state, Operation::Kind::Record);
  operation.record = std::make_shared<Record>();
  operation.record->stream = &state;
  operation.record->sequence = operation.sequence;
  lastRecord[event] = operation.record;
}

void StreamScheduler::wait(void *stream, void *event) {
  std::lock_guard<std::mutex> lock(mutex);
  Operation &operation = push(streamOf(stream), Operation::Kind::Wait);
  auto last = lastRecord.find(event);
  if (last != lastRecord.end())
    operation.record = last->second;
}

void StreamScheduler::guard(void *stream, std::vector<NamedRange> buffers,
                            uint64_t end, bool on) {
  std::lock_guard<std::mutex> lock(mutex);
  Operation &operation = push(streamOf(stream), Operation::Kind::Guard);
  operation.buffers = std::move(buffers);
  operation.guardEnd = end;
  operation.guardOn = on;
}

void StreamScheduler::run(StreamState &stream) {
  std::unique_ptr<Operation> operation = std::move(stream.queue.front());
  stream.queue.pop_front();
  stream.clock.join(*operation->host);
  stream.clock.tick(stream.index);
  switch (operation->kind) {
  case Operation::Kind::Work: {
    AccessRecorder accesses;
    std::string failed = operation->work(accesses);
    if (!failed.empty())
      fail(failed + " (it ran on " + stream.name +
           " when a synchronisation needed it: LMHEAD_EMULATOR_ORDER="
           "adversarial defers work until then)");
    std::string race = detector.check(operation->what, stream.index,
                                      stream.name, stream.clock, accesses);
    if (!race.empty())
      fail(race +
           " (LMHEAD_EMULATOR_ORDER=adversarial, "
           "LMHEAD_EMULATOR_SEED=" +
           std::to_string(seedValue) + ")");
    break;
  }
  case Operation::Kind::Record:
    operation->record->clock = stream.clock;
    operation->record->done = true;
    break;
  case Operation::Kind::Wait:
    if (operation->record)
      stream.clock.join(operation->record->clock);
    break;
  case Operation::Kind::Guard:
    if (operation->guardOn)
      detector.guard(operation->buffers, operation->guardEnd);
    else
      detector.unguard(operation->buffers, operation->guardEnd);
    break;
  }
}

void StreamScheduler::drain(Needs needs) {
  // What the needed waits wait for is needed too.
  std::map<StreamState *, std::size_t> scanned;
  std::vector<StreamState *> pending;
  for (auto &[stream, count] : needs)
    pending.push_back(stream);
  while (!pending.empty()) {
    StreamState *stream = pending.back();
    pending.pop_back();
    std::size_t &from = scanned[stream];
    for (std::size_t i = from; i < needs[stream]; ++i) {
      const Operation &operation = *stream->queue[i];
      if (operation.kind != Operation::Kind::Wait || !operation.record ||
          operation.record->done)
        continue;
      StreamState *other = operation.record->stream;
      auto at = std::lower_bound(
          other->queue.begin(), other->queue.end(), operation.record->sequence,
          [](const std::unique_ptr<Operation> &queued, uint64_t sequence) {
            return queued->sequence < sequence;
          });
      std::size_t through =
          static_cast<std::size_t>(at - other->queue.begin()) + 1;
      if (through > needs[other]) {
        needs[other] = through;
        pending.push_back(other);
      }
    }
    from = std::max(from, needs[stream]);
  }
  // Run a drawn ready operation at a time. Candidates are ordered by
  // stream index, so that the same seed draws the same order.
  std::vector<StreamState *> ready;
  for (;;) {
    ready.clear();
    for (auto &[stream, count] : needs) {
      if (count == 0)
        continue;
      const Operation &head = *stream->queue.front();
      if (head.kind == Operation::Kind::Wait && head.record &&
          !head.record->done)
        continue;
      ready.push_back(stream);
    }
    if (ready.empty())
      break;
    std::sort(ready.begin(), ready.end(),
              [](const StreamState *a, const StreamState *b) {
                return a->index < b->index;
              });
    StreamState *chosen = ready.front();
    if (ready.size() > 1) {
      // Mostly the operation enqueued last (a consumer before its
      // producer), else any.
      if (random() % 4 != 0) {
        for (StreamState *stream : ready)
          if (stream->queue.front()->sequence > chosen->queue.front()->sequence)
            chosen = stream;
      } else {
        chosen = ready[random() % ready.size()];
      }
    }
    run(*chosen);
    --needs[chosen];
  }
  for (auto &[stream, count] : needs)
    if (count != 0) {
      fail("internal error: the emulator's stream scheduler found no ready "
           "operation on " +
           stream->name);
      break;
    }
}

StreamScheduler::Needs StreamScheduler::everything() {
  Needs needs;
  for (auto &[handle, stream] : streams)
    if (!stream->queue.empty())
      needs[stream.get()] = stream->queue.size();
  return needs;
}

void StreamScheduler::hostKnows(const VectorClock &clock) {
  auto known = std::make_shared<VectorClock>(*host);
  known->join(clock);
  host = std::move(known);
}

void StreamScheduler::fail(std::string message) {
  if (failure.empty())
    failure = std::move(message);
  else
    ++moreFailures;
}

std::string StreamScheduler::takeFailure() {
  std::string message = std::move(failure);
  if (moreFailures)
    message +=
        " (and " + std::to_string(moreFailures) + " more failures after it)";
  failure.clear();
  moreFailures = 0;
  return message;
}

std::string StreamScheduler::synchronizeStream(void *stream) {
  std::lock_guard<std::mutex> lock(mutex);
  StreamState &state = streamOf(stream);
  drain({{&state, state.queue.size()}});
  hostKnows(state.clock);
  return takeFailure();
}

std::string StreamScheduler::synchronizeEvent(void *event) {
  std::lock_guard<std::mutex> lock(mutex);
  auto last = lastRecord.find(event);
  if (last != lastRecord.end()) {
    std::shared_ptr<Record> record = last->second;
    if (!record->done) {
      StreamState *stream = record->stream;
      std::size_t through = 0;
      while (stream->queue[through]->sequence != record->sequence)
        ++through;
      drain({{stream, through + 1}});
    }
    hostKnows(record->clock);
  }
  return takeFailure();
}

std::string StreamScheduler::synchronizeDevice() {
  std::lock_guard<std::mutex> lock(mutex);
  drain(everything());
  for (auto &[handle, stream] : streams)
    hostKnows(stream->clock);
  return takeFailure();
}

std::string StreamScheduler::drainStream(void *stream) {
  std::lock_guard<std::mutex> lock(mutex);
  StreamState &state = streamOf(stream);
  drain({{&state, state.queue.size()}});
  return takeFailure();
}

std::string StreamScheduler::drainAll() {
  std::lock_guard<std::mutex> lock(mutex);
  drain(everything());
  return takeFailure();
}

void StreamScheduler::forgetStream(void *stream) {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = streams.find(stream);
  if (stream && it != streams.end() && it->second->queue.empty())
    streams.erase(it);
}

void StreamScheduler::forgetEvent(void *event) {
  std::lock_guard<std::mutex> lock(mutex);
  lastRecord.erase(event);
}

void StreamScheduler::forgetMemory(uint64_t start, uint64_t end) {
  std::lock_guard<std::mutex> lock(mutex);
  detector.forget(start, end);
}

bool StreamScheduler::idle() {
  std::lock_guard<std::mutex> lock(mutex);
  for (auto &[handle, stream] : streams)
    if (!stream->queue.empty())
      return false;
  return true;
}
