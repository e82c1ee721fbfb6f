//===- GemmEpilogueTest.cpp - a second epilogue on both kernel families ---===//
//
// The GEMM writers hand their accumulators to whatever GemmEpilogue the
// kernel has. This test gives them a trivial one of its own, which stores
// each accumulator's row index (and ignores the product), compiles the
// kernels for sm_80 and sm_90a to PTX, and runs them on the runtime's PTX
// emulator through the bundle API: every element of a ragged C must hold
// its row, so every accumulator reached the epilogue with its coordinates,
// and nothing outside C was written (the emulator poisons allocations with
// NaN and checks every access).
//
//===----------------------------------------------------------------------===//

#include "GemmEpilogue.h"
#include "GemmKernel.h"
#include "lmhead/BuildIdentity.h"
#include "lmhead/Conversion/LMHeadToGPU/KernelsToPtx.h"

#include "lmhead/InitAll.h"
#include "lmhead/Planning/CostModel.h"
#include "lmhead/runtime/Manifest.h"
#include "lmhead/runtime/Runtime.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <vector>

using namespace mlir;
using namespace mlir::lmhead;

// The runtime's mgpu* functions (exported by liblmhead_runtime; upstream's
// GPU lowering declares them the same way).
extern "C" {
void *mgpuMemAlloc(uint64_t sizeBytes, void *stream, bool isHostShared);
void mgpuMemFree(void *ptr, void *stream);
void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *stream);
void *mgpuStreamCreate();
void mgpuStreamSynchronize(void *stream);
void mgpuStreamDestroy(void *stream);
}

namespace {

/// Stores, at each accumulator's place inside C, the index of its row as
/// f32. Its one argument is C as `memref<?x?xf32>`.
class RowIndexEpilogue : public GemmEpilogue {
public:
  SmallVector<Type>
  getArgumentTypes(const GemmKernelSpec &spec) const override {
    Builder b(spec.operandType.getContext());
    return {MemRefType::get({ShapedType::kDynamic, ShapedType::kDynamic},
                            b.getF32Type())};
  }

  void write(OpBuilder &b, Location loc, const GemmKernelSpec &spec,
             ValueRange arguments, const AccumulatorTile &tile) const override {
    for (auto [row, col] : llvm::zip(tile.rows, tile.cols)) {
      Value inside = arith::AndIOp::create(
          b, loc,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, row, tile.m),
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, col,
                                tile.n));
      auto ifOp = scf::IfOp::create(b, loc, inside, /*withElseRegion=*/false);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifOp.thenBlock());
      Value asInt = arith::IndexCastOp::create(b, loc, b.getI32Type(), row);
      Value asFloat = arith::SIToFPOp::create(b, loc, b.getF32Type(), asInt);
      memref::StoreOp::create(b, loc, asFloat, arguments.front(),
                              ValueRange{row, col});
    }
  }
};

/// A ragged problem: no size is a multiple of any block tile.
constexpr int64_t kM = 70, kN = 72, kK = 40;

