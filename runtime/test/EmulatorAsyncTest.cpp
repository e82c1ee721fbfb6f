//===- EmulatorAsyncTest.cpp - asynchronous operations ordered as on a GPU ===//
//
// Hand-written sm_90a kernels whose wgmmas, TMA copies, mbarriers and
// setmaxnreg the emulator must order as the PTX memory model does: each
// test breaks one rule and expects the report, or checks a layout against
// values computed by hand.
//
//===----------------------------------------------------------------------===//

#include "EmulatorTestSupport.h"
#include "emulator/TensorMap.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstring>

using namespace lmhead::runtime;
using namespace lmhead::runtime::emulator_test;
using ::testing::HasSubstr;

namespace {

/// What a wgmma test kernel does around its one m64nNk16 wgmma.
struct WgmmaProgram {
  unsigned n = 8;
  /// B's descriptor: leading and stride byte offsets, and whether B is
  /// MN-major (imm-trans-b 1).
  unsigned bLeading = 128, bStride = 256;
  bool bMnMajor = false;
  bool fence = true;
  /// Whether the threads order their shared stores for the async proxy
  /// (fence.proxy.async) before the barrier, as wgmma's operands need.
  bool proxyFence = true;
  /// PTX between commit_group and wait_group, and whether to wait at all.
  std::string afterCommit;
  bool wait = true;
  bool storeResults = true;
};

/// A kernel for 128 threads: the buffer holds A's shared-memory image
/// (2048 bytes, unswizzled K-major core matrices, LBO 128, SBO 256), B's
/// image (`n`·32 bytes) and then n/2 floats per thread; each thread copies
/// its part of both images to shared memory, then the warpgroup runs
/// wgmma with scale-d false and stores its accumulators.
std::string wgmmaKernel(const WgmmaProgram &p) {
  unsigned registers = p.n / 2, bBytes = p.n * 32;
  std::string d, results;
  for (unsigned i = 0; i < registers; ++i)
    d += (i ? ", %f" : "%f") + std::to_string(i + 1);
  for (unsigned i = 0; i < registers; ++i)
    results += "\tst.global.f32 [%rd10+" +
               std::to_string(2048 + bBytes + 4 * i) + "], %f" +
               std::to_string(i + 1) + ";\n";
  auto hex = [](uint64_t value) {
    char text[32];
    std::snprintf(text, sizeof(text), "0x%016llx",
                  static_cast<unsigned long long>(value));
    return std::string(text);
  };
  uint64_t aFields = (uint64_t(256 >> 4) << 32) | (uint64_t(128 >> 4) << 16);
  uint64_t bFields =
      (uint64_t(p.bStride >> 4) << 32) | (uint64_t(p.bLeading >> 4) << 16);
  return kernel("\t.reg .pred %p<2>;\n\t.reg .b32 %r<8>;\n\t.reg .b32 %f<" +
                    std::to_string(registers + 1) +
                    ">;\n\t.reg .b64 %rd<12>;\n"
                    "\t.shared .align 128 .b8 tileA[2048];\n"
                    "\t.shared .align 128 .b8 tileB[" +
                    std::to_string(bBytes) + "];",
                "\tld.param.u64 %rd1, [k_param_0];\n"
                "\tmov.u32 %r1, %tid.x;\n"
                "\tmov.u64 %rd2, tileA;\n"
                "\tmov.u64 %rd3, tileB;\n"
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
                "\tsetp.ge.u32 %p1, %r1, " +
                    std::to_string(bBytes / 4) +
                    ";\n"
                    "\t@%p1 bra $COPIED;\n"
                    "\tmul.wide.u32 %rd4, %r1, 4;\n"
                    "\tadd.s64 %rd5, %rd1, %rd4;\n"
                    "\tld.global.u32 %r3, [%rd5+2048];\n"
                    "\tadd.s64 %rd6, %rd3, %rd4;\n"
                    "\tst.shared.u32 [%rd6], %r3;\n"
                    "$COPIED:\n" +
                    (p.proxyFence ? "\tfence.proxy.async.shared::cta;\n" : "") +
                    "\tbar.sync 0;\n"
                    "\tshr.u64 %rd7, %rd2, 4;\n"
                    "\tor.b64 %rd7, %rd7, " +
                    hex(aFields) +
                    ";\n"
                    "\tshr.u64 %rd8, %rd3, 4;\n"
                    "\tor.b64 %rd8, %rd8, " +
                    hex(bFields) +
                    ";\n"
                    "\tsetp.ne.b32 %p1, 0, 0;\n" +
                    (p.fence ? "\twgmma.fence.sync.aligned;\n" : "") +
                    "\twgmma.mma_async.sync.aligned.m64n" +
                    std::to_string(p.n) + "k16.f32.f16.f16 {" + d +
                    "}, %rd7, %rd8, %p1, 1, 1, 0, " + (p.bMnMajor ? "1" : "0") +
                    ";\n"
                    "\twgmma.commit_group.sync.aligned;\n" +
                    p.afterCommit +
                    (p.wait ? "\twgmma.wait_group.sync.aligned 0;\n" : "") +
                    "\tmul.wide.u32 %rd9, %r1, " +
                    std::to_string(4 * registers) +
                    ";\n"
                    "\tadd.s64 %rd10, %rd1, %rd9;\n" +
                    (p.storeResults ? results : "") + "\tret;");
}

/// A (64x16) and B (16xN) of small integers, laid out for `p` in `buffer`
/// as wgmmaKernel expects; returns the expected product.
std::vector<int> layOutWgmmaOperands(const WgmmaProgram &p,
                                     std::vector<uint32_t> &buffer) {
  unsigned n = p.n;
  buffer.assign(512 + n * 8 + 128 * n / 2, 0);
  auto *bytes = reinterpret_cast<uint16_t *>(buffer.data());
  std::vector<int> A(64 * 16), B(16 * n), D(64 * n, 0);
  for (unsigned m = 0; m < 64; ++m)
    for (unsigned k = 0; k < 16; ++k) {
      A[m * 16 + k] = static_cast<int>((m * 5 + k * 3) % 9) - 4;
      unsigned at = (m / 8) * 256 + (k / 8) * 128 + (m % 8) * 16 + (k % 8) * 2;
      bytes[at / 2] = half(A[m * 16 + k]);
    }
  for (unsigned k = 0; k < 16; ++k)
    for (unsigned j = 0; j < n; ++j) {
      B[k * n + j] = static_cast<int>((k * 7 + j * 2) % 5) - 2;
      // Core matrices of 8 rows of 16 bytes: K-major rows are N (8 K
      // values each), MN-major rows are K (8 N values each); either way
      // the leading offset steps along K and the stride offset along N.
      unsigned inner = p.bMnMajor ? j : k, outer = p.bMnMajor ? k : j;
      unsigned at = (j / 8) * p.bStride + (k / 8) * p.bLeading +
                    (outer % 8) * 16 + (inner % 8) * 2;
      bytes[(2048 + at) / 2] = half(B[k * n + j]);
    }
  for (unsigned m = 0; m < 64; ++m)
    for (unsigned j = 0; j < n; ++j)
      for (unsigned k = 0; k < 16; ++k)
        D[m * n + j] += A[m * 16 + k] * B[k * n + j];
  return D;
}

/// Checks each thread's accumulators against `expected` (64 x n) by the
/// PTX ISA's fragment layout.
void expectWgmmaResults(const WgmmaProgram &p,
                        const std::vector<uint32_t> &buffer,
                        const std::vector<int> &expected) {
  unsigned n = p.n, registers = n / 2, base = 512 + n * 8;
  for (unsigned t = 0; t < 128; ++t) {
    unsigned warp = t / 32, lane = t % 32;
    for (unsigned i = 0; i < registers; ++i) {
      unsigned row = 16 * warp + lane / 4 + 8 * ((i / 2) % 2);
      unsigned col = 8 * (i / 4) + 2 * (lane % 4) + i % 2;
      float value;
      std::memcpy(&value, &buffer[base + t * registers + i], 4);
      EXPECT_EQ(value, float(expected[row * n + col]))
          << "thread " << t << " d" << i << " (" << row << ", " << col << ")";
    }
  }
}

TEST(EmulatorAsyncTest, MnMajorOperandsWithoutSwizzleStrideAlongMn) {
  // B MN-major without swizzle, N = 16 so that both offsets matter: LBO
  // 256 between the two K halves, SBO 128 between the two N halves.
  WgmmaProgram p;
  p.n = 16;
  p.bMnMajor = true;
  p.bLeading = 256;
  p.bStride = 128;
  std::vector<uint32_t> buffer;
  std::vector<int> expected = layOutWgmmaOperands(p, buffer);
  ASSERT_EQ(run(wgmmaKernel(p), buffer, 1, 128), "");
  expectWgmmaResults(p, buffer, expected);
}

TEST(EmulatorAsyncTest, KMajorOperandsWithoutSwizzleStillRead) {
  WgmmaProgram p;
  p.n = 16;
  std::vector<uint32_t> buffer;
  std::vector<int> expected = layOutWgmmaOperands(p, buffer);
  ASSERT_EQ(run(wgmmaKernel(p), buffer, 1, 128), "");
  expectWgmmaResults(p, buffer, expected);
}

TEST(EmulatorAsyncTest, AccumulatorsAreReadableOnlyAfterTheWaitGroup) {
  WgmmaProgram p;
  p.wait = false;
  std::vector<uint32_t> buffer;
  layOutWgmmaOperands(p, buffer);
  EXPECT_THAT(run(wgmmaKernel(p), buffer, 1, 128),
              HasSubstr("(`st.global.f32 [%rd10+2304], %f1;`), block (0,0,0) "
                        "thread (0,0,0): reads %f1, an accumulator of a wgmma "
                        "still in flight"));
  // Writing one is as wrong as reading it.
  p.storeResults = false;
  p.afterCommit = "\tmov.b32 %f2, 0;\n";
  EXPECT_THAT(run(wgmmaKernel(p), buffer, 1, 128),
              HasSubstr("writes %f2, an accumulator of a wgmma still in "
                        "flight"));
}

TEST(EmulatorAsyncTest, AWarpgroupMayNotExitWithWgmmasInFlight) {
  WgmmaProgram p;
  p.wait = false;
  p.storeResults = false;
  std::vector<uint32_t> buffer;
  layOutWgmmaOperands(p, buffer);
  EXPECT_THAT(run(wgmmaKernel(p), buffer, 1, 128),
              HasSubstr("thread (0,0,0): the warpgroup exited with 1 wgmma "
                        "still in flight"));
}

TEST(EmulatorAsyncTest, TheFirstWgmmaNeedsAFence) {
  WgmmaProgram p;
  p.fence = false;
  std::vector<uint32_t> buffer;
  layOutWgmmaOperands(p, buffer);
  EXPECT_THAT(run(wgmmaKernel(p), buffer, 1, 128),
              HasSubstr("thread (0,0,0): the warpgroup's first "
                        "wgmma.mma_async has no wgmma.fence before it"));
}

TEST(EmulatorAsyncTest, WgmmaOperandsMustBeFencedForTheAsyncProxy) {
  // The operands written with st.shared and only a barrier: wgmma reads
  // through the async proxy, which might not see them.
  WgmmaProgram p;
  p.proxyFence = false;
  std::vector<uint32_t> buffer;
  layOutWgmmaOperands(p, buffer);
  EXPECT_THAT(run(wgmmaKernel(p), buffer, 1, 128),
              HasSubstr("wgmma reads shared 0x0, which thread (0,0,0) wrote "
                        "and did not order for the async proxy "
                        "(fence.proxy.async) since"));
}

TEST(EmulatorAsyncTest, StoresOverWhatAWgmmaReadsWaitForItsRetirement) {
  // Between commit and wait, the wgmma may still read tileA.
  WgmmaProgram p;
  p.afterCommit = "\tst.shared.u32 [tileA+64], %r1;\n";
  std::vector<uint32_t> buffer;
  layOutWgmmaOperands(p, buffer);
  EXPECT_THAT(run(wgmmaKernel(p), buffer, 1, 128),
              HasSubstr("(`st.shared.u32 [tileA+64], %r1;`), block (0,0,0) "
                        "thread (0,0,0): shared-memory race: store to shared "
                        "0x40, which the wgmma at line"));
  // After the wait_group, the warpgroup knows it retired (one thread
  // stores, so that warps do not race with each other).
  p.afterCommit.clear();
  std::string ptx = wgmmaKernel(p);
  ptx.replace(ptx.find("\tret;"), 5,
              "\tsetp.eq.u32 %p1, %r1, 0;\n"
              "\t@%p1 st.shared.u32 [tileA+64], %r1;\n\tret;");
  std::vector<int> expected = layOutWgmmaOperands(p, buffer);
  EXPECT_EQ(run(ptx, buffer, 1, 128), "");
  expectWgmmaResults(p, buffer, expected);
}

TEST(EmulatorAsyncTest, WgmmaReadsRaceWithStoresOfOtherWarpgroups) {
  // 256 threads: the first warpgroup fills the tiles and runs the wgmma;
  // after the barrier a thread of the second stores into tile A, which the
  // wgmma then reads with no barrier between them.
  WgmmaProgram p;
  std::vector<uint32_t> buffer;
  layOutWgmmaOperands(p, buffer);
  std::string ptx = wgmmaKernel(p);
  auto insertAfter = [&](const std::string &at, const std::string &text) {
    std::size_t where = ptx.find(at);
    ASSERT_NE(where, std::string::npos) << at;
    ptx.insert(where + at.size(), text);
  };
  insertAfter("\tmov.u64 %rd3, tileB;\n",
              "\tsetp.ge.u32 %p1, %r1, 128;\n\t@%p1 bra $COPIED;\n");
  insertAfter("\tbar.sync 0;\n", "\tsetp.lt.u32 %p1, %r1, 128;\n"
                                 "\t@%p1 bra $CONSUMER;\n"
                                 "\tsetp.eq.u32 %p1, %r1, 128;\n"
                                 "\t@%p1 st.shared.u32 [tileA+64], %r1;\n"
                                 "\tret;\n"
                                 "$CONSUMER:\n");
  EXPECT_THAT(run(ptx, buffer, 1, 256),
              HasSubstr("thread (0,0,0): shared-memory race: wgmma reads "
                        "shared 0x40, which thread (128,0,0) (another "
                        "warpgroup) stored with no barrier or mbarrier phase "
                        "ordering it before"));
}

/// A TMA test kernel for one thread: a 16x32 f32 box with the 128-byte
/// swizzle into `destination`, completing on an mbarrier that expects
/// `expectBytes`; then `afterCopy` (waits, loads).
std::string tmaKernel(const std::string &destination, unsigned expectBytes,
                      const std::string &afterCopy) {
  return kernel("\t.reg .pred %p<2>;\n\t.reg .b32 %r<6>;\n\t.reg .b64 %rd<8>;\n"
                "\t.shared .align 1024 .b8 tile[4096];\n"
                "\t.shared .align 8 .b8 bar[8];",
                "\tld.param.u64 %rd1, [k_param_0];\n"
                "\tmov.u64 %rd3, bar;\n"
                "\tmbarrier.init.shared.b64 [%rd3], 1;\n"
                "\tmbarrier.arrive.expect_tx.shared.b64 %rd4, [%rd3], " +
                    std::to_string(expectBytes) +
                    ";\n"
                    "\tmov.u64 %rd5, " +
                    destination +
                    ";\n"
                    "\tmov.u32 %r1, 0;\n"
                    "\tcp.async.bulk.tensor.2d.shared::cluster.global.tile."
                    "mbarrier::complete_tx::bytes [%rd5], [%rd1, {%r1, %r1}], "
                    "[%rd3];\n" +
                    afterCopy + "\tret;");
}

/// The buffer of tmaKernel: the tensor map, then the 16x32 f32 tensor.
std::vector<uint32_t> tmaBuffer() {
  std::vector<uint32_t> buffer(32 + 512, 0);
  writeSwizzledF32Map(buffer);
  return buffer;
}

constexpr char kWaitForThePhase[] =
    "$WAIT:\n"
    "\tmbarrier.try_wait.parity.shared.b64 %p1, [%rd3], 0;\n"
    "\t@!%p1 bra $WAIT;\n";

TEST(EmulatorAsyncTest, TmaTilesAreReadableOnlyAfterTheMbarrierWait) {
  std::vector<uint32_t> buffer = tmaBuffer();
  EXPECT_EQ(run(tmaKernel("tile", 2048,
                          std::string(kWaitForThePhase) +
                              "\tld.shared.u32 %r2, [tile+4];\n"),
                buffer, 1, 1),
            "");
  EXPECT_THAT(
      run(tmaKernel("tile", 2048, "\tld.shared.u32 %r2, [tile+4];\n"), buffer,
          1, 1),
      HasSubstr("(`ld.shared.u32 %r2, [tile+4];`), block (0,0,0) "
                "thread (0,0,0): load of 4 bytes at shared 0x4 reads "
                "a TMA tile before this thread waited on its mbarrier"));
}

TEST(EmulatorAsyncTest, WhatAThreadObservedPassesOnThroughAnotherMbarrier) {
  // Thread 0 waits for the TMA copy, then arrives on a second mbarrier;
  // thread 32 waits on that one and reads the tile: it acquired what
  // thread 0 had seen. Without the wait, the read is a race.
  auto program = [](bool readerWaits) {
    return kernel(
        "\t.reg .pred %p<2>;\n\t.reg .b32 %r<6>;\n\t.reg .b64 %rd<8>;\n"
        "\t.shared .align 1024 .b8 tile[2048];\n"
        "\t.shared .align 8 .b8 bar[8];\n"
        "\t.shared .align 8 .b8 handoff[8];",
        "\tld.param.u64 %rd1, [k_param_0];\n"
        "\tmov.u32 %r2, %tid.x;\n"
        "\tmov.u64 %rd3, bar;\n"
        "\tmov.u64 %rd6, handoff;\n"
        "\tsetp.ne.u32 %p1, %r2, 0;\n"
        "\t@%p1 bra $SYNC;\n"
        "\tmbarrier.init.shared.b64 [%rd3], 1;\n"
        "\tmbarrier.init.shared.b64 [%rd6], 1;\n"
        "$SYNC:\n"
        "\tbar.sync 0;\n"
        "\tsetp.eq.u32 %p1, %r2, 0;\n"
        "\t@%p1 bra $PRODUCER;\n"
        "\tsetp.eq.u32 %p1, %r2, 32;\n"
        "\t@%p1 bra $READER;\n"
        "\tret;\n"
        "$PRODUCER:\n"
        "\tmbarrier.arrive.expect_tx.shared.b64 %rd4, [%rd3], 2048;\n"
        "\tmov.u64 %rd5, tile;\n"
        "\tmov.u32 %r1, 0;\n"
        "\tcp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::"
        "complete_tx::bytes [%rd5], [%rd1, {%r1, %r1}], [%rd3];\n" +
            std::string(kWaitForThePhase) +
            "\tmbarrier.arrive.shared.b64 %rd4, [%rd6];\n"
            "\tret;\n"
            "$READER:\n" +
            (readerWaits
                 ? "$HANDOFF:\n"
                   "\tmbarrier.try_wait.parity.shared.b64 %p1, [%rd6], 0;\n"
                   "\t@!%p1 bra $HANDOFF;\n"
                 : "") +
            "\tld.shared.u32 %r3, [tile+4];\n"
            "\tret;");
  };
  std::vector<uint32_t> buffer = tmaBuffer();
  EXPECT_EQ(run(program(true), buffer, 1, 64), "");
  EXPECT_THAT(run(program(false), buffer, 1, 64),
              HasSubstr("thread (32,0,0): load of 4 bytes at shared 0x4 "));
}

TEST(EmulatorAsyncTest, TmaCopiesInFlightMayNotBeTouched) {
  // With 4096 bytes expected, the 2048-byte copy leaves the phase open.
  std::vector<uint32_t> buffer = tmaBuffer();
  EXPECT_THAT(run(tmaKernel("tile", 4096, "\tst.shared.u32 [tile+8], %r1;\n"),
                  buffer, 1, 1),
              HasSubstr("thread (0,0,0): store of 4 bytes at shared 0x8 while "
                        "a TMA copy into it is in flight"));
}

TEST(EmulatorAsyncTest, TmaDestinationsAre128ByteAligned) {
  std::vector<uint32_t> buffer = tmaBuffer();
  EXPECT_THAT(run(tmaKernel("tile+64", 2048, kWaitForThePhase), buffer, 1, 1),
              HasSubstr("cp.async.bulk.tensor: the shared destination 0x40 "
                        "is not 128-byte aligned, as TMA requires"));
}

TEST(EmulatorAsyncTest, TmaSwizzlesByTheSharedAddress) {
  // A box that starts at byte 512 of a 1024-byte pattern (a slice of a
  // tile, as CUTLASS's multicast loads write) lands where the tile's
  // pattern puts it: its first element, at address 512 (row 4 of the
  // pattern), in chunk 0 ^ 4, at tile + 0x240.
  std::vector<uint32_t> buffer = tmaBuffer();
  for (uint32_t i = 0; i < 512; ++i)
    buffer[32 + i] = 1000 + i;
  std::string ptx = tmaKernel("tile+512", 2048,
                              std::string(kWaitForThePhase) +
                                  "\tld.shared.u32 %r2, [tile+576];\n"
                                  "\tst.global.u32 [%rd1+2172], %r2;\n");
  ptx.replace(ptx.find("\tld.param.u64 %rd1, [k_param_0];\n"), 32,
              "\tld.param.u64 %rd1, [k_param_0];\n"
              "\tcvta.to.global.u64 %rd1, %rd1;\n");
  ASSERT_EQ(run(ptx, buffer, 1, 1), "");
  EXPECT_EQ(buffer[543], 1000u);
}

TEST(EmulatorAsyncTest, APhaseCompletesAtExactlyZeroTransactionBytes) {
  // 1024 bytes expected, 2048 delivered: the count goes to -1024 and the
  // phase never completes.
  std::vector<uint32_t> buffer = tmaBuffer();
  std::string error =
      run(tmaKernel("tile", 1024, kWaitForThePhase), buffer, 1, 1);
  EXPECT_THAT(error, HasSubstr("deadlock: every warp waits on an mbarrier "
                               "phase that can no longer complete"));
  EXPECT_THAT(error, HasSubstr("0 of 1 arrivals pending, -1024 transaction "
                               "bytes pending (more bytes completed than "
                               "expected: the phase completes only at "
                               "exactly 0)"));
}

/// A kernel for 128 threads running `body`.
std::string warpgroupKernel(const std::string &body) {
  return kernel("\t.reg .b32 %r<4>;", body + "\tret;");
}

TEST(EmulatorAsyncTest, SetmaxnregCountsAreChecked) {
  std::vector<uint32_t> out(1, 0);
  EXPECT_EQ(run(warpgroupKernel("\tsetmaxnreg.dec.sync.aligned.u32 40;\n"
                                "\tsetmaxnreg.inc.sync.aligned.u32 232;\n"),
                out, 1, 128),
            "");
  EXPECT_THAT(run(warpgroupKernel("\tsetmaxnreg.inc.sync.aligned.u32 300;\n"),
                  out, 1, 128),
              HasSubstr("(`setmaxnreg.inc.sync.aligned.u32 300;`), block "
                        "(0,0,0) thread (0,0,0): setmaxnreg 300 is out of "
                        "range: the register count must be a multiple of 8 "
                        "in [24, 256]"));
  EXPECT_THAT(run(warpgroupKernel("\tsetmaxnreg.dec.sync.aligned.u32 16;\n"),
                  out, 1, 128),
              HasSubstr("setmaxnreg 16 is out of range"));
  EXPECT_THAT(run(warpgroupKernel("\tsetmaxnreg.dec.sync.aligned.u32 40;\n"
                                  "\tsetmaxnreg.inc.sync.aligned.u32 32;\n"),
                  out, 1, 128),
              HasSubstr("setmaxnreg.inc to 32 after 40 registers goes the "
                        "wrong way"));
  // The whole warpgroup executes it: a block of 64 threads cannot.
  EXPECT_THAT(run(warpgroupKernel("\tsetmaxnreg.dec.sync.aligned.u32 40;\n"),
                  out, 1, 64),
              HasSubstr("a warpgroup instruction needs a warpgroup of 128 "
                        "threads"));
}

} // namespace
