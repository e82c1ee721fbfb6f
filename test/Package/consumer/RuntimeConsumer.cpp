//===- RuntimeConsumer.cpp - use the installed lmhead runtime -------------===//
//
// Includes the installed C header, links the installed library and calls it:
// the version must be the one find_package reported, and selecting a backend
// must succeed whatever the machine has (LMHEAD_DEVICE is left unset, so
// auto: CUDA with a GPU, the emulator without).
//
//===----------------------------------------------------------------------===//

#include "lmhead/runtime/Runtime.h"

#include <cstdio>
#include <cstring>

int main() {
  std::printf("lmhead runtime %s\n", lmheadGetVersionString());
  if (std::strcmp(lmheadGetVersionString(), LMHEAD_PACKAGE_VERSION) != 0) {
    std::fprintf(stderr, "the library is %s but the package says %s\n",
                 lmheadGetVersionString(), LMHEAD_PACKAGE_VERSION);
    return 1;
  }

  LMHeadBackendSelection selection;
  LMHeadStatus status = lmheadSelectBackend(&selection);
  if (status != LMHEAD_STATUS_OK) {
    std::fprintf(stderr, "lmheadSelectBackend: %s: %s\n",
                 lmheadStatusName(status), lmheadGetLastErrorMessage());
    return 1;
  }
  std::printf("backend %s (%s)\n", lmheadBackendName(selection.backend),
              selection.reason);
  return 0;
}
