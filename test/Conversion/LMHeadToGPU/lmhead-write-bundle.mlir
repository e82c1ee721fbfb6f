// --lmhead-write-bundle writes the kernels of each planned linear_grad
// (sm_80 and sm_90a) as PTX and a manifest.json that lmheadBundleRun
// follows; the bundle then runs on the PTX emulator and its dh and dW match
// a float64 reference. sm_90a kernels read A and B through TMA tensor maps
// that the runtime encodes from the manifest's "tensormap" parameters, and
// are launched as programmatic dependents ("programmatic": true). Ops
// without a plan or with a bias gradient are skipped with a warning; the
// module is left unchanged.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: lmhead-opt %s --lmhead-write-bundle=dir=%t/bundle -verify-diagnostics | FileCheck %s --check-prefix=MODULE
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/bundle/manifest.json
// RUN: FileCheck %s --check-prefix=PTX0 < %t/bundle/linear_grad_0.ptx
// RUN: FileCheck %s --check-prefix=PTX1 < %t/bundle/linear_grad_1.ptx
// RUN: FileCheck %s --check-prefix=PTX2 < %t/bundle/linear_grad_2.ptx
// RUN: env LMHEAD_DEVICE=emulator %python %S/Inputs/run_bundle.py %lmhead_runtime %t/bundle --tokens 200 --seed %seed | FileCheck %s --check-prefix=EMULATOR
//
// A bundle folder is written again in place; any other file there stops it.
// RUN: lmhead-opt %s --lmhead-write-bundle=dir=%t/bundle -verify-diagnostics -o /dev/null
// RUN: not lmhead-opt %s --lmhead-write-bundle 2>&1 | FileCheck %s --check-prefix=NODIR
// RUN: mkdir -p %t/notes && touch %t/notes/README
// RUN: not lmhead-opt %s --lmhead-write-bundle=dir=%t/notes 2>&1 | FileCheck %s --check-prefix=NOTEMPTY
// RUN: not lmhead-opt %s --lmhead-write-bundle=dir=%t/notes/README 2>&1 | FileCheck %s --check-prefix=NOTDIR
// With no op left to write, no manifest is written.
// RUN: lmhead-opt %s --lmhead-decompose --lmhead-write-bundle=dir=%t/none -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOTHING
// RUN: not test -e %t/none/manifest.json
//
// The command line of the pass's description, with the plans made by
// --lmhead-plan (which replaces the ones above and plans @negative_no_plan).
// RUN: lmhead-opt %s --lmhead-plan=min-tokens=0 --lmhead-write-bundle=dir=%t/planned -o /dev/null 2>/dev/null
// RUN: FileCheck %s --check-prefix=PLANNED-MANIFEST < %t/planned/manifest.json

#c64 = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 32, warpM = 32, warpN = 32, stages = 3, copyBytes = 16, swizzle = 1>
#c128 = #lmhead.gemm<blockM = 128, blockN = 64, blockK = 32, warpM = 64, warpN = 32, stages = 2, copyBytes = 16, swizzle = 1>
#plan = #lmhead.plan<target = sm_80, dh = #c64, dw = #c128, dhMicros = 1.0 : f64, dwMicros = 1.0 : f64>
#plan_dv = #lmhead.plan<target = sm_80, dh = #c64, dw = #c64, dhMicros = 1.0 : f64, dwMicros = 1.0 : f64>
#s90 = #lmhead.gemm<blockM = 128, blockN = 64, blockK = 64, warpM = 64, warpN = 64, stages = 3, copyBytes = 16, swizzle = 1>
#plan_sm90 = #lmhead.plan<target = sm_90a, dh = #s90, dw = #s90, dhMicros = 1.0 : f64, dwMicros = 1.0 : f64>

