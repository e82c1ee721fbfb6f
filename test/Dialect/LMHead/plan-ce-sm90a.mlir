// --lmhead-plan for sm_90a on the fused cross-entropy ops: the logits, dh
// and dW GEMMs get warp-specialised TMA + wgmma configurations (warpN =
// blockN, K step 64, 16-byte TMA rows; a GEMM whose operands' rows allow
// only narrower copies is built by the sm_80 kernel). One RUN line per option value that
// sm_90a plans differently from sm_80 (the rest: plan-ce-sm80.mlir); the
// remarks of the default run are verified in one run.
//
// RUN: lmhead-opt %s --lmhead-plan=target=sm_90a | FileCheck %s --check-prefix=SM90
// RUN: lmhead-opt %s --lmhead-plan=target=sm_90a --remarks-filter=lmhead-plan --remark-format=emitRemark -verify-diagnostics -o /dev/null
// RUN: lmhead-opt %s '--lmhead-plan=target=sm_90a ce-workspace-bytes=33554432' | FileCheck %s --check-prefix=BUDGET
// RUN: lmhead-opt %s '--lmhead-plan=target=sm_90a ce-workspace-bytes=33554432' --remarks-filter=lmhead-plan --remark-format=emitRemark -o /dev/null 2>&1 | FileCheck %s --check-prefix=BUDGET-REMARK
// RUN: lmhead-opt %s '--lmhead-plan=target=sm_90a warp-m=128' | FileCheck %s --check-prefix=WARPM
// RUN: lmhead-opt %s '--lmhead-plan=target=sm_90a f32-operands=bf16' | FileCheck %s --check-prefix=F32BF16
// RUN: not lmhead-opt %s '--lmhead-plan=target=sm_90a block-k=32' -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOCONFIG
// RUN: not lmhead-opt %s '--lmhead-plan=target=sm_90a ce-workspace-bytes=1048575' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TOOSMALL

// NOCONFIG: error: 'lmhead.ce_linear_fwd' op logits z = h*W^T: no sm_90a kernel configuration with block-k=32 fits: blockK must be 64 on sm_90a (one 128-byte swizzled row of 16-bit elements), got 32
// TOOSMALL: error: 'lmhead.ce_linear_grad' op ce-workspace-bytes: a workspace of 1048575 bytes cannot hold two chunks of 64 vocabulary columns (2 x 4096 tokens x 64 x 2 bytes); the smallest that works is 1048576 bytes (ce-workspace-bytes=1048576)

// The first benchmark shape (N=4096, D=4096, V=128256), a [V,D] weight.
// SM90-LABEL: func.func @fwd_vd(
// SM90:      lmhead.ce_linear_fwd
// SM90-SAME:   lmhead.plan = #lmhead.ce_plan<target = sm_90a,
// SM90-SAME:   logits = <
// SM90-SAME:   blockM = 128,
// SM90-SAME:   blockN = 192,
// SM90-SAME:   blockK = 64,
// SM90-SAME:   warpM = 64,
// SM90-SAME:   warpN = 192,
// SM90-SAME:   stages = 3,
// SM90-SAME:   copyBytes = 16,
// SM90-SAME:   swizzle = 1, groupRows = 32, clusterM = 2>,
// SM90-SAME:   micros = {{[0-9.e+]+}} : f64>
// WARPM-LABEL: func.func @fwd_vd(
// WARPM:       lmhead.ce_linear_fwd
// WARPM-SAME:    logits = <blockM = 256, blockN = 128, blockK = 64, warpM = 128, warpN = 128,
func.func @fwd_vd(%h: tensor<4096x4096xbf16>, %w: tensor<128256x4096xbf16>, %y: tensor<4096xi64>) -> tensor<f32> {
  // expected-remark @+1 {{planned for sm_90a: logits 128x192x64, warp 64x192, 3 stages, 16-byte copies, swizzle 1, group 32, cluster 2x1; 5615.3 us predicted (GEMM 5451.6 us, exp 135.9 us, partials 9.1 us, row passes 18.7 us), floor 5447.5 us (1 GEMM)}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean)
    : (tensor<4096x4096xbf16>, tensor<128256x4096xbf16>, tensor<4096xi64>) -> (tensor<f32>, tensor<4096xf32>)
  return %loss : tensor<f32>
}

