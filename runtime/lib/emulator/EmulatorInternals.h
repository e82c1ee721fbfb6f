//===- EmulatorInternals.h - the PTX interpreter's shared pieces -*- C++
//-*-===//
//
// What the interpreter's files share: data types and their bits, the
// operations of Instructions.def, decoded kernels, and the BlockRunner that
// executes one block. Each family of instructions is implemented in a file
// of its own (Arithmetic.cpp, Memory.cpp, AsyncCopies.cpp, MatrixOps.cpp,
// WarpOps.cpp); Interpreter.cpp schedules warps and dispatches, Decoder.cpp
// decodes, SoftFloat.cpp holds the 16-bit floats and directed rounding.
//
// Asynchronous operations are modelled as the PTX memory model orders them,
// not as whatever order the emulator happens to run them in:
//  - a wgmma's results reach its accumulator registers only when the
//    wgmma.wait_group that retires it runs; until then its registers may not
//    be touched and the shared memory it reads may not be overwritten by
//    anyone who has not learnt (through program order, a wait_group, an
//    mbarrier phase or bar.sync) that it retired;
//  - a TMA copy lands when its mbarrier phase completes, and only threads
//    that have observed that completion (or synchronised with one that did)
//    may read what it wrote.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_RUNTIME_LIB_EMULATOR_EMULATORINTERNALS_H
#define LMHEAD_RUNTIME_LIB_EMULATOR_EMULATORINTERNALS_H

#include "GlobalTraffic.h"
#include "Interpreter.h"
#include "TensorMap.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace lmhead::runtime::emulator {

constexpr unsigned kWarpSize = 32;
constexpr unsigned kWarpgroupSize = 128;

//===----------------------------------------------------------------------===//
// Types and bits
//===----------------------------------------------------------------------===//

enum class Kind { Bits, Unsigned, Signed, Float, Pred };

/// A PTX data type as the interpreter computes with it.
struct Type {
  Kind kind = Kind::Bits;
  unsigned bits = 32;
  /// f16/bf16 are floats of 16 bits; `brain` tells which.
  bool brain = false;
  /// f16x2/bf16x2: two 16-bit floats in 32 bits, computed lane by lane.
  bool packed = false;
  unsigned bytes() const { return kind == Kind::Pred ? 1 : bits / 8; }
  /// The type of one half of a packed type.
  Type half() const { return Type{Kind::Float, 16, brain, false}; }
};

/// The type a modifier names (".f32" without its dot), if it is one.
std::optional<Type> typeOf(const std::string &name);

inline uint64_t mask(unsigned bits) {
  return bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
}

inline int64_t signExtend(uint64_t value, unsigned bits) {
  if (bits >= 64)
    return static_cast<int64_t>(value);
  uint64_t sign = uint64_t(1) << (bits - 1);
  value &= mask(bits);
  return static_cast<int64_t>((value ^ sign) - sign);
}

inline float asFloat(uint64_t bits) {
  uint32_t word = static_cast<uint32_t>(bits);
  float value;
  std::memcpy(&value, &word, 4);
  return value;
}
inline uint64_t fromFloat(float value) {
  uint32_t word;
  std::memcpy(&word, &value, 4);
  return word;
}
inline double asDouble(uint64_t bits) {
  double value;
  std::memcpy(&value, &bits, 8);
  return value;
}
inline uint64_t fromDouble(double value) {
  uint64_t bits;
  std::memcpy(&bits, &value, 8);
  return bits;
}

//===----------------------------------------------------------------------===//
// Operations and 16-bit floats (SoftFloat.cpp)
//===----------------------------------------------------------------------===//

/// Every operation of Instructions.def.
enum class Op {
#define LMHEAD_PTX_LANE_OP(OP, MNEMONIC, HANDLER) OP,
#define LMHEAD_PTX_WARPGROUP_OP(OP, MNEMONIC, HANDLER) OP,
#include "Instructions.def"
};

/// Every f16 as a float, by its bits (filled when the library loads: the
/// tensor-core instructions convert each operand element, and a lookup is
/// cheaper than the branches).
extern float halfValues[1 << 16];
/// f16 bits to float and back (round to nearest even).
inline float halfToFloat(uint16_t h) { return halfValues[h]; }
uint16_t floatToHalf(float value);
/// bf16 bits to float and back (round to nearest even, NaN kept quiet).
inline float bf16ToFloat(uint16_t b) { return asFloat(uint64_t(b) << 16); }
uint16_t floatToBf16(float value);

