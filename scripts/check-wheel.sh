#!/usr/bin/env bash
# The check of the wheel (`pip install .`), on a clone of this repository's
# HEAD:
# 1. builds the wheel (`pip wheel --no-deps`) and says its size and build
#    time;
# 2. lists the NEEDED entries of every binary in it (none may name
#    libMLIR or libLLVM), runs PyPI's `auditwheel show` on it, and runs
#    its binaries on Debian 11's glibc 2.31 (scripts/check-glibc-baseline.sh);
# 3. installs it into a fresh virtual environment, with torch,
#    transformers and pytest from PyPI (or, with --torch-from PYTHON, from
#    that Python's site-packages, which saves the download);
# 4. runs, from a folder outside the clone, `python -m lmhead.kernel_cache`
#    (a head's bundles compiled to PTX for both targets) and the Python
#    tests (every kernel on the emulator where there is no GPU). As root, both run inside a private mount
#    namespace (`unshare -m`) where every LLVM 22 and MLIR shared library
#    of this machine, and the CUDA toolkit, are hidden (an empty folder or
#    file mounted over each), as on a machine that never installed them;
#    the check first shows that the system's mlir-opt cannot start there.
# Needs what the CMake build needs (scripts/setup.sh installs it) and PyPI;
# takes about ten minutes on two cores with --torch-from.
#
#   scripts/check-wheel.sh [--torch-from PYTHON] [WORK_DIR]
#                                        # WORK_DIR: default a new temp folder
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
torch_from=""
if [ "${1:-}" = --torch-from ]; then
  torch_from=$2
  shift 2
fi
work=${1:-$(mktemp -d)}
mkdir -p "$work"
work=$(cd "$work" && pwd)
rm -rf "$work/clone" "$work/dist" "$work/venv" "$work/tests" "$work/cache" \
  "$work/unpacked"
git clone -q "$src" "$work/clone"
commit=$(git -C "$work/clone" rev-parse --short HEAD)

# Clang builds the wheel where it is there, as the README says.
llvm_bin=/usr/lib/llvm-22/bin
if [ -z "${CXX:-}" ] && [ -x "$llvm_bin/clang++" ]; then
  export CC=$llvm_bin/clang CXX=$llvm_bin/clang++
fi
echo "== pip wheel --no-deps (commit $commit)"
python3 -m venv "$work/venv"
start=$(date +%s)
"$work/venv/bin/pip" wheel -q --no-deps -w "$work/dist" "$work/clone"
wheel=$(ls "$work/dist"/lmhead-*.whl)
echo "built $(basename "$wheel") in $(( $(date +%s) - start )) s:" \
  "$(( $(stat -c %s "$wheel") / 1000000 )) MB"

