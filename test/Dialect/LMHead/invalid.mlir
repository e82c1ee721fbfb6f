// RUN: lmhead-opt %s -split-input-file -verify-diagnostics

// One case per error of the lmhead verifiers (lib/Dialect/LMHead/IR/
// LMHeadOps.cpp) and of the ODS-generated parsers and verifiers.

//===----------------------------------------------------------------------===//
// linear_grad: ranks
//===----------------------------------------------------------------------===//

func.func @negative_linear_grad_dz_rank(%dz: tensor<8x32x1xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>) {
  // expected-error @+1 {{'lmhead.linear_grad' op 'dz' must be a rank-2 tensor [N,V], got 'tensor<8x32x1xf32>'}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<8x32x1xf32>, tensor<8x4xf32>, tensor<32x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_linear_grad_h_rank(%dz: tensor<8x32xf32>, %h: tensor<32xf32>, %w: tensor<32x4xf32>) {
  // expected-error @+1 {{'lmhead.linear_grad' op 'h' must be a rank-2 tensor [N,D], got 'tensor<32xf32>'}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<8x32xf32>, tensor<32xf32>, tensor<32x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_linear_grad_w_rank_vd(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<128xf32>) {
  // expected-error @+1 {{'lmhead.linear_grad' op 'w' must be a rank-2 tensor [V,D] (layout vd), got 'tensor<128xf32>'}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<128xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_linear_grad_w_rank_dv(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<1x4x32xf32>) {
  // expected-error @+1 {{'lmhead.linear_grad' op 'w' must be a rank-2 tensor [D,V] (layout dv), got 'tensor<1x4x32xf32>'}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(dv)
      : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<1x4x32xf32>) -> (tensor<8x4xf32>, tensor<4x32xf32>)
  return
}

// -----

func.func @negative_linear_grad_dh_rank(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>) {
  // expected-error @+1 {{'lmhead.linear_grad' op 'dh' must be a rank-2 tensor [N,D], got 'tensor<32xf32>'}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>) -> (tensor<32xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_linear_grad_dw_rank(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<4x32xf32>) {
  // expected-error @+1 {{'lmhead.linear_grad' op 'dw' must be a rank-2 tensor [D,V] (layout dv), got 'tensor<128xf32>'}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(dv)
      : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<4x32xf32>) -> (tensor<8x4xf32>, tensor<128xf32>)
  return
}

// -----

func.func @negative_linear_grad_db_rank(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>) {
  // expected-error @+1 {{'lmhead.linear_grad' op 'db' must be a rank-1 tensor [V], got 'tensor<1x32xf32>'}}
  %dh, %dw, %db = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>)
      -> (tensor<8x4xf32>, tensor<32x4xf32>, tensor<1x32xf32>)
  return
}

//===----------------------------------------------------------------------===//
// linear_grad: element types
//===----------------------------------------------------------------------===//

// -----

func.func @negative_linear_grad_dz_integer(%dz: tensor<8x32xi32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>) {
  // expected-error @+1 {{'lmhead.linear_grad' op 'dz' must have element type f32, f16 or bf16, got 'i32'}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<8x32xi32>, tensor<8x4xf32>, tensor<32x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_linear_grad_f64(%dz: tensor<8x32xf64>, %h: tensor<8x4xf64>, %w: tensor<32x4xf64>) {
  // expected-error @+1 {{'lmhead.linear_grad' op 'dz' must have element type f32, f16 or bf16, got 'f64'}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<8x32xf64>, tensor<8x4xf64>, tensor<32x4xf64>) -> (tensor<8x4xf64>, tensor<32x4xf64>)
  return
}

// -----

func.func @negative_linear_grad_h_integer(%dz: tensor<8x32xf32>, %h: tensor<8x4xi8>, %w: tensor<32x4xf32>) {
  // expected-error @+1 {{'lmhead.linear_grad' op 'h' must have element type f32, f16 or bf16, got 'i8'}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<8x32xf32>, tensor<8x4xi8>, tensor<32x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_linear_grad_w_type(%dz: tensor<8x32xbf16>, %h: tensor<8x4xbf16>, %w: tensor<32x4xf32>) {
  // expected-error @+1 {{'lmhead.linear_grad' op 'w' and 'h' must share one element type, got 'f32' and 'bf16'}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<8x32xbf16>, tensor<8x4xbf16>, tensor<32x4xf32>) -> (tensor<8x4xbf16>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_linear_grad_h_dz_type(%dz: tensor<8x32xf32>, %h: tensor<8x4xf16>, %w: tensor<32x4xf16>) {
  // expected-error @+1 {{'lmhead.linear_grad' op 'h' and 'dz' must share one element type, got 'f16' and 'f32'}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<8x32xf32>, tensor<8x4xf16>, tensor<32x4xf16>) -> (tensor<8x4xf16>, tensor<32x4xf16>)
  return
}

// -----

func.func @negative_linear_grad_dh_type(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>) {
  // expected-error @+1 {{'lmhead.linear_grad' op 'dh' must have element type f32, f16 or bf16, got 'f64'}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>) -> (tensor<8x4xf64>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_linear_grad_dw_type(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>) {
  // expected-error @+1 {{'lmhead.linear_grad' op 'dw' must have element type f32, f16 or bf16, got 'i32'}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xi32>)
  return
}

// -----

func.func @negative_linear_grad_db_type(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>) {
  // expected-error @+1 {{'lmhead.linear_grad' op 'db' must have element type f32, f16 or bf16, got 'f8E4M3FN'}}
  %dh, %dw, %db = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>)
      -> (tensor<8x4xf32>, tensor<32x4xf32>, tensor<32xf8E4M3FN>)
  return
}

//===----------------------------------------------------------------------===//
// linear_grad: N, D and V
//===----------------------------------------------------------------------===//

// -----

func.func @negative_linear_grad_n_dz_h(%dz: tensor<8x32xf32>, %h: tensor<7x4xf32>, %w: tensor<32x4xf32>) {
  // expected-error @+1 {{'lmhead.linear_grad' op token count N mismatch: 'dz' dim 0 is 8 but 'h' dim 0 is 7}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<8x32xf32>, tensor<7x4xf32>, tensor<32x4xf32>) -> (tensor<7x4xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_linear_grad_n_h_dh(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>) {
  // expected-error @+1 {{'lmhead.linear_grad' op token count N mismatch: 'dz' dim 0 is 8 but 'dh' dim 0 is 16}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>) -> (tensor<16x4xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_linear_grad_d_h_w_vd(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x5xf32>) {
  // expected-error @+1 {{'lmhead.linear_grad' op hidden size D mismatch: 'h' dim 1 is 4 but 'w' dim 1 is 5}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x5xf32>) -> (tensor<8x4xf32>, tensor<32x5xf32>)
  return
}

// -----

// With layout(dv), a [V,D] weight is read as D = 32: the layout is not
// guessed from the shapes.
func.func @negative_linear_grad_d_h_w_dv(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>) {
  // expected-error @+1 {{'lmhead.linear_grad' op hidden size D mismatch: 'h' dim 1 is 4 but 'w' dim 0 is 32}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(dv)
      : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_linear_grad_d_h_dh(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>) {
  // expected-error @+1 {{'lmhead.linear_grad' op hidden size D mismatch: 'h' dim 1 is 4 but 'dh' dim 1 is 8}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>) -> (tensor<8x8xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_linear_grad_d_h_dw_vd(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>) {
  // expected-error @+1 {{'lmhead.linear_grad' op hidden size D mismatch: 'h' dim 1 is 4 but 'dw' dim 1 is 2}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>) -> (tensor<8x4xf32>, tensor<32x2xf32>)
  return
}

// -----

func.func @negative_linear_grad_d_h_dw_dv(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<4x32xf32>) {
  // expected-error @+1 {{'lmhead.linear_grad' op hidden size D mismatch: 'h' dim 1 is 4 but 'dw' dim 0 is 2}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(dv)
      : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<4x32xf32>) -> (tensor<8x4xf32>, tensor<2x32xf32>)
  return
}

// -----

func.func @negative_linear_grad_v_dz_w_vd(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<16x4xf32>) {
  // expected-error @+1 {{'lmhead.linear_grad' op vocabulary size V mismatch: 'dz' dim 1 is 32 but 'w' dim 0 is 16}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<16x4xf32>) -> (tensor<8x4xf32>, tensor<16x4xf32>)
  return
}

// -----

func.func @negative_linear_grad_v_dz_w_dv(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<4x16xf32>) {
  // expected-error @+1 {{'lmhead.linear_grad' op vocabulary size V mismatch: 'dz' dim 1 is 32 but 'w' dim 1 is 16}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(dv)
      : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<4x16xf32>) -> (tensor<8x4xf32>, tensor<4x16xf32>)
  return
}

// -----

func.func @negative_linear_grad_v_w_dw(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>) {
  // expected-error @+1 {{'lmhead.linear_grad' op vocabulary size V mismatch: 'dz' dim 1 is 32 but 'dw' dim 0 is 64}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>) -> (tensor<8x4xf32>, tensor<64x4xf32>)
  return
}

// -----

// The weight gradient has the weight's layout, not the transposed one.
func.func @negative_linear_grad_dw_transposed(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<4x32xf32>) {
  // expected-error @+1 {{'lmhead.linear_grad' op hidden size D mismatch: 'h' dim 1 is 4 but 'dw' dim 0 is 32}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(dv)
      : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<4x32xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_linear_grad_v_w_db(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<4x32xf32>) {
  // expected-error @+1 {{'lmhead.linear_grad' op vocabulary size V mismatch: 'dz' dim 1 is 32 but 'db' dim 0 is 4}}
  %dh, %dw, %db = lmhead.linear_grad %dz, %h, %w layout(dv)
      : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<4x32xf32>)
      -> (tensor<8x4xf32>, tensor<4x32xf32>, tensor<4xf32>)
  return
}

//===----------------------------------------------------------------------===//
// linear_grad: accumulate-into operands and attributes
//===----------------------------------------------------------------------===//

// -----

