//===- Interpreter.cpp - running PTX kernels on the CPU -------------------===//
//
// A kernel is first decoded: opcodes and modifiers become an operation and
// a data type, registers become indices into each thread's register file
// (64 bits per register, holding the value's bits), symbols become offsets
// in their state space, labels instruction indices. Anything outside the
// supported subset is reported then, before any thread runs. Execution then
// walks the grid block by block; each block's warps run in turn until they
// finish or wait at a barrier.
//
//===----------------------------------------------------------------------===//

#include "Interpreter.h"
#include "TensorMap.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <map>
#include <sstream>

using namespace lmhead::runtime;
using namespace lmhead::runtime::emulator;

namespace {

constexpr unsigned kWarpSize = 32;

// --- Types ---------------------------------------------------------------

enum class Kind { Bits, Unsigned, Signed, Float, Pred };

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

std::optional<Type> typeOf(const std::string &name) {
  static const std::map<std::string, Type> types = {
      {"b8", {Kind::Bits, 8}},
      {"b16", {Kind::Bits, 16}},
      {"b32", {Kind::Bits, 32}},
      {"b64", {Kind::Bits, 64}},
      {"u8", {Kind::Unsigned, 8}},
      {"u16", {Kind::Unsigned, 16}},
      {"u32", {Kind::Unsigned, 32}},
      {"u64", {Kind::Unsigned, 64}},
      {"s8", {Kind::Signed, 8}},
      {"s16", {Kind::Signed, 16}},
      {"s32", {Kind::Signed, 32}},
      {"s64", {Kind::Signed, 64}},
      {"f16", {Kind::Float, 16}},
      {"bf16", {Kind::Float, 16, true}},
      {"f32", {Kind::Float, 32}},
      {"f64", {Kind::Float, 64}},
      {"pred", {Kind::Pred, 1}},
      {"f16x2", {Kind::Float, 32, false, true}},
      {"bf16x2", {Kind::Float, 32, true, true}}};
  auto it = types.find(name);
  if (it == types.end())
    return std::nullopt;
  return it->second;
}

uint64_t mask(unsigned bits) {
  return bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
}

int64_t signExtend(uint64_t value, unsigned bits) {
  if (bits >= 64)
    return static_cast<int64_t>(value);
  uint64_t sign = uint64_t(1) << (bits - 1);
  value &= mask(bits);
  return static_cast<int64_t>((value ^ sign) - sign);
}

float asFloat(uint64_t bits) {
  uint32_t word = static_cast<uint32_t>(bits);
  float value;
  std::memcpy(&value, &word, 4);
  return value;
}
uint64_t fromFloat(float value) {
  uint32_t word;
  std::memcpy(&word, &value, 4);
  return word;
}
double asDouble(uint64_t bits) {
  double value;
  std::memcpy(&value, &bits, 8);
  return value;
}
uint64_t fromDouble(double value) {
  uint64_t bits;
  std::memcpy(&bits, &value, 8);
  return bits;
}

/// f16 bits → float.
float halfToFloat(uint16_t h) {
  uint32_t sign = (h & 0x8000u) << 16, exponent = (h >> 10) & 0x1f,
           mantissa = h & 0x3ffu;
  uint32_t bits;
  if (exponent == 0) {
    if (mantissa == 0) {
      bits = sign;
    } else { // subnormal: normalise
      int e = -1;
      do {
        ++e;
        mantissa <<= 1;
      } while (!(mantissa & 0x400u));
      bits = sign | ((127 - 15 - e) << 23) | ((mantissa & 0x3ffu) << 13);
    }
  } else if (exponent == 31) {
    bits = sign | 0x7f800000u | (mantissa << 13);
  } else {
    bits = sign | ((exponent + 127 - 15) << 23) | (mantissa << 13);
  }
  return asFloat(bits);
}

/// float → f16 bits, rounding to nearest even.
uint16_t floatToHalf(float value) {
  uint32_t bits = static_cast<uint32_t>(fromFloat(value));
  uint32_t sign = (bits >> 16) & 0x8000u;
  int32_t exponent = static_cast<int32_t>((bits >> 23) & 0xff) - 127 + 15;
  uint32_t mantissa = bits & 0x7fffffu;
  if (((bits >> 23) & 0xff) == 0xff) // inf or NaN
    return static_cast<uint16_t>(sign | 0x7c00u |
                                 (mantissa ? 0x200u | (mantissa >> 13) : 0));
  if (exponent >= 31)
    return static_cast<uint16_t>(sign | 0x7c00u);
  if (exponent <= 0) { // subnormal or zero
    if (exponent < -10)
      return static_cast<uint16_t>(sign);
    mantissa |= 0x800000u;
    uint32_t shift = static_cast<uint32_t>(14 - exponent);
    uint32_t half = mantissa >> shift;
    uint32_t rest = mantissa & ((1u << shift) - 1), halfway = 1u << (shift - 1);
    if (rest > halfway || (rest == halfway && (half & 1)))
      ++half;
    return static_cast<uint16_t>(sign | half);
  }
  uint32_t half =
      sign | (static_cast<uint32_t>(exponent) << 10) | (mantissa >> 13);
  uint32_t rest = mantissa & 0x1fffu;
  if (rest > 0x1000u || (rest == 0x1000u && (half & 1)))
    ++half; // may carry into the exponent, which is right
  return static_cast<uint16_t>(half);
}

float bf16ToFloat(uint16_t b) { return asFloat(uint64_t(b) << 16); }

uint16_t floatToBf16(float value) {
  uint32_t bits = static_cast<uint32_t>(fromFloat(value));
  if ((bits & 0x7f800000u) == 0x7f800000u && (bits & 0x7fffffu))
    return static_cast<uint16_t>((bits >> 16) | 0x40u); // quiet NaN
  uint32_t rounding = 0x7fffu + ((bits >> 16) & 1);
  return static_cast<uint16_t>((bits + rounding) >> 16);
}

/// The value of `bits` (of type `type`) as a double, for conversions.
double toDouble(uint64_t bits, const Type &type) {
  switch (type.kind) {
  case Kind::Float:
    if (type.bits == 64)
      return asDouble(bits);
    if (type.bits == 32)
      return asFloat(bits);
    return type.brain ? bf16ToFloat(static_cast<uint16_t>(bits))
                      : halfToFloat(static_cast<uint16_t>(bits));
  case Kind::Signed:
    return static_cast<double>(signExtend(bits, type.bits));
  default:
    return static_cast<double>(bits & mask(type.bits));
  }
}

// --- Decoded kernels -------------------------------------------------------

enum class Op {
  Mov,
  Ld,
  St,
  Cvta,
  CvtaTo,
  Add,
  Sub,
  Mul,
  Mad,
  Fma,
  Div,
  Rem,
  Neg,
  Abs,
  Min,
  Max,
  And,
  Or,
  Xor,
  Not,
  Shl,
  Shr,
  Setp,
  Selp,
  Cvt,
  Bra,
  Ret,
  Exit,
  Bar,
  Shfl,
  Vote,
  Atom,
  Red,
  Ex2,
  Lg2,
  Rcp,
  Sqrt,
  Rsqrt,
  Sin,
  Cos,
  Nop,
  Popc,
  Clz,
  Mma,
  Ldmatrix,
  CpAsync,
  CpAsyncCommit,
  CpAsyncWait,
  Mbarrier,
  BulkTensor,
  Elect,
  Wgmma,
  Bfe
};

/// The f32 nearest to `hi + lo` (an exact value as an unevaluated sum of
/// doubles) in the direction of `rounding` ("rz", "rm", "rp"; anything else
/// rounds to nearest even).
float roundDirected(double hi, double lo, const std::string &rounding) {
  float nearest = static_cast<float>(hi + lo);
  if (rounding != "rz" && rounding != "rm" && rounding != "rp")
    return nearest;
  if (std::isnan(nearest))
    return nearest;
  // Sign of nearest − (hi + lo), computed without rounding error that
  // matters: (nearest − hi) is exact for values this close.
  double excess = (static_cast<double>(nearest) - hi) - lo;
  if (excess == 0)
    return nearest;
  bool above = excess > 0;
  bool towardZero = rounding == "rz";
  bool down = rounding == "rm" || (towardZero && hi + lo > 0);
  bool up = rounding == "rp" || (towardZero && hi + lo < 0);
  if (down && above)
    return std::nextafter(nearest, -std::numeric_limits<float>::infinity());
  if (up && !above)
    return std::nextafter(nearest, std::numeric_limits<float>::infinity());
  return nearest;
}

/// An exact sum of two doubles as hi + lo (Knuth's TwoSum).
void twoSum(double a, double b, double &hi, double &lo) {
  hi = a + b;
  double bb = hi - a;
  lo = (a - (hi - bb)) + (b - bb);
}

/// f32 add, sub, mul, div and fma with a directed rounding modifier.
float directedF32(Op op, float x, float y, float z, const std::string &mode) {
  double hi, lo = 0;
  switch (op) {
  case Op::Add:
    twoSum(x, y, hi, lo);
    break;
  case Op::Sub:
    twoSum(x, -static_cast<double>(y), hi, lo);
    break;
  case Op::Mul: // exact in double: 24 + 24 bits
    hi = static_cast<double>(x) * y;
    break;
  case Op::Fma:
  case Op::Mad:
    twoSum(static_cast<double>(x) * y, z, hi, lo);
    break;
  case Op::Div: {
    hi = static_cast<double>(x) / y;
    // The remainder's sign says on which side of the quotient the exact
    // value lies.
    double remainder = std::fma(-hi, static_cast<double>(y), x);
    lo = remainder / y * 0x1p-30; // a nudge far below an f32 ulp
    break;
  }
  default:
    hi = 0;
  }
  return roundDirected(hi, lo, mode);
}

/// The exact result of an f32-or-narrower add, sub, mul or div of `x` and
/// `y` as hi + lo.
void exactResult(Op op, double x, double y, double &hi, double &lo) {
  lo = 0;
  switch (op) {
  case Op::Add:
    twoSum(x, y, hi, lo);
    break;
  case Op::Sub:
    twoSum(x, -y, hi, lo);
    break;
  case Op::Mul:
    hi = x * y;
    break;
  case Op::Div:
    hi = x / y;
    lo = std::fma(-hi, y, x) / y * 0x1p-30;
    break;
  default:
    hi = 0;
  }
}

/// The next 16-bit float (f16 or bf16 bits) above or below `bits`.
uint16_t stepHalf(uint16_t bits, bool up) {
  bool negative = bits & 0x8000;
  uint16_t magnitude = bits & 0x7fff;
  if (magnitude == 0)
    return up ? 0x0001 : 0x8001;
  bool away = up != negative; // growing in magnitude
  return static_cast<uint16_t>((bits & 0x8000) |
                               (away ? magnitude + 1 : magnitude - 1));
}

/// The 16-bit float of op(x, y) (f16 or bf16, by the converters given),
/// rounded as `rounding` says ("rz", "rm", "rp"; else to nearest even).
uint16_t directedHalf(Op op, double x, double y, const std::string &rounding,
                      float (*toF)(uint16_t), uint16_t (*fromF)(float)) {
  double hi, lo;
  exactResult(op, x, y, hi, lo);
  uint16_t nearest = fromF(static_cast<float>(hi + lo));
  if (rounding != "rz" && rounding != "rm" && rounding != "rp")
    return nearest;
  double value = toF(nearest);
  if (std::isnan(value))
    return nearest;
  double excess = (value - hi) - lo;
  if (excess == 0)
    return nearest;
  bool above = excess > 0;
  bool down = rounding == "rm" || (rounding == "rz" && hi + lo > 0);
  bool up = rounding == "rp" || (rounding == "rz" && hi + lo < 0);
  if (down && above)
    return stepHalf(nearest, false);
  if (up && !above)
    return stepHalf(nearest, true);
  return nearest;
}

/// f64 add, sub, mul, div and fma rounded as `rounding` says ("rz", "rm",
/// "rp"): the round-to-nearest result moved one ulp when the exact value
/// (known through the operation's exact error term) lies on the other side.
double directedF64(Op op, double x, double y, double z,
                   const std::string &rounding) {
  double nearest, error; // exact value = nearest + error (sign is enough)
  switch (op) {
  case Op::Add:
  case Op::Sub: {
    double b = op == Op::Sub ? -y : y;
    nearest = x + b;
    double bb = nearest - x;
    error = (x - (nearest - bb)) + (b - bb);
    break;
  }
  case Op::Mul:
    nearest = x * y;
    error = std::fma(x, y, -nearest);
    break;
  case Op::Div:
    nearest = x / y;
    // x − nearest·y has the sign of (exact − nearest)·y.
    error = std::fma(-nearest, y, x) * (y < 0 ? -1 : 1);
    break;
  case Op::Fma:
  case Op::Mad: {
    nearest = std::fma(x, y, z);
    // The sign of x·y + z − nearest, from x·y = p + e exactly.
    double p = x * y, e = std::fma(x, y, -p), hi, lo;
    twoSum(p, z, hi, lo);
    error = (hi - nearest) + (lo + e);
    break;
  }
  default:
    return 0;
  }
  if (std::isnan(nearest) || std::isinf(nearest) || error == 0)
    return nearest;
  bool exactAbove = error > 0;
  bool up = rounding == "rp" || (rounding == "rz" && nearest < 0);
  bool down = rounding == "rm" || (rounding == "rz" && nearest > 0);
  if (up && exactAbove)
    return std::nextafter(nearest, std::numeric_limits<double>::infinity());
  if (down && !exactAbove)
    return std::nextafter(nearest, -std::numeric_limits<double>::infinity());
  return nearest;
}

enum class Space { Generic, Param, Global, Shared, Local, Const };

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
  TotalSharedSize
};

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
  // Address: [reg + offset] or [symbol + offset] (symbol resolved into
  // `offset`; `symbolSpace` says where it lives).
  Space symbolSpace = Space::Generic;
  std::vector<Value> elements;
  std::size_t target = 0;
};

