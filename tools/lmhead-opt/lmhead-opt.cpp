//===- lmhead-opt.cpp - the lmhead optimizer driver -----------------------===//
//
// mlir-opt with the upstream dialects, extensions, passes and LLVM IR
// translations of its registry (every one of them, or what the lmhead
// pipelines need: UpstreamRegistry.h), plus the lmhead dialect, passes and
// pipelines. Unlike a plain MlirOptMain tool:
// - a failing run leaves an existing `-o` file untouched: the result goes
//   to a temporary file beside it that replaces the output only on success;
// - a pass option that does not parse is reported once, by its parser,
//   without the empty "<unknown>:0: error:" line MLIR adds after it, and
//   with a note when the options were separated by commas;
// - input on which MLIR's own parser crashes ends with the parser's error
//   and exit status 1 (ParserCrashGuard.h).
//
//===----------------------------------------------------------------------===//

#include "ParserCrashGuard.h"
#include "UpstreamRegistry.h"

#include "lmhead/BuildIdentity.h"
#include "lmhead/Dialect/LMHead/Transforms/PlanOptions.h"
#include "lmhead/InitAll.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace {

/// Whether an lmhead pass or pipeline was given comma-separated options on
/// the command line (`--lmhead-plan=target=sm_90a,min-tokens=0`).
bool hasCommaSeparatedOptions(int argc, char **argv) {
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg(argv[i]);
    auto [flag, options] = arg.split('=');
    if (flag.starts_with("--lmhead-") && options.contains('='))
      if (options.split('=').second.contains(','))
        return true;
  }
  return false;
}

/// Runs MlirOptMain from `inputFilename` to `outputFilename`.
mlir::LogicalResult run(int argc, char **argv, llvm::StringRef inputFilename,
                        llvm::StringRef outputFilename,
                        mlir::DialectRegistry &registry) {
  mlir::MlirOptMainConfig config =
      mlir::MlirOptMainConfig::createFromCLOptions();
  // Options that fail to parse have been reported by their parser; MLIR
  // then emits an error with an empty message, which is dropped here.
  bool commas = hasCommaSeparatedOptions(argc, argv);
  mlir::MlirOptMainConfig setup = config;
  config.setPassPipelineSetupFn([setup, commas](mlir::PassManager &pm) {
    mlir::ScopedDiagnosticHandler quiet(
        pm.getContext(), [&](mlir::Diagnostic &diag) {
          if (diag.getSeverity() != mlir::DiagnosticSeverity::Error ||
              !diag.str().empty())
            return mlir::failure(); // not ours: the next handler prints it
          if (commas && !mlir::lmhead::commaHintGiven())
            llvm::errs() << "note: the options of an lmhead pass are "
                            "separated by spaces, not commas: "
                            "--lmhead-plan='target=sm_90a min-tokens=0'\n";
          return mlir::success();
        });
    return setup.setupPassPipeline(pm);
  });

  std::string message;
  auto input = mlir::openInputFile(inputFilename, &message);
  if (!input) {
    llvm::errs() << message << "\n";
    return mlir::failure();
  }
  if (mlir::lmhead::reportParserCrash(*input, registry))
    return mlir::failure();
  auto output = mlir::openOutputFile(outputFilename, &message);
  if (!output) {
    llvm::errs() << message << "\n";
    return mlir::failure();
  }
  if (mlir::failed(
          mlir::MlirOptMain(output->os(), std::move(input), registry, config)))
    return mlir::failure();
  output->keep();
  return mlir::success();
}

} // namespace

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::lmhead::registerUpstream(registry);
  mlir::lmhead::registerAllPasses();
  mlir::lmhead::registerAllDialects(registry);

  // --version: lmhead's build identity first, then LLVM's own lines.
  llvm::cl::AddExtraVersionPrinter([](llvm::raw_ostream &os) {
    const mlir::lmhead::BuildIdentity &id = mlir::lmhead::buildIdentity();
    os << "lmhead " << id.version << "\n  revision: " << id.revision
       << "\n  binary: " << id.binary << "\n  LLVM: " << id.llvm << "\n";
  });
  auto [inputFilename, outputFilename] = mlir::registerAndParseCLIOptions(
      argc, argv, "lmhead optimizer driver\n", registry);
  if (outputFilename == "-")
    return mlir::asMainReturnCode(
        run(argc, argv, inputFilename, outputFilename, registry));

  llvm::SmallString<256> staging;
  llvm::sys::fs::createUniquePath(outputFilename + ".lmhead-%%%%%%", staging,
                                  /*MakeAbsolute=*/false);
  if (mlir::failed(run(argc, argv, inputFilename, staging.str(), registry)))
    return 1; // The staging file is removed unless kept on success.
  if (std::error_code error = llvm::sys::fs::rename(staging, outputFilename)) {
    llvm::errs() << "error: cannot write '" << outputFilename
                 << "': " << error.message() << "\n";
    llvm::sys::fs::remove(staging);
    return 1;
  }
  return 0;
}
