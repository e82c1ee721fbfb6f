// RUN: lmhead-opt %s --split-input-file '--lmhead-plan=target=sm_90a min-tokens=0' | FileCheck %s
// RUN: lmhead-opt %s --split-input-file '--lmhead-plan=target=sm_90a min-tokens=0' \
// RUN:   --remarks-filter=lmhead-plan --remark-format=emitRemark -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: lmhead-opt %s --split-input-file '--lmhead-plan=target=sm_90a min-tokens=0 ce-schedule=two-pass' \
// RUN:   --remarks-filter=lmhead-plan --remark-format=emitRemark -o /dev/null 2>&1 | FileCheck %s --check-prefix=TWOPASS
// RUN: lmhead-opt %s --split-input-file '--lmhead-plan=target=sm_80 min-tokens=0 ce-schedule=one-pass ce-workspace-bytes=268435456' \
// RUN:   --remarks-filter=lmhead-plan --remark-format=emitRemark -o /dev/null 2>&1 | FileCheck %s --check-prefix=BOUND
// The forming alone, and then the plan without forming (as --lmhead-pipeline
// runs them): the same plans and remarks as --lmhead-plan forming itself.
// RUN: lmhead-opt %s --split-input-file --lmhead-form-steps | FileCheck %s --check-prefix=FORM
// RUN: lmhead-opt %s --split-input-file --lmhead-form-steps '--lmhead-plan=target=sm_90a min-tokens=0 form-steps=false' | FileCheck %s
// RUN: lmhead-opt %s --split-input-file --lmhead-form-steps '--lmhead-plan=target=sm_90a min-tokens=0 form-steps=false' | FileCheck %s --check-prefix=CLEAN
// RUN: lmhead-opt %s --split-input-file --lmhead-form-steps '--lmhead-plan=target=sm_90a min-tokens=0 form-steps=false' \
// RUN:   --remarks-filter=lmhead-plan --remark-format=emitRemark -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// Which schedule --lmhead-plan gives the forward and the backward of one
// head, and why: a ce_linear_fwd and the ce_linear_grad of its lse become
// one ce_linear_step when the one-pass schedule applies and the cost model
// predicts it faster (at the benchmark shape: about 17.7 ms against 23.2 ms
// on the H200); the remark compares both and names the floor. Otherwise the
// backward's remark says why it keeps two passes.

// The plan takes the marks of the forming away.
// CLEAN-NOT: lmhead.formed_step
// CLEAN-NOT: lmhead.two_pass_reason

// FORM-LABEL: func.func @benchmark_step(
// FORM:         lmhead.ce_linear_step {{.*}} {lmhead.formed_step}
// FORM-NOT:     lmhead.ce_linear_fwd
// CHECK-LABEL: func.func @benchmark_step(
// CHECK:         %loss, %lse, %dh, %dw = lmhead.ce_linear_step %arg0, %arg1, %arg2, %{{.*}} layout(vd) reduction(mean)
// CHECK-SAME:      lmhead.plan = #lmhead.ce_plan<target = sm_90a
// CHECK-SAME:      chunk = {{[0-9]+}}
// CHECK-NOT:     lmhead.ce_linear_fwd
// CHECK-NOT:     lmhead.ce_linear_grad
// CHECK:         return %loss, %dh, %dw
// REMARK: Function=benchmark_step {{.*}}Remark="one-pass schedule for sm_90a: logits {{.*}}; token chunk {{[0-9]+}} rows ({{[0-9]+}} chunk{{s?}}), workspace {{[0-9]+}} bytes (chosen by the model: the smallest within 2% of the fastest); {{1[67][0-9]{3}\.[0-9]}} us predicted ({{.*}}) against {{2[0-9]{4}\.[0-9]}} us for the two ops, floor 16342.6 us (3 GEMMs)"
// TWOPASS: Function=benchmark_step {{.*}}Remark="planned for sm_90a: {{.*}}(3 GEMMs); two-pass schedule: ce-schedule=two-pass"
// BOUND: Function=benchmark_step {{.*}}Remark="one-pass schedule for sm_80: {{.*}}; token chunk 384 rows (11 chunks), workspace 209313792 bytes (ce-workspace-bytes=268435456 given: the largest chunk it holds);
func.func @benchmark_step(%h: tensor<4096x4096xbf16>, %w: tensor<128256x4096xbf16>, %y: tensor<4096xi64>)
    -> (tensor<f32>, tensor<4096x4096xbf16>, tensor<128256x4096xf32>) {
  %one = arith.constant dense<1.0> : tensor<f32>
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean)
      : (tensor<4096x4096xbf16>, tensor<128256x4096xbf16>, tensor<4096xi64>) -> (tensor<f32>, tensor<4096xf32>)
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %one layout(vd) reduction(mean)
      : (tensor<4096x4096xbf16>, tensor<128256x4096xbf16>, tensor<4096xi64>, tensor<4096xf32>, tensor<f32>)
      -> (tensor<4096x4096xbf16>, tensor<128256x4096xf32>)
  return %loss, %dh, %dw : tensor<f32>, tensor<4096x4096xbf16>, tensor<128256x4096xf32>
}

