#!/usr/bin/env bash
# Installs what lmhead needs and is missing, then configures and builds it.
#
# Sourced by run-example.sh and run-tests.sh. Debian packages come from apt
# (as root, or through sudo); the build goes to $LMHEAD_BUILD_DIR (default
# build/ in the source tree) with Ninja and clang 22.
set -euo pipefail

LMHEAD_SRC_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
LMHEAD_BUILD_DIR=${LMHEAD_BUILD_DIR:-$LMHEAD_SRC_DIR/build}
LLVM_BIN=/usr/lib/llvm-22/bin

# Debian packages of the build (nlohmann/json encodes bundle manifests),
# the tools the tests call (clang-format-22 for the format check),
# GoogleTest, and clang's runtimes for the fuzzers and sanitizer builds
# (libclang-rt-22-dev: libFuzzer, ASan, UBSan, TSan).
REQUIRED_PACKAGES=(
  llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools clang-22
  clang-format-22 ninja-build cmake libgtest-dev python3 libclang-rt-22-dev
  nlohmann-json3-dev
)

install_missing_packages() {
  local missing=()
  for package in "${REQUIRED_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null |
      grep -q "install ok installed" || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "lmhead: installing ${missing[*]}"
  local as_root=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || {
      echo "lmhead: need root or sudo to install: ${missing[*]}" >&2
      exit 1
    }
    as_root=(sudo)
  fi
  "${as_root[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq \
    --no-install-recommends "${missing[@]}"
}

configure_and_build() {
  if [ ! -f "$LMHEAD_BUILD_DIR/build.ninja" ]; then
    cmake -G Ninja -S "$LMHEAD_SRC_DIR" -B "$LMHEAD_BUILD_DIR" \
      -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_C_COMPILER="$LLVM_BIN/clang" \
      -DCMAKE_CXX_COMPILER="$LLVM_BIN/clang++"
  fi
  cmake --build "$LMHEAD_BUILD_DIR"
}

install_missing_packages
configure_and_build
export PATH="$LMHEAD_BUILD_DIR/bin:$LLVM_BIN:$PATH"
