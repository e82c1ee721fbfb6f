//===- EmulatorTest.cpp - the PTX front end and interpreter, instruction by
// instruction
//===//
//
// Hand-written PTX kernels, each checking one behaviour against values
// computed by hand: thread indexing, divergence and reconvergence, barriers
// with shared memory, warp shuffles, conversions with their rounding,
// atomics, and every check that must stop a launch (out of bounds,
// misaligned, divergent barrier).
//
//===----------------------------------------------------------------------===//

#include "EmulatorTestSupport.h"
#include "emulator/TensorMap.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <vector>

using namespace lmhead::runtime;
using namespace lmhead::runtime::emulator_test;
using ::testing::HasSubstr;

namespace {

TEST(PtxParserTest, ReadsWhatNvptxWrites) {
  std::string error;
  std::optional<ptx::Module> module = ptx::parse(
      kernel("\t.reg .pred %p<2>;\n\t.reg .b32 %r<5>;\n\t.reg .b64 %rd<4>;",
             std::string(kPrologue) +
                 "$L__BB0_1:\n\t@!%p1 bra $L__BB0_1;\n"
                 "\tst.global.v2.f32 [%rd2+8], {%r1, %r2};\n"
                 "\tret;"),
      error);
  ASSERT_TRUE(module) << error;
  EXPECT_EQ(module->target, "sm_90a");
  ASSERT_EQ(module->functions.size(), 1u);
  const ptx::Function &k = module->functions.front();
  EXPECT_TRUE(k.isEntry);
  ASSERT_EQ(k.params.size(), 1u);
  EXPECT_EQ(k.params[0].name, "k_param_0");
  EXPECT_EQ(k.params[0].bytes(), 8u);
  ASSERT_EQ(k.registers.size(), 3u);
  EXPECT_EQ(k.registers[1].prefix, "%r");
  EXPECT_EQ(k.registers[1].count, 5u);
  EXPECT_EQ(k.labels.at("$L__BB0_1"), 8u);
  const ptx::Instruction &branch = k.body[8];
  EXPECT_EQ(branch.guard, "%p1");
  EXPECT_TRUE(branch.guardNegated);
  EXPECT_EQ(branch.opcode, "bra");
  const ptx::Instruction &store = k.body[9];
  EXPECT_EQ(store.opcode, "st");
  EXPECT_EQ(store.modifiers, (std::vector<std::string>{"global", "v2", "f32"}));
  EXPECT_EQ(store.operands[0].kind, ptx::Operand::Kind::Address);
  EXPECT_EQ(store.operands[0].offset, 8);
  EXPECT_EQ(store.operands[1].kind, ptx::Operand::Kind::Vector);
}

TEST(PtxParserTest, ErrorsNameTheLine) {
  std::string error;
  EXPECT_FALSE(
      ptx::parse(kernel("\t.reg .b32 %r<2>;", "\tadd.s32 %r1 %r1, 1;"), error));
  EXPECT_EQ(error, "line 9: expected ',' or ';' after an operand (in `add.s32 "
                   "%r1 %r1, 1;`)");
  EXPECT_FALSE(ptx::parse(".version 8.0\n.target sm_90\n.texref t;\n", error));
  EXPECT_THAT(error, HasSubstr("line 3: unsupported directive '.texref'"));
}

TEST(PtxParserTest, RegisterDeclarationsAreBounded) {
  // A hostile count must not make the emulator allocate a register file of
  // gigabytes (the PTX fuzzer found `%r<8399...>`); LLVM's kernels declare
  // a few thousand.
  std::string error;
  EXPECT_FALSE(
      ptx::parse(kernel("\t.reg .b32 %r<8399999999999999>;", "\tret;"), error));
  EXPECT_THAT(error, HasSubstr("the function declares more than 16384 "
                               "registers (%r<8399999999999999> among them)"));
  // The total counts: two declarations of 10000 are too many together.
  EXPECT_FALSE(ptx::parse(
      kernel("\t.reg .b32 %r<10000>;\n\t.reg .b64 %rd<10000>;", "\tret;"),
      error));
  EXPECT_THAT(error, HasSubstr("more than 16384 registers (%rd<10000>"));
  EXPECT_TRUE(ptx::parse(
      kernel("\t.reg .b32 %r<8000>;\n\t.reg .b64 %rd<8000>;", "\tret;"), error))
      << error;
}

TEST(PtxParserTest, LineDirectivesEndWithTheirLine) {
  // .loc and .file have no ';' (Triton's PTX has them before most
  // instructions, some with an inlining context): the instruction on the
  // next line is still read.
  std::string error;
  std::optional<ptx::Module> module = ptx::parse(
      ".version 8.8\n.target sm_80\n.address_size 64\n"
      ".file 1 \"mm.py\"\n"
      ".visible .entry k(\n\t.param .u64 .ptr .global .align 1 k_param_0\n)\n"
      "{\n\t.reg .b32 %r<4>;\n"
      "\t.loc\t1 7 13 // mm.py:7:13\n"
      "\tmov.u32 %r1, %tid.x;\n"
      "\t.loc\t2 43 13, function_name $L__info_string0, inlined_at 1 10 23\n"
      "\tadd.s32 %r2, %r1, 31;\n"
      "\t.pragma \"nounroll\";\n"
      "\tret;\n}\n"
      ".file 2 \"standard.py\"\n",
      error);
  ASSERT_TRUE(module) << error;
  const ptx::Function &k = module->functions.front();
  ASSERT_EQ(k.body.size(), 3u);
  EXPECT_EQ(k.body[0].opcode, "mov");
  EXPECT_EQ(k.body[1].opcode, "add");
  EXPECT_EQ(k.body[2].opcode, "ret");
}

TEST(PtxParserTest, InitializedGlobalsAreRead) {
  // NVPTX writes __nvvm_reflect's strings as initialized globals; they are
  // read (a kernel that addresses one is refused, naming it).
  std::string error;
  std::optional<ptx::Module> module = ptx::parse(
      ".version 8.8\n.target sm_80\n.address_size 64\n"
      ".global .align 1 .b8 _$_str[11] = {95, 95, 67, 85, 68, 65, 95, 70, "
      "84, 90};\n"
      ".global .u32 seven = 7;\n"
      ".global .s32 pairs[2][2] = {{1, -2}, {3, 4}};\n",
      error);
  ASSERT_TRUE(module) << error;
  ASSERT_EQ(module->globals.size(), 3u);
  EXPECT_EQ(module->globals[0].count, 11u);
  EXPECT_EQ(module->globals[0].initializer.size(), 10u);
  EXPECT_EQ(module->globals[1].initializer, (std::vector<std::string>{"7"}));
  EXPECT_EQ(module->globals[2].initializer,
            (std::vector<std::string>{"1", "-2", "3", "4"}));
  EXPECT_FALSE(ptx::parse(".version 8.8\n.target sm_80\n"
                          ".global .u32 x = {1, ;\n",
                          error));
  EXPECT_THAT(error, HasSubstr("expected a value in the initializer of 'x'"));

  std::vector<uint32_t> out(1, 0);
  EXPECT_THAT(
      run(kernel("\t.reg .b64 %rd<2>;", "\tmov.u64 %rd1, seven;\n\tret;",
                 ".global .u32 seven = 7;\n"),
          out, 1, 1),
      HasSubstr("unknown symbol seven"));
}

TEST(EmulatorTest, ParametersHaveAGenericAddress) {
  // cvta.param gives a parameter a generic address (how Triton reads a
  // tensor map it takes by value); a generic load reads it, a store is
  // refused.
  std::vector<uint32_t> out(2, 0);
  std::string body = std::string(kPrologue) +
                     "\tmov.u64 %rd3, k_param_0;\n"
                     "\tcvta.param.u64 %rd3, %rd3;\n"
                     "\tld.u64 %rd4, [%rd3];\n"
                     "\tcvta.to.global.u64 %rd4, %rd4;\n"
                     "\tsetp.eq.u64 %p1, %rd4, %rd1;\n"
                     "\tselp.u32 %r1, 7, 9, %p1;\n"
                     "\tst.global.u32 [%rd1+4], %r1;\n";
  std::string registers =
      "\t.reg .pred %p<2>;\n\t.reg .b32 %r<5>;\n\t.reg .b64 %rd<5>;";
  ASSERT_EQ(run(kernel(registers, body + "\tret;"), out, 1, 1), "");
  EXPECT_EQ(out[1], 7u);
  EXPECT_THAT(
      run(kernel(registers, body + "\tst.u64 [%rd3], %rd4;\n\tret;"), out, 1,
          1),
      HasSubstr("a store into the kernel's parameters, which are read only"));
}

TEST(EmulatorTest, AScalarMayBeNamedInBraces) {
  // `ld.global.b16 { %rs1 }` as Triton writes it: each thread doubles the
  // low half of its word and stores it back as a half too.
  std::vector<uint32_t> out = {3, 5, 0x10007, 11};
  std::string error =
      run(kernel("\t.reg .b16 %rs<3>;\n\t.reg .b32 %r<5>;\n\t.reg .b64 %rd<4>;",
                 std::string(kPrologue) +
                     "\tld.global.b16 { %rs1 }, [%rd2];\n"
                     "\tadd.s16 %rs2, %rs1, %rs1;\n"
                     "\tst.global.b16 [%rd2], { %rs2 };\n\tret;"),
          out, 1, 4);
  ASSERT_EQ(error, "");
  EXPECT_EQ(out, (std::vector<uint32_t>{6, 10, 0x1000e, 22}));
}

TEST(EmulatorTest, ThreadsSeeTheirIndices) {
  std::vector<uint32_t> out(3 * 40, 0);
  std::string error = run(
      kernel("\t.reg .b32 %r<5>;\n\t.reg .b64 %rd<4>;",
             std::string(kPrologue) + "\tst.global.u32 [%rd2], %r4;\n\tret;"),
      out, 3, 40);
  ASSERT_EQ(error, "");
  for (uint32_t i = 0; i < out.size(); ++i)
    EXPECT_EQ(out[i], i);
}

TEST(EmulatorTest, DivergedLanesReconverge) {
  // Odd lanes take one side, even lanes the other; all write after the join.
  std::vector<uint32_t> out(32, 0);
  std::string error =
      run(kernel("\t.reg .pred %p<2>;\n\t.reg .b32 %r<7>;\n\t.reg .b64 %rd<4>;",
                 std::string(kPrologue) + "\tand.b32 %r5, %r1, 1;\n"
                                          "\tsetp.eq.s32 %p1, %r5, 0;\n"
                                          "\t@%p1 bra $EVEN;\n"
                                          "\tmov.u32 %r6, 100;\n"
                                          "\tbra.uni $JOIN;\n"
                                          "$EVEN:\n"
                                          "\tmov.u32 %r6, 200;\n"
                                          "$JOIN:\n"
                                          "\tadd.s32 %r6, %r6, %r1;\n"
                                          "\tst.global.u32 [%rd2], %r6;\n"
                                          "\tret;"),
          out, 1, 32);
  ASSERT_EQ(error, "");
  for (uint32_t i = 0; i < 32; ++i)
    EXPECT_EQ(out[i], (i % 2 ? 100u : 200u) + i);
}

TEST(EmulatorTest, BarrierOrdersSharedMemoryAcrossWarps) {
  // 64 threads (two warps) reverse an array through shared memory.
  std::vector<uint32_t> out(64, 0);
  std::string error =
      run(kernel("\t.reg .b32 %r<9>;\n\t.reg .b64 %rd<6>;\n"
                 "\t.shared .align 4 .b8 buffer[256];",
                 std::string(kPrologue) + "\tmov.u64 %rd4, buffer;\n"
                                          "\tmul.wide.u32 %rd5, %r1, 4;\n"
                                          "\tadd.s64 %rd5, %rd4, %rd5;\n"
                                          "\tst.shared.u32 [%rd5], %r1;\n"
                                          "\tbar.sync 0;\n"
                                          "\tsub.s32 %r5, 63, %r1;\n"
                                          "\tmul.wide.u32 %rd5, %r5, 4;\n"
                                          "\tadd.s64 %rd5, %rd4, %rd5;\n"
                                          "\tld.shared.u32 %r6, [%rd5];\n"
                                          "\tst.global.u32 [%rd2], %r6;\n"
                                          "\tret;"),
          out, 1, 64);
  ASSERT_EQ(error, "");
  for (uint32_t i = 0; i < 64; ++i)
    EXPECT_EQ(out[i], 63 - i);
}

TEST(EmulatorTest, ButterflyShufflesSumAWarp) {
  std::vector<uint32_t> out(32, 0);
  std::string body = std::string(kPrologue) + "\tmov.u32 %r5, %r1;\n";
  for (int offset : {16, 8, 4, 2, 1})
    body += "\tshfl.sync.bfly.b32 %r6, %r5, " + std::to_string(offset) +
            ", 31, -1;\n\tadd.s32 %r5, %r5, %r6;\n";
  body += "\tst.global.u32 [%rd2], %r5;\n\tret;";
  std::string error =
      run(kernel("\t.reg .b32 %r<7>;\n\t.reg .b64 %rd<4>;", body), out, 1, 32);
  ASSERT_EQ(error, "");
  for (uint32_t i = 0; i < 32; ++i)
    EXPECT_EQ(out[i], 31u * 32u / 2u);
}

TEST(EmulatorTest, LoadsInFlightAreCountedUntilFirstUse) {
  // Each thread loads a 16-byte vector whose last two elements go to sinks,
  // then a 4-byte word, before it reads either: 20 bytes a lane, 640 a
  // warp, in flight together. The sinks have no register to wait on.
  std::vector<uint32_t> out(32 * 4, 7);
  std::string body =
      std::string(kPrologue) +
      "\tmul.wide.u32 %rd3, %r4, 16;\n\tadd.s64 %rd3, %rd1, %rd3;\n"
      "\tld.global.v4.b32 {%r5, %r6, _, _}, [%rd3];\n"
      "\tld.global.b32 %r7, [%rd3+8];\n"
      "\tadd.s32 %r5, %r5, %r6;\n\tadd.s32 %r5, %r5, %r7;\n"
      "\tst.global.v4.b32 [%rd3], {%r5, %r5, %r5, %r5};\n\tret;";
  emulator::LaunchStats stats;
  std::string error =
      run(kernel("\t.reg .b32 %r<8>;\n\t.reg .b64 %rd<4>;", body), out, 1, 32,
          false, 1, 1, &stats);
  ASSERT_EQ(error, "");
  EXPECT_EQ(out[0], 21u);
  EXPECT_EQ(stats.globalTraffic.maxWarpBytesInFlight, 32u * 20);
  // One 32-bit load a thread; the vectors are 128-bit accesses.
  EXPECT_EQ(stats.globalTraffic.maxNarrowAccessesPerThread, 1u);
  EXPECT_EQ(stats.globalTraffic.accessesByWidth[4], 2u * 32);
}

TEST(EmulatorTest, ConversionsRoundToNearestEven) {
  // f32 1 + 2^-11 lies halfway between two f16 values: the tie goes to the
  // even one (1.0); 1 + 3·2^-11, halfway too, goes up to the even 1 + 2^-9.
  // bf16 keeps 8 bits: 1 + 2^-8 ties to 1.0.
  std::vector<uint32_t> out(6, 0);
  std::string error =
      run(kernel("\t.reg .b16 %h<4>;\n\t.reg .b32 %r<8>;\n\t.reg .b64 %rd<4>;",
                 std::string(kPrologue) + "\tcvt.rn.f16.f32 %h1, 0f3F801000;\n"
                                          "\tcvt.rn.f16.f32 %h2, 0f3F803000;\n"
                                          "\tcvt.rn.bf16.f32 %h3, 0f3F808000;\n"
                                          "\tcvt.u32.u16 %r5, %h1;\n"
                                          "\tcvt.u32.u16 %r6, %h2;\n"
                                          "\tcvt.u32.u16 %r7, %h3;\n"
                                          "\tst.global.u32 [%rd1], %r5;\n"
                                          "\tst.global.u32 [%rd1+4], %r6;\n"
                                          "\tst.global.u32 [%rd1+8], %r7;\n"
                                          "\tcvt.f32.f16 %r5, %h2;\n"
                                          "\tst.global.f32 [%rd1+12], %r5;\n"
                                          "\tcvt.rzi.s32.f32 %r6, 0fC0600000;\n"
                                          "\tst.global.s32 [%rd1+16], %r6;\n"
                                          "\tcvt.rn.f32.s32 %r7, -3;\n"
                                          "\tst.global.f32 [%rd1+20], %r7;\n"
                                          "\tret;"),
          out, 1, 1);
  ASSERT_EQ(error, "");
  EXPECT_EQ(out[0], 0x3c00u); // 1.0 in f16
  EXPECT_EQ(out[1], 0x3c02u); // 1 + 2^-9
  EXPECT_EQ(out[2], 0x3f80u); // 1.0 in bf16
  float value;
  std::memcpy(&value, &out[3], 4);
  EXPECT_EQ(value, 1.0f + 2.0f / 1024.0f);
  EXPECT_EQ(static_cast<int32_t>(out[4]), -3); // -3.5 truncated
  std::memcpy(&value, &out[5], 4);
  EXPECT_EQ(value, -3.0f);
}

TEST(EmulatorTest, PackedHalvesComputeLaneByLane) {
  // {1.5, -2} + {0.25, 4} = {1.75, 2} in f16x2; fma on bf16x2; packing two
  // f32 with cvt.rn.f16x2.f32 puts the first source in the upper half.
  std::vector<uint32_t> out(3, 0);
  std::string error =
      run(kernel("\t.reg .b32 %r<9>;\n\t.reg .b64 %rd<4>;",
                 std::string(kPrologue) +
                     "\tmov.b32 %r5, 0xC0003E00;\n" // {-2, 1.5} (hi, lo)
                     "\tmov.b32 %r6, 0x44003400;\n" // {4, 0.25}
                     "\tadd.rn.f16x2 %r7, %r5, %r6;\n"
                     "\tst.global.u32 [%rd1], %r7;\n"
                     "\tmov.b32 %r5, 0x40003F80;\n" // bf16 {2, 1}
                     "\tfma.rn.bf16x2 %r7, %r5, %r5, %r5;\n"
                     "\tst.global.u32 [%rd1+4], %r7;\n"
                     "\tcvt.rn.f16x2.f32 %r8, 0f3F800000, 0f40000000;\n"
                     "\tst.global.u32 [%rd1+8], %r8;\n"
                     "\tret;"),
          out, 1, 1);
  ASSERT_EQ(error, "");
  EXPECT_EQ(out[0], 0x40003F00u); // {2, 1.75}
  EXPECT_EQ(out[1], 0x40C04000u); // bf16 {2·2 + 2, 1·1 + 1} = {6, 2}
  EXPECT_EQ(out[2], 0x3C004000u); // {1 (hi), 2 (lo)}
}

TEST(EmulatorTest, DirectedRoundingModesRoundTheRightWay) {
  // 1/3 and 1 + 2^-30 are not f32 values: .rz and .rm go down, .rp up,
  // .rn to the nearest, and -1/3 with .rz goes toward zero.
  std::vector<float> out(7, 0);
  std::string error =
      run(kernel("\t.reg .b32 %f<9>;\n\t.reg .b32 %r<5>;\n\t.reg .b64 %rd<4>;",
                 std::string(kPrologue) +
                     "\tdiv.rz.f32 %f1, 0f3F800000, 0f40400000;\n"
                     "\tdiv.rp.f32 %f2, 0f3F800000, 0f40400000;\n"
                     "\tdiv.rn.f32 %f3, 0f3F800000, 0f40400000;\n"
                     "\tadd.rp.f32 %f4, 0f3F800000, 0f30800000;\n"
                     "\tadd.rm.f32 %f5, 0f3F800000, 0f30800000;\n"
                     "\tdiv.rz.f32 %f6, 0fBF800000, 0f40400000;\n"
                     "\tfma.rp.f32 %f7, 0f3F800000, 0f3F800000, 0f30800000;\n"
                     "\tst.global.v4.f32 [%rd1], {%f1, %f2, %f3, %f4};\n"
                     "\tst.global.f32 [%rd1+16], %f5;\n"
                     "\tst.global.f32 [%rd1+20], %f6;\n"
                     "\tst.global.f32 [%rd1+24], %f7;\n"
                     "\tret;"),
          out, 1, 1);
  ASSERT_EQ(error, "");
  // The f32 nearest to 1/3 lies above it (0x3EAAAAAB).
  float third = 1.0f / 3.0f, below = std::nextafter(third, 0.0f);
  EXPECT_EQ(out[0], below);
  EXPECT_EQ(out[1], third);
  EXPECT_EQ(out[2], third);
  EXPECT_EQ(out[3], std::nextafter(1.0f, 2.0f)); // 1 + 2^-30 up
  EXPECT_EQ(out[4], 1.0f);                       // ... and down
  EXPECT_EQ(out[5], -below);                     // toward zero
  EXPECT_EQ(out[6], std::nextafter(1.0f, 2.0f)); // fma rounds once, up
}

TEST(EmulatorTest, DirectedRoundingReachesHalfPrecision) {
  // 1 + 2^-11 lies halfway between the f16 values 1 and 1 + 2^-10: .rn and
  // .rz give 1, .rp gives 1 + 2^-10; negated, .rm gives -(1 + 2^-10). The
  // packed form rounds each half its own way.
  std::vector<uint32_t> out(5, 0);
  std::string error =
      run(kernel("\t.reg .b16 %h<8>;\n\t.reg .b32 %r<9>;\n\t.reg .b64 %rd<4>;",
                 std::string(kPrologue) +
                     "\tmov.b16 %h1, 0x3C00;\n" // 1
                     "\tmov.b16 %h2, 0x1000;\n" // 2^-11
                     "\tmov.b16 %h3, 0xBC00;\n" // -1
                     "\tmov.b16 %h4, 0x9000;\n" // -2^-11
                     "\tadd.rn.f16 %h5, %h1, %h2;\n"
                     "\tadd.rz.f16 %h6, %h1, %h2;\n"
                     "\tadd.rp.f16 %h7, %h1, %h2;\n"
                     "\tcvt.u32.u16 %r5, %h5;\n"
                     "\tcvt.u32.u16 %r6, %h6;\n"
                     "\tcvt.u32.u16 %r7, %h7;\n"
                     "\tst.global.u32 [%rd1], %r5;\n"
                     "\tst.global.u32 [%rd1+4], %r6;\n"
                     "\tst.global.u32 [%rd1+8], %r7;\n"
                     "\tadd.rm.f16 %h5, %h3, %h4;\n"
                     "\tcvt.u32.u16 %r5, %h5;\n"
                     "\tst.global.u32 [%rd1+12], %r5;\n"
                     "\tmov.b32 %r6, 0x3C003C00;\n" // {1, 1}
                     "\tmov.b32 %r7, 0x10001000;\n" // {2^-11, 2^-11}
                     "\tadd.rp.f16x2 %r8, %r6, %r7;\n"
                     "\tst.global.u32 [%rd1+16], %r8;\n"
                     "\tret;"),
          out, 1, 1);
  ASSERT_EQ(error, "");
  EXPECT_EQ(out[0], 0x3C00u);
  EXPECT_EQ(out[1], 0x3C00u);
  EXPECT_EQ(out[2], 0x3C01u);
  EXPECT_EQ(out[3], 0xBC01u);
  EXPECT_EQ(out[4], 0x3C013C01u);
}

TEST(EmulatorTest, DirectedRoundingReachesDoublePrecision) {
  // 1/3 in f64: the nearest double lies below it, so .rp moves up one ulp
  // and .rz stays; 1 + 2^-60 rounds up only with .rp.
  std::vector<double> out(4, 0);
  std::string error = run(
      kernel("\t.reg .b64 %fd<5>;\n\t.reg .b32 %r<5>;\n\t.reg .b64 %rd<4>;",
             std::string(kPrologue) +
                 "\tdiv.rz.f64 %fd1, 0d3FF0000000000000, 0d4008000000000000;\n"
                 "\tdiv.rp.f64 %fd2, 0d3FF0000000000000, 0d4008000000000000;\n"
                 "\tadd.rp.f64 %fd3, 0d3FF0000000000000, 0d3C30000000000000;\n"
                 "\tadd.rm.f64 %fd4, 0d3FF0000000000000, 0d3C30000000000000;\n"
                 "\tst.global.v2.f64 [%rd1], {%fd1, %fd2};\n"
                 "\tst.global.v2.f64 [%rd1+16], {%fd3, %fd4};\n"
                 "\tret;"),
      out, 1, 1);
  ASSERT_EQ(error, "");
  double third = 1.0 / 3.0;
  EXPECT_EQ(out[0], third);
  EXPECT_EQ(out[1], std::nextafter(third, 1.0));
  EXPECT_EQ(out[2], std::nextafter(1.0, 2.0));
  EXPECT_EQ(out[3], 1.0);
}

TEST(EmulatorTest, AtomicsCountEveryThread) {
  std::vector<uint32_t> out(1, 0);
  std::string error =
      run(kernel("\t.reg .b32 %r<6>;\n\t.reg .b64 %rd<4>;",
                 std::string(kPrologue) +
                     "\tatom.global.add.u32 %r5, [%rd1], 1;\n\tret;"),
          out, 4, 96);
  ASSERT_EQ(error, "");
  EXPECT_EQ(out[0], 4u * 96u);
}

TEST(EmulatorTest, FloatArithmeticFollowsIeee) {
  std::vector<float> out(4, 0);
  std::string error =
      run(kernel("\t.reg .b32 %f<8>;\n\t.reg .b32 %r<5>;\n\t.reg .b64 %rd<4>;",
                 std::string(kPrologue) +
                     "\tfma.rn.f32 %f1, 0f40000000, 0f40400000, 0f3F800000;\n"
                     "\tst.global.f32 [%rd1], %f1;\n"
                     "\tdiv.rn.f32 %f2, 0f3F800000, 0f40400000;\n"
                     "\tst.global.f32 [%rd1+4], %f2;\n"
                     "\tmax.f32 %f3, 0fC0000000, 0f7FC00000;\n"
                     "\tst.global.f32 [%rd1+8], %f3;\n"
                     "\tex2.approx.f32 %f4, 0f40400000;\n"
                     "\tst.global.f32 [%rd1+12], %f4;\n"
                     "\tret;"),
          out, 1, 1);
  ASSERT_EQ(error, "");
  EXPECT_EQ(out[0], 7.0f);
  EXPECT_EQ(out[1], 1.0f / 3.0f);
  EXPECT_EQ(out[2], -2.0f); // max ignores a NaN operand
  EXPECT_EQ(out[3], 8.0f);
}

TEST(EmulatorTest, InvalidOperandsGiveTheCanonicalNaN) {
  // The GPU's NaN is 0x7fffffff whatever the host's libm gives (glibc's
  // log2 of a negative number is -NaN since 2.29, +NaN before); negation
  // only flips the sign bit of its operand's NaN.
  std::vector<uint32_t> out(5, 0);
  std::string error =
      run(kernel("\t.reg .b32 %f<8>;\n\t.reg .b32 %r<5>;\n\t.reg .b64 %rd<4>;",
                 std::string(kPrologue) + "\tlg2.approx.f32 %f1, 0fC0000000;\n"
                                          "\tst.global.f32 [%rd1], %f1;\n"
                                          "\tsqrt.rn.f32 %f2, 0fBF800000;\n"
                                          "\tst.global.f32 [%rd1+4], %f2;\n"
                                          "\tex2.approx.f32 %f3, 0fFFC00000;\n"
                                          "\tst.global.f32 [%rd1+8], %f3;\n"
                                          "\tlg2.approx.f32 %f4, 0f40800000;\n"
                                          "\tst.global.f32 [%rd1+12], %f4;\n"
                                          "\tneg.f32 %f5, 0f7FC00000;\n"
                                          "\tst.global.f32 [%rd1+16], %f5;\n"
                                          "\tret;"),
          out, 1, 1);
  ASSERT_EQ(error, "");
  EXPECT_EQ(out[0], 0x7fffffffu); // lg2 of -2
  EXPECT_EQ(out[1], 0x7fffffffu); // sqrt of -1
  EXPECT_EQ(out[2], 0x7fffffffu); // ex2 of a negative NaN
  EXPECT_EQ(out[3], 0x40000000u); // lg2 of 4 is 2
  EXPECT_EQ(out[4], 0xffc00000u); // neg of +NaN
}

TEST(EmulatorTest, MmaSyncM16N8K16FollowsTheFragmentLayouts) {
  // D = A·B + C with small integers (exact in f16 and f32). Each lane's
  // fragments are laid out on the host from the PTX ISA's tables
  // (g = lane / 4, q = lane % 4):
  //   A: a0,a1 (g, 2q..2q+1)  a2,a3 (g+8, 2q..)  a4,a5 (g, 2q+8..)
  //      a6,a7 (g+8, 2q+8..), two f16 per register;
  //   B: b0,b1 (2q..2q+1, g)  b2,b3 (2q+8.., g);
  //   C, D: c0,c1 (g, 2q..2q+1)  c2,c3 (g+8, 2q..).
  int A[16][16], B[16][8], C[16][8];
  for (int i = 0; i < 16; ++i)
    for (int k = 0; k < 16; ++k)
      A[i][k] = (i * 3 + k * 5) % 7 - 3;
  for (int k = 0; k < 16; ++k)
    for (int j = 0; j < 8; ++j)
      B[k][j] = (k * 2 + j * 7) % 5 - 2;
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 8; ++j)
      C[i][j] = i - j;
  // Per lane, 64 bytes: 4 A registers, 2 B registers, 2 unused words, 4 C
  // floats, 4 D floats (each vector aligned to its size).
  std::vector<uint32_t> buffer(32 * 16, 0);
  for (int lane = 0; lane < 32; ++lane) {
    int g = lane / 4, q = lane % 4;
    uint32_t *a = &buffer[lane * 16], *b = a + 4;
    auto pack = [](int lo, int hi) {
      return uint32_t(half(lo)) | (uint32_t(half(hi)) << 16);
    };
    a[0] = pack(A[g][2 * q], A[g][2 * q + 1]);
    a[1] = pack(A[g + 8][2 * q], A[g + 8][2 * q + 1]);
    a[2] = pack(A[g][2 * q + 8], A[g][2 * q + 9]);
    a[3] = pack(A[g + 8][2 * q + 8], A[g + 8][2 * q + 9]);
    b[0] = pack(B[2 * q][g], B[2 * q + 1][g]);
    b[1] = pack(B[2 * q + 8][g], B[2 * q + 9][g]);
    float c[4] = {float(C[g][2 * q]), float(C[g][2 * q + 1]),
                  float(C[g + 8][2 * q]), float(C[g + 8][2 * q + 1])};
    std::memcpy(a + 8, c, 16);
  }
  std::string error =
      run(kernel("\t.reg .b32 %r<20>;\n\t.reg .b32 %f<9>;\n\t.reg .b64 %rd<6>;",
                 "\tld.param.u64 %rd1, [k_param_0];\n"
                 "\tmov.u32 %r1, %laneid;\n"
                 "\tmul.wide.u32 %rd2, %r1, 64;\n"
                 "\tadd.s64 %rd3, %rd1, %rd2;\n"
                 "\tld.global.v4.b32 {%r2, %r3, %r4, %r5}, [%rd3];\n"
                 "\tld.global.v2.b32 {%r6, %r7}, [%rd3+16];\n"
                 "\tld.global.v4.f32 {%f1, %f2, %f3, %f4}, [%rd3+32];\n"
                 "\tmma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                 "{%f5, %f6, %f7, %f8}, {%r2, %r3, %r4, %r5}, {%r6, %r7}, "
                 "{%f1, %f2, %f3, %f4};\n"
                 "\tst.global.v4.f32 [%rd3+48], {%f5, %f6, %f7, %f8};\n"
                 "\tret;"),
          buffer, 1, 32);
  ASSERT_EQ(error, "");
  for (int lane = 0; lane < 32; ++lane) {
    int g = lane / 4, q = lane % 4;
    float d[4];
    std::memcpy(d, &buffer[lane * 16 + 12], 16);
    int rows[4] = {g, g, g + 8, g + 8},
        cols[4] = {2 * q, 2 * q + 1, 2 * q, 2 * q + 1};
    for (int r = 0; r < 4; ++r) {
      int expected = C[rows[r]][cols[r]];
      for (int k = 0; k < 16; ++k)
        expected += A[rows[r]][k] * B[k][cols[r]];
      EXPECT_EQ(d[r], float(expected)) << "lane " << lane << " d" << r << " ("
                                       << rows[r] << "," << cols[r] << ")";
    }
  }
}

