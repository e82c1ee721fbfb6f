//===- FakeCudaDriver.cpp - a libcuda.so.1 stand-in for the runtime tests -===//
//
// Built as libcuda.so.1 in its own directory and reached through
// LMHEAD_LIBCUDA, so the runtime's loader and error paths run on machines
// without a GPU. It is compiled against the toolkit's cuda.h, so its
// definitions carry the same versioned symbol names (cuMemAlloc_v2, ...) that
// the runtime resolves.
//
// Behaviour follows the real driver where the runtime depends on it: every
// call but the version and error queries fails with
// CUDA_ERROR_NOT_INITIALIZED before cuInit, cuInit reports
// CUDA_ERROR_NO_DEVICE when there are no devices, cuGetErrorName/String fail
// for unknown codes. Configured by environment variables read on each call:
//
//   LMHEAD_FAKE_CUDA_FAIL=<entry point>:<CUresult>   that call returns the code
//   LMHEAD_FAKE_CUDA_DEVICES=<n>                     device count (default 1)
//   LMHEAD_FAKE_CUDA_LOG=<file>                      the log is written there
//   LMHEAD_FAKE_CUDA_CAPTURING=1                     cuStreamIsCapturing says
//                                                    every stream is captured
//   LMHEAD_FAKE_CUDA_NO_PARAM_INFO=1                 cuFuncGetParamInfo answers
//                                                    CUDA_ERROR_NOT_SUPPORTED
//                                                    when the process exits
//
// Every call but cuCtxGetCurrent and cuStreamIsCapturing is appended to a log
// that tests read (and reset) through the extern "C" functions at the end.
// Calls on objects log them by short names so that tests can follow streams and
// events: streams are s1, s2, ... (s0 is the default stream), events e1, e2,
// ...; e.g. "cuEventRecord:e1@s0", "cuStreamWaitEvent:s2<e1",
// "cuLaunchKernel:gemm@s2". Launches are also logged apart with their sizes and
// parameter values (each read as 64 bits; the parameter count comes from the
// kernel's .entry in the PTX), e.g. "gemm grid(2,1,1) block(128,1,1) shared 0
// params(4096,0,300)".
//
// Device memory is host memory (so copies really copy and a program's data
// round-trips); kernels are not run. Objects are counted so that tests can
// check that everything created was destroyed. Calls that need a context
// fail with CUDA_ERROR_INVALID_CONTEXT on a thread where none is current,
// as the real driver does.
//
//===----------------------------------------------------------------------===//

#include <cuda.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#define FAKE_EXPORT extern "C" __attribute__((visibility("default")))

