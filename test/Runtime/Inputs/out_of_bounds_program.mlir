// A kernel with a planted bug: 9 threads store into an 8-element buffer.
// The emulator must stop the launch and name the kernel, the thread and the
// address; the program must not print anything after it.
module attributes {gpu.container_module} {
  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c9 = arith.constant 9 : index
    %t0 = gpu.wait async
    %d, %t1 = gpu.alloc async [%t0] () : memref<8xf32>
    %t2 = gpu.launch_func async [%t1] @kernels::@past_the_end blocks in (%c1, %c1, %c1) threads in (%c9, %c1, %c1) args(%d : memref<8xf32>)
    gpu.wait [%t2]
    %host = memref.alloc() : memref<8xf32>
    %hu = memref.cast %host : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%hu) : (memref<*xf32>) -> ()
    return
  }

  gpu.module @kernels {
    gpu.func @past_the_end(%a: memref<8xf32>) kernel {
      %i = gpu.thread_id x
      %one = arith.constant 1.0 : f32
      memref.store %one, %a[%i] : memref<8xf32>
      gpu.return
    }
  }
}