// -----

// A mean differentiated as a sum of 1/valid-count, as PyTorch's and JAX's
// graphs spell it: the count is computed after the forward from the labels
// only, so it moves above the forward, and the step keeps both reductions.
// CHECK-LABEL: func.func @mean_as_sum(
// CHECK:         %[[COUNT:.*]] = tensor.from_elements
// CHECK:         lmhead.ce_linear_step %arg0, %arg1, %arg2, %[[COUNT]] layout(vd) reduction(mean) grad_reduction(sum)
// REMARK: Function=mean_as_sum {{.*}}Remark="one-pass schedule for sm_90a
func.func @mean_as_sum(%h: tensor<4096x4096xbf16>, %w: tensor<128256x4096xbf16>, %y: tensor<4096xi64>)
    -> (tensor<f32>, tensor<4096x4096xbf16>, tensor<128256x4096xf32>) {
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean)
      : (tensor<4096x4096xbf16>, tensor<128256x4096xbf16>, tensor<4096xi64>) -> (tensor<f32>, tensor<4096xf32>)
  %c1 = arith.constant 1.0 : f32
  %n = arith.constant 4096.0 : f32
  %scale = arith.divf %c1, %n : f32
  %g = tensor.from_elements %scale : tensor<f32>
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(sum)
      : (tensor<4096x4096xbf16>, tensor<128256x4096xbf16>, tensor<4096xi64>, tensor<4096xf32>, tensor<f32>)
      -> (tensor<4096x4096xbf16>, tensor<128256x4096xf32>)
  return %loss, %dh, %dw : tensor<f32>, tensor<4096x4096xbf16>, tensor<128256x4096xf32>
}

// -----

// A loss gradient computed from the loss is not known before the forward.
// FORM-LABEL: func.func @dloss_from_loss(
// FORM:         lmhead.ce_linear_fwd
// FORM:         lmhead.ce_linear_grad {{.*}} {lmhead.two_pass_reason = "the loss gradient is computed from the forward's results, or by operations with side effects after it: it is not known before the forward"}
// CHECK-LABEL: func.func @dloss_from_loss(
// CHECK:         lmhead.ce_linear_fwd
// CHECK:         lmhead.ce_linear_grad
// REMARK: Function=dloss_from_loss {{.*}}Remark="planned for sm_90a: {{.*}}; two-pass schedule: the loss gradient is computed from the forward's results, or by operations with side effects after it: it is not known before the forward"
func.func @dloss_from_loss(%h: tensor<4096x4096xbf16>, %w: tensor<128256x4096xbf16>, %y: tensor<4096xi64>)
    -> (tensor<f32>, tensor<4096x4096xbf16>, tensor<128256x4096xf32>) {
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean)
      : (tensor<4096x4096xbf16>, tensor<128256x4096xbf16>, tensor<4096xi64>) -> (tensor<f32>, tensor<4096xf32>)
  %l = tensor.extract %loss[] : tensor<f32>
  %twice = arith.addf %l, %l : f32
  %g = tensor.from_elements %twice : tensor<f32>
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean)
      : (tensor<4096x4096xbf16>, tensor<128256x4096xbf16>, tensor<4096xi64>, tensor<4096xf32>, tensor<f32>)
      -> (tensor<4096x4096xbf16>, tensor<128256x4096xf32>)
  return %loss, %dh, %dw : tensor<f32>, tensor<4096x4096xbf16>, tensor<128256x4096xf32>
}

