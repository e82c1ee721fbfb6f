//===- FuzzManifest.cpp - libFuzzer target: bundles into the runtime ------===//
//
// Every input is a bundle's manifest.json, optionally followed by a NUL
// byte and control bytes that say how the bundle around it is made and
// run; without them (the seeds) the controls come from a hash of the
// input, so that every seed takes some path and mutations of the control
// bytes steer it.
//
// The manifest is written into a fresh bundle folder beside a PTX file for
// each ".ptx" name it mentions. The PTX holds a kernel for each "name" the
// manifest mentions, with a 64-bit parameter for each of its "params" (a
// control makes one kernel's signature disagree). The controls then
// choose:
//
//   - a file-system case: manifest.json or a PTX file as a FIFO, a folder,
//     a symlink (to the file, dangling, to a FIFO, to itself), a device,
//     a sparse file past the runtime's size limit, or the bundle path
//     naming a file; each must be refused with a status, never hang;
//   - on the fake driver, a failing driver call (LMHEAD_FAKE_CUDA_FAIL:
//     the module, stream, event, launch, tensor-map and copy calls with one
//     of several codes) and whether the driver answers for kernel
//     signatures (cuFuncGetParamInfo);
//   - an operand value pattern: zeros, small sizes, huge values, aligned and
//     unaligned pointers into a real device buffer, bytes of the input.
//
// The bundle is loaded through the runtime's C API and, for each object
// key of the manifest (the op names among them), the workspace size is
// asked and the op is run with 0 to kMaxOperands operands of the chosen
// pattern and of a fixed realistic one, on the default stream or on one of
// the caller's; then the bundle is unloaded.
//
// Built twice (fuzz/CMakeLists.txt), as the runtime's backend is chosen
// once per process: lmhead-fuzz-manifest runs on the fake CUDA driver
// (runtime/test/FakeCudaDriver.cpp: device memory is host memory, kernels
// are not run), lmhead-fuzz-manifest-emulator on the PTX emulator, which
// does run every launch: there, grids are kept small (see
// emulatorCanRunQuickly) so that an input's time is the runtime's, not a
// billion empty blocks'.
//
// Whatever the bundle, every call must end in a status: a crash, a hang
// or a sanitizer finding is a bug, and so is an unload that succeeds and
// leaves driver objects alive, which the fuzzer checks with the fake
// driver's count and reports by aborting.
//
//===----------------------------------------------------------------------===//

#include "ScratchDirectory.h"
#include "lmhead/runtime/Manifest.h"
#include "lmhead/runtime/Runtime.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <set>
#include <string>
#include <system_error>
#include <vector>

#ifndef LMHEAD_FAKE_LIBCUDA
#error "LMHEAD_FAKE_LIBCUDA must name the fake libcuda.so.1"
#endif
#ifndef LMHEAD_FUZZ_BACKEND
#error "LMHEAD_FUZZ_BACKEND must be \"cuda\" or \"emulator\""
#endif

