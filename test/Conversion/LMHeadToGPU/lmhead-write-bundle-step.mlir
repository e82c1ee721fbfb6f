// RUN: rm -rf %t && mkdir -p %t
// RUN: lmhead-opt %s '--lmhead-plan=target=sm_80 min-tokens=0 ce-workspace-bytes=180000' --lmhead-write-bundle=dir=%t/sm80 -o /dev/null
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/sm80/manifest.json
// RUN: env LMHEAD_DEVICE=emulator %python %S/Inputs/run_bundle.py %lmhead_runtime %t/sm80 --seed %seed | FileCheck %s --check-prefix=EMULATOR
// RUN: lmhead-opt %s '--lmhead-plan=target=sm_90a min-tokens=0 ce-workspace-bytes=180000' --lmhead-write-bundle=dir=%t/sm90a -o /dev/null
// RUN: env LMHEAD_DEVICE=emulator %python %S/Inputs/run_bundle.py %lmhead_runtime %t/sm90a --seed %seed | FileCheck %s --check-prefix=EMULATOR

// ce_linear_step in a bundle: the entry a framework that runs its forward
// and backward apart calls in the forward with dloss = 1, so that its
// backward only scales dh and dW by the loss's gradient. Run through the
// runtime's C API on the emulator (Inputs/run_bundle.py) against the f64
// reference, with the workspace the runtime asks for left as NaN; the
// token chunks of 128 rows (ce-workspace-bytes) make three chunks, the
// last one ragged: one loop whose kernels the runtime launches once per
// chunk, the chunk's rows and its half of the double buffer `z` computed
// from the loop's index `c`, dW stored by the first iteration and added to
// by the others, and each chunk's logits waiting for the products of the
// chunk two before, which read the half it overwrites.

// MANIFEST:       "ce_linear_step_0": {
// MANIFEST-NEXT:    "ptx": "ce_linear_step_0.ptx",
// MANIFEST-NEXT:    "op": "ce_linear_step",
// MANIFEST-NEXT:    "target": "sm_80",
// MANIFEST-NEXT:    "layout": "vd",
// MANIFEST-NEXT:    "reduction": "mean",
// MANIFEST:         "grad_reduction": "mean",
// MANIFEST-NEXT:    "chunk": 128,
// MANIFEST-NEXT:    "operands": ["h", "w", "labels", "dloss", "loss", "lse", "dh", "dw", "workspace", "workspace_bytes"],
// MANIFEST:         "workspace": {"operand": "workspace", "bytes": "workspace_bytes", "buffers": [
// MANIFEST-NEXT:      {"name": "z", "type": "bf16", "shape": [2, 128, 256]},
// MANIFEST-NEXT:      {"name": "partials", "type": "f32", "shape": [128, {{[0-9]+}}, 4]},
// MANIFEST-NEXT:      {"name": "token_loss", "type": "f32", "shape": [330]},
// MANIFEST-NEXT:      {"name": "dw_f32", "type": "f32", "shape": [203, 40]},
// MANIFEST-NEXT:      {"name": "scale", "type": "f32", "shape": [1]}
// MANIFEST:           {"name": "ce_linear_step_0_scale", "stream": "main",
// MANIFEST:           {"name": "ce_linear_step_0_logits", "stream": "main", "after": [{"kernel": 3, "iterations_back": 2}, {"kernel": 4, "iterations_back": 2}],
// MANIFEST:           "params": [{{.*}}"z", "z", {"mul": [32768, {"mod": ["c", 2]}]}, {"min": [128, {"sub": [330, {"mul": [128, "c"]}]}]}, {"const": 203}, {"const": 256}, {"const": 1}, {"mul": [128, "c"]},
// MANIFEST:           {"name": "ce_linear_step_0_rows", "stream": "main",
// MANIFEST:           {"name": "ce_linear_step_0_dh", "stream": "dh", "after": [2],
// MANIFEST:           {"name": "ce_linear_step_0_dw", "stream": "dw", "first_iteration": "ce_linear_step_0_dw_first", "after": [2],
// MANIFEST:           {"name": "ce_linear_step_0_reduce", "stream": "main",
// MANIFEST:           {"name": "ce_linear_step_0_dw_round", "stream": "dw",
// MANIFEST:         "loops": [
// MANIFEST-NEXT:      {"index": "c", "count": 3, "kernels": [1, 5]}
// MANIFEST-NEXT:    ]
// EMULATOR-DAG: ce_linear_step_0 loss f32[]: ok
// EMULATOR-DAG: ce_linear_step_0 lse f32[330]: ok
// EMULATOR-DAG: ce_linear_step_0 dh bf16[330x40]: ok
// EMULATOR-DAG: ce_linear_step_0 dw bf16[203x40]: ok
// EMULATOR-DAG: ce_linear_step_1 loss f32[]: ok
// EMULATOR-DAG: ce_linear_step_1 lse f32[300]: ok
// EMULATOR-DAG: ce_linear_step_1 dh f16[300x48]: ok
// EMULATOR-DAG: ce_linear_step_1 dw f32[48x264]: ok
// EMULATOR-NOT: WRONG

// bf16, mean, label smoothing and z-loss; bf16 dW (accumulated in the
// workspace's dw_f32 and rounded last).
func.func @step_vd(%h: tensor<330x40xbf16>, %w: tensor<203x40xbf16>, %y: tensor<330xi64>, %g: tensor<f32>)
    -> (tensor<f32>, tensor<330xf32>, tensor<330x40xbf16>, tensor<203x40xbf16>) {
  %loss, %lse, %dh, %dw = lmhead.ce_linear_step %h, %w, %y, %g layout(vd) reduction(mean)
      {label_smoothing = 0.1 : f64, z_loss_weight = 1.0e-3 : f64}
      : (tensor<330x40xbf16>, tensor<203x40xbf16>, tensor<330xi64>, tensor<f32>)
      -> (tensor<f32>, tensor<330xf32>, tensor<330x40xbf16>, tensor<203x40xbf16>)
  return %loss, %lse, %dh, %dw : tensor<f32>, tensor<330xf32>, tensor<330x40xbf16>, tensor<203x40xbf16>
}

// f16, [D,V] weight, a mean differentiated as a sum, soft-cap, a logit
// bias, i32 labels; accumulation into dh and into an f32 dW.
func.func @step_dv(%h: tensor<300x48xf16>, %w: tensor<48x264xf16>, %y: tensor<300xi32>, %g: tensor<f32>,
    %b: tensor<264xf16>, %dh0: tensor<300x48xf16>, %dw0: tensor<48x264xf32>)
    -> (tensor<f32>, tensor<300xf32>, tensor<300x48xf16>, tensor<48x264xf32>) {
  %loss, %lse, %dh, %dw = lmhead.ce_linear_step %h, %w, %y, %g bias(%b) accumulate_dh(%dh0) accumulate_dw(%dw0)
      layout(dv) reduction(mean) grad_reduction(sum) {logit_softcap = 5.0 : f64}
      : (tensor<300x48xf16>, tensor<48x264xf16>, tensor<300xi32>, tensor<f32>, tensor<264xf16>, tensor<300x48xf16>, tensor<48x264xf32>)
      -> (tensor<f32>, tensor<300xf32>, tensor<300x48xf16>, tensor<48x264xf32>)
  return %loss, %lse, %dh, %dw : tensor<f32>, tensor<300xf32>, tensor<300x48xf16>, tensor<48x264xf32>
}
