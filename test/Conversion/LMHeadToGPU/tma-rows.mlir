// A hand-written sm_90a plan whose kernels would copy rows TMA cannot copy
// (rows that are not whole 16 bytes) is an error naming the matrix when the
// kernels are written, not a failure of the runtime's tensor-map encoding.
// The plans the model chooses never have such rows (plan-sm90a-unaligned).
// RUN: lmhead-opt %s --lmhead-lower-to-gpu --split-input-file -verify-diagnostics -o /dev/null

#g = #lmhead.gemm<blockM = 128, blockN = 128, blockK = 64, warpM = 64, warpN = 128, stages = 3, copyBytes = 16, swizzle = 1>

// dZ's rows, V = 301 bf16 values, are 602 bytes.
func.func @loads(%dz: tensor<150x301xbf16>, %h: tensor<150x72xbf16>, %w: tensor<301x72xbf16>) -> (tensor<150x72xbf16>, tensor<301x72xf32>) {
  // expected-error @+1 {{the dh kernel of its plan loads dZ with TMA (an sm_90a kernel), which copies rows of whole 16 bytes; dZ's rows are 602 bytes (kernel = sm_80 with copyBytes dividing them copies any rows)}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd) {lmhead.plan = #lmhead.plan<target = sm_90a, dh = #g, dw = #g, dhMicros = 0.0 : f64, dwMicros = 0.0 : f64>}
    : (tensor<150x301xbf16>, tensor<150x72xbf16>, tensor<301x72xbf16>) -> (tensor<150x72xbf16>, tensor<301x72xf32>)
  return %dh, %dw : tensor<150x72xbf16>, tensor<301x72xf32>
}

// -----

#g = #lmhead.gemm<blockM = 128, blockN = 128, blockK = 64, warpM = 64, warpN = 128, stages = 3, copyBytes = 16, swizzle = 1>
#s = #lmhead.gemm<blockM = 128, blockN = 128, blockK = 64, warpM = 64, warpN = 128, stages = 3, copyBytes = 16, swizzle = 1, tmaStore = 1>

// With W [D,V] every operand row is V long; dh's rows, D = 76 bf16 values,
// are 152 bytes, which TMA cannot store.
func.func @stores(%dz: tensor<150x304xbf16>, %h: tensor<150x76xbf16>, %w: tensor<76x304xbf16>) -> (tensor<150x76xbf16>, tensor<76x304xf32>) {
  // expected-error @+1 {{the dh kernel of its plan stores dh with TMA (an sm_90a kernel with tmaStore = 1), which copies rows of whole 16 bytes; dh's rows are 152 bytes (tmaStore = 0 stores from registers)}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(dv) {lmhead.plan = #lmhead.plan<target = sm_90a, dh = #s, dw = #g, dhMicros = 0.0 : f64, dwMicros = 0.0 : f64>}
    : (tensor<150x304xbf16>, tensor<150x76xbf16>, tensor<76x304xbf16>) -> (tensor<150x76xbf16>, tensor<76x304xf32>)
  return %dh, %dw : tensor<150x76xbf16>, tensor<76x304xf32>
}

// -----

#s = #lmhead.gemm<blockM = 128, blockN = 128, blockK = 64, warpM = 64, warpN = 128, stages = 3, copyBytes = 16, swizzle = 1, tmaStore = 1>

// The backward's dZ workspace has rows of the chunk's columns: 100 bf16
// values, 200 bytes.
func.func @chunk(%h: tensor<150x72xbf16>, %w: tensor<304x72xbf16>, %y: tensor<150xi64>, %lse: tensor<150xf32>, %g: tensor<f32>) -> (tensor<150x72xbf16>, tensor<304x72xbf16>) {
  // expected-error @+1 {{the logits kernel of its plan stores dZ with TMA (an sm_90a kernel with tmaStore = 1), which copies rows of whole 16 bytes; dZ's rows are 200 bytes (tmaStore = 0 stores from registers)}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean) {lmhead.plan = #lmhead.ce_plan<target = sm_90a, logits = #s, dh = #s, dw = #s, chunk = 100, micros = 0.0 : f64>}
    : (tensor<150x72xbf16>, tensor<304x72xbf16>, tensor<150xi64>, tensor<150xf32>, tensor<f32>) -> (tensor<150x72xbf16>, tensor<304x72xbf16>)
  return %dh, %dw : tensor<150x72xbf16>, tensor<304x72xbf16>
}
