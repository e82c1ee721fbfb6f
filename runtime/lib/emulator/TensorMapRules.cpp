//===- TensorMapRules.cpp - cuTensorMapEncodeTiled's rules ----------------===//
//
// The rules are the requirements that the CUDA driver API documents for
// cuTensorMapEncodeTiled ("Tensor Map Object Management"), with the swizzle
// spans of CUtensorMapSwizzle. The enumerations are checked first, since
// the other rules depend on them; then the arguments in the order the
// documentation lists them. Each message names the argument and its value
// and says what the driver would accept.
//
//===----------------------------------------------------------------------===//

#include "TensorMapRules.h"
#include "TensorMap.h"

#include <cstdint>
#include <cstdio>

using namespace lmhead::runtime;

namespace {

/// CUtensorMapDataType's names, by value.
constexpr const char *kDataTypeNames[] = {
    "UINT8",        "UINT16",       "UINT32",        "INT32",
    "UINT64",       "INT64",        "FLOAT16",       "FLOAT32",
    "FLOAT64",      "BFLOAT16",     "FLOAT32_FTZ",   "TFLOAT32",
    "TFLOAT32_FTZ", "16U4_ALIGN8B", "16U4_ALIGN16B", "16U6_ALIGN16B"};
constexpr int kDataTypes = 16;
/// Types from here on pack 4- or 6-bit values into 8 or 16 bytes; those
/// before have whole-byte elements (TensorMap.h's tensorMapElementBytes).
constexpr int kFirstPackedType = 13;

/// CUtensorMapInterleave's values that the rules name.
constexpr int kInterleaveNone = 0, kInterleave32B = 2;
/// CUtensorMapSwizzle's 32-byte swizzle, which a 32-byte interleave needs.
constexpr int kSwizzle32B = 1;
/// CUtensorMapFloatOOBfill's NaN fill.
constexpr int kFillNaN = 1;

constexpr const char *kInterleaveNames[] = {"none", "16B", "32B"};
constexpr const char *kSwizzleNames[] = {
    "none",         "32B",           "64B",
    "128B",         "128B_ATOM_32B", "128B_ATOM_32B_FLIP_8B",
    "128B_ATOM_64B"};

/// Limits of the global tensor and of the box.
constexpr uint64_t kMaxGlobalDim = uint64_t(1) << 32;
constexpr uint64_t kStrideLimit = uint64_t(1) << 40;
constexpr unsigned kMaxBoxDim = 256;
constexpr unsigned kMaxElementStride = 8;

std::string dataTypeName(int type) {
  return "data type " + std::to_string(type) + " (" + kDataTypeNames[type] +
         ")";
}

std::string interleaveName(int interleave) {
  return "interleave " + std::to_string(interleave) + " (" +
         kInterleaveNames[interleave] + ")";
}

std::string swizzleName(int swizzle) {
  return "swizzle " + std::to_string(swizzle) + " (" + kSwizzleNames[swizzle] +
         ")";
}

/// The bytes within which a swizzle permutes 16-byte chunks (0: none). The
/// 128-byte variants that move 32- or 64-byte atoms span 128 bytes too.
unsigned swizzleSpanBytes(int swizzle) {
  switch (swizzle) {
  case 0:
    return 0;
  case 1:
    return 32;
  case 2:
    return 64;
  default:
    return 128;
  }
}

/// FLOAT16 to TFLOAT32_FTZ: the types whose out-of-bounds elements may be
/// filled with NaN.
bool isFloatType(int type) { return type >= 6 && type < kFirstPackedType; }

std::string hex(uint64_t value) {
  char text[24];
  std::snprintf(text, sizeof(text), "%#llx",
                static_cast<unsigned long long>(value));
  return text;
}

/// "global stride i (dimension i+1) is N bytes": globalStrides[i] steps
/// through dimension i+1.
std::string strideIs(unsigned i, uint64_t stride) {
  return "global stride " + std::to_string(i) + " (dimension " +
         std::to_string(i + 1) + ") is " + std::to_string(stride) + " bytes";
}

bool refuseRequest(std::string &error, const std::string &message) {
  error = "cuTensorMapEncodeTiled: " + message;
  return false;
}

/// Whether `value` lies in [0, count): an enumerator of a CUDA enum.
bool inEnum(int value, int count) { return value >= 0 && value < count; }

} // namespace

