// hf_llama_train_step_bf16_autocast: real linalg-on-tensors graph
// from PyTorch and Hugging Face transformers (see test/graphs/README.md).
//
// RUN: lmhead-opt %s -o /dev/null
// RUN: lmhead-opt %s --math-expand-ops=ops=fpowi --lmhead-cpu-pipeline=decompose=false -o /dev/null
//
// Made by test/graphs/make_hf_graphs.py --only hf_llama_train_step_bf16_autocast
// Tools: torch 2.15.0, torch-mlir 20261001, python 3.11.7, transformers 5.24.0
// Model: transformers LlamaForCausalLM(LlamaConfig(vocab_size=1024, hidden_size=64, intermediate_size=128, num_hidden_layers=1, num_attention_heads=2, num_key_value_heads=2, max_position_embeddings=64, attn_implementation='eager', tie_word_embeddings=False)), random init (torch.manual_seed(0)), batch 2 x seq 64 (N = 128 tokens), LM head untied (lm_head, no bias)
// Trace: aot_export_module(TrainStep(model), [input_ids, labels], trace_joint=True, output_loss_index=0), TrainStep.forward returning (model(input_ids, labels=labels).loss,) -> torch_mlir.fx.stateless_fx_import(output_type='linalg-on-tensors')
// Note: f32 parameters, forward traced under torch.autocast('cpu', dtype=torch.bfloat16) (linear/matmul in bf16, what autocast keeps in f32 stays f32)
// Note: HF ForCausalLMLoss (transformers loss/loss_utils.py): logits.float(); labels padded on the right with -100 and shifted by one (labels[..., 1:]), so position i predicts label i+1 and the last position of each row is ignored; then fixed_cross_entropy: F.cross_entropy(logits.view(-1, V), shift_labels.view(-1), ignore_index=-100)
// Note: aten.nll_loss_backward and aten._log_softmax_backward_data lowered by torch-mlir's C++ patterns (removed from the decomposition table)
// Post-processed: 1 tm_tensor.scatter op(s) replaced in place by scf.for loop nests (scatter_to_loops.py, values %sc<k>_*), nothing else changed.
// @main arguments, in order:
//   %arg0  model.embed_tokens.weight: (1024, 64) float32
//   %arg1  model.layers.0.self_attn.q_proj.weight: (64, 64) float32
//   %arg2  model.layers.0.self_attn.k_proj.weight: (64, 64) float32
//   %arg3  model.layers.0.self_attn.v_proj.weight: (64, 64) float32
//   %arg4  model.layers.0.self_attn.o_proj.weight: (64, 64) float32
//   %arg5  model.layers.0.mlp.gate_proj.weight: (128, 64) float32
//   %arg6  model.layers.0.mlp.up_proj.weight: (128, 64) float32
//   %arg7  model.layers.0.mlp.down_proj.weight: (64, 128) float32
//   %arg8  model.layers.0.input_layernorm.weight: (64,) float32
//   %arg9  model.layers.0.post_attention_layernorm.weight: (64,) float32
//   %arg10  model.norm.weight: (64,) float32
//   %arg11  lm_head.weight: (1024, 64) float32
//   %arg12  model.rotary_emb.inv_freq: (16,) float32 (buffer: RoPE inverse frequencies)
//   %arg13  model.rotary_emb.original_inv_freq: (16,) float32 (buffer: RoPE inverse frequencies, unused)
//   %arg14  input_ids: (2, 64) int64
//   %arg15  labels: (2, 64) int64
// @main results, in order:
//   #0  loss: () float32 (mean over shifted labels != -100)
//   #1  grad model.embed_tokens.weight
//   #2  grad model.layers.0.self_attn.q_proj.weight
//   #3  grad model.layers.0.self_attn.k_proj.weight
//   #4  grad model.layers.0.self_attn.v_proj.weight
//   #5  grad model.layers.0.self_attn.o_proj.weight
//   #6  grad model.layers.0.mlp.gate_proj.weight
//   #7  grad model.layers.0.mlp.up_proj.weight
//   #8  grad model.layers.0.mlp.down_proj.weight
//   #9  grad model.layers.0.input_layernorm.weight
//   #10  grad model.layers.0.post_attention_layernorm.weight
//   #11  grad model.norm.weight
//   #12  grad lm_head.weight