func.func @negative_linear_grad_accumulate_dh_type(%dz: tensor<8x32xbf16>, %h: tensor<8x4xbf16>, %w: tensor<32x4xbf16>,
                                                   %gh: tensor<8x4xbf16>) {
  // expected-error @+1 {{'lmhead.linear_grad' op 'accumulate_dh' must have the type of result 'dh' ('tensor<8x4xf32>'), got 'tensor<8x4xbf16>'}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w accumulate_dh(%gh) layout(vd)
      : (tensor<8x32xbf16>, tensor<8x4xbf16>, tensor<32x4xbf16>, tensor<8x4xbf16>)
      -> (tensor<8x4xf32>, tensor<32x4xbf16>)
  return
}

// -----

func.func @negative_linear_grad_accumulate_dw_shape(%dz: tensor<8x32xbf16>, %h: tensor<8x4xbf16>, %w: tensor<32x4xbf16>,
                                                    %gw: tensor<4x32xf32>) {
  // expected-error @+1 {{'lmhead.linear_grad' op 'accumulate_dw' must have the type of result 'dw' ('tensor<32x4xf32>'), got 'tensor<4x32xf32>'}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w accumulate_dw(%gw) layout(vd)
      : (tensor<8x32xbf16>, tensor<8x4xbf16>, tensor<32x4xbf16>, tensor<4x32xf32>)
      -> (tensor<8x4xbf16>, tensor<32x4xf32>)
  return
}

// -----

// A dynamic accumulate-into operand is not the static result type.
func.func @negative_linear_grad_accumulate_dw_dynamic(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>,
                                                      %gw: tensor<?x4xf32>) {
  // expected-error @+1 {{'lmhead.linear_grad' op 'accumulate_dw' must have the type of result 'dw' ('tensor<32x4xf32>'), got 'tensor<?x4xf32>'}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w accumulate_dw(%gw) layout(vd)
      : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>, tensor<?x4xf32>)
      -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_linear_grad_acc_type(%dz: tensor<8x32xbf16>, %h: tensor<8x4xbf16>, %w: tensor<32x4xbf16>) {
  // expected-error @+1 {{'lmhead.linear_grad' op acc_type must be f32 or the operand element type 'bf16', got 'f16'}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd) {acc_type = f16}
      : (tensor<8x32xbf16>, tensor<8x4xbf16>, tensor<32x4xbf16>) -> (tensor<8x4xbf16>, tensor<32x4xbf16>)
  return
}

// -----

func.func @negative_linear_grad_acc_type_f64(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>) {
  // expected-error @+1 {{'lmhead.linear_grad' op acc_type must be f32 or the operand element type 'f32', got 'f64'}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd) {acc_type = f64}
      : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_linear_grad_scale_inf(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>) {
  // expected-error @+1 {{'lmhead.linear_grad' op scale must be a finite number}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd) {scale = 0x7FF0000000000000 : f64}
      : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_linear_grad_scale_nan(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>) {
  // expected-error @+1 {{'lmhead.linear_grad' op scale must be a finite number}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd) {scale = 0x7FF8000000000000 : f64}
      : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_linear_grad_scale_not_f64(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>) {
  // expected-error @+1 {{attribute 'scale' failed to satisfy constraint: 64-bit float attribute}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd) {scale = 0.5 : f32}
      : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

//===----------------------------------------------------------------------===//
// linear_grad: parser and ODS
//===----------------------------------------------------------------------===//

// -----

func.func @negative_linear_grad_two_operands(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>) {
  // expected-error @+1 {{expected ','}}
  %dh, %dw = lmhead.linear_grad %dz, %h layout(vd) : (tensor<8x32xf32>, tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_linear_grad_type_count(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>) {
  // expected-error @+1 {{number of operands and types do not match: got 3 operands and 2 types}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd) : (tensor<8x32xf32>, tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_linear_grad_unknown_layout(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'layout' [vd, dv]}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(nd) : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_linear_grad_missing_layout(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>) {
  // expected-error @+1 {{expected 'layout'}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_linear_grad_one_result(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>) {
  // expected-error @+1 {{expected the result types '(dh, dw[, db][, stats tensor<3xf32>])'}}
  %dh = lmhead.linear_grad %dz, %h, %w layout(vd) : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>) -> tensor<8x4xf32>
  return
}

// -----

func.func @negative_linear_grad_one_result_in_parentheses(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>) {
  // expected-error @+1 {{expected the result types '(dh, dw[, db][, stats tensor<3xf32>])'}}
  %dh = lmhead.linear_grad %dz, %h, %w layout(vd) : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>) -> (tensor<8x4xf32>)
  return
}

// -----

func.func @negative_linear_grad_generic_one_result(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>) {
  // expected-error @+1 {{'lmhead.linear_grad' op expected 2 or more results}}
  %0 = "lmhead.linear_grad"(%dz, %h, %w) <{layout = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>,
                                           resultSegmentSizes = array<i32: 1, 0, 0, 0>}>
      : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>) -> tensor<8x4xf32>
  return
}

// -----

func.func @negative_linear_grad_four_results(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>) {
  // expected-error @+1 {{'lmhead.linear_grad' op result group starting at #2 requires 0 or 1 element, but found 2}}
  %0:4 = "lmhead.linear_grad"(%dz, %h, %w) <{layout = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>,
                                             resultSegmentSizes = array<i32: 1, 1, 2, 0>}>
      : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>)
      -> (tensor<8x4xf32>, tensor<32x4xf32>, tensor<32xf32>, tensor<32xf32>)
  return
}

// -----

func.func @negative_linear_grad_unranked(%dz: tensor<*xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>) {
  // expected-error @+1 {{'lmhead.linear_grad' op operand #0 must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd) : (tensor<*xf32>, tensor<8x4xf32>, tensor<32x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_linear_grad_generic_no_layout(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>) {
  // expected-error @+1 {{'lmhead.linear_grad' op requires attribute 'layout'}}
  %0:2 = "lmhead.linear_grad"(%dz, %h, %w) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>,
                                             resultSegmentSizes = array<i32: 1, 1, 0, 0>}>
      : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_linear_grad_generic_segments(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>) {
  // expected-error @+1 {{'lmhead.linear_grad' op operand count (3) does not match with the total size (4) specified in attribute 'operandSegmentSizes'}}
  %0:2 = "lmhead.linear_grad"(%dz, %h, %w) <{layout = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0>}>
      : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_linear_grad_generic_bad_layout(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>) {
  // expected-error @+1 {{invalid properties {layout = 7 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} for op lmhead.linear_grad: Invalid attribute `layout` in property conversion: 7 : i32}}
  %0:2 = "lmhead.linear_grad"(%dz, %h, %w) <{layout = 7 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}>
      : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

//===----------------------------------------------------------------------===//
// ce_linear_fwd: hidden states, weight, labels
//===----------------------------------------------------------------------===//

// -----

func.func @negative_ce_linear_fwd_h_rank(%h: tensor<8x4x1xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>) {
  // expected-error @+1 {{'lmhead.ce_linear_fwd' op 'h' must be a rank-2 tensor [N,D], got 'tensor<8x4x1xf32>'}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean)
      : (tensor<8x4x1xf32>, tensor<32x4xf32>, tensor<8xi64>) -> (tensor<f32>, tensor<8xf32>)
  return
}

// -----

func.func @negative_ce_linear_fwd_w_rank(%h: tensor<8x4xf32>, %w: tensor<4xf32>, %y: tensor<8xi64>) {
  // expected-error @+1 {{'lmhead.ce_linear_fwd' op 'w' must be a rank-2 tensor [V,D] (layout vd), got 'tensor<4xf32>'}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean)
      : (tensor<8x4xf32>, tensor<4xf32>, tensor<8xi64>) -> (tensor<f32>, tensor<8xf32>)
  return
}

// -----

func.func @negative_ce_linear_fwd_h_integer(%h: tensor<8x4xi32>, %w: tensor<32x4xi32>, %y: tensor<8xi64>) {
  // expected-error @+1 {{'lmhead.ce_linear_fwd' op 'h' must have element type f32, f16 or bf16, got 'i32'}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean)
      : (tensor<8x4xi32>, tensor<32x4xi32>, tensor<8xi64>) -> (tensor<f32>, tensor<8xf32>)
  return
}

// -----

func.func @negative_ce_linear_fwd_w_type(%h: tensor<8x4xf16>, %w: tensor<4x32xbf16>, %y: tensor<8xi64>) {
  // expected-error @+1 {{'lmhead.ce_linear_fwd' op 'w' and 'h' must share one element type, got 'bf16' and 'f16'}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(dv) reduction(mean)
      : (tensor<8x4xf16>, tensor<4x32xbf16>, tensor<8xi64>) -> (tensor<f32>, tensor<8xf32>)
  return
}

// -----

func.func @negative_ce_linear_fwd_d_vd(%h: tensor<8x4xf32>, %w: tensor<32x8xf32>, %y: tensor<8xi64>) {
  // expected-error @+1 {{'lmhead.ce_linear_fwd' op hidden size D mismatch: 'h' dim 1 is 4 but 'w' dim 1 is 8}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean)
      : (tensor<8x4xf32>, tensor<32x8xf32>, tensor<8xi64>) -> (tensor<f32>, tensor<8xf32>)
  return
}

// -----

func.func @negative_ce_linear_fwd_d_dv(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>) {
  // expected-error @+1 {{'lmhead.ce_linear_fwd' op hidden size D mismatch: 'h' dim 1 is 4 but 'w' dim 0 is 32}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(dv) reduction(mean)
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>) -> (tensor<f32>, tensor<8xf32>)
  return
}

// -----

func.func @negative_ce_linear_fwd_labels_rank(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8x1xi64>) {
  // expected-error @+1 {{'lmhead.ce_linear_fwd' op 'labels' must be a rank-1 tensor [N], got 'tensor<8x1xi64>'}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean)
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8x1xi64>) -> (tensor<f32>, tensor<8xf32>)
  return
}

// -----

func.func @negative_ce_linear_fwd_labels_i16(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi16>) {
  // expected-error @+1 {{'lmhead.ce_linear_fwd' op 'labels' must have element type i32 or i64, got 'i16'}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean)
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi16>) -> (tensor<f32>, tensor<8xf32>)
  return
}

// -----

func.func @negative_ce_linear_fwd_labels_f32(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xf32>) {
  // expected-error @+1 {{'lmhead.ce_linear_fwd' op 'labels' must have element type i32 or i64, got 'f32'}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean)
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xf32>) -> (tensor<f32>, tensor<8xf32>)
  return
}

