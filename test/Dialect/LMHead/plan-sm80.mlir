// --lmhead-plan for sm_80 (the default target): each lmhead.linear_grad
// gets the cost model's kernel configurations for its dh and dW GEMMs as
// `lmhead.plan`, or is decomposed back into linalg with a remark saying why
// (too few tokens, f32 operands, a non-f32 accumulator, a dynamic D or V).
// One RUN line per option value; the remarks are verified in the
// copy-bytes=16 run, which also makes @rows_of_8_bytes an error (its
// 100-element bf16 rows allow 8-byte copies at most), so that one
// -verify-diagnostics run covers every remark and the override error; the
// remark naming its narrower copies is checked with the NARROW prefix. Rows
// of odd length (2-byte element copies): plan-sm80-unaligned.mlir. sm_90a
// plans: plan-sm90a.mlir; the cross-entropy ops: plan-ce-sm80.mlir.
//
// RUN: lmhead-opt %s --lmhead-plan | FileCheck %s --check-prefix=SM80
// RUN: lmhead-opt %s --lmhead-plan=target=sm_80 | FileCheck %s --check-prefix=SM80
// RUN: lmhead-opt %s --lmhead-plan=min-tokens=32 | FileCheck %s --check-prefix=KEEP
// RUN: lmhead-opt %s --lmhead-plan=min-tokens=5000 | FileCheck %s --check-prefix=MORE
// RUN: lmhead-opt %s --lmhead-plan=block-m=64 | FileCheck %s --check-prefix=BLOCKM
// RUN: lmhead-opt %s --lmhead-plan=block-n=64 | FileCheck %s --check-prefix=BLOCKN
// RUN: lmhead-opt %s --lmhead-plan=block-k=64 | FileCheck %s --check-prefix=BLOCKK
// RUN: lmhead-opt %s --lmhead-plan=warp-m=32 | FileCheck %s --check-prefix=WARPM
// RUN: lmhead-opt %s --lmhead-plan=warp-n=32 | FileCheck %s --check-prefix=WARPN
// RUN: lmhead-opt %s --lmhead-plan=stages=2 | FileCheck %s --check-prefix=STAGES
// RUN: lmhead-opt %s --lmhead-plan=copy-bytes=8 | FileCheck %s --check-prefix=COPY
// RUN: lmhead-opt %s --lmhead-plan=copy-bytes=2 | FileCheck %s --check-prefix=COPY2
// RUN: lmhead-opt %s --lmhead-plan --remarks-filter=lmhead-plan --remark-format=emitRemark -o /dev/null 2>&1 | FileCheck %s --check-prefix=NARROW
// RUN: lmhead-opt %s --lmhead-plan=swizzle=1 | FileCheck %s --check-prefix=SWIZZLE
// RUN: lmhead-opt %s --lmhead-plan=copy-bytes=16 --remarks-filter=lmhead-plan --remark-format=emitRemark -verify-diagnostics -o /dev/null
// RUN: not lmhead-opt %s --lmhead-plan=stages=6 -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOCONFIG
// RUN: not lmhead-opt %s --lmhead-plan=target=sm_75 2>&1 | FileCheck %s --check-prefix=BADTARGET
// RUN: not lmhead-opt %s '--lmhead-plan=target=sm_80,min-tokens=0' 2>&1 | FileCheck %s --check-prefix=COMMAS
// RUN: not lmhead-opt %s '--lmhead-plan=min-tokens=0,block-m=64' 2>&1 | FileCheck %s --check-prefix=COMMAS-INT
// RUN: not lmhead-opt %s --lmhead-plan=copy-bytes=12 2>&1 | FileCheck %s --check-prefix=BADCOPY
// RUN: not lmhead-opt %s --lmhead-plan=swizzle=2 2>&1 | FileCheck %s --check-prefix=BADSWIZZLE
// RUN: not lmhead-opt %s --lmhead-plan=block-m=-64 2>&1 | FileCheck %s --check-prefix=BADBLOCK
// RUN: not lmhead-opt %s --lmhead-plan=min-tokens=-1 2>&1 | FileCheck %s --check-prefix=BADMIN
// RUN: lmhead-opt %s --lmhead-plan=f32-operands=f32 | FileCheck %s --check-prefix=SM80
// RUN: lmhead-opt %s --lmhead-plan=f32-operands=bf16 | FileCheck %s --check-prefix=F32BF16
// RUN: not lmhead-opt %s --lmhead-plan=f32-operands=tf32 2>&1 | FileCheck %s --check-prefix=BADF32

