// --lmhead-write-bundle writes a linear_grad with gradient statistics: the
// manifest lists `stats` [3] among the op's tensors; each stream first
// clears the slots it adds to, the dh and dW kernels take the statistics
// after their result, and the dh stream ends with the pass over the given
// dZ. The bundle runs on the PTX emulator (run_bundle.py), and dh, dW and
// each of ‖dZ‖², ‖dh‖², ‖dW‖² (of the scaled products, before what dW
// accumulates into) match the f64 reference: for sm_80 and sm_90a, a
// ragged dynamic token count, a scale and an accumulated dW.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: lmhead-opt %s --lmhead-write-bundle=dir=%t/bundle -o /dev/null
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/bundle/manifest.json
// RUN: env LMHEAD_DEVICE=emulator %python %S/Inputs/run_bundle.py %lmhead_runtime %t/bundle --tokens 77 --seed %seed | FileCheck %s --check-prefix=EMULATOR

#c64 = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 32, warpM = 32, warpN = 32, stages = 3, copyBytes = 16, swizzle = 1>
#plan80 = #lmhead.plan<target = sm_80, dh = #c64, dw = #c64, dhMicros = 1.0 : f64, dwMicros = 1.0 : f64>
#s90 = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 64, warpM = 64, warpN = 64, stages = 3, copyBytes = 16, swizzle = 1>
#plan90 = #lmhead.plan<target = sm_90a, dh = #s90, dw = #s90, dhMicros = 1.0 : f64, dwMicros = 1.0 : f64>

// MANIFEST:      "linear_grad_0": {
// MANIFEST:        "operands": ["dz", "h", "w", "dh", "dw", "stats", "n"],
// MANIFEST:          "stats": {"type": "f32", "shape": [3]}
// MANIFEST:        {"name": "linear_grad_0_stats_clear", "stream": "dh",
// MANIFEST:         "params": ["stats", "stats", {"const": 0}, {"const": 3}, {"const": 1}, {"const": 0}, {"const": 2}]},
// MANIFEST:        {"name": "linear_grad_0_dh", "stream": "dh",
// MANIFEST:         "params": [{{.*}} "dh", "dh", {{.*}} "stats", "stats", {"const": 0}, {"const": 3}, {"const": 1},
// The sum of squares strides over dZ [n, 200] with one block per 256
// elements, at most 512 and at least one, as the launch function's does.
// MANIFEST:        {"name": "linear_grad_0_dz_squares", "stream": "dh",
// MANIFEST-NEXT:    "grid": [{"max": [{"min": [{"ceil_div": [{"mul": [200, "n"]}, 256]}, 512]}, 1]}, 1, 1], "block": [256, 1, 1],
// MANIFEST:        {"name": "linear_grad_0_stats_clear", "stream": "dw",
// MANIFEST:         "params": ["stats", "stats", {"const": 0}, {"const": 3}, {"const": 1}, {"const": 2}, {"const": 1}]},
// MANIFEST:        {"name": "linear_grad_0_dw", "stream": "dw",
// MANIFEST:      "linear_grad_1": {

// EMULATOR-DAG: linear_grad_0 dz_norm_sq: ok
// EMULATOR-DAG: linear_grad_0 dh_norm_sq: ok
// EMULATOR-DAG: linear_grad_0 dw_norm_sq: ok
// EMULATOR-DAG: linear_grad_0 dh bf16[77x64]: ok
// EMULATOR-DAG: linear_grad_0 dw f32[200x64]: ok
// EMULATOR-DAG: linear_grad_1 dz_norm_sq: ok
// EMULATOR-DAG: linear_grad_1 dh_norm_sq: ok
// EMULATOR-DAG: linear_grad_1 dw_norm_sq: ok
// EMULATOR-DAG: linear_grad_1 dh bf16[77x64]: ok
// EMULATOR-DAG: linear_grad_1 dw bf16[64x200]: ok
// EMULATOR-NOT: WRONG

func.func @sm80(%dz: tensor<?x200xbf16>, %h: tensor<?x64xbf16>, %w: tensor<200x64xbf16>,
                %gw: tensor<200x64xf32>) -> (tensor<?x64xbf16>, tensor<200x64xf32>, tensor<3xf32>) {
  %dh, %dw, %stats = lmhead.linear_grad %dz, %h, %w accumulate_dw(%gw) layout(vd)
      {scale = 0.5 : f64, lmhead.plan = #plan80}
      : (tensor<?x200xbf16>, tensor<?x64xbf16>, tensor<200x64xbf16>, tensor<200x64xf32>)
      -> (tensor<?x64xbf16>, tensor<200x64xf32>, stats tensor<3xf32>)
  return %dh, %dw, %stats : tensor<?x64xbf16>, tensor<200x64xf32>, tensor<3xf32>
}

func.func @sm90a(%dz: tensor<?x200xbf16>, %h: tensor<?x64xbf16>, %w: tensor<64x200xbf16>)
    -> (tensor<?x64xbf16>, tensor<64x200xbf16>, tensor<3xf32>) {
  %dh, %dw, %stats = lmhead.linear_grad %dz, %h, %w layout(dv) {lmhead.plan = #plan90}
      : (tensor<?x200xbf16>, tensor<?x64xbf16>, tensor<64x200xbf16>)
      -> (tensor<?x64xbf16>, tensor<64x200xbf16>, stats tensor<3xf32>)
  return %dh, %dw, %stats : tensor<?x64xbf16>, tensor<64x200xbf16>, tensor<3xf32>
}
