//===- RoundedOperands.cpp - f32 operands rounded for the kernels ---------===//
//
// Part of lmhead. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "RoundedOperands.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::lmhead;

RoundedOperands::RoundedOperands(Operation *op,
                                 ArrayRef<OpOperand *> operands) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  for (OpOperand *operand : operands) {
    Value value = operand->get();
    auto type = cast<RankedTensorType>(value.getType());
    SmallVector<Value> sizes;
    for (int64_t d = 0; d < type.getRank(); ++d)
      if (type.isDynamicDim(d))
        sizes.push_back(tensor::DimOp::create(b, loc, value, d));
    Value init = tensor::EmptyOp::create(b, loc, type.getShape(),
                                         b.getBF16Type(), sizes);
    auto map = linalg::MapOp::create(
        b, loc, ValueRange{value}, init,
        [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
          Value rounded = arith::TruncFOp::create(
              nested, nestedLoc, nested.getBF16Type(), args[0]);
          linalg::YieldOp::create(nested, nestedLoc, rounded);
        });
    operand->set(map.getResult().front());
    rounded.emplace_back(operand, value);
  }
}

void RoundedOperands::restore() {
  for (auto [operand, exact] : rounded) {
    Operation *map = operand->get().getDefiningOp();
    operand->set(exact);
    map->erase();
  }
  rounded.clear();
}