struct Decoded {
  const ptx::Instruction *source = nullptr;
  Op op = Op::Nop;
  Type type;
  /// cvt's source type; mul/mad's mode (lo, hi, wide).
  Type sourceType;
  std::string mode;
  Space space = Space::Generic;
  unsigned vector = 1;
  bool ftz = false, saturate = false, approx = false;
  std::string compare, boolOp, atomOp, shflMode, voteMode, rounding;
  int guard = -1;
  bool guardNegated = false;
  std::vector<Value> operands;
  /// Every type modifier in order (mma's D, A, B and C types).
  std::vector<Type> types;
  /// mma's shape (m16n8k16, ...), ldmatrix's matrix count (x1, x2, x4) and
  /// transposition; cp.async's copy size and the groups kept by a wait.
  unsigned m = 0, n = 0, k = 0, count = 1;
  bool transpose = false;
};

struct SharedLayout {
  std::map<std::string, uint64_t> offsets;
  uint64_t staticBytes = 0;
  std::string dynamicName;
};

struct DecodedKernel {
  std::vector<Decoded> code;
  unsigned registers = 0;
  std::map<std::string, uint64_t> paramOffsets;
  uint64_t paramBytes = 0;
  SharedLayout shared;
  std::map<std::string, uint64_t> localOffsets;
  uint64_t localBytes = 0;
};

uint64_t alignUp(uint64_t value, uint64_t align) {
  return align ? (value + align - 1) / align * align : value;
}

class Decoder {
public:
  Decoder(const ptx::Function &kernel, DecodedKernel &out)
      : kernel(kernel), out(out) {}

  bool decode(std::string &error) {
    for (const ptx::RegisterDecl &decl : kernel.registers) {
      if (decl.count == 0) {
        registers[decl.prefix] = static_cast<int>(out.registers++);
      } else {
        for (unsigned i = 0; i < decl.count; ++i)
          registers[decl.prefix + std::to_string(i)] =
              static_cast<int>(out.registers++);
      }
    }
    for (const ptx::Parameter &param : kernel.params) {
      uint64_t align =
          std::max<uint64_t>(param.align, ptx::typeBytes(param.type));
      out.paramBytes = alignUp(out.paramBytes, align);
      out.paramOffsets[param.name] = out.paramBytes;
      out.paramBytes += param.bytes();
    }
    for (const ptx::Variable &variable : kernel.variables) {
      uint64_t align =
          std::max<uint64_t>(variable.align, ptx::typeBytes(variable.type));
      if (variable.space == ".shared") {
        if (variable.count == 0) {
          out.shared.dynamicName = variable.name;
          continue;
        }
        out.shared.staticBytes = alignUp(out.shared.staticBytes, align);
        out.shared.offsets[variable.name] = out.shared.staticBytes;
        out.shared.staticBytes += variable.bytes();
      } else {
        out.localBytes = alignUp(out.localBytes, align);
        out.localOffsets[variable.name] = out.localBytes;
        out.localBytes += variable.bytes();
      }
    }
    for (const ptx::Instruction &inst : kernel.body) {
      Decoded decoded;
      if (!instruction(inst, decoded)) {
        error = "line " + std::to_string(inst.line) + ": " + message +
                " (in `" + inst.text + "`)";
        return false;
      }
      out.code.push_back(std::move(decoded));
    }
    return true;
  }

  /// Module-level shared variables (extern dynamic shared memory).
  void addModuleShared(const std::vector<ptx::Variable> &globals) {
    for (const ptx::Variable &variable : globals)
      if (variable.space == ".shared") {
        if (variable.count == 0 || variable.isExtern) {
          out.shared.dynamicName = variable.name;
          continue;
        }
        uint64_t align =
            std::max<uint64_t>(variable.align, ptx::typeBytes(variable.type));
        out.shared.staticBytes = alignUp(out.shared.staticBytes, align);
        out.shared.offsets[variable.name] = out.shared.staticBytes;
        out.shared.staticBytes += variable.bytes();
      }
  }

private:
  bool fail(const std::string &what) {
    message = what;
    return false;
  }

  bool value(const ptx::Operand &operand, Value &value) {
    using K = ptx::Operand::Kind;
    switch (operand.kind) {
    case K::Integer:
      value.kind = Value::Kind::Immediate;
      value.imm = operand.bits;
      return true;
    case K::Float:
      value.kind = Value::Kind::Immediate;
      value.imm = operand.bits;
      return true;
    case K::Register: {
      if (operand.name == "_") {
        value.kind = Value::Kind::Sink;
        return true;
      }
      value.negated = operand.negated;
      static const std::map<std::string, Special> specials = {
          {"%tid.x", Special::TidX},
          {"%tid.y", Special::TidY},
          {"%tid.z", Special::TidZ},
          {"%ntid.x", Special::NtidX},
          {"%ntid.y", Special::NtidY},
          {"%ntid.z", Special::NtidZ},
          {"%ctaid.x", Special::CtaidX},
          {"%ctaid.y", Special::CtaidY},
          {"%ctaid.z", Special::CtaidZ},
          {"%nctaid.x", Special::NctaidX},
          {"%nctaid.y", Special::NctaidY},
          {"%nctaid.z", Special::NctaidZ},
          {"%laneid", Special::LaneId},
          {"%warpid", Special::WarpId},
          {"%nwarpid", Special::NWarpId},
          {"%clock", Special::Clock},
          {"%clock64", Special::Clock64},
          {"%dynamic_smem_size", Special::DynamicSharedSize},
          {"%total_smem_size", Special::TotalSharedSize}};
      auto special = specials.find(operand.name);
      if (special != specials.end()) {
        value.kind = Value::Kind::Special;
        value.special = special->second;
        return true;
      }
      auto reg = registers.find(operand.name);
      if (reg == registers.end())
        return fail("undeclared register " + operand.name);
      value.kind = Value::Kind::Register;
      value.reg = reg->second;
      return true;
    }
    case K::Symbol: {
      value.kind = Value::Kind::Immediate;
      return symbol(operand.name, operand.offset, value);
    }
    case K::Label: {
      auto label = kernel.labels.find(operand.name);
      if (label == kernel.labels.end())
        return fail("unknown label " + operand.name);
      value.kind = Value::Kind::Label;
      value.target = label->second;
      return true;
    }
    case K::Address: {
      value.kind = Value::Kind::Address;
      value.imm = static_cast<uint64_t>(operand.offset);
      if (operand.name.empty())
        return true;
      for (const ptx::Operand &coordinates : operand.elements) {
        Value decoded;
        if (!this->value(coordinates, decoded))
          return false;
        value.elements.push_back(decoded);
      }
      if (operand.baseIsRegister) {
        auto reg = registers.find(operand.name);
        if (reg == registers.end())
          return fail("undeclared register " + operand.name);
        value.reg = reg->second;
        return true;
      }
      Value base;
      if (!symbol(operand.name, 0, base))
        return false;
      value.imm += base.imm;
      value.symbolSpace = base.symbolSpace;
      return true;
    }
    case K::Vector:
      value.kind = Value::Kind::Vector;
      for (const ptx::Operand &element : operand.elements) {
        Value decoded;
        if (!this->value(element, decoded))
          return false;
        value.elements.push_back(decoded);
      }
      return true;
    }
    return fail("unsupported operand");
  }

  /// A symbol's address in its state space.
  bool symbol(const std::string &name, int64_t offset, Value &value) {
    auto param = out.paramOffsets.find(name);
    if (param != out.paramOffsets.end()) {
      value.imm = param->second + static_cast<uint64_t>(offset);
      value.symbolSpace = Space::Param;
      return true;
    }
    auto shared = out.shared.offsets.find(name);
    if (shared != out.shared.offsets.end() || name == out.shared.dynamicName) {
      uint64_t base = shared != out.shared.offsets.end()
                          ? shared->second
                          : alignUp(out.shared.staticBytes, 16);
      value.imm = base + static_cast<uint64_t>(offset);
      value.symbolSpace = Space::Shared;
      return true;
    }
    auto local = out.localOffsets.find(name);
    if (local != out.localOffsets.end()) {
      value.imm = local->second + static_cast<uint64_t>(offset);
      value.symbolSpace = Space::Local;
      return true;
    }
    return fail("unknown symbol " + name);
  }

