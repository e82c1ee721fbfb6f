//===- ExportTables.cpp - cuGetExportTable, the runtime's private tables --===//
//
// cudart (statically linked into every program nvcc builds by default)
// reaches parts of the driver through cuGetExportTable: tables of function
// pointers looked up by UUID, which NVIDIA does not document. What is known
// of them comes from observing what cudart 13 asks for (LMHEAD_CUDA_TRACE=1
// shows every lookup and every slot it calls) and from public write-ups of
// other reimplementations of the driver (the ZLUDA project). This file
// serves the least that makes cudart 13.0 work; every other slot of a table
// is a stub that names itself on stderr and returns CUDA_ERROR_NOT_SUPPORTED.
//
// The tables, as far as known:
//
// - f8cff951-2146-8b4e-b9e2-fb469e7c0dd9: asked for first, before cuInit;
//   a driver that serves it lets cudart skip parts of its start-up. Refused
//   (CUDA_ERROR_NOT_FOUND), as an older driver would.
// - 6bd5fb6c-5bf4-e74a-8987-d93912fd9df9, "cudart interface": slot 0 holds
//   the table's size; slot 1 loads a module from cudart's fatbinary wrapper
//   (__fatBinC_Wrapper_t); slot 2 gives the primary context of a device;
//   slots 6 and 8 load a module from a wrapper or a bare fatbinary with
//   options (unused here when null); slot 7 is a notification that needs
//   no action.
// - a094798c-2e74-2e74-93f2-0800200c0a66, "tools runtime callback hooks":
//   slots 2 and 6 give cudart buffers (an address and a size) in which
//   profiling tools find its callbacks; any zeroed buffers do.
// - 42d85a81-23f6-cb47-8298-f6e78a3aecdc, "tools thread-local storage":
//   only its size is read.
// - c693336e-1121-df11-a8c3-68f355d89593, "context-local storage": slots 0
//   to 2 put, delete and get a value per (context, key): cudart keeps its
//   per-context state there.
// - 263e8860-7cd2-6143-92f6-bbd5006dfa7e, "context checks": slot 2 asks
//   whether a context is special (0: no), slot 3 returns 0.
// - d4082055-bde6-704b-8d34-ba123c66e1f2: slot 1 answers a challenge from
//   cudart (a version, a time) with a keyed hash of the driver's identity,
//   by which cudart establishes that the driver is NVIDIA's; cudart 13
//   stops without it. Answering it would mean reproducing NVIDIA's secret
//   key to pass a check made to exclude other drivers, which this project
//   does not do. It is refused (CUDA_ERROR_NOT_FOUND) with a message saying
//   what to do instead: build the program with `nvcc -cudart shared`, so
//   that it loads the emulated libcudart.so.13 (../cudart/) that sits beside
//   this library and calls the driver API only.
//
// So NVIDIA's cudart runs this far: it loads, resolves every entry point,
// initialises, enumerates the device and its attributes, and stops at the
// challenge. The tables before it are served so that it gets there and says
// why it stops, and for tools that use them without the challenge.
//===----------------------------------------------------------------------===//

#include "DriverInternals.h"

#include <cstring>

using namespace lmhead;
using namespace lmhead::driver;