// NOCONFIG: error: 'lmhead.linear_grad' op dh = dZ*W: no sm_80 kernel configuration with stages=6 fits: stages must be 2..5 on sm_80, got 6
// BADTARGET: error: lmhead-plan: option 'target': 'sm_75' is not one of sm_80, sm_90a
// BADTARGET-NOT: <unknown>
// COMMAS: error: lmhead-plan: option 'target': 'sm_80,min-tokens=0' is not one of sm_80, sm_90a; options are separated by spaces, not commas: --lmhead-plan='target=sm_80 min-tokens=0'
// COMMAS-NOT: <unknown>
// COMMAS-INT: for the --min-tokens option: '0,block-m=64' value invalid
// COMMAS-INT-NEXT: note: the options of an lmhead pass are separated by spaces, not commas: --lmhead-plan='target=sm_90a min-tokens=0'
// COMMAS-INT-NOT: <unknown>
// BADCOPY: error: lmhead-plan: copy-bytes must be 4, 8 or 16 (the sizes of cp.async), 2 (element loads), or 0 for the widest the operands allow; got 12
// BADSWIZZLE: error: lmhead-plan: swizzle must be 1 (require swizzled rows) or 0 (let the cost model choose); got 2
// BADBLOCK: error: lmhead-plan: block-m must be positive, or 0 to let the cost model choose; got -64
// BADMIN: error: lmhead-plan: min-tokens must be at least 0, got -1
// BADF32: error: lmhead-plan: option 'f32-operands': 'tf32' is not one of f32, bf16

