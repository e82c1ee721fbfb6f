// The fused cross-entropy backward with a dynamic token count: recognised
// the same way, with [?] lse and gradients.
// RUN: lmhead-opt %s --lmhead-recognize | FileCheck %s --implicit-check-not="tensor<?x32x"
// RUN: %python %S/../../../Integration/Inputs/check_equivalence.py %s --func=softmax_minus_onehot_dynamic --transform=--lmhead-recognize --label-range=32 --ignore-index=-1 --dynamic-sizes=13 --seed=%seed %mlir_runner_libs | FileCheck %s --check-prefix=EQUIV
// EQUIV: {{^}}EQUIVALENT

// CHECK-LABEL: func.func @softmax_minus_onehot_dynamic(
// CHECK: %{{.+}}, %[[LSE:.+]] = lmhead.ce_linear_fwd {{.*}} -> (tensor<f32>, tensor<?xf32>)
// CHECK: lmhead.ce_linear_grad {{.*}}, %[[LSE]], {{.*}} -> (tensor<?x4xf32>, tensor<32x4xf32>)

#nv = affine_map<(n, v) -> (n, v)>
#n = affine_map<(n, v) -> (n)>
#id1 = affine_map<(n) -> (n)>
#to0 = affine_map<(n) -> ()>
func.func @softmax_minus_onehot_dynamic(%h: tensor<?x4xf32>, %w: tensor<32x4xf32>, %y: tensor<?xi32>) -> (tensor<?x4xf32>, tensor<32x4xf32>) {
  %c0 = arith.constant 0.0 : f32
  %i0 = arith.constant 0 : index
  %n = tensor.dim %h, %i0 : tensor<?x4xf32>
  %c1 = arith.constant 1.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %ignore = arith.constant -1 : i32
  %e_nv = tensor.empty(%n) : tensor<?x32xf32>
  %zero_nv = linalg.fill ins(%c0 : f32) outs(%e_nv : tensor<?x32xf32>) -> tensor<?x32xf32>
  %z = linalg.matmul indexing_maps = [affine_map<(n, v, d) -> (n, d)>, affine_map<(n, v, d) -> (v, d)>, affine_map<(n, v, d) -> (n, v)>]
      ins(%h, %w : tensor<?x4xf32>, tensor<32x4xf32>) outs(%zero_nv : tensor<?x32xf32>) -> tensor<?x32xf32>
  %e_n = tensor.empty(%n) : tensor<?xf32>
  %ninf_n = linalg.fill ins(%ninf : f32) outs(%e_n : tensor<?xf32>) -> tensor<?xf32>
  %m = linalg.generic {indexing_maps = [#nv, #n], iterator_types = ["parallel", "reduction"]} ins(%z : tensor<?x32xf32>) outs(%ninf_n : tensor<?xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %r = arith.maximumf %x, %acc : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %ex = linalg.generic {indexing_maps = [#nv, #n, #nv], iterator_types = ["parallel", "parallel"]} ins(%z, %m : tensor<?x32xf32>, tensor<?xf32>) outs(%e_nv : tensor<?x32xf32>) {
  ^bb0(%x: f32, %mx: f32, %o: f32):
    %s = arith.subf %x, %mx : f32
    %r = math.exp %s : f32
    linalg.yield %r : f32
  } -> tensor<?x32xf32>
  %zero_n = linalg.fill ins(%c0 : f32) outs(%e_n : tensor<?xf32>) -> tensor<?xf32>
  %sum = linalg.generic {indexing_maps = [#nv, #n], iterator_types = ["parallel", "reduction"]} ins(%ex : tensor<?x32xf32>) outs(%zero_n : tensor<?xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %r = arith.addf %x, %acc : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %e_s = tensor.empty() : tensor<f32>
  %zero_s = linalg.fill ins(%c0 : f32) outs(%e_s : tensor<f32>) -> tensor<f32>
  %count = linalg.generic {indexing_maps = [#id1, #to0], iterator_types = ["reduction"]} ins(%y : tensor<?xi32>) outs(%zero_s : tensor<f32>) {
  ^bb0(%l: i32, %acc: f32):
    %valid = arith.cmpi ne, %l, %ignore : i32
    %one = arith.uitofp %valid : i1 to f32
    %r = arith.addf %acc, %one : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  %dz = linalg.generic {indexing_maps = [#nv, #n, #n, affine_map<(n, v) -> ()>, #nv], iterator_types = ["parallel", "parallel"]}
      ins(%ex, %sum, %y, %count : tensor<?x32xf32>, tensor<?xf32>, tensor<?xi32>, tensor<f32>) outs(%e_nv : tensor<?x32xf32>) {
  ^bb0(%e: f32, %s: f32, %l: i32, %cnt: f32, %o: f32):
    %p = arith.divf %e, %s : f32
    %v = linalg.index 1 : index
    %li = arith.index_cast %l : i32 to index
    %hit = arith.cmpi eq, %li, %v : index
    %oh = arith.select %hit, %c1, %c0 : f32
    %d = arith.subf %p, %oh : f32
    %valid = arith.cmpi ne, %l, %ignore : i32
    %inv = arith.divf %c1, %cnt : f32
    %scale = arith.select %valid, %inv, %c0 : f32
    %r = arith.mulf %d, %scale : f32
    linalg.yield %r : f32
  } -> tensor<?x32xf32>
  %e_vd = tensor.empty() : tensor<32x4xf32>
  %zero_vd = linalg.fill ins(%c0 : f32) outs(%e_vd : tensor<32x4xf32>) -> tensor<32x4xf32>
  %dw = linalg.matmul indexing_maps = [affine_map<(v, d, n) -> (n, v)>, affine_map<(v, d, n) -> (n, d)>, affine_map<(v, d, n) -> (v, d)>]
      ins(%dz, %h : tensor<?x32xf32>, tensor<?x4xf32>) outs(%zero_vd : tensor<32x4xf32>) -> tensor<32x4xf32>
  %e_nd = tensor.empty(%n) : tensor<?x4xf32>
  %zero_nd = linalg.fill ins(%c0 : f32) outs(%e_nd : tensor<?x4xf32>) -> tensor<?x4xf32>
  %dh = linalg.matmul ins(%dz, %w : tensor<?x32xf32>, tensor<32x4xf32>) outs(%zero_nd : tensor<?x4xf32>) -> tensor<?x4xf32>
  return %dh, %dw : tensor<?x4xf32>, tensor<32x4xf32>
}