bool emulator::checkTensorMapRequest(const TensorMapRequest &request,
                                     std::string &error) {
  // The enumerations.
  if (!inEnum(request.dataType, kDataTypes))
    return refuseRequest(error, "data type " +
                                    std::to_string(request.dataType) +
                                    " is not a CUtensorMapDataType (0 to 15)");
  if (request.dataType >= kFirstPackedType)
    return refuseRequest(error,
                         dataTypeName(request.dataType) +
                             " packs sub-byte values; the emulator neither "
                             "checks nor copies packed types, only 0 to 12 "
                             "(UINT8 to TFLOAT32_FTZ)");
  if (!inEnum(request.interleave, 3))
    return refuseRequest(error,
                         "interleave " + std::to_string(request.interleave) +
                             " is not a CUtensorMapInterleave (0: none, 1: "
                             "16B, 2: 32B)");
  if (!inEnum(request.swizzle, 7))
    return refuseRequest(error,
                         "swizzle " + std::to_string(request.swizzle) +
                             " is not a CUtensorMapSwizzle (0: none, 1: 32B, "
                             "2: 64B, 3: 128B, 4 to 6: 128B atoms)");
  if (!inEnum(request.l2Promotion, 4))
    return refuseRequest(error,
                         "l2Promotion " + std::to_string(request.l2Promotion) +
                             " is not a CUtensorMapL2promotion (0: none, 1: "
                             "64B, 2: 128B, 3: 256B)");
  if (!inEnum(request.oobFill, 2))
    return refuseRequest(error,
                         "oobFill " + std::to_string(request.oobFill) +
                             " is not a CUtensorMapFloatOOBfill (0: zeros, 1: "
                             "NaN)");
  bool interleaved = request.interleave != kInterleaveNone;

  // The rank.
  if (request.rank < 1 || request.rank > 5)
    return refuseRequest(error, "rank " + std::to_string(request.rank) +
                                    " is outside [1, 5]");
  if (interleaved && request.rank < 3)
    return refuseRequest(error, "rank " + std::to_string(request.rank) +
                                    " with " +
                                    interleaveName(request.interleave) +
                                    "; an interleaved map needs rank 3 to 5");
  if (request.interleave == kInterleave32B && request.swizzle != kSwizzle32B)
    return refuseRequest(error, interleaveName(request.interleave) + " needs " +
                                    swizzleName(kSwizzle32B) + ", not " +
                                    swizzleName(request.swizzle));

  // The global tensor: its address, sizes and strides.
  uint64_t alignment = request.interleave == kInterleave32B ? 32 : 16;
  std::string becauseInterleaved =
      request.interleave == kInterleave32B
          ? " (as " + interleaveName(request.interleave) + " needs)"
          : "";
  auto address = reinterpret_cast<uint64_t>(request.globalAddress);
  if (address % alignment != 0)
    return refuseRequest(
        error, "global address " + hex(address) + " is not a multiple of " +
                   std::to_string(alignment) + " bytes" + becauseInterleaved);
  for (unsigned d = 0; d < request.rank; ++d)
    if (request.globalDim[d] < 1 || request.globalDim[d] > kMaxGlobalDim)
      return refuseRequest(error, "global dimension " + std::to_string(d) +
                                      " is " +
                                      std::to_string(request.globalDim[d]) +
                                      ", outside [1, 2^32]");
  for (unsigned i = 0; i + 1 < request.rank; ++i) {
    uint64_t stride = request.globalStrides[i];
    if (stride % alignment != 0)
      return refuseRequest(error, strideIs(i, stride) + ", not a multiple of " +
                                      std::to_string(alignment) +
                                      becauseInterleaved);
    if (stride >= kStrideLimit)
      return refuseRequest(error, strideIs(i, stride) + ", not below 2^40");
  }
  unsigned elementBytes = tensorMapElementBytes(request.dataType);
  // The box.
  for (unsigned d = 0; d < request.rank; ++d)
    if (request.boxDim[d] < 1 || request.boxDim[d] > kMaxBoxDim)
      return refuseRequest(
          error, "box dimension " + std::to_string(d) + " is " +
                     std::to_string(request.boxDim[d]) + ", outside [1, 256]");
  uint64_t innerBytes = uint64_t(request.boxDim[0]) * elementBytes;
  std::string inner = "the inner box dimension is " +
                      std::to_string(innerBytes) + " bytes (" +
                      std::to_string(request.boxDim[0]) + " elements of " +
                      std::to_string(elementBytes) + " bytes)";
  if (!interleaved && innerBytes % 16 != 0)
    return refuseRequest(error, inner + ", not a multiple of 16");
  for (unsigned d = 0; d < request.rank; ++d)
    if (request.elementStrides[d] < 1 ||
        request.elementStrides[d] > kMaxElementStride)
      return refuseRequest(error,
                           "element stride " + std::to_string(d) + " is " +
                               std::to_string(request.elementStrides[d]) +
                               ", outside [1, 8]");
  unsigned span = swizzleSpanBytes(request.swizzle);
  if (!interleaved && span != 0 && innerBytes > span)
    return refuseRequest(error, inner + ", more than the " +
                                    std::to_string(span) + "-byte span of " +
                                    swizzleName(request.swizzle));

  // The fill.
  if (request.oobFill == kFillNaN && !isFloatType(request.dataType))
    return refuseRequest(error,
                         "oobFill 1 (NaN) needs a floating-point data type "
                         "(6 to 12), not " +
                             dataTypeName(request.dataType));
  return true;
}
