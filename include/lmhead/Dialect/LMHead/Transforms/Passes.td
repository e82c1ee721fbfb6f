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

#endif // LMHEAD_DIALECT_LMHEAD_TRANSFORMS_PASSES_TD