/// One row of a matrix product as a tensor core accumulates it here:
/// `sum[j]` after sum[j] = fma(a[k], b[k · bStride + j], sum[j]) for
/// k = 0 .. n − 1, for every j < width, each step rounded once (f32
/// accumulation); with the CPU's vector fused multiply-add where it has
/// one, columns side by side, each rounded the same way.
void fmaRows(float *sum, const float *a, const float *b, unsigned n,
             unsigned width, unsigned bStride);

/// `op` (Add, Sub, Mul, Div, Min, Max) of two floats of `type` (packed
/// types half by half), rounded to nearest, flushing subnormals if `ftz`.
uint64_t floatBinary(Op op, const Type &type, uint64_t a, uint64_t b, bool ftz);
/// `op` (Add .. Xor) of two integers of `type`, wrapping at its width.
uint64_t integerBinary(Op op, const Type &type, uint64_t a, uint64_t b);

/// The value of `bits` (of type `type`) as a double, for conversions.
double toDouble(uint64_t bits, const Type &type);

/// f32 add, sub, mul, div and fma rounded as `mode` says ("rz", "rm", "rp").
float directedF32(Op op, float x, float y, float z, const std::string &mode);
/// The 16-bit float of op(x, y) (f16 or bf16, by the converters given),
/// rounded as `rounding` says ("rz", "rm", "rp"; else to nearest even).
uint16_t directedHalf(Op op, double x, double y, const std::string &rounding,
                      float (*toF)(uint16_t), uint16_t (*fromF)(float));
/// f64 add, sub, mul, div and fma rounded as `rounding` says.
double directedF64(Op op, double x, double y, double z,
                   const std::string &rounding);

//===----------------------------------------------------------------------===//
// Decoded kernels (Decoder.cpp)
//===----------------------------------------------------------------------===//

enum class Space { Generic, Param, Global, Shared, Local, Const };

/// Special registers (%tid.x, ...).
enum class Special {
  None,
  TidX,
  TidY,
  TidZ,
  NtidX,
  NtidY,
  NtidZ,
  CtaidX,
  CtaidY,
  CtaidZ,
  NctaidX,
  NctaidY,
  NctaidZ,
  LaneId,
  WarpId,
  NWarpId,
  Clock,
  Clock64,
  DynamicSharedSize,
  TotalSharedSize,
  // Thread-block clusters (sm_90): the block's place in its cluster, the
  // cluster's size, the cluster's place in the grid.
  ClusterCtaidX,
  ClusterCtaidY,
  ClusterCtaidZ,
  ClusterNctaidX,
  ClusterNctaidY,
  ClusterNctaidZ,
  ClusterCtarank,
  ClusterNctarank,
  ClusteridX,
  ClusteridY,
  ClusteridZ,
  NclusteridX,
  NclusteridY,
  NclusteridZ,
  IsExplicitCluster
};

/// setp's comparison (the unordered float ones end in U).
enum class Comparison : uint8_t {
  None,
  Eq,
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
  Lo,
  Ls,
  Hi,
  Hs,
  EqU,
  NeU,
  LtU,
  LeU,
  GtU,
  GeU,
  Num,
  Nan
};

/// A decoded operand.
struct Value {
  enum class Kind {
    Register,
    Immediate,
    Special,
    Address,
    Vector,
    Label,
    Sink
  };
  Kind kind = Kind::Immediate;
  int reg = -1;
  uint64_t imm = 0;
  Special special = Special::None;
  bool negated = false;
  /// Address: [reg + offset] or [symbol + offset] (symbol resolved into
  /// `imm`; `symbolSpace` says where it lives).
  Space symbolSpace = Space::Generic;
  std::vector<Value> elements;
  std::size_t target = 0;
};

