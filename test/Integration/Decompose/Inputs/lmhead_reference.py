#!/usr/bin/env python3
"""An f64 reference of the three lmhead ops, written from their descriptions.

This is the oracle of the decomposition's integration tests. It is written
from the op descriptions in include/lmhead/Dialect/LMHead/IR/LMHeadOps.td and
shares no code or derivation with lib/Dialect/LMHead/Transforms: plain Python
floats (IEEE f64) and `math`, lists of lists for matrices, no numpy.

- `linear_grad`: dh = scale·dZ·W, dW = scale·dZᵀ·h in W's layout,
  db = scale·Σₙ dZ, plus the optional accumulate-into gradients.
- `ce_linear_fwd`: PyTorch's `cross_entropy(h @ W.T + b, y, ignore_index,
  reduction, label_smoothing)` with Liger-Kernel's logit soft-cap
  z ← c·tanh(z/c) and z-loss weight·lse²; mean over valid tokens, 0 when all
  are ignored. A valid token whose label is outside [0, V) has loss NaN
  (where PyTorch raises an error) and still counts as valid.
- `ce_linear_grad`: the analytic gradient of that loss (logit gradient from
  the description, then the two products of `linear_grad`); the logit
  gradient row of a valid token labelled outside [0, V) is NaN, which the
  products carry into its dh row and into all of dW and db.

`python3 lmhead_reference.py selfcheck [--seed S]` makes the oracle
trustworthy without any other library: it compares every gradient against
central finite differences of the reference forward loss, for small random
cases and every option, checks the forward against PyTorch's definition of
label smoothing (cross-entropy against the smoothed target distribution),
checks that all-ignored batches give a loss of exactly 0 and gradients of
exactly 0, that labels outside [0, V) give NaN exactly in the loss and
gradient entries they reach and change nothing else, and that the ranges of
`forward_ranges` hold a forward whose f32 sums round logits the other way.

`forward_ranges` gives the loss and lse as ranges where the rounding of a
logit to the operand type is a tie under f32 accumulation: what the tests
hold the ops' forward results to.
"""

import argparse
import itertools
import math
import operator
import random
import struct
import sys
from dataclasses import dataclass

LAYOUTS = ("vd", "dv")
REDUCTIONS = ("mean", "sum", "none")


# ---------------------------------------------------------------------------
# Small dense helpers. A matrix is a list of rows.
# ---------------------------------------------------------------------------


def zeros(rows, cols):
    return [[0.0] * cols for _ in range(rows)]


def weight_shape(vocab, hidden, layout):
    """Shape of W: [V,D] for layout vd, [D,V] for layout dv."""
    return (vocab, hidden) if layout == "vd" else (hidden, vocab)


def weight_vd(w, layout):
    """W as a [V,D] matrix whatever its storage."""
    if layout == "vd":
        return w
    return [list(col) for col in zip(*w)]


def store_weight(w_vd, layout):
    """A [V,D] matrix stored in `layout` (the inverse of weight_vd)."""
    return weight_vd(w_vd, layout)  # a transpose is its own inverse


def add_into(acc, value):
    """Elementwise acc + value for matrices or vectors; acc may be None."""
    if acc is None:
        return value
    if isinstance(value[0], list):
        return [[a + b for a, b in zip(ra, rb)] for ra, rb in zip(acc, value)]
    return [a + b for a, b in zip(acc, value)]


def logsumexp(row):
    m = max(row)
    return m + math.log(math.fsum(math.exp(x - m) for x in row))


# ---------------------------------------------------------------------------
# The ops.
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class CEOptions:
    """The cross-entropy attributes shared by ce_linear_fwd/ce_linear_grad."""

    layout: str = "vd"
    reduction: str = "mean"
    ignore_index: int = -100
    label_smoothing: float = 0.0
    logit_softcap: float = 0.0
    z_loss_weight: float = 0.0
    # Rounds one value to the operand element type (None for f32): the ops
    # take the logits and dZ in the operand type, as a mixed-precision
    # linear layer produces and consumes them.
    round_operand: object = None


