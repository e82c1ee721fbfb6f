//===- Version.cpp - the runtime's version --------------------------------===//
//
// The numbers come from the top-level project() through compile definitions,
// so the library, the installed CMake package and the Python package can
// never disagree about which version they are. The revision comes from the
// header the build writes (cmake/BuildRevision.cmake).
//
//===----------------------------------------------------------------------===//

#include "lmhead/runtime/Runtime.h"

#include "BuildRevision.inc"

#define LMHEAD_STRINGIFY_IMPL(x) #x
#define LMHEAD_STRINGIFY(x) LMHEAD_STRINGIFY_IMPL(x)

extern "C" void lmheadGetVersion(int *major, int *minor, int *patch) {
  if (major)
    *major = LMHEAD_VERSION_MAJOR;
  if (minor)
    *minor = LMHEAD_VERSION_MINOR;
  if (patch)
    *patch = LMHEAD_VERSION_PATCH;
}

extern "C" const char *lmheadGetVersionString(void) {
  return LMHEAD_STRINGIFY(LMHEAD_VERSION_MAJOR) "." LMHEAD_STRINGIFY(
      LMHEAD_VERSION_MINOR) "." LMHEAD_STRINGIFY(LMHEAD_VERSION_PATCH);
}

extern "C" const char *lmheadGetBuildRevision(void) {
  return LMHEAD_BUILD_REVISION;
}
