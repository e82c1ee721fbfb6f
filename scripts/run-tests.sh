#!/usr/bin/env bash
# Every test: set up and build lmhead, run the lit suite, the ctest
# programs (unit tests, downstream-package checks), the format check of
# the changed lines (scripts/check-format.sh), the PyTorch tests (pytest)
# and the fuzzers (briefly), and end with one line `N passed, N failed`
# that counts each lit test, each ctest test, each pytest test, each
# fuzzer and the format check as one test (a skipped check counts as
# passed, as a skipped ctest test does).
set -uo pipefail

# The SASS checks (lit feature `cuobjdump`) need cuobjdump beside ptxas. When
# CUDA has ptxas but no cuobjdump, install NVIDIA's PyPI wheels of cuobjdump
# and nvdisasm for this Python (LMHEAD_NO_PIP=1 skips this; then those
# tests are reported unsupported).
if { command -v ptxas || [ -x /usr/local/cuda/bin/ptxas ]; } >/dev/null &&
  ! { command -v cuobjdump || [ -x /usr/local/cuda/bin/cuobjdump ]; } >/dev/null &&
  ! python3 -m pip show -q nvidia-cuda-cuobjdump >/dev/null 2>&1 &&
  [ "${LMHEAD_NO_PIP:-0}" != 1 ]; then
  echo "lmhead: note: installing the PyPI wheels nvidia-cuda-cuobjdump and" \
    "nvidia-cuda-nvdisasm (cuobjdump for the SASS tests; LMHEAD_NO_PIP=1 skips)"
  python3 -m pip install -q nvidia-cuda-cuobjdump nvidia-cuda-nvdisasm ||
    echo "lmhead: note: pip failed; the SASS tests will be skipped"
fi

# The PyTorch tests (python/test/torch) need torch, transformers and pytest.
# When this Python lacks them, they go into a virtual environment of the
# build (<build>/torch-venv) from PyPI, once (LMHEAD_NO_PIP=1: skipped);
# the install, mostly a download, runs while lmhead builds.
LMHEAD_TORCH_VERSION=${LMHEAD_TORCH_VERSION:-2.15.0}
LMHEAD_TRANSFORMERS_VERSION=${LMHEAD_TRANSFORMERS_VERSION:-5.24.0}
torch_build_dir=${LMHEAD_BUILD_DIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/build}
torch_python=python3
torch_modules="import torch, transformers, pytest"
torch_install_pid=""
torch_install_log=$torch_build_dir/torch-venv-install.log
torch_install_status=$torch_build_dir/torch-venv-install.status
# Waits for background job PID, which ends by writing its exit status to
# FILE, and succeeds when it wrote one. Bash forgets a job's status once a
# later child reuses its process id (lit starts thousands of processes), so
# `wait` alone may find no such child and report a failure that was not.
wait_for_status() {
  local pid=$1 file=$2
  while [ ! -s "$file" ] && kill -0 "$pid" 2>/dev/null; do
    sleep 1
  done
  wait "$pid" 2>/dev/null
  [ -s "$file" ]
}
if ! python3 -c "$torch_modules" >/dev/null 2>&1; then
  torch_python="$torch_build_dir/torch-venv/bin/python"
  if ! "$torch_python" -c "$torch_modules" >/dev/null 2>&1; then
    if [ "${LMHEAD_NO_PIP:-0}" = 1 ]; then
      torch_python=""
      echo "lmhead: note: no torch; LMHEAD_NO_PIP=1, so the PyTorch tests" \
        "are skipped"
    else
      echo "lmhead: note: installing torch, transformers and pytest from" \
        "PyPI into $torch_build_dir/torch-venv while lmhead builds" \
        "(LMHEAD_NO_PIP=1 skips)"
      mkdir -p "$torch_build_dir"
      # Without pip's cache (the CUDA wheels torch brings would take their
      # ~3 GB twice on disk), and a second try after a failed download.
      install_torch() {
        "$torch_python" -m pip install -q --no-cache-dir \
          "torch==$LMHEAD_TORCH_VERSION" \
          "transformers==$LMHEAD_TRANSFORMERS_VERSION" pytest
      }
      rm -f "$torch_install_status"
      { { python3 -m venv "$torch_build_dir/torch-venv" &&
        { install_torch ||
          { echo "lmhead: pip failed once; trying again" && install_torch; }; }
      } >"$torch_install_log" 2>&1
        echo $? >"$torch_install_status"; } &
      torch_install_pid=$!
    fi
  fi
fi

source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
set +e

