//===- EmulatorNvccPtxTest.cpp - instructions of nvcc's PTX ---------------===//
//
// Instructions that PTX from nvcc (CUTLASS's kernels, through the emulated
// libcuda.so.1) uses and LLVM's NVPTX backend does not, each checked on a
// hand-written kernel against values computed by hand.
//
//===----------------------------------------------------------------------===//

#include "EmulatorTestSupport.h"

#include <gtest/gtest.h>

#include <vector>

using namespace lmhead::runtime;
using namespace lmhead::runtime::emulator_test;

namespace {

TEST(EmulatorNvccPtxTest, BfiInsertsABitField) {
  std::vector<uint32_t> out(4, 0);
  std::vector<uint64_t> wide(1, 0);
  std::string error =
      run(kernel("\t.reg .b32 %r<9>;\n\t.reg .b64 %rd<4>;",
                 std::string(kPrologue) +
                     // 0xffffffff with bits 4..11 from 0xab: 0xfffffabf.
                     "\tbfi.b32 %r5, 0xab, 0xffffffff, 4, 8;\n"
                     "\tst.global.u32 [%rd1], %r5;\n"
                     // The field is cut at the width: bits 28..31 only.
                     "\tbfi.b32 %r6, 0x5, 0, 28, 16;\n"
                     "\tst.global.u32 [%rd1+4], %r6;\n"
                     // A length of 0, or a position past the width, keep b.
                     "\tbfi.b32 %r7, 0xff, 0x1234, 3, 0;\n"
                     "\tst.global.u32 [%rd1+8], %r7;\n"
                     "\tbfi.b32 %r8, 0xff, 0x1234, 40, 4;\n"
                     "\tst.global.u32 [%rd1+12], %r8;\n"
                     "\tret;"),
          out, 1, 1);
  ASSERT_EQ(error, "");
  EXPECT_EQ(out[0], 0xfffffabfu);
  EXPECT_EQ(out[1], 0x50000000u);
  EXPECT_EQ(out[2], 0x1234u);
  EXPECT_EQ(out[3], 0x1234u);
  error = run(kernel("\t.reg .b32 %r<5>;\n\t.reg .b64 %rd<6>;",
                     std::string(kPrologue) +
                         "\tbfi.b64 %rd4, 0x3, 0x100000000, 62, 2;\n"
                         "\tst.global.u64 [%rd1], %rd4;\n\tret;"),
              wide, 1, 1);
  ASSERT_EQ(error, "");
  EXPECT_EQ(wide[0], 0xc000000100000000ull);
}

// nvcc (like LLVM) spells tf32 mma as `.f32.tf32.tf32.f32`: A's rows are
// groupID and groupID + 8, B is all ones, so D's rows are 8 times the row.
TEST(EmulatorNvccPtxTest, MmaSyncTf32M16N8K8) {
  std::vector<float> out(32 * 4, -1.0f);
  std::string error = run(
      kernel("\t.reg .b32 %r<12>;\n\t.reg .f32 %f<12>;\n\t.reg .b64 %rd<6>;",
             std::string(kPrologue) +
                 "\tshr.u32 %r5, %r1, 2;\n"
                 "\tcvt.rn.f32.u32 %f1, %r5;\n"
                 "\tadd.f32 %f2, %f1, 0f41000000;\n"
                 "\tmov.b32 %r6, %f1;\n"
                 "\tmov.b32 %r7, %f2;\n"
                 "\tmov.b32 %r8, 0f3F800000;\n"
                 "\tmov.f32 %f7, 0f00000000;\n"
                 "\tmma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 "
                 "{%f3,%f4,%f5,%f6}, {%r6,%r7,%r6,%r7}, {%r8,%r8}, "
                 "{%f7,%f7,%f7,%f7};\n"
                 "\tmul.wide.u32 %rd4, %r1, 16;\n"
                 "\tadd.s64 %rd4, %rd1, %rd4;\n"
                 "\tst.global.v4.f32 [%rd4], {%f3,%f4,%f5,%f6};\n"
                 "\tret;"),
      out, 1, 32);
  ASSERT_EQ(error, "");
  for (unsigned lane = 0; lane < 32; ++lane) {
    float row = static_cast<float>(lane / 4);
    EXPECT_EQ(out[lane * 4 + 0], 8 * row) << lane;
    EXPECT_EQ(out[lane * 4 + 1], 8 * row) << lane;
    EXPECT_EQ(out[lane * 4 + 2], 8 * (row + 8)) << lane;
    EXPECT_EQ(out[lane * 4 + 3], 8 * (row + 8)) << lane;
  }
}

// CUTLASS's elect_one_sync: inline asm declaring both registers of an
// `elect.sync d|p` pair in its own scope.
TEST(EmulatorNvccPtxTest, ScopedPairDestinationsAreRenamed) {
  std::vector<uint32_t> out(32, 7);
  std::string error = run(kernel("\t.reg .b32 %r<8>;\n\t.reg .b64 %rd<4>;",
                                 std::string(kPrologue) +
                                     "\tmov.u32 %r5, 0;\n"
                                     "\tmov.u32 %r6, 0;\n"
                                     "\t{\n.reg .b32 %rx;\n.reg .pred %px;\n"
                                     "\telect.sync %rx|%px, 0xffffffff;\n"
                                     "@%px mov.s32 %r5, 1;\n"
                                     "\tmov.s32 %r6, %rx;\n}\n"
                                     "\tst.global.u32 [%rd2], %r5;\n\tret;"),
                          out, 1, 32);
  ASSERT_EQ(error, "");
  // One lane, the first, is elected.
  EXPECT_EQ(out[0], 1u);
  for (unsigned lane = 1; lane < 32; ++lane)
    EXPECT_EQ(out[lane], 0u) << lane;
}

} // namespace