echo "== the binaries' NEEDED entries"
mkdir "$work/unpacked"
python3 -m zipfile -e "$wheel" "$work/unpacked"
needs_llvm=0
while IFS= read -r file; do
  if head -c 4 "$file" | grep -q ELF; then
    needed=$(readelf -d "$file" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
    echo "${file#"$work/unpacked/"} ($(( $(stat -c %s "$file") / 1000000 )) MB):" \
      "${needed:-nothing (statically linked)}"
    if readelf -d "$file" | grep NEEDED | grep -Eq 'lib(MLIR|LLVM)'; then
      echo "error: $file needs a shared MLIR or LLVM library"
      needs_llvm=1
    fi
  fi
done < <(find "$work/unpacked" -type f)
rm -rf "$work/unpacked"
[ "$needs_llvm" = 0 ]

echo "== auditwheel show"
"$work/venv/bin/pip" install -q auditwheel
"$work/venv/bin/auditwheel" show "$wheel" | tee "$work/auditwheel.txt"
# PyTorch's wheels are manylinux_2_28: the wheel must need no newer glibc.
tag_glibc=$(tr -d '\n' < "$work/auditwheel.txt" |
  sed -n 's/.*platform tag: *"manylinux_2_\([0-9]*\)_x86_64".*/\1/p')
if [ -z "$tag_glibc" ] || [ "$tag_glibc" -gt 28 ]; then
  echo "error: the wheel's tag is not manylinux_2_28 or older"
  exit 1
fi

echo "== on glibc 2.31 (Debian 11's, unpacked)"
"$work/clone/scripts/check-glibc-baseline.sh" "$wheel" "$work/old-glibc"

echo "== install into a fresh virtual environment"
if [ -n "$torch_from" ]; then
  "$work/venv/bin/pip" install -q --no-deps "$wheel"
  site=$("$torch_from" -c "import sysconfig; print(sysconfig.get_paths()['purelib'])")
  own=$("$work/venv/bin/python" -c "import sysconfig; print(sysconfig.get_paths()['purelib'])")
  # After the venv's own packages: lmhead comes from the wheel.
  echo "$site" > "$own/zz-torch-from.pth"
else
  "$work/venv/bin/pip" install -q "$wheel[torch,test]"
fi
# Outside the clone, so that only the installed package can be imported.
# Every Python test: the package's, then the PyTorch ones (their shared
# set-up is python/test/conftest.py).
cp -r "$work/clone/python/test" "$work/tests"

# The commands run where LLVM 22 and CUDA are hidden: the script that
# hides them runs as the mount namespace's first command.
cat > "$work/hidden-run.sh" <<'SCRIPT'
#!/usr/bin/env bash
set -euo pipefail
work=$1
empty_dir=$work/empty-folder
empty_file=$work/empty-file
mkdir -p "$empty_dir"
: > "$empty_file"
if [ "${HIDE:-0}" = 1 ]; then
  for dir in /usr/lib/llvm-22/lib /usr/local/cuda-* /usr/local/nvvm; do
    [ -d "$dir" ] && mount --bind "$empty_dir" "$dir"
  done
  for lib in /usr/lib/*-linux-gnu/libLLVM*.so* /usr/lib/*-linux-gnu/libMLIR*.so*; do
    [ -f "$lib" ] && mount --bind "$empty_file" "$lib"
  done
  unset CUDA_HOME CUDA_PATH CUDA_ROOT
  mlir_opt=/usr/lib/llvm-22/bin/mlir-opt
  if [ ! -x "$mlir_opt" ]; then
    echo "error: no $mlir_opt to show that LLVM 22 is hidden"
    exit 1
  fi
  if "$mlir_opt" --version >/dev/null 2>&1; then
    echo "error: the system's mlir-opt still starts: LLVM 22 is not hidden"
    exit 1
  fi
  echo "LLVM 22, MLIR and the CUDA toolkit are hidden: the system's mlir-opt cannot start"
fi
python=$work/venv/bin/python
cd "$work"
# Every setting lmhead reads, unset: the tests must use the wheel's
# lmhead-opt and runtime, not ones the environment points at.
for name in $("$python" -c "import lmhead.settings as s; print(*s.VARIABLES)"); do
  unset "$name"
done
"$python" - <<'CHECK'
import os, lmhead, lmhead.compiler, lmhead.runtime
package = os.path.dirname(lmhead.__file__)
for what, path in (("lmhead-opt", lmhead.compiler.find_lmhead_opt()),
                   ("runtime", lmhead.runtime.find_runtime_library())):
    print(f"{what}: {path}")
    if not os.path.realpath(path).startswith(os.path.realpath(package)):
        raise SystemExit(f"error: the {what} is not the wheel's ({package})")
CHECK
LMHEAD_CACHE_DIR=$work/cache "$python" -m lmhead.kernel_cache \
  --target sm_80 --target sm_90a --hidden 64 --vocab 512
echo "PTX files written: $(find "$work/cache" -name '*.ptx' | wc -l)"
"$python" -m pytest -q -p no:cacheprovider "$work/tests"
SCRIPT
chmod +x "$work/hidden-run.sh"
if [ "$(id -u)" = 0 ] && unshare -m true 2>/dev/null; then
  echo "== in a mount namespace without LLVM 22 and CUDA: compile and test"
  HIDE=1 unshare -m "$work/hidden-run.sh" "$work"
else
  echo "== compile and test (not root: LLVM 22 and CUDA are not hidden)"
  "$work/hidden-run.sh" "$work"
fi
