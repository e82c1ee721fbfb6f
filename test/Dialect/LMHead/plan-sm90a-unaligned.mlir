// --lmhead-plan for sm_90a on operands whose rows are not 16-byte multiples.
// TMA loads rows and bases of 16-byte multiples only, so such a GEMM is
// built by the sm_80 kernel (cp.async or element loads, ldmatrix, mma.sync,
// which Hopper runs too), predicted with that kernel's model on the H200,
// and its #lmhead.gemm says `kernel = sm_80`; a GEMM of the same op whose
// operands TMA can load keeps the sm_90a kernel. A remark names each GEMM
// built so, and why. The remarks are verified in one run; TMA's copies
// forced on such rows are an error.
//
// RUN: lmhead-opt %s --lmhead-plan=target=sm_90a | FileCheck %s
// RUN: lmhead-opt %s --lmhead-plan=target=sm_90a --remarks-filter=lmhead-plan --remark-format=emitRemark -verify-diagnostics -o /dev/null
// RUN: not lmhead-opt %s '--lmhead-plan=target=sm_90a copy-bytes=16' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TMA

// TMA: error: 'lmhead.linear_grad' op dh = dZ*W: no sm_90a kernel configuration with copy-bytes=16 fits: copyBytes must be 16 on sm_90a (TMA, rows and bases of 16-byte multiples; at most 2 here), got 16

// GPT-2's head with a [V,D] weight: every row of dZ is 2-byte aligned only;
// both GEMMs are sm_80 kernels with element copies.
// CHECK-LABEL: func.func @odd_vocabulary_vd(
// CHECK:      lmhead.linear_grad
// CHECK-SAME:   lmhead.plan = #lmhead.plan<target = sm_90a,
// CHECK-SAME:   dh = <
// CHECK-SAME:   warpM = 32,
// CHECK-SAME:   warpN = 64,
// CHECK-SAME:   copyBytes = 2,
// CHECK-SAME:   swizzle = 1,
// CHECK-SAME:   kernel = sm_80>
// CHECK-SAME:   dw = <
// CHECK-SAME:   copyBytes = 2,
// CHECK-SAME:   swizzle = 1,
// CHECK-SAME:   kernel = sm_80>
func.func @odd_vocabulary_vd(%dz: tensor<8192x50257xbf16>, %h: tensor<8192x768xbf16>, %w: tensor<50257x768xbf16>) -> (tensor<8192x768xbf16>, tensor<50257x768xf32>) {
  // expected-remark @+3 {{planned for sm_90a: dh (sm_80 kernel) 128x128x32, warp 32x64, 2 stages, 2-byte copies, swizzle 1, group 16 (}}
  // expected-remark @+2 {{dh = dZ*W is built with the sm_80 kernel (ldmatrix, mma.sync) and 2-byte element copies (synchronous loads; cp.async copies 4, 8 or 16 bytes), because TMA (sm_90a's copies) needs rows and bases of 16-byte multiples: the rows of dZ are 50257 elements of 2 bytes = 100514 bytes, not a multiple of 4}}
  // expected-remark @+1 {{dW = dZ^T*h is built with the sm_80 kernel (ldmatrix, mma.sync) and 2-byte element copies (synchronous loads; cp.async copies 4, 8 or 16 bytes), because TMA (sm_90a's copies) needs rows and bases of 16-byte multiples: the rows of dZ are 50257 elements of 2 bytes = 100514 bytes, not a multiple of 4}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
    : (tensor<8192x50257xbf16>, tensor<8192x768xbf16>, tensor<50257x768xbf16>) -> (tensor<8192x768xbf16>, tensor<50257x768xf32>)
  return %dh, %dw : tensor<8192x768xbf16>, tensor<50257x768xf32>
}

// The same with a [D,V] weight and f16 operands.
// CHECK-LABEL: func.func @odd_vocabulary_dv(
// CHECK:      lmhead.linear_grad
// CHECK-SAME:   lmhead.plan = #lmhead.plan<target = sm_90a,
// CHECK-SAME:   dh = <
// CHECK-SAME:   copyBytes = 2,
// CHECK-SAME:   kernel = sm_80>
// CHECK-SAME:   dw = <
// CHECK-SAME:   copyBytes = 2,
// CHECK-SAME:   kernel = sm_80>
func.func @odd_vocabulary_dv(%dz: tensor<8192x50257xf16>, %h: tensor<8192x768xf16>, %w: tensor<768x50257xf16>) -> (tensor<8192x768xf16>, tensor<768x50257xf32>) {
  // expected-remark @+3 {{planned for sm_90a: dh (sm_80 kernel) 128x128x32, warp 32x64, 2 stages, 2-byte copies, swizzle 1, group 16 (}}
  // expected-remark @+2 {{dh = dZ*W is built with the sm_80 kernel (ldmatrix, mma.sync) and 2-byte element copies}}
  // expected-remark @+1 {{dW^T = h^T*dZ is built with the sm_80 kernel (ldmatrix, mma.sync) and 2-byte element copies}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(dv)
    : (tensor<8192x50257xf16>, tensor<8192x768xf16>, tensor<768x50257xf16>) -> (tensor<8192x768xf16>, tensor<768x50257xf32>)
  return %dh, %dw : tensor<8192x768xf16>, tensor<768x50257xf32>
}

