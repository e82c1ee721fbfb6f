//===- DeviceQuery.cpp - the C API's view of the CUDA devices -------------===//
//
// Thin C wrappers over probeCudaDevices: they check arguments, copy the
// answer into the caller's fixed-size struct and set the last-error message.
//
//===----------------------------------------------------------------------===//

#include "CudaDevices.h"
#include "Status.h"

using namespace lmhead::runtime;

extern "C" int lmheadHasCudaBackend(void) {
  return isCudaBackendBuilt() ? 1 : 0;
}

extern "C" LMHeadStatus lmheadQueryCudaDevices(LMHeadCudaDeviceReport *report) {
  return guardEntry("lmheadQueryCudaDevices", [&]() -> LMHeadStatus {
    if (!report)
      return fail(LMHEAD_STATUS_INVALID_ARGUMENT,
                  "lmheadQueryCudaDevices: report is null");
    CudaDeviceInfo info;
    std::string error;
    LMHeadStatus status = probeCudaDevices(info, error);
    if (status != LMHEAD_STATUS_OK)
      return fail(status, error);
    report->driverVersion = info.driverVersion;
    report->deviceCount = info.deviceCount;
    report->device0TotalMemory = info.device0TotalMemory;
    copyToBuffer(info.device0Name, report->device0Name,
                 sizeof(report->device0Name));
    return succeed();
  });
}
