// A Hopper warpgroup GEMM as upstream MLIR lowers it: TMA loads A (64x64
// f16, K-major) and B (64x64 f16, N-major) into shared memory with the
// 128-byte swizzle, completing on an mbarrier; the warpgroup then runs
// nvgpu.warpgroup.mma (four wgmma.mma_async m64n64k16 with shared-memory
// descriptors, B transposed) and stores the f32 accumulators. @main computes
// the same product on the CPU and prints the largest difference (0 when
// every element agrees; the inputs are small integers, exact in f16) and a
// corner of the result.
!barrierType = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!aMap = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
!bMap = !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
module attributes {gpu.container_module} {
  memref.global "private" @tileA : memref<64x64xf16, #gpu.address_space<workgroup>> {alignment = 1024 : i64}
  memref.global "private" @tileB : memref<64x64xf16, #gpu.address_space<workgroup>> {alignment = 1024 : i64}
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c7 = arith.constant 7 : index
    %c5 = arith.constant 5 : index
    %c3 = arith.constant 3 : index
    %zero = arith.constant 0.0 : f32
    %a = memref.alloc() : memref<64x64xf16>
    %b = memref.alloc() : memref<64x64xf16>
    %ref = memref.alloc() : memref<64x64xf32>
    scf.for %i = %c0 to %c64 step %c1 {
      scf.for %j = %c0 to %c64 step %c1 {
        %x0 = arith.muli %i, %c3 : index
        %x1 = arith.addi %x0, %j : index
        %x2 = arith.remui %x1, %c7 : index
        %xi = arith.index_cast %x2 : index to i32
        %xf = arith.sitofp %xi : i32 to f16
        memref.store %xf, %a[%i, %j] : memref<64x64xf16>
        %y0 = arith.muli %j, %c3 : index
        %y1 = arith.addi %y0, %i : index
        %y2 = arith.remui %y1, %c5 : index
        %yi = arith.index_cast %y2 : index to i32
        %yf = arith.sitofp %yi : i32 to f16
        memref.store %yf, %b[%i, %j] : memref<64x64xf16>
      }
    }
    %t0 = gpu.wait async
    %da, %t1 = gpu.alloc async [%t0] () : memref<64x64xf16>
    %db, %t2 = gpu.alloc async [%t1] () : memref<64x64xf16>
    %dd, %t3 = gpu.alloc async [%t2] () : memref<64x64xf32>
    %t4 = gpu.memcpy async [%t3] %da, %a : memref<64x64xf16>, memref<64x64xf16>
    %t5 = gpu.memcpy async [%t4] %db, %b : memref<64x64xf16>, memref<64x64xf16>
    gpu.wait [%t5]
    %ua = memref.cast %da : memref<64x64xf16> to memref<*xf16>
    %ub = memref.cast %db : memref<64x64xf16> to memref<*xf16>
    %mapA = nvgpu.tma.create.descriptor %ua box[%c64, %c64] : memref<*xf16> -> !aMap
    %mapB = nvgpu.tma.create.descriptor %ub box[%c64, %c64] : memref<*xf16> -> !bMap
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
      %sa = memref.get_global @tileA : memref<64x64xf16, #gpu.address_space<workgroup>>
      %sb = memref.get_global @tileB : memref<64x64xf16, #gpu.address_space<workgroup>>
      %bar = nvgpu.mbarrier.create -> !barrierType
      nvgpu.mbarrier.init %bar[%c0], %c1 : !barrierType
      gpu.barrier
      %leader = arith.cmpi eq, %tx, %c0 : index
      scf.if %leader {
        %bytes = arith.constant 16384 : index
        nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %bytes : !barrierType
        nvgpu.tma.async.load %mapA[%c0, %c0], %bar[%c0] to %sa : !aMap, !barrierType -> memref<64x64xf16, #gpu.address_space<workgroup>>
        nvgpu.tma.async.load %mapB[%c0, %c0], %bar[%c0] to %sb : !bMap, !barrierType -> memref<64x64xf16, #gpu.address_space<workgroup>>
      }
      %phase = arith.constant 0 : i1
      %ticks = arith.constant 10000000 : index
      nvgpu.mbarrier.try_wait.parity %bar[%c0], %phase, %ticks : !barrierType
      %descA = nvgpu.warpgroup.generate.descriptor %sa, %mapA : memref<64x64xf16, #gpu.address_space<workgroup>>, !aMap -> !nvgpu.warpgroup.descriptor<tensor = memref<64x64xf16, #gpu.address_space<workgroup>>>
      %descB = nvgpu.warpgroup.generate.descriptor %sb, %mapB : memref<64x64xf16, #gpu.address_space<workgroup>>, !bMap -> !nvgpu.warpgroup.descriptor<tensor = memref<64x64xf16, #gpu.address_space<workgroup>>>
      %acc = nvgpu.warpgroup.mma.init.accumulator -> <fragmented = vector<64x64xf32>>
      %res = nvgpu.warpgroup.mma %descA, %descB, %acc {transposeB} : <tensor = memref<64x64xf16, #gpu.address_space<workgroup>>>, <tensor = memref<64x64xf16, #gpu.address_space<workgroup>>>, <fragmented = vector<64x64xf32>> -> <fragmented = vector<64x64xf32>>
      nvvm.wgmma.wait.group.sync.aligned 0
      nvgpu.warpgroup.mma.store %res, %dd : <fragmented = vector<64x64xf32>> to memref<64x64xf32>
      gpu.terminator
    }
    %out = memref.alloc() : memref<64x64xf32>
    %t6 = gpu.wait async
    %t7 = gpu.memcpy async [%t6] %out, %dd : memref<64x64xf32>, memref<64x64xf32>
    gpu.wait [%t7]
    // The product on the CPU, and the largest difference from it.
    %diff = memref.alloc() : memref<1xf32>
    memref.store %zero, %diff[%c0] : memref<1xf32>
    scf.for %i = %c0 to %c64 step %c1 {
      scf.for %j = %c0 to %c64 step %c1 {
        %sum = scf.for %k = %c0 to %c64 step %c1 iter_args(%s = %zero) -> (f32) {
          %x = memref.load %a[%i, %k] : memref<64x64xf16>
          %y = memref.load %b[%k, %j] : memref<64x64xf16>
          %xe = arith.extf %x : f16 to f32
          %ye = arith.extf %y : f16 to f32
          %p = arith.mulf %xe, %ye : f32
          %n = arith.addf %s, %p : f32
          scf.yield %n : f32
        }
        %got = memref.load %out[%i, %j] : memref<64x64xf32>
        %d = arith.subf %got, %sum : f32
        %ad = math.absf %d : f32
        %m = memref.load %diff[%c0] : memref<1xf32>
        %nm = arith.maximumf %m, %ad : f32
        memref.store %nm, %diff[%c0] : memref<1xf32>
      }
    }
    %du = memref.cast %diff : memref<1xf32> to memref<*xf32>
    call @printMemrefF32(%du) : (memref<*xf32>) -> ()
    %corner = memref.subview %out[0, 0] [2, 8] [1, 1] : memref<64x64xf32> to memref<2x8xf32, strided<[64, 1]>>
    %cu = memref.cast %corner : memref<2x8xf32, strided<[64, 1]>> to memref<*xf32>
    call @printMemrefF32(%cu) : (memref<*xf32>) -> ()
    return
  }
}
