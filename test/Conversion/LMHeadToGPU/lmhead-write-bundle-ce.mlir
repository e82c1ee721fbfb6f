// --lmhead-write-bundle writes the kernels of each planned ce_linear_fwd and
// ce_linear_grad (sm_80 and sm_90a) with manifest entries that launch them
// as --lmhead-lower-to-gpu does, on the caller's pointers and stream, with
// the partials, the dZ chunks, the f32 dh and the mean's scale in a
// workspace the caller passes; the bundle then runs on the PTX emulator
// (run_bundle.py asks lmheadBundleWorkspaceSize, passes exactly that much
// NaN-filled memory) and its loss and lse, or dh, dW and db, match the f64
// reference of test/Integration/Decompose/Inputs at bf16/f16 tolerance, on
// ragged shapes (N = 37, D = 40 or 48, V = 203 or 200: vocabulary chunks
// of 64, 64, 64 and 11 columns). Ops whose plan is not a ce_plan for their
// kind are skipped with a warning.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: lmhead-opt %s --lmhead-write-bundle=dir=%t/bundle -verify-diagnostics -o /dev/null
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/bundle/manifest.json
// RUN: FileCheck %s --check-prefix=PTX-FWD < %t/bundle/ce_linear_fwd_0.ptx
// RUN: FileCheck %s --check-prefix=PTX-GRAD < %t/bundle/ce_linear_grad_0.ptx
// RUN: FileCheck %s --check-prefix=PTX-SM90 < %t/bundle/ce_linear_grad_2.ptx
// RUN: env LMHEAD_DEVICE=emulator %python %S/Inputs/run_bundle.py %lmhead_runtime %t/bundle --tokens 37 --hidden 48 --seed %seed | FileCheck %s --check-prefix=EMULATOR
//
// The kernels' exp, log and tanh run on ex2/lg2.approx (KernelMath.h), not
// on libdevice: the bundle is the same without a CUDA toolkit, and its PTX
// calls nothing.
// RUN: env -u CUDA_ROOT -u CUDA_HOME CUDA_PATH=%t/no-toolkit lmhead-opt %s --lmhead-write-bundle=dir=%t/no-toolkit-bundle -o /dev/null
// RUN: cat %t/no-toolkit-bundle/*.ptx | FileCheck %s --check-prefix=NOLIBDEVICE
// NOLIBDEVICE-NOT: __nv_
// NOLIBDEVICE-NOT: call
// NOLIBDEVICE: ex2.approx.ftz.f32
// NOLIBDEVICE-NOT: __nv_
// NOLIBDEVICE-NOT: call

// sm_80: 32x64 logits blocks of 16x32 warps; 32x32 dh and dW blocks of
// 16x16 warps; chunks of 64 vocabulary columns.
#logits80 = #lmhead.gemm<blockM = 32, blockN = 64, blockK = 32, warpM = 16, warpN = 32, stages = 3, copyBytes = 16, swizzle = 1>
#prod80 = #lmhead.gemm<blockM = 32, blockN = 32, blockK = 32, warpM = 16, warpN = 16, stages = 3, copyBytes = 16, swizzle = 1>
#fwd80 = #lmhead.ce_plan<target = sm_80, logits = #logits80, micros = 1.0 : f64>
#grad80 = #lmhead.ce_plan<target = sm_80, logits = #logits80, dh = #prod80, dw = #prod80, chunk = 64, micros = 1.0 : f64>
// sm_90a: 64x64x64 blocks of one 64x64 warpgroup tile, 3 stages.
#s90 = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 64, warpM = 64, warpN = 64, stages = 3, copyBytes = 16, swizzle = 1>
#fwd90 = #lmhead.ce_plan<target = sm_90a, logits = #s90, micros = 1.0 : f64>
#grad90 = #lmhead.ce_plan<target = sm_90a, logits = #s90, dh = #s90, dw = #s90, chunk = 64, micros = 1.0 : f64>

// MANIFEST:      "format": "lmhead-bundle",
// MANIFEST-NEXT: "version": 3,
// MANIFEST-NEXT: "producer": {
// MANIFEST-NEXT: "ops": {

