// RUN: lmhead-opt %s --verify-roundtrip | FileCheck %s
// RUN: lmhead-opt %s --mlir-print-op-generic | lmhead-opt --verify-roundtrip | FileCheck %s

// Round trips of the three lmhead ops through the custom and the generic
// form, covering every operand, result and attribute each op accepts.

//===----------------------------------------------------------------------===//
// linear_grad
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @linear_grad_vd_f32(
// CHECK-SAME:    %[[DZ:.+]]: tensor<8x32xf32>, %[[H:.+]]: tensor<8x4xf32>, %[[W:.+]]: tensor<32x4xf32>)
// CHECK:         %[[DH:.+]], %[[DW:.+]] = lmhead.linear_grad %[[DZ]], %[[H]], %[[W]] layout(vd) : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
// CHECK:         return %[[DH]], %[[DW]]
func.func @linear_grad_vd_f32(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>)
    -> (tensor<8x4xf32>, tensor<32x4xf32>) {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>)
      -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return %dh, %dw : tensor<8x4xf32>, tensor<32x4xf32>
}

// The weight gradient keeps the weight's [D,V] layout.
// CHECK-LABEL: func.func @linear_grad_dv_f16(
// CHECK-SAME:    %[[DZ:.+]]: tensor<8x32xf16>, %[[H:.+]]: tensor<8x4xf16>, %[[W:.+]]: tensor<4x32xf16>)
// CHECK:         %[[DH:.+]], %[[DW:.+]] = lmhead.linear_grad %[[DZ]], %[[H]], %[[W]] layout(dv) : (tensor<8x32xf16>, tensor<8x4xf16>, tensor<4x32xf16>) -> (tensor<8x4xf16>, tensor<4x32xf16>)
// CHECK:         return %[[DH]], %[[DW]]
func.func @linear_grad_dv_f16(%dz: tensor<8x32xf16>, %h: tensor<8x4xf16>, %w: tensor<4x32xf16>)
    -> (tensor<8x4xf16>, tensor<4x32xf16>) {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(dv)
      : (tensor<8x32xf16>, tensor<8x4xf16>, tensor<4x32xf16>)
      -> (tensor<8x4xf16>, tensor<4x32xf16>)
  return %dh, %dw : tensor<8x4xf16>, tensor<4x32xf16>
}

// bf16 operands accumulated in bf16; dh stays bf16 while dW is f32.
// CHECK-LABEL: func.func @linear_grad_bf16_mixed_results(
// CHECK-SAME:    %[[DZ:.+]]: tensor<8x32xbf16>, %[[H:.+]]: tensor<8x4xbf16>, %[[W:.+]]: tensor<32x4xbf16>)
// CHECK:         %[[DH:.+]], %[[DW:.+]] = lmhead.linear_grad %[[DZ]], %[[H]], %[[W]] layout(vd) {acc_type = bf16} : (tensor<8x32xbf16>, tensor<8x4xbf16>, tensor<32x4xbf16>) -> (tensor<8x4xbf16>, tensor<32x4xf32>)
// CHECK:         return %[[DH]], %[[DW]]
func.func @linear_grad_bf16_mixed_results(%dz: tensor<8x32xbf16>, %h: tensor<8x4xbf16>, %w: tensor<32x4xbf16>)
    -> (tensor<8x4xbf16>, tensor<32x4xf32>) {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd) {acc_type = bf16}
      : (tensor<8x32xbf16>, tensor<8x4xbf16>, tensor<32x4xbf16>)
      -> (tensor<8x4xbf16>, tensor<32x4xf32>)
  return %dh, %dw : tensor<8x4xbf16>, tensor<32x4xf32>
}

// f16 operands with an explicit f32 accumulator and f16/bf16 results.
// CHECK-LABEL: func.func @linear_grad_f16_acc_f32(
// CHECK-SAME:    %[[DZ:.+]]: tensor<8x32xf16>, %[[H:.+]]: tensor<8x4xf16>, %[[W:.+]]: tensor<32x4xf16>)
// CHECK:         %[[DH:.+]], %[[DW:.+]] = lmhead.linear_grad %[[DZ]], %[[H]], %[[W]] layout(vd) {acc_type = f32} : (tensor<8x32xf16>, tensor<8x4xf16>, tensor<32x4xf16>) -> (tensor<8x4xf16>, tensor<32x4xbf16>)
// CHECK:         return %[[DH]], %[[DW]]
func.func @linear_grad_f16_acc_f32(%dz: tensor<8x32xf16>, %h: tensor<8x4xf16>, %w: tensor<32x4xf16>)
    -> (tensor<8x4xf16>, tensor<32x4xbf16>) {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd) {acc_type = f32}
      : (tensor<8x32xf16>, tensor<8x4xf16>, tensor<32x4xf16>)
      -> (tensor<8x4xf16>, tensor<32x4xbf16>)
  return %dh, %dw : tensor<8x4xf16>, tensor<32x4xbf16>
}

// A non-default scale is printed; a negative one is allowed.
// CHECK-LABEL: func.func @linear_grad_scale(
// CHECK-SAME:    %[[DZ:.+]]: tensor<8x32xf32>, %[[H:.+]]: tensor<8x4xf32>, %[[W:.+]]: tensor<32x4xf32>)
// CHECK:         %[[DH0:.+]], %[[DW0:.+]] = lmhead.linear_grad %[[DZ]], %[[H]], %[[W]] layout(vd) {scale = 5.000000e-01 : f64} : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
// CHECK:         %[[DH1:.+]], %[[DW1:.+]] = lmhead.linear_grad %[[DZ]], %[[H]], %[[W]] layout(vd) {scale = -2.500000e-01 : f64} : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
// CHECK:         return %[[DH0]], %[[DW0]], %[[DH1]], %[[DW1]]
func.func @linear_grad_scale(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>)
    -> (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8x4xf32>, tensor<32x4xf32>) {
  %dh0, %dw0 = lmhead.linear_grad %dz, %h, %w layout(vd) {scale = 0.5 : f64}
      : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>)
      -> (tensor<8x4xf32>, tensor<32x4xf32>)
  %dh1, %dw1 = lmhead.linear_grad %dz, %h, %w layout(vd) {scale = -0.25 : f64}
      : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>)
      -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return %dh0, %dw0, %dh1, %dw1 : tensor<8x4xf32>, tensor<32x4xf32>, tensor<8x4xf32>, tensor<32x4xf32>
}

// The default scale (1.0) is not printed.
// CHECK-LABEL: func.func @linear_grad_default_scale(
// CHECK-SAME:    %[[DZ:.+]]: tensor<8x32xf32>, %[[H:.+]]: tensor<8x4xf32>, %[[W:.+]]: tensor<32x4xf32>)
// CHECK:         %[[DH:.+]], %[[DW:.+]] = lmhead.linear_grad %[[DZ]], %[[H]], %[[W]] layout(vd) : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
// CHECK:         return %[[DH]], %[[DW]]
func.func @linear_grad_default_scale(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>)
    -> (tensor<8x4xf32>, tensor<32x4xf32>) {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd) {scale = 1.0 : f64}
      : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>)
      -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return %dh, %dw : tensor<8x4xf32>, tensor<32x4xf32>
}

// CHECK-LABEL: func.func @linear_grad_accumulate_dh(
// CHECK-SAME:    %[[DZ:.+]]: tensor<8x32xbf16>, %[[H:.+]]: tensor<8x4xbf16>, %[[W:.+]]: tensor<32x4xbf16>, %[[GH:.+]]: tensor<8x4xf32>)
// CHECK:         %[[DH:.+]], %[[DW:.+]] = lmhead.linear_grad %[[DZ]], %[[H]], %[[W]] accumulate_dh(%[[GH]]) layout(vd) : (tensor<8x32xbf16>, tensor<8x4xbf16>, tensor<32x4xbf16>, tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xbf16>)
// CHECK:         return %[[DH]], %[[DW]]
func.func @linear_grad_accumulate_dh(%dz: tensor<8x32xbf16>, %h: tensor<8x4xbf16>, %w: tensor<32x4xbf16>,
                                     %gh: tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xbf16>) {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w accumulate_dh(%gh) layout(vd)
      : (tensor<8x32xbf16>, tensor<8x4xbf16>, tensor<32x4xbf16>, tensor<8x4xf32>)
      -> (tensor<8x4xf32>, tensor<32x4xbf16>)
  return %dh, %dw : tensor<8x4xf32>, tensor<32x4xbf16>
}