// The module comes out as it went in.
// MODULE-LABEL: func.func @vd(
// MODULE:         lmhead.linear_grad {{.+}} layout(vd) {lmhead.plan = #lmhead.plan<target = sm_80
// MODULE-LABEL: func.func @dv(
// MODULE:         lmhead.linear_grad {{.+}} accumulate_dh({{.+}}) layout(dv)
// MODULE-NOT:   gpu.module

// MANIFEST:      "format": "lmhead-bundle",
// MANIFEST-NEXT: "version": 3,
// MANIFEST-NEXT: "producer": {"lmhead": "{{[0-9.]+}}", "revision": "{{[0-9a-f]+(-dirty)?|unknown}}", "binary": "xxh3:{{[0-9a-f]+}}", "llvm": "22.{{[0-9.]+}}"},
// MANIFEST-NEXT: "ops": {

// Tokens dynamic: `n` is an operand, the dh grid's y follows it, and the
// descriptors' sizes and the kernels' M and K name it.
// MANIFEST-NEXT:  "linear_grad_0": {
// MANIFEST-NEXT:    "ptx": "linear_grad_0.ptx",
// MANIFEST-NEXT:    "op": "linear_grad",
// MANIFEST-NEXT:    "target": "sm_80",
// MANIFEST-NEXT:    "layout": "vd",
// MANIFEST-NEXT:    "scale": 1.0,
// MANIFEST-NEXT:    "operands": ["dz", "h", "w", "dh", "dw", "n"],
// MANIFEST-NEXT:    "tensors": {
// MANIFEST-NEXT:      "dz": {"type": "bf16", "shape": ["n", 1000]},
// MANIFEST-NEXT:      "h": {"type": "bf16", "shape": ["n", 64]},
// MANIFEST-NEXT:      "w": {"type": "bf16", "shape": [1000, 64]},
// MANIFEST-NEXT:      "dh": {"type": "bf16", "shape": ["n", 64]},
// MANIFEST-NEXT:      "dw": {"type": "f32", "shape": [1000, 64]}
// MANIFEST-NEXT:    },
// MANIFEST-NEXT:    "kernels": [
// dh = dZ·W: A = dZ [n,1000], B = W [1000,64], C = dh [n,64]; M = n, N = 64, K = 1000.
// MANIFEST-NEXT:      {"name": "linear_grad_0_dh", "stream": "dh",
// MANIFEST-NEXT:       "grid": [{"min": [8, {"ceil_div": ["n", 64]}]}, 1, {"ceil_div": [{"ceil_div": ["n", 64]}, 8]}], "block": [128, 1, 1],
// MANIFEST-NEXT:       "shared_bytes": 24576,{{$}}
// MANIFEST-NEXT:       "params": ["dz", "dz", {"const": 0}, "n", {"const": 1000}, {"const": 1000}, {"const": 1},
// MANIFEST-SAME:                  "w", "w", {"const": 0}, {"const": 1000}, {"const": 64}, {"const": 64}, {"const": 1},
// MANIFEST-SAME:                  "dh", "dh", {"const": 0}, "n", {"const": 64}, {"const": 64}, {"const": 1},
// MANIFEST-SAME:                  "n", {"const": 64}, {"const": 1000}]},
// dW = dZᵀ·h: A = dZ, B = h, C = dW [1000,64]; M = 1000, N = 64, K = n.
// MANIFEST-NEXT:      {"name": "linear_grad_0_dw", "stream": "dw",
// MANIFEST-NEXT:       "grid": [8, 1, 1], "block": [128, 1, 1],
// MANIFEST-NEXT:       "shared_bytes": 24576,{{$}}
// MANIFEST-NEXT:       "params": ["dz", "dz", {"const": 0}, "n", {"const": 1000}, {"const": 1000}, {"const": 1},
// MANIFEST-SAME:                  "h", "h", {"const": 0}, "n", {"const": 64}, {"const": 64}, {"const": 1},
// MANIFEST-SAME:                  "dw", "dw", {"const": 0}, {"const": 1000}, {"const": 64}, {"const": 64}, {"const": 1},
// MANIFEST-SAME:                  {"const": 1000}, {"const": 64}, "n"]}
// MANIFEST-NEXT:    ]
// MANIFEST-NEXT:  },