namespace {

using lmhead::fuzz::scratchDirectory;

const bool kOnEmulator = std::string(LMHEAD_FUZZ_BACKEND) == "emulator";

/// The most operands an op is run with: above the 24 the largest op takes,
/// so that every count from none to far too many is tried.
constexpr unsigned kMaxOperands = 72;

/// The device buffer the pointer patterns point into.
constexpr unsigned long long kBufferBytes = 1 << 20;
unsigned long long buffer = 0;

/// A stream of the caller's, for the runs that are not on the default one.
void *callerStream = nullptr;

/// The fake driver's counter, reached the way the runtime reaches the
/// driver itself (the same handle).
int (*liveObjects)() = nullptr;

/// The driver objects the process keeps once the backend is up (the
/// primary context it retains, the buffer, the stream): every bundle whose
/// unload succeeds must leave exactly these.
int processObjects = -1;

/// The bytes that say how an input's bundle is made and run: those after
/// the input's last NUL, then those of a hash of the input (FNV-1a, the
/// same on every run and build).
class Controls {
public:
  Controls(const std::string &input, std::size_t begin) {
    if (begin < input.size())
      bytes.assign(input.begin() + begin, input.end());
    uint64_t hash = 14695981039346656037ull;
    for (unsigned char c : input)
      hash = (hash ^ c) * 1099511628211ull;
    for (int i = 0; i < 8; ++i)
      bytes.push_back(static_cast<char>(hash >> (8 * i)));
  }
  /// The next byte (the hash's again once all are taken).
  uint8_t next() { return bytes[at++ % bytes.size()]; }

private:
  std::string bytes;
  std::size_t at = 0;
};

/// The "producer" member of a manifest this build's lmhead-opt writes.
std::string producer() {
  return std::string("\"producer\": {\"lmhead\": \"") +
         lmheadGetVersionString() + "\", \"revision\": \"" +
         lmheadGetBuildRevision() + "\"}";
}

/// The version member of a manifest of this build's format.
std::string versionMember() {
  return "\"version\": " + std::to_string(lmhead::manifest::kVersion);
}

/// A bundle that loads: one op, one kernel.
constexpr char kSmallManifest[] = R"({"format": "lmhead-bundle", "version": 3,
  "ptx": "kernels.ptx", "ops": {"op": {"operands": ["x", "n"],
  "kernels": [{"name": "k", "stream": "dh", "grid": ["n", 1, 1],
               "block": [32, 1, 1], "params": ["x", "n"]}]}}})";

std::string bundleDirectory() { return scratchDirectory() + "/bundle"; }
std::string elsewhere() { return scratchDirectory() + "/elsewhere"; }

void writeFile(const std::string &path, const std::string &contents) {
  std::ofstream(path, std::ios::binary) << contents;
}

/// Every distinct string `text` holds that matches `pattern`'s first group.
std::set<std::string> matches(const std::string &text,
                              const std::regex &pattern) {
  std::set<std::string> found;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), pattern);
       it != std::sregex_iterator(); ++it)
    found.insert((*it)[1].str());
  return found;
}

/// The bracketed text that starts at `at` (a '['), nested brackets and
/// braces included; empty when it is not closed.
std::string bracketed(const std::string &text, std::size_t at) {
  int depth = 0;
  for (std::size_t i = at; i < text.size(); ++i) {
    if (text[i] == '[' || text[i] == '{')
      ++depth;
    else if ((text[i] == ']' || text[i] == '}') && --depth == 0)
      return text.substr(at, i - at + 1);
  }
  return "";
}

/// The value of `key` after `from` in `text` when it is an array.
std::string arrayAfter(const std::string &text, std::size_t from,
                       const std::string &key) {
  std::size_t at = text.find("\"" + key + "\"", from);
  if (at == std::string::npos)
    return "";
  at = text.find_first_not_of(" \t\r\n:", at + key.size() + 2);
  return at != std::string::npos && text[at] == '[' ? bracketed(text, at) : "";
}

/// The object (braces included) around `at`, whose members may come in any
/// order; empty when there is none.
std::string enclosingObject(const std::string &text, std::size_t at) {
  int depth = 0;
  for (std::size_t i = at; i-- > 0;) {
    if (text[i] == '}' || text[i] == ']')
      ++depth;
    else if (text[i] == '[' && depth > 0)
      --depth;
    else if (text[i] == '{' && depth-- == 0)
      return bracketed(text, i);
  }
  return "";
}

