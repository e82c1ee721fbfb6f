#!/usr/bin/env bash
# Runs lmhead's libFuzzer targets, each for a while, and reports each run;
# or, with --merge, remakes their committed corpora.
#
#   scripts/run-fuzzers.sh [--seconds N | --budget N] [--table FILE] [target ...]
#   scripts/run-fuzzers.sh --merge [target ...]
#
# Targets: mlir-parse, mlir-recognize, mlir-lower, mlir-bundle, ptx,
# manifest, manifest-emulator (default: each one that is built). The
# fuzzers come from $LMHEAD_FUZZ_BUILD_DIR (default <build>-fuzz, configured
# with -DLMHEAD_FUZZERS=ON).
#
# A run starts from the target's minimised corpus (test/fuzz/corpus/<target>
# or, for the MLIR targets, one made when they run: see --merge), replayed
# in seconds so that the run's time goes to mutating it, the hand-written
# seeds of test/fuzz/<kind> (kind: mlir,
# ptx or manifest) and what earlier runs found, kept in
# <fuzz build>/fuzz/corpus/<target>; findings go to
# <fuzz build>/fuzz/artifacts/<target> (crash-*, leak-*, timeout-*, oom-*).
# --seconds N runs each target N s (30 by default); --budget N shares N s
# among the targets by their weight below (the slow and the broad ones get
# more), less the time minimising took, each replaying a sample of its
# corpus: how the test command runs them.
#
# --merge remakes test/fuzz/corpus/<target>: libFuzzer's -merge=1 keeps,
# from the old corpus, the hand-written seeds and the inputs made from the
# tests (scripts/fuzz_seeds.py, which needs lmhead-opt from
# $LMHEAD_BUILD_DIR), the smallest inputs that reach all of their edges.
# A target with no committed corpus (the MLIR ones) has its seeds
# minimised the same way when it runs, into <fuzz build>/fuzz/minimised/,
# once per set of seeds and build of the fuzzer. test/fuzz/README.md says
# when to run --merge.
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

all_targets=(mlir-parse mlir-recognize mlir-lower mlir-bundle ptx manifest
  manifest-emulator)
# --budget's shares: the cheap MLIR stages reach their plateau soonest;
# lowering, the PTX emulator and the bundle loader have the most to find.
declare -A weight=([mlir-parse]=2 [mlir-recognize]=2 [mlir-lower]=3
  [mlir-bundle]=2 [ptx]=3 [manifest]=3 [manifest-emulator]=3)

seconds=30
budget=""
merge=0
table=""
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
  --seconds) seconds=$2; shift 2 ;;
  --budget) budget=$2; shift 2 ;;
  --merge) merge=1; shift ;;
  --table) table=$2; shift 2 ;;
  *)
    if [ -n "${weight[$1]:-}" ]; then
      targets+=("$1")
      shift
    else
      echo "run-fuzzers.sh: unknown argument '$1'; accepted: --seconds N," \
        "--budget N, --merge, --table FILE, ${all_targets[*]}" >&2
      exit 2
    fi
    ;;
  esac