/// A decoded instruction.
struct Decoded {
  const ptx::Instruction *source = nullptr;
  Op op = Op::Nop;
  Type type;
  /// cvt's source type; mul/mad's mode (lo, hi, wide).
  Type sourceType;
  std::string mode;
  Space space = Space::Generic;
  /// The state space was written .shared::cluster: the address may name
  /// another block's shared memory (from mapa), not only this block's.
  bool clusterWindow = false;
  unsigned vector = 1;
  bool ftz = false, saturate = false, approx = false;
  std::string compare, boolOp, atomOp, shflMode, voteMode, rounding;
  /// What the interpreter tests on every lane, decoded once from the
  /// strings above: a directed rounding (.rz, .rm, .rp), mul/mad .wide
  /// and .hi, setp's comparison.
  bool directed = false, wide = false, high = false;
  Comparison comparison = Comparison::None;
  int guard = -1;
  bool guardNegated = false;
  std::vector<Value> operands;
  /// Every type modifier in order (mma's D, A, B and C types).
  std::vector<Type> types;
  /// mma's shape (m16n8k16, ...), ldmatrix's matrix count (x1, x2, x4) and
  /// transposition; cp.async's copy size and the groups kept by a wait.
  unsigned m = 0, n = 0, k = 0, count = 1;
  bool transpose = false;
  /// mma and wgmma with tf32 operands.
  bool tf32 = false;
};

/// Where the kernel's .shared variables lie.
struct SharedLayout {
  std::map<std::string, uint64_t> offsets;
  uint64_t staticBytes = 0;
  std::string dynamicName;
};

/// A kernel ready to run.
struct DecodedKernel {
  std::vector<Decoded> code;
  unsigned registers = 0;
  std::map<std::string, uint64_t> paramOffsets;
  uint64_t paramBytes = 0;
  SharedLayout shared;
  std::map<std::string, uint64_t> localOffsets;
  uint64_t localBytes = 0;
  /// Registers some wgmma uses as accumulators (indexed by register): an
  /// access to one while a wgmma in flight writes it is a hazard.
  std::vector<uint8_t> wgmmaRegisters;
  bool hasWgmma = false;
  /// Register names by index, for messages.
  std::vector<std::string> registerNames;
};

/// Decodes `kernel` (with the module's shared variables, and its device
/// variables at the addresses `variables` gives, if any). On failure
/// returns false with `error` naming the line.
bool decodeKernel(const ptx::Module &module, const ptx::Function &kernel,
                  DecodedKernel &out, std::string &error,
                  const std::map<std::string, uint64_t> *variables = nullptr);

/// The shared-memory byte offset of element (mn, k) of a wgmma operand of
/// `elementBytes`-byte elements (2: f16, bf16; 4: tf32) described by
/// `descriptor` (start address, leading and stride byte offsets, swizzle
/// mode, as the PTX ISA encodes them), K-major or, when `mnMajor`,
/// MN-major (2-byte elements only).
uint64_t wgmmaOperandOffset(uint64_t descriptor, unsigned mn, unsigned k,
                            bool mnMajor, unsigned elementBytes = 2);

inline uint64_t alignUp(uint64_t value, uint64_t align) {
  return align ? (value + align - 1) / align * align : value;
}

//===----------------------------------------------------------------------===//
// Execution state
//===----------------------------------------------------------------------===//

/// One cp.async copy, done when its group is waited for.
struct AsyncCopy {
  uint64_t sharedOffset;
  uint64_t source;
  unsigned bytes, sourceBytes;
  const Decoded *instruction;
};

/// What a thread knows has happened elsewhere, passed on as the PTX memory
/// model passes it (an arrival at an mbarrier, a named barrier or the
/// cluster barrier releases it; observing the phase completion, leaving
/// bar.sync or barrier.cluster.wait acquires it): per warpgroup, the last
/// wgmma known to have retired; per mbarrier id, the stamp of the last
/// phase completion seen; per warp, the warp's clock (see
/// BlockRunner::warpClocks) up to which its memory accesses are ordered
/// before this thread's.
struct Knowledge {
  std::vector<uint64_t> retired;
  std::vector<uint32_t> observed;
  std::vector<uint32_t> clocks;

  /// Takes in everything `other` knows.
  void merge(const Knowledge &other);
  uint64_t retiredOf(unsigned warpgroup) const {
    return warpgroup < retired.size() ? retired[warpgroup] : 0;
  }
  uint32_t observedOf(unsigned barrier) const {
    return barrier < observed.size() ? observed[barrier] : 0;
  }
  uint32_t clockOf(unsigned warp) const {
    return warp < clocks.size() ? clocks[warp] : 0;
  }
};

/// A TMA store (cp.async.bulk.tensor global <- shared) issued by a thread
/// and not yet complete: its map and box, the bulk async-group it is in,
/// and once a .read wait released its shared source, the box as read.
struct PendingBulkStore {
  TensorMap map;
  int64_t coordinate[5] = {};
  uint64_t sharedOffset = 0, bytes = 0;
  uint64_t group = 0;
  bool released = false;
  std::vector<unsigned char> data;
  const Decoded *instruction = nullptr;
};