namespace {

// State lives on the heap and is never destroyed: lowered programs unload
// their modules from global destructors, which may run after this
// library's own would have.
std::recursive_mutex &fakeMutex = *new std::recursive_mutex();
std::string &callLog = *new std::string();
std::string &launchLog = *new std::string();
bool initialized = false;

/// The failure LMHEAD_FAKE_CUDA_FAIL configures for `call`, if any, as an
/// int: tests inject codes the header does not name, and loading those as a
/// CUresult would be undefined behaviour (callers convert only to return
/// them).
int injected(const char *call) {
  const char *spec = std::getenv("LMHEAD_FAKE_CUDA_FAIL");
  if (!spec)
    return CUDA_SUCCESS;
  const char *colon = std::strchr(spec, ':');
  if (!colon || std::string(spec, colon) != call)
    return CUDA_SUCCESS;
  return std::atoi(colon + 1);
}

/// Appends `call` (and `detail`, after a colon) to the log; returns the
/// failure configured for the call, if any.
int record(const char *call, const std::string &detail = "") {
  std::lock_guard<std::recursive_mutex> lock(fakeMutex);
  if (!callLog.empty())
    callLog += ' ';
  callLog += call;
  if (!detail.empty())
    callLog += ":" + detail;
  return injected(call);
}

int deviceCount() {
  const char *count = std::getenv("LMHEAD_FAKE_CUDA_DEVICES");
  return count ? std::atoi(count) : 1;
}

struct ErrorText {
  CUresult code;
  const char *name;
  const char *description;
};

// The codes the tests use, with the real driver's wording.
constexpr ErrorText kErrors[] = {
    {CUDA_SUCCESS, "CUDA_SUCCESS", "no error"},
    {CUDA_ERROR_INVALID_VALUE, "CUDA_ERROR_INVALID_VALUE", "invalid argument"},
    {CUDA_ERROR_NOT_INITIALIZED, "CUDA_ERROR_NOT_INITIALIZED",
     "initialization error"},
    {CUDA_ERROR_NO_DEVICE, "CUDA_ERROR_NO_DEVICE",
     "no CUDA-capable device is detected"},
    {CUDA_ERROR_INVALID_DEVICE, "CUDA_ERROR_INVALID_DEVICE",
     "invalid device ordinal"},
    {CUDA_ERROR_OUT_OF_MEMORY, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory"},
    {CUDA_ERROR_INVALID_PTX, "CUDA_ERROR_INVALID_PTX",
     "a PTX JIT compilation failed"},
    {CUDA_ERROR_INVALID_CONTEXT, "CUDA_ERROR_INVALID_CONTEXT",
     "invalid device context"},
    {CUDA_ERROR_NOT_FOUND, "CUDA_ERROR_NOT_FOUND", "named symbol not found"},
    {CUDA_ERROR_LAUNCH_FAILED, "CUDA_ERROR_LAUNCH_FAILED",
     "unspecified launch failure"},
    {CUDA_ERROR_UNKNOWN, "CUDA_ERROR_UNKNOWN", "unknown error"},
};

/// The entry of `error`, read as an int: callers ask about codes the
/// header does not name, which a CUresult cannot hold without undefined
/// behaviour.
const ErrorText *findError(const CUresult &error) {
  int code;
  std::memcpy(&code, &error, sizeof(code));
  for (const ErrorText &entry : kErrors)
    if (entry.code == code)
      return &entry;
  return nullptr;
}

} // namespace

FAKE_EXPORT CUresult cuGetErrorName(CUresult error, const char **pStr) {
  if (int injected = record("cuGetErrorName"))
    return static_cast<CUresult>(injected);
  const ErrorText *text = findError(error);
  *pStr = text ? text->name : nullptr;
  return text ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

FAKE_EXPORT CUresult cuGetErrorString(CUresult error, const char **pStr) {
  if (int injected = record("cuGetErrorString"))
    return static_cast<CUresult>(injected);
  const ErrorText *text = findError(error);
  *pStr = text ? text->description : nullptr;
  return text ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

FAKE_EXPORT CUresult cuInit(unsigned int flags) {
  if (int injected = record("cuInit"))
    return static_cast<CUresult>(injected);
  if (flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (deviceCount() == 0)
    return CUDA_ERROR_NO_DEVICE;
  initialized = true;
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuDriverGetVersion(int *driverVersion) {
  if (int injected = record("cuDriverGetVersion"))
    return static_cast<CUresult>(injected);
  if (!driverVersion)
    return CUDA_ERROR_INVALID_VALUE;
  *driverVersion = CUDA_VERSION;
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuDeviceGetCount(int *count) {
  if (int injected = record("cuDeviceGetCount"))
    return static_cast<CUresult>(injected);
  if (!initialized)
    return CUDA_ERROR_NOT_INITIALIZED;
  if (!count)
    return CUDA_ERROR_INVALID_VALUE;
  *count = deviceCount();
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuDeviceGet(CUdevice *device, int ordinal) {
  if (int injected = record("cuDeviceGet"))
    return static_cast<CUresult>(injected);
  if (!initialized)
    return CUDA_ERROR_NOT_INITIALIZED;
  if (!device)
    return CUDA_ERROR_INVALID_VALUE;
  if (ordinal < 0 || ordinal >= deviceCount())
    return CUDA_ERROR_INVALID_DEVICE;
  *device = ordinal;
  return CUDA_SUCCESS;
}

// A deliberately incomplete driver (the "old driver" test) is this file
// built without this entry point.
#ifndef LMHEAD_FAKE_CUDA_OMIT_DEVICE_GET_NAME
FAKE_EXPORT CUresult cuDeviceGetName(char *name, int len, CUdevice dev) {
  if (int injected = record("cuDeviceGetName"))
    return static_cast<CUresult>(injected);
  if (!initialized)
    return CUDA_ERROR_NOT_INITIALIZED;
  if (!name || len <= 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (dev < 0 || dev >= deviceCount())
    return CUDA_ERROR_INVALID_DEVICE;
  std::snprintf(name, static_cast<size_t>(len), "lmhead fake GPU %d", dev);
  return CUDA_SUCCESS;
}
#endif

// cuda.h maps this name to cuDeviceTotalMem_v2, so that is what the fake
// exports and what the runtime must ask for.
FAKE_EXPORT CUresult cuDeviceTotalMem(size_t *bytes, CUdevice dev) {
  if (int injected = record("cuDeviceTotalMem"))
    return static_cast<CUresult>(injected);
  if (!initialized)
    return CUDA_ERROR_NOT_INITIALIZED;
  if (!bytes)
    return CUDA_ERROR_INVALID_VALUE;
  if (dev < 0 || dev >= deviceCount())
    return CUDA_ERROR_INVALID_DEVICE;
  *bytes = size_t(80) << 30;
  return CUDA_SUCCESS;
}

// The grid limits of every GPU so far.
FAKE_EXPORT CUresult cuDeviceGetAttribute(int *value,
                                          CUdevice_attribute attribute,
                                          CUdevice dev) {
  if (int injected = record("cuDeviceGetAttribute"))
    return static_cast<CUresult>(injected);
  if (!initialized)
    return CUDA_ERROR_NOT_INITIALIZED;
  if (!value)
    return CUDA_ERROR_INVALID_VALUE;
  if (dev < 0 || dev >= deviceCount())
    return CUDA_ERROR_INVALID_DEVICE;
  switch (attribute) {
  case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X:
    *value = 0x7fffffff;
    return CUDA_SUCCESS;
  case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y:
  case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z:
    *value = 65535;
    return CUDA_SUCCESS;
  default:
    return CUDA_ERROR_INVALID_VALUE;
  }
}

namespace {

// Objects are plain structs behind the opaque driver handles.
struct FakeContext {
  int device;
};
/// A kernel of a loaded module: its name, number of parameters and each
/// one's size in bytes.
struct FakeEntry {
  std::string name;
  int params = 0;
  std::vector<size_t> sizes;
};
struct FakeModule {
  int id;
  std::vector<FakeEntry> entries;
};
struct FakeFunction {
  std::string name;
  int params = 0;
  std::vector<size_t> sizes;
};
struct FakeStream {
  int id;
};
struct FakeEvent {
  int id;
};

FakeContext primaryContexts[8];
int primaryRetains[8] = {};
thread_local CUcontext currentContext = nullptr;
int nextModule = 1, nextStream = 1, nextEvent = 1;
std::set<void *> &liveModules = *new std::set<void *>();
std::set<void *> &liveStreams = *new std::set<void *>();
std::set<void *> &liveEvents = *new std::set<void *>();
std::set<void *> &liveFunctions = *new std::set<void *>();
std::map<CUdeviceptr, size_t> &liveAllocations =
    *new std::map<CUdeviceptr, size_t>();
std::set<void *> &liveRegistrations = *new std::set<void *>();

std::string streamName(CUstream stream) {
  return stream
             ? "s" + std::to_string(reinterpret_cast<FakeStream *>(stream)->id)
             : "s0";
}
std::string eventName(CUevent event) {
  return "e" + std::to_string(reinterpret_cast<FakeEvent *>(event)->id);
}

/// The checks every call on a context makes, in the real driver's order.
CUresult contextCheck() {
  if (!initialized)
    return CUDA_ERROR_NOT_INITIALIZED;
  if (!currentContext)
    return CUDA_ERROR_INVALID_CONTEXT;
  return CUDA_SUCCESS;
}

/// The .entry kernels of a PTX text, with the number of .param
/// declarations in each one's parameter list.
std::vector<FakeEntry> entryNames(const char *ptx) {
  std::vector<FakeEntry> entries;
  const char *at = ptx;
  while ((at = std::strstr(at, ".entry"))) {
    at += 6;
    while (*at == ' ' || *at == '\t')
      ++at;
    const char *end = at;
    while (*end && *end != '(' && *end != ' ' && *end != '\n')
      ++end;
    FakeEntry entry{std::string(at, end)};
    at = end;
    const char *open = std::strchr(at, '(');
    const char *close = open ? std::strchr(open, ')') : nullptr;
    if (open && close)
      for (const char *param = open;
           (param = std::strstr(param, ".param")) && param < close;
           param += 6) {
        ++entry.params;
        // ".param .u32 x" is 4 bytes, ".param .u64 x" (and anything else
        // the tests write) 8.
        const char *type = param + 6;
        while (*type == ' ' || *type == '\t')
          ++type;
        bool is32 = std::strncmp(type + 2, "32", 2) == 0;
        entry.sizes.push_back(is32 ? 4 : 8);
      }
    entries.push_back(entry);
  }
  return entries;
}

/// Appends one launch to the launch log.
void logLaunch(CUfunction function, const unsigned (&grid)[3],
               const unsigned (&block)[3], unsigned shared,
               void **kernelParams) {
  if (!liveFunctions.count(function))
    return;
  auto *fake = reinterpret_cast<FakeFunction *>(function);
  std::string entry = fake->name + " grid(" + std::to_string(grid[0]) + "," +
                      std::to_string(grid[1]) + "," + std::to_string(grid[2]) +
                      ") block(" + std::to_string(block[0]) + "," +
                      std::to_string(block[1]) + "," +
                      std::to_string(block[2]) + ") shared " +
                      std::to_string(shared) + " params(";
  for (int i = 0; i < fake->params && kernelParams; ++i) {
    entry += i ? "," : "";
    if (!kernelParams[i]) {
      entry += "null"; // the driver would fault; the tests pass no values
      continue;
    }
    uint64_t value;
    std::memcpy(&value, kernelParams[i], sizeof(value));
    entry += std::to_string(value);
  }
  entry += ")";
  launchLog += (launchLog.empty() ? "" : "; ") + entry;
}

/// Writes the log to $LMHEAD_FAKE_CUDA_LOG when the process exits normally.
struct LogAtExit {
  ~LogAtExit() {
    const char *path = std::getenv("LMHEAD_FAKE_CUDA_LOG");
    if (path && *path)
      std::ofstream(path) << callLog << '\n';
  }
} logAtExit;

} // namespace

FAKE_EXPORT CUresult cuDevicePrimaryCtxRetain(CUcontext *context,
                                              CUdevice dev) {
  if (int injected = record("cuDevicePrimaryCtxRetain"))
    return static_cast<CUresult>(injected);
  if (!initialized)
    return CUDA_ERROR_NOT_INITIALIZED;
  if (!context)
    return CUDA_ERROR_INVALID_VALUE;
  if (dev < 0 || dev >= deviceCount() || dev >= 8)
    return CUDA_ERROR_INVALID_DEVICE;
  primaryContexts[dev].device = dev;
  ++primaryRetains[dev];
  *context = reinterpret_cast<CUcontext>(&primaryContexts[dev]);
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuDevicePrimaryCtxRelease(CUdevice dev) {
  if (int injected = record("cuDevicePrimaryCtxRelease"))
    return static_cast<CUresult>(injected);
  if (dev < 0 || dev >= 8 || primaryRetains[dev] == 0)
    return CUDA_ERROR_INVALID_DEVICE;
  --primaryRetains[dev];
  return CUDA_SUCCESS;
}

// Not logged: the runtime asks before every call, and the log is for what
// changes state.
FAKE_EXPORT CUresult cuCtxGetCurrent(CUcontext *context) {
  if (int failure = injected("cuCtxGetCurrent"))
    return static_cast<CUresult>(failure);
  if (!initialized)
    return CUDA_ERROR_NOT_INITIALIZED;
  *context = currentContext;
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuCtxSetCurrent(CUcontext context) {
  if (int injected = record("cuCtxSetCurrent"))
    return static_cast<CUresult>(injected);
  if (!initialized)
    return CUDA_ERROR_NOT_INITIALIZED;
  currentContext = context;
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuModuleLoadDataEx(CUmodule *module, const void *image,
                                        unsigned int numOptions,
                                        CUjit_option *options,
                                        void **optionValues) {
  std::lock_guard<std::recursive_mutex> lock(fakeMutex);
  if (int injected = record("cuModuleLoadDataEx"))
    return static_cast<CUresult>(injected);
  if (CUresult context = contextCheck())
    return context;
  if (!module || !image)
    return CUDA_ERROR_INVALID_VALUE;
  std::vector<FakeEntry> entries = entryNames(static_cast<const char *>(image));
  if (entries.empty()) {
    // What ptxas says about text that is not PTX, into the error log.
    for (unsigned i = 0; i < numOptions; ++i)
      if (options[i] == CU_JIT_ERROR_LOG_BUFFER)
        for (unsigned j = 0; j < numOptions; ++j)
          if (options[j] == CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
            std::snprintf(static_cast<char *>(optionValues[i]),
                          reinterpret_cast<size_t>(optionValues[j]),
                          "ptxas application ptx input, line 1; fatal   : "
                          "Parsing error near 'not': syntax error");
    return CUDA_ERROR_INVALID_PTX;
  }
  auto *loaded = new FakeModule{nextModule++, entries};
  liveModules.insert(loaded);
  *module = reinterpret_cast<CUmodule>(loaded);
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuModuleUnload(CUmodule module) {
  std::lock_guard<std::recursive_mutex> lock(fakeMutex);
  if (int injected = record("cuModuleUnload"))
    return static_cast<CUresult>(injected);
  if (CUresult context = contextCheck())
    return context;
  if (!liveModules.erase(module))
    return CUDA_ERROR_INVALID_HANDLE;
  delete reinterpret_cast<FakeModule *>(module);
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuModuleGetFunction(CUfunction *function, CUmodule module,
                                         const char *name) {
  std::lock_guard<std::recursive_mutex> lock(fakeMutex);
  if (int injected = record("cuModuleGetFunction", name ? name : ""))
    return static_cast<CUresult>(injected);
  if (CUresult context = contextCheck())
    return context;
  if (!function || !name || !liveModules.count(module))
    return CUDA_ERROR_INVALID_HANDLE;
  for (const FakeEntry &entry : reinterpret_cast<FakeModule *>(module)->entries)
    if (entry.name == name) {
      // Owned by the module in the real driver; kept for the process here.
      auto *found = new FakeFunction{entry.name, entry.params, entry.sizes};
      liveFunctions.insert(found);
      *function = reinterpret_cast<CUfunction>(found);
      return CUDA_SUCCESS;
    }
  return CUDA_ERROR_NOT_FOUND;
}

FAKE_EXPORT CUresult cuFuncGetParamInfo(CUfunction function, size_t paramIndex,
                                        size_t *paramOffset,
                                        size_t *paramSize) {
  std::lock_guard<std::recursive_mutex> lock(fakeMutex);
  if (CUresult context = contextCheck())
    return context;
  if (!liveFunctions.count(function) || !paramOffset || !paramSize)
    return CUDA_ERROR_INVALID_HANDLE;
  if (std::getenv("LMHEAD_FAKE_CUDA_NO_PARAM_INFO"))
    return CUDA_ERROR_NOT_SUPPORTED;
  const std::vector<size_t> &sizes =
      reinterpret_cast<FakeFunction *>(function)->sizes;
  if (paramIndex >= sizes.size())
    return CUDA_ERROR_INVALID_VALUE;
  *paramOffset = 0;
  for (size_t i = 0; i < paramIndex; ++i)
    *paramOffset += sizes[i];
  *paramSize = sizes[paramIndex];
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuFuncSetAttribute(CUfunction function,
                                        CUfunction_attribute attribute,
                                        int value) {
  std::lock_guard<std::recursive_mutex> lock(fakeMutex);
  std::string name = liveFunctions.count(function)
                         ? reinterpret_cast<FakeFunction *>(function)->name
                         : "?";
  if (int injected =
          record("cuFuncSetAttribute", name + "." + std::to_string(attribute) +
                                           "=" + std::to_string(value)))
    return static_cast<CUresult>(injected);
  if (CUresult context = contextCheck())
    return context;
  if (!liveFunctions.count(function))
    return CUDA_ERROR_INVALID_HANDLE;
  return CUDA_SUCCESS;
}

namespace {

CUresult launchChecks(CUfunction function, CUstream stream) {
  if (CUresult context = contextCheck())
    return context;
  if (!liveFunctions.count(function) || (stream && !liveStreams.count(stream)))
    return CUDA_ERROR_INVALID_HANDLE;
  return CUDA_SUCCESS;
}

std::string functionName(CUfunction function) {
  return liveFunctions.count(function)
             ? reinterpret_cast<FakeFunction *>(function)->name
             : "?";
}

} // namespace

FAKE_EXPORT CUresult cuLaunchKernel(
    CUfunction f, unsigned int gridDimX, unsigned int gridDimY,
    unsigned int gridDimZ, unsigned int blockDimX, unsigned int blockDimY,
    unsigned int blockDimZ, unsigned int sharedMemBytes, CUstream hStream,
    void **kernelParams, void **extra) {
  std::lock_guard<std::recursive_mutex> lock(fakeMutex);
  (void)extra;
  if (int injected =
          record("cuLaunchKernel", functionName(f) + "@" + streamName(hStream)))
    return static_cast<CUresult>(injected);
  CUresult checked = launchChecks(f, hStream);
  if (checked == CUDA_SUCCESS)
    logLaunch(f, {gridDimX, gridDimY, gridDimZ},
              {blockDimX, blockDimY, blockDimZ}, sharedMemBytes, kernelParams);
  return checked;
}

FAKE_EXPORT CUresult cuLaunchKernelEx(const CUlaunchConfig *config,
                                      CUfunction f, void **kernelParams,
                                      void **extra) {
  std::lock_guard<std::recursive_mutex> lock(fakeMutex);
  (void)extra;
  // The attributes the runtime sets, in the log: "+cluster(x,y,z)" and
  // "+programmatic".
  std::string cluster;
  for (unsigned i = 0; config && i < config->numAttrs; ++i) {
    if (config->attrs[i].id == CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION) {
      const auto &dim = config->attrs[i].value.clusterDim;
      cluster += "+cluster(" + std::to_string(dim.x) + "," +
                 std::to_string(dim.y) + "," + std::to_string(dim.z) + ")";
    }
    if (config->attrs[i].id ==
            CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION &&
        config->attrs[i].value.programmaticStreamSerializationAllowed)
      cluster += "+programmatic";
  }
  if (int injected =
          record("cuLaunchKernelEx",
                 functionName(f) + "@" +
                     streamName(config ? config->hStream : nullptr) + cluster))
    return static_cast<CUresult>(injected);
  if (!config)
    return CUDA_ERROR_INVALID_VALUE;
  CUresult checked = launchChecks(f, config->hStream);
  if (checked == CUDA_SUCCESS)
    logLaunch(f, {config->gridDimX, config->gridDimY, config->gridDimZ},
              {config->blockDimX, config->blockDimY, config->blockDimZ},
              config->sharedMemBytes, kernelParams);
  return checked;
}

FAKE_EXPORT CUresult cuStreamCreate(CUstream *stream, unsigned int flags) {
  std::lock_guard<std::recursive_mutex> lock(fakeMutex);
  (void)flags;
  if (CUresult context = contextCheck()) {
    record("cuStreamCreate");
    return context;
  }
  if (!stream)
    return CUDA_ERROR_INVALID_VALUE;
  auto *created = new FakeStream{nextStream++};
  if (int injected =
          record("cuStreamCreate", "s" + std::to_string(created->id))) {
    delete created;
    --nextStream;
    return static_cast<CUresult>(injected);
  }
  liveStreams.insert(created);
  *stream = reinterpret_cast<CUstream>(created);
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuStreamDestroy(CUstream stream) {
  std::lock_guard<std::recursive_mutex> lock(fakeMutex);
  if (int injected =
          record("cuStreamDestroy",
                 liveStreams.count(stream) ? streamName(stream) : "?"))
    return static_cast<CUresult>(injected);
  if (CUresult context = contextCheck())
    return context;
  if (!liveStreams.erase(stream))
    return CUDA_ERROR_INVALID_HANDLE;
  delete reinterpret_cast<FakeStream *>(stream);
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuStreamSynchronize(CUstream stream) {
  std::lock_guard<std::recursive_mutex> lock(fakeMutex);
  if (int injected = record("cuStreamSynchronize", streamName(stream)))
    return static_cast<CUresult>(injected);
  if (CUresult context = contextCheck())
    return context;
  return stream && !liveStreams.count(stream) ? CUDA_ERROR_INVALID_HANDLE
                                              : CUDA_SUCCESS;
}

// Not logged, like cuCtxGetCurrent: a query the runtime makes on each run
// of an op with tensor maps.
FAKE_EXPORT CUresult cuStreamIsCapturing(CUstream stream,
                                         CUstreamCaptureStatus *status) {
  std::lock_guard<std::recursive_mutex> lock(fakeMutex);
  if (int failure = injected("cuStreamIsCapturing"))
    return static_cast<CUresult>(failure);
  if (CUresult context = contextCheck())
    return context;
  if (stream && !liveStreams.count(stream))
    return CUDA_ERROR_INVALID_HANDLE;
  const char *capturing = std::getenv("LMHEAD_FAKE_CUDA_CAPTURING");
  *status = capturing && std::strcmp(capturing, "1") == 0
                ? CU_STREAM_CAPTURE_STATUS_ACTIVE
                : CU_STREAM_CAPTURE_STATUS_NONE;
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuStreamWaitEvent(CUstream stream, CUevent event,
                                       unsigned int flags) {
  std::lock_guard<std::recursive_mutex> lock(fakeMutex);
  (void)flags;
  bool known =
      liveEvents.count(event) && (!stream || liveStreams.count(stream));
  if (int injected =
          record("cuStreamWaitEvent",
                 known ? streamName(stream) + "<" + eventName(event) : "?"))
    return static_cast<CUresult>(injected);
  if (CUresult context = contextCheck())
    return context;
  return known ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

FAKE_EXPORT CUresult cuEventCreate(CUevent *event, unsigned int flags) {
  std::lock_guard<std::recursive_mutex> lock(fakeMutex);
  (void)flags;
  if (CUresult context = contextCheck()) {
    record("cuEventCreate");
    return context;
  }
  if (!event)
    return CUDA_ERROR_INVALID_VALUE;
  auto *created = new FakeEvent{nextEvent++};
  if (int injected =
          record("cuEventCreate", "e" + std::to_string(created->id))) {
    delete created;
    --nextEvent;
    return static_cast<CUresult>(injected);
  }
  liveEvents.insert(created);
  *event = reinterpret_cast<CUevent>(created);
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuEventDestroy(CUevent event) {
  std::lock_guard<std::recursive_mutex> lock(fakeMutex);
  if (int injected = record("cuEventDestroy",
                            liveEvents.count(event) ? eventName(event) : "?"))
    return static_cast<CUresult>(injected);
  if (CUresult context = contextCheck())
    return context;
  if (!liveEvents.erase(event))
    return CUDA_ERROR_INVALID_HANDLE;
  delete reinterpret_cast<FakeEvent *>(event);
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuEventRecord(CUevent event, CUstream stream) {
  std::lock_guard<std::recursive_mutex> lock(fakeMutex);
  bool known =
      liveEvents.count(event) && (!stream || liveStreams.count(stream));
  if (int injected =
          record("cuEventRecord",
                 known ? eventName(event) + "@" + streamName(stream) : "?"))
    return static_cast<CUresult>(injected);
  if (CUresult context = contextCheck())
    return context;
  return known ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

FAKE_EXPORT CUresult cuEventSynchronize(CUevent event) {
  std::lock_guard<std::recursive_mutex> lock(fakeMutex);
  bool known = liveEvents.count(event);
  if (int injected =
          record("cuEventSynchronize", known ? eventName(event) : "?"))
    return static_cast<CUresult>(injected);
  if (CUresult context = contextCheck())
    return context;
  return known ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

namespace {

CUresult allocate(const char *call, CUdeviceptr *pointer, size_t bytes) {
  if (int injected = record(call, std::to_string(bytes)))
    return static_cast<CUresult>(injected);
  if (CUresult context = contextCheck())
    return context;
  if (!pointer || bytes == 0)
    return CUDA_ERROR_INVALID_VALUE;
  void *memory = std::malloc(bytes);
  if (!memory)
    return CUDA_ERROR_OUT_OF_MEMORY;
  *pointer = reinterpret_cast<CUdeviceptr>(memory);
  liveAllocations[*pointer] = bytes;
  return CUDA_SUCCESS;
}

} // namespace

FAKE_EXPORT CUresult cuMemAlloc(CUdeviceptr *pointer, size_t bytes) {
  std::lock_guard<std::recursive_mutex> lock(fakeMutex);
  return allocate("cuMemAlloc", pointer, bytes);
}

FAKE_EXPORT CUresult cuMemAllocManaged(CUdeviceptr *pointer, size_t bytes,
                                       unsigned int flags) {
  std::lock_guard<std::recursive_mutex> lock(fakeMutex);
  (void)flags;
  return allocate("cuMemAllocManaged", pointer, bytes);
}

FAKE_EXPORT CUresult cuMemFree(CUdeviceptr pointer) {
  std::lock_guard<std::recursive_mutex> lock(fakeMutex);
  if (int injected = record("cuMemFree"))
    return static_cast<CUresult>(injected);
  if (CUresult context = contextCheck())
    return context;
  if (!liveAllocations.erase(pointer))
    return CUDA_ERROR_INVALID_VALUE;
  std::free(reinterpret_cast<void *>(pointer));
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src,
                                   size_t bytes, CUstream stream) {
  std::lock_guard<std::recursive_mutex> lock(fakeMutex);
  if (int injected = record("cuMemcpyAsync",
                            std::to_string(bytes) + "@" + streamName(stream)))
    return static_cast<CUresult>(injected);
  if (CUresult context = contextCheck())
    return context;
  std::memmove(reinterpret_cast<void *>(dst),
               reinterpret_cast<const void *>(src), bytes);
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuMemcpyHtoD(CUdeviceptr dst, const void *src,
                                  size_t bytes) {
  std::lock_guard<std::recursive_mutex> lock(fakeMutex);
  if (int injected = record("cuMemcpyHtoD", std::to_string(bytes)))
    return static_cast<CUresult>(injected);
  if (CUresult context = contextCheck())
    return context;
  std::memcpy(reinterpret_cast<void *>(dst), src, bytes);
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuMemsetD32Async(CUdeviceptr dst, unsigned int value,
                                      size_t count, CUstream stream) {
  std::lock_guard<std::recursive_mutex> lock(fakeMutex);
  if (int injected = record("cuMemsetD32Async", streamName(stream)))
    return static_cast<CUresult>(injected);
  if (CUresult context = contextCheck())
    return context;
  auto *words = reinterpret_cast<unsigned int *>(dst);
  for (size_t i = 0; i < count; ++i)
    words[i] = value;
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuMemsetD16Async(CUdeviceptr dst, unsigned short value,
                                      size_t count, CUstream stream) {
  std::lock_guard<std::recursive_mutex> lock(fakeMutex);
  if (int injected = record("cuMemsetD16Async", streamName(stream)))
    return static_cast<CUresult>(injected);
  if (CUresult context = contextCheck())
    return context;
  auto *halves = reinterpret_cast<unsigned short *>(dst);
  for (size_t i = 0; i < count; ++i)
    halves[i] = value;
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuMemHostRegister(void *pointer, size_t bytes,
                                       unsigned int flags) {
  std::lock_guard<std::recursive_mutex> lock(fakeMutex);
  (void)flags;
  if (int injected = record("cuMemHostRegister", std::to_string(bytes)))
    return static_cast<CUresult>(injected);
  if (CUresult context = contextCheck())
    return context;
  if (!pointer || bytes == 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (!liveRegistrations.insert(pointer).second)
    return CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED;
  return CUDA_SUCCESS;
}

FAKE_EXPORT CUresult cuMemHostUnregister(void *pointer) {
  std::lock_guard<std::recursive_mutex> lock(fakeMutex);
  if (int injected = record("cuMemHostUnregister"))
    return static_cast<CUresult>(injected);
  if (CUresult context = contextCheck())
    return context;
  return liveRegistrations.erase(pointer)
             ? CUDA_SUCCESS
             : CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED;
}

FAKE_EXPORT CUresult cuTensorMapEncodeTiled(
    CUtensorMap *tensorMap, CUtensorMapDataType dataType, cuuint32_t rank,
    void *globalAddress, const cuuint64_t *globalDim,
    const cuuint64_t *globalStrides, const cuuint32_t *boxDim,
    const cuuint32_t *elementStrides, CUtensorMapInterleave interleave,
    CUtensorMapSwizzle swizzle, CUtensorMapL2promotion l2Promotion,
    CUtensorMapFloatOOBfill oobFill) {
  std::lock_guard<std::recursive_mutex> lock(fakeMutex);
  (void)interleave, (void)l2Promotion, (void)oobFill, (void)elementStrides;
  std::string detail = "type" + std::to_string(dataType) + ",rank" +
                       std::to_string(rank) + ",swizzle" +
                       std::to_string(swizzle) + ",dims";
  for (cuuint32_t i = 0; globalDim && i < rank; ++i)
    detail += (i ? "x" : "") + std::to_string(globalDim[i]);
  detail += ",box";
  for (cuuint32_t i = 0; boxDim && i < rank; ++i)
    detail += (i ? "x" : "") + std::to_string(boxDim[i]);
  detail += ",strides";
  for (cuuint32_t i = 0; globalStrides && i + 1 < rank; ++i)
    detail += (i ? "x" : "") + std::to_string(globalStrides[i]);
  if (int injected = record("cuTensorMapEncodeTiled", detail))
    return static_cast<CUresult>(injected);
  if (!tensorMap || !globalAddress || rank < 1 || rank > 5)
    return CUDA_ERROR_INVALID_VALUE;
  std::memset(tensorMap, 0, sizeof(*tensorMap));
  std::memcpy(tensorMap, &globalAddress, sizeof(globalAddress));
  return CUDA_SUCCESS;
}

/// How many objects the runtime created and has not destroyed yet: modules,
/// streams, events, allocations, host registrations and primary-context
/// retains.
FAKE_EXPORT int lmheadFakeCudaLiveObjects() {
  std::lock_guard<std::recursive_mutex> lock(fakeMutex);
  int retains = 0;
  for (int count : primaryRetains)
    retains += count;
  return static_cast<int>(liveModules.size() + liveStreams.size() +
                          liveEvents.size() + liveAllocations.size() +
                          liveRegistrations.size()) +
         retains;
}

/// The calls made since the last reset, space-separated, oldest first.
FAKE_EXPORT const char *lmheadFakeCudaCallLog() { return callLog.c_str(); }

/// The launches since the last reset, "; "-separated, oldest first.
FAKE_EXPORT const char *lmheadFakeCudaLaunchLog() { return launchLog.c_str(); }

/// Forgets the call and launch logs only (long-running users such as the
/// manifest fuzzer call it so that the logs do not grow without end).
FAKE_EXPORT void lmheadFakeCudaClearLog() {
  std::lock_guard<std::recursive_mutex> lock(fakeMutex);
  callLog.clear();
  launchLog.clear();
}

/// Forgets the log and the cuInit state, as if freshly loaded (objects
/// still alive stay counted).
FAKE_EXPORT void lmheadFakeCudaReset() {
  std::lock_guard<std::recursive_mutex> lock(fakeMutex);
  callLog.clear();
  launchLog.clear();
  initialized = false;
  currentContext = nullptr;
}
