//===- Bundle.h - compiled lmhead ops, loaded and run on streams -*- C++
//-*-===//
//
// A bundle is a directory with the PTX of compiled lmhead ops and a
// manifest.json that says, for each op, its operands (in the order
// lmheadBundleRun receives them), and its kernels: name, stream role (dh,
// dw or main), grid, block and cluster sizes (numbers, or
// {"ceil_div": [operand, n]} for sizes that follow an integer operand),
// dynamic shared memory and parameters (operands, by name, or integer
// constants such as a memref descriptor's offset and unit stride; every
// parameter is 64 bits: a device pointer or an integer). Each op's kernels
// come from the bundle's PTX file or from one of the op's own.
// docs/Runtime.md has an example.
//
// Loading compiles the PTX once and creates the two internal streams and
// three events once; each run forks from the caller's stream to the
// internal streams and joins back through those events.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_RUNTIME_LIB_BUNDLE_H
#define LMHEAD_RUNTIME_LIB_BUNDLE_H

#include "Backend.h"

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace lmhead::runtime {

/// Which stream a kernel runs on.
enum class StreamRole { Main, Dh, Dw };

/// One launch size: a constant, or ceil(operand / divisor).
struct LaunchSize {
  int64_t constant = 1;
  /// Index of the integer operand, or -1 for a constant.
  int operand = -1;
  int64_t divisor = 1;
};

/// One kernel parameter: an operand, or a constant.
struct ParamSpec {
  /// Index of the operand, or -1 for a constant.
  int operand = -1;
  int64_t constant = 0;
};

/// One kernel of an op, as the manifest describes it.
struct KernelSpec {
  std::string name;
  StreamRole role = StreamRole::Main;
  LaunchSize grid[3];
  unsigned block[3] = {1, 1, 1};
  unsigned cluster[3] = {1, 1, 1};
  unsigned sharedBytes = 0;
  /// Each parameter, 64 bits.
  std::vector<ParamSpec> params;
  /// Resolved on load.
  void *function = nullptr;
};

/// One op: its operand names and kernels, in launch order.
struct OpSpec {
  /// The PTX file its kernels are in.
  std::string ptx;
  std::vector<std::string> operands;
  std::vector<KernelSpec> kernels;
};

class Bundle {
public:
  /// Reads `directory`/manifest.json and the PTX files it names, loads
  /// each once on `backend` and creates the streams and events. Null on
  /// failure, with the status and a message naming the file.
  static std::unique_ptr<Bundle> load(Backend &backend,
                                      const std::string &directory,
                                      LMHeadStatus &status, std::string &error);

  /// Releases everything; the first failure is returned, the rest are
  /// still released.
  LMHeadStatus release(std::string &error);
  ~Bundle();

  /// Runs `op` on `stream` (see lmheadBundleRun).
  LMHeadStatus run(const std::string &op, const uint64_t *operands,
                   std::size_t count, void *stream, std::string &error);

private:
  explicit Bundle(Backend &backend) : backend(backend) {}

  /// The grid of `kernel` for `operands`; false with `error` when a size is
  /// out of range. A zero size means there is no work.
  bool gridOf(const KernelSpec &kernel, const OpSpec &op,
              const uint64_t *operands, unsigned (&grid)[3],
              std::string &error) const;

  Backend &backend;
  std::string directory;
  std::map<std::string, OpSpec> ops;
  /// The loaded module of each PTX file.
  std::map<std::string, void *> modules;
  void *dhStream = nullptr, *dwStream = nullptr;
  void *forked = nullptr, *dhDone = nullptr, *dwDone = nullptr;
  std::mutex runMutex;
};

} // namespace lmhead::runtime

#endif // LMHEAD_RUNTIME_LIB_BUNDLE_H