/// The PTX parameter list of a kernel whose manifest "params" are
/// `params`: a 64-bit value for each (tensor maps too: the runtime passes
/// the address of the map it keeps in device memory). `disagree` makes it
/// differ: one parameter short, or a first one of 128 bytes (a map passed
/// by value).
std::string parameterList(const std::string &params, bool disagree) {
  std::size_t count = 0;
  int depth = 0;
  bool any = false;
  for (std::size_t i = 1; i + 1 < params.size(); ++i) {
    char c = params[i];
    if (c == '[' || c == '{')
      ++depth;
    else if (c == ']' || c == '}')
      --depth;
    else if (c == ',' && depth == 0)
      ++count;
    if (!std::isspace(static_cast<unsigned char>(c)))
      any = true;
  }
  if (any)
    ++count;
  bool byValue = false;
  if (disagree && count > 0) {
    if (count % 2)
      --count;
    else
      byValue = true;
  }
  std::string list;
  for (std::size_t i = 0; i < count; ++i) {
    std::string name = "p" + std::to_string(i);
    list += i ? ",\n  " : "\n  ";
    list += i == 0 && byValue ? ".param .align 64 .b8 " + name + "[128]"
                              : ".param .u64 " + name;
  }
  return list;
}

/// A PTX module with a kernel for each "name" (and "first_iteration") of
/// `manifest`, with the parameters of that name's first "params" list;
/// `disagree` makes the first kernel's signature differ from it.
std::string ptxFor(const std::string &manifest, bool disagree) {
  static const std::regex kernelName(
      "\"(?:name|first_iteration)\"\\s*:\\s*\"([A-Za-z_][A-Za-z0-9_$]*)\"");
  std::string ptx = ".version 8.0\n.target sm_90a\n.address_size 64\n";
  std::set<std::string> done;
  for (auto it =
           std::sregex_iterator(manifest.begin(), manifest.end(), kernelName);
       it != std::sregex_iterator(); ++it) {
    std::string name = (*it)[1].str();
    if (!done.insert(name).second)
      continue;
    std::string params = arrayAfter(
        enclosingObject(manifest, static_cast<std::size_t>(it->position(0))), 0,
        "params");
    ptx += ".visible .entry " + name + "(" +
           parameterList(params, disagree && done.size() == 1) +
           ")\n{\nret;\n}\n";
  }
  return ptx;
}

/// Whether every loop "count" of `manifest` is a number up to 4 and every
/// "grid" an array of numbers up to 16,
/// operand names and ceil_divs of them by numbers up to 1024, with no
/// escapes that could spell another key: with operands of at most 16 or
/// pointers (past 2^42, so that a pointer over 1024 is past the device's
/// grid limit and the launch is refused), the emulator then runs at most
/// 16^3 blocks of an empty kernel.
bool emulatorCanRunQuickly(std::string manifest) {
  if (manifest.find('\\') != std::string::npos)
    return false;
  static const std::regex divisor("(\"ceil_div\"\\s*:\\s*\\[[^\\]\\[{}]*,)\\s*("
                                  "\\d{1,3}|10[01]\\d|102[0-4])\\s*\\]");
  manifest = std::regex_replace(manifest, divisor, "$1 1]");
  for (std::size_t at = manifest.find("\"grid\""); at != std::string::npos;
       at = manifest.find("\"grid\"", at + 1)) {
    std::size_t value = manifest.find_first_not_of(" \t\r\n:", at + 6);
    if (value == std::string::npos || manifest[value] != '[')
      return false;
    std::string grid = bracketed(manifest, value);
    if (grid.empty() || grid.find("mul") != std::string::npos)
      return false;
    for (std::size_t i = 0; i < grid.size(); ++i) {
      if (!std::isdigit(static_cast<unsigned char>(grid[i])))
        continue;
      std::size_t end = grid.find_first_not_of("0123456789", i);
      if (end - i > 2 || std::stoi(grid.substr(i, end - i)) > 16 ||
          (end < grid.size() && std::strchr(".eE", grid[end])))
        return false;
      i = end;
    }
  }
  // A loop multiplies the launches: its count must be a number up to 4.
  for (std::size_t at = manifest.find("\"count\""); at != std::string::npos;
       at = manifest.find("\"count\"", at + 1)) {
    std::size_t value = manifest.find_first_not_of(" \t\r\n:", at + 7);
    if (value == std::string::npos || manifest[value] < '0' ||
        manifest[value] > '4' ||
        std::isdigit(static_cast<unsigned char>(manifest[value + 1])) ||
        std::strchr(".eE", manifest[value + 1]))
      return false;
  }
  return true;
}

