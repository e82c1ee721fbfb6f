// --lmhead-plan for sm_80 on the fused cross-entropy ops: each
// lmhead.ce_linear_fwd gets the tiles of its logits GEMM, each
// lmhead.ce_linear_grad those of its logits, dh and dW GEMMs and the
// vocabulary chunk of its dZ workspace, as `#lmhead.ce_plan`; or the op is
// decomposed back into linalg with a remark saying why, under the rules of
// linear_grad (plan-sm80.mlir). One RUN line per option value; the remarks
// of the default run are verified in one -verify-diagnostics run, those of
// other option values with FileCheck. sm_90a: plan-ce-sm90a.mlir.
//
// RUN: lmhead-opt %s --lmhead-plan | FileCheck %s --check-prefix=SM80
// RUN: lmhead-opt %s --lmhead-plan --remarks-filter=lmhead-plan --remark-format=emitRemark -verify-diagnostics -o /dev/null
// RUN: lmhead-opt %s --lmhead-plan=ce-workspace-bytes=0 | FileCheck %s --check-prefix=SM80
// RUN: lmhead-opt %s --lmhead-plan=ce-workspace-bytes=16777216 | FileCheck %s --check-prefix=BUDGET
// RUN: lmhead-opt %s --lmhead-plan=ce-workspace-bytes=16777216 --remarks-filter=lmhead-plan --remark-format=emitRemark -o /dev/null 2>&1 | FileCheck %s --check-prefix=BUDGET-REMARK
// RUN: not lmhead-opt %s --lmhead-plan=ce-workspace-bytes=100000 -o /dev/null 2>&1 | FileCheck %s --check-prefix=TOOSMALL
// RUN: lmhead-opt %s --lmhead-plan=min-tokens=5000 | FileCheck %s --check-prefix=MORE
// RUN: lmhead-opt %s --lmhead-plan=min-tokens=32 | FileCheck %s --check-prefix=KEEP
// RUN: lmhead-opt %s --lmhead-plan=f32-operands=bf16 | FileCheck %s --check-prefix=F32BF16
// RUN: lmhead-opt %s --lmhead-plan=f32-operands=bf16 --remarks-filter=lmhead-plan --remark-format=emitRemark -o /dev/null 2>&1 | FileCheck %s --check-prefix=F32BF16-REMARK
// RUN: lmhead-opt %s --lmhead-plan=block-m=64 | FileCheck %s --check-prefix=BLOCKM
// RUN: not lmhead-opt %s --lmhead-plan=stages=6 -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOCONFIG
// RUN: not lmhead-opt %s --lmhead-plan=ce-workspace-bytes=-1 2>&1 | FileCheck %s --check-prefix=BADWORKSPACE

// TOOSMALL: error: 'lmhead.ce_linear_grad' op ce-workspace-bytes: a workspace of 100000 bytes cannot hold two chunks of 64 vocabulary columns (2 x 4096 tokens x 64 x 2 bytes); the smallest that works is 1048576 bytes (ce-workspace-bytes=1048576)
// TOOSMALL: error: 'lmhead.ce_linear_grad' op ce-workspace-bytes: a workspace of 100000 bytes cannot hold two chunks of 64 vocabulary columns (2 x 1024 tokens x 64 x 2 bytes); the smallest that works is 262144 bytes (ce-workspace-bytes=262144)
// TOOSMALL: error: 'lmhead.ce_linear_grad' op ce-workspace-bytes: a workspace of 100000 bytes cannot hold two chunks of 64 vocabulary columns (2 x 8192 tokens x 64 x 2 bytes); the smallest that works is 2097152 bytes (ce-workspace-bytes=2097152)
// NOCONFIG: error: 'lmhead.ce_linear_fwd' op logits z = h*W^T: no sm_80 kernel configuration with stages=6 fits: stages must be 2..5 on sm_80, got 6
// NOCONFIG: error: 'lmhead.ce_linear_grad' op logits z = h*W^T: no sm_80 kernel configuration with stages=6 fits: stages must be 2..5 on sm_80, got 6
// BADWORKSPACE: error: lmhead-plan: ce-workspace-bytes must be at least 0 (0: the cost model chooses), got -1

