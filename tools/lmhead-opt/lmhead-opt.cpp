//===- lmhead-opt.cpp - the lmhead optimizer driver -----------------------===//
//
// mlir-opt with every upstream dialect, extension and pass, plus the lmhead
// dialect, passes and pipelines.
//
//===----------------------------------------------------------------------===//

#include "lmhead/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::lmhead::registerAllPasses();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::lmhead::registerAllDialects(registry);

  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "lmhead optimizer driver\n", registry));
}
