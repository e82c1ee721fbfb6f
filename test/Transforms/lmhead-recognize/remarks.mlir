// Every candidate product gets a remark: passed when rewritten, missed with
// the reason when left alone. Unrelated products are untouched.
// RUN: lmhead-opt %s --lmhead-recognize --remarks-filter=lmhead-recognize --remark-format=emitRemark -verify-diagnostics -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @rewritten(
// CHECK: lmhead.linear_grad
func.func @rewritten(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %acc: tensor<8x4xf32>, %accw: tensor<32x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>) {
  // expected-remark @+1 {{[Passed] LMHeadRecognized | Category:lmhead-recognize | Function=rewritten | Remark="dh = dZ·W and dW = dZᵀ·h rewritten into lmhead.linear_grad (dZ is kept: dZ is neither g − softmax·Σg nor (softmax − onehot)·s)"}}
  %dh = linalg.matmul ins(%dz, %w : tensor<8x32xf32>, tensor<32x4xf32>) outs(%acc : tensor<8x4xf32>) -> tensor<8x4xf32>
  %dw = linalg.matmul indexing_maps = [affine_map<(v, d, n) -> (n, v)>, affine_map<(v, d, n) -> (n, d)>, affine_map<(v, d, n) -> (v, d)>]
      ins(%dz, %h : tensor<8x32xf32>, tensor<8x4xf32>) outs(%accw : tensor<32x4xf32>) -> tensor<32x4xf32>
  return %dh, %dw : tensor<8x4xf32>, tensor<32x4xf32>
}

// -----

// A lone product: no second product shares its left operand.
// CHECK-LABEL: func.func @negative_lone_product(
// CHECK: linalg.matmul
// CHECK-NOT: lmhead.
func.func @negative_lone_product(%a: tensor<8x32xf32>, %b: tensor<32x4xf32>, %c: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // expected-remark @+1 {{not rewritten: no second product shares its logit gradient}}
  %r = linalg.matmul ins(%a, %b : tensor<8x32xf32>, tensor<32x4xf32>) outs(%c : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %r : tensor<8x4xf32>
}

// -----

// Batched products (attention scores) are not LM-head GEMMs.
// CHECK-LABEL: func.func @negative_batched(
// CHECK: linalg.batch_matmul
func.func @negative_batched(%q: tensor<2x8x4xf32>, %k: tensor<2x4x8xf32>, %c: tensor<2x8x8xf32>) -> tensor<2x8x8xf32> {
  // expected-remark @+1 {{not rewritten: it has batch dimensions}}
  %s = linalg.batch_matmul ins(%q, %k : tensor<2x8x4xf32>, tensor<2x4x8xf32>) outs(%c : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  return %s : tensor<2x8x8xf32>
}

// -----

// Two products that share an operand but where h and W have different
// element types cannot be one op.
// CHECK-LABEL: func.func @negative_mixed_element_types(
// CHECK-COUNT-2: linalg.matmul
func.func @negative_mixed_element_types(%dz: tensor<8x32xf32>, %h: tensor<8x4xbf16>, %w: tensor<32x4xf32>, %acc: tensor<8x4xf32>, %accw: tensor<32x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>) {
  // expected-remark @+1 {{not rewritten: dZ, h and W do not share one element type}}
  %dh = linalg.matmul ins(%dz, %w : tensor<8x32xf32>, tensor<32x4xf32>) outs(%acc : tensor<8x4xf32>) -> tensor<8x4xf32>
  // expected-remark @+1 {{not rewritten: dZ, h and W do not share one element type}}
  %dw = linalg.matmul indexing_maps = [affine_map<(v, d, n) -> (n, v)>, affine_map<(v, d, n) -> (n, d)>, affine_map<(v, d, n) -> (v, d)>]
      ins(%dz, %h : tensor<8x32xf32>, tensor<8x4xbf16>) outs(%accw : tensor<32x4xf32>) -> tensor<32x4xf32>
  return %dh, %dw : tensor<8x4xf32>, tensor<32x4xf32>
}
