// The LM-head shapes whose sm_90a kernels once drew ptxas advisories
// (C7508/C7520 at the two small ones, C7519 at the three large ones): N
// tokens, D hidden, V vocabulary, bf16 operands, a bf16 dh and an f32 dW.
func.func @lm_head_96x64x768(%dz: tensor<96x768xbf16>, %h: tensor<96x64xbf16>, %w: tensor<768x64xbf16>) -> (tensor<96x64xbf16>, tensor<768x64xf32>) {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<96x768xbf16>, tensor<96x64xbf16>, tensor<768x64xbf16>) -> (tensor<96x64xbf16>, tensor<768x64xf32>)
  return %dh, %dw : tensor<96x64xbf16>, tensor<768x64xf32>
}

// -----

func.func @lm_head_256x256x4096(%dz: tensor<256x4096xbf16>, %h: tensor<256x256xbf16>, %w: tensor<4096x256xbf16>) -> (tensor<256x256xbf16>, tensor<4096x256xf32>) {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<256x4096xbf16>, tensor<256x256xbf16>, tensor<4096x256xbf16>) -> (tensor<256x256xbf16>, tensor<4096x256xf32>)
  return %dh, %dw : tensor<256x256xbf16>, tensor<4096x256xf32>
}

// -----

func.func @lm_head_2048x1024x32000(%dz: tensor<2048x32000xbf16>, %h: tensor<2048x1024xbf16>, %w: tensor<32000x1024xbf16>) -> (tensor<2048x1024xbf16>, tensor<32000x1024xf32>) {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<2048x32000xbf16>, tensor<2048x1024xbf16>, tensor<32000x1024xbf16>) -> (tensor<2048x1024xbf16>, tensor<32000x1024xf32>)
  return %dh, %dw : tensor<2048x1024xbf16>, tensor<32000x1024xf32>
}

// -----

func.func @lm_head_4096x4096x128256(%dz: tensor<4096x128256xbf16>, %h: tensor<4096x4096xbf16>, %w: tensor<128256x4096xbf16>) -> (tensor<4096x4096xbf16>, tensor<128256x4096xf32>) {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<4096x128256xbf16>, tensor<4096x4096xbf16>, tensor<128256x4096xbf16>) -> (tensor<4096x4096xbf16>, tensor<128256x4096xf32>)
  return %dh, %dw : tensor<4096x4096xbf16>, tensor<128256x4096xf32>
}

// -----

func.func @lm_head_8192x2304x256000(%dz: tensor<8192x256000xbf16>, %h: tensor<8192x2304xbf16>, %w: tensor<256000x2304xbf16>) -> (tensor<8192x2304xbf16>, tensor<256000x2304xf32>) {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<8192x256000xbf16>, tensor<8192x2304xbf16>, tensor<256000x2304xbf16>) -> (tensor<8192x2304xbf16>, tensor<256000x2304xf32>)
  return %dh, %dw : tensor<8192x2304xbf16>, tensor<256000x2304xf32>
}