// CHECK-LABEL: func.func @linear_grad_accumulate_dw(
// CHECK-SAME:    %[[DZ:.+]]: tensor<8x32xbf16>, %[[H:.+]]: tensor<8x4xbf16>, %[[W:.+]]: tensor<32x4xbf16>, %[[GW:.+]]: tensor<32x4xf32>)
// CHECK:         %[[DH:.+]], %[[DW:.+]] = lmhead.linear_grad %[[DZ]], %[[H]], %[[W]] accumulate_dw(%[[GW]]) layout(vd) : (tensor<8x32xbf16>, tensor<8x4xbf16>, tensor<32x4xbf16>, tensor<32x4xf32>) -> (tensor<8x4xbf16>, tensor<32x4xf32>)
// CHECK:         return %[[DH]], %[[DW]]
func.func @linear_grad_accumulate_dw(%dz: tensor<8x32xbf16>, %h: tensor<8x4xbf16>, %w: tensor<32x4xbf16>,
                                     %gw: tensor<32x4xf32>) -> (tensor<8x4xbf16>, tensor<32x4xf32>) {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w accumulate_dw(%gw) layout(vd)
      : (tensor<8x32xbf16>, tensor<8x4xbf16>, tensor<32x4xbf16>, tensor<32x4xf32>)
      -> (tensor<8x4xbf16>, tensor<32x4xf32>)
  return %dh, %dw : tensor<8x4xbf16>, tensor<32x4xf32>
}

// Both accumulate-into operands, layout dv, a bias gradient and every
// attribute at once.
// CHECK-LABEL: func.func @linear_grad_everything(
// CHECK-SAME:    %[[DZ:.+]]: tensor<8x32xf16>, %[[H:.+]]: tensor<8x4xf16>, %[[W:.+]]: tensor<4x32xf16>, %[[GH:.+]]: tensor<8x4xf16>, %[[GW:.+]]: tensor<4x32xf32>)
// CHECK:         %[[DH:.+]], %[[DW:.+]], %[[DB:.+]] = lmhead.linear_grad %[[DZ]], %[[H]], %[[W]] accumulate_dh(%[[GH]]) accumulate_dw(%[[GW]]) layout(dv) {acc_type = f16, scale = 1.250000e-01 : f64} : (tensor<8x32xf16>, tensor<8x4xf16>, tensor<4x32xf16>, tensor<8x4xf16>, tensor<4x32xf32>) -> (tensor<8x4xf16>, tensor<4x32xf32>, tensor<32xbf16>)
// CHECK:         return %[[DH]], %[[DW]], %[[DB]]
func.func @linear_grad_everything(%dz: tensor<8x32xf16>, %h: tensor<8x4xf16>, %w: tensor<4x32xf16>,
                                  %gh: tensor<8x4xf16>, %gw: tensor<4x32xf32>)
    -> (tensor<8x4xf16>, tensor<4x32xf32>, tensor<32xbf16>) {
  %dh, %dw, %db = lmhead.linear_grad %dz, %h, %w accumulate_dh(%gh) accumulate_dw(%gw) layout(dv)
      {scale = 0.125 : f64, acc_type = f16}
      : (tensor<8x32xf16>, tensor<8x4xf16>, tensor<4x32xf16>, tensor<8x4xf16>, tensor<4x32xf32>)
      -> (tensor<8x4xf16>, tensor<4x32xf32>, tensor<32xbf16>)
  return %dh, %dw, %db : tensor<8x4xf16>, tensor<4x32xf32>, tensor<32xbf16>
}

// CHECK-LABEL: func.func @linear_grad_bias_grad_vd(
// CHECK-SAME:    %[[DZ:.+]]: tensor<8x32xf32>, %[[H:.+]]: tensor<8x4xf32>, %[[W:.+]]: tensor<32x4xf32>)
// CHECK:         %[[DH:.+]], %[[DW:.+]], %[[DB:.+]] = lmhead.linear_grad %[[DZ]], %[[H]], %[[W]] layout(vd) : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>, tensor<32xf32>)
// CHECK:         return %[[DH]], %[[DW]], %[[DB]]
func.func @linear_grad_bias_grad_vd(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>)
    -> (tensor<8x4xf32>, tensor<32x4xf32>, tensor<32xf32>) {
  %dh, %dw, %db = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>)
      -> (tensor<8x4xf32>, tensor<32x4xf32>, tensor<32xf32>)
  return %dh, %dw, %db : tensor<8x4xf32>, tensor<32x4xf32>, tensor<32xf32>
}

// Gradient statistics, with and without a bias gradient before them.
// CHECK-LABEL: func.func @linear_grad_stats(
// CHECK:         {{.+}} = lmhead.linear_grad %{{.+}}, %{{.+}}, %{{.+}} layout(vd) : (tensor<?x32xbf16>, tensor<?x4xbf16>, tensor<32x4xbf16>) -> (tensor<?x4xbf16>, tensor<32x4xf32>, stats tensor<3xf32>)
// CHECK:         {{.+}} = lmhead.linear_grad %{{.+}}, %{{.+}}, %{{.+}} layout(dv) {scale = 5.000000e-01 : f64} : (tensor<?x32xbf16>, tensor<?x4xbf16>, tensor<4x32xbf16>) -> (tensor<?x4xbf16>, tensor<4x32xbf16>, tensor<32xf32>, stats tensor<3xf32>)
func.func @linear_grad_stats(%dz: tensor<?x32xbf16>, %h: tensor<?x4xbf16>, %w: tensor<32x4xbf16>,
                             %wt: tensor<4x32xbf16>)
    -> (tensor<3xf32>, tensor<32xf32>, tensor<3xf32>) {
  %dh, %dw, %stats = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<?x32xbf16>, tensor<?x4xbf16>, tensor<32x4xbf16>)
      -> (tensor<?x4xbf16>, tensor<32x4xf32>, stats tensor<3xf32>)
  %dh2, %dw2, %db, %stats2 = lmhead.linear_grad %dz, %h, %wt layout(dv) {scale = 0.5 : f64}
      : (tensor<?x32xbf16>, tensor<?x4xbf16>, tensor<4x32xbf16>)
      -> (tensor<?x4xbf16>, tensor<4x32xbf16>, tensor<32xf32>, stats tensor<3xf32>)
  return %stats, %db, %stats2 : tensor<3xf32>, tensor<32xf32>, tensor<3xf32>
}

// A dynamic token count.
// CHECK-LABEL: func.func @linear_grad_dynamic_n(
// CHECK-SAME:    %[[DZ:.+]]: tensor<?x32xbf16>, %[[H:.+]]: tensor<?x4xbf16>, %[[W:.+]]: tensor<32x4xbf16>)
// CHECK:         %[[DH:.+]], %[[DW:.+]] = lmhead.linear_grad %[[DZ]], %[[H]], %[[W]] layout(vd) : (tensor<?x32xbf16>, tensor<?x4xbf16>, tensor<32x4xbf16>) -> (tensor<?x4xbf16>, tensor<32x4xf32>)
// CHECK:         return %[[DH]], %[[DW]]
func.func @linear_grad_dynamic_n(%dz: tensor<?x32xbf16>, %h: tensor<?x4xbf16>, %w: tensor<32x4xbf16>)
    -> (tensor<?x4xbf16>, tensor<32x4xf32>) {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<?x32xbf16>, tensor<?x4xbf16>, tensor<32x4xbf16>)
      -> (tensor<?x4xbf16>, tensor<32x4xf32>)
  return %dh, %dw : tensor<?x4xbf16>, tensor<32x4xf32>
}

