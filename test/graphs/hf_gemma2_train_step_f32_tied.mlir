// hf_gemma2_train_step_f32_tied: real linalg-on-tensors graph
// from PyTorch and Hugging Face transformers (see test/graphs/README.md).
//
// RUN: lmhead-opt %s -o /dev/null
// RUN: lmhead-opt %s --math-expand-ops=ops=fpowi --lmhead-cpu-pipeline=decompose=false -o /dev/null
//
// Made by test/graphs/make_hf_graphs.py --only hf_gemma2_train_step_f32_tied
// Tools: torch 2.15.0, torch-mlir 20261001, python 3.11.7, transformers 5.24.0
// Model: transformers Gemma2ForCausalLM(Gemma2Config(vocab_size=1024, hidden_size=64, intermediate_size=128, num_hidden_layers=1, num_attention_heads=2, num_key_value_heads=2, head_dim=32, query_pre_attn_scalar=32, sliding_window=64, final_logit_softcapping=30.0, max_position_embeddings=64, attn_implementation='eager', tie_word_embeddings=True)), random init (torch.manual_seed(0)), batch 2 x seq 64 (N = 128 tokens), LM head tied to model.embed_tokens.weight (traced as TiedLMHead: F.linear(x, embed_tokens.weight))
// Trace: aot_export_module(TrainStep(model), [input_ids, labels], trace_joint=True, output_loss_index=0), TrainStep.forward returning (model(input_ids, labels=labels).loss,) -> torch_mlir.fx.stateless_fx_import(output_type='linalg-on-tensors')
// Note: f32 parameters and activations
// Note: Gemma2ForCausalLM soft-caps the logits [B, S, V] before the loss flattens them: logits = logits / 30.0; logits = torch.tanh(logits); logits = logits * 30.0 (final_logit_softcapping); the attention scores are soft-capped too (attn_logit_softcapping, 50.0 by default)
// Note: HF ForCausalLMLoss (transformers loss/loss_utils.py): logits.float(); labels padded on the right with -100 and shifted by one (labels[..., 1:]), so position i predicts label i+1 and the last position of each row is ignored; then fixed_cross_entropy: F.cross_entropy(logits.view(-1, V), shift_labels.view(-1), ignore_index=-100)
// Note: aten.nll_loss_backward and aten._log_softmax_backward_data lowered by torch-mlir's C++ patterns (removed from the decomposition table)
// Note: transformers ties lm_head.weight to model.embed_tokens.weight by registering one Parameter under both names; aot_export_module would lift it as two inputs with a gradient each (the untied graph), so the traced model's lm_head is TiedLMHead, F.linear(x, embed_tokens.weight): the weight is one input, read by the embedding and the head, and its gradient is the sum of the two
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
//   %arg10  model.layers.0.pre_feedforward_layernorm.weight: (64,) float32
//   %arg11  model.layers.0.post_feedforward_layernorm.weight: (64,) float32
//   %arg12  model.norm.weight: (64,) float32
//   %arg13  model.embed_tokens.embed_scale: () float32 (buffer: Gemma's embedding scale sqrt(hidden_size))
//   %arg14  model.rotary_emb.inv_freq: (16,) float32 (buffer: RoPE inverse frequencies)
//   %arg15  model.rotary_emb.original_inv_freq: (16,) float32 (buffer: RoPE inverse frequencies, unused)
//   %arg16  input_ids: (2, 64) int64
//   %arg17  labels: (2, 64) int64
// @main results, in order:
//   #0  loss: () float32 (mean over shifted labels != -100, of the soft-capped logits)
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
//   #11  grad model.layers.0.pre_feedforward_layernorm.weight
//   #12  grad model.layers.0.post_feedforward_layernorm.weight
//   #13  grad model.norm.weight

