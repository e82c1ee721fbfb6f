//===- LowerToGPU.cpp - planned lmhead ops to kernels and launches --------===//
//
// --lmhead-lower-to-gpu. Each planned linear_grad gets a gpu.module with its
// dh and dW kernels (each by the writer of its GEMM's kernel family,
// GemmKernelSm80.cpp or GemmKernelSm90.cpp) and is replaced, in place, by host
// code on tensors' buffers: copies to the device on one stream, then two
// chains forked from it with `gpu.wait async`, one per kernel, each launching
// its kernel and copying its result back; a final `gpu.wait` joins them.
// What cannot be lowered is decomposed with a remark, never dropped.
//
//===----------------------------------------------------------------------===//

#include "lmhead/Conversion/LMHeadToGPU/Passes.h"

#include "GemmKernel.h"
#include "LinearGradKernels.h"
#include "lmhead/Dialect/LMHead/IR/LMHeadOps.h"
#include "lmhead/Dialect/LMHead/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Remarks.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/FormatVariadic.h"

namespace mlir {
namespace lmhead {
#define GEN_PASS_DEF_LMHEADLOWERTOGPU
#include "lmhead/Conversion/LMHeadToGPU/Passes.h.inc"
} // namespace lmhead
} // namespace mlir

using namespace mlir;
using namespace mlir::lmhead;

namespace {

constexpr StringLiteral kRemarkCategory = "lmhead-lower-to-gpu";
constexpr StringLiteral kPlanAttrName = "lmhead.plan";
/// Marks the launch functions this pass writes; they manage their device
/// memory themselves and are skipped by host buffer deallocation.
constexpr StringLiteral kGPUHostAttrName = "lmhead.gpu_host";

/// Says that `op` was decomposed instead of lowered to kernels, and why.
void remarkDecomposed(Operation *op, const Twine &reason) {
  StringRef function;
  if (auto func = op->getParentOfType<FunctionOpInterface>())
    function = func.getName();
  remark::missed(op->getLoc(), remark::RemarkOpts::name("KeptOnHost")
                                   .category(kRemarkCategory)
                                   .function(function))
      << ("decomposed, not lowered to GPU kernels: " + reason).str();
}

/// The buffer of a tensor as `memref<?x?xT>`.
Value castToDynamic(OpBuilder &b, Location loc, Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  auto dynamic = MemRefType::get({ShapedType::kDynamic, ShapedType::kDynamic},
                                 type.getElementType());
  return memref::CastOp::create(b, loc, dynamic, memref);
}

/// One of linear_grad's products (LinearGradKernels.h), its kernel, and
/// where the launch function finds its buffers.
struct ProductLaunch {
  LinearGradProduct product;
  gpu::GPUFuncOp kernel;
  /// Indices of the launch function's arguments: A, B, the host result and
  /// (or -1) the gradient accumulated into.
  int a = -1, b = -1, result = -1, accumulate = -1;
};

/// Replaces one linear_grad by a call of a launch function it writes: the
/// call site, on tensors, passes the operands' buffers and freshly
/// allocated result buffers; the launch function moves them to the device,
/// runs the kernels on two streams and copies the results back.
class LinearGradLowering {
public:
  LinearGradLowering(LinearGradOp op, KernelPlanAttr plan,
                     gpu::GPUModuleOp kernels, StringRef prefix)
      : op(op), plan(plan), kernels(kernels), prefix(prefix) {}

  /// Writes the kernels, the launch function and the call.
  LogicalResult run();

private:
  /// Writes the body of the launch function.
  void writeLaunchFunction(func::FuncOp launchFunc);

