// RUN: lmhead-opt %s --lmhead-lower-to-gpu --split-input-file | FileCheck %s

// A planned linear_grad (weight [V,D], 3 stages, K step 32) becomes two
// sm_80 kernels and a launch function that runs them on two streams.

#c = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 32, warpM = 32, warpN = 32, stages = 3, copyBytes = 16, swizzle = 1>
#plan = #lmhead.plan<target = sm_80, dh = #c, dw = #c, dhMicros = 1.0 : f64, dwMicros = 1.0 : f64>

// The launch function: the setup copies dZ, h and W in and allocates dh
// and dW on one stream; the dh kernel goes on after it there, and the dW
// kernel on a stream of its own that forks from the setup's end (a join
// that names it twice); both results are copied back once a join of both
// kernels is done.
// CHECK-LABEL: func.func private @linear_grad_0_launch(
// CHECK-SAME:    %[[DZT:[^:]+]]: tensor<?x?xbf16>, %[[HT:[^:]+]]: tensor<?x?xbf16>, %[[WT:[^:]+]]: tensor<?x?xbf16>, %[[DHOUT:[^:]+]]: memref<?x?xf32>, %[[DWOUT:[^:]+]]: memref<?x?xf32>)
// CHECK-SAME:    attributes {lmhead.gpu_host}
// CHECK:         %[[DZ:.+]] = bufferization.to_buffer %[[DZT]] read_only : tensor<?x?xbf16> to memref<?x?xbf16>
// CHECK:         %[[H:.+]] = bufferization.to_buffer %[[HT]] read_only
// CHECK:         %[[W:.+]] = bufferization.to_buffer %[[WT]] read_only
// CHECK:         %[[S0:.+]] = gpu.wait async
// CHECK:         %[[DZD:.+]], %[[T0:.+]] = gpu.alloc async [%[[S0]]]
// CHECK:         %[[DZIN:.+]] = gpu.memcpy async [%[[T0]]] %[[DZD]], %[[DZ]]
// CHECK:         %[[HD:.+]], %[[T1:.+]] = gpu.alloc async [%[[DZIN]]]
// CHECK:         %[[HIN:.+]] = gpu.memcpy async [%[[T1]]] %[[HD]], %[[H]]
// CHECK:         %[[WD:.+]], %[[T2:.+]] = gpu.alloc async [%[[HIN]]]
// CHECK:         %[[WIN:.+]] = gpu.memcpy async [%[[T2]]] %[[WD]], %[[W]]
// CHECK:         %[[DHD:.+]], %[[T3:.+]] = gpu.alloc async [%[[WIN]]]
// CHECK:         %[[DWD:.+]], %[[READY:.+]] = gpu.alloc async [%[[T3]]]
// The kernels take views of any row stride (strided memrefs).
// CHECK:         %[[DZV:.+]] = memref.cast %[[DZD]] : memref<?x?xbf16> to memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK:         %[[WV:.+]] = memref.cast %[[WD]]
// CHECK:         %[[DHV:.+]] = memref.cast %[[DHD]] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK:         %[[SMEM:.+]] = arith.constant 24576 : i32
// CHECK:         %[[C128:.+]] = arith.constant 128 : index
// CHECK:         %[[L0:.+]] = gpu.launch_func async [%[[READY]]] @lmhead_kernels::@linear_grad_0_dh
// CHECK-SAME:      threads in (%[[C128]], %{{.+}}, %{{.+}}) dynamic_shared_memory_size %[[SMEM]]
// CHECK-SAME:      args(%[[DZV]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>, %[[WV]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>, %[[DHV]] : memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK:         %[[FORK:.+]] = gpu.wait async [%[[READY]], %[[READY]]]
// CHECK:         %[[DZV2:.+]] = memref.cast %[[DZD]]
// CHECK:         %[[HV:.+]] = memref.cast %[[HD]]
// CHECK:         %[[DWV:.+]] = memref.cast %[[DWD]]
// CHECK:         %[[L1:.+]] = gpu.launch_func async [%[[FORK]]] @lmhead_kernels::@linear_grad_0_dw
// CHECK-SAME:      args(%[[DZV2]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>, %[[HV]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>, %[[DWV]] : memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK:         %[[BOTH:.+]] = gpu.wait async [%[[L0]], %[[L1]]]
// CHECK:         %[[DHBACK:.+]] = gpu.memcpy async [%[[BOTH]]] %[[DHOUT]], %[[DHD]]
// CHECK:         %[[DWBACK:.+]] = gpu.memcpy async [%[[BOTH]]] %[[DWOUT]], %[[DWD]]
// CHECK:         %[[DONE:.+]] = gpu.wait async [%[[DHBACK]], %[[DWBACK]]]
// CHECK:         gpu.dealloc async [%[[DONE]]] %[[DZD]]
// CHECK-COUNT-4: gpu.dealloc async
// CHECK:         gpu.wait [%{{.+}}]
// CHECK-NEXT:    return

