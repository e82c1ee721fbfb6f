//===- LMHeadOps.td - operations of the lmhead dialect -----*- tablegen -*-===//
//
// Three tensor-semantics ops: the two backward GEMMs of the LM head given the
// logit gradient (linear_grad), and the fused linear + softmax cross-entropy,
// forward (ce_linear_fwd) and backward (ce_linear_grad), which never need the
// N×V logits as a value. Shapes and types are checked by hand-written
// verifiers in LMHeadOps.cpp; the meaning of each op is its decomposition in
// lib/Dialect/LMHead/Transforms/Decompose.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_DIALECT_LMHEAD_IR_LMHEADOPS_TD
#define LMHEAD_DIALECT_LMHEAD_IR_LMHEADOPS_TD

include "lmhead/Dialect/LMHead/IR/LMHeadDialect.td"
include "lmhead/Dialect/LMHead/IR/LMHeadEnums.td"
include "lmhead/Dialect/LMHead/IR/LMHeadAttrs.td"
include "lmhead/Dialect/LMHead/IR/LMHeadInterfaces.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/CommonTypeConstraints.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// Element types the ops compute with. Integer or f64 tensors are rejected by
// the verifiers with a message naming the operand, not by ODS, so that the
// user learns which operand is wrong.
def LMHead_Tensor : RankedTensorOf<[AnyType]>;

//===----------------------------------------------------------------------===//
// linear_grad
//===----------------------------------------------------------------------===//