// Every dimension dynamic, with accumulate-into operands and a bias gradient.
// CHECK-LABEL: func.func @linear_grad_fully_dynamic(
// CHECK-SAME:    %[[DZ:.+]]: tensor<?x?xf32>, %[[H:.+]]: tensor<?x?xf32>, %[[W:.+]]: tensor<?x?xf32>, %[[GH:.+]]: tensor<?x?xf32>, %[[GW:.+]]: tensor<?x?xf32>)
// CHECK:         %[[DH:.+]], %[[DW:.+]], %[[DB:.+]] = lmhead.linear_grad %[[DZ]], %[[H]], %[[W]] accumulate_dh(%[[GH]]) accumulate_dw(%[[GW]]) layout(dv) : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf32>)
// CHECK:         return %[[DH]], %[[DW]], %[[DB]]
func.func @linear_grad_fully_dynamic(%dz: tensor<?x?xf32>, %h: tensor<?x?xf32>, %w: tensor<?x?xf32>,
                                     %gh: tensor<?x?xf32>, %gw: tensor<?x?xf32>)
    -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf32>) {
  %dh, %dw, %db = lmhead.linear_grad %dz, %h, %w accumulate_dh(%gh) accumulate_dw(%gw) layout(dv)
      : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
      -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf32>)
  return %dh, %dw, %db : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf32>
}

//===----------------------------------------------------------------------===//
// ce_linear_fwd
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @ce_linear_fwd_mean_vd_f32_i64(
// CHECK-SAME:    %[[H:.+]]: tensor<8x4xf32>, %[[W:.+]]: tensor<32x4xf32>, %[[Y:.+]]: tensor<8xi64>)
// CHECK:         %[[LOSS:.+]], %[[LSE:.+]] = lmhead.ce_linear_fwd %[[H]], %[[W]], %[[Y]] layout(vd) reduction(mean) : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>) -> (tensor<f32>, tensor<8xf32>)
// CHECK:         return %[[LOSS]], %[[LSE]]
func.func @ce_linear_fwd_mean_vd_f32_i64(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>)
    -> (tensor<f32>, tensor<8xf32>) {
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean)
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>) -> (tensor<f32>, tensor<8xf32>)
  return %loss, %lse : tensor<f32>, tensor<8xf32>
}

// CHECK-LABEL: func.func @ce_linear_fwd_sum_dv_f16_i32(
// CHECK-SAME:    %[[H:.+]]: tensor<8x4xf16>, %[[W:.+]]: tensor<4x32xf16>, %[[Y:.+]]: tensor<8xi32>)
// CHECK:         %[[LOSS:.+]], %[[LSE:.+]] = lmhead.ce_linear_fwd %[[H]], %[[W]], %[[Y]] layout(dv) reduction(sum) : (tensor<8x4xf16>, tensor<4x32xf16>, tensor<8xi32>) -> (tensor<f32>, tensor<8xf32>)
// CHECK:         return %[[LOSS]], %[[LSE]]
func.func @ce_linear_fwd_sum_dv_f16_i32(%h: tensor<8x4xf16>, %w: tensor<4x32xf16>, %y: tensor<8xi32>)
    -> (tensor<f32>, tensor<8xf32>) {
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(dv) reduction(sum)
      : (tensor<8x4xf16>, tensor<4x32xf16>, tensor<8xi32>) -> (tensor<f32>, tensor<8xf32>)
  return %loss, %lse : tensor<f32>, tensor<8xf32>
}

// reduction(none) returns one loss per token.
// CHECK-LABEL: func.func @ce_linear_fwd_none_bf16(
// CHECK-SAME:    %[[H:.+]]: tensor<8x4xbf16>, %[[W:.+]]: tensor<32x4xbf16>, %[[Y:.+]]: tensor<8xi64>)
// CHECK:         %[[LOSS:.+]], %[[LSE:.+]] = lmhead.ce_linear_fwd %[[H]], %[[W]], %[[Y]] layout(vd) reduction(none) : (tensor<8x4xbf16>, tensor<32x4xbf16>, tensor<8xi64>) -> (tensor<8xf32>, tensor<8xf32>)
// CHECK:         return %[[LOSS]], %[[LSE]]
func.func @ce_linear_fwd_none_bf16(%h: tensor<8x4xbf16>, %w: tensor<32x4xbf16>, %y: tensor<8xi64>)
    -> (tensor<8xf32>, tensor<8xf32>) {
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(none)
      : (tensor<8x4xbf16>, tensor<32x4xbf16>, tensor<8xi64>) -> (tensor<8xf32>, tensor<8xf32>)
  return %loss, %lse : tensor<8xf32>, tensor<8xf32>
}

// CHECK-LABEL: func.func @ce_linear_fwd_bias(
// CHECK-SAME:    %[[H:.+]]: tensor<8x4xbf16>, %[[W:.+]]: tensor<4x32xbf16>, %[[Y:.+]]: tensor<8xi32>, %[[B:.+]]: tensor<32xbf16>)
// CHECK:         %[[LOSS:.+]], %[[LSE:.+]] = lmhead.ce_linear_fwd %[[H]], %[[W]], %[[Y]] bias(%[[B]]) layout(dv) reduction(mean) : (tensor<8x4xbf16>, tensor<4x32xbf16>, tensor<8xi32>, tensor<32xbf16>) -> (tensor<f32>, tensor<8xf32>)
// CHECK:         return %[[LOSS]], %[[LSE]]
func.func @ce_linear_fwd_bias(%h: tensor<8x4xbf16>, %w: tensor<4x32xbf16>, %y: tensor<8xi32>, %b: tensor<32xbf16>)
    -> (tensor<f32>, tensor<8xf32>) {
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y bias(%b) layout(dv) reduction(mean)
      : (tensor<8x4xbf16>, tensor<4x32xbf16>, tensor<8xi32>, tensor<32xbf16>) -> (tensor<f32>, tensor<8xf32>)
  return %loss, %lse : tensor<f32>, tensor<8xf32>
}

// Every cross-entropy option set to a non-default value.
// CHECK-LABEL: func.func @ce_linear_fwd_options(
// CHECK-SAME:    %[[H:.+]]: tensor<8x4xbf16>, %[[W:.+]]: tensor<32x4xbf16>, %[[Y:.+]]: tensor<8xi32>)
// CHECK:         %[[LOSS:.+]], %[[LSE:.+]] = lmhead.ce_linear_fwd %[[H]], %[[W]], %[[Y]] layout(vd) reduction(sum) {acc_type = bf16, ignore_index = 0 : i64, label_smoothing = 1.000000e-01 : f64, logit_softcap = 3.000000e+01 : f64, z_loss_weight = 1.000000e-04 : f64} : (tensor<8x4xbf16>, tensor<32x4xbf16>, tensor<8xi32>) -> (tensor<f32>, tensor<8xf32>)
// CHECK:         return %[[LOSS]], %[[LSE]]
func.func @ce_linear_fwd_options(%h: tensor<8x4xbf16>, %w: tensor<32x4xbf16>, %y: tensor<8xi32>)
    -> (tensor<f32>, tensor<8xf32>) {
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(sum)
      {ignore_index = 0 : i64, label_smoothing = 0.1 : f64, logit_softcap = 30.0 : f64,
       z_loss_weight = 1.0e-4 : f64, acc_type = bf16}
      : (tensor<8x4xbf16>, tensor<32x4xbf16>, tensor<8xi32>) -> (tensor<f32>, tensor<8xf32>)
  return %loss, %lse : tensor<f32>, tensor<8xf32>
}

// Options spelled at their default values are not printed; an explicit f32
// accumulator is kept.
// CHECK-LABEL: func.func @ce_linear_fwd_default_options(
// CHECK-SAME:    %[[H:.+]]: tensor<8x4xf16>, %[[W:.+]]: tensor<32x4xf16>, %[[Y:.+]]: tensor<8xi64>)
// CHECK:         %[[LOSS:.+]], %[[LSE:.+]] = lmhead.ce_linear_fwd %[[H]], %[[W]], %[[Y]] layout(vd) reduction(mean) {acc_type = f32} : (tensor<8x4xf16>, tensor<32x4xf16>, tensor<8xi64>) -> (tensor<f32>, tensor<8xf32>)
// CHECK:         return %[[LOSS]], %[[LSE]]
func.func @ce_linear_fwd_default_options(%h: tensor<8x4xf16>, %w: tensor<32x4xf16>, %y: tensor<8xi64>)
    -> (tensor<f32>, tensor<8xf32>) {
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean)
      {ignore_index = -100 : i64, label_smoothing = 0.0 : f64, logit_softcap = 0.0 : f64,
       z_loss_weight = 0.0 : f64, acc_type = f32}
      : (tensor<8x4xf16>, tensor<32x4xf16>, tensor<8xi64>) -> (tensor<f32>, tensor<8xf32>)
  return %loss, %lse : tensor<f32>, tensor<8xf32>
}

