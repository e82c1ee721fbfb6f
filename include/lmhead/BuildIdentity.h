//===- BuildIdentity.h - which lmhead compiled a bundle ---------*- C++ -*-===//
//
// Part of lmhead.
//
// The build identity of the compiler: lmhead's version, the source revision
// it was built from, a hash of the binary that holds it and the LLVM it
// links. `lmhead-opt --version` prints it, --lmhead-write-bundle writes it
// into every manifest ("producer"), the runtime holds a bundle's to its own
// on load, and lmhead.torch keys its kernel cache on it, so that kernels
// one build compiled never run under another.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_BUILDIDENTITY_H
#define LMHEAD_BUILDIDENTITY_H

#include <string>

namespace mlir::lmhead {

/// Who compiled: every field is a printable string without quotes.
struct BuildIdentity {
  /// lmhead's version, "MAJOR.MINOR.PATCH".
  std::string version;
  /// The git commit of the sources, with "-dirty" for uncommitted changes
  /// to tracked files, or "unknown" outside a git checkout.
  std::string revision;
  /// "xxh3:" and the 64-bit XXH3 hash (16 hex digits) of the executable or
  /// shared library this code is in; "unknown" when it cannot be read.
  std::string binary;
  /// LLVM's version, "MAJOR.MINOR.PATCH".
  std::string llvm;
};

/// This build's identity, computed once per process (the binary is hashed
/// on first use).
const BuildIdentity &buildIdentity();

/// The manifest's "producer" object of this build, as one line of JSON:
/// {"lmhead": ..., "revision": ..., "binary": ..., "llvm": ...}.
std::string buildIdentityJson();

} // namespace mlir::lmhead

#endif // LMHEAD_BUILDIDENTITY_H
