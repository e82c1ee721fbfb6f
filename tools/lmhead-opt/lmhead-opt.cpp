//===- lmhead-opt.cpp - the lmhead optimizer driver -----------------------===//
//
// mlir-opt with every upstream dialect, extension, pass and LLVM IR
// translation, plus the lmhead
// dialect, passes and pipelines. Unlike a plain MlirOptMain tool, a failing
// run leaves an existing `-o` file untouched: the result goes to a temporary
// file beside it that replaces the output only on success.
//
//===----------------------------------------------------------------------===//

#include "lmhead/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::lmhead::registerAllPasses();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  // gpu-module-to-binary translates kernels to LLVM IR for NVPTX.
  mlir::registerAllToLLVMIRTranslations(registry);
  mlir::lmhead::registerAllDialects(registry);

  auto [inputFilename, outputFilename] = mlir::registerAndParseCLIOptions(
      argc, argv, "lmhead optimizer driver\n", registry);
  if (outputFilename == "-")
    return mlir::asMainReturnCode(
        mlir::MlirOptMain(argc, argv, inputFilename, outputFilename, registry));

  llvm::SmallString<256> staging;
  llvm::sys::fs::createUniquePath(outputFilename + ".lmhead-%%%%%%", staging,
                                  /*MakeAbsolute=*/false);
  if (mlir::failed(mlir::MlirOptMain(argc, argv, inputFilename,
                                     staging.str().str(), registry)))
    return 1; // MlirOptMain removes the staging file on failure.
  if (std::error_code error = llvm::sys::fs::rename(staging, outputFilename)) {
    llvm::errs() << "error: cannot write '" << outputFilename
                 << "': " << error.message() << "\n";
    llvm::sys::fs::remove(staging);
    return 1;
  }
  return 0;
}