// The forward, tokens dynamic, mean: the logits GEMM's epilogue writes the
// partials [n, P, 4] (P = ceil(203/32) = 7), the row kernel (one warp a
// token) lse and each token's loss, one block their mean.
// MANIFEST-NEXT:  "ce_linear_fwd_0": {
// MANIFEST-NEXT:    "ptx": "ce_linear_fwd_0.ptx",
// MANIFEST-NEXT:    "op": "ce_linear_fwd",
// MANIFEST-NEXT:    "target": "sm_80",
// MANIFEST-NEXT:    "layout": "vd",
// MANIFEST-NEXT:    "reduction": "mean",
// MANIFEST-NEXT:    "ignore_index": -100,
// MANIFEST-NEXT:    "label_smoothing": 0.0,
// MANIFEST-NEXT:    "logit_softcap": 0.0,
// MANIFEST-NEXT:    "z_loss_weight": 0.0,
// MANIFEST-NEXT:    "operands": ["h", "w", "labels", "loss", "lse", "n", "workspace", "workspace_bytes"],
// MANIFEST-NEXT:    "tensors": {
// MANIFEST-NEXT:      "h": {"type": "bf16", "shape": ["n", 48]},
// MANIFEST-NEXT:      "w": {"type": "bf16", "shape": [203, 48]},
// MANIFEST-NEXT:      "labels": {"type": "i64", "shape": ["n"]},
// MANIFEST-NEXT:      "loss": {"type": "f32", "shape": []},
// MANIFEST-NEXT:      "lse": {"type": "f32", "shape": ["n"]}
// MANIFEST-NEXT:    },
// MANIFEST-NEXT:    "workspace": {"operand": "workspace", "bytes": "workspace_bytes", "buffers": [
// MANIFEST-NEXT:      {"name": "partials", "type": "f32", "shape": ["n", 7, 4]},
// MANIFEST-NEXT:      {"name": "token_loss", "type": "f32", "shape": ["n"]}
// MANIFEST-NEXT:    ]},
// MANIFEST-NEXT:    "kernels": [
// logits: A = h, B = W, then labels, partials (n x 7 x 4, strides 28, 4, 1), M = n, N = 203, K = 48.
// MANIFEST-NEXT:      {"name": "ce_linear_fwd_0_logits", "stream": "main",
// MANIFEST-NEXT:       "grid": [{"min": [8, {"ceil_div": ["n", 32]}]}, 4, {"ceil_div": [{"ceil_div": ["n", 32]}, 8]}], "block": [128, 1, 1],
// MANIFEST-NEXT:       "shared_bytes": 18432,
// MANIFEST-NEXT:       "params": ["h", "h", {"const": 0}, "n", {"const": 48}, {"const": 48}, {"const": 1},
// MANIFEST-SAME:                  "w", "w", {"const": 0}, {"const": 203}, {"const": 48}, {"const": 48}, {"const": 1},
// MANIFEST-SAME:                  "labels", "labels", {"const": 0}, "n", {"const": 1},
// MANIFEST-SAME:                  "partials", "partials", {"const": 0}, "n", {"const": 7}, {"const": 4}, {"const": 28}, {"const": 4}, {"const": 1},
// MANIFEST-SAME:                  "n", {"const": 203}, {"const": 48}]},
// MANIFEST-NEXT:      {"name": "ce_linear_fwd_0_rows", "stream": "main",
// MANIFEST-NEXT:       "grid": [{"ceil_div": ["n", 8]}, 1, 1], "block": [256, 1, 1],
// MANIFEST-NEXT:       "shared_bytes": 0,
// MANIFEST-NEXT:       "params": ["labels", "labels", {"const": 0}, "n", {"const": 1},
// MANIFEST-SAME:                  "partials", "partials", {"const": 0}, "n", {"const": 7}, {"const": 4}, {"const": 28}, {"const": 4}, {"const": 1},
// MANIFEST-SAME:                  "lse", "lse", {"const": 0}, "n", {"const": 1},
// MANIFEST-SAME:                  "token_loss", "token_loss", {"const": 0}, "n", {"const": 1}, {"const": 7}, "n"]},
// MANIFEST-NEXT:      {"name": "ce_linear_fwd_0_reduce", "stream": "main",
// MANIFEST-NEXT:       "grid": [1, 1, 1], "block": [256, 1, 1],
// MANIFEST-NEXT:       "shared_bytes": 0,
// MANIFEST-NEXT:       "params": ["labels", "labels", {"const": 0}, "n", {"const": 1},
// MANIFEST-SAME:                  "token_loss", "token_loss", {"const": 0}, "n", {"const": 1},
// MANIFEST-SAME:                  "loss", "loss", {"const": 0}, {"const": 1}, {"const": 1}, "n"]}
// MANIFEST-NEXT:    ]
// MANIFEST-NEXT:  },

