//===- LMHeadDialect.h - the lmhead dialect ---------------------*- C++ -*-===//
//
// Declares the lmhead dialect class generated from LMHeadDialect.td.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_DIALECT_LMHEAD_IR_LMHEADDIALECT_H
#define LMHEAD_DIALECT_LMHEAD_IR_LMHEADDIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Dialect.h"

#include "lmhead/Dialect/LMHead/IR/LMHeadOpsDialect.h.inc"

#endif // LMHEAD_DIALECT_LMHEAD_IR_LMHEADDIALECT_H