// An ignore_index beyond i32 is fine with i64 labels.
// CHECK-LABEL: func.func @ce_linear_fwd_wide_ignore_index(
// CHECK-SAME:    %[[H:.+]]: tensor<8x4xf32>, %[[W:.+]]: tensor<32x4xf32>, %[[Y:.+]]: tensor<8xi64>)
// CHECK:         %[[LOSS:.+]], %[[LSE:.+]] = lmhead.ce_linear_fwd %[[H]], %[[W]], %[[Y]] layout(vd) reduction(mean) {ignore_index = 4294967296 : i64} : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>) -> (tensor<f32>, tensor<8xf32>)
// CHECK:         return %[[LOSS]], %[[LSE]]
func.func @ce_linear_fwd_wide_ignore_index(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>)
    -> (tensor<f32>, tensor<8xf32>) {
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean) {ignore_index = 4294967296 : i64}
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>) -> (tensor<f32>, tensor<8xf32>)
  return %loss, %lse : tensor<f32>, tensor<8xf32>
}

// CHECK-LABEL: func.func @ce_linear_fwd_dynamic_n(
// CHECK-SAME:    %[[H:.+]]: tensor<?x4xbf16>, %[[W:.+]]: tensor<32x4xbf16>, %[[Y:.+]]: tensor<?xi64>)
// CHECK:         %[[LOSS:.+]], %[[LSE:.+]] = lmhead.ce_linear_fwd %[[H]], %[[W]], %[[Y]] layout(vd) reduction(none) : (tensor<?x4xbf16>, tensor<32x4xbf16>, tensor<?xi64>) -> (tensor<?xf32>, tensor<?xf32>)
// CHECK:         return %[[LOSS]], %[[LSE]]
func.func @ce_linear_fwd_dynamic_n(%h: tensor<?x4xbf16>, %w: tensor<32x4xbf16>, %y: tensor<?xi64>)
    -> (tensor<?xf32>, tensor<?xf32>) {
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(none)
      : (tensor<?x4xbf16>, tensor<32x4xbf16>, tensor<?xi64>) -> (tensor<?xf32>, tensor<?xf32>)
  return %loss, %lse : tensor<?xf32>, tensor<?xf32>
}

// CHECK-LABEL: func.func @ce_linear_fwd_fully_dynamic(
// CHECK-SAME:    %[[H:.+]]: tensor<?x?xf32>, %[[W:.+]]: tensor<?x?xf32>, %[[Y:.+]]: tensor<?xi32>, %[[B:.+]]: tensor<?xf32>)
// CHECK:         %[[LOSS:.+]], %[[LSE:.+]] = lmhead.ce_linear_fwd %[[H]], %[[W]], %[[Y]] bias(%[[B]]) layout(dv) reduction(mean) : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xi32>, tensor<?xf32>) -> (tensor<f32>, tensor<?xf32>)
// CHECK:         return %[[LOSS]], %[[LSE]]
func.func @ce_linear_fwd_fully_dynamic(%h: tensor<?x?xf32>, %w: tensor<?x?xf32>, %y: tensor<?xi32>, %b: tensor<?xf32>)
    -> (tensor<f32>, tensor<?xf32>) {
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y bias(%b) layout(dv) reduction(mean)
      : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xi32>, tensor<?xf32>) -> (tensor<f32>, tensor<?xf32>)
  return %loss, %lse : tensor<f32>, tensor<?xf32>
}

//===----------------------------------------------------------------------===//
// ce_linear_grad
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @ce_linear_grad_mean_vd_f32_i64(
// CHECK-SAME:    %[[H:.+]]: tensor<8x4xf32>, %[[W:.+]]: tensor<32x4xf32>, %[[Y:.+]]: tensor<8xi64>, %[[LSE:.+]]: tensor<8xf32>, %[[G:.+]]: tensor<f32>)
// CHECK:         %[[DH:.+]], %[[DW:.+]] = lmhead.ce_linear_grad %[[H]], %[[W]], %[[Y]], %[[LSE]], %[[G]] layout(vd) reduction(mean) : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>, tensor<8xf32>, tensor<f32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
// CHECK:         return %[[DH]], %[[DW]]
func.func @ce_linear_grad_mean_vd_f32_i64(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>,
                                          %lse: tensor<8xf32>, %g: tensor<f32>)
    -> (tensor<8x4xf32>, tensor<32x4xf32>) {
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean)
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>, tensor<8xf32>, tensor<f32>)
      -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return %dh, %dw : tensor<8x4xf32>, tensor<32x4xf32>
}

// CHECK-LABEL: func.func @ce_linear_grad_sum_dv_f16_i32(
// CHECK-SAME:    %[[H:.+]]: tensor<8x4xf16>, %[[W:.+]]: tensor<4x32xf16>, %[[Y:.+]]: tensor<8xi32>, %[[LSE:.+]]: tensor<8xf32>, %[[G:.+]]: tensor<f32>)
// CHECK:         %[[DH:.+]], %[[DW:.+]] = lmhead.ce_linear_grad %[[H]], %[[W]], %[[Y]], %[[LSE]], %[[G]] layout(dv) reduction(sum) : (tensor<8x4xf16>, tensor<4x32xf16>, tensor<8xi32>, tensor<8xf32>, tensor<f32>) -> (tensor<8x4xf16>, tensor<4x32xf16>)
// CHECK:         return %[[DH]], %[[DW]]
func.func @ce_linear_grad_sum_dv_f16_i32(%h: tensor<8x4xf16>, %w: tensor<4x32xf16>, %y: tensor<8xi32>,
                                         %lse: tensor<8xf32>, %g: tensor<f32>)
    -> (tensor<8x4xf16>, tensor<4x32xf16>) {
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(dv) reduction(sum)
      : (tensor<8x4xf16>, tensor<4x32xf16>, tensor<8xi32>, tensor<8xf32>, tensor<f32>)
      -> (tensor<8x4xf16>, tensor<4x32xf16>)
  return %dh, %dw : tensor<8x4xf16>, tensor<4x32xf16>
}

// reduction(none): the upstream gradient has one value per token.
// CHECK-LABEL: func.func @ce_linear_grad_none_bf16(
// CHECK-SAME:    %[[H:.+]]: tensor<8x4xbf16>, %[[W:.+]]: tensor<32x4xbf16>, %[[Y:.+]]: tensor<8xi64>, %[[LSE:.+]]: tensor<8xf32>, %[[G:.+]]: tensor<8xf32>)
// CHECK:         %[[DH:.+]], %[[DW:.+]] = lmhead.ce_linear_grad %[[H]], %[[W]], %[[Y]], %[[LSE]], %[[G]] layout(vd) reduction(none) : (tensor<8x4xbf16>, tensor<32x4xbf16>, tensor<8xi64>, tensor<8xf32>, tensor<8xf32>) -> (tensor<8x4xbf16>, tensor<32x4xf32>)
// CHECK:         return %[[DH]], %[[DW]]
func.func @ce_linear_grad_none_bf16(%h: tensor<8x4xbf16>, %w: tensor<32x4xbf16>, %y: tensor<8xi64>,
                                    %lse: tensor<8xf32>, %g: tensor<8xf32>)
    -> (tensor<8x4xbf16>, tensor<32x4xf32>) {
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(none)
      : (tensor<8x4xbf16>, tensor<32x4xbf16>, tensor<8xi64>, tensor<8xf32>, tensor<8xf32>)
      -> (tensor<8x4xbf16>, tensor<32x4xf32>)
  return %dh, %dw : tensor<8x4xbf16>, tensor<32x4xf32>
}