// Weight stored [D,V], reduction none (the row kernel writes the loss
// operand itself), a bias, label smoothing, i32 labels and ignore_index -1.
// MANIFEST-NEXT:  "ce_linear_fwd_1": {
// MANIFEST:         "reduction": "none",
// MANIFEST-NEXT:    "ignore_index": -1,
// MANIFEST-NEXT:    "label_smoothing": 0.1,
// MANIFEST:         "operands": ["h", "w", "labels", "bias", "loss", "lse", "workspace", "workspace_bytes"],
// MANIFEST:           "loss": {"type": "f32", "shape": [37]},
// MANIFEST:         "workspace": {"operand": "workspace", "bytes": "workspace_bytes", "buffers": [
// MANIFEST-NEXT:      {"name": "partials", "type": "f32", "shape": [37, 7, 4]}
// MANIFEST-NEXT:    ]},
// MANIFEST:           "name": "ce_linear_fwd_1_rows"
// MANIFEST-NOT:       "name": "ce_linear_fwd_1_reduce"

// MANIFEST:       "ce_linear_fwd_2": {
// MANIFEST-NEXT:    "ptx": "ce_linear_fwd_2.ptx",
// MANIFEST-NEXT:    "op": "ce_linear_fwd",
// MANIFEST-NEXT:    "target": "sm_90a",
// MANIFEST:           "name": "ce_linear_fwd_2_logits"
// MANIFEST-NEXT:       "grid": [{"min": [8, {"ceil_div": ["n", 64]}]}, 4, {"ceil_div": [{"ceil_div": ["n", 64]}, 8]}], "block": [256, 1, 1],
// MANIFEST:           "params": [{"tensormap": "h", "shape": ["n", 48], "box": [64, 64], "swizzle": 128, "element": "bf16"},
// MANIFEST-SAME:                 {"tensormap": "w", "shape": [203, 48], "box": [64, 64], "swizzle": 128, "element": "bf16"},

