//===- CudartInternals.h - the emulated runtime's private header -*- C++
//-*-===//
//
// The emulated libcudart.so.13 implements the CUDA runtime API that
// programs built with `nvcc -cudart shared` call, on the driver API of the
// emulated libcuda.so.1 (../driver/). It exists because NVIDIA's own cudart
// (also the static one nvcc links by default) will only run on a driver
// that answers a private challenge (ExportTables.cpp), which a driver of
// another vendor cannot legitimately answer; programs built against the
// shared runtime find this one first through LD_LIBRARY_PATH instead.
//
// Every runtime call makes the device's primary context current on its
// thread (as cudart does), calls the driver, records the result as the
// thread's last error when it is one (cudaGetLastError), and returns it.
// CUresult and cudaError_t share their numbers for every code the driver
// returns, so results pass through unchanged.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_RUNTIME_LIB_CUDART_CUDARTINTERNALS_H
#define LMHEAD_RUNTIME_LIB_CUDART_CUDARTINTERNALS_H

#pragma GCC visibility push(default)
#include <cuda.h>
#include <cuda_runtime_api.h>
#pragma GCC visibility pop

/// The registration and launch calls of nvcc's generated host code, which
/// the toolkit declares only in an internal header (crt/host_runtime.h).
#define LMHEAD_CUDART_EXPORT __attribute__((visibility("default")))

namespace lmhead::cudart {

/// Makes the primary context current on this thread when none is (cuInit
/// and cuDevicePrimaryCtxRetain on first use). Returns the driver's error.
CUresult ensureContext();

/// Records `result` as this thread's last error when it is not success,
/// and returns it as a cudaError_t.
cudaError_t finish(CUresult result);

/// The CUfunction of a kernel registered under its host stub `hostFunction`
/// (loading its fatbinary's module on first use), or an error.
CUresult functionOf(const void *hostFunction, CUfunction &function);

} // namespace lmhead::cudart

#endif // LMHEAD_RUNTIME_LIB_CUDART_CUDARTINTERNALS_H
