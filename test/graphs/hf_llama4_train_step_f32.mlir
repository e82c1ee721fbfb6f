// hf_llama4_train_step_f32: real linalg-on-tensors graph
// from PyTorch and Hugging Face transformers (see test/graphs/README.md).
//
// RUN: lmhead-opt %s -o /dev/null
// RUN: lmhead-opt %s --math-expand-ops=ops=fpowi --lmhead-cpu-pipeline=decompose=false -o /dev/null
//
// Made by test/graphs/make_hf_graphs.py --only hf_llama4_train_step_f32
// Tools: torch 2.15.0, torch-mlir 20261001, python 3.11.7, transformers 5.24.0
// Model: transformers LlamaForCausalLM(LlamaConfig(vocab_size=1024, hidden_size=64, intermediate_size=128, num_hidden_layers=4, num_attention_heads=2, num_key_value_heads=2, max_position_embeddings=64, attn_implementation='eager', tie_word_embeddings=False)), random init (torch.manual_seed(0)), batch 2 x seq 64 (N = 128 tokens), LM head untied (lm_head, no bias)
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
//   %arg10  model.layers.1.self_attn.q_proj.weight: (64, 64) float32
//   %arg11  model.layers.1.self_attn.k_proj.weight: (64, 64) float32
//   %arg12  model.layers.1.self_attn.v_proj.weight: (64, 64) float32
//   %arg13  model.layers.1.self_attn.o_proj.weight: (64, 64) float32
//   %arg14  model.layers.1.mlp.gate_proj.weight: (128, 64) float32
//   %arg15  model.layers.1.mlp.up_proj.weight: (128, 64) float32
//   %arg16  model.layers.1.mlp.down_proj.weight: (64, 128) float32
//   %arg17  model.layers.1.input_layernorm.weight: (64,) float32
//   %arg18  model.layers.1.post_attention_layernorm.weight: (64,) float32
//   %arg19  model.layers.2.self_attn.q_proj.weight: (64, 64) float32
//   %arg20  model.layers.2.self_attn.k_proj.weight: (64, 64) float32
//   %arg21  model.layers.2.self_attn.v_proj.weight: (64, 64) float32
//   %arg22  model.layers.2.self_attn.o_proj.weight: (64, 64) float32
//   %arg23  model.layers.2.mlp.gate_proj.weight: (128, 64) float32
//   %arg24  model.layers.2.mlp.up_proj.weight: (128, 64) float32
//   %arg25  model.layers.2.mlp.down_proj.weight: (64, 128) float32
//   %arg26  model.layers.2.input_layernorm.weight: (64,) float32
//   %arg27  model.layers.2.post_attention_layernorm.weight: (64,) float32
//   %arg28  model.layers.3.self_attn.q_proj.weight: (64, 64) float32
//   %arg29  model.layers.3.self_attn.k_proj.weight: (64, 64) float32
//   %arg30  model.layers.3.self_attn.v_proj.weight: (64, 64) float32
//   %arg31  model.layers.3.self_attn.o_proj.weight: (64, 64) float32
//   %arg32  model.layers.3.mlp.gate_proj.weight: (128, 64) float32
//   %arg33  model.layers.3.mlp.up_proj.weight: (128, 64) float32
//   %arg34  model.layers.3.mlp.down_proj.weight: (64, 128) float32
//   %arg35  model.layers.3.input_layernorm.weight: (64,) float32
//   %arg36  model.layers.3.post_attention_layernorm.weight: (64,) float32
//   %arg37  model.norm.weight: (64,) float32
//   %arg38  lm_head.weight: (1024, 64) float32
//   %arg39  model.rotary_emb.inv_freq: (16,) float32 (buffer: RoPE inverse frequencies)
//   %arg40  model.rotary_emb.original_inv_freq: (16,) float32 (buffer: RoPE inverse frequencies, unused)
//   %arg41  input_ids: (2, 64) int64
//   %arg42  labels: (2, 64) int64
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
//   #11  grad model.layers.1.self_attn.q_proj.weight
//   #12  grad model.layers.1.self_attn.k_proj.weight
//   #13  grad model.layers.1.self_attn.v_proj.weight
//   #14  grad model.layers.1.self_attn.o_proj.weight
//   #15  grad model.layers.1.mlp.gate_proj.weight
//   #16  grad model.layers.1.mlp.up_proj.weight
//   #17  grad model.layers.1.mlp.down_proj.weight
//   #18  grad model.layers.1.input_layernorm.weight
//   #19  grad model.layers.1.post_attention_layernorm.weight
//   #20  grad model.layers.2.self_attn.q_proj.weight
//   #21  grad model.layers.2.self_attn.k_proj.weight
//   #22  grad model.layers.2.self_attn.v_proj.weight
//   #23  grad model.layers.2.self_attn.o_proj.weight
//   #24  grad model.layers.2.mlp.gate_proj.weight
//   #25  grad model.layers.2.mlp.up_proj.weight
//   #26  grad model.layers.2.mlp.down_proj.weight
//   #27  grad model.layers.2.input_layernorm.weight
//   #28  grad model.layers.2.post_attention_layernorm.weight
//   #29  grad model.layers.3.self_attn.q_proj.weight
//   #30  grad model.layers.3.self_attn.k_proj.weight
//   #31  grad model.layers.3.self_attn.v_proj.weight
//   #32  grad model.layers.3.self_attn.o_proj.weight
//   #33  grad model.layers.3.mlp.gate_proj.weight
//   #34  grad model.layers.3.mlp.up_proj.weight
//   #35  grad model.layers.3.mlp.down_proj.weight
//   #36  grad model.layers.3.input_layernorm.weight
//   #37  grad model.layers.3.post_attention_layernorm.weight
//   #38  grad model.norm.weight
//   #39  grad lm_head.weight

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
  func.func @main(%arg0: tensor<1024x64xf32>, %arg1: tensor<64x64xf32>, %arg2: tensor<64x64xf32>, %arg3: tensor<64x64xf32>, %arg4: tensor<64x64xf32>, %arg5: tensor<128x64xf32>, %arg6: tensor<128x64xf32>, %arg7: tensor<64x128xf32>, %arg8: tensor<64xf32>, %arg9: tensor<64xf32>, %arg10: tensor<64x64xf32>, %arg11: tensor<64x64xf32>, %arg12: tensor<64x64xf32>, %arg13: tensor<64x64xf32>, %arg14: tensor<128x64xf32>, %arg15: tensor<128x64xf32>, %arg16: tensor<64x128xf32>, %arg17: tensor<64xf32>, %arg18: tensor<64xf32>, %arg19: tensor<64x64xf32>, %arg20: tensor<64x64xf32>, %arg21: tensor<64x64xf32>, %arg22: tensor<64x64xf32>, %arg23: tensor<128x64xf32>, %arg24: tensor<128x64xf32>, %arg25: tensor<64x128xf32>, %arg26: tensor<64xf32>, %arg27: tensor<64xf32>, %arg28: tensor<64x64xf32>, %arg29: tensor<64x64xf32>, %arg30: tensor<64x64xf32>, %arg31: tensor<64x64xf32>, %arg32: tensor<128x64xf32>, %arg33: tensor<128x64xf32>, %arg34: tensor<64x128xf32>, %arg35: tensor<64xf32>, %arg36: tensor<64xf32>, %arg37: tensor<64xf32>, %arg38: tensor<1024x64xf32>, %arg39: tensor<16xf32>, %arg40: tensor<16xf32>, %arg41: tensor<2x64xi64>, %arg42: tensor<2x64xi64>) -> (tensor<f32>, tensor<1024x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<128x64xf32>, tensor<128x64xf32>, tensor<64x128xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<128x64xf32>, tensor<128x64xf32>, tensor<64x128xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<128x64xf32>, tensor<128x64xf32>, tensor<64x128xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<128x64xf32>, tensor<128x64xf32>, tensor<64x128xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<1024x64xf32>) {
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
    %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg41 : tensor<2x64xi64>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: i64, %out: f32):
      %594 = arith.index_cast %in : i64 to index
      %595 = linalg.index 2 : index
      %596 = arith.cmpi slt, %594, %c1024 : index
      cf.assert %596, "index must be smaller than dim size"
      %597 = arith.cmpi sge, %in, %c0_i64 : i64
      cf.assert %597, "index must be larger or equal to 0"
      %extracted = tensor.extract %arg0[%594, %595] : tensor<1024x64xf32>
      linalg.yield %extracted : f32
    } -> tensor<2x64x64xf32>
    %2 = tensor.empty() : tensor<64xi64>
    %3 = linalg.generic {indexing_maps = [#map2], iterator_types = ["parallel"]} outs(%2 : tensor<64xi64>) {
    ^bb0(%out: i64):
      %594 = linalg.index 0 : index
      %595 = arith.index_cast %594 : index to i64
      linalg.yield %595 : i64
    } -> tensor<64xi64>
    %expanded = tensor.expand_shape %3 [[0, 1, 2, 3]] output_shape [1, 1, 64, 1] : tensor<64xi64> into tensor<1x1x64x1xi64>
    %expanded_14 = tensor.expand_shape %3 [[0, 1, 2, 3]] output_shape [1, 1, 1, 64] : tensor<64xi64> into tensor<1x1x1x64xi64>
    %4 = tensor.empty() : tensor<1x1x64x64xi1>
    %5 = linalg.generic {indexing_maps = [#map3, #map4, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_14, %expanded : tensor<1x1x1x64xi64>, tensor<1x1x64x1xi64>) outs(%4 : tensor<1x1x64x64xi1>) {
    ^bb0(%in: i64, %in_368: i64, %out: i1):
      %594 = arith.cmpi sle, %in, %in_368 : i64
      linalg.yield %594 : i1
    } -> tensor<1x1x64x64xi1>
    %6 = tensor.empty() : tensor<2x1x64x64xi1>
    %collapsed = tensor.collapse_shape %5 [[0, 1], [2], [3]] : tensor<1x1x64x64xi1> into tensor<1x64x64xi1>
    %7 = linalg.generic {indexing_maps = [#map6, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%collapsed : tensor<1x64x64xi1>) outs(%6 : tensor<2x1x64x64xi1>) {
    ^bb0(%in: i1, %out: i1):
      linalg.yield %in : i1
    } -> tensor<2x1x64x64xi1>
    %8 = tensor.empty() : tensor<2x1x64x64xf32>
    %9 = linalg.generic {indexing_maps = [#map5, #map7, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%7, %cst_6, %cst_5 : tensor<2x1x64x64xi1>, tensor<f32>, tensor<f32>) outs(%8 : tensor<2x1x64x64xf32>) {
    ^bb0(%in: i1, %in_368: f32, %in_369: f32, %out: f32):
      %594 = arith.select %in, %in_368, %in_369 : f32
      linalg.yield %594 : f32
    } -> tensor<2x1x64x64xf32>
    %expanded_15 = tensor.expand_shape %3 [[0, 1, 2]] output_shape [1, 64, 1] : tensor<64xi64> into tensor<1x64x1xi64>
    %10 = tensor.empty() : tensor<1x64x1xf32>
    %11 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_15 : tensor<1x64x1xi64>) outs(%10 : tensor<1x64x1xf32>) {
    ^bb0(%in: i64, %out: f32):
      %594 = arith.sitofp %in : i64 to f32
      linalg.yield %594 : f32
    } -> tensor<1x64x1xf32>
    %12 = tensor.empty() : tensor<1x64x16xf32>
    %13 = linalg.generic {indexing_maps = [#map8, #map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%11, %arg39 : tensor<1x64x1xf32>, tensor<16xf32>) outs(%12 : tensor<1x64x16xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<1x64x16xf32>
    %concat = tensor.concat dim(2) %13, %13 : (tensor<1x64x16xf32>, tensor<1x64x16xf32>) -> tensor<1x64x32xf32>
    %14 = tensor.empty() : tensor<1x64x32xf32>
    %15 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%concat : tensor<1x64x32xf32>) outs(%14 : tensor<1x64x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.cos %in : f32
      linalg.yield %594 : f32
    } -> tensor<1x64x32xf32>
    %16 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%concat : tensor<1x64x32xf32>) outs(%14 : tensor<1x64x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.sin %in : f32
      linalg.yield %594 : f32
    } -> tensor<1x64x32xf32>
    %17 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %18 = tensor.empty() : tensor<2x64x1xf32>
    %19 = linalg.fill ins(%cst : f32) outs(%18 : tensor<2x64x1xf32>) -> tensor<2x64x1xf32>
    %20 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%17 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %out : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %21 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.divf %in, %cst_9 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %22 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%21 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.truncf %cst_8 : f64 to f32
      %595 = arith.addf %in, %594 : f32
      linalg.yield %595 : f32
    } -> tensor<2x64x1xf32>
    %23 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%22 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.rsqrt %in : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %24 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %23 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %25 = linalg.generic {indexing_maps = [#map9, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg8, %24 : tensor<64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
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
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %extracted_slice = tensor.extract_slice %transposed_18[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %extracted_slice_27 = tensor.extract_slice %transposed_18[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %34 = tensor.empty() : tensor<2x2x64x16xf32>
    %35 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_27 : tensor<2x2x64x16xf32>) outs(%34 : tensor<2x2x64x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.negf %in : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x16xf32>
    %concat_28 = tensor.concat dim(3) %35, %extracted_slice : (tensor<2x2x64x16xf32>, tensor<2x2x64x16xf32>) -> tensor<2x2x64x32xf32>
    %36 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_28, %expanded_26 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %37 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%33, %36 : tensor<2x2x64x32xf32>, tensor<2x2x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %38 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_21, %expanded_25 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %extracted_slice_29 = tensor.extract_slice %transposed_21[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %extracted_slice_30 = tensor.extract_slice %transposed_21[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %39 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_30 : tensor<2x2x64x16xf32>) outs(%34 : tensor<2x2x64x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.negf %in : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x16xf32>
    %concat_31 = tensor.concat dim(3) %39, %extracted_slice_29 : (tensor<2x2x64x16xf32>, tensor<2x2x64x16xf32>) -> tensor<2x2x64x32xf32>
    %40 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_31, %expanded_26 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %41 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%38, %40 : tensor<2x2x64x32xf32>, tensor<2x2x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
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
      %594 = arith.truncf %cst_7 : f64 to f32
      %595 = arith.mulf %in, %594 : f32
      linalg.yield %595 : f32
    } -> tensor<2x2x64x64xf32>
    %48 = linalg.generic {indexing_maps = [#map5, #map11, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%47, %9 : tensor<2x2x64x64xf32>, tensor<2x1x64x64xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x64xf32>
    %49 = tensor.empty() : tensor<2x2x64xi64>
    %50 = linalg.fill ins(%c0_i64 : i64) outs(%49 : tensor<2x2x64xi64>) -> tensor<2x2x64xi64>
    %51 = tensor.empty() : tensor<2x2x64xf32>
    %52 = linalg.fill ins(%cst_0 : f32) outs(%51 : tensor<2x2x64xf32>) -> tensor<2x2x64xf32>
    %53:2 = linalg.generic {indexing_maps = [#map5, #map12, #map12], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%48 : tensor<2x2x64x64xf32>) outs(%52, %50 : tensor<2x2x64xf32>, tensor<2x2x64xi64>) {
    ^bb0(%in: f32, %out: f32, %out_368: i64):
      %594 = linalg.index 3 : index
      %595 = arith.index_cast %594 : index to i64
      %596 = arith.maximumf %in, %out : f32
      %597 = arith.cmpf ogt, %in, %out : f32
      %598 = arith.select %597, %595, %out_368 : i64
      linalg.yield %596, %598 : f32, i64
    } -> (tensor<2x2x64xf32>, tensor<2x2x64xi64>)
    %expanded_36 = tensor.expand_shape %53#0 [[0], [1], [2, 3]] output_shape [2, 2, 64, 1] : tensor<2x2x64xf32> into tensor<2x2x64x1xf32>
    %54 = linalg.generic {indexing_maps = [#map5, #map4, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%48, %expanded_36 : tensor<2x2x64x64xf32>, tensor<2x2x64x1xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.subf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x64xf32>
    %55 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%54 : tensor<2x2x64x64xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.exp %in : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x64xf32>
    %56 = tensor.empty() : tensor<2x2x64x1xf32>
    %57 = linalg.fill ins(%cst : f32) outs(%56 : tensor<2x2x64x1xf32>) -> tensor<2x2x64x1xf32>
    %58 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%55 : tensor<2x2x64x64xf32>) outs(%57 : tensor<2x2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %out : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x1xf32>
    %59 = linalg.generic {indexing_maps = [#map5, #map4, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%55, %58 : tensor<2x2x64x64xf32>, tensor<2x2x64x1xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.divf %in, %in_368 : f32
      linalg.yield %594 : f32
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
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %66 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%65 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %67 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%66 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %out : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %68 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%67 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.divf %in, %cst_9 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %69 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%68 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.truncf %cst_8 : f64 to f32
      %595 = arith.addf %in, %594 : f32
      linalg.yield %595 : f32
    } -> tensor<2x64x1xf32>
    %70 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%69 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.rsqrt %in : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %71 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%65, %70 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %72 = linalg.generic {indexing_maps = [#map9, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg9, %71 : tensor<64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
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
      %594 = arith.negf %in : f32
      %595 = math.exp %594 : f32
      %596 = arith.addf %595, %cst_1 : f32
      %597 = arith.divf %cst_1, %596 : f32
      linalg.yield %597 : f32
    } -> tensor<2x64x128xf32>
    %79 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_46, %78 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x128xf32>
    %transposed_47 = linalg.transpose ins(%arg6 : tensor<128x64xf32>) outs(%73 : tensor<64x128xf32>) permutation = [1, 0] 
    %80 = linalg.matmul ins(%collapsed_45, %transposed_47 : tensor<128x64xf32>, tensor<64x128xf32>) outs(%75 : tensor<128x128xf32>) -> tensor<128x128xf32>
    %expanded_48 = tensor.expand_shape %80 [[0, 1], [2]] output_shape [2, 64, 128] : tensor<128x128xf32> into tensor<2x64x128xf32>
    %81 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%79, %expanded_48 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x128xf32>
    %transposed_49 = linalg.transpose ins(%arg7 : tensor<64x128xf32>) outs(%27 : tensor<128x64xf32>) permutation = [1, 0] 
    %collapsed_50 = tensor.collapse_shape %81 [[0, 1], [2]] : tensor<2x64x128xf32> into tensor<128x128xf32>
    %82 = linalg.matmul ins(%collapsed_50, %transposed_49 : tensor<128x128xf32>, tensor<128x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_51 = tensor.expand_shape %82 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %83 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%65, %expanded_51 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %84 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%83 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %85 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%84 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %out : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %86 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%85 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.divf %in, %cst_9 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %87 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%86 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.truncf %cst_8 : f64 to f32
      %595 = arith.addf %in, %594 : f32
      linalg.yield %595 : f32
    } -> tensor<2x64x1xf32>
    %88 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%87 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.rsqrt %in : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %89 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%83, %88 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %90 = linalg.generic {indexing_maps = [#map9, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg17, %89 : tensor<64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %transposed_52 = linalg.transpose ins(%arg10 : tensor<64x64xf32>) outs(%26 : tensor<64x64xf32>) permutation = [1, 0] 
    %collapsed_53 = tensor.collapse_shape %90 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %91 = linalg.matmul ins(%collapsed_53, %transposed_52 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_54 = tensor.expand_shape %91 [[0, 1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<128x64xf32> into tensor<2x64x2x32xf32>
    %transposed_55 = linalg.transpose ins(%expanded_54 : tensor<2x64x2x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) permutation = [0, 2, 1, 3] 
    %transposed_56 = linalg.transpose ins(%arg11 : tensor<64x64xf32>) outs(%26 : tensor<64x64xf32>) permutation = [1, 0] 
    %92 = linalg.matmul ins(%collapsed_53, %transposed_56 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_57 = tensor.expand_shape %92 [[0, 1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<128x64xf32> into tensor<2x64x2x32xf32>
    %transposed_58 = linalg.transpose ins(%expanded_57 : tensor<2x64x2x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) permutation = [0, 2, 1, 3] 
    %transposed_59 = linalg.transpose ins(%arg12 : tensor<64x64xf32>) outs(%26 : tensor<64x64xf32>) permutation = [1, 0] 
    %93 = linalg.matmul ins(%collapsed_53, %transposed_59 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_60 = tensor.expand_shape %93 [[0, 1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<128x64xf32> into tensor<2x64x2x32xf32>
    %transposed_61 = linalg.transpose ins(%expanded_60 : tensor<2x64x2x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) permutation = [0, 2, 1, 3] 
    %94 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_55, %expanded_25 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %extracted_slice_62 = tensor.extract_slice %transposed_55[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %extracted_slice_63 = tensor.extract_slice %transposed_55[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %95 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_63 : tensor<2x2x64x16xf32>) outs(%34 : tensor<2x2x64x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.negf %in : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x16xf32>
    %concat_64 = tensor.concat dim(3) %95, %extracted_slice_62 : (tensor<2x2x64x16xf32>, tensor<2x2x64x16xf32>) -> tensor<2x2x64x32xf32>
    %96 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_64, %expanded_26 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %97 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%94, %96 : tensor<2x2x64x32xf32>, tensor<2x2x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %98 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_58, %expanded_25 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %extracted_slice_65 = tensor.extract_slice %transposed_58[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %extracted_slice_66 = tensor.extract_slice %transposed_58[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %99 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_66 : tensor<2x2x64x16xf32>) outs(%34 : tensor<2x2x64x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.negf %in : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x16xf32>
    %concat_67 = tensor.concat dim(3) %99, %extracted_slice_65 : (tensor<2x2x64x16xf32>, tensor<2x2x64x16xf32>) -> tensor<2x2x64x32xf32>
    %100 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_67, %expanded_26 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %101 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%98, %100 : tensor<2x2x64x32xf32>, tensor<2x2x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %transposed_68 = linalg.transpose ins(%101 : tensor<2x2x64x32xf32>) outs(%42 : tensor<2x2x32x64xf32>) permutation = [0, 1, 3, 2] 
    %collapsed_69 = tensor.collapse_shape %97 [[0, 1], [2], [3]] : tensor<2x2x64x32xf32> into tensor<4x64x32xf32>
    %collapsed_70 = tensor.collapse_shape %transposed_68 [[0, 1], [2], [3]] : tensor<2x2x32x64xf32> into tensor<4x32x64xf32>
    %102 = linalg.batch_matmul ins(%collapsed_69, %collapsed_70 : tensor<4x64x32xf32>, tensor<4x32x64xf32>) outs(%44 : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
    %expanded_71 = tensor.expand_shape %102 [[0, 1], [2], [3]] output_shape [2, 2, 64, 64] : tensor<4x64x64xf32> into tensor<2x2x64x64xf32>
    %103 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_71 : tensor<2x2x64x64xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.truncf %cst_7 : f64 to f32
      %595 = arith.mulf %in, %594 : f32
      linalg.yield %595 : f32
    } -> tensor<2x2x64x64xf32>
    %104 = linalg.generic {indexing_maps = [#map5, #map11, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%103, %9 : tensor<2x2x64x64xf32>, tensor<2x1x64x64xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x64xf32>
    %105:2 = linalg.generic {indexing_maps = [#map5, #map12, #map12], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%104 : tensor<2x2x64x64xf32>) outs(%52, %50 : tensor<2x2x64xf32>, tensor<2x2x64xi64>) {
    ^bb0(%in: f32, %out: f32, %out_368: i64):
      %594 = linalg.index 3 : index
      %595 = arith.index_cast %594 : index to i64
      %596 = arith.maximumf %in, %out : f32
      %597 = arith.cmpf ogt, %in, %out : f32
      %598 = arith.select %597, %595, %out_368 : i64
      linalg.yield %596, %598 : f32, i64
    } -> (tensor<2x2x64xf32>, tensor<2x2x64xi64>)
    %expanded_72 = tensor.expand_shape %105#0 [[0], [1], [2, 3]] output_shape [2, 2, 64, 1] : tensor<2x2x64xf32> into tensor<2x2x64x1xf32>
    %106 = linalg.generic {indexing_maps = [#map5, #map4, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%104, %expanded_72 : tensor<2x2x64x64xf32>, tensor<2x2x64x1xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.subf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x64xf32>
    %107 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%106 : tensor<2x2x64x64xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.exp %in : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x64xf32>
    %108 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%107 : tensor<2x2x64x64xf32>) outs(%57 : tensor<2x2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %out : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x1xf32>
    %109 = linalg.generic {indexing_maps = [#map5, #map4, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%107, %108 : tensor<2x2x64x64xf32>, tensor<2x2x64x1xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.divf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x64xf32>
    %collapsed_73 = tensor.collapse_shape %109 [[0, 1], [2], [3]] : tensor<2x2x64x64xf32> into tensor<4x64x64xf32>
    %collapsed_74 = tensor.collapse_shape %transposed_61 [[0, 1], [2], [3]] : tensor<2x2x64x32xf32> into tensor<4x64x32xf32>
    %110 = linalg.batch_matmul ins(%collapsed_73, %collapsed_74 : tensor<4x64x64xf32>, tensor<4x64x32xf32>) outs(%61 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %expanded_75 = tensor.expand_shape %110 [[0, 1], [2], [3]] output_shape [2, 2, 64, 32] : tensor<4x64x32xf32> into tensor<2x2x64x32xf32>
    %transposed_76 = linalg.transpose ins(%expanded_75 : tensor<2x2x64x32xf32>) outs(%63 : tensor<2x64x2x32xf32>) permutation = [0, 2, 1, 3] 
    %transposed_77 = linalg.transpose ins(%arg13 : tensor<64x64xf32>) outs(%26 : tensor<64x64xf32>) permutation = [1, 0] 
    %collapsed_78 = tensor.collapse_shape %transposed_76 [[0, 1], [2, 3]] : tensor<2x64x2x32xf32> into tensor<128x64xf32>
    %111 = linalg.matmul ins(%collapsed_78, %transposed_77 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_79 = tensor.expand_shape %111 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %112 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%83, %expanded_79 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %113 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%112 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %114 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%113 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %out : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %115 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%114 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.divf %in, %cst_9 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %116 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%115 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.truncf %cst_8 : f64 to f32
      %595 = arith.addf %in, %594 : f32
      linalg.yield %595 : f32
    } -> tensor<2x64x1xf32>
    %117 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%116 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.rsqrt %in : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %118 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%112, %117 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %119 = linalg.generic {indexing_maps = [#map9, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg18, %118 : tensor<64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %transposed_80 = linalg.transpose ins(%arg14 : tensor<128x64xf32>) outs(%73 : tensor<64x128xf32>) permutation = [1, 0] 
    %collapsed_81 = tensor.collapse_shape %119 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %120 = linalg.matmul ins(%collapsed_81, %transposed_80 : tensor<128x64xf32>, tensor<64x128xf32>) outs(%75 : tensor<128x128xf32>) -> tensor<128x128xf32>
    %expanded_82 = tensor.expand_shape %120 [[0, 1], [2]] output_shape [2, 64, 128] : tensor<128x128xf32> into tensor<2x64x128xf32>
    %121 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_82 : tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.negf %in : f32
      %595 = math.exp %594 : f32
      %596 = arith.addf %595, %cst_1 : f32
      %597 = arith.divf %cst_1, %596 : f32
      linalg.yield %597 : f32
    } -> tensor<2x64x128xf32>
    %122 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_82, %121 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x128xf32>
    %transposed_83 = linalg.transpose ins(%arg15 : tensor<128x64xf32>) outs(%73 : tensor<64x128xf32>) permutation = [1, 0] 
    %123 = linalg.matmul ins(%collapsed_81, %transposed_83 : tensor<128x64xf32>, tensor<64x128xf32>) outs(%75 : tensor<128x128xf32>) -> tensor<128x128xf32>
    %expanded_84 = tensor.expand_shape %123 [[0, 1], [2]] output_shape [2, 64, 128] : tensor<128x128xf32> into tensor<2x64x128xf32>
    %124 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%122, %expanded_84 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x128xf32>
    %transposed_85 = linalg.transpose ins(%arg16 : tensor<64x128xf32>) outs(%27 : tensor<128x64xf32>) permutation = [1, 0] 
    %collapsed_86 = tensor.collapse_shape %124 [[0, 1], [2]] : tensor<2x64x128xf32> into tensor<128x128xf32>
    %125 = linalg.matmul ins(%collapsed_86, %transposed_85 : tensor<128x128xf32>, tensor<128x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_87 = tensor.expand_shape %125 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %126 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%112, %expanded_87 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %127 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%126 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %128 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%127 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %out : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %129 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%128 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.divf %in, %cst_9 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %130 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%129 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.truncf %cst_8 : f64 to f32
      %595 = arith.addf %in, %594 : f32
      linalg.yield %595 : f32
    } -> tensor<2x64x1xf32>
    %131 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%130 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.rsqrt %in : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %132 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%126, %131 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %133 = linalg.generic {indexing_maps = [#map9, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg26, %132 : tensor<64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %transposed_88 = linalg.transpose ins(%arg19 : tensor<64x64xf32>) outs(%26 : tensor<64x64xf32>) permutation = [1, 0] 
    %collapsed_89 = tensor.collapse_shape %133 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %134 = linalg.matmul ins(%collapsed_89, %transposed_88 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_90 = tensor.expand_shape %134 [[0, 1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<128x64xf32> into tensor<2x64x2x32xf32>
    %transposed_91 = linalg.transpose ins(%expanded_90 : tensor<2x64x2x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) permutation = [0, 2, 1, 3] 
    %transposed_92 = linalg.transpose ins(%arg20 : tensor<64x64xf32>) outs(%26 : tensor<64x64xf32>) permutation = [1, 0] 
    %135 = linalg.matmul ins(%collapsed_89, %transposed_92 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_93 = tensor.expand_shape %135 [[0, 1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<128x64xf32> into tensor<2x64x2x32xf32>
    %transposed_94 = linalg.transpose ins(%expanded_93 : tensor<2x64x2x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) permutation = [0, 2, 1, 3] 
    %transposed_95 = linalg.transpose ins(%arg21 : tensor<64x64xf32>) outs(%26 : tensor<64x64xf32>) permutation = [1, 0] 
    %136 = linalg.matmul ins(%collapsed_89, %transposed_95 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_96 = tensor.expand_shape %136 [[0, 1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<128x64xf32> into tensor<2x64x2x32xf32>
    %transposed_97 = linalg.transpose ins(%expanded_96 : tensor<2x64x2x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) permutation = [0, 2, 1, 3] 
    %137 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_91, %expanded_25 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %extracted_slice_98 = tensor.extract_slice %transposed_91[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %extracted_slice_99 = tensor.extract_slice %transposed_91[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %138 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_99 : tensor<2x2x64x16xf32>) outs(%34 : tensor<2x2x64x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.negf %in : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x16xf32>
    %concat_100 = tensor.concat dim(3) %138, %extracted_slice_98 : (tensor<2x2x64x16xf32>, tensor<2x2x64x16xf32>) -> tensor<2x2x64x32xf32>
    %139 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_100, %expanded_26 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %140 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%137, %139 : tensor<2x2x64x32xf32>, tensor<2x2x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %141 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_94, %expanded_25 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %extracted_slice_101 = tensor.extract_slice %transposed_94[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %extracted_slice_102 = tensor.extract_slice %transposed_94[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %142 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_102 : tensor<2x2x64x16xf32>) outs(%34 : tensor<2x2x64x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.negf %in : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x16xf32>
    %concat_103 = tensor.concat dim(3) %142, %extracted_slice_101 : (tensor<2x2x64x16xf32>, tensor<2x2x64x16xf32>) -> tensor<2x2x64x32xf32>
    %143 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_103, %expanded_26 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %144 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%141, %143 : tensor<2x2x64x32xf32>, tensor<2x2x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %transposed_104 = linalg.transpose ins(%144 : tensor<2x2x64x32xf32>) outs(%42 : tensor<2x2x32x64xf32>) permutation = [0, 1, 3, 2] 
    %collapsed_105 = tensor.collapse_shape %140 [[0, 1], [2], [3]] : tensor<2x2x64x32xf32> into tensor<4x64x32xf32>
    %collapsed_106 = tensor.collapse_shape %transposed_104 [[0, 1], [2], [3]] : tensor<2x2x32x64xf32> into tensor<4x32x64xf32>
    %145 = linalg.batch_matmul ins(%collapsed_105, %collapsed_106 : tensor<4x64x32xf32>, tensor<4x32x64xf32>) outs(%44 : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
    %expanded_107 = tensor.expand_shape %145 [[0, 1], [2], [3]] output_shape [2, 2, 64, 64] : tensor<4x64x64xf32> into tensor<2x2x64x64xf32>
    %146 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_107 : tensor<2x2x64x64xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.truncf %cst_7 : f64 to f32
      %595 = arith.mulf %in, %594 : f32
      linalg.yield %595 : f32
    } -> tensor<2x2x64x64xf32>
    %147 = linalg.generic {indexing_maps = [#map5, #map11, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%146, %9 : tensor<2x2x64x64xf32>, tensor<2x1x64x64xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x64xf32>
    %148:2 = linalg.generic {indexing_maps = [#map5, #map12, #map12], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%147 : tensor<2x2x64x64xf32>) outs(%52, %50 : tensor<2x2x64xf32>, tensor<2x2x64xi64>) {
    ^bb0(%in: f32, %out: f32, %out_368: i64):
      %594 = linalg.index 3 : index
      %595 = arith.index_cast %594 : index to i64
      %596 = arith.maximumf %in, %out : f32
      %597 = arith.cmpf ogt, %in, %out : f32
      %598 = arith.select %597, %595, %out_368 : i64
      linalg.yield %596, %598 : f32, i64
    } -> (tensor<2x2x64xf32>, tensor<2x2x64xi64>)
    %expanded_108 = tensor.expand_shape %148#0 [[0], [1], [2, 3]] output_shape [2, 2, 64, 1] : tensor<2x2x64xf32> into tensor<2x2x64x1xf32>
    %149 = linalg.generic {indexing_maps = [#map5, #map4, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%147, %expanded_108 : tensor<2x2x64x64xf32>, tensor<2x2x64x1xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.subf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x64xf32>
    %150 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%149 : tensor<2x2x64x64xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.exp %in : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x64xf32>
    %151 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%150 : tensor<2x2x64x64xf32>) outs(%57 : tensor<2x2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %out : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x1xf32>
    %152 = linalg.generic {indexing_maps = [#map5, #map4, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%150, %151 : tensor<2x2x64x64xf32>, tensor<2x2x64x1xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.divf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x64xf32>
    %collapsed_109 = tensor.collapse_shape %152 [[0, 1], [2], [3]] : tensor<2x2x64x64xf32> into tensor<4x64x64xf32>
    %collapsed_110 = tensor.collapse_shape %transposed_97 [[0, 1], [2], [3]] : tensor<2x2x64x32xf32> into tensor<4x64x32xf32>
    %153 = linalg.batch_matmul ins(%collapsed_109, %collapsed_110 : tensor<4x64x64xf32>, tensor<4x64x32xf32>) outs(%61 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %expanded_111 = tensor.expand_shape %153 [[0, 1], [2], [3]] output_shape [2, 2, 64, 32] : tensor<4x64x32xf32> into tensor<2x2x64x32xf32>
    %transposed_112 = linalg.transpose ins(%expanded_111 : tensor<2x2x64x32xf32>) outs(%63 : tensor<2x64x2x32xf32>) permutation = [0, 2, 1, 3] 
    %transposed_113 = linalg.transpose ins(%arg22 : tensor<64x64xf32>) outs(%26 : tensor<64x64xf32>) permutation = [1, 0] 
    %collapsed_114 = tensor.collapse_shape %transposed_112 [[0, 1], [2, 3]] : tensor<2x64x2x32xf32> into tensor<128x64xf32>
    %154 = linalg.matmul ins(%collapsed_114, %transposed_113 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_115 = tensor.expand_shape %154 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %155 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%126, %expanded_115 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %156 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%155 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %157 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%156 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %out : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %158 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%157 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.divf %in, %cst_9 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %159 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%158 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.truncf %cst_8 : f64 to f32
      %595 = arith.addf %in, %594 : f32
      linalg.yield %595 : f32
    } -> tensor<2x64x1xf32>
    %160 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%159 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.rsqrt %in : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %161 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%155, %160 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %162 = linalg.generic {indexing_maps = [#map9, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg27, %161 : tensor<64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %transposed_116 = linalg.transpose ins(%arg23 : tensor<128x64xf32>) outs(%73 : tensor<64x128xf32>) permutation = [1, 0] 
    %collapsed_117 = tensor.collapse_shape %162 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %163 = linalg.matmul ins(%collapsed_117, %transposed_116 : tensor<128x64xf32>, tensor<64x128xf32>) outs(%75 : tensor<128x128xf32>) -> tensor<128x128xf32>
    %expanded_118 = tensor.expand_shape %163 [[0, 1], [2]] output_shape [2, 64, 128] : tensor<128x128xf32> into tensor<2x64x128xf32>
    %164 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_118 : tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.negf %in : f32
      %595 = math.exp %594 : f32
      %596 = arith.addf %595, %cst_1 : f32
      %597 = arith.divf %cst_1, %596 : f32
      linalg.yield %597 : f32
    } -> tensor<2x64x128xf32>
    %165 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_118, %164 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x128xf32>
    %transposed_119 = linalg.transpose ins(%arg24 : tensor<128x64xf32>) outs(%73 : tensor<64x128xf32>) permutation = [1, 0] 
    %166 = linalg.matmul ins(%collapsed_117, %transposed_119 : tensor<128x64xf32>, tensor<64x128xf32>) outs(%75 : tensor<128x128xf32>) -> tensor<128x128xf32>
    %expanded_120 = tensor.expand_shape %166 [[0, 1], [2]] output_shape [2, 64, 128] : tensor<128x128xf32> into tensor<2x64x128xf32>
    %167 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%165, %expanded_120 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x128xf32>
    %transposed_121 = linalg.transpose ins(%arg25 : tensor<64x128xf32>) outs(%27 : tensor<128x64xf32>) permutation = [1, 0] 
    %collapsed_122 = tensor.collapse_shape %167 [[0, 1], [2]] : tensor<2x64x128xf32> into tensor<128x128xf32>
    %168 = linalg.matmul ins(%collapsed_122, %transposed_121 : tensor<128x128xf32>, tensor<128x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_123 = tensor.expand_shape %168 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %169 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%155, %expanded_123 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %170 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%169 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %171 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%170 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %out : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %172 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%171 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.divf %in, %cst_9 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %173 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%172 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.truncf %cst_8 : f64 to f32
      %595 = arith.addf %in, %594 : f32
      linalg.yield %595 : f32
    } -> tensor<2x64x1xf32>
    %174 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%173 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.rsqrt %in : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %175 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%169, %174 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %176 = linalg.generic {indexing_maps = [#map9, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg35, %175 : tensor<64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %transposed_124 = linalg.transpose ins(%arg28 : tensor<64x64xf32>) outs(%26 : tensor<64x64xf32>) permutation = [1, 0] 
    %collapsed_125 = tensor.collapse_shape %176 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %177 = linalg.matmul ins(%collapsed_125, %transposed_124 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_126 = tensor.expand_shape %177 [[0, 1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<128x64xf32> into tensor<2x64x2x32xf32>
    %transposed_127 = linalg.transpose ins(%expanded_126 : tensor<2x64x2x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) permutation = [0, 2, 1, 3] 
    %transposed_128 = linalg.transpose ins(%arg29 : tensor<64x64xf32>) outs(%26 : tensor<64x64xf32>) permutation = [1, 0] 
    %178 = linalg.matmul ins(%collapsed_125, %transposed_128 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_129 = tensor.expand_shape %178 [[0, 1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<128x64xf32> into tensor<2x64x2x32xf32>
    %transposed_130 = linalg.transpose ins(%expanded_129 : tensor<2x64x2x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) permutation = [0, 2, 1, 3] 
    %transposed_131 = linalg.transpose ins(%arg30 : tensor<64x64xf32>) outs(%26 : tensor<64x64xf32>) permutation = [1, 0] 
    %179 = linalg.matmul ins(%collapsed_125, %transposed_131 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_132 = tensor.expand_shape %179 [[0, 1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<128x64xf32> into tensor<2x64x2x32xf32>
    %transposed_133 = linalg.transpose ins(%expanded_132 : tensor<2x64x2x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) permutation = [0, 2, 1, 3] 
    %180 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_127, %expanded_25 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %extracted_slice_134 = tensor.extract_slice %transposed_127[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %extracted_slice_135 = tensor.extract_slice %transposed_127[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %181 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_135 : tensor<2x2x64x16xf32>) outs(%34 : tensor<2x2x64x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.negf %in : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x16xf32>
    %concat_136 = tensor.concat dim(3) %181, %extracted_slice_134 : (tensor<2x2x64x16xf32>, tensor<2x2x64x16xf32>) -> tensor<2x2x64x32xf32>
    %182 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_136, %expanded_26 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %183 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%180, %182 : tensor<2x2x64x32xf32>, tensor<2x2x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %184 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_130, %expanded_25 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %extracted_slice_137 = tensor.extract_slice %transposed_130[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %extracted_slice_138 = tensor.extract_slice %transposed_130[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %185 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_138 : tensor<2x2x64x16xf32>) outs(%34 : tensor<2x2x64x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.negf %in : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x16xf32>
    %concat_139 = tensor.concat dim(3) %185, %extracted_slice_137 : (tensor<2x2x64x16xf32>, tensor<2x2x64x16xf32>) -> tensor<2x2x64x32xf32>
    %186 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_139, %expanded_26 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %187 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%184, %186 : tensor<2x2x64x32xf32>, tensor<2x2x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %transposed_140 = linalg.transpose ins(%187 : tensor<2x2x64x32xf32>) outs(%42 : tensor<2x2x32x64xf32>) permutation = [0, 1, 3, 2] 
    %collapsed_141 = tensor.collapse_shape %183 [[0, 1], [2], [3]] : tensor<2x2x64x32xf32> into tensor<4x64x32xf32>
    %collapsed_142 = tensor.collapse_shape %transposed_140 [[0, 1], [2], [3]] : tensor<2x2x32x64xf32> into tensor<4x32x64xf32>
    %188 = linalg.batch_matmul ins(%collapsed_141, %collapsed_142 : tensor<4x64x32xf32>, tensor<4x32x64xf32>) outs(%44 : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
    %expanded_143 = tensor.expand_shape %188 [[0, 1], [2], [3]] output_shape [2, 2, 64, 64] : tensor<4x64x64xf32> into tensor<2x2x64x64xf32>
    %189 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_143 : tensor<2x2x64x64xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.truncf %cst_7 : f64 to f32
      %595 = arith.mulf %in, %594 : f32
      linalg.yield %595 : f32
    } -> tensor<2x2x64x64xf32>
    %190 = linalg.generic {indexing_maps = [#map5, #map11, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%189, %9 : tensor<2x2x64x64xf32>, tensor<2x1x64x64xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x64xf32>
    %191:2 = linalg.generic {indexing_maps = [#map5, #map12, #map12], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%190 : tensor<2x2x64x64xf32>) outs(%52, %50 : tensor<2x2x64xf32>, tensor<2x2x64xi64>) {
    ^bb0(%in: f32, %out: f32, %out_368: i64):
      %594 = linalg.index 3 : index
      %595 = arith.index_cast %594 : index to i64
      %596 = arith.maximumf %in, %out : f32
      %597 = arith.cmpf ogt, %in, %out : f32
      %598 = arith.select %597, %595, %out_368 : i64
      linalg.yield %596, %598 : f32, i64
    } -> (tensor<2x2x64xf32>, tensor<2x2x64xi64>)
    %expanded_144 = tensor.expand_shape %191#0 [[0], [1], [2, 3]] output_shape [2, 2, 64, 1] : tensor<2x2x64xf32> into tensor<2x2x64x1xf32>
    %192 = linalg.generic {indexing_maps = [#map5, #map4, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%190, %expanded_144 : tensor<2x2x64x64xf32>, tensor<2x2x64x1xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.subf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x64xf32>
    %193 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%192 : tensor<2x2x64x64xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.exp %in : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x64xf32>
    %194 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%193 : tensor<2x2x64x64xf32>) outs(%57 : tensor<2x2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %out : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x1xf32>
    %195 = linalg.generic {indexing_maps = [#map5, #map4, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%193, %194 : tensor<2x2x64x64xf32>, tensor<2x2x64x1xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.divf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x64xf32>
    %collapsed_145 = tensor.collapse_shape %195 [[0, 1], [2], [3]] : tensor<2x2x64x64xf32> into tensor<4x64x64xf32>
    %collapsed_146 = tensor.collapse_shape %transposed_133 [[0, 1], [2], [3]] : tensor<2x2x64x32xf32> into tensor<4x64x32xf32>
    %196 = linalg.batch_matmul ins(%collapsed_145, %collapsed_146 : tensor<4x64x64xf32>, tensor<4x64x32xf32>) outs(%61 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %expanded_147 = tensor.expand_shape %196 [[0, 1], [2], [3]] output_shape [2, 2, 64, 32] : tensor<4x64x32xf32> into tensor<2x2x64x32xf32>
    %transposed_148 = linalg.transpose ins(%expanded_147 : tensor<2x2x64x32xf32>) outs(%63 : tensor<2x64x2x32xf32>) permutation = [0, 2, 1, 3] 
    %transposed_149 = linalg.transpose ins(%arg31 : tensor<64x64xf32>) outs(%26 : tensor<64x64xf32>) permutation = [1, 0] 
    %collapsed_150 = tensor.collapse_shape %transposed_148 [[0, 1], [2, 3]] : tensor<2x64x2x32xf32> into tensor<128x64xf32>
    %197 = linalg.matmul ins(%collapsed_150, %transposed_149 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_151 = tensor.expand_shape %197 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %198 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%169, %expanded_151 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %199 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%198 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %200 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%199 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %out : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %201 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%200 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.divf %in, %cst_9 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %202 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%201 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.truncf %cst_8 : f64 to f32
      %595 = arith.addf %in, %594 : f32
      linalg.yield %595 : f32
    } -> tensor<2x64x1xf32>
    %203 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%202 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.rsqrt %in : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %204 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%198, %203 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %205 = linalg.generic {indexing_maps = [#map9, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg36, %204 : tensor<64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %transposed_152 = linalg.transpose ins(%arg32 : tensor<128x64xf32>) outs(%73 : tensor<64x128xf32>) permutation = [1, 0] 
    %collapsed_153 = tensor.collapse_shape %205 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %206 = linalg.matmul ins(%collapsed_153, %transposed_152 : tensor<128x64xf32>, tensor<64x128xf32>) outs(%75 : tensor<128x128xf32>) -> tensor<128x128xf32>
    %expanded_154 = tensor.expand_shape %206 [[0, 1], [2]] output_shape [2, 64, 128] : tensor<128x128xf32> into tensor<2x64x128xf32>
    %207 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_154 : tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.negf %in : f32
      %595 = math.exp %594 : f32
      %596 = arith.addf %595, %cst_1 : f32
      %597 = arith.divf %cst_1, %596 : f32
      linalg.yield %597 : f32
    } -> tensor<2x64x128xf32>
    %208 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_154, %207 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x128xf32>
    %transposed_155 = linalg.transpose ins(%arg33 : tensor<128x64xf32>) outs(%73 : tensor<64x128xf32>) permutation = [1, 0] 
    %209 = linalg.matmul ins(%collapsed_153, %transposed_155 : tensor<128x64xf32>, tensor<64x128xf32>) outs(%75 : tensor<128x128xf32>) -> tensor<128x128xf32>
    %expanded_156 = tensor.expand_shape %209 [[0, 1], [2]] output_shape [2, 64, 128] : tensor<128x128xf32> into tensor<2x64x128xf32>
    %210 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%208, %expanded_156 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x128xf32>
    %transposed_157 = linalg.transpose ins(%arg34 : tensor<64x128xf32>) outs(%27 : tensor<128x64xf32>) permutation = [1, 0] 
    %collapsed_158 = tensor.collapse_shape %210 [[0, 1], [2]] : tensor<2x64x128xf32> into tensor<128x128xf32>
    %211 = linalg.matmul ins(%collapsed_158, %transposed_157 : tensor<128x128xf32>, tensor<128x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_159 = tensor.expand_shape %211 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %212 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%198, %expanded_159 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %213 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%212 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %214 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%213 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %out : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %215 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%214 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.divf %in, %cst_9 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %216 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%215 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.truncf %cst_8 : f64 to f32
      %595 = arith.addf %in, %594 : f32
      linalg.yield %595 : f32
    } -> tensor<2x64x1xf32>
    %217 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%216 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.rsqrt %in : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %218 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%212, %217 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %219 = linalg.generic {indexing_maps = [#map9, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg37, %218 : tensor<64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %220 = tensor.empty() : tensor<64x1024xf32>
    %transposed_160 = linalg.transpose ins(%arg38 : tensor<1024x64xf32>) outs(%220 : tensor<64x1024xf32>) permutation = [1, 0] 
    %collapsed_161 = tensor.collapse_shape %219 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %221 = tensor.empty() : tensor<128x1024xf32>
    %222 = linalg.fill ins(%cst : f32) outs(%221 : tensor<128x1024xf32>) -> tensor<128x1024xf32>
    %223 = linalg.matmul ins(%collapsed_161, %transposed_160 : tensor<128x64xf32>, tensor<64x1024xf32>) outs(%222 : tensor<128x1024xf32>) -> tensor<128x1024xf32>
    %padded = tensor.pad %arg42 low[0, 0] high[0, 1] {
    ^bb0(%arg43: index, %arg44: index):
      tensor.yield %c-100_i64 : i64
    } : tensor<2x64xi64> to tensor<2x65xi64>
    %extracted_slice_162 = tensor.extract_slice %padded[0, 1] [2, 64] [1, 1] : tensor<2x65xi64> to tensor<2x64xi64>
    %collapsed_163 = tensor.collapse_shape %extracted_slice_162 [[0, 1]] : tensor<2x64xi64> into tensor<128xi64>
    %224 = tensor.empty() : tensor<128xi64>
    %225 = linalg.fill ins(%c0_i64 : i64) outs(%224 : tensor<128xi64>) -> tensor<128xi64>
    %226 = tensor.empty() : tensor<128xf32>
    %227 = linalg.fill ins(%cst_0 : f32) outs(%226 : tensor<128xf32>) -> tensor<128xf32>
    %228:2 = linalg.generic {indexing_maps = [#map13, #map14, #map14], iterator_types = ["parallel", "reduction"]} ins(%223 : tensor<128x1024xf32>) outs(%227, %225 : tensor<128xf32>, tensor<128xi64>) {
    ^bb0(%in: f32, %out: f32, %out_368: i64):
      %594 = linalg.index 1 : index
      %595 = arith.index_cast %594 : index to i64
      %596 = arith.maximumf %in, %out : f32
      %597 = arith.cmpf ogt, %in, %out : f32
      %598 = arith.select %597, %595, %out_368 : i64
      linalg.yield %596, %598 : f32, i64
    } -> (tensor<128xf32>, tensor<128xi64>)
    %expanded_164 = tensor.expand_shape %228#0 [[0, 1]] output_shape [128, 1] : tensor<128xf32> into tensor<128x1xf32>
    %229 = linalg.generic {indexing_maps = [#map13, #map15, #map13], iterator_types = ["parallel", "parallel"]} ins(%223, %expanded_164 : tensor<128x1024xf32>, tensor<128x1xf32>) outs(%221 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.subf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<128x1024xf32>
    %230 = linalg.generic {indexing_maps = [#map13, #map13], iterator_types = ["parallel", "parallel"]} ins(%229 : tensor<128x1024xf32>) outs(%221 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.exp %in : f32
      linalg.yield %594 : f32
    } -> tensor<128x1024xf32>
    %231 = tensor.empty() : tensor<128x1xf32>
    %232 = linalg.fill ins(%cst : f32) outs(%231 : tensor<128x1xf32>) -> tensor<128x1xf32>
    %233 = linalg.generic {indexing_maps = [#map13, #map15], iterator_types = ["parallel", "reduction"]} ins(%230 : tensor<128x1024xf32>) outs(%232 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %out : f32
      linalg.yield %594 : f32
    } -> tensor<128x1xf32>
    %234 = linalg.generic {indexing_maps = [#map13, #map13], iterator_types = ["parallel", "parallel"]} ins(%233 : tensor<128x1xf32>) outs(%231 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.log %in : f32
      linalg.yield %594 : f32
    } -> tensor<128x1xf32>
    %235 = linalg.generic {indexing_maps = [#map13, #map15, #map13], iterator_types = ["parallel", "parallel"]} ins(%229, %234 : tensor<128x1024xf32>, tensor<128x1xf32>) outs(%221 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.subf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<128x1024xf32>
    %236 = tensor.empty() : tensor<128xi1>
    %237 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%collapsed_163 : tensor<128xi64>) outs(%236 : tensor<128xi1>) {
    ^bb0(%in: i64, %out: i1):
      %594 = arith.cmpi ne, %in, %c-100_i64 : i64
      linalg.yield %594 : i1
    } -> tensor<128xi1>
    %238 = linalg.generic {indexing_maps = [#map2, #map2, #map16, #map2], iterator_types = ["parallel"]} ins(%237, %collapsed_163, %cst_13 : tensor<128xi1>, tensor<128xi64>, tensor<i64>) outs(%224 : tensor<128xi64>) {
    ^bb0(%in: i1, %in_368: i64, %in_369: i64, %out: i64):
      %594 = arith.select %in, %in_368, %in_369 : i64
      linalg.yield %594 : i64
    } -> tensor<128xi64>
    %expanded_165 = tensor.expand_shape %238 [[0, 1]] output_shape [128, 1] : tensor<128xi64> into tensor<128x1xi64>
    %239 = linalg.generic {indexing_maps = [#map13, #map13], iterator_types = ["parallel", "parallel"]} ins(%expanded_165 : tensor<128x1xi64>) outs(%232 : tensor<128x1xf32>) {
    ^bb0(%in: i64, %out: f32):
      %594 = linalg.index 0 : index
      %595 = arith.index_cast %in : i64 to index
      %596 = arith.cmpi slt, %595, %c1024 : index
      cf.assert %596, "index must be smaller than dim size"
      %597 = arith.cmpi sge, %in, %c0_i64 : i64
      cf.assert %597, "index must be larger or equal to 0"
      %extracted = tensor.extract %235[%594, %595] : tensor<128x1024xf32>
      linalg.yield %extracted : f32
    } -> tensor<128x1xf32>
    %collapsed_166 = tensor.collapse_shape %239 [[0, 1]] : tensor<128x1xf32> into tensor<128xf32>
    %240 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%collapsed_166 : tensor<128xf32>) outs(%226 : tensor<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.negf %in : f32
      linalg.yield %594 : f32
    } -> tensor<128xf32>
    %241 = linalg.generic {indexing_maps = [#map2, #map2, #map16, #map2], iterator_types = ["parallel"]} ins(%237, %240, %cst_6 : tensor<128xi1>, tensor<128xf32>, tensor<f32>) outs(%226 : tensor<128xf32>) {
    ^bb0(%in: i1, %in_368: f32, %in_369: f32, %out: f32):
      %594 = arith.select %in, %in_368, %in_369 : f32
      linalg.yield %594 : f32
    } -> tensor<128xf32>
    %242 = tensor.empty() : tensor<i64>
    %243 = linalg.fill ins(%c0_i64 : i64) outs(%242 : tensor<i64>) -> tensor<i64>
    %244 = linalg.generic {indexing_maps = [#map2, #map16], iterator_types = ["reduction"]} ins(%237 : tensor<128xi1>) outs(%243 : tensor<i64>) {
    ^bb0(%in: i1, %out: i64):
      %594 = arith.extui %in : i1 to i64
      %595 = arith.addi %594, %out : i64
      linalg.yield %595 : i64
    } -> tensor<i64>
    %245 = tensor.empty() : tensor<f32>
    %246 = linalg.generic {indexing_maps = [#map17, #map17], iterator_types = []} ins(%244 : tensor<i64>) outs(%245 : tensor<f32>) {
    ^bb0(%in: i64, %out: f32):
      %594 = arith.sitofp %in : i64 to f32
      linalg.yield %594 : f32
    } -> tensor<f32>
    %247 = linalg.fill ins(%cst : f32) outs(%245 : tensor<f32>) -> tensor<f32>
    %248 = linalg.generic {indexing_maps = [#map2, #map16], iterator_types = ["reduction"]} ins(%241 : tensor<128xf32>) outs(%247 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %out : f32
      linalg.yield %594 : f32
    } -> tensor<f32>
    %249 = linalg.generic {indexing_maps = [#map17, #map17, #map17], iterator_types = []} ins(%248, %246 : tensor<f32>, tensor<f32>) outs(%245 : tensor<f32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.divf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<f32>
    %250 = linalg.generic {indexing_maps = [#map18, #map14, #map18, #map13], iterator_types = ["parallel", "parallel"]} ins(%cst_4, %collapsed_163, %246 : tensor<f32>, tensor<128xi64>, tensor<f32>) outs(%222 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %in_368: i64, %in_369: f32, %out: f32):
      %594 = arith.index_cast %in_368 : i64 to index
      %595 = linalg.index 1 : index
      %596 = arith.divf %in, %in_369 : f32
      %597 = arith.negf %596 : f32
      %598 = arith.cmpi ne, %594, %595 : index
      %599 = arith.cmpi eq, %594, %c-100 : index
      %600 = arith.ori %598, %599 : i1
      %601 = arith.select %600, %cst, %597 : f32
      linalg.yield %601 : f32
    } -> tensor<128x1024xf32>
    %251 = linalg.generic {indexing_maps = [#map13, #map13], iterator_types = ["parallel", "parallel"]} ins(%235 : tensor<128x1024xf32>) outs(%221 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.exp %in : f32
      linalg.yield %594 : f32
    } -> tensor<128x1024xf32>
    %252 = linalg.generic {indexing_maps = [#map13, #map15], iterator_types = ["parallel", "reduction"]} ins(%250 : tensor<128x1024xf32>) outs(%232 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %out : f32
      linalg.yield %594 : f32
    } -> tensor<128x1xf32>
    %collapsed_167 = tensor.collapse_shape %252 [[0, 1]] : tensor<128x1xf32> into tensor<128xf32>
    %253 = linalg.generic {indexing_maps = [#map14, #map13], iterator_types = ["parallel", "parallel"]} ins(%collapsed_167 : tensor<128xf32>) outs(%221 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x1024xf32>
    %254 = linalg.generic {indexing_maps = [#map13, #map13, #map13], iterator_types = ["parallel", "parallel"]} ins(%251, %253 : tensor<128x1024xf32>, tensor<128x1024xf32>) outs(%221 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<128x1024xf32>
    %255 = linalg.generic {indexing_maps = [#map13, #map13, #map13], iterator_types = ["parallel", "parallel"]} ins(%250, %254 : tensor<128x1024xf32>, tensor<128x1024xf32>) outs(%221 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.subf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<128x1024xf32>
    %256 = tensor.empty() : tensor<1024x128xf32>
    %transposed_168 = linalg.transpose ins(%255 : tensor<128x1024xf32>) outs(%256 : tensor<1024x128xf32>) permutation = [1, 0] 
    %257 = tensor.empty() : tensor<1024x64xf32>
    %258 = linalg.fill ins(%cst : f32) outs(%257 : tensor<1024x64xf32>) -> tensor<1024x64xf32>
    %259 = linalg.matmul ins(%transposed_168, %collapsed_161 : tensor<1024x128xf32>, tensor<128x64xf32>) outs(%258 : tensor<1024x64xf32>) -> tensor<1024x64xf32>
    %260 = linalg.matmul ins(%255, %arg38 : tensor<128x1024xf32>, tensor<1024x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_169 = tensor.expand_shape %260 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %261 = linalg.generic {indexing_maps = [#map1, #map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_169, %arg37 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %262 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_169, %218 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %263 = tensor.empty() : tensor<1x1x64xf32>
    %264 = linalg.fill ins(%cst : f32) outs(%263 : tensor<1x1x64xf32>) -> tensor<1x1x64xf32>
    %265 = linalg.generic {indexing_maps = [#map1, #map19], iterator_types = ["reduction", "reduction", "parallel"]} ins(%262 : tensor<2x64x64xf32>) outs(%264 : tensor<1x1x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %out : f32
      linalg.yield %594 : f32
    } -> tensor<1x1x64xf32>
    %collapsed_170 = tensor.collapse_shape %265 [[0, 1, 2]] : tensor<1x1x64xf32> into tensor<64xf32>
    %266 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%261, %212 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %267 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%261, %217 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %268 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%266 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %out : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %269 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%217 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %270 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%268 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.mulf %in, %cst_10 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %271 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%270, %269 : tensor<2x64x1xf32>, tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %collapsed_171 = tensor.collapse_shape %271 [[0], [1, 2]] : tensor<2x64x1xf32> into tensor<2x64xf32>
    %272 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed_171 : tensor<2x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %273 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%272 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.divf %in, %cst_9 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %274 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%212 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.fpowi %in, %c1_i64 : f32, i64
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %275 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%274 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.mulf %in, %cst_11 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %276 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%273, %275 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %277 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%267, %276 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %collapsed_172 = tensor.collapse_shape %277 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %transposed_173 = linalg.transpose ins(%collapsed_172 : tensor<128x64xf32>) outs(%73 : tensor<64x128xf32>) permutation = [1, 0] 
    %278 = linalg.fill ins(%cst : f32) outs(%73 : tensor<64x128xf32>) -> tensor<64x128xf32>
    %279 = linalg.matmul ins(%transposed_173, %collapsed_158 : tensor<64x128xf32>, tensor<128x128xf32>) outs(%278 : tensor<64x128xf32>) -> tensor<64x128xf32>
    %280 = linalg.matmul ins(%collapsed_172, %arg34 : tensor<128x64xf32>, tensor<64x128xf32>) outs(%75 : tensor<128x128xf32>) -> tensor<128x128xf32>
    %expanded_174 = tensor.expand_shape %280 [[0, 1], [2]] output_shape [2, 64, 128] : tensor<128x128xf32> into tensor<2x64x128xf32>
    %281 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_174, %208 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x128xf32>
    %282 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_174, %expanded_156 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x128xf32>
    %collapsed_175 = tensor.collapse_shape %281 [[0, 1], [2]] : tensor<2x64x128xf32> into tensor<128x128xf32>
    %transposed_176 = linalg.transpose ins(%collapsed_175 : tensor<128x128xf32>) outs(%74 : tensor<128x128xf32>) permutation = [1, 0] 
    %283 = linalg.matmul ins(%transposed_176, %collapsed_153 : tensor<128x128xf32>, tensor<128x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %284 = linalg.matmul ins(%collapsed_175, %arg33 : tensor<128x128xf32>, tensor<128x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_177 = tensor.expand_shape %284 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %285 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%cst_3, %207 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.subf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x128xf32>
    %286 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_154, %285 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x128xf32>
    %287 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%286 : tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %cst_1 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x128xf32>
    %288 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%207, %287 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x128xf32>
    %289 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%282, %288 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x128xf32>
    %collapsed_178 = tensor.collapse_shape %289 [[0, 1], [2]] : tensor<2x64x128xf32> into tensor<128x128xf32>
    %transposed_179 = linalg.transpose ins(%collapsed_178 : tensor<128x128xf32>) outs(%74 : tensor<128x128xf32>) permutation = [1, 0] 
    %290 = linalg.matmul ins(%transposed_179, %collapsed_153 : tensor<128x128xf32>, tensor<128x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %291 = linalg.matmul ins(%collapsed_178, %arg32 : tensor<128x128xf32>, tensor<128x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_180 = tensor.expand_shape %291 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %292 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_177, %expanded_180 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %293 = linalg.generic {indexing_maps = [#map1, #map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%292, %arg36 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %294 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%292, %204 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %295 = linalg.generic {indexing_maps = [#map1, #map19], iterator_types = ["reduction", "reduction", "parallel"]} ins(%294 : tensor<2x64x64xf32>) outs(%264 : tensor<1x1x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %out : f32
      linalg.yield %594 : f32
    } -> tensor<1x1x64xf32>
    %collapsed_181 = tensor.collapse_shape %295 [[0, 1, 2]] : tensor<1x1x64xf32> into tensor<64xf32>
    %296 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%293, %198 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %297 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%293, %203 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %298 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%296 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %out : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %299 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%277, %297 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %300 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%203 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %301 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%298 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.mulf %in, %cst_10 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %302 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%301, %300 : tensor<2x64x1xf32>, tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %collapsed_182 = tensor.collapse_shape %302 [[0], [1, 2]] : tensor<2x64x1xf32> into tensor<2x64xf32>
    %303 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed_182 : tensor<2x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %304 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%303 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.divf %in, %cst_9 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %305 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%198 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.fpowi %in, %c1_i64 : f32, i64
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %306 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%305 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.mulf %in, %cst_11 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %307 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%304, %306 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %308 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%299, %307 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %collapsed_183 = tensor.collapse_shape %308 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %transposed_184 = linalg.transpose ins(%collapsed_183 : tensor<128x64xf32>) outs(%73 : tensor<64x128xf32>) permutation = [1, 0] 
    %309 = linalg.fill ins(%cst : f32) outs(%26 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %310 = linalg.matmul ins(%transposed_184, %collapsed_150 : tensor<64x128xf32>, tensor<128x64xf32>) outs(%309 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %311 = linalg.matmul ins(%collapsed_183, %arg31 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_185 = tensor.expand_shape %311 [[0, 1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<128x64xf32> into tensor<2x64x2x32xf32>
    %transposed_186 = linalg.transpose ins(%expanded_185 : tensor<2x64x2x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_187 = tensor.collapse_shape %transposed_186 [[0, 1], [2], [3]] : tensor<2x2x64x32xf32> into tensor<4x64x32xf32>
    %transposed_188 = linalg.transpose ins(%collapsed_145 : tensor<4x64x64xf32>) outs(%43 : tensor<4x64x64xf32>) permutation = [0, 2, 1] 
    %312 = linalg.batch_matmul ins(%transposed_188, %collapsed_187 : tensor<4x64x64xf32>, tensor<4x64x32xf32>) outs(%61 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %313 = tensor.empty() : tensor<4x32x64xf32>
    %transposed_189 = linalg.transpose ins(%collapsed_146 : tensor<4x64x32xf32>) outs(%313 : tensor<4x32x64xf32>) permutation = [0, 2, 1] 
    %314 = linalg.batch_matmul ins(%collapsed_187, %transposed_189 : tensor<4x64x32xf32>, tensor<4x32x64xf32>) outs(%44 : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
    %expanded_190 = tensor.expand_shape %312 [[0, 1], [2], [3]] output_shape [2, 2, 64, 32] : tensor<4x64x32xf32> into tensor<2x2x64x32xf32>
    %expanded_191 = tensor.expand_shape %314 [[0, 1], [2], [3]] output_shape [2, 2, 64, 64] : tensor<4x64x64xf32> into tensor<2x2x64x64xf32>
    %315 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_191, %195 : tensor<2x2x64x64xf32>, tensor<2x2x64x64xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x64xf32>
    %316 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%315 : tensor<2x2x64x64xf32>) outs(%57 : tensor<2x2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %out : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x1xf32>
    %317 = linalg.generic {indexing_maps = [#map5, #map4, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%195, %316 : tensor<2x2x64x64xf32>, tensor<2x2x64x1xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x64xf32>
    %318 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%315, %317 : tensor<2x2x64x64xf32>, tensor<2x2x64x64xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.subf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x64xf32>
    %319 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%318 : tensor<2x2x64x64xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.truncf %cst_7 : f64 to f32
      %595 = arith.mulf %in, %594 : f32
      linalg.yield %595 : f32
    } -> tensor<2x2x64x64xf32>
    %collapsed_192 = tensor.collapse_shape %319 [[0, 1], [2], [3]] : tensor<2x2x64x64xf32> into tensor<4x64x64xf32>
    %transposed_193 = linalg.transpose ins(%collapsed_141 : tensor<4x64x32xf32>) outs(%313 : tensor<4x32x64xf32>) permutation = [0, 2, 1] 
    %320 = linalg.fill ins(%cst : f32) outs(%313 : tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %321 = linalg.batch_matmul ins(%transposed_193, %collapsed_192 : tensor<4x32x64xf32>, tensor<4x64x64xf32>) outs(%320 : tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %transposed_194 = linalg.transpose ins(%collapsed_142 : tensor<4x32x64xf32>) outs(%60 : tensor<4x64x32xf32>) permutation = [0, 2, 1] 
    %322 = linalg.batch_matmul ins(%collapsed_192, %transposed_194 : tensor<4x64x64xf32>, tensor<4x64x32xf32>) outs(%61 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %expanded_195 = tensor.expand_shape %321 [[0, 1], [2], [3]] output_shape [2, 2, 32, 64] : tensor<4x32x64xf32> into tensor<2x2x32x64xf32>
    %expanded_196 = tensor.expand_shape %322 [[0, 1], [2], [3]] output_shape [2, 2, 64, 32] : tensor<4x64x32xf32> into tensor<2x2x64x32xf32>
    %transposed_197 = linalg.transpose ins(%expanded_195 : tensor<2x2x32x64xf32>) outs(%30 : tensor<2x2x64x32xf32>) permutation = [0, 1, 3, 2] 
    %323 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_197, %expanded_26 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %extracted_slice_198 = tensor.extract_slice %323[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %extracted_slice_199 = tensor.extract_slice %323[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %324 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_198 : tensor<2x2x64x16xf32>) outs(%34 : tensor<2x2x64x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.negf %in : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x16xf32>
    %inserted_slice = tensor.insert_slice %324 into %cst_2[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x16xf32> into tensor<2x2x64x32xf32>
    %inserted_slice_200 = tensor.insert_slice %extracted_slice_199 into %cst_2[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x16xf32> into tensor<2x2x64x32xf32>
    %325 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%inserted_slice, %inserted_slice_200 : tensor<2x2x64x32xf32>, tensor<2x2x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %326 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_197, %expanded_25 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %327 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%325, %326 : tensor<2x2x64x32xf32>, tensor<2x2x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %328 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_196, %expanded_26 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %extracted_slice_201 = tensor.extract_slice %328[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %extracted_slice_202 = tensor.extract_slice %328[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %329 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_201 : tensor<2x2x64x16xf32>) outs(%34 : tensor<2x2x64x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.negf %in : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x16xf32>
    %inserted_slice_203 = tensor.insert_slice %329 into %cst_2[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x16xf32> into tensor<2x2x64x32xf32>
    %inserted_slice_204 = tensor.insert_slice %extracted_slice_202 into %cst_2[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x16xf32> into tensor<2x2x64x32xf32>
    %330 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%inserted_slice_203, %inserted_slice_204 : tensor<2x2x64x32xf32>, tensor<2x2x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %331 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_196, %expanded_25 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %332 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%330, %331 : tensor<2x2x64x32xf32>, tensor<2x2x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %transposed_205 = linalg.transpose ins(%expanded_190 : tensor<2x2x64x32xf32>) outs(%63 : tensor<2x64x2x32xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_206 = tensor.collapse_shape %transposed_205 [[0, 1], [2, 3]] : tensor<2x64x2x32xf32> into tensor<128x64xf32>
    %transposed_207 = linalg.transpose ins(%collapsed_206 : tensor<128x64xf32>) outs(%73 : tensor<64x128xf32>) permutation = [1, 0] 
    %333 = linalg.matmul ins(%transposed_207, %collapsed_125 : tensor<64x128xf32>, tensor<128x64xf32>) outs(%309 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %334 = linalg.matmul ins(%collapsed_206, %arg30 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_208 = tensor.expand_shape %334 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %transposed_209 = linalg.transpose ins(%327 : tensor<2x2x64x32xf32>) outs(%63 : tensor<2x64x2x32xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_210 = tensor.collapse_shape %transposed_209 [[0, 1], [2, 3]] : tensor<2x64x2x32xf32> into tensor<128x64xf32>
    %transposed_211 = linalg.transpose ins(%collapsed_210 : tensor<128x64xf32>) outs(%73 : tensor<64x128xf32>) permutation = [1, 0] 
    %335 = linalg.matmul ins(%transposed_211, %collapsed_125 : tensor<64x128xf32>, tensor<128x64xf32>) outs(%309 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %336 = linalg.matmul ins(%collapsed_210, %arg29 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_212 = tensor.expand_shape %336 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %337 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_208, %expanded_212 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %transposed_213 = linalg.transpose ins(%332 : tensor<2x2x64x32xf32>) outs(%63 : tensor<2x64x2x32xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_214 = tensor.collapse_shape %transposed_213 [[0, 1], [2, 3]] : tensor<2x64x2x32xf32> into tensor<128x64xf32>
    %transposed_215 = linalg.transpose ins(%collapsed_214 : tensor<128x64xf32>) outs(%73 : tensor<64x128xf32>) permutation = [1, 0] 
    %338 = linalg.matmul ins(%transposed_215, %collapsed_125 : tensor<64x128xf32>, tensor<128x64xf32>) outs(%309 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %339 = linalg.matmul ins(%collapsed_214, %arg28 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_216 = tensor.expand_shape %339 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %340 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%337, %expanded_216 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %341 = linalg.generic {indexing_maps = [#map1, #map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%340, %arg35 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %342 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%340, %175 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %343 = linalg.generic {indexing_maps = [#map1, #map19], iterator_types = ["reduction", "reduction", "parallel"]} ins(%342 : tensor<2x64x64xf32>) outs(%264 : tensor<1x1x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %out : f32
      linalg.yield %594 : f32
    } -> tensor<1x1x64xf32>
    %collapsed_217 = tensor.collapse_shape %343 [[0, 1, 2]] : tensor<1x1x64xf32> into tensor<64xf32>
    %344 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%341, %169 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %345 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%341, %174 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %346 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%344 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %out : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %347 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%308, %345 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %348 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%174 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %349 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%346 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.mulf %in, %cst_10 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %350 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%349, %348 : tensor<2x64x1xf32>, tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %collapsed_218 = tensor.collapse_shape %350 [[0], [1, 2]] : tensor<2x64x1xf32> into tensor<2x64xf32>
    %351 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed_218 : tensor<2x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %352 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%351 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.divf %in, %cst_9 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %353 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%169 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.fpowi %in, %c1_i64 : f32, i64
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %354 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%353 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.mulf %in, %cst_11 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %355 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%352, %354 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %356 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%347, %355 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %collapsed_219 = tensor.collapse_shape %356 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %transposed_220 = linalg.transpose ins(%collapsed_219 : tensor<128x64xf32>) outs(%73 : tensor<64x128xf32>) permutation = [1, 0] 
    %357 = linalg.matmul ins(%transposed_220, %collapsed_122 : tensor<64x128xf32>, tensor<128x128xf32>) outs(%278 : tensor<64x128xf32>) -> tensor<64x128xf32>
    %358 = linalg.matmul ins(%collapsed_219, %arg25 : tensor<128x64xf32>, tensor<64x128xf32>) outs(%75 : tensor<128x128xf32>) -> tensor<128x128xf32>
    %expanded_221 = tensor.expand_shape %358 [[0, 1], [2]] output_shape [2, 64, 128] : tensor<128x128xf32> into tensor<2x64x128xf32>
    %359 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_221, %165 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x128xf32>
    %360 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_221, %expanded_120 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x128xf32>
    %collapsed_222 = tensor.collapse_shape %359 [[0, 1], [2]] : tensor<2x64x128xf32> into tensor<128x128xf32>
    %transposed_223 = linalg.transpose ins(%collapsed_222 : tensor<128x128xf32>) outs(%74 : tensor<128x128xf32>) permutation = [1, 0] 
    %361 = linalg.matmul ins(%transposed_223, %collapsed_117 : tensor<128x128xf32>, tensor<128x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %362 = linalg.matmul ins(%collapsed_222, %arg24 : tensor<128x128xf32>, tensor<128x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_224 = tensor.expand_shape %362 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %363 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%cst_3, %164 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.subf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x128xf32>
    %364 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_118, %363 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x128xf32>
    %365 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%364 : tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %cst_1 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x128xf32>
    %366 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%164, %365 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x128xf32>
    %367 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%360, %366 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x128xf32>
    %collapsed_225 = tensor.collapse_shape %367 [[0, 1], [2]] : tensor<2x64x128xf32> into tensor<128x128xf32>
    %transposed_226 = linalg.transpose ins(%collapsed_225 : tensor<128x128xf32>) outs(%74 : tensor<128x128xf32>) permutation = [1, 0] 
    %368 = linalg.matmul ins(%transposed_226, %collapsed_117 : tensor<128x128xf32>, tensor<128x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %369 = linalg.matmul ins(%collapsed_225, %arg23 : tensor<128x128xf32>, tensor<128x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_227 = tensor.expand_shape %369 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %370 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_224, %expanded_227 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %371 = linalg.generic {indexing_maps = [#map1, #map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%370, %arg27 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %372 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%370, %161 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %373 = linalg.generic {indexing_maps = [#map1, #map19], iterator_types = ["reduction", "reduction", "parallel"]} ins(%372 : tensor<2x64x64xf32>) outs(%264 : tensor<1x1x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %out : f32
      linalg.yield %594 : f32
    } -> tensor<1x1x64xf32>
    %collapsed_228 = tensor.collapse_shape %373 [[0, 1, 2]] : tensor<1x1x64xf32> into tensor<64xf32>
    %374 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%371, %155 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %375 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%371, %160 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %376 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%374 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %out : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %377 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%356, %375 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %378 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%160 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %379 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%376 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.mulf %in, %cst_10 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %380 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%379, %378 : tensor<2x64x1xf32>, tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %collapsed_229 = tensor.collapse_shape %380 [[0], [1, 2]] : tensor<2x64x1xf32> into tensor<2x64xf32>
    %381 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed_229 : tensor<2x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %382 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%381 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.divf %in, %cst_9 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %383 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%155 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.fpowi %in, %c1_i64 : f32, i64
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %384 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%383 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.mulf %in, %cst_11 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %385 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%382, %384 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %386 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%377, %385 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %collapsed_230 = tensor.collapse_shape %386 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %transposed_231 = linalg.transpose ins(%collapsed_230 : tensor<128x64xf32>) outs(%73 : tensor<64x128xf32>) permutation = [1, 0] 
    %387 = linalg.matmul ins(%transposed_231, %collapsed_114 : tensor<64x128xf32>, tensor<128x64xf32>) outs(%309 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %388 = linalg.matmul ins(%collapsed_230, %arg22 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_232 = tensor.expand_shape %388 [[0, 1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<128x64xf32> into tensor<2x64x2x32xf32>
    %transposed_233 = linalg.transpose ins(%expanded_232 : tensor<2x64x2x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_234 = tensor.collapse_shape %transposed_233 [[0, 1], [2], [3]] : tensor<2x2x64x32xf32> into tensor<4x64x32xf32>
    %transposed_235 = linalg.transpose ins(%collapsed_109 : tensor<4x64x64xf32>) outs(%43 : tensor<4x64x64xf32>) permutation = [0, 2, 1] 
    %389 = linalg.batch_matmul ins(%transposed_235, %collapsed_234 : tensor<4x64x64xf32>, tensor<4x64x32xf32>) outs(%61 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %transposed_236 = linalg.transpose ins(%collapsed_110 : tensor<4x64x32xf32>) outs(%313 : tensor<4x32x64xf32>) permutation = [0, 2, 1] 
    %390 = linalg.batch_matmul ins(%collapsed_234, %transposed_236 : tensor<4x64x32xf32>, tensor<4x32x64xf32>) outs(%44 : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
    %expanded_237 = tensor.expand_shape %389 [[0, 1], [2], [3]] output_shape [2, 2, 64, 32] : tensor<4x64x32xf32> into tensor<2x2x64x32xf32>
    %expanded_238 = tensor.expand_shape %390 [[0, 1], [2], [3]] output_shape [2, 2, 64, 64] : tensor<4x64x64xf32> into tensor<2x2x64x64xf32>
    %391 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_238, %152 : tensor<2x2x64x64xf32>, tensor<2x2x64x64xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x64xf32>
    %392 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%391 : tensor<2x2x64x64xf32>) outs(%57 : tensor<2x2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %out : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x1xf32>
    %393 = linalg.generic {indexing_maps = [#map5, #map4, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%152, %392 : tensor<2x2x64x64xf32>, tensor<2x2x64x1xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x64xf32>
    %394 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%391, %393 : tensor<2x2x64x64xf32>, tensor<2x2x64x64xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.subf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x64xf32>
    %395 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%394 : tensor<2x2x64x64xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.truncf %cst_7 : f64 to f32
      %595 = arith.mulf %in, %594 : f32
      linalg.yield %595 : f32
    } -> tensor<2x2x64x64xf32>
    %collapsed_239 = tensor.collapse_shape %395 [[0, 1], [2], [3]] : tensor<2x2x64x64xf32> into tensor<4x64x64xf32>
    %transposed_240 = linalg.transpose ins(%collapsed_105 : tensor<4x64x32xf32>) outs(%313 : tensor<4x32x64xf32>) permutation = [0, 2, 1] 
    %396 = linalg.batch_matmul ins(%transposed_240, %collapsed_239 : tensor<4x32x64xf32>, tensor<4x64x64xf32>) outs(%320 : tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %transposed_241 = linalg.transpose ins(%collapsed_106 : tensor<4x32x64xf32>) outs(%60 : tensor<4x64x32xf32>) permutation = [0, 2, 1] 
    %397 = linalg.batch_matmul ins(%collapsed_239, %transposed_241 : tensor<4x64x64xf32>, tensor<4x64x32xf32>) outs(%61 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %expanded_242 = tensor.expand_shape %396 [[0, 1], [2], [3]] output_shape [2, 2, 32, 64] : tensor<4x32x64xf32> into tensor<2x2x32x64xf32>
    %expanded_243 = tensor.expand_shape %397 [[0, 1], [2], [3]] output_shape [2, 2, 64, 32] : tensor<4x64x32xf32> into tensor<2x2x64x32xf32>
    %transposed_244 = linalg.transpose ins(%expanded_242 : tensor<2x2x32x64xf32>) outs(%30 : tensor<2x2x64x32xf32>) permutation = [0, 1, 3, 2] 
    %398 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_244, %expanded_26 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %extracted_slice_245 = tensor.extract_slice %398[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %extracted_slice_246 = tensor.extract_slice %398[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %399 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_245 : tensor<2x2x64x16xf32>) outs(%34 : tensor<2x2x64x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.negf %in : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x16xf32>
    %inserted_slice_247 = tensor.insert_slice %399 into %cst_2[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x16xf32> into tensor<2x2x64x32xf32>
    %inserted_slice_248 = tensor.insert_slice %extracted_slice_246 into %cst_2[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x16xf32> into tensor<2x2x64x32xf32>
    %400 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%inserted_slice_247, %inserted_slice_248 : tensor<2x2x64x32xf32>, tensor<2x2x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %401 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_244, %expanded_25 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %402 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%400, %401 : tensor<2x2x64x32xf32>, tensor<2x2x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %403 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_243, %expanded_26 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %extracted_slice_249 = tensor.extract_slice %403[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %extracted_slice_250 = tensor.extract_slice %403[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %404 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_249 : tensor<2x2x64x16xf32>) outs(%34 : tensor<2x2x64x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.negf %in : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x16xf32>
    %inserted_slice_251 = tensor.insert_slice %404 into %cst_2[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x16xf32> into tensor<2x2x64x32xf32>
    %inserted_slice_252 = tensor.insert_slice %extracted_slice_250 into %cst_2[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x16xf32> into tensor<2x2x64x32xf32>
    %405 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%inserted_slice_251, %inserted_slice_252 : tensor<2x2x64x32xf32>, tensor<2x2x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %406 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_243, %expanded_25 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %407 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%405, %406 : tensor<2x2x64x32xf32>, tensor<2x2x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %transposed_253 = linalg.transpose ins(%expanded_237 : tensor<2x2x64x32xf32>) outs(%63 : tensor<2x64x2x32xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_254 = tensor.collapse_shape %transposed_253 [[0, 1], [2, 3]] : tensor<2x64x2x32xf32> into tensor<128x64xf32>
    %transposed_255 = linalg.transpose ins(%collapsed_254 : tensor<128x64xf32>) outs(%73 : tensor<64x128xf32>) permutation = [1, 0] 
    %408 = linalg.matmul ins(%transposed_255, %collapsed_89 : tensor<64x128xf32>, tensor<128x64xf32>) outs(%309 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %409 = linalg.matmul ins(%collapsed_254, %arg21 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_256 = tensor.expand_shape %409 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %transposed_257 = linalg.transpose ins(%402 : tensor<2x2x64x32xf32>) outs(%63 : tensor<2x64x2x32xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_258 = tensor.collapse_shape %transposed_257 [[0, 1], [2, 3]] : tensor<2x64x2x32xf32> into tensor<128x64xf32>
    %transposed_259 = linalg.transpose ins(%collapsed_258 : tensor<128x64xf32>) outs(%73 : tensor<64x128xf32>) permutation = [1, 0] 
    %410 = linalg.matmul ins(%transposed_259, %collapsed_89 : tensor<64x128xf32>, tensor<128x64xf32>) outs(%309 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %411 = linalg.matmul ins(%collapsed_258, %arg20 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_260 = tensor.expand_shape %411 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %412 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_256, %expanded_260 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %transposed_261 = linalg.transpose ins(%407 : tensor<2x2x64x32xf32>) outs(%63 : tensor<2x64x2x32xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_262 = tensor.collapse_shape %transposed_261 [[0, 1], [2, 3]] : tensor<2x64x2x32xf32> into tensor<128x64xf32>
    %transposed_263 = linalg.transpose ins(%collapsed_262 : tensor<128x64xf32>) outs(%73 : tensor<64x128xf32>) permutation = [1, 0] 
    %413 = linalg.matmul ins(%transposed_263, %collapsed_89 : tensor<64x128xf32>, tensor<128x64xf32>) outs(%309 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %414 = linalg.matmul ins(%collapsed_262, %arg19 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_264 = tensor.expand_shape %414 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %415 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%412, %expanded_264 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %416 = linalg.generic {indexing_maps = [#map1, #map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%415, %arg26 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %417 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%415, %132 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %418 = linalg.generic {indexing_maps = [#map1, #map19], iterator_types = ["reduction", "reduction", "parallel"]} ins(%417 : tensor<2x64x64xf32>) outs(%264 : tensor<1x1x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %out : f32
      linalg.yield %594 : f32
    } -> tensor<1x1x64xf32>
    %collapsed_265 = tensor.collapse_shape %418 [[0, 1, 2]] : tensor<1x1x64xf32> into tensor<64xf32>
    %419 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%416, %126 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %420 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%416, %131 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %421 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%419 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %out : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %422 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%386, %420 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %423 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%131 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %424 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%421 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.mulf %in, %cst_10 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %425 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%424, %423 : tensor<2x64x1xf32>, tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %collapsed_266 = tensor.collapse_shape %425 [[0], [1, 2]] : tensor<2x64x1xf32> into tensor<2x64xf32>
    %426 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed_266 : tensor<2x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %427 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%426 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.divf %in, %cst_9 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %428 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%126 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.fpowi %in, %c1_i64 : f32, i64
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %429 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%428 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.mulf %in, %cst_11 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %430 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%427, %429 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %431 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%422, %430 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %collapsed_267 = tensor.collapse_shape %431 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %transposed_268 = linalg.transpose ins(%collapsed_267 : tensor<128x64xf32>) outs(%73 : tensor<64x128xf32>) permutation = [1, 0] 
    %432 = linalg.matmul ins(%transposed_268, %collapsed_86 : tensor<64x128xf32>, tensor<128x128xf32>) outs(%278 : tensor<64x128xf32>) -> tensor<64x128xf32>
    %433 = linalg.matmul ins(%collapsed_267, %arg16 : tensor<128x64xf32>, tensor<64x128xf32>) outs(%75 : tensor<128x128xf32>) -> tensor<128x128xf32>
    %expanded_269 = tensor.expand_shape %433 [[0, 1], [2]] output_shape [2, 64, 128] : tensor<128x128xf32> into tensor<2x64x128xf32>
    %434 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_269, %122 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x128xf32>
    %435 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_269, %expanded_84 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x128xf32>
    %collapsed_270 = tensor.collapse_shape %434 [[0, 1], [2]] : tensor<2x64x128xf32> into tensor<128x128xf32>
    %transposed_271 = linalg.transpose ins(%collapsed_270 : tensor<128x128xf32>) outs(%74 : tensor<128x128xf32>) permutation = [1, 0] 
    %436 = linalg.matmul ins(%transposed_271, %collapsed_81 : tensor<128x128xf32>, tensor<128x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %437 = linalg.matmul ins(%collapsed_270, %arg15 : tensor<128x128xf32>, tensor<128x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_272 = tensor.expand_shape %437 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %438 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%cst_3, %121 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.subf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x128xf32>
    %439 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_82, %438 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x128xf32>
    %440 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%439 : tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %cst_1 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x128xf32>
    %441 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%121, %440 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x128xf32>
    %442 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%435, %441 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x128xf32>
    %collapsed_273 = tensor.collapse_shape %442 [[0, 1], [2]] : tensor<2x64x128xf32> into tensor<128x128xf32>
    %transposed_274 = linalg.transpose ins(%collapsed_273 : tensor<128x128xf32>) outs(%74 : tensor<128x128xf32>) permutation = [1, 0] 
    %443 = linalg.matmul ins(%transposed_274, %collapsed_81 : tensor<128x128xf32>, tensor<128x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %444 = linalg.matmul ins(%collapsed_273, %arg14 : tensor<128x128xf32>, tensor<128x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_275 = tensor.expand_shape %444 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %445 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_272, %expanded_275 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %446 = linalg.generic {indexing_maps = [#map1, #map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%445, %arg18 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %447 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%445, %118 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %448 = linalg.generic {indexing_maps = [#map1, #map19], iterator_types = ["reduction", "reduction", "parallel"]} ins(%447 : tensor<2x64x64xf32>) outs(%264 : tensor<1x1x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %out : f32
      linalg.yield %594 : f32
    } -> tensor<1x1x64xf32>
    %collapsed_276 = tensor.collapse_shape %448 [[0, 1, 2]] : tensor<1x1x64xf32> into tensor<64xf32>
    %449 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%446, %112 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %450 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%446, %117 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %451 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%449 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %out : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %452 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%431, %450 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %453 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%117 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %454 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%451 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.mulf %in, %cst_10 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %455 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%454, %453 : tensor<2x64x1xf32>, tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %collapsed_277 = tensor.collapse_shape %455 [[0], [1, 2]] : tensor<2x64x1xf32> into tensor<2x64xf32>
    %456 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed_277 : tensor<2x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %457 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%456 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.divf %in, %cst_9 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %458 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%112 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.fpowi %in, %c1_i64 : f32, i64
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %459 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%458 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.mulf %in, %cst_11 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %460 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%457, %459 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %461 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%452, %460 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %collapsed_278 = tensor.collapse_shape %461 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %transposed_279 = linalg.transpose ins(%collapsed_278 : tensor<128x64xf32>) outs(%73 : tensor<64x128xf32>) permutation = [1, 0] 
    %462 = linalg.matmul ins(%transposed_279, %collapsed_78 : tensor<64x128xf32>, tensor<128x64xf32>) outs(%309 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %463 = linalg.matmul ins(%collapsed_278, %arg13 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_280 = tensor.expand_shape %463 [[0, 1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<128x64xf32> into tensor<2x64x2x32xf32>
    %transposed_281 = linalg.transpose ins(%expanded_280 : tensor<2x64x2x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_282 = tensor.collapse_shape %transposed_281 [[0, 1], [2], [3]] : tensor<2x2x64x32xf32> into tensor<4x64x32xf32>
    %transposed_283 = linalg.transpose ins(%collapsed_73 : tensor<4x64x64xf32>) outs(%43 : tensor<4x64x64xf32>) permutation = [0, 2, 1] 
    %464 = linalg.batch_matmul ins(%transposed_283, %collapsed_282 : tensor<4x64x64xf32>, tensor<4x64x32xf32>) outs(%61 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %transposed_284 = linalg.transpose ins(%collapsed_74 : tensor<4x64x32xf32>) outs(%313 : tensor<4x32x64xf32>) permutation = [0, 2, 1] 
    %465 = linalg.batch_matmul ins(%collapsed_282, %transposed_284 : tensor<4x64x32xf32>, tensor<4x32x64xf32>) outs(%44 : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
    %expanded_285 = tensor.expand_shape %464 [[0, 1], [2], [3]] output_shape [2, 2, 64, 32] : tensor<4x64x32xf32> into tensor<2x2x64x32xf32>
    %expanded_286 = tensor.expand_shape %465 [[0, 1], [2], [3]] output_shape [2, 2, 64, 64] : tensor<4x64x64xf32> into tensor<2x2x64x64xf32>
    %466 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_286, %109 : tensor<2x2x64x64xf32>, tensor<2x2x64x64xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x64xf32>
    %467 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%466 : tensor<2x2x64x64xf32>) outs(%57 : tensor<2x2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %out : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x1xf32>
    %468 = linalg.generic {indexing_maps = [#map5, #map4, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%109, %467 : tensor<2x2x64x64xf32>, tensor<2x2x64x1xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x64xf32>
    %469 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%466, %468 : tensor<2x2x64x64xf32>, tensor<2x2x64x64xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.subf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x64xf32>
    %470 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%469 : tensor<2x2x64x64xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.truncf %cst_7 : f64 to f32
      %595 = arith.mulf %in, %594 : f32
      linalg.yield %595 : f32
    } -> tensor<2x2x64x64xf32>
    %collapsed_287 = tensor.collapse_shape %470 [[0, 1], [2], [3]] : tensor<2x2x64x64xf32> into tensor<4x64x64xf32>
    %transposed_288 = linalg.transpose ins(%collapsed_69 : tensor<4x64x32xf32>) outs(%313 : tensor<4x32x64xf32>) permutation = [0, 2, 1] 
    %471 = linalg.batch_matmul ins(%transposed_288, %collapsed_287 : tensor<4x32x64xf32>, tensor<4x64x64xf32>) outs(%320 : tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %transposed_289 = linalg.transpose ins(%collapsed_70 : tensor<4x32x64xf32>) outs(%60 : tensor<4x64x32xf32>) permutation = [0, 2, 1] 
    %472 = linalg.batch_matmul ins(%collapsed_287, %transposed_289 : tensor<4x64x64xf32>, tensor<4x64x32xf32>) outs(%61 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %expanded_290 = tensor.expand_shape %471 [[0, 1], [2], [3]] output_shape [2, 2, 32, 64] : tensor<4x32x64xf32> into tensor<2x2x32x64xf32>
    %expanded_291 = tensor.expand_shape %472 [[0, 1], [2], [3]] output_shape [2, 2, 64, 32] : tensor<4x64x32xf32> into tensor<2x2x64x32xf32>
    %transposed_292 = linalg.transpose ins(%expanded_290 : tensor<2x2x32x64xf32>) outs(%30 : tensor<2x2x64x32xf32>) permutation = [0, 1, 3, 2] 
    %473 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_292, %expanded_26 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %extracted_slice_293 = tensor.extract_slice %473[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %extracted_slice_294 = tensor.extract_slice %473[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %474 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_293 : tensor<2x2x64x16xf32>) outs(%34 : tensor<2x2x64x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.negf %in : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x16xf32>
    %inserted_slice_295 = tensor.insert_slice %474 into %cst_2[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x16xf32> into tensor<2x2x64x32xf32>
    %inserted_slice_296 = tensor.insert_slice %extracted_slice_294 into %cst_2[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x16xf32> into tensor<2x2x64x32xf32>
    %475 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%inserted_slice_295, %inserted_slice_296 : tensor<2x2x64x32xf32>, tensor<2x2x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %476 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_292, %expanded_25 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %477 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%475, %476 : tensor<2x2x64x32xf32>, tensor<2x2x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %478 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_291, %expanded_26 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %extracted_slice_297 = tensor.extract_slice %478[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %extracted_slice_298 = tensor.extract_slice %478[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %479 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_297 : tensor<2x2x64x16xf32>) outs(%34 : tensor<2x2x64x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.negf %in : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x16xf32>
    %inserted_slice_299 = tensor.insert_slice %479 into %cst_2[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x16xf32> into tensor<2x2x64x32xf32>
    %inserted_slice_300 = tensor.insert_slice %extracted_slice_298 into %cst_2[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x16xf32> into tensor<2x2x64x32xf32>
    %480 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%inserted_slice_299, %inserted_slice_300 : tensor<2x2x64x32xf32>, tensor<2x2x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %481 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_291, %expanded_25 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %482 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%480, %481 : tensor<2x2x64x32xf32>, tensor<2x2x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %transposed_301 = linalg.transpose ins(%expanded_285 : tensor<2x2x64x32xf32>) outs(%63 : tensor<2x64x2x32xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_302 = tensor.collapse_shape %transposed_301 [[0, 1], [2, 3]] : tensor<2x64x2x32xf32> into tensor<128x64xf32>
    %transposed_303 = linalg.transpose ins(%collapsed_302 : tensor<128x64xf32>) outs(%73 : tensor<64x128xf32>) permutation = [1, 0] 
    %483 = linalg.matmul ins(%transposed_303, %collapsed_53 : tensor<64x128xf32>, tensor<128x64xf32>) outs(%309 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %484 = linalg.matmul ins(%collapsed_302, %arg12 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_304 = tensor.expand_shape %484 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %transposed_305 = linalg.transpose ins(%477 : tensor<2x2x64x32xf32>) outs(%63 : tensor<2x64x2x32xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_306 = tensor.collapse_shape %transposed_305 [[0, 1], [2, 3]] : tensor<2x64x2x32xf32> into tensor<128x64xf32>
    %transposed_307 = linalg.transpose ins(%collapsed_306 : tensor<128x64xf32>) outs(%73 : tensor<64x128xf32>) permutation = [1, 0] 
    %485 = linalg.matmul ins(%transposed_307, %collapsed_53 : tensor<64x128xf32>, tensor<128x64xf32>) outs(%309 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %486 = linalg.matmul ins(%collapsed_306, %arg11 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_308 = tensor.expand_shape %486 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %487 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_304, %expanded_308 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %transposed_309 = linalg.transpose ins(%482 : tensor<2x2x64x32xf32>) outs(%63 : tensor<2x64x2x32xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_310 = tensor.collapse_shape %transposed_309 [[0, 1], [2, 3]] : tensor<2x64x2x32xf32> into tensor<128x64xf32>
    %transposed_311 = linalg.transpose ins(%collapsed_310 : tensor<128x64xf32>) outs(%73 : tensor<64x128xf32>) permutation = [1, 0] 
    %488 = linalg.matmul ins(%transposed_311, %collapsed_53 : tensor<64x128xf32>, tensor<128x64xf32>) outs(%309 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %489 = linalg.matmul ins(%collapsed_310, %arg10 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_312 = tensor.expand_shape %489 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %490 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%487, %expanded_312 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %491 = linalg.generic {indexing_maps = [#map1, #map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%490, %arg17 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %492 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%490, %89 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %493 = linalg.generic {indexing_maps = [#map1, #map19], iterator_types = ["reduction", "reduction", "parallel"]} ins(%492 : tensor<2x64x64xf32>) outs(%264 : tensor<1x1x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %out : f32
      linalg.yield %594 : f32
    } -> tensor<1x1x64xf32>
    %collapsed_313 = tensor.collapse_shape %493 [[0, 1, 2]] : tensor<1x1x64xf32> into tensor<64xf32>
    %494 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%491, %83 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %495 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%491, %88 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %496 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%494 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %out : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %497 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%461, %495 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %498 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%88 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %499 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%496 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.mulf %in, %cst_10 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %500 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%499, %498 : tensor<2x64x1xf32>, tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %collapsed_314 = tensor.collapse_shape %500 [[0], [1, 2]] : tensor<2x64x1xf32> into tensor<2x64xf32>
    %501 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed_314 : tensor<2x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %502 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%501 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.divf %in, %cst_9 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %503 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%83 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.fpowi %in, %c1_i64 : f32, i64
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %504 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%503 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.mulf %in, %cst_11 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %505 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%502, %504 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %506 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%497, %505 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %collapsed_315 = tensor.collapse_shape %506 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %transposed_316 = linalg.transpose ins(%collapsed_315 : tensor<128x64xf32>) outs(%73 : tensor<64x128xf32>) permutation = [1, 0] 
    %507 = linalg.matmul ins(%transposed_316, %collapsed_50 : tensor<64x128xf32>, tensor<128x128xf32>) outs(%278 : tensor<64x128xf32>) -> tensor<64x128xf32>
    %508 = linalg.matmul ins(%collapsed_315, %arg7 : tensor<128x64xf32>, tensor<64x128xf32>) outs(%75 : tensor<128x128xf32>) -> tensor<128x128xf32>
    %expanded_317 = tensor.expand_shape %508 [[0, 1], [2]] output_shape [2, 64, 128] : tensor<128x128xf32> into tensor<2x64x128xf32>
    %509 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_317, %79 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x128xf32>
    %510 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_317, %expanded_48 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x128xf32>
    %collapsed_318 = tensor.collapse_shape %509 [[0, 1], [2]] : tensor<2x64x128xf32> into tensor<128x128xf32>
    %transposed_319 = linalg.transpose ins(%collapsed_318 : tensor<128x128xf32>) outs(%74 : tensor<128x128xf32>) permutation = [1, 0] 
    %511 = linalg.matmul ins(%transposed_319, %collapsed_45 : tensor<128x128xf32>, tensor<128x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %512 = linalg.matmul ins(%collapsed_318, %arg6 : tensor<128x128xf32>, tensor<128x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_320 = tensor.expand_shape %512 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %513 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%cst_3, %78 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.subf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x128xf32>
    %514 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_46, %513 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x128xf32>
    %515 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%514 : tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %cst_1 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x128xf32>
    %516 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%78, %515 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x128xf32>
    %517 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%510, %516 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%77 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x128xf32>
    %collapsed_321 = tensor.collapse_shape %517 [[0, 1], [2]] : tensor<2x64x128xf32> into tensor<128x128xf32>
    %transposed_322 = linalg.transpose ins(%collapsed_321 : tensor<128x128xf32>) outs(%74 : tensor<128x128xf32>) permutation = [1, 0] 
    %518 = linalg.matmul ins(%transposed_322, %collapsed_45 : tensor<128x128xf32>, tensor<128x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %519 = linalg.matmul ins(%collapsed_321, %arg5 : tensor<128x128xf32>, tensor<128x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_323 = tensor.expand_shape %519 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %520 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_320, %expanded_323 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %521 = linalg.generic {indexing_maps = [#map1, #map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%520, %arg9 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %522 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%520, %71 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %523 = linalg.generic {indexing_maps = [#map1, #map19], iterator_types = ["reduction", "reduction", "parallel"]} ins(%522 : tensor<2x64x64xf32>) outs(%264 : tensor<1x1x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %out : f32
      linalg.yield %594 : f32
    } -> tensor<1x1x64xf32>
    %collapsed_324 = tensor.collapse_shape %523 [[0, 1, 2]] : tensor<1x1x64xf32> into tensor<64xf32>
    %524 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%521, %65 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %525 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%521, %70 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %526 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%524 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %out : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %527 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%506, %525 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %528 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%70 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %529 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%526 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.mulf %in, %cst_10 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %530 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%529, %528 : tensor<2x64x1xf32>, tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %collapsed_325 = tensor.collapse_shape %530 [[0], [1, 2]] : tensor<2x64x1xf32> into tensor<2x64xf32>
    %531 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed_325 : tensor<2x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %532 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%531 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.divf %in, %cst_9 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %533 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%65 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.fpowi %in, %c1_i64 : f32, i64
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %534 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%533 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.mulf %in, %cst_11 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %535 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%532, %534 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %536 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%527, %535 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %collapsed_326 = tensor.collapse_shape %536 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %transposed_327 = linalg.transpose ins(%collapsed_326 : tensor<128x64xf32>) outs(%73 : tensor<64x128xf32>) permutation = [1, 0] 
    %537 = linalg.matmul ins(%transposed_327, %collapsed_42 : tensor<64x128xf32>, tensor<128x64xf32>) outs(%309 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %538 = linalg.matmul ins(%collapsed_326, %arg4 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_328 = tensor.expand_shape %538 [[0, 1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<128x64xf32> into tensor<2x64x2x32xf32>
    %transposed_329 = linalg.transpose ins(%expanded_328 : tensor<2x64x2x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_330 = tensor.collapse_shape %transposed_329 [[0, 1], [2], [3]] : tensor<2x2x64x32xf32> into tensor<4x64x32xf32>
    %transposed_331 = linalg.transpose ins(%collapsed_37 : tensor<4x64x64xf32>) outs(%43 : tensor<4x64x64xf32>) permutation = [0, 2, 1] 
    %539 = linalg.batch_matmul ins(%transposed_331, %collapsed_330 : tensor<4x64x64xf32>, tensor<4x64x32xf32>) outs(%61 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %transposed_332 = linalg.transpose ins(%collapsed_38 : tensor<4x64x32xf32>) outs(%313 : tensor<4x32x64xf32>) permutation = [0, 2, 1] 
    %540 = linalg.batch_matmul ins(%collapsed_330, %transposed_332 : tensor<4x64x32xf32>, tensor<4x32x64xf32>) outs(%44 : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
    %expanded_333 = tensor.expand_shape %539 [[0, 1], [2], [3]] output_shape [2, 2, 64, 32] : tensor<4x64x32xf32> into tensor<2x2x64x32xf32>
    %expanded_334 = tensor.expand_shape %540 [[0, 1], [2], [3]] output_shape [2, 2, 64, 64] : tensor<4x64x64xf32> into tensor<2x2x64x64xf32>
    %541 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_334, %59 : tensor<2x2x64x64xf32>, tensor<2x2x64x64xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x64xf32>
    %542 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%541 : tensor<2x2x64x64xf32>) outs(%57 : tensor<2x2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %out : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x1xf32>
    %543 = linalg.generic {indexing_maps = [#map5, #map4, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%59, %542 : tensor<2x2x64x64xf32>, tensor<2x2x64x1xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x64xf32>
    %544 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%541, %543 : tensor<2x2x64x64xf32>, tensor<2x2x64x64xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.subf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x64xf32>
    %545 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%544 : tensor<2x2x64x64xf32>) outs(%46 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.truncf %cst_7 : f64 to f32
      %595 = arith.mulf %in, %594 : f32
      linalg.yield %595 : f32
    } -> tensor<2x2x64x64xf32>
    %collapsed_335 = tensor.collapse_shape %545 [[0, 1], [2], [3]] : tensor<2x2x64x64xf32> into tensor<4x64x64xf32>
    %transposed_336 = linalg.transpose ins(%collapsed_33 : tensor<4x64x32xf32>) outs(%313 : tensor<4x32x64xf32>) permutation = [0, 2, 1] 
    %546 = linalg.batch_matmul ins(%transposed_336, %collapsed_335 : tensor<4x32x64xf32>, tensor<4x64x64xf32>) outs(%320 : tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %transposed_337 = linalg.transpose ins(%collapsed_34 : tensor<4x32x64xf32>) outs(%60 : tensor<4x64x32xf32>) permutation = [0, 2, 1] 
    %547 = linalg.batch_matmul ins(%collapsed_335, %transposed_337 : tensor<4x64x64xf32>, tensor<4x64x32xf32>) outs(%61 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %expanded_338 = tensor.expand_shape %546 [[0, 1], [2], [3]] output_shape [2, 2, 32, 64] : tensor<4x32x64xf32> into tensor<2x2x32x64xf32>
    %expanded_339 = tensor.expand_shape %547 [[0, 1], [2], [3]] output_shape [2, 2, 64, 32] : tensor<4x64x32xf32> into tensor<2x2x64x32xf32>
    %transposed_340 = linalg.transpose ins(%expanded_338 : tensor<2x2x32x64xf32>) outs(%30 : tensor<2x2x64x32xf32>) permutation = [0, 1, 3, 2] 
    %548 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_340, %expanded_26 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %extracted_slice_341 = tensor.extract_slice %548[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %extracted_slice_342 = tensor.extract_slice %548[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %549 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_341 : tensor<2x2x64x16xf32>) outs(%34 : tensor<2x2x64x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.negf %in : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x16xf32>
    %inserted_slice_343 = tensor.insert_slice %549 into %cst_2[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x16xf32> into tensor<2x2x64x32xf32>
    %inserted_slice_344 = tensor.insert_slice %extracted_slice_342 into %cst_2[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x16xf32> into tensor<2x2x64x32xf32>
    %550 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%inserted_slice_343, %inserted_slice_344 : tensor<2x2x64x32xf32>, tensor<2x2x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %551 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_340, %expanded_25 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %552 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%550, %551 : tensor<2x2x64x32xf32>, tensor<2x2x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %553 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_339, %expanded_26 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %extracted_slice_345 = tensor.extract_slice %553[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %extracted_slice_346 = tensor.extract_slice %553[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %554 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_345 : tensor<2x2x64x16xf32>) outs(%34 : tensor<2x2x64x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.negf %in : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x16xf32>
    %inserted_slice_347 = tensor.insert_slice %554 into %cst_2[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x16xf32> into tensor<2x2x64x32xf32>
    %inserted_slice_348 = tensor.insert_slice %extracted_slice_346 into %cst_2[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x16xf32> into tensor<2x2x64x32xf32>
    %555 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%inserted_slice_347, %inserted_slice_348 : tensor<2x2x64x32xf32>, tensor<2x2x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %556 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_339, %expanded_25 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %557 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%555, %556 : tensor<2x2x64x32xf32>, tensor<2x2x64x32xf32>) outs(%30 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x2x64x32xf32>
    %transposed_349 = linalg.transpose ins(%expanded_333 : tensor<2x2x64x32xf32>) outs(%63 : tensor<2x64x2x32xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_350 = tensor.collapse_shape %transposed_349 [[0, 1], [2, 3]] : tensor<2x64x2x32xf32> into tensor<128x64xf32>
    %transposed_351 = linalg.transpose ins(%collapsed_350 : tensor<128x64xf32>) outs(%73 : tensor<64x128xf32>) permutation = [1, 0] 
    %558 = linalg.matmul ins(%transposed_351, %collapsed_16 : tensor<64x128xf32>, tensor<128x64xf32>) outs(%309 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %559 = linalg.matmul ins(%collapsed_350, %arg3 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_352 = tensor.expand_shape %559 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %transposed_353 = linalg.transpose ins(%552 : tensor<2x2x64x32xf32>) outs(%63 : tensor<2x64x2x32xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_354 = tensor.collapse_shape %transposed_353 [[0, 1], [2, 3]] : tensor<2x64x2x32xf32> into tensor<128x64xf32>
    %transposed_355 = linalg.transpose ins(%collapsed_354 : tensor<128x64xf32>) outs(%73 : tensor<64x128xf32>) permutation = [1, 0] 
    %560 = linalg.matmul ins(%transposed_355, %collapsed_16 : tensor<64x128xf32>, tensor<128x64xf32>) outs(%309 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %561 = linalg.matmul ins(%collapsed_354, %arg2 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_356 = tensor.expand_shape %561 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %562 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_352, %expanded_356 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %transposed_357 = linalg.transpose ins(%557 : tensor<2x2x64x32xf32>) outs(%63 : tensor<2x64x2x32xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_358 = tensor.collapse_shape %transposed_357 [[0, 1], [2, 3]] : tensor<2x64x2x32xf32> into tensor<128x64xf32>
    %transposed_359 = linalg.transpose ins(%collapsed_358 : tensor<128x64xf32>) outs(%73 : tensor<64x128xf32>) permutation = [1, 0] 
    %563 = linalg.matmul ins(%transposed_359, %collapsed_16 : tensor<64x128xf32>, tensor<128x64xf32>) outs(%309 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %564 = linalg.matmul ins(%collapsed_358, %arg1 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%28 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_360 = tensor.expand_shape %564 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %565 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%562, %expanded_360 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %566 = linalg.generic {indexing_maps = [#map1, #map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%565, %arg8 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %567 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%565, %24 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %568 = linalg.generic {indexing_maps = [#map1, #map19], iterator_types = ["reduction", "reduction", "parallel"]} ins(%567 : tensor<2x64x64xf32>) outs(%264 : tensor<1x1x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %out : f32
      linalg.yield %594 : f32
    } -> tensor<1x1x64xf32>
    %collapsed_361 = tensor.collapse_shape %568 [[0, 1, 2]] : tensor<1x1x64xf32> into tensor<64xf32>
    %569 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%566, %1 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %570 = linalg.generic {indexing_maps = [#map1, #map8, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%566, %23 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %571 = linalg.generic {indexing_maps = [#map1, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%569 : tensor<2x64x64xf32>) outs(%19 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.addf %in, %out : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %572 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%536, %570 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %573 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%23 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %574 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%571 : tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.mulf %in, %cst_10 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %575 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%574, %573 : tensor<2x64x1xf32>, tensor<2x64x1xf32>) outs(%18 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x1xf32>
    %collapsed_362 = tensor.collapse_shape %575 [[0], [1, 2]] : tensor<2x64x1xf32> into tensor<2x64xf32>
    %576 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed_362 : tensor<2x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %577 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%576 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.divf %in, %cst_9 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %578 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = math.fpowi %in, %c1_i64 : f32, i64
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %579 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%578 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %594 = arith.mulf %in, %cst_11 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %580 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%577, %579 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.mulf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %581 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%572, %580 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_368: f32, %out: f32):
      %594 = arith.addf %in, %in_368 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %582 = tensor.empty() : tensor<2x64xi1>
    %583 = linalg.generic {indexing_maps = [#map13, #map13], iterator_types = ["parallel", "parallel"]} ins(%arg41 : tensor<2x64xi64>) outs(%582 : tensor<2x64xi1>) {
    ^bb0(%in: i64, %out: i1):
      %594 = arith.cmpi sge, %in, %c0_i64 : i64
      linalg.yield %594 : i1
    } -> tensor<2x64xi1>
    %584 = linalg.generic {indexing_maps = [#map13, #map13], iterator_types = ["parallel", "parallel"]} ins(%arg41 : tensor<2x64xi64>) outs(%582 : tensor<2x64xi1>) {
    ^bb0(%in: i64, %out: i1):
      %594 = arith.cmpi slt, %in, %c1024_i64 : i64
      linalg.yield %594 : i1
    } -> tensor<2x64xi1>
    %585 = linalg.generic {indexing_maps = [#map13, #map13, #map13], iterator_types = ["parallel", "parallel"]} ins(%583, %584 : tensor<2x64xi1>, tensor<2x64xi1>) outs(%582 : tensor<2x64xi1>) {
    ^bb0(%in: i1, %in_368: i1, %out: i1):
      %594 = arith.andi %in, %in_368 : i1
      linalg.yield %594 : i1
    } -> tensor<2x64xi1>
    %586 = linalg.generic {indexing_maps = [#map13, #map13], iterator_types = ["parallel", "parallel"]} ins(%arg41 : tensor<2x64xi64>) outs(%582 : tensor<2x64xi1>) {
    ^bb0(%in: i64, %out: i1):
      %594 = arith.cmpi ne, %in, %c-1_i64 : i64
      linalg.yield %594 : i1
    } -> tensor<2x64xi1>
    %587 = linalg.generic {indexing_maps = [#map13, #map13, #map13], iterator_types = ["parallel", "parallel"]} ins(%585, %586 : tensor<2x64xi1>, tensor<2x64xi1>) outs(%582 : tensor<2x64xi1>) {
    ^bb0(%in: i1, %in_368: i1, %out: i1):
      %594 = arith.andi %in, %in_368 : i1
      linalg.yield %594 : i1
    } -> tensor<2x64xi1>
    %expanded_363 = tensor.expand_shape %587 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xi1> into tensor<2x64x1xi1>
    %588 = tensor.empty() : tensor<2x64xi64>
    %589 = linalg.generic {indexing_maps = [#map13, #map13], iterator_types = ["parallel", "parallel"]} ins(%arg41 : tensor<2x64xi64>) outs(%588 : tensor<2x64xi64>) {
    ^bb0(%in: i64, %out: i64):
      %594 = arith.maxsi %in, %c-1024_i64 : i64
      %595 = arith.minsi %594, %c1023_i64 : i64
      linalg.yield %595 : i64
    } -> tensor<2x64xi64>
    %590 = tensor.empty() : tensor<2x64x1xi1>
    %591 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_363 : tensor<2x64x1xi1>) outs(%590 : tensor<2x64x1xi1>) {
    ^bb0(%in: i1, %out: i1):
      %594 = arith.xori %in, %true : i1
      linalg.yield %594 : i1
    } -> tensor<2x64x1xi1>
    %592 = linalg.generic {indexing_maps = [#map8, #map20, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%591, %cst_6, %581 : tensor<2x64x1xi1>, tensor<f32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: i1, %in_368: f32, %in_369: f32, %out: f32):
      %594 = arith.select %in, %in_368, %in_369 : f32
      linalg.yield %594 : f32
    } -> tensor<2x64x64xf32>
    %collapsed_364 = tensor.collapse_shape %589 [[0, 1]] : tensor<2x64xi64> into tensor<128xi64>
    %expanded_365 = tensor.expand_shape %collapsed_364 [[0, 1]] output_shape [128, 1] : tensor<128xi64> into tensor<128x1xi64>
    %collapsed_366 = tensor.collapse_shape %592 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %expanded_367 = tensor.expand_shape %collapsed_366 [[0], [1, 2]] output_shape [128, 1, 64] : tensor<128x64xf32> into tensor<128x1x64xf32>
    // tm_tensor.scatter {dimension_map = [0]} unique_indices(false) rewritten as loops (test/graphs/scatter_to_loops.py):
    // orig[coord(i, j)] = combine(updates[i, j], orig[coord(i, j)])
    %sc0_c0 = arith.constant 0 : index
    %sc0_c1 = arith.constant 1 : index
    %sc0_c64 = arith.constant 64 : index
    %sc0_c128 = arith.constant 128 : index
    %593 = scf.for %sc0_i0 = %sc0_c0 to %sc0_c128 step %sc0_c1 iter_args(%sc0_ab0 = %cst_12) -> (tensor<1024x64xf32>) {
      %sc0_ix0 = tensor.extract %expanded_365[%sc0_i0, %sc0_c0] : tensor<128x1xi64>
      %sc0_o0 = arith.index_cast %sc0_ix0 : i64 to index
      %sc0_s0r = scf.for %sc0_j0 = %sc0_c0 to %sc0_c1 step %sc0_c1 iter_args(%sc0_as0 = %sc0_ab0) -> (tensor<1024x64xf32>) {
        %sc0_s1r = scf.for %sc0_j1 = %sc0_c0 to %sc0_c64 step %sc0_c1 iter_args(%sc0_as1 = %sc0_as0) -> (tensor<1024x64xf32>) {
          %sc0_d0 = arith.addi %sc0_o0, %sc0_j0 : index
          %sc0_u = tensor.extract %expanded_367[%sc0_i0, %sc0_j0, %sc0_j1] : tensor<128x1x64xf32>
          %sc0_v = tensor.extract %sc0_as1[%sc0_d0, %sc0_j1] : tensor<1024x64xf32>
          %sc0_r2 = arith.addf %sc0_v, %sc0_u : f32
          %sc0_new = tensor.insert %sc0_r2 into %sc0_as1[%sc0_d0, %sc0_j1] : tensor<1024x64xf32>
          scf.yield %sc0_new : tensor<1024x64xf32>
        }
        scf.yield %sc0_s1r : tensor<1024x64xf32>
      }
      scf.yield %sc0_s0r : tensor<1024x64xf32>
    }
    return %249, %593, %563, %560, %558, %537, %518, %511, %507, %collapsed_361, %collapsed_324, %488, %485, %483, %462, %443, %436, %432, %collapsed_313, %collapsed_276, %413, %410, %408, %387, %368, %361, %357, %collapsed_265, %collapsed_228, %338, %335, %333, %310, %290, %283, %279, %collapsed_217, %collapsed_181, %collapsed_170, %259 : tensor<f32>, tensor<1024x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<128x64xf32>, tensor<128x64xf32>, tensor<64x128xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<128x64xf32>, tensor<128x64xf32>, tensor<64x128xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<128x64xf32>, tensor<128x64xf32>, tensor<64x128xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<128x64xf32>, tensor<128x64xf32>, tensor<64x128xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<1024x64xf32>
  }
}
