// --lmhead-pipeline with operands=device: an ML compiler's tensors already
// live on the GPU. @lm_head below copies its host arguments to device
// buffers once (gpu.alloc, gpu.memcpy), wraps them as tensors, runs
// ce_linear_fwd, ce_linear_grad (on the forward's lse, accumulating both
// gradients) and linear_grad (accumulating both) on them, and copies the
// results back once. Its results match the all-host form of the same ops
// (Inputs/device-operands-host.mlir) decomposed on the CPU, at bf16's
// tolerance, on ragged shapes (N = 37, D = 40, V = 203 for the ce ops, 202
// for linear_grad, whose dZ rows must be 4-byte aligned). Emulator memory
// starts as NaN, and a kernel reaching a host buffer fails (the emulator
// only lets kernels read device allocations), so device results that are
// not written, or operands taken from the host, fail the run. The
// emulator's statistics show that every kernel ran.
//
// The ce ops carry their sm_80 plans by hand (--lmhead-plan keeps them);
// linear_grad is planned by the cost model. Synchronous gpu.alloc and
// gpu.dealloc are marked bufferization.manual_deallocation, so upstream's
// buffer deallocation leaves them to this function.
//
// REQUIRES: libdevice
// RUN: rm -rf %t && %python %S/../Inputs/check_equivalence.py %S/Inputs/device-operands-host.mlir \
// RUN:   --against=%s --func=lm_head --seed=%seed --label-range=y=203 %mlir_runner_libs \
// RUN:   "--transformed-pipeline='--lmhead-pipeline=target=sm_80 min-tokens=0 operands=device'" \
// RUN:   --transformed-shared-libs=%lmhead_runtime --transformed-env=LMHEAD_DEVICE=emulator \
// RUN:   --transformed-env=LMHEAD_EMULATOR_STATS=1 --tolerance-type=bf16 --keep=%t \
// RUN:   | FileCheck %s --check-prefix=EQUIV
// RUN: FileCheck %s --check-prefix=RAN < %t/transformed.err
// EQUIV: EQUIVALENT
// RAN-DAG: lmhead emulator: kernel ce_linear_fwd_0_logits:
// RAN-DAG: lmhead emulator: kernel ce_linear_fwd_0_rows:
// RAN-DAG: lmhead emulator: kernel ce_linear_fwd_0_reduce:
// RAN-DAG: lmhead emulator: kernel ce_linear_grad_0_scale:
// RAN-DAG: lmhead emulator: kernel ce_linear_grad_0_logits:
// RAN-DAG: lmhead emulator: kernel ce_linear_grad_0_dh:
// RAN-DAG: lmhead emulator: kernel ce_linear_grad_0_dw:
// RAN-DAG: lmhead emulator: kernel linear_grad_0_dh:
// RAN-DAG: lmhead emulator: kernel linear_grad_0_dw:

#logits = #lmhead.gemm<blockM = 32, blockN = 64, blockK = 32, warpM = 16, warpN = 32, stages = 3, copyBytes = 16, swizzle = 1>
#small = #lmhead.gemm<blockM = 32, blockN = 32, blockK = 32, warpM = 16, warpN = 16, stages = 3, copyBytes = 16, swizzle = 1>
#fwd = #lmhead.ce_plan<target = sm_80, logits = #logits, micros = 1.0 : f64>
#grad = #lmhead.ce_plan<target = sm_80, logits = #logits, dh = #small, dw = #small, chunk = 64, micros = 1.0 : f64>