// The first benchmark shape (N=4096, D=4096, V=128256), a [V,D] weight.
// Its tiles take several waves: both GEMMs are persistent, one block per
// SM (each loads its next tile's first stages with cp.async during a
// tile's epilogue); with element copies (COPY2) they are not.
// SM80-LABEL: func.func @plan_vd(
// SM80:      lmhead.linear_grad
// SM80-SAME:   lmhead.plan = #lmhead.plan<target = sm_80,
// SM80-SAME:   dh = <
// SM80-SAME:   blockM = 128,
// SM80-SAME:   blockN = 256,
// SM80-SAME:   blockK = 32,
// SM80-SAME:   warpM = 64,
// SM80-SAME:   warpN = 64,
// SM80-SAME:   stages = 5,
// SM80-SAME:   copyBytes = 16,
// SM80-SAME:   swizzle = 1, groupRows = 16, persistent = 108>
// SM80-SAME:   dw = <
// SM80-SAME:   blockM = 128,
// SM80-SAME:   blockN = 256,
// SM80-SAME:   blockK = 32,
// SM80-SAME:   warpM = 64,
// SM80-SAME:   warpN = 64,
// SM80-SAME:   stages = 5,
// SM80-SAME:   copyBytes = 16,
// SM80-SAME:   swizzle = 1, groupRows = 32, persistent = 108>
// SM80-SAME:   dhMicros = {{[0-9.e+]+}} : f64, dwMicros = {{[0-9.e+]+}} : f64>
// MORE-LABEL: func.func @plan_vd(
// MORE-NOT: lmhead.linear_grad
// MORE: linalg.generic
// BLOCKM-LABEL: func.func @plan_vd(
// BLOCKM:      lmhead.linear_grad
// BLOCKM-SAME:   lmhead.plan = #lmhead.plan<target = sm_80,
// BLOCKM-SAME:   dh = <
// BLOCKM-SAME:   blockM = 64,
// BLOCKM-SAME:   blockN = 256,
// BLOCKM-SAME:   stages = 5,
// BLOCKM-SAME:   dw = <
// BLOCKM-SAME:   blockM = 64,
// BLOCKM-SAME:   blockN = 256,
// BLOCKM-SAME:   stages = 5,
// BLOCKN-LABEL: func.func @plan_vd(
// BLOCKN:      lmhead.linear_grad
// BLOCKN-SAME:   lmhead.plan = #lmhead.plan<target = sm_80,
// BLOCKN-SAME:   dh = <
// BLOCKN-SAME:   blockM = 256,
// BLOCKN-SAME:   blockN = 64,
// BLOCKN-SAME:   stages = 5,
// BLOCKN-SAME:   dw = <
// BLOCKN-SAME:   blockM = 256,
// BLOCKN-SAME:   blockN = 64,
// BLOCKN-SAME:   stages = 5,
// BLOCKK-LABEL: func.func @plan_vd(
// BLOCKK:      lmhead.linear_grad
// BLOCKK-SAME:   lmhead.plan = #lmhead.plan<target = sm_80,
// BLOCKK-SAME:   dh = <
// BLOCKK-SAME:   blockK = 64,
// BLOCKK-SAME:   stages = 3,
// BLOCKK-SAME:   dw = <
// BLOCKK-SAME:   blockK = 64,
// BLOCKK-SAME:   stages = 3,
// WARPM-LABEL: func.func @plan_vd(
// WARPM:      lmhead.linear_grad
// WARPM-SAME:   lmhead.plan = #lmhead.plan<target = sm_80,
// WARPM-SAME:   dh = <
// WARPM-SAME:   blockM = 128,
// WARPM-SAME:   blockN = 128,
// WARPM-SAME:   blockK = 64,
// WARPM-SAME:   warpM = 32,
// WARPM-SAME:   warpN = 64,
// WARPM-SAME:   dw = <
// WARPM-SAME:   blockM = 128,
// WARPM-SAME:   blockN = 128,
// WARPM-SAME:   blockK = 64,
// WARPM-SAME:   warpM = 32,
// WARPM-SAME:   warpN = 64,
// WARPN-LABEL: func.func @plan_vd(
// WARPN:      lmhead.linear_grad
// WARPN-SAME:   lmhead.plan = #lmhead.plan<target = sm_80,
// WARPN-SAME:   dh = <
// WARPN-SAME:   blockM = 128,
// WARPN-SAME:   blockN = 128,
// WARPN-SAME:   blockK = 64,
// WARPN-SAME:   warpM = 64,
// WARPN-SAME:   warpN = 32,
// WARPN-SAME:   dw = <
// WARPN-SAME:   blockM = 128,
// WARPN-SAME:   blockN = 128,
// WARPN-SAME:   blockK = 64,
// WARPN-SAME:   warpM = 64,
// WARPN-SAME:   warpN = 32,
// STAGES-LABEL: func.func @plan_vd(
// STAGES:      lmhead.linear_grad
// STAGES-SAME:   lmhead.plan = #lmhead.plan<target = sm_80,
// STAGES-SAME:   dh = <
// STAGES-SAME:   blockK = 64,
// STAGES-SAME:   stages = 2,
// STAGES-SAME:   dw = <
// STAGES-SAME:   blockK = 64,
// STAGES-SAME:   stages = 2,
// COPY-LABEL: func.func @plan_vd(
// COPY:      lmhead.linear_grad
// COPY-SAME:   lmhead.plan = #lmhead.plan<target = sm_80,
// COPY-SAME:   dh = <
// COPY-SAME:   copyBytes = 8,
// COPY-SAME:   dw = <
// COPY-SAME:   copyBytes = 8,
// Element copies on 16-byte rows, as forced.
// COPY2-LABEL: func.func @plan_vd(
// COPY2:      lmhead.linear_grad
// COPY2-SAME:   lmhead.plan = #lmhead.plan<target = sm_80,
// COPY2-SAME:   dh = <
// COPY2-SAME:   copyBytes = 2,
// COPY2-NOT:    persistent
// COPY2-SAME:   dw = <
// COPY2-SAME:   copyBytes = 2,
// COPY2-NOT:    persistent
// NARROW-NOT: LMHeadNarrowCopies {{.*}} Function=plan_vd
// SWIZZLE-LABEL: func.func @plan_vd(
// SWIZZLE:      lmhead.linear_grad
// SWIZZLE-SAME:   lmhead.plan = #lmhead.plan<target = sm_80,
// SWIZZLE-SAME:   dh = <
// SWIZZLE-SAME:   swizzle = 1, groupRows = 16, persistent = 108>
// SWIZZLE-SAME:   dw = <
// SWIZZLE-SAME:   swizzle = 1, groupRows = 32, persistent = 108>
func.func @plan_vd(%dz: tensor<4096x128256xbf16>, %h: tensor<4096x4096xbf16>, %w: tensor<128256x4096xbf16>) -> (tensor<4096x4096xbf16>, tensor<128256x4096xf32>) {
  // expected-remark @+1 {{planned for sm_80: dh 128x256x32, warp 64x64, 5 stages, 16-byte copies, swizzle 1, group 16, persistent 108 (}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
    : (tensor<4096x128256xbf16>, tensor<4096x4096xbf16>, tensor<128256x4096xbf16>) -> (tensor<4096x4096xbf16>, tensor<128256x4096xf32>)
  return %dh, %dw : tensor<4096x4096xbf16>, tensor<128256x4096xf32>
}

