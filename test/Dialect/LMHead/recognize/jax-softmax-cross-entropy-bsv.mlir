// JAX's cross-entropy (optax.softmax_cross_entropy_with_integer_labels
// masked by label != -100, summed and divided by max(count, 1)) as IREE
// lowers it, with tokens kept as [B,S]: the loss is a guarded log-sum-exp
// minus the target logit gathered at the clamped label; the backward is
// exp(z − m)·s/Σexp(z − m) plus a scatter adding −s at (b, s, label), and is
// collapsed to [N,V] for the two products. Everything becomes ce_linear_fwd
// and ce_linear_grad over N = B·S tokens; no N×V tensor is left.
// negative-jax-scale-by-other-sum.mlir divides by another sum.
// RUN: lmhead-opt %s --lmhead-recognize | FileCheck %s
// RUN: lmhead-opt %s --lmhead-recognize --remarks-filter=lmhead-recognize --remark-format=emitRemark -verify-diagnostics -o /dev/null
// RUN: %python %S/../../../Integration/Inputs/check_equivalence.py %s --func=jax_cross_entropy_step --transform=--lmhead-recognize --label-range=16 --seed=%seed %mlir_runner_libs | FileCheck %s --check-prefix=EQUIV

// EQUIV: {{^}}EQUIVALENT

