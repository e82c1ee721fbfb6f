// Both products as linalg.contract (the named contraction with explicit
// indexing maps), dW written [D,V] by the contraction itself.
// RUN: lmhead-opt %s --lmhead-recognize | FileCheck %s
// RUN: %python %S/../../../Integration/Inputs/check_equivalence.py %s --func=linalg_contract --transform=--lmhead-recognize --seed=%seed %mlir_runner_libs | FileCheck %s --check-prefix=EQUIV
// EQUIV: {{^}}EQUIVALENT

// CHECK-LABEL: func.func @linalg_contract(
// CHECK-SAME: %[[DZ:[^:]+]]: tensor<8x32xf32>, %[[H:[^:]+]]: tensor<8x4xf32>, %[[W:[^:]+]]: tensor<32x4xf32>
// CHECK-NEXT: %[[DH:.+]], %[[DW:.+]] = lmhead.linear_grad %[[DZ]], %[[H]], %[[W]] layout(vd)
// CHECK: %[[DWT:.+]] = linalg.transpose ins(%[[DW]] : tensor<32x4xf32>)
// CHECK: return %[[DH]], %[[DWT]]
func.func @linalg_contract(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>) -> (tensor<8x4xf32>, tensor<4x32xf32>) {
  %c0 = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<8x4xf32>
  %z0 = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %dh = linalg.contract indexing_maps = [affine_map<(n, d, v) -> (n, v)>, affine_map<(n, d, v) -> (v, d)>, affine_map<(n, d, v) -> (n, d)>]
      ins(%dz, %w : tensor<8x32xf32>, tensor<32x4xf32>) outs(%z0 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %e2 = tensor.empty() : tensor<4x32xf32>
  %z2 = linalg.fill ins(%c0 : f32) outs(%e2 : tensor<4x32xf32>) -> tensor<4x32xf32>
  %dwt = linalg.contract indexing_maps = [affine_map<(d, v, n) -> (n, d)>, affine_map<(d, v, n) -> (n, v)>, affine_map<(d, v, n) -> (d, v)>]
      ins(%h, %dz : tensor<8x4xf32>, tensor<8x32xf32>) outs(%z2 : tensor<4x32xf32>) -> tensor<4x32xf32>
  return %dh, %dwt : tensor<8x4xf32>, tensor<4x32xf32>
}