// Its backward: 42 chunks of 3072 columns (48 MiB of workspace); 32 MiB
// hold 2048 columns.
// Every GEMM is persistent (one block per SM) and stores through TMA: the
// logits GEMM's epilogue its dZ, dh and dW their products.
// SM90-LABEL: func.func @grad_vd(
// SM90:      lmhead.ce_linear_grad
// SM90-SAME:   lmhead.plan = #lmhead.ce_plan<target = sm_90a,
// SM90-SAME:   logits = <
// SM90-SAME:   blockM = 128,
// SM90-SAME:   blockN = 128,
// SM90-SAME:   blockK = 64,
// SM90-SAME:   warpM = 64,
// SM90-SAME:   warpN = 128,
// SM90-SAME:   stages = 3,
// SM90-SAME:   copyBytes = 16,
// SM90-SAME:   swizzle = 1, groupRows = 32, persistent = 132, clusterM = 2, tmaStore = 1>,
// SM90-SAME:   dh = <
// SM90-SAME:   blockM = 128,
// SM90-SAME:   blockN = 128,
// SM90-SAME:   blockK = 64,
// SM90-SAME:   warpM = 64,
// SM90-SAME:   warpN = 128,
// SM90-SAME:   stages = 3,
// SM90-SAME:   copyBytes = 16,
// SM90-SAME:   swizzle = 1, persistent = 132, clusterM = 2, tmaStore = 1>,
// SM90-SAME:   dw = <
// SM90-SAME:   blockM = 128,
// SM90-SAME:   blockN = 128,
// SM90-SAME:   blockK = 64,
// SM90-SAME:   warpM = 128,
// SM90-SAME:   warpN = 128,
// SM90-SAME:   stages = 3,
// SM90-SAME:   copyBytes = 16,
// SM90-SAME:   swizzle = 1, groupRows = 32, persistent = 132, clusterM = 2, tmaStore = 1, pingPong = 1>,
// SM90-SAME:   chunk = 9216,
// SM90-SAME:   micros = {{[0-9.e+]+}} : f64>
// BUDGET-LABEL: func.func @grad_vd(
// BUDGET:       lmhead.ce_linear_grad
// BUDGET-SAME:    chunk = 2048,
// BUDGET-REMARK: remark: {{.*}}Function=grad_vd{{.*}}Remark="planned for sm_90a: {{.*}}; chunk 2048 columns (63 chunks), workspace 33554432 bytes (ce-workspace-bytes=33554432 given: the largest chunk it holds); {{[0-9.]+}} us predicted ({{.*}}), floor 16342.6 us (3 GEMMs); two-pass schedule: a backward alone ({{.*}})"
// WARPM-LABEL: func.func @grad_vd(
// WARPM:       lmhead.ce_linear_grad
// WARPM-SAME:    logits = <blockM = 256, blockN = 128, blockK = 64, warpM = 128, warpN = 128,
// WARPM-SAME:    dh = <blockM = 128, blockN = 128, blockK = 64, warpM = 128, warpN = 128, {{[^>]*}}pingPong = 1>
// WARPM-SAME:    dw = <blockM = 128, blockN = 128, blockK = 64, warpM = 128, warpN = 128, {{[^>]*}}pingPong = 1>
func.func @grad_vd(%h: tensor<4096x4096xbf16>, %w: tensor<128256x4096xbf16>, %y: tensor<4096xi64>, %lse: tensor<4096xf32>, %g: tensor<f32>) -> (tensor<4096x4096xbf16>, tensor<128256x4096xf32>) {
  // expected-remark @+1 {{planned for sm_90a: logits 128x128x64, warp 64x128, 3 stages, 16-byte copies, swizzle 1, group 32, persistent 132, cluster 2x1, TMA store; dh 128x128x64, warp 64x128, 3 stages, 16-byte copies, swizzle 1, persistent 132, cluster 2x1, TMA store; dW 128x128x64, warp 128x128, 3 stages, 16-byte copies, swizzle 1, group 32, persistent 132, cluster 2x1, TMA store, ping-pong; chunk 9216 columns (14 chunks), workspace 150994944 bytes (chosen by the model: the smallest within 2% of the fastest chunk, 128256 columns at 16637.1 us); 16920.8 us predicted (GEMMs with their exp 16820.2 us, of which exp 135.9 us, alone logits 5716.8 us, dh 5792.5 us, dW 5663.0 us, after 487.9 us saved by the two streams; small kernels 30.5 us; chunk sync 70.0 us), floor 16342.6 us (3 GEMMs); two-pass schedule: a backward alone (its lse is not computed by a ce_linear_fwd here)}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean)
    : (tensor<4096x4096xbf16>, tensor<128256x4096xbf16>, tensor<4096xi64>, tensor<4096xf32>, tensor<f32>) -> (tensor<4096x4096xbf16>, tensor<128256x4096xf32>)
  return %dh, %dw : tensor<4096x4096xbf16>, tensor<128256x4096xf32>
}

