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
  LMHeadStatus loadModule(const void *image, void **module,
                          std::string &error) override;
  LMHeadStatus unloadModule(void *module, std::string &error) override;
  LMHeadStatus getFunction(void *module, const char *name, void **function,
                           std::string &error) override;
  LMHeadStatus parameterSizes(void *function, std::vector<std::size_t> &sizes,
                              bool &known, std::string &error) override;
  /// CUDA's limits for sm_80 and sm_90 (2^31 − 1, 65535, 65535), so that
  /// a launch the GPU would refuse is refused here too.
  void maxGridSize(unsigned (&size)[3]) const override;
  LMHeadStatus launch(void *function, const char *kernelName,
                      const LaunchDims &dims, void *stream, void **params,
                      std::string &error) override;
  LMHeadStatus createStream(void **stream, std::string &error) override;
  LMHeadStatus destroyStream(void *stream, std::string &error) override;
  LMHeadStatus synchronizeStream(void *stream, std::string &error) override;
  LMHeadStatus isCapturing(void *stream, bool &capturing,
                           std::string &error) override;
  LMHeadStatus streamWaitEvent(void *stream, void *event,
                               std::string &error) override;
  LMHeadStatus createEvent(void **event, std::string &error) override;
  LMHeadStatus destroyEvent(void *event, std::string &error) override;
  LMHeadStatus recordEvent(void *event, void *stream,
                           std::string &error) override;
  LMHeadStatus synchronizeEvent(void *event, std::string &error) override;
  LMHeadStatus allocate(std::size_t bytes, bool hostShared, void **pointer,
                        std::string &error) override;
  LMHeadStatus deallocate(void *pointer, std::string &error) override;
  LMHeadStatus copy(void *dst, const void *src, std::size_t bytes, void *stream,
                    std::string &error) override;
  LMHeadStatus fill32(void *dst, uint32_t value, std::size_t count,
                      void *stream, std::string &error) override;
  LMHeadStatus fill16(void *dst, uint16_t value, std::size_t count,
                      void *stream, std::string &error) override;
  LMHeadStatus registerHost(void *pointer, std::size_t bytes,
                            std::string &error) override;
  LMHeadStatus unregisterHost(void *pointer, std::string &error) override;
  LMHeadStatus encodeTensorMap(const TensorMapRequest &request, void *map,
                               std::string &error) override;

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
