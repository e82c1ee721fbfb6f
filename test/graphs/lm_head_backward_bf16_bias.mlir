// lm_head_backward_bf16_bias: real linalg-on-tensors graph
// from PyTorch (see test/graphs/README.md).
//
// RUN: lmhead-opt %s -o /dev/null
// RUN: lmhead-opt %s --lmhead-cpu-pipeline=decompose=false -o /dev/null
//
// Made by test/graphs/make_torch_graphs.py --only lm_head_backward_bf16_bias
// Tools: torch 2.15.0, torch-mlir 20261001, python 3.11.7
// Model: LM head F.linear(h, W, b) backward only: h [2,64,64], W [1024,64], dZ [2,64,1024], all bfloat16
// Trace: make_fx(lambda h, W, dZ: torch.autograd.grad(F.linear(h, W), (h, W), dZ)) -> torch_mlir.fx.stateless_fx_import(output_type='linalg-on-tensors')
// @main arguments, in order:
//   %arg0  h: (2, 64, 64) bfloat16
//   %arg1  W: (1024, 64) bfloat16
//   %arg2  dZ: (2, 64, 1024) bfloat16
//   %arg3  b: (1024,) bfloat16
// @main results, in order:
//   #0  dh: (2, 64, 64) bfloat16
//   #1  dW: (1024, 64) bfloat16
//   #2  db: (1024,) bfloat16

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (0, d1)>
module {
  func.func @main(%arg0: tensor<2x64x64xbf16>, %arg1: tensor<1024x64xbf16>, %arg2: tensor<2x64x1024xbf16>, %arg3: tensor<1024xbf16>) -> (tensor<2x64x64xbf16>, tensor<1024x64xbf16>, tensor<1024xbf16>) {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0.000000e+00 : bf16
    %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2]] : tensor<2x64x64xbf16> into tensor<128x64xbf16>
    %collapsed_1 = tensor.collapse_shape %arg2 [[0, 1], [2]] : tensor<2x64x1024xbf16> into tensor<128x1024xbf16>
    %0 = tensor.empty() : tensor<128x64xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %2 = linalg.matmul ins(%collapsed_1, %arg1 : tensor<128x1024xbf16>, tensor<1024x64xbf16>) outs(%1 : tensor<128x64xf32>) -> tensor<128x64xf32>
    %3 = tensor.empty() : tensor<128x64xbf16>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<128x64xf32>) outs(%3 : tensor<128x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %14 = arith.truncf %in : f32 to bf16
      linalg.yield %14 : bf16
    } -> tensor<128x64xbf16>
    %5 = tensor.empty() : tensor<1024x128xbf16>
    %transposed = linalg.transpose ins(%collapsed_1 : tensor<128x1024xbf16>) outs(%5 : tensor<1024x128xbf16>) permutation = [1, 0] 
    %6 = tensor.empty() : tensor<1024x64xf32>
    %7 = linalg.fill ins(%cst : f32) outs(%6 : tensor<1024x64xf32>) -> tensor<1024x64xf32>
    %8 = linalg.matmul ins(%transposed, %collapsed : tensor<1024x128xbf16>, tensor<128x64xbf16>) outs(%7 : tensor<1024x64xf32>) -> tensor<1024x64xf32>
    %9 = tensor.empty() : tensor<1024x64xbf16>
    %10 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%8 : tensor<1024x64xf32>) outs(%9 : tensor<1024x64xbf16>) {
    ^bb0(%in: f32, %out: bf16):
      %14 = arith.truncf %in : f32 to bf16
      linalg.yield %14 : bf16
    } -> tensor<1024x64xbf16>
    %11 = tensor.empty() : tensor<1x1024xbf16>
    %12 = linalg.fill ins(%cst_0 : bf16) outs(%11 : tensor<1x1024xbf16>) -> tensor<1x1024xbf16>
    %13 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["reduction", "parallel"]} ins(%collapsed_1 : tensor<128x1024xbf16>) outs(%12 : tensor<1x1024xbf16>) {
    ^bb0(%in: bf16, %out: bf16):
      %14 = arith.addf %in, %out : bf16
      linalg.yield %14 : bf16
    } -> tensor<1x1024xbf16>
    %collapsed_2 = tensor.collapse_shape %13 [[0, 1]] : tensor<1x1024xbf16> into tensor<1024xbf16>
    %expanded = tensor.expand_shape %4 [[0, 1], [2]] output_shape [2, 64, 64] : tensor<128x64xbf16> into tensor<2x64x64xbf16>
    return %expanded, %10, %collapsed_2 : tensor<2x64x64xbf16>, tensor<1024x64xbf16>, tensor<1024xbf16>
  }
}
