// Loss options recognised by what the logit gradient computes
// (CrossEntropyByValue.cpp), on hand-written graphs in the shape of the
// fused spelling (dZ = (softmax - target)*s with the one-hot by comparison):
// a logit soft-cap, label smoothing, a z-loss and reduction="sum" each
// become one ce_linear_fwd and one ce_linear_grad carrying the option, and
// compute what the original computes on the CPU. Smoothing toward a
// non-uniform prior and a sum over part of the tokens are not
// cross-entropies of the ops and stay as they were.
// RUN: lmhead-opt %s --split-input-file --lmhead-recognize | FileCheck %s
// RUN: %python %S/../../../Integration/Inputs/check_equivalence.py %s --split-input-file --func=softcap --transform=--lmhead-recognize --label-range=32 --seed=%seed %mlir_runner_libs | FileCheck %s --check-prefix=EQUIV
// RUN: %python %S/../../../Integration/Inputs/check_equivalence.py %s --split-input-file --func=label_smoothing --transform=--lmhead-recognize --label-range=32 --seed=%seed %mlir_runner_libs | FileCheck %s --check-prefix=EQUIV
// RUN: %python %S/../../../Integration/Inputs/check_equivalence.py %s --split-input-file --func=z_loss --transform=--lmhead-recognize --label-range=32 --seed=%seed %mlir_runner_libs | FileCheck %s --check-prefix=EQUIV
// RUN: %python %S/../../../Integration/Inputs/check_equivalence.py %s --split-input-file --func=sum_reduction --transform=--lmhead-recognize --label-range=32 --seed=%seed %mlir_runner_libs | FileCheck %s --check-prefix=EQUIV
// RUN: %python %S/../../../Integration/Inputs/check_equivalence.py %s --split-input-file --func=negative_nonuniform_prior --transform=--lmhead-recognize --label-range=32 --seed=%seed %mlir_runner_libs | FileCheck %s --check-prefix=EQUIV
// RUN: %python %S/../../../Integration/Inputs/check_equivalence.py %s --split-input-file --func=negative_partial_sum --transform=--lmhead-recognize --label-range=32 --seed=%seed %mlir_runner_libs | FileCheck %s --check-prefix=EQUIV
// RUN: %python %S/../../../Integration/Inputs/check_equivalence.py %s --split-input-file --func=named_reduce_map --transform=--lmhead-recognize --label-range=32 --seed=%seed %mlir_runner_libs | FileCheck %s --check-prefix=EQUIV
// RUN: %python %S/../../../Integration/Inputs/check_equivalence.py %s --split-input-file --func=negative_softcap_after_loss --transform=--lmhead-recognize --label-range=32 --seed=%seed %mlir_runner_libs | FileCheck %s --check-prefix=EQUIV
// RUN: %python %S/../../../Integration/Inputs/check_equivalence.py %s --split-input-file --func=negative_z_loss_of_other_logits --transform=--lmhead-recognize --label-range=32 --seed=%seed %mlir_runner_libs | FileCheck %s --check-prefix=EQUIV
// EQUIV: {{^}}EQUIVALENT

// Gemma-2's logit soft-cap z' = 30*tanh(z/30) before the softmax: dZ has
// the cap's derivative 1 - tanh(z/30)^2 as a factor.
// CHECK-LABEL: func.func @softcap(
// CHECK: lmhead.ce_linear_fwd {{.*}} layout(vd) reduction(mean) {logit_softcap = 3.000000e+01 : f64}
// CHECK: lmhead.ce_linear_grad {{.*}} layout(vd) reduction(sum) {logit_softcap = 3.000000e+01 : f64}

