// A program for the runtime tests, lowered by upstream MLIR's
// --gpu-lower-to-nvvm-pipeline: two independent chains (copy to the
// device, fill, launch) that gpu.wait joins, then the results copied back
// and printed. It exercises every mgpu* call such host code makes: module
// load (PTX), function lookup, streams, events, stream-wait-event, alloc,
// memcpy, memset, launch, free, host register.
module attributes {gpu.container_module} {
  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %one = arith.constant 1.5 : f32
    %host = memref.alloc() : memref<8xf32>
    scf.for %i = %c0 to %c8 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      memref.store %f, %host[%i] : memref<8xf32>
    }
    %unranked = memref.cast %host : memref<8xf32> to memref<*xf32>
    gpu.host_register %unranked : memref<*xf32>

    // Chain A: copy in, launch the first kernel.
    %a0 = gpu.wait async
    %da, %a1 = gpu.alloc async [%a0] () : memref<8xf32>
    %a2 = gpu.memcpy async [%a1] %da, %host : memref<8xf32>, memref<8xf32>
    %a3 = gpu.launch_func async [%a2] @kernels::@scale blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1) args(%da : memref<8xf32>)
    // Chain B: fill, launch the second kernel.
    %b0 = gpu.wait async
    %db, %b1 = gpu.alloc async [%b0] () : memref<8xf32>
    %b2 = gpu.memset async [%b1] %db, %one : memref<8xf32>, f32
    %b3 = gpu.launch_func async [%b2] @kernels::@shift blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1) args(%db : memref<8xf32>)
    // Join, copy both back.
    %j = gpu.wait async [%a3, %b3]
    %out = memref.alloc() : memref<8xf32>
    %j1 = gpu.memcpy async [%j] %out, %db : memref<8xf32>, memref<8xf32>
    %j2 = gpu.memcpy async [%j1] %host, %da : memref<8xf32>, memref<8xf32>
    %j3 = gpu.dealloc async [%j2] %da : memref<8xf32>
    %j4 = gpu.dealloc async [%j3] %db : memref<8xf32>
    gpu.wait [%j4]
    gpu.host_unregister %unranked : memref<*xf32>
    %outu = memref.cast %out : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%unranked) : (memref<*xf32>) -> ()
    call @printMemrefF32(%outu) : (memref<*xf32>) -> ()
    memref.dealloc %out : memref<8xf32>
    memref.dealloc %host : memref<8xf32>
    return
  }

  gpu.module @kernels {
    gpu.func @scale(%a: memref<8xf32>) kernel {
      %i = gpu.thread_id x
      %v = memref.load %a[%i] : memref<8xf32>
      %two = arith.constant 2.0 : f32
      %w = arith.mulf %v, %two : f32
      memref.store %w, %a[%i] : memref<8xf32>
      gpu.return
    }
    gpu.func @shift(%a: memref<8xf32>) kernel {
      %i = gpu.thread_id x
      %v = memref.load %a[%i] : memref<8xf32>
      %one = arith.constant 1.0 : f32
      %w = arith.addf %v, %one : f32
      memref.store %w, %a[%i] : memref<8xf32>
      gpu.return
    }
  }
}
