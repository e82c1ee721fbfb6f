// RUN: lmhead-opt %s --split-input-file '--lmhead-plan=target=sm_90a min-tokens=0 ce-schedule=two-pass' | FileCheck %s --check-prefix=SPLIT
// RUN: lmhead-opt %s --split-input-file '--lmhead-plan=target=sm_80 min-tokens=0 ce-schedule=two-pass' | FileCheck %s --check-prefix=SPLIT
// RUN: lmhead-opt %s --split-input-file '--lmhead-plan=target=sm_90a min-tokens=0 ce-schedule=one-pass' | FileCheck %s --check-prefix=BF16ACC

// A step whose forward is a mean and whose backward is a sum (a mean loss
// written as sum / count, with dloss = 1 / count) keeps its backward's
// reduction when it is split back into ce_linear_fwd and ce_linear_grad:
// the gradient is divided by the count once, in dloss, not again by the
// backward's own mean.

// SPLIT-LABEL: func.func @split_mean_as_sum(
// SPLIT:         lmhead.ce_linear_fwd %arg0, %arg1, %arg2 layout(vd) reduction(mean)
// SPLIT:         lmhead.ce_linear_grad %arg0, %arg1, %arg2, %{{.*}}, %arg3 layout(vd) reduction(sum)
func.func @split_mean_as_sum(%h: tensor<4096x4096xbf16>, %w: tensor<128256x4096xbf16>, %y: tensor<4096xi64>, %g: tensor<f32>)
    -> (tensor<f32>, tensor<4096x4096xbf16>, tensor<128256x4096xf32>) {
  %loss, %lse, %dh, %dw = lmhead.ce_linear_step %h, %w, %y, %g layout(vd) reduction(mean) grad_reduction(sum)
      : (tensor<4096x4096xbf16>, tensor<128256x4096xbf16>, tensor<4096xi64>, tensor<f32>)
      -> (tensor<f32>, tensor<4096xf32>, tensor<4096x4096xbf16>, tensor<128256x4096xf32>)
  return %loss, %dh, %dw : tensor<f32>, tensor<4096x4096xbf16>, tensor<128256x4096xf32>
}

// -----

// Products accumulating in bf16 are not the kernels': the step is split and
// both halves are decomposed. The backward's sum takes no division by the
// valid count: the only divf left is the forward's mean.
// BF16ACC-LABEL: func.func @decomposed_mean_as_sum(
// BF16ACC-NOT:     lmhead.
// BF16ACC-COUNT-1: arith.divf
// BF16ACC-NOT:     arith.divf
// BF16ACC:         return
func.func @decomposed_mean_as_sum(%h: tensor<4096x4096xbf16>, %w: tensor<128256x4096xbf16>, %y: tensor<4096xi64>, %g: tensor<f32>)
    -> (tensor<f32>, tensor<4096x4096xbf16>, tensor<128256x4096xf32>) {
  %loss, %lse, %dh, %dw = lmhead.ce_linear_step %h, %w, %y, %g layout(vd) reduction(mean) grad_reduction(sum) {acc_type = bf16}
      : (tensor<4096x4096xbf16>, tensor<128256x4096xbf16>, tensor<4096xi64>, tensor<f32>)
      -> (tensor<f32>, tensor<4096xf32>, tensor<4096x4096xbf16>, tensor<128256x4096xf32>)
  return %loss, %dh, %dw : tensor<f32>, tensor<4096x4096xbf16>, tensor<128256x4096xf32>
}
