"""The vocabulary-parallel head (process_group=, vocab_range=) on 2 and 4
CPU ranks of a gloo group: the loss on every rank, dh on every rank and the
ranks' dW and db shards put together equal the single-process op and
PyTorch's F.cross_entropy(F.linear(...)) in float64, for every loss option,
on shards of unequal size of a vocabulary no rank count divides; with
sequence parallelism (tokens split over the ranks); the PTX emulator's
kernels on 2 ranks in bf16; and the errors of layouts that do not tile the
vocabulary and of ranks that disagree."""

import os

import pytest
import torch
import torch.distributed as dist

from _helpers import grads, random_problem, relative_error, torch_loss
from _ranks import on_ranks, shard_bounds
from lmhead import settings
from lmhead.torch import linear_cross_entropy
from lmhead.torch.distributed import DistributedLayoutError

N, D, V = 29, 24, 203
F64_TOLERANCE = 1e-10
BF16_TOLERANCE = 1e-2

# (name, options, problem); problem["labels_below"] = k puts every label in
# [0, k), so that the ranks holding other rows see no label at all.
CASES = [
    ("mean", {}, {}),
    ("sum-smoothing", {"reduction": "sum", "label_smoothing": 0.1}, {}),
    ("none-zloss-bias", {"reduction": "none", "z_loss": 1e-3},
     {"bias": True}),
    ("mean-softcap-smoothing-bias",
     {"softcap": 2.0, "label_smoothing": 0.2}, {"bias": True, "scale": 6.0}),
    ("sum-dv-softcap-zloss",
     {"reduction": "sum", "weight_layout": "dv", "softcap": 3.0,
      "z_loss": 1e-3}, {"weight_layout": "dv", "scale": 4.0}),
    ("dv-smoothing-bias", {"weight_layout": "dv", "label_smoothing": 0.05},
     {"weight_layout": "dv", "bias": True}),
    # An ignore_index that is a row of a shard: a label there must still be
    # ignored, and a local label equal to it must not be.
    ("ignore-index-inside-vocabulary", {"ignore_index": 7},
     {"ignore_index": 7}),
    ("labels-in-one-shard", {"label_smoothing": 0.1, "z_loss": 1e-4},
     {"labels_below": 20}),
    ("batched-none-int32-labels", {"reduction": "none"},
     {"batch": 2, "labels": torch.int32}),
    ("weight-grad-scale", {"weight_grad_scale": 0.25,
                           "label_smoothing": 0.1}, {"bias": True}),
]


def make_problem(dtype, problem, seed, n=N, d=D, v=V):
    problem = dict(problem)
    below = problem.pop("labels_below", None)
    label_type = problem.pop("labels", torch.int64)
    x, w, y, b = random_problem(n, d, v, dtype, seed=seed, **problem)
    if below is not None:
        kept = y != problem.get("ignore_index", -100)
        y = torch.where(kept, y % below, y)
    return x, w, y.to(label_type), b


def upstream_for(loss, seed):
    gen = torch.Generator().manual_seed(1000 + seed)
    return torch.rand(loss.shape, dtype=torch.float64, generator=gen) + 0.5


def shard_of(t, start, stop, layout, axis_of_bias=False):
    """Rows [start, stop) of a weight (columns for layout dv) or a bias, as
    a fresh leaf."""
    if t is None:
        return None
    if axis_of_bias or layout == "vd":
        part = t[start:stop]
    else:
        part = t[:, start:stop]
    return part.detach().clone().requires_grad_()


def run_cases_on_rank(rank, world, bounds, cases, dtype):
    """Each case's loss and gradients on this rank."""
    start, stop = bounds[rank]
    results = []
    for seed, (name, options, problem) in enumerate(cases):
        x, w, y, b = make_problem(dtype, problem, seed)
        layout = options.get("weight_layout", "vd")
        w_shard = shard_of(w, start, stop, layout)
        b_shard = shard_of(b, start, stop, layout, axis_of_bias=True)
        loss = linear_cross_entropy(x, w_shard, y, b_shard,
                                    process_group=dist.group.WORLD,
                                    vocab_range=(start, stop), **options)
        dh, dw, db = grads(loss, upstream_for(loss, seed).to(loss.dtype), x,
                           w_shard, b_shard)
        results.append({"loss": loss.detach(), "dh": dh, "dw": dw,
                        "db": db})
    return results