/// The operand values of `pattern` (one of seven; the last takes bytes of
/// `controls`), kMaxOperands of them.
std::vector<unsigned long long> operandValues(uint8_t pattern,
                                              Controls &controls) {
  std::vector<unsigned long long> values(kMaxOperands);
  // Huge values make grids past the device's limit or overflow, which the
  // runtime refuses; on the emulator only those far past it, as a grid
  // just below the limit would run for hours.
  static const unsigned long long huge[] = {
      ~0ull,         1ull << 63, 1ull << 62,    (1ull << 32) + 1,
      0x7fffffffull, 1ull << 31, 0xffffffffull, 1ull << 40};
  unsigned kinds = 7;
  switch (pattern % kinds) {
  case 0: // zeros: null pointers, empty sizes
    break;
  case 1: // small sizes
    for (unsigned i = 0; i < kMaxOperands; ++i)
      values[i] = 1 + i % 16;
    break;
  case 2: // huge values
    for (unsigned i = 0; i < kMaxOperands; ++i)
      values[i] = kOnEmulator ? huge[i % 3] : huge[i % 8];
    break;
  case 3: // 256-byte aligned pointers into the buffer, and small sizes
    for (unsigned i = 0; i < kMaxOperands; ++i)
      values[i] = i % 3 == 2 ? 16 : buffer + 256 * (i % 64);
    break;
  case 4: // unaligned pointers into the buffer, and odd sizes
    for (unsigned i = 0; i < kMaxOperands; ++i)
      values[i] = i % 3 == 2 ? 7 : buffer + 1 + 8 * (i % 64);
    break;
  case 5: // the sizes of a real run: multiples of 256, small and large
    for (unsigned i = 0; i < kMaxOperands; ++i) {
      static const unsigned long long real[] = {4096, 256,   1 << 20, 128,
                                                512,  65536, 768,     1024};
      values[i] =
          kOnEmulator ? (i % 2 ? 16 : buffer + 4096 * (i % 8)) : real[i % 8];
    }
    break;
  default: // the input's bytes: pointers into the buffer or small values
    for (unsigned i = 0; i < kMaxOperands; ++i) {
      uint8_t b = controls.next();
      values[i] = b & 0x80 ? buffer + 16 * (b & 0x7f) : b % 17;
      if (!kOnEmulator && b % 31 == 0)
        values[i] = huge[b % 8];
    }
    break;
  }
  return values;
}

/// Runs `op` with 0 to kMaxOperands operands of `values`, and asks its
/// workspace size and, for each of its first kMaxOperands operands, what
/// the operand is and the sizes of a tensor.
void exercise(LMHeadBundle *bundle, const std::string &op,
              const std::vector<unsigned long long> &values, void *stream) {
  for (unsigned count = 0; count <= kMaxOperands; ++count) {
    unsigned long long bytes = 0;
    (void)lmheadBundleWorkspaceSize(bundle, op.c_str(), values.data(), count,
                                    &bytes);
    (void)lmheadBundleRun(bundle, op.c_str(), values.data(), count, stream);
    LMHeadOperandInfo info;
    long long dims[8];
    if (count < kMaxOperands &&
        lmheadBundleOperand(bundle, op.c_str(), count, &info) ==
            LMHEAD_STATUS_OK &&
        info.rank <= 8)
      for (unsigned given = 0; given <= kMaxOperands; given += 9)
        (void)lmheadBundleOperandShape(bundle, op.c_str(), count, values.data(),
                                       given, dims);
  }
  unsigned long long ops = 0;
  if (lmheadBundleOpCount(bundle, &ops) == LMHEAD_STATUS_OK)
    for (unsigned long long i = 0; i <= ops; ++i) {
      const char *name = nullptr, *kind = nullptr;
      unsigned long long operands = 0;
      (void)lmheadBundleOpInfo(bundle, i, &name, &kind, &operands);
    }
}