// -----

func.func @negative_ce_linear_fwd_labels_ui64(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xui64>) {
  // expected-error @+1 {{'lmhead.ce_linear_fwd' op 'labels' must have element type i32 or i64, got 'ui64'}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean)
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xui64>) -> (tensor<f32>, tensor<8xf32>)
  return
}

// -----

func.func @negative_ce_linear_fwd_labels_si32(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xsi32>) {
  // expected-error @+1 {{'lmhead.ce_linear_fwd' op 'labels' must have element type i32 or i64, got 'si32'}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean)
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xsi32>) -> (tensor<f32>, tensor<8xf32>)
  return
}

// -----

func.func @negative_ce_linear_fwd_labels_index(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xindex>) {
  // expected-error @+1 {{'lmhead.ce_linear_fwd' op 'labels' must have element type i32 or i64, got 'index'}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean)
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xindex>) -> (tensor<f32>, tensor<8xf32>)
  return
}

// -----

func.func @negative_ce_linear_fwd_ignore_index_above_i32(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi32>) {
  // expected-error @+1 {{'lmhead.ce_linear_fwd' op ignore_index 2147483648 does not fit the i32 labels}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean) {ignore_index = 2147483648 : i64}
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi32>) -> (tensor<f32>, tensor<8xf32>)
  return
}

// -----

func.func @negative_ce_linear_fwd_ignore_index_below_i32(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi32>) {
  // expected-error @+1 {{'lmhead.ce_linear_fwd' op ignore_index -2147483649 does not fit the i32 labels}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean) {ignore_index = -2147483649 : i64}
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi32>) -> (tensor<f32>, tensor<8xf32>)
  return
}

// -----

func.func @negative_ce_linear_fwd_ignore_index_i32_attr(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi32>) {
  // expected-error @+1 {{attribute 'ignore_index' failed to satisfy constraint: 64-bit signless integer attribute}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean) {ignore_index = -1 : i32}
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi32>) -> (tensor<f32>, tensor<8xf32>)
  return
}

// -----

func.func @negative_ce_linear_fwd_n_labels(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<6xi64>) {
  // expected-error @+1 {{'lmhead.ce_linear_fwd' op token count N mismatch: 'h' dim 0 is 8 but 'labels' dim 0 is 6}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean)
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<6xi64>) -> (tensor<f32>, tensor<8xf32>)
  return
}

// -----

func.func @negative_ce_linear_fwd_empty_vocabulary_vd(%h: tensor<8x4xf32>, %w: tensor<0x4xf32>, %y: tensor<8xi64>) {
  // expected-error @+1 {{'lmhead.ce_linear_fwd' op vocabulary size V ('w' dim 0) must be at least 1}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean)
      : (tensor<8x4xf32>, tensor<0x4xf32>, tensor<8xi64>) -> (tensor<f32>, tensor<8xf32>)
  return
}

// -----

func.func @negative_ce_linear_fwd_empty_vocabulary_dv(%h: tensor<?x4xf32>, %w: tensor<4x0xf32>, %y: tensor<?xi64>) {
  // expected-error @+1 {{'lmhead.ce_linear_fwd' op vocabulary size V ('w' dim 1) must be at least 1}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(dv) reduction(mean)
      : (tensor<?x4xf32>, tensor<4x0xf32>, tensor<?xi64>) -> (tensor<f32>, tensor<?xf32>)
  return
}

//===----------------------------------------------------------------------===//
// ce_linear_fwd: bias
//===----------------------------------------------------------------------===//

// -----

func.func @negative_ce_linear_fwd_bias_rank(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>, %b: tensor<1x32xf32>) {
  // expected-error @+1 {{'lmhead.ce_linear_fwd' op 'bias' must be a rank-1 tensor [V], got 'tensor<1x32xf32>'}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y bias(%b) layout(vd) reduction(mean)
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>, tensor<1x32xf32>) -> (tensor<f32>, tensor<8xf32>)
  return
}

// -----

func.func @negative_ce_linear_fwd_bias_type(%h: tensor<8x4xbf16>, %w: tensor<32x4xbf16>, %y: tensor<8xi64>, %b: tensor<32xf32>) {
  // expected-error @+1 {{'lmhead.ce_linear_fwd' op 'bias' and 'h' must share one element type, got 'f32' and 'bf16'}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y bias(%b) layout(vd) reduction(mean)
      : (tensor<8x4xbf16>, tensor<32x4xbf16>, tensor<8xi64>, tensor<32xf32>) -> (tensor<f32>, tensor<8xf32>)
  return
}

// -----

func.func @negative_ce_linear_fwd_bias_size(%h: tensor<8x4xf32>, %w: tensor<4x32xf32>, %y: tensor<8xi64>, %b: tensor<4xf32>) {
  // expected-error @+1 {{'lmhead.ce_linear_fwd' op vocabulary size V mismatch: 'w' dim 1 is 32 but 'bias' dim 0 is 4}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y bias(%b) layout(dv) reduction(mean)
      : (tensor<8x4xf32>, tensor<4x32xf32>, tensor<8xi64>, tensor<4xf32>) -> (tensor<f32>, tensor<8xf32>)
  return
}

//===----------------------------------------------------------------------===//
// ce_linear_fwd: options
//===----------------------------------------------------------------------===//

// -----

func.func @negative_ce_linear_fwd_label_smoothing_negative(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>) {
  // expected-error @+1 {{'lmhead.ce_linear_fwd' op label_smoothing must be in [0, 1), got -1.000000e-01}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean) {label_smoothing = -0.1 : f64}
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>) -> (tensor<f32>, tensor<8xf32>)
  return
}

// -----

func.func @negative_ce_linear_fwd_label_smoothing_one(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>) {
  // expected-error @+1 {{'lmhead.ce_linear_fwd' op label_smoothing must be in [0, 1), got 1.000000e+00}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean) {label_smoothing = 1.0 : f64}
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>) -> (tensor<f32>, tensor<8xf32>)
  return
}

// -----

func.func @negative_ce_linear_fwd_label_smoothing_nan(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>) {
  // expected-error @+1 {{'lmhead.ce_linear_fwd' op label_smoothing must be in [0, 1), got nan}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean) {label_smoothing = 0x7FF8000000000000 : f64}
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>) -> (tensor<f32>, tensor<8xf32>)
  return
}

// -----

func.func @negative_ce_linear_fwd_logit_softcap_negative(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>) {
  // expected-error @+1 {{'lmhead.ce_linear_fwd' op logit_softcap must be a finite number >= 0, got -3.000000e+01}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean) {logit_softcap = -30.0 : f64}
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>) -> (tensor<f32>, tensor<8xf32>)
  return
}

// -----

func.func @negative_ce_linear_fwd_logit_softcap_inf(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>) {
  // expected-error @+1 {{'lmhead.ce_linear_fwd' op logit_softcap must be a finite number >= 0, got INF}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean) {logit_softcap = 0x7FF0000000000000 : f64}
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>) -> (tensor<f32>, tensor<8xf32>)
  return
}

// -----

func.func @negative_ce_linear_fwd_z_loss_weight_negative(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>) {
  // expected-error @+1 {{'lmhead.ce_linear_fwd' op z_loss_weight must be a finite number >= 0, got -1.000000e-04}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean) {z_loss_weight = -1.0e-4 : f64}
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>) -> (tensor<f32>, tensor<8xf32>)
  return
}

// -----

func.func @negative_ce_linear_fwd_z_loss_weight_inf(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>) {
  // expected-error @+1 {{'lmhead.ce_linear_fwd' op z_loss_weight must be a finite number >= 0, got INF}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean) {z_loss_weight = 0x7FF0000000000000 : f64}
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>) -> (tensor<f32>, tensor<8xf32>)
  return
}

// -----

func.func @negative_ce_linear_fwd_acc_type(%h: tensor<8x4xf16>, %w: tensor<32x4xf16>, %y: tensor<8xi64>) {
  // expected-error @+1 {{'lmhead.ce_linear_fwd' op acc_type must be f32 or the operand element type 'f16', got 'bf16'}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean) {acc_type = bf16}
      : (tensor<8x4xf16>, tensor<32x4xf16>, tensor<8xi64>) -> (tensor<f32>, tensor<8xf32>)
  return
}

// -----

func.func @negative_ce_linear_fwd_acc_type_not_type(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>) {
  // expected-error @+1 {{attribute 'acc_type' failed to satisfy constraint: any type attribute}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean) {acc_type = 32 : i64}
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>) -> (tensor<f32>, tensor<8xf32>)
  return
}

//===----------------------------------------------------------------------===//
// ce_linear_fwd: loss and lse
//===----------------------------------------------------------------------===//

// -----

func.func @negative_ce_linear_fwd_loss_type(%h: tensor<8x4xbf16>, %w: tensor<32x4xbf16>, %y: tensor<8xi64>) {
  // expected-error @+1 {{'lmhead.ce_linear_fwd' op 'loss' must have element type f32, got 'bf16'}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean)
      : (tensor<8x4xbf16>, tensor<32x4xbf16>, tensor<8xi64>) -> (tensor<bf16>, tensor<8xf32>)
  return
}

// -----

func.func @negative_ce_linear_fwd_loss_mean_vector(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>) {
  // expected-error @+1 {{'lmhead.ce_linear_fwd' op 'loss' must be a rank-0 tensor (a scalar for reduction mean or sum), got 'tensor<8xf32>'}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean)
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>) -> (tensor<8xf32>, tensor<8xf32>)
  return
}

// -----

func.func @negative_ce_linear_fwd_loss_sum_vector(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>) {
  // expected-error @+1 {{'lmhead.ce_linear_fwd' op 'loss' must be a rank-0 tensor (a scalar for reduction mean or sum), got 'tensor<1xf32>'}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(sum)
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>) -> (tensor<1xf32>, tensor<8xf32>)
  return
}

// -----

