//===- Bundle.h - compiled lmhead ops, loaded and run on streams -*- C++
//-*-===//
//
// A bundle is a directory with the PTX of compiled lmhead ops and a
// manifest.json that says, for each op, its operands (in the order
// lmheadBundleRun receives them), its workspace, and its kernels: name,
// stream role (main, dh, dw or db), the earlier kernels on other streams it
// waits for, grid, block and cluster sizes, dynamic shared memory and
// parameters. Every parameter is 64 bits: an operand's value (a device
// pointer or an integer), the address of a workspace buffer, an integer
// computed from the operands (IntExpr: a memref descriptor's sizes,
// strides and offsets), or a pointer to a TMA tensor map of an operand or
// workspace buffer (or a view of one), which the bundle encodes. Each op's
// kernels come from the bundle's PTX file or from one of the op's own.
// docs/Runtime.md has the format and examples; BundleManifest.cpp reads it.
//
// Loading compiles the PTX once and creates the internal streams (dh and
// dw; db when an op uses it), their events and the events of the ops'
// "after" lists once; each run forks from the caller's stream to the
// internal streams and joins back through those events. A kernel that
// waits for a kernel on another stream waits for an event recorded after
// it in the same run, so that only event records and stream waits cross
// streams.
//
// Workspace. An op's temporary buffers (row statistics, chunks of the
// logit gradient, an f32 accumulator) live in memory the caller passes as
// an operand, with its size in bytes as another; lmheadBundleWorkspaceSize
// says how much the op needs for given sizes. The runtime never allocates
// on a run, so that a run is legal under CUDA-graph capture and the
// framework's allocator owns all the memory.
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

#include "lmhead/runtime/Manifest.h"

#include <array>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace lmhead::runtime {

/// Which stream a kernel runs on: the caller's, or one of the bundle's
/// internal streams (the manifest's "stream").
using StreamRole = manifest::Stream;
/// The internal streams, in the order the runtime forks and joins them.
inline constexpr StreamRole kInternalRoles[] = {StreamRole::Dh, StreamRole::Dw,
                                                StreamRole::Db};
inline constexpr int kNumInternalStreams = 3;
/// The index of an internal role in kInternalRoles.
inline int internalIndex(StreamRole role) { return static_cast<int>(role) - 1; }

/// An integer the manifest computes from the run's integer operands and,
/// in a loop's kernels, the loop's index: a constant, an operand or index,
/// a product, a difference (never negative), a ceiling division or
/// remainder by a positive constant, or the minimum or maximum of two
/// integers. Written 64, "n", {"mul": [64, "n"]}, {"sub": ["n", 128]},
/// {"ceil_div": ["n", 128]}, {"mod": ["c", 2]} and
/// {"min": [{"ceil_div": ["n", 8]}, 512]}.
struct IntExpr {
  enum class Kind {
    Constant,
    Operand,
    Product,
    Difference,
    CeilDiv,
    Remainder,
    Min,
    Max
  };
  Kind kind = Kind::Constant;
  /// The constant, or CeilDiv's and Remainder's divisor.
  int64_t value = 0;
  /// Index of the operand (Kind::Operand); the op's loops' indices follow
  /// its operands (OpSpec::valueNames).
  int operand = -1;
  /// Product's factors; CeilDiv's and Remainder's dividend; Difference's,
  /// Min's and Max's two operands.
  std::vector<IntExpr> terms;

  static IntExpr constant(int64_t value) {
    IntExpr expr;
    expr.value = value;
    return expr;
  }
  bool isConstant() const { return kind == Kind::Constant; }
  bool operator==(const IntExpr &other) const {
    return kind == other.kind && value == other.value &&
           operand == other.operand && terms == other.terms;
  }
  /// Its value for `operands` as a size: false with `error` when an operand
  /// it reads is negative, a difference is, or the value does not fit in 63
  /// bits. `names` are the op's operand names, for the message (and its
  /// loops' indices, which `operands` then holds after the operands).
  bool evaluate(const uint64_t *operands, const std::vector<std::string> &names,
                int64_t &result, std::string &error) const;
  /// Whether it reads value `index` (an operand or loop index).
  bool reads(int index) const;
};

/// A buffer a kernel parameter or tensor map points to: an operand or a
/// buffer of the op's workspace.
struct BufferRef {
  int operand = -1;
  int scratch = -1;
  bool operator==(const BufferRef &other) const {
    return operand == other.operand && scratch == other.scratch;
  }
};

