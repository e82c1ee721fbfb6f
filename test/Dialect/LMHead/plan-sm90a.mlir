// --lmhead-plan for sm_90a: the warp-specialised TMA + wgmma kernels. Their
// warp tile is a consumer warpgroup's (warpN = blockN, warpM a multiple of
// 64), the K step is 64 and tiles are copied with 16-byte TMA rows (GEMMs
// whose operands allow narrower copies only take the sm_80 kernel:
// plan-sm90a-unaligned.mlir). One RUN line per option value that sm_90a
// plans differently from sm_80 (the rest of the options: plan-sm80.mlir);
// the remarks are verified in one run.
//
// RUN: lmhead-opt %s --lmhead-plan=target=sm_90a | FileCheck %s --check-prefix=SM90
// RUN: lmhead-opt %s --lmhead-plan=target=sm_90a --remarks-filter=lmhead-plan --remark-format=emitRemark -verify-diagnostics -o /dev/null
// RUN: lmhead-opt %s '--lmhead-plan=target=sm_90a min-tokens=32' | FileCheck %s --check-prefix=KEEP
// RUN: lmhead-opt %s '--lmhead-plan=target=sm_90a block-m=64' | FileCheck %s --check-prefix=BLOCKM
// RUN: lmhead-opt %s '--lmhead-plan=target=sm_90a warp-m=128' | FileCheck %s --check-prefix=WARPM
// RUN: lmhead-opt %s '--lmhead-plan=target=sm_90a stages=4' | FileCheck %s --check-prefix=STAGES
// RUN: lmhead-opt %s '--lmhead-plan=target=sm_90a f32-operands=bf16' | FileCheck %s --check-prefix=F32BF16
// RUN: not lmhead-opt %s '--lmhead-plan=target=sm_90a block-k=32' -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOCONFIG
// RUN: not lmhead-opt %s '--lmhead-plan=target=sm_90a warp-m=32' -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOWARP
// RUN: lmhead-opt %s '--lmhead-plan=target=sm_90a persistent=-1' | FileCheck %s --check-prefix=PERTILE
// RUN: lmhead-opt %s '--lmhead-plan=target=sm_90a persistent=66' | FileCheck %s --check-prefix=HALF
// RUN: not lmhead-opt %s '--lmhead-plan=target=sm_90a persistent=-2' -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADPERSIST
// RUN: lmhead-opt %s '--lmhead-plan=target=sm_90a cluster-m=1 cluster-n=1' | FileCheck %s --check-prefix=NOCLUSTER
// RUN: lmhead-opt %s '--lmhead-plan=target=sm_90a cluster-n=2' | FileCheck %s --check-prefix=PAIRN
// RUN: not lmhead-opt %s '--lmhead-plan=target=sm_90a cluster-m=2 cluster-n=2' -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADCLUSTER
// RUN: not lmhead-opt %s '--lmhead-plan=target=sm_90a cluster-m=2 persistent=65' -o /dev/null 2>&1 | FileCheck %s --check-prefix=ODDGRID
// RUN: lmhead-opt %s '--lmhead-plan=target=sm_90a tma-store=-1' | FileCheck %s --check-prefix=NOTMA
// RUN: not lmhead-opt %s '--lmhead-plan=target=sm_90a tma-store=2' -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADTMA
// RUN: lmhead-opt %s '--lmhead-plan=target=sm_90a ping-pong=-1' | FileCheck %s --check-prefix=COOPERATIVE
// RUN: lmhead-opt %s '--lmhead-plan=target=sm_90a ping-pong=1' | FileCheck %s --check-prefix=PINGPONG
// RUN: not lmhead-opt %s '--lmhead-plan=target=sm_90a ping-pong=1 persistent=-1' -o /dev/null 2>&1 | FileCheck %s --check-prefix=PINGPONGPERTILE
// RUN: not lmhead-opt %s '--lmhead-plan=target=sm_90a ping-pong=2' -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADPINGPONG

// NOCONFIG: error: 'lmhead.linear_grad' op dh = dZ*W: no sm_90a kernel configuration with block-k=32 fits: blockK must be 64 on sm_90a (one 128-byte swizzled row of 16-bit elements), got 32
// NOWARP: error: 'lmhead.linear_grad' op dh = dZ*W: no sm_90a kernel configuration with warp-m=32 fits: warpM must be a multiple of 64 on sm_90a (one wgmma m64 per consumer warpgroup), got 32
// BADPERSIST: persistent must be a number of blocks, -1 (one block per tile) or 0 (let the cost model choose); got -2

