// --lmhead-lower-to-gpu on planned cross-entropy ops: the forward runs the
// logits GEMM with row statistics, the row kernel and the reduction on one
// chain and stores no N x V tensor; the backward runs the vocabulary in
// chunks of the plan (here 64 of V = 200: 4 chunks, the last of 8
// columns) over two chunk buffers of dZ, each chunk's dh and dW products on
// streams of their own (two-token joins), then rounds dh once.
// RUN: lmhead-opt %s --lmhead-lower-to-gpu --split-input-file | FileCheck %s

#l = #lmhead.gemm<blockM = 32, blockN = 64, blockK = 32, warpM = 16, warpN = 32, stages = 3, copyBytes = 16, swizzle = 1>
#fwd = #lmhead.ce_plan<target = sm_80, logits = #l, micros = 1.0 : f64>

// CHECK-LABEL: func.func private @ce_linear_fwd_0_launch(
// CHECK-NOT:     memref<{{[?0-9]+}}x200x
// The partials: N x ceil(200 / 32) x 4.
// CHECK:         %[[P:.+]] = arith.constant 7 : index
// CHECK:         gpu.alloc async [%{{.+}}] (%{{.+}}, %[[P]], %{{.+}}) : memref<?x?x?xf32>
// CHECK:         %[[L:.+]] = gpu.launch_func async [%{{.+}}] @lmhead_kernels::@ce_linear_fwd_0_logits
// CHECK:         %[[R:.+]] = gpu.launch_func async [%[[L]]] @lmhead_kernels::@ce_linear_fwd_0_rows
// CHECK:         gpu.launch_func async [%[[R]]] @lmhead_kernels::@ce_linear_fwd_0_reduce
// CHECK-SAME:      threads in (%{{.+}}32{{.*}},
// CHECK-LABEL: func.func @forward(
// CHECK-NOT:     lmhead.ce_linear_fwd
// CHECK:         call @ce_linear_fwd_0_launch
// CHECK-LABEL: gpu.module @lmhead_kernels
// CHECK:         gpu.func @ce_linear_fwd_0_logits(%{{.+}}: memref<?x?xbf16, strided<[?, 1], offset: ?>>, %{{.+}}: memref<?x?xbf16, strided<[?, 1], offset: ?>>, %{{.+}}: memref<?xi64>, %{{.+}}: memref<?x?x4xf32>, %{{.+}}: index, %{{.+}}: index, %{{.+}}: index) kernel
// CHECK-COUNT-2: gpu.shuffle  xor
// CHECK:         gpu.func @ce_linear_fwd_0_rows(
// CHECK:         llvm.call_intrinsic "llvm.nvvm.lg2.approx.ftz.f"
// CHECK:         gpu.func @ce_linear_fwd_0_reduce(
func.func @forward(%h: tensor<100x40xbf16>, %w: tensor<200x40xbf16>, %y: tensor<100xi64>) -> (tensor<f32>, tensor<100xf32>) {
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean) {lmhead.plan = #fwd}
      : (tensor<100x40xbf16>, tensor<200x40xbf16>, tensor<100xi64>) -> (tensor<f32>, tensor<100xf32>)
  return %loss, %lse : tensor<f32>, tensor<100xf32>
}

// -----

#l = #lmhead.gemm<blockM = 32, blockN = 64, blockK = 32, warpM = 16, warpN = 32, stages = 3, copyBytes = 16, swizzle = 1>
#g = #lmhead.gemm<blockM = 32, blockN = 32, blockK = 32, warpM = 16, warpN = 16, stages = 3, copyBytes = 16, swizzle = 1>
#grad = #lmhead.ce_plan<target = sm_80, logits = #l, dh = #g, dw = #g, chunk = 64, micros = 1.0 : f64>

