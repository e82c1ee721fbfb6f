//===- FuzzManifest.cpp - libFuzzer target: manifest.json into the runtime ===//
//
// Every input is a bundle's manifest.json. It is written into a bundle
// folder beside a PTX file for each ".ptx" name it mentions, whose kernels
// are the "name"s it mentions (so that real manifests load all the way),
// and the bundle is loaded through the runtime's C API on the fake CUDA
// driver (runtime/test/FakeCudaDriver.cpp: device memory is host memory,
// kernels are not run). For each op name the manifest may define, the
// workspace size is asked and the op is run with operand counts 0 to
// kMaxOperands and two sets of operand values; then the bundle is
// unloaded.
//
// Whatever the text, every call must end in a status (with a message on
// failure): a crash or a sanitizer finding is a bug, and so is a bundle
// that leaves driver objects alive after it is unloaded, which the fuzzer
// checks with the fake driver's count and reports by aborting.
//
//===----------------------------------------------------------------------===//

#include "ScratchDirectory.h"
#include "lmhead/runtime/Runtime.h"

#include <dlfcn.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <string>
#include <vector>

#ifndef LMHEAD_FAKE_LIBCUDA
#error "LMHEAD_FAKE_LIBCUDA must name the fake libcuda.so.1"
#endif

namespace {

using lmhead::fuzz::scratchDirectory;

/// The most operands an op is run with.
constexpr unsigned kMaxOperands = 24;

/// The fake driver's counters and log, reached the way the runtime
/// reaches the driver itself (the same handle).
int (*liveObjects)() = nullptr;
void (*clearLog)() = nullptr;

/// The driver objects the process keeps once the backend is up (the
/// primary context it retains): every bundle must leave exactly these.
int processObjects = -1;

/// The "producer" member of a manifest this build's lmhead-opt writes.
std::string producer() {
  return std::string("\"producer\": {\"lmhead\": \"") +
         lmheadGetVersionString() + "\", \"revision\": \"" +
         lmheadGetBuildRevision() + "\"}";
}

/// A bundle that loads: one op, one kernel.
constexpr char kSmallManifest[] = R"({"format": "lmhead-bundle", "version": 1,
  "ptx": "kernels.ptx", "ops": {"op": {"operands": ["x", "n"],
  "kernels": [{"name": "k", "stream": "dh", "grid": ["n", 1, 1],
               "block": [32, 1, 1], "params": ["x", "n"]}]}}})";

void writeFile(const std::string &name, const std::string &contents) {
  std::ofstream(scratchDirectory() + "/" + name, std::ios::binary) << contents;
}

/// Every distinct string the manifest holds that matches `pattern`'s
/// first group.
std::set<std::string> matches(const std::string &text,
                              const std::regex &pattern) {
  std::set<std::string> found;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), pattern);
       it != std::sregex_iterator(); ++it)
    found.insert((*it)[1].str());
  return found;
}

/// A PTX module whose kernels are `names`, each without parameters (the
/// fake driver reads as many parameters of a launch as the PTX declares).
std::string ptxWithKernels(const std::set<std::string> &names) {
  std::string ptx = ".version 8.0\n.target sm_90a\n.address_size 64\n";
  for (const std::string &name : names)
    ptx += ".visible .entry " + name + "()\n{\nret;\n}\n";
  return ptx;
}

