// GPT-2's LM head (D = 768, V = 50257), bf16: every row of dZ [N,V] (and of
// W for a [D,V] weight) is 2-byte aligned only, so the GEMMs that read dZ
// along its rows copy with element loads (on sm_90a: the sm_80 kernel).
func.func @lm_head(%dz: tensor<1024x50257xbf16>, %h: tensor<1024x768xbf16>, %w: tensor<50257x768xbf16>) -> (tensor<1024x768xbf16>, tensor<50257x768xf32>) {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<1024x50257xbf16>, tensor<1024x768xbf16>, tensor<50257x768xbf16>) -> (tensor<1024x768xbf16>, tensor<50257x768xf32>)
  return %dh, %dw : tensor<1024x768xbf16>, tensor<50257x768xf32>
}

// -----

// The same with the weight stored [D,V] and f16 operands.
func.func @lm_head(%dz: tensor<1024x50257xf16>, %h: tensor<1024x768xf16>, %w: tensor<768x50257xf16>) -> (tensor<1024x768xf16>, tensor<768x50257xf32>) {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(dv)
      : (tensor<1024x50257xf16>, tensor<1024x768xf16>, tensor<768x50257xf16>) -> (tensor<1024x768xf16>, tensor<768x50257xf32>)
  return %dh, %dw : tensor<1024x768xf16>, tensor<768x50257xf32>
}