def raw_logits(h, w, layout, bias=None):
    """z = h·Wᵀ (+ b), before any soft-cap, [N,V]."""
    w_rows = weight_vd(w, layout)
    # map(operator.mul, ...) feeds fsum the same products as a generator
    # would, at a third less time: the references of the larger emulator
    # tests compute tens of millions of them.
    z = [[math.fsum(map(operator.mul, h_row, w_row)) for w_row in w_rows]
         for h_row in h]
    if bias is not None:
        z = [[x + b for x, b in zip(row, bias)] for row in z]
    return z


def soft_cap(x, cap):
    """c·tanh(x/c), or x itself when there is no cap (c = 0)."""
    return cap * math.tanh(x / cap) if cap > 0.0 else x


def capped_logits(h, w, opts, bias=None):
    """The logits the loss sees: z rounded to the operand type, then
    c·tanh(z/c) when soft-capped."""
    z = raw_logits(h, w, opts.layout, bias)
    if opts.round_operand is not None:
        z = [[opts.round_operand(x) for x in row] for row in z]
    if opts.logit_softcap > 0.0:
        z = [[soft_cap(x, opts.logit_softcap) for x in row] for row in z]
    return z


def valid_tokens(labels, opts):
    return [y != opts.ignore_index for y in labels]


def outside_vocab(label, vocab):
    """True for a label no logit answers to (a valid token so labelled has
    a NaN loss and a NaN logit-gradient row)."""
    return not 0 <= label < vocab


def per_token_loss(z_row, lse, label, opts):
    """(1−ε)(lse − z_y) + ε(lse − mean_v z) + w·lse² of one valid token."""
    eps = opts.label_smoothing
    mean_z = math.fsum(z_row) / len(z_row)
    return ((1.0 - eps) * (lse - z_row[label]) + eps * (lse - mean_z)
            + opts.z_loss_weight * lse * lse)


def ce_linear_fwd(h, w, labels, opts, bias=None):
    """Returns (loss, lse): loss a float (mean/sum) or a list (none)."""
    return ce_forward_of_logits(capped_logits(h, w, opts, bias), labels, opts)


def ce_forward_of_logits(z, labels, opts):
    """ce_linear_fwd's (loss, lse) from the logits the loss sees."""
    lse = [logsumexp(row) for row in z]
    valid = valid_tokens(labels, opts)
    losses = [0.0 if not valid[n] else
              math.nan if outside_vocab(labels[n], len(z[n])) else
              per_token_loss(z[n], lse[n], labels[n], opts)
              for n in range(len(z))]
    if opts.reduction == "none":
        return losses, lse
    total = math.fsum(losses)
    if opts.reduction == "sum":
        return total, lse
    count = sum(valid)
    return (total / count if count else 0.0), lse


def token_weights(labels, dloss, vocab, opts):
    """g[n]: the upstream gradient each valid token's loss receives, NaN
    for a valid token labelled outside [0, vocab)."""
    valid = valid_tokens(labels, opts)
    if opts.reduction == "none":
        g = [g if ok else 0.0 for g, ok in zip(dloss, valid)]
    elif opts.reduction == "sum":
        g = [dloss if ok else 0.0 for ok in valid]
    else:
        count = sum(valid)
        g = [dloss / count if ok else 0.0 for ok in valid]
    return [math.nan if ok and outside_vocab(y, vocab) else weight
            for weight, ok, y in zip(g, valid, labels)]


def ce_logit_grad(h, w, labels, lse, dloss, opts, bias=None, logits=None):
    """dZ w.r.t. the raw (uncapped) logits, [N,V], as in the description:

    dZ = g·(p(1 + 2·w_z·lse) − ε/V − (1−ε)·[v = y]) · (1 − (z/c)²).

    `logits`: capped_logits(h, w, opts, bias) where the caller has them.
    """
    z = logits if logits is not None else capped_logits(h, w, opts, bias)
    vocab = len(z[0])
    eps, cap = opts.label_smoothing, opts.logit_softcap
    g = token_weights(labels, dloss, vocab, opts)
    dz = zeros(len(h), vocab)
    for n, row in enumerate(z):
        if g[n] == 0.0:
            continue
        if math.isnan(g[n]):
            dz[n] = [math.nan] * vocab
            continue
        z_loss_factor = 1.0 + 2.0 * opts.z_loss_weight * lse[n]
        for v, x in enumerate(row):
            grad = math.exp(x - lse[n]) * z_loss_factor - eps / vocab
            if v == labels[n]:
                grad -= 1.0 - eps
            if cap > 0.0:
                grad *= 1.0 - (x / cap) ** 2
            dz[n][v] = g[n] * grad
    return dz


