//===- WriteBundle.cpp - planned lmhead ops as a runtime bundle -----------===//
//
// --lmhead-write-bundle. Each planned linear_grad, ce_linear_fwd and
// ce_linear_grad gets its kernels for the plan's target (an OpBundle of
// BundleWriter.h: LinearGradBundle.cpp, CrossEntropyBundle.cpp) built into
// a module of their own, nested in the pass's module only while upstream's
// NVVM pipeline runs on it as a dynamic pipeline; the PTX is taken out of
// the resulting gpu.binary and written beside a manifest.json that tells
// lmheadBundleRun how to launch each kernel on the caller's pointers
// (docs/Runtime.md). What a GEMM kernel takes follows its kernel family, not
// the plan's target: an sm_90a plan's GEMM with `kernel = sm_80` takes
// memrefs, as on sm_80, not TMA tensor maps. The module is left as it was.
//
//===----------------------------------------------------------------------===//

#include "lmhead/Conversion/LMHeadToGPU/Passes.h"

#include "BundleWriter.h"
#include "ScheduleLaunches.h"
#include "lmhead/BuildIdentity.h"
#include "lmhead/Conversion/LMHeadToGPU/KernelsToPtx.h"
#include "lmhead/Dialect/LMHead/IR/LMHeadOps.h"
#include "lmhead/runtime/Manifest.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Pipelines/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

namespace mlir {
namespace lmhead {
#define GEN_PASS_DEF_LMHEADWRITEBUNDLE
#include "lmhead/Conversion/LMHeadToGPU/Passes.h.inc"
} // namespace lmhead
} // namespace mlir

using namespace mlir;
using namespace mlir::lmhead;
namespace key = ::lmhead::manifest::key;

namespace {

constexpr StringRef kManifest(::lmhead::manifest::kFileName.data(),
                              ::lmhead::manifest::kFileName.size());

/// The name of the first function `ptx` declares `.extern` (and so calls
/// without defining), if any.
std::optional<StringRef> firstExternFunction(StringRef ptx) {
  constexpr StringLiteral kExtern = ".extern .func";
  size_t at = ptx.find(kExtern);
  if (at == StringRef::npos)
    return std::nullopt;
  // `.extern .func  (.param .b32 func_retval0) __nv_expf`, or without the
  // return value: the name follows.
  StringRef line = ptx.substr(at + kExtern.size())
                       .take_until([](char c) { return c == '\n'; })
                       .trim();
  if (line.starts_with("("))
    line = line.drop_front(line.find(')') + 1).trim();
  return line.take_until([](char c) { return c == '(' || c == ' '; });
}

struct WriteBundlePass
    : public mlir::lmhead::impl::LMHeadWriteBundleBase<WriteBundlePass> {
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

  // The ops to write, each named after its kind and its place among the
  // ops of that kind; the rest are said why not.
  std::vector<std::unique_ptr<OpBundle>> ops;
  ScheduledOpNames names;
  bool failedAny = false;
  module.walk([&](Operation *op) {
    if (!isa<LinearGradOp, CELinearFwdOp, CELinearGradOp, CELinearStepOp>(op))
      return;
    std::string name = names.peek(op);
    FailureOr<std::unique_ptr<OpBundle>> bundle =
        isa<LinearGradOp>(op) ? makeLinearGradBundle(op, name)
                              : makeCrossEntropyBundle(op, name);
    if (failed(bundle)) {
      failedAny = true;
      return;
    }
    if (!*bundle)
      return;
    names.next(op);
    ops.push_back(std::move(*bundle));
  });
  if (failedAny)
    return signalPassFailure();
  if (ops.empty()) {
    module.emitWarning("--lmhead-write-bundle: no planned lmhead op "
                       "(linear_grad, ce_linear_fwd, ce_linear_grad, "
                       "ce_linear_step) in the "
                       "module; nothing written");
    return markAllAnalysesPreserved();
  }

  for (std::unique_ptr<OpBundle> &bundle : ops) {
    // The kernels in a module of their own, nested here only while the
    // dynamic pipeline lowers it.
    Location loc = module.getLoc();
    OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
    auto kernelModule = ModuleOp::create(builder, loc);
    kernelModule->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                          builder.getUnitAttr());
    OpBuilder inner = OpBuilder::atBlockEnd(kernelModule.getBody());
    auto kernels = gpu::GPUModuleOp::create(inner, loc, "lmhead_kernels");
    if (failed(bundle->buildKernels(kernels))) {
      kernelModule.erase();
      return signalPassFailure();
    }

    OpPassManager pm(ModuleOp::getOperationName());
    buildKernelLowering(pm, bundle->getTarget());
    LogicalResult lowered = runPipeline(pm, kernelModule);
    FailureOr<std::string> ptx = failure();
    if (succeeded(lowered))
      ptx = takePtx(kernelModule);
    kernelModule.erase();
    if (failed(ptx)) {
      module.emitError() << "--lmhead-write-bundle: lowering the kernels of "
                         << bundle->getName() << " to PTX failed";
      return signalPassFailure();
    }
    // A call left to a function the PTX only declares (libdevice's
    // __nv_expf when no libdevice was found to link) would fail to load
    // on every device: refuse it here.
    if (std::optional<StringRef> missing = firstExternFunction(*ptx)) {
      emitError(loc) << "--lmhead-write-bundle: the kernels of "
                     << bundle->getName() << " call '" << *missing
                     << "', which their PTX only declares: libdevice was not "
                        "linked; point CUDA_HOME (or CUDA_ROOT, CUDA_PATH) at "
                        "a CUDA toolkit";
      return signalPassFailure();
    }
    if (failed(writeFile(bundle->ptxFile(), *ptx)))
      return signalPassFailure();
  }

  // The compiler's build identity: the runtime refuses a bundle of another
  // build, and lmhead.torch checks it against the lmhead-opt it runs.
  const BuildIdentity &identity = buildIdentity();
  ManifestJson manifest = {{key::kFormat, ::lmhead::manifest::kFormat},
                           {key::kVersion, ::lmhead::manifest::kVersion},
                           {key::kProducer,
                            {{key::kProducerVersion, identity.version},
                             {key::kProducerRevision, identity.revision},
                             {key::kProducerBinary, identity.binary},
                             {key::kProducerLlvm, identity.llvm}}},
                           {key::kOps, ManifestJson::object()}};
  for (std::unique_ptr<OpBundle> &bundle : ops)
    manifest[key::kOps][bundle->getName()] = bundle->manifestEntry();
  if (failed(writeFile(kManifest, formatManifest(manifest))))
    return signalPassFailure();
  markAllAnalysesPreserved();
}

} // namespace
