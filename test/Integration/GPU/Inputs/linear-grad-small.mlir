// The small shapes of bench/device/check_kernels.py --small (N×D×V: ragged
// token counts; V and D multiples of 8, as TMA needs 16-byte rows), in the
// benchmark's types: bf16 dZ, h and W, layout vd, dh bf16, dW f32.

func.func @linear_grad_130x64x320(%dz: tensor<130x320xbf16>, %h: tensor<130x64xbf16>,
    %w: tensor<320x64xbf16>) -> (tensor<130x64xbf16>, tensor<320x64xf32>) {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<130x320xbf16>, tensor<130x64xbf16>, tensor<320x64xbf16>)
      -> (tensor<130x64xbf16>, tensor<320x64xf32>)
  return %dh, %dw : tensor<130x64xbf16>, tensor<320x64xf32>
}

func.func @linear_grad_64x128x200(%dz: tensor<64x200xbf16>, %h: tensor<64x128xbf16>,
    %w: tensor<200x128xbf16>) -> (tensor<64x128xbf16>, tensor<200x128xf32>) {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<64x200xbf16>, tensor<64x128xbf16>, tensor<200x128xbf16>)
      -> (tensor<64x128xbf16>, tensor<200x128xf32>)
  return %dh, %dw : tensor<64x128xbf16>, tensor<200x128xf32>
}
