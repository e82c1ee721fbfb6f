//===- WriteBundle.cpp - planned lmhead ops as a runtime bundle -----------===//
//
// --lmhead-write-bundle. Each planned linear_grad gets its dh and dW
// kernels for the plan's target (LinearGradKernels.h; GemmKernelSm80.cpp or
// GemmKernelSm90.cpp) built into a module of their own, nested in the
// pass's module only while upstream's NVVM pipeline runs on it as a
// dynamic pipeline; the PTX is taken out of the resulting gpu.binary and
// written beside a manifest.json that tells lmheadBundleRun how to launch
// each kernel on the caller's pointers. sm_80 kernels take memref
// descriptors of A and B; sm_90a kernels take pointers to TMA tensor maps,
// which the manifest describes (operand, shape, and the box and swizzle of
// sm90OperandMapType) for the runtime to encode. What a kernel takes follows
// its kernel family, not the plan's target: an sm_90a plan's GEMM with
// `kernel = sm_80` takes memrefs. The module is left as it was.
//
//===----------------------------------------------------------------------===//

#include "lmhead/Conversion/LMHeadToGPU/Passes.h"

#include "LinearGradKernels.h"
#include "lmhead/Conversion/LMHeadToGPU/KernelsToPtx.h"
#include "lmhead/Dialect/LMHead/IR/LMHeadOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Pipelines/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir {
namespace lmhead {
#define GEN_PASS_DEF_LMHEADWRITEBUNDLE
#include "lmhead/Conversion/LMHeadToGPU/Passes.h.inc"
} // namespace lmhead
} // namespace mlir

using namespace mlir;
using namespace mlir::lmhead;

namespace {

constexpr StringLiteral kPlanAttrName = "lmhead.plan";
constexpr StringLiteral kManifest = "manifest.json";

/// A JSON string.
std::string quoted(StringRef text) {
  return llvm::formatv("{0}", llvm::json::Value(text.str())).str();
}

/// One of linear_grad's sizes as the manifest spells it: a constant, or the
/// integer operand that carries it when the op's types leave it dynamic.
struct Extent {
  int64_t constant = ShapedType::kDynamic;
  StringRef operand;

  bool isConstant() const { return operand.empty(); }
  /// As a kernel parameter.
  std::string param() const {
    return isConstant() ? llvm::formatv("{{\"const\": {0}}", constant).str()
                        : quoted(operand);
  }
  /// As a shape entry.
  std::string shape() const {
    return isConstant() ? std::to_string(constant) : quoted(operand);
  }
  /// The number of `tile`-sized blocks that cover it, as a grid size; at
  /// least one for a constant (as --lmhead-lower-to-gpu launches), none for
  /// an operand of 0 (the runtime then launches nothing).
  std::string blocks(int64_t tile) const {
    if (isConstant())
      return std::to_string(
          std::max<int64_t>(1, llvm::divideCeil(constant, tile)));
    return llvm::formatv("{{\"ceil_div\": [{0}, {1}]}", quoted(operand), tile)
        .str();
  }
};

int swizzleBytes(nvgpu::TensorMapSwizzleKind swizzle);

/// The manifest entry and kernels of one op.
class OpBundle {
public:
  OpBundle(LinearGradOp op, KernelPlanAttr plan, std::string name)
      : op(op), plan(plan), name(std::move(name)) {}

  /// Reads the op's sizes; fails with a warning when they disagree.
  LogicalResult readExtents();
  /// Builds the kernels of `products` into `kernels`.
  void buildKernels(gpu::GPUModuleOp kernels,
                    ArrayRef<LinearGradProduct> products);
  /// Writes the op's entry of the manifest.
  void writeManifestEntry(raw_ostream &os) const;

  const std::string &getName() const { return name; }
  GpuTarget getTarget() const { return plan.getTarget(); }
  std::string ptxFile() const { return name + ".ptx"; }

private:
  /// The manifest's name of one of the op's operands or results.
  StringRef nameOf(Value value) const;
  const Extent &extentOf(LinearGradDim dim) const {
    return extents[static_cast<int>(dim)];
  }
  /// The shape of the tensor `value` in the op's dimensions.
  std::pair<LinearGradDim, LinearGradDim> dimsOf(Value value) const;

