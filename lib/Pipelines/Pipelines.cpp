//===- Pipelines.cpp - named lmhead pass pipelines ------------------------===//
//
// `--lmhead-cpu-pipeline` runs the lmhead reference on the host: decompose,
// bufferize, lower linalg to loops and everything to the LLVM dialect. bf16
// arithmetic is expanded to integer bit operations, rsqrt and fpowi to plain
// arithmetic, and tanh goes through libm, because the JIT of `mlir-runner`
// has neither bf16 conversion libcalls nor intrinsics for those.
//
// `--lmhead-pipeline` plans and lowers lmhead ops to GPU kernels and runs
// the same host lowering around the launch code, then upstream's NVVM
// pipeline for the kernels.
//
//===----------------------------------------------------------------------===//

#include "lmhead/Pipelines/Pipelines.h"

#include "lmhead/Conversion/LMHeadToGPU/KernelsToPtx.h"
#include "lmhead/Conversion/LMHeadToGPU/Passes.h"

#include "lmhead/Dialect/LMHead/Transforms/Passes.h"

#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

namespace {

/// upstream's convert-math-to-libm for the host functions only: it would
/// also turn the math of GPU kernels into libm calls, which a kernel cannot
/// make (upstream's NVVM lowering expands them inline instead).
struct HostMathToLibm : PassWrapper<HostMathToLibm, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(HostMathToLibm)

  StringRef getArgument() const override { return "lmhead-host-math-to-libm"; }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<func::FuncDialect, vector::VectorDialect>();
  }
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateMathToLibmConversionPatterns(patterns);
    FrozenRewritePatternSet frozen(std::move(patterns));
    ConversionTarget target(getContext());
    target.addLegalDialect<arith::ArithDialect, BuiltinDialect,
                           func::FuncDialect, vector::VectorDialect>();
    target.addIllegalDialect<math::MathDialect>();
    for (auto func : getOperation().getOps<func::FuncOp>())
      if (failed(applyPartialConversion(func, target, frozen)))
        return signalPassFailure();
  }
};

/// upstream's gpu-async-region for the host functions only, so that their
/// synchronous GPU host ops (a gpu.alloc of an operands=device call site,
/// a program's own copies) become async ops for gpu-to-llvm. The launch
/// functions of --lmhead-lower-to-gpu are async already, and the pass would
/// thread their independent streams into one.
struct HostAsyncRegion : PassWrapper<HostAsyncRegion, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(HostAsyncRegion)

  StringRef getArgument() const override { return "lmhead-host-async-region"; }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<func::FuncDialect, gpu::GPUDialect>();
  }
  void runOnOperation() override {
    OpPassManager perFunction(func::FuncOp::getOperationName());
    perFunction.addPass(createGpuAsyncRegionPass());
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (func.isExternal() || func->hasAttr(lmhead::kGPUHostAttrName))
        continue;
      if (failed(runPipeline(perFunction, func)))
        return signalPassFailure();
    }
  }
};

/// Bufferizes the module; GPU launch functions (if any) are kept out of the
/// host buffer deallocation, which rejects their ops.
void addBufferization(OpPassManager &pm, bool withGPU) {
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  if (withGPU)
    pm.addPass(lmhead::createLMHeadHostBufferDeallocation());
  else
    bufferization::buildBufferDeallocationPipeline(pm);
  // Deallocation leaves bufferization.clone where a function writes into
  // its arguments' buffers.
  pm.addPass(createConvertBufferizationToMemRefPass());
}

/// Lowers the host functions' linalg loops and the arithmetic and math the
/// runner's JIT cannot call, leaving kernels alone.
void addHostArithmetic(OpPassManager &pm) {
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  arith::ArithExpandOpsPassOptions expand;
  expand.includeBf16 = true;
  pm.addNestedPass<func::FuncOp>(arith::createArithExpandOpsPass(expand));
  // libm has no rsqrtf, and math.fpowi has no libm or LLVM lowering of its
  // own: both become plain arithmetic first.
  math::MathExpandOpsPassOptions expandMath;
  expandMath.opMnemonics = {"rsqrt", "fpowi"};
  pm.addNestedPass<func::FuncOp>(math::createMathExpandOpsPass(expandMath));
  pm.addPass(std::make_unique<HostMathToLibm>());
}

} // namespace

void lmhead::buildCPUPipeline(OpPassManager &pm,
                              const CPUPipelineOptions &options) {
  if (options.decompose)
    pm.addPass(createLMHeadDecompose());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  addBufferization(pm, /*withGPU=*/false);
  addHostArithmetic(pm);
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createUBToLLVMConversionPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void lmhead::buildGPUPipeline(OpPassManager &pm,
                              const GPUPipelineOptions &options) {
  LMHeadPlanOptions plan;
  plan.target = options.target;
  plan.minTokens = options.minTokens;
  plan.f32Operands = options.f32Operands;
  plan.ceWorkspaceBytes = options.ceWorkspaceBytes;
  plan.ceSchedule = options.ceSchedule;
  LMHeadFormStepsOptions formSteps;
  formSteps.ceSchedule = options.ceSchedule;
  pm.addPass(createLMHeadFormSteps(formSteps));
  plan.formSteps = false;
  pm.addPass(createLMHeadPlan(plan, options.tiles.getValue()));
  LMHeadLowerToGPUOptions lower;
  lower.operands = options.operands;
  pm.addPass(createLMHeadLowerToGPU(lower));
  pm.addPass(createLMHeadDecompose());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  addBufferization(pm, /*withGPU=*/true);
  // gpu-to-llvm lowers async GPU host ops only; the synchronous ones of
  // host functions (which buffer deallocation accepts, where it rejects a
  // gpu.wait) get a stream and a host wait each.
  pm.addPass(std::make_unique<HostAsyncRegion>());
  addHostArithmetic(pm);

  buildKernelLowering(pm, options.target);
}

void lmhead::registerPipelines() {
  PassPipelineRegistration<CPUPipelineOptions>(
      "lmhead-cpu-pipeline",
      "Decompose lmhead ops into their definition and lower the module to "
      "the LLVM dialect for the host CPU (mlir-runner)",
      buildCPUPipeline);
  PassPipelineRegistration<GPUPipelineOptions>(
      "lmhead-pipeline",
      "Plan lmhead ops and lower them to GPU kernels (PTX in a gpu.binary) "
      "launched from host code on two streams; lower the rest of the module "
      "to the LLVM dialect for mlir-runner and liblmhead_runtime.so",
      buildGPUPipeline);
}
