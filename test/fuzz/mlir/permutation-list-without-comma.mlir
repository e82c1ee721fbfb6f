// lm_head_backward_f32: real linalg-on-tensors graph
// from PyTorch (see test/graphs/README.md).
//
// RUN: lmhead-opt %s -o /dev/null
// RUN: lmhead-opt %s --lmhead-cpu-pipeline=decompose=false -o /dev/null
//
// Made by test/graphs/make_torch_graphs.py --only lm_head_backward_f32
// Tools: torch 2.15.0, torch-mlir 20261001, python 3.11.7
// Model: LM head F.linear(h, W) backward only: h [2,64,64], W [1024,64], dZ [2,64,1024], all float32
// Trace: make_fx(lambda h, W, dZ: torch.autograd.grad(F.linear(h, W), (h, W), dZ)) -> torch_mlir.fx.stateless_fx_import(output_type='linalg-on-tensors')
// @main arguments, in order:
//   %arg0  h: (2, 64, 64) float32
//   %arg1  W: (1024, 64) float32
//   %arg2  dZ: (2, 64, 1024) float32
// @main results, in order:
//   #0  dh: (2, 64, 64) float32
//   #1  dW: (1024, 64) float32

module {
  func.func @main(%arg0: tensor<2x64x64xf32>, %arg1: tensor<1024x64xf32>, %arg2: tensor<2x64x1024xf32>) -> (tensor<2x64x64xf32>, tensor<1024x64xf32>) {
    %cst = arith.constant 0.000000e+00 : f32
    %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2]] : tensor<2x64x64xf32> into tensor<128x64xf32>
    %collapsed_0 = tensor.collapse_shape %arg2 [[0, 1], [2]] : tensor<2x64x1024xf32> into tensor<128x1024xf32>
    %0 = tensor.empty() : tensor<1024x128xf32>
    %transposed = linalg.transpose ins(%collapsed_0 : tensor<128x1024xf32>) outs(%0 : tensor<1024x128xf32>) permutation = [1  0,
]    %1 = tensor.empty() : tensor<1024x64xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<1024x64xf32>) -> tensor<1024x64xf32>
    %3 = linalg.matmul ins(%transposed, %collapsed : tensor<1024x128xf32>, tensor<128x64xf32>) outs(%2 : tensor<1024x64xf32>) -> tensor<1024x64xf32>
    %4 = tensor.empty() : tensor<128x64xarith.maximumflinalg.fill ins(%cst : f32) outs(%4 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %6 = linalg.matmul ins(%collapsed_0, %arg1 : tensor<128x1024xf32>, tensor<1024x64xf32>) outs(%5 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %expanded = tensor.expand_shape %6 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xf32> into tensor<2x64x64xf32>
    return %expanded, %3 : tensor<2x64x64xf32>, tensor<1024x64xf32>
  }
}
