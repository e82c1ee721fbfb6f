// An f32 LM-head backward graph: by default it stays exact on the host (no
// kernels); with f32-operands=bf16 its operands are rounded to bf16 for the
// tensor-core kernels, which accumulate in f32. The rounded build runs on
// the PTX emulator and matches the original f32 graph on the CPU within
// bf16's tolerance (1e-2), for both targets.
//
// RUN: lmhead-opt %s --lmhead-recognize '--lmhead-pipeline=target=sm_80 min-tokens=0' | FileCheck %s --check-prefix=EXACT
// RUN: lmhead-opt %s --lmhead-recognize '--lmhead-pipeline=target=sm_80 min-tokens=0 f32-operands=bf16' | FileCheck %s --check-prefix=ROUNDED
// EXACT-NOT: gpu.binary
// ROUNDED: gpu.binary @lmhead_kernels {{.+}}mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
//
// DEFINE: %{target} =
// DEFINE: %{check} = %python %S/../Inputs/check_equivalence.py %s \
// DEFINE:   --func=torch_style_f32 --seed=%seed --transform=--lmhead-recognize %mlir_runner_libs \
// DEFINE:   "--transformed-pipeline='--lmhead-pipeline=target=%{target} min-tokens=0 f32-operands=bf16'" \
// DEFINE:   --transformed-shared-libs=%lmhead_runtime --transformed-env=LMHEAD_DEVICE=emulator \
// DEFINE:   --tolerance-type=bf16 | FileCheck %s --check-prefix=EQUIV
// EQUIV: EQUIVALENT
// REDEFINE: %{target} = sm_80
// RUN: %{check}
// REDEFINE: %{target} = sm_90a
// RUN: %{check}

func.func @torch_style_f32(%dz: tensor<160x264xf32>, %h: tensor<160x72xf32>, %w: tensor<264x72xf32>) -> (tensor<160x72xf32>, tensor<264x72xf32>) {
  %c0 = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<160x72xf32>
  %z0 = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<160x72xf32>) -> tensor<160x72xf32>
  %dh = linalg.matmul ins(%dz, %w : tensor<160x264xf32>, tensor<264x72xf32>) outs(%z0 : tensor<160x72xf32>) -> tensor<160x72xf32>
  %et = tensor.empty() : tensor<264x160xf32>
  %dzt = linalg.transpose ins(%dz : tensor<160x264xf32>) outs(%et : tensor<264x160xf32>) permutation = [1, 0]
  %e2 = tensor.empty() : tensor<264x72xf32>
  %z2 = linalg.fill ins(%c0 : f32) outs(%e2 : tensor<264x72xf32>) -> tensor<264x72xf32>
  %dw = linalg.matmul ins(%dzt, %h : tensor<264x160xf32>, tensor<160x72xf32>) outs(%z2 : tensor<264x72xf32>) -> tensor<264x72xf32>
  return %dh, %dw : tensor<160x72xf32>, tensor<264x72xf32>
}
