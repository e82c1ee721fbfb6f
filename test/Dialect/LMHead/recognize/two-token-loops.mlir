// Tokens as two loops [B,S] in the products themselves: dh = dZ·W keeps
// [B,S,D], dW = dZᵀ·h reduces over both b and s. The products are first
// rewritten over one token loop (collapse_shape of the operands,
// expand_shape of dh), then recognised.
// RUN: lmhead-opt %s --lmhead-recognize | FileCheck %s
// RUN: %python %S/../../../Integration/Inputs/check_equivalence.py %s --func=two_token_loops --transform=--lmhead-recognize --seed=%seed %mlir_runner_libs | FileCheck %s --check-prefix=EQUIV
// EQUIV: {{^}}EQUIVALENT

// CHECK-LABEL: func.func @two_token_loops(
// CHECK-SAME: %[[DZ3:[^:]+]]: tensor<2x4x32xbf16>, %[[H3:[^:]+]]: tensor<2x4x8xbf16>, %[[W:[^:]+]]: tensor<32x8xbf16>
// CHECK-DAG: %[[DZ:.+]] = tensor.collapse_shape %[[DZ3]] {{\[}}[0, 1], [2]] : tensor<2x4x32xbf16> into tensor<8x32xbf16>
// CHECK-DAG: %[[H:.+]] = tensor.collapse_shape %[[H3]] {{\[}}[0, 1], [2]] : tensor<2x4x8xbf16> into tensor<8x8xbf16>
// CHECK: %[[DH:.+]], %[[DW:.+]] = lmhead.linear_grad %[[DZ]], %[[H]], %[[W]] layout(vd) : {{.*}} -> (tensor<8x8xf32>, tensor<32x8xf32>)
// CHECK: %[[DH3:.+]] = tensor.expand_shape %[[DH]] {{\[}}[0, 1], [2]] {{.*}} into tensor<2x4x8xf32>
// CHECK: return %[[DH3]], %[[DW]]
func.func @two_token_loops(%dz: tensor<2x4x32xbf16>, %h: tensor<2x4x8xbf16>, %w: tensor<32x8xbf16>) -> (tensor<2x4x8xf32>, tensor<32x8xf32>) {
  %c0 = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<2x4x8xf32>
  %z0 = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  %dh = linalg.generic {indexing_maps = [affine_map<(b, s, d, v) -> (b, s, v)>, affine_map<(b, s, d, v) -> (v, d)>, affine_map<(b, s, d, v) -> (b, s, d)>],
                        iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%dz, %w : tensor<2x4x32xbf16>, tensor<32x8xbf16>) outs(%z0 : tensor<2x4x8xf32>) {
  ^bb0(%a: bf16, %x: bf16, %acc: f32):
    %a32 = arith.extf %a : bf16 to f32
    %x32 = arith.extf %x : bf16 to f32
    %p = arith.mulf %a32, %x32 : f32
    %r = arith.addf %acc, %p : f32
    linalg.yield %r : f32
  } -> tensor<2x4x8xf32>
  %e1 = tensor.empty() : tensor<32x8xf32>
  %z1 = linalg.fill ins(%c0 : f32) outs(%e1 : tensor<32x8xf32>) -> tensor<32x8xf32>
  %dw = linalg.generic {indexing_maps = [affine_map<(v, d, b, s) -> (b, s, v)>, affine_map<(v, d, b, s) -> (b, s, d)>, affine_map<(v, d, b, s) -> (v, d)>],
                        iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%dz, %h : tensor<2x4x32xbf16>, tensor<2x4x8xbf16>) outs(%z1 : tensor<32x8xf32>) {
  ^bb0(%a: bf16, %x: bf16, %acc: f32):
    %a32 = arith.extf %a : bf16 to f32
    %x32 = arith.extf %x : bf16 to f32
    %p = arith.mulf %a32, %x32 : f32
    %r = arith.addf %acc, %p : f32
    linalg.yield %r : f32
  } -> tensor<32x8xf32>
  return %dh, %dw : tensor<2x4x8xf32>, tensor<32x8xf32>
}
