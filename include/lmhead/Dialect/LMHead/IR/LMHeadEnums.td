//===- LMHeadEnums.td - enums of the lmhead dialect --------*- tablegen -*-===//
//
// The two enumerated attributes of the lmhead ops: how the weight is stored
// and how per-token losses are reduced. Both print as a bare keyword inside
// the ops' assembly, e.g. `layout(dv) reduction(sum)`.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_DIALECT_LMHEAD_IR_LMHEADENUMS_TD
#define LMHEAD_DIALECT_LMHEAD_IR_LMHEADENUMS_TD

include "mlir/IR/EnumAttr.td"

def LMHead_WeightLayoutVD : I32EnumAttrCase<"VD", 0, "vd">;
def LMHead_WeightLayoutDV : I32EnumAttrCase<"DV", 1, "dv">;

def LMHead_WeightLayoutAttr : I32EnumAttr<"WeightLayout",
    "how the LM-head weight is stored: vd = [V,D] rows per vocabulary entry "
    "(PyTorch nn.Linear), dv = [D,V] (JAX Dense kernels, torch_xla)",
    [LMHead_WeightLayoutVD, LMHead_WeightLayoutDV]> {
  let cppNamespace = "::mlir::lmhead";
  let description = [{
    The storage of the weight `W`. With `vd` the weight is `[V,D]` and the
    logits are `h·Wᵀ`; with `dv` it is `[D,V]` and the logits are `h·W`. The
    weight gradient always has the weight's own layout.

    ```mlir
    lmhead.linear_grad %dz, %h, %wt layout(dv)
        : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<4x32xf32>)
        -> (tensor<8x4xf32>, tensor<4x32xf32>)
    ```
  }];
}

def LMHead_ReductionMean : I32EnumAttrCase<"Mean", 0, "mean">;
def LMHead_ReductionSum : I32EnumAttrCase<"Sum", 1, "sum">;
def LMHead_ReductionNone : I32EnumAttrCase<"None", 2, "none">;

def LMHead_ReductionAttr : I32EnumAttr<"Reduction",
    "how per-token losses are reduced: mean over valid tokens, sum, or none",
    [LMHead_ReductionMean, LMHead_ReductionSum, LMHead_ReductionNone]> {
  let cppNamespace = "::mlir::lmhead";
  let description = [{
    As PyTorch's `cross_entropy(reduction=...)`: `mean` divides the sum of
    per-token losses by the number of tokens whose label is not
    `ignore_index` (and is 0, not NaN, when there is none); `sum` adds them;
    `none` keeps one loss per token (0 for ignored tokens). The loss is a
    `tensor<f32>` for `mean`/`sum` and a `tensor<Nxf32>` for `none`; the
    upstream loss gradient has the same type.

    ```mlir
    %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(none)
        : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>)
        -> (tensor<8xf32>, tensor<8xf32>)
    ```
  }];
}

#endif // LMHEAD_DIALECT_LMHEAD_IR_LMHEADENUMS_TD