// The backward, tokens and hidden size dynamic, mean: the scale first,
// then a loop over the vocabulary chunks: the logits on the caller's
// stream (from the third chunk on, after the products of the chunk before
// the last, which read the same half of the dZ buffer), and the dh and dW
// products each on its stream after it; dh (bf16) accumulates in the
// workspace's dh_f32 and is rounded last.
// MANIFEST:       "ce_linear_grad_0": {
// MANIFEST-NEXT:    "ptx": "ce_linear_grad_0.ptx",
// MANIFEST-NEXT:    "op": "ce_linear_grad",
// MANIFEST-NEXT:    "target": "sm_80",
// MANIFEST-NEXT:    "layout": "vd",
// MANIFEST-NEXT:    "reduction": "mean",
// MANIFEST-NEXT:    "ignore_index": -100,
// MANIFEST-NEXT:    "label_smoothing": 0.0,
// MANIFEST-NEXT:    "logit_softcap": 0.0,
// MANIFEST-NEXT:    "z_loss_weight": 0.0,
// MANIFEST-NEXT:    "chunk": 64,
// MANIFEST-NEXT:    "operands": ["h", "w", "labels", "lse", "dloss", "dh", "dw", "n", "d", "workspace", "workspace_bytes"],
// MANIFEST-NEXT:    "tensors": {
// MANIFEST-NEXT:      "h": {"type": "bf16", "shape": ["n", "d"]},
// MANIFEST-NEXT:      "w": {"type": "bf16", "shape": [203, "d"]},
// MANIFEST-NEXT:      "labels": {"type": "i64", "shape": ["n"]},
// MANIFEST-NEXT:      "lse": {"type": "f32", "shape": ["n"]},
// MANIFEST-NEXT:      "dloss": {"type": "f32", "shape": []},
// MANIFEST-NEXT:      "dh": {"type": "bf16", "shape": ["n", "d"]},
// MANIFEST-NEXT:      "dw": {"type": "f32", "shape": [203, "d"]}
// MANIFEST-NEXT:    },
// MANIFEST-NEXT:    "workspace": {"operand": "workspace", "bytes": "workspace_bytes", "buffers": [
// MANIFEST-NEXT:      {"name": "dz", "type": "bf16", "shape": [2, "n", 64]},
// MANIFEST-NEXT:      {"name": "dh_f32", "type": "f32", "shape": ["n", "d"]},
// MANIFEST-NEXT:      {"name": "scale", "type": "f32", "shape": [1]}
// MANIFEST-NEXT:    ]},
// MANIFEST-NEXT:    "kernels": [
// MANIFEST-NEXT:      {"name": "ce_linear_grad_0_scale", "stream": "main",
// MANIFEST-NEXT:       "grid": [1, 1, 1], "block": [256, 1, 1],
// MANIFEST-NEXT:       "shared_bytes": 0,
// MANIFEST-NEXT:       "params": ["labels", "labels", {"const": 0}, "n", {"const": 1},
// MANIFEST-SAME:                  "dloss", "dloss", {"const": 0}, {"const": 1}, {"const": 1},
// MANIFEST-SAME:                  "scale", "scale", {"const": 0}, {"const": 1}, {"const": 1}, "n"]},
// Chunk c (the loop's index): logits of W's rows 64·c.. (64·c·d elements
// in, min(64, 203 − 64·c) of them: 64, 64, 64, 11), dZ_c into half c mod 2
// of dz (row stride 64), its first column v0 = 64·c; after the products of
// chunk c − 2 (kernels 2 and 3), which read the same half.
// MANIFEST-NEXT:      {"name": "ce_linear_grad_0_logits", "stream": "main", "after": [{"kernel": 2, "iterations_back": 2}, {"kernel": 3, "iterations_back": 2}],
// MANIFEST-NEXT:       "grid": [{"min": [8, {"ceil_div": ["n", 32]}]}, {"ceil_div": [{"min": [64, {"sub": [203, {"mul": [64, "c"]}]}]}, 64]}, {"ceil_div": [{"ceil_div": ["n", 32]}, 8]}], "block": [128, 1, 1],
// MANIFEST-NEXT:       "shared_bytes": 18432,
// MANIFEST-NEXT:       "params": ["h", "h", {"const": 0}, "n", "d", "d", {"const": 1},
// MANIFEST-SAME:                  "w", "w", {"mul": [64, "d", "c"]}, {"min": [64, {"sub": [203, {"mul": [64, "c"]}]}]}, "d", "d", {"const": 1},
// MANIFEST-SAME:                  "labels", "labels", {"const": 0}, "n", {"const": 1},
// MANIFEST-SAME:                  "lse", "lse", {"const": 0}, "n", {"const": 1},
// MANIFEST-SAME:                  "scale", "scale", {"const": 0}, {"const": 1}, {"const": 1},
// MANIFEST-SAME:                  "dz", "dz", {"mul": [64, {"mod": ["c", 2]}, "n"]}, "n", {"min": [64, {"sub": [203, {"mul": [64, "c"]}]}]}, {"const": 64}, {"const": 1}, {"mul": [64, "c"]},
// MANIFEST-SAME:                  "n", {"min": [64, {"sub": [203, {"mul": [64, "c"]}]}]}, "d"]},
// dh stored by the first chunk and added to by the others.
// MANIFEST-NEXT:      {"name": "ce_linear_grad_0_dh", "stream": "dh", "first_iteration": "ce_linear_grad_0_dh_first", "after": [1],
// MANIFEST-NEXT:       "grid": [{"min": [8, {"ceil_div": ["n", 32]}]}, {"ceil_div": ["d", 32]}, {"ceil_div": [{"ceil_div": ["n", 32]}, 8]}], "block": [128, 1, 1],
// MANIFEST-NEXT:       "shared_bytes": 12288,
// MANIFEST-NEXT:       "params": ["dz", "dz", {"mul": [64, {"mod": ["c", 2]}, "n"]}, "n", {"min": [64, {"sub": [203, {"mul": [64, "c"]}]}]}, {"const": 64}, {"const": 1},
// MANIFEST-SAME:                  "w", "w", {"mul": [64, "d", "c"]}, {"min": [64, {"sub": [203, {"mul": [64, "c"]}]}]}, "d", "d", {"const": 1},
// MANIFEST-SAME:                  "dh_f32", "dh_f32", {"const": 0}, "n", "d", "d", {"const": 1},
// MANIFEST-SAME:                  "n", "d", {"min": [64, {"sub": [203, {"mul": [64, "c"]}]}]}]},
// MANIFEST-NEXT:      {"name": "ce_linear_grad_0_dw", "stream": "dw", "after": [1],
// MANIFEST-NEXT:       "grid": [{"min": [8, {"ceil_div": [{"min": [64, {"sub": [203, {"mul": [64, "c"]}]}]}, 32]}]}, {"ceil_div": ["d", 32]}, {"ceil_div": [{"ceil_div": [{"min": [64, {"sub": [203, {"mul": [64, "c"]}]}]}, 32]}, 8]}], "block": [128, 1, 1],
// MANIFEST-NEXT:       "shared_bytes": 12288,
// MANIFEST-NEXT:       "params": ["dz", "dz", {"mul": [64, {"mod": ["c", 2]}, "n"]}, "n", {"min": [64, {"sub": [203, {"mul": [64, "c"]}]}]}, {"const": 64}, {"const": 1},
// MANIFEST-SAME:                  "h", "h", {"const": 0}, "n", "d", "d", {"const": 1},
// MANIFEST-SAME:                  "dw", "dw", {"mul": [64, "d", "c"]}, {"min": [64, {"sub": [203, {"mul": [64, "c"]}]}]}, "d", "d", {"const": 1},
// MANIFEST-SAME:                  {"min": [64, {"sub": [203, {"mul": [64, "c"]}]}]}, "d", "n"]},
// MANIFEST:           {"name": "ce_linear_grad_0_dh_round", "stream": "dh",
// MANIFEST-NEXT:       "grid": [{"ceil_div": [{"mul": ["n", {"ceil_div": ["d", 4]}]}, 256]}, 1, 1], "block": [256, 1, 1],
// MANIFEST-NEXT:       "shared_bytes": 0,
// MANIFEST-NEXT:       "params": ["dh_f32", "dh_f32", {"const": 0}, "n", "d", "d", {"const": 1},
// MANIFEST-SAME:                  "dh", "dh", {"const": 0}, "n", "d", "d", {"const": 1}, "n", "d"]}
// MANIFEST-NEXT:    ],
// Kernels 1 to 3 once per chunk: four chunks of 203 columns.
// MANIFEST-NEXT:    "loops": [
// MANIFEST-NEXT:      {"index": "c", "count": 4, "kernels": [1, 4]}
// MANIFEST-NEXT:    ]
// MANIFEST-NEXT:  },

