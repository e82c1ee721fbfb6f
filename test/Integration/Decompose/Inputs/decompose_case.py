#!/usr/bin/env python3
"""Makes one lmhead op run on the CPU, and checks what it printed.

A *case* is one lmhead op with its shapes, element types and attributes, set
by command-line options (see `--help`); a seed fixes its random inputs.
`--op=ce_linear_step` is the fused training step; `--op=ce_linear_pair` is
the same computation as frameworks give it, a ce_linear_fwd and the
ce_linear_grad of its lse in one function (which --lmhead-plan may fuse).
Both return loss, lse, dh and dW (and db), with a scalar loss gradient.

- `gen <case> --seed S` prints an MLIR module: `@lmhead_case` holds the op
  under test (with a dynamic token count `?` under `--dynamic-n`), and
  `@main` builds the inputs as `arith.constant dense<...>` (values exactly
  representable in their element type), calls `@lmhead_case` (through
  `tensor.cast` to the dynamic types), and prints every result in order.
  Building the constants, printing and reading back the output are shared
  with the other integration tests (../../Inputs/mlir_driver.py): each
  result is widened to f32 (`arith.extf`) and printed as the raw bits of
  that f32 with `printMemrefI32`, so the values are exact and exact-zero
  checks are exact.
- `check <case> --seed S RUNNER_OUTPUT` regenerates the same inputs, computes
  the op with the f64 reference in lmhead_reference.py, parses the runner's
  output and prints, per result, `<name>: rel_frobenius_err=<e> tol=<t>
  PASS|FAIL`, then `ALL PASS`; otherwise it exits 1. A missing, extra or
  misshapen result, a NaN or an Inf fails. What the op's semantics make 0
  (the loss and dh rows of ignored tokens, every gradient of an all-ignored
  batch) must be exactly ±0; a result that must be 0 as a whole is reported
  as `exact_zero`.

`--bad-labels=K` gives K tokens that are not ignored a label outside
[0, V), alternately negative and ≥ V (-1, V, the labels type's minimum and
maximum, then -2^32+1 and 2^32 for i64 labels, whose low 32 bits are in
range, or -V-1 and V+1 for i32; a value equal to ignore_index is skipped).
Their positions are drawn from a stream of their own, so every other input
is the same as without the option, and the bad labels of a smaller K are
among those of a larger one. The op defines their loss and their
logit-gradient row as NaN (the mean and the sum, their dh rows, all of dW
and db follow): there the checker requires NaN, reports
`expected_nan=<count>` before the error of the finite rest, or `all_nan`
for a result that must be NaN as a whole, and fails a finite value where
NaN is expected as it fails a NaN or an Inf anywhere else.

Tolerances are relative Frobenius errors against the f64 reference: 1e-5,
2e-3 and 1e-2 for f32, f16 and bf16, taking the least precise type the op's
description allows the value to be rounded to: the accumulator type and the
result's element type, and for ce_linear_grad also the operand type (its
kernels keep the logit gradient in chunks of that type). Inputs are exact in
their types, so they add no error. The loss and lse are held to f32 although
the op rounds the logits to a bf16 or f16 operand type, because a logit
whose exact value lies just beside a rounding boundary of that type may be
rounded either way by an f32 accumulator (a whole ulp of a top logit moves
that token's lse by ~1e-3): there the reference is a range
(lmhead_reference.forward_ranges) and each value is compared with the
nearest point of its range.
"""

import argparse
import math
import os
import random
import sys

sys.dont_write_bytecode = True  # keep the source tree free of __pycache__
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "Inputs"))
import lmhead_reference as ref  # noqa: E402
import mlir_driver as driver  # noqa: E402
from mlir_driver import mlir_float, round_to  # noqa: E402

OPS = ("linear_grad", "ce_linear_fwd", "ce_linear_grad", "ce_linear_step",
       "ce_linear_pair")
