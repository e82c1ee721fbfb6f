// --lmhead-pipeline plans, lowers the LM head to GPU kernels held as PTX in
// a gpu.binary, and lowers the host code (launches on two streams) to the
// LLVM dialect; ops below min-tokens stay on the host. Each option value
// has its own RUN line; the kernels' numerics are checked in
// test/Integration/GPU.

// RUN: lmhead-opt %s '--lmhead-pipeline=target=sm_80 min-tokens=0' | FileCheck %s --check-prefixes=HOST,SM80
// RUN: lmhead-opt %s '--lmhead-pipeline=target=sm_90a min-tokens=0' | FileCheck %s --check-prefixes=HOST,SM90
// RUN: lmhead-opt %s '--lmhead-pipeline=target=sm_80 min-tokens=0 block-m=64 block-n=64 block-k=32 warp-m=32 warp-n=32 stages=4 copy-bytes=8 swizzle=1' | FileCheck %s --check-prefix=OVERRIDE
// RUN: lmhead-opt %s --lmhead-pipeline | FileCheck %s --check-prefix=SMALL
// RUN: not lmhead-opt %s '--lmhead-pipeline=target=sm_75' 2>&1 | FileCheck %s --check-prefix=BADTARGET
// RUN: not lmhead-opt %s '--lmhead-pipeline=target=sm_90a,min-tokens=0' 2>&1 | FileCheck %s --check-prefix=COMMAS
// RUN: not lmhead-opt %s '--lmhead-pipeline=f32-operands=f16' 2>&1 | FileCheck %s --check-prefix=BADF32
// RUN: lmhead-opt %S/../Integration/GPU/device-operands.mlir '--lmhead-pipeline=target=sm_80 min-tokens=0 operands=device' | FileCheck %s --check-prefix=DEVICE
// RUN: not lmhead-opt %s '--lmhead-pipeline=target=sm_80 min-tokens=0 operands=device' 2>&1 | FileCheck %s --check-prefix=RETURNED
// RUN: not lmhead-opt %s '--lmhead-pipeline=operands=gpu' 2>&1 | FileCheck %s --check-prefix=BADOPERANDS
// RUN: lmhead-opt %s '--lmhead-pipeline=operands=device' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPERANDS
// RUN: lmhead-opt %s '--lmhead-pipeline=target=sm_90a min-tokens=7 f32-operands=bf16 ce-workspace-bytes=1048576 ce-schedule=two-pass block-m=128 block-n=64 block-k=64 warp-m=64 warp-n=64 stages=5 copy-bytes=16 swizzle=1 persistent=4 cluster-m=1 cluster-n=2 tma-store=1 ping-pong=-1' --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=FORWARDED

// The host: the setup (copies in) on one stream, on which the dh kernel
// goes on; the dW kernel on a second stream that waits for the setup
// through events recorded after it (a fork: a join that names the setup's
// end twice).
// HOST-NOT:     lmhead.
// HOST-NOT:     linalg.
// HOST-LABEL:   llvm.func @linear_grad_0_launch(
// HOST:         %[[S0:.+]] = llvm.call @mgpuStreamCreate()
// HOST:         %[[SETUP1:.+]] = llvm.call @mgpuEventCreate()
// HOST-NEXT:    llvm.call @mgpuEventRecord(%[[SETUP1]], %[[S0]])
// HOST-NEXT:    %[[SETUP2:.+]] = llvm.call @mgpuEventCreate()
// HOST-NEXT:    llvm.call @mgpuEventRecord(%[[SETUP2]], %[[S0]])
// SM90:         llvm.call @mgpuTensorMapEncodeTiledMemref
// HOST:         gpu.launch_func <%[[S0]] : !llvm.ptr> @lmhead_kernels::@linear_grad_0_dh
// HOST:         %[[S1:.+]] = llvm.call @mgpuStreamCreate()
// HOST-NEXT:    llvm.call @mgpuStreamWaitEvent(%[[S1]], %[[SETUP2]])
// HOST-NEXT:    llvm.call @mgpuStreamWaitEvent(%[[S1]], %[[SETUP1]])
// HOST:         gpu.launch_func <%[[S1]] : !llvm.ptr> @lmhead_kernels::@linear_grad_0_dw
// HOST-LABEL:   llvm.func @grad(
// HOST:         llvm.call @linear_grad_0_launch(

// sm_80: cp.async 16-byte copies, ldmatrix (plain for dZ read along K,
// transposed for operands read along M or N), bf16 mma.sync.
// SM80:         gpu.binary @lmhead_kernels [#gpu.object<#nvvm.target<O = 3, chip = "sm_80", features = "+ptx80">
// SM80-DAG:     .target sm_80
// SM80-DAG:     .visible .entry linear_grad_0_dh(
// SM80-DAG:     .visible .entry linear_grad_0_dw(
// SM80-DAG:     cp.async.cg.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 16, %r{{[0-9]+}};
// SM80-DAG:     cp.async.commit_group;
// SM80-DAG:     cp.async.wait_group
// SM80-DAG:     ldmatrix.sync.aligned.m8n8.x4.shared.b16
// SM80-DAG:     ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// SM80-DAG:     mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32