// CHECK-LABEL: func.func @jax_cross_entropy_step(
// CHECK-SAME: %[[H:[^:]+]]: tensor<8x8xf32>, %[[W:[^:]+]]: tensor<16x8xf32>, %[[Y:[^:]+]]: tensor<2x4xi32>
// CHECK-NOT: {{8x16xf32|2x4x16xf32|16x8xf32>, tensor<8x8}}
// CHECK: %[[YN:.+]] = tensor.collapse_shape %[[Y]] {{\[\[}}0, 1]] : tensor<2x4xi32> into tensor<8xi32>
// CHECK: %[[LOSS:.+]], %[[LSE:.+]] = lmhead.ce_linear_fwd %[[H]], %[[W]], %[[YN]] layout(vd) reduction(mean) :
// CHECK: %[[DH:.+]], %[[DW:.+]] = lmhead.ce_linear_grad %[[H]], %[[W]], %[[YN]], %[[LSE]], %{{.+}} layout(vd) reduction(sum) :
// CHECK-NOT: {{8x16xf32|2x4x16xf32}}
// CHECK: return %[[LOSS]], %[[DH]], %[[DW]]
#bsv = affine_map<(b, s, v) -> (b, s, v)>
#bs_of_bsv = affine_map<(b, s, v) -> (b, s)>
#bs = affine_map<(b, s) -> (b, s)>
#scalar_of_bs = affine_map<(b, s) -> ()>
#scalar = affine_map<() -> ()>
#coord = affine_map<(b, s, u, w) -> (b, s, u, w)>
func.func @jax_cross_entropy_step(%h: tensor<8x8xf32>, %w: tensor<16x8xf32>, %labels: tensor<2x4xi32>) -> (tensor<f32>, tensor<8x8xf32>, tensor<16x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c15 = arith.constant 15 : index
  %zero = arith.constant 0.000000e+00 : f32
  %one = arith.constant 1.000000e+00 : f32
  %inf = arith.constant 0x7F800000 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %c0_i32 = arith.constant 0 : i32
  %c1_i32 = arith.constant 1 : i32
  %c16_i32 = arith.constant 16 : i32
  %c-100_i32 = arith.constant -100 : i32
  %zeros_bsv = arith.constant dense<0.000000e+00> : tensor<2x4x16xf32>
  // Logits z = h·Wᵀ as [N,V], seen as [B,S,V].
  %e_dv = tensor.empty() : tensor<8x16xf32>
  %wt_e = tensor.empty() : tensor<8x16xf32>
  %wt = linalg.transpose ins(%w : tensor<16x8xf32>) outs(%wt_e : tensor<8x16xf32>) permutation = [1, 0]
  %zero_nv = linalg.fill ins(%zero : f32) outs(%e_dv : tensor<8x16xf32>) -> tensor<8x16xf32>
  %z2 = linalg.matmul ins(%h, %wt : tensor<8x8xf32>, tensor<8x16xf32>) outs(%zero_nv : tensor<8x16xf32>) -> tensor<8x16xf32>
  %z = tensor.expand_shape %z2 [[0, 1], [2]] output_shape [2, 4, 16] : tensor<8x16xf32> into tensor<2x4x16xf32>
  // The guarded log-sum-exp: the max (0 where it is not finite), exp, sum.
  %e_bs = tensor.empty() : tensor<2x4xf32>
  %ninf_bs = linalg.fill ins(%ninf : f32) outs(%e_bs : tensor<2x4xf32>) -> tensor<2x4xf32>
  %max = linalg.generic {indexing_maps = [#bsv, #bs_of_bsv], iterator_types = ["parallel", "parallel", "reduction"]} ins(%z : tensor<2x4x16xf32>) outs(%ninf_bs : tensor<2x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.maximumf %out, %in : f32
    linalg.yield %r : f32
  } -> tensor<2x4xf32>
  %shift = linalg.generic {indexing_maps = [#bs, #bs], iterator_types = ["parallel", "parallel"]} ins(%max : tensor<2x4xf32>) outs(%e_bs : tensor<2x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = math.absf %in : f32
    %finite = arith.cmpf one, %a, %inf : f32
    %r = arith.select %finite, %in, %zero : f32
    linalg.yield %r : f32
  } -> tensor<2x4xf32>
  %e_bsv = tensor.empty() : tensor<2x4x16xf32>
  %exps = linalg.generic {indexing_maps = [#bsv, #bs_of_bsv, #bsv], iterator_types = ["parallel", "parallel", "parallel"]} ins(%z, %shift : tensor<2x4x16xf32>, tensor<2x4xf32>) outs(%e_bsv : tensor<2x4x16xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %d = arith.subf %in, %m : f32
    %r = math.exp %d : f32
    linalg.yield %r : f32
  } -> tensor<2x4x16xf32>
  %zero_bs = linalg.fill ins(%zero : f32) outs(%e_bs : tensor<2x4xf32>) -> tensor<2x4xf32>
  %sumexp = linalg.generic {indexing_maps = [#bsv, #bs_of_bsv], iterator_types = ["parallel", "parallel", "reduction"]} ins(%exps : tensor<2x4x16xf32>) outs(%zero_bs : tensor<2x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.addf %out, %in : f32
    linalg.yield %r : f32
  } -> tensor<2x4xf32>
  // Valid tokens, and labels wrapped like numpy indices.
  %e_bs_i1 = tensor.empty() : tensor<2x4xi1>
  %valid = linalg.generic {indexing_maps = [#bs, #bs], iterator_types = ["parallel", "parallel"]} ins(%labels : tensor<2x4xi32>) outs(%e_bs_i1 : tensor<2x4xi1>) {
  ^bb0(%in: i32, %out: i1):
    %r = arith.cmpi ne, %in, %c-100_i32 : i32
    linalg.yield %r : i1
  } -> tensor<2x4xi1>
  %e_bs_i32 = tensor.empty() : tensor<2x4xi32>
  %wrapped = linalg.generic {indexing_maps = [#bs, #bs], iterator_types = ["parallel", "parallel"]} ins(%labels : tensor<2x4xi32>) outs(%e_bs_i32 : tensor<2x4xi32>) {
  ^bb0(%in: i32, %out: i32):
    %neg = arith.cmpi slt, %in, %c0_i32 : i32
    %up = arith.addi %in, %c16_i32 : i32
    %r = arith.select %neg, %up, %in : i32
    linalg.yield %r : i32
  } -> tensor<2x4xi32>
  // The target logit, gathered at the clamped label.
  %target = linalg.generic {indexing_maps = [#bs], iterator_types = ["parallel", "parallel"]} outs(%e_bs : tensor<2x4xf32>) {
  ^bb0(%out: f32):
    %b = linalg.index 0 : index
    %s = linalg.index 1 : index
    %y = tensor.extract %wrapped[%b, %s] : tensor<2x4xi32>
    %yi = arith.index_cast %y : i32 to index
    %lo = arith.maxsi %yi, %c0 : index
    %col = arith.minsi %lo, %c15 : index
    %t = tensor.extract %z[%b, %s, %col] : tensor<2x4x16xf32>
    linalg.yield %t : f32
  } -> tensor<2x4xf32>
  // loss = Σ [valid] (log Σ exp + m − z[y]) / max(count, 1).
  %per = linalg.generic {indexing_maps = [#bs, #bs, #bs, #bs, #bs], iterator_types = ["parallel", "parallel"]} ins(%valid, %sumexp, %shift, %target : tensor<2x4xi1>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) outs(%e_bs : tensor<2x4xf32>) {
  ^bb0(%v: i1, %se: f32, %m: f32, %t: f32, %out: f32):
    %a = math.absf %se : f32
    %l = math.log %a : f32
    %lse = arith.addf %l, %m : f32
    %d = arith.subf %lse, %t : f32
    %r = arith.select %v, %d, %zero : f32
    linalg.yield %r : f32
  } -> tensor<2x4xf32>
  %e_s = tensor.empty() : tensor<f32>
  %zero_s = linalg.fill ins(%zero : f32) outs(%e_s : tensor<f32>) -> tensor<f32>
  %total = linalg.generic {indexing_maps = [#bs, #scalar_of_bs], iterator_types = ["reduction", "reduction"]} ins(%per : tensor<2x4xf32>) outs(%zero_s : tensor<f32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.addf %out, %in : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  %e_si = tensor.empty() : tensor<i32>
  %zero_si = linalg.fill ins(%c0_i32 : i32) outs(%e_si : tensor<i32>) -> tensor<i32>
  %count_i = linalg.generic {indexing_maps = [#bs, #scalar_of_bs], iterator_types = ["reduction", "reduction"]} ins(%valid : tensor<2x4xi1>) outs(%zero_si : tensor<i32>) {
  ^bb0(%in: i1, %out: i32):
    %x = arith.extui %in : i1 to i32
    %r = arith.addi %out, %x : i32
    linalg.yield %r : i32
  } -> tensor<i32>
  %count = linalg.generic {indexing_maps = [#scalar, #scalar], iterator_types = []} ins(%count_i : tensor<i32>) outs(%e_s : tensor<f32>) {
  ^bb0(%in: i32, %out: f32):
    %c = arith.maxsi %in, %c1_i32 : i32
    %r = arith.sitofp %c : i32 to f32
    linalg.yield %r : f32
  } -> tensor<f32>
  %loss = linalg.generic {indexing_maps = [#scalar, #scalar, #scalar], iterator_types = []} ins(%total, %count : tensor<f32>, tensor<f32>) outs(%e_s : tensor<f32>) {
  ^bb0(%t: f32, %c: f32, %out: f32):
    %r = arith.divf %t, %c : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  // Backward: s = [valid]/count, dZ = exp(y)·s/Σexp(y) + (−s at the label).
  %s = linalg.generic {indexing_maps = [#bs, #scalar_of_bs, #bs], iterator_types = ["parallel", "parallel"]} ins(%valid, %count : tensor<2x4xi1>, tensor<f32>) outs(%e_bs : tensor<2x4xf32>) {
  ^bb0(%v: i1, %c: f32, %out: f32):
    %inv = arith.divf %one, %c : f32
    %r = arith.select %v, %inv, %zero : f32
    linalg.yield %r : f32
  } -> tensor<2x4xf32>
  %scale = linalg.generic {indexing_maps = [#bs, #bs, #bs], iterator_types = ["parallel", "parallel"]} ins(%s, %sumexp : tensor<2x4xf32>, tensor<2x4xf32>) outs(%e_bs : tensor<2x4xf32>) {
  ^bb0(%in: f32, %se: f32, %out: f32):
    %r = arith.divf %in, %se : f32
    linalg.yield %r : f32
  } -> tensor<2x4xf32>
  %soft = linalg.generic {indexing_maps = [#bs_of_bsv, #bsv, #bsv], iterator_types = ["parallel", "parallel", "parallel"]} ins(%scale, %exps : tensor<2x4xf32>, tensor<2x4x16xf32>) outs(%e_bsv : tensor<2x4x16xf32>) {
  ^bb0(%sc: f32, %ex: f32, %out: f32):
    %r = arith.mulf %sc, %ex : f32
    linalg.yield %r : f32
  } -> tensor<2x4x16xf32>
  %minus_s = linalg.generic {indexing_maps = [#bs, #bs], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<2x4xf32>) outs(%e_bs : tensor<2x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.negf %in : f32
    linalg.yield %r : f32
  } -> tensor<2x4xf32>
  %updates = tensor.collapse_shape %minus_s [[0, 1]] : tensor<2x4xf32> into tensor<8xf32>
  // Scatter coordinates (b, s, label) per token, as IREE packs them.
  %e_c1 = tensor.empty() : tensor<2x4x1x1xi32>
  %bcoord = linalg.generic {indexing_maps = [#coord], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%e_c1 : tensor<2x4x1x1xi32>) {
  ^bb0(%out: i32):
    %i = linalg.index 0 : index
    %r = arith.index_cast %i : index to i32
    linalg.yield %r : i32
  } -> tensor<2x4x1x1xi32>
  %scoord = linalg.generic {indexing_maps = [#coord], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%e_c1 : tensor<2x4x1x1xi32>) {
  ^bb0(%out: i32):
    %i = linalg.index 1 : index
    %r = arith.index_cast %i : index to i32
    linalg.yield %r : i32
  } -> tensor<2x4x1x1xi32>
  %ycoord = tensor.expand_shape %wrapped [[0], [1, 2, 3]] output_shape [2, 4, 1, 1] : tensor<2x4xi32> into tensor<2x4x1x1xi32>
  %e_c3 = tensor.empty() : tensor<2x4x1x3xi32>
  %p0 = tensor.insert_slice %bcoord into %e_c3[0, 0, 0, 0] [2, 4, 1, 1] [1, 1, 1, 1] : tensor<2x4x1x1xi32> into tensor<2x4x1x3xi32>
  %p1 = tensor.insert_slice %scoord into %p0[0, 0, 0, 1] [2, 4, 1, 1] [1, 1, 1, 1] : tensor<2x4x1x1xi32> into tensor<2x4x1x3xi32>
  %p2 = tensor.insert_slice %ycoord into %p1[0, 0, 0, 2] [2, 4, 1, 1] [1, 1, 1, 1] : tensor<2x4x1x1xi32> into tensor<2x4x1x3xi32>
  %coords = tensor.collapse_shape %p2 [[0, 1, 2], [3]] : tensor<2x4x1x3xi32> into tensor<8x3xi32>
  %onehot = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %zeros_bsv) -> (tensor<2x4x16xf32>) {
    %x0 = tensor.extract %coords[%i, %c0] : tensor<8x3xi32>
    %o0 = arith.index_cast %x0 : i32 to index
    %x1 = tensor.extract %coords[%i, %c1] : tensor<8x3xi32>
    %o1 = arith.index_cast %x1 : i32 to index
    %x2 = tensor.extract %coords[%i, %c2] : tensor<8x3xi32>
    %o2 = arith.index_cast %x2 : i32 to index
    %u = tensor.extract %updates[%i] : tensor<8xf32>
    %v = tensor.extract %acc[%o0, %o1, %o2] : tensor<2x4x16xf32>
    %sum = arith.addf %v, %u : f32
    %new = tensor.insert %sum into %acc[%o0, %o1, %o2] : tensor<2x4x16xf32>
    scf.yield %new : tensor<2x4x16xf32>
  }
  %dz3 = linalg.generic {indexing_maps = [#bsv, #bsv, #bsv], iterator_types = ["parallel", "parallel", "parallel"]} ins(%soft, %onehot : tensor<2x4x16xf32>, tensor<2x4x16xf32>) outs(%e_bsv : tensor<2x4x16xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %r = arith.addf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<2x4x16xf32>
  %dz = tensor.collapse_shape %dz3 [[0, 1], [2]] : tensor<2x4x16xf32> into tensor<8x16xf32>
  %e_nd = tensor.empty() : tensor<8x8xf32>
  %zero_nd = linalg.fill ins(%zero : f32) outs(%e_nd : tensor<8x8xf32>) -> tensor<8x8xf32>
  // expected-remark @+1 {{softmax cross-entropy, its loss and backward rewritten}}
  %dh = linalg.matmul ins(%dz, %w : tensor<8x16xf32>, tensor<16x8xf32>) outs(%zero_nd : tensor<8x8xf32>) -> tensor<8x8xf32>
  %e_vn = tensor.empty() : tensor<16x8xf32>
  %dzt = linalg.transpose ins(%dz : tensor<8x16xf32>) outs(%e_vn : tensor<16x8xf32>) permutation = [1, 0]
  %e_vd = tensor.empty() : tensor<16x8xf32>
  %zero_vd = linalg.fill ins(%zero : f32) outs(%e_vd : tensor<16x8xf32>) -> tensor<16x8xf32>
  %dw = linalg.matmul ins(%dzt, %h : tensor<16x8xf32>, tensor<8x8xf32>) outs(%zero_vd : tensor<16x8xf32>) -> tensor<16x8xf32>
  return %loss, %dh, %dw : tensor<f32>, tensor<8x8xf32>, tensor<16x8xf32>
}