// The first benchmark shape (N=4096, D=4096, V=128256), a [V,D] weight: the
// logits GEMM of the forward keeps 4 f32 partials per row and 64-column
// warp tile instead of 4096 x 128256 logits.
// SM80-LABEL: func.func @fwd_vd(
// SM80:      lmhead.ce_linear_fwd
// SM80-SAME:   lmhead.plan = #lmhead.ce_plan<target = sm_80,
// SM80-SAME:   logits = <
// SM80-SAME:   blockM = 128,
// SM80-SAME:   blockN = 256,
// SM80-SAME:   blockK = 32,
// SM80-SAME:   warpM = 64,
// SM80-SAME:   warpN = 64,
// SM80-SAME:   stages = 5,
// SM80-SAME:   copyBytes = 16,
// SM80-SAME:   swizzle = 1, groupRows = 32>,
// SM80-SAME:   micros = {{[0-9.e+]+}} : f64>
// MORE-LABEL: func.func @fwd_vd(
// MORE-NOT:   lmhead.ce_linear_fwd
// MORE:       linalg.generic
// BLOCKM-LABEL: func.func @fwd_vd(
// BLOCKM:       lmhead.ce_linear_fwd
// BLOCKM-SAME:    logits = <
// BLOCKM-SAME:    blockM = 64,
func.func @fwd_vd(%h: tensor<4096x4096xbf16>, %w: tensor<128256x4096xbf16>, %y: tensor<4096xi64>) -> tensor<f32> {
  // expected-remark @+1 {{planned for sm_80: logits 128x256x32, warp 64x64, 5 stages, 16-byte copies, swizzle 1, group 32; 15742.7 us predicted (GEMM 15385.4 us, exp 215.6 us, partials 65.7 us, row passes 76.0 us), floor 13793.5 us (1 GEMM)}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean)
    : (tensor<4096x4096xbf16>, tensor<128256x4096xbf16>, tensor<4096xi64>) -> (tensor<f32>, tensor<4096xf32>)
  return %loss : tensor<f32>
}

// Its backward: 78 chunks of 1664 columns, two chunk buffers of 13 MiB
// instead of a 1 GiB dZ. With a 16 MiB workspace the chunk shrinks to
// 1024 columns.
// SM80-LABEL: func.func @grad_vd(
// SM80:      lmhead.ce_linear_grad
// SM80-SAME:   lmhead.plan = #lmhead.ce_plan<target = sm_80,
// SM80-SAME:   logits = <
// SM80-SAME:   blockM = 256,
// SM80-SAME:   blockN = 128,
// SM80-SAME:   blockK = 32,
// SM80-SAME:   warpM = 64,
// SM80-SAME:   warpN = 64,
// SM80-SAME:   stages = 5,
// SM80-SAME:   copyBytes = 16,
// SM80-SAME:   swizzle = 1, groupRows = 16, persistent = 108>,
// SM80-SAME:   dh = <
// SM80-SAME:   blockM = 128,
// SM80-SAME:   blockN = 256,
// SM80-SAME:   blockK = 32,
// SM80-SAME:   warpM = 64,
// SM80-SAME:   warpN = 64,
// SM80-SAME:   stages = 5,
// SM80-SAME:   copyBytes = 16,
// SM80-SAME:   swizzle = 1, groupRows = 16, persistent = 108>,
// SM80-SAME:   dw = <
// SM80-SAME:   blockM = 128,
// SM80-SAME:   blockN = 256,
// SM80-SAME:   blockK = 32,
// SM80-SAME:   warpM = 64,
// SM80-SAME:   warpN = 64,
// SM80-SAME:   stages = 5,
// SM80-SAME:   copyBytes = 16,
// SM80-SAME:   swizzle = 1, groupRows = 32, persistent = 108>,
// SM80-SAME:   chunk = 7552,
// SM80-SAME:   micros = {{[0-9.e+]+}} : f64>
// BUDGET-LABEL: func.func @grad_vd(
// BUDGET:       lmhead.ce_linear_grad
// BUDGET-SAME:    chunk = 1024,
// BUDGET-REMARK: remark: {{.*}}Function=grad_vd{{.*}}chunk 1024 columns (126 chunks), workspace 16777216 bytes (ce-workspace-bytes=16777216 given: the largest chunk it holds); {{[0-9.]+}} us predicted (GEMMs with their exp {{[0-9.]+}} us, of which exp 215.6 us, {{.*}}after {{[0-9.]+}} us saved by the two streams; small kernels {{[0-9.]+}} us; chunk sync 630.0 us), floor 41380.4 us (3 GEMMs)
// MORE-LABEL: func.func @grad_vd(
// MORE-NOT:   lmhead.ce_linear_grad
// MORE:       linalg.generic
// BLOCKM-LABEL: func.func @grad_vd(
// BLOCKM:       lmhead.ce_linear_grad
// BLOCKM-SAME:    logits = <
// BLOCKM-SAME:    blockM = 64,
// BLOCKM-SAME:    dh = <
// BLOCKM-SAME:    blockM = 64,
// BLOCKM-SAME:    dw = <
// BLOCKM-SAME:    blockM = 64,
func.func @grad_vd(%h: tensor<4096x4096xbf16>, %w: tensor<128256x4096xbf16>, %y: tensor<4096xi64>, %lse: tensor<4096xf32>, %g: tensor<f32>) -> (tensor<4096x4096xbf16>, tensor<128256x4096xf32>) {
  // expected-remark @+1 {{planned for sm_80: logits 256x128x32, warp 64x64, 5 stages, 16-byte copies, swizzle 1, group 16, persistent 108; dh 128x256x32, warp 64x64, 5 stages, 16-byte copies, swizzle 1, group 16, persistent 108; dW 128x256x32, warp 64x64, 5 stages, 16-byte copies, swizzle 1, group 32, persistent 108; chunk 7552 columns (17 chunks), workspace 123731968 bytes (chosen by the model: the smallest within 2% of the fastest chunk, 128256 columns at 46560.9 us); 47416.9 us predicted (GEMMs with their exp 47271.3 us, of which exp 215.6 us, alone logits 15888.8 us, dh 16849.2 us, dW 15947.1 us, after 1629.4 us saved by the two streams; small kernels 60.6 us; chunk sync 85.0 us), floor 41380.4 us (3 GEMMs); two-pass schedule: a backward alone (its lse is not computed by a ce_linear_fwd here)}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean)
    : (tensor<4096x4096xbf16>, tensor<128256x4096xbf16>, tensor<4096xi64>, tensor<4096xf32>, tensor<f32>) -> (tensor<4096x4096xbf16>, tensor<128256x4096xf32>)
  return %dh, %dw : tensor<4096x4096xbf16>, tensor<128256x4096xf32>
}