// CHECK-LABEL: func.func private @ce_linear_grad_0_launch(
// Both chunk buffers of dZ in one [2, N, 64], the f32 sum of dh, then the
// mean's scale.
// CHECK:         %[[C64:.+]] = arith.constant 64 : index
// CHECK-NEXT:    %[[WS:.+]], %{{.+}} = gpu.alloc async [%{{.+}}] (%{{.+}}, %{{.+}}, %[[C64]]) : memref<?x?x?xbf16>
// CHECK:         %[[READY:.+]] = gpu.launch_func async [%{{.+}}] @lmhead_kernels::@ce_linear_grad_0_scale
// The chunk loop, unrolled. Chunk 0: dZ into the first half after the
// scale, on the main stream; dh and dW each on a stream of its own, a fork
// of the logits.
// CHECK:         memref.reinterpret_cast %[[WS]] to offset: [%c0{{(_[0-9]+)?}}], sizes: [%{{.+}}, %c64{{(_[0-9]+)?}}]
// CHECK:         %[[L0:.+]] = gpu.launch_func async [%[[READY]]] @lmhead_kernels::@ce_linear_grad_0_logits
// CHECK:         %[[J0:.+]] = gpu.wait async [%[[L0]], %[[L0]]]
// CHECK:         %[[DH0:.+]] = gpu.launch_func async [%[[J0]]] @lmhead_kernels::@ce_linear_grad_0_dh_first
// CHECK:         %[[K0:.+]] = gpu.wait async [%[[L0]], %[[L0]]]
// CHECK:         %[[DW0:.+]] = gpu.launch_func async [%[[K0]]] @lmhead_kernels::@ce_linear_grad_0_dw
// Chunk 1 in the second half (100·64 elements in); each product after its
// stream's last one and this chunk's logits.
// CHECK:         memref.reinterpret_cast %[[WS]] to offset: [%c6400{{(_[0-9]+)?}}]
// CHECK:         %[[L1:.+]] = gpu.launch_func async [%[[L0]]] @lmhead_kernels::@ce_linear_grad_0_logits
// CHECK:         %[[J1:.+]] = gpu.wait async [%[[DH0]], %[[L1]]]
// CHECK:         %[[DH1:.+]] = gpu.launch_func async [%[[J1]]] @lmhead_kernels::@ce_linear_grad_0_dh blocks
// CHECK:         %[[K1:.+]] = gpu.wait async [%[[DW0]], %[[L1]]]
// CHECK:         %[[DW1:.+]] = gpu.launch_func async [%[[K1]]] @lmhead_kernels::@ce_linear_grad_0_dw
// Chunk 2 reuses the first half once chunk 0's products are done.
// CHECK:         %[[FREE:.+]] = gpu.wait async [%[[L1]], %[[DH0]], %[[DW0]]]
// CHECK:         memref.reinterpret_cast %[[WS]] to offset: [%c0{{(_[0-9]+)?}}]
// CHECK:         gpu.launch_func async [%[[FREE]]] @lmhead_kernels::@ce_linear_grad_0_logits
// The last chunk has 200 - 192 = 8 columns of the second half.
// CHECK:         memref.reinterpret_cast %[[WS]] to offset: [%c6400{{(_[0-9]+)?}}], sizes: [%{{.+}}, %c8{{(_[0-9]+)?}}], strides: [%{{.+}}, 1]
// CHECK:         gpu.launch_func {{.+}} @lmhead_kernels::@ce_linear_grad_0_dh_round
// CHECK-LABEL: func.func @backward(
// CHECK:         call @ce_linear_grad_0_launch
func.func @backward(%h: tensor<100x40xbf16>, %w: tensor<200x40xbf16>, %y: tensor<100xi64>, %lse: tensor<100xf32>, %g: tensor<f32>) -> (tensor<100x40xbf16>, tensor<200x40xbf16>) {
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean) {lmhead.plan = #grad}
      : (tensor<100x40xbf16>, tensor<200x40xbf16>, tensor<100xi64>, tensor<100xf32>, tensor<f32>) -> (tensor<100x40xbf16>, tensor<200x40xbf16>)
  return %dh, %dw : tensor<100x40xbf16>, tensor<200x40xbf16>
}
