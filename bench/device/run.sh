#!/usr/bin/env bash
# The project's GPU check, one command on a machine with an NVIDIA GPU, CUDA,
# CMake and a C compiler (no LLVM): builds liblmhead_runtime there, links
# each program prepared by bench/device/prepare.sh (carried in
# bench/device/prepared/) with it, runs it on the GPU (LMHEAD_DEVICE=cuda)
# and on the PTX emulator, compares the GPU's output with the emulator's
# recorded by prepare.sh (bit for bit, else within 1e-6; the emulator's
# matched the CPU twin's where there is one), and prints a table. Then
# check_kernels.py (needs PyTorch with CUDA) runs the linear_grad bundles
# that prepare.sh wrote (sm_80 and sm_90a, the four benchmark shapes)
# through the runtime's C API on torch's tensors and stream, checks dh and
# dW against float64 and times them against torch.matmul (cuBLAS); and
# check_ce.py runs the fused cross-entropy bundles (ce_linear_fwd and
# ce_linear_grad, both targets, the four shapes) the same way, checks loss,
# lse, dh and dW against float64 and times them against PyTorch eager,
# torch.compile, Liger-Kernel and Cut Cross-Entropy, whose wheels it
# installs from bench/device/prepared/wheels. Exit status 0 when every
# program matches and every bundle passes. LMHEAD_CE_ARGS adds arguments
# to check_ce.py (e.g. "--baselines torch,liger,cce --repeat 3").
#
#   bench/device/prepare.sh            # here, with LLVM 22
#   bench/device/run.sh                # there; carry bench/device/prepared
#
# check_ce.py also runs the PyTorch op (lmhead.torch, from python/) on the
# bundles prepare.sh compiled into prepared/torch-cache.
#
# Writes the tables to $OUT/device-check.txt, $OUT/linear-grad.md and
# $OUT/ce.md (the markdown for docs/performance.md) as well when $OUT is
# set. About 8 GB of
# GPU memory for the largest shape's dZ, and a few minutes in all.
#
# A kernel that never finishes (a barrier nobody arrives at) must not take
# the whole lease: each program gets LMHEAD_PROGRAM_TIMEOUT seconds (30),
# each Python check LMHEAD_CHECK_TIMEOUT (600), and is then killed and
# counted as failed.
set -uo pipefail
program_timeout=${LMHEAD_PROGRAM_TIMEOUT:-30}
check_timeout=${LMHEAD_CHECK_TIMEOUT:-600}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
prepared="$here/prepared"
work=${LMHEAD_DEVICE_WORK:-/tmp/lmhead-device}
mkdir -p "$work"

