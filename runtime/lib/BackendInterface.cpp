//===- BackendInterface.cpp - what every Backend shares -------------------===//
//
// The out-of-line parts of Backend.h's interface, apart from the process's
// choice of backend (Backend.cpp), so that a library with one backend of
// its own (the emulated libcuda.so.1, driver/) links them alone.
//
//===----------------------------------------------------------------------===//

#include "Backend.h"

using namespace lmhead::runtime;

Backend::~Backend() = default;

std::string LaunchDims::describe() const {
  auto triple = [](const unsigned (&v)[3]) {
    return "(" + std::to_string(v[0]) + "," + std::to_string(v[1]) + "," +
           std::to_string(v[2]) + ")";
  };
  std::string text = "grid " + triple(grid) + " block " + triple(block);
  if (hasClusters())
    text += " cluster " + triple(cluster);
  return text + " shared " + std::to_string(sharedBytes) + " B";
}