def linear_grad(dz, h, w, layout, scale=1.0, dh_acc=None, dw_acc=None,
                want_db=False):
    """Returns (dh, dw, db); db is None unless asked for."""
    w_rows = weight_vd(w, layout)
    dz_cols = list(zip(*dz))
    h_cols = list(zip(*h))
    w_cols = list(zip(*w_rows))
    dh = [[scale * math.fsum(map(operator.mul, dz_row, w_col))
           for w_col in w_cols] for dz_row in dz]
    dw_vd = [[scale * math.fsum(map(operator.mul, dz_col, h_col))
              for h_col in h_cols] for dz_col in dz_cols]
    dw = store_weight(dw_vd, layout)
    db = [scale * math.fsum(col) for col in dz_cols] if want_db else None
    return add_into(dh_acc, dh), add_into(dw_acc, dw), db


def ce_linear_grad(h, w, labels, lse, dloss, opts, bias=None, dh_acc=None,
                   dw_acc=None, want_db=False, logits=None):
    """Returns (dh, dw, db); db is None unless asked for (needs a bias).
    `logits`: capped_logits(h, w, opts, bias) where the caller has them."""
    assert not want_db or bias is not None, "db needs a bias"
    dz = ce_logit_grad(h, w, labels, lse, dloss, opts, bias, logits)
    if opts.round_operand is not None:
        dz = [[opts.round_operand(x) for x in row] for row in dz]
    return linear_grad(dz, h, w, opts.layout, 1.0, dh_acc, dw_acc, want_db)


def sum_of_squares(x):
    return math.fsum(v * v for v in flatten(x))


def gradient_statistics(dz, h, w, layout, scale=1.0, dz_formed=None):
    """The `stats` result: [‖dZ‖², ‖scale·dZ·W‖², ‖scale·dZᵀ·h‖²], of
    `dz_formed` for the first when dZ is formed before it is rounded to
    `dz` (ce_linear_grad), and of the products without what they are
    accumulated into."""
    dh, dw, _ = linear_grad(dz, h, w, layout, scale)
    return [sum_of_squares(dz if dz_formed is None else dz_formed),
            sum_of_squares(dh), sum_of_squares(dw)]


def ce_gradient_statistics(h, w, labels, lse, dloss, opts, bias=None):
    """ce_linear_grad's `stats`: dZ in f32 as formed, the products of dZ
    rounded to the operand type."""
    dz = ce_logit_grad(h, w, labels, lse, dloss, opts, bias)
    rounded = dz
    if opts.round_operand is not None:
        rounded = [[opts.round_operand(x) for x in row] for row in dz]
    return gradient_statistics(rounded, h, w, opts.layout, 1.0, dz)


# ---------------------------------------------------------------------------
# Rounding ranges: what the forward may return when a logit's rounding to
# the operand type is a tie under f32 accumulation.
# ---------------------------------------------------------------------------

# How far from the exact logit an f32 accumulator may land, in units of
# u·‖h‖·‖w‖ (u = 2⁻²⁴, the unit roundoff of f32). Products of bf16 or f16
# values are exact in f32, so only the additions err. The worst case over
# summation orders, (K−1)·u·Σ|hₖwₖ| (Higham, Accuracy and Stability of
# Numerical Algorithms, §3.1), would put a rounding boundary near most
# logits of a large case; in practice the errors partly cancel: sequential
# and reversed f32 sums of random bf16 dot products (K from 40 to 1024,
# millions of logits) land within 1.9·u·‖h‖·‖w‖. Eight units leave a wide
# margin over that and still put a boundary near only a few logits of a
# row.
LOGIT_SLACK_UNITS = 8.0
F32_UNIT_ROUNDOFF = 2.0 ** -24


