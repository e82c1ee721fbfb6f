//===- EmulatorClusterTest.cpp - clusters, named barriers, elect ----------===//
//
// Hand-written sm_90a kernels using what the Hopper GEMMs build on:
// thread-block clusters (their special registers and launch sizes, the
// cluster barrier, distributed shared memory through mapa, mbarrier
// arrivals from another block, TMA multicast), named barriers with counts
// and elect.sync. Each feature runs right once, and each has planted bugs
// the emulator must report: the missing barrier, the access after a block
// exited, the mask naming a block outside the cluster.
//
//===----------------------------------------------------------------------===//

#include "EmulatorTestSupport.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

using namespace lmhead::runtime;
using namespace lmhead::runtime::emulator_test;
using ::testing::HasSubstr;

namespace {

constexpr char kRegisters[] = "\t.reg .pred %p<10>;\n"
                              "\t.reg .b16 %rs<10>;\n"
                              "\t.reg .b32 %r<40>;\n"
                              "\t.reg .b64 %rd<40>;\n";

/// The pointer parameter in %rd1 (global), %tid.x in %r1 and the rank of
/// the block in its cluster in %r2.
constexpr char kClusterPrologue[] = "\tld.param.u64 %rd1, [k_param_0];\n"
                                    "\tcvta.to.global.u64 %rd1, %rd1;\n"
                                    "\tmov.u32 %r1, %tid.x;\n"
                                    "\tmov.u32 %r2, %cluster_ctarank;\n";

/// Arrives at the cluster barrier and waits for the whole cluster.
constexpr char kClusterSync[] = "\tbarrier.cluster.arrive.aligned;\n"
                                "\tbarrier.cluster.wait.aligned;\n";

/// Stores %r<value> to the u32 buffer at index %r<index>.
std::string storeAt(const std::string &index, const std::string &value) {
  return "\tmul.wide.u32 %rd30, " + index + ", 4;\n" +
         "\tadd.s64 %rd31, %rd1, %rd30;\n" + "\tst.global.u32 [%rd31], " +
         value + ";\n";
}

TEST(EmulatorClusterTest, SpecialRegistersDescribeTheCluster) {
  std::string ptx = kernel(
      kRegisters, std::string(kClusterPrologue) +
                      "\tmov.u32 %r3, %ctaid.x;\n"
                      "\tmov.u32 %r4, %cluster_nctarank;\n"
                      "\tmov.u32 %r5, %cluster_ctaid.x;\n"
                      "\tmov.u32 %r6, %clusterid.x;\n"
                      "\tmov.u32 %r7, %nclusterid.x;\n"
                      "\tmov.u32 %r8, %cluster_nctaid.x;\n"
                      "\tmov.pred %p1, %is_explicit_cluster;\n"
                      "\tselp.u32 %r9, 1, 0, %p1;\n"
                      "\tmul.wide.u32 %rd2, %r3, 32;\n"
                      "\tadd.s64 %rd3, %rd1, %rd2;\n"
                      "\tst.global.v4.u32 [%rd3], {%r3, %r2, %r4, %r5};\n"
                      "\tst.global.v4.u32 [%rd3+16], {%r6, %r7, %r8, "
                      "%r9};\n"
                      "\tret;");
  std::vector<uint32_t> buffer(32, 0xdeadbeef);
  ASSERT_EQ(run(ptx, buffer, 4, 1, false, /*cluster=*/2), "");
  for (uint32_t b = 0; b < 4; ++b) {
    std::vector<uint32_t> expected = {b, b % 2, 2, b % 2, b / 2, 2, 2, 1};
    EXPECT_EQ(std::vector<uint32_t>(buffer.begin() + 8 * b,
                                    buffer.begin() + 8 * b + 8),
              expected)
        << "block " << b;
  }
  // Without clusters every block is a cluster of one.
  ASSERT_EQ(run(ptx, buffer, 2, 1), "");
  EXPECT_EQ(std::vector<uint32_t>(buffer.begin() + 8, buffer.begin() + 16),
            (std::vector<uint32_t>{1, 0, 1, 0, 1, 2, 1, 0}));
}

TEST(EmulatorClusterTest, LaunchesNeedWholeClustersOfAtMostEightOnSm90) {
  std::string ptx = kernel(kRegisters, "\tret;");
  std::vector<uint32_t> buffer(4);
  EXPECT_THAT(run(ptx, buffer, 3, 32, false, 2),
              HasSubstr("grid x = 3 is not a multiple of the cluster's 2"));
  EXPECT_THAT(run(ptx, buffer, 16, 32, false, 16),
              HasSubstr("a cluster of 16 blocks; at most 8 (the portable "
                        "cluster size) are emulated"));
  std::string sm80 = ptx;
  sm80.replace(sm80.find("sm_90a"), 6, "sm_80");
  EXPECT_THAT(run(sm80, buffer, 2, 32, false, 2),
              HasSubstr("thread-block clusters need sm_90 or later; the "
                        "module targets sm_80"));
  // A kernel that declares its clusters gets them without asking, and
  // refuses others.
  std::string declared =
      ".version 8.0\n.target sm_90a\n.address_size 64\n"
      ".visible .entry k(.param .u64 k_param_0) .reqnctapercluster 2, 1, 1\n"
      "{\n" +
      std::string(kRegisters) + kClusterPrologue +
      "\tmov.u32 %r3, %ctaid.x;\n" + storeAt("%r3", "%r2") + "\tret;\n}\n";
  ASSERT_EQ(run(declared, buffer, 4, 1), "");
  EXPECT_EQ(buffer, (std::vector<uint32_t>{0, 1, 0, 1}));
  EXPECT_THAT(run(declared, buffer, 4, 1, false, 4),
              HasSubstr("declares clusters of (2,1,1) blocks"));
}

/// Each block stores rank·100 + tid in its own shared memory, then reads
/// its peer's through mapa; the barriers order the stores before the
/// peer's loads, and the loads before either block exits.
std::string exchangeKernel(bool firstSync, bool secondSync) {
  return kernel(kRegisters,
                std::string(kClusterPrologue) +
                    "\tmad.lo.s32 %r3, %r2, 100, %r1;\n"
                    "\tmov.u32 %r4, slots;\n"
                    "\tshl.b32 %r5, %r1, 2;\n"
                    "\tadd.s32 %r6, %r4, %r5;\n"
                    "\tst.shared.u32 [%r6], %r3;\n" +
                    (firstSync ? kClusterSync : "") +
                    "\txor.b32 %r7, %r2, 1;\n"
                    "\tmapa.shared::cluster.u32 %r8, %r6, %r7;\n"
                    "\tld.shared::cluster.u32 %r9, [%r8];\n" +
                    (secondSync ? kClusterSync : "") +
                    "\tmov.u32 %r10, %ctaid.x;\n"
                    "\tmad.lo.s32 %r11, %r10, 32, %r1;\n" +
                    storeAt("%r11", "%r9") + "\tret;",
                ".shared .align 4 .b8 slots[128];\n");
}

TEST(EmulatorClusterTest, BlocksReadEachOthersSharedMemory) {
  std::vector<uint32_t> buffer(128, 0xdeadbeef);
  ASSERT_EQ(run(exchangeKernel(true, true), buffer, 4, 32, false, 2), "");
  for (uint32_t b = 0; b < 4; ++b)
    for (uint32_t t = 0; t < 32; ++t)
      EXPECT_EQ(buffer[b * 32 + t], (1 - b % 2) * 100 + t)
          << "block " << b << " thread " << t;
}

TEST(EmulatorClusterTest, AReadOfAnotherBlockNeedsTheClusterBarrier) {
  std::vector<uint32_t> buffer(64);
  // Block 0 reads block 1's slot before block 1 stored it: the store then
  // overwrites a load nothing orders before it.
  EXPECT_THAT(run(exchangeKernel(false, true), buffer, 2, 32, false, 2),
              HasSubstr("block (1,0,0) thread (0,0,0): shared-memory race: "
                        "store of 4 bytes at shared 0x0 of the cluster's "
                        "block 1, which thread (0,0,0) of block (0,0,0) "
                        "(another warp) loaded with no barrier or mbarrier "
                        "phase ordering it before"));
}

TEST(EmulatorClusterTest, ABlockMayNotExitWhileOthersReadItsSharedMemory) {
  std::vector<uint32_t> buffer(64);
  // Without the second barrier, block 1 (the first to leave the cluster
  // barrier here) reads and exits before block 0 reads it.
  EXPECT_THAT(run(exchangeKernel(true, false), buffer, 2, 32, false, 2),
              HasSubstr("block (0,0,0) thread (0,0,0): an access to the "
                        "shared memory of the cluster's block 1, which has "
                        "exited"));
}

TEST(EmulatorClusterTest, ClusterAddressesNeedTheClusterWindowAndAPeer) {
  std::string cta = exchangeKernel(true, true);
  cta.replace(cta.find("ld.shared::cluster"), 18, "ld.shared");
  std::vector<uint32_t> buffer(64);
  EXPECT_THAT(run(cta, buffer, 2, 32, false, 2),
              HasSubstr("out-of-bounds shared load of 4 bytes at 0x1000000"));
  std::string far = exchangeKernel(true, true);
  far.replace(far.find("xor.b32 %r7, %r2, 1"), 19, "mov.u32 %r7, 2");
  EXPECT_THAT(run(far, buffer, 2, 32, false, 2),
              HasSubstr("mapa to block 2 of a cluster of 2"));
}

TEST(EmulatorClusterTest, ClusterBarrierArrivalsAndWaitsAlternate) {
  std::vector<uint32_t> buffer(4);
  EXPECT_THAT(
      run(kernel(kRegisters, "\tbarrier.cluster.wait;\n\tret;"), buffer, 2, 32,
          false, 2),
      HasSubstr("barrier.cluster.wait without a barrier.cluster.arrive"));
  EXPECT_THAT(run(kernel(kRegisters, "\tbarrier.cluster.arrive;\n"
                                     "\tbarrier.cluster.arrive;\n\tret;"),
                  buffer, 2, 32, false, 2),
              HasSubstr("barrier.cluster.arrive again before the "
                        "barrier.cluster.wait of its last arrival"));
  // Block 1 waits on an mbarrier nobody arrives at, block 0 on block 1.
  std::string stuck = kernel(kRegisters,
                             std::string(kClusterPrologue) +
                                 "\tmov.u32 %r3, bar;\n"
                                 "\tsetp.eq.u32 %p1, %r2, 0;\n"
                                 "\t@%p1 bra $CLUSTER;\n"
                                 "\tmbarrier.init.shared.b64 [%r3], 1;\n"
                                 "$SPIN:\n"
                                 "\tmbarrier.try_wait.parity.shared.b64 %p2, "
                                 "[%r3], 0;\n"
                                 "\t@!%p2 bra $SPIN;\n"
                                 "$CLUSTER:\n" +
                                 kClusterSync + "\tret;",
                             ".shared .align 8 .b8 bar[8];\n");
  EXPECT_THAT(run(stuck, buffer, 2, 1, false, 2),
              HasSubstr("deadlock: every warp waits on an mbarrier phase or "
                        "the cluster barrier that can no longer complete"));
}

/// Block 1's threads store into block 0's shared memory and arrive at
/// block 0's mbarrier (count 32); block 0 waits on it and reads.
std::string remoteArrivalKernel(bool storeBeforeArrival) {
  std::string store = "\tst.shared::cluster.u32 [%r12], %r14;\n";
  std::string arrive = "\tmapa.shared::cluster.u32 %r13, %r10, 0;\n"
                       "\tmbarrier.arrive.release.cluster.shared::cluster.b64 "
                       "_, [%r13];\n";
  return kernel(
      kRegisters,
      std::string(kClusterPrologue) +
          "\tmov.u32 %r10, bar;\n"
          "\tmov.u32 %r11, data;\n"
          "\tsetp.eq.u32 %p1, %r2, 0;\n"
          "\tsetp.eq.u32 %p3, %r1, 0;\n"
          "\tand.pred %p4, %p1, %p3;\n"
          "\t@%p4 mbarrier.init.shared.b64 [%r10], 32;\n"
          "\tfence.mbarrier_init.release.cluster;\n" +
          kClusterSync +
          "\t@%p1 bra $CONSUMER;\n"
          "\tshl.b32 %r5, %r1, 2;\n"
          "\tadd.s32 %r6, %r11, %r5;\n"
          "\tmapa.shared::cluster.u32 %r12, %r6, 0;\n"
          "\tadd.s32 %r14, %r1, 1000;\n" +
          (storeBeforeArrival ? store + arrive : arrive + store) +
          "\tbra $DONE;\n"
          "$CONSUMER:\n"
          "\tmbarrier.try_wait.parity.shared.b64 %p2, [%r10], 0;\n"
          "\t@!%p2 bra $CONSUMER;\n"
          "\tshl.b32 %r5, %r1, 2;\n"
          "\tadd.s32 %r6, %r11, %r5;\n"
          "\tld.shared.u32 %r15, [%r6];\n" +
          storeAt("%r1", "%r15") + "$DONE:\n\tret;",
      ".shared .align 8 .b8 bar[8];\n.shared .align 4 .b8 data[128];\n");
}

TEST(EmulatorClusterTest, MbarrierArrivalsFromAnotherBlockOrderItsStores) {
  std::vector<uint32_t> buffer(32, 0xdeadbeef);
  ASSERT_EQ(run(remoteArrivalKernel(true), buffer, 2, 32, false, 2), "");
  for (uint32_t t = 0; t < 32; ++t)
    EXPECT_EQ(buffer[t], 1000 + t);
}

TEST(EmulatorClusterTest, AStoreAfterTheArrivalIsNotOrderedByIt) {
  std::vector<uint32_t> buffer(32);
  EXPECT_THAT(run(remoteArrivalKernel(false), buffer, 2, 32, false, 2),
              HasSubstr("block (0,0,0) thread (0,0,0): shared-memory race: "
                        "load of 4 bytes at shared 0x8 of the cluster's block "
                        "0, which thread (0,0,0) "
                        "of block (1,0,0) (another warp) stored with no "
                        "barrier or mbarrier phase ordering it before"));
}

TEST(EmulatorClusterTest, AThreadWaitsOnlyOnItsOwnBlocksMbarrier) {
  std::string ptx = remoteArrivalKernel(true);
  ptx.replace(ptx.find("\tbra $DONE;"), 11,
              "$PEER:\n\tmbarrier.try_wait.parity.shared::cluster.b64 %p5, "
              "[%r13], 0;\n\t@!%p5 bra $PEER;\n\tbra $DONE;");
  std::vector<uint32_t> buffer(32);
  EXPECT_THAT(run(ptx, buffer, 2, 32, false, 2),
              HasSubstr("mbarrier.try_wait on another block's mbarrier (at "
                        "shared 0x0 of the cluster's block 0)"));
}

/// Every block of the cluster sets up its mbarrier for the 2048-byte box;
/// block 0's thread 0 multicasts the box (the 16x32 f32 tensor of
/// writeSwizzledF32Map) to the blocks of `mask`; each thread then reads
/// element `tid` of the box's first row (unswizzled in the 128-byte
/// swizzle) and stores it at 544 + rank · 32 + tid.
std::string multicastKernel(const std::string &mask, bool everyBlockInits,
                            bool wait) {
  return kernel(
      kRegisters,
      std::string(kClusterPrologue) +
          "\tmov.u32 %r10, bar;\n"
          "\tmov.u32 %r11, tile;\n"
          "\tmov.u32 %r20, 0;\n"
          "\tsetp.eq.u32 %p1, %r1, 0;\n"
          "\tsetp.eq.u32 %p2, %r2, 0;\n"
          "\tand.pred %p3, %p1, %p2;\n" +
          (everyBlockInits ? "\t@%p1 mbarrier.init.shared.b64 [%r10], 1;\n"
                           : "\t@%p3 mbarrier.init.shared.b64 [%r10], 1;\n") +
          "\tfence.mbarrier_init.release.cluster;\n" + kClusterSync +
          (everyBlockInits ? "\t@%p1" : "\t@%p3") +
          " mbarrier.arrive.expect_tx.shared.b64 %rd5, [%r10], 2048;\n"
          "\tmov.u16 %rs1, " +
          mask +
          ";\n"
          "\t@%p3 cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::"
          "complete_tx::bytes.multicast::cluster [%r11], [%rd1, {%r20, "
          "%r20}], [%r10], %rs1;\n" +
          kClusterSync +
          (wait ? "$WAIT:\n"
                  "\tmbarrier.try_wait.parity.shared.b64 %p4, [%r10], 0;\n"
                  "\t@!%p4 bra $WAIT;\n"
                : "") +
          "\tshl.b32 %r5, %r1, 2;\n"
          "\tadd.s32 %r6, %r11, %r5;\n"
          "\tld.shared.u32 %r7, [%r6];\n"
          "\tmad.lo.s32 %r8, %r2, 32, %r1;\n"
          "\tadd.s32 %r9, %r8, 544;\n" +
          storeAt("%r9", "%r7") + kClusterSync + "\tret;",
      ".shared .align 1024 .b8 tile[2048];\n.shared .align 8 .b8 bar[8];\n");
}

TEST(EmulatorClusterTest, TmaMulticastLandsInEveryBlockOfTheMask) {
  std::vector<uint32_t> buffer(608, 0xdeadbeef);
  writeSwizzledF32Map(buffer);
  for (uint32_t i = 0; i < 512; ++i)
    buffer[32 + i] = i * 7 + 1;
  ASSERT_EQ(run(multicastKernel("3", true, true), buffer, 2, 32, false, 2), "");
  for (uint32_t rank = 0; rank < 2; ++rank)
    for (uint32_t t = 0; t < 32; ++t)
      EXPECT_EQ(buffer[544 + rank * 32 + t], t * 7 + 1)
          << "block " << rank << " element " << t;
}

TEST(EmulatorClusterTest, TmaMulticastChecksItsMaskAndEveryMbarrier) {
  std::vector<uint32_t> buffer(608, 0);
  writeSwizzledF32Map(buffer);
  EXPECT_THAT(run(multicastKernel("5", true, true), buffer, 2, 32, false, 2),
              HasSubstr("the block mask 0x5 names block 2 of a cluster of 2"));
  EXPECT_THAT(run(multicastKernel("3", false, true), buffer, 2, 32, false, 2),
              HasSubstr("cp.async.bulk.tensor: the mbarrier at shared 0x800 "
                        "of the cluster's block 1 is used before "
                        "mbarrier.init"));
  // Block 1 reads the box without waiting on its own mbarrier.
  EXPECT_THAT(run(multicastKernel("3", true, false), buffer, 2, 32, false, 2),
              HasSubstr("TMA"));
}

/// Warps 0 and 1 store a slot each and arrive at named barrier 1 (96
/// threads) without waiting; warp 2 waits there, then reads both slots.
std::string producerConsumerKernel(const std::string &producerArrive,
                                   const std::string &consumerWait) {
  return kernel(kRegisters,
                std::string(kClusterPrologue) +
                    "\tmov.u32 %r10, slots;\n"
                    "\tshl.b32 %r5, %r1, 2;\n"
                    "\tadd.s32 %r6, %r10, %r5;\n"
                    "\tsetp.ge.u32 %p1, %r1, 64;\n"
                    "\t@%p1 bra $CONSUMER;\n"
                    "\tadd.s32 %r7, %r1, 5;\n"
                    "\tst.shared.u32 [%r6], %r7;\n" +
                    producerArrive +
                    "\tret;\n"
                    "$CONSUMER:\n" +
                    consumerWait +
                    "\tld.shared.u32 %r8, [%r6+-256];\n"
                    "\tld.shared.u32 %r9, [%r6+-128];\n"
                    "\tadd.s32 %r11, %r8, %r9;\n"
                    "\tsub.s32 %r12, %r1, 64;\n" +
                    storeAt("%r12", "%r11") + "\tret;",
                ".shared .align 4 .b8 slots[384];\n");
}

TEST(EmulatorClusterTest, NamedBarriersOrderProducersBeforeConsumers) {
  std::vector<uint32_t> buffer(32, 0xdeadbeef);
  ASSERT_EQ(run(producerConsumerKernel("\tbar.arrive 1, 96;\n",
                                       "\tbar.sync 1, 96;\n"),
                buffer, 1, 96),
            "");
  for (uint32_t t = 0; t < 32; ++t)
    EXPECT_EQ(buffer[t], (t + 5) + (t + 32 + 5));
}

TEST(EmulatorClusterTest, NamedBarrierMisuseIsReported) {
  std::vector<uint32_t> buffer(32);
  // No barrier: the consumer reads what nothing ordered.
  EXPECT_THAT(run(producerConsumerKernel("", ""), buffer, 1, 96),
              HasSubstr("shared-memory race: load of 4 bytes at shared 0x0, "
                        "which thread (0,0,0) (another warp) stored"));
  // Counts that disagree.
  EXPECT_THAT(run(producerConsumerKernel("\tbar.arrive 1, 96;\n",
                                         "\tbar.sync 1, 64;\n"),
                  buffer, 1, 96),
              HasSubstr("barrier 1 is arrived at with 64 count, its phase "
                        "began with 96"));
  // A count larger than the block.
  EXPECT_THAT(run(producerConsumerKernel("\tbar.arrive 1, 128;\n",
                                         "\tbar.sync 1, 128;\n"),
                  buffer, 1, 96),
              HasSubstr("barrier 1 with a count of 128 threads: it must be a "
                        "multiple of 32, at most the block's 96"));
  // The producers exit without arriving: the consumer waits forever.
  EXPECT_THAT(
      run(producerConsumerKernel("", "\tbar.sync 1, 96;\n"), buffer, 1, 96),
      HasSubstr("deadlock: barrier 1 waits for 96 threads; 32 arrived "
                "and no other thread can run"));
}

TEST(EmulatorClusterTest, ElectSyncElectsTheLowestLaneOfItsMask) {
  std::string ptx = kernel(kRegisters, std::string(kClusterPrologue) +
                                           "\telect.sync %r3|%p1, 0xfffffff0;\n"
                                           "\tselp.u32 %r4, 100, 0, %p1;\n"
                                           "\tadd.s32 %r5, %r3, %r4;\n" +
                                           storeAt("%r1", "%r5") + "\tret;");
  std::vector<uint32_t> buffer(32, 0xdeadbeef);
  ASSERT_EQ(run(ptx, buffer, 1, 32), "");
  for (uint32_t t = 0; t < 32; ++t)
    EXPECT_EQ(buffer[t], t == 4 ? 104u : 4u) << "lane " << t;
  // Lanes of the mask that do not execute it.
  std::string half = kernel(kRegisters, std::string(kClusterPrologue) +
                                            "\tsetp.lt.u32 %p2, %r1, 16;\n"
                                            "\t@!%p2 bra $END;\n"
                                            "\telect.sync _|%p1, -1;\n"
                                            "$END:\n\tret;");
  EXPECT_THAT(run(half, buffer, 1, 32),
              HasSubstr("elect.sync with membermask 0xffffffff, which lane "
                        "16 does not execute"));
}

/// Thread 0 arrives at its block's mbarrier (expecting 64 arrivals) with
/// count `first`, threads 1..24 with count 1 each; whoever sees the phase
/// complete stores 1.
std::string countedArrivalKernel(int first) {
  return kernel(kRegisters,
                std::string(kClusterPrologue) +
                    "\tmov.u32 %r10, bar;\n"
                    "\tsetp.eq.u32 %p1, %r1, 0;\n"
                    "\t@%p1 mbarrier.init.shared.b64 [%r10], 64;\n"
                    "\tbar.sync 0;\n"
                    "\tsetp.gt.u32 %p2, %r1, 24;\n"
                    "\t@%p2 bra $WAIT;\n"
                    "\tselp.u32 %r11, " +
                    std::to_string(first) +
                    ", 1, %p1;\n"
                    "\tmbarrier.arrive.shared.b64 %rd5, [%r10], %r11;\n"
                    "$WAIT:\n"
                    "\tmbarrier.try_wait.parity.shared.b64 %p3, [%r10], 0;\n"
                    "\t@!%p3 bra $WAIT;\n"
                    "\tmov.u32 %r12, 1;\n" +
                    storeAt("%r1", "%r12") + "\tret;",
                ".shared .align 8 .b8 bar[8];\n");
}

TEST(EmulatorClusterTest, AnArrivalCountsAsManyArrivalsAsItsCount) {
  // 40 + 24 = 64: the phase completes and every thread gets past it.
  std::vector<uint32_t> buffer(32, 0);
  ASSERT_EQ(run(countedArrivalKernel(40), buffer, 1, 32), "");
  for (uint32_t t = 0; t < 32; ++t)
    EXPECT_EQ(buffer[t], 1u) << t;
  // 39 + 24: one arrival short, nobody gets past.
  EXPECT_THAT(run(countedArrivalKernel(39), buffer, 1, 32),
              HasSubstr("deadlock"));
  // More than the phase has left, or none.
  EXPECT_THAT(run(countedArrivalKernel(65), buffer, 1, 32),
              HasSubstr("mbarrier arrival beyond its expected count"));
  EXPECT_THAT(run(countedArrivalKernel(0), buffer, 1, 32),
              HasSubstr("mbarrier arrival with a count of 0"));
}

/// Lanes 1..31 branch back to spin on an mbarrier that lane 0, further
/// on in the code, arrives at; then every lane stores 1. The spinning lanes
/// always have the lower program counter.
std::string spinBehindKernel() {
  return kernel(kRegisters,
                std::string(kClusterPrologue) +
                    "\tmov.u32 %r10, bar;\n"
                    "\tbra $START;\n"
                    "$SPIN:\n"
                    "\tmbarrier.try_wait.parity.shared.b64 %p3, [%r10], 0;\n"
                    "\t@!%p3 bra $SPIN;\n"
                    "\tbra $DONE;\n"
                    "$START:\n"
                    "\tsetp.eq.u32 %p1, %r1, 0;\n"
                    "\t@%p1 mbarrier.init.shared.b64 [%r10], 1;\n"
                    "\tbar.sync 0;\n"
                    "\t@!%p1 bra $SPIN;\n"
                    "\tmbarrier.arrive.shared.b64 %rd5, [%r10];\n"
                    "\tbra $SPIN;\n"
                    "$DONE:\n"
                    "\tmov.u32 %r12, 1;\n" +
                    storeAt("%r1", "%r12") + "\tret;",
                ".shared .align 8 .b8 bar[8];\n");
}

TEST(EmulatorClusterTest, LanesSpinningOnAnMbarrierLetTheirWarpsOtherLanesRun) {
  // The hardware runs a diverged warp's paths independently, so lane 0
  // arrives however long the others spin; the emulator must not report a
  // deadlock because the spinning lanes come first in the code.
  std::vector<uint32_t> buffer(32, 0);
  ASSERT_EQ(run(spinBehindKernel(), buffer, 1, 32), "");
  for (uint32_t t = 0; t < 32; ++t)
    EXPECT_EQ(buffer[t], 1u) << t;
}

} // namespace
