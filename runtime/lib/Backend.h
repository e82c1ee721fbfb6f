//===- Backend.h - where the runtime's kernels run --------------*- C++ -*-===//
//
// One interface for every device the runtime drives: the CUDA driver now,
// the PTX emulator next. The mgpu* functions of MLIR-lowered programs and
// the framework API both talk to a Backend, never to a driver directly.
//
// Handles (modules, functions, streams, events) are opaque pointers owned
// by the backend; device memory is addressed by pointer-sized values as in
// CUDA. Every operation that can fail returns an Outcome (Status.h):
// success, or a failure status with a one-line message naming the call and
// why it failed.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_RUNTIME_LIB_BACKEND_H
#define LMHEAD_RUNTIME_LIB_BACKEND_H

#include "Status.h"
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
  /// A programmatic dependent launch: it may start while the kernel before
  /// it on its stream finishes; the kernel waits for that one
  /// (griddepcontrol.wait) before it touches global memory.
  bool programmatic = false;

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

/// A run's workspace laid out with guard gaps (Backend::workspaceGuardBytes):
/// its buffers in address order, and its end. The bytes from the first
/// buffer's start to `end` that no buffer holds are the gaps.
struct WorkspaceGuard {
  struct Buffer {
    std::string name;
    uint64_t start = 0, end = 0;
  };
  std::vector<Buffer> buffers;
  uint64_t end = 0;
};

class Backend {
public:
  virtual ~Backend();

  /// "cuda" or "emulator".
  virtual const char *name() const = 0;

  /// The largest grid a launch may have in each dimension: the device's
  /// own limits (CUDA: 2^31 − 1, 65535, 65535 on every GPU so far).
  virtual void maxGridSize(unsigned (&size)[3]) const = 0;

  /// The bytes to leave unused after each buffer of a bundle's workspace,
  /// so that the backend can catch a kernel that overruns one: 0 (the
  /// default, and CUDA's), or what the emulator's adversarial mode asks
  /// for (LMHEAD_EMULATOR_ORDER, emulator/StreamScheduler.h).
  virtual uint64_t workspaceGuardBytes() const { return 0; }
  /// For a backend that asked for guard bytes: from this point of
  /// `stream`'s order, `guard`'s buffers are in use (`inUse`), or no longer
  /// are, and an access to its gaps in between is an overrun. Queued like
  /// any work, so that it cannot fail here; nothing by default.
  virtual void guardWorkspace(const WorkspaceGuard &guard, void *stream,
                              bool inUse) {
    (void)guard, (void)stream, (void)inUse;
  }

  // Every operation that can fail (BackendOperations.def says what each
  // does).
#define LMHEAD_BACKEND_OPERATION(name, parameters)                             \
  virtual Outcome name parameters = 0;
#include "BackendOperations.def"
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