/// One thread of the cluster.
struct Thread {
  unsigned tid[3] = {0, 0, 0};
  /// The thread's block: its rank in the cluster.
  unsigned rank = 0;
  /// Committed cp.async groups, oldest first; the last is still open.
  std::vector<std::vector<AsyncCopy>> asyncGroups{1};
  /// The fence.proxy.async this thread executed.
  uint32_t proxyFences = 0;
  /// Whether the thread has executed griddepcontrol.wait (in a
  /// programmatic launch it may touch global memory only then).
  bool waitedForPriorGrid = false;
  /// TMA stores not complete, and the bulk async-groups committed (a
  /// store's group is the count when it was issued).
  std::vector<PendingBulkStore> bulkStores;
  uint64_t bulkGroupsCommitted = 0;
  std::size_t pc = 0;
  bool exited = false;
  /// Waiting at bar.sync for the named barrier `barrierId`.
  bool atBarrier = false;
  unsigned barrierId = 0;
  /// barrier.cluster arrivals and completed waits: a wait completes once
  /// every thread of the cluster arrived as often as it waits.
  uint32_t clusterArrivals = 0, clusterWaits = 0;
  /// Waiting at a warpgroup instruction for the other 127 threads.
  bool atCollective = false;
  /// Waiting before an aligned barrier (bar.sync) for the lanes of its
  /// diverged warp that took other paths: the warp reconverges there.
  bool reconverging = false;
  std::vector<unsigned char> local;
  /// What this thread knows of retired wgmmas and completed phases.
  Knowledge known;
};

/// Who touched each shared byte: the last writer and up to two readers
/// not known to be ordered before each other (thread indices, -1 for
/// none), each with its warp's clock at the access; and the asynchronous
/// copies that wrote or will write it.
struct SharedShadow {
  int writer = -1, reader = -1, otherReader = -1;
  uint32_t writerClock = 0, readerClock = 0, otherReaderClock = 0;
  /// Whether anything (a store, a copy) wrote the byte in this block.
  bool written = false;
  /// A TMA copy into the byte is in flight (its mbarrier phase has not
  /// completed).
  bool tmaPending = false;
  /// TMA stores that still read the byte (until their thread's
  /// cp.async.bulk.wait_group.read): nothing may write it.
  uint16_t bulkStoreReads = 0;
  /// The thread whose generic-proxy write (a store, stmatrix, cp.async)
  /// the byte holds, or -1 (a TMA load's), and that thread's count of
  /// fence.proxy.async then: the async proxy (a TMA store) may read the
  /// byte only once the writer fenced since.
  int proxyWriter = -1;
  uint32_t proxyFencesAtWrite = 0;
  /// The mbarrier (id + 1) whose phase completion landed the last TMA copy
  /// into the byte, and that completion's stamp; 0 when a thread wrote it
  /// since.
  uint32_t tmaBarrier = 0, tmaStamp = 0;
};

/// A TMA copy issued and not yet landed.
struct PendingTma {
  uint64_t sharedOffset = 0;
  /// The box as it will lie in shared memory (swizzled).
  std::vector<unsigned char> data;
};

/// An mbarrier in shared memory (kept beside the bytes it occupies).
struct Mbarrier {
  uint64_t expected = 0, pending = 0;
  int64_t transactions = 0;
  unsigned phase = 0;
  /// Index into Knowledge::observed.
  unsigned id = 0;
  /// Stamp of the last phase completion (0: none yet).
  uint32_t completedStamp = 0;
  /// What the arriving threads of the current phase knew, and what the
  /// completed phases hand on to the threads that observe them.
  Knowledge releasing, released;
  /// TMA copies that land when the current phase completes.
  std::vector<PendingTma> copies;
};

/// Shared memory a wgmma reads, until every thread knows it retired.
struct WgmmaRead {
  unsigned warpgroup = 0;
  uint64_t sequence = 0;
  uint64_t begin = 0, end = 0;
  const Decoded *instruction = nullptr;
};

/// A wgmma issued and not yet retired.
struct WgmmaInFlight {
  uint64_t sequence = 0;
  std::vector<int> accumulators;
};

