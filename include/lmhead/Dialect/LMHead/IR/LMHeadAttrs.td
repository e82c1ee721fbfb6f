//===- LMHeadAttrs.td - kernel plans of the lmhead ops -----*- tablegen -*-===//
//
// The attributes `--lmhead-plan` attaches to an op and `--lmhead-lower-to-gpu`
// reads: for each of the op's two GEMMs (dh = dZ·W and dW = dZᵀ·h), the block
// and warp tiles, the K step, the number of shared-memory stages, the width of
// the global-to-shared copies, the shared-memory swizzle, the rows of tiles
// the grid walks together and, where it is not the target's own, the kernel
// family that builds it; and the GPU target the plan is for, a typed enum of
// the planning library (GpuTarget.h).
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_DIALECT_LMHEAD_IR_LMHEADATTRS_TD
#define LMHEAD_DIALECT_LMHEAD_IR_LMHEADATTRS_TD

include "lmhead/Dialect/LMHead/IR/LMHeadDialect.td"
include "mlir/IR/AttrTypeBase.td"

class LMHead_Attr<string name, string attrMnemonic>
    : AttrDef<LMHead_Dialect, name> {
  let mnemonic = attrMnemonic;
}

// A GPU target as a keyword (`sm_80`, `sm_90a`): the planning library's
// GpuTarget enum, parsed by FieldParser<GpuTarget> (LMHeadAttrs.cpp).
def LMHead_GpuTargetParameter
    : AttrParameter<"::mlir::lmhead::GpuTarget", "GPU target"> {
  let printer = "$_printer << $_self";
}

// The kernel family of one GEMM when it is not the plan target's own: the
// keyword `sm_80`, or absent.
def LMHead_KernelFamilyParameter
    : OptionalParameter<"std::optional<::mlir::lmhead::GpuTarget>",
                        "kernel family"> {
  let printer = "$_printer << *$_self";
}

def LMHead_GemmConfigAttr : LMHead_Attr<"GemmConfig", "gemm"> {
  let summary = "tiles, K step, stages and shared-memory layout of one GEMM "
                "kernel";
  let description = [{
    How one GEMM `C[M,N] = A[M,K]·B[K,N]` of an lmhead op is cut into work
    for the GPU:

    - `blockM`×`blockN`: the output tile of one thread block;
    - `warpM`×`warpN`: the output tile of one warp (the block has
      `(blockM/warpM)·(blockN/warpN)` warps); multiples of 16 and 8, the
      shape of one `mma.sync.m16n8k16`;
    - `blockK`: the K step, a multiple of 16; the K loop runs in steps of it;
    - `stages`: the number of K steps held in shared memory at once (at
      least 2), so that copies of later steps overlap the MMAs of this one;
    - `copyBytes`: the width of each global→shared copy, limited by the
      alignment of the operands' rows and bases: 16, 8 or 4 (one `cp.async`
      each; 16 is one TMA row on sm_90a), or 2 (element copies: a
      synchronous `ld.global` per element, eight of them stored as one
      16-byte `st.shared`), which rows of any alignment allow, such as
      those of a bf16 dZ [N,V] for GPT-2's V = 50257;
    - `swizzle`: 1 stores each shared-memory row's 16-byte chunks XOR-
      swizzled by the row, so that `ldmatrix` reads 8 rows without bank
      conflicts; 0 stores them in order;
    - `groupRows` (optional, 8 when absent): the grid's grouped
      rasterisation walks this many rows of tiles column by column, so that
      the blocks of one wave share the tiles of A and B they read through
      L2; the planner chooses it from the DRAM traffic it predicts;
    - `persistent` (optional, 0 when absent): a persistent kernel on a
      grid of at most this many blocks, each walking its share of the
      tiles in the grouped order above (block b takes tiles b, b + grid,
      ...), so that a block loads its next tile's operands while it
      finishes the last one (an sm_80 kernel only with cp.async copies,
      not element copies); 0 is one block per tile;
    - `clusterM`, `clusterN` (optional, 1 when absent): an sm_90a kernel's
      thread-block cluster, 2×1 or 1×2 blocks. The two blocks of a 2×1
      cluster compute tiles on adjacent rows and share their B tile: each
      loads half of it, which TMA multicasts into both blocks' shared
      memory (1×2: adjacent columns sharing A). A persistent grid's size is
      then a multiple of 2;
    - `tmaStore` (optional, 0 when absent): 1 when an sm_90a kernel's
      epilogue stages its tile of C through shared memory, 64 rows by 128
      bytes at a time, and stores it with TMA (which drops what lies
      outside C); an epilogue that adds to C loads C's old values into the
      same buffers with TMA first. 0 stores from registers;
    - `pingPong` (optional, 0 when absent): 1 when a persistent sm_90a
      kernel's two consumer warpgroups take the block's tiles in turns,
      each computing a whole tile (warpM = blockM), the second's main loop
      starting once the first's has issued its last step, so that each
      one's epilogue runs under the other's main loop. 0 is the
      cooperative kernel: its blockM/warpM consumer warpgroups split each
      tile and run its epilogue together;
    - `kernel` (optional): the kernel family that builds the GEMM when it is
      not the plan target's own. On sm_90a, a GEMM whose operands TMA
      cannot load (rows or bases not 16-byte multiples, so copies narrower
      than 16 bytes) is built by the sm_80 writer (cp.async or element
      loads, ldmatrix, mma.sync, which Hopper runs too): `kernel = sm_80`.
      Absent, the target's own family builds it.

    ```mlir
    #lmhead.gemm<blockM = 128, blockN = 128, blockK = 32, warpM = 64,
                 warpN = 64, stages = 3, copyBytes = 16, swizzle = 1>
    #lmhead.gemm<blockM = 64, blockN = 128, blockK = 32, warpM = 32,
                 warpN = 64, stages = 2, copyBytes = 2, swizzle = 1,
                 kernel = sm_80>
    ```
  }];
  let parameters = (ins "int64_t":$blockM, "int64_t":$blockN, "int64_t":$blockK,
      "int64_t":$warpM, "int64_t":$warpN, "int64_t":$stages,
      "int64_t":$copyBytes, "int64_t":$swizzle,
      DefaultValuedParameter<"int64_t",
                             "::mlir::lmhead::kRasterGroupRows">:$groupRows,
      DefaultValuedParameter<"int64_t", "0">:$persistent,
      DefaultValuedParameter<"int64_t", "1">:$clusterM,
      DefaultValuedParameter<"int64_t", "1">:$clusterN,
      DefaultValuedParameter<"int64_t", "0">:$tmaStore,
      DefaultValuedParameter<"int64_t", "0">:$pingPong,
      LMHead_KernelFamilyParameter:$kernel);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  // From the planning library's GemmTiles, whose fields (GemmTiles.def) are
  // the first parameters in this order, and the kernel family.
  let builders = [AttrBuilder<(ins "const GemmTiles &":$tiles,
      CArg<"std::optional<GpuTarget>", "std::nullopt">:$kernel)>];
  let extraClassDeclaration = [{
    /// The configuration as the planning library's struct.
    GemmTiles getTiles() const;
    /// The kernel family that builds this GEMM in a plan for `target`:
    /// `kernel` when it is given, else `target`'s own.
    GpuTarget getKernelFor(GpuTarget target) const {
      return getKernel().value_or(target);
    }
  }];
}

