//===- LinearGradBundle.cpp - a linear_grad's kernels in a bundle ---------===//
//
// A planned linear_grad in the bundle: its dh and dW kernels
// (LinearGradKernels.h), each launched once on a stream of its own on the
// caller's pointers dz, h, w, dh and dw, with an integer operand for each
// size the op's types leave dynamic. The kernels need no workspace.
//
// With gradient statistics (`stats` [3]) each stream first clears the slots
// it adds to (dh: ‖dZ‖² and ‖dh‖², dw: ‖dW‖²), each GEMM's epilogue adds
// its product's squared norm, and the dh stream ends with one pass over the
// given dZ for ‖dZ‖² (GradientStatistics.h).
//
//===----------------------------------------------------------------------===//

#include "BundleWriter.h"
#include "GradientStatistics.h"
#include "LinearGradKernels.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::lmhead;

namespace {

constexpr StringLiteral kPlanAttrName = "lmhead.plan";

class LinearGradBundle : public OpBundle {
public:
  LinearGradBundle(LinearGradOp op, KernelPlanAttr plan, std::string name,
                   SmallVector<LinearGradProduct, 2> products)
      : OpBundle(std::move(name), "linear_grad", plan.getTarget()), op(op),
        products(std::move(products)) {}

  /// Reads the op's sizes; fails with a warning when they disagree.
  LogicalResult readExtents();
  LogicalResult buildKernels(gpu::GPUModuleOp module) override;

protected:
  void writeHeader(raw_ostream &os) const override;
  std::vector<KernelEntry> getKernelEntries() const override;

private:
  /// The manifest's name of one of the op's operands or results.
  StringRef nameOf(Value value) const;
  const ManifestInt &extentOf(LinearGradDim dim) const {
    return extents[static_cast<int>(dim)];
  }
  /// The shape of the tensor `value` in the op's dimensions.
  std::pair<LinearGradDim, LinearGradDim> dimsOf(Value value) const;
  MatrixView viewOf(Value value) const {
    auto [rows, cols] = dimsOf(value);
    return MatrixView::dense(nameOf(value), extentOf(rows), extentOf(cols));
  }

  /// A handle: the const methods read the op without changing it.
  mutable LinearGradOp op;
  SmallVector<LinearGradProduct, 2> products;
  ManifestInt extents[3];
  /// The integer operands of the dynamic sizes, in operand order.
  SmallVector<std::string, 3> sizeOperands;
};

LogicalResult LinearGradBundle::readExtents() {
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
    int64_t constant = ShapedType::kDynamic;
    for (int64_t s : seen[i]) {
      if (ShapedType::isDynamic(s))
        continue;
      if (!ShapedType::isDynamic(constant) && constant != s)
        return op.emitWarning() << "not written to the bundle: the types "
                                   "disagree on size '"
                                << operands[i] << "'";
      constant = s;
    }
    if (ShapedType::isDynamic(constant)) {
      extents[i] = ManifestInt::operand(operands[i]);
      sizeOperands.push_back(operands[i]);
    } else {
      extents[i] = ManifestInt(constant);
    }
  }
  return success();
}

LogicalResult LinearGradBundle::buildKernels(gpu::GPUModuleOp module) {
  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
  for (const LinearGradProduct &product : products)
    recordKernel(buildGemmKernel(builder, op.getLoc(),
                                 (name + "_" + product.role).str(),
                                 product.spec, product.epilogue));
  if (op.getStats()) {
    recordKernel(buildClearStatisticsKernel(builder, op.getLoc(),
                                            name + "_stats_clear"));
    recordKernel(buildSumOfSquaresKernel(
        builder, op.getLoc(), name + "_dz_squares",
        getElementTypeOrSelf(op.getDz().getType()), kLogitGradientSlot));
  }
  return success();
}

StringRef LinearGradBundle::nameOf(Value value) const {
  if (value == op.getDz())
    return "dz";
  if (value == op.getH())
    return "h";
  if (value == op.getW())
    return "w";
  if (value == op.getDh())
    return "dh";
  if (value == op.getStats())
    return "stats";
  assert(value == op.getDw() && "not a tensor of the bundle");
  return "dw";
}