# The fuzzers (fuzz/, -DLMHEAD_FUZZERS=ON) in a build of their own,
# <build>-fuzz, run by scripts/run-fuzzers.sh when clang's libFuzzer is
# installed (libclang-rt-22-dev); they share 3 x LMHEAD_FUZZ_SECONDS (30 by
# default, the time the three fuzzers once had at 30 s each; 0 skips them).
# Each fuzzer counts as one test; a build that fails counts as one
# failure. Their build and run go in the background once lit is done, while
# ctest, the format check and pytest (which keep about one core busy) run;
# what they print is shown after pytest's output, and their counts are
# written to $fuzz_counts ("passed failed").
fuzz_seconds=${LMHEAD_FUZZ_SECONDS:-30}
fuzz_build_dir=$LMHEAD_BUILD_DIR-fuzz
fuzz_output=$(mktemp)
fuzz_counts=$(mktemp)
run_fuzzers() {
  local passed=0 failed=0 libfuzzer fuzz_log
  libfuzzer=$("$LLVM_BIN/clang++" -print-file-name=libclang_rt.fuzzer-x86_64.a \
    2>/dev/null)
  if [ "$fuzz_seconds" = 0 ]; then
    echo "lmhead: note: LMHEAD_FUZZ_SECONDS=0, so the fuzzers are skipped"
  elif [ ! -f "$libfuzzer" ]; then
    echo "lmhead: note: clang has no libFuzzer (libclang-rt-22-dev), so the" \
      "fuzzers are skipped"
  else
    fuzz_log=$(mktemp)
    if { [ -f "$fuzz_build_dir/build.ninja" ] ||
      cmake -G Ninja -S "$LMHEAD_SRC_DIR" -B "$fuzz_build_dir" \
        -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER="$LLVM_BIN/clang" \
        -DCMAKE_CXX_COMPILER="$LLVM_BIN/clang++" -DLMHEAD_FUZZERS=ON \
        -DLMHEAD_ENABLE_PYTHON=OFF; } &&
      cmake --build "$fuzz_build_dir" --target lmhead-fuzzers; then
      LMHEAD_FUZZ_BUILD_DIR=$fuzz_build_dir \
        "$LMHEAD_SRC_DIR/scripts/run-fuzzers.sh" \
        --budget $((3 * fuzz_seconds)) 2>&1 | tee "$fuzz_log"
      passed=$(grep -cE '^lmhead-fuzz-[a-z-]+: ok' "$fuzz_log")
      failed=$(grep -cE '^lmhead-fuzz-[a-z-]+: FAILED' "$fuzz_log")
      if [ "$passed" -eq 0 ] && [ "$failed" -eq 0 ]; then
        failed=1 # no fuzzer ran
      fi
    else
      echo "lmhead: the fuzzers did not build"
      failed=1
    fi
    rm -f "$fuzz_log"
  fi
  # Written whole, then renamed: the script waits for the file.
  echo "$passed $failed" >"$fuzz_counts.partial" &&
    mv "$fuzz_counts.partial" "$fuzz_counts"
}

lit_log=$(mktemp)
ctest_log=$(mktemp)
pytest_log=$(mktemp)
trap 'rm -f "$lit_log" "$ctest_log" "$pytest_log" "$fuzz_output" \
  "$fuzz_counts"' EXIT
cmake --build "$LMHEAD_BUILD_DIR" --target check-lmhead 2>&1 | tee "$lit_log"
run_fuzzers >"$fuzz_output" 2>&1 &
fuzz_pid=$!
ctest --test-dir "$LMHEAD_BUILD_DIR" --output-on-failure -E '^lit-suite$' \
  --parallel "$(nproc)" 2>&1 | tee "$ctest_log"
"$LMHEAD_SRC_DIR/scripts/check-format.sh"
format_status=$?

if [ -n "$torch_install_pid" ]; then
  if ! wait_for_status "$torch_install_pid" "$torch_install_status" ||
    [ "$(cat "$torch_install_status")" != 0 ]; then
    echo "lmhead: note: pip failed; the PyTorch tests will fail" \
      "($torch_install_log has pip's output; its end follows)"
    tail -20 "$torch_install_log"
  fi
fi
# Liger-Kernel's cross-entropy kernel is one of the programs by others that
# the emulator runs (python/test/torch/test_emulator_triton.py). It is pure
# Python over the Triton that torch brings, so it goes into the build's
# venv without its dependencies (LMHEAD_NO_PIP=1: its test is skipped).
LMHEAD_LIGER_VERSION=${LMHEAD_LIGER_VERSION:-0.8.5}
if [ "$torch_python" = "$torch_build_dir/torch-venv/bin/python" ] &&
  [ "${LMHEAD_NO_PIP:-0}" != 1 ] &&
  ! "$torch_python" -c "import liger_kernel" >/dev/null 2>&1; then
  "$torch_python" -m pip install -q --no-cache-dir --no-deps \
    "liger-kernel==$LMHEAD_LIGER_VERSION" ||
    echo "lmhead: note: pip could not install liger-kernel; its test is" \
      "skipped"
