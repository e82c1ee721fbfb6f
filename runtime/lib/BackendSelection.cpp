//===- BackendSelection.cpp - LMHEAD_DEVICE chooses CUDA or the emulator --===//
//
// The setting is read from the environment on every call rather than cached,
// so a process (or a test) that changes LMHEAD_DEVICE gets what it asked for.
// "emulator" never touches the driver; "cuda" and "auto" probe it once. An
// unknown value is always an error, even though "auto" could have guessed:
// a typo such as LMHEAD_DEVICE=cdua must not silently run on the CPU.
//
//===----------------------------------------------------------------------===//

#include "CudaDevices.h"
#include "Status.h"

#include <cstdlib>
#include <cstring>

using namespace lmhead::runtime;

namespace {

constexpr const char *kDeviceVariable = "LMHEAD_DEVICE";

/// Parses the value of LMHEAD_DEVICE (null when unset).
bool parseDeviceSetting(const char *value, LMHeadDeviceSetting &setting,
                        std::string &error) {
  if (!value || !*value || std::strcmp(value, "auto") == 0) {
    setting = LMHEAD_DEVICE_AUTO;
    return true;
  }
  if (std::strcmp(value, "cuda") == 0) {
    setting = LMHEAD_DEVICE_CUDA;
    return true;
  }
  if (std::strcmp(value, "emulator") == 0) {
    setting = LMHEAD_DEVICE_EMULATOR;
    return true;
  }
  error = std::string(kDeviceVariable) + " has the unknown value '" + value +
          "'; accepted values are cuda, emulator and auto (the default when "
          "unset)";
  return false;
}

/// "13.0" for the driver's 13000.
std::string formatDriverVersion(int version) {
  return std::to_string(version / 1000) + "." +
         std::to_string((version % 1000) / 10);
}

std::string describeDevices(const CudaDeviceInfo &info) {
  return "CUDA driver " + formatDriverVersion(info.driverVersion) + " with " +
         std::to_string(info.deviceCount) + " device(s), device 0 is " +
         info.device0Name;
}

} // namespace

extern "C" const char *lmheadBackendName(LMHeadBackend backend) {
  // Read as an int: see lmheadStatusName.
  static_assert(sizeof(LMHeadBackend) == sizeof(int));
  int value;
  std::memcpy(&value, &backend, sizeof(value));
  switch (value) {
  case LMHEAD_BACKEND_EMULATOR:
    return "emulator";
  case LMHEAD_BACKEND_CUDA:
    return "cuda";
  }
  return "<unknown>";
}

extern "C" LMHeadStatus lmheadSelectBackend(LMHeadBackendSelection *selection) {
  return guardEntry("lmheadSelectBackend", [&]() -> LMHeadStatus {
    if (!selection)
      return fail(LMHEAD_STATUS_INVALID_ARGUMENT,
                  "lmheadSelectBackend: selection is null");

    const char *value = std::getenv(kDeviceVariable);
    LMHeadDeviceSetting setting;
    std::string error;
    if (!parseDeviceSetting(value, setting, error))
      return fail(LMHEAD_STATUS_INVALID_SETTING, error);

    std::string asked = std::string(kDeviceVariable) + "=" +
                        (value && *value ? value : "auto (unset)");
    LMHeadBackendSelection result = {};
    result.setting = setting;

    if (setting == LMHEAD_DEVICE_EMULATOR) {
      result.backend = LMHEAD_BACKEND_EMULATOR;
      copyToBuffer(asked, result.reason, sizeof(result.reason));
      *selection = result;
      return succeed();
    }

    CudaDeviceInfo info;
    LMHeadStatus status = probeCudaDevices(info, error);
    if (status == LMHEAD_STATUS_OK && info.deviceCount == 0) {
      status = LMHEAD_STATUS_NO_DEVICE;
      error = "the CUDA driver reports no device";
    }

    if (status == LMHEAD_STATUS_OK) {
      result.backend = LMHEAD_BACKEND_CUDA;
      copyToBuffer(asked + ": " + describeDevices(info), result.reason,
                   sizeof(result.reason));
      *selection = result;
      return succeed();
    }
    if (setting == LMHEAD_DEVICE_CUDA)
      return fail(status, asked + " but " + error);

    // auto: whatever keeps CUDA from working means "no GPU here"; the reason
    // is kept so that a user wondering why kernels run on the CPU can see it.
    result.backend = LMHEAD_BACKEND_EMULATOR;
    copyToBuffer(asked + ": using the emulator because " + error, result.reason,
                 sizeof(result.reason));
    *selection = result;
    return succeed();
  });
}
