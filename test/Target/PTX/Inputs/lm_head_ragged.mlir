// A small LM head with ragged sizes (no size a multiple of a tile), bf16.
func.func @lm_head(%dz: tensor<150x520xbf16>, %h: tensor<150x264xbf16>, %w: tensor<520x264xbf16>) -> (tensor<150x264xbf16>, tensor<520x264xf32>) {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<150x520xbf16>, tensor<150x264xbf16>, tensor<520x264xbf16>) -> (tensor<150x264xbf16>, tensor<520x264xf32>)
  return %dh, %dw : tensor<150x264xbf16>, tensor<520x264xf32>
}

// -----

// The same with the weight stored [D,V] and f16 operands.
func.func @lm_head(%dz: tensor<150x520xf16>, %h: tensor<150x264xf16>, %w: tensor<264x520xf16>) -> (tensor<150x264xf16>, tensor<264x520xf32>) {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(dv)
      : (tensor<150x520xf16>, tensor<150x264xf16>, tensor<264x520xf16>) -> (tensor<150x264xf16>, tensor<264x520xf32>)
  return %dh, %dw : tensor<150x264xf16>, tensor<264x520xf32>
}
