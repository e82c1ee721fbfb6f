#!/usr/bin/env bash
# Prepares the GPU check (bench/device/run.sh) on a machine with LLVM 22 and
# a build of lmhead (build/, or $LMHEAD_BUILD_DIR):
#
# - lowers each test program with upstream MLIR, compiles its host code to
#   an x86-64 object, and records its output on the PTX emulator here
#   (`NAME.emulator`) and, where the program has a CPU twin, the twin's
#   output (`NAME.expected`), which the emulator's must equal;
# - writes the linear_grad bundles that check_kernels.py runs: for each
#   benchmark shape (N, D, V) one lmhead.linear_grad (bf16 dZ, h, W, layout
#   vd, dh bf16, dW f32), planned and written by
#   `lmhead-opt --lmhead-plan=target=T --lmhead-write-bundle`, into
#   bundles/sm_80 and bundles/sm_90a (PTX only, a few hundred KB); and the
#   same for small shapes into bundles-small/, which check_kernels.py
#   --emulator --small then runs here on the emulator against float64;
# - writes the fused cross-entropy bundles that check_ce.py runs: for each
#   benchmark shape a ce_linear_fwd, a ce_linear_grad and the one-pass
#   ce_linear_step of both (bf16 h and W [V,D], i64 labels, reduction mean,
#   dh and dW bf16) with a #lmhead.ce_plan attached here (the tiles
#   --lmhead-plan picks for linear_grad there), written by
#   `lmhead-opt --lmhead-write-bundle` into ce-bundles/{sm_80,sm_90a}, and
#   a small shape into ce-bundles-small/, which check_ce.py --emulator
#   --small runs here (the dry run of the GPU check);
# - compiles the PyTorch op's bundles for the benchmark shapes into
#   torch-cache/ (python -m lmhead.kernel_cache), which check_ce.py's
#   "torch op" rows read there;
# - downloads the wheels of the baselines check_ce.py times against
#   (Liger-Kernel, Cut Cross-Entropy; pure Python, for the GPU machine's
#   Python 3.12) into wheels/, which run.sh installs there (it cannot reach
#   a package index). Without network the check skips those baselines.
#
# Everything goes to bench/device/prepared/, which the GPU machine receives
# (it has no LLVM).
#
#   bench/device/prepare.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${LMHEAD_BUILD_DIR:-$root/build}
llvm=${LLVM_TOOLS_DIR:-/usr/lib/llvm-22/bin}
inputs="$root/test/Runtime/Inputs"
out="$here/prepared"
rm -rf "$out"
mkdir -p "$out"

sm80='--gpu-lower-to-nvvm-pipeline=cubin-chip=sm_80 cubin-features=+ptx80 cubin-format=isa opt-level=3'
sm90='--gpu-lower-to-nvvm-pipeline=cubin-chip=sm_90a cubin-features=+ptx80 cubin-format=isa'
schedule='--transform-interpreter --test-transform-dialect-erase-schedule --canonicalize --cse --gpu-kernel-outlining --symbol-dce'

# name | program | passes before the lowering | lowering | CPU twin ("" for none)
programs=(
  "two_stream|$inputs/two_stream_program.mlir||$sm90|$here/programs/two_stream.cpu.mlir"
  "all_reduce|$inputs/all_reduce_program.mlir|--gpu-kernel-outlining|$sm80|"
  "gemm_sm80|$inputs/gemm_sm80_program.mlir|$schedule|$sm80|"
  "tma_load|$inputs/tma_load_program.mlir|--convert-nvgpu-to-nvvm --gpu-kernel-outlining --symbol-dce|$sm90|"
  "wgmma|$inputs/wgmma_program.mlir|--convert-nvgpu-to-nvvm --gpu-kernel-outlining --symbol-dce|$sm90|"
)

# Links a program object with printMemrefF32 and the runtime of the build.
link() {
  cc -O1 -x c - -x none "$1" "$here/print_memref.c" -L"$build/runtime" -llmhead_runtime \
    -Wl,-rpath,"$build/runtime" -o "$2" <<'C'
void lmhead_program_main(void);
int main(void) { lmhead_program_main(); return 0; }
C
}