/// The driver calls a failure is injected into, and the codes: invalid
/// value, out of memory, invalid PTX, invalid handle, launch failed and
/// one that cuda.h does not name.
constexpr const char *kFailingCalls[] = {"cuModuleLoadDataEx",
                                         "cuModuleGetFunction",
                                         "cuModuleUnload",
                                         "cuStreamCreate",
                                         "cuStreamDestroy",
                                         "cuEventCreate",
                                         "cuEventDestroy",
                                         "cuEventRecord",
                                         "cuStreamWaitEvent",
                                         "cuLaunchKernel",
                                         "cuLaunchKernelEx",
                                         "cuFuncSetAttribute",
                                         "cuTensorMapEncodeTiled",
                                         "cuMemcpyAsync",
                                         "cuMemAlloc",
                                         "cuMemFree",
                                         "cuMemHostRegister",
                                         "cuMemHostUnregister",
                                         "cuCtxSetCurrent"};
constexpr int kFailingCodes[] = {1, 2, 218, 400, 719, 12345};

/// Whether a failure of `call` keeps a driver object alive whatever the
/// runtime does (it cannot destroy what the driver refuses to).
bool keepsObjects(const std::string &call) {
  for (const char *destroyer :
       {"cuModuleUnload", "cuStreamDestroy", "cuEventDestroy", "cuMemFree",
        "cuMemHostUnregister", "cuCtxSetCurrent"})
    if (call == destroyer)
      return true;
  return false;
}

/// The file-system cases: what a bundle path is instead of a regular file.
enum FileCase : uint8_t {
  kManifestFifo,
  kManifestFolder,
  kManifestSymlink,
  kManifestDanglingSymlink,
  kManifestSymlinkToFifo,
  kManifestSymlinkLoop,
  kManifestTooLarge,
  kManifestDevice,
  kPtxFifo,
  kPtxFolder,
  kPtxSymlink,
  kPtxTooLarge,
  kPtxDevice,
  kBundleIsAFile,
  kFileCases,
};

