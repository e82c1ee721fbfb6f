//===- SizeExprTest.cpp - normal form and values of size expressions ------===//

#include "lmhead/Schedule/SizeExpr.h"

#include "gtest/gtest.h"

#include <map>

using namespace mlir::lmhead;

namespace {

/// Evaluates `expr` with the symbols of `values`.
std::optional<int64_t> valueOf(const SizeExpr &expr,
                               const std::map<std::string, int64_t> &values) {
  return expr.evaluate([&](llvm::StringRef name) -> std::optional<int64_t> {
    auto it = values.find(name.str());
    if (it == values.end())
      return std::nullopt;
    return it->second;
  });
}

TEST(SizeExprTest, ConstantsFold) {
  SizeExpr product = SizeExpr(6) * SizeExpr(7);
  ASSERT_TRUE(product.isConstant());
  EXPECT_EQ(*product.getConstant(), 42);
  EXPECT_EQ(*ceilDiv(SizeExpr(1000), 128).getConstant(), 8);
  EXPECT_EQ(*ceilDiv(SizeExpr(1024), 128).getConstant(), 8);
  EXPECT_EQ(*min(SizeExpr(3), SizeExpr(9)).getConstant(), 3);
  EXPECT_EQ(*max(SizeExpr(3), SizeExpr(9)).getConstant(), 9);
}

TEST(SizeExprTest, ProductsKeepOneConstantFactorFirst) {
  SizeExpr n = SizeExpr::symbol("n"), d = SizeExpr::symbol("d");
  EXPECT_EQ((n * SizeExpr(64)).str(), "64*n");
  EXPECT_EQ((SizeExpr(2) * n * SizeExpr(32) * d).str(), "64*n*d");
  EXPECT_EQ((SizeExpr(1) * n).str(), "n");
  EXPECT_EQ(SizeExpr(1) * n, n);
  EXPECT_EQ(*(n * SizeExpr(0)).getConstant(), 0);
  EXPECT_EQ((n * d).getOperands().size(), 2u);
}

TEST(SizeExprTest, OverflowingConstantsStayUnfolded) {
  SizeExpr big(int64_t(1) << 40);
  SizeExpr product = big * big * SizeExpr::symbol("n");
  EXPECT_FALSE(product.isConstant());
  EXPECT_EQ(valueOf(product, {{"n", 1}}), std::nullopt);
  EXPECT_EQ(valueOf(big * SizeExpr::symbol("n"), {{"n", 3}}),
            3 * (int64_t(1) << 40));
}

TEST(SizeExprTest, Evaluates) {
  SizeExpr n = SizeExpr::symbol("n"), v = SizeExpr::symbol("v");
  // The sum-of-squares grid: one block per 256 elements, 1 to 512 blocks.
  SizeExpr blocks = max(min(ceilDiv(n * v, 256), SizeExpr(512)), SizeExpr(1));
  EXPECT_EQ(blocks.str(), "max(min(ceildiv(n*v, 256), 512), 1)");
  EXPECT_EQ(valueOf(blocks, {{"n", 200}, {"v", 320}}), 250);
  EXPECT_EQ(valueOf(blocks, {{"n", 4096}, {"v", 128256}}), 512);
  EXPECT_EQ(valueOf(blocks, {{"n", 0}, {"v", 320}}), 1);
  EXPECT_EQ(valueOf(blocks, {{"n", 1}}), std::nullopt);
  EXPECT_EQ(blocks.symbols(), (std::vector<std::string>{"n", "v"}));
}

TEST(SizeExprTest, EqualityIsStructural) {
  SizeExpr n = SizeExpr::symbol("n");
  EXPECT_EQ(ceilDiv(n, 8), ceilDiv(SizeExpr::symbol("n"), 8));
  EXPECT_NE(ceilDiv(n, 8), ceilDiv(n, 16));
  EXPECT_NE(min(n, SizeExpr(2)), max(n, SizeExpr(2)));
  EXPECT_EQ(min(n, n), n);
}

TEST(SizeExprTest, GridBlocks) {
  EXPECT_EQ(*gridBlocks(SizeExpr(0), 128).getConstant(), 1);
  EXPECT_EQ(*gridBlocks(SizeExpr(129), 128).getConstant(), 2);
  SizeExpr n = SizeExpr::symbol("n");
  EXPECT_EQ(gridBlocks(n, 128), ceilDiv(n, 128));
  EXPECT_EQ(valueOf(gridBlocks(n, 128), {{"n", 0}}), 0);
}

TEST(SizeExprTest, DifferencesAndRemaindersOfAChunkLoop) {
  SizeExpr n = SizeExpr::symbol("n"), c = SizeExpr::symbol("c");
  SizeExpr start = c * SizeExpr(64);
  SizeExpr rows = min(SizeExpr(64), n - start);
  SizeExpr half = remainder(c, 2) * SizeExpr(64) * n;
  EXPECT_EQ(rows.str(), "min(64, (n - 64*c))");
  EXPECT_EQ(half.str(), "64*(c mod 2)*n");
  EXPECT_EQ(valueOf(rows, {{"n", 130}, {"c", 2}}), 2);
  EXPECT_EQ(valueOf(rows, {{"n", 130}, {"c", 1}}), 64);
  EXPECT_EQ(valueOf(half, {{"n", 10}, {"c", 3}}), 640);
  // Past the end the difference has no value, rather than a negative one.
  EXPECT_EQ(valueOf(rows, {{"n", 130}, {"c", 3}}), std::nullopt);
  EXPECT_EQ(*(SizeExpr(9) - SizeExpr(4)).getConstant(), 5);
  EXPECT_EQ(n - SizeExpr(0), n);
  EXPECT_EQ(*(n - n).getConstant(), 0);
  EXPECT_EQ(*remainder(SizeExpr(7), 2).getConstant(), 1);
  EXPECT_EQ(*remainder(n, 1).getConstant(), 0);
}

TEST(SizeExprTest, BindingALoopIndexFolds) {
  SizeExpr n = SizeExpr::symbol("n"), c = SizeExpr::symbol("c");
  SizeExpr rows = min(SizeExpr(64), SizeExpr(130) - c * SizeExpr(64));
  EXPECT_TRUE(rows.reads("c"));
  EXPECT_FALSE(rows.reads("n"));
  EXPECT_EQ(*rows.bind("c", 0).getConstant(), 64);
  EXPECT_EQ(*rows.bind("c", 2).getConstant(), 2);
  EXPECT_EQ(*(remainder(c, 2) * n).bind("c", 2).getConstant(), 0);
  EXPECT_EQ((remainder(c, 2) * n).bind("c", 3), n);
  // A symbol it does not read leaves it as it is.
  EXPECT_EQ(rows.bind("n", 5), rows);
}

} // namespace
