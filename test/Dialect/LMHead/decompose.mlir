// RUN: lmhead-opt %s --lmhead-decompose --split-input-file | FileCheck %s
// RUN: lmhead-opt %s --lmhead-decompose --split-input-file | FileCheck %s --check-prefix=NOLMHEAD

// Structure of the decomposition: which contractions and reductions each op
// becomes. The numbers are checked by test/Integration/Decompose.

// NOLMHEAD-NOT: lmhead.

// dh = dZ·W over loops (n, d, v) and dW = dZᵀ·h over loops (v, d, n).
// CHECK-DAG: #[[$NK:.+]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[$KN:.+]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[$OUT:.+]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[$TR:.+]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-LABEL: func.func @linear_grad_vd(
// CHECK-SAME: %[[DZ:[^:]+]]: tensor<8x32xf32>, %[[H:[^:]+]]: tensor<8x4xf32>, %[[W:[^:]+]]: tensor<32x4xf32>
// CHECK: %[[ZERO_DH:.+]] = linalg.fill {{.*}} -> tensor<8x4xf32>
// CHECK: %[[DH:.+]] = linalg.generic {indexing_maps = [#[[$NK]], #[[$KN]], #[[$OUT]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[DZ]], %[[W]] : {{.*}}) outs(%[[ZERO_DH]] : tensor<8x4xf32>)
// CHECK:   arith.mulf
// CHECK:   arith.addf
// CHECK: %[[ZERO_DW:.+]] = linalg.fill {{.*}} -> tensor<32x4xf32>
// CHECK: %[[DW:.+]] = linalg.generic {indexing_maps = [#[[$TR]], #[[$KN]], #[[$OUT]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[DZ]], %[[H]] : {{.*}}) outs(%[[ZERO_DW]] : tensor<32x4xf32>)
// CHECK: return %[[DH]], %[[DW]]
func.func @linear_grad_vd(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>) {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
    : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return %dh, %dw : tensor<8x4xf32>, tensor<32x4xf32>
}

// -----

// A [D,V] weight is read as W[d,v] by dh and written as dW[d,v].
// CHECK-DAG: #[[$NK:.+]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[$WDV:.+]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[$OUT:.+]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[$DZT:.+]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[$HT:.+]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-LABEL: func.func @linear_grad_dv(
// CHECK: linalg.generic {indexing_maps = [#[[$NK]], #[[$WDV]], #[[$OUT]]]{{.*}} outs({{.*}} : tensor<8x4xf32>)
// CHECK: linalg.generic {indexing_maps = [#[[$DZT]], #[[$HT]], #[[$OUT]]]{{.*}} outs({{.*}} : tensor<4x32xf32>)
func.func @linear_grad_dv(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<4x32xf32>) -> (tensor<8x4xf32>, tensor<4x32xf32>) {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(dv)
    : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<4x32xf32>) -> (tensor<8x4xf32>, tensor<4x32xf32>)
  return %dh, %dw : tensor<8x4xf32>, tensor<4x32xf32>
}

// -----