/// A kernel where each lane's register j holds the 16-bit pair
/// (256·j + 2·lane, 256·j + 2·lane + 1), stmatrix (`variant`: "" or
/// ".trans") stores them into a 512-byte shared tile at rows `rowBytes`
/// apart from `start` (lane 8j + r gives row r of matrix j), and each lane
/// copies row `lane` back out to global memory.
std::string stmatrixKernel(const std::string &variant, unsigned start = 0) {
  std::string body = "\tld.param.u64 %rd1, [k_param_0];\n"
                     "\tmov.u32 %r1, %laneid;\n"
                     "\tmov.u64 %rd2, tiles;\n"
                     "\tshl.b32 %r2, %r1, 1;\n"
                     "\tmul.wide.u32 %rd3, %r1, 16;\n"
                     "\tadd.s64 %rd4, %rd2, %rd3;\n"
                     "\tadd.s64 %rd4, %rd4, " +
                     std::to_string(start) + ";\n";
  for (int j = 0; j < 4; ++j)
    body += "\tadd.s32 %r3, %r2, " + std::to_string(256 * j) +
            ";\n\tadd.s32 %r4, %r3, 1;\n\tshl.b32 %r4, %r4, 16;\n"
            "\tor.b32 %r" +
            std::to_string(8 + j) + ", %r3, %r4;\n";
  body += "\tstmatrix.sync.aligned.m8n8.x4" + variant +
          ".shared.b16 [%rd4], {%r8, %r9, %r10, %r11};\n"
          "\tbar.sync 0;\n"
          "\tld.shared.v4.b32 {%r12, %r13, %r14, %r15}, [%rd4];\n"
          "\tmul.wide.u32 %rd5, %r1, 16;\n"
          "\tadd.s64 %rd6, %rd1, %rd5;\n"
          "\tst.global.v4.b32 [%rd6], {%r12, %r13, %r14, %r15};\n"
          "\tret;";
  return kernel("\t.reg .b32 %r<16>;\n\t.reg .b64 %rd<7>;\n"
                "\t.shared .align 16 .b8 tiles[1024];",
                body);
}