// A [D,V] weight: dWᵀ = hᵀ·dZ is D x V (M = 2048, N = 32000), not V x D.
// Its 16 x 125 tiles of 128x256 fill the SMs; dh has 1024x2048 outputs
// only, which small blocks spread over more SMs.
// SM80-LABEL: func.func @plan_dv(
// SM80:      lmhead.linear_grad
// SM80-SAME:   lmhead.plan = #lmhead.plan<target = sm_80,
// SM80-SAME:   dh = <
// SM80-SAME:   blockM = 64,
// SM80-SAME:   blockN = 128,
// SM80-SAME:   blockK = 32,
// SM80-SAME:   warpM = 64,
// SM80-SAME:   warpN = 64,
// SM80-SAME:   stages = 4,
// SM80-SAME:   copyBytes = 16,
// SM80-SAME:   swizzle = 1, groupRows = 16>
// SM80-SAME:   dw = <
// SM80-SAME:   blockM = 128,
// SM80-SAME:   blockN = 256,
// SM80-SAME:   blockK = 32,
// SM80-SAME:   warpM = 64,
// SM80-SAME:   warpN = 64,
// SM80-SAME:   stages = 5,
// SM80-SAME:   copyBytes = 16,
// SM80-SAME:   swizzle = 1, groupRows = 16, persistent = 108>
// SM80-SAME:   dhMicros = {{[0-9.e+]+}} : f64, dwMicros = {{[0-9.e+]+}} : f64>
func.func @plan_dv(%dz: tensor<1024x32000xf16>, %h: tensor<1024x2048xf16>, %w: tensor<2048x32000xf16>) -> (tensor<1024x2048xf16>, tensor<2048x32000xf32>) {
  // expected-remark @+1 {{planned for sm_80: dh 64x128x32, warp 64x64, 4 stages, 16-byte copies, swizzle 1, group 16 (}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(dv)
    : (tensor<1024x32000xf16>, tensor<1024x2048xf16>, tensor<2048x32000xf16>) -> (tensor<1024x2048xf16>, tensor<2048x32000xf32>)
  return %dh, %dw : tensor<1024x2048xf16>, tensor<2048x32000xf32>
}

