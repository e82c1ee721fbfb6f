//===- ModuleVariables.h - a module's .global and .const variables -*- C++
//-*-===//
//
// Module-scope .global and .const variables (a table cuRAND's kernels
// read, a __device__ variable) live in device memory from the module's
// load to its unload, holding what their initializers say (zeros where
// none). Kernels address them by name; the driver API finds them by name
// (cuModuleGetGlobal).
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_RUNTIME_LIB_EMULATOR_MODULEVARIABLES_H
#define LMHEAD_RUNTIME_LIB_EMULATOR_MODULEVARIABLES_H

#include "Ptx.h"

#include <cstdint>
#include <string>
#include <vector>

namespace lmhead::runtime::emulator {

/// Whether `variable` is one that lives in device memory: module scope,
/// .global or .const, not extern.
bool isDeviceVariable(const ptx::Variable &variable);

/// The bytes `variable` starts with: its initializer's values (integers
/// in C's notations, floats as PTX's 0f/0d bits or in decimal), each of
/// the variable's element type, little-endian, then zeros. False with
/// `error` naming the variable and the value when a value is not a number
/// or there are more values than elements.
bool initialBytes(const ptx::Variable &variable,
                  std::vector<unsigned char> &bytes, std::string &error);

} // namespace lmhead::runtime::emulator

#endif // LMHEAD_RUNTIME_LIB_EMULATOR_MODULEVARIABLES_H