// A bias whose gradient is not asked for.
// CHECK-LABEL: func.func @ce_linear_grad_bias_no_db(
// CHECK-SAME:    %[[H:.+]]: tensor<8x4xf32>, %[[W:.+]]: tensor<32x4xf32>, %[[Y:.+]]: tensor<8xi64>, %[[LSE:.+]]: tensor<8xf32>, %[[G:.+]]: tensor<f32>, %[[B:.+]]: tensor<32xf32>)
// CHECK:         %[[DH:.+]], %[[DW:.+]] = lmhead.ce_linear_grad %[[H]], %[[W]], %[[Y]], %[[LSE]], %[[G]] bias(%[[B]]) layout(vd) reduction(mean) : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>, tensor<8xf32>, tensor<f32>, tensor<32xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
// CHECK:         return %[[DH]], %[[DW]]
func.func @ce_linear_grad_bias_no_db(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>,
                                     %lse: tensor<8xf32>, %g: tensor<f32>, %b: tensor<32xf32>)
    -> (tensor<8x4xf32>, tensor<32x4xf32>) {
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g bias(%b) layout(vd) reduction(mean)
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>, tensor<8xf32>, tensor<f32>, tensor<32xf32>)
      -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return %dh, %dw : tensor<8x4xf32>, tensor<32x4xf32>
}

// Bias and its gradient, both accumulate-into operands, mixed result types
// and every option.
// CHECK-LABEL: func.func @ce_linear_grad_everything(
// CHECK-SAME:    %[[H:.+]]: tensor<8x4xbf16>, %[[W:.+]]: tensor<4x32xbf16>, %[[Y:.+]]: tensor<8xi32>, %[[LSE:.+]]: tensor<8xf32>, %[[G:.+]]: tensor<8xf32>, %[[B:.+]]: tensor<32xbf16>, %[[GH:.+]]: tensor<8x4xbf16>, %[[GW:.+]]: tensor<4x32xf32>)
// CHECK:         %[[DH:.+]], %[[DW:.+]], %[[DB:.+]] = lmhead.ce_linear_grad %[[H]], %[[W]], %[[Y]], %[[LSE]], %[[G]] bias(%[[B]]) accumulate_dh(%[[GH]]) accumulate_dw(%[[GW]]) layout(dv) reduction(none) {acc_type = bf16, ignore_index = -1 : i64, label_smoothing = 2.500000e-01 : f64, logit_softcap = 1.500000e+01 : f64, z_loss_weight = 1.000000e-03 : f64} : (tensor<8x4xbf16>, tensor<4x32xbf16>, tensor<8xi32>, tensor<8xf32>, tensor<8xf32>, tensor<32xbf16>, tensor<8x4xbf16>, tensor<4x32xf32>) -> (tensor<8x4xbf16>, tensor<4x32xf32>, tensor<32xf32>)
// CHECK:         return %[[DH]], %[[DW]], %[[DB]]
func.func @ce_linear_grad_everything(%h: tensor<8x4xbf16>, %w: tensor<4x32xbf16>, %y: tensor<8xi32>,
                                     %lse: tensor<8xf32>, %g: tensor<8xf32>, %b: tensor<32xbf16>,
                                     %gh: tensor<8x4xbf16>, %gw: tensor<4x32xf32>)
    -> (tensor<8x4xbf16>, tensor<4x32xf32>, tensor<32xf32>) {
  %dh, %dw, %db = lmhead.ce_linear_grad %h, %w, %y, %lse, %g bias(%b) accumulate_dh(%gh) accumulate_dw(%gw)
      layout(dv) reduction(none)
      {ignore_index = -1 : i64, label_smoothing = 0.25 : f64, logit_softcap = 15.0 : f64,
       z_loss_weight = 1.0e-3 : f64, acc_type = bf16}
      : (tensor<8x4xbf16>, tensor<4x32xbf16>, tensor<8xi32>, tensor<8xf32>, tensor<8xf32>,
         tensor<32xbf16>, tensor<8x4xbf16>, tensor<4x32xf32>)
      -> (tensor<8x4xbf16>, tensor<4x32xf32>, tensor<32xf32>)
  return %dh, %dw, %db : tensor<8x4xbf16>, tensor<4x32xf32>, tensor<32xf32>
}

// Gradient statistics after the bias gradient.
// CHECK-LABEL: func.func @ce_linear_grad_stats(
// CHECK:         {{.+}} = lmhead.ce_linear_grad %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} bias(%{{.+}}) layout(vd) reduction(mean) : (tensor<?x4xbf16>, tensor<32x4xbf16>, tensor<?xi64>, tensor<?xf32>, tensor<f32>, tensor<32xbf16>) -> (tensor<?x4xbf16>, tensor<32x4xbf16>, tensor<32xf32>, stats tensor<3xf32>)
func.func @ce_linear_grad_stats(%h: tensor<?x4xbf16>, %w: tensor<32x4xbf16>, %y: tensor<?xi64>,
                                %lse: tensor<?xf32>, %g: tensor<f32>, %b: tensor<32xbf16>)
    -> tensor<3xf32> {
  %dh, %dw, %db, %stats = lmhead.ce_linear_grad %h, %w, %y, %lse, %g bias(%b) layout(vd) reduction(mean)
      : (tensor<?x4xbf16>, tensor<32x4xbf16>, tensor<?xi64>, tensor<?xf32>, tensor<f32>, tensor<32xbf16>)
      -> (tensor<?x4xbf16>, tensor<32x4xbf16>, tensor<32xf32>, stats tensor<3xf32>)
  return %stats : tensor<3xf32>
}

// A run-time scale of dW and db (the head's gradient scale, or the
// inverse of a loss scale).
// CHECK-LABEL: func.func @ce_linear_grad_dw_scale(
// CHECK:         {{.+}} = lmhead.ce_linear_grad %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} accumulate_dw(%{{.+}}) dw_scale(%{{.+}}) layout(vd) reduction(sum) : (tensor<?x4xbf16>, tensor<32x4xbf16>, tensor<?xi64>, tensor<?xf32>, tensor<f32>, tensor<32x4xf32>, tensor<f32>) -> (tensor<?x4xbf16>, tensor<32x4xf32>, stats tensor<3xf32>)
func.func @ce_linear_grad_dw_scale(%h: tensor<?x4xbf16>, %w: tensor<32x4xbf16>, %y: tensor<?xi64>,
                                   %lse: tensor<?xf32>, %g: tensor<f32>, %gw: tensor<32x4xf32>,
                                   %s: tensor<f32>) -> tensor<3xf32> {
  %dh, %dw, %stats = lmhead.ce_linear_grad %h, %w, %y, %lse, %g accumulate_dw(%gw) dw_scale(%s)
      layout(vd) reduction(sum)
      : (tensor<?x4xbf16>, tensor<32x4xbf16>, tensor<?xi64>, tensor<?xf32>, tensor<f32>, tensor<32x4xf32>, tensor<f32>)
      -> (tensor<?x4xbf16>, tensor<32x4xf32>, stats tensor<3xf32>)
  return %stats : tensor<3xf32>
}