def LMHead_LinearGradOp : LMHead_Op<"linear_grad",
    [Pure, AttrSizedOperandSegments, AttrSizedResultSegments]> {
  let summary = "dh = dZ·W and dW = dZᵀ·h (and db = Σ dZ) from a given logit "
                "gradient";
  let description = [{
    The backward pass of the LM-head projection `Z = h·Wᵀ` when the logit
    gradient `dZ: [N,V]` is already a value (a function argument, or made by
    code that is not a cross-entropy):

    - `dh[n,d] = scale · Σ_v dZ[n,v]·W[v,d]` (+ `accumulate_dh`)
    - `dW[v,d] = scale · Σ_n dZ[n,v]·h[n,d]` (+ `accumulate_dw`), returned in
      the weight's own layout (`[D,V]` for `layout(dv)`)
    - optional third result `db[v] = scale · Σ_n dZ[n,v]`, the bias gradient
    - optional last result `stats: tensor<3xf32>`, written `stats` in the
      result types: `[‖dZ‖_F², ‖scale·dZ·W‖_F², ‖scale·dZᵀ·h‖_F²]`, the
      gradients' squared norms in f32 before anything is accumulated into
      them and before they are rounded (what a gradient monitor and a
      clip-by-norm need, without another pass over the results)

    `dz`, `h` and `w` share one element type (f32, f16 or bf16). Products
    are accumulated in `acc_type` (default f32; otherwise the operand type);
    the epilogue (scale, accumulate-into) runs in f32 and rounds once to each
    result's element type, which may be f32, f16 or bf16 independently.
    `accumulate_dh`/`accumulate_dw` are existing gradients (gradient
    accumulation, tied embeddings) of the result's type, added before
    rounding. Either product may be unused; `N` may be dynamic.

    Example (bf16 operands, f32 weight gradient accumulated into a tied
    embedding gradient, bias gradient):

    ```mlir
    %dh, %dw, %db = lmhead.linear_grad %dz, %h, %w accumulate_dw(%emb_grad)
        layout(vd) {scale = 5.000000e-01 : f64}
        : (tensor<?x1024xbf16>, tensor<?x64xbf16>, tensor<1024x64xbf16>,
           tensor<1024x64xf32>)
        -> (tensor<?x64xbf16>, tensor<1024x64xf32>, tensor<1024xf32>)
    ```
  }];
  let arguments = (ins
    Arg<LMHead_Tensor, "logit gradient dZ, [N,V]">:$dz,
    Arg<LMHead_Tensor, "hidden states h, [N,D]">:$h,
    Arg<LMHead_Tensor, "weight W, [V,D] or [D,V] by layout">:$w,
    Arg<Optional<LMHead_Tensor>, "existing dh gradient to add to, [N,D]">:$dh_acc,
    Arg<Optional<LMHead_Tensor>, "existing dW gradient to add to, shaped as W">:$dw_acc,
    Arg<LMHead_WeightLayoutAttr, "storage of W">:$layout,
    Arg<DefaultValuedAttr<F64Attr, "1.0">,
        "factor applied to dh, dW and db before accumulation">:$scale,
    Arg<OptionalAttr<TypeAttr>,
        "accumulator element type of the products (default f32)">:$acc_type
  );
  let results = (outs
    Res<LMHead_Tensor, "gradient of h, [N,D]">:$dh,
    Res<LMHead_Tensor, "gradient of W, shaped as W">:$dw,
    Res<Optional<LMHead_Tensor>, "bias gradient, [V]">:$db,
    Res<Optional<LMHead_Tensor>, "gradient statistics, tensor<3xf32>">:$stats
  );
  let assemblyFormat = [{
    $dz `,` $h `,` $w
    (`accumulate_dh` `(` $dh_acc^ `)`)?
    (`accumulate_dw` `(` $dw_acc^ `)`)?
    `layout` `(` $layout `)` attr-dict `:` `(` type(operands) `)` `->`
    custom<GradientResultTypes>(type($dh), type($dw), type($db), type($stats))
  }];
  let extraClassDeclaration = [{
    /// The element type products are accumulated in (f32 unless `acc_type`
    /// says otherwise).
    ::mlir::Type getAccumulatorType();
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Cross-entropy options shared by ce_linear_fwd and ce_linear_grad.
//===----------------------------------------------------------------------===//

class LMHead_CEOp<string mnemonic, list<Trait> traits = []>
    : LMHead_Op<mnemonic,
                !listconcat(traits, [Pure, LMHead_CrossEntropyOpInterface])> {
  dag ceOptions = (ins
    Arg<LMHead_WeightLayoutAttr, "storage of W">:$layout,
    Arg<LMHead_ReductionAttr, "mean over valid tokens, sum, or none">:$reduction,
    Arg<DefaultValuedAttr<I64Attr, "-100">,
        "label of tokens that contribute neither loss nor gradient">:$ignore_index,
    Arg<DefaultValuedAttr<F64Attr, "0.0">,
        "label smoothing ε in [0,1), as torch.nn.functional.cross_entropy">:$label_smoothing,
    Arg<DefaultValuedAttr<F64Attr, "0.0">,
        "logit soft-cap c > 0: logits become c·tanh(z/c); 0 turns it off">:$logit_softcap,
    Arg<DefaultValuedAttr<F64Attr, "0.0">,
        "z-loss weight: adds weight·lse² per valid token">:$z_loss_weight,
    Arg<OptionalAttr<TypeAttr>,
        "accumulator element type of the GEMMs (default f32)">:$acc_type
  );
  code ceClassDeclaration = [{
    /// The element type GEMM products are accumulated in (f32 unless
    /// `acc_type` says otherwise).
    ::mlir::Type getAccumulatorType();
  }];
}

//===----------------------------------------------------------------------===//
// ce_linear_fwd
//===----------------------------------------------------------------------===//

def LMHead_CELinearFwdOp : LMHead_CEOp<"ce_linear_fwd"> {
  let summary = "cross-entropy loss of the logits h·Wᵀ (+ b) and each token's "
                "log-sum-exp, without materialising the logits";
  let description = [{
    With `z = h·Wᵀ + b` (`h·W + b` for `layout(dv)`), accumulated in
    `acc_type`, rounded to the operand type when that is f16 or bf16 (as a
    mixed-precision linear layer produces its output), evaluated in f32 and
    soft-capped `z ← c·tanh(z/c)` when `logit_softcap` c > 0:

    - `lse[n] = log Σ_v exp z[n,v]` for every token
    - per valid token (label ≠ `ignore_index`), with ε = `label_smoothing`:
      `loss[n] = (1−ε)(lse[n] − z[n,y_n]) + ε(lse[n] − mean_v z[n,v])
                 + z_loss_weight · lse[n]²`; ignored tokens have loss 0
    - a valid token whose label lies outside `[0, V)` (negative, or ≥ V) has
      loss NaN; it still counts as valid, so the mean and the sum are NaN.
      The label is only compared, never used as an index, and `lse` does
      not depend on labels. (PyTorch raises an error; a kernel cannot.)
    - `reduction(mean)`: Σ loss / (number of valid tokens), 0 when there is
      none; `sum`: Σ loss; `none`: the per-token vector.

    This is PyTorch's `cross_entropy(h @ W.T + b, y, ignore_index,
    reduction, label_smoothing)` with Liger-Kernel's soft-cap and z-loss.
    Labels are i32 or i64, one per token; `h` and `w` (and `bias`) share one
    element type (f32, f16 or bf16). The loss and the lse are f32.

    ```mlir
    %loss, %lse = lmhead.ce_linear_fwd %h, %w, %labels layout(vd)
        reduction(mean) {ignore_index = -100 : i64, z_loss_weight = 1.0e-4}
        : (tensor<?x64xbf16>, tensor<1024x64xbf16>, tensor<?xi64>)
        -> (tensor<f32>, tensor<?xf32>)
    ```
  }];
  let arguments = !con((ins
    Arg<LMHead_Tensor, "hidden states h, [N,D]">:$h,
    Arg<LMHead_Tensor, "weight W, [V,D] or [D,V] by layout">:$w,
    Arg<LMHead_Tensor, "target labels, [N], i32 or i64">:$labels,
    Arg<Optional<LMHead_Tensor>, "logit bias b, [V]">:$bias
  ), ceOptions);
  let results = (outs
    Res<LMHead_Tensor, "loss: tensor<f32>, or tensor<Nxf32> for reduction(none)">:$loss,
    Res<LMHead_Tensor, "log-sum-exp of each token's logits, [N] f32">:$lse
  );
  let assemblyFormat = [{
    $h `,` $w `,` $labels (`bias` `(` $bias^ `)`)?
    `layout` `(` $layout `)` `reduction` `(` $reduction `)`
    attr-dict `:` functional-type(operands, results)
  }];
  let extraClassDeclaration = ceClassDeclaration;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// ce_linear_grad
//===----------------------------------------------------------------------===//

def LMHead_CELinearGradOp : LMHead_CEOp<"ce_linear_grad",
    [AttrSizedOperandSegments, AttrSizedResultSegments]> {
  let summary = "dh, dW (and db) of the fused linear cross-entropy, from the "
                "forward's lse and the upstream loss gradient";
  let description = [{
    The gradient of `ce_linear_fwd`'s loss with the same options, given the
    forward's per-token `lse` and the upstream gradient `dloss` of the loss
    (`tensor<f32>` for mean/sum, `tensor<Nxf32>` for none). With
    `p = exp(z − lse)`, the logit gradient is

      `dZ[n,v] = g[n] · (p(1 + 2·z_loss_weight·lse[n]) − ε/V − (1−ε)·[v = y_n])`

    times `1 − (z/c)²` when soft-capped, where `g[n]` is `dloss/valid_count`
    (mean), `dloss` (sum) or `dloss[n]` (none), and 0 for ignored tokens (and
    for every token when all are ignored). A valid token whose label lies
    outside `[0, V)` (negative, or ≥ V) has `g[n] = NaN` whatever `dloss`
    is: its whole dZ row is NaN, hence its dh row and, as sums over all
    tokens, every element of dW and db. Then `dh = dZ·W`, `dW = dZᵀ·h` in
    the weight's layout and, when a third result is asked for, `db = Σ_n dZ`
    (only with a `bias`). With a last result `stats: tensor<3xf32>`
    (written `stats` in the result types) the op also gives
    `[‖dZ‖_F², ‖dZ·W‖_F², ‖dZᵀ·h‖_F²]`: dZ in f32 as it is formed, before
    rounding, and the two products in f32 before anything is accumulated
    into them and before rounding; the kernels compute them in the
    epilogues that write dZ and the products, with no other pass over N×V.
    An optional `dw_scale(%s)`, `tensor<f32>`, multiplies dW and db (not
    dh) before anything is accumulated into them: the head's own gradient
    scale times the inverse of a loss scale, which unscales the head's
    gradients in the epilogue that writes them (what GradScaler's
    `unscale_` does in another pass), while dh stays in the loss scale
    for the backbone. It is read at run time, so a new loss scale needs no
    new kernels; the statistics' ‖dW‖² is of the scaled dW, and is
    non-finite exactly when an element of dW or db is (up to overflow of
    the sum): the inf/NaN flag of the unscale.
    The logits are those of `ce_linear_fwd`
    (rounded to f16/bf16 operands), and dZ enters the products rounded to
    the operand type. `accumulate_dh`/`accumulate_dw` add existing
    gradients before the single rounding to each result's element type. dZ
    is never a value of the program: kernels keep it in bounded chunks.

    ```mlir
    %dh, %dw = lmhead.ce_linear_grad %h, %w, %labels, %lse, %dloss
        accumulate_dw(%emb_grad) layout(vd) reduction(mean)
        : (tensor<?x64xbf16>, tensor<1024x64xbf16>, tensor<?xi64>,
           tensor<?xf32>, tensor<f32>, tensor<1024x64xf32>)
        -> (tensor<?x64xbf16>, tensor<1024x64xf32>)
    ```
  }];
  let arguments = !con((ins
    Arg<LMHead_Tensor, "hidden states h, [N,D]">:$h,
    Arg<LMHead_Tensor, "weight W, [V,D] or [D,V] by layout">:$w,
    Arg<LMHead_Tensor, "target labels, [N], i32 or i64">:$labels,
    Arg<LMHead_Tensor, "log-sum-exp from ce_linear_fwd, [N] f32">:$lse,
    Arg<LMHead_Tensor, "upstream gradient of the loss, f32">:$dloss,
    Arg<Optional<LMHead_Tensor>, "logit bias b, [V]">:$bias,
    Arg<Optional<LMHead_Tensor>, "existing dh gradient to add to, [N,D]">:$dh_acc,
    Arg<Optional<LMHead_Tensor>, "existing dW gradient to add to, shaped as W">:$dw_acc,
    Arg<Optional<LMHead_Tensor>,
        "factor of dW and db, tensor<f32>, read at run time">:$dw_scale
  ), ceOptions);
  let results = (outs
    Res<LMHead_Tensor, "gradient of h, [N,D]">:$dh,
    Res<LMHead_Tensor, "gradient of W, shaped as W">:$dw,
    Res<Optional<LMHead_Tensor>, "bias gradient, [V]">:$db,
    Res<Optional<LMHead_Tensor>, "gradient statistics, tensor<3xf32>">:$stats
  );
  let assemblyFormat = [{
    $h `,` $w `,` $labels `,` $lse `,` $dloss (`bias` `(` $bias^ `)`)?
    (`accumulate_dh` `(` $dh_acc^ `)`)?
    (`accumulate_dw` `(` $dw_acc^ `)`)?
    (`dw_scale` `(` $dw_scale^ `)`)?
    `layout` `(` $layout `)` `reduction` `(` $reduction `)`
    attr-dict `:` `(` type(operands) `)` `->`
    custom<GradientResultTypes>(type($dh), type($dw), type($db), type($stats))
  }];
  let extraClassDeclaration = ceClassDeclaration;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// ce_linear_step
//===----------------------------------------------------------------------===//

def LMHead_CELinearStepOp
    : LMHead_CEOp<"ce_linear_step", [AttrSizedOperandSegments,
                                     AttrSizedResultSegments]> {
  let summary = "the fused linear cross-entropy's loss and its gradients in "
                "one op, for a loss gradient known before the forward";
  let description = [{
    `ce_linear_fwd` and `ce_linear_grad` of the same `h`, `w`, `labels`,
    `bias` and options, in one op: its `loss` and `lse` are the forward's,
    its `dh`, `dw` (and `db`) the backward's given that `lse` and the
    upstream gradient `dloss`. `dloss` must be known before the loss is
    computed (a constant, a loss scale, a function argument), which is why
    the op only takes reduction `mean` or `sum`, with `dloss` a
    `tensor<f32>`: for `none`, or a `dloss` computed from the loss, use the
    two ops. The gradient's reduction is `grad_reduction` when it is given
    (frameworks often differentiate a mean as a sum whose upstream gradient
    they divide by the valid count themselves), `reduction` otherwise.
    As ce_linear_grad, it may give the bias gradient `db` (with a bias),
    scale dW and db by `dw_scale`, and return the gradient statistics
    `stats` ([‖dZ‖², ‖dh‖², ‖dW‖²]).

    `--lmhead-plan` forms it from such a pair when the cost model predicts
    the one-pass schedule faster; its kernels then compute the logits once
    for both (three GEMMs of work, where the two ops take four): per chunk
    of tokens, the logits into a chunk buffer, a row pass that writes the
    loss terms and turns the buffer into dZ in place, `dh_c = dZ_c·W` and
    `dW += dZ_cᵀ·h_c` accumulated in f32 (and `db += Σ_i dZ_c`, in f32).
    The token count may be dynamic: the chunks are then a loop whose count
    is `ceil(N / chunk)`. `--lmhead-decompose` splits it back into the two
    ops' definitions.

    ```mlir
    %loss, %lse, %dh, %dw = lmhead.ce_linear_step %h, %w, %labels, %dloss
        layout(vd) reduction(mean) {label_smoothing = 0.1 : f64}
        : (tensor<?x64xbf16>, tensor<1024x64xbf16>, tensor<?xi64>,
           tensor<f32>)
        -> (tensor<f32>, tensor<?xf32>, tensor<?x64xbf16>,
            tensor<1024x64xbf16>)
    ```
  }];
  let arguments = !con(
      (ins Arg<LMHead_Tensor, "hidden states h, [N,D]">:$h,
          Arg<LMHead_Tensor, "weight W, [V,D] or [D,V] by layout">:$w,
          Arg<LMHead_Tensor, "target labels, [N], i32 or i64">:$labels,
          Arg<LMHead_Tensor,
              "upstream gradient of the loss, tensor<f32>">:$dloss,
          Arg<Optional<LMHead_Tensor>, "logit bias b, [V]">:$bias,
          Arg<Optional<LMHead_Tensor>,
              "existing dh gradient to add to, [N,D]">:$dh_acc,
          Arg<Optional<LMHead_Tensor>,
              "existing dW gradient to add to, shaped as W">:$dw_acc,
          Arg<Optional<LMHead_Tensor>,
              "factor of dW and db, tensor<f32>, read at run time">:$dw_scale,
          Arg<OptionalAttr<LMHead_ReductionAttr>,
              "the backward's reduction, mean or sum (default: "
              "reduction)">:$grad_reduction),
      ceOptions);
  let results = (outs Res<LMHead_Tensor, "loss, tensor<f32>">:$loss,
      Res<LMHead_Tensor, "log-sum-exp of each token's logits, [N] f32">:$lse,
      Res<LMHead_Tensor, "gradient of h, [N,D]">:$dh,
      Res<LMHead_Tensor, "gradient of W, shaped as W">:$dw,
      Res<Optional<LMHead_Tensor>, "bias gradient, [V]">:$db,
      Res<Optional<LMHead_Tensor>,
          "gradient statistics, tensor<3xf32>">:$stats);
  let assemblyFormat = [{
    $h `,` $w `,` $labels `,` $dloss (`bias` `(` $bias^ `)`)?
    (`accumulate_dh` `(` $dh_acc^ `)`)?
    (`accumulate_dw` `(` $dw_acc^ `)`)?
    (`dw_scale` `(` $dw_scale^ `)`)?
    `layout` `(` $layout `)` `reduction` `(` $reduction `)`
    (`grad_reduction` `(` $grad_reduction^ `)`)?
    attr-dict `:` `(` type(operands) `)` `->`
    custom<StepResultTypes>(type($loss), type($lse), type($dh), type($dw),
                            type($db), type($stats))
  }];
  let extraClassDeclaration = ceClassDeclaration # [{
    /// The reduction the gradient is taken of: grad_reduction, or
    /// reduction when it is absent.
    ::mlir::lmhead::Reduction getGradientReduction() {
      return getGradReduction().value_or(getReduction());
    }
  }];
  let hasVerifier = 1;
}

#endif // LMHEAD_DIALECT_LMHEAD_IR_LMHEADOPS_TD
