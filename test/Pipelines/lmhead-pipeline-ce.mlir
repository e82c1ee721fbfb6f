// --lmhead-pipeline on a fused cross-entropy op: --lmhead-plan plans it
// within the pipeline's ce-workspace-bytes, and --lmhead-lower-to-gpu
// lowers it to its kernels, in the chunks of the plan. A bound too small
// for any chunk is the plan's error.

// RUN: lmhead-opt %s '--lmhead-pipeline=min-tokens=0 ce-workspace-bytes=20000' --remarks-filter='lmhead-plan|lmhead-lower-to-gpu' --remark-format=emitRemark -o %t.mlir 2>&1 | FileCheck %s --check-prefix=GIVEN
// RUN: FileCheck %s --check-prefix=LOWERED < %t.mlir
// RUN: lmhead-opt %s '--lmhead-pipeline=target=sm_90a min-tokens=0' --remarks-filter=lmhead-plan --remark-format=emitRemark -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHOSEN
// RUN: not lmhead-opt %s '--lmhead-pipeline=min-tokens=0 ce-workspace-bytes=1000' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TOOSMALL

// Two chunks of 64 columns of 64 bf16 tokens are 16384 bytes: a 20000-byte
// bound holds 64-column chunks, four of them for 256 columns.
// GIVEN:      remark: {{.*}}LMHeadPlanned{{.*}}Function=ce_grad{{.*}}chunk 64 columns (4 chunks), workspace 16384 bytes (ce-workspace-bytes=20000 given: the largest chunk it holds)
// GIVEN-NOT:  KeptOnHost
// LOWERED-NOT: lmhead.
// LOWERED:     llvm.func @ce_linear_grad_0_launch(
// LOWERED-COUNT-4: gpu.launch_func {{.*}}@lmhead_kernels::@ce_linear_grad_0_logits
// LOWERED:     llvm.func @ce_grad(
// LOWERED-NOT: lmhead.
// CHOSEN:     remark: {{.*}}LMHeadPlanned{{.*}}Function=ce_grad{{.*}}Remark="planned for sm_90a: {{.*}}; chunk 256 columns (1 chunk), workspace 32768 bytes (chosen by the model: the smallest within 2% of the fastest chunk, 256 columns at
// TOOSMALL:   error: 'lmhead.ce_linear_grad' op ce-workspace-bytes: a workspace of 1000 bytes cannot hold two chunks of 64 vocabulary columns (2 x 64 tokens x 64 x 2 bytes); the smallest that works is 16384 bytes (ce-workspace-bytes=16384)
func.func @ce_grad(%h: tensor<64x64xbf16>, %w: tensor<256x64xbf16>, %y: tensor<64xi64>, %lse: tensor<64xf32>, %g: tensor<f32>) -> (tensor<64x64xbf16>, tensor<256x64xf32>) {
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean)
    : (tensor<64x64xbf16>, tensor<256x64xbf16>, tensor<64xi64>, tensor<64xf32>, tensor<f32>) -> (tensor<64x64xbf16>, tensor<256x64xf32>)
  return %dh, %dw : tensor<64x64xbf16>, tensor<256x64xf32>
}