func.func @negative_ce_linear_fwd_loss_none_scalar(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>) {
  // expected-error @+1 {{'lmhead.ce_linear_fwd' op 'loss' must be a rank-1 tensor [N] (reduction none), got 'tensor<f32>'}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(none)
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>) -> (tensor<f32>, tensor<8xf32>)
  return
}

// -----

func.func @negative_ce_linear_fwd_loss_none_size(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>) {
  // expected-error @+1 {{'lmhead.ce_linear_fwd' op token count N mismatch: 'h' dim 0 is 8 but 'loss' dim 0 is 4}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(none)
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>) -> (tensor<4xf32>, tensor<8xf32>)
  return
}

// -----

func.func @negative_ce_linear_fwd_lse_type(%h: tensor<8x4xf16>, %w: tensor<32x4xf16>, %y: tensor<8xi64>) {
  // expected-error @+1 {{'lmhead.ce_linear_fwd' op 'lse' must have element type f32, got 'f16'}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean)
      : (tensor<8x4xf16>, tensor<32x4xf16>, tensor<8xi64>) -> (tensor<f32>, tensor<8xf16>)
  return
}

// -----

func.func @negative_ce_linear_fwd_lse_rank(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>) {
  // expected-error @+1 {{'lmhead.ce_linear_fwd' op 'lse' must be a rank-1 tensor [N], got 'tensor<8x1xf32>'}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean)
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>) -> (tensor<f32>, tensor<8x1xf32>)
  return
}

// -----

func.func @negative_ce_linear_fwd_lse_size(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>) {
  // expected-error @+1 {{'lmhead.ce_linear_fwd' op token count N mismatch: 'h' dim 0 is 8 but 'lse' dim 0 is 32}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean)
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>) -> (tensor<f32>, tensor<32xf32>)
  return
}

//===----------------------------------------------------------------------===//
// ce_linear_fwd: parser and ODS
//===----------------------------------------------------------------------===//

// -----

func.func @negative_ce_linear_fwd_unknown_reduction(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'reduction' [mean, sum, none]}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(avg) : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>) -> (tensor<f32>, tensor<8xf32>)
  return
}

// -----

func.func @negative_ce_linear_fwd_missing_reduction(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>) {
  // expected-error @+1 {{expected 'reduction'}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>) -> (tensor<f32>, tensor<8xf32>)
  return
}

// -----

func.func @negative_ce_linear_fwd_unknown_layout(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'layout' [vd, dv]}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(VD) reduction(mean) : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>) -> (tensor<f32>, tensor<8xf32>)
  return
}

// -----

func.func @negative_ce_linear_fwd_two_operands(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>) {
  // expected-error @+1 {{expected ','}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w layout(vd) reduction(mean) : (tensor<8x4xf32>, tensor<32x4xf32>) -> (tensor<f32>, tensor<8xf32>)
  return
}

// -----

func.func @negative_ce_linear_fwd_three_results(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>) {
  // expected-error @+1 {{'lmhead.ce_linear_fwd' op expected 2 results}}
  %0:3 = "lmhead.ce_linear_fwd"(%h, %w, %y) <{layout = 0 : i32, reduction = 0 : i32}>
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>) -> (tensor<f32>, tensor<8xf32>, tensor<8xf32>)
  return
}

// -----

func.func @negative_ce_linear_fwd_generic_bad_reduction(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>) {
  // expected-error @+1 {{invalid properties {layout = 0 : i32, reduction = 3 : i32} for op lmhead.ce_linear_fwd: Invalid attribute `reduction` in property conversion: 3 : i32}}
  %0:2 = "lmhead.ce_linear_fwd"(%h, %w, %y) <{layout = 0 : i32, reduction = 3 : i32}>
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>) -> (tensor<f32>, tensor<8xf32>)
  return
}

//===----------------------------------------------------------------------===//
// ce_linear_grad: checks shared with ce_linear_fwd
//===----------------------------------------------------------------------===//

// -----

func.func @negative_ce_linear_grad_h_rank(%h: tensor<4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>,
                                          %lse: tensor<8xf32>, %g: tensor<f32>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op 'h' must be a rank-2 tensor [N,D], got 'tensor<4xf32>'}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean)
      : (tensor<4xf32>, tensor<32x4xf32>, tensor<8xi64>, tensor<8xf32>, tensor<f32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_ce_linear_grad_w_rank(%h: tensor<8x4xf32>, %w: tensor<4x32x1xf32>, %y: tensor<8xi64>,
                                          %lse: tensor<8xf32>, %g: tensor<f32>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op 'w' must be a rank-2 tensor [D,V] (layout dv), got 'tensor<4x32x1xf32>'}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(dv) reduction(mean)
      : (tensor<8x4xf32>, tensor<4x32x1xf32>, tensor<8xi64>, tensor<8xf32>, tensor<f32>) -> (tensor<8x4xf32>, tensor<4x32xf32>)
  return
}

// -----

func.func @negative_ce_linear_grad_h_f64(%h: tensor<8x4xf64>, %w: tensor<32x4xf64>, %y: tensor<8xi64>,
                                         %lse: tensor<8xf32>, %g: tensor<f32>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op 'h' must have element type f32, f16 or bf16, got 'f64'}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean)
      : (tensor<8x4xf64>, tensor<32x4xf64>, tensor<8xi64>, tensor<8xf32>, tensor<f32>) -> (tensor<8x4xf64>, tensor<32x4xf64>)
  return
}

// -----

func.func @negative_ce_linear_grad_w_type(%h: tensor<8x4xf32>, %w: tensor<32x4xf16>, %y: tensor<8xi64>,
                                          %lse: tensor<8xf32>, %g: tensor<f32>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op 'w' and 'h' must share one element type, got 'f16' and 'f32'}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean)
      : (tensor<8x4xf32>, tensor<32x4xf16>, tensor<8xi64>, tensor<8xf32>, tensor<f32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_ce_linear_grad_d_h_w(%h: tensor<8x4xf32>, %w: tensor<32x16xf32>, %y: tensor<8xi64>,
                                         %lse: tensor<8xf32>, %g: tensor<f32>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op hidden size D mismatch: 'h' dim 1 is 4 but 'w' dim 1 is 16}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean)
      : (tensor<8x4xf32>, tensor<32x16xf32>, tensor<8xi64>, tensor<8xf32>, tensor<f32>) -> (tensor<8x4xf32>, tensor<32x16xf32>)
  return
}

// -----

func.func @negative_ce_linear_grad_labels_rank(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<i64>,
                                               %lse: tensor<8xf32>, %g: tensor<f32>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op 'labels' must be a rank-1 tensor [N], got 'tensor<i64>'}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean)
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<i64>, tensor<8xf32>, tensor<f32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_ce_linear_grad_labels_i1(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi1>,
                                             %lse: tensor<8xf32>, %g: tensor<f32>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op 'labels' must have element type i32 or i64, got 'i1'}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean)
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi1>, tensor<8xf32>, tensor<f32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_ce_linear_grad_ignore_index_i32(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi32>,
                                                    %lse: tensor<8xf32>, %g: tensor<f32>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op ignore_index 4294967295 does not fit the i32 labels}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean) {ignore_index = 4294967295 : i64}
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi32>, tensor<8xf32>, tensor<f32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_ce_linear_grad_n_labels(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<9xi64>,
                                            %lse: tensor<8xf32>, %g: tensor<f32>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op token count N mismatch: 'h' dim 0 is 8 but 'labels' dim 0 is 9}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean)
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<9xi64>, tensor<8xf32>, tensor<f32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_ce_linear_grad_empty_vocabulary(%h: tensor<8x4xf32>, %w: tensor<0x4xf32>, %y: tensor<8xi64>,
                                                    %lse: tensor<8xf32>, %g: tensor<f32>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op vocabulary size V ('w' dim 0) must be at least 1}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean)
      : (tensor<8x4xf32>, tensor<0x4xf32>, tensor<8xi64>, tensor<8xf32>, tensor<f32>) -> (tensor<8x4xf32>, tensor<0x4xf32>)
  return
}

// -----

func.func @negative_ce_linear_grad_bias_rank(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>,
                                             %lse: tensor<8xf32>, %g: tensor<f32>, %b: tensor<f32>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op 'bias' must be a rank-1 tensor [V], got 'tensor<f32>'}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g bias(%b) layout(vd) reduction(mean)
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>, tensor<8xf32>, tensor<f32>, tensor<f32>)
      -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_ce_linear_grad_bias_type(%h: tensor<8x4xf16>, %w: tensor<32x4xf16>, %y: tensor<8xi64>,
                                             %lse: tensor<8xf32>, %g: tensor<f32>, %b: tensor<32xf32>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op 'bias' and 'h' must share one element type, got 'f32' and 'f16'}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g bias(%b) layout(vd) reduction(mean)
      : (tensor<8x4xf16>, tensor<32x4xf16>, tensor<8xi64>, tensor<8xf32>, tensor<f32>, tensor<32xf32>)
      -> (tensor<8x4xf16>, tensor<32x4xf16>)
  return
}

// -----

func.func @negative_ce_linear_grad_bias_size(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>,
                                             %lse: tensor<8xf32>, %g: tensor<f32>, %b: tensor<31xf32>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op vocabulary size V mismatch: 'w' dim 0 is 32 but 'bias' dim 0 is 31}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g bias(%b) layout(vd) reduction(mean)
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>, tensor<8xf32>, tensor<f32>, tensor<31xf32>)
      -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_ce_linear_grad_label_smoothing(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>,
                                                   %lse: tensor<8xf32>, %g: tensor<f32>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op label_smoothing must be in [0, 1), got 1.500000e+00}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean) {label_smoothing = 1.5 : f64}
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>, tensor<8xf32>, tensor<f32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_ce_linear_grad_logit_softcap(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>,
                                                 %lse: tensor<8xf32>, %g: tensor<f32>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op logit_softcap must be a finite number >= 0, got -1.000000e+00}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean) {logit_softcap = -1.0 : f64}
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>, tensor<8xf32>, tensor<f32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_ce_linear_grad_z_loss_weight(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>,
                                                 %lse: tensor<8xf32>, %g: tensor<f32>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op z_loss_weight must be a finite number >= 0, got -2.000000e+00}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean) {z_loss_weight = -2.0 : f64}
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>, tensor<8xf32>, tensor<f32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_ce_linear_grad_acc_type(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>,
                                            %lse: tensor<8xf32>, %g: tensor<f32>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op acc_type must be f32 or the operand element type 'f32', got 'i32'}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean) {acc_type = i32}
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>, tensor<8xf32>, tensor<f32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