#map = affine_map<(d0, d1, d2) -> (d0, d1)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map2 = affine_map<(d0, d1, d2) -> ()>
#map3 = affine_map<(d0) -> (d0)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, d3)>
#map6 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
#map7 = affine_map<(d0, d1, d2, d3) -> ()>
#map8 = affine_map<(d0, d1, d2, d3) -> (d1, d2, d3)>
#map9 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map10 = affine_map<(d0, d1, d2) -> (d2)>
#map11 = affine_map<(d0, d1, d2, d3) -> (0, 0, d2, d3)>
#map12 = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
#map13 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map14 = affine_map<(d0, d1) -> (d0, d1)>
#map15 = affine_map<(d0, d1) -> (d0)>
#map16 = affine_map<(d0, d1) -> (d0, 0)>
#map17 = affine_map<(d0) -> ()>
#map18 = affine_map<() -> ()>
#map19 = affine_map<(d0, d1) -> ()>
#map20 = affine_map<(d0, d1, d2) -> (0, 0, d2)>
module {
  func.func @main(%arg0: tensor<1024x64xf32>, %arg1: tensor<64x64xf32>, %arg2: tensor<64x64xf32>, %arg3: tensor<64x64xf32>, %arg4: tensor<64x64xf32>, %arg5: tensor<128x64xf32>, %arg6: tensor<128x64xf32>, %arg7: tensor<64x128xf32>, %arg8: tensor<64xf32>, %arg9: tensor<64xf32>, %arg10: tensor<64xf32>, %arg11: tensor<64xf32>, %arg12: tensor<64xf32>, %arg13: tensor<f32>, %arg14: tensor<16xf32>, %arg15: tensor<16xf32>, %arg16: tensor<2x64xi64>, %arg17: tensor<2x64xi64>) -> (tensor<f32>, tensor<1024x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<128x64xf32>, tensor<128x64xf32>, tensor<64x128xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) {
    %c1023_i64 = arith.constant 1023 : i64
    %c-1024_i64 = arith.constant -1024 : i64
    %c-100_i64 = arith.constant -100 : i64
    %c1024_i64 = arith.constant 1024 : i64
    %c2_i64 = arith.constant 2 : i64
    %c3_i64 = arith.constant 3 : i64
    %c1_i64 = arith.constant 1 : i64
    %c64_i64 = arith.constant 64 : i64
    %c0_i64 = arith.constant 0 : i64
    %c1024 = arith.constant 1024 : index
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 4.471500e-02 : f32
    %cst_2 = arith.constant 7.977240e-01 : f32
    %cst_3 = arith.constant 1.000000e+00 : f32
    %cst_4 = arith.constant 5.000000e-01 : f32
    %true = arith.constant true
    %cst_5 = arith.constant dense<0.000000e+00> : tensor<2x2x64x32xf32>
    %cst_6 = arith.constant dense<1.000000e+00> : tensor<f32>
    %cst_7 = arith.constant dense<-3.40282347E+38> : tensor<f32>
    %cst_8 = arith.constant dense<0.000000e+00> : tensor<f32>
    %cst_9 = arith.constant dense<true> : tensor<i1>
    %cst_10 = arith.constant 1.341450e-01 : f64
    %cst_11 = arith.constant 0.79788456080286541 : f64
    %cst_12 = arith.constant 4.471500e-02 : f64
    %cst_13 = arith.constant 0.17677669529663689 : f64
    %cst_14 = arith.constant 9.9999999999999995E-7 : f64
    %cst_15 = arith.constant 6.400000e+01 : f32
    %cst_16 = arith.constant 5.000000e+01 : f32
    %cst_17 = arith.constant 3.000000e+01 : f32
    %c-100 = arith.constant -100 : index
    %cst_18 = arith.constant -5.000000e-01 : f32
    %cst_19 = arith.constant 2.000000e+00 : f32
    %cst_20 = arith.constant dense<0.000000e+00> : tensor<1024x64xf32>
    %cst_21 = arith.constant dense<0> : tensor<i64>
    %cst_22 = arith.constant dense<1> : tensor<i64>
    %0 = tensor.empty() : tensor<2x64x64xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg16 : tensor<2x64xi64>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: i64, %out: f32):
      %327 = arith.index_cast %in : i64 to index
      %328 = linalg.index 2 : index
      %329 = arith.cmpi slt, %327, %c1024 : index
      cf.assert %329, "index must be smaller than dim size"
      %330 = arith.cmpi sge, %in, %c0_i64 : i64
      cf.assert %330, "index must be larger or equal to 0"
      %extracted = tensor.extract %arg0[%327, %328] : tensor<1024x64xf32>
      linalg.yield %extracted : f32
    } -> tensor<2x64x64xf32>
    %2 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %arg13 : tensor<2x64x64xf32>, tensor<f32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %3 = tensor.empty() : tensor<64xi64>
    %4 = linalg.generic {indexing_maps = [#map3], iterator_types = ["parallel"]} outs(%3 : tensor<64xi64>) {
    ^bb0(%out: i64):
      %327 = linalg.index 0 : index
      %328 = arith.index_cast %327 : index to i64
      linalg.yield %328 : i64
    } -> tensor<64xi64>
    %expanded = tensor.expand_shape %4 [[0, 1, 2, 3]] output_shape [1, 1, 64, 1] : tensor<64xi64> into tensor<1x1x64x1xi64>
    %expanded_23 = tensor.expand_shape %4 [[0, 1, 2, 3]] output_shape [1, 1, 1, 64] : tensor<64xi64> into tensor<1x1x1x64xi64>
    %5 = tensor.empty() : tensor<1x1x64x1xi64>
    %6 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded : tensor<1x1x64x1xi64>) outs(%5 : tensor<1x1x64x1xi64>) {
    ^bb0(%in: i64, %out: i64):
      %327 = arith.subi %in, %c64_i64 : i64
      linalg.yield %327 : i64
    } -> tensor<1x1x64x1xi64>
    %7 = tensor.empty() : tensor<1x1x64x64xi1>
    %8 = linalg.generic {indexing_maps = [#map5, #map6, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_23, %6 : tensor<1x1x1x64xi64>, tensor<1x1x64x1xi64>) outs(%7 : tensor<1x1x64x64xi1>) {
    ^bb0(%in: i64, %in_133: i64, %out: i1):
      %327 = arith.cmpi sgt, %in, %in_133 : i64
      linalg.yield %327 : i1
    } -> tensor<1x1x64x64xi1>
    %9 = linalg.generic {indexing_maps = [#map7, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_9, %8 : tensor<i1>, tensor<1x1x64x64xi1>) outs(%7 : tensor<1x1x64x64xi1>) {
    ^bb0(%in: i1, %in_133: i1, %out: i1):
      %327 = arith.andi %in, %in_133 : i1
      linalg.yield %327 : i1
    } -> tensor<1x1x64x64xi1>
    %10 = linalg.generic {indexing_maps = [#map5, #map6, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_23, %expanded : tensor<1x1x1x64xi64>, tensor<1x1x64x1xi64>) outs(%7 : tensor<1x1x64x64xi1>) {
    ^bb0(%in: i64, %in_133: i64, %out: i1):
      %327 = arith.cmpi sle, %in, %in_133 : i64
      linalg.yield %327 : i1
    } -> tensor<1x1x64x64xi1>
    %11 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%9, %10 : tensor<1x1x64x64xi1>, tensor<1x1x64x64xi1>) outs(%7 : tensor<1x1x64x64xi1>) {
    ^bb0(%in: i1, %in_133: i1, %out: i1):
      %327 = arith.andi %in, %in_133 : i1
      linalg.yield %327 : i1
    } -> tensor<1x1x64x64xi1>
    %12 = tensor.empty() : tensor<2x1x64x64xi1>
    %collapsed = tensor.collapse_shape %11 [[0, 1], [2], [3]] : tensor<1x1x64x64xi1> into tensor<1x64x64xi1>
    %13 = linalg.generic {indexing_maps = [#map8, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%collapsed : tensor<1x64x64xi1>) outs(%12 : tensor<2x1x64x64xi1>) {
    ^bb0(%in: i1, %out: i1):
      linalg.yield %in : i1
    } -> tensor<2x1x64x64xi1>
    %14 = tensor.empty() : tensor<2x1x64x64xf32>
    %15 = linalg.generic {indexing_maps = [#map4, #map7, #map7, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%13, %cst_8, %cst_7 : tensor<2x1x64x64xi1>, tensor<f32>, tensor<f32>) outs(%14 : tensor<2x1x64x64xf32>) {
    ^bb0(%in: i1, %in_133: f32, %in_134: f32, %out: f32):
      %327 = arith.select %in, %in_133, %in_134 : f32
      linalg.yield %327 : f32
    } -> tensor<2x1x64x64xf32>
    %expanded_24 = tensor.expand_shape %4 [[0, 1, 2]] output_shape [1, 64, 1] : tensor<64xi64> into tensor<1x64x1xi64>
    %16 = tensor.empty() : tensor<1x64x1xf32>
    %17 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_24 : tensor<1x64x1xi64>) outs(%16 : tensor<1x64x1xf32>) {
    ^bb0(%in: i64, %out: f32):
      %327 = arith.sitofp %in : i64 to f32
      linalg.yield %327 : f32
    } -> tensor<1x64x1xf32>
    %18 = tensor.empty() : tensor<1x64x16xf32>
    %19 = linalg.generic {indexing_maps = [#map9, #map10, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%17, %arg14 : tensor<1x64x1xf32>, tensor<16xf32>) outs(%18 : tensor<1x64x16xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<1x64x16xf32>
    %concat = tensor.concat dim(2) %19, %19 : (tensor<1x64x16xf32>, tensor<1x64x16xf32>) -> tensor<1x64x32xf32>
    %20 = tensor.empty() : tensor<1x64x32xf32>
    %21 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%concat : tensor<1x64x32xf32>) outs(%20 : tensor<1x64x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = math.cos %in : f32
      linalg.yield %327 : f32
    } -> tensor<1x64x32xf32>
    %22 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%concat : tensor<1x64x32xf32>) outs(%20 : tensor<1x64x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = math.sin %in : f32
      linalg.yield %327 : f32
    } -> tensor<1x64x32xf32>
    %23 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%2 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %24 = tensor.empty() : tensor<2x64x1xf32>
    %25 = linalg.fill ins(%cst : f32) outs(%24 : tensor<2x64x1xf32>) -> tensor<2x64x1xf32>
    %26 = linalg.generic {indexing_maps = [#map1, #map9], iterator_types = ["parallel", "parallel", "reduction"]} ins(%23 : tensor<2x64x64xf32>) outs(%25 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.addf %in, %out : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x1xf32>
    %27 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%26 : tensor<2x64x1xf32>) outs(%24 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.divf %in, %cst_15 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x1xf32>
    %28 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%27 : tensor<2x64x1xf32>) outs(%24 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.truncf %cst_14 : f64 to f32
      %328 = arith.addf %in, %327 : f32
      linalg.yield %328 : f32
    } -> tensor<2x64x1xf32>
    %29 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%28 : tensor<2x64x1xf32>) outs(%24 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = math.rsqrt %in : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x1xf32>
    %30 = linalg.generic {indexing_maps = [#map1, #map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%2, %29 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %31 = tensor.empty() : tensor<64xf32>
    %32 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg8 : tensor<64xf32>) outs(%31 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.addf %in, %cst_3 : f32
      linalg.yield %327 : f32
    } -> tensor<64xf32>
    %33 = linalg.generic {indexing_maps = [#map1, #map10, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%30, %32 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %34 = tensor.empty() : tensor<64x64xf32>
    %transposed = linalg.transpose ins(%arg1 : tensor<64x64xf32>) outs(%34 : tensor<64x64xf32>) permutation = [1, 0] 
    %collapsed_25 = tensor.collapse_shape %33 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %35 = tensor.empty() : tensor<128x64xf32>
    %36 = linalg.fill ins(%cst : f32) outs(%35 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %37 = linalg.matmul ins(%collapsed_25, %transposed : tensor<128x64xf32>, tensor<64x64xf32>) outs(%36 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_26 = tensor.expand_shape %37 [[0, 1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<128x64xf32> into tensor<2x64x2x32xf32>
    %38 = tensor.empty() : tensor<2x2x64x32xf32>
    %transposed_27 = linalg.transpose ins(%expanded_26 : tensor<2x64x2x32xf32>) outs(%38 : tensor<2x2x64x32xf32>) permutation = [0, 2, 1, 3] 
    %transposed_28 = linalg.transpose ins(%arg2 : tensor<64x64xf32>) outs(%34 : tensor<64x64xf32>) permutation = [1, 0] 
    %39 = linalg.matmul ins(%collapsed_25, %transposed_28 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%36 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_29 = tensor.expand_shape %39 [[0, 1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<128x64xf32> into tensor<2x64x2x32xf32>
    %transposed_30 = linalg.transpose ins(%expanded_29 : tensor<2x64x2x32xf32>) outs(%38 : tensor<2x2x64x32xf32>) permutation = [0, 2, 1, 3] 
    %transposed_31 = linalg.transpose ins(%arg3 : tensor<64x64xf32>) outs(%34 : tensor<64x64xf32>) permutation = [1, 0] 
    %40 = linalg.matmul ins(%collapsed_25, %transposed_31 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%36 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_32 = tensor.expand_shape %40 [[0, 1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<128x64xf32> into tensor<2x64x2x32xf32>
    %transposed_33 = linalg.transpose ins(%expanded_32 : tensor<2x64x2x32xf32>) outs(%38 : tensor<2x2x64x32xf32>) permutation = [0, 2, 1, 3] 
    %expanded_34 = tensor.expand_shape %21 [[0], [1, 2], [3]] output_shape [1, 1, 64, 32] : tensor<1x64x32xf32> into tensor<1x1x64x32xf32>
    %expanded_35 = tensor.expand_shape %22 [[0], [1, 2], [3]] output_shape [1, 1, 64, 32] : tensor<1x64x32xf32> into tensor<1x1x64x32xf32>
    %41 = linalg.generic {indexing_maps = [#map4, #map11, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_27, %expanded_34 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%38 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x2x64x32xf32>
    %extracted_slice = tensor.extract_slice %transposed_27[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %extracted_slice_36 = tensor.extract_slice %transposed_27[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %42 = tensor.empty() : tensor<2x2x64x16xf32>
    %43 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_36 : tensor<2x2x64x16xf32>) outs(%42 : tensor<2x2x64x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.negf %in : f32
      linalg.yield %327 : f32
    } -> tensor<2x2x64x16xf32>
    %concat_37 = tensor.concat dim(3) %43, %extracted_slice : (tensor<2x2x64x16xf32>, tensor<2x2x64x16xf32>) -> tensor<2x2x64x32xf32>
    %44 = linalg.generic {indexing_maps = [#map4, #map11, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_37, %expanded_35 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%38 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x2x64x32xf32>
    %45 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%41, %44 : tensor<2x2x64x32xf32>, tensor<2x2x64x32xf32>) outs(%38 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.addf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x2x64x32xf32>
    %46 = linalg.generic {indexing_maps = [#map4, #map11, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_30, %expanded_34 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%38 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x2x64x32xf32>
    %extracted_slice_38 = tensor.extract_slice %transposed_30[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %extracted_slice_39 = tensor.extract_slice %transposed_30[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %47 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_39 : tensor<2x2x64x16xf32>) outs(%42 : tensor<2x2x64x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.negf %in : f32
      linalg.yield %327 : f32
    } -> tensor<2x2x64x16xf32>
    %concat_40 = tensor.concat dim(3) %47, %extracted_slice_38 : (tensor<2x2x64x16xf32>, tensor<2x2x64x16xf32>) -> tensor<2x2x64x32xf32>
    %48 = linalg.generic {indexing_maps = [#map4, #map11, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_40, %expanded_35 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%38 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x2x64x32xf32>
    %49 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%46, %48 : tensor<2x2x64x32xf32>, tensor<2x2x64x32xf32>) outs(%38 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.addf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x2x64x32xf32>
    %50 = tensor.empty() : tensor<2x2x32x64xf32>
    %transposed_41 = linalg.transpose ins(%49 : tensor<2x2x64x32xf32>) outs(%50 : tensor<2x2x32x64xf32>) permutation = [0, 1, 3, 2] 
    %collapsed_42 = tensor.collapse_shape %45 [[0, 1], [2], [3]] : tensor<2x2x64x32xf32> into tensor<4x64x32xf32>
    %collapsed_43 = tensor.collapse_shape %transposed_41 [[0, 1], [2], [3]] : tensor<2x2x32x64xf32> into tensor<4x32x64xf32>
    %51 = tensor.empty() : tensor<4x64x64xf32>
    %52 = linalg.fill ins(%cst : f32) outs(%51 : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
    %53 = linalg.batch_matmul ins(%collapsed_42, %collapsed_43 : tensor<4x64x32xf32>, tensor<4x32x64xf32>) outs(%52 : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
    %expanded_44 = tensor.expand_shape %53 [[0, 1], [2], [3]] output_shape [2, 2, 64, 64] : tensor<4x64x64xf32> into tensor<2x2x64x64xf32>
    %54 = tensor.empty() : tensor<2x2x64x64xf32>
    %55 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_44 : tensor<2x2x64x64xf32>) outs(%54 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.truncf %cst_13 : f64 to f32
      %328 = arith.mulf %in, %327 : f32
      linalg.yield %328 : f32
    } -> tensor<2x2x64x64xf32>
    %56 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%55 : tensor<2x2x64x64xf32>) outs(%54 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.divf %in, %cst_16 : f32
      linalg.yield %327 : f32
    } -> tensor<2x2x64x64xf32>
    %57 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%56 : tensor<2x2x64x64xf32>) outs(%54 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = math.tanh %in : f32
      linalg.yield %327 : f32
    } -> tensor<2x2x64x64xf32>
    %58 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%57 : tensor<2x2x64x64xf32>) outs(%54 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.mulf %in, %cst_16 : f32
      linalg.yield %327 : f32
    } -> tensor<2x2x64x64xf32>
    %59 = linalg.generic {indexing_maps = [#map4, #map12, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%58, %15 : tensor<2x2x64x64xf32>, tensor<2x1x64x64xf32>) outs(%54 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.addf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x2x64x64xf32>
    %60 = tensor.empty() : tensor<2x2x64xi64>
    %61 = linalg.fill ins(%c0_i64 : i64) outs(%60 : tensor<2x2x64xi64>) -> tensor<2x2x64xi64>
    %62 = tensor.empty() : tensor<2x2x64xf32>
    %63 = linalg.fill ins(%cst_0 : f32) outs(%62 : tensor<2x2x64xf32>) -> tensor<2x2x64xf32>
    %64:2 = linalg.generic {indexing_maps = [#map4, #map13, #map13], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%59 : tensor<2x2x64x64xf32>) outs(%63, %61 : tensor<2x2x64xf32>, tensor<2x2x64xi64>) {
    ^bb0(%in: f32, %out: f32, %out_133: i64):
      %327 = linalg.index 3 : index
      %328 = arith.index_cast %327 : index to i64
      %329 = arith.maximumf %in, %out : f32
      %330 = arith.cmpf ogt, %in, %out : f32
      %331 = arith.select %330, %328, %out_133 : i64
      linalg.yield %329, %331 : f32, i64
    } -> (tensor<2x2x64xf32>, tensor<2x2x64xi64>)
    %expanded_45 = tensor.expand_shape %64#0 [[0], [1], [2, 3]] output_shape [2, 2, 64, 1] : tensor<2x2x64xf32> into tensor<2x2x64x1xf32>
    %65 = linalg.generic {indexing_maps = [#map4, #map6, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%59, %expanded_45 : tensor<2x2x64x64xf32>, tensor<2x2x64x1xf32>) outs(%54 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.subf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x2x64x64xf32>
    %66 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%65 : tensor<2x2x64x64xf32>) outs(%54 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = math.exp %in : f32
      linalg.yield %327 : f32
    } -> tensor<2x2x64x64xf32>
    %67 = tensor.empty() : tensor<2x2x64x1xf32>
    %68 = linalg.fill ins(%cst : f32) outs(%67 : tensor<2x2x64x1xf32>) -> tensor<2x2x64x1xf32>
    %69 = linalg.generic {indexing_maps = [#map4, #map6], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%66 : tensor<2x2x64x64xf32>) outs(%68 : tensor<2x2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.addf %in, %out : f32
      linalg.yield %327 : f32
    } -> tensor<2x2x64x1xf32>
    %70 = linalg.generic {indexing_maps = [#map4, #map6, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%66, %69 : tensor<2x2x64x64xf32>, tensor<2x2x64x1xf32>) outs(%54 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.divf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x2x64x64xf32>
    %collapsed_46 = tensor.collapse_shape %70 [[0, 1], [2], [3]] : tensor<2x2x64x64xf32> into tensor<4x64x64xf32>
    %collapsed_47 = tensor.collapse_shape %transposed_33 [[0, 1], [2], [3]] : tensor<2x2x64x32xf32> into tensor<4x64x32xf32>
    %71 = tensor.empty() : tensor<4x64x32xf32>
    %72 = linalg.fill ins(%cst : f32) outs(%71 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %73 = linalg.batch_matmul ins(%collapsed_46, %collapsed_47 : tensor<4x64x64xf32>, tensor<4x64x32xf32>) outs(%72 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %expanded_48 = tensor.expand_shape %73 [[0, 1], [2], [3]] output_shape [2, 2, 64, 32] : tensor<4x64x32xf32> into tensor<2x2x64x32xf32>
    %74 = tensor.empty() : tensor<2x64x2x32xf32>
    %transposed_49 = linalg.transpose ins(%expanded_48 : tensor<2x2x64x32xf32>) outs(%74 : tensor<2x64x2x32xf32>) permutation = [0, 2, 1, 3] 
    %transposed_50 = linalg.transpose ins(%arg4 : tensor<64x64xf32>) outs(%34 : tensor<64x64xf32>) permutation = [1, 0] 
    %collapsed_51 = tensor.collapse_shape %transposed_49 [[0, 1], [2, 3]] : tensor<2x64x2x32xf32> into tensor<128x64xf32>
    %75 = linalg.matmul ins(%collapsed_51, %transposed_50 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%36 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_52 = tensor.expand_shape %75 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %76 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_52 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %77 = linalg.generic {indexing_maps = [#map1, #map9], iterator_types = ["parallel", "parallel", "reduction"]} ins(%76 : tensor<2x64x64xf32>) outs(%25 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.addf %in, %out : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x1xf32>
    %78 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%77 : tensor<2x64x1xf32>) outs(%24 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.divf %in, %cst_15 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x1xf32>
    %79 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%78 : tensor<2x64x1xf32>) outs(%24 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.truncf %cst_14 : f64 to f32
      %328 = arith.addf %in, %327 : f32
      linalg.yield %328 : f32
    } -> tensor<2x64x1xf32>
    %80 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%79 : tensor<2x64x1xf32>) outs(%24 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = math.rsqrt %in : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x1xf32>
    %81 = linalg.generic {indexing_maps = [#map1, #map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_52, %80 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %82 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg9 : tensor<64xf32>) outs(%31 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.addf %in, %cst_3 : f32
      linalg.yield %327 : f32
    } -> tensor<64xf32>
    %83 = linalg.generic {indexing_maps = [#map1, #map10, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%81, %82 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %84 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%2, %83 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.addf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %85 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%84 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %86 = linalg.generic {indexing_maps = [#map1, #map9], iterator_types = ["parallel", "parallel", "reduction"]} ins(%85 : tensor<2x64x64xf32>) outs(%25 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.addf %in, %out : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x1xf32>
    %87 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%86 : tensor<2x64x1xf32>) outs(%24 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.divf %in, %cst_15 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x1xf32>
    %88 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%87 : tensor<2x64x1xf32>) outs(%24 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.truncf %cst_14 : f64 to f32
      %328 = arith.addf %in, %327 : f32
      linalg.yield %328 : f32
    } -> tensor<2x64x1xf32>
    %89 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%88 : tensor<2x64x1xf32>) outs(%24 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = math.rsqrt %in : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x1xf32>
    %90 = linalg.generic {indexing_maps = [#map1, #map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%84, %89 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %91 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg10 : tensor<64xf32>) outs(%31 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.addf %in, %cst_3 : f32
      linalg.yield %327 : f32
    } -> tensor<64xf32>
    %92 = linalg.generic {indexing_maps = [#map1, #map10, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%90, %91 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %93 = tensor.empty() : tensor<64x128xf32>
    %transposed_53 = linalg.transpose ins(%arg5 : tensor<128x64xf32>) outs(%93 : tensor<64x128xf32>) permutation = [1, 0] 
    %collapsed_54 = tensor.collapse_shape %92 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %94 = tensor.empty() : tensor<128x128xf32>
    %95 = linalg.fill ins(%cst : f32) outs(%94 : tensor<128x128xf32>) -> tensor<128x128xf32>
    %96 = linalg.matmul ins(%collapsed_54, %transposed_53 : tensor<128x64xf32>, tensor<64x128xf32>) outs(%95 : tensor<128x128xf32>) -> tensor<128x128xf32>
    %expanded_55 = tensor.expand_shape %96 [[0, 1], [2]] output_shape [2, 64, 128] : tensor<128x128xf32> into tensor<2x64x128xf32>
    %97 = tensor.empty() : tensor<2x64x128xf32>
    %98 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_55 : tensor<2x64x128xf32>) outs(%97 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = math.fpowi %in, %c3_i64 : f32, i64
      %328 = arith.mulf %327, %cst_1 : f32
      %329 = arith.addf %in, %328 : f32
      %330 = arith.mulf %329, %cst_2 : f32
      %331 = math.tanh %330 : f32
      %332 = arith.addf %331, %cst_3 : f32
      %333 = arith.mulf %332, %cst_4 : f32
      %334 = arith.mulf %in, %333 : f32
      linalg.yield %334 : f32
    } -> tensor<2x64x128xf32>
    %transposed_56 = linalg.transpose ins(%arg6 : tensor<128x64xf32>) outs(%93 : tensor<64x128xf32>) permutation = [1, 0] 
    %99 = linalg.matmul ins(%collapsed_54, %transposed_56 : tensor<128x64xf32>, tensor<64x128xf32>) outs(%95 : tensor<128x128xf32>) -> tensor<128x128xf32>
    %expanded_57 = tensor.expand_shape %99 [[0, 1], [2]] output_shape [2, 64, 128] : tensor<128x128xf32> into tensor<2x64x128xf32>
    %100 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%98, %expanded_57 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%97 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x128xf32>
    %transposed_58 = linalg.transpose ins(%arg7 : tensor<64x128xf32>) outs(%35 : tensor<128x64xf32>) permutation = [1, 0] 
    %collapsed_59 = tensor.collapse_shape %100 [[0, 1], [2]] : tensor<2x64x128xf32> into tensor<128x128xf32>
    %101 = linalg.matmul ins(%collapsed_59, %transposed_58 : tensor<128x128xf32>, tensor<128x64xf32>) outs(%36 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_60 = tensor.expand_shape %101 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %102 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_60 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %103 = linalg.generic {indexing_maps = [#map1, #map9], iterator_types = ["parallel", "parallel", "reduction"]} ins(%102 : tensor<2x64x64xf32>) outs(%25 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.addf %in, %out : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x1xf32>
    %104 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%103 : tensor<2x64x1xf32>) outs(%24 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.divf %in, %cst_15 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x1xf32>
    %105 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%104 : tensor<2x64x1xf32>) outs(%24 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.truncf %cst_14 : f64 to f32
      %328 = arith.addf %in, %327 : f32
      linalg.yield %328 : f32
    } -> tensor<2x64x1xf32>
    %106 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%105 : tensor<2x64x1xf32>) outs(%24 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = math.rsqrt %in : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x1xf32>
    %107 = linalg.generic {indexing_maps = [#map1, #map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_60, %106 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %108 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg11 : tensor<64xf32>) outs(%31 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.addf %in, %cst_3 : f32
      linalg.yield %327 : f32
    } -> tensor<64xf32>
    %109 = linalg.generic {indexing_maps = [#map1, #map10, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%107, %108 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %110 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%84, %109 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.addf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %111 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%110 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %112 = linalg.generic {indexing_maps = [#map1, #map9], iterator_types = ["parallel", "parallel", "reduction"]} ins(%111 : tensor<2x64x64xf32>) outs(%25 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.addf %in, %out : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x1xf32>
    %113 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%112 : tensor<2x64x1xf32>) outs(%24 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.divf %in, %cst_15 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x1xf32>
    %114 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%113 : tensor<2x64x1xf32>) outs(%24 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.truncf %cst_14 : f64 to f32
      %328 = arith.addf %in, %327 : f32
      linalg.yield %328 : f32
    } -> tensor<2x64x1xf32>
    %115 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%114 : tensor<2x64x1xf32>) outs(%24 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = math.rsqrt %in : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x1xf32>
    %116 = linalg.generic {indexing_maps = [#map1, #map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%110, %115 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %117 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg12 : tensor<64xf32>) outs(%31 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.addf %in, %cst_3 : f32
      linalg.yield %327 : f32
    } -> tensor<64xf32>
    %118 = linalg.generic {indexing_maps = [#map1, #map10, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%116, %117 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %119 = tensor.empty() : tensor<64x1024xf32>
    %transposed_61 = linalg.transpose ins(%arg0 : tensor<1024x64xf32>) outs(%119 : tensor<64x1024xf32>) permutation = [1, 0] 
    %collapsed_62 = tensor.collapse_shape %118 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %120 = tensor.empty() : tensor<128x1024xf32>
    %121 = linalg.fill ins(%cst : f32) outs(%120 : tensor<128x1024xf32>) -> tensor<128x1024xf32>
    %122 = linalg.matmul ins(%collapsed_62, %transposed_61 : tensor<128x64xf32>, tensor<64x1024xf32>) outs(%121 : tensor<128x1024xf32>) -> tensor<128x1024xf32>
    %expanded_63 = tensor.expand_shape %122 [[0, 1], [2]] output_shape [2, 64, 1024] : tensor<128x1024xf32> into tensor<2x64x1024xf32>
    %123 = tensor.empty() : tensor<2x64x1024xf32>
    %124 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_63 : tensor<2x64x1024xf32>) outs(%123 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.divf %in, %cst_17 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x1024xf32>
    %125 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%124 : tensor<2x64x1024xf32>) outs(%123 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = math.tanh %in : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x1024xf32>
    %126 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%125 : tensor<2x64x1024xf32>) outs(%123 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.mulf %in, %cst_17 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x1024xf32>
    %padded = tensor.pad %arg17 low[0, 0] high[0, 1] {
    ^bb0(%arg18: index, %arg19: index):
      tensor.yield %c-100_i64 : i64
    } : tensor<2x64xi64> to tensor<2x65xi64>
    %extracted_slice_64 = tensor.extract_slice %padded[0, 1] [2, 64] [1, 1] : tensor<2x65xi64> to tensor<2x64xi64>
    %collapsed_65 = tensor.collapse_shape %126 [[0, 1], [2]] : tensor<2x64x1024xf32> into tensor<128x1024xf32>
    %collapsed_66 = tensor.collapse_shape %extracted_slice_64 [[0, 1]] : tensor<2x64xi64> into tensor<128xi64>
    %127 = tensor.empty() : tensor<128xi64>
    %128 = linalg.fill ins(%c0_i64 : i64) outs(%127 : tensor<128xi64>) -> tensor<128xi64>
    %129 = tensor.empty() : tensor<128xf32>
    %130 = linalg.fill ins(%cst_0 : f32) outs(%129 : tensor<128xf32>) -> tensor<128xf32>
    %131:2 = linalg.generic {indexing_maps = [#map14, #map15, #map15], iterator_types = ["parallel", "reduction"]} ins(%collapsed_65 : tensor<128x1024xf32>) outs(%130, %128 : tensor<128xf32>, tensor<128xi64>) {
    ^bb0(%in: f32, %out: f32, %out_133: i64):
      %327 = linalg.index 1 : index
      %328 = arith.index_cast %327 : index to i64
      %329 = arith.maximumf %in, %out : f32
      %330 = arith.cmpf ogt, %in, %out : f32
      %331 = arith.select %330, %328, %out_133 : i64
      linalg.yield %329, %331 : f32, i64
    } -> (tensor<128xf32>, tensor<128xi64>)
    %expanded_67 = tensor.expand_shape %131#0 [[0, 1]] output_shape [128, 1] : tensor<128xf32> into tensor<128x1xf32>
    %132 = linalg.generic {indexing_maps = [#map14, #map16, #map14], iterator_types = ["parallel", "parallel"]} ins(%collapsed_65, %expanded_67 : tensor<128x1024xf32>, tensor<128x1xf32>) outs(%120 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.subf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<128x1024xf32>
    %133 = linalg.generic {indexing_maps = [#map14, #map14], iterator_types = ["parallel", "parallel"]} ins(%132 : tensor<128x1024xf32>) outs(%120 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = math.exp %in : f32
      linalg.yield %327 : f32
    } -> tensor<128x1024xf32>
    %134 = tensor.empty() : tensor<128x1xf32>
    %135 = linalg.fill ins(%cst : f32) outs(%134 : tensor<128x1xf32>) -> tensor<128x1xf32>
    %136 = linalg.generic {indexing_maps = [#map14, #map16], iterator_types = ["parallel", "reduction"]} ins(%133 : tensor<128x1024xf32>) outs(%135 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.addf %in, %out : f32
      linalg.yield %327 : f32
    } -> tensor<128x1xf32>
    %137 = linalg.generic {indexing_maps = [#map14, #map14], iterator_types = ["parallel", "parallel"]} ins(%136 : tensor<128x1xf32>) outs(%134 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = math.log %in : f32
      linalg.yield %327 : f32
    } -> tensor<128x1xf32>
    %138 = linalg.generic {indexing_maps = [#map14, #map16, #map14], iterator_types = ["parallel", "parallel"]} ins(%132, %137 : tensor<128x1024xf32>, tensor<128x1xf32>) outs(%120 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.subf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<128x1024xf32>
    %139 = tensor.empty() : tensor<128xi1>
    %140 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%collapsed_66 : tensor<128xi64>) outs(%139 : tensor<128xi1>) {
    ^bb0(%in: i64, %out: i1):
      %327 = arith.cmpi ne, %in, %c-100_i64 : i64
      linalg.yield %327 : i1
    } -> tensor<128xi1>
    %141 = linalg.generic {indexing_maps = [#map3, #map3, #map17, #map3], iterator_types = ["parallel"]} ins(%140, %collapsed_66, %cst_21 : tensor<128xi1>, tensor<128xi64>, tensor<i64>) outs(%127 : tensor<128xi64>) {
    ^bb0(%in: i1, %in_133: i64, %in_134: i64, %out: i64):
      %327 = arith.select %in, %in_133, %in_134 : i64
      linalg.yield %327 : i64
    } -> tensor<128xi64>
    %expanded_68 = tensor.expand_shape %141 [[0, 1]] output_shape [128, 1] : tensor<128xi64> into tensor<128x1xi64>
    %142 = linalg.generic {indexing_maps = [#map14, #map14], iterator_types = ["parallel", "parallel"]} ins(%expanded_68 : tensor<128x1xi64>) outs(%135 : tensor<128x1xf32>) {
    ^bb0(%in: i64, %out: f32):
      %327 = linalg.index 0 : index
      %328 = arith.index_cast %in : i64 to index
      %329 = arith.cmpi slt, %328, %c1024 : index
      cf.assert %329, "index must be smaller than dim size"
      %330 = arith.cmpi sge, %in, %c0_i64 : i64
      cf.assert %330, "index must be larger or equal to 0"
      %extracted = tensor.extract %138[%327, %328] : tensor<128x1024xf32>
      linalg.yield %extracted : f32
    } -> tensor<128x1xf32>
    %collapsed_69 = tensor.collapse_shape %142 [[0, 1]] : tensor<128x1xf32> into tensor<128xf32>
    %143 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%collapsed_69 : tensor<128xf32>) outs(%129 : tensor<128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.negf %in : f32
      linalg.yield %327 : f32
    } -> tensor<128xf32>
    %144 = linalg.generic {indexing_maps = [#map3, #map3, #map17, #map3], iterator_types = ["parallel"]} ins(%140, %143, %cst_8 : tensor<128xi1>, tensor<128xf32>, tensor<f32>) outs(%129 : tensor<128xf32>) {
    ^bb0(%in: i1, %in_133: f32, %in_134: f32, %out: f32):
      %327 = arith.select %in, %in_133, %in_134 : f32
      linalg.yield %327 : f32
    } -> tensor<128xf32>
    %145 = tensor.empty() : tensor<i64>
    %146 = linalg.fill ins(%c0_i64 : i64) outs(%145 : tensor<i64>) -> tensor<i64>
    %147 = linalg.generic {indexing_maps = [#map3, #map17], iterator_types = ["reduction"]} ins(%140 : tensor<128xi1>) outs(%146 : tensor<i64>) {
    ^bb0(%in: i1, %out: i64):
      %327 = arith.extui %in : i1 to i64
      %328 = arith.addi %327, %out : i64
      linalg.yield %328 : i64
    } -> tensor<i64>
    %148 = tensor.empty() : tensor<f32>
    %149 = linalg.generic {indexing_maps = [#map18, #map18], iterator_types = []} ins(%147 : tensor<i64>) outs(%148 : tensor<f32>) {
    ^bb0(%in: i64, %out: f32):
      %327 = arith.sitofp %in : i64 to f32
      linalg.yield %327 : f32
    } -> tensor<f32>
    %150 = linalg.fill ins(%cst : f32) outs(%148 : tensor<f32>) -> tensor<f32>
    %151 = linalg.generic {indexing_maps = [#map3, #map17], iterator_types = ["reduction"]} ins(%144 : tensor<128xf32>) outs(%150 : tensor<f32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.addf %in, %out : f32
      linalg.yield %327 : f32
    } -> tensor<f32>
    %152 = linalg.generic {indexing_maps = [#map18, #map18, #map18], iterator_types = []} ins(%151, %149 : tensor<f32>, tensor<f32>) outs(%148 : tensor<f32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.divf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<f32>
    %153 = linalg.generic {indexing_maps = [#map19, #map15, #map19, #map14], iterator_types = ["parallel", "parallel"]} ins(%cst_6, %collapsed_66, %149 : tensor<f32>, tensor<128xi64>, tensor<f32>) outs(%121 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %in_133: i64, %in_134: f32, %out: f32):
      %327 = arith.index_cast %in_133 : i64 to index
      %328 = linalg.index 1 : index
      %329 = arith.divf %in, %in_134 : f32
      %330 = arith.negf %329 : f32
      %331 = arith.cmpi ne, %327, %328 : index
      %332 = arith.cmpi eq, %327, %c-100 : index
      %333 = arith.ori %331, %332 : i1
      %334 = arith.select %333, %cst, %330 : f32
      linalg.yield %334 : f32
    } -> tensor<128x1024xf32>
    %154 = linalg.generic {indexing_maps = [#map14, #map14], iterator_types = ["parallel", "parallel"]} ins(%138 : tensor<128x1024xf32>) outs(%120 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = math.exp %in : f32
      linalg.yield %327 : f32
    } -> tensor<128x1024xf32>
    %155 = linalg.generic {indexing_maps = [#map14, #map16], iterator_types = ["parallel", "reduction"]} ins(%153 : tensor<128x1024xf32>) outs(%135 : tensor<128x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.addf %in, %out : f32
      linalg.yield %327 : f32
    } -> tensor<128x1xf32>
    %collapsed_70 = tensor.collapse_shape %155 [[0, 1]] : tensor<128x1xf32> into tensor<128xf32>
    %156 = linalg.generic {indexing_maps = [#map15, #map14], iterator_types = ["parallel", "parallel"]} ins(%collapsed_70 : tensor<128xf32>) outs(%120 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<128x1024xf32>
    %157 = linalg.generic {indexing_maps = [#map14, #map14, #map14], iterator_types = ["parallel", "parallel"]} ins(%154, %156 : tensor<128x1024xf32>, tensor<128x1024xf32>) outs(%120 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<128x1024xf32>
    %158 = linalg.generic {indexing_maps = [#map14, #map14, #map14], iterator_types = ["parallel", "parallel"]} ins(%153, %157 : tensor<128x1024xf32>, tensor<128x1024xf32>) outs(%120 : tensor<128x1024xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.subf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<128x1024xf32>
    %expanded_71 = tensor.expand_shape %158 [[0, 1], [2]] output_shape [2, 64, 1024] : tensor<128x1024xf32> into tensor<2x64x1024xf32>
    %159 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_71 : tensor<2x64x1024xf32>) outs(%123 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.mulf %in, %cst_17 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x1024xf32>
    %160 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%125, %125 : tensor<2x64x1024xf32>, tensor<2x64x1024xf32>) outs(%123 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x1024xf32>
    %161 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%cst_22, %160 : tensor<i64>, tensor<2x64x1024xf32>) outs(%123 : tensor<2x64x1024xf32>) {
    ^bb0(%in: i64, %in_133: f32, %out: f32):
      %327 = arith.sitofp %in : i64 to f32
      %328 = arith.subf %327, %in_133 : f32
      linalg.yield %328 : f32
    } -> tensor<2x64x1024xf32>
    %162 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%159, %161 : tensor<2x64x1024xf32>, tensor<2x64x1024xf32>) outs(%123 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x1024xf32>
    %163 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%162 : tensor<2x64x1024xf32>) outs(%123 : tensor<2x64x1024xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.divf %in, %cst_17 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x1024xf32>
    %collapsed_72 = tensor.collapse_shape %163 [[0, 1], [2]] : tensor<2x64x1024xf32> into tensor<128x1024xf32>
    %164 = tensor.empty() : tensor<1024x128xf32>
    %transposed_73 = linalg.transpose ins(%collapsed_72 : tensor<128x1024xf32>) outs(%164 : tensor<1024x128xf32>) permutation = [1, 0] 
    %165 = tensor.empty() : tensor<1024x64xf32>
    %166 = linalg.fill ins(%cst : f32) outs(%165 : tensor<1024x64xf32>) -> tensor<1024x64xf32>
    %167 = linalg.matmul ins(%transposed_73, %collapsed_62 : tensor<1024x128xf32>, tensor<128x64xf32>) outs(%166 : tensor<1024x64xf32>) -> tensor<1024x64xf32>
    %168 = linalg.matmul ins(%collapsed_72, %arg0 : tensor<128x1024xf32>, tensor<1024x64xf32>) outs(%36 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_74 = tensor.expand_shape %168 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %169 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_74, %116 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %170 = linalg.generic {indexing_maps = [#map1, #map10, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_74, %117 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %171 = tensor.empty() : tensor<1x1x64xf32>
    %172 = linalg.fill ins(%cst : f32) outs(%171 : tensor<1x1x64xf32>) -> tensor<1x1x64xf32>
    %173 = linalg.generic {indexing_maps = [#map1, #map20], iterator_types = ["reduction", "reduction", "parallel"]} ins(%169 : tensor<2x64x64xf32>) outs(%172 : tensor<1x1x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.addf %in, %out : f32
      linalg.yield %327 : f32
    } -> tensor<1x1x64xf32>
    %collapsed_75 = tensor.collapse_shape %173 [[0, 1, 2]] : tensor<1x1x64xf32> into tensor<64xf32>
    %174 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%170, %110 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %175 = linalg.generic {indexing_maps = [#map1, #map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%170, %115 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %176 = linalg.generic {indexing_maps = [#map1, #map9], iterator_types = ["parallel", "parallel", "reduction"]} ins(%174 : tensor<2x64x64xf32>) outs(%25 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.addf %in, %out : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x1xf32>
    %177 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%115 : tensor<2x64x1xf32>) outs(%24 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %327 : f32
    } -> tensor<2x64x1xf32>
    %178 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%176 : tensor<2x64x1xf32>) outs(%24 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.mulf %in, %cst_18 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x1xf32>
    %179 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%178, %177 : tensor<2x64x1xf32>, tensor<2x64x1xf32>) outs(%24 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x1xf32>
    %collapsed_76 = tensor.collapse_shape %179 [[0], [1, 2]] : tensor<2x64x1xf32> into tensor<2x64xf32>
    %180 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed_76 : tensor<2x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %181 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%180 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.divf %in, %cst_15 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %182 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%110 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = math.fpowi %in, %c1_i64 : f32, i64
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %183 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%182 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.mulf %in, %cst_19 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %184 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%181, %183 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %185 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%175, %184 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.addf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %186 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%185, %107 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %187 = linalg.generic {indexing_maps = [#map1, #map10, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%185, %108 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %188 = linalg.generic {indexing_maps = [#map1, #map20], iterator_types = ["reduction", "reduction", "parallel"]} ins(%186 : tensor<2x64x64xf32>) outs(%172 : tensor<1x1x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.addf %in, %out : f32
      linalg.yield %327 : f32
    } -> tensor<1x1x64xf32>
    %collapsed_77 = tensor.collapse_shape %188 [[0, 1, 2]] : tensor<1x1x64xf32> into tensor<64xf32>
    %189 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%187, %expanded_60 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %190 = linalg.generic {indexing_maps = [#map1, #map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%187, %106 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %191 = linalg.generic {indexing_maps = [#map1, #map9], iterator_types = ["parallel", "parallel", "reduction"]} ins(%189 : tensor<2x64x64xf32>) outs(%25 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.addf %in, %out : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x1xf32>
    %192 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%106 : tensor<2x64x1xf32>) outs(%24 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %327 : f32
    } -> tensor<2x64x1xf32>
    %193 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%191 : tensor<2x64x1xf32>) outs(%24 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.mulf %in, %cst_18 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x1xf32>
    %194 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%193, %192 : tensor<2x64x1xf32>, tensor<2x64x1xf32>) outs(%24 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x1xf32>
    %collapsed_78 = tensor.collapse_shape %194 [[0], [1, 2]] : tensor<2x64x1xf32> into tensor<2x64xf32>
    %195 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed_78 : tensor<2x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %196 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%195 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.divf %in, %cst_15 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %197 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_60 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = math.fpowi %in, %c1_i64 : f32, i64
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %198 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%197 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.mulf %in, %cst_19 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %199 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%196, %198 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %200 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%190, %199 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.addf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %collapsed_79 = tensor.collapse_shape %200 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %transposed_80 = linalg.transpose ins(%collapsed_79 : tensor<128x64xf32>) outs(%93 : tensor<64x128xf32>) permutation = [1, 0] 
    %201 = linalg.fill ins(%cst : f32) outs(%93 : tensor<64x128xf32>) -> tensor<64x128xf32>
    %202 = linalg.matmul ins(%transposed_80, %collapsed_59 : tensor<64x128xf32>, tensor<128x128xf32>) outs(%201 : tensor<64x128xf32>) -> tensor<64x128xf32>
    %203 = linalg.matmul ins(%collapsed_79, %arg7 : tensor<128x64xf32>, tensor<64x128xf32>) outs(%95 : tensor<128x128xf32>) -> tensor<128x128xf32>
    %expanded_81 = tensor.expand_shape %203 [[0, 1], [2]] output_shape [2, 64, 128] : tensor<128x128xf32> into tensor<2x64x128xf32>
    %204 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_81, %98 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%97 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x128xf32>
    %205 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_81, %expanded_57 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%97 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x128xf32>
    %collapsed_82 = tensor.collapse_shape %204 [[0, 1], [2]] : tensor<2x64x128xf32> into tensor<128x128xf32>
    %transposed_83 = linalg.transpose ins(%collapsed_82 : tensor<128x128xf32>) outs(%94 : tensor<128x128xf32>) permutation = [1, 0] 
    %206 = linalg.matmul ins(%transposed_83, %collapsed_54 : tensor<128x128xf32>, tensor<128x64xf32>) outs(%36 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %207 = linalg.matmul ins(%collapsed_82, %arg6 : tensor<128x128xf32>, tensor<128x64xf32>) outs(%36 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_84 = tensor.expand_shape %207 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %208 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_55, %expanded_55 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%97 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x128xf32>
    %209 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%208, %expanded_55 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%97 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x128xf32>
    %210 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%209 : tensor<2x64x128xf32>) outs(%97 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.truncf %cst_12 : f64 to f32
      %328 = arith.mulf %in, %327 : f32
      linalg.yield %328 : f32
    } -> tensor<2x64x128xf32>
    %211 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_55, %210 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%97 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.addf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x128xf32>
    %212 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%211 : tensor<2x64x128xf32>) outs(%97 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.truncf %cst_11 : f64 to f32
      %328 = arith.mulf %in, %327 : f32
      linalg.yield %328 : f32
    } -> tensor<2x64x128xf32>
    %213 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%212 : tensor<2x64x128xf32>) outs(%97 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = math.tanh %in : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x128xf32>
    %214 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_55 : tensor<2x64x128xf32>) outs(%97 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.mulf %in, %cst_4 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x128xf32>
    %215 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%213 : tensor<2x64x128xf32>) outs(%97 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.addf %in, %cst_3 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x128xf32>
    %216 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%215 : tensor<2x64x128xf32>) outs(%97 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.mulf %in, %cst_4 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x128xf32>
    %217 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%213, %213 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%97 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x128xf32>
    %218 = linalg.generic {indexing_maps = [#map2, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%cst_22, %217 : tensor<i64>, tensor<2x64x128xf32>) outs(%97 : tensor<2x64x128xf32>) {
    ^bb0(%in: i64, %in_133: f32, %out: f32):
      %327 = arith.sitofp %in : i64 to f32
      %328 = arith.subf %327, %in_133 : f32
      linalg.yield %328 : f32
    } -> tensor<2x64x128xf32>
    %219 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%208 : tensor<2x64x128xf32>) outs(%97 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.truncf %cst_10 : f64 to f32
      %328 = arith.mulf %in, %327 : f32
      linalg.yield %328 : f32
    } -> tensor<2x64x128xf32>
    %220 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%219 : tensor<2x64x128xf32>) outs(%97 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.addf %in, %cst_3 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x128xf32>
    %221 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%220 : tensor<2x64x128xf32>) outs(%97 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.truncf %cst_11 : f64 to f32
      %328 = arith.mulf %in, %327 : f32
      linalg.yield %328 : f32
    } -> tensor<2x64x128xf32>
    %222 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%214, %218 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%97 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x128xf32>
    %223 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%222, %221 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%97 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x128xf32>
    %224 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%216, %223 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%97 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.addf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x128xf32>
    %225 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%205, %224 : tensor<2x64x128xf32>, tensor<2x64x128xf32>) outs(%97 : tensor<2x64x128xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x128xf32>
    %collapsed_85 = tensor.collapse_shape %225 [[0, 1], [2]] : tensor<2x64x128xf32> into tensor<128x128xf32>
    %transposed_86 = linalg.transpose ins(%collapsed_85 : tensor<128x128xf32>) outs(%94 : tensor<128x128xf32>) permutation = [1, 0] 
    %226 = linalg.matmul ins(%transposed_86, %collapsed_54 : tensor<128x128xf32>, tensor<128x64xf32>) outs(%36 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %227 = linalg.matmul ins(%collapsed_85, %arg5 : tensor<128x128xf32>, tensor<128x64xf32>) outs(%36 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_87 = tensor.expand_shape %227 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %228 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_84, %expanded_87 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.addf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %229 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%228, %90 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %230 = linalg.generic {indexing_maps = [#map1, #map10, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%228, %91 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %231 = linalg.generic {indexing_maps = [#map1, #map20], iterator_types = ["reduction", "reduction", "parallel"]} ins(%229 : tensor<2x64x64xf32>) outs(%172 : tensor<1x1x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.addf %in, %out : f32
      linalg.yield %327 : f32
    } -> tensor<1x1x64xf32>
    %collapsed_88 = tensor.collapse_shape %231 [[0, 1, 2]] : tensor<1x1x64xf32> into tensor<64xf32>
    %232 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%230, %84 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %233 = linalg.generic {indexing_maps = [#map1, #map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%230, %89 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %234 = linalg.generic {indexing_maps = [#map1, #map9], iterator_types = ["parallel", "parallel", "reduction"]} ins(%232 : tensor<2x64x64xf32>) outs(%25 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.addf %in, %out : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x1xf32>
    %235 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%185, %233 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.addf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %236 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%89 : tensor<2x64x1xf32>) outs(%24 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %327 : f32
    } -> tensor<2x64x1xf32>
    %237 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%234 : tensor<2x64x1xf32>) outs(%24 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.mulf %in, %cst_18 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x1xf32>
    %238 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%237, %236 : tensor<2x64x1xf32>, tensor<2x64x1xf32>) outs(%24 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x1xf32>
    %collapsed_89 = tensor.collapse_shape %238 [[0], [1, 2]] : tensor<2x64x1xf32> into tensor<2x64xf32>
    %239 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed_89 : tensor<2x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %240 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%239 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.divf %in, %cst_15 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %241 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%84 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = math.fpowi %in, %c1_i64 : f32, i64
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %242 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%241 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.mulf %in, %cst_19 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %243 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%240, %242 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %244 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%235, %243 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.addf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %245 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%244, %81 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %246 = linalg.generic {indexing_maps = [#map1, #map10, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%244, %82 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %247 = linalg.generic {indexing_maps = [#map1, #map20], iterator_types = ["reduction", "reduction", "parallel"]} ins(%245 : tensor<2x64x64xf32>) outs(%172 : tensor<1x1x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.addf %in, %out : f32
      linalg.yield %327 : f32
    } -> tensor<1x1x64xf32>
    %collapsed_90 = tensor.collapse_shape %247 [[0, 1, 2]] : tensor<1x1x64xf32> into tensor<64xf32>
    %248 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%246, %expanded_52 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %249 = linalg.generic {indexing_maps = [#map1, #map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%246, %80 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %250 = linalg.generic {indexing_maps = [#map1, #map9], iterator_types = ["parallel", "parallel", "reduction"]} ins(%248 : tensor<2x64x64xf32>) outs(%25 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.addf %in, %out : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x1xf32>
    %251 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%80 : tensor<2x64x1xf32>) outs(%24 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %327 : f32
    } -> tensor<2x64x1xf32>
    %252 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%250 : tensor<2x64x1xf32>) outs(%24 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.mulf %in, %cst_18 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x1xf32>
    %253 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%252, %251 : tensor<2x64x1xf32>, tensor<2x64x1xf32>) outs(%24 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x1xf32>
    %collapsed_91 = tensor.collapse_shape %253 [[0], [1, 2]] : tensor<2x64x1xf32> into tensor<2x64xf32>
    %254 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed_91 : tensor<2x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %255 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%254 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.divf %in, %cst_15 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %256 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_52 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = math.fpowi %in, %c1_i64 : f32, i64
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %257 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%256 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.mulf %in, %cst_19 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %258 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%255, %257 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %259 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%249, %258 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.addf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %collapsed_92 = tensor.collapse_shape %259 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %transposed_93 = linalg.transpose ins(%collapsed_92 : tensor<128x64xf32>) outs(%93 : tensor<64x128xf32>) permutation = [1, 0] 
    %260 = linalg.fill ins(%cst : f32) outs(%34 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %261 = linalg.matmul ins(%transposed_93, %collapsed_51 : tensor<64x128xf32>, tensor<128x64xf32>) outs(%260 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %262 = linalg.matmul ins(%collapsed_92, %arg4 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%36 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_94 = tensor.expand_shape %262 [[0, 1], [2, 3]] output_shape [2, 64, 2, 32] : tensor<128x64xf32> into tensor<2x64x2x32xf32>
    %transposed_95 = linalg.transpose ins(%expanded_94 : tensor<2x64x2x32xf32>) outs(%38 : tensor<2x2x64x32xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_96 = tensor.collapse_shape %transposed_95 [[0, 1], [2], [3]] : tensor<2x2x64x32xf32> into tensor<4x64x32xf32>
    %transposed_97 = linalg.transpose ins(%collapsed_46 : tensor<4x64x64xf32>) outs(%51 : tensor<4x64x64xf32>) permutation = [0, 2, 1] 
    %263 = linalg.batch_matmul ins(%transposed_97, %collapsed_96 : tensor<4x64x64xf32>, tensor<4x64x32xf32>) outs(%72 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %264 = tensor.empty() : tensor<4x32x64xf32>
    %transposed_98 = linalg.transpose ins(%collapsed_47 : tensor<4x64x32xf32>) outs(%264 : tensor<4x32x64xf32>) permutation = [0, 2, 1] 
    %265 = linalg.batch_matmul ins(%collapsed_96, %transposed_98 : tensor<4x64x32xf32>, tensor<4x32x64xf32>) outs(%52 : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
    %expanded_99 = tensor.expand_shape %263 [[0, 1], [2], [3]] output_shape [2, 2, 64, 32] : tensor<4x64x32xf32> into tensor<2x2x64x32xf32>
    %expanded_100 = tensor.expand_shape %265 [[0, 1], [2], [3]] output_shape [2, 2, 64, 64] : tensor<4x64x64xf32> into tensor<2x2x64x64xf32>
    %266 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_100, %70 : tensor<2x2x64x64xf32>, tensor<2x2x64x64xf32>) outs(%54 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x2x64x64xf32>
    %267 = linalg.generic {indexing_maps = [#map4, #map6], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%266 : tensor<2x2x64x64xf32>) outs(%68 : tensor<2x2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.addf %in, %out : f32
      linalg.yield %327 : f32
    } -> tensor<2x2x64x1xf32>
    %268 = linalg.generic {indexing_maps = [#map4, #map6, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%70, %267 : tensor<2x2x64x64xf32>, tensor<2x2x64x1xf32>) outs(%54 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x2x64x64xf32>
    %269 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%266, %268 : tensor<2x2x64x64xf32>, tensor<2x2x64x64xf32>) outs(%54 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.subf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x2x64x64xf32>
    %270 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%269 : tensor<2x2x64x64xf32>) outs(%54 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.mulf %in, %cst_16 : f32
      linalg.yield %327 : f32
    } -> tensor<2x2x64x64xf32>
    %271 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%57, %57 : tensor<2x2x64x64xf32>, tensor<2x2x64x64xf32>) outs(%54 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x2x64x64xf32>
    %272 = linalg.generic {indexing_maps = [#map7, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_22, %271 : tensor<i64>, tensor<2x2x64x64xf32>) outs(%54 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: i64, %in_133: f32, %out: f32):
      %327 = arith.sitofp %in : i64 to f32
      %328 = arith.subf %327, %in_133 : f32
      linalg.yield %328 : f32
    } -> tensor<2x2x64x64xf32>
    %273 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%270, %272 : tensor<2x2x64x64xf32>, tensor<2x2x64x64xf32>) outs(%54 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x2x64x64xf32>
    %274 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%273 : tensor<2x2x64x64xf32>) outs(%54 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.divf %in, %cst_16 : f32
      linalg.yield %327 : f32
    } -> tensor<2x2x64x64xf32>
    %275 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%274 : tensor<2x2x64x64xf32>) outs(%54 : tensor<2x2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.truncf %cst_13 : f64 to f32
      %328 = arith.mulf %in, %327 : f32
      linalg.yield %328 : f32
    } -> tensor<2x2x64x64xf32>
    %collapsed_101 = tensor.collapse_shape %275 [[0, 1], [2], [3]] : tensor<2x2x64x64xf32> into tensor<4x64x64xf32>
    %transposed_102 = linalg.transpose ins(%collapsed_42 : tensor<4x64x32xf32>) outs(%264 : tensor<4x32x64xf32>) permutation = [0, 2, 1] 
    %276 = linalg.fill ins(%cst : f32) outs(%264 : tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %277 = linalg.batch_matmul ins(%transposed_102, %collapsed_101 : tensor<4x32x64xf32>, tensor<4x64x64xf32>) outs(%276 : tensor<4x32x64xf32>) -> tensor<4x32x64xf32>
    %transposed_103 = linalg.transpose ins(%collapsed_43 : tensor<4x32x64xf32>) outs(%71 : tensor<4x64x32xf32>) permutation = [0, 2, 1] 
    %278 = linalg.batch_matmul ins(%collapsed_101, %transposed_103 : tensor<4x64x64xf32>, tensor<4x64x32xf32>) outs(%72 : tensor<4x64x32xf32>) -> tensor<4x64x32xf32>
    %expanded_104 = tensor.expand_shape %277 [[0, 1], [2], [3]] output_shape [2, 2, 32, 64] : tensor<4x32x64xf32> into tensor<2x2x32x64xf32>
    %expanded_105 = tensor.expand_shape %278 [[0, 1], [2], [3]] output_shape [2, 2, 64, 32] : tensor<4x64x32xf32> into tensor<2x2x64x32xf32>
    %transposed_106 = linalg.transpose ins(%expanded_104 : tensor<2x2x32x64xf32>) outs(%38 : tensor<2x2x64x32xf32>) permutation = [0, 1, 3, 2] 
    %279 = linalg.generic {indexing_maps = [#map4, #map11, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_106, %expanded_35 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%38 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x2x64x32xf32>
    %extracted_slice_107 = tensor.extract_slice %279[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %extracted_slice_108 = tensor.extract_slice %279[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %280 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_107 : tensor<2x2x64x16xf32>) outs(%42 : tensor<2x2x64x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.negf %in : f32
      linalg.yield %327 : f32
    } -> tensor<2x2x64x16xf32>
    %inserted_slice = tensor.insert_slice %280 into %cst_5[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x16xf32> into tensor<2x2x64x32xf32>
    %inserted_slice_109 = tensor.insert_slice %extracted_slice_108 into %cst_5[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x16xf32> into tensor<2x2x64x32xf32>
    %281 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%inserted_slice, %inserted_slice_109 : tensor<2x2x64x32xf32>, tensor<2x2x64x32xf32>) outs(%38 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.addf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x2x64x32xf32>
    %282 = linalg.generic {indexing_maps = [#map4, #map11, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_106, %expanded_34 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%38 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x2x64x32xf32>
    %283 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%281, %282 : tensor<2x2x64x32xf32>, tensor<2x2x64x32xf32>) outs(%38 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.addf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x2x64x32xf32>
    %284 = linalg.generic {indexing_maps = [#map4, #map11, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_105, %expanded_35 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%38 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x2x64x32xf32>
    %extracted_slice_110 = tensor.extract_slice %284[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %extracted_slice_111 = tensor.extract_slice %284[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x32xf32> to tensor<2x2x64x16xf32>
    %285 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_110 : tensor<2x2x64x16xf32>) outs(%42 : tensor<2x2x64x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.negf %in : f32
      linalg.yield %327 : f32
    } -> tensor<2x2x64x16xf32>
    %inserted_slice_112 = tensor.insert_slice %285 into %cst_5[0, 0, 0, 16] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x16xf32> into tensor<2x2x64x32xf32>
    %inserted_slice_113 = tensor.insert_slice %extracted_slice_111 into %cst_5[0, 0, 0, 0] [2, 2, 64, 16] [1, 1, 1, 1] : tensor<2x2x64x16xf32> into tensor<2x2x64x32xf32>
    %286 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%inserted_slice_112, %inserted_slice_113 : tensor<2x2x64x32xf32>, tensor<2x2x64x32xf32>) outs(%38 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.addf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x2x64x32xf32>
    %287 = linalg.generic {indexing_maps = [#map4, #map11, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_105, %expanded_34 : tensor<2x2x64x32xf32>, tensor<1x1x64x32xf32>) outs(%38 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x2x64x32xf32>
    %288 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%286, %287 : tensor<2x2x64x32xf32>, tensor<2x2x64x32xf32>) outs(%38 : tensor<2x2x64x32xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.addf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x2x64x32xf32>
    %transposed_114 = linalg.transpose ins(%expanded_99 : tensor<2x2x64x32xf32>) outs(%74 : tensor<2x64x2x32xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_115 = tensor.collapse_shape %transposed_114 [[0, 1], [2, 3]] : tensor<2x64x2x32xf32> into tensor<128x64xf32>
    %transposed_116 = linalg.transpose ins(%collapsed_115 : tensor<128x64xf32>) outs(%93 : tensor<64x128xf32>) permutation = [1, 0] 
    %289 = linalg.matmul ins(%transposed_116, %collapsed_25 : tensor<64x128xf32>, tensor<128x64xf32>) outs(%260 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %290 = linalg.matmul ins(%collapsed_115, %arg3 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%36 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_117 = tensor.expand_shape %290 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %transposed_118 = linalg.transpose ins(%283 : tensor<2x2x64x32xf32>) outs(%74 : tensor<2x64x2x32xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_119 = tensor.collapse_shape %transposed_118 [[0, 1], [2, 3]] : tensor<2x64x2x32xf32> into tensor<128x64xf32>
    %transposed_120 = linalg.transpose ins(%collapsed_119 : tensor<128x64xf32>) outs(%93 : tensor<64x128xf32>) permutation = [1, 0] 
    %291 = linalg.matmul ins(%transposed_120, %collapsed_25 : tensor<64x128xf32>, tensor<128x64xf32>) outs(%260 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %292 = linalg.matmul ins(%collapsed_119, %arg2 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%36 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_121 = tensor.expand_shape %292 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %293 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_117, %expanded_121 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.addf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %transposed_122 = linalg.transpose ins(%288 : tensor<2x2x64x32xf32>) outs(%74 : tensor<2x64x2x32xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_123 = tensor.collapse_shape %transposed_122 [[0, 1], [2, 3]] : tensor<2x64x2x32xf32> into tensor<128x64xf32>
    %transposed_124 = linalg.transpose ins(%collapsed_123 : tensor<128x64xf32>) outs(%93 : tensor<64x128xf32>) permutation = [1, 0] 
    %294 = linalg.matmul ins(%transposed_124, %collapsed_25 : tensor<64x128xf32>, tensor<128x64xf32>) outs(%260 : tensor<64x64xf32>) -> tensor<64x64xf32>
    %295 = linalg.matmul ins(%collapsed_123, %arg1 : tensor<128x64xf32>, tensor<64x64xf32>) outs(%36 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded_125 = tensor.expand_shape %295 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    %296 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%293, %expanded_125 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.addf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %297 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%296, %30 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %298 = linalg.generic {indexing_maps = [#map1, #map10, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%296, %32 : tensor<2x64x64xf32>, tensor<64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %299 = linalg.generic {indexing_maps = [#map1, #map20], iterator_types = ["reduction", "reduction", "parallel"]} ins(%297 : tensor<2x64x64xf32>) outs(%172 : tensor<1x1x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.addf %in, %out : f32
      linalg.yield %327 : f32
    } -> tensor<1x1x64xf32>
    %collapsed_126 = tensor.collapse_shape %299 [[0, 1, 2]] : tensor<1x1x64xf32> into tensor<64xf32>
    %300 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%298, %2 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %301 = linalg.generic {indexing_maps = [#map1, #map9, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%298, %29 : tensor<2x64x64xf32>, tensor<2x64x1xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %302 = linalg.generic {indexing_maps = [#map1, #map9], iterator_types = ["parallel", "parallel", "reduction"]} ins(%300 : tensor<2x64x64xf32>) outs(%25 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.addf %in, %out : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x1xf32>
    %303 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%244, %301 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.addf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %304 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%29 : tensor<2x64x1xf32>) outs(%24 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %327 : f32
    } -> tensor<2x64x1xf32>
    %305 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%302 : tensor<2x64x1xf32>) outs(%24 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.mulf %in, %cst_18 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x1xf32>
    %306 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%305, %304 : tensor<2x64x1xf32>, tensor<2x64x1xf32>) outs(%24 : tensor<2x64x1xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x1xf32>
    %collapsed_127 = tensor.collapse_shape %306 [[0], [1, 2]] : tensor<2x64x1xf32> into tensor<2x64xf32>
    %307 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%collapsed_127 : tensor<2x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x64x64xf32>
    %308 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%307 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.divf %in, %cst_15 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %309 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%2 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = math.fpowi %in, %c1_i64 : f32, i64
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %310 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%309 : tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %327 = arith.mulf %in, %cst_19 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %311 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%308, %310 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %312 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%303, %311 : tensor<2x64x64xf32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.addf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %313 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%312, %arg13 : tensor<2x64x64xf32>, tensor<f32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.mulf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %314 = tensor.empty() : tensor<2x64xi1>
    %315 = linalg.generic {indexing_maps = [#map14, #map14], iterator_types = ["parallel", "parallel"]} ins(%arg16 : tensor<2x64xi64>) outs(%314 : tensor<2x64xi1>) {
    ^bb0(%in: i64, %out: i1):
      %327 = arith.cmpi sge, %in, %c0_i64 : i64
      linalg.yield %327 : i1
    } -> tensor<2x64xi1>
    %316 = linalg.generic {indexing_maps = [#map14, #map14], iterator_types = ["parallel", "parallel"]} ins(%arg16 : tensor<2x64xi64>) outs(%314 : tensor<2x64xi1>) {
    ^bb0(%in: i64, %out: i1):
      %327 = arith.cmpi slt, %in, %c1024_i64 : i64
      linalg.yield %327 : i1
    } -> tensor<2x64xi1>
    %317 = linalg.generic {indexing_maps = [#map14, #map14, #map14], iterator_types = ["parallel", "parallel"]} ins(%315, %316 : tensor<2x64xi1>, tensor<2x64xi1>) outs(%314 : tensor<2x64xi1>) {
    ^bb0(%in: i1, %in_133: i1, %out: i1):
      %327 = arith.andi %in, %in_133 : i1
      linalg.yield %327 : i1
    } -> tensor<2x64xi1>
    %318 = linalg.generic {indexing_maps = [#map14, #map14], iterator_types = ["parallel", "parallel"]} ins(%arg16 : tensor<2x64xi64>) outs(%314 : tensor<2x64xi1>) {
    ^bb0(%in: i64, %out: i1):
      %327 = arith.cmpi ne, %in, %c0_i64 : i64
      linalg.yield %327 : i1
    } -> tensor<2x64xi1>
    %319 = linalg.generic {indexing_maps = [#map14, #map14, #map14], iterator_types = ["parallel", "parallel"]} ins(%317, %318 : tensor<2x64xi1>, tensor<2x64xi1>) outs(%314 : tensor<2x64xi1>) {
    ^bb0(%in: i1, %in_133: i1, %out: i1):
      %327 = arith.andi %in, %in_133 : i1
      linalg.yield %327 : i1
    } -> tensor<2x64xi1>
    %expanded_128 = tensor.expand_shape %319 [[0], [1, 2]] output_shape [2, 64, 1] : tensor<2x64xi1> into tensor<2x64x1xi1>
    %320 = tensor.empty() : tensor<2x64xi64>
    %321 = linalg.generic {indexing_maps = [#map14, #map14], iterator_types = ["parallel", "parallel"]} ins(%arg16 : tensor<2x64xi64>) outs(%320 : tensor<2x64xi64>) {
    ^bb0(%in: i64, %out: i64):
      %327 = arith.maxsi %in, %c-1024_i64 : i64
      %328 = arith.minsi %327, %c1023_i64 : i64
      linalg.yield %328 : i64
    } -> tensor<2x64xi64>
    %322 = tensor.empty() : tensor<2x64x1xi1>
    %323 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_128 : tensor<2x64x1xi1>) outs(%322 : tensor<2x64x1xi1>) {
    ^bb0(%in: i1, %out: i1):
      %327 = arith.xori %in, %true : i1
      linalg.yield %327 : i1
    } -> tensor<2x64x1xi1>
    %324 = linalg.generic {indexing_maps = [#map9, #map2, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%323, %cst_8, %313 : tensor<2x64x1xi1>, tensor<f32>, tensor<2x64x64xf32>) outs(%0 : tensor<2x64x64xf32>) {
    ^bb0(%in: i1, %in_133: f32, %in_134: f32, %out: f32):
      %327 = arith.select %in, %in_133, %in_134 : f32
      linalg.yield %327 : f32
    } -> tensor<2x64x64xf32>
    %collapsed_129 = tensor.collapse_shape %321 [[0, 1]] : tensor<2x64xi64> into tensor<128xi64>
    %expanded_130 = tensor.expand_shape %collapsed_129 [[0, 1]] output_shape [128, 1] : tensor<128xi64> into tensor<128x1xi64>
    %collapsed_131 = tensor.collapse_shape %324 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %expanded_132 = tensor.expand_shape %collapsed_131 [[0], [1, 2]] output_shape [128, 1, 64] : tensor<128x64xf32> into tensor<128x1x64xf32>
    // tm_tensor.scatter {dimension_map = [0]} unique_indices(false) rewritten as loops (test/graphs/scatter_to_loops.py):
    // orig[coord(i, j)] = combine(updates[i, j], orig[coord(i, j)])
    %sc0_c0 = arith.constant 0 : index
    %sc0_c1 = arith.constant 1 : index
    %sc0_c64 = arith.constant 64 : index
    %sc0_c128 = arith.constant 128 : index
    %325 = scf.for %sc0_i0 = %sc0_c0 to %sc0_c128 step %sc0_c1 iter_args(%sc0_ab0 = %cst_20) -> (tensor<1024x64xf32>) {
      %sc0_ix0 = tensor.extract %expanded_130[%sc0_i0, %sc0_c0] : tensor<128x1xi64>
      %sc0_o0 = arith.index_cast %sc0_ix0 : i64 to index
      %sc0_s0r = scf.for %sc0_j0 = %sc0_c0 to %sc0_c1 step %sc0_c1 iter_args(%sc0_as0 = %sc0_ab0) -> (tensor<1024x64xf32>) {
        %sc0_s1r = scf.for %sc0_j1 = %sc0_c0 to %sc0_c64 step %sc0_c1 iter_args(%sc0_as1 = %sc0_as0) -> (tensor<1024x64xf32>) {
          %sc0_d0 = arith.addi %sc0_o0, %sc0_j0 : index
          %sc0_u = tensor.extract %expanded_132[%sc0_i0, %sc0_j0, %sc0_j1] : tensor<128x1x64xf32>
          %sc0_v = tensor.extract %sc0_as1[%sc0_d0, %sc0_j1] : tensor<1024x64xf32>
          %sc0_r2 = arith.addf %sc0_v, %sc0_u : f32
          %sc0_new = tensor.insert %sc0_r2 into %sc0_as1[%sc0_d0, %sc0_j1] : tensor<1024x64xf32>
          scf.yield %sc0_new : tensor<1024x64xf32>
        }
        scf.yield %sc0_s1r : tensor<1024x64xf32>
      }
      scf.yield %sc0_s0r : tensor<1024x64xf32>
    }
    %326 = linalg.generic {indexing_maps = [#map14, #map14, #map14], iterator_types = ["parallel", "parallel"]} ins(%167, %325 : tensor<1024x64xf32>, tensor<1024x64xf32>) outs(%165 : tensor<1024x64xf32>) {
    ^bb0(%in: f32, %in_133: f32, %out: f32):
      %327 = arith.addf %in, %in_133 : f32
      linalg.yield %327 : f32
    } -> tensor<1024x64xf32>
    return %152, %326, %294, %291, %289, %261, %226, %206, %202, %collapsed_126, %collapsed_90, %collapsed_88, %collapsed_77, %collapsed_75 : tensor<f32>, tensor<1024x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>, tensor<128x64xf32>, tensor<128x64xf32>, tensor<64x128xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>
  }
}
