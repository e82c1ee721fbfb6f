# Sanitizer and fuzzer instrumentation of the whole build.
#
#   -DLMHEAD_SANITIZERS="address;undefined"   ASan + UBSan (any failure aborts)
#   -DLMHEAD_SANITIZERS=thread                ThreadSanitizer
#   -DLMHEAD_FUZZERS=ON                       clang only: libFuzzer targets
#                                             (fuzz/), with ASan + UBSan unless
#                                             LMHEAD_SANITIZERS says otherwise
#
# The flags go on every target of the build (compiler, runtime, emulator,
# tests), so that the unit tests of a sanitizer build run instrumented and
# a fuzzer's coverage reaches the code it drives. libMLIR and libLLVM are
# Debian's uninstrumented shared libraries: allocations they make are still
# checked (ASan replaces malloc), their code is not. docs/Testing.md has the
# commands.

set(LMHEAD_SANITIZERS "" CACHE STRING
  "Sanitizers to build everything with: address;undefined, or thread")
option(LMHEAD_FUZZERS
  "Build the libFuzzer targets lmhead-fuzz-{mlir,ptx,manifest} (clang only)" OFF)

if(LMHEAD_FUZZERS AND NOT LMHEAD_SANITIZERS)
  set(LMHEAD_SANITIZERS address undefined)
endif()

set(lmhead_known_sanitizers address undefined thread)
foreach(sanitizer IN LISTS LMHEAD_SANITIZERS)
  if(NOT sanitizer IN_LIST lmhead_known_sanitizers)
    message(FATAL_ERROR "LMHEAD_SANITIZERS: unknown sanitizer '${sanitizer}'; "
      "accepted: address;undefined, or thread")
  endif()
endforeach()
if("thread" IN_LIST LMHEAD_SANITIZERS AND "address" IN_LIST LMHEAD_SANITIZERS)
  message(FATAL_ERROR "LMHEAD_SANITIZERS: thread and address cannot be "
    "combined; build them in two build directories")
endif()
if(LMHEAD_FUZZERS AND NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  message(FATAL_ERROR "LMHEAD_FUZZERS needs clang (libFuzzer), not "
    "${CMAKE_CXX_COMPILER_ID}; configure with "
    "-DCMAKE_CXX_COMPILER=/usr/lib/llvm-22/bin/clang++")
endif()

if(LMHEAD_SANITIZERS)
  list(JOIN LMHEAD_SANITIZERS "," lmhead_sanitize)
  message(STATUS "lmhead: instrumented with -fsanitize=${lmhead_sanitize}")
  # Every finding stops the program (UBSan would otherwise print and go
  # on), so that a test or a fuzzer fails on it.
  add_compile_options(-fsanitize=${lmhead_sanitize} -fno-omit-frame-pointer
    -fno-sanitize-recover=all -g1)
  add_link_options(-fsanitize=${lmhead_sanitize})
endif()
if(LMHEAD_FUZZERS)
  message(STATUS "lmhead: libFuzzer targets on (fuzz/)")
  # Coverage feedback everywhere; only the fuzzers link libFuzzer's main.
  add_compile_options(-fsanitize=fuzzer-no-link)
  add_link_options(-fsanitize=fuzzer-no-link)
endif()
