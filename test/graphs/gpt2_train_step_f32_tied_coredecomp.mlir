// gpt2_train_step_f32_tied_coredecomp: real linalg-on-tensors graph
// from PyTorch (see test/graphs/README.md).
//
// RUN: lmhead-opt %s -o /dev/null
// RUN: lmhead-opt %s --math-expand-ops=ops=fpowi --lmhead-cpu-pipeline=decompose=false -o /dev/null
//
// Made by test/graphs/make_torch_graphs.py --only gpt2_train_step_f32_tied_coredecomp
// Tools: torch 2.15.0, torch-mlir 20261001, python 3.11.7
// Model: GPT-2, 1 block, 2 heads, d_model 64, vocabulary 1024, batch 2 x seq 64 (N = 128 tokens), LM head tied to wte (F.linear(x, wte.weight)), F.cross_entropy(ignore_index=-100, reduction='mean')
// Trace: aot_export_module(model, [idx, labels], trace_joint=True, output_loss_index=0) -> torch_mlir.fx.stateless_fx_import(output_type='linalg-on-tensors')
// Note: f32 parameters and activations
// Note: torch-mlir's decomposition table as is (fx.export_and_import's default): nll_loss_backward decomposed to aten.scatter.value (one-hot) and where/mul, _log_softmax_backward_data to exp/sum/sub
// Post-processed: 3 tm_tensor.scatter op(s) replaced in place by scf.for loop nests (scatter_to_loops.py, values %sc<k>_*), nothing else changed.
// @main arguments, in order:
//   %arg0  wte.weight: (1024, 64) float32
//   %arg1  wpe.weight: (64, 64) float32
//   %arg2  h.0.ln_1.weight: (64,) float32
//   %arg3  h.0.ln_1.bias: (64,) float32
//   %arg4  h.0.c_attn.weight: (192, 64) float32
//   %arg5  h.0.c_attn.bias: (192,) float32
//   %arg6  h.0.c_proj.weight: (64, 64) float32
//   %arg7  h.0.c_proj.bias: (64,) float32
//   %arg8  h.0.ln_2.weight: (64,) float32
//   %arg9  h.0.ln_2.bias: (64,) float32
//   %arg10  h.0.c_fc.weight: (256, 64) float32
//   %arg11  h.0.c_fc.bias: (256,) float32
//   %arg12  h.0.mlp_proj.weight: (64, 256) float32
//   %arg13  h.0.mlp_proj.bias: (64,) float32
//   %arg14  ln_f.weight: (64,) float32
//   %arg15  ln_f.bias: (64,) float32
//   %arg16  idx: (2, 64) int64
//   %arg17  labels: (2, 64) int64
// @main results, in order:
//   #0  loss: () float32 (mean over tokens whose label != -100)
//   #1  grad wte.weight
//   #2  grad wpe.weight
//   #3  grad h.0.ln_1.weight
//   #4  grad h.0.ln_1.bias
//   #5  grad h.0.c_attn.weight
//   #6  grad h.0.c_attn.bias
//   #7  grad h.0.c_proj.weight
//   #8  grad h.0.c_proj.bias
//   #9  grad h.0.ln_2.weight
//   #10  grad h.0.ln_2.bias
//   #11  grad h.0.c_fc.weight
//   #12  grad h.0.c_fc.bias
//   #13  grad h.0.mlp_proj.weight
//   #14  grad h.0.mlp_proj.bias
//   #15  grad ln_f.weight
//   #16  grad ln_f.bias

