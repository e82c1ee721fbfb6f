//===- AsyncTokens.cpp - streams as chains of async tokens ----------------===//
//
// Part of lmhead. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "AsyncTokens.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

using namespace mlir;
using namespace mlir::lmhead;

Value mlir::lmhead::joinStreams(ImplicitLocOpBuilder &b,
                                ValueRange dependencies) {
  assert(!dependencies.empty() && "a join of nothing");
  assert(llvm::none_of(dependencies,
                       [](Value token) {
                         auto wait = token.getDefiningOp<gpu::WaitOp>();
                         return wait && wait.getAsyncDependencies().empty();
                       }) &&
         "a stream with nothing on it is dropped from a join");
  if (dependencies.size() == 1)
    return dependencies.front();
  auto tokenType = gpu::AsyncTokenType::get(b.getContext());
  return gpu::WaitOp::create(b, tokenType, dependencies).getAsyncToken();
}

Value mlir::lmhead::forkStream(ImplicitLocOpBuilder &b, Value token) {
  auto tokenType = gpu::AsyncTokenType::get(b.getContext());
  return gpu::WaitOp::create(b, tokenType, ValueRange{token, token})
      .getAsyncToken();
}