/// The asynchronous state of one warpgroup.
struct Warpgroup {
  /// wgmmas since the last commit_group, and committed groups (oldest
  /// first), not yet retired.
  std::vector<WgmmaInFlight> open;
  std::deque<std::vector<WgmmaInFlight>> committed;
  /// Per register: how many wgmmas in flight write it.
  std::vector<uint16_t> inFlight;
  /// Per thread of the warpgroup and register: the value the wgmmas in
  /// flight leave there (allocated with the first wgmma).
  std::vector<uint32_t> results;
  /// The last retired wgmma (every earlier one retired too).
  uint64_t retired = 0;
  /// The warpgroup ran a wgmma.fence.
  bool fenced = false;
  /// The last setmaxnreg value (0: none).
  unsigned maxRegisters = 0;

  std::size_t wgmmasInFlight() const;
};

/// A named barrier of one block (bar.sync / bar.arrive / barrier.sync
/// with ids 0 to 15): the threads arrived in its current phase, the count
/// that completes it (0: every thread of the block still running), and
/// what the arriving threads knew.
struct NamedBarrier {
  unsigned arrived = 0, expected = 0;
  Knowledge joined;
};

/// Named barriers per block.
constexpr unsigned kNamedBarriers = 16;
/// Shared::cluster addresses of another block's shared memory (what mapa
/// returns) are (rank + 1) · kClusterWindow + offset; smaller addresses
/// name the executing block's own.
constexpr uint64_t kClusterWindow = uint64_t(1) << 24;

//===----------------------------------------------------------------------===//
// BlockRunner
//===----------------------------------------------------------------------===//

/// Runs the blocks of one launch, a cluster at a time (a launch without
/// clusters has clusters of one block): the warps of every block of the
/// cluster take turns, so that blocks can wait for each other.
class BlockRunner {
public:
  BlockRunner(const DecodedKernel &kernel, const std::string &name,
              const LaunchRequest &request,
              const std::vector<unsigned char> &params)
      : kernel(kernel), name(name), request(request), params(params) {}

  /// Runs the cluster whose first block is `firstCtaid` to completion;
  /// false with `error` on a problem.
  bool run(const unsigned (&firstCtaid)[3], std::string &error);

  uint64_t warpInstructions() const { return steps; }
  uint64_t laneInstructions() const { return laneSteps; }
  uint64_t tensorCoreMacs() const { return macs; }
  /// What the clusters run so far did with global memory.
  const GlobalTrafficStats &globalTraffic() const { return trafficStats; }

private:
  // --- Scheduling (Interpreter.cpp) --------------------------------------
  int runWarp(unsigned w, std::string &error);
  bool execute(const Decoded &inst, unsigned first, std::string &error);
  int resolveCollectives(std::string &error);
  /// Completes the barriers without a count that every thread of their
  /// block still running has reached (exits complete them too); returns
  /// how many.
  int completeBarriers();
  /// Completes named barrier `id` of block `rank`: its waiting threads
  /// take in what the arrivals knew and go on.
  void completeBarrier(unsigned rank, unsigned id);
  /// Whether every thread of block `rank` has exited.
  bool blockExited(unsigned rank) const;
  /// The rank of thread `t`'s block, and the cluster's first thread of it.
  unsigned rankOf(unsigned t) const { return block[t].rank; }
  /// What thread `t` releases at an arrival: what it knows, with its own
  /// warp's clock advanced past the accesses made so far.
  Knowledge releaseOf(unsigned t);
  /// Whether an access of thread `other` (-1: none) made at its warp's
  /// clock `clock` is ordered before what thread `t` does now: the same
  /// warp (lanes run in lockstep), or `t` learnt of that clock.
  bool orderedBefore(int other, uint32_t clock, unsigned t) const {
    if (other < 0 || unsigned(other) / kWarpSize == t / kWarpSize)
      return true;
    return block[t].known.clockOf(unsigned(other) / kWarpSize) > clock;
  }
  bool runCollective(const Decoded &inst, unsigned first, std::string &error);
  /// Forgets the shared reads of wgmmas every thread knows retired.
  void pruneWgmmaReads();
  bool report(std::string &error, unsigned thread, const std::string &what);
  bool reportRegisterHazard(std::string &error);
  std::string threadName(int t) const;
  uint64_t special(Special s, unsigned t) const;
  /// Advances the active lanes past the instruction.
  void advance() {
    for (unsigned t : active)
      ++block[t].pc;
  }

