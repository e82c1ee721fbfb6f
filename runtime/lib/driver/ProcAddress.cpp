//===- ProcAddress.cpp - cuGetProcAddress ---------------------------------===//
//
// cudart 13 resolves every driver entry point through cuGetProcAddress at
// start-up (a few hundred of them, by name and by the CUDA version whose
// ABI it was built against), so this table is what makes the library a
// driver to it. EntryPoints.def lists what is implemented, with the
// version each ABI starts at, and what is not: those names resolve to
// stubs that say so on stderr and return CUDA_ERROR_NOT_SUPPORTED, rather
// than to nothing, so that a program learns which call it made. The
// per-thread default stream variants (_ptds, _ptsz) are the same functions:
// every stream is always idle on the emulator.
//
//===----------------------------------------------------------------------===//

#include "DriverInternals.h"

#include <cstring>

using namespace lmhead;
using namespace lmhead::driver;

namespace {

struct EntryPoint {
  const char *name;
  int version;
  void *function;
};

const EntryPoint kEntryPoints[] = {
#define LMHEAD_DRIVER_ENTRY(name, version, function)                           \
  {#name, version, reinterpret_cast<void *>(&function)},
#include "EntryPoints.def"
};

// One stub per unsupported name. They are called with the arguments of the
// real entry point, which they ignore: in the C calling convention the
// caller owns its arguments, so a function that takes none may be called
// with any.
#define LMHEAD_DRIVER_UNSUPPORTED(name)                                        \
  CUresult unsupported_##name() {                                              \
    return fail(#name, CUDA_ERROR_NOT_SUPPORTED,                               \
                "not supported by the PTX emulator");                          \
  }
#include "EntryPoints.def"

struct Unsupported {
  const char *name;
  void *function;
};

const Unsupported kUnsupported[] = {
#define LMHEAD_DRIVER_UNSUPPORTED(name)                                        \
  {#name, reinterpret_cast<void *>(&unsupported_##name)},
#include "EntryPoints.def"
};

CUresult lookup(const char *symbol, void **function, int version,
                CUdriverProcAddressQueryResult *status) {
  auto report = [&](CUdriverProcAddressQueryResult value) {
    if (status)
      *status = value;
  };
  if (!symbol || !function) {
    report(CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND);
    return fail("cuGetProcAddress", CUDA_ERROR_INVALID_VALUE,
                "symbol or pfn is null");
  }
  bool found = false;
  *function = procAddress(symbol, version, found);
  if (*function) {
    report(CU_GET_PROC_ADDRESS_SUCCESS);
    return CUDA_SUCCESS;
  }
  // Not found is an answer, not an error: the caller reads symbolStatus.
  report(found ? CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT
               : CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND);
  if (tracing())
    std::fprintf(stderr,
                 "lmhead libcuda: trace: cuGetProcAddress: %s (%d) %s\n",
                 symbol, version, found ? "needs a newer version" : "unknown");
  return CUDA_ERROR_NOT_FOUND;
}

} // namespace

void *driver::procAddress(const char *symbol, int version, bool &found) {
  const EntryPoint *best = nullptr;
  found = false;
  for (const EntryPoint &entry : kEntryPoints) {
    if (std::strcmp(entry.name, symbol) != 0)
      continue;
    found = true;
    if (entry.version <= version && (!best || entry.version > best->version))
      best = &entry;
  }
  if (best)
    return best->function;
  if (!found)
    for (const Unsupported &entry : kUnsupported)
      if (std::strcmp(entry.name, symbol) == 0) {
        found = true;
        return entry.function;
      }
  return nullptr;
}

CUresult cuGetProcAddress_v2(const char *symbol, void **function,
                             int cudaVersion, cuuint64_t flags,
                             CUdriverProcAddressQueryResult *symbolStatus) {
  return entry("cuGetProcAddress", [&] {
    if (flags & ~cuuint64_t(CU_GET_PROC_ADDRESS_LEGACY_STREAM |
                            CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM))
      return fail("cuGetProcAddress", CUDA_ERROR_INVALID_VALUE,
                  "unknown flags " + std::to_string(flags));
    return lookup(symbol, function, cudaVersion, symbolStatus);
  });
}

CUresult cuGetProcAddress(const char *symbol, void **function, int cudaVersion,
                          cuuint64_t flags) {
  return cuGetProcAddress_v2(symbol, function, cudaVersion, flags, nullptr);
}
