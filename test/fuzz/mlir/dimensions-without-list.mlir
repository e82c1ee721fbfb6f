func.func @f(%a: tensor<2x3xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %r = linalg.reduce ins(%a : tensor<2x3xf32>) outs(%b : tensor<2xf32>) dimensions = tensor.extract
      (%x: f32, %acc: f32) {
        %s = arith.addf %x, %acc : f32
        linalg.yield %s : f32
      }
  return %r : tensor<2xf32>
}