  // --- Operand access for one lane ----------------------------------------
  /// Register `r` of thread `t`.
  uint64_t &reg(unsigned t, int r) {
    return registerFile[std::size_t(r) * threadCount + t];
  }
  uint64_t reg(unsigned t, int r) const {
    return registerFile[std::size_t(r) * threadCount + t];
  }
  uint64_t read(const Value &value, unsigned t) {
    switch (value.kind) {
    case Value::Kind::Register: {
      if (wgmmaAccumulatorsInFlight)
        touchWgmmaRegister(value.reg, t, /*write=*/false);
      uint64_t bits = reg(t, value.reg);
      return value.negated ? !bits : bits;
    }
    case Value::Kind::Special:
      return special(value.special, t);
    default:
      return value.imm;
    }
  }
  void write(const Value &value, unsigned t, uint64_t bits, const Type &type) {
    if (value.kind != Value::Kind::Register)
      return;
    if (wgmmaAccumulatorsInFlight)
      touchWgmmaRegister(value.reg, t, /*write=*/true);
    reg(t, value.reg) =
        type.kind == Kind::Pred ? (bits != 0) : bits & mask(type.bits);
  }
  /// Notes an ordinary access to a register some wgmma uses: a hazard while
  /// a wgmma in flight writes it (reported after the instruction).
  void touchWgmmaRegister(int reg, unsigned t, bool write) {
    if (!kernel.wgmmaRegisters[reg] ||
        !warpgroups[t / kWarpgroupSize].inFlight[reg] || hazardThread >= 0)
      return;
    hazardThread = static_cast<int>(t);
    hazardRegister = reg;
    hazardIsWrite = write;
  }

  // --- Memory (Memory.cpp) --------------------------------------------------
  unsigned char *memory(Space space, uint64_t address, uint64_t bytes,
                        unsigned t, bool store, std::string &error,
                        bool atomic = false);
  bool checkRace(uint64_t offset, uint64_t bytes, unsigned t, bool store,
                 std::string &error);
  bool checkWgmmaReads(uint64_t offset, uint64_t bytes, unsigned t,
                       const char *what, std::string &error);
  uint64_t addressOf(const Value &value, unsigned t) const {
    uint64_t base = value.reg >= 0 ? reg(t, value.reg) : 0;
    return base + value.imm;
  }
  Space spaceOf(const Decoded &inst, const Value &address) const {
    if (inst.space != Space::Generic)
      return inst.space;
    return address.reg < 0 ? address.symbolSpace : Space::Generic;
  }
  /// The offset in `shared` of `bytes` at `address` of the shared window
  /// for thread `t`: the shared::cta window (its own block's) or, for an
  /// instruction of the shared::cluster window, any block's of the
  /// cluster. False with a report when it is outside, or the block it
  /// names has exited.
  bool sharedOffset(uint64_t address, uint64_t bytes, unsigned t,
                    uint64_t &offset, std::string &error,
                    const char *verb = "access");
  /// "shared 0x…" (the block's own offset), with the block's rank in a
  /// cluster.
  std::string describeShared(uint64_t offset) const;
  bool executeLoadStore(const Decoded &inst, std::string &error);
  bool executeCvta(const Decoded &inst, std::string &error);
  /// mapa: the shared::cluster (or generic) address of the same place in
  /// another block of the cluster; getctarank: the block an address names.
  /// The offset in `shared` of `address`, a shared::cluster (or, for an
  /// instruction without a state space, a generic) address, for mapa and
  /// getctarank.
  bool clusterOffset(const Decoded &inst, uint64_t address, unsigned t,
                     uint64_t &offset, std::string &error);
  bool executeMapa(const Decoded &inst, std::string &error);
  bool executeGetctarank(const Decoded &inst, std::string &error);
  bool executeAtomic(const Decoded &inst, std::string &error);

  // --- Arithmetic (Arithmetic.cpp) ------------------------------------------
  bool executeMove(const Decoded &inst, std::string &error);
  bool executeConvert(const Decoded &inst, std::string &error);
  bool executeSelect(const Decoded &inst, std::string &error);
  bool executeSetPredicate(const Decoded &inst, std::string &error);
  bool executeBinary(const Decoded &inst, std::string &error);
  bool executeMultiplyAdd(const Decoded &inst, std::string &error);
  bool executeUnary(const Decoded &inst, std::string &error);
  /// `copysign.f32/f64 d, a, b`: b's magnitude with a's sign.
  bool executeCopySign(const Decoded &inst, std::string &error);
  bool executeShift(const Decoded &inst, std::string &error);
  bool executeBitFieldExtract(const Decoded &inst, std::string &error);
  bool executeFloatFunction(const Decoded &inst, std::string &error);