  LinearGradOp op;
  KernelPlanAttr plan;
  gpu::GPUModuleOp kernels;
  std::string prefix;
  SmallVector<ProductLaunch, 2> products;
  /// Launch-function argument indices of dZ, h and W.
  int dz = 0, h = 1, w = 2;
};

void LinearGradLowering::writeLaunchFunction(func::FuncOp launchFunc) {
  Block *entry = launchFunc.addEntryBlock();
  ImplicitLocOpBuilder b(op.getLoc(), OpBuilder::atBlockBegin(entry));
  auto arg = [&](int i) -> Value { return entry->getArgument(i); };
  auto dim = [&](Value buffer, int64_t d) -> Value {
    return memref::DimOp::create(b, buffer, d);
  };
  auto tokenType = gpu::AsyncTokenType::get(b.getContext());

  // Each product's chain starts on a stream of its own (`gpu.wait async`
  // with no dependency) that allocates and fills what the chain needs
  // first. An operand both chains read (dZ) is copied once, by the first
  // chain; the second chain's launch waits for that copy through a join
  // with two dependencies, which lowers to a fresh stream waiting on both
  // (a fork with a single dependency would be folded away by
  // canonicalization, putting both kernels on one stream).
  SmallVector<Value> deviceBuffers;
  DenseMap<int, std::pair<Value, Value>>
      onDevice; // argument → (buffer, copied)
  Value one = arith::ConstantIndexOp::create(b, 1);
  Value tokens = dim(arg(dz), 0), vocab = dim(arg(dz), 1);
  auto blocks = [&](Value extent, int64_t tile) -> Value {
    // At least one block, so that an empty problem is still a valid launch
    // (its blocks store nothing: every row or column is outside C).
    Value count = arith::CeilDivUIOp::create(
        b, extent, arith::ConstantIndexOp::create(b, tile));
    return arith::MaxUIOp::create(b, count, one);
  };
  SmallVector<Value, 2> chains;
  for (ProductLaunch &launch : products) {
    Value stream =
        gpu::WaitOp::create(b, tokenType, ValueRange{}).getAsyncToken();
    SmallVector<Value, 2> copiedElsewhere;
    auto toDevice = [&](Value host, bool copyIn) {
      auto alloc = gpu::AllocOp::create(
          b, host.getType(), tokenType, ValueRange{stream},
          ValueRange{dim(host, 0), dim(host, 1)}, ValueRange{}, UnitAttr());
      stream = alloc.getAsyncToken();
      if (copyIn)
        stream = gpu::MemcpyOp::create(b, tokenType, ValueRange{stream},
                                       alloc.getMemref(), host)
                     .getAsyncToken();
      deviceBuffers.push_back(alloc.getMemref());
      return alloc.getMemref();
    };
    for (int operand : {launch.a, launch.b}) {
      if (auto it = onDevice.find(operand); it != onDevice.end()) {
        copiedElsewhere.push_back(it->second.second);
        continue;
      }
      Value buffer = toDevice(arg(operand), true);
      onDevice[operand] = {buffer, stream};
    }
    Value device = launch.accumulate >= 0
                       ? toDevice(arg(launch.accumulate), true)
                       : toDevice(arg(launch.result), false);
    if (!copiedElsewhere.empty()) {
      copiedElsewhere.push_back(stream);
      stream =
          gpu::WaitOp::create(b, tokenType, copiedElsewhere).getAsyncToken();
    }

    Value m = dim(device, 0), n = dim(device, 1);
    Value k = launch.product.k == LinearGradDim::Vocab ? vocab : tokens;
    const GemmKernelSpec &spec = launch.product.spec;
    gpu::KernelDim3 grid{blocks(n, spec.tiles.blockN),
                         blocks(m, spec.tiles.blockM), one};
    gpu::KernelDim3 block{arith::ConstantIndexOp::create(b, spec.numThreads()),
                          one, one};
    Value shared =
        arith::ConstantIntOp::create(b, spec.sharedMemoryBytes(), 32);
    // sm_90a kernels read A and B through TMA tensor maps of the device
    // buffers; an sm_80 kernel in an sm_90a plan (operands TMA cannot load)
    // reads them as memrefs, as on sm_80.
    Value a = onDevice[launch.a].first, bOperand = onDevice[launch.b].first;
    if (usesWarpgroupMma(spec.target)) {
      auto tensorMap = [&](Value buffer, bool isA) -> Value {
        nvgpu::TensorMapDescriptorType type = sm90OperandMapType(spec, isA);
        Value unranked = memref::CastOp::create(
            b, UnrankedMemRefType::get(spec.operandType, 0), buffer);
        SmallVector<Value, 2> box;
        for (int64_t extent : type.getTensor().getShape())
          box.push_back(arith::ConstantIndexOp::create(b, extent));
        Value map =
            nvgpu::TmaCreateDescriptorOp::create(b, type, unranked, box);
        // The kernel takes the map as the pointer it lowers to.
        return UnrealizedConversionCastOp::create(
                   b, TypeRange{LLVM::LLVMPointerType::get(b.getContext())},
                   map)
            .getResult(0);
      };
      a = tensorMap(a, true);
      bOperand = tensorMap(bOperand, false);
    }
    auto asMatrix = [&](Value buffer) -> Value {
      auto type = cast<MemRefType>(buffer.getType());
      return memref::CastOp::create(b, gemmMatrixType(type.getElementType()),
                                    buffer);
    };
    if (!usesWarpgroupMma(spec.target)) {
      a = asMatrix(a);
      bOperand = asMatrix(bOperand);
    }
    auto kernelLaunch = gpu::LaunchFuncOp::create(
        b, launch.kernel, grid, block, shared,
        ValueRange{a, bOperand, asMatrix(device), m, n, k},
                                  tokenType, ValueRange{stream});
    chains.push_back(gpu::MemcpyOp::create(
                         b, tokenType, ValueRange{kernelLaunch.getAsyncToken()},
                         arg(launch.result), device)
                         .getAsyncToken());
  }

  // Join both chains, free the device buffers, and wait on the host.
  Value done =
      gpu::WaitOp::create(b, tokenType, ValueRange(chains)).getAsyncToken();
  for (Value buffer : deviceBuffers)
    done = gpu::DeallocOp::create(b, tokenType, ValueRange{done}, buffer)
               .getAsyncToken();
  gpu::WaitOp::create(b, Type(), ValueRange{done});
  func::ReturnOp::create(b);
}

LogicalResult LinearGradLowering::run() {
  Location loc = op.getLoc();
  OpBuilder b(op);
  // Launch-function arguments: dZ, h, W, then per product its result and
  // the gradient it accumulates into.
  SmallVector<Value> callOperands;
  for (Value operand : {op.getDz(), op.getH(), op.getW()}) {
    auto type = cast<RankedTensorType>(operand.getType());
    Value buffer = bufferization::ToBufferOp::create(
        b, loc, MemRefType::get(type.getShape(), type.getElementType()),
        operand, /*readOnly=*/true);
    callOperands.push_back(castToDynamic(b, loc, buffer));
  }
  auto dimOf = [&](Value buffer, int64_t d) -> Value {
    return memref::DimOp::create(b, loc, buffer, d);
  };
  Value tokens = dimOf(callOperands[dz], 0), vocab = dimOf(callOperands[dz], 1);
  Value hidden = dimOf(callOperands[h], 1);

  SmallVector<std::pair<Value, Value>> resultBuffers; // (op result, buffer)
  auto addResult = [&](ProductLaunch &launch, Value result, Value accumulate,
                       Value rows, Value cols) {
    auto type = cast<RankedTensorType>(result.getType());
    auto dynamic = MemRefType::get({ShapedType::kDynamic, ShapedType::kDynamic},
                                   type.getElementType());
    Value buffer =
        memref::AllocOp::create(b, loc, dynamic, ValueRange{rows, cols});
    launch.result = callOperands.size();
    callOperands.push_back(buffer);
    resultBuffers.emplace_back(result, buffer);
    if (accumulate) {
      Value acc = bufferization::ToBufferOp::create(
          b, loc, MemRefType::get(type.getShape(), type.getElementType()),
          accumulate, /*readOnly=*/true);
      launch.accumulate = callOperands.size();
      callOperands.push_back(castToDynamic(b, loc, acc));
    }
  };

  FailureOr<SmallVector<LinearGradProduct, 2>> found =
      getLinearGradProducts(op, plan, /*unusedToo=*/false);
  if (failed(found))
    return failure();
  auto argumentOf = [&](Value operand) {
    return operand == op.getDz() ? dz : operand == op.getH() ? h : w;
  };
  auto sizeOf = [&](LinearGradDim d) {
    return d == LinearGradDim::Tokens  ? tokens
           : d == LinearGradDim::Vocab ? vocab
                                       : hidden;
  };
  for (LinearGradProduct &product : *found) {
    ProductLaunch launch;
    launch.product = product;
    launch.a = argumentOf(product.a);
    launch.b = argumentOf(product.b);
    OpBuilder kernelBuilder = OpBuilder::atBlockEnd(kernels.getBody());
    launch.kernel =
        buildGemmKernel(kernelBuilder, loc, prefix + "_" + product.role.str(),
                        product.spec, product.epilogue);
    addResult(launch, product.result, product.accumulate, sizeOf(product.m),
              sizeOf(product.n));
    products.push_back(launch);
  }

  // The launch function, beside the op's function.
  auto parentFunc = op->getParentOfType<FunctionOpInterface>();
  OpBuilder moduleBuilder(parentFunc);
  auto launchType = FunctionType::get(op.getContext(),
                                      ValueRange(callOperands).getTypes(), {});
  auto launchFunc =
      func::FuncOp::create(moduleBuilder, loc, prefix + "_launch", launchType);
  launchFunc.setPrivate();
  launchFunc->setAttr(kGPUHostAttrName, UnitAttr::get(op.getContext()));
  SymbolTable(parentFunc->getParentOp()).insert(launchFunc);
  writeLaunchFunction(launchFunc);
  func::CallOp::create(b, loc, launchFunc, callOperands);

  for (auto [result, buffer] : resultBuffers) {
    auto type = cast<RankedTensorType>(result.getType());
    auto dynamic = RankedTensorType::get(
        {ShapedType::kDynamic, ShapedType::kDynamic}, type.getElementType());
    Value tensor = bufferization::ToTensorOp::create(
        b, loc, dynamic, buffer, /*restrict=*/true, /*writable=*/true);
    result.replaceAllUsesWith(tensor::CastOp::create(b, loc, type, tensor));
  }
  op.erase();
  return success();
}

struct LowerToGPUPass
    : public lmhead::impl::LMHeadLowerToGPUBase<LowerToGPUPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<Operation *> keepOnHost;
    SmallVector<std::pair<LinearGradOp, KernelPlanAttr>> lower;
    bool failedAny = false;
    module.walk([&](Operation *op) {
      if (isa<CELinearFwdOp, CELinearGradOp>(op)) {
        remarkDecomposed(op, "the fused cross-entropy ops have no GPU "
                             "kernels yet");
        keepOnHost.push_back(op);
        return;
      }
      auto grad = dyn_cast<LinearGradOp>(op);
      if (!grad)
        return;
      auto plan = grad->getAttrOfType<KernelPlanAttr>(kPlanAttrName);
      if (!plan) {
        grad.emitError("lmhead.linear_grad has no `lmhead.plan`; run "
                       "--lmhead-plan first (or use --lmhead-pipeline)");
        failedAny = true;
        return;
      }
      if (std::string why = whyNoLinearGradKernels(grad); !why.empty()) {
        remarkDecomposed(op, why);
        keepOnHost.push_back(op);
        return;
      }
      lower.emplace_back(grad, plan);
    });
    if (failedAny)
      return signalPassFailure();

    if (!keepOnHost.empty()) {
      RewritePatternSet patterns(&getContext());
      populateDecomposePatterns(patterns);
      if (failed(applyOpPatternsGreedily(keepOnHost, std::move(patterns)))) {
        module.emitError("lmhead-lower-to-gpu could not decompose the ops "
                         "kept on the host");
        return signalPassFailure();
      }
    }
    if (lower.empty())
      return;

    module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                    UnitAttr::get(&getContext()));
    SymbolTable symbols(module);
    for (auto [index, item] : llvm::enumerate(lower)) {
      auto [grad, plan] = item;
      OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
      auto kernels =
          gpu::GPUModuleOp::create(builder, grad.getLoc(), "lmhead_kernels");
      symbols.insert(kernels);
      std::string prefix = llvm::formatv("linear_grad_{0}", index).str();
      if (failed(LinearGradLowering(grad, plan, kernels, prefix).run()))
        return signalPassFailure();
    }
  }
};

} // namespace