//===----------------------------------------------------------------------===//
// ce_linear_grad: lse and dloss
//===----------------------------------------------------------------------===//

// -----

func.func @negative_ce_linear_grad_lse_type(%h: tensor<8x4xbf16>, %w: tensor<32x4xbf16>, %y: tensor<8xi64>,
                                            %lse: tensor<8xbf16>, %g: tensor<f32>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op 'lse' must have element type f32, got 'bf16'}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean)
      : (tensor<8x4xbf16>, tensor<32x4xbf16>, tensor<8xi64>, tensor<8xbf16>, tensor<f32>) -> (tensor<8x4xbf16>, tensor<32x4xbf16>)
  return
}

// -----

func.func @negative_ce_linear_grad_lse_rank(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>,
                                            %lse: tensor<f32>, %g: tensor<f32>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op 'lse' must be a rank-1 tensor [N], got 'tensor<f32>'}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean)
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>, tensor<f32>, tensor<f32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_ce_linear_grad_lse_size(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>,
                                            %lse: tensor<16xf32>, %g: tensor<f32>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op token count N mismatch: 'h' dim 0 is 8 but 'lse' dim 0 is 16}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean)
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>, tensor<16xf32>, tensor<f32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_ce_linear_grad_dloss_type(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>,
                                              %lse: tensor<8xf32>, %g: tensor<f16>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op 'dloss' must have element type f32, got 'f16'}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean)
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>, tensor<8xf32>, tensor<f16>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_ce_linear_grad_dloss_mean_vector(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>,
                                                     %lse: tensor<8xf32>, %g: tensor<8xf32>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op 'dloss' must be a rank-0 tensor (a scalar for reduction mean or sum), got 'tensor<8xf32>'}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean)
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>, tensor<8xf32>, tensor<8xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_ce_linear_grad_dloss_sum_vector(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>,
                                                    %lse: tensor<8xf32>, %g: tensor<1xf32>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op 'dloss' must be a rank-0 tensor (a scalar for reduction mean or sum), got 'tensor<1xf32>'}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(sum)
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>, tensor<8xf32>, tensor<1xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_ce_linear_grad_dloss_none_scalar(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>,
                                                     %lse: tensor<8xf32>, %g: tensor<f32>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op 'dloss' must be a rank-1 tensor [N] (reduction none), got 'tensor<f32>'}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(none)
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>, tensor<8xf32>, tensor<f32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_ce_linear_grad_dloss_none_size(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>,
                                                   %lse: tensor<8xf32>, %g: tensor<7xf32>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op token count N mismatch: 'h' dim 0 is 8 but 'dloss' dim 0 is 7}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(none)
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>, tensor<8xf32>, tensor<7xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

//===----------------------------------------------------------------------===//
// ce_linear_grad: gradients
//===----------------------------------------------------------------------===//

// -----

func.func @negative_ce_linear_grad_db_without_bias(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>,
                                                   %lse: tensor<8xf32>, %g: tensor<f32>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op a bias gradient result needs a 'bias' operand (the logits have no bias to differentiate)}}
  %dh, %dw, %db = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean)
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>, tensor<8xf32>, tensor<f32>)
      -> (tensor<8x4xf32>, tensor<32x4xf32>, tensor<32xf32>)
  return
}

// -----

func.func @negative_ce_linear_grad_dh_rank(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>,
                                           %lse: tensor<8xf32>, %g: tensor<f32>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op 'dh' must be a rank-2 tensor [N,D], got 'tensor<8x4x1xf32>'}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean)
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>, tensor<8xf32>, tensor<f32>) -> (tensor<8x4x1xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_ce_linear_grad_dw_rank(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>,
                                           %lse: tensor<8xf32>, %g: tensor<f32>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op 'dw' must be a rank-2 tensor [V,D] (layout vd), got 'tensor<128xf32>'}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean)
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>, tensor<8xf32>, tensor<f32>) -> (tensor<8x4xf32>, tensor<128xf32>)
  return
}

// -----

func.func @negative_ce_linear_grad_dh_type(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>,
                                           %lse: tensor<8xf32>, %g: tensor<f32>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op 'dh' must have element type f32, f16 or bf16, got 'i32'}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean)
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>, tensor<8xf32>, tensor<f32>) -> (tensor<8x4xi32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_ce_linear_grad_dw_type(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>,
                                           %lse: tensor<8xf32>, %g: tensor<f32>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op 'dw' must have element type f32, f16 or bf16, got 'f64'}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean)
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>, tensor<8xf32>, tensor<f32>) -> (tensor<8x4xf32>, tensor<32x4xf64>)
  return
}

// -----

func.func @negative_ce_linear_grad_db_rank(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>,
                                           %lse: tensor<8xf32>, %g: tensor<f32>, %b: tensor<32xf32>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op 'db' must be a rank-1 tensor [V], got 'tensor<32x1xf32>'}}
  %dh, %dw, %db = lmhead.ce_linear_grad %h, %w, %y, %lse, %g bias(%b) layout(vd) reduction(mean)
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>, tensor<8xf32>, tensor<f32>, tensor<32xf32>)
      -> (tensor<8x4xf32>, tensor<32x4xf32>, tensor<32x1xf32>)
  return
}

// -----

func.func @negative_ce_linear_grad_db_type(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>,
                                           %lse: tensor<8xf32>, %g: tensor<f32>, %b: tensor<32xf32>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op 'db' must have element type f32, f16 or bf16, got 'i64'}}
  %dh, %dw, %db = lmhead.ce_linear_grad %h, %w, %y, %lse, %g bias(%b) layout(vd) reduction(mean)
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>, tensor<8xf32>, tensor<f32>, tensor<32xf32>)
      -> (tensor<8x4xf32>, tensor<32x4xf32>, tensor<32xi64>)
  return
}

// -----

func.func @negative_ce_linear_grad_v_w_db(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>,
                                          %lse: tensor<8xf32>, %g: tensor<f32>, %b: tensor<32xf32>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op vocabulary size V mismatch: 'w' dim 0 is 32 but 'db' dim 0 is 16}}
  %dh, %dw, %db = lmhead.ce_linear_grad %h, %w, %y, %lse, %g bias(%b) layout(vd) reduction(mean)
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>, tensor<8xf32>, tensor<f32>, tensor<32xf32>)
      -> (tensor<8x4xf32>, tensor<32x4xf32>, tensor<16xf32>)
  return
}

// -----

func.func @negative_ce_linear_grad_n_h_dh(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>,
                                          %lse: tensor<8xf32>, %g: tensor<f32>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op token count N mismatch: 'h' dim 0 is 8 but 'dh' dim 0 is 4}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean)
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>, tensor<8xf32>, tensor<f32>) -> (tensor<4x4xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_ce_linear_grad_d_h_dh(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>,
                                          %lse: tensor<8xf32>, %g: tensor<f32>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op hidden size D mismatch: 'h' dim 1 is 4 but 'dh' dim 1 is 32}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean)
      : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>, tensor<8xf32>, tensor<f32>) -> (tensor<8x32xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_ce_linear_grad_d_h_dw(%h: tensor<8x4xf32>, %w: tensor<4x32xf32>, %y: tensor<8xi64>,
                                          %lse: tensor<8xf32>, %g: tensor<f32>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op hidden size D mismatch: 'h' dim 1 is 4 but 'dw' dim 0 is 8}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(dv) reduction(mean)
      : (tensor<8x4xf32>, tensor<4x32xf32>, tensor<8xi64>, tensor<8xf32>, tensor<f32>) -> (tensor<8x4xf32>, tensor<8x32xf32>)
  return
}

// -----

func.func @negative_ce_linear_grad_v_w_dw(%h: tensor<8x4xf32>, %w: tensor<4x32xf32>, %y: tensor<8xi64>,
                                          %lse: tensor<8xf32>, %g: tensor<f32>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op vocabulary size V mismatch: 'w' dim 1 is 32 but 'dw' dim 1 is 64}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(dv) reduction(mean)
      : (tensor<8x4xf32>, tensor<4x32xf32>, tensor<8xi64>, tensor<8xf32>, tensor<f32>) -> (tensor<8x4xf32>, tensor<4x64xf32>)
  return
}

// -----

func.func @negative_ce_linear_grad_accumulate_dh(%h: tensor<8x4xbf16>, %w: tensor<32x4xbf16>, %y: tensor<8xi64>,
                                                 %lse: tensor<8xf32>, %g: tensor<f32>, %gh: tensor<8x4xf32>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op 'accumulate_dh' must have the type of result 'dh' ('tensor<8x4xbf16>'), got 'tensor<8x4xf32>'}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g accumulate_dh(%gh) layout(vd) reduction(mean)
      : (tensor<8x4xbf16>, tensor<32x4xbf16>, tensor<8xi64>, tensor<8xf32>, tensor<f32>, tensor<8x4xf32>)
      -> (tensor<8x4xbf16>, tensor<32x4xbf16>)
  return
}

// -----

func.func @negative_ce_linear_grad_accumulate_dw(%h: tensor<8x4xbf16>, %w: tensor<32x4xbf16>, %y: tensor<8xi64>,
                                                 %lse: tensor<8xf32>, %g: tensor<f32>, %gw: tensor<32x4xbf16>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op 'accumulate_dw' must have the type of result 'dw' ('tensor<32x4xf32>'), got 'tensor<32x4xbf16>'}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g accumulate_dw(%gw) layout(vd) reduction(mean)
      : (tensor<8x4xbf16>, tensor<32x4xbf16>, tensor<8xi64>, tensor<8xf32>, tensor<f32>, tensor<32x4xbf16>)
      -> (tensor<8x4xbf16>, tensor<32x4xf32>)
  return
}

//===----------------------------------------------------------------------===//
// ce_linear_grad: parser and ODS
//===----------------------------------------------------------------------===//

// -----