/// Replaces `path` by what `fileCase` makes of it (its contents, when
/// needed, moved elsewhere first).
void makeSpecial(const std::string &path, FileCase fileCase) {
  std::error_code ignored;
  std::string moved =
      elsewhere() + "/" + std::filesystem::path(path).filename().string();
  switch (fileCase) {
  case kManifestFifo:
  case kPtxFifo:
    std::filesystem::remove(path, ignored);
    mkfifo(path.c_str(), 0600);
    break;
  case kManifestFolder:
  case kPtxFolder:
    std::filesystem::remove(path, ignored);
    std::filesystem::create_directory(path, ignored);
    break;
  case kManifestSymlink:
  case kPtxSymlink:
    std::filesystem::rename(path, moved, ignored);
    std::filesystem::create_symlink(moved, path, ignored);
    break;
  case kManifestDanglingSymlink:
    std::filesystem::remove(path, ignored);
    std::filesystem::create_symlink(elsewhere() + "/missing", path, ignored);
    break;
  case kManifestSymlinkToFifo:
    std::filesystem::remove(path, ignored);
    mkfifo(moved.c_str(), 0600);
    std::filesystem::create_symlink(moved, path, ignored);
    break;
  case kManifestSymlinkLoop:
    std::filesystem::remove(path, ignored);
    std::filesystem::create_symlink(path, path, ignored);
    break;
  case kManifestTooLarge:
  case kPtxTooLarge:
    // Sparse: past the runtime's 1 GiB limit without using the disk.
    if (truncate(path.c_str(), (off_t(1) << 30) + 1) != 0)
      std::perror("truncate");
    break;
  case kManifestDevice:
  case kPtxDevice:
    std::filesystem::remove(path, ignored);
    std::filesystem::create_symlink("/dev/zero", path, ignored);
    break;
  default:
    break;
  }
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  setenv("LMHEAD_LIBCUDA", LMHEAD_FAKE_LIBCUDA, 1);
  setenv("LMHEAD_DEVICE", LMHEAD_FUZZ_BACKEND, 1);
  unsetenv("LMHEAD_FAKE_CUDA_FAIL");
  void *fake = dlopen(LMHEAD_FAKE_LIBCUDA, RTLD_NOW | RTLD_LOCAL);
  if (fake)
    liveObjects =
        reinterpret_cast<int (*)()>(dlsym(fake, "lmheadFakeCudaLiveObjects"));
  if (!liveObjects) {
    std::fprintf(stderr,
                 "lmhead-fuzz-manifest: cannot open the fake driver "
                 "%s\n",
                 LMHEAD_FAKE_LIBCUDA);
    std::abort();
  }
  lmhead::fuzz::makeScratchDirectory(
      kOnEmulator ? "lmhead-fuzz-manifest-emulator" : "lmhead-fuzz-manifest");
  std::filesystem::create_directory(bundleDirectory());
  std::filesystem::create_directory(elsewhere());

  // Bring the backend up with a bundle that loads, so that what it keeps
  // for the process is counted once.
  std::string small = kSmallManifest;
  small.insert(small.find(versionMember()) + versionMember().size(),
               ", " + producer());
  writeFile(bundleDirectory() + "/manifest.json", small);
  writeFile(bundleDirectory() + "/kernels.ptx", ptxFor(small, false));
  LMHeadBundle *bundle = nullptr;
  if (lmheadBundleLoad(bundleDirectory().c_str(), &bundle) !=
          LMHEAD_STATUS_OK ||
      lmheadDeviceAlloc(kBufferBytes, reinterpret_cast<void **>(&buffer)) !=
          LMHEAD_STATUS_OK ||
      lmheadStreamCreate(&callerStream) != LMHEAD_STATUS_OK) {
    std::fprintf(stderr,
                 "lmhead-fuzz-manifest: the %s backend does not load a "
                 "valid bundle: %s\n",
                 LMHEAD_FUZZ_BACKEND, lmheadGetLastErrorMessage());
    std::abort();
  }
  (void)lmheadBundleUnload(bundle);
  std::filesystem::remove_all(bundleDirectory());
  if (kOnEmulator && buffer < (1ull << 42)) {
    std::fprintf(stderr,
                 "lmhead-fuzz-manifest-emulator: the buffer is at "
                 "%#llx, below 2^42: grids of pointers over small "
                 "numbers would run for hours\n",
                 buffer);
    std::abort();
  }
  processObjects = liveObjects();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, std::size_t size) {
  std::string input(reinterpret_cast<const char *>(data), size);
  std::size_t nul = input.rfind('\0');
  std::string manifest = input.substr(0, nul);
  Controls controls(input, nul == std::string::npos ? size : nul + 1);
  if (kOnEmulator && !emulatorCanRunQuickly(manifest))
    return 0;

  // The build identity lmhead-opt writes, so that inputs get past it (its
  // own checks are reached by inputs that already spell a "producer").
  if (manifest.find("\"producer\"") == std::string::npos) {
    const std::string version = versionMember();
    std::size_t at = manifest.find(version);
    if (at != std::string::npos)
      manifest.insert(at + version.size(), ", " + producer());
  }

  uint8_t fileByte = controls.next();
  // One input in four takes a file-system case.
  auto fileCase = static_cast<FileCase>(
      fileByte % 4 == 0 ? (fileByte >> 2) % kFileCases : kFileCases);
  uint8_t failByte = controls.next();
  bool inject = !kOnEmulator && failByte % 4 == 0;
  std::string failingCall =
      kFailingCalls[(failByte >> 2) % std::size(kFailingCalls)];
  std::string failure =
      failingCall + ":" +
      std::to_string(kFailingCodes[controls.next() % std::size(kFailingCodes)]);
  uint8_t runByte = controls.next();
  bool paramInfo = runByte & 1;
  bool disagree = (runByte >> 1) % 8 == 0;
  void *stream = runByte & 0x10 ? callerStream : nullptr;
  std::vector<unsigned long long> chosen =
      operandValues(controls.next(), controls);
  std::vector<unsigned long long> realistic = operandValues(5, controls);

  static const std::regex ptxName("\"([A-Za-z0-9_][A-Za-z0-9_.-]*\\.ptx)\"");
  static const std::regex objectKey("\"([A-Za-z0-9_.-]+)\"\\s*:\\s*\\{");
  std::filesystem::create_directory(bundleDirectory());
  std::string manifestPath = bundleDirectory() + "/manifest.json";
  writeFile(manifestPath, manifest);
  std::set<std::string> ptxFiles = matches(manifest, ptxName);
  std::string ptx = ptxFor(manifest, disagree);
  for (const std::string &file : ptxFiles)
    writeFile(bundleDirectory() + "/" + file, ptx);
  std::string loadPath = bundleDirectory();
  if (fileCase == kBundleIsAFile)
    loadPath = manifestPath;
  else if (fileCase < kPtxFifo)
    makeSpecial(manifestPath, fileCase);
  else if (fileCase < kFileCases && !ptxFiles.empty())
    makeSpecial(bundleDirectory() + "/" + *ptxFiles.begin(), fileCase);

  if (paramInfo)
    unsetenv("LMHEAD_FAKE_CUDA_NO_PARAM_INFO");
  else
    setenv("LMHEAD_FAKE_CUDA_NO_PARAM_INFO", "1", 1);
  if (inject)
    setenv("LMHEAD_FAKE_CUDA_FAIL", failure.c_str(), 1);
  LMHeadBundle *bundle = nullptr;
  LMHeadStatus loaded = lmheadBundleLoad(loadPath.c_str(), &bundle);
  // LMHEAD_FUZZ_TRACE=1: what each input chose and how its load ended, for
  // replaying a finding or seeing where the seeds go.
  static const bool trace = std::getenv("LMHEAD_FUZZ_TRACE");
  if (trace)
    std::fprintf(stderr,
                 "lmhead-fuzz-manifest: file case %d, failure %s, param info "
                 "%d, disagree %d: load %s %s\n",
                 int(fileCase), inject ? failure.c_str() : "none",
                 int(paramInfo), int(disagree), lmheadStatusName(loaded),
                 lmheadGetLastErrorMessage());
  if (loaded == LMHEAD_STATUS_OK) {
    for (const std::string &op : matches(manifest, objectKey)) {
      exercise(bundle, op, chosen, stream);
      exercise(bundle, op, realistic, stream);
    }
    (void)lmheadBundleUnload(bundle);
  }
  unsetenv("LMHEAD_FAKE_CUDA_FAIL");

  int live = liveObjects();
  if (inject && keepsObjects(failingCall)) {
    // The driver refused to destroy something: what it kept is the
    // driver's, and the count starts again.
    processObjects = live;
  } else if (live != processObjects) {
    std::fprintf(stderr,
                 "lmhead-fuzz-manifest: %d driver objects alive after the "
                 "bundle was unloaded, %d before it was loaded%s%s\n",
                 live, processObjects, inject ? "; injected failure " : "",
                 inject ? failure.c_str() : "");
    std::abort();
  }
  std::error_code ignored;
  std::filesystem::remove_all(bundleDirectory(), ignored);
  std::filesystem::remove_all(elsewhere(), ignored);
  std::filesystem::create_directory(elsewhere(), ignored);
  return 0;
}
