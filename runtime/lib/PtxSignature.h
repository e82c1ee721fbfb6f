//===- PtxSignature.h - a kernel's parameters from its PTX ------*- C++ -*-===//
//
// A launch hands the driver one pointer per parameter the kernel declares,
// and the driver reads that many: a manifest that lists fewer parameters
// than the kernel takes makes the driver read past the runtime's array.
// Drivers since CUDA 12.4 say what a kernel takes (cuFuncGetParamInfo); for
// older ones the runtime reads the kernel's signature from the PTX text it
// loaded, so that such a bundle is refused on every driver.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_RUNTIME_LIB_PTXSIGNATURE_H
#define LMHEAD_RUNTIME_LIB_PTXSIGNATURE_H

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace lmhead::runtime {

/// Sets `sizes` to the size in bytes of each parameter of kernel `name`
/// (`.entry name(...)` in `ptx`), in order, and returns true. Returns false,
/// with `error` saying why, when `ptx` declares no such kernel or a
/// parameter this reader does not know (a type other than PTX's integer,
/// bit, float and predicate types, or a malformed list). Comments and quoted
/// strings are skipped, so text there cannot pass for a declaration.
bool ptxEntryParameterSizes(std::string_view ptx, std::string_view name,
                            std::vector<std::size_t> &sizes,
                            std::string &error);

} // namespace lmhead::runtime

#endif // LMHEAD_RUNTIME_LIB_PTXSIGNATURE_H