func.func @negative_ce_linear_grad_four_operands(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>, %lse: tensor<8xf32>) {
  // expected-error @+1 {{expected ','}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse layout(vd) reduction(mean) : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>, tensor<8xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_ce_linear_grad_unknown_reduction(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>,
                                                     %lse: tensor<8xf32>, %g: tensor<f32>) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'reduction' [mean, sum, none]}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(batchmean) : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>, tensor<8xf32>, tensor<f32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

// -----

// The optional clauses come in a fixed order: bias, accumulate_dh,
// accumulate_dw.
func.func @negative_ce_linear_grad_clause_order(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>,
                                                %lse: tensor<8xf32>, %g: tensor<f32>, %b: tensor<32xf32>,
                                                %gw: tensor<32x4xf32>) {
  // expected-error @+1 {{expected 'layout'}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g accumulate_dw(%gw) bias(%b) layout(vd) reduction(mean) : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>, tensor<8xf32>, tensor<f32>, tensor<32x4xf32>, tensor<32xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return
}

// -----

// Two static sizes disagree although the operand between them is dynamic.
func.func @negative_linear_grad_tokens_through_dynamic_h(%dz: tensor<8x32xf32>, %h: tensor<?x4xf32>, %w: tensor<32x4xf32>) {
  // expected-error @+1 {{'lmhead.linear_grad' op token count N mismatch: 'dz' dim 0 is 8 but 'dh' dim 0 is 4}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
    : (tensor<8x32xf32>, tensor<?x4xf32>, tensor<32x4xf32>) -> (tensor<4x4xf32>, tensor<32x4xf32>)
  return
}

// -----

func.func @negative_linear_grad_vocab_through_dynamic_w(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<?x4xf32>) {
  // expected-error @+1 {{'lmhead.linear_grad' op vocabulary size V mismatch: 'dz' dim 1 is 32 but 'dw' dim 0 is 16}}
  %dh, %dw, %db = lmhead.linear_grad %dz, %h, %w layout(vd)
    : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<?x4xf32>) -> (tensor<8x4xf32>, tensor<16x4xf32>, tensor<8xf32>)
  return
}

// -----

func.func @negative_linear_grad_hidden_through_dynamic_h(%dz: tensor<8x32xf32>, %h: tensor<8x?xf32>, %w: tensor<32x4xf32>) {
  // expected-error @+1 {{'lmhead.linear_grad' op hidden size D mismatch: 'w' dim 1 is 4 but 'dw' dim 1 is 8}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd)
    : (tensor<8x32xf32>, tensor<8x?xf32>, tensor<32x4xf32>) -> (tensor<8x?xf32>, tensor<32x8xf32>)
  return
}

// -----

func.func @negative_ce_fwd_tokens_through_dynamic_h(%h: tensor<?x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>) {
  // expected-error @+1 {{'lmhead.ce_linear_fwd' op token count N mismatch: 'labels' dim 0 is 8 but 'loss' dim 0 is 6}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(none)
    : (tensor<?x4xf32>, tensor<32x4xf32>, tensor<8xi64>) -> (tensor<6xf32>, tensor<4xf32>)
  return
}

// -----

func.func @negative_ce_grad_vocab_through_dynamic_w(%h: tensor<?x4xf32>, %w: tensor<?x4xf32>, %y: tensor<8xi64>, %lse: tensor<8xf32>, %g: tensor<8xf32>, %b: tensor<32xf32>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op vocabulary size V mismatch: 'bias' dim 0 is 32 but 'dw' dim 0 is 16}}
  %dh, %dw, %db = lmhead.ce_linear_grad %h, %w, %y, %lse, %g bias(%b) layout(vd) reduction(none)
    : (tensor<?x4xf32>, tensor<?x4xf32>, tensor<8xi64>, tensor<8xf32>, tensor<8xf32>, tensor<32xf32>) -> (tensor<?x4xf32>, tensor<16x4xf32>, tensor<8xf32>)
  return
}

// -----

func.func @negative_ce_fwd_empty_bias_with_dynamic_w(%h: tensor<8x4xf32>, %w: tensor<?x4xf32>, %y: tensor<8xi64>, %b: tensor<0xf32>) {
  // expected-error @+1 {{'lmhead.ce_linear_fwd' op vocabulary size V ('bias' dim 0) must be at least 1}}
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y bias(%b) layout(vd) reduction(mean)
    : (tensor<8x4xf32>, tensor<?x4xf32>, tensor<8xi64>, tensor<0xf32>) -> (tensor<f32>, tensor<8xf32>)
  return
}

//===----------------------------------------------------------------------===//
// #lmhead.gemm
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{warpM must be a positive multiple of 16 (the M of mma.sync.m16n8k16), got 24}}
func.func @negative_gemm_warp_m() attributes {lmhead.config = #lmhead.gemm<blockM = 48, blockN = 64, blockK = 32, warpM = 24, warpN = 32, stages = 3, copyBytes = 16, swizzle = 1>} {
  return
}

// -----

// expected-error @+1 {{warpN must be a positive multiple of 16 (two n8 MMA tiles per ldmatrix.x4), got 8}}
func.func @negative_gemm_warp_n() attributes {lmhead.config = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 32, warpM = 32, warpN = 8, stages = 3, copyBytes = 16, swizzle = 1>} {
  return
}

// -----

// expected-error @+1 {{the block tile 96x64 must be a whole number of warp tiles 64x32}}
func.func @negative_gemm_block_not_warps() attributes {lmhead.config = #lmhead.gemm<blockM = 96, blockN = 64, blockK = 32, warpM = 64, warpN = 32, stages = 3, copyBytes = 16, swizzle = 1>} {
  return
}

// -----

// expected-error @+1 {{groupRows must be at least 1 (the rows of tiles the grid walks together), got 0}}
func.func @negative_gemm_group_rows() attributes {lmhead.config = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 32, warpM = 32, warpN = 32, stages = 3, copyBytes = 16, swizzle = 1, groupRows = 0>} {
  return
}

// -----

// expected-error @+1 {{persistent must be a number of blocks, or 0 for one block per tile, got -1}}
func.func @negative_gemm_persistent() attributes {lmhead.config = #lmhead.gemm<blockM = 128, blockN = 256, blockK = 64, warpM = 64, warpN = 256, stages = 3, copyBytes = 16, swizzle = 1, persistent = -1>} {
  return
}

// -----

// expected-error @+1 {{the cluster must be 1x1, 2x1 or 1x2 blocks, got 2x2}}
func.func @negative_gemm_cluster() attributes {lmhead.config = #lmhead.gemm<blockM = 128, blockN = 128, blockK = 64, warpM = 64, warpN = 128, stages = 4, copyBytes = 16, swizzle = 1, clusterM = 2, clusterN = 2>} {
  return
}

// -----

// expected-error @+1 {{a persistent grid of clusters of 2 blocks needs a multiple of that many blocks, got 131}}
func.func @negative_gemm_cluster_grid() attributes {lmhead.config = #lmhead.gemm<blockM = 128, blockN = 128, blockK = 64, warpM = 64, warpN = 128, stages = 4, copyBytes = 16, swizzle = 1, persistent = 131, clusterN = 2>} {
  return
}

// -----

// expected-error @+1 {{tmaStore must be 0 (C stored from registers) or 1 (through shared memory and TMA), got 2}}
func.func @negative_gemm_tma_store() attributes {lmhead.config = #lmhead.gemm<blockM = 128, blockN = 128, blockK = 64, warpM = 64, warpN = 128, stages = 3, copyBytes = 16, swizzle = 1, tmaStore = 2>} {
  return
}

// -----

// expected-error @+1 {{pingPong must be 0 (consumer warpgroups split each tile) or 1 (they take whole tiles in turns), got 2}}
func.func @negative_gemm_ping_pong() attributes {lmhead.config = #lmhead.gemm<blockM = 128, blockN = 128, blockK = 64, warpM = 128, warpN = 128, stages = 3, copyBytes = 16, swizzle = 1, persistent = 132, pingPong = 2>} {
  return
}

// -----

// expected-error @+1 {{a ping-pong kernel is persistent and each of its consumer warpgroups computes a whole tile (warpM = blockM), got persistent = 0, blockM = 128, warpM = 128}}
func.func @negative_gemm_ping_pong_per_tile() attributes {lmhead.config = #lmhead.gemm<blockM = 128, blockN = 128, blockK = 64, warpM = 128, warpN = 128, stages = 3, copyBytes = 16, swizzle = 1, pingPong = 1>} {
  return
}

// -----

// expected-error @+1 {{a ping-pong kernel is persistent and each of its consumer warpgroups computes a whole tile (warpM = blockM), got persistent = 132, blockM = 128, warpM = 64}}
func.func @negative_gemm_ping_pong_split_tile() attributes {lmhead.config = #lmhead.gemm<blockM = 128, blockN = 128, blockK = 64, warpM = 64, warpN = 128, stages = 3, copyBytes = 16, swizzle = 1, persistent = 132, pingPong = 1>} {
  return
}

// -----

// The sm_80 kernels have no warpgroups to alternate.
func.func @negative_plan_ping_pong_sm80(%dz: tensor<512x1024xbf16>, %h: tensor<512x256xbf16>, %w: tensor<1024x256xbf16>) -> (tensor<512x256xbf16>, tensor<1024x256xf32>) {
  // expected-error @+1 {{the dh GEMM's sm_80 kernel has no warpgroups to alternate; pingPong = 1 needs an sm_90a kernel}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd) {lmhead.plan = #lmhead.plan<target = sm_80, dh = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 32, warpM = 64, warpN = 64, stages = 2, copyBytes = 16, swizzle = 1, persistent = 132, pingPong = 1>, dw = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 32, warpM = 32, warpN = 32, stages = 2, copyBytes = 16, swizzle = 1>, dhMicros = 1.0 : f64, dwMicros = 1.0 : f64>}
    : (tensor<512x1024xbf16>, tensor<512x256xbf16>, tensor<1024x256xbf16>) -> (tensor<512x256xbf16>, tensor<1024x256xf32>)
  return %dh, %dw : tensor<512x256xbf16>, tensor<1024x256xf32>
}

// -----