  bool instruction(const ptx::Instruction &inst, Decoded &d) {
    d.source = &inst;
    if (!inst.guard.empty()) {
      auto reg = registers.find(inst.guard);
      if (reg == registers.end())
        return fail("undeclared predicate " + inst.guard);
      d.guard = reg->second;
      d.guardNegated = inst.guardNegated;
    }
    // Types: the last type modifier is the data type; cvt has two.
    std::vector<Type> types;
    for (const std::string &m : inst.modifiers) {
      if (auto type = typeOf(m))
        types.push_back(*type);
      else if (m == "v2" || m == "v4")
        d.vector = m == "v2" ? 2 : 4;
      else if (m == "global" || m == "shared" || m == "local" || m == "param" ||
               m == "const" || m == "shared::cta" || m == "shared::cluster")
        d.space = m == "global"                    ? Space::Global
                  : m.compare(0, 6, "shared") == 0 ? Space::Shared
                  : m == "local"                   ? Space::Local
                  : m == "param"                   ? Space::Param
                                                   : Space::Const;
      else if (m == "ftz")
        d.ftz = true;
      else if (m == "sat")
        d.saturate = true;
      else if (m == "approx" || m == "full")
        d.approx = true;
      else if (m == "rn" || m == "rz" || m == "rm" || m == "rp" || m == "rni" ||
               m == "rzi" || m == "rmi" || m == "rpi")
        d.rounding = m;
      else if (inst.opcode != "setp" && (m == "lo" || m == "hi" || m == "wide"))
        d.mode = m;
      else if (m == "eq" || m == "ne" || m == "lt" || m == "le" || m == "gt" ||
               m == "ge" || m == "lo" || m == "ls" || m == "hi" || m == "hs" ||
               m == "equ" || m == "neu" || m == "ltu" || m == "leu" ||
               m == "gtu" || m == "geu" || m == "num" || m == "nan")
        d.compare = m;
      else if (m == "and" || m == "or" || m == "xor")
        d.boolOp = m;
      else
        d.atomOp = d.atomOp.empty() ? m : d.atomOp + "." + m;
    }
    d.types = types;
    if (!types.empty())
      d.type = types.back();
    if (types.size() >= 2)
      d.sourceType = types[types.size() - 1], d.type = types[types.size() - 2];

    static const std::map<std::string, Op> ops = {{"mov", Op::Mov},
                                                  {"ld", Op::Ld},
                                                  {"ldu", Op::Ld},
                                                  {"st", Op::St},
                                                  {"add", Op::Add},
                                                  {"sub", Op::Sub},
                                                  {"mul", Op::Mul},
                                                  {"mad", Op::Mad},
                                                  {"fma", Op::Fma},
                                                  {"div", Op::Div},
                                                  {"rem", Op::Rem},
                                                  {"neg", Op::Neg},
                                                  {"abs", Op::Abs},
                                                  {"min", Op::Min},
                                                  {"max", Op::Max},
                                                  {"and", Op::And},
                                                  {"or", Op::Or},
                                                  {"xor", Op::Xor},
                                                  {"not", Op::Not},
                                                  {"shl", Op::Shl},
                                                  {"shr", Op::Shr},
                                                  {"setp", Op::Setp},
                                                  {"selp", Op::Selp},
                                                  {"cvt", Op::Cvt},
                                                  {"bra", Op::Bra},
                                                  {"ret", Op::Ret},
                                                  {"exit", Op::Exit},
                                                  {"bar", Op::Bar},
                                                  {"barrier", Op::Bar},
                                                  {"shfl", Op::Shfl},
                                                  {"vote", Op::Vote},
                                                  {"atom", Op::Atom},
                                                  {"red", Op::Red},
                                                  {"ex2", Op::Ex2},
                                                  {"lg2", Op::Lg2},
                                                  {"rcp", Op::Rcp},
                                                  {"sqrt", Op::Sqrt},
                                                  {"rsqrt", Op::Rsqrt},
                                                  {"sin", Op::Sin},
                                                  {"cos", Op::Cos},
                                                  {"membar", Op::Nop},
                                                  {"setmaxnreg", Op::Nop},
                                                  {"nanosleep", Op::Nop},
                                                  {"fence", Op::Nop},
                                                  {"popc", Op::Popc},
                                                  {"clz", Op::Clz},
                                                  {"cvta", Op::Cvta},
                                                  {"mma", Op::Mma},
                                                  {"ldmatrix", Op::Ldmatrix},
                                                  {"cp", Op::CpAsync},
                                                  {"mbarrier", Op::Mbarrier},
                                                  {"wgmma", Op::Wgmma},
                                                  {"bfe", Op::Bfe},
                                                  {"elect", Op::Elect}};
    auto op = ops.find(inst.opcode);
    if (op == ops.end())
      return fail("the emulator does not support the instruction '" +
                  inst.opcode + "'");
    d.op = op->second;
    if (inst.opcode == "cvta") {
      d.op = inst.has("to") ? Op::CvtaTo : Op::Cvta;
      d.atomOp.clear();
    }
    if (d.op == Op::CpAsync) {
      if (!inst.has("async"))
        return fail("only cp.async is supported of the cp instructions");
      if (inst.has("commit_group"))
        d.op = Op::CpAsyncCommit;
      else if (inst.has("wait_group") || inst.has("wait_all"))
        d.op = Op::CpAsyncWait;
      else if (inst.has("bulk")) {
        if (!inst.has("tensor") || !inst.has("mbarrier::complete_tx::bytes"))
          return fail("of cp.async.bulk only the tensor loads completing on "
                      "an mbarrier are emulated");
        d.op = Op::BulkTensor;
      }
    }
    if (d.op == Op::Mma) {
      for (const std::string &m : inst.modifiers)
        if (m.size() > 1 && m[0] == 'm' && std::isdigit(m[1])) {
          unsigned mm = 0, nn = 0, kk = 0;
          if (std::sscanf(m.c_str(), "m%un%uk%u", &mm, &nn, &kk) == 3)
            d.m = mm, d.n = nn, d.k = kk;
        }
      if (!inst.has("sync") || d.types.size() != 4 || d.m != 16 || d.n != 8 ||
          !inst.has("row") || !inst.has("col"))
        return fail("only mma.sync.aligned.m16n8k{4,8,16}.row.col with D, A, "
                    "B and C types is emulated");
      Type a = d.types[1];
      bool half = a.kind == Kind::Float && a.bits == 16;
      bool tf32 =
          inst.modifiers.end() !=
          std::find(inst.modifiers.begin(), inst.modifiers.end(), "tf32");
      if (!((half && (d.k == 8 || d.k == 16)) ||
            (tf32 && (d.k == 4 || d.k == 8))) ||
          d.types[0].bits != 32 || d.types[3].bits != 32)
        return fail("mma.sync: only f16/bf16 (k8, k16) and tf32 (k4, k8) "
                    "with f32 accumulators are emulated");
    }
    if (d.op == Op::Wgmma) {
      if (!inst.has("mma_async")) {
        // fence / commit_group / wait_group: the emulator completes every
        // wgmma when the warpgroup issues it.
        d.op = Op::Nop;
      } else {
        for (const std::string &m : inst.modifiers)
          if (m.size() > 1 && m[0] == 'm' && std::isdigit(m[1]))
            std::sscanf(m.c_str(), "m%un%uk%u", &d.m, &d.n, &d.k);
        bool half = d.types.size() == 3 && d.types[1].kind == Kind::Float &&
                    d.types[1].bits == 16 && d.types[2].bits == 16;
        if (d.m != 64 || d.k != 16 || d.n % 8 != 0 || d.n < 8 || d.n > 256 ||
            !half || d.types[0].bits != 32)
          return fail("only wgmma.mma_async m64nNk16 with f16/bf16 inputs "
                      "from shared-memory descriptors and f32 accumulators "
                      "is emulated");
      }
    }
    if (d.op == Op::Ldmatrix) {
      d.transpose = inst.has("trans");
      d.count = inst.has("x4") ? 4 : inst.has("x2") ? 2 : 1;
      if (!inst.has("m8n8") || !inst.has("b16"))
        return fail("only ldmatrix.m8n8 of b16 is emulated");
    }
    if (d.op == Op::Shfl) {
      for (const char *mode : {"bfly", "down", "up", "idx"})
        if (inst.has(mode))
          d.shflMode = mode;
      if (d.shflMode.empty())
        return fail("shfl without a mode");
    }
    if (d.op == Op::Vote) {
      for (const char *mode : {"all", "any", "uni", "ballot"})
        if (inst.has(mode))
          d.voteMode = mode;
    }
    if (d.op == Op::Bar &&
        !(inst.has("sync") || inst.has("cta") || inst.modifiers.empty()))
      return fail("only bar.sync / barrier.sync are supported");
    if ((d.op == Op::Atom || d.op == Op::Red) && d.atomOp.empty())
      return fail("atomic without an operation");
    for (const ptx::Operand &operand : inst.operands) {
      Value decoded;
      if (!value(operand, decoded))
        return false;
      d.operands.push_back(std::move(decoded));
    }
    return true;
  }

  const ptx::Function &kernel;
  DecodedKernel &out;
  std::map<std::string, int> registers;
  std::string message;
};

// --- Execution -----------------------------------------------------------

/// One cp.async copy, done when its group is waited for.
struct AsyncCopy {
  uint64_t sharedOffset;
  uint64_t source;
  unsigned bytes, sourceBytes;
  const void *instruction;
};

struct Thread {
  unsigned tid[3] = {0, 0, 0};
  /// Committed cp.async groups, oldest first; the last is still open.
  std::vector<std::vector<AsyncCopy>> asyncGroups{1};
  std::size_t pc = 0;
  bool exited = false;
  bool atBarrier = false;
  /// Waiting at a warpgroup instruction (wgmma) for the other 127 threads.
  bool atCollective = false;
  std::vector<uint64_t> regs;
  std::vector<unsigned char> local;
};

class BlockRunner {
public:
  BlockRunner(const DecodedKernel &kernel, const std::string &name,
              const LaunchRequest &request,
              const std::vector<unsigned char> &params)
      : kernel(kernel), name(name), request(request), params(params) {}

  bool run(const unsigned (&ctaid)[3], std::string &error) {
    std::copy(ctaid, ctaid + 3, this->ctaid);
    unsigned threads = request.block[0] * request.block[1] * request.block[2];
    sharedBytes =
        alignUp(kernel.shared.staticBytes, 16) + request.dynamicSharedBytes;
    shared.assign(sharedBytes, 0);
    shadow.assign(sharedBytes, SharedShadow());
    mbarriers.clear();
    ++epoch;
    block.assign(threads, Thread());
    for (unsigned t = 0; t < threads; ++t) {
      Thread &thread = block[t];
      thread.tid[0] = t % request.block[0];
      thread.tid[1] = (t / request.block[0]) % request.block[1];
      thread.tid[2] = t / (request.block[0] * request.block[1]);
      thread.regs.assign(kernel.registers, 0);
      thread.local.assign(kernel.localBytes, 0);
    }
    unsigned warps = (threads + kWarpSize - 1) / kWarpSize;
    while (true) {
      bool progress = false;
      uint64_t changesBefore = stateChanges;
      waitedThisRound = false;
      for (unsigned w = 0; w < warps; ++w) {
        int status = runWarp(w, error);
        if (status < 0)
          return false;
        progress |= status > 0;
      }
      // Warps that only spin on mbarriers nobody will complete.
      if (waitedThisRound && stateChanges == changesBefore) {
        if (++idleRounds > kMaxIdleRounds)
          return report(error, 0,
                        "deadlock: every warp waits on an mbarrier phase that "
                        "can no longer complete");
      } else {
        idleRounds = 0;
      }
      // Warpgroup instructions whose 128 threads are all there run now.
      int collectives = resolveCollectives(error);
      if (collectives < 0)
        return false;
      progress |= collectives > 0;
      // Everyone finished, or everyone left waits at the barrier.
      bool anyWaiting = false, anyRunning = false, anyCollective = false;
      for (const Thread &thread : block) {
        anyWaiting |= thread.atBarrier;
        anyCollective |= thread.atCollective;
        anyRunning |=
            !thread.exited && !thread.atBarrier && !thread.atCollective;
      }
      if (anyCollective && !anyRunning && collectives == 0) {
        for (unsigned t = 0; t < block.size(); ++t)
          if (block[t].atCollective) {
            instruction = &kernel.code[block[t].pc];
            return report(error, t,
                          "a warpgroup instruction that not all 128 threads "
                          "of the warpgroup reach");
          }
      }
      if (anyCollective)
        continue;
      if (!anyWaiting && !anyRunning)
        return true;
      if (anyRunning && !progress)
        return report(error, 0, "the block made no progress");
      if (!anyRunning) {
        ++stateChanges;
        ++epoch; // accesses before the barrier are ordered before those after
        for (Thread &thread : block)
          if (thread.atBarrier) {
            thread.atBarrier = false;
            ++thread.pc;
          }
      }
    }
  }

private:
  /// Runs warp `w` until its lanes finish or wait at a barrier. Returns 1
  /// when it executed anything, 0 when not, -1 on an error.
  int runWarp(unsigned w, std::string &error) {
    unsigned first = w * kWarpSize;
    unsigned last = std::min<unsigned>(first + kWarpSize,
                                       static_cast<unsigned>(block.size()));
    bool any = false;
    while (true) {
      std::size_t pc = std::numeric_limits<std::size_t>::max();
      for (unsigned t = first; t < last; ++t)
        if (!block[t].exited && !block[t].atBarrier && !block[t].atCollective)
          pc = std::min(pc, block[t].pc);
      if (pc == std::numeric_limits<std::size_t>::max()) {
        // All lanes wait or finished: a barrier must be the same one.
        std::size_t barrier = std::numeric_limits<std::size_t>::max();
        for (unsigned t = first; t < last; ++t)
          if (block[t].atBarrier) {
            if (barrier != std::numeric_limits<std::size_t>::max() &&
                barrier != block[t].pc) {
              report(error, t,
                     "divergent barrier: lanes of warp " + std::to_string(w) +
                         " wait at different barriers");
              return -1;
            }
            barrier = block[t].pc;
          }
        return any ? 1 : 0;
      }
      if (pc >= kernel.code.size()) {
        for (unsigned t = first; t < last; ++t)
          if (block[t].pc == pc)
            block[t].exited = true;
        continue;
      }
      any = true;
      if (steps >= kMaxWarpInstructions) {
        report(error, first,
               "the launch executed more than " +
                   std::to_string(kMaxWarpInstructions) +
                   " warp instructions without finishing (an endless loop?)");
        return -1;
      }
      const Decoded &inst = kernel.code[pc];
      lanes.clear();
      for (unsigned t = first; t < last; ++t)
        if (!block[t].exited && !block[t].atBarrier && !block[t].atCollective &&
            block[t].pc == pc)
          lanes.push_back(t);
      if (inst.op == Op::Bar) {
        // A barrier reached by only part of the warp's live lanes.
        for (unsigned t = first; t < last; ++t)
          if (!block[t].exited && block[t].pc != pc) {
            instruction = &inst;
            report(error, t,
                   "divergent barrier: lane " + std::to_string(t - first) +
                       " of warp " + std::to_string(w) +
                       " is not at this barrier");
            return -1;
          }
      }
      if (!execute(inst, first, error))
        return -1;
      if (yielded) { // a vain mbarrier wait: give the other warps a turn
        yielded = false;
        waitedThisRound = true;
        return 1;
      }
    }
  }