// A [D,V] f16 weight, per-token losses.
// SM90-LABEL: func.func @fwd_dv(
// SM90:      lmhead.ce_linear_fwd {{.*}} layout(dv) reduction(none) {lmhead.plan = #lmhead.ce_plan<target = sm_90a, logits = <blockM = 128, blockN = 256,
func.func @fwd_dv(%h: tensor<1024x2048xf16>, %w: tensor<2048x32000xf16>, %y: tensor<1024xi32>) -> tensor<1024xf32> {
  // expected-remark @+1 {{planned for sm_90a: logits 128x256x64, warp 64x256, 3 stages, 16-byte copies, swizzle 1, cluster 2x1; 196.1 us predicted (GEMM 181.4 us, exp 8.5 us, partials 0.4 us, row passes 5.8 us), floor 169.9 us (1 GEMM)}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(dv) reduction(none)
    : (tensor<1024x2048xf16>, tensor<2048x32000xf16>, tensor<1024xi32>) -> (tensor<1024xf32>, tensor<1024xf32>)
  return %loss : tensor<1024xf32>
}

// A dynamic N is planned for 8192 tokens.
// SM90-LABEL: func.func @grad_dynamic_tokens(
// SM90:      lmhead.ce_linear_grad {{.*}} {lmhead.plan = #lmhead.ce_plan<target = sm_90a,
// SM90-SAME:   chunk = 10688,
// BUDGET-LABEL: func.func @grad_dynamic_tokens(
// BUDGET:       lmhead.ce_linear_grad
// BUDGET-SAME:    chunk = 1024,
// BUDGET-REMARK: remark: {{.*}}Function=grad_dynamic_tokens{{.*}}Remark="planned for sm_90a (N is dynamic; planned for 8192 tokens): {{.*}}; chunk 1024 columns (32 chunks), workspace 33554432 bytes (ce-workspace-bytes=33554432 given: the largest chunk it holds);
func.func @grad_dynamic_tokens(%h: tensor<?x1024xbf16>, %w: tensor<32000x1024xbf16>, %y: tensor<?xi64>, %lse: tensor<?xf32>, %g: tensor<f32>) -> (tensor<?x1024xbf16>, tensor<32000x1024xf32>) {
  // expected-remark @+1 {{planned for sm_90a (N is dynamic; planned for 8192 tokens): logits 128x128x64, warp 64x128, 3 stages, 16-byte copies, swizzle 1, persistent 132, cluster 1x2, TMA store; dh 128x128x64, warp 64x128, 3 stages, 16-byte copies, swizzle 1, persistent 132, cluster 2x1, TMA store; dW 128x128x64, warp 128x128, 3 stages, 16-byte copies, swizzle 1, persistent 132, cluster 2x1, TMA store, ping-pong; chunk 10688 columns (3 chunks), workspace 350224384 bytes (chosen by the model: the smallest within 2% of the fastest chunk, 32000 columns at 2218.0 us); 2255.0 us predicted (GEMMs with their exp 2214.4 us, of which exp 67.8 us, alone logits 746.6 us, dh 722.4 us, dW 818.7 us, after 141.2 us saved by the two streams; small kernels 25.6 us; chunk sync 15.0 us), floor 2038.8 us (3 GEMMs); two-pass schedule: a backward alone (its lse is not computed by a ce_linear_fwd here)}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean)
    : (tensor<?x1024xbf16>, tensor<32000x1024xbf16>, tensor<?xi64>, tensor<?xf32>, tensor<f32>) -> (tensor<?x1024xbf16>, tensor<32000x1024xf32>)
  return %dh, %dw : tensor<?x1024xbf16>, tensor<32000x1024xf32>
}