def expected(dtype, options, problem, seed):
    """(single-process op, PyTorch in float64): each a dict of loss, dh,
    dw, db."""
    x, w, y, b = make_problem(dtype, problem, seed)
    loss = linear_cross_entropy(x, w, y, b, **options)
    up = upstream_for(loss, seed)
    single = dict(zip(("dh", "dw", "db"),
                      grads(loss, up.to(loss.dtype), x, w, b)),
                  loss=loss.detach())
    ref_x, ref_w, ref_b = (t.detach().double().requires_grad_()
                           if t is not None else None for t in (x, w, b))
    torch_options = {k: v for k, v in options.items()
                     if k != "weight_grad_scale"}
    want = torch_loss(ref_x, ref_w, y.long(), ref_b, **torch_options)
    reference = dict(zip(("dh", "dw", "db"),
                         grads(want, up, ref_x, ref_w, ref_b)),
                     loss=want.detach())
    scale = options.get("weight_grad_scale")
    if scale is not None:
        reference["dw"] = reference["dw"] * scale
        reference["db"] = reference["db"] * scale
    return single, reference


def joined(results, options, key):
    """The ranks' shards of dW (key "dw") or db put back together."""
    parts = [r[key] for r in results]
    if parts[0] is None:
        return None
    axis = 1 if key == "dw" and options.get("weight_layout") == "dv" else 0
    return torch.cat(parts, dim=axis)


def compare(per_rank, cases, dtype, tolerance):
    """Checks every case on every rank; returns the largest errors."""
    worst = {}
    for seed, (name, options, problem) in enumerate(cases):
        single, reference = expected(dtype, options, problem, seed)
        results = [ranks[seed] for ranks in per_rank]
        got = {"dw": joined(results, options, "dw"),
               "db": joined(results, options, "db")}
        for rank, result in enumerate(results):
            for key in ("loss", "dh"):
                got[f"{key}@{rank}"] = result[key]
        for key, value in got.items():
            if value is None:
                continue
            base = key.split("@")[0]
            for against, want in (("single", single), ("torch", reference)):
                error = relative_error(value, want[base])
                assert error <= tolerance, (
                    f"{name}: {key} against the {against} result: relative "
                    f"error {error:.3g}")
                if against == "torch":
                    worst[base] = max(worst.get(base, 0.0), error)
    return worst


@pytest.mark.parametrize("world", [2, 4])
def test_every_option_against_one_process_and_pytorch(tmp_path, world):
    bounds = shard_bounds(V, world)
    assert len({stop - start for start, stop in bounds}) == world
    per_rank = on_ranks(world, run_cases_on_rank, bounds, CASES,
                        torch.float64, folder=tmp_path)
    worst = compare(per_rank, CASES, torch.float64, F64_TOLERANCE)
    print(f"{world} ranks {bounds}:",
          {k: f"{e:.1e}" for k, e in worst.items()})


SEQUENCE_PARALLEL = [
    ("sp-mean-softcap-smoothing-bias",
     {"softcap": 2.0, "label_smoothing": 0.1}, {"bias": True, "scale": 6.0}),
    ("sp-none-zloss", {"reduction": "none", "z_loss": 1e-3}, {}),
    ("sp-sum-dv-batched", {"reduction": "sum", "weight_layout": "dv"},
     {"weight_layout": "dv", "batch": 2}),
]
SP_TOKENS = 28  # divisible by 2 and 4 ranks


