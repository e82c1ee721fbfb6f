//===- Pipelines.cpp - named lmhead pass pipelines ------------------------===//
//
// `--lmhead-cpu-pipeline` runs the lmhead reference on the host: decompose,
// bufferize, lower linalg to loops and everything to the LLVM dialect. bf16
// arithmetic is expanded to integer bit operations, rsqrt and fpowi to plain
// arithmetic, and tanh goes through libm, because the JIT of `mlir-runner`
// has neither bf16 conversion libcalls nor intrinsics for those.
//
//===----------------------------------------------------------------------===//

#include "lmhead/Pipelines/Pipelines.h"

#include "lmhead/Dialect/LMHead/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void lmhead::buildCPUPipeline(OpPassManager &pm,
                              const CPUPipelineOptions &options) {
  if (options.decompose)
    pm.addPass(createLMHeadDecompose());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());

  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  bufferization::buildBufferDeallocationPipeline(pm);
  // Deallocation leaves bufferization.clone where a function writes into
  // its arguments' buffers.
  pm.addPass(createConvertBufferizationToMemRefPass());

  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  arith::ArithExpandOpsPassOptions expand;
  expand.includeBf16 = true;
  pm.addPass(arith::createArithExpandOpsPass(expand));
  // libm has no rsqrtf, and math.fpowi has no libm or LLVM lowering of its
  // own: both become plain arithmetic first.
  math::MathExpandOpsPassOptions expandMath;
  expandMath.opMnemonics = {"rsqrt", "fpowi"};
  pm.addPass(math::createMathExpandOpsPass(expandMath));
  pm.addPass(createConvertMathToLibmPass());
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

void lmhead::registerPipelines() {
  PassPipelineRegistration<CPUPipelineOptions>(
      "lmhead-cpu-pipeline",
      "Decompose lmhead ops into their definition and lower the module to "
      "the LLVM dialect for the host CPU (mlir-runner)",
      buildCPUPipeline);
}
