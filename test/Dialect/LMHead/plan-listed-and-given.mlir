// --lmhead-plan list-configs=1 lists every configuration the model could
// choose, one remark per GEMM configuration with its predicted time; an op
// that already carries a plan for the pass's target keeps it, and one
// planned for another target (or a plan of the wrong kind) is planned
// again. linear_grad first, then the cross-entropy ops.
// RUN: lmhead-opt %s --split-input-file '--lmhead-plan=min-tokens=0 list-configs=1' --remarks-filter=lmhead-plan --remark-format=emitRemark -o /dev/null 2>&1 | FileCheck %s --check-prefix=LIST
// RUN: lmhead-opt %s --split-input-file --lmhead-plan=min-tokens=0 --remarks-filter=lmhead-plan --remark-format=emitRemark -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOLIST
// RUN: lmhead-opt %s --split-input-file --lmhead-plan=min-tokens=0 | FileCheck %s --check-prefix=GIVEN
// RUN: lmhead-opt %s --split-input-file '--lmhead-plan=min-tokens=0 target=sm_90a' --remarks-filter=lmhead-plan --remark-format=emitRemark -o %t.mlir 2>&1 | FileCheck %s --check-prefix=OTHER-REMARK
// RUN: FileCheck %s --check-prefix=OTHER < %t.mlir

// LIST: remark: {{.*}}LMHeadCandidate{{.*}}Function=listed{{.*}}Remark="dh candidate: #lmhead.gemm<blockM = 16, blockN = 16, blockK = 32, warpM = 16, warpN = 16, stages = 2, copyBytes = 16, swizzle = 1> {{[0-9.]+}} us"
// LIST: remark: {{.*}}LMHeadCandidate{{.*}}Function=listed{{.*}}Remark="dw candidate: #lmhead.gemm<
// LIST: remark: {{.*}}LMHeadPlanned{{.*}}Function=listed
// NOLIST-NOT: LMHeadCandidate
func.func @listed(%dz: tensor<70x136xbf16>, %h: tensor<70x40xbf16>, %w: tensor<136x40xbf16>) -> (tensor<70x40xf32>, tensor<136x40xf32>) {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<70x136xbf16>, tensor<70x40xbf16>, tensor<136x40xbf16>) -> (tensor<70x40xf32>, tensor<136x40xf32>)
  return %dh, %dw : tensor<70x40xf32>, tensor<136x40xf32>
}

// -----

// GIVEN-LABEL: func.func @given(
// GIVEN: lmhead.linear_grad {{.+}} {lmhead.plan = #lmhead.plan<target = sm_80, dh = <blockM = 64, blockN = 32, blockK = 64, warpM = 32, warpN = 16, stages = 3, copyBytes = 8, swizzle = 0>, dw = <blockM = 16, blockN = 16, blockK = 32, warpM = 16, warpN = 16, stages = 2, copyBytes = 4, swizzle = 1>, dhMicros = 0.000000e+00 : f64, dwMicros = 0.000000e+00 : f64>}
// LIST: remark: {{.*}}LMHeadPlanned{{.*}}Function=given{{.*}}keeps the plan it carries
// OTHER-REMARK: remark: {{.*}}Function=given{{.*}}replaces its sm_80 plan with one for sm_90a
// OTHER: lmhead.linear_grad {{.+}} {lmhead.plan = #lmhead.plan<target = sm_90a
func.func @given(%dz: tensor<70x136xbf16>, %h: tensor<70x40xbf16>, %w: tensor<136x40xbf16>) -> (tensor<70x40xf32>, tensor<136x40xf32>) {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd) {lmhead.plan = #lmhead.plan<target = sm_80,
      dh = #lmhead.gemm<blockM = 64, blockN = 32, blockK = 64, warpM = 32, warpN = 16, stages = 3, copyBytes = 8, swizzle = 0>,
      dw = #lmhead.gemm<blockM = 16, blockN = 16, blockK = 32, warpM = 16, warpN = 16, stages = 2, copyBytes = 4, swizzle = 1>,
      dhMicros = 0.0 : f64, dwMicros = 0.0 : f64>}
      : (tensor<70x136xbf16>, tensor<70x40xbf16>, tensor<136x40xbf16>) -> (tensor<70x40xf32>, tensor<136x40xf32>)
  return %dh, %dw : tensor<70x40xf32>, tensor<136x40xf32>
}

// -----

// The cross-entropy ops list the candidates of their logits GEMM and, for
// the backward, of the dh and dW GEMMs of the chosen chunk.
// LIST: remark: {{.*}}LMHeadCandidate{{.*}}Function=listed_ce{{.*}}Remark="logits candidate: #lmhead.gemm<blockM = 16, blockN = 16, blockK = 32, warpM = 16, warpN = 16, stages = 2, copyBytes = 16, swizzle = 1> {{[0-9.]+}} us"
// LIST: remark: {{.*}}LMHeadCandidate{{.*}}Function=listed_ce{{.*}}Remark="dh candidate: #lmhead.gemm<
// LIST: remark: {{.*}}LMHeadCandidate{{.*}}Function=listed_ce{{.*}}Remark="dw candidate: #lmhead.gemm<
// LIST: remark: {{.*}}LMHeadPlanned{{.*}}Function=listed_ce
func.func @listed_ce(%h: tensor<70x64xbf16>, %w: tensor<136x64xbf16>, %y: tensor<70xi64>, %lse: tensor<70xf32>, %g: tensor<f32>) -> (tensor<70x64xbf16>, tensor<136x64xf32>) {
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean)
      : (tensor<70x64xbf16>, tensor<136x64xbf16>, tensor<70xi64>, tensor<70xf32>, tensor<f32>) -> (tensor<70x64xbf16>, tensor<136x64xf32>)
  return %dh, %dw : tensor<70x64xbf16>, tensor<136x64xf32>
}