def run_sequence_parallel_on_rank(rank, world, bounds, cases):
    """Each case with this rank's tokens only: (loss, its dh, dW, db)."""
    start, stop = bounds[rank]
    results = []
    for seed, (name, options, problem) in enumerate(cases):
        x, w, y, b = make_problem(torch.float64, problem, seed, n=SP_TOKENS)
        layout = options.get("weight_layout", "vd")
        # This rank's share of the tokens, in order, as Megatron-LM splits
        # the sequence of its [S, B, D] activations.
        flat_x, flat_y = x.detach().reshape(-1, D), y.reshape(-1)
        count = flat_x.shape[0] // world
        mine = slice(rank * count, (rank + 1) * count)
        local_x = flat_x[mine].clone().requires_grad_()
        w_shard = shard_of(w, start, stop, layout)
        b_shard = shard_of(b, start, stop, layout, axis_of_bias=True)
        loss = linear_cross_entropy(local_x, w_shard, flat_y[mine], b_shard,
                                    process_group=dist.group.WORLD,
                                    vocab_range=(start, stop),
                                    sequence_parallel=True, **options)
        # The upstream gradient of the whole problem, and this rank's part.
        whole_up = upstream_for(torch.empty(y.shape) if loss.dim() else
                                loss, seed).reshape(-1)
        up = whole_up[mine] if loss.dim() else whole_up.reshape(())
        dh, dw, db = grads(loss, up.to(loss.dtype), local_x, w_shard,
                           b_shard)
        results.append({"loss": loss.detach(), "dh": dh, "dw": dw,
                        "db": db})
    return results


@pytest.mark.parametrize("world", [2, 4])
def test_sequence_parallel(tmp_path, world):
    bounds = shard_bounds(V, world)
    per_rank = on_ranks(world, run_sequence_parallel_on_rank, bounds,
                        SEQUENCE_PARALLEL, folder=tmp_path)
    worst = {}
    for seed, (name, options, problem) in enumerate(SEQUENCE_PARALLEL):
        x, w, y, b = make_problem(torch.float64, problem, seed, n=SP_TOKENS)
        ref_x, ref_w, ref_b = (t.detach().requires_grad_()
                               if t is not None else None for t in (x, w, b))
        want = torch_loss(ref_x, ref_w, y, ref_b, **options)
        expected_grads = grads(want, upstream_for(want, seed), ref_x, ref_w,
                               ref_b)
        results = [ranks[seed] for ranks in per_rank]
        losses = [r["loss"] for r in results]
        got = {"dh": torch.cat([r["dh"] for r in results]),
               "dw": joined(results, options, "dw"),
               "db": joined(results, options, "db"),
               "loss": torch.cat(losses) if losses[0].dim() else None}
        wanted = dict(zip(("dh", "dw", "db"), expected_grads),
                      loss=want.reshape(-1))
        wanted["dh"] = wanted["dh"].reshape(-1, D)
        if got["loss"] is None:
            # A mean or sum: the global loss, on every rank.
            for loss in losses:
                error = relative_error(loss, want)
                assert error <= F64_TOLERANCE, (name, error)
        for key, value in got.items():
            if value is None:
                continue
            error = relative_error(value, wanted[key])
            assert error <= F64_TOLERANCE, (
                f"{name}: {key}: relative error {error:.3g}")
            worst[key] = max(worst.get(key, 0.0), error)
    print(f"sequence parallel, {world} ranks:",
          {k: f"{e:.1e}" for k, e in worst.items()})


def test_ignoring_every_token(tmp_path):
    # PyTorch's mean is NaN here; the op's is 0, with zero gradients, on
    # every rank as on one process.
    cases = [("ignore-all-mean", {}, {"ignored": 1.0, "bias": True}),
             ("ignore-all-none", {"reduction": "none"}, {"ignored": 1.0})]
    bounds = shard_bounds(V, 2)
    per_rank = on_ranks(2, run_cases_on_rank, bounds, cases, torch.float64,
                        folder=tmp_path)
    for ranks in per_rank:
        for result in ranks:
            assert float(result["loss"].abs().sum()) == 0.0
            for key in ("dh", "dw", "db"):
                if result[key] is not None:
                    assert float(result[key].abs().sum()) == 0.0