// Only the hidden-state gradient is accumulated into.
// CHECK-LABEL: func.func @ce_linear_grad_accumulate_dh(
// CHECK-SAME:    %[[H:.+]]: tensor<8x4xf16>, %[[W:.+]]: tensor<32x4xf16>, %[[Y:.+]]: tensor<8xi64>, %[[LSE:.+]]: tensor<8xf32>, %[[G:.+]]: tensor<f32>, %[[GH:.+]]: tensor<8x4xf32>)
// CHECK:         %[[DH:.+]], %[[DW:.+]] = lmhead.ce_linear_grad %[[H]], %[[W]], %[[Y]], %[[LSE]], %[[G]] accumulate_dh(%[[GH]]) layout(vd) reduction(sum) {acc_type = f16} : (tensor<8x4xf16>, tensor<32x4xf16>, tensor<8xi64>, tensor<8xf32>, tensor<f32>, tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf16>)
// CHECK:         return %[[DH]], %[[DW]]
func.func @ce_linear_grad_accumulate_dh(%h: tensor<8x4xf16>, %w: tensor<32x4xf16>, %y: tensor<8xi64>,
                                        %lse: tensor<8xf32>, %g: tensor<f32>, %gh: tensor<8x4xf32>)
    -> (tensor<8x4xf32>, tensor<32x4xf16>) {
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g accumulate_dh(%gh) layout(vd) reduction(sum)
      {acc_type = f16}
      : (tensor<8x4xf16>, tensor<32x4xf16>, tensor<8xi64>, tensor<8xf32>, tensor<f32>, tensor<8x4xf32>)
      -> (tensor<8x4xf32>, tensor<32x4xf16>)
  return %dh, %dw : tensor<8x4xf32>, tensor<32x4xf16>
}

// Only the weight gradient is accumulated into (a tied embedding).
// CHECK-LABEL: func.func @ce_linear_grad_accumulate_dw(
// CHECK-SAME:    %[[H:.+]]: tensor<?x4xbf16>, %[[W:.+]]: tensor<32x4xbf16>, %[[Y:.+]]: tensor<?xi64>, %[[LSE:.+]]: tensor<?xf32>, %[[G:.+]]: tensor<f32>, %[[GW:.+]]: tensor<32x4xf32>)
// CHECK:         %[[DH:.+]], %[[DW:.+]] = lmhead.ce_linear_grad %[[H]], %[[W]], %[[Y]], %[[LSE]], %[[G]] accumulate_dw(%[[GW]]) layout(vd) reduction(mean) : (tensor<?x4xbf16>, tensor<32x4xbf16>, tensor<?xi64>, tensor<?xf32>, tensor<f32>, tensor<32x4xf32>) -> (tensor<?x4xbf16>, tensor<32x4xf32>)
// CHECK:         return %[[DH]], %[[DW]]
func.func @ce_linear_grad_accumulate_dw(%h: tensor<?x4xbf16>, %w: tensor<32x4xbf16>, %y: tensor<?xi64>,
                                        %lse: tensor<?xf32>, %g: tensor<f32>, %gw: tensor<32x4xf32>)
    -> (tensor<?x4xbf16>, tensor<32x4xf32>) {
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g accumulate_dw(%gw) layout(vd) reduction(mean)
      : (tensor<?x4xbf16>, tensor<32x4xbf16>, tensor<?xi64>, tensor<?xf32>, tensor<f32>, tensor<32x4xf32>)
      -> (tensor<?x4xbf16>, tensor<32x4xf32>)
  return %dh, %dw : tensor<?x4xbf16>, tensor<32x4xf32>
}

// A dynamic token count with reduction(none).
// CHECK-LABEL: func.func @ce_linear_grad_dynamic_n(
// CHECK-SAME:    %[[H:.+]]: tensor<?x4xf32>, %[[W:.+]]: tensor<4x32xf32>, %[[Y:.+]]: tensor<?xi32>, %[[LSE:.+]]: tensor<?xf32>, %[[G:.+]]: tensor<?xf32>)
// CHECK:         %[[DH:.+]], %[[DW:.+]] = lmhead.ce_linear_grad %[[H]], %[[W]], %[[Y]], %[[LSE]], %[[G]] layout(dv) reduction(none) : (tensor<?x4xf32>, tensor<4x32xf32>, tensor<?xi32>, tensor<?xf32>, tensor<?xf32>) -> (tensor<?x4xf32>, tensor<4x32xf32>)
// CHECK:         return %[[DH]], %[[DW]]
func.func @ce_linear_grad_dynamic_n(%h: tensor<?x4xf32>, %w: tensor<4x32xf32>, %y: tensor<?xi32>,
                                    %lse: tensor<?xf32>, %g: tensor<?xf32>)
    -> (tensor<?x4xf32>, tensor<4x32xf32>) {
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(dv) reduction(none)
      : (tensor<?x4xf32>, tensor<4x32xf32>, tensor<?xi32>, tensor<?xf32>, tensor<?xf32>)
      -> (tensor<?x4xf32>, tensor<4x32xf32>)
  return %dh, %dw : tensor<?x4xf32>, tensor<4x32xf32>
}

// Every dimension dynamic, with a bias and its gradient.
// CHECK-LABEL: func.func @ce_linear_grad_fully_dynamic(
// CHECK-SAME:    %[[H:.+]]: tensor<?x?xf16>, %[[W:.+]]: tensor<?x?xf16>, %[[Y:.+]]: tensor<?xi64>, %[[LSE:.+]]: tensor<?xf32>, %[[G:.+]]: tensor<?xf32>, %[[B:.+]]: tensor<?xf16>)
// CHECK:         %[[DH:.+]], %[[DW:.+]], %[[DB:.+]] = lmhead.ce_linear_grad %[[H]], %[[W]], %[[Y]], %[[LSE]], %[[G]] bias(%[[B]]) layout(vd) reduction(none) : (tensor<?x?xf16>, tensor<?x?xf16>, tensor<?xi64>, tensor<?xf32>, tensor<?xf32>, tensor<?xf16>) -> (tensor<?x?xf16>, tensor<?x?xf16>, tensor<?xf16>)
// CHECK:         return %[[DH]], %[[DW]], %[[DB]]
func.func @ce_linear_grad_fully_dynamic(%h: tensor<?x?xf16>, %w: tensor<?x?xf16>, %y: tensor<?xi64>,
                                        %lse: tensor<?xf32>, %g: tensor<?xf32>, %b: tensor<?xf16>)
    -> (tensor<?x?xf16>, tensor<?x?xf16>, tensor<?xf16>) {
  %dh, %dw, %db = lmhead.ce_linear_grad %h, %w, %y, %lse, %g bias(%b) layout(vd) reduction(none)
      : (tensor<?x?xf16>, tensor<?x?xf16>, tensor<?xi64>, tensor<?xf32>, tensor<?xf32>, tensor<?xf16>)
      -> (tensor<?x?xf16>, tensor<?x?xf16>, tensor<?xf16>)
  return %dh, %dw, %db : tensor<?x?xf16>, tensor<?x?xf16>, tensor<?xf16>
}

//===----------------------------------------------------------------------===//
// #lmhead.gemm and #lmhead.plan
//===----------------------------------------------------------------------===//

// The plan --lmhead-plan attaches: the nested #lmhead.gemm configurations
// print without their prefix.
// CHECK-LABEL: func.func @linear_grad_with_plan(
// CHECK:         lmhead.linear_grad %{{.+}} layout(vd) {lmhead.plan = #lmhead.plan<target = sm_80, dh = <blockM = 128, blockN = 256, blockK = 32, warpM = 64, warpN = 64, stages = 5, copyBytes = 16, swizzle = 1>, dw = <blockM = 64, blockN = 64, blockK = 64, warpM = 32, warpN = 32, stages = 2, copyBytes = 8, swizzle = 0>, dhMicros = 1.250000e+01 : f64, dwMicros = 7.500000e+00 : f64>}
func.func @linear_grad_with_plan(%dz: tensor<1024x512xbf16>, %h: tensor<1024x64xbf16>, %w: tensor<512x64xbf16>)
    -> (tensor<1024x64xbf16>, tensor<512x64xf32>) {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd) {lmhead.plan = #lmhead.plan<target = sm_80,
      dh = #lmhead.gemm<blockM = 128, blockN = 256, blockK = 32, warpM = 64, warpN = 64, stages = 5, copyBytes = 16, swizzle = 1>,
      dw = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 64, warpM = 32, warpN = 32, stages = 2, copyBytes = 8, swizzle = 0>,
      dhMicros = 12.5 : f64, dwMicros = 7.5 : f64>}
      : (tensor<1024x512xbf16>, tensor<1024x64xbf16>, tensor<512x64xbf16>)
      -> (tensor<1024x64xbf16>, tensor<512x64xf32>)
  return %dh, %dw : tensor<1024x64xbf16>, tensor<512x64xf32>
}

