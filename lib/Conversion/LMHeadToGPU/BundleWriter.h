//===- BundleWriter.h - manifest entries of --lmhead-write-bundle -*- C++
//-*-===//
//
// --lmhead-write-bundle (WriteBundle.cpp) writes one manifest entry and one
// PTX file per planned op; each op kind has an OpBundle of its own
// (LinearGradBundle.cpp, CrossEntropyBundle.cpp) that builds the op's
// kernels and says how the runtime launches them. What they share is here:
// integers that follow the op's dynamic sizes (ManifestInt), the kernel
// parameters of a matrix, vector or tensor map in the form MLIR's NVVM
// lowering gives a kernel's memref arguments, and the text of one kernel's
// entry, checked against the kernel's own parameter count.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_CONVERSION_LMHEADTOGPU_BUNDLEWRITER_H
#define LMHEAD_CONVERSION_LMHEADTOGPU_BUNDLEWRITER_H

#include "GemmKernel.h"

#include "lmhead/Schedule/Schedule.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>
#include <vector>

namespace mlir {
namespace lmhead {

/// A JSON string.
std::string quoted(StringRef text);

/// A floating-point attribute as a JSON string (the runtime's JSON reader
/// takes integers only) in the fewest digits that read back as `value`:
/// "1", "0.5", "0.1".
std::string decimalText(double value);

/// A size or offset as the manifest spells it: a constant factor times the
/// integer operands that carry the op's dynamic sizes (e.g. `n`).
struct ManifestInt {
  int64_t factor = 1;
  SmallVector<std::string, 2> operands;

  ManifestInt(int64_t constant = 0) : factor(constant) {}
  static ManifestInt operand(StringRef name) {
    ManifestInt value(1);
    value.operands.push_back(name.str());
    return value;
  }
  bool isConstant() const { return operands.empty(); }
  ManifestInt operator*(const ManifestInt &other) const;
  bool operator==(const ManifestInt &other) const {
    return factor == other.factor && operands == other.operands;
  }
  /// As an integer expression: `5`, `"n"` or `{"mul": [5, "n"]}`.
  std::string expr() const;
  /// As a kernel parameter: `{"const": 5}`, `"n"` or `{"mul": [5, "n"]}`.
  std::string param() const;
  /// The number of `tile`-sized blocks that cover it, as a grid size: at
  /// least one for a constant (as --lmhead-lower-to-gpu launches), and
  /// `{"ceil_div": [expr, tile]}` otherwise (none for a size of 0: the
  /// runtime then launches nothing).
  std::string blocks(int64_t tile) const;
};

/// A row-major matrix in device memory, or a view of one: the operand or
/// workspace buffer that holds it, the view's first element (`offset`
/// elements into the buffer), its extents and the distance between rows.
struct MatrixView {
  std::string buffer;
  ManifestInt rows, cols, rowStride, offset;

  /// A whole dense matrix.
  static MatrixView dense(StringRef buffer, ManifestInt rows,
                          ManifestInt cols) {
    return {buffer.str(), rows, cols, cols, ManifestInt(0)};
  }
};

/// Appends the seven parameters of a `memref<?x?xT, strided<[?, 1],
/// offset: ?>>` descriptor of `view` (allocated and aligned pointer,
/// offset, two sizes, row stride, unit stride).
void appendMatrix(SmallVectorImpl<std::string> &params, const MatrixView &view);

/// Appends the five parameters of a `memref<?xT>` descriptor of `length`
/// elements of `buffer`.
void appendVector(SmallVectorImpl<std::string> &params, StringRef buffer,
                  const ManifestInt &length);

/// A `{"tensormap": ...}` parameter: the TMA map of `view` with the box
/// and swizzle of `map` and element type `element`; "offset" and
/// "row_stride" only when the view is not a whole dense buffer.
std::string tensorMapParam(const MatrixView &view,
                           nvgpu::TensorMapDescriptorType map, Type element);

/// One launch of a kernel, as a manifest entry.
struct KernelEntry {
  std::string name;
  /// "main", "dh", "dw" or "db".
  std::string stream;
  /// Indices of earlier entries of the op on other streams to wait for.
  SmallVector<int> after;
  /// x, y and z (a number, or ManifestInt::blocks).
  std::string grid[3] = {"1", "1", "1"};
  int64_t threads = 1;
  int64_t sharedBytes = 0;
  SmallVector<std::string> params;
};

/// The kernel entry of one launch of GEMM kernel `name` built for `spec`:
/// A and B (memref descriptors on sm_80, tensor maps on sm_90a), the
/// epilogue's parameters, then M, N and K; on a grid of
/// (ceil(N/blockN), ceil(M/blockM)) blocks.
KernelEntry gemmEntry(StringRef name, StringRef stream,
                      const GemmKernelSpec &spec, const MatrixView &a,
                      const MatrixView &b, ArrayRef<std::string> epilogue,
                      const ManifestInt &m, const ManifestInt &n,
                      const ManifestInt &k);

/// The number of 64-bit parameters of `kernel` once NVVM lowering has
/// expanded each memref argument of rank r into 3 + 2r fields.
int64_t countKernelParams(gpu::GPUFuncOp kernel);

/// The manifest entry and kernels of one op.
class OpBundle {
public:
  /// The op `kind` (e.g. "ce_linear_grad") named `name` in the manifest,
  /// for `target`.
  OpBundle(std::string name, std::string kind, GpuTarget target)
      : name(std::move(name)), kind(std::move(kind)), target(target) {}
  virtual ~OpBundle();

  const std::string &getName() const { return name; }
  GpuTarget getTarget() const { return target; }
  std::string ptxFile() const { return name + ".ptx"; }

  /// Builds the op's kernels into `module` and records the parameter count
  /// of each; fails with an error on the op.
  virtual LogicalResult buildKernels(gpu::GPUModuleOp module) = 0;
  /// Writes the op's entry of the manifest; fails with an error on `loc`
  /// when an entry's parameters do not match its kernel's.
  LogicalResult writeManifestEntry(raw_ostream &os, Location loc) const;

protected:
  /// The op-level keys, each line `"key": value,`: what frameworks read,
  /// and (for an op without a schedule) operands, tensors and workspace.
  virtual void writeHeader(raw_ostream &os) const = 0;
  /// The kernel launches, in launch order (for an op without a schedule).
  virtual std::vector<KernelEntry> getKernelEntries() const = 0;

  /// The op's schedule, once buildKernels has built it: its operands,
  /// tensors, workspace and kernels are the manifest's.
  std::optional<Schedule> schedule;
  /// Records `kernel`'s parameter count for the check.
  void recordKernel(gpu::GPUFuncOp kernel);

  std::string name;
  std::string kind;
  GpuTarget target;

private:
  llvm::StringMap<int64_t> paramCounts;
};

/// The bundle of a planned `op` (linear_grad, ce_linear_fwd or
/// ce_linear_grad) named `name`: null after a warning on the op when it is
/// not written (no plan, or a kernel cannot compute it), failure after an
/// error.
FailureOr<std::unique_ptr<OpBundle>> makeLinearGradBundle(Operation *op,
                                                          std::string name);
FailureOr<std::unique_ptr<OpBundle>> makeCrossEntropyBundle(Operation *op,
                                                            std::string name);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_CONVERSION_LMHEADTOGPU_BUNDLEWRITER_H
