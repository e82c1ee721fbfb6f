//===- LMHeadOpsTest.cpp - building and verifying lmhead ops from C++ -----===//
//
// What a compiler embedding lmhead does: build the ops with OpBuilder, read
// their options through the generated accessors, and get the verifier's
// message when a shape is wrong.
//
//===----------------------------------------------------------------------===//

#include "lmhead/Dialect/LMHead/IR/LMHeadOps.h"
#include "lmhead/InitAll.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::lmhead;

namespace {

class LMHeadOpsTest : public ::testing::Test {
protected:
  LMHeadOpsTest() : builder(&context) {
    DialectRegistry registry;
    registerAllDialects(registry);
    registry.insert<func::FuncDialect>();
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
    module = ModuleOp::create(builder.getUnknownLoc());
    builder.setInsertionPointToEnd(module->getBody());
  }

  RankedTensorType tensor(ArrayRef<int64_t> shape, Type elt) {
    return RankedTensorType::get(shape, elt);
  }

  /// A block argument of the given type, standing for a function input.
  Value input(Type type) {
    if (!block) {
      block = new Block();
      module->getBody()->push_back(func::FuncOp::create(
          builder.getUnknownLoc(), "inputs", builder.getFunctionType({}, {})));
      cast<func::FuncOp>(module->getBody()->back()).getBody().push_back(block);
      builder.setInsertionPointToStart(block);
    }
    return block->addArgument(type, builder.getUnknownLoc());
  }

  /// The verifier's messages for `op`, joined.
  std::string verifierMessages(Operation *op) {
    std::string messages;
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
      messages += diag.str();
      return success();
    });
    EXPECT_TRUE(failed(verify(op)));
    return messages;
  }

  LinearGradOp linearGrad(int64_t n, int64_t v, int64_t d, int64_t hRows,
                          Type elt) {
    Value dz = input(tensor({n, v}, elt));
    Value h = input(tensor({hRows, d}, elt));
    Value w = input(tensor({v, d}, elt));
    return LinearGradOp::create(
        builder, builder.getUnknownLoc(),
        TypeRange{tensor({n, d}, elt), tensor({v, d}, elt)}, dz, h, w,
        /*dh_acc=*/Value(), /*dw_acc=*/Value(), WeightLayout::VD,
        llvm::APFloat(1.0), /*acc_type=*/TypeAttr());
  }

  MLIRContext context;
  OpBuilder builder;
  OwningOpRef<ModuleOp> module;
  Block *block = nullptr;
};

TEST_F(LMHeadOpsTest, BuiltLinearGradVerifiesWithDefaults) {
  LinearGradOp op = linearGrad(8, 32, 4, 8, builder.getBF16Type());
  EXPECT_TRUE(succeeded(verify(op)));
  EXPECT_TRUE(op.getAccumulatorType().isF32());
  EXPECT_EQ(op.getScale().convertToDouble(), 1.0);
  EXPECT_FALSE(op.getDb());
}

TEST_F(LMHeadOpsTest, TokenCountMismatchNamesBothOperands) {
  LinearGradOp op = linearGrad(8, 32, 4, 7, builder.getF32Type());
  std::string messages = verifierMessages(op);
  EXPECT_NE(messages.find("token count N mismatch"), std::string::npos)
      << messages;
  EXPECT_NE(messages.find("'dz' dim 0 is 8 but 'h' dim 0 is 7"),
            std::string::npos)
      << messages;
}

TEST_F(LMHeadOpsTest, IntegerOperandsAreRejected) {
  LinearGradOp op = linearGrad(8, 32, 4, 8, builder.getI32Type());
  std::string messages = verifierMessages(op);
  EXPECT_NE(messages.find("must have element type f32, f16 or bf16"),
            std::string::npos)
      << messages;
}

TEST_F(LMHeadOpsTest, EnumsPrintAsTheirKeywords) {
  EXPECT_EQ(stringifyWeightLayout(WeightLayout::DV), "dv");
  EXPECT_EQ(symbolizeReduction("none"), Reduction::None);
  EXPECT_FALSE(symbolizeReduction("avg").has_value());
}

} // namespace
