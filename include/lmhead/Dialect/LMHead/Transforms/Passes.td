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
    accumulate-into, one rounding to the result type). A `ce_linear_step`
    becomes the `ce_linear_fwd` and `ce_linear_grad` it fuses, decomposed
    as they are. Results nobody uses are not computed. The output runs anywhere upstream MLIR runs, e.g. on
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

def LMHeadFormSteps : Pass<"lmhead-form-steps"> {
  let summary = "Fuse each ce_linear_fwd and the ce_linear_grad of its lse "
                "into one ce_linear_step (the one-pass schedule)";
  let description = [{
    A `ce_linear_fwd` and the `ce_linear_grad` of its lse with the same h,
    W, labels, bias and options, reductions mean or sum, and a loss
    gradient known before the forward (definitions after the forward that
    read nothing of it and have no side effects are moved above it) become
    one `lmhead.ce_linear_step` marked `lmhead.formed_step`: `--lmhead-plan`
    then plans it with the one-pass schedule, or splits it back into the
    two ops when `ce-schedule=auto` and they are predicted faster. A
    backward left as it is gets `lmhead.two_pass_reason`, the reason, which
    the plan's remark repeats. With `ce-schedule=two-pass` nothing is fused.

    `--lmhead-plan` runs this pass first (its option `form-steps`), so that
    it can be used alone; `--lmhead-pipeline` runs the two in turn.
  }];
  let options = [
    Option<"ceSchedule", "ce-schedule", "::mlir::lmhead::CESchedule",
           /*default=*/"::mlir::lmhead::CESchedule::Auto",
           "auto and one-pass fuse each pair that can be fused; two-pass "
           "fuses none", "::mlir::lmhead::ceScheduleValues()">
  ];
  let dependentDialects = ["::mlir::lmhead::LMHeadDialect"];
}

