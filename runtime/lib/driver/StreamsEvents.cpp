//===- StreamsEvents.cpp - streams and events -----------------------------===//
//
// Streams and events wrap the emulator backend's, and every wait,
// synchronisation and record goes to the backend, which decides the order
// in which work runs. The handles are checked against the driver's
// registry first. Events are timed with the host's clock when recorded:
// with the emulator running each launch when it is enqueued,
// cuEventElapsedTime gives the emulator's time for the work between two
// records (a backend that ran work later would need to time it itself).
//
//===----------------------------------------------------------------------===//

#include "DriverInternals.h"

#include <algorithm>
#include <cstring>

using namespace lmhead;
using namespace lmhead::driver;

namespace {

Stream *findStream(CUstream handle) {
  Driver &driver = Driver::get();
  std::lock_guard<std::recursive_mutex> lock(driver.mutex);
  auto *stream = reinterpret_cast<Stream *>(handle);
  return driver.streams.count(stream) ? stream : nullptr;
}

Event *findEvent(CUevent handle) {
  Driver &driver = Driver::get();
  std::lock_guard<std::recursive_mutex> lock(driver.mutex);
  auto *event = reinterpret_cast<Event *>(handle);
  return driver.events.count(event) ? event : nullptr;
}

/// Whether `handle` is a default stream or one of the driver's.
bool isStream(CUstream handle) {
  void *queue;
  return backendStream(handle, queue);
}

CUresult createStream(const char *call, CUstream *handle, unsigned flags,
                      int priority) {
  if (CUresult result = requireContext(call))
    return result;
  if (!handle)
    return fail(call, CUDA_ERROR_INVALID_VALUE, "phStream is null");
  if (flags & ~unsigned(CU_STREAM_NON_BLOCKING))
    return fail(call, CUDA_ERROR_INVALID_VALUE,
                "unknown flags " + std::to_string(flags));
  Driver &driver = Driver::get();
  auto stream = std::make_unique<Stream>();
  runtime::Outcome outcome =
      driver.backend().createStream(&stream->backendStream);
  if (!outcome.ok())
    return fail(call, CUDA_ERROR_OUT_OF_MEMORY, outcome);
  std::lock_guard<std::recursive_mutex> lock(driver.mutex);
  stream->flags = flags;
  // Priorities are clamped to the device's range, as the driver does.
  stream->priority = std::max(-5, std::min(0, priority));
  stream->id = driver.nextId++;
  stream->context = currentContext();
  *handle = reinterpret_cast<CUstream>(stream.get());
  driver.streams.insert(stream.release());
  return CUDA_SUCCESS;
}

} // namespace

//===----------------------------------------------------------------------===//
// Streams
//===----------------------------------------------------------------------===//

CUresult cuStreamCreate(CUstream *stream, unsigned int flags) {
  return entry("cuStreamCreate", [&] {
    return createStream("cuStreamCreate", stream, flags, 0);
  });
}

CUresult cuStreamCreateWithPriority(CUstream *stream, unsigned int flags,
                                    int priority) {
  return entry("cuStreamCreateWithPriority", [&] {
    return createStream("cuStreamCreateWithPriority", stream, flags, priority);
  });
}

CUresult cuStreamDestroy_v2(CUstream handle) {
  return entry("cuStreamDestroy", [&] {
    if (CUresult result = requireInit("cuStreamDestroy"))
      return result;
    Stream *stream = findStream(handle);
    if (!stream)
      return fail("cuStreamDestroy", CUDA_ERROR_INVALID_HANDLE,
                  "not a stream of this driver");
    Driver &driver = Driver::get();
    std::lock_guard<std::recursive_mutex> lock(driver.mutex);
    runtime::Outcome outcome =
        driver.backend().destroyStream(stream->backendStream);
    driver.streams.erase(stream);
    delete stream;
    return outcome.ok()
               ? CUDA_SUCCESS
               : fail("cuStreamDestroy", CUDA_ERROR_INVALID_HANDLE, outcome);
  });
}

CUresult cuStreamSynchronize(CUstream stream) {
  return entry("cuStreamSynchronize", [&] {
    if (CUresult result = requireContext("cuStreamSynchronize"))
      return result;
    void *queue;
    if (!backendStream(stream, queue))
      return fail("cuStreamSynchronize", CUDA_ERROR_INVALID_HANDLE,
                  "not a stream of this driver");
    runtime::Outcome outcome = Driver::get().backend().synchronizeStream(queue);
    return outcome.ok()
               ? CUDA_SUCCESS
               : fail("cuStreamSynchronize", CUDA_ERROR_LAUNCH_FAILED, outcome);
  });
}

