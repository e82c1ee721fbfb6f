// The weight stored [D,V] (a JAX Dense kernel, torch_xla): dh = dZ·Wᵀ with
// W [D,V], and dW = hᵀ·dZ made directly in [D,V].
// RUN: lmhead-opt %s --lmhead-recognize | FileCheck %s
// RUN: %python %S/../../../Integration/Inputs/check_equivalence.py %s --func=weight_dv_layout --transform=--lmhead-recognize --seed=%seed %mlir_runner_libs | FileCheck %s --check-prefix=EQUIV
// EQUIV: {{^}}EQUIVALENT

// CHECK-LABEL: func.func @weight_dv_layout(
// CHECK-SAME: %[[DZ:[^:]+]]: tensor<8x32xf32>, %[[H:[^:]+]]: tensor<8x4xf32>, %[[W:[^:]+]]: tensor<4x32xf32>
// CHECK-NEXT: %[[DH:.+]], %[[DW:.+]] = lmhead.linear_grad %[[DZ]], %[[H]], %[[W]] layout(dv) : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<4x32xf32>) -> (tensor<8x4xf32>, tensor<4x32xf32>)
// CHECK-NEXT: return %[[DH]], %[[DW]]
func.func @weight_dv_layout(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<4x32xf32>) -> (tensor<8x4xf32>, tensor<4x32xf32>) {
  %c0 = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<8x4xf32>
  %z0 = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %dh = linalg.matmul indexing_maps = [affine_map<(n, d, v) -> (n, v)>, affine_map<(n, d, v) -> (d, v)>, affine_map<(n, d, v) -> (n, d)>]
      ins(%dz, %w : tensor<8x32xf32>, tensor<4x32xf32>) outs(%z0 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %e2 = tensor.empty() : tensor<4x32xf32>
  %z2 = linalg.fill ins(%c0 : f32) outs(%e2 : tensor<4x32xf32>) -> tensor<4x32xf32>
  %dw = linalg.matmul indexing_maps = [affine_map<(d, v, n) -> (n, d)>, affine_map<(d, v, n) -> (n, v)>, affine_map<(d, v, n) -> (d, v)>]
      ins(%h, %dz : tensor<8x4xf32>, tensor<8x32xf32>) outs(%z2 : tensor<4x32xf32>) -> tensor<4x32xf32>
  return %dh, %dw : tensor<8x4xf32>, tensor<4x32xf32>
}
