// Ops --lmhead-lower-to-gpu cannot lower are decomposed, each with a remark
// naming the reason; an op without a plan, or with a plan the kernel writer
// cannot follow, is an error.
// RUN: lmhead-opt %s --lmhead-lower-to-gpu --split-input-file --remarks-filter=lmhead-lower-to-gpu --remark-format=emitRemark -verify-diagnostics | FileCheck %s

#c = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 32, warpM = 32, warpN = 32, stages = 3, copyBytes = 16, swizzle = 1>
#plan = #lmhead.plan<target = sm_80, dh = #c, dw = #c, dhMicros = 1.0 : f64, dwMicros = 1.0 : f64>

#l = #lmhead.gemm<blockM = 32, blockN = 64, blockK = 32, warpM = 16, warpN = 32, stages = 3, copyBytes = 16, swizzle = 1>
#ceplan = #lmhead.ce_plan<target = sm_80, logits = #l, micros = 1.0 : f64>

// A cross-entropy op whose plan the kernels cannot follow (f32 operands:
// a plan by hand, --lmhead-plan does not give one) is decomposed.
// CHECK-LABEL: func.func @negative_cross_entropy(
// CHECK-NOT:     lmhead.
// CHECK:         linalg.generic
func.func @negative_cross_entropy(%h: tensor<8x16xf32>, %w: tensor<64x16xf32>, %y: tensor<8xi64>) -> tensor<f32> {
  // expected-remark @+1 {{decomposed, not lowered to GPU kernels: the kernels multiply f16 or bf16 operands}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean) {lmhead.plan = #ceplan}
      : (tensor<8x16xf32>, tensor<64x16xf32>, tensor<8xi64>) -> (tensor<f32>, tensor<8xf32>)
  return %loss : tensor<f32>
}

// -----

func.func @cross_entropy_without_plan(%h: tensor<8x16xbf16>, %w: tensor<64x16xbf16>, %y: tensor<8xi64>) -> tensor<f32> {
  // expected-error @+1 {{lmhead.ce_linear_fwd has no `lmhead.plan`; run --lmhead-plan first (or use --lmhead-pipeline)}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean)
      : (tensor<8x16xbf16>, tensor<64x16xbf16>, tensor<8xi64>) -> (tensor<f32>, tensor<8xf32>)
  return %loss : tensor<f32>
}

// -----

#c = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 32, warpM = 32, warpN = 32, stages = 3, copyBytes = 16, swizzle = 1>
#plan = #lmhead.plan<target = sm_80, dh = #c, dw = #c, dhMicros = 1.0 : f64, dwMicros = 1.0 : f64>

// CHECK-LABEL: func.func @negative_bias_gradient(
// CHECK-NOT:     gpu.
func.func @negative_bias_gradient(%dz: tensor<8x64xbf16>, %h: tensor<8x16xbf16>, %w: tensor<64x16xbf16>) -> tensor<64xf32> {
  // expected-remark @+1 {{decomposed, not lowered to GPU kernels: the bias gradient has no kernel epilogue yet}}
  %dh, %dw, %db = lmhead.linear_grad %dz, %h, %w layout(vd) {lmhead.plan = #plan}
      : (tensor<8x64xbf16>, tensor<8x16xbf16>, tensor<64x16xbf16>) -> (tensor<8x16xbf16>, tensor<64x16xbf16>, tensor<64xf32>)
  return %db : tensor<64xf32>
}

// -----

#c = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 32, warpM = 32, warpN = 32, stages = 3, copyBytes = 16, swizzle = 1>
#plan = #lmhead.plan<target = sm_80, dh = #c, dw = #c, dhMicros = 1.0 : f64, dwMicros = 1.0 : f64>

// CHECK-LABEL: func.func @negative_accumulator_type(
// CHECK-NOT:     gpu.
func.func @negative_accumulator_type(%dz: tensor<8x64xbf16>, %h: tensor<8x16xbf16>, %w: tensor<64x16xbf16>) -> tensor<8x16xbf16> {
  // expected-remark @+1 {{decomposed, not lowered to GPU kernels: the kernels accumulate in f32; acc_type is bf16}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd) {acc_type = bf16, lmhead.plan = #plan}
      : (tensor<8x64xbf16>, tensor<8x16xbf16>, tensor<64x16xbf16>) -> (tensor<8x16xbf16>, tensor<64x16xbf16>)
  return %dh : tensor<8x16xbf16>
}

// -----

func.func @negative_unplanned(%dz: tensor<8x64xbf16>, %h: tensor<8x16xbf16>, %w: tensor<64x16xbf16>) -> tensor<8x16xbf16> {
  // expected-error @+1 {{lmhead.linear_grad has no `lmhead.plan`; run --lmhead-plan first (or use --lmhead-pipeline)}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<8x64xbf16>, tensor<8x16xbf16>, tensor<64x16xbf16>) -> (tensor<8x16xbf16>, tensor<64x16xbf16>)
  return %dh : tensor<8x16xbf16>
}

// -----

// 256 threads cannot share the 128 copies of a 16x64 B tile.
#c = #lmhead.gemm<blockM = 128, blockN = 64, blockK = 16, warpM = 32, warpN = 32, stages = 3, copyBytes = 16, swizzle = 1>
#plan = #lmhead.plan<target = sm_80, dh = #c, dw = #c, dhMicros = 1.0 : f64, dwMicros = 1.0 : f64>

func.func @negative_uneven_copies(%dz: tensor<8x64xbf16>, %h: tensor<8x16xbf16>, %w: tensor<64x16xbf16>) -> tensor<8x16xbf16> {
  // expected-error @+1 {{the dh kernel of #lmhead.gemm<blockM = 128, blockN = 64, blockK = 16, warpM = 32, warpN = 32, stages = 3, copyBytes = 16, swizzle = 1> for sm_80 cannot be written: the B tile (16x64 elements) is 128 copies of 16 bytes, which 256 threads cannot share evenly}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd) {lmhead.plan = #plan}
      : (tensor<8x64xbf16>, tensor<8x16xbf16>, tensor<64x16xbf16>) -> (tensor<8x16xbf16>, tensor<64x16xbf16>)
  return %dh : tensor<8x16xbf16>
}

// -----

// 4 stages of 256x64 and 64x128 bf16 tiles do not fit an sm_80 block.
#c = #lmhead.gemm<blockM = 256, blockN = 128, blockK = 64, warpM = 64, warpN = 64, stages = 4, copyBytes = 16, swizzle = 1>
#plan = #lmhead.plan<target = sm_80, dh = #c, dw = #c, dhMicros = 1.0 : f64, dwMicros = 1.0 : f64>

func.func @negative_shared_memory(%dz: tensor<8x64xbf16>, %h: tensor<8x16xbf16>, %w: tensor<64x16xbf16>) -> tensor<8x16xbf16> {
  // expected-error @+1 {{for sm_80 cannot be written: its stages need 196608 bytes of shared memory; a block on sm_80 has at most 166912}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd) {lmhead.plan = #plan}
      : (tensor<8x64xbf16>, tensor<8x16xbf16>, tensor<64x16xbf16>) -> (tensor<8x16xbf16>, tensor<64x16xbf16>)
  return %dh : tensor<8x16xbf16>
}
