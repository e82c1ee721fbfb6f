//===- Fatbinary.cpp - the PTX inside nvcc's fatbinaries ------------------===//
//
// Reads the container described in Fatbinary.h. The entry header's layout
// (little-endian), as nvcc 13 writes it and public write-ups of the format
// describe it:
//
//   0  u16 kind (1 PTX, 2 ELF)        2  u16 version (0x101)
//   4  u32 header size                8  u64 bytes to the next entry
//  16  u32 compressed size           20  u32 (64 for 64-bit PTX)
//  24  u32 PTX ISA version           28  u32 architecture (80, 90, ...)
//  32  u32 name offset, u32 length   40  u64 flags
//  48  u64 (unused here)             56  u64 uncompressed size
//
// PTX is stored NUL-padded. Compressed entries are an LZ4 block (nvcc
// -compress-mode=speed), decoded here, or a zstd frame (the default of
// CUDA 13), decoded by the system's libzstd.so.1, opened with dlopen when
// first needed so that the library links nothing but the C and C++
// runtimes.
//
//===----------------------------------------------------------------------===//

#include "Fatbinary.h"

#include <cstring>
#include <dlfcn.h>

using namespace lmhead;
using namespace lmhead::driver;

namespace {

constexpr uint16_t kKindPtx = 1;
constexpr uint16_t kKindElf = 2;
constexpr uint64_t kFlagLz4 = 0x2000;
constexpr uint64_t kFlagZstd = 0x8000;
/// A bound on what a header may claim, so that a corrupt one is refused
/// rather than read far past its image.
constexpr uint64_t kMaxSize = uint64_t(1) << 32;

template <typename T> T read(const uint8_t *at) {
  T value;
  std::memcpy(&value, at, sizeof(T));
  return value;
}

struct Entry {
  uint16_t kind = 0;
  unsigned arch = 0;
  uint64_t flags = 0;
  const uint8_t *payload = nullptr;
  uint64_t storedBytes = 0, compressedBytes = 0, uncompressedBytes = 0;
};

/// ZSTD_decompress and ZSTD_isError from libzstd.so.1, or null.
struct Zstd {
  using Decompress = std::size_t (*)(void *, std::size_t, const void *,
                                     std::size_t);
  using IsError = unsigned (*)(std::size_t);
  Decompress decompress = nullptr;
  IsError isError = nullptr;
};

const Zstd &zstd() {
  static const Zstd library = [] {
    Zstd result;
    void *handle = dlopen("libzstd.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!handle)
      return result;
    result.decompress =
        reinterpret_cast<Zstd::Decompress>(dlsym(handle, "ZSTD_decompress"));
    result.isError =
        reinterpret_cast<Zstd::IsError>(dlsym(handle, "ZSTD_isError"));
    if (!result.decompress || !result.isError)
      result = Zstd();
    return result;
  }();
  return library;
}

/// The entry's PTX text, decompressed and without its NUL padding.
bool entryText(const Entry &entry, std::string &text, std::string &error) {
  std::string arch = "compute_" + std::to_string(entry.arch);
  if (entry.flags & kFlagLz4) {
    if (entry.compressedBytes > entry.storedBytes ||
        entry.uncompressedBytes > kMaxSize) {
      error = "the fatbinary's " + arch + " PTX has inconsistent sizes";
      return false;
    }
    std::string lz4Error;
    if (!decompressLz4(entry.payload, entry.compressedBytes,
                       entry.uncompressedBytes, text, lz4Error)) {
      error = "cannot decompress the fatbinary's " + arch +
              " PTX (LZ4): " + lz4Error;
      return false;
    }
  } else if (entry.flags & kFlagZstd) {
    const Zstd &library = zstd();
    if (!library.decompress) {
      error = "the fatbinary's " + arch +
              " PTX is compressed with zstd and libzstd.so.1 cannot be "
              "loaded; install libzstd or build with nvcc -no-compress";
      return false;
    }
    if (entry.compressedBytes > entry.storedBytes ||
        entry.uncompressedBytes > kMaxSize) {
      error = "the fatbinary's " + arch + " PTX has inconsistent sizes";
      return false;
    }
    text.assign(entry.uncompressedBytes, '\0');
    std::size_t written = library.decompress(
        text.data(), text.size(), entry.payload, entry.compressedBytes);
    if (library.isError(written) || written != entry.uncompressedBytes) {
      error = "cannot decompress the fatbinary's " + arch + " PTX (zstd)";
      return false;
    }
  } else {
    text.assign(reinterpret_cast<const char *>(entry.payload),
                entry.storedBytes);
  }
  // The PTX ends at its first NUL (entries are padded with them).
  std::size_t end = text.find('\0');
  if (end != std::string::npos)
    text.resize(end);
  return true;
}

} // namespace

bool driver::isFatbinary(const void *image) {
  uint32_t magic = read<uint32_t>(static_cast<const uint8_t *>(image));
  return magic == kFatbinaryMagic || magic == kFatbinaryWrapperMagic;
}

bool driver::decompressLz4(const uint8_t *block, std::size_t size,
                           std::size_t expected, std::string &out,
                           std::string &error) {
  out.clear();
  out.reserve(expected);
  std::size_t at = 0;
  // A length is 4 bits of the token, continued by bytes of 255 and ended by
  // one below 255.
  auto length = [&](std::size_t value, std::size_t &result) {
    result = value;
    if (value != 15)
      return true;
    while (at < size) {
      uint8_t more = block[at++];
      result += more;
      if (more != 255)
        return true;
    }
    return false;
  };
  while (at < size) {
    uint8_t token = block[at++];
    std::size_t literals;
    if (!length(token >> 4, literals) || literals > size - at ||
        literals > expected - out.size()) {
      error = "a literal run overflows the block";
      return false;
    }
    out.append(reinterpret_cast<const char *>(block + at), literals);
    at += literals;
    // The last sequence has literals only.
    if (at == size)
      break;
    if (size - at < 2) {
      error = "a match offset is cut off";
      return false;
    }
    std::size_t offset = block[at] | (std::size_t(block[at + 1]) << 8);
    at += 2;
    std::size_t match;
    if (!length(token & 15, match)) {
      error = "a match length is cut off";
      return false;
    }
    match += 4;
    if (offset == 0 || offset > out.size() || match > expected - out.size()) {
      error = "a match reaches outside the output";
      return false;
    }
    // Byte by byte: a match may overlap the bytes it produces.
    std::size_t from = out.size() - offset;
    for (std::size_t i = 0; i < match; ++i)
      out.push_back(out[from + i]);
  }
  if (out.size() != expected) {
    error = "the block decodes to " + std::to_string(out.size()) +
            " bytes, not the " + std::to_string(expected) + " expected";
    return false;
  }
  return true;
}

bool driver::extractPtx(const void *image, unsigned deviceArch,
                        std::string &ptx, std::string &error) {
  const auto *bytes = static_cast<const uint8_t *>(image);
  if (read<uint32_t>(bytes) == kFatbinaryWrapperMagic) {
    uint32_t version = read<uint32_t>(bytes + 4);
    if (version != 1) {
      error = "the fatbinary wrapper has version " + std::to_string(version) +
              " (relocatable device code, nvcc -rdc); only version 1 is "
              "supported";
      return false;
    }
    bytes = read<const uint8_t *>(bytes + 8);
    if (!bytes) {
      error = "the fatbinary wrapper has no fatbinary";
      return false;
    }
  }
  if (read<uint32_t>(bytes) != kFatbinaryMagic) {
    error = "not a fatbinary (no magic 0xBA55ED50)";
    return false;
  }
  uint16_t headerBytes = read<uint16_t>(bytes + 6);
  uint64_t entriesBytes = read<uint64_t>(bytes + 8);
  if (headerBytes < 16 || entriesBytes > kMaxSize) {
    error = "the fatbinary's header is corrupt";
    return false;
  }
  const Entry *best = nullptr;
  Entry entries[64];
  unsigned count = 0, newestPtx = 0;
  std::string cubins;
  for (uint64_t at = 0; at + 64 <= entriesBytes && count < 64;) {
    const uint8_t *header = bytes + headerBytes + at;
    Entry &entry = entries[count++];
    entry.kind = read<uint16_t>(header);
    uint32_t entryHeaderBytes = read<uint32_t>(header + 4);
    entry.storedBytes = read<uint64_t>(header + 8);
    entry.compressedBytes = read<uint32_t>(header + 16);
    entry.arch = read<uint32_t>(header + 28);
    entry.flags = read<uint64_t>(header + 40);
    entry.uncompressedBytes =
        entryHeaderBytes >= 64 ? read<uint64_t>(header + 56) : 0;
    entry.payload = header + entryHeaderBytes;
    if (entryHeaderBytes < 64 ||
        entry.storedBytes > entriesBytes - at - entryHeaderBytes) {
      error = "the fatbinary's entry at offset " + std::to_string(at) +
              " is corrupt";
      return false;
    }
    if (entry.kind == kKindPtx) {
      newestPtx = std::max(newestPtx, entry.arch);
      if (entry.arch <= deviceArch && (!best || entry.arch > best->arch))
        best = &entry;
    } else if (entry.kind == kKindElf) {
      cubins += (cubins.empty() ? "sm_" : ", sm_") + std::to_string(entry.arch);
    }
    at += entryHeaderBytes + entry.storedBytes;
  }
  if (!best) {
    if (newestPtx)
      error =
          "the fatbinary's PTX is for compute_" + std::to_string(newestPtx) +
          " but the emulated device is sm_" + std::to_string(deviceArch) +
          "; build with -gencode arch=compute_" + std::to_string(deviceArch) +
          ",code=compute_" + std::to_string(deviceArch) + " or older";
    else
      error = "the fatbinary holds no PTX" +
              (cubins.empty() ? std::string()
                              : " (only cubins for " + cubins + ")") +
              "; the emulator runs PTX: build with -gencode "
              "arch=compute_XX,code=compute_XX (e.g. compute_80 or "
              "compute_90a)";
    return false;
  }
  return entryText(*best, ptx, error);
}
