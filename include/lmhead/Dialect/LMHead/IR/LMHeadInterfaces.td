//===- LMHeadInterfaces.td - interfaces of the lmhead ops --*- tablegen -*-===//
//
// CrossEntropyOpInterface: what ce_linear_fwd, ce_linear_grad and
// ce_linear_step share (the hidden states, the weight, the labels, an
// optional logit bias, the cross-entropy options and the static sizes), so
// that passes read any of them through one handle instead of a chain of
// casts.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_DIALECT_LMHEAD_IR_LMHEADINTERFACES_TD
#define LMHEAD_DIALECT_LMHEAD_IR_LMHEADINTERFACES_TD

include "mlir/IR/OpBase.td"

def LMHead_CrossEntropyOpInterface : OpInterface<"CrossEntropyOp"> {
  let description = [{
    A fused linear + softmax cross-entropy op: the logits are `h·Wᵀ` (or
    `h·W` with `layout(dv)`) plus an optional bias, the loss is the
    cross-entropy of their softmax at `labels`, with the options every such
    op carries (reduction, ignore_index, label smoothing, soft-cap, z-loss,
    accumulator type). Implemented by ce_linear_fwd, ce_linear_grad and
    ce_linear_step.
  }];
  let cppNamespace = "::mlir::lmhead";
  let methods = [
    InterfaceMethod<"The hidden states h [N, D].", "::mlir::Value", "getH">,
    InterfaceMethod<"The weight W ([V, D] or [D, V], as `layout` says).",
                    "::mlir::Value", "getW">,
    InterfaceMethod<"The labels [N] (i32 or i64).", "::mlir::Value",
                    "getLabels">,
    InterfaceMethod<"The logit bias [V], or null.", "::mlir::Value",
                    "getBias">,
    InterfaceMethod<"The storage of W.", "::mlir::lmhead::WeightLayout",
                    "getLayout">,
    InterfaceMethod<"How per-token losses are reduced.",
                    "::mlir::lmhead::Reduction", "getReduction">,
    InterfaceMethod<"The label of tokens that are ignored.", "uint64_t",
                    "getIgnoreIndex">,
    InterfaceMethod<"Label smoothing ε.", "::llvm::APFloat",
                    "getLabelSmoothing">,
    InterfaceMethod<"The logit soft-cap (0: none).", "::llvm::APFloat",
                    "getLogitSoftcap">,
    InterfaceMethod<"The z-loss weight (0: none).", "::llvm::APFloat",
                    "getZLossWeight">,
    InterfaceMethod<"The element type GEMM products are accumulated in.",
                    "::mlir::Type", "getAccumulatorType">
  ];
  let extraSharedClassDeclaration = [{
    /// The op's cross-entropy options as one value.
    ::mlir::lmhead::CrossEntropyOptions getOptions() {
      ::mlir::lmhead::CrossEntropyOptions options;
      options.layout = $_op.getLayout();
      options.reduction = $_op.getReduction();
      options.ignoreIndex = static_cast<int64_t>($_op.getIgnoreIndex());
      options.labelSmoothing = $_op.getLabelSmoothing().convertToDouble();
      options.logitSoftcap = $_op.getLogitSoftcap().convertToDouble();
      options.zLossWeight = $_op.getZLossWeight().convertToDouble();
      options.accumulatorType = $_op.getAccumulatorType();
      return options;
    }
    /// The token count N, or ShapedType::kDynamic.
    int64_t getTokenCount() {
      return ::llvm::cast<::mlir::RankedTensorType>($_op.getH().getType())
          .getDimSize(0);
    }
    /// The hidden size D, or ShapedType::kDynamic.
    int64_t getHiddenSize() {
      return ::llvm::cast<::mlir::RankedTensorType>($_op.getH().getType())
          .getDimSize(1);
    }
    /// The vocabulary size V, or ShapedType::kDynamic.
    int64_t getVocabSize() {
      return ::llvm::cast<::mlir::RankedTensorType>($_op.getW().getType())
          .getDimSize(::mlir::lmhead::vocabDim($_op.getLayout()));
    }
    /// The element type of h, W and the bias.
    ::mlir::Type getOperandType() {
      return ::llvm::cast<::mlir::RankedTensorType>($_op.getH().getType())
          .getElementType();
    }
  }];
}

#endif // LMHEAD_DIALECT_LMHEAD_IR_LMHEADINTERFACES_TD
