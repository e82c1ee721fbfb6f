//===- MlirHarness.h - What the MLIR fuzzers share --------------*- C++ -*-===//
//
// Part of lmhead. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// The MLIR fuzzers (FuzzMlir*.cpp) each take one stage of the paths a
// user's graph takes: parsing, recognition, planning and lowering, bundle
// writing. Each has its own libFuzzer target so that the cheap stages run
// thousands of inputs a second rather than waiting on the slow ones, and
// so that each stage's coverage guides its own corpus. They read an input
// as lmhead-opt reads a file (every upstream dialect and lmhead's, verified
// after parsing) and run a stage as a pass pipeline on a fresh copy of the
// module: diagnostics are the expected way for bad input to end and are
// dropped; a crash, a sanitizer finding, or a pipeline that succeeds and
// leaves IR that does not verify is a bug, and the last aborts naming the
// route.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_FUZZ_MLIRHARNESS_H
#define LMHEAD_FUZZ_MLIRHARNESS_H

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
#include "llvm/ADT/StringExtras.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

namespace lmhead::fuzz {

/// Skips white space and `//` comments, as MLIR's lexer does between
/// tokens.
inline llvm::StringRef skipSpaceAndComments(llvm::StringRef text) {
  while (true) {
    text = text.ltrim(" \t\r\n");
    if (!text.starts_with("//"))
      return text;
    size_t end = text.find('\n');
    text = end == llvm::StringRef::npos ? llvm::StringRef()
                                        : text.drop_front(end + 1);
  }
}

/// Whether `text` starts with `[`, zero or more decimal integers that fit
/// in 64 bits separated by commas, and `]` (with white space and comments
/// between the tokens): a list MLIR's DenseI64ArrayAttr parser certainly
/// accepts. Anything else (hexadecimal, a space after a minus, a value too
/// large) counts as not such a list, which errs toward skipping an input.
inline bool startsWithIntegerList(llvm::StringRef text) {
  if (!text.consume_front("["))
    return false;
  text = skipSpaceAndComments(text);
  if (text.starts_with("]"))
    return true;
  while (true) {
    text.consume_front("-");
    llvm::StringRef number = text.take_while(llvm::isDigit);
    // Up to 18 significant digits always fit in an int64_t.
    if (number.empty() || number.ltrim('0').size() > 18)
      return false;
    text = skipSpaceAndComments(text.drop_front(number.size()));
    if (text.starts_with("]"))
      return true;
    if (!text.consume_front(","))
      return false;
    text = skipSpaceAndComments(text);
  }
}

/// Whether `text` has a `permutation =` or `dimensions =` that is not
/// followed by a well-formed list of integers. MLIR 22's linalg.transpose,
/// linalg.broadcast and linalg.reduce parsers store the attribute that
/// DenseI64ArrayAttr::parse returns without checking it, so any list that
/// fails to parse there (`= tensor`, `= [1 0]`, `= [1, 0x`) crashes the
/// parser after it reports the error. lmhead-opt survives those
/// (ParserCrashGuard.h; test/Tools/malformed-input.test) by parsing once in
/// a crash recovery context and exiting after a crash; a fuzzer cannot
/// exit or carry on in a process whose parse was cut short, so such inputs
/// are skipped instead, and the fuzzers look for lmhead's bugs rather than
/// finding that one again. The check errs toward skipping: a keyword
/// inside a longer name counts too.
inline bool hasMalformedLinalgList(llvm::StringRef text) {
  for (llvm::StringRef keyword : {"permutation", "dimensions"}) {
    for (size_t at = text.find(keyword); at != llvm::StringRef::npos;
         at = text.find(keyword, at + 1)) {
      llvm::StringRef rest =
          skipSpaceAndComments(text.drop_front(at + keyword.size()));
      if (!rest.consume_front("="))
        continue;
      if (!startsWithIntegerList(skipSpaceAndComments(rest)))
        return true;
    }
  }
  return false;
}

/// Every upstream dialect, extension and LLVM IR translation, and lmhead's
/// dialects: what lmhead-opt registers. Built once per process.
inline mlir::DialectRegistry &registry() {
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

/// An input's context and module. The context drops every diagnostic.
struct ParsedInput {
  std::unique_ptr<mlir::MLIRContext> context;
  mlir::OwningOpRef<mlir::ModuleOp> module;
};

/// Parses and verifies `data` as lmhead-opt does; `module` is null when the
/// input is skipped or does not parse.
inline ParsedInput parseInput(const uint8_t *data, std::size_t size) {
  ParsedInput parsed;
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  if (hasMalformedLinalgList(text))
    return parsed;
  parsed.context = std::make_unique<mlir::MLIRContext>(
      registry(), mlir::MLIRContext::Threading::DISABLED);
  parsed.context->getDiagEngine().registerHandler(
      [](mlir::Diagnostic &) { return mlir::success(); });
  mlir::ParserConfig config(parsed.context.get());
  // MLIR's lexer reads up to a NUL after the buffer; libFuzzer's input
  // has none, so the parser reads a terminated copy (as lmhead-opt's own
  // inputs, read by MlirOptMain, are).
  std::string terminated = text.str();
  parsed.module = mlir::parseSourceString<mlir::ModuleOp>(terminated, config);
  return parsed;
}

/// Runs `pipeline` on a copy of `module`. False when it succeeded and left
/// IR that does not verify; `result` gets the IR when it succeeded.
inline bool runRoute(mlir::ModuleOp module, const std::string &pipeline,
                     mlir::OwningOpRef<mlir::ModuleOp> *result = nullptr) {
  mlir::OwningOpRef<mlir::ModuleOp> copy(module.clone());
  mlir::PassManager pm(module.getContext());
  if (mlir::failed(mlir::parsePassPipeline(pipeline, pm))) {
    std::fprintf(stderr, "lmhead-fuzz: bad pipeline '%s'\n", pipeline.c_str());
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

/// Aborts, naming `route`, when it left IR that does not verify.
inline void check(bool verified, const char *route) {
  if (verified)
    return;
  std::fprintf(stderr,
               "lmhead-fuzz: %s succeeded and left IR that does not verify\n",
               route);
  std::abort();
}

/// The recognized module of `module` (null when recognition failed),
/// checked: the starting point of every stage after recognition.
inline mlir::OwningOpRef<mlir::ModuleOp> recognize(mlir::ModuleOp module) {
  mlir::OwningOpRef<mlir::ModuleOp> recognized;
  check(runRoute(module, "lmhead-recognize", &recognized), "recognize");
  return recognized;
}

/// `data` parsed (parseInput) and recognized (recognize): the starting
/// point of the stages after recognition. `module` is the recognized
/// module, null when the input did not parse or was not recognized.
inline ParsedInput parseAndRecognize(const uint8_t *data, std::size_t size) {
  ParsedInput input = parseInput(data, size);
  if (input.module)
    input.module = recognize(*input.module);
  return input;
}

} // namespace lmhead::fuzz

#endif // LMHEAD_FUZZ_MLIRHARNESS_H