std::pair<LinearGradDim, LinearGradDim>
LinearGradBundle::dimsOf(Value value) const {
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

void LinearGradBundle::writeHeader(raw_ostream &os) const {
  SmallVector<Value, 6> tensors = {op.getDz(), op.getH(), op.getW(), op.getDh(),
                                   op.getDw()};
  if (op.getStats())
    tensors.push_back(op.getStats());
  SmallVector<std::string> operands;
  for (Value tensor : tensors)
    operands.push_back(quoted(nameOf(tensor)));
  for (const std::string &size : sizeOperands)
    operands.push_back(quoted(size));

  os << "      \"layout\": " << quoted(stringifyWeightLayout(op.getLayout()))
     << ",\n";
  // As text: the runtime's JSON reader takes integers only.
  os << "      \"scale\": " << decimalText(op.getScale().convertToDouble())
     << ",\n";
  os << "      \"operands\": [" << llvm::join(operands, ", ") << "],\n";
  // What each pointer operand must hold: informational for frameworks and
  // tests; the runtime reads only operands and kernels.
  os << "      \"tensors\": {\n";
  for (auto [i, tensor] : llvm::enumerate(tensors)) {
    Type element = getElementTypeOrSelf(tensor.getType());
    bool accumulates = (tensor == op.getDh() && op.getDhAcc()) ||
                       (tensor == op.getDw() && op.getDwAcc());
    std::string shape = std::to_string(kNumStatisticSlots);
    if (tensor != op.getStats()) {
      auto [rows, cols] = dimsOf(tensor);
      shape = extentOf(rows).expr() + ", " + extentOf(cols).expr();
    }
    os << "        " << quoted(nameOf(tensor))
       << ": {\"type\": " << quoted(llvm::formatv("{0}", element).str())
       << ", \"shape\": [" << shape << "]"
       << (accumulates ? ", \"accumulates\": true" : "") << "}"
       << (i + 1 < tensors.size() ? ",\n" : "\n");
  }
  os << "      },\n";
}

std::vector<KernelEntry> LinearGradBundle::getKernelEntries() const {
  std::vector<KernelEntry> entries;
  bool hasStats = static_cast<bool>(op.getStats());
  ManifestInt statsLength(kNumStatisticSlots);
  for (const LinearGradProduct &product : products) {
    bool isDh = product.role == "dh";
    if (hasStats) {
      // The slots this stream adds to, cleared on it first.
      KernelEntry clear;
      clear.name = name + "_stats_clear";
      clear.stream = product.role.str();
      clear.threads = 32;
      appendVector(clear.params, "stats", statsLength);
      clear.params.append(
          {ManifestInt(isDh ? kLogitGradientSlot : kWeightGradientSlot).param(),
           ManifestInt(isDh ? 2 : 1).param()});
      entries.push_back(std::move(clear));
    }
    // A, B and C are whole dense buffers; C's descriptor is the epilogue's
    // first argument, the statistics its second.
    SmallVector<std::string> epilogue;
    appendMatrix(epilogue, viewOf(product.result));
    if (hasStats)
      appendVector(epilogue, "stats", statsLength);
    entries.push_back(gemmEntry(
        (name + "_" + product.role).str(), product.role, product.spec,
        viewOf(product.a), viewOf(product.b), epilogue, extentOf(product.m),
        extentOf(product.n), extentOf(product.k)));
    if (hasStats && isDh) {
      // ‖dZ‖² of the given dZ: a grid of one block per 8 tokens, each
      // thread striding over the elements.
      const ManifestInt &tokens = extentOf(LinearGradDim::Tokens);
      KernelEntry squares;
      squares.name = name + "_dz_squares";
      squares.stream = "dh";
      squares.grid[0] = tokens.blocks(8);
      squares.threads = kSumOfSquaresThreads;
      appendMatrix(squares.params, viewOf(op.getDz()));
      appendVector(squares.params, "stats", statsLength);
      squares.params.append(
          {tokens.param(), extentOf(LinearGradDim::Vocab).param()});
      entries.push_back(std::move(squares));
    }
  }
  return entries;
}

} // namespace

FailureOr<std::unique_ptr<OpBundle>>
mlir::lmhead::makeLinearGradBundle(Operation *operation, std::string name) {
  auto op = cast<LinearGradOp>(operation);
  auto plan = op->getAttrOfType<KernelPlanAttr>(kPlanAttrName);
  if (!plan) {
    op.emitWarning("not written to the bundle: no `lmhead.plan`; run "
                   "--lmhead-plan first");
    return std::unique_ptr<OpBundle>();
  }
  if (std::string why = whyNoLinearGradKernels(op); !why.empty()) {
    op.emitWarning("not written to the bundle: ") << why;
    return std::unique_ptr<OpBundle>();
  }
  // A bundle computes both gradients, whatever the graph uses.
  FailureOr<SmallVector<LinearGradProduct, 2>> products =
      getLinearGradProducts(op, plan, /*unusedToo=*/true);
  if (failed(products))
    return failure();
  auto bundle = std::make_unique<LinearGradBundle>(op, plan, std::move(name),
                                                   std::move(*products));
  if (failed(bundle->readExtents()))
    return std::unique_ptr<OpBundle>();
  return std::unique_ptr<OpBundle>(std::move(bundle));
}
