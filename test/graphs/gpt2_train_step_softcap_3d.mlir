// gpt2_train_step_softcap_3d: real linalg-on-tensors graph
// from PyTorch (see test/graphs/README.md).
//
// RUN: lmhead-opt %s -o /dev/null
// RUN: lmhead-opt %s --math-expand-ops=ops=fpowi --lmhead-cpu-pipeline=decompose=false -o /dev/null
//
// Made by test/graphs/make_torch_graphs.py --only gpt2_train_step_softcap_3d
// Tools: torch 2.15.0, torch-mlir 20261001, python 3.11.7
// Model: GPT-2, 1 block, 2 heads, d_model 64, vocabulary 1024, batch 2 x seq 64 (N = 128 tokens), LM head untied (lm_head, no bias), Gemma-2 logit soft-cap on the [B, S, V] logits before they are flattened, logits = torch.tanh(logits / 30.0) * 30.0 (as transformers' Gemma2ForCausalLM), then F.cross_entropy(logits.view(-1, V), labels.view(-1), ignore_index=-100)
// Trace: aot_export_module(model, [idx, labels], trace_joint=True, output_loss_index=0) -> torch_mlir.fx.stateless_fx_import(output_type='linalg-on-tensors')
// Note: f32 parameters and activations
// Note: aten.nll_loss_backward and aten._log_softmax_backward_data lowered by torch-mlir's C++ patterns (removed from the decomposition table)
// Post-processed: 2 tm_tensor.scatter op(s) replaced in place by scf.for loop nests (scatter_to_loops.py, values %sc<k>_*), nothing else changed.
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
//   %arg16  lm_head.weight: (1024, 64) float32
//   %arg17  idx: (2, 64) int64
//   %arg18  labels: (2, 64) int64
// @main results, in order:
//   #0  loss: () float32 (mean over tokens whose label != -100, of the soft-capped logits)
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
//   #17  grad lm_head.weight

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
#map19 = affine_map<(d0, d1, d2) -> ()>
#map20 = affine_map<(d0, d1, d2) -> (0, d1, d2)>
module {
  func.func @main(%arg0: tensor<1024x64xf32>, %arg1: tensor<64x64xf32>, %arg2: tensor<64xf32>, %arg3: tensor<64xf32>, %arg4: tensor<192x64xf32>, %arg5: tensor<192xf32>, %arg6: tensor<64x64xf32>, %arg7: tensor<64xf32>, %arg8: tensor<64xf32>, %arg9: tensor<64xf32>, %arg10: tensor<256x64xf32>, %arg11: tensor<256xf32>, %arg12: tensor<64x256xf32>, %arg13: tensor<64xf32>, %arg14: tensor<64xf32>, %arg15: tensor<64xf32>, %arg16: tensor<1024x64xf32>, %arg17: tensor<2x64xi64>, %arg18: tensor<2x64xi64>) -> (tensor<f32>, tensor<1024x64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<192x64xf32>, tensor<192xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<256x64xf32>, tensor<256xf32>, tensor<64x256xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<1024x64xf32>) {
    %c1023_i64 = arith.constant 1023 : i64
    %c-1024_i64 = arith.constant -1024 : i64
    %c63_i64 = arith.constant 63 : i64
    %c-64_i64 = arith.constant -64 : i64
    %c-100_i64 = arith.constant -100 : i64
    %c1024_i64 = arith.constant 1024 : i64
    %c-1_i64 = arith.constant -1 : i64
    %c0_i64 = arith.constant 0 : i64
    %c64_i64 = arith.constant 64 : i64
    %c64 = arith.constant 64 : index
    %c1024 = arith.constant 1024 : index
    %cst = arith.constant 0.000000e+00 : f64
    %cst_0 = arith.constant 0.000000e+00 : f32
    %true = arith.constant true
    %cst_1 = arith.constant 0xFF800000 : f32
    %c3_i64 = arith.constant 3 : i64
    %cst_2 = arith.constant 4.471500e-02 : f32
    %cst_3 = arith.constant 7.977240e-01 : f32
    %cst_4 = arith.constant 1.000000e+00 : f32
    %cst_5 = arith.constant 5.000000e-01 : f32
    %cst_6 = arith.constant dense<1.000000e+00> : tensor<f32>
    %cst_7 = arith.constant dense<0.000000e+00> : tensor<f32>
    %cst_8 = arith.constant dense<0xFF800000> : tensor<f32>
    %cst_9 = arith.constant dense<true> : tensor<64x64xi1>
    %cst_10 = arith.constant 1.341450e-01 : f64
    %cst_11 = arith.constant 0.79788456080286541 : f64
    %cst_12 = arith.constant 4.471500e-02 : f64
    %cst_13 = arith.constant 0.17677669529663687 : f64
    %cst_14 = arith.constant 1.000000e-05 : f64
    %cst_15 = arith.constant 6.400000e+01 : f64
    %cst_16 = arith.constant 6.400000e+01 : f32
    %cst_17 = arith.constant 3.000000e+01 : f32
    %c-100 = arith.constant -100 : index
    %cst_18 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
    %cst_19 = arith.constant dense<0.000000e+00> : tensor<1024x64xf32>
    %cst_20 = arith.constant dense<0> : tensor<i64>
    %cst_21 = arith.constant dense<1> : tensor<i64>
    %0 = tensor.empty() : tensor<64xi64>
    %1 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%0 : tensor<64xi64>) {
    ^bb0(%out: i64):
      %289 = linalg.index 0 : index
      %290 = arith.index_cast %289 : index to i64
      linalg.yield %290 : i64
    } -> tensor<64xi64>
    %2 = tensor.empty() : tensor<2x64x64xf32>
    %3 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg17 : tensor<2x64xi64>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: i64, %out: f32):
      %289 = arith.index_cast %in : i64 to index
      %290 = linalg.index 2 : index
      %291 = arith.cmpi slt, %289, %c1024 : index
      cf.assert %291, "index must be smaller than dim size"
      %292 = arith.cmpi sge, %in, %c0_i64 : i64
      cf.assert %292, "index must be larger or equal to 0"
      %extracted = tensor.extract %arg0[%289, %290] : tensor<1024x64xf32>
      linalg.yield %extracted : f32
    } -> tensor<2x64x64xf32>
    %4 = tensor.empty() : tensor<64x64xf32>
    %5 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%1 : tensor<64xi64>) outs(%4 : tensor<64x64xf32>) {
    ^bb0(%in: i64, %out: f32):
      %289 = arith.index_cast %in : i64 to index
      %290 = linalg.index 1 : index
      %291 = arith.cmpi slt, %289, %c64 : index
      cf.assert %291, "index must be smaller than dim size"
      %292 = arith.cmpi sge, %in, %c0_i64 : i64
      cf.assert %292, "index must be larger or equal to 0"
      %extracted = tensor.extract %arg1[%289, %290] : tensor<64x64xf32>
      linalg.yield %extracted : f32
    } -> tensor<64x64xf32>
    %6 = linalg.generic {indexing_maps = [#map2, #map5, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3, %5 : tensor<2x64x64xf32>, tensor<64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.addf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %7 = tensor.empty() : tensor<2x64x64xf64>
    %8 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<2x64x64xf32>) outs(%7 : tensor<2x64x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %289 = arith.extf %in : f32 to f64
      linalg.yield %289 : f64
    } -> tensor<2x64x64xf64>
    %9 = tensor.empty() : tensor<2x64x1xf64>
    %10 = linalg.fill ins(%cst : f64) outs(%9 : tensor<2x64x1xf64>) -> tensor<2x64x1xf64>
    %11 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%8 : tensor<2x64x64xf64>) outs(%10 : tensor<2x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %289 = arith.addf %in, %out : f64
      linalg.yield %289 : f64
    } -> tensor<2x64x1xf64>
    %12 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%11 : tensor<2x64x1xf64>) outs(%9 : tensor<2x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %289 = arith.divf %in, %cst_15 : f64
      linalg.yield %289 : f64
    } -> tensor<2x64x1xf64>
    %13 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8, %12 : tensor<2x64x64xf64>, tensor<2x64x1xf64>) outs(%7 : tensor<2x64x64xf64>) {
    ^bb0(%in: f64, %in_104: f64, %out: f64):
      %289 = arith.subf %in, %in_104 : f64
      linalg.yield %289 : f64
    } -> tensor<2x64x64xf64>
    %14 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%13, %13 : tensor<2x64x64xf64>, tensor<2x64x64xf64>) outs(%7 : tensor<2x64x64xf64>) {
    ^bb0(%in: f64, %in_104: f64, %out: f64):
      %289 = arith.mulf %in, %in_104 : f64
      linalg.yield %289 : f64
    } -> tensor<2x64x64xf64>
    %15 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%14 : tensor<2x64x64xf64>) outs(%10 : tensor<2x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %289 = arith.addf %in, %out : f64
      linalg.yield %289 : f64
    } -> tensor<2x64x1xf64>
    %16 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%15 : tensor<2x64x1xf64>) outs(%9 : tensor<2x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %289 = arith.divf %in, %cst_15 : f64
      linalg.yield %289 : f64
    } -> tensor<2x64x1xf64>
    %17 = tensor.empty() : tensor<2x64x1xf32>
    %18 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%16 : tensor<2x64x1xf64>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %289 = arith.truncf %in : f64 to f32
      linalg.yield %289 : f32
    } -> tensor<2x64x1xf32>
    %19 = linalg.fill ins(%cst_0 : f32) outs(%17 : tensor<2x64x1xf32>) -> tensor<2x64x1xf32>
    %20 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%6 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.addf %in, %out : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x1xf32>
    %21 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20 : tensor<2x64x1xf32>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.divf %in, %cst_16 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x1xf32>
    %22 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%18 : tensor<2x64x1xf32>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.truncf %cst_14 : f64 to f32
      %290 = arith.addf %in, %289 : f32
      linalg.yield %290 : f32
    } -> tensor<2x64x1xf32>
    %23 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%22 : tensor<2x64x1xf32>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = math.rsqrt %in : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x1xf32>
    %24 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6, %21 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.subf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %25 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%24, %23 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.mulf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %26 = linalg.generic {indexing_maps = [#map2, #map7, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%25, %arg2 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.mulf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %27 = linalg.generic {indexing_maps = [#map2, #map7, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%26, %arg3 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.addf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %collapsed = tensor.collapse_shape %27 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %28 = tensor.empty() : tensor<64x192xf32>
    %transposed = linalg.transpose ins(%arg4 : tensor<192x64xf32>) outs(%28 : tensor<64x192xf32>) permutation = [1, 0] 
    %29 = tensor.empty() : tensor<128x192xf32>
    %30 = linalg.fill ins(%cst_0 : f32) outs(%29 : tensor<128x192xf32>) -> tensor<128x192xf32>
    %31 = linalg.matmul ins(%collapsed, %transposed : tensor<128x64xf32>, tensor<64x192xf32>) outs(%30 : tensor<128x192xf32>) -> tensor<128x192xf32>
    %32 = linalg.generic {indexing_maps = [#map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg5 : tensor<192xf32>) outs(%29 : tensor<128x192xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x192xf32>
    %33 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%31, %32 : tensor<128x192xf32>, tensor<128x192xf32>) outs(%29 : tensor<128x192xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.addf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<128x192xf32>
    %expanded = tensor.expand_shape %33 [[0, 1], [2]] output_shape [2, 64, 192] : tensor<128x192xf32> into tensor<2x64x192xf32>
    %extracted_slice = tensor.extract_slice %expanded[0, 0, 0] [2, 64, 64] [1, 1, 1] : tensor<2x64x192xf32> to tensor<2x64x64xf32>
    %extracted_slice_22 = tensor.extract_slice %expanded[0, 0, 64] [2, 64, 64] [1, 1, 1] : tensor<2x64x192xf32> to tensor<2x64x64xf32>
    %extracted_slice_23 = tensor.extract_slice %expanded[0, 0, 128] [2, 64, 64] [1, 1, 1] : tensor<2x64x192xf32> to tensor<2x64x64xf32>
    %expanded_24 = tensor.expand_shape %extracted_slice [[0], [1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<2x64x64xf32> into tensor<2x64x2x32xf32>
    %34 = tensor.empty() : tensor<2x2x64x32xf32>
    %transposed_25 = linalg.transpose ins(%expanded_24 : tensor<2x64x2x32xf32>) outs(%34 : tensor<2x2x64x32xf32>) permutation = [0, 2, 1, 3] 
    %expanded_26 = tensor.expand_shape %extracted_slice_22 [[0], [1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<2x64x64xf32> into tensor<2x64x2x32xf32>
    %expanded_27 = tensor.expand_shape %extracted_slice_23 [[0], [1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<2x64x64xf32> into tensor<2x64x2x32xf32>
    %transposed_28 = linalg.transpose ins(%expanded_27 : tensor<2x64x2x32xf32>) outs(%34 : tensor<2x2x64x32xf32>) permutation = [0, 2, 1, 3] 
    %35 = tensor.empty() : tensor<2x2x32x64xf32>
    %transposed_29 = linalg.transpose ins(%expanded_26 : tensor<2x64x2x32xf32>) outs(%35 : tensor<2x2x32x64xf32>) permutation = [0, 2, 3, 1] 
    %collapsed_30 = tensor.collapse_shape %transposed_25 [[0, 1], [2], [3]] : tensor<2x2x64x32xf32> into tensor<4x64x32xf32>
    %collapsed_31 = tensor.collapse_shape %transposed_29 [[0, 1], [2], [3]] : tensor<2x2x32x64xf32> into tensor<4x32x64xf32>
    %36 = tensor.empty() : tensor<4x64x64xf32>
    %37 = linalg.fill ins(%cst_0 : f32) outs(%36 : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
    %38 = linalg.batch_matmul ins(%collapsed_30, %collapsed_31 : tensor<4x64x32xf32>, tensor<4x32x64xf32>) outs(%37 : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
    %expanded_32 = tensor.expand_shape %38 [[0, 1], [2], [3]] output_shape [2, 2, 64, 64] : tensor<4x64x64xf32> into tensor<2x2x64x64xf32>
    %39 = tensor.empty() : tensor<2x2x64x64xf32>
    %40 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_32 : tensor<2x2x64x64xf32>) outs(%39 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.truncf %cst_13 : f64 to f32
      %290 = arith.mulf %in, %289 : f32
      linalg.yield %290 : f32
    } -> tensor<2x2x64x64xf32>
    %expanded_33 = tensor.expand_shape %1 [[0, 1]] output_shape [1, 64] : tensor<64xi64> into tensor<1x64xi64>
    %expanded_34 = tensor.expand_shape %1 [[0, 1]] output_shape [64, 1] : tensor<64xi64> into tensor<64x1xi64>
    %41 = tensor.empty() : tensor<64x64xi64>
    %42 = linalg.generic {indexing_maps = [#map10, #map11, #map4], iterator_types = ["parallel", "parallel"]} ins(%expanded_33, %expanded_34 : tensor<1x64xi64>, tensor<64x1xi64>) outs(%41 : tensor<64x64xi64>) {
    ^bb0(%in: i64, %in_104: i64, %out: i64):
      %289 = arith.subi %in, %in_104 : i64
      linalg.yield %289 : i64
    } -> tensor<64x64xi64>
    %43 = tensor.empty() : tensor<64x64xi1>
    %44 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%42 : tensor<64x64xi64>) outs(%43 : tensor<64x64xi1>) {
    ^bb0(%in: i64, %out: i1):
      %289 = arith.cmpi sle, %in, %c0_i64 : i64
      linalg.yield %289 : i1
    } -> tensor<64x64xi1>
    %45 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%44, %cst_9 : tensor<64x64xi1>, tensor<64x64xi1>) outs(%43 : tensor<64x64xi1>) {
    ^bb0(%in: i1, %in_104: i1, %out: i1):
      %289 = arith.andi %in, %in_104 : i1
      linalg.yield %289 : i1
    } -> tensor<64x64xi1>
    %46 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%45 : tensor<64x64xi1>) outs(%43 : tensor<64x64xi1>) {
    ^bb0(%in: i1, %out: i1):
      %289 = arith.xori %in, %true : i1
      linalg.yield %289 : i1
    } -> tensor<64x64xi1>
    %47 = linalg.generic {indexing_maps = [#map12, #map13, #map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%46, %cst_8, %40 : tensor<64x64xi1>, tensor<f32>, tensor<2x2x64x64xf32>) outs(%39 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: i1, %in_104: f32, %in_105: f32, %out: f32):
      %289 = arith.select %in, %in_104, %in_105 : f32
      linalg.yield %289 : f32
    } -> tensor<2x2x64x64xf32>
    %48 = tensor.empty() : tensor<2x2x64xi64>
    %49 = linalg.fill ins(%c0_i64 : i64) outs(%48 : tensor<2x2x64xi64>) -> tensor<2x2x64xi64>
    %50 = tensor.empty() : tensor<2x2x64xf32>
    %51 = linalg.fill ins(%cst_1 : f32) outs(%50 : tensor<2x2x64xf32>) -> tensor<2x2x64xf32>
    %52:2 = linalg.generic {indexing_maps = [#map9, #map14, #map14], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%47 : tensor<2x2x64x64xf32>) outs(%51, %49 : tensor<2x2x64xf32>, tensor<2x2x64xi64>) {
    ^bb0(%in: f32, %out: f32, %out_104: i64):
      %289 = linalg.index 3 : index
      %290 = arith.index_cast %289 : index to i64
      %291 = arith.maximumf %in, %out : f32
      %292 = arith.cmpf ogt, %in, %out : f32
      %293 = arith.select %292, %290, %out_104 : i64
      linalg.yield %291, %293 : f32, i64
    } -> (tensor<2x2x64xf32>, tensor<2x2x64xi64>)
    %expanded_35 = tensor.expand_shape %52#0 [[0], [1], [2, 3]] output_shape [2, 2, 64, 1] : tensor<2x2x64xf32> into tensor<2x2x64x1xf32>
    %53 = linalg.generic {indexing_maps = [#map9, #map15, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%47, %expanded_35 : tensor<2x2x64x64xf32>, tensor<2x2x64x1xf32>) outs(%39 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.subf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x2x64x64xf32>
    %54 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%53 : tensor<2x2x64x64xf32>) outs(%39 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = math.exp %in : f32
      linalg.yield %289 : f32
    } -> tensor<2x2x64x64xf32>
    %55 = tensor.empty() : tensor<2x2x64x1xf32>
    %56 = linalg.fill ins(%cst_0 : f32) outs(%55 : tensor<2x2x64x1xf32>) -> tensor<2x2x64x1xf32>
    %57 = linalg.generic {indexing_maps = [#map9, #map15], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%54 : tensor<2x2x64x64xf32>) outs(%56 : tensor<2x2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.addf %in, %out : f32
      linalg.yield %289 : f32
    } -> tensor<2x2x64x1xf32>
    %58 = linalg.generic {indexing_maps = [#map9, #map15, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%54, %57 : tensor<2x2x64x64xf32>, tensor<2x2x64x1xf32>) outs(%39 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.divf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x2x64x64xf32>
    %collapsed_36 = tensor.collapse_shape %58 [[0, 1], [2], [3]] : tensor<2x2x64x64xf32> into tensor<4x64x64xf32>
    %collapsed_37 = tensor.collapse_shape %transposed_28 [[0, 1], [2], [3]] : tensor<2x2x64x32xf32> into tensor<4x64x32xf32>
    %59 = tensor.empty() : tensor<4x64x32xf32>
    %60 = linalg.fill ins(%cst_0 : f32) outs(%59 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %61 = linalg.batch_matmul ins(%collapsed_36, %collapsed_37 : tensor<4x64x64xf32>, tensor<4x64x32xf32>) outs(%60 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %expanded_38 = tensor.expand_shape %61 [[0, 1], [2], [3]] output_shape [2, 2, 64, 32] : tensor<4x64x32xf32> into tensor<2x2x64x32xf32>
    %62 = tensor.empty() : tensor<2x64x2x32xf32>
    %transposed_39 = linalg.transpose ins(%expanded_38 : tensor<2x2x64x32xf32>) outs(%62 : tensor<2x64x2x32xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_40 = tensor.collapse_shape %transposed_39 [[0, 1], [2, 3]] : tensor<2x64x2x32xf32> into tensor<128x64xf32>
    %transposed_41 = linalg.transpose ins(%arg6 : tensor<64x64xf32>) outs(%4 : tensor<64x64xf32>) permutation = [1, 0] 
    %63 = tensor.empty() : tensor<128x64xf32>
    %64 = linalg.fill ins(%cst_0 : f32) outs(%63 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %65 = linalg.matmul ins(%collapsed_40, %transposed_41 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%64 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %66 = linalg.generic {indexing_maps = [#map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg7 : tensor<64xf32>) outs(%63 : tensor<128x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x64xf32>
    %67 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%65, %66 : tensor<128x64xf32>, tensor<128x64xf32>) outs(%63 : tensor<128x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.addf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<128x64xf32>
    %expanded_42 = tensor.expand_shape %67 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %68 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6, %expanded_42 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.addf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %69 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%68 : tensor<2x64x64xf32>) outs(%7 : tensor<2x64x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %289 = arith.extf %in : f32 to f64
      linalg.yield %289 : f64
    } -> tensor<2x64x64xf64>
    %70 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%69 : tensor<2x64x64xf64>) outs(%10 : tensor<2x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %289 = arith.addf %in, %out : f64
      linalg.yield %289 : f64
    } -> tensor<2x64x1xf64>
    %71 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%70 : tensor<2x64x1xf64>) outs(%9 : tensor<2x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %289 = arith.divf %in, %cst_15 : f64
      linalg.yield %289 : f64
    } -> tensor<2x64x1xf64>
    %72 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%69, %71 : tensor<2x64x64xf64>, tensor<2x64x1xf64>) outs(%7 : tensor<2x64x64xf64>) {
    ^bb0(%in: f64, %in_104: f64, %out: f64):
      %289 = arith.subf %in, %in_104 : f64
      linalg.yield %289 : f64
    } -> tensor<2x64x64xf64>
    %73 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%72, %72 : tensor<2x64x64xf64>, tensor<2x64x64xf64>) outs(%7 : tensor<2x64x64xf64>) {
    ^bb0(%in: f64, %in_104: f64, %out: f64):
      %289 = arith.mulf %in, %in_104 : f64
      linalg.yield %289 : f64
    } -> tensor<2x64x64xf64>
    %74 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%73 : tensor<2x64x64xf64>) outs(%10 : tensor<2x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %289 = arith.addf %in, %out : f64
      linalg.yield %289 : f64
    } -> tensor<2x64x1xf64>
    %75 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%74 : tensor<2x64x1xf64>) outs(%9 : tensor<2x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %289 = arith.divf %in, %cst_15 : f64
      linalg.yield %289 : f64
    } -> tensor<2x64x1xf64>
    %76 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%75 : tensor<2x64x1xf64>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %289 = arith.truncf %in : f64 to f32
      linalg.yield %289 : f32
    } -> tensor<2x64x1xf32>
    %77 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%68 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.addf %in, %out : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x1xf32>
    %78 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%77 : tensor<2x64x1xf32>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.divf %in, %cst_16 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x1xf32>
    %79 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%76 : tensor<2x64x1xf32>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.truncf %cst_14 : f64 to f32
      %290 = arith.addf %in, %289 : f32
      linalg.yield %290 : f32
    } -> tensor<2x64x1xf32>
    %80 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%79 : tensor<2x64x1xf32>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = math.rsqrt %in : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x1xf32>
    %81 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%68, %78 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.subf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %82 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%81, %80 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.mulf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %83 = linalg.generic {indexing_maps = [#map2, #map7, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%82, %arg8 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.mulf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %84 = linalg.generic {indexing_maps = [#map2, #map7, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%83, %arg9 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.addf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %collapsed_43 = tensor.collapse_shape %84 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %85 = tensor.empty() : tensor<64x256xf32>
    %transposed_44 = linalg.transpose ins(%arg10 : tensor<256x64xf32>) outs(%85 : tensor<64x256xf32>) permutation = [1, 0] 
    %86 = tensor.empty() : tensor<128x256xf32>
    %87 = linalg.fill ins(%cst_0 : f32) outs(%86 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %88 = linalg.matmul ins(%collapsed_43, %transposed_44 : tensor<128x64xf32>, tensor<64x256xf32>) outs(%87 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %89 = linalg.generic {indexing_maps = [#map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg11 : tensor<256xf32>) outs(%86 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x256xf32>
    %90 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%88, %89 : tensor<128x256xf32>, tensor<128x256xf32>) outs(%86 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.addf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<128x256xf32>
    %expanded_45 = tensor.expand_shape %90 [[0, 1], [2]] output_shape [2, 64, 256] : tensor<128x256xf32> into tensor<2x64x256xf32>
    %91 = tensor.empty() : tensor<2x64x256xf32>
    %92 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_45 : tensor<2x64x256xf32>) outs(%91 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = math.fpowi %in, %c3_i64 : f32, i64
      %290 = arith.mulf %289, %cst_2 : f32
      %291 = arith.addf %in, %290 : f32
      %292 = arith.mulf %291, %cst_3 : f32
      %293 = math.tanh %292 : f32
      %294 = arith.addf %293, %cst_4 : f32
      %295 = arith.mulf %294, %cst_5 : f32
      %296 = arith.mulf %in, %295 : f32
      linalg.yield %296 : f32
    } -> tensor<2x64x256xf32>
    %collapsed_46 = tensor.collapse_shape %92 [[0, 1], [2]] : tensor<2x64x256xf32> into tensor<128x256xf32>
    %93 = tensor.empty() : tensor<256x64xf32>
    %transposed_47 = linalg.transpose ins(%arg12 : tensor<64x256xf32>) outs(%93 : tensor<256x64xf32>) permutation = [1, 0] 
    %94 = linalg.matmul ins(%collapsed_46, %transposed_47 : tensor<128x256xf32>, tensor<256x64xf32>) outs(%64 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %95 = linalg.generic {indexing_maps = [#map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg13 : tensor<64xf32>) outs(%63 : tensor<128x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x64xf32>
    %96 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%94, %95 : tensor<128x64xf32>, tensor<128x64xf32>) outs(%63 : tensor<128x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.addf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<128x64xf32>
    %expanded_48 = tensor.expand_shape %96 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %97 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%68, %expanded_48 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.addf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %98 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%97 : tensor<2x64x64xf32>) outs(%7 : tensor<2x64x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %289 = arith.extf %in : f32 to f64
      linalg.yield %289 : f64
    } -> tensor<2x64x64xf64>
    %99 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%98 : tensor<2x64x64xf64>) outs(%10 : tensor<2x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %289 = arith.addf %in, %out : f64
      linalg.yield %289 : f64
    } -> tensor<2x64x1xf64>
    %100 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%99 : tensor<2x64x1xf64>) outs(%9 : tensor<2x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %289 = arith.divf %in, %cst_15 : f64
      linalg.yield %289 : f64
    } -> tensor<2x64x1xf64>
    %101 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%98, %100 : tensor<2x64x64xf64>, tensor<2x64x1xf64>) outs(%7 : tensor<2x64x64xf64>) {
    ^bb0(%in: f64, %in_104: f64, %out: f64):
      %289 = arith.subf %in, %in_104 : f64
      linalg.yield %289 : f64
    } -> tensor<2x64x64xf64>
    %102 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%101, %101 : tensor<2x64x64xf64>, tensor<2x64x64xf64>) outs(%7 : tensor<2x64x64xf64>) {
    ^bb0(%in: f64, %in_104: f64, %out: f64):
      %289 = arith.mulf %in, %in_104 : f64
      linalg.yield %289 : f64
    } -> tensor<2x64x64xf64>
    %103 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%102 : tensor<2x64x64xf64>) outs(%10 : tensor<2x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %289 = arith.addf %in, %out : f64
      linalg.yield %289 : f64
    } -> tensor<2x64x1xf64>
    %104 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%103 : tensor<2x64x1xf64>) outs(%9 : tensor<2x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %289 = arith.divf %in, %cst_15 : f64
      linalg.yield %289 : f64
    } -> tensor<2x64x1xf64>
    %105 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%104 : tensor<2x64x1xf64>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %289 = arith.truncf %in : f64 to f32
      linalg.yield %289 : f32
    } -> tensor<2x64x1xf32>
    %106 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%97 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.addf %in, %out : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x1xf32>
    %107 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%106 : tensor<2x64x1xf32>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.divf %in, %cst_16 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x1xf32>
    %108 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%105 : tensor<2x64x1xf32>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.truncf %cst_14 : f64 to f32
      %290 = arith.addf %in, %289 : f32
      linalg.yield %290 : f32
    } -> tensor<2x64x1xf32>
    %109 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%108 : tensor<2x64x1xf32>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = math.rsqrt %in : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x1xf32>
    %110 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%97, %107 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.subf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %111 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%110, %109 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.mulf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %112 = linalg.generic {indexing_maps = [#map2, #map7, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%111, %arg14 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.mulf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %113 = linalg.generic {indexing_maps = [#map2, #map7, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%112, %arg15 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.addf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %114 = tensor.empty() : tensor<64x1024xf32>
    %transposed_49 = linalg.transpose ins(%arg16 : tensor<1024x64xf32>) outs(%114 : tensor<64x1024xf32>) permutation = [1, 0] 
    %collapsed_50 = tensor.collapse_shape %113 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %115 = tensor.empty() : tensor<128x1024xf32>
    %116 = linalg.fill ins(%cst_0 : f32) outs(%115 : tensor<128x1024xf32>) -> tensor<128x1024xf32>
    %117 = linalg.matmul ins(%collapsed_50, %transposed_49 : tensor<128x64xf32>, tensor<64x1024xf32>) outs(%116 : tensor<128x1024xf32>) -> tensor<128x1024xf32>
    %expanded_51 = tensor.expand_shape %117 [[0, 1], [2]] output_shape [2, 64, 1024] : tensor<128x1024xf32> into tensor<2x64x1024xf32>
    %118 = tensor.empty() : tensor<2x64x1024xf32>
    %119 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_51 : tensor<2x64x1024xf32>) outs(%118 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.divf %in, %cst_17 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x1024xf32>
    %120 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%119 : tensor<2x64x1024xf32>) outs(%118 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = math.tanh %in : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x1024xf32>
    %121 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%120 : tensor<2x64x1024xf32>) outs(%118 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.mulf %in, %cst_17 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x1024xf32>
    %collapsed_52 = tensor.collapse_shape %121 [[0, 1], [2]] : tensor<2x64x1024xf32> into tensor<128x1024xf32>
    %collapsed_53 = tensor.collapse_shape %arg18 [[0, 1]] : tensor<2x64xi64> into tensor<128xi64>
    %122 = tensor.empty() : tensor<128xi64>
    %123 = linalg.fill ins(%c0_i64 : i64) outs(%122 : tensor<128xi64>) -> tensor<128xi64>
    %124 = tensor.empty() : tensor<128xf32>
    %125 = linalg.fill ins(%cst_1 : f32) outs(%124 : tensor<128xf32>) -> tensor<128xf32>
    %126:2 = linalg.generic {indexing_maps = [#map4, #map3, #map3], iterator_types = ["parallel", "reduction"]} ins(%collapsed_52 : tensor<128x1024xf32>) outs(%125, %123 : tensor<128xf32>, tensor<128xi64>) {
    ^bb0(%in: f32, %out: f32, %out_104: i64):
      %289 = linalg.index 1 : index
      %290 = arith.index_cast %289 : index to i64
      %291 = arith.maximumf %in, %out : f32
      %292 = arith.cmpf ogt, %in, %out : f32
      %293 = arith.select %292, %290, %out_104 : i64
      linalg.yield %291, %293 : f32, i64
    } -> (tensor<128xf32>, tensor<128xi64>)
    %expanded_54 = tensor.expand_shape %126#0 [[0, 1]] output_shape [128, 1] : tensor<128xf32> into tensor<128x1xf32>
    %127 = linalg.generic {indexing_maps = [#map4, #map11, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed_52, %expanded_54 : tensor<128x1024xf32>, tensor<128x1xf32>) outs(%115 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.subf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<128x1024xf32>
    %128 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%127 : tensor<128x1024xf32>) outs(%115 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = math.exp %in : f32
      linalg.yield %289 : f32
    } -> tensor<128x1024xf32>
    %129 = tensor.empty() : tensor<128x1xf32>
    %130 = linalg.fill ins(%cst_0 : f32) outs(%129 : tensor<128x1xf32>) -> tensor<128x1xf32>
    %131 = linalg.generic {indexing_maps = [#map4, #map11], iterator_types = ["parallel", "reduction"]} ins(%128 : tensor<128x1024xf32>) outs(%130 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.addf %in, %out : f32
      linalg.yield %289 : f32
    } -> tensor<128x1xf32>
    %132 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%131 : tensor<128x1xf32>) outs(%129 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = math.log %in : f32
      linalg.yield %289 : f32
    } -> tensor<128x1xf32>
    %133 = linalg.generic {indexing_maps = [#map4, #map11, #map4], iterator_types = ["parallel", "parallel"]} ins(%127, %132 : tensor<128x1024xf32>, tensor<128x1xf32>) outs(%115 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.subf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<128x1024xf32>
    %134 = tensor.empty() : tensor<128xi1>
    %135 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%collapsed_53 : tensor<128xi64>) outs(%134 : tensor<128xi1>) {
    ^bb0(%in: i64, %out: i1):
      %289 = arith.cmpi ne, %in, %c-100_i64 : i64
      linalg.yield %289 : i1
    } -> tensor<128xi1>
    %136 = linalg.generic {indexing_maps = [#map, #map, #map16, #map], iterator_types = ["parallel"]} ins(%135, %collapsed_53, %cst_20 : tensor<128xi1>, tensor<128xi64>, tensor<i64>) outs(%122 : tensor<128xi64>) {
    ^bb0(%in: i1, %in_104: i64, %in_105: i64, %out: i64):
      %289 = arith.select %in, %in_104, %in_105 : i64
      linalg.yield %289 : i64
    } -> tensor<128xi64>
    %expanded_55 = tensor.expand_shape %136 [[0, 1]] output_shape [128, 1] : tensor<128xi64> into tensor<128x1xi64>
    %137 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%expanded_55 : tensor<128x1xi64>) outs(%130 : tensor<128x1xf32>) {
    ^bb0(%in: i64, %out: f32):
      %289 = linalg.index 0 : index
      %290 = arith.index_cast %in : i64 to index
      %291 = arith.cmpi slt, %290, %c1024 : index
      cf.assert %291, "index must be smaller than dim size"
      %292 = arith.cmpi sge, %in, %c0_i64 : i64
      cf.assert %292, "index must be larger or equal to 0"
      %extracted = tensor.extract %133[%289, %290] : tensor<128x1024xf32>
      linalg.yield %extracted : f32
    } -> tensor<128x1xf32>
    %collapsed_56 = tensor.collapse_shape %137 [[0, 1]] : tensor<128x1xf32> into tensor<128xf32>
    %138 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%collapsed_56 : tensor<128xf32>) outs(%124 : tensor<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.negf %in : f32
      linalg.yield %289 : f32
    } -> tensor<128xf32>
    %139 = linalg.generic {indexing_maps = [#map, #map, #map16, #map], iterator_types = ["parallel"]} ins(%135, %138, %cst_7 : tensor<128xi1>, tensor<128xf32>, tensor<f32>) outs(%124 : tensor<128xf32>) {
    ^bb0(%in: i1, %in_104: f32, %in_105: f32, %out: f32):
      %289 = arith.select %in, %in_104, %in_105 : f32
      linalg.yield %289 : f32
    } -> tensor<128xf32>
    %140 = tensor.empty() : tensor<i64>
    %141 = linalg.fill ins(%c0_i64 : i64) outs(%140 : tensor<i64>) -> tensor<i64>
    %142 = linalg.generic {indexing_maps = [#map, #map16], iterator_types = ["reduction"]} ins(%135 : tensor<128xi1>) outs(%141 : tensor<i64>) {
    ^bb0(%in: i1, %out: i64):
      %289 = arith.extui %in : i1 to i64
      %290 = arith.addi %289, %out : i64
      linalg.yield %290 : i64
    } -> tensor<i64>
    %143 = tensor.empty() : tensor<f32>
    %144 = linalg.generic {indexing_maps = [#map17, #map17], iterator_types = []} ins(%142 : tensor<i64>) outs(%143 : tensor<f32>) {
    ^bb0(%in: i64, %out: f32):
      %289 = arith.sitofp %in : i64 to f32
      linalg.yield %289 : f32
    } -> tensor<f32>
    %145 = linalg.fill ins(%cst_0 : f32) outs(%143 : tensor<f32>) -> tensor<f32>
    %146 = linalg.generic {indexing_maps = [#map, #map16], iterator_types = ["reduction"]} ins(%139 : tensor<128xf32>) outs(%145 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.addf %in, %out : f32
      linalg.yield %289 : f32
    } -> tensor<f32>
    %147 = linalg.generic {indexing_maps = [#map17, #map17, #map17], iterator_types = []} ins(%146, %144 : tensor<f32>, tensor<f32>) outs(%143 : tensor<f32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.divf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<f32>
    %148 = linalg.generic {indexing_maps = [#map18, #map3, #map18, #map4], iterator_types = ["parallel", "parallel"]} ins(%cst_6, %collapsed_53, %144 : tensor<f32>, tensor<128xi64>, tensor<f32>) outs(%116 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %in_104: i64, %in_105: f32, %out: f32):
      %289 = arith.index_cast %in_104 : i64 to index
      %290 = linalg.index 1 : index
      %291 = arith.divf %in, %in_105 : f32
      %292 = arith.negf %291 : f32
      %293 = arith.cmpi ne, %289, %290 : index
      %294 = arith.cmpi eq, %289, %c-100 : index
      %295 = arith.ori %293, %294 : i1
      %296 = arith.select %295, %cst_0, %292 : f32
      linalg.yield %296 : f32
    } -> tensor<128x1024xf32>
    %149 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%133 : tensor<128x1024xf32>) outs(%115 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = math.exp %in : f32
      linalg.yield %289 : f32
    } -> tensor<128x1024xf32>
    %150 = linalg.generic {indexing_maps = [#map4, #map11], iterator_types = ["parallel", "reduction"]} ins(%148 : tensor<128x1024xf32>) outs(%130 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.addf %in, %out : f32
      linalg.yield %289 : f32
    } -> tensor<128x1xf32>
    %collapsed_57 = tensor.collapse_shape %150 [[0, 1]] : tensor<128x1xf32> into tensor<128xf32>
    %151 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed_57 : tensor<128xf32>) outs(%115 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x1024xf32>
    %152 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%149, %151 : tensor<128x1024xf32>, tensor<128x1024xf32>) outs(%115 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.mulf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<128x1024xf32>
    %153 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%148, %152 : tensor<128x1024xf32>, tensor<128x1024xf32>) outs(%115 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.subf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<128x1024xf32>
    %expanded_58 = tensor.expand_shape %153 [[0, 1], [2]] output_shape [2, 64, 1024] : tensor<128x1024xf32> into tensor<2x64x1024xf32>
    %154 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_58 : tensor<2x64x1024xf32>) outs(%118 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.mulf %in, %cst_17 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x1024xf32>
    %155 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%120, %120 : tensor<2x64x1024xf32>, tensor<2x64x1024xf32>) outs(%118 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.mulf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x1024xf32>
    %156 = linalg.generic {indexing_maps = [#map19, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%cst_21, %155 : tensor<i64>, tensor<2x64x1024xf32>) outs(%118 : tensor<2x64x1024xf32>) {
    ^bb0(%in: i64, %in_104: f32, %out: f32):
      %289 = arith.sitofp %in : i64 to f32
      %290 = arith.subf %289, %in_104 : f32
      linalg.yield %290 : f32
    } -> tensor<2x64x1024xf32>
    %157 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%154, %156 : tensor<2x64x1024xf32>, tensor<2x64x1024xf32>) outs(%118 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.mulf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x1024xf32>
    %158 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%157 : tensor<2x64x1024xf32>) outs(%118 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.divf %in, %cst_17 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x1024xf32>
    %collapsed_59 = tensor.collapse_shape %158 [[0, 1], [2]] : tensor<2x64x1024xf32> into tensor<128x1024xf32>
    %159 = tensor.empty() : tensor<1024x128xf32>
    %transposed_60 = linalg.transpose ins(%collapsed_59 : tensor<128x1024xf32>) outs(%159 : tensor<1024x128xf32>) permutation = [1, 0] 
    %160 = tensor.empty() : tensor<1024x64xf32>
    %161 = linalg.fill ins(%cst_0 : f32) outs(%160 : tensor<1024x64xf32>) -> tensor<1024x64xf32>
    %162 = linalg.matmul ins(%transposed_60, %collapsed_50 : tensor<1024x128xf32>, tensor<128x64xf32>) outs(%161 : tensor<1024x64xf32>) -> tensor<1024x64xf32>
    %163 = linalg.matmul ins(%collapsed_59, %arg16 : tensor<128x1024xf32>, tensor<1024x64xf32>) outs(%64 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_61 = tensor.expand_shape %163 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %164 = linalg.generic {indexing_maps = [#map2, #map7, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_61, %arg14 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.mulf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %165 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%164 : tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.mulf %in, %cst_16 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %166 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%164 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.addf %in, %out : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x1xf32>
    %167 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%164, %111 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.mulf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %168 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%167 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.addf %in, %out : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x1xf32>
    %169 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%111, %168 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.mulf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %170 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%165, %166 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.subf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %171 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%170, %169 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.subf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %172 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%109 : tensor<2x64x1xf32>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.divf %in, %cst_16 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x1xf32>
    %173 = linalg.generic {indexing_maps = [#map6, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%172, %171 : tensor<2x64x1xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.mulf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %174 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_61, %111 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.mulf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %175 = tensor.empty() : tensor<64xf32>
    %176 = linalg.fill ins(%cst_0 : f32) outs(%175 : tensor<64xf32>) -> tensor<64xf32>
    %177 = linalg.generic {indexing_maps = [#map2, #map7], iterator_types = ["reduction", "reduction", "parallel"]} ins(%174 : tensor<2x64x64xf32>) outs(%176 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.addf %in, %out : f32
      linalg.yield %289 : f32
    } -> tensor<64xf32>
    %178 = linalg.generic {indexing_maps = [#map2, #map7], iterator_types = ["reduction", "reduction", "parallel"]} ins(%expanded_61 : tensor<2x64x64xf32>) outs(%176 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.addf %in, %out : f32
      linalg.yield %289 : f32
    } -> tensor<64xf32>
    %collapsed_62 = tensor.collapse_shape %173 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %179 = linalg.matmul ins(%collapsed_62, %arg12 : tensor<128x64xf32>, tensor<64x256xf32>) outs(%87 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %180 = tensor.empty() : tensor<64x128xf32>
    %transposed_63 = linalg.transpose ins(%collapsed_62 : tensor<128x64xf32>) outs(%180 : tensor<64x128xf32>) permutation = [1, 0] 
    %181 = linalg.fill ins(%cst_0 : f32) outs(%85 : tensor<64x256xf32>) -> tensor<64x256xf32>
    %182 = linalg.matmul ins(%transposed_63, %collapsed_46 : tensor<64x128xf32>, tensor<128x256xf32>) outs(%181 : tensor<64x256xf32>) -> tensor<64x256xf32>
    %183 = tensor.empty() : tensor<1x64xf32>
    %184 = linalg.fill ins(%cst_0 : f32) outs(%183 : tensor<1x64xf32>) -> tensor<1x64xf32>
    %185 = linalg.generic {indexing_maps = [#map4, #map10], iterator_types = ["reduction", "parallel"]} ins(%collapsed_62 : tensor<128x64xf32>) outs(%184 : tensor<1x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.addf %in, %out : f32
      linalg.yield %289 : f32
    } -> tensor<1x64xf32>
    %collapsed_64 = tensor.collapse_shape %185 [[0, 1]] : tensor<1x64xf32> into tensor<64xf32>
    %expanded_65 = tensor.expand_shape %179 [[0, 1], [2]] output_shape [2, 64, 256] : tensor<128x256xf32> into tensor<2x64x256xf32>
    %186 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_45, %expanded_45 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%91 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.mulf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x256xf32>
    %187 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%186, %expanded_45 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%91 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.mulf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x256xf32>
    %188 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%187 : tensor<2x64x256xf32>) outs(%91 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.truncf %cst_12 : f64 to f32
      %290 = arith.mulf %in, %289 : f32
      linalg.yield %290 : f32
    } -> tensor<2x64x256xf32>
    %189 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_45, %188 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%91 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.addf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x256xf32>
    %190 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%189 : tensor<2x64x256xf32>) outs(%91 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.truncf %cst_11 : f64 to f32
      %290 = arith.mulf %in, %289 : f32
      linalg.yield %290 : f32
    } -> tensor<2x64x256xf32>
    %191 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%190 : tensor<2x64x256xf32>) outs(%91 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = math.tanh %in : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x256xf32>
    %192 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_45 : tensor<2x64x256xf32>) outs(%91 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.mulf %in, %cst_5 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x256xf32>
    %193 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%191 : tensor<2x64x256xf32>) outs(%91 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.addf %in, %cst_4 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x256xf32>
    %194 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%193 : tensor<2x64x256xf32>) outs(%91 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.mulf %in, %cst_5 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x256xf32>
    %195 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%191, %191 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%91 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.mulf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x256xf32>
    %196 = linalg.generic {indexing_maps = [#map19, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%cst_21, %195 : tensor<i64>, tensor<2x64x256xf32>) outs(%91 : tensor<2x64x256xf32>) {
    ^bb0(%in: i64, %in_104: f32, %out: f32):
      %289 = arith.sitofp %in : i64 to f32
      %290 = arith.subf %289, %in_104 : f32
      linalg.yield %290 : f32
    } -> tensor<2x64x256xf32>
    %197 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%186 : tensor<2x64x256xf32>) outs(%91 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.truncf %cst_10 : f64 to f32
      %290 = arith.mulf %in, %289 : f32
      linalg.yield %290 : f32
    } -> tensor<2x64x256xf32>
    %198 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%197 : tensor<2x64x256xf32>) outs(%91 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.addf %in, %cst_4 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x256xf32>
    %199 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%198 : tensor<2x64x256xf32>) outs(%91 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.truncf %cst_11 : f64 to f32
      %290 = arith.mulf %in, %289 : f32
      linalg.yield %290 : f32
    } -> tensor<2x64x256xf32>
    %200 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%192, %196 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%91 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.mulf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x256xf32>
    %201 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%200, %199 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%91 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.mulf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x256xf32>
    %202 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%194, %201 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%91 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.addf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x256xf32>
    %203 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_65, %202 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%91 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.mulf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x256xf32>
    %collapsed_66 = tensor.collapse_shape %203 [[0, 1], [2]] : tensor<2x64x256xf32> into tensor<128x256xf32>
    %204 = linalg.matmul ins(%collapsed_66, %arg10 : tensor<128x256xf32>, tensor<256x64xf32>) outs(%64 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %205 = tensor.empty() : tensor<256x128xf32>
    %transposed_67 = linalg.transpose ins(%collapsed_66 : tensor<128x256xf32>) outs(%205 : tensor<256x128xf32>) permutation = [1, 0] 
    %206 = linalg.fill ins(%cst_0 : f32) outs(%93 : tensor<256x64xf32>) -> tensor<256x64xf32>
    %207 = linalg.matmul ins(%transposed_67, %collapsed_43 : tensor<256x128xf32>, tensor<128x64xf32>) outs(%206 : tensor<256x64xf32>) -> tensor<256x64xf32>
    %208 = tensor.empty() : tensor<1x256xf32>
    %209 = linalg.fill ins(%cst_0 : f32) outs(%208 : tensor<1x256xf32>) -> tensor<1x256xf32>
    %210 = linalg.generic {indexing_maps = [#map4, #map10], iterator_types = ["reduction", "parallel"]} ins(%collapsed_66 : tensor<128x256xf32>) outs(%209 : tensor<1x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.addf %in, %out : f32
      linalg.yield %289 : f32
    } -> tensor<1x256xf32>
    %collapsed_68 = tensor.collapse_shape %210 [[0, 1]] : tensor<1x256xf32> into tensor<256xf32>
    %expanded_69 = tensor.expand_shape %204 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %211 = linalg.generic {indexing_maps = [#map2, #map7, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_69, %arg8 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.mulf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %212 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%211 : tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.mulf %in, %cst_16 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %213 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%211 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.addf %in, %out : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x1xf32>
    %214 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%211, %82 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.mulf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %215 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%214 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.addf %in, %out : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x1xf32>
    %216 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%82, %215 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.mulf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %217 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%212, %213 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.subf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %218 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%217, %216 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.subf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %219 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%80 : tensor<2x64x1xf32>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.divf %in, %cst_16 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x1xf32>
    %220 = linalg.generic {indexing_maps = [#map6, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%219, %218 : tensor<2x64x1xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.mulf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %221 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_69, %82 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.mulf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %222 = linalg.generic {indexing_maps = [#map2, #map7], iterator_types = ["reduction", "reduction", "parallel"]} ins(%221 : tensor<2x64x64xf32>) outs(%176 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.addf %in, %out : f32
      linalg.yield %289 : f32
    } -> tensor<64xf32>
    %223 = linalg.generic {indexing_maps = [#map2, #map7], iterator_types = ["reduction", "reduction", "parallel"]} ins(%expanded_69 : tensor<2x64x64xf32>) outs(%176 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.addf %in, %out : f32
      linalg.yield %289 : f32
    } -> tensor<64xf32>
    %224 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%173, %220 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.addf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %collapsed_70 = tensor.collapse_shape %224 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %225 = linalg.matmul ins(%collapsed_70, %arg6 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%64 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %transposed_71 = linalg.transpose ins(%collapsed_70 : tensor<128x64xf32>) outs(%180 : tensor<64x128xf32>) permutation = [1, 0] 
    %226 = linalg.fill ins(%cst_0 : f32) outs(%4 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %227 = linalg.matmul ins(%transposed_71, %collapsed_40 : tensor<64x128xf32>, tensor<128x64xf32>) outs(%226 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %228 = linalg.generic {indexing_maps = [#map4, #map10], iterator_types = ["reduction", "parallel"]} ins(%collapsed_70 : tensor<128x64xf32>) outs(%184 : tensor<1x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.addf %in, %out : f32
      linalg.yield %289 : f32
    } -> tensor<1x64xf32>
    %collapsed_72 = tensor.collapse_shape %228 [[0, 1]] : tensor<1x64xf32> into tensor<64xf32>
    %expanded_73 = tensor.expand_shape %225 [[0, 1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<128x64xf32> into tensor<2x64x2x32xf32>
    %transposed_74 = linalg.transpose ins(%expanded_73 : tensor<2x64x2x32xf32>) outs(%34 : tensor<2x2x64x32xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_75 = tensor.collapse_shape %transposed_74 [[0, 1], [2], [3]] : tensor<2x2x64x32xf32> into tensor<4x64x32xf32>
    %transposed_76 = linalg.transpose ins(%collapsed_36 : tensor<4x64x64xf32>) outs(%36 : tensor<4x64x64xf32>) permutation = [0, 2, 1] 
    %229 = linalg.batch_matmul ins(%transposed_76, %collapsed_75 : tensor<4x64x64xf32>, tensor<4x64x32xf32>) outs(%60 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %230 = tensor.empty() : tensor<4x32x64xf32>
    %transposed_77 = linalg.transpose ins(%collapsed_37 : tensor<4x64x32xf32>) outs(%230 : tensor<4x32x64xf32>) permutation = [0, 2, 1] 
    %231 = linalg.batch_matmul ins(%collapsed_75, %transposed_77 : tensor<4x64x32xf32>, tensor<4x32x64xf32>) outs(%37 : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
    %expanded_78 = tensor.expand_shape %229 [[0, 1], [2], [3]] output_shape [2, 2, 64, 32] : tensor<4x64x32xf32> into tensor<2x2x64x32xf32>
    %expanded_79 = tensor.expand_shape %231 [[0, 1], [2], [3]] output_shape [2, 2, 64, 64] : tensor<4x64x64xf32> into tensor<2x2x64x64xf32>
    %232 = linalg.generic {indexing_maps = [#map9, #map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_79, %58 : tensor<2x2x64x64xf32>, tensor<2x2x64x64xf32>) outs(%39 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.mulf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x2x64x64xf32>
    %233 = linalg.generic {indexing_maps = [#map9, #map15], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%232 : tensor<2x2x64x64xf32>) outs(%56 : tensor<2x2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.addf %in, %out : f32
      linalg.yield %289 : f32
    } -> tensor<2x2x64x1xf32>
    %234 = linalg.generic {indexing_maps = [#map9, #map15, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%58, %233 : tensor<2x2x64x64xf32>, tensor<2x2x64x1xf32>) outs(%39 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.mulf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x2x64x64xf32>
    %235 = linalg.generic {indexing_maps = [#map9, #map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%232, %234 : tensor<2x2x64x64xf32>, tensor<2x2x64x64xf32>) outs(%39 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.subf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x2x64x64xf32>
    %236 = linalg.generic {indexing_maps = [#map12, #map13, #map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%46, %cst_7, %235 : tensor<64x64xi1>, tensor<f32>, tensor<2x2x64x64xf32>) outs(%39 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: i1, %in_104: f32, %in_105: f32, %out: f32):
      %289 = arith.select %in, %in_104, %in_105 : f32
      linalg.yield %289 : f32
    } -> tensor<2x2x64x64xf32>
    %237 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%236 : tensor<2x2x64x64xf32>) outs(%39 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.truncf %cst_13 : f64 to f32
      %290 = arith.mulf %in, %289 : f32
      linalg.yield %290 : f32
    } -> tensor<2x2x64x64xf32>
    %collapsed_80 = tensor.collapse_shape %237 [[0, 1], [2], [3]] : tensor<2x2x64x64xf32> into tensor<4x64x64xf32>
    %transposed_81 = linalg.transpose ins(%collapsed_30 : tensor<4x64x32xf32>) outs(%230 : tensor<4x32x64xf32>) permutation = [0, 2, 1] 
    %238 = linalg.fill ins(%cst_0 : f32) outs(%230 : tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %239 = linalg.batch_matmul ins(%transposed_81, %collapsed_80 : tensor<4x32x64xf32>, tensor<4x64x64xf32>) outs(%238 : tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %transposed_82 = linalg.transpose ins(%collapsed_31 : tensor<4x32x64xf32>) outs(%59 : tensor<4x64x32xf32>) permutation = [0, 2, 1] 
    %240 = linalg.batch_matmul ins(%collapsed_80, %transposed_82 : tensor<4x64x64xf32>, tensor<4x64x32xf32>) outs(%60 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %expanded_83 = tensor.expand_shape %239 [[0, 1], [2], [3]] output_shape [2, 2, 32, 64] : tensor<4x32x64xf32> into tensor<2x2x32x64xf32>
    %expanded_84 = tensor.expand_shape %240 [[0, 1], [2], [3]] output_shape [2, 2, 64, 32] : tensor<4x64x32xf32> into tensor<2x2x64x32xf32>
    %transposed_85 = linalg.transpose ins(%expanded_78 : tensor<2x2x64x32xf32>) outs(%62 : tensor<2x64x2x32xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_86 = tensor.collapse_shape %transposed_85 [[0], [1], [2, 3]] : tensor<2x64x2x32xf32> into tensor<2x64x64xf32>
    %transposed_87 = linalg.transpose ins(%expanded_83 : tensor<2x2x32x64xf32>) outs(%62 : tensor<2x64x2x32xf32>) permutation = [0, 3, 1, 2] 
    %collapsed_88 = tensor.collapse_shape %transposed_87 [[0], [1], [2, 3]] : tensor<2x64x2x32xf32> into tensor<2x64x64xf32>
    %transposed_89 = linalg.transpose ins(%expanded_84 : tensor<2x2x64x32xf32>) outs(%62 : tensor<2x64x2x32xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_90 = tensor.collapse_shape %transposed_89 [[0], [1], [2, 3]] : tensor<2x64x2x32xf32> into tensor<2x64x64xf32>
    %concat = tensor.concat dim(2) %collapsed_90, %collapsed_88, %collapsed_86 : (tensor<2x64x64xf32>, tensor<2x64x64xf32>, tensor<2x64x64xf32>) -> tensor<2x64x192xf32>
    %collapsed_91 = tensor.collapse_shape %concat [[0, 1], [2]] : tensor<2x64x192xf32> into tensor<128x192xf32>
    %241 = linalg.matmul ins(%collapsed_91, %arg4 : tensor<128x192xf32>, tensor<192x64xf32>) outs(%64 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %242 = tensor.empty() : tensor<192x128xf32>
    %transposed_92 = linalg.transpose ins(%collapsed_91 : tensor<128x192xf32>) outs(%242 : tensor<192x128xf32>) permutation = [1, 0] 
    %243 = tensor.empty() : tensor<192x64xf32>
    %244 = linalg.fill ins(%cst_0 : f32) outs(%243 : tensor<192x64xf32>) -> tensor<192x64xf32>
    %245 = linalg.matmul ins(%transposed_92, %collapsed : tensor<192x128xf32>, tensor<128x64xf32>) outs(%244 : tensor<192x64xf32>) -> tensor<192x64xf32>
    %246 = tensor.empty() : tensor<1x192xf32>
    %247 = linalg.fill ins(%cst_0 : f32) outs(%246 : tensor<1x192xf32>) -> tensor<1x192xf32>
    %248 = linalg.generic {indexing_maps = [#map4, #map10], iterator_types = ["reduction", "parallel"]} ins(%collapsed_91 : tensor<128x192xf32>) outs(%247 : tensor<1x192xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.addf %in, %out : f32
      linalg.yield %289 : f32
    } -> tensor<1x192xf32>
    %collapsed_93 = tensor.collapse_shape %248 [[0, 1]] : tensor<1x192xf32> into tensor<192xf32>
    %expanded_94 = tensor.expand_shape %241 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %249 = linalg.generic {indexing_maps = [#map2, #map7, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_94, %arg2 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.mulf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %250 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%249 : tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.mulf %in, %cst_16 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %251 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%249 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.addf %in, %out : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x1xf32>
    %252 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%249, %25 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.mulf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %253 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%252 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.addf %in, %out : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x1xf32>
    %254 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%25, %253 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.mulf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %255 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%250, %251 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.subf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %256 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%255, %254 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.subf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %257 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%23 : tensor<2x64x1xf32>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.divf %in, %cst_16 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x1xf32>
    %258 = linalg.generic {indexing_maps = [#map6, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%257, %256 : tensor<2x64x1xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.mulf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %259 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_94, %25 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.mulf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %260 = linalg.generic {indexing_maps = [#map2, #map7], iterator_types = ["reduction", "reduction", "parallel"]} ins(%259 : tensor<2x64x64xf32>) outs(%176 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.addf %in, %out : f32
      linalg.yield %289 : f32
    } -> tensor<64xf32>
    %261 = linalg.generic {indexing_maps = [#map2, #map7], iterator_types = ["reduction", "reduction", "parallel"]} ins(%expanded_94 : tensor<2x64x64xf32>) outs(%176 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.addf %in, %out : f32
      linalg.yield %289 : f32
    } -> tensor<64xf32>
    %262 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%224, %258 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_104: f32, %out: f32):
      %289 = arith.addf %in, %in_104 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %263 = tensor.empty() : tensor<1x64x64xf32>
    %264 = linalg.fill ins(%cst_0 : f32) outs(%263 : tensor<1x64x64xf32>) -> tensor<1x64x64xf32>
    %265 = linalg.generic {indexing_maps = [#map2, #map20], iterator_types = ["reduction", "parallel", "parallel"]} ins(%262 : tensor<2x64x64xf32>) outs(%264 : tensor<1x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %289 = arith.addf %in, %out : f32
      linalg.yield %289 : f32
    } -> tensor<1x64x64xf32>
    %collapsed_95 = tensor.collapse_shape %265 [[0, 1], [2]] : tensor<1x64x64xf32> into tensor<64x64xf32>
    %266 = tensor.empty() : tensor<64xi1>
    %267 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%1 : tensor<64xi64>) outs(%266 : tensor<64xi1>) {
    ^bb0(%in: i64, %out: i1):
      %289 = arith.cmpi sge, %in, %c0_i64 : i64
      linalg.yield %289 : i1
    } -> tensor<64xi1>
    %268 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%1 : tensor<64xi64>) outs(%266 : tensor<64xi1>) {
    ^bb0(%in: i64, %out: i1):
      %289 = arith.cmpi slt, %in, %c64_i64 : i64
      linalg.yield %289 : i1
    } -> tensor<64xi1>
    %269 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%267, %268 : tensor<64xi1>, tensor<64xi1>) outs(%266 : tensor<64xi1>) {
    ^bb0(%in: i1, %in_104: i1, %out: i1):
      %289 = arith.andi %in, %in_104 : i1
      linalg.yield %289 : i1
    } -> tensor<64xi1>
    %270 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%1 : tensor<64xi64>) outs(%266 : tensor<64xi1>) {
    ^bb0(%in: i64, %out: i1):
      %289 = arith.cmpi ne, %in, %c-1_i64 : i64
      linalg.yield %289 : i1
    } -> tensor<64xi1>
    %271 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%269, %270 : tensor<64xi1>, tensor<64xi1>) outs(%266 : tensor<64xi1>) {
    ^bb0(%in: i1, %in_104: i1, %out: i1):
      %289 = arith.andi %in, %in_104 : i1
      linalg.yield %289 : i1
    } -> tensor<64xi1>
    %expanded_96 = tensor.expand_shape %271 [[0, 1]] output_shape [64, 1] : tensor<64xi1> into tensor<64x1xi1>
    %272 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%1 : tensor<64xi64>) outs(%0 : tensor<64xi64>) {
    ^bb0(%in: i64, %out: i64):
      %289 = arith.maxsi %in, %c-64_i64 : i64
      %290 = arith.minsi %289, %c63_i64 : i64
      linalg.yield %290 : i64
    } -> tensor<64xi64>
    %273 = tensor.empty() : tensor<64x1xi1>
    %274 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%expanded_96 : tensor<64x1xi1>) outs(%273 : tensor<64x1xi1>) {
    ^bb0(%in: i1, %out: i1):
      %289 = arith.xori %in, %true : i1
      linalg.yield %289 : i1
    } -> tensor<64x1xi1>
    %275 = linalg.generic {indexing_maps = [#map11, #map18, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%274, %cst_7, %collapsed_95 : tensor<64x1xi1>, tensor<f32>, tensor<64x64xf32>) outs(%4 : tensor<64x64xf32>) {
    ^bb0(%in: i1, %in_104: f32, %in_105: f32, %out: f32):
      %289 = arith.select %in, %in_104, %in_105 : f32
      linalg.yield %289 : f32
    } -> tensor<64x64xf32>
    %expanded_97 = tensor.expand_shape %272 [[0, 1]] output_shape [64, 1] : tensor<64xi64> into tensor<64x1xi64>
    %expanded_98 = tensor.expand_shape %275 [[0], [1, 2]] output_shape [64, 1, 64] : tensor<64x64xf32> into tensor<64x1x64xf32>
    // tm_tensor.scatter {dimension_map = [0]} unique_indices(false) rewritten as loops (test/graphs/scatter_to_loops.py):
    // orig[coord(i, j)] = combine(updates[i, j], orig[coord(i, j)])
    %sc0_c0 = arith.constant 0 : index
    %sc0_c1 = arith.constant 1 : index
    %sc0_c64 = arith.constant 64 : index
    %276 = scf.for %sc0_i0 = %sc0_c0 to %sc0_c64 step %sc0_c1 iter_args(%sc0_ab0 = %cst_18) -> (tensor<64x64xf32>) {
      %sc0_ix0 = tensor.extract %expanded_97[%sc0_i0, %sc0_c0] : tensor<64x1xi64>
      %sc0_o0 = arith.index_cast %sc0_ix0 : i64 to index
      %sc0_s0r = scf.for %sc0_j0 = %sc0_c0 to %sc0_c1 step %sc0_c1 iter_args(%sc0_as0 = %sc0_ab0) -> (tensor<64x64xf32>) {
        %sc0_s1r = scf.for %sc0_j1 = %sc0_c0 to %sc0_c64 step %sc0_c1 iter_args(%sc0_as1 = %sc0_as0) -> (tensor<64x64xf32>) {
          %sc0_d0 = arith.addi %sc0_o0, %sc0_j0 : index
          %sc0_u = tensor.extract %expanded_98[%sc0_i0, %sc0_j0, %sc0_j1] : tensor<64x1x64xf32>
          %sc0_v = tensor.extract %sc0_as1[%sc0_d0, %sc0_j1] : tensor<64x64xf32>
          %sc0_r2 = arith.addf %sc0_v, %sc0_u : f32
          %sc0_new = tensor.insert %sc0_r2 into %sc0_as1[%sc0_d0, %sc0_j1] : tensor<64x64xf32>
          scf.yield %sc0_new : tensor<64x64xf32>
        }
        scf.yield %sc0_s1r : tensor<64x64xf32>
      }
      scf.yield %sc0_s0r : tensor<64x64xf32>
    }
    %277 = tensor.empty() : tensor<2x64xi1>
    %278 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg17 : tensor<2x64xi64>) outs(%277 : tensor<2x64xi1>) {
    ^bb0(%in: i64, %out: i1):
      %289 = arith.cmpi sge, %in, %c0_i64 : i64
      linalg.yield %289 : i1
    } -> tensor<2x64xi1>
    %279 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg17 : tensor<2x64xi64>) outs(%277 : tensor<2x64xi1>) {
    ^bb0(%in: i64, %out: i1):
      %289 = arith.cmpi slt, %in, %c1024_i64 : i64
      linalg.yield %289 : i1
    } -> tensor<2x64xi1>
    %280 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%278, %279 : tensor<2x64xi1>, tensor<2x64xi1>) outs(%277 : tensor<2x64xi1>) {
    ^bb0(%in: i1, %in_104: i1, %out: i1):
      %289 = arith.andi %in, %in_104 : i1
      linalg.yield %289 : i1
    } -> tensor<2x64xi1>
    %281 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg17 : tensor<2x64xi64>) outs(%277 : tensor<2x64xi1>) {
    ^bb0(%in: i64, %out: i1):
      %289 = arith.cmpi ne, %in, %c-1_i64 : i64
      linalg.yield %289 : i1
    } -> tensor<2x64xi1>
    %282 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%280, %281 : tensor<2x64xi1>, tensor<2x64xi1>) outs(%277 : tensor<2x64xi1>) {
    ^bb0(%in: i1, %in_104: i1, %out: i1):
      %289 = arith.andi %in, %in_104 : i1
      linalg.yield %289 : i1
    } -> tensor<2x64xi1>
    %expanded_99 = tensor.expand_shape %282 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xi1> into tensor<2x64x1xi1>
    %283 = tensor.empty() : tensor<2x64xi64>
    %284 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg17 : tensor<2x64xi64>) outs(%283 : tensor<2x64xi64>) {
    ^bb0(%in: i64, %out: i64):
      %289 = arith.maxsi %in, %c-1024_i64 : i64
      %290 = arith.minsi %289, %c1023_i64 : i64
      linalg.yield %290 : i64
    } -> tensor<2x64xi64>
    %285 = tensor.empty() : tensor<2x64x1xi1>
    %286 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_99 : tensor<2x64x1xi1>) outs(%285 : tensor<2x64x1xi1>) {
    ^bb0(%in: i1, %out: i1):
      %289 = arith.xori %in, %true : i1
      linalg.yield %289 : i1
    } -> tensor<2x64x1xi1>
    %287 = linalg.generic {indexing_maps = [#map6, #map19, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%286, %cst_7, %262 : tensor<2x64x1xi1>, tensor<f32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: i1, %in_104: f32, %in_105: f32, %out: f32):
      %289 = arith.select %in, %in_104, %in_105 : f32
      linalg.yield %289 : f32
    } -> tensor<2x64x64xf32>
    %collapsed_100 = tensor.collapse_shape %284 [[0, 1]] : tensor<2x64xi64> into tensor<128xi64>
    %expanded_101 = tensor.expand_shape %collapsed_100 [[0, 1]] output_shape [128, 1] : tensor<128xi64> into tensor<128x1xi64>
    %collapsed_102 = tensor.collapse_shape %287 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %expanded_103 = tensor.expand_shape %collapsed_102 [[0], [1, 2]] output_shape [128, 1, 64] : tensor<128x64xf32> into tensor<128x1x64xf32>
    // tm_tensor.scatter {dimension_map = [0]} unique_indices(false) rewritten as loops (test/graphs/scatter_to_loops.py):
    // orig[coord(i, j)] = combine(updates[i, j], orig[coord(i, j)])
    %sc1_c0 = arith.constant 0 : index
    %sc1_c1 = arith.constant 1 : index
    %sc1_c64 = arith.constant 64 : index
    %sc1_c128 = arith.constant 128 : index
    %288 = scf.for %sc1_i0 = %sc1_c0 to %sc1_c128 step %sc1_c1 iter_args(%sc1_ab0 = %cst_19) -> (tensor<1024x64xf32>) {
      %sc1_ix0 = tensor.extract %expanded_101[%sc1_i0, %sc1_c0] : tensor<128x1xi64>
      %sc1_o0 = arith.index_cast %sc1_ix0 : i64 to index
      %sc1_s0r = scf.for %sc1_j0 = %sc1_c0 to %sc1_c1 step %sc1_c1 iter_args(%sc1_as0 = %sc1_ab0) -> (tensor<1024x64xf32>) {
        %sc1_s1r = scf.for %sc1_j1 = %sc1_c0 to %sc1_c64 step %sc1_c1 iter_args(%sc1_as1 = %sc1_as0) -> (tensor<1024x64xf32>) {
          %sc1_d0 = arith.addi %sc1_o0, %sc1_j0 : index
          %sc1_u = tensor.extract %expanded_103[%sc1_i0, %sc1_j0, %sc1_j1] : tensor<128x1x64xf32>
          %sc1_v = tensor.extract %sc1_as1[%sc1_d0, %sc1_j1] : tensor<1024x64xf32>
          %sc1_r2 = arith.addf %sc1_v, %sc1_u : f32
          %sc1_new = tensor.insert %sc1_r2 into %sc1_as1[%sc1_d0, %sc1_j1] : tensor<1024x64xf32>
          scf.yield %sc1_new : tensor<1024x64xf32>
        }
        scf.yield %sc1_s1r : tensor<1024x64xf32>
      }
      scf.yield %sc1_s0r : tensor<1024x64xf32>
    }
    return %147, %288, %276, %260, %261, %245, %collapsed_93, %227, %collapsed_72, %222, %223, %207, %collapsed_68, %182, %collapsed_64, %177, %178, %162 : tensor<f32>, tensor<1024x64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<192x64xf32>, tensor<192xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<256x64xf32>, tensor<256xf32>, tensor<64x256xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<1024x64xf32>
  }
}
