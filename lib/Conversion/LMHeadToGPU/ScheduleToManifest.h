//===- ScheduleToManifest.h - a schedule as a manifest entry ----*- C++ -*-===//
//
// Part of lmhead. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The emitter of a schedule (Schedule.h) for bundles: the keys of an op's
// manifest entry that the runtime reads (docs/Runtime.md), spelled as
// lmhead/runtime/Manifest.h names them. The operands are the schedule's
// tensors in order, its dynamic sizes, and the workspace's address and
// size in bytes when it has workspace; a view argument becomes the fields
// of the memref descriptor MLIR's NVVM lowering passes (allocated and
// aligned pointer, offset, sizes, strides), a tensor-map argument a
// "tensormap" parameter, and every size an integer expression.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_CONVERSION_LMHEADTOGPU_SCHEDULETOMANIFEST_H
#define LMHEAD_CONVERSION_LMHEADTOGPU_SCHEDULETOMANIFEST_H

#include "lmhead/Schedule/Schedule.h"

#include <nlohmann/json.hpp>

#include <string>

namespace mlir {
namespace lmhead {

/// A manifest or a part of one; members keep the order they are added in.
using ManifestJson = nlohmann::ordered_json;

/// `size` as the manifest's integer expression: `5`, `"n"`,
/// `{"mul": [5, "n"]}`, `{"ceil_div": [x, 8]}`, `{"min": [x, y]}`,
/// `{"max": [x, y]}`.
ManifestJson manifestExpr(const SizeExpr &size);

/// `size` as a kernel parameter: a constant is `{"const": 5}`, anything else
/// as manifestExpr.
ManifestJson manifestParam(const SizeExpr &size);

/// Adds the "operands", "tensors", "workspace" (when there is some) and
/// "kernels" keys of `schedule` to its op's manifest entry `entry`. The
/// schedule's launches must have passed checkLaunches.
void addScheduleKeys(ManifestJson &entry, const Schedule &schedule);

/// `manifest` as the text of manifest.json: the top level, the ops and an
/// op's keys one a line; in an op's "tensors" and a workspace's "buffers"
/// one entry a line; a kernel over four lines (name, stream and waits;
/// launch sizes; shared memory; parameters); everything else on the line
/// of its key, with a space after each comma and colon.
std::string formatManifest(const ManifestJson &manifest);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_CONVERSION_LMHEADTOGPU_SCHEDULETOMANIFEST_H