// The sm_80 kernels (on either target) store C from registers.
func.func @negative_plan_tma_store_sm80(%dz: tensor<512x1024xbf16>, %h: tensor<512x256xbf16>, %w: tensor<1024x256xbf16>) -> (tensor<512x256xbf16>, tensor<1024x256xf32>) {
  // expected-error @+1 {{the dw GEMM's sm_80 kernel stores C from registers; tmaStore = 1 needs an sm_90a kernel}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd) {lmhead.plan = #lmhead.plan<target = sm_80, dh = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 32, warpM = 32, warpN = 32, stages = 2, copyBytes = 16, swizzle = 1>, dw = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 32, warpM = 32, warpN = 32, stages = 2, copyBytes = 16, swizzle = 1, tmaStore = 1>, dhMicros = 1.0 : f64, dwMicros = 1.0 : f64>}
    : (tensor<512x1024xbf16>, tensor<512x256xbf16>, tensor<1024x256xbf16>) -> (tensor<512x256xbf16>, tensor<1024x256xf32>)
  return %dh, %dw : tensor<512x256xbf16>, tensor<1024x256xf32>
}

// -----

// The sm_80 kernels (on either target) run without clusters.
func.func @negative_plan_cluster_sm80(%dz: tensor<512x1024xbf16>, %h: tensor<512x256xbf16>, %w: tensor<1024x256xbf16>) -> (tensor<512x256xbf16>, tensor<1024x256xf32>) {
  // expected-error @+1 {{the dh GEMM's sm_80 kernel runs without clusters; a cluster of 2x1 needs an sm_90a kernel}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd) {lmhead.plan = #lmhead.plan<target = sm_90a, dh = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 32, warpM = 32, warpN = 32, stages = 2, copyBytes = 8, swizzle = 1, clusterM = 2, kernel = sm_80>, dw = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 32, warpM = 32, warpN = 32, stages = 2, copyBytes = 8, swizzle = 1, kernel = sm_80>, dhMicros = 1.0 : f64, dwMicros = 1.0 : f64>}
    : (tensor<512x1024xbf16>, tensor<512x256xbf16>, tensor<1024x256xbf16>) -> (tensor<512x256xbf16>, tensor<1024x256xf32>)
  return %dh, %dw : tensor<512x256xbf16>, tensor<1024x256xf32>
}

// -----

// The sm_80 kernels (on either target) with element copies take one block
// per tile (persistent ones load the next tile with cp.async).
func.func @negative_plan_persistent_sm80(%dz: tensor<512x1024xbf16>, %h: tensor<512x256xbf16>, %w: tensor<1024x256xbf16>) -> (tensor<512x256xbf16>, tensor<1024x256xf32>) {
  // expected-error @+1 {{the dw GEMM's sm_80 kernel with element copies (copyBytes = 2) takes one block per tile; persistent = 108 needs cp.async copies}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd) {lmhead.plan = #lmhead.plan<target = sm_80, dh = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 32, warpM = 32, warpN = 32, stages = 2, copyBytes = 16, swizzle = 1, persistent = 108>, dw = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 32, warpM = 32, warpN = 32, stages = 2, copyBytes = 2, swizzle = 1, persistent = 108>, dhMicros = 1.0 : f64, dwMicros = 1.0 : f64>}
    : (tensor<512x1024xbf16>, tensor<512x256xbf16>, tensor<1024x256xbf16>) -> (tensor<512x256xbf16>, tensor<1024x256xf32>)
  return %dh, %dw : tensor<512x256xbf16>, tensor<1024x256xf32>
}

// -----

// expected-error @+1 {{the block tile needs 64 warps; a thread block has at most 32}}
func.func @negative_gemm_too_many_warps() attributes {lmhead.config = #lmhead.gemm<blockM = 256, blockN = 256, blockK = 32, warpM = 32, warpN = 32, stages = 3, copyBytes = 16, swizzle = 1>} {
  return
}

// -----

// expected-error @+1 {{blockK must be a positive multiple of 16 (the K of mma.sync.m16n8k16), got 40}}
func.func @negative_gemm_block_k() attributes {lmhead.config = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 40, warpM = 32, warpN = 32, stages = 3, copyBytes = 16, swizzle = 1>} {
  return
}

// -----

// expected-error @+1 {{stages must be at least 2 (one step copied while another is multiplied), got 1}}
func.func @negative_gemm_stages() attributes {lmhead.config = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 32, warpM = 32, warpN = 32, stages = 1, copyBytes = 16, swizzle = 1>} {
  return
}

// -----

// expected-error @+1 {{copyBytes must be 4, 8 or 16 (the sizes of cp.async) or 2 (element loads), got 12}}
func.func @negative_gemm_copy_bytes() attributes {lmhead.config = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 32, warpM = 32, warpN = 32, stages = 3, copyBytes = 12, swizzle = 1>} {
  return
}

// -----

// expected-error @+1 {{swizzle must be 0 (rows in order) or 1 (16-byte chunks XOR-swizzled by row), got 2}}
func.func @negative_gemm_swizzle() attributes {lmhead.config = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 32, warpM = 32, warpN = 32, stages = 3, copyBytes = 16, swizzle = 2>} {
  return
}

// -----

// A configuration inside a plan is verified too, and the plan fails to
// parse with it.
func.func @negative_plan_with_bad_gemm(%dz: tensor<1024x512xbf16>, %h: tensor<1024x64xbf16>, %w: tensor<512x64xbf16>) {
  // expected-error @+2 {{stages must be at least 2 (one step copied while another is multiplied), got 0}}
  // expected-error @+1 {{failed to parse LMHead_KernelPlanAttr parameter 'dh' which is to be a `GemmConfigAttr`}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd) {lmhead.plan = #lmhead.plan<target = sm_80, dh = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 32, warpM = 32, warpN = 32, stages = 0, copyBytes = 16, swizzle = 1>, dw = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 32, warpM = 32, warpN = 32, stages = 3, copyBytes = 16, swizzle = 1>, dhMicros = 1.0 : f64, dwMicros = 1.0 : f64>}
      : (tensor<1024x512xbf16>, tensor<1024x64xbf16>, tensor<512x64xbf16>) -> (tensor<1024x64xbf16>, tensor<512x64xf32>)
  return
}

// -----

// A GEMM's kernel family is a GPU target too.
// expected-error @+2 {{unknown GPU target 'sm_75'; expected one of sm_80, sm_90a}}
// expected-error @+1 {{failed to parse LMHead_GemmConfigAttr parameter 'kernel'}}
func.func @negative_gemm_kernel_family() attributes {lmhead.config = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 32, warpM = 32, warpN = 32, stages = 3, copyBytes = 16, swizzle = 1, kernel = sm_75>} {
  return
}

// -----

// An sm_90a kernel (wgmma) does not run on sm_80.
func.func @negative_plan_kernel_does_not_run(%dz: tensor<1024x512xbf16>, %h: tensor<1024x64xbf16>, %w: tensor<512x64xbf16>) {
  // expected-error @+1 {{the dw GEMM's sm_90a kernel does not run on sm_80}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd) {lmhead.plan = #lmhead.plan<target = sm_80, dh = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 32, warpM = 32, warpN = 32, stages = 3, copyBytes = 16, swizzle = 1>, dw = #lmhead.gemm<blockM = 128, blockN = 128, blockK = 64, warpM = 64, warpN = 128, stages = 3, copyBytes = 16, swizzle = 1, kernel = sm_90a>, dhMicros = 1.0 : f64, dwMicros = 1.0 : f64>}
      : (tensor<1024x512xbf16>, tensor<1024x64xbf16>, tensor<512x64xbf16>) -> (tensor<1024x64xbf16>, tensor<512x64xf32>)
  return
}

// -----

// An sm_90a GEMM copies with TMA; narrower copies are the sm_80 kernel's,
// which the configuration must name.
func.func @negative_plan_tma_narrow_copies(%dz: tensor<1024x1001xbf16>, %h: tensor<1024x64xbf16>, %w: tensor<1001x64xbf16>) {
  // expected-error @+1 {{the dh GEMM's sm_90a kernel copies 16-byte rows with TMA, got copyBytes = 2 (narrower copies need kernel = sm_80)}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd) {lmhead.plan = #lmhead.plan<target = sm_90a, dh = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 32, warpM = 32, warpN = 32, stages = 2, copyBytes = 2, swizzle = 1>, dw = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 32, warpM = 32, warpN = 32, stages = 2, copyBytes = 2, swizzle = 1, kernel = sm_80>, dhMicros = 1.0 : f64, dwMicros = 1.0 : f64>}
      : (tensor<1024x1001xbf16>, tensor<1024x64xbf16>, tensor<1001x64xbf16>) -> (tensor<1024x64xbf16>, tensor<1001x64xf32>)
  return
}

// -----

// A plan's target is one of the GPU targets lmhead writes kernels for.
func.func @negative_plan_unknown_target(%dz: tensor<1024x512xbf16>, %h: tensor<1024x64xbf16>, %w: tensor<512x64xbf16>) {
  // expected-error @+2 {{unknown GPU target 'sm_75'; expected one of sm_80, sm_90a}}
  // expected-error @+1 {{failed to parse LMHead_KernelPlanAttr parameter 'target' which is to be a `::mlir::lmhead::GpuTarget`}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd) {lmhead.plan = #lmhead.plan<target = sm_75, dh = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 32, warpM = 32, warpN = 32, stages = 3, copyBytes = 16, swizzle = 1>, dw = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 32, warpM = 32, warpN = 32, stages = 3, copyBytes = 16, swizzle = 1>, dhMicros = 1.0 : f64, dwMicros = 1.0 : f64>}
      : (tensor<1024x512xbf16>, tensor<1024x64xbf16>, tensor<512x64xbf16>) -> (tensor<1024x64xbf16>, tensor<512x64xf32>)
  return
}

// -----