// Weight stored [D,V] (W's chunk is a column block, V apart), reduction
// none (dloss per token), a bias and its gradient on the db stream, f32 dh
// accumulating into what the caller left in it (every chunk accumulates:
// no dh_f32, no rounding), dW accumulating too.
// MANIFEST-NEXT:  "ce_linear_grad_1": {
// MANIFEST:         "operands": ["h", "w", "labels", "lse", "dloss", "bias", "dh", "dw", "db", "workspace", "workspace_bytes"],
// MANIFEST:           "dloss": {"type": "f32", "shape": [37]},
// MANIFEST:           "dh": {"type": "f32", "shape": [37, 40], "accumulates": true},
// MANIFEST-NEXT:      "dw": {"type": "f16", "shape": [40, 200], "accumulates": true},
// MANIFEST-NEXT:      "db": {"type": "f32", "shape": [200]}
// MANIFEST:         "workspace": {"operand": "workspace", "bytes": "workspace_bytes", "buffers": [
// MANIFEST-NEXT:      {"name": "dz", "type": "f16", "shape": [2, 37, 64]}
// MANIFEST-NEXT:    ]},
// W's chunk c is columns 64·c.. of rows 200 apart; each chunk's products
// (dh, dW, db: kernels 1 to 3) wait for its logits.
// MANIFEST:           {"name": "ce_linear_grad_1_logits", "stream": "main", "after": [{"kernel": 1, "iterations_back": 2}, {"kernel": 2, "iterations_back": 2}, {"kernel": 3, "iterations_back": 2}],
// MANIFEST:                       "w", "w", {"mul": [64, "c"]}, {"const": 40}, {"min": [64, {"sub": [200, {"mul": [64, "c"]}]}]}, {"const": 200}, {"const": 1},
// MANIFEST-SAME:                  "dloss", "dloss", {"const": 0}, {"const": 37}, {"const": 1},
// MANIFEST:           {"name": "ce_linear_grad_1_dh", "stream": "dh", "after": [0],
// MANIFEST:           {"name": "ce_linear_grad_1_dw", "stream": "dw", "after": [0],
// MANIFEST-NEXT:       "grid": [2, {"ceil_div": [{"min": [64, {"sub": [200, {"mul": [64, "c"]}]}]}, 32]}, 1], "block": [128, 1, 1],
// MANIFEST:                       "h", "h", {"const": 0}, {"const": 37}, {"const": 40}, {"const": 40}, {"const": 1},
// MANIFEST-SAME:                  "dz", "dz", {"mul": [2368, {"mod": ["c", 2]}]}, {"const": 37}, {"min": [64, {"sub": [200, {"mul": [64, "c"]}]}]}, {"const": 64}, {"const": 1},
// MANIFEST-SAME:                  "dw", "dw", {"mul": [64, "c"]}, {"const": 40}, {"min": [64, {"sub": [200, {"mul": [64, "c"]}]}]}, {"const": 200}, {"const": 1},
// MANIFEST-SAME:                  {"const": 40}, {"min": [64, {"sub": [200, {"mul": [64, "c"]}]}]}, {"const": 37}]},
// MANIFEST-NEXT:      {"name": "ce_linear_grad_1_db", "stream": "db", "after": [0],
// MANIFEST-NEXT:       "grid": [{"ceil_div": [{"min": [64, {"sub": [200, {"mul": [64, "c"]}]}]}, 64]}, 1, 1], "block": [256, 1, 1],
// MANIFEST-NEXT:       "shared_bytes": 0,
// MANIFEST-NEXT:       "params": ["dz", "dz", {"mul": [2368, {"mod": ["c", 2]}]}, {"const": 37}, {"min": [64, {"sub": [200, {"mul": [64, "c"]}]}]}, {"const": 64}, {"const": 1},
// MANIFEST-SAME:                  "db", "db", {"const": 0}, {"const": 200}, {"const": 1}, {"mul": [64, "c"]}, {"const": 37}, {"min": [64, {"sub": [200, {"mul": [64, "c"]}]}]}]}
// MANIFEST-NEXT:    ],
// MANIFEST-NEXT:    "loops": [
// MANIFEST-NEXT:      {"index": "c", "count": 4, "kernels": [0, 4]}
// MANIFEST-NEXT:    ]
// MANIFEST-NOT:       "ce_linear_grad_1_dh_round"

