// --lmhead-cpu-pipeline lowers lmhead ops to the LLVM dialect for the host,
// and the result runs under mlir-runner.

// RUN: lmhead-opt %s --lmhead-cpu-pipeline | FileCheck %s --check-prefix=LLVM
// RUN: lmhead-opt %s --lmhead-cpu-pipeline | mlir-runner -e main -entry-point-result=void %mlir_runner_libs | FileCheck %s --check-prefix=EXEC
// RUN: lmhead-opt %s --lmhead-decompose | lmhead-opt --lmhead-cpu-pipeline="decompose=false" | mlir-runner -e main -entry-point-result=void %mlir_runner_libs | FileCheck %s --check-prefix=EXEC
// RUN: not lmhead-opt %s --lmhead-cpu-pipeline="decompose=false" 2>&1 | FileCheck %s --check-prefix=NODECOMPOSE

// LLVM-NOT: lmhead.
// LLVM-NOT: linalg.
// LLVM: llvm.func @main()

// dh = dZ·W with dZ = 1 and W[v,d] = v + d over V = 4: dh[n,d] = 6 + 4d.
// EXEC: [6, 10, 14]
// EXEC-NEXT: [6, 10, 14]

// Without decomposition the lmhead op cannot be lowered.
// NODECOMPOSE: error:

func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %one = arith.constant 1.0 : f32
  %dz0 = tensor.empty() : tensor<2x4xf32>
  %dz = linalg.fill ins(%one : f32) outs(%dz0 : tensor<2x4xf32>) -> tensor<2x4xf32>
  %h = linalg.fill ins(%one : f32) outs(%dz0 : tensor<2x4xf32>) -> tensor<2x4xf32>
  %w0 = tensor.empty() : tensor<4x3xf32>
  %w = linalg.generic {indexing_maps = [affine_map<(v, d) -> (v, d)>], iterator_types = ["parallel", "parallel"]} outs(%w0 : tensor<4x3xf32>) {
  ^bb0(%o: f32):
    %v = linalg.index 0 : index
    %d = linalg.index 1 : index
    %s = arith.addi %v, %d : index
    %si = arith.index_cast %s : index to i32
    %f = arith.sitofp %si : i32 to f32
    linalg.yield %f : f32
  } -> tensor<4x3xf32>
  %h3 = tensor.extract_slice %w[0, 0] [2, 3] [1, 1] : tensor<4x3xf32> to tensor<2x3xf32>
  %dh, %dw = lmhead.linear_grad %dz, %h3, %w layout(vd)
    : (tensor<2x4xf32>, tensor<2x3xf32>, tensor<4x3xf32>) -> (tensor<2x3xf32>, tensor<4x3xf32>)
  %m = bufferization.to_buffer %dh : tensor<2x3xf32> to memref<2x3xf32>
  %u = memref.cast %m : memref<2x3xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
