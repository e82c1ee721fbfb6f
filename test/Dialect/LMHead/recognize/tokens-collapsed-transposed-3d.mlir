// Tokens as [B,S] (the JAX/IREE spelling): dW = dZᵀ·h transposes dZ in 3-D
// ([B,S,V] -> [V,B,S]) and collapses it to [V,N]; dh collapses dZ to [N,V]
// only after the dW product. Both read the same collapsed dZ, which moves
// before the first product.
// RUN: lmhead-opt %s --lmhead-recognize | FileCheck %s
// RUN: %python %S/../../../Integration/Inputs/check_equivalence.py %s --func=tokens_collapsed_transposed_3d --transform=--lmhead-recognize --seed=%seed %mlir_runner_libs | FileCheck %s --check-prefix=EQUIV
// EQUIV: {{^}}EQUIVALENT

// CHECK-LABEL: func.func @tokens_collapsed_transposed_3d(
// CHECK-SAME: %[[DZ3:[^:]+]]: tensor<2x4x32xf32>, %[[H3:[^:]+]]: tensor<2x4x4xf32>, %[[W:[^:]+]]: tensor<32x4xf32>
// CHECK-DAG: %[[H:.+]] = tensor.collapse_shape %[[H3]] {{\[}}[0, 1], [2]]
// CHECK-DAG: %[[DZ:.+]] = tensor.collapse_shape %[[DZ3]] {{\[}}[0, 1], [2]]
// CHECK: %[[DH:.+]], %[[DW:.+]] = lmhead.linear_grad %[[DZ]], %[[H]], %[[W]] layout(vd)
// CHECK-NOT: linalg.matmul
// CHECK: return
func.func @tokens_collapsed_transposed_3d(%dz3: tensor<2x4x32xf32>, %h3: tensor<2x4x4xf32>, %w: tensor<32x4xf32>) -> (tensor<2x4x4xf32>, tensor<32x4xf32>) {
  %c0 = arith.constant 0.0 : f32
  %et = tensor.empty() : tensor<32x2x4xf32>
  %dzt3 = linalg.generic {indexing_maps = [affine_map<(v, b, s) -> (b, s, v)>, affine_map<(v, b, s) -> (v, b, s)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%dz3 : tensor<2x4x32xf32>) outs(%et : tensor<32x2x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<32x2x4xf32>
  %dzt = tensor.collapse_shape %dzt3 [[0], [1, 2]] : tensor<32x2x4xf32> into tensor<32x8xf32>
  %h = tensor.collapse_shape %h3 [[0, 1], [2]] : tensor<2x4x4xf32> into tensor<8x4xf32>
  %e2 = tensor.empty() : tensor<32x4xf32>
  %z2 = linalg.fill ins(%c0 : f32) outs(%e2 : tensor<32x4xf32>) -> tensor<32x4xf32>
  %dw = linalg.matmul ins(%dzt, %h : tensor<32x8xf32>, tensor<8x4xf32>) outs(%z2 : tensor<32x4xf32>) -> tensor<32x4xf32>
  %dz = tensor.collapse_shape %dz3 [[0, 1], [2]] : tensor<2x4x32xf32> into tensor<8x32xf32>
  %e0 = tensor.empty() : tensor<8x4xf32>
  %z0 = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %dh = linalg.matmul ins(%dz, %w : tensor<8x32xf32>, tensor<32x4xf32>) outs(%z0 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %dh3 = tensor.expand_shape %dh [[0, 1], [2]] output_shape [2, 4, 4] : tensor<8x4xf32> into tensor<2x4x4xf32>
  return %dh3, %dw : tensor<2x4x4xf32>, tensor<32x4xf32>
}
