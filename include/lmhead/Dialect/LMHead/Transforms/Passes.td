//===- Passes.td - passes of the lmhead dialect ------------*- tablegen -*-===//
//
// The passes that work on lmhead ops. Each pass has one `def` here, one .cpp
// named after it and one lit test named after its flag.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_DIALECT_LMHEAD_TRANSFORMS_PASSES_TD
#define LMHEAD_DIALECT_LMHEAD_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def LMHeadDecompose : Pass<"lmhead-decompose"> {
  let summary = "Rewrite every lmhead op into upstream linalg, tensor, arith "
                "and math on tensors";
  let description = [{
    The executable definition of the lmhead ops and the oracle of every
    numerical test. Each op becomes `linalg.generic` contractions and
    reductions on tensors: logits (with bias and soft-cap), a max-shifted
    log-sum-exp, the per-token loss and its reduction, the logit gradient
    and the `dZ·W`, `dZᵀ·h` and `Σ dZ` products with their epilogue (scale,
    accumulate-into, one rounding to the result type). Results nobody uses
    are not computed. The output runs anywhere upstream MLIR runs, e.g. on
    the CPU through `--lmhead-cpu-pipeline` and `mlir-runner`.

    Before:

    ```mlir
    %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
        : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>)
        -> (tensor<8x4xf32>, tensor<32x4xf32>)
    ```

    After (dh shown; dW is the same with the roles of the operands swapped):

    ```mlir
    %zero = linalg.fill ins(%cst : f32) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
    %dh = linalg.generic {
        indexing_maps = [affine_map<(n, d, v) -> (n, v)>,
                         affine_map<(n, d, v) -> (v, d)>,
                         affine_map<(n, d, v) -> (n, d)>],
        iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%dz, %w : tensor<8x32xf32>, tensor<32x4xf32>)
        outs(%zero : tensor<8x4xf32>) { ... arith.mulf, arith.addf ... }
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def LMHeadRecognize : Pass<"lmhead-recognize"> {
  let summary = "Find the LM-head backward in linalg-on-tensors graphs and "
                "rewrite it into lmhead ops";
  let description = [{
    Reads every 2-D contraction by structure (contraction dimensions through
    the linalg interfaces, indexing maps, and operands traced through
    transposes, exact widening casts and token reshapes; a contraction
    whose tokens are two loops [B,S], or a batch_matmul whose weight is a
    broadcast over the batch, is first rewritten over one token loop between
    collapse_shape/expand_shape, which computes the same) and recognises the two backward
    GEMMs of a language model's output layer: `dh = dZ·W`, where the
    vocabulary is contracted, and `dW = dZᵀ·h`, where the tokens are.

    When dZ is made by a softmax cross-entropy of the logits `h·Wᵀ` (as
    frontends lower PyTorch's `cross_entropy`: log-softmax, nll with
    ignore_index and a mean over valid tokens, and their backward functions,
    in any split into elementwise generics, with bf16 autocast casts), its
    products become `lmhead.ce_linear_grad` and the graph's mean loss
    `lmhead.ce_linear_fwd`: the N×V logits, log-probabilities and dZ are no
    longer computed. The loss of a batch whose labels are all ignored
    becomes 0 where PyTorch gives NaN (0/0).

    Otherwise a pair of products that shares its logit gradient dZ becomes
    one `lmhead.linear_grad`, with the weight layout read from the product
    (`[V,D]` or `[D,V]`), accumulation into a non-zero initial value as
    `accumulate_dh`/`accumulate_dw`, the product's accumulator type as
    `acc_type`, and a column sum of the same dZ as the bias gradient. What
    the graph computes is unchanged; a weight gradient produced in the
    other layout is transposed back.

    A product with no partner and no softmax cross-entropy behind it is not
    known to be an LM head and is left alone. Every candidate that is not
    rewritten gets a missed remark naming the reason, every rewrite a passed
    remark (category `lmhead-recognize`; show them with
    `--remarks-filter=lmhead-recognize --remark-format=emitRemark`).

    Before:

    ```mlir
    %dh = linalg.matmul ins(%dz, %w : tensor<8x32xf32>, tensor<32x4xf32>)
                        outs(%zero_nd : tensor<8x4xf32>) -> tensor<8x4xf32>
    %dw = linalg.matmul indexing_maps = [affine_map<(v, d, n) -> (n, v)>,
                                         affine_map<(v, d, n) -> (n, d)>,
                                         affine_map<(v, d, n) -> (v, d)>]
                        ins(%dz, %h : tensor<8x32xf32>, tensor<8x4xf32>)
                        outs(%zero_vd : tensor<32x4xf32>) -> tensor<32x4xf32>
    ```

    After:

    ```mlir
    %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
        : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>)
        -> (tensor<8x4xf32>, tensor<32x4xf32>)
    ```
  }];
  let dependentDialects = [
    "::mlir::lmhead::LMHeadDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

#endif // LMHEAD_DIALECT_LMHEAD_TRANSFORMS_PASSES_TD