// Tokens static: no `n`, constant grids; layout(dv) transposes the dW
// product (A = h, B = dZ, C = dWᵀ [64,1000]); dh accumulates.
// MANIFEST-NEXT:  "linear_grad_1": {
// MANIFEST-NEXT:    "ptx": "linear_grad_1.ptx",
// MANIFEST-NEXT:    "op": "linear_grad",
// MANIFEST-NEXT:    "target": "sm_80",
// MANIFEST-NEXT:    "layout": "dv",
// MANIFEST-NEXT:    "scale": 0.5,
// MANIFEST-NEXT:    "operands": ["dz", "h", "w", "dh", "dw"],
// MANIFEST-NEXT:    "tensors": {
// MANIFEST-NEXT:      "dz": {"type": "bf16", "shape": [200, 1000]},
// MANIFEST-NEXT:      "h": {"type": "bf16", "shape": [200, 64]},
// MANIFEST-NEXT:      "w": {"type": "bf16", "shape": [64, 1000]},
// MANIFEST-NEXT:      "dh": {"type": "f32", "shape": [200, 64], "accumulates": true},
// MANIFEST-NEXT:      "dw": {"type": "bf16", "shape": [64, 1000]}
// MANIFEST-NEXT:    },
// MANIFEST-NEXT:    "kernels": [
// MANIFEST-NEXT:      {"name": "linear_grad_1_dh", "stream": "dh",
// MANIFEST-NEXT:       "grid": [4, 1, 1], "block": [128, 1, 1],
// MANIFEST-NEXT:       "shared_bytes": 24576,{{$}}
// MANIFEST-NEXT:       "params": ["dz", "dz", {"const": 0}, {"const": 200}, {"const": 1000}, {"const": 1000}, {"const": 1},
// MANIFEST-SAME:                  "w", "w", {"const": 0}, {"const": 64}, {"const": 1000}, {"const": 1000}, {"const": 1},
// MANIFEST-SAME:                  "dh", "dh", {"const": 0}, {"const": 200}, {"const": 64}, {"const": 64}, {"const": 1},
// MANIFEST-SAME:                  {"const": 200}, {"const": 64}, {"const": 1000}]},
// MANIFEST-NEXT:      {"name": "linear_grad_1_dw", "stream": "dw",
// MANIFEST-NEXT:       "grid": [1, 16, 1], "block": [128, 1, 1],
// MANIFEST-NEXT:       "shared_bytes": 24576,{{$}}
// MANIFEST-NEXT:       "params": ["h", "h", {"const": 0}, {"const": 200}, {"const": 64}, {"const": 64}, {"const": 1},
// MANIFEST-SAME:                  "dz", "dz", {"const": 0}, {"const": 200}, {"const": 1000}, {"const": 1000}, {"const": 1},
// MANIFEST-SAME:                  "dw", "dw", {"const": 0}, {"const": 64}, {"const": 1000}, {"const": 1000}, {"const": 1},
// MANIFEST-SAME:                  {"const": 64}, {"const": 1000}, {"const": 200}]}
// MANIFEST-NEXT:    ]
// MANIFEST-NEXT:  },

