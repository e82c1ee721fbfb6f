// The plugin makes the lmhead dialect, passes and pipelines available to the
// stock mlir-opt of LLVM 22.

// RUN: echo 'module {}' | mlir-opt --load-dialect-plugin=%lmhead_plugin --load-pass-plugin=%lmhead_plugin --pass-pipeline='builtin.module(lmhead-decompose)' | FileCheck %s --check-prefix=EMPTY
// EMPTY: module {

// RUN: mlir-opt %s --load-dialect-plugin=%lmhead_plugin --verify-roundtrip | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: mlir-opt %s --load-dialect-plugin=%lmhead_plugin --load-pass-plugin=%lmhead_plugin --pass-pipeline='builtin.module(lmhead-decompose)' | FileCheck %s --check-prefix=DECOMPOSE
// RUN: mlir-opt --load-pass-plugin=%lmhead_plugin --help | FileCheck %s --check-prefix=HELP

// HELP-DAG: --lmhead-decompose
// HELP-DAG: --lmhead-cpu-pipeline

// ROUNDTRIP-LABEL: func.func @grad(
// ROUNDTRIP: lmhead.linear_grad %{{.*}}, %{{.*}}, %{{.*}} layout(vd)

// DECOMPOSE-LABEL: func.func @grad(
// DECOMPOSE-NOT: lmhead.
// DECOMPOSE: linalg.generic
// DECOMPOSE: linalg.generic
// DECOMPOSE-NOT: lmhead.
func.func @grad(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>) {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
    : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return %dh, %dw : tensor<8x4xf32>, tensor<32x4xf32>
}
