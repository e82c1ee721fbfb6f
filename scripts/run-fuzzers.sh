#!/usr/bin/env bash
# Runs lmhead's libFuzzer targets, each for a while, and reports each run.
#
#   scripts/run-fuzzers.sh [--seconds N] [--table FILE] [target ...]
#
# Targets: mlir, ptx, manifest (default: each one that is built). The
# fuzzers come from $LMHEAD_FUZZ_BUILD_DIR (default <build>-fuzz, configured
# with -DLMHEAD_FUZZERS=ON); the seeds from the committed test/fuzz/<target>/
# and from the test inputs (scripts/fuzz_seeds.py, which needs lmhead-opt
# from $LMHEAD_BUILD_DIR). What a run finds is kept in
# <fuzz build>/fuzz/corpus/<target> (new inputs, reused by the next run) and
# <fuzz build>/fuzz/artifacts/<target> (crash-*, leak-*, timeout-*, oom-*).
#
# Each run prints one line "lmhead-fuzz-<target>: ok|FAILED, ..." with its
# executions, executions per second, coverage (libFuzzer's cov and ft),
# corpus size (seeds included) and peak memory; --table also writes them
# as a Markdown table.
# Exits non-zero when any run failed. docs/Testing.md has the details.
set -uo pipefail

LMHEAD_SRC_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
LMHEAD_BUILD_DIR=${LMHEAD_BUILD_DIR:-$LMHEAD_SRC_DIR/build}
LMHEAD_FUZZ_BUILD_DIR=${LMHEAD_FUZZ_BUILD_DIR:-$LMHEAD_BUILD_DIR-fuzz}

seconds=30
table=""
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
  --seconds) seconds=$2; shift 2 ;;
  --table) table=$2; shift 2 ;;
  mlir | ptx | manifest) targets+=("$1"); shift ;;
  *)
    echo "run-fuzzers.sh: unknown argument '$1'; accepted: --seconds N," \
      "--table FILE, mlir, ptx, manifest" >&2
    exit 2
    ;;
  esac
done
if [ ${#targets[@]} -eq 0 ]; then
  for target in mlir ptx manifest; do
    [ -x "$LMHEAD_FUZZ_BUILD_DIR/bin/lmhead-fuzz-$target" ] && targets+=("$target")
  done
fi
if [ ${#targets[@]} -eq 0 ]; then
  echo "run-fuzzers.sh: no fuzzer in $LMHEAD_FUZZ_BUILD_DIR/bin; build them" \
    "with -DLMHEAD_FUZZERS=ON (docs/Testing.md)" >&2
  exit 2
fi

work=$LMHEAD_FUZZ_BUILD_DIR/fuzz
seeds=$work/seeds
if [ -x "$LMHEAD_BUILD_DIR/bin/lmhead-opt" ]; then
  rm -rf "$seeds"
  python3 "$LMHEAD_SRC_DIR/scripts/fuzz_seeds.py" \
    --lmhead-opt "$LMHEAD_BUILD_DIR/bin/lmhead-opt" --out "$seeds" || exit 1
else
  echo "run-fuzzers.sh: note: no $LMHEAD_BUILD_DIR/bin/lmhead-opt; only the" \
    "committed seeds of test/fuzz are used"
fi

# libFuzzer's last status line "#N ... cov: C ft: F corp: K/..." and its
# final statistics give the figures.
field() { grep -oE "$1: *[0-9]+" <<<"$2" | tail -1 | grep -oE "[0-9]+$"; }

failed=0
[ -n "$table" ] && {
  echo "| fuzzer | seconds | executions | executions/s | coverage (cov) | features (ft) | corpus | peak RSS (MB) | result |"
  echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |"
} >"$table"
for target in "${targets[@]}"; do
  fuzzer=$LMHEAD_FUZZ_BUILD_DIR/bin/lmhead-fuzz-$target
  corpus=$work/corpus/$target
  artifacts=$work/artifacts/$target
  log=$work/logs/$target.log
  mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
  inputs=("$corpus" "$LMHEAD_SRC_DIR/test/fuzz/$target")
  [ -d "$seeds/$target" ] && inputs+=("$seeds/$target")
  # Inputs larger than the largest seed are not generated (libFuzzer's
  # default). An input that runs over 60 s is reported as a hang: planning
  # the cross-entropy ops of one MLIR input can take 25 s under the
  # sanitizers, a second in a release build.
  "$fuzzer" -max_total_time="$seconds" -timeout=60 -rss_limit_mb=4096 \
    -print_final_stats=1 -dict="$LMHEAD_SRC_DIR/test/fuzz/$target.dict" \
    -artifact_prefix="$artifacts/" "${inputs[@]}" >"$log" 2>&1
  status=$?
  text=$(cat "$log")
  status_line=$(grep -E '^#[0-9]+' "$log" | tail -1)
  runs=$(field 'stat::number_of_executed_units' "$text")
  rate=$(field 'stat::average_exec_per_sec' "$text")
  rss=$(field 'stat::peak_rss_mb' "$text")
  cov=$(field cov "$status_line")
  ft=$(field ft "$status_line")
  size=$(field corp "$status_line")
  if [ "$status" -eq 0 ]; then
    result=ok
  else
    result=FAILED
    failed=1
    # What libFuzzer said about the failure, and the input it kept.
    grep -E 'ERROR|runtime error|SUMMARY|Test unit written|==[0-9]+==' "$log" |
      head -20
  fi
  echo "lmhead-fuzz-$target: $result, $seconds s, ${runs:-?} executions" \
    "(${rate:-?}/s), cov ${cov:-?}, ft ${ft:-?}, corpus ${size:-?}," \
    "peak RSS ${rss:-?} MB (log: $log)"
  [ -n "$table" ] && echo "| lmhead-fuzz-$target | $seconds | ${runs:-?} |" \
    "${rate:-?} | ${cov:-?} | ${ft:-?} | ${size:-?} | ${rss:-?} | $result |" >>"$table"
done
exit $failed
