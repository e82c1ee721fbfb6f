//===- Schedule.h - an lmhead op's launches, built once ---------*- C++ -*-===//
//
// Part of lmhead. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// What running one planned lmhead op takes, as a value: the buffers (the
// op's tensors, in the caller's memory, and the workspace the op needs
// besides), the kernel launches in launch order (kernel, stream, the
// earlier launches on other streams each waits for, grid, block and
// cluster sizes, dynamic shared memory, and arguments that are views of the
// buffers, tensor maps of views, or sizes), every size an expression over
// the op's dynamic sizes (SizeExpr.h).
//
// Each op kind builds its schedule once (LinearGradSchedule.cpp,
// CrossEntropySchedule.cpp); two thin emitters turn it into what the two
// ways of running lmhead need: the launch function that
// --lmhead-lower-to-gpu writes (ScheduleToLaunch.cpp) and the manifest
// entry that --lmhead-write-bundle writes for the runtime
// (ScheduleToManifest.cpp). Both check each launch's arguments against the
// kernel's signature, so that neither can pass a kernel what it does not
// take.
//
// Streams. `main` is the stream the op is called on; `dh`, `dw` and `db`
// are streams of the op's own that start when the op does. A launch runs
// after the launches before it on its stream and after those it lists in
// `after`, and the op is done when every stream is.
//
// Chunk loops. A run of consecutive launches may be a loop: they run once
// per value of the loop's index (`c`, from 0 to a count that is a constant
// or an expression of the op's sizes), in order, each time with the index
// bound in their sizes. A launch in a loop may wait for a launch of an
// earlier iteration (`iterationsBack`: the chunk after next waits for the
// products that read the double buffer it overwrites), and may launch
// another kernel in the first iteration (the product that stores what the
// later iterations add to). A launch after the loop that waits for one in
// it waits for its last iteration.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_SCHEDULE_SCHEDULE_H
#define LMHEAD_SCHEDULE_SCHEDULE_H

#include "lmhead/Schedule/SizeExpr.h"
#include "lmhead/runtime/Manifest.h"

#include "mlir/IR/Types.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"

#include <array>
#include <string>
#include <vector>

namespace mlir {
namespace lmhead {

/// A buffer the launches read or write.
struct ScheduleBuffer {
  enum class Role {
    /// An operand of the op: read only.
    Operand,
    /// A result of the op: written by the launches.
    Result,
    /// Temporary memory of the op (a bundle's caller lends it; the launch
    /// function allocates it on the device).
    Workspace,
  };

  /// Its name in the manifest (`dz`, `h`, `dh`, `partials`).
  std::string name;
  Role role = Role::Operand;
  /// Its element type (f32, bf16, f16, i32 or i64).
  Type element;
  /// Row-major, dense; no sizes for a single value.
  SmallVector<SizeExpr, 3> shape;
  /// The op's operand or result it holds (none for workspace).
  Value value;
  /// For a result the kernels add to: the op's operand that holds, when the
  /// op runs, what they add to. The result's buffer starts as that value
  /// (the launch function copies it there; a bundle's caller leaves it in
  /// the result's memory).
  Value accumulates;
};

/// A strided view of a buffer, in elements: a memref descriptor as MLIR's
/// lowering passes it to a kernel, or the region a tensor map covers.
struct BufferView {
  /// The buffer's name.
  std::string buffer;
  SizeExpr offset = 0;
  SmallVector<SizeExpr, 3> sizes;
  SmallVector<SizeExpr, 3> strides;

  /// The whole of `buffer`, dense and row-major (a rank-0 buffer as one
  /// element).
  static BufferView whole(const ScheduleBuffer &buffer);
  /// A `rows` x `cols` matrix whose first element is `offset` elements
  /// into `buffer` and whose rows are `rowStride` elements apart.
  static BufferView matrix(StringRef buffer, const SizeExpr &rows,
                           const SizeExpr &cols, const SizeExpr &rowStride,
                           const SizeExpr &offset = 0);
  /// `length` elements of `buffer` from its start.
  static BufferView vector(StringRef buffer, const SizeExpr &length);

  /// Whether it is all of `buffer`, dense and row-major.
  bool isWhole(const ScheduleBuffer &buffer) const;
  bool operator==(const BufferView &other) const;
};

/// One argument of a launch.
struct LaunchArgument {
  enum class Kind {
    /// A memref: a view of a buffer.
    View,
    /// A pointer to the TMA tensor map of a 2-D view (sm_90a).
    TensorMap,
    /// An `index`.
    Size,
  };
  Kind kind = Kind::Size;
  /// View and TensorMap: the region.
  BufferView view;
  /// TensorMap: the map's type (an nvgpu.tensormap.descriptor: its box,
  /// swizzle and element type).
  Type mapType;
  /// Size: the value.
  SizeExpr size;

