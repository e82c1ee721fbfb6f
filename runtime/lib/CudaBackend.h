//===- CudaBackend.h - the Backend on the CUDA driver API -------*- C++ -*-===//
//
// Runs on one device's primary context (the context the CUDA runtime and
// PyTorch use too, so pointers and streams can be shared with them), made
// current on each thread that calls in. Every driver call is checked; a
// failure's message names the call, the CUresult's name and description,
// and for launches the kernel and its launch configuration.
//
// Only compiled when CMake finds the CUDA toolkit's headers.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_RUNTIME_LIB_CUDABACKEND_H
#define LMHEAD_RUNTIME_LIB_CUDABACKEND_H

#include "Backend.h"
#include "CudaDriver.h"

#include <memory>

namespace lmhead::runtime {

class CudaBackend final : public Backend {
public:
  /// Loads the driver (CudaDriver::libraryPath()), initializes it and
  /// retains device `ordinal`'s primary context. Null on failure, with
  /// LMHEAD_STATUS_DRIVER_NOT_FOUND (no usable libcuda), _NO_DEVICE or
  /// _DRIVER_ERROR in `status` and the reason in `error`.
  static std::unique_ptr<CudaBackend> create(int ordinal, LMHeadStatus &status,
                                             std::string &error);
  ~CudaBackend() override;

  const char *name() const override { return "cuda"; }
  void maxGridSize(unsigned (&size)[3]) const override;
  // The operations of BackendOperations.def.
#define LMHEAD_BACKEND_OPERATION(name, parameters)                             \
  Outcome name parameters override;
#include "BackendOperations.def"

private:
  CudaBackend(std::unique_ptr<CudaDriver> driver, CUdevice device,
              CUcontext context)
      : driver(std::move(driver)), device(device), context(context) {}

  /// The backend's context, current on the calling thread while this
  /// lives; then the context that was current before is current again when
  /// there was one (a thread where PyTorch selected another GPU, or where
  /// another library switched contexts). A thread that had none keeps this
  /// one, as after cudaSetDevice(0): nothing there can tell the difference,
  /// and an MLIR program's later calls then need no switch. Use it as a
  /// bool (true when current) inside the expression that makes the calls,
  /// or as a named local.
  class ContextScope {
  public:
    /// On failure `error` says why.
    ContextScope(CudaDriver &driver, CUcontext context, std::string &error);
    ContextScope(const ContextScope &) = delete;
    ContextScope &operator=(const ContextScope &) = delete;
    ~ContextScope();
    explicit operator bool() const { return status == CUDA_SUCCESS; }
    /// The driver's result of making the context current.
    int status = CUDA_SUCCESS;

  private:
    CudaDriver &driver;
    CUcontext previous = nullptr;
    bool restore = false;
  };

  /// Makes the primary context current for the scope's life; on failure
  /// `error` says why.
  ContextScope makeCurrent(std::string &error);
  /// Releases a resource: makes the context current, then calls
  /// `releaseNow` (a driver call returning its result) named `call`. A
  /// driver that is shutting down has released everything already, so its
  /// CUDA_ERROR_DEINITIALIZED is success: a program's module destructor can
  /// run after the driver's own exit handler.
  template <typename ReleaseNow>
  Outcome release(const char *call, ReleaseNow releaseNow);
  /// DRIVER_ERROR with the message of a failed check.
  static Outcome driverFailure(std::string &error) {
    return Outcome(LMHEAD_STATUS_DRIVER_ERROR, std::move(error));
  }
  /// Success when `ok`, else driverFailure(error).
  static Outcome driverOutcome(bool ok, std::string &error) {
    return ok ? Outcome() : driverFailure(error);
  }
  /// Runs `calls` with the primary context current: driver calls checked
  /// into the message they are given, true when all succeeded. A failure
  /// (making the context current, or a call) is DRIVER_ERROR with its
  /// message.
  template <typename Calls> Outcome onContext(Calls calls) {
    std::string error;
    bool ok = makeCurrent(error) && calls(error);
    return driverOutcome(ok, error);
  }

  std::unique_ptr<CudaDriver> driver;
  CUdevice device;
  CUcontext context;
  /// CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X, _Y and _Z of the device.
  unsigned gridLimit[3] = {0, 0, 0};
};

} // namespace lmhead::runtime

#endif // LMHEAD_RUNTIME_LIB_CUDABACKEND_H