// bf16 operands are widened inside the product; the epilogue scales, adds
// the existing gradient and rounds once. The bias gradient sums over tokens.
// CHECK-LABEL: func.func @linear_grad_epilogue(
// CHECK-SAME: %[[DZ:[^:]+]]: tensor<?x32xbf16>, %[[H:[^:]+]]: tensor<?x4xbf16>, %[[W:[^:]+]]: tensor<32x4xbf16>, %[[ACC:[^:]+]]: tensor<32x4xf32>
// CHECK-DAG: %[[HALF:.+]] = arith.constant 5.000000e-01 : f32
// CHECK: %[[N:.+]] = tensor.dim %[[DZ]]
// CHECK: linalg.generic {{.*}} ins(%[[DZ]], %[[W]] : {{.*}}) outs({{.*}} : tensor<?x4xf32>)
// CHECK:   arith.extf {{.*}} : bf16 to f32
// CHECK:   arith.extf {{.*}} : bf16 to f32
// CHECK: %[[DH:.+]] = linalg.generic {{.*}} outs({{.*}} : tensor<?x4xbf16>)
// CHECK:   arith.mulf {{.*}}, %[[HALF]]
// CHECK:   arith.truncf {{.*}} : f32 to bf16
// CHECK: %[[DWP:.+]] = linalg.generic {{.*}} ins(%[[DZ]], %[[H]] : {{.*}}) outs({{.*}} : tensor<32x4xf32>)
// CHECK: %[[DW:.+]] = linalg.generic {{.*}} ins(%[[DWP]], %[[ACC]] : tensor<32x4xf32>, tensor<32x4xf32>)
// CHECK:   %[[S:.+]] = arith.mulf {{.*}}, %[[HALF]]
// CHECK:   arith.addf %[[S]]
// CHECK: %[[DBP:.+]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[DZ]] : tensor<?x32xbf16>) outs({{.*}} : tensor<32xf32>)
// CHECK: %[[DB:.+]] = linalg.generic {{.*}} ins(%[[DBP]] : tensor<32xf32>)
// CHECK: return %[[DH]], %[[DW]], %[[DB]]
func.func @linear_grad_epilogue(%dz: tensor<?x32xbf16>, %h: tensor<?x4xbf16>, %w: tensor<32x4xbf16>, %acc: tensor<32x4xf32>) -> (tensor<?x4xbf16>, tensor<32x4xf32>, tensor<32xf32>) {
  %dh, %dw, %db = lmhead.linear_grad %dz, %h, %w accumulate_dw(%acc) layout(vd) {scale = 5.000000e-01 : f64}
    : (tensor<?x32xbf16>, tensor<?x4xbf16>, tensor<32x4xbf16>, tensor<32x4xf32>) -> (tensor<?x4xbf16>, tensor<32x4xf32>, tensor<32xf32>)
  return %dh, %dw, %db : tensor<?x4xbf16>, tensor<32x4xf32>, tensor<32xf32>
}

// -----

// A gradient nobody uses is not computed: only the dh contraction remains.
// CHECK-LABEL: func.func @linear_grad_dh_only(
// CHECK-COUNT-1: linalg.generic
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @linear_grad_dh_only(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>) -> tensor<8x4xf32> {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
    : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return %dh : tensor<8x4xf32>
}

// -----

