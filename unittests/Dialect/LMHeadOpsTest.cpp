//===- LMHeadOpsTest.cpp - building and verifying lmhead ops from C++ -----===//
//
// What a compiler embedding lmhead does: build the ops with OpBuilder, read
// their options through the generated accessors, and get the verifier's
// message when a shape is wrong.
//
//===----------------------------------------------------------------------===//

#include "lmhead/Dialect/LMHead/IR/LMHeadOps.h"
#include "lmhead/InitAll.h"

#include "mlir/AsmParser/AsmParser.h"
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
        builder, builder.getUnknownLoc(), tensor({n, d}, elt),
        tensor({v, d}, elt), /*db=*/Type(),
        /*stats=*/Type(), dz, h, w,
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

TEST_F(LMHeadOpsTest, GemmConfigHoldsEveryTileFieldInOrder) {
  // Distinct values catch a field of GemmTiles.def out of the attribute's
  // parameter order.
  GemmTiles tiles{256, 128, 64, 64, 32, 4, 8, 1, 16, 132, 1, 2, 1, 1};
  GemmConfigAttr config = GemmConfigAttr::get(&context, tiles);
  EXPECT_EQ(config.getBlockM(), 256);
  EXPECT_EQ(config.getWarpN(), 32);
  EXPECT_EQ(config.getCopyBytes(), 8);
  EXPECT_EQ(config.getGroupRows(), 16);
  EXPECT_EQ(config.getPersistent(), 132);
  EXPECT_EQ(config.getClusterN(), 2);
  EXPECT_EQ(config.getTmaStore(), 1);
  EXPECT_EQ(config.getPingPong(), 1);
  EXPECT_EQ(config.getTiles(), tiles);
  std::string text;
  llvm::raw_string_ostream(text) << config;
  EXPECT_EQ(text, "#lmhead.gemm<blockM = 256, blockN = 128, blockK = 64, "
                  "warpM = 64, warpN = 32, stages = 4, copyBytes = 8, "
                  "swizzle = 1, groupRows = 16, persistent = 132, "
                  "clusterN = 2, tmaStore = 1, pingPong = 1>");
  // Storing from registers, chosen (-1) or left to the model (0), is the
  // attribute's default, which the printer leaves out.
  tiles.tmaStore = -1;
  EXPECT_EQ(GemmConfigAttr::get(&context, tiles).getTmaStore(), 0);
  // So is the cooperative kernel.
  tiles.pingPong = -1;
  EXPECT_EQ(GemmConfigAttr::get(&context, tiles).getPingPong(), 0);
}

TEST_F(LMHeadOpsTest, AGroupLeftUnsetIsTheUsualOneAndGoesWithoutSaying) {
  // Tiles built without a group (0) make the same attribute as tiles with
  // the group of 8 it stands for, which the printer leaves out; so for a
  // cluster left unset, which is 1x1.
  GemmTiles unset{128, 128, 32, 64, 64, 3, 16, 1};
  GemmTiles eight = unset;
  eight.groupRows = 8;
  eight.clusterM = 1;
  eight.clusterN = 1;
  GemmConfigAttr config = GemmConfigAttr::get(&context, unset);
  EXPECT_EQ(config, GemmConfigAttr::get(&context, eight));
  EXPECT_EQ(config.getTiles(), eight);
  std::string text;
  llvm::raw_string_ostream(text) << config;
  EXPECT_EQ(text, "#lmhead.gemm<blockM = 128, blockN = 128, blockK = 32, "
                  "warpM = 64, warpN = 64, stages = 3, copyBytes = 16, "
                  "swizzle = 1>");
}

TEST_F(LMHeadOpsTest, PlanTargetIsAKeyword) {
  GemmConfigAttr config =
      GemmConfigAttr::get(&context, GemmTiles{128, 256, 64, 64, 256, 3, 16, 1});
  FloatAttr micros = builder.getF64FloatAttr(1.0);
  auto plan = KernelPlanAttr::get(&context, GpuTarget::Sm90a, config, config,
                                  micros, micros);
  std::string text;
  llvm::raw_string_ostream(text) << plan;
  EXPECT_EQ(text.rfind("#lmhead.plan<target = sm_90a, dh = ", 0), 0u) << text;
  EXPECT_EQ(parseAttribute(text, &context), plan);
}

} // namespace
