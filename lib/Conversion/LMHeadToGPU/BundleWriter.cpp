//===- BundleWriter.cpp - manifest entries of --lmhead-write-bundle -------===//

#include "BundleWriter.h"

#include "lmhead/runtime/Manifest.h"

using namespace mlir;
using namespace mlir::lmhead;
namespace key = ::lmhead::manifest::key;

OpBundle::~OpBundle() = default;

ManifestJson OpBundle::manifestEntry() const {
  ManifestJson entry = {{key::kPtx, ptxFile()},
                        {key::kOpKind, kind},
                        {key::kTarget, stringifyGpuTarget(target).str()}};
  addOptions(entry);
  addScheduleKeys(entry, *schedule);
  return entry;
}