// sm_90a: A and B are tensor maps; W's chunk starts at the chunk (64·48
// elements in per chunk), the dZ chunk maps read [n, 64] (or the last 11
// columns) of rows 64 wide from the chunk's half of dz; dh (bf16) starts
// from the gradient the caller left in it, which the final rounding adds.
// The runtime encodes the maps that read the loop's index once per chunk.
// MANIFEST:       "ce_linear_grad_2": {
// MANIFEST-NEXT:    "ptx": "ce_linear_grad_2.ptx",
// MANIFEST-NEXT:    "op": "ce_linear_grad",
// MANIFEST-NEXT:    "target": "sm_90a",
// MANIFEST:           {"name": "ce_linear_grad_2_logits", "stream": "main",
// MANIFEST-NEXT:       "grid": [{"min": [8, {"ceil_div": ["n", 64]}]}, {"ceil_div": [{"min": [64, {"sub": [203, {"mul": [64, "c"]}]}]}, 64]}, {"ceil_div": [{"ceil_div": ["n", 64]}, 8]}], "block": [256, 1, 1],
// MANIFEST:           "params": [{"tensormap": "h", "shape": ["n", 48], "box": [64, 64], "swizzle": 128, "element": "bf16"},
// MANIFEST-SAME:                 {"tensormap": "w", "shape": [{"min": [64, {"sub": [203, {"mul": [64, "c"]}]}]}, 48], "box": [64, 64], "swizzle": 128, "element": "bf16", "offset": {"mul": [3072, "c"]}, "row_stride": 48},
// MANIFEST:           {"name": "ce_linear_grad_2_dh", "stream": "dh", "first_iteration": "ce_linear_grad_2_dh_first", "after": [0],
// MANIFEST:           "params": [{"tensormap": "dz", "shape": ["n", {"min": [64, {"sub": [203, {"mul": [64, "c"]}]}]}], "box": [64, 64], "swizzle": 128, "element": "bf16", "offset": {"mul": [64, {"mod": ["c", 2]}, "n"]}, "row_stride": 64},
// MANIFEST-SAME:                 {"tensormap": "w", "shape": [{"min": [64, {"sub": [203, {"mul": [64, "c"]}]}]}, 48], "box": [64, 64], "swizzle": 128, "element": "bf16", "offset": {"mul": [3072, "c"]}, "row_stride": 48},
// MANIFEST:           {"name": "ce_linear_grad_2_dw", "stream": "dw", "after": [0],
// MANIFEST:           {"name": "ce_linear_grad_2_dh_round", "stream": "dh",

// MANIFEST:       "ce_linear_grad_3": {
// MANIFEST:         "target": "sm_90a",
// MANIFEST:         "layout": "dv",

// Kernel parameters: GEMMs take A's and B's descriptors (7 each), the
// epilogue's and M, N, K; the forward's logits epilogue takes labels (5)
// and the partials (9): 7 + 7 + 5 + 9 + 3 = 31.
// PTX-FWD:     .target sm_80
// PTX-FWD:     .visible .entry ce_linear_fwd_0_logits(
// PTX-FWD-COUNT-31: .param .u64 {{.*}}ce_linear_fwd_0_logits_param_{{[0-9]+}}
// PTX-FWD-NEXT: )
// PTX-FWD:     mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// PTX-FWD:     .visible .entry ce_linear_fwd_0_rows(
// PTX-FWD:     .visible .entry ce_linear_fwd_0_reduce(