// A dynamic N is planned (for 8192 tokens), whatever min-tokens says.
// SM80-LABEL: func.func @plan_dynamic_tokens(
// SM80: lmhead.linear_grad {{.*}} {lmhead.plan = #lmhead.plan<target = sm_80,
// MORE-LABEL: func.func @plan_dynamic_tokens(
// MORE: lmhead.linear_grad {{.*}} {lmhead.plan = #lmhead.plan<target = sm_80,
func.func @plan_dynamic_tokens(%dz: tensor<?x32000xbf16>, %h: tensor<?x1024xbf16>, %w: tensor<32000x1024xbf16>) -> (tensor<?x1024xbf16>, tensor<32000x1024xf32>) {
  // expected-remark @+1 {{planned for sm_80 (N is dynamic; planned for 8192 tokens): dh}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
    : (tensor<?x32000xbf16>, tensor<?x1024xbf16>, tensor<32000x1024xbf16>) -> (tensor<?x1024xbf16>, tensor<32000x1024xf32>)
  return %dh, %dw : tensor<?x1024xbf16>, tensor<32000x1024xf32>
}

// Rows of 100 bf16 (200 bytes) allow 8-byte copies, not 16-byte ones.
// NARROW: LMHeadNarrowCopies | Category:lmhead-plan | Function=rows_of_8_bytes | Remark="dh = dZ*W uses 8-byte cp.async copies: the rows of W are 100 elements of 2 bytes = 200 bytes, not a multiple of 16"
// NARROW: LMHeadNarrowCopies | Category:lmhead-plan | Function=rows_of_8_bytes | Remark="dW = dZ^T*h uses 8-byte cp.async copies: the rows of h are 100 elements of 2 bytes = 200 bytes, not a multiple of 16"
// SM80-LABEL: func.func @rows_of_8_bytes(
// SM80:      lmhead.linear_grad
// SM80-SAME:   lmhead.plan = #lmhead.plan<target = sm_80,
// SM80-SAME:   dh = <
// SM80-SAME:   copyBytes = 8,
// SM80-SAME:   swizzle = 1>
// SM80-SAME:   dw = <
// SM80-SAME:   copyBytes = 8,
// SM80-SAME:   swizzle = 1, persistent = 108>
func.func @rows_of_8_bytes(%dz: tensor<1000x32000xbf16>, %h: tensor<1000x100xbf16>, %w: tensor<32000x100xbf16>) -> (tensor<1000x100xbf16>, tensor<32000x100xf32>) {
  // expected-error @+1 {{'lmhead.linear_grad' op dh = dZ*W: no sm_80 kernel configuration with copy-bytes=16 fits: copyBytes must be 2, 4, 8 or 16 and divide the rows of dZ and W (at most 8 here), got 16}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
    : (tensor<1000x32000xbf16>, tensor<1000x100xbf16>, tensor<32000x100xbf16>) -> (tensor<1000x100xbf16>, tensor<32000x100xf32>)
  return %dh, %dw : tensor<1000x100xbf16>, tensor<32000x100xf32>
}

// 64 tokens: decomposed below the default min-tokens of 512, planned with
// min-tokens=32 (with blocks small enough for a 64x256 dh).
// SM80-LABEL: func.func @negative_few_tokens(
// SM80-NOT: lmhead.linear_grad
// SM80: linalg.generic
// KEEP-LABEL: func.func @negative_few_tokens(
// KEEP:      lmhead.linear_grad
// KEEP-SAME:   lmhead.plan = #lmhead.plan<target = sm_80,
// KEEP-SAME:   dh = <
// KEEP-SAME:   blockM = 32,
// KEEP-SAME:   blockN = 32,
// KEEP-SAME:   dw = <
// KEEP-SAME:   blockM = 16,
// KEEP-SAME:   blockN = 128,
func.func @negative_few_tokens(%dz: tensor<64x1024xbf16>, %h: tensor<64x256xbf16>, %w: tensor<1024x256xbf16>) -> (tensor<64x256xbf16>, tensor<1024x256xf32>) {
  // expected-remark @+1 {{decomposed: N = 64 tokens is below min-tokens = 512; a GEMM this small is left to the host compiler}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
    : (tensor<64x1024xbf16>, tensor<64x256xbf16>, tensor<1024x256xbf16>) -> (tensor<64x256xbf16>, tensor<1024x256xf32>)
  return %dh, %dw : tensor<64x256xbf16>, tensor<1024x256xf32>
}

