// The CPU twin of test/Runtime/Inputs/two_stream_program.mlir: the same
// data and the same kernel arithmetic as plain loops, printed the same way.
// bench/device/prepare.sh runs it with mlir-runner to make the expected
// output that the GPU run is compared with.
module {
  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %fill = arith.constant 1.5 : f32
    %two = arith.constant 2.0 : f32
    %one = arith.constant 1.0 : f32
    %a = memref.alloc() : memref<8xf32>
    %b = memref.alloc() : memref<8xf32>
    scf.for %i = %c0 to %c8 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      %scaled = arith.mulf %f, %two : f32
      memref.store %scaled, %a[%i] : memref<8xf32>
      %shifted = arith.addf %fill, %one : f32
      memref.store %shifted, %b[%i] : memref<8xf32>
    }
    %au = memref.cast %a : memref<8xf32> to memref<*xf32>
    %bu = memref.cast %b : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%au) : (memref<*xf32>) -> ()
    call @printMemrefF32(%bu) : (memref<*xf32>) -> ()
    memref.dealloc %a : memref<8xf32>
    memref.dealloc %b : memref<8xf32>
    return
  }
}
