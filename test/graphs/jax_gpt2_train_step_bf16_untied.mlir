// jax_gpt2_train_step_bf16_untied: real linalg-on-tensors graph
// from JAX (see test/graphs/README.md).
//
// RUN: lmhead-opt %s -o /dev/null
// RUN: lmhead-opt %s --lmhead-cpu-pipeline=decompose=false -o /dev/null
//
// Made by test/graphs/make_jax_graphs.py --only jax_gpt2_train_step_bf16_untied
// Tools: jax 0.10.2, jaxlib 0.10.2, flax 0.12.8, optax 0.2.8, iree-base-compiler 3.13.0 (IREE compiler version 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967), python 3.11.7
// Model: Flax GPT-2, 1 block, 2 heads, d_model 64, vocabulary 1024, batch 2 x seq 64 (N = 128 tokens), LM head nn.Dense(1024, use_bias=False) (untied, kernel [D, V] = [64, 1024]), every nn.Dense, nn.Embed and nn.LayerNorm with dtype=jnp.bfloat16, param_dtype=jnp.float32 (f32 parameters, bfloat16 activations and logits), logits.astype(jnp.float32) before the loss, loss optax.softmax_cross_entropy_with_integer_labels masked by labels != -100, summed and divided by max(count, 1)
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
#map12 = affine_map<() -> ()>
#map13 = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
#map14 = affine_map<(d0, d1, d2, d3) -> ()>
#map15 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
#map16 = affine_map<(d0) -> ()>
#map17 = affine_map<(d0, d1) -> ()>
#map18 = affine_map<(d0, d1, d2) -> (d1, d2, d0)>
#map19 = affine_map<(d0, d1) -> (d1, d0)>
#map20 = affine_map<(d0, d1, d2) -> (d0)>
#map21 = affine_map<(d0, d1, d2) -> (d2, d0, d1)>
module @jit_step {
  func.func public @main(%arg0: tensor<192xf32>, %arg1: tensor<64x192xf32>, %arg2: tensor<256xf32>, %arg3: tensor<64x256xf32>, %arg4: tensor<64xf32>, %arg5: tensor<64x64xf32>, %arg6: tensor<64xf32>, %arg7: tensor<64xf32>, %arg8: tensor<64xf32>, %arg9: tensor<64xf32>, %arg10: tensor<64xf32>, %arg11: tensor<256x64xf32>, %arg12: tensor<64x1024xf32>, %arg13: tensor<64xf32>, %arg14: tensor<64xf32>, %arg15: tensor<64x64xf32>, %arg16: tensor<1024x64xf32>, %arg17: tensor<2x64xi32>, %arg18: tensor<2x64xi32>) -> (tensor<f32>, tensor<192xf32>, tensor<64x192xf32>, tensor<256xf32>, tensor<64x256xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<256x64xf32>, tensor<64x1024xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<1024x64xf32>) {
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant 0x7F800000 : f32
    %cst_0 = arith.constant 0x7FC00000 : f32
    %c1023 = arith.constant 1023 : index
    %c0 = arith.constant 0 : index
    %c-100_i32 = arith.constant -100 : i32
    %cst_1 = arith.constant 5.000000e-01 : bf16
    %cst_2 = arith.constant 7.968750e-01 : bf16
    %cst_3 = arith.constant 4.467770e-02 : bf16
    %cst_4 = arith.constant 3.000000e+00 : bf16
    %cst_5 = arith.constant 1.000000e+00 : bf16
    %cst_6 = arith.constant 0xFF80 : bf16
    %cst_7 = arith.constant 0xFF800000 : f32
    %cst_8 = arith.constant 1.767580e-01 : bf16
    %cst_9 = arith.constant 0.000000e+00 : bf16
    %cst_10 = arith.constant -5.000000e-01 : f32
    %cst_11 = arith.constant 9.99999997E-7 : f32
    %cst_12 = arith.constant 1.000000e+00 : f32
    %cst_13 = arith.constant 6.400000e+01 : f32
    %cst_14 = arith.constant 0.000000e+00 : f32
    %cst_15 = arith.constant 2.000000e+00 : f32
    %c63_i32 = arith.constant 63 : i32
    %c64_i32 = arith.constant 64 : i32
    %cst_16 = arith.constant 0x7FC0 : bf16
    %true = arith.constant true
    %c1023_i32 = arith.constant 1023 : i32
    %c1024_i32 = arith.constant 1024 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst_17 = arith.constant dense<0> : tensor<1x1xi32>
    %cst_18 = arith.constant dense<0.000000e+00> : tensor<1024x64xbf16>
    %cst_19 = arith.constant dense<0.000000e+00> : tensor<64x64xbf16>
    %cst_20 = arith.constant dense<0.000000e+00> : tensor<2x64x1024xf32>
    %cst_21 = arith.constant dense<0.000000e+00> : tensor<1x2x64xf32>
    %0 = tensor.empty() : tensor<1024x64xbf16>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg16 : tensor<1024x64xf32>) outs(%0 : tensor<1024x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %839 = arith.truncf %in : f32 to bf16
      linalg.yield %839 : bf16
    } -> tensor<1024x64xbf16>
    %2 = tensor.empty() : tensor<2x64xi1>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg17 : tensor<2x64xi32>) outs(%2 : tensor<2x64xi1>) {
    ^bb0(%in: i32, %out: i1):
      %839 = arith.cmpi slt, %in, %c0_i32 : i32
      linalg.yield %839 : i1
    } -> tensor<2x64xi1>
    %4 = tensor.empty() : tensor<2x64xi32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg17 : tensor<2x64xi32>) outs(%4 : tensor<2x64xi32>) {
    ^bb0(%in: i32, %out: i32):
      %839 = arith.addi %in, %c1024_i32 : i32
      linalg.yield %839 : i32
    } -> tensor<2x64xi32>
    %6 = tensor.empty() : tensor<2x64xi32>
    %7 = linalg.generic {indexing_maps = [#map, #map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%3, %5, %arg17 : tensor<2x64xi1>, tensor<2x64xi32>, tensor<2x64xi32>) outs(%6 : tensor<2x64xi32>) {
    ^bb0(%in: i1, %in_108: i32, %in_109: i32, %out: i32):
      %839 = arith.select %in, %in_108, %in_109 : i32
      linalg.yield %839 : i32
    } -> tensor<2x64xi32>
    %expanded = tensor.expand_shape %7 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xi32> into tensor<2x64x1xi32>
    %8 = tensor.empty() : tensor<2x64x1xi1>
    %9 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded : tensor<2x64x1xi32>) outs(%8 : tensor<2x64x1xi1>) {
    ^bb0(%in: i32, %out: i1):
      %839 = arith.cmpi sge, %in, %c0_i32 : i32
      linalg.yield %839 : i1
    } -> tensor<2x64x1xi1>
    %10 = tensor.empty() : tensor<2x64x1xi1>
    %11 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded : tensor<2x64x1xi32>) outs(%10 : tensor<2x64x1xi1>) {
    ^bb0(%in: i32, %out: i1):
      %839 = arith.cmpi sle, %in, %c1023_i32 : i32
      linalg.yield %839 : i1
    } -> tensor<2x64x1xi1>
    %12 = tensor.empty() : tensor<2x64x1xi1>
    %13 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%9, %11 : tensor<2x64x1xi1>, tensor<2x64x1xi1>) outs(%12 : tensor<2x64x1xi1>) {
    ^bb0(%in: i1, %in_108: i1, %out: i1):
      %839 = arith.andi %in, %in_108 : i1
      linalg.yield %839 : i1
    } -> tensor<2x64x1xi1>
    %14 = tensor.empty() : tensor<2x64xi1>
    %15 = linalg.fill ins(%true : i1) outs(%14 : tensor<2x64xi1>) -> tensor<2x64xi1>
    %16 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%13 : tensor<2x64x1xi1>) outs(%15 : tensor<2x64xi1>) {
    ^bb0(%in: i1, %out: i1):
      %839 = arith.andi %out, %in : i1
      linalg.yield %839 : i1
    } -> tensor<2x64xi1>
    %17 = tensor.empty() : tensor<2x64x1x64xbf16>
    %18 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded : tensor<2x64x1xi32>) outs(%17 : tensor<2x64x1x64xbf16>) {
    ^bb0(%in: i32, %out: bf16):
      %839 = arith.index_cast %in : i32 to index
      %840 = linalg.index 3 : index
      %extracted = tensor.extract %1[%839, %840] : tensor<1024x64xbf16>
      linalg.yield %extracted : bf16
    } -> tensor<2x64x1x64xbf16>
    %collapsed = tensor.collapse_shape %18 [[0], [1], [2, 3]] : tensor<2x64x1x64xbf16> into tensor<2x64x64xbf16>
    %19 = tensor.empty() : tensor<2x64x64xi1>
    %20 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%16 : tensor<2x64xi1>) outs(%19 : tensor<2x64x64xi1>) {
    ^bb0(%in: i1, %out: i1):
      linalg.yield %in : i1
    } -> tensor<2x64x64xi1>
    %21 = tensor.empty() : tensor<2x64x64xbf16>
    %22 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20, %collapsed : tensor<2x64x64xi1>, tensor<2x64x64xbf16>) outs(%21 : tensor<2x64x64xbf16>) {
    ^bb0(%in: i1, %in_108: bf16, %out: bf16):
      %839 = arith.select %in, %in_108, %cst_16 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x64xbf16>
    %23 = tensor.empty() : tensor<64xi32>
    %24 = linalg.generic {indexing_maps = [#map5], iterator_types = ["parallel"]} outs(%23 : tensor<64xi32>) {
    ^bb0(%out: i32):
      %839 = linalg.index 0 : index
      %840 = arith.index_cast %839 : index to i32
      linalg.yield %840 : i32
    } -> tensor<64xi32>
    %25 = tensor.empty() : tensor<64x64xbf16>
    %26 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg15 : tensor<64x64xf32>) outs(%25 : tensor<64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %839 = arith.truncf %in : f32 to bf16
      linalg.yield %839 : bf16
    } -> tensor<64x64xbf16>
    %27 = tensor.empty() : tensor<64xi1>
    %28 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel"]} ins(%24 : tensor<64xi32>) outs(%27 : tensor<64xi1>) {
    ^bb0(%in: i32, %out: i1):
      %839 = arith.cmpi slt, %in, %c0_i32 : i32
      linalg.yield %839 : i1
    } -> tensor<64xi1>
    %29 = tensor.empty() : tensor<64xi32>
    %30 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel"]} ins(%24 : tensor<64xi32>) outs(%29 : tensor<64xi32>) {
    ^bb0(%in: i32, %out: i32):
      %839 = arith.addi %in, %c64_i32 : i32
      linalg.yield %839 : i32
    } -> tensor<64xi32>
    %31 = tensor.empty() : tensor<64xi32>
    %32 = linalg.generic {indexing_maps = [#map5, #map5, #map5, #map5], iterator_types = ["parallel"]} ins(%28, %30, %24 : tensor<64xi1>, tensor<64xi32>, tensor<64xi32>) outs(%31 : tensor<64xi32>) {
    ^bb0(%in: i1, %in_108: i32, %in_109: i32, %out: i32):
      %839 = arith.select %in, %in_108, %in_109 : i32
      linalg.yield %839 : i32
    } -> tensor<64xi32>
    %expanded_22 = tensor.expand_shape %32 [[0, 1]] output_shape [64, 1] : tensor<64xi32> into tensor<64x1xi32>
    %33 = tensor.empty() : tensor<64x1xi1>
    %34 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%expanded_22 : tensor<64x1xi32>) outs(%33 : tensor<64x1xi1>) {
    ^bb0(%in: i32, %out: i1):
      %839 = arith.cmpi sge, %in, %c0_i32 : i32
      linalg.yield %839 : i1
    } -> tensor<64x1xi1>
    %35 = tensor.empty() : tensor<64x1xi1>
    %36 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%expanded_22 : tensor<64x1xi32>) outs(%35 : tensor<64x1xi1>) {
    ^bb0(%in: i32, %out: i1):
      %839 = arith.cmpi sle, %in, %c63_i32 : i32
      linalg.yield %839 : i1
    } -> tensor<64x1xi1>
    %37 = tensor.empty() : tensor<64x1xi1>
    %38 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%34, %36 : tensor<64x1xi1>, tensor<64x1xi1>) outs(%37 : tensor<64x1xi1>) {
    ^bb0(%in: i1, %in_108: i1, %out: i1):
      %839 = arith.andi %in, %in_108 : i1
      linalg.yield %839 : i1
    } -> tensor<64x1xi1>
    %39 = tensor.empty() : tensor<64xi1>
    %40 = linalg.fill ins(%true : i1) outs(%39 : tensor<64xi1>) -> tensor<64xi1>
    %41 = linalg.generic {indexing_maps = [#map, #map6], iterator_types = ["parallel", "reduction"]} ins(%38 : tensor<64x1xi1>) outs(%40 : tensor<64xi1>) {
    ^bb0(%in: i1, %out: i1):
      %839 = arith.andi %out, %in : i1
      linalg.yield %839 : i1
    } -> tensor<64xi1>
    %42 = tensor.empty() : tensor<64x1x64xbf16>
    %43 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_22 : tensor<64x1xi32>) outs(%42 : tensor<64x1x64xbf16>) {
    ^bb0(%in: i32, %out: bf16):
      %839 = arith.index_cast %in : i32 to index
      %840 = linalg.index 2 : index
      %extracted = tensor.extract %26[%839, %840] : tensor<64x64xbf16>
      linalg.yield %extracted : bf16
    } -> tensor<64x1x64xbf16>
    %collapsed_23 = tensor.collapse_shape %43 [[0], [1, 2]] : tensor<64x1x64xbf16> into tensor<64x64xbf16>
    %44 = tensor.empty() : tensor<64x64xi1>
    %45 = linalg.generic {indexing_maps = [#map6, #map], iterator_types = ["parallel", "parallel"]} ins(%41 : tensor<64xi1>) outs(%44 : tensor<64x64xi1>) {
    ^bb0(%in: i1, %out: i1):
      linalg.yield %in : i1
    } -> tensor<64x64xi1>
    %46 = tensor.empty() : tensor<64x64xbf16>
    %47 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%45, %collapsed_23 : tensor<64x64xi1>, tensor<64x64xbf16>) outs(%46 : tensor<64x64xbf16>) {
    ^bb0(%in: i1, %in_108: bf16, %out: bf16):
      %839 = arith.select %in, %in_108, %cst_16 : bf16
      linalg.yield %839 : bf16
    } -> tensor<64x64xbf16>
    %48 = tensor.empty() : tensor<2x64x64xbf16>
    %49 = linalg.generic {indexing_maps = [#map7, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%47 : tensor<64x64xbf16>) outs(%48 : tensor<2x64x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x64x64xbf16>
    %50 = tensor.empty() : tensor<2x64x64xbf16>
    %51 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%22, %49 : tensor<2x64x64xbf16>, tensor<2x64x64xbf16>) outs(%50 : tensor<2x64x64xbf16>) {
    ^bb0(%in: bf16, %in_108: bf16, %out: bf16):
      %839 = arith.addf %in, %in_108 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x64xbf16>
    %52 = tensor.empty() : tensor<2x64x64xf32>
    %53 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%51 : tensor<2x64x64xbf16>) outs(%52 : tensor<2x64x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %839 = arith.extf %in : bf16 to f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %54 = tensor.empty() : tensor<2x64x64xf32>
    %55 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%53 : tensor<2x64x64xf32>) outs(%54 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.mulf %in, %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %56 = tensor.empty() : tensor<2x64x64xf32>
    %57 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%53 : tensor<2x64x64xf32>) outs(%56 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.mulf %in, %cst_15 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %58 = tensor.empty() : tensor<2x64xf32>
    %59 = linalg.fill ins(%cst_14 : f32) outs(%58 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %60 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%53 : tensor<2x64x64xf32>) outs(%59 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.addf %out, %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %61 = tensor.empty() : tensor<2x64xf32>
    %62 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%60 : tensor<2x64xf32>) outs(%61 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.divf %in, %cst_13 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %63 = tensor.empty() : tensor<2x64xf32>
    %64 = linalg.fill ins(%cst_14 : f32) outs(%63 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %65 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%55 : tensor<2x64x64xf32>) outs(%64 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.addf %out, %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %66 = tensor.empty() : tensor<2x64xf32>
    %67 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%65 : tensor<2x64xf32>) outs(%66 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.divf %in, %cst_13 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %68 = tensor.empty() : tensor<2x64xf32>
    %69 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%62 : tensor<2x64xf32>) outs(%68 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.mulf %in, %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %70 = tensor.empty() : tensor<2x64xf32>
    %71 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%62 : tensor<2x64xf32>) outs(%70 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.mulf %in, %cst_15 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %72 = tensor.empty() : tensor<2x64xf32>
    %73 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%67, %69 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%72 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.subf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %74 = tensor.empty() : tensor<2x64xf32>
    %75 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%73 : tensor<2x64xf32>) outs(%74 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.maximumf %in, %cst_14 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %76 = tensor.empty() : tensor<2x64xi1>
    %77 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%73, %75 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%76 : tensor<2x64xi1>) {
    ^bb0(%in: f32, %in_108: f32, %out: i1):
      %839 = arith.cmpf oeq, %in, %in_108 : f32
      linalg.yield %839 : i1
    } -> tensor<2x64xi1>
    %78 = tensor.empty() : tensor<2x64xf32>
    %79 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%77 : tensor<2x64xi1>) outs(%78 : tensor<2x64xf32>) {
    ^bb0(%in: i1, %out: f32):
      %839 = arith.select %in, %cst_12, %cst_14 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %80 = tensor.empty() : tensor<2x64xi1>
    %81 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%75 : tensor<2x64xf32>) outs(%80 : tensor<2x64xi1>) {
    ^bb0(%in: f32, %out: i1):
      %839 = arith.cmpf oeq, %cst_14, %in : f32
      linalg.yield %839 : i1
    } -> tensor<2x64xi1>
    %82 = tensor.empty() : tensor<2x64xf32>
    %83 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%81 : tensor<2x64xi1>) outs(%82 : tensor<2x64xf32>) {
    ^bb0(%in: i1, %out: f32):
      %839 = arith.select %in, %cst_15, %cst_12 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %84 = tensor.empty() : tensor<2x64xf32>
    %85 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%79, %83 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%84 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.divf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %expanded_24 = tensor.expand_shape %75 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xf32> into tensor<2x64x1xf32>
    %86 = tensor.empty() : tensor<2x64x64xf32>
    %87 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%62 : tensor<2x64xf32>) outs(%86 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %88 = tensor.empty() : tensor<2x64x64xf32>
    %89 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%53, %87 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%88 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.subf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %90 = tensor.empty() : tensor<2x64x1xf32>
    %91 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_24 : tensor<2x64x1xf32>) outs(%90 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.addf %in, %cst_11 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x1xf32>
    %92 = tensor.empty() : tensor<2x64x1xf32>
    %93 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%91 : tensor<2x64x1xf32>) outs(%92 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = math.rsqrt %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x1xf32>
    %94 = tensor.empty() : tensor<2x64x1xf32>
    %95 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%93, %91 : tensor<2x64x1xf32>, tensor<2x64x1xf32>) outs(%94 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.divf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x1xf32>
    %96 = tensor.empty() : tensor<2x64x1xf32>
    %97 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%95 : tensor<2x64x1xf32>) outs(%96 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.mulf %in, %cst_10 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x1xf32>
    %expanded_25 = tensor.expand_shape %arg7 [[0, 1, 2]] output_shape [1, 1, 64] : tensor<64xf32> into tensor<1x1x64xf32>
    %98 = tensor.empty() : tensor<2x64x64xf32>
    %99 = linalg.generic {indexing_maps = [#map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%93 : tensor<2x64x1xf32>) outs(%98 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %100 = tensor.empty() : tensor<2x64x64xf32>
    %101 = linalg.generic {indexing_maps = [#map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_25 : tensor<1x1x64xf32>) outs(%100 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %102 = tensor.empty() : tensor<2x64x64xf32>
    %103 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%99, %101 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%102 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.mulf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %104 = tensor.empty() : tensor<2x64x64xf32>
    %105 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%89, %103 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%104 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.mulf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %expanded_26 = tensor.expand_shape %arg6 [[0, 1, 2]] output_shape [1, 1, 64] : tensor<64xf32> into tensor<1x1x64xf32>
    %106 = tensor.empty() : tensor<2x64x64xf32>
    %107 = linalg.generic {indexing_maps = [#map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_26 : tensor<1x1x64xf32>) outs(%106 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %108 = tensor.empty() : tensor<2x64x64xf32>
    %109 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%105, %107 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%108 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.addf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %110 = tensor.empty() : tensor<2x64x64xbf16>
    %111 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%109 : tensor<2x64x64xf32>) outs(%110 : tensor<2x64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %839 = arith.truncf %in : f32 to bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x64xbf16>
    %112 = tensor.empty() : tensor<64x192xbf16>
    %113 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg1 : tensor<64x192xf32>) outs(%112 : tensor<64x192xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %839 = arith.truncf %in : f32 to bf16
      linalg.yield %839 : bf16
    } -> tensor<64x192xbf16>
    %114 = tensor.empty() : tensor<192xbf16>
    %115 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel"]} ins(%arg0 : tensor<192xf32>) outs(%114 : tensor<192xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %839 = arith.truncf %in : f32 to bf16
      linalg.yield %839 : bf16
    } -> tensor<192xbf16>
    %collapsed_27 = tensor.collapse_shape %111 [[0, 1], [2]] : tensor<2x64x64xbf16> into tensor<128x64xbf16>
    %116 = tensor.empty() : tensor<128x192xbf16>
    %117 = linalg.fill ins(%cst_9 : bf16) outs(%116 : tensor<128x192xbf16>) -> tensor<128x192xbf16>
    %118 = linalg.matmul ins(%collapsed_27, %113 : tensor<128x64xbf16>, tensor<64x192xbf16>) outs(%117 : tensor<128x192xbf16>) -> tensor<128x192xbf16>
    %expanded_28 = tensor.expand_shape %118 [[0, 1], [2]] output_shape [2, 64, 192] : tensor<128x192xbf16> into tensor<2x64x192xbf16>
    %expanded_29 = tensor.expand_shape %115 [[0, 1, 2]] output_shape [1, 1, 192] : tensor<192xbf16> into tensor<1x1x192xbf16>
    %119 = tensor.empty() : tensor<2x64x192xbf16>
    %120 = linalg.generic {indexing_maps = [#map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_29 : tensor<1x1x192xbf16>) outs(%119 : tensor<2x64x192xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x64x192xbf16>
    %121 = tensor.empty() : tensor<2x64x192xbf16>
    %122 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_28, %120 : tensor<2x64x192xbf16>, tensor<2x64x192xbf16>) outs(%121 : tensor<2x64x192xbf16>) {
    ^bb0(%in: bf16, %in_108: bf16, %out: bf16):
      %839 = arith.addf %in, %in_108 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x192xbf16>
    %extracted_slice = tensor.extract_slice %122[0, 0, 0] [2, 64, 64] [1, 1, 1] : tensor<2x64x192xbf16> to tensor<2x64x64xbf16>
    %extracted_slice_30 = tensor.extract_slice %122[0, 0, 64] [2, 64, 64] [1, 1, 1] : tensor<2x64x192xbf16> to tensor<2x64x64xbf16>
    %extracted_slice_31 = tensor.extract_slice %122[0, 0, 128] [2, 64, 64] [1, 1, 1] : tensor<2x64x192xbf16> to tensor<2x64x64xbf16>
    %expanded_32 = tensor.expand_shape %extracted_slice [[0], [1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<2x64x64xbf16> into tensor<2x64x2x32xbf16>
    %123 = tensor.empty() : tensor<2x2x64x32xbf16>
    %124 = linalg.generic {indexing_maps = [#map10, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_32 : tensor<2x64x2x32xbf16>) outs(%123 : tensor<2x2x64x32xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x2x64x32xbf16>
    %expanded_33 = tensor.expand_shape %extracted_slice_30 [[0], [1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<2x64x64xbf16> into tensor<2x64x2x32xbf16>
    %125 = tensor.empty() : tensor<2x2x64x32xbf16>
    %126 = linalg.generic {indexing_maps = [#map10, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_33 : tensor<2x64x2x32xbf16>) outs(%125 : tensor<2x2x64x32xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x2x64x32xbf16>
    %expanded_34 = tensor.expand_shape %extracted_slice_31 [[0], [1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<2x64x64xbf16> into tensor<2x64x2x32xbf16>
    %127 = tensor.empty() : tensor<2x2x64x32xbf16>
    %128 = linalg.generic {indexing_maps = [#map10, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_34 : tensor<2x64x2x32xbf16>) outs(%127 : tensor<2x2x64x32xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x2x64x32xbf16>
    %129 = tensor.empty() : tensor<2x2x32x64xbf16>
    %130 = linalg.generic {indexing_maps = [#map11, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%126 : tensor<2x2x64x32xbf16>) outs(%129 : tensor<2x2x32x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x2x32x64xbf16>
    %collapsed_35 = tensor.collapse_shape %124 [[0, 1], [2], [3]] : tensor<2x2x64x32xbf16> into tensor<4x64x32xbf16>
    %collapsed_36 = tensor.collapse_shape %130 [[0, 1], [2], [3]] : tensor<2x2x32x64xbf16> into tensor<4x32x64xbf16>
    %131 = tensor.empty() : tensor<4x64x64xbf16>
    %132 = linalg.fill ins(%cst_9 : bf16) outs(%131 : tensor<4x64x64xbf16>) -> tensor<4x64x64xbf16>
    %133 = linalg.batch_matmul ins(%collapsed_35, %collapsed_36 : tensor<4x64x32xbf16>, tensor<4x32x64xbf16>) outs(%132 : tensor<4x64x64xbf16>) -> tensor<4x64x64xbf16>
    %expanded_37 = tensor.expand_shape %133 [[0, 1], [2], [3]] output_shape [2, 2, 64, 64] : tensor<4x64x64xbf16> into tensor<2x2x64x64xbf16>
    %134 = tensor.empty() : tensor<2x2x64x64xbf16>
    %135 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_37 : tensor<2x2x64x64xbf16>) outs(%134 : tensor<2x2x64x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %839 = arith.mulf %in, %cst_8 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x2x64x64xbf16>
    %136 = tensor.empty() : tensor<64x64xi32>
    %137 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%136 : tensor<64x64xi32>) {
    ^bb0(%out: i32):
      %839 = linalg.index 0 : index
      %840 = arith.index_cast %839 : index to i32
      linalg.yield %840 : i32
    } -> tensor<64x64xi32>
    %138 = tensor.empty() : tensor<64x64xi32>
    %139 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%138 : tensor<64x64xi32>) {
    ^bb0(%out: i32):
      %839 = linalg.index 1 : index
      %840 = arith.index_cast %839 : index to i32
      linalg.yield %840 : i32
    } -> tensor<64x64xi32>
    %140 = tensor.empty() : tensor<64x64xi1>
    %141 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%137, %139 : tensor<64x64xi32>, tensor<64x64xi32>) outs(%140 : tensor<64x64xi1>) {
    ^bb0(%in: i32, %in_108: i32, %out: i1):
      %839 = arith.cmpi sge, %in, %in_108 : i32
      linalg.yield %839 : i1
    } -> tensor<64x64xi1>
    %142 = tensor.empty() : tensor<bf16>
    %143 = linalg.generic {indexing_maps = [#map12], iterator_types = []} outs(%142 : tensor<bf16>) {
    ^bb0(%out: bf16):
      linalg.yield %cst_6 : bf16
    } -> tensor<bf16>
    %144 = tensor.empty() : tensor<2x2x64x64xi1>
    %145 = linalg.generic {indexing_maps = [#map13, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%141 : tensor<64x64xi1>) outs(%144 : tensor<2x2x64x64xi1>) {
    ^bb0(%in: i1, %out: i1):
      linalg.yield %in : i1
    } -> tensor<2x2x64x64xi1>
    %146 = tensor.empty() : tensor<2x2x64x64xbf16>
    %147 = linalg.generic {indexing_maps = [#map14, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%143 : tensor<bf16>) outs(%146 : tensor<2x2x64x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x2x64x64xbf16>
    %148 = tensor.empty() : tensor<2x2x64x64xbf16>
    %149 = linalg.generic {indexing_maps = [#map4, #map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%145, %135, %147 : tensor<2x2x64x64xi1>, tensor<2x2x64x64xbf16>, tensor<2x2x64x64xbf16>) outs(%148 : tensor<2x2x64x64xbf16>) {
    ^bb0(%in: i1, %in_108: bf16, %in_109: bf16, %out: bf16):
      %839 = arith.select %in, %in_108, %in_109 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x2x64x64xbf16>
    %150 = tensor.empty() : tensor<2x2x64xbf16>
    %151 = linalg.fill ins(%cst_6 : bf16) outs(%150 : tensor<2x2x64xbf16>) -> tensor<2x2x64xbf16>
    %152 = linalg.generic {indexing_maps = [#map4, #map3], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%149 : tensor<2x2x64x64xbf16>) outs(%151 : tensor<2x2x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %839 = arith.maximumf %out, %in : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x2x64xbf16>
    %153 = tensor.empty() : tensor<2x2x64x64xbf16>
    %154 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%152 : tensor<2x2x64xbf16>) outs(%153 : tensor<2x2x64x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x2x64x64xbf16>
    %155 = tensor.empty() : tensor<2x2x64x64xbf16>
    %156 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%149, %154 : tensor<2x2x64x64xbf16>, tensor<2x2x64x64xbf16>) outs(%155 : tensor<2x2x64x64xbf16>) {
    ^bb0(%in: bf16, %in_108: bf16, %out: bf16):
      %839 = arith.subf %in, %in_108 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x2x64x64xbf16>
    %157 = tensor.empty() : tensor<2x2x64x64xbf16>
    %158 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%156 : tensor<2x2x64x64xbf16>) outs(%157 : tensor<2x2x64x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %839 = math.exp %in : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x2x64x64xbf16>
    %159 = tensor.empty() : tensor<2x2x64x64xf32>
    %160 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%158 : tensor<2x2x64x64xbf16>) outs(%159 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %839 = arith.extf %in : bf16 to f32
      linalg.yield %839 : f32
    } -> tensor<2x2x64x64xf32>
    %161 = tensor.empty() : tensor<2x2x64xf32>
    %162 = linalg.fill ins(%cst_14 : f32) outs(%161 : tensor<2x2x64xf32>) -> tensor<2x2x64xf32>
    %163 = linalg.generic {indexing_maps = [#map4, #map3], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%160 : tensor<2x2x64x64xf32>) outs(%162 : tensor<2x2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.addf %out, %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x2x64xf32>
    %164 = tensor.empty() : tensor<2x2x64xbf16>
    %165 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%163 : tensor<2x2x64xf32>) outs(%164 : tensor<2x2x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %839 = arith.truncf %in : f32 to bf16
      linalg.yield %839 : bf16
    } -> tensor<2x2x64xbf16>
    %expanded_38 = tensor.expand_shape %165 [[0], [1], [2, 3]] output_shape [2, 2, 64, 1] : tensor<2x2x64xbf16> into tensor<2x2x64x1xbf16>
    %166 = tensor.empty() : tensor<2x2x64x64xbf16>
    %167 = linalg.generic {indexing_maps = [#map15, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_38 : tensor<2x2x64x1xbf16>) outs(%166 : tensor<2x2x64x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x2x64x64xbf16>
    %168 = tensor.empty() : tensor<2x2x64x64xbf16>
    %169 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%158, %167 : tensor<2x2x64x64xbf16>, tensor<2x2x64x64xbf16>) outs(%168 : tensor<2x2x64x64xbf16>) {
    ^bb0(%in: bf16, %in_108: bf16, %out: bf16):
      %839 = arith.divf %in, %in_108 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x2x64x64xbf16>
    %170 = tensor.empty() : tensor<2x2x64x1xbf16>
    %171 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_38 : tensor<2x2x64x1xbf16>) outs(%170 : tensor<2x2x64x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %839 = arith.mulf %in, %in : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x2x64x1xbf16>
    %172 = tensor.empty() : tensor<2x2x64x1xbf16>
    %173 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%171 : tensor<2x2x64x1xbf16>) outs(%172 : tensor<2x2x64x1xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %839 = arith.divf %cst_5, %in : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x2x64x1xbf16>
    %collapsed_39 = tensor.collapse_shape %169 [[0, 1], [2], [3]] : tensor<2x2x64x64xbf16> into tensor<4x64x64xbf16>
    %collapsed_40 = tensor.collapse_shape %128 [[0, 1], [2], [3]] : tensor<2x2x64x32xbf16> into tensor<4x64x32xbf16>
    %174 = tensor.empty() : tensor<4x64x32xbf16>
    %175 = linalg.fill ins(%cst_9 : bf16) outs(%174 : tensor<4x64x32xbf16>) -> tensor<4x64x32xbf16>
    %176 = linalg.batch_matmul ins(%collapsed_39, %collapsed_40 : tensor<4x64x64xbf16>, tensor<4x64x32xbf16>) outs(%175 : tensor<4x64x32xbf16>) -> tensor<4x64x32xbf16>
    %expanded_41 = tensor.expand_shape %176 [[0, 1], [2], [3]] output_shape [2, 2, 64, 32] : tensor<4x64x32xbf16> into tensor<2x2x64x32xbf16>
    %177 = tensor.empty() : tensor<2x64x2x32xbf16>
    %178 = linalg.generic {indexing_maps = [#map10, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_41 : tensor<2x2x64x32xbf16>) outs(%177 : tensor<2x64x2x32xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x64x2x32xbf16>
    %179 = tensor.empty() : tensor<64x64xbf16>
    %180 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg5 : tensor<64x64xf32>) outs(%179 : tensor<64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %839 = arith.truncf %in : f32 to bf16
      linalg.yield %839 : bf16
    } -> tensor<64x64xbf16>
    %181 = tensor.empty() : tensor<64xbf16>
    %182 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel"]} ins(%arg4 : tensor<64xf32>) outs(%181 : tensor<64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %839 = arith.truncf %in : f32 to bf16
      linalg.yield %839 : bf16
    } -> tensor<64xbf16>
    %collapsed_42 = tensor.collapse_shape %178 [[0, 1], [2, 3]] : tensor<2x64x2x32xbf16> into tensor<128x64xbf16>
    %183 = tensor.empty() : tensor<128x64xbf16>
    %184 = linalg.fill ins(%cst_9 : bf16) outs(%183 : tensor<128x64xbf16>) -> tensor<128x64xbf16>
    %185 = linalg.matmul ins(%collapsed_42, %180 : tensor<128x64xbf16>, tensor<64x64xbf16>) outs(%184 : tensor<128x64xbf16>) -> tensor<128x64xbf16>
    %expanded_43 = tensor.expand_shape %185 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xbf16> into tensor<2x64x64xbf16>
    %expanded_44 = tensor.expand_shape %182 [[0, 1, 2]] output_shape [1, 1, 64] : tensor<64xbf16> into tensor<1x1x64xbf16>
    %186 = tensor.empty() : tensor<2x64x64xbf16>
    %187 = linalg.generic {indexing_maps = [#map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_44 : tensor<1x1x64xbf16>) outs(%186 : tensor<2x64x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x64x64xbf16>
    %188 = tensor.empty() : tensor<2x64x64xbf16>
    %189 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_43, %187 : tensor<2x64x64xbf16>, tensor<2x64x64xbf16>) outs(%188 : tensor<2x64x64xbf16>) {
    ^bb0(%in: bf16, %in_108: bf16, %out: bf16):
      %839 = arith.addf %in, %in_108 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x64xbf16>
    %190 = tensor.empty() : tensor<2x64x64xbf16>
    %191 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%51, %189 : tensor<2x64x64xbf16>, tensor<2x64x64xbf16>) outs(%190 : tensor<2x64x64xbf16>) {
    ^bb0(%in: bf16, %in_108: bf16, %out: bf16):
      %839 = arith.addf %in, %in_108 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x64xbf16>
    %192 = tensor.empty() : tensor<2x64x64xf32>
    %193 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%191 : tensor<2x64x64xbf16>) outs(%192 : tensor<2x64x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %839 = arith.extf %in : bf16 to f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %194 = tensor.empty() : tensor<2x64x64xf32>
    %195 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%193 : tensor<2x64x64xf32>) outs(%194 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.mulf %in, %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %196 = tensor.empty() : tensor<2x64x64xf32>
    %197 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%193 : tensor<2x64x64xf32>) outs(%196 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.mulf %in, %cst_15 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %198 = tensor.empty() : tensor<2x64xf32>
    %199 = linalg.fill ins(%cst_14 : f32) outs(%198 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %200 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%193 : tensor<2x64x64xf32>) outs(%199 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.addf %out, %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %201 = tensor.empty() : tensor<2x64xf32>
    %202 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%200 : tensor<2x64xf32>) outs(%201 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.divf %in, %cst_13 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %203 = tensor.empty() : tensor<2x64xf32>
    %204 = linalg.fill ins(%cst_14 : f32) outs(%203 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %205 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%195 : tensor<2x64x64xf32>) outs(%204 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.addf %out, %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %206 = tensor.empty() : tensor<2x64xf32>
    %207 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%205 : tensor<2x64xf32>) outs(%206 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.divf %in, %cst_13 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %208 = tensor.empty() : tensor<2x64xf32>
    %209 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%202 : tensor<2x64xf32>) outs(%208 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.mulf %in, %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %210 = tensor.empty() : tensor<2x64xf32>
    %211 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%202 : tensor<2x64xf32>) outs(%210 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.mulf %in, %cst_15 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %212 = tensor.empty() : tensor<2x64xf32>
    %213 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%207, %209 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%212 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.subf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %214 = tensor.empty() : tensor<2x64xf32>
    %215 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%213 : tensor<2x64xf32>) outs(%214 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.maximumf %in, %cst_14 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %216 = tensor.empty() : tensor<2x64xi1>
    %217 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%213, %215 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%216 : tensor<2x64xi1>) {
    ^bb0(%in: f32, %in_108: f32, %out: i1):
      %839 = arith.cmpf oeq, %in, %in_108 : f32
      linalg.yield %839 : i1
    } -> tensor<2x64xi1>
    %218 = tensor.empty() : tensor<2x64xf32>
    %219 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%217 : tensor<2x64xi1>) outs(%218 : tensor<2x64xf32>) {
    ^bb0(%in: i1, %out: f32):
      %839 = arith.select %in, %cst_12, %cst_14 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %220 = tensor.empty() : tensor<2x64xi1>
    %221 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%215 : tensor<2x64xf32>) outs(%220 : tensor<2x64xi1>) {
    ^bb0(%in: f32, %out: i1):
      %839 = arith.cmpf oeq, %cst_14, %in : f32
      linalg.yield %839 : i1
    } -> tensor<2x64xi1>
    %222 = tensor.empty() : tensor<2x64xf32>
    %223 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%221 : tensor<2x64xi1>) outs(%222 : tensor<2x64xf32>) {
    ^bb0(%in: i1, %out: f32):
      %839 = arith.select %in, %cst_15, %cst_12 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %224 = tensor.empty() : tensor<2x64xf32>
    %225 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%219, %223 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%224 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.divf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %expanded_45 = tensor.expand_shape %215 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xf32> into tensor<2x64x1xf32>
    %226 = tensor.empty() : tensor<2x64x64xf32>
    %227 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%202 : tensor<2x64xf32>) outs(%226 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %228 = tensor.empty() : tensor<2x64x64xf32>
    %229 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%193, %227 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%228 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.subf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %230 = tensor.empty() : tensor<2x64x1xf32>
    %231 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_45 : tensor<2x64x1xf32>) outs(%230 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.addf %in, %cst_11 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x1xf32>
    %232 = tensor.empty() : tensor<2x64x1xf32>
    %233 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%231 : tensor<2x64x1xf32>) outs(%232 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = math.rsqrt %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x1xf32>
    %234 = tensor.empty() : tensor<2x64x1xf32>
    %235 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%233, %231 : tensor<2x64x1xf32>, tensor<2x64x1xf32>) outs(%234 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.divf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x1xf32>
    %236 = tensor.empty() : tensor<2x64x1xf32>
    %237 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%235 : tensor<2x64x1xf32>) outs(%236 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.mulf %in, %cst_10 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x1xf32>
    %expanded_46 = tensor.expand_shape %arg9 [[0, 1, 2]] output_shape [1, 1, 64] : tensor<64xf32> into tensor<1x1x64xf32>
    %238 = tensor.empty() : tensor<2x64x64xf32>
    %239 = linalg.generic {indexing_maps = [#map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%233 : tensor<2x64x1xf32>) outs(%238 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %240 = tensor.empty() : tensor<2x64x64xf32>
    %241 = linalg.generic {indexing_maps = [#map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_46 : tensor<1x1x64xf32>) outs(%240 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %242 = tensor.empty() : tensor<2x64x64xf32>
    %243 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%239, %241 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%242 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.mulf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %244 = tensor.empty() : tensor<2x64x64xf32>
    %245 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%229, %243 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%244 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.mulf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %expanded_47 = tensor.expand_shape %arg8 [[0, 1, 2]] output_shape [1, 1, 64] : tensor<64xf32> into tensor<1x1x64xf32>
    %246 = tensor.empty() : tensor<2x64x64xf32>
    %247 = linalg.generic {indexing_maps = [#map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_47 : tensor<1x1x64xf32>) outs(%246 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %248 = tensor.empty() : tensor<2x64x64xf32>
    %249 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%245, %247 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%248 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.addf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %250 = tensor.empty() : tensor<2x64x64xbf16>
    %251 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%249 : tensor<2x64x64xf32>) outs(%250 : tensor<2x64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %839 = arith.truncf %in : f32 to bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x64xbf16>
    %252 = tensor.empty() : tensor<64x256xbf16>
    %253 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg3 : tensor<64x256xf32>) outs(%252 : tensor<64x256xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %839 = arith.truncf %in : f32 to bf16
      linalg.yield %839 : bf16
    } -> tensor<64x256xbf16>
    %254 = tensor.empty() : tensor<256xbf16>
    %255 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel"]} ins(%arg2 : tensor<256xf32>) outs(%254 : tensor<256xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %839 = arith.truncf %in : f32 to bf16
      linalg.yield %839 : bf16
    } -> tensor<256xbf16>
    %collapsed_48 = tensor.collapse_shape %251 [[0, 1], [2]] : tensor<2x64x64xbf16> into tensor<128x64xbf16>
    %256 = tensor.empty() : tensor<128x256xbf16>
    %257 = linalg.fill ins(%cst_9 : bf16) outs(%256 : tensor<128x256xbf16>) -> tensor<128x256xbf16>
    %258 = linalg.matmul ins(%collapsed_48, %253 : tensor<128x64xbf16>, tensor<64x256xbf16>) outs(%257 : tensor<128x256xbf16>) -> tensor<128x256xbf16>
    %expanded_49 = tensor.expand_shape %258 [[0, 1], [2]] output_shape [2, 64, 256] : tensor<128x256xbf16> into tensor<2x64x256xbf16>
    %expanded_50 = tensor.expand_shape %255 [[0, 1, 2]] output_shape [1, 1, 256] : tensor<256xbf16> into tensor<1x1x256xbf16>
    %259 = tensor.empty() : tensor<2x64x256xbf16>
    %260 = linalg.generic {indexing_maps = [#map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_50 : tensor<1x1x256xbf16>) outs(%259 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x64x256xbf16>
    %261 = tensor.empty() : tensor<2x64x256xbf16>
    %262 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_49, %260 : tensor<2x64x256xbf16>, tensor<2x64x256xbf16>) outs(%261 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %in_108: bf16, %out: bf16):
      %839 = arith.addf %in, %in_108 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x256xbf16>
    %263 = tensor.empty() : tensor<2x64x256xbf16>
    %264 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%262 : tensor<2x64x256xbf16>) outs(%263 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %839 = arith.mulf %in, %in : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x256xbf16>
    %265 = tensor.empty() : tensor<2x64x256xbf16>
    %266 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%264, %262 : tensor<2x64x256xbf16>, tensor<2x64x256xbf16>) outs(%265 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %in_108: bf16, %out: bf16):
      %839 = arith.mulf %in, %in_108 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x256xbf16>
    %267 = tensor.empty() : tensor<2x64x256xbf16>
    %268 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%264 : tensor<2x64x256xbf16>) outs(%267 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %839 = arith.mulf %in, %cst_4 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x256xbf16>
    %269 = tensor.empty() : tensor<2x64x256xbf16>
    %270 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%266 : tensor<2x64x256xbf16>) outs(%269 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %839 = arith.mulf %in, %cst_3 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x256xbf16>
    %271 = tensor.empty() : tensor<2x64x256xbf16>
    %272 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%262, %270 : tensor<2x64x256xbf16>, tensor<2x64x256xbf16>) outs(%271 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %in_108: bf16, %out: bf16):
      %839 = arith.addf %in, %in_108 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x256xbf16>
    %273 = tensor.empty() : tensor<2x64x256xbf16>
    %274 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%272 : tensor<2x64x256xbf16>) outs(%273 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %839 = arith.mulf %in, %cst_2 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x256xbf16>
    %275 = tensor.empty() : tensor<2x64x256xbf16>
    %276 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%274 : tensor<2x64x256xbf16>) outs(%275 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %839 = math.tanh %in : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x256xbf16>
    %277 = tensor.empty() : tensor<2x64x256xbf16>
    %278 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%276 : tensor<2x64x256xbf16>) outs(%277 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %839 = arith.subf %cst_5, %in : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x256xbf16>
    %279 = tensor.empty() : tensor<2x64x256xbf16>
    %280 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%276 : tensor<2x64x256xbf16>) outs(%279 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %839 = arith.addf %in, %cst_5 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x256xbf16>
    %281 = tensor.empty() : tensor<2x64x256xbf16>
    %282 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%280 : tensor<2x64x256xbf16>) outs(%281 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %839 = arith.mulf %in, %cst_1 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x256xbf16>
    %283 = tensor.empty() : tensor<2x64x256xbf16>
    %284 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%262, %282 : tensor<2x64x256xbf16>, tensor<2x64x256xbf16>) outs(%283 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %in_108: bf16, %out: bf16):
      %839 = arith.mulf %in, %in_108 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x256xbf16>
    %285 = tensor.empty() : tensor<256x64xbf16>
    %286 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg11 : tensor<256x64xf32>) outs(%285 : tensor<256x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %839 = arith.truncf %in : f32 to bf16
      linalg.yield %839 : bf16
    } -> tensor<256x64xbf16>
    %287 = tensor.empty() : tensor<64xbf16>
    %288 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel"]} ins(%arg10 : tensor<64xf32>) outs(%287 : tensor<64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %839 = arith.truncf %in : f32 to bf16
      linalg.yield %839 : bf16
    } -> tensor<64xbf16>
    %collapsed_51 = tensor.collapse_shape %284 [[0, 1], [2]] : tensor<2x64x256xbf16> into tensor<128x256xbf16>
    %289 = tensor.empty() : tensor<128x64xbf16>
    %290 = linalg.fill ins(%cst_9 : bf16) outs(%289 : tensor<128x64xbf16>) -> tensor<128x64xbf16>
    %291 = linalg.matmul ins(%collapsed_51, %286 : tensor<128x256xbf16>, tensor<256x64xbf16>) outs(%290 : tensor<128x64xbf16>) -> tensor<128x64xbf16>
    %expanded_52 = tensor.expand_shape %291 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xbf16> into tensor<2x64x64xbf16>
    %expanded_53 = tensor.expand_shape %288 [[0, 1, 2]] output_shape [1, 1, 64] : tensor<64xbf16> into tensor<1x1x64xbf16>
    %292 = tensor.empty() : tensor<2x64x64xbf16>
    %293 = linalg.generic {indexing_maps = [#map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_53 : tensor<1x1x64xbf16>) outs(%292 : tensor<2x64x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x64x64xbf16>
    %294 = tensor.empty() : tensor<2x64x64xbf16>
    %295 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_52, %293 : tensor<2x64x64xbf16>, tensor<2x64x64xbf16>) outs(%294 : tensor<2x64x64xbf16>) {
    ^bb0(%in: bf16, %in_108: bf16, %out: bf16):
      %839 = arith.addf %in, %in_108 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x64xbf16>
    %296 = tensor.empty() : tensor<2x64x64xbf16>
    %297 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%191, %295 : tensor<2x64x64xbf16>, tensor<2x64x64xbf16>) outs(%296 : tensor<2x64x64xbf16>) {
    ^bb0(%in: bf16, %in_108: bf16, %out: bf16):
      %839 = arith.addf %in, %in_108 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x64xbf16>
    %298 = tensor.empty() : tensor<2x64x64xf32>
    %299 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%297 : tensor<2x64x64xbf16>) outs(%298 : tensor<2x64x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %839 = arith.extf %in : bf16 to f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %300 = tensor.empty() : tensor<2x64x64xf32>
    %301 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%299 : tensor<2x64x64xf32>) outs(%300 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.mulf %in, %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %302 = tensor.empty() : tensor<2x64x64xf32>
    %303 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%299 : tensor<2x64x64xf32>) outs(%302 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.mulf %in, %cst_15 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %304 = tensor.empty() : tensor<2x64xf32>
    %305 = linalg.fill ins(%cst_14 : f32) outs(%304 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %306 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%299 : tensor<2x64x64xf32>) outs(%305 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.addf %out, %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %307 = tensor.empty() : tensor<2x64xf32>
    %308 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%306 : tensor<2x64xf32>) outs(%307 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.divf %in, %cst_13 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %309 = tensor.empty() : tensor<2x64xf32>
    %310 = linalg.fill ins(%cst_14 : f32) outs(%309 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %311 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%301 : tensor<2x64x64xf32>) outs(%310 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.addf %out, %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %312 = tensor.empty() : tensor<2x64xf32>
    %313 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%311 : tensor<2x64xf32>) outs(%312 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.divf %in, %cst_13 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %314 = tensor.empty() : tensor<2x64xf32>
    %315 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%308 : tensor<2x64xf32>) outs(%314 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.mulf %in, %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %316 = tensor.empty() : tensor<2x64xf32>
    %317 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%308 : tensor<2x64xf32>) outs(%316 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.mulf %in, %cst_15 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %318 = tensor.empty() : tensor<2x64xf32>
    %319 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%313, %315 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%318 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.subf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %320 = tensor.empty() : tensor<2x64xf32>
    %321 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%319 : tensor<2x64xf32>) outs(%320 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.maximumf %in, %cst_14 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %322 = tensor.empty() : tensor<2x64xi1>
    %323 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%319, %321 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%322 : tensor<2x64xi1>) {
    ^bb0(%in: f32, %in_108: f32, %out: i1):
      %839 = arith.cmpf oeq, %in, %in_108 : f32
      linalg.yield %839 : i1
    } -> tensor<2x64xi1>
    %324 = tensor.empty() : tensor<2x64xf32>
    %325 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%323 : tensor<2x64xi1>) outs(%324 : tensor<2x64xf32>) {
    ^bb0(%in: i1, %out: f32):
      %839 = arith.select %in, %cst_12, %cst_14 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %326 = tensor.empty() : tensor<2x64xi1>
    %327 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%321 : tensor<2x64xf32>) outs(%326 : tensor<2x64xi1>) {
    ^bb0(%in: f32, %out: i1):
      %839 = arith.cmpf oeq, %cst_14, %in : f32
      linalg.yield %839 : i1
    } -> tensor<2x64xi1>
    %328 = tensor.empty() : tensor<2x64xf32>
    %329 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%327 : tensor<2x64xi1>) outs(%328 : tensor<2x64xf32>) {
    ^bb0(%in: i1, %out: f32):
      %839 = arith.select %in, %cst_15, %cst_12 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %330 = tensor.empty() : tensor<2x64xf32>
    %331 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%325, %329 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%330 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.divf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %expanded_54 = tensor.expand_shape %321 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xf32> into tensor<2x64x1xf32>
    %332 = tensor.empty() : tensor<2x64x64xf32>
    %333 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%308 : tensor<2x64xf32>) outs(%332 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %334 = tensor.empty() : tensor<2x64x64xf32>
    %335 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%299, %333 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%334 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.subf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %336 = tensor.empty() : tensor<2x64x1xf32>
    %337 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_54 : tensor<2x64x1xf32>) outs(%336 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.addf %in, %cst_11 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x1xf32>
    %338 = tensor.empty() : tensor<2x64x1xf32>
    %339 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%337 : tensor<2x64x1xf32>) outs(%338 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = math.rsqrt %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x1xf32>
    %340 = tensor.empty() : tensor<2x64x1xf32>
    %341 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%339, %337 : tensor<2x64x1xf32>, tensor<2x64x1xf32>) outs(%340 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.divf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x1xf32>
    %342 = tensor.empty() : tensor<2x64x1xf32>
    %343 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%341 : tensor<2x64x1xf32>) outs(%342 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.mulf %in, %cst_10 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x1xf32>
    %expanded_55 = tensor.expand_shape %arg14 [[0, 1, 2]] output_shape [1, 1, 64] : tensor<64xf32> into tensor<1x1x64xf32>
    %344 = tensor.empty() : tensor<2x64x64xf32>
    %345 = linalg.generic {indexing_maps = [#map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%339 : tensor<2x64x1xf32>) outs(%344 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %346 = tensor.empty() : tensor<2x64x64xf32>
    %347 = linalg.generic {indexing_maps = [#map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_55 : tensor<1x1x64xf32>) outs(%346 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %348 = tensor.empty() : tensor<2x64x64xf32>
    %349 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%345, %347 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%348 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.mulf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %350 = tensor.empty() : tensor<2x64x64xf32>
    %351 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%335, %349 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%350 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.mulf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %expanded_56 = tensor.expand_shape %arg13 [[0, 1, 2]] output_shape [1, 1, 64] : tensor<64xf32> into tensor<1x1x64xf32>
    %352 = tensor.empty() : tensor<2x64x64xf32>
    %353 = linalg.generic {indexing_maps = [#map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_56 : tensor<1x1x64xf32>) outs(%352 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %354 = tensor.empty() : tensor<2x64x64xf32>
    %355 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%351, %353 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%354 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.addf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %356 = tensor.empty() : tensor<2x64x64xbf16>
    %357 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%355 : tensor<2x64x64xf32>) outs(%356 : tensor<2x64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %839 = arith.truncf %in : f32 to bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x64xbf16>
    %358 = tensor.empty() : tensor<64x1024xbf16>
    %359 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg12 : tensor<64x1024xf32>) outs(%358 : tensor<64x1024xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %839 = arith.truncf %in : f32 to bf16
      linalg.yield %839 : bf16
    } -> tensor<64x1024xbf16>
    %collapsed_57 = tensor.collapse_shape %357 [[0, 1], [2]] : tensor<2x64x64xbf16> into tensor<128x64xbf16>
    %360 = tensor.empty() : tensor<128x1024xbf16>
    %361 = linalg.fill ins(%cst_9 : bf16) outs(%360 : tensor<128x1024xbf16>) -> tensor<128x1024xbf16>
    %362 = linalg.matmul ins(%collapsed_57, %359 : tensor<128x64xbf16>, tensor<64x1024xbf16>) outs(%361 : tensor<128x1024xbf16>) -> tensor<128x1024xbf16>
    %363 = tensor.empty() : tensor<128x1024xf32>
    %364 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%362 : tensor<128x1024xbf16>) outs(%363 : tensor<128x1024xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %839 = arith.extf %in : bf16 to f32
      linalg.yield %839 : f32
    } -> tensor<128x1024xf32>
    %expanded_58 = tensor.expand_shape %364 [[0, 1], [2]] output_shape [2, 64, 1024] : tensor<128x1024xf32> into tensor<2x64x1024xf32>
    %365 = tensor.empty() : tensor<2x64xi1>
    %366 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg18 : tensor<2x64xi32>) outs(%365 : tensor<2x64xi1>) {
    ^bb0(%in: i32, %out: i1):
      %839 = arith.cmpi ne, %in, %c-100_i32 : i32
      linalg.yield %839 : i1
    } -> tensor<2x64xi1>
    %367 = tensor.empty() : tensor<2x64xi32>
    %368 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%366, %arg18 : tensor<2x64xi1>, tensor<2x64xi32>) outs(%367 : tensor<2x64xi32>) {
    ^bb0(%in: i1, %in_108: i32, %out: i32):
      %839 = arith.select %in, %in_108, %c0_i32 : i32
      linalg.yield %839 : i32
    } -> tensor<2x64xi32>
    %expanded_59 = tensor.expand_shape %368 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xi32> into tensor<2x64x1xi32>
    %369 = tensor.empty() : tensor<2x64x1xi1>
    %370 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_59 : tensor<2x64x1xi32>) outs(%369 : tensor<2x64x1xi1>) {
    ^bb0(%in: i32, %out: i1):
      %839 = arith.cmpi slt, %in, %c0_i32 : i32
      linalg.yield %839 : i1
    } -> tensor<2x64x1xi1>
    %371 = tensor.empty() : tensor<2x64x1xi32>
    %372 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_59 : tensor<2x64x1xi32>) outs(%371 : tensor<2x64x1xi32>) {
    ^bb0(%in: i32, %out: i32):
      %839 = arith.addi %in, %c1024_i32 : i32
      linalg.yield %839 : i32
    } -> tensor<2x64x1xi32>
    %373 = tensor.empty() : tensor<2x64x1xi32>
    %374 = linalg.generic {indexing_maps = [#map1, #map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%370, %372, %expanded_59 : tensor<2x64x1xi1>, tensor<2x64x1xi32>, tensor<2x64x1xi32>) outs(%373 : tensor<2x64x1xi32>) {
    ^bb0(%in: i1, %in_108: i32, %in_109: i32, %out: i32):
      %839 = arith.select %in, %in_108, %in_109 : i32
      linalg.yield %839 : i32
    } -> tensor<2x64x1xi32>
    %expanded_60 = tensor.expand_shape %374 [[0], [1], [2, 3]] output_shape [2, 64, 1, 1] : tensor<2x64x1xi32> into tensor<2x64x1x1xi32>
    %375 = tensor.empty() : tensor<2x64x1x1xi1>
    %376 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_60 : tensor<2x64x1x1xi32>) outs(%375 : tensor<2x64x1x1xi1>) {
    ^bb0(%in: i32, %out: i1):
      %839 = arith.cmpi sge, %in, %c0_i32 : i32
      linalg.yield %839 : i1
    } -> tensor<2x64x1x1xi1>
    %377 = tensor.empty() : tensor<2x64x1x1xi1>
    %378 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_60 : tensor<2x64x1x1xi32>) outs(%377 : tensor<2x64x1x1xi1>) {
    ^bb0(%in: i32, %out: i1):
      %839 = arith.cmpi sle, %in, %c1023_i32 : i32
      linalg.yield %839 : i1
    } -> tensor<2x64x1x1xi1>
    %379 = tensor.empty() : tensor<2x64x1x1xi1>
    %380 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%376, %378 : tensor<2x64x1x1xi1>, tensor<2x64x1x1xi1>) outs(%379 : tensor<2x64x1x1xi1>) {
    ^bb0(%in: i1, %in_108: i1, %out: i1):
      %839 = arith.andi %in, %in_108 : i1
      linalg.yield %839 : i1
    } -> tensor<2x64x1x1xi1>
    %381 = tensor.empty() : tensor<2x64x1xi1>
    %382 = linalg.fill ins(%true : i1) outs(%381 : tensor<2x64x1xi1>) -> tensor<2x64x1xi1>
    %383 = linalg.generic {indexing_maps = [#map4, #map3], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%380 : tensor<2x64x1x1xi1>) outs(%382 : tensor<2x64x1xi1>) {
    ^bb0(%in: i1, %out: i1):
      %839 = arith.andi %out, %in : i1
      linalg.yield %839 : i1
    } -> tensor<2x64x1xi1>
    %384 = tensor.empty() : tensor<2x64x1xf32>
    %385 = linalg.generic {indexing_maps = [#map1], iterator_types = ["parallel", "parallel", "parallel"]} outs(%384 : tensor<2x64x1xf32>) {
    ^bb0(%out: f32):
      %839 = linalg.index 0 : index
      %840 = linalg.index 1 : index
      %extracted = tensor.extract %expanded_60[%839, %840, %c0, %c0] : tensor<2x64x1x1xi32>
      %841 = arith.index_cast %extracted : i32 to index
      %842 = arith.maxsi %841, %c0 : index
      %843 = arith.minsi %842, %c1023 : index
      %extracted_108 = tensor.extract %expanded_58[%839, %840, %843] : tensor<2x64x1024xf32>
      linalg.yield %extracted_108 : f32
    } -> tensor<2x64x1xf32>
    %386 = tensor.empty() : tensor<2x64x1xf32>
    %387 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%383, %385 : tensor<2x64x1xi1>, tensor<2x64x1xf32>) outs(%386 : tensor<2x64x1xf32>) {
    ^bb0(%in: i1, %in_108: f32, %out: f32):
      %839 = arith.select %in, %in_108, %cst_0 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x1xf32>
    %388 = tensor.empty() : tensor<1xi1>
    %389 = linalg.generic {indexing_maps = [#map5], iterator_types = ["parallel"]} outs(%388 : tensor<1xi1>) {
    ^bb0(%out: i1):
      linalg.yield %true : i1
    } -> tensor<1xi1>
    %390 = tensor.empty() : tensor<i1>
    %391 = linalg.fill ins(%true : i1) outs(%390 : tensor<i1>) -> tensor<i1>
    %392 = linalg.generic {indexing_maps = [#map5, #map16], iterator_types = ["reduction"]} ins(%389 : tensor<1xi1>) outs(%391 : tensor<i1>) {
    ^bb0(%in: i1, %out: i1):
      %839 = arith.andi %out, %in : i1
      linalg.yield %839 : i1
    } -> tensor<i1>
    %collapsed_61 = tensor.collapse_shape %387 [[0], [1, 2]] : tensor<2x64x1xf32> into tensor<2x64xf32>
    %393 = tensor.empty() : tensor<2x64xi1>
    %394 = linalg.generic {indexing_maps = [#map17, #map], iterator_types = ["parallel", "parallel"]} ins(%392 : tensor<i1>) outs(%393 : tensor<2x64xi1>) {
    ^bb0(%in: i1, %out: i1):
      linalg.yield %in : i1
    } -> tensor<2x64xi1>
    %395 = tensor.empty() : tensor<2x64xf32>
    %396 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%394, %collapsed_61 : tensor<2x64xi1>, tensor<2x64xf32>) outs(%395 : tensor<2x64xf32>) {
    ^bb0(%in: i1, %in_108: f32, %out: f32):
      %839 = arith.select %in, %in_108, %cst_0 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %397 = tensor.empty() : tensor<2x64xf32>
    %398 = linalg.fill ins(%cst_7 : f32) outs(%397 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %399 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%expanded_58 : tensor<2x64x1024xf32>) outs(%398 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.maximumf %out, %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %400 = tensor.empty() : tensor<2x64xi1>
    %401 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%399 : tensor<2x64xf32>) outs(%400 : tensor<2x64xi1>) {
    ^bb0(%in: f32, %out: i1):
      %839 = math.absf %in : f32
      %840 = arith.cmpf one, %839, %cst : f32
      linalg.yield %840 : i1
    } -> tensor<2x64xi1>
    %402 = tensor.empty() : tensor<2x64xf32>
    %403 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%401, %399 : tensor<2x64xi1>, tensor<2x64xf32>) outs(%402 : tensor<2x64xf32>) {
    ^bb0(%in: i1, %in_108: f32, %out: f32):
      %839 = arith.select %in, %in_108, %cst_14 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %404 = tensor.empty() : tensor<2x64x1024xf32>
    %405 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%403 : tensor<2x64xf32>) outs(%404 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x1024xf32>
    %406 = tensor.empty() : tensor<2x64x1024xf32>
    %407 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_58, %405 : tensor<2x64x1024xf32>, tensor<2x64x1024xf32>) outs(%406 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.subf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x1024xf32>
    %408 = tensor.empty() : tensor<2x64x1024xf32>
    %409 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%407 : tensor<2x64x1024xf32>) outs(%408 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = math.exp %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x1024xf32>
    %410 = tensor.empty() : tensor<2x64xf32>
    %411 = linalg.fill ins(%cst_14 : f32) outs(%410 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %412 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%409 : tensor<2x64x1024xf32>) outs(%411 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.addf %out, %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %413 = tensor.empty() : tensor<2x64xf32>
    %414 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%412 : tensor<2x64xf32>) outs(%413 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = math.absf %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %415 = tensor.empty() : tensor<2x64xi1>
    %416 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%412 : tensor<2x64xf32>) outs(%415 : tensor<2x64xi1>) {
    ^bb0(%in: f32, %out: i1):
      %839 = arith.cmpf oge, %in, %cst_14 : f32
      linalg.yield %839 : i1
    } -> tensor<2x64xi1>
    %417 = tensor.empty() : tensor<2x64xf32>
    %418 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%414 : tensor<2x64xf32>) outs(%417 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = math.log %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %419 = tensor.empty() : tensor<2x64xf32>
    %420 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%418, %403 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%419 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.addf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %421 = tensor.empty() : tensor<2x64xf32>
    %422 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%420, %396 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%421 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.subf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %423 = tensor.empty() : tensor<2x64xf32>
    %424 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%366, %422 : tensor<2x64xi1>, tensor<2x64xf32>) outs(%423 : tensor<2x64xf32>) {
    ^bb0(%in: i1, %in_108: f32, %out: f32):
      %839 = arith.select %in, %in_108, %cst_14 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %425 = tensor.empty() : tensor<f32>
    %426 = linalg.fill ins(%cst_14 : f32) outs(%425 : tensor<f32>) -> tensor<f32>
    %427 = linalg.generic {indexing_maps = [#map, #map17], iterator_types = ["reduction", "reduction"]} ins(%424 : tensor<2x64xf32>) outs(%426 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.addf %out, %in : f32
      linalg.yield %839 : f32
    } -> tensor<f32>
    %428 = tensor.empty() : tensor<2x64xi32>
    %429 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%366 : tensor<2x64xi1>) outs(%428 : tensor<2x64xi32>) {
    ^bb0(%in: i1, %out: i32):
      %839 = arith.extui %in : i1 to i32
      linalg.yield %839 : i32
    } -> tensor<2x64xi32>
    %430 = tensor.empty() : tensor<i32>
    %431 = linalg.fill ins(%c0_i32 : i32) outs(%430 : tensor<i32>) -> tensor<i32>
    %432 = linalg.generic {indexing_maps = [#map, #map17], iterator_types = ["reduction", "reduction"]} ins(%429 : tensor<2x64xi32>) outs(%431 : tensor<i32>) {
    ^bb0(%in: i32, %out: i32):
      %839 = arith.addi %out, %in : i32
      linalg.yield %839 : i32
    } -> tensor<i32>
    %433 = tensor.empty() : tensor<i32>
    %434 = linalg.generic {indexing_maps = [#map12, #map12], iterator_types = []} ins(%432 : tensor<i32>) outs(%433 : tensor<i32>) {
    ^bb0(%in: i32, %out: i32):
      %839 = arith.maxsi %in, %c1_i32 : i32
      linalg.yield %839 : i32
    } -> tensor<i32>
    %435 = tensor.empty() : tensor<f32>
    %436 = linalg.generic {indexing_maps = [#map12, #map12], iterator_types = []} ins(%434 : tensor<i32>) outs(%435 : tensor<f32>) {
    ^bb0(%in: i32, %out: f32):
      %839 = arith.sitofp %in : i32 to f32
      linalg.yield %839 : f32
    } -> tensor<f32>
    %437 = tensor.empty() : tensor<f32>
    %438 = linalg.generic {indexing_maps = [#map12, #map12, #map12], iterator_types = []} ins(%427, %436 : tensor<f32>, tensor<f32>) outs(%437 : tensor<f32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.divf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<f32>
    %439 = tensor.empty() : tensor<f32>
    %440 = linalg.generic {indexing_maps = [#map12, #map12], iterator_types = []} ins(%436 : tensor<f32>) outs(%439 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.divf %cst_12, %in : f32
      linalg.yield %839 : f32
    } -> tensor<f32>
    %441 = tensor.empty() : tensor<2x64xf32>
    %442 = linalg.generic {indexing_maps = [#map17, #map], iterator_types = ["parallel", "parallel"]} ins(%440 : tensor<f32>) outs(%441 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64xf32>
    %443 = tensor.empty() : tensor<2x64xf32>
    %444 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%366, %442 : tensor<2x64xi1>, tensor<2x64xf32>) outs(%443 : tensor<2x64xf32>) {
    ^bb0(%in: i1, %in_108: f32, %out: f32):
      %839 = arith.select %in, %in_108, %cst_14 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %445 = tensor.empty() : tensor<2x64xf32>
    %446 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%444 : tensor<2x64xf32>) outs(%445 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.negf %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %447 = tensor.empty() : tensor<2x64xf32>
    %448 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%444, %414 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%447 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.divf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %449 = tensor.empty() : tensor<2x64xf32>
    %450 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%416, %448 : tensor<2x64xi1>, tensor<2x64xf32>) outs(%449 : tensor<2x64xf32>) {
    ^bb0(%in: i1, %in_108: f32, %out: f32):
      %839 = arith.select %in, %cst_14, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %451 = tensor.empty() : tensor<2x64xf32>
    %452 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%416, %448 : tensor<2x64xi1>, tensor<2x64xf32>) outs(%451 : tensor<2x64xf32>) {
    ^bb0(%in: i1, %in_108: f32, %out: f32):
      %839 = arith.select %in, %in_108, %cst_14 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %453 = tensor.empty() : tensor<2x64xf32>
    %454 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%450 : tensor<2x64xf32>) outs(%453 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.negf %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %455 = tensor.empty() : tensor<2x64xf32>
    %456 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%452, %454 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%455 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.addf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %457 = tensor.empty() : tensor<2x64x1024xf32>
    %458 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%456 : tensor<2x64xf32>) outs(%457 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x1024xf32>
    %459 = tensor.empty() : tensor<2x64x1024xf32>
    %460 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%458, %409 : tensor<2x64x1024xf32>, tensor<2x64x1024xf32>) outs(%459 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.mulf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x1024xf32>
    %expanded_62 = tensor.expand_shape %446 [[0, 1, 2], [3]] output_shape [1, 1, 2, 64] : tensor<2x64xf32> into tensor<1x1x2x64xf32>
    // iree_linalg_ext.scatter {dimension_map = [0]} unique_indices(false) rewritten as loops (test/graphs/scatter_to_loops.py):
    // orig[coord(i, j)] = combine(updates[i, j], orig[coord(i, j)])
    %sc0_c0 = arith.constant 0 : index
    %sc0_c1 = arith.constant 1 : index
    %sc0_c2 = arith.constant 2 : index
    %sc0_c64 = arith.constant 64 : index
    %461 = scf.for %sc0_i0 = %sc0_c0 to %sc0_c1 step %sc0_c1 iter_args(%sc0_ab0 = %cst_21) -> (tensor<1x2x64xf32>) {
      %sc0_ix0 = tensor.extract %cst_17[%sc0_i0, %sc0_c0] : tensor<1x1xi32>
      %sc0_o0 = arith.index_cast %sc0_ix0 : i32 to index
      %sc0_s0r = scf.for %sc0_j0 = %sc0_c0 to %sc0_c1 step %sc0_c1 iter_args(%sc0_as0 = %sc0_ab0) -> (tensor<1x2x64xf32>) {
        %sc0_s1r = scf.for %sc0_j1 = %sc0_c0 to %sc0_c2 step %sc0_c1 iter_args(%sc0_as1 = %sc0_as0) -> (tensor<1x2x64xf32>) {
          %sc0_s2r = scf.for %sc0_j2 = %sc0_c0 to %sc0_c64 step %sc0_c1 iter_args(%sc0_as2 = %sc0_as1) -> (tensor<1x2x64xf32>) {
            %sc0_d0 = arith.addi %sc0_o0, %sc0_j0 : index
            %sc0_u = tensor.extract %expanded_62[%sc0_i0, %sc0_j0, %sc0_j1, %sc0_j2] : tensor<1x1x2x64xf32>
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
    %collapsed_63 = tensor.collapse_shape %461 [[0, 1, 2]] : tensor<1x2x64xf32> into tensor<128xf32>
    %462 = tensor.empty() : tensor<2x64x1x1xi32>
    %463 = linalg.generic {indexing_maps = [#map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%462 : tensor<2x64x1x1xi32>) {
    ^bb0(%out: i32):
      %839 = linalg.index 0 : index
      %840 = arith.index_cast %839 : index to i32
      linalg.yield %840 : i32
    } -> tensor<2x64x1x1xi32>
    %464 = tensor.empty() : tensor<2x64x1x1xi32>
    %465 = linalg.generic {indexing_maps = [#map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} outs(%464 : tensor<2x64x1x1xi32>) {
    ^bb0(%out: i32):
      %839 = linalg.index 1 : index
      %840 = arith.index_cast %839 : index to i32
      linalg.yield %840 : i32
    } -> tensor<2x64x1x1xi32>
    %466 = tensor.empty() : tensor<2x64x1x3xi32>
    %inserted_slice = tensor.insert_slice %463 into %466[0, 0, 0, 0] [2, 64, 1, 1] [1, 1, 1, 1] : tensor<2x64x1x1xi32> into tensor<2x64x1x3xi32>
    %inserted_slice_64 = tensor.insert_slice %465 into %inserted_slice[0, 0, 0, 1] [2, 64, 1, 1] [1, 1, 1, 1] : tensor<2x64x1x1xi32> into tensor<2x64x1x3xi32>
    %inserted_slice_65 = tensor.insert_slice %expanded_60 into %inserted_slice_64[0, 0, 0, 2] [2, 64, 1, 1] [1, 1, 1, 1] : tensor<2x64x1x1xi32> into tensor<2x64x1x3xi32>
    %collapsed_66 = tensor.collapse_shape %inserted_slice_65 [[0, 1, 2], [3]] : tensor<2x64x1x3xi32> into tensor<128x3xi32>
    // iree_linalg_ext.scatter {dimension_map = [0, 1, 2]} unique_indices(false) rewritten as loops (test/graphs/scatter_to_loops.py):
    // orig[coord(i, j)] = combine(updates[i, j], orig[coord(i, j)])
    %sc1_c0 = arith.constant 0 : index
    %sc1_c1 = arith.constant 1 : index
    %sc1_c2 = arith.constant 2 : index
    %sc1_c128 = arith.constant 128 : index
    %467 = scf.for %sc1_i0 = %sc1_c0 to %sc1_c128 step %sc1_c1 iter_args(%sc1_ab0 = %cst_20) -> (tensor<2x64x1024xf32>) {
      %sc1_ix0 = tensor.extract %collapsed_66[%sc1_i0, %sc1_c0] : tensor<128x3xi32>
      %sc1_o0 = arith.index_cast %sc1_ix0 : i32 to index
      %sc1_ix1 = tensor.extract %collapsed_66[%sc1_i0, %sc1_c1] : tensor<128x3xi32>
      %sc1_o1 = arith.index_cast %sc1_ix1 : i32 to index
      %sc1_ix2 = tensor.extract %collapsed_66[%sc1_i0, %sc1_c2] : tensor<128x3xi32>
      %sc1_o2 = arith.index_cast %sc1_ix2 : i32 to index
      %sc1_u = tensor.extract %collapsed_63[%sc1_i0] : tensor<128xf32>
      %sc1_v = tensor.extract %sc1_ab0[%sc1_o0, %sc1_o1, %sc1_o2] : tensor<2x64x1024xf32>
      %sc1_r2 = arith.addf %sc1_v, %sc1_u : f32
      %sc1_new = tensor.insert %sc1_r2 into %sc1_ab0[%sc1_o0, %sc1_o1, %sc1_o2] : tensor<2x64x1024xf32>
      scf.yield %sc1_new : tensor<2x64x1024xf32>
    }
    %468 = tensor.empty() : tensor<2x64x1024xf32>
    %469 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%460, %467 : tensor<2x64x1024xf32>, tensor<2x64x1024xf32>) outs(%468 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.addf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x1024xf32>
    %470 = tensor.empty() : tensor<2x64x1024xbf16>
    %471 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%469 : tensor<2x64x1024xf32>) outs(%470 : tensor<2x64x1024xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %839 = arith.truncf %in : f32 to bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x1024xbf16>
    %472 = tensor.empty() : tensor<1024x2x64xbf16>
    %473 = linalg.generic {indexing_maps = [#map18, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%471 : tensor<2x64x1024xbf16>) outs(%472 : tensor<1024x2x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<1024x2x64xbf16>
    %collapsed_67 = tensor.collapse_shape %473 [[0], [1, 2]] : tensor<1024x2x64xbf16> into tensor<1024x128xbf16>
    %474 = tensor.empty() : tensor<1024x64xbf16>
    %475 = linalg.fill ins(%cst_9 : bf16) outs(%474 : tensor<1024x64xbf16>) -> tensor<1024x64xbf16>
    %476 = linalg.matmul ins(%collapsed_67, %collapsed_57 : tensor<1024x128xbf16>, tensor<128x64xbf16>) outs(%475 : tensor<1024x64xbf16>) -> tensor<1024x64xbf16>
    %477 = tensor.empty() : tensor<1024x64xf32>
    %478 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%476 : tensor<1024x64xbf16>) outs(%477 : tensor<1024x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %839 = arith.extf %in : bf16 to f32
      linalg.yield %839 : f32
    } -> tensor<1024x64xf32>
    %479 = tensor.empty() : tensor<64x1024xf32>
    %480 = linalg.generic {indexing_maps = [#map19, #map], iterator_types = ["parallel", "parallel"]} ins(%478 : tensor<1024x64xf32>) outs(%479 : tensor<64x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<64x1024xf32>
    %collapsed_68 = tensor.collapse_shape %471 [[0, 1], [2]] : tensor<2x64x1024xbf16> into tensor<128x1024xbf16>
    %481 = tensor.empty() : tensor<1024x64xbf16>
    %482 = linalg.generic {indexing_maps = [#map19, #map], iterator_types = ["parallel", "parallel"]} ins(%359 : tensor<64x1024xbf16>) outs(%481 : tensor<1024x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<1024x64xbf16>
    %483 = tensor.empty() : tensor<128x64xbf16>
    %484 = linalg.fill ins(%cst_9 : bf16) outs(%483 : tensor<128x64xbf16>) -> tensor<128x64xbf16>
    %485 = linalg.matmul ins(%collapsed_68, %482 : tensor<128x1024xbf16>, tensor<1024x64xbf16>) outs(%484 : tensor<128x64xbf16>) -> tensor<128x64xbf16>
    %486 = tensor.empty() : tensor<128x64xf32>
    %487 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%485 : tensor<128x64xbf16>) outs(%486 : tensor<128x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %839 = arith.extf %in : bf16 to f32
      linalg.yield %839 : f32
    } -> tensor<128x64xf32>
    %expanded_69 = tensor.expand_shape %487 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %488 = tensor.empty() : tensor<64xf32>
    %489 = linalg.fill ins(%cst_14 : f32) outs(%488 : tensor<64xf32>) -> tensor<64xf32>
    %490 = linalg.generic {indexing_maps = [#map18, #map20], iterator_types = ["parallel", "reduction", "reduction"]} ins(%expanded_69 : tensor<2x64x64xf32>) outs(%489 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.addf %out, %in : f32
      linalg.yield %839 : f32
    } -> tensor<64xf32>
    %491 = tensor.empty() : tensor<2x64x64xf32>
    %492 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%335, %expanded_69 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%491 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.mulf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %493 = tensor.empty() : tensor<2x64x64xf32>
    %494 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_69, %349 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%493 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.mulf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %495 = tensor.empty() : tensor<2x64x64xf32>
    %496 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%345, %492 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%495 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.mulf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %497 = tensor.empty() : tensor<64xf32>
    %498 = linalg.fill ins(%cst_14 : f32) outs(%497 : tensor<64xf32>) -> tensor<64xf32>
    %499 = linalg.generic {indexing_maps = [#map18, #map20], iterator_types = ["parallel", "reduction", "reduction"]} ins(%496 : tensor<2x64x64xf32>) outs(%498 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.addf %out, %in : f32
      linalg.yield %839 : f32
    } -> tensor<64xf32>
    %500 = tensor.empty() : tensor<2x64x64xf32>
    %501 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%492, %347 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%500 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.mulf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %502 = tensor.empty() : tensor<2x64xf32>
    %503 = linalg.fill ins(%cst_14 : f32) outs(%502 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %504 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%501 : tensor<2x64x64xf32>) outs(%503 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.addf %out, %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %expanded_70 = tensor.expand_shape %504 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xf32> into tensor<2x64x1xf32>
    %505 = tensor.empty() : tensor<2x64x1xf32>
    %506 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_70, %343 : tensor<2x64x1xf32>, tensor<2x64x1xf32>) outs(%505 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.mulf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x1xf32>
    %507 = tensor.empty() : tensor<2x64x64xf32>
    %508 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%494 : tensor<2x64x64xf32>) outs(%507 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.negf %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %509 = tensor.empty() : tensor<2x64xf32>
    %510 = linalg.fill ins(%cst_14 : f32) outs(%509 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %511 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%508 : tensor<2x64x64xf32>) outs(%510 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.addf %out, %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %expanded_71 = tensor.expand_shape %511 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xf32> into tensor<2x64x1xf32>
    %512 = tensor.empty() : tensor<2x64x64xbf16>
    %513 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%494 : tensor<2x64x64xf32>) outs(%512 : tensor<2x64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %839 = arith.truncf %in : f32 to bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x64xbf16>
    %514 = tensor.empty() : tensor<2x64xf32>
    %515 = linalg.fill ins(%cst_14 : f32) outs(%514 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %516 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%506 : tensor<2x64x1xf32>) outs(%515 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.addf %out, %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %517 = tensor.empty() : tensor<2x64xf32>
    %518 = linalg.fill ins(%cst_14 : f32) outs(%517 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %519 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%expanded_71 : tensor<2x64x1xf32>) outs(%518 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.addf %out, %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %520 = tensor.empty() : tensor<2x64xf32>
    %521 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%516, %331 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%520 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.mulf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %522 = tensor.empty() : tensor<2x64xf32>
    %523 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%521 : tensor<2x64xf32>) outs(%522 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.negf %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %524 = tensor.empty() : tensor<2x64xf32>
    %525 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%523, %317 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%524 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.mulf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %526 = tensor.empty() : tensor<2x64xf32>
    %527 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%519, %525 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%526 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.addf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %528 = tensor.empty() : tensor<2x64xf32>
    %529 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%521 : tensor<2x64xf32>) outs(%528 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.divf %in, %cst_13 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %530 = tensor.empty() : tensor<2x64x64xf32>
    %531 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%529 : tensor<2x64xf32>) outs(%530 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %532 = tensor.empty() : tensor<2x64xf32>
    %533 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%527 : tensor<2x64xf32>) outs(%532 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.divf %in, %cst_13 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %534 = tensor.empty() : tensor<2x64x64xf32>
    %535 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%533 : tensor<2x64xf32>) outs(%534 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %536 = tensor.empty() : tensor<2x64x64xf32>
    %537 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%531, %303 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%536 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.mulf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %538 = tensor.empty() : tensor<2x64x64xf32>
    %539 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%535, %537 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%538 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.addf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %540 = tensor.empty() : tensor<2x64x64xbf16>
    %541 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%539 : tensor<2x64x64xf32>) outs(%540 : tensor<2x64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %839 = arith.truncf %in : f32 to bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x64xbf16>
    %542 = tensor.empty() : tensor<2x64x64xbf16>
    %543 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%513, %541 : tensor<2x64x64xbf16>, tensor<2x64x64xbf16>) outs(%542 : tensor<2x64x64xbf16>) {
    ^bb0(%in: bf16, %in_108: bf16, %out: bf16):
      %839 = arith.addf %in, %in_108 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x64xbf16>
    %544 = tensor.empty() : tensor<64xbf16>
    %545 = linalg.fill ins(%cst_9 : bf16) outs(%544 : tensor<64xbf16>) -> tensor<64xbf16>
    %546 = linalg.generic {indexing_maps = [#map18, #map20], iterator_types = ["parallel", "reduction", "reduction"]} ins(%543 : tensor<2x64x64xbf16>) outs(%545 : tensor<64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %839 = arith.addf %out, %in : bf16
      linalg.yield %839 : bf16
    } -> tensor<64xbf16>
    %547 = tensor.empty() : tensor<64xf32>
    %548 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel"]} ins(%546 : tensor<64xbf16>) outs(%547 : tensor<64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %839 = arith.extf %in : bf16 to f32
      linalg.yield %839 : f32
    } -> tensor<64xf32>
    %549 = tensor.empty() : tensor<64x2x64xbf16>
    %550 = linalg.generic {indexing_maps = [#map18, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%543 : tensor<2x64x64xbf16>) outs(%549 : tensor<64x2x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<64x2x64xbf16>
    %collapsed_72 = tensor.collapse_shape %550 [[0], [1, 2]] : tensor<64x2x64xbf16> into tensor<64x128xbf16>
    %551 = tensor.empty() : tensor<64x256xbf16>
    %552 = linalg.fill ins(%cst_9 : bf16) outs(%551 : tensor<64x256xbf16>) -> tensor<64x256xbf16>
    %553 = linalg.matmul ins(%collapsed_72, %collapsed_51 : tensor<64x128xbf16>, tensor<128x256xbf16>) outs(%552 : tensor<64x256xbf16>) -> tensor<64x256xbf16>
    %554 = tensor.empty() : tensor<64x256xf32>
    %555 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%553 : tensor<64x256xbf16>) outs(%554 : tensor<64x256xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %839 = arith.extf %in : bf16 to f32
      linalg.yield %839 : f32
    } -> tensor<64x256xf32>
    %556 = tensor.empty() : tensor<256x64xf32>
    %557 = linalg.generic {indexing_maps = [#map19, #map], iterator_types = ["parallel", "parallel"]} ins(%555 : tensor<64x256xf32>) outs(%556 : tensor<256x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<256x64xf32>
    %collapsed_73 = tensor.collapse_shape %543 [[0, 1], [2]] : tensor<2x64x64xbf16> into tensor<128x64xbf16>
    %558 = tensor.empty() : tensor<64x256xbf16>
    %559 = linalg.generic {indexing_maps = [#map19, #map], iterator_types = ["parallel", "parallel"]} ins(%286 : tensor<256x64xbf16>) outs(%558 : tensor<64x256xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<64x256xbf16>
    %560 = tensor.empty() : tensor<128x256xbf16>
    %561 = linalg.fill ins(%cst_9 : bf16) outs(%560 : tensor<128x256xbf16>) -> tensor<128x256xbf16>
    %562 = linalg.matmul ins(%collapsed_73, %559 : tensor<128x64xbf16>, tensor<64x256xbf16>) outs(%561 : tensor<128x256xbf16>) -> tensor<128x256xbf16>
    %expanded_74 = tensor.expand_shape %562 [[0, 1], [2]] output_shape [2, 64, 256] : tensor<128x256xbf16> into tensor<2x64x256xbf16>
    %563 = tensor.empty() : tensor<2x64x256xbf16>
    %564 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%262, %expanded_74 : tensor<2x64x256xbf16>, tensor<2x64x256xbf16>) outs(%563 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %in_108: bf16, %out: bf16):
      %839 = arith.mulf %in, %in_108 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x256xbf16>
    %565 = tensor.empty() : tensor<2x64x256xbf16>
    %566 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_74, %282 : tensor<2x64x256xbf16>, tensor<2x64x256xbf16>) outs(%565 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %in_108: bf16, %out: bf16):
      %839 = arith.mulf %in, %in_108 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x256xbf16>
    %567 = tensor.empty() : tensor<2x64x256xbf16>
    %568 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%564 : tensor<2x64x256xbf16>) outs(%567 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %839 = arith.mulf %in, %cst_1 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x256xbf16>
    %569 = tensor.empty() : tensor<2x64x256xbf16>
    %570 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%568, %278 : tensor<2x64x256xbf16>, tensor<2x64x256xbf16>) outs(%569 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %in_108: bf16, %out: bf16):
      %839 = arith.mulf %in, %in_108 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x256xbf16>
    %571 = tensor.empty() : tensor<2x64x256xbf16>
    %572 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%570, %276 : tensor<2x64x256xbf16>, tensor<2x64x256xbf16>) outs(%571 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %in_108: bf16, %out: bf16):
      %839 = arith.mulf %in, %in_108 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x256xbf16>
    %573 = tensor.empty() : tensor<2x64x256xbf16>
    %574 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%570, %572 : tensor<2x64x256xbf16>, tensor<2x64x256xbf16>) outs(%573 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %in_108: bf16, %out: bf16):
      %839 = arith.addf %in, %in_108 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x256xbf16>
    %575 = tensor.empty() : tensor<2x64x256xbf16>
    %576 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%574 : tensor<2x64x256xbf16>) outs(%575 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %839 = arith.mulf %in, %cst_2 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x256xbf16>
    %577 = tensor.empty() : tensor<2x64x256xbf16>
    %578 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%566, %576 : tensor<2x64x256xbf16>, tensor<2x64x256xbf16>) outs(%577 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %in_108: bf16, %out: bf16):
      %839 = arith.addf %in, %in_108 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x256xbf16>
    %579 = tensor.empty() : tensor<2x64x256xbf16>
    %580 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%576 : tensor<2x64x256xbf16>) outs(%579 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %839 = arith.mulf %in, %cst_3 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x256xbf16>
    %581 = tensor.empty() : tensor<2x64x256xbf16>
    %582 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%580, %268 : tensor<2x64x256xbf16>, tensor<2x64x256xbf16>) outs(%581 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %in_108: bf16, %out: bf16):
      %839 = arith.mulf %in, %in_108 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x256xbf16>
    %583 = tensor.empty() : tensor<2x64x256xbf16>
    %584 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%578, %582 : tensor<2x64x256xbf16>, tensor<2x64x256xbf16>) outs(%583 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %in_108: bf16, %out: bf16):
      %839 = arith.addf %in, %in_108 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x256xbf16>
    %585 = tensor.empty() : tensor<256xbf16>
    %586 = linalg.fill ins(%cst_9 : bf16) outs(%585 : tensor<256xbf16>) -> tensor<256xbf16>
    %587 = linalg.generic {indexing_maps = [#map18, #map20], iterator_types = ["parallel", "reduction", "reduction"]} ins(%584 : tensor<2x64x256xbf16>) outs(%586 : tensor<256xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %839 = arith.addf %out, %in : bf16
      linalg.yield %839 : bf16
    } -> tensor<256xbf16>
    %588 = tensor.empty() : tensor<256xf32>
    %589 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel"]} ins(%587 : tensor<256xbf16>) outs(%588 : tensor<256xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %839 = arith.extf %in : bf16 to f32
      linalg.yield %839 : f32
    } -> tensor<256xf32>
    %590 = tensor.empty() : tensor<256x2x64xbf16>
    %591 = linalg.generic {indexing_maps = [#map18, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%584 : tensor<2x64x256xbf16>) outs(%590 : tensor<256x2x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<256x2x64xbf16>
    %collapsed_75 = tensor.collapse_shape %591 [[0], [1, 2]] : tensor<256x2x64xbf16> into tensor<256x128xbf16>
    %592 = tensor.empty() : tensor<256x64xbf16>
    %593 = linalg.fill ins(%cst_9 : bf16) outs(%592 : tensor<256x64xbf16>) -> tensor<256x64xbf16>
    %594 = linalg.matmul ins(%collapsed_75, %collapsed_48 : tensor<256x128xbf16>, tensor<128x64xbf16>) outs(%593 : tensor<256x64xbf16>) -> tensor<256x64xbf16>
    %595 = tensor.empty() : tensor<256x64xf32>
    %596 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%594 : tensor<256x64xbf16>) outs(%595 : tensor<256x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %839 = arith.extf %in : bf16 to f32
      linalg.yield %839 : f32
    } -> tensor<256x64xf32>
    %597 = tensor.empty() : tensor<64x256xf32>
    %598 = linalg.generic {indexing_maps = [#map19, #map], iterator_types = ["parallel", "parallel"]} ins(%596 : tensor<256x64xf32>) outs(%597 : tensor<64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<64x256xf32>
    %collapsed_76 = tensor.collapse_shape %584 [[0, 1], [2]] : tensor<2x64x256xbf16> into tensor<128x256xbf16>
    %599 = tensor.empty() : tensor<256x64xbf16>
    %600 = linalg.generic {indexing_maps = [#map19, #map], iterator_types = ["parallel", "parallel"]} ins(%253 : tensor<64x256xbf16>) outs(%599 : tensor<256x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<256x64xbf16>
    %601 = tensor.empty() : tensor<128x64xbf16>
    %602 = linalg.fill ins(%cst_9 : bf16) outs(%601 : tensor<128x64xbf16>) -> tensor<128x64xbf16>
    %603 = linalg.matmul ins(%collapsed_76, %600 : tensor<128x256xbf16>, tensor<256x64xbf16>) outs(%602 : tensor<128x64xbf16>) -> tensor<128x64xbf16>
    %604 = tensor.empty() : tensor<128x64xf32>
    %605 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%603 : tensor<128x64xbf16>) outs(%604 : tensor<128x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %839 = arith.extf %in : bf16 to f32
      linalg.yield %839 : f32
    } -> tensor<128x64xf32>
    %expanded_77 = tensor.expand_shape %605 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %606 = tensor.empty() : tensor<64xf32>
    %607 = linalg.fill ins(%cst_14 : f32) outs(%606 : tensor<64xf32>) -> tensor<64xf32>
    %608 = linalg.generic {indexing_maps = [#map18, #map20], iterator_types = ["parallel", "reduction", "reduction"]} ins(%expanded_77 : tensor<2x64x64xf32>) outs(%607 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.addf %out, %in : f32
      linalg.yield %839 : f32
    } -> tensor<64xf32>
    %609 = tensor.empty() : tensor<2x64x64xf32>
    %610 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%229, %expanded_77 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%609 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.mulf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %611 = tensor.empty() : tensor<2x64x64xf32>
    %612 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_77, %243 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%611 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.mulf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %613 = tensor.empty() : tensor<2x64x64xf32>
    %614 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%239, %610 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%613 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.mulf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %615 = tensor.empty() : tensor<64xf32>
    %616 = linalg.fill ins(%cst_14 : f32) outs(%615 : tensor<64xf32>) -> tensor<64xf32>
    %617 = linalg.generic {indexing_maps = [#map18, #map20], iterator_types = ["parallel", "reduction", "reduction"]} ins(%614 : tensor<2x64x64xf32>) outs(%616 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.addf %out, %in : f32
      linalg.yield %839 : f32
    } -> tensor<64xf32>
    %618 = tensor.empty() : tensor<2x64x64xf32>
    %619 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%610, %241 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%618 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.mulf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %620 = tensor.empty() : tensor<2x64xf32>
    %621 = linalg.fill ins(%cst_14 : f32) outs(%620 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %622 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%619 : tensor<2x64x64xf32>) outs(%621 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.addf %out, %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %expanded_78 = tensor.expand_shape %622 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xf32> into tensor<2x64x1xf32>
    %623 = tensor.empty() : tensor<2x64x1xf32>
    %624 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_78, %237 : tensor<2x64x1xf32>, tensor<2x64x1xf32>) outs(%623 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.mulf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x1xf32>
    %625 = tensor.empty() : tensor<2x64x64xf32>
    %626 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%612 : tensor<2x64x64xf32>) outs(%625 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.negf %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %627 = tensor.empty() : tensor<2x64xf32>
    %628 = linalg.fill ins(%cst_14 : f32) outs(%627 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %629 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%626 : tensor<2x64x64xf32>) outs(%628 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.addf %out, %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %expanded_79 = tensor.expand_shape %629 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xf32> into tensor<2x64x1xf32>
    %630 = tensor.empty() : tensor<2x64x64xbf16>
    %631 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%612 : tensor<2x64x64xf32>) outs(%630 : tensor<2x64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %839 = arith.truncf %in : f32 to bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x64xbf16>
    %632 = tensor.empty() : tensor<2x64x64xbf16>
    %633 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%543, %631 : tensor<2x64x64xbf16>, tensor<2x64x64xbf16>) outs(%632 : tensor<2x64x64xbf16>) {
    ^bb0(%in: bf16, %in_108: bf16, %out: bf16):
      %839 = arith.addf %in, %in_108 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x64xbf16>
    %634 = tensor.empty() : tensor<2x64xf32>
    %635 = linalg.fill ins(%cst_14 : f32) outs(%634 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %636 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%624 : tensor<2x64x1xf32>) outs(%635 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.addf %out, %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %637 = tensor.empty() : tensor<2x64xf32>
    %638 = linalg.fill ins(%cst_14 : f32) outs(%637 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %639 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%expanded_79 : tensor<2x64x1xf32>) outs(%638 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.addf %out, %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %640 = tensor.empty() : tensor<2x64xf32>
    %641 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%636, %225 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%640 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.mulf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %642 = tensor.empty() : tensor<2x64xf32>
    %643 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%641 : tensor<2x64xf32>) outs(%642 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.negf %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %644 = tensor.empty() : tensor<2x64xf32>
    %645 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%643, %211 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%644 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.mulf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %646 = tensor.empty() : tensor<2x64xf32>
    %647 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%639, %645 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%646 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.addf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %648 = tensor.empty() : tensor<2x64xf32>
    %649 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%641 : tensor<2x64xf32>) outs(%648 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.divf %in, %cst_13 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %650 = tensor.empty() : tensor<2x64x64xf32>
    %651 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%649 : tensor<2x64xf32>) outs(%650 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %652 = tensor.empty() : tensor<2x64xf32>
    %653 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%647 : tensor<2x64xf32>) outs(%652 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.divf %in, %cst_13 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %654 = tensor.empty() : tensor<2x64x64xf32>
    %655 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%653 : tensor<2x64xf32>) outs(%654 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %656 = tensor.empty() : tensor<2x64x64xf32>
    %657 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%651, %197 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%656 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.mulf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %658 = tensor.empty() : tensor<2x64x64xf32>
    %659 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%655, %657 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%658 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.addf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %660 = tensor.empty() : tensor<2x64x64xbf16>
    %661 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%659 : tensor<2x64x64xf32>) outs(%660 : tensor<2x64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %839 = arith.truncf %in : f32 to bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x64xbf16>
    %662 = tensor.empty() : tensor<2x64x64xbf16>
    %663 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%633, %661 : tensor<2x64x64xbf16>, tensor<2x64x64xbf16>) outs(%662 : tensor<2x64x64xbf16>) {
    ^bb0(%in: bf16, %in_108: bf16, %out: bf16):
      %839 = arith.addf %in, %in_108 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x64xbf16>
    %664 = tensor.empty() : tensor<64xbf16>
    %665 = linalg.fill ins(%cst_9 : bf16) outs(%664 : tensor<64xbf16>) -> tensor<64xbf16>
    %666 = linalg.generic {indexing_maps = [#map18, #map20], iterator_types = ["parallel", "reduction", "reduction"]} ins(%663 : tensor<2x64x64xbf16>) outs(%665 : tensor<64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %839 = arith.addf %out, %in : bf16
      linalg.yield %839 : bf16
    } -> tensor<64xbf16>
    %667 = tensor.empty() : tensor<64xf32>
    %668 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel"]} ins(%666 : tensor<64xbf16>) outs(%667 : tensor<64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %839 = arith.extf %in : bf16 to f32
      linalg.yield %839 : f32
    } -> tensor<64xf32>
    %669 = tensor.empty() : tensor<64x2x64xbf16>
    %670 = linalg.generic {indexing_maps = [#map18, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%663 : tensor<2x64x64xbf16>) outs(%669 : tensor<64x2x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<64x2x64xbf16>
    %collapsed_80 = tensor.collapse_shape %670 [[0], [1, 2]] : tensor<64x2x64xbf16> into tensor<64x128xbf16>
    %671 = tensor.empty() : tensor<64x64xbf16>
    %672 = linalg.fill ins(%cst_9 : bf16) outs(%671 : tensor<64x64xbf16>) -> tensor<64x64xbf16>
    %673 = linalg.matmul ins(%collapsed_80, %collapsed_42 : tensor<64x128xbf16>, tensor<128x64xbf16>) outs(%672 : tensor<64x64xbf16>) -> tensor<64x64xbf16>
    %674 = tensor.empty() : tensor<64x64xf32>
    %675 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%673 : tensor<64x64xbf16>) outs(%674 : tensor<64x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %839 = arith.extf %in : bf16 to f32
      linalg.yield %839 : f32
    } -> tensor<64x64xf32>
    %676 = tensor.empty() : tensor<64x64xf32>
    %677 = linalg.generic {indexing_maps = [#map19, #map], iterator_types = ["parallel", "parallel"]} ins(%675 : tensor<64x64xf32>) outs(%676 : tensor<64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<64x64xf32>
    %collapsed_81 = tensor.collapse_shape %663 [[0, 1], [2]] : tensor<2x64x64xbf16> into tensor<128x64xbf16>
    %678 = tensor.empty() : tensor<64x64xbf16>
    %679 = linalg.generic {indexing_maps = [#map19, #map], iterator_types = ["parallel", "parallel"]} ins(%180 : tensor<64x64xbf16>) outs(%678 : tensor<64x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<64x64xbf16>
    %680 = tensor.empty() : tensor<128x64xbf16>
    %681 = linalg.fill ins(%cst_9 : bf16) outs(%680 : tensor<128x64xbf16>) -> tensor<128x64xbf16>
    %682 = linalg.matmul ins(%collapsed_81, %679 : tensor<128x64xbf16>, tensor<64x64xbf16>) outs(%681 : tensor<128x64xbf16>) -> tensor<128x64xbf16>
    %expanded_82 = tensor.expand_shape %682 [[0, 1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<128x64xbf16> into tensor<2x64x2x32xbf16>
    %683 = tensor.empty() : tensor<2x2x64x32xbf16>
    %684 = linalg.generic {indexing_maps = [#map10, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_82 : tensor<2x64x2x32xbf16>) outs(%683 : tensor<2x2x64x32xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x2x64x32xbf16>
    %685 = tensor.empty() : tensor<2x2x32x64xbf16>
    %686 = linalg.generic {indexing_maps = [#map11, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%684 : tensor<2x2x64x32xbf16>) outs(%685 : tensor<2x2x32x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x2x32x64xbf16>
    %collapsed_83 = tensor.collapse_shape %686 [[0, 1], [2], [3]] : tensor<2x2x32x64xbf16> into tensor<4x32x64xbf16>
    %687 = tensor.empty() : tensor<4x32x64xbf16>
    %688 = linalg.fill ins(%cst_9 : bf16) outs(%687 : tensor<4x32x64xbf16>) -> tensor<4x32x64xbf16>
    %689 = linalg.batch_matmul ins(%collapsed_83, %collapsed_39 : tensor<4x32x64xbf16>, tensor<4x64x64xbf16>) outs(%688 : tensor<4x32x64xbf16>) -> tensor<4x32x64xbf16>
    %expanded_84 = tensor.expand_shape %689 [[0, 1], [2], [3]] output_shape [2, 2, 32, 64] : tensor<4x32x64xbf16> into tensor<2x2x32x64xbf16>
    %690 = tensor.empty() : tensor<2x2x64x32xbf16>
    %691 = linalg.generic {indexing_maps = [#map11, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_84 : tensor<2x2x32x64xbf16>) outs(%690 : tensor<2x2x64x32xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x2x64x32xbf16>
    %692 = tensor.empty() : tensor<2x2x32x64xbf16>
    %693 = linalg.generic {indexing_maps = [#map11, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%128 : tensor<2x2x64x32xbf16>) outs(%692 : tensor<2x2x32x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x2x32x64xbf16>
    %collapsed_85 = tensor.collapse_shape %684 [[0, 1], [2], [3]] : tensor<2x2x64x32xbf16> into tensor<4x64x32xbf16>
    %collapsed_86 = tensor.collapse_shape %693 [[0, 1], [2], [3]] : tensor<2x2x32x64xbf16> into tensor<4x32x64xbf16>
    %694 = tensor.empty() : tensor<4x64x64xbf16>
    %695 = linalg.fill ins(%cst_9 : bf16) outs(%694 : tensor<4x64x64xbf16>) -> tensor<4x64x64xbf16>
    %696 = linalg.batch_matmul ins(%collapsed_85, %collapsed_86 : tensor<4x64x32xbf16>, tensor<4x32x64xbf16>) outs(%695 : tensor<4x64x64xbf16>) -> tensor<4x64x64xbf16>
    %expanded_87 = tensor.expand_shape %696 [[0, 1], [2], [3]] output_shape [2, 2, 64, 64] : tensor<4x64x64xbf16> into tensor<2x2x64x64xbf16>
    %697 = tensor.empty() : tensor<2x2x64x64xbf16>
    %698 = linalg.generic {indexing_maps = [#map15, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%173 : tensor<2x2x64x1xbf16>) outs(%697 : tensor<2x2x64x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x2x64x64xbf16>
    %699 = tensor.empty() : tensor<2x2x64x64xbf16>
    %700 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_87, %698 : tensor<2x2x64x64xbf16>, tensor<2x2x64x64xbf16>) outs(%699 : tensor<2x2x64x64xbf16>) {
    ^bb0(%in: bf16, %in_108: bf16, %out: bf16):
      %839 = arith.mulf %in, %in_108 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x2x64x64xbf16>
    %701 = tensor.empty() : tensor<2x2x64x64xbf16>
    %702 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%700, %158 : tensor<2x2x64x64xbf16>, tensor<2x2x64x64xbf16>) outs(%701 : tensor<2x2x64x64xbf16>) {
    ^bb0(%in: bf16, %in_108: bf16, %out: bf16):
      %839 = arith.mulf %in, %in_108 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x2x64x64xbf16>
    %703 = tensor.empty() : tensor<2x2x64xbf16>
    %704 = linalg.fill ins(%cst_9 : bf16) outs(%703 : tensor<2x2x64xbf16>) -> tensor<2x2x64xbf16>
    %705 = linalg.generic {indexing_maps = [#map4, #map3], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%702 : tensor<2x2x64x64xbf16>) outs(%704 : tensor<2x2x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %839 = arith.addf %out, %in : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x2x64xbf16>
    %706 = tensor.empty() : tensor<2x2x64xbf16>
    %707 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%705 : tensor<2x2x64xbf16>) outs(%706 : tensor<2x2x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %839 = arith.negf %in : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x2x64xbf16>
    %708 = tensor.empty() : tensor<2x2x64xf32>
    %709 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%707 : tensor<2x2x64xbf16>) outs(%708 : tensor<2x2x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %839 = arith.extf %in : bf16 to f32
      linalg.yield %839 : f32
    } -> tensor<2x2x64xf32>
    %expanded_88 = tensor.expand_shape %709 [[0], [1], [2, 3]] output_shape [2, 2, 64, 1] : tensor<2x2x64xf32> into tensor<2x2x64x1xf32>
    %710 = tensor.empty() : tensor<2x2x64x64xbf16>
    %711 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_87, %167 : tensor<2x2x64x64xbf16>, tensor<2x2x64x64xbf16>) outs(%710 : tensor<2x2x64x64xbf16>) {
    ^bb0(%in: bf16, %in_108: bf16, %out: bf16):
      %839 = arith.divf %in, %in_108 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x2x64x64xbf16>
    %712 = tensor.empty() : tensor<2x2x64xf32>
    %713 = linalg.fill ins(%cst_14 : f32) outs(%712 : tensor<2x2x64xf32>) -> tensor<2x2x64xf32>
    %714 = linalg.generic {indexing_maps = [#map4, #map3], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%expanded_88 : tensor<2x2x64x1xf32>) outs(%713 : tensor<2x2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.addf %out, %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x2x64xf32>
    %715 = tensor.empty() : tensor<2x2x64xbf16>
    %716 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%714 : tensor<2x2x64xf32>) outs(%715 : tensor<2x2x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %839 = arith.truncf %in : f32 to bf16
      linalg.yield %839 : bf16
    } -> tensor<2x2x64xbf16>
    %717 = tensor.empty() : tensor<2x2x64x64xbf16>
    %718 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%716 : tensor<2x2x64xbf16>) outs(%717 : tensor<2x2x64x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x2x64x64xbf16>
    %719 = tensor.empty() : tensor<2x2x64x64xbf16>
    %720 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%711, %718 : tensor<2x2x64x64xbf16>, tensor<2x2x64x64xbf16>) outs(%719 : tensor<2x2x64x64xbf16>) {
    ^bb0(%in: bf16, %in_108: bf16, %out: bf16):
      %839 = arith.addf %in, %in_108 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x2x64x64xbf16>
    %721 = tensor.empty() : tensor<2x2x64x64xbf16>
    %722 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%720, %158 : tensor<2x2x64x64xbf16>, tensor<2x2x64x64xbf16>) outs(%721 : tensor<2x2x64x64xbf16>) {
    ^bb0(%in: bf16, %in_108: bf16, %out: bf16):
      %839 = arith.mulf %in, %in_108 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x2x64x64xbf16>
    %723 = tensor.empty() : tensor<2x2x64x64xbf16>
    %724 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%145, %722 : tensor<2x2x64x64xi1>, tensor<2x2x64x64xbf16>) outs(%723 : tensor<2x2x64x64xbf16>) {
    ^bb0(%in: i1, %in_108: bf16, %out: bf16):
      %839 = arith.select %in, %in_108, %cst_9 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x2x64x64xbf16>
    %725 = tensor.empty() : tensor<2x2x64x64xbf16>
    %726 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%724 : tensor<2x2x64x64xbf16>) outs(%725 : tensor<2x2x64x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %839 = arith.mulf %in, %cst_8 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x2x64x64xbf16>
    %727 = tensor.empty() : tensor<2x2x64x64xbf16>
    %728 = linalg.generic {indexing_maps = [#map11, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%726 : tensor<2x2x64x64xbf16>) outs(%727 : tensor<2x2x64x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x2x64x64xbf16>
    %collapsed_89 = tensor.collapse_shape %728 [[0, 1], [2], [3]] : tensor<2x2x64x64xbf16> into tensor<4x64x64xbf16>
    %729 = tensor.empty() : tensor<4x64x32xbf16>
    %730 = linalg.fill ins(%cst_9 : bf16) outs(%729 : tensor<4x64x32xbf16>) -> tensor<4x64x32xbf16>
    %731 = linalg.batch_matmul ins(%collapsed_89, %collapsed_35 : tensor<4x64x64xbf16>, tensor<4x64x32xbf16>) outs(%730 : tensor<4x64x32xbf16>) -> tensor<4x64x32xbf16>
    %expanded_90 = tensor.expand_shape %731 [[0, 1], [2], [3]] output_shape [2, 2, 64, 32] : tensor<4x64x32xbf16> into tensor<2x2x64x32xbf16>
    %732 = tensor.empty() : tensor<2x2x32x64xbf16>
    %733 = linalg.generic {indexing_maps = [#map11, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_90 : tensor<2x2x64x32xbf16>) outs(%732 : tensor<2x2x32x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x2x32x64xbf16>
    %734 = tensor.empty() : tensor<2x2x64x32xbf16>
    %735 = linalg.generic {indexing_maps = [#map11, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%130 : tensor<2x2x32x64xbf16>) outs(%734 : tensor<2x2x64x32xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x2x64x32xbf16>
    %collapsed_91 = tensor.collapse_shape %726 [[0, 1], [2], [3]] : tensor<2x2x64x64xbf16> into tensor<4x64x64xbf16>
    %collapsed_92 = tensor.collapse_shape %735 [[0, 1], [2], [3]] : tensor<2x2x64x32xbf16> into tensor<4x64x32xbf16>
    %736 = tensor.empty() : tensor<4x64x32xbf16>
    %737 = linalg.fill ins(%cst_9 : bf16) outs(%736 : tensor<4x64x32xbf16>) -> tensor<4x64x32xbf16>
    %738 = linalg.batch_matmul ins(%collapsed_91, %collapsed_92 : tensor<4x64x64xbf16>, tensor<4x64x32xbf16>) outs(%737 : tensor<4x64x32xbf16>) -> tensor<4x64x32xbf16>
    %expanded_93 = tensor.expand_shape %738 [[0, 1], [2], [3]] output_shape [2, 2, 64, 32] : tensor<4x64x32xbf16> into tensor<2x2x64x32xbf16>
    %739 = tensor.empty() : tensor<2x2x64x32xbf16>
    %740 = linalg.generic {indexing_maps = [#map11, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%733 : tensor<2x2x32x64xbf16>) outs(%739 : tensor<2x2x64x32xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x2x64x32xbf16>
    %741 = tensor.empty() : tensor<2x64x2x32xbf16>
    %742 = linalg.generic {indexing_maps = [#map10, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%691 : tensor<2x2x64x32xbf16>) outs(%741 : tensor<2x64x2x32xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x64x2x32xbf16>
    %collapsed_94 = tensor.collapse_shape %742 [[0], [1], [2, 3]] : tensor<2x64x2x32xbf16> into tensor<2x64x64xbf16>
    %743 = tensor.empty() : tensor<2x64x2x32xbf16>
    %744 = linalg.generic {indexing_maps = [#map10, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%740 : tensor<2x2x64x32xbf16>) outs(%743 : tensor<2x64x2x32xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x64x2x32xbf16>
    %collapsed_95 = tensor.collapse_shape %744 [[0], [1], [2, 3]] : tensor<2x64x2x32xbf16> into tensor<2x64x64xbf16>
    %745 = tensor.empty() : tensor<2x64x2x32xbf16>
    %746 = linalg.generic {indexing_maps = [#map10, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_93 : tensor<2x2x64x32xbf16>) outs(%745 : tensor<2x64x2x32xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<2x64x2x32xbf16>
    %collapsed_96 = tensor.collapse_shape %746 [[0], [1], [2, 3]] : tensor<2x64x2x32xbf16> into tensor<2x64x64xbf16>
    %747 = tensor.empty() : tensor<2x64x192xbf16>
    %inserted_slice_97 = tensor.insert_slice %collapsed_96 into %747[0, 0, 0] [2, 64, 64] [1, 1, 1] : tensor<2x64x64xbf16> into tensor<2x64x192xbf16>
    %inserted_slice_98 = tensor.insert_slice %collapsed_95 into %inserted_slice_97[0, 0, 64] [2, 64, 64] [1, 1, 1] : tensor<2x64x64xbf16> into tensor<2x64x192xbf16>
    %inserted_slice_99 = tensor.insert_slice %collapsed_94 into %inserted_slice_98[0, 0, 128] [2, 64, 64] [1, 1, 1] : tensor<2x64x64xbf16> into tensor<2x64x192xbf16>
    %748 = tensor.empty() : tensor<192xbf16>
    %749 = linalg.fill ins(%cst_9 : bf16) outs(%748 : tensor<192xbf16>) -> tensor<192xbf16>
    %750 = linalg.generic {indexing_maps = [#map18, #map20], iterator_types = ["parallel", "reduction", "reduction"]} ins(%inserted_slice_99 : tensor<2x64x192xbf16>) outs(%749 : tensor<192xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %839 = arith.addf %out, %in : bf16
      linalg.yield %839 : bf16
    } -> tensor<192xbf16>
    %751 = tensor.empty() : tensor<192xf32>
    %752 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel"]} ins(%750 : tensor<192xbf16>) outs(%751 : tensor<192xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %839 = arith.extf %in : bf16 to f32
      linalg.yield %839 : f32
    } -> tensor<192xf32>
    %753 = tensor.empty() : tensor<192x2x64xbf16>
    %754 = linalg.generic {indexing_maps = [#map18, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%inserted_slice_99 : tensor<2x64x192xbf16>) outs(%753 : tensor<192x2x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<192x2x64xbf16>
    %collapsed_100 = tensor.collapse_shape %754 [[0], [1, 2]] : tensor<192x2x64xbf16> into tensor<192x128xbf16>
    %755 = tensor.empty() : tensor<192x64xbf16>
    %756 = linalg.fill ins(%cst_9 : bf16) outs(%755 : tensor<192x64xbf16>) -> tensor<192x64xbf16>
    %757 = linalg.matmul ins(%collapsed_100, %collapsed_27 : tensor<192x128xbf16>, tensor<128x64xbf16>) outs(%756 : tensor<192x64xbf16>) -> tensor<192x64xbf16>
    %758 = tensor.empty() : tensor<192x64xf32>
    %759 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%757 : tensor<192x64xbf16>) outs(%758 : tensor<192x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %839 = arith.extf %in : bf16 to f32
      linalg.yield %839 : f32
    } -> tensor<192x64xf32>
    %760 = tensor.empty() : tensor<64x192xf32>
    %761 = linalg.generic {indexing_maps = [#map19, #map], iterator_types = ["parallel", "parallel"]} ins(%759 : tensor<192x64xf32>) outs(%760 : tensor<64x192xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<64x192xf32>
    %collapsed_101 = tensor.collapse_shape %inserted_slice_99 [[0, 1], [2]] : tensor<2x64x192xbf16> into tensor<128x192xbf16>
    %762 = tensor.empty() : tensor<192x64xbf16>
    %763 = linalg.generic {indexing_maps = [#map19, #map], iterator_types = ["parallel", "parallel"]} ins(%113 : tensor<64x192xbf16>) outs(%762 : tensor<192x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      linalg.yield %in : bf16
    } -> tensor<192x64xbf16>
    %764 = tensor.empty() : tensor<128x64xbf16>
    %765 = linalg.fill ins(%cst_9 : bf16) outs(%764 : tensor<128x64xbf16>) -> tensor<128x64xbf16>
    %766 = linalg.matmul ins(%collapsed_101, %763 : tensor<128x192xbf16>, tensor<192x64xbf16>) outs(%765 : tensor<128x64xbf16>) -> tensor<128x64xbf16>
    %767 = tensor.empty() : tensor<128x64xf32>
    %768 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%766 : tensor<128x64xbf16>) outs(%767 : tensor<128x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %839 = arith.extf %in : bf16 to f32
      linalg.yield %839 : f32
    } -> tensor<128x64xf32>
    %expanded_102 = tensor.expand_shape %768 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %769 = tensor.empty() : tensor<64xf32>
    %770 = linalg.fill ins(%cst_14 : f32) outs(%769 : tensor<64xf32>) -> tensor<64xf32>
    %771 = linalg.generic {indexing_maps = [#map18, #map20], iterator_types = ["parallel", "reduction", "reduction"]} ins(%expanded_102 : tensor<2x64x64xf32>) outs(%770 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.addf %out, %in : f32
      linalg.yield %839 : f32
    } -> tensor<64xf32>
    %772 = tensor.empty() : tensor<2x64x64xf32>
    %773 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%89, %expanded_102 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%772 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.mulf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %774 = tensor.empty() : tensor<2x64x64xf32>
    %775 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_102, %103 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%774 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.mulf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %776 = tensor.empty() : tensor<2x64x64xf32>
    %777 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%99, %773 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%776 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.mulf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %778 = tensor.empty() : tensor<64xf32>
    %779 = linalg.fill ins(%cst_14 : f32) outs(%778 : tensor<64xf32>) -> tensor<64xf32>
    %780 = linalg.generic {indexing_maps = [#map18, #map20], iterator_types = ["parallel", "reduction", "reduction"]} ins(%777 : tensor<2x64x64xf32>) outs(%779 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.addf %out, %in : f32
      linalg.yield %839 : f32
    } -> tensor<64xf32>
    %781 = tensor.empty() : tensor<2x64x64xf32>
    %782 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%773, %101 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%781 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.mulf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %783 = tensor.empty() : tensor<2x64xf32>
    %784 = linalg.fill ins(%cst_14 : f32) outs(%783 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %785 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%782 : tensor<2x64x64xf32>) outs(%784 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.addf %out, %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %expanded_103 = tensor.expand_shape %785 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xf32> into tensor<2x64x1xf32>
    %786 = tensor.empty() : tensor<2x64x1xf32>
    %787 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_103, %97 : tensor<2x64x1xf32>, tensor<2x64x1xf32>) outs(%786 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.mulf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x1xf32>
    %788 = tensor.empty() : tensor<2x64x64xf32>
    %789 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%775 : tensor<2x64x64xf32>) outs(%788 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.negf %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %790 = tensor.empty() : tensor<2x64xf32>
    %791 = linalg.fill ins(%cst_14 : f32) outs(%790 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %792 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%789 : tensor<2x64x64xf32>) outs(%791 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.addf %out, %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %expanded_104 = tensor.expand_shape %792 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xf32> into tensor<2x64x1xf32>
    %793 = tensor.empty() : tensor<2x64x64xbf16>
    %794 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%775 : tensor<2x64x64xf32>) outs(%793 : tensor<2x64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %839 = arith.truncf %in : f32 to bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x64xbf16>
    %795 = tensor.empty() : tensor<2x64x64xbf16>
    %796 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%663, %794 : tensor<2x64x64xbf16>, tensor<2x64x64xbf16>) outs(%795 : tensor<2x64x64xbf16>) {
    ^bb0(%in: bf16, %in_108: bf16, %out: bf16):
      %839 = arith.addf %in, %in_108 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x64xbf16>
    %797 = tensor.empty() : tensor<2x64xf32>
    %798 = linalg.fill ins(%cst_14 : f32) outs(%797 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %799 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%787 : tensor<2x64x1xf32>) outs(%798 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.addf %out, %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %800 = tensor.empty() : tensor<2x64xf32>
    %801 = linalg.fill ins(%cst_14 : f32) outs(%800 : tensor<2x64xf32>) -> tensor<2x64xf32>
    %802 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%expanded_104 : tensor<2x64x1xf32>) outs(%801 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.addf %out, %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %803 = tensor.empty() : tensor<2x64xf32>
    %804 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%799, %85 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%803 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.mulf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %805 = tensor.empty() : tensor<2x64xf32>
    %806 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%804 : tensor<2x64xf32>) outs(%805 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.negf %in : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %807 = tensor.empty() : tensor<2x64xf32>
    %808 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%806, %71 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%807 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.mulf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %809 = tensor.empty() : tensor<2x64xf32>
    %810 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%802, %808 : tensor<2x64xf32>, tensor<2x64xf32>) outs(%809 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.addf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %811 = tensor.empty() : tensor<2x64xf32>
    %812 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%804 : tensor<2x64xf32>) outs(%811 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.divf %in, %cst_13 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %813 = tensor.empty() : tensor<2x64x64xf32>
    %814 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%812 : tensor<2x64xf32>) outs(%813 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %815 = tensor.empty() : tensor<2x64xf32>
    %816 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%810 : tensor<2x64xf32>) outs(%815 : tensor<2x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %839 = arith.divf %in, %cst_13 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64xf32>
    %817 = tensor.empty() : tensor<2x64x64xf32>
    %818 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%816 : tensor<2x64xf32>) outs(%817 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %819 = tensor.empty() : tensor<2x64x64xf32>
    %820 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%814, %57 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%819 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.mulf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %821 = tensor.empty() : tensor<2x64x64xf32>
    %822 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%818, %820 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%821 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_108: f32, %out: f32):
      %839 = arith.addf %in, %in_108 : f32
      linalg.yield %839 : f32
    } -> tensor<2x64x64xf32>
    %823 = tensor.empty() : tensor<2x64x64xbf16>
    %824 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%822 : tensor<2x64x64xf32>) outs(%823 : tensor<2x64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %839 = arith.truncf %in : f32 to bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x64xbf16>
    %825 = tensor.empty() : tensor<2x64x64xbf16>
    %826 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%796, %824 : tensor<2x64x64xbf16>, tensor<2x64x64xbf16>) outs(%825 : tensor<2x64x64xbf16>) {
    ^bb0(%in: bf16, %in_108: bf16, %out: bf16):
      %839 = arith.addf %in, %in_108 : bf16
      linalg.yield %839 : bf16
    } -> tensor<2x64x64xbf16>
    %827 = tensor.empty() : tensor<64x64xbf16>
    %828 = linalg.fill ins(%cst_9 : bf16) outs(%827 : tensor<64x64xbf16>) -> tensor<64x64xbf16>
    %829 = linalg.generic {indexing_maps = [#map21, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%826 : tensor<2x64x64xbf16>) outs(%828 : tensor<64x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %839 = arith.addf %out, %in : bf16
      linalg.yield %839 : bf16
    } -> tensor<64x64xbf16>
    %expanded_105 = tensor.expand_shape %829 [[0, 1], [2]] output_shape [1, 64, 64] : tensor<64x64xbf16> into tensor<1x64x64xbf16>
    %830 = tensor.empty() : tensor<64x64xbf16>
    %831 = linalg.fill ins(%cst_9 : bf16) outs(%830 : tensor<64x64xbf16>) -> tensor<64x64xbf16>
    %832 = linalg.generic {indexing_maps = [#map21, #map2], iterator_types = ["parallel", "parallel", "reduction"]} ins(%expanded_105 : tensor<1x64x64xbf16>) outs(%831 : tensor<64x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %839 = arith.addf %out, %in : bf16
      linalg.yield %839 : bf16
    } -> tensor<64x64xbf16>
    // iree_linalg_ext.scatter {dimension_map = [0]} unique_indices(false) rewritten as loops (test/graphs/scatter_to_loops.py):
    // orig[coord(i, j)] = combine(updates[i, j], orig[coord(i, j)])
    %sc2_c0 = arith.constant 0 : index
    %sc2_c1 = arith.constant 1 : index
    %sc2_c64 = arith.constant 64 : index
    %833 = scf.for %sc2_i0 = %sc2_c0 to %sc2_c64 step %sc2_c1 iter_args(%sc2_ab0 = %cst_19) -> (tensor<64x64xbf16>) {
      %sc2_ix0 = tensor.extract %expanded_22[%sc2_i0, %sc2_c0] : tensor<64x1xi32>
      %sc2_o0 = arith.index_cast %sc2_ix0 : i32 to index
      %sc2_s0r = scf.for %sc2_j0 = %sc2_c0 to %sc2_c64 step %sc2_c1 iter_args(%sc2_as0 = %sc2_ab0) -> (tensor<64x64xbf16>) {
        %sc2_u = tensor.extract %832[%sc2_i0, %sc2_j0] : tensor<64x64xbf16>
        %sc2_v = tensor.extract %sc2_as0[%sc2_o0, %sc2_j0] : tensor<64x64xbf16>
        %sc2_r2 = arith.addf %sc2_v, %sc2_u : bf16
        %sc2_new = tensor.insert %sc2_r2 into %sc2_as0[%sc2_o0, %sc2_j0] : tensor<64x64xbf16>
        scf.yield %sc2_new : tensor<64x64xbf16>
      }
      scf.yield %sc2_s0r : tensor<64x64xbf16>
    }
    %834 = tensor.empty() : tensor<64x64xf32>
    %835 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%833 : tensor<64x64xbf16>) outs(%834 : tensor<64x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %839 = arith.extf %in : bf16 to f32
      linalg.yield %839 : f32
    } -> tensor<64x64xf32>
    %collapsed_106 = tensor.collapse_shape %expanded [[0, 1], [2]] : tensor<2x64x1xi32> into tensor<128x1xi32>
    %collapsed_107 = tensor.collapse_shape %826 [[0, 1], [2]] : tensor<2x64x64xbf16> into tensor<128x64xbf16>
    // iree_linalg_ext.scatter {dimension_map = [0]} unique_indices(false) rewritten as loops (test/graphs/scatter_to_loops.py):
    // orig[coord(i, j)] = combine(updates[i, j], orig[coord(i, j)])
    %sc3_c0 = arith.constant 0 : index
    %sc3_c1 = arith.constant 1 : index
    %sc3_c64 = arith.constant 64 : index
    %sc3_c128 = arith.constant 128 : index
    %836 = scf.for %sc3_i0 = %sc3_c0 to %sc3_c128 step %sc3_c1 iter_args(%sc3_ab0 = %cst_18) -> (tensor<1024x64xbf16>) {
      %sc3_ix0 = tensor.extract %collapsed_106[%sc3_i0, %sc3_c0] : tensor<128x1xi32>
      %sc3_o0 = arith.index_cast %sc3_ix0 : i32 to index
      %sc3_s0r = scf.for %sc3_j0 = %sc3_c0 to %sc3_c64 step %sc3_c1 iter_args(%sc3_as0 = %sc3_ab0) -> (tensor<1024x64xbf16>) {
        %sc3_u = tensor.extract %collapsed_107[%sc3_i0, %sc3_j0] : tensor<128x64xbf16>
        %sc3_v = tensor.extract %sc3_as0[%sc3_o0, %sc3_j0] : tensor<1024x64xbf16>
        %sc3_r2 = arith.addf %sc3_v, %sc3_u : bf16
        %sc3_new = tensor.insert %sc3_r2 into %sc3_as0[%sc3_o0, %sc3_j0] : tensor<1024x64xbf16>
        scf.yield %sc3_new : tensor<1024x64xbf16>
      }
      scf.yield %sc3_s0r : tensor<1024x64xbf16>
    }
    %837 = tensor.empty() : tensor<1024x64xf32>
    %838 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%836 : tensor<1024x64xbf16>) outs(%837 : tensor<1024x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %839 = arith.extf %in : bf16 to f32
      linalg.yield %839 : f32
    } -> tensor<1024x64xf32>
    return %438, %752, %761, %589, %598, %668, %677, %771, %780, %608, %617, %548, %557, %480, %490, %499, %835, %838 : tensor<f32>, tensor<192xf32>, tensor<64x192xf32>, tensor<256xf32>, tensor<64x256xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<256x64xf32>, tensor<64x1024xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<1024x64xf32>
  }
}