// Rows of 100 bf16 (200 bytes): cp.async can copy them 8 bytes at a time,
// TMA cannot, so all three GEMMs are built by the sm_80 kernel, which
// Hopper runs too; its logits GEMM is persistent (cp.async copies).
// SM90-LABEL: func.func @rows_of_8_bytes(
// SM90:       lmhead.ce_linear_grad
// SM90-SAME:    logits = <{{[^>]*}}copyBytes = 8, swizzle = 1, persistent = 132, kernel = sm_80>
// SM90-SAME:    dh = <{{[^>]*}}copyBytes = 8, swizzle = 1, kernel = sm_80>
// SM90-SAME:    dw = <{{[^>]*}}copyBytes = 8, swizzle = 1, kernel = sm_80>
func.func @rows_of_8_bytes(%h: tensor<1000x100xbf16>, %w: tensor<32000x100xbf16>, %y: tensor<1000xi64>, %lse: tensor<1000xf32>, %g: tensor<f32>) -> (tensor<1000x100xbf16>, tensor<32000x100xf32>) {
  // expected-remark @+4 {{planned for sm_90a: logits (sm_80 kernel) 256x128x32, warp 64x64, 5 stages, 8-byte copies, swizzle 1, persistent 132; dh (sm_80 kernel) 32x32x32, warp 16x16, 4 stages, 8-byte copies, swizzle 1; dW (sm_80 kernel) 256x128x32, warp 64x64, 5 stages, 8-byte copies, swizzle 1; chunk 32000 columns (1 chunk), workspace 64000000 bytes (chosen by the model: the smallest within 2% of the fastest chunk, 32000 columns at 109.5 us)}}
  // expected-remark @+3 {{logits is built with the sm_80 kernel (ldmatrix, mma.sync) and 8-byte cp.async copies, because TMA (sm_90a's copies) needs rows and bases of 16-byte multiples: the rows of h are 100 elements of 2 bytes = 200 bytes, not a multiple of 16}}
  // expected-remark @+2 {{dh is built with the sm_80 kernel (ldmatrix, mma.sync) and 8-byte cp.async copies, because TMA (sm_90a's copies) needs rows and bases of 16-byte multiples: the rows of W are 100 elements of 2 bytes = 200 bytes, not a multiple of 16}}
  // expected-remark @+1 {{dW is built with the sm_80 kernel (ldmatrix, mma.sync) and 8-byte cp.async copies, because TMA (sm_90a's copies) needs rows and bases of 16-byte multiples: the rows of h are 100 elements of 2 bytes = 200 bytes, not a multiple of 16}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean)
    : (tensor<1000x100xbf16>, tensor<32000x100xbf16>, tensor<1000xi64>, tensor<1000xf32>, tensor<f32>) -> (tensor<1000x100xbf16>, tensor<32000x100xf32>)
  return %dh, %dw : tensor<1000x100xbf16>, tensor<32000x100xf32>
}