TEST(EmulatorTest, StmatrixStoresWhatLdmatrixWouldDeal) {
  for (bool transposed : {false, true}) {
    SCOPED_TRACE(transposed ? "trans" : "plain");
    std::vector<uint16_t> out(32 * 8, 0);
    ASSERT_EQ(run(stmatrixKernel(transposed ? ".trans" : ""), out, 1, 32), "");
    // Row r of matrix j (out row 8j + r), column c: from lane 4r + c/2
    // (plain), or the transpose (trans).
    for (int j = 0; j < 4; ++j)
      for (int r = 0; r < 8; ++r)
        for (int c = 0; c < 8; ++c)
          EXPECT_EQ(out[(8 * j + r) * 8 + c],
                    256 * j + (transposed ? 8 * c + r : 8 * r + c))
              << "matrix " << j << " row " << r << " column " << c;
  }
}

TEST(EmulatorTest, StmatrixIsCheckedLikeAnyStore) {
  // Two warps storing the same tile without a barrier race; a row that is
  // not 16-byte aligned is refused.
  std::vector<uint16_t> out(64 * 8, 0);
  EXPECT_THAT(run(stmatrixKernel(""), out, 1, 64),
              HasSubstr("shared-memory race"));
  EXPECT_THAT(run(stmatrixKernel("", 8), out, 1, 32),
              HasSubstr("misaligned store of 16 bytes"));
}

