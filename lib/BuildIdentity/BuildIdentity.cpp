//===- BuildIdentity.cpp - which lmhead compiled a bundle -----------------===//
//
// The revision comes from the header the build writes on every build
// (cmake/BuildRevision.cmake). It cannot tell two builds of the same dirty
// tree apart, so the identity also hashes the binary: the file that holds
// this function, found with dladdr (lmhead-opt itself, or the plugin or
// downstream library the compiler was linked into).
//
//===----------------------------------------------------------------------===//

#include "lmhead/BuildIdentity.h"

#include "BuildRevision.inc"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <dlfcn.h>

#define LMHEAD_STRINGIFY_IMPL(x) #x
#define LMHEAD_STRINGIFY(x) LMHEAD_STRINGIFY_IMPL(x)

using namespace mlir::lmhead;

namespace {

/// The path of the executable or shared library that holds this code.
std::string binaryPath() {
  Dl_info info;
  static int anchor;
  if (dladdr(reinterpret_cast<void *>(&binaryPath), &info) && info.dli_fname &&
      llvm::StringRef(info.dli_fname).contains('/') &&
      llvm::sys::fs::exists(info.dli_fname))
    return info.dli_fname;
  // The main program's name as dladdr gives it may be bare (found on PATH):
  // ask the system for the executable instead.
  return llvm::sys::fs::getMainExecutable(nullptr, &anchor);
}

std::string hashOfBinary() {
  std::string path = binaryPath();
  if (path.empty())
    return "unknown";
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!file)
    return "unknown";
  std::string text;
  llvm::raw_string_ostream os(text);
  // All 16 digits: write_hex drops leading zeros, and one hash in 16 then
  // printed 15.
  os << "xxh3:"
     << llvm::format_hex_no_prefix(llvm::xxh3_64bits((*file)->getBuffer()), 16);
  return text;
}

} // namespace

const BuildIdentity &mlir::lmhead::buildIdentity() {
  static const BuildIdentity identity = [] {
    BuildIdentity result;
    result.version =
        LMHEAD_STRINGIFY(LMHEAD_VERSION_MAJOR) "." LMHEAD_STRINGIFY(
            LMHEAD_VERSION_MINOR) "." LMHEAD_STRINGIFY(LMHEAD_VERSION_PATCH);
    result.revision = LMHEAD_BUILD_REVISION;
    result.binary = hashOfBinary();
    result.llvm = LLVM_VERSION_STRING;
    return result;
  }();
  return identity;
}

std::string mlir::lmhead::buildIdentityJson() {
  const BuildIdentity &id = buildIdentity();
  return "{\"lmhead\": \"" + id.version + "\", \"revision\": \"" + id.revision +
         "\", \"binary\": \"" + id.binary + "\", \"llvm\": \"" + id.llvm +
         "\"}";
}
