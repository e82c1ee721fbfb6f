// The first benchmark shape of bench/: N = 4096 tokens, D = 4096, V = 128256,
// bf16 operands, a bf16 dh and an f32 weight gradient.
func.func @lm_head(%dz: tensor<4096x128256xbf16>, %h: tensor<4096x4096xbf16>, %w: tensor<128256x4096xbf16>) -> (tensor<4096x4096xbf16>, tensor<128256x4096xf32>) {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<4096x128256xbf16>, tensor<4096x4096xbf16>, tensor<128256x4096xbf16>) -> (tensor<4096x4096xbf16>, tensor<128256x4096xf32>)
  return %dh, %dw : tensor<4096x4096xbf16>, tensor<128256x4096xf32>
}
