//===- Arithmetic.cpp - moves, conversions and arithmetic -----------------===//
//
// Integer arithmetic wraps at the type's width; floating-point arithmetic
// computes in the host's f32/f64 (16-bit floats in f32, rounded once to
// 16 bits) with PTX's rounding modifiers (SoftFloat.cpp) and flush to zero.
// Packed f16x2/bf16x2 operands are computed half by half.
//
//===----------------------------------------------------------------------===//

#include "EmulatorInternals.h"

#include <algorithm>
#include <cmath>

using namespace lmhead::runtime::emulator;

namespace {

/// Applies `f` to both halves of packed operands (f16x2, bf16x2).
template <typename F>
uint64_t perHalf(uint64_t a, uint64_t b, uint64_t c, F f) {
  uint64_t lo = f(a & 0xffff, b & 0xffff, c & 0xffff) & 0xffff;
  uint64_t hi =
      f((a >> 16) & 0xffff, (b >> 16) & 0xffff, (c >> 16) & 0xffff) & 0xffff;
  return lo | (hi << 16);
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

uint64_t store(float r, const Type &type, bool ftz) {
  if (ftz && std::fpclassify(r) == FP_SUBNORMAL)
    r = std::copysign(0.0f, r);
  if (type.bits == 32)
    return fromFloat(r);
  return type.brain ? floatToBf16(r) : floatToHalf(r);
}

} // namespace

uint64_t lmhead::runtime::emulator::floatBinary(Op op, const Type &type,
                                                uint64_t a, uint64_t b,
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

uint64_t lmhead::runtime::emulator::integerBinary(Op op, const Type &type,
                                                  uint64_t a, uint64_t b) {
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

namespace {

/// mul/mad .hi and .wide for `type` (else .lo).
uint64_t multiplyMode(const Decoded &inst, const Type &type, uint64_t a,
                      uint64_t b) {
  bool isSigned = type.kind == Kind::Signed;
  if (inst.wide) {
    if (isSigned)
      return static_cast<uint64_t>(signExtend(a, type.bits) *
                                   signExtend(b, type.bits));
    return (a & mask(type.bits)) * (b & mask(type.bits));
  }
  if (inst.high) {
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

bool compare(Comparison cmp, const Type &type, uint64_t a, uint64_t b) {
  using C = Comparison;
  if (type.kind == Kind::Float) {
    double x = toDouble(a, type), y = toDouble(b, type);
    bool unordered = std::isnan(x) || std::isnan(y);
    switch (cmp) {
    case C::Num:
      return !unordered;
    case C::Nan:
      return unordered;
    case C::Eq:
    case C::EqU:
      return unordered ? cmp == C::EqU : x == y;
    case C::Ne:
    case C::NeU:
      return unordered ? cmp == C::NeU : x != y;
    case C::Lt:
    case C::LtU:
      return unordered ? cmp == C::LtU : x < y;
    case C::Le:
    case C::LeU:
      return unordered ? cmp == C::LeU : x <= y;
    case C::Gt:
    case C::GtU:
      return unordered ? cmp == C::GtU : x > y;
    case C::Ge:
    case C::GeU:
      return unordered ? cmp == C::GeU : x >= y;
    default:
      return false;
    }
  }
  bool isSigned = type.kind == Kind::Signed;
  int64_t sa = signExtend(a, type.bits), sb = signExtend(b, type.bits);
  uint64_t ua = a & mask(type.bits), ub = b & mask(type.bits);
  switch (cmp) {
  case C::Eq:
    return ua == ub;
  case C::Ne:
    return ua != ub;
  case C::Lt:
    return isSigned ? sa < sb : ua < ub;
  case C::Le:
    return isSigned ? sa <= sb : ua <= ub;
  case C::Gt:
    return isSigned ? sa > sb : ua > ub;
  case C::Ge:
    return isSigned ? sa >= sb : ua >= ub;
  case C::Lo:
    return ua < ub;
  case C::Ls:
    return ua <= ub;
  case C::Hi:
    return ua > ub;
  case C::Hs:
    return ua >= ub;
  default:
    return false;
  }
}

uint64_t convert(const Decoded &inst, uint64_t bits) {
  const Type &to = inst.type, &from = inst.sourceType;
  if (to.kind == Kind::Float) {
    double value = toDouble(bits, from);
    // .sat clamps a float result to [0, 1], NaN to 0 (NVVM's inline exp
    // relies on it for its range reduction).
    if (inst.saturate && from.kind == Kind::Float)
      value = std::isnan(value) ? 0.0 : std::clamp(value, 0.0, 1.0);
    if (to.bits == 64)
      return fromDouble(value);
    float narrowed = static_cast<float>(value); // round to nearest
    if (from.kind != Kind::Float || from.bits == 64)
      narrowed = static_cast<float>(value);
    if (to.bits == 32)
      return store(narrowed, to, inst.ftz);
    // f16/bf16 from f32 (the subset NVPTX writes): round to nearest even.
    float single =
        from.kind == Kind::Float && from.bits == 32 ? asFloat(bits) : narrowed;
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
    value =
        static_cast<uint64_t>(std::clamp(static_cast<int64_t>(value), lo, hi));
  }
  return value & mask(to.bits);
}

uint64_t unaryFloat(Op op, const Decoded &inst, uint64_t bits) {
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
  // The GPU gives its canonical NaN (sign clear, every fraction bit set);
  // the host's libm and FPU give NaNs whose sign depends on the function,
  // its version and the CPU (glibc's log2 of a negative number is -NaN
  // from 2.29 on, +NaN before). Negation and absolute value only change
  // the sign bit, so they keep the operand's NaN.
  if (std::isnan(r) && op != Op::Neg && op != Op::Abs)
    return mask(inst.type.bits) >> 1;
  if (inst.type.bits == 64)
    return fromDouble(r);
  return store(static_cast<float>(r), inst.type, inst.ftz);
}

} // namespace

bool BlockRunner::executeMove(const Decoded &inst, std::string &) {
  const std::vector<Value> &ops = inst.operands;
  const Type &type = inst.type;
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
}

bool BlockRunner::executeConvert(const Decoded &inst, std::string &) {
  const std::vector<Value> &ops = inst.operands;
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
}

bool BlockRunner::executeSelect(const Decoded &inst, std::string &) {
  const std::vector<Value> &ops = inst.operands;
  const Type &type = inst.type;
  for (unsigned t : active)
    write(ops[0], t, read(ops[3], t) ? read(ops[1], t) : read(ops[2], t), type);
  advance();
  return true;
}

bool BlockRunner::executeSetPredicate(const Decoded &inst, std::string &) {
  const std::vector<Value> &ops = inst.operands;
  const Type &type = inst.type;
  for (unsigned t : active) {
    bool r = compare(inst.comparison, type, read(ops[1], t), read(ops[2], t));
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
}

bool BlockRunner::executeBinary(const Decoded &inst, std::string &) {
  const std::vector<Value> &ops = inst.operands;
  const Type &type = inst.type;
  // The common cases, with the operation chosen once for the warp: integer
  // operations that wrap at the type's width (what `write` keeps of the
  // result), and f32 arithmetic rounded to nearest without flushing.
  auto eachLane = [&](auto compute) {
    for (unsigned t : active)
      write(ops[0], t, compute(read(ops[1], t), read(ops[2], t)), type);
    advance();
    return true;
  };
  if (type.kind != Kind::Float && type.kind != Kind::Pred && !inst.wide &&
      !inst.high) { // (mul.lo: the low half)
    switch (inst.op) {
    case Op::Add:
      return eachLane([](uint64_t a, uint64_t b) { return a + b; });
    case Op::Sub:
      return eachLane([](uint64_t a, uint64_t b) { return a - b; });
    case Op::Mul:
      return eachLane([](uint64_t a, uint64_t b) { return a * b; });
    case Op::And:
      return eachLane([](uint64_t a, uint64_t b) { return a & b; });
    case Op::Or:
      return eachLane([](uint64_t a, uint64_t b) { return a | b; });
    case Op::Xor:
      return eachLane([](uint64_t a, uint64_t b) { return a ^ b; });
    default:
      break;
    }
  }
  if (type.kind == Kind::Float && type.bits == 32 && !type.packed &&
      !inst.directed && !inst.saturate && !inst.ftz) {
    auto f32 = [&](auto compute) {
      return eachLane([&](uint64_t a, uint64_t b) {
        return fromFloat(compute(asFloat(a), asFloat(b)));
      });
    };
    switch (inst.op) {
    case Op::Add:
      return f32([](float x, float y) { return x + y; });
    case Op::Sub:
      return f32([](float x, float y) { return x - y; });
    case Op::Mul:
      return f32([](float x, float y) { return x * y; });
    case Op::Min:
      return f32([](float x, float y) { return std::fmin(x, y); });
    case Op::Max:
      return f32([](float x, float y) { return std::fmax(x, y); });
    default:
      break;
    }
  }
  for (unsigned t : active) {
    uint64_t a = read(ops[1], t), b = read(ops[2], t), r;
    if (type.kind == Kind::Float) {
      bool directed = inst.directed;
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
        r = fromDouble(
            directedF64(inst.op, asDouble(a), asDouble(b), 0, inst.rounding));
      } else if (type.bits == 32 && !type.packed && inst.directed &&
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
      r = multiplyMode(inst, type, a, b);
    } else {
      r = integerBinary(inst.op, type, a, b);
    }
    Type result = type;
    if (inst.wide)
      result.bits *= 2;
    write(ops[0], t, r, result);
  }
  advance();
  return true;
}

bool BlockRunner::executeMultiplyAdd(const Decoded &inst, std::string &) {
  const std::vector<Value> &ops = inst.operands;
  const Type &type = inst.type;
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
        r = fromDouble(inst.directed
                           ? directedF64(Op::Fma, asDouble(a), asDouble(b),
                                         asDouble(c), inst.rounding)
                           : std::fma(asDouble(a), asDouble(b), asDouble(c)));
      } else {
        float x = static_cast<float>(toDouble(a, type)),
              y = static_cast<float>(toDouble(b, type)),
              z = static_cast<float>(toDouble(c, type));
        r = type.bits == 32 && inst.directed
                ? store(directedF32(Op::Fma, x, y, z, inst.rounding), type,
                        inst.ftz)
                : store(std::fma(x, y, z), type, inst.ftz);
      }
      write(ops[0], t, r, type);
      continue;
    }
    Type result = type;
    uint64_t product = multiplyMode(inst, type, a, b);
    if (inst.wide)
      result.bits *= 2;
    write(ops[0], t, product + c, result);
  }
  advance();
  return true;
}

bool BlockRunner::executeUnary(const Decoded &inst, std::string &) {
  const std::vector<Value> &ops = inst.operands;
  const Type &type = inst.type;
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
}

bool BlockRunner::executeCopySign(const Decoded &inst, std::string &error) {
  const std::vector<Value> &ops = inst.operands;
  const Type &type = inst.type;
  if (type.kind != Kind::Float || (type.bits != 32 && type.bits != 64)) {
    error = "copysign takes .f32 or .f64";
    return false;
  }
  uint64_t sign = uint64_t(1) << (type.bits - 1);
  for (unsigned t : active) {
    uint64_t a = read(ops[1], t), b = read(ops[2], t);
    write(ops[0], t, (b & mask(type.bits) & ~sign) | (a & sign), type);
  }
  advance();
  return true;
}

bool BlockRunner::executeShift(const Decoded &inst, std::string &) {
  const std::vector<Value> &ops = inst.operands;
  const Type &type = inst.type;
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
}

/// bfe.{u,s}{32,64} d, a, pos, len: the bits pos .. pos+len-1 of a,
/// sign-extended from the last for .s. Also bfi.b{32,64} d, a, b, pos, len:
/// b with its bits pos .. pos+len-1 replaced by the low bits of a.
bool BlockRunner::executeBitFieldExtract(const Decoded &inst, std::string &) {
  const std::vector<Value> &ops = inst.operands;
  const Type &type = inst.type;
  if (inst.op == Op::Bfi) {
    for (unsigned t : active) {
      uint64_t a = read(ops[1], t), b = read(ops[2], t) & mask(type.bits);
      unsigned position = static_cast<unsigned>(read(ops[3], t) & 0xff);
      unsigned length = static_cast<unsigned>(read(ops[4], t) & 0xff);
      // Past the width, or of no length, the field leaves b as it is.
      if (length > 0 && position < type.bits) {
        uint64_t field = mask(std::min(length, type.bits - position))
                         << position;
        b = (b & ~field) | ((a << position) & field);
      }
      write(ops[0], t, b, type);
    }
    advance();
    return true;
  }
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
}

bool BlockRunner::executeFloatFunction(const Decoded &inst, std::string &) {
  const std::vector<Value> &ops = inst.operands;
  const Type &type = inst.type;
  for (unsigned t : active)
    write(ops[0], t, unaryFloat(inst.op, inst, read(ops[1], t)), type);
  advance();
  return true;
}