TEST(EmulatorTest, LdmatrixDealsRowsAndTransposedColumnsToLanes) {
  // Four 8x8 matrices of b16 in shared memory, element (j, r, c) =
  // 256·j + 16·r + c. Lane 8j + r points at row r of matrix j.
  std::vector<uint32_t> out(32 * 8, 0);
  std::string body = "\tld.param.u64 %rd1, [k_param_0];\n"
                     "\tmov.u32 %r1, %laneid;\n"
                     "\tmov.u64 %rd2, tiles;\n";
  // Lane l fills row l: 8 elements 256·(l/8) + 16·(l%8) + c.
  body += "\tshr.u32 %r2, %r1, 3;\n"
          "\tand.b32 %r3, %r1, 7;\n"
          "\tshl.b32 %r4, %r2, 8;\n"
          "\tshl.b32 %r5, %r3, 4;\n"
          "\tadd.s32 %r6, %r4, %r5;\n"
          "\tmul.wide.u32 %rd3, %r1, 16;\n"
          "\tadd.s64 %rd4, %rd2, %rd3;\n";
  for (int c = 0; c < 8; ++c)
    body += "\tadd.s32 %r7, %r6, " + std::to_string(c) +
            ";\n\tcvt.u16.u32 %h1, %r7;\n\tst.shared.u16 [%rd4+" +
            std::to_string(2 * c) + "], %h1;\n";
  body += "\tbar.sync 0;\n"
          "\tldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r8, %r9, %r10, "
          "%r11}, [%rd4];\n"
          "\tldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%r12, %r13, "
          "%r14, %r15}, [%rd4];\n"
          "\tmul.wide.u32 %rd5, %r1, 32;\n"
          "\tadd.s64 %rd6, %rd1, %rd5;\n"
          "\tst.global.v4.b32 [%rd6], {%r8, %r9, %r10, %r11};\n"
          "\tst.global.v4.b32 [%rd6+16], {%r12, %r13, %r14, %r15};\n"
          "\tret;";
  std::string error = run(
      kernel("\t.reg .b16 %h<2>;\n\t.reg .b32 %r<16>;\n\t.reg .b64 %rd<7>;\n"
             "\t.shared .align 16 .b8 tiles[512];",
             body),
      out, 1, 32);
  ASSERT_EQ(error, "");
  for (int lane = 0; lane < 32; ++lane)
    for (int j = 0; j < 4; ++j) {
      // Plain: row lane/4, columns 2(lane%4), +1. Transposed: rows 2(lane%4),
      // +1 of column lane/4.
      uint32_t plain = out[lane * 8 + j], trans = out[lane * 8 + 4 + j];
      int r = lane / 4, c = 2 * (lane % 4);
      EXPECT_EQ(plain & 0xffff, uint32_t(256 * j + 16 * r + c));
      EXPECT_EQ(plain >> 16, uint32_t(256 * j + 16 * r + c + 1));
      EXPECT_EQ(trans & 0xffff, uint32_t(256 * j + 16 * c + r));
      EXPECT_EQ(trans >> 16, uint32_t(256 * j + 16 * (c + 1) + r));
    }
}

