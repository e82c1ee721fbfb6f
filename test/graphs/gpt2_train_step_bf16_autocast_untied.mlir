// gpt2_train_step_bf16_autocast_untied: real linalg-on-tensors graph
// from PyTorch (see test/graphs/README.md).
//
// RUN: lmhead-opt %s -o /dev/null
// RUN: lmhead-opt %s --math-expand-ops=ops=fpowi --lmhead-cpu-pipeline=decompose=false -o /dev/null
//
// Made by test/graphs/make_torch_graphs.py --only gpt2_train_step_bf16_autocast_untied
// Tools: torch 2.15.0, torch-mlir 20261001, python 3.11.7
// Model: GPT-2, 1 block, 2 heads, d_model 64, vocabulary 1024, batch 2 x seq 64 (N = 128 tokens), LM head untied (lm_head, no bias), F.cross_entropy(ignore_index=-100, reduction='mean')
// Trace: aot_export_module(model, [idx, labels], trace_joint=True, output_loss_index=0) -> torch_mlir.fx.stateless_fx_import(output_type='linalg-on-tensors')
// Note: f32 parameters, forward traced under torch.autocast('cpu', dtype=torch.bfloat16) (linear/matmul in bf16, what autocast keeps in f32 stays f32)
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
    %cst_1 = arith.constant 0.000000e+00 : bf16
    %true = arith.constant true
    %cst_2 = arith.constant 0xFF800000 : f32
    %c3_i64 = arith.constant 3 : i64
    %cst_3 = arith.constant 4.467770e-02 : bf16
    %cst_4 = arith.constant 7.968750e-01 : bf16
    %cst_5 = arith.constant 1.000000e+00 : bf16
    %cst_6 = arith.constant 5.000000e-01 : bf16
    %cst_7 = arith.constant dense<0.000000e+00> : tensor<bf16>
    %cst_8 = arith.constant dense<1.000000e+00> : tensor<f32>
    %cst_9 = arith.constant dense<0.000000e+00> : tensor<f32>
    %cst_10 = arith.constant dense<0xFF80> : tensor<bf16>
    %cst_11 = arith.constant dense<true> : tensor<64x64xi1>
    %cst_12 = arith.constant 1.341450e-01 : f64
    %cst_13 = arith.constant 0.79788456080286541 : f64
    %cst_14 = arith.constant 4.471500e-02 : f64
    %cst_15 = arith.constant 0.17677669529663687 : f64
    %cst_16 = arith.constant 1.000000e-05 : f64
    %cst_17 = arith.constant 6.400000e+01 : f64
    %cst_18 = arith.constant 6.400000e+01 : f32
    %c-100 = arith.constant -100 : index
    %cst_19 = arith.constant 5.000000e-01 : f32
    %cst_20 = arith.constant 1.000000e+00 : f32
    %cst_21 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
    %cst_22 = arith.constant dense<0.000000e+00> : tensor<1024x64xf32>
    %cst_23 = arith.constant dense<0> : tensor<i64>
    %cst_24 = arith.constant dense<1> : tensor<i64>
    %0 = tensor.empty() : tensor<64xi64>
    %1 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%0 : tensor<64xi64>) {
    ^bb0(%out: i64):
      %382 = linalg.index 0 : index
      %383 = arith.index_cast %382 : index to i64
      linalg.yield %383 : i64
    } -> tensor<64xi64>
    %2 = tensor.empty() : tensor<2x64x64xf32>
    %3 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg17 : tensor<2x64xi64>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: i64, %out: f32):
      %382 = arith.index_cast %in : i64 to index
      %383 = linalg.index 2 : index
      %384 = arith.cmpi slt, %382, %c1024 : index
      cf.assert %384, "index must be smaller than dim size"
      %385 = arith.cmpi sge, %in, %c0_i64 : i64
      cf.assert %385, "index must be larger or equal to 0"
      %extracted = tensor.extract %arg0[%382, %383] : tensor<1024x64xf32>
      linalg.yield %extracted : f32
    } -> tensor<2x64x64xf32>
    %4 = tensor.empty() : tensor<64x64xf32>
    %5 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%1 : tensor<64xi64>) outs(%4 : tensor<64x64xf32>) {
    ^bb0(%in: i64, %out: f32):
      %382 = arith.index_cast %in : i64 to index
      %383 = linalg.index 1 : index
      %384 = arith.cmpi slt, %382, %c64 : index
      cf.assert %384, "index must be smaller than dim size"
      %385 = arith.cmpi sge, %in, %c0_i64 : i64
      cf.assert %385, "index must be larger or equal to 0"
      %extracted = tensor.extract %arg1[%382, %383] : tensor<64x64xf32>
      linalg.yield %extracted : f32
    } -> tensor<64x64xf32>
    %6 = linalg.generic {indexing_maps = [#map2, #map5, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3, %5 : tensor<2x64x64xf32>, tensor<64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.addf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %7 = tensor.empty() : tensor<2x64x64xf64>
    %8 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<2x64x64xf32>) outs(%7 : tensor<2x64x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %382 = arith.extf %in : f32 to f64
      linalg.yield %382 : f64
    } -> tensor<2x64x64xf64>
    %9 = tensor.empty() : tensor<2x64x1xf64>
    %10 = linalg.fill ins(%cst : f64) outs(%9 : tensor<2x64x1xf64>) -> tensor<2x64x1xf64>
    %11 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%8 : tensor<2x64x64xf64>) outs(%10 : tensor<2x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %382 = arith.addf %in, %out : f64
      linalg.yield %382 : f64
    } -> tensor<2x64x1xf64>
    %12 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%11 : tensor<2x64x1xf64>) outs(%9 : tensor<2x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %382 = arith.divf %in, %cst_17 : f64
      linalg.yield %382 : f64
    } -> tensor<2x64x1xf64>
    %13 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8, %12 : tensor<2x64x64xf64>, tensor<2x64x1xf64>) outs(%7 : tensor<2x64x64xf64>) {
    ^bb0(%in: f64, %in_103: f64, %out: f64):
      %382 = arith.subf %in, %in_103 : f64
      linalg.yield %382 : f64
    } -> tensor<2x64x64xf64>
    %14 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%13, %13 : tensor<2x64x64xf64>, tensor<2x64x64xf64>) outs(%7 : tensor<2x64x64xf64>) {
    ^bb0(%in: f64, %in_103: f64, %out: f64):
      %382 = arith.mulf %in, %in_103 : f64
      linalg.yield %382 : f64
    } -> tensor<2x64x64xf64>
    %15 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%14 : tensor<2x64x64xf64>) outs(%10 : tensor<2x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %382 = arith.addf %in, %out : f64
      linalg.yield %382 : f64
    } -> tensor<2x64x1xf64>
    %16 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%15 : tensor<2x64x1xf64>) outs(%9 : tensor<2x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %382 = arith.divf %in, %cst_17 : f64
      linalg.yield %382 : f64
    } -> tensor<2x64x1xf64>
    %17 = tensor.empty() : tensor<2x64x1xf32>
    %18 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%16 : tensor<2x64x1xf64>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %382 = arith.truncf %in : f64 to f32
      linalg.yield %382 : f32
    } -> tensor<2x64x1xf32>
    %19 = linalg.fill ins(%cst_0 : f32) outs(%17 : tensor<2x64x1xf32>) -> tensor<2x64x1xf32>
    %20 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%6 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.addf %in, %out : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x1xf32>
    %21 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20 : tensor<2x64x1xf32>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.divf %in, %cst_18 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x1xf32>
    %22 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%18 : tensor<2x64x1xf32>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.truncf %cst_16 : f64 to f32
      %383 = arith.addf %in, %382 : f32
      linalg.yield %383 : f32
    } -> tensor<2x64x1xf32>
    %23 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%22 : tensor<2x64x1xf32>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = math.rsqrt %in : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x1xf32>
    %24 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6, %21 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.subf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %25 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%24, %23 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.mulf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %26 = linalg.generic {indexing_maps = [#map2, #map7, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%25, %arg2 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.mulf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %27 = linalg.generic {indexing_maps = [#map2, #map7, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%26, %arg3 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.addf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %28 = tensor.empty() : tensor<192xbf16>
    %29 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg5 : tensor<192xf32>) outs(%28 : tensor<192xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<192xbf16>
    %30 = tensor.empty() : tensor<192x64xbf16>
    %31 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg4 : tensor<192x64xf32>) outs(%30 : tensor<192x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<192x64xbf16>
    %32 = tensor.empty() : tensor<2x64x64xbf16>
    %33 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%27 : tensor<2x64x64xf32>) outs(%32 : tensor<2x64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<2x64x64xbf16>
    %collapsed = tensor.collapse_shape %33 [[0, 1], [2]] : tensor<2x64x64xbf16> into tensor<128x64xbf16>
    %34 = tensor.empty() : tensor<64x192xbf16>
    %transposed = linalg.transpose ins(%31 : tensor<192x64xbf16>) outs(%34 : tensor<64x192xbf16>) permutation = [1, 0] 
    %35 = tensor.empty() : tensor<192xf32>
    %36 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%29 : tensor<192xbf16>) outs(%35 : tensor<192xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %382 = arith.extf %in : bf16 to f32
      linalg.yield %382 : f32
    } -> tensor<192xf32>
    %37 = tensor.empty() : tensor<128x64xf32>
    %38 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed : tensor<128x64xbf16>) outs(%37 : tensor<128x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %382 = arith.extf %in : bf16 to f32
      linalg.yield %382 : f32
    } -> tensor<128x64xf32>
    %39 = tensor.empty() : tensor<64x192xf32>
    %40 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed : tensor<64x192xbf16>) outs(%39 : tensor<64x192xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %382 = arith.extf %in : bf16 to f32
      linalg.yield %382 : f32
    } -> tensor<64x192xf32>
    %41 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%40 : tensor<64x192xf32>) outs(%34 : tensor<64x192xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<64x192xbf16>
    %42 = tensor.empty() : tensor<128x64xbf16>
    %43 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%38 : tensor<128x64xf32>) outs(%42 : tensor<128x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<128x64xbf16>
    %44 = tensor.empty() : tensor<128x192xf32>
    %45 = linalg.fill ins(%cst_0 : f32) outs(%44 : tensor<128x192xf32>) -> tensor<128x192xf32>
    %46 = linalg.matmul ins(%43, %41 : tensor<128x64xbf16>, tensor<64x192xbf16>) outs(%45 : tensor<128x192xf32>) -> tensor<128x192xf32>
    %47 = tensor.empty() : tensor<128x192xbf16>
    %48 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%46 : tensor<128x192xf32>) outs(%47 : tensor<128x192xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<128x192xbf16>
    %49 = linalg.generic {indexing_maps = [#map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%36 : tensor<192xf32>) outs(%44 : tensor<128x192xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x192xf32>
    %50 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%48, %49 : tensor<128x192xbf16>, tensor<128x192xf32>) outs(%44 : tensor<128x192xf32>) {
    ^bb0(%in: bf16, %in_103: f32, %out: f32):
      %382 = arith.extf %in : bf16 to f32
      %383 = arith.addf %382, %in_103 : f32
      linalg.yield %383 : f32
    } -> tensor<128x192xf32>
    %51 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%50 : tensor<128x192xf32>) outs(%47 : tensor<128x192xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<128x192xbf16>
    %expanded = tensor.expand_shape %51 [[0, 1], [2]] output_shape [2, 64, 192] : tensor<128x192xbf16> into tensor<2x64x192xbf16>
    %extracted_slice = tensor.extract_slice %expanded[0, 0, 0] [2, 64, 64] [1, 1, 1] : tensor<2x64x192xbf16> to tensor<2x64x64xbf16>
    %extracted_slice_25 = tensor.extract_slice %expanded[0, 0, 64] [2, 64, 64] [1, 1, 1] : tensor<2x64x192xbf16> to tensor<2x64x64xbf16>
    %extracted_slice_26 = tensor.extract_slice %expanded[0, 0, 128] [2, 64, 64] [1, 1, 1] : tensor<2x64x192xbf16> to tensor<2x64x64xbf16>
    %expanded_27 = tensor.expand_shape %extracted_slice [[0], [1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<2x64x64xbf16> into tensor<2x64x2x32xbf16>
    %52 = tensor.empty() : tensor<2x2x64x32xbf16>
    %transposed_28 = linalg.transpose ins(%expanded_27 : tensor<2x64x2x32xbf16>) outs(%52 : tensor<2x2x64x32xbf16>) permutation = [0, 2, 1, 3] 
    %expanded_29 = tensor.expand_shape %extracted_slice_25 [[0], [1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<2x64x64xbf16> into tensor<2x64x2x32xbf16>
    %expanded_30 = tensor.expand_shape %extracted_slice_26 [[0], [1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<2x64x64xbf16> into tensor<2x64x2x32xbf16>
    %transposed_31 = linalg.transpose ins(%expanded_30 : tensor<2x64x2x32xbf16>) outs(%52 : tensor<2x2x64x32xbf16>) permutation = [0, 2, 1, 3] 
    %53 = tensor.empty() : tensor<2x2x32x64xbf16>
    %transposed_32 = linalg.transpose ins(%expanded_29 : tensor<2x64x2x32xbf16>) outs(%53 : tensor<2x2x32x64xbf16>) permutation = [0, 2, 3, 1] 
    %collapsed_33 = tensor.collapse_shape %transposed_28 [[0, 1], [2], [3]] : tensor<2x2x64x32xbf16> into tensor<4x64x32xbf16>
    %collapsed_34 = tensor.collapse_shape %transposed_32 [[0, 1], [2], [3]] : tensor<2x2x32x64xbf16> into tensor<4x32x64xbf16>
    %54 = tensor.empty() : tensor<4x64x64xf32>
    %55 = linalg.fill ins(%cst_0 : f32) outs(%54 : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
    %56 = linalg.batch_matmul ins(%collapsed_33, %collapsed_34 : tensor<4x64x32xbf16>, tensor<4x32x64xbf16>) outs(%55 : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
    %57 = tensor.empty() : tensor<4x64x64xbf16>
    %58 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%56 : tensor<4x64x64xf32>) outs(%57 : tensor<4x64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<4x64x64xbf16>
    %expanded_35 = tensor.expand_shape %58 [[0, 1], [2], [3]] output_shape [2, 2, 64, 64] : tensor<4x64x64xbf16> into tensor<2x2x64x64xbf16>
    %59 = tensor.empty() : tensor<2x2x64x64xbf16>
    %60 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_35 : tensor<2x2x64x64xbf16>) outs(%59 : tensor<2x2x64x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %382 = arith.truncf %cst_15 : f64 to bf16
      %383 = arith.mulf %in, %382 : bf16
      linalg.yield %383 : bf16
    } -> tensor<2x2x64x64xbf16>
    %expanded_36 = tensor.expand_shape %1 [[0, 1]] output_shape [1, 64] : tensor<64xi64> into tensor<1x64xi64>
    %expanded_37 = tensor.expand_shape %1 [[0, 1]] output_shape [64, 1] : tensor<64xi64> into tensor<64x1xi64>
    %61 = tensor.empty() : tensor<64x64xi64>
    %62 = linalg.generic {indexing_maps = [#map10, #map11, #map4], iterator_types = ["parallel", "parallel"]} ins(%expanded_36, %expanded_37 : tensor<1x64xi64>, tensor<64x1xi64>) outs(%61 : tensor<64x64xi64>) {
    ^bb0(%in: i64, %in_103: i64, %out: i64):
      %382 = arith.subi %in, %in_103 : i64
      linalg.yield %382 : i64
    } -> tensor<64x64xi64>
    %63 = tensor.empty() : tensor<64x64xi1>
    %64 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%62 : tensor<64x64xi64>) outs(%63 : tensor<64x64xi1>) {
    ^bb0(%in: i64, %out: i1):
      %382 = arith.cmpi sle, %in, %c0_i64 : i64
      linalg.yield %382 : i1
    } -> tensor<64x64xi1>
    %65 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%64, %cst_11 : tensor<64x64xi1>, tensor<64x64xi1>) outs(%63 : tensor<64x64xi1>) {
    ^bb0(%in: i1, %in_103: i1, %out: i1):
      %382 = arith.andi %in, %in_103 : i1
      linalg.yield %382 : i1
    } -> tensor<64x64xi1>
    %66 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%65 : tensor<64x64xi1>) outs(%63 : tensor<64x64xi1>) {
    ^bb0(%in: i1, %out: i1):
      %382 = arith.xori %in, %true : i1
      linalg.yield %382 : i1
    } -> tensor<64x64xi1>
    %67 = linalg.generic {indexing_maps = [#map12, #map13, #map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%66, %cst_10, %60 : tensor<64x64xi1>, tensor<bf16>, tensor<2x2x64x64xbf16>) outs(%59 : tensor<2x2x64x64xbf16>) {
    ^bb0(%in: i1, %in_103: bf16, %in_104: bf16, %out: bf16):
      %382 = arith.select %in, %in_103, %in_104 : bf16
      linalg.yield %382 : bf16
    } -> tensor<2x2x64x64xbf16>
    %68 = tensor.empty() : tensor<2x2x64x64xf32>
    %69 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%67 : tensor<2x2x64x64xbf16>) outs(%68 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %382 = arith.extf %in : bf16 to f32
      linalg.yield %382 : f32
    } -> tensor<2x2x64x64xf32>
    %70 = tensor.empty() : tensor<2x2x64xi64>
    %71 = linalg.fill ins(%c0_i64 : i64) outs(%70 : tensor<2x2x64xi64>) -> tensor<2x2x64xi64>
    %72 = tensor.empty() : tensor<2x2x64xf32>
    %73 = linalg.fill ins(%cst_2 : f32) outs(%72 : tensor<2x2x64xf32>) -> tensor<2x2x64xf32>
    %74:2 = linalg.generic {indexing_maps = [#map9, #map14, #map14], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%69 : tensor<2x2x64x64xf32>) outs(%73, %71 : tensor<2x2x64xf32>, tensor<2x2x64xi64>) {
    ^bb0(%in: f32, %out: f32, %out_103: i64):
      %382 = linalg.index 3 : index
      %383 = arith.index_cast %382 : index to i64
      %384 = arith.maximumf %in, %out : f32
      %385 = arith.cmpf ogt, %in, %out : f32
      %386 = arith.select %385, %383, %out_103 : i64
      linalg.yield %384, %386 : f32, i64
    } -> (tensor<2x2x64xf32>, tensor<2x2x64xi64>)
    %expanded_38 = tensor.expand_shape %74#0 [[0], [1], [2, 3]] output_shape [2, 2, 64, 1] : tensor<2x2x64xf32> into tensor<2x2x64x1xf32>
    %75 = linalg.generic {indexing_maps = [#map9, #map15, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%69, %expanded_38 : tensor<2x2x64x64xf32>, tensor<2x2x64x1xf32>) outs(%68 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.subf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x2x64x64xf32>
    %76 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%75 : tensor<2x2x64x64xf32>) outs(%68 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = math.exp %in : f32
      linalg.yield %382 : f32
    } -> tensor<2x2x64x64xf32>
    %77 = tensor.empty() : tensor<2x2x64x1xf32>
    %78 = linalg.fill ins(%cst_0 : f32) outs(%77 : tensor<2x2x64x1xf32>) -> tensor<2x2x64x1xf32>
    %79 = linalg.generic {indexing_maps = [#map9, #map15], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%76 : tensor<2x2x64x64xf32>) outs(%78 : tensor<2x2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.addf %in, %out : f32
      linalg.yield %382 : f32
    } -> tensor<2x2x64x1xf32>
    %80 = linalg.generic {indexing_maps = [#map9, #map15, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%76, %79 : tensor<2x2x64x64xf32>, tensor<2x2x64x1xf32>) outs(%68 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.divf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x2x64x64xf32>
    %81 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%80 : tensor<2x2x64x64xf32>) outs(%59 : tensor<2x2x64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<2x2x64x64xbf16>
    %collapsed_39 = tensor.collapse_shape %81 [[0, 1], [2], [3]] : tensor<2x2x64x64xbf16> into tensor<4x64x64xbf16>
    %collapsed_40 = tensor.collapse_shape %transposed_31 [[0, 1], [2], [3]] : tensor<2x2x64x32xbf16> into tensor<4x64x32xbf16>
    %82 = tensor.empty() : tensor<4x64x32xf32>
    %83 = linalg.fill ins(%cst_0 : f32) outs(%82 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %84 = linalg.batch_matmul ins(%collapsed_39, %collapsed_40 : tensor<4x64x64xbf16>, tensor<4x64x32xbf16>) outs(%83 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %85 = tensor.empty() : tensor<4x64x32xbf16>
    %86 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%84 : tensor<4x64x32xf32>) outs(%85 : tensor<4x64x32xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<4x64x32xbf16>
    %expanded_41 = tensor.expand_shape %86 [[0, 1], [2], [3]] output_shape [2, 2, 64, 32] : tensor<4x64x32xbf16> into tensor<2x2x64x32xbf16>
    %87 = tensor.empty() : tensor<2x64x2x32xbf16>
    %transposed_42 = linalg.transpose ins(%expanded_41 : tensor<2x2x64x32xbf16>) outs(%87 : tensor<2x64x2x32xbf16>) permutation = [0, 2, 1, 3] 
    %88 = tensor.empty() : tensor<64xbf16>
    %89 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg7 : tensor<64xf32>) outs(%88 : tensor<64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<64xbf16>
    %90 = tensor.empty() : tensor<64x64xbf16>
    %91 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg6 : tensor<64x64xf32>) outs(%90 : tensor<64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<64x64xbf16>
    %collapsed_43 = tensor.collapse_shape %transposed_42 [[0, 1], [2, 3]] : tensor<2x64x2x32xbf16> into tensor<128x64xbf16>
    %transposed_44 = linalg.transpose ins(%91 : tensor<64x64xbf16>) outs(%90 : tensor<64x64xbf16>) permutation = [1, 0] 
    %92 = tensor.empty() : tensor<64xf32>
    %93 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%89 : tensor<64xbf16>) outs(%92 : tensor<64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %382 = arith.extf %in : bf16 to f32
      linalg.yield %382 : f32
    } -> tensor<64xf32>
    %94 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed_43 : tensor<128x64xbf16>) outs(%37 : tensor<128x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %382 = arith.extf %in : bf16 to f32
      linalg.yield %382 : f32
    } -> tensor<128x64xf32>
    %95 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed_44 : tensor<64x64xbf16>) outs(%4 : tensor<64x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %382 = arith.extf %in : bf16 to f32
      linalg.yield %382 : f32
    } -> tensor<64x64xf32>
    %96 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%95 : tensor<64x64xf32>) outs(%90 : tensor<64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<64x64xbf16>
    %97 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%94 : tensor<128x64xf32>) outs(%42 : tensor<128x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<128x64xbf16>
    %98 = linalg.fill ins(%cst_0 : f32) outs(%37 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %99 = linalg.matmul ins(%97, %96 : tensor<128x64xbf16>, tensor<64x64xbf16>) outs(%98 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %100 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%99 : tensor<128x64xf32>) outs(%42 : tensor<128x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<128x64xbf16>
    %101 = linalg.generic {indexing_maps = [#map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%93 : tensor<64xf32>) outs(%37 : tensor<128x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x64xf32>
    %102 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%100, %101 : tensor<128x64xbf16>, tensor<128x64xf32>) outs(%37 : tensor<128x64xf32>) {
    ^bb0(%in: bf16, %in_103: f32, %out: f32):
      %382 = arith.extf %in : bf16 to f32
      %383 = arith.addf %382, %in_103 : f32
      linalg.yield %383 : f32
    } -> tensor<128x64xf32>
    %103 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%102 : tensor<128x64xf32>) outs(%42 : tensor<128x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<128x64xbf16>
    %expanded_45 = tensor.expand_shape %103 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xbf16> into tensor<2x64x64xbf16>
    %104 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6, %expanded_45 : tensor<2x64x64xf32>, tensor<2x64x64xbf16>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: bf16, %out: f32):
      %382 = arith.extf %in_103 : bf16 to f32
      %383 = arith.addf %in, %382 : f32
      linalg.yield %383 : f32
    } -> tensor<2x64x64xf32>
    %105 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%104 : tensor<2x64x64xf32>) outs(%7 : tensor<2x64x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %382 = arith.extf %in : f32 to f64
      linalg.yield %382 : f64
    } -> tensor<2x64x64xf64>
    %106 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%105 : tensor<2x64x64xf64>) outs(%10 : tensor<2x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %382 = arith.addf %in, %out : f64
      linalg.yield %382 : f64
    } -> tensor<2x64x1xf64>
    %107 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%106 : tensor<2x64x1xf64>) outs(%9 : tensor<2x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %382 = arith.divf %in, %cst_17 : f64
      linalg.yield %382 : f64
    } -> tensor<2x64x1xf64>
    %108 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%105, %107 : tensor<2x64x64xf64>, tensor<2x64x1xf64>) outs(%7 : tensor<2x64x64xf64>) {
    ^bb0(%in: f64, %in_103: f64, %out: f64):
      %382 = arith.subf %in, %in_103 : f64
      linalg.yield %382 : f64
    } -> tensor<2x64x64xf64>
    %109 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%108, %108 : tensor<2x64x64xf64>, tensor<2x64x64xf64>) outs(%7 : tensor<2x64x64xf64>) {
    ^bb0(%in: f64, %in_103: f64, %out: f64):
      %382 = arith.mulf %in, %in_103 : f64
      linalg.yield %382 : f64
    } -> tensor<2x64x64xf64>
    %110 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%109 : tensor<2x64x64xf64>) outs(%10 : tensor<2x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %382 = arith.addf %in, %out : f64
      linalg.yield %382 : f64
    } -> tensor<2x64x1xf64>
    %111 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%110 : tensor<2x64x1xf64>) outs(%9 : tensor<2x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %382 = arith.divf %in, %cst_17 : f64
      linalg.yield %382 : f64
    } -> tensor<2x64x1xf64>
    %112 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%111 : tensor<2x64x1xf64>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %382 = arith.truncf %in : f64 to f32
      linalg.yield %382 : f32
    } -> tensor<2x64x1xf32>
    %113 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%104 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.addf %in, %out : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x1xf32>
    %114 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%113 : tensor<2x64x1xf32>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.divf %in, %cst_18 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x1xf32>
    %115 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%112 : tensor<2x64x1xf32>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.truncf %cst_16 : f64 to f32
      %383 = arith.addf %in, %382 : f32
      linalg.yield %383 : f32
    } -> tensor<2x64x1xf32>
    %116 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%115 : tensor<2x64x1xf32>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = math.rsqrt %in : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x1xf32>
    %117 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%104, %114 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.subf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %118 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%117, %116 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.mulf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %119 = linalg.generic {indexing_maps = [#map2, #map7, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%118, %arg8 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.mulf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %120 = linalg.generic {indexing_maps = [#map2, #map7, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%119, %arg9 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.addf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %121 = tensor.empty() : tensor<256xbf16>
    %122 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg11 : tensor<256xf32>) outs(%121 : tensor<256xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<256xbf16>
    %123 = tensor.empty() : tensor<256x64xbf16>
    %124 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg10 : tensor<256x64xf32>) outs(%123 : tensor<256x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<256x64xbf16>
    %125 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%120 : tensor<2x64x64xf32>) outs(%32 : tensor<2x64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<2x64x64xbf16>
    %collapsed_46 = tensor.collapse_shape %125 [[0, 1], [2]] : tensor<2x64x64xbf16> into tensor<128x64xbf16>
    %126 = tensor.empty() : tensor<64x256xbf16>
    %transposed_47 = linalg.transpose ins(%124 : tensor<256x64xbf16>) outs(%126 : tensor<64x256xbf16>) permutation = [1, 0] 
    %127 = tensor.empty() : tensor<256xf32>
    %128 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%122 : tensor<256xbf16>) outs(%127 : tensor<256xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %382 = arith.extf %in : bf16 to f32
      linalg.yield %382 : f32
    } -> tensor<256xf32>
    %129 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed_46 : tensor<128x64xbf16>) outs(%37 : tensor<128x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %382 = arith.extf %in : bf16 to f32
      linalg.yield %382 : f32
    } -> tensor<128x64xf32>
    %130 = tensor.empty() : tensor<64x256xf32>
    %131 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed_47 : tensor<64x256xbf16>) outs(%130 : tensor<64x256xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %382 = arith.extf %in : bf16 to f32
      linalg.yield %382 : f32
    } -> tensor<64x256xf32>
    %132 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%131 : tensor<64x256xf32>) outs(%126 : tensor<64x256xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<64x256xbf16>
    %133 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%129 : tensor<128x64xf32>) outs(%42 : tensor<128x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<128x64xbf16>
    %134 = tensor.empty() : tensor<128x256xf32>
    %135 = linalg.fill ins(%cst_0 : f32) outs(%134 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %136 = linalg.matmul ins(%133, %132 : tensor<128x64xbf16>, tensor<64x256xbf16>) outs(%135 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %137 = tensor.empty() : tensor<128x256xbf16>
    %138 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%136 : tensor<128x256xf32>) outs(%137 : tensor<128x256xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<128x256xbf16>
    %139 = linalg.generic {indexing_maps = [#map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%128 : tensor<256xf32>) outs(%134 : tensor<128x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x256xf32>
    %140 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%138, %139 : tensor<128x256xbf16>, tensor<128x256xf32>) outs(%134 : tensor<128x256xf32>) {
    ^bb0(%in: bf16, %in_103: f32, %out: f32):
      %382 = arith.extf %in : bf16 to f32
      %383 = arith.addf %382, %in_103 : f32
      linalg.yield %383 : f32
    } -> tensor<128x256xf32>
    %141 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%140 : tensor<128x256xf32>) outs(%137 : tensor<128x256xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<128x256xbf16>
    %expanded_48 = tensor.expand_shape %141 [[0, 1], [2]] output_shape [2, 64, 256] : tensor<128x256xbf16> into tensor<2x64x256xbf16>
    %142 = tensor.empty() : tensor<2x64x256xbf16>
    %143 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_48 : tensor<2x64x256xbf16>) outs(%142 : tensor<2x64x256xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %382 = math.fpowi %in, %c3_i64 : bf16, i64
      %383 = arith.mulf %382, %cst_3 : bf16
      %384 = arith.addf %in, %383 : bf16
      %385 = arith.mulf %384, %cst_4 : bf16
      %386 = math.tanh %385 : bf16
      %387 = arith.addf %386, %cst_5 : bf16
      %388 = arith.mulf %387, %cst_6 : bf16
      %389 = arith.mulf %in, %388 : bf16
      linalg.yield %389 : bf16
    } -> tensor<2x64x256xbf16>
    %144 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg13 : tensor<64xf32>) outs(%88 : tensor<64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<64xbf16>
    %145 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg12 : tensor<64x256xf32>) outs(%126 : tensor<64x256xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<64x256xbf16>
    %collapsed_49 = tensor.collapse_shape %143 [[0, 1], [2]] : tensor<2x64x256xbf16> into tensor<128x256xbf16>
    %transposed_50 = linalg.transpose ins(%145 : tensor<64x256xbf16>) outs(%123 : tensor<256x64xbf16>) permutation = [1, 0] 
    %146 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%144 : tensor<64xbf16>) outs(%92 : tensor<64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %382 = arith.extf %in : bf16 to f32
      linalg.yield %382 : f32
    } -> tensor<64xf32>
    %147 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed_49 : tensor<128x256xbf16>) outs(%134 : tensor<128x256xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %382 = arith.extf %in : bf16 to f32
      linalg.yield %382 : f32
    } -> tensor<128x256xf32>
    %148 = tensor.empty() : tensor<256x64xf32>
    %149 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed_50 : tensor<256x64xbf16>) outs(%148 : tensor<256x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %382 = arith.extf %in : bf16 to f32
      linalg.yield %382 : f32
    } -> tensor<256x64xf32>
    %150 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%149 : tensor<256x64xf32>) outs(%123 : tensor<256x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<256x64xbf16>
    %151 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%147 : tensor<128x256xf32>) outs(%137 : tensor<128x256xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<128x256xbf16>
    %152 = linalg.matmul ins(%151, %150 : tensor<128x256xbf16>, tensor<256x64xbf16>) outs(%98 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %153 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%152 : tensor<128x64xf32>) outs(%42 : tensor<128x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<128x64xbf16>
    %154 = linalg.generic {indexing_maps = [#map8, #map4], iterator_types = ["parallel", "parallel"]} ins(%146 : tensor<64xf32>) outs(%37 : tensor<128x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x64xf32>
    %155 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%153, %154 : tensor<128x64xbf16>, tensor<128x64xf32>) outs(%37 : tensor<128x64xf32>) {
    ^bb0(%in: bf16, %in_103: f32, %out: f32):
      %382 = arith.extf %in : bf16 to f32
      %383 = arith.addf %382, %in_103 : f32
      linalg.yield %383 : f32
    } -> tensor<128x64xf32>
    %156 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%155 : tensor<128x64xf32>) outs(%42 : tensor<128x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<128x64xbf16>
    %expanded_51 = tensor.expand_shape %156 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xbf16> into tensor<2x64x64xbf16>
    %157 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%104, %expanded_51 : tensor<2x64x64xf32>, tensor<2x64x64xbf16>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: bf16, %out: f32):
      %382 = arith.extf %in_103 : bf16 to f32
      %383 = arith.addf %in, %382 : f32
      linalg.yield %383 : f32
    } -> tensor<2x64x64xf32>
    %158 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%157 : tensor<2x64x64xf32>) outs(%7 : tensor<2x64x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %382 = arith.extf %in : f32 to f64
      linalg.yield %382 : f64
    } -> tensor<2x64x64xf64>
    %159 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%158 : tensor<2x64x64xf64>) outs(%10 : tensor<2x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %382 = arith.addf %in, %out : f64
      linalg.yield %382 : f64
    } -> tensor<2x64x1xf64>
    %160 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%159 : tensor<2x64x1xf64>) outs(%9 : tensor<2x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %382 = arith.divf %in, %cst_17 : f64
      linalg.yield %382 : f64
    } -> tensor<2x64x1xf64>
    %161 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%158, %160 : tensor<2x64x64xf64>, tensor<2x64x1xf64>) outs(%7 : tensor<2x64x64xf64>) {
    ^bb0(%in: f64, %in_103: f64, %out: f64):
      %382 = arith.subf %in, %in_103 : f64
      linalg.yield %382 : f64
    } -> tensor<2x64x64xf64>
    %162 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%161, %161 : tensor<2x64x64xf64>, tensor<2x64x64xf64>) outs(%7 : tensor<2x64x64xf64>) {
    ^bb0(%in: f64, %in_103: f64, %out: f64):
      %382 = arith.mulf %in, %in_103 : f64
      linalg.yield %382 : f64
    } -> tensor<2x64x64xf64>
    %163 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%162 : tensor<2x64x64xf64>) outs(%10 : tensor<2x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %382 = arith.addf %in, %out : f64
      linalg.yield %382 : f64
    } -> tensor<2x64x1xf64>
    %164 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%163 : tensor<2x64x1xf64>) outs(%9 : tensor<2x64x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %382 = arith.divf %in, %cst_17 : f64
      linalg.yield %382 : f64
    } -> tensor<2x64x1xf64>
    %165 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%164 : tensor<2x64x1xf64>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %382 = arith.truncf %in : f64 to f32
      linalg.yield %382 : f32
    } -> tensor<2x64x1xf32>
    %166 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%157 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.addf %in, %out : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x1xf32>
    %167 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%166 : tensor<2x64x1xf32>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.divf %in, %cst_18 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x1xf32>
    %168 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%165 : tensor<2x64x1xf32>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.truncf %cst_16 : f64 to f32
      %383 = arith.addf %in, %382 : f32
      linalg.yield %383 : f32
    } -> tensor<2x64x1xf32>
    %169 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%168 : tensor<2x64x1xf32>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = math.rsqrt %in : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x1xf32>
    %170 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%157, %167 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.subf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %171 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%170, %169 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.mulf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %172 = linalg.generic {indexing_maps = [#map2, #map7, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%171, %arg14 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.mulf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %173 = linalg.generic {indexing_maps = [#map2, #map7, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%172, %arg15 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.addf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %174 = tensor.empty() : tensor<1024x64xbf16>
    %175 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg16 : tensor<1024x64xf32>) outs(%174 : tensor<1024x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<1024x64xbf16>
    %176 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%173 : tensor<2x64x64xf32>) outs(%32 : tensor<2x64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<2x64x64xbf16>
    %177 = tensor.empty() : tensor<64x1024xbf16>
    %transposed_52 = linalg.transpose ins(%175 : tensor<1024x64xbf16>) outs(%177 : tensor<64x1024xbf16>) permutation = [1, 0] 
    %collapsed_53 = tensor.collapse_shape %176 [[0, 1], [2]] : tensor<2x64x64xbf16> into tensor<128x64xbf16>
    %178 = tensor.empty() : tensor<128x1024xf32>
    %179 = linalg.fill ins(%cst_0 : f32) outs(%178 : tensor<128x1024xf32>) -> tensor<128x1024xf32>
    %180 = linalg.matmul ins(%collapsed_53, %transposed_52 : tensor<128x64xbf16>, tensor<64x1024xbf16>) outs(%179 : tensor<128x1024xf32>) -> tensor<128x1024xf32>
    %181 = tensor.empty() : tensor<128x1024xbf16>
    %182 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%180 : tensor<128x1024xf32>) outs(%181 : tensor<128x1024xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<128x1024xbf16>
    %collapsed_54 = tensor.collapse_shape %arg18 [[0, 1]] : tensor<2x64xi64> into tensor<128xi64>
    %183 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%182 : tensor<128x1024xbf16>) outs(%178 : tensor<128x1024xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %382 = arith.extf %in : bf16 to f32
      linalg.yield %382 : f32
    } -> tensor<128x1024xf32>
    %184 = tensor.empty() : tensor<128xi64>
    %185 = linalg.fill ins(%c0_i64 : i64) outs(%184 : tensor<128xi64>) -> tensor<128xi64>
    %186 = tensor.empty() : tensor<128xf32>
    %187 = linalg.fill ins(%cst_2 : f32) outs(%186 : tensor<128xf32>) -> tensor<128xf32>
    %188:2 = linalg.generic {indexing_maps = [#map4, #map3, #map3], iterator_types = ["parallel", "reduction"]} ins(%183 : tensor<128x1024xf32>) outs(%187, %185 : tensor<128xf32>, tensor<128xi64>) {
    ^bb0(%in: f32, %out: f32, %out_103: i64):
      %382 = linalg.index 1 : index
      %383 = arith.index_cast %382 : index to i64
      %384 = arith.maximumf %in, %out : f32
      %385 = arith.cmpf ogt, %in, %out : f32
      %386 = arith.select %385, %383, %out_103 : i64
      linalg.yield %384, %386 : f32, i64
    } -> (tensor<128xf32>, tensor<128xi64>)
    %expanded_55 = tensor.expand_shape %188#0 [[0, 1]] output_shape [128, 1] : tensor<128xf32> into tensor<128x1xf32>
    %189 = linalg.generic {indexing_maps = [#map4, #map11, #map4], iterator_types = ["parallel", "parallel"]} ins(%183, %expanded_55 : tensor<128x1024xf32>, tensor<128x1xf32>) outs(%178 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.subf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<128x1024xf32>
    %190 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%189 : tensor<128x1024xf32>) outs(%178 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = math.exp %in : f32
      linalg.yield %382 : f32
    } -> tensor<128x1024xf32>
    %191 = tensor.empty() : tensor<128x1xf32>
    %192 = linalg.fill ins(%cst_0 : f32) outs(%191 : tensor<128x1xf32>) -> tensor<128x1xf32>
    %193 = linalg.generic {indexing_maps = [#map4, #map11], iterator_types = ["parallel", "reduction"]} ins(%190 : tensor<128x1024xf32>) outs(%192 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.addf %in, %out : f32
      linalg.yield %382 : f32
    } -> tensor<128x1xf32>
    %194 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%193 : tensor<128x1xf32>) outs(%191 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = math.log %in : f32
      linalg.yield %382 : f32
    } -> tensor<128x1xf32>
    %195 = linalg.generic {indexing_maps = [#map4, #map11, #map4], iterator_types = ["parallel", "parallel"]} ins(%189, %194 : tensor<128x1024xf32>, tensor<128x1xf32>) outs(%178 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.subf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<128x1024xf32>
    %196 = tensor.empty() : tensor<128xi1>
    %197 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%collapsed_54 : tensor<128xi64>) outs(%196 : tensor<128xi1>) {
    ^bb0(%in: i64, %out: i1):
      %382 = arith.cmpi ne, %in, %c-100_i64 : i64
      linalg.yield %382 : i1
    } -> tensor<128xi1>
    %198 = linalg.generic {indexing_maps = [#map, #map, #map16, #map], iterator_types = ["parallel"]} ins(%197, %collapsed_54, %cst_23 : tensor<128xi1>, tensor<128xi64>, tensor<i64>) outs(%184 : tensor<128xi64>) {
    ^bb0(%in: i1, %in_103: i64, %in_104: i64, %out: i64):
      %382 = arith.select %in, %in_103, %in_104 : i64
      linalg.yield %382 : i64
    } -> tensor<128xi64>
    %expanded_56 = tensor.expand_shape %198 [[0, 1]] output_shape [128, 1] : tensor<128xi64> into tensor<128x1xi64>
    %199 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%expanded_56 : tensor<128x1xi64>) outs(%192 : tensor<128x1xf32>) {
    ^bb0(%in: i64, %out: f32):
      %382 = linalg.index 0 : index
      %383 = arith.index_cast %in : i64 to index
      %384 = arith.cmpi slt, %383, %c1024 : index
      cf.assert %384, "index must be smaller than dim size"
      %385 = arith.cmpi sge, %in, %c0_i64 : i64
      cf.assert %385, "index must be larger or equal to 0"
      %extracted = tensor.extract %195[%382, %383] : tensor<128x1024xf32>
      linalg.yield %extracted : f32
    } -> tensor<128x1xf32>
    %collapsed_57 = tensor.collapse_shape %199 [[0, 1]] : tensor<128x1xf32> into tensor<128xf32>
    %200 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%collapsed_57 : tensor<128xf32>) outs(%186 : tensor<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.negf %in : f32
      linalg.yield %382 : f32
    } -> tensor<128xf32>
    %201 = linalg.generic {indexing_maps = [#map, #map, #map16, #map], iterator_types = ["parallel"]} ins(%197, %200, %cst_9 : tensor<128xi1>, tensor<128xf32>, tensor<f32>) outs(%186 : tensor<128xf32>) {
    ^bb0(%in: i1, %in_103: f32, %in_104: f32, %out: f32):
      %382 = arith.select %in, %in_103, %in_104 : f32
      linalg.yield %382 : f32
    } -> tensor<128xf32>
    %202 = tensor.empty() : tensor<i64>
    %203 = linalg.fill ins(%c0_i64 : i64) outs(%202 : tensor<i64>) -> tensor<i64>
    %204 = linalg.generic {indexing_maps = [#map, #map16], iterator_types = ["reduction"]} ins(%197 : tensor<128xi1>) outs(%203 : tensor<i64>) {
    ^bb0(%in: i1, %out: i64):
      %382 = arith.extui %in : i1 to i64
      %383 = arith.addi %382, %out : i64
      linalg.yield %383 : i64
    } -> tensor<i64>
    %205 = tensor.empty() : tensor<f32>
    %206 = linalg.generic {indexing_maps = [#map17, #map17], iterator_types = []} ins(%204 : tensor<i64>) outs(%205 : tensor<f32>) {
    ^bb0(%in: i64, %out: f32):
      %382 = arith.sitofp %in : i64 to f32
      linalg.yield %382 : f32
    } -> tensor<f32>
    %207 = linalg.fill ins(%cst_0 : f32) outs(%205 : tensor<f32>) -> tensor<f32>
    %208 = linalg.generic {indexing_maps = [#map, #map16], iterator_types = ["reduction"]} ins(%201 : tensor<128xf32>) outs(%207 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.addf %in, %out : f32
      linalg.yield %382 : f32
    } -> tensor<f32>
    %209 = linalg.generic {indexing_maps = [#map17, #map17, #map17], iterator_types = []} ins(%208, %206 : tensor<f32>, tensor<f32>) outs(%205 : tensor<f32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.divf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<f32>
    %210 = linalg.generic {indexing_maps = [#map18, #map3, #map18, #map4], iterator_types = ["parallel", "parallel"]} ins(%cst_8, %collapsed_54, %206 : tensor<f32>, tensor<128xi64>, tensor<f32>) outs(%179 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %in_103: i64, %in_104: f32, %out: f32):
      %382 = arith.index_cast %in_103 : i64 to index
      %383 = linalg.index 1 : index
      %384 = arith.divf %in, %in_104 : f32
      %385 = arith.negf %384 : f32
      %386 = arith.cmpi ne, %382, %383 : index
      %387 = arith.cmpi eq, %382, %c-100 : index
      %388 = arith.ori %386, %387 : i1
      %389 = arith.select %388, %cst_0, %385 : f32
      linalg.yield %389 : f32
    } -> tensor<128x1024xf32>
    %211 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%195 : tensor<128x1024xf32>) outs(%178 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = math.exp %in : f32
      linalg.yield %382 : f32
    } -> tensor<128x1024xf32>
    %212 = linalg.generic {indexing_maps = [#map4, #map11], iterator_types = ["parallel", "reduction"]} ins(%210 : tensor<128x1024xf32>) outs(%192 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.addf %in, %out : f32
      linalg.yield %382 : f32
    } -> tensor<128x1xf32>
    %collapsed_58 = tensor.collapse_shape %212 [[0, 1]] : tensor<128x1xf32> into tensor<128xf32>
    %213 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed_58 : tensor<128xf32>) outs(%178 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x1024xf32>
    %214 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%211, %213 : tensor<128x1024xf32>, tensor<128x1024xf32>) outs(%178 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.mulf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<128x1024xf32>
    %215 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%210, %214 : tensor<128x1024xf32>, tensor<128x1024xf32>) outs(%178 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.subf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<128x1024xf32>
    %216 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%215 : tensor<128x1024xf32>) outs(%181 : tensor<128x1024xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<128x1024xbf16>
    %217 = tensor.empty() : tensor<1024x128xbf16>
    %transposed_59 = linalg.transpose ins(%216 : tensor<128x1024xbf16>) outs(%217 : tensor<1024x128xbf16>) permutation = [1, 0] 
    %218 = tensor.empty() : tensor<1024x64xf32>
    %219 = linalg.fill ins(%cst_0 : f32) outs(%218 : tensor<1024x64xf32>) -> tensor<1024x64xf32>
    %220 = linalg.matmul ins(%transposed_59, %collapsed_53 : tensor<1024x128xbf16>, tensor<128x64xbf16>) outs(%219 : tensor<1024x64xf32>) -> tensor<1024x64xf32>
    %221 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%220 : tensor<1024x64xf32>) outs(%174 : tensor<1024x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<1024x64xbf16>
    %222 = linalg.matmul ins(%216, %175 : tensor<128x1024xbf16>, tensor<1024x64xbf16>) outs(%98 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %223 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%222 : tensor<128x64xf32>) outs(%42 : tensor<128x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<128x64xbf16>
    %expanded_60 = tensor.expand_shape %223 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xbf16> into tensor<2x64x64xbf16>
    %224 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_60 : tensor<2x64x64xbf16>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %382 = arith.extf %in : bf16 to f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %225 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%221 : tensor<1024x64xbf16>) outs(%218 : tensor<1024x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %382 = arith.extf %in : bf16 to f32
      linalg.yield %382 : f32
    } -> tensor<1024x64xf32>
    %226 = linalg.generic {indexing_maps = [#map2, #map7, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%224, %arg14 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.mulf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %227 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%226 : tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.mulf %in, %cst_18 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %228 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%226 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.addf %in, %out : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x1xf32>
    %229 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%226, %171 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.mulf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %230 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%229 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.addf %in, %out : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x1xf32>
    %231 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%171, %230 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.mulf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %232 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%227, %228 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.subf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %233 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%232, %231 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.subf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %234 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%169 : tensor<2x64x1xf32>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.divf %in, %cst_18 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x1xf32>
    %235 = linalg.generic {indexing_maps = [#map6, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%234, %233 : tensor<2x64x1xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.mulf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %236 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%224, %171 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.mulf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %237 = linalg.fill ins(%cst_0 : f32) outs(%92 : tensor<64xf32>) -> tensor<64xf32>
    %238 = linalg.generic {indexing_maps = [#map2, #map7], iterator_types = ["reduction", "reduction", "parallel"]} ins(%236 : tensor<2x64x64xf32>) outs(%237 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.addf %in, %out : f32
      linalg.yield %382 : f32
    } -> tensor<64xf32>
    %239 = linalg.generic {indexing_maps = [#map2, #map7], iterator_types = ["reduction", "reduction", "parallel"]} ins(%224 : tensor<2x64x64xf32>) outs(%237 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.addf %in, %out : f32
      linalg.yield %382 : f32
    } -> tensor<64xf32>
    %240 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%235 : tensor<2x64x64xf32>) outs(%32 : tensor<2x64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<2x64x64xbf16>
    %collapsed_61 = tensor.collapse_shape %240 [[0, 1], [2]] : tensor<2x64x64xbf16> into tensor<128x64xbf16>
    %241 = linalg.matmul ins(%collapsed_61, %145 : tensor<128x64xbf16>, tensor<64x256xbf16>) outs(%135 : tensor<128x256xf32>) -> tensor<128x256xf32>
    %242 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%241 : tensor<128x256xf32>) outs(%137 : tensor<128x256xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<128x256xbf16>
    %243 = tensor.empty() : tensor<64x128xbf16>
    %transposed_62 = linalg.transpose ins(%collapsed_61 : tensor<128x64xbf16>) outs(%243 : tensor<64x128xbf16>) permutation = [1, 0] 
    %244 = linalg.fill ins(%cst_0 : f32) outs(%130 : tensor<64x256xf32>) -> tensor<64x256xf32>
    %245 = linalg.matmul ins(%transposed_62, %collapsed_49 : tensor<64x128xbf16>, tensor<128x256xbf16>) outs(%244 : tensor<64x256xf32>) -> tensor<64x256xf32>
    %246 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%245 : tensor<64x256xf32>) outs(%126 : tensor<64x256xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<64x256xbf16>
    %247 = tensor.empty() : tensor<1x64xbf16>
    %248 = linalg.fill ins(%cst_1 : bf16) outs(%247 : tensor<1x64xbf16>) -> tensor<1x64xbf16>
    %249 = linalg.generic {indexing_maps = [#map4, #map10], iterator_types = ["reduction", "parallel"]} ins(%collapsed_61 : tensor<128x64xbf16>) outs(%248 : tensor<1x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %382 = arith.addf %in, %out : bf16
      linalg.yield %382 : bf16
    } -> tensor<1x64xbf16>
    %collapsed_63 = tensor.collapse_shape %249 [[0, 1]] : tensor<1x64xbf16> into tensor<64xbf16>
    %expanded_64 = tensor.expand_shape %242 [[0, 1], [2]] output_shape [2, 64, 256] : tensor<128x256xbf16> into tensor<2x64x256xbf16>
    %250 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%246 : tensor<64x256xbf16>) outs(%130 : tensor<64x256xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %382 = arith.extf %in : bf16 to f32
      linalg.yield %382 : f32
    } -> tensor<64x256xf32>
    %251 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%collapsed_63 : tensor<64xbf16>) outs(%92 : tensor<64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %382 = arith.extf %in : bf16 to f32
      linalg.yield %382 : f32
    } -> tensor<64xf32>
    %252 = tensor.empty() : tensor<2x64x256xf32>
    %253 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_64 : tensor<2x64x256xbf16>) outs(%252 : tensor<2x64x256xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %382 = arith.extf %in : bf16 to f32
      linalg.yield %382 : f32
    } -> tensor<2x64x256xf32>
    %254 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_48 : tensor<2x64x256xbf16>) outs(%252 : tensor<2x64x256xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %382 = arith.extf %in : bf16 to f32
      linalg.yield %382 : f32
    } -> tensor<2x64x256xf32>
    %255 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%254, %254 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%252 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.mulf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x256xf32>
    %256 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%255, %254 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%252 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.mulf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x256xf32>
    %257 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%256 : tensor<2x64x256xf32>) outs(%252 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.truncf %cst_14 : f64 to f32
      %383 = arith.mulf %in, %382 : f32
      linalg.yield %383 : f32
    } -> tensor<2x64x256xf32>
    %258 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%254, %257 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%252 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.addf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x256xf32>
    %259 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%258 : tensor<2x64x256xf32>) outs(%252 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.truncf %cst_13 : f64 to f32
      %383 = arith.mulf %in, %382 : f32
      linalg.yield %383 : f32
    } -> tensor<2x64x256xf32>
    %260 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%259 : tensor<2x64x256xf32>) outs(%252 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = math.tanh %in : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x256xf32>
    %261 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%254 : tensor<2x64x256xf32>) outs(%252 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.mulf %in, %cst_19 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x256xf32>
    %262 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%260 : tensor<2x64x256xf32>) outs(%252 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.addf %in, %cst_20 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x256xf32>
    %263 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%262 : tensor<2x64x256xf32>) outs(%252 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.mulf %in, %cst_19 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x256xf32>
    %264 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%260, %260 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%252 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.mulf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x256xf32>
    %265 = linalg.generic {indexing_maps = [#map19, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%cst_24, %264 : tensor<i64>, tensor<2x64x256xf32>) outs(%252 : tensor<2x64x256xf32>) {
    ^bb0(%in: i64, %in_103: f32, %out: f32):
      %382 = arith.sitofp %in : i64 to f32
      %383 = arith.subf %382, %in_103 : f32
      linalg.yield %383 : f32
    } -> tensor<2x64x256xf32>
    %266 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%255 : tensor<2x64x256xf32>) outs(%252 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.truncf %cst_12 : f64 to f32
      %383 = arith.mulf %in, %382 : f32
      linalg.yield %383 : f32
    } -> tensor<2x64x256xf32>
    %267 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%266 : tensor<2x64x256xf32>) outs(%252 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.addf %in, %cst_20 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x256xf32>
    %268 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%267 : tensor<2x64x256xf32>) outs(%252 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.truncf %cst_13 : f64 to f32
      %383 = arith.mulf %in, %382 : f32
      linalg.yield %383 : f32
    } -> tensor<2x64x256xf32>
    %269 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%261, %265 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%252 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.mulf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x256xf32>
    %270 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%269, %268 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%252 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.mulf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x256xf32>
    %271 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%263, %270 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%252 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.addf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x256xf32>
    %272 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%253, %271 : tensor<2x64x256xf32>, tensor<2x64x256xf32>) outs(%252 : tensor<2x64x256xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.mulf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x256xf32>
    %273 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%272 : tensor<2x64x256xf32>) outs(%142 : tensor<2x64x256xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<2x64x256xbf16>
    %collapsed_65 = tensor.collapse_shape %273 [[0, 1], [2]] : tensor<2x64x256xbf16> into tensor<128x256xbf16>
    %274 = linalg.matmul ins(%collapsed_65, %124 : tensor<128x256xbf16>, tensor<256x64xbf16>) outs(%98 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %275 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%274 : tensor<128x64xf32>) outs(%42 : tensor<128x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<128x64xbf16>
    %276 = tensor.empty() : tensor<256x128xbf16>
    %transposed_66 = linalg.transpose ins(%collapsed_65 : tensor<128x256xbf16>) outs(%276 : tensor<256x128xbf16>) permutation = [1, 0] 
    %277 = linalg.fill ins(%cst_0 : f32) outs(%148 : tensor<256x64xf32>) -> tensor<256x64xf32>
    %278 = linalg.matmul ins(%transposed_66, %collapsed_46 : tensor<256x128xbf16>, tensor<128x64xbf16>) outs(%277 : tensor<256x64xf32>) -> tensor<256x64xf32>
    %279 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%278 : tensor<256x64xf32>) outs(%123 : tensor<256x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<256x64xbf16>
    %280 = tensor.empty() : tensor<1x256xbf16>
    %281 = linalg.fill ins(%cst_1 : bf16) outs(%280 : tensor<1x256xbf16>) -> tensor<1x256xbf16>
    %282 = linalg.generic {indexing_maps = [#map4, #map10], iterator_types = ["reduction", "parallel"]} ins(%collapsed_65 : tensor<128x256xbf16>) outs(%281 : tensor<1x256xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %382 = arith.addf %in, %out : bf16
      linalg.yield %382 : bf16
    } -> tensor<1x256xbf16>
    %collapsed_67 = tensor.collapse_shape %282 [[0, 1]] : tensor<1x256xbf16> into tensor<256xbf16>
    %expanded_68 = tensor.expand_shape %275 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xbf16> into tensor<2x64x64xbf16>
    %283 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_68 : tensor<2x64x64xbf16>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %382 = arith.extf %in : bf16 to f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %284 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%279 : tensor<256x64xbf16>) outs(%148 : tensor<256x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %382 = arith.extf %in : bf16 to f32
      linalg.yield %382 : f32
    } -> tensor<256x64xf32>
    %285 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%collapsed_67 : tensor<256xbf16>) outs(%127 : tensor<256xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %382 = arith.extf %in : bf16 to f32
      linalg.yield %382 : f32
    } -> tensor<256xf32>
    %286 = linalg.generic {indexing_maps = [#map2, #map7, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%283, %arg8 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.mulf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %287 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%286 : tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.mulf %in, %cst_18 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %288 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%286 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.addf %in, %out : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x1xf32>
    %289 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%286, %118 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.mulf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %290 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%289 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.addf %in, %out : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x1xf32>
    %291 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%118, %290 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.mulf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %292 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%287, %288 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.subf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %293 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%292, %291 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.subf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %294 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%116 : tensor<2x64x1xf32>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.divf %in, %cst_18 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x1xf32>
    %295 = linalg.generic {indexing_maps = [#map6, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%294, %293 : tensor<2x64x1xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.mulf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %296 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%283, %118 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.mulf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %297 = linalg.generic {indexing_maps = [#map2, #map7], iterator_types = ["reduction", "reduction", "parallel"]} ins(%296 : tensor<2x64x64xf32>) outs(%237 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.addf %in, %out : f32
      linalg.yield %382 : f32
    } -> tensor<64xf32>
    %298 = linalg.generic {indexing_maps = [#map2, #map7], iterator_types = ["reduction", "reduction", "parallel"]} ins(%283 : tensor<2x64x64xf32>) outs(%237 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.addf %in, %out : f32
      linalg.yield %382 : f32
    } -> tensor<64xf32>
    %299 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%235, %295 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.addf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %300 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%299 : tensor<2x64x64xf32>) outs(%32 : tensor<2x64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<2x64x64xbf16>
    %collapsed_69 = tensor.collapse_shape %300 [[0, 1], [2]] : tensor<2x64x64xbf16> into tensor<128x64xbf16>
    %301 = linalg.matmul ins(%collapsed_69, %91 : tensor<128x64xbf16>, tensor<64x64xbf16>) outs(%98 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %302 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%301 : tensor<128x64xf32>) outs(%42 : tensor<128x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<128x64xbf16>
    %transposed_70 = linalg.transpose ins(%collapsed_69 : tensor<128x64xbf16>) outs(%243 : tensor<64x128xbf16>) permutation = [1, 0] 
    %303 = linalg.fill ins(%cst_0 : f32) outs(%4 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %304 = linalg.matmul ins(%transposed_70, %collapsed_43 : tensor<64x128xbf16>, tensor<128x64xbf16>) outs(%303 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %305 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%304 : tensor<64x64xf32>) outs(%90 : tensor<64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<64x64xbf16>
    %306 = linalg.generic {indexing_maps = [#map4, #map10], iterator_types = ["reduction", "parallel"]} ins(%collapsed_69 : tensor<128x64xbf16>) outs(%248 : tensor<1x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %382 = arith.addf %in, %out : bf16
      linalg.yield %382 : bf16
    } -> tensor<1x64xbf16>
    %collapsed_71 = tensor.collapse_shape %306 [[0, 1]] : tensor<1x64xbf16> into tensor<64xbf16>
    %307 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%305 : tensor<64x64xbf16>) outs(%4 : tensor<64x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %382 = arith.extf %in : bf16 to f32
      linalg.yield %382 : f32
    } -> tensor<64x64xf32>
    %308 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%collapsed_71 : tensor<64xbf16>) outs(%92 : tensor<64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %382 = arith.extf %in : bf16 to f32
      linalg.yield %382 : f32
    } -> tensor<64xf32>
    %expanded_72 = tensor.expand_shape %302 [[0, 1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<128x64xbf16> into tensor<2x64x2x32xbf16>
    %transposed_73 = linalg.transpose ins(%expanded_72 : tensor<2x64x2x32xbf16>) outs(%52 : tensor<2x2x64x32xbf16>) permutation = [0, 2, 1, 3] 
    %collapsed_74 = tensor.collapse_shape %transposed_73 [[0, 1], [2], [3]] : tensor<2x2x64x32xbf16> into tensor<4x64x32xbf16>
    %transposed_75 = linalg.transpose ins(%collapsed_39 : tensor<4x64x64xbf16>) outs(%57 : tensor<4x64x64xbf16>) permutation = [0, 2, 1] 
    %309 = linalg.batch_matmul ins(%transposed_75, %collapsed_74 : tensor<4x64x64xbf16>, tensor<4x64x32xbf16>) outs(%83 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %310 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%309 : tensor<4x64x32xf32>) outs(%85 : tensor<4x64x32xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<4x64x32xbf16>
    %311 = tensor.empty() : tensor<4x32x64xbf16>
    %transposed_76 = linalg.transpose ins(%collapsed_40 : tensor<4x64x32xbf16>) outs(%311 : tensor<4x32x64xbf16>) permutation = [0, 2, 1] 
    %312 = linalg.batch_matmul ins(%collapsed_74, %transposed_76 : tensor<4x64x32xbf16>, tensor<4x32x64xbf16>) outs(%55 : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
    %313 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%312 : tensor<4x64x64xf32>) outs(%57 : tensor<4x64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<4x64x64xbf16>
    %expanded_77 = tensor.expand_shape %310 [[0, 1], [2], [3]] output_shape [2, 2, 64, 32] : tensor<4x64x32xbf16> into tensor<2x2x64x32xbf16>
    %expanded_78 = tensor.expand_shape %313 [[0, 1], [2], [3]] output_shape [2, 2, 64, 64] : tensor<4x64x64xbf16> into tensor<2x2x64x64xbf16>
    %314 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_78 : tensor<2x2x64x64xbf16>) outs(%68 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %382 = arith.extf %in : bf16 to f32
      linalg.yield %382 : f32
    } -> tensor<2x2x64x64xf32>
    %315 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%81 : tensor<2x2x64x64xbf16>) outs(%68 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %382 = arith.extf %in : bf16 to f32
      linalg.yield %382 : f32
    } -> tensor<2x2x64x64xf32>
    %316 = linalg.generic {indexing_maps = [#map9, #map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%314, %315 : tensor<2x2x64x64xf32>, tensor<2x2x64x64xf32>) outs(%68 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.mulf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x2x64x64xf32>
    %317 = linalg.generic {indexing_maps = [#map9, #map15], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%316 : tensor<2x2x64x64xf32>) outs(%78 : tensor<2x2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.addf %in, %out : f32
      linalg.yield %382 : f32
    } -> tensor<2x2x64x1xf32>
    %318 = linalg.generic {indexing_maps = [#map9, #map15, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%315, %317 : tensor<2x2x64x64xf32>, tensor<2x2x64x1xf32>) outs(%68 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.mulf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x2x64x64xf32>
    %319 = linalg.generic {indexing_maps = [#map9, #map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%316, %318 : tensor<2x2x64x64xf32>, tensor<2x2x64x64xf32>) outs(%68 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.subf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x2x64x64xf32>
    %320 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%319 : tensor<2x2x64x64xf32>) outs(%59 : tensor<2x2x64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<2x2x64x64xbf16>
    %321 = linalg.generic {indexing_maps = [#map12, #map13, #map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%66, %cst_7, %320 : tensor<64x64xi1>, tensor<bf16>, tensor<2x2x64x64xbf16>) outs(%59 : tensor<2x2x64x64xbf16>) {
    ^bb0(%in: i1, %in_103: bf16, %in_104: bf16, %out: bf16):
      %382 = arith.select %in, %in_103, %in_104 : bf16
      linalg.yield %382 : bf16
    } -> tensor<2x2x64x64xbf16>
    %322 = linalg.generic {indexing_maps = [#map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%321 : tensor<2x2x64x64xbf16>) outs(%59 : tensor<2x2x64x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %382 = arith.truncf %cst_15 : f64 to bf16
      %383 = arith.mulf %in, %382 : bf16
      linalg.yield %383 : bf16
    } -> tensor<2x2x64x64xbf16>
    %collapsed_79 = tensor.collapse_shape %322 [[0, 1], [2], [3]] : tensor<2x2x64x64xbf16> into tensor<4x64x64xbf16>
    %transposed_80 = linalg.transpose ins(%collapsed_33 : tensor<4x64x32xbf16>) outs(%311 : tensor<4x32x64xbf16>) permutation = [0, 2, 1] 
    %323 = tensor.empty() : tensor<4x32x64xf32>
    %324 = linalg.fill ins(%cst_0 : f32) outs(%323 : tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %325 = linalg.batch_matmul ins(%transposed_80, %collapsed_79 : tensor<4x32x64xbf16>, tensor<4x64x64xbf16>) outs(%324 : tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %326 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%325 : tensor<4x32x64xf32>) outs(%311 : tensor<4x32x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<4x32x64xbf16>
    %transposed_81 = linalg.transpose ins(%collapsed_34 : tensor<4x32x64xbf16>) outs(%85 : tensor<4x64x32xbf16>) permutation = [0, 2, 1] 
    %327 = linalg.batch_matmul ins(%collapsed_79, %transposed_81 : tensor<4x64x64xbf16>, tensor<4x64x32xbf16>) outs(%83 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %328 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%327 : tensor<4x64x32xf32>) outs(%85 : tensor<4x64x32xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<4x64x32xbf16>
    %expanded_82 = tensor.expand_shape %326 [[0, 1], [2], [3]] output_shape [2, 2, 32, 64] : tensor<4x32x64xbf16> into tensor<2x2x32x64xbf16>
    %expanded_83 = tensor.expand_shape %328 [[0, 1], [2], [3]] output_shape [2, 2, 64, 32] : tensor<4x64x32xbf16> into tensor<2x2x64x32xbf16>
    %transposed_84 = linalg.transpose ins(%expanded_77 : tensor<2x2x64x32xbf16>) outs(%87 : tensor<2x64x2x32xbf16>) permutation = [0, 2, 1, 3] 
    %collapsed_85 = tensor.collapse_shape %transposed_84 [[0], [1], [2, 3]] : tensor<2x64x2x32xbf16> into tensor<2x64x64xbf16>
    %transposed_86 = linalg.transpose ins(%expanded_82 : tensor<2x2x32x64xbf16>) outs(%87 : tensor<2x64x2x32xbf16>) permutation = [0, 3, 1, 2] 
    %collapsed_87 = tensor.collapse_shape %transposed_86 [[0], [1], [2, 3]] : tensor<2x64x2x32xbf16> into tensor<2x64x64xbf16>
    %transposed_88 = linalg.transpose ins(%expanded_83 : tensor<2x2x64x32xbf16>) outs(%87 : tensor<2x64x2x32xbf16>) permutation = [0, 2, 1, 3] 
    %collapsed_89 = tensor.collapse_shape %transposed_88 [[0], [1], [2, 3]] : tensor<2x64x2x32xbf16> into tensor<2x64x64xbf16>
    %concat = tensor.concat dim(2) %collapsed_89, %collapsed_87, %collapsed_85 : (tensor<2x64x64xbf16>, tensor<2x64x64xbf16>, tensor<2x64x64xbf16>) -> tensor<2x64x192xbf16>
    %collapsed_90 = tensor.collapse_shape %concat [[0, 1], [2]] : tensor<2x64x192xbf16> into tensor<128x192xbf16>
    %329 = linalg.matmul ins(%collapsed_90, %31 : tensor<128x192xbf16>, tensor<192x64xbf16>) outs(%98 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %330 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%329 : tensor<128x64xf32>) outs(%42 : tensor<128x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<128x64xbf16>
    %331 = tensor.empty() : tensor<192x128xbf16>
    %transposed_91 = linalg.transpose ins(%collapsed_90 : tensor<128x192xbf16>) outs(%331 : tensor<192x128xbf16>) permutation = [1, 0] 
    %332 = tensor.empty() : tensor<192x64xf32>
    %333 = linalg.fill ins(%cst_0 : f32) outs(%332 : tensor<192x64xf32>) -> tensor<192x64xf32>
    %334 = linalg.matmul ins(%transposed_91, %collapsed : tensor<192x128xbf16>, tensor<128x64xbf16>) outs(%333 : tensor<192x64xf32>) -> tensor<192x64xf32>
    %335 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%334 : tensor<192x64xf32>) outs(%30 : tensor<192x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %382 = arith.truncf %in : f32 to bf16
      linalg.yield %382 : bf16
    } -> tensor<192x64xbf16>
    %336 = tensor.empty() : tensor<1x192xbf16>
    %337 = linalg.fill ins(%cst_1 : bf16) outs(%336 : tensor<1x192xbf16>) -> tensor<1x192xbf16>
    %338 = linalg.generic {indexing_maps = [#map4, #map10], iterator_types = ["reduction", "parallel"]} ins(%collapsed_90 : tensor<128x192xbf16>) outs(%337 : tensor<1x192xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %382 = arith.addf %in, %out : bf16
      linalg.yield %382 : bf16
    } -> tensor<1x192xbf16>
    %collapsed_92 = tensor.collapse_shape %338 [[0, 1]] : tensor<1x192xbf16> into tensor<192xbf16>
    %expanded_93 = tensor.expand_shape %330 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xbf16> into tensor<2x64x64xbf16>
    %339 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_93 : tensor<2x64x64xbf16>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %382 = arith.extf %in : bf16 to f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %340 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%335 : tensor<192x64xbf16>) outs(%332 : tensor<192x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %382 = arith.extf %in : bf16 to f32
      linalg.yield %382 : f32
    } -> tensor<192x64xf32>
    %341 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%collapsed_92 : tensor<192xbf16>) outs(%35 : tensor<192xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %382 = arith.extf %in : bf16 to f32
      linalg.yield %382 : f32
    } -> tensor<192xf32>
    %342 = linalg.generic {indexing_maps = [#map2, #map7, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%339, %arg2 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.mulf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %343 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%342 : tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.mulf %in, %cst_18 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %344 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%342 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.addf %in, %out : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x1xf32>
    %345 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%342, %25 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.mulf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %346 = linalg.generic {indexing_maps = [#map2, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%345 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.addf %in, %out : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x1xf32>
    %347 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%25, %346 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.mulf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %348 = linalg.generic {indexing_maps = [#map2, #map6, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%343, %344 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.subf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %349 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%348, %347 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.subf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %350 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%23 : tensor<2x64x1xf32>) outs(%17 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.divf %in, %cst_18 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x1xf32>
    %351 = linalg.generic {indexing_maps = [#map6, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%350, %349 : tensor<2x64x1xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.mulf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %352 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%339, %25 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.mulf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %353 = linalg.generic {indexing_maps = [#map2, #map7], iterator_types = ["reduction", "reduction", "parallel"]} ins(%352 : tensor<2x64x64xf32>) outs(%237 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.addf %in, %out : f32
      linalg.yield %382 : f32
    } -> tensor<64xf32>
    %354 = linalg.generic {indexing_maps = [#map2, #map7], iterator_types = ["reduction", "reduction", "parallel"]} ins(%339 : tensor<2x64x64xf32>) outs(%237 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.addf %in, %out : f32
      linalg.yield %382 : f32
    } -> tensor<64xf32>
    %355 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%299, %351 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_103: f32, %out: f32):
      %382 = arith.addf %in, %in_103 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %356 = tensor.empty() : tensor<1x64x64xf32>
    %357 = linalg.fill ins(%cst_0 : f32) outs(%356 : tensor<1x64x64xf32>) -> tensor<1x64x64xf32>
    %358 = linalg.generic {indexing_maps = [#map2, #map20], iterator_types = ["reduction", "parallel", "parallel"]} ins(%355 : tensor<2x64x64xf32>) outs(%357 : tensor<1x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %382 = arith.addf %in, %out : f32
      linalg.yield %382 : f32
    } -> tensor<1x64x64xf32>
    %collapsed_94 = tensor.collapse_shape %358 [[0, 1], [2]] : tensor<1x64x64xf32> into tensor<64x64xf32>
    %359 = tensor.empty() : tensor<64xi1>
    %360 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%1 : tensor<64xi64>) outs(%359 : tensor<64xi1>) {
    ^bb0(%in: i64, %out: i1):
      %382 = arith.cmpi sge, %in, %c0_i64 : i64
      linalg.yield %382 : i1
    } -> tensor<64xi1>
    %361 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%1 : tensor<64xi64>) outs(%359 : tensor<64xi1>) {
    ^bb0(%in: i64, %out: i1):
      %382 = arith.cmpi slt, %in, %c64_i64 : i64
      linalg.yield %382 : i1
    } -> tensor<64xi1>
    %362 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%360, %361 : tensor<64xi1>, tensor<64xi1>) outs(%359 : tensor<64xi1>) {
    ^bb0(%in: i1, %in_103: i1, %out: i1):
      %382 = arith.andi %in, %in_103 : i1
      linalg.yield %382 : i1
    } -> tensor<64xi1>
    %363 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%1 : tensor<64xi64>) outs(%359 : tensor<64xi1>) {
    ^bb0(%in: i64, %out: i1):
      %382 = arith.cmpi ne, %in, %c-1_i64 : i64
      linalg.yield %382 : i1
    } -> tensor<64xi1>
    %364 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%362, %363 : tensor<64xi1>, tensor<64xi1>) outs(%359 : tensor<64xi1>) {
    ^bb0(%in: i1, %in_103: i1, %out: i1):
      %382 = arith.andi %in, %in_103 : i1
      linalg.yield %382 : i1
    } -> tensor<64xi1>
    %expanded_95 = tensor.expand_shape %364 [[0, 1]] output_shape [64, 1] : tensor<64xi1> into tensor<64x1xi1>
    %365 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%1 : tensor<64xi64>) outs(%0 : tensor<64xi64>) {
    ^bb0(%in: i64, %out: i64):
      %382 = arith.maxsi %in, %c-64_i64 : i64
      %383 = arith.minsi %382, %c63_i64 : i64
      linalg.yield %383 : i64
    } -> tensor<64xi64>
    %366 = tensor.empty() : tensor<64x1xi1>
    %367 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%expanded_95 : tensor<64x1xi1>) outs(%366 : tensor<64x1xi1>) {
    ^bb0(%in: i1, %out: i1):
      %382 = arith.xori %in, %true : i1
      linalg.yield %382 : i1
    } -> tensor<64x1xi1>
    %368 = linalg.generic {indexing_maps = [#map11, #map18, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%367, %cst_9, %collapsed_94 : tensor<64x1xi1>, tensor<f32>, tensor<64x64xf32>) outs(%4 : tensor<64x64xf32>) {
    ^bb0(%in: i1, %in_103: f32, %in_104: f32, %out: f32):
      %382 = arith.select %in, %in_103, %in_104 : f32
      linalg.yield %382 : f32
    } -> tensor<64x64xf32>
    %expanded_96 = tensor.expand_shape %365 [[0, 1]] output_shape [64, 1] : tensor<64xi64> into tensor<64x1xi64>
    %expanded_97 = tensor.expand_shape %368 [[0], [1, 2]] output_shape [64, 1, 64] : tensor<64x64xf32> into tensor<64x1x64xf32>
    // tm_tensor.scatter {dimension_map = [0]} unique_indices(false) rewritten as loops (test/graphs/scatter_to_loops.py):
    // orig[coord(i, j)] = combine(updates[i, j], orig[coord(i, j)])
    %sc0_c0 = arith.constant 0 : index
    %sc0_c1 = arith.constant 1 : index
    %sc0_c64 = arith.constant 64 : index
    %369 = scf.for %sc0_i0 = %sc0_c0 to %sc0_c64 step %sc0_c1 iter_args(%sc0_ab0 = %cst_21) -> (tensor<64x64xf32>) {
      %sc0_ix0 = tensor.extract %expanded_96[%sc0_i0, %sc0_c0] : tensor<64x1xi64>
      %sc0_o0 = arith.index_cast %sc0_ix0 : i64 to index
      %sc0_s0r = scf.for %sc0_j0 = %sc0_c0 to %sc0_c1 step %sc0_c1 iter_args(%sc0_as0 = %sc0_ab0) -> (tensor<64x64xf32>) {
        %sc0_s1r = scf.for %sc0_j1 = %sc0_c0 to %sc0_c64 step %sc0_c1 iter_args(%sc0_as1 = %sc0_as0) -> (tensor<64x64xf32>) {
          %sc0_d0 = arith.addi %sc0_o0, %sc0_j0 : index
          %sc0_u = tensor.extract %expanded_97[%sc0_i0, %sc0_j0, %sc0_j1] : tensor<64x1x64xf32>
          %sc0_v = tensor.extract %sc0_as1[%sc0_d0, %sc0_j1] : tensor<64x64xf32>
          %sc0_r2 = arith.addf %sc0_v, %sc0_u : f32
          %sc0_new = tensor.insert %sc0_r2 into %sc0_as1[%sc0_d0, %sc0_j1] : tensor<64x64xf32>
          scf.yield %sc0_new : tensor<64x64xf32>
        }
        scf.yield %sc0_s1r : tensor<64x64xf32>
      }
      scf.yield %sc0_s0r : tensor<64x64xf32>
    }
    %370 = tensor.empty() : tensor<2x64xi1>
    %371 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg17 : tensor<2x64xi64>) outs(%370 : tensor<2x64xi1>) {
    ^bb0(%in: i64, %out: i1):
      %382 = arith.cmpi sge, %in, %c0_i64 : i64
      linalg.yield %382 : i1
    } -> tensor<2x64xi1>
    %372 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg17 : tensor<2x64xi64>) outs(%370 : tensor<2x64xi1>) {
    ^bb0(%in: i64, %out: i1):
      %382 = arith.cmpi slt, %in, %c1024_i64 : i64
      linalg.yield %382 : i1
    } -> tensor<2x64xi1>
    %373 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%371, %372 : tensor<2x64xi1>, tensor<2x64xi1>) outs(%370 : tensor<2x64xi1>) {
    ^bb0(%in: i1, %in_103: i1, %out: i1):
      %382 = arith.andi %in, %in_103 : i1
      linalg.yield %382 : i1
    } -> tensor<2x64xi1>
    %374 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg17 : tensor<2x64xi64>) outs(%370 : tensor<2x64xi1>) {
    ^bb0(%in: i64, %out: i1):
      %382 = arith.cmpi ne, %in, %c-1_i64 : i64
      linalg.yield %382 : i1
    } -> tensor<2x64xi1>
    %375 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%373, %374 : tensor<2x64xi1>, tensor<2x64xi1>) outs(%370 : tensor<2x64xi1>) {
    ^bb0(%in: i1, %in_103: i1, %out: i1):
      %382 = arith.andi %in, %in_103 : i1
      linalg.yield %382 : i1
    } -> tensor<2x64xi1>
    %expanded_98 = tensor.expand_shape %375 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xi1> into tensor<2x64x1xi1>
    %376 = tensor.empty() : tensor<2x64xi64>
    %377 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg17 : tensor<2x64xi64>) outs(%376 : tensor<2x64xi64>) {
    ^bb0(%in: i64, %out: i64):
      %382 = arith.maxsi %in, %c-1024_i64 : i64
      %383 = arith.minsi %382, %c1023_i64 : i64
      linalg.yield %383 : i64
    } -> tensor<2x64xi64>
    %378 = tensor.empty() : tensor<2x64x1xi1>
    %379 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_98 : tensor<2x64x1xi1>) outs(%378 : tensor<2x64x1xi1>) {
    ^bb0(%in: i1, %out: i1):
      %382 = arith.xori %in, %true : i1
      linalg.yield %382 : i1
    } -> tensor<2x64x1xi1>
    %380 = linalg.generic {indexing_maps = [#map6, #map19, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel"]} ins(%379, %cst_9, %355 : tensor<2x64x1xi1>, tensor<f32>, tensor<2x64x64xf32>) outs(%2 : tensor<2x64x64xf32>) {
    ^bb0(%in: i1, %in_103: f32, %in_104: f32, %out: f32):
      %382 = arith.select %in, %in_103, %in_104 : f32
      linalg.yield %382 : f32
    } -> tensor<2x64x64xf32>
    %collapsed_99 = tensor.collapse_shape %377 [[0, 1]] : tensor<2x64xi64> into tensor<128xi64>
    %expanded_100 = tensor.expand_shape %collapsed_99 [[0, 1]] output_shape [128, 1] : tensor<128xi64> into tensor<128x1xi64>
    %collapsed_101 = tensor.collapse_shape %380 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %expanded_102 = tensor.expand_shape %collapsed_101 [[0], [1, 2]] output_shape [128, 1, 64] : tensor<128x64xf32> into tensor<128x1x64xf32>
    // tm_tensor.scatter {dimension_map = [0]} unique_indices(false) rewritten as loops (test/graphs/scatter_to_loops.py):
    // orig[coord(i, j)] = combine(updates[i, j], orig[coord(i, j)])
    %sc1_c0 = arith.constant 0 : index
    %sc1_c1 = arith.constant 1 : index
    %sc1_c64 = arith.constant 64 : index
    %sc1_c128 = arith.constant 128 : index
    %381 = scf.for %sc1_i0 = %sc1_c0 to %sc1_c128 step %sc1_c1 iter_args(%sc1_ab0 = %cst_22) -> (tensor<1024x64xf32>) {
      %sc1_ix0 = tensor.extract %expanded_100[%sc1_i0, %sc1_c0] : tensor<128x1xi64>
      %sc1_o0 = arith.index_cast %sc1_ix0 : i64 to index
      %sc1_s0r = scf.for %sc1_j0 = %sc1_c0 to %sc1_c1 step %sc1_c1 iter_args(%sc1_as0 = %sc1_ab0) -> (tensor<1024x64xf32>) {
        %sc1_s1r = scf.for %sc1_j1 = %sc1_c0 to %sc1_c64 step %sc1_c1 iter_args(%sc1_as1 = %sc1_as0) -> (tensor<1024x64xf32>) {
          %sc1_d0 = arith.addi %sc1_o0, %sc1_j0 : index
          %sc1_u = tensor.extract %expanded_102[%sc1_i0, %sc1_j0, %sc1_j1] : tensor<128x1x64xf32>
          %sc1_v = tensor.extract %sc1_as1[%sc1_d0, %sc1_j1] : tensor<1024x64xf32>
          %sc1_r2 = arith.addf %sc1_v, %sc1_u : f32
          %sc1_new = tensor.insert %sc1_r2 into %sc1_as1[%sc1_d0, %sc1_j1] : tensor<1024x64xf32>
          scf.yield %sc1_new : tensor<1024x64xf32>
        }
        scf.yield %sc1_s1r : tensor<1024x64xf32>
      }
      scf.yield %sc1_s0r : tensor<1024x64xf32>
    }
    return %209, %381, %369, %353, %354, %340, %341, %307, %308, %297, %298, %284, %285, %250, %251, %238, %239, %225 : tensor<f32>, tensor<1024x64xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<192x64xf32>, tensor<192xf32>, tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<256x64xf32>, tensor<256xf32>, tensor<64x256xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<1024x64xf32>
  }
}
