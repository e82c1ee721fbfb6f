/*===- Runtime.h - the lmhead runtime's C API ----------------------*- C -*-===*
 *
 * The C interface of liblmhead_runtime: its version, the choice between the
 * CUDA backend and the PTX emulator, and the status model every call shares.
 *
 * Every function that can fail returns an LMHeadStatus and leaves a one-line
 * message describing the outcome in thread-local storage, readable with
 * lmheadGetLastErrorMessage(); the message is empty after a success. Plain C
 * types only, so that Python (ctypes), frameworks and MLIR-generated host
 * code can all call it.
 *
 *===----------------------------------------------------------------------===*/

#ifndef LMHEAD_RUNTIME_RUNTIME_H
#define LMHEAD_RUNTIME_RUNTIME_H

/* The library is built with hidden visibility; only what carries this macro
 * is part of its ABI. */
#if defined(__GNUC__)
#define LMHEAD_RUNTIME_API __attribute__((visibility("default")))
#else
#define LMHEAD_RUNTIME_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/*===----------------------------------------------------------------------===*
 * Status and errors
 *===----------------------------------------------------------------------===*/

/** The outcome of a runtime call. Values are stable; new ones are appended. */
typedef enum LMHeadStatus {
  /** The call did what it was asked. */
  LMHEAD_STATUS_OK = 0,
  /** A pointer argument was null or a value was out of range. */
  LMHEAD_STATUS_INVALID_ARGUMENT = 1,
  /** An environment setting (such as LMHEAD_DEVICE) has a value the runtime
   *  does not accept. */
  LMHEAD_STATUS_INVALID_SETTING = 2,
  /** The requested backend was not built into this library. */
  LMHEAD_STATUS_UNAVAILABLE = 3,
  /** The CUDA driver library could not be loaded, or lacks an entry point. */
  LMHEAD_STATUS_DRIVER_NOT_FOUND = 4,
  /** A CUDA driver call returned an error. */
  LMHEAD_STATUS_DRIVER_ERROR = 5,
  /** The CUDA driver works but reports no device. */
  LMHEAD_STATUS_NO_DEVICE = 6,
  /** A bundle's files are missing, unreadable or not a valid bundle. */
  LMHEAD_STATUS_INVALID_BUNDLE = 7,
  /** A bundle has no op of the requested name. */
  LMHEAD_STATUS_NOT_FOUND = 8,
  /** The PTX emulator cannot read a module, or a kernel it ran failed (an
   *  out-of-bounds access, a divergent barrier, ...); the message says
   *  where. */
  LMHEAD_STATUS_EMULATOR_ERROR = 9,
  /** The runtime ran out of host memory, or met an internal error it has no
   *  other status for; the message says which entry point and what. */
  LMHEAD_STATUS_INTERNAL_ERROR = 10,
} LMHeadStatus;

/** Returns the enumerator's name ("LMHEAD_STATUS_OK", ...), or
 *  "LMHEAD_STATUS_<unknown>" for a value outside the enum. Never null. */
LMHEAD_RUNTIME_API const char *lmheadStatusName(LMHeadStatus status);

/** Returns the message left by the latest status-returning call on this
 *  thread: empty after a success, one line naming what failed and why
 *  otherwise. Never null; valid until the next runtime call on this thread. */
LMHEAD_RUNTIME_API const char *lmheadGetLastErrorMessage(void);

/*===----------------------------------------------------------------------===*
 * Version
 *===----------------------------------------------------------------------===*/

/** Writes the library's version (the lmhead project version it was built
 *  from). Any pointer may be null to skip that part. */
LMHEAD_RUNTIME_API void lmheadGetVersion(int *major, int *minor, int *patch);

/** Returns the version as "MAJOR.MINOR.PATCH". Never null; static storage. */
LMHEAD_RUNTIME_API const char *lmheadGetVersionString(void);

/** Returns the source revision the library was built from: the git commit,
 *  with "-dirty" when tracked files differed from it, or "unknown" (a
 *  build outside a git checkout). With the version it is the build
 *  identity lmheadBundleLoad holds a bundle's "producer" to. Never null;
 *  static storage. */
LMHEAD_RUNTIME_API const char *lmheadGetBuildRevision(void);

/*===----------------------------------------------------------------------===*
 * Backends
 *===----------------------------------------------------------------------===*/

/** Where kernels run. */
typedef enum LMHeadBackend {
  /** The PTX emulator on the CPU; always available. */
  LMHEAD_BACKEND_EMULATOR = 0,
  /** An NVIDIA GPU through the CUDA driver API (libcuda.so.1). */
  LMHEAD_BACKEND_CUDA = 1,
} LMHeadBackend;

