// gpu.all_reduce as upstream MLIR lowers it (warp shuffles, then shared
// memory and a barrier across the warps of a block): 2 blocks of 100
// threads sum tid + 1000·bid; thread 0 of each block stores the sum.
// On the CPU: 0 + ... + 99 = 4950, and 4950 + 100·1000 = 104950.
module attributes {gpu.container_module} {
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c100 = arith.constant 100 : index
    %out = memref.alloc() : memref<2xf32>
    %u = memref.cast %out : memref<2xf32> to memref<*xf32>
    gpu.host_register %u : memref<*xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c100, %sy = %c1, %sz = %c1) {
      %t = arith.index_cast %tx : index to i32
      %b = arith.index_cast %bx : index to i32
      %k = arith.constant 1000 : i32
      %bk = arith.muli %b, %k : i32
      %v = arith.addi %t, %bk : i32
      %f = arith.sitofp %v : i32 to f32
      %sum = gpu.all_reduce add %f uniform {} : (f32) -> (f32)
      %c0 = arith.constant 0 : index
      %is0 = arith.cmpi eq, %tx, %c0 : index
      scf.if %is0 {
        memref.store %sum, %out[%bx] : memref<2xf32>
      }
      gpu.terminator
    }
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}
