// A column sum of the same dZ over tokens is the bias gradient (a reduce
// over tokens, as torch_xla and JAX emit it).
// RUN: lmhead-opt %s --lmhead-recognize | FileCheck %s
// RUN: %python %S/../../../Integration/Inputs/check_equivalence.py %s --func=bias_gradient --transform=--lmhead-recognize --seed=%seed %mlir_runner_libs | FileCheck %s --check-prefix=EQUIV
// EQUIV: {{^}}EQUIVALENT

// CHECK-LABEL: func.func @bias_gradient(
// CHECK-SAME: %[[DZ:[^:]+]]: tensor<8x32xf32>, %[[H:[^:]+]]: tensor<8x4xf32>, %[[W:[^:]+]]: tensor<32x4xf32>
// CHECK-NEXT: %[[DH:.+]], %[[DW:.+]], %[[DB:.+]] = lmhead.linear_grad %[[DZ]], %[[H]], %[[W]] layout(vd) : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>, tensor<32xf32>)
// CHECK-NEXT: return %[[DH]], %[[DW]], %[[DB]]
func.func @bias_gradient(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>, tensor<32xf32>) {
  %c0 = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<8x4xf32>
  %z0 = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %dh = linalg.matmul ins(%dz, %w : tensor<8x32xf32>, tensor<32x4xf32>) outs(%z0 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %e2 = tensor.empty() : tensor<32x4xf32>
  %z2 = linalg.fill ins(%c0 : f32) outs(%e2 : tensor<32x4xf32>) -> tensor<32x4xf32>
  %dw = linalg.matmul indexing_maps = [affine_map<(v, d, n) -> (n, v)>, affine_map<(v, d, n) -> (n, d)>, affine_map<(v, d, n) -> (v, d)>]
      ins(%dz, %h : tensor<8x32xf32>, tensor<8x4xf32>) outs(%z2 : tensor<32x4xf32>) -> tensor<32x4xf32>
  %eb = tensor.empty() : tensor<32xf32>
  %zb = linalg.fill ins(%c0 : f32) outs(%eb : tensor<32xf32>) -> tensor<32xf32>
  %db = linalg.generic {indexing_maps = [affine_map<(v, n) -> (n, v)>, affine_map<(v, n) -> (v)>], iterator_types = ["parallel", "reduction"]}
      ins(%dz : tensor<8x32xf32>) outs(%zb : tensor<32xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  } -> tensor<32xf32>
  return %dh, %dw, %db : tensor<8x4xf32>, tensor<32x4xf32>, tensor<32xf32>
}
