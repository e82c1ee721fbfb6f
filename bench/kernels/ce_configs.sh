#!/usr/bin/env bash
# Every configuration the cost model can choose for the cross-entropy
# kernels, through ptxas: test/Target/PTX/Inputs/ce_configs.py for both
# targets and the three option sets (plain, every, narrow), with each
# tile's variants in K step, stages and swizzle (the lit tests assemble one
# configuration per tile). Each chunk prints its configurations and
# scripts/ptx_report.py's verdict; the script ends with a count of the
# chunks whose kernels were not all OK. About two seconds of one core per
# configuration (some 2,700 of them).
#
#   bench/kernels/ce_configs.sh [BUILD_DIR] [JOBS]
set -u
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
BUILD="${1:-$ROOT/build}"
JOBS="${2:-$(nproc)}"
PTXAS="${PTXAS:-$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)}"
CHUNKS=16
export LMHEAD_OPT="$BUILD/bin/lmhead-opt"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT

jobs=()
for target in sm_80 sm_90a; do
  for options in plain every narrow; do
    for ((chunk = 0; chunk < CHUNKS; ++chunk)); do
      jobs+=("$target $options $chunk")
    done
  done
done
printf '%s\n' "${jobs[@]}" | xargs -P "$JOBS" -L 1 bash -c '
  python3 "$0/test/Target/PTX/Inputs/ce_configs.py" --target="$1" \
    --options="$2" --chunk="$3/'"$CHUNKS"'" --ptxas="'"$PTXAS"'" \
    > "'"$OUT"'/$1-$2-$3.log" 2>&1
' "$ROOT"
failed=0
for log in "$OUT"/*.log; do
  head -1 "$log"
  tail -1 "$log"
  tail -1 "$log" | grep -q '^ALL KERNELS OK' || failed=$((failed + 1))
done
echo "$failed of ${#jobs[@]} chunks with kernels not OK"
