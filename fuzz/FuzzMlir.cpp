//===- FuzzMlir.cpp - libFuzzer target: MLIR text through lmhead's passes -===//
//
// Every input is MLIR text, read as lmhead-opt reads a file: every upstream
// dialect and the lmhead dialect, verified after parsing. A module that
// parses goes, each time from a fresh copy, through the paths a user's
// graph takes:
//
//   decompose
//   recognize, then the report (JSON, to /dev/null)
//   recognize, plan for sm_80, lower to GPU kernels
//   recognize, plan for sm_90a, lower to GPU kernels
//   recognize, plan for sm_80, write a bundle into a temporary folder
//
// (planning with min-tokens=0, so that small shapes reach the kernels).
// Diagnostics are the expected way for bad input to end and are dropped.
// A crash, a sanitizer finding, or a pipeline that succeeds and leaves IR
// that does not verify is a bug: the last aborts with the route's name.
//
// Each kernel of a bundle goes through LLVM's NVPTX back end (a second or
// more per op, against milliseconds for the other routes), so bundles are
// written for one input in kBundleEvery, chosen by a hash of its bytes (the
// same input always takes the same routes), and only when it holds at
// most kMaxBundleOps planned ops.
//
//===----------------------------------------------------------------------===//

#include "ScratchDirectory.h"
#include "lmhead/InitAll.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "llvm/Support/FileSystem.h"

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

namespace {

using lmhead::fuzz::scratchDirectory;

/// Planned lmhead ops a module may hold for its bundle to be written, and
/// the share of inputs whose bundles are written.
constexpr unsigned kMaxBundleOps = 1;
constexpr uint64_t kBundleEvery = 16;

/// Whether `text` has a `permutation = [` or `dimensions = [` list that
/// holds something other than integers: MLIR 22's linalg.transpose,
/// linalg.broadcast and linalg.reduce parsers crash on those after
/// reporting the error (lmhead-opt guards against it, ParserCrashGuard.h;
/// test/Tools/malformed-input.test). Such inputs are skipped, so that the
/// fuzzer looks for lmhead's bugs rather than finding that one again.
bool hasMalformedLinalgList(llvm::StringRef text) {
  for (llvm::StringRef keyword : {"permutation", "dimensions"}) {
    for (size_t at = text.find(keyword); at != llvm::StringRef::npos;
         at = text.find(keyword, at + 1)) {
      llvm::StringRef rest = text.drop_front(at + keyword.size()).ltrim();
      if (!rest.consume_front("="))
        continue;
      rest = rest.ltrim();
      if (!rest.consume_front("["))
        continue;
      size_t end = rest.find_first_not_of("0123456789-, \t\r\n");
      if (end == llvm::StringRef::npos || rest[end] != ']')
        return true;
    }
  }
  return false;
}

/// FNV-1a of the input: the same on every run and build.
uint64_t hashOf(const uint8_t *data, std::size_t size) {
  uint64_t hash = 14695981039346656037ull;
  for (std::size_t i = 0; i < size; ++i)
    hash = (hash ^ data[i]) * 1099511628211ull;
  return hash;
}

mlir::DialectRegistry &registry() {
  static mlir::DialectRegistry *registry = [] {
    auto *result = new mlir::DialectRegistry();
    mlir::registerAllDialects(*result);
    mlir::registerAllExtensions(*result);
    mlir::registerAllToLLVMIRTranslations(*result);
    mlir::lmhead::registerAllDialects(*result);
    return result;
  }();
  return *registry;
}

/// Runs `pipeline` on a copy of `module`. False when it succeeded and left
/// IR that does not verify.
bool runRoute(mlir::ModuleOp module, const std::string &pipeline,
              mlir::OwningOpRef<mlir::ModuleOp> *result = nullptr) {
  mlir::OwningOpRef<mlir::ModuleOp> copy(module.clone());
  mlir::PassManager pm(module.getContext());
  if (mlir::failed(mlir::parsePassPipeline(pipeline, pm))) {
    std::fprintf(stderr, "lmhead-fuzz-mlir: bad pipeline '%s'\n",
                 pipeline.c_str());
    std::abort();
  }
  // The verifier runs once at the end: a pass that leaves invalid IR
  // behind must be found, not turned into a failure.
  pm.enableVerifier(false);
  if (mlir::failed(pm.run(*copy)))
    return true;
  if (mlir::failed(mlir::verify(*copy)))
    return false;
  if (result)
    *result = std::move(copy);
  return true;
}

/// Counts the lmhead ops left in `module` (after planning and before
/// lowering: the ops whose kernels a bundle would hold).
unsigned countLMHeadOps(mlir::ModuleOp module) {
  unsigned count = 0;
  module.walk([&](mlir::Operation *op) {
    if (op->getDialect() && op->getDialect()->getNamespace() == "lmhead")
      ++count;
  });
  return count;
}

void check(bool verified, const char *route) {
  if (verified)
    return;
  std::fprintf(stderr,
               "lmhead-fuzz-mlir: %s succeeded and left IR that does not "
               "verify\n",
               route);
  std::abort();
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  mlir::lmhead::registerAllPasses();
  lmhead::fuzz::makeScratchDirectory("lmhead-fuzz-mlir");
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, std::size_t size) {
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  if (hasMalformedLinalgList(text))
    return 0;
  mlir::MLIRContext context(registry(), mlir::MLIRContext::Threading::DISABLED);
  mlir::ScopedDiagnosticHandler dropDiagnostics(
      &context, [](mlir::Diagnostic &) { return mlir::success(); });
  mlir::ParserConfig config(&context);
  // MLIR's lexer reads up to a NUL after the buffer; libFuzzer's input
  // has none, so the parser reads a terminated copy (as lmhead-opt's own
  // inputs, read by MlirOptMain, are).
  std::string terminated = text.str();
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(terminated, config);
  if (!module)
    return 0;

  check(runRoute(*module, "lmhead-decompose"), "decompose");
  // Recognition (the costliest of the passes) runs once; the other routes
  // start from its result.
  mlir::OwningOpRef<mlir::ModuleOp> recognized;
  check(runRoute(*module, "lmhead-recognize", &recognized), "recognize");
  if (!recognized)
    return 0;
  check(runRoute(*recognized, "lmhead-report{format=json output=/dev/null}"),
        "recognize + report");
  check(runRoute(*recognized, "lmhead-plan{target=sm_80 min-tokens=0},"
                              "lmhead-lower-to-gpu"),
        "recognize + plan sm_80 + lower-to-gpu");
  check(runRoute(*recognized, "lmhead-plan{target=sm_90a min-tokens=0},"
                              "lmhead-lower-to-gpu"),
        "recognize + plan sm_90a + lower-to-gpu");

  if (hashOf(data, size) % kBundleEvery != 0)
    return 0;
  mlir::OwningOpRef<mlir::ModuleOp> planned;
  check(
      runRoute(*recognized, "lmhead-plan{target=sm_80 min-tokens=0}", &planned),
      "recognize + plan sm_80");
  if (planned && countLMHeadOps(*planned) <= kMaxBundleOps) {
    // --lmhead-write-bundle refuses a folder that is not empty.
    std::string bundle = scratchDirectory() + "/bundle";
    check(runRoute(*planned, "lmhead-write-bundle{dir=" + bundle + "}"),
          "recognize + plan sm_80 + write-bundle");
    llvm::sys::fs::remove_directories(bundle);
  }
  return 0;
}
