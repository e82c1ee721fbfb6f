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
// parameter is 64 bits: a device pointer or an integer; or a pointer to a
// TMA tensor map of a pointer operand, which the bundle encodes). Each op's
// kernels come from the bundle's PTX file or from one of the op's own.
// docs/Runtime.md has an example.
//
// Loading compiles the PTX once and creates the two internal streams and
// three events once; each run forks from the caller's stream to the
// internal streams and joins back through those events.
//
// Tensor maps. A kernel reads a tensor map from device memory, and the map
// holds the operand's address and sizes, so it depends on the run's
// operands. The first run with given pointers and sizes encodes the op's
// maps on the host into a block of pinned host memory that the bundle owns
// and never changes afterwards, and gives them a block of device memory of
// their own (both from pools that loading allocates; a pool grows in
// chunks when it is full). Every run then enqueues one asynchronous copy of
// its block, host to device, on the caller's stream before the fork. So a
// run never blocks, allocates nothing while the first chunk lasts, and is
// legal under CUDA-graph capture: a captured copy re-writes the same bytes
// whenever the graph replays, and an eager run after a capture does not
// rely on a copy that was only captured.
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

/// One size of a tensor-map operand: a constant, or an integer operand.
struct SizeSpec {
  int64_t constant = 0;
  /// Index of the integer operand, or -1 for a constant.
  int operand = -1;
};

/// A 2-D TMA tensor map of a dense row-major pointer operand, as the
/// manifest describes it: {"tensormap": name, "shape": [rows, cols],
/// "box": [rows, cols], "swizzle": 0|32|64|128, "element": type}.
struct TensorMapSpec {
  /// Index of the pointer operand.
  int operand = -1;
  SizeSpec rows, cols;
  unsigned boxRows = 0, boxCols = 0;
  /// CUtensorMapSwizzle (0: none, 1: 32 B, 2: 64 B, 3: 128 B).
  int swizzle = 0;
  /// CUtensorMapDataType and its size in bytes.
  int dataType = 0;
  unsigned elementBytes = 0;
};

/// One kernel parameter: an operand, a constant, or the device address of
/// a tensor map.
struct ParamSpec {
  /// Index of the operand, or -1 for a constant or a tensor map.
  int operand = -1;
  int64_t constant = 0;
  /// Index into the op's tensorMaps, or -1.
  int tensorMap = -1;
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
  /// The tensor maps the kernels' parameters name, in order of first use.
  std::vector<TensorMapSpec> tensorMaps;
};

/// Where one op's encoded tensor maps live: blocks of
/// `tensorMaps.size()` maps, each written once, in pinned host memory and
/// device memory, taken in order from chunks of kBlocksPerChunk.
struct TensorMapPool {
  static constexpr std::size_t kBlocksPerChunk = 64;
  struct Chunk {
    void *host = nullptr; // pinned (registered) host memory
    void *device = nullptr;
  };
  std::size_t blockBytes = 0;
  std::vector<Chunk> chunks;
  /// Blocks handed out so far.
  std::size_t used = 0;
  /// The block of each set of encoded maps seen so far (their requests'
  /// fields as the key).
  std::map<std::vector<uint64_t>, std::size_t> blocks;
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

  /// Adds a chunk to `pool`.
  LMHeadStatus growPool(TensorMapPool &pool, std::string &error);
  /// The device addresses of `op`'s tensor maps for `operands` (encoded on
  /// first use), and the host and device block to copy before the launches;
  /// `stream` is the caller's.
  LMHeadStatus tensorMapsFor(const OpSpec &op, TensorMapPool &pool,
                             const uint64_t *operands,
                             std::vector<uint64_t> &addresses, void *&host,
                             void *&device, std::string &error);

  Backend &backend;
  std::string directory;
  std::map<std::string, OpSpec> ops;
  /// The loaded module of each PTX file.
  std::map<std::string, void *> modules;
  /// Each op's tensor maps, for ops that have any.
  std::map<std::string, TensorMapPool> tensorMapPools;
  void *dhStream = nullptr, *dwStream = nullptr;
  void *forked = nullptr, *dhDone = nullptr, *dwDone = nullptr;
  std::mutex runMutex;
};

} // namespace lmhead::runtime

#endif // LMHEAD_RUNTIME_LIB_BUNDLE_H