/** What the LMHEAD_DEVICE environment variable asks for. */
typedef enum LMHeadDeviceSetting {
  /** Unset, empty or "auto": CUDA when a driver with a device is present,
   *  the emulator otherwise. */
  LMHEAD_DEVICE_AUTO = 0,
  /** "cuda": CUDA, and an error when it cannot be used. */
  LMHEAD_DEVICE_CUDA = 1,
  /** "emulator": the emulator; the CUDA driver is never loaded. */
  LMHEAD_DEVICE_EMULATOR = 2,
} LMHeadDeviceSetting;

/** Returns "emulator" or "cuda", or "<unknown>" for other values. */
LMHEAD_RUNTIME_API const char *lmheadBackendName(LMHeadBackend backend);

/** Returns 1 when this library was built with the CUDA backend (the CUDA
 *  toolkit's headers were found at build time), 0 otherwise. A built-in
 *  backend still needs a driver and a device at run time. */
LMHEAD_RUNTIME_API int lmheadHasCudaBackend(void);

/** The outcome of lmheadSelectBackend. */
typedef struct LMHeadBackendSelection {
  /** The backend kernels will run on. */
  LMHeadBackend backend;
  /** What LMHEAD_DEVICE asked for. */
  LMHeadDeviceSetting setting;
  /** One line saying why this backend was chosen; for "auto" falling back
   *  to the emulator, what was wrong with CUDA. NUL-terminated, truncated to
   *  fit. */
  char reason[512];
} LMHeadBackendSelection;

/** Chooses the backend from LMHEAD_DEVICE=cuda|emulator|auto (unset or empty
 *  means auto). "auto" probes the driver (see lmheadQueryCudaDevices) and
 *  picks CUDA when it reports at least one device. Fails with
 *  LMHEAD_STATUS_INVALID_SETTING for any other value, and for "cuda" with
 *  the status of whatever keeps CUDA from being used; `selection` is only
 *  written on success. */
LMHEAD_RUNTIME_API LMHeadStatus
lmheadSelectBackend(LMHeadBackendSelection *selection);

/*===----------------------------------------------------------------------===*
 * CUDA devices
 *===----------------------------------------------------------------------===*/

/** What the CUDA driver reports. */
typedef struct LMHeadCudaDeviceReport {
  /** cuDriverGetVersion: 1000 * major + 10 * minor, e.g. 13000. */
  int driverVersion;
  /** cuDeviceGetCount; 0 when cuInit reports CUDA_ERROR_NO_DEVICE. */
  int deviceCount;
  /** cuDeviceGetName of device 0; empty when there is no device. */
  char device0Name[256];
  /** cuDeviceTotalMem of device 0 in bytes; 0 when there is no device. */
  unsigned long long device0TotalMemory;
} LMHeadCudaDeviceReport;

/** Loads the CUDA driver (libcuda.so.1, or the path in LMHEAD_LIBCUDA),
 *  initializes it and fills `report`. A driver without devices is a success
 *  with deviceCount 0. Fails with LMHEAD_STATUS_UNAVAILABLE when the CUDA
 *  backend is not built in, LMHEAD_STATUS_DRIVER_NOT_FOUND when the library
 *  or one of its entry points is missing, and LMHEAD_STATUS_DRIVER_ERROR
 *  when a driver call fails (the message names the call, the CUresult's name
 *  and its description); `report` is only written on success. */
LMHEAD_RUNTIME_API LMHeadStatus
lmheadQueryCudaDevices(LMHeadCudaDeviceReport *report);

/*===----------------------------------------------------------------------===*
 * Kernel bundles (the framework API)
 *===----------------------------------------------------------------------===*/

/** A loaded kernel bundle: the PTX of compiled lmhead ops, its kernels
 *  resolved, and the streams and events that run them, created once. */
typedef struct LMHeadBundle LMHeadBundle;

/** Loads the bundle in `directory`: its manifest.json (which names the PTX
 *  file, each op's operands, workspace and kernels, their launch sizes,
 *  parameters, stream roles and dependencies; see docs/Runtime.md) and the
 *  PTX it names, JIT-compiled for the process's device
 *  (lmheadSelectBackend). Fails with
 *  LMHEAD_STATUS_INVALID_BUNDLE naming the file and what is wrong (for the
 *  manifest, the JSON path and line), or with the backend's status (a PTX
 *  that does not compile gives the JIT log). `*bundle` is only written on
 *  success. */
LMHEAD_RUNTIME_API LMHeadStatus lmheadBundleLoad(const char *directory,
                                                 LMHeadBundle **bundle);