/// Runs `op` with 0 to kMaxOperands operands of each value pattern, and
/// asks its workspace size.
void exercise(LMHeadBundle *bundle, const std::string &op) {
  // Pointers and sizes alike: multiples of 256 (tensor maps need 16-byte
  // aligned addresses), small and large.
  static const unsigned long long patterns[2][kMaxOperands] = {
      {4096, 256, 1 << 20, 128, 512, 65536, 256, 1024, 4096, 256, 768, 256,
       4096, 256, 1 << 20, 128, 512, 65536, 256, 1024, 4096, 256, 768, 256},
      {256, 256, 256, 256, 256, 256, 256, 256, 256, 256, 256, 256,
       256, 256, 256, 256, 256, 256, 256, 256, 256, 256, 256, 256}};
  for (const auto &operands : patterns) {
    for (unsigned count = 0; count <= kMaxOperands; ++count) {
      unsigned long long bytes = 0;
      (void)lmheadBundleWorkspaceSize(bundle, op.c_str(), operands, count,
                                      &bytes);
      (void)lmheadBundleRun(bundle, op.c_str(), operands, count, nullptr);
    }
  }
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  setenv("LMHEAD_LIBCUDA", LMHEAD_FAKE_LIBCUDA, 1);
  setenv("LMHEAD_DEVICE", "cuda", 1);
  // The generated kernels take no parameters, so the fake driver does not
  // answer for their signatures (as a driver before CUDA 12.4 cannot) and
  // manifests with parameters still load and run.
  setenv("LMHEAD_FAKE_CUDA_NO_PARAM_INFO", "1", 1);
  void *fake = dlopen(LMHEAD_FAKE_LIBCUDA, RTLD_NOW | RTLD_LOCAL);
  if (fake) {
    liveObjects =
        reinterpret_cast<int (*)()>(dlsym(fake, "lmheadFakeCudaLiveObjects"));
    clearLog =
        reinterpret_cast<void (*)()>(dlsym(fake, "lmheadFakeCudaClearLog"));
  }
  if (!liveObjects || !clearLog) {
    std::fprintf(stderr,
                 "lmhead-fuzz-manifest: cannot open the fake driver "
                 "%s\n",
                 LMHEAD_FAKE_LIBCUDA);
    std::abort();
  }
  lmhead::fuzz::makeScratchDirectory("lmhead-fuzz-manifest");

  // Bring the backend up with a bundle that loads, so that what it keeps
  // for the process is counted once.
  std::string small = kSmallManifest;
  small.insert(small.find("\"version\": 1") + 12, ", " + producer());
  writeFile("manifest.json", small);
  writeFile("kernels.ptx", ptxWithKernels({"k"}));
  LMHeadBundle *bundle = nullptr;
  if (lmheadBundleLoad(scratchDirectory().c_str(), &bundle) !=
      LMHEAD_STATUS_OK) {
    std::fprintf(stderr,
                 "lmhead-fuzz-manifest: the fake driver does not "
                 "load a valid bundle: %s\n",
                 lmheadGetLastErrorMessage());
    std::abort();
  }
  (void)lmheadBundleUnload(bundle);
  unlink((scratchDirectory() + "/kernels.ptx").c_str());
  processObjects = liveObjects();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, std::size_t size) {
  std::string manifest(reinterpret_cast<const char *>(data), size);
  // The build identity lmhead-opt writes, so that inputs get past it (its
  // own checks are reached by inputs that already spell a "producer").
  if (manifest.find("\"producer\"") == std::string::npos) {
    const std::string version = "\"version\": 1";
    std::size_t at = manifest.find(version);
    if (at != std::string::npos)
      manifest.insert(at + version.size(), ", " + producer());
  }
  static const std::regex ptxName("\"([A-Za-z0-9_][A-Za-z0-9_.-]*\\.ptx)\"");
  static const std::regex kernelName(
      "\"name\"\\s*:\\s*\"([A-Za-z_][A-Za-z0-9_$]*)\"");
  static const std::regex objectKey("\"([A-Za-z0-9_.-]+)\"\\s*:\\s*\\{");

  std::set<std::string> ptxFiles = matches(manifest, ptxName);
  std::string ptx = ptxWithKernels(matches(manifest, kernelName));
  writeFile("manifest.json", manifest);
  for (const std::string &file : ptxFiles)
    writeFile(file, ptx);

  clearLog();
  LMHeadBundle *bundle = nullptr;
  if (lmheadBundleLoad(scratchDirectory().c_str(), &bundle) ==
      LMHEAD_STATUS_OK) {
    for (const std::string &op : matches(manifest, objectKey))
      exercise(bundle, op);
    (void)lmheadBundleUnload(bundle);
  }
  int live = liveObjects();
  if (live != processObjects) {
    std::fprintf(stderr,
                 "lmhead-fuzz-manifest: %d driver objects alive after the "
                 "bundle was unloaded, %d before it was loaded\n",
                 live, processObjects);
    std::abort();
  }

  for (const std::string &file : ptxFiles)
    unlink((scratchDirectory() + "/" + file).c_str());
  return 0;
}