// PTX-GRAD-DAG: .visible .entry ce_linear_grad_0_logits(
// PTX-GRAD-DAG: .visible .entry ce_linear_grad_0_dh_first(
// PTX-GRAD-DAG: .visible .entry ce_linear_grad_0_dh(
// PTX-GRAD-DAG: .visible .entry ce_linear_grad_0_dw(
// PTX-GRAD-DAG: .visible .entry ce_linear_grad_0_scale(
// PTX-GRAD-DAG: .visible .entry ce_linear_grad_0_dh_round(

// PTX-SM90:     .target sm_90a
// PTX-SM90-DAG: cp.async.bulk.tensor.2d
// PTX-SM90-DAG: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16

// EMULATOR-DAG: ce_linear_fwd_0 loss f32[]: ok
// EMULATOR-DAG: ce_linear_fwd_0 lse f32[37]: ok
// EMULATOR-DAG: ce_linear_fwd_1 loss f32[37]: ok
// EMULATOR-DAG: ce_linear_fwd_1 lse f32[37]: ok
// EMULATOR-DAG: ce_linear_fwd_2 loss f32[]: ok
// EMULATOR-DAG: ce_linear_fwd_2 lse f32[37]: ok
// EMULATOR-DAG: ce_linear_grad_0 dh bf16[37x48]: ok
// EMULATOR-DAG: ce_linear_grad_0 dw f32[203x48]: ok
// EMULATOR-DAG: ce_linear_grad_1 dh f32[37x40]: ok
// EMULATOR-DAG: ce_linear_grad_1 dw f16[40x200]: ok
// EMULATOR-DAG: ce_linear_grad_1 db f32[200]: ok
// EMULATOR-DAG: ce_linear_grad_2 dh bf16[37x48]: ok
// EMULATOR-DAG: ce_linear_grad_2 dw bf16[203x48]: ok
// EMULATOR-DAG: ce_linear_grad_2 db f32[203]: ok
// EMULATOR-DAG: ce_linear_grad_3 dh f32[37x48]: ok
// EMULATOR-DAG: ce_linear_grad_3 dw f32[48x200]: ok

func.func @fwd_mean(%h: tensor<?x48xbf16>, %w: tensor<203x48xbf16>, %y: tensor<?xi64>)
    -> (tensor<f32>, tensor<?xf32>) {
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean) {lmhead.plan = #fwd80}
      : (tensor<?x48xbf16>, tensor<203x48xbf16>, tensor<?xi64>) -> (tensor<f32>, tensor<?xf32>)
  return %loss, %lse : tensor<f32>, tensor<?xf32>
}