def logit_ranges(h, w, opts, bias=None):
    """Per token, (row, {v: (lo, hi)}): the logits as capped_logits gives
    them, and the ranges of those an op may get either way. The op sums
    z = h·Wᵀ (+ b) in f32, in an order of its choosing, then rounds z to the
    operand type; where a rounding boundary of that type lies within the
    f32 sum's error of z (LOGIT_SLACK_UNITS), both neighbours are correct.
    The ranges are empty when the logits are not rounded (f32 operands)."""
    w_rows = weight_vd(w, opts.layout)
    w_norms = [math.sqrt(math.fsum(x * x for x in row)) for row in w_rows]
    unit = LOGIT_SLACK_UNITS * F32_UNIT_ROUNDOFF
    cap = opts.logit_softcap
    rounded = opts.round_operand or (lambda x: x)
    tokens = []
    for h_row in h:
        h_norm = math.sqrt(math.fsum(x * x for x in h_row))
        row, ranges = [], {}
        for v, w_row in enumerate(w_rows):
            # The f64 sum errs by far less than the slack, so it stands for
            # the exact z here.
            z = sum(map(operator.mul, h_row, w_row))
            slack = unit * h_norm * w_norms[v]
            if bias is not None:
                z += bias[v]
                slack += unit * abs(bias[v])
            row.append(soft_cap(rounded(z), cap))
            if opts.round_operand is None:
                continue
            lo, hi = rounded(z - slack), rounded(z + slack)
            if lo != hi:
                # The soft-cap is increasing: the ends stay the ends.
                ranges[v] = (soft_cap(lo, cap), soft_cap(hi, cap))
        tokens.append((row, ranges))
    return tokens


def forward_ranges(h, w, labels, opts, bias=None):
    """(loss, lse) as ranges (lo, hi): what ce_linear_fwd may return when
    each logit takes any value of its logit_ranges; lse as a list over the
    tokens, loss as a list over the tokens for reduction none and as a list
    of one range otherwise. lse grows with every logit, so its range is
    exact. A valid token's loss, lse + w·lse² − (1−ε)·z_y − ε·mean z, is
    bounded term by term, which ignores that lse and z_y move together and
    so can only widen its range. None when no logit is in doubt."""
    if opts.round_operand is None:
        return None
    tokens = logit_ranges(h, w, opts, bias)
    if not any(ranges for _, ranges in tokens):
        return None
    valid = valid_tokens(labels, opts)
    eps, weight = opts.label_smoothing, opts.z_loss_weight
    lse_ranges, loss_ranges = [], []
    for n, (row, ranges) in enumerate(tokens):
        # The row with every logit in doubt at its low end, and at its high.
        ends = [row, row]
        if ranges:
            ends = [list(row), list(row)]
            for v, (lo, hi) in ranges.items():
                ends[0][v], ends[1][v] = lo, hi
        low = logsumexp(ends[0])
        lse = (low, logsumexp(ends[1]) if ranges else low)
        lse_ranges.append(lse)
        if not valid[n]:
            loss_ranges.append((0.0, 0.0))
            continue
        if outside_vocab(labels[n], len(row)):
            loss_ranges.append((math.nan, math.nan))
            continue
        # lse + w·lse² over [lse_lo, lse_hi], its vertex included.
        quadratic = [x + weight * x * x for x in lse]
        if weight > 0.0 and lse[0] < -0.5 / weight < lse[1]:
            quadratic.append(-0.25 / weight)
        label = labels[n]
        means = [math.fsum(end) / len(end) for end in ends]
        loss_ranges.append(
            (min(quadratic) - (1.0 - eps) * ends[1][label] - eps * means[1],
             max(quadratic) - (1.0 - eps) * ends[0][label] - eps * means[0]))
    if opts.reduction == "none":
        return loss_ranges, lse_ranges
    total = tuple(math.fsum(r[end] for r in loss_ranges) for end in (0, 1))
    if opts.reduction == "mean":
        count = sum(valid)
        total = tuple(t / count if count else 0.0 for t in total)
    return [total], lse_ranges


# ---------------------------------------------------------------------------
# Self-check: finite differences and independent formulations.
# ---------------------------------------------------------------------------


def rel_err(got, want, floor=0.0):
    """Relative Frobenius error of two nested lists (or floats), taken
    relative to the larger of ‖want‖ and `floor`."""
    flat_got, flat_want = flatten(got), flatten(want)
    assert len(flat_got) == len(flat_want)
    num = math.sqrt(math.fsum((a - b) ** 2
                              for a, b in zip(flat_got, flat_want)))
    den = max(math.sqrt(math.fsum(b * b for b in flat_want)), floor)
    return num / den if den else num