// An sm_90a plan whose dW GEMM reads rows TMA cannot load (a vocabulary of
// 1001): the sm_80 kernel with element copies builds it, and its
// configuration says so; the dh GEMM is the target's own.
// CHECK-LABEL: func.func @linear_grad_with_sm80_kernel_on_sm90a(
// CHECK:         lmhead.linear_grad %{{.+}} layout(dv) {lmhead.plan = #lmhead.plan<target = sm_90a, dh = <blockM = 128, blockN = 64, blockK = 64, warpM = 64, warpN = 64, stages = 4, copyBytes = 16, swizzle = 1>, dw = <blockM = 64, blockN = 64, blockK = 32, warpM = 32, warpN = 32, stages = 2, copyBytes = 2, swizzle = 1, kernel = sm_80>, dhMicros = 1.250000e+01 : f64, dwMicros = 7.500000e+00 : f64>}
func.func @linear_grad_with_sm80_kernel_on_sm90a(%dz: tensor<1024x1001xbf16>, %h: tensor<1024x64xbf16>, %w: tensor<64x1001xbf16>)
    -> (tensor<1024x64xbf16>, tensor<64x1001xf32>) {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(dv) {lmhead.plan = #lmhead.plan<target = sm_90a,
      dh = #lmhead.gemm<blockM = 128, blockN = 64, blockK = 64, warpM = 64, warpN = 64, stages = 4, copyBytes = 16, swizzle = 1>,
      dw = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 32, warpM = 32, warpN = 32, stages = 2, copyBytes = 2, swizzle = 1, kernel = sm_80>,
      dhMicros = 12.5 : f64, dwMicros = 7.5 : f64>}
      : (tensor<1024x1001xbf16>, tensor<1024x64xbf16>, tensor<64x1001xbf16>)
      -> (tensor<1024x64xbf16>, tensor<64x1001xf32>)
  return %dh, %dw : tensor<1024x64xbf16>, tensor<64x1001xf32>
}

// A configuration on its own, at the limits the attribute accepts: one warp
// of 16x16, 4-byte copies; element copies; an sm_90a-style one (warpgroup
// tiles); one that names its kernel family (the same as no name in a
// plan for that target); raster groups: one of 32 rows of tiles, and
// the usual 8, which goes without saying; and a persistent grid of 132
// blocks, and one block per tile (persistent = 0), which goes without
// saying too; 2x1 and 1x2 clusters, and no cluster (1x1), which goes
// without saying; a store through TMA, and from registers (tmaStore = 0),
// which goes without saying; a ping-pong kernel, and the cooperative one
// (pingPong = 0), which goes without saying.
// CHECK-LABEL: func.func @gemm_configs(
// CHECK-SAME:    lmhead.cooperative = #lmhead.gemm<blockM = 128, blockN = 128, blockK = 64, warpM = 64, warpN = 128, stages = 3, copyBytes = 16, swizzle = 1, persistent = 132>
// CHECK-SAME:    lmhead.eight = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 32, warpM = 32, warpN = 32, stages = 3, copyBytes = 16, swizzle = 1>
// CHECK-SAME:    lmhead.elements = #lmhead.gemm<blockM = 32, blockN = 32, blockK = 32, warpM = 16, warpN = 16, stages = 2, copyBytes = 2, swizzle = 1>
// CHECK-SAME:    lmhead.grouped = #lmhead.gemm<blockM = 128, blockN = 256, blockK = 64, warpM = 64, warpN = 256, stages = 3, copyBytes = 16, swizzle = 1, groupRows = 32>
// CHECK-SAME:    lmhead.lone = #lmhead.gemm<blockM = 128, blockN = 128, blockK = 64, warpM = 64, warpN = 128, stages = 4, copyBytes = 16, swizzle = 1>
// CHECK-SAME:    lmhead.named = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 32, warpM = 32, warpN = 32, stages = 3, copyBytes = 8, swizzle = 1, kernel = sm_80>
// CHECK-SAME:    lmhead.pair_m = #lmhead.gemm<blockM = 128, blockN = 128, blockK = 64, warpM = 64, warpN = 128, stages = 4, copyBytes = 16, swizzle = 1, persistent = 132, clusterM = 2>
// CHECK-SAME:    lmhead.pair_n = #lmhead.gemm<blockM = 128, blockN = 128, blockK = 64, warpM = 64, warpN = 128, stages = 4, copyBytes = 16, swizzle = 1, clusterN = 2>
// CHECK-SAME:    lmhead.per_tile = #lmhead.gemm<blockM = 128, blockN = 256, blockK = 64, warpM = 64, warpN = 256, stages = 3, copyBytes = 16, swizzle = 1>
// CHECK-SAME:    lmhead.persistent = #lmhead.gemm<blockM = 128, blockN = 256, blockK = 64, warpM = 64, warpN = 256, stages = 3, copyBytes = 16, swizzle = 1, groupRows = 16, persistent = 132>
// CHECK-SAME:    lmhead.ping_pong = #lmhead.gemm<blockM = 128, blockN = 128, blockK = 64, warpM = 128, warpN = 128, stages = 3, copyBytes = 16, swizzle = 1, persistent = 132, clusterM = 2, tmaStore = 1, pingPong = 1>
// CHECK-SAME:    lmhead.registers = #lmhead.gemm<blockM = 128, blockN = 128, blockK = 64, warpM = 64, warpN = 128, stages = 3, copyBytes = 16, swizzle = 1>
// CHECK-SAME:    lmhead.small = #lmhead.gemm<blockM = 16, blockN = 16, blockK = 16, warpM = 16, warpN = 16, stages = 2, copyBytes = 4, swizzle = 0>
// CHECK-SAME:    lmhead.tma_store = #lmhead.gemm<blockM = 128, blockN = 128, blockK = 64, warpM = 64, warpN = 128, stages = 3, copyBytes = 16, swizzle = 1, persistent = 132, clusterM = 2, tmaStore = 1>
// CHECK-SAME:    lmhead.wgmma = #lmhead.gemm<blockM = 128, blockN = 256, blockK = 64, warpM = 64, warpN = 256, stages = 4, copyBytes = 16, swizzle = 1>
func.func @gemm_configs() attributes {
    lmhead.small = #lmhead.gemm<blockM = 16, blockN = 16, blockK = 16, warpM = 16, warpN = 16, stages = 2, copyBytes = 4, swizzle = 0>,
    lmhead.elements = #lmhead.gemm<blockM = 32, blockN = 32, blockK = 32, warpM = 16, warpN = 16, stages = 2, copyBytes = 2, swizzle = 1>,
    lmhead.wgmma = #lmhead.gemm<blockM = 128, blockN = 256, blockK = 64, warpM = 64, warpN = 256, stages = 4, copyBytes = 16, swizzle = 1>,
    lmhead.named = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 32, warpM = 32, warpN = 32, stages = 3, copyBytes = 8, swizzle = 1, kernel = sm_80>,
    lmhead.grouped = #lmhead.gemm<blockM = 128, blockN = 256, blockK = 64, warpM = 64, warpN = 256, stages = 3, copyBytes = 16, swizzle = 1, groupRows = 32>,
    lmhead.eight = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 32, warpM = 32, warpN = 32, stages = 3, copyBytes = 16, swizzle = 1, groupRows = 8>,
    lmhead.persistent = #lmhead.gemm<blockM = 128, blockN = 256, blockK = 64, warpM = 64, warpN = 256, stages = 3, copyBytes = 16, swizzle = 1, groupRows = 16, persistent = 132>,
    lmhead.per_tile = #lmhead.gemm<blockM = 128, blockN = 256, blockK = 64, warpM = 64, warpN = 256, stages = 3, copyBytes = 16, swizzle = 1, persistent = 0>,
    lmhead.pair_m = #lmhead.gemm<blockM = 128, blockN = 128, blockK = 64, warpM = 64, warpN = 128, stages = 4, copyBytes = 16, swizzle = 1, persistent = 132, clusterM = 2>,
    lmhead.pair_n = #lmhead.gemm<blockM = 128, blockN = 128, blockK = 64, warpM = 64, warpN = 128, stages = 4, copyBytes = 16, swizzle = 1, clusterM = 1, clusterN = 2>,
    lmhead.lone = #lmhead.gemm<blockM = 128, blockN = 128, blockK = 64, warpM = 64, warpN = 128, stages = 4, copyBytes = 16, swizzle = 1, clusterM = 1, clusterN = 1>,
    lmhead.tma_store = #lmhead.gemm<blockM = 128, blockN = 128, blockK = 64, warpM = 64, warpN = 128, stages = 3, copyBytes = 16, swizzle = 1, persistent = 132, clusterM = 2, tmaStore = 1>,
    lmhead.registers = #lmhead.gemm<blockM = 128, blockN = 128, blockK = 64, warpM = 64, warpN = 128, stages = 3, copyBytes = 16, swizzle = 1, tmaStore = 0>,
    lmhead.ping_pong = #lmhead.gemm<blockM = 128, blockN = 128, blockK = 64, warpM = 128, warpN = 128, stages = 3, copyBytes = 16, swizzle = 1, persistent = 132, clusterM = 2, tmaStore = 1, pingPong = 1>,
    lmhead.cooperative = #lmhead.gemm<blockM = 128, blockN = 128, blockK = 64, warpM = 64, warpN = 128, stages = 3, copyBytes = 16, swizzle = 1, persistent = 132, pingPong = 0>} {
  return
}