  static LaunchArgument ofView(BufferView view);
  static LaunchArgument ofTensorMap(BufferView view, Type mapType);
  static LaunchArgument ofSize(SizeExpr size);
};

/// The streams of a schedule: the caller's (Main) and those of the dh,
/// dW and db products, as a bundle's manifest names them.
using ScheduleStream = ::lmhead::manifest::Stream;

/// A launch another waits for: its index, and for a launch in a loop, how
/// many iterations before the waiting one's (0: the same iteration, or the
/// last one when the waiting launch is after the loop).
struct LaunchWait {
  LaunchWait(unsigned launch, unsigned iterationsBack = 0)
      : launch(launch), iterationsBack(iterationsBack) {}
  unsigned launch;
  unsigned iterationsBack;
  bool operator==(const LaunchWait &other) const {
    return launch == other.launch && iterationsBack == other.iterationsBack;
  }
};

/// One kernel launch.
struct Launch {
  /// The kernel's symbol in the schedule's kernel module.
  std::string kernel;
  /// In a loop: the kernel its first iteration launches instead (empty:
  /// `kernel`). It takes the same arguments.
  std::string firstIterationKernel;
  ScheduleStream stream = ScheduleStream::Main;
  /// Earlier launches, on other streams, to wait for.
  SmallVector<LaunchWait, 3> after;
  std::array<SizeExpr, 3> grid = {SizeExpr(1), SizeExpr(1), SizeExpr(1)};
  std::array<int64_t, 3> block = {1, 1, 1};
  std::array<int64_t, 3> cluster = {1, 1, 1};
  /// Dynamic shared memory, in bytes.
  int64_t sharedBytes = 0;
  /// A programmatic dependent launch: it may start while the launch before
  /// it on its stream finishes (its kernel waits with griddepcontrol.wait
  /// before it touches global memory). The bundle runtime launches it so;
  /// the host code of --lmhead-lower-to-gpu launches it plainly, where the
  /// wait returns at once.
  bool programmatic = false;
  SmallVector<LaunchArgument> arguments;

  /// The launch with symbol `name` bound to `value` in every size (a loop's
  /// iteration, unrolled).
  Launch bind(StringRef name, int64_t value) const;
};

/// A dynamic size of the op: its symbol in the size expressions, and where
/// the op's types hold it.
struct SizeSymbol {
  std::string name;
  /// An operand or result of the op with the size as dimension `dim`.
  Value tensor;
  unsigned dim = 0;
};

/// Launches [begin, end) run once for each value of `index` from 0 to
/// `count` − 1.
struct ScheduleLoop {
  /// The index's symbol in the launches' sizes.
  std::string index;
  /// A constant or an expression of the op's sizes.
  SizeExpr count;
  unsigned begin = 0, end = 0;

  bool contains(unsigned launch) const {
    return begin <= launch && launch < end;
  }
};

/// Everything it takes to run one planned op.
struct Schedule {
  /// The op's tensors, in the order a bundle's caller passes them (the
  /// operands, then the results), then its workspace buffers.
  std::vector<ScheduleBuffer> buffers;
  /// The sizes the op's types leave dynamic, in the order a bundle's caller
  /// passes them (after the tensors).
  SmallVector<SizeSymbol> sizes;
  /// In launch order.
  std::vector<Launch> launches;
  /// Disjoint runs of `launches`, in order.
  std::vector<ScheduleLoop> loops;

  /// The buffer named `name`, or null.
  const ScheduleBuffer *findBuffer(StringRef name) const;
  /// Whether any buffer is workspace.
  bool hasWorkspace() const;
  /// The index the next launch added will have.
  unsigned nextLaunch() const { return launches.size(); }
  /// Appends `launch`; returns its index.
  unsigned add(Launch launch);
  /// The loop that holds `launch`, or null.
  const ScheduleLoop *loopOf(unsigned launch) const;
  /// Starts a loop over `index` from 0 to `count` − 1 at the next launch
  /// added; the launches added until endLoop() are its body.
  SizeExpr beginLoop(StringRef index, SizeExpr count);
  void endLoop();

private:
  bool loopOpen = false;
};

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_SCHEDULE_SCHEDULE_H
