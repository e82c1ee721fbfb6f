// dh = dZ·W as linalg.batch_matmul over [B,S,V] with the weight broadcast
// over the batch (linalg.broadcast), dW = dZᵀ·h over collapsed tokens (the
// way PyTorch differentiates a 3-D × 2-D matmul). The batched product reads
// W directly, its [B,S] becomes one token loop, and the pair is one op.
// RUN: lmhead-opt %s --lmhead-recognize | FileCheck %s
// RUN: %python %S/../../../Integration/Inputs/check_equivalence.py %s --func=batch_matmul_broadcast_weight --transform=--lmhead-recognize --seed=%seed %mlir_runner_libs | FileCheck %s --check-prefix=EQUIV
// EQUIV: {{^}}EQUIVALENT

// CHECK-LABEL: func.func @batch_matmul_broadcast_weight(
// CHECK-SAME: %[[DZ3:[^:]+]]: tensor<2x4x32xf32>, %[[H3:[^:]+]]: tensor<2x4x8xf32>, %[[W:[^:]+]]: tensor<32x8xf32>
// CHECK-NOT: linalg.broadcast
// CHECK-NOT: linalg.batch_matmul
// CHECK: %[[DH:.+]], %[[DW:.+]] = lmhead.linear_grad %{{.+}}, %{{.+}}, %[[W]] layout(vd) : (tensor<8x32xf32>, tensor<8x8xf32>, tensor<32x8xf32>) -> (tensor<8x8xf32>, tensor<32x8xf32>)
// CHECK: %[[DH3:.+]] = tensor.expand_shape %[[DH]]
// CHECK: return %[[DH3]], %[[DW]]
func.func @batch_matmul_broadcast_weight(%dz: tensor<2x4x32xf32>, %h: tensor<2x4x8xf32>, %w: tensor<32x8xf32>) -> (tensor<2x4x8xf32>, tensor<32x8xf32>) {
  %c0 = arith.constant 0.0 : f32
  %eb = tensor.empty() : tensor<2x32x8xf32>
  %wb = linalg.broadcast ins(%w : tensor<32x8xf32>) outs(%eb : tensor<2x32x8xf32>) dimensions = [0]
  %e0 = tensor.empty() : tensor<2x4x8xf32>
  %z0 = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  %dh = linalg.batch_matmul ins(%dz, %wb : tensor<2x4x32xf32>, tensor<2x32x8xf32>) outs(%z0 : tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
  %dz2 = tensor.collapse_shape %dz [[0, 1], [2]] : tensor<2x4x32xf32> into tensor<8x32xf32>
  %h2 = tensor.collapse_shape %h [[0, 1], [2]] : tensor<2x4x8xf32> into tensor<8x8xf32>
  %et = tensor.empty() : tensor<32x8xf32>
  %dzt = linalg.transpose ins(%dz2 : tensor<8x32xf32>) outs(%et : tensor<32x8xf32>) permutation = [1, 0]
  %e1 = tensor.empty() : tensor<32x8xf32>
  %z1 = linalg.fill ins(%c0 : f32) outs(%e1 : tensor<32x8xf32>) -> tensor<32x8xf32>
  %dw = linalg.matmul ins(%dzt, %h2 : tensor<32x8xf32>, tensor<8x8xf32>) outs(%z1 : tensor<32x8xf32>) -> tensor<32x8xf32>
  return %dh, %dw : tensor<2x4x8xf32>, tensor<32x8xf32>
}
