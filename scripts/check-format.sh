#!/usr/bin/env bash
# The format check of CI: clang-format on the C/C++ lines that changed.
#
# Runs `git clang-format --diff` (clang-format 22, the .clang-format at the
# top) on the lines changed between a base commit and the working tree, as
# CIRCT's and LLVM's format jobs do, so that old code is never reformatted
# in passing. The base is $LMHEAD_FORMAT_BASE when set; else the merge-base
# with origin/main, when there is one and it is not HEAD itself; else HEAD~1
# (CI checks out a clean clone of main: the last commit is checked). Prints
# the diff that would fix the lines and exits 1 when some are misformatted;
# exits 0 with a note when there is no git history to compare with.
set -uo pipefail

src_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$src_dir" || exit 1

note() { echo "lmhead format check: $*"; }

git_clang_format=$(command -v git-clang-format-22 ||
  command -v /usr/lib/llvm-22/bin/git-clang-format) || {
  note "FAILED: git-clang-format-22 not found (Debian package clang-format-22)"
  exit 1
}
clang_format=$(command -v clang-format-22 ||
  command -v /usr/lib/llvm-22/bin/clang-format) || {
  note "FAILED: clang-format-22 not found (Debian package clang-format-22)"
  exit 1
}

if ! command -v git >/dev/null; then
  note "skipped: no git to find the changed lines with"
  exit 0
fi
if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1 ||
  ! git rev-parse --verify -q HEAD >/dev/null; then
  note "skipped: $src_dir has no git history to compare with"
  exit 0
fi

base=${LMHEAD_FORMAT_BASE:-}
why=LMHEAD_FORMAT_BASE
if [ -z "$base" ] && git rev-parse --verify -q origin/main >/dev/null; then
  base=$(git merge-base HEAD origin/main 2>/dev/null)
  why="merge-base with origin/main"
  [ "$base" = "$(git rev-parse HEAD)" ] && base=
fi
if [ -z "$base" ]; then
  if ! git rev-parse --verify -q 'HEAD~1^{commit}' >/dev/null; then
    note "skipped: HEAD has no parent to compare with (a shallow clone?)"
    exit 0
  fi
  base=HEAD~1
  why="HEAD~1"
fi
short=$(git rev-parse --short --verify -q "$base^{commit}") || {
  note "FAILED: the base '$base' is not a commit"
  exit 1
}

note "C/C++ lines changed since $short ($why)"
# C and C++ only: TableGen, Python and MLIR files keep their own layout.
output=$(GIT_PAGER=cat "$git_clang_format" --binary "$clang_format" \
  --extensions c,h,cc,cpp,cxx,hpp,hxx,inc,cu,cuh --diff "$base" -- 2>&1)
status=$?
case "$output" in
"" | "no modified files to format" | "clang-format did not modify any files")
  [ "$status" -eq 0 ] && {
    note "passed"
    exit 0
  } ;;
esac
echo "$output"
note "FAILED: the changed lines above are not formatted as clang-format wants;"
note "fix them with: git clang-format-22 $base"
exit 1
