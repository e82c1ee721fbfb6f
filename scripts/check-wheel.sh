#!/usr/bin/env bash
# The check of `pip install .`: clones this repository's HEAD, installs it
# with `pip install '<clone>[torch,test]'` into a fresh virtual environment
# (a wheel built by scikit-build-core: the package, lmhead-opt and the
# runtime library; torch, transformers and pytest from PyPI), then runs the
# PyTorch tests from a folder outside the clone against the installed
# package. Needs what the CMake build needs (scripts/setup.sh installs it)
# and PyPI; takes about ten minutes on two cores.
#
#   scripts/check-wheel.sh [WORK_DIR]    # default: a new temporary folder
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$(mktemp -d)}
mkdir -p "$work"
rm -rf "$work/clone" "$work/venv" "$work/tests"
git clone -q "$src" "$work/clone"
echo "== pip install '$work/clone[torch,test]' (commit $(git -C "$work/clone" rev-parse --short HEAD))"
python3 -m venv "$work/venv"
start=$(date +%s)
"$work/venv/bin/pip" install -q "$work/clone[torch,test]"
echo "installed in $(( $(date +%s) - start )) s"
# Outside the clone, so that only the installed package can be imported.
cp -r "$work/clone/python/test/torch" "$work/tests"
cd "$work"
"$work/venv/bin/python" -c "import lmhead, os; print('lmhead from', os.path.dirname(lmhead.__file__))"
"$work/venv/bin/python" -m pytest -q -p no:cacheprovider "$work/tests"
