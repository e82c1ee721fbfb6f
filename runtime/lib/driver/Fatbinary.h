//===- Fatbinary.h - the PTX inside nvcc's fatbinaries -----------*- C++
//-*-===//
//
// nvcc embeds device code in a fatbinary: a header (magic 0xBA55ED50, a
// version, its own size and the size of what follows) and entries, each
// with a header of its own saying its kind (PTX 1, cubin ELF 2), the
// architecture it is for, its flags (64-bit, compressed with LZ4 0x2000 or
// zstd 0x8000) and its sizes. cudart hands the driver a wrapper around it
// (__fatBinC_Wrapper_t, magic 0x466243B1, fatbinary_section.h). The
// emulator runs PTX, so the driver takes the newest PTX an sm_90 device can
// run out of the container and refuses cubin-only images.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_RUNTIME_LIB_DRIVER_FATBINARY_H
#define LMHEAD_RUNTIME_LIB_DRIVER_FATBINARY_H

#include <cstddef>
#include <cstdint>
#include <string>

namespace lmhead::driver {

/// The magic numbers of a fatbinary and of cudart's wrapper around one.
inline constexpr uint32_t kFatbinaryMagic = 0xBA55ED50u;
inline constexpr uint32_t kFatbinaryWrapperMagic = 0x466243B1u;

/// Whether `image` starts with a fatbinary or its wrapper (as opposed to
/// PTX text or an ELF cubin).
bool isFatbinary(const void *image);

/// Takes the PTX for a device of compute capability `deviceArch` (90 for
/// sm_90) out of the fatbinary (or wrapped fatbinary) at `image`: the PTX
/// entry of the highest architecture not above `deviceArch`, decompressed.
/// On failure returns false with `error` saying why, e.g. that the image
/// holds only cubins and should be built with code=compute_XX.
bool extractPtx(const void *image, unsigned deviceArch, std::string &ptx,
                std::string &error);

/// Decompresses an LZ4 block (the format of LZ4_compress_default, without a
/// frame) of `size` bytes into exactly `expected` bytes. False, with
/// `error`, when the block is malformed or does not decode to `expected`.
bool decompressLz4(const uint8_t *block, std::size_t size, std::size_t expected,
                   std::string &out, std::string &error);

} // namespace lmhead::driver

#endif // LMHEAD_RUNTIME_LIB_DRIVER_FATBINARY_H
