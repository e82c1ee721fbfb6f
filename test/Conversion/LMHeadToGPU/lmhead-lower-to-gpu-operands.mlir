// RUN: lmhead-opt %s --lmhead-lower-to-gpu --split-input-file | FileCheck %s --check-prefix=HOST
// RUN: lmhead-opt %s '--lmhead-lower-to-gpu=operands=host' --split-input-file | FileCheck %s --check-prefix=HOST
// RUN: lmhead-opt %s '--lmhead-lower-to-gpu=operands=device' --split-input-file | FileCheck %s --check-prefix=DEVICE
// RUN: not lmhead-opt %s '--lmhead-lower-to-gpu=operands=gpu' --split-input-file 2>&1 | FileCheck %s --check-prefix=BAD

// The operands option of --lmhead-lower-to-gpu, for each op kind. With
// operands=host (the default) the launch function copies every operand to
// the device and every result back to a memref.alloc of the call site.
// With operands=device the operands' buffers go to the kernels as they
// are, the results are gpu.alloc'ed at the call site, and the only copies
// are the device-to-device ones that start an accumulated gradient; scratch
// buffers are still allocated and freed inside. Both end with a host wait on
// every stream the launch function ran on, which destroys them.

// BAD: error: lmhead-lower-to-gpu: option 'operands': 'gpu' is not one of host, device

// linear_grad accumulating into both gradients.

#c = #lmhead.gemm<blockM = 32, blockN = 32, blockK = 32, warpM = 16, warpN = 16, stages = 3, copyBytes = 16, swizzle = 1>
#plan = #lmhead.plan<target = sm_80, dh = #c, dw = #c, dhMicros = 1.0 : f64, dwMicros = 1.0 : f64>

// HOST-LABEL: func.func private @linear_grad_0_launch(
// HOST-SAME:    %[[DZT:[^:]+]]: tensor<?x?xbf16>, %[[HT:[^:]+]]: tensor<?x?xbf16>, %[[WT:[^:]+]]: tensor<?x?xbf16>, %[[GHT:[^:]+]]: tensor<?x?xbf16>, %[[GWT:[^:]+]]: tensor<?x?xf32>, %[[DH:[^:]+]]: memref<?x?xbf16>, %[[DW:[^:]+]]: memref<?x?xf32>)
// HOST:         %[[DZ:.+]] = bufferization.to_buffer %[[DZT]] read_only
// HOST:         %[[H:.+]] = bufferization.to_buffer %[[HT]] read_only
// HOST:         %[[W:.+]] = bufferization.to_buffer %[[WT]] read_only
// HOST:         %[[GH:.+]] = bufferization.to_buffer %[[GHT]] read_only
// HOST:         %[[GW:.+]] = bufferization.to_buffer %[[GWT]] read_only
// HOST:         gpu.memcpy async [%{{.+}}] %{{.+}}, %[[DZ]]
// HOST:         gpu.memcpy async [%{{.+}}] %{{.+}}, %[[H]]
// HOST:         gpu.memcpy async [%{{.+}}] %{{.+}}, %[[W]]
// HOST:         gpu.memcpy async [%{{.+}}] %[[DHD:.+]], %[[GH]]
// HOST:         gpu.memcpy async [%{{.+}}] %[[DWD:.+]], %[[GW]]
// HOST:         gpu.launch_func async
// HOST:         gpu.launch_func async
// HOST:         gpu.memcpy async [%{{.+}}] %[[DH]], %[[DHD]]
// HOST:         gpu.memcpy async [%{{.+}}] %[[DW]], %[[DWD]]
// HOST-COUNT-5: gpu.dealloc
// HOST:         gpu.wait [
// HOST-NEXT:    return
// HOST-LABEL: func.func @linear_grad(
// HOST-COUNT-2: memref.alloc(
// HOST-NOT:     gpu.alloc
// HOST:         call @linear_grad_0_launch(