// Where the tiles take more than one wave (the benchmark shape, the
// dynamic N's 8192 tokens) the model makes both GEMMs persistent on one
// block per SM (persistent = 132 on the H200, SM90 below); where they take
// one (plan_dv's dh) it keeps one block per tile. persistent=-1 forces one
// block per tile everywhere, and persistent=P a grid of at most P blocks.
// PERTILE-NOT: persistent =

// The model pairs blocks in 2x1 or 1x2 clusters wherever a pair's shared,
// multicast tile saves L2 reads (SM90 below: every GEMM here);
// cluster-m=1 cluster-n=1 keeps every block alone, cluster-n=2 pairs
// blocks along N everywhere. Clusters are 2x1 or 1x2, and a persistent
// grid is a whole number of them.
// NOCLUSTER-NOT: cluster
// PAIRN-LABEL: func.func @plan_vd(
// PAIRN:      dh = <{{[^>]*}}clusterN = 2, tmaStore = 1, pingPong = 1>
// PAIRN-SAME: dw = <{{[^>]*}}clusterN = 2, tmaStore = 1, pingPong = 1>
// PAIRN-LABEL: func.func @plan_dv(
// PAIRN:      dh = <{{[^>]*}}clusterN = 2, tmaStore = 1>
// PAIRN-SAME: dw = <{{[^>]*}}clusterN = 2, tmaStore = 1>
// BADCLUSTER: cluster-m and cluster-n must be 1 (no cluster), 2 (a pair of blocks along M or N, not both) or 0 (let the cost model choose); got 2 and 2
// ODDGRID: error: 'lmhead.linear_grad' op dh = dZ*W: no sm_90a kernel configuration with persistent=65 cluster-m=2 fits: a persistent grid of clusters of 2 blocks is a multiple of 2 blocks, got 65
// Every epilogue here stores whole tiles of C with rows of 16-byte
// multiples, so the model stages them through shared memory and stores them
// with TMA (tmaStore = 1 below); tma-store=-1 stores from registers.
// NOTMA-NOT: tmaStore
// BADTMA: tma-store must be 1 (C through shared memory and TMA), -1 (from registers) or 0 (let the cost model choose); got 2
// Where the tiles take more than one wave, the model gives a persistent
// block's two consumer warpgroups whole tiles in turns (ping-pong), so
// that each one's epilogue runs under the other's main loop: at the
// benchmark shape and the dynamic N (SM90 below) every GEMM, 128x128 a
// warpgroup; plan_dv's one-wave dh stays cooperative. ping-pong=-1 keeps
// every kernel cooperative (two warpgroups of 64 rows on one tile);
// ping-pong=1 asks for ping-pong everywhere, which is persistent.
// COOPERATIVE-NOT: pingPong
// PINGPONG-LABEL: func.func @plan_vd(
// PINGPONG:      dh = <blockM = 128, {{[^>]*}}warpM = 128, {{[^>]*}}persistent = 132, {{[^>]*}}pingPong = 1>
// PINGPONG-SAME: dw = <blockM = 128, {{[^>]*}}warpM = 128, {{[^>]*}}persistent = 132, {{[^>]*}}pingPong = 1>
// PINGPONG-LABEL: func.func @plan_dv(
// PINGPONG:      dh = <{{[^>]*}}persistent = 132, {{[^>]*}}pingPong = 1>
// PINGPONG-SAME: dw = <{{[^>]*}}persistent = 132, {{[^>]*}}pingPong = 1>
// PINGPONGPERTILE: error: 'lmhead.linear_grad' op dh = dZ*W: no sm_90a kernel configuration with persistent=-1 ping-pong=1 fits: a ping-pong kernel is persistent and each consumer warpgroup computes a whole tile (warpM = blockM), got persistent = -1
// BADPINGPONG: ping-pong must be 1 (consumer warpgroups take tiles in turns), -1 (they split each tile) or 0 (let the cost model choose); got 2
// HALF-LABEL: func.func @plan_vd(
// HALF:      dh = <{{[^>]*}}persistent = 66{{[,>]}}
// HALF-SAME: dw = <{{[^>]*}}persistent = 66{{[,>]}}