def LMHead_KernelPlanAttr : LMHead_Attr<"KernelPlan", "plan"> {
  let summary = "the kernels chosen for one lmhead op on one GPU target";
  let description = [{
    Attached by `--lmhead-plan` to each op it keeps (as the discardable
    attribute `lmhead.plan`): the target (the keyword `sm_80` or
    `sm_90a`), the configuration of the dh kernel (`dh = dZ·W`, M = N, N = D, K = V) and of
    the dW kernel (`dW = dZᵀ·h`, M = V, N = D, K = N; for `layout(dv)`,
    `dWᵀ = hᵀ·dZ` with M = D, N = V), and the cost model's predicted time of
    each in microseconds.

    Each GEMM's kernel family must run on the target (an sm_80 kernel may
    run on sm_90a, not the reverse), and an sm_90a kernel copies with TMA
    (`copyBytes = 16`): an sm_90a GEMM with narrower copies names
    `kernel = sm_80`.

    ```mlir
    #lmhead.plan<target = sm_80,
                 dh = #lmhead.gemm<...>, dw = #lmhead.gemm<...>,
                 dhMicros = 812.5 : f64, dwMicros = 790.0 : f64>
    ```
  }];
  let parameters = (ins LMHead_GpuTargetParameter:$target,
                        "GemmConfigAttr":$dh, "GemmConfigAttr":$dw,
                        "FloatAttr":$dhMicros,
                        "FloatAttr":$dwMicros);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def LMHead_CrossEntropyPlanAttr : LMHead_Attr<"CrossEntropyPlan", "ce_plan"> {
  let summary = "the kernels chosen for one fused cross-entropy op on one GPU "
                "target";
  let description = [{
    Attached by `--lmhead-plan` to each `ce_linear_fwd`, `ce_linear_grad`
    and `ce_linear_step` it keeps (as the discardable attribute
    `lmhead.plan`):

    - `target`: the keyword `sm_80` or `sm_90a`;
    - `logits`: the configuration of the logits GEMM (`z = h·Wᵀ`, M = N,
      N = V, K = D) whose epilogue keeps row statistics (forward) or forms
      dZ (backward), never storing the logits;
    - for `ce_linear_grad` only: `dh` (`dh += dZ_c·W_c`, M = N, N = D,
      K = the chunk's vocabulary) and `dw` (`dW_c = dZ_cᵀ·h`, M = the chunk,
      N = D, K = N; for `layout(dv)`, `dW_cᵀ = hᵀ·dZ_c`, M = D, N = the
      chunk), and `chunk`, the vocabulary columns of one chunk of dZ (the
      workspace holds two chunks of N×`chunk` operand-type values);
    - for `ce_linear_step` (the one-pass schedule): `logits` over a chunk of
      tokens (M = the chunk, N = V, K = D) whose epilogue stores the logits
      into a chunk buffer beside the row statistics, `dh` (`dh_c = dZ_c·W`,
      M = the chunk, N = D, K = V), `dw` (`dW += dZ_cᵀ·h_c`, M = V, N = D,
      K = the chunk; for `layout(dv)`, `dWᵀ += h_cᵀ·dZ_c`), and `chunk`,
      the tokens of one chunk (the workspace holds two chunks of
      `chunk`×V operand-type values);
    - `micros`: the cost model's predicted time of all the op's kernels.

    ```mlir
    #lmhead.ce_plan<target = sm_80, logits = #lmhead.gemm<...>,
                    dh = #lmhead.gemm<...>, dw = #lmhead.gemm<...>,
                    chunk = 8192, micros = 2510.25 : f64>
    ```
  }];
  let parameters = (ins LMHead_GpuTargetParameter:$target,
                        "GemmConfigAttr":$logits,
                        OptionalParameter<"GemmConfigAttr">:$dh,
                        OptionalParameter<"GemmConfigAttr">:$dw,
                        DefaultValuedParameter<"int64_t", "0">:$chunk,
                        "FloatAttr":$micros);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

#endif // LMHEAD_DIALECT_LMHEAD_IR_LMHEADATTRS_TD