TEST(EmulatorTest, CpAsyncLandsWhenItsGroupIsWaitedFor) {
  // Words 0..3 hold data; the kernel copies 16 bytes to shared (and 8 of 16
  // with zero fill), reads the first word before and after the wait.
  std::vector<uint32_t> buffer = {11, 22, 33, 44, 0, 0, 0, 0, 0, 0};
  std::string error =
      run(kernel("\t.reg .b32 %r<6>;\n\t.reg .b64 %rd<4>;\n"
                 "\t.shared .align 16 .b8 stage[32];",
                 "\tld.param.u64 %rd1, [k_param_0];\n"
                 "\tmov.u64 %rd2, stage;\n"
                 "\tcp.async.cg.shared.global [%rd2], [%rd1], 16;\n"
                 "\tcp.async.commit_group;\n"
                 "\tcp.async.ca.shared.global [%rd2+16], [%rd1], 16, 8;\n"
                 "\tcp.async.commit_group;\n"
                 "\tld.shared.u32 %r1, [%rd2];\n"
                 "\tcp.async.wait_group 1;\n"
                 "\tld.shared.u32 %r2, [%rd2+12];\n"
                 "\tld.shared.u32 %r3, [%rd2+16];\n"
                 "\tcp.async.wait_all;\n"
                 "\tld.shared.u32 %r4, [%rd2+20];\n"
                 "\tld.shared.u32 %r5, [%rd2+24];\n"
                 "\tst.global.u32 [%rd1+16], %r1;\n"
                 "\tst.global.u32 [%rd1+20], %r2;\n"
                 "\tst.global.u32 [%rd1+24], %r3;\n"
                 "\tst.global.u32 [%rd1+28], %r4;\n"
                 "\tst.global.u32 [%rd1+32], %r5;\n"
                 "\tret;"),
          buffer, 1, 1);
  ASSERT_EQ(error, "");
  EXPECT_EQ(buffer[4], 0u);  // before any wait: not there yet
  EXPECT_EQ(buffer[5], 44u); // the first group waited for
  EXPECT_EQ(buffer[6], 0u);  // the second group still pending
  EXPECT_EQ(buffer[7], 22u); // after wait_all
  EXPECT_EQ(buffer[8], 0u);  // zero-filled beyond the 8 source bytes
}

TEST(EmulatorTest, WarpCollectivesNeedTheWholeWarp) {
  std::vector<uint32_t> out(64, 0);
  std::string error = run(
      kernel("\t.reg .pred %p<2>;\n\t.reg .b32 %r<12>;\n\t.reg .b64 %rd<4>;",
             std::string(kPrologue) +
                 "\tsetp.ge.u32 %p1, %r1, 16;\n"
                 "\t@%p1 bra $DONE;\n"
                 "\tmma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%r5, "
                 "%r6, %r7, %r8}, {%r1, %r2}, {%r3}, {%r4, %r4, %r4, %r4};\n"
                 "$DONE:\n"
                 "\tret;"),
      out, 1, 32);
  EXPECT_THAT(error, HasSubstr("a .aligned warp instruction executed by 16 "
                               "of 32 lanes"));
}

TEST(EmulatorTest, TmaLoadsSwizzle128BytesAndCompletesTheMbarrier) {
  // The buffer: a tensor map (128 bytes), a 16x32 f32 tensor (element
  // (r, c) = 32r + c), and 2048 bytes where the kernel dumps the shared
  // tile as TMA left it. With the 128-byte swizzle, the 16-byte chunk k of
  // row r lands at chunk k ^ (r % 8).
  std::vector<uint32_t> buffer(32 + 512 + 512, 0);
  for (int r = 0; r < 16; ++r)
    for (int c = 0; c < 32; ++c)
      buffer[32 + r * 32 + c] = r * 32 + c;
  writeSwizzledF32Map(buffer);
  std::string error = run(
      kernel("\t.reg .pred %p<2>;\n\t.reg .b32 %r<6>;\n\t.reg .b64 %rd<8>;\n"
             "\t.shared .align 1024 .b8 tile[2048];\n"
             "\t.shared .align 8 .b8 bar[8];",
             "\tld.param.u64 %rd1, [k_param_0];\n"
             "\tmov.u64 %rd3, bar;\n"
             "\tmbarrier.init.shared.b64 [%rd3], 1;\n"
             "\tmbarrier.arrive.expect_tx.shared.b64 %rd4, [%rd3], 2048;\n"
             "\tmov.u64 %rd5, tile;\n"
             "\tmov.u32 %r1, 0;\n"
             "\tcp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::"
             "complete_tx::bytes [%rd5], [%rd1, {%r1, %r1}], [%rd3];\n"
             "$WAIT:\n"
             "\tmbarrier.try_wait.parity.shared.b64 %p1, [%rd3], 0;\n"
             "\t@!%p1 bra $WAIT;\n"
             "\tmov.u32 %r2, 0;\n"
             "$COPY:\n"
             "\tcvt.u64.u32 %rd6, %r2;\n"
             "\tadd.s64 %rd7, %rd5, %rd6;\n"
             "\tld.shared.u32 %r3, [%rd7];\n"
             "\tadd.s64 %rd7, %rd1, %rd6;\n"
             "\tst.global.u32 [%rd7+2176], %r3;\n"
             "\tadd.s32 %r2, %r2, 4;\n"
             "\tsetp.lt.u32 %p1, %r2, 2048;\n"
             "\t@%p1 bra $COPY;\n"
             "\tret;"),
      buffer, 1, 1);
  ASSERT_EQ(error, "");
  for (int r = 0; r < 16; ++r)
    for (int c = 0; c < 32; ++c) {
      int chunk = (c * 4) / 16, within = (c * 4) % 16;
      int at = r * 128 + ((chunk ^ (r % 8)) * 16) + within;
      EXPECT_EQ(buffer[32 + 512 + at / 4], uint32_t(r * 32 + c))
          << "(" << r << ", " << c << ")";
    }
}