#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map3 = affine_map<(d0, d1) -> (d0)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
#map5 = affine_map<(d0, d1, d2) -> (d1, d2)>
#map6 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map7 = affine_map<(d0, d1, d2) -> (d2)>
#map8 = affine_map<(d0, d1) -> (d1)>
#map9 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map10 = affine_map<(d0, d1) -> (0, d1)>
#map11 = affine_map<(d0, d1) -> (d0, 0)>
#map12 = affine_map<(d0, d1, d2, d3) -> (d2, d3)>
#map13 = affine_map<(d0, d1, d2, d3) -> ()>
#map14 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map15 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
#map16 = affine_map<(d0) -> ()>
#map17 = affine_map<() -> ()>
#map18 = affine_map<(d0, d1) -> ()>
#map19 = affine_map<(d0) -> (d0, 0)>
#map20 = affine_map<(d0, d1, d2) -> ()>
#map21 = affine_map<(d0, d1, d2) -> (0, d1, d2)>
module {
  func.func @main(%arg0: tensor<1024x64xf32>, %arg1: tensor<64x64xf32>, %arg2: tensor<64xf32>, %arg3: tensor<64xf32>, %arg4: tensor<192x64xf32>, %arg5: tensor<192xf32>, %arg6: tensor<64x64xf32>, %arg7: tensor<64xf32>, %arg8: tensor<64xf32>, %arg9: tensor<64xf32>, %arg10: tensor<256x64xf32>, %arg11: tensor<256xf32>, %arg12: tensor<64x256xf32>, %arg13: tensor<64xf32>, %arg14: tensor<64xf32>, %arg15: tensor<64xf32>, %arg16: tensor<2x64xi64>, %arg17: tensor<2x64xi64>) -> (tensor<f32>, tensor<1024x64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<192x64xf32>, tensor<192xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<256x64xf32>, tensor<256xf32>, tensor<64x256xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x1024xf32>
    %c64 = arith.constant 64 : index
    %c1024 = arith.constant 1024 : index
    %cst_0 = arith.constant 0.000000e+00 : f64
    %true = arith.constant true
    %cst_1 = arith.constant 0xFF800000 : f32
    %c3_i64 = arith.constant 3 : i64
    %cst_2 = arith.constant 4.471500e-02 : f32
    %cst_3 = arith.constant 7.977240e-01 : f32
    %cst_4 = arith.constant 1.000000e+00 : f32
    %cst_5 = arith.constant 5.000000e-01 : f32
    %cst_6 = arith.constant 1.000000e-05 : f64
    %cst_7 = arith.constant 0.17677669529663687 : f64
    %cst_8 = arith.constant 4.471500e-02 : f64
    %cst_9 = arith.constant 0.79788456080286541 : f64
    %cst_10 = arith.constant 1.341450e-01 : f64
    %cst_11 = arith.constant dense<true> : tensor<64x64xi1>
    %cst_12 = arith.constant dense<0xFF800000> : tensor<f32>
    %cst_13 = arith.constant dense<0.000000e+00> : tensor<f32>
    %cst_14 = arith.constant dense<1.000000e+00> : tensor<f32>
    %cst_15 = arith.constant 6.400000e+01 : f64
    %cst_16 = arith.constant 6.400000e+01 : f32
    %c1023_i64 = arith.constant 1023 : i64
    %c-1024_i64 = arith.constant -1024 : i64
    %c63_i64 = arith.constant 63 : i64
    %c-64_i64 = arith.constant -64 : i64
    %c-100_i64 = arith.constant -100 : i64
    %c1024_i64 = arith.constant 1024 : i64
    %c-1_i64 = arith.constant -1 : i64
    %c64_i64 = arith.constant 64 : i64
    %c128 = arith.constant 128 : index
    %c0_i64 = arith.constant 0 : i64
    %cst_17 = arith.constant 0.000000e+00 : f32
    %c0 = arith.constant 0 : index
    %cst_18 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
    %cst_19 = arith.constant dense<0.000000e+00> : tensor<1024x64xf32>
    %cst_20 = arith.constant -1.000000e+00 : f32
    %cst_21 = arith.constant dense<1> : tensor<i64>
    %cst_22 = arith.constant dense<0> : tensor<i64>
    %0 = tensor.empty() : tensor<64xi64>
    %1 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%0 : tensor<64xi64>) {
    ^bb0(%out: i64):
      %292 = linalg.index 0 : index
      %293 = arith.index_cast %292 : index to i64
      linalg.yield %293 : i64
    } -> tensor<64xi64>
    %2 = tensor.empty() : tensor<2x64x64xf32>
    %3 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg16 : tensor<2x64xi64>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: i64, %out: f32):
      %292 = arith.index_cast %in : i64 to index
      %293 = linalg.index 2 : index
      %294 = arith.cmpi slt, %292, %c1024 : index
      cf.assert %294, "index must be smaller than dim size"
      %295 = arith.cmpi sge, %in, %c0_i64 : i64
      cf.assert %295, "index must be larger or equal to 0"
      %extracted = tensor.extract %arg0[%292, %293] : tensor<1024x64xf32>
      linalg.yield %extracted : f32
    } -> tensor<2x64x64xf32>
    %4 = tensor.empty() : tensor<64x64xf32>
    %5 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%1 : tensor<64xi64>) outs(%4 : tensor<64x64xf32>) {
    ^bb0(%in: i64, %out: f32):
      %292 = arith.index_cast %in : i64 to index
      %293 = linalg.index 1 : index
      %294 = arith.cmpi slt, %292, %c64 : index
      cf.assert %294, "index must be smaller than dim size"
      %295 = arith.cmpi sge, %in, %c0_i64 : i64
      cf.assert %295, "index must be larger or equal to 0"
      %extracted = tensor.extract %arg1[%292, %293] : tensor<64x64xf32>
      linalg.yield %extracted : f32
    } -> tensor<64x64xf32>
    %6 = linalg.generic {indexing_maps = [#map2, #map5, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3, %5 : tensor<2x64x64xf32>, tensor<64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.addf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %7 = tensor.empty() : tensor<2x64x64xf64>
    %8 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<2x64x64xf32>) outs(%7 : tensor<2x64x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %292 = arith.extf %in : f32 to f64
      linalg.yield %292 : f64
    } -> tensor<2x64x64xf64>
    %9 = tensor.empty() : tensor<2x64x1xf64>
    %10 = linalg.fill ins(%cst_0 : f64) outs(%9 : tensor<2x64x1xf64>) -> tensor<2x64x1xf64>
    %11 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%8 : tensor<2x64x64xf64>) outs(%10 : tensor<2x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %292 = arith.addf %in, %out : f64
      linalg.yield %292 : f64
    } -> tensor<2x64x1xf64>
    %12 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%11 : tensor<2x64x1xf64>) outs(%9 : tensor<2x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %292 = arith.divf %in, %cst_15 : f64
      linalg.yield %292 : f64
    } -> tensor<2x64x1xf64>
    %13 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8, %12 : tensor<2x64x64xf64>, tensor<2x64x1xf64>) outs(%7 : tensor<2x64x64xf64>) {
    ^bb0(%in: f64, %in_102: f64, %out: f64):
      %292 = arith.subf %in, %in_102 : f64
      linalg.yield %292 : f64
    } -> tensor<2x64x64xf64>
    %14 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%13, %13 : tensor<2x64x64xf64>, tensor<2x64x64xf64>) outs(%7 : tensor<2x64x64xf64>) {
    ^bb0(%in: f64, %in_102: f64, %out: f64):
      %292 = arith.mulf %in, %in_102 : f64
      linalg.yield %292 : f64
    } -> tensor<2x64x64xf64>
    %15 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%14 : tensor<2x64x64xf64>) outs(%10 : tensor<2x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %292 = arith.addf %in, %out : f64
      linalg.yield %292 : f64
    } -> tensor<2x64x1xf64>
    %16 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%15 : tensor<2x64x1xf64>) outs(%9 : tensor<2x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %292 = arith.divf %in, %cst_15 : f64
      linalg.yield %292 : f64
    } -> tensor<2x64x1xf64>
    %17 = tensor.empty() : tensor<2x64x1xf32>
    %18 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%16 : tensor<2x64x1xf64>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %292 = arith.truncf %in : f64 to f32
      linalg.yield %292 : f32
    } -> tensor<2x64x1xf32>
    %19 = linalg.fill ins(%cst_17 : f32) outs(%17 : tensor<2x64x1xf32>) -> tensor<2x64x1xf32>
    %20 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%6 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.addf %in, %out : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x1xf32>
    %21 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20 : tensor<2x64x1xf32>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.divf %in, %cst_16 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x1xf32>
    %22 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%18 : tensor<2x64x1xf32>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.truncf %cst_6 : f64 to f32
      %293 = arith.addf %in, %292 : f32
      linalg.yield %293 : f32
    } -> tensor<2x64x1xf32>
    %23 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%22 : tensor<2x64x1xf32>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = math.rsqrt %in : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x1xf32>
    %24 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6, %21 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.subf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %25 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%24, %23 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.mulf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %26 = linalg.generic {indexing_maps = [#map2, #map7, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%25, %arg2 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.mulf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %27 = linalg.generic {indexing_maps = [#map2, #map7, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%26, %arg3 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.addf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %collapsed = tensor.collapse_shape %27 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %28 = tensor.empty() : tensor<64x192xf32>
    %transposed = linalg.transpose ins(%arg4 : tensor<192x64xf32>) outs(%28 : tensor<64x192xf32>) permutation = [1, 0] 
    %29 = tensor.empty() : tensor<128x192xf32>
    %30 = linalg.fill ins(%cst_17 : f32) outs(%29 : tensor<128x192xf32>) -> tensor<128x192xf32>
    %31 = linalg.matmul ins(%collapsed, %transposed : tensor<128x64xf32>, tensor<64x192xf32>) outs(%30 : tensor<128x192xf32>) -> tensor<128x192xf32>
    %32 = linalg.generic {indexing_maps = [#map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg5 : tensor<192xf32>) outs(%29 : tensor<128x192xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x192xf32>
    %33 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%31, %32 : tensor<128x192xf32>, tensor<128x192xf32>) outs(%29 : tensor<128x192xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.addf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<128x192xf32>
    %expanded = tensor.expand_shape %33 [[0, 1], [2]] output_shape [2, 64, 192] : tensor<128x192xf32> into tensor<2x64x192xf32>
    %extracted_slice = tensor.extract_slice %expanded[0, 0, 0] [2, 64, 64] [1, 1, 1] : tensor<2x64x192xf32> to tensor<2x64x64xf32>
    %extracted_slice_23 = tensor.extract_slice %expanded[0, 0, 64] [2, 64, 64] [1, 1, 1] : tensor<2x64x192xf32> to tensor<2x64x64xf32>
    %extracted_slice_24 = tensor.extract_slice %expanded[0, 0, 128] [2, 64, 64] [1, 1, 1] : tensor<2x64x192xf32> to tensor<2x64x64xf32>
    %expanded_25 = tensor.expand_shape %extracted_slice [[0], [1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<2x64x64xf32> into tensor<2x64x2x32xf32>
    %34 = tensor.empty() : tensor<2x2x64x32xf32>
    %transposed_26 = linalg.transpose ins(%expanded_25 : tensor<2x64x2x32xf32>) outs(%34 : tensor<2x2x64x32xf32>) permutation = [0, 2, 1, 3] 
    %expanded_27 = tensor.expand_shape %extracted_slice_23 [[0], [1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<2x64x64xf32> into tensor<2x64x2x32xf32>
    %expanded_28 = tensor.expand_shape %extracted_slice_24 [[0], [1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<2x64x64xf32> into tensor<2x64x2x32xf32>
    %transposed_29 = linalg.transpose ins(%expanded_28 : tensor<2x64x2x32xf32>) outs(%34 : tensor<2x2x64x32xf32>) permutation = [0, 2, 1, 3] 
    %35 = tensor.empty() : tensor<2x2x32x64xf32>
    %transposed_30 = linalg.transpose ins(%expanded_27 : tensor<2x64x2x32xf32>) outs(%35 : tensor<2x2x32x64xf32>) permutation = [0, 2, 3, 1] 
    %collapsed_31 = tensor.collapse_shape %transposed_26 [[0, 1], [2], [3]] : tensor<2x2x64x32xf32> into tensor<4x64x32xf32>
    %collapsed_32 = tensor.collapse_shape %transposed_30 [[0, 1], [2], [3]] : tensor<2x2x32x64xf32> into tensor<4x32x64xf32>
    %36 = tensor.empty() : tensor<4x64x64xf32>
    %37 = linalg.fill ins(%cst_17 : f32) outs(%36 : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
    %38 = linalg.batch_matmul ins(%collapsed_31, %collapsed_32 : tensor<4x64x32xf32>, tensor<4x32x64xf32>) outs(%37 : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
    %expanded_33 = tensor.expand_shape %38 [[0, 1], [2], [3]] output_shape [2, 2, 64, 64] : tensor<4x64x64xf32> into tensor<2x2x64x64xf32>
    %39 = tensor.empty() : tensor<2x2x64x64xf32>
    %40 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_33 : tensor<2x2x64x64xf32>) outs(%39 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.truncf %cst_7 : f64 to f32
      %293 = arith.mulf %in, %292 : f32
      linalg.yield %293 : f32
    } -> tensor<2x2x64x64xf32>
    %expanded_34 = tensor.expand_shape %1 [[0, 1]] output_shape [1, 64] : tensor<64xi64> into tensor<1x64xi64>
    %expanded_35 = tensor.expand_shape %1 [[0, 1]] output_shape [64, 1] : tensor<64xi64> into tensor<64x1xi64>
    %41 = tensor.empty() : tensor<64x64xi64>
    %42 = linalg.generic {indexing_maps = [#map10, #map11, #map4], iterator_types = ["parallel", "parallel"]} ins(%expanded_34, %expanded_35 : tensor<1x64xi64>, tensor<64x1xi64>) outs(%41 : tensor<64x64xi64>) {
    ^bb0(%in: i64, %in_102: i64, %out: i64):
      %292 = arith.subi %in, %in_102 : i64
      linalg.yield %292 : i64
    } -> tensor<64x64xi64>
    %43 = tensor.empty() : tensor<64x64xi1>
    %44 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%42 : tensor<64x64xi64>) outs(%43 : tensor<64x64xi1>) {
    ^bb0(%in: i64, %out: i1):
      %292 = arith.cmpi sle, %in, %c0_i64 : i64
      linalg.yield %292 : i1
    } -> tensor<64x64xi1>
    %45 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%44, %cst_11 : tensor<64x64xi1>, tensor<64x64xi1>) outs(%43 : tensor<64x64xi1>) {
    ^bb0(%in: i1, %in_102: i1, %out: i1):
      %292 = arith.andi %in, %in_102 : i1
      linalg.yield %292 : i1
    } -> tensor<64x64xi1>
    %46 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%45 : tensor<64x64xi1>) outs(%43 : tensor<64x64xi1>) {
    ^bb0(%in: i1, %out: i1):
      %292 = arith.xori %in, %true : i1
      linalg.yield %292 : i1
    } -> tensor<64x64xi1>
    %47 = linalg.generic {indexing_maps = [#map12, #map13, #map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%46, %cst_12, %40 : tensor<64x64xi1>, tensor<f32>, tensor<2x2x64x64xf32>) outs(%39 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: i1, %in_102: f32, %in_103: f32, %out: f32):
      %292 = arith.select %in, %in_102, %in_103 : f32
      linalg.yield %292 : f32
    } -> tensor<2x2x64x64xf32>
    %48 = tensor.empty() : tensor<2x2x64xi64>
    %49 = linalg.fill ins(%c0_i64 : i64) outs(%48 : tensor<2x2x64xi64>) -> tensor<2x2x64xi64>
    %50 = tensor.empty() : tensor<2x2x64xf32>
    %51 = linalg.fill ins(%cst_1 : f32) outs(%50 : tensor<2x2x64xf32>) -> tensor<2x2x64xf32>
    %52:2 = linalg.generic {indexing_maps = [#map9, #map14, #map14], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%47 : tensor<2x2x64x64xf32>) outs(%51, %49 : tensor<2x2x64xf32>, tensor<2x2x64xi64>) {
    ^bb0(%in: f32, %out: f32, %out_102: i64):
      %292 = linalg.index 3 : index
      %293 = arith.index_cast %292 : index to i64
      %294 = arith.maximumf %in, %out : f32
      %295 = arith.cmpf ogt, %in, %out : f32
      %296 = arith.select %295, %293, %out_102 : i64
      linalg.yield %294, %296 : f32, i64
    } -> (tensor<2x2x64xf32>, tensor<2x2x64xi64>)
    %expanded_36 = tensor.expand_shape %52#0 [[0], [1], [2, 3]] output_shape [2, 2, 64, 1] : tensor<2x2x64xf32> into tensor<2x2x64x1xf32>
    %53 = linalg.generic {indexing_maps = [#map9, #map15, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%47, %expanded_36 : tensor<2x2x64x64xf32>, tensor<2x2x64x1xf32>) outs(%39 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.subf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x2x64x64xf32>
    %54 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%53 : tensor<2x2x64x64xf32>) outs(%39 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = math.exp %in : f32
      linalg.yield %292 : f32
    } -> tensor<2x2x64x64xf32>
    %55 = tensor.empty() : tensor<2x2x64x1xf32>
    %56 = linalg.fill ins(%cst_17 : f32) outs(%55 : tensor<2x2x64x1xf32>) -> tensor<2x2x64x1xf32>
    %57 = linalg.generic {indexing_maps = [#map9, #map15], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%54 : tensor<2x2x64x64xf32>) outs(%56 : tensor<2x2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.addf %in, %out : f32
      linalg.yield %292 : f32
    } -> tensor<2x2x64x1xf32>
    %58 = linalg.generic {indexing_maps = [#map9, #map15, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%54, %57 : tensor<2x2x64x64xf32>, tensor<2x2x64x1xf32>) outs(%39 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.divf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x2x64x64xf32>
    %collapsed_37 = tensor.collapse_shape %58 [[0, 1], [2], [3]] : tensor<2x2x64x64xf32> into tensor<4x64x64xf32>
    %collapsed_38 = tensor.collapse_shape %transposed_29 [[0, 1], [2], [3]] : tensor<2x2x64x32xf32> into tensor<4x64x32xf32>
    %59 = tensor.empty() : tensor<4x64x32xf32>
    %60 = linalg.fill ins(%cst_17 : f32) outs(%59 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %61 = linalg.batch_matmul ins(%collapsed_37, %collapsed_38 : tensor<4x64x64xf32>, tensor<4x64x32xf32>) outs(%60 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %expanded_39 = tensor.expand_shape %61 [[0, 1], [2], [3]] output_shape [2, 2, 64, 32] : tensor<4x64x32xf32> into tensor<2x2x64x32xf32>
    %62 = tensor.empty() : tensor<2x64x2x32xf32>
    %transposed_40 = linalg.transpose ins(%expanded_39 : tensor<2x2x64x32xf32>) outs(%62 : tensor<2x64x2x32xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_41 = tensor.collapse_shape %transposed_40 [[0, 1], [2, 3]] : tensor<2x64x2x32xf32> into tensor<128x64xf32>
    %transposed_42 = linalg.transpose ins(%arg6 : tensor<64x64xf32>) outs(%4 : tensor<64x64xf32>) permutation = [1, 0] 
    %63 = tensor.empty() : tensor<128x64xf32>
    %64 = linalg.fill ins(%cst_17 : f32) outs(%63 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %65 = linalg.matmul ins(%collapsed_41, %transposed_42 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%64 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %66 = linalg.generic {indexing_maps = [#map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg7 : tensor<64xf32>) outs(%63 : tensor<128x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x64xf32>
    %67 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%65, %66 : tensor<128x64xf32>, tensor<128x64xf32>) outs(%63 : tensor<128x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.addf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<128x64xf32>
    %expanded_43 = tensor.expand_shape %67 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %68 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6, %expanded_43 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.addf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %69 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%68 : tensor<2x64x64xf32>) outs(%7 : tensor<2x64x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %292 = arith.extf %in : f32 to f64
      linalg.yield %292 : f64
    } -> tensor<2x64x64xf64>
    %70 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%69 : tensor<2x64x64xf64>) outs(%10 : tensor<2x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %292 = arith.addf %in, %out : f64
      linalg.yield %292 : f64
    } -> tensor<2x64x1xf64>
    %71 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%70 : tensor<2x64x1xf64>) outs(%9 : tensor<2x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %292 = arith.divf %in, %cst_15 : f64
      linalg.yield %292 : f64
    } -> tensor<2x64x1xf64>
    %72 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%69, %71 : tensor<2x64x64xf64>, tensor<2x64x1xf64>) outs(%7 : tensor<2x64x64xf64>) {
    ^bb0(%in: f64, %in_102: f64, %out: f64):
      %292 = arith.subf %in, %in_102 : f64
      linalg.yield %292 : f64
    } -> tensor<2x64x64xf64>
    %73 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%72, %72 : tensor<2x64x64xf64>, tensor<2x64x64xf64>) outs(%7 : tensor<2x64x64xf64>) {
    ^bb0(%in: f64, %in_102: f64, %out: f64):
      %292 = arith.mulf %in, %in_102 : f64
      linalg.yield %292 : f64
    } -> tensor<2x64x64xf64>
    %74 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%73 : tensor<2x64x64xf64>) outs(%10 : tensor<2x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %292 = arith.addf %in, %out : f64
      linalg.yield %292 : f64
    } -> tensor<2x64x1xf64>
    %75 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%74 : tensor<2x64x1xf64>) outs(%9 : tensor<2x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %292 = arith.divf %in, %cst_15 : f64
      linalg.yield %292 : f64
    } -> tensor<2x64x1xf64>
    %76 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%75 : tensor<2x64x1xf64>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %292 = arith.truncf %in : f64 to f32
      linalg.yield %292 : f32
    } -> tensor<2x64x1xf32>
    %77 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%68 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.addf %in, %out : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x1xf32>
    %78 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%77 : tensor<2x64x1xf32>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.divf %in, %cst_16 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x1xf32>
    %79 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%76 : tensor<2x64x1xf32>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.truncf %cst_6 : f64 to f32
      %293 = arith.addf %in, %292 : f32
      linalg.yield %293 : f32
    } -> tensor<2x64x1xf32>
    %80 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%79 : tensor<2x64x1xf32>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = math.rsqrt %in : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x1xf32>
    %81 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%68, %78 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.subf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %82 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%81, %80 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.mulf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %83 = linalg.generic {indexing_maps = [#map2, #map7, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%82, %arg8 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.mulf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %84 = linalg.generic {indexing_maps = [#map2, #map7, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%83, %arg9 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.addf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %collapsed_44 = tensor.collapse_shape %84 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %85 = tensor.empty() : tensor<64x256xf32>
    %transposed_45 = linalg.transpose ins(%arg10 : tensor<256x64xf32>) outs(%85 : tensor<64x256xf32>) permutation = [1, 0] 
    %86 = tensor.empty() : tensor<128x256xf32>
    %87 = linalg.fill ins(%cst_17 : f32) outs(%86 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %88 = linalg.matmul ins(%collapsed_44, %transposed_45 : tensor<128x64xf32>, tensor<64x256xf32>) outs(%87 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %89 = linalg.generic {indexing_maps = [#map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg11 : tensor<256xf32>) outs(%86 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x256xf32>
    %90 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%88, %89 : tensor<128x256xf32>, tensor<128x256xf32>) outs(%86 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.addf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<128x256xf32>
    %expanded_46 = tensor.expand_shape %90 [[0, 1], [2]] output_shape [2, 64, 256] : tensor<128x256xf32> into tensor<2x64x256xf32>
    %91 = tensor.empty() : tensor<2x64x256xf32>
    %92 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_46 : tensor<2x64x256xf32>) outs(%91 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = math.fpowi %in, %c3_i64 : f32, i64
      %293 = arith.mulf %292, %cst_2 : f32
      %294 = arith.addf %in, %293 : f32
      %295 = arith.mulf %294, %cst_3 : f32
      %296 = math.tanh %295 : f32
      %297 = arith.addf %296, %cst_4 : f32
      %298 = arith.mulf %297, %cst_5 : f32
      %299 = arith.mulf %in, %298 : f32
      linalg.yield %299 : f32
    } -> tensor<2x64x256xf32>
    %collapsed_47 = tensor.collapse_shape %92 [[0, 1], [2]] : tensor<2x64x256xf32> into tensor<128x256xf32>
    %93 = tensor.empty() : tensor<256x64xf32>
    %transposed_48 = linalg.transpose ins(%arg12 : tensor<64x256xf32>) outs(%93 : tensor<256x64xf32>) permutation = [1, 0] 
    %94 = linalg.matmul ins(%collapsed_47, %transposed_48 : tensor<128x256xf32>, tensor<256x64xf32>) outs(%64 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %95 = linalg.generic {indexing_maps = [#map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg13 : tensor<64xf32>) outs(%63 : tensor<128x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x64xf32>
    %96 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%94, %95 : tensor<128x64xf32>, tensor<128x64xf32>) outs(%63 : tensor<128x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.addf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<128x64xf32>
    %expanded_49 = tensor.expand_shape %96 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %97 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%68, %expanded_49 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.addf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %98 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%97 : tensor<2x64x64xf32>) outs(%7 : tensor<2x64x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %292 = arith.extf %in : f32 to f64
      linalg.yield %292 : f64
    } -> tensor<2x64x64xf64>
    %99 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%98 : tensor<2x64x64xf64>) outs(%10 : tensor<2x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %292 = arith.addf %in, %out : f64
      linalg.yield %292 : f64
    } -> tensor<2x64x1xf64>
    %100 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%99 : tensor<2x64x1xf64>) outs(%9 : tensor<2x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %292 = arith.divf %in, %cst_15 : f64
      linalg.yield %292 : f64
    } -> tensor<2x64x1xf64>
    %101 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%98, %100 : tensor<2x64x64xf64>, tensor<2x64x1xf64>) outs(%7 : tensor<2x64x64xf64>) {
    ^bb0(%in: f64, %in_102: f64, %out: f64):
      %292 = arith.subf %in, %in_102 : f64
      linalg.yield %292 : f64
    } -> tensor<2x64x64xf64>
    %102 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%101, %101 : tensor<2x64x64xf64>, tensor<2x64x64xf64>) outs(%7 : tensor<2x64x64xf64>) {
    ^bb0(%in: f64, %in_102: f64, %out: f64):
      %292 = arith.mulf %in, %in_102 : f64
      linalg.yield %292 : f64
    } -> tensor<2x64x64xf64>
    %103 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%102 : tensor<2x64x64xf64>) outs(%10 : tensor<2x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %292 = arith.addf %in, %out : f64
      linalg.yield %292 : f64
    } -> tensor<2x64x1xf64>
    %104 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%103 : tensor<2x64x1xf64>) outs(%9 : tensor<2x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %292 = arith.divf %in, %cst_15 : f64
      linalg.yield %292 : f64
    } -> tensor<2x64x1xf64>
    %105 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%104 : tensor<2x64x1xf64>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %292 = arith.truncf %in : f64 to f32
      linalg.yield %292 : f32
    } -> tensor<2x64x1xf32>
    %106 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%97 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.addf %in, %out : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x1xf32>
    %107 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%106 : tensor<2x64x1xf32>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.divf %in, %cst_16 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x1xf32>
    %108 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%105 : tensor<2x64x1xf32>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.truncf %cst_6 : f64 to f32
      %293 = arith.addf %in, %292 : f32
      linalg.yield %293 : f32
    } -> tensor<2x64x1xf32>
    %109 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%108 : tensor<2x64x1xf32>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = math.rsqrt %in : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x1xf32>
    %110 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%97, %107 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.subf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %111 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%110, %109 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.mulf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %112 = linalg.generic {indexing_maps = [#map2, #map7, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%111, %arg14 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.mulf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %113 = linalg.generic {indexing_maps = [#map2, #map7, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%112, %arg15 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.addf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %114 = tensor.empty() : tensor<64x1024xf32>
    %transposed_50 = linalg.transpose ins(%arg0 : tensor<1024x64xf32>) outs(%114 : tensor<64x1024xf32>) permutation = [1, 0] 
    %collapsed_51 = tensor.collapse_shape %113 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %115 = tensor.empty() : tensor<128x1024xf32>
    %116 = linalg.fill ins(%cst_17 : f32) outs(%115 : tensor<128x1024xf32>) -> tensor<128x1024xf32>
    %117 = linalg.matmul ins(%collapsed_51, %transposed_50 : tensor<128x64xf32>, tensor<64x1024xf32>) outs(%116 : tensor<128x1024xf32>) -> tensor<128x1024xf32>
    %collapsed_52 = tensor.collapse_shape %arg17 [[0, 1]] : tensor<2x64xi64> into tensor<128xi64>
    %118 = tensor.empty() : tensor<128xi64>
    %119 = linalg.fill ins(%c0_i64 : i64) outs(%118 : tensor<128xi64>) -> tensor<128xi64>
    %120 = tensor.empty() : tensor<128xf32>
    %121 = linalg.fill ins(%cst_1 : f32) outs(%120 : tensor<128xf32>) -> tensor<128xf32>
    %122:2 = linalg.generic {indexing_maps = [#map4, #map3, #map3], iterator_types = ["parallel", "reduction"]} ins(%117 : tensor<128x1024xf32>) outs(%121, %119 : tensor<128xf32>, tensor<128xi64>) {
    ^bb0(%in: f32, %out: f32, %out_102: i64):
      %292 = linalg.index 1 : index
      %293 = arith.index_cast %292 : index to i64
      %294 = arith.maximumf %in, %out : f32
      %295 = arith.cmpf ogt, %in, %out : f32
      %296 = arith.select %295, %293, %out_102 : i64
      linalg.yield %294, %296 : f32, i64
    } -> (tensor<128xf32>, tensor<128xi64>)
    %expanded_53 = tensor.expand_shape %122#0 [[0, 1]] output_shape [128, 1] : tensor<128xf32> into tensor<128x1xf32>
    %123 = linalg.generic {indexing_maps = [#map4, #map11, #map4], iterator_types = ["parallel", "parallel"]} ins(%117, %expanded_53 : tensor<128x1024xf32>, tensor<128x1xf32>) outs(%115 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.subf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<128x1024xf32>
    %124 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%123 : tensor<128x1024xf32>) outs(%115 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = math.exp %in : f32
      linalg.yield %292 : f32
    } -> tensor<128x1024xf32>
    %125 = tensor.empty() : tensor<128x1xf32>
    %126 = linalg.fill ins(%cst_17 : f32) outs(%125 : tensor<128x1xf32>) -> tensor<128x1xf32>
    %127 = linalg.generic {indexing_maps = [#map4, #map11], iterator_types = ["parallel", "reduction"]} ins(%124 : tensor<128x1024xf32>) outs(%126 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.addf %in, %out : f32
      linalg.yield %292 : f32
    } -> tensor<128x1xf32>
    %128 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%127 : tensor<128x1xf32>) outs(%125 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = math.log %in : f32
      linalg.yield %292 : f32
    } -> tensor<128x1xf32>
    %129 = linalg.generic {indexing_maps = [#map4, #map11, #map4], iterator_types = ["parallel", "parallel"]} ins(%123, %128 : tensor<128x1024xf32>, tensor<128x1xf32>) outs(%115 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.subf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<128x1024xf32>
    %130 = tensor.empty() : tensor<128xi1>
    %131 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%collapsed_52 : tensor<128xi64>) outs(%130 : tensor<128xi1>) {
    ^bb0(%in: i64, %out: i1):
      %292 = arith.cmpi ne, %in, %c-100_i64 : i64
      linalg.yield %292 : i1
    } -> tensor<128xi1>
    %132 = linalg.generic {indexing_maps = [#map, #map, #map16, #map], iterator_types = ["parallel"]} ins(%131, %collapsed_52, %cst_22 : tensor<128xi1>, tensor<128xi64>, tensor<i64>) outs(%118 : tensor<128xi64>) {
    ^bb0(%in: i1, %in_102: i64, %in_103: i64, %out: i64):
      %292 = arith.select %in, %in_102, %in_103 : i64
      linalg.yield %292 : i64
    } -> tensor<128xi64>
    %expanded_54 = tensor.expand_shape %132 [[0, 1]] output_shape [128, 1] : tensor<128xi64> into tensor<128x1xi64>
    %133 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%expanded_54 : tensor<128x1xi64>) outs(%126 : tensor<128x1xf32>) {
    ^bb0(%in: i64, %out: f32):
      %292 = linalg.index 0 : index
      %293 = arith.index_cast %in : i64 to index
      %294 = arith.cmpi slt, %293, %c1024 : index
      cf.assert %294, "index must be smaller than dim size"
      %295 = arith.cmpi sge, %in, %c0_i64 : i64
      cf.assert %295, "index must be larger or equal to 0"
      %extracted = tensor.extract %129[%292, %293] : tensor<128x1024xf32>
      linalg.yield %extracted : f32
    } -> tensor<128x1xf32>
    %collapsed_55 = tensor.collapse_shape %133 [[0, 1]] : tensor<128x1xf32> into tensor<128xf32>
    %134 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%collapsed_55 : tensor<128xf32>) outs(%120 : tensor<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.negf %in : f32
      linalg.yield %292 : f32
    } -> tensor<128xf32>
    %135 = linalg.generic {indexing_maps = [#map, #map, #map16, #map], iterator_types = ["parallel"]} ins(%131, %134, %cst_13 : tensor<128xi1>, tensor<128xf32>, tensor<f32>) outs(%120 : tensor<128xf32>) {
    ^bb0(%in: i1, %in_102: f32, %in_103: f32, %out: f32):
      %292 = arith.select %in, %in_102, %in_103 : f32
      linalg.yield %292 : f32
    } -> tensor<128xf32>
    %136 = tensor.empty() : tensor<i64>
    %137 = linalg.fill ins(%c0_i64 : i64) outs(%136 : tensor<i64>) -> tensor<i64>
    %138 = linalg.generic {indexing_maps = [#map, #map16], iterator_types = ["reduction"]} ins(%131 : tensor<128xi1>) outs(%137 : tensor<i64>) {
    ^bb0(%in: i1, %out: i64):
      %292 = arith.extui %in : i1 to i64
      %293 = arith.addi %292, %out : i64
      linalg.yield %293 : i64
    } -> tensor<i64>
    %139 = tensor.empty() : tensor<f32>
    %140 = linalg.generic {indexing_maps = [#map17, #map17], iterator_types = []} ins(%138 : tensor<i64>) outs(%139 : tensor<f32>) {
    ^bb0(%in: i64, %out: f32):
      %292 = arith.sitofp %in : i64 to f32
      linalg.yield %292 : f32
    } -> tensor<f32>
    %141 = linalg.fill ins(%cst_17 : f32) outs(%139 : tensor<f32>) -> tensor<f32>
    %142 = linalg.generic {indexing_maps = [#map, #map16], iterator_types = ["reduction"]} ins(%135 : tensor<128xf32>) outs(%141 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.addf %in, %out : f32
      linalg.yield %292 : f32
    } -> tensor<f32>
    %143 = linalg.generic {indexing_maps = [#map17, #map17, #map17], iterator_types = []} ins(%142, %140 : tensor<f32>, tensor<f32>) outs(%139 : tensor<f32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.divf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<f32>
    %144 = linalg.generic {indexing_maps = [#map17, #map17, #map17], iterator_types = []} ins(%cst_14, %140 : tensor<f32>, tensor<f32>) outs(%139 : tensor<f32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.divf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<f32>
    %expanded_56 = tensor.expand_shape %collapsed_52 [[0, 1]] output_shape [128, 1] : tensor<128xi64> into tensor<128x1xi64>
    %145 = tensor.empty() : tensor<128x1xi1>
    %146 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%expanded_56 : tensor<128x1xi64>) outs(%145 : tensor<128x1xi1>) {
    ^bb0(%in: i64, %out: i1):
      %292 = arith.cmpi ne, %in, %c-100_i64 : i64
      linalg.yield %292 : i1
    } -> tensor<128x1xi1>
    %147 = tensor.empty() : tensor<128x1xi64>
    %148 = linalg.generic {indexing_maps = [#map4, #map4, #map18, #map4], iterator_types = ["parallel", "parallel"]} ins(%146, %expanded_56, %cst_22 : tensor<128x1xi1>, tensor<128x1xi64>, tensor<i64>) outs(%147 : tensor<128x1xi64>) {
    ^bb0(%in: i1, %in_102: i64, %in_103: i64, %out: i64):
      %292 = arith.select %in, %in_102, %in_103 : i64
      linalg.yield %292 : i64
    } -> tensor<128x1xi64>
    %149 = linalg.fill ins(%c0_i64 : i64) outs(%147 : tensor<128x1xi64>) -> tensor<128x1xi64>
    %150 = linalg.fill ins(%cst_17 : f32) outs(%120 : tensor<128xf32>) -> tensor<128xf32>
    %151:3 = linalg.generic {indexing_maps = [#map19, #map19, #map], iterator_types = ["parallel"]} outs(%149, %149, %150 : tensor<128x1xi64>, tensor<128x1xi64>, tensor<128xf32>) {
    ^bb0(%out: i64, %out_102: i64, %out_103: f32):
      %292 = linalg.index 0 : index
      %293 = arith.remsi %292, %c128 : index
      %extracted = tensor.extract %148[%293, %c0] : tensor<128x1xi64>
      %294 = arith.index_cast %293 : index to i64
      linalg.yield %294, %extracted, %cst_20 : i64, i64, f32
    } -> (tensor<128x1xi64>, tensor<128x1xi64>, tensor<128xf32>)
    %152 = tensor.empty() : tensor<128x2xi64>
    %153 = linalg.fill ins(%c0_i64 : i64) outs(%152 : tensor<128x2xi64>) -> tensor<128x2xi64>
    %inserted_slice = tensor.insert_slice %151#0 into %153[0, 0] [128, 1] [1, 1] : tensor<128x1xi64> into tensor<128x2xi64>
    %inserted_slice_57 = tensor.insert_slice %151#1 into %inserted_slice[0, 1] [128, 1] [1, 1] : tensor<128x1xi64> into tensor<128x2xi64>
    // tm_tensor.scatter {dimension_map = [0, 1]} unique_indices(false) rewritten as loops (test/graphs/scatter_to_loops.py):
    // orig[coord(i, j)] = combine(updates[i, j], orig[coord(i, j)])
    %sc0_c0 = arith.constant 0 : index
    %sc0_c1 = arith.constant 1 : index
    %sc0_c128 = arith.constant 128 : index
    %154 = scf.for %sc0_i0 = %sc0_c0 to %sc0_c128 step %sc0_c1 iter_args(%sc0_ab0 = %cst) -> (tensor<128x1024xf32>) {
      %sc0_ix0 = tensor.extract %inserted_slice_57[%sc0_i0, %sc0_c0] : tensor<128x2xi64>
      %sc0_o0 = arith.index_cast %sc0_ix0 : i64 to index
      %sc0_ix1 = tensor.extract %inserted_slice_57[%sc0_i0, %sc0_c1] : tensor<128x2xi64>
      %sc0_o1 = arith.index_cast %sc0_ix1 : i64 to index
      %sc0_u = tensor.extract %151#2[%sc0_i0] : tensor<128xf32>
      %sc0_v = tensor.extract %sc0_ab0[%sc0_o0, %sc0_o1] : tensor<128x1024xf32>
      %sc0_new = tensor.insert %sc0_u into %sc0_ab0[%sc0_o0, %sc0_o1] : tensor<128x1024xf32>
      scf.yield %sc0_new : tensor<128x1024xf32>
    }
    %155 = linalg.generic {indexing_maps = [#map4, #map18, #map18, #map4], iterator_types = ["parallel", "parallel"]} ins(%146, %144, %cst_13 : tensor<128x1xi1>, tensor<f32>, tensor<f32>) outs(%125 : tensor<128x1xf32>) {
    ^bb0(%in: i1, %in_102: f32, %in_103: f32, %out: f32):
      %292 = arith.select %in, %in_102, %in_103 : f32
      linalg.yield %292 : f32
    } -> tensor<128x1xf32>
    %156 = linalg.generic {indexing_maps = [#map4, #map11, #map4], iterator_types = ["parallel", "parallel"]} ins(%154, %155 : tensor<128x1024xf32>, tensor<128x1xf32>) outs(%115 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.mulf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<128x1024xf32>
    %157 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%129 : tensor<128x1024xf32>) outs(%115 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = math.exp %in : f32
      linalg.yield %292 : f32
    } -> tensor<128x1024xf32>
    %158 = linalg.generic {indexing_maps = [#map4, #map11], iterator_types = ["parallel", "reduction"]} ins(%156 : tensor<128x1024xf32>) outs(%126 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.addf %in, %out : f32
      linalg.yield %292 : f32
    } -> tensor<128x1xf32>
    %159 = linalg.generic {indexing_maps = [#map4, #map11, #map4], iterator_types = ["parallel", "parallel"]} ins(%157, %158 : tensor<128x1024xf32>, tensor<128x1xf32>) outs(%115 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.mulf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<128x1024xf32>
    %160 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%156, %159 : tensor<128x1024xf32>, tensor<128x1024xf32>) outs(%115 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.subf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<128x1024xf32>
    %161 = tensor.empty() : tensor<1024x128xf32>
    %transposed_58 = linalg.transpose ins(%160 : tensor<128x1024xf32>) outs(%161 : tensor<1024x128xf32>) permutation = [1, 0] 
    %162 = tensor.empty() : tensor<1024x64xf32>
    %163 = linalg.fill ins(%cst_17 : f32) outs(%162 : tensor<1024x64xf32>) -> tensor<1024x64xf32>
    %164 = linalg.matmul ins(%transposed_58, %collapsed_51 : tensor<1024x128xf32>, tensor<128x64xf32>) outs(%163 : tensor<1024x64xf32>) -> tensor<1024x64xf32>
    %165 = linalg.matmul ins(%160, %arg0 : tensor<128x1024xf32>, tensor<1024x64xf32>) outs(%64 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_59 = tensor.expand_shape %165 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %166 = linalg.generic {indexing_maps = [#map2, #map7, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_59, %arg14 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.mulf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %167 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%166 : tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.mulf %in, %cst_16 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %168 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%166 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.addf %in, %out : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x1xf32>
    %169 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%166, %111 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.mulf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %170 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%169 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.addf %in, %out : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x1xf32>
    %171 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%111, %170 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.mulf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %172 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%167, %168 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.subf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %173 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%172, %171 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.subf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %174 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%109 : tensor<2x64x1xf32>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.divf %in, %cst_16 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x1xf32>
    %175 = linalg.generic {indexing_maps = [#map6, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%174, %173 : tensor<2x64x1xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.mulf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %176 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_59, %111 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.mulf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %177 = tensor.empty() : tensor<64xf32>
    %178 = linalg.fill ins(%cst_17 : f32) outs(%177 : tensor<64xf32>) -> tensor<64xf32>
    %179 = linalg.generic {indexing_maps = [#map2, #map7], iterator_types = ["reduction", "reduction", "parallel"]} ins(%176 : tensor<2x64x64xf32>) outs(%178 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.addf %in, %out : f32
      linalg.yield %292 : f32
    } -> tensor<64xf32>
    %180 = linalg.generic {indexing_maps = [#map2, #map7], iterator_types = ["reduction", "reduction", "parallel"]} ins(%expanded_59 : tensor<2x64x64xf32>) outs(%178 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.addf %in, %out : f32
      linalg.yield %292 : f32
    } -> tensor<64xf32>
    %collapsed_60 = tensor.collapse_shape %175 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %181 = linalg.matmul ins(%collapsed_60, %arg12 : tensor<128x64xf32>, tensor<64x256xf32>) outs(%87 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %182 = tensor.empty() : tensor<64x128xf32>
    %transposed_61 = linalg.transpose ins(%collapsed_60 : tensor<128x64xf32>) outs(%182 : tensor<64x128xf32>) permutation = [1, 0] 
    %183 = linalg.fill ins(%cst_17 : f32) outs(%85 : tensor<64x256xf32>) -> tensor<64x256xf32>
    %184 = linalg.matmul ins(%transposed_61, %collapsed_47 : tensor<64x128xf32>, tensor<128x256xf32>) outs(%183 : tensor<64x256xf32>) -> tensor<64x256xf32>
    %185 = tensor.empty() : tensor<1x64xf32>
    %186 = linalg.fill ins(%cst_17 : f32) outs(%185 : tensor<1x64xf32>) -> tensor<1x64xf32>
    %187 = linalg.generic {indexing_maps = [#map4, #map10], iterator_types = ["reduction", "parallel"]} ins(%collapsed_60 : tensor<128x64xf32>) outs(%186 : tensor<1x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.addf %in, %out : f32
      linalg.yield %292 : f32
    } -> tensor<1x64xf32>
    %collapsed_62 = tensor.collapse_shape %187 [[0, 1]] : tensor<1x64xf32> into tensor<64xf32>
    %expanded_63 = tensor.expand_shape %181 [[0, 1], [2]] output_shape [2, 64, 256] : tensor<128x256xf32> into tensor<2x64x256xf32>
    %188 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_46, %expanded_46 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%91 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.mulf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x256xf32>
    %189 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%188, %expanded_46 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%91 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.mulf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x256xf32>
    %190 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%189 : tensor<2x64x256xf32>) outs(%91 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.truncf %cst_8 : f64 to f32
      %293 = arith.mulf %in, %292 : f32
      linalg.yield %293 : f32
    } -> tensor<2x64x256xf32>
    %191 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_46, %190 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%91 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.addf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x256xf32>
    %192 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%191 : tensor<2x64x256xf32>) outs(%91 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.truncf %cst_9 : f64 to f32
      %293 = arith.mulf %in, %292 : f32
      linalg.yield %293 : f32
    } -> tensor<2x64x256xf32>
    %193 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%192 : tensor<2x64x256xf32>) outs(%91 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = math.tanh %in : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x256xf32>
    %194 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_46 : tensor<2x64x256xf32>) outs(%91 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.mulf %in, %cst_5 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x256xf32>
    %195 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%193 : tensor<2x64x256xf32>) outs(%91 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.addf %in, %cst_4 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x256xf32>
    %196 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%195 : tensor<2x64x256xf32>) outs(%91 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.mulf %in, %cst_5 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x256xf32>
    %197 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%193, %193 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%91 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.mulf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x256xf32>
    %198 = linalg.generic {indexing_maps = [#map20, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%cst_21, %197 : tensor<i64>, tensor<2x64x256xf32>) outs(%91 : tensor<2x64x256xf32>) {
    ^bb0(%in: i64, %in_102: f32, %out: f32):
      %292 = arith.sitofp %in : i64 to f32
      %293 = arith.subf %292, %in_102 : f32
      linalg.yield %293 : f32
    } -> tensor<2x64x256xf32>
    %199 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%188 : tensor<2x64x256xf32>) outs(%91 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.truncf %cst_10 : f64 to f32
      %293 = arith.mulf %in, %292 : f32
      linalg.yield %293 : f32
    } -> tensor<2x64x256xf32>
    %200 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%199 : tensor<2x64x256xf32>) outs(%91 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.addf %in, %cst_4 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x256xf32>
    %201 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%200 : tensor<2x64x256xf32>) outs(%91 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.truncf %cst_9 : f64 to f32
      %293 = arith.mulf %in, %292 : f32
      linalg.yield %293 : f32
    } -> tensor<2x64x256xf32>
    %202 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%194, %198 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%91 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.mulf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x256xf32>
    %203 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%202, %201 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%91 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.mulf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x256xf32>
    %204 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%196, %203 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%91 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.addf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x256xf32>
    %205 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_63, %204 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%91 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.mulf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x256xf32>
    %collapsed_64 = tensor.collapse_shape %205 [[0, 1], [2]] : tensor<2x64x256xf32> into tensor<128x256xf32>
    %206 = linalg.matmul ins(%collapsed_64, %arg10 : tensor<128x256xf32>, tensor<256x64xf32>) outs(%64 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %207 = tensor.empty() : tensor<256x128xf32>
    %transposed_65 = linalg.transpose ins(%collapsed_64 : tensor<128x256xf32>) outs(%207 : tensor<256x128xf32>) permutation = [1, 0] 
    %208 = linalg.fill ins(%cst_17 : f32) outs(%93 : tensor<256x64xf32>) -> tensor<256x64xf32>
    %209 = linalg.matmul ins(%transposed_65, %collapsed_44 : tensor<256x128xf32>, tensor<128x64xf32>) outs(%208 : tensor<256x64xf32>) -> tensor<256x64xf32>
    %210 = tensor.empty() : tensor<1x256xf32>
    %211 = linalg.fill ins(%cst_17 : f32) outs(%210 : tensor<1x256xf32>) -> tensor<1x256xf32>
    %212 = linalg.generic {indexing_maps = [#map4, #map10], iterator_types = ["reduction", "parallel"]} ins(%collapsed_64 : tensor<128x256xf32>) outs(%211 : tensor<1x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.addf %in, %out : f32
      linalg.yield %292 : f32
    } -> tensor<1x256xf32>
    %collapsed_66 = tensor.collapse_shape %212 [[0, 1]] : tensor<1x256xf32> into tensor<256xf32>
    %expanded_67 = tensor.expand_shape %206 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %213 = linalg.generic {indexing_maps = [#map2, #map7, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_67, %arg8 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.mulf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %214 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%213 : tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.mulf %in, %cst_16 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %215 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%213 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.addf %in, %out : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x1xf32>
    %216 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%213, %82 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.mulf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %217 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%216 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.addf %in, %out : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x1xf32>
    %218 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%82, %217 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.mulf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %219 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%214, %215 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.subf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %220 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%219, %218 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.subf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %221 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%80 : tensor<2x64x1xf32>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.divf %in, %cst_16 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x1xf32>
    %222 = linalg.generic {indexing_maps = [#map6, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%221, %220 : tensor<2x64x1xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.mulf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %223 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_67, %82 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.mulf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %224 = linalg.generic {indexing_maps = [#map2, #map7], iterator_types = ["reduction", "reduction", "parallel"]} ins(%223 : tensor<2x64x64xf32>) outs(%178 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.addf %in, %out : f32
      linalg.yield %292 : f32
    } -> tensor<64xf32>
    %225 = linalg.generic {indexing_maps = [#map2, #map7], iterator_types = ["reduction", "reduction", "parallel"]} ins(%expanded_67 : tensor<2x64x64xf32>) outs(%178 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.addf %in, %out : f32
      linalg.yield %292 : f32
    } -> tensor<64xf32>
    %226 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%175, %222 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.addf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %collapsed_68 = tensor.collapse_shape %226 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %227 = linalg.matmul ins(%collapsed_68, %arg6 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%64 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %transposed_69 = linalg.transpose ins(%collapsed_68 : tensor<128x64xf32>) outs(%182 : tensor<64x128xf32>) permutation = [1, 0] 
    %228 = linalg.fill ins(%cst_17 : f32) outs(%4 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %229 = linalg.matmul ins(%transposed_69, %collapsed_41 : tensor<64x128xf32>, tensor<128x64xf32>) outs(%228 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %230 = linalg.generic {indexing_maps = [#map4, #map10], iterator_types = ["reduction", "parallel"]} ins(%collapsed_68 : tensor<128x64xf32>) outs(%186 : tensor<1x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.addf %in, %out : f32
      linalg.yield %292 : f32
    } -> tensor<1x64xf32>
    %collapsed_70 = tensor.collapse_shape %230 [[0, 1]] : tensor<1x64xf32> into tensor<64xf32>
    %expanded_71 = tensor.expand_shape %227 [[0, 1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<128x64xf32> into tensor<2x64x2x32xf32>
    %transposed_72 = linalg.transpose ins(%expanded_71 : tensor<2x64x2x32xf32>) outs(%34 : tensor<2x2x64x32xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_73 = tensor.collapse_shape %transposed_72 [[0, 1], [2], [3]] : tensor<2x2x64x32xf32> into tensor<4x64x32xf32>
    %transposed_74 = linalg.transpose ins(%collapsed_37 : tensor<4x64x64xf32>) outs(%36 : tensor<4x64x64xf32>) permutation = [0, 2, 1] 
    %231 = linalg.batch_matmul ins(%transposed_74, %collapsed_73 : tensor<4x64x64xf32>, tensor<4x64x32xf32>) outs(%60 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %232 = tensor.empty() : tensor<4x32x64xf32>
    %transposed_75 = linalg.transpose ins(%collapsed_38 : tensor<4x64x32xf32>) outs(%232 : tensor<4x32x64xf32>) permutation = [0, 2, 1] 
    %233 = linalg.batch_matmul ins(%collapsed_73, %transposed_75 : tensor<4x64x32xf32>, tensor<4x32x64xf32>) outs(%37 : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
    %expanded_76 = tensor.expand_shape %231 [[0, 1], [2], [3]] output_shape [2, 2, 64, 32] : tensor<4x64x32xf32> into tensor<2x2x64x32xf32>
    %expanded_77 = tensor.expand_shape %233 [[0, 1], [2], [3]] output_shape [2, 2, 64, 64] : tensor<4x64x64xf32> into tensor<2x2x64x64xf32>
    %234 = linalg.generic {indexing_maps = [#map9, #map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_77, %58 : tensor<2x2x64x64xf32>, tensor<2x2x64x64xf32>) outs(%39 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.mulf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x2x64x64xf32>
    %235 = linalg.generic {indexing_maps = [#map9, #map15], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%234 : tensor<2x2x64x64xf32>) outs(%56 : tensor<2x2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.addf %in, %out : f32
      linalg.yield %292 : f32
    } -> tensor<2x2x64x1xf32>
    %236 = linalg.generic {indexing_maps = [#map9, #map15, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%58, %235 : tensor<2x2x64x64xf32>, tensor<2x2x64x1xf32>) outs(%39 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.mulf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x2x64x64xf32>
    %237 = linalg.generic {indexing_maps = [#map9, #map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%234, %236 : tensor<2x2x64x64xf32>, tensor<2x2x64x64xf32>) outs(%39 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.subf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x2x64x64xf32>
    %238 = linalg.generic {indexing_maps = [#map12, #map13, #map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%46, %cst_13, %237 : tensor<64x64xi1>, tensor<f32>, tensor<2x2x64x64xf32>) outs(%39 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: i1, %in_102: f32, %in_103: f32, %out: f32):
      %292 = arith.select %in, %in_102, %in_103 : f32
      linalg.yield %292 : f32
    } -> tensor<2x2x64x64xf32>
    %239 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%238 : tensor<2x2x64x64xf32>) outs(%39 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.truncf %cst_7 : f64 to f32
      %293 = arith.mulf %in, %292 : f32
      linalg.yield %293 : f32
    } -> tensor<2x2x64x64xf32>
    %collapsed_78 = tensor.collapse_shape %239 [[0, 1], [2], [3]] : tensor<2x2x64x64xf32> into tensor<4x64x64xf32>
    %transposed_79 = linalg.transpose ins(%collapsed_31 : tensor<4x64x32xf32>) outs(%232 : tensor<4x32x64xf32>) permutation = [0, 2, 1] 
    %240 = linalg.fill ins(%cst_17 : f32) outs(%232 : tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %241 = linalg.batch_matmul ins(%transposed_79, %collapsed_78 : tensor<4x32x64xf32>, tensor<4x64x64xf32>) outs(%240 : tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %transposed_80 = linalg.transpose ins(%collapsed_32 : tensor<4x32x64xf32>) outs(%59 : tensor<4x64x32xf32>) permutation = [0, 2, 1] 
    %242 = linalg.batch_matmul ins(%collapsed_78, %transposed_80 : tensor<4x64x64xf32>, tensor<4x64x32xf32>) outs(%60 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %expanded_81 = tensor.expand_shape %241 [[0, 1], [2], [3]] output_shape [2, 2, 32, 64] : tensor<4x32x64xf32> into tensor<2x2x32x64xf32>
    %expanded_82 = tensor.expand_shape %242 [[0, 1], [2], [3]] output_shape [2, 2, 64, 32] : tensor<4x64x32xf32> into tensor<2x2x64x32xf32>
    %transposed_83 = linalg.transpose ins(%expanded_76 : tensor<2x2x64x32xf32>) outs(%62 : tensor<2x64x2x32xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_84 = tensor.collapse_shape %transposed_83 [[0], [1], [2, 3]] : tensor<2x64x2x32xf32> into tensor<2x64x64xf32>
    %transposed_85 = linalg.transpose ins(%expanded_81 : tensor<2x2x32x64xf32>) outs(%62 : tensor<2x64x2x32xf32>) permutation = [0, 3, 1, 2] 
    %collapsed_86 = tensor.collapse_shape %transposed_85 [[0], [1], [2, 3]] : tensor<2x64x2x32xf32> into tensor<2x64x64xf32>
    %transposed_87 = linalg.transpose ins(%expanded_82 : tensor<2x2x64x32xf32>) outs(%62 : tensor<2x64x2x32xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_88 = tensor.collapse_shape %transposed_87 [[0], [1], [2, 3]] : tensor<2x64x2x32xf32> into tensor<2x64x64xf32>
    %concat = tensor.concat dim(2) %collapsed_88, %collapsed_86, %collapsed_84 : (tensor<2x64x64xf32>, tensor<2x64x64xf32>, tensor<2x64x64xf32>) -> tensor<2x64x192xf32>
    %collapsed_89 = tensor.collapse_shape %concat [[0, 1], [2]] : tensor<2x64x192xf32> into tensor<128x192xf32>
    %243 = linalg.matmul ins(%collapsed_89, %arg4 : tensor<128x192xf32>, tensor<192x64xf32>) outs(%64 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %244 = tensor.empty() : tensor<192x128xf32>
    %transposed_90 = linalg.transpose ins(%collapsed_89 : tensor<128x192xf32>) outs(%244 : tensor<192x128xf32>) permutation = [1, 0] 
    %245 = tensor.empty() : tensor<192x64xf32>
    %246 = linalg.fill ins(%cst_17 : f32) outs(%245 : tensor<192x64xf32>) -> tensor<192x64xf32>
    %247 = linalg.matmul ins(%transposed_90, %collapsed : tensor<192x128xf32>, tensor<128x64xf32>) outs(%246 : tensor<192x64xf32>) -> tensor<192x64xf32>
    %248 = tensor.empty() : tensor<1x192xf32>
    %249 = linalg.fill ins(%cst_17 : f32) outs(%248 : tensor<1x192xf32>) -> tensor<1x192xf32>
    %250 = linalg.generic {indexing_maps = [#map4, #map10], iterator_types = ["reduction", "parallel"]} ins(%collapsed_89 : tensor<128x192xf32>) outs(%249 : tensor<1x192xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.addf %in, %out : f32
      linalg.yield %292 : f32
    } -> tensor<1x192xf32>
    %collapsed_91 = tensor.collapse_shape %250 [[0, 1]] : tensor<1x192xf32> into tensor<192xf32>
    %expanded_92 = tensor.expand_shape %243 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %251 = linalg.generic {indexing_maps = [#map2, #map7, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_92, %arg2 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.mulf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %252 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%251 : tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.mulf %in, %cst_16 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %253 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%251 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.addf %in, %out : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x1xf32>
    %254 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%251, %25 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.mulf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %255 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%254 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.addf %in, %out : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x1xf32>
    %256 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%25, %255 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.mulf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %257 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%252, %253 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.subf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %258 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%257, %256 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.subf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %259 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%23 : tensor<2x64x1xf32>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.divf %in, %cst_16 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x1xf32>
    %260 = linalg.generic {indexing_maps = [#map6, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%259, %258 : tensor<2x64x1xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.mulf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %261 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_92, %25 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.mulf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %262 = linalg.generic {indexing_maps = [#map2, #map7], iterator_types = ["reduction", "reduction", "parallel"]} ins(%261 : tensor<2x64x64xf32>) outs(%178 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.addf %in, %out : f32
      linalg.yield %292 : f32
    } -> tensor<64xf32>
    %263 = linalg.generic {indexing_maps = [#map2, #map7], iterator_types = ["reduction", "reduction", "parallel"]} ins(%expanded_92 : tensor<2x64x64xf32>) outs(%178 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.addf %in, %out : f32
      linalg.yield %292 : f32
    } -> tensor<64xf32>
    %264 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%226, %260 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.addf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %265 = tensor.empty() : tensor<1x64x64xf32>
    %266 = linalg.fill ins(%cst_17 : f32) outs(%265 : tensor<1x64x64xf32>) -> tensor<1x64x64xf32>
    %267 = linalg.generic {indexing_maps = [#map2, #map21], iterator_types = ["reduction", "parallel", "parallel"]} ins(%264 : tensor<2x64x64xf32>) outs(%266 : tensor<1x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %292 = arith.addf %in, %out : f32
      linalg.yield %292 : f32
    } -> tensor<1x64x64xf32>
    %collapsed_93 = tensor.collapse_shape %267 [[0, 1], [2]] : tensor<1x64x64xf32> into tensor<64x64xf32>
    %268 = tensor.empty() : tensor<64xi1>
    %269 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%1 : tensor<64xi64>) outs(%268 : tensor<64xi1>) {
    ^bb0(%in: i64, %out: i1):
      %292 = arith.cmpi sge, %in, %c0_i64 : i64
      linalg.yield %292 : i1
    } -> tensor<64xi1>
    %270 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%1 : tensor<64xi64>) outs(%268 : tensor<64xi1>) {
    ^bb0(%in: i64, %out: i1):
      %292 = arith.cmpi slt, %in, %c64_i64 : i64
      linalg.yield %292 : i1
    } -> tensor<64xi1>
    %271 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%269, %270 : tensor<64xi1>, tensor<64xi1>) outs(%268 : tensor<64xi1>) {
    ^bb0(%in: i1, %in_102: i1, %out: i1):
      %292 = arith.andi %in, %in_102 : i1
      linalg.yield %292 : i1
    } -> tensor<64xi1>
    %272 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%1 : tensor<64xi64>) outs(%268 : tensor<64xi1>) {
    ^bb0(%in: i64, %out: i1):
      %292 = arith.cmpi ne, %in, %c-1_i64 : i64
      linalg.yield %292 : i1
    } -> tensor<64xi1>
    %273 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%271, %272 : tensor<64xi1>, tensor<64xi1>) outs(%268 : tensor<64xi1>) {
    ^bb0(%in: i1, %in_102: i1, %out: i1):
      %292 = arith.andi %in, %in_102 : i1
      linalg.yield %292 : i1
    } -> tensor<64xi1>
    %expanded_94 = tensor.expand_shape %273 [[0, 1]] output_shape [64, 1] : tensor<64xi1> into tensor<64x1xi1>
    %274 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%1 : tensor<64xi64>) outs(%0 : tensor<64xi64>) {
    ^bb0(%in: i64, %out: i64):
      %292 = arith.maxsi %in, %c-64_i64 : i64
      %293 = arith.minsi %292, %c63_i64 : i64
      linalg.yield %293 : i64
    } -> tensor<64xi64>
    %275 = tensor.empty() : tensor<64x1xi1>
    %276 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%expanded_94 : tensor<64x1xi1>) outs(%275 : tensor<64x1xi1>) {
    ^bb0(%in: i1, %out: i1):
      %292 = arith.xori %in, %true : i1
      linalg.yield %292 : i1
    } -> tensor<64x1xi1>
    %277 = linalg.generic {indexing_maps = [#map11, #map18, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%276, %cst_13, %collapsed_93 : tensor<64x1xi1>, tensor<f32>, tensor<64x64xf32>) outs(%4 : tensor<64x64xf32>) {
    ^bb0(%in: i1, %in_102: f32, %in_103: f32, %out: f32):
      %292 = arith.select %in, %in_102, %in_103 : f32
      linalg.yield %292 : f32
    } -> tensor<64x64xf32>
    %expanded_95 = tensor.expand_shape %274 [[0, 1]] output_shape [64, 1] : tensor<64xi64> into tensor<64x1xi64>
    %expanded_96 = tensor.expand_shape %277 [[0], [1, 2]] output_shape [64, 1, 64] : tensor<64x64xf32> into tensor<64x1x64xf32>
    // tm_tensor.scatter {dimension_map = [0]} unique_indices(false) rewritten as loops (test/graphs/scatter_to_loops.py):
    // orig[coord(i, j)] = combine(updates[i, j], orig[coord(i, j)])
    %sc1_c0 = arith.constant 0 : index
    %sc1_c1 = arith.constant 1 : index
    %sc1_c64 = arith.constant 64 : index
    %278 = scf.for %sc1_i0 = %sc1_c0 to %sc1_c64 step %sc1_c1 iter_args(%sc1_ab0 = %cst_18) -> (tensor<64x64xf32>) {
      %sc1_ix0 = tensor.extract %expanded_95[%sc1_i0, %sc1_c0] : tensor<64x1xi64>
      %sc1_o0 = arith.index_cast %sc1_ix0 : i64 to index
      %sc1_s0r = scf.for %sc1_j0 = %sc1_c0 to %sc1_c1 step %sc1_c1 iter_args(%sc1_as0 = %sc1_ab0) -> (tensor<64x64xf32>) {
        %sc1_s1r = scf.for %sc1_j1 = %sc1_c0 to %sc1_c64 step %sc1_c1 iter_args(%sc1_as1 = %sc1_as0) -> (tensor<64x64xf32>) {
          %sc1_d0 = arith.addi %sc1_o0, %sc1_j0 : index
          %sc1_u = tensor.extract %expanded_96[%sc1_i0, %sc1_j0, %sc1_j1] : tensor<64x1x64xf32>
          %sc1_v = tensor.extract %sc1_as1[%sc1_d0, %sc1_j1] : tensor<64x64xf32>
          %sc1_r2 = arith.addf %sc1_v, %sc1_u : f32
          %sc1_new = tensor.insert %sc1_r2 into %sc1_as1[%sc1_d0, %sc1_j1] : tensor<64x64xf32>
          scf.yield %sc1_new : tensor<64x64xf32>
        }
        scf.yield %sc1_s1r : tensor<64x64xf32>
      }
      scf.yield %sc1_s0r : tensor<64x64xf32>
    }
    %279 = tensor.empty() : tensor<2x64xi1>
    %280 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg16 : tensor<2x64xi64>) outs(%279 : tensor<2x64xi1>) {
    ^bb0(%in: i64, %out: i1):
      %292 = arith.cmpi sge, %in, %c0_i64 : i64
      linalg.yield %292 : i1
    } -> tensor<2x64xi1>
    %281 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg16 : tensor<2x64xi64>) outs(%279 : tensor<2x64xi1>) {
    ^bb0(%in: i64, %out: i1):
      %292 = arith.cmpi slt, %in, %c1024_i64 : i64
      linalg.yield %292 : i1
    } -> tensor<2x64xi1>
    %282 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%280, %281 : tensor<2x64xi1>, tensor<2x64xi1>) outs(%279 : tensor<2x64xi1>) {
    ^bb0(%in: i1, %in_102: i1, %out: i1):
      %292 = arith.andi %in, %in_102 : i1
      linalg.yield %292 : i1
    } -> tensor<2x64xi1>
    %283 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg16 : tensor<2x64xi64>) outs(%279 : tensor<2x64xi1>) {
    ^bb0(%in: i64, %out: i1):
      %292 = arith.cmpi ne, %in, %c-1_i64 : i64
      linalg.yield %292 : i1
    } -> tensor<2x64xi1>
    %284 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%282, %283 : tensor<2x64xi1>, tensor<2x64xi1>) outs(%279 : tensor<2x64xi1>) {
    ^bb0(%in: i1, %in_102: i1, %out: i1):
      %292 = arith.andi %in, %in_102 : i1
      linalg.yield %292 : i1
    } -> tensor<2x64xi1>
    %expanded_97 = tensor.expand_shape %284 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xi1> into tensor<2x64x1xi1>
    %285 = tensor.empty() : tensor<2x64xi64>
    %286 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg16 : tensor<2x64xi64>) outs(%285 : tensor<2x64xi64>) {
    ^bb0(%in: i64, %out: i64):
      %292 = arith.maxsi %in, %c-1024_i64 : i64
      %293 = arith.minsi %292, %c1023_i64 : i64
      linalg.yield %293 : i64
    } -> tensor<2x64xi64>
    %287 = tensor.empty() : tensor<2x64x1xi1>
    %288 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_97 : tensor<2x64x1xi1>) outs(%287 : tensor<2x64x1xi1>) {
    ^bb0(%in: i1, %out: i1):
      %292 = arith.xori %in, %true : i1
      linalg.yield %292 : i1
    } -> tensor<2x64x1xi1>
    %289 = linalg.generic {indexing_maps = [#map6, #map20, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%288, %cst_13, %264 : tensor<2x64x1xi1>, tensor<f32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: i1, %in_102: f32, %in_103: f32, %out: f32):
      %292 = arith.select %in, %in_102, %in_103 : f32
      linalg.yield %292 : f32
    } -> tensor<2x64x64xf32>
    %collapsed_98 = tensor.collapse_shape %286 [[0, 1]] : tensor<2x64xi64> into tensor<128xi64>
    %expanded_99 = tensor.expand_shape %collapsed_98 [[0, 1]] output_shape [128, 1] : tensor<128xi64> into tensor<128x1xi64>
    %collapsed_100 = tensor.collapse_shape %289 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %expanded_101 = tensor.expand_shape %collapsed_100 [[0], [1, 2]] output_shape [128, 1, 64] : tensor<128x64xf32> into tensor<128x1x64xf32>
    // tm_tensor.scatter {dimension_map = [0]} unique_indices(false) rewritten as loops (test/graphs/scatter_to_loops.py):
    // orig[coord(i, j)] = combine(updates[i, j], orig[coord(i, j)])
    %sc2_c0 = arith.constant 0 : index
    %sc2_c1 = arith.constant 1 : index
    %sc2_c64 = arith.constant 64 : index
    %sc2_c128 = arith.constant 128 : index
    %290 = scf.for %sc2_i0 = %sc2_c0 to %sc2_c128 step %sc2_c1 iter_args(%sc2_ab0 = %cst_19) -> (tensor<1024x64xf32>) {
      %sc2_ix0 = tensor.extract %expanded_99[%sc2_i0, %sc2_c0] : tensor<128x1xi64>
      %sc2_o0 = arith.index_cast %sc2_ix0 : i64 to index
      %sc2_s0r = scf.for %sc2_j0 = %sc2_c0 to %sc2_c1 step %sc2_c1 iter_args(%sc2_as0 = %sc2_ab0) -> (tensor<1024x64xf32>) {
        %sc2_s1r = scf.for %sc2_j1 = %sc2_c0 to %sc2_c64 step %sc2_c1 iter_args(%sc2_as1 = %sc2_as0) -> (tensor<1024x64xf32>) {
          %sc2_d0 = arith.addi %sc2_o0, %sc2_j0 : index
          %sc2_u = tensor.extract %expanded_101[%sc2_i0, %sc2_j0, %sc2_j1] : tensor<128x1x64xf32>
          %sc2_v = tensor.extract %sc2_as1[%sc2_d0, %sc2_j1] : tensor<1024x64xf32>
          %sc2_r2 = arith.addf %sc2_v, %sc2_u : f32
          %sc2_new = tensor.insert %sc2_r2 into %sc2_as1[%sc2_d0, %sc2_j1] : tensor<1024x64xf32>
          scf.yield %sc2_new : tensor<1024x64xf32>
        }
        scf.yield %sc2_s1r : tensor<1024x64xf32>
      }
      scf.yield %sc2_s0r : tensor<1024x64xf32>
    }
    %291 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%164, %290 : tensor<1024x64xf32>, tensor<1024x64xf32>) outs(%162 : tensor<1024x64xf32>) {
    ^bb0(%in: f32, %in_102: f32, %out: f32):
      %292 = arith.addf %in, %in_102 : f32
      linalg.yield %292 : f32
    } -> tensor<1024x64xf32>
    return %143, %291, %278, %262, %263, %247, %collapsed_91, %229, %collapsed_70, %224, %225, %209, %collapsed_66, %184, %collapsed_62, %179, %180 : tensor<f32>, tensor<1024x64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<192x64xf32>, tensor<192xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<256x64xf32>, tensor<256xf32>, tensor<64x256xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>
  }
}