# The ops whose gradients are those of ce_linear_grad.
CE_GRADIENT_OPS = ("ce_linear_grad", "ce_linear_step", "ce_linear_pair")
FLOAT_TYPES = ("f32", "f16", "bf16")
TOLERANCE = {"f32": 1e-5, "f16": 2e-3, "bf16": 1e-2}
# The entries of the `stats` result, in order.
STATISTICS = ("dz_norm_sq", "dh_norm_sq", "dw_norm_sq")


# ---------------------------------------------------------------------------
# The case.
# ---------------------------------------------------------------------------


def add_case_options(parser):
    add = parser.add_argument
    add("--op", choices=OPS, required=True)
    add("--n", type=int, required=True, help="token count N")
    add("--d", type=int, required=True, help="hidden size D")
    add("--v", type=int, required=True, help="vocabulary size V")
    add("--dtype", choices=FLOAT_TYPES, default="f32",
        help="element type of h, W, dZ and bias")
    add("--layout", choices=ref.LAYOUTS, default="vd")
    add("--acc-type", choices=FLOAT_TYPES,
        help="acc_type attribute (absent: the op's default, f32)")
    add("--dh-type", choices=FLOAT_TYPES, help="dh element type (--dtype)")
    add("--dw-type", choices=FLOAT_TYPES, help="dW element type (--dtype)")
    add("--db-type", choices=FLOAT_TYPES, help="db element type (--dtype)")
    add("--db", action="store_true", help="ask for the bias gradient result")
    add("--dw-scale", type=float,
        help="ce gradient ops: the dw_scale operand (a tensor<f32>) that "
        "multiplies dW and db; exact in f32")
    add("--stats", action="store_true",
        help="linear_grad and the ce gradient ops: ask for the gradient statistics "
        "[|dZ|^2, |dh|^2, |dW|^2], checked one by one")
    add("--accumulate-dh", action="store_true")
    add("--accumulate-dw", action="store_true")
    add("--scale", type=float, help="linear_grad scale (absent: 1.0)")
    add("--reduction", choices=ref.REDUCTIONS, default="mean")
    add("--ignore-index", type=int, default=-100)
    add("--ignored", default=None,
        help="how many tokens get ignore_index, or 'all' (default N/4)")
    add("--bad-labels", type=int, default=0,
        help="ce ops: how many tokens that are not ignored get a label "
        "outside [0, V) (their loss and logit-gradient row are NaN)")
    add("--labels-type", choices=("i32", "i64"), default="i64")
    add("--bias", action="store_true", help="ce ops: pass a logit bias")
    add("--label-smoothing", type=float, default=0.0)
    add("--logit-softcap", type=float, default=0.0)
    add("--z-loss-weight", type=float, default=0.0)
    add("--h-scale", type=float, default=1.0,
        help="h is uniform in [-S, S] (large S: logits far from 0)")
    add("--nan-h", type=int, default=0,
        help="ce ops: K tokens get a NaN in their hidden state")
    add("--dynamic-n", action="store_true",
        help="the op sees the token count as `?`")
    add("--seed", type=int, required=True)


