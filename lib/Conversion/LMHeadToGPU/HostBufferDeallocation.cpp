//===- HostBufferDeallocation.cpp - deallocate host buffers ---------------===//
//
// --lmhead-host-buffer-deallocation: upstream's buffer-deallocation pipeline,
// with its ownership analysis run function by function so that the launch
// functions of --lmhead-lower-to-gpu (which hold GPU host ops the analysis
// rejects, and own no host buffer) are skipped. The steps after the analysis
// only rewrite the `bufferization.dealloc` ops it placed and run on the
// whole module, as upstream's pipeline does.
//
// Device buffers a host function allocates itself (`gpu.alloc` marked
// `bufferization.manual_deallocation`, as the call sites of
// `--lmhead-lower-to-gpu=operands=device` write them) are left to it. One it
// returns is an error: the function boundary hands the caller buffers it
// owns and frees with `memref.dealloc`, so the analysis would clone the
// device buffer into host memory.
//
//===----------------------------------------------------------------------===//

#include "lmhead/Conversion/LMHeadToGPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
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

/// Fails with an error if `func` returns a buffer of a gpu.alloc (or a view
/// of one), which the deallocation would copy to the host.
LogicalResult checkNoDeviceResult(func::FuncOp func) {
  WalkResult walk = func.walk([&](func::ReturnOp ret) {
    for (auto [index, value] : llvm::enumerate(ret.getOperands())) {
      Value source = value;
      while (auto view = source.getDefiningOp<ViewLikeOpInterface>())
        source = view.getViewSource();
      if (!source.getDefiningOp<gpu::AllocOp>())
        continue;
      ret.emitError() << "result " << index << " of @" << func.getName()
                      << " is a device buffer (gpu.alloc); buffer "
                         "deallocation would copy it to host memory at the "
                         "function boundary: use, copy or free it in the "
                         "function that holds it";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

struct HostBufferDeallocationPass
    : public mlir::lmhead::impl::LMHeadHostBufferDeallocationBase<
          HostBufferDeallocationPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    OpPassManager perFunction(func::FuncOp::getOperationName());
    perFunction.addPass(memref::createExpandReallocPass());
    perFunction.addPass(createCanonicalizerPass());
    perFunction.addPass(
        bufferization::createOwnershipBasedBufferDeallocationPass());
    for (auto func : module.getOps<func::FuncOp>()) {
      if (func.isExternal() || func->hasAttr(lmhead::kGPUHostAttrName))
        continue;
      if (failed(checkNoDeviceResult(func)) ||
          failed(runPipeline(perFunction, func)))
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
