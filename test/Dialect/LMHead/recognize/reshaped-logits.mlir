// RUN: lmhead-opt %s --split-input-file --lmhead-recognize | FileCheck %s

// Elementwise ops on [B,S,V] between an expand_shape of [N,V] values and a
// collapse_shape back to [N,V] (Gemma-2's soft-cap on its 3-D logits, and
// the cap's backward reading the forward's tanh) run over [N,V]; the
// reshapes that undid each other are gone.

// CHECK-LABEL: func.func @cap_between_reshapes(
// CHECK-SAME:      %[[Z:.+]]: tensor<6x10xf32>, %[[G:.+]]: tensor<6x10xf32>)
// CHECK-NOT:     tensor.expand_shape
// CHECK-NOT:     tensor.collapse_shape
// CHECK:         %[[SCALED:.+]] = linalg.generic {{.*}} ins(%[[Z]] : tensor<6x10xf32>)
// CHECK:         %[[T:.+]] = linalg.generic {{.*}} ins(%[[SCALED]] : tensor<6x10xf32>)
// CHECK:         %[[CAPPED:.+]] = linalg.generic {{.*}} ins(%[[T]] : tensor<6x10xf32>)
// CHECK:         %[[T2:.+]] = linalg.generic {{.*}} ins(%[[T]], %[[T]] : tensor<6x10xf32>, tensor<6x10xf32>)
// CHECK:         %[[DZ:.+]] = linalg.generic {{.*}} ins(%[[G]], %[[T2]] : tensor<6x10xf32>, tensor<6x10xf32>)
// CHECK:         return %[[CAPPED]], %[[DZ]] : tensor<6x10xf32>, tensor<6x10xf32>
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @cap_between_reshapes(%z: tensor<6x10xf32>, %g: tensor<6x10xf32>)
    -> (tensor<6x10xf32>, tensor<6x10xf32>) {
  %c = arith.constant 30.0 : f32
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<2x3x10xf32>
  %z3 = tensor.expand_shape %z [[0, 1], [2]] output_shape [2, 3, 10] : tensor<6x10xf32> into tensor<2x3x10xf32>
  %scaled = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%z3 : tensor<2x3x10xf32>) outs(%e : tensor<2x3x10xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.divf %in, %c : f32
    linalg.yield %r : f32
  } -> tensor<2x3x10xf32>
  %t = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%scaled : tensor<2x3x10xf32>) outs(%e : tensor<2x3x10xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = math.tanh %in : f32
    linalg.yield %r : f32
  } -> tensor<2x3x10xf32>
  %capped = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%t : tensor<2x3x10xf32>) outs(%e : tensor<2x3x10xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.mulf %in, %c : f32
    linalg.yield %r : f32
  } -> tensor<2x3x10xf32>
  %flat = tensor.collapse_shape %capped [[0, 1], [2]] : tensor<2x3x10xf32> into tensor<6x10xf32>
  %g3 = tensor.expand_shape %g [[0, 1], [2]] output_shape [2, 3, 10] : tensor<6x10xf32> into tensor<2x3x10xf32>
  %t2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%t, %t : tensor<2x3x10xf32>, tensor<2x3x10xf32>) outs(%e : tensor<2x3x10xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %r = arith.mulf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<2x3x10xf32>
  %dz3 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%g3, %t2 : tensor<2x3x10xf32>, tensor<2x3x10xf32>) outs(%e : tensor<2x3x10xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %d = arith.subf %one, %b : f32
    %r = arith.mulf %a, %d : f32
    linalg.yield %r : f32
  } -> tensor<2x3x10xf32>
  %dz = tensor.collapse_shape %dz3 [[0, 1], [2]] : tensor<2x3x10xf32> into tensor<6x10xf32>
  return %flat, %dz : tensor<6x10xf32>, tensor<6x10xf32>
}

// -----

// A chain that also reads a [B,S,V] value of its own (an argument here, a
// reduction kept over [B,S] in JAX's graphs) stays as it is.

// CHECK-LABEL: func.func @negative_reads_a_bsv_argument(
// CHECK:         tensor.expand_shape
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<2x3x10xf32>)
// CHECK:         tensor.collapse_shape
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @negative_reads_a_bsv_argument(%z: tensor<6x10xf32>, %m: tensor<2x3x10xf32>)
    -> tensor<6x10xf32> {
  %e = tensor.empty() : tensor<2x3x10xf32>
  %z3 = tensor.expand_shape %z [[0, 1], [2]] output_shape [2, 3, 10] : tensor<6x10xf32> into tensor<2x3x10xf32>
  %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%z3, %m : tensor<2x3x10xf32>, tensor<2x3x10xf32>) outs(%e : tensor<2x3x10xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %r = arith.subf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<2x3x10xf32>
  %flat = tensor.collapse_shape %s [[0, 1], [2]] : tensor<2x3x10xf32> into tensor<6x10xf32>
  return %flat : tensor<6x10xf32>
}

// -----

// Attention's [B,H,S,S] tensors merged as [B*H,S,S] are not tokens: left
// as they are.

// CHECK-LABEL: func.func @negative_rank4(
// CHECK:         tensor.expand_shape
// CHECK:         linalg.generic {{.*}} outs(%{{.*}} : tensor<2x2x3x3xf32>)
// CHECK:         tensor.collapse_shape
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @negative_rank4(%x: tensor<4x3x3xf32>) -> tensor<4x3x3xf32> {
  %e = tensor.empty() : tensor<2x2x3x3xf32>
  %x4 = tensor.expand_shape %x [[0, 1], [2], [3]] output_shape [2, 2, 3, 3] : tensor<4x3x3xf32> into tensor<2x2x3x3xf32>
  %y = linalg.generic {indexing_maps = [#id4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x4 : tensor<2x2x3x3xf32>) outs(%e : tensor<2x2x3x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = math.exp %in : f32
    linalg.yield %r : f32
  } -> tensor<2x2x3x3xf32>
  %flat = tensor.collapse_shape %y [[0, 1], [2], [3]] : tensor<2x2x3x3xf32> into tensor<4x3x3xf32>
  return %flat : tensor<4x3x3xf32>
}