CUresult cuStreamQuery(CUstream stream) {
  return entry("cuStreamQuery", [&] {
    if (CUresult result = requireContext("cuStreamQuery"))
      return result;
    if (!isStream(stream))
      return fail("cuStreamQuery", CUDA_ERROR_INVALID_HANDLE,
                  "not a stream of this driver");
    return CUDA_SUCCESS; // always idle
  });
}

CUresult cuStreamWaitEvent(CUstream stream, CUevent event, unsigned int flags) {
  return entry("cuStreamWaitEvent", [&] {
    if (CUresult result = requireContext("cuStreamWaitEvent"))
      return result;
    void *queue;
    Event *waited = findEvent(event);
    if (!backendStream(stream, queue) || !waited)
      return fail("cuStreamWaitEvent", CUDA_ERROR_INVALID_HANDLE,
                  "not a stream or not an event of this driver");
    if (flags & ~unsigned(CU_EVENT_WAIT_EXTERNAL))
      return fail("cuStreamWaitEvent", CUDA_ERROR_INVALID_VALUE,
                  "unknown flags " + std::to_string(flags));
    runtime::Outcome outcome =
        Driver::get().backend().streamWaitEvent(queue, waited->backendEvent);
    return outcome.ok()
               ? CUDA_SUCCESS
               : fail("cuStreamWaitEvent", CUDA_ERROR_INVALID_HANDLE, outcome);
  });
}

CUresult cuStreamAddCallback(CUstream stream, CUstreamCallback callback,
                             void *data, unsigned int flags) {
  return entry("cuStreamAddCallback", [&] {
    if (CUresult result = requireContext("cuStreamAddCallback"))
      return result;
    if (!isStream(stream) || !callback || flags != 0)
      return fail("cuStreamAddCallback", CUDA_ERROR_INVALID_VALUE,
                  "not a stream of this driver, callback is null or flags "
                  "is not 0");
    callback(stream, CUDA_SUCCESS, data);
    return CUDA_SUCCESS;
  });
}

CUresult cuStreamGetPriority(CUstream handle, int *priority) {
  return entry("cuStreamGetPriority", [&] {
    if (!priority || !isStream(handle))
      return fail("cuStreamGetPriority", CUDA_ERROR_INVALID_VALUE,
                  "priority is null or not a stream of this driver");
    Stream *stream = findStream(handle);
    *priority = stream ? stream->priority : 0;
    return CUDA_SUCCESS;
  });
}

CUresult cuStreamGetFlags(CUstream handle, unsigned int *flags) {
  return entry("cuStreamGetFlags", [&] {
    if (!flags || !isStream(handle))
      return fail("cuStreamGetFlags", CUDA_ERROR_INVALID_VALUE,
                  "flags is null or not a stream of this driver");
    Stream *stream = findStream(handle);
    *flags = stream ? stream->flags : 0;
    return CUDA_SUCCESS;
  });
}

CUresult cuStreamGetId(CUstream handle, unsigned long long *id) {
  return entry("cuStreamGetId", [&] {
    if (!id || !isStream(handle))
      return fail("cuStreamGetId", CUDA_ERROR_INVALID_VALUE,
                  "streamId is null or not a stream of this driver");
    Stream *stream = findStream(handle);
    // The default streams have the ids of their handles (0, 1, 2).
    *id = stream ? stream->id + 16 : reinterpret_cast<uintptr_t>(handle);
    return CUDA_SUCCESS;
  });
}

CUresult cuStreamGetCtx(CUstream handle, CUcontext *context) {
  return entry("cuStreamGetCtx", [&] {
    if (CUresult result = requireContext("cuStreamGetCtx"))
      return result;
    if (!context || !isStream(handle))
      return fail("cuStreamGetCtx", CUDA_ERROR_INVALID_VALUE,
                  "pctx is null or not a stream of this driver");
    Stream *stream = findStream(handle);
    *context = reinterpret_cast<CUcontext>(stream ? stream->context
                                                  : currentContext());
    return CUDA_SUCCESS;
  });
}

