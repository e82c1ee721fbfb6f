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
  EXPECT_EQ(problem(),
            "launch 1 waits for launch 0, which is on the same stream");
  schedule.launches[1].stream = ScheduleStream::Dw;
  EXPECT_EQ(problem(), "");
  schedule.launches[1].after = {1};
  EXPECT_EQ(problem(),
            "launch 1 waits for launch 1, which is not an earlier launch");
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

/// A chunk loop over `scale`: launch 1 (main) and launch 2 (dh) once per
/// chunk of 64 of the n elements, launch 1 waiting for launch 2 of the
/// chunk two before.
class ScheduleLoopTest : public ScheduleEmitterTest {
protected:
  ScheduleLoopTest() {
    SizeExpr n = SizeExpr::symbol("n");
    SizeExpr c = schedule.beginLoop("c", ceilDiv(n, 64));
    SizeExpr rows = min(SizeExpr(64), n - c * SizeExpr(64));
    Launch chunk = good(ScheduleStream::Main);
    BufferView elements = BufferView::vector("x", rows);
    elements.offset = c * SizeExpr(64);
    chunk.arguments[0] = LaunchArgument::ofView(elements);
    chunk.arguments[1] = LaunchArgument::ofSize(remainder(c, 2));
    chunk.after = {LaunchWait(2, 2)};
    schedule.add(chunk);
    Launch product = good(ScheduleStream::Dh);
    product.firstIterationKernel = "scale";
    product.after = {1};
    schedule.add(product);
    schedule.endLoop();
  }
};

TEST_F(ScheduleLoopTest, ALoopThatFitsPasses) { EXPECT_EQ(problem(), ""); }

TEST_F(ScheduleLoopTest, OnlyTheLoopsLaunchesReadItsIndex) {
  schedule.launches[0].arguments[1] =
      LaunchArgument::ofSize(SizeExpr::symbol("c"));
  EXPECT_EQ(problem(), "launch 0 reads the index 'c' of a loop it is not in");
}

TEST_F(ScheduleLoopTest, EarlierIterationsAreWaitedForOnlyInTheLoop) {
  schedule.launches[0].stream = ScheduleStream::Dw;
  schedule.launches[0].after = {LaunchWait(2, 1)};
  EXPECT_EQ(problem(), "launch 0 waits for launch 2 from 1 iteration(s) "
                       "earlier, but the two are not in one loop");
  schedule.launches[0].after.clear();
  // After the loop, a launch waits for the loop's last iteration.
  Launch last = good(ScheduleStream::Dw);
  last.after = {2};
  schedule.add(last);
  EXPECT_EQ(problem(), "");
}

TEST_F(ScheduleLoopTest, AFirstIterationsKernelIsHeldToTheArgumentsToo) {
  schedule.launches[2].firstIterationKernel = "shift";
  EXPECT_EQ(problem(),
            "launch 2 of the schedule runs 'shift', which was not built");
  schedule.launches[2].firstIterationKernel = "scale";
  schedule.launches[0].firstIterationKernel = "scale";
  EXPECT_EQ(problem(),
            "launch 0 has a first iteration's kernel but is in no loop");
}

TEST_F(ScheduleLoopTest, TheManifestSpellsTheLoop) {
  ManifestJson entry = ManifestJson::object();
  addScheduleKeys(entry, schedule);
  auto parsed = [](const char *text) { return ManifestJson::parse(text); };
  EXPECT_EQ(entry["loops"], parsed(R"([{"index": "c", "count":
      {"ceil_div": ["n", 64]}, "kernels": [1, 3]}])"));
  const ManifestJson &chunk = entry["kernels"][1];
  EXPECT_EQ(chunk["after"], parsed(R"([{"kernel": 2, "iterations_back": 2}])"));
  EXPECT_EQ(chunk["params"], parsed(R"(["x", "x", {"mul": [64, "c"]},
      {"min": [64, {"sub": ["n", {"mul": [64, "c"]}]}]}, {"const": 1},
      {"mod": ["c", 2]}])"));
  EXPECT_EQ(entry["kernels"][2]["first_iteration"], "scale");
  EXPECT_EQ(entry["kernels"][2]["after"], parsed("[1]"));
}

TEST_F(ScheduleLoopTest, UnrollingBindsTheIndex) {
  Launch third = schedule.launches[1].bind("c", 2);
  EXPECT_EQ(third.arguments[0].view.offset, SizeExpr(128));
  EXPECT_EQ(third.arguments[1].size, SizeExpr(0));
  EXPECT_EQ(third.arguments[0].view.sizes[0].str(), "min(64, (n - 128))");
}

} // namespace