EMULATED = [
    ("bf16-mean-smoothing-zloss", {"label_smoothing": 0.1, "z_loss": 1e-3},
     {}),
    ("bf16-sum-dv-softcap-bias", {"reduction": "sum", "weight_layout": "dv",
                                  "softcap": 2.0},
     {"weight_layout": "dv", "bias": True, "scale": 6.0}),
]


def test_emulated_kernels_on_two_ranks(tmp_path, emulator):
    from lmhead.torch import kernels
    bounds = shard_bounds(V, 2)
    per_rank = on_ranks(2, run_emulated_on_rank, bounds, EMULATED,
                        folder=tmp_path)
    # Each rank ran its forward and backward on the emulator's kernels.
    assert all(runs >= 2 * len(EMULATED) for _, runs in per_rank)
    runs = kernels.stats["runs"]
    worst = compare([ranks for ranks, _ in per_rank], EMULATED,
                    torch.bfloat16, BF16_TOLERANCE)
    assert kernels.stats["runs"] > runs
    print("emulated bf16, 2 ranks:",
          {k: f"{e:.1e}" for k, e in worst.items()})


def run_emulated_on_rank(rank, world, bounds, cases):
    from lmhead.torch import kernels
    results = run_cases_on_rank(rank, world, bounds, cases, torch.bfloat16)
    return results, kernels.stats["runs"]


# Each error case: what rank r passes, as a function of (rank, x, w, y);
# every rank returns (exception type, message) of what it raised.
def _overlap(rank, x, w, y):
    start, stop = [(0, 110), (100, V)][rank]
    return dict(input=x, weight=w[start:stop], vocab_range=(start, stop))


def _gap(rank, x, w, y):
    start, stop = [(0, 90), (95, V)][rank]
    return dict(input=x, weight=w[start:stop], vocab_range=(start, stop))


def _range_not_matching_weight(rank, x, w, y):
    start, stop = [(0, 90), (90, V - 3)][rank]
    return dict(input=x, weight=w[start:V if rank else stop],
                vocab_range=(start, stop))


def _tokens_differ(rank, x, w, y):
    start, stop = [(0, 90), (90, V)][rank]
    return dict(input=x[:N - rank], target=y[:N - rank],
                weight=w[start:stop], vocab_range=(start, stop))


def _hidden_differs(rank, x, w, y):
    start, stop = [(0, 90), (90, V)][rank]
    cut = D - 4 * rank
    return dict(input=x[:, :cut], weight=w[start:stop, :cut],
                vocab_range=(start, stop))


def _options_differ(rank, x, w, y):
    start, stop = [(0, 90), (90, V)][rank]
    return dict(input=x, weight=w[start:stop], vocab_range=(start, stop),
                label_smoothing=0.1 * rank)


def _one_rank_rejects_its_target(rank, x, w, y):
    start, stop = [(0, 90), (90, V)][rank]
    return dict(input=x, weight=w[start:stop], vocab_range=(start, stop),
                target=y.double() if rank else y)


def _label_outside_the_vocabulary(rank, x, w, y):
    start, stop = [(0, 90), (90, V)][rank]
    target = y.clone()
    target[3] = V
    return dict(input=x, weight=w[start:stop], vocab_range=(start, stop),
                target=target)


def _fine(rank, x, w, y):
    start, stop = [(0, 90), (90, V)][rank]
    return dict(input=x, weight=w[start:stop].clone().requires_grad_(),
                vocab_range=(start, stop))