// A [D,V] f16 weight, with a bias gradient and an existing dW to add to:
// dW_c^T = h^T * dZ_c.
// SM80-LABEL: func.func @grad_dv_bias(
// SM80:      lmhead.ce_linear_grad
// SM80-SAME:   lmhead.plan = #lmhead.ce_plan<target = sm_80,
// SM80-SAME:   dh = <blockM = 64, blockN = 128,
// SM80-SAME:   dw = <blockM = 256, blockN = 128,
// SM80-SAME:   chunk = 16000,
// BUDGET-LABEL: func.func @grad_dv_bias(
// BUDGET:       lmhead.ce_linear_grad
// BUDGET-SAME:    chunk = 4096,
// BUDGET-REMARK: remark: {{.*}}Function=grad_dv_bias{{.*}}dW^T {{.*}}; chunk 4096 columns (8 chunks), workspace 16777216 bytes (ce-workspace-bytes=16777216 given: the largest chunk it holds)
func.func @grad_dv_bias(%h: tensor<1024x2048xf16>, %w: tensor<2048x32000xf16>, %y: tensor<1024xi32>, %lse: tensor<1024xf32>, %g: tensor<1024xf32>, %b: tensor<32000xf16>, %acc: tensor<2048x32000xf32>) -> (tensor<1024x2048xf16>, tensor<2048x32000xf32>, tensor<32000xf32>) {
  // expected-remark @+1 {{planned for sm_80: logits 256x128x32, warp 64x64, 5 stages, 16-byte copies, swizzle 1, persistent 108; dh 64x128x32, warp 64x64, 4 stages, 16-byte copies, swizzle 1, group 16; dW^T 256x128x32, warp 64x64, 5 stages, 16-byte copies, swizzle 1, persistent 108; chunk 16000 columns (2 chunks), workspace 65536000 bytes (chosen by the model: the smallest within 2% of the fastest chunk, 32000 columns at 1818.8 us)}}
  %dh, %dw, %db = lmhead.ce_linear_grad %h, %w, %y, %lse, %g bias(%b) accumulate_dw(%acc) layout(dv) reduction(none)
    : (tensor<1024x2048xf16>, tensor<2048x32000xf16>, tensor<1024xi32>, tensor<1024xf32>, tensor<1024xf32>, tensor<32000xf16>, tensor<2048x32000xf32>) -> (tensor<1024x2048xf16>, tensor<2048x32000xf32>, tensor<32000xf32>)
  return %dh, %dw, %db : tensor<1024x2048xf16>, tensor<2048x32000xf32>, tensor<32000xf32>
}