// -----

// Reduction none: a per-token loss gradient.
// REMARK: Function=per_token {{.*}}Remark="planned for sm_90a: {{.*}}; two-pass schedule: reduction none gives a per-token loss or loss gradient, which the one-pass step does not take"
func.func @per_token(%h: tensor<4096x4096xbf16>, %w: tensor<128256x4096xbf16>, %y: tensor<4096xi64>, %g: tensor<4096xf32>)
    -> (tensor<4096xf32>, tensor<4096x4096xbf16>, tensor<128256x4096xf32>) {
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(none)
      : (tensor<4096x4096xbf16>, tensor<128256x4096xbf16>, tensor<4096xi64>) -> (tensor<4096xf32>, tensor<4096xf32>)
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(none)
      : (tensor<4096x4096xbf16>, tensor<128256x4096xbf16>, tensor<4096xi64>, tensor<4096xf32>, tensor<4096xf32>)
      -> (tensor<4096x4096xbf16>, tensor<128256x4096xf32>)
  return %loss, %dh, %dw : tensor<4096xf32>, tensor<4096x4096xbf16>, tensor<128256x4096xf32>
}

// -----

// Options that differ: not the same head's forward and backward.
// REMARK: Function=other_options {{.*}}Remark="planned for sm_90a: {{.*}}; two-pass schedule: the backward's options differ from the forward's"
func.func @other_options(%h: tensor<4096x4096xbf16>, %w: tensor<128256x4096xbf16>, %y: tensor<4096xi64>, %g: tensor<f32>)
    -> (tensor<f32>, tensor<4096x4096xbf16>, tensor<128256x4096xf32>) {
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean)
      : (tensor<4096x4096xbf16>, tensor<128256x4096xbf16>, tensor<4096xi64>) -> (tensor<f32>, tensor<4096xf32>)
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean) {label_smoothing = 0.1 : f64}
      : (tensor<4096x4096xbf16>, tensor<128256x4096xbf16>, tensor<4096xi64>, tensor<4096xf32>, tensor<f32>)
      -> (tensor<4096x4096xbf16>, tensor<128256x4096xf32>)
  return %loss, %dh, %dw : tensor<f32>, tensor<4096x4096xbf16>, tensor<128256x4096xf32>
}

// -----

// The bias gradient: the step sums each token chunk's dZ into db.
// CHECK-LABEL: func.func @bias_gradient(
// CHECK:         %loss, %lse, %dh, %dw, %db = lmhead.ce_linear_step {{.*}} bias(%{{.*}}) layout(vd) reduction(sum)
// CHECK-SAME:      -> (tensor<f32>, tensor<4096xf32>, tensor<4096x4096xbf16>, tensor<128256x4096xf32>, tensor<128256xf32>)
// CHECK-NOT:     lmhead.ce_linear_grad
// REMARK: Function=bias_gradient {{.*}}Remark="one-pass schedule for sm_90a: {{.*}} against {{.*}} for the two ops, floor
func.func @bias_gradient(%h: tensor<4096x4096xbf16>, %w: tensor<128256x4096xbf16>, %y: tensor<4096xi64>, %b: tensor<128256xbf16>, %g: tensor<f32>)
    -> (tensor<f32>, tensor<4096x4096xbf16>, tensor<128256x4096xf32>, tensor<128256xf32>) {
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y bias(%b) layout(vd) reduction(sum)
      : (tensor<4096x4096xbf16>, tensor<128256x4096xbf16>, tensor<4096xi64>, tensor<128256xbf16>) -> (tensor<f32>, tensor<4096xf32>)
  %dh, %dw, %db = lmhead.ce_linear_grad %h, %w, %y, %lse, %g bias(%b) layout(vd) reduction(sum)
      : (tensor<4096x4096xbf16>, tensor<128256x4096xbf16>, tensor<4096xi64>, tensor<4096xf32>, tensor<f32>, tensor<128256xbf16>)
      -> (tensor<4096x4096xbf16>, tensor<128256x4096xf32>, tensor<128256xf32>)
  return %loss, %dh, %dw, %db : tensor<f32>, tensor<4096x4096xbf16>, tensor<128256x4096xf32>, tensor<128256xf32>
}

