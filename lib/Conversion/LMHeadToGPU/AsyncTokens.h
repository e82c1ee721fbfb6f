//===- AsyncTokens.h - streams as chains of async tokens --------*- C++ -*-===//
//
// Part of lmhead. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//
//
// A launch function's streams are chains of `gpu` async tokens: an async op
// with one dependency runs on that token's stream, and `gpu.wait async`
// with two or more (upstream's lowering) on a new stream that waits on an
// event recorded on each. These make the joins and forks the launch
// functions need, in forms canonicalization keeps.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_CONVERSION_LMHEADTOGPU_ASYNCTOKENS_H
#define LMHEAD_CONVERSION_LMHEADTOGPU_ASYNCTOKENS_H

#include "mlir/IR/ImplicitLocOpBuilder.h"

namespace mlir {
namespace lmhead {

/// A token after all of `dependencies`: with two or more, of a new stream
/// waiting on an event of each; with one, that token itself, on its stream
/// (canonicalization would fold a join of one dependency so). Each must be
/// the token of an op that runs on its stream, not the bare `gpu.wait async`
/// of a stream with nothing on it: canonicalization drops such a token from
/// a join, which would put the launches after the join on another stream
/// than the one the launch function waits on and destroys
/// (DeviceScope::finish).
Value joinStreams(ImplicitLocOpBuilder &b, ValueRange dependencies);

/// A token of a new stream that waits for `token` (which must not be a bare
/// `gpu.wait async`): a join that names it twice, which canonicalization
/// keeps (it folds a join of one dependency into that dependency, which
/// would leave the work after it on `token`'s stream).
Value forkStream(ImplicitLocOpBuilder &b, Value token);

/// One token of each stream the ops of `body` run on since its last host
/// wait (a synchronous `gpu.wait`, which ended the streams before it): the
/// last of the tokens on it. A `gpu.wait async` starts a stream (upstream's
/// lowering creates one, waiting on an event of each dependency); any other
/// async op runs on the stream of its one dependency. A synchronous `gpu.wait`
/// on them all waits for, and destroys, every stream `body` started; so no op
/// of `body` may run on the stream of a token from outside it (fork it).
SmallVector<Value> lastTokenOfEachStream(Block &body);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_CONVERSION_LMHEADTOGPU_ASYNCTOKENS_H
