#!/usr/bin/env bash
# Prepares the GPU check (bench/device/run.sh) on a machine with LLVM 22:
# lowers each test program with upstream MLIR (--gpu-lower-to-nvvm-pipeline,
# PTX for sm_90a), compiles its host code to an x86-64 object, and records
# the output its CPU twin gives. Everything goes to bench/device/prepared/,
# which the GPU machine receives (it has no LLVM).
#
#   bench/device/prepare.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
llvm=${LLVM_TOOLS_DIR:-/usr/lib/llvm-22/bin}
out="$here/prepared"
rm -rf "$out"
mkdir -p "$out"

# name | GPU program | CPU twin
programs=(
  "two_stream|$root/test/Runtime/Inputs/two_stream_program.mlir|$here/programs/two_stream.cpu.mlir"
)

for entry in "${programs[@]}"; do
  IFS='|' read -r name gpu cpu <<<"$entry"
  "$llvm/mlir-opt" "$gpu" \
    --gpu-lower-to-nvvm-pipeline="cubin-chip=sm_90a cubin-features=+ptx80 cubin-format=isa" \
    -o "$out/$name.llvm.mlir"
  "$llvm/mlir-translate" --mlir-to-llvmir "$out/$name.llvm.mlir" -o "$out/$name.ll"
  "$llvm/clang" -c -O2 -fPIC -Wno-override-module "$out/$name.ll" -o "$out/$name.o"
  # The program's entry becomes a plain function the driver calls.
  "$llvm/llvm-objcopy" --redefine-sym main=lmhead_program_main "$out/$name.o"
  # The expected output, printed by the same printMemrefF32 as on the GPU.
  "$llvm/mlir-opt" "$cpu" --convert-scf-to-cf --finalize-memref-to-llvm \
    --convert-arith-to-llvm --convert-cf-to-llvm --convert-func-to-llvm \
    --reconcile-unrealized-casts -o "$out/$name.cpu.llvm.mlir"
  "$llvm/mlir-translate" --mlir-to-llvmir "$out/$name.cpu.llvm.mlir" -o "$out/$name.cpu.ll"
  "$llvm/clang" -O1 -Wno-override-module "$out/$name.cpu.ll" "$here/print_memref.c" \
    -o "$out/$name.cpu"
  "$out/$name.cpu" > "$out/$name.expected"
  rm -f "$out/$name.cpu" "$out"/*.ll "$out"/*.llvm.mlir
  echo "prepared $name: $(wc -l < "$out/$name.expected") result line(s)"
done