  bool report(std::string &error, unsigned thread, const std::string &what) {
    const Thread &t = block[thread];
    std::ostringstream text;
    text << "kernel '" << name << "'";
    if (instruction)
      text << ", line " << instruction->source->line << " (`"
           << instruction->source->text << "`)";
    text << ", block (" << ctaid[0] << "," << ctaid[1] << "," << ctaid[2]
         << ") thread (" << t.tid[0] << "," << t.tid[1] << "," << t.tid[2]
         << "): " << what;
    error = text.str();
    return false;
  }

  // --- Operand access for one lane -------------------------------------
  uint64_t special(Special s, unsigned t) const {
    const Thread &thread = block[t];
    switch (s) {
    case Special::TidX:
      return thread.tid[0];
    case Special::TidY:
      return thread.tid[1];
    case Special::TidZ:
      return thread.tid[2];
    case Special::NtidX:
      return request.block[0];
    case Special::NtidY:
      return request.block[1];
    case Special::NtidZ:
      return request.block[2];
    case Special::CtaidX:
      return ctaid[0];
    case Special::CtaidY:
      return ctaid[1];
    case Special::CtaidZ:
      return ctaid[2];
    case Special::NctaidX:
      return request.grid[0];
    case Special::NctaidY:
      return request.grid[1];
    case Special::NctaidZ:
      return request.grid[2];
    case Special::LaneId:
      return t % kWarpSize;
    case Special::WarpId:
      return t / kWarpSize;
    case Special::NWarpId:
      return (block.size() + kWarpSize - 1) / kWarpSize;
    case Special::Clock:
    case Special::Clock64:
      return steps;
    case Special::DynamicSharedSize:
      return request.dynamicSharedBytes;
    case Special::TotalSharedSize:
      return sharedBytes;
    case Special::None:
      break;
    }
    return 0;
  }

