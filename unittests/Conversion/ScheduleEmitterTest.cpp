//===- ScheduleEmitterTest.cpp - launches held to their kernels -----------===//
//
// Both emitters of a schedule (ScheduleToLaunch, ScheduleToManifest) hold
// every launch to its kernel's signature through checkLaunches: a launch
// that passes the wrong number or kind of arguments, names a buffer the
// schedule lacks, or waits for a launch that is not earlier on another
// stream is an error naming the kernel and the argument. And the manifest
// spells a view as the memref descriptor's fields and every size as the
// runtime's integer expressions.
//
//===----------------------------------------------------------------------===//

#include "ScheduleLaunches.h"
#include "ScheduleToManifest.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::lmhead;

namespace {

class ScheduleEmitterTest : public ::testing::Test {
protected:
  ScheduleEmitterTest() {
    context.loadDialect<gpu::GPUDialect, memref::MemRefDialect>();
    // A kernel `scale(x: memref<?xf32>, n: index)` in a gpu.module.
    OpBuilder builder(&context);
    module = ModuleOp::create(builder.getUnknownLoc());
    builder.setInsertionPointToEnd(module->getBody());
    kernels =
        gpu::GPUModuleOp::create(builder, builder.getUnknownLoc(), "kernels");
    builder.setInsertionPointToEnd(kernels.getBody());
    auto vector = MemRefType::get({ShapedType::kDynamic}, builder.getF32Type());
    auto kernel = gpu::GPUFuncOp::create(
        builder, builder.getUnknownLoc(), "scale",
        builder.getFunctionType({vector, builder.getIndexType()}, {}));
    kernel->setAttr(gpu::GPUDialect::getKernelFuncAttrName(),
                    builder.getUnitAttr());
    builder.setInsertionPointToEnd(&kernel.getBody().front());
    gpu::ReturnOp::create(builder, builder.getUnknownLoc());

    SizeExpr n = SizeExpr::symbol("n");
    schedule.buffers.push_back({"x",
                                ScheduleBuffer::Role::Result,
                                builder.getF32Type(),
                                {n},
                                Value(),
                                Value()});
    schedule.sizes.push_back({"n", Value(), 0});
    schedule.add(good(ScheduleStream::Main));
  }

  /// A launch of `scale` that passes what it takes.
  Launch good(ScheduleStream stream) {
    return smallLaunch(
        "scale", stream, ceilDiv(SizeExpr::symbol("n"), 256), 256,
        {LaunchArgument::ofView(BufferView::whole(*schedule.findBuffer("x"))),
         LaunchArgument::ofSize(SizeExpr::symbol("n"))});
  }

  /// checkLaunches's error, or "" when the schedule passes.
  std::string problem() {
    std::string message;
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diagnostic) {
      message = diagnostic.str();
      return success();
    });
    if (succeeded(checkLaunches(schedule, kernels, UnknownLoc::get(&context))))
      return "";
    return message;
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
  gpu::GPUModuleOp kernels;
  Schedule schedule;
};

TEST_F(ScheduleEmitterTest, ALaunchThatFitsItsKernelPasses) {
  EXPECT_EQ(problem(), "");
}

TEST_F(ScheduleEmitterTest, TheArgumentCountMustBeTheKernels) {
  schedule.launches[0].arguments.pop_back();
  EXPECT_EQ(problem(),
            "launch 0 passes kernel 'scale' 1 arguments, but it takes 2");
}

TEST_F(ScheduleEmitterTest, EachArgumentMustBeOfItsParametersKind) {
  std::swap(schedule.launches[0].arguments[0],
            schedule.launches[0].arguments[1]);
  EXPECT_EQ(problem(), "argument 0 of launch 0 of kernel 'scale' is a size "
                       "but the kernel takes memref<?xf32>");
}

TEST_F(ScheduleEmitterTest, AViewMustHaveTheKernelsRank) {
  schedule.launches[0].arguments[0] = LaunchArgument::ofView(
      BufferView::matrix("x", SizeExpr(2), SizeExpr(4), SizeExpr(4)));
  EXPECT_EQ(problem(), "argument 0 of launch 0 of kernel 'scale' is a view of "
                       "rank 2 but the kernel takes memref<?xf32>");
}