for entry in "${programs[@]}"; do
  IFS='|' read -r name source before lowering twin <<<"$entry"
  read -r -a passes <<<"$before"
  "$llvm/mlir-opt" "$source" "${passes[@]}" -o "$out/$name.prepared.mlir"
  "$llvm/mlir-opt" "$out/$name.prepared.mlir" "$lowering" -o "$out/$name.llvm.mlir"
  "$llvm/mlir-translate" --mlir-to-llvmir "$out/$name.llvm.mlir" -o "$out/$name.ll"
  "$llvm/clang" -c -O2 -fPIC -Wno-override-module "$out/$name.ll" -o "$out/$name.o"
  # The program's entry becomes a plain function the driver calls.
  "$llvm/llvm-objcopy" --redefine-sym main=lmhead_program_main "$out/$name.o"
  link "$out/$name.o" "$out/$name.exe"
  LMHEAD_DEVICE=emulator "$out/$name.exe" > "$out/$name.emulator"
  if [ -n "$twin" ]; then
    "$llvm/mlir-opt" "$twin" --convert-scf-to-cf --finalize-memref-to-llvm \
      --convert-arith-to-llvm --convert-cf-to-llvm --convert-func-to-llvm \
      --reconcile-unrealized-casts -o "$out/$name.cpu.llvm.mlir"
    "$llvm/mlir-translate" --mlir-to-llvmir "$out/$name.cpu.llvm.mlir" -o "$out/$name.cpu.ll"
    "$llvm/clang" -O1 -Wno-override-module "$out/$name.cpu.ll" "$here/print_memref.c" \
      -o "$out/$name.cpu"
    "$out/$name.cpu" > "$out/$name.expected"
    if ! cmp -s "$out/$name.expected" "$out/$name.emulator"; then
      echo "$name: the emulator's output differs from the CPU twin's" >&2
      diff "$out/$name.expected" "$out/$name.emulator" >&2 || true
      exit 1
    fi
  fi
  rm -f "$out/$name".{exe,cpu,ll,cpu.ll} "$out"/*.mlir
  echo "prepared $name: $(wc -l < "$out/$name.emulator") result line(s)$([ -n "$twin" ] && echo ', emulator = CPU twin')"
done

# nlohmann/json's headers, which the runtime is built with: the device has
# no Debian package of them.
rm -rf "$out/include" && mkdir -p "$out/include" &&
  cp -r /usr/include/nlohmann "$out/include/"

# The revision of the build that compiles every bundle below, which run.sh
# builds the runtime with there (its copy of the tree may lack the history).
"$build/bin/lmhead-opt" --version | sed -n 's/^ *revision: *//p' >"$out/revision"
if [ ! -s "$out/revision" ]; then
  echo "lmhead-opt --version names no revision" >&2
  exit 1
fi

# The linear_grad bundles: one op per shape "N D V", for each target.
write_bundles() {
  local folder=$1
  shift
  local source="$out/linear_grad_shapes.mlir"
  local shape n d v
  : >"$source"
  for shape in "$@"; do
    read -r n d v <<<"$shape"
    cat >>"$source" <<MLIR
func.func @linear_grad_${n}x${d}x${v}(%dz: tensor<${n}x${v}xbf16>, %h: tensor<${n}x${d}xbf16>,
    %w: tensor<${v}x${d}xbf16>) -> (tensor<${n}x${d}xbf16>, tensor<${v}x${d}xf32>) {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<${n}x${v}xbf16>, tensor<${n}x${d}xbf16>, tensor<${v}x${d}xbf16>)
      -> (tensor<${n}x${d}xbf16>, tensor<${v}x${d}xf32>)
  return %dh, %dw : tensor<${n}x${d}xbf16>, tensor<${v}x${d}xf32>
}
MLIR
  done
  for target in sm_80 sm_90a; do
    "$build/bin/lmhead-opt" "$source" "--lmhead-plan=target=$target min-tokens=0" \
      "--lmhead-write-bundle=dir=$folder/$target" -o /dev/null
  done
  rm -f "$source"
}

# The benchmark shapes (N, D, V) of docs/performance.md.
write_bundles "$out/bundles" "4096 4096 128256" "8192 4096 128256" \
  "8192 2304 256000" "16384 2048 248320"
# Ragged token counts, V and D multiples of 8 (TMA needs 16-byte rows).
write_bundles "$out/bundles-small" "130 64 320" "64 128 200"
echo "prepared the linear_grad bundles: $(du -sh "$out/bundles" | cut -f1) ($(ls "$out"/bundles/*/*.ptx | wc -l) PTX files)"
# The check script itself, on the emulator with the small shapes.
python3 "$here/check_kernels.py" --emulator --small \
  --runtime "$build/runtime/liblmhead_runtime.so" --bundles "$out/bundles-small"

