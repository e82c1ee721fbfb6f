#!/usr/bin/env bash
# Runs each libFuzzer target for longer than the test command does (600 s
# by default) and writes the figures into docs/performance.md: the table
# between the "fuzz-figures" markers of its Fuzzing section, with the date,
# the commit and the machine.
#
#   bench/fuzz/run.sh [--seconds N] [--no-write] [target ...]
#
# The fuzzers must be built (scripts/check-sanitizers.sh asan, or the
# README's test command, builds them in <build>-fuzz); targets and the
# figures are those of scripts/run-fuzzers.sh (by default every built
# target: seven, 70 minutes at 600 s each), run one after the other so
# that executions per second are comparable, each from its whole minimised
# corpus and what earlier runs kept. What the runs find is kept in
# <build>-fuzz/fuzz/ (corpus, artifacts, logs).
set -uo pipefail

src_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
seconds=600
write=1
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
  --seconds) seconds=$2; shift 2 ;;
  --no-write) write=0; shift ;;
  *) targets+=("$1"); shift ;;
  esac
done

table=$(mktemp)
trap 'rm -f "$table"' EXIT
"$src_dir/scripts/run-fuzzers.sh" --seconds "$seconds" --table "$table" \
  "${targets[@]}"
status=$?
cat "$table"

if [ "$write" = 1 ]; then
  doc=$src_dir/docs/performance.md
  header="Measured $(date -u +%Y-%m-%d) at $(git -C "$src_dir" rev-parse --short HEAD) on $(nproc) cores of $(uname -m) ($seconds s per fuzzer, one at a time, from its corpus):"
  python3 - "$doc" "$table" "$header" <<'PY'
import sys
doc, table, header = sys.argv[1], sys.argv[2], sys.argv[3]
text = open(doc).read()
begin, end = "<!-- fuzz-figures:begin -->", "<!-- fuzz-figures:end -->"
if begin not in text or end not in text:
    sys.exit(f"bench/fuzz/run.sh: {doc} has no {begin} ... {end} markers")
head, rest = text.split(begin, 1)
_, tail = rest.split(end, 1)
body = "\n" + header + "\n\n" + open(table).read() + "\n"
open(doc, "w").write(head + begin + body + end + tail)
PY
  echo "bench/fuzz/run.sh: figures written to $doc"
fi
exit $status
