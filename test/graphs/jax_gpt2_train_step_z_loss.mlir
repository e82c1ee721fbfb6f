// jax_gpt2_train_step_z_loss: real linalg-on-tensors graph
// from JAX (see test/graphs/README.md).
//
// RUN: lmhead-opt %s -o /dev/null
// RUN: lmhead-opt %s --lmhead-cpu-pipeline=decompose=false -o /dev/null
//
// Made by test/graphs/make_jax_graphs.py --only jax_gpt2_train_step_z_loss
// Tools: jax 0.10.2, jaxlib 0.10.2, flax 0.12.8, optax 0.2.8, iree-base-compiler 3.13.0 (IREE compiler version 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967), python 3.11.7
// Model: Flax GPT-2, 1 block, 2 heads, d_model 64, vocabulary 1024, batch 2 x seq 64 (N = 128 tokens), LM head nn.Dense(1024, use_bias=False) (untied, kernel [D, V] = [64, 1024]), loss optax.softmax_cross_entropy_with_integer_labels plus a z-loss 1e-4 * jax.nn.logsumexp(logits, -1)**2 (T5X/PaLM), both masked by labels != -100, summed and divided by max(count, 1)
// Trace: jax.jit(jax.value_and_grad(loss)).lower(params, idx, labels).as_text() -> iree-opt --iree-stablehlo-input-transformation-pipeline
// Post-processed: 4 iree_linalg_ext.scatter op(s) replaced in place by scf.for loop nests (scatter_to_loops.py, values %sc<k>_*), nothing else changed.
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
#map13 = affine_map<(d0) -> ()>
#map14 = affine_map<(d0, d1) -> ()>
#map15 = affine_map<() -> ()>
#map16 = affine_map<(d0, d1, d2) -> (d1, d2, d0)>
#map17 = affine_map<(d0, d1) -> (d1, d0)>
#map18 = affine_map<(d0, d1, d2) -> (d0)>
#map19 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
#map20 = affine_map<(d0, d1, d2) -> (d2, d0, d1)>
module @jit_step {
  func.func public @main(%arg0: tensor<192xf32>, %arg1: tensor<64x192xf32>, %arg2: tensor<256xf32>, %arg3: tensor<64x256xf32>, %arg4: tensor<64xf32>, %arg5: tensor<64x64xf32>, %arg6: tensor<64xf32>, %arg7: tensor<64xf32>, %arg8: tensor<64xf32>, %arg9: tensor<64xf32>, %arg10: tensor<64xf32>, %arg11: tensor<256x64xf32>, %arg12: tensor<64x1024xf32>, %arg13: tensor<64xf32>, %arg14: tensor<64xf32>, %arg15: tensor<64x64xf32>, %arg16: tensor<1024x64xf32>, %arg17: tensor<2x64xi32>, %arg18: tensor<2x64xi32>) -> (tensor<f32>, tensor<192xf32>, tensor<64x192xf32>, tensor<256xf32>, tensor<64x256xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<256x64xf32>, tensor<64x1024xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<1024x64xf32>) {
    %cst = arith.constant 9.99999974E-5 : f32
    %c1_i32 = arith.constant 1 : i32
    %cst_0 = arith.constant 0x7F800000 : f32
    %c1023 = arith.constant 1023 : index
    %c0 = arith.constant 0 : index
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
    %cst_14 = arith.constant dense<0> : tensor<1x1xi32>
    %cst_15 = arith.constant dense<0.000000e+00> : tensor<1024x64xf32>
    %cst_16 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
    %cst_17 = arith.constant dense<0.000000e+00> : tensor<2x64x1024xf32>
    %cst_18 = arith.constant dense<0.000000e+00> : tensor<1x2x64xf32>
    %0 = tensor.empty() : tensor<2x64xi1>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg17 : tensor<2x64xi32>) outs(%0 : tensor<2x64xi1>) {
    ^bb0(%in: i32, %out: i1):
      %788 = arith.cmpi slt, %in, %c0_i32 : i32
      linalg.yield %788 : i1
    } -> tensor<2x64xi1>
    %2 = tensor.empty() : tensor<2x64xi32>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg17 : tensor<2x64xi32>) outs(%2 : tensor<2x64xi32>) {
    ^bb0(%in: i32, %out: i32):
      %788 = arith.addi %in, %c1024_i32 : i32
      linalg.yield %788 : i32
    } -> tensor<2x64xi32>
    %4 = tensor.empty() : tensor<2x64xi32>
    %5 = linalg.generic {indexing_maps = [#map, #map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%1, %3, %arg17 : tensor<2x64xi1>, tensor<2x64xi32>, tensor<2x64xi32>) outs(%4 : tensor<2x64xi32>) {
    ^bb0(%in: i1, %in_105: i32, %in_106: i32, %out: i32):
      %788 = arith.select %in, %in_105, %in_106 : i32
      linalg.yield %788 : i32
    } -> tensor<2x64xi32>
    %expanded = tensor.expand_shape %5 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xi32> into tensor<2x64x1xi32>
    %6 = tensor.empty() : tensor<2x64x1xi1>
    %7 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded : tensor<2x64x1xi32>) outs(%6 : tensor<2x64x1xi1>) {
    ^bb0(%in: i32, %out: i1):
      %788 = arith.cmpi sge, %in, %c0_i32 : i32
      linalg.yield %788 : i1
    } -> tensor<2x64x1xi1>
    %8 = tensor.empty() : tensor<2x64x1xi1>
    %9 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded : tensor<2x64x1xi32>) outs(%8 : tensor<2x64x1xi1>) {
    ^bb0(%in: i32, %out: i1):
      %788 = arith.cmpi sle, %in, %c1023_i32 : i32
      linalg.yield %788 : i1
    } -> tensor<2x64x1xi1>
    %10 = tensor.empty() : tensor<2x64x1xi1>
    %11 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%7, %9 : tensor<2x64x1xi1>, tensor<2x64x1xi1>) outs(%10 : tensor<2x64x1xi1>) {
    ^bb0(%in: i1, %in_105: i1, %out: i1):
      %788 = arith.andi %in, %in_105 : i1
      linalg.yield %788 : i1
    } -> tensor<2x64x1xi1>
    %12 = tensor.empty() : tensor<2x64xi1>
    %13 = linalg.fill ins(%true : i1) outs(%12 : tensor<2x64xi1>) -> tensor<2x64xi1>
    %14 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%11 : tensor<2x64x1xi1>) outs(%13 : tensor<2x64xi1>) {
    ^bb0(%in: i1, %out: i1):
      %788 = arith.andi %out, %in : i1
      linalg.yield %788 : i1
    } -> tensor<2x64xi1>
    %15 = tensor.empty() : tensor<2x64x1x64xf32>
    %16 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded : tensor<2x64x1xi32>) outs(%15 : tensor<2x64x1x64xf32>) {
    ^bb0(%in: i32, %out: f32):
      %788 = arith.index_cast %in : i32 to index
      %789 = linalg.index 3 : index
      %extracted = tensor.extract %arg16[%788, %789] : tensor<1024x64xf32>
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
    ^bb0(%in: i1, %in_105: f32, %out: f32):
      %788 = arith.select %in, %in_105, %cst_13 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %21 = tensor.empty() : tensor<64xi32>
    %22 = linalg.generic {indexing_maps = [#map5], iterator_types = ["parallel"]} outs(%21 : tensor<64xi32>) {
    ^bb0(%out: i32):
      %788 = linalg.index 0 : index
      %789 = arith.index_cast %788 : index to i32
      linalg.yield %789 : i32
    } -> tensor<64xi32>
    %23 = tensor.empty() : tensor<64xi1>
    %24 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel"]} ins(%22 : tensor<64xi32>) outs(%23 : tensor<64xi1>) {
    ^bb0(%in: i32, %out: i1):
      %788 = arith.cmpi slt, %in, %c0_i32 : i32
      linalg.yield %788 : i1
    } -> tensor<64xi1>
    %25 = tensor.empty() : tensor<64xi32>
    %26 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel"]} ins(%22 : tensor<64xi32>) outs(%25 : tensor<64xi32>) {
    ^bb0(%in: i32, %out: i32):
      %788 = arith.addi %in, %c64_i32 : i32
      linalg.yield %788 : i32
    } -> tensor<64xi32>
    %27 = tensor.empty() : tensor<64xi32>
    %28 = linalg.generic {indexing_maps = [#map5, #map5, #map5, #map5], iterator_types = ["parallel"]} ins(%24, %26, %22 : tensor<64xi1>, tensor<64xi32>, tensor<64xi32>) outs(%27 : tensor<64xi32>) {
    ^bb0(%in: i1, %in_105: i32, %in_106: i32, %out: i32):
      %788 = arith.select %in, %in_105, %in_106 : i32
      linalg.yield %788 : i32
    } -> tensor<64xi32>
    %expanded_19 = tensor.expand_shape %28 [[0, 1]] output_shape [64, 1] : tensor<64xi32> into tensor<64x1xi32>
    %29 = tensor.empty() : tensor<64x1xi1>
    %30 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%expanded_19 : tensor<64x1xi32>) outs(%29 : tensor<64x1xi1>) {
    ^bb0(%in: i32, %out: i1):
      %788 = arith.cmpi sge, %in, %c0_i32 : i32
      linalg.yield %788 : i1
    } -> tensor<64x1xi1>
    %31 = tensor.empty() : tensor<64x1xi1>
    %32 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%expanded_19 : tensor<64x1xi32>) outs(%31 : tensor<64x1xi1>) {
    ^bb0(%in: i32, %out: i1):
      %788 = arith.cmpi sle, %in, %c63_i32 : i32
      linalg.yield %788 : i1
    } -> tensor<64x1xi1>
    %33 = tensor.empty() : tensor<64x1xi1>
    %34 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%30, %32 : tensor<64x1xi1>, tensor<64x1xi1>) outs(%33 : tensor<64x1xi1>) {
    ^bb0(%in: i1, %in_105: i1, %out: i1):
      %788 = arith.andi %in, %in_105 : i1
      linalg.yield %788 : i1
    } -> tensor<64x1xi1>
    %35 = tensor.empty() : tensor<64xi1>
    %36 = linalg.fill ins(%true : i1) outs(%35 : tensor<64xi1>) -> tensor<64xi1>
    %37 = linalg.generic {indexing_maps = [#map, #map6], iterator_types = ["parallel", "reduction"]} ins(%34 : tensor<64x1xi1>) outs(%36 : tensor<64xi1>) {
    ^bb0(%in: i1, %out: i1):
      %788 = arith.andi %out, %in : i1
      linalg.yield %788 : i1
    } -> tensor<64xi1>
    %38 = tensor.empty() : tensor<64x1x64xf32>
    %39 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_19 : tensor<64x1xi32>) outs(%38 : tensor<64x1x64xf32>) {
    ^bb0(%in: i32, %out: f32):
      %788 = arith.index_cast %in : i32 to index
      %789 = linalg.index 2 : index
      %extracted = tensor.extract %arg15[%788, %789] : tensor<64x64xf32>
      linalg.yield %extracted : f32
    } -> tensor<64x1x64xf32>
    %collapsed_20 = tensor.collapse_shape %39 [[0], [1, 2]] : tensor<64x1x64xf32> into tensor<64x64xf32>
    %40 = tensor.empty() : tensor<64x64xi1>
    %41 = linalg.generic {indexing_maps = [#map6, #map], iterator_types = ["parallel", "parallel"]} ins(%37 : tensor<64xi1>) outs(%40 : tensor<64x64xi1>) {
    ^bb0(%in: i1, %out: i1):
      linalg.yield %in : i1
    } -> tensor<64x64xi1>
    %42 = tensor.empty() : tensor<64x64xf32>
    %43 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%41, %collapsed_20 : tensor<64x64xi1>, tensor<64x64xf32>) outs(%42 : tensor<64x64xf32>) {
    ^bb0(%in: i1, %in_105: f32, %out: f32):
      %788 = arith.select %in, %in_105, %cst_13 : f32
      linalg.yield %788 : f32
    } -> tensor<64x64xf32>
    %44 = tensor.empty() : tensor<2x64x64xf32>
    %45 = linalg.generic {indexing_maps = [#map7, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%43 : tensor<64x64xf32>) outs(%44 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %46 = tensor.empty() : tensor<2x64x64xf32>
    %47 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20, %45 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%46 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.addf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %48 = tensor.empty() : tensor<2x64x64xf32>
    %49 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%47 : tensor<2x64x64xf32>) outs(%48 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.mulf %in, %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %50 = tensor.empty() : tensor<2x64x64xf32>
    %51 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%47 : tensor<2x64x64xf32>) outs(%50 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.mulf %in, %cst_12 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %52 = tensor.empty() : tensor<2x64xf32>
    %53 = linalg.fill ins(%cst_11 : f32) outs(%52 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %54 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%47 : tensor<2x64x64xf32>) outs(%53 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.addf %out, %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %55 = tensor.empty() : tensor<2x64xf32>
    %56 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%54 : tensor<2x64xf32>) outs(%55 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.divf %in, %cst_10 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %57 = tensor.empty() : tensor<2x64xf32>
    %58 = linalg.fill ins(%cst_11 : f32) outs(%57 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %59 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%49 : tensor<2x64x64xf32>) outs(%58 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.addf %out, %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %60 = tensor.empty() : tensor<2x64xf32>
    %61 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%59 : tensor<2x64xf32>) outs(%60 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.divf %in, %cst_10 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %62 = tensor.empty() : tensor<2x64xf32>
    %63 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%56 : tensor<2x64xf32>) outs(%62 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.mulf %in, %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %64 = tensor.empty() : tensor<2x64xf32>
    %65 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%56 : tensor<2x64xf32>) outs(%64 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.mulf %in, %cst_12 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %66 = tensor.empty() : tensor<2x64xf32>
    %67 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%61, %63 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%66 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.subf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %68 = tensor.empty() : tensor<2x64xf32>
    %69 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%67 : tensor<2x64xf32>) outs(%68 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.maximumf %in, %cst_11 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %70 = tensor.empty() : tensor<2x64xi1>
    %71 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%67, %69 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%70 : tensor<2x64xi1>) {
    ^bb0(%in: f32, %in_105: f32, %out: i1):
      %788 = arith.cmpf oeq, %in, %in_105 : f32
      linalg.yield %788 : i1
    } -> tensor<2x64xi1>
    %72 = tensor.empty() : tensor<2x64xf32>
    %73 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%71 : tensor<2x64xi1>) outs(%72 : tensor<2x64xf32>) {
    ^bb0(%in: i1, %out: f32):
      %788 = arith.select %in, %cst_9, %cst_11 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %74 = tensor.empty() : tensor<2x64xi1>
    %75 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%69 : tensor<2x64xf32>) outs(%74 : tensor<2x64xi1>) {
    ^bb0(%in: f32, %out: i1):
      %788 = arith.cmpf oeq, %cst_11, %in : f32
      linalg.yield %788 : i1
    } -> tensor<2x64xi1>
    %76 = tensor.empty() : tensor<2x64xf32>
    %77 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%75 : tensor<2x64xi1>) outs(%76 : tensor<2x64xf32>) {
    ^bb0(%in: i1, %out: f32):
      %788 = arith.select %in, %cst_12, %cst_9 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %78 = tensor.empty() : tensor<2x64xf32>
    %79 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%73, %77 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%78 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.divf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %expanded_21 = tensor.expand_shape %69 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xf32> into tensor<2x64x1xf32>
    %80 = tensor.empty() : tensor<2x64x64xf32>
    %81 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%56 : tensor<2x64xf32>) outs(%80 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %82 = tensor.empty() : tensor<2x64x64xf32>
    %83 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%47, %81 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%82 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.subf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %84 = tensor.empty() : tensor<2x64x1xf32>
    %85 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_21 : tensor<2x64x1xf32>) outs(%84 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.addf %in, %cst_8 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x1xf32>
    %86 = tensor.empty() : tensor<2x64x1xf32>
    %87 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%85 : tensor<2x64x1xf32>) outs(%86 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = math.rsqrt %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x1xf32>
    %88 = tensor.empty() : tensor<2x64x1xf32>
    %89 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%87, %85 : tensor<2x64x1xf32>, tensor<2x64x1xf32>) outs(%88 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.divf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x1xf32>
    %90 = tensor.empty() : tensor<2x64x1xf32>
    %91 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%89 : tensor<2x64x1xf32>) outs(%90 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.mulf %in, %cst_7 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x1xf32>
    %expanded_22 = tensor.expand_shape %arg7 [[0, 1, 2]] output_shape [1, 1, 64] : tensor<64xf32> into tensor<1x1x64xf32>
    %92 = tensor.empty() : tensor<2x64x64xf32>
    %93 = linalg.generic {indexing_maps = [#map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%87 : tensor<2x64x1xf32>) outs(%92 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %94 = tensor.empty() : tensor<2x64x64xf32>
    %95 = linalg.generic {indexing_maps = [#map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_22 : tensor<1x1x64xf32>) outs(%94 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %96 = tensor.empty() : tensor<2x64x64xf32>
    %97 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%93, %95 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%96 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %98 = tensor.empty() : tensor<2x64x64xf32>
    %99 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%83, %97 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%98 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %expanded_23 = tensor.expand_shape %arg6 [[0, 1, 2]] output_shape [1, 1, 64] : tensor<64xf32> into tensor<1x1x64xf32>
    %100 = tensor.empty() : tensor<2x64x64xf32>
    %101 = linalg.generic {indexing_maps = [#map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_23 : tensor<1x1x64xf32>) outs(%100 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %102 = tensor.empty() : tensor<2x64x64xf32>
    %103 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%99, %101 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%102 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.addf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %collapsed_24 = tensor.collapse_shape %103 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %104 = tensor.empty() : tensor<128x192xf32>
    %105 = linalg.fill ins(%cst_11 : f32) outs(%104 : tensor<128x192xf32>) -> tensor<128x192xf32>
    %106 = linalg.matmul ins(%collapsed_24, %arg1 : tensor<128x64xf32>, tensor<64x192xf32>) outs(%105 : tensor<128x192xf32>) -> tensor<128x192xf32>
    %expanded_25 = tensor.expand_shape %106 [[0, 1], [2]] output_shape [2, 64, 192] : tensor<128x192xf32> into tensor<2x64x192xf32>
    %expanded_26 = tensor.expand_shape %arg0 [[0, 1, 2]] output_shape [1, 1, 192] : tensor<192xf32> into tensor<1x1x192xf32>
    %107 = tensor.empty() : tensor<2x64x192xf32>
    %108 = linalg.generic {indexing_maps = [#map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_26 : tensor<1x1x192xf32>) outs(%107 : tensor<2x64x192xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x192xf32>
    %109 = tensor.empty() : tensor<2x64x192xf32>
    %110 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_25, %108 : tensor<2x64x192xf32>, tensor<2x64x192xf32>) outs(%109 : tensor<2x64x192xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.addf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x192xf32>
    %extracted_slice = tensor.extract_slice %110[0, 0, 0] [2, 64, 64] [1, 1, 1] : tensor<2x64x192xf32> to tensor<2x64x64xf32>
    %extracted_slice_27 = tensor.extract_slice %110[0, 0, 64] [2, 64, 64] [1, 1, 1] : tensor<2x64x192xf32> to tensor<2x64x64xf32>
    %extracted_slice_28 = tensor.extract_slice %110[0, 0, 128] [2, 64, 64] [1, 1, 1] : tensor<2x64x192xf32> to tensor<2x64x64xf32>
    %expanded_29 = tensor.expand_shape %extracted_slice [[0], [1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<2x64x64xf32> into tensor<2x64x2x32xf32>
    %111 = tensor.empty() : tensor<2x2x64x32xf32>
    %112 = linalg.generic {indexing_maps = [#map10, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_29 : tensor<2x64x2x32xf32>) outs(%111 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x2x64x32xf32>
    %expanded_30 = tensor.expand_shape %extracted_slice_27 [[0], [1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<2x64x64xf32> into tensor<2x64x2x32xf32>
    %113 = tensor.empty() : tensor<2x2x64x32xf32>
    %114 = linalg.generic {indexing_maps = [#map10, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_30 : tensor<2x64x2x32xf32>) outs(%113 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x2x64x32xf32>
    %expanded_31 = tensor.expand_shape %extracted_slice_28 [[0], [1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<2x64x64xf32> into tensor<2x64x2x32xf32>
    %115 = tensor.empty() : tensor<2x2x64x32xf32>
    %116 = linalg.generic {indexing_maps = [#map10, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_31 : tensor<2x64x2x32xf32>) outs(%115 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x2x64x32xf32>
    %117 = tensor.empty() : tensor<2x2x32x64xf32>
    %118 = linalg.generic {indexing_maps = [#map11, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%114 : tensor<2x2x64x32xf32>) outs(%117 : tensor<2x2x32x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x2x32x64xf32>
    %collapsed_32 = tensor.collapse_shape %112 [[0, 1], [2], [3]] : tensor<2x2x64x32xf32> into tensor<4x64x32xf32>
    %collapsed_33 = tensor.collapse_shape %118 [[0, 1], [2], [3]] : tensor<2x2x32x64xf32> into tensor<4x32x64xf32>
    %119 = tensor.empty() : tensor<4x64x64xf32>
    %120 = linalg.fill ins(%cst_11 : f32) outs(%119 : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
    %121 = linalg.batch_matmul ins(%collapsed_32, %collapsed_33 : tensor<4x64x32xf32>, tensor<4x32x64xf32>) outs(%120 : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
    %expanded_34 = tensor.expand_shape %121 [[0, 1], [2], [3]] output_shape [2, 2, 64, 64] : tensor<4x64x64xf32> into tensor<2x2x64x64xf32>
    %122 = tensor.empty() : tensor<2x2x64x64xf32>
    %123 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_34 : tensor<2x2x64x64xf32>) outs(%122 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.mulf %in, %cst_6 : f32
      linalg.yield %788 : f32
    } -> tensor<2x2x64x64xf32>
    %124 = tensor.empty() : tensor<64x64xi32>
    %125 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%124 : tensor<64x64xi32>) {
    ^bb0(%out: i32):
      %788 = linalg.index 0 : index
      %789 = arith.index_cast %788 : index to i32
      linalg.yield %789 : i32
    } -> tensor<64x64xi32>
    %126 = tensor.empty() : tensor<64x64xi32>
    %127 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%126 : tensor<64x64xi32>) {
    ^bb0(%out: i32):
      %788 = linalg.index 1 : index
      %789 = arith.index_cast %788 : index to i32
      linalg.yield %789 : i32
    } -> tensor<64x64xi32>
    %128 = tensor.empty() : tensor<64x64xi1>
    %129 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%125, %127 : tensor<64x64xi32>, tensor<64x64xi32>) outs(%128 : tensor<64x64xi1>) {
    ^bb0(%in: i32, %in_105: i32, %out: i1):
      %788 = arith.cmpi sge, %in, %in_105 : i32
      linalg.yield %788 : i1
    } -> tensor<64x64xi1>
    %130 = tensor.empty() : tensor<2x2x64x64xi1>
    %131 = linalg.generic {indexing_maps = [#map12, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%129 : tensor<64x64xi1>) outs(%130 : tensor<2x2x64x64xi1>) {
    ^bb0(%in: i1, %out: i1):
      linalg.yield %in : i1
    } -> tensor<2x2x64x64xi1>
    %132 = tensor.empty() : tensor<2x2x64x64xf32>
    %133 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%131, %123 : tensor<2x2x64x64xi1>, tensor<2x2x64x64xf32>) outs(%132 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: i1, %in_105: f32, %out: f32):
      %788 = arith.select %in, %in_105, %cst_5 : f32
      linalg.yield %788 : f32
    } -> tensor<2x2x64x64xf32>
    %134 = tensor.empty() : tensor<2x2x64xf32>
    %135 = linalg.fill ins(%cst_5 : f32) outs(%134 : tensor<2x2x64xf32>) -> tensor<2x2x64xf32>
    %136 = linalg.generic {indexing_maps = [#map4, #map3], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%133 : tensor<2x2x64x64xf32>) outs(%135 : tensor<2x2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.maximumf %out, %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x2x64xf32>
    %137 = tensor.empty() : tensor<2x2x64x64xf32>
    %138 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%136 : tensor<2x2x64xf32>) outs(%137 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x2x64x64xf32>
    %139 = tensor.empty() : tensor<2x2x64x64xf32>
    %140 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%133, %138 : tensor<2x2x64x64xf32>, tensor<2x2x64x64xf32>) outs(%139 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.subf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x2x64x64xf32>
    %141 = tensor.empty() : tensor<2x2x64x64xf32>
    %142 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%140 : tensor<2x2x64x64xf32>) outs(%141 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = math.exp %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x2x64x64xf32>
    %143 = tensor.empty() : tensor<2x2x64xf32>
    %144 = linalg.fill ins(%cst_11 : f32) outs(%143 : tensor<2x2x64xf32>) -> tensor<2x2x64xf32>
    %145 = linalg.generic {indexing_maps = [#map4, #map3], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%142 : tensor<2x2x64x64xf32>) outs(%144 : tensor<2x2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.addf %out, %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x2x64xf32>
    %expanded_35 = tensor.expand_shape %145 [[0], [1], [2, 3]] output_shape [2, 2, 64, 1] : tensor<2x2x64xf32> into tensor<2x2x64x1xf32>
    %146 = tensor.empty() : tensor<2x2x64x64xf32>
    %147 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%145 : tensor<2x2x64xf32>) outs(%146 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x2x64x64xf32>
    %148 = tensor.empty() : tensor<2x2x64x64xf32>
    %149 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%142, %147 : tensor<2x2x64x64xf32>, tensor<2x2x64x64xf32>) outs(%148 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.divf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x2x64x64xf32>
    %150 = tensor.empty() : tensor<2x2x64x1xf32>
    %151 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_35 : tensor<2x2x64x1xf32>) outs(%150 : tensor<2x2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.mulf %in, %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x2x64x1xf32>
    %152 = tensor.empty() : tensor<2x2x64x1xf32>
    %153 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%151 : tensor<2x2x64x1xf32>) outs(%152 : tensor<2x2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.divf %cst_9, %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x2x64x1xf32>
    %collapsed_36 = tensor.collapse_shape %149 [[0, 1], [2], [3]] : tensor<2x2x64x64xf32> into tensor<4x64x64xf32>
    %collapsed_37 = tensor.collapse_shape %116 [[0, 1], [2], [3]] : tensor<2x2x64x32xf32> into tensor<4x64x32xf32>
    %154 = tensor.empty() : tensor<4x64x32xf32>
    %155 = linalg.fill ins(%cst_11 : f32) outs(%154 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %156 = linalg.batch_matmul ins(%collapsed_36, %collapsed_37 : tensor<4x64x64xf32>, tensor<4x64x32xf32>) outs(%155 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %expanded_38 = tensor.expand_shape %156 [[0, 1], [2], [3]] output_shape [2, 2, 64, 32] : tensor<4x64x32xf32> into tensor<2x2x64x32xf32>
    %157 = tensor.empty() : tensor<2x64x2x32xf32>
    %158 = linalg.generic {indexing_maps = [#map10, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_38 : tensor<2x2x64x32xf32>) outs(%157 : tensor<2x64x2x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x2x32xf32>
    %collapsed_39 = tensor.collapse_shape %158 [[0, 1], [2, 3]] : tensor<2x64x2x32xf32> into tensor<128x64xf32>
    %159 = tensor.empty() : tensor<128x64xf32>
    %160 = linalg.fill ins(%cst_11 : f32) outs(%159 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %161 = linalg.matmul ins(%collapsed_39, %arg5 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%160 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_40 = tensor.expand_shape %161 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %expanded_41 = tensor.expand_shape %arg4 [[0, 1, 2]] output_shape [1, 1, 64] : tensor<64xf32> into tensor<1x1x64xf32>
    %162 = tensor.empty() : tensor<2x64x64xf32>
    %163 = linalg.generic {indexing_maps = [#map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_41 : tensor<1x1x64xf32>) outs(%162 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %164 = tensor.empty() : tensor<2x64x64xf32>
    %165 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_40, %163 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%164 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.addf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %166 = tensor.empty() : tensor<2x64x64xf32>
    %167 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%47, %165 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%166 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.addf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %168 = tensor.empty() : tensor<2x64x64xf32>
    %169 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%167 : tensor<2x64x64xf32>) outs(%168 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.mulf %in, %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %170 = tensor.empty() : tensor<2x64x64xf32>
    %171 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%167 : tensor<2x64x64xf32>) outs(%170 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.mulf %in, %cst_12 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %172 = tensor.empty() : tensor<2x64xf32>
    %173 = linalg.fill ins(%cst_11 : f32) outs(%172 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %174 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%167 : tensor<2x64x64xf32>) outs(%173 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.addf %out, %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %175 = tensor.empty() : tensor<2x64xf32>
    %176 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%174 : tensor<2x64xf32>) outs(%175 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.divf %in, %cst_10 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %177 = tensor.empty() : tensor<2x64xf32>
    %178 = linalg.fill ins(%cst_11 : f32) outs(%177 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %179 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%169 : tensor<2x64x64xf32>) outs(%178 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.addf %out, %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %180 = tensor.empty() : tensor<2x64xf32>
    %181 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%179 : tensor<2x64xf32>) outs(%180 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.divf %in, %cst_10 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %182 = tensor.empty() : tensor<2x64xf32>
    %183 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%176 : tensor<2x64xf32>) outs(%182 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.mulf %in, %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %184 = tensor.empty() : tensor<2x64xf32>
    %185 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%176 : tensor<2x64xf32>) outs(%184 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.mulf %in, %cst_12 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %186 = tensor.empty() : tensor<2x64xf32>
    %187 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%181, %183 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%186 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.subf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %188 = tensor.empty() : tensor<2x64xf32>
    %189 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%187 : tensor<2x64xf32>) outs(%188 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.maximumf %in, %cst_11 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %190 = tensor.empty() : tensor<2x64xi1>
    %191 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%187, %189 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%190 : tensor<2x64xi1>) {
    ^bb0(%in: f32, %in_105: f32, %out: i1):
      %788 = arith.cmpf oeq, %in, %in_105 : f32
      linalg.yield %788 : i1
    } -> tensor<2x64xi1>
    %192 = tensor.empty() : tensor<2x64xf32>
    %193 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%191 : tensor<2x64xi1>) outs(%192 : tensor<2x64xf32>) {
    ^bb0(%in: i1, %out: f32):
      %788 = arith.select %in, %cst_9, %cst_11 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %194 = tensor.empty() : tensor<2x64xi1>
    %195 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%189 : tensor<2x64xf32>) outs(%194 : tensor<2x64xi1>) {
    ^bb0(%in: f32, %out: i1):
      %788 = arith.cmpf oeq, %cst_11, %in : f32
      linalg.yield %788 : i1
    } -> tensor<2x64xi1>
    %196 = tensor.empty() : tensor<2x64xf32>
    %197 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%195 : tensor<2x64xi1>) outs(%196 : tensor<2x64xf32>) {
    ^bb0(%in: i1, %out: f32):
      %788 = arith.select %in, %cst_12, %cst_9 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %198 = tensor.empty() : tensor<2x64xf32>
    %199 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%193, %197 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%198 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.divf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %expanded_42 = tensor.expand_shape %189 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xf32> into tensor<2x64x1xf32>
    %200 = tensor.empty() : tensor<2x64x64xf32>
    %201 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%176 : tensor<2x64xf32>) outs(%200 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %202 = tensor.empty() : tensor<2x64x64xf32>
    %203 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%167, %201 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%202 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.subf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %204 = tensor.empty() : tensor<2x64x1xf32>
    %205 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_42 : tensor<2x64x1xf32>) outs(%204 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.addf %in, %cst_8 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x1xf32>
    %206 = tensor.empty() : tensor<2x64x1xf32>
    %207 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%205 : tensor<2x64x1xf32>) outs(%206 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = math.rsqrt %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x1xf32>
    %208 = tensor.empty() : tensor<2x64x1xf32>
    %209 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%207, %205 : tensor<2x64x1xf32>, tensor<2x64x1xf32>) outs(%208 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.divf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x1xf32>
    %210 = tensor.empty() : tensor<2x64x1xf32>
    %211 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%209 : tensor<2x64x1xf32>) outs(%210 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.mulf %in, %cst_7 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x1xf32>
    %expanded_43 = tensor.expand_shape %arg9 [[0, 1, 2]] output_shape [1, 1, 64] : tensor<64xf32> into tensor<1x1x64xf32>
    %212 = tensor.empty() : tensor<2x64x64xf32>
    %213 = linalg.generic {indexing_maps = [#map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%207 : tensor<2x64x1xf32>) outs(%212 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %214 = tensor.empty() : tensor<2x64x64xf32>
    %215 = linalg.generic {indexing_maps = [#map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_43 : tensor<1x1x64xf32>) outs(%214 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %216 = tensor.empty() : tensor<2x64x64xf32>
    %217 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%213, %215 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%216 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %218 = tensor.empty() : tensor<2x64x64xf32>
    %219 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%203, %217 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%218 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %expanded_44 = tensor.expand_shape %arg8 [[0, 1, 2]] output_shape [1, 1, 64] : tensor<64xf32> into tensor<1x1x64xf32>
    %220 = tensor.empty() : tensor<2x64x64xf32>
    %221 = linalg.generic {indexing_maps = [#map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_44 : tensor<1x1x64xf32>) outs(%220 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %222 = tensor.empty() : tensor<2x64x64xf32>
    %223 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%219, %221 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%222 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.addf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %collapsed_45 = tensor.collapse_shape %223 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %224 = tensor.empty() : tensor<128x256xf32>
    %225 = linalg.fill ins(%cst_11 : f32) outs(%224 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %226 = linalg.matmul ins(%collapsed_45, %arg3 : tensor<128x64xf32>, tensor<64x256xf32>) outs(%225 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %expanded_46 = tensor.expand_shape %226 [[0, 1], [2]] output_shape [2, 64, 256] : tensor<128x256xf32> into tensor<2x64x256xf32>
    %expanded_47 = tensor.expand_shape %arg2 [[0, 1, 2]] output_shape [1, 1, 256] : tensor<256xf32> into tensor<1x1x256xf32>
    %227 = tensor.empty() : tensor<2x64x256xf32>
    %228 = linalg.generic {indexing_maps = [#map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_47 : tensor<1x1x256xf32>) outs(%227 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x256xf32>
    %229 = tensor.empty() : tensor<2x64x256xf32>
    %230 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_46, %228 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%229 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.addf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x256xf32>
    %231 = tensor.empty() : tensor<2x64x256xf32>
    %232 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%230 : tensor<2x64x256xf32>) outs(%231 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.mulf %in, %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x256xf32>
    %233 = tensor.empty() : tensor<2x64x256xf32>
    %234 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%232, %230 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%233 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x256xf32>
    %235 = tensor.empty() : tensor<2x64x256xf32>
    %236 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%232 : tensor<2x64x256xf32>) outs(%235 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.mulf %in, %cst_4 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x256xf32>
    %237 = tensor.empty() : tensor<2x64x256xf32>
    %238 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%234 : tensor<2x64x256xf32>) outs(%237 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.mulf %in, %cst_3 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x256xf32>
    %239 = tensor.empty() : tensor<2x64x256xf32>
    %240 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%230, %238 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%239 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.addf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x256xf32>
    %241 = tensor.empty() : tensor<2x64x256xf32>
    %242 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%240 : tensor<2x64x256xf32>) outs(%241 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.mulf %in, %cst_2 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x256xf32>
    %243 = tensor.empty() : tensor<2x64x256xf32>
    %244 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%242 : tensor<2x64x256xf32>) outs(%243 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = math.tanh %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x256xf32>
    %245 = tensor.empty() : tensor<2x64x256xf32>
    %246 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%244 : tensor<2x64x256xf32>) outs(%245 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.subf %cst_9, %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x256xf32>
    %247 = tensor.empty() : tensor<2x64x256xf32>
    %248 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%244 : tensor<2x64x256xf32>) outs(%247 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.addf %in, %cst_9 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x256xf32>
    %249 = tensor.empty() : tensor<2x64x256xf32>
    %250 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%248 : tensor<2x64x256xf32>) outs(%249 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.mulf %in, %cst_1 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x256xf32>
    %251 = tensor.empty() : tensor<2x64x256xf32>
    %252 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%230, %250 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%251 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x256xf32>
    %collapsed_48 = tensor.collapse_shape %252 [[0, 1], [2]] : tensor<2x64x256xf32> into tensor<128x256xf32>
    %253 = tensor.empty() : tensor<128x64xf32>
    %254 = linalg.fill ins(%cst_11 : f32) outs(%253 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %255 = linalg.matmul ins(%collapsed_48, %arg11 : tensor<128x256xf32>, tensor<256x64xf32>) outs(%254 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_49 = tensor.expand_shape %255 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %expanded_50 = tensor.expand_shape %arg10 [[0, 1, 2]] output_shape [1, 1, 64] : tensor<64xf32> into tensor<1x1x64xf32>
    %256 = tensor.empty() : tensor<2x64x64xf32>
    %257 = linalg.generic {indexing_maps = [#map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_50 : tensor<1x1x64xf32>) outs(%256 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %258 = tensor.empty() : tensor<2x64x64xf32>
    %259 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_49, %257 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%258 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.addf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %260 = tensor.empty() : tensor<2x64x64xf32>
    %261 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%167, %259 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%260 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.addf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %262 = tensor.empty() : tensor<2x64x64xf32>
    %263 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%261 : tensor<2x64x64xf32>) outs(%262 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.mulf %in, %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %264 = tensor.empty() : tensor<2x64x64xf32>
    %265 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%261 : tensor<2x64x64xf32>) outs(%264 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.mulf %in, %cst_12 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %266 = tensor.empty() : tensor<2x64xf32>
    %267 = linalg.fill ins(%cst_11 : f32) outs(%266 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %268 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%261 : tensor<2x64x64xf32>) outs(%267 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.addf %out, %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %269 = tensor.empty() : tensor<2x64xf32>
    %270 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%268 : tensor<2x64xf32>) outs(%269 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.divf %in, %cst_10 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %271 = tensor.empty() : tensor<2x64xf32>
    %272 = linalg.fill ins(%cst_11 : f32) outs(%271 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %273 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%263 : tensor<2x64x64xf32>) outs(%272 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.addf %out, %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %274 = tensor.empty() : tensor<2x64xf32>
    %275 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%273 : tensor<2x64xf32>) outs(%274 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.divf %in, %cst_10 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %276 = tensor.empty() : tensor<2x64xf32>
    %277 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%270 : tensor<2x64xf32>) outs(%276 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.mulf %in, %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %278 = tensor.empty() : tensor<2x64xf32>
    %279 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%270 : tensor<2x64xf32>) outs(%278 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.mulf %in, %cst_12 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %280 = tensor.empty() : tensor<2x64xf32>
    %281 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%275, %277 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%280 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.subf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %282 = tensor.empty() : tensor<2x64xf32>
    %283 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%281 : tensor<2x64xf32>) outs(%282 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.maximumf %in, %cst_11 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %284 = tensor.empty() : tensor<2x64xi1>
    %285 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%281, %283 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%284 : tensor<2x64xi1>) {
    ^bb0(%in: f32, %in_105: f32, %out: i1):
      %788 = arith.cmpf oeq, %in, %in_105 : f32
      linalg.yield %788 : i1
    } -> tensor<2x64xi1>
    %286 = tensor.empty() : tensor<2x64xf32>
    %287 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%285 : tensor<2x64xi1>) outs(%286 : tensor<2x64xf32>) {
    ^bb0(%in: i1, %out: f32):
      %788 = arith.select %in, %cst_9, %cst_11 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %288 = tensor.empty() : tensor<2x64xi1>
    %289 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%283 : tensor<2x64xf32>) outs(%288 : tensor<2x64xi1>) {
    ^bb0(%in: f32, %out: i1):
      %788 = arith.cmpf oeq, %cst_11, %in : f32
      linalg.yield %788 : i1
    } -> tensor<2x64xi1>
    %290 = tensor.empty() : tensor<2x64xf32>
    %291 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%289 : tensor<2x64xi1>) outs(%290 : tensor<2x64xf32>) {
    ^bb0(%in: i1, %out: f32):
      %788 = arith.select %in, %cst_12, %cst_9 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %292 = tensor.empty() : tensor<2x64xf32>
    %293 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%287, %291 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%292 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.divf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %expanded_51 = tensor.expand_shape %283 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xf32> into tensor<2x64x1xf32>
    %294 = tensor.empty() : tensor<2x64x64xf32>
    %295 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%270 : tensor<2x64xf32>) outs(%294 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %296 = tensor.empty() : tensor<2x64x64xf32>
    %297 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%261, %295 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%296 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.subf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %298 = tensor.empty() : tensor<2x64x1xf32>
    %299 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_51 : tensor<2x64x1xf32>) outs(%298 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.addf %in, %cst_8 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x1xf32>
    %300 = tensor.empty() : tensor<2x64x1xf32>
    %301 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%299 : tensor<2x64x1xf32>) outs(%300 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = math.rsqrt %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x1xf32>
    %302 = tensor.empty() : tensor<2x64x1xf32>
    %303 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%301, %299 : tensor<2x64x1xf32>, tensor<2x64x1xf32>) outs(%302 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.divf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x1xf32>
    %304 = tensor.empty() : tensor<2x64x1xf32>
    %305 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%303 : tensor<2x64x1xf32>) outs(%304 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.mulf %in, %cst_7 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x1xf32>
    %expanded_52 = tensor.expand_shape %arg14 [[0, 1, 2]] output_shape [1, 1, 64] : tensor<64xf32> into tensor<1x1x64xf32>
    %306 = tensor.empty() : tensor<2x64x64xf32>
    %307 = linalg.generic {indexing_maps = [#map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%301 : tensor<2x64x1xf32>) outs(%306 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %308 = tensor.empty() : tensor<2x64x64xf32>
    %309 = linalg.generic {indexing_maps = [#map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_52 : tensor<1x1x64xf32>) outs(%308 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %310 = tensor.empty() : tensor<2x64x64xf32>
    %311 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%307, %309 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%310 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %312 = tensor.empty() : tensor<2x64x64xf32>
    %313 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%297, %311 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%312 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %expanded_53 = tensor.expand_shape %arg13 [[0, 1, 2]] output_shape [1, 1, 64] : tensor<64xf32> into tensor<1x1x64xf32>
    %314 = tensor.empty() : tensor<2x64x64xf32>
    %315 = linalg.generic {indexing_maps = [#map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_53 : tensor<1x1x64xf32>) outs(%314 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %316 = tensor.empty() : tensor<2x64x64xf32>
    %317 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%313, %315 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%316 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.addf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %collapsed_54 = tensor.collapse_shape %317 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %318 = tensor.empty() : tensor<128x1024xf32>
    %319 = linalg.fill ins(%cst_11 : f32) outs(%318 : tensor<128x1024xf32>) -> tensor<128x1024xf32>
    %320 = linalg.matmul ins(%collapsed_54, %arg12 : tensor<128x64xf32>, tensor<64x1024xf32>) outs(%319 : tensor<128x1024xf32>) -> tensor<128x1024xf32>
    %expanded_55 = tensor.expand_shape %320 [[0, 1], [2]] output_shape [2, 64, 1024] : tensor<128x1024xf32> into tensor<2x64x1024xf32>
    %321 = tensor.empty() : tensor<2x64xi1>
    %322 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg18 : tensor<2x64xi32>) outs(%321 : tensor<2x64xi1>) {
    ^bb0(%in: i32, %out: i1):
      %788 = arith.cmpi ne, %in, %c-100_i32 : i32
      linalg.yield %788 : i1
    } -> tensor<2x64xi1>
    %323 = tensor.empty() : tensor<2x64xi32>
    %324 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%322, %arg18 : tensor<2x64xi1>, tensor<2x64xi32>) outs(%323 : tensor<2x64xi32>) {
    ^bb0(%in: i1, %in_105: i32, %out: i32):
      %788 = arith.select %in, %in_105, %c0_i32 : i32
      linalg.yield %788 : i32
    } -> tensor<2x64xi32>
    %expanded_56 = tensor.expand_shape %324 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xi32> into tensor<2x64x1xi32>
    %325 = tensor.empty() : tensor<2x64x1xi1>
    %326 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_56 : tensor<2x64x1xi32>) outs(%325 : tensor<2x64x1xi1>) {
    ^bb0(%in: i32, %out: i1):
      %788 = arith.cmpi slt, %in, %c0_i32 : i32
      linalg.yield %788 : i1
    } -> tensor<2x64x1xi1>
    %327 = tensor.empty() : tensor<2x64x1xi32>
    %328 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_56 : tensor<2x64x1xi32>) outs(%327 : tensor<2x64x1xi32>) {
    ^bb0(%in: i32, %out: i32):
      %788 = arith.addi %in, %c1024_i32 : i32
      linalg.yield %788 : i32
    } -> tensor<2x64x1xi32>
    %329 = tensor.empty() : tensor<2x64x1xi32>
    %330 = linalg.generic {indexing_maps = [#map1, #map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%326, %328, %expanded_56 : tensor<2x64x1xi1>, tensor<2x64x1xi32>, tensor<2x64x1xi32>) outs(%329 : tensor<2x64x1xi32>) {
    ^bb0(%in: i1, %in_105: i32, %in_106: i32, %out: i32):
      %788 = arith.select %in, %in_105, %in_106 : i32
      linalg.yield %788 : i32
    } -> tensor<2x64x1xi32>
    %expanded_57 = tensor.expand_shape %330 [[0], [1], [2, 3]] output_shape [2, 64, 1, 1] : tensor<2x64x1xi32> into tensor<2x64x1x1xi32>
    %331 = tensor.empty() : tensor<2x64x1x1xi1>
    %332 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_57 : tensor<2x64x1x1xi32>) outs(%331 : tensor<2x64x1x1xi1>) {
    ^bb0(%in: i32, %out: i1):
      %788 = arith.cmpi sge, %in, %c0_i32 : i32
      linalg.yield %788 : i1
    } -> tensor<2x64x1x1xi1>
    %333 = tensor.empty() : tensor<2x64x1x1xi1>
    %334 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_57 : tensor<2x64x1x1xi32>) outs(%333 : tensor<2x64x1x1xi1>) {
    ^bb0(%in: i32, %out: i1):
      %788 = arith.cmpi sle, %in, %c1023_i32 : i32
      linalg.yield %788 : i1
    } -> tensor<2x64x1x1xi1>
    %335 = tensor.empty() : tensor<2x64x1x1xi1>
    %336 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%332, %334 : tensor<2x64x1x1xi1>, tensor<2x64x1x1xi1>) outs(%335 : tensor<2x64x1x1xi1>) {
    ^bb0(%in: i1, %in_105: i1, %out: i1):
      %788 = arith.andi %in, %in_105 : i1
      linalg.yield %788 : i1
    } -> tensor<2x64x1x1xi1>
    %337 = tensor.empty() : tensor<2x64x1xi1>
    %338 = linalg.fill ins(%true : i1) outs(%337 : tensor<2x64x1xi1>) -> tensor<2x64x1xi1>
    %339 = linalg.generic {indexing_maps = [#map4, #map3], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%336 : tensor<2x64x1x1xi1>) outs(%338 : tensor<2x64x1xi1>) {
    ^bb0(%in: i1, %out: i1):
      %788 = arith.andi %out, %in : i1
      linalg.yield %788 : i1
    } -> tensor<2x64x1xi1>
    %340 = tensor.empty() : tensor<2x64x1xf32>
    %341 = linalg.generic {indexing_maps = [#map1], iterator_types = ["parallel", "parallel", "parallel"]} outs(%340 : tensor<2x64x1xf32>) {
    ^bb0(%out: f32):
      %788 = linalg.index 0 : index
      %789 = linalg.index 1 : index
      %extracted = tensor.extract %expanded_57[%788, %789, %c0, %c0] : tensor<2x64x1x1xi32>
      %790 = arith.index_cast %extracted : i32 to index
      %791 = arith.maxsi %790, %c0 : index
      %792 = arith.minsi %791, %c1023 : index
      %extracted_105 = tensor.extract %expanded_55[%788, %789, %792] : tensor<2x64x1024xf32>
      linalg.yield %extracted_105 : f32
    } -> tensor<2x64x1xf32>
    %342 = tensor.empty() : tensor<2x64x1xf32>
    %343 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%339, %341 : tensor<2x64x1xi1>, tensor<2x64x1xf32>) outs(%342 : tensor<2x64x1xf32>) {
    ^bb0(%in: i1, %in_105: f32, %out: f32):
      %788 = arith.select %in, %in_105, %cst_13 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x1xf32>
    %344 = tensor.empty() : tensor<1xi1>
    %345 = linalg.generic {indexing_maps = [#map5], iterator_types = ["parallel"]} outs(%344 : tensor<1xi1>) {
    ^bb0(%out: i1):
      linalg.yield %true : i1
    } -> tensor<1xi1>
    %346 = tensor.empty() : tensor<i1>
    %347 = linalg.fill ins(%true : i1) outs(%346 : tensor<i1>) -> tensor<i1>
    %348 = linalg.generic {indexing_maps = [#map5, #map13], iterator_types = ["reduction"]} ins(%345 : tensor<1xi1>) outs(%347 : tensor<i1>) {
    ^bb0(%in: i1, %out: i1):
      %788 = arith.andi %out, %in : i1
      linalg.yield %788 : i1
    } -> tensor<i1>
    %collapsed_58 = tensor.collapse_shape %343 [[0], [1, 2]] : tensor<2x64x1xf32> into tensor<2x64xf32>
    %349 = tensor.empty() : tensor<2x64xi1>
    %350 = linalg.generic {indexing_maps = [#map14, #map], iterator_types = ["parallel", "parallel"]} ins(%348 : tensor<i1>) outs(%349 : tensor<2x64xi1>) {
    ^bb0(%in: i1, %out: i1):
      linalg.yield %in : i1
    } -> tensor<2x64xi1>
    %351 = tensor.empty() : tensor<2x64xf32>
    %352 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%350, %collapsed_58 : tensor<2x64xi1>, tensor<2x64xf32>) outs(%351 : tensor<2x64xf32>) {
    ^bb0(%in: i1, %in_105: f32, %out: f32):
      %788 = arith.select %in, %in_105, %cst_13 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %353 = tensor.empty() : tensor<2x64xf32>
    %354 = linalg.fill ins(%cst_5 : f32) outs(%353 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %355 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%expanded_55 : tensor<2x64x1024xf32>) outs(%354 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.maximumf %out, %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %356 = tensor.empty() : tensor<2x64xi1>
    %357 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%355 : tensor<2x64xf32>) outs(%356 : tensor<2x64xi1>) {
    ^bb0(%in: f32, %out: i1):
      %788 = math.absf %in : f32
      %789 = arith.cmpf one, %788, %cst_0 : f32
      linalg.yield %789 : i1
    } -> tensor<2x64xi1>
    %358 = tensor.empty() : tensor<2x64xf32>
    %359 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%357, %355 : tensor<2x64xi1>, tensor<2x64xf32>) outs(%358 : tensor<2x64xf32>) {
    ^bb0(%in: i1, %in_105: f32, %out: f32):
      %788 = arith.select %in, %in_105, %cst_11 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %360 = tensor.empty() : tensor<2x64x1024xf32>
    %361 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%359 : tensor<2x64xf32>) outs(%360 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x1024xf32>
    %362 = tensor.empty() : tensor<2x64x1024xf32>
    %363 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_55, %361 : tensor<2x64x1024xf32>, tensor<2x64x1024xf32>) outs(%362 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.subf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x1024xf32>
    %364 = tensor.empty() : tensor<2x64x1024xf32>
    %365 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%363 : tensor<2x64x1024xf32>) outs(%364 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = math.exp %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x1024xf32>
    %366 = tensor.empty() : tensor<2x64xf32>
    %367 = linalg.fill ins(%cst_11 : f32) outs(%366 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %368 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%365 : tensor<2x64x1024xf32>) outs(%367 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.addf %out, %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %369 = tensor.empty() : tensor<2x64xf32>
    %370 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%368 : tensor<2x64xf32>) outs(%369 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = math.absf %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %371 = tensor.empty() : tensor<2x64xi1>
    %372 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%368 : tensor<2x64xf32>) outs(%371 : tensor<2x64xi1>) {
    ^bb0(%in: f32, %out: i1):
      %788 = arith.cmpf oge, %in, %cst_11 : f32
      linalg.yield %788 : i1
    } -> tensor<2x64xi1>
    %373 = tensor.empty() : tensor<2x64xf32>
    %374 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%370 : tensor<2x64xf32>) outs(%373 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = math.log %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %375 = tensor.empty() : tensor<2x64xf32>
    %376 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%374, %359 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%375 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.addf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %377 = tensor.empty() : tensor<2x64xf32>
    %378 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%376, %352 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%377 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.subf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %379 = tensor.empty() : tensor<2x64xf32>
    %380 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%322, %378 : tensor<2x64xi1>, tensor<2x64xf32>) outs(%379 : tensor<2x64xf32>) {
    ^bb0(%in: i1, %in_105: f32, %out: f32):
      %788 = arith.select %in, %in_105, %cst_11 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %381 = tensor.empty() : tensor<f32>
    %382 = linalg.fill ins(%cst_11 : f32) outs(%381 : tensor<f32>) -> tensor<f32>
    %383 = linalg.generic {indexing_maps = [#map, #map14], iterator_types = ["reduction", "reduction"]} ins(%380 : tensor<2x64xf32>) outs(%382 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.addf %out, %in : f32
      linalg.yield %788 : f32
    } -> tensor<f32>
    %384 = tensor.empty() : tensor<2x64xi32>
    %385 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%322 : tensor<2x64xi1>) outs(%384 : tensor<2x64xi32>) {
    ^bb0(%in: i1, %out: i32):
      %788 = arith.extui %in : i1 to i32
      linalg.yield %788 : i32
    } -> tensor<2x64xi32>
    %386 = tensor.empty() : tensor<i32>
    %387 = linalg.fill ins(%c0_i32 : i32) outs(%386 : tensor<i32>) -> tensor<i32>
    %388 = linalg.generic {indexing_maps = [#map, #map14], iterator_types = ["reduction", "reduction"]} ins(%385 : tensor<2x64xi32>) outs(%387 : tensor<i32>) {
    ^bb0(%in: i32, %out: i32):
      %788 = arith.addi %out, %in : i32
      linalg.yield %788 : i32
    } -> tensor<i32>
    %389 = tensor.empty() : tensor<i32>
    %390 = linalg.generic {indexing_maps = [#map15, #map15], iterator_types = []} ins(%388 : tensor<i32>) outs(%389 : tensor<i32>) {
    ^bb0(%in: i32, %out: i32):
      %788 = arith.maxsi %in, %c1_i32 : i32
      linalg.yield %788 : i32
    } -> tensor<i32>
    %391 = tensor.empty() : tensor<f32>
    %392 = linalg.generic {indexing_maps = [#map15, #map15], iterator_types = []} ins(%390 : tensor<i32>) outs(%391 : tensor<f32>) {
    ^bb0(%in: i32, %out: f32):
      %788 = arith.sitofp %in : i32 to f32
      linalg.yield %788 : f32
    } -> tensor<f32>
    %393 = tensor.empty() : tensor<f32>
    %394 = linalg.generic {indexing_maps = [#map15, #map15, #map15], iterator_types = []} ins(%383, %392 : tensor<f32>, tensor<f32>) outs(%393 : tensor<f32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.divf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<f32>
    %395 = tensor.empty() : tensor<2x64xf32>
    %396 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%376 : tensor<2x64xf32>) outs(%395 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.mulf %in, %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %397 = tensor.empty() : tensor<2x64xf32>
    %398 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%376 : tensor<2x64xf32>) outs(%397 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.mulf %in, %cst_12 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %399 = tensor.empty() : tensor<2x64xf32>
    %400 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%322, %396 : tensor<2x64xi1>, tensor<2x64xf32>) outs(%399 : tensor<2x64xf32>) {
    ^bb0(%in: i1, %in_105: f32, %out: f32):
      %788 = arith.select %in, %in_105, %cst_11 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %401 = tensor.empty() : tensor<f32>
    %402 = linalg.fill ins(%cst_11 : f32) outs(%401 : tensor<f32>) -> tensor<f32>
    %403 = linalg.generic {indexing_maps = [#map, #map14], iterator_types = ["reduction", "reduction"]} ins(%400 : tensor<2x64xf32>) outs(%402 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.addf %out, %in : f32
      linalg.yield %788 : f32
    } -> tensor<f32>
    %404 = tensor.empty() : tensor<f32>
    %405 = linalg.generic {indexing_maps = [#map15, #map15], iterator_types = []} ins(%403 : tensor<f32>) outs(%404 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.mulf %in, %cst : f32
      linalg.yield %788 : f32
    } -> tensor<f32>
    %406 = tensor.empty() : tensor<f32>
    %407 = linalg.generic {indexing_maps = [#map15, #map15, #map15], iterator_types = []} ins(%405, %392 : tensor<f32>, tensor<f32>) outs(%406 : tensor<f32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.divf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<f32>
    %408 = tensor.empty() : tensor<f32>
    %409 = linalg.generic {indexing_maps = [#map15, #map15, #map15], iterator_types = []} ins(%394, %407 : tensor<f32>, tensor<f32>) outs(%408 : tensor<f32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.addf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<f32>
    %410 = tensor.empty() : tensor<f32>
    %411 = linalg.generic {indexing_maps = [#map15, #map15], iterator_types = []} ins(%392 : tensor<f32>) outs(%410 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.divf %cst_9, %in : f32
      linalg.yield %788 : f32
    } -> tensor<f32>
    %412 = tensor.empty() : tensor<f32>
    %413 = linalg.generic {indexing_maps = [#map15, #map15], iterator_types = []} ins(%411 : tensor<f32>) outs(%412 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.mulf %in, %cst : f32
      linalg.yield %788 : f32
    } -> tensor<f32>
    %414 = tensor.empty() : tensor<2x64xf32>
    %415 = linalg.generic {indexing_maps = [#map14, #map], iterator_types = ["parallel", "parallel"]} ins(%413 : tensor<f32>) outs(%414 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64xf32>
    %416 = tensor.empty() : tensor<2x64xf32>
    %417 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%322, %415 : tensor<2x64xi1>, tensor<2x64xf32>) outs(%416 : tensor<2x64xf32>) {
    ^bb0(%in: i1, %in_105: f32, %out: f32):
      %788 = arith.select %in, %in_105, %cst_11 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %418 = tensor.empty() : tensor<2x64xf32>
    %419 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%417, %398 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%418 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %420 = tensor.empty() : tensor<2x64xf32>
    %421 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%419, %370 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%420 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.divf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %422 = tensor.empty() : tensor<2x64xf32>
    %423 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%372, %421 : tensor<2x64xi1>, tensor<2x64xf32>) outs(%422 : tensor<2x64xf32>) {
    ^bb0(%in: i1, %in_105: f32, %out: f32):
      %788 = arith.select %in, %cst_11, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %424 = tensor.empty() : tensor<2x64xf32>
    %425 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%372, %421 : tensor<2x64xi1>, tensor<2x64xf32>) outs(%424 : tensor<2x64xf32>) {
    ^bb0(%in: i1, %in_105: f32, %out: f32):
      %788 = arith.select %in, %in_105, %cst_11 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %426 = tensor.empty() : tensor<2x64xf32>
    %427 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%423 : tensor<2x64xf32>) outs(%426 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.negf %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %428 = tensor.empty() : tensor<2x64xf32>
    %429 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%425, %427 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%428 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.addf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %430 = tensor.empty() : tensor<2x64x1024xf32>
    %431 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%429 : tensor<2x64xf32>) outs(%430 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x1024xf32>
    %432 = tensor.empty() : tensor<2x64x1024xf32>
    %433 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%431, %365 : tensor<2x64x1024xf32>, tensor<2x64x1024xf32>) outs(%432 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x1024xf32>
    %434 = tensor.empty() : tensor<2x64xf32>
    %435 = linalg.generic {indexing_maps = [#map14, #map], iterator_types = ["parallel", "parallel"]} ins(%411 : tensor<f32>) outs(%434 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64xf32>
    %436 = tensor.empty() : tensor<2x64xf32>
    %437 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%322, %435 : tensor<2x64xi1>, tensor<2x64xf32>) outs(%436 : tensor<2x64xf32>) {
    ^bb0(%in: i1, %in_105: f32, %out: f32):
      %788 = arith.select %in, %in_105, %cst_11 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %438 = tensor.empty() : tensor<2x64xf32>
    %439 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%437 : tensor<2x64xf32>) outs(%438 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.negf %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %440 = tensor.empty() : tensor<2x64xf32>
    %441 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%437, %370 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%440 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.divf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %442 = tensor.empty() : tensor<2x64xf32>
    %443 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%372, %441 : tensor<2x64xi1>, tensor<2x64xf32>) outs(%442 : tensor<2x64xf32>) {
    ^bb0(%in: i1, %in_105: f32, %out: f32):
      %788 = arith.select %in, %cst_11, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %444 = tensor.empty() : tensor<2x64xf32>
    %445 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%372, %441 : tensor<2x64xi1>, tensor<2x64xf32>) outs(%444 : tensor<2x64xf32>) {
    ^bb0(%in: i1, %in_105: f32, %out: f32):
      %788 = arith.select %in, %in_105, %cst_11 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %446 = tensor.empty() : tensor<2x64xf32>
    %447 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%443 : tensor<2x64xf32>) outs(%446 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.negf %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %448 = tensor.empty() : tensor<2x64xf32>
    %449 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%445, %447 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%448 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.addf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %450 = tensor.empty() : tensor<2x64x1024xf32>
    %451 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%449 : tensor<2x64xf32>) outs(%450 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x1024xf32>
    %452 = tensor.empty() : tensor<2x64x1024xf32>
    %453 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%451, %365 : tensor<2x64x1024xf32>, tensor<2x64x1024xf32>) outs(%452 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x1024xf32>
    %454 = tensor.empty() : tensor<2x64x1024xf32>
    %455 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%433, %453 : tensor<2x64x1024xf32>, tensor<2x64x1024xf32>) outs(%454 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.addf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x1024xf32>
    %expanded_59 = tensor.expand_shape %439 [[0, 1, 2], [3]] output_shape [1, 1, 2, 64] : tensor<2x64xf32> into tensor<1x1x2x64xf32>
    // iree_linalg_ext.scatter {dimension_map = [0]} unique_indices(false) rewritten as loops (test/graphs/scatter_to_loops.py):
    // orig[coord(i, j)] = combine(updates[i, j], orig[coord(i, j)])
    %sc0_c0 = arith.constant 0 : index
    %sc0_c1 = arith.constant 1 : index
    %sc0_c2 = arith.constant 2 : index
    %sc0_c64 = arith.constant 64 : index
    %456 = scf.for %sc0_i0 = %sc0_c0 to %sc0_c1 step %sc0_c1 iter_args(%sc0_ab0 = %cst_18) -> (tensor<1x2x64xf32>) {
      %sc0_ix0 = tensor.extract %cst_14[%sc0_i0, %sc0_c0] : tensor<1x1xi32>
      %sc0_o0 = arith.index_cast %sc0_ix0 : i32 to index
      %sc0_s0r = scf.for %sc0_j0 = %sc0_c0 to %sc0_c1 step %sc0_c1 iter_args(%sc0_as0 = %sc0_ab0) -> (tensor<1x2x64xf32>) {
        %sc0_s1r = scf.for %sc0_j1 = %sc0_c0 to %sc0_c2 step %sc0_c1 iter_args(%sc0_as1 = %sc0_as0) -> (tensor<1x2x64xf32>) {
          %sc0_s2r = scf.for %sc0_j2 = %sc0_c0 to %sc0_c64 step %sc0_c1 iter_args(%sc0_as2 = %sc0_as1) -> (tensor<1x2x64xf32>) {
            %sc0_d0 = arith.addi %sc0_o0, %sc0_j0 : index
            %sc0_u = tensor.extract %expanded_59[%sc0_i0, %sc0_j0, %sc0_j1, %sc0_j2] : tensor<1x1x2x64xf32>
            %sc0_v = tensor.extract %sc0_as2[%sc0_d0, %sc0_j1, %sc0_j2] : tensor<1x2x64xf32>
            %sc0_r2 = arith.addf %sc0_v, %sc0_u : f32
            %sc0_new = tensor.insert %sc0_r2 into %sc0_as2[%sc0_d0, %sc0_j1, %sc0_j2] : tensor<1x2x64xf32>
            scf.yield %sc0_new : tensor<1x2x64xf32>
          }
          scf.yield %sc0_s2r : tensor<1x2x64xf32>
        }
        scf.yield %sc0_s1r : tensor<1x2x64xf32>
      }
      scf.yield %sc0_s0r : tensor<1x2x64xf32>
    }
    %collapsed_60 = tensor.collapse_shape %456 [[0, 1, 2]] : tensor<1x2x64xf32> into tensor<128xf32>
    %457 = tensor.empty() : tensor<2x64x1x1xi32>
    %458 = linalg.generic {indexing_maps = [#map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%457 : tensor<2x64x1x1xi32>) {
    ^bb0(%out: i32):
      %788 = linalg.index 0 : index
      %789 = arith.index_cast %788 : index to i32
      linalg.yield %789 : i32
    } -> tensor<2x64x1x1xi32>
    %459 = tensor.empty() : tensor<2x64x1x1xi32>
    %460 = linalg.generic {indexing_maps = [#map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%459 : tensor<2x64x1x1xi32>) {
    ^bb0(%out: i32):
      %788 = linalg.index 1 : index
      %789 = arith.index_cast %788 : index to i32
      linalg.yield %789 : i32
    } -> tensor<2x64x1x1xi32>
    %461 = tensor.empty() : tensor<2x64x1x3xi32>
    %inserted_slice = tensor.insert_slice %458 into %461[0, 0, 0, 0] [2, 64, 1, 1] [1, 1, 1, 1] : tensor<2x64x1x1xi32> into tensor<2x64x1x3xi32>
    %inserted_slice_61 = tensor.insert_slice %460 into %inserted_slice[0, 0, 0, 1] [2, 64, 1, 1] [1, 1, 1, 1] : tensor<2x64x1x1xi32> into tensor<2x64x1x3xi32>
    %inserted_slice_62 = tensor.insert_slice %expanded_57 into %inserted_slice_61[0, 0, 0, 2] [2, 64, 1, 1] [1, 1, 1, 1] : tensor<2x64x1x1xi32> into tensor<2x64x1x3xi32>
    %collapsed_63 = tensor.collapse_shape %inserted_slice_62 [[0, 1, 2], [3]] : tensor<2x64x1x3xi32> into tensor<128x3xi32>
    // iree_linalg_ext.scatter {dimension_map = [0, 1, 2]} unique_indices(false) rewritten as loops (test/graphs/scatter_to_loops.py):
    // orig[coord(i, j)] = combine(updates[i, j], orig[coord(i, j)])
    %sc1_c0 = arith.constant 0 : index
    %sc1_c1 = arith.constant 1 : index
    %sc1_c2 = arith.constant 2 : index
    %sc1_c128 = arith.constant 128 : index
    %462 = scf.for %sc1_i0 = %sc1_c0 to %sc1_c128 step %sc1_c1 iter_args(%sc1_ab0 = %cst_17) -> (tensor<2x64x1024xf32>) {
      %sc1_ix0 = tensor.extract %collapsed_63[%sc1_i0, %sc1_c0] : tensor<128x3xi32>
      %sc1_o0 = arith.index_cast %sc1_ix0 : i32 to index
      %sc1_ix1 = tensor.extract %collapsed_63[%sc1_i0, %sc1_c1] : tensor<128x3xi32>
      %sc1_o1 = arith.index_cast %sc1_ix1 : i32 to index
      %sc1_ix2 = tensor.extract %collapsed_63[%sc1_i0, %sc1_c2] : tensor<128x3xi32>
      %sc1_o2 = arith.index_cast %sc1_ix2 : i32 to index
      %sc1_u = tensor.extract %collapsed_60[%sc1_i0] : tensor<128xf32>
      %sc1_v = tensor.extract %sc1_ab0[%sc1_o0, %sc1_o1, %sc1_o2] : tensor<2x64x1024xf32>
      %sc1_r2 = arith.addf %sc1_v, %sc1_u : f32
      %sc1_new = tensor.insert %sc1_r2 into %sc1_ab0[%sc1_o0, %sc1_o1, %sc1_o2] : tensor<2x64x1024xf32>
      scf.yield %sc1_new : tensor<2x64x1024xf32>
    }
    %463 = tensor.empty() : tensor<2x64x1024xf32>
    %464 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%455, %462 : tensor<2x64x1024xf32>, tensor<2x64x1024xf32>) outs(%463 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.addf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x1024xf32>
    %465 = tensor.empty() : tensor<1024x2x64xf32>
    %466 = linalg.generic {indexing_maps = [#map16, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%464 : tensor<2x64x1024xf32>) outs(%465 : tensor<1024x2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1024x2x64xf32>
    %collapsed_64 = tensor.collapse_shape %466 [[0], [1, 2]] : tensor<1024x2x64xf32> into tensor<1024x128xf32>
    %467 = tensor.empty() : tensor<1024x64xf32>
    %468 = linalg.fill ins(%cst_11 : f32) outs(%467 : tensor<1024x64xf32>) -> tensor<1024x64xf32>
    %469 = linalg.matmul ins(%collapsed_64, %collapsed_54 : tensor<1024x128xf32>, tensor<128x64xf32>) outs(%468 : tensor<1024x64xf32>) -> tensor<1024x64xf32>
    %470 = tensor.empty() : tensor<64x1024xf32>
    %471 = linalg.generic {indexing_maps = [#map17, #map], iterator_types = ["parallel", "parallel"]} ins(%469 : tensor<1024x64xf32>) outs(%470 : tensor<64x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<64x1024xf32>
    %collapsed_65 = tensor.collapse_shape %464 [[0, 1], [2]] : tensor<2x64x1024xf32> into tensor<128x1024xf32>
    %472 = tensor.empty() : tensor<1024x64xf32>
    %473 = linalg.generic {indexing_maps = [#map17, #map], iterator_types = ["parallel", "parallel"]} ins(%arg12 : tensor<64x1024xf32>) outs(%472 : tensor<1024x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1024x64xf32>
    %474 = tensor.empty() : tensor<128x64xf32>
    %475 = linalg.fill ins(%cst_11 : f32) outs(%474 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %476 = linalg.matmul ins(%collapsed_65, %473 : tensor<128x1024xf32>, tensor<1024x64xf32>) outs(%475 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_66 = tensor.expand_shape %476 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %477 = tensor.empty() : tensor<64xf32>
    %478 = linalg.fill ins(%cst_11 : f32) outs(%477 : tensor<64xf32>) -> tensor<64xf32>
    %479 = linalg.generic {indexing_maps = [#map16, #map18], iterator_types = ["parallel", "reduction", "reduction"]} ins(%expanded_66 : tensor<2x64x64xf32>) outs(%478 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.addf %out, %in : f32
      linalg.yield %788 : f32
    } -> tensor<64xf32>
    %480 = tensor.empty() : tensor<2x64x64xf32>
    %481 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%297, %expanded_66 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%480 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %482 = tensor.empty() : tensor<2x64x64xf32>
    %483 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_66, %311 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%482 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %484 = tensor.empty() : tensor<2x64x64xf32>
    %485 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%307, %481 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%484 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %486 = tensor.empty() : tensor<64xf32>
    %487 = linalg.fill ins(%cst_11 : f32) outs(%486 : tensor<64xf32>) -> tensor<64xf32>
    %488 = linalg.generic {indexing_maps = [#map16, #map18], iterator_types = ["parallel", "reduction", "reduction"]} ins(%485 : tensor<2x64x64xf32>) outs(%487 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.addf %out, %in : f32
      linalg.yield %788 : f32
    } -> tensor<64xf32>
    %489 = tensor.empty() : tensor<2x64x64xf32>
    %490 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%481, %309 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%489 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %491 = tensor.empty() : tensor<2x64xf32>
    %492 = linalg.fill ins(%cst_11 : f32) outs(%491 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %493 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%490 : tensor<2x64x64xf32>) outs(%492 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.addf %out, %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %expanded_67 = tensor.expand_shape %493 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xf32> into tensor<2x64x1xf32>
    %494 = tensor.empty() : tensor<2x64x1xf32>
    %495 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_67, %305 : tensor<2x64x1xf32>, tensor<2x64x1xf32>) outs(%494 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x1xf32>
    %496 = tensor.empty() : tensor<2x64x64xf32>
    %497 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%483 : tensor<2x64x64xf32>) outs(%496 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.negf %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %498 = tensor.empty() : tensor<2x64xf32>
    %499 = linalg.fill ins(%cst_11 : f32) outs(%498 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %500 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%497 : tensor<2x64x64xf32>) outs(%499 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.addf %out, %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %expanded_68 = tensor.expand_shape %500 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xf32> into tensor<2x64x1xf32>
    %501 = tensor.empty() : tensor<2x64xf32>
    %502 = linalg.fill ins(%cst_11 : f32) outs(%501 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %503 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%495 : tensor<2x64x1xf32>) outs(%502 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.addf %out, %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %504 = tensor.empty() : tensor<2x64xf32>
    %505 = linalg.fill ins(%cst_11 : f32) outs(%504 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %506 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%expanded_68 : tensor<2x64x1xf32>) outs(%505 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.addf %out, %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %507 = tensor.empty() : tensor<2x64xf32>
    %508 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%503, %293 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%507 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %509 = tensor.empty() : tensor<2x64xf32>
    %510 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%508 : tensor<2x64xf32>) outs(%509 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.negf %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %511 = tensor.empty() : tensor<2x64xf32>
    %512 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%510, %279 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%511 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %513 = tensor.empty() : tensor<2x64xf32>
    %514 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%506, %512 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%513 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.addf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %515 = tensor.empty() : tensor<2x64xf32>
    %516 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%508 : tensor<2x64xf32>) outs(%515 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.divf %in, %cst_10 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %517 = tensor.empty() : tensor<2x64x64xf32>
    %518 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%516 : tensor<2x64xf32>) outs(%517 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %519 = tensor.empty() : tensor<2x64xf32>
    %520 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%514 : tensor<2x64xf32>) outs(%519 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.divf %in, %cst_10 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %521 = tensor.empty() : tensor<2x64x64xf32>
    %522 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%520 : tensor<2x64xf32>) outs(%521 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %523 = tensor.empty() : tensor<2x64x64xf32>
    %524 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%483, %522 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%523 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.addf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %525 = tensor.empty() : tensor<2x64x64xf32>
    %526 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%518, %265 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%525 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %527 = tensor.empty() : tensor<2x64x64xf32>
    %528 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%524, %526 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%527 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.addf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %529 = tensor.empty() : tensor<64xf32>
    %530 = linalg.fill ins(%cst_11 : f32) outs(%529 : tensor<64xf32>) -> tensor<64xf32>
    %531 = linalg.generic {indexing_maps = [#map16, #map18], iterator_types = ["parallel", "reduction", "reduction"]} ins(%528 : tensor<2x64x64xf32>) outs(%530 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.addf %out, %in : f32
      linalg.yield %788 : f32
    } -> tensor<64xf32>
    %532 = tensor.empty() : tensor<64x2x64xf32>
    %533 = linalg.generic {indexing_maps = [#map16, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%528 : tensor<2x64x64xf32>) outs(%532 : tensor<64x2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<64x2x64xf32>
    %collapsed_69 = tensor.collapse_shape %533 [[0], [1, 2]] : tensor<64x2x64xf32> into tensor<64x128xf32>
    %534 = tensor.empty() : tensor<64x256xf32>
    %535 = linalg.fill ins(%cst_11 : f32) outs(%534 : tensor<64x256xf32>) -> tensor<64x256xf32>
    %536 = linalg.matmul ins(%collapsed_69, %collapsed_48 : tensor<64x128xf32>, tensor<128x256xf32>) outs(%535 : tensor<64x256xf32>) -> tensor<64x256xf32>
    %537 = tensor.empty() : tensor<256x64xf32>
    %538 = linalg.generic {indexing_maps = [#map17, #map], iterator_types = ["parallel", "parallel"]} ins(%536 : tensor<64x256xf32>) outs(%537 : tensor<256x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<256x64xf32>
    %collapsed_70 = tensor.collapse_shape %528 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %539 = tensor.empty() : tensor<64x256xf32>
    %540 = linalg.generic {indexing_maps = [#map17, #map], iterator_types = ["parallel", "parallel"]} ins(%arg11 : tensor<256x64xf32>) outs(%539 : tensor<64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<64x256xf32>
    %541 = tensor.empty() : tensor<128x256xf32>
    %542 = linalg.fill ins(%cst_11 : f32) outs(%541 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %543 = linalg.matmul ins(%collapsed_70, %540 : tensor<128x64xf32>, tensor<64x256xf32>) outs(%542 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %expanded_71 = tensor.expand_shape %543 [[0, 1], [2]] output_shape [2, 64, 256] : tensor<128x256xf32> into tensor<2x64x256xf32>
    %544 = tensor.empty() : tensor<2x64x256xf32>
    %545 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%230, %expanded_71 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%544 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x256xf32>
    %546 = tensor.empty() : tensor<2x64x256xf32>
    %547 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_71, %250 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%546 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x256xf32>
    %548 = tensor.empty() : tensor<2x64x256xf32>
    %549 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%545 : tensor<2x64x256xf32>) outs(%548 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.mulf %in, %cst_1 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x256xf32>
    %550 = tensor.empty() : tensor<2x64x256xf32>
    %551 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%549, %246 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%550 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x256xf32>
    %552 = tensor.empty() : tensor<2x64x256xf32>
    %553 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%551, %244 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%552 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x256xf32>
    %554 = tensor.empty() : tensor<2x64x256xf32>
    %555 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%551, %553 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%554 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.addf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x256xf32>
    %556 = tensor.empty() : tensor<2x64x256xf32>
    %557 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%555 : tensor<2x64x256xf32>) outs(%556 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.mulf %in, %cst_2 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x256xf32>
    %558 = tensor.empty() : tensor<2x64x256xf32>
    %559 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%547, %557 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%558 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.addf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x256xf32>
    %560 = tensor.empty() : tensor<2x64x256xf32>
    %561 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%557 : tensor<2x64x256xf32>) outs(%560 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.mulf %in, %cst_3 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x256xf32>
    %562 = tensor.empty() : tensor<2x64x256xf32>
    %563 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%561, %236 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%562 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x256xf32>
    %564 = tensor.empty() : tensor<2x64x256xf32>
    %565 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%559, %563 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%564 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.addf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x256xf32>
    %566 = tensor.empty() : tensor<256xf32>
    %567 = linalg.fill ins(%cst_11 : f32) outs(%566 : tensor<256xf32>) -> tensor<256xf32>
    %568 = linalg.generic {indexing_maps = [#map16, #map18], iterator_types = ["parallel", "reduction", "reduction"]} ins(%565 : tensor<2x64x256xf32>) outs(%567 : tensor<256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.addf %out, %in : f32
      linalg.yield %788 : f32
    } -> tensor<256xf32>
    %569 = tensor.empty() : tensor<256x2x64xf32>
    %570 = linalg.generic {indexing_maps = [#map16, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%565 : tensor<2x64x256xf32>) outs(%569 : tensor<256x2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<256x2x64xf32>
    %collapsed_72 = tensor.collapse_shape %570 [[0], [1, 2]] : tensor<256x2x64xf32> into tensor<256x128xf32>
    %571 = tensor.empty() : tensor<256x64xf32>
    %572 = linalg.fill ins(%cst_11 : f32) outs(%571 : tensor<256x64xf32>) -> tensor<256x64xf32>
    %573 = linalg.matmul ins(%collapsed_72, %collapsed_45 : tensor<256x128xf32>, tensor<128x64xf32>) outs(%572 : tensor<256x64xf32>) -> tensor<256x64xf32>
    %574 = tensor.empty() : tensor<64x256xf32>
    %575 = linalg.generic {indexing_maps = [#map17, #map], iterator_types = ["parallel", "parallel"]} ins(%573 : tensor<256x64xf32>) outs(%574 : tensor<64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<64x256xf32>
    %collapsed_73 = tensor.collapse_shape %565 [[0, 1], [2]] : tensor<2x64x256xf32> into tensor<128x256xf32>
    %576 = tensor.empty() : tensor<256x64xf32>
    %577 = linalg.generic {indexing_maps = [#map17, #map], iterator_types = ["parallel", "parallel"]} ins(%arg3 : tensor<64x256xf32>) outs(%576 : tensor<256x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<256x64xf32>
    %578 = tensor.empty() : tensor<128x64xf32>
    %579 = linalg.fill ins(%cst_11 : f32) outs(%578 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %580 = linalg.matmul ins(%collapsed_73, %577 : tensor<128x256xf32>, tensor<256x64xf32>) outs(%579 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_74 = tensor.expand_shape %580 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %581 = tensor.empty() : tensor<64xf32>
    %582 = linalg.fill ins(%cst_11 : f32) outs(%581 : tensor<64xf32>) -> tensor<64xf32>
    %583 = linalg.generic {indexing_maps = [#map16, #map18], iterator_types = ["parallel", "reduction", "reduction"]} ins(%expanded_74 : tensor<2x64x64xf32>) outs(%582 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.addf %out, %in : f32
      linalg.yield %788 : f32
    } -> tensor<64xf32>
    %584 = tensor.empty() : tensor<2x64x64xf32>
    %585 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%203, %expanded_74 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%584 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %586 = tensor.empty() : tensor<2x64x64xf32>
    %587 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_74, %217 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%586 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %588 = tensor.empty() : tensor<2x64x64xf32>
    %589 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%213, %585 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%588 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %590 = tensor.empty() : tensor<64xf32>
    %591 = linalg.fill ins(%cst_11 : f32) outs(%590 : tensor<64xf32>) -> tensor<64xf32>
    %592 = linalg.generic {indexing_maps = [#map16, #map18], iterator_types = ["parallel", "reduction", "reduction"]} ins(%589 : tensor<2x64x64xf32>) outs(%591 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.addf %out, %in : f32
      linalg.yield %788 : f32
    } -> tensor<64xf32>
    %593 = tensor.empty() : tensor<2x64x64xf32>
    %594 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%585, %215 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%593 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %595 = tensor.empty() : tensor<2x64xf32>
    %596 = linalg.fill ins(%cst_11 : f32) outs(%595 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %597 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%594 : tensor<2x64x64xf32>) outs(%596 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.addf %out, %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %expanded_75 = tensor.expand_shape %597 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xf32> into tensor<2x64x1xf32>
    %598 = tensor.empty() : tensor<2x64x1xf32>
    %599 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_75, %211 : tensor<2x64x1xf32>, tensor<2x64x1xf32>) outs(%598 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x1xf32>
    %600 = tensor.empty() : tensor<2x64x64xf32>
    %601 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%587 : tensor<2x64x64xf32>) outs(%600 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.negf %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %602 = tensor.empty() : tensor<2x64xf32>
    %603 = linalg.fill ins(%cst_11 : f32) outs(%602 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %604 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%601 : tensor<2x64x64xf32>) outs(%603 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.addf %out, %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %expanded_76 = tensor.expand_shape %604 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xf32> into tensor<2x64x1xf32>
    %605 = tensor.empty() : tensor<2x64x64xf32>
    %606 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%528, %587 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%605 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.addf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %607 = tensor.empty() : tensor<2x64xf32>
    %608 = linalg.fill ins(%cst_11 : f32) outs(%607 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %609 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%599 : tensor<2x64x1xf32>) outs(%608 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.addf %out, %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %610 = tensor.empty() : tensor<2x64xf32>
    %611 = linalg.fill ins(%cst_11 : f32) outs(%610 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %612 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%expanded_76 : tensor<2x64x1xf32>) outs(%611 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.addf %out, %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %613 = tensor.empty() : tensor<2x64xf32>
    %614 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%609, %199 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%613 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %615 = tensor.empty() : tensor<2x64xf32>
    %616 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%614 : tensor<2x64xf32>) outs(%615 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.negf %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %617 = tensor.empty() : tensor<2x64xf32>
    %618 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%616, %185 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%617 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %619 = tensor.empty() : tensor<2x64xf32>
    %620 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%612, %618 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%619 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.addf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %621 = tensor.empty() : tensor<2x64xf32>
    %622 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%614 : tensor<2x64xf32>) outs(%621 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.divf %in, %cst_10 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %623 = tensor.empty() : tensor<2x64x64xf32>
    %624 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%622 : tensor<2x64xf32>) outs(%623 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %625 = tensor.empty() : tensor<2x64xf32>
    %626 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%620 : tensor<2x64xf32>) outs(%625 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.divf %in, %cst_10 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %627 = tensor.empty() : tensor<2x64x64xf32>
    %628 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%626 : tensor<2x64xf32>) outs(%627 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %629 = tensor.empty() : tensor<2x64x64xf32>
    %630 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%606, %628 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%629 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.addf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %631 = tensor.empty() : tensor<2x64x64xf32>
    %632 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%624, %171 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%631 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %633 = tensor.empty() : tensor<2x64x64xf32>
    %634 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%630, %632 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%633 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.addf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %635 = tensor.empty() : tensor<64xf32>
    %636 = linalg.fill ins(%cst_11 : f32) outs(%635 : tensor<64xf32>) -> tensor<64xf32>
    %637 = linalg.generic {indexing_maps = [#map16, #map18], iterator_types = ["parallel", "reduction", "reduction"]} ins(%634 : tensor<2x64x64xf32>) outs(%636 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.addf %out, %in : f32
      linalg.yield %788 : f32
    } -> tensor<64xf32>
    %638 = tensor.empty() : tensor<64x2x64xf32>
    %639 = linalg.generic {indexing_maps = [#map16, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%634 : tensor<2x64x64xf32>) outs(%638 : tensor<64x2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<64x2x64xf32>
    %collapsed_77 = tensor.collapse_shape %639 [[0], [1, 2]] : tensor<64x2x64xf32> into tensor<64x128xf32>
    %640 = tensor.empty() : tensor<64x64xf32>
    %641 = linalg.fill ins(%cst_11 : f32) outs(%640 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %642 = linalg.matmul ins(%collapsed_77, %collapsed_39 : tensor<64x128xf32>, tensor<128x64xf32>) outs(%641 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %643 = tensor.empty() : tensor<64x64xf32>
    %644 = linalg.generic {indexing_maps = [#map17, #map], iterator_types = ["parallel", "parallel"]} ins(%642 : tensor<64x64xf32>) outs(%643 : tensor<64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<64x64xf32>
    %collapsed_78 = tensor.collapse_shape %634 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %645 = tensor.empty() : tensor<64x64xf32>
    %646 = linalg.generic {indexing_maps = [#map17, #map], iterator_types = ["parallel", "parallel"]} ins(%arg5 : tensor<64x64xf32>) outs(%645 : tensor<64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<64x64xf32>
    %647 = tensor.empty() : tensor<128x64xf32>
    %648 = linalg.fill ins(%cst_11 : f32) outs(%647 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %649 = linalg.matmul ins(%collapsed_78, %646 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%648 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_79 = tensor.expand_shape %649 [[0, 1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<128x64xf32> into tensor<2x64x2x32xf32>
    %650 = tensor.empty() : tensor<2x2x64x32xf32>
    %651 = linalg.generic {indexing_maps = [#map10, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_79 : tensor<2x64x2x32xf32>) outs(%650 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x2x64x32xf32>
    %652 = tensor.empty() : tensor<2x2x32x64xf32>
    %653 = linalg.generic {indexing_maps = [#map11, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%651 : tensor<2x2x64x32xf32>) outs(%652 : tensor<2x2x32x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x2x32x64xf32>
    %collapsed_80 = tensor.collapse_shape %653 [[0, 1], [2], [3]] : tensor<2x2x32x64xf32> into tensor<4x32x64xf32>
    %654 = tensor.empty() : tensor<4x32x64xf32>
    %655 = linalg.fill ins(%cst_11 : f32) outs(%654 : tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %656 = linalg.batch_matmul ins(%collapsed_80, %collapsed_36 : tensor<4x32x64xf32>, tensor<4x64x64xf32>) outs(%655 : tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %expanded_81 = tensor.expand_shape %656 [[0, 1], [2], [3]] output_shape [2, 2, 32, 64] : tensor<4x32x64xf32> into tensor<2x2x32x64xf32>
    %657 = tensor.empty() : tensor<2x2x64x32xf32>
    %658 = linalg.generic {indexing_maps = [#map11, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_81 : tensor<2x2x32x64xf32>) outs(%657 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x2x64x32xf32>
    %659 = tensor.empty() : tensor<2x2x32x64xf32>
    %660 = linalg.generic {indexing_maps = [#map11, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%116 : tensor<2x2x64x32xf32>) outs(%659 : tensor<2x2x32x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x2x32x64xf32>
    %collapsed_82 = tensor.collapse_shape %651 [[0, 1], [2], [3]] : tensor<2x2x64x32xf32> into tensor<4x64x32xf32>
    %collapsed_83 = tensor.collapse_shape %660 [[0, 1], [2], [3]] : tensor<2x2x32x64xf32> into tensor<4x32x64xf32>
    %661 = tensor.empty() : tensor<4x64x64xf32>
    %662 = linalg.fill ins(%cst_11 : f32) outs(%661 : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
    %663 = linalg.batch_matmul ins(%collapsed_82, %collapsed_83 : tensor<4x64x32xf32>, tensor<4x32x64xf32>) outs(%662 : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
    %expanded_84 = tensor.expand_shape %663 [[0, 1], [2], [3]] output_shape [2, 2, 64, 64] : tensor<4x64x64xf32> into tensor<2x2x64x64xf32>
    %664 = tensor.empty() : tensor<2x2x64x64xf32>
    %665 = linalg.generic {indexing_maps = [#map19, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%153 : tensor<2x2x64x1xf32>) outs(%664 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x2x64x64xf32>
    %666 = tensor.empty() : tensor<2x2x64x64xf32>
    %667 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_84, %665 : tensor<2x2x64x64xf32>, tensor<2x2x64x64xf32>) outs(%666 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x2x64x64xf32>
    %668 = tensor.empty() : tensor<2x2x64x64xf32>
    %669 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%667, %142 : tensor<2x2x64x64xf32>, tensor<2x2x64x64xf32>) outs(%668 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x2x64x64xf32>
    %670 = tensor.empty() : tensor<2x2x64xf32>
    %671 = linalg.fill ins(%cst_11 : f32) outs(%670 : tensor<2x2x64xf32>) -> tensor<2x2x64xf32>
    %672 = linalg.generic {indexing_maps = [#map4, #map3], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%669 : tensor<2x2x64x64xf32>) outs(%671 : tensor<2x2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.addf %out, %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x2x64xf32>
    %673 = tensor.empty() : tensor<2x2x64xf32>
    %674 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%672 : tensor<2x2x64xf32>) outs(%673 : tensor<2x2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.negf %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x2x64xf32>
    %expanded_85 = tensor.expand_shape %674 [[0], [1], [2, 3]] output_shape [2, 2, 64, 1] : tensor<2x2x64xf32> into tensor<2x2x64x1xf32>
    %675 = tensor.empty() : tensor<2x2x64x64xf32>
    %676 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_84, %147 : tensor<2x2x64x64xf32>, tensor<2x2x64x64xf32>) outs(%675 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.divf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x2x64x64xf32>
    %677 = tensor.empty() : tensor<2x2x64xf32>
    %678 = linalg.fill ins(%cst_11 : f32) outs(%677 : tensor<2x2x64xf32>) -> tensor<2x2x64xf32>
    %679 = linalg.generic {indexing_maps = [#map4, #map3], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%expanded_85 : tensor<2x2x64x1xf32>) outs(%678 : tensor<2x2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.addf %out, %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x2x64xf32>
    %680 = tensor.empty() : tensor<2x2x64x64xf32>
    %681 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%679 : tensor<2x2x64xf32>) outs(%680 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x2x64x64xf32>
    %682 = tensor.empty() : tensor<2x2x64x64xf32>
    %683 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%676, %681 : tensor<2x2x64x64xf32>, tensor<2x2x64x64xf32>) outs(%682 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.addf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x2x64x64xf32>
    %684 = tensor.empty() : tensor<2x2x64x64xf32>
    %685 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%683, %142 : tensor<2x2x64x64xf32>, tensor<2x2x64x64xf32>) outs(%684 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x2x64x64xf32>
    %686 = tensor.empty() : tensor<2x2x64x64xf32>
    %687 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%131, %685 : tensor<2x2x64x64xi1>, tensor<2x2x64x64xf32>) outs(%686 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: i1, %in_105: f32, %out: f32):
      %788 = arith.select %in, %in_105, %cst_11 : f32
      linalg.yield %788 : f32
    } -> tensor<2x2x64x64xf32>
    %688 = tensor.empty() : tensor<2x2x64x64xf32>
    %689 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%687 : tensor<2x2x64x64xf32>) outs(%688 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.mulf %in, %cst_6 : f32
      linalg.yield %788 : f32
    } -> tensor<2x2x64x64xf32>
    %690 = tensor.empty() : tensor<2x2x64x64xf32>
    %691 = linalg.generic {indexing_maps = [#map11, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%689 : tensor<2x2x64x64xf32>) outs(%690 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x2x64x64xf32>
    %collapsed_86 = tensor.collapse_shape %691 [[0, 1], [2], [3]] : tensor<2x2x64x64xf32> into tensor<4x64x64xf32>
    %692 = tensor.empty() : tensor<4x64x32xf32>
    %693 = linalg.fill ins(%cst_11 : f32) outs(%692 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %694 = linalg.batch_matmul ins(%collapsed_86, %collapsed_32 : tensor<4x64x64xf32>, tensor<4x64x32xf32>) outs(%693 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %expanded_87 = tensor.expand_shape %694 [[0, 1], [2], [3]] output_shape [2, 2, 64, 32] : tensor<4x64x32xf32> into tensor<2x2x64x32xf32>
    %695 = tensor.empty() : tensor<2x2x32x64xf32>
    %696 = linalg.generic {indexing_maps = [#map11, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_87 : tensor<2x2x64x32xf32>) outs(%695 : tensor<2x2x32x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x2x32x64xf32>
    %697 = tensor.empty() : tensor<2x2x64x32xf32>
    %698 = linalg.generic {indexing_maps = [#map11, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%118 : tensor<2x2x32x64xf32>) outs(%697 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x2x64x32xf32>
    %collapsed_88 = tensor.collapse_shape %689 [[0, 1], [2], [3]] : tensor<2x2x64x64xf32> into tensor<4x64x64xf32>
    %collapsed_89 = tensor.collapse_shape %698 [[0, 1], [2], [3]] : tensor<2x2x64x32xf32> into tensor<4x64x32xf32>
    %699 = tensor.empty() : tensor<4x64x32xf32>
    %700 = linalg.fill ins(%cst_11 : f32) outs(%699 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %701 = linalg.batch_matmul ins(%collapsed_88, %collapsed_89 : tensor<4x64x64xf32>, tensor<4x64x32xf32>) outs(%700 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %expanded_90 = tensor.expand_shape %701 [[0, 1], [2], [3]] output_shape [2, 2, 64, 32] : tensor<4x64x32xf32> into tensor<2x2x64x32xf32>
    %702 = tensor.empty() : tensor<2x2x64x32xf32>
    %703 = linalg.generic {indexing_maps = [#map11, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%696 : tensor<2x2x32x64xf32>) outs(%702 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x2x64x32xf32>
    %704 = tensor.empty() : tensor<2x64x2x32xf32>
    %705 = linalg.generic {indexing_maps = [#map10, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%658 : tensor<2x2x64x32xf32>) outs(%704 : tensor<2x64x2x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x2x32xf32>
    %collapsed_91 = tensor.collapse_shape %705 [[0], [1], [2, 3]] : tensor<2x64x2x32xf32> into tensor<2x64x64xf32>
    %706 = tensor.empty() : tensor<2x64x2x32xf32>
    %707 = linalg.generic {indexing_maps = [#map10, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%703 : tensor<2x2x64x32xf32>) outs(%706 : tensor<2x64x2x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x2x32xf32>
    %collapsed_92 = tensor.collapse_shape %707 [[0], [1], [2, 3]] : tensor<2x64x2x32xf32> into tensor<2x64x64xf32>
    %708 = tensor.empty() : tensor<2x64x2x32xf32>
    %709 = linalg.generic {indexing_maps = [#map10, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_90 : tensor<2x2x64x32xf32>) outs(%708 : tensor<2x64x2x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x2x32xf32>
    %collapsed_93 = tensor.collapse_shape %709 [[0], [1], [2, 3]] : tensor<2x64x2x32xf32> into tensor<2x64x64xf32>
    %710 = tensor.empty() : tensor<2x64x192xf32>
    %inserted_slice_94 = tensor.insert_slice %collapsed_93 into %710[0, 0, 0] [2, 64, 64] [1, 1, 1] : tensor<2x64x64xf32> into tensor<2x64x192xf32>
    %inserted_slice_95 = tensor.insert_slice %collapsed_92 into %inserted_slice_94[0, 0, 64] [2, 64, 64] [1, 1, 1] : tensor<2x64x64xf32> into tensor<2x64x192xf32>
    %inserted_slice_96 = tensor.insert_slice %collapsed_91 into %inserted_slice_95[0, 0, 128] [2, 64, 64] [1, 1, 1] : tensor<2x64x64xf32> into tensor<2x64x192xf32>
    %711 = tensor.empty() : tensor<192xf32>
    %712 = linalg.fill ins(%cst_11 : f32) outs(%711 : tensor<192xf32>) -> tensor<192xf32>
    %713 = linalg.generic {indexing_maps = [#map16, #map18], iterator_types = ["parallel", "reduction", "reduction"]} ins(%inserted_slice_96 : tensor<2x64x192xf32>) outs(%712 : tensor<192xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.addf %out, %in : f32
      linalg.yield %788 : f32
    } -> tensor<192xf32>
    %714 = tensor.empty() : tensor<192x2x64xf32>
    %715 = linalg.generic {indexing_maps = [#map16, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%inserted_slice_96 : tensor<2x64x192xf32>) outs(%714 : tensor<192x2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<192x2x64xf32>
    %collapsed_97 = tensor.collapse_shape %715 [[0], [1, 2]] : tensor<192x2x64xf32> into tensor<192x128xf32>
    %716 = tensor.empty() : tensor<192x64xf32>
    %717 = linalg.fill ins(%cst_11 : f32) outs(%716 : tensor<192x64xf32>) -> tensor<192x64xf32>
    %718 = linalg.matmul ins(%collapsed_97, %collapsed_24 : tensor<192x128xf32>, tensor<128x64xf32>) outs(%717 : tensor<192x64xf32>) -> tensor<192x64xf32>
    %719 = tensor.empty() : tensor<64x192xf32>
    %720 = linalg.generic {indexing_maps = [#map17, #map], iterator_types = ["parallel", "parallel"]} ins(%718 : tensor<192x64xf32>) outs(%719 : tensor<64x192xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<64x192xf32>
    %collapsed_98 = tensor.collapse_shape %inserted_slice_96 [[0, 1], [2]] : tensor<2x64x192xf32> into tensor<128x192xf32>
    %721 = tensor.empty() : tensor<192x64xf32>
    %722 = linalg.generic {indexing_maps = [#map17, #map], iterator_types = ["parallel", "parallel"]} ins(%arg1 : tensor<64x192xf32>) outs(%721 : tensor<192x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<192x64xf32>
    %723 = tensor.empty() : tensor<128x64xf32>
    %724 = linalg.fill ins(%cst_11 : f32) outs(%723 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %725 = linalg.matmul ins(%collapsed_98, %722 : tensor<128x192xf32>, tensor<192x64xf32>) outs(%724 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_99 = tensor.expand_shape %725 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %726 = tensor.empty() : tensor<64xf32>
    %727 = linalg.fill ins(%cst_11 : f32) outs(%726 : tensor<64xf32>) -> tensor<64xf32>
    %728 = linalg.generic {indexing_maps = [#map16, #map18], iterator_types = ["parallel", "reduction", "reduction"]} ins(%expanded_99 : tensor<2x64x64xf32>) outs(%727 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.addf %out, %in : f32
      linalg.yield %788 : f32
    } -> tensor<64xf32>
    %729 = tensor.empty() : tensor<2x64x64xf32>
    %730 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%83, %expanded_99 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%729 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %731 = tensor.empty() : tensor<2x64x64xf32>
    %732 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_99, %97 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%731 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %733 = tensor.empty() : tensor<2x64x64xf32>
    %734 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%93, %730 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%733 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %735 = tensor.empty() : tensor<64xf32>
    %736 = linalg.fill ins(%cst_11 : f32) outs(%735 : tensor<64xf32>) -> tensor<64xf32>
    %737 = linalg.generic {indexing_maps = [#map16, #map18], iterator_types = ["parallel", "reduction", "reduction"]} ins(%734 : tensor<2x64x64xf32>) outs(%736 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.addf %out, %in : f32
      linalg.yield %788 : f32
    } -> tensor<64xf32>
    %738 = tensor.empty() : tensor<2x64x64xf32>
    %739 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%730, %95 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%738 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %740 = tensor.empty() : tensor<2x64xf32>
    %741 = linalg.fill ins(%cst_11 : f32) outs(%740 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %742 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%739 : tensor<2x64x64xf32>) outs(%741 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.addf %out, %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %expanded_100 = tensor.expand_shape %742 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xf32> into tensor<2x64x1xf32>
    %743 = tensor.empty() : tensor<2x64x1xf32>
    %744 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_100, %91 : tensor<2x64x1xf32>, tensor<2x64x1xf32>) outs(%743 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x1xf32>
    %745 = tensor.empty() : tensor<2x64x64xf32>
    %746 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%732 : tensor<2x64x64xf32>) outs(%745 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.negf %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %747 = tensor.empty() : tensor<2x64xf32>
    %748 = linalg.fill ins(%cst_11 : f32) outs(%747 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %749 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%746 : tensor<2x64x64xf32>) outs(%748 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.addf %out, %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %expanded_101 = tensor.expand_shape %749 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xf32> into tensor<2x64x1xf32>
    %750 = tensor.empty() : tensor<2x64x64xf32>
    %751 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%634, %732 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%750 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.addf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %752 = tensor.empty() : tensor<2x64xf32>
    %753 = linalg.fill ins(%cst_11 : f32) outs(%752 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %754 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%744 : tensor<2x64x1xf32>) outs(%753 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.addf %out, %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %755 = tensor.empty() : tensor<2x64xf32>
    %756 = linalg.fill ins(%cst_11 : f32) outs(%755 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %757 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%expanded_101 : tensor<2x64x1xf32>) outs(%756 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.addf %out, %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %758 = tensor.empty() : tensor<2x64xf32>
    %759 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%754, %79 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%758 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %760 = tensor.empty() : tensor<2x64xf32>
    %761 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%759 : tensor<2x64xf32>) outs(%760 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.negf %in : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %762 = tensor.empty() : tensor<2x64xf32>
    %763 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%761, %65 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%762 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %764 = tensor.empty() : tensor<2x64xf32>
    %765 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%757, %763 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%764 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.addf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %766 = tensor.empty() : tensor<2x64xf32>
    %767 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%759 : tensor<2x64xf32>) outs(%766 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.divf %in, %cst_10 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %768 = tensor.empty() : tensor<2x64x64xf32>
    %769 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%767 : tensor<2x64xf32>) outs(%768 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %770 = tensor.empty() : tensor<2x64xf32>
    %771 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%765 : tensor<2x64xf32>) outs(%770 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.divf %in, %cst_10 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64xf32>
    %772 = tensor.empty() : tensor<2x64x64xf32>
    %773 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%771 : tensor<2x64xf32>) outs(%772 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %774 = tensor.empty() : tensor<2x64x64xf32>
    %775 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%751, %773 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%774 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.addf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %776 = tensor.empty() : tensor<2x64x64xf32>
    %777 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%769, %51 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%776 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.mulf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %778 = tensor.empty() : tensor<2x64x64xf32>
    %779 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%775, %777 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%778 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_105: f32, %out: f32):
      %788 = arith.addf %in, %in_105 : f32
      linalg.yield %788 : f32
    } -> tensor<2x64x64xf32>
    %780 = tensor.empty() : tensor<64x64xf32>
    %781 = linalg.fill ins(%cst_11 : f32) outs(%780 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %782 = linalg.generic {indexing_maps = [#map20, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%779 : tensor<2x64x64xf32>) outs(%781 : tensor<64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.addf %out, %in : f32
      linalg.yield %788 : f32
    } -> tensor<64x64xf32>
    %expanded_102 = tensor.expand_shape %782 [[0, 1], [2]] output_shape [1, 64, 64] : tensor<64x64xf32> into tensor<1x64x64xf32>
    %783 = tensor.empty() : tensor<64x64xf32>
    %784 = linalg.fill ins(%cst_11 : f32) outs(%783 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %785 = linalg.generic {indexing_maps = [#map20, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%expanded_102 : tensor<1x64x64xf32>) outs(%784 : tensor<64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %788 = arith.addf %out, %in : f32
      linalg.yield %788 : f32
    } -> tensor<64x64xf32>
    // iree_linalg_ext.scatter {dimension_map = [0]} unique_indices(false) rewritten as loops (test/graphs/scatter_to_loops.py):
    // orig[coord(i, j)] = combine(updates[i, j], orig[coord(i, j)])
    %sc2_c0 = arith.constant 0 : index
    %sc2_c1 = arith.constant 1 : index
    %sc2_c64 = arith.constant 64 : index
    %786 = scf.for %sc2_i0 = %sc2_c0 to %sc2_c64 step %sc2_c1 iter_args(%sc2_ab0 = %cst_16) -> (tensor<64x64xf32>) {
      %sc2_ix0 = tensor.extract %expanded_19[%sc2_i0, %sc2_c0] : tensor<64x1xi32>
      %sc2_o0 = arith.index_cast %sc2_ix0 : i32 to index
      %sc2_s0r = scf.for %sc2_j0 = %sc2_c0 to %sc2_c64 step %sc2_c1 iter_args(%sc2_as0 = %sc2_ab0) -> (tensor<64x64xf32>) {
        %sc2_u = tensor.extract %785[%sc2_i0, %sc2_j0] : tensor<64x64xf32>
        %sc2_v = tensor.extract %sc2_as0[%sc2_o0, %sc2_j0] : tensor<64x64xf32>
        %sc2_r2 = arith.addf %sc2_v, %sc2_u : f32
        %sc2_new = tensor.insert %sc2_r2 into %sc2_as0[%sc2_o0, %sc2_j0] : tensor<64x64xf32>
        scf.yield %sc2_new : tensor<64x64xf32>
      }
      scf.yield %sc2_s0r : tensor<64x64xf32>
    }
    %collapsed_103 = tensor.collapse_shape %expanded [[0, 1], [2]] : tensor<2x64x1xi32> into tensor<128x1xi32>
    %collapsed_104 = tensor.collapse_shape %779 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    // iree_linalg_ext.scatter {dimension_map = [0]} unique_indices(false) rewritten as loops (test/graphs/scatter_to_loops.py):
    // orig[coord(i, j)] = combine(updates[i, j], orig[coord(i, j)])
    %sc3_c0 = arith.constant 0 : index
    %sc3_c1 = arith.constant 1 : index
    %sc3_c64 = arith.constant 64 : index
    %sc3_c128 = arith.constant 128 : index
    %787 = scf.for %sc3_i0 = %sc3_c0 to %sc3_c128 step %sc3_c1 iter_args(%sc3_ab0 = %cst_15) -> (tensor<1024x64xf32>) {
      %sc3_ix0 = tensor.extract %collapsed_103[%sc3_i0, %sc3_c0] : tensor<128x1xi32>
      %sc3_o0 = arith.index_cast %sc3_ix0 : i32 to index
      %sc3_s0r = scf.for %sc3_j0 = %sc3_c0 to %sc3_c64 step %sc3_c1 iter_args(%sc3_as0 = %sc3_ab0) -> (tensor<1024x64xf32>) {
        %sc3_u = tensor.extract %collapsed_104[%sc3_i0, %sc3_j0] : tensor<128x64xf32>
        %sc3_v = tensor.extract %sc3_as0[%sc3_o0, %sc3_j0] : tensor<1024x64xf32>
        %sc3_r2 = arith.addf %sc3_v, %sc3_u : f32
        %sc3_new = tensor.insert %sc3_r2 into %sc3_as0[%sc3_o0, %sc3_j0] : tensor<1024x64xf32>
        scf.yield %sc3_new : tensor<1024x64xf32>
      }
      scf.yield %sc3_s0r : tensor<1024x64xf32>
    }
    return %409, %713, %720, %568, %575, %637, %644, %728, %737, %583, %592, %531, %538, %471, %479, %488, %786, %787 : tensor<f32>, tensor<192xf32>, tensor<64x192xf32>, tensor<256xf32>, tensor<64x256xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<256x64xf32>, tensor<64x1024xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<1024x64xf32>
  }
}

