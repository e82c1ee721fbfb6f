// The output layer of a small GPT-2-style language model in one training
// step, written with lmhead ops: hidden size 64, a vocabulary of 1024, a
// dynamic number of tokens, bf16 activations and weights. The head is tied
// to the token embedding, so the weight gradient is added into the
// embedding's gradient (accumulate_dw) in f32.
//
//   lmhead-opt examples/lm_head_training_step.mlir --lmhead-decompose
//
// shows the definition of each op in upstream linalg; later passes turn the
// same ops into GPU kernels.

func.func @lm_head_step(%hidden: tensor<?x64xbf16>,
                        %embedding: tensor<1024x64xbf16>,
                        %labels: tensor<?xi64>,
                        %embedding_grad: tensor<1024x64xf32>)
    -> (tensor<f32>, tensor<?x64xbf16>, tensor<1024x64xf32>) {
  // Mean cross-entropy over the tokens whose label is not -100, with a small
  // z-loss to keep the log-partition near zero. The logits are never stored.
  %loss, %lse = lmhead.ce_linear_fwd %hidden, %embedding, %labels
      layout(vd) reduction(mean) {z_loss_weight = 1.0e-04 : f64}
      : (tensor<?x64xbf16>, tensor<1024x64xbf16>, tensor<?xi64>)
      -> (tensor<f32>, tensor<?xf32>)

  // Backward from d(loss)/d(loss) = 1.
  %one = arith.constant dense<1.0> : tensor<f32>
  %hidden_grad, %new_embedding_grad = lmhead.ce_linear_grad
      %hidden, %embedding, %labels, %lse, %one
      accumulate_dw(%embedding_grad)
      layout(vd) reduction(mean) {z_loss_weight = 1.0e-04 : f64}
      : (tensor<?x64xbf16>, tensor<1024x64xbf16>, tensor<?xi64>,
         tensor<?xf32>, tensor<f32>, tensor<1024x64xf32>)
      -> (tensor<?x64xbf16>, tensor<1024x64xf32>)

  return %loss, %hidden_grad, %new_embedding_grad
      : tensor<f32>, tensor<?x64xbf16>, tensor<1024x64xf32>
}