def LMHeadPlan : Pass<"lmhead-plan"> {
  let summary = "Choose the GPU kernel configurations of each lmhead op "
                "with a cost model, or decompose ops not worth a kernel";
  let description = [{
    For each `lmhead.linear_grad`, the cost model plans its two GEMMs,
    `dh = dZ·W` (M = N, N = D, K = V) and `dW = dZᵀ·h` (M = V, N = D,
    K = N; for `layout(dv)` `dWᵀ = hᵀ·dZ` with M = D, N = V): it enumerates
    block and warp tiles, K steps and stage counts that the kernel generator
    of `target` can build and the GPU can hold (shared memory per block,
    registers per thread, threads and blocks per SM), predicts each one's
    time (tensor-core flops including the padding of ragged edges, counted
    in waves of blocks over the SMs; operand re-reads through L2 and DRAM
    traffic; penalties for shallow pipelines, small warp tiles, few warps per
    SM and narrow copies) and attaches the fastest of each GEMM as
    `lmhead.plan = #lmhead.plan<...>`, with the predicted microseconds.

    An op is decomposed back into upstream linalg (as `--lmhead-decompose`
    does), with a remark saying why, when its token count N is static and
    below `min-tokens` (a GEMM that small is better left to the host
    compiler), when its operands are f32 (the kernels use 16-bit tensor-core
    MMAs; an f32 op stays exact on the host unless `f32-operands=bf16`
    allows the kernels to round its operands to bf16, which the op then does
    explicitly), when its products accumulate in another type than f32, or
    when D or V is dynamic. A dynamic N is planned for 8192 tokens. An op
    that already carries an `lmhead.plan` for the same target (written by
    hand or by a tool) keeps it; a plan for another target is replaced.

    Any D and V get kernels. The copies from global to shared memory are as
    wide as the operands' rows allow: 16, 8 or 4 bytes (`cp.async`), or 2
    (element loads, synchronous, predicted slower) for a row of odd length
    such as dZ's with GPT-2's V = 50257; a remark names each GEMM whose
    copies are narrower than 16 bytes and what limits them. On sm_90a, TMA
    loads rows of 16-byte multiples only, so such a GEMM is built by the
    sm_80 kernel (cp.async or element loads, ldmatrix, mma.sync, which
    Hopper runs too) and predicted with that kernel's model on the H200; its
    `#lmhead.gemm` says `kernel = sm_80`.

    The fused cross-entropy ops get `lmhead.plan = #lmhead.ce_plan<...>`
    under the same rules (the f32 operands rounded with `f32-operands=bf16`
    are h, W and the bias). `lmhead.ce_linear_fwd` is its logits GEMM
    `z = h·Wᵀ` (M = N, N = V, K = D), whose epilogue writes per row and warp
    column tile four f32 partials instead of logits, then a row kernel and a
    one-block reduction; its tiles are chosen with the partials they write.
    `lmhead.ce_linear_grad` runs V in chunks of `chunk` columns, one after
    another: per chunk the logits GEMM writes dZ_c into one of two chunk
    buffers, and `dh += dZ_c·W_c` (f32) and `dW_c = dZ_cᵀ·h` run on two
    streams while the next chunk's logits fill the other buffer. The chunk
    is a multiple of 64 columns, at most V rounded up to 64, and the
    workspace is `2·N·chunk` operand-type values. With
    `ce-workspace-bytes=B` the chunk is the largest whose workspace fits in
    B bytes (an error names the smallest B that works when 64 columns do
    not fit); with 0, the default, the model predicts the chunks that split
    V most evenly and takes the smallest workspace predicted within 2% of
    the fastest. The remark names the tiles, the chunk and the workspace (and
    whether it was given or chosen), the predicted time with its terms, and
    the floor: 1 GEMM of `2·N·V·D` flops at the target's peak for the
    forward, 3 for the backward.

    A `ce_linear_fwd` and the `ce_linear_grad` of its lse with the same h,
    W, labels, bias and options, reductions mean or sum, and a loss
    gradient known before the forward (definitions after the forward that
    read nothing of it and have no side effects are moved above it) become
    one `lmhead.ce_linear_step`, planned with the one-pass schedule: per
    chunk of `chunk` tokens (a multiple of 128, or N) the logits GEMM fills
    a chunk buffer with the partials beside, a row pass writes the loss
    terms and turns the buffer into dZ in place, and `dh_c = dZ_c·W`,
    `dW += dZ_cᵀ·h_c` (f32) and a bias gradient's column sums run on
    streams of their own: 3 GEMMs of work for both ops, where they take 4
    alone; for a dynamic N the chunks are a loop. `ce-schedule=auto` (the
    default) does so when the cost model predicts it faster than the two
    ops' own plans (for a dynamic N at the 8192 tokens it plans for),
    `one-pass` whenever it applies, `two-pass` never; a step that cannot
    be planned so (f32 accumulators not used, a dynamic D or V, ...) is
    split back into the two ops. With `ce-workspace-bytes=B` the token chunk is the largest
    whose two buffers and partials fit in B. The step's remark names the
    tiles, the chunk, both predictions and the floor; a backward that keeps
    two passes says why at the end of its remark.

    The options `block-m`, `block-n`, `block-k`, `warp-m`, `warp-n`,
    `stages`, `copy-bytes`, `swizzle`, `group-rows`, `persistent`,
    `cluster-m`, `cluster-n`, `tma-store` and `ping-pong` (declared once,
    with the fields of the `#lmhead.gemm` attribute, in
    `lmhead/Planning/GemmTiles.def`) fix a field of every GEMM's
    configuration (0 leaves it to the model; `persistent=-1` asks for one
    block per tile, `persistent=P` for a persistent grid of at most P
    blocks (on sm_80 with cp.async copies); `cluster-m=2` or
    `cluster-n=2` for sm_90a thread-block clusters of two blocks sharing
    their B or A tile through TMA multicast, `cluster-m=1 cluster-n=1` for
    none; `tma-store=1` for sm_90a epilogues that store C through shared
    memory and TMA, wherever the epilogue stores whole tiles (the
    cross-entropy logits' row statistics store none), `tma-store=-1` for
    stores from registers; `ping-pong=1` for persistent sm_90a kernels
    whose two consumer warpgroups take whole tiles in turns, `ping-pong=-1`
    for cooperative ones that split each tile); an op for
    which no configuration with the fixed fields is valid is an error naming
    the constraint that fails. Remarks have the category `lmhead-plan` (show
    them with `--remarks-filter=lmhead-plan --remark-format=emitRemark`).

    Before:

    ```mlir
    %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
        : (tensor<4096x128256xbf16>, tensor<4096x4096xbf16>,
           tensor<128256x4096xbf16>)
        -> (tensor<4096x4096xbf16>, tensor<128256x4096xf32>)
    ```

    After `--lmhead-plan=target=sm_80`:

    ```mlir
    %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd) {lmhead.plan =
        #lmhead.plan<target = sm_80,
          dh = #lmhead.gemm<blockM = 256, blockN = 128, blockK = 32,
                            warpM = 64, warpN = 64, stages = 5,
                            copyBytes = 16, swizzle = 1>,
          dw = #lmhead.gemm<...>, dhMicros = ... : f64, dwMicros = ... : f64>}
        : ...
    ```

    The cross-entropy backward of the same head, after
    `--lmhead-plan=target=sm_90a` (V in 42 chunks of 3072 columns):

    ```mlir
    %dh, %dw = lmhead.ce_linear_grad %h, %w, %labels, %lse, %dloss
        layout(vd) reduction(mean) {lmhead.plan =
        #lmhead.ce_plan<target = sm_90a, logits = #lmhead.gemm<...>,
          dh = #lmhead.gemm<...>, dw = #lmhead.gemm<...>, chunk = 3072,
          micros = ... : f64>}
        : ...
    ```
  }];
  let options = [
    Option<"target", "target", "::mlir::lmhead::GpuTarget",
           /*default=*/"::mlir::lmhead::GpuTarget::Sm80",
           "the GPU to plan for: sm_80 (cp.async + mma.sync) or sm_90a "
           "(TMA + wgmma)", "::mlir::lmhead::gpuTargetValues()">,
    Option<"minTokens", "min-tokens", "int64_t", /*default=*/"512",
           "ops with a static token count below this are decomposed for the "
           "host compiler">,
    Option<"listConfigs", "list-configs", "bool", /*default=*/"false",
           "also report, one remark each, every configuration the model "
           "could choose for each GEMM, with its predicted time">,
    Option<"f32Operands", "f32-operands", "::mlir::lmhead::F32Operands",
           /*default=*/"::mlir::lmhead::F32Operands::F32",
           "what an op with f32 operands computes in: f32 (decomposed for "
           "the host, exact) or bf16 (operands rounded to bf16 for the "
           "tensor-core kernels, products still accumulated in f32)",
           "::mlir::lmhead::f32OperandsValues()">,
    Option<"ceWorkspaceBytes", "ce-workspace-bytes", "int64_t",
           /*default=*/"0",
           "the most bytes the dZ chunk workspace of each ce_linear_grad "
           "may take (2 x N x chunk x operand bytes), and of the logits "
           "chunk buffers of each ce_linear_step (2 x chunk x V x operand "
           "bytes, with their partials); 0: the cost model chooses the "
           "chunk">,
    Option<"ceSchedule", "ce-schedule", "::mlir::lmhead::CESchedule",
           /*default=*/"::mlir::lmhead::CESchedule::Auto",
           "how a ce_linear_fwd and the ce_linear_grad of its lse are "
           "scheduled: auto (one pass, a ce_linear_step, when it applies and "
           "is predicted faster), one-pass (whenever it applies) or two-pass",
           "::mlir::lmhead::ceScheduleValues()">,
    Option<"formSteps", "form-steps", "bool", /*default=*/"true",
           "first run --lmhead-form-steps with the same ce-schedule (a "
           "pipeline that runs it before sets false)">
  ];
  let dependentDialects = [
    "::mlir::lmhead::LMHeadDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::tensor::TensorDialect"
  ];
}

def LMHeadReport : Pass<"lmhead-report"> {
  let summary = "Report what each lmhead op costs: flops, bytes, roofline "
                "on A100/H100/H200, plan, memory saved, share of the backward";
  let description = [{
    Leaves the IR as it is and reports, for each lmhead op of the module
    (run it after `--lmhead-recognize`, and after `--lmhead-plan` for the
    plans):

    - `op`, `location`, the shape `tokens` (N; a dynamic N is reported as
      the 8192 the planner assumes, with `tokens_assumed`), `hidden` (D) and
      `vocab` (V), and the `element_types` of its tensors;
    - `flops`: 2 per multiply-add of the GEMMs of its schedule (linear_grad
      4·N·D·V; ce_linear_fwd 2·N·D·V; ce_linear_grad, which recomputes the
      logits, and the one-pass ce_linear_step 6·N·D·V);
    - `min_bytes`: each input read once and each result written once;
      `intensity` = flops / min_bytes;
    - `roofline`: for each of A100, H100 and H200, the `peak_flops` (dense
      bf16, data sheet) and `peak_bytes_per_s` (HBM) it used, the least
      time `us` = max(flops / peak_flops, min_bytes / peak_bytes_per_s) and
      whether the op is `compute` or `memory` bound there;
    - `plan` (the `lmhead.plan` attribute) and `predicted_us`, the cost
      model's time of its kernels on the plan's target, or null;
    - `memory_saved_bytes`: the N×V tensors the unfused graph holds that the
      op never makes (the forward: the logits in the operand type and their
      f32 log-softmax; the backward: the f32 log-softmax gradient and dZ in
      the operand type; a step: both; linear_grad, whose dZ is an input:
      none).

    And for each function holding lmhead ops, in `steps`: the head's
    backward flops (the dh and dW products), the flops of the function's
    other contractions (linalg matmuls and contraction generics of static
    shape, forward and backward together) and `backward_share` = head /
    (head + 2/3 · others), with the rule of thumb that fusing the head pays
    when it exceeds 10 %.

    `format=text` (a table, the default) or `format=json`; `output=<file>`
    (default `-`, stderr); `plot=<file.svg>` also draws the roofline: each
    GPU's roof and each op as a point on it (docs/Diagnostics.md).
  }];
  let options = [
    Option<"format", "format", "std::string", /*default=*/"\"text\"",
           "text (a table) or json">,
    Option<"output", "output", "std::string", /*default=*/"\"-\"",
           "where to write the report (- for stderr)">,
    Option<"plot", "plot", "std::string", /*default=*/"\"\"",
           "also write the roofline plot there, as SVG">
  ];
}

#endif // LMHEAD_DIALECT_LMHEAD_TRANSFORMS_PASSES_TD
