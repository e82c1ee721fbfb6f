// The all-host form of ../device-operands.mlir: the same three ops on host
// tensors, with no plans, decomposed on the CPU by --lmhead-cpu-pipeline as
// the reference.

func.func @lm_head(%h: tensor<37x40xbf16>, %w: tensor<203x40xbf16>, %y: tensor<37xi64>,
                   %g: tensor<f32>, %gh: tensor<37x40xf32>, %gw: tensor<203x40xf32>,
                   %dz: tensor<37x202xbf16>, %w2: tensor<202x40xbf16>,
                   %gh2: tensor<37x40xbf16>, %gw2: tensor<202x40xf32>)
    -> (tensor<f32>, tensor<37xf32>, tensor<37x40xf32>, tensor<203x40xf32>,
        tensor<37x40xbf16>, tensor<202x40xf32>) {
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean)
      : (tensor<37x40xbf16>, tensor<203x40xbf16>, tensor<37xi64>) -> (tensor<f32>, tensor<37xf32>)
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g accumulate_dh(%gh) accumulate_dw(%gw)
      layout(vd) reduction(mean)
      : (tensor<37x40xbf16>, tensor<203x40xbf16>, tensor<37xi64>, tensor<37xf32>, tensor<f32>,
         tensor<37x40xf32>, tensor<203x40xf32>)
      -> (tensor<37x40xf32>, tensor<203x40xf32>)
  %dh2, %dw2 = lmhead.linear_grad %dz, %h, %w2 accumulate_dh(%gh2) accumulate_dw(%gw2) layout(vd)
      : (tensor<37x202xbf16>, tensor<37x40xbf16>, tensor<202x40xbf16>, tensor<37x40xbf16>,
         tensor<202x40xf32>)
      -> (tensor<37x40xbf16>, tensor<202x40xf32>)
  return %loss, %lse, %dh, %dw, %dh2, %dw2
      : tensor<f32>, tensor<37xf32>, tensor<37x40xf32>, tensor<203x40xf32>,
        tensor<37x40xbf16>, tensor<202x40xf32>
}
