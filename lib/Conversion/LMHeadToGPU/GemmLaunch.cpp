//===- GemmLaunch.cpp - host code that launches one GEMM kernel -----------===//

#include "GemmLaunch.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"

using namespace mlir;
using namespace mlir::lmhead;

Value mlir::lmhead::numBlocks(ImplicitLocOpBuilder &b, Value extent,
                              int64_t tile) {
  Value count = arith::CeilDivUIOp::create(
      b, extent, arith::ConstantIndexOp::create(b, tile));
  return arith::MaxUIOp::create(b, count, arith::ConstantIndexOp::create(b, 1));
}

Value mlir::lmhead::asGemmMatrix(ImplicitLocOpBuilder &b, Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  MemRefType matrix = gemmMatrixType(type.getElementType());
  if (type == matrix)
    return buffer;
  return memref::CastOp::create(b, matrix, buffer);
}

Value mlir::lmhead::launchGemm(ImplicitLocOpBuilder &b, gpu::GPUFuncOp kernel,
                               const GemmKernelSpec &spec, Value a,
                               Value bOperand, ValueRange epilogueArguments,
                               Value m, Value n, Value k, Value dependency) {
  Value one = arith::ConstantIndexOp::create(b, 1);
  gpu::KernelDim3 grid{numBlocks(b, n, spec.tiles.blockN),
                       numBlocks(b, m, spec.tiles.blockM), one};
  gpu::KernelDim3 block{arith::ConstantIndexOp::create(b, spec.numThreads()),
                        one, one};
  Value shared = arith::ConstantIntOp::create(b, spec.sharedMemoryBytes(), 32);
  auto operand = [&](Value buffer, bool isA) -> Value {
    if (!usesWarpgroupMma(spec.target))
      return asGemmMatrix(b, buffer);
    // sm_90a kernels read A and B through TMA tensor maps of the buffers
    // (or views: the map starts at the view's offset, with its strides).
    nvgpu::TensorMapDescriptorType type = sm90OperandMapType(spec, isA);
    Value unranked = memref::CastOp::create(
        b, UnrankedMemRefType::get(spec.operandType, 0), buffer);
    SmallVector<Value, 2> box;
    for (int64_t extent : type.getTensor().getShape())
      box.push_back(arith::ConstantIndexOp::create(b, extent));
    Value map = nvgpu::TmaCreateDescriptorOp::create(b, type, unranked, box);
    // The kernel takes the map as the pointer it lowers to.
    return UnrealizedConversionCastOp::create(
               b, TypeRange{LLVM::LLVMPointerType::get(b.getContext())}, map)
        .getResult(0);
  };
  SmallVector<Value> arguments = {operand(a, true), operand(bOperand, false)};
  llvm::append_range(arguments, epilogueArguments);
  arguments.append({m, n, k});
  auto tokenType = gpu::AsyncTokenType::get(b.getContext());
  return gpu::LaunchFuncOp::create(b, kernel, grid, block, shared, arguments,
                                   tokenType, ValueRange{dependency})
      .getAsyncToken();
}

Value mlir::lmhead::joinStreams(ImplicitLocOpBuilder &b,
                                ValueRange dependencies) {
  assert(!dependencies.empty() && "a join of nothing");
  assert(llvm::none_of(dependencies,
                       [](Value token) {
                         auto wait = token.getDefiningOp<gpu::WaitOp>();
                         return wait && wait.getAsyncDependencies().empty();
                       }) &&
         "a stream with nothing on it is dropped from a join");
  if (dependencies.size() == 1)
    return dependencies.front();
  auto tokenType = gpu::AsyncTokenType::get(b.getContext());
  return gpu::WaitOp::create(b, tokenType, dependencies).getAsyncToken();
}

Value mlir::lmhead::launchSmall(ImplicitLocOpBuilder &b, gpu::GPUFuncOp kernel,
                                Value blocks, int64_t threads,
                                ValueRange arguments, Value dependency) {
  Value one = arith::ConstantIndexOp::create(b, 1);
  gpu::KernelDim3 grid{blocks, one, one};
  gpu::KernelDim3 block{arith::ConstantIndexOp::create(b, threads), one, one};
  return gpu::LaunchFuncOp::create(
             b, kernel, grid, block, /*dynamicSharedMemorySize=*/Value(),
             arguments, gpu::AsyncTokenType::get(b.getContext()),
             ValueRange{dependency})
      .getAsyncToken();
}