// A dynamic N is planned for 8192 tokens, whatever min-tokens says; a
// workspace bound holds 8192-token chunks.
// SM80-LABEL: func.func @grad_dynamic_tokens(
// SM80:      lmhead.ce_linear_grad {{.*}} {lmhead.plan = #lmhead.ce_plan<target = sm_80,
// SM80-SAME:   chunk = 6400,
// MORE-LABEL: func.func @grad_dynamic_tokens(
// MORE:       lmhead.ce_linear_grad {{.*}} {lmhead.plan = #lmhead.ce_plan<target = sm_80,
// BUDGET-LABEL: func.func @grad_dynamic_tokens(
// BUDGET:       lmhead.ce_linear_grad
// BUDGET-SAME:    chunk = 512,
// BUDGET-REMARK: remark: {{.*}}Function=grad_dynamic_tokens{{.*}}planned for sm_80 (N is dynamic; planned for 8192 tokens): {{.*}}; chunk 512 columns (63 chunks), workspace 16777216 bytes (ce-workspace-bytes=16777216 given: the largest chunk it holds)
func.func @grad_dynamic_tokens(%h: tensor<?x1024xbf16>, %w: tensor<32000x1024xbf16>, %y: tensor<?xi64>, %lse: tensor<?xf32>, %g: tensor<f32>) -> (tensor<?x1024xbf16>, tensor<32000x1024xf32>) {
  // expected-remark @+1 {{planned for sm_80 (N is dynamic; planned for 8192 tokens): logits 128x256x32, warp 64x64, 5 stages, 16-byte copies, swizzle 1, persistent 108; dh 128x128x64, warp 64x64, 3 stages, 16-byte copies, swizzle 1, persistent 108; dW 128x256x32, warp 64x64, 5 stages, 16-byte copies, swizzle 1, persistent 108; chunk 6400 columns (5 chunks), workspace 209715200 bytes (chosen by the model: the smallest within 2% of the fastest chunk, 32000 columns at 6151.9 us)}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean)
    : (tensor<?x1024xbf16>, tensor<32000x1024xbf16>, tensor<?xi64>, tensor<?xf32>, tensor<f32>) -> (tensor<?x1024xbf16>, tensor<32000x1024xf32>)
  return %dh, %dw : tensor<?x1024xbf16>, tensor<32000x1024xf32>
}

// f32 ops stay exact on the host; with f32-operands=bf16, h, W and the
// bias are rounded to bf16 and the op is planned (its loss, lse and
// gradients stay f32).
// SM80-LABEL: func.func @fwd_f32(
// SM80-NOT:   lmhead.ce_linear_fwd
// SM80:       linalg.generic
// F32BF16-LABEL: func.func @fwd_f32(
// F32BF16-SAME:    %[[H:[^:]+]]: tensor<1024x512xf32>, %[[W:[^:]+]]: tensor<32000x512xf32>, %[[Y:[^:]+]]: tensor<1024xi64>, %[[B:[^:]+]]: tensor<32000xf32>
// F32BF16:         %[[HB:.+]] = linalg.map { arith.truncf } ins(%[[H]] : tensor<1024x512xf32>) outs(%{{.+}} : tensor<1024x512xbf16>)
// F32BF16:         %[[WB:.+]] = linalg.map { arith.truncf } ins(%[[W]] : tensor<32000x512xf32>) outs(%{{.+}} : tensor<32000x512xbf16>)
// F32BF16:         %[[BB:.+]] = linalg.map { arith.truncf } ins(%[[B]] : tensor<32000xf32>) outs(%{{.+}} : tensor<32000xbf16>)
// F32BF16:         lmhead.ce_linear_fwd %[[HB]], %[[WB]], %[[Y]] bias(%[[BB]]) layout(vd) reduction(mean) {lmhead.plan = #lmhead.ce_plan<target = sm_80
// F32BF16-SAME:      : (tensor<1024x512xbf16>, tensor<32000x512xbf16>, tensor<1024xi64>, tensor<32000xbf16>) -> (tensor<f32>, tensor<1024xf32>)
// F32BF16-REMARK: remark: {{.*}}LMHeadRoundedToBF16{{.*}}Function=fwd_f32{{.*}}Remark="f32 operands h, W and bias rounded to bf16 for the tensor-core kernels (f32-operands=bf16); the products accumulate in f32 and the logits are rounded to bf16, as the op defines for bf16 operands"
// F32BF16-REMARK: remark: {{.*}}LMHeadPlanned{{.*}}Function=fwd_f32{{.*}}Remark="planned for sm_80: logits
func.func @fwd_f32(%h: tensor<1024x512xf32>, %w: tensor<32000x512xf32>, %y: tensor<1024xi64>, %b: tensor<32000xf32>) -> tensor<f32> {
  // expected-remark @+1 {{decomposed: f32 operands: the kernels multiply 16-bit operands (f32-operands=bf16 rounds them to bf16 for the kernels); kept exact on the host}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y bias(%b) layout(vd) reduction(mean)
    : (tensor<1024x512xf32>, tensor<32000x512xf32>, tensor<1024xi64>, tensor<32000xf32>) -> (tensor<f32>, tensor<1024xf32>)
  return %loss : tensor<f32>
}

