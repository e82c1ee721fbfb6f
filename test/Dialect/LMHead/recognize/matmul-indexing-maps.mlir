// Both products as linalg.matmul with indexing_maps: the transposes folded
// into the maps (dW = dZᵀ·h reads dZ as (n, v) with n reduced).
// RUN: lmhead-opt %s --lmhead-recognize | FileCheck %s
// RUN: %python %S/../../../Integration/Inputs/check_equivalence.py %s --func=matmul_indexing_maps --transform=--lmhead-recognize --seed=%seed %mlir_runner_libs | FileCheck %s --check-prefix=EQUIV
// EQUIV: {{^}}EQUIVALENT

// CHECK-LABEL: func.func @matmul_indexing_maps(
// CHECK-SAME: %[[DZ:[^:]+]]: tensor<?x32xbf16>, %[[H:[^:]+]]: tensor<?x4xbf16>, %[[W:[^:]+]]: tensor<32x4xbf16>
// CHECK-NEXT: %[[DH:.+]], %[[DW:.+]] = lmhead.linear_grad %[[DZ]], %[[H]], %[[W]] layout(vd) : (tensor<?x32xbf16>, tensor<?x4xbf16>, tensor<32x4xbf16>) -> (tensor<?x4xf32>, tensor<32x4xf32>)
// CHECK-NEXT: return %[[DH]], %[[DW]]
func.func @matmul_indexing_maps(%dz: tensor<?x32xbf16>, %h: tensor<?x4xbf16>, %w: tensor<32x4xbf16>) -> (tensor<?x4xf32>, tensor<32x4xf32>) {
  %c0 = arith.constant 0.0 : f32
  %i0 = arith.constant 0 : index
  %n = tensor.dim %dz, %i0 : tensor<?x32xbf16>
  %e0 = tensor.empty(%n) : tensor<?x4xf32>
  %z0 = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<?x4xf32>) -> tensor<?x4xf32>
  %dh = linalg.matmul ins(%dz, %w : tensor<?x32xbf16>, tensor<32x4xbf16>) outs(%z0 : tensor<?x4xf32>) -> tensor<?x4xf32>
  %e2 = tensor.empty() : tensor<32x4xf32>
  %z2 = linalg.fill ins(%c0 : f32) outs(%e2 : tensor<32x4xf32>) -> tensor<32x4xf32>
  %dw = linalg.matmul indexing_maps = [affine_map<(v, d, n) -> (n, v)>, affine_map<(v, d, n) -> (n, d)>, affine_map<(v, d, n) -> (v, d)>]
      ins(%dz, %h : tensor<?x32xbf16>, tensor<?x4xbf16>) outs(%z2 : tensor<32x4xf32>) -> tensor<32x4xf32>
  return %dh, %dw : tensor<?x4xf32>, tensor<32x4xf32>
}