def flatten(x):
    if isinstance(x, (int, float)):
        return [float(x)]
    return [v for item in x for v in flatten(item)]


def central_difference(f, params, step=1e-3):
    """∂f/∂p for every entry p of the nested lists in `params` (in place).

    Returns the gradients and the noise floor below which they cannot be
    trusted. The five-point stencil's truncation error is O(step⁴), so a
    large step keeps it negligible while the rounding error of f, amplified
    by 1/step, stays near 1e-13·|f| rather than the 1e-11·|f| of a two-point
    difference at step 1e-5; a gradient that nearly cancels (two almost
    equal weight rows) is then still resolved to about 1e-8.
    """
    grads = []
    largest_value = 0.0
    for tensor in params:
        rows = tensor if isinstance(tensor[0], list) else [tensor]
        grad = [[0.0] * len(row) for row in rows]
        for r, row in enumerate(rows):
            for c in range(len(row)):
                saved = row[c]
                values = []
                for offset in (2, 1, -1, -2):
                    row[c] = saved + offset * step
                    values.append(f())
                row[c] = saved
                far_up, up, down, far_down = values
                grad[r][c] = (8.0 * (up - down) - (far_up - far_down)) / \
                    (12.0 * step)
                largest_value = max(largest_value, *map(abs, values))
        grads.append(grad if isinstance(tensor[0], list) else grad[0])
    # Each f() carries a relative rounding error of a few ulps; the stencil
    # weighs the four values by 18/12 in total and divides by the step.
    noise_floor = 64.0 * sys.float_info.epsilon * (1.0 + largest_value) / step
    return grads, noise_floor


def random_matrix(rng, rows, cols, scale=1.0):
    return [[rng.uniform(-scale, scale) for _ in range(cols)]
            for _ in range(rows)]


def random_labels(rng, tokens, vocab, ignore_index, ignored):
    labels = [rng.randrange(vocab) for _ in range(tokens)]
    for n in rng.sample(range(tokens), ignored):
        labels[n] = ignore_index
    return labels


class SelfCheck:
    """Collects named checks and their outcome."""

    def __init__(self, tolerance):
        self.tolerance = tolerance
        self.failures = 0
        self.count = 0

    def close(self, name, got, want, noise_floor=0.0):
        """got ≈ want in relative Frobenius error.

        Against a finite difference, per-entry differences below
        `noise_floor` are rounding the difference cannot resolve, so the
        error is taken relative to the larger of ‖want‖ and the norm at which
        that rounding would reach the tolerance.
        """
        entries = len(flatten(want))
        err = rel_err(got, want, floor=noise_floor * math.sqrt(entries) /
                      self.tolerance)
        ok = err <= self.tolerance and math.isfinite(err)
        self.record(name, ok, f"rel_err={err:.2e}")

    def exact(self, name, got, want):
        ok = flatten(got) == flatten(want)
        self.record(name, ok, "exact")

    def record(self, name, ok, detail):
        self.count += 1
        if not ok:
            self.failures += 1
            print(f"FAIL {name}: {detail}")


# Option sets the gradient check runs for: (ε, soft-cap c, z-loss weight).
OPTION_SETS = [
    (0.0, 0.0, 0.0),
    (0.1, 0.0, 0.0),
    (0.0, 2.5, 0.0),
    (0.0, 0.0, 0.05),
    (0.2, 1.5, 0.01),
]


