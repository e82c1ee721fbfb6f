//===- CompilerConsumer.cpp - use the installed lmhead dialect ------------===//
//
// Registers the dialect through the installed lmhead/InitAll.h, loads it by
// its C++ class (so the installed generated headers must be complete), then
// parses, verifies and prints a module holding an lmhead.linear_grad op.
//
//===----------------------------------------------------------------------===//

#include "lmhead/Dialect/LMHead/IR/LMHeadDialect.h"
#include "lmhead/InitAll.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"

static const char *const kModule = R"mlir(
func.func @f(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>)
    -> tensor<8x4xf32> {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>)
      -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return %dh : tensor<8x4xf32>
}
)mlir";

int main() {
  mlir::DialectRegistry registry;
  mlir::lmhead::registerAllDialects(registry);
  registry.insert<mlir::func::FuncDialect>();
  mlir::MLIRContext context(registry);
  if (!context.getOrLoadDialect<mlir::lmhead::LMHeadDialect>()) {
    llvm::errs() << "the lmhead dialect did not load\n";
    return 1;
  }

  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(kModule, &context);
  if (!module) {
    llvm::errs() << "the module did not parse\n";
    return 1;
  }
  if (mlir::failed(mlir::verify(*module))) {
    llvm::errs() << "the module did not verify\n";
    return 1;
  }
  module->print(llvm::outs());
  llvm::outs() << "\n";
  return 0;
}