CUresult cuStreamGetDevice(CUstream handle, CUdevice *device) {
  return entry("cuStreamGetDevice", [&] {
    if (!device || !isStream(handle))
      return fail("cuStreamGetDevice", CUDA_ERROR_INVALID_VALUE,
                  "device is null or not a stream of this driver");
    *device = 0;
    return CUDA_SUCCESS;
  });
}

CUresult cuStreamIsCapturing(CUstream handle, CUstreamCaptureStatus *status) {
  return entry("cuStreamIsCapturing", [&] {
    if (!status || !isStream(handle))
      return fail("cuStreamIsCapturing", CUDA_ERROR_INVALID_VALUE,
                  "captureStatus is null or not a stream of this driver");
    *status = CU_STREAM_CAPTURE_STATUS_NONE; // graphs are not emulated
    return CUDA_SUCCESS;
  });
}

CUresult cuStreamAttachMemAsync(CUstream handle, CUdeviceptr, size_t,
                                unsigned int) {
  return entry("cuStreamAttachMemAsync", [&] {
    return isStream(handle)
               ? CUDA_SUCCESS
               : fail("cuStreamAttachMemAsync", CUDA_ERROR_INVALID_HANDLE,
                      "not a stream of this driver");
  });
}

CUresult cuStreamGetAttribute(CUstream handle, CUstreamAttrID attribute,
                              CUstreamAttrValue *value) {
  return entry("cuStreamGetAttribute", [&] {
    if (!value || !isStream(handle))
      return fail("cuStreamGetAttribute", CUDA_ERROR_INVALID_VALUE,
                  "value_out is null or not a stream of this driver");
    std::memset(value, 0, sizeof(*value));
    if (attribute == CU_LAUNCH_ATTRIBUTE_PRIORITY)
      if (Stream *stream = findStream(handle))
        value->priority = stream->priority;
    return CUDA_SUCCESS;
  });
}

CUresult cuStreamSetAttribute(CUstream handle, CUstreamAttrID,
                              const CUstreamAttrValue *value) {
  // Every stream attribute is a hint or an ordering the emulator's
  // schedule already meets.
  return entry("cuStreamSetAttribute", [&] {
    return value && isStream(handle)
               ? CUDA_SUCCESS
               : fail("cuStreamSetAttribute", CUDA_ERROR_INVALID_VALUE,
                      "value is null or not a stream of this driver");
  });
}

CUresult cuStreamCopyAttributes(CUstream destination, CUstream source) {
  return entry("cuStreamCopyAttributes", [&] {
    return isStream(destination) && isStream(source)
               ? CUDA_SUCCESS
               : fail("cuStreamCopyAttributes", CUDA_ERROR_INVALID_HANDLE,
                      "not a stream of this driver");
  });
}

//===----------------------------------------------------------------------===//
// Events
//===----------------------------------------------------------------------===//

CUresult cuEventCreate(CUevent *handle, unsigned int flags) {
  return entry("cuEventCreate", [&] {
    if (CUresult result = requireContext("cuEventCreate"))
      return result;
    if (!handle)
      return fail("cuEventCreate", CUDA_ERROR_INVALID_VALUE, "phEvent is null");
    if (flags & ~unsigned(CU_EVENT_BLOCKING_SYNC | CU_EVENT_DISABLE_TIMING |
                          CU_EVENT_INTERPROCESS))
      return fail("cuEventCreate", CUDA_ERROR_INVALID_VALUE,
                  "unknown flags " + std::to_string(flags));
    if (flags & CU_EVENT_INTERPROCESS)
      return fail("cuEventCreate", CUDA_ERROR_NOT_SUPPORTED,
                  "interprocess events are not emulated");
    Driver &driver = Driver::get();
    auto event = std::make_unique<Event>();
    runtime::Outcome outcome =
        driver.backend().createEvent(&event->backendEvent);
    if (!outcome.ok())
      return fail("cuEventCreate", CUDA_ERROR_OUT_OF_MEMORY, outcome);
    event->flags = flags;
    std::lock_guard<std::recursive_mutex> lock(driver.mutex);
    *handle = reinterpret_cast<CUevent>(event.get());
    driver.events.insert(event.release());
    return CUDA_SUCCESS;
  });
}