  // --- Asynchronous copies, TMA, mbarriers (AsyncCopies.cpp) ---------------
  bool executeCpAsync(const Decoded &inst, std::string &error);
  bool executeCpAsyncCommit(const Decoded &inst, std::string &error);
  bool executeCpAsyncWait(const Decoded &inst, std::string &error);
  bool executeBulkTensor(const Decoded &inst, std::string &error);
  bool executeMbarrier(const Decoded &inst, std::string &error);
  bool completeAsync(unsigned t, uint64_t keep, std::string &error);
  bool bulkTensor(const Decoded &inst, unsigned t, std::string &error);
  Mbarrier *mbarrierAt(const Decoded &inst, const Value &address, unsigned t,
                       std::string &error, bool create = false);
  /// The mbarrier at `offset` in `shared`, or null with a report naming
  /// `user` when none was initialised there.
  Mbarrier *mbarrierAtOffset(uint64_t offset, unsigned t, const char *user,
                             std::string &error);
  /// Lands a TMA box read for thread `t` at the shared `offset` of the
  /// mbarrier at `barrierOffset`, after the checks that nothing reads or
  /// writes those bytes meanwhile.
  bool issueTmaCopy(PendingTma copy, uint64_t barrierOffset, unsigned t,
                    std::string &error);
  void completePhase(Mbarrier &bar);
  std::string describeMbarriers() const;

  // --- Matrix operations (MatrixOps.cpp) -------------------------------------
  bool executeMma(const Decoded &inst, std::string &error);
  bool executeLdmatrix(const Decoded &inst, std::string &error);
  bool executeStmatrix(const Decoded &inst, std::string &error);
  bool executePrefetch(const Decoded &inst, std::string &error);
  bool executeFence(const Decoded &inst, std::string &error);
  /// The tensor map at `address` (global, or a parameter's generic
  /// address: a map the kernel takes by value), for `user`'s message;
  /// false with a report when it is not one this runtime encoded.
  bool tensorMapAt(uint64_t address, unsigned t, const char *user,
                   TensorMap &map, std::string &error);
  bool executeBulkTensorStore(const Decoded &inst, std::string &error);
  bool executeBulkCommit(const Decoded &inst, std::string &error);
  bool executeBulkWait(const Decoded &inst, std::string &error);
  /// Completes thread `t`'s TMA stores of the committed bulk groups but
  /// the `keep` newest: their shared source is released, and unless
  /// `readOnly`, the box is written to global memory.
  bool completeBulkStores(unsigned t, uint64_t keep, bool readOnly, bool all,
                          std::string &error);
  bool executeWgmma(const Decoded &inst, unsigned first, std::string &error);
  bool executeWgmmaFence(const Decoded &inst, unsigned first,
                         std::string &error);
  bool executeWgmmaCommit(const Decoded &inst, unsigned first,
                          std::string &error);
  bool executeWgmmaWait(const Decoded &inst, unsigned first,
                        std::string &error);
  bool retireWgmmas(unsigned group, std::size_t keep);

  // --- Control flow and warp operations (WarpOps.cpp) -----------------------
  bool executeNop(const Decoded &inst, std::string &error);
  bool executeGridDepControl(const Decoded &inst, std::string &error);
  bool executeBranch(const Decoded &inst, std::string &error);
  bool executeExit(const Decoded &inst, std::string &error);
  bool executeBarrier(const Decoded &inst, std::string &error);
  /// barrier.cluster.arrive / barrier.cluster.wait.
  bool executeClusterBarrier(const Decoded &inst, std::string &error);
  std::string describeClusterBarrier() const;
  bool executeShuffle(const Decoded &inst, std::string &error);
  bool executeVote(const Decoded &inst, std::string &error);
  bool executeElect(const Decoded &inst, std::string &error);
  bool executeSetmaxnreg(const Decoded &inst, unsigned first,
                         std::string &error);
  bool wholeWarp(std::string &error);