#nv = affine_map<(n, v) -> (n, v)>
#n = affine_map<(n, v) -> (n)>
#id1 = affine_map<(n) -> (n)>
#to0 = affine_map<(n) -> ()>
func.func @softcap(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi32>) -> (tensor<8x4xf32>, tensor<32x4xf32>) {
  %c0 = arith.constant 0.0 : f32
  %c1 = arith.constant 1.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %ignore = arith.constant -100 : i32
  %e_nv = tensor.empty() : tensor<8x32xf32>
  %zero_nv = linalg.fill ins(%c0 : f32) outs(%e_nv : tensor<8x32xf32>) -> tensor<8x32xf32>
  %z0 = linalg.matmul indexing_maps = [affine_map<(n, v, d) -> (n, d)>, affine_map<(n, v, d) -> (v, d)>, affine_map<(n, v, d) -> (n, v)>]
      ins(%h, %w : tensor<8x4xf32>, tensor<32x4xf32>) outs(%zero_nv : tensor<8x32xf32>) -> tensor<8x32xf32>
  %z = linalg.generic {indexing_maps = [#nv, #nv], iterator_types = ["parallel", "parallel"]} ins(%z0 : tensor<8x32xf32>) outs(%e_nv : tensor<8x32xf32>) {
  ^bb0(%x: f32, %o: f32):
    %cap = arith.constant 30.0 : f32
    %q = arith.divf %x, %cap : f32
    %t = math.tanh %q : f32
    %r = arith.mulf %t, %cap : f32
    linalg.yield %r : f32
  } -> tensor<8x32xf32>
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
  %dz = linalg.generic {indexing_maps = [#nv, #n, #n, #n, affine_map<(n, v) -> ()>, #nv, #nv], iterator_types = ["parallel", "parallel"]}
      ins(%ex, %sum, %m, %y, %count, %z0 : tensor<8x32xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xi32>, tensor<f32>, tensor<8x32xf32>) outs(%e_nv : tensor<8x32xf32>) {
  ^bb0(%e: f32, %s: f32, %mx: f32, %l: i32, %cnt: f32, %raw: f32, %o: f32):
    %p = arith.divf %e, %s : f32
    %v = linalg.index 1 : index
    %li = arith.index_cast %l : i32 to index
    %hit = arith.cmpi eq, %li, %v : index
    %oh = arith.select %hit, %c1, %c0 : f32
    %valid = arith.cmpi ne, %l, %ignore : i32
    %inv = arith.divf %c1, %cnt : f32
    %scale = arith.select %valid, %inv, %c0 : f32
    %d = arith.subf %p, %oh : f32
    %cap = arith.constant 30.0 : f32
    %q = arith.divf %raw, %cap : f32
    %t = math.tanh %q : f32
    %t2 = arith.mulf %t, %t : f32
    %dcap = arith.subf %c1, %t2 : f32
    %ds = arith.mulf %d, %scale : f32
    %r = arith.mulf %ds, %dcap : f32
    linalg.yield %r : f32
  } -> tensor<8x32xf32>
  %e_vd = tensor.empty() : tensor<32x4xf32>
  %zero_vd = linalg.fill ins(%c0 : f32) outs(%e_vd : tensor<32x4xf32>) -> tensor<32x4xf32>
  %dw = linalg.matmul indexing_maps = [affine_map<(v, d, n) -> (n, v)>, affine_map<(v, d, n) -> (n, d)>, affine_map<(v, d, n) -> (v, d)>]
      ins(%dz, %h : tensor<8x32xf32>, tensor<8x4xf32>) outs(%zero_vd : tensor<32x4xf32>) -> tensor<32x4xf32>
  %e_nd = tensor.empty() : tensor<8x4xf32>
  %zero_nd = linalg.fill ins(%c0 : f32) outs(%e_nd : tensor<8x4xf32>) -> tensor<8x4xf32>
  %dh = linalg.matmul ins(%dz, %w : tensor<8x32xf32>, tensor<32x4xf32>) outs(%zero_nd : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %dh, %dw : tensor<8x4xf32>, tensor<32x4xf32>
}

// -----

// PyTorch's label smoothing 0.1 written out: the target distribution is
// 0.9*onehot + 0.1/V.
// CHECK-LABEL: func.func @label_smoothing(
// CHECK: lmhead.ce_linear_fwd {{.*}} layout(vd) reduction(mean) {label_smoothing = 1.000000e-01 : f64}
// CHECK: lmhead.ce_linear_grad {{.*}} layout(vd) reduction(sum) {label_smoothing = 1.000000e-01 : f64}

#nv = affine_map<(n, v) -> (n, v)>
#n = affine_map<(n, v) -> (n)>
#id1 = affine_map<(n) -> (n)>
#to0 = affine_map<(n) -> ()>
func.func @label_smoothing(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi32>) -> (tensor<8x4xf32>, tensor<32x4xf32>) {
  %c0 = arith.constant 0.0 : f32
  %c1 = arith.constant 1.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %ignore = arith.constant -100 : i32
  %e_nv = tensor.empty() : tensor<8x32xf32>
  %zero_nv = linalg.fill ins(%c0 : f32) outs(%e_nv : tensor<8x32xf32>) -> tensor<8x32xf32>
  %z0 = linalg.matmul indexing_maps = [affine_map<(n, v, d) -> (n, d)>, affine_map<(n, v, d) -> (v, d)>, affine_map<(n, v, d) -> (n, v)>]
      ins(%h, %w : tensor<8x4xf32>, tensor<32x4xf32>) outs(%zero_nv : tensor<8x32xf32>) -> tensor<8x32xf32>
  %z = linalg.generic {indexing_maps = [#nv, #nv], iterator_types = ["parallel", "parallel"]} ins(%z0 : tensor<8x32xf32>) outs(%e_nv : tensor<8x32xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<8x32xf32>
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
  %dz = linalg.generic {indexing_maps = [#nv, #n, #n, #n, affine_map<(n, v) -> ()>, #nv, #nv], iterator_types = ["parallel", "parallel"]}
      ins(%ex, %sum, %m, %y, %count, %z0 : tensor<8x32xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xi32>, tensor<f32>, tensor<8x32xf32>) outs(%e_nv : tensor<8x32xf32>) {
  ^bb0(%e: f32, %s: f32, %mx: f32, %l: i32, %cnt: f32, %raw: f32, %o: f32):
    %p = arith.divf %e, %s : f32
    %v = linalg.index 1 : index
    %li = arith.index_cast %l : i32 to index
    %hit = arith.cmpi eq, %li, %v : index
    %oh = arith.select %hit, %c1, %c0 : f32
    %valid = arith.cmpi ne, %l, %ignore : i32
    %inv = arith.divf %c1, %cnt : f32
    %scale = arith.select %valid, %inv, %c0 : f32
    %eps = arith.constant 0.1 : f32
    %keep = arith.constant 0.9 : f32
    %vv = arith.constant 32.0 : f32
    %u = arith.divf %eps, %vv : f32
    %a = arith.mulf %oh, %keep : f32
    %t = arith.addf %a, %u : f32
    %d = arith.subf %p, %t : f32
    %r = arith.mulf %d, %scale : f32
    linalg.yield %r : f32
  } -> tensor<8x32xf32>
  %e_vd = tensor.empty() : tensor<32x4xf32>
  %zero_vd = linalg.fill ins(%c0 : f32) outs(%e_vd : tensor<32x4xf32>) -> tensor<32x4xf32>
  %dw = linalg.matmul indexing_maps = [affine_map<(v, d, n) -> (n, v)>, affine_map<(v, d, n) -> (n, d)>, affine_map<(v, d, n) -> (v, d)>]
      ins(%dz, %h : tensor<8x32xf32>, tensor<8x4xf32>) outs(%zero_vd : tensor<32x4xf32>) -> tensor<32x4xf32>
  %e_nd = tensor.empty() : tensor<8x4xf32>
  %zero_nd = linalg.fill ins(%c0 : f32) outs(%e_nd : tensor<8x4xf32>) -> tensor<8x4xf32>
  %dh = linalg.matmul ins(%dz, %w : tensor<8x32xf32>, tensor<32x4xf32>) outs(%zero_nd : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %dh, %dw : tensor<8x4xf32>, tensor<32x4xf32>
}

// -----

// A PaLM z-loss 1e-4*lse^2 per token: the softmax term of dZ grows by
// 1 + 2e-4*lse, lse = m + log(sum of exp(z - m)).
// CHECK-LABEL: func.func @z_loss(
// CHECK: lmhead.ce_linear_fwd {{.*}} layout(vd) reduction(mean) {z_loss_weight = 1.000000e-04 : f64}
// CHECK: lmhead.ce_linear_grad {{.*}} layout(vd) reduction(sum) {z_loss_weight = 1.000000e-04 : f64}

#nv = affine_map<(n, v) -> (n, v)>
#n = affine_map<(n, v) -> (n)>
#id1 = affine_map<(n) -> (n)>
#to0 = affine_map<(n) -> ()>
func.func @z_loss(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi32>) -> (tensor<8x4xf32>, tensor<32x4xf32>) {
  %c0 = arith.constant 0.0 : f32
  %c1 = arith.constant 1.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %ignore = arith.constant -100 : i32
  %e_nv = tensor.empty() : tensor<8x32xf32>
  %zero_nv = linalg.fill ins(%c0 : f32) outs(%e_nv : tensor<8x32xf32>) -> tensor<8x32xf32>
  %z0 = linalg.matmul indexing_maps = [affine_map<(n, v, d) -> (n, d)>, affine_map<(n, v, d) -> (v, d)>, affine_map<(n, v, d) -> (n, v)>]
      ins(%h, %w : tensor<8x4xf32>, tensor<32x4xf32>) outs(%zero_nv : tensor<8x32xf32>) -> tensor<8x32xf32>
  %z = linalg.generic {indexing_maps = [#nv, #nv], iterator_types = ["parallel", "parallel"]} ins(%z0 : tensor<8x32xf32>) outs(%e_nv : tensor<8x32xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<8x32xf32>
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
  %dz = linalg.generic {indexing_maps = [#nv, #n, #n, #n, affine_map<(n, v) -> ()>, #nv, #nv], iterator_types = ["parallel", "parallel"]}
      ins(%ex, %sum, %m, %y, %count, %z0 : tensor<8x32xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xi32>, tensor<f32>, tensor<8x32xf32>) outs(%e_nv : tensor<8x32xf32>) {
  ^bb0(%e: f32, %s: f32, %mx: f32, %l: i32, %cnt: f32, %raw: f32, %o: f32):
    %p = arith.divf %e, %s : f32
    %v = linalg.index 1 : index
    %li = arith.index_cast %l : i32 to index
    %hit = arith.cmpi eq, %li, %v : index
    %oh = arith.select %hit, %c1, %c0 : f32
    %valid = arith.cmpi ne, %l, %ignore : i32
    %inv = arith.divf %c1, %cnt : f32
    %scale = arith.select %valid, %inv, %c0 : f32
    %lg = math.log %s : f32
    %lse = arith.addf %mx, %lg : f32
    %k = arith.constant 2.0e-4 : f32
    %kl = arith.mulf %k, %lse : f32
    %f = arith.addf %c1, %kl : f32
    %pz = arith.mulf %p, %f : f32
    %d = arith.subf %pz, %oh : f32
    %r = arith.mulf %d, %scale : f32
    linalg.yield %r : f32
  } -> tensor<8x32xf32>
  %e_vd = tensor.empty() : tensor<32x4xf32>
  %zero_vd = linalg.fill ins(%c0 : f32) outs(%e_vd : tensor<32x4xf32>) -> tensor<32x4xf32>
  %dw = linalg.matmul indexing_maps = [affine_map<(v, d, n) -> (n, v)>, affine_map<(v, d, n) -> (n, d)>, affine_map<(v, d, n) -> (v, d)>]
      ins(%dz, %h : tensor<8x32xf32>, tensor<8x4xf32>) outs(%zero_vd : tensor<32x4xf32>) -> tensor<32x4xf32>
  %e_nd = tensor.empty() : tensor<8x4xf32>
  %zero_nd = linalg.fill ins(%c0 : f32) outs(%e_nd : tensor<8x4xf32>) -> tensor<8x4xf32>
  %dh = linalg.matmul ins(%dz, %w : tensor<8x32xf32>, tensor<32x4xf32>) outs(%zero_nd : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %dh, %dw : tensor<8x4xf32>, tensor<32x4xf32>
}

// -----

// reduction="sum": the loss is the sum of the valid tokens' losses and each
// valid token's upstream gradient is 1 (no division by the count).
// CHECK-LABEL: func.func @sum_reduction(
// CHECK: lmhead.ce_linear_fwd {{.*}} layout(vd) reduction(sum)
// CHECK: lmhead.ce_linear_grad {{.*}} layout(vd) reduction(sum)

#nv = affine_map<(n, v) -> (n, v)>
#n = affine_map<(n, v) -> (n)>
#id1 = affine_map<(n) -> (n)>
#to0 = affine_map<(n) -> ()>
func.func @sum_reduction(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi32>) -> (tensor<f32>, tensor<8x4xf32>, tensor<32x4xf32>) {
  %c0 = arith.constant 0.0 : f32
  %c1 = arith.constant 1.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %ignore = arith.constant -100 : i32
  %e_nv = tensor.empty() : tensor<8x32xf32>
  %zero_nv = linalg.fill ins(%c0 : f32) outs(%e_nv : tensor<8x32xf32>) -> tensor<8x32xf32>
  %z0 = linalg.matmul indexing_maps = [affine_map<(n, v, d) -> (n, d)>, affine_map<(n, v, d) -> (v, d)>, affine_map<(n, v, d) -> (n, v)>]
      ins(%h, %w : tensor<8x4xf32>, tensor<32x4xf32>) outs(%zero_nv : tensor<8x32xf32>) -> tensor<8x32xf32>
  %z = linalg.generic {indexing_maps = [#nv, #nv], iterator_types = ["parallel", "parallel"]} ins(%z0 : tensor<8x32xf32>) outs(%e_nv : tensor<8x32xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<8x32xf32>
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
  %gath = linalg.generic {indexing_maps = [#id1, #id1, #id1], iterator_types = ["parallel"]} ins(%y, %m : tensor<8xi32>, tensor<8xf32>) outs(%e_n : tensor<8xf32>) {
  ^bb0(%l: i32, %mx: f32, %o: f32):
    %valid = arith.cmpi ne, %l, %ignore : i32
    %zi = arith.constant 0 : i32
    %safe = arith.select %valid, %l, %zi : i32
    %col = arith.index_cast %safe : i32 to index
    %row = linalg.index 0 : index
    %zt = tensor.extract %z[%row, %col] : tensor<8x32xf32>
    linalg.yield %zt : f32
  } -> tensor<8xf32>
  %loss = linalg.generic {indexing_maps = [#id1, #id1, #id1, #id1, #to0], iterator_types = ["reduction"]} ins(%y, %m, %sum, %gath : tensor<8xi32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) outs(%zero_s : tensor<f32>) {
  ^bb0(%l: i32, %mx: f32, %s: f32, %zt: f32, %acc: f32):
    %valid = arith.cmpi ne, %l, %ignore : i32
    %lg = math.log %s : f32
    %lse = arith.addf %mx, %lg : f32
    %nll = arith.subf %lse, %zt : f32
    %term = arith.select %valid, %nll, %c0 : f32
    %r = arith.addf %acc, %term : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  %dz = linalg.generic {indexing_maps = [#nv, #n, #n, #n, affine_map<(n, v) -> ()>, #nv, #nv], iterator_types = ["parallel", "parallel"]}
      ins(%ex, %sum, %m, %y, %count, %z0 : tensor<8x32xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xi32>, tensor<f32>, tensor<8x32xf32>) outs(%e_nv : tensor<8x32xf32>) {
  ^bb0(%e: f32, %s: f32, %mx: f32, %l: i32, %cnt: f32, %raw: f32, %o: f32):
    %p = arith.divf %e, %s : f32
    %v = linalg.index 1 : index
    %li = arith.index_cast %l : i32 to index
    %hit = arith.cmpi eq, %li, %v : index
    %oh = arith.select %hit, %c1, %c0 : f32
    %valid = arith.cmpi ne, %l, %ignore : i32
    %scale = arith.select %valid, %c1, %c0 : f32
    %d = arith.subf %p, %oh : f32
    %r = arith.mulf %d, %scale : f32
    linalg.yield %r : f32
  } -> tensor<8x32xf32>
  %e_vd = tensor.empty() : tensor<32x4xf32>
  %zero_vd = linalg.fill ins(%c0 : f32) outs(%e_vd : tensor<32x4xf32>) -> tensor<32x4xf32>
  %dw = linalg.matmul indexing_maps = [affine_map<(v, d, n) -> (n, v)>, affine_map<(v, d, n) -> (n, d)>, affine_map<(v, d, n) -> (v, d)>]
      ins(%dz, %h : tensor<8x32xf32>, tensor<8x4xf32>) outs(%zero_vd : tensor<32x4xf32>) -> tensor<32x4xf32>
  %e_nd = tensor.empty() : tensor<8x4xf32>
  %zero_nd = linalg.fill ins(%c0 : f32) outs(%e_nd : tensor<8x4xf32>) -> tensor<8x4xf32>
  %dh = linalg.matmul ins(%dz, %w : tensor<8x32xf32>, tensor<32x4xf32>) outs(%zero_nd : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %loss, %dh, %dw : tensor<f32>, tensor<8x4xf32>, tensor<32x4xf32>
}

// -----

// Smoothing toward a prior that is not uniform (0.9*onehot + 0.1*prior[v])
// is not a label smoothing: the products stay a linear_grad with dZ kept.
// CHECK-LABEL: func.func @negative_nonuniform_prior(
// CHECK-NOT: lmhead.ce_linear
// CHECK: lmhead.linear_grad
// CHECK-NOT: lmhead.ce_linear

#nv = affine_map<(n, v) -> (n, v)>
#n = affine_map<(n, v) -> (n)>
#id1 = affine_map<(n) -> (n)>
#to0 = affine_map<(n) -> ()>
func.func @negative_nonuniform_prior(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi32>, %prior: tensor<32xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>) {
  %c0 = arith.constant 0.0 : f32
  %c1 = arith.constant 1.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %ignore = arith.constant -100 : i32
  %e_nv = tensor.empty() : tensor<8x32xf32>
  %zero_nv = linalg.fill ins(%c0 : f32) outs(%e_nv : tensor<8x32xf32>) -> tensor<8x32xf32>
  %z0 = linalg.matmul indexing_maps = [affine_map<(n, v, d) -> (n, d)>, affine_map<(n, v, d) -> (v, d)>, affine_map<(n, v, d) -> (n, v)>]
      ins(%h, %w : tensor<8x4xf32>, tensor<32x4xf32>) outs(%zero_nv : tensor<8x32xf32>) -> tensor<8x32xf32>
  %z = linalg.generic {indexing_maps = [#nv, #nv], iterator_types = ["parallel", "parallel"]} ins(%z0 : tensor<8x32xf32>) outs(%e_nv : tensor<8x32xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<8x32xf32>
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
  %dz = linalg.generic {indexing_maps = [#nv, #n, #n, #n, affine_map<(n, v) -> ()>, #nv, affine_map<(n, v) -> (v)>, #nv], iterator_types = ["parallel", "parallel"]}
      ins(%ex, %sum, %m, %y, %count, %z0, %prior : tensor<8x32xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xi32>, tensor<f32>, tensor<8x32xf32>, tensor<32xf32>) outs(%e_nv : tensor<8x32xf32>) {
  ^bb0(%e: f32, %s: f32, %mx: f32, %l: i32, %cnt: f32, %raw: f32, %pr: f32, %o: f32):
    %p = arith.divf %e, %s : f32
    %v = linalg.index 1 : index
    %li = arith.index_cast %l : i32 to index
    %hit = arith.cmpi eq, %li, %v : index
    %oh = arith.select %hit, %c1, %c0 : f32
    %valid = arith.cmpi ne, %l, %ignore : i32
    %inv = arith.divf %c1, %cnt : f32
    %scale = arith.select %valid, %inv, %c0 : f32
    %eps = arith.constant 0.1 : f32
    %keep = arith.constant 0.9 : f32
    %u = arith.mulf %eps, %pr : f32
    %a = arith.mulf %oh, %keep : f32
    %t = arith.addf %a, %u : f32
    %d = arith.subf %p, %t : f32
    %r = arith.mulf %d, %scale : f32
    linalg.yield %r : f32
  } -> tensor<8x32xf32>
  %e_vd = tensor.empty() : tensor<32x4xf32>
  %zero_vd = linalg.fill ins(%c0 : f32) outs(%e_vd : tensor<32x4xf32>) -> tensor<32x4xf32>
  %dw = linalg.matmul indexing_maps = [affine_map<(v, d, n) -> (n, v)>, affine_map<(v, d, n) -> (n, d)>, affine_map<(v, d, n) -> (v, d)>]
      ins(%dz, %h : tensor<8x32xf32>, tensor<8x4xf32>) outs(%zero_vd : tensor<32x4xf32>) -> tensor<32x4xf32>
  %e_nd = tensor.empty() : tensor<8x4xf32>
  %zero_nd = linalg.fill ins(%c0 : f32) outs(%e_nd : tensor<8x4xf32>) -> tensor<8x4xf32>
  %dh = linalg.matmul ins(%dz, %w : tensor<8x32xf32>, tensor<32x4xf32>) outs(%zero_nd : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %dh, %dw : tensor<8x4xf32>, tensor<32x4xf32>
}

// -----

// A sum over the first half of the tokens only: the upstream gradient
// depends on the token's position, which no reduction of the ops has.
// CHECK-LABEL: func.func @negative_partial_sum(
// CHECK-NOT: lmhead.ce_linear
// CHECK: lmhead.linear_grad
// CHECK-NOT: lmhead.ce_linear

#nv = affine_map<(n, v) -> (n, v)>
#n = affine_map<(n, v) -> (n)>
#id1 = affine_map<(n) -> (n)>
#to0 = affine_map<(n) -> ()>
func.func @negative_partial_sum(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi32>) -> (tensor<8x4xf32>, tensor<32x4xf32>) {
  %c0 = arith.constant 0.0 : f32
  %c1 = arith.constant 1.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %ignore = arith.constant -100 : i32
  %e_nv = tensor.empty() : tensor<8x32xf32>
  %zero_nv = linalg.fill ins(%c0 : f32) outs(%e_nv : tensor<8x32xf32>) -> tensor<8x32xf32>
  %z0 = linalg.matmul indexing_maps = [affine_map<(n, v, d) -> (n, d)>, affine_map<(n, v, d) -> (v, d)>, affine_map<(n, v, d) -> (n, v)>]
      ins(%h, %w : tensor<8x4xf32>, tensor<32x4xf32>) outs(%zero_nv : tensor<8x32xf32>) -> tensor<8x32xf32>
  %z = linalg.generic {indexing_maps = [#nv, #nv], iterator_types = ["parallel", "parallel"]} ins(%z0 : tensor<8x32xf32>) outs(%e_nv : tensor<8x32xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<8x32xf32>
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
  %dz = linalg.generic {indexing_maps = [#nv, #n, #n, #n, affine_map<(n, v) -> ()>, #nv, #nv], iterator_types = ["parallel", "parallel"]}
      ins(%ex, %sum, %m, %y, %count, %z0 : tensor<8x32xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xi32>, tensor<f32>, tensor<8x32xf32>) outs(%e_nv : tensor<8x32xf32>) {
  ^bb0(%e: f32, %s: f32, %mx: f32, %l: i32, %cnt: f32, %raw: f32, %o: f32):
    %p = arith.divf %e, %s : f32
    %v = linalg.index 1 : index
    %li = arith.index_cast %l : i32 to index
    %hit = arith.cmpi eq, %li, %v : index
    %oh = arith.select %hit, %c1, %c0 : f32
    %valid = arith.cmpi ne, %l, %ignore : i32
    %row = linalg.index 0 : index
    %half = arith.constant 4 : index
    %first = arith.cmpi ult, %row, %half : index
    %both = arith.andi %valid, %first : i1
    %scale = arith.select %both, %c1, %c0 : f32
    %d = arith.subf %p, %oh : f32
    %r = arith.mulf %d, %scale : f32
    linalg.yield %r : f32
  } -> tensor<8x32xf32>
  %e_vd = tensor.empty() : tensor<32x4xf32>
  %zero_vd = linalg.fill ins(%c0 : f32) outs(%e_vd : tensor<32x4xf32>) -> tensor<32x4xf32>
  %dw = linalg.matmul indexing_maps = [affine_map<(v, d, n) -> (n, v)>, affine_map<(v, d, n) -> (n, d)>, affine_map<(v, d, n) -> (v, d)>]
      ins(%dz, %h : tensor<8x32xf32>, tensor<8x4xf32>) outs(%zero_vd : tensor<32x4xf32>) -> tensor<32x4xf32>
  %e_nd = tensor.empty() : tensor<8x4xf32>
  %zero_nd = linalg.fill ins(%c0 : f32) outs(%e_nd : tensor<8x4xf32>) -> tensor<8x4xf32>
  %dh = linalg.matmul ins(%dz, %w : tensor<8x32xf32>, tensor<32x4xf32>) outs(%zero_nd : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %dh, %dw : tensor<8x4xf32>, tensor<32x4xf32>
}

// -----

// The same cross-entropy gradient spelled with named ops: the row maximum
// and the row sum as linalg.reduce, the last product as linalg.map.
// CHECK-LABEL: func.func @named_reduce_map(
// CHECK: lmhead.ce_linear_fwd {{.*}} layout(vd) reduction(mean) :
// CHECK: lmhead.ce_linear_grad {{.*}} layout(vd) reduction(sum) :

#nv = affine_map<(n, v) -> (n, v)>
#n = affine_map<(n, v) -> (n)>
#id1 = affine_map<(n) -> (n)>
#to0 = affine_map<(n) -> ()>
func.func @named_reduce_map(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi32>) -> (tensor<8x4xf32>, tensor<32x4xf32>) {
  %c0 = arith.constant 0.0 : f32
  %c1 = arith.constant 1.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %ignore = arith.constant -100 : i32
  %e_nv = tensor.empty() : tensor<8x32xf32>
  %zero_nv = linalg.fill ins(%c0 : f32) outs(%e_nv : tensor<8x32xf32>) -> tensor<8x32xf32>
  %z = linalg.matmul indexing_maps = [affine_map<(n, v, d) -> (n, d)>, affine_map<(n, v, d) -> (v, d)>, affine_map<(n, v, d) -> (n, v)>]
      ins(%h, %w : tensor<8x4xf32>, tensor<32x4xf32>) outs(%zero_nv : tensor<8x32xf32>) -> tensor<8x32xf32>
  %e_n = tensor.empty() : tensor<8xf32>
  %ninf_n = linalg.fill ins(%ninf : f32) outs(%e_n : tensor<8xf32>) -> tensor<8xf32>
  %m = linalg.reduce ins(%z : tensor<8x32xf32>) outs(%ninf_n : tensor<8xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %r = arith.maximumf %x, %acc : f32
      linalg.yield %r : f32
    }
  %ex = linalg.generic {indexing_maps = [#nv, #n, #nv], iterator_types = ["parallel", "parallel"]} ins(%z, %m : tensor<8x32xf32>, tensor<8xf32>) outs(%e_nv : tensor<8x32xf32>) {
  ^bb0(%x: f32, %mx: f32, %o: f32):
    %s = arith.subf %x, %mx : f32
    %r = math.exp %s : f32
    linalg.yield %r : f32
  } -> tensor<8x32xf32>
  %zero_n = linalg.fill ins(%c0 : f32) outs(%e_n : tensor<8xf32>) -> tensor<8xf32>
  %sum = linalg.reduce ins(%ex : tensor<8x32xf32>) outs(%zero_n : tensor<8xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %r = arith.addf %x, %acc : f32
      linalg.yield %r : f32
    }
  %e_s = tensor.empty() : tensor<f32>
  %zero_s = linalg.fill ins(%c0 : f32) outs(%e_s : tensor<f32>) -> tensor<f32>
  %count = linalg.generic {indexing_maps = [#id1, #to0], iterator_types = ["reduction"]} ins(%y : tensor<8xi32>) outs(%zero_s : tensor<f32>) {
  ^bb0(%l: i32, %acc: f32):
    %valid = arith.cmpi ne, %l, %ignore : i32
    %one = arith.uitofp %valid : i1 to f32
    %r = arith.addf %acc, %one : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  %d = linalg.generic {indexing_maps = [#nv, #n, #n, #nv], iterator_types = ["parallel", "parallel"]} ins(%ex, %sum, %y : tensor<8x32xf32>, tensor<8xf32>, tensor<8xi32>) outs(%e_nv : tensor<8x32xf32>) {
  ^bb0(%e: f32, %s: f32, %l: i32, %o: f32):
    %p = arith.divf %e, %s : f32
    %v = linalg.index 1 : index
    %li = arith.index_cast %l : i32 to index
    %hit = arith.cmpi eq, %li, %v : index
    %oh = arith.select %hit, %c1, %c0 : f32
    %r = arith.subf %p, %oh : f32
    linalg.yield %r : f32
  } -> tensor<8x32xf32>
  %scale = linalg.generic {indexing_maps = [#n, affine_map<(n, v) -> ()>, #nv], iterator_types = ["parallel", "parallel"]} ins(%y, %count : tensor<8xi32>, tensor<f32>) outs(%e_nv : tensor<8x32xf32>) {
  ^bb0(%l: i32, %cnt: f32, %o: f32):
    %valid = arith.cmpi ne, %l, %ignore : i32
    %inv = arith.divf %c1, %cnt : f32
    %r = arith.select %valid, %inv, %c0 : f32
    linalg.yield %r : f32
  } -> tensor<8x32xf32>
  %dz = linalg.map { arith.mulf } ins(%d, %scale : tensor<8x32xf32>, tensor<8x32xf32>) outs(%e_nv : tensor<8x32xf32>)
  %e_vd = tensor.empty() : tensor<32x4xf32>
  %zero_vd = linalg.fill ins(%c0 : f32) outs(%e_vd : tensor<32x4xf32>) -> tensor<32x4xf32>
  %dw = linalg.matmul indexing_maps = [affine_map<(v, d, n) -> (n, v)>, affine_map<(v, d, n) -> (n, d)>, affine_map<(v, d, n) -> (v, d)>]
      ins(%dz, %h : tensor<8x32xf32>, tensor<8x4xf32>) outs(%zero_vd : tensor<32x4xf32>) -> tensor<32x4xf32>
  %e_nd = tensor.empty() : tensor<8x4xf32>
  %zero_nd = linalg.fill ins(%c0 : f32) outs(%e_nd : tensor<8x4xf32>) -> tensor<8x4xf32>
  %dh = linalg.matmul ins(%dz, %w : tensor<8x32xf32>, tensor<32x4xf32>) outs(%zero_nd : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %dh, %dw : tensor<8x4xf32>, tensor<32x4xf32>
}

// -----

// A soft-cap applied to the loss, not to the logits: 30*tanh(loss/30), its
// derivative a scalar factor of dZ. It is no logit soft-cap: the ops compute
// the plain cross-entropy, and the cap stays on the loss they return.
// CHECK-LABEL: func.func @negative_softcap_after_loss(
// CHECK: %[[LOSS:.+]], %{{.+}} = lmhead.ce_linear_fwd {{.*}} layout(vd) reduction(mean) :
// CHECK: linalg.generic {{.*}} ins(%[[LOSS]]
// CHECK: lmhead.ce_linear_grad {{.*}} layout(vd) reduction(sum) :

#nv = affine_map<(n, v) -> (n, v)>
#n = affine_map<(n, v) -> (n)>
#id1 = affine_map<(n) -> (n)>
#to0 = affine_map<(n) -> ()>
func.func @negative_softcap_after_loss(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi32>) -> (tensor<f32>, tensor<8x4xf32>, tensor<32x4xf32>) {
  %c0 = arith.constant 0.0 : f32
  %c1 = arith.constant 1.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %ignore = arith.constant -100 : i32
  %e_nv = tensor.empty() : tensor<8x32xf32>
  %zero_nv = linalg.fill ins(%c0 : f32) outs(%e_nv : tensor<8x32xf32>) -> tensor<8x32xf32>
  %z0 = linalg.matmul indexing_maps = [affine_map<(n, v, d) -> (n, d)>, affine_map<(n, v, d) -> (v, d)>, affine_map<(n, v, d) -> (n, v)>]
      ins(%h, %w : tensor<8x4xf32>, tensor<32x4xf32>) outs(%zero_nv : tensor<8x32xf32>) -> tensor<8x32xf32>
  %z = linalg.generic {indexing_maps = [#nv, #nv], iterator_types = ["parallel", "parallel"]} ins(%z0 : tensor<8x32xf32>) outs(%e_nv : tensor<8x32xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<8x32xf32>
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
  %gath = linalg.generic {indexing_maps = [#id1, #id1, #id1], iterator_types = ["parallel"]} ins(%y, %m : tensor<8xi32>, tensor<8xf32>) outs(%e_n : tensor<8xf32>) {
  ^bb0(%l: i32, %mx: f32, %o: f32):
    %valid = arith.cmpi ne, %l, %ignore : i32
    %zi = arith.constant 0 : i32
    %safe = arith.select %valid, %l, %zi : i32
    %col = arith.index_cast %safe : i32 to index
    %row = linalg.index 0 : index
    %zt = tensor.extract %z[%row, %col] : tensor<8x32xf32>
    linalg.yield %zt : f32
  } -> tensor<8xf32>
  %loss = linalg.generic {indexing_maps = [#id1, #id1, #id1, #id1, #to0], iterator_types = ["reduction"]} ins(%y, %m, %sum, %gath : tensor<8xi32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) outs(%zero_s : tensor<f32>) {
  ^bb0(%l: i32, %mx: f32, %s: f32, %zt: f32, %acc: f32):
    %valid = arith.cmpi ne, %l, %ignore : i32
    %lg = math.log %s : f32
    %lse = arith.addf %mx, %lg : f32
    %nll = arith.subf %lse, %zt : f32
    %term = arith.select %valid, %nll, %c0 : f32
    %r = arith.addf %acc, %term : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  %mean = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%loss, %count : tensor<f32>, tensor<f32>) outs(%e_s : tensor<f32>) {
  ^bb0(%t: f32, %c: f32, %o: f32):
    %r = arith.divf %t, %c : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  %capped = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%mean : tensor<f32>) outs(%e_s : tensor<f32>) {
  ^bb0(%t: f32, %o: f32):
    %cap = arith.constant 30.0 : f32
    %q = arith.divf %t, %cap : f32
    %th = math.tanh %q : f32
    %r = arith.mulf %th, %cap : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  %dz = linalg.generic {indexing_maps = [#nv, #n, #n, #n, affine_map<(n, v) -> ()>, #nv, affine_map<(n, v) -> ()>, #nv], iterator_types = ["parallel", "parallel"]}
      ins(%ex, %sum, %m, %y, %count, %z0, %mean : tensor<8x32xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xi32>, tensor<f32>, tensor<8x32xf32>, tensor<f32>) outs(%e_nv : tensor<8x32xf32>) {
  ^bb0(%e: f32, %s: f32, %mx: f32, %l: i32, %cnt: f32, %raw: f32, %lm: f32, %o: f32):
    %p = arith.divf %e, %s : f32
    %v = linalg.index 1 : index
    %li = arith.index_cast %l : i32 to index
    %hit = arith.cmpi eq, %li, %v : index
    %oh = arith.select %hit, %c1, %c0 : f32
    %valid = arith.cmpi ne, %l, %ignore : i32
    %inv = arith.divf %c1, %cnt : f32
    %scale = arith.select %valid, %inv, %c0 : f32
    %d = arith.subf %p, %oh : f32
    %cap = arith.constant 30.0 : f32
    %q = arith.divf %lm, %cap : f32
    %th = math.tanh %q : f32
    %t2 = arith.mulf %th, %th : f32
    %dcap = arith.subf %c1, %t2 : f32
    %ds = arith.mulf %d, %scale : f32
    %r = arith.mulf %ds, %dcap : f32
    linalg.yield %r : f32
  } -> tensor<8x32xf32>
  %e_vd = tensor.empty() : tensor<32x4xf32>
  %zero_vd = linalg.fill ins(%c0 : f32) outs(%e_vd : tensor<32x4xf32>) -> tensor<32x4xf32>
  %dw = linalg.matmul indexing_maps = [affine_map<(v, d, n) -> (n, v)>, affine_map<(v, d, n) -> (n, d)>, affine_map<(v, d, n) -> (v, d)>]
      ins(%dz, %h : tensor<8x32xf32>, tensor<8x4xf32>) outs(%zero_vd : tensor<32x4xf32>) -> tensor<32x4xf32>
  %e_nd = tensor.empty() : tensor<8x4xf32>
  %zero_nd = linalg.fill ins(%c0 : f32) outs(%e_nd : tensor<8x4xf32>) -> tensor<8x4xf32>
  %dh = linalg.matmul ins(%dz, %w : tensor<8x32xf32>, tensor<32x4xf32>) outs(%zero_nd : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %capped, %dh, %dw : tensor<f32>, tensor<8x4xf32>, tensor<32x4xf32>
}

// -----

// A z-loss of another tensor's log-sum-exp: it is no z-loss of the head's
// logits. The head's plain cross-entropy becomes the ops (no
// z_loss_weight), and the other term stays added to their loss.
// CHECK-LABEL: func.func @negative_z_loss_of_other_logits(
// CHECK: %[[LOSS:.+]], %{{.+}} = lmhead.ce_linear_fwd {{.*}} layout(vd) reduction(mean) :
// CHECK: linalg.generic {{.*}} ins(%[[LOSS]]
// CHECK: lmhead.ce_linear_grad {{.*}} layout(vd) reduction(sum) :

#nv = affine_map<(n, v) -> (n, v)>
#n = affine_map<(n, v) -> (n)>
#id1 = affine_map<(n) -> (n)>
#to0 = affine_map<(n) -> ()>
func.func @negative_z_loss_of_other_logits(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi32>, %other: tensor<8x32xf32>) -> (tensor<f32>, tensor<8x4xf32>, tensor<32x4xf32>) {
  %c0 = arith.constant 0.0 : f32
  %c1 = arith.constant 1.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %ignore = arith.constant -100 : i32
  %e_nv = tensor.empty() : tensor<8x32xf32>
  %zero_nv = linalg.fill ins(%c0 : f32) outs(%e_nv : tensor<8x32xf32>) -> tensor<8x32xf32>
  %z0 = linalg.matmul indexing_maps = [affine_map<(n, v, d) -> (n, d)>, affine_map<(n, v, d) -> (v, d)>, affine_map<(n, v, d) -> (n, v)>]
      ins(%h, %w : tensor<8x4xf32>, tensor<32x4xf32>) outs(%zero_nv : tensor<8x32xf32>) -> tensor<8x32xf32>
  %z = linalg.generic {indexing_maps = [#nv, #nv], iterator_types = ["parallel", "parallel"]} ins(%z0 : tensor<8x32xf32>) outs(%e_nv : tensor<8x32xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<8x32xf32>
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
  %gath = linalg.generic {indexing_maps = [#id1, #id1, #id1], iterator_types = ["parallel"]} ins(%y, %m : tensor<8xi32>, tensor<8xf32>) outs(%e_n : tensor<8xf32>) {
  ^bb0(%l: i32, %mx: f32, %o: f32):
    %valid = arith.cmpi ne, %l, %ignore : i32
    %zi = arith.constant 0 : i32
    %safe = arith.select %valid, %l, %zi : i32
    %col = arith.index_cast %safe : i32 to index
    %row = linalg.index 0 : index
    %zt = tensor.extract %z[%row, %col] : tensor<8x32xf32>
    linalg.yield %zt : f32
  } -> tensor<8xf32>
  %loss = linalg.generic {indexing_maps = [#id1, #id1, #id1, #id1, #to0], iterator_types = ["reduction"]} ins(%y, %m, %sum, %gath : tensor<8xi32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) outs(%zero_s : tensor<f32>) {
  ^bb0(%l: i32, %mx: f32, %s: f32, %zt: f32, %acc: f32):
    %valid = arith.cmpi ne, %l, %ignore : i32
    %lg = math.log %s : f32
    %lse = arith.addf %mx, %lg : f32
    %nll = arith.subf %lse, %zt : f32
    %term = arith.select %valid, %nll, %c0 : f32
    %r = arith.addf %acc, %term : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  %mean = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%loss, %count : tensor<f32>, tensor<f32>) outs(%e_s : tensor<f32>) {
  ^bb0(%t: f32, %c: f32, %o: f32):
    %r = arith.divf %t, %c : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  %om = linalg.generic {indexing_maps = [#nv, #n], iterator_types = ["parallel", "reduction"]} ins(%other : tensor<8x32xf32>) outs(%ninf_n : tensor<8xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %r = arith.maximumf %x, %acc : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %os = linalg.generic {indexing_maps = [#nv, #n, #n], iterator_types = ["parallel", "reduction"]} ins(%other, %om : tensor<8x32xf32>, tensor<8xf32>) outs(%zero_n : tensor<8xf32>) {
  ^bb0(%x: f32, %mx: f32, %acc: f32):
    %s = arith.subf %x, %mx : f32
    %e = math.exp %s : f32
    %r = arith.addf %e, %acc : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %zsum = linalg.generic {indexing_maps = [#id1, #id1, #id1, #to0], iterator_types = ["reduction"]} ins(%y, %om, %os : tensor<8xi32>, tensor<8xf32>, tensor<8xf32>) outs(%zero_s : tensor<f32>) {
  ^bb0(%l: i32, %mx: f32, %s: f32, %acc: f32):
    %valid = arith.cmpi ne, %l, %ignore : i32
    %lg = math.log %s : f32
    %lse = arith.addf %mx, %lg : f32
    %sq = arith.mulf %lse, %lse : f32
    %term = arith.select %valid, %sq, %c0 : f32
    %r = arith.addf %acc, %term : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  %total = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>, affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%mean, %zsum, %count : tensor<f32>, tensor<f32>, tensor<f32>) outs(%e_s : tensor<f32>) {
  ^bb0(%ce: f32, %zs: f32, %c: f32, %o: f32):
    %k = arith.constant 1.0e-4 : f32
    %zm = arith.divf %zs, %c : f32
    %zk = arith.mulf %zm, %k : f32
    %r = arith.addf %ce, %zk : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  %dz = linalg.generic {indexing_maps = [#nv, #n, #n, #n, affine_map<(n, v) -> ()>, #nv, #nv], iterator_types = ["parallel", "parallel"]}
      ins(%ex, %sum, %m, %y, %count, %z0 : tensor<8x32xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xi32>, tensor<f32>, tensor<8x32xf32>) outs(%e_nv : tensor<8x32xf32>) {
  ^bb0(%e: f32, %s: f32, %mx: f32, %l: i32, %cnt: f32, %raw: f32, %o: f32):
    %p = arith.divf %e, %s : f32
    %v = linalg.index 1 : index
    %li = arith.index_cast %l : i32 to index
    %hit = arith.cmpi eq, %li, %v : index
    %oh = arith.select %hit, %c1, %c0 : f32
    %valid = arith.cmpi ne, %l, %ignore : i32
    %inv = arith.divf %c1, %cnt : f32
    %scale = arith.select %valid, %inv, %c0 : f32
    %d = arith.subf %p, %oh : f32
    %r = arith.mulf %d, %scale : f32
    linalg.yield %r : f32
  } -> tensor<8x32xf32>
  %e_vd = tensor.empty() : tensor<32x4xf32>
  %zero_vd = linalg.fill ins(%c0 : f32) outs(%e_vd : tensor<32x4xf32>) -> tensor<32x4xf32>
  %dw = linalg.matmul indexing_maps = [affine_map<(v, d, n) -> (n, v)>, affine_map<(v, d, n) -> (n, d)>, affine_map<(v, d, n) -> (v, d)>]
      ins(%dz, %h : tensor<8x32xf32>, tensor<8x4xf32>) outs(%zero_vd : tensor<32x4xf32>) -> tensor<32x4xf32>
  %e_nd = tensor.empty() : tensor<8x4xf32>
  %zero_nd = linalg.fill ins(%c0 : f32) outs(%e_nd : tensor<8x4xf32>) -> tensor<8x4xf32>
  %dh = linalg.matmul ins(%dz, %w : tensor<8x32xf32>, tensor<32x4xf32>) outs(%zero_nd : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %total, %dh, %dw : tensor<f32>, tensor<8x4xf32>, tensor<32x4xf32>
}
