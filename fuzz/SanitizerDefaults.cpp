//===- SanitizerDefaults.cpp - AddressSanitizer settings of the fuzzers ---===//
//
// LLVM's BumpPtrAllocator poisons the slabs it has not handed out yet when
// the code using it is built with AddressSanitizer. Here only lmhead's code
// is: the inline allocator code in lmhead's files poisons a slab of an
// MLIRContext, and Debian's uninstrumented libMLIR then allocates from it
// without unpoisoning, which ASan reports as use-after-poison in MLIR's own
// correct code. Manual poisoning is therefore off; every other ASan check
// (heap and stack bounds, use after free, leaks) stays on.
//
//===----------------------------------------------------------------------===//

extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0";
}
