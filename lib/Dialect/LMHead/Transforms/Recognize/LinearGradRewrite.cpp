//===- LinearGradRewrite.cpp - a pair of products into linear_grad --------===//
//
// Without a cross-entropy, a dh = dZ·W and a dW = dZᵀ·h product that read
// the same dZ (and the column sum of that dZ, when there is one, as the
// bias gradient) become one lmhead.linear_grad at the first product. dZ
// itself is kept: nothing shows how it was made, so it stays the op's
// operand, and the remark says why no cross-entropy was found behind it.
//
//===----------------------------------------------------------------------===//

#include "Rewrite.h"

#include "lmhead/Dialect/LMHead/IR/LMHeadOps.h"

using namespace mlir;
using namespace mlir::lmhead;
using namespace mlir::lmhead::recognize;

void recognize::rewriteLinearGrad(HeadGroup &group, DominanceInfo &dominance,
                                  StringRef whyNoCrossEntropy) {
  ProductReplacement r(group, dominance);
  SmallVector<Type> types = r.gradTypes();
  auto op = LinearGradOp::create(
      r.b, r.loc, types[0], types[1], types.size() > 2 ? types[2] : Type(),
      /*stats=*/Type(), group.dz, r.h, r.w, r.dhAcc, r.dwAcc, r.layout,
      llvm::APFloat(1.0), r.accAttr);
  remarkPassed(op, (Twine(group.db ? "dh = dZ*W, dW = dZ^T*h and db = sum dZ"
                                   : "dh = dZ*W and dW = dZ^T*h") +
                    " rewritten into lmhead.linear_grad (dZ is kept: " +
                    whyNoCrossEntropy + ")")
                       .str());
  r.replaceProducts(op.getDh(), op.getDw(), op.getDb());
}
