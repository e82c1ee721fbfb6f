//===- ParserCrashGuard.cpp - MLIR parser crashes as diagnostics ----------===//
//
// The parse runs with unregistered dialects allowed and the verifier off, so
// that it only looks for crashes: whether the input is valid is for the real
// run to say. After a crash the process must not go on (the crashed parse's
// state is left as it was); lmhead-opt exits.
//
//===----------------------------------------------------------------------===//

#include "ParserCrashGuard.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

bool mlir::lmhead::reportParserCrash(const llvm::MemoryBuffer &input,
                                     DialectRegistry &registry) {
  // Leaked on purpose: after a crash, its destructor would touch what the
  // crash left behind.
  auto *context = new MLIRContext(registry, MLIRContext::Threading::DISABLED);
  context->allowUnregisteredDialects();
  std::string errors;
  bool crashed = false;
  {
    llvm::SourceMgr sourceMgr;
    sourceMgr.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBuffer(input.getBuffer(),
                                         input.getBufferIdentifier(),
                                         /*RequiresNullTerminator=*/false),
        llvm::SMLoc());
    llvm::raw_string_ostream errorStream(errors);
    SourceMgrDiagnosticHandler handler(sourceMgr, context, errorStream);
    llvm::CrashRecoveryContext::Enable();
    llvm::CrashRecoveryContext recovery;
    crashed = !recovery.RunSafely([&] {
      ParserConfig config(context, /*verifyAfterParse=*/false);
      (void)parseSourceFile<ModuleOp>(sourceMgr, config);
    });
    llvm::CrashRecoveryContext::Disable();
  }
  if (!crashed) {
    delete context;
    return false;
  }
  llvm::errs() << errors
               << "note: MLIR's parser crashed after reporting the error "
                  "above (a bug of MLIR 22's own op parsers, not of the "
                  "input's meaning); correct the input there\n";
  return true;
}