def check_ce_gradients(check, rng):
    """ce_linear_grad against finite differences of ce_linear_fwd."""
    for layout, reduction, use_bias, (eps, cap, zw), ignore_index in \
            itertools.product(LAYOUTS, REDUCTIONS, (False, True), OPTION_SETS,
                              (-100, -1)):
        tokens, hidden, vocab = rng.randint(2, 5), rng.randint(1, 4), \
            rng.randint(2, 7)
        opts = CEOptions(layout, reduction, ignore_index, eps, cap, zw)
        h = random_matrix(rng, tokens, hidden)
        w = random_matrix(rng, *weight_shape(vocab, hidden, layout))
        bias = [rng.uniform(-1, 1) for _ in range(vocab)] if use_bias else None
        labels = random_labels(rng, tokens, vocab, ignore_index,
                               rng.randint(0, tokens - 1))
        dloss = ([rng.uniform(-2, 2) for _ in range(tokens)]
                 if reduction == "none" else rng.uniform(0.5, 2))

        def objective():
            loss, _ = ce_linear_fwd(h, w, labels, opts, bias)
            if reduction == "none":
                return math.fsum(a * b for a, b in zip(loss, dloss))
            return loss * dloss

        _, lse = ce_linear_fwd(h, w, labels, opts, bias)
        dh, dw, db = ce_linear_grad(h, w, labels, lse, dloss, opts, bias,
                                    want_db=use_bias)
        params = [h, w] + ([bias] if use_bias else [])
        numeric, noise = central_difference(objective, params)
        name = (f"ce_linear_grad layout={layout} reduction={reduction} "
                f"bias={use_bias} eps={eps} cap={cap} z_loss={zw} "
                f"ignore_index={ignore_index} N={tokens} D={hidden} "
                f"V={vocab}")
        check.close(name + " dh", dh, numeric[0], noise)
        check.close(name + " dw", dw, numeric[1], noise)
        if use_bias:
            check.close(name + " db", db, numeric[2], noise)


def check_linear_grad(check, rng):
    """linear_grad is the gradient of scale·Σ dZ∘(h·Wᵀ + b)."""
    for layout, scale in itertools.product(LAYOUTS, (1.0, -0.75)):
        tokens, hidden, vocab = 3, 4, 5
        dz = random_matrix(rng, tokens, vocab)
        h = random_matrix(rng, tokens, hidden)
        w = random_matrix(rng, *weight_shape(vocab, hidden, layout))
        bias = [rng.uniform(-1, 1) for _ in range(vocab)]

        def objective():
            z = raw_logits(h, w, layout, bias)
            return scale * math.fsum(a * b for za, dza in zip(z, dz)
                                     for a, b in zip(za, dza))

        dh, dw, db = linear_grad(dz, h, w, layout, scale, want_db=True)
        numeric, noise = central_difference(objective, [h, w, bias])
        name = f"linear_grad layout={layout} scale={scale}"
        check.close(name + " dh", dh, numeric[0], noise)
        check.close(name + " dw", dw, numeric[1], noise)
        check.close(name + " db", db, numeric[2], noise)
        dh_acc = random_matrix(rng, tokens, hidden)
        dw_acc = random_matrix(rng, *weight_shape(vocab, hidden, layout))
        dh2, dw2, _ = linear_grad(dz, h, w, layout, scale, dh_acc, dw_acc)
        check.close(name + " accumulate_dh", dh2, add_into(dh_acc, dh))
        check.close(name + " accumulate_dw", dw2, add_into(dw_acc, dw))


def check_smoothing_definition(check, rng):
    """The forward equals PyTorch's definition of label smoothing: the
    cross-entropy against q = (1−ε)·onehot(y) + ε/V, meaned over valid
    tokens, plus the z-loss, with logits soft-capped first."""
    for eps, cap, zw in OPTION_SETS:
        tokens, hidden, vocab = 6, 3, 5
        opts = CEOptions("vd", "mean", -100, eps, cap, zw)
        h = random_matrix(rng, tokens, hidden)
        w = random_matrix(rng, vocab, hidden)
        labels = random_labels(rng, tokens, vocab, -100, 2)
        z = capped_logits(h, w, opts)
        total, count = 0.0, 0
        for row, y in zip(z, labels):
            if y == -100:
                continue
            log_p = [x - logsumexp(row) for x in row]
            q = [(1 - eps) * (v == y) + eps / vocab for v in range(vocab)]
            total += -math.fsum(a * b for a, b in zip(q, log_p))
            total += zw * logsumexp(row) ** 2
            count += 1
        loss, _ = ce_linear_fwd(h, w, labels, opts)
        check.close(f"smoothed-target definition eps={eps} cap={cap} "
                    f"z_loss={zw}", loss, total / count)


