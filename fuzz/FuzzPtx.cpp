//===- FuzzPtx.cpp - libFuzzer target: PTX text into the emulator ---------===//
//
// Every input is PTX text. The emulator's front end parses it; each kernel
// that parses is then launched once on a tiny geometry (one block of at
// most 128 threads, or what its .reqntid/.maxntid asks when that is at most
// 256) with a bounded number of warp instructions, so that the decoder and
// the interpreter see it too. Pointer-sized parameters point into one
// 64 KiB global buffer, the others hold small integers; a kernel that reads
// or writes anywhere else must be stopped with a report.
//
// Whatever the text, the result must be a module or an error message, and
// a launch must finish or stop with a report: a crash, a sanitizer finding
// or a launch that never ends is a bug.
//
//===----------------------------------------------------------------------===//

#include "emulator/Interpreter.h"
#include "emulator/Ptx.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

namespace {

using lmhead::runtime::emulator::LaunchRequest;
using lmhead::runtime::emulator::runKernel;
namespace ptx = lmhead::runtime::ptx;

/// Kernels launched per input, and the bounds of one launch.
constexpr std::size_t kMaxKernels = 4;
constexpr unsigned kDefaultThreads = 128;
constexpr unsigned kMaxThreads = 256;
constexpr uint64_t kMaxWarpInstructions = 20000;
constexpr uint64_t kMaxParameterBytes = 4096;
constexpr unsigned kDynamicSharedBytes = 4096;
constexpr std::size_t kGlobalBytes = 64 * 1024;

/// Sets `request`'s block to what `kernel` declares (.reqntid/.maxntid)
/// when that is at most kMaxThreads threads, else kDefaultThreads × 1 × 1.
void chooseBlock(const ptx::Function &kernel, LaunchRequest &request) {
  uint64_t declared = 1;
  for (unsigned extent : kernel.maxThreads)
    declared *= extent ? extent : 1;
  bool useDeclared = kernel.maxThreads[0] != 0 && declared <= kMaxThreads;
  for (int i = 0; i < 3; ++i)
    request.block[i] = useDeclared && kernel.maxThreads[i]
                           ? kernel.maxThreads[i]
                           : (i == 0 && !useDeclared ? kDefaultThreads : 1);
}

/// Launches `kernel` once; the result does not matter, only that it ends.
void launch(const ptx::Module &module, const ptx::Function &kernel,
            std::vector<unsigned char> &global) {
  uint64_t parameterBytes = 0;
  for (const ptx::Parameter &parameter : kernel.params)
    parameterBytes += parameter.bytes();
  if (parameterBytes > kMaxParameterBytes)
    return;

  // Each parameter's value, in storage of its own size.
  const auto globalAddress = reinterpret_cast<uint64_t>(global.data());
  std::vector<std::vector<unsigned char>> values;
  std::vector<void *> pointers;
  for (const ptx::Parameter &parameter : kernel.params) {
    std::vector<unsigned char> value(
        std::max<uint64_t>(parameter.bytes(), sizeof(uint64_t)), 0);
    uint64_t word = ptx::typeBytes(parameter.type) == 8 ? globalAddress : 64;
    std::memcpy(value.data(), &word, sizeof(word));
    values.push_back(std::move(value));
  }
  for (std::vector<unsigned char> &value : values)
    pointers.push_back(value.data());

  LaunchRequest request;
  chooseBlock(kernel, request);
  request.dynamicSharedBytes = kDynamicSharedBytes;
  request.params = pointers.data();
  request.maxWarpInstructions = kMaxWarpInstructions;
  request.isGlobal = [globalAddress](uint64_t address, uint64_t bytes) {
    return address >= globalAddress && bytes <= kGlobalBytes &&
           address - globalAddress <= kGlobalBytes - bytes;
  };
  std::string error;
  (void)runKernel(module, kernel, request, error);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, std::size_t size) {
  std::string text(reinterpret_cast<const char *>(data), size);
  std::string error;
  std::optional<ptx::Module> module = ptx::parse(text, error);
  if (!module)
    return 0;
  std::vector<unsigned char> global(kGlobalBytes, 0);
  std::size_t launched = 0;
  for (const ptx::Function &function : module->functions) {
    if (!function.isEntry)
      continue;
    if (launched++ == kMaxKernels)
      break;
    launch(*module, function, global);
  }
  return 0;
}
