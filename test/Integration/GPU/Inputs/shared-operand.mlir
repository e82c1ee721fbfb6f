// Two linear_grad ops reading the same h, with a tensor op between them
// whose result can take the buffer of the first op's rounded h: with
// f32-operands=bf16 the roundings of h are one value after CSE, and the
// second op's rounded dZ may be written where that value was, once nothing
// on tensors reads it any more. The calls of the launch functions pass the
// operands as tensors, so bufferization sees the second call read h and
// gives dZ another buffer.
func.func @main(%dz: tensor<64x128xf32>, %h: tensor<64x64xf32>, %w1: tensor<128x64xf32>, %w2: tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<128x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>) {
  %dh1, %dw1 = lmhead.linear_grad %dz, %h, %w1 layout(vd) : (tensor<64x128xf32>, tensor<64x64xf32>, tensor<128x64xf32>) -> (tensor<64x64xf32>, tensor<128x64xf32>)
  %e = tensor.empty() : tensor<64x64xf32>
  %dz2 = linalg.map { arith.negf } ins(%dh1 : tensor<64x64xf32>) outs(%e : tensor<64x64xf32>)
  %dh2, %dw2 = lmhead.linear_grad %dz2, %h, %w2 layout(vd) : (tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<64x64xf32>)
  return %dh1, %dw1, %dh2, %dw2 : tensor<64x64xf32>, tensor<128x64xf32>, tensor<64x64xf32>, tensor<64x64xf32>
}