class GemmEpilogueTest : public ::testing::TestWithParam<GpuTarget> {
protected:
  GemmEpilogueTest() {
    DialectRegistry registry;
    mlir::registerAllDialects(registry);
    registerAllExtensions(registry);
    registerAllToLLVMIRTranslations(registry);
    mlir::lmhead::registerAllDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  /// The fastest configuration the cost model has for the problem: dh's
  /// layout, A [M,K] and B [K,N].
  GemmKernelSpec plannedSpec(GpuTarget target) {
    GemmProblem problem;
    problem.m = kM;
    problem.n = kN;
    problem.k = kK;
    problem.rowElementsA = kK;
    problem.rowElementsB = kN;
    problem.aRowsAlongK = true;
    problem.bRowsAlongK = false;
    GemmPlan plan = planGemm(problem, planningChip(target));
    EXPECT_TRUE(plan) << plan.reason;
    GemmKernelSpec spec;
    spec.target = target;
    spec.tiles = plan.choice->tiles;
    spec.operandType = Builder(&context).getBF16Type();
    spec.aOrder = OperandOrder::ContiguousK;
    spec.bOrder = OperandOrder::ContiguousMN;
    return spec;
  }

  /// The PTX of the kernel `row_index` for `spec` with `epilogue`.
  std::string compile(const GemmKernelSpec &spec,
                      const GemmEpilogue &epilogue) {
    OpBuilder builder(&context);
    Location loc = builder.getUnknownLoc();
    OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
    (*module)->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                       builder.getUnitAttr());
    builder.setInsertionPointToEnd(module->getBody());
    auto kernels = gpu::GPUModuleOp::create(builder, loc, "kernels");
    builder.setInsertionPointToEnd(kernels.getBody());
    buildGemmKernel(builder, loc, "row_index", spec, epilogue);
    EXPECT_TRUE(succeeded(verify(*module)));
    PassManager pm(&context);
    buildKernelLowering(pm, spec.target);
    EXPECT_TRUE(succeeded(pm.run(*module)));
    FailureOr<std::string> ptx = takePtx(*module);
    EXPECT_TRUE(succeeded(ptx));
    return succeeded(ptx) ? *ptx : std::string();
  }

  /// The manifest of a bundle with one op `row_index`, operands a [M,K],
  /// b [K,N] (bf16) and c [M,N] (f32), running the kernel of `spec`.
  static std::string manifest(const GemmKernelSpec &spec) {
    auto memref = [](StringRef name, int64_t rows, int64_t cols) {
      return llvm::formatv("\"{0}\", \"{0}\", {{\"const\": 0}, {{\"const\": "
                           "{1}}, {{\"const\": {2}}, {{\"const\": {2}}, "
                           "{{\"const\": 1}",
                           name, rows, cols)
          .str();
    };
    auto tensorMap = [&](StringRef name, int64_t rows, int64_t cols, bool isA) {
      ArrayRef<int64_t> box =
          sm90OperandMapType(spec, isA).getTensor().getShape();
      return llvm::formatv("{{\"tensormap\": \"{0}\", \"shape\": [{1}, {2}], "
                           "\"box\": [{3}, {4}], \"swizzle\": 128, "
                           "\"element\": \"bf16\"}",
                           name, rows, cols, box[0], box[1])
          .str();
    };
    bool hopper = usesWarpgroupMma(spec.target);
    std::string params =
        (hopper ? tensorMap("a", kM, kK, true) : memref("a", kM, kK)) + ", " +
        (hopper ? tensorMap("b", kK, kN, false) : memref("b", kK, kN)) + ", " +
        memref("c", kM, kN) +
        llvm::formatv(", {{\"const\": {0}}, {{\"const\": {1}}, {{\"const\": "
                      "{2}}",
                      kM, kN, kK)
            .str();
    // The grid of gemmGrid's grouped order, constant at these sizes, and
    // the kernel's thread-block cluster, when it has one.
    std::array<SizeExpr, 3> grid =
        gemmGrid(SizeExpr(kM), SizeExpr(kN), spec.tiles);
    std::array<int64_t, 3> cluster = gemmCluster(spec.tiles);
    std::string clusterField =
        spec.tiles.isClustered()
            ? llvm::formatv("\"cluster\": [{0}, {1}, {2}], ", cluster[0],
                            cluster[1], cluster[2])
                  .str()
            : std::string();
    return llvm::formatv(
               R"({{"format": "lmhead-bundle", "version": {7},
  "producer": {6}, "ops": {{
  "row_index": {{"ptx": "row_index.ptx", "operands": ["a", "b", "c"],
    "kernels": [{{"name": "row_index", "stream": "main",
      "grid": [{0}, {1}, {2}], "block": [{3}, 1, 1], {8}"shared_bytes": {4},
      "params": [{5}]}]}}})",
               *grid[0].getConstant(), *grid[1].getConstant(),
               *grid[2].getConstant(), spec.numThreads(),
               spec.sharedMemoryBytes(), params, buildIdentityJson(),
               ::lmhead::manifest::kVersion, clusterField)
        .str();
  }

  MLIRContext context;
};

TEST_P(GemmEpilogueTest, RowIndexEpilogueRunsOnTheEmulator) {
  GpuTarget target = GetParam();
  SCOPED_TRACE(stringifyGpuTarget(target).str());
  GemmKernelSpec spec = plannedSpec(target);
  RowIndexEpilogue epilogue;
  ASSERT_EQ(llvm::toString(checkGemmKernel(spec, epilogue)), "")
      << spec.tiles.str();
  std::string ptx = compile(spec, epilogue);
  ASSERT_FALSE(ptx.empty());

  // The bundle: the kernel's PTX and its manifest in a fresh folder.
  SmallString<128> dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("lmhead-epilogue", dir));
  for (auto [file, text] :
       {std::pair<StringRef, std::string>{"row_index.ptx", ptx},
        {"manifest.json", manifest(spec)}}) {
    SmallString<128> path(dir);
    llvm::sys::path::append(path, file);
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    ASSERT_FALSE(ec) << ec.message();
    os << text;
  }