// An odd hidden size with a [D,V] weight: dh reads 16-byte rows of dZ and W
// and keeps the sm_90a kernel (TMA, wgmma); dW^T reads h's rows of 101
// elements and is an sm_80 kernel. One op, both kernel families.
// CHECK-LABEL: func.func @odd_hidden_dv(
// CHECK:      lmhead.linear_grad
// CHECK-SAME:   lmhead.plan = #lmhead.plan<target = sm_90a,
// CHECK-SAME:   dh = <
// CHECK-SAME:   blockK = 64,
// CHECK-SAME:   copyBytes = 16,
// CHECK-SAME:   swizzle = 1, clusterN = 2>
// CHECK-SAME:   dw = <
// CHECK-SAME:   copyBytes = 2,
// CHECK-SAME:   swizzle = 1,
// CHECK-SAME:   kernel = sm_80>
func.func @odd_hidden_dv(%dz: tensor<1000x32000xbf16>, %h: tensor<1000x101xbf16>, %w: tensor<101x32000xbf16>) -> (tensor<1000x101xbf16>, tensor<101x32000xf32>) {
  // expected-remark-re @+2 {{planned for sm_90a: dh 64x64x64, warp 64x64, 3 stages, 16-byte copies, swizzle 1, cluster 1x2 ({{[^)]+}}); dW^T (sm_80 kernel) 128x256x32, warp 64x64, 2 stages, 2-byte copies, swizzle 1 (}}
  // expected-remark @+1 {{dW^T = h^T*dZ is built with the sm_80 kernel (ldmatrix, mma.sync) and 2-byte element copies (synchronous loads; cp.async copies 4, 8 or 16 bytes), because TMA (sm_90a's copies) needs rows and bases of 16-byte multiples: the rows of h are 101 elements of 2 bytes = 202 bytes, not a multiple of 4}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(dv)
    : (tensor<1000x32000xbf16>, tensor<1000x101xbf16>, tensor<101x32000xbf16>) -> (tensor<1000x101xbf16>, tensor<101x32000xf32>)
  return %dh, %dw : tensor<1000x101xbf16>, tensor<101x32000xf32>
}

// Rows of 100 bf16 (200 bytes) allow 8-byte copies: the sm_80 kernel with
// 8-byte cp.async.
// CHECK-LABEL: func.func @rows_of_8_bytes(
// CHECK:      lmhead.linear_grad
// CHECK-SAME:   lmhead.plan = #lmhead.plan<target = sm_90a,
// CHECK-SAME:   dh = <
// CHECK-SAME:   copyBytes = 8,
// CHECK-SAME:   kernel = sm_80>
// CHECK-SAME:   dw = <
// CHECK-SAME:   copyBytes = 8,
// CHECK-SAME:   kernel = sm_80>
func.func @rows_of_8_bytes(%dz: tensor<1000x32000xbf16>, %h: tensor<1000x100xbf16>, %w: tensor<32000x100xbf16>) -> (tensor<1000x100xbf16>, tensor<32000x100xf32>) {
  // expected-remark @+3 {{planned for sm_90a: dh (sm_80 kernel) 32x32x32, warp 16x16, 4 stages, 8-byte copies, swizzle 1 (}}
  // expected-remark @+2 {{dh = dZ*W is built with the sm_80 kernel (ldmatrix, mma.sync) and 8-byte cp.async copies, because TMA (sm_90a's copies) needs rows and bases of 16-byte multiples: the rows of W are 100 elements of 2 bytes = 200 bytes, not a multiple of 16}}
  // expected-remark @+1 {{dW = dZ^T*h is built with the sm_80 kernel (ldmatrix, mma.sync) and 8-byte cp.async copies, because TMA (sm_90a's copies) needs rows and bases of 16-byte multiples: the rows of h are 100 elements of 2 bytes = 200 bytes, not a multiple of 16}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
    : (tensor<1000x32000xbf16>, tensor<1000x100xbf16>, tensor<32000x100xbf16>) -> (tensor<1000x100xbf16>, tensor<32000x100xf32>)
  return %dh, %dw : tensor<1000x100xbf16>, tensor<32000x100xf32>
}
