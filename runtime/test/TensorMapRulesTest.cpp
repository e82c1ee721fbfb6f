//===- TensorMapRulesTest.cpp - cuTensorMapEncodeTiled's rules ------------===//
//
// The map our sm_90a kernels encode passes; each rule of
// cuTensorMapEncodeTiled broken alone fails with a message that names the
// argument, its value and what the driver accepts. Requests are checked,
// never encoded, so their addresses need not point at memory.
//
//===----------------------------------------------------------------------===//

#include "emulator/TensorMapRules.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

using lmhead::runtime::TensorMapRequest;
using lmhead::runtime::emulator::checkTensorMapRequest;
using ::testing::HasSubstr;
using ::testing::StartsWith;

namespace {

constexpr int kUint8 = 0, kBfloat16 = 9;
constexpr int kSwizzle32B = 1, kSwizzle64B = 2, kSwizzle128B = 3;
constexpr int kInterleave16B = 1, kInterleave32B = 2;

/// A bf16 [V, D] weight as the sm_90a kernels read it: 32000 rows of 4096,
/// boxes of 128 rows by 64 columns (one 128-byte row each), the 128-byte
/// swizzle.
TensorMapRequest weightMap() {
  TensorMapRequest request;
  request.dataType = kBfloat16;
  request.rank = 2;
  request.globalAddress = reinterpret_cast<void *>(uintptr_t{0x7f0000000000});
  request.globalDim[0] = 4096;
  request.globalDim[1] = 32000;
  request.globalStrides[0] = 4096 * 2;
  request.boxDim[0] = 64;
  request.boxDim[1] = 128;
  request.swizzle = kSwizzle128B;
  return request;
}

/// A rank-3 interleaved map that passes: 16-byte chunks of 8 bf16 channels
/// ([N, H, W, 8]).
TensorMapRequest interleavedMap() {
  TensorMapRequest request;
  request.dataType = kBfloat16;
  request.rank = 3;
  request.globalAddress = reinterpret_cast<void *>(uintptr_t{0x7f0000000000});
  request.globalDim[0] = 8;
  request.globalDim[1] = 32;
  request.globalDim[2] = 32;
  request.globalStrides[0] = 16;
  request.globalStrides[1] = 16 * 32;
  request.boxDim[0] = 8;
  request.boxDim[1] = 8;
  request.boxDim[2] = 8;
  request.interleave = kInterleave16B;
  return request;
}

/// The message `request` is refused with, or "" when it passes.
std::string errorFor(const TensorMapRequest &request) {
  std::string error;
  if (checkTensorMapRequest(request, error))
    return "";
  EXPECT_THAT(error, StartsWith("cuTensorMapEncodeTiled: "));
  return error;
}

TEST(TensorMapRulesTest, TheWeightMapOurKernelsEncodePasses) {
  EXPECT_EQ(errorFor(weightMap()), "");
}

TEST(TensorMapRulesTest, LimitsThatAreJustMetPass) {
  // Five dimensions, a stride just below 2^40, a dimension of 2^32, boxes
  // of 256 and 1, element strides of 8, padded rows, NaN fill of bf16.
  TensorMapRequest request;
  request.dataType = kBfloat16;
  request.rank = 5;
  request.globalAddress = reinterpret_cast<void *>(uintptr_t{0x10});
  uint64_t dims[5] = {8, 1, 2, uint64_t(1) << 32, 1};
  uint64_t strides[4] = {32, 32, 64, (uint64_t(1) << 40) - 16};
  unsigned boxes[5] = {8, 256, 1, 1, 1};
  for (int d = 0; d < 5; ++d) {
    request.globalDim[d] = dims[d];
    request.boxDim[d] = boxes[d];
    request.elementStrides[d] = 8;
  }
  for (int i = 0; i < 4; ++i)
    request.globalStrides[i] = strides[i];
  request.oobFill = 1;
  request.l2Promotion = 3;
  EXPECT_EQ(errorFor(request), "");
  EXPECT_EQ(errorFor(interleavedMap()), "");
}

TEST(TensorMapRulesTest, DataTypeIsACUtensorMapDataType) {
  TensorMapRequest request = weightMap();
  request.dataType = 16;
  EXPECT_THAT(errorFor(request),
              HasSubstr("data type 16 is not a CUtensorMapDataType (0 to 15)"));
  request.dataType = -1;
  EXPECT_THAT(errorFor(request), HasSubstr("data type -1 is not a"));
}

TEST(TensorMapRulesTest, PackedDataTypesAreNotHandled) {
  TensorMapRequest request = weightMap();
  request.dataType = 13;
  EXPECT_THAT(errorFor(request),
              HasSubstr("data type 13 (16U4_ALIGN8B) packs sub-byte values"));
}

TEST(TensorMapRulesTest, RankIsOneToFive) {
  TensorMapRequest request = weightMap();
  request.rank = 6;
  EXPECT_THAT(errorFor(request), HasSubstr("rank 6 is outside [1, 5]"));
  request.rank = 0;
  EXPECT_THAT(errorFor(request), HasSubstr("rank 0 is outside [1, 5]"));
}

TEST(TensorMapRulesTest, InterleavedMapsHaveRankThreeOrMore) {
  TensorMapRequest request = weightMap();
  request.swizzle = 0;
  request.interleave = kInterleave16B;
  EXPECT_THAT(errorFor(request),
              HasSubstr("rank 2 with interleave 1 (16B); an interleaved map "
                        "needs rank 3 to 5"));
}

TEST(TensorMapRulesTest, EnumerationsAreInRange) {
  TensorMapRequest request = weightMap();
  request.interleave = 3;
  EXPECT_THAT(errorFor(request),
              HasSubstr("interleave 3 is not a CUtensorMapInterleave"));
  request = weightMap();
  request.swizzle = 7;
  EXPECT_THAT(errorFor(request),
              HasSubstr("swizzle 7 is not a CUtensorMapSwizzle"));
  request = weightMap();
  request.l2Promotion = 4;
  EXPECT_THAT(errorFor(request),
              HasSubstr("l2Promotion 4 is not a CUtensorMapL2promotion"));
  request = weightMap();
  request.oobFill = 2;
  EXPECT_THAT(errorFor(request),
              HasSubstr("oobFill 2 is not a CUtensorMapFloatOOBfill"));
}

TEST(TensorMapRulesTest, A32ByteInterleaveNeedsThe32ByteSwizzle) {
  TensorMapRequest request = interleavedMap();
  request.globalStrides[0] = 32;
  request.globalStrides[1] = 32 * 32;
  request.interleave = kInterleave32B;
  EXPECT_THAT(errorFor(request),
              HasSubstr("interleave 2 (32B) needs swizzle 1 (32B), not "
                        "swizzle 0 (none)"));
  request.swizzle = kSwizzle32B;
  EXPECT_EQ(errorFor(request), "");
}

TEST(TensorMapRulesTest, GlobalAddressIs16ByteAligned) {
  TensorMapRequest request = weightMap();
  request.globalAddress = reinterpret_cast<void *>(uintptr_t{0x7f0000000008});
  EXPECT_THAT(errorFor(request),
              HasSubstr("global address 0x7f0000000008 is not a multiple of "
                        "16 bytes"));
}

TEST(TensorMapRulesTest, GlobalAddressIs32ByteAlignedWith32ByteInterleave) {
  TensorMapRequest request = interleavedMap();
  request.globalStrides[0] = 32;
  request.globalStrides[1] = 32 * 32;
  request.interleave = kInterleave32B;
  request.swizzle = kSwizzle32B;
  request.globalAddress = reinterpret_cast<void *>(uintptr_t{0x7f0000000010});
  EXPECT_THAT(errorFor(request),
              HasSubstr("global address 0x7f0000000010 is not a multiple of "
                        "32 bytes (as interleave 2 (32B) needs)"));
}

TEST(TensorMapRulesTest, GlobalDimensionsAreOneTo2To32) {
  TensorMapRequest request = weightMap();
  request.globalDim[1] = 0;
  EXPECT_THAT(errorFor(request),
              HasSubstr("global dimension 1 is 0, outside [1, 2^32]"));
  request.globalDim[1] = (uint64_t(1) << 32) + 1;
  EXPECT_THAT(errorFor(request),
              HasSubstr("global dimension 1 is 4294967297, outside [1, "
                        "2^32]"));
}

TEST(TensorMapRulesTest, GlobalStridesAreMultiplesOf16) {
  // 4097 bf16 columns: rows 8194 bytes apart.
  TensorMapRequest request = weightMap();
  request.globalDim[0] = 4097;
  request.globalStrides[0] = 4097 * 2;
  EXPECT_THAT(errorFor(request),
              HasSubstr("global stride 0 (dimension 1) is 8194 bytes, not a "
                        "multiple of 16"));
  // The outer stride of [4, 1, 8] bf16.
  request = weightMap();
  request.rank = 3;
  request.globalDim[0] = 8;
  request.globalDim[1] = 1;
  request.globalDim[2] = 4;
  request.globalStrides[0] = 16;
  request.globalStrides[1] = 200;
  request.boxDim[0] = 8;
  request.boxDim[2] = 4;
  EXPECT_THAT(errorFor(request),
              HasSubstr("global stride 1 (dimension 2) is 200 bytes, not a "
                        "multiple of 16"));
}

TEST(TensorMapRulesTest, GlobalStridesAreMultiplesOf32With32ByteInterleave) {
  TensorMapRequest request = interleavedMap();
  request.interleave = kInterleave32B;
  request.swizzle = kSwizzle32B;
  EXPECT_THAT(errorFor(request),
              HasSubstr("global stride 0 (dimension 1) is 16 bytes, not a "
                        "multiple of 32 (as interleave 2 (32B) needs)"));
}

TEST(TensorMapRulesTest, GlobalStridesAreBelow2To40) {
  TensorMapRequest request = weightMap();
  request.globalStrides[0] = uint64_t(1) << 40;
  EXPECT_THAT(errorFor(request),
              HasSubstr("global stride 0 (dimension 1) is 1099511627776 "
                        "bytes, not below 2^40"));
}

TEST(TensorMapRulesTest, BoxDimensionsAreOneTo256) {
  TensorMapRequest request = weightMap();
  request.boxDim[1] = 0;
  EXPECT_THAT(errorFor(request),
              HasSubstr("box dimension 1 is 0, outside [1, 256]"));
  request.boxDim[1] = 257;
  EXPECT_THAT(errorFor(request),
              HasSubstr("box dimension 1 is 257, outside [1, 256]"));
  request.boxDim[1] = 256;
  EXPECT_EQ(errorFor(request), "");
}

TEST(TensorMapRulesTest, TheInnerBoxIsAMultipleOf16Bytes) {
  TensorMapRequest request = weightMap();
  request.boxDim[0] = 5;
  EXPECT_THAT(errorFor(request),
              HasSubstr("the inner box dimension is 10 bytes (5 elements of "
                        "2 bytes), not a multiple of 16"));
}

TEST(TensorMapRulesTest, TheInnerBoxFitsTheSwizzleSpan) {
  TensorMapRequest request = weightMap();
  request.boxDim[0] = 128;
  EXPECT_THAT(errorFor(request),
              HasSubstr("the inner box dimension is 256 bytes (128 elements "
                        "of 2 bytes), more than the 128-byte span of "
                        "swizzle 3 (128B)"));
  request.boxDim[0] = 64;
  request.swizzle = kSwizzle64B;
  EXPECT_THAT(errorFor(request),
              HasSubstr("the inner box dimension is 128 bytes (64 elements "
                        "of 2 bytes), more than the 64-byte span of swizzle "
                        "2 (64B)"));
  request.boxDim[0] = 16;
  request.swizzle = kSwizzle32B;
  EXPECT_EQ(errorFor(request), "");
  // Without a swizzle the inner box may be as wide as the box allows.
  request.boxDim[0] = 256;
  request.swizzle = 0;
  EXPECT_EQ(errorFor(request), "");
}

TEST(TensorMapRulesTest, ElementStridesAreOneToEight) {
  TensorMapRequest request = weightMap();
  request.elementStrides[1] = 9;
  EXPECT_THAT(errorFor(request),
              HasSubstr("element stride 1 is 9, outside [1, 8]"));
  request.elementStrides[1] = 0;
  EXPECT_THAT(errorFor(request),
              HasSubstr("element stride 1 is 0, outside [1, 8]"));
}

TEST(TensorMapRulesTest, NaNFillNeedsAFloatType) {
  TensorMapRequest request = weightMap();
  request.dataType = kUint8;
  request.globalStrides[0] = 4096;
  request.boxDim[0] = 128;
  request.oobFill = 1;
  EXPECT_THAT(errorFor(request),
              HasSubstr("oobFill 1 (NaN) needs a floating-point data type "
                        "(6 to 12), not data type 0 (UINT8)"));
  request.oobFill = 0;
  EXPECT_EQ(errorFor(request), "");
}

} // namespace