namespace {

/// A table's UUID as text ("6bd5fb6c-5bf4-..."), for messages.
std::string uuidText(const CUuuid &id) {
  std::string text;
  for (int i = 0; i < 16; ++i) {
    char hex[4];
    std::snprintf(hex, sizeof(hex), "%02x",
                  static_cast<unsigned char>(id.bytes[i]));
    text += hex;
    if (i == 3 || i == 5 || i == 7 || i == 9)
      text += '-';
  }
  return text;
}

/// The stub in slot `Slot` of table `Table` (an index into kTables):
/// called with arguments it ignores (the caller owns them in the C calling
/// convention).
template <int Table, int Slot> CUresult unknownSlot();

//===----------------------------------------------------------------------===//
// The cudart interface
//===----------------------------------------------------------------------===//

/// cudart's wrapper around a fatbinary (fatbinary_section.h).
CUresult getModuleFromCubin(CUmodule *result, const void *wrapper) {
  return entry("cudart interface: load module", [&] {
    if (!result || !wrapper)
      return fail("cudart interface: load module", CUDA_ERROR_INVALID_VALUE,
                  "module or fatbinary is null");
    Module *module;
    if (CUresult error =
            loadModule("cudart interface: load module", wrapper, module))
      return error;
    *result = reinterpret_cast<CUmodule>(module);
    return CUDA_SUCCESS;
  });
}

CUresult getModuleFromCubinEx1(CUmodule *result, const void *wrapper, void *,
                               void *, unsigned) {
  return getModuleFromCubin(result, wrapper);
}

CUresult getModuleFromCubinEx2(const void *fatbinary, CUmodule *result, void *,
                               void *, unsigned) {
  return getModuleFromCubin(result, fatbinary);
}

CUresult getPrimaryContext(CUcontext *context, CUdevice device) {
  return entry("cudart interface: primary context", [&] {
    if (!context)
      return fail("cudart interface: primary context", CUDA_ERROR_INVALID_VALUE,
                  "pctx is null");
    if (device != 0)
      return fail("cudart interface: primary context",
                  CUDA_ERROR_INVALID_DEVICE,
                  "device " + std::to_string(device) + " does not exist");
    *context = reinterpret_cast<CUcontext>(&Driver::get().primaryContext);
    return CUDA_SUCCESS;
  });
}

CUresult cudartNotification(std::size_t) { return CUDA_SUCCESS; }

//===----------------------------------------------------------------------===//
// Tools callback hooks
//===----------------------------------------------------------------------===//

void callbackBuffer1(void **buffer, std::size_t *size) {
  static std::size_t space[1024];
  *buffer = space;
  *size = sizeof(space) / sizeof(space[0]);
}

void callbackBuffer2(void **buffer, std::size_t *size) {
  static unsigned char space[14];
  *buffer = space;
  *size = sizeof(space);
}

//===----------------------------------------------------------------------===//
// Context-local storage
//===----------------------------------------------------------------------===//

using StorageDestructor = void (*)(CUcontext, void *, void *);

Context *contextOrCurrent(CUcontext handle) {
  return handle ? reinterpret_cast<Context *>(handle) : currentContext();
}

CUresult storagePut(CUcontext context, void *key, void *value,
                    StorageDestructor) {
  Driver &driver = Driver::get();
  std::lock_guard<std::recursive_mutex> lock(driver.mutex);
  Context *owner = contextOrCurrent(context);
  if (!owner || !driver.contexts.count(owner))
    return fail("context-local storage", CUDA_ERROR_INVALID_CONTEXT,
                "no such context");
  driver.contextStorage[{owner, key}] = value;
  return CUDA_SUCCESS;
}

CUresult storageDelete(CUcontext context, void *key) {
  Driver &driver = Driver::get();
  std::lock_guard<std::recursive_mutex> lock(driver.mutex);
  driver.contextStorage.erase({contextOrCurrent(context), key});
  return CUDA_SUCCESS;
}

CUresult storageGet(void **value, CUcontext context, void *key) {
  Driver &driver = Driver::get();
  std::lock_guard<std::recursive_mutex> lock(driver.mutex);
  auto it = driver.contextStorage.find({contextOrCurrent(context), key});
  if (it == driver.contextStorage.end())
    return CUDA_ERROR_INVALID_VALUE; // not stored yet: cudart then puts it
  *value = it->second;
  return CUDA_SUCCESS;
}

//===----------------------------------------------------------------------===//
// Context checks
//===----------------------------------------------------------------------===//

CUresult contextCheck(CUcontext, unsigned *result, const void **detail) {
  if (result)
    *result = 0;
  if (detail)
    *detail = nullptr;
  return CUDA_SUCCESS;
}

unsigned contextCheckGlobal() { return 0; }

//===----------------------------------------------------------------------===//
// The tables
//===----------------------------------------------------------------------===//

constexpr int kSlots = 16;

/// A table: its UUID, its name and its slots. Slot 0 holds the table's
/// size in bytes where `sized` (the others hold it nowhere).
struct Table {
  const char *name;
  unsigned char uuid[16];
  int slots;
  bool sized;
  const void *entries[kSlots];
};

template <int T, std::size_t... S>
void fillUnknown(Table &table, std::index_sequence<S...>) {
  ((table.entries[S] =
        table.entries[S] ? table.entries[S]
                         : reinterpret_cast<const void *>(&unknownSlot<T, S>)),
   ...);
}

template <typename F> const void *slot(F *function) {
  return reinterpret_cast<const void *>(function);
}

Table *tables() {
  static Table all[] = {
      {"cudart interface",
       {0x6b, 0xd5, 0xfb, 0x6c, 0x5b, 0xf4, 0xe7, 0x4a, 0x89, 0x87, 0xd9, 0x39,
        0x12, 0xfd, 0x9d, 0xf9},
       13,
       true,
       {nullptr, slot(&getModuleFromCubin), slot(&getPrimaryContext), nullptr,
        nullptr, nullptr, slot(&getModuleFromCubinEx1),
        slot(&cudartNotification), slot(&getModuleFromCubinEx2)}},
      {"tools runtime callback hooks",
       {0xa0, 0x94, 0x79, 0x8c, 0x2e, 0x74, 0x2e, 0x74, 0x93, 0xf2, 0x08, 0x00,
        0x20, 0x0c, 0x0a, 0x66},
       7,
       true,
       {nullptr, nullptr, slot(&callbackBuffer1), nullptr, nullptr, nullptr,
        slot(&callbackBuffer2)}},
      {"tools thread-local storage",
       {0x42, 0xd8, 0x5a, 0x81, 0x23, 0xf6, 0xcb, 0x47, 0x82, 0x98, 0xf6, 0xe7,
        0x8a, 0x3a, 0xec, 0xdc},
       4,
       true,
       {}},
      {"context-local storage",
       {0xc6, 0x93, 0x33, 0x6e, 0x11, 0x21, 0xdf, 0x11, 0xa8, 0xc3, 0x68, 0xf3,
        0x55, 0xd8, 0x95, 0x93},
       4,
       false,
       {slot(&storagePut), slot(&storageDelete), slot(&storageGet)}},
      {"context checks",
       {0x26, 0x3e, 0x88, 0x60, 0x7c, 0xd2, 0x61, 0x43, 0x92, 0xf6, 0xbb, 0xd5,
        0x00, 0x6d, 0xfa, 0x7e},
       4,
       true,
       {nullptr, nullptr, slot(&contextCheck), slot(&contextCheckGlobal)}},
  };
  static bool ready = [] {
    constexpr auto slots = std::make_index_sequence<kSlots>();
    fillUnknown<0>(all[0], slots);
    fillUnknown<1>(all[1], slots);
    fillUnknown<2>(all[2], slots);
    fillUnknown<3>(all[3], slots);
    fillUnknown<4>(all[4], slots);
    for (Table &table : all)
      if (table.sized)
        table.entries[0] = reinterpret_cast<const void *>(
            static_cast<uintptr_t>(table.slots * sizeof(void *)));
    return true;
  }();
  (void)ready;
  return all;
}

constexpr int kTableCount = 5;

template <int T, int S> CUresult unknownSlot() {
  return fail("cuGetExportTable", CUDA_ERROR_NOT_SUPPORTED,
              std::string("slot ") + std::to_string(S) + " of the " +
                  tables()[T].name +
                  " table is not implemented by the PTX emulator's driver");
}

} // namespace