/// One thread fills the first 2048 bytes of a shared tile with word
/// i = 1000 + i, then
/// stores it through the 128-byte-swizzled f32 map at the buffer's start
/// (a 16x32 tensor after it) with a TMA store; `between` runs after the
/// commit, `before` and `after` around the waits. Word 544 of the buffer
/// gets what `%r3` holds at the end.
std::string tmaStoreKernel(const std::string &between,
                           const std::string &before = "",
                           const std::string &after = "") {
  return kernel(
      "\t.reg .pred %p<2>;\n\t.reg .b32 %r<6>;\n\t.reg .b64 %rd<8>;\n"
      "\t.shared .align 1024 .b8 tile[4096];",
      "\tld.param.u64 %rd1, [k_param_0];\n"
      "\tmov.u64 %rd5, tile;\n"
      "\tmov.u32 %r2, 0;\n"
      "$FILL:\n"
      "\tmul.wide.u32 %rd6, %r2, 4;\n"
      "\tadd.s64 %rd7, %rd5, %rd6;\n"
      "\tadd.s32 %r3, %r2, 1000;\n"
      "\tst.shared.u32 [%rd7], %r3;\n"
      "\tadd.s32 %r2, %r2, 1;\n"
      "\tsetp.lt.u32 %p1, %r2, 1024;\n"
      "\t@%p1 bra $FILL;\n"
      "\tmov.u32 %r3, 0;\n"
      "\tfence.proxy.async.shared::cta;\n"
      "\tmov.u32 %r1, 0;\n"
      "\tcp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%rd1, {%r1, "
      "%r1}], [%rd5];\n"
      "\tcp.async.bulk.commit_group;\n" +
          between + before +
          "\tcp.async.bulk.wait_group.read 0;\n"
          "\tcp.async.bulk.wait_group 0;\n" +
          after + "\tst.global.u32 [%rd1+2176], %r3;\n\tret;");
}

TEST(EmulatorTest, TmaStoresUnswizzleTheBoxIntoTheTensor) {
  std::vector<uint32_t> buffer(32 + 512 + 1, 0);
  writeSwizzledF32Map(buffer);
  // Before the waits, the tensor still holds what it held; after, the box.
  ASSERT_EQ(run(tmaStoreKernel("", "\tld.global.u32 %r3, [%rd1+128];\n"),
                buffer, 1, 1),
            "");
  EXPECT_EQ(buffer[544], 0u) << "read before cp.async.bulk.wait_group";
  for (int r = 0; r < 16; ++r)
    for (int c = 0; c < 32; ++c)
      EXPECT_EQ(buffer[32 + r * 32 + c],
                1000 + emulator::swizzledOffset((r * 32 + c) * 4, 3) / 4)
          << "(" << r << ", " << c << ")";
  ASSERT_EQ(run(tmaStoreKernel("", "", "\tld.global.u32 %r3, [%rd1+128];\n"),
                buffer, 1, 1),
            "");
  EXPECT_EQ(buffer[544], 1000u) << "read after cp.async.bulk.wait_group";
}

TEST(EmulatorTest, ATmaStoresSourceStaysUntilItsReadWait) {
  std::vector<uint32_t> buffer(32 + 512 + 1, 0);
  writeSwizzledF32Map(buffer);
  EXPECT_THAT(
      run(tmaStoreKernel("\tst.shared.u32 [%rd5+64], %r3;\n"), buffer, 1, 1),
      HasSubstr("overwrites what a TMA store still reads (until its "
                "thread's cp.async.bulk.wait_group.read)"));
  // After the .read wait the tile may be reused.
  EXPECT_EQ(run(tmaStoreKernel("", "", "\tst.shared.u32 [%rd5+64], %r3;\n"),
                buffer, 1, 1),
            "");
  // Without fence.proxy.async after the writes, the async proxy might not
  // see them.
  std::string unfenced = tmaStoreKernel("");
  unfenced.replace(unfenced.find("fence.proxy.async.shared::cta;"), 30,
                   "membar.cta;");
  EXPECT_THAT(run(unfenced, buffer, 1, 1),
              HasSubstr("which thread (0,0,0) wrote and did not order for the "
                        "async proxy (fence.proxy.async) since"));
  // A source not on a 128-byte row is refused.
  std::string misaligned = tmaStoreKernel("");
  misaligned.replace(misaligned.find("[%rd5];"), 7, "[%rd5+64];");
  EXPECT_THAT(run(misaligned, buffer, 1, 1),
              HasSubstr("the shared source 0x40 is not 128-byte aligned"));
}

TEST(EmulatorTest, PrefetchesChangeNothingButATensorMapIsChecked) {
  // prefetch.tensormap of the map at the buffer's start passes, as do a
  // plain prefetch and programmatic dependent launch's waits; one of the
  // tensor after it (not a map) is refused.
  std::vector<uint32_t> buffer(32 + 512, 0);
  writeSwizzledF32Map(buffer);
  auto prefetching = [](unsigned offset) {
    return kernel("\t.reg .b64 %rd<3>;",
                  "\tld.param.u64 %rd1, [k_param_0];\n"
                  "\tgriddepcontrol.wait;\n"
                  "\tprefetch.global.L2 [%rd1+128];\n"
                  "\tprefetch.tensormap [%rd1+" +
                      std::to_string(offset) +
                      "];\n"
                      "\tgriddepcontrol.launch_dependents;\n"
                      "\tret;");
  };
  EXPECT_EQ(run(prefetching(0), buffer, 1, 32), "");
  EXPECT_THAT(run(prefetching(128), buffer, 1, 32),
              HasSubstr("prefetch.tensormap reads something that is not a "
                        "tensor map encoded by this runtime"));
}

TEST(EmulatorTest, AProgrammaticLaunchTouchesGlobalMemoryOnlyOnceItWaits) {
  // A programmatic dependent launch may start before the kernel before it
  // ends: its global store before griddepcontrol.wait is reported, the same
  // store after the wait is not, nor in a plain launch; reading a tensor
  // map (which the host wrote) before the wait is fine.
  std::vector<uint32_t> buffer(32 + 512, 0);
  writeSwizzledF32Map(buffer);
  auto storing = [](bool waitFirst) {
    std::string wait = "\tgriddepcontrol.wait;\n";
    return kernel("\t.reg .b32 %r<2>;\n\t.reg .b64 %rd<3>;",
                  "\tld.param.u64 %rd1, [k_param_0];\n"
                  "\tprefetch.tensormap [%rd1];\n" +
                      std::string(waitFirst ? wait : "") +
                      "\tmov.u32 %r1, 7;\n"
                      "\tst.global.u32 [%rd1+1024], %r1;\n" +
                      std::string(waitFirst ? "" : wait) +
                      "\tgriddepcontrol.launch_dependents;\n"
                      "\tret;");
  };
  auto run = [&](bool waitFirst, bool programmatic) {
    return ::run(storing(waitFirst), buffer, 1, 32, false, 1, 1, nullptr,
                 programmatic);
  };
  EXPECT_THAT(run(/*waitFirst=*/false, /*programmatic=*/true),
              HasSubstr("a global store of 4 bytes at 0x"));
  EXPECT_THAT(run(/*waitFirst=*/false, /*programmatic=*/true),
              HasSubstr("before griddepcontrol.wait, in a programmatic "
                        "dependent launch"));
  EXPECT_EQ(run(/*waitFirst=*/true, /*programmatic=*/true), "");
  EXPECT_EQ(run(/*waitFirst=*/false, /*programmatic=*/false), "");
  EXPECT_EQ(buffer[256], 7u);
}

TEST(EmulatorTest, AnMbarrierThatCannotCompleteIsADeadlock) {
  std::vector<uint32_t> out(1, 0);
  std::string error =
      run(kernel("\t.reg .pred %p<2>;\n\t.reg .b64 %rd<4>;\n"
                 "\t.shared .align 8 .b8 bar[8];",
                 "\tmov.u64 %rd1, bar;\n"
                 "\tmbarrier.init.shared.b64 [%rd1], 2;\n"
                 "\tmbarrier.arrive.shared.b64 %rd2, [%rd1];\n"
                 "$WAIT:\n"
                 "\tmbarrier.try_wait.parity.shared.b64 %p1, [%rd1], 0;\n"
                 "\t@!%p1 bra $WAIT;\n"
                 "\tret;"),
          out, 1, 1);
  EXPECT_THAT(error, HasSubstr("deadlock: every warp waits on an mbarrier "
                               "phase that can no longer complete"));
}

