// A small bf16 linear_grad (N=77, V=200, D=48) for sm_90a kernels.
func.func @step(%dz: tensor<77x200xbf16>, %h: tensor<77x48xbf16>, %w: tensor<200x48xbf16>) -> (tensor<77x48xbf16>, tensor<200x48xf32>) {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd) : (tensor<77x200xbf16>, tensor<77x48xbf16>, tensor<200x48xbf16>) -> (tensor<77x48xbf16>, tensor<200x48xf32>)
  return %dh, %dw : tensor<77x48xbf16>, tensor<200x48xf32>
}
