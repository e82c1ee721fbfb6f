//===- ScratchDirectory.h - A fuzzer's folder for bundles -------*- C++ -*-===//
//
// Part of lmhead. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The fuzzers that write bundles write them into one folder of their own
// under /tmp, made when the fuzzer starts and removed when it exits.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_FUZZ_SCRATCHDIRECTORY_H
#define LMHEAD_FUZZ_SCRATCHDIRECTORY_H

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <system_error>

namespace lmhead::fuzz {

/// The folder made by makeScratchDirectory; empty before.
inline std::string &scratchDirectory() {
  static std::string directory;
  return directory;
}

/// Makes /tmp/<fuzzer>-XXXXXX and removes it at exit; aborts, naming the
/// fuzzer, when it cannot be made (a fuzzer cannot run without it).
inline const std::string &makeScratchDirectory(const std::string &fuzzer) {
  std::string pattern = "/tmp/" + fuzzer + "-XXXXXX";
  if (!mkdtemp(pattern.data())) {
    std::perror((fuzzer + ": mkdtemp").c_str());
    std::abort();
  }
  scratchDirectory() = pattern;
  std::atexit([] {
    std::error_code ignored;
    std::filesystem::remove_all(scratchDirectory(), ignored);
  });
  return scratchDirectory();
}

} // namespace lmhead::fuzz

#endif // LMHEAD_FUZZ_SCRATCHDIRECTORY_H