  /// A handle: the const methods read the op without changing it.
  mutable LinearGradOp op;
  KernelPlanAttr plan;
  std::string name;
  Extent extents[3];
  struct Kernel {
    std::string name;
    LinearGradProduct product;
  };
  SmallVector<Kernel, 2> kernels;
};

LogicalResult OpBundle::readExtents() {
  bool vd = op.getLayout() == WeightLayout::VD;
  auto size = [](Value value, unsigned dim) {
    return cast<ShapedType>(value.getType()).getDimSize(dim);
  };
  // Every place each size appears: a static one anywhere fixes it.
  SmallVector<int64_t> seen[3] = {
      {size(op.getDz(), 0), size(op.getH(), 0), size(op.getDh(), 0)},
      {size(op.getDz(), 1), size(op.getW(), vd ? 0 : 1),
       size(op.getDw(), vd ? 0 : 1)},
      {size(op.getH(), 1), size(op.getW(), vd ? 1 : 0), size(op.getDh(), 1),
       size(op.getDw(), vd ? 1 : 0)}};
  const char *operands[3] = {"n", "v", "d"};
  for (int i = 0; i < 3; ++i) {
    for (int64_t s : seen[i]) {
      if (ShapedType::isDynamic(s))
        continue;
      if (!ShapedType::isDynamic(extents[i].constant) &&
          extents[i].constant != s)
        return op.emitWarning() << "not written to the bundle: the types "
                                   "disagree on size '"
                                << operands[i] << "'";
      extents[i].constant = s;
    }
    if (ShapedType::isDynamic(extents[i].constant))
      extents[i].operand = operands[i];
  }
  return success();
}

void OpBundle::buildKernels(gpu::GPUModuleOp module,
                            ArrayRef<LinearGradProduct> products) {
  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
  for (const LinearGradProduct &product : products) {
    std::string kernelName = (name + "_" + product.role).str();
    buildGemmKernel(builder, op.getLoc(), kernelName, product.spec,
                    product.epilogue);
    kernels.push_back({kernelName, product});
  }
}

StringRef OpBundle::nameOf(Value value) const {
  if (value == op.getDz())
    return "dz";
  if (value == op.getH())
    return "h";
  if (value == op.getW())
    return "w";
  if (value == op.getDh())
    return "dh";
  assert(value == op.getDw() && "not a tensor of the bundle");
  return "dw";
}

std::pair<LinearGradDim, LinearGradDim> OpBundle::dimsOf(Value value) const {
  using D = LinearGradDim;
  bool vd = op.getLayout() == WeightLayout::VD;
  if (value == op.getDz())
    return {D::Tokens, D::Vocab};
  if (value == op.getH() || value == op.getDh())
    return {D::Tokens, D::Hidden};
  // W and dW, stored alike.
  return vd ? std::make_pair(D::Vocab, D::Hidden)
            : std::make_pair(D::Hidden, D::Vocab);
}

void OpBundle::writeManifestEntry(raw_ostream &os) const {
  SmallVector<Value, 5> tensors = {op.getDz(), op.getH(), op.getW(), op.getDh(),
                                   op.getDw()};
  SmallVector<std::string> operands;
  for (Value tensor : tensors)
    operands.push_back(quoted(nameOf(tensor)));
  for (const Extent &extent : extents)
    if (!extent.isConstant())
      operands.push_back(quoted(extent.operand));

  os << "    " << quoted(name) << ": {\n";
  os << "      \"ptx\": " << quoted(ptxFile()) << ",\n";
  os << "      \"target\": " << quoted(stringifyGpuTarget(plan.getTarget()))
     << ",\n";
  os << "      \"layout\": " << quoted(stringifyWeightLayout(op.getLayout()))
     << ",\n";
  // As text: the runtime's JSON reader takes integers only.
  os << "      \"scale\": "
     << quoted(llvm::formatv("{0}",
                             llvm::json::Value(op.getScale().convertToDouble()))
                   .str())
     << ",\n";
  os << "      \"operands\": [" << llvm::join(operands, ", ") << "],\n";
  // What each pointer operand must hold: informational for frameworks and
  // tests; the runtime reads only operands and kernels.
  os << "      \"tensors\": {\n";
  for (auto [i, tensor] : llvm::enumerate(tensors)) {
    auto [rows, cols] = dimsOf(tensor);
    Type element = getElementTypeOrSelf(tensor.getType());
    bool accumulates = (tensor == op.getDh() && op.getDhAcc()) ||
                       (tensor == op.getDw() && op.getDwAcc());
    os << "        " << quoted(nameOf(tensor))
       << ": {\"type\": " << quoted(llvm::formatv("{0}", element).str())
       << ", \"shape\": [" << extentOf(rows).shape() << ", "
       << extentOf(cols).shape() << "]"
       << (accumulates ? ", \"accumulates\": true" : "") << "}"
       << (i + 1 < tensors.size() ? ",\n" : "\n");
  }
  os << "      },\n";
  os << "      \"kernels\": [\n";
  for (auto [i, kernel] : llvm::enumerate(kernels)) {
    const LinearGradProduct &product = kernel.product;
    const GemmKernelSpec &spec = product.spec;
    // The kernel's arguments A, B, C (memref<?x?xT>, each the seven fields
    // of its descriptor: allocated and aligned pointer, offset, sizes,
    // strides of a dense row-major buffer), then M, N and K. On sm_90a, A
    // and B are pointers to tensor maps of the stored operands instead.
    SmallVector<std::string> params;
    for (Value tensor : {product.a, product.b, product.result}) {
      auto [rows, cols] = dimsOf(tensor);
      std::string pointer = quoted(nameOf(tensor));
      if (usesWarpgroupMma(spec.target) && tensor != product.result) {
        nvgpu::TensorMapDescriptorType map =
            sm90OperandMapType(spec, tensor == product.a);
        ArrayRef<int64_t> box = map.getTensor().getShape();
        params.push_back(
            llvm::formatv("{{\"tensormap\": {0}, \"shape\": [{1}, {2}], "
                          "\"box\": [{3}, {4}], \"swizzle\": {5}, "
                          "\"element\": {6}}",
                          pointer, extentOf(rows).shape(),
                          extentOf(cols).shape(), box[0], box[1],
                          swizzleBytes(map.getSwizzle()),
                          quoted(llvm::formatv("{0}", spec.operandType).str()))
                .str());
        continue;
      }
      params.append({pointer, pointer, "{\"const\": 0}", extentOf(rows).param(),
                     extentOf(cols).param(), extentOf(cols).param(),
                     "{\"const\": 1}"});
    }
    for (LinearGradDim dim : {product.m, product.n, product.k})
      params.push_back(extentOf(dim).param());
    const GemmTiles &tiles = spec.tiles;
    os << "        {\"name\": " << quoted(kernel.name)
       << ", \"stream\": " << quoted(product.role) << ",\n";
    os << "         \"grid\": [" << extentOf(product.n).blocks(tiles.blockN)
       << ", " << extentOf(product.m).blocks(tiles.blockM)
       << ", 1], \"block\": [" << spec.numThreads() << ", 1, 1],\n";
    os << "         \"shared_bytes\": " << spec.sharedMemoryBytes() << ",\n";
    os << "         \"params\": [" << llvm::join(params, ", ") << "]}"
       << (i + 1 < kernels.size() ? ",\n" : "\n");
  }
  os << "      ]\n";
  os << "    }";
}

/// The swizzle of a tensor map in bytes, as the manifest spells it.
int swizzleBytes(nvgpu::TensorMapSwizzleKind swizzle) {
  switch (swizzle) {
  case nvgpu::TensorMapSwizzleKind::SWIZZLE_NONE:
    return 0;
  case nvgpu::TensorMapSwizzleKind::SWIZZLE_32B:
    return 32;
  case nvgpu::TensorMapSwizzleKind::SWIZZLE_64B:
    return 64;
  case nvgpu::TensorMapSwizzleKind::SWIZZLE_128B:
    return 128;
  }
  llvm_unreachable("unknown swizzle");
}

struct WriteBundlePass
    : public lmhead::impl::LMHeadWriteBundleBase<WriteBundlePass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    // The dynamic pipeline's dialects must be loaded before it runs.
    for (GpuTarget target : kAllGpuTargets) {
      OpPassManager pm(ModuleOp::getOperationName());
      buildKernelLowering(pm, target);
      pm.getDependentDialects(registry);
    }
  }

  void runOnOperation() override;