ERRORS = [
    (_overlap, ["the vocabulary shards overlap: rank 0 holds [0, 110) and "
                "rank 1 [100, 203)"] * 2),
    (_gap, ["the vocabulary shards leave a gap: no rank holds rows [90, 95)"]
     * 2),
    (_range_not_matching_weight,
     ["rank 1's vocab_range does not match its weight, which holds 113",
      "vocab_range (90, 200) covers 110 vocabulary entries but this rank's "
      "weight holds 113"]),
    (_tokens_differ, ["the ranks disagree on the token count N: rank 0 has "
                      "29, rank 1 has 28"] * 2),
    (_hidden_differs, ["the ranks disagree on the hidden size D: rank 0 has "
                       "24, rank 1 has 20"] * 2),
    (_options_differ, ["the ranks disagree on the loss options"] * 2),
    (_one_rank_rejects_its_target,
     ["rank 1 rejected its arguments", "target must hold integer class "
                                       "indices"]),
    (_label_outside_the_vocabulary,
     ["target[3] (of the 29 tokens, flattened) is 203: labels must be in "
      "[0, 203)"] * 2),
    # After all of these, the group still works.
    (_fine, [None, None]),
]


def raise_errors_on_rank(rank, world, cases):
    x, w, y, _ = random_problem(N, D, V, torch.float64, seed=3)
    outcomes = []
    for make, _ in cases:
        arguments = dict(input=x, target=y)
        arguments.update(make(rank, x.detach(), w.detach(), y))
        try:
            loss = linear_cross_entropy(arguments.pop("input"),
                                        arguments.pop("weight"),
                                        arguments.pop("target"),
                                        process_group=dist.group.WORLD,
                                        **arguments)
            loss.backward()
            outcomes.append(None)
        except (TypeError, ValueError) as error:
            outcomes.append((type(error).__name__, str(error)))
    return outcomes


def test_layouts_and_disagreements_are_errors_on_every_rank(tmp_path):
    per_rank = on_ranks(2, raise_errors_on_rank, ERRORS, folder=tmp_path)
    for index, (make, wanted) in enumerate(ERRORS):
        for rank in range(2):
            outcome = per_rank[rank][index]
            if wanted[rank] is None:
                assert outcome is None, (make.__name__, rank, outcome)
                continue
            assert outcome is not None, (make.__name__, rank)
            kind, message = outcome
            assert wanted[rank] in message, (make.__name__, rank, message)
            print(f"{make.__name__} rank {rank}: {kind}: {message}")


def test_errors_before_any_collective():
    x, w, y, _ = random_problem(N, D, V, torch.float64, seed=4)
    with pytest.raises(ValueError, match="without process_group"):
        linear_cross_entropy(x, w, y, vocab_range=(0, V))
    with pytest.raises(ValueError, match="sequence_parallel=True needs"):
        linear_cross_entropy(x, w, y, sequence_parallel=True)
    with pytest.raises(ValueError, match="without vocab_range"):
        linear_cross_entropy(x, w, y, process_group=object())
    if not dist.is_initialized():
        with pytest.raises(RuntimeError, match="not initialised"):
            linear_cross_entropy(x, w, y, process_group=object(),
                                 vocab_range=(0, V))


def run_dtensor_on_rank(rank, world):
    """A DTensor weight sharded by vocabulary: its local shard and range go
    to the op, and the gradient arrives as a DTensor of the same placement.
    Returns the loss, dh and the gathered dW."""
    from torch.distributed.device_mesh import init_device_mesh
    from torch.distributed.tensor import Shard, distribute_tensor
    from lmhead.torch.distributed import vocab_range_of
    x, w, y, _ = random_problem(N, D, V, torch.float64, seed=11)
    mesh = init_device_mesh("cpu", (world,))
    weight = torch.nn.Parameter(distribute_tensor(w.detach(), mesh,
                                                  [Shard(0)]))
    start, stop = vocab_range_of(weight)
    assert weight.to_local().shape[0] == stop - start
    # The one-pass step needs the lse of every shard before the gradient:
    # asked for here, it is an error on every rank (the default runs two
    # passes).
    with pytest.raises(ValueError, match="not available with process_group"):
        linear_cross_entropy(x, weight.to_local(), y,
                             process_group=mesh.get_group(),
                             vocab_range=(start, stop), schedule="one-pass")
    loss = linear_cross_entropy(x, weight.to_local(), y,
                                process_group=mesh.get_group(),
                                vocab_range=(start, stop),
                                label_smoothing=0.1)
    loss.backward()
    # The module form, with the group and range given once.
    from lmhead.torch import LinearCrossEntropyLoss
    criterion = LinearCrossEntropyLoss(label_smoothing=0.1,
                                       process_group=mesh.get_group(),
                                       vocab_range=(start, stop))
    assert "vocab_range" in repr(criterion)
    again = criterion(x.detach(), weight.to_local().detach(), y)
    assert float((again - loss).abs()) == 0.0
    return loss.detach(), x.grad, weight.grad.full_tensor()


