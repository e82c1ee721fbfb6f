//===- KernelsToPtx.cpp - a module of kernels compiled to PTX -------------===//
//
// PTX ISA 8.0 is the oldest with every instruction the kernels use on both
// targets (wgmma and TMA on sm_90a).
//
//===----------------------------------------------------------------------===//

#include "lmhead/Conversion/LMHeadToGPU/KernelsToPtx.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Pipelines/Passes.h"

using namespace mlir;
using namespace mlir::lmhead;

void mlir::lmhead::buildKernelLowering(OpPassManager &pm, GpuTarget target) {
  gpu::GPUToNVVMPipelineOptions nvvm;
  nvvm.cubinChip = stringifyGpuTarget(target).str();
  nvvm.cubinFeatures = "+ptx80";
  nvvm.cubinFormat = "isa";
  nvvm.optLevel = 3;
  gpu::buildLowerToNVVMPassPipeline(pm, nvvm);
}

FailureOr<std::string> mlir::lmhead::takePtx(ModuleOp module) {
  std::string ptx;
  module.walk([&](gpu::BinaryOp binary) {
    for (Attribute object : binary.getObjects())
      if (auto obj = dyn_cast<gpu::ObjectAttr>(object);
          obj && obj.getFormat() == gpu::CompilationTarget::Assembly) {
        ptx = obj.getObject().getValue().str();
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  if (ptx.empty())
    return failure();
  return ptx;
}