// ce_linear_step: the fewest operands, then every optional operand, result
// and attribute (grad_reduction included) and a one-pass plan.
// CHECK-LABEL: func.func @ce_linear_step_minimal(
// CHECK:         lmhead.ce_linear_step %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} layout(vd) reduction(mean)
// CHECK-SAME:      -> (tensor<f32>, tensor<?xf32>, tensor<?x64xbf16>, tensor<1024x64xf32>)
func.func @ce_linear_step_minimal(%h: tensor<?x64xbf16>, %w: tensor<1024x64xbf16>, %y: tensor<?xi64>, %g: tensor<f32>)
    -> (tensor<f32>, tensor<?xf32>, tensor<?x64xbf16>, tensor<1024x64xf32>) {
  %loss, %lse, %dh, %dw = lmhead.ce_linear_step %h, %w, %y, %g layout(vd) reduction(mean)
      : (tensor<?x64xbf16>, tensor<1024x64xbf16>, tensor<?xi64>, tensor<f32>)
      -> (tensor<f32>, tensor<?xf32>, tensor<?x64xbf16>, tensor<1024x64xf32>)
  return %loss, %lse, %dh, %dw : tensor<f32>, tensor<?xf32>, tensor<?x64xbf16>, tensor<1024x64xf32>
}

// CHECK-LABEL: func.func @ce_linear_step_everything(
// CHECK:         lmhead.ce_linear_step %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} bias(%{{.*}}) accumulate_dh(%{{.*}}) accumulate_dw(%{{.*}}) layout(dv) reduction(mean) grad_reduction(sum)
// CHECK-SAME:      ignore_index = -1 : i64
// CHECK-SAME:      label_smoothing = 1.000000e-01 : f64
// CHECK-SAME:      lmhead.plan = #lmhead.ce_plan<target = sm_90a, logits = <blockM = 128, blockN = 256, blockK = 64, warpM = 64, warpN = 256, stages = 3, copyBytes = 16, swizzle = 1>, dh = <blockM = 128, blockN = 64, blockK = 64, warpM = 64, warpN = 64, stages = 4, copyBytes = 16, swizzle = 1>, dw = <blockM = 128, blockN = 64, blockK = 64, warpM = 64, warpN = 64, stages = 4, copyBytes = 16, swizzle = 1>, chunk = 256, micros = 1.250000e+01 : f64>
// CHECK-SAME:      logit_softcap = 3.000000e+01 : f64
// CHECK-SAME:      z_loss_weight = 1.000000e-04 : f64
// CHECK-SAME:      -> (tensor<f32>, tensor<512xf32>, tensor<512x64xf16>, tensor<64x1000xf32>, tensor<1000xf32>)
func.func @ce_linear_step_everything(%h: tensor<512x64xf16>, %w: tensor<64x1000xf16>, %y: tensor<512xi32>, %g: tensor<f32>,
    %b: tensor<1000xf16>, %dh0: tensor<512x64xf16>, %dw0: tensor<64x1000xf32>)
    -> (tensor<f32>, tensor<512xf32>, tensor<512x64xf16>, tensor<64x1000xf32>, tensor<1000xf32>) {
  %loss, %lse, %dh, %dw, %db = lmhead.ce_linear_step %h, %w, %y, %g bias(%b) accumulate_dh(%dh0) accumulate_dw(%dw0)
      layout(dv) reduction(mean) grad_reduction(sum) {ignore_index = -1 : i64,
        label_smoothing = 0.1 : f64, logit_softcap = 30.0 : f64, z_loss_weight = 1.0e-4 : f64,
        lmhead.plan = #lmhead.ce_plan<target = sm_90a,
          logits = <blockM = 128, blockN = 256, blockK = 64, warpM = 64, warpN = 256, stages = 3, copyBytes = 16, swizzle = 1>,
          dh = <blockM = 128, blockN = 64, blockK = 64, warpM = 64, warpN = 64, stages = 4, copyBytes = 16, swizzle = 1>,
          dw = <blockM = 128, blockN = 64, blockK = 64, warpM = 64, warpN = 64, stages = 4, copyBytes = 16, swizzle = 1>,
          chunk = 256, micros = 12.5 : f64>}
      : (tensor<512x64xf16>, tensor<64x1000xf16>, tensor<512xi32>, tensor<f32>, tensor<1000xf16>, tensor<512x64xf16>, tensor<64x1000xf32>)
      -> (tensor<f32>, tensor<512xf32>, tensor<512x64xf16>, tensor<64x1000xf32>, tensor<1000xf32>)
  return %loss, %lse, %dh, %dw, %db : tensor<f32>, tensor<512xf32>, tensor<512x64xf16>, tensor<64x1000xf32>, tensor<1000xf32>
}

// The gradient statistics and the dW scale; statistics without a bias
// gradient.
// CHECK-LABEL: func.func @ce_linear_step_statistics(
// CHECK:         lmhead.ce_linear_step %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} bias(%{{.*}}) dw_scale(%{{.*}}) layout(vd) reduction(sum)
// CHECK-SAME:      -> (tensor<f32>, tensor<?xf32>, tensor<?x64xbf16>, tensor<1000x64xbf16>, tensor<1000xf32>, stats tensor<3xf32>)
// CHECK:         lmhead.ce_linear_step %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} bias(%{{.*}}) layout(vd) reduction(sum)
// CHECK-SAME:      -> (tensor<f32>, tensor<?xf32>, tensor<?x64xbf16>, tensor<1000x64xbf16>, stats tensor<3xf32>)
func.func @ce_linear_step_statistics(%h: tensor<?x64xbf16>, %w: tensor<1000x64xbf16>, %y: tensor<?xi64>, %g: tensor<f32>,
    %b: tensor<1000xbf16>, %s: tensor<f32>) {
  %loss, %lse, %dh, %dw, %db, %stats = lmhead.ce_linear_step %h, %w, %y, %g bias(%b) dw_scale(%s) layout(vd) reduction(sum)
      : (tensor<?x64xbf16>, tensor<1000x64xbf16>, tensor<?xi64>, tensor<f32>, tensor<1000xbf16>, tensor<f32>)
      -> (tensor<f32>, tensor<?xf32>, tensor<?x64xbf16>, tensor<1000x64xbf16>, tensor<1000xf32>, stats tensor<3xf32>)
  %loss2, %lse2, %dh2, %dw2, %stats2 = lmhead.ce_linear_step %h, %w, %y, %g bias(%b) layout(vd) reduction(sum)
      : (tensor<?x64xbf16>, tensor<1000x64xbf16>, tensor<?xi64>, tensor<f32>, tensor<1000xbf16>)
      -> (tensor<f32>, tensor<?xf32>, tensor<?x64xbf16>, tensor<1000x64xbf16>, stats tensor<3xf32>)
  return
}
