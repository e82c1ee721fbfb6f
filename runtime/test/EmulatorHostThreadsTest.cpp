//===- EmulatorHostThreadsTest.cpp - clusters on several host threads ----===//
//
// A launch's clusters run on LaunchRequest::hostThreads host threads when
// they cannot see each other's progress. These cases hold that to what a
// run on one thread gives: the same memory and counts, the same error (the
// first failing block in grid order), and kernels with global atomics kept
// on one thread, where their read-modify-writes stay whole.
//
//===----------------------------------------------------------------------===//

#include "EmulatorTestSupport.h"

#include <gtest/gtest.h>

using namespace lmhead::runtime;
using namespace lmhead::runtime::emulator_test;

namespace {

constexpr char kRegisters[] = "\t.reg .pred %p<3>;\n\t.reg .b32 %r<12>;\n"
                              "\t.reg .b64 %rd<6>;";

/// Each thread stores (i · i) xor ctaid.x after a loop of i % 7 rounds of
/// arithmetic, so blocks take different times.
std::string storingKernel() {
  return kernel(kRegisters, std::string(kPrologue) +
                                "\tmul.lo.s32 %r5, %r4, %r4;\n"
                                "\trem.u32 %r6, %r4, 7;\n"
                                "\tmov.u32 %r7, 0;\n"
                                "$L_loop:\n"
                                "\tsetp.ge.u32 %p1, %r7, %r6;\n"
                                "\t@%p1 bra $L_done;\n"
                                "\tadd.s32 %r5, %r5, 3;\n"
                                "\tsub.s32 %r5, %r5, 3;\n"
                                "\tadd.s32 %r7, %r7, 1;\n"
                                "\tbra $L_loop;\n"
                                "$L_done:\n"
                                "\txor.b32 %r5, %r5, %r2;\n"
                                "\tst.global.u32 [%rd2], %r5;\n"
                                "\tret;");
}

TEST(EmulatorHostThreads, ClustersOnFourThreadsGiveWhatOneGives) {
  constexpr unsigned kBlocks = 64, kThreads = 96;
  std::vector<uint32_t> serial(kBlocks * kThreads, 0xffffffffu);
  std::vector<uint32_t> parallel(serial);
  emulator::LaunchStats one, four;
  ASSERT_EQ(run(storingKernel(), serial, kBlocks, kThreads, false, 1, 1, &one),
            "");
  ASSERT_EQ(
      run(storingKernel(), parallel, kBlocks, kThreads, false, 1, 4, &four),
      "");
  for (uint32_t i = 0; i < serial.size(); ++i)
    ASSERT_EQ(serial[i], (i * i) ^ (i / kThreads)) << "element " << i;
  EXPECT_EQ(parallel, serial);
  EXPECT_EQ(four.warpInstructions, one.warpInstructions);
  EXPECT_EQ(four.laneInstructions, one.laneInstructions);
}

TEST(EmulatorHostThreads, TheFirstFailingBlockInGridOrderIsReported) {
  // Room for 5 blocks of 32: blocks 5 to 39 store out of bounds, whichever
  // thread runs them first.
  for (int attempt = 0; attempt < 10; ++attempt) {
    std::vector<uint32_t> buffer(5 * 32, 0);
    std::string error = run(storingKernel(), buffer, 40, 32, false, 1, 4);
    ASSERT_NE(error.find("out-of-bounds global store"), std::string::npos)
        << error;
    EXPECT_NE(error.find("block (5,0,0) thread (0,0,0)"), std::string::npos)
        << error;
  }
}

TEST(EmulatorHostThreads, GlobalAtomicsKeepTheBlocksOnOneThread) {
  // Every thread adds 1 to one counter 40 times: on threads of their own,
  // the blocks' read-modify-writes would interleave and lose updates.
  std::string ptx = kernel(kRegisters, "\tld.param.u64 %rd1, [k_param_0];\n"
                                       "\tcvta.to.global.u64 %rd1, %rd1;\n"
                                       "\tmov.u32 %r1, 0;\n"
                                       "$L_loop:\n"
                                       "\tatom.global.add.u32 %r2, [%rd1], 1;\n"
                                       "\tadd.s32 %r1, %r1, 1;\n"
                                       "\tsetp.lt.u32 %p1, %r1, 40;\n"
                                       "\t@%p1 bra $L_loop;\n"
                                       "\tret;");
  std::vector<uint32_t> counter(1, 0);
  ASSERT_EQ(run(ptx, counter, 64, 128, false, 1, 4), "");
  EXPECT_EQ(counter[0], 64u * 128u * 40u);
}

} // namespace