/// A 2-D TMA tensor map of a row-major matrix (an operand, a workspace
/// buffer, or a view of either), as the manifest describes it:
/// {"tensormap": name, "shape": [rows, cols], "box": [rows, cols],
/// "swizzle": 0|32|64|128, "element": type} with optional "offset" (in
/// elements, from the buffer's start to the view's first element) and
/// "row_stride" (elements from one row to the next; cols by default).
struct TensorMapSpec {
  BufferRef buffer;
  IntExpr rows, cols, offset, rowStride;
  /// Whether rowStride was given (else it is cols).
  bool hasRowStride = false;
  unsigned boxRows = 0, boxCols = 0;
  /// CUtensorMapSwizzle (0: none, 1: 32 B, 2: 64 B, 3: 128 B).
  int swizzle = 0;
  /// CUtensorMapDataType and its size in bytes.
  int dataType = 0;
  unsigned elementBytes = 0;
  /// The loop whose index its sizes read (an index into OpSpec::loops), or
  /// -1: such a map is encoded once per iteration.
  int loop = -1;

  bool operator==(const TensorMapSpec &other) const {
    return buffer == other.buffer && rows == other.rows && cols == other.cols &&
           offset == other.offset && rowStride == other.rowStride &&
           hasRowStride == other.hasRowStride && boxRows == other.boxRows &&
           boxCols == other.boxCols && swizzle == other.swizzle &&
           dataType == other.dataType;
  }
};

/// One kernel parameter, 64 bits: the value of an operand, the address of
/// a workspace buffer, a constant, an integer expression, or the device
/// address of a tensor map.
struct ParamSpec {
  enum class Kind { Operand, Scratch, Constant, Expr, TensorMap };
  Kind kind = Kind::Constant;
  /// The operand, workspace buffer or tensor map (index into the op's
  /// tensorMaps).
  int index = -1;
  int64_t constant = 0;
  IntExpr expr;
};

/// A kernel another waits for ("after"): its index in the op, and for a
/// kernel of the same loop, how many iterations before.
struct KernelWait {
  int kernel = -1;
  int iterationsBack = 0;
};

/// One kernel of an op, as the manifest describes it.
struct KernelSpec {
  std::string name;
  /// In a loop: the kernel the first iteration launches instead (empty:
  /// `name`), and its function, resolved on load.
  std::string firstIteration;
  void *firstIterationFunction = nullptr;
  /// The loop it is in (an index into OpSpec::loops), or -1.
  int loop = -1;
  StreamRole role = StreamRole::Main;
  IntExpr grid[3];
  unsigned block[3] = {1, 1, 1};
  unsigned cluster[3] = {1, 1, 1};
  unsigned sharedBytes = 0;
  /// Launched as a programmatic dependent launch ("programmatic": true):
  /// it may start while the kernel before it on its stream finishes.
  bool programmatic = false;
  /// Each parameter, 64 bits.
  std::vector<ParamSpec> params;
  /// Kernels on other streams that this one waits for ("after").
  std::vector<KernelWait> after;
  /// The events recorded after this kernel, when another waits for it: the
  /// first's index into the op's events, or -1. A kernel in a loop that is
  /// waited for k iterations later records into a ring of k + 1 events,
  /// iteration i into event + i mod eventSlots, so that iteration i + k
  /// still finds iteration i's.
  int event = -1;
  int eventSlots = 0;
  /// Resolved on load.
  void *function = nullptr;
};

/// One buffer of an op's workspace: its size is elementBytes times the
/// product of its shape; the runtime places it in the caller's workspace.
struct ScratchSpec {
  std::string name;
  unsigned elementBytes = 0;
  std::vector<IntExpr> shape;
};

/// A pointer operand as the manifest's "tensors" describes it.
struct TensorSpec {
  /// "f32", "bf16", "f16", "i32" or "i64".
  std::string element;
  std::vector<IntExpr> shape;
  /// Whether the op adds its result to what the tensor holds.
  bool accumulates = false;
};

/// Kernels [begin, end) of an op, run once for each value of the index
/// from 0 to count − 1 ("loops").
struct LoopSpec {
  std::string index;
  /// An expression of the operands.
  IntExpr count;
  int begin = 0, end = 0;
};