private:
  /// Checks `dir` and creates it; fails with an error on the module.
  LogicalResult prepareDirectory();
  /// Writes `text` to `file` in `dir`, replacing it atomically.
  LogicalResult writeFile(StringRef file, StringRef text);
};

LogicalResult WriteBundlePass::prepareDirectory() {
  Location loc = getOperation().getLoc();
  if (dir.empty())
    return emitError(loc) << "--lmhead-write-bundle needs the folder to "
                             "write into: --lmhead-write-bundle=dir=<folder>";
  if (llvm::sys::fs::exists(dir)) {
    if (!llvm::sys::fs::is_directory(dir))
      return emitError(loc)
             << "cannot write a bundle to '" << dir << "': it is not a folder";
    // Only a bundle may be overwritten: anything else there is someone's.
    std::error_code ec;
    for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec;
         it.increment(ec)) {
      StringRef file = llvm::sys::path::filename(it->path());
      if (file != kManifest && !file.ends_with(".ptx"))
        return emitError(loc)
               << "refusing to write a bundle into '" << dir << "': it holds '"
               << file
               << "', which is not a bundle's (manifest.json and .ptx files "
                  "only); use an empty or new folder";
    }
    if (ec)
      return emitError(loc)
             << "cannot read the folder '" << dir << "': " << ec.message();
  } else if (std::error_code ec = llvm::sys::fs::create_directories(dir)) {
    return emitError(loc) << "cannot create the bundle folder '" << dir
                          << "': " << ec.message();
  }
  return success();
}

