// A head with a dynamic token count in two passes (a forward and a
// backward), beside a plain matmul that stands for the rest of a model.
func.func @step(%h: tensor<?x256xbf16>, %w: tensor<4000x256xbf16>, %y: tensor<?xi64>,
                %g: tensor<f32>, %a: tensor<512x256xf32>, %b: tensor<256x1024xf32>)
    -> (tensor<f32>, tensor<?x256xbf16>, tensor<4000x256xf32>, tensor<512x1024xf32>) {
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean)
      {label_smoothing = 0.1 : f64}
      : (tensor<?x256xbf16>, tensor<4000x256xbf16>, tensor<?xi64>) -> (tensor<f32>, tensor<?xf32>)
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean)
      {label_smoothing = 0.1 : f64}
      : (tensor<?x256xbf16>, tensor<4000x256xbf16>, tensor<?xi64>, tensor<?xf32>, tensor<f32>)
      -> (tensor<?x256xbf16>, tensor<4000x256xf32>)
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<512x1024xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<512x1024xf32>) -> tensor<512x1024xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<512x256xf32>, tensor<256x1024xf32>)
                      outs(%init : tensor<512x1024xf32>) -> tensor<512x1024xf32>
  return %loss, %dh, %dw, %mm : tensor<f32>, tensor<?x256xbf16>, tensor<4000x256xf32>, tensor<512x1024xf32>
}
