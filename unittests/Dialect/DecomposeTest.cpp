//===- DecomposeTest.cpp - running --lmhead-decompose from C++ ------------===//
//
// The decomposition as a library user runs it: parse a module, run the pass
// through a PassManager, and get plain linalg with the original result
// types, or reuse the patterns in a pass of one's own.
//
//===----------------------------------------------------------------------===//

#include "lmhead/Dialect/LMHead/IR/LMHeadDialect.h"
#include "lmhead/Dialect/LMHead/Transforms/Passes.h"
#include "lmhead/InitAll.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <gtest/gtest.h>

using namespace mlir;

namespace {

constexpr const char *kForwardAndBackward = R"mlir(
func.func @step(%h: tensor<?x4xbf16>, %w: tensor<4x32xbf16>, %y: tensor<?xi32>,
                %g: tensor<f32>) -> (tensor<f32>, tensor<?x4xbf16>, tensor<4x32xf32>) {
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(dv) reduction(mean)
    : (tensor<?x4xbf16>, tensor<4x32xbf16>, tensor<?xi32>) -> (tensor<f32>, tensor<?xf32>)
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(dv) reduction(mean)
    : (tensor<?x4xbf16>, tensor<4x32xbf16>, tensor<?xi32>, tensor<?xf32>, tensor<f32>)
    -> (tensor<?x4xbf16>, tensor<4x32xf32>)
  return %loss, %dh, %dw : tensor<f32>, tensor<?x4xbf16>, tensor<4x32xf32>
}
)mlir";

class DecomposeTest : public ::testing::Test {
protected:
  DecomposeTest() {
    DialectRegistry registry;
    lmhead::registerAllDialects(registry);
    registry.insert<func::FuncDialect>();
    context.appendDialectRegistry(registry);
    module = parseSourceString<ModuleOp>(kForwardAndBackward, &context);
  }

  int64_t countLMHeadOps() {
    int64_t count = 0;
    module->walk([&](Operation *op) {
      if (isa<lmhead::LMHeadDialect>(op->getDialect()))
        ++count;
    });
    return count;
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};

TEST_F(DecomposeTest, PassLeavesNoLMHeadOpAndKeepsTheSignature) {
  ASSERT_TRUE(module);
  ASSERT_EQ(countLMHeadOps(), 2);
  auto func = cast<func::FuncOp>(module->getBody()->front());
  FunctionType before = func.getFunctionType();

  PassManager pm(&context);
  pm.addPass(lmhead::createLMHeadDecompose());
  ASSERT_TRUE(succeeded(pm.run(*module)));

  EXPECT_EQ(countLMHeadOps(), 0);
  EXPECT_EQ(func.getFunctionType(), before);
  EXPECT_TRUE(succeeded(verify(*module)));
}

TEST_F(DecomposeTest, PatternsWorkInAnotherDriver) {
  ASSERT_TRUE(module);
  RewritePatternSet patterns(&context);
  lmhead::populateDecomposePatterns(patterns);
  ASSERT_TRUE(succeeded(applyPatternsGreedily(*module, std::move(patterns))));
  EXPECT_EQ(countLMHeadOps(), 0);
  EXPECT_TRUE(succeeded(verify(*module)));
}

} // namespace