func.func @negative_plan_target_not_a_keyword(%dz: tensor<1024x512xbf16>, %h: tensor<1024x64xbf16>, %w: tensor<512x64xbf16>) {
  // expected-error @+2 {{expected a GPU target (sm_80, sm_90a)}}
  // expected-error @+1 {{failed to parse LMHead_KernelPlanAttr parameter 'target' which is to be a `::mlir::lmhead::GpuTarget`}}
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd) {lmhead.plan = #lmhead.plan<target = 80, dh = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 32, warpM = 32, warpN = 32, stages = 3, copyBytes = 16, swizzle = 1>, dw = #lmhead.gemm<blockM = 64, blockN = 64, blockK = 32, warpM = 32, warpN = 32, stages = 3, copyBytes = 16, swizzle = 1>, dhMicros = 1.0 : f64, dwMicros = 1.0 : f64>}
      : (tensor<1024x512xbf16>, tensor<1024x64xbf16>, tensor<512x64xbf16>) -> (tensor<1024x64xbf16>, tensor<512x64xf32>)
  return
}

// -----

//===----------------------------------------------------------------------===//
// ce_linear_step
//===----------------------------------------------------------------------===//

func.func @negative_ce_linear_step_reduction_none(%h: tensor<8x4xbf16>, %w: tensor<32x4xbf16>, %y: tensor<8xi64>, %g: tensor<8xf32>) {
  // expected-error @+1 {{'lmhead.ce_linear_step' op takes reduction and grad_reduction mean or sum (a scalar loss whose gradient is known before the forward); for reduction none use ce_linear_fwd and ce_linear_grad}}
  %loss, %lse, %dh, %dw = lmhead.ce_linear_step %h, %w, %y, %g layout(vd) reduction(none)
      : (tensor<8x4xbf16>, tensor<32x4xbf16>, tensor<8xi64>, tensor<8xf32>)
      -> (tensor<8xf32>, tensor<8xf32>, tensor<8x4xbf16>, tensor<32x4xbf16>)
  return
}

// -----

func.func @negative_ce_linear_step_grad_reduction_none(%h: tensor<8x4xbf16>, %w: tensor<32x4xbf16>, %y: tensor<8xi64>, %g: tensor<f32>) {
  // expected-error @+1 {{'lmhead.ce_linear_step' op takes reduction and grad_reduction mean or sum}}
  %loss, %lse, %dh, %dw = lmhead.ce_linear_step %h, %w, %y, %g layout(vd) reduction(mean) grad_reduction(none)
      : (tensor<8x4xbf16>, tensor<32x4xbf16>, tensor<8xi64>, tensor<f32>)
      -> (tensor<f32>, tensor<8xf32>, tensor<8x4xbf16>, tensor<32x4xbf16>)
  return
}

// -----

func.func @negative_ce_linear_step_dloss_per_token(%h: tensor<8x4xbf16>, %w: tensor<32x4xbf16>, %y: tensor<8xi64>, %g: tensor<8xf32>) {
  // expected-error @+1 {{'lmhead.ce_linear_step' op 'dloss' must be a rank-0 tensor (a scalar for reduction mean or sum), got 'tensor<8xf32>'}}
  %loss, %lse, %dh, %dw = lmhead.ce_linear_step %h, %w, %y, %g layout(vd) reduction(sum)
      : (tensor<8x4xbf16>, tensor<32x4xbf16>, tensor<8xi64>, tensor<8xf32>)
      -> (tensor<f32>, tensor<8xf32>, tensor<8x4xbf16>, tensor<32x4xbf16>)
  return
}

// -----

func.func @negative_ce_linear_step_db_without_bias(%h: tensor<8x4xbf16>, %w: tensor<32x4xbf16>, %y: tensor<8xi64>, %g: tensor<f32>) {
  // expected-error @+1 {{'lmhead.ce_linear_step' op a bias gradient result needs a 'bias' operand}}
  %loss, %lse, %dh, %dw, %db = lmhead.ce_linear_step %h, %w, %y, %g layout(vd) reduction(mean)
      : (tensor<8x4xbf16>, tensor<32x4xbf16>, tensor<8xi64>, tensor<f32>)
      -> (tensor<f32>, tensor<8xf32>, tensor<8x4xbf16>, tensor<32x4xbf16>, tensor<32xf32>)
  return
}

// -----

func.func @negative_ce_linear_step_stats_type(%h: tensor<8x4xbf16>, %w: tensor<32x4xbf16>, %y: tensor<8xi64>, %g: tensor<f32>) {
  // expected-error @+1 {{'lmhead.ce_linear_step' op 'stats' must be tensor<3xf32> ([‖dZ‖², ‖dh‖², ‖dW‖²]), got 'tensor<2xf32>'}}
  %loss, %lse, %dh, %dw, %stats = lmhead.ce_linear_step %h, %w, %y, %g layout(vd) reduction(mean)
      : (tensor<8x4xbf16>, tensor<32x4xbf16>, tensor<8xi64>, tensor<f32>)
      -> (tensor<f32>, tensor<8xf32>, tensor<8x4xbf16>, tensor<32x4xbf16>, stats tensor<2xf32>)
  return
}

// -----

func.func @negative_ce_linear_step_dw_scale_rank(%h: tensor<8x4xbf16>, %w: tensor<32x4xbf16>, %y: tensor<8xi64>, %g: tensor<f32>, %s: tensor<1xf32>) {
  // expected-error @+1 {{'lmhead.ce_linear_step' op 'dw_scale' must be a rank-0 tensor (a scalar), got 'tensor<1xf32>'}}
  %loss, %lse, %dh, %dw = lmhead.ce_linear_step %h, %w, %y, %g dw_scale(%s) layout(vd) reduction(mean)
      : (tensor<8x4xbf16>, tensor<32x4xbf16>, tensor<8xi64>, tensor<f32>, tensor<1xf32>)
      -> (tensor<f32>, tensor<8xf32>, tensor<8x4xbf16>, tensor<32x4xbf16>)
  return
}

// -----

func.func @negative_ce_linear_step_result_types(%h: tensor<8x4xbf16>, %w: tensor<32x4xbf16>, %y: tensor<8xi64>, %g: tensor<f32>) {
  // expected-error @+3 {{expected the result types '(loss, lse, dh, dw[, db][, stats tensor<3xf32>])'}}
  %loss, %lse = lmhead.ce_linear_step %h, %w, %y, %g layout(vd) reduction(mean)
      : (tensor<8x4xbf16>, tensor<32x4xbf16>, tensor<8xi64>, tensor<f32>)
      -> (tensor<f32>, tensor<8xf32>)
  return
}

// -----

func.func @negative_ce_linear_step_lse_tokens(%h: tensor<8x4xbf16>, %w: tensor<32x4xbf16>, %y: tensor<8xi64>, %g: tensor<f32>) {
  // expected-error @+1 {{token count N}}
  %loss, %lse, %dh, %dw = lmhead.ce_linear_step %h, %w, %y, %g layout(vd) reduction(mean)
      : (tensor<8x4xbf16>, tensor<32x4xbf16>, tensor<8xi64>, tensor<f32>)
      -> (tensor<f32>, tensor<9xf32>, tensor<8x4xbf16>, tensor<32x4xbf16>)
  return
}

// -----

//===----------------------------------------------------------------------===//
// Gradient statistics
//===----------------------------------------------------------------------===//

func.func @negative_stats_type(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>) {
  // expected-error @+1 {{'lmhead.linear_grad' op 'stats' must be tensor<3xf32> ([‖dZ‖², ‖dh‖², ‖dW‖²]), got 'tensor<2xf32>'}}
  %dh, %dw, %stats = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>)
      -> (tensor<8x4xf32>, tensor<32x4xf32>, stats tensor<2xf32>)
  return
}

// -----

func.func @negative_ce_stats_type(%h: tensor<8x4xbf16>, %w: tensor<32x4xbf16>, %y: tensor<8xi64>,
                                  %lse: tensor<8xf32>, %g: tensor<f32>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op 'stats' must be tensor<3xf32> ([‖dZ‖², ‖dh‖², ‖dW‖²]), got 'tensor<3xbf16>'}}
  %dh, %dw, %stats = lmhead.ce_linear_grad %h, %w, %y, %lse, %g layout(vd) reduction(mean)
      : (tensor<8x4xbf16>, tensor<32x4xbf16>, tensor<8xi64>, tensor<8xf32>, tensor<f32>)
      -> (tensor<8x4xbf16>, tensor<32x4xbf16>, stats tensor<3xbf16>)
  return
}

// -----

func.func @negative_stats_not_last(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>) {
  // expected-error @+3 {{nothing may follow the 'stats' result type}}
  %dh, %dw, %stats, %db = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>)
      -> (tensor<8x4xf32>, tensor<32x4xf32>, stats tensor<3xf32>, tensor<32xf32>)
  return
}

// -----

func.func @negative_two_bias_gradients(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>) {
  // expected-error @+3 {{expected 'stats' and the statistics' type after the bias gradient's type}}
  %dh, %dw, %db, %db2 = lmhead.linear_grad %dz, %h, %w layout(vd)
      : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>)
      -> (tensor<8x4xf32>, tensor<32x4xf32>, tensor<32xf32>, tensor<32xf32>)
  return
}

// -----

func.func @negative_dw_scale_rank(%h: tensor<8x4xbf16>, %w: tensor<32x4xbf16>, %y: tensor<8xi64>,
                                  %lse: tensor<8xf32>, %g: tensor<f32>, %s: tensor<1xf32>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op 'dw_scale' must be a rank-0 tensor (a scalar), got 'tensor<1xf32>'}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g dw_scale(%s) layout(vd) reduction(mean)
      : (tensor<8x4xbf16>, tensor<32x4xbf16>, tensor<8xi64>, tensor<8xf32>, tensor<f32>, tensor<1xf32>)
      -> (tensor<8x4xbf16>, tensor<32x4xbf16>)
  return
}

// -----

func.func @negative_dw_scale_type(%h: tensor<8x4xbf16>, %w: tensor<32x4xbf16>, %y: tensor<8xi64>,
                                  %lse: tensor<8xf32>, %g: tensor<f32>, %s: tensor<bf16>) {
  // expected-error @+1 {{'lmhead.ce_linear_grad' op 'dw_scale' must have element type f32, got 'bf16'}}
  %dh, %dw = lmhead.ce_linear_grad %h, %w, %y, %lse, %g dw_scale(%s) layout(vd) reduction(mean)
      : (tensor<8x4xbf16>, tensor<32x4xbf16>, tensor<8xi64>, tensor<8xf32>, tensor<f32>, tensor<bf16>)
      -> (tensor<8x4xbf16>, tensor<32x4xbf16>)
  return
}