// The first benchmark shape (N=4096, D=4096, V=128256), a [V,D] weight.
// SM90-LABEL: func.func @plan_vd(
// SM90:      lmhead.linear_grad
// SM90-SAME:   lmhead.plan = #lmhead.plan<target = sm_90a,
// SM90-SAME:   dh = <
// SM90-SAME:   blockM = 128,
// SM90-SAME:   blockN = 128,
// SM90-SAME:   blockK = 64,
// SM90-SAME:   warpM = 128,
// SM90-SAME:   warpN = 128,
// SM90-SAME:   stages = 3,
// SM90-SAME:   copyBytes = 16,
// SM90-SAME:   swizzle = 1, persistent = 132, clusterM = 2, tmaStore = 1, pingPong = 1>
// SM90-SAME:   dw = <
// SM90-SAME:   blockM = 128,
// SM90-SAME:   blockN = 128,
// SM90-SAME:   blockK = 64,
// SM90-SAME:   warpM = 128,
// SM90-SAME:   warpN = 128,
// SM90-SAME:   stages = 3,
// SM90-SAME:   copyBytes = 16,
// SM90-SAME:   swizzle = 1, groupRows = 32, persistent = 132, clusterM = 2, tmaStore = 1, pingPong = 1>
// SM90-SAME:   dhMicros = {{[0-9.e+]+}} : f64, dwMicros = {{[0-9.e+]+}} : f64>
// BLOCKM-LABEL: func.func @plan_vd(
// BLOCKM:      lmhead.linear_grad
// BLOCKM-SAME:   lmhead.plan = #lmhead.plan<target = sm_90a,
// BLOCKM-SAME:   dh = <
// BLOCKM-SAME:   blockM = 64,
// BLOCKM-SAME:   blockN = 256,
// BLOCKM-SAME:   warpM = 64,
// BLOCKM-SAME:   warpN = 256,
// BLOCKM-SAME:   stages = 3,
// BLOCKM-SAME:   dw = <
// BLOCKM-SAME:   blockM = 64,
// BLOCKM-SAME:   blockN = 256,
// BLOCKM-SAME:   warpM = 64,
// BLOCKM-SAME:   warpN = 256,
// BLOCKM-SAME:   stages = 3,
// WARPM-LABEL: func.func @plan_vd(
// WARPM:      lmhead.linear_grad
// WARPM-SAME:   lmhead.plan = #lmhead.plan<target = sm_90a,
// WARPM-SAME:   dh = <
// WARPM-SAME:   blockM = 128,
// WARPM-SAME:   blockN = 128,
// WARPM-SAME:   warpM = 128,
// WARPM-SAME:   warpN = 128,
// WARPM-SAME:   pingPong = 1>
// WARPM-SAME:   dw = <
// WARPM-SAME:   blockM = 128,
// WARPM-SAME:   blockN = 128,
// WARPM-SAME:   warpM = 128,
// WARPM-SAME:   warpN = 128,
// WARPM-SAME:   pingPong = 1>
// STAGES-LABEL: func.func @plan_vd(
// STAGES:      lmhead.linear_grad
// STAGES-SAME:   lmhead.plan = #lmhead.plan<target = sm_90a,
// STAGES-SAME:   dh = <
// STAGES-SAME:   stages = 4,
// STAGES-SAME:   dw = <
// STAGES-SAME:   stages = 4,
func.func @plan_vd(%dz: tensor<4096x128256xbf16>, %h: tensor<4096x4096xbf16>, %w: tensor<128256x4096xbf16>) -> (tensor<4096x4096xbf16>, tensor<128256x4096xf32>) {
  // expected-remark @+1 {{planned for sm_90a: dh 128x128x64, warp 128x128, 3 stages, 16-byte copies, swizzle 1, persistent 132, cluster 2x1, TMA store, ping-pong (}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
    : (tensor<4096x128256xbf16>, tensor<4096x4096xbf16>, tensor<128256x4096xbf16>) -> (tensor<4096x4096xbf16>, tensor<128256x4096xf32>)
  return %dh, %dw : tensor<4096x4096xbf16>, tensor<128256x4096xf32>
}

