//===- EmulatorBackend.h - the Backend that runs PTX on the CPU -*- C++ -*-===//
//
// LMHEAD_DEVICE=emulator: kernels run in the PTX interpreter
// (Interpreter.h), device memory is host memory. By default
// (LMHEAD_EMULATOR_ORDER=eager) all work is done when it is enqueued, so
// streams and events only order what already happened. With
// LMHEAD_EMULATOR_ORDER=adversarial work waits in per-stream queues until
// a synchronisation needs it and then runs in a seeded random order that
// honours only stream order and events, checked for races between streams
// and for overruns of a workspace's buffers (StreamScheduler.h).
// Kernels may touch only memory the backend knows: its allocations and
// registered host memory; anything else is reported as out of bounds and
// the launch fails.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_RUNTIME_LIB_EMULATOR_EMULATORBACKEND_H
#define LMHEAD_RUNTIME_LIB_EMULATOR_EMULATORBACKEND_H

#include "../Backend.h"
#include "StreamScheduler.h"

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

  /// Guard gaps for the adversarial mode's overrun check; none otherwise.
  uint64_t workspaceGuardBytes() const override;
  void guardWorkspace(const WorkspaceGuard &guard, void *stream,
                      bool inUse) override;

  /// Whether [address, address + bytes) lies in one allocation or
  /// registered host range.
  bool isKnownMemory(uint64_t address, uint64_t bytes) const;
  /// The allocation or registered host range holding `address`: true with
  /// its bounds [begin, end).
  bool knownExtent(uint64_t address, uint64_t &begin, uint64_t &end) const;

  /// The device address and size of `module`'s .global or .const variable
  /// `name` (what cuModuleGetGlobal returns).
  Outcome getVariable(void *module, const char *name, uint64_t &address,
                      std::size_t &bytes);
  /// Where [start, end) lies, for reports: "bytes [a, b) of the N-byte
  /// allocation at 0x...".
  std::string describeMemory(uint64_t start, uint64_t end) const;

  /// The bytes left unused after each workspace buffer in the adversarial
  /// mode: more than a tile of rows a kernel could run past its buffer by.
  static constexpr uint64_t kWorkspaceGuardBytes = 4096;

private:
  struct Module;
  struct Function;

  /// Frees the device memory of `module`'s variables.
  void releaseVariables(Module &module);

  /// Runs a launch that passed its checks, now; "" or why it failed.
  /// `accesses`, when given, is told of its global accesses.
  std::string runLaunch(const Function &function, const LaunchDims &dims,
                        void **params,
                        emulator::GlobalAccessObserver *accesses);
  /// `outcome` for a failure the scheduler reported ("" for none).
  static Outcome failure(std::string message);

  /// The adversarial mode's queues; null in the eager mode.
  std::unique_ptr<emulator::StreamScheduler> scheduler;

  mutable std::mutex mutex;
  /// Start → size of every allocation and registered host range.
  std::map<uint64_t, uint64_t> allocations;
  std::set<uint64_t> registered;
  std::set<Module *> modules;
  std::set<void *> streams, events;
};

} // namespace lmhead::runtime

#endif // LMHEAD_RUNTIME_LIB_EMULATOR_EMULATORBACKEND_H
