// RUN: lmhead-opt %s --lmhead-host-buffer-deallocation --split-input-file --verify-diagnostics | FileCheck %s

// Host buffers are freed; a device buffer the function allocates and frees
// itself (bufferization.manual_deallocation, as the call sites of
// --lmhead-lower-to-gpu=operands=device write them) is left to it; the
// launch function (lmhead.gpu_host) is not analysed (upstream rejects its
// gpu.wait).

// CHECK-LABEL: func.func private @launch(
// CHECK-NOT:     memref.dealloc
// CHECK:         return
func.func private @launch(%a: memref<?xf32>, %b: memref<?xf32>) attributes {lmhead.gpu_host} {
  %t0 = gpu.wait async
  %t1 = gpu.memcpy async [%t0] %b, %a : memref<?xf32>, memref<?xf32>
  gpu.wait [%t1]
  return
}

// CHECK-LABEL: func.func @host_and_device(
// CHECK:         %[[HOST:.+]] = memref.alloc(
// CHECK:         %[[DEVICE:.+]] = gpu.alloc (%{{.+}}) {bufferization.manual_deallocation}
// CHECK:         call @launch(%[[HOST]], %[[DEVICE]])
// CHECK:         gpu.memcpy %[[HOST]], %[[DEVICE]]
// CHECK-NOT:     memref.dealloc %[[DEVICE]]
// CHECK:         gpu.dealloc %[[DEVICE]] {bufferization.manual_deallocation}
// CHECK-NOT:     memref.dealloc %[[DEVICE]]
// CHECK:         memref.dealloc %[[HOST]]
// CHECK-NOT:     memref.dealloc
// CHECK:         return
func.func @host_and_device(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %host = memref.alloc(%n) : memref<?xf32>
  %device = gpu.alloc (%n) {bufferization.manual_deallocation} : memref<?xf32>
  call @launch(%host, %device) : (memref<?xf32>, memref<?xf32>) -> ()
  gpu.memcpy %host, %device : memref<?xf32>, memref<?xf32>
  gpu.dealloc %device {bufferization.manual_deallocation} : memref<?xf32>
  %x = memref.load %host[%c0] : memref<?xf32>
  return %x : f32
}

// -----

// A device buffer returned, directly or as a view: the function boundary
// would clone it into host memory.

func.func @negative_returns_device_buffer(%n: index) -> memref<4xf32> {
  %device = gpu.alloc () {bufferization.manual_deallocation} : memref<1x4xf32>
  %view = memref.collapse_shape %device [[0, 1]] : memref<1x4xf32> into memref<4xf32>
  // expected-error @+1 {{result 0 of @negative_returns_device_buffer is a device buffer (gpu.alloc); buffer deallocation would copy it to host memory at the function boundary: use, copy or free it in the function that holds it}}
  return %view : memref<4xf32>
}