// -----

// A dynamic token count: the step's chunks are a loop over however many
// the token count makes, the chunk size planned for 8192 tokens, where the
// model compares the schedules too.
// CHECK-LABEL: func.func @dynamic_tokens(
// CHECK:         lmhead.ce_linear_step {{.*}} -> (tensor<f32>, tensor<?xf32>, tensor<?x4096xbf16>, tensor<128256x4096xf32>)
// REMARK: Function=dynamic_tokens {{.*}}Remark="one-pass schedule for sm_90a: {{.*}}; token chunk {{[0-9]+}} rows ({{[0-9]+}} chunks of the 8192 tokens planned for: N is dynamic, and the chunks are a loop), workspace {{.*}} against {{.*}} for the two ops
// TWOPASS: Function=dynamic_tokens {{.*}}Remark="planned for sm_90a (N is dynamic; {{.*}}; two-pass schedule: ce-schedule=two-pass"
// BOUND: Function=dynamic_tokens {{.*}}Remark="one-pass schedule for sm_80: {{.*}}; token chunk 384 rows (22 chunks of the 8192 tokens planned for: N is dynamic, and the chunks are a loop), workspace
func.func @dynamic_tokens(%h: tensor<?x4096xbf16>, %w: tensor<128256x4096xbf16>, %y: tensor<?xi64>, %g: tensor<f32>)
    -> (tensor<f32>, tensor<?x4096xbf16>, tensor<128256x4096xf32>) {
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean)
      : (tensor<?x4096xbf16>, tensor<128256x4096xbf16>, tensor<?xi64>) -> (tensor<f32>, tensor<?xf32>)
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean)
      : (tensor<?x4096xbf16>, tensor<128256x4096xbf16>, tensor<?xi64>, tensor<?xf32>, tensor<f32>)
      -> (tensor<?x4096xbf16>, tensor<128256x4096xf32>)
  return %loss, %dh, %dw : tensor<f32>, tensor<?x4096xbf16>, tensor<128256x4096xf32>
}

// -----

// Gradient statistics and a dW scale (a loss scale's inverse): the step
// computes them too, and --lmhead-decompose would give them back to the
// backward.
// CHECK-LABEL: func.func @statistics_and_scale(
// CHECK:         %loss, %lse, %dh, %dw, %stats = lmhead.ce_linear_step %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} dw_scale(%{{.*}}) layout(vd) reduction(mean)
// CHECK-SAME:      -> (tensor<f32>, tensor<4096xf32>, tensor<4096x4096xbf16>, tensor<128256x4096xbf16>, stats tensor<3xf32>)
// FORM-LABEL: func.func @statistics_and_scale(
// FORM:         lmhead.ce_linear_step {{.*}} dw_scale(%{{.*}}) {{.*}} {lmhead.formed_step}
// REMARK: Function=statistics_and_scale {{.*}}Remark="one-pass schedule for sm_90a: {{.*}} against {{.*}} for the two ops
func.func @statistics_and_scale(%h: tensor<4096x4096xbf16>, %w: tensor<128256x4096xbf16>, %y: tensor<4096xi64>, %g: tensor<f32>, %s: tensor<f32>)
    -> (tensor<f32>, tensor<4096x4096xbf16>, tensor<128256x4096xbf16>, tensor<3xf32>) {
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean)
      : (tensor<4096x4096xbf16>, tensor<128256x4096xbf16>, tensor<4096xi64>) -> (tensor<f32>, tensor<4096xf32>)
  %dh, %dw, %stats = lmhead.ce_linear_grad %h, %w, %y, %lse, %g dw_scale(%s) layout(vd) reduction(mean)
      : (tensor<4096x4096xbf16>, tensor<128256x4096xbf16>, tensor<4096xi64>, tensor<4096xf32>, tensor<f32>, tensor<f32>)
      -> (tensor<4096x4096xbf16>, tensor<128256x4096xbf16>, stats tensor<3xf32>)
  return %loss, %dh, %dw, %stats : tensor<f32>, tensor<4096x4096xbf16>, tensor<128256x4096xbf16>, tensor<3xf32>
}