LogicalResult WriteBundlePass::writeFile(StringRef file, StringRef text) {
  SmallString<256> path(dir);
  llvm::sys::path::append(path, file);
  if (llvm::Error error = llvm::writeToOutput(path, [&](raw_ostream &os) {
        os << text;
        return llvm::Error::success();
      }))
    return emitError(getOperation().getLoc())
           << "cannot write '" << path
           << "': " << llvm::toString(std::move(error));
  return success();
}

void WriteBundlePass::runOnOperation() {
  ModuleOp module = getOperation();
  if (failed(prepareDirectory()))
    return signalPassFailure();

  // The ops to write, with their products; the rest are said why not.
  std::vector<std::pair<OpBundle, SmallVector<LinearGradProduct, 2>>> ops;
  bool failedAny = false;
  module.walk([&](LinearGradOp op) {
    auto plan = op->getAttrOfType<KernelPlanAttr>(kPlanAttrName);
    if (!plan) {
      op.emitWarning("not written to the bundle: no `lmhead.plan`; run "
                     "--lmhead-plan first");
      return;
    }
    if (std::string why = whyNoLinearGradKernels(op); !why.empty()) {
      op.emitWarning("not written to the bundle: ") << why;
      return;
    }
    // A bundle computes both gradients, whatever the graph uses.
    FailureOr<SmallVector<LinearGradProduct, 2>> products =
        getLinearGradProducts(op, plan, /*unusedToo=*/true);
    if (failed(products)) {
      failedAny = true;
      return;
    }
    OpBundle bundle(op, plan,
                    llvm::formatv("linear_grad_{0}", ops.size()).str());
    if (failed(bundle.readExtents()))
      return;
    ops.emplace_back(std::move(bundle), std::move(*products));
  });
  if (failedAny)
    return signalPassFailure();
  if (ops.empty()) {
    module.emitWarning("--lmhead-write-bundle: no planned "
                       "lmhead.linear_grad in the module; nothing written");
    return markAllAnalysesPreserved();
  }

  for (auto &[bundle, products] : ops) {
    // The kernels in a module of their own, nested here only while the
    // dynamic pipeline lowers it.
    Location loc = module.getLoc();
    OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
    auto kernelModule = ModuleOp::create(builder, loc);
    kernelModule->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                          builder.getUnitAttr());
    OpBuilder inner = OpBuilder::atBlockEnd(kernelModule.getBody());
    auto kernels = gpu::GPUModuleOp::create(inner, loc, "lmhead_kernels");
    bundle.buildKernels(kernels, products);

    OpPassManager pm(ModuleOp::getOperationName());
    buildKernelLowering(pm, bundle.getTarget());
    LogicalResult lowered = runPipeline(pm, kernelModule);
    FailureOr<std::string> ptx = failure();
    if (succeeded(lowered))
      ptx = takePtx(kernelModule);
    kernelModule.erase();
    if (failed(ptx)) {
      module.emitError() << "--lmhead-write-bundle: lowering the kernels of "
                         << bundle.getName() << " to PTX failed";
      return signalPassFailure();
    }
    if (failed(writeFile(bundle.ptxFile(), *ptx)))
      return signalPassFailure();
  }

  std::string manifest;
  llvm::raw_string_ostream os(manifest);
  os << "{\n  \"format\": \"lmhead-bundle\",\n  \"version\": 1,\n"
     << "  \"ops\": {\n";
  for (auto [i, item] : llvm::enumerate(ops)) {
    item.first.writeManifestEntry(os);
    os << (i + 1 < ops.size() ? ",\n" : "\n");
  }
  os << "  }\n}\n";
  if (failed(writeFile(kManifest, manifest)))
    return signalPassFailure();
  markAllAnalysesPreserved();
}

} // namespace
