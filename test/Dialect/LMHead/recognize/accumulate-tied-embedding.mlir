// Gradient accumulation into an existing gradient: the products start from
// the embedding gradient (tied weights) and the previous dh instead of zero.
// RUN: lmhead-opt %s --lmhead-recognize | FileCheck %s
// RUN: %python %S/../../../Integration/Inputs/check_equivalence.py %s --func=accumulate_tied_embedding --transform=--lmhead-recognize --seed=%seed %mlir_runner_libs | FileCheck %s --check-prefix=EQUIV
// EQUIV: {{^}}EQUIVALENT

// CHECK-LABEL: func.func @accumulate_tied_embedding(
// CHECK-SAME: %[[DZ:[^:]+]]: tensor<8x32xf32>, %[[H:[^:]+]]: tensor<8x4xf32>, %[[W:[^:]+]]: tensor<32x4xf32>, %[[EMB:[^:]+]]: tensor<32x4xf32>, %[[PREV:[^:]+]]: tensor<8x4xf32>
// CHECK-NEXT: %[[DH:.+]], %[[DW:.+]] = lmhead.linear_grad %[[DZ]], %[[H]], %[[W]] accumulate_dh(%[[PREV]]) accumulate_dw(%[[EMB]]) layout(vd)
// CHECK-NEXT: return %[[DH]], %[[DW]]
func.func @accumulate_tied_embedding(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %emb_grad: tensor<32x4xf32>, %prev: tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>) {
  %dh = linalg.matmul ins(%dz, %w : tensor<8x32xf32>, tensor<32x4xf32>) outs(%prev : tensor<8x4xf32>) -> tensor<8x4xf32>
  %dw = linalg.matmul indexing_maps = [affine_map<(v, d, n) -> (n, v)>, affine_map<(v, d, n) -> (n, d)>, affine_map<(v, d, n) -> (v, d)>]
      ins(%dz, %h : tensor<8x32xf32>, tensor<8x4xf32>) outs(%emb_grad : tensor<32x4xf32>) -> tensor<32x4xf32>
  return %dh, %dw : tensor<8x4xf32>, tensor<32x4xf32>
}