func.func @fwd_none_dv(%h: tensor<37x40xf16>, %w: tensor<40x200xf16>, %y: tensor<37xi32>,
                       %b: tensor<200xf16>) -> (tensor<37xf32>, tensor<37xf32>) {
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y bias(%b) layout(dv) reduction(none)
      {ignore_index = -1 : i64, label_smoothing = 0.1 : f64, lmhead.plan = #fwd80}
      : (tensor<37x40xf16>, tensor<40x200xf16>, tensor<37xi32>, tensor<200xf16>)
      -> (tensor<37xf32>, tensor<37xf32>)
  return %loss, %lse : tensor<37xf32>, tensor<37xf32>
}

func.func @fwd_sum_sm90(%h: tensor<?x48xbf16>, %w: tensor<203x48xbf16>, %y: tensor<?xi64>)
    -> (tensor<f32>, tensor<?xf32>) {
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(sum)
      {logit_softcap = 30.0 : f64, z_loss_weight = 1.0e-4 : f64, lmhead.plan = #fwd90}
      : (tensor<?x48xbf16>, tensor<203x48xbf16>, tensor<?xi64>) -> (tensor<f32>, tensor<?xf32>)
  return %loss, %lse : tensor<f32>, tensor<?xf32>
}

func.func @negative_fwd_no_plan(%h: tensor<?x48xbf16>, %w: tensor<203x48xbf16>, %y: tensor<?xi64>)
    -> (tensor<f32>, tensor<?xf32>) {
  // expected-warning @below {{not written to the bundle: no `lmhead.plan` (a #lmhead.ce_plan); run --lmhead-plan first}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean)
      : (tensor<?x48xbf16>, tensor<203x48xbf16>, tensor<?xi64>) -> (tensor<f32>, tensor<?xf32>)
  return %loss, %lse : tensor<f32>, tensor<?xf32>
}

func.func @negative_fwd_grad_plan(%h: tensor<?x48xbf16>, %w: tensor<203x48xbf16>, %y: tensor<?xi64>)
    -> (tensor<f32>, tensor<?xf32>) {
  // expected-warning @below {{not written to the bundle: its plan is for a backward op}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean) {lmhead.plan = #grad80}
      : (tensor<?x48xbf16>, tensor<203x48xbf16>, tensor<?xi64>) -> (tensor<f32>, tensor<?xf32>)
  return %loss, %lse : tensor<f32>, tensor<?xf32>
}

func.func @negative_fwd_f32(%h: tensor<?x48xf32>, %w: tensor<203x48xf32>, %y: tensor<?xi64>)
    -> (tensor<f32>, tensor<?xf32>) {
  // expected-warning @below {{not written to the bundle: the kernels multiply f16 or bf16 operands}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean) {lmhead.plan = #fwd80}
      : (tensor<?x48xf32>, tensor<203x48xf32>, tensor<?xi64>) -> (tensor<f32>, tensor<?xf32>)
  return %loss, %lse : tensor<f32>, tensor<?xf32>
}

func.func @grad_mean(%h: tensor<?x?xbf16>, %w: tensor<203x?xbf16>, %y: tensor<?xi64>,
                     %lse: tensor<?xf32>, %g: tensor<f32>)
    -> (tensor<?x?xbf16>, tensor<203x?xf32>) {
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean) {lmhead.plan = #grad80}
      : (tensor<?x?xbf16>, tensor<203x?xbf16>, tensor<?xi64>, tensor<?xf32>, tensor<f32>)
      -> (tensor<?x?xbf16>, tensor<203x?xf32>)
  return %dh, %dw : tensor<?x?xbf16>, tensor<203x?xf32>
}

func.func @grad_none_dv(%h: tensor<37x40xf16>, %w: tensor<40x200xf16>, %y: tensor<37xi32>,
                        %lse: tensor<37xf32>, %g: tensor<37xf32>, %b: tensor<200xf16>,
                        %gh: tensor<37x40xf32>, %gw: tensor<40x200xf16>)
    -> (tensor<37x40xf32>, tensor<40x200xf16>, tensor<200xf32>) {
  %dh, %dw, %db = lmhead.ce_linear_grad %h, %w, %y, %lse, %g bias(%b) accumulate_dh(%gh) accumulate_dw(%gw)
      layout(dv) reduction(none)
      {ignore_index = -1 : i64, label_smoothing = 0.1 : f64, z_loss_weight = 1.0e-3 : f64, lmhead.plan = #grad80}
      : (tensor<37x40xf16>, tensor<40x200xf16>, tensor<37xi32>, tensor<37xf32>, tensor<37xf32>,
         tensor<200xf16>, tensor<37x40xf32>, tensor<40x200xf16>)
      -> (tensor<37x40xf32>, tensor<40x200xf16>, tensor<200xf32>)
  return %dh, %dw, %db : tensor<37x40xf32>, tensor<40x200xf16>, tensor<200xf32>
}

func.func @grad_sum_sm90(%h: tensor<?x48xbf16>, %w: tensor<203x48xbf16>, %y: tensor<?xi64>,
                         %lse: tensor<?xf32>, %g: tensor<f32>, %b: tensor<203xbf16>,
                         %gh: tensor<?x48xbf16>)
    -> (tensor<?x48xbf16>, tensor<203x48xbf16>, tensor<203xf32>) {
  %dh, %dw, %db = lmhead.ce_linear_grad %h, %w, %y, %lse, %g bias(%b) accumulate_dh(%gh)
      layout(vd) reduction(sum) {logit_softcap = 30.0 : f64, lmhead.plan = #grad90}
      : (tensor<?x48xbf16>, tensor<203x48xbf16>, tensor<?xi64>, tensor<?xf32>, tensor<f32>,
         tensor<203xbf16>, tensor<?x48xbf16>)
      -> (tensor<?x48xbf16>, tensor<203x48xbf16>, tensor<203xf32>)
  return %dh, %dw, %db : tensor<?x48xbf16>, tensor<203x48xbf16>, tensor<203xf32>
}

func.func @grad_mean_dv_sm90(%h: tensor<37x48xbf16>, %w: tensor<48x200xbf16>, %y: tensor<37xi64>,
                             %lse: tensor<37xf32>, %g: tensor<f32>)
    -> (tensor<37x48xf32>, tensor<48x200xf32>) {
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(dv) reduction(mean) {lmhead.plan = #grad90}
      : (tensor<37x48xbf16>, tensor<48x200xbf16>, tensor<37xi64>, tensor<37xf32>, tensor<f32>)
      -> (tensor<37x48xf32>, tensor<48x200xf32>)
  return %dh, %dw : tensor<37x48xf32>, tensor<48x200xf32>
}
