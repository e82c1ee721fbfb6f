// A planted bug: 64 threads (two warps) store their slot of a workgroup
// buffer and, with no gpu.barrier between, load the slot 32 away, which a
// thread of the other warp stores. The emulator must report the race and
// stop the program.
module attributes {gpu.container_module} {
  memref.global "private" @slots : memref<64xf32, #gpu.address_space<workgroup>>
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %out = memref.alloc() : memref<64xf32>
    %u = memref.cast %out : memref<64xf32> to memref<*xf32>
    gpu.host_register %u : memref<*xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
      %slots = memref.get_global @slots : memref<64xf32, #gpu.address_space<workgroup>>
      %t = arith.index_cast %tx : index to i32
      %f = arith.sitofp %t : i32 to f32
      memref.store %f, %slots[%tx] : memref<64xf32, #gpu.address_space<workgroup>>
      %c32 = arith.constant 32 : index
      %c64k = arith.constant 64 : index
      %o = arith.addi %tx, %c32 : index
      %other = arith.remui %o, %c64k : index
      %v = memref.load %slots[%other] : memref<64xf32, #gpu.address_space<workgroup>>
      memref.store %v, %out[%tx] : memref<64xf32>
      gpu.terminator
    }
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}
