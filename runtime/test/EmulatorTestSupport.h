//===- EmulatorTestSupport.h - running hand-written PTX in tests -*- C++
//-*-===//
//
// The pieces the emulator's tests share: a kernel skeleton taking one
// pointer, a launcher that returns the emulator's report, the usual
// prologue computing each thread's element address, and f16 bits.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_RUNTIME_TEST_EMULATORTESTSUPPORT_H
#define LMHEAD_RUNTIME_TEST_EMULATORTESTSUPPORT_H

#include "emulator/Interpreter.h"
#include "emulator/Ptx.h"
#include "emulator/TensorMap.h"

#include <cstring>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace lmhead::runtime::emulator_test {

/// A module header and a kernel taking one pointer parameter.
inline std::string kernel(const std::string &registers, const std::string &body,
                          const std::string &extra = "") {
  return ".version 8.0\n.target sm_90a\n.address_size 64\n" + extra +
         ".visible .entry k(\n\t.param .u64 .ptr .align 1 k_param_0\n)\n{\n" +
         registers + "\n" + body + "\n}\n";
}

/// Runs the single kernel of `ptx` on `buffer` with the given geometry
/// (`cluster` blocks per cluster along x, the clusters on `hostThreads`
/// host threads); returns the error ("" on success), and the counts in
/// `stats` when given.
template <typename T>
std::string run(const std::string &ptx, std::vector<T> &buffer, unsigned blocks,
                unsigned threads, bool checkUninitializedShared = false,
                unsigned cluster = 1, unsigned hostThreads = 1,
                emulator::LaunchStats *stats = nullptr,
                bool programmatic = false) {
  std::string error;
  std::optional<ptx::Module> module = ptx::parse(ptx, error);
  if (!module)
    return "parse: " + error;
  emulator::LaunchRequest request;
  request.grid[0] = blocks;
  request.block[0] = threads;
  request.cluster[0] = cluster;
  void *pointer = buffer.data();
  void *params[] = {&pointer};
  request.params = params;
  request.checkUninitializedShared = checkUninitializedShared;
  request.hostThreads = hostThreads;
  request.programmatic = programmatic;
  auto start = reinterpret_cast<uint64_t>(buffer.data());
  uint64_t bytes = buffer.size() * sizeof(T);
  request.isGlobal = [=](uint64_t address, uint64_t size) {
    return address >= start && address + size <= start + bytes;
  };
  if (!emulator::runKernel(*module, module->functions.front(), request, error,
                           stats))
    return error;
  return "";
}

/// Loads the pointer parameter into %rd1 and this thread's element address
/// (4-byte elements, index ctaid.x * ntid.x + tid.x) into %rd2.
inline constexpr char kPrologue[] = "\tld.param.u64 %rd1, [k_param_0];\n"
                                    "\tcvta.to.global.u64 %rd1, %rd1;\n"
                                    "\tmov.u32 %r1, %tid.x;\n"
                                    "\tmov.u32 %r2, %ctaid.x;\n"
                                    "\tmov.u32 %r3, %ntid.x;\n"
                                    "\tmad.lo.s32 %r4, %r2, %r3, %r1;\n"
                                    "\tmul.wide.u32 %rd3, %r4, 4;\n"
                                    "\tadd.s64 %rd2, %rd1, %rd3;\n";

/// f16 bits of a small integer (exact in f16).
inline uint16_t half(int value) {
  if (value == 0)
    return 0;
  uint16_t sign = value < 0 ? 0x8000 : 0;
  unsigned magnitude = static_cast<unsigned>(value < 0 ? -value : value);
  int exponent = 31 - __builtin_clz(magnitude);
  unsigned mantissa = (magnitude << (10 - exponent)) & 0x3ff;
  return static_cast<uint16_t>(sign | ((exponent + 15) << 10) | mantissa);
}

/// Writes to buffer[0..31] the tensor map the TMA tests read: the 16x32
/// f32 tensor at buffer[32..543] as one 32x16 box with the 128-byte
/// swizzle.
inline void writeSwizzledF32Map(std::vector<uint32_t> &buffer) {
  emulator::TensorMap map;
  map.dataType = 7; // FLOAT32
  map.rank = 2;
  map.swizzle = 3; // 128B
  map.globalAddress = reinterpret_cast<uint64_t>(&buffer[32]);
  map.globalDim[0] = 32;
  map.globalDim[1] = 16;
  map.globalStrides[0] = 128;
  map.boxDim[0] = 32;
  map.boxDim[1] = 16;
  map.elementStrides[0] = map.elementStrides[1] = 1;
  std::memcpy(buffer.data(), &map, sizeof(map));
}

} // namespace lmhead::runtime::emulator_test

#endif // LMHEAD_RUNTIME_TEST_EMULATORTESTSUPPORT_H
