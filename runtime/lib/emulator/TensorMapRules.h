//===- TensorMapRules.h - cuTensorMapEncodeTiled's rules --------*- C++ -*-===//
//
// A GPU's driver refuses a tensor map whose arguments break the rules that
// cuTensorMapEncodeTiled documents (CUDA_ERROR_INVALID_VALUE). The emulator
// encodes maps itself, so it checks the same rules first: a request that
// would fail on a GPU fails on the emulator too, with a message naming the
// argument, its value and what the driver accepts.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_RUNTIME_LIB_EMULATOR_TENSORMAPRULES_H
#define LMHEAD_RUNTIME_LIB_EMULATOR_TENSORMAPRULES_H

#include "../Backend.h"

#include <string>

namespace lmhead::runtime::emulator {

/// Checks `request` against cuTensorMapEncodeTiled's documented rules: the
/// rank, the enumerations, the global address's alignment, the global
/// dimensions and strides, the box and its inner extent (a multiple of 16
/// bytes, within the swizzle span), the element strides and the NaN fill.
/// Returns false with a one-line message starting
/// "cuTensorMapEncodeTiled: " in `error` at the first rule broken. The
/// packed sub-byte data types (13 to 15) are refused as not handled.
bool checkTensorMapRequest(const TensorMapRequest &request, std::string &error);

} // namespace lmhead::runtime::emulator

#endif // LMHEAD_RUNTIME_LIB_EMULATOR_TENSORMAPRULES_H
