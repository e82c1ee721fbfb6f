//===- ParserCrashGuard.h - MLIR parser crashes as diagnostics --*- C++ -*-===//
//
// Some of MLIR 22's own op parsers crash on malformed text after reporting
// the error (linalg.transpose, linalg.broadcast and linalg.reduce use the
// array attribute they failed to parse: `permutation = [1, 0x`). lmhead-opt
// parses its input once more, beforehand, in a context of its own inside an
// llvm::CrashRecoveryContext, so that such input ends with the parser's
// error and a note instead of a crash.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_TOOLS_LMHEAD_OPT_PARSERCRASHGUARD_H
#define LMHEAD_TOOLS_LMHEAD_OPT_PARSERCRASHGUARD_H

namespace llvm {
class MemoryBuffer;
} // namespace llvm

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::lmhead {

/// Parses `input` with the dialects of `registry`. When MLIR's parser
/// crashes, prints (to stderr) the errors it reported before the crash and
/// a note saying so, and returns true; otherwise prints nothing and returns
/// false, whatever the parser thought of the input.
bool reportParserCrash(const llvm::MemoryBuffer &input,
                       DialectRegistry &registry);

} // namespace mlir::lmhead

#endif // LMHEAD_TOOLS_LMHEAD_OPT_PARSERCRASHGUARD_H