func.func @lm_head(%h: tensor<37x40xbf16>, %w: tensor<203x40xbf16>, %y: tensor<37xi64>,
                   %g: tensor<f32>, %gh: tensor<37x40xf32>, %gw: tensor<203x40xf32>,
                   %dz: tensor<37x202xbf16>, %w2: tensor<202x40xbf16>,
                   %gh2: tensor<37x40xbf16>, %gw2: tensor<202x40xf32>)
    -> (tensor<f32>, tensor<37xf32>, tensor<37x40xf32>, tensor<203x40xf32>,
        tensor<37x40xbf16>, tensor<202x40xf32>) {
  // Each argument to the device, once.
  %h_host = bufferization.to_buffer %h read_only : tensor<37x40xbf16> to memref<37x40xbf16>
  %h_dev = gpu.alloc () {bufferization.manual_deallocation} : memref<37x40xbf16>
  gpu.memcpy %h_dev, %h_host : memref<37x40xbf16>, memref<37x40xbf16>
  %h_d = bufferization.to_tensor %h_dev restrict : memref<37x40xbf16> to tensor<37x40xbf16>

  %w_host = bufferization.to_buffer %w read_only : tensor<203x40xbf16> to memref<203x40xbf16>
  %w_dev = gpu.alloc () {bufferization.manual_deallocation} : memref<203x40xbf16>
  gpu.memcpy %w_dev, %w_host : memref<203x40xbf16>, memref<203x40xbf16>
  %w_d = bufferization.to_tensor %w_dev restrict : memref<203x40xbf16> to tensor<203x40xbf16>

  %y_host = bufferization.to_buffer %y read_only : tensor<37xi64> to memref<37xi64>
  %y_dev = gpu.alloc () {bufferization.manual_deallocation} : memref<37xi64>
  gpu.memcpy %y_dev, %y_host : memref<37xi64>, memref<37xi64>
  %y_d = bufferization.to_tensor %y_dev restrict : memref<37xi64> to tensor<37xi64>

  %g_host = bufferization.to_buffer %g read_only : tensor<f32> to memref<f32>
  %g_dev = gpu.alloc () {bufferization.manual_deallocation} : memref<f32>
  gpu.memcpy %g_dev, %g_host : memref<f32>, memref<f32>
  %g_d = bufferization.to_tensor %g_dev restrict : memref<f32> to tensor<f32>

  %gh_host = bufferization.to_buffer %gh read_only : tensor<37x40xf32> to memref<37x40xf32>
  %gh_dev = gpu.alloc () {bufferization.manual_deallocation} : memref<37x40xf32>
  gpu.memcpy %gh_dev, %gh_host : memref<37x40xf32>, memref<37x40xf32>
  %gh_d = bufferization.to_tensor %gh_dev restrict : memref<37x40xf32> to tensor<37x40xf32>

  %gw_host = bufferization.to_buffer %gw read_only : tensor<203x40xf32> to memref<203x40xf32>
  %gw_dev = gpu.alloc () {bufferization.manual_deallocation} : memref<203x40xf32>
  gpu.memcpy %gw_dev, %gw_host : memref<203x40xf32>, memref<203x40xf32>
  %gw_d = bufferization.to_tensor %gw_dev restrict : memref<203x40xf32> to tensor<203x40xf32>

  %dz_host = bufferization.to_buffer %dz read_only : tensor<37x202xbf16> to memref<37x202xbf16>
  %dz_dev = gpu.alloc () {bufferization.manual_deallocation} : memref<37x202xbf16>
  gpu.memcpy %dz_dev, %dz_host : memref<37x202xbf16>, memref<37x202xbf16>
  %dz_d = bufferization.to_tensor %dz_dev restrict : memref<37x202xbf16> to tensor<37x202xbf16>

  %w2_host = bufferization.to_buffer %w2 read_only : tensor<202x40xbf16> to memref<202x40xbf16>
  %w2_dev = gpu.alloc () {bufferization.manual_deallocation} : memref<202x40xbf16>
  gpu.memcpy %w2_dev, %w2_host : memref<202x40xbf16>, memref<202x40xbf16>
  %w2_d = bufferization.to_tensor %w2_dev restrict : memref<202x40xbf16> to tensor<202x40xbf16>

  %gh2_host = bufferization.to_buffer %gh2 read_only : tensor<37x40xbf16> to memref<37x40xbf16>
  %gh2_dev = gpu.alloc () {bufferization.manual_deallocation} : memref<37x40xbf16>
  gpu.memcpy %gh2_dev, %gh2_host : memref<37x40xbf16>, memref<37x40xbf16>
  %gh2_d = bufferization.to_tensor %gh2_dev restrict : memref<37x40xbf16> to tensor<37x40xbf16>

  %gw2_host = bufferization.to_buffer %gw2 read_only : tensor<202x40xf32> to memref<202x40xf32>
  %gw2_dev = gpu.alloc () {bufferization.manual_deallocation} : memref<202x40xf32>
  gpu.memcpy %gw2_dev, %gw2_host : memref<202x40xf32>, memref<202x40xf32>
  %gw2_d = bufferization.to_tensor %gw2_dev restrict : memref<202x40xf32> to tensor<202x40xf32>

  // The ops, on device tensors; their results are device tensors too.
  %loss, %lse = lmhead.ce_linear_fwd %h_d, %w_d, %y_d layout(vd) reduction(mean) {lmhead.plan = #fwd}
      : (tensor<37x40xbf16>, tensor<203x40xbf16>, tensor<37xi64>) -> (tensor<f32>, tensor<37xf32>)
  %dh, %dw = lmhead.ce_linear_grad %h_d, %w_d, %y_d, %lse, %g_d accumulate_dh(%gh_d) accumulate_dw(%gw_d)
      layout(vd) reduction(mean) {lmhead.plan = #grad}
      : (tensor<37x40xbf16>, tensor<203x40xbf16>, tensor<37xi64>, tensor<37xf32>, tensor<f32>,
         tensor<37x40xf32>, tensor<203x40xf32>)
      -> (tensor<37x40xf32>, tensor<203x40xf32>)
  %dh2, %dw2 = lmhead.linear_grad %dz_d, %h_d, %w2_d accumulate_dh(%gh2_d) accumulate_dw(%gw2_d) layout(vd)
      : (tensor<37x202xbf16>, tensor<37x40xbf16>, tensor<202x40xbf16>, tensor<37x40xbf16>,
         tensor<202x40xf32>)
      -> (tensor<37x40xbf16>, tensor<202x40xf32>)

  // Each result back to the host, once; then the device buffers are freed.
  %loss_dev = bufferization.to_buffer %loss read_only : tensor<f32> to memref<f32>
  %loss_host = memref.alloc () : memref<f32>
  gpu.memcpy %loss_host, %loss_dev : memref<f32>, memref<f32>
  %loss_h = bufferization.to_tensor %loss_host restrict : memref<f32> to tensor<f32>

  %lse_dev = bufferization.to_buffer %lse read_only : tensor<37xf32> to memref<37xf32>
  %lse_host = memref.alloc () : memref<37xf32>
  gpu.memcpy %lse_host, %lse_dev : memref<37xf32>, memref<37xf32>
  %lse_h = bufferization.to_tensor %lse_host restrict : memref<37xf32> to tensor<37xf32>

  %dh_dev = bufferization.to_buffer %dh read_only : tensor<37x40xf32> to memref<37x40xf32>
  %dh_host = memref.alloc () : memref<37x40xf32>
  gpu.memcpy %dh_host, %dh_dev : memref<37x40xf32>, memref<37x40xf32>
  %dh_h = bufferization.to_tensor %dh_host restrict : memref<37x40xf32> to tensor<37x40xf32>

  %dw_dev = bufferization.to_buffer %dw read_only : tensor<203x40xf32> to memref<203x40xf32>
  %dw_host = memref.alloc () : memref<203x40xf32>
  gpu.memcpy %dw_host, %dw_dev : memref<203x40xf32>, memref<203x40xf32>
  %dw_h = bufferization.to_tensor %dw_host restrict : memref<203x40xf32> to tensor<203x40xf32>

  %dh2_dev = bufferization.to_buffer %dh2 read_only : tensor<37x40xbf16> to memref<37x40xbf16>
  %dh2_host = memref.alloc () : memref<37x40xbf16>
  gpu.memcpy %dh2_host, %dh2_dev : memref<37x40xbf16>, memref<37x40xbf16>
  %dh2_h = bufferization.to_tensor %dh2_host restrict : memref<37x40xbf16> to tensor<37x40xbf16>

  %dw2_dev = bufferization.to_buffer %dw2 read_only : tensor<202x40xf32> to memref<202x40xf32>
  %dw2_host = memref.alloc () : memref<202x40xf32>
  gpu.memcpy %dw2_host, %dw2_dev : memref<202x40xf32>, memref<202x40xf32>
  %dw2_h = bufferization.to_tensor %dw2_host restrict : memref<202x40xf32> to tensor<202x40xf32>

  gpu.dealloc %loss_dev {bufferization.manual_deallocation} : memref<f32>
  gpu.dealloc %lse_dev {bufferization.manual_deallocation} : memref<37xf32>
  gpu.dealloc %dh_dev {bufferization.manual_deallocation} : memref<37x40xf32>
  gpu.dealloc %dw_dev {bufferization.manual_deallocation} : memref<203x40xf32>
  gpu.dealloc %dh2_dev {bufferization.manual_deallocation} : memref<37x40xbf16>
  gpu.dealloc %dw2_dev {bufferization.manual_deallocation} : memref<202x40xf32>
  gpu.dealloc %h_dev {bufferization.manual_deallocation} : memref<37x40xbf16>
  gpu.dealloc %w_dev {bufferization.manual_deallocation} : memref<203x40xbf16>
  gpu.dealloc %y_dev {bufferization.manual_deallocation} : memref<37xi64>
  gpu.dealloc %g_dev {bufferization.manual_deallocation} : memref<f32>
  gpu.dealloc %gh_dev {bufferization.manual_deallocation} : memref<37x40xf32>
  gpu.dealloc %gw_dev {bufferization.manual_deallocation} : memref<203x40xf32>
  gpu.dealloc %dz_dev {bufferization.manual_deallocation} : memref<37x202xbf16>
  gpu.dealloc %w2_dev {bufferization.manual_deallocation} : memref<202x40xbf16>
  gpu.dealloc %gh2_dev {bufferization.manual_deallocation} : memref<37x40xbf16>
  gpu.dealloc %gw2_dev {bufferization.manual_deallocation} : memref<202x40xf32>
  return %loss_h, %lse_h, %dh_h, %dw_h, %dh2_h, %dw2_h
      : tensor<f32>, tensor<37xf32>, tensor<37x40xf32>, tensor<203x40xf32>,
        tensor<37x40xbf16>, tensor<202x40xf32>
}