// The forward: logits, max-shifted log-sum-exp, target logit, per-token
// loss with ignored tokens set to 0 and tokens labelled outside [0, 32) set
// to NaN (the label compared, never used as an index), and a mean guarded
// against 0 tokens.
// CHECK-LABEL: func.func @ce_fwd_mean(
// CHECK-SAME: %[[H:[^:]+]]: tensor<?x4xf32>, %[[W:[^:]+]]: tensor<32x4xf32>, %[[Y:[^:]+]]: tensor<?xi64>
// CHECK-DAG: %[[IGNORE:.+]] = arith.constant -100 : i64
// CHECK-DAG: %[[NEGINF:.+]] = arith.constant 0xFF800000 : f32
// CHECK-DAG: %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[NAN:.+]] = arith.constant 0x7FC00000 : f32
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG: %[[V:.+]] = arith.constant 32 : index
// CHECK: %[[Z:.+]] = linalg.generic {{.*}} ins(%[[H]], %[[W]] : {{.*}}) outs({{.*}} : tensor<?x32xf32>)
// CHECK: %[[COUNT:.+]] = linalg.generic {{.*}} ins(%[[Y]] : tensor<?xi64>) outs({{.*}} : tensor<f32>)
// CHECK:   arith.cmpi ne, {{.*}}, %[[IGNORE]] : i64
// CHECK: %[[MAXINIT:.+]] = linalg.fill ins(%[[NEGINF]] : f32)
// CHECK: %[[MAX:.+]] = linalg.generic {{.*}} ins(%[[Z]] : tensor<?x32xf32>) outs(%[[MAXINIT]] : tensor<?xf32>)
// CHECK:   arith.maximumf
// CHECK: %[[SUM:.+]] = linalg.generic {{.*}} ins(%[[Z]], %[[MAX]] : tensor<?x32xf32>, tensor<?xf32>)
// CHECK:   arith.subf
// CHECK:   math.exp
// CHECK: %[[LSE:.+]] = linalg.generic {{.*}} ins(%[[MAX]], %[[SUM]] : tensor<?xf32>, tensor<?xf32>)
// CHECK:   math.log
// CHECK: %[[TARGET:.+]] = linalg.generic {{.*}} ins(%[[Z]], %[[Y]] : tensor<?x32xf32>, tensor<?xi64>)
// CHECK:   linalg.index 1
// CHECK:   arith.cmpi eq
// CHECK: %[[LOSSES:.+]] = linalg.generic {{.*}} ins(%[[LSE]], %[[Y]], %[[TARGET]] : tensor<?xf32>, tensor<?xi64>, tensor<?xf32>)
// CHECK-NEXT: ^bb0(%[[ROWLSE:.+]]: f32, %[[LABEL:.+]]: i64, %[[ZY:.+]]: f32, %{{.+}}: f32):
// CHECK-NEXT:   %[[NLL:.+]] = arith.subf %[[ROWLSE]], %[[ZY]] : f32
// CHECK-NEXT:   %[[YI:.+]] = arith.index_cast %[[LABEL]] : i64 to index
// CHECK-NEXT:   %[[LOW:.+]] = arith.cmpi slt, %[[YI]], %[[C0]] : index
// CHECK-NEXT:   %[[HIGH:.+]] = arith.cmpi sge, %[[YI]], %[[V]] : index
// CHECK-NEXT:   %[[OUTSIDE:.+]] = arith.ori %[[LOW]], %[[HIGH]] : i1
// CHECK-NEXT:   %[[CHECKED:.+]] = arith.select %[[OUTSIDE]], %[[NAN]], %[[NLL]] : f32
// CHECK-NEXT:   %[[VALID:.+]] = arith.cmpi ne, %[[LABEL]], %[[IGNORE]] : i64
// CHECK-NEXT:   %[[TOKLOSS:.+]] = arith.select %[[VALID]], %[[CHECKED]], %[[ZERO]] : f32
// CHECK-NEXT:   linalg.yield %[[TOKLOSS]] : f32
// CHECK: %[[TOTAL:.+]] = linalg.generic {{.*}} ins(%[[LOSSES]] : tensor<?xf32>) outs({{.*}} : tensor<f32>)
// CHECK: %[[T:.+]] = tensor.extract %[[TOTAL]][]
// CHECK: %[[C:.+]] = tensor.extract %[[COUNT]][]
// CHECK: %[[ANY:.+]] = arith.cmpf ogt, %[[C]], %[[ZERO]]
// CHECK: %[[MEAN:.+]] = arith.divf %[[T]], %[[C]]
// CHECK: %[[LOSS:.+]] = arith.select %[[ANY]], %[[MEAN]], %[[ZERO]]
// CHECK: %[[RESULT:.+]] = tensor.from_elements %[[LOSS]] : tensor<f32>
// CHECK: return %[[RESULT]], %[[LSE]]
func.func @ce_fwd_mean(%h: tensor<?x4xf32>, %w: tensor<32x4xf32>, %y: tensor<?xi64>) -> (tensor<f32>, tensor<?xf32>) {
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean)
    : (tensor<?x4xf32>, tensor<32x4xf32>, tensor<?xi64>) -> (tensor<f32>, tensor<?xf32>)
  return %loss, %lse : tensor<f32>, tensor<?xf32>
}

// -----

