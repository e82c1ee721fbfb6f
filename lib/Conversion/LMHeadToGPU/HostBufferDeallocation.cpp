//===- HostBufferDeallocation.cpp - deallocate host buffers ---------------===//
//
// --lmhead-host-buffer-deallocation: upstream's buffer-deallocation pipeline,
// with its ownership analysis run function by function so that the launch
// functions of --lmhead-lower-to-gpu (which hold GPU host ops the analysis
// rejects, and own no host buffer) are skipped. The steps after the analysis
// only rewrite the `bufferization.dealloc` ops it placed and run on the
// whole module, as upstream's pipeline does.
//
//===----------------------------------------------------------------------===//

#include "lmhead/Conversion/LMHeadToGPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

namespace mlir {
namespace lmhead {
#define GEN_PASS_DEF_LMHEADHOSTBUFFERDEALLOCATION
#include "lmhead/Conversion/LMHeadToGPU/Passes.h.inc"
} // namespace lmhead
} // namespace mlir

using namespace mlir;

namespace {

struct HostBufferDeallocationPass
    : public lmhead::impl::LMHeadHostBufferDeallocationBase<
          HostBufferDeallocationPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    OpPassManager perFunction(func::FuncOp::getOperationName());
    perFunction.addPass(memref::createExpandReallocPass());
    perFunction.addPass(createCanonicalizerPass());
    perFunction.addPass(
        bufferization::createOwnershipBasedBufferDeallocationPass());
    for (auto func : module.getOps<func::FuncOp>()) {
      if (func.isExternal() || func->hasAttr("lmhead.gpu_host"))
        continue;
      if (failed(runPipeline(perFunction, func)))
        return signalPassFailure();
    }
    OpPassManager whole(ModuleOp::getOperationName());
    whole.addPass(createCanonicalizerPass());
    whole.addPass(bufferization::createBufferDeallocationSimplificationPass());
    whole.addPass(bufferization::createLowerDeallocationsPass());
    whole.addPass(createCSEPass());
    whole.addPass(createCanonicalizerPass());
    if (failed(runPipeline(whole, module)))
      return signalPassFailure();
  }
};

} // namespace