def check_all_ignored(check, rng):
    """Every reduction: loss exactly 0 (not NaN), gradients exactly 0."""
    for layout, reduction in itertools.product(LAYOUTS, REDUCTIONS):
        tokens, hidden, vocab = 3, 2, 4
        opts = CEOptions(layout, reduction, -1, 0.1, 2.0, 0.01)
        h = random_matrix(rng, tokens, hidden)
        w = random_matrix(rng, *weight_shape(vocab, hidden, layout))
        bias = [rng.uniform(-1, 1) for _ in range(vocab)]
        labels = [-1] * tokens
        dloss = [1.0] * tokens if reduction == "none" else 1.0
        loss, lse = ce_linear_fwd(h, w, labels, opts, bias)
        dh, dw, db = ce_linear_grad(h, w, labels, lse, dloss, opts, bias,
                                    want_db=True)
        name = f"all ignored layout={layout} reduction={reduction}"
        check.exact(name + " loss", loss,
                    [0.0] * tokens if reduction == "none" else 0.0)
        check.exact(name + " dh", dh, zeros(tokens, hidden))
        check.exact(name + " dw", dw, zeros(len(w), len(w[0])))
        check.exact(name + " db", db, [0.0] * vocab)


def check_labels_outside_vocab(check, rng):
    """Labels outside [0, V) that are not ignore_index: NaN in the loss of
    those tokens (and so in mean and sum), in their dh rows and in all of
    dW and db; lse and every other loss entry and dh row are exactly those
    of the same batch with in-range labels there instead (the tokens still
    count for the mean)."""
    for layout, reduction, (eps, cap, zw) in itertools.product(
            LAYOUTS, REDUCTIONS, [(0.0, 0.0, 0.0), (0.1, 2.0, 0.01)]):
        tokens, hidden, vocab = 6, 3, 5
        opts = CEOptions(layout, reduction, -1, eps, cap, zw)
        h = random_matrix(rng, tokens, hidden)
        w = random_matrix(rng, *weight_shape(vocab, hidden, layout))
        bias = [rng.uniform(-1, 1) for _ in range(vocab)]
        in_range = random_labels(rng, tokens, vocab, -1, 1)
        bad = rng.sample([n for n, y in enumerate(in_range) if y != -1], 3)
        labels = list(in_range)
        for n, y in zip(bad, (-100, vocab, -2**63)):
            labels[n] = y
        dloss = ([rng.uniform(-2, 2) for _ in range(tokens)]
                 if reduction == "none" else rng.uniform(0.5, 2))
        name = (f"labels outside [0,V) layout={layout} reduction={reduction} "
                f"eps={eps} cap={cap} z_loss={zw}")

        loss, lse = ce_linear_fwd(h, w, labels, opts, bias)
        loss_in, lse_in = ce_linear_fwd(h, w, in_range, opts, bias)
        check.exact(name + " lse", lse, lse_in)
        if reduction == "none":
            check.record(name + " loss", all(
                math.isnan(loss[n]) if n in bad else loss[n] == loss_in[n]
                for n in range(tokens)), "NaN exactly at the bad tokens")
        else:
            check.record(name + " loss", math.isnan(loss), "NaN")

        dh, dw, db = ce_linear_grad(h, w, labels, lse, dloss, opts, bias,
                                    want_db=True)
        dh_in, _, _ = ce_linear_grad(h, w, in_range, lse, dloss, opts, bias,
                                     want_db=True)
        check.record(name + " dh", all(
            all(map(math.isnan, dh[n])) if n in bad else dh[n] == dh_in[n]
            for n in range(tokens)), "NaN exactly in the bad tokens' rows")
        check.record(name + " dw", all(map(math.isnan, flatten(dw))),
                     "all NaN")
        check.record(name + " db", all(map(math.isnan, db)), "all NaN")


def to_f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def to_bf16(x):
    """x rounded to bf16 (through f32, as the tests' values are)."""
    bits = struct.unpack("<I", struct.pack("<f", x))[0]
    bits += 0x7FFF + ((bits >> 16) & 1)
    return struct.unpack("<f", struct.pack("<I", (bits >> 16) << 16))[0]


# A token's and a vocabulary row's first entries, whose products
# 4 + 2⁻⁶ + 2⁻²² + 2⁻²² sum exactly to one f32 ulp above a bf16 rounding
# boundary (4 + 2⁻⁶, halfway between 4 and 4 + 2⁻⁵), so the logit rounds up
# to 4 + 2⁻⁵; an f32 sum in this order loses each 2⁻²² to ties-to-even,
# lands on the boundary and rounds to 4.
TIE_ENTRIES = [2.0, 2.0 ** -3, 2.0 ** -11, 2.0 ** -11]