// Sum and none need no count of valid tokens.
// CHECK-LABEL: func.func @ce_fwd_sum_none(
// CHECK-NOT: arith.divf
// CHECK-NOT: tensor.from_elements
// CHECK: return
func.func @ce_fwd_sum_none(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi32>) -> (tensor<f32>, tensor<8xf32>) {
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(sum)
    : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi32>) -> (tensor<f32>, tensor<8xf32>)
  %losses, %lse2 = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(none)
    : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi32>) -> (tensor<8xf32>, tensor<8xf32>)
  return %loss, %losses : tensor<f32>, tensor<8xf32>
}

// -----

// Bias, soft-cap, label smoothing and z-loss each appear where defined.
// CHECK-LABEL: func.func @ce_fwd_options(
// CHECK-SAME: %[[B:[^:]+]]: tensor<32xf32>
// CHECK-DAG: %[[CAP:.+]] = arith.constant 3.000000e+01 : f32
// CHECK-DAG: %[[KEEP:.+]] = arith.constant 0.899999976 : f32
// CHECK-DAG: %[[EPS:.+]] = arith.constant 1.000000e-01 : f32
// CHECK-DAG: %[[ZW:.+]] = arith.constant 9.99999974E-5 : f32
// CHECK: linalg.generic {{.*}} ins({{.*}}, %[[B]] : tensor<?x32xf32>, tensor<32xf32>)
// CHECK:   arith.addf
// CHECK:   arith.divf {{.*}}, %[[CAP]]
// CHECK:   math.tanh
// CHECK:   arith.mulf {{.*}}, %[[CAP]]
// CHECK: linalg.generic
// CHECK: linalg.generic
// CHECK: linalg.generic
// CHECK: linalg.generic {{.*}} outs({{.*}} : tensor<?xf32>, tensor<?xf32>)
// CHECK: linalg.generic
// CHECK:   arith.mulf {{.*}}, %[[KEEP]]
// CHECK:   arith.mulf {{.*}}, %[[EPS]]
// CHECK:   arith.mulf {{.*}}, %[[ZW]]
func.func @ce_fwd_options(%h: tensor<?x4xf32>, %w: tensor<4x32xf32>, %y: tensor<?xi64>, %b: tensor<32xf32>) -> (tensor<f32>, tensor<?xf32>) {
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y bias(%b) layout(dv) reduction(mean) {label_smoothing = 0.1 : f64, logit_softcap = 30.0 : f64, z_loss_weight = 1.0e-4 : f64}
    : (tensor<?x4xf32>, tensor<4x32xf32>, tensor<?xi64>, tensor<32xf32>) -> (tensor<f32>, tensor<?xf32>)
  return %loss, %lse : tensor<f32>, tensor<?xf32>
}

// -----