# The fused cross-entropy bundles: one ce_linear_fwd, one ce_linear_grad and
# the one-pass ce_linear_step of both per shape "N D V", planned by hand for
# `target` with the GEMM configuration `logits` for the logits product and
# `gemm` for the dh and dW products, vocabulary chunks of `chunk` columns and
# the step's token chunks of `rows` rows.
write_ce_bundles() {
  local folder=$1 target=$2 logits=$3 gemm=$4 chunk=$5 rows=$6
  shift 6
  local source="$out/ce_shapes.mlir"
  local shape n d v
  cat >"$source" <<MLIR
#logits = #lmhead.gemm<$logits>
#gemm = #lmhead.gemm<$gemm>
#fwd = #lmhead.ce_plan<target = $target, logits = #lmhead.gemm<${logits/, tmaStore = 1/}>, micros = 0.0 : f64>
#grad = #lmhead.ce_plan<target = $target, logits = #logits, dh = #gemm, dw = #gemm, chunk = $chunk, micros = 0.0 : f64>
#step = #lmhead.ce_plan<target = $target, logits = #logits, dh = #gemm, dw = #gemm, chunk = $rows, micros = 0.0 : f64>
MLIR
  for shape in "$@"; do
    read -r n d v <<<"$shape"
    cat >>"$source" <<MLIR
func.func @ce_fwd_${n}x${d}x${v}(%h: tensor<${n}x${d}xbf16>, %w: tensor<${v}x${d}xbf16>,
    %y: tensor<${n}xi64>) -> (tensor<f32>, tensor<${n}xf32>) {
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean) {lmhead.plan = #fwd}
      : (tensor<${n}x${d}xbf16>, tensor<${v}x${d}xbf16>, tensor<${n}xi64>)
      -> (tensor<f32>, tensor<${n}xf32>)
  return %loss, %lse : tensor<f32>, tensor<${n}xf32>
}
func.func @ce_grad_${n}x${d}x${v}(%h: tensor<${n}x${d}xbf16>, %w: tensor<${v}x${d}xbf16>,
    %y: tensor<${n}xi64>, %lse: tensor<${n}xf32>, %g: tensor<f32>)
    -> (tensor<${n}x${d}xbf16>, tensor<${v}x${d}xbf16>) {
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean) {lmhead.plan = #grad}
      : (tensor<${n}x${d}xbf16>, tensor<${v}x${d}xbf16>, tensor<${n}xi64>, tensor<${n}xf32>, tensor<f32>)
      -> (tensor<${n}x${d}xbf16>, tensor<${v}x${d}xbf16>)
  return %dh, %dw : tensor<${n}x${d}xbf16>, tensor<${v}x${d}xbf16>
}
func.func @ce_step_${n}x${d}x${v}(%h: tensor<${n}x${d}xbf16>, %w: tensor<${v}x${d}xbf16>,
    %y: tensor<${n}xi64>, %g: tensor<f32>)
    -> (tensor<f32>, tensor<${n}xf32>, tensor<${n}x${d}xbf16>, tensor<${v}x${d}xbf16>) {
  %loss, %lse, %dh, %dw = lmhead.ce_linear_step %h, %w, %y, %g layout(vd) reduction(mean) {lmhead.plan = #step}
      : (tensor<${n}x${d}xbf16>, tensor<${v}x${d}xbf16>, tensor<${n}xi64>, tensor<f32>)
      -> (tensor<f32>, tensor<${n}xf32>, tensor<${n}x${d}xbf16>, tensor<${v}x${d}xbf16>)
  return %loss, %lse, %dh, %dw : tensor<f32>, tensor<${n}xf32>, tensor<${n}x${d}xbf16>, tensor<${v}x${d}xbf16>
}
MLIR
  done
  "$build/bin/lmhead-opt" "$source" "--lmhead-write-bundle=dir=$folder/$target" -o /dev/null
  rm -f "$source"
}

# The benchmark shapes with the configurations --lmhead-plan picks for
# ce_linear_step at 4096×4096×128256 (on sm_90a: 128x128 tiles, 3 stages,
# persistent grids of 132 blocks in 2x1 clusters, C stored through TMA for
# all three GEMMs, the dh and dW products ping-pong, each consumer
# warpgroup on whole 128x128 tiles; the forward's logits kernel, which
# stores no tiles, the same without the TMA store; on sm_80 the products
# persistent on 108 blocks), chunks of 8192 columns.
ce_shapes=("4096 4096 128256" "8192 4096 128256" "8192 2304 256000" "16384 2048 248320")
write_ce_bundles "$out/ce-bundles" sm_90a \
  "blockM = 128, blockN = 128, blockK = 64, warpM = 64, warpN = 128, stages = 3, copyBytes = 16, swizzle = 1, persistent = 132, clusterM = 2, tmaStore = 1" \
  "blockM = 128, blockN = 128, blockK = 64, warpM = 128, warpN = 128, stages = 3, copyBytes = 16, swizzle = 1, persistent = 132, clusterM = 2, tmaStore = 1, pingPong = 1" \
  8192 1024 "${ce_shapes[@]}"
write_ce_bundles "$out/ce-bundles" sm_80 \
  "blockM = 128, blockN = 128, blockK = 32, warpM = 64, warpN = 64, stages = 5, copyBytes = 16, swizzle = 1" \
  "blockM = 128, blockN = 256, blockK = 32, warpM = 64, warpN = 64, stages = 5, copyBytes = 16, swizzle = 1, persistent = 108" \
  8192 1024 "${ce_shapes[@]}"
# Ragged small shapes for the dry run (vocabulary chunks of 64, 64, 64, 11;
# token chunks of 16, 16, 5).
write_ce_bundles "$out/ce-bundles-small" sm_90a \
  "blockM = 64, blockN = 64, blockK = 64, warpM = 64, warpN = 64, stages = 3, copyBytes = 16, swizzle = 1, tmaStore = 1" \
  "blockM = 64, blockN = 64, blockK = 64, warpM = 64, warpN = 64, stages = 3, copyBytes = 16, swizzle = 1, persistent = 2, tmaStore = 1, pingPong = 1" \
  64 16 "37 48 203"
write_ce_bundles "$out/ce-bundles-small" sm_80 \
  "blockM = 32, blockN = 32, blockK = 32, warpM = 16, warpN = 16, stages = 3, copyBytes = 16, swizzle = 1" \
  "blockM = 32, blockN = 32, blockK = 32, warpM = 16, warpN = 16, stages = 3, copyBytes = 16, swizzle = 1, persistent = 2" \
  64 16 "37 48 203"
echo "prepared the ce bundles: $(du -sh "$out/ce-bundles" | cut -f1) ($(ls "$out"/ce-bundles/*/*.ptx | wc -l) PTX files)"

# The PyTorch op's kernels (check_ce.py's "torch op" rows): its bundles
# compiled into the cache it reads there (the GPU machine has no
# lmhead-opt), per shape and target: the two-pass kind, the one-pass step
# and the default's (auto), each for any N.
for target in sm_90a sm_80; do
  for shape in "${ce_shapes[@]}"; do
    read -r _ d v <<<"$shape"
    for schedule in two-pass one-pass auto; do
      LMHEAD_CACHE_DIR="$out/torch-cache" PYTHONPATH="$build/python_packages" \
        python3 -m lmhead.kernel_cache --target "$target" --hidden "$d" \
        --vocab "$v" --schedule "$schedule" >/dev/null
    done
  done
done
echo "prepared the PyTorch op's cache: $(du -sh "$out/torch-cache" | cut -f1)"

# The baselines' wheels, for the GPU machine's Python (3.12).
mkdir -p "$out/wheels"
if python3 -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 \
    --implementation cp --platform manylinux_2_28_x86_64 --platform manylinux2014_x86_64 \
    -d "$out/wheels" liger-kernel==0.8.5 cut-cross-entropy==25.1.1; then
  echo "prepared the baselines' wheels: $(ls "$out/wheels" | tr '\n' ' ')"
else
  echo "could not download the baselines' wheels: check_ce.py will skip Liger and CCE" >&2
fi
# The check itself, dry: on the emulator with the small shapes, and the
# wheels' entry points.
python3 "$here/check_ce.py" --emulator --small \
  --runtime "$build/runtime/liblmhead_runtime.so" --bundles "$out/ce-bundles-small" \
  --wheels "$out/wheels"
