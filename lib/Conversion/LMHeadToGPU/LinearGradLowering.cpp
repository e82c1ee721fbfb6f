//===- LinearGradLowering.cpp - linear_grad to kernels and launch ---------===//
//
// A planned linear_grad gets its dh and dW kernels (LinearGradKernels.h)
// and is replaced, in place, by a call of a launch function written beside
// its function (LaunchFunction.h). Inside, each product runs on a chain of
// its own: a stream started by `gpu.wait async` that sets up the device
// buffers the product needs (DeviceScope.h: copies of host buffers, or the
// buffers themselves with operands=device), launches its kernel and
// delivers its result; a final join waits for both chains.
//
// An operand both chains read (dZ) is copied once, by the first chain; the
// second chain's launch waits for that copy through a join with two
// dependencies, which lowers to a fresh stream waiting on both (a fork
// with a single dependency would be folded away by canonicalization,
// putting both kernels on one stream). With operands on the device nothing
// is copied, and the chains share nothing but the final join.
//
// With gradient statistics both products run whether their results are
// used or not; each chain first clears the slots it adds to (the dh chain
// ‖dZ‖² and ‖dh‖², the dW chain ‖dW‖²), its GEMM's epilogue adds its
// product's squared norm, and the dh chain then sums the given dZ's
// squares (GradientStatistics.h); the statistics are delivered after both.
//
//===----------------------------------------------------------------------===//

#include "LinearGradLowering.h"

#include "DeviceScope.h"
#include "GemmLaunch.h"
#include "GradientStatistics.h"
#include "LaunchFunction.h"
#include "LinearGradKernels.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::lmhead;

namespace {

/// One of linear_grad's products, its kernel, and the launch function's
/// arguments it reads and writes.
struct ProductLaunch {
  LinearGradProduct product;
  gpu::GPUFuncOp kernel;
  /// Indices of the launch function's arguments: A, B, the result and (or
  /// -1) the gradient accumulated into.
  int a = -1, b = -1, result = -1, accumulate = -1;
};

class LinearGradLowering {
public:
  LinearGradLowering(LinearGradOp op, KernelPlanAttr plan,
                     gpu::GPUModuleOp kernels, StringRef prefix,
                     OperandMemory memory)
      : op(op), plan(plan), kernels(kernels), prefix(prefix.str()),
        launch(op, prefix, memory) {}

  /// Writes the kernels, the launch function and the call.
  LogicalResult run();

private:
  /// Writes the body of the launch function.
  void writeLaunchFunction();

