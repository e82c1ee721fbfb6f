// A linear_grad with a dynamic token count and gradient statistics, in
// bf16 with an f32 dW: every route of the fuzzer takes it to kernels.
func.func @linear_grad(%dz: tensor<?x1000xbf16>, %h: tensor<?x64xbf16>,
                       %w: tensor<1000x64xbf16>)
    -> (tensor<?x64xbf16>, tensor<1000x64xf32>, tensor<3xf32>) {
  %dh, %dw, %stats = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<?x1000xbf16>, tensor<?x64xbf16>, tensor<1000x64xbf16>)
      -> (tensor<?x64xbf16>, tensor<1000x64xf32>, stats tensor<3xf32>)
  return %dh, %dw, %stats : tensor<?x64xbf16>, tensor<1000x64xf32>, tensor<3xf32>
}