// The op is replaced by a call with the operands as tensors (so that
// bufferization sees the call read them) and two fresh result buffers, read
// back as tensors.
// CHECK-LABEL: func.func @grad(
// CHECK-NOT:     lmhead.linear_grad
// CHECK-NOT:     bufferization.to_buffer
// CHECK:         %[[DZC:.+]] = tensor.cast %{{.+}} : tensor<200x1000xbf16> to tensor<?x?xbf16>
// CHECK:         %[[DHB:.+]] = memref.alloc(%{{.+}}, %{{.+}}) : memref<?x?xf32>
// CHECK:         %[[DWB:.+]] = memref.alloc(%{{.+}}, %{{.+}}) : memref<?x?xf32>
// CHECK:         call @linear_grad_0_launch(%[[DZC]], %{{.+}}, %{{.+}}, %[[DHB]], %[[DWB]])
// CHECK:         bufferization.to_tensor %[[DHB]] restrict writable
// CHECK:         bufferization.to_tensor %[[DWB]] restrict writable

// The dh kernel: dZ [N,V] is read along K (plain ldmatrix), W [V,D] along N
// (transposed ldmatrix); 3 stages keep one cp.async group in flight.
// CHECK-LABEL: gpu.module @lmhead_kernels
// CHECK-LABEL: gpu.func @linear_grad_0_dh(
// CHECK-SAME:    %{{.+}}: memref<?x?xbf16, strided<[?, 1], offset: ?>>, %{{.+}}: memref<?x?xbf16, strided<[?, 1], offset: ?>>, %[[C:.+]]: memref<?x?xf32, strided<[?, 1], offset: ?>>, %[[M:.+]]: index, %[[N:.+]]: index, %[[K:.+]]: index) kernel
// CHECK-SAME:    known_block_size = array<i32: 128, 1, 1>
// CHECK:         gpu.dynamic_shared_memory
// CHECK-COUNT-2: nvgpu.device_async_copy {{.+}} 8, %{{.+}} {bypassL1}
// CHECK:         nvvm.cp.async.commit.group
// CHECK:         scf.for {{.+}} iter_args({{.+}}) -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>)
// CHECK:           nvvm.cp.async.wait.group 1
// CHECK-NEXT:      gpu.barrier
// CHECK:           nvgpu.device_async_copy
// CHECK:           nvvm.cp.async.commit.group
// CHECK:           nvgpu.ldmatrix {{.+}} {numTiles = 4 : i32, transpose = false}
// CHECK:           nvgpu.ldmatrix {{.+}} {numTiles = 4 : i32, transpose = true}
// CHECK:           nvvm.mma.sync {{.+}} multiplicandAPtxType = #nvvm.mma_type<bf16>{{.+}}shape = #nvvm.shape<m = 16, n = 8, k = 16>
// CHECK:           scf.yield
// The epilogue exchanges pairs of columns with lane xor 1 and stores runs
// of four columns: one aligned vector where the run lies inside C, else
// only the elements inside C.
// CHECK:         vector.extract %{{[0-9]+}}#0[0] : f32 from vector<4xf32>
// CHECK:         memref.extract_aligned_pointer_as_index %[[C]]
// CHECK-COUNT-2: gpu.shuffle xor %{{.+}}, %c1_i32{{.*}}, %{{.+}} : f32
// CHECK:         %[[ROW:.+]] = arith.addi
// CHECK:         %[[COL:.+]] = arith.addi
// CHECK:         %[[LAST:.+]] = arith.addi %[[COL]], %c3
// CHECK-NEXT:    arith.cmpi slt, %[[ROW]], %[[M]]
// CHECK-NEXT:    arith.cmpi slt, %[[LAST]], %[[N]]
// CHECK:         scf.if
// CHECK-NEXT:      %[[QUAD:.+]] = vector.from_elements
// CHECK-NEXT:      vector.store %[[QUAD]], %[[C]][%[[ROW]], %[[COL]]] {alignment = 16 : i64} : memref<?x?xf32, strided<[?, 1], offset: ?>>, vector<4xf32>
// CHECK-NEXT:    } else {
// CHECK:           scf.if
// CHECK:             memref.store %{{.+}}, %[[C]][%[[ROW]], %{{.+}}]
// The dW kernel reads both operands along M and N: transposed ldmatrix.
// CHECK-LABEL: gpu.func @linear_grad_0_dw(
// CHECK-NOT:     transpose = false
// CHECK:         nvgpu.ldmatrix {{.+}} {numTiles = 4 : i32, transpose = true}
// CHECK-NOT:     transpose = false
// CHECK:         gpu.return
func.func @grad(%dz: tensor<200x1000xbf16>, %h: tensor<200x64xbf16>, %w: tensor<1000x64xbf16>) -> (tensor<200x64xf32>, tensor<1000x64xf32>) {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd) {lmhead.plan = #plan}
     : (tensor<200x1000xbf16>, tensor<200x64xbf16>, tensor<1000x64xbf16>) -> (tensor<200x64xf32>, tensor<1000x64xf32>)
  return %dh, %dw : tensor<200x64xf32>, tensor<1000x64xf32>
}