  const DecodedKernel &kernel;
  const std::string &name;
  const LaunchRequest &request;
  const std::vector<unsigned char> &params;
  /// Set while tensorMapAt reads a map: a programmatic launch may read the
  /// maps the host wrote before it waits for the grid before it.
  bool readingTensorMap = false;
  /// The cluster: its size in blocks per dimension and in all, the block
  /// of each rank, the threads of a block and the thread slots each takes
  /// in `block` (rounded up to whole warpgroups in a cluster, the slots
  /// past the block's threads exited from the start).
  unsigned clusterDims[3] = {1, 1, 1};
  unsigned ctaCount = 1, ctaThreads = 1, ctaStride = 1;
  std::vector<std::array<unsigned, 3>> ctaids;
  /// Every thread of the cluster, block by block.
  std::vector<Thread> block;
  /// Their registers, register by register (the lanes of a warp side by
  /// side, as an instruction reads them): see reg().
  std::vector<uint64_t> registerFile;
  /// block.size(), kept at hand for reg().
  std::size_t threadCount = 0;
  /// The shared memory of every block of the cluster, `sharedBytes` each,
  /// and who touched each byte.
  std::vector<unsigned char> shared;
  std::vector<SharedShadow> shadow;
  /// The bytes of `shadow` a block changed, [shadowBegin, shadowEnd): only
  /// they need resetting for the next cluster (the shadow takes ~44 bytes
  /// per shared byte, and kernels rarely touch all their shared memory).
  uint64_t shadowBegin = 0, shadowEnd = 0;
  /// Notes that shadow bytes [offset, offset + bytes) are about to change.
  void touchShadow(uint64_t offset, uint64_t bytes) {
    if (shadowBegin == shadowEnd) {
      shadowBegin = offset, shadowEnd = offset + bytes;
      return;
    }
    shadowBegin = std::min(shadowBegin, offset);
    shadowEnd = std::max(shadowEnd, offset + bytes);
  }
  /// Named barriers, kNamedBarriers per block.
  std::vector<NamedBarrier> barriers;
  /// Per warp of the cluster: a clock that advances whenever one of its
  /// threads arrives at a barrier (releases what it did). A memory access
  /// is stamped with its warp's clock; another thread is ordered after it
  /// once it knows a later clock of that warp.
  std::vector<uint32_t> warpClocks;
  /// What the threads arriving at each barrier.cluster phase knew.
  std::vector<Knowledge> clusterPhases;
  /// The block's mbarriers, by shared offset, and their offsets by id.
  std::map<uint64_t, Mbarrier> mbarriers;
  std::vector<uint64_t> mbarrierOffsets;
  /// The block's warpgroups, and the shared memory wgmmas read that some
  /// thread may not yet know retired.
  std::vector<Warpgroup> warpgroups;
  std::vector<WgmmaRead> wgmmaReads;
  /// wgmmas issued in this launch (their sequence numbers), and mbarrier
  /// phase completions (their stamps).
  uint64_t wgmmaSequence = 0;
  uint32_t phaseStamp = 0;
  /// Accumulator registers (of all warpgroups) that wgmmas in flight write:
  /// while there are none, register accesses need no hazard check.
  uint64_t wgmmaAccumulatorsInFlight = 0;
  /// A register hazard found by touchWgmmaRegister, reported after the
  /// instruction: the thread, or -1.
  int hazardThread = -1, hazardRegister = -1;
  bool hazardIsWrite = false;
  /// Set when a warp waited on an mbarrier in vain: it yields so that
  /// others can arrive.
  bool yielded = false, waitedThisRound = false;
  /// Changes of mbarrier states, and rounds of warps spinning without one.
  uint64_t stateChanges = 0, idleRounds = 0;
  static constexpr uint64_t kMaxIdleRounds = 10000;
  /// The shared memory of one block.
  uint64_t sharedBytes = 0;
  /// The allocation global accesses fell in last (LaunchRequest::
  /// globalExtent), empty at first.
  uint64_t globalBegin = 0, globalEnd = 0;
  /// The warp's lanes at the instruction, and those whose guard holds.
  std::vector<unsigned> lanes, active;
  /// The first thread of the warp executing.
  unsigned first = 0;
  const Decoded *instruction = nullptr;
  /// Warp and lane instructions executed, for LaunchStats; `steps` also
  /// serves as %clock.
  uint64_t steps = 0, laneSteps = 0;
  /// Tensor-core multiply-adds executed, for LaunchStats.
  uint64_t macs = 0;
  /// Global loads in flight per warp and narrow accesses per thread.
  GlobalTraffic traffic;
  GlobalTrafficStats trafficStats;
};

} // namespace lmhead::runtime::emulator

#endif // LMHEAD_RUNTIME_LIB_EMULATOR_EMULATORINTERNALS_H