def validate(case, parser):
    if case.op == "linear_grad" and case.bias:
        parser.error("linear_grad takes no bias (use --db for db)")
    if case.op in CE_GRADIENT_OPS and case.db and not case.bias:
        parser.error(f"{case.op}'s db needs --bias")
    if case.op in ("ce_linear_step", "ce_linear_pair") and \
            case.reduction == "none":
        parser.error(f"{case.op} takes reduction mean or sum")
    if case.op == "ce_linear_fwd" and (case.db or case.accumulate_dh or
                                       case.accumulate_dw):
        parser.error("ce_linear_fwd has no gradients")
    if case.stats and case.op not in ("linear_grad",) + CE_GRADIENT_OPS:
        parser.error("--stats is a result of linear_grad and of the ce "
                     "gradient ops")
    if case.dw_scale is not None and case.op not in CE_GRADIENT_OPS:
        parser.error("--dw-scale is an operand of the ce gradient ops")
    if case.scale is not None and case.op != "linear_grad":
        parser.error("--scale is a linear_grad attribute")
    if case.ignored is None:
        case.ignored = case.n // 4
    elif case.ignored == "all":
        case.ignored = case.n
    else:
        case.ignored = int(case.ignored)
    if not 0 <= case.ignored <= case.n:
        parser.error("--ignored must be in [0, N] or 'all'")
    if case.nan_h and case.op == "linear_grad":
        parser.error("--nan-h needs a ce op")
    if not 0 <= case.nan_h <= case.n:
        parser.error("--nan-h must be in [0, N]")
    if case.bad_labels and case.op == "linear_grad":
        parser.error("--bad-labels needs a ce op (linear_grad has no labels)")
    if not 0 <= case.bad_labels <= case.n - case.ignored:
        parser.error("--bad-labels must be in [0, N - ignored]")
    for name in ("dh", "dw", "db"):
        if getattr(case, name + "_type") is None:
            setattr(case, name + "_type", case.dtype)


def ce_options(case):
    round_operand = None
    if case.dtype != "f32":
        def round_operand(x):
            return round_to(x, case.dtype)
    return ref.CEOptions(case.layout, case.reduction, case.ignore_index,
                         case.label_smoothing, case.logit_softcap,
                         case.z_loss_weight, round_operand)


class Tensor:
    """A named operand or result: static shape, element type, and whether
    its first dimension is the token count (dynamic under --dynamic-n)."""

    def __init__(self, name, shape, elt, token_dim=False, value=None):
        self.name, self.shape, self.elt = name, tuple(shape), elt
        self.token_dim, self.value = token_dim, value

    def type(self, dynamic=False):
        dims = [str(s) for s in self.shape]
        if dynamic and self.token_dim:
            dims[0] = "?"
        return "tensor<" + "".join(d + "x" for d in dims) + self.elt + ">"


def weight_shape(case):
    return ref.weight_shape(case.v, case.d, case.layout)


def random_matrix(rng, shape, elt, scale=1.0):
    return [[round_to(rng.uniform(-scale, scale), elt)
             for _ in range(shape[1])] for _ in range(shape[0])]


def rms(x):
    """Root mean square of the finite values of x (1.0 if there is none or
    it is 0)."""
    flat = [v for v in ref.flatten(x) if math.isfinite(v)]
    if not flat:
        return 1.0
    return math.sqrt(math.fsum(v * v for v in flat) / len(flat)) or 1.0


def outside_vocab_values(case):
    """(negative, ≥ V) labels for --bad-labels, none equal to ignore_index:
    the first of each, then the extremes of the labels type, then values
    whose low 32 bits are in range (i64) or just past the ends (i32)."""
    v, bits = case.v, 64 if case.labels_type == "i64" else 32
    low, high = -2 ** (bits - 1), 2 ** (bits - 1) - 1
    if bits == 64:
        negative, large = [-1, low, -2 ** 32 + 1], [v, high, 2 ** 32]
    else:
        negative, large = [-1, low, -v - 1], [v, high, v + 1]
    return ([y for y in negative if y != case.ignore_index],
            [y for y in large if y != case.ignore_index])


