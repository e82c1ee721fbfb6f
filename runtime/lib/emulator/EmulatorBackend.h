//===- EmulatorBackend.h - the Backend that runs PTX on the CPU -*- C++ -*-===//
//
// LMHEAD_DEVICE=emulator: kernels run in the PTX interpreter
// (Interpreter.h), device memory is host memory, and all work is done when
// it is enqueued, so streams and events only order what already happened.
// Kernels may touch only memory the backend knows: its allocations and
// registered host memory; anything else is reported as out of bounds and
// the launch fails.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_RUNTIME_LIB_EMULATOR_EMULATORBACKEND_H
#define LMHEAD_RUNTIME_LIB_EMULATOR_EMULATORBACKEND_H

#include "../Backend.h"

#include <map>
#include <memory>
#include <mutex>
#include <set>

namespace lmhead::runtime {

class EmulatorBackend final : public Backend {
public:
  EmulatorBackend();
  ~EmulatorBackend() override;

  const char *name() const override { return "emulator"; }
  /// CUDA's limits for sm_80 and sm_90 (2^31 − 1, 65535, 65535), so that
  /// a launch the GPU would refuse is refused here too.
  void maxGridSize(unsigned (&size)[3]) const override;
  // The operations of BackendOperations.def.
#define LMHEAD_BACKEND_OPERATION(name, parameters)                             \
  Outcome name parameters override;
#include "../BackendOperations.def"

  /// Whether [address, address + bytes) lies in one allocation or
  /// registered host range.
  bool isKnownMemory(uint64_t address, uint64_t bytes) const;

private:
  struct Module;
  struct Function;

  mutable std::mutex mutex;
  /// Start → size of every allocation and registered host range.
  std::map<uint64_t, uint64_t> allocations;
  std::set<uint64_t> registered;
  std::set<Module *> modules;
  std::set<void *> streams, events;
};

} // namespace lmhead::runtime

#endif // LMHEAD_RUNTIME_LIB_EMULATOR_EMULATORBACKEND_H
