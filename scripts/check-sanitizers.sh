#!/usr/bin/env bash
# The sanitizer builds: ASan + UBSan of the compiler, runtime and emulator
# with their unit tests, and ThreadSanitizer of the runtime with its tests
# (the threads running bundles at once among them).
#
#   scripts/check-sanitizers.sh [asan] [tsan]     (default: both)
#
# asan  <build>-fuzz: -DLMHEAD_FUZZERS=ON, which instruments everything with
#       -fsanitize=address,undefined (plus the fuzzers' coverage), the build
#       the fuzzers come from; builds every target and runs ctest there
#       (compiler unit tests, runtime and emulator tests; the lit suite and
#       the installed-package checks are left to the normal build, since
#       Debian's uninstrumented mlir-runner and Python cannot load an
#       instrumented runtime library).
# tsan  <build>-tsan: the runtime alone (-DLMHEAD_BUILD_COMPILER=OFF) with
#       -DLMHEAD_SANITIZERS=thread; runs all of its ctest tests.
#
# ASan runs with allow_user_poisoning=0: LLVM's BumpPtrAllocator, inlined
# into lmhead's instrumented code, poisons slabs that Debian's
# uninstrumented libMLIR then uses, which ASan would report as misuse in
# MLIR's own code (fuzz/SanitizerDefaults.cpp gives the fuzzers the same).
# Any report fails the test it happens in (-fno-sanitize-recover=all; ASan
# and TSan exit non-zero). Prints one line per build and exits non-zero when
# either failed. docs/Testing.md has the details.
set -uo pipefail

LMHEAD_SRC_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
LMHEAD_BUILD_DIR=${LMHEAD_BUILD_DIR:-$LMHEAD_SRC_DIR/build}
LLVM_BIN=/usr/lib/llvm-22/bin

builds=("$@")
[ ${#builds[@]} -eq 0 ] && builds=(asan tsan)

configure() {
  local dir=$1
  shift
  [ -f "$dir/build.ninja" ] && return 0
  cmake -G Ninja -S "$LMHEAD_SRC_DIR" -B "$dir" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER="$LLVM_BIN/clang" \
    -DCMAKE_CXX_COMPILER="$LLVM_BIN/clang++" -DLMHEAD_ENABLE_PYTHON=OFF "$@"
}

failed=0
for build in "${builds[@]}"; do
  case "$build" in
  asan)
    dir=$LMHEAD_BUILD_DIR-fuzz
    configure "$dir" -DLMHEAD_FUZZERS=ON &&
      cmake --build "$dir" &&
      ASAN_OPTIONS=allow_user_poisoning=0${ASAN_OPTIONS:+:$ASAN_OPTIONS} \
        ctest --test-dir "$dir" --output-on-failure -j2 \
        -E '^(lit-suite|package\..*)$'
    ;;
  tsan)
    dir=$LMHEAD_BUILD_DIR-tsan
    configure "$dir" -DLMHEAD_BUILD_COMPILER=OFF -DLMHEAD_SANITIZERS=thread &&
      cmake --build "$dir" &&
      ctest --test-dir "$dir" --output-on-failure -j2
    ;;
  *)
    echo "check-sanitizers.sh: unknown build '$build'; accepted: asan, tsan" >&2
    exit 2
    ;;
  esac
  status=$?
  if [ "$status" -eq 0 ]; then
    echo "lmhead sanitizers: $build: clean ($dir)"
  else
    echo "lmhead sanitizers: $build: FAILED ($dir)"
    failed=1
  fi
done
exit $failed