if ! ls "$prepared"/*.o >/dev/null 2>&1; then
  echo "no prepared programs in $prepared: run bench/device/prepare.sh first" >&2
  exit 2
fi

echo "== building liblmhead_runtime"
build_start=$(date +%s%N)
# The runtime checks that a bundle was compiled at its own revision; this
# copy of the tree may not carry the git state of the checkout that
# compiled them, so it records the revision prepare.sh saw.
cmake -S "$root/runtime" -B "$work/runtime" -DCMAKE_BUILD_TYPE=Release \
  -DLMHEAD_BUILD_TESTS=OFF -DLMHEAD_BUILD_REVISION="$(cat "$prepared/revision")" \
  -DLMHEAD_JSON_INCLUDE_DIR="$prepared/include" \
  >"$work/cmake.log" 2>&1 &&
  cmake --build "$work/runtime" -j >"$work/build.log" 2>&1
if [ $? -ne 0 ]; then
  tail -30 "$work/cmake.log" "$work/build.log"
  exit 2
fi
echo "built in $(( ($(date +%s%N) - build_start) / 1000000 )) ms"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null

cat >"$work/driver.c" <<'C'
void lmhead_program_main(void);
int main(void) { lmhead_program_main(); return 0; }
C

table="$work/device-check.txt"
printf '%-16s %-8s %10s  %s\n' program result "time (ms)" note >"$table"
failures=0
for object in "$prepared"/*.o; do
  name=$(basename "$object" .o)
  exe="$work/$name"
  if ! cc -O1 "$work/driver.c" "$object" "$here/print_memref.c" \
      -L"$work/runtime" -llmhead_runtime -Wl,-rpath,"$work/runtime" \
      -o "$exe" 2>"$work/$name.link.log"; then
    printf '%-16s %-8s %10s  %s\n' "$name" LINK - "$(head -1 "$work/$name.link.log")" >>"$table"
    failures=$((failures + 1))
    continue
  fi
  start=$(date +%s%N)
  LMHEAD_DEVICE=cuda timeout "$program_timeout" "$exe" >"$work/$name.out" 2>"$work/$name.err"
  status=$?
  ms=$(( ($(date +%s%N) - start) / 1000000 ))
  if [ $status -ne 0 ]; then
    printf '%-16s %-8s %10s  %s\n' "$name" ERROR "$ms" "$(tail -1 "$work/$name.err")" >>"$table"
    failures=$((failures + 1))
    continue
  fi
  # Bit for bit with the emulator's output, else every number within 1e-6.
  if cmp -s "$prepared/$name.emulator" "$work/$name.out"; then
    printf '%-16s %-8s %10s  %s\n' "$name" PASS "$ms" "bit-identical to the emulator" >>"$table"
    continue
  fi
  if note=$(python3 - "$prepared/$name.emulator" "$work/$name.out" <<'PY'
import re, sys
numbers = lambda p: [float(x) for x in re.findall(r"[-+]?(?:\d+\.?\d*(?:[eE][-+]?\d+)?|inf|nan)",
                                                   open(p).read())]
want, got = numbers(sys.argv[1]), numbers(sys.argv[2])
if len(want) != len(got):
    print(f"{len(got)} values where the emulator gives {len(want)}"); sys.exit(1)
worst = max((abs(a - b) / max(1.0, abs(a)) for a, b in zip(want, got)), default=0.0)
print(f"{len(want)} values, not bit-identical, max rel err {worst:.1e}")
sys.exit(0 if worst <= 1e-6 else 1)
PY
  ); then
    printf '%-16s %-8s %10s  %s\n' "$name" PASS "$ms" "$note" >>"$table"
  else
    printf '%-16s %-8s %10s  %s\n' "$name" FAIL "$ms" "$note" >>"$table"
    failures=$((failures + 1))
  fi
done

echo "== results"
cat "$table"
if [ -n "${OUT:-}" ]; then
  cp "$table" "$OUT/device-check.txt"
fi

if [ -d "$prepared/bundles" ]; then
  echo "== linear_grad bundles"
  timeout "$check_timeout" python3 "$here/check_kernels.py" --runtime "$work/runtime/liblmhead_runtime.so" \
    --bundles "$prepared/bundles" --markdown "$work/linear-grad.md" ||
    failures=$((failures + 1))
  if [ -n "${OUT:-}" ] && [ -f "$work/linear-grad.md" ]; then
    cp "$work/linear-grad.md" "$OUT/linear-grad.md"
  fi
else
  echo "no linear_grad bundles in $prepared/bundles: run bench/device/prepare.sh" >&2
  failures=$((failures + 1))
fi
if [ -d "$prepared/ce-bundles" ]; then
  echo "== fused cross-entropy bundles"
  site="$work/site"
  if ls "$prepared"/wheels/*.whl >/dev/null 2>&1; then
    python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir \
      --upgrade --target "$site" "$prepared"/wheels/*.whl ||
      echo "could not install the baselines' wheels" >&2
  fi
  # shellcheck disable=SC2086  # LMHEAD_CE_ARGS is a list of arguments
  # The PyTorch op's rows: the package from the source tree, the runtime
  # built here, the bundles prepare.sh compiled into its cache.
  PYTHONPATH="$site:$root/python${PYTHONPATH:+:$PYTHONPATH}" \
  LMHEAD_RUNTIME_LIBRARY="$work/runtime/liblmhead_runtime.so" \
  LMHEAD_CACHE_DIR="$prepared/torch-cache" \
    timeout "$check_timeout" python3 "$here/check_ce.py" \
    --runtime "$work/runtime/liblmhead_runtime.so" \
    --bundles "$prepared/ce-bundles" --markdown "$work/ce.md" ${LMHEAD_CE_ARGS:-} ||
    failures=$((failures + 1))
  if [ -n "${OUT:-}" ] && [ -f "$work/ce.md" ]; then
    cp "$work/ce.md" "$OUT/ce.md"
  fi
else
  echo "no ce bundles in $prepared/ce-bundles: run bench/device/prepare.sh" >&2
  failures=$((failures + 1))
fi
exit $((failures > 0))