// sm_90a: A and B are tensor maps of the stored operands, with the boxes of
// sm90OperandMapType (K-major dZ in dh: blockM x 64; the MN-major operands:
// 64 x 64 panels) and the 128-byte swizzle; C and M, N, K as on sm_80; one
// producer and two consumer warpgroups.
// MANIFEST-NEXT:  "linear_grad_2": {
// MANIFEST-NEXT:    "ptx": "linear_grad_2.ptx",
// MANIFEST-NEXT:    "op": "linear_grad",
// MANIFEST-NEXT:    "target": "sm_90a",
// MANIFEST:         "kernels": [
// MANIFEST-NEXT:      {"name": "linear_grad_2_dh", "stream": "dh",
// MANIFEST-NEXT:       "grid": [{"min": [8, {"ceil_div": ["n", 128]}]}, 1, {"ceil_div": [{"ceil_div": ["n", 128]}, 8]}], "block": [384, 1, 1],
// MANIFEST-NEXT:       "shared_bytes": 74752, "programmatic": true,
// MANIFEST-NEXT:       "params": [{"tensormap": "dz", "shape": ["n", 1000], "box": [128, 64], "swizzle": 128, "element": "bf16"},
// MANIFEST-SAME:                  {"tensormap": "w", "shape": [1000, 64], "box": [64, 64], "swizzle": 128, "element": "bf16"},
// MANIFEST-SAME:                  "dh", "dh", {"const": 0}, "n", {"const": 64}, {"const": 64}, {"const": 1},
// MANIFEST-SAME:                  "n", {"const": 64}, {"const": 1000}]},
// MANIFEST-NEXT:      {"name": "linear_grad_2_dw", "stream": "dw",
// MANIFEST-NEXT:       "grid": [8, 1, 1], "block": [384, 1, 1],
// MANIFEST-NEXT:       "shared_bytes": 74752, "programmatic": true,
// MANIFEST-NEXT:       "params": [{"tensormap": "dz", "shape": ["n", 1000], "box": [64, 64], "swizzle": 128, "element": "bf16"},
// MANIFEST-SAME:                  {"tensormap": "h", "shape": ["n", 64], "box": [64, 64], "swizzle": 128, "element": "bf16"},
// MANIFEST-SAME:                  "dw", "dw", {"const": 0}, {"const": 1000}, {"const": 64}, {"const": 64}, {"const": 1},
// MANIFEST-SAME:                  {"const": 1000}, {"const": 64}, "n"]}
// MANIFEST-NEXT:    ]
// MANIFEST-NEXT:  }
// MANIFEST-NEXT: }
// MANIFEST-NEXT: }

// Each kernel's parameters are its descriptors' fields and M, N, K: 3·7 + 3.
// PTX0:     .target sm_80
// PTX0:     .visible .entry linear_grad_0_dh(
// PTX0-COUNT-24: .param .u64 {{.*}}linear_grad_0_dh_param_{{[0-9]+}}
// PTX0-NEXT: )
// PTX0:     cp.async.cg.shared.global
// PTX0:     ldmatrix.sync.aligned
// PTX0:     mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// PTX0:     .visible .entry linear_grad_0_dw(
// PTX0-COUNT-24: .param .u64 {{.*}}linear_grad_0_dw_param_{{[0-9]+}}
// PTX0-NEXT: )
// PTX0:     mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32

// PTX1:     .visible .entry linear_grad_1_dh(
// PTX1:     .visible .entry linear_grad_1_dw(
// PTX1-NOT: linear_grad_0

// sm_90a kernels: two tensor-map pointers, C's descriptor, M, N, K.
// PTX2:     .target sm_90a
// PTX2:     .visible .entry linear_grad_2_dh(
// PTX2-COUNT-12: .param .u64 {{.*}}linear_grad_2_dh_param_{{[0-9]+}}
// PTX2-NEXT: )
// PTX2-DAG: cp.async.bulk.tensor.2d
// PTX2-DAG: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16
// PTX2:     .visible .entry linear_grad_2_dw(

// EMULATOR-DAG: linear_grad_0 dh bf16[200x64]: ok
// EMULATOR-DAG: linear_grad_0 dw f32[1000x64]: ok
// EMULATOR-DAG: linear_grad_1 dh f32[200x64]: ok
// EMULATOR-DAG: linear_grad_1 dw bf16[64x1000]: ok
// EMULATOR-DAG: linear_grad_2 dh bf16[200x64]: ok
// EMULATOR-DAG: linear_grad_2 dw f32[1000x64]: ok