// SM80-LABEL: func.func @grad_f32(
// SM80-NOT:   lmhead.ce_linear_grad
// SM80:       linalg.generic
// F32BF16-LABEL: func.func @grad_f32(
// F32BF16-SAME:    %[[H:[^:]+]]: tensor<1024x512xf32>, %[[W:[^:]+]]: tensor<32000x512xf32>
// F32BF16:         %[[HB:.+]] = linalg.map { arith.truncf } ins(%[[H]] : tensor<1024x512xf32>)
// F32BF16:         %[[WB:.+]] = linalg.map { arith.truncf } ins(%[[W]] : tensor<32000x512xf32>)
// F32BF16:         lmhead.ce_linear_grad %[[HB]], %[[WB]], {{.*}} {lmhead.plan = #lmhead.ce_plan<target = sm_80
// F32BF16-SAME:      -> (tensor<1024x512xf32>, tensor<32000x512xf32>)
// F32BF16-REMARK: remark: {{.*}}LMHeadRoundedToBF16{{.*}}Function=grad_f32{{.*}}Remark="f32 operands h, W rounded to bf16
func.func @grad_f32(%h: tensor<1024x512xf32>, %w: tensor<32000x512xf32>, %y: tensor<1024xi64>, %lse: tensor<1024xf32>, %g: tensor<f32>) -> (tensor<1024x512xf32>, tensor<32000x512xf32>) {
  // expected-remark @+1 {{decomposed: f32 operands: the kernels multiply 16-bit operands (f32-operands=bf16 rounds them to bf16 for the kernels); kept exact on the host}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean)
    : (tensor<1024x512xf32>, tensor<32000x512xf32>, tensor<1024xi64>, tensor<1024xf32>, tensor<f32>) -> (tensor<1024x512xf32>, tensor<32000x512xf32>)
  return %dh, %dw : tensor<1024x512xf32>, tensor<32000x512xf32>
}

// 64 tokens: decomposed below the default min-tokens of 512, planned with
// min-tokens=32.
// SM80-LABEL: func.func @negative_few_tokens(
// SM80-NOT:   lmhead.ce_linear_grad
// SM80:       linalg.generic
// KEEP-LABEL: func.func @negative_few_tokens(
// KEEP:       lmhead.ce_linear_grad {{.*}} {lmhead.plan = #lmhead.ce_plan<target = sm_80,
func.func @negative_few_tokens(%h: tensor<64x256xbf16>, %w: tensor<1024x256xbf16>, %y: tensor<64xi64>, %lse: tensor<64xf32>, %g: tensor<f32>) -> (tensor<64x256xbf16>, tensor<1024x256xf32>) {
  // expected-remark @+1 {{decomposed: N = 64 tokens is below min-tokens = 512; a GEMM this small is left to the host compiler}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean)
    : (tensor<64x256xbf16>, tensor<1024x256xbf16>, tensor<64xi64>, tensor<64xf32>, tensor<f32>) -> (tensor<64x256xbf16>, tensor<1024x256xf32>)
  return %dh, %dw : tensor<64x256xbf16>, tensor<1024x256xf32>
}