// The setup copies the gradients each result adds to into it (device to
// device); the dh kernel goes on after it, the dW kernel on a fork of it;
// both run on the arguments.
// DEVICE-LABEL: func.func private @linear_grad_0_launch(
// DEVICE-SAME:    %[[DZT:[^:]+]]: tensor<?x?xbf16>, %[[HT:[^:]+]]: tensor<?x?xbf16>, %[[WT:[^:]+]]: tensor<?x?xbf16>, %[[GHT:[^:]+]]: tensor<?x?xbf16>, %[[GWT:[^:]+]]: tensor<?x?xf32>, %[[DH:[^:]+]]: memref<?x?xbf16>, %[[DW:[^:]+]]: memref<?x?xf32>)
// DEVICE:         %[[DZ:.+]] = bufferization.to_buffer %[[DZT]] read_only
// DEVICE:         %[[H:.+]] = bufferization.to_buffer %[[HT]] read_only
// DEVICE:         %[[W:.+]] = bufferization.to_buffer %[[WT]] read_only
// DEVICE:         %[[GH:.+]] = bufferization.to_buffer %[[GHT]] read_only
// DEVICE:         %[[GW:.+]] = bufferization.to_buffer %[[GWT]] read_only
// DEVICE-NOT:     gpu.alloc
// DEVICE-NOT:     gpu.memcpy
// DEVICE:         %[[S0:.+]] = gpu.wait async
// DEVICE-NEXT:    %[[C0:.+]] = gpu.memcpy async [%[[S0]]] %[[DH]], %[[GH]]
// DEVICE-NEXT:    %[[C1:.+]] = gpu.memcpy async [%[[C0]]] %[[DW]], %[[GW]]
// DEVICE-NOT:     gpu.memcpy
// DEVICE:         %[[DZV:.+]] = memref.cast %[[DZ]]
// DEVICE:         %[[WV:.+]] = memref.cast %[[W]]
// DEVICE:         %[[L0:.+]] = gpu.launch_func async [%[[C1]]] @lmhead_kernels::@linear_grad_0_dh
// DEVICE-SAME:      args(%[[DZV]] : {{.+}}, %[[WV]] : {{.+}}
// DEVICE-NOT:     gpu.memcpy
// DEVICE:         %[[FORK:.+]] = gpu.wait async [%[[C1]], %[[C1]]]
// DEVICE-NOT:     gpu.memcpy
// DEVICE:         %[[L1:.+]] = gpu.launch_func async [%[[FORK]]] @lmhead_kernels::@linear_grad_0_dw
// DEVICE-NOT:     gpu.memcpy
// DEVICE:         %[[DONE:.+]] = gpu.wait async [%[[L0]], %[[L1]]]
// DEVICE-NEXT:    gpu.wait [%[[L0]], %[[L1]], %[[DONE]]]
// DEVICE-NEXT:    return
// The results are device buffers the caller owns.
// DEVICE-LABEL: func.func @linear_grad(
// DEVICE-NOT:     memref.alloc
// DEVICE:         %[[DHB:.+]] = gpu.alloc (%{{.+}}, %{{.+}}) {bufferization.manual_deallocation} : memref<?x?xbf16>
// DEVICE:         %[[DWB:.+]] = gpu.alloc (%{{.+}}, %{{.+}}) {bufferization.manual_deallocation} : memref<?x?xf32>
// DEVICE:         call @linear_grad_0_launch(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %[[DHB]], %[[DWB]])
// DEVICE:         bufferization.to_tensor %[[DHB]] restrict writable
// DEVICE:         bufferization.to_tensor %[[DWB]] restrict writable
// DEVICE-NOT:     memref.alloc
// DEVICE:         return
func.func @linear_grad(%dz: tensor<37x202xbf16>, %h: tensor<37x40xbf16>, %w: tensor<202x40xbf16>,
                       %gh: tensor<37x40xbf16>, %gw: tensor<202x40xf32>)
    -> (tensor<37x40xbf16>, tensor<202x40xf32>) {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w accumulate_dh(%gh) accumulate_dw(%gw) layout(vd)
      {lmhead.plan = #plan}
      : (tensor<37x202xbf16>, tensor<37x40xbf16>, tensor<202x40xbf16>, tensor<37x40xbf16>, tensor<202x40xf32>)
      -> (tensor<37x40xbf16>, tensor<202x40xf32>)
  return %dh, %dw : tensor<37x40xbf16>, tensor<202x40xf32>
}

// -----

// ce_linear_fwd with a mean: the loss is rank 0 ([1] on the device).

#logits = #lmhead.gemm<blockM = 32, blockN = 64, blockK = 32, warpM = 16, warpN = 32, stages = 3, copyBytes = 16, swizzle = 1>
#fwd = #lmhead.ce_plan<target = sm_80, logits = #logits, micros = 1.0 : f64>

// HOST-LABEL: func.func private @ce_linear_fwd_0_launch(
// HOST-SAME:    %[[HT:[^:]+]]: tensor<?x?xbf16>, %[[WT:[^:]+]]: tensor<?x?xbf16>, %[[YT:[^:]+]]: tensor<?xi64>, %[[LOSS:[^:]+]]: memref<?xf32>, %[[LSE:[^:]+]]: memref<?xf32>)
// HOST:         %[[H:.+]] = bufferization.to_buffer %[[HT]] read_only
// HOST:         %[[W:.+]] = bufferization.to_buffer %[[WT]] read_only
// HOST:         %[[Y:.+]] = bufferization.to_buffer %[[YT]] read_only
// HOST:         gpu.memcpy async [%{{.+}}] %{{.+}}, %[[H]]
// HOST:         gpu.memcpy async [%{{.+}}] %{{.+}}, %[[W]]
// HOST:         gpu.memcpy async [%{{.+}}] %{{.+}}, %[[Y]]
// HOST:         gpu.launch_func async {{.+}} @lmhead_kernels::@ce_linear_fwd_0_reduce
// HOST:         gpu.memcpy async [%{{.+}}] %[[LOSS]], %{{.+}}
// HOST:         gpu.memcpy async [%{{.+}}] %[[LSE]], %{{.+}}
// HOST-COUNT-7: gpu.dealloc
// HOST:         gpu.wait [
// HOST-NEXT:    return
// HOST-LABEL: func.func @ce_fwd(
// HOST:         memref.alloc() : memref<1xf32>
// HOST:         memref.alloc(%{{.+}}) : memref<?xf32>
// HOST-NOT:     gpu.alloc
// HOST:         call @ce_linear_fwd_0_launch(

// Only the scratch buffers are allocated: the row partials and the
// per-token losses the mean reduces.
// DEVICE-LABEL: func.func private @ce_linear_fwd_0_launch(
// DEVICE-SAME:    %[[HT:[^:]+]]: tensor<?x?xbf16>, %[[WT:[^:]+]]: tensor<?x?xbf16>, %[[YT:[^:]+]]: tensor<?xi64>, %[[LOSS:[^:]+]]: memref<?xf32>, %[[LSE:[^:]+]]: memref<?xf32>)
// DEVICE:         %[[H:.+]] = bufferization.to_buffer %[[HT]] read_only
// DEVICE:         %[[W:.+]] = bufferization.to_buffer %[[WT]] read_only
// DEVICE:         %[[Y:.+]] = bufferization.to_buffer %[[YT]] read_only
// DEVICE-NOT:     gpu.memcpy
// DEVICE:         %[[PARTIALS:.+]], %{{.+}} = gpu.alloc async
// DEVICE:         %[[LOSSES:.+]], %{{.+}} = gpu.alloc async
// DEVICE-NOT:     gpu.alloc
// DEVICE-NOT:     gpu.memcpy
// DEVICE:         %[[P0:.+]] = memref.cast %[[PARTIALS]] : memref<?x?x?xf32> to memref<?x?x4xf32>
// DEVICE:         gpu.launch_func async {{.+}} @lmhead_kernels::@ce_linear_fwd_0_logits
// DEVICE-SAME:      args({{.+}}, %[[Y]] : memref<?xi64>, %[[P0]] :
// DEVICE:         %[[P1:.+]] = memref.cast %[[PARTIALS]] : memref<?x?x?xf32> to memref<?x?x4xf32>
// DEVICE:         gpu.launch_func async {{.+}} @lmhead_kernels::@ce_linear_fwd_0_rows
// DEVICE-SAME:      args(%[[Y]] : memref<?xi64>, %[[P1]] : memref<?x?x4xf32>, %[[LSE]] : memref<?xf32>, %[[LOSSES]] : memref<?xf32>
// DEVICE:         %[[REDUCED:.+]] = gpu.launch_func async {{.+}} @lmhead_kernels::@ce_linear_fwd_0_reduce
// DEVICE-SAME:      args(%[[Y]] : memref<?xi64>, %[[LOSSES]] : memref<?xf32>, %[[LOSS]] : memref<?xf32>
// DEVICE-NOT:     gpu.memcpy
// DEVICE:         %[[FREED:.+]] = gpu.dealloc async [%[[REDUCED]]] %[[PARTIALS]]
// DEVICE:         %[[FREED2:.+]] = gpu.dealloc async [%[[FREED]]] %[[LOSSES]]
// DEVICE-NEXT:    gpu.wait [%[[FREED2]]]
// DEVICE-NEXT:    return
// DEVICE-LABEL: func.func @ce_fwd(
// DEVICE-NOT:     memref.alloc
// DEVICE:         %[[LOSSB:.+]] = gpu.alloc () {bufferization.manual_deallocation} : memref<1xf32>
// DEVICE:         %[[LSEB:.+]] = gpu.alloc (%{{.+}}) {bufferization.manual_deallocation} : memref<?xf32>
// DEVICE:         call @ce_linear_fwd_0_launch(
// DEVICE:         %[[LOSS0:.+]] = memref.collapse_shape %[[LOSSB]] []
// DEVICE:         bufferization.to_tensor %[[LOSS0]] restrict writable
// DEVICE:         bufferization.to_tensor %[[LSEB]] restrict writable
// DEVICE-NOT:     memref.alloc
// DEVICE:         return
func.func @ce_fwd(%h: tensor<37x40xbf16>, %w: tensor<203x40xbf16>, %y: tensor<37xi64>)
    -> (tensor<f32>, tensor<37xf32>) {
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean) {lmhead.plan = #fwd}
      : (tensor<37x40xbf16>, tensor<203x40xbf16>, tensor<37xi64>) -> (tensor<f32>, tensor<37xf32>)
  return %loss, %lse : tensor<f32>, tensor<37xf32>
}

// -----

// ce_linear_grad with a mean (a rank-0 dloss), an f32 dh and dW that
// accumulate, and a bias gradient: 4 chunks of 64 vocabulary columns.

#logits = #lmhead.gemm<blockM = 32, blockN = 64, blockK = 32, warpM = 16, warpN = 32, stages = 3, copyBytes = 16, swizzle = 1>
#small = #lmhead.gemm<blockM = 32, blockN = 32, blockK = 32, warpM = 16, warpN = 16, stages = 3, copyBytes = 16, swizzle = 1>
#grad = #lmhead.ce_plan<target = sm_80, logits = #logits, dh = #small, dw = #small, chunk = 64, micros = 1.0 : f64>

// HOST-LABEL: func.func private @ce_linear_grad_0_launch(
// HOST-SAME:    %[[HT:[^:]+]]: tensor<?x?xbf16>, %[[WT:[^:]+]]: tensor<?x?xbf16>, %[[YT:[^:]+]]: tensor<?xi64>, %[[LSET:[^:]+]]: tensor<?xf32>, %[[GT:[^:]+]]: tensor<f32>, %[[BT:[^:]+]]: tensor<?xbf16>, %[[GHT:[^:]+]]: tensor<?x?xf32>, %[[GWT:[^:]+]]: tensor<?x?xf32>, %[[DH:[^:]+]]: memref<?x?xf32>, %[[DW:[^:]+]]: memref<?x?xf32>, %[[DB:[^:]+]]: memref<?xf32>)
// HOST:         %[[H:.+]] = bufferization.to_buffer %[[HT]] read_only
// HOST:         %[[W:.+]] = bufferization.to_buffer %[[WT]] read_only
// HOST:         %[[Y:.+]] = bufferization.to_buffer %[[YT]] read_only
// HOST:         %[[LSE:.+]] = bufferization.to_buffer %[[LSET]] read_only
// HOST:         %[[G0:.+]] = bufferization.to_buffer %[[GT]] read_only
// HOST:         %[[G:.+]] = memref.cast %{{.+}} : memref<1xf32> to memref<?xf32>
// HOST:         %[[B:.+]] = bufferization.to_buffer %[[BT]] read_only
// HOST:         %[[GH:.+]] = bufferization.to_buffer %[[GHT]] read_only
// HOST:         %[[GW:.+]] = bufferization.to_buffer %[[GWT]] read_only
// HOST:         gpu.memcpy async [%{{.+}}] %{{.+}}, %[[H]]
// HOST:         gpu.memcpy async [%{{.+}}] %{{.+}}, %[[G]]
// HOST:         gpu.memcpy async [%{{.+}}] %[[DHD:.+]], %[[GH]]
// HOST:         gpu.memcpy async [%{{.+}}] %[[DWD:.+]], %[[GW]]
// HOST-COUNT-4: gpu.launch_func async {{.+}} @lmhead_kernels::@ce_linear_grad_0_logits
// HOST:         gpu.memcpy async [%{{.+}}] %[[DH]], %[[DHD]]
// HOST:         gpu.memcpy async [%{{.+}}] %[[DW]], %[[DWD]]
// HOST:         gpu.memcpy async [%{{.+}}] %[[DB]], %{{.+}}
// HOST:         gpu.wait [
// HOST-NEXT:    return
// HOST-LABEL: func.func @ce_grad(
// HOST-COUNT-3: memref.alloc(
// HOST-NOT:     gpu.alloc
// HOST:         call @ce_linear_grad_0_launch(

// The setup stream copies dh's and dW's starting gradients into them and
// allocates the scratch: one buffer of two dZ chunks and the mean's scale. The chunks'
// kernels then read and write the arguments.
// DEVICE-LABEL: func.func private @ce_linear_grad_0_launch(
// DEVICE-SAME:    %[[HT:[^:]+]]: tensor<?x?xbf16>, %[[WT:[^:]+]]: tensor<?x?xbf16>, %[[YT:[^:]+]]: tensor<?xi64>, %[[LSET:[^:]+]]: tensor<?xf32>, %[[GT:[^:]+]]: tensor<f32>, %[[BT:[^:]+]]: tensor<?xbf16>, %[[GHT:[^:]+]]: tensor<?x?xf32>, %[[GWT:[^:]+]]: tensor<?x?xf32>, %[[DH:[^:]+]]: memref<?x?xf32>, %[[DW:[^:]+]]: memref<?x?xf32>, %[[DB:[^:]+]]: memref<?xf32>)
// DEVICE:         %[[H:.+]] = bufferization.to_buffer %[[HT]] read_only
// DEVICE:         %[[W:.+]] = bufferization.to_buffer %[[WT]] read_only
// DEVICE:         %[[Y:.+]] = bufferization.to_buffer %[[YT]] read_only
// DEVICE:         %[[LSE:.+]] = bufferization.to_buffer %[[LSET]] read_only
// DEVICE:         %[[G0:.+]] = bufferization.to_buffer %[[GT]] read_only
// DEVICE:         %[[G:.+]] = memref.cast %{{.+}} : memref<1xf32> to memref<?xf32>
// DEVICE:         %[[B:.+]] = bufferization.to_buffer %[[BT]] read_only
// DEVICE:         %[[GH:.+]] = bufferization.to_buffer %[[GHT]] read_only
// DEVICE:         %[[GW:.+]] = bufferization.to_buffer %[[GWT]] read_only
// DEVICE-NOT:     gpu.memcpy
// DEVICE:         %[[S0:.+]] = gpu.wait async
// DEVICE-NEXT:    %[[C0:.+]] = gpu.memcpy async [%[[S0]]] %[[DH]], %[[GH]]
// DEVICE-NEXT:    %[[C1:.+]] = gpu.memcpy async [%[[C0]]] %[[DW]], %[[GW]]
// DEVICE-NOT:     gpu.memcpy
// DEVICE:         %[[CHUNKS:.+]], %{{.+}} = gpu.alloc async
// DEVICE:         %[[SCALE:.+]], %{{.+}} = gpu.alloc async
// DEVICE-NOT:     gpu.alloc
// DEVICE:         gpu.launch_func async {{.+}} @lmhead_kernels::@ce_linear_grad_0_scale
// DEVICE-SAME:      args(%[[Y]] : memref<?xi64>, %[[G]] : memref<?xf32>, %[[SCALE]] : memref<?xf32>
// DEVICE-COUNT-4: gpu.launch_func async {{.+}} @lmhead_kernels::@ce_linear_grad_0_logits
// DEVICE-NOT:     gpu.memcpy
// DEVICE:         gpu.dealloc async [%{{.+}}] %[[CHUNKS]]
// DEVICE-NEXT:    gpu.dealloc async [%{{.+}}] %[[SCALE]]
// DEVICE-NEXT:    gpu.wait [
// DEVICE-NEXT:    return
// DEVICE-LABEL: func.func @ce_grad(
// DEVICE-NOT:     memref.alloc
// DEVICE-COUNT-3: gpu.alloc ({{.+}}) {bufferization.manual_deallocation}
// DEVICE:         call @ce_linear_grad_0_launch(
// DEVICE-NOT:     memref.alloc
// DEVICE:         return
func.func @ce_grad(%h: tensor<37x40xbf16>, %w: tensor<203x40xbf16>, %y: tensor<37xi64>,
                   %lse: tensor<37xf32>, %g: tensor<f32>, %b: tensor<203xbf16>,
                   %gh: tensor<37x40xf32>, %gw: tensor<203x40xf32>)
    -> (tensor<37x40xf32>, tensor<203x40xf32>, tensor<203xf32>) {
  %dh, %dw, %db = lmhead.ce_linear_grad %h, %w, %y, %lse, %g bias(%b) accumulate_dh(%gh) accumulate_dw(%gw)
      layout(vd) reduction(mean) {lmhead.plan = #grad}
      : (tensor<37x40xbf16>, tensor<203x40xbf16>, tensor<37xi64>, tensor<37xf32>, tensor<f32>,
         tensor<203xbf16>, tensor<37x40xf32>, tensor<203x40xf32>)
      -> (tensor<37x40xf32>, tensor<203x40xf32>, tensor<203xf32>)
  return %dh, %dw, %db : tensor<37x40xf32>, tensor<203x40xf32>, tensor<203xf32>
}
