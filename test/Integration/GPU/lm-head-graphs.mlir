// Real-looking LM-head backward graphs in bf16 (linalg on tensors, as
// frontends lower them) are recognised and compiled with --lmhead-pipeline
// for sm_80 and sm_90a; the kernels run on the PTX emulator and the results
// match the original graph computed on the CPU (check_equivalence.py: the
// same random inputs, relative Frobenius error within the result type's
// tolerance). The token count is below the default min-tokens, hence
// min-tokens=0. The FileCheck runs show that both products became kernels.
//
// RUN: lmhead-opt %s --split-input-file --lmhead-recognize '--lmhead-pipeline=target=sm_80 min-tokens=0' | FileCheck %s --check-prefix=KERNELS
// RUN: lmhead-opt %s --split-input-file --lmhead-recognize '--lmhead-pipeline=target=sm_90a min-tokens=0' | FileCheck %s --check-prefix=KERNELS
// KERNELS-COUNT-3: gpu.binary @lmhead_kernels {{.+}}.visible .entry linear_grad_0_dh({{.+}}.visible .entry linear_grad_0_dw(
//
// DEFINE: %{func} =
// DEFINE: %{target} =
// DEFINE: %{check} = %python %S/../Inputs/check_equivalence.py %s --split-input-file \
// DEFINE:   --func=%{func} --seed=%seed --transform=--lmhead-recognize %mlir_runner_libs \
// DEFINE:   "--transformed-pipeline='--lmhead-pipeline=target=%{target} min-tokens=0'" \
// DEFINE:   --transformed-shared-libs=%lmhead_runtime --transformed-env=LMHEAD_DEVICE=emulator \
// DEFINE:   | FileCheck %s --check-prefix=EQUIV
// EQUIV: EQUIVALENT
//
// REDEFINE: %{func} = torch_style
// REDEFINE: %{target} = sm_80
// RUN: %{check}
// REDEFINE: %{target} = sm_90a
// RUN: %{check}
// REDEFINE: %{func} = weight_dv
// REDEFINE: %{target} = sm_80
// RUN: %{check}
// REDEFINE: %{target} = sm_90a
// RUN: %{check}
// REDEFINE: %{func} = tokens_3d_collapsed
// REDEFINE: %{target} = sm_80
// RUN: %{check}
// REDEFINE: %{target} = sm_90a
// RUN: %{check}

// PyTorch's nn.Linear backward under bf16 autocast: W is [V,D], dh = dZ·W
// accumulated in f32 then rounded to bf16, dW = dZᵀ·h through an explicit
// transpose of dZ, kept in f32.
func.func @torch_style(%dz: tensor<192x520xbf16>, %h: tensor<192x72xbf16>, %w: tensor<520x72xbf16>) -> (tensor<192x72xbf16>, tensor<520x72xf32>) {
  %c0 = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<192x72xf32>
  %z0 = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<192x72xf32>) -> tensor<192x72xf32>
  %dh32 = linalg.matmul ins(%dz, %w : tensor<192x520xbf16>, tensor<520x72xbf16>) outs(%z0 : tensor<192x72xf32>) -> tensor<192x72xf32>
  %eb = tensor.empty() : tensor<192x72xbf16>
  %dh = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%dh32 : tensor<192x72xf32>) outs(%eb : tensor<192x72xbf16>) {
  ^bb0(%x: f32, %o: bf16):
    %t = arith.truncf %x : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<192x72xbf16>
  %et = tensor.empty() : tensor<520x192xbf16>
  %dzt = linalg.transpose ins(%dz : tensor<192x520xbf16>) outs(%et : tensor<520x192xbf16>) permutation = [1, 0]
  %e2 = tensor.empty() : tensor<520x72xf32>
  %z2 = linalg.fill ins(%c0 : f32) outs(%e2 : tensor<520x72xf32>) -> tensor<520x72xf32>
  %dw = linalg.matmul ins(%dzt, %h : tensor<520x192xbf16>, tensor<192x72xbf16>) outs(%z2 : tensor<520x72xf32>) -> tensor<520x72xf32>
  return %dh, %dw : tensor<192x72xbf16>, tensor<520x72xf32>
}

// -----

// A JAX/torch_xla-style weight stored [D,V]: dh = dZ·Wᵀ and dWᵀ = hᵀ·dZ,
// both as matmuls with indexing maps, f32 results.
func.func @weight_dv(%dz: tensor<192x520xbf16>, %h: tensor<192x72xbf16>, %wt: tensor<72x520xbf16>) -> (tensor<192x72xf32>, tensor<72x520xf32>) {
  %c0 = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<192x72xf32>
  %z0 = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<192x72xf32>) -> tensor<192x72xf32>
  %dh = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%dz, %wt : tensor<192x520xbf16>, tensor<72x520xbf16>) outs(%z0 : tensor<192x72xf32>) -> tensor<192x72xf32>
  %e1 = tensor.empty() : tensor<72x520xf32>
  %z1 = linalg.fill ins(%c0 : f32) outs(%e1 : tensor<72x520xf32>) -> tensor<72x520xf32>
  %dwt = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%h, %dz : tensor<192x72xbf16>, tensor<192x520xbf16>) outs(%z1 : tensor<72x520xf32>) -> tensor<72x520xf32>
  return %dh, %dwt : tensor<192x72xf32>, tensor<72x520xf32>
}

// -----

// Activations [B,S,*] in bf16: the tokens are collapsed to one dimension for
// both products and dh is expanded back to [B,S,D].
func.func @tokens_3d_collapsed(%dz3: tensor<2x96x520xbf16>, %h3: tensor<2x96x72xbf16>, %w: tensor<520x72xbf16>) -> (tensor<2x96x72xbf16>, tensor<520x72xf32>) {
  %c0 = arith.constant 0.0 : f32
  %dz = tensor.collapse_shape %dz3 [[0, 1], [2]] : tensor<2x96x520xbf16> into tensor<192x520xbf16>
  %h = tensor.collapse_shape %h3 [[0, 1], [2]] : tensor<2x96x72xbf16> into tensor<192x72xbf16>
  %e0 = tensor.empty() : tensor<192x72xf32>
  %z0 = linalg.fill ins(%c0 : f32) outs(%e0 : tensor<192x72xf32>) -> tensor<192x72xf32>
  %dh32 = linalg.matmul ins(%dz, %w : tensor<192x520xbf16>, tensor<520x72xbf16>) outs(%z0 : tensor<192x72xf32>) -> tensor<192x72xf32>
  %eb = tensor.empty() : tensor<192x72xbf16>
  %dh = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%dh32 : tensor<192x72xf32>) outs(%eb : tensor<192x72xbf16>) {
  ^bb0(%x: f32, %o: bf16):
    %t = arith.truncf %x : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<192x72xbf16>
  %dh3 = tensor.expand_shape %dh [[0, 1], [2]] output_shape [2, 96, 72] : tensor<192x72xbf16> into tensor<2x96x72xbf16>
  %e2 = tensor.empty() : tensor<520x72xf32>
  %z2 = linalg.fill ins(%c0 : f32) outs(%e2 : tensor<520x72xf32>) -> tensor<520x72xf32>
  %dw = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%dz, %h : tensor<192x520xbf16>, tensor<192x72xbf16>) outs(%z2 : tensor<520x72xf32>) -> tensor<520x72xf32>
  return %dh3, %dw : tensor<2x96x72xbf16>, tensor<520x72xf32>
}
