// The bias gradient as torch-mlir writes it: a column sum of dZ into a
// [1,V] row, starting from zero. When it accumulates in the products'
// accumulator type it becomes the op's db, expanded back to [1,V]
// (@bias_gradient_row). A bf16 dZ summed in bf16 (bf16 autocast,
// @bias_gradient_summed_in_bf16) rounds differently from the op's f32
// accumulation, so that sum stays, with a remark saying why.
// RUN: lmhead-opt %s --lmhead-recognize | FileCheck %s
// RUN: lmhead-opt %s --lmhead-recognize --remarks-filter=lmhead-recognize --remark-format=emitRemark -verify-diagnostics -o /dev/null
// RUN: %python %S/../../../Integration/Inputs/check_equivalence.py %s --func=bias_gradient_row --transform=--lmhead-recognize --seed=%seed %mlir_runner_libs | FileCheck %s --check-prefix=EQUIV
// RUN: %python %S/../../../Integration/Inputs/check_equivalence.py %s --func=bias_gradient_summed_in_bf16 --transform=--lmhead-recognize --tolerance-type=bf16 --seed=%seed %mlir_runner_libs | FileCheck %s --check-prefix=EQUIV
// EQUIV: {{^}}EQUIVALENT

#id = affine_map<(n, v) -> (n, v)>
#row = affine_map<(n, v) -> (0, v)>

// CHECK-LABEL: func.func @bias_gradient_row(
// CHECK-SAME: %[[DZ:[^:]+]]: tensor<8x32xf32>, %[[H:[^:]+]]: tensor<8x4xf32>, %[[W:[^:]+]]: tensor<32x4xf32>
// CHECK-NEXT: %[[DH:.+]], %[[DW:.+]], %[[DB:.+]] = lmhead.linear_grad %[[DZ]], %[[H]], %[[W]] layout(vd) : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>, tensor<32xf32>)
// CHECK-NEXT: %[[ROW:.+]] = tensor.expand_shape %[[DB]] {{\[\[}}0, 1]] output_shape [1, 32] : tensor<32xf32> into tensor<1x32xf32>
// CHECK-NEXT: return %[[DH]], %[[DW]], %[[ROW]]
func.func @bias_gradient_row(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>, tensor<1x32xf32>) {
  %c0 = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<8x4xf32>
  %z0 = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<8x4xf32>) -> tensor<8x4xf32>
  // expected-remark @+1 {{dh = dZ*W, dW = dZ^T*h and db = sum dZ rewritten into lmhead.linear_grad}}
  %dh = linalg.matmul ins(%dz, %w : tensor<8x32xf32>, tensor<32x4xf32>) outs(%z0 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %e2 = tensor.empty() : tensor<32x4xf32>
  %z2 = linalg.fill ins(%c0 : f32) outs(%e2 : tensor<32x4xf32>) -> tensor<32x4xf32>
  %dw = linalg.matmul indexing_maps = [affine_map<(v, d, n) -> (n, v)>, affine_map<(v, d, n) -> (n, d)>, affine_map<(v, d, n) -> (v, d)>]
      ins(%dz, %h : tensor<8x32xf32>, tensor<8x4xf32>) outs(%z2 : tensor<32x4xf32>) -> tensor<32x4xf32>
  %eb = tensor.empty() : tensor<1x32xf32>
  %zb = linalg.fill ins(%c0 : f32) outs(%eb : tensor<1x32xf32>) -> tensor<1x32xf32>
  %db = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["reduction", "parallel"]}
      ins(%dz : tensor<8x32xf32>) outs(%zb : tensor<1x32xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  } -> tensor<1x32xf32>
  return %dh, %dw, %db : tensor<8x4xf32>, tensor<32x4xf32>, tensor<1x32xf32>
}

// CHECK-LABEL: func.func @bias_gradient_summed_in_bf16(
// CHECK: lmhead.linear_grad {{.*}} -> (tensor<8x4xf32>, tensor<32x4xf32>)
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<8x32xbf16>) outs(%{{.*}} : tensor<1x32xbf16>)
func.func @bias_gradient_summed_in_bf16(%dz: tensor<8x32xbf16>, %h: tensor<8x4xbf16>, %w: tensor<32x4xbf16>) -> (tensor<8x4xf32>, tensor<32x4xf32>, tensor<1x32xbf16>) {
  %c0 = arith.constant 0.0 : f32
  %c0b = arith.constant 0.0 : bf16
  %e0 = tensor.empty() : tensor<8x4xf32>
  %z0 = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<8x4xf32>) -> tensor<8x4xf32>
  // expected-remark @+1 {{dh = dZ*W and dW = dZ^T*h rewritten into lmhead.linear_grad}}
  %dh = linalg.matmul ins(%dz, %w : tensor<8x32xbf16>, tensor<32x4xbf16>) outs(%z0 : tensor<8x4xf32>) -> tensor<8x4xf32>
  %e2 = tensor.empty() : tensor<32x4xf32>
  %z2 = linalg.fill ins(%c0 : f32) outs(%e2 : tensor<32x4xf32>) -> tensor<32x4xf32>
  %dw = linalg.matmul indexing_maps = [affine_map<(v, d, n) -> (n, v)>, affine_map<(v, d, n) -> (n, d)>, affine_map<(v, d, n) -> (v, d)>]
      ins(%dz, %h : tensor<8x32xbf16>, tensor<8x4xbf16>) outs(%z2 : tensor<32x4xf32>) -> tensor<32x4xf32>
  %eb = tensor.empty() : tensor<1x32xbf16>
  %zb = linalg.fill ins(%c0b : bf16) outs(%eb : tensor<1x32xbf16>) -> tensor<1x32xbf16>
  // expected-remark @+1 {{not folded into the lmhead op: this bias gradient sum dZ accumulates in bf16 where the lmhead op accumulates in f32, so it stays as it is}}
  %db = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["reduction", "parallel"]}
      ins(%dz : tensor<8x32xbf16>) outs(%zb : tensor<1x32xbf16>) {
  ^bb0(%x: bf16, %acc: bf16):
    %s = arith.addf %x, %acc : bf16
    linalg.yield %s : bf16
  } -> tensor<1x32xbf16>
  return %dh, %dw, %db : tensor<8x4xf32>, tensor<32x4xf32>, tensor<1x32xbf16>
}