/// One op: its operand names and kernels, in launch order.
struct OpSpec {
  /// The PTX file its kernels are in.
  std::string ptx;
  /// Its kind ("linear_grad", "ce_linear_fwd", ...; "op" in the manifest,
  /// empty when the manifest does not say).
  std::string kind;
  std::vector<std::string> operands;
  /// The description of each operand that "tensors" describes, by index.
  std::map<int, TensorSpec> tensors;
  /// The operands an integer expression reads: sizes.
  std::vector<bool> isSize;
  std::vector<KernelSpec> kernels;
  std::vector<LoopSpec> loops;
  /// The names of the values an integer expression reads: the operands,
  /// then the loops' indices.
  std::vector<std::string> valueNames;
  /// The tensor maps the kernels' parameters name, each distinct one once,
  /// in order of first use.
  std::vector<TensorMapSpec> tensorMaps;
  /// The workspace: the operands of its address and its size in bytes
  /// (-1 when the op has none) and its buffers.
  int workspaceOperand = -1, workspaceBytesOperand = -1;
  std::vector<ScratchSpec> scratch;
  /// How many events its kernels' "after" lists need (created on load).
  int numEvents = 0;
  /// Whether a kernel runs on each internal stream (kInternalRoles order).
  bool usesStream[kNumInternalStreams] = {false, false, false};
};

/// Reads manifest `text` (from `file`, for messages) into `ops`; false with
/// a message naming the file, and the line and column of a JSON error or
/// the JSON path of the bad entry and what would be accepted.
bool readManifest(const std::string &file, const std::string &text,
                  std::map<std::string, OpSpec> &ops, std::string &error);

/// The bundle's own streams a run of `op` with `operands` skips: a
/// gradient nobody wants, an operand named "dh", "dw" or "db" that is 0
/// (null), skips the kernels of that stream role.
std::array<bool, kNumInternalStreams> skippedStreams(const OpSpec &op,
                                                     const uint64_t *operands);

/// Whether the kernels of `role` run when `skipped` streams are skipped.
inline bool runsOn(StreamRole role,
                   const std::array<bool, kNumInternalStreams> &skipped) {
  return role == StreamRole::Main || !skipped[internalIndex(role)];
}

/// Where `op`'s workspace buffers lie for `operands`: each one's offset from
/// the workspace's start (each a multiple of kWorkspaceAlignment) and size,
/// and the bytes the workspace must hold. A buffer that only kernels of
/// skipped streams use (skippedStreams: a frozen head's f32 dW
/// accumulator) takes no room. Each buffer is followed by `guardBytes`
/// that none holds (Backend::workspaceGuardBytes). False with `error` for
/// a size out of range.
bool workspaceLayout(const OpSpec &op, const uint64_t *operands,
                     uint64_t guardBytes, std::vector<uint64_t> &offsets,
                     std::vector<uint64_t> &sizes, uint64_t &bytes,
                     std::string &error);

/// The alignment of each buffer in a workspace, in bytes.
inline constexpr uint64_t kWorkspaceAlignment = 256;

/// Where one op's encoded tensor maps live: blocks of
/// `tensorMaps.size()` maps, in pinned host memory and device memory,
/// taken from chunks of kBlocksPerChunk. A block holds the maps of one set
/// of addresses and sizes, encoded once and copied to the device by each
/// run that uses them. Runs with ever new pointers (variable-length
/// batches) would need ever more blocks: past kMaxChunks chunks the least
/// recently used block is recycled, once the event recorded after its last
/// run has completed. A block used while the stream was captured into a
/// graph is never recycled (the graph copies and reads it at each launch);
/// only such blocks grow the pool past the bound.
struct TensorMapPool {
  static constexpr std::size_t kBlocksPerChunk = 64;
  /// Chunks allocated before blocks are recycled.
  static constexpr std::size_t kMaxChunks = 4;
  struct Chunk {
    void *host = nullptr; // pinned (registered) host memory
    void *device = nullptr;
  };
  /// What a block holds and how it was last used.
  struct Block {
    /// The key of its maps in `blocks`.
    std::vector<uint64_t> key;
    /// Recorded on the caller's stream after each run that used the block
    /// (created on its first use outside a capture).
    void *lastRun = nullptr;
    /// The pool's use counter at the block's last use, for LRU.
    uint64_t lastUse = 0;
    /// Used by a captured graph: never recycled.
    bool pinned = false;
  };
  std::size_t blockBytes = 0;
  std::vector<Chunk> chunks;
  /// The blocks handed out so far, in order.
  std::vector<Block> used;
  /// The block of each set of encoded maps held now (their requests'
  /// fields as the key).
  std::map<std::vector<uint64_t>, std::size_t> blocks;
  uint64_t uses = 0;
};

/// The most kernels one run launches (a loop's once per iteration).
inline constexpr uint64_t kMaxLaunchesPerRun = uint64_t(1) << 20;

/// One launch of a run: a kernel, in an iteration of its loop or outside
/// any, with its grid.
struct KernelRun {
  int kernel = -1;
  /// The loop's index, or -1.
  int64_t iteration = -1;
  unsigned grid[3] = {0, 0, 0};
};