TEST(EmulatorTest, ReadsOfNeverWrittenSharedMemoryAreReportedOnRequest) {
  // Thread 0 stores word 0 only; every thread then loads its own word.
  std::string ptx =
      kernel("\t.reg .pred %p<2>;\n\t.reg .b32 %r<7>;\n\t.reg .b64 %rd<6>;\n"
             "\t.shared .align 4 .b8 words[128];",
             std::string(kPrologue) + "\tsetp.ne.u32 %p1, %r1, 0;\n"
                                      "\t@%p1 bra $SKIP;\n"
                                      "\tst.shared.u32 [words], 5;\n"
                                      "$SKIP:\n"
                                      "\tbar.sync 0;\n"
                                      "\tmov.u64 %rd4, words;\n"
                                      "\tmul.wide.u32 %rd5, %r1, 4;\n"
                                      "\tadd.s64 %rd4, %rd4, %rd5;\n"
                                      "\tld.shared.u32 %r5, [%rd4];\n"
                                      "\tst.global.u32 [%rd2], %r5;\n"
                                      "\tret;");
  std::vector<uint32_t> out(32, 0);
  EXPECT_EQ(run(ptx, out, 1, 32), ""); // off by default
  EXPECT_THAT(run(ptx, out, 1, 32, /*checkUninitializedShared=*/true),
              HasSubstr("thread (1,0,0): load of 4 bytes at shared 0x4 that "
                        "nothing in this block has written"));
}

TEST(EmulatorTest, WgmmaM64N8K16ReadsDescriptorsAndFillsTheWarpgroup) {
  // A (64x16) and B (16x8, stored per column n) in the unswizzled K-major
  // layout of core matrices (8 rows x 16 bytes): element (mn, k) at
  // (mn/8)·SBO + (k/8)·LBO + (mn%8)·16 + (k%8)·2, LBO 128 and SBO 256. The
  // host lays out these shared-memory images; the kernel copies them to
  // shared memory and runs one wgmma with scale-d false. Each thread's four
  // accumulators are then, by the PTX ISA's table, row 16·warp + lane/4 +
  // 8·(i/2) and column 2·(lane%4) + i%2.
  int A[64][16], B[16][8];
  for (int m = 0; m < 64; ++m)
    for (int k = 0; k < 16; ++k)
      A[m][k] = (m * 5 + k * 3) % 9 - 4;
  for (int k = 0; k < 16; ++k)
    for (int n = 0; n < 8; ++n)
      B[k][n] = (k * 7 + n * 2) % 5 - 2;
  // Words: A image (512), B image (64), then 4 floats per thread (512).
  std::vector<uint32_t> buffer(512 + 64 + 512, 0);
  auto *bytes = reinterpret_cast<uint16_t *>(buffer.data());
  auto offset = [](int mn, int k) {
    return (mn / 8) * 256 + (k / 8) * 128 + (mn % 8) * 16 + (k % 8) * 2;
  };
  for (int m = 0; m < 64; ++m)
    for (int k = 0; k < 16; ++k)
      bytes[offset(m, k) / 2] = half(A[m][k]);
  for (int n = 0; n < 8; ++n)
    for (int k = 0; k < 16; ++k)
      bytes[(2048 + offset(n, k)) / 2] = half(B[k][n]);
  std::string error = run(
      kernel("\t.reg .pred %p<2>;\n\t.reg .b32 %r<8>;\n\t.reg .b32 %f<5>;\n"
             "\t.reg .b64 %rd<12>;\n"
             "\t.shared .align 128 .b8 tileA[2048];\n"
             "\t.shared .align 128 .b8 tileB[256];",
             "\tld.param.u64 %rd1, [k_param_0];\n"
             "\tmov.u32 %r1, %tid.x;\n"
             "\tmov.u64 %rd2, tileA;\n"
             "\tmov.u64 %rd3, tileB;\n"
             // Each thread copies A words t, t+128, t+256, t+384 and, below
             // 64, B word t.
             "\tmov.u32 %r2, %r1;\n"
             "$COPY:\n"
             "\tmul.wide.u32 %rd4, %r2, 4;\n"
             "\tadd.s64 %rd5, %rd1, %rd4;\n"
             "\tld.global.u32 %r3, [%rd5];\n"
             "\tadd.s64 %rd6, %rd2, %rd4;\n"
             "\tst.shared.u32 [%rd6], %r3;\n"
             "\tadd.s32 %r2, %r2, 128;\n"
             "\tsetp.lt.u32 %p1, %r2, 512;\n"
             "\t@%p1 bra $COPY;\n"
             "\tsetp.ge.u32 %p1, %r1, 64;\n"
             "\t@%p1 bra $COPIED;\n"
             "\tmul.wide.u32 %rd4, %r1, 4;\n"
             "\tadd.s64 %rd5, %rd1, %rd4;\n"
             "\tld.global.u32 %r3, [%rd5+2048];\n"
             "\tadd.s64 %rd6, %rd3, %rd4;\n"
             "\tst.shared.u32 [%rd6], %r3;\n"
             "$COPIED:\n"
             "\tfence.proxy.async.shared::cta;\n"
             "\tbar.sync 0;\n"
             "\tshr.u64 %rd7, %rd2, 4;\n"
             "\tor.b64 %rd7, %rd7, 0x0000001000080000;\n"
             "\tshr.u64 %rd8, %rd3, 4;\n"
             "\tor.b64 %rd8, %rd8, 0x0000001000080000;\n"
             "\tsetp.ne.b32 %p1, 0, 0;\n"
             "\twgmma.fence.sync.aligned;\n"
             "\twgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f1, %f2, "
             "%f3, %f4}, %rd7, %rd8, %p1, 1, 1, 0, 0;\n"
             "\twgmma.commit_group.sync.aligned;\n"
             "\twgmma.wait_group.sync.aligned 0;\n"
             "\tmul.wide.u32 %rd9, %r1, 16;\n"
             "\tadd.s64 %rd10, %rd1, %rd9;\n"
             "\tst.global.v4.f32 [%rd10+2304], {%f1, %f2, %f3, %f4};\n"
             "\tret;"),
      buffer, 1, 128);
  ASSERT_EQ(error, "");
  for (int t = 0; t < 128; ++t) {
    int warp = t / 32, lane = t % 32;
    float d[4];
    std::memcpy(d, &buffer[576 + t * 4], 16);
    for (int i = 0; i < 4; ++i) {
      int row = 16 * warp + lane / 4 + 8 * (i / 2),
          col = 2 * (lane % 4) + i % 2;
      int expected = 0;
      for (int k = 0; k < 16; ++k)
        expected += A[row][k] * B[k][col];
      EXPECT_EQ(d[i], float(expected))
          << "thread " << t << " d" << i << " (" << row << ", " << col << ")";
    }
  }
}

TEST(EmulatorTest, OutOfBoundsStoresAreReported) {
  std::vector<uint32_t> out(8, 0);
  std::string error = run(
      kernel("\t.reg .b32 %r<5>;\n\t.reg .b64 %rd<4>;",
             std::string(kPrologue) + "\tst.global.u32 [%rd2], %r4;\n\tret;"),
      out, 1, 9);
  EXPECT_THAT(error, HasSubstr("kernel 'k', line 18 (`st.global.u32 [%rd2], "
                               "%r4;`), block (0,0,0) thread (8,0,0): "
                               "out-of-bounds global store of 4 bytes at 0x"));
}

TEST(EmulatorTest, AddressesThatWrapAreOutOfBounds) {
  // An address near 2^64 plus the access size wraps past zero: it must be
  // refused, not read just before the buffer.
  for (const char *access :
       {"\tld.param.u32 %r5, [%rd3];\n", "\tst.shared.u32 [%rd3], %r4;\n",
        "\tst.local.u32 [%rd3], %r4;\n"}) {
    std::vector<uint32_t> out(1, 0);
    std::string error =
        run(kernel("\t.reg .b32 %r<6>;\n\t.reg .b64 %rd<4>;\n"
                   "\t.shared .align 4 .b8 buffer[16];\n"
                   "\t.local .align 4 .b8 scratch[16];",
                   std::string(kPrologue) + "\tmov.u64 %rd3, -4;\n" + access +
                       "\tret;"),
            out, 1, 1);
    EXPECT_THAT(error, HasSubstr("out-of-bounds")) << access;
    EXPECT_THAT(error, HasSubstr("of 4 bytes at 0xfffffffffffffffc")) << access;
  }
}

TEST(EmulatorTest, MisalignedAccessesAreReported) {
  std::vector<uint32_t> out(8, 0);
  std::string error = run(
      kernel("\t.reg .b32 %r<5>;\n\t.reg .b64 %rd<4>;",
             std::string(kPrologue) + "\tst.global.u32 [%rd2+2], %r4;\n\tret;"),
      out, 1, 1);
  EXPECT_THAT(error, HasSubstr("thread (0,0,0): misaligned store of 4 bytes"));
}

TEST(EmulatorTest, SharedMemoryBoundsAreChecked) {
  std::vector<uint32_t> out(1, 0);
  std::string error =
      run(kernel("\t.reg .b32 %r<5>;\n\t.reg .b64 %rd<4>;\n"
                 "\t.shared .align 4 .b8 buffer[16];",
                 std::string(kPrologue) +
                     "\tst.shared.u32 [buffer+16], %r4;\n\tret;"),
          out, 1, 1);
  EXPECT_THAT(error,
              HasSubstr("out-of-bounds shared store of 4 bytes at 0x10"));
}

