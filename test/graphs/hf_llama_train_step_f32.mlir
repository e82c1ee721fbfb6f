// hf_llama_train_step_f32: real linalg-on-tensors graph
// from PyTorch and Hugging Face transformers (see test/graphs/README.md).
//
// RUN: lmhead-opt %s -o /dev/null
// RUN: lmhead-opt %s --math-expand-ops=ops=fpowi --lmhead-cpu-pipeline=decompose=false -o /dev/null
//
// Made by test/graphs/make_hf_graphs.py --only hf_llama_train_step_f32
// Tools: torch 2.15.0, torch-mlir 20261001, python 3.11.7, transformers 5.24.0
// Model: transformers LlamaForCausalLM(LlamaConfig(vocab_size=1024, hidden_size=64, intermediate_size=128, num_hidden_layers=1, num_attention_heads=2, num_key_value_heads=2, max_position_embeddings=64, attn_implementation='eager', tie_word_embeddings=False)), random init (torch.manual_seed(0)), batch 2 x seq 64 (N = 128 tokens), LM head untied (lm_head, no bias)
// Trace: aot_export_module(TrainStep(model), [input_ids, labels], trace_joint=True, output_loss_index=0), TrainStep.forward returning (model(input_ids, labels=labels).loss,) -> torch_mlir.fx.stateless_fx_import(output_type='linalg-on-tensors')
// Note: f32 parameters and activations
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
#map10 = affine_map<(d0, d1, d2, d3) -> (0, 0, d2, d3)>
#map11 = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
#map12 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map13 = affine_map<(d0, d1) -> (d0, d1)>
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
    %true = arith.constant true
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<2x2x64x32xf32>
    %cst_3 = arith.constant dense<1.000000e+00> : tensor<2x64x128xf32>
    %cst_4 = arith.constant dense<1.000000e+00> : tensor<f32>
    %cst_5 = arith.constant dense<-3.40282347E+38> : tensor<f32>
    %cst_6 = arith.constant dense<0.000000e+00> : tensor<f32>
    %cst_7 = arith.constant 0.17677669529663689 : f64
    %cst_8 = arith.constant 9.9999999999999995E-7 : f64
    %cst_9 = arith.constant 6.400000e+01 : f32
    %c-100 = arith.constant -100 : index
    %cst_10 = arith.constant -5.000000e-01 : f32
    %cst_11 = arith.constant 2.000000e+00 : f32
    %cst_12 = arith.constant dense<0.000000e+00> : tensor<1024x64xf32>
    %cst_13 = arith.constant dense<0> : tensor<i64>
    %0 = tensor.empty() : tensor<2x64x64xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg14 : tensor<2x64xi64>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: i64, %out: f32):
      %240 = arith.index_cast %in : i64 to index
      %241 = linalg.index 2 : index
      %242 = arith.cmpi slt, %240, %c1024 : index
      cf.assert %242, "index must be smaller than dim size"
      %243 = arith.cmpi sge, %in, %c0_i64 : i64
      cf.assert %243, "index must be larger or equal to 0"
      %extracted = tensor.extract %arg0[%240, %241] : tensor<1024x64xf32>
      linalg.yield %extracted : f32
    } -> tensor<2x64x64xf32>
    %2 = tensor.empty() : tensor<64xi64>
    %3 = linalg.generic {indexing_maps = [#map2], iterator_types = ["parallel"]} outs(%2 : tensor<64xi64>) {
    ^bb0(%out: i64):
      %240 = linalg.index 0 : index
      %241 = arith.index_cast %240 : index to i64
      linalg.yield %241 : i64
    } -> tensor<64xi64>
    %expanded = tensor.expand_shape %3 [[0, 1, 2, 3]] output_shape [1, 1, 64, 1] : tensor<64xi64> into tensor<1x1x64x1xi64>
    %expanded_14 = tensor.expand_shape %3 [[0, 1, 2, 3]] output_shape [1, 1, 1, 64] : tensor<64xi64> into tensor<1x1x1x64xi64>
    %4 = tensor.empty() : tensor<1x1x64x64xi1>
    %5 = linalg.generic {indexing_maps = [#map3, #map4, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_14, %expanded : tensor<1x1x1x64xi64>, tensor<1x1x64x1xi64>) outs(%4 : tensor<1x1x64x64xi1>) {
    ^bb0(%in: i64, %in_116: i64, %out: i1):
      %240 = arith.cmpi sle, %in, %in_116 : i64
      linalg.yield %240 : i1
    } -> tensor<1x1x64x64xi1>
    %6 = tensor.empty() : tensor<2x1x64x64xi1>
    %collapsed = tensor.collapse_shape %5 [[0, 1], [2], [3]] : tensor<1x1x64x64xi1> into tensor<1x64x64xi1>
    %7 = linalg.generic {indexing_maps = [#map6, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%collapsed : tensor<1x64x64xi1>) outs(%6 : tensor<2x1x64x64xi1>) {
    ^bb0(%in: i1, %out: i1):
      linalg.yield %in : i1
    } -> tensor<2x1x64x64xi1>
    %8 = tensor.empty() : tensor<2x1x64x64xf32>
    %9 = linalg.generic {indexing_maps = [#map5, #map7, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%7, %cst_6, %cst_5 : tensor<2x1x64x64xi1>, tensor<f32>, tensor<f32>) outs(%8 : tensor<2x1x64x64xf32>) {
    ^bb0(%in: i1, %in_116: f32, %in_117: f32, %out: f32):
      %240 = arith.select %in, %in_116, %in_117 : f32
      linalg.yield %240 : f32
    } -> tensor<2x1x64x64xf32>
    %expanded_15 = tensor.expand_shape %3 [[0, 1, 2]] output_shape [1, 64, 1] : tensor<64xi64> into tensor<1x64x1xi64>
    %10 = tensor.empty() : tensor<1x64x1xf32>
    %11 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_15 : tensor<1x64x1xi64>) outs(%10 : tensor<1x64x1xf32>) {
    ^bb0(%in: i64, %out: f32):
      %240 = arith.sitofp %in : i64 to f32
      linalg.yield %240 : f32
    } -> tensor<1x64x1xf32>
    %12 = tensor.empty() : tensor<1x64x16xf32>
    %13 = linalg.generic {indexing_maps = [#map8, #map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%11, %arg12 : tensor<1x64x1xf32>, tensor<16xf32>) outs(%12 : tensor<1x64x16xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<1x64x16xf32>
    %concat = tensor.concat dim(2) %13, %13 : (tensor<1x64x16xf32>, tensor<1x64x16xf32>) -> tensor<1x64x32xf32>
    %14 = tensor.empty() : tensor<1x64x32xf32>
    %15 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%concat : tensor<1x64x32xf32>) outs(%14 : tensor<1x64x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = math.cos %in : f32
      linalg.yield %240 : f32
    } -> tensor<1x64x32xf32>
    %16 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%concat : tensor<1x64x32xf32>) outs(%14 : tensor<1x64x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = math.sin %in : f32
      linalg.yield %240 : f32
    } -> tensor<1x64x32xf32>
    %17 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %18 = tensor.empty() : tensor<2x64x1xf32>
    %19 = linalg.fill ins(%cst : f32) outs(%18 : tensor<2x64x1xf32>) -> tensor<2x64x1xf32>
    %20 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%17 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = arith.addf %in, %out : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x1xf32>
    %21 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = arith.divf %in, %cst_9 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x1xf32>
    %22 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%21 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = arith.truncf %cst_8 : f64 to f32
      %241 = arith.addf %in, %240 : f32
      linalg.yield %241 : f32
    } -> tensor<2x64x1xf32>
    %23 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%22 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = math.rsqrt %in : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x1xf32>
    %24 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %23 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %25 = linalg.generic {indexing_maps = [#map9, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg8, %24 : tensor<64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %26 = tensor.empty() : tensor<64x64xf32>
    %transposed = linalg.transpose ins(%arg1 : tensor<64x64xf32>) outs(%26 : tensor<64x64xf32>) permutation = [1, 0] 
    %collapsed_16 = tensor.collapse_shape %25 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %27 = tensor.empty() : tensor<128x64xf32>
    %28 = linalg.fill ins(%cst : f32) outs(%27 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %29 = linalg.matmul ins(%collapsed_16, %transposed : tensor<128x64xf32>, tensor<64x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_17 = tensor.expand_shape %29 [[0, 1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<128x64xf32> into tensor<2x64x2x32xf32>
    %30 = tensor.empty() : tensor<2x2x64x32xf32>
    %transposed_18 = linalg.transpose ins(%expanded_17 : tensor<2x64x2x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) permutation = [0, 2, 1, 3] 
    %transposed_19 = linalg.transpose ins(%arg2 : tensor<64x64xf32>) outs(%26 : tensor<64x64xf32>) permutation = [1, 0] 
    %31 = linalg.matmul ins(%collapsed_16, %transposed_19 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_20 = tensor.expand_shape %31 [[0, 1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<128x64xf32> into tensor<2x64x2x32xf32>
    %transposed_21 = linalg.transpose ins(%expanded_20 : tensor<2x64x2x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) permutation = [0, 2, 1, 3] 
    %transposed_22 = linalg.transpose ins(%arg3 : tensor<64x64xf32>) outs(%26 : tensor<64x64xf32>) permutation = [1, 0] 
    %32 = linalg.matmul ins(%collapsed_16, %transposed_22 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_23 = tensor.expand_shape %32 [[0, 1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<128x64xf32> into tensor<2x64x2x32xf32>
    %transposed_24 = linalg.transpose ins(%expanded_23 : tensor<2x64x2x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) permutation = [0, 2, 1, 3] 
    %expanded_25 = tensor.expand_shape %15 [[0], [1, 2], [3]] output_shape [1, 1, 64, 32] : tensor<1x64x32xf32> into tensor<1x1x64x32xf32>
    %expanded_26 = tensor.expand_shape %16 [[0], [1, 2], [3]] output_shape [1, 1, 64, 32] : tensor<1x64x32xf32> into tensor<1x1x64x32xf32>
    %33 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_18, %expanded_25 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x2x64x32xf32>
    %extracted_slice = tensor.extract_slice %transposed_18[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %extracted_slice_27 = tensor.extract_slice %transposed_18[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %34 = tensor.empty() : tensor<2x2x64x16xf32>
    %35 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_27 : tensor<2x2x64x16xf32>) outs(%34 : tensor<2x2x64x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = arith.negf %in : f32
      linalg.yield %240 : f32
    } -> tensor<2x2x64x16xf32>
    %concat_28 = tensor.concat dim(3) %35, %extracted_slice : (tensor<2x2x64x16xf32>, tensor<2x2x64x16xf32>) -> tensor<2x2x64x32xf32>
    %36 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_28, %expanded_26 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x2x64x32xf32>
    %37 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%33, %36 : tensor<2x2x64x32xf32>, tensor<2x2x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.addf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x2x64x32xf32>
    %38 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_21, %expanded_25 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x2x64x32xf32>
    %extracted_slice_29 = tensor.extract_slice %transposed_21[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %extracted_slice_30 = tensor.extract_slice %transposed_21[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %39 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_30 : tensor<2x2x64x16xf32>) outs(%34 : tensor<2x2x64x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = arith.negf %in : f32
      linalg.yield %240 : f32
    } -> tensor<2x2x64x16xf32>
    %concat_31 = tensor.concat dim(3) %39, %extracted_slice_29 : (tensor<2x2x64x16xf32>, tensor<2x2x64x16xf32>) -> tensor<2x2x64x32xf32>
    %40 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_31, %expanded_26 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x2x64x32xf32>
    %41 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%38, %40 : tensor<2x2x64x32xf32>, tensor<2x2x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.addf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x2x64x32xf32>
    %42 = tensor.empty() : tensor<2x2x32x64xf32>
    %transposed_32 = linalg.transpose ins(%41 : tensor<2x2x64x32xf32>) outs(%42 : tensor<2x2x32x64xf32>) permutation = [0, 1, 3, 2] 
    %collapsed_33 = tensor.collapse_shape %37 [[0, 1], [2], [3]] : tensor<2x2x64x32xf32> into tensor<4x64x32xf32>
    %collapsed_34 = tensor.collapse_shape %transposed_32 [[0, 1], [2], [3]] : tensor<2x2x32x64xf32> into tensor<4x32x64xf32>
    %43 = tensor.empty() : tensor<4x64x64xf32>
    %44 = linalg.fill ins(%cst : f32) outs(%43 : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
    %45 = linalg.batch_matmul ins(%collapsed_33, %collapsed_34 : tensor<4x64x32xf32>, tensor<4x32x64xf32>) outs(%44 : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
    %expanded_35 = tensor.expand_shape %45 [[0, 1], [2], [3]] output_shape [2, 2, 64, 64] : tensor<4x64x64xf32> into tensor<2x2x64x64xf32>
    %46 = tensor.empty() : tensor<2x2x64x64xf32>
    %47 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_35 : tensor<2x2x64x64xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = arith.truncf %cst_7 : f64 to f32
      %241 = arith.mulf %in, %240 : f32
      linalg.yield %241 : f32
    } -> tensor<2x2x64x64xf32>
    %48 = linalg.generic {indexing_maps = [#map5, #map11, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%47, %9 : tensor<2x2x64x64xf32>, tensor<2x1x64x64xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.addf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x2x64x64xf32>
    %49 = tensor.empty() : tensor<2x2x64xi64>
    %50 = linalg.fill ins(%c0_i64 : i64) outs(%49 : tensor<2x2x64xi64>) -> tensor<2x2x64xi64>
    %51 = tensor.empty() : tensor<2x2x64xf32>
    %52 = linalg.fill ins(%cst_0 : f32) outs(%51 : tensor<2x2x64xf32>) -> tensor<2x2x64xf32>
    %53:2 = linalg.generic {indexing_maps = [#map5, #map12, #map12], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%48 : tensor<2x2x64x64xf32>) outs(%52, %50 : tensor<2x2x64xf32>, tensor<2x2x64xi64>) {
    ^bb0(%in: f32, %out: f32, %out_116: i64):
      %240 = linalg.index 3 : index
      %241 = arith.index_cast %240 : index to i64
      %242 = arith.maximumf %in, %out : f32
      %243 = arith.cmpf ogt, %in, %out : f32
      %244 = arith.select %243, %241, %out_116 : i64
      linalg.yield %242, %244 : f32, i64
    } -> (tensor<2x2x64xf32>, tensor<2x2x64xi64>)
    %expanded_36 = tensor.expand_shape %53#0 [[0], [1], [2, 3]] output_shape [2, 2, 64, 1] : tensor<2x2x64xf32> into tensor<2x2x64x1xf32>
    %54 = linalg.generic {indexing_maps = [#map5, #map4, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%48, %expanded_36 : tensor<2x2x64x64xf32>, tensor<2x2x64x1xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.subf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x2x64x64xf32>
    %55 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%54 : tensor<2x2x64x64xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = math.exp %in : f32
      linalg.yield %240 : f32
    } -> tensor<2x2x64x64xf32>
    %56 = tensor.empty() : tensor<2x2x64x1xf32>
    %57 = linalg.fill ins(%cst : f32) outs(%56 : tensor<2x2x64x1xf32>) -> tensor<2x2x64x1xf32>
    %58 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%55 : tensor<2x2x64x64xf32>) outs(%57 : tensor<2x2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = arith.addf %in, %out : f32
      linalg.yield %240 : f32
    } -> tensor<2x2x64x1xf32>
    %59 = linalg.generic {indexing_maps = [#map5, #map4, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%55, %58 : tensor<2x2x64x64xf32>, tensor<2x2x64x1xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.divf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x2x64x64xf32>
    %collapsed_37 = tensor.collapse_shape %59 [[0, 1], [2], [3]] : tensor<2x2x64x64xf32> into tensor<4x64x64xf32>
    %collapsed_38 = tensor.collapse_shape %transposed_24 [[0, 1], [2], [3]] : tensor<2x2x64x32xf32> into tensor<4x64x32xf32>
    %60 = tensor.empty() : tensor<4x64x32xf32>
    %61 = linalg.fill ins(%cst : f32) outs(%60 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %62 = linalg.batch_matmul ins(%collapsed_37, %collapsed_38 : tensor<4x64x64xf32>, tensor<4x64x32xf32>) outs(%61 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %expanded_39 = tensor.expand_shape %62 [[0, 1], [2], [3]] output_shape [2, 2, 64, 32] : tensor<4x64x32xf32> into tensor<2x2x64x32xf32>
    %63 = tensor.empty() : tensor<2x64x2x32xf32>
    %transposed_40 = linalg.transpose ins(%expanded_39 : tensor<2x2x64x32xf32>) outs(%63 : tensor<2x64x2x32xf32>) permutation = [0, 2, 1, 3] 
    %transposed_41 = linalg.transpose ins(%arg4 : tensor<64x64xf32>) outs(%26 : tensor<64x64xf32>) permutation = [1, 0] 
    %collapsed_42 = tensor.collapse_shape %transposed_40 [[0, 1], [2, 3]] : tensor<2x64x2x32xf32> into tensor<128x64xf32>
    %64 = linalg.matmul ins(%collapsed_42, %transposed_41 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_43 = tensor.expand_shape %64 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %65 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %expanded_43 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.addf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %66 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%65 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %67 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%66 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = arith.addf %in, %out : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x1xf32>
    %68 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%67 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = arith.divf %in, %cst_9 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x1xf32>
    %69 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%68 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = arith.truncf %cst_8 : f64 to f32
      %241 = arith.addf %in, %240 : f32
      linalg.yield %241 : f32
    } -> tensor<2x64x1xf32>
    %70 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%69 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = math.rsqrt %in : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x1xf32>
    %71 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%65, %70 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %72 = linalg.generic {indexing_maps = [#map9, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg9, %71 : tensor<64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %73 = tensor.empty() : tensor<64x128xf32>
    %transposed_44 = linalg.transpose ins(%arg5 : tensor<128x64xf32>) outs(%73 : tensor<64x128xf32>) permutation = [1, 0] 
    %collapsed_45 = tensor.collapse_shape %72 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %74 = tensor.empty() : tensor<128x128xf32>
    %75 = linalg.fill ins(%cst : f32) outs(%74 : tensor<128x128xf32>) -> tensor<128x128xf32>
    %76 = linalg.matmul ins(%collapsed_45, %transposed_44 : tensor<128x64xf32>, tensor<64x128xf32>) outs(%75 : tensor<128x128xf32>) -> tensor<128x128xf32>
    %expanded_46 = tensor.expand_shape %76 [[0, 1], [2]] output_shape [2, 64, 128] : tensor<128x128xf32> into tensor<2x64x128xf32>
    %77 = tensor.empty() : tensor<2x64x128xf32>
    %78 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_46 : tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = arith.negf %in : f32
      %241 = math.exp %240 : f32
      %242 = arith.addf %241, %cst_1 : f32
      %243 = arith.divf %cst_1, %242 : f32
      linalg.yield %243 : f32
    } -> tensor<2x64x128xf32>
    %79 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_46, %78 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x128xf32>
    %transposed_47 = linalg.transpose ins(%arg6 : tensor<128x64xf32>) outs(%73 : tensor<64x128xf32>) permutation = [1, 0] 
    %80 = linalg.matmul ins(%collapsed_45, %transposed_47 : tensor<128x64xf32>, tensor<64x128xf32>) outs(%75 : tensor<128x128xf32>) -> tensor<128x128xf32>
    %expanded_48 = tensor.expand_shape %80 [[0, 1], [2]] output_shape [2, 64, 128] : tensor<128x128xf32> into tensor<2x64x128xf32>
    %81 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%79, %expanded_48 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x128xf32>
    %transposed_49 = linalg.transpose ins(%arg7 : tensor<64x128xf32>) outs(%27 : tensor<128x64xf32>) permutation = [1, 0] 
    %collapsed_50 = tensor.collapse_shape %81 [[0, 1], [2]] : tensor<2x64x128xf32> into tensor<128x128xf32>
    %82 = linalg.matmul ins(%collapsed_50, %transposed_49 : tensor<128x128xf32>, tensor<128x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_51 = tensor.expand_shape %82 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %83 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%65, %expanded_51 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.addf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %84 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%83 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %85 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%84 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = arith.addf %in, %out : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x1xf32>
    %86 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%85 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = arith.divf %in, %cst_9 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x1xf32>
    %87 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%86 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = arith.truncf %cst_8 : f64 to f32
      %241 = arith.addf %in, %240 : f32
      linalg.yield %241 : f32
    } -> tensor<2x64x1xf32>
    %88 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%87 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = math.rsqrt %in : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x1xf32>
    %89 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%83, %88 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %90 = linalg.generic {indexing_maps = [#map9, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg10, %89 : tensor<64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %91 = tensor.empty() : tensor<64x1024xf32>
    %transposed_52 = linalg.transpose ins(%arg11 : tensor<1024x64xf32>) outs(%91 : tensor<64x1024xf32>) permutation = [1, 0] 
    %collapsed_53 = tensor.collapse_shape %90 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %92 = tensor.empty() : tensor<128x1024xf32>
    %93 = linalg.fill ins(%cst : f32) outs(%92 : tensor<128x1024xf32>) -> tensor<128x1024xf32>
    %94 = linalg.matmul ins(%collapsed_53, %transposed_52 : tensor<128x64xf32>, tensor<64x1024xf32>) outs(%93 : tensor<128x1024xf32>) -> tensor<128x1024xf32>
    %padded = tensor.pad %arg15 low[0, 0] high[0, 1] {
    ^bb0(%arg16: index, %arg17: index):
      tensor.yield %c-100_i64 : i64
    } : tensor<2x64xi64> to tensor<2x65xi64>
    %extracted_slice_54 = tensor.extract_slice %padded[0, 1] [2, 64] [1, 1] : tensor<2x65xi64> to tensor<2x64xi64>
    %collapsed_55 = tensor.collapse_shape %extracted_slice_54 [[0, 1]] : tensor<2x64xi64> into tensor<128xi64>
    %95 = tensor.empty() : tensor<128xi64>
    %96 = linalg.fill ins(%c0_i64 : i64) outs(%95 : tensor<128xi64>) -> tensor<128xi64>
    %97 = tensor.empty() : tensor<128xf32>
    %98 = linalg.fill ins(%cst_0 : f32) outs(%97 : tensor<128xf32>) -> tensor<128xf32>
    %99:2 = linalg.generic {indexing_maps = [#map13, #map14, #map14], iterator_types = ["parallel", "reduction"]} ins(%94 : tensor<128x1024xf32>) outs(%98, %96 : tensor<128xf32>, tensor<128xi64>) {
    ^bb0(%in: f32, %out: f32, %out_116: i64):
      %240 = linalg.index 1 : index
      %241 = arith.index_cast %240 : index to i64
      %242 = arith.maximumf %in, %out : f32
      %243 = arith.cmpf ogt, %in, %out : f32
      %244 = arith.select %243, %241, %out_116 : i64
      linalg.yield %242, %244 : f32, i64
    } -> (tensor<128xf32>, tensor<128xi64>)
    %expanded_56 = tensor.expand_shape %99#0 [[0, 1]] output_shape [128, 1] : tensor<128xf32> into tensor<128x1xf32>
    %100 = linalg.generic {indexing_maps = [#map13, #map15, #map13], iterator_types = ["parallel", "parallel"]} ins(%94, %expanded_56 : tensor<128x1024xf32>, tensor<128x1xf32>) outs(%92 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.subf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<128x1024xf32>
    %101 = linalg.generic {indexing_maps = [#map13, #map13], iterator_types = ["parallel", "parallel"]} ins(%100 : tensor<128x1024xf32>) outs(%92 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = math.exp %in : f32
      linalg.yield %240 : f32
    } -> tensor<128x1024xf32>
    %102 = tensor.empty() : tensor<128x1xf32>
    %103 = linalg.fill ins(%cst : f32) outs(%102 : tensor<128x1xf32>) -> tensor<128x1xf32>
    %104 = linalg.generic {indexing_maps = [#map13, #map15], iterator_types = ["parallel", "reduction"]} ins(%101 : tensor<128x1024xf32>) outs(%103 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = arith.addf %in, %out : f32
      linalg.yield %240 : f32
    } -> tensor<128x1xf32>
    %105 = linalg.generic {indexing_maps = [#map13, #map13], iterator_types = ["parallel", "parallel"]} ins(%104 : tensor<128x1xf32>) outs(%102 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = math.log %in : f32
      linalg.yield %240 : f32
    } -> tensor<128x1xf32>
    %106 = linalg.generic {indexing_maps = [#map13, #map15, #map13], iterator_types = ["parallel", "parallel"]} ins(%100, %105 : tensor<128x1024xf32>, tensor<128x1xf32>) outs(%92 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.subf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<128x1024xf32>
    %107 = tensor.empty() : tensor<128xi1>
    %108 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%collapsed_55 : tensor<128xi64>) outs(%107 : tensor<128xi1>) {
    ^bb0(%in: i64, %out: i1):
      %240 = arith.cmpi ne, %in, %c-100_i64 : i64
      linalg.yield %240 : i1
    } -> tensor<128xi1>
    %109 = linalg.generic {indexing_maps = [#map2, #map2, #map16, #map2], iterator_types = ["parallel"]} ins(%108, %collapsed_55, %cst_13 : tensor<128xi1>, tensor<128xi64>, tensor<i64>) outs(%95 : tensor<128xi64>) {
    ^bb0(%in: i1, %in_116: i64, %in_117: i64, %out: i64):
      %240 = arith.select %in, %in_116, %in_117 : i64
      linalg.yield %240 : i64
    } -> tensor<128xi64>
    %expanded_57 = tensor.expand_shape %109 [[0, 1]] output_shape [128, 1] : tensor<128xi64> into tensor<128x1xi64>
    %110 = linalg.generic {indexing_maps = [#map13, #map13], iterator_types = ["parallel", "parallel"]} ins(%expanded_57 : tensor<128x1xi64>) outs(%103 : tensor<128x1xf32>) {
    ^bb0(%in: i64, %out: f32):
      %240 = linalg.index 0 : index
      %241 = arith.index_cast %in : i64 to index
      %242 = arith.cmpi slt, %241, %c1024 : index
      cf.assert %242, "index must be smaller than dim size"
      %243 = arith.cmpi sge, %in, %c0_i64 : i64
      cf.assert %243, "index must be larger or equal to 0"
      %extracted = tensor.extract %106[%240, %241] : tensor<128x1024xf32>
      linalg.yield %extracted : f32
    } -> tensor<128x1xf32>
    %collapsed_58 = tensor.collapse_shape %110 [[0, 1]] : tensor<128x1xf32> into tensor<128xf32>
    %111 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%collapsed_58 : tensor<128xf32>) outs(%97 : tensor<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = arith.negf %in : f32
      linalg.yield %240 : f32
    } -> tensor<128xf32>
    %112 = linalg.generic {indexing_maps = [#map2, #map2, #map16, #map2], iterator_types = ["parallel"]} ins(%108, %111, %cst_6 : tensor<128xi1>, tensor<128xf32>, tensor<f32>) outs(%97 : tensor<128xf32>) {
    ^bb0(%in: i1, %in_116: f32, %in_117: f32, %out: f32):
      %240 = arith.select %in, %in_116, %in_117 : f32
      linalg.yield %240 : f32
    } -> tensor<128xf32>
    %113 = tensor.empty() : tensor<i64>
    %114 = linalg.fill ins(%c0_i64 : i64) outs(%113 : tensor<i64>) -> tensor<i64>
    %115 = linalg.generic {indexing_maps = [#map2, #map16], iterator_types = ["reduction"]} ins(%108 : tensor<128xi1>) outs(%114 : tensor<i64>) {
    ^bb0(%in: i1, %out: i64):
      %240 = arith.extui %in : i1 to i64
      %241 = arith.addi %240, %out : i64
      linalg.yield %241 : i64
    } -> tensor<i64>
    %116 = tensor.empty() : tensor<f32>
    %117 = linalg.generic {indexing_maps = [#map17, #map17], iterator_types = []} ins(%115 : tensor<i64>) outs(%116 : tensor<f32>) {
    ^bb0(%in: i64, %out: f32):
      %240 = arith.sitofp %in : i64 to f32
      linalg.yield %240 : f32
    } -> tensor<f32>
    %118 = linalg.fill ins(%cst : f32) outs(%116 : tensor<f32>) -> tensor<f32>
    %119 = linalg.generic {indexing_maps = [#map2, #map16], iterator_types = ["reduction"]} ins(%112 : tensor<128xf32>) outs(%118 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = arith.addf %in, %out : f32
      linalg.yield %240 : f32
    } -> tensor<f32>
    %120 = linalg.generic {indexing_maps = [#map17, #map17, #map17], iterator_types = []} ins(%119, %117 : tensor<f32>, tensor<f32>) outs(%116 : tensor<f32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.divf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<f32>
    %121 = linalg.generic {indexing_maps = [#map18, #map14, #map18, #map13], iterator_types = ["parallel", "parallel"]} ins(%cst_4, %collapsed_55, %117 : tensor<f32>, tensor<128xi64>, tensor<f32>) outs(%93 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %in_116: i64, %in_117: f32, %out: f32):
      %240 = arith.index_cast %in_116 : i64 to index
      %241 = linalg.index 1 : index
      %242 = arith.divf %in, %in_117 : f32
      %243 = arith.negf %242 : f32
      %244 = arith.cmpi ne, %240, %241 : index
      %245 = arith.cmpi eq, %240, %c-100 : index
      %246 = arith.ori %244, %245 : i1
      %247 = arith.select %246, %cst, %243 : f32
      linalg.yield %247 : f32
    } -> tensor<128x1024xf32>
    %122 = linalg.generic {indexing_maps = [#map13, #map13], iterator_types = ["parallel", "parallel"]} ins(%106 : tensor<128x1024xf32>) outs(%92 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = math.exp %in : f32
      linalg.yield %240 : f32
    } -> tensor<128x1024xf32>
    %123 = linalg.generic {indexing_maps = [#map13, #map15], iterator_types = ["parallel", "reduction"]} ins(%121 : tensor<128x1024xf32>) outs(%103 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = arith.addf %in, %out : f32
      linalg.yield %240 : f32
    } -> tensor<128x1xf32>
    %collapsed_59 = tensor.collapse_shape %123 [[0, 1]] : tensor<128x1xf32> into tensor<128xf32>
    %124 = linalg.generic {indexing_maps = [#map14, #map13], iterator_types = ["parallel", "parallel"]} ins(%collapsed_59 : tensor<128xf32>) outs(%92 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x1024xf32>
    %125 = linalg.generic {indexing_maps = [#map13, #map13, #map13], iterator_types = ["parallel", "parallel"]} ins(%122, %124 : tensor<128x1024xf32>, tensor<128x1024xf32>) outs(%92 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<128x1024xf32>
    %126 = linalg.generic {indexing_maps = [#map13, #map13, #map13], iterator_types = ["parallel", "parallel"]} ins(%121, %125 : tensor<128x1024xf32>, tensor<128x1024xf32>) outs(%92 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.subf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<128x1024xf32>
    %127 = tensor.empty() : tensor<1024x128xf32>
    %transposed_60 = linalg.transpose ins(%126 : tensor<128x1024xf32>) outs(%127 : tensor<1024x128xf32>) permutation = [1, 0] 
    %128 = tensor.empty() : tensor<1024x64xf32>
    %129 = linalg.fill ins(%cst : f32) outs(%128 : tensor<1024x64xf32>) -> tensor<1024x64xf32>
    %130 = linalg.matmul ins(%transposed_60, %collapsed_53 : tensor<1024x128xf32>, tensor<128x64xf32>) outs(%129 : tensor<1024x64xf32>) -> tensor<1024x64xf32>
    %131 = linalg.matmul ins(%126, %arg11 : tensor<128x1024xf32>, tensor<1024x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_61 = tensor.expand_shape %131 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %132 = linalg.generic {indexing_maps = [#map1, #map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_61, %arg10 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %133 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_61, %89 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %134 = tensor.empty() : tensor<1x1x64xf32>
    %135 = linalg.fill ins(%cst : f32) outs(%134 : tensor<1x1x64xf32>) -> tensor<1x1x64xf32>
    %136 = linalg.generic {indexing_maps = [#map1, #map19], iterator_types = ["reduction", "reduction", "parallel"]} ins(%133 : tensor<2x64x64xf32>) outs(%135 : tensor<1x1x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = arith.addf %in, %out : f32
      linalg.yield %240 : f32
    } -> tensor<1x1x64xf32>
    %collapsed_62 = tensor.collapse_shape %136 [[0, 1, 2]] : tensor<1x1x64xf32> into tensor<64xf32>
    %137 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%132, %83 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %138 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%132, %88 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %139 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%137 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = arith.addf %in, %out : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x1xf32>
    %140 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%88 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %240 : f32
    } -> tensor<2x64x1xf32>
    %141 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%139 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = arith.mulf %in, %cst_10 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x1xf32>
    %142 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%141, %140 : tensor<2x64x1xf32>, tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x1xf32>
    %collapsed_63 = tensor.collapse_shape %142 [[0], [1, 2]] : tensor<2x64x1xf32> into tensor<2x64xf32>
    %143 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed_63 : tensor<2x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %144 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%143 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = arith.divf %in, %cst_9 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %145 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%83 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = math.fpowi %in, %c1_i64 : f32, i64
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %146 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%145 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = arith.mulf %in, %cst_11 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %147 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%144, %146 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %148 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%138, %147 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.addf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %collapsed_64 = tensor.collapse_shape %148 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %transposed_65 = linalg.transpose ins(%collapsed_64 : tensor<128x64xf32>) outs(%73 : tensor<64x128xf32>) permutation = [1, 0] 
    %149 = linalg.fill ins(%cst : f32) outs(%73 : tensor<64x128xf32>) -> tensor<64x128xf32>
    %150 = linalg.matmul ins(%transposed_65, %collapsed_50 : tensor<64x128xf32>, tensor<128x128xf32>) outs(%149 : tensor<64x128xf32>) -> tensor<64x128xf32>
    %151 = linalg.matmul ins(%collapsed_64, %arg7 : tensor<128x64xf32>, tensor<64x128xf32>) outs(%75 : tensor<128x128xf32>) -> tensor<128x128xf32>
    %expanded_66 = tensor.expand_shape %151 [[0, 1], [2]] output_shape [2, 64, 128] : tensor<128x128xf32> into tensor<2x64x128xf32>
    %152 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_66, %79 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x128xf32>
    %153 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_66, %expanded_48 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x128xf32>
    %collapsed_67 = tensor.collapse_shape %152 [[0, 1], [2]] : tensor<2x64x128xf32> into tensor<128x128xf32>
    %transposed_68 = linalg.transpose ins(%collapsed_67 : tensor<128x128xf32>) outs(%74 : tensor<128x128xf32>) permutation = [1, 0] 
    %154 = linalg.matmul ins(%transposed_68, %collapsed_45 : tensor<128x128xf32>, tensor<128x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %155 = linalg.matmul ins(%collapsed_67, %arg6 : tensor<128x128xf32>, tensor<128x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_69 = tensor.expand_shape %155 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %156 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%cst_3, %78 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.subf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x128xf32>
    %157 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_46, %156 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x128xf32>
    %158 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%157 : tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = arith.addf %in, %cst_1 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x128xf32>
    %159 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%78, %158 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x128xf32>
    %160 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%153, %159 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x128xf32>
    %collapsed_70 = tensor.collapse_shape %160 [[0, 1], [2]] : tensor<2x64x128xf32> into tensor<128x128xf32>
    %transposed_71 = linalg.transpose ins(%collapsed_70 : tensor<128x128xf32>) outs(%74 : tensor<128x128xf32>) permutation = [1, 0] 
    %161 = linalg.matmul ins(%transposed_71, %collapsed_45 : tensor<128x128xf32>, tensor<128x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %162 = linalg.matmul ins(%collapsed_70, %arg5 : tensor<128x128xf32>, tensor<128x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_72 = tensor.expand_shape %162 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %163 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_69, %expanded_72 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.addf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %164 = linalg.generic {indexing_maps = [#map1, #map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%163, %arg9 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %165 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%163, %71 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %166 = linalg.generic {indexing_maps = [#map1, #map19], iterator_types = ["reduction", "reduction", "parallel"]} ins(%165 : tensor<2x64x64xf32>) outs(%135 : tensor<1x1x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = arith.addf %in, %out : f32
      linalg.yield %240 : f32
    } -> tensor<1x1x64xf32>
    %collapsed_73 = tensor.collapse_shape %166 [[0, 1, 2]] : tensor<1x1x64xf32> into tensor<64xf32>
    %167 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%164, %65 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %168 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%164, %70 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %169 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%167 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = arith.addf %in, %out : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x1xf32>
    %170 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%148, %168 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.addf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %171 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%70 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %240 : f32
    } -> tensor<2x64x1xf32>
    %172 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%169 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = arith.mulf %in, %cst_10 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x1xf32>
    %173 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%172, %171 : tensor<2x64x1xf32>, tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x1xf32>
    %collapsed_74 = tensor.collapse_shape %173 [[0], [1, 2]] : tensor<2x64x1xf32> into tensor<2x64xf32>
    %174 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed_74 : tensor<2x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %175 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%174 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = arith.divf %in, %cst_9 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %176 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%65 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = math.fpowi %in, %c1_i64 : f32, i64
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %177 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%176 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = arith.mulf %in, %cst_11 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %178 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%175, %177 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %179 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%170, %178 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.addf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %collapsed_75 = tensor.collapse_shape %179 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %transposed_76 = linalg.transpose ins(%collapsed_75 : tensor<128x64xf32>) outs(%73 : tensor<64x128xf32>) permutation = [1, 0] 
    %180 = linalg.fill ins(%cst : f32) outs(%26 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %181 = linalg.matmul ins(%transposed_76, %collapsed_42 : tensor<64x128xf32>, tensor<128x64xf32>) outs(%180 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %182 = linalg.matmul ins(%collapsed_75, %arg4 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_77 = tensor.expand_shape %182 [[0, 1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<128x64xf32> into tensor<2x64x2x32xf32>
    %transposed_78 = linalg.transpose ins(%expanded_77 : tensor<2x64x2x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_79 = tensor.collapse_shape %transposed_78 [[0, 1], [2], [3]] : tensor<2x2x64x32xf32> into tensor<4x64x32xf32>
    %transposed_80 = linalg.transpose ins(%collapsed_37 : tensor<4x64x64xf32>) outs(%43 : tensor<4x64x64xf32>) permutation = [0, 2, 1] 
    %183 = linalg.batch_matmul ins(%transposed_80, %collapsed_79 : tensor<4x64x64xf32>, tensor<4x64x32xf32>) outs(%61 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %184 = tensor.empty() : tensor<4x32x64xf32>
    %transposed_81 = linalg.transpose ins(%collapsed_38 : tensor<4x64x32xf32>) outs(%184 : tensor<4x32x64xf32>) permutation = [0, 2, 1] 
    %185 = linalg.batch_matmul ins(%collapsed_79, %transposed_81 : tensor<4x64x32xf32>, tensor<4x32x64xf32>) outs(%44 : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
    %expanded_82 = tensor.expand_shape %183 [[0, 1], [2], [3]] output_shape [2, 2, 64, 32] : tensor<4x64x32xf32> into tensor<2x2x64x32xf32>
    %expanded_83 = tensor.expand_shape %185 [[0, 1], [2], [3]] output_shape [2, 2, 64, 64] : tensor<4x64x64xf32> into tensor<2x2x64x64xf32>
    %186 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_83, %59 : tensor<2x2x64x64xf32>, tensor<2x2x64x64xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x2x64x64xf32>
    %187 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%186 : tensor<2x2x64x64xf32>) outs(%57 : tensor<2x2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = arith.addf %in, %out : f32
      linalg.yield %240 : f32
    } -> tensor<2x2x64x1xf32>
    %188 = linalg.generic {indexing_maps = [#map5, #map4, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%59, %187 : tensor<2x2x64x64xf32>, tensor<2x2x64x1xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x2x64x64xf32>
    %189 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%186, %188 : tensor<2x2x64x64xf32>, tensor<2x2x64x64xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.subf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x2x64x64xf32>
    %190 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%189 : tensor<2x2x64x64xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = arith.truncf %cst_7 : f64 to f32
      %241 = arith.mulf %in, %240 : f32
      linalg.yield %241 : f32
    } -> tensor<2x2x64x64xf32>
    %collapsed_84 = tensor.collapse_shape %190 [[0, 1], [2], [3]] : tensor<2x2x64x64xf32> into tensor<4x64x64xf32>
    %transposed_85 = linalg.transpose ins(%collapsed_33 : tensor<4x64x32xf32>) outs(%184 : tensor<4x32x64xf32>) permutation = [0, 2, 1] 
    %191 = linalg.fill ins(%cst : f32) outs(%184 : tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %192 = linalg.batch_matmul ins(%transposed_85, %collapsed_84 : tensor<4x32x64xf32>, tensor<4x64x64xf32>) outs(%191 : tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %transposed_86 = linalg.transpose ins(%collapsed_34 : tensor<4x32x64xf32>) outs(%60 : tensor<4x64x32xf32>) permutation = [0, 2, 1] 
    %193 = linalg.batch_matmul ins(%collapsed_84, %transposed_86 : tensor<4x64x64xf32>, tensor<4x64x32xf32>) outs(%61 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %expanded_87 = tensor.expand_shape %192 [[0, 1], [2], [3]] output_shape [2, 2, 32, 64] : tensor<4x32x64xf32> into tensor<2x2x32x64xf32>
    %expanded_88 = tensor.expand_shape %193 [[0, 1], [2], [3]] output_shape [2, 2, 64, 32] : tensor<4x64x32xf32> into tensor<2x2x64x32xf32>
    %transposed_89 = linalg.transpose ins(%expanded_87 : tensor<2x2x32x64xf32>) outs(%30 : tensor<2x2x64x32xf32>) permutation = [0, 1, 3, 2] 
    %194 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_89, %expanded_26 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x2x64x32xf32>
    %extracted_slice_90 = tensor.extract_slice %194[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %extracted_slice_91 = tensor.extract_slice %194[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %195 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_90 : tensor<2x2x64x16xf32>) outs(%34 : tensor<2x2x64x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = arith.negf %in : f32
      linalg.yield %240 : f32
    } -> tensor<2x2x64x16xf32>
    %inserted_slice = tensor.insert_slice %195 into %cst_2[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x16xf32> into tensor<2x2x64x32xf32>
    %inserted_slice_92 = tensor.insert_slice %extracted_slice_91 into %cst_2[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x16xf32> into tensor<2x2x64x32xf32>
    %196 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%inserted_slice, %inserted_slice_92 : tensor<2x2x64x32xf32>, tensor<2x2x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.addf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x2x64x32xf32>
    %197 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_89, %expanded_25 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x2x64x32xf32>
    %198 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%196, %197 : tensor<2x2x64x32xf32>, tensor<2x2x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.addf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x2x64x32xf32>
    %199 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_88, %expanded_26 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x2x64x32xf32>
    %extracted_slice_93 = tensor.extract_slice %199[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %extracted_slice_94 = tensor.extract_slice %199[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %200 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_93 : tensor<2x2x64x16xf32>) outs(%34 : tensor<2x2x64x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = arith.negf %in : f32
      linalg.yield %240 : f32
    } -> tensor<2x2x64x16xf32>
    %inserted_slice_95 = tensor.insert_slice %200 into %cst_2[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x16xf32> into tensor<2x2x64x32xf32>
    %inserted_slice_96 = tensor.insert_slice %extracted_slice_94 into %cst_2[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x16xf32> into tensor<2x2x64x32xf32>
    %201 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%inserted_slice_95, %inserted_slice_96 : tensor<2x2x64x32xf32>, tensor<2x2x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.addf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x2x64x32xf32>
    %202 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_88, %expanded_25 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x2x64x32xf32>
    %203 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%201, %202 : tensor<2x2x64x32xf32>, tensor<2x2x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.addf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x2x64x32xf32>
    %transposed_97 = linalg.transpose ins(%expanded_82 : tensor<2x2x64x32xf32>) outs(%63 : tensor<2x64x2x32xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_98 = tensor.collapse_shape %transposed_97 [[0, 1], [2, 3]] : tensor<2x64x2x32xf32> into tensor<128x64xf32>
    %transposed_99 = linalg.transpose ins(%collapsed_98 : tensor<128x64xf32>) outs(%73 : tensor<64x128xf32>) permutation = [1, 0] 
    %204 = linalg.matmul ins(%transposed_99, %collapsed_16 : tensor<64x128xf32>, tensor<128x64xf32>) outs(%180 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %205 = linalg.matmul ins(%collapsed_98, %arg3 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_100 = tensor.expand_shape %205 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %transposed_101 = linalg.transpose ins(%198 : tensor<2x2x64x32xf32>) outs(%63 : tensor<2x64x2x32xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_102 = tensor.collapse_shape %transposed_101 [[0, 1], [2, 3]] : tensor<2x64x2x32xf32> into tensor<128x64xf32>
    %transposed_103 = linalg.transpose ins(%collapsed_102 : tensor<128x64xf32>) outs(%73 : tensor<64x128xf32>) permutation = [1, 0] 
    %206 = linalg.matmul ins(%transposed_103, %collapsed_16 : tensor<64x128xf32>, tensor<128x64xf32>) outs(%180 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %207 = linalg.matmul ins(%collapsed_102, %arg2 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_104 = tensor.expand_shape %207 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %208 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_100, %expanded_104 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.addf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %transposed_105 = linalg.transpose ins(%203 : tensor<2x2x64x32xf32>) outs(%63 : tensor<2x64x2x32xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_106 = tensor.collapse_shape %transposed_105 [[0, 1], [2, 3]] : tensor<2x64x2x32xf32> into tensor<128x64xf32>
    %transposed_107 = linalg.transpose ins(%collapsed_106 : tensor<128x64xf32>) outs(%73 : tensor<64x128xf32>) permutation = [1, 0] 
    %209 = linalg.matmul ins(%transposed_107, %collapsed_16 : tensor<64x128xf32>, tensor<128x64xf32>) outs(%180 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %210 = linalg.matmul ins(%collapsed_106, %arg1 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_108 = tensor.expand_shape %210 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %211 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%208, %expanded_108 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.addf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %212 = linalg.generic {indexing_maps = [#map1, #map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%211, %arg8 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %213 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%211, %24 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %214 = linalg.generic {indexing_maps = [#map1, #map19], iterator_types = ["reduction", "reduction", "parallel"]} ins(%213 : tensor<2x64x64xf32>) outs(%135 : tensor<1x1x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = arith.addf %in, %out : f32
      linalg.yield %240 : f32
    } -> tensor<1x1x64xf32>
    %collapsed_109 = tensor.collapse_shape %214 [[0, 1, 2]] : tensor<1x1x64xf32> into tensor<64xf32>
    %215 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%212, %1 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %216 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%212, %23 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %217 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%215 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = arith.addf %in, %out : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x1xf32>
    %218 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%179, %216 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.addf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %219 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%23 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %240 : f32
    } -> tensor<2x64x1xf32>
    %220 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%217 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = arith.mulf %in, %cst_10 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x1xf32>
    %221 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%220, %219 : tensor<2x64x1xf32>, tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x1xf32>
    %collapsed_110 = tensor.collapse_shape %221 [[0], [1, 2]] : tensor<2x64x1xf32> into tensor<2x64xf32>
    %222 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed_110 : tensor<2x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %223 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%222 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = arith.divf %in, %cst_9 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %224 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = math.fpowi %in, %c1_i64 : f32, i64
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %225 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%224 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %240 = arith.mulf %in, %cst_11 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %226 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%223, %225 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.mulf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %227 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%218, %226 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_116: f32, %out: f32):
      %240 = arith.addf %in, %in_116 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %228 = tensor.empty() : tensor<2x64xi1>
    %229 = linalg.generic {indexing_maps = [#map13, #map13], iterator_types = ["parallel", "parallel"]} ins(%arg14 : tensor<2x64xi64>) outs(%228 : tensor<2x64xi1>) {
    ^bb0(%in: i64, %out: i1):
      %240 = arith.cmpi sge, %in, %c0_i64 : i64
      linalg.yield %240 : i1
    } -> tensor<2x64xi1>
    %230 = linalg.generic {indexing_maps = [#map13, #map13], iterator_types = ["parallel", "parallel"]} ins(%arg14 : tensor<2x64xi64>) outs(%228 : tensor<2x64xi1>) {
    ^bb0(%in: i64, %out: i1):
      %240 = arith.cmpi slt, %in, %c1024_i64 : i64
      linalg.yield %240 : i1
    } -> tensor<2x64xi1>
    %231 = linalg.generic {indexing_maps = [#map13, #map13, #map13], iterator_types = ["parallel", "parallel"]} ins(%229, %230 : tensor<2x64xi1>, tensor<2x64xi1>) outs(%228 : tensor<2x64xi1>) {
    ^bb0(%in: i1, %in_116: i1, %out: i1):
      %240 = arith.andi %in, %in_116 : i1
      linalg.yield %240 : i1
    } -> tensor<2x64xi1>
    %232 = linalg.generic {indexing_maps = [#map13, #map13], iterator_types = ["parallel", "parallel"]} ins(%arg14 : tensor<2x64xi64>) outs(%228 : tensor<2x64xi1>) {
    ^bb0(%in: i64, %out: i1):
      %240 = arith.cmpi ne, %in, %c-1_i64 : i64
      linalg.yield %240 : i1
    } -> tensor<2x64xi1>
    %233 = linalg.generic {indexing_maps = [#map13, #map13, #map13], iterator_types = ["parallel", "parallel"]} ins(%231, %232 : tensor<2x64xi1>, tensor<2x64xi1>) outs(%228 : tensor<2x64xi1>) {
    ^bb0(%in: i1, %in_116: i1, %out: i1):
      %240 = arith.andi %in, %in_116 : i1
      linalg.yield %240 : i1
    } -> tensor<2x64xi1>
    %expanded_111 = tensor.expand_shape %233 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xi1> into tensor<2x64x1xi1>
    %234 = tensor.empty() : tensor<2x64xi64>
    %235 = linalg.generic {indexing_maps = [#map13, #map13], iterator_types = ["parallel", "parallel"]} ins(%arg14 : tensor<2x64xi64>) outs(%234 : tensor<2x64xi64>) {
    ^bb0(%in: i64, %out: i64):
      %240 = arith.maxsi %in, %c-1024_i64 : i64
      %241 = arith.minsi %240, %c1023_i64 : i64
      linalg.yield %241 : i64
    } -> tensor<2x64xi64>
    %236 = tensor.empty() : tensor<2x64x1xi1>
    %237 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_111 : tensor<2x64x1xi1>) outs(%236 : tensor<2x64x1xi1>) {
    ^bb0(%in: i1, %out: i1):
      %240 = arith.xori %in, %true : i1
      linalg.yield %240 : i1
    } -> tensor<2x64x1xi1>
    %238 = linalg.generic {indexing_maps = [#map8, #map20, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%237, %cst_6, %227 : tensor<2x64x1xi1>, tensor<f32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: i1, %in_116: f32, %in_117: f32, %out: f32):
      %240 = arith.select %in, %in_116, %in_117 : f32
      linalg.yield %240 : f32
    } -> tensor<2x64x64xf32>
    %collapsed_112 = tensor.collapse_shape %235 [[0, 1]] : tensor<2x64xi64> into tensor<128xi64>
    %expanded_113 = tensor.expand_shape %collapsed_112 [[0, 1]] output_shape [128, 1] : tensor<128xi64> into tensor<128x1xi64>
    %collapsed_114 = tensor.collapse_shape %238 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %expanded_115 = tensor.expand_shape %collapsed_114 [[0], [1, 2]] output_shape [128, 1, 64] : tensor<128x64xf32> into tensor<128x1x64xf32>
    // tm_tensor.scatter {dimension_map = [0]} unique_indices(false) rewritten as loops (test/graphs/scatter_to_loops.py):
    // orig[coord(i, j)] = combine(updates[i, j], orig[coord(i, j)])
    %sc0_c0 = arith.constant 0 : index
    %sc0_c1 = arith.constant 1 : index
    %sc0_c64 = arith.constant 64 : index
    %sc0_c128 = arith.constant 128 : index
    %239 = scf.for %sc0_i0 = %sc0_c0 to %sc0_c128 step %sc0_c1 iter_args(%sc0_ab0 = %cst_12) -> (tensor<1024x64xf32>) {
      %sc0_ix0 = tensor.extract %expanded_113[%sc0_i0, %sc0_c0] : tensor<128x1xi64>
      %sc0_o0 = arith.index_cast %sc0_ix0 : i64 to index
      %sc0_s0r = scf.for %sc0_j0 = %sc0_c0 to %sc0_c1 step %sc0_c1 iter_args(%sc0_as0 = %sc0_ab0) -> (tensor<1024x64xf32>) {
        %sc0_s1r = scf.for %sc0_j1 = %sc0_c0 to %sc0_c64 step %sc0_c1 iter_args(%sc0_as1 = %sc0_as0) -> (tensor<1024x64xf32>) {
          %sc0_d0 = arith.addi %sc0_o0, %sc0_j0 : index
          %sc0_u = tensor.extract %expanded_115[%sc0_i0, %sc0_j0, %sc0_j1] : tensor<128x1x64xf32>
          %sc0_v = tensor.extract %sc0_as1[%sc0_d0, %sc0_j1] : tensor<1024x64xf32>
          %sc0_r2 = arith.addf %sc0_v, %sc0_u : f32
          %sc0_new = tensor.insert %sc0_r2 into %sc0_as1[%sc0_d0, %sc0_j1] : tensor<1024x64xf32>
          scf.yield %sc0_new : tensor<1024x64xf32>
        }
        scf.yield %sc0_s1r : tensor<1024x64xf32>
      }
      scf.yield %sc0_s0r : tensor<1024x64xf32>
    }
    return %120, %239, %209, %206, %204, %181, %161, %154, %150, %collapsed_109, %collapsed_73, %collapsed_62, %130 : tensor<f32>, tensor<1024x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<128x64xf32>, tensor<128x64xf32>, tensor<64x128xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<1024x64xf32>
  }
}