// -----

// A cross-entropy plan for the pass's target is kept, one for another
// target is planned again.
#c = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 32, warpM = 32, warpN = 32, stages = 3, copyBytes = 16, swizzle = 1>
// GIVEN-LABEL: func.func @given_ce(
// GIVEN: lmhead.ce_linear_grad {{.+}} {lmhead.plan = #lmhead.ce_plan<target = sm_80, logits = <blockM = 64, blockN = 64, blockK = 32, warpM = 32, warpN = 32, stages = 3, copyBytes = 16, swizzle = 1>, dh = <blockM = 64, blockN = 64, blockK = 32, warpM = 32, warpN = 32, stages = 3, copyBytes = 16, swizzle = 1>, dw = <blockM = 64, blockN = 64, blockK = 32, warpM = 32, warpN = 32, stages = 3, copyBytes = 16, swizzle = 1>, chunk = 64, micros = 0.000000e+00 : f64>}
// LIST: remark: {{.*}}LMHeadPlanned{{.*}}Function=given_ce{{.*}}keeps the plan it carries
// OTHER-REMARK: remark: {{.*}}Function=given_ce{{.*}}replaces its sm_80 plan with one for sm_90a
// OTHER: lmhead.ce_linear_grad {{.+}} {lmhead.plan = #lmhead.ce_plan<target = sm_90a
func.func @given_ce(%h: tensor<70x64xbf16>, %w: tensor<136x64xbf16>, %y: tensor<70xi64>, %lse: tensor<70xf32>, %g: tensor<f32>) -> (tensor<70x64xbf16>, tensor<136x64xf32>) {
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean)
      {lmhead.plan = #lmhead.ce_plan<target = sm_80, logits = #c, dh = #c, dw = #c, chunk = 64, micros = 0.0 : f64>}
      : (tensor<70x64xbf16>, tensor<136x64xbf16>, tensor<70xi64>, tensor<70xf32>, tensor<f32>) -> (tensor<70x64xbf16>, tensor<136x64xf32>)
  return %dh, %dw : tensor<70x64xbf16>, tensor<136x64xf32>
}

// -----

// A plan of the wrong kind is replaced: a forward plan on the backward op,
// a linear_grad plan on the forward op.
#c = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 32, warpM = 32, warpN = 32, stages = 3, copyBytes = 16, swizzle = 1>
// NOLIST: remark: {{.*}}Function=wrong_kind{{.*}}replaces its forward plan with one for sm_80
// NOLIST: remark: {{.*}}LMHeadPlanned{{.*}}Function=wrong_kind{{.*}}planned for sm_80: logits
// NOLIST: remark: {{.*}}Function=wrong_kind{{.*}}replaces its lmhead.plan, which is not a #lmhead.ce_plan, with one for sm_80
// NOLIST: remark: {{.*}}LMHeadPlanned{{.*}}Function=wrong_kind{{.*}}planned for sm_80: logits
// GIVEN-LABEL: func.func @wrong_kind(
// GIVEN:       lmhead.ce_linear_grad {{.+}} {lmhead.plan = #lmhead.ce_plan<target = sm_80, logits = <{{.+}}>, dh = <{{.+}}>, dw = <{{.+}}>, chunk = 192,
// GIVEN:       lmhead.ce_linear_fwd {{.+}} {lmhead.plan = #lmhead.ce_plan<target = sm_80, logits = <{{.+}}>, micros =
func.func @wrong_kind(%h: tensor<70x64xbf16>, %w: tensor<136x64xbf16>, %y: tensor<70xi64>, %lse: tensor<70xf32>, %g: tensor<f32>) -> (tensor<70x64xbf16>, tensor<136x64xf32>, tensor<f32>) {
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean)
      {lmhead.plan = #lmhead.ce_plan<target = sm_80, logits = #c, micros = 0.0 : f64>}
      : (tensor<70x64xbf16>, tensor<136x64xbf16>, tensor<70xi64>, tensor<70xf32>, tensor<f32>) -> (tensor<70x64xbf16>, tensor<136x64xf32>)
  %loss, %lse2 = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean)
      {lmhead.plan = #lmhead.plan<target = sm_80, dh = #c, dw = #c, dhMicros = 0.0 : f64, dwMicros = 0.0 : f64>}
      : (tensor<70x64xbf16>, tensor<136x64xbf16>, tensor<70xi64>) -> (tensor<f32>, tensor<70xf32>)
  return %dh, %dw, %loss : tensor<70x64xbf16>, tensor<136x64xf32>, tensor<f32>
}
