// PyTorch's F.cross_entropy as torch-mlir lowers aten.log_softmax, nll_loss
// and their backward functions: max-shifted log-softmax, a gathered nll
// with ignore_index -100 and a mean over valid tokens, g = −1/count at the
// targets, dZ = g − exp(logp)·Σg. Everything becomes ce_linear_fwd and
// ce_linear_grad; no N×V tensor is left.
// RUN: lmhead-opt %s --lmhead-recognize | FileCheck %s
// RUN: %python %S/../../../Integration/Inputs/check_equivalence.py %s --func=torch_cross_entropy_step --transform=--lmhead-recognize --label-range=32 --seed=%seed %mlir_runner_libs | FileCheck %s --check-prefix=EQUIV

// EQUIV: {{^}}EQUIVALENT

// CHECK-LABEL: func.func @torch_cross_entropy_step(
// CHECK-SAME: %[[H:[^:]+]]: tensor<8x4xf32>, %[[W:[^:]+]]: tensor<32x4xf32>, %[[Y:[^:]+]]: tensor<8xi64>
// CHECK-NOT: tensor<8x32xf32>
// CHECK: %[[LOSS:.+]], %[[LSE:.+]] = lmhead.ce_linear_fwd %[[H]], %[[W]], %[[Y]] layout(vd) reduction(mean) :
// CHECK-NOT: tensor<8x32xf32>
// CHECK: %[[DLOSS:.+]] = tensor.from_elements
// CHECK: %[[DH:.+]], %[[DW:.+]] = lmhead.ce_linear_grad %[[H]], %[[W]], %[[Y]], %[[LSE]], %[[DLOSS]] layout(vd) reduction(sum) :
// CHECK-NOT: tensor<8x32xf32>
// CHECK: return %[[LOSS]], %[[DH]], %[[DW]]
#map2 = affine_map<(d0) -> (d0)>
#map3 = affine_map<(d0, d1) -> (d0)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
#map11 = affine_map<(d0, d1) -> (d0, 0)>
#map16 = affine_map<(d0) -> ()>
#map17 = affine_map<() -> ()>
#map18 = affine_map<(d0, d1) -> ()>
func.func @torch_cross_entropy_step(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %labels: tensor<8xi64>) -> (tensor<f32>, tensor<8x4xf32>, tensor<32x4xf32>) {
  %cst_0 = arith.constant 0.000000e+00 : f32
  %cst_1 = arith.constant 0xFF800000 : f32
  %c0_i64 = arith.constant 0 : i64
  %c-100_i64 = arith.constant -100 : i64
  %c-100 = arith.constant -100 : index
  %c32 = arith.constant 32 : index
  %cst_6 = arith.constant dense<1.000000e+00> : tensor<f32>
  %cst_7 = arith.constant dense<0.000000e+00> : tensor<f32>
  %cst_19 = arith.constant dense<0> : tensor<i64>
  %e_dv = tensor.empty() : tensor<4x32xf32>
  %wt = linalg.transpose ins(%w : tensor<32x4xf32>) outs(%e_dv : tensor<4x32xf32>) permutation = [1, 0]
  %e_nv = tensor.empty() : tensor<8x32xf32>
  %zero_nv = linalg.fill ins(%cst_0 : f32) outs(%e_nv : tensor<8x32xf32>) -> tensor<8x32xf32>
  %z = linalg.matmul ins(%h, %wt : tensor<8x4xf32>, tensor<4x32xf32>) outs(%zero_nv : tensor<8x32xf32>) -> tensor<8x32xf32>
  %e_n_i = tensor.empty() : tensor<8xi64>
  %zero_n_i = linalg.fill ins(%c0_i64 : i64) outs(%e_n_i : tensor<8xi64>) -> tensor<8xi64>
  %e_n = tensor.empty() : tensor<8xf32>
  %ninf_n = linalg.fill ins(%cst_1 : f32) outs(%e_n : tensor<8xf32>) -> tensor<8xf32>
  %max:2 = linalg.generic {indexing_maps = [#map4, #map3, #map3], iterator_types = ["parallel", "reduction"]} ins(%z : tensor<8x32xf32>) outs(%ninf_n, %zero_n_i : tensor<8xf32>, tensor<8xi64>) {
  ^bb0(%in: f32, %out: f32, %out_99: i64):
    %280 = linalg.index 1 : index
    %281 = arith.index_cast %280 : index to i64
    %282 = arith.maximumf %in, %out : f32
    %283 = arith.cmpf ogt, %in, %out : f32
    %284 = arith.select %283, %281, %out_99 : i64
    linalg.yield %282, %284 : f32, i64
  } -> (tensor<8xf32>, tensor<8xi64>)
  %max1 = tensor.expand_shape %max#0 [[0, 1]] output_shape [8, 1] : tensor<8xf32> into tensor<8x1xf32>
  %shifted = linalg.generic {indexing_maps = [#map4, #map11, #map4], iterator_types = ["parallel", "parallel"]} ins(%z, %max1 : tensor<8x32xf32>, tensor<8x1xf32>) outs(%e_nv : tensor<8x32xf32>) {
  ^bb0(%in: f32, %in_99: f32, %out: f32):
    %280 = arith.subf %in, %in_99 : f32
    linalg.yield %280 : f32
  } -> tensor<8x32xf32>
  %exps = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%shifted : tensor<8x32xf32>) outs(%e_nv : tensor<8x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %280 = math.exp %in : f32
    linalg.yield %280 : f32
  } -> tensor<8x32xf32>
  %e_n1 = tensor.empty() : tensor<8x1xf32>
  %zero_n1 = linalg.fill ins(%cst_0 : f32) outs(%e_n1 : tensor<8x1xf32>) -> tensor<8x1xf32>
  %sumexp = linalg.generic {indexing_maps = [#map4, #map11], iterator_types = ["parallel", "reduction"]} ins(%exps : tensor<8x32xf32>) outs(%zero_n1 : tensor<8x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %280 = arith.addf %in, %out : f32
    linalg.yield %280 : f32
  } -> tensor<8x1xf32>
  %logsum = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%sumexp : tensor<8x1xf32>) outs(%e_n1 : tensor<8x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %280 = math.log %in : f32
    linalg.yield %280 : f32
  } -> tensor<8x1xf32>
  %logp = linalg.generic {indexing_maps = [#map4, #map11, #map4], iterator_types = ["parallel", "parallel"]} ins(%shifted, %logsum : tensor<8x32xf32>, tensor<8x1xf32>) outs(%e_nv : tensor<8x32xf32>) {
  ^bb0(%in: f32, %in_99: f32, %out: f32):
    %280 = arith.subf %in, %in_99 : f32
    linalg.yield %280 : f32
  } -> tensor<8x32xf32>
  %e_n_b = tensor.empty() : tensor<8xi1>
  %valid = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%labels : tensor<8xi64>) outs(%e_n_b : tensor<8xi1>) {
  ^bb0(%in: i64, %out: i1):
    %280 = arith.cmpi ne, %in, %c-100_i64 : i64
    linalg.yield %280 : i1
  } -> tensor<8xi1>
  %safe = linalg.generic {indexing_maps = [#map2, #map2, #map16, #map2], iterator_types = ["parallel"]} ins(%valid, %labels, %cst_19 : tensor<8xi1>, tensor<8xi64>, tensor<i64>) outs(%e_n_i : tensor<8xi64>) {
  ^bb0(%in: i1, %in_99: i64, %in_100: i64, %out: i64):
    %280 = arith.select %in, %in_99, %in_100 : i64
    linalg.yield %280 : i64
  } -> tensor<8xi64>
  %safe1 = tensor.expand_shape %safe [[0, 1]] output_shape [8, 1] : tensor<8xi64> into tensor<8x1xi64>
  %picked = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%safe1 : tensor<8x1xi64>) outs(%zero_n1 : tensor<8x1xf32>) {
  ^bb0(%in: i64, %out: f32):
    %280 = linalg.index 0 : index
    %281 = arith.index_cast %in : i64 to index
    %282 = arith.cmpi slt, %281, %c32 : index
    cf.assert %282, "index must be smaller than dim size"
    %283 = arith.cmpi sge, %in, %c0_i64 : i64
    cf.assert %283, "index must be larger or equal to 0"
    %extracted = tensor.extract %logp[%280, %281] : tensor<8x32xf32>
    linalg.yield %extracted : f32
  } -> tensor<8x1xf32>
  %picked0 = tensor.collapse_shape %picked [[0, 1]] : tensor<8x1xf32> into tensor<8xf32>
  %neg = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%picked0 : tensor<8xf32>) outs(%e_n : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %280 = arith.negf %in : f32
    linalg.yield %280 : f32
  } -> tensor<8xf32>
  %tokloss = linalg.generic {indexing_maps = [#map2, #map2, #map16, #map2], iterator_types = ["parallel"]} ins(%valid, %neg, %cst_7 : tensor<8xi1>, tensor<8xf32>, tensor<f32>) outs(%e_n : tensor<8xf32>) {
  ^bb0(%in: i1, %in_99: f32, %in_100: f32, %out: f32):
    %280 = arith.select %in, %in_99, %in_100 : f32
    linalg.yield %280 : f32
  } -> tensor<8xf32>
  %e_i = tensor.empty() : tensor<i64>
  %zero_i = linalg.fill ins(%c0_i64 : i64) outs(%e_i : tensor<i64>) -> tensor<i64>
  %count_i = linalg.generic {indexing_maps = [#map2, #map16], iterator_types = ["reduction"]} ins(%valid : tensor<8xi1>) outs(%zero_i : tensor<i64>) {
  ^bb0(%in: i1, %out: i64):
    %280 = arith.extui %in : i1 to i64
    %281 = arith.addi %280, %out : i64
    linalg.yield %281 : i64
  } -> tensor<i64>
  %e_s = tensor.empty() : tensor<f32>
  %count = linalg.generic {indexing_maps = [#map17, #map17], iterator_types = []} ins(%count_i : tensor<i64>) outs(%e_s : tensor<f32>) {
  ^bb0(%in: i64, %out: f32):
    %280 = arith.sitofp %in : i64 to f32
    linalg.yield %280 : f32
  } -> tensor<f32>
  %zero_s = linalg.fill ins(%cst_0 : f32) outs(%e_s : tensor<f32>) -> tensor<f32>
  %total = linalg.generic {indexing_maps = [#map2, #map16], iterator_types = ["reduction"]} ins(%tokloss : tensor<8xf32>) outs(%zero_s : tensor<f32>) {
  ^bb0(%in: f32, %out: f32):
    %280 = arith.addf %in, %out : f32
    linalg.yield %280 : f32
  } -> tensor<f32>
  %loss = linalg.generic {indexing_maps = [#map17, #map17, #map17], iterator_types = []} ins(%total, %count : tensor<f32>, tensor<f32>) outs(%e_s : tensor<f32>) {
  ^bb0(%in: f32, %in_99: f32, %out: f32):
    %280 = arith.divf %in, %in_99 : f32
    linalg.yield %280 : f32
  } -> tensor<f32>
  %g = linalg.generic {indexing_maps = [#map18, #map3, #map18, #map4], iterator_types = ["parallel", "parallel"]} ins(%cst_6, %labels, %count : tensor<f32>, tensor<8xi64>, tensor<f32>) outs(%zero_nv : tensor<8x32xf32>) {
  ^bb0(%in: f32, %in_99: i64, %in_100: f32, %out: f32):
    %280 = arith.index_cast %in_99 : i64 to index
    %281 = linalg.index 1 : index
    %282 = arith.divf %in, %in_100 : f32
    %283 = arith.negf %282 : f32
    %284 = arith.cmpi ne, %280, %281 : index
    %285 = arith.cmpi eq, %280, %c-100 : index
    %286 = arith.ori %284, %285 : i1
    %287 = arith.select %286, %cst_0, %283 : f32
    linalg.yield %287 : f32
  } -> tensor<8x32xf32>
  %softmax = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%logp : tensor<8x32xf32>) outs(%e_nv : tensor<8x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %280 = math.exp %in : f32
    linalg.yield %280 : f32
  } -> tensor<8x32xf32>
  %gsum = linalg.generic {indexing_maps = [#map4, #map11], iterator_types = ["parallel", "reduction"]} ins(%g : tensor<8x32xf32>) outs(%zero_n1 : tensor<8x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %280 = arith.addf %in, %out : f32
    linalg.yield %280 : f32
  } -> tensor<8x1xf32>
  %gsum0 = tensor.collapse_shape %gsum [[0, 1]] : tensor<8x1xf32> into tensor<8xf32>
  %gsumb = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%gsum0 : tensor<8xf32>) outs(%e_nv : tensor<8x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<8x32xf32>
  %sg = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%softmax, %gsumb : tensor<8x32xf32>, tensor<8x32xf32>) outs(%e_nv : tensor<8x32xf32>) {
  ^bb0(%in: f32, %in_99: f32, %out: f32):
    %280 = arith.mulf %in, %in_99 : f32
    linalg.yield %280 : f32
  } -> tensor<8x32xf32>
  %dz = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%g, %sg : tensor<8x32xf32>, tensor<8x32xf32>) outs(%e_nv : tensor<8x32xf32>) {
  ^bb0(%in: f32, %in_99: f32, %out: f32):
    %280 = arith.subf %in, %in_99 : f32
    linalg.yield %280 : f32
  } -> tensor<8x32xf32>
  %e_vn = tensor.empty() : tensor<32x8xf32>
  %dzt = linalg.transpose ins(%dz : tensor<8x32xf32>) outs(%e_vn : tensor<32x8xf32>) permutation = [1, 0]
  %e_vd = tensor.empty() : tensor<32x4xf32>
  %zero_vd = linalg.fill ins(%cst_0 : f32) outs(%e_vd : tensor<32x4xf32>) -> tensor<32x4xf32>
  %dw = linalg.matmul ins(%dzt, %h : tensor<32x8xf32>, tensor<8x4xf32>) outs(%zero_vd : tensor<32x4xf32>) -> tensor<32x4xf32>
  %e_nd = tensor.empty() : tensor<8x4xf32>
  %zero_nd = linalg.fill ins(%cst_0 : f32) outs(%e_nd : tensor<8x4xf32>) -> tensor<8x4xf32>
  %dh = linalg.matmul ins(%dz, %w : tensor<8x32xf32>, tensor<32x4xf32>) outs(%zero_nd : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %loss, %dh, %dw : tensor<f32>, tensor<8x4xf32>, tensor<32x4xf32>
}
