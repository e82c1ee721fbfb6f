// dh = dZ·W as a named matmul; dW = dZᵀ·h as a named matmul of an explicit
// linalg.transpose of dZ (the spelling of torch-mlir's aten.mm lowering).
// RUN: lmhead-opt %s --lmhead-recognize | FileCheck %s
// RUN: %python %S/../../../Integration/Inputs/check_equivalence.py %s --func=named_matmul_transposed_dz --transform=--lmhead-recognize --seed=%seed %mlir_runner_libs | FileCheck %s --check-prefix=EQUIV
// EQUIV: {{^}}EQUIVALENT

// CHECK-LABEL: func.func @named_matmul_transposed_dz(
// CHECK-SAME: %[[DZ:[^:]+]]: tensor<8x32xf32>, %[[H:[^:]+]]: tensor<8x4xf32>, %[[W:[^:]+]]: tensor<32x4xf32>
// CHECK-NEXT: %[[DH:.+]], %[[DW:.+]] = lmhead.linear_grad %[[DZ]], %[[H]], %[[W]] layout(vd) : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
// CHECK-NEXT: return %[[DH]], %[[DW]]
func.func @named_matmul_transposed_dz(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>) {
  %c0 = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<8x4xf32>
  %z0 = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %dh = linalg.matmul ins(%dz, %w : tensor<8x32xf32>, tensor<32x4xf32>) outs(%z0 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %e1 = tensor.empty() : tensor<32x8xf32>
  %dzt = linalg.transpose ins(%dz : tensor<8x32xf32>) outs(%e1 : tensor<32x8xf32>) permutation = [1, 0]
  %e2 = tensor.empty() : tensor<32x4xf32>
  %z2 = linalg.fill ins(%c0 : f32) outs(%e2 : tensor<32x4xf32>) -> tensor<32x4xf32>
  %dw = linalg.matmul ins(%dzt, %h : tensor<32x8xf32>, tensor<8x4xf32>) outs(%z2 : tensor<32x4xf32>) -> tensor<32x4xf32>
  return %dh, %dw : tensor<8x4xf32>, tensor<32x4xf32>
}