def set_bad_labels(case, labels):
    """Gives --bad-labels tokens that are not ignored a label outside
    [0, V), alternately negative and ≥ V. The positions are the first K of
    one random order of the tokens, drawn from a stream of their own: the
    other inputs do not depend on the option, and a larger K keeps the bad
    labels of a smaller one and adds more."""
    if not case.bad_labels:
        return labels
    rng = random.Random(f"{case.seed}/bad-labels")
    kept = [n for n, y in enumerate(labels) if y != case.ignore_index]
    rng.shuffle(kept)
    negative, large = outside_vocab_values(case)
    labels = list(labels)
    for k, n in enumerate(kept[:case.bad_labels]):
        values = large if k % 2 else negative
        labels[n] = values[(k // 2) % len(values)]
    return labels


def make_operands(case):
    """The op's operands, in operand order, with their random values."""
    rng = random.Random(case.seed)
    n, d, v = case.n, case.d, case.v
    operands = []
    if case.op == "linear_grad":
        operands.append(Tensor("dz", (n, v), case.dtype, True,
                               random_matrix(rng, (n, v), case.dtype)))
    h = random_matrix(rng, (n, d), case.dtype, case.h_scale)
    w = random_matrix(rng, weight_shape(case), case.dtype)
    if case.nan_h:
        # The tokens, from a stream of their own so that nothing else
        # changes with the option; one NaN each, in a different column.
        order = list(range(n))
        random.Random(f"{case.seed}/nan-h").shuffle(order)
        for k, row in enumerate(order[:case.nan_h]):
            h[row][k % d] = float("nan")
    operands += [Tensor("h", (n, d), case.dtype, True, h),
                 Tensor("w", weight_shape(case), case.dtype, False, w)]
    bias = None
    if case.op != "linear_grad":
        labels = set_bad_labels(case, ref.random_labels(
            rng, n, v, case.ignore_index, case.ignored))
        operands.append(Tensor("labels", (n,), case.labels_type, True, labels))
        if case.bias:
            bias = [round_to(rng.uniform(-0.5, 0.5), case.dtype)
                    for _ in range(v)]
    if case.op in CE_GRADIENT_OPS:
        if case.op == "ce_linear_grad":
            _, lse = ref.ce_linear_fwd(h, w, labels, ce_options(case), bias)
            operands.append(Tensor("lse", (n,), "f32", True,
                                   [round_to(x, "f32") for x in lse]))
        if case.reduction == "none":
            dloss = Tensor("dloss", (n,), "f32", True,
                           [round_to(rng.uniform(-2, 2), "f32")
                            for _ in range(n)])
        else:
            dloss = Tensor("dloss", (), "f32", False,
                           round_to(rng.uniform(0.5, 2), "f32"))
        operands.append(dloss)
    if bias is not None:
        operands.append(Tensor("bias", (v,), case.dtype, False, bias))
    if case.accumulate_dh or case.accumulate_dw:
        # Existing gradients of the same size as the new ones, so that an
        # error in either part shows in the relative error of their sum.
        names = [t.name for t, _ in result_specs(case)]
        results = reference_results(case, operands)
        dh, dw = results[names.index("dh")], results[names.index("dw")]
        if case.accumulate_dh:
            operands.append(Tensor(
                "dh_acc", (n, d), case.dh_type, True,
                random_matrix(rng, (n, d), case.dh_type, rms(dh))))
        if case.accumulate_dw:
            operands.append(Tensor(
                "dw_acc", weight_shape(case), case.dw_type, False,
                random_matrix(rng, weight_shape(case), case.dw_type, rms(dw))))
    if case.dw_scale is not None:
        operands.append(Tensor("dw_scale", (), "f32", False,
                               round_to(case.dw_scale, "f32")))
    return operands


def reference_results(case, operands):
    """The op's results as computed by the f64 reference, in result order."""
    x = {t.name: t.value for t in operands}
    if case.op == "linear_grad":
        scale = 1.0 if case.scale is None else case.scale
        results = ref.linear_grad(x["dz"], x["h"], x["w"], case.layout, scale,
                                  x.get("dh_acc"), x.get("dw_acc"), case.db)
        results = [r for r in results if r is not None]
        if case.stats:
            results.append(ref.gradient_statistics(
                x["dz"], x["h"], x["w"], case.layout, scale))
        return results
    if case.op == "ce_linear_fwd":
        return ref.ce_linear_fwd(x["h"], x["w"], x["labels"],
                                 ce_options(case), x.get("bias"))
    if case.op in ("ce_linear_step", "ce_linear_pair"):
        # The logits once, for the forward and the backward.
        logits = ref.capped_logits(x["h"], x["w"], ce_options(case),
                                   x.get("bias"))
        loss, lse = ref.ce_forward_of_logits(logits, x["labels"],
                                             ce_options(case))
        return [loss, lse] + gradient_results(case, x, lse, logits)
    return gradient_results(case, x, x["lse"])


def gradient_results(case, x, lse, logits=None):
    """The results of ce_linear_grad (and the gradient results of the
    step) for `lse`, in result order."""
    # dw_scale multiplies dW and db before dW's accumulate-into is added.
    factor = 1.0 if case.dw_scale is None else case.dw_scale
    dh, dw, db = ref.ce_linear_grad(
        x["h"], x["w"], x["labels"], lse, x["dloss"], ce_options(case),
        x.get("bias"), x.get("dh_acc"), None, case.db, logits)
    dw = ref.add_into(x.get("dw_acc"), [[factor * v for v in row]
                                        for row in dw])
    results = [dh, dw] + ([[factor * v for v in db]] if case.db else [])
    if case.stats:
        stats = ref.ce_gradient_statistics(
            x["h"], x["w"], x["labels"], lse, x["dloss"],
            ce_options(case), x.get("bias"))
        results.append(stats[:2] + [stats[2] * factor * factor])
    return results


def reference_ranges(case, operands):
    """{result name: [(lo, hi)] per flat value} for the results whose
    correct value is a range rather than a point: the loss and lse where an
    f32 accumulator may round a logit to the operand type either way
    (lmhead_reference.forward_ranges)."""
    if case.op not in ("ce_linear_fwd", "ce_linear_step", "ce_linear_pair"):
        return {}
    x = {t.name: t.value for t in operands}
    ranges = ref.forward_ranges(x["h"], x["w"], x["labels"], ce_options(case),
                                x.get("bias"))
    return {} if ranges is None else dict(zip(("loss", "lse"), ranges))


def result_specs(case):
    """(Tensor, tolerance type list) of each result, in result order."""
    n, d, v = case.n, case.d, case.v
    acc = case.acc_type or "f32"
    if case.op == "ce_linear_fwd":
        loss_shape = (n,) if case.reduction == "none" else ()
        return [(Tensor("loss", loss_shape, "f32", case.reduction == "none"),
                 [acc]),
                (Tensor("lse", (n,), "f32", True), [acc])]
    # The logit gradient of ce_linear_grad may be kept in the operand type.
    rounded = [acc] + ([case.dtype] if case.op in CE_GRADIENT_OPS else [])
    specs = []
    if case.op in ("ce_linear_step", "ce_linear_pair"):
        specs = [(Tensor("loss", (), "f32"), [acc]),
                 (Tensor("lse", (n,), "f32", True), [acc])]
    specs += [(Tensor("dh", (n, d), case.dh_type, True),
              rounded + [case.dh_type]),
             (Tensor("dw", weight_shape(case), case.dw_type),
              rounded + [case.dw_type])]
    if case.db:
        specs.append((Tensor("db", (v,), case.db_type),
                      rounded + [case.db_type]))
    if case.stats:
        # Squared norms of the gradients as the op forms them in f32 (dZ of
        # ce_linear_grad is rounded to the operand type before the products).
        specs.append((Tensor("stats", (3,), "f32"), rounded))
    return specs


# ---------------------------------------------------------------------------
# gen: the MLIR module.
# ---------------------------------------------------------------------------


def op_attributes(case):
    attrs = []
    if case.acc_type:
        attrs.append(f"acc_type = {case.acc_type}")
    if case.op == "linear_grad":
        if case.scale is not None:
            attrs.append(f"scale = {mlir_float(case.scale)} : f64")
    else:
        if case.ignore_index != -100:
            attrs.append(f"ignore_index = {case.ignore_index} : i64")
        for name in ("label_smoothing", "logit_softcap", "z_loss_weight"):
            if getattr(case, name):
                attrs.append(f"{name} = {mlir_float(getattr(case, name))}"
                             " : f64")
    return " {" + ", ".join(attrs) + "}" if attrs else ""


def op_text(case, operands, results):
    """The lmhead op (for ce_linear_pair, the two ops) in its custom
    assembly format."""
    dyn = case.dynamic_n
    if case.op == "ce_linear_pair":
        # The forward, then the backward of its lse: ce_linear_fwd's
        # operands and ce_linear_grad's, each op its own results.
        by_name = {t.name: t for t in results}
        forward = [t for t in operands
                   if t.name in ("h", "w", "labels", "bias")]
        fwd_results = [by_name["loss"], by_name["lse"]]
        grad_operands = [t for t in operands if t.name in ("h", "w", "labels")]
        grad_operands += [by_name["lse"]] + [
            t for t in operands if t.name not in ("h", "w", "labels")]
        grad_results = [t for t in results if t.name not in ("loss", "lse")]
        return (one_op(case, "ce_linear_fwd", ["h", "w", "labels"], forward,
                       fwd_results, dyn) + "\n  " +
                one_op(case, "ce_linear_grad",
                       ["h", "w", "labels", "lse", "dloss"], grad_operands,
                       grad_results, dyn))
    main = {"linear_grad": ["dz", "h", "w"],
            "ce_linear_fwd": ["h", "w", "labels"],
            "ce_linear_grad": ["h", "w", "labels", "lse", "dloss"],
            "ce_linear_step": ["h", "w", "labels", "dloss"]}[case.op]
    return one_op(case, case.op, main, operands, results, dyn)


def one_op(case, op, main, operands, results, dyn):
    """One lmhead op `op` with the leading operands `main`, the optional
    ones that are among `operands`, and `results`."""
    names = [t.name for t in operands]
    text = ", ".join("%" + m for m in main)
    for keyword, name in (("bias", "bias"), ("accumulate_dh", "dh_acc"),
                          ("accumulate_dw", "dw_acc"),
                          ("dw_scale", "dw_scale")):
        if name in names:
            text += f" {keyword}(%{name})"
    text += f" layout({case.layout})"
    if op != "linear_grad":
        text += f" reduction({case.reduction})"
    types = ", ".join(t.type(dyn) for t in operands)
    result_types = ", ".join(("stats " if t.name == "stats" else "")
                             + t.type(dyn) for t in results)
    lhs = ", ".join("%" + t.name for t in results)
    return (f"{lhs} = lmhead.{op} {text}{op_attributes(case)}\n"
            f"      : ({types})\n      -> ({result_types})")


def print_result_text(index, tensor, dynamic):
    """IR lines that print result `index` exactly (mlir_driver.print_lines),
    cast to its static type first if the op returns it with `?`."""
    cast = dynamic and tensor.token_dim
    return driver.print_lines(
        f"%r{index}", f"%out#{index}",
        driver.TensorType.parse(tensor.type(dynamic)),
        driver.TensorType.parse(tensor.type()) if cast else None)


def gen_module(case, argv):
    operands = make_operands(case)
    results = [spec for spec, _ in result_specs(case)]
    dyn = case.dynamic_n
    params = ", ".join(f"%{t.name}: {t.type(dyn)}" for t in operands)
    result_types = ", ".join(t.type(dyn) for t in results)
    out = [
        "// Generated by: decompose_case.py gen " + " ".join(argv),
        "// Prints each result of @lmhead_case, in order, as the bits of its",
        "// f32 widening (printMemrefI32).",
        "func.func private @printMemrefI32(memref<*xi32>)",
        "",
        f"func.func @lmhead_case({params})\n    -> ({result_types}) {{",
        "  " + op_text(case, operands, results),
        "  return " + ", ".join("%" + t.name for t in results) + " : "
        + result_types,
        "}",
        "",
        "func.func @main() {",
    ]
    for t in operands:
        out += ["  " + line for line in driver.constant_lines(
            "%" + t.name, driver.TensorType.parse(t.type()),
            driver.flatten(t.value), driver.TensorType.parse(t.type(dyn)))]
    args = ", ".join("%" + t.name for t in operands)
    out.append(f"  %out:{len(results)} = call @lmhead_case({args})"
               f"\n      : ({', '.join(t.type(dyn) for t in operands)}) -> "
               f"({result_types})")
    for i, t in enumerate(results):
        out += ["  " + line for line in print_result_text(i, t, dyn)]
    out += ["  return", "}"]
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------
# check: parse the runner output and compare.
# ---------------------------------------------------------------------------

def parse_runner_output(text, specs):
    """[(shape, [values])] of every printed memref, in order, each decoded
    as the element type of the result printed at that position."""
    printed = driver.parse_runner_output(text)
    return [(shape, driver.decode(ints, specs[k][0].elt if k < len(specs)
                                  else "f32"))
            for k, (shape, ints) in enumerate(printed)]


def required_zeros(case, operands, specs):
    """Per result, the flat indices the op's semantics make exactly 0 for
    any input values: the loss and the logit gradient of ignored tokens.
    (A reference value that is 0 by coincidence, e.g. a sum of few bf16
    values that cancels, is not among them: rounding may leave a residue.)"""
    if case.op == "linear_grad":
        return [set() for _ in specs]
    labels = next(t.value for t in operands if t.name == "labels")
    ignored = [n for n, y in enumerate(labels) if y == case.ignore_index]
    all_ignored = len(ignored) == case.n

    def everything(k):
        return set(range(math.prod(specs[k][0].shape)))

    if case.op == "ce_linear_fwd":
        if case.reduction == "none":
            return [set(ignored), set()]
        return [everything(0) if all_ignored else set(), set()]
    zeros = []
    if case.op in ("ce_linear_step", "ce_linear_pair"):
        zeros = [everything(0) if all_ignored else set(), set()]
    zeros += [set() if case.accumulate_dh else
             {n * case.d + d for n in ignored for d in range(case.d)}]
    first = len(zeros) - 1
    zeros.append(everything(first + 1)
                 if all_ignored and not case.accumulate_dw else set())
    if case.db:
        zeros.append(everything(first + 2) if all_ignored else set())
    if case.stats:
        zeros.append(everything(len(zeros)) if all_ignored else set())
    return zeros


def nearest_in_ranges(got, want, ranges):
    """Per value, the correct value nearest to the one the op gave: `got`
    clamped to its (lo, hi) range (which always holds the point reference
    `want`); `want` itself where either is not finite."""
    nearest = []
    for g, w, (lo, hi) in zip(got, want, ranges):
        if math.isfinite(g) and math.isfinite(w):
            w = min(max(g, min(lo, w)), max(hi, w))
        nearest.append(w)
    return nearest


def compare(name, got, want, tol_type, zeros, ranges=None):
    """One result's verdict line and whether it passed. `zeros` are the
    flat indices that must hold exactly +-0; where the reference is NaN
    (labels outside [0, V)) the result must be NaN, and the values
    elsewhere are compared as the whole result is when no NaN is
    expected. `ranges`, a (lo, hi) per value, are where any reference value
    is correct: each value is compared with the nearest one (its distance
    to the range), and the line counts the values whose range was used."""
    tol = TOLERANCE[tol_type]
    norm_of, moved = want, 0
    if ranges is not None:
        want = nearest_in_ranges(got, want, ranges)
        moved = sum(1 for a, b in zip(want, norm_of) if a != b)
    nan = {k for k, w in enumerate(want) if math.isnan(w)}
    bad = [k for k, x in enumerate(got)
           if not math.isfinite(x) and k not in nan]
    if bad:
        where = " where finite values are expected" if nan else ""
        return (f"{name}: FAIL {len(bad)} non-finite values{where} "
                f"(first at flat index {bad[0]}: {got[bad[0]]})"), False
    not_nan = sorted(k for k in nan if not math.isnan(got[k]))
    if not_nan:
        k = not_nan[0]
        return (f"{name}: FAIL {len(not_nan)} values not NaN where NaN is "
                f"expected (first at flat index {k}: {got[k]!r})"), False
    if len(nan) == len(got):
        return f"{name}: all_nan PASS", True
    prefix = f"{name}: expected_nan={len(nan)} " if nan else f"{name}: "
    rest = [k for k in range(len(got)) if k not in nan]
    assert all(want[k] == 0.0 for k in zeros), "reference breaks the op"
    not_zero = sorted(k for k in zeros if got[k] != 0.0)
    if len(zeros) == len(rest):
        if not_zero:
            k = not_zero[0]
            return (f"{prefix}exact_zero FAIL {len(not_zero)} nonzero "
                    f"values (first at flat index {k}: {got[k]!r})"), False
        return f"{prefix}exact_zero PASS", True
    diff = math.fsum((got[k] - want[k]) ** 2 for k in rest)
    norm = math.fsum(norm_of[k] ** 2 for k in rest)
    err = math.sqrt(diff / norm) if norm else math.inf
    ok = err <= tol and not not_zero
    line = (f"{prefix}rel_frobenius_err={err:.3e} tol={tol:g} "
            f"{'PASS' if ok else 'FAIL'}")
    if moved:
        line += f" ({moved} met within their logit-rounding range)"
    if not_zero:
        k = not_zero[0]
        line += (f" ({len(not_zero)} values of ignored tokens not exactly "
                 f"0, first at flat index {k}: {got[k]!r})")
    elif not ok:
        worst = max(rest, key=lambda k: abs(got[k] - want[k]))
        line += (f" (worst at flat index {worst}: got {got[worst]!r}, "
                 f"expected {want[worst]!r})")
    return line, ok


def check_output(case, argv, runner_output):
    operands = make_operands(case)
    specs = result_specs(case)
    want = reference_results(case, operands)
    ranges = reference_ranges(case, operands)
    zeros = required_zeros(case, operands, specs)
    printed = parse_runner_output(runner_output, specs)
    print("case: " + " ".join(argv))
    ok = True
    if len(printed) != len(specs):
        print(f"FAIL: expected {len(specs)} printed results "
              f"({', '.join(t.name for t, _ in specs)}), found {len(printed)}")
        ok = False
    for k, (tensor, rounded_to) in enumerate(specs):
        if k >= len(printed):
            print(f"{tensor.name}: FAIL missing from the runner output")
            continue
        shape, got = printed[k]
        if shape != tensor.shape or len(got) != math.prod(tensor.shape):
            print(f"{tensor.name}: FAIL printed shape {list(shape)} with "
                  f"{len(got)} values, expected {list(tensor.shape)}")
            ok = False
            continue
        tol_type = max(rounded_to, key=lambda t: TOLERANCE[t])
        if tensor.name == "stats":
            # Each norm on its own: the largest would hide the others.
            for i, name in enumerate(STATISTICS):
                line, passed = compare(
                    name, got[i:i + 1], want[k][i:i + 1], tol_type,
                    {0} if 0 in zeros[k] else set())
                print(line)
                ok = ok and passed
            continue
        line, passed = compare(tensor.name, got, ref.flatten(want[k]),
                               tol_type, zeros[k], ranges.get(tensor.name))
        print(line)
        ok = ok and passed
    if ok:
        print("ALL PASS")
    return ok


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    gen = sub.add_parser("gen", help="print the MLIR module of a case")
    add_case_options(gen)
    check = sub.add_parser("check", help="check a case's runner output")
    add_case_options(check)
    check.add_argument("runner_output", help="file mlir-runner printed to")
    args = parser.parse_args(argv)
    validate(args, sub.choices[args.command])
    case_argv = [a for a in argv[1:] if a != getattr(args, "runner_output",
                                                       None)]
    if args.command == "gen":
        sys.stdout.write(gen_module(args, case_argv))
        return 0
    with open(args.runner_output) as f:
        text = f.read()
    return 0 if check_output(args, case_argv, text) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