TEST_F(ScheduleEmitterTest, AViewMustBeOfABufferOfTheSchedule) {
  schedule.launches[0].arguments[0] =
      LaunchArgument::ofView(BufferView::vector("y", SizeExpr(4)));
  EXPECT_EQ(problem(), "argument 0 of launch 0 of kernel 'scale' views 'y', "
                       "which is not a buffer of the op");
}

TEST_F(ScheduleEmitterTest, TheKernelMustHaveBeenBuilt) {
  schedule.launches[0].kernel = "shift";
  EXPECT_EQ(problem(),
            "launch 0 of the schedule runs 'shift', which was not built");
}

TEST_F(ScheduleEmitterTest, ALaunchWaitsOnlyForEarlierOnesOnOtherStreams) {
  Launch same = good(ScheduleStream::Main);
  same.after = {0};
  schedule.add(same);
  EXPECT_EQ(problem(), "launch 1 waits for launch 0, which is not an earlier "
                       "launch on another stream");
  schedule.launches[1].stream = ScheduleStream::Dw;
  EXPECT_EQ(problem(), "");
  schedule.launches[1].after = {1};
  EXPECT_EQ(problem(), "launch 1 waits for launch 1, which is not an earlier "
                       "launch on another stream");
}

TEST_F(ScheduleEmitterTest, TheManifestSpellsViewsAndSizes) {
  Launch second = good(ScheduleStream::Dh);
  second.after = {0};
  second.grid[0] = max(
      min(ceilDiv(SizeExpr(200) * SizeExpr::symbol("n"), 256), SizeExpr(512)),
      SizeExpr(1));
  second.arguments[0] = LaunchArgument::ofView(BufferView::matrix(
      "x", SizeExpr(3), SizeExpr(4), SizeExpr(8), SizeExpr(16)));
  schedule.add(second);
  ManifestJson entry = ManifestJson::object();
  addScheduleKeys(entry, schedule);
  auto parsed = [](const char *text) { return ManifestJson::parse(text); };
  EXPECT_EQ(entry["operands"], parsed(R"(["x", "n"])"));
  EXPECT_EQ(entry["tensors"],
            parsed(R"({"x": {"type": "f32", "shape": ["n"]}})"));
  const ManifestJson &first = entry["kernels"][0];
  EXPECT_EQ(first["grid"], parsed(R"([{"ceil_div": ["n", 256]}, 1, 1])"));
  EXPECT_EQ(first["block"], parsed("[256, 1, 1]"));
  EXPECT_EQ(first["params"],
            parsed(R"(["x", "x", {"const": 0}, "n", {"const": 1}, "n"])"));
  const ManifestJson &waiting = entry["kernels"][1];
  EXPECT_EQ(waiting["stream"], "dh");
  EXPECT_EQ(waiting["after"], parsed("[0]"));
  EXPECT_EQ(
      waiting["grid"][0],
      parsed(
          R"({"max": [{"min": [{"ceil_div": [{"mul": [200, "n"]}, 256]}, 512]}, 1]})"));
  // A view: offset, two sizes, two strides.
  EXPECT_EQ(waiting["params"],
            parsed(R"(["x", "x", {"const": 16}, {"const": 3}, {"const": 4},
                       {"const": 8}, {"const": 1}, "n"])"));
  EXPECT_FALSE(entry.contains("workspace")) << entry.dump();

  // The text of a manifest: an op's kernels one a line.
  std::string text =
      formatManifest({{"format", "lmhead-bundle"}, {"ops", {{"op", entry}}}});
  EXPECT_NE(
      text.find("\n      \"kernels\": [\n        {\"name\": \"scale\", "
                "\"stream\": \"main\",\n         \"grid\": [{\"ceil_div\": "
                "[\"n\", 256]}, 1, 1], \"block\": [256, 1, 1],\n"),
      std::string::npos)
      << text;
  EXPECT_EQ(ManifestJson::parse(text)["ops"]["op"], entry);
}

} // namespace