def sequential_f32_logits(h, w, opts, bias=None):
    """The logits as an op that sums h·Wᵀ (+ b) in f32, one product after
    the other, then rounds to the operand type and soft-caps them."""
    cap = opts.logit_softcap
    z = []
    for h_row in h:
        row = []
        for v, w_row in enumerate(weight_vd(w, opts.layout)):
            acc = 0.0
            for a, b in zip(h_row, w_row):
                acc = to_f32(acc + a * b)
            if bias is not None:
                acc = to_f32(acc + bias[v])
            row.append(soft_cap(opts.round_operand(acc), cap))
        z.append(row)
    return z


def check_rounding_ranges(check, rng):
    """forward_ranges holds both the reference forward and that of an op
    summing the logits in f32, on bf16 cases built so that the f32 sums of
    two logits (one of them a label) round the other way."""
    def slack(end):
        """f64 rounding: the range's ends come from sums of their own."""
        return 1e-12 * (1.0 + abs(end))

    for layout, reduction, (eps, cap, zw), with_bias in itertools.product(
            LAYOUTS, REDUCTIONS, OPTION_SETS, (False, True)):
        tokens, hidden, vocab = 6, 5, 7
        opts = CEOptions(layout, reduction, -1, eps, cap, zw, to_bf16)
        h = [[to_bf16(x) for x in row]
             for row in random_matrix(rng, tokens, hidden)]
        w_vd = [[to_bf16(x) for x in row]
                for row in random_matrix(rng, vocab, hidden)]
        bias = ([to_bf16(rng.uniform(-1, 1)) for _ in range(vocab)]
                if with_bias else None)
        labels = random_labels(rng, tokens, vocab, -1, 1)
        tie_tokens = rng.sample([n for n, y in enumerate(labels) if y != -1],
                                2)
        tie_rows = rng.sample(range(vocab), 2)
        for n, v in zip(tie_tokens, tie_rows):
            h[n] = TIE_ENTRIES + [0.0] * (hidden - len(TIE_ENTRIES))
            w_vd[v][:len(TIE_ENTRIES)] = TIE_ENTRIES
            if bias is not None:
                bias[v] = 0.0
        labels[tie_tokens[0]] = tie_rows[0]
        w = store_weight(w_vd, layout)
        name = (f"rounding ranges layout={layout} reduction={reduction} "
                f"eps={eps} cap={cap} z_loss={zw} bias={with_bias}")

        ranges = forward_ranges(h, w, labels, opts, bias)
        point = ce_linear_fwd(h, w, labels, opts, bias)
        z_exact = capped_logits(h, w, opts, bias)
        z_summed = sequential_f32_logits(h, w, opts, bias)
        summed = ce_forward_of_logits(z_summed, labels, opts)
        check.record(name + " ties", ranges is not None and all(
            z_summed[n][v] < z_exact[n][v]
            for n, v in zip(tie_tokens, tie_rows)),
            "the f32 sums round the two tie logits down")
        if ranges is None:
            continue
        for label, forward in (("reference", point), ("f32 sums", summed)):
            for k, result in enumerate(("loss", "lse")):
                values = flatten(forward[k])
                inside = all(
                    lo - slack(lo) <= x <= hi + slack(hi)
                    for x, (lo, hi) in zip(values, ranges[k])
                    if not math.isnan(x))
                check.record(f"{name} {label} {result}",
                             inside and len(values) == len(ranges[k]),
                             "within forward_ranges")


def self_check(seed):
    rng = random.Random(seed)
    check = SelfCheck(tolerance=1e-7)
    check_ce_gradients(check, rng)
    check_linear_grad(check, rng)
    check_smoothing_definition(check, rng)
    check_all_ignored(check, rng)
    check_labels_outside_vocab(check, rng)
    check_rounding_ranges(check, rng)
    print(f"{check.count} checks, {check.failures} failed (seed {seed})")
    return check.failures == 0


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    cmd = sub.add_parser("selfcheck", help="verify the reference itself")
    cmd.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if not self_check(args.seed):
        return 1
    print("SELFCHECK PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