#map = affine_map<(d0, d1, d2) -> (d0, d1)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map2 = affine_map<(d0) -> (d0)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, d3)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map6 = affine_map<(d0, d1, d2, d3) -> (d1, d2, d3)>
#map7 = affine_map<(d0, d1, d2, d3) -> ()>
#map8 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map9 = affine_map<(d0, d1, d2) -> (d2)>
#map10 = affine_map<(d0, d1) -> (d0, d1)>
#map11 = affine_map<(d0, d1, d2, d3) -> (0, 0, d2, d3)>
#map12 = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
#map13 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map14 = affine_map<(d0, d1) -> (d0)>
#map15 = affine_map<(d0, d1) -> (d0, 0)>
#map16 = affine_map<(d0) -> ()>
#map17 = affine_map<() -> ()>
#map18 = affine_map<(d0, d1) -> ()>
#map19 = affine_map<(d0, d1, d2) -> (0, 0, d2)>
#map20 = affine_map<(d0, d1, d2) -> ()>
module {
  func.func @main(%arg0: tensor<1024x64xf32>, %arg1: tensor<64x64xf32>, %arg2: tensor<64x64xf32>, %arg3: tensor<64x64xf32>, %arg4: tensor<64x64xf32>, %arg5: tensor<128x64xf32>, %arg6: tensor<128x64xf32>, %arg7: tensor<64x128xf32>, %arg8: tensor<64xf32>, %arg9: tensor<64xf32>, %arg10: tensor<64xf32>, %arg11: tensor<1024x64xf32>, %arg12: tensor<16xf32>, %arg13: tensor<16xf32>, %arg14: tensor<2x64xi64>, %arg15: tensor<2x64xi64>) -> (tensor<f32>, tensor<1024x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<128x64xf32>, tensor<128x64xf32>, tensor<64x128xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<1024x64xf32>) {
    %c1023_i64 = arith.constant 1023 : i64
    %c-1024_i64 = arith.constant -1024 : i64
    %c-100_i64 = arith.constant -100 : i64
    %c1024_i64 = arith.constant 1024 : i64
    %c2_i64 = arith.constant 2 : i64
    %c3_i64 = arith.constant 3 : i64
    %c1_i64 = arith.constant 1 : i64
    %c0_i64 = arith.constant 0 : i64
    %c-1_i64 = arith.constant -1 : i64
    %c1024 = arith.constant 1024 : index
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant 1.000000e+00 : bf16
    %true = arith.constant true
    %cst_3 = arith.constant dense<0.000000e+00> : tensor<2x2x64x32xbf16>
    %cst_4 = arith.constant dense<1.000000e+00> : tensor<2x64x128xbf16>
    %cst_5 = arith.constant dense<1.000000e+00> : tensor<f32>
    %cst_6 = arith.constant dense<-3.40282347E+38> : tensor<f32>
    %cst_7 = arith.constant dense<0.000000e+00> : tensor<f32>
    %cst_8 = arith.constant 0.17677669529663689 : f64
    %cst_9 = arith.constant 9.9999999999999995E-7 : f64
    %cst_10 = arith.constant 6.400000e+01 : f32
    %c-100 = arith.constant -100 : index
    %cst_11 = arith.constant -5.000000e-01 : f32
    %cst_12 = arith.constant 2.000000e+00 : f32
    %cst_13 = arith.constant dense<0.000000e+00> : tensor<1024x64xf32>
    %cst_14 = arith.constant dense<0> : tensor<i64>
    %0 = tensor.empty() : tensor<2x64x64xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg14 : tensor<2x64xi64>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: i64, %out: f32):
      %329 = arith.index_cast %in : i64 to index
      %330 = linalg.index 2 : index
      %331 = arith.cmpi slt, %329, %c1024 : index
      cf.assert %331, "index must be smaller than dim size"
      %332 = arith.cmpi sge, %in, %c0_i64 : i64
      cf.assert %332, "index must be larger or equal to 0"
      %extracted = tensor.extract %arg0[%329, %330] : tensor<1024x64xf32>
      linalg.yield %extracted : f32
    } -> tensor<2x64x64xf32>
    %2 = tensor.empty() : tensor<64xi64>
    %3 = linalg.generic {indexing_maps = [#map2], iterator_types = ["parallel"]} outs(%2 : tensor<64xi64>) {
    ^bb0(%out: i64):
      %329 = linalg.index 0 : index
      %330 = arith.index_cast %329 : index to i64
      linalg.yield %330 : i64
    } -> tensor<64xi64>
    %expanded = tensor.expand_shape %3 [[0, 1, 2, 3]] output_shape [1, 1, 64, 1] : tensor<64xi64> into tensor<1x1x64x1xi64>
    %expanded_15 = tensor.expand_shape %3 [[0, 1, 2, 3]] output_shape [1, 1, 1, 64] : tensor<64xi64> into tensor<1x1x1x64xi64>
    %4 = tensor.empty() : tensor<1x1x64x64xi1>
    %5 = linalg.generic {indexing_maps = [#map3, #map4, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_15, %expanded : tensor<1x1x1x64xi64>, tensor<1x1x64x1xi64>) outs(%4 : tensor<1x1x64x64xi1>) {
    ^bb0(%in: i64, %in_121: i64, %out: i1):
      %329 = arith.cmpi sle, %in, %in_121 : i64
      linalg.yield %329 : i1
    } -> tensor<1x1x64x64xi1>
    %6 = tensor.empty() : tensor<2x1x64x64xi1>
    %collapsed = tensor.collapse_shape %5 [[0, 1], [2], [3]] : tensor<1x1x64x64xi1> into tensor<1x64x64xi1>
    %7 = linalg.generic {indexing_maps = [#map6, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%collapsed : tensor<1x64x64xi1>) outs(%6 : tensor<2x1x64x64xi1>) {
    ^bb0(%in: i1, %out: i1):
      linalg.yield %in : i1
    } -> tensor<2x1x64x64xi1>
    %8 = tensor.empty() : tensor<2x1x64x64xf32>
    %9 = linalg.generic {indexing_maps = [#map5, #map7, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%7, %cst_7, %cst_6 : tensor<2x1x64x64xi1>, tensor<f32>, tensor<f32>) outs(%8 : tensor<2x1x64x64xf32>) {
    ^bb0(%in: i1, %in_121: f32, %in_122: f32, %out: f32):
      %329 = arith.select %in, %in_121, %in_122 : f32
      linalg.yield %329 : f32
    } -> tensor<2x1x64x64xf32>
    %expanded_16 = tensor.expand_shape %3 [[0, 1, 2]] output_shape [1, 64, 1] : tensor<64xi64> into tensor<1x64x1xi64>
    %10 = tensor.empty() : tensor<1x64x1xf32>
    %11 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_16 : tensor<1x64x1xi64>) outs(%10 : tensor<1x64x1xf32>) {
    ^bb0(%in: i64, %out: f32):
      %329 = arith.sitofp %in : i64 to f32
      linalg.yield %329 : f32
    } -> tensor<1x64x1xf32>
    %12 = tensor.empty() : tensor<1x64x16xf32>
    %13 = linalg.generic {indexing_maps = [#map8, #map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%11, %arg12 : tensor<1x64x1xf32>, tensor<16xf32>) outs(%12 : tensor<1x64x16xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.mulf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<1x64x16xf32>
    %concat = tensor.concat dim(2) %13, %13 : (tensor<1x64x16xf32>, tensor<1x64x16xf32>) -> tensor<1x64x32xf32>
    %14 = tensor.empty() : tensor<1x64x32xf32>
    %15 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%concat : tensor<1x64x32xf32>) outs(%14 : tensor<1x64x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = math.cos %in : f32
      linalg.yield %329 : f32
    } -> tensor<1x64x32xf32>
    %16 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%concat : tensor<1x64x32xf32>) outs(%14 : tensor<1x64x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = math.sin %in : f32
      linalg.yield %329 : f32
    } -> tensor<1x64x32xf32>
    %17 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %18 = tensor.empty() : tensor<2x64x1xf32>
    %19 = linalg.fill ins(%cst : f32) outs(%18 : tensor<2x64x1xf32>) -> tensor<2x64x1xf32>
    %20 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%17 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = arith.addf %in, %out : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x1xf32>
    %21 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = arith.divf %in, %cst_10 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x1xf32>
    %22 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%21 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = arith.truncf %cst_9 : f64 to f32
      %330 = arith.addf %in, %329 : f32
      linalg.yield %330 : f32
    } -> tensor<2x64x1xf32>
    %23 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%22 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = math.rsqrt %in : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x1xf32>
    %24 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %23 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.mulf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %25 = linalg.generic {indexing_maps = [#map9, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg8, %24 : tensor<64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.mulf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %26 = tensor.empty() : tensor<64x64xbf16>
    %27 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%arg1 : tensor<64x64xf32>) outs(%26 : tensor<64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<64x64xbf16>
    %28 = tensor.empty() : tensor<2x64x64xbf16>
    %29 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%25 : tensor<2x64x64xf32>) outs(%28 : tensor<2x64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<2x64x64xbf16>
    %transposed = linalg.transpose ins(%27 : tensor<64x64xbf16>) outs(%26 : tensor<64x64xbf16>) permutation = [1, 0] 
    %collapsed_17 = tensor.collapse_shape %29 [[0, 1], [2]] : tensor<2x64x64xbf16> into tensor<128x64xbf16>
    %30 = tensor.empty() : tensor<128x64xf32>
    %31 = linalg.fill ins(%cst : f32) outs(%30 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %32 = linalg.matmul ins(%collapsed_17, %transposed : tensor<128x64xbf16>, tensor<64x64xbf16>) outs(%31 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %33 = tensor.empty() : tensor<128x64xbf16>
    %34 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%32 : tensor<128x64xf32>) outs(%33 : tensor<128x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<128x64xbf16>
    %expanded_18 = tensor.expand_shape %34 [[0, 1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<128x64xbf16> into tensor<2x64x2x32xbf16>
    %35 = tensor.empty() : tensor<2x2x64x32xbf16>
    %transposed_19 = linalg.transpose ins(%expanded_18 : tensor<2x64x2x32xbf16>) outs(%35 : tensor<2x2x64x32xbf16>) permutation = [0, 2, 1, 3] 
    %36 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%arg2 : tensor<64x64xf32>) outs(%26 : tensor<64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<64x64xbf16>
    %transposed_20 = linalg.transpose ins(%36 : tensor<64x64xbf16>) outs(%26 : tensor<64x64xbf16>) permutation = [1, 0] 
    %37 = linalg.matmul ins(%collapsed_17, %transposed_20 : tensor<128x64xbf16>, tensor<64x64xbf16>) outs(%31 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %38 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%37 : tensor<128x64xf32>) outs(%33 : tensor<128x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<128x64xbf16>
    %expanded_21 = tensor.expand_shape %38 [[0, 1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<128x64xbf16> into tensor<2x64x2x32xbf16>
    %transposed_22 = linalg.transpose ins(%expanded_21 : tensor<2x64x2x32xbf16>) outs(%35 : tensor<2x2x64x32xbf16>) permutation = [0, 2, 1, 3] 
    %39 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%arg3 : tensor<64x64xf32>) outs(%26 : tensor<64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<64x64xbf16>
    %transposed_23 = linalg.transpose ins(%39 : tensor<64x64xbf16>) outs(%26 : tensor<64x64xbf16>) permutation = [1, 0] 
    %40 = linalg.matmul ins(%collapsed_17, %transposed_23 : tensor<128x64xbf16>, tensor<64x64xbf16>) outs(%31 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %41 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%40 : tensor<128x64xf32>) outs(%33 : tensor<128x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<128x64xbf16>
    %expanded_24 = tensor.expand_shape %41 [[0, 1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<128x64xbf16> into tensor<2x64x2x32xbf16>
    %transposed_25 = linalg.transpose ins(%expanded_24 : tensor<2x64x2x32xbf16>) outs(%35 : tensor<2x2x64x32xbf16>) permutation = [0, 2, 1, 3] 
    %expanded_26 = tensor.expand_shape %15 [[0], [1, 2], [3]] output_shape [1, 1, 64, 32] : tensor<1x64x32xf32> into tensor<1x1x64x32xf32>
    %expanded_27 = tensor.expand_shape %16 [[0], [1, 2], [3]] output_shape [1, 1, 64, 32] : tensor<1x64x32xf32> into tensor<1x1x64x32xf32>
    %42 = tensor.empty() : tensor<2x2x64x32xf32>
    %43 = linalg.generic {indexing_maps = [#map5, #map11, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_19, %expanded_26 : tensor<2x2x64x32xbf16>, tensor<1x1x64x32xf32>) outs(%42 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: bf16, %in_121: f32, %out: f32):
      %329 = arith.extf %in : bf16 to f32
      %330 = arith.mulf %329, %in_121 : f32
      linalg.yield %330 : f32
    } -> tensor<2x2x64x32xf32>
    %extracted_slice = tensor.extract_slice %transposed_19[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xbf16> to tensor<2x2x64x16xbf16>
    %extracted_slice_28 = tensor.extract_slice %transposed_19[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xbf16> to tensor<2x2x64x16xbf16>
    %44 = tensor.empty() : tensor<2x2x64x16xbf16>
    %45 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_28 : tensor<2x2x64x16xbf16>) outs(%44 : tensor<2x2x64x16xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %329 = arith.negf %in : bf16
      linalg.yield %329 : bf16
    } -> tensor<2x2x64x16xbf16>
    %concat_29 = tensor.concat dim(3) %45, %extracted_slice : (tensor<2x2x64x16xbf16>, tensor<2x2x64x16xbf16>) -> tensor<2x2x64x32xbf16>
    %46 = linalg.generic {indexing_maps = [#map5, #map11, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_29, %expanded_27 : tensor<2x2x64x32xbf16>, tensor<1x1x64x32xf32>) outs(%42 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: bf16, %in_121: f32, %out: f32):
      %329 = arith.extf %in : bf16 to f32
      %330 = arith.mulf %329, %in_121 : f32
      linalg.yield %330 : f32
    } -> tensor<2x2x64x32xf32>
    %47 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%43, %46 : tensor<2x2x64x32xf32>, tensor<2x2x64x32xf32>) outs(%42 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.addf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x2x64x32xf32>
    %48 = linalg.generic {indexing_maps = [#map5, #map11, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_22, %expanded_26 : tensor<2x2x64x32xbf16>, tensor<1x1x64x32xf32>) outs(%42 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: bf16, %in_121: f32, %out: f32):
      %329 = arith.extf %in : bf16 to f32
      %330 = arith.mulf %329, %in_121 : f32
      linalg.yield %330 : f32
    } -> tensor<2x2x64x32xf32>
    %extracted_slice_30 = tensor.extract_slice %transposed_22[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xbf16> to tensor<2x2x64x16xbf16>
    %extracted_slice_31 = tensor.extract_slice %transposed_22[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xbf16> to tensor<2x2x64x16xbf16>
    %49 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_31 : tensor<2x2x64x16xbf16>) outs(%44 : tensor<2x2x64x16xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %329 = arith.negf %in : bf16
      linalg.yield %329 : bf16
    } -> tensor<2x2x64x16xbf16>
    %concat_32 = tensor.concat dim(3) %49, %extracted_slice_30 : (tensor<2x2x64x16xbf16>, tensor<2x2x64x16xbf16>) -> tensor<2x2x64x32xbf16>
    %50 = linalg.generic {indexing_maps = [#map5, #map11, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_32, %expanded_27 : tensor<2x2x64x32xbf16>, tensor<1x1x64x32xf32>) outs(%42 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: bf16, %in_121: f32, %out: f32):
      %329 = arith.extf %in : bf16 to f32
      %330 = arith.mulf %329, %in_121 : f32
      linalg.yield %330 : f32
    } -> tensor<2x2x64x32xf32>
    %51 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%48, %50 : tensor<2x2x64x32xf32>, tensor<2x2x64x32xf32>) outs(%42 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.addf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x2x64x32xf32>
    %52 = tensor.empty() : tensor<2x2x32x64xf32>
    %transposed_33 = linalg.transpose ins(%51 : tensor<2x2x64x32xf32>) outs(%52 : tensor<2x2x32x64xf32>) permutation = [0, 1, 3, 2] 
    %53 = tensor.empty() : tensor<2x2x32x64xbf16>
    %54 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_33 : tensor<2x2x32x64xf32>) outs(%53 : tensor<2x2x32x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<2x2x32x64xbf16>
    %55 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%47 : tensor<2x2x64x32xf32>) outs(%35 : tensor<2x2x64x32xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<2x2x64x32xbf16>
    %collapsed_34 = tensor.collapse_shape %55 [[0, 1], [2], [3]] : tensor<2x2x64x32xbf16> into tensor<4x64x32xbf16>
    %collapsed_35 = tensor.collapse_shape %54 [[0, 1], [2], [3]] : tensor<2x2x32x64xbf16> into tensor<4x32x64xbf16>
    %56 = tensor.empty() : tensor<4x64x64xf32>
    %57 = linalg.fill ins(%cst : f32) outs(%56 : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
    %58 = linalg.batch_matmul ins(%collapsed_34, %collapsed_35 : tensor<4x64x32xbf16>, tensor<4x32x64xbf16>) outs(%57 : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
    %59 = tensor.empty() : tensor<4x64x64xbf16>
    %60 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%58 : tensor<4x64x64xf32>) outs(%59 : tensor<4x64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<4x64x64xbf16>
    %expanded_36 = tensor.expand_shape %60 [[0, 1], [2], [3]] output_shape [2, 2, 64, 64] : tensor<4x64x64xbf16> into tensor<2x2x64x64xbf16>
    %61 = tensor.empty() : tensor<2x2x64x64xbf16>
    %62 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_36 : tensor<2x2x64x64xbf16>) outs(%61 : tensor<2x2x64x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %329 = arith.truncf %cst_8 : f64 to bf16
      %330 = arith.mulf %in, %329 : bf16
      linalg.yield %330 : bf16
    } -> tensor<2x2x64x64xbf16>
    %63 = tensor.empty() : tensor<2x2x64x64xf32>
    %64 = linalg.generic {indexing_maps = [#map5, #map12, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%62, %9 : tensor<2x2x64x64xbf16>, tensor<2x1x64x64xf32>) outs(%63 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: bf16, %in_121: f32, %out: f32):
      %329 = arith.extf %in : bf16 to f32
      %330 = arith.addf %329, %in_121 : f32
      linalg.yield %330 : f32
    } -> tensor<2x2x64x64xf32>
    %65 = tensor.empty() : tensor<2x2x64xi64>
    %66 = linalg.fill ins(%c0_i64 : i64) outs(%65 : tensor<2x2x64xi64>) -> tensor<2x2x64xi64>
    %67 = tensor.empty() : tensor<2x2x64xf32>
    %68 = linalg.fill ins(%cst_0 : f32) outs(%67 : tensor<2x2x64xf32>) -> tensor<2x2x64xf32>
    %69:2 = linalg.generic {indexing_maps = [#map5, #map13, #map13], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%64 : tensor<2x2x64x64xf32>) outs(%68, %66 : tensor<2x2x64xf32>, tensor<2x2x64xi64>) {
    ^bb0(%in: f32, %out: f32, %out_121: i64):
      %329 = linalg.index 3 : index
      %330 = arith.index_cast %329 : index to i64
      %331 = arith.maximumf %in, %out : f32
      %332 = arith.cmpf ogt, %in, %out : f32
      %333 = arith.select %332, %330, %out_121 : i64
      linalg.yield %331, %333 : f32, i64
    } -> (tensor<2x2x64xf32>, tensor<2x2x64xi64>)
    %expanded_37 = tensor.expand_shape %69#0 [[0], [1], [2, 3]] output_shape [2, 2, 64, 1] : tensor<2x2x64xf32> into tensor<2x2x64x1xf32>
    %70 = linalg.generic {indexing_maps = [#map5, #map4, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%64, %expanded_37 : tensor<2x2x64x64xf32>, tensor<2x2x64x1xf32>) outs(%63 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.subf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x2x64x64xf32>
    %71 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%70 : tensor<2x2x64x64xf32>) outs(%63 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = math.exp %in : f32
      linalg.yield %329 : f32
    } -> tensor<2x2x64x64xf32>
    %72 = tensor.empty() : tensor<2x2x64x1xf32>
    %73 = linalg.fill ins(%cst : f32) outs(%72 : tensor<2x2x64x1xf32>) -> tensor<2x2x64x1xf32>
    %74 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%71 : tensor<2x2x64x64xf32>) outs(%73 : tensor<2x2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = arith.addf %in, %out : f32
      linalg.yield %329 : f32
    } -> tensor<2x2x64x1xf32>
    %75 = linalg.generic {indexing_maps = [#map5, #map4, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%71, %74 : tensor<2x2x64x64xf32>, tensor<2x2x64x1xf32>) outs(%63 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.divf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x2x64x64xf32>
    %76 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%75 : tensor<2x2x64x64xf32>) outs(%61 : tensor<2x2x64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<2x2x64x64xbf16>
    %collapsed_38 = tensor.collapse_shape %76 [[0, 1], [2], [3]] : tensor<2x2x64x64xbf16> into tensor<4x64x64xbf16>
    %collapsed_39 = tensor.collapse_shape %transposed_25 [[0, 1], [2], [3]] : tensor<2x2x64x32xbf16> into tensor<4x64x32xbf16>
    %77 = tensor.empty() : tensor<4x64x32xf32>
    %78 = linalg.fill ins(%cst : f32) outs(%77 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %79 = linalg.batch_matmul ins(%collapsed_38, %collapsed_39 : tensor<4x64x64xbf16>, tensor<4x64x32xbf16>) outs(%78 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %80 = tensor.empty() : tensor<4x64x32xbf16>
    %81 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%79 : tensor<4x64x32xf32>) outs(%80 : tensor<4x64x32xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<4x64x32xbf16>
    %expanded_40 = tensor.expand_shape %81 [[0, 1], [2], [3]] output_shape [2, 2, 64, 32] : tensor<4x64x32xbf16> into tensor<2x2x64x32xbf16>
    %82 = tensor.empty() : tensor<2x64x2x32xbf16>
    %transposed_41 = linalg.transpose ins(%expanded_40 : tensor<2x2x64x32xbf16>) outs(%82 : tensor<2x64x2x32xbf16>) permutation = [0, 2, 1, 3] 
    %83 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%arg4 : tensor<64x64xf32>) outs(%26 : tensor<64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<64x64xbf16>
    %transposed_42 = linalg.transpose ins(%83 : tensor<64x64xbf16>) outs(%26 : tensor<64x64xbf16>) permutation = [1, 0] 
    %collapsed_43 = tensor.collapse_shape %transposed_41 [[0, 1], [2, 3]] : tensor<2x64x2x32xbf16> into tensor<128x64xbf16>
    %84 = linalg.matmul ins(%collapsed_43, %transposed_42 : tensor<128x64xbf16>, tensor<64x64xbf16>) outs(%31 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %85 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%84 : tensor<128x64xf32>) outs(%33 : tensor<128x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<128x64xbf16>
    %expanded_44 = tensor.expand_shape %85 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xbf16> into tensor<2x64x64xbf16>
    %86 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %expanded_44 : tensor<2x64x64xf32>, tensor<2x64x64xbf16>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_121: bf16, %out: f32):
      %329 = arith.extf %in_121 : bf16 to f32
      %330 = arith.addf %in, %329 : f32
      linalg.yield %330 : f32
    } -> tensor<2x64x64xf32>
    %87 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%86 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %88 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%87 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = arith.addf %in, %out : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x1xf32>
    %89 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%88 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = arith.divf %in, %cst_10 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x1xf32>
    %90 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%89 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = arith.truncf %cst_9 : f64 to f32
      %330 = arith.addf %in, %329 : f32
      linalg.yield %330 : f32
    } -> tensor<2x64x1xf32>
    %91 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%90 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = math.rsqrt %in : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x1xf32>
    %92 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%86, %91 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.mulf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %93 = linalg.generic {indexing_maps = [#map9, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg9, %92 : tensor<64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.mulf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %94 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%arg5 : tensor<128x64xf32>) outs(%33 : tensor<128x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<128x64xbf16>
    %95 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%93 : tensor<2x64x64xf32>) outs(%28 : tensor<2x64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<2x64x64xbf16>
    %96 = tensor.empty() : tensor<64x128xbf16>
    %transposed_45 = linalg.transpose ins(%94 : tensor<128x64xbf16>) outs(%96 : tensor<64x128xbf16>) permutation = [1, 0] 
    %collapsed_46 = tensor.collapse_shape %95 [[0, 1], [2]] : tensor<2x64x64xbf16> into tensor<128x64xbf16>
    %97 = tensor.empty() : tensor<128x128xf32>
    %98 = linalg.fill ins(%cst : f32) outs(%97 : tensor<128x128xf32>) -> tensor<128x128xf32>
    %99 = linalg.matmul ins(%collapsed_46, %transposed_45 : tensor<128x64xbf16>, tensor<64x128xbf16>) outs(%98 : tensor<128x128xf32>) -> tensor<128x128xf32>
    %100 = tensor.empty() : tensor<128x128xbf16>
    %101 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%99 : tensor<128x128xf32>) outs(%100 : tensor<128x128xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<128x128xbf16>
    %expanded_47 = tensor.expand_shape %101 [[0, 1], [2]] output_shape [2, 64, 128] : tensor<128x128xbf16> into tensor<2x64x128xbf16>
    %102 = tensor.empty() : tensor<2x64x128xf32>
    %103 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_47 : tensor<2x64x128xbf16>) outs(%102 : tensor<2x64x128xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %329 = arith.extf %in : bf16 to f32
      linalg.yield %329 : f32
    } -> tensor<2x64x128xf32>
    %104 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%103 : tensor<2x64x128xf32>) outs(%102 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = arith.negf %in : f32
      %330 = math.exp %329 : f32
      %331 = arith.addf %330, %cst_1 : f32
      %332 = arith.divf %cst_1, %331 : f32
      linalg.yield %332 : f32
    } -> tensor<2x64x128xf32>
    %105 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%103, %104 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%102 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.mulf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x128xf32>
    %106 = tensor.empty() : tensor<2x64x128xbf16>
    %107 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%105 : tensor<2x64x128xf32>) outs(%106 : tensor<2x64x128xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<2x64x128xbf16>
    %108 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%arg6 : tensor<128x64xf32>) outs(%33 : tensor<128x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<128x64xbf16>
    %transposed_48 = linalg.transpose ins(%108 : tensor<128x64xbf16>) outs(%96 : tensor<64x128xbf16>) permutation = [1, 0] 
    %109 = linalg.matmul ins(%collapsed_46, %transposed_48 : tensor<128x64xbf16>, tensor<64x128xbf16>) outs(%98 : tensor<128x128xf32>) -> tensor<128x128xf32>
    %110 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%109 : tensor<128x128xf32>) outs(%100 : tensor<128x128xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<128x128xbf16>
    %expanded_49 = tensor.expand_shape %110 [[0, 1], [2]] output_shape [2, 64, 128] : tensor<128x128xbf16> into tensor<2x64x128xbf16>
    %111 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%107, %expanded_49 : tensor<2x64x128xbf16>, tensor<2x64x128xbf16>) outs(%106 : tensor<2x64x128xbf16>) {
    ^bb0(%in: bf16, %in_121: bf16, %out: bf16):
      %329 = arith.mulf %in, %in_121 : bf16
      linalg.yield %329 : bf16
    } -> tensor<2x64x128xbf16>
    %112 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%arg7 : tensor<64x128xf32>) outs(%96 : tensor<64x128xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<64x128xbf16>
    %transposed_50 = linalg.transpose ins(%112 : tensor<64x128xbf16>) outs(%33 : tensor<128x64xbf16>) permutation = [1, 0] 
    %collapsed_51 = tensor.collapse_shape %111 [[0, 1], [2]] : tensor<2x64x128xbf16> into tensor<128x128xbf16>
    %113 = linalg.matmul ins(%collapsed_51, %transposed_50 : tensor<128x128xbf16>, tensor<128x64xbf16>) outs(%31 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %114 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%113 : tensor<128x64xf32>) outs(%33 : tensor<128x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<128x64xbf16>
    %expanded_52 = tensor.expand_shape %114 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xbf16> into tensor<2x64x64xbf16>
    %115 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%86, %expanded_52 : tensor<2x64x64xf32>, tensor<2x64x64xbf16>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_121: bf16, %out: f32):
      %329 = arith.extf %in_121 : bf16 to f32
      %330 = arith.addf %in, %329 : f32
      linalg.yield %330 : f32
    } -> tensor<2x64x64xf32>
    %116 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%115 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %117 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%116 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = arith.addf %in, %out : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x1xf32>
    %118 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%117 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = arith.divf %in, %cst_10 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x1xf32>
    %119 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%118 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = arith.truncf %cst_9 : f64 to f32
      %330 = arith.addf %in, %329 : f32
      linalg.yield %330 : f32
    } -> tensor<2x64x1xf32>
    %120 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%119 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = math.rsqrt %in : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x1xf32>
    %121 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%115, %120 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.mulf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %122 = linalg.generic {indexing_maps = [#map9, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg10, %121 : tensor<64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.mulf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %123 = tensor.empty() : tensor<1024x64xbf16>
    %124 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%arg11 : tensor<1024x64xf32>) outs(%123 : tensor<1024x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<1024x64xbf16>
    %125 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%122 : tensor<2x64x64xf32>) outs(%28 : tensor<2x64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<2x64x64xbf16>
    %126 = tensor.empty() : tensor<64x1024xbf16>
    %transposed_53 = linalg.transpose ins(%124 : tensor<1024x64xbf16>) outs(%126 : tensor<64x1024xbf16>) permutation = [1, 0] 
    %collapsed_54 = tensor.collapse_shape %125 [[0, 1], [2]] : tensor<2x64x64xbf16> into tensor<128x64xbf16>
    %127 = tensor.empty() : tensor<128x1024xf32>
    %128 = linalg.fill ins(%cst : f32) outs(%127 : tensor<128x1024xf32>) -> tensor<128x1024xf32>
    %129 = linalg.matmul ins(%collapsed_54, %transposed_53 : tensor<128x64xbf16>, tensor<64x1024xbf16>) outs(%128 : tensor<128x1024xf32>) -> tensor<128x1024xf32>
    %130 = tensor.empty() : tensor<128x1024xbf16>
    %131 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%129 : tensor<128x1024xf32>) outs(%130 : tensor<128x1024xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<128x1024xbf16>
    %expanded_55 = tensor.expand_shape %131 [[0, 1], [2]] output_shape [2, 64, 1024] : tensor<128x1024xbf16> into tensor<2x64x1024xbf16>
    %132 = tensor.empty() : tensor<2x64x1024xf32>
    %133 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_55 : tensor<2x64x1024xbf16>) outs(%132 : tensor<2x64x1024xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %329 = arith.extf %in : bf16 to f32
      linalg.yield %329 : f32
    } -> tensor<2x64x1024xf32>
    %padded = tensor.pad %arg15 low[0, 0] high[0, 1] {
    ^bb0(%arg16: index, %arg17: index):
      tensor.yield %c-100_i64 : i64
    } : tensor<2x64xi64> to tensor<2x65xi64>
    %extracted_slice_56 = tensor.extract_slice %padded[0, 1] [2, 64] [1, 1] : tensor<2x65xi64> to tensor<2x64xi64>
    %collapsed_57 = tensor.collapse_shape %133 [[0, 1], [2]] : tensor<2x64x1024xf32> into tensor<128x1024xf32>
    %collapsed_58 = tensor.collapse_shape %extracted_slice_56 [[0, 1]] : tensor<2x64xi64> into tensor<128xi64>
    %134 = tensor.empty() : tensor<128xi64>
    %135 = linalg.fill ins(%c0_i64 : i64) outs(%134 : tensor<128xi64>) -> tensor<128xi64>
    %136 = tensor.empty() : tensor<128xf32>
    %137 = linalg.fill ins(%cst_0 : f32) outs(%136 : tensor<128xf32>) -> tensor<128xf32>
    %138:2 = linalg.generic {indexing_maps = [#map10, #map14, #map14], iterator_types = ["parallel", "reduction"]} ins(%collapsed_57 : tensor<128x1024xf32>) outs(%137, %135 : tensor<128xf32>, tensor<128xi64>) {
    ^bb0(%in: f32, %out: f32, %out_121: i64):
      %329 = linalg.index 1 : index
      %330 = arith.index_cast %329 : index to i64
      %331 = arith.maximumf %in, %out : f32
      %332 = arith.cmpf ogt, %in, %out : f32
      %333 = arith.select %332, %330, %out_121 : i64
      linalg.yield %331, %333 : f32, i64
    } -> (tensor<128xf32>, tensor<128xi64>)
    %expanded_59 = tensor.expand_shape %138#0 [[0, 1]] output_shape [128, 1] : tensor<128xf32> into tensor<128x1xf32>
    %139 = linalg.generic {indexing_maps = [#map10, #map15, #map10], iterator_types = ["parallel", "parallel"]} ins(%collapsed_57, %expanded_59 : tensor<128x1024xf32>, tensor<128x1xf32>) outs(%127 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.subf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<128x1024xf32>
    %140 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%139 : tensor<128x1024xf32>) outs(%127 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = math.exp %in : f32
      linalg.yield %329 : f32
    } -> tensor<128x1024xf32>
    %141 = tensor.empty() : tensor<128x1xf32>
    %142 = linalg.fill ins(%cst : f32) outs(%141 : tensor<128x1xf32>) -> tensor<128x1xf32>
    %143 = linalg.generic {indexing_maps = [#map10, #map15], iterator_types = ["parallel", "reduction"]} ins(%140 : tensor<128x1024xf32>) outs(%142 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = arith.addf %in, %out : f32
      linalg.yield %329 : f32
    } -> tensor<128x1xf32>
    %144 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%143 : tensor<128x1xf32>) outs(%141 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = math.log %in : f32
      linalg.yield %329 : f32
    } -> tensor<128x1xf32>
    %145 = linalg.generic {indexing_maps = [#map10, #map15, #map10], iterator_types = ["parallel", "parallel"]} ins(%139, %144 : tensor<128x1024xf32>, tensor<128x1xf32>) outs(%127 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.subf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<128x1024xf32>
    %146 = tensor.empty() : tensor<128xi1>
    %147 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%collapsed_58 : tensor<128xi64>) outs(%146 : tensor<128xi1>) {
    ^bb0(%in: i64, %out: i1):
      %329 = arith.cmpi ne, %in, %c-100_i64 : i64
      linalg.yield %329 : i1
    } -> tensor<128xi1>
    %148 = linalg.generic {indexing_maps = [#map2, #map2, #map16, #map2], iterator_types = ["parallel"]} ins(%147, %collapsed_58, %cst_14 : tensor<128xi1>, tensor<128xi64>, tensor<i64>) outs(%134 : tensor<128xi64>) {
    ^bb0(%in: i1, %in_121: i64, %in_122: i64, %out: i64):
      %329 = arith.select %in, %in_121, %in_122 : i64
      linalg.yield %329 : i64
    } -> tensor<128xi64>
    %expanded_60 = tensor.expand_shape %148 [[0, 1]] output_shape [128, 1] : tensor<128xi64> into tensor<128x1xi64>
    %149 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%expanded_60 : tensor<128x1xi64>) outs(%142 : tensor<128x1xf32>) {
    ^bb0(%in: i64, %out: f32):
      %329 = linalg.index 0 : index
      %330 = arith.index_cast %in : i64 to index
      %331 = arith.cmpi slt, %330, %c1024 : index
      cf.assert %331, "index must be smaller than dim size"
      %332 = arith.cmpi sge, %in, %c0_i64 : i64
      cf.assert %332, "index must be larger or equal to 0"
      %extracted = tensor.extract %145[%329, %330] : tensor<128x1024xf32>
      linalg.yield %extracted : f32
    } -> tensor<128x1xf32>
    %collapsed_61 = tensor.collapse_shape %149 [[0, 1]] : tensor<128x1xf32> into tensor<128xf32>
    %150 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%collapsed_61 : tensor<128xf32>) outs(%136 : tensor<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = arith.negf %in : f32
      linalg.yield %329 : f32
    } -> tensor<128xf32>
    %151 = linalg.generic {indexing_maps = [#map2, #map2, #map16, #map2], iterator_types = ["parallel"]} ins(%147, %150, %cst_7 : tensor<128xi1>, tensor<128xf32>, tensor<f32>) outs(%136 : tensor<128xf32>) {
    ^bb0(%in: i1, %in_121: f32, %in_122: f32, %out: f32):
      %329 = arith.select %in, %in_121, %in_122 : f32
      linalg.yield %329 : f32
    } -> tensor<128xf32>
    %152 = tensor.empty() : tensor<i64>
    %153 = linalg.fill ins(%c0_i64 : i64) outs(%152 : tensor<i64>) -> tensor<i64>
    %154 = linalg.generic {indexing_maps = [#map2, #map16], iterator_types = ["reduction"]} ins(%147 : tensor<128xi1>) outs(%153 : tensor<i64>) {
    ^bb0(%in: i1, %out: i64):
      %329 = arith.extui %in : i1 to i64
      %330 = arith.addi %329, %out : i64
      linalg.yield %330 : i64
    } -> tensor<i64>
    %155 = tensor.empty() : tensor<f32>
    %156 = linalg.generic {indexing_maps = [#map17, #map17], iterator_types = []} ins(%154 : tensor<i64>) outs(%155 : tensor<f32>) {
    ^bb0(%in: i64, %out: f32):
      %329 = arith.sitofp %in : i64 to f32
      linalg.yield %329 : f32
    } -> tensor<f32>
    %157 = linalg.fill ins(%cst : f32) outs(%155 : tensor<f32>) -> tensor<f32>
    %158 = linalg.generic {indexing_maps = [#map2, #map16], iterator_types = ["reduction"]} ins(%151 : tensor<128xf32>) outs(%157 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = arith.addf %in, %out : f32
      linalg.yield %329 : f32
    } -> tensor<f32>
    %159 = linalg.generic {indexing_maps = [#map17, #map17, #map17], iterator_types = []} ins(%158, %156 : tensor<f32>, tensor<f32>) outs(%155 : tensor<f32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.divf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<f32>
    %160 = linalg.generic {indexing_maps = [#map18, #map14, #map18, #map10], iterator_types = ["parallel", "parallel"]} ins(%cst_5, %collapsed_58, %156 : tensor<f32>, tensor<128xi64>, tensor<f32>) outs(%128 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %in_121: i64, %in_122: f32, %out: f32):
      %329 = arith.index_cast %in_121 : i64 to index
      %330 = linalg.index 1 : index
      %331 = arith.divf %in, %in_122 : f32
      %332 = arith.negf %331 : f32
      %333 = arith.cmpi ne, %329, %330 : index
      %334 = arith.cmpi eq, %329, %c-100 : index
      %335 = arith.ori %333, %334 : i1
      %336 = arith.select %335, %cst, %332 : f32
      linalg.yield %336 : f32
    } -> tensor<128x1024xf32>
    %161 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%145 : tensor<128x1024xf32>) outs(%127 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = math.exp %in : f32
      linalg.yield %329 : f32
    } -> tensor<128x1024xf32>
    %162 = linalg.generic {indexing_maps = [#map10, #map15], iterator_types = ["parallel", "reduction"]} ins(%160 : tensor<128x1024xf32>) outs(%142 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = arith.addf %in, %out : f32
      linalg.yield %329 : f32
    } -> tensor<128x1xf32>
    %collapsed_62 = tensor.collapse_shape %162 [[0, 1]] : tensor<128x1xf32> into tensor<128xf32>
    %163 = linalg.generic {indexing_maps = [#map14, #map10], iterator_types = ["parallel", "parallel"]} ins(%collapsed_62 : tensor<128xf32>) outs(%127 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x1024xf32>
    %164 = linalg.generic {indexing_maps = [#map10, #map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%161, %163 : tensor<128x1024xf32>, tensor<128x1024xf32>) outs(%127 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.mulf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<128x1024xf32>
    %165 = linalg.generic {indexing_maps = [#map10, #map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%160, %164 : tensor<128x1024xf32>, tensor<128x1024xf32>) outs(%127 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.subf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<128x1024xf32>
    %expanded_63 = tensor.expand_shape %165 [[0, 1], [2]] output_shape [2, 64, 1024] : tensor<128x1024xf32> into tensor<2x64x1024xf32>
    %166 = tensor.empty() : tensor<2x64x1024xbf16>
    %167 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_63 : tensor<2x64x1024xf32>) outs(%166 : tensor<2x64x1024xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<2x64x1024xbf16>
    %collapsed_64 = tensor.collapse_shape %167 [[0, 1], [2]] : tensor<2x64x1024xbf16> into tensor<128x1024xbf16>
    %168 = tensor.empty() : tensor<1024x128xbf16>
    %transposed_65 = linalg.transpose ins(%collapsed_64 : tensor<128x1024xbf16>) outs(%168 : tensor<1024x128xbf16>) permutation = [1, 0] 
    %169 = tensor.empty() : tensor<1024x64xf32>
    %170 = linalg.fill ins(%cst : f32) outs(%169 : tensor<1024x64xf32>) -> tensor<1024x64xf32>
    %171 = linalg.matmul ins(%transposed_65, %collapsed_54 : tensor<1024x128xbf16>, tensor<128x64xbf16>) outs(%170 : tensor<1024x64xf32>) -> tensor<1024x64xf32>
    %172 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%171 : tensor<1024x64xf32>) outs(%123 : tensor<1024x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<1024x64xbf16>
    %173 = linalg.matmul ins(%collapsed_64, %124 : tensor<128x1024xbf16>, tensor<1024x64xbf16>) outs(%31 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %174 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%173 : tensor<128x64xf32>) outs(%33 : tensor<128x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<128x64xbf16>
    %expanded_66 = tensor.expand_shape %174 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xbf16> into tensor<2x64x64xbf16>
    %175 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_66 : tensor<2x64x64xbf16>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %329 = arith.extf %in : bf16 to f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %176 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%172 : tensor<1024x64xbf16>) outs(%169 : tensor<1024x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %329 = arith.extf %in : bf16 to f32
      linalg.yield %329 : f32
    } -> tensor<1024x64xf32>
    %177 = linalg.generic {indexing_maps = [#map1, #map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%175, %arg10 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.mulf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %178 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%175, %121 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.mulf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %179 = tensor.empty() : tensor<1x1x64xf32>
    %180 = linalg.fill ins(%cst : f32) outs(%179 : tensor<1x1x64xf32>) -> tensor<1x1x64xf32>
    %181 = linalg.generic {indexing_maps = [#map1, #map19], iterator_types = ["reduction", "reduction", "parallel"]} ins(%178 : tensor<2x64x64xf32>) outs(%180 : tensor<1x1x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = arith.addf %in, %out : f32
      linalg.yield %329 : f32
    } -> tensor<1x1x64xf32>
    %collapsed_67 = tensor.collapse_shape %181 [[0, 1, 2]] : tensor<1x1x64xf32> into tensor<64xf32>
    %182 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%177, %115 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.mulf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %183 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%177, %120 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.mulf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %184 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%182 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = arith.addf %in, %out : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x1xf32>
    %185 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%120 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %329 : f32
    } -> tensor<2x64x1xf32>
    %186 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%184 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = arith.mulf %in, %cst_11 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x1xf32>
    %187 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%186, %185 : tensor<2x64x1xf32>, tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.mulf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x1xf32>
    %collapsed_68 = tensor.collapse_shape %187 [[0], [1, 2]] : tensor<2x64x1xf32> into tensor<2x64xf32>
    %188 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed_68 : tensor<2x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %189 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%188 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = arith.divf %in, %cst_10 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %190 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%115 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = math.fpowi %in, %c1_i64 : f32, i64
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %191 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%190 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = arith.mulf %in, %cst_12 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %192 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%189, %191 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.mulf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %193 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%183, %192 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.addf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %194 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%193 : tensor<2x64x64xf32>) outs(%28 : tensor<2x64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<2x64x64xbf16>
    %collapsed_69 = tensor.collapse_shape %194 [[0, 1], [2]] : tensor<2x64x64xbf16> into tensor<128x64xbf16>
    %transposed_70 = linalg.transpose ins(%collapsed_69 : tensor<128x64xbf16>) outs(%96 : tensor<64x128xbf16>) permutation = [1, 0] 
    %195 = tensor.empty() : tensor<64x128xf32>
    %196 = linalg.fill ins(%cst : f32) outs(%195 : tensor<64x128xf32>) -> tensor<64x128xf32>
    %197 = linalg.matmul ins(%transposed_70, %collapsed_51 : tensor<64x128xbf16>, tensor<128x128xbf16>) outs(%196 : tensor<64x128xf32>) -> tensor<64x128xf32>
    %198 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%197 : tensor<64x128xf32>) outs(%96 : tensor<64x128xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<64x128xbf16>
    %199 = linalg.matmul ins(%collapsed_69, %112 : tensor<128x64xbf16>, tensor<64x128xbf16>) outs(%98 : tensor<128x128xf32>) -> tensor<128x128xf32>
    %200 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%199 : tensor<128x128xf32>) outs(%100 : tensor<128x128xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<128x128xbf16>
    %expanded_71 = tensor.expand_shape %200 [[0, 1], [2]] output_shape [2, 64, 128] : tensor<128x128xbf16> into tensor<2x64x128xbf16>
    %201 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%198 : tensor<64x128xbf16>) outs(%195 : tensor<64x128xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %329 = arith.extf %in : bf16 to f32
      linalg.yield %329 : f32
    } -> tensor<64x128xf32>
    %202 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_71, %107 : tensor<2x64x128xbf16>, tensor<2x64x128xbf16>) outs(%106 : tensor<2x64x128xbf16>) {
    ^bb0(%in: bf16, %in_121: bf16, %out: bf16):
      %329 = arith.mulf %in, %in_121 : bf16
      linalg.yield %329 : bf16
    } -> tensor<2x64x128xbf16>
    %203 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_71, %expanded_49 : tensor<2x64x128xbf16>, tensor<2x64x128xbf16>) outs(%106 : tensor<2x64x128xbf16>) {
    ^bb0(%in: bf16, %in_121: bf16, %out: bf16):
      %329 = arith.mulf %in, %in_121 : bf16
      linalg.yield %329 : bf16
    } -> tensor<2x64x128xbf16>
    %collapsed_72 = tensor.collapse_shape %202 [[0, 1], [2]] : tensor<2x64x128xbf16> into tensor<128x128xbf16>
    %transposed_73 = linalg.transpose ins(%collapsed_72 : tensor<128x128xbf16>) outs(%100 : tensor<128x128xbf16>) permutation = [1, 0] 
    %204 = linalg.matmul ins(%transposed_73, %collapsed_46 : tensor<128x128xbf16>, tensor<128x64xbf16>) outs(%31 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %205 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%204 : tensor<128x64xf32>) outs(%33 : tensor<128x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<128x64xbf16>
    %206 = linalg.matmul ins(%collapsed_72, %108 : tensor<128x128xbf16>, tensor<128x64xbf16>) outs(%31 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %207 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%206 : tensor<128x64xf32>) outs(%33 : tensor<128x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<128x64xbf16>
    %expanded_74 = tensor.expand_shape %207 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xbf16> into tensor<2x64x64xbf16>
    %208 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_74 : tensor<2x64x64xbf16>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %329 = arith.extf %in : bf16 to f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %209 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%205 : tensor<128x64xbf16>) outs(%30 : tensor<128x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %329 = arith.extf %in : bf16 to f32
      linalg.yield %329 : f32
    } -> tensor<128x64xf32>
    %210 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_47 : tensor<2x64x128xbf16>) outs(%106 : tensor<2x64x128xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %329 = arith.negf %in : bf16
      %330 = math.exp %329 : bf16
      %331 = arith.addf %330, %cst_2 : bf16
      %332 = arith.divf %cst_2, %331 : bf16
      linalg.yield %332 : bf16
    } -> tensor<2x64x128xbf16>
    %211 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%cst_4, %210 : tensor<2x64x128xbf16>, tensor<2x64x128xbf16>) outs(%106 : tensor<2x64x128xbf16>) {
    ^bb0(%in: bf16, %in_121: bf16, %out: bf16):
      %329 = arith.subf %in, %in_121 : bf16
      linalg.yield %329 : bf16
    } -> tensor<2x64x128xbf16>
    %212 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_47, %211 : tensor<2x64x128xbf16>, tensor<2x64x128xbf16>) outs(%106 : tensor<2x64x128xbf16>) {
    ^bb0(%in: bf16, %in_121: bf16, %out: bf16):
      %329 = arith.mulf %in, %in_121 : bf16
      linalg.yield %329 : bf16
    } -> tensor<2x64x128xbf16>
    %213 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%212 : tensor<2x64x128xbf16>) outs(%106 : tensor<2x64x128xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %329 = arith.addf %in, %cst_2 : bf16
      linalg.yield %329 : bf16
    } -> tensor<2x64x128xbf16>
    %214 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%210, %213 : tensor<2x64x128xbf16>, tensor<2x64x128xbf16>) outs(%106 : tensor<2x64x128xbf16>) {
    ^bb0(%in: bf16, %in_121: bf16, %out: bf16):
      %329 = arith.mulf %in, %in_121 : bf16
      linalg.yield %329 : bf16
    } -> tensor<2x64x128xbf16>
    %215 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%203, %214 : tensor<2x64x128xbf16>, tensor<2x64x128xbf16>) outs(%106 : tensor<2x64x128xbf16>) {
    ^bb0(%in: bf16, %in_121: bf16, %out: bf16):
      %329 = arith.mulf %in, %in_121 : bf16
      linalg.yield %329 : bf16
    } -> tensor<2x64x128xbf16>
    %collapsed_75 = tensor.collapse_shape %215 [[0, 1], [2]] : tensor<2x64x128xbf16> into tensor<128x128xbf16>
    %transposed_76 = linalg.transpose ins(%collapsed_75 : tensor<128x128xbf16>) outs(%100 : tensor<128x128xbf16>) permutation = [1, 0] 
    %216 = linalg.matmul ins(%transposed_76, %collapsed_46 : tensor<128x128xbf16>, tensor<128x64xbf16>) outs(%31 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %217 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%216 : tensor<128x64xf32>) outs(%33 : tensor<128x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<128x64xbf16>
    %218 = linalg.matmul ins(%collapsed_75, %94 : tensor<128x128xbf16>, tensor<128x64xbf16>) outs(%31 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %219 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%218 : tensor<128x64xf32>) outs(%33 : tensor<128x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<128x64xbf16>
    %expanded_77 = tensor.expand_shape %219 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xbf16> into tensor<2x64x64xbf16>
    %220 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_77 : tensor<2x64x64xbf16>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %329 = arith.extf %in : bf16 to f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %221 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%208, %220 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.addf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %222 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%217 : tensor<128x64xbf16>) outs(%30 : tensor<128x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %329 = arith.extf %in : bf16 to f32
      linalg.yield %329 : f32
    } -> tensor<128x64xf32>
    %223 = linalg.generic {indexing_maps = [#map1, #map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%221, %arg9 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.mulf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %224 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%221, %92 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.mulf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %225 = linalg.generic {indexing_maps = [#map1, #map19], iterator_types = ["reduction", "reduction", "parallel"]} ins(%224 : tensor<2x64x64xf32>) outs(%180 : tensor<1x1x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = arith.addf %in, %out : f32
      linalg.yield %329 : f32
    } -> tensor<1x1x64xf32>
    %collapsed_78 = tensor.collapse_shape %225 [[0, 1, 2]] : tensor<1x1x64xf32> into tensor<64xf32>
    %226 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%223, %86 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.mulf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %227 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%223, %91 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.mulf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %228 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%226 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = arith.addf %in, %out : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x1xf32>
    %229 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%193, %227 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.addf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %230 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%91 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %329 : f32
    } -> tensor<2x64x1xf32>
    %231 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%228 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = arith.mulf %in, %cst_11 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x1xf32>
    %232 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%231, %230 : tensor<2x64x1xf32>, tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.mulf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x1xf32>
    %collapsed_79 = tensor.collapse_shape %232 [[0], [1, 2]] : tensor<2x64x1xf32> into tensor<2x64xf32>
    %233 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed_79 : tensor<2x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %234 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%233 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = arith.divf %in, %cst_10 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %235 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%86 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = math.fpowi %in, %c1_i64 : f32, i64
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %236 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%235 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = arith.mulf %in, %cst_12 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %237 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%234, %236 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.mulf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %238 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%229, %237 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.addf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %239 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%238 : tensor<2x64x64xf32>) outs(%28 : tensor<2x64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<2x64x64xbf16>
    %collapsed_80 = tensor.collapse_shape %239 [[0, 1], [2]] : tensor<2x64x64xbf16> into tensor<128x64xbf16>
    %transposed_81 = linalg.transpose ins(%collapsed_80 : tensor<128x64xbf16>) outs(%96 : tensor<64x128xbf16>) permutation = [1, 0] 
    %240 = tensor.empty() : tensor<64x64xf32>
    %241 = linalg.fill ins(%cst : f32) outs(%240 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %242 = linalg.matmul ins(%transposed_81, %collapsed_43 : tensor<64x128xbf16>, tensor<128x64xbf16>) outs(%241 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %243 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%242 : tensor<64x64xf32>) outs(%26 : tensor<64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<64x64xbf16>
    %244 = linalg.matmul ins(%collapsed_80, %83 : tensor<128x64xbf16>, tensor<64x64xbf16>) outs(%31 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %245 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%244 : tensor<128x64xf32>) outs(%33 : tensor<128x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<128x64xbf16>
    %246 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%243 : tensor<64x64xbf16>) outs(%240 : tensor<64x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %329 = arith.extf %in : bf16 to f32
      linalg.yield %329 : f32
    } -> tensor<64x64xf32>
    %expanded_82 = tensor.expand_shape %245 [[0, 1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<128x64xbf16> into tensor<2x64x2x32xbf16>
    %transposed_83 = linalg.transpose ins(%expanded_82 : tensor<2x64x2x32xbf16>) outs(%35 : tensor<2x2x64x32xbf16>) permutation = [0, 2, 1, 3] 
    %collapsed_84 = tensor.collapse_shape %transposed_83 [[0, 1], [2], [3]] : tensor<2x2x64x32xbf16> into tensor<4x64x32xbf16>
    %transposed_85 = linalg.transpose ins(%collapsed_38 : tensor<4x64x64xbf16>) outs(%59 : tensor<4x64x64xbf16>) permutation = [0, 2, 1] 
    %247 = linalg.batch_matmul ins(%transposed_85, %collapsed_84 : tensor<4x64x64xbf16>, tensor<4x64x32xbf16>) outs(%78 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %248 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%247 : tensor<4x64x32xf32>) outs(%80 : tensor<4x64x32xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<4x64x32xbf16>
    %249 = tensor.empty() : tensor<4x32x64xbf16>
    %transposed_86 = linalg.transpose ins(%collapsed_39 : tensor<4x64x32xbf16>) outs(%249 : tensor<4x32x64xbf16>) permutation = [0, 2, 1] 
    %250 = linalg.batch_matmul ins(%collapsed_84, %transposed_86 : tensor<4x64x32xbf16>, tensor<4x32x64xbf16>) outs(%57 : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
    %251 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%250 : tensor<4x64x64xf32>) outs(%59 : tensor<4x64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<4x64x64xbf16>
    %expanded_87 = tensor.expand_shape %248 [[0, 1], [2], [3]] output_shape [2, 2, 64, 32] : tensor<4x64x32xbf16> into tensor<2x2x64x32xbf16>
    %expanded_88 = tensor.expand_shape %251 [[0, 1], [2], [3]] output_shape [2, 2, 64, 64] : tensor<4x64x64xbf16> into tensor<2x2x64x64xbf16>
    %252 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_88 : tensor<2x2x64x64xbf16>) outs(%63 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %329 = arith.extf %in : bf16 to f32
      linalg.yield %329 : f32
    } -> tensor<2x2x64x64xf32>
    %253 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%252, %75 : tensor<2x2x64x64xf32>, tensor<2x2x64x64xf32>) outs(%63 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.mulf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x2x64x64xf32>
    %254 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%253 : tensor<2x2x64x64xf32>) outs(%73 : tensor<2x2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = arith.addf %in, %out : f32
      linalg.yield %329 : f32
    } -> tensor<2x2x64x1xf32>
    %255 = linalg.generic {indexing_maps = [#map5, #map4, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%75, %254 : tensor<2x2x64x64xf32>, tensor<2x2x64x1xf32>) outs(%63 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.mulf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x2x64x64xf32>
    %256 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%253, %255 : tensor<2x2x64x64xf32>, tensor<2x2x64x64xf32>) outs(%63 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.subf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x2x64x64xf32>
    %257 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%256 : tensor<2x2x64x64xf32>) outs(%61 : tensor<2x2x64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<2x2x64x64xbf16>
    %258 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%257 : tensor<2x2x64x64xbf16>) outs(%61 : tensor<2x2x64x64xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %329 = arith.truncf %cst_8 : f64 to bf16
      %330 = arith.mulf %in, %329 : bf16
      linalg.yield %330 : bf16
    } -> tensor<2x2x64x64xbf16>
    %collapsed_89 = tensor.collapse_shape %258 [[0, 1], [2], [3]] : tensor<2x2x64x64xbf16> into tensor<4x64x64xbf16>
    %transposed_90 = linalg.transpose ins(%collapsed_34 : tensor<4x64x32xbf16>) outs(%249 : tensor<4x32x64xbf16>) permutation = [0, 2, 1] 
    %259 = tensor.empty() : tensor<4x32x64xf32>
    %260 = linalg.fill ins(%cst : f32) outs(%259 : tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %261 = linalg.batch_matmul ins(%transposed_90, %collapsed_89 : tensor<4x32x64xbf16>, tensor<4x64x64xbf16>) outs(%260 : tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %262 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%261 : tensor<4x32x64xf32>) outs(%249 : tensor<4x32x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<4x32x64xbf16>
    %transposed_91 = linalg.transpose ins(%collapsed_35 : tensor<4x32x64xbf16>) outs(%80 : tensor<4x64x32xbf16>) permutation = [0, 2, 1] 
    %263 = linalg.batch_matmul ins(%collapsed_89, %transposed_91 : tensor<4x64x64xbf16>, tensor<4x64x32xbf16>) outs(%78 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %264 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%263 : tensor<4x64x32xf32>) outs(%80 : tensor<4x64x32xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<4x64x32xbf16>
    %expanded_92 = tensor.expand_shape %262 [[0, 1], [2], [3]] output_shape [2, 2, 32, 64] : tensor<4x32x64xbf16> into tensor<2x2x32x64xbf16>
    %expanded_93 = tensor.expand_shape %264 [[0, 1], [2], [3]] output_shape [2, 2, 64, 32] : tensor<4x64x32xbf16> into tensor<2x2x64x32xbf16>
    %265 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_93 : tensor<2x2x64x32xbf16>) outs(%42 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %329 = arith.extf %in : bf16 to f32
      linalg.yield %329 : f32
    } -> tensor<2x2x64x32xf32>
    %266 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_92 : tensor<2x2x32x64xbf16>) outs(%52 : tensor<2x2x32x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %329 = arith.extf %in : bf16 to f32
      linalg.yield %329 : f32
    } -> tensor<2x2x32x64xf32>
    %transposed_94 = linalg.transpose ins(%266 : tensor<2x2x32x64xf32>) outs(%42 : tensor<2x2x64x32xf32>) permutation = [0, 1, 3, 2] 
    %267 = linalg.generic {indexing_maps = [#map5, #map11, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_94, %expanded_27 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%42 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.mulf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x2x64x32xf32>
    %268 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%267 : tensor<2x2x64x32xf32>) outs(%35 : tensor<2x2x64x32xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<2x2x64x32xbf16>
    %extracted_slice_95 = tensor.extract_slice %268[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xbf16> to tensor<2x2x64x16xbf16>
    %extracted_slice_96 = tensor.extract_slice %268[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xbf16> to tensor<2x2x64x16xbf16>
    %269 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_95 : tensor<2x2x64x16xbf16>) outs(%44 : tensor<2x2x64x16xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %329 = arith.negf %in : bf16
      linalg.yield %329 : bf16
    } -> tensor<2x2x64x16xbf16>
    %inserted_slice = tensor.insert_slice %269 into %cst_3[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x16xbf16> into tensor<2x2x64x32xbf16>
    %inserted_slice_97 = tensor.insert_slice %extracted_slice_96 into %cst_3[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x16xbf16> into tensor<2x2x64x32xbf16>
    %270 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%inserted_slice, %inserted_slice_97 : tensor<2x2x64x32xbf16>, tensor<2x2x64x32xbf16>) outs(%35 : tensor<2x2x64x32xbf16>) {
    ^bb0(%in: bf16, %in_121: bf16, %out: bf16):
      %329 = arith.addf %in, %in_121 : bf16
      linalg.yield %329 : bf16
    } -> tensor<2x2x64x32xbf16>
    %271 = linalg.generic {indexing_maps = [#map5, #map11, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_94, %expanded_26 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%42 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.mulf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x2x64x32xf32>
    %272 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%271 : tensor<2x2x64x32xf32>) outs(%35 : tensor<2x2x64x32xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<2x2x64x32xbf16>
    %273 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%270, %272 : tensor<2x2x64x32xbf16>, tensor<2x2x64x32xbf16>) outs(%35 : tensor<2x2x64x32xbf16>) {
    ^bb0(%in: bf16, %in_121: bf16, %out: bf16):
      %329 = arith.addf %in, %in_121 : bf16
      linalg.yield %329 : bf16
    } -> tensor<2x2x64x32xbf16>
    %274 = linalg.generic {indexing_maps = [#map5, #map11, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%265, %expanded_27 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%42 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.mulf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x2x64x32xf32>
    %275 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%274 : tensor<2x2x64x32xf32>) outs(%35 : tensor<2x2x64x32xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<2x2x64x32xbf16>
    %extracted_slice_98 = tensor.extract_slice %275[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xbf16> to tensor<2x2x64x16xbf16>
    %extracted_slice_99 = tensor.extract_slice %275[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xbf16> to tensor<2x2x64x16xbf16>
    %276 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_98 : tensor<2x2x64x16xbf16>) outs(%44 : tensor<2x2x64x16xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %329 = arith.negf %in : bf16
      linalg.yield %329 : bf16
    } -> tensor<2x2x64x16xbf16>
    %inserted_slice_100 = tensor.insert_slice %276 into %cst_3[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x16xbf16> into tensor<2x2x64x32xbf16>
    %inserted_slice_101 = tensor.insert_slice %extracted_slice_99 into %cst_3[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x16xbf16> into tensor<2x2x64x32xbf16>
    %277 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%inserted_slice_100, %inserted_slice_101 : tensor<2x2x64x32xbf16>, tensor<2x2x64x32xbf16>) outs(%35 : tensor<2x2x64x32xbf16>) {
    ^bb0(%in: bf16, %in_121: bf16, %out: bf16):
      %329 = arith.addf %in, %in_121 : bf16
      linalg.yield %329 : bf16
    } -> tensor<2x2x64x32xbf16>
    %278 = linalg.generic {indexing_maps = [#map5, #map11, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%265, %expanded_26 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%42 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.mulf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x2x64x32xf32>
    %279 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%278 : tensor<2x2x64x32xf32>) outs(%35 : tensor<2x2x64x32xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<2x2x64x32xbf16>
    %280 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%277, %279 : tensor<2x2x64x32xbf16>, tensor<2x2x64x32xbf16>) outs(%35 : tensor<2x2x64x32xbf16>) {
    ^bb0(%in: bf16, %in_121: bf16, %out: bf16):
      %329 = arith.addf %in, %in_121 : bf16
      linalg.yield %329 : bf16
    } -> tensor<2x2x64x32xbf16>
    %transposed_102 = linalg.transpose ins(%expanded_87 : tensor<2x2x64x32xbf16>) outs(%82 : tensor<2x64x2x32xbf16>) permutation = [0, 2, 1, 3] 
    %collapsed_103 = tensor.collapse_shape %transposed_102 [[0, 1], [2, 3]] : tensor<2x64x2x32xbf16> into tensor<128x64xbf16>
    %transposed_104 = linalg.transpose ins(%collapsed_103 : tensor<128x64xbf16>) outs(%96 : tensor<64x128xbf16>) permutation = [1, 0] 
    %281 = linalg.matmul ins(%transposed_104, %collapsed_17 : tensor<64x128xbf16>, tensor<128x64xbf16>) outs(%241 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %282 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%281 : tensor<64x64xf32>) outs(%26 : tensor<64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<64x64xbf16>
    %283 = linalg.matmul ins(%collapsed_103, %39 : tensor<128x64xbf16>, tensor<64x64xbf16>) outs(%31 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %284 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%283 : tensor<128x64xf32>) outs(%33 : tensor<128x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<128x64xbf16>
    %expanded_105 = tensor.expand_shape %284 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xbf16> into tensor<2x64x64xbf16>
    %285 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_105 : tensor<2x64x64xbf16>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %329 = arith.extf %in : bf16 to f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %286 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%282 : tensor<64x64xbf16>) outs(%240 : tensor<64x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %329 = arith.extf %in : bf16 to f32
      linalg.yield %329 : f32
    } -> tensor<64x64xf32>
    %transposed_106 = linalg.transpose ins(%273 : tensor<2x2x64x32xbf16>) outs(%82 : tensor<2x64x2x32xbf16>) permutation = [0, 2, 1, 3] 
    %collapsed_107 = tensor.collapse_shape %transposed_106 [[0, 1], [2, 3]] : tensor<2x64x2x32xbf16> into tensor<128x64xbf16>
    %transposed_108 = linalg.transpose ins(%collapsed_107 : tensor<128x64xbf16>) outs(%96 : tensor<64x128xbf16>) permutation = [1, 0] 
    %287 = linalg.matmul ins(%transposed_108, %collapsed_17 : tensor<64x128xbf16>, tensor<128x64xbf16>) outs(%241 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %288 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%287 : tensor<64x64xf32>) outs(%26 : tensor<64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<64x64xbf16>
    %289 = linalg.matmul ins(%collapsed_107, %36 : tensor<128x64xbf16>, tensor<64x64xbf16>) outs(%31 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %290 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%289 : tensor<128x64xf32>) outs(%33 : tensor<128x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<128x64xbf16>
    %expanded_109 = tensor.expand_shape %290 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xbf16> into tensor<2x64x64xbf16>
    %291 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_109 : tensor<2x64x64xbf16>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %329 = arith.extf %in : bf16 to f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %292 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%285, %291 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.addf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %293 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%288 : tensor<64x64xbf16>) outs(%240 : tensor<64x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %329 = arith.extf %in : bf16 to f32
      linalg.yield %329 : f32
    } -> tensor<64x64xf32>
    %transposed_110 = linalg.transpose ins(%280 : tensor<2x2x64x32xbf16>) outs(%82 : tensor<2x64x2x32xbf16>) permutation = [0, 2, 1, 3] 
    %collapsed_111 = tensor.collapse_shape %transposed_110 [[0, 1], [2, 3]] : tensor<2x64x2x32xbf16> into tensor<128x64xbf16>
    %transposed_112 = linalg.transpose ins(%collapsed_111 : tensor<128x64xbf16>) outs(%96 : tensor<64x128xbf16>) permutation = [1, 0] 
    %294 = linalg.matmul ins(%transposed_112, %collapsed_17 : tensor<64x128xbf16>, tensor<128x64xbf16>) outs(%241 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %295 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%294 : tensor<64x64xf32>) outs(%26 : tensor<64x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<64x64xbf16>
    %296 = linalg.matmul ins(%collapsed_111, %27 : tensor<128x64xbf16>, tensor<64x64xbf16>) outs(%31 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %297 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%296 : tensor<128x64xf32>) outs(%33 : tensor<128x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %329 = arith.truncf %in : f32 to bf16
      linalg.yield %329 : bf16
    } -> tensor<128x64xbf16>
    %expanded_113 = tensor.expand_shape %297 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xbf16> into tensor<2x64x64xbf16>
    %298 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_113 : tensor<2x64x64xbf16>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %329 = arith.extf %in : bf16 to f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %299 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%292, %298 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.addf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %300 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%295 : tensor<64x64xbf16>) outs(%240 : tensor<64x64xf32>) {
    ^bb0(%in: bf16, %out: f32):
      %329 = arith.extf %in : bf16 to f32
      linalg.yield %329 : f32
    } -> tensor<64x64xf32>
    %301 = linalg.generic {indexing_maps = [#map1, #map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%299, %arg8 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.mulf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %302 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%299, %24 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.mulf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %303 = linalg.generic {indexing_maps = [#map1, #map19], iterator_types = ["reduction", "reduction", "parallel"]} ins(%302 : tensor<2x64x64xf32>) outs(%180 : tensor<1x1x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = arith.addf %in, %out : f32
      linalg.yield %329 : f32
    } -> tensor<1x1x64xf32>
    %collapsed_114 = tensor.collapse_shape %303 [[0, 1, 2]] : tensor<1x1x64xf32> into tensor<64xf32>
    %304 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%301, %1 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.mulf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %305 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%301, %23 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.mulf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %306 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%304 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = arith.addf %in, %out : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x1xf32>
    %307 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%238, %305 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.addf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %308 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%23 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %329 : f32
    } -> tensor<2x64x1xf32>
    %309 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%306 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = arith.mulf %in, %cst_11 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x1xf32>
    %310 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%309, %308 : tensor<2x64x1xf32>, tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.mulf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x1xf32>
    %collapsed_115 = tensor.collapse_shape %310 [[0], [1, 2]] : tensor<2x64x1xf32> into tensor<2x64xf32>
    %311 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed_115 : tensor<2x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %312 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%311 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = arith.divf %in, %cst_10 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %313 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = math.fpowi %in, %c1_i64 : f32, i64
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %314 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%313 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %329 = arith.mulf %in, %cst_12 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %315 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%312, %314 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.mulf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %316 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%307, %315 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_121: f32, %out: f32):
      %329 = arith.addf %in, %in_121 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %317 = tensor.empty() : tensor<2x64xi1>
    %318 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%arg14 : tensor<2x64xi64>) outs(%317 : tensor<2x64xi1>) {
    ^bb0(%in: i64, %out: i1):
      %329 = arith.cmpi sge, %in, %c0_i64 : i64
      linalg.yield %329 : i1
    } -> tensor<2x64xi1>
    %319 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%arg14 : tensor<2x64xi64>) outs(%317 : tensor<2x64xi1>) {
    ^bb0(%in: i64, %out: i1):
      %329 = arith.cmpi slt, %in, %c1024_i64 : i64
      linalg.yield %329 : i1
    } -> tensor<2x64xi1>
    %320 = linalg.generic {indexing_maps = [#map10, #map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%318, %319 : tensor<2x64xi1>, tensor<2x64xi1>) outs(%317 : tensor<2x64xi1>) {
    ^bb0(%in: i1, %in_121: i1, %out: i1):
      %329 = arith.andi %in, %in_121 : i1
      linalg.yield %329 : i1
    } -> tensor<2x64xi1>
    %321 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%arg14 : tensor<2x64xi64>) outs(%317 : tensor<2x64xi1>) {
    ^bb0(%in: i64, %out: i1):
      %329 = arith.cmpi ne, %in, %c-1_i64 : i64
      linalg.yield %329 : i1
    } -> tensor<2x64xi1>
    %322 = linalg.generic {indexing_maps = [#map10, #map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%320, %321 : tensor<2x64xi1>, tensor<2x64xi1>) outs(%317 : tensor<2x64xi1>) {
    ^bb0(%in: i1, %in_121: i1, %out: i1):
      %329 = arith.andi %in, %in_121 : i1
      linalg.yield %329 : i1
    } -> tensor<2x64xi1>
    %expanded_116 = tensor.expand_shape %322 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xi1> into tensor<2x64x1xi1>
    %323 = tensor.empty() : tensor<2x64xi64>
    %324 = linalg.generic {indexing_maps = [#map10, #map10], iterator_types = ["parallel", "parallel"]} ins(%arg14 : tensor<2x64xi64>) outs(%323 : tensor<2x64xi64>) {
    ^bb0(%in: i64, %out: i64):
      %329 = arith.maxsi %in, %c-1024_i64 : i64
      %330 = arith.minsi %329, %c1023_i64 : i64
      linalg.yield %330 : i64
    } -> tensor<2x64xi64>
    %325 = tensor.empty() : tensor<2x64x1xi1>
    %326 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_116 : tensor<2x64x1xi1>) outs(%325 : tensor<2x64x1xi1>) {
    ^bb0(%in: i1, %out: i1):
      %329 = arith.xori %in, %true : i1
      linalg.yield %329 : i1
    } -> tensor<2x64x1xi1>
    %327 = linalg.generic {indexing_maps = [#map8, #map20, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%326, %cst_7, %316 : tensor<2x64x1xi1>, tensor<f32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: i1, %in_121: f32, %in_122: f32, %out: f32):
      %329 = arith.select %in, %in_121, %in_122 : f32
      linalg.yield %329 : f32
    } -> tensor<2x64x64xf32>
    %collapsed_117 = tensor.collapse_shape %324 [[0, 1]] : tensor<2x64xi64> into tensor<128xi64>
    %expanded_118 = tensor.expand_shape %collapsed_117 [[0, 1]] output_shape [128, 1] : tensor<128xi64> into tensor<128x1xi64>
    %collapsed_119 = tensor.collapse_shape %327 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %expanded_120 = tensor.expand_shape %collapsed_119 [[0], [1, 2]] output_shape [128, 1, 64] : tensor<128x64xf32> into tensor<128x1x64xf32>
    // tm_tensor.scatter {dimension_map = [0]} unique_indices(false) rewritten as loops (test/graphs/scatter_to_loops.py):
    // orig[coord(i, j)] = combine(updates[i, j], orig[coord(i, j)])
    %sc0_c0 = arith.constant 0 : index
    %sc0_c1 = arith.constant 1 : index
    %sc0_c64 = arith.constant 64 : index
    %sc0_c128 = arith.constant 128 : index
    %328 = scf.for %sc0_i0 = %sc0_c0 to %sc0_c128 step %sc0_c1 iter_args(%sc0_ab0 = %cst_13) -> (tensor<1024x64xf32>) {
      %sc0_ix0 = tensor.extract %expanded_118[%sc0_i0, %sc0_c0] : tensor<128x1xi64>
      %sc0_o0 = arith.index_cast %sc0_ix0 : i64 to index
      %sc0_s0r = scf.for %sc0_j0 = %sc0_c0 to %sc0_c1 step %sc0_c1 iter_args(%sc0_as0 = %sc0_ab0) -> (tensor<1024x64xf32>) {
        %sc0_s1r = scf.for %sc0_j1 = %sc0_c0 to %sc0_c64 step %sc0_c1 iter_args(%sc0_as1 = %sc0_as0) -> (tensor<1024x64xf32>) {
          %sc0_d0 = arith.addi %sc0_o0, %sc0_j0 : index
          %sc0_u = tensor.extract %expanded_120[%sc0_i0, %sc0_j0, %sc0_j1] : tensor<128x1x64xf32>
          %sc0_v = tensor.extract %sc0_as1[%sc0_d0, %sc0_j1] : tensor<1024x64xf32>
          %sc0_r2 = arith.addf %sc0_v, %sc0_u : f32
          %sc0_new = tensor.insert %sc0_r2 into %sc0_as1[%sc0_d0, %sc0_j1] : tensor<1024x64xf32>
          scf.yield %sc0_new : tensor<1024x64xf32>
        }
        scf.yield %sc0_s1r : tensor<1024x64xf32>
      }
      scf.yield %sc0_s0r : tensor<1024x64xf32>
    }
    return %159, %328, %300, %293, %286, %246, %222, %209, %201, %collapsed_114, %collapsed_78, %collapsed_67, %176 : tensor<f32>, tensor<1024x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<128x64xf32>, tensor<128x64xf32>, tensor<64x128xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<1024x64xf32>
  }
}
