// Tied embeddings and gradient accumulation as frontends often write them:
// the products start from zero and their result is then added to the
// other gradient. When that gradient exists before the products, the sum
// becomes accumulate-into (@added_embedding_gradient). When it is computed
// from dh afterwards, as a tied embedding gradient in a whole training step
// is (@added_later_gradient), the sum stays, with a remark saying why.
// RUN: lmhead-opt %s --lmhead-recognize | FileCheck %s
// RUN: lmhead-opt %s --lmhead-recognize --remarks-filter=lmhead-recognize --remark-format=emitRemark -verify-diagnostics -o /dev/null
// RUN: %python %S/../../../Integration/Inputs/check_equivalence.py %s --func=added_embedding_gradient --transform=--lmhead-recognize --seed=%seed %mlir_runner_libs | FileCheck %s --check-prefix=EQUIV
// RUN: %python %S/../../../Integration/Inputs/check_equivalence.py %s --func=added_later_gradient --transform=--lmhead-recognize --seed=%seed %mlir_runner_libs | FileCheck %s --check-prefix=EQUIV
// EQUIV: {{^}}EQUIVALENT

#id = affine_map<(i, j) -> (i, j)>

// CHECK-LABEL: func.func @added_embedding_gradient(
// CHECK-SAME: %[[DZ:[^:]+]]: tensor<8x32xf32>, %[[H:[^:]+]]: tensor<8x4xf32>, %[[W:[^:]+]]: tensor<32x4xf32>, %[[EMB:[^:]+]]: tensor<32x4xf32>
// CHECK: %[[DH:.+]], %[[DW:.+]] = lmhead.linear_grad %[[DZ]], %[[H]], %[[W]] accumulate_dw(%[[EMB]]) layout(vd)
// CHECK-NOT: linalg.generic
// CHECK: return %[[DH]], %[[DW]]
func.func @added_embedding_gradient(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %emb_grad: tensor<32x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %e_nd = tensor.empty() : tensor<8x4xf32>
  %zero_nd = linalg.fill ins(%zero : f32) outs(%e_nd : tensor<8x4xf32>) -> tensor<8x4xf32>
  %e_vd = tensor.empty() : tensor<32x4xf32>
  %zero_vd = linalg.fill ins(%zero : f32) outs(%e_vd : tensor<32x4xf32>) -> tensor<32x4xf32>
  // expected-remark @+1 {{dh = dZ*W and dW = dZ^T*h rewritten into lmhead.linear_grad}}
  %dh = linalg.matmul ins(%dz, %w : tensor<8x32xf32>, tensor<32x4xf32>) outs(%zero_nd : tensor<8x4xf32>) -> tensor<8x4xf32>
  %dzt_e = tensor.empty() : tensor<32x8xf32>
  %dzt = linalg.transpose ins(%dz : tensor<8x32xf32>) outs(%dzt_e : tensor<32x8xf32>) permutation = [1, 0]
  %dw = linalg.matmul ins(%dzt, %h : tensor<32x8xf32>, tensor<8x4xf32>) outs(%zero_vd : tensor<32x4xf32>) -> tensor<32x4xf32>
  %sum = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%dw, %emb_grad : tensor<32x4xf32>, tensor<32x4xf32>) outs(%e_vd : tensor<32x4xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %r = arith.addf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<32x4xf32>
  return %dh, %sum : tensor<8x4xf32>, tensor<32x4xf32>
}

// The embedding gradient here is dh scattered back to the rows of the
// tokens' ids (here: the first 8 rows), so it needs dh first.
// CHECK-LABEL: func.func @added_later_gradient(
// CHECK: %[[DH:.+]], %[[DW:.+]] = lmhead.linear_grad
// CHECK-NOT: accumulate_dw
// CHECK: %[[EMB:.+]] = tensor.insert_slice %[[DH]]
// CHECK: linalg.generic {{.*}} ins(%[[DW]], %[[EMB]] :
func.func @added_later_gradient(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>) -> (tensor<32x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %e_nd = tensor.empty() : tensor<8x4xf32>
  %zero_nd = linalg.fill ins(%zero : f32) outs(%e_nd : tensor<8x4xf32>) -> tensor<8x4xf32>
  %e_vd = tensor.empty() : tensor<32x4xf32>
  %zero_vd = linalg.fill ins(%zero : f32) outs(%e_vd : tensor<32x4xf32>) -> tensor<32x4xf32>
  // expected-remark @+1 {{dh = dZ*W and dW = dZ^T*h rewritten into lmhead.linear_grad}}
  %dh = linalg.matmul ins(%dz, %w : tensor<8x32xf32>, tensor<32x4xf32>) outs(%zero_nd : tensor<8x4xf32>) -> tensor<8x4xf32>
  %dzt_e = tensor.empty() : tensor<32x8xf32>
  %dzt = linalg.transpose ins(%dz : tensor<8x32xf32>) outs(%dzt_e : tensor<32x8xf32>) permutation = [1, 0]
  %dw = linalg.matmul ins(%dzt, %h : tensor<32x8xf32>, tensor<8x4xf32>) outs(%zero_vd : tensor<32x4xf32>) -> tensor<32x4xf32>
  %emb_grad = tensor.insert_slice %dh into %zero_vd[0, 0] [8, 4] [1, 1] : tensor<8x4xf32> into tensor<32x4xf32>
  // expected-remark @+1 {{not accumulated into: this sum adds an lmhead gradient to a value computed after the lmhead op}}
  %sum = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%dw, %emb_grad : tensor<32x4xf32>, tensor<32x4xf32>) outs(%e_vd : tensor<32x4xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %r = arith.addf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<32x4xf32>
  return %sum : tensor<32x4xf32>
}