// GPT-2's vocabulary, V = 50257, with a [D,V] weight: W's rows are of odd
// length, so the logits and dh GEMMs, which read them, load elements one at a
// time; dW^T = h^T*dZ reads h and the 64-column-aligned workspace, so it
// keeps wgmma and TMA.
// SM90-LABEL: func.func @odd_vocab_dv(
// SM90:       lmhead.ce_linear_grad
// SM90-SAME:    logits = <{{[^>]*}}copyBytes = 2, swizzle = 1, kernel = sm_80>
// SM90-SAME:    dh = <{{[^>]*}}copyBytes = 2, swizzle = 1, kernel = sm_80>
// SM90-SAME:    dw = <blockM = 64, {{[^>]*}}copyBytes = 16, swizzle = 1, persistent = 132, clusterM = 2, pingPong = 1>
func.func @odd_vocab_dv(%h: tensor<1000x128xbf16>, %w: tensor<128x50257xbf16>, %y: tensor<1000xi64>, %lse: tensor<1000xf32>, %g: tensor<f32>) -> (tensor<1000x128xbf16>, tensor<128x50257xbf16>) {
  // expected-remark @+3 {{planned for sm_90a: logits (sm_80 kernel) 256x128x32, warp 64x64, 2 stages, 2-byte copies, swizzle 1; dh (sm_80 kernel) 64x16x32, warp 32x16, 2 stages, 2-byte copies, swizzle 1; dW^T 64x128x64, warp 64x128, 4 stages, 16-byte copies, swizzle 1, persistent 132, cluster 2x1, ping-pong; chunk 25152 columns (2 chunks), workspace 100608000 bytes (chosen by the model: the smallest within 2% of the fastest chunk, 50304 columns at 352.4 us)}}
  // expected-remark @+2 {{logits is built with the sm_80 kernel (ldmatrix, mma.sync) and 2-byte element copies (synchronous loads; cp.async copies 4, 8 or 16 bytes), because TMA (sm_90a's copies) needs rows and bases of 16-byte multiples: the rows of W are 50257 elements of 2 bytes = 100514 bytes, not a multiple of 4}}
  // expected-remark @+1 {{dh is built with the sm_80 kernel (ldmatrix, mma.sync) and 2-byte element copies (synchronous loads; cp.async copies 4, 8 or 16 bytes), because TMA (sm_90a's copies) needs rows and bases of 16-byte multiples: the rows of W are 50257 elements of 2 bytes = 100514 bytes, not a multiple of 4}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(dv) reduction(mean)
    : (tensor<1000x128xbf16>, tensor<128x50257xbf16>, tensor<1000xi64>, tensor<1000xf32>, tensor<f32>) -> (tensor<1000x128xbf16>, tensor<128x50257xbf16>)
  return %dh, %dw : tensor<1000x128xbf16>, tensor<128x50257xbf16>
}

// 1024 tokens, D = 512: one chunk of all 32000 columns is the fastest and
// nothing smaller comes within 2% of it.
// SM90-LABEL: func.func @grad_f32(
// SM90-NOT:   lmhead.ce_linear_grad
// SM90:       linalg.generic
// F32BF16-LABEL: func.func @grad_f32(
// F32BF16:         linalg.map { arith.truncf }
// F32BF16:         linalg.map { arith.truncf }
// F32BF16:         lmhead.ce_linear_grad
// F32BF16-SAME:      lmhead.plan = #lmhead.ce_plan<target = sm_90a,
// F32BF16-SAME:      dh = <blockM = 64, blockN = 64,
// F32BF16-SAME:      chunk = 32000,
func.func @grad_f32(%h: tensor<1024x512xf32>, %w: tensor<32000x512xf32>, %y: tensor<1024xi64>, %lse: tensor<1024xf32>, %g: tensor<f32>) -> (tensor<1024x512xf32>, tensor<32000x512xf32>) {
  // expected-remark @+1 {{decomposed: f32 operands: the kernels multiply 16-bit operands (f32-operands=bf16 rounds them to bf16 for the kernels); kept exact on the host}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean)
    : (tensor<1024x512xf32>, tensor<32000x512xf32>, tensor<1024xi64>, tensor<1024xf32>, tensor<f32>) -> (tensor<1024x512xf32>, tensor<32000x512xf32>)
  return %dh, %dw : tensor<1024x512xf32>, tensor<32000x512xf32>
}