TEST(EmulatorTest, SharedMemoryRacesBetweenWarpsAreReported) {
  // Each thread stores its slot and, without a barrier, loads the slot of
  // the thread 32 away: a thread of the other warp.
  std::vector<uint32_t> out(64, 0);
  std::string error =
      run(kernel("\t.reg .b32 %r<9>;\n\t.reg .b64 %rd<6>;\n"
                 "\t.shared .align 4 .b8 buffer[256];",
                 std::string(kPrologue) + "\tmov.u64 %rd4, buffer;\n"
                                          "\tmul.wide.u32 %rd5, %r1, 4;\n"
                                          "\tadd.s64 %rd5, %rd4, %rd5;\n"
                                          "\tst.shared.u32 [%rd5], %r1;\n"
                                          "\tadd.s32 %r5, %r1, 32;\n"
                                          "\trem.u32 %r5, %r5, 64;\n"
                                          "\tmul.wide.u32 %rd5, %r5, 4;\n"
                                          "\tadd.s64 %rd5, %rd4, %rd5;\n"
                                          "\tld.shared.u32 %r6, [%rd5];\n"
                                          "\tst.global.u32 [%rd2], %r6;\n"
                                          "\tret;"),
          out, 1, 64);
  // Warp 0 runs first: its loads of slots 32.. come before warp 1 stores
  // them, and the first such store is the report.
  EXPECT_THAT(error, HasSubstr("line 22 (`st.shared.u32 [%rd5], %r1;`), block "
                               "(0,0,0) thread (32,0,0): shared-memory race: "
                               "store of 4 bytes at shared 0x80, which thread "
                               "(0,0,0) (another warp) loaded with no barrier "
                               "or mbarrier phase ordering it before"));
}

TEST(EmulatorTest, LanesOfOneWarpAreOrderedByTheProgram) {
  // Several lanes storing one result, then one lane reading it after a
  // barrier: what upstream's reductions do; no race.
  std::vector<uint32_t> out(32, 0);
  std::string error = run(
      kernel("\t.reg .pred %p<2>;\n\t.reg .b32 %r<7>;\n\t.reg .b64 %rd<4>;\n"
             "\t.shared .align 4 .b8 slot[4];",
             std::string(kPrologue) + "\tst.shared.u32 [slot], 7;\n"
                                      "\tbar.sync 0;\n"
                                      "\tld.shared.u32 %r5, [slot];\n"
                                      "\tst.global.u32 [%rd2], %r5;\n"
                                      "\tret;"),
      out, 1, 32);
  ASSERT_EQ(error, "");
  EXPECT_EQ(out[31], 7u);
}

TEST(EmulatorTest, DivergentBarriersAreReported) {
  // Lanes below 16 wait at a barrier the others skip.
  std::vector<uint32_t> out(32, 0);
  std::string error =
      run(kernel("\t.reg .pred %p<2>;\n\t.reg .b32 %r<5>;\n\t.reg .b64 %rd<4>;",
                 std::string(kPrologue) + "\tsetp.ge.u32 %p1, %r1, 16;\n"
                                          "\t@%p1 bra $SKIP;\n"
                                          "\tbar.sync 0;\n"
                                          "$SKIP:\n"
                                          "\tst.global.u32 [%rd2], %r1;\n"
                                          "\tret;"),
          out, 1, 32);
  EXPECT_THAT(error, HasSubstr("divergent barrier"));
  EXPECT_THAT(error, HasSubstr("bar.sync 0;"));
}

TEST(EmulatorTest, LanesMeetingAtABarrierBeforeThemWaitThereForTheirWarp) {
  // A loop whose barrier is its first instruction: odd and even lanes take
  // two paths back to it, the odd lanes' nearer in the code, so they reach
  // the barrier first; they wait there for the even lanes (where the
  // hardware reconverges the warp), and the warp runs it whole.
  std::vector<uint32_t> out(32, 0);
  std::string error =
      run(kernel("\t.reg .pred %p<3>;\n\t.reg .b32 %r<8>;\n\t.reg .b64 %rd<4>;",
                 std::string(kPrologue) + "\tmov.u32 %r5, 0;\n"
                                          "\tmov.u32 %r6, 0;\n"
                                          "$LOOP:\n"
                                          "\tbar.sync 0;\n"
                                          "\tsetp.ge.u32 %p1, %r5, 2;\n"
                                          "\t@%p1 bra $DONE;\n"
                                          "\tadd.s32 %r5, %r5, 1;\n"
                                          "\tand.b32 %r7, %r1, 1;\n"
                                          "\tsetp.eq.u32 %p2, %r7, 0;\n"
                                          "\t@%p2 bra $EVEN;\n"
                                          "\tadd.s32 %r6, %r6, 10;\n"
                                          "\tbra $LOOP;\n"
                                          "$EVEN:\n"
                                          "\tadd.s32 %r6, %r6, 1;\n"
                                          "\tbra $LOOP;\n"
                                          "$DONE:\n"
                                          "\tst.global.u32 [%rd2], %r6;\n"
                                          "\tret;"),
          out, 1, 32);
  ASSERT_EQ(error, "");
  EXPECT_EQ(out[0], 2u);
  EXPECT_EQ(out[1], 20u);
  EXPECT_EQ(out[30], 2u);
  EXPECT_EQ(out[31], 20u);
}

TEST(EmulatorTest, LanesOfAWarpAtDifferentBarriersAreReported) {
  // Odd and even lanes each wait at a barrier of their own.
  std::vector<uint32_t> out(32, 0);
  std::string error =
      run(kernel("\t.reg .pred %p<3>;\n\t.reg .b32 %r<8>;\n\t.reg .b64 %rd<4>;",
                 std::string(kPrologue) + "\tand.b32 %r7, %r1, 1;\n"
                                          "\tsetp.eq.u32 %p2, %r7, 0;\n"
                                          "\t@%p2 bra $EVEN;\n"
                                          "\tbar.sync 0;\n"
                                          "\tbra $DONE;\n"
                                          "$EVEN:\n"
                                          "\tbar.sync 0;\n"
                                          "$DONE:\n"
                                          "\tst.global.u32 [%rd2], %r1;\n"
                                          "\tret;"),
          out, 1, 32);
  EXPECT_THAT(error, HasSubstr("divergent barrier: lanes of warp 0 wait at "
                               "different barriers"));
}

TEST(EmulatorTest, UnsupportedInstructionsAreNamedBeforeAnythingRuns) {
  std::vector<uint32_t> out(1, 0);
  std::string error =
      run(kernel("\t.reg .b32 %r<5>;\n\t.reg .b64 %rd<4>;",
                 std::string(kPrologue) + "\tbrev.b32 %r1, %r2;\n\tret;"),
          out, 1, 1);
  EXPECT_EQ(error, "kernel 'k': line 18: the emulator does not support the "
                   "instruction 'brev' (in `brev.b32 %r1, %r2;`)");
}

/// Instructions with operands missing or of the wrong shape are refused
/// when the kernel is decoded, before anything runs (lmhead-fuzz-ptx found
/// the interpreter reading operands that were not there).
TEST(EmulatorTest, OperandsOfTheWrongNumberOrShapeAreRefused) {
  struct Case {
    const char *instruction;
    const char *message;
  };
  const Case cases[] = {
      {"st.global.b32 [%rd1];", "'st' takes 2 operands, not 1"},
      {"add.s32 %r1, %r2;", "'add' takes 3 operands, not 2"},
      {"ld.global.v4.f32 {%f1, %f2}, [%rd1];",
       "'ld' needs a vector of 4 registers"},
      {"ld.global.f32 {%f1, %f2}, [%rd1];",
       "a vector operand needs .v2 or .v4"},
      {"add.f32 %f1, {%f2, %f3}, %f4;",
       "operand 2 of 'add' cannot be a vector"},
      {"mov.b32 %r1, {%r2, %r3, %r4};",
       "mov packs or unpacks 2 or 4 pieces of a typed value"},
      {"mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 "
       "{%f1, %f2, %f3, %f4}, {%r1, %r2}, {%r3, %r4}, {%f1, %f2, %f3, %f4};",
       "'mma' needs A, a vector of 4 registers"},
      {"shfl.sync.bfly.b32 %r1, %r2, 1, 31;", "'shfl' takes 5 operands, not 4"},
  };
  for (const Case &c : cases) {
    std::vector<uint32_t> out(32, 0);
    std::string error = run(
        kernel("\t.reg .b32 %r<5>;\n\t.reg .b64 %rd<4>;\n\t.reg .f32 %f<5>;",
               std::string(kPrologue) + "\t" + c.instruction + "\n\tret;"),
        out, 1, 32);
    EXPECT_THAT(error, HasSubstr(c.message)) << c.instruction;
    EXPECT_THAT(error, HasSubstr(c.instruction)) << c.instruction;
  }
}

} // namespace