// sm_90a (tensor maps encoded on the host, above): TMA loads completing on
// mbarriers, wgmma from shared-memory descriptors, warp specialisation.
// SM90:         gpu.binary @lmhead_kernels [#gpu.object<#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">
// SM90-DAG:     .target sm_90a
// SM90-DAG:     prefetch.tensormap [
// SM90-DAG:     cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// SM90-DAG:     mbarrier.arrive.expect_tx.shared.b64
// SM90-DAG:     mbarrier.try_wait.parity.shared.b64
// SM90-DAG:     wgmma.fence.sync.aligned;
// SM90-DAG:     wgmma.mma_async.sync.aligned.m64n{{[0-9]+}}k16.f32.bf16.bf16
// SM90-DAG:     wgmma.commit_group.sync.aligned;
// SM90-DAG:     wgmma.wait_group.sync.aligned {{(\\09)?}}0;
// SM90-DAG:     setmaxnreg.dec.sync.aligned.u32 {{(\\09)?}}40;
// SM90-DAG:     setmaxnreg.inc.sync.aligned.u32

// The overrides reach the plan: 2x2 warps of 32x32, 8-byte copies (.ca, as
// cp.async.cg only copies 16 bytes).
// OVERRIDE:     .maxntid 128, 1, 1
// OVERRIDE:     cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 8, %r{{[0-9]+}};
// OVERRIDE-NOT: cp.async.cg

// 200 tokens are below the default min-tokens (512): decomposed for the
// host, no kernels.
// SMALL-NOT:    gpu.binary
// SMALL-NOT:    mgpuLaunchKernel
// SMALL:        llvm.func @grad(

// BADTARGET:    error: lmhead-pipeline: option 'target': 'sm_75' is not one of sm_80, sm_90a
// BADTARGET-NOT: <unknown>
// COMMAS:       error: lmhead-pipeline: option 'target': 'sm_90a,min-tokens=0' is not one of sm_80, sm_90a; options are separated by spaces, not commas: --lmhead-pipeline='target=sm_90a min-tokens=0'
// BADF32:       error: lmhead-pipeline: option 'f32-operands': 'f16' is not one of f32, bf16

// Every option reaches --lmhead-plan (the tile options through one
// GemmTiles).
// FORWARDED:    lmhead-form-steps{ce-schedule=two-pass}
// FORWARDED:    lmhead-plan{block-k=64 block-m=128 block-n=64 ce-schedule=two-pass ce-workspace-bytes=1048576 cluster-m=1 cluster-n=2 copy-bytes=16 f32-operands=bf16 form-steps=false group-rows=0 list-configs=false min-tokens=7 persistent=4 ping-pong=-1 stages=5 swizzle=1 target=sm_90a tma-store=1 warp-m=64 warp-n=64}

// operands=device (on the program of the integration test, whose tensors
// live in device buffers it allocates): the launch functions copy only the
// gradients they accumulate into their results, from argument to argument,
// and keep their streams; the results are allocated at the call sites,
// whose synchronous GPU ops get a stream and a host wait each.
// DEVICE-LABEL: llvm.func @linear_grad_0_launch(
// DEVICE-NOT:     mgpuMemAlloc
// DEVICE:         llvm.call @mgpuMemcpy(%arg{{[0-9]+}}, %arg{{[0-9]+}},
// DEVICE-NOT:     mgpuMemAlloc
// DEVICE:         llvm.call @mgpuMemcpy(%arg{{[0-9]+}}, %arg{{[0-9]+}},
// DEVICE-NOT:     mgpuMem
// DEVICE:         llvm.call @mgpuStreamWaitEvent
// DEVICE-NEXT:    llvm.call @mgpuStreamWaitEvent
// DEVICE-NOT:     mgpuMem
// DEVICE:         llvm.call @mgpuStreamSynchronize
// DEVICE-LABEL: llvm.func @ce_linear_fwd_0_launch(
// DEVICE-NOT:     mgpuMemcpy
// DEVICE:         llvm.call @mgpuStreamSynchronize
// DEVICE-LABEL: llvm.func @ce_linear_grad_0_launch(
// DEVICE-NOT:     mgpuMemAlloc
// DEVICE:         llvm.call @mgpuMemcpy(%arg{{[0-9]+}}, %arg{{[0-9]+}},
// DEVICE-NOT:     mgpuMemAlloc
// DEVICE:         llvm.call @mgpuMemcpy(%arg{{[0-9]+}}, %arg{{[0-9]+}},
// DEVICE-NOT:     mgpuMemcpy
// DEVICE:         llvm.call @mgpuStreamSynchronize
// DEVICE-LABEL: llvm.func @lm_head(
// DEVICE:         llvm.call @mgpuMemAlloc
// DEVICE:         llvm.call @mgpuStreamSynchronize
// DEVICE-NEXT:    llvm.call @mgpuStreamDestroy
// DEVICE-NEXT:    llvm.call @ce_linear_fwd_0_launch(

// Device results returned from the function that holds the op would be
// copied to the host by buffer deallocation: an error.
// RETURNED:     error: result 0 of @grad is a device buffer (gpu.alloc)

// BADOPERANDS:  error: lmhead-pipeline: option 'operands': 'gpu' is not one of host, device

// The operands option reaches --lmhead-lower-to-gpu.
// OPERANDS:     lmhead-lower-to-gpu{operands=device}

func.func @grad(%dz: tensor<200x1000xbf16>, %h: tensor<200x64xbf16>, %w: tensor<1000x64xbf16>) -> (tensor<200x64xf32>, tensor<1000x64xf32>) {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
     : (tensor<200x1000xbf16>, tensor<200x64xbf16>, tensor<1000x64xbf16>) -> (tensor<200x64xf32>, tensor<1000x64xf32>)
  return %dh, %dw : tensor<200x64xf32>, tensor<1000x64xf32>
}
