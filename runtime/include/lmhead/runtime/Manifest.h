/*===- Manifest.h - the schema of a bundle's manifest.json -------*- C++ -*-===*
 *
 * Part of lmhead. See LICENSE for license information.
 *
 *===----------------------------------------------------------------------===*
 *
 * A bundle's manifest.json is written by lmhead-opt (--lmhead-write-bundle)
 * and read by the runtime (lmheadBundleLoad); this header is the one
 * place both take its vocabulary from: the format's name and version, the
 * keys, the stream roles and the element types. Both encode it with
 * nlohmann/json; numbers are JSON numbers (integers for sizes and indices,
 * doubles for an op's real-valued options). docs/Runtime.md describes the
 * format with examples.
 *
 * C++17, header-only, no dependencies: a framework that writes its own
 * manifests (or reads lmhead's) can include it as it is.
 *
 *===----------------------------------------------------------------------===*/

#ifndef LMHEAD_RUNTIME_MANIFEST_H
#define LMHEAD_RUNTIME_MANIFEST_H

#include <cstdint>
#include <optional>
#include <string_view>

namespace lmhead::manifest {

/// The value of the top-level "format" key.
inline constexpr std::string_view kFormat = "lmhead-bundle";
/// The value of the top-level "version" key that this build writes and
/// reads. Version 2: numbers as JSON numbers (version 1 wrote an op's
/// real-valued options as strings). Version 3: chunk loops ("loops", a
/// kernel's "first_iteration", waits on earlier iterations, and the "sub"
/// and "mod" integer expressions).
inline constexpr int64_t kVersion = 3;
/// The manifest's file name in a bundle folder.
inline constexpr std::string_view kFileName = "manifest.json";

/// Keys of the top level.
namespace key {
inline constexpr const char *kFormat = "format";
inline constexpr const char *kVersion = "version";
inline constexpr const char *kProducer = "producer";
inline constexpr const char *kPtx = "ptx";
inline constexpr const char *kOps = "ops";
/// Keys of "producer": the build identity of the writing lmhead-opt.
inline constexpr const char *kProducerVersion = "lmhead";
inline constexpr const char *kProducerRevision = "revision";
inline constexpr const char *kProducerBinary = "binary";
inline constexpr const char *kProducerLlvm = "llvm";
/// Keys of an op. "op" is its kind ("linear_grad", "ce_linear_fwd",
/// "ce_linear_grad", "ce_linear_step"); "target" the GPU it was compiled
/// for; the op's options ("layout", "reduction", "scale", ...) sit beside
/// them, for frameworks and tests (the runtime reads only "ptx",
/// "operands", "workspace" and "kernels").
inline constexpr const char *kOpKind = "op";
inline constexpr const char *kTarget = "target";
inline constexpr const char *kOperands = "operands";
inline constexpr const char *kTensors = "tensors";
inline constexpr const char *kWorkspace = "workspace";
inline constexpr const char *kKernels = "kernels";
inline constexpr const char *kLoops = "loops";
/// Keys of a loop: the name of its index in the kernels' integer
/// expressions, its count (an integer expression of the operands), and the
/// kernels it runs, [begin, end) in "kernels".
inline constexpr const char *kIndex = "index";
inline constexpr const char *kCount = "count";
/// Keys of a tensor in "tensors" and of a workspace buffer.
inline constexpr const char *kName = "name";
inline constexpr const char *kType = "type";
inline constexpr const char *kShape = "shape";
inline constexpr const char *kAccumulates = "accumulates";
/// Keys of "workspace": the operands of its address and of its size in
/// bytes, and its buffers.
inline constexpr const char *kWorkspaceOperand = "operand";
inline constexpr const char *kWorkspaceBytes = "bytes";
inline constexpr const char *kBuffers = "buffers";
/// Keys of a kernel.
inline constexpr const char *kStream = "stream";
/// The kernel a loop's first iteration launches instead of "name".
inline constexpr const char *kFirstIteration = "first_iteration";
/// The kernels it waits for: each an index in "kernels", or {"kernel":
/// index, "iterations_back": k} for a kernel of the same loop k iterations
/// before.
inline constexpr const char *kAfter = "after";
inline constexpr const char *kAfterKernel = "kernel";
inline constexpr const char *kIterationsBack = "iterations_back";
inline constexpr const char *kGrid = "grid";
inline constexpr const char *kBlock = "block";
inline constexpr const char *kCluster = "cluster";
inline constexpr const char *kProgrammatic = "programmatic";
inline constexpr const char *kSharedBytes = "shared_bytes";
inline constexpr const char *kParams = "params";
/// The forms of a parameter and of an integer expression.
inline constexpr const char *kOperand = "operand";
inline constexpr const char *kConst = "const";
inline constexpr const char *kMul = "mul";
inline constexpr const char *kSub = "sub";
inline constexpr const char *kCeilDiv = "ceil_div";
inline constexpr const char *kMod = "mod";
inline constexpr const char *kMin = "min";
inline constexpr const char *kMax = "max";
/// Keys of a tensor-map parameter.
inline constexpr const char *kTensorMap = "tensormap";
inline constexpr const char *kBox = "box";
inline constexpr const char *kSwizzle = "swizzle";
inline constexpr const char *kElement = "element";
inline constexpr const char *kOffset = "offset";
inline constexpr const char *kRowStride = "row_stride";
} // namespace key

/// The operand names lmhead-opt gives an op's workspace and its size.
inline constexpr const char *kWorkspaceOperandName = "workspace";
inline constexpr const char *kWorkspaceBytesOperandName = "workspace_bytes";

/// The stream a kernel runs on: the caller's ("main"), or the bundle's
/// stream of the dh, dW or db products.
enum class Stream { Main, Dh, Dw, Db };

/// The name of `stream` in a manifest.
constexpr std::string_view streamName(Stream stream) {
  switch (stream) {
  case Stream::Main:
    return "main";
  case Stream::Dh:
    return "dh";
  case Stream::Dw:
    return "dw";
  case Stream::Db:
    return "db";
  }
  return "main";
}

/// The stream named `name`, if it is one.
constexpr std::optional<Stream> streamNamed(std::string_view name) {
  for (Stream stream : {Stream::Main, Stream::Dh, Stream::Dw, Stream::Db})
    if (streamName(stream) == name)
      return stream;
  return std::nullopt;
}

/// The bytes of one element of type `name` ("f32", "bf16", "f16", "i32",
/// "i64"), or 0 for a type a manifest cannot name.
constexpr unsigned elementBytes(std::string_view name) {
  if (name == "f32" || name == "i32")
    return 4;
  if (name == "bf16" || name == "f16")
    return 2;
  if (name == "i64")
    return 8;
  return 0;
}

} // namespace lmhead::manifest

#endif // LMHEAD_RUNTIME_MANIFEST_H
