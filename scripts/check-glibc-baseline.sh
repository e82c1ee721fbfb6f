#!/usr/bin/env bash
# Runs a wheel's binaries where glibc is older than this machine's: with
# Debian 11's glibc 2.31 and libgcc_s, downloaded from deb.debian.org and
# unpacked into a folder (never installed). glibc 2.31 is older than 2.34,
# where libpthread and libdl moved into libc, so it checks how the wheel's
# runtime binds those (runtime/lib/GlibcBaseline.cpp). Debian 10's 2.28 is
# no longer on deb.debian.org; `auditwheel show` checks the symbols against
# 2.28 (manylinux_2_28).
# 1. The wheel's lmhead-opt (static) compiles a two-pass bundle for sm_80.
# 2. scripts/bundle_run_hash.c is built twice: against Debian 11's glibc
#    (its start files and libc.so.6) and against this machine's.
# 3. Each runs both ops of the bundle with the wheel's runtime on the
#    emulator: the first under Debian 11's dynamic loader with only Debian
#    11's libraries, the second here. The hashes of every tensor after the
#    runs must be the same.
# Needs clang (LLVM 22's), curl and dpkg-deb.
#
#   scripts/check-glibc-baseline.sh WHEEL [WORK_DIR]
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
wheel=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
work=${2:-$(mktemp -d)}
mkdir -p "$work"
work=$(cd "$work" && pwd)
clang=/usr/lib/llvm-22/bin/clang
mirror=http://deb.debian.org/debian
# Each package with the SHA-256 that Debian 11's signed package index
# gives it (dists/bullseye/InRelease, checked with gpgv against
# debian-archive-keyring, then main/binary-amd64/Packages.xz). When Debian
# replaces a version, the download fails: update the name and hash from
# that index.
packages="pool/main/g/glibc/libc6_2.31-13+deb11u11_amd64.deb 05f7264da867b37f4c5ce49266b558ea1e81e05a9464f623152fca70f3550282
pool/main/g/glibc/libc6-dev_2.31-13+deb11u11_amd64.deb e7f7b45d9c5cfcf37609f0b6efd3c645272c812144703af89dfd32218fcb0fd3
pool/main/g/gcc-10/libgcc-s1_10.2.1-6_amd64.deb e478f2709d8474165bb664de42e16950c391f30eaa55bc9b3573281d83a29daf"

rm -rf "$work/wheel" "$work/debian11" "$work/bundle"
mkdir -p "$work/debs" "$work/debian11"
while read -r package sha256; do
  deb=$work/debs/$(basename "$package")
  [ -s "$deb" ] || curl -fsS -o "$deb" "$mirror/$package"
  if ! echo "$sha256  $deb" | sha256sum --check --quiet; then
    echo "error: $deb is not the package Debian's index names"
    exit 1
  fi
  dpkg-deb -x "$deb" "$work/debian11"
done <<< "$packages"
old_lib=$work/debian11/lib/x86_64-linux-gnu
old_dev=$work/debian11/usr/lib/x86_64-linux-gnu
python3 -m zipfile -e "$wheel" "$work/wheel"
opt=$work/wheel/lmhead/bin/lmhead-opt
runtime=$work/wheel/lmhead/lib/liblmhead_runtime.so
chmod +x "$opt"

echo "== the wheel's lmhead-opt compiles a bundle"
PYTHONPATH=$work/wheel python3 -c "
from lmhead.kernel_cache import ProblemKind
from lmhead.loss_options import LossOptions
print(ProblemKind('sm_80', 'bf16', 'i64', 64, 512, False,
                  LossOptions(label_smoothing=0.1)).module_text())" \
  > "$work/head.mlir"
"$opt" "$work/head.mlir" "--lmhead-plan=target=sm_80 min-tokens=0" \
  "--lmhead-write-bundle=dir=$work/bundle" -o /dev/null
ls "$work/bundle"

echo "== bundle_run_hash against glibc 2.31 and against this machine's"
"$clang" -O1 -c -I"$src/runtime/include" "$src/scripts/bundle_run_hash.c" \
  -o "$work/bundle_run_hash.o"
"$clang" -nostdlib -fuse-ld=lld "$old_dev/Scrt1.o" "$old_dev/crti.o" \
  "$work/bundle_run_hash.o" "$old_lib/libc.so.6" "$old_lib/libdl.so.2" \
  "$old_dev/libc_nonshared.a" "$old_dev/crtn.o" \
  -Wl,--dynamic-linker=/lib64/ld-linux-x86-64.so.2 \
  -o "$work/bundle_run_hash-glibc2.31"
"$clang" "$work/bundle_run_hash.o" -ldl -o "$work/bundle_run_hash"
echo "newest glibc version bundle_run_hash-glibc2.31 needs:" \
  "$(objdump -T "$work/bundle_run_hash-glibc2.31" | grep -oE 'GLIBC_[0-9.]+' | sort -V | tail -1)"

status=0
for op in 0 1; do
  # --inhibit-cache: no library from this machine's ld.so.cache either.
  old=$(LMHEAD_DEVICE=emulator "$old_lib/ld-linux-x86-64.so.2" \
    --inhibit-cache --library-path "$old_lib" \
    "$work/bundle_run_hash-glibc2.31" \
    "$runtime" "$work/bundle" "$op")
  new=$(LMHEAD_DEVICE=emulator "$work/bundle_run_hash" "$runtime" \
    "$work/bundle" "$op")
  echo "glibc 2.31: $old"
  echo "this glibc: $new"
  [ "$old" = "$new" ] || { echo "error: the runs differ"; status=1; }
done
[ "$status" = 0 ] && echo "the wheel's runtime runs on glibc 2.31 as here"
exit "$status"
