// Every candidate product gets a remark: passed when rewritten, missed with
// the reason when left alone. Unrelated products are untouched, and every
// function computes what it did.
// RUN: lmhead-opt %s --lmhead-recognize --remarks-filter=lmhead-recognize --remark-format=emitRemark -verify-diagnostics -split-input-file | FileCheck %s
// RUN: %python %S/../../../Integration/Inputs/check_equivalence.py %s --split-input-file --func=rewritten --transform=--lmhead-recognize --seed=%seed %mlir_runner_libs | FileCheck %s --check-prefix=EQUIV
// RUN: %python %S/../../../Integration/Inputs/check_equivalence.py %s --split-input-file --func=negative_lone_product --transform=--lmhead-recognize --seed=%seed %mlir_runner_libs | FileCheck %s --check-prefix=EQUIV
// RUN: %python %S/../../../Integration/Inputs/check_equivalence.py %s --split-input-file --func=negative_batched --transform=--lmhead-recognize --seed=%seed %mlir_runner_libs | FileCheck %s --check-prefix=EQUIV
// RUN: %python %S/../../../Integration/Inputs/check_equivalence.py %s --split-input-file --func=negative_mixed_element_types --transform=--lmhead-recognize --seed=%seed %mlir_runner_libs | FileCheck %s --check-prefix=EQUIV
// RUN: %python %S/../../../Integration/Inputs/check_equivalence.py %s --split-input-file --func=negative_shifted_one_hot --transform=--lmhead-recognize --label-range=32 --seed=%seed %mlir_runner_libs | FileCheck %s --check-prefix=EQUIV
// EQUIV: {{^}}EQUIVALENT

// CHECK-LABEL: func.func @rewritten(
// CHECK: lmhead.linear_grad
func.func @rewritten(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %acc: tensor<8x4xf32>, %accw: tensor<32x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>) {
  // expected-remark @+1 {{[Passed] LMHeadRecognized | Category:lmhead-recognize | Function=rewritten | Remark="dh = dZ*W and dW = dZ^T*h rewritten into lmhead.linear_grad (dZ is kept: dZ is neither g - softmax*sum(g), (softmax - onehot)*s nor softmax*s - onehot*s)"}}
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

// -----

// A softmax minus something that is not the labels' one-hot (here the
// column after the label) is not a cross-entropy; a lone product of it is
// left alone.
// CHECK-LABEL: func.func @negative_shifted_one_hot(
// CHECK-NOT: lmhead.
#nv = affine_map<(n, v) -> (n, v)>
#n = affine_map<(n, v) -> (n)>
#id1 = affine_map<(n) -> (n)>
#to0 = affine_map<(n) -> ()>
func.func @negative_shifted_one_hot(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi32>) -> tensor<8x4xf32> {
  %c0 = arith.constant 0.0 : f32
  %c1 = arith.constant 1.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %ignore = arith.constant -1 : i32
  %e_nv = tensor.empty() : tensor<8x32xf32>
  %zero_nv = linalg.fill ins(%c0 : f32) outs(%e_nv : tensor<8x32xf32>) -> tensor<8x32xf32>
  // The forward product h·Wᵀ is a lone product too.
  // expected-remark @+1 {{not rewritten: no second product shares its logit gradient}}
  %z = linalg.matmul indexing_maps = [affine_map<(n, v, d) -> (n, d)>, affine_map<(n, v, d) -> (v, d)>, affine_map<(n, v, d) -> (n, v)>]
      ins(%h, %w : tensor<8x4xf32>, tensor<32x4xf32>) outs(%zero_nv : tensor<8x32xf32>) -> tensor<8x32xf32>
  %e_n = tensor.empty() : tensor<8xf32>
  %ninf_n = linalg.fill ins(%ninf : f32) outs(%e_n : tensor<8xf32>) -> tensor<8xf32>
  %m = linalg.generic {indexing_maps = [#nv, #n], iterator_types = ["parallel", "reduction"]} ins(%z : tensor<8x32xf32>) outs(%ninf_n : tensor<8xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %r = arith.maximumf %x, %acc : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %ex = linalg.generic {indexing_maps = [#nv, #n, #nv], iterator_types = ["parallel", "parallel"]} ins(%z, %m : tensor<8x32xf32>, tensor<8xf32>) outs(%e_nv : tensor<8x32xf32>) {
  ^bb0(%x: f32, %mx: f32, %o: f32):
    %s = arith.subf %x, %mx : f32
    %r = math.exp %s : f32
    linalg.yield %r : f32
  } -> tensor<8x32xf32>
  %zero_n = linalg.fill ins(%c0 : f32) outs(%e_n : tensor<8xf32>) -> tensor<8xf32>
  %sum = linalg.generic {indexing_maps = [#nv, #n], iterator_types = ["parallel", "reduction"]} ins(%ex : tensor<8x32xf32>) outs(%zero_n : tensor<8xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %r = arith.addf %x, %acc : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %e_s = tensor.empty() : tensor<f32>
  %zero_s = linalg.fill ins(%c0 : f32) outs(%e_s : tensor<f32>) -> tensor<f32>
  %count = linalg.generic {indexing_maps = [#id1, #to0], iterator_types = ["reduction"]} ins(%y : tensor<8xi32>) outs(%zero_s : tensor<f32>) {
  ^bb0(%l: i32, %acc: f32):
    %valid = arith.cmpi ne, %l, %ignore : i32
    %one = arith.uitofp %valid : i1 to f32
    %r = arith.addf %acc, %one : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  %dz = linalg.generic {indexing_maps = [#nv, #n, #n, affine_map<(n, v) -> ()>, #nv], iterator_types = ["parallel", "parallel"]}
      ins(%ex, %sum, %y, %count : tensor<8x32xf32>, tensor<8xf32>, tensor<8xi32>, tensor<f32>) outs(%e_nv : tensor<8x32xf32>) {
  ^bb0(%e: f32, %s: f32, %l: i32, %cnt: f32, %o: f32):
    %p = arith.divf %e, %s : f32
    %v = linalg.index 1 : index
    %li = arith.index_cast %l : i32 to index
    %one_i = arith.constant 1 : index
    %next = arith.addi %li, %one_i : index
    %hit = arith.cmpi eq, %next, %v : index
    %oh = arith.select %hit, %c1, %c0 : f32
    %d = arith.subf %p, %oh : f32
    %valid = arith.cmpi ne, %l, %ignore : i32
    %inv = arith.divf %c1, %cnt : f32
    %scale = arith.select %valid, %inv, %c0 : f32
    %r = arith.mulf %d, %scale : f32
    linalg.yield %r : f32
  } -> tensor<8x32xf32>
  %e_nd = tensor.empty() : tensor<8x4xf32>
  %zero_nd = linalg.fill ins(%c0 : f32) outs(%e_nd : tensor<8x4xf32>) -> tensor<8x4xf32>
  // expected-remark @+1 {{not rewritten: no second product shares its logit gradient and softmax - x with x not a one-hot of the labels, so it is not known to be an LM head}}
  %dh = linalg.matmul ins(%dz, %w : tensor<8x32xf32>, tensor<32x4xf32>) outs(%zero_nd : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %dh : tensor<8x4xf32>
}
