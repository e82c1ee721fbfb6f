//===- OperandMemory.h - where the lowered ops' buffers live ----*- C++ -*-===//
//
// The `operands=host|device` option of `--lmhead-lower-to-gpu` and
// `--lmhead-pipeline`, written once: the enum, its `llvm::cl::values`
// keywords and its command-line parser (the planning options' parser, which
// names the pass and the accepted keywords in its errors).
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_CONVERSION_LMHEADTOGPU_OPERANDMEMORY_H
#define LMHEAD_CONVERSION_LMHEADTOGPU_OPERANDMEMORY_H

#include "lmhead/Dialect/LMHead/Transforms/PlanOptions.h"

#include <cstdint>

namespace mlir {
namespace lmhead {

/// Where the buffers of a lowered op's operand and result tensors live.
enum class OperandMemory : uint32_t {
  /// Host memory: the launch function copies the operands to the device and
  /// the results back into host buffers allocated at the call site.
  Host = 0,
  /// Device memory: the kernels read the operands' buffers directly and
  /// write results allocated on the device at the call site; nothing is
  /// copied between host and device.
  Device = 1,
};

/// The `llvm::cl::values` of an operands option.
inline auto operandMemoryValues() {
  return llvm::cl::values(
      clEnumValN(OperandMemory::Host, "host",
                 "operands and results in host memory, copied to and from "
                 "the device by each launch"),
      clEnumValN(OperandMemory::Device, "device",
                 "operands and results in device memory, passed to the "
                 "kernels as they are"));
}

} // namespace lmhead
} // namespace mlir

namespace llvm {
namespace cl {
/// operands options parse with the keywords of operandMemoryValues().
template <>
class parser<mlir::lmhead::OperandMemory>
    : public mlir::lmhead::EnumOptionParser<mlir::lmhead::OperandMemory> {
public:
  using EnumOptionParser::EnumOptionParser;
};
} // namespace cl
} // namespace llvm

#endif // LMHEAD_CONVERSION_LMHEADTOGPU_OPERANDMEMORY_H
