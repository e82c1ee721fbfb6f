#!/usr/bin/env bash
# Every test: set up and build lmhead, run the lit suite, the ctest
# programs (unit tests, downstream-package checks) and the format check of
# the changed lines (scripts/check-format.sh), and end with one line
# `N passed, N failed` that counts each lit test, each ctest test and the
# format check as one test (a skipped check counts as passed, as a skipped
# ctest test does).
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

source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
set +e

lit_log=$(mktemp)
ctest_log=$(mktemp)
trap 'rm -f "$lit_log" "$ctest_log"' EXIT

cmake --build "$LMHEAD_BUILD_DIR" --target check-lmhead 2>&1 | tee "$lit_log"
ctest --test-dir "$LMHEAD_BUILD_DIR" --output-on-failure -E '^lit-suite$' \
  2>&1 | tee "$ctest_log"
"$LMHEAD_SRC_DIR/scripts/check-format.sh"
format_status=$?

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

passed=$(( lit_passed + ctest_total - ctest_failed + 1 - format_failed ))
failed=$(( lit_failed + ctest_failed + format_failed ))
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
