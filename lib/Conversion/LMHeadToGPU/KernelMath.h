//===- KernelMath.h - exp, log and tanh inside kernels ----------*- C++ -*-===//
//
// The transcendental functions of the cross-entropy kernels, written on the
// GPU's special-function unit (ex2.approx, lg2.approx) instead of
// math.exp/log/tanh: upstream's NVVM lowering turns those into calls of
// CUDA's libdevice, which links only where a CUDA toolkit is found at
// compile time and otherwise leaves PTX that cannot load. These need
// nothing but the PTX ISA, cost one MUFU operation each (as the fastest
// hand-written kernels' exp), and keep f32's accuracy where the loss needs
// it (see KernelMath.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_CONVERSION_LMHEADTOGPU_KERNELMATH_H
#define LMHEAD_CONVERSION_LMHEADTOGPU_KERNELMATH_H

#include "mlir/IR/Builders.h"

namespace mlir {
namespace lmhead {

/// e^x for f32 x: `ex2.approx.ftz(x·log2 e)`; e^−∞ = 0.
Value kernelExp(OpBuilder &b, Location loc, Value x);

/// ln x for f32 x > 0: `lg2.approx.ftz(x)·ln 2`.
Value kernelLog(OpBuilder &b, Location loc, Value x);

/// tanh x for f32 x: `sign(x)·(1 − e)/(1 + e)` with `e = e^{−2|x|}`, which
/// never overflows; NaN stays NaN.
Value kernelTanh(OpBuilder &b, Location loc, Value x);

} // namespace lmhead
} // namespace mlir

#endif // LMHEAD_CONVERSION_LMHEADTOGPU_KERNELMATH_H
