//===- ModuleVariables.cpp - a module's .global and .const variables ------===//
//
// The bytes an initializer gives a module variable. NVPTX and nvcc write
// integers in decimal or hexadecimal and floats as their bits (0f3F800000,
// 0d3FF0000000000000); decimal floats are read too.
//
//===----------------------------------------------------------------------===//

#include "ModuleVariables.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>

using namespace lmhead::runtime;
using namespace lmhead::runtime::emulator;

bool lmhead::runtime::emulator::isDeviceVariable(
    const ptx::Variable &variable) {
  return (variable.space == ".global" || variable.space == ".const") &&
         !variable.isExtern;
}

namespace {

/// The bits of `text` as a value of `elementBytes` bytes of a float type
/// when `isFloat`; false when it is not a number.
bool valueBits(const std::string &text, unsigned elementBytes, bool isFloat,
               uint64_t &bits) {
  if (text.size() > 2 && text[0] == '0' &&
      (text[1] == 'f' || text[1] == 'F' || text[1] == 'd' || text[1] == 'D')) {
    char *end = nullptr;
    errno = 0;
    bits = std::strtoull(text.c_str() + 2, &end, 16);
    return errno == 0 && *end == '\0';
  }
  char *end = nullptr;
  errno = 0;
  bool decimalFloat = text.find_first_of(".eE") != std::string::npos &&
                      text.find_first_of("xX") == std::string::npos;
  if (isFloat && decimalFloat) {
    double value = std::strtod(text.c_str(), &end);
    if (errno != 0 || *end != '\0')
      return false;
    if (elementBytes == 4) {
      float single = static_cast<float>(value);
      uint32_t word;
      std::memcpy(&word, &single, 4);
      bits = word;
    } else {
      std::memcpy(&bits, &value, 8);
    }
    return true;
  }
  if (!text.empty() && text[0] == '-')
    bits = static_cast<uint64_t>(std::strtoll(text.c_str(), &end, 0));
  else
    bits = std::strtoull(text.c_str(), &end, 0);
  // A trailing U (an unsigned literal) is PTX's too.
  if (end && (*end == 'U' || *end == 'u'))
    ++end;
  return errno == 0 && end && *end == '\0' && !text.empty();
}

} // namespace

bool lmhead::runtime::emulator::initialBytes(const ptx::Variable &variable,
                                             std::vector<unsigned char> &bytes,
                                             std::string &error) {
  unsigned elementBytes = ptx::typeBytes(variable.type);
  bytes.assign(variable.bytes(), 0);
  if (variable.initializer.size() > variable.count) {
    error = "the initializer of '" + variable.name + "' has " +
            std::to_string(variable.initializer.size()) + " values for " +
            std::to_string(variable.count) + " elements";
    return false;
  }
  bool isFloat = variable.type[1] == 'f';
  for (std::size_t i = 0; i < variable.initializer.size(); ++i) {
    uint64_t bits = 0;
    if (!valueBits(variable.initializer[i], elementBytes, isFloat, bits)) {
      error = "the initializer of '" + variable.name + "' has '" +
              variable.initializer[i] +
              "', which the emulator does not read as a number (an address "
              "of another variable, say)";
      return false;
    }
    std::memcpy(bytes.data() + i * elementBytes, &bits, elementBytes);
  }
  return true;
}