// -----

// Weight stored [D,V], f16, scale, an accumulated f16 dh: the dh
// kernel reads W along K (plain ldmatrix), the epilogue scales, adds the
// existing gradient and rounds to f16; only dh is used, so there is no dW
// kernel and no h on the device.

#c = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 32, warpM = 32, warpN = 32, stages = 2, copyBytes = 16, swizzle = 0>
#plan = #lmhead.plan<target = sm_80, dh = #c, dw = #c, dhMicros = 1.0 : f64, dwMicros = 1.0 : f64>

// CHECK-LABEL: func.func private @linear_grad_0_launch(
// CHECK-SAME:    %{{[^:]+}}: tensor<?x?xf16>, %[[HT:[^:]+]]: tensor<?x?xf16>, %{{[^:]+}}: tensor<?x?xf16>, %[[ACCT:[^:]+]]: tensor<?x?xf16>, %[[OUT:[^:]+]]: memref<?x?xf16>)
// CHECK:         %[[H:.+]] = bufferization.to_buffer %[[HT]] read_only
// CHECK:         %[[ACC:.+]] = bufferization.to_buffer %[[ACCT]] read_only
// CHECK-NOT:     gpu.memcpy async [%{{.+}}] %{{.+}}, %[[H]]
// CHECK:         gpu.memcpy async [%{{.+}}] %{{.+}}, %[[ACC]]
// CHECK:         gpu.launch_func async
// CHECK-NOT:     gpu.launch_func
// CHECK:         return
// CHECK-LABEL: func.func @dh_only(
// CHECK:         call @linear_grad_0_launch
// CHECK-LABEL: gpu.func @linear_grad_0_dh(
// CHECK:         nvvm.cp.async.wait.group 0
// CHECK-NOT:     transpose = true
// CHECK:         nvvm.mma.sync {{.+}} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK:         %[[V:.+]] = vector.extract %{{[0-9]+}}#0[0] : f32 from vector<4xf32>
// CHECK:         %[[SCALE:.+]] = arith.constant 2.500000e-01 : f32
// CHECK-NEXT:    %[[SCALED:.+]] = arith.mulf %[[V]], %[[SCALE]] : f32
// The old values of four runs are loaded (8-byte f16 vectors) before the
// first of them is stored.
// CHECK-COUNT-4: vector.load %[[C:.+]][%{{.+}}, %{{.+}}] {alignment = 8 : i64} : memref<?x?xf16, strided<[?, 1], offset: ?>>, vector<4xf16>
// CHECK-NOT:     memref.store
// CHECK:         arith.extf {{.+}} : f16 to f32
// CHECK:         arith.addf
// CHECK:         arith.truncf %{{.+}} : f32 to f16
// CHECK:         vector.store %{{.+}}, %[[C]]
// CHECK-NOT:   gpu.func @linear_grad_0_dw
func.func @dh_only(%dz: tensor<?x256xf16>, %h: tensor<?x32xf16>, %w: tensor<32x256xf16>, %acc: tensor<?x32xf16>) -> tensor<?x32xf16> {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w accumulate_dh(%acc) layout(dv) {scale = 2.5e-01 : f64, lmhead.plan = #plan}
     : (tensor<?x256xf16>, tensor<?x32xf16>, tensor<32x256xf16>, tensor<?x32xf16>) -> (tensor<?x32xf16>, tensor<32x256xf16>)
  return %dh : tensor<?x32xf16>
}

// -----

// An sm_90a plan whose dW GEMM is the sm_80 kernel (kernel = sm_80): with a
// [D,V] weight and D = 37, dW^T = h^T*dZ reads h's rows of 37 elements,
// which neither TMA nor cp.async can copy, so it has 2-byte element copies.
// dh reads 16-byte rows of dZ and W and keeps the sm_90a kernel. Each
// launch takes what its kernel's family reads: TMA maps for dh, strided
// memrefs for dW, with the sm_80 kernel's 4 warps.

#s90 = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 64, warpM = 64, warpN = 64, stages = 3, copyBytes = 16, swizzle = 1>
#e = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 32, warpM = 32, warpN = 32, stages = 2, copyBytes = 2, swizzle = 1, kernel = sm_80>
#plan = #lmhead.plan<target = sm_90a, dh = #s90, dw = #e, dhMicros = 1.0 : f64, dwMicros = 1.0 : f64>

// CHECK-LABEL: func.func private @linear_grad_0_launch(
// CHECK:         nvgpu.tma.create.descriptor
// CHECK:         nvgpu.tma.create.descriptor
// CHECK:         gpu.launch_func async [%{{.+}}] @lmhead_kernels::@linear_grad_0_dh
// CHECK-SAME:      threads in (%c256, %{{[^,)]+}}, %{{[^,)]+}})
// CHECK-SAME:      args(%{{[^ ]+}} : !llvm.ptr, %{{[^ ]+}} : !llvm.ptr, %{{[^ ]+}} : memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK-NOT:     nvgpu.tma.create.descriptor
// CHECK:         gpu.launch_func async [%{{.+}}] @lmhead_kernels::@linear_grad_0_dw
// CHECK-SAME:      threads in (%c128{{[_0-9]*}}, %{{[^,)]+}}, %{{[^,)]+}})
// CHECK-SAME:      args(%{{[^ ]+}} : memref<?x?xbf16, strided<[?, 1], offset: ?>>, %{{[^ ]+}} : memref<?x?xbf16, strided<[?, 1], offset: ?>>, %{{[^ ]+}} : memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK-LABEL: func.func @mixed(
// CHECK:         call @linear_grad_0_launch
// CHECK-LABEL: gpu.func @linear_grad_0_dh(
// CHECK-SAME:    %{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr,
// CHECK:         nvvm.wgmma.mma_async
// The dW kernel: predicated 2-byte loads, eight to a 16-byte shared store,
// no cp.async; in the K loop they come after the MMAs.
// CHECK-LABEL: gpu.func @linear_grad_0_dw(
// CHECK-SAME:    %{{.+}}: memref<?x?xbf16, strided<[?, 1], offset: ?>>, %{{.+}}: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
// CHECK-SAME:    known_block_size = array<i32: 128, 1, 1>
// CHECK-NOT:     nvgpu.device_async_copy
// CHECK-NOT:     nvvm.cp.async
// CHECK-COUNT-8: nvvm.inline_ptx "mov.b16 $0, 0;\0A\09@$2 ld.global.b16 $0, [$1];" ro(%{{.+}}, %{{.+}} : !llvm.ptr<1>, i1) -> i16
// CHECK:         vector.store %{{.+}} {alignment = 16 : i64} : memref<4096xbf16, #gpu.address_space<workgroup>>, vector<8xbf16>
// CHECK:         scf.for
// CHECK-NEXT:      gpu.barrier
// CHECK:           nvgpu.ldmatrix
// CHECK:           nvvm.mma.sync
// CHECK:           scf.if
// CHECK:             nvvm.inline_ptx
// CHECK:             vector.store
// CHECK:           scf.yield
// CHECK-NOT:     nvvm.cp.async
// CHECK:         gpu.return
func.func @mixed(%dz: tensor<200x1000xbf16>, %h: tensor<200x37xbf16>, %w: tensor<37x1000xbf16>) -> (tensor<200x37xf32>, tensor<37x1000xf32>) {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(dv) {lmhead.plan = #plan}
     : (tensor<200x1000xbf16>, tensor<200x37xbf16>, tensor<37x1000xbf16>) -> (tensor<200x37xf32>, tensor<37x1000xf32>)
  return %dh, %dw : tensor<200x37xf32>, tensor<37x1000xf32>
}
