//===- LMHeadDialect.cpp - the lmhead dialect -----------------------------===//
//
// Registers the lmhead ops and attributes with the dialect. The ops'
// verifiers live in LMHeadOps.cpp, the attributes' in LMHeadAttrs.cpp.
//
//===----------------------------------------------------------------------===//

#include "lmhead/Dialect/LMHead/IR/LMHeadDialect.h"
#include "lmhead/Dialect/LMHead/IR/LMHeadOps.h"

using namespace mlir;
using namespace mlir::lmhead;

#include "lmhead/Dialect/LMHead/IR/LMHeadOpsDialect.cpp.inc"

void LMHeadDialect::initialize() {
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "lmhead/Dialect/LMHead/IR/LMHeadOps.cpp.inc"
      >();
}