CUresult cuEventDestroy_v2(CUevent handle) {
  return entry("cuEventDestroy", [&] {
    if (CUresult result = requireInit("cuEventDestroy"))
      return result;
    Event *event = findEvent(handle);
    if (!event)
      return fail("cuEventDestroy", CUDA_ERROR_INVALID_HANDLE,
                  "not an event of this driver");
    Driver &driver = Driver::get();
    std::lock_guard<std::recursive_mutex> lock(driver.mutex);
    runtime::Outcome outcome =
        driver.backend().destroyEvent(event->backendEvent);
    driver.events.erase(event);
    delete event;
    return outcome.ok()
               ? CUDA_SUCCESS
               : fail("cuEventDestroy", CUDA_ERROR_INVALID_HANDLE, outcome);
  });
}

CUresult cuEventRecordWithFlags(CUevent handle, CUstream stream,
                                unsigned int flags) {
  return entry("cuEventRecord", [&] {
    if (CUresult result = requireContext("cuEventRecord"))
      return result;
    Event *event = findEvent(handle);
    void *queue;
    if (!event || !backendStream(stream, queue))
      return fail("cuEventRecord", CUDA_ERROR_INVALID_HANDLE,
                  "not an event or not a stream of this driver");
    if (flags & ~unsigned(CU_EVENT_RECORD_EXTERNAL))
      return fail("cuEventRecord", CUDA_ERROR_INVALID_VALUE,
                  "unknown flags " + std::to_string(flags));
    runtime::Outcome outcome =
        Driver::get().backend().recordEvent(event->backendEvent, queue);
    if (!outcome.ok())
      return fail("cuEventRecord", CUDA_ERROR_INVALID_HANDLE, outcome);
    std::lock_guard<std::recursive_mutex> lock(Driver::get().mutex);
    event->recorded = true;
    event->when = std::chrono::steady_clock::now();
    return CUDA_SUCCESS;
  });
}

CUresult cuEventRecord(CUevent event, CUstream stream) {
  return cuEventRecordWithFlags(event, stream, 0);
}

CUresult cuEventQuery(CUevent handle) {
  return entry("cuEventQuery", [&] {
    if (CUresult result = requireContext("cuEventQuery"))
      return result;
    if (!findEvent(handle))
      return fail("cuEventQuery", CUDA_ERROR_INVALID_HANDLE,
                  "not an event of this driver");
    return CUDA_SUCCESS; // complete as soon as recorded
  });
}

CUresult cuEventSynchronize(CUevent handle) {
  return entry("cuEventSynchronize", [&] {
    if (CUresult result = requireContext("cuEventSynchronize"))
      return result;
    Event *event = findEvent(handle);
    if (!event)
      return fail("cuEventSynchronize", CUDA_ERROR_INVALID_HANDLE,
                  "not an event of this driver");
    runtime::Outcome outcome =
        Driver::get().backend().synchronizeEvent(event->backendEvent);
    return outcome.ok()
               ? CUDA_SUCCESS
               : fail("cuEventSynchronize", CUDA_ERROR_INVALID_HANDLE, outcome);
  });
}

CUresult cuEventElapsedTime_v2(float *milliseconds, CUevent startHandle,
                               CUevent endHandle) {
  return entry("cuEventElapsedTime", [&] {
    if (CUresult result = requireContext("cuEventElapsedTime"))
      return result;
    if (!milliseconds)
      return fail("cuEventElapsedTime", CUDA_ERROR_INVALID_VALUE,
                  "pMilliseconds is null");
    Event *start = findEvent(startHandle), *end = findEvent(endHandle);
    if (!start || !end)
      return fail("cuEventElapsedTime", CUDA_ERROR_INVALID_HANDLE,
                  "not an event of this driver");
    if ((start->flags | end->flags) & CU_EVENT_DISABLE_TIMING)
      return fail("cuEventElapsedTime", CUDA_ERROR_INVALID_HANDLE,
                  "an event was created with CU_EVENT_DISABLE_TIMING");
    if (!start->recorded || !end->recorded)
      return fail("cuEventElapsedTime", CUDA_ERROR_INVALID_HANDLE,
                  "an event has not been recorded");
    std::lock_guard<std::recursive_mutex> lock(Driver::get().mutex);
    double elapsed =
        std::chrono::duration<double, std::milli>(end->when - start->when)
            .count();
    // The host's clock can give two records the same instant; a GPU's
    // timer always sees some time pass.
    *milliseconds = static_cast<float>(std::max(elapsed, 0.0005));
    return CUDA_SUCCESS;
  });
}