// SM80-LABEL: func.func @negative_f32(
// SM80-NOT: lmhead.linear_grad
// SM80: linalg.generic
// With f32-operands=bf16 the f32 op reads its operands rounded to bf16 and
// is planned; its results stay f32.
// F32BF16-LABEL: func.func @negative_f32(
// F32BF16-SAME:    %[[DZ:[^:]+]]: tensor<1024x32000xf32>, %[[H:[^:]+]]: tensor<1024x512xf32>, %[[W:[^:]+]]: tensor<32000x512xf32>
// F32BF16:         %[[DZB:.+]] = linalg.map { arith.truncf } ins(%[[DZ]] : tensor<1024x32000xf32>) outs(%{{.+}} : tensor<1024x32000xbf16>)
// F32BF16:         %[[HB:.+]] = linalg.map { arith.truncf } ins(%[[H]] : tensor<1024x512xf32>)
// F32BF16:         %[[WB:.+]] = linalg.map { arith.truncf } ins(%[[W]] : tensor<32000x512xf32>)
// F32BF16:         lmhead.linear_grad %[[DZB]], %[[HB]], %[[WB]] layout(vd) {lmhead.plan = #lmhead.plan<target = sm_80
// F32BF16-SAME:      : (tensor<1024x32000xbf16>, tensor<1024x512xbf16>, tensor<32000x512xbf16>) -> (tensor<1024x512xf32>, tensor<32000x512xf32>)
func.func @negative_f32(%dz: tensor<1024x32000xf32>, %h: tensor<1024x512xf32>, %w: tensor<32000x512xf32>) -> (tensor<1024x512xf32>, tensor<32000x512xf32>) {
  // expected-remark @+1 {{decomposed: dh = dZ*W: f32 operands: the kernels multiply 16-bit operands (f32-operands=bf16 rounds them to bf16 for the kernels); kept exact on the host}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
    : (tensor<1024x32000xf32>, tensor<1024x512xf32>, tensor<32000x512xf32>) -> (tensor<1024x512xf32>, tensor<32000x512xf32>)
  return %dh, %dw : tensor<1024x512xf32>, tensor<32000x512xf32>
}

// SM80-LABEL: func.func @negative_bf16_accumulator(
// SM80-NOT: lmhead.linear_grad
// SM80: linalg.generic
func.func @negative_bf16_accumulator(%dz: tensor<1024x32000xbf16>, %h: tensor<1024x512xbf16>, %w: tensor<32000x512xbf16>) -> (tensor<1024x512xbf16>, tensor<32000x512xbf16>) {
  // expected-remark @+1 {{decomposed: its products accumulate in bf16; the kernels accumulate in f32}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd) {acc_type = bf16}
    : (tensor<1024x32000xbf16>, tensor<1024x512xbf16>, tensor<32000x512xbf16>) -> (tensor<1024x512xbf16>, tensor<32000x512xbf16>)
  return %dh, %dw : tensor<1024x512xbf16>, tensor<32000x512xbf16>
}

// SM80-LABEL: func.func @negative_dynamic_hidden(
// SM80-NOT: lmhead.linear_grad
// SM80: linalg.generic
func.func @negative_dynamic_hidden(%dz: tensor<1024x32000xbf16>, %h: tensor<1024x?xbf16>, %w: tensor<32000x?xbf16>) -> (tensor<1024x?xbf16>, tensor<32000x?xf32>) {
  // expected-remark @+1 {{decomposed: the hidden size D is dynamic; kernels are planned for a static D and V, whose row alignment they depend on}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
    : (tensor<1024x32000xbf16>, tensor<1024x?xbf16>, tensor<32000x?xbf16>) -> (tensor<1024x?xbf16>, tensor<32000x?xf32>)
  return %dh, %dw : tensor<1024x?xbf16>, tensor<32000x?xf32>
}