done
if [ ${#targets[@]} -eq 0 ]; then
  for target in "${all_targets[@]}"; do
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
committed=$LMHEAD_SRC_DIR/test/fuzz/corpus

# The seeds made from the tests: for --merge, and for a target that has no
# committed corpus yet.
need_seeds=$merge
for target in "${targets[@]}"; do
  [ -d "$committed/$target" ] || need_seeds=1
done
if [ "$need_seeds" = 1 ]; then
  if [ -x "$LMHEAD_BUILD_DIR/bin/lmhead-opt" ]; then
    rm -rf "$seeds"
    python3 "$LMHEAD_SRC_DIR/scripts/fuzz_seeds.py" \
      --lmhead-opt "$LMHEAD_BUILD_DIR/bin/lmhead-opt" --out "$seeds" || exit 1
  elif [ "$merge" = 1 ]; then
    echo "run-fuzzers.sh: --merge needs $LMHEAD_BUILD_DIR/bin/lmhead-opt" >&2
    exit 2
  else
    echo "run-fuzzers.sh: note: no $LMHEAD_BUILD_DIR/bin/lmhead-opt; only the" \
      "committed seeds of test/fuzz are used"
  fi
fi

# Limits of every run: inputs larger than the largest seed are not
# generated (libFuzzer's default); an input that runs over 60 s is reported
# as a hang (planning the cross-entropy ops of one MLIR input can take 25 s
# under the sanitizers, a second in a release build).
limits=(-timeout=60 -rss_limit_mb=4096)

# minimise DIR TARGET INPUT...: the smallest inputs among INPUT...
# (folders) that reach all of their coverage (edges: hit counts and
# comparison operands would keep nearly every input), as a fresh DIR.
# Inputs that take over a second are left out (libFuzzer skips an input
# that times out while merging): planning a module of cross-entropy ops
# takes seconds, and a corpus of them is a replay that never ends in
# mutations; the lit suite runs them.
#
# libFuzzer's report of an input that runs over its -timeout can itself
# hang (its alarm handler prints a stack trace while the interrupted code
# may hold a lock the printing needs: seen on a loaded 2-core machine,
# where many inputs pass a second), so every libFuzzer process runs under
# `timeout`, which kills it: a merge after merge_limit seconds, a run
# after its time and run_grace more.
merge_limit=${LMHEAD_FUZZ_MERGE_LIMIT:-600}
run_grace=120
minimise() {
  local out=$1 target=$2 status
  shift 2
  rm -rf "$out"
  mkdir -p "$out" "$work/logs" "$work/merged"
  timeout --kill-after=10 "$merge_limit" \
    "$LMHEAD_FUZZ_BUILD_DIR/bin/lmhead-fuzz-$target" -merge=1 \
    -use_counters=0 -use_cmp=0 -timeout=1 -rss_limit_mb=4096 \
    -artifact_prefix="$work/merged/$target-" "$out" "$@" \
    >"$work/logs/$target.merge.log" 2>&1
  status=$?
  if [ "$status" -ne 0 ]; then
    if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
      echo "run-fuzzers.sh: minimising the corpus of lmhead-fuzz-$target" \
        "did not end within $merge_limit s (LMHEAD_FUZZ_MERGE_LIMIT; log:" \
        "$work/logs/$target.merge.log)" >&2
    else
      echo "run-fuzzers.sh: minimising the corpus of lmhead-fuzz-$target" \
        "failed (log: $work/logs/$target.merge.log)" >&2
    fi
    return 1
  fi
}

# The seeds of a target: its committed corpus, the hand-written seeds of
# its kind and the seeds made from the tests.
seed_folders() {
  local target=$1 kind=${1%%-*} dir
  for dir in "$committed/$target" "$LMHEAD_SRC_DIR/test/fuzz/$kind" \
    "$seeds/$kind"; do
    [ -d "$dir" ] && echo "$dir"
  done
}

if [ "$merge" = 1 ]; then
  for target in "${targets[@]}"; do
    mapfile -t inputs < <(seed_folders "$target")
    minimise "$work/merged/$target" "$target" "${inputs[@]}" || exit 1
    rm -rf "${committed:?}/$target"
    mkdir -p "$committed"
    cp -r "$work/merged/$target" "$committed/$target"
    echo "lmhead-fuzz-$target: $(find "$committed/$target" -type f | wc -l)" \
      "inputs, $(cat "$committed/$target"/* | wc -c) bytes in" \
      "test/fuzz/corpus/$target"
  done
  exit 0
fi

# libFuzzer's last status line "#N ... cov: C ft: F corp: K/..." and its
# final statistics give the figures.
field() { grep -oE "$1: *[0-9]+" <<<"$2" | tail -1 | grep -oE "[0-9]+$"; }

total_weight=0
for target in "${targets[@]}"; do
  total_weight=$((total_weight + weight[$target]))
done

# Each target's folders: its corpus (minimised here, once for each set of
# seeds and build of the fuzzer, when none is committed: the MLIR targets'
# would be some 200 inputs each, too many to commit) and the hand-written
# seeds. Done for every target before any runs, so that --budget shares
# what the minimising leaves.
started=$SECONDS
declare -A corpus_of
for target in "${targets[@]}"; do
  kind=${target%%-*}
  corpus_of[$target]=$committed/$target
  [ -d "$committed/$target" ] || [ ! -d "$seeds/$kind" ] && continue
  minimised=$work/minimised/$target
  corpus_of[$target]=$minimised
  stamp=$( (cd "$seeds/$kind" && ls | sort | sha1sum) | cut -c1-40)-$(
    stat -c %Y "$LMHEAD_FUZZ_BUILD_DIR/bin/lmhead-fuzz-$target")
  if [ "$(cat "$minimised.stamp" 2>/dev/null)" != "$stamp" ]; then
    mapfile -t folders < <(seed_folders "$target")
    if minimise "$minimised" "$target" "${folders[@]}"; then
      echo "$stamp" >"$minimised.stamp"
    else
      # The run then samples the unminimised seeds.
      corpus_of[$target]=$seeds/$kind
    fi
  fi
done
if [ -n "$budget" ]; then
  budget=$((budget - (SECONDS - started)))
  [ "$budget" -lt $((5 * ${#targets[@]})) ] && budget=$((5 * ${#targets[@]}))
fi

failed=0
[ -n "$table" ] && {
  echo "| fuzzer | seconds | executions | executions/s | coverage (cov) | features (ft) | corpus | peak RSS (MB) | result |"
  echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |"
} >"$table"
for target in "${targets[@]}"; do
  kind=${target%%-*}
  fuzzer=$LMHEAD_FUZZ_BUILD_DIR/bin/lmhead-fuzz-$target
  corpus=$work/corpus/$target
  artifacts=$work/artifacts/$target
  log=$work/logs/$target.log
  mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
  # New inputs are written into the first folder.
  inputs=("$corpus" "$LMHEAD_SRC_DIR/test/fuzz/$kind")
  [ -d "${corpus_of[$target]}" ] && inputs+=("${corpus_of[$target]}")
  run_seconds=$seconds
  if [ -n "$budget" ]; then
    run_seconds=$((budget * weight[$target] / total_weight))
    # A short run replays a sample of the corpus (a different one each
    # time; about 3 inputs for each second it has) and what the sample
    # finds joins the corpus: replaying all 200 inputs of an MLIR target
    # takes 20 to 30 s, and libFuzzer mutates only after its replay.
    sample=$work/sample/$target
    rm -rf "$sample"
    mkdir -p "$sample"
    find "${inputs[@]}" -maxdepth 1 -type f -print0 | shuf -z -n $((3 * run_seconds)) |
      xargs -0 -r cp -t "$sample" 2>/dev/null # the same input in two folders
    inputs=("$sample")
  fi
  timeout --kill-after=10 $((run_seconds + run_grace)) \
    "$fuzzer" -max_total_time="$run_seconds" "${limits[@]}" \
    -print_final_stats=1 -dict="$LMHEAD_SRC_DIR/test/fuzz/$kind.dict" \
    -artifact_prefix="$artifacts/" "${inputs[@]}" >"$log" 2>&1
  status=$?
  if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
    echo "lmhead-fuzz-$target: killed $run_grace s after its time: an input" \
      "hung and libFuzzer's report of it hung too (log: $log)"
  fi
  [ -n "$budget" ] && cp -n "$sample"/* "$corpus"/ 2>/dev/null
  text=$(cat "$log")
  status_line=$(grep -E '^#[0-9]+' "$log" | tail -1)
  runs=$(field 'stat::number_of_executed_units' "$text")
  rate=$(field 'stat::average_exec_per_sec' "$text")
  rss=$(field 'stat::peak_rss_mb' "$text")
  cov=$(field cov "$status_line")
  ft=$(field ft "$status_line")
  size=$(field corp "$status_line")
  # Executions before and after the corpus was replayed: a run that does
  # not get far past INITED did not mutate.
  inited=$(grep -E '^#[0-9]+[[:space:]]+INITED' "$log" | grep -oE '^#[0-9]+' |
    tr -d '#')
  if [ "$status" -eq 0 ]; then
    result=ok
  else
    result=FAILED
    failed=1
    # What libFuzzer said about the failure, and the input it kept.
    grep -E 'ERROR|runtime error|SUMMARY|Test unit written|==[0-9]+==' "$log" |
      head -20
  fi
  echo "lmhead-fuzz-$target: $result, $run_seconds s, ${runs:-?} executions" \
    "(${rate:-?}/s; ${inited:-?} replaying the corpus), cov ${cov:-?}," \
    "ft ${ft:-?}, corpus ${size:-?}, peak RSS ${rss:-?} MB (log: $log)"
  [ -n "$table" ] && echo "| lmhead-fuzz-$target | $run_seconds | ${runs:-?} |" \
    "${rate:-?} | ${cov:-?} | ${ft:-?} | ${size:-?} | ${rss:-?} | $result |" >>"$table"
done
echo "run-fuzzers.sh: ${#targets[@]} fuzzers, $((SECONDS - started)) s in all"
exit $failed