  setenv("LMHEAD_DEVICE", "emulator", /*overwrite=*/1);
  LMHeadBundle *bundle = nullptr;
  ASSERT_EQ(lmheadBundleLoad(dir.c_str(), &bundle), LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  void *stream = mgpuStreamCreate();
  // A and B hold ones (bf16 0x3f80); the epilogue ignores the product.
  std::vector<uint16_t> ones(kM * kK + kK * kN, 0x3f80);
  void *a = mgpuMemAlloc(kM * kK * 2, stream, false);
  void *b = mgpuMemAlloc(kK * kN * 2, stream, false);
  void *c = mgpuMemAlloc(kM * kN * 4, stream, false);
  mgpuMemcpy(a, ones.data(), kM * kK * 2, stream);
  mgpuMemcpy(b, ones.data(), kK * kN * 2, stream);
  unsigned long long operands[] = {reinterpret_cast<uintptr_t>(a),
                                   reinterpret_cast<uintptr_t>(b),
                                   reinterpret_cast<uintptr_t>(c)};
  EXPECT_EQ(lmheadBundleRun(bundle, "row_index", operands, 3, stream),
            LMHEAD_STATUS_OK)
      << lmheadGetLastErrorMessage();
  std::vector<float> result(kM * kN, -1.0f);
  mgpuMemcpy(result.data(), c, kM * kN * 4, stream);
  mgpuStreamSynchronize(stream);

  int64_t wrong = 0;
  for (int64_t row = 0; row < kM; ++row)
    for (int64_t col = 0; col < kN; ++col) {
      float value = result[row * kN + col];
      // NaN (never written) fails this comparison too.
      if (!(value == float(row)) && wrong++ < 5)
        ADD_FAILURE() << "C[" << row << ", " << col << "] = " << value;
    }
  EXPECT_EQ(wrong, 0) << "of " << kM * kN << " elements, with "
                      << spec.tiles.str();

  for (void *buffer : {a, b, c})
    mgpuMemFree(buffer, stream);
  mgpuStreamDestroy(stream);
  EXPECT_EQ(lmheadBundleUnload(bundle), LMHEAD_STATUS_OK);
  llvm::sys::fs::remove_directories(dir);
}

INSTANTIATE_TEST_SUITE_P(BothTargets, GemmEpilogueTest,
                         ::testing::Values(GpuTarget::Sm80, GpuTarget::Sm90a),
                         [](const ::testing::TestParamInfo<GpuTarget> &info) {
                           return info.param == GpuTarget::Sm80 ? "Sm80"
                                                                : "Sm90a";
                         });

} // namespace