/// A tensor map a run encodes: one of the op's (an index into
/// OpSpec::tensorMaps), for one iteration of its loop when it reads the
/// loop's index (else -1).
struct TensorMapUse {
  int map = -1;
  int64_t iteration = -1;
  bool operator<(const TensorMapUse &other) const {
    return map != other.map ? map < other.map : iteration < other.iteration;
  }
};

class Bundle {
public:
  /// Reads `directory`/manifest.json and the PTX files it names, loads
  /// each once on `backend` and creates the streams and events, into
  /// `bundle`. A failure's message names the file.
  static Outcome load(Backend &backend, const std::string &directory,
                      std::unique_ptr<Bundle> &bundle);

  /// Releases everything; the first failure is returned, the rest are
  /// still released.
  Outcome release();
  ~Bundle();

  /// Runs `op` on `stream` (see lmheadBundleRun).
  Outcome run(const std::string &op, const uint64_t *operands,
              std::size_t count, void *stream);

  /// The bytes of workspace `op` needs for `operands` (see
  /// lmheadBundleWorkspaceSize).
  Outcome workspaceSize(const std::string &op, const uint64_t *operands,
                        std::size_t count, uint64_t &bytes) const;

  /// The ops, by name.
  const std::map<std::string, OpSpec> &getOps() const { return ops; }

private:
  explicit Bundle(Backend &backend) : backend(backend) {}

  /// Sets `op` to the op named `name`, and checks that `count` operands
  /// were given to it.
  Outcome find(const std::string &name, const uint64_t *operands,
               std::size_t count, const OpSpec *&op) const;

  /// The grid of `kernel` for `values` (the operands, then the loops'
  /// indices); false with `error` when a size is out of range. A zero size
  /// means there is no work.
  bool gridOf(const KernelSpec &kernel, const OpSpec &op,
              const uint64_t *values, unsigned (&grid)[3],
              std::string &error) const;

  /// The launches of `op` for `operands`, in order, each loop's kernels
  /// once per iteration, with their grids; false with `error` when a size
  /// is out of range. `counts` is set to each loop's count.
  bool expandRuns(const OpSpec &op, const uint64_t *operands,
                  std::vector<KernelRun> &runs, std::vector<int64_t> &counts,
                  std::string &error) const;

  /// The most tokens (operand "n") `op` can run with the other `operands`
  /// as given, when the given count is too many for the device's grid
  /// limits; none when the op has no token count or other sizes are at
  /// fault.
  std::optional<int64_t> tokenLimit(const OpSpec &op,
                                    const uint64_t *operands) const;

  /// Adds a chunk to `pool`.
  Outcome growPool(TensorMapPool &pool);
  /// A block of `pool` for new maps: a fresh one, or past the bound the
  /// least recently used one that no graph holds, once its last run is
  /// done (never while `capturing`: waiting is not allowed then).
  Outcome freeBlock(TensorMapPool &pool, bool capturing, std::size_t &block);
  /// The device addresses of the tensor maps `uses` for `operands` and the
  /// workspace buffers at `scratch` (encoded on first use), and the host
  /// and device block to copy before the launches, with its index.
  Outcome tensorMapsFor(const OpSpec &op, const std::vector<TensorMapUse> &uses,
                        TensorMapPool &pool, const uint64_t *operands,
                        const std::vector<uint64_t> &scratch, bool capturing,
                        std::vector<uint64_t> &addresses, void *&host,
                        void *&device, std::size_t &block);
  /// Marks `block` of `pool` as used by the run just enqueued on `stream`:
  /// pinned when captured, else its event recorded after the run.
  Outcome markBlockUsed(TensorMapPool &pool, std::size_t block, void *stream,
                        bool capturing);

  Backend &backend;
  std::string directory;
  std::map<std::string, OpSpec> ops;
  /// The loaded module of each PTX file.
  std::map<std::string, void *> modules;
  /// The blocks of each op's tensor maps, for ops that have any, by the
  /// number of maps a run encodes (which a loop with a count that depends
  /// on the operands varies).
  std::map<std::pair<std::string, std::size_t>, TensorMapPool> tensorMapPools;
  /// The events of each op's "after" lists, for ops that have any.
  std::map<std::string, std::vector<void *>> kernelEvents;
  /// The internal streams (kInternalRoles order; the db stream only when an
  /// op uses it) and the event each records for the join.
  void *streams[kNumInternalStreams] = {nullptr, nullptr, nullptr};
  void *done[kNumInternalStreams] = {nullptr, nullptr, nullptr};
  void *forked = nullptr;
  std::mutex runMutex;
};

} // namespace lmhead::runtime

#endif // LMHEAD_RUNTIME_LIB_BUNDLE_H
