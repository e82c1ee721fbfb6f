// jax_gpt2_train_step_label_smoothing: real linalg-on-tensors graph
// from JAX (see test/graphs/README.md).
//
// RUN: lmhead-opt %s -o /dev/null
// RUN: lmhead-opt %s --lmhead-cpu-pipeline=decompose=false -o /dev/null
//
// Made by test/graphs/make_jax_graphs.py --only jax_gpt2_train_step_label_smoothing
// Tools: jax 0.10.2, jaxlib 0.10.2, flax 0.12.8, optax 0.2.8, iree-base-compiler 3.13.0 (IREE compiler version 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967), python 3.11.7
// Model: Flax GPT-2, 1 block, 2 heads, d_model 64, vocabulary 1024, batch 2 x seq 64 (N = 128 tokens), LM head nn.Dense(1024, use_bias=False) (untied, kernel [D, V] = [64, 1024]), loss optax.softmax_cross_entropy(logits, optax.smooth_labels(jax.nn.one_hot(labels, 1024), 0.1)) masked by labels != -100, summed and divided by max(count, 1)
// Trace: jax.jit(jax.value_and_grad(loss)).lower(params, idx, labels).as_text() -> iree-opt --iree-stablehlo-input-transformation-pipeline
// Post-processed: 2 iree_linalg_ext.scatter op(s) replaced in place by scf.for loop nests (scatter_to_loops.py, values %sc<k>_*), nothing else changed.
// @main arguments, in order (params in jax.tree_util order):
//   %arg0  params['h_0']['c_attn']['bias']: (192,) float32
//   %arg1  params['h_0']['c_attn']['kernel']: (64, 192) float32
//   %arg2  params['h_0']['c_fc']['bias']: (256,) float32
//   %arg3  params['h_0']['c_fc']['kernel']: (64, 256) float32
//   %arg4  params['h_0']['c_proj']['bias']: (64,) float32
//   %arg5  params['h_0']['c_proj']['kernel']: (64, 64) float32
//   %arg6  params['h_0']['ln_1']['bias']: (64,) float32
//   %arg7  params['h_0']['ln_1']['scale']: (64,) float32
//   %arg8  params['h_0']['ln_2']['bias']: (64,) float32
//   %arg9  params['h_0']['ln_2']['scale']: (64,) float32
//   %arg10  params['h_0']['mlp_proj']['bias']: (64,) float32
//   %arg11  params['h_0']['mlp_proj']['kernel']: (256, 64) float32
//   %arg12  params['lm_head']['kernel']: (64, 1024) float32
//   %arg13  params['ln_f']['bias']: (64,) float32
//   %arg14  params['ln_f']['scale']: (64,) float32
//   %arg15  params['wpe']['embedding']: (64, 64) float32
//   %arg16  params['wte']['embedding']: (1024, 64) float32
//   %arg17  idx: (2, 64) int32
//   %arg18  labels: (2, 64) int32
// @main results, in order:
//   #0  loss: () float32
//   #1  grad params['h_0']['c_attn']['bias']
//   #2  grad params['h_0']['c_attn']['kernel']
//   #3  grad params['h_0']['c_fc']['bias']
//   #4  grad params['h_0']['c_fc']['kernel']
//   #5  grad params['h_0']['c_proj']['bias']
//   #6  grad params['h_0']['c_proj']['kernel']
//   #7  grad params['h_0']['ln_1']['bias']
//   #8  grad params['h_0']['ln_1']['scale']
//   #9  grad params['h_0']['ln_2']['bias']
//   #10  grad params['h_0']['ln_2']['scale']
//   #11  grad params['h_0']['mlp_proj']['bias']
//   #12  grad params['h_0']['mlp_proj']['kernel']
//   #13  grad params['lm_head']['kernel']
//   #14  grad params['ln_f']['bias']
//   #15  grad params['ln_f']['scale']
//   #16  grad params['wpe']['embedding']
//   #17  grad params['wte']['embedding']

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map5 = affine_map<(d0) -> (d0)>
#map6 = affine_map<(d0, d1) -> (d0)>
#map7 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map8 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map9 = affine_map<(d0, d1, d2) -> (0, 0, d2)>
#map10 = affine_map<(d0, d1, d2, d3) -> (d0, d2, d1, d3)>
#map11 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3, d2)>
#map12 = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
#map13 = affine_map<(d0, d1) -> ()>
#map14 = affine_map<() -> ()>
#map15 = affine_map<(d0, d1, d2) -> (d1, d2, d0)>
#map16 = affine_map<(d0, d1) -> (d1, d0)>
#map17 = affine_map<(d0, d1, d2) -> (d0)>
#map18 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
#map19 = affine_map<(d0, d1, d2) -> (d2, d0, d1)>
module @jit_step {
  func.func public @main(%arg0: tensor<192xf32>, %arg1: tensor<64x192xf32>, %arg2: tensor<256xf32>, %arg3: tensor<64x256xf32>, %arg4: tensor<64xf32>, %arg5: tensor<64x64xf32>, %arg6: tensor<64xf32>, %arg7: tensor<64xf32>, %arg8: tensor<64xf32>, %arg9: tensor<64xf32>, %arg10: tensor<64xf32>, %arg11: tensor<256x64xf32>, %arg12: tensor<64x1024xf32>, %arg13: tensor<64xf32>, %arg14: tensor<64xf32>, %arg15: tensor<64x64xf32>, %arg16: tensor<1024x64xf32>, %arg17: tensor<2x64xi32>, %arg18: tensor<2x64xi32>) -> (tensor<f32>, tensor<192xf32>, tensor<64x192xf32>, tensor<256xf32>, tensor<64x256xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<256x64xf32>, tensor<64x1024xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<1024x64xf32>) {
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant 9.76562514E-5 : f32
    %cst_0 = arith.constant 0.899999976 : f32
    %c-100_i32 = arith.constant -100 : i32
    %cst_1 = arith.constant 5.000000e-01 : f32
    %cst_2 = arith.constant 0.797884583 : f32
    %cst_3 = arith.constant 4.471500e-02 : f32
    %cst_4 = arith.constant 3.000000e+00 : f32
    %cst_5 = arith.constant 0xFF800000 : f32
    %cst_6 = arith.constant 0.176776692 : f32
    %cst_7 = arith.constant -5.000000e-01 : f32
    %cst_8 = arith.constant 9.99999997E-7 : f32
    %cst_9 = arith.constant 1.000000e+00 : f32
    %cst_10 = arith.constant 6.400000e+01 : f32
    %cst_11 = arith.constant 0.000000e+00 : f32
    %cst_12 = arith.constant 2.000000e+00 : f32
    %c63_i32 = arith.constant 63 : i32
    %c64_i32 = arith.constant 64 : i32
    %cst_13 = arith.constant 0x7FC00000 : f32
    %true = arith.constant true
    %c1023_i32 = arith.constant 1023 : i32
    %c1024_i32 = arith.constant 1024 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst_14 = arith.constant dense<0.000000e+00> : tensor<1024x64xf32>
    %cst_15 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
    %0 = tensor.empty() : tensor<2x64xi1>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg17 : tensor<2x64xi32>) outs(%0 : tensor<2x64xi1>) {
    ^bb0(%in: i32, %out: i1):
      %731 = arith.cmpi slt, %in, %c0_i32 : i32
      linalg.yield %731 : i1
    } -> tensor<2x64xi1>
    %2 = tensor.empty() : tensor<2x64xi32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg17 : tensor<2x64xi32>) outs(%2 : tensor<2x64xi32>) {
    ^bb0(%in: i32, %out: i32):
      %731 = arith.addi %in, %c1024_i32 : i32
      linalg.yield %731 : i32
    } -> tensor<2x64xi32>
    %4 = tensor.empty() : tensor<2x64xi32>
    %5 = linalg.generic {indexing_maps = [#map, #map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%1, %3, %arg17 : tensor<2x64xi1>, tensor<2x64xi32>, tensor<2x64xi32>) outs(%4 : tensor<2x64xi32>) {
    ^bb0(%in: i1, %in_95: i32, %in_96: i32, %out: i32):
      %731 = arith.select %in, %in_95, %in_96 : i32
      linalg.yield %731 : i32
    } -> tensor<2x64xi32>
    %expanded = tensor.expand_shape %5 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xi32> into tensor<2x64x1xi32>
    %6 = tensor.empty() : tensor<2x64x1xi1>
    %7 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded : tensor<2x64x1xi32>) outs(%6 : tensor<2x64x1xi1>) {
    ^bb0(%in: i32, %out: i1):
      %731 = arith.cmpi sge, %in, %c0_i32 : i32
      linalg.yield %731 : i1
    } -> tensor<2x64x1xi1>
    %8 = tensor.empty() : tensor<2x64x1xi1>
    %9 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded : tensor<2x64x1xi32>) outs(%8 : tensor<2x64x1xi1>) {
    ^bb0(%in: i32, %out: i1):
      %731 = arith.cmpi sle, %in, %c1023_i32 : i32
      linalg.yield %731 : i1
    } -> tensor<2x64x1xi1>
    %10 = tensor.empty() : tensor<2x64x1xi1>
    %11 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%7, %9 : tensor<2x64x1xi1>, tensor<2x64x1xi1>) outs(%10 : tensor<2x64x1xi1>) {
    ^bb0(%in: i1, %in_95: i1, %out: i1):
      %731 = arith.andi %in, %in_95 : i1
      linalg.yield %731 : i1
    } -> tensor<2x64x1xi1>
    %12 = tensor.empty() : tensor<2x64xi1>
    %13 = linalg.fill ins(%true : i1) outs(%12 : tensor<2x64xi1>) -> tensor<2x64xi1>
    %14 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%11 : tensor<2x64x1xi1>) outs(%13 : tensor<2x64xi1>) {
    ^bb0(%in: i1, %out: i1):
      %731 = arith.andi %out, %in : i1
      linalg.yield %731 : i1
    } -> tensor<2x64xi1>
    %15 = tensor.empty() : tensor<2x64x1x64xf32>
    %16 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded : tensor<2x64x1xi32>) outs(%15 : tensor<2x64x1x64xf32>) {
    ^bb0(%in: i32, %out: f32):
      %731 = arith.index_cast %in : i32 to index
      %732 = linalg.index 3 : index
      %extracted = tensor.extract %arg16[%731, %732] : tensor<1024x64xf32>
      linalg.yield %extracted : f32
    } -> tensor<2x64x1x64xf32>
    %collapsed = tensor.collapse_shape %16 [[0], [1], [2, 3]] : tensor<2x64x1x64xf32> into tensor<2x64x64xf32>
    %17 = tensor.empty() : tensor<2x64x64xi1>
    %18 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%14 : tensor<2x64xi1>) outs(%17 : tensor<2x64x64xi1>) {
    ^bb0(%in: i1, %out: i1):
      linalg.yield %in : i1
    } -> tensor<2x64x64xi1>
    %19 = tensor.empty() : tensor<2x64x64xf32>
    %20 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%18, %collapsed : tensor<2x64x64xi1>, tensor<2x64x64xf32>) outs(%19 : tensor<2x64x64xf32>) {
    ^bb0(%in: i1, %in_95: f32, %out: f32):
      %731 = arith.select %in, %in_95, %cst_13 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %21 = tensor.empty() : tensor<64xi32>
    %22 = linalg.generic {indexing_maps = [#map5], iterator_types = ["parallel"]} outs(%21 : tensor<64xi32>) {
    ^bb0(%out: i32):
      %731 = linalg.index 0 : index
      %732 = arith.index_cast %731 : index to i32
      linalg.yield %732 : i32
    } -> tensor<64xi32>
    %23 = tensor.empty() : tensor<64xi1>
    %24 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel"]} ins(%22 : tensor<64xi32>) outs(%23 : tensor<64xi1>) {
    ^bb0(%in: i32, %out: i1):
      %731 = arith.cmpi slt, %in, %c0_i32 : i32
      linalg.yield %731 : i1
    } -> tensor<64xi1>
    %25 = tensor.empty() : tensor<64xi32>
    %26 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel"]} ins(%22 : tensor<64xi32>) outs(%25 : tensor<64xi32>) {
    ^bb0(%in: i32, %out: i32):
      %731 = arith.addi %in, %c64_i32 : i32
      linalg.yield %731 : i32
    } -> tensor<64xi32>
    %27 = tensor.empty() : tensor<64xi32>
    %28 = linalg.generic {indexing_maps = [#map5, #map5, #map5, #map5], iterator_types = ["parallel"]} ins(%24, %26, %22 : tensor<64xi1>, tensor<64xi32>, tensor<64xi32>) outs(%27 : tensor<64xi32>) {
    ^bb0(%in: i1, %in_95: i32, %in_96: i32, %out: i32):
      %731 = arith.select %in, %in_95, %in_96 : i32
      linalg.yield %731 : i32
    } -> tensor<64xi32>
    %expanded_16 = tensor.expand_shape %28 [[0, 1]] output_shape [64, 1] : tensor<64xi32> into tensor<64x1xi32>
    %29 = tensor.empty() : tensor<64x1xi1>
    %30 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%expanded_16 : tensor<64x1xi32>) outs(%29 : tensor<64x1xi1>) {
    ^bb0(%in: i32, %out: i1):
      %731 = arith.cmpi sge, %in, %c0_i32 : i32
      linalg.yield %731 : i1
    } -> tensor<64x1xi1>
    %31 = tensor.empty() : tensor<64x1xi1>
    %32 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%expanded_16 : tensor<64x1xi32>) outs(%31 : tensor<64x1xi1>) {
    ^bb0(%in: i32, %out: i1):
      %731 = arith.cmpi sle, %in, %c63_i32 : i32
      linalg.yield %731 : i1
    } -> tensor<64x1xi1>
    %33 = tensor.empty() : tensor<64x1xi1>
    %34 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%30, %32 : tensor<64x1xi1>, tensor<64x1xi1>) outs(%33 : tensor<64x1xi1>) {
    ^bb0(%in: i1, %in_95: i1, %out: i1):
      %731 = arith.andi %in, %in_95 : i1
      linalg.yield %731 : i1
    } -> tensor<64x1xi1>
    %35 = tensor.empty() : tensor<64xi1>
    %36 = linalg.fill ins(%true : i1) outs(%35 : tensor<64xi1>) -> tensor<64xi1>
    %37 = linalg.generic {indexing_maps = [#map, #map6], iterator_types = ["parallel", "reduction"]} ins(%34 : tensor<64x1xi1>) outs(%36 : tensor<64xi1>) {
    ^bb0(%in: i1, %out: i1):
      %731 = arith.andi %out, %in : i1
      linalg.yield %731 : i1
    } -> tensor<64xi1>
    %38 = tensor.empty() : tensor<64x1x64xf32>
    %39 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_16 : tensor<64x1xi32>) outs(%38 : tensor<64x1x64xf32>) {
    ^bb0(%in: i32, %out: f32):
      %731 = arith.index_cast %in : i32 to index
      %732 = linalg.index 2 : index
      %extracted = tensor.extract %arg15[%731, %732] : tensor<64x64xf32>
      linalg.yield %extracted : f32
    } -> tensor<64x1x64xf32>
    %collapsed_17 = tensor.collapse_shape %39 [[0], [1, 2]] : tensor<64x1x64xf32> into tensor<64x64xf32>
    %40 = tensor.empty() : tensor<64x64xi1>
    %41 = linalg.generic {indexing_maps = [#map6, #map], iterator_types = ["parallel", "parallel"]} ins(%37 : tensor<64xi1>) outs(%40 : tensor<64x64xi1>) {
    ^bb0(%in: i1, %out: i1):
      linalg.yield %in : i1
    } -> tensor<64x64xi1>
    %42 = tensor.empty() : tensor<64x64xf32>
    %43 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%41, %collapsed_17 : tensor<64x64xi1>, tensor<64x64xf32>) outs(%42 : tensor<64x64xf32>) {
    ^bb0(%in: i1, %in_95: f32, %out: f32):
      %731 = arith.select %in, %in_95, %cst_13 : f32
      linalg.yield %731 : f32
    } -> tensor<64x64xf32>
    %44 = tensor.empty() : tensor<2x64x64xf32>
    %45 = linalg.generic {indexing_maps = [#map7, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%43 : tensor<64x64xf32>) outs(%44 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %46 = tensor.empty() : tensor<2x64x64xf32>
    %47 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20, %45 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%46 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.addf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %48 = tensor.empty() : tensor<2x64x64xf32>
    %49 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%47 : tensor<2x64x64xf32>) outs(%48 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.mulf %in, %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %50 = tensor.empty() : tensor<2x64x64xf32>
    %51 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%47 : tensor<2x64x64xf32>) outs(%50 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.mulf %in, %cst_12 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %52 = tensor.empty() : tensor<2x64xf32>
    %53 = linalg.fill ins(%cst_11 : f32) outs(%52 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %54 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%47 : tensor<2x64x64xf32>) outs(%53 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %out, %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %55 = tensor.empty() : tensor<2x64xf32>
    %56 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%54 : tensor<2x64xf32>) outs(%55 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.divf %in, %cst_10 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %57 = tensor.empty() : tensor<2x64xf32>
    %58 = linalg.fill ins(%cst_11 : f32) outs(%57 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %59 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%49 : tensor<2x64x64xf32>) outs(%58 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %out, %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %60 = tensor.empty() : tensor<2x64xf32>
    %61 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%59 : tensor<2x64xf32>) outs(%60 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.divf %in, %cst_10 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %62 = tensor.empty() : tensor<2x64xf32>
    %63 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%56 : tensor<2x64xf32>) outs(%62 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.mulf %in, %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %64 = tensor.empty() : tensor<2x64xf32>
    %65 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%56 : tensor<2x64xf32>) outs(%64 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.mulf %in, %cst_12 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %66 = tensor.empty() : tensor<2x64xf32>
    %67 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%61, %63 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%66 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.subf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %68 = tensor.empty() : tensor<2x64xf32>
    %69 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%67 : tensor<2x64xf32>) outs(%68 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.maximumf %in, %cst_11 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %70 = tensor.empty() : tensor<2x64xi1>
    %71 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%67, %69 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%70 : tensor<2x64xi1>) {
    ^bb0(%in: f32, %in_95: f32, %out: i1):
      %731 = arith.cmpf oeq, %in, %in_95 : f32
      linalg.yield %731 : i1
    } -> tensor<2x64xi1>
    %72 = tensor.empty() : tensor<2x64xf32>
    %73 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%71 : tensor<2x64xi1>) outs(%72 : tensor<2x64xf32>) {
    ^bb0(%in: i1, %out: f32):
      %731 = arith.select %in, %cst_9, %cst_11 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %74 = tensor.empty() : tensor<2x64xi1>
    %75 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%69 : tensor<2x64xf32>) outs(%74 : tensor<2x64xi1>) {
    ^bb0(%in: f32, %out: i1):
      %731 = arith.cmpf oeq, %cst_11, %in : f32
      linalg.yield %731 : i1
    } -> tensor<2x64xi1>
    %76 = tensor.empty() : tensor<2x64xf32>
    %77 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%75 : tensor<2x64xi1>) outs(%76 : tensor<2x64xf32>) {
    ^bb0(%in: i1, %out: f32):
      %731 = arith.select %in, %cst_12, %cst_9 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %78 = tensor.empty() : tensor<2x64xf32>
    %79 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%73, %77 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%78 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.divf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %expanded_18 = tensor.expand_shape %69 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xf32> into tensor<2x64x1xf32>
    %80 = tensor.empty() : tensor<2x64x64xf32>
    %81 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%56 : tensor<2x64xf32>) outs(%80 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %82 = tensor.empty() : tensor<2x64x64xf32>
    %83 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%47, %81 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%82 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.subf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %84 = tensor.empty() : tensor<2x64x1xf32>
    %85 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_18 : tensor<2x64x1xf32>) outs(%84 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %in, %cst_8 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x1xf32>
    %86 = tensor.empty() : tensor<2x64x1xf32>
    %87 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%85 : tensor<2x64x1xf32>) outs(%86 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = math.rsqrt %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x1xf32>
    %88 = tensor.empty() : tensor<2x64x1xf32>
    %89 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%87, %85 : tensor<2x64x1xf32>, tensor<2x64x1xf32>) outs(%88 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.divf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x1xf32>
    %90 = tensor.empty() : tensor<2x64x1xf32>
    %91 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%89 : tensor<2x64x1xf32>) outs(%90 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.mulf %in, %cst_7 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x1xf32>
    %expanded_19 = tensor.expand_shape %arg7 [[0, 1, 2]] output_shape [1, 1, 64] : tensor<64xf32> into tensor<1x1x64xf32>
    %92 = tensor.empty() : tensor<2x64x64xf32>
    %93 = linalg.generic {indexing_maps = [#map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%87 : tensor<2x64x1xf32>) outs(%92 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %94 = tensor.empty() : tensor<2x64x64xf32>
    %95 = linalg.generic {indexing_maps = [#map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_19 : tensor<1x1x64xf32>) outs(%94 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %96 = tensor.empty() : tensor<2x64x64xf32>
    %97 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%93, %95 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%96 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %98 = tensor.empty() : tensor<2x64x64xf32>
    %99 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%83, %97 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%98 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %expanded_20 = tensor.expand_shape %arg6 [[0, 1, 2]] output_shape [1, 1, 64] : tensor<64xf32> into tensor<1x1x64xf32>
    %100 = tensor.empty() : tensor<2x64x64xf32>
    %101 = linalg.generic {indexing_maps = [#map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_20 : tensor<1x1x64xf32>) outs(%100 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %102 = tensor.empty() : tensor<2x64x64xf32>
    %103 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%99, %101 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%102 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.addf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %collapsed_21 = tensor.collapse_shape %103 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %104 = tensor.empty() : tensor<128x192xf32>
    %105 = linalg.fill ins(%cst_11 : f32) outs(%104 : tensor<128x192xf32>) -> tensor<128x192xf32>
    %106 = linalg.matmul ins(%collapsed_21, %arg1 : tensor<128x64xf32>, tensor<64x192xf32>) outs(%105 : tensor<128x192xf32>) -> tensor<128x192xf32>
    %expanded_22 = tensor.expand_shape %106 [[0, 1], [2]] output_shape [2, 64, 192] : tensor<128x192xf32> into tensor<2x64x192xf32>
    %expanded_23 = tensor.expand_shape %arg0 [[0, 1, 2]] output_shape [1, 1, 192] : tensor<192xf32> into tensor<1x1x192xf32>
    %107 = tensor.empty() : tensor<2x64x192xf32>
    %108 = linalg.generic {indexing_maps = [#map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_23 : tensor<1x1x192xf32>) outs(%107 : tensor<2x64x192xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x192xf32>
    %109 = tensor.empty() : tensor<2x64x192xf32>
    %110 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_22, %108 : tensor<2x64x192xf32>, tensor<2x64x192xf32>) outs(%109 : tensor<2x64x192xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.addf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x192xf32>
    %extracted_slice = tensor.extract_slice %110[0, 0, 0] [2, 64, 64] [1, 1, 1] : tensor<2x64x192xf32> to tensor<2x64x64xf32>
    %extracted_slice_24 = tensor.extract_slice %110[0, 0, 64] [2, 64, 64] [1, 1, 1] : tensor<2x64x192xf32> to tensor<2x64x64xf32>
    %extracted_slice_25 = tensor.extract_slice %110[0, 0, 128] [2, 64, 64] [1, 1, 1] : tensor<2x64x192xf32> to tensor<2x64x64xf32>
    %expanded_26 = tensor.expand_shape %extracted_slice [[0], [1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<2x64x64xf32> into tensor<2x64x2x32xf32>
    %111 = tensor.empty() : tensor<2x2x64x32xf32>
    %112 = linalg.generic {indexing_maps = [#map10, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_26 : tensor<2x64x2x32xf32>) outs(%111 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x2x64x32xf32>
    %expanded_27 = tensor.expand_shape %extracted_slice_24 [[0], [1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<2x64x64xf32> into tensor<2x64x2x32xf32>
    %113 = tensor.empty() : tensor<2x2x64x32xf32>
    %114 = linalg.generic {indexing_maps = [#map10, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_27 : tensor<2x64x2x32xf32>) outs(%113 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x2x64x32xf32>
    %expanded_28 = tensor.expand_shape %extracted_slice_25 [[0], [1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<2x64x64xf32> into tensor<2x64x2x32xf32>
    %115 = tensor.empty() : tensor<2x2x64x32xf32>
    %116 = linalg.generic {indexing_maps = [#map10, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_28 : tensor<2x64x2x32xf32>) outs(%115 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x2x64x32xf32>
    %117 = tensor.empty() : tensor<2x2x32x64xf32>
    %118 = linalg.generic {indexing_maps = [#map11, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%114 : tensor<2x2x64x32xf32>) outs(%117 : tensor<2x2x32x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x2x32x64xf32>
    %collapsed_29 = tensor.collapse_shape %112 [[0, 1], [2], [3]] : tensor<2x2x64x32xf32> into tensor<4x64x32xf32>
    %collapsed_30 = tensor.collapse_shape %118 [[0, 1], [2], [3]] : tensor<2x2x32x64xf32> into tensor<4x32x64xf32>
    %119 = tensor.empty() : tensor<4x64x64xf32>
    %120 = linalg.fill ins(%cst_11 : f32) outs(%119 : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
    %121 = linalg.batch_matmul ins(%collapsed_29, %collapsed_30 : tensor<4x64x32xf32>, tensor<4x32x64xf32>) outs(%120 : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
    %expanded_31 = tensor.expand_shape %121 [[0, 1], [2], [3]] output_shape [2, 2, 64, 64] : tensor<4x64x64xf32> into tensor<2x2x64x64xf32>
    %122 = tensor.empty() : tensor<2x2x64x64xf32>
    %123 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_31 : tensor<2x2x64x64xf32>) outs(%122 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.mulf %in, %cst_6 : f32
      linalg.yield %731 : f32
    } -> tensor<2x2x64x64xf32>
    %124 = tensor.empty() : tensor<64x64xi32>
    %125 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%124 : tensor<64x64xi32>) {
    ^bb0(%out: i32):
      %731 = linalg.index 0 : index
      %732 = arith.index_cast %731 : index to i32
      linalg.yield %732 : i32
    } -> tensor<64x64xi32>
    %126 = tensor.empty() : tensor<64x64xi32>
    %127 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%126 : tensor<64x64xi32>) {
    ^bb0(%out: i32):
      %731 = linalg.index 1 : index
      %732 = arith.index_cast %731 : index to i32
      linalg.yield %732 : i32
    } -> tensor<64x64xi32>
    %128 = tensor.empty() : tensor<64x64xi1>
    %129 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%125, %127 : tensor<64x64xi32>, tensor<64x64xi32>) outs(%128 : tensor<64x64xi1>) {
    ^bb0(%in: i32, %in_95: i32, %out: i1):
      %731 = arith.cmpi sge, %in, %in_95 : i32
      linalg.yield %731 : i1
    } -> tensor<64x64xi1>
    %130 = tensor.empty() : tensor<2x2x64x64xi1>
    %131 = linalg.generic {indexing_maps = [#map12, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%129 : tensor<64x64xi1>) outs(%130 : tensor<2x2x64x64xi1>) {
    ^bb0(%in: i1, %out: i1):
      linalg.yield %in : i1
    } -> tensor<2x2x64x64xi1>
    %132 = tensor.empty() : tensor<2x2x64x64xf32>
    %133 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%131, %123 : tensor<2x2x64x64xi1>, tensor<2x2x64x64xf32>) outs(%132 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: i1, %in_95: f32, %out: f32):
      %731 = arith.select %in, %in_95, %cst_5 : f32
      linalg.yield %731 : f32
    } -> tensor<2x2x64x64xf32>
    %134 = tensor.empty() : tensor<2x2x64xf32>
    %135 = linalg.fill ins(%cst_5 : f32) outs(%134 : tensor<2x2x64xf32>) -> tensor<2x2x64xf32>
    %136 = linalg.generic {indexing_maps = [#map4, #map3], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%133 : tensor<2x2x64x64xf32>) outs(%135 : tensor<2x2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.maximumf %out, %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x2x64xf32>
    %137 = tensor.empty() : tensor<2x2x64x64xf32>
    %138 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%136 : tensor<2x2x64xf32>) outs(%137 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x2x64x64xf32>
    %139 = tensor.empty() : tensor<2x2x64x64xf32>
    %140 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%133, %138 : tensor<2x2x64x64xf32>, tensor<2x2x64x64xf32>) outs(%139 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.subf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x2x64x64xf32>
    %141 = tensor.empty() : tensor<2x2x64x64xf32>
    %142 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%140 : tensor<2x2x64x64xf32>) outs(%141 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = math.exp %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x2x64x64xf32>
    %143 = tensor.empty() : tensor<2x2x64xf32>
    %144 = linalg.fill ins(%cst_11 : f32) outs(%143 : tensor<2x2x64xf32>) -> tensor<2x2x64xf32>
    %145 = linalg.generic {indexing_maps = [#map4, #map3], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%142 : tensor<2x2x64x64xf32>) outs(%144 : tensor<2x2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %out, %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x2x64xf32>
    %expanded_32 = tensor.expand_shape %145 [[0], [1], [2, 3]] output_shape [2, 2, 64, 1] : tensor<2x2x64xf32> into tensor<2x2x64x1xf32>
    %146 = tensor.empty() : tensor<2x2x64x64xf32>
    %147 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%145 : tensor<2x2x64xf32>) outs(%146 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x2x64x64xf32>
    %148 = tensor.empty() : tensor<2x2x64x64xf32>
    %149 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%142, %147 : tensor<2x2x64x64xf32>, tensor<2x2x64x64xf32>) outs(%148 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.divf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x2x64x64xf32>
    %150 = tensor.empty() : tensor<2x2x64x1xf32>
    %151 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_32 : tensor<2x2x64x1xf32>) outs(%150 : tensor<2x2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.mulf %in, %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x2x64x1xf32>
    %152 = tensor.empty() : tensor<2x2x64x1xf32>
    %153 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%151 : tensor<2x2x64x1xf32>) outs(%152 : tensor<2x2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.divf %cst_9, %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x2x64x1xf32>
    %collapsed_33 = tensor.collapse_shape %149 [[0, 1], [2], [3]] : tensor<2x2x64x64xf32> into tensor<4x64x64xf32>
    %collapsed_34 = tensor.collapse_shape %116 [[0, 1], [2], [3]] : tensor<2x2x64x32xf32> into tensor<4x64x32xf32>
    %154 = tensor.empty() : tensor<4x64x32xf32>
    %155 = linalg.fill ins(%cst_11 : f32) outs(%154 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %156 = linalg.batch_matmul ins(%collapsed_33, %collapsed_34 : tensor<4x64x64xf32>, tensor<4x64x32xf32>) outs(%155 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %expanded_35 = tensor.expand_shape %156 [[0, 1], [2], [3]] output_shape [2, 2, 64, 32] : tensor<4x64x32xf32> into tensor<2x2x64x32xf32>
    %157 = tensor.empty() : tensor<2x64x2x32xf32>
    %158 = linalg.generic {indexing_maps = [#map10, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_35 : tensor<2x2x64x32xf32>) outs(%157 : tensor<2x64x2x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x2x32xf32>
    %collapsed_36 = tensor.collapse_shape %158 [[0, 1], [2, 3]] : tensor<2x64x2x32xf32> into tensor<128x64xf32>
    %159 = tensor.empty() : tensor<128x64xf32>
    %160 = linalg.fill ins(%cst_11 : f32) outs(%159 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %161 = linalg.matmul ins(%collapsed_36, %arg5 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%160 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_37 = tensor.expand_shape %161 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %expanded_38 = tensor.expand_shape %arg4 [[0, 1, 2]] output_shape [1, 1, 64] : tensor<64xf32> into tensor<1x1x64xf32>
    %162 = tensor.empty() : tensor<2x64x64xf32>
    %163 = linalg.generic {indexing_maps = [#map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_38 : tensor<1x1x64xf32>) outs(%162 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %164 = tensor.empty() : tensor<2x64x64xf32>
    %165 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_37, %163 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%164 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.addf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %166 = tensor.empty() : tensor<2x64x64xf32>
    %167 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%47, %165 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%166 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.addf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %168 = tensor.empty() : tensor<2x64x64xf32>
    %169 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%167 : tensor<2x64x64xf32>) outs(%168 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.mulf %in, %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %170 = tensor.empty() : tensor<2x64x64xf32>
    %171 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%167 : tensor<2x64x64xf32>) outs(%170 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.mulf %in, %cst_12 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %172 = tensor.empty() : tensor<2x64xf32>
    %173 = linalg.fill ins(%cst_11 : f32) outs(%172 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %174 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%167 : tensor<2x64x64xf32>) outs(%173 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %out, %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %175 = tensor.empty() : tensor<2x64xf32>
    %176 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%174 : tensor<2x64xf32>) outs(%175 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.divf %in, %cst_10 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %177 = tensor.empty() : tensor<2x64xf32>
    %178 = linalg.fill ins(%cst_11 : f32) outs(%177 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %179 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%169 : tensor<2x64x64xf32>) outs(%178 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %out, %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %180 = tensor.empty() : tensor<2x64xf32>
    %181 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%179 : tensor<2x64xf32>) outs(%180 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.divf %in, %cst_10 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %182 = tensor.empty() : tensor<2x64xf32>
    %183 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%176 : tensor<2x64xf32>) outs(%182 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.mulf %in, %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %184 = tensor.empty() : tensor<2x64xf32>
    %185 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%176 : tensor<2x64xf32>) outs(%184 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.mulf %in, %cst_12 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %186 = tensor.empty() : tensor<2x64xf32>
    %187 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%181, %183 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%186 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.subf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %188 = tensor.empty() : tensor<2x64xf32>
    %189 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%187 : tensor<2x64xf32>) outs(%188 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.maximumf %in, %cst_11 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %190 = tensor.empty() : tensor<2x64xi1>
    %191 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%187, %189 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%190 : tensor<2x64xi1>) {
    ^bb0(%in: f32, %in_95: f32, %out: i1):
      %731 = arith.cmpf oeq, %in, %in_95 : f32
      linalg.yield %731 : i1
    } -> tensor<2x64xi1>
    %192 = tensor.empty() : tensor<2x64xf32>
    %193 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%191 : tensor<2x64xi1>) outs(%192 : tensor<2x64xf32>) {
    ^bb0(%in: i1, %out: f32):
      %731 = arith.select %in, %cst_9, %cst_11 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %194 = tensor.empty() : tensor<2x64xi1>
    %195 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%189 : tensor<2x64xf32>) outs(%194 : tensor<2x64xi1>) {
    ^bb0(%in: f32, %out: i1):
      %731 = arith.cmpf oeq, %cst_11, %in : f32
      linalg.yield %731 : i1
    } -> tensor<2x64xi1>
    %196 = tensor.empty() : tensor<2x64xf32>
    %197 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%195 : tensor<2x64xi1>) outs(%196 : tensor<2x64xf32>) {
    ^bb0(%in: i1, %out: f32):
      %731 = arith.select %in, %cst_12, %cst_9 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %198 = tensor.empty() : tensor<2x64xf32>
    %199 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%193, %197 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%198 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.divf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %expanded_39 = tensor.expand_shape %189 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xf32> into tensor<2x64x1xf32>
    %200 = tensor.empty() : tensor<2x64x64xf32>
    %201 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%176 : tensor<2x64xf32>) outs(%200 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %202 = tensor.empty() : tensor<2x64x64xf32>
    %203 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%167, %201 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%202 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.subf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %204 = tensor.empty() : tensor<2x64x1xf32>
    %205 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_39 : tensor<2x64x1xf32>) outs(%204 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %in, %cst_8 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x1xf32>
    %206 = tensor.empty() : tensor<2x64x1xf32>
    %207 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%205 : tensor<2x64x1xf32>) outs(%206 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = math.rsqrt %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x1xf32>
    %208 = tensor.empty() : tensor<2x64x1xf32>
    %209 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%207, %205 : tensor<2x64x1xf32>, tensor<2x64x1xf32>) outs(%208 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.divf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x1xf32>
    %210 = tensor.empty() : tensor<2x64x1xf32>
    %211 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%209 : tensor<2x64x1xf32>) outs(%210 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.mulf %in, %cst_7 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x1xf32>
    %expanded_40 = tensor.expand_shape %arg9 [[0, 1, 2]] output_shape [1, 1, 64] : tensor<64xf32> into tensor<1x1x64xf32>
    %212 = tensor.empty() : tensor<2x64x64xf32>
    %213 = linalg.generic {indexing_maps = [#map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%207 : tensor<2x64x1xf32>) outs(%212 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %214 = tensor.empty() : tensor<2x64x64xf32>
    %215 = linalg.generic {indexing_maps = [#map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_40 : tensor<1x1x64xf32>) outs(%214 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %216 = tensor.empty() : tensor<2x64x64xf32>
    %217 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%213, %215 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%216 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %218 = tensor.empty() : tensor<2x64x64xf32>
    %219 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%203, %217 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%218 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %expanded_41 = tensor.expand_shape %arg8 [[0, 1, 2]] output_shape [1, 1, 64] : tensor<64xf32> into tensor<1x1x64xf32>
    %220 = tensor.empty() : tensor<2x64x64xf32>
    %221 = linalg.generic {indexing_maps = [#map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_41 : tensor<1x1x64xf32>) outs(%220 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %222 = tensor.empty() : tensor<2x64x64xf32>
    %223 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%219, %221 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%222 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.addf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %collapsed_42 = tensor.collapse_shape %223 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %224 = tensor.empty() : tensor<128x256xf32>
    %225 = linalg.fill ins(%cst_11 : f32) outs(%224 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %226 = linalg.matmul ins(%collapsed_42, %arg3 : tensor<128x64xf32>, tensor<64x256xf32>) outs(%225 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %expanded_43 = tensor.expand_shape %226 [[0, 1], [2]] output_shape [2, 64, 256] : tensor<128x256xf32> into tensor<2x64x256xf32>
    %expanded_44 = tensor.expand_shape %arg2 [[0, 1, 2]] output_shape [1, 1, 256] : tensor<256xf32> into tensor<1x1x256xf32>
    %227 = tensor.empty() : tensor<2x64x256xf32>
    %228 = linalg.generic {indexing_maps = [#map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_44 : tensor<1x1x256xf32>) outs(%227 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x256xf32>
    %229 = tensor.empty() : tensor<2x64x256xf32>
    %230 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_43, %228 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%229 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.addf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x256xf32>
    %231 = tensor.empty() : tensor<2x64x256xf32>
    %232 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%230 : tensor<2x64x256xf32>) outs(%231 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.mulf %in, %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x256xf32>
    %233 = tensor.empty() : tensor<2x64x256xf32>
    %234 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%232, %230 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%233 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x256xf32>
    %235 = tensor.empty() : tensor<2x64x256xf32>
    %236 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%232 : tensor<2x64x256xf32>) outs(%235 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.mulf %in, %cst_4 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x256xf32>
    %237 = tensor.empty() : tensor<2x64x256xf32>
    %238 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%234 : tensor<2x64x256xf32>) outs(%237 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.mulf %in, %cst_3 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x256xf32>
    %239 = tensor.empty() : tensor<2x64x256xf32>
    %240 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%230, %238 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%239 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.addf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x256xf32>
    %241 = tensor.empty() : tensor<2x64x256xf32>
    %242 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%240 : tensor<2x64x256xf32>) outs(%241 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.mulf %in, %cst_2 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x256xf32>
    %243 = tensor.empty() : tensor<2x64x256xf32>
    %244 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%242 : tensor<2x64x256xf32>) outs(%243 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = math.tanh %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x256xf32>
    %245 = tensor.empty() : tensor<2x64x256xf32>
    %246 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%244 : tensor<2x64x256xf32>) outs(%245 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.subf %cst_9, %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x256xf32>
    %247 = tensor.empty() : tensor<2x64x256xf32>
    %248 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%244 : tensor<2x64x256xf32>) outs(%247 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %in, %cst_9 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x256xf32>
    %249 = tensor.empty() : tensor<2x64x256xf32>
    %250 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%248 : tensor<2x64x256xf32>) outs(%249 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.mulf %in, %cst_1 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x256xf32>
    %251 = tensor.empty() : tensor<2x64x256xf32>
    %252 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%230, %250 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%251 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x256xf32>
    %collapsed_45 = tensor.collapse_shape %252 [[0, 1], [2]] : tensor<2x64x256xf32> into tensor<128x256xf32>
    %253 = tensor.empty() : tensor<128x64xf32>
    %254 = linalg.fill ins(%cst_11 : f32) outs(%253 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %255 = linalg.matmul ins(%collapsed_45, %arg11 : tensor<128x256xf32>, tensor<256x64xf32>) outs(%254 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_46 = tensor.expand_shape %255 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %expanded_47 = tensor.expand_shape %arg10 [[0, 1, 2]] output_shape [1, 1, 64] : tensor<64xf32> into tensor<1x1x64xf32>
    %256 = tensor.empty() : tensor<2x64x64xf32>
    %257 = linalg.generic {indexing_maps = [#map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_47 : tensor<1x1x64xf32>) outs(%256 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %258 = tensor.empty() : tensor<2x64x64xf32>
    %259 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_46, %257 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%258 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.addf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %260 = tensor.empty() : tensor<2x64x64xf32>
    %261 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%167, %259 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%260 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.addf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %262 = tensor.empty() : tensor<2x64x64xf32>
    %263 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%261 : tensor<2x64x64xf32>) outs(%262 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.mulf %in, %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %264 = tensor.empty() : tensor<2x64x64xf32>
    %265 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%261 : tensor<2x64x64xf32>) outs(%264 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.mulf %in, %cst_12 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %266 = tensor.empty() : tensor<2x64xf32>
    %267 = linalg.fill ins(%cst_11 : f32) outs(%266 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %268 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%261 : tensor<2x64x64xf32>) outs(%267 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %out, %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %269 = tensor.empty() : tensor<2x64xf32>
    %270 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%268 : tensor<2x64xf32>) outs(%269 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.divf %in, %cst_10 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %271 = tensor.empty() : tensor<2x64xf32>
    %272 = linalg.fill ins(%cst_11 : f32) outs(%271 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %273 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%263 : tensor<2x64x64xf32>) outs(%272 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %out, %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %274 = tensor.empty() : tensor<2x64xf32>
    %275 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%273 : tensor<2x64xf32>) outs(%274 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.divf %in, %cst_10 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %276 = tensor.empty() : tensor<2x64xf32>
    %277 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%270 : tensor<2x64xf32>) outs(%276 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.mulf %in, %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %278 = tensor.empty() : tensor<2x64xf32>
    %279 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%270 : tensor<2x64xf32>) outs(%278 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.mulf %in, %cst_12 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %280 = tensor.empty() : tensor<2x64xf32>
    %281 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%275, %277 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%280 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.subf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %282 = tensor.empty() : tensor<2x64xf32>
    %283 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%281 : tensor<2x64xf32>) outs(%282 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.maximumf %in, %cst_11 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %284 = tensor.empty() : tensor<2x64xi1>
    %285 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%281, %283 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%284 : tensor<2x64xi1>) {
    ^bb0(%in: f32, %in_95: f32, %out: i1):
      %731 = arith.cmpf oeq, %in, %in_95 : f32
      linalg.yield %731 : i1
    } -> tensor<2x64xi1>
    %286 = tensor.empty() : tensor<2x64xf32>
    %287 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%285 : tensor<2x64xi1>) outs(%286 : tensor<2x64xf32>) {
    ^bb0(%in: i1, %out: f32):
      %731 = arith.select %in, %cst_9, %cst_11 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %288 = tensor.empty() : tensor<2x64xi1>
    %289 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%283 : tensor<2x64xf32>) outs(%288 : tensor<2x64xi1>) {
    ^bb0(%in: f32, %out: i1):
      %731 = arith.cmpf oeq, %cst_11, %in : f32
      linalg.yield %731 : i1
    } -> tensor<2x64xi1>
    %290 = tensor.empty() : tensor<2x64xf32>
    %291 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%289 : tensor<2x64xi1>) outs(%290 : tensor<2x64xf32>) {
    ^bb0(%in: i1, %out: f32):
      %731 = arith.select %in, %cst_12, %cst_9 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %292 = tensor.empty() : tensor<2x64xf32>
    %293 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%287, %291 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%292 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.divf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %expanded_48 = tensor.expand_shape %283 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xf32> into tensor<2x64x1xf32>
    %294 = tensor.empty() : tensor<2x64x64xf32>
    %295 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%270 : tensor<2x64xf32>) outs(%294 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %296 = tensor.empty() : tensor<2x64x64xf32>
    %297 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%261, %295 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%296 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.subf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %298 = tensor.empty() : tensor<2x64x1xf32>
    %299 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_48 : tensor<2x64x1xf32>) outs(%298 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %in, %cst_8 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x1xf32>
    %300 = tensor.empty() : tensor<2x64x1xf32>
    %301 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%299 : tensor<2x64x1xf32>) outs(%300 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = math.rsqrt %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x1xf32>
    %302 = tensor.empty() : tensor<2x64x1xf32>
    %303 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%301, %299 : tensor<2x64x1xf32>, tensor<2x64x1xf32>) outs(%302 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.divf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x1xf32>
    %304 = tensor.empty() : tensor<2x64x1xf32>
    %305 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%303 : tensor<2x64x1xf32>) outs(%304 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.mulf %in, %cst_7 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x1xf32>
    %expanded_49 = tensor.expand_shape %arg14 [[0, 1, 2]] output_shape [1, 1, 64] : tensor<64xf32> into tensor<1x1x64xf32>
    %306 = tensor.empty() : tensor<2x64x64xf32>
    %307 = linalg.generic {indexing_maps = [#map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%301 : tensor<2x64x1xf32>) outs(%306 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %308 = tensor.empty() : tensor<2x64x64xf32>
    %309 = linalg.generic {indexing_maps = [#map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_49 : tensor<1x1x64xf32>) outs(%308 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %310 = tensor.empty() : tensor<2x64x64xf32>
    %311 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%307, %309 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%310 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %312 = tensor.empty() : tensor<2x64x64xf32>
    %313 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%297, %311 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%312 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %expanded_50 = tensor.expand_shape %arg13 [[0, 1, 2]] output_shape [1, 1, 64] : tensor<64xf32> into tensor<1x1x64xf32>
    %314 = tensor.empty() : tensor<2x64x64xf32>
    %315 = linalg.generic {indexing_maps = [#map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_50 : tensor<1x1x64xf32>) outs(%314 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %316 = tensor.empty() : tensor<2x64x64xf32>
    %317 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%313, %315 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%316 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.addf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %collapsed_51 = tensor.collapse_shape %317 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %318 = tensor.empty() : tensor<128x1024xf32>
    %319 = linalg.fill ins(%cst_11 : f32) outs(%318 : tensor<128x1024xf32>) -> tensor<128x1024xf32>
    %320 = linalg.matmul ins(%collapsed_51, %arg12 : tensor<128x64xf32>, tensor<64x1024xf32>) outs(%319 : tensor<128x1024xf32>) -> tensor<128x1024xf32>
    %expanded_52 = tensor.expand_shape %320 [[0, 1], [2]] output_shape [2, 64, 1024] : tensor<128x1024xf32> into tensor<2x64x1024xf32>
    %321 = tensor.empty() : tensor<2x64xi1>
    %322 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg18 : tensor<2x64xi32>) outs(%321 : tensor<2x64xi1>) {
    ^bb0(%in: i32, %out: i1):
      %731 = arith.cmpi ne, %in, %c-100_i32 : i32
      linalg.yield %731 : i1
    } -> tensor<2x64xi1>
    %323 = tensor.empty() : tensor<2x64xi32>
    %324 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%322, %arg18 : tensor<2x64xi1>, tensor<2x64xi32>) outs(%323 : tensor<2x64xi32>) {
    ^bb0(%in: i1, %in_95: i32, %out: i32):
      %731 = arith.select %in, %in_95, %c0_i32 : i32
      linalg.yield %731 : i32
    } -> tensor<2x64xi32>
    %325 = tensor.empty() : tensor<1x1x1024xi32>
    %326 = linalg.generic {indexing_maps = [#map1], iterator_types = ["parallel", "parallel", "parallel"]} outs(%325 : tensor<1x1x1024xi32>) {
    ^bb0(%out: i32):
      %731 = linalg.index 2 : index
      %732 = arith.index_cast %731 : index to i32
      linalg.yield %732 : i32
    } -> tensor<1x1x1024xi32>
    %327 = tensor.empty() : tensor<2x64x1024xi32>
    %328 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%324 : tensor<2x64xi32>) outs(%327 : tensor<2x64x1024xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    } -> tensor<2x64x1024xi32>
    %329 = tensor.empty() : tensor<2x64x1024xi32>
    %330 = linalg.generic {indexing_maps = [#map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%326 : tensor<1x1x1024xi32>) outs(%329 : tensor<2x64x1024xi32>) {
    ^bb0(%in: i32, %out: i32):
      linalg.yield %in : i32
    } -> tensor<2x64x1024xi32>
    %331 = tensor.empty() : tensor<2x64x1024xi1>
    %332 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%328, %330 : tensor<2x64x1024xi32>, tensor<2x64x1024xi32>) outs(%331 : tensor<2x64x1024xi1>) {
    ^bb0(%in: i32, %in_95: i32, %out: i1):
      %731 = arith.cmpi eq, %in, %in_95 : i32
      linalg.yield %731 : i1
    } -> tensor<2x64x1024xi1>
    %333 = tensor.empty() : tensor<2x64x1024xf32>
    %334 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%332 : tensor<2x64x1024xi1>) outs(%333 : tensor<2x64x1024xf32>) {
    ^bb0(%in: i1, %out: f32):
      %731 = arith.uitofp %in : i1 to f32
      linalg.yield %731 : f32
    } -> tensor<2x64x1024xf32>
    %335 = tensor.empty() : tensor<2x64x1024xf32>
    %336 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%334 : tensor<2x64x1024xf32>) outs(%335 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.mulf %in, %cst_0 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x1024xf32>
    %337 = tensor.empty() : tensor<2x64x1024xf32>
    %338 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%336 : tensor<2x64x1024xf32>) outs(%337 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %in, %cst : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x1024xf32>
    %339 = tensor.empty() : tensor<2x64xf32>
    %340 = linalg.fill ins(%cst_5 : f32) outs(%339 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %341 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%expanded_52 : tensor<2x64x1024xf32>) outs(%340 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.maximumf %out, %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %342 = tensor.empty() : tensor<2x64x1024xf32>
    %343 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%341 : tensor<2x64xf32>) outs(%342 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x1024xf32>
    %344 = tensor.empty() : tensor<2x64x1024xf32>
    %345 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_52, %343 : tensor<2x64x1024xf32>, tensor<2x64x1024xf32>) outs(%344 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.subf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x1024xf32>
    %346 = tensor.empty() : tensor<2x64x1024xf32>
    %347 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%345 : tensor<2x64x1024xf32>) outs(%346 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = math.exp %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x1024xf32>
    %348 = tensor.empty() : tensor<2x64xf32>
    %349 = linalg.fill ins(%cst_11 : f32) outs(%348 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %350 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%347 : tensor<2x64x1024xf32>) outs(%349 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %out, %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %expanded_53 = tensor.expand_shape %350 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xf32> into tensor<2x64x1xf32>
    %351 = tensor.empty() : tensor<2x64x1xf32>
    %352 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_53 : tensor<2x64x1xf32>) outs(%351 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = math.log %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x1xf32>
    %353 = tensor.empty() : tensor<2x64x1024xf32>
    %354 = linalg.generic {indexing_maps = [#map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%352 : tensor<2x64x1xf32>) outs(%353 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x1024xf32>
    %355 = tensor.empty() : tensor<2x64x1024xf32>
    %356 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%345, %354 : tensor<2x64x1024xf32>, tensor<2x64x1024xf32>) outs(%355 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.subf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x1024xf32>
    %357 = tensor.empty() : tensor<2x64x1024xf32>
    %358 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%338, %356 : tensor<2x64x1024xf32>, tensor<2x64x1024xf32>) outs(%357 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x1024xf32>
    %359 = tensor.empty() : tensor<2x64xf32>
    %360 = linalg.fill ins(%cst_11 : f32) outs(%359 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %361 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%358 : tensor<2x64x1024xf32>) outs(%360 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %out, %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %362 = tensor.empty() : tensor<2x64xf32>
    %363 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%361 : tensor<2x64xf32>) outs(%362 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.negf %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %364 = tensor.empty() : tensor<2x64xf32>
    %365 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%322, %363 : tensor<2x64xi1>, tensor<2x64xf32>) outs(%364 : tensor<2x64xf32>) {
    ^bb0(%in: i1, %in_95: f32, %out: f32):
      %731 = arith.select %in, %in_95, %cst_11 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %366 = tensor.empty() : tensor<f32>
    %367 = linalg.fill ins(%cst_11 : f32) outs(%366 : tensor<f32>) -> tensor<f32>
    %368 = linalg.generic {indexing_maps = [#map, #map13], iterator_types = ["reduction", "reduction"]} ins(%365 : tensor<2x64xf32>) outs(%367 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %out, %in : f32
      linalg.yield %731 : f32
    } -> tensor<f32>
    %369 = tensor.empty() : tensor<2x64xi32>
    %370 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%322 : tensor<2x64xi1>) outs(%369 : tensor<2x64xi32>) {
    ^bb0(%in: i1, %out: i32):
      %731 = arith.extui %in : i1 to i32
      linalg.yield %731 : i32
    } -> tensor<2x64xi32>
    %371 = tensor.empty() : tensor<i32>
    %372 = linalg.fill ins(%c0_i32 : i32) outs(%371 : tensor<i32>) -> tensor<i32>
    %373 = linalg.generic {indexing_maps = [#map, #map13], iterator_types = ["reduction", "reduction"]} ins(%370 : tensor<2x64xi32>) outs(%372 : tensor<i32>) {
    ^bb0(%in: i32, %out: i32):
      %731 = arith.addi %out, %in : i32
      linalg.yield %731 : i32
    } -> tensor<i32>
    %374 = tensor.empty() : tensor<i32>
    %375 = linalg.generic {indexing_maps = [#map14, #map14], iterator_types = []} ins(%373 : tensor<i32>) outs(%374 : tensor<i32>) {
    ^bb0(%in: i32, %out: i32):
      %731 = arith.maxsi %in, %c1_i32 : i32
      linalg.yield %731 : i32
    } -> tensor<i32>
    %376 = tensor.empty() : tensor<f32>
    %377 = linalg.generic {indexing_maps = [#map14, #map14], iterator_types = []} ins(%375 : tensor<i32>) outs(%376 : tensor<f32>) {
    ^bb0(%in: i32, %out: f32):
      %731 = arith.sitofp %in : i32 to f32
      linalg.yield %731 : f32
    } -> tensor<f32>
    %378 = tensor.empty() : tensor<f32>
    %379 = linalg.generic {indexing_maps = [#map14, #map14, #map14], iterator_types = []} ins(%368, %377 : tensor<f32>, tensor<f32>) outs(%378 : tensor<f32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.divf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<f32>
    %380 = tensor.empty() : tensor<f32>
    %381 = linalg.generic {indexing_maps = [#map14, #map14], iterator_types = []} ins(%377 : tensor<f32>) outs(%380 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.divf %cst_9, %in : f32
      linalg.yield %731 : f32
    } -> tensor<f32>
    %382 = tensor.empty() : tensor<2x64xf32>
    %383 = linalg.generic {indexing_maps = [#map13, #map], iterator_types = ["parallel", "parallel"]} ins(%381 : tensor<f32>) outs(%382 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64xf32>
    %384 = tensor.empty() : tensor<2x64xf32>
    %385 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%322, %383 : tensor<2x64xi1>, tensor<2x64xf32>) outs(%384 : tensor<2x64xf32>) {
    ^bb0(%in: i1, %in_95: f32, %out: f32):
      %731 = arith.select %in, %in_95, %cst_11 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %386 = tensor.empty() : tensor<2x64xf32>
    %387 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%385 : tensor<2x64xf32>) outs(%386 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.negf %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %388 = tensor.empty() : tensor<2x64x1024xf32>
    %389 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%387 : tensor<2x64xf32>) outs(%388 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x1024xf32>
    %390 = tensor.empty() : tensor<2x64x1024xf32>
    %391 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%338, %389 : tensor<2x64x1024xf32>, tensor<2x64x1024xf32>) outs(%390 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x1024xf32>
    %392 = tensor.empty() : tensor<2x64x1024xf32>
    %393 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%391 : tensor<2x64x1024xf32>) outs(%392 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.negf %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x1024xf32>
    %394 = tensor.empty() : tensor<2x64xf32>
    %395 = linalg.fill ins(%cst_11 : f32) outs(%394 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %396 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%393 : tensor<2x64x1024xf32>) outs(%395 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %out, %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %expanded_54 = tensor.expand_shape %396 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xf32> into tensor<2x64x1xf32>
    %397 = tensor.empty() : tensor<2x64x1xf32>
    %398 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_54, %expanded_53 : tensor<2x64x1xf32>, tensor<2x64x1xf32>) outs(%397 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.divf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x1xf32>
    %399 = tensor.empty() : tensor<2x64xf32>
    %400 = linalg.fill ins(%cst_11 : f32) outs(%399 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %401 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%398 : tensor<2x64x1xf32>) outs(%400 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %out, %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %402 = tensor.empty() : tensor<2x64x1024xf32>
    %403 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%401 : tensor<2x64xf32>) outs(%402 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x1024xf32>
    %404 = tensor.empty() : tensor<2x64x1024xf32>
    %405 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%403, %347 : tensor<2x64x1024xf32>, tensor<2x64x1024xf32>) outs(%404 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x1024xf32>
    %406 = tensor.empty() : tensor<2x64x1024xf32>
    %407 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%391, %405 : tensor<2x64x1024xf32>, tensor<2x64x1024xf32>) outs(%406 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.addf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x1024xf32>
    %408 = tensor.empty() : tensor<1024x2x64xf32>
    %409 = linalg.generic {indexing_maps = [#map15, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%407 : tensor<2x64x1024xf32>) outs(%408 : tensor<1024x2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1024x2x64xf32>
    %collapsed_55 = tensor.collapse_shape %409 [[0], [1, 2]] : tensor<1024x2x64xf32> into tensor<1024x128xf32>
    %410 = tensor.empty() : tensor<1024x64xf32>
    %411 = linalg.fill ins(%cst_11 : f32) outs(%410 : tensor<1024x64xf32>) -> tensor<1024x64xf32>
    %412 = linalg.matmul ins(%collapsed_55, %collapsed_51 : tensor<1024x128xf32>, tensor<128x64xf32>) outs(%411 : tensor<1024x64xf32>) -> tensor<1024x64xf32>
    %413 = tensor.empty() : tensor<64x1024xf32>
    %414 = linalg.generic {indexing_maps = [#map16, #map], iterator_types = ["parallel", "parallel"]} ins(%412 : tensor<1024x64xf32>) outs(%413 : tensor<64x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<64x1024xf32>
    %collapsed_56 = tensor.collapse_shape %407 [[0, 1], [2]] : tensor<2x64x1024xf32> into tensor<128x1024xf32>
    %415 = tensor.empty() : tensor<1024x64xf32>
    %416 = linalg.generic {indexing_maps = [#map16, #map], iterator_types = ["parallel", "parallel"]} ins(%arg12 : tensor<64x1024xf32>) outs(%415 : tensor<1024x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1024x64xf32>
    %417 = tensor.empty() : tensor<128x64xf32>
    %418 = linalg.fill ins(%cst_11 : f32) outs(%417 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %419 = linalg.matmul ins(%collapsed_56, %416 : tensor<128x1024xf32>, tensor<1024x64xf32>) outs(%418 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_57 = tensor.expand_shape %419 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %420 = tensor.empty() : tensor<64xf32>
    %421 = linalg.fill ins(%cst_11 : f32) outs(%420 : tensor<64xf32>) -> tensor<64xf32>
    %422 = linalg.generic {indexing_maps = [#map15, #map17], iterator_types = ["parallel", "reduction", "reduction"]} ins(%expanded_57 : tensor<2x64x64xf32>) outs(%421 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %out, %in : f32
      linalg.yield %731 : f32
    } -> tensor<64xf32>
    %423 = tensor.empty() : tensor<2x64x64xf32>
    %424 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%297, %expanded_57 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%423 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %425 = tensor.empty() : tensor<2x64x64xf32>
    %426 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_57, %311 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%425 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %427 = tensor.empty() : tensor<2x64x64xf32>
    %428 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%307, %424 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%427 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %429 = tensor.empty() : tensor<64xf32>
    %430 = linalg.fill ins(%cst_11 : f32) outs(%429 : tensor<64xf32>) -> tensor<64xf32>
    %431 = linalg.generic {indexing_maps = [#map15, #map17], iterator_types = ["parallel", "reduction", "reduction"]} ins(%428 : tensor<2x64x64xf32>) outs(%430 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %out, %in : f32
      linalg.yield %731 : f32
    } -> tensor<64xf32>
    %432 = tensor.empty() : tensor<2x64x64xf32>
    %433 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%424, %309 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%432 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %434 = tensor.empty() : tensor<2x64xf32>
    %435 = linalg.fill ins(%cst_11 : f32) outs(%434 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %436 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%433 : tensor<2x64x64xf32>) outs(%435 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %out, %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %expanded_58 = tensor.expand_shape %436 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xf32> into tensor<2x64x1xf32>
    %437 = tensor.empty() : tensor<2x64x1xf32>
    %438 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_58, %305 : tensor<2x64x1xf32>, tensor<2x64x1xf32>) outs(%437 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x1xf32>
    %439 = tensor.empty() : tensor<2x64x64xf32>
    %440 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%426 : tensor<2x64x64xf32>) outs(%439 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.negf %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %441 = tensor.empty() : tensor<2x64xf32>
    %442 = linalg.fill ins(%cst_11 : f32) outs(%441 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %443 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%440 : tensor<2x64x64xf32>) outs(%442 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %out, %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %expanded_59 = tensor.expand_shape %443 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xf32> into tensor<2x64x1xf32>
    %444 = tensor.empty() : tensor<2x64xf32>
    %445 = linalg.fill ins(%cst_11 : f32) outs(%444 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %446 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%438 : tensor<2x64x1xf32>) outs(%445 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %out, %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %447 = tensor.empty() : tensor<2x64xf32>
    %448 = linalg.fill ins(%cst_11 : f32) outs(%447 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %449 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%expanded_59 : tensor<2x64x1xf32>) outs(%448 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %out, %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %450 = tensor.empty() : tensor<2x64xf32>
    %451 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%446, %293 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%450 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %452 = tensor.empty() : tensor<2x64xf32>
    %453 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%451 : tensor<2x64xf32>) outs(%452 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.negf %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %454 = tensor.empty() : tensor<2x64xf32>
    %455 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%453, %279 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%454 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %456 = tensor.empty() : tensor<2x64xf32>
    %457 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%449, %455 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%456 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.addf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %458 = tensor.empty() : tensor<2x64xf32>
    %459 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%451 : tensor<2x64xf32>) outs(%458 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.divf %in, %cst_10 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %460 = tensor.empty() : tensor<2x64x64xf32>
    %461 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%459 : tensor<2x64xf32>) outs(%460 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %462 = tensor.empty() : tensor<2x64xf32>
    %463 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%457 : tensor<2x64xf32>) outs(%462 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.divf %in, %cst_10 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %464 = tensor.empty() : tensor<2x64x64xf32>
    %465 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%463 : tensor<2x64xf32>) outs(%464 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %466 = tensor.empty() : tensor<2x64x64xf32>
    %467 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%426, %465 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%466 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.addf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %468 = tensor.empty() : tensor<2x64x64xf32>
    %469 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%461, %265 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%468 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %470 = tensor.empty() : tensor<2x64x64xf32>
    %471 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%467, %469 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%470 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.addf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %472 = tensor.empty() : tensor<64xf32>
    %473 = linalg.fill ins(%cst_11 : f32) outs(%472 : tensor<64xf32>) -> tensor<64xf32>
    %474 = linalg.generic {indexing_maps = [#map15, #map17], iterator_types = ["parallel", "reduction", "reduction"]} ins(%471 : tensor<2x64x64xf32>) outs(%473 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %out, %in : f32
      linalg.yield %731 : f32
    } -> tensor<64xf32>
    %475 = tensor.empty() : tensor<64x2x64xf32>
    %476 = linalg.generic {indexing_maps = [#map15, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%471 : tensor<2x64x64xf32>) outs(%475 : tensor<64x2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<64x2x64xf32>
    %collapsed_60 = tensor.collapse_shape %476 [[0], [1, 2]] : tensor<64x2x64xf32> into tensor<64x128xf32>
    %477 = tensor.empty() : tensor<64x256xf32>
    %478 = linalg.fill ins(%cst_11 : f32) outs(%477 : tensor<64x256xf32>) -> tensor<64x256xf32>
    %479 = linalg.matmul ins(%collapsed_60, %collapsed_45 : tensor<64x128xf32>, tensor<128x256xf32>) outs(%478 : tensor<64x256xf32>) -> tensor<64x256xf32>
    %480 = tensor.empty() : tensor<256x64xf32>
    %481 = linalg.generic {indexing_maps = [#map16, #map], iterator_types = ["parallel", "parallel"]} ins(%479 : tensor<64x256xf32>) outs(%480 : tensor<256x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<256x64xf32>
    %collapsed_61 = tensor.collapse_shape %471 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %482 = tensor.empty() : tensor<64x256xf32>
    %483 = linalg.generic {indexing_maps = [#map16, #map], iterator_types = ["parallel", "parallel"]} ins(%arg11 : tensor<256x64xf32>) outs(%482 : tensor<64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<64x256xf32>
    %484 = tensor.empty() : tensor<128x256xf32>
    %485 = linalg.fill ins(%cst_11 : f32) outs(%484 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %486 = linalg.matmul ins(%collapsed_61, %483 : tensor<128x64xf32>, tensor<64x256xf32>) outs(%485 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %expanded_62 = tensor.expand_shape %486 [[0, 1], [2]] output_shape [2, 64, 256] : tensor<128x256xf32> into tensor<2x64x256xf32>
    %487 = tensor.empty() : tensor<2x64x256xf32>
    %488 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%230, %expanded_62 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%487 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x256xf32>
    %489 = tensor.empty() : tensor<2x64x256xf32>
    %490 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_62, %250 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%489 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x256xf32>
    %491 = tensor.empty() : tensor<2x64x256xf32>
    %492 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%488 : tensor<2x64x256xf32>) outs(%491 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.mulf %in, %cst_1 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x256xf32>
    %493 = tensor.empty() : tensor<2x64x256xf32>
    %494 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%492, %246 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%493 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x256xf32>
    %495 = tensor.empty() : tensor<2x64x256xf32>
    %496 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%494, %244 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%495 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x256xf32>
    %497 = tensor.empty() : tensor<2x64x256xf32>
    %498 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%494, %496 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%497 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.addf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x256xf32>
    %499 = tensor.empty() : tensor<2x64x256xf32>
    %500 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%498 : tensor<2x64x256xf32>) outs(%499 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.mulf %in, %cst_2 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x256xf32>
    %501 = tensor.empty() : tensor<2x64x256xf32>
    %502 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%490, %500 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%501 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.addf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x256xf32>
    %503 = tensor.empty() : tensor<2x64x256xf32>
    %504 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%500 : tensor<2x64x256xf32>) outs(%503 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.mulf %in, %cst_3 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x256xf32>
    %505 = tensor.empty() : tensor<2x64x256xf32>
    %506 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%504, %236 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%505 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x256xf32>
    %507 = tensor.empty() : tensor<2x64x256xf32>
    %508 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%502, %506 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%507 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.addf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x256xf32>
    %509 = tensor.empty() : tensor<256xf32>
    %510 = linalg.fill ins(%cst_11 : f32) outs(%509 : tensor<256xf32>) -> tensor<256xf32>
    %511 = linalg.generic {indexing_maps = [#map15, #map17], iterator_types = ["parallel", "reduction", "reduction"]} ins(%508 : tensor<2x64x256xf32>) outs(%510 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %out, %in : f32
      linalg.yield %731 : f32
    } -> tensor<256xf32>
    %512 = tensor.empty() : tensor<256x2x64xf32>
    %513 = linalg.generic {indexing_maps = [#map15, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%508 : tensor<2x64x256xf32>) outs(%512 : tensor<256x2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<256x2x64xf32>
    %collapsed_63 = tensor.collapse_shape %513 [[0], [1, 2]] : tensor<256x2x64xf32> into tensor<256x128xf32>
    %514 = tensor.empty() : tensor<256x64xf32>
    %515 = linalg.fill ins(%cst_11 : f32) outs(%514 : tensor<256x64xf32>) -> tensor<256x64xf32>
    %516 = linalg.matmul ins(%collapsed_63, %collapsed_42 : tensor<256x128xf32>, tensor<128x64xf32>) outs(%515 : tensor<256x64xf32>) -> tensor<256x64xf32>
    %517 = tensor.empty() : tensor<64x256xf32>
    %518 = linalg.generic {indexing_maps = [#map16, #map], iterator_types = ["parallel", "parallel"]} ins(%516 : tensor<256x64xf32>) outs(%517 : tensor<64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<64x256xf32>
    %collapsed_64 = tensor.collapse_shape %508 [[0, 1], [2]] : tensor<2x64x256xf32> into tensor<128x256xf32>
    %519 = tensor.empty() : tensor<256x64xf32>
    %520 = linalg.generic {indexing_maps = [#map16, #map], iterator_types = ["parallel", "parallel"]} ins(%arg3 : tensor<64x256xf32>) outs(%519 : tensor<256x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<256x64xf32>
    %521 = tensor.empty() : tensor<128x64xf32>
    %522 = linalg.fill ins(%cst_11 : f32) outs(%521 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %523 = linalg.matmul ins(%collapsed_64, %520 : tensor<128x256xf32>, tensor<256x64xf32>) outs(%522 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_65 = tensor.expand_shape %523 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %524 = tensor.empty() : tensor<64xf32>
    %525 = linalg.fill ins(%cst_11 : f32) outs(%524 : tensor<64xf32>) -> tensor<64xf32>
    %526 = linalg.generic {indexing_maps = [#map15, #map17], iterator_types = ["parallel", "reduction", "reduction"]} ins(%expanded_65 : tensor<2x64x64xf32>) outs(%525 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %out, %in : f32
      linalg.yield %731 : f32
    } -> tensor<64xf32>
    %527 = tensor.empty() : tensor<2x64x64xf32>
    %528 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%203, %expanded_65 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%527 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %529 = tensor.empty() : tensor<2x64x64xf32>
    %530 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_65, %217 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%529 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %531 = tensor.empty() : tensor<2x64x64xf32>
    %532 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%213, %528 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%531 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %533 = tensor.empty() : tensor<64xf32>
    %534 = linalg.fill ins(%cst_11 : f32) outs(%533 : tensor<64xf32>) -> tensor<64xf32>
    %535 = linalg.generic {indexing_maps = [#map15, #map17], iterator_types = ["parallel", "reduction", "reduction"]} ins(%532 : tensor<2x64x64xf32>) outs(%534 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %out, %in : f32
      linalg.yield %731 : f32
    } -> tensor<64xf32>
    %536 = tensor.empty() : tensor<2x64x64xf32>
    %537 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%528, %215 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%536 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %538 = tensor.empty() : tensor<2x64xf32>
    %539 = linalg.fill ins(%cst_11 : f32) outs(%538 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %540 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%537 : tensor<2x64x64xf32>) outs(%539 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %out, %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %expanded_66 = tensor.expand_shape %540 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xf32> into tensor<2x64x1xf32>
    %541 = tensor.empty() : tensor<2x64x1xf32>
    %542 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_66, %211 : tensor<2x64x1xf32>, tensor<2x64x1xf32>) outs(%541 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x1xf32>
    %543 = tensor.empty() : tensor<2x64x64xf32>
    %544 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%530 : tensor<2x64x64xf32>) outs(%543 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.negf %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %545 = tensor.empty() : tensor<2x64xf32>
    %546 = linalg.fill ins(%cst_11 : f32) outs(%545 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %547 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%544 : tensor<2x64x64xf32>) outs(%546 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %out, %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %expanded_67 = tensor.expand_shape %547 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xf32> into tensor<2x64x1xf32>
    %548 = tensor.empty() : tensor<2x64x64xf32>
    %549 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%471, %530 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%548 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.addf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %550 = tensor.empty() : tensor<2x64xf32>
    %551 = linalg.fill ins(%cst_11 : f32) outs(%550 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %552 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%542 : tensor<2x64x1xf32>) outs(%551 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %out, %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %553 = tensor.empty() : tensor<2x64xf32>
    %554 = linalg.fill ins(%cst_11 : f32) outs(%553 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %555 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%expanded_67 : tensor<2x64x1xf32>) outs(%554 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %out, %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %556 = tensor.empty() : tensor<2x64xf32>
    %557 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%552, %199 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%556 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %558 = tensor.empty() : tensor<2x64xf32>
    %559 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%557 : tensor<2x64xf32>) outs(%558 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.negf %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %560 = tensor.empty() : tensor<2x64xf32>
    %561 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%559, %185 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%560 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %562 = tensor.empty() : tensor<2x64xf32>
    %563 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%555, %561 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%562 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.addf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %564 = tensor.empty() : tensor<2x64xf32>
    %565 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%557 : tensor<2x64xf32>) outs(%564 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.divf %in, %cst_10 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %566 = tensor.empty() : tensor<2x64x64xf32>
    %567 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%565 : tensor<2x64xf32>) outs(%566 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %568 = tensor.empty() : tensor<2x64xf32>
    %569 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%563 : tensor<2x64xf32>) outs(%568 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.divf %in, %cst_10 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %570 = tensor.empty() : tensor<2x64x64xf32>
    %571 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%569 : tensor<2x64xf32>) outs(%570 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %572 = tensor.empty() : tensor<2x64x64xf32>
    %573 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%549, %571 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%572 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.addf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %574 = tensor.empty() : tensor<2x64x64xf32>
    %575 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%567, %171 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%574 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %576 = tensor.empty() : tensor<2x64x64xf32>
    %577 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%573, %575 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%576 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.addf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %578 = tensor.empty() : tensor<64xf32>
    %579 = linalg.fill ins(%cst_11 : f32) outs(%578 : tensor<64xf32>) -> tensor<64xf32>
    %580 = linalg.generic {indexing_maps = [#map15, #map17], iterator_types = ["parallel", "reduction", "reduction"]} ins(%577 : tensor<2x64x64xf32>) outs(%579 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %out, %in : f32
      linalg.yield %731 : f32
    } -> tensor<64xf32>
    %581 = tensor.empty() : tensor<64x2x64xf32>
    %582 = linalg.generic {indexing_maps = [#map15, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%577 : tensor<2x64x64xf32>) outs(%581 : tensor<64x2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<64x2x64xf32>
    %collapsed_68 = tensor.collapse_shape %582 [[0], [1, 2]] : tensor<64x2x64xf32> into tensor<64x128xf32>
    %583 = tensor.empty() : tensor<64x64xf32>
    %584 = linalg.fill ins(%cst_11 : f32) outs(%583 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %585 = linalg.matmul ins(%collapsed_68, %collapsed_36 : tensor<64x128xf32>, tensor<128x64xf32>) outs(%584 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %586 = tensor.empty() : tensor<64x64xf32>
    %587 = linalg.generic {indexing_maps = [#map16, #map], iterator_types = ["parallel", "parallel"]} ins(%585 : tensor<64x64xf32>) outs(%586 : tensor<64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<64x64xf32>
    %collapsed_69 = tensor.collapse_shape %577 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %588 = tensor.empty() : tensor<64x64xf32>
    %589 = linalg.generic {indexing_maps = [#map16, #map], iterator_types = ["parallel", "parallel"]} ins(%arg5 : tensor<64x64xf32>) outs(%588 : tensor<64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<64x64xf32>
    %590 = tensor.empty() : tensor<128x64xf32>
    %591 = linalg.fill ins(%cst_11 : f32) outs(%590 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %592 = linalg.matmul ins(%collapsed_69, %589 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%591 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_70 = tensor.expand_shape %592 [[0, 1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<128x64xf32> into tensor<2x64x2x32xf32>
    %593 = tensor.empty() : tensor<2x2x64x32xf32>
    %594 = linalg.generic {indexing_maps = [#map10, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_70 : tensor<2x64x2x32xf32>) outs(%593 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x2x64x32xf32>
    %595 = tensor.empty() : tensor<2x2x32x64xf32>
    %596 = linalg.generic {indexing_maps = [#map11, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%594 : tensor<2x2x64x32xf32>) outs(%595 : tensor<2x2x32x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x2x32x64xf32>
    %collapsed_71 = tensor.collapse_shape %596 [[0, 1], [2], [3]] : tensor<2x2x32x64xf32> into tensor<4x32x64xf32>
    %597 = tensor.empty() : tensor<4x32x64xf32>
    %598 = linalg.fill ins(%cst_11 : f32) outs(%597 : tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %599 = linalg.batch_matmul ins(%collapsed_71, %collapsed_33 : tensor<4x32x64xf32>, tensor<4x64x64xf32>) outs(%598 : tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %expanded_72 = tensor.expand_shape %599 [[0, 1], [2], [3]] output_shape [2, 2, 32, 64] : tensor<4x32x64xf32> into tensor<2x2x32x64xf32>
    %600 = tensor.empty() : tensor<2x2x64x32xf32>
    %601 = linalg.generic {indexing_maps = [#map11, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_72 : tensor<2x2x32x64xf32>) outs(%600 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x2x64x32xf32>
    %602 = tensor.empty() : tensor<2x2x32x64xf32>
    %603 = linalg.generic {indexing_maps = [#map11, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%116 : tensor<2x2x64x32xf32>) outs(%602 : tensor<2x2x32x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x2x32x64xf32>
    %collapsed_73 = tensor.collapse_shape %594 [[0, 1], [2], [3]] : tensor<2x2x64x32xf32> into tensor<4x64x32xf32>
    %collapsed_74 = tensor.collapse_shape %603 [[0, 1], [2], [3]] : tensor<2x2x32x64xf32> into tensor<4x32x64xf32>
    %604 = tensor.empty() : tensor<4x64x64xf32>
    %605 = linalg.fill ins(%cst_11 : f32) outs(%604 : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
    %606 = linalg.batch_matmul ins(%collapsed_73, %collapsed_74 : tensor<4x64x32xf32>, tensor<4x32x64xf32>) outs(%605 : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
    %expanded_75 = tensor.expand_shape %606 [[0, 1], [2], [3]] output_shape [2, 2, 64, 64] : tensor<4x64x64xf32> into tensor<2x2x64x64xf32>
    %607 = tensor.empty() : tensor<2x2x64x64xf32>
    %608 = linalg.generic {indexing_maps = [#map18, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%153 : tensor<2x2x64x1xf32>) outs(%607 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x2x64x64xf32>
    %609 = tensor.empty() : tensor<2x2x64x64xf32>
    %610 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_75, %608 : tensor<2x2x64x64xf32>, tensor<2x2x64x64xf32>) outs(%609 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x2x64x64xf32>
    %611 = tensor.empty() : tensor<2x2x64x64xf32>
    %612 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%610, %142 : tensor<2x2x64x64xf32>, tensor<2x2x64x64xf32>) outs(%611 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x2x64x64xf32>
    %613 = tensor.empty() : tensor<2x2x64xf32>
    %614 = linalg.fill ins(%cst_11 : f32) outs(%613 : tensor<2x2x64xf32>) -> tensor<2x2x64xf32>
    %615 = linalg.generic {indexing_maps = [#map4, #map3], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%612 : tensor<2x2x64x64xf32>) outs(%614 : tensor<2x2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %out, %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x2x64xf32>
    %616 = tensor.empty() : tensor<2x2x64xf32>
    %617 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%615 : tensor<2x2x64xf32>) outs(%616 : tensor<2x2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.negf %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x2x64xf32>
    %expanded_76 = tensor.expand_shape %617 [[0], [1], [2, 3]] output_shape [2, 2, 64, 1] : tensor<2x2x64xf32> into tensor<2x2x64x1xf32>
    %618 = tensor.empty() : tensor<2x2x64x64xf32>
    %619 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_75, %147 : tensor<2x2x64x64xf32>, tensor<2x2x64x64xf32>) outs(%618 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.divf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x2x64x64xf32>
    %620 = tensor.empty() : tensor<2x2x64xf32>
    %621 = linalg.fill ins(%cst_11 : f32) outs(%620 : tensor<2x2x64xf32>) -> tensor<2x2x64xf32>
    %622 = linalg.generic {indexing_maps = [#map4, #map3], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%expanded_76 : tensor<2x2x64x1xf32>) outs(%621 : tensor<2x2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %out, %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x2x64xf32>
    %623 = tensor.empty() : tensor<2x2x64x64xf32>
    %624 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%622 : tensor<2x2x64xf32>) outs(%623 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x2x64x64xf32>
    %625 = tensor.empty() : tensor<2x2x64x64xf32>
    %626 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%619, %624 : tensor<2x2x64x64xf32>, tensor<2x2x64x64xf32>) outs(%625 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.addf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x2x64x64xf32>
    %627 = tensor.empty() : tensor<2x2x64x64xf32>
    %628 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%626, %142 : tensor<2x2x64x64xf32>, tensor<2x2x64x64xf32>) outs(%627 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x2x64x64xf32>
    %629 = tensor.empty() : tensor<2x2x64x64xf32>
    %630 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%131, %628 : tensor<2x2x64x64xi1>, tensor<2x2x64x64xf32>) outs(%629 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: i1, %in_95: f32, %out: f32):
      %731 = arith.select %in, %in_95, %cst_11 : f32
      linalg.yield %731 : f32
    } -> tensor<2x2x64x64xf32>
    %631 = tensor.empty() : tensor<2x2x64x64xf32>
    %632 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%630 : tensor<2x2x64x64xf32>) outs(%631 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.mulf %in, %cst_6 : f32
      linalg.yield %731 : f32
    } -> tensor<2x2x64x64xf32>
    %633 = tensor.empty() : tensor<2x2x64x64xf32>
    %634 = linalg.generic {indexing_maps = [#map11, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%632 : tensor<2x2x64x64xf32>) outs(%633 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x2x64x64xf32>
    %collapsed_77 = tensor.collapse_shape %634 [[0, 1], [2], [3]] : tensor<2x2x64x64xf32> into tensor<4x64x64xf32>
    %635 = tensor.empty() : tensor<4x64x32xf32>
    %636 = linalg.fill ins(%cst_11 : f32) outs(%635 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %637 = linalg.batch_matmul ins(%collapsed_77, %collapsed_29 : tensor<4x64x64xf32>, tensor<4x64x32xf32>) outs(%636 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %expanded_78 = tensor.expand_shape %637 [[0, 1], [2], [3]] output_shape [2, 2, 64, 32] : tensor<4x64x32xf32> into tensor<2x2x64x32xf32>
    %638 = tensor.empty() : tensor<2x2x32x64xf32>
    %639 = linalg.generic {indexing_maps = [#map11, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_78 : tensor<2x2x64x32xf32>) outs(%638 : tensor<2x2x32x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x2x32x64xf32>
    %640 = tensor.empty() : tensor<2x2x64x32xf32>
    %641 = linalg.generic {indexing_maps = [#map11, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%118 : tensor<2x2x32x64xf32>) outs(%640 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x2x64x32xf32>
    %collapsed_79 = tensor.collapse_shape %632 [[0, 1], [2], [3]] : tensor<2x2x64x64xf32> into tensor<4x64x64xf32>
    %collapsed_80 = tensor.collapse_shape %641 [[0, 1], [2], [3]] : tensor<2x2x64x32xf32> into tensor<4x64x32xf32>
    %642 = tensor.empty() : tensor<4x64x32xf32>
    %643 = linalg.fill ins(%cst_11 : f32) outs(%642 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %644 = linalg.batch_matmul ins(%collapsed_79, %collapsed_80 : tensor<4x64x64xf32>, tensor<4x64x32xf32>) outs(%643 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %expanded_81 = tensor.expand_shape %644 [[0, 1], [2], [3]] output_shape [2, 2, 64, 32] : tensor<4x64x32xf32> into tensor<2x2x64x32xf32>
    %645 = tensor.empty() : tensor<2x2x64x32xf32>
    %646 = linalg.generic {indexing_maps = [#map11, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%639 : tensor<2x2x32x64xf32>) outs(%645 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x2x64x32xf32>
    %647 = tensor.empty() : tensor<2x64x2x32xf32>
    %648 = linalg.generic {indexing_maps = [#map10, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%601 : tensor<2x2x64x32xf32>) outs(%647 : tensor<2x64x2x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x2x32xf32>
    %collapsed_82 = tensor.collapse_shape %648 [[0], [1], [2, 3]] : tensor<2x64x2x32xf32> into tensor<2x64x64xf32>
    %649 = tensor.empty() : tensor<2x64x2x32xf32>
    %650 = linalg.generic {indexing_maps = [#map10, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%646 : tensor<2x2x64x32xf32>) outs(%649 : tensor<2x64x2x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x2x32xf32>
    %collapsed_83 = tensor.collapse_shape %650 [[0], [1], [2, 3]] : tensor<2x64x2x32xf32> into tensor<2x64x64xf32>
    %651 = tensor.empty() : tensor<2x64x2x32xf32>
    %652 = linalg.generic {indexing_maps = [#map10, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_81 : tensor<2x2x64x32xf32>) outs(%651 : tensor<2x64x2x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x2x32xf32>
    %collapsed_84 = tensor.collapse_shape %652 [[0], [1], [2, 3]] : tensor<2x64x2x32xf32> into tensor<2x64x64xf32>
    %653 = tensor.empty() : tensor<2x64x192xf32>
    %inserted_slice = tensor.insert_slice %collapsed_84 into %653[0, 0, 0] [2, 64, 64] [1, 1, 1] : tensor<2x64x64xf32> into tensor<2x64x192xf32>
    %inserted_slice_85 = tensor.insert_slice %collapsed_83 into %inserted_slice[0, 0, 64] [2, 64, 64] [1, 1, 1] : tensor<2x64x64xf32> into tensor<2x64x192xf32>
    %inserted_slice_86 = tensor.insert_slice %collapsed_82 into %inserted_slice_85[0, 0, 128] [2, 64, 64] [1, 1, 1] : tensor<2x64x64xf32> into tensor<2x64x192xf32>
    %654 = tensor.empty() : tensor<192xf32>
    %655 = linalg.fill ins(%cst_11 : f32) outs(%654 : tensor<192xf32>) -> tensor<192xf32>
    %656 = linalg.generic {indexing_maps = [#map15, #map17], iterator_types = ["parallel", "reduction", "reduction"]} ins(%inserted_slice_86 : tensor<2x64x192xf32>) outs(%655 : tensor<192xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %out, %in : f32
      linalg.yield %731 : f32
    } -> tensor<192xf32>
    %657 = tensor.empty() : tensor<192x2x64xf32>
    %658 = linalg.generic {indexing_maps = [#map15, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%inserted_slice_86 : tensor<2x64x192xf32>) outs(%657 : tensor<192x2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<192x2x64xf32>
    %collapsed_87 = tensor.collapse_shape %658 [[0], [1, 2]] : tensor<192x2x64xf32> into tensor<192x128xf32>
    %659 = tensor.empty() : tensor<192x64xf32>
    %660 = linalg.fill ins(%cst_11 : f32) outs(%659 : tensor<192x64xf32>) -> tensor<192x64xf32>
    %661 = linalg.matmul ins(%collapsed_87, %collapsed_21 : tensor<192x128xf32>, tensor<128x64xf32>) outs(%660 : tensor<192x64xf32>) -> tensor<192x64xf32>
    %662 = tensor.empty() : tensor<64x192xf32>
    %663 = linalg.generic {indexing_maps = [#map16, #map], iterator_types = ["parallel", "parallel"]} ins(%661 : tensor<192x64xf32>) outs(%662 : tensor<64x192xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<64x192xf32>
    %collapsed_88 = tensor.collapse_shape %inserted_slice_86 [[0, 1], [2]] : tensor<2x64x192xf32> into tensor<128x192xf32>
    %664 = tensor.empty() : tensor<192x64xf32>
    %665 = linalg.generic {indexing_maps = [#map16, #map], iterator_types = ["parallel", "parallel"]} ins(%arg1 : tensor<64x192xf32>) outs(%664 : tensor<192x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<192x64xf32>
    %666 = tensor.empty() : tensor<128x64xf32>
    %667 = linalg.fill ins(%cst_11 : f32) outs(%666 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %668 = linalg.matmul ins(%collapsed_88, %665 : tensor<128x192xf32>, tensor<192x64xf32>) outs(%667 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_89 = tensor.expand_shape %668 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %669 = tensor.empty() : tensor<64xf32>
    %670 = linalg.fill ins(%cst_11 : f32) outs(%669 : tensor<64xf32>) -> tensor<64xf32>
    %671 = linalg.generic {indexing_maps = [#map15, #map17], iterator_types = ["parallel", "reduction", "reduction"]} ins(%expanded_89 : tensor<2x64x64xf32>) outs(%670 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %out, %in : f32
      linalg.yield %731 : f32
    } -> tensor<64xf32>
    %672 = tensor.empty() : tensor<2x64x64xf32>
    %673 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%83, %expanded_89 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%672 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %674 = tensor.empty() : tensor<2x64x64xf32>
    %675 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_89, %97 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%674 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %676 = tensor.empty() : tensor<2x64x64xf32>
    %677 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%93, %673 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%676 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %678 = tensor.empty() : tensor<64xf32>
    %679 = linalg.fill ins(%cst_11 : f32) outs(%678 : tensor<64xf32>) -> tensor<64xf32>
    %680 = linalg.generic {indexing_maps = [#map15, #map17], iterator_types = ["parallel", "reduction", "reduction"]} ins(%677 : tensor<2x64x64xf32>) outs(%679 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %out, %in : f32
      linalg.yield %731 : f32
    } -> tensor<64xf32>
    %681 = tensor.empty() : tensor<2x64x64xf32>
    %682 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%673, %95 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%681 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %683 = tensor.empty() : tensor<2x64xf32>
    %684 = linalg.fill ins(%cst_11 : f32) outs(%683 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %685 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%682 : tensor<2x64x64xf32>) outs(%684 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %out, %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %expanded_90 = tensor.expand_shape %685 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xf32> into tensor<2x64x1xf32>
    %686 = tensor.empty() : tensor<2x64x1xf32>
    %687 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_90, %91 : tensor<2x64x1xf32>, tensor<2x64x1xf32>) outs(%686 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x1xf32>
    %688 = tensor.empty() : tensor<2x64x64xf32>
    %689 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%675 : tensor<2x64x64xf32>) outs(%688 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.negf %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %690 = tensor.empty() : tensor<2x64xf32>
    %691 = linalg.fill ins(%cst_11 : f32) outs(%690 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %692 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%689 : tensor<2x64x64xf32>) outs(%691 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %out, %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %expanded_91 = tensor.expand_shape %692 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xf32> into tensor<2x64x1xf32>
    %693 = tensor.empty() : tensor<2x64x64xf32>
    %694 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%577, %675 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%693 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.addf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %695 = tensor.empty() : tensor<2x64xf32>
    %696 = linalg.fill ins(%cst_11 : f32) outs(%695 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %697 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%687 : tensor<2x64x1xf32>) outs(%696 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %out, %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %698 = tensor.empty() : tensor<2x64xf32>
    %699 = linalg.fill ins(%cst_11 : f32) outs(%698 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %700 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%expanded_91 : tensor<2x64x1xf32>) outs(%699 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %out, %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %701 = tensor.empty() : tensor<2x64xf32>
    %702 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%697, %79 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%701 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %703 = tensor.empty() : tensor<2x64xf32>
    %704 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%702 : tensor<2x64xf32>) outs(%703 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.negf %in : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %705 = tensor.empty() : tensor<2x64xf32>
    %706 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%704, %65 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%705 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %707 = tensor.empty() : tensor<2x64xf32>
    %708 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%700, %706 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%707 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.addf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %709 = tensor.empty() : tensor<2x64xf32>
    %710 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%702 : tensor<2x64xf32>) outs(%709 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.divf %in, %cst_10 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %711 = tensor.empty() : tensor<2x64x64xf32>
    %712 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%710 : tensor<2x64xf32>) outs(%711 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %713 = tensor.empty() : tensor<2x64xf32>
    %714 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%708 : tensor<2x64xf32>) outs(%713 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.divf %in, %cst_10 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64xf32>
    %715 = tensor.empty() : tensor<2x64x64xf32>
    %716 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%714 : tensor<2x64xf32>) outs(%715 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %717 = tensor.empty() : tensor<2x64x64xf32>
    %718 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%694, %716 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%717 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.addf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %719 = tensor.empty() : tensor<2x64x64xf32>
    %720 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%712, %51 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%719 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.mulf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %721 = tensor.empty() : tensor<2x64x64xf32>
    %722 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%718, %720 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%721 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_95: f32, %out: f32):
      %731 = arith.addf %in, %in_95 : f32
      linalg.yield %731 : f32
    } -> tensor<2x64x64xf32>
    %723 = tensor.empty() : tensor<64x64xf32>
    %724 = linalg.fill ins(%cst_11 : f32) outs(%723 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %725 = linalg.generic {indexing_maps = [#map19, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%722 : tensor<2x64x64xf32>) outs(%724 : tensor<64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %out, %in : f32
      linalg.yield %731 : f32
    } -> tensor<64x64xf32>
    %expanded_92 = tensor.expand_shape %725 [[0, 1], [2]] output_shape [1, 64, 64] : tensor<64x64xf32> into tensor<1x64x64xf32>
    %726 = tensor.empty() : tensor<64x64xf32>
    %727 = linalg.fill ins(%cst_11 : f32) outs(%726 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %728 = linalg.generic {indexing_maps = [#map19, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%expanded_92 : tensor<1x64x64xf32>) outs(%727 : tensor<64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %731 = arith.addf %out, %in : f32
      linalg.yield %731 : f32
    } -> tensor<64x64xf32>
    // iree_linalg_ext.scatter {dimension_map = [0]} unique_indices(false) rewritten as loops (test/graphs/scatter_to_loops.py):
    // orig[coord(i, j)] = combine(updates[i, j], orig[coord(i, j)])
    %sc0_c0 = arith.constant 0 : index
    %sc0_c1 = arith.constant 1 : index
    %sc0_c64 = arith.constant 64 : index
    %729 = scf.for %sc0_i0 = %sc0_c0 to %sc0_c64 step %sc0_c1 iter_args(%sc0_ab0 = %cst_15) -> (tensor<64x64xf32>) {
      %sc0_ix0 = tensor.extract %expanded_16[%sc0_i0, %sc0_c0] : tensor<64x1xi32>
      %sc0_o0 = arith.index_cast %sc0_ix0 : i32 to index
      %sc0_s0r = scf.for %sc0_j0 = %sc0_c0 to %sc0_c64 step %sc0_c1 iter_args(%sc0_as0 = %sc0_ab0) -> (tensor<64x64xf32>) {
        %sc0_u = tensor.extract %728[%sc0_i0, %sc0_j0] : tensor<64x64xf32>
        %sc0_v = tensor.extract %sc0_as0[%sc0_o0, %sc0_j0] : tensor<64x64xf32>
        %sc0_r2 = arith.addf %sc0_v, %sc0_u : f32
        %sc0_new = tensor.insert %sc0_r2 into %sc0_as0[%sc0_o0, %sc0_j0] : tensor<64x64xf32>
        scf.yield %sc0_new : tensor<64x64xf32>
      }
      scf.yield %sc0_s0r : tensor<64x64xf32>
    }
    %collapsed_93 = tensor.collapse_shape %expanded [[0, 1], [2]] : tensor<2x64x1xi32> into tensor<128x1xi32>
    %collapsed_94 = tensor.collapse_shape %722 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    // iree_linalg_ext.scatter {dimension_map = [0]} unique_indices(false) rewritten as loops (test/graphs/scatter_to_loops.py):
    // orig[coord(i, j)] = combine(updates[i, j], orig[coord(i, j)])
    %sc1_c0 = arith.constant 0 : index
    %sc1_c1 = arith.constant 1 : index
    %sc1_c64 = arith.constant 64 : index
    %sc1_c128 = arith.constant 128 : index
    %730 = scf.for %sc1_i0 = %sc1_c0 to %sc1_c128 step %sc1_c1 iter_args(%sc1_ab0 = %cst_14) -> (tensor<1024x64xf32>) {
      %sc1_ix0 = tensor.extract %collapsed_93[%sc1_i0, %sc1_c0] : tensor<128x1xi32>
      %sc1_o0 = arith.index_cast %sc1_ix0 : i32 to index
      %sc1_s0r = scf.for %sc1_j0 = %sc1_c0 to %sc1_c64 step %sc1_c1 iter_args(%sc1_as0 = %sc1_ab0) -> (tensor<1024x64xf32>) {
        %sc1_u = tensor.extract %collapsed_94[%sc1_i0, %sc1_j0] : tensor<128x64xf32>
        %sc1_v = tensor.extract %sc1_as0[%sc1_o0, %sc1_j0] : tensor<1024x64xf32>
        %sc1_r2 = arith.addf %sc1_v, %sc1_u : f32
        %sc1_new = tensor.insert %sc1_r2 into %sc1_as0[%sc1_o0, %sc1_j0] : tensor<1024x64xf32>
        scf.yield %sc1_new : tensor<1024x64xf32>
      }
      scf.yield %sc1_s0r : tensor<1024x64xf32>
    }
    return %379, %656, %663, %511, %518, %580, %587, %671, %680, %526, %535, %474, %481, %414, %422, %431, %729, %730 : tensor<f32>, tensor<192xf32>, tensor<64x192xf32>, tensor<256xf32>, tensor<64x256xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<256x64xf32>, tensor<64x1024xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<1024x64xf32>
  }
}