// Rows of h and W of odd length (101 bf16, 202 bytes): no asynchronous copy
// can move them, so every GEMM loads its tiles one element at a time.
// SM80-LABEL: func.func @odd_rows(
// SM80:       lmhead.ce_linear_fwd
// SM80-SAME:    logits = <{{[^>]*}}copyBytes = 2, swizzle = 1>
func.func @odd_rows(%h: tensor<1000x101xbf16>, %w: tensor<32000x101xbf16>, %y: tensor<1000xi64>) -> tensor<f32> {
  // expected-remark @+2 {{planned for sm_80: logits 256x128x32, warp 64x64, 2 stages, 2-byte copies, swizzle 1; }}
  // expected-remark @+1 {{logits uses 2-byte element copies (synchronous loads; cp.async copies 4, 8 or 16 bytes): the rows of h are 101 elements of 2 bytes = 202 bytes, not a multiple of 4}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean)
    : (tensor<1000x101xbf16>, tensor<32000x101xbf16>, tensor<1000xi64>) -> (tensor<f32>, tensor<1000xf32>)
  return %loss : tensor<f32>
}

// GPT-2's vocabulary, V = 50257, with a [D,V] weight: the logits and dh
// GEMMs read W's odd rows one element at a time; dW^T = h^T*dZ reads h and
// the workspace, whose rows are a multiple of 64 columns, with 16-byte
// copies.
// SM80-LABEL: func.func @odd_vocab_dv(
// SM80:       lmhead.ce_linear_grad
// SM80-SAME:    logits = <{{[^>]*}}copyBytes = 2, swizzle = 1>
// SM80-SAME:    dh = <{{[^>]*}}copyBytes = 2, swizzle = 1>
// SM80-SAME:    dw = <{{[^>]*}}copyBytes = 16, swizzle = 1>
func.func @odd_vocab_dv(%h: tensor<1000x128xbf16>, %w: tensor<128x50257xbf16>, %y: tensor<1000xi64>, %lse: tensor<1000xf32>, %g: tensor<f32>) -> (tensor<1000x128xbf16>, tensor<128x50257xbf16>) {
  // expected-remark @+3 {{planned for sm_80: logits 256x128x32, warp 64x64, 2 stages, 2-byte copies, swizzle 1; dh 16x32x32, warp 16x16, 2 stages, 2-byte copies, swizzle 1; dW^T 128x256x32, warp 64x64, 5 stages, 16-byte copies, swizzle 1; chunk 25152 columns (2 chunks)}}
  // expected-remark @+2 {{logits uses 2-byte element copies (synchronous loads; cp.async copies 4, 8 or 16 bytes): the rows of W are 50257 elements of 2 bytes = 100514 bytes, not a multiple of 4}}
  // expected-remark @+1 {{dh uses 2-byte element copies (synchronous loads; cp.async copies 4, 8 or 16 bytes): the rows of W are 50257 elements of 2 bytes = 100514 bytes, not a multiple of 4}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(dv) reduction(mean)
    : (tensor<1000x128xbf16>, tensor<128x50257xbf16>, tensor<1000xi64>, tensor<1000xf32>, tensor<f32>) -> (tensor<1000x128xbf16>, tensor<128x50257xbf16>)
  return %dh, %dw : tensor<1000x128xbf16>, tensor<128x50257xbf16>
}

// SM80-LABEL: func.func @negative_bf16_accumulator(
// SM80-NOT:   lmhead.ce_linear_grad
// SM80:       linalg.generic
func.func @negative_bf16_accumulator(%h: tensor<1024x512xbf16>, %w: tensor<32000x512xbf16>, %y: tensor<1024xi64>, %lse: tensor<1024xf32>, %g: tensor<f32>) -> (tensor<1024x512xbf16>, tensor<32000x512xbf16>) {
  // expected-remark @+1 {{decomposed: its products accumulate in bf16; the kernels accumulate in f32}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean) {acc_type = bf16}
    : (tensor<1024x512xbf16>, tensor<32000x512xbf16>, tensor<1024xi64>, tensor<1024xf32>, tensor<f32>) -> (tensor<1024x512xbf16>, tensor<32000x512xbf16>)
  return %dh, %dw : tensor<1024x512xbf16>, tensor<32000x512xbf16>
}

// SM80-LABEL: func.func @negative_dynamic_vocab(
// SM80-NOT:   lmhead.ce_linear_fwd
// SM80:       linalg.generic
func.func @negative_dynamic_vocab(%h: tensor<1024x512xbf16>, %w: tensor<?x512xbf16>, %y: tensor<1024xi64>) -> tensor<f32> {
  // expected-remark @+1 {{decomposed: the vocabulary size V is dynamic; kernels are planned for a static D and V, whose row alignment they depend on}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean)
    : (tensor<1024x512xbf16>, tensor<?x512xbf16>, tensor<1024xi64>) -> (tensor<f32>, tensor<1024xf32>)
  return %loss : tensor<f32>
}
