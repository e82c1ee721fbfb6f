// RUN: lmhead-opt %s '--lmhead-plan=target=sm_80 min-tokens=0 ce-workspace-bytes=180000' --lmhead-lower-to-gpu | FileCheck %s

// A ce_linear_step with a dynamic token count: its chunk loop (chunks of
// 128 tokens) runs ceil(N / 128) times, which the launch function knows
// only when it runs, so it is a host loop. Upstream's --gpu-to-llvm
// carries no stream or event into an scf.for, so the host first waits for
// what came before (the mean's scale), each iteration runs on streams of
// its own that the host waits for at its end, and what follows the loop
// (the loss reduction, dW's rounding) starts on fresh streams. The first
// chunk is apart, in an scf.if, for the dW kernel that stores what the
// later chunks add to.

// CHECK-LABEL: func.func private @ce_linear_step_0_launch(
// CHECK:         %[[SCALE:.+]] = gpu.launch_func async [%{{.+}}] @lmhead_kernels::@ce_linear_step_0_scale
// CHECK-NEXT:    gpu.wait [%[[SCALE]]]
// CHECK:         %[[COUNT:.+]] = arith.ceildivui %{{.+}}, %c128{{(_[0-9]+)?}} : index
// CHECK:         %[[ANY:.+]] = arith.cmpi ugt, %[[COUNT]], %c0{{(_[0-9]+)?}} : index
// CHECK:         scf.if %[[ANY]] {
// CHECK:           %[[S0:.+]] = gpu.wait async{{$}}
// CHECK:           %[[L0:.+]] = gpu.launch_func async [%[[S0]]] @lmhead_kernels::@ce_linear_step_0_logits
// CHECK:           %[[R0:.+]] = gpu.launch_func async [%[[L0]]] @lmhead_kernels::@ce_linear_step_0_rows
// CHECK:           %[[F0:.+]] = gpu.wait async [%[[R0]], %[[R0]]]
// CHECK:           %[[DH0:.+]] = gpu.launch_func async [%[[F0]]] @lmhead_kernels::@ce_linear_step_0_dh
// CHECK:           %[[G0:.+]] = gpu.wait async [%[[R0]], %[[R0]]]
// CHECK:           %[[DW0:.+]] = gpu.launch_func async [%[[G0]]] @lmhead_kernels::@ce_linear_step_0_dw_first
// CHECK-NEXT:      gpu.wait [%[[R0]], %[[DH0]], %[[DW0]]]
// CHECK-NEXT:    }
// CHECK:         scf.for %[[C:.+]] = %c1{{(_[0-9]+)?}} to %[[COUNT]] step %c1{{(_[0-9]+)?}} {
// CHECK-NEXT:      %[[S:.+]] = gpu.wait async{{$}}
// The chunk's first row, 128·c, and its rows, min(128, N − 128·c).
// CHECK:           %[[START:.+]] = arith.muli %c128{{(_[0-9]+)?}}, %[[C]] : index
// CHECK-NEXT:      %[[LEFT:.+]] = arith.subi %{{.+}}, %[[START]] : index
// CHECK-NEXT:      arith.minui %c128{{(_[0-9]+)?}}, %[[LEFT]] : index
// CHECK:           %[[L:.+]] = gpu.launch_func async [%[[S]]] @lmhead_kernels::@ce_linear_step_0_logits
// CHECK:           %[[R:.+]] = gpu.launch_func async [%[[L]]] @lmhead_kernels::@ce_linear_step_0_rows
// CHECK:           %[[DH:.+]] = gpu.launch_func async [%{{.+}}] @lmhead_kernels::@ce_linear_step_0_dh
// CHECK:           %[[DW:.+]] = gpu.launch_func async [%{{.+}}] @lmhead_kernels::@ce_linear_step_0_dw blocks
// CHECK-NEXT:      gpu.wait [%[[R]], %[[DH]], %[[DW]]]
// CHECK-NEXT:    }
// CHECK:         %[[T:.+]] = gpu.wait async{{$}}
// CHECK:         %[[REDUCE:.+]] = gpu.launch_func async [%[[T]]] @lmhead_kernels::@ce_linear_step_0_reduce
// CHECK:         %[[U:.+]] = gpu.wait async{{$}}
// CHECK:         %[[ROUND:.+]] = gpu.launch_func async [%[[U]]] @lmhead_kernels::@ce_linear_step_0_dw_round
// CHECK:         gpu.wait [%[[REDUCE]], %[[ROUND]], %{{.+}}]
// CHECK-NEXT:    return
func.func @step(%h: tensor<?x40xbf16>, %w: tensor<203x40xbf16>, %y: tensor<?xi64>, %g: tensor<f32>)
    -> (tensor<f32>, tensor<?xf32>, tensor<?x40xbf16>, tensor<203x40xbf16>) {
  %loss, %lse, %dh, %dw = lmhead.ce_linear_step %h, %w, %y, %g layout(vd) reduction(mean)
      : (tensor<?x40xbf16>, tensor<203x40xbf16>, tensor<?xi64>, tensor<f32>)
      -> (tensor<f32>, tensor<?xf32>, tensor<?x40xbf16>, tensor<203x40xbf16>)
  return %loss, %lse, %dh, %dw : tensor<f32>, tensor<?xf32>, tensor<?x40xbf16>, tensor<203x40xbf16>
}
