//===- ScheduleToManifest.h - a schedule as a manifest entry ----*- C++ -*-===//
//
// Part of lmhead. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The emitter of a schedule (Schedule.h) for bundles: the keys of an op's
// manifest entry that the runtime reads (docs/Runtime.md). The operands
// are the schedule's tensors in order, its dynamic sizes, and the
// workspace's address and size in bytes when it has workspace; a view
// argument becomes the fields of the memref descriptor MLIR's NVVM
// lowering passes (allocated and aligned pointer, offset, sizes, strides),
// a tensor-map argument a "tensormap" parameter, and every size an
// integer expression.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_CONVERSION_LMHEADTOGPU_SCHEDULETOMANIFEST_H
#define LMHEAD_CONVERSION_LMHEADTOGPU_SCHEDULETOMANIFEST_H

#include "lmhead/Schedule/Schedule.h"

#include "llvm/Support/raw_ostream.h"

#include <string>

namespace mlir {
namespace lmhead {

/// A JSON string.
std::string quoted(StringRef text);

/// `size` as the manifest's integer expression: `5`, `"n"`,
/// `{"mul": [5, "n"]}`, `{"ceil_div": [x, 8]}`, `{"min": [x, y]}`,
/// `{"max": [x, y]}`.
std::string manifestExpr(const SizeExpr &size);

/// `size` as a kernel parameter: a constant is `{"const": 5}`, anything else
/// as manifestExpr.
std::string manifestParam(const SizeExpr &size);

/// Writes the "operands", "tensors", "workspace" (when there is some) and
/// "kernels" keys of `schedule`'s manifest entry, one key a line (a kernel
/// over four), indented as an op's keys; the last ends without a comma.
/// The schedule's launches must have passed checkLaunches.
void writeScheduleKeys(raw_ostream &os, const Schedule &schedule);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_CONVERSION_LMHEADTOGPU_SCHEDULETOMANIFEST_H
