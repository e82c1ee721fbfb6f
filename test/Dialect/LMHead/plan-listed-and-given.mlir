// --lmhead-plan list-configs=1 lists every configuration the model could
// choose, one remark per GEMM configuration with its predicted time; an op
// that already carries a plan for the pass's target keeps it, and one
// planned for another target is planned again.
// RUN: lmhead-opt %s --split-input-file '--lmhead-plan=min-tokens=0 list-configs=1' --remarks-filter=lmhead-plan --remark-format=emitRemark -o /dev/null 2>&1 | FileCheck %s --check-prefix=LIST
// RUN: lmhead-opt %s --split-input-file --lmhead-plan=min-tokens=0 --remarks-filter=lmhead-plan --remark-format=emitRemark -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOLIST
// RUN: lmhead-opt %s --split-input-file --lmhead-plan=min-tokens=0 | FileCheck %s --check-prefix=GIVEN
// RUN: lmhead-opt %s --split-input-file '--lmhead-plan=min-tokens=0 target=sm_90a' --remarks-filter=lmhead-plan --remark-format=emitRemark 2>&1 | FileCheck %s --check-prefix=OTHER

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
// OTHER: remark: {{.*}}Function=given{{.*}}replaces its sm_80 plan with one for sm_90a
// OTHER: lmhead.linear_grad {{.+}} {lmhead.plan = #lmhead.plan<target = sm_90a
func.func @given(%dz: tensor<70x136xbf16>, %h: tensor<70x40xbf16>, %w: tensor<136x40xbf16>) -> (tensor<70x40xf32>, tensor<136x40xf32>) {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd) {lmhead.plan = #lmhead.plan<target = sm_80,
      dh = #lmhead.gemm<blockM = 64, blockN = 32, blockK = 64, warpM = 32, warpN = 16, stages = 3, copyBytes = 8, swizzle = 0>,
      dw = #lmhead.gemm<blockM = 16, blockN = 16, blockK = 32, warpM = 16, warpN = 16, stages = 2, copyBytes = 4, swizzle = 1>,
      dhMicros = 0.0 : f64, dwMicros = 0.0 : f64>}
      : (tensor<70x136xbf16>, tensor<70x40xbf16>, tensor<136x40xbf16>) -> (tensor<70x40xf32>, tensor<136x40xf32>)
  return %dh, %dw : tensor<70x40xf32>, tensor<136x40xf32>
}