/** Runs op `op` of `bundle` on the caller's stream `stream` (a CUstream;
 *  null for the default stream). `operands` holds the op's operands in the
 *  manifest's order: device pointers and integers, each as 64 bits.
 *
 *  The op's work forks from `stream` to the bundle's internal non-blocking
 *  streams through an event (kernels of role "dh", "dw" and "db" each on
 *  a stream of their own; role "main" stays on `stream`) and joins back to
 *  `stream` through one event per internal stream, so that later work on
 *  `stream` sees the results. A kernel that waits for kernels on other
 *  streams (the manifest's "after": e.g. a chunk's dh and dW products wait
 *  for the chunk's logit gradient, and the chunk after next waits for both
 *  before it overwrites that buffer) waits for events recorded after them
 *  in the same run. Only event records and stream waits cross streams, and
 *  the runtime neither allocates nor synchronises with the host, which
 *  keeps a run legal under CUDA graph capture.
 *
 *  Kernels that read TMA tensor maps get maps of the operands (or of
 *  views of them) that the bundle encodes on the first run with those
 *  pointers and sizes and keeps in memory of its own; each run copies them,
 *  asynchronously from pinned memory, on `stream` before the fork (also
 *  legal under capture).
 *
 *  An op with a workspace (the fused cross-entropy ops) takes among its
 *  operands the address of device memory it may use as scratch while the
 *  run's work is in flight, and that memory's size in bytes (the manifest's
 *  "workspace": "operand" and "bytes"): at least what
 *  lmheadBundleWorkspaceSize says for the same operands, 16-byte aligned
 *  (256 is best). Its contents need not be initialised and are garbage
 *  afterwards; it must not be reused until the run's work on `stream` has
 *  finished (stream order: allocate it from the framework's allocator on
 *  `stream`).
 *
 *  A gradient nobody wants may be left out: when the op has an operand
 *  named "dh", "dw" or "db" and it is 0 (null), the kernels of that stream
 *  role are not launched (their products are skipped, not only their
 *  stores); what they would write is left untouched.
 *
 *  Calls on one bundle are serialised. Fails with LMHEAD_STATUS_NOT_FOUND
 *  for an unknown op, LMHEAD_STATUS_INVALID_ARGUMENT for a wrong operand
 *  count, a launch size out of range, a workspace too small or misaligned,
 *  or an operand a tensor map cannot describe (an address or a row not a
 *  multiple of 16 bytes), all before anything is enqueued, and
 *  LMHEAD_STATUS_DRIVER_ERROR naming the call, the kernel and its launch
 *  configuration. */
LMHEAD_RUNTIME_API LMHeadStatus lmheadBundleRun(
    LMHeadBundle *bundle, const char *op, const unsigned long long *operands,
    unsigned long long operandCount, void *stream);

/** Writes to `*bytes` the size of the workspace op `op` of `bundle` needs
 *  when run with `operands` (the same array as lmheadBundleRun's: the
 *  integer operands the sizes follow, such as a token count, are read; the
 *  pointers and the workspace's own operands may be 0, except a
 *  gradient's: a null "dh", "dw" or "db" is a gradient left out, as
 *  lmheadBundleRun takes it, and the buffers only its stream's kernels use
 *  take no room, so pass the same dh, dw and db (any non-null value) as the
 *  run). It is 0 for an op without a workspace. The size is the op's
 *  workspace buffers (the manifest's "workspace"."buffers"), each starting
 *  at a multiple of 256 bytes. Fails with LMHEAD_STATUS_NOT_FOUND for an
 * unknown op and LMHEAD_STATUS_INVALID_ARGUMENT for a wrong operand count or a
 * size out of range; `*bytes` is only written on success. */
LMHEAD_RUNTIME_API LMHeadStatus lmheadBundleWorkspaceSize(
    LMHeadBundle *bundle, const char *op, const unsigned long long *operands,
    unsigned long long operandCount, unsigned long long *bytes);

/** What an operand of a bundle's op is (LMHeadOperandInfo). */
typedef enum LMHeadOperandKind {
  /** A device pointer to a tensor the op reads, writes or both; the
   *  manifest's "tensors" says its element type and shape. */
  LMHEAD_OPERAND_TENSOR = 0,
  /** An integer the launches follow, such as the token count "n". */
  LMHEAD_OPERAND_SIZE = 1,
  /** The device address of the op's workspace. */
  LMHEAD_OPERAND_WORKSPACE = 2,
  /** The size of that workspace in bytes. */
  LMHEAD_OPERAND_WORKSPACE_BYTES = 3,
  /** An operand the manifest does not describe (a hand-written manifest
   *  without "tensors"): a pointer or an integer. */
  LMHEAD_OPERAND_UNDESCRIBED = 4
} LMHeadOperandKind;

/** One operand of a bundle's op. The strings belong to the bundle and live
 *  until it is unloaded. */