fi
# CUTLASS's examples run on the emulated CUDA driver
# (python/test/torch/test_cutlass_on_emulator.py): PyPI's nvidia-cutlass
# carries its headers and examples (its cutlass_library package), so it goes
# into the build's venv without its dependencies (LMHEAD_NO_PIP=1: the test
# is skipped).
LMHEAD_CUTLASS_VERSION=${LMHEAD_CUTLASS_VERSION:-4.2.0.0}
if [ "$torch_python" = "$torch_build_dir/torch-venv/bin/python" ] &&
  [ "${LMHEAD_NO_PIP:-0}" != 1 ] &&
  ! "$torch_python" -c "import cutlass_library" >/dev/null 2>&1; then
  "$torch_python" -m pip install -q --no-cache-dir --no-deps \
    "nvidia-cutlass==$LMHEAD_CUTLASS_VERSION" ||
    echo "lmhead: note: pip could not install nvidia-cutlass; its test is" \
      "skipped"
fi
pytest_passed=0
pytest_failed=0
if [ -n "$torch_python" ]; then
  PYTHONPATH="$LMHEAD_BUILD_DIR/python_packages" "$torch_python" -m pytest \
    -q -p no:cacheprovider "$LMHEAD_SRC_DIR/python/test/torch" \
    2>&1 | tee "$pytest_log"
  # pytest ends with "N failed, N passed, N skipped ... in Ts".
  summary=$(tail -1 "$pytest_log")
  pytest_passed=$(grep -oE '[0-9]+ passed' <<<"$summary" | grep -oE '[0-9]+')
  pytest_failed=$(grep -oE '[0-9]+ (failed|errors?)' <<<"$summary" |
    awk '{n += $1} END {print n + 0}')
  pytest_passed=${pytest_passed:-0}
  if [ "$pytest_passed" -eq 0 ] && [ "$pytest_failed" -eq 0 ]; then
    pytest_failed=1 # pytest did not run
  fi
fi

wait_for_status "$fuzz_pid" "$fuzz_counts"
cat "$fuzz_output"
read -r fuzz_passed fuzz_failed <"$fuzz_counts"
fuzz_passed=${fuzz_passed:-0}
fuzz_failed=${fuzz_failed:-1}

# lit prints "  Passed: N" / "  Failed: N" (and Unsupported, XFail, ...),
# padding the names before the colon when several kinds are listed.
count() {
  local n
  n=$(sed -nE "s/^ *$1 *: *([0-9]+).*/\1/p" "$2" | tail -1)
  echo "${n:-0}"
}
lit_passed=$(count Passed "$lit_log")
lit_failed=$(( $(count Failed "$lit_log") + $(count Unresolved "$lit_log") +
  $(count 'Timed Out' "$lit_log") + $(count 'Unexpectedly Passed' "$lit_log") ))
if [ "$lit_passed" -eq 0 ] && [ "$lit_failed" -eq 0 ]; then
  lit_failed=1 # lit did not run at all
fi
# ctest prints "NN% tests passed, F tests failed out of T".
read -r ctest_failed ctest_total < <(grep -oE '[0-9]+ tests failed out of [0-9]+' "$ctest_log" |
  awk '{print $1, $6}')
ctest_failed=${ctest_failed:-1}
ctest_total=${ctest_total:-1}

format_failed=$(( format_status != 0 ))

passed=$(( lit_passed + ctest_total - ctest_failed + 1 - format_failed +
  pytest_passed + fuzz_passed ))
failed=$(( lit_failed + ctest_failed + format_failed + pytest_failed +
  fuzz_failed ))
# What failed, again just above the summary line, where a runner that keeps
# only the end of the output still shows it.
if [ "$failed" -ne 0 ]; then
  echo "lmhead: what failed:"
  [ "$lit_failed" -ne 0 ] &&
    { sed -n '/^Failed Tests\|^Unresolved Tests\|^Timed Out Tests/,/^$/p' \
      "$lit_log" | head -40; echo "  lit: $lit_failed"; }
  [ "$ctest_failed" -ne 0 ] &&
    { sed -n '/tests FAILED:/,$p' "$ctest_log" | head -40
      echo "  ctest: $ctest_failed"; }
  [ "$format_failed" -ne 0 ] && echo "  the format check (its diff is above)"
  [ "$pytest_failed" -ne 0 ] &&
    { echo "  pytest: $pytest_failed; the end of its output:"
      tail -25 "$pytest_log" | sed 's/^/    /'; }
  [ "$fuzz_failed" -ne 0 ] && echo "  fuzzers: $fuzz_failed (their lines are above)"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
