//===- Backend.h - where the runtime's kernels run ---------------*- C++
//-*-===//
//
// One interface for every device the runtime drives: the CUDA driver now,
// the PTX emulator next. The mgpu* functions of MLIR-lowered programs and
// the framework API both talk to a Backend, never to a driver directly.
//
// Handles (modules, functions, streams, events) are opaque pointers owned
// by the backend; device memory is addressed by pointer-sized values as in
// CUDA. Every operation returns LMHEAD_STATUS_OK or a failure status with a
// one-line message in `error` naming the call and why it failed.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_RUNTIME_LIB_BACKEND_H
#define LMHEAD_RUNTIME_LIB_BACKEND_H

#include "lmhead/runtime/Runtime.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace lmhead::runtime {

/// The geometry of one kernel launch.
struct LaunchDims {
  unsigned grid[3] = {1, 1, 1};
  unsigned block[3] = {1, 1, 1};
  /// Blocks per cluster; {1, 1, 1} for a launch without clusters.
  unsigned cluster[3] = {1, 1, 1};
  /// Dynamic shared memory per block, in bytes.
  unsigned sharedBytes = 0;

  bool hasClusters() const { return cluster[0] * cluster[1] * cluster[2] != 1; }
  /// "grid (x,y,z) block (x,y,z) [cluster (x,y,z)] shared N B".
  std::string describe() const;
};

/// A tiled TMA tensor map request (cuTensorMapEncodeTiled's arguments, in
/// the driver's order: dimension 0 is the innermost).
struct TensorMapRequest {
  int dataType = 0;
  unsigned rank = 0;
  void *globalAddress = nullptr;
  uint64_t globalDim[5] = {};
  /// Byte strides of dimensions 1 .. rank−1.
  uint64_t globalStrides[4] = {};
  unsigned boxDim[5] = {};
  unsigned elementStrides[5] = {1, 1, 1, 1, 1};
  int interleave = 0, swizzle = 0, l2Promotion = 0, oobFill = 0;
};

/// Size of an encoded tensor map (CUtensorMap), in bytes.
inline constexpr std::size_t kTensorMapBytes = 128;

class Backend {
public:
  virtual ~Backend();

  /// "cuda" or "emulator".
  virtual const char *name() const = 0;

  /// Loads a module from PTX text (NUL-terminated) or a cubin image. A
  /// failed JIT compilation's message includes the compiler's log.
  virtual LMHeadStatus loadModule(const void *image, void **module,
                                  std::string &error) = 0;
  virtual LMHeadStatus unloadModule(void *module, std::string &error) = 0;
  virtual LMHeadStatus getFunction(void *module, const char *name,
                                   void **function, std::string &error) = 0;
  /// The size in bytes of each of `function`'s parameters, in order, with
  /// `known` true; `known` false (and OK) when the backend cannot tell, as
  /// with a CUDA driver older than cuFuncGetParamInfo (12.4).
  virtual LMHeadStatus parameterSizes(void *function,
                                      std::vector<std::size_t> &sizes,
                                      bool &known, std::string &error) = 0;
  /// The largest grid a launch may have in each dimension: the device's
  /// own limits (CUDA: 2^31 − 1, 65535, 65535 on every GPU so far).
  virtual void maxGridSize(unsigned (&size)[3]) const = 0;
  /// Launches `function` on `stream` (null: the default stream). Dynamic
  /// shared memory above the default 48 KiB limit is enabled first. The
  /// message of a failure names the kernel and `dims`.
  virtual LMHeadStatus launch(void *function, const char *kernelName,
                              const LaunchDims &dims, void *stream,
                              void **params, std::string &error) = 0;

  /// A stream that does not synchronise with the default stream.
  virtual LMHeadStatus createStream(void **stream, std::string &error) = 0;
  virtual LMHeadStatus destroyStream(void *stream, std::string &error) = 0;
  virtual LMHeadStatus synchronizeStream(void *stream, std::string &error) = 0;
  /// Whether work enqueued on `stream` now is captured into a graph (and
  /// runs whenever the graph is launched) rather than run.
  virtual LMHeadStatus isCapturing(void *stream, bool &capturing,
                                   std::string &error) = 0;
  /// Makes later work on `stream` wait for `event`'s last record.
  virtual LMHeadStatus streamWaitEvent(void *stream, void *event,
                                       std::string &error) = 0;

  /// An event without timing (cheapest, and legal under graph capture).
  virtual LMHeadStatus createEvent(void **event, std::string &error) = 0;
  virtual LMHeadStatus destroyEvent(void *event, std::string &error) = 0;
  virtual LMHeadStatus recordEvent(void *event, void *stream,
                                   std::string &error) = 0;
  virtual LMHeadStatus synchronizeEvent(void *event, std::string &error) = 0;

  /// Device memory (or memory shared with the host when `hostShared`).
  virtual LMHeadStatus allocate(std::size_t bytes, bool hostShared,
                                void **pointer, std::string &error) = 0;
  virtual LMHeadStatus deallocate(void *pointer, std::string &error) = 0;
  virtual LMHeadStatus copy(void *dst, const void *src, std::size_t bytes,
                            void *stream, std::string &error) = 0;
  virtual LMHeadStatus fill32(void *dst, uint32_t value, std::size_t count,
                              void *stream, std::string &error) = 0;
  virtual LMHeadStatus fill16(void *dst, uint16_t value, std::size_t count,
                              void *stream, std::string &error) = 0;
  /// Pins host memory so that the device can read and write it.
  virtual LMHeadStatus registerHost(void *pointer, std::size_t bytes,
                                    std::string &error) = 0;
  virtual LMHeadStatus unregisterHost(void *pointer, std::string &error) = 0;

  /// Encodes a TMA tensor map into `map` (kTensorMapBytes, host memory).
  virtual LMHeadStatus encodeTensorMap(const TensorMapRequest &request,
                                       void *map, std::string &error) = 0;
};

/// A CUDA backend on device `ordinal` (CudaBackend::create), or null with
/// LMHEAD_STATUS_UNAVAILABLE when the library was built without it.
std::unique_ptr<Backend> createCudaBackend(int ordinal, LMHeadStatus &status,
                                           std::string &error);

/// The PTX emulator backend (emulator/EmulatorBackend.h).
std::unique_ptr<Backend> createEmulatorBackend();

/// The device the process's backend opens (mgpuSetDefaultDevice sets it
/// before the first call that needs the backend).
int &processDefaultDevice();

/// The process's backend for MLIR-lowered programs, chosen on first use
/// from LMHEAD_DEVICE (see lmheadSelectBackend) and kept until exit. Null
/// with `status` and `error` set when the chosen backend cannot be used.
Backend *processBackend(LMHeadStatus &status, std::string &error);

} // namespace lmhead::runtime

#endif // LMHEAD_RUNTIME_LIB_BACKEND_H