def test_dtensor_weight(tmp_path):
    per_rank = on_ranks(2, run_dtensor_on_rank, folder=tmp_path)
    x, w, y, _ = random_problem(N, D, V, torch.float64, seed=11)
    want = torch_loss(x, w, y, label_smoothing=0.1)
    dh, dw = torch.autograd.grad(want, (x, w))
    for loss, got_dh, got_dw in per_rank:
        assert relative_error(loss, want) <= F64_TOLERANCE
        assert relative_error(got_dh, dh) <= F64_TOLERANCE
        assert relative_error(got_dw, dw) <= F64_TOLERANCE


def run_compiled_on_rank(rank, world, bounds):
    """A compiled step whose head is sharded: torch.compile runs the
    sharded loss eagerly between its graphs. Returns (loss, dh, dW)."""
    start, stop = bounds[rank]
    x, w, y, _ = random_problem(N, D, V, torch.float64, seed=12)
    w_shard = shard_of(w, start, stop, "vd")
    norm = torch.nn.LayerNorm(D, dtype=torch.float64)

    def step(hidden):
        return linear_cross_entropy(norm(hidden), w_shard, y,
                                    process_group=dist.group.WORLD,
                                    vocab_range=(start, stop), z_loss=1e-3)

    loss = torch.compile(step, backend="aot_eager")(x)
    loss.backward()
    return loss.detach(), x.grad, w_shard.grad


def test_under_torch_compile(tmp_path):
    bounds = shard_bounds(V, 2)
    per_rank = on_ranks(2, run_compiled_on_rank, bounds, folder=tmp_path)
    x, w, y, _ = random_problem(N, D, V, torch.float64, seed=12)
    norm = torch.nn.LayerNorm(D, dtype=torch.float64)
    want = torch_loss(norm(x), w, y, z_loss=1e-3)
    dh, dw = torch.autograd.grad(want, (x, w))
    assert relative_error(torch.cat([r[2] for r in per_rank]), dw) <= \
        F64_TOLERANCE
    for loss, got_dh, _ in per_rank:
        assert relative_error(loss, want) <= F64_TOLERANCE
        assert relative_error(got_dh, dh) <= F64_TOLERANCE


# 16-bit precision: the sharded op's error against PyTorch in float64 on
# the same rounded inputs, next to the single-process op's, in the whole
# and per row of dW (a rarely labelled row has a small gradient, which a
# rounding of a label term it does not own would swamp).
PRECISION = [("bf16-mean", {}), ("bf16-sum-smoothing",
                                 {"reduction": "sum",
                                  "label_smoothing": 0.1})]
PRECISION_SHAPE = (512, 64, 4096)


def run_precision_on_rank(rank, world, bounds):
    n, d, v = PRECISION_SHAPE
    start, stop = bounds[rank]
    results = []
    for seed, (name, options) in enumerate(PRECISION):
        x, w, y, _ = random_problem(n, d, v, torch.bfloat16, seed=seed,
                                    ignored=0.1)
        w_shard = shard_of(w, start, stop, "vd")
        loss = linear_cross_entropy(x, w_shard, y,
                                    process_group=dist.group.WORLD,
                                    vocab_range=(start, stop), **options)
        loss.backward()
        results.append((x.grad, w_shard.grad))
    return results


def worst_row_error(got, want):
    """The largest relative error of a row."""
    got, want = got.double(), want.double()
    return float(((got - want).norm(dim=1) / want.norm(dim=1)).max())