  LinearGradOp op;
  KernelPlanAttr plan;
  gpu::GPUModuleOp kernels;
  std::string prefix;
  LaunchBuilder launch;
  SmallVector<ProductLaunch, 2> products;
  /// Launch-function argument indices of dZ, h and W, and of the
  /// statistics (or -1).
  int dz = -1, h = -1, w = -1, stats = -1;
  /// With statistics: the kernels that clear slots and sum dZ's squares.
  gpu::GPUFuncOp clearStats, dzSquares;
};

LogicalResult LinearGradLowering::run() {
  bool hasStats = static_cast<bool>(op.getStats());
  FailureOr<SmallVector<LinearGradProduct, 2>> found =
      getLinearGradProducts(op, plan, /*unusedToo=*/hasStats);
  if (failed(found))
    return failure();

  // Launch-function arguments: dZ, h, W, then per product its result and
  // the gradient it accumulates into.
  dz = launch.addOperand(op.getDz());
  h = launch.addOperand(op.getH());
  w = launch.addOperand(op.getW());
  auto argumentOf = [&](Value operand) {
    return operand == op.getDz() ? dz : operand == op.getH() ? h : w;
  };
  OpBuilder b(op);
  auto sizeOf = [&](LinearGradDim d) -> Value {
    // dZ is [N,V], h is [N,D].
    Value tensor = d == LinearGradDim::Hidden ? op.getH() : op.getDz();
    return tensor::DimOp::create(b, op.getLoc(), tensor,
                                 d == LinearGradDim::Tokens ? 0 : 1);
  };
  for (LinearGradProduct &product : *found) {
    ProductLaunch launched;
    launched.product = product;
    launched.a = argumentOf(product.a);
    launched.b = argumentOf(product.b);
    OpBuilder kernelBuilder = OpBuilder::atBlockEnd(kernels.getBody());
    launched.kernel = buildGemmKernel(kernelBuilder, op.getLoc(),
                                      prefix + "_" + product.role.str(),
                                      product.spec, product.epilogue);
    launched.result = launch.addResult(
        product.result, ValueRange{sizeOf(product.m), sizeOf(product.n)});
    if (product.accumulate)
      launched.accumulate = launch.addOperand(product.accumulate);
    products.push_back(launched);
  }
  if (hasStats) {
    OpBuilder kernelBuilder = OpBuilder::atBlockEnd(kernels.getBody());
    clearStats = buildClearStatisticsKernel(kernelBuilder, op.getLoc(),
                                            prefix + "_stats_clear");
    dzSquares = buildSumOfSquaresKernel(
        kernelBuilder, op.getLoc(), prefix + "_dz_squares",
        getElementTypeOrSelf(op.getDz().getType()), kLogitGradientSlot);
    stats = launch.addResult(op.getStats(),
                             ValueRange{arith::ConstantIndexOp::create(
                                 b, op.getLoc(), kNumStatisticSlots)});
  }

  writeLaunchFunction();
  launch.finish();
  return success();
}

void LinearGradLowering::writeLaunchFunction() {
  ImplicitLocOpBuilder b = launch.begin();
  DeviceScope device(b, launch.getMemory());
  auto arg = [&](int i) { return launch.argument(i); };
  Value tokens = memref::DimOp::create(b, arg(dz), 0);
  Value vocab = memref::DimOp::create(b, arg(dz), 1);

  // argument → (its device buffer, the token after which it holds the
  // operand).
  DenseMap<int, std::pair<Value, Value>> onDevice;
  Value statsD = stats >= 0 ? device.result(arg(stats)) : Value();
  auto constantIndex = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, v);
  };
  SmallVector<Value, 2> chains, statsAdded;
  for (auto [index, product] : llvm::enumerate(products)) {
    if (index > 0)
      device.stream = device.freshStream();
    SmallVector<Value, 2> copiedElsewhere;
    for (int operand : {product.a, product.b}) {
      if (auto it = onDevice.find(operand); it != onDevice.end()) {
        if (device.copiesOperands())
          copiedElsewhere.push_back(it->second.second);
        continue;
      }
      Value buffer = device.operand(arg(operand));
      onDevice[operand] = {buffer, device.stream};
    }
    Value result = product.accumulate >= 0
                       ? device.accumulatedResult(arg(product.result),
                                                  arg(product.accumulate))
                       : device.result(arg(product.result));
    if (!copiedElsewhere.empty()) {
      copiedElsewhere.push_back(device.stream);
      device.stream = joinStreams(b, copiedElsewhere);
    }

    bool isDh = product.product.role == "dh";
    SmallVector<Value, 2> epilogue = {asGemmMatrix(b, result)};
    if (statsD) {
      // The dh chain adds ‖dZ‖² and ‖dh‖², the dW chain ‖dW‖².
      int64_t first = isDh ? kLogitGradientSlot : kWeightGradientSlot;
      device.stream = launchSmall(
          b, clearStats, constantIndex(1), 32,
          {statsD, constantIndex(first), constantIndex(isDh ? 2 : 1)},
          device.stream);
      epilogue.push_back(statsD);
    }

    Value m = memref::DimOp::create(b, result, 0);
    Value n = memref::DimOp::create(b, result, 1);
    Value k = product.product.k == LinearGradDim::Vocab ? vocab : tokens;
    Value done = launchGemm(
        b, product.kernel, product.product.spec, onDevice[product.a].first,
        onDevice[product.b].first, epilogue, m, n, k, device.stream);
    if (statsD && isDh) {
      Value dzD = onDevice[dz].first;
      done = launchSmall(
          b, dzSquares,
          sumOfSquaresBlocks(b, arith::MulIOp::create(b, tokens, vocab)),
          kSumOfSquaresThreads, {asGemmMatrix(b, dzD), statsD, tokens, vocab},
          done);
    }
    if (statsD)
      statsAdded.push_back(done);
    chains.push_back(device.deliver(arg(product.result), result, done));
  }
  if (statsD)
    chains.push_back(
        device.deliver(arg(stats), statsD, joinStreams(b, statsAdded)));
  device.finish(chains);
}

} // namespace

LogicalResult mlir::lmhead::lowerLinearGradOp(LinearGradOp op,
                                              KernelPlanAttr plan,
                                              gpu::GPUModuleOp kernels,
                                              StringRef prefix,
                                              OperandMemory memory) {
  return LinearGradLowering(op, plan, kernels, prefix, memory).run();
}