CUresult cuGetExportTable(const void **table, const CUuuid *id) {
  return entry("cuGetExportTable", [&] {
    if (!table || !id)
      return fail("cuGetExportTable", CUDA_ERROR_INVALID_VALUE,
                  "ppExportTable or pExportTableId is null");
    Table *all = tables();
    for (int i = 0; i < kTableCount; ++i)
      if (std::memcmp(all[i].uuid, id->bytes, 16) == 0) {
        *table = all[i].entries;
        if (tracing())
          std::fprintf(stderr, "lmhead libcuda: trace: export table %s (%s)\n",
                       uuidText(*id).c_str(), all[i].name);
        return CUDA_SUCCESS;
      }
    // Unknown tables are refused the way an older driver refuses them;
    // cudart carries on without the optional ones.
    *table = nullptr;
    static const unsigned char kChallenge[16] = {
        0xd4, 0x08, 0x20, 0x55, 0xbd, 0xe6, 0x70, 0x4b,
        0x8d, 0x34, 0xba, 0x12, 0x3c, 0x66, 0xe1, 0xf2};
    if (std::memcmp(id->bytes, kChallenge, 16) == 0)
      return fail("cuGetExportTable", CUDA_ERROR_NOT_FOUND,
                  "this program links NVIDIA's CUDA runtime (nvcc's default "
                  "-cudart static), which runs only on NVIDIA's driver; "
                  "build it with `nvcc -cudart shared` and run it with "
                  "LD_LIBRARY_PATH set to this library's folder, which "
                  "holds the emulated libcudart.so.13");
    if (tracing())
      std::fprintf(stderr, "lmhead libcuda: trace: export table %s refused\n",
                   uuidText(*id).c_str());
    return CUDA_ERROR_NOT_FOUND;
  });
}
