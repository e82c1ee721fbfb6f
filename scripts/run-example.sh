#!/usr/bin/env bash
# The main job: set up and build lmhead, then run lmhead-opt on the bundled
# examples. First --lmhead-recognize on a real GPT-2 training step (PyTorch,
# bf16 autocast, through torch-mlir): what it found, as remarks, and the
# lmhead ops it made. Then the same step compiled for the GPU with
# --lmhead-pipeline (sm_90a): the plan chosen for each linear_grad and the
# kernels ptxas makes of them. Then --lmhead-decompose on a hand-written
# LM-head step.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

graph="$LMHEAD_SRC_DIR/examples/gpt2_train_step_bf16.mlir"
recognized=$(mktemp --suffix=.mlir)
compiled=$(mktemp --suffix=.mlir)
trap 'rm -f "$recognized" "$compiled"' EXIT

echo "== lmhead-opt --lmhead-recognize examples/gpt2_train_step_bf16.mlir"
lmhead-opt "$graph" --lmhead-recognize \
  --remarks-filter=lmhead-recognize --remark-format=emitRemark \
  -o "$recognized" 2>&1 | sed -n 's/.*\(\[Passed\]\|\[Missed\]\).*Remark="\(.*\)"$/  \1 \2/p'
echo "-- lmhead ops in the recognised graph:"
grep -o 'lmhead\.[a-z_]* .*layout([a-z]*)\( reduction([a-z]*)\)\?' "$recognized" |
  sed 's/^/  /'

echo
echo "== lmhead-opt --lmhead-recognize '--lmhead-pipeline=target=sm_90a min-tokens=0'"
lmhead-opt "$graph" --lmhead-recognize '--lmhead-pipeline=target=sm_90a min-tokens=0' \
  --remarks-filter=lmhead-plan --remark-format=emitRemark \
  -o "$compiled" 2>&1 | sed -n 's/.*\[\(Passed\|Missed\|Analysis\)\].*Remark="\(.*\)"$/  \2/p'
if command -v ptxas >/dev/null 2>&1; then
  echo "-- the kernels, assembled by ptxas:"
  python3 "$LMHEAD_SRC_DIR/scripts/ptx_report.py" "$compiled" | sed 's/^/  /'
fi

example="$LMHEAD_SRC_DIR/examples/lm_head_training_step.mlir"
echo
echo "== lmhead-opt --lmhead-decompose examples/lm_head_training_step.mlir"
lmhead-opt "$example" --lmhead-decompose --canonicalize --cse
