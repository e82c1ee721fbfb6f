//===- AsyncTokens.cpp - streams as chains of async tokens ----------------===//
//
// Part of lmhead. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#include "AsyncTokens.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "llvm/ADT/MapVector.h"

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

SmallVector<Value> mlir::lmhead::lastTokenOfEachStream(Block &body) {
  DenseMap<Value, Operation *> streamOf;
  llvm::MapVector<Operation *, Value> last;
  for (Operation &op : body) {
    // A host wait ended (and destroyed) the streams before it.
    if (auto wait = dyn_cast<gpu::WaitOp>(op); wait && !wait.getAsyncToken()) {
      streamOf.clear();
      last.clear();
      continue;
    }
    auto async = dyn_cast<gpu::AsyncOpInterface>(op);
    if (!async || !async.getAsyncToken())
      continue;
    ValueRange dependencies = async.getAsyncDependencies();
    Operation *stream = &op;
    if (!isa<gpu::WaitOp>(op) && dependencies.size() == 1)
      if (Operation *before = streamOf.lookup(dependencies.front()))
        stream = before;
    streamOf[async.getAsyncToken()] = stream;
    last[stream] = async.getAsyncToken();
  }
  return llvm::to_vector(llvm::make_second_range(last));
}
