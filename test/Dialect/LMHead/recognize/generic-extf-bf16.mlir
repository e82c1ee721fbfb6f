// Both products as linalg.generic with arith.extf in the body (bf16
// operands, f32 accumulation), then a truncf generic to bf16 that stays.
// RUN: lmhead-opt %s --lmhead-recognize | FileCheck %s
// RUN: %python %S/../../../Integration/Inputs/check_equivalence.py %s --func=generic_extf_bf16 --transform=--lmhead-recognize --seed=%seed %mlir_runner_libs | FileCheck %s --check-prefix=EQUIV
// EQUIV: {{^}}EQUIVALENT

#dz_nv = affine_map<(n, d, v) -> (n, v)>
#w_vd = affine_map<(n, d, v) -> (v, d)>
#out_nd = affine_map<(n, d, v) -> (n, d)>
#dzt = affine_map<(v, d, n) -> (n, v)>
#h_nd = affine_map<(v, d, n) -> (n, d)>
#out_vd = affine_map<(v, d, n) -> (v, d)>
#id = affine_map<(i, j) -> (i, j)>

// CHECK-LABEL: func.func @generic_extf_bf16(
// CHECK-SAME: %[[DZ:[^:]+]]: tensor<16x64xbf16>, %[[H:[^:]+]]: tensor<16x8xbf16>, %[[W:[^:]+]]: tensor<64x8xbf16>
// CHECK: %[[DH:.+]], %[[DW:.+]] = lmhead.linear_grad %[[DZ]], %[[H]], %[[W]] layout(vd) : (tensor<16x64xbf16>, tensor<16x8xbf16>, tensor<64x8xbf16>) -> (tensor<16x8xf32>, tensor<64x8xf32>)
// CHECK: %[[DHB:.+]] = linalg.generic {{.*}} ins(%[[DH]] : tensor<16x8xf32>)
// CHECK:   arith.truncf
// CHECK: return %[[DHB]], %[[DW]]
func.func @generic_extf_bf16(%dz: tensor<16x64xbf16>, %h: tensor<16x8xbf16>, %w: tensor<64x8xbf16>) -> (tensor<16x8xbf16>, tensor<64x8xf32>) {
  %c0 = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<16x8xf32>
  %z0 = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<16x8xf32>) -> tensor<16x8xf32>
  %dh = linalg.generic {indexing_maps = [#dz_nv, #w_vd, #out_nd], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%dz, %w : tensor<16x64xbf16>, tensor<64x8xbf16>) outs(%z0 : tensor<16x8xf32>) {
  ^bb0(%a: bf16, %b: bf16, %acc: f32):
    %a32 = arith.extf %a : bf16 to f32
    %b32 = arith.extf %b : bf16 to f32
    %p = arith.mulf %a32, %b32 : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<16x8xf32>
  %eb = tensor.empty() : tensor<16x8xbf16>
  %dhb = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%dh : tensor<16x8xf32>) outs(%eb : tensor<16x8xbf16>) {
  ^bb0(%x: f32, %o: bf16):
    %t = arith.truncf %x : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<16x8xbf16>
  %e2 = tensor.empty() : tensor<64x8xf32>
  %z2 = linalg.fill ins(%c0 : f32) outs(%e2 : tensor<64x8xf32>) -> tensor<64x8xf32>
  %dw = linalg.generic {indexing_maps = [#dzt, #h_nd, #out_vd], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%dz, %h : tensor<16x64xbf16>, tensor<16x8xbf16>) outs(%z2 : tensor<64x8xf32>) {
  ^bb0(%a: bf16, %b: bf16, %acc: f32):
    %a32 = arith.extf %a : bf16 to f32
    %b32 = arith.extf %b : bf16 to f32
    %p = arith.mulf %a32, %b32 : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<64x8xf32>
  return %dhb, %dw : tensor<16x8xbf16>, tensor<64x8xf32>
}