  uint64_t read(const Value &value, unsigned t) const {
    switch (value.kind) {
    case Value::Kind::Register: {
      uint64_t bits = block[t].regs[value.reg];
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
    block[t].regs[value.reg] =
        type.kind == Kind::Pred ? (bits != 0) : bits & mask(type.bits);
  }

  // --- Memory -----------------------------------------------------------
  /// Resolves an access of `bytes` at `address` in `space` for thread `t`
  /// to a host pointer, checking bounds and alignment.
  unsigned char *memory(Space space, uint64_t address, uint64_t bytes,
                        unsigned t, bool store, std::string &error,
                        bool atomic = false) {
    const char *verb = store ? "store" : "load";
    auto describe = [&](const char *where) {
      std::ostringstream text;
      text << "out-of-bounds " << where << " " << verb << " of " << bytes
           << " bytes at 0x" << std::hex << address;
      return text.str();
    };
    // Natural alignment of an access (bulk copies check theirs).
    if (bytes > 1 && bytes <= 16 && address % bytes != 0 &&
        space != Space::Param) {
      std::ostringstream text;
      text << "misaligned " << verb << " of " << bytes << " bytes at 0x"
           << std::hex << address;
      report(error, t, text.str());
      return nullptr;
    }
    Thread &thread = block[t];
    if (space == Space::Generic) {
      auto host = reinterpret_cast<uintptr_t>(shared.data());
      auto local = reinterpret_cast<uintptr_t>(thread.local.data());
      if (sharedBytes && address >= host && address < host + sharedBytes) {
        space = Space::Shared;
        address -= host;
      } else if (!thread.local.empty() && address >= local &&
                 address < local + thread.local.size()) {
        space = Space::Local;
        address -= local;
      } else {
        space = Space::Global;
      }
    }
    switch (space) {
    case Space::Param:
      if (address + bytes > params.size()) {
        report(error, t, describe("parameter"));
        return nullptr;
      }
      return const_cast<unsigned char *>(params.data()) + address;
    case Space::Shared:
      if (address + bytes > sharedBytes || address + bytes < address) {
        report(error, t, describe("shared"));
        return nullptr;
      }
      if (!atomic && !checkRace(address, bytes, t, store, error))
        return nullptr;
      if (atomic && store) // atomics and bulk copies write too
        for (uint64_t i = address; i < address + bytes; ++i)
          shadow[i].written = true;
      return shared.data() + address;
    case Space::Local:
      if (address + bytes > thread.local.size() || address + bytes < address) {
        report(error, t, describe("local"));
        return nullptr;
      }
      return thread.local.data() + address;
    case Space::Global:
    case Space::Const:
    case Space::Generic:
      if (!request.isGlobal || !request.isGlobal(address, bytes)) {
        report(error, t, describe("global") + " (not inside any allocation)");
        return nullptr;
      }
      return reinterpret_cast<unsigned char *>(address);
    }
    return nullptr;
  }

  /// Who touched each shared byte since the last barrier: the last writer
  /// and a reader (thread indices), and whether readers of several warps
  /// did.
  struct SharedShadow {
    int writer = -1, reader = -1;
    uint64_t writeEpoch = 0, readEpoch = 0;
    bool readersInSeveralWarps = false;
    /// Whether anything (a store, a copy) wrote the byte in this block.
    bool written = false;
  };

  std::string threadName(int t) const {
    const Thread &thread = block[t];
    return "thread (" + std::to_string(thread.tid[0]) + "," +
           std::to_string(thread.tid[1]) + "," + std::to_string(thread.tid[2]) +
           ")";
  }

  /// Records a shared access of thread `t` and reports a race: a thread of
  /// another warp wrote a byte since the last barrier, or read a byte this
  /// one now writes. Lanes of one warp run in lockstep here, so their
  /// accesses are ordered by the program (upstream's reductions rely on
  /// that, e.g. several lanes storing the same result).
  bool checkRace(uint64_t offset, uint64_t bytes, unsigned t, bool store,
                 std::string &error) {
    int warp = static_cast<int>(t / kWarpSize);
    auto otherWarp = [&](int other) {
      return other >= 0 && other / static_cast<int>(kWarpSize) != warp;
    };
    auto conflict = [&](int other, const char *theirs) {
      std::ostringstream text;
      text << "shared-memory race: " << (store ? "store" : "load") << " of "
           << bytes << " bytes at shared 0x" << std::hex << offset << std::dec
           << ", which " << threadName(other) << " (another warp) " << theirs
           << " since the last barrier";
      report(error, t, text.str());
      return false;
    };
    for (uint64_t i = offset; i < offset + bytes; ++i) {
      SharedShadow &byte = shadow[i];
      if (!store && !byte.written && request.checkUninitializedShared) {
        std::ostringstream text;
        text << "load of " << bytes << " bytes at shared 0x" << std::hex
             << offset << std::dec << " that nothing in this block has written";
        report(error, t, text.str());
        return false;
      }
      if (store)
        byte.written = true;
      if (byte.writeEpoch == epoch && otherWarp(byte.writer))
        return conflict(byte.writer, "stored");
      if (store) {
        if (byte.readEpoch == epoch &&
            (byte.readersInSeveralWarps || otherWarp(byte.reader)))
          return conflict(byte.reader, "loaded");
        byte.writer = static_cast<int>(t);
        byte.writeEpoch = epoch;
      } else if (byte.readEpoch != epoch) {
        byte.reader = static_cast<int>(t);
        byte.readEpoch = epoch;
        byte.readersInSeveralWarps = false;
      } else if (otherWarp(byte.reader)) {
        byte.readersInSeveralWarps = true;
      }
    }
    return true;
  }

  uint64_t addressOf(const Value &value, unsigned t) const {
    uint64_t base = value.reg >= 0 ? block[t].regs[value.reg] : 0;
    return base + value.imm;
  }

  Space spaceOf(const Decoded &inst, const Value &address) const {
    if (inst.space != Space::Generic)
      return inst.space;
    return address.reg < 0 ? address.symbolSpace : Space::Generic;
  }

  // --- Arithmetic ---------------------------------------------------------
  /// Applies `f` to both halves of packed operands (f16x2, bf16x2).
  template <typename F>
  static uint64_t perHalf(uint64_t a, uint64_t b, uint64_t c, F f) {
    uint64_t lo = f(a & 0xffff, b & 0xffff, c & 0xffff) & 0xffff;
    uint64_t hi =
        f((a >> 16) & 0xffff, (b >> 16) & 0xffff, (c >> 16) & 0xffff) & 0xffff;
    return lo | (hi << 16);
  }

  static uint64_t floatBinary(Op op, const Type &type, uint64_t a, uint64_t b,
                              bool ftz) {
    if (type.packed)
      return perHalf(a, b, 0, [&](uint64_t x, uint64_t y, uint64_t) {
        return floatBinary(op, type.half(), x, y, ftz);
      });
    if (type.bits == 64)
      return fromDouble(applyBinary(op, asDouble(a), asDouble(b)));
    auto load = [&](uint64_t bits) {
      float v = type.bits == 32 ? asFloat(bits)
                : type.brain    ? bf16ToFloat(static_cast<uint16_t>(bits))
                                : halfToFloat(static_cast<uint16_t>(bits));
      if (ftz && std::fpclassify(v) == FP_SUBNORMAL)
        v = std::copysign(0.0f, v);
      return v;
    };
    return store(applyBinary(op, load(a), load(b)), type, ftz);
  }

  /// `op` of x and y in T's own round-to-nearest arithmetic (f32 for the
  /// 16-bit types, which `store` then rounds once more).
  template <typename T> static T applyBinary(Op op, T x, T y) {
    switch (op) {
    case Op::Add:
      return x + y;
    case Op::Sub:
      return x - y;
    case Op::Mul:
      return x * y;
    case Op::Div:
      return x / y;
    case Op::Min:
      return std::fmin(x, y);
    case Op::Max:
      return std::fmax(x, y);
    default:
      return 0;
    }
  }

  static uint64_t store(float r, const Type &type, bool ftz) {
    if (ftz && std::fpclassify(r) == FP_SUBNORMAL)
      r = std::copysign(0.0f, r);
    if (type.bits == 32)
      return fromFloat(r);
    return type.brain ? floatToBf16(r) : floatToHalf(r);
  }

  static uint64_t integerBinary(Op op, const Type &type, uint64_t a,
                                uint64_t b) {
    bool isSigned = type.kind == Kind::Signed;
    int64_t sa = signExtend(a, type.bits), sb = signExtend(b, type.bits);
    uint64_t ua = a & mask(type.bits), ub = b & mask(type.bits);
    switch (op) {
    case Op::Add:
      return ua + ub;
    case Op::Sub:
      return ua - ub;
    case Op::Mul:
      return ua * ub;
    case Op::Div:
      if (ub == 0)
        return mask(type.bits);
      return isSigned ? static_cast<uint64_t>(sa / sb) : ua / ub;
    case Op::Rem:
      if (ub == 0)
        return ua;
      return isSigned ? static_cast<uint64_t>(sa % sb) : ua % ub;
    case Op::Min:
      return isSigned ? static_cast<uint64_t>(std::min(sa, sb))
                      : std::min(ua, ub);
    case Op::Max:
      return isSigned ? static_cast<uint64_t>(std::max(sa, sb))
                      : std::max(ua, ub);
    case Op::And:
      return a & b;
    case Op::Or:
      return a | b;
    case Op::Xor:
      return a ^ b;
    default:
      return 0;
    }
  }

  /// mul/mad .hi and .wide for `type`.
  static uint64_t multiplyMode(const std::string &mode, const Type &type,
                               uint64_t a, uint64_t b) {
    bool isSigned = type.kind == Kind::Signed;
    if (mode == "wide") {
      if (isSigned)
        return static_cast<uint64_t>(signExtend(a, type.bits) *
                                     signExtend(b, type.bits));
      return (a & mask(type.bits)) * (b & mask(type.bits));
    }
    if (mode == "hi") {
      if (type.bits == 64) {
        if (isSigned)
          return static_cast<uint64_t>(
              (static_cast<__int128>(static_cast<int64_t>(a)) *
               static_cast<int64_t>(b)) >>
              64);
        return static_cast<uint64_t>((static_cast<unsigned __int128>(a) * b) >>
                                     64);
      }
      if (isSigned)
        return static_cast<uint64_t>(
            (signExtend(a, type.bits) * signExtend(b, type.bits)) >> type.bits);
      return ((a & mask(type.bits)) * (b & mask(type.bits))) >> type.bits;
    }
    return a * b;
  }

  bool compare(const std::string &cmp, const Type &type, uint64_t a,
               uint64_t b) const {
    if (type.kind == Kind::Float) {
      double x = toDouble(a, type), y = toDouble(b, type);
      bool unordered = std::isnan(x) || std::isnan(y);
      if (cmp == "num")
        return !unordered;
      if (cmp == "nan")
        return unordered;
      bool u = cmp.size() == 3 && cmp.back() == 'u';
      std::string base = u ? cmp.substr(0, 2) : cmp;
      if (unordered)
        return u;
      if (base == "eq")
        return x == y;
      if (base == "ne")
        return x != y;
      if (base == "lt")
        return x < y;
      if (base == "le")
        return x <= y;
      if (base == "gt")
        return x > y;
      if (base == "ge")
        return x >= y;
      return false;
    }
    bool isSigned = type.kind == Kind::Signed;
    int64_t sa = signExtend(a, type.bits), sb = signExtend(b, type.bits);
    uint64_t ua = a & mask(type.bits), ub = b & mask(type.bits);
    if (cmp == "eq")
      return ua == ub;
    if (cmp == "ne")
      return ua != ub;
    if (cmp == "lt")
      return isSigned ? sa < sb : ua < ub;
    if (cmp == "le")
      return isSigned ? sa <= sb : ua <= ub;
    if (cmp == "gt")
      return isSigned ? sa > sb : ua > ub;
    if (cmp == "ge")
      return isSigned ? sa >= sb : ua >= ub;
    if (cmp == "lo")
      return ua < ub;
    if (cmp == "ls")
      return ua <= ub;
    if (cmp == "hi")
      return ua > ub;
    if (cmp == "hs")
      return ua >= ub;
    return false;
  }

  uint64_t convert(const Decoded &inst, uint64_t bits) const {
    const Type &to = inst.type, &from = inst.sourceType;
    if (to.kind == Kind::Float) {
      double value = toDouble(bits, from);
      if (to.bits == 64)
        return fromDouble(value);
      float narrowed = static_cast<float>(value); // round to nearest
      if (from.kind != Kind::Float || from.bits == 64)
        narrowed = static_cast<float>(value);
      if (to.bits == 32)
        return store(narrowed, to, inst.ftz);
      // f16/bf16 from f32 (the subset NVPTX writes): round to nearest even.
      float single = from.kind == Kind::Float && from.bits == 32 ? asFloat(bits)
                                                                 : narrowed;
      return to.brain ? floatToBf16(single) : floatToHalf(single);
    }
    if (from.kind == Kind::Float) {
      double value = toDouble(bits, from);
      if (inst.rounding == "rni")
        value = std::nearbyint(value);
      else if (inst.rounding == "rmi")
        value = std::floor(value);
      else if (inst.rounding == "rpi")
        value = std::ceil(value);
      else
        value = std::trunc(value); // rzi, the default for integers
      if (std::isnan(value))
        return 0;
      if (to.kind == Kind::Signed) {
        double lo = -std::ldexp(1.0, to.bits - 1),
               hi = std::ldexp(1.0, to.bits - 1) - 1;
        return static_cast<uint64_t>(
                   static_cast<int64_t>(std::clamp(value, lo, hi))) &
               mask(to.bits);
      }
      double hi = std::ldexp(1.0, to.bits) - 1;
      return static_cast<uint64_t>(std::clamp(value, 0.0, hi)) & mask(to.bits);
    }
    // Integer to integer: sign- or zero-extend from the source, then wrap.
    uint64_t value = from.kind == Kind::Signed
                         ? static_cast<uint64_t>(signExtend(bits, from.bits))
                         : bits & mask(from.bits);
    if (inst.saturate && to.kind == Kind::Signed && to.bits < 64) {
      int64_t lo = -(int64_t(1) << (to.bits - 1)),
              hi = (int64_t(1) << (to.bits - 1)) - 1;
      value = static_cast<uint64_t>(
          std::clamp(static_cast<int64_t>(value), lo, hi));
    }
    return value & mask(to.bits);
  }

  uint64_t unaryFloat(Op op, const Decoded &inst, uint64_t bits) const {
    if (inst.type.packed) {
      Decoded half = inst;
      half.type = inst.type.half();
      return perHalf(bits, 0, 0, [&](uint64_t x, uint64_t, uint64_t) {
        return unaryFloat(op, half, x);
      });
    }
    double x = toDouble(bits, inst.type), r = 0;
    switch (op) {
    case Op::Ex2:
      r = std::exp2(x);
      break;
    case Op::Lg2:
      r = std::log2(x);
      break;
    case Op::Rcp:
      r = 1.0 / x;
      break;
    case Op::Sqrt:
      r = std::sqrt(x);
      break;
    case Op::Rsqrt:
      r = 1.0 / std::sqrt(x);
      break;
    case Op::Sin:
      r = std::sin(x);
      break;
    case Op::Cos:
      r = std::cos(x);
      break;
    case Op::Neg:
      r = -x;
      break;
    case Op::Abs:
      r = std::fabs(x);
      break;
    default:
      break;
    }
    if (inst.type.bits == 64)
      return fromDouble(r);
    return store(static_cast<float>(r), inst.type, inst.ftz);
  }

  // --- One instruction for the warp's lanes at it ------------------------
  bool execute(const Decoded &inst, unsigned first, std::string &error) {
    instruction = &inst;
    ++steps;
    laneSteps += lanes.size();
    const std::vector<Value> &ops = inst.operands;
    // Lanes whose guard holds; the others just move on.
    std::vector<unsigned> active;
    for (unsigned t : lanes) {
      bool on = inst.guard < 0 ||
                ((block[t].regs[inst.guard] != 0) != inst.guardNegated);
      if (on)
        active.push_back(t);
      else
        ++block[t].pc;
    }
    auto advance = [&] {
      for (unsigned t : active)
        ++block[t].pc;
    };
    const Type &type = inst.type;
    switch (inst.op) {
    case Op::Nop:
      advance();
      return true;
    case Op::Ret:
    case Op::Exit:
      for (unsigned t : active)
        block[t].exited = true;
      return true;
    case Op::Bra:
      for (unsigned t : active)
        block[t].pc = ops[0].target;
      return true;
    case Op::Bar:
      for (unsigned t : active)
        block[t].atBarrier = true;
      return true;
    case Op::Bfe:
      // bfe.{u,s}{32,64} d, a, pos, len: the bits pos .. pos+len-1 of a,
      // sign-extended from the last for .s.
      for (unsigned t : active) {
        uint64_t a = read(ops[1], t) & mask(type.bits);
        unsigned position = static_cast<unsigned>(read(ops[2], t) & 0xff);
        unsigned length = static_cast<unsigned>(read(ops[3], t) & 0xff);
        uint64_t r = 0;
        if (length > 0 && position < type.bits) {
          unsigned len = std::min(length, type.bits - position);
          r = (a >> position) & mask(len);
          if (type.kind == Kind::Signed)
            r = static_cast<uint64_t>(signExtend(r, len));
        } else if (type.kind == Kind::Signed && length > 0) {
          r = signExtend(a, type.bits) < 0 ? ~uint64_t(0) : 0;
        }
        write(ops[0], t, r, type);
      }
      advance();
      return true;
    case Op::Wgmma:
      // Runs once the whole warpgroup is here (resolveCollectives).
      for (unsigned t : active)
        block[t].atCollective = true;
      return true;
    case Op::Mov:
      for (unsigned t : active) {
        if (ops[0].kind == Value::Kind::Vector) { // unpack
          uint64_t bits = read(ops[1], t);
          unsigned piece = type.bits / ops[0].elements.size();
          for (std::size_t i = 0; i < ops[0].elements.size(); ++i)
            write(ops[0].elements[i], t, (bits >> (i * piece)) & mask(piece),
                  Type{Kind::Bits, piece});
        } else if (ops[1].kind == Value::Kind::Vector) { // pack
          unsigned piece = type.bits / ops[1].elements.size();
          uint64_t bits = 0;
          for (std::size_t i = 0; i < ops[1].elements.size(); ++i)
            bits |= (read(ops[1].elements[i], t) & mask(piece)) << (i * piece);
          write(ops[0], t, bits, type);
        } else if (ops[1].kind == Value::Kind::Immediate &&
                   ops[1].symbolSpace == Space::Shared) {
          write(ops[0], t, ops[1].imm, type);
        } else {
          write(ops[0], t, read(ops[1], t), type);
        }
      }
      advance();
      return true;
    case Op::Cvta:
    case Op::CvtaTo:
      for (unsigned t : active) {
        uint64_t address = read(ops[1], t);
        uint64_t base = 0;
        if (inst.space == Space::Shared)
          base = reinterpret_cast<uintptr_t>(shared.data());
        else if (inst.space == Space::Local)
          base = reinterpret_cast<uintptr_t>(block[t].local.data());
        write(ops[0], t, inst.op == Op::Cvta ? address + base : address - base,
              type);
      }
      advance();
      return true;
    case Op::Ld:
    case Op::St: {
      bool isStore = inst.op == Op::St;
      const Value &address = isStore ? ops[0] : ops[1];
      const Value &data = isStore ? ops[1] : ops[0];
      unsigned bytes = type.bytes();
      Space space = spaceOf(inst, address);
      for (unsigned t : active) {
        uint64_t at = addressOf(address, t);
        unsigned char *host =
            memory(space, at, uint64_t(bytes) * inst.vector, t, isStore, error);
        if (!host)
          return false;
        for (unsigned i = 0; i < inst.vector; ++i) {
          const Value &element =
              data.kind == Value::Kind::Vector ? data.elements[i] : data;
          if (isStore) {
            uint64_t bits = read(element, t);
            std::memcpy(host + i * bytes, &bits, bytes);
          } else {
            uint64_t bits = 0;
            std::memcpy(&bits, host + i * bytes, bytes);
            if (type.kind == Kind::Signed)
              bits = static_cast<uint64_t>(signExtend(bits, type.bits));
            write(element, t, bits, Type{Kind::Bits, 64});
          }
        }
      }
      advance();
      return true;
    }
    case Op::Add:
    case Op::Sub:
    case Op::Mul:
    case Op::Div:
    case Op::Rem:
    case Op::Min:
    case Op::Max:
    case Op::And:
    case Op::Or:
    case Op::Xor:
      for (unsigned t : active) {
        uint64_t a = read(ops[1], t), b = read(ops[2], t), r;
        if (type.kind == Kind::Float) {
          bool directed = inst.rounding == "rz" || inst.rounding == "rm" ||
                          inst.rounding == "rp";
          bool arithmetic = inst.op == Op::Add || inst.op == Op::Sub ||
                            inst.op == Op::Mul || inst.op == Op::Div;
          if (directed && arithmetic && (type.bits == 16 || type.packed)) {
            Type h = type.packed ? type.half() : type;
            auto one = [&](uint64_t x, uint64_t y, uint64_t) -> uint64_t {
              return directedHalf(inst.op, toDouble(x, h), toDouble(y, h),
                                  inst.rounding,
                                  h.brain ? bf16ToFloat : halfToFloat,
                                  h.brain ? floatToBf16 : floatToHalf);
            };
            r = type.packed ? perHalf(a, b, 0, one) : one(a, b, 0);
          } else if (directed && arithmetic && type.bits == 64) {
            r = fromDouble(directedF64(inst.op, asDouble(a), asDouble(b), 0,
                                       inst.rounding));
          } else if (type.bits == 32 && !type.packed &&
                     (inst.rounding == "rz" || inst.rounding == "rm" ||
                      inst.rounding == "rp") &&
                     (inst.op == Op::Add || inst.op == Op::Sub ||
                      inst.op == Op::Mul || inst.op == Op::Div))
            r = store(
                directedF32(inst.op, asFloat(a), asFloat(b), 0, inst.rounding),
                type, inst.ftz);
          else
            r = floatBinary(inst.op, type, a, b, inst.ftz);
          if (inst.saturate) {
            float v = asFloat(r);
            r = fromFloat(std::isnan(v) ? 0.0f : std::clamp(v, 0.0f, 1.0f));
          }
        } else if (type.kind == Kind::Pred) {
          r = integerBinary(inst.op, Type{Kind::Bits, 1}, a, b);
        } else if (inst.op == Op::Mul && !inst.mode.empty()) {
          r = multiplyMode(inst.mode, type, a, b);
        } else {
          r = integerBinary(inst.op, type, a, b);
        }
        Type result = type;
        if (inst.mode == "wide")
          result.bits *= 2;
        write(ops[0], t, r, result);
      }
      advance();
      return true;
    case Op::Mad:
    case Op::Fma:
      for (unsigned t : active) {
        uint64_t a = read(ops[1], t), b = read(ops[2], t), c = read(ops[3], t);
        if (type.kind == Kind::Float) {
          uint64_t r;
          if (type.packed) {
            r = perHalf(a, b, c, [&](uint64_t x, uint64_t y, uint64_t z) {
              Type h = type.half();
              return store(std::fma(static_cast<float>(toDouble(x, h)),
                                    static_cast<float>(toDouble(y, h)),
                                    static_cast<float>(toDouble(z, h))),
                           h, inst.ftz);
            });
          } else if (type.bits == 64) {
            r = fromDouble(
                inst.rounding == "rz" || inst.rounding == "rm" ||
                        inst.rounding == "rp"
                    ? directedF64(Op::Fma, asDouble(a), asDouble(b),
                                  asDouble(c), inst.rounding)
                    : std::fma(asDouble(a), asDouble(b), asDouble(c)));
          } else {
            float x = static_cast<float>(toDouble(a, type)),
                  y = static_cast<float>(toDouble(b, type)),
                  z = static_cast<float>(toDouble(c, type));
            r = type.bits == 32 &&
                        (inst.rounding == "rz" || inst.rounding == "rm" ||
                         inst.rounding == "rp")
                    ? store(directedF32(Op::Fma, x, y, z, inst.rounding), type,
                            inst.ftz)
                    : store(std::fma(x, y, z), type, inst.ftz);
          }
          write(ops[0], t, r, type);
          continue;
        }
        Type result = type;
        uint64_t product = multiplyMode(inst.mode, type, a, b);
        if (inst.mode == "wide")
          result.bits *= 2;
        write(ops[0], t, product + c, result);
      }
      advance();
      return true;
    case Op::Neg:
    case Op::Abs:
    case Op::Not:
    case Op::Popc:
    case Op::Clz:
      for (unsigned t : active) {
        uint64_t a = read(ops[1], t), r;
        if (type.kind == Kind::Float)
          r = unaryFloat(inst.op, inst, a);
        else if (inst.op == Op::Neg)
          r = 0 - a;
        else if (inst.op == Op::Abs)
          r = static_cast<uint64_t>(std::llabs(signExtend(a, type.bits)));
        else if (inst.op == Op::Not)
          r = type.kind == Kind::Pred ? !a : ~a;
        else if (inst.op == Op::Popc)
          r = static_cast<uint64_t>(__builtin_popcountll(a & mask(type.bits)));
        else {
          uint64_t v = a & mask(type.bits);
          r = v ? __builtin_clzll(v) - (64 - type.bits) : type.bits;
        }
        Type result = inst.op == Op::Popc || inst.op == Op::Clz
                          ? Type{Kind::Unsigned, 32}
                          : type;
        write(ops[0], t, r, result);
      }
      advance();
      return true;
    case Op::Shl:
    case Op::Shr:
      for (unsigned t : active) {
        uint64_t a = read(ops[1], t), shift = read(ops[2], t) & 0xffffffffu, r;
        if (shift >= type.bits)
          r = inst.op == Op::Shr && type.kind == Kind::Signed &&
                      signExtend(a, type.bits) < 0
                  ? mask(type.bits)
                  : 0;
        else if (inst.op == Op::Shl)
          r = a << shift;
        else if (type.kind == Kind::Signed)
          r = static_cast<uint64_t>(signExtend(a, type.bits) >> shift);
        else
          r = (a & mask(type.bits)) >> shift;
        write(ops[0], t, r, type);
      }
      advance();
      return true;
    case Op::Ex2:
    case Op::Lg2:
    case Op::Rcp:
    case Op::Sqrt:
    case Op::Rsqrt:
    case Op::Sin:
    case Op::Cos:
      for (unsigned t : active)
        write(ops[0], t, unaryFloat(inst.op, inst, read(ops[1], t)), type);
      advance();
      return true;
    case Op::Setp:
      for (unsigned t : active) {
        bool r = compare(inst.compare, type, read(ops[1], t), read(ops[2], t));
        const Value &target = ops[0];
        const Value *other = nullptr;
        const Value *dst = &target;
        if (target.kind == Value::Kind::Vector) { // p|q
          dst = &target.elements[0];
          other = target.elements.size() > 1 ? &target.elements[1] : nullptr;
        }
        bool complement = !r;
        if (!inst.boolOp.empty() && ops.size() > 3) {
          bool c = read(ops[3], t) != 0;
          if (inst.boolOp == "and")
            r = r && c, complement = !complement && c;
          else if (inst.boolOp == "or")
            r = r || c, complement = complement || c;
          else
            r = r != c, complement = complement != c;
        }
        write(*dst, t, r, Type{Kind::Pred, 1});
        if (other)
          write(*other, t, complement, Type{Kind::Pred, 1});
      }
      advance();
      return true;
    case Op::Selp:
      for (unsigned t : active)
        write(ops[0], t, read(ops[3], t) ? read(ops[1], t) : read(ops[2], t),
              type);
      advance();
      return true;
    case Op::Cvt:
      if (inst.type.packed) {
        // cvt.rn.{f16x2,bf16x2}.f32 d, a, b: a to the upper half, b lower.
        Decoded half = inst;
        half.type = inst.type.half();
        for (unsigned t : active) {
          uint64_t hi = convert(half, read(ops[1], t)) & 0xffff;
          uint64_t lo = convert(half, read(ops[2], t)) & 0xffff;
          write(ops[0], t, lo | (hi << 16), Type{Kind::Bits, 32});
        }
        advance();
        return true;
      }
      for (unsigned t : active)
        write(ops[0], t, convert(inst, read(ops[1], t)), inst.type);
      advance();
      return true;
    case Op::Shfl:
      return shuffle(inst, active, first, error);
    case Op::Mma:
      return mma(inst, active, first, error);
    case Op::Ldmatrix:
      return ldmatrix(inst, active, first, error);
    case Op::CpAsync:
      for (unsigned t : active)
        if (!cpAsync(inst, t, error))
          return false;
      advance();
      return true;
    case Op::Mbarrier:
      return mbarrierOp(inst, active, error);
    case Op::BulkTensor:
      for (unsigned t : active)
        if (!bulkTensor(inst, t, error))
          return false;
      advance();
      return true;
    case Op::Elect: {
      // elect.sync %r|%p, membermask: the lowest executing lane is elected.
      const Value &pair = ops[0];
      unsigned leader = active.empty() ? 0 : active.front() - first;
      for (unsigned t : active) {
        if (pair.kind == Value::Kind::Vector) {
          write(pair.elements[0], t, leader, Type{Kind::Bits, 32});
          write(pair.elements[1], t, t - first == leader, Type{Kind::Pred, 1});
        } else {
          write(pair, t, t - first == leader, Type{Kind::Pred, 1});
        }
      }
      advance();
      return true;
    }
    case Op::CpAsyncCommit:
      for (unsigned t : active)
        block[t].asyncGroups.emplace_back();
      advance();
      return true;
    case Op::CpAsyncWait: {
      bool all = inst.source->has("wait_all");
      for (unsigned t : active) {
        uint64_t keep = all ? 0 : read(ops[0], t);
        if (!completeAsync(t, keep, error))
          return false;
      }
      advance();
      return true;
    }
    case Op::Vote:
      return vote(inst, active, first);
    case Op::Atom:
    case Op::Red:
      return atomic(inst, active, error);
    }
    return report(error, active.empty() ? first : active.front(),
                  "unsupported instruction");
  }

  /// Collective warp instructions need every lane of the warp.
  bool wholeWarp(const std::vector<unsigned> &active, unsigned first,
                 std::string &error) {
    if (active.size() == kWarpSize)
      return true;
    return report(error, active.empty() ? first : active.front(),
                  "a .aligned warp instruction executed by " +
                      std::to_string(active.size()) + " of 32 lanes");
  }

  /// An A or B element of an mma operand as f32: half of a packed f16x2 or
  /// bf16x2 register, or a tf32 register.
  static float mmaElement(uint64_t bits, unsigned half, const Type &type,
                          bool tf32) {
    if (tf32) // tf32 keeps 10 mantissa bits: the rest is ignored
      return asFloat(bits & 0xffffe000u);
    uint16_t value = static_cast<uint16_t>(bits >> (16 * half));
    return type.brain ? bf16ToFloat(value) : halfToFloat(value);
  }

  /// mma.sync.aligned.m16n8k{4,8,16}.row.col: D = A·B + C for the warp,
  /// with the fragment layouts of the PTX ISA (groupID = lane / 4,
  /// threadID_in_group = lane % 4).
  bool mma(const Decoded &inst, const std::vector<unsigned> &active,
           unsigned first, std::string &error) {
    if (!wholeWarp(active, first, error))
      return false;
    const std::vector<Value> &ops = inst.operands;
    const Type &aType = inst.types[1];
    bool tf32 = inst.source->has("tf32");
    unsigned K = inst.k;
    float A[16][16] = {}, B[16][8] = {}, C[16][8] = {};
    for (unsigned lane = 0; lane < kWarpSize; ++lane) {
      unsigned t = first + lane, g = lane / 4, q = lane % 4;
      auto reg = [&](const Value &vector, unsigned i) {
        return read(vector.elements.at(i), t);
      };
      if (tf32) {
        for (unsigned i = 0; i < K / 2; ++i) { // a0..a3: (g|g+8, q|q+4)
          unsigned row = g + 8 * (i % 2), col = q + 4 * (i / 2);
          A[row][col] = mmaElement(reg(ops[1], i), 0, aType, true);
        }
        for (unsigned i = 0; i < K / 4; ++i) // b0, b1: (q|q+4, g)
          B[q + 4 * i][g] = mmaElement(reg(ops[2], i), 0, aType, true);
      } else {
        for (unsigned i = 0; i < K / 2; ++i) { // a0..a7 (k16) / a0..a3 (k8)
          unsigned row = g + 8 * ((i / 2) % 2);
          unsigned col = q * 2 + (i % 2) + 8 * (i / 4);
          A[row][col] = mmaElement(reg(ops[1], i / 2), i % 2, aType, false);
        }
        for (unsigned i = 0; i < K / 4; ++i) { // b0..b3 (k16) / b0, b1 (k8)
          unsigned row = q * 2 + (i % 2) + 8 * (i / 2);
          B[row][g] =
              mmaElement(reg(ops[2], i / 2), i % 2, inst.types[2], false);
        }
      }
      for (unsigned i = 0; i < 4; ++i) // c0..c3: (g|g+8, 2q + i%2)
        C[g + 8 * (i / 2)][q * 2 + i % 2] = asFloat(reg(ops[3], i));
    }
    for (unsigned lane = 0; lane < kWarpSize; ++lane) {
      unsigned t = first + lane, g = lane / 4, q = lane % 4;
      for (unsigned i = 0; i < 4; ++i) {
        unsigned row = g + 8 * (i / 2), col = q * 2 + i % 2;
        float sum = C[row][col];
        for (unsigned kk = 0; kk < K; ++kk)
          sum = std::fma(A[row][kk], B[kk][col], sum);
        write(ops[0].elements.at(i), t, fromFloat(sum), Type{Kind::Bits, 32});
      }
      ++block[t].pc;
    }
    return true;
  }

  /// ldmatrix.sync.aligned.m8n8.x{1,2,4}[.trans].shared.b16: lanes 8j..8j+7
  /// give the row addresses of matrix j; each lane receives, per matrix,
  /// the two elements (lane / 4, 2·(lane % 4) + {0, 1}) (transposed:
  /// (2·(lane % 4) + {0, 1}, lane / 4)).
  bool ldmatrix(const Decoded &inst, const std::vector<unsigned> &active,
                unsigned first, std::string &error) {
    if (!wholeWarp(active, first, error))
      return false;
    const std::vector<Value> &ops = inst.operands;
    Space space = spaceOf(inst, ops[1]);
    uint16_t rows[4][8][8];
    for (unsigned j = 0; j < inst.count; ++j)
      for (unsigned r = 0; r < 8; ++r) {
        unsigned t = first + 8 * j + r;
        unsigned char *host =
            memory(space, addressOf(ops[1], t), 16, t, false, error);
        if (!host)
          return false;
        std::memcpy(rows[j][r], host, 16);
      }
    for (unsigned lane = 0; lane < kWarpSize; ++lane) {
      unsigned t = first + lane;
      for (unsigned j = 0; j < inst.count; ++j) {
        uint16_t lo, hi;
        if (inst.transpose) {
          lo = rows[j][2 * (lane % 4)][lane / 4];
          hi = rows[j][2 * (lane % 4) + 1][lane / 4];
        } else {
          lo = rows[j][lane / 4][2 * (lane % 4)];
          hi = rows[j][lane / 4][2 * (lane % 4) + 1];
        }
        const Value &dst =
            ops[0].kind == Value::Kind::Vector ? ops[0].elements.at(j) : ops[0];
        write(dst, t, uint64_t(lo) | (uint64_t(hi) << 16),
              Type{Kind::Bits, 32});
      }
      ++block[t].pc;
    }
    return true;
  }

  /// cp.async.{ca,cg}.shared.global [dst], [src], size[, src-size]: queued
  /// in the thread's open group; bounds are checked now, the copy happens
  /// when a wait completes its group.
  bool cpAsync(const Decoded &inst, unsigned t, std::string &error) {
    const std::vector<Value> &ops = inst.operands;
    unsigned bytes = static_cast<unsigned>(read(ops[2], t));
    unsigned sourceBytes =
        ops.size() > 3 ? static_cast<unsigned>(read(ops[3], t)) : bytes;
    if (bytes != 4 && bytes != 8 && bytes != 16)
      return report(error, t,
                    "cp.async copies 4, 8 or 16 bytes, not " +
                        std::to_string(bytes));
    uint64_t dst = addressOf(ops[0], t);
    Space dstSpace = spaceOf(inst, ops[0]);
    if (dstSpace == Space::Generic || dstSpace == Space::Global)
      dstSpace = Space::Shared;
    if (!memory(dstSpace, dst, bytes, t, true, error, /*atomic=*/true))
      return false;
    uint64_t src = addressOf(ops[1], t);
    if (sourceBytes > 0 &&
        !memory(Space::Global, src, sourceBytes, t, false, error))
      return false;
    block[t].asyncGroups.back().push_back(
        {dst, src, bytes, std::min(sourceBytes, bytes), &inst});
    return true;
  }

  /// Completes thread `t`'s committed groups but the `keep` newest.
  bool completeAsync(unsigned t, uint64_t keep, std::string &error) {
    std::vector<std::vector<AsyncCopy>> &groups = block[t].asyncGroups;
    std::size_t committed = groups.size() - 1; // the last one is open
    std::size_t done = committed > keep ? committed - keep : 0;
    for (std::size_t g = 0; g < done; ++g)
      for (const AsyncCopy &copy : groups[g]) {
        const Decoded *saved = instruction;
        instruction = static_cast<const Decoded *>(copy.instruction);
        unsigned char *target = memory(Space::Shared, copy.sharedOffset,
                                       copy.bytes, t, true, error);
        instruction = saved;
        if (!target)
          return false;
        std::memcpy(target, reinterpret_cast<const void *>(copy.source),
                    copy.sourceBytes);
        std::memset(target + copy.sourceBytes, 0,
                    copy.bytes - copy.sourceBytes);
      }
    groups.erase(groups.begin(), groups.begin() + done);
    return true;
  }

  /// An mbarrier in shared memory (kept beside the bytes it occupies).
  struct Mbarrier {
    uint64_t expected = 0, pending = 0;
    int64_t transactions = 0;
    unsigned phase = 0;
  };

  /// Completes the current phase of `bar` when every arrival and every
  /// transaction byte is in.
  static void completePhase(Mbarrier &bar) {
    if (bar.pending == 0 && bar.transactions <= 0) {
      bar.phase ^= 1;
      bar.pending = bar.expected;
      bar.transactions = 0;
    }
  }

  Mbarrier *mbarrierAt(const Decoded &inst, const Value &address, unsigned t,
                       std::string &error, bool create = false) {
    uint64_t at = addressOf(address, t);
    Space space = spaceOf(inst, address);
    unsigned char *host =
        memory(space == Space::Generic ? Space::Generic : Space::Shared, at, 8,
               t, false, error, /*atomic=*/true);
    if (!host)
      return nullptr;
    uint64_t offset = static_cast<uint64_t>(host - shared.data());
    if (host < shared.data() || offset >= sharedBytes) {
      report(error, t, "an mbarrier must be in shared memory");
      return nullptr;
    }
    auto it = mbarriers.find(offset);
    if (it == mbarriers.end()) {
      if (!create) {
        std::ostringstream text;
        text << "mbarrier at shared 0x" << std::hex << offset
             << " used before mbarrier.init";
        report(error, t, text.str());
        return nullptr;
      }
      it = mbarriers.emplace(offset, Mbarrier()).first;
    }
    return &it->second;
  }

  /// mbarrier.init / arrive[.expect_tx] / expect_tx / try_wait[.parity] /
  /// test_wait[.parity] / inval on shared memory.
  bool mbarrierOp(const Decoded &inst, const std::vector<unsigned> &active,
                  std::string &error) {
    const std::vector<Value> &ops = inst.operands;
    const ptx::Instruction &src = *inst.source;
    bool init = src.has("init"), inval = src.has("inval");
    bool wait = src.has("try_wait") || src.has("test_wait");
    bool arrive = src.has("arrive"), expect = src.has("expect_tx");
    bool parity = src.has("parity");
    bool anyWaiting = false;
    for (unsigned t : active) {
      if (init || inval) {
        Mbarrier *bar = mbarrierAt(inst, ops[0], t, error, /*create=*/true);
        if (!bar)
          return false;
        if (init) {
          *bar = Mbarrier();
          bar->expected = bar->pending = read(ops[1], t);
        }
        ++stateChanges;
        ++block[t].pc;
        continue;
      }
      if (wait) {
        Mbarrier *bar = mbarrierAt(inst, ops[1], t, error);
        if (!bar)
          return false;
        uint64_t wanted = read(ops[2], t);
        // With .parity, the phase of that parity has completed once the
        // current phase has the other parity; a state operand names the
        // phase it was taken in the same way.
        bool done = parity ? (bar->phase & 1) != (wanted & 1)
                           : (bar->phase & 1) != ((wanted >> 63) & 1);
        write(ops[0], t, done, Type{Kind::Pred, 1});
        anyWaiting |= !done;
        ++block[t].pc;
        continue;
      }
      // arrive / expect_tx: [state,] [addr] [, count]
      bool hasState = ops.size() >= 2 && ops[0].kind != Value::Kind::Address;
      const Value &address = hasState ? ops[1] : ops[0];
      Mbarrier *bar = mbarrierAt(inst, address, t, error);
      if (!bar)
        return false;
      std::size_t next = hasState ? 2 : 1;
      if (expect)
        bar->transactions +=
            static_cast<int64_t>(next < ops.size() ? read(ops[next], t) : 0);
      uint64_t state = uint64_t(bar->phase & 1) << 63;
      if (arrive) {
        if (bar->pending == 0) {
          report(error, t, "mbarrier arrival beyond its expected count");
          return false;
        }
        --bar->pending;
        completePhase(*bar);
      }
      if (hasState)
        write(ops[0], t, state, Type{Kind::Bits, 64});
      ++stateChanges;
      ++block[t].pc;
    }
    if (anyWaiting)
      yielded = true; // let other warps arrive
    return true;
  }

  /// cp.async.bulk.tensor.Nd.shared::cluster.global.mbarrier::complete_tx::
  /// bytes [dst], [map, {c0, ...}], [mbar]: copies the box at the
  /// coordinates (zero outside the tensor) into shared memory, swizzled as
  /// the map says, and completes that many transaction bytes on the
  /// mbarrier. The copy is done at once, a legal schedule of the
  /// asynchronous one.
  bool bulkTensor(const Decoded &inst, unsigned t, std::string &error) {
    const std::vector<Value> &ops = inst.operands;
    const Value &source = ops[1];
    uint64_t mapAddress = addressOf(source, t);
    unsigned char *mapBytes =
        memory(Space::Global, mapAddress, 128, t, false, error);
    if (!mapBytes)
      return false;
    TensorMap map;
    std::memcpy(&map, mapBytes, sizeof(map));
    if (map.magic != TensorMap::kMagic)
      return report(error, t,
                    "cp.async.bulk.tensor reads something that is not a "
                    "tensor map encoded by this runtime");
    unsigned elementBytes = tensorMapElementBytes(map.dataType);
    if (source.elements.empty() ||
        source.elements[0].elements.size() != map.rank)
      return report(error, t,
                    "cp.async.bulk.tensor: the coordinates do not match the "
                    "map's rank " +
                        std::to_string(map.rank));
    int64_t coordinate[5] = {};
    for (unsigned d = 0; d < map.rank; ++d)
      coordinate[d] =
          static_cast<int32_t>(read(source.elements[0].elements[d], t));
    uint64_t boxElements = 1;
    for (unsigned d = 0; d < map.rank; ++d)
      boxElements *= map.boxDim[d];
    uint64_t boxBytes = boxElements * elementBytes;
    // The destination in shared memory.
    uint64_t dst = addressOf(ops[0], t);
    Space dstSpace = spaceOf(inst, ops[0]);
    unsigned char *target =
        memory(dstSpace == Space::Generic ? Space::Generic : Space::Shared, dst,
               boxBytes, t, true, error, /*atomic=*/true);
    if (!target)
      return false;
    if ((target - shared.data()) % 128 != 0)
      return report(error, t,
                    "cp.async.bulk.tensor: the shared destination is not "
                    "128-byte aligned");
    for (uint64_t e = 0; e < boxElements; ++e) {
      uint64_t rest = e, offset = 0;
      bool inside = true;
      for (unsigned d = 0; d < map.rank; ++d) {
        int64_t index =
            coordinate[d] + static_cast<int64_t>(rest % map.boxDim[d]);
        rest /= map.boxDim[d];
        if (index < 0 || static_cast<uint64_t>(index) >= map.globalDim[d])
          inside = false;
        else
          offset += static_cast<uint64_t>(index) *
                    (d == 0 ? elementBytes : map.globalStrides[d - 1]);
      }
      unsigned char *to =
          target + swizzledOffset(e * elementBytes, map.swizzle);
      if (!inside) {
        std::memset(to, 0, elementBytes);
        continue;
      }
      uint64_t from = map.globalAddress + offset;
      unsigned char *host =
          memory(Space::Global, from, elementBytes, t, false, error);
      if (!host)
        return false;
      std::memcpy(to, host, elementBytes);
    }
    Mbarrier *bar = mbarrierAt(inst, ops[2], t, error);
    if (!bar)
      return false;
    bar->transactions -= static_cast<int64_t>(boxBytes);
    completePhase(*bar);
    ++stateChanges;
    return true;
  }

  /// Runs the wgmma of every warpgroup whose live threads all wait at the
  /// same one. Returns how many ran, or -1 on an error.
  int resolveCollectives(std::string &error) {
    int ran = 0;
    for (unsigned group = 0; group * 128 < block.size(); ++group) {
      unsigned first = group * 128;
      unsigned last =
          std::min<unsigned>(first + 128, static_cast<unsigned>(block.size()));
      bool waiting = false, ready = true;
      std::size_t pc = 0;
      for (unsigned t = first; t < last; ++t) {
        if (block[t].atCollective) {
          if (waiting && block[t].pc != pc) {
            instruction = &kernel.code[block[t].pc];
            report(error, t,
                   "threads of one warpgroup wait at different wgmma "
                   "instructions");
            return -1;
          }
          waiting = true;
          pc = block[t].pc;
        } else if (!block[t].exited) {
          ready = false;
        }
      }
      if (!waiting || !ready)
        continue;
      if (last - first != 128) {
        instruction = &kernel.code[pc];
        report(error, first,
               "wgmma needs a warpgroup of 128 threads; the block has " +
                   std::to_string(block.size()));
        return -1;
      }
      for (unsigned t = first; t < last; ++t)
        if (block[t].exited) {
          instruction = &kernel.code[pc];
          report(error, t,
                 "a warpgroup instruction that not all 128 threads of the "
                 "warpgroup reach");
          return -1;
        }
      instruction = &kernel.code[pc];
      if (!wgmma(kernel.code[pc], first, error))
        return -1;
      for (unsigned t = first; t < last; ++t) {
        block[t].atCollective = false;
        ++block[t].pc;
      }
      ++stateChanges;
      ++ran;
    }
    return ran;
  }

  /// The shared-memory byte offset of element (mn, k) of a wgmma operand
  /// described by `descriptor` (start address, leading and stride byte
  /// offsets, swizzle mode, as the PTX ISA encodes them), K-major or, when
  /// `mnMajor`, MN-major, for 2-byte elements.
  static uint64_t operandOffset(uint64_t descriptor, unsigned mn, unsigned k,
                                bool mnMajor) {
    uint64_t start = (descriptor & 0x3fff) << 4;
    uint64_t leading = ((descriptor >> 16) & 0x3fff) << 4;
    uint64_t stride = ((descriptor >> 32) & 0x3fff) << 4;
    unsigned mode = static_cast<unsigned>(descriptor >> 62);
    // Swizzle width in bytes (0: none) and the TMA swizzle code it matches.
    unsigned width = mode == 1 ? 128 : mode == 2 ? 64 : mode == 3 ? 32 : 0;
    unsigned tmaSwizzle = mode == 1 ? 3 : mode == 2 ? 2 : mode == 3 ? 1 : 0;
    unsigned inner = mnMajor ? mn : k, outer = mnMajor ? k : mn;
    uint64_t address;
    if (width == 0) {
      // Core matrices of 8 rows x 16 bytes.
      address = start + (outer / 8) * stride + (inner / 8) * leading +
                (outer % 8) * 16 + (inner % 8) * 2;
    } else {
      unsigned perRow = width / 2;
      address = start + (outer / 8) * stride + (inner / perRow) * leading +
                (outer % 8) * width + (inner % perRow) * 2;
    }
    return swizzledOffset(address, tmaSwizzle);
  }

  /// wgmma.mma_async.sync.aligned.m64nNk16.f32.{f16,bf16}.{f16,bf16} for
  /// the warpgroup of threads first .. first+127: D (+)= A·B with A and B
  /// read from shared memory through their descriptors; D's fragment: row
  /// 16·warp + lane/4 + 8·((i/2)%2), column 8·(i/4) + 2·(lane%4) + i%2 of
  /// register i.
  bool wgmma(const Decoded &inst, unsigned first, std::string &error) {
    const std::vector<Value> &ops = inst.operands;
    unsigned N = inst.n;
    uint64_t descA = read(ops[1], first), descB = read(ops[2], first);
    bool accumulate = read(ops[3], first) != 0;
    double scaleA =
        ops.size() > 4 && static_cast<int64_t>(read(ops[4], first)) < 0 ? -1.0
                                                                        : 1.0;
    double scaleB =
        ops.size() > 5 && static_cast<int64_t>(read(ops[5], first)) < 0 ? -1.0
                                                                        : 1.0;
    bool transA = ops.size() > 6 && read(ops[6], first) != 0;
    bool transB = ops.size() > 7 && read(ops[7], first) != 0;
    const Type &aType = inst.types[1], &bType = inst.types[2];
    auto element = [&](uint64_t descriptor, unsigned mn, unsigned k,
                       bool mnMajor, const Type &type, float &value) {
      uint64_t offset = operandOffset(descriptor, mn, k, mnMajor);
      if (offset + 2 > sharedBytes) {
        std::ostringstream text;
        text << "wgmma operand element (" << mn << ", " << k << ") at shared 0x"
             << std::hex << offset << " lies outside shared memory";
        report(error, first, text.str());
        return false;
      }
      uint16_t bits;
      std::memcpy(&bits, shared.data() + offset, 2);
      value = type.brain ? bf16ToFloat(bits) : halfToFloat(bits);
      return true;
    };
    std::vector<float> A(64 * 16), B(16 * N);
    for (unsigned m = 0; m < 64; ++m)
      for (unsigned k = 0; k < 16; ++k)
        if (!element(descA, m, k, transA, aType, A[m * 16 + k]))
          return false;
    for (unsigned k = 0; k < 16; ++k)
      for (unsigned n = 0; n < N; ++n)
        if (!element(descB, n, k, transB, bType, B[k * N + n]))
          return false;
    const Value &d = ops[0];
    if (d.kind != Value::Kind::Vector || d.elements.size() != N / 2)
      return report(error, first,
                    "wgmma m64n" + std::to_string(N) + " needs " +
                        std::to_string(N / 2) + " accumulator registers");
    for (unsigned t = first; t < first + 128; ++t) {
      unsigned warp = (t - first) / 32, lane = (t - first) % 32;
      for (unsigned i = 0; i < N / 2; ++i) {
        unsigned row = 16 * warp + lane / 4 + 8 * ((i / 2) % 2);
        unsigned col = 8 * (i / 4) + 2 * (lane % 4) + i % 2;
        float sum = accumulate ? asFloat(read(d.elements[i], t)) : 0.0f;
        for (unsigned k = 0; k < 16; ++k)
          sum = std::fma(static_cast<float>(scaleA * A[row * 16 + k]),
                         static_cast<float>(scaleB * B[k * N + col]), sum);
        write(d.elements[i], t, fromFloat(sum), Type{Kind::Bits, 32});
      }
    }
    return true;
  }

  bool shuffle(const Decoded &inst, const std::vector<unsigned> &active,
               unsigned first, std::string &error) {
    // shfl.sync.mode.b32 d[|p], a, b, c, membermask
    const std::vector<Value> &ops = inst.operands;
    const Value &dst =
        ops[0].kind == Value::Kind::Vector ? ops[0].elements[0] : ops[0];
    const Value *valid =
        ops[0].kind == Value::Kind::Vector && ops[0].elements.size() > 1
            ? &ops[0].elements[1]
            : nullptr;
    std::vector<uint64_t> sources(kWarpSize, 0);
    std::vector<bool> present(kWarpSize, false);
    for (unsigned t : active) {
      sources[t - first] = read(ops[1], t);
      present[t - first] = true;
    }
    for (unsigned t : active) {
      unsigned lane = t - first;
      uint32_t b = static_cast<uint32_t>(read(ops[2], t));
      uint32_t c = static_cast<uint32_t>(read(ops[3], t));
      uint32_t segmentMask = (c >> 8) & 0x1f, clamp = c & 0x1f;
      uint32_t minLane = lane & segmentMask;
      uint32_t maxLane = minLane | (clamp & ~segmentMask);
      int64_t source = lane;
      bool inRange = true;
      if (inst.shflMode == "up") {
        source = int64_t(lane) - b;
        inRange = source >= int64_t(maxLane);
      } else if (inst.shflMode == "down") {
        source = int64_t(lane) + b;
        inRange = source <= int64_t(maxLane);
      } else if (inst.shflMode == "bfly") {
        source = lane ^ b;
        inRange = source <= int64_t(maxLane);
      } else {
        source = minLane | (b & ~segmentMask & 0x1f);
        inRange = source <= int64_t(maxLane);
      }
      if (!inRange)
        source = lane;
      if (source < 0 || source >= kWarpSize || !present[source]) {
        report(error, t,
               "shfl.sync reads lane " + std::to_string(source) +
                   ", which is not executing it");
        return false;
      }
      write(dst, t, sources[source], Type{Kind::Bits, 32});
      if (valid)
        write(*valid, t, inRange, Type{Kind::Pred, 1});
      ++block[t].pc;
    }
    return true;
  }

  bool vote(const Decoded &inst, const std::vector<unsigned> &active,
            unsigned first) {
    const std::vector<Value> &ops = inst.operands;
    uint32_t ballot = 0;
    bool all = true, any = false;
    for (unsigned t : active) {
      bool p = read(ops[1], t) != 0;
      ballot |= uint32_t(p) << (t - first);
      all &= p;
      any |= p;
    }
    for (unsigned t : active) {
      uint64_t r = inst.voteMode == "ballot" ? ballot
                   : inst.voteMode == "all"  ? all
                   : inst.voteMode == "any"  ? any
                                             : (all || !any);
      write(ops[0], t, r,
            inst.voteMode == "ballot" ? Type{Kind::Bits, 32}
                                      : Type{Kind::Pred, 1});
      ++block[t].pc;
    }
    return true;
  }

  bool atomic(const Decoded &inst, const std::vector<unsigned> &active,
              std::string &error) {
    const std::vector<Value> &ops = inst.operands;
    bool isRed = inst.op == Op::Red;
    const Value &address = isRed ? ops[0] : ops[1];
    const Type &type = inst.type;
    std::string op = inst.atomOp;
    for (const char *scope : {"gpu", "cta", "sys", "relaxed", "acquire",
                              "release", "acq_rel", "sync"}) {
      std::string s = scope;
      if (op.rfind(s + ".", 0) == 0)
        op = op.substr(s.size() + 1);
      std::size_t at = op.find("." + s);
      if (at != std::string::npos)
        op.erase(at, s.size() + 1);
    }
    for (unsigned t : active) {
      uint64_t at = addressOf(address, t);
      unsigned char *host =
          memory(spaceOf(inst, address), at, type.bytes(), t, true, error,
                 /*atomic=*/true);
      if (!host)
        return false;
      uint64_t old = 0;
      std::memcpy(&old, host, type.bytes());
      uint64_t b = read(ops[isRed ? 1 : 2], t), r = old;
      if (op == "add")
        r = type.kind == Kind::Float ? floatBinary(Op::Add, type, old, b, false)
                                     : old + b;
      else if (op == "min" || op == "max")
        r = type.kind == Kind::Float
                ? floatBinary(op == "min" ? Op::Min : Op::Max, type, old, b,
                              false)
                : integerBinary(op == "min" ? Op::Min : Op::Max, type, old, b);
      else if (op == "exch")
        r = b;
      else if (op == "cas")
        r = (old & mask(type.bits)) == (b & mask(type.bits)) ? read(ops[3], t)
                                                             : old;
      else if (op == "and" || op == "or" || op == "xor")
        r = integerBinary(op == "and"  ? Op::And
                          : op == "or" ? Op::Or
                                       : Op::Xor,
                          type, old, b);
      else if (op == "inc")
        r = (old & mask(type.bits)) >= (b & mask(type.bits)) ? 0 : old + 1;
      else
        return report(error, t, "unsupported atomic operation '" + op + "'");
      std::memcpy(host, &r, type.bytes());
      if (!isRed)
        write(ops[0], t, old, type);
      ++block[t].pc;
    }
    return true;
  }

  const DecodedKernel &kernel;
  const std::string &name;
  const LaunchRequest &request;
  const std::vector<unsigned char> &params;
  unsigned ctaid[3] = {0, 0, 0};
  std::vector<Thread> block;
  std::vector<unsigned char> shared;
  std::vector<SharedShadow> shadow;
  /// The block's mbarriers, by shared offset.
  std::map<uint64_t, Mbarrier> mbarriers;
  /// Set when a warp waited on an mbarrier in vain: it yields so that
  /// others can arrive.
  bool yielded = false, waitedThisRound = false;
  /// Changes of mbarrier states, and rounds of warps spinning without one.
  uint64_t stateChanges = 0, idleRounds = 0;
  static constexpr uint64_t kMaxIdleRounds = 10000;
  /// A launch that runs longer than this is taken to loop forever.
  static constexpr uint64_t kMaxWarpInstructions = uint64_t(1) << 32;
  /// Barrier phase of the block (races are looked for within one).
  uint64_t epoch = 1;
  uint64_t sharedBytes = 0;
  std::vector<unsigned> lanes;
  const Decoded *instruction = nullptr;
  /// Warp and lane instructions executed, for LaunchStats; `steps` also
  /// serves as %clock.
  uint64_t steps = 0, laneSteps = 0;

public:
  uint64_t warpInstructions() const { return steps; }
  uint64_t laneInstructions() const { return laneSteps; }
};

} // namespace

bool lmhead::runtime::emulator::runKernel(const ptx::Module &module,
                                          const ptx::Function &kernel,
                                          const LaunchRequest &request,
                                          std::string &error,
                                          LaunchStats *stats) {
  DecodedKernel decoded;
  Decoder decoder(kernel, decoded);
  decoder.addModuleShared(module.globals);
  std::string decodeError;
  if (!decoder.decode(decodeError)) {
    error = "kernel '" + kernel.name + "': " + decodeError;
    return false;
  }
  // The parameter buffer, laid out as the kernel declares it.
  std::vector<unsigned char> params(decoded.paramBytes, 0);
  for (std::size_t i = 0; i < kernel.params.size(); ++i) {
    if (!request.params || !request.params[i]) {
      error = "kernel '" + kernel.name + "': parameter " + std::to_string(i) +
              " (" + kernel.params[i].name + ") was not given";
      return false;
    }
    std::memcpy(params.data() + decoded.paramOffsets[kernel.params[i].name],
                request.params[i], kernel.params[i].bytes());
  }
  BlockRunner runner(decoded, kernel.name, request, params);
  for (unsigned z = 0; z < request.grid[2]; ++z)
    for (unsigned y = 0; y < request.grid[1]; ++y)
      for (unsigned x = 0; x < request.grid[0]; ++x) {
        unsigned ctaid[3] = {x, y, z};
        if (!runner.run(ctaid, error))
          return false;
      }
  if (stats) {
    stats->warpInstructions = runner.warpInstructions();
    stats->laneInstructions = runner.laneInstructions();
  }
  return true;
}
