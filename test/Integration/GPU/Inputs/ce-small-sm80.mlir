// A ce_linear_fwd and a ce_linear_grad of one small ragged shape (N = 37,
// D = 48, V = 203: vocabulary chunks of 64, 64, 64 and 11), and the
// ce_linear_step of both (token chunks of 16, 16 and 5), bf16, layout
// vd, reduction mean, planned by hand for sm_80 as bench/device/prepare.sh
// plans the small shapes of its dry run (check_ce.py --emulator --small).
#gemm = #lmhead.gemm<blockM = 32, blockN = 32, blockK = 32, warpM = 16, warpN = 16, stages = 3, copyBytes = 16, swizzle = 1>
#fwd = #lmhead.ce_plan<target = sm_80, logits = #gemm, micros = 0.0 : f64>
#grad = #lmhead.ce_plan<target = sm_80, logits = #gemm, dh = #gemm, dw = #gemm, chunk = 64, micros = 0.0 : f64>
#step = #lmhead.ce_plan<target = sm_80, logits = #gemm, dh = #gemm, dw = #gemm, chunk = 16, micros = 0.0 : f64>

func.func @ce_fwd(%h: tensor<37x48xbf16>, %w: tensor<203x48xbf16>, %y: tensor<37xi64>)
    -> (tensor<f32>, tensor<37xf32>) {
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean) {lmhead.plan = #fwd}
      : (tensor<37x48xbf16>, tensor<203x48xbf16>, tensor<37xi64>) -> (tensor<f32>, tensor<37xf32>)
  return %loss, %lse : tensor<f32>, tensor<37xf32>
}

func.func @ce_grad(%h: tensor<37x48xbf16>, %w: tensor<203x48xbf16>, %y: tensor<37xi64>,
                   %lse: tensor<37xf32>, %g: tensor<f32>)
    -> (tensor<37x48xbf16>, tensor<203x48xbf16>) {
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean) {lmhead.plan = #grad}
      : (tensor<37x48xbf16>, tensor<203x48xbf16>, tensor<37xi64>, tensor<37xf32>, tensor<f32>)
      -> (tensor<37x48xbf16>, tensor<203x48xbf16>)
  return %dh, %dw : tensor<37x48xbf16>, tensor<203x48xbf16>
}

func.func @ce_step(%h: tensor<37x48xbf16>, %w: tensor<203x48xbf16>, %y: tensor<37xi64>, %g: tensor<f32>)
    -> (tensor<f32>, tensor<37xf32>, tensor<37x48xbf16>, tensor<203x48xbf16>) {
  %loss, %lse, %dh, %dw = lmhead.ce_linear_step %h, %w, %y, %g layout(vd) reduction(mean) {lmhead.plan = #step}
      : (tensor<37x48xbf16>, tensor<203x48xbf16>, tensor<37xi64>, tensor<f32>)
      -> (tensor<f32>, tensor<37xf32>, tensor<37x48xbf16>, tensor<203x48xbf16>)
  return %loss, %lse, %dh, %dw : tensor<f32>, tensor<37xf32>, tensor<37x48xbf16>, tensor<203x48xbf16>
}
