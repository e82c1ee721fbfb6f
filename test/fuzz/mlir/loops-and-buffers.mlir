// Contractions inside loops and on buffers: recognition must leave what it
// cannot rewrite as it was.
func.func @in_a_loop(%dz: tensor<?x64xf32>, %w: tensor<64x32xf32>,
                     %steps: index) -> tensor<?x32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %dz, %c0 : tensor<?x64xf32>
  %init = tensor.empty(%n) : tensor<?x32xf32>
  %filled = linalg.fill ins(%zero : f32) outs(%init : tensor<?x32xf32>) -> tensor<?x32xf32>
  %sum = scf.for %i = %c0 to %steps step %c1 iter_args(%acc = %filled) -> tensor<?x32xf32> {
    %dh = linalg.matmul ins(%dz, %w : tensor<?x64xf32>, tensor<64x32xf32>)
                        outs(%acc : tensor<?x32xf32>) -> tensor<?x32xf32>
    scf.yield %dh : tensor<?x32xf32>
  }
  return %sum : tensor<?x32xf32>
}

func.func @on_buffers(%dz: memref<8x64xbf16>, %h: memref<8x32xbf16>,
                      %dw: memref<64x32xf32>) {
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>,
                                 affine_map<(d0, d1, d2) -> (d2, d1)>,
                                 affine_map<(d0, d1, d2) -> (d0, d1)>]
      ins(%dz, %h : memref<8x64xbf16>, memref<8x32xbf16>)
      outs(%dw : memref<64x32xf32>)
  return
}