@pytest.mark.parametrize("world", [2, 4])
def test_bf16_precision_matches_one_process(tmp_path, world):
    n, d, v = PRECISION_SHAPE
    bounds = shard_bounds(v, world)
    per_rank = on_ranks(world, run_precision_on_rank, bounds,
                        folder=tmp_path)
    for seed, (name, options) in enumerate(PRECISION):
        x, w, y, _ = random_problem(n, d, v, torch.bfloat16, seed=seed,
                                    ignored=0.1)
        single = grads(linear_cross_entropy(x, w, y, **options), None, x, w)
        ref_x, ref_w = (t.detach().double().requires_grad_() for t in (x, w))
        want = grads(torch_loss(ref_x, ref_w, y, **options), None, ref_x,
                     ref_w)
        got_dw = torch.cat([r[seed][1] for r in per_rank])
        errors = {
            "dW": (relative_error(got_dw, want[1]),
                   relative_error(single[1], want[1])),
            "dW worst row": (worst_row_error(got_dw, want[1]),
                             worst_row_error(single[1], want[1])),
        }
        for rank, ranks in enumerate(per_rank):
            errors[f"dh@{rank}"] = (relative_error(ranks[seed][0], want[0]),
                                    relative_error(single[0], want[0]))
        print(name, world, "ranks: (sharded, one process)",
              {k: f"{a:.1e}, {b:.1e}" for k, (a, b) in errors.items()})
        for key, (sharded, one) in errors.items():
            # dh adds the ranks' rounded parts (one more rounding per rank);
            # dW is the single op's, row for row.
            allowed = one * (2.0 if key.startswith("dh") else 1.1)
            assert sharded <= allowed, (name, key, sharded, one)


def run_first_call_checks_on_rank(rank, world):
    """The policy of CUDA tensors, on CPU ones: a call exchanges the
    handshake only when this rank's arguments are new on the group.
    Returns the exchanges counted after each call and the errors."""
    from lmhead.torch import distributed as parallel
    exchanges = []
    real_exchange = parallel._exchange

    def counting(*args):
        exchanges.append(1)
        return real_exchange(*args)

    parallel._exchange = counting
    parallel._handshake_every_call = lambda device: False
    x, w, y, _ = random_problem(N, D, V, torch.float64, seed=5)
    start, stop = [(0, 90), (90, V)][rank]

    def call(**changes):
        arguments = dict(input=x, weight=w[start:stop], target=y,
                         vocab_range=(start, stop))
        arguments.update(changes)
        try:
            linear_cross_entropy(arguments.pop("input"),
                                 arguments.pop("weight"),
                                 arguments.pop("target"),
                                 process_group=dist.group.WORLD,
                                 **arguments).backward()
            return None
        except (TypeError, ValueError) as error:
            return str(error)

    counts, errors = [], []
    for changes in ({}, {}, {"reduction": "sum"}, {"reduction": "sum"}, {}):
        errors.append(call(**changes))
        counts.append(len(exchanges))
    # Every rank moves its boundary (a new layout, exchanged); then every
    # rank rejects its target, with no exchange (none would be matched).
    moved = [(0, 100), (100, V)][rank]
    errors.append(call(weight=w[moved[0]:moved[1]], vocab_range=moved))
    counts.append(len(exchanges))
    errors.append(call(target=y.double()))
    counts.append(len(exchanges))
    return counts, errors


def test_cuda_policy_exchanges_new_arguments_only(tmp_path):
    per_rank = on_ranks(2, run_first_call_checks_on_rank, folder=tmp_path)
    for counts, errors in per_rank:
        assert counts == [1, 1, 2, 2, 2, 3, 3]
        assert errors[:-1] == [None] * 6
        assert "target must hold integer class indices" in errors[-1]


