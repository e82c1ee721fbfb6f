//===- GemmKernelTest.cpp - every plannable kernel can be written ---------===//
//
// The cost model and the kernel writers must agree: every configuration the
// model can choose for a GEMM (every valid candidate of planGemm, not only
// the fastest) must pass the writer's checks and give a kernel that
// verifies. The candidates are collected for the three operand layouts of
// linear_grad's products on both targets, on a ragged problem and on a
// benchmark shape, and on problems of odd sizes, whose rows take element
// copies (on sm_90a in the sm_80 kernel). (The numerical tests run a chosen
// subset of them on the emulator: test/Integration/GPU.)
//
//===----------------------------------------------------------------------===//

#include "GemmKernel.h"

#include "lmhead/Dialect/LMHead/IR/LMHeadDialect.h"
#include "lmhead/Planning/CostModel.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"

#include <gtest/gtest.h>

#include <cstdio>

using namespace mlir;
using namespace mlir::lmhead;

namespace {

/// One of linear_grad's operand layouts.
struct Layout {
  const char *name;
  OperandOrder a, b;
};

constexpr Layout kLayouts[] = {
    {"dh, W [V,D]", OperandOrder::ContiguousK, OperandOrder::ContiguousMN},
    {"dh, W [D,V]", OperandOrder::ContiguousK, OperandOrder::ContiguousK},
    {"dW", OperandOrder::ContiguousMN, OperandOrder::ContiguousMN}};

class GemmKernelTest : public ::testing::Test {
protected:
  GemmKernelTest() {
    context.loadDialect<LMHeadDialect, arith::ArithDialect, gpu::GPUDialect,
                        LLVM::LLVMDialect, NVVM::NVVMDialect,
                        memref::MemRefDialect, nvgpu::NVGPUDialect,
                        scf::SCFDialect, vector::VectorDialect>();
  }

  /// Checks and writes the kernel of every valid candidate of a problem of
  /// `m`×`n`×`k` with `layout` on `target`, each by the writer of the kernel
  /// family the model predicted it for; returns how many there were. With
  /// `copyBytes`, every candidate must copy that wide.
  int64_t writeEveryCandidate(GpuTarget target, const Layout &layout, int64_t m,
                              int64_t n, int64_t k, int64_t copyBytes = 0) {
    const GpuChip &chip = planningChip(target);
    StringRef targetName = stringifyGpuTarget(target);
    GemmProblem problem;
    problem.m = m;
    problem.n = n;
    problem.k = k;
    problem.aRowsAlongK = layout.a == OperandOrder::ContiguousK;
    problem.bRowsAlongK = layout.b == OperandOrder::ContiguousK;
    problem.rowElementsA = problem.aRowsAlongK ? k : m;
    problem.rowElementsB = problem.bRowsAlongK ? k : n;
    std::vector<GemmPrediction> valid;
    GemmPlan plan = planGemm(problem, chip, {}, &valid);
    EXPECT_TRUE(plan) << plan.reason;
    EXPECT_EQ(int64_t(valid.size()), plan.validCandidates);

    OpBuilder builder(&context);
    Location loc = builder.getUnknownLoc();
    auto module = ModuleOp::create(loc);
    module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                    builder.getUnitAttr());
    builder.setInsertionPointToEnd(module.getBody());
    auto kernels = gpu::GPUModuleOp::create(builder, loc, "kernels");
    builder.setInsertionPointToEnd(kernels.getBody());
    for (auto [i, prediction] : llvm::enumerate(valid)) {
      const GemmTiles &t = prediction.tiles;
      if (copyBytes)
        EXPECT_EQ(t.copyBytes, copyBytes) << t.str();
      GemmKernelSpec spec;
      spec.target = prediction.kernel;
      if (prediction.kernel != target)
        spec.runsOn = target;
      spec.tiles = t;
      spec.operandType = builder.getBF16Type();
      spec.aOrder = layout.a;
      spec.bOrder = layout.b;
      StoreEpilogue epilogue;
      epilogue.resultType = builder.getF32Type();
      std::string why = llvm::toString(checkGemmKernel(spec, epilogue));
      EXPECT_EQ(why, "") << targetName.str() << " " << layout.name << ": "
                         << t.str();
      if (!why.empty())
        continue;
      buildGemmKernel(builder, loc, "kernel_" + std::to_string(i), spec,
                      epilogue);
    }
    EXPECT_TRUE(succeeded(verify(module)))
        << targetName.str() << " " << layout.name;
    module->erase();
    std::printf("%s, %s, %lldx%lldx%lld: %zu configurations written\n",
                targetName.str().c_str(), layout.name, (long long)m,
                (long long)n, (long long)k, valid.size());
    return valid.size();
  }

  MLIRContext context;
};

TEST_F(GemmKernelTest, EverySm80CandidateIsWritten) {
  for (const Layout &layout : kLayouts) {
    EXPECT_GT(writeEveryCandidate(GpuTarget::Sm80, layout, 1000, 264, 520), 50)
        << layout.name;
    EXPECT_GT(writeEveryCandidate(GpuTarget::Sm80, layout, 4096, 4096, 128256),
              50)
        << layout.name;
  }
}

TEST_F(GemmKernelTest, EverySm90aCandidateIsWritten) {
  for (const Layout &layout : kLayouts) {
    EXPECT_GT(writeEveryCandidate(GpuTarget::Sm90a, layout, 1000, 264, 520), 5)
        << layout.name;
    EXPECT_GT(writeEveryCandidate(GpuTarget::Sm90a, layout, 4096, 4096, 128256),
              5)
        << layout.name;
  }
}

TEST_F(GemmKernelTest, EveryElementCopyCandidateIsWritten) {
  // Every row length odd: 2-byte element copies; on sm_90a the sm_80
  // kernel writes them.
  for (GpuTarget target : {GpuTarget::Sm80, GpuTarget::Sm90a})
    for (const Layout &layout : kLayouts)
      EXPECT_GT(writeEveryCandidate(target, layout, 1001, 263, 521, 2), 50)
          << stringifyGpuTarget(target).str() << " " << layout.name;
}

} // namespace
