//===- SoftFloat.cpp - 16-bit floats and directed rounding ----------------===//
//
// The host has f32 and f64 with round-to-nearest only; PTX also has f16 and
// bf16, and rz/rm/rp rounding modifiers. Conversions to the 16-bit floats
// round to nearest even by hand; a directed rounding takes the exact result
// as an unevaluated sum hi + lo (TwoSum, fma residues) and moves the
// nearest result one step when the exact value lies on the wrong side.
//
//===----------------------------------------------------------------------===//

#include "EmulatorInternals.h"

#include <cmath>
#include <limits>

using namespace lmhead::runtime::emulator;

std::optional<Type> lmhead::runtime::emulator::typeOf(const std::string &name) {
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

namespace {

/// f16 bits → float, computed.
float convertHalf(uint16_t h) {
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

/// Fills halfValues when the library loads.
struct HalfValuesFiller {
  HalfValuesFiller() {
    for (uint32_t h = 0; h < (1u << 16); ++h)
      lmhead::runtime::emulator::halfValues[h] =
          convertHalf(static_cast<uint16_t>(h));
  }
} fillHalfValues;

} // namespace

float lmhead::runtime::emulator::halfValues[1 << 16];

/// float → f16 bits, rounding to nearest even.
uint16_t lmhead::runtime::emulator::floatToHalf(float value) {
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

uint16_t lmhead::runtime::emulator::floatToBf16(float value) {
  uint32_t bits = static_cast<uint32_t>(fromFloat(value));
  if ((bits & 0x7f800000u) == 0x7f800000u && (bits & 0x7fffffu))
    return static_cast<uint16_t>((bits >> 16) | 0x40u); // quiet NaN
  uint32_t rounding = 0x7fffu + ((bits >> 16) & 1);
  return static_cast<uint16_t>((bits + rounding) >> 16);
}

/// The value of `bits` (of type `type`) as a double, for conversions.
double lmhead::runtime::emulator::toDouble(uint64_t bits, const Type &type) {
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

namespace {

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

} // namespace

/// f32 add, sub, mul, div and fma with a directed rounding modifier.
float lmhead::runtime::emulator::directedF32(Op op, float x, float y, float z,
                                             const std::string &mode) {
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

/// The 16-bit float of op(x, y) (f16 or bf16, by the converters given),
/// rounded as `rounding` says ("rz", "rm", "rp"; else to nearest even).
uint16_t lmhead::runtime::emulator::directedHalf(Op op, double x, double y,
                                                 const std::string &rounding,
                                                 float (*toF)(uint16_t),
                                                 uint16_t (*fromF)(float)) {
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
double lmhead::runtime::emulator::directedF64(Op op, double x, double y,
                                              double z,
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

namespace {

void fmaRowsGeneric(float *__restrict sum, const float *__restrict a,
                    const float *__restrict b, unsigned n, unsigned width,
                    unsigned bStride) {
  for (unsigned k = 0; k < n; ++k)
    for (unsigned j = 0; j < width; ++j)
      sum[j] = std::fma(a[k], b[std::size_t(k) * bStride + j], sum[j]);
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
// The same loops for CPUs with AVX2 and FMA3, where fmaf is one instruction
// (not a call into libm) for eight columns at once: the tensor-core
// instructions spend most of their time here. Columns go 32 at a time, so that
// their sums stay in registers while k runs.
__attribute__((target("avx2,fma"))) void fmaRowsAvx2(float *__restrict sum,
                                                     const float *__restrict a,
                                                     const float *__restrict b,
                                                     unsigned n, unsigned width,
                                                     unsigned bStride) {
  constexpr unsigned kColumns = 32;
  unsigned j0 = 0;
  for (; j0 + kColumns <= width; j0 += kColumns) {
    float acc[kColumns];
    for (unsigned j = 0; j < kColumns; ++j)
      acc[j] = sum[j0 + j];
    for (unsigned k = 0; k < n; ++k) {
      const float *row = b + std::size_t(k) * bStride + j0;
      for (unsigned j = 0; j < kColumns; ++j)
        acc[j] = __builtin_fmaf(a[k], row[j], acc[j]);
    }
    for (unsigned j = 0; j < kColumns; ++j)
      sum[j0 + j] = acc[j];
  }
  for (; j0 + 8 <= width; j0 += 8) {
    float acc[8];
    for (unsigned j = 0; j < 8; ++j)
      acc[j] = sum[j0 + j];
    for (unsigned k = 0; k < n; ++k) {
      const float *row = b + std::size_t(k) * bStride + j0;
      for (unsigned j = 0; j < 8; ++j)
        acc[j] = __builtin_fmaf(a[k], row[j], acc[j]);
    }
    for (unsigned j = 0; j < 8; ++j)
      sum[j0 + j] = acc[j];
  }
  for (; j0 < width; ++j0)
    for (unsigned k = 0; k < n; ++k)
      sum[j0] = __builtin_fmaf(a[k], b[std::size_t(k) * bStride + j0], sum[j0]);
}
#endif

} // namespace

void lmhead::runtime::emulator::fmaRows(float *sum, const float *a,
                                        const float *b, unsigned n,
                                        unsigned width, unsigned bStride) {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  static const bool hasAvx2 =
      __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  if (hasAvx2)
    return fmaRowsAvx2(sum, a, b, n, width, bStride);
#endif
  fmaRowsGeneric(sum, a, b, n, width, bStride);
}
