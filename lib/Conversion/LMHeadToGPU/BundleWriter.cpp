//===- BundleWriter.cpp - manifest entries of --lmhead-write-bundle -------===//

#include "BundleWriter.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <cstdlib>

using namespace mlir;
using namespace mlir::lmhead;

std::string mlir::lmhead::decimalText(double value) {
  std::string text;
  for (int digits = 1; digits <= 17; ++digits) {
    text = llvm::formatv("{0}", llvm::format("%.*g", digits, value)).str();
    if (std::strtod(text.c_str(), nullptr) == value)
      break;
  }
  return quoted(text);
}

OpBundle::~OpBundle() = default;

void OpBundle::writeManifestEntry(raw_ostream &os) const {
  os << "    " << quoted(name) << ": {\n";
  os << "      \"ptx\": " << quoted(ptxFile()) << ",\n";
  os << "      \"op\": " << quoted(kind) << ",\n";
  os << "      \"target\": " << quoted(stringifyGpuTarget(target)) << ",\n";
  writeHeader(os);
  writeScheduleKeys(os, *schedule);
  os << "    }";
}