typedef struct LMHeadOperandInfo {
  /** Its name in the manifest ("h", "dw", "n", "workspace", ...). */
  const char *name;
  LMHeadOperandKind kind;
  /** For a tensor: its element type ("f32", "bf16", "f16", "i32" or
   *  "i64"), its rank (lmheadBundleOperandShape gives its sizes), and 1
   *  when the op adds its result to what the tensor holds; "", 0 and 0
   *  otherwise. */
  const char *elementType;
  unsigned rank;
  int accumulates;
} LMHeadOperandInfo;

/** Writes to `*count` how many ops `bundle` has. */
LMHEAD_RUNTIME_API LMHeadStatus lmheadBundleOpCount(LMHeadBundle *bundle,
                                                    unsigned long long *count);

/** Writes the name of op `index` of `bundle` (ops in the order of their
 *  names, from 0 to lmheadBundleOpCount's count) to `*name`, its kind
 *  ("linear_grad", "ce_linear_fwd", "ce_linear_grad", "ce_linear_step";
 *  "" when the manifest does not say) to `*kind`, and how many operands
 *  lmheadBundleRun takes for it to `*operandCount`. The strings belong to
 *  the bundle. Fails with LMHEAD_STATUS_INVALID_ARGUMENT for an index out
 *  of range. */
LMHEAD_RUNTIME_API LMHeadStatus lmheadBundleOpInfo(
    LMHeadBundle *bundle, unsigned long long index, const char **name,
    const char **kind, unsigned long long *operandCount);

/** Describes operand `index` of op `op` (in lmheadBundleRun's order) in
 *  `*info`. Fails with LMHEAD_STATUS_NOT_FOUND for an unknown op and
 *  LMHEAD_STATUS_INVALID_ARGUMENT for an index out of range. */
LMHEAD_RUNTIME_API LMHeadStatus lmheadBundleOperand(LMHeadBundle *bundle,
                                                    const char *op,
                                                    unsigned long long index,
                                                    LMHeadOperandInfo *info);

/** Writes the sizes of tensor operand `index` of op `op` for a run with
 *  `operands` (the same array as lmheadBundleRun's; only the size operands
 *  are read) to `dims`, which holds the operand's rank of entries (none
 *  for a single value): what the tensor must hold for that run. Fails
 *  with LMHEAD_STATUS_NOT_FOUND for an unknown op and
 *  LMHEAD_STATUS_INVALID_ARGUMENT for an operand that is not a tensor, a
 *  wrong operand count or a size out of range. */
LMHEAD_RUNTIME_API LMHeadStatus lmheadBundleOperandShape(
    LMHeadBundle *bundle, const char *op, unsigned long long index,
    const unsigned long long *operands, unsigned long long operandCount,
    long long *dims);

/** Releases the bundle's streams, events, modules and tensor-map memory;
 *  its work must have finished. Null is accepted.
 *  Returns the first failure, after releasing everything it could. */
LMHEAD_RUNTIME_API LMHeadStatus lmheadBundleUnload(LMHeadBundle *bundle);

/* Device memory and streams of the process's backend, for callers that
 * have no CUDA library of their own (the emulator has none): the mgpu*
 * functions MLIR programs call end the process on failure, these return a
 * status. */

/** Allocates `bytes` of device memory into `*pointer` (null for 0 bytes).
 *  Fails with LMHEAD_STATUS_DRIVER_ERROR or LMHEAD_STATUS_EMULATOR_ERROR
 *  naming the size when there is not enough. */
LMHEAD_RUNTIME_API LMHeadStatus lmheadDeviceAlloc(unsigned long long bytes,
                                                  void **pointer);

/** Frees memory from lmheadDeviceAlloc; null is accepted. */
LMHEAD_RUNTIME_API LMHeadStatus lmheadDeviceFree(void *pointer);

/** Copies `bytes` from `src` to `dst` (host or device memory, either way)
 *  in order on `stream` (null: the default stream). */
LMHEAD_RUNTIME_API LMHeadStatus lmheadDeviceCopy(void *dst, const void *src,
                                                 unsigned long long bytes,
                                                 void *stream);

/** Creates a stream into `*stream`. */
LMHEAD_RUNTIME_API LMHeadStatus lmheadStreamCreate(void **stream);

/** Waits for the work enqueued on `stream`; a fault of that work is
 *  returned here. */
LMHEAD_RUNTIME_API LMHeadStatus lmheadStreamSynchronize(void *stream);

/** Destroys a stream from lmheadStreamCreate; null is accepted. */
LMHEAD_RUNTIME_API LMHeadStatus lmheadStreamDestroy(void *stream);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* LMHEAD_RUNTIME_RUNTIME_H */
