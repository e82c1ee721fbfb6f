//===- LMHeadDialect.td - the lmhead dialect ---------------*- tablegen -*-===//
//
// The dialect that names the backward pass of a language model's output layer
// (the LM head) as whole operations, so that later passes can plan, fuse and
// generate GPU kernels for it without rediscovering the pattern.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_DIALECT_LMHEAD_IR_LMHEADDIALECT_TD
#define LMHEAD_DIALECT_LMHEAD_IR_LMHEADDIALECT_TD

include "mlir/IR/OpBase.td"

def LMHead_Dialect : Dialect {
  let name = "lmhead";
  let cppNamespace = "::mlir::lmhead";
  let summary = "The output layer of a language model and its cross-entropy, "
                "forward and backward, as whole operations";
  let description = [{
    With tokens `N`, hidden size `D` and vocabulary `V`, a language model's
    output layer computes logits `Z = h·Wᵀ` (`h: [N,D]`, `W: [V,D]`) and a
    softmax cross-entropy over them. Its backward pass is two large GEMMs,
    `dh = dZ·W` and `dW = dZᵀ·h`, fed by the logit gradient `dZ`.

    The ops of this dialect have tensor semantics and carry everything a
    kernel needs to know: the weight layout, element types, scale,
    accumulate-into gradients, the bias gradient and the cross-entropy options
    (ignore_index, reduction, label smoothing, logit soft-cap, z-loss).
    `--lmhead-decompose` gives each op its exact meaning in upstream
    linalg/tensor/arith/math.

    ```mlir
    %loss, %lse = lmhead.ce_linear_fwd %h, %w, %labels layout(vd) reduction(mean)
        : (tensor<?x64xbf16>, tensor<1024x64xbf16>, tensor<?xi64>)
        -> (tensor<f32>, tensor<?xf32>)
    ```
  }];
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
    /// The name of the discardable attribute in which --lmhead-plan leaves
    /// an op's plan (a #lmhead.plan or a #lmhead.ce_plan).
    static constexpr ::llvm::StringLiteral getPlanAttrName() {
      return ::llvm::StringLiteral("lmhead.plan");
    }
    /// The unit attribute --lmhead-form-steps puts on each ce_linear_step it
    /// made of a ce_linear_fwd and a ce_linear_grad (--lmhead-plan splits
    /// such a step back when the two ops are predicted faster; a step
    /// written as one stays a step under ce-schedule=auto).
    static constexpr ::llvm::StringLiteral getFormedStepAttrName() {
      return ::llvm::StringLiteral("lmhead.formed_step");
    }
    /// The string attribute --lmhead-form-steps puts on each ce_linear_grad
    /// it left as it is: why the backward keeps two passes, which
    /// --lmhead-plan says at the end of the op's remark.
    static constexpr ::llvm::StringLiteral getTwoPassReasonAttrName() {
      return ::llvm::StringLiteral("lmhead.two_pass_reason");
    }
    /// Registers the kernel-plan attributes (LMHeadAttrs.td).
    void registerAttributes();
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

class LMHead_Op<string mnemonic, list<Trait> traits = []>
    : Op<LMHead_Dialect, mnemonic, traits>;

#endif // LMHEAD_DIALECT_LMHEAD_IR_LMHEADDIALECT_TD