// A [D,V] weight: dWᵀ = hᵀ·dZ is D x V (M = 2048, N = 32000).
// SM90-LABEL: func.func @plan_dv(
// SM90:      lmhead.linear_grad
// SM90-SAME:   lmhead.plan = #lmhead.plan<target = sm_90a,
// SM90-SAME:   dh = <
// SM90-SAME:   blockM = 128,
// SM90-SAME:   blockN = 128,
// SM90-SAME:   blockK = 64,
// SM90-SAME:   warpM = 64,
// SM90-SAME:   warpN = 128,
// SM90-SAME:   stages = 3,
// SM90-SAME:   copyBytes = 16,
// SM90-SAME:   swizzle = 1, clusterM = 2, tmaStore = 1>
// SM90-SAME:   dw = <
// SM90-SAME:   blockM = 128,
// SM90-SAME:   blockN = 192,
// SM90-SAME:   blockK = 64,
// SM90-SAME:   warpM = 64,
// SM90-SAME:   warpN = 192,
// SM90-SAME:   stages = 3,
// SM90-SAME:   copyBytes = 16,
// SM90-SAME:   swizzle = 1, groupRows = 16, persistent = 132, clusterN = 2, tmaStore = 1>
// SM90-SAME:   dhMicros = {{[0-9.e+]+}} : f64, dwMicros = {{[0-9.e+]+}} : f64>
func.func @plan_dv(%dz: tensor<1024x32000xf16>, %h: tensor<1024x2048xf16>, %w: tensor<2048x32000xf16>) -> (tensor<1024x2048xf16>, tensor<2048x32000xf32>) {
  // expected-remark @+1 {{planned for sm_90a: dh 128x128x64, warp 64x128, 3 stages, 16-byte copies, swizzle 1, cluster 2x1, TMA store (178.4 us predicted: main loop and launch 177.2 us, epilogue 1.2 us; floor 169.9 us); dW^T 128x192x64, warp 64x192, 3 stages, 16-byte copies, swizzle 1, group 16, persistent 132, cluster 1x2, TMA store (}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(dv)
    : (tensor<1024x32000xf16>, tensor<1024x2048xf16>, tensor<2048x32000xf16>) -> (tensor<1024x2048xf16>, tensor<2048x32000xf32>)
  return %dh, %dw : tensor<1024x2048xf16>, tensor<2048x32000xf32>
}

// A dynamic N is planned (for 8192 tokens).
// SM90-LABEL: func.func @plan_dynamic_tokens(
// SM90:      lmhead.linear_grad
// SM90-SAME:   lmhead.plan = #lmhead.plan<target = sm_90a,
// SM90-SAME:   dh = <
// SM90-SAME:   blockM = 128,
// SM90-SAME:   blockN = 128,
// SM90-SAME:   blockK = 64,
// SM90-SAME:   warpM = 128,
// SM90-SAME:   warpN = 128,
// SM90-SAME:   stages = 3,
// SM90-SAME:   copyBytes = 16,
// SM90-SAME:   swizzle = 1, groupRows = 16, persistent = 132, clusterM = 2, tmaStore = 1, pingPong = 1>
// SM90-SAME:   dw = <
// SM90-SAME:   blockM = 128,
// SM90-SAME:   blockN = 128,
// SM90-SAME:   blockK = 64,
// SM90-SAME:   warpM = 128,
// SM90-SAME:   warpN = 128,
// SM90-SAME:   stages = 3,
// SM90-SAME:   copyBytes = 16,
// SM90-SAME:   swizzle = 1, persistent = 132, clusterM = 2, tmaStore = 1, pingPong = 1>
// SM90-SAME:   dhMicros = {{[0-9.e+]+}} : f64, dwMicros = {{[0-9.e+]+}} : f64>
func.func @plan_dynamic_tokens(%dz: tensor<?x32000xbf16>, %h: tensor<?x1024xbf16>, %w: tensor<32000x1024xbf16>) -> (tensor<?x1024xbf16>, tensor<32000x1024xf32>) {
  // expected-remark @+1 {{planned for sm_90a (N is dynamic; planned for 8192 tokens): dh 128x128x64, warp 128x128, 3 stages}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
    : (tensor<?x32000xbf16>, tensor<?x1024xbf16>, tensor<32000x1024xbf16>) -> (tensor<?x1024xbf16>, tensor<32000x1024xf32>)
  return %dh, %dw : tensor<?x1024xbf16>, tensor<32000x1024xf32>
}

