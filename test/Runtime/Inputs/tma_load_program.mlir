// A Hopper TMA load as upstream MLIR lowers it: the host encodes a tensor
// map (mgpuTensorMapEncodeTiledMemref) for a 64x8 f32 tensor; in the
// kernel, thread 0 arms an mbarrier with the expected bytes and issues
// cp.async.bulk.tensor into shared memory, every thread arrives and spins
// on mbarrier.try_wait.parity (inline asm with its own registers and
// labels), then threads copy the tile out. Row i holds 8i .. 8i+7, so rows
// 44 and 45 read back as 352 .. 367 when the load is right.
!barrierType = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
!tileMap = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf32, #gpu.address_space<workgroup>>, swizzle = none, l2promo = none, oob = zero, interleave = none>
module attributes {gpu.container_module} {
  memref.global "private" @tile : memref<64x8xf32, #gpu.address_space<workgroup>>
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %host = memref.alloc() : memref<64x8xf32>
    scf.for %i = %c0 to %c64 step %c1 {
      scf.for %j = %c0 to %c8 step %c1 {
        %ij = arith.muli %i, %c8 : index
        %v = arith.addi %ij, %j : index
        %vi = arith.index_cast %v : index to i32
        %vf = arith.sitofp %vi : i32 to f32
        memref.store %vf, %host[%i, %j] : memref<64x8xf32>
      }
    }
    %t0 = gpu.wait async
    %input, %t1 = gpu.alloc async [%t0] () : memref<64x8xf32>
    %output, %t2 = gpu.alloc async [%t1] () : memref<64x8xf32>
    %t3 = gpu.memcpy async [%t2] %input, %host : memref<64x8xf32>, memref<64x8xf32>
    gpu.wait [%t3]
    %unranked = memref.cast %input : memref<64x8xf32> to memref<*xf32>
    %map = nvgpu.tma.create.descriptor %unranked box[%c64, %c8] : memref<*xf32> -> !tileMap
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
      %tile = memref.get_global @tile : memref<64x8xf32, #gpu.address_space<workgroup>>
      %bar = nvgpu.mbarrier.create -> !barrierType
      %count = gpu.block_dim x
      nvgpu.mbarrier.init %bar[%c0], %count : !barrierType
      gpu.barrier
      %leader = arith.cmpi eq, %tx, %c0 : index
      scf.if %leader {
        %bytes = arith.constant 2048 : index
        nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %bytes : !barrierType
        nvgpu.tma.async.load %map[%c0, %c0], %bar[%c0] to %tile : !tileMap, !barrierType -> memref<64x8xf32, #gpu.address_space<workgroup>>
      } else {
        nvgpu.mbarrier.arrive.expect_tx %bar[%c0], %c0 : !barrierType
      }
      %phase = arith.constant 0 : i1
      %ticks = arith.constant 10000000 : index
      nvgpu.mbarrier.try_wait.parity %bar[%c0], %phase, %ticks : !barrierType
      %row = arith.cmpi ult, %tx, %c64 : index
      scf.if %row {
        scf.for %j = %c0 to %c8 step %c1 {
          %v = memref.load %tile[%tx, %j] : memref<64x8xf32, #gpu.address_space<workgroup>>
          memref.store %v, %output[%tx, %j] : memref<64x8xf32>
        }
      }
      gpu.terminator
    }
    %t4 = gpu.wait async
    %t5 = gpu.memcpy async [%t4] %host, %output : memref<64x8xf32>, memref<64x8xf32>
    gpu.wait [%t5]
    %sub = memref.subview %host[44, 0] [2, 8] [1, 1] : memref<64x8xf32> to memref<2x8xf32, strided<[8, 1], offset: 352>>
    %su = memref.cast %sub : memref<2x8xf32, strided<[8, 1], offset: 352>> to memref<*xf32>
    call @printMemrefF32(%su) : (memref<*xf32>) -> ()
    return
  }
}