// The backward recomputes the logits (rounded to the bf16 operand type, as
// a mixed-precision linear layer produces them), forms
// dZ = g·(exp(z − lse) − onehot) from the given lse, where g is NaN for a
// token labelled outside [0, 32) (so is its whole row), and rounds dZ to
// bf16 for the two gradient contractions.
// CHECK-LABEL: func.func @ce_grad(
// CHECK-SAME: %[[H:[^:]+]]: tensor<8x4xbf16>, %[[W:[^:]+]]: tensor<32x4xbf16>, %[[Y:[^:]+]]: tensor<8xi64>, %[[LSE:[^:]+]]: tensor<8xf32>, %[[G:[^:]+]]: tensor<f32>
// CHECK-DAG: %[[NAN:.+]] = arith.constant 0x7FC00000 : f32
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG: %[[V:.+]] = arith.constant 32 : index
// CHECK: %[[ACC:.+]] = linalg.generic {{.*}} ins(%[[H]], %[[W]] : {{.*}}) outs({{.*}} : tensor<8x32xf32>)
// CHECK: %[[Z:.+]] = linalg.generic {{.*}} ins(%[[ACC]] : tensor<8x32xf32>) outs({{.*}} : tensor<8x32xf32>)
// CHECK:   %[[R:.+]] = arith.truncf {{.*}} : f32 to bf16
// CHECK:   arith.extf %[[R]] : bf16 to f32
// CHECK: %[[COUNT:.+]] = linalg.generic {{.*}} ins(%[[Y]] : tensor<8xi64>) outs({{.*}} : tensor<f32>)
// CHECK: %[[UP:.+]] = tensor.extract %[[G]][]
// CHECK: %[[C:.+]] = tensor.extract %[[COUNT]][]
// CHECK: %[[PER:.+]] = arith.divf %[[UP]], %[[C]]
// CHECK: %[[TOK:.+]] = linalg.generic {{.*}} ins(%[[Y]] : tensor<8xi64>)
// CHECK-NEXT: ^bb0(%[[LABEL:.+]]: i64, %{{.+}}: f32):
// CHECK-NEXT:   %[[YI:.+]] = arith.index_cast %[[LABEL]] : i64 to index
// CHECK-NEXT:   %[[LOW:.+]] = arith.cmpi slt, %[[YI]], %[[C0]] : index
// CHECK-NEXT:   %[[HIGH:.+]] = arith.cmpi sge, %[[YI]], %[[V]] : index
// CHECK-NEXT:   %[[OUTSIDE:.+]] = arith.ori %[[LOW]], %[[HIGH]] : i1
// CHECK-NEXT:   %[[CHECKED:.+]] = arith.select %[[OUTSIDE]], %[[NAN]], %[[PER]] : f32
// CHECK-NEXT:   %[[VALID:.+]] = arith.cmpi ne, %[[LABEL]], %{{.+}} : i64
// CHECK-NEXT:   arith.select %[[VALID]], %[[CHECKED]], %{{.+}} : f32
// CHECK: %[[DZ:.+]] = linalg.generic {{.*}} ins(%[[Z]], %[[LSE]], %[[Y]], %[[TOK]] : tensor<8x32xf32>, tensor<8xf32>, tensor<8xi64>, tensor<8xf32>)
// CHECK:   arith.subf
// CHECK:   math.exp
// CHECK:   linalg.index 1
// CHECK: %[[DZB:.+]] = linalg.generic {{.*}} ins(%[[DZ]] : tensor<8x32xf32>) outs({{.*}} : tensor<8x32xbf16>)
// CHECK: linalg.generic {{.*}} ins(%[[DZB]], %[[W]] : tensor<8x32xbf16>, tensor<32x4xbf16>)
// CHECK: linalg.generic {{.*}} outs({{.*}} : tensor<8x4xbf16>)
// CHECK: linalg.generic {{.*}} ins(%[[DZB]], %[[H]] : tensor<8x32xbf16>, tensor<8x4xbf16>)
func.func @ce_grad(%h: tensor<8x4xbf16>, %w: tensor<32x4xbf16>, %y: tensor<8xi64>, %lse: tensor<8xf32>, %g: tensor<f32>) -> (tensor<8x4xbf16>, tensor<32x4xf32>) {
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean)
    : (tensor<8x4xbf16>, tensor<32x4xbf16>, tensor<8xi64>, tensor<8xf32>, tensor<f32>) -> (tensor<8x4xbf16>, tensor<32x4xf32>)
  return %dh, %dw : tensor<8x4xbf16>, tensor<32x4xf32>
}

// -----

// Soft-capped gradients pass through 1 − (z/c)².
// CHECK-LABEL: func.func @ce_grad_softcap(
// CHECK-DAG: %[[ONE:.+]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG: %[[CAP:.+]] = arith.constant 3.000000e+01 : f32
// CHECK: math.exp
// CHECK: %[[T:.+]] = arith.divf {{.*}}, %[[CAP]]
// CHECK: %[[T2:.+]] = arith.mulf %[[T]], %[[T]]
// CHECK: arith.subf %[[ONE]], %[[T2]]
func.func @ce_grad_softcap(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>, %lse: tensor<8xf32>, %g: tensor<8xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>) {
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(none) {logit_softcap = 30.0 : f64}
    : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>, tensor<8xf32>, tensor<8xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return %dh, %dw : tensor<8x4xf32>, tensor<32x4xf32>
}
