#!/usr/bin/env bash
# The main job: set up and build lmhead, then run lmhead-opt on the bundled
# example graph (parse, verify, decompose) and print the result.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

example="$LMHEAD_SRC_DIR/examples/lm_head_training_step.mlir"
echo "== lmhead-opt --lmhead-decompose $example"
lmhead-opt "$example" --lmhead-decompose --canonicalize --cse