// NODIR: error: --lmhead-write-bundle needs the folder to write into: --lmhead-write-bundle=dir=<folder>
// NOTEMPTY: error: refusing to write a bundle into '{{.+}}/notes': it holds 'README', which is not a bundle's (manifest.json and .ptx files only); use an empty or new folder
// NOTHING: warning: --lmhead-write-bundle: no planned lmhead op (linear_grad, ce_linear_fwd, ce_linear_grad, ce_linear_step) in the module; nothing written
// NOTDIR: error: cannot write a bundle to '{{.+}}/notes/README': it is not a folder

// PLANNED-MANIFEST: "linear_grad_0_dh"
// PLANNED-MANIFEST: "linear_grad_0_dw"
// PLANNED-MANIFEST: "linear_grad_1_dh"
// PLANNED-MANIFEST: "linear_grad_2_dh"
// PLANNED-MANIFEST: "linear_grad_3_dh"

func.func @vd(%dz: tensor<?x1000xbf16>, %h: tensor<?x64xbf16>,
              %w: tensor<1000x64xbf16>) -> (tensor<?x64xbf16>, tensor<1000x64xf32>) {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd) {lmhead.plan = #plan}
      : (tensor<?x1000xbf16>, tensor<?x64xbf16>, tensor<1000x64xbf16>)
      -> (tensor<?x64xbf16>, tensor<1000x64xf32>)
  return %dh, %dw : tensor<?x64xbf16>, tensor<1000x64xf32>
}

func.func @dv(%dz: tensor<200x1000xbf16>, %h: tensor<200x64xbf16>,
              %w: tensor<64x1000xbf16>, %acc: tensor<200x64xf32>)
    -> (tensor<200x64xf32>, tensor<64x1000xbf16>) {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w accumulate_dh(%acc) layout(dv)
      {scale = 5.000000e-01 : f64, lmhead.plan = #plan_dv}
      : (tensor<200x1000xbf16>, tensor<200x64xbf16>, tensor<64x1000xbf16>,
         tensor<200x64xf32>)
      -> (tensor<200x64xf32>, tensor<64x1000xbf16>)
  return %dh, %dw : tensor<200x64xf32>, tensor<64x1000xbf16>
}

func.func @negative_no_plan(%dz: tensor<?x1000xbf16>, %h: tensor<?x64xbf16>,
                            %w: tensor<1000x64xbf16>) -> tensor<?x64xbf16> {
  // expected-warning @below {{not written to the bundle: no `lmhead.plan`; run --lmhead-plan first}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<?x1000xbf16>, tensor<?x64xbf16>, tensor<1000x64xbf16>)
      -> (tensor<?x64xbf16>, tensor<1000x64xbf16>)
  return %dh : tensor<?x64xbf16>
}

func.func @sm90(%dz: tensor<?x1000xbf16>, %h: tensor<?x64xbf16>,
                %w: tensor<1000x64xbf16>) -> (tensor<?x64xbf16>, tensor<1000x64xf32>) {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd) {lmhead.plan = #plan_sm90}
      : (tensor<?x1000xbf16>, tensor<?x64xbf16>, tensor<1000x64xbf16>)
      -> (tensor<?x64xbf16>, tensor<1000x64xf32>)
  return %dh, %dw : tensor<?x64xbf16>, tensor<1000x64xf32>
}

func.func @negative_bias(%dz: tensor<?x1000xbf16>, %h: tensor<?x64xbf16>,
                         %w: tensor<1000x64xbf16>) -> tensor<1000xf32> {
  // expected-warning @below {{not written to the bundle: the bias gradient has no kernel epilogue yet}}
  %dh, %dw, %db = lmhead.linear_grad %dz, %h, %w layout(vd) {lmhead.plan = #plan}
      : (tensor<?x1000xbf16>, tensor<?x64xbf16>, tensor<1000x64xbf16>)
      -> (tensor<?x64xbf16>, tensor<1000x64xbf16>, tensor<1000xf32>)
  return %db : tensor<1000xf32>
}
