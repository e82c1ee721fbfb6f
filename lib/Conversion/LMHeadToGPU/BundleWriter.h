//===- BundleWriter.h - manifest entries of --lmhead-write-bundle -*- C++
//-*-===//
//
// --lmhead-write-bundle (WriteBundle.cpp) writes one manifest entry and one
// PTX file per planned op; each op kind has an OpBundle of its own
// (LinearGradBundle.cpp, CrossEntropyBundle.cpp) that builds the op's
// schedule and kernels and adds what frameworks read of the op. The
// entry's operands, tensors, workspace and kernels are the schedule's
// (ScheduleToManifest.h).
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_CONVERSION_LMHEADTOGPU_BUNDLEWRITER_H
#define LMHEAD_CONVERSION_LMHEADTOGPU_BUNDLEWRITER_H

#include "ScheduleToManifest.h"

#include "lmhead/Planning/GpuTarget.h"
#include "lmhead/Schedule/Schedule.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

#include <memory>
#include <optional>
#include <string>

namespace mlir {
namespace lmhead {

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

  /// Builds the op's kernels into `module` and its schedule, checked
  /// against them; fails with an error on the op.
  virtual LogicalResult buildKernels(gpu::GPUModuleOp module) = 0;
  /// The op's entry of the manifest (after buildKernels).
  ManifestJson manifestEntry() const;

protected:
  /// Adds the op's options to its entry: what frameworks and tests read
  /// of the op ("layout", "reduction", ...).
  virtual void addOptions(ManifestJson &entry) const = 0;

  std::string name;
  std::string kind;
  GpuTarget target;
  /// The op's schedule, once buildKernels has built it.
  std::optional<Schedule> schedule;
};

/// The bundle of a planned `op` (linear_grad, ce_linear_fwd, ce_linear_grad
/// or ce_linear_step) named `name`: null after a warning on the op when it
/// is not written (no plan, or a kernel cannot compute it), failure after
/// an error.
FailureOr<std::unique_ptr<OpBundle>> makeLinearGradBundle(Operation *op,
                                                          std::string name);
FailureOr<std::unique_ptr<OpBundle>> makeCrossEntropyBundle(Operation *op,
                                                            std::string name);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_CONVERSION_LMHEADTOGPU_BUNDLEWRITER_H