def test_a_new_group_with_a_dead_groups_id_runs_its_handshake():
    """Layouts are remembered per group object, not per id: CPython reuses
    a freed object's id, and a new group that got a dead group's id must
    not skip its handshake."""
    import gc

    from lmhead.torch import distributed as parallel

    class Group:
        pass

    known = parallel._KnownLayouts()
    arguments = ("(0, 8)", 8, 4, 0)
    old = Group()
    known.put(old, arguments, "the old group's layout")
    assert known.knows(old)
    assert known.get(old, arguments) == "the old group's layout"
    old_id = id(old)
    del old
    gc.collect()
    new = [Group() for _ in range(64)]
    for group in new:
        assert not known.knows(group)
        assert known.get(group, arguments) is None
    # The dead group's id is not reused while its layout is remembered.
    assert all(id(group) != old_id for group in new)


def _batches_differ_under_checks(rank, world):
    os.environ["LMHEAD_DISTRIBUTED_CHECKS"] = "1"
    settings.reload()
    x, w, y, _ = random_problem(N, D, V, torch.float64, seed=5)
    start, stop = [(0, 90), (90, V)][rank]
    outcomes = []
    for label in ("same batch", "another input", "other labels"):
        h, target = x.detach(), y.clone()
        if rank == 1 and label == "another input":
            h = h.clone()
            h[7, 3] += 1.0
        if rank == 1 and label == "other labels":
            target[5] = (target[5] + 1) % V if target[5] >= 0 else 0
        try:
            linear_cross_entropy(h, w[start:stop].detach(), target,
                                 process_group=dist.group.WORLD,
                                 vocab_range=(start, stop))
            outcomes.append(None)
        except ValueError as error:
            outcomes.append(str(error))
    return outcomes


def test_checks_compare_the_ranks_batches(tmp_path):
    """With LMHEAD_DISTRIBUTED_CHECKS=1, ranks given different input or
    target (a tensor-parallel data loader out of step) fail on every rank
    instead of computing a silently wrong loss."""
    per_rank = on_ranks(2, _batches_differ_under_checks, folder=tmp_path)
    for outcomes in per_rank:
        assert outcomes[0] is None
        for message in outcomes[1:]:
            assert message is not None and "the ranks were given different "\
                "input or target: rank 1's differ from rank 0's" in message


def _one_rank_cannot_compile(rank, world, cache):
    """Rank 1's node has no lmhead-opt and an empty kernel cache."""
    import time
    if rank == 1:
        os.environ["LMHEAD_OPT"] = os.path.join(cache, "no-lmhead-opt")
        os.environ["LMHEAD_CACHE_DIR"] = cache
        settings.reload()
    x, w, y, _ = random_problem(N, D, V, torch.bfloat16, seed=6)
    start, stop = [(0, 90), (90, V)][rank]
    started = time.monotonic()
    try:
        linear_cross_entropy(x, w[start:stop].detach(), y,
                             process_group=dist.group.WORLD,
                             vocab_range=(start, stop))
        outcome = None
    except (RuntimeError, ValueError) as error:
        outcome = (type(error).__name__, str(error))
    return outcome, time.monotonic() - started


def test_a_rank_that_fails_after_the_handshake_stops_every_rank(
        tmp_path, emulator):
    """A rank whose kernels cannot be compiled (lmhead-opt missing on its
    node) used to leave the others waiting in the next collective until the
    backend's timeout (a minute in these tests, 30 on gloo by default):
    now every rank raises at once."""
    cache = tmp_path / "empty-cache"
    cache.mkdir()
    per_rank = on_ranks(2, _one_rank_cannot_compile, str(cache),
                        folder=tmp_path / "ranks")
    (first, first_time), (second, second_time) = per_rank
    assert second[0] == "KernelError" and "lmhead-opt" in second[1]
    assert first == ("DistributedLayoutError",
                     "rank 1 failed to run its shard of the forward (its "
                     "own error says why); no rank went on")
    assert max(first_time, second_time) < 45, per_rank
    print(f"one rank failing: rank 0 raised after {first_time:.1f} s, "
          f"rank 1 after {second_time:.1f} s")
