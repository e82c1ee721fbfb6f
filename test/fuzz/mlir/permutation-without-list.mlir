// dh = dZ·(Wᵀ)ᵀ: the weight reaches the product through two transposes
// (the nanoGPT spelling); dW = (h{.+}}
func.func @double_transpose_weight(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>) {
  %c0 = arith.constant 0.0 : f32
  %ewt = tensor.empty() : tensor<4x32xf32>
  %wt = linalg.transpose ins(%w : tensor<32x4xf32>) outs(%ewt : tensor<4x32xf32>) permutation =tensor<8x4xf32>) -> tensor<8x4xf32>
  %eht = tensor.empty() : tensor<4x8xf32>
  %ht = linalg.transpose ins(%h : tensor<8x4xf32>) outs(%eht : tensor<4x8xf32>) permutation = [1, 0]
  %e2 = tensor.empty() : tensor<4x32xf32>
  %z2 = linalg.fill ins(%c0 : f32) outs(%e2 : tensor<4x32xf32>) -> tensor<4x32xf32>
  %dwt = linalg.matmul ins(%ht, %dz : tensor<4x8xf32>, tensor<8x32xf32>) outs(%z2 : tensor<4x32xf32>) -> tensor<4x32xf32>
  %e3 = tensor.empty() : tensor<32x4xf32>
  %dw = linalg.transpose ins(%dwt : tensor<4x32xf32>) outs(%e3 : tensor<32x4xf32>) permutation = [1, 0]
  return %dh, %dw : tensor<8x4xf32>, tensor<32x4xf32>
}