// 64 tokens: decomposed below the default min-tokens of 512; with
// min-tokens=32 one 64-row warpgroup covers them.
// SM90-LABEL: func.func @negative_few_tokens(
// SM90-NOT: lmhead.linear_grad
// SM90: linalg.generic
// KEEP-LABEL: func.func @negative_few_tokens(
// KEEP:      lmhead.linear_grad
// KEEP-SAME:   lmhead.plan = #lmhead.plan<target = sm_90a,
// KEEP-SAME:   dh = <
// KEEP-SAME:   blockM = 64,
// KEEP-SAME:   blockN = 64,
// KEEP-SAME:   blockK = 64,
// KEEP-SAME:   warpM = 64,
// KEEP-SAME:   warpN = 64,
// KEEP-SAME:   stages = 3,
// KEEP-SAME:   copyBytes = 16,
// KEEP-SAME:   swizzle = 1, clusterN = 2, tmaStore = 1>
// KEEP-SAME:   dw = <
// KEEP-SAME:   blockM = 64,
// KEEP-SAME:   blockN = 64,
// KEEP-SAME:   blockK = 64,
// KEEP-SAME:   warpM = 64,
// KEEP-SAME:   warpN = 64,
// KEEP-SAME:   stages = 2,
// KEEP-SAME:   copyBytes = 16,
// KEEP-SAME:   swizzle = 1, tmaStore = 1>
// KEEP-SAME:   dhMicros = {{[0-9.e+]+}} : f64, dwMicros = {{[0-9.e+]+}} : f64>
func.func @negative_few_tokens(%dz: tensor<64x1024xbf16>, %h: tensor<64x256xbf16>, %w: tensor<1024x256xbf16>) -> (tensor<64x256xbf16>, tensor<1024x256xf32>) {
  // expected-remark @+1 {{decomposed: N = 64 tokens is below min-tokens = 512; a GEMM this small is left to the host compiler}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
    : (tensor<64x1024xbf16>, tensor<64x256xbf16>, tensor<1024x256xbf16>) -> (tensor<64x256xbf16>, tensor<1024x256xf32>)
  return %dh, %dw : tensor<64x256xbf16>, tensor<1024x256xf32>
}

// SM90-LABEL: func.func @negative_f32(
// SM90-NOT: lmhead.linear_grad
// SM90: linalg.generic
// F32BF16-LABEL: func.func @negative_f32(
// F32BF16-COUNT-3: linalg.map { arith.truncf }
// F32BF16:      lmhead.linear_grad
// F32BF16-SAME:   lmhead.plan = #lmhead.plan<target = sm_90a,
// F32BF16-SAME:   dh = <
// F32BF16-SAME:   blockM = 64,
// F32BF16-SAME:   blockN = 64,
// F32BF16-SAME:   blockK = 64,
// F32BF16-SAME:   warpM = 64,
// F32BF16-SAME:   warpN = 64,
// F32BF16-SAME:   stages = 2,
// F32BF16-SAME:   copyBytes = 16,
// F32BF16-SAME:   swizzle = 1, groupRows = 16, clusterN = 2, tmaStore = 1>
// F32BF16-SAME:   dw = <
// F32BF16-SAME:   blockM = 128,
// F32BF16-SAME:   blockN = 128,
// F32BF16-SAME:   blockK = 64,
// F32BF16-SAME:   warpM = 128,
// F32BF16-SAME:   warpN = 128,
// F32BF16-SAME:   stages = 3,
// F32BF16-SAME:   copyBytes = 16,
// F32BF16-SAME:   swizzle = 1, persistent = 132, clusterM = 2, tmaStore = 1, pingPong = 1>
// F32BF16-SAME:   dhMicros = {{[0-9.e+]+}} : f64, dwMicros = {{[0-9.e+]+}} : f64>
func.func @negative_f32(%dz: tensor<1024x32000xf32>, %h: tensor<1024x512xf32>, %w: tensor<32000x512xf32>) -> (tensor<1024x512xf32>, tensor<32000x512xf32>) {
  // expected-remark @+1 {{decomposed: dh = dZ*W: f32 operands: the kernels multiply 16-bit operands (f32-operands=bf16 rounds them to bf16 for the kernels); kept exact on the host}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
    : (tensor<1024x32000xf32>, tensor<1024x512xf32>, tensor<32000x512xf32>) -> (tensor<1024x512xf32>, tensor<32000x512xf32>)
  return %dh, %dw : tensor<1024x512xf32>, tensor<32000x512xf32>
}
