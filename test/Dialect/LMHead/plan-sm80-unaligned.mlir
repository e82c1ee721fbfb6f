// --lmhead-plan for sm_80 on operands whose rows are not 16-byte multiples:
// every D and V gets kernels. The copies are as wide as the rows allow, down
// to 2-byte element copies (synchronous loads, no cp.async) for rows of odd
// length, such as those of dZ [N,V] with GPT-2's V = 50257; a remark names
// each GEMM whose copies are narrower than 16 bytes and what limits them.
// The remarks are verified in one run; a copy width the rows do not allow is
// an error naming the widest they do. 8-byte rows: plan-sm80.mlir.
//
// RUN: lmhead-opt %s --lmhead-plan | FileCheck %s
// RUN: lmhead-opt %s --lmhead-plan --remarks-filter=lmhead-plan --remark-format=emitRemark -verify-diagnostics -o /dev/null
// RUN: not lmhead-opt %s --lmhead-plan=copy-bytes=4 -o /dev/null 2>&1 | FileCheck %s --check-prefix=COPY4

// COPY4: error: 'lmhead.linear_grad' op dh = dZ*W: no sm_80 kernel configuration with copy-bytes=4 fits: copyBytes must be 2, 4, 8 or 16 and divide the rows of dZ and W (at most 2 here), got 4

// GPT-2's head with a [V,D] weight: every row of dZ is 2-byte aligned only,
// and both GEMMs read dZ along its rows.
// CHECK-LABEL: func.func @odd_vocabulary_vd(
// CHECK:      lmhead.linear_grad
// CHECK-SAME:   lmhead.plan = #lmhead.plan<target = sm_80,
// CHECK-SAME:   dh = <
// CHECK-SAME:   copyBytes = 2,
// CHECK-SAME:   swizzle = 1, groupRows = 32>
// CHECK-SAME:   dw = <
// CHECK-SAME:   copyBytes = 2,
// CHECK-SAME:   swizzle = 1>
func.func @odd_vocabulary_vd(%dz: tensor<8192x50257xbf16>, %h: tensor<8192x768xbf16>, %w: tensor<50257x768xbf16>) -> (tensor<8192x768xbf16>, tensor<50257x768xf32>) {
  // expected-remark @+3 {{planned for sm_80: dh 128x256x32, warp 64x64, 2 stages, 2-byte copies, swizzle 1, group 32 (}}
  // expected-remark @+2 {{dh = dZ*W uses 2-byte element copies (synchronous loads; cp.async copies 4, 8 or 16 bytes): the rows of dZ are 50257 elements of 2 bytes = 100514 bytes, not a multiple of 4}}
  // expected-remark @+1 {{dW = dZ^T*h uses 2-byte element copies (synchronous loads; cp.async copies 4, 8 or 16 bytes): the rows of dZ are 50257 elements of 2 bytes = 100514 bytes, not a multiple of 4}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
    : (tensor<8192x50257xbf16>, tensor<8192x768xbf16>, tensor<50257x768xbf16>) -> (tensor<8192x768xbf16>, tensor<50257x768xf32>)
  return %dh, %dw : tensor<8192x768xbf16>, tensor<50257x768xf32>
}

// The same with a [D,V] weight and f16 operands.
// CHECK-LABEL: func.func @odd_vocabulary_dv(
// CHECK:      lmhead.linear_grad
// CHECK-SAME:   lmhead.plan = #lmhead.plan<target = sm_80,
// CHECK-SAME:   dh = <
// CHECK-SAME:   copyBytes = 2,
// CHECK-SAME:   dw = <
// CHECK-SAME:   copyBytes = 2,
func.func @odd_vocabulary_dv(%dz: tensor<8192x50257xf16>, %h: tensor<8192x768xf16>, %w: tensor<768x50257xf16>) -> (tensor<8192x768xf16>, tensor<768x50257xf32>) {
  // expected-remark @+3 {{planned for sm_80: dh 128x256x32, warp 64x64, 2 stages, 2-byte copies, swizzle 1, group 32 (}}
  // expected-remark @+2 {{dh = dZ*W uses 2-byte element copies (synchronous loads; cp.async copies 4, 8 or 16 bytes): the rows of dZ are 50257 elements of 2 bytes = 100514 bytes, not a multiple of 4}}
  // expected-remark @+1 {{dW^T = h^T*dZ uses 2-byte element copies (synchronous loads; cp.async copies 4, 8 or 16 bytes): the rows of dZ are 50257 elements of 2 bytes = 100514 bytes, not a multiple of 4}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(dv)
    : (tensor<8192x50257xf16>, tensor<8192x768xf16>, tensor<768x50257xf16>) -> (tensor<8192x768xf16>, tensor<768x50257xf32>)
  return %dh, %dw : tensor<8192x768xf16>, tensor<768x50257xf32>
}

// An odd hidden size with a [D,V] weight: dh reads dZ and W along V (16-byte
// rows, full-width cp.async), dW^T reads h's rows of 101 elements.
// CHECK-LABEL: func.func @odd_hidden_dv(
// CHECK:      lmhead.linear_grad
// CHECK-SAME:   lmhead.plan = #lmhead.plan<target = sm_80,
// CHECK-SAME:   dh = <
// CHECK-SAME:   copyBytes = 16,
// CHECK-SAME:   dw = <
// CHECK-SAME:   copyBytes = 2,
func.func @odd_hidden_dv(%dz: tensor<1000x32000xbf16>, %h: tensor<1000x101xbf16>, %w: tensor<101x32000xbf16>) -> (tensor<1000x101xbf16>, tensor<101x32000xf32>) {
  // expected-remark @+2 {{planned for sm_80: dh 32x64x32, warp 16x32, 5 stages, 16-byte copies, swizzle 1 (}}
  // expected-remark @+1 {{dW^T = h^T*dZ uses 2-byte element copies (synchronous loads; cp.async copies 4, 8 or 16 bytes): the rows of h are 101 elements of 2 bytes = 202 bytes, not a multiple of 4}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(dv)
    : (tensor<1000x32000xbf16>, tensor<1000x101xbf16>, tensor<101x32000xbf16>) -> (tensor<1000x101xbf16>, tensor<101x32000xf32>)
  return %dh, %dw : tensor<1000x101xbf16>, tensor<101x32000xf32>
}
