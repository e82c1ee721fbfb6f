"""The op on lmhead's kernels, run on the PTX emulator
(LMHEAD_DEVICE=emulator, CPU tensors): the same bundles a GPU runs, compiled
by lmhead-opt on first use, checked against PyTorch in float64 on the same
rounded inputs, on ragged shapes."""

import json

import pytest
import torch

from _helpers import grads, random_problem, relative_error, torch_loss
from lmhead import kernel_cache
from lmhead.loss_options import LossOptions
from lmhead.torch import kernels, linear_cross_entropy

BF16_TOLERANCE = 1e-2

# (name, dtype, options, problem options)
CASES = [
    ("bf16-mean-smoothing-zloss", torch.bfloat16,
     {"label_smoothing": 0.1, "z_loss": 1e-3}, {}),
    ("f16-none-dv-bias-ignore-1", torch.float16,
     {"reduction": "none", "weight_layout": "dv", "ignore_index": -1},
     {"weight_layout": "dv", "bias": True, "ignore_index": -1}),
    ("bf16-sum-softcap-batch", torch.bfloat16,
     {"reduction": "sum", "softcap": 2.0}, {"batch": 2, "scale": 6.0}),
]


def run_case(dtype, options, problem, n=37, d=48, v=203, seed=0,
             schedule="auto"):
    x, w, y, b = random_problem(n, d, v, dtype, seed=seed, **problem)
    ref_x, ref_w, ref_b = (t.detach().double().requires_grad_()
                           if t is not None else None for t in (x, w, b))
    runs = kernels.stats["runs"]
    loss = linear_cross_entropy(x, w, y, b, schedule=schedule, **options)
    want = torch_loss(ref_x, ref_w, y, ref_b, **options)
    upstream = torch.rand(want.shape, dtype=torch.float64,
                          generator=torch.Generator().manual_seed(seed)) + 0.5
    got = grads(loss, upstream.float(), x, w, b)
    expected = grads(want, upstream, ref_x, ref_w, ref_b)
    # A forward and a backward launched on the emulator; or for a mean or
    # sum by default, one launch of the one-pass step, whose backward only
    # scales what it gave (the cost model chooses it at these shapes).
    two_pass = schedule == "two-pass" or options.get("reduction") == "none"
    assert kernels.stats["runs"] == runs + (2 if two_pass else 1)
    errors = {"loss": relative_error(loss, want)}
    for name, g, e in zip(("dh", "dW", "db"), got, expected):
        if g is not None:
            assert g.dtype == dtype
            errors[name] = relative_error(g, e)
    return errors


@pytest.mark.parametrize("schedule", ["auto", "two-pass"])
@pytest.mark.parametrize("name,dtype,options,problem", CASES,
                         ids=[c[0] for c in CASES])
def test_against_pytorch(emulator, name, dtype, options, problem, schedule):
    errors = run_case(dtype, options, problem, schedule=schedule)
    print(name, schedule, {k: f"{e:.2e}" for k, e in errors.items()})
    for key, error in errors.items():
        assert error <= BF16_TOLERANCE, f"{key}: relative error {error:.3g}"


def test_sm90a_kernels(emulator, monkeypatch):
    monkeypatch.setenv("LMHEAD_TARGET", "sm_90a")
    errors = run_case(torch.bfloat16, {"label_smoothing": 0.1}, {}, n=29)
    print("sm_90a", {k: f"{e:.2e}" for k, e in errors.items()})
    for key, error in errors.items():
        assert error <= BF16_TOLERANCE, f"{key}: relative error {error:.3g}"


def test_token_counts_share_the_kernels(emulator):
    # Another token count runs on the bundle already compiled and loaded.
    run_case(torch.bfloat16, {"z_loss": 1e-4}, {}, n=16, d=32, v=96)
    compiled, loaded = kernels.stats["compiled"], kernels.stats["loaded"]
    for n in (1, 23, 70):
        errors = run_case(torch.bfloat16, {"z_loss": 1e-4}, {}, n=n, d=32,
                          v=96, seed=n)
        assert max(errors.values()) <= BF16_TOLERANCE, errors
    assert kernels.stats["compiled"] == compiled
    assert kernels.stats["loaded"] == loaded


def test_bundles_are_cached_on_disk(tmp_path, monkeypatch):
    monkeypatch.setenv("LMHEAD_CACHE_DIR", str(tmp_path))
    kind = kernel_cache.ProblemKind("sm_80", "bf16", "i64", 16, 40, False,
                                    LossOptions())
    before = kernels.stats["compiled"]
    directory = kernel_cache.compile_bundle(kind)
    assert kernels.stats["compiled"] == before + 1
    assert directory.startswith(str(tmp_path))
    # The same kind again: found on disk, not compiled.
    assert kernel_cache.compile_bundle(kind) == directory
    assert kernels.stats["compiled"] == before + 1
    with open(f"{directory}/source.mlir") as f:
        assert "lmhead.ce_linear_grad" in f.read()


def test_precompiled_cache_from_the_command_line(emulator, tmp_path,
                                                  monkeypatch, capsys):
    # python -m lmhead.kernel_cache fills the cache ahead of time; the op
    # then runs without compiling.
    monkeypatch.setenv("LMHEAD_CACHE_DIR", str(tmp_path))
    assert kernel_cache.main(["--target", "sm_80", "--hidden", "24",
                              "--vocab", "72", "--label-smoothing",
                              "0.1"]) == 0
    assert capsys.readouterr().out.startswith(str(tmp_path))
    compiled = kernels.stats["compiled"]
    errors = run_case(torch.bfloat16, {"label_smoothing": 0.1}, {}, n=20,
                      d=24, v=72)
    assert max(errors.values()) <= BF16_TOLERANCE, errors
    assert kernels.stats["compiled"] == compiled
    assert kernel_cache.main(["--target", "sm_80", "--hidden", "24",
                              "--vocab", "72", "--schedule", "one-pass",
                              "--reduction", "none"]) == 1
    assert "needs reduction mean or sum" in capsys.readouterr().err


def test_precompiled_cache_for_a_hugging_face_model(emulator, tmp_path,
                                                   monkeypatch, capsys):
    # --model reads D, V, the dtype and Gemma-2's soft-cap from a model's
    # config.json and compiles what its patched training step needs: the
    # two-pass bundle and the default step's, for a mean and for the
    # Trainer's sum. Training and evaluating it then compile nothing.
    monkeypatch.setenv("LMHEAD_CACHE_DIR", str(tmp_path / "cache"))
    (tmp_path / "model").mkdir()
    (tmp_path / "model" / "config.json").write_text(json.dumps(
        {"architectures": ["Gemma2ForCausalLM"], "hidden_size": 32,
         "vocab_size": 96, "torch_dtype": "bfloat16",
         "final_logit_softcapping": 8.0}))
    assert kernel_cache.main(["--model", str(tmp_path / "model"),
                              "--target", "sm_80"]) == 0
    assert len(capsys.readouterr().out.split()) == 4
    compiled = kernels.stats["compiled"]
    x, w, y, _ = random_problem(24, 32, 96, torch.bfloat16)
    for reduction in ("mean", "sum"):
        linear_cross_entropy(x, w, y, softcap=8.0,
                             reduction=reduction).backward()
    with torch.no_grad():
        linear_cross_entropy(x, w, y, softcap=8.0)
    assert kernels.stats["compiled"] == compiled
    (tmp_path / "bad.json").write_text('{"hidden_size": 32}')
    assert kernel_cache.main(["--model", str(tmp_path / "bad.json")]) == 1
    assert "needs positive integers vocab_size" in capsys.readouterr().err


@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
def test_every_label_ignored(emulator, reduction):
    x, w, y, b = random_problem(21, 32, 80, torch.bfloat16, bias=True,
                                ignored=1.0)
    loss = linear_cross_entropy(x, w, y, b, reduction=reduction,
                                label_smoothing=0.1)
    assert torch.isfinite(loss).all() and (loss == 0).all()
    loss.sum().backward()
    for t in (x, w, b):
        assert (t.grad == 0).all()


ONE_PASS_CASES = [
    ("bf16-mean-smoothing-zloss", torch.bfloat16,
     {"label_smoothing": 0.1, "z_loss": 1e-3}, {}),
    ("f16-sum-dv-softcap-ignore-1", torch.float16,
     {"reduction": "sum", "weight_layout": "dv", "softcap": 3.0,
      "ignore_index": -1},
     {"weight_layout": "dv", "scale": 4.0, "ignore_index": -1}),
]


@pytest.mark.parametrize("name,dtype,options,problem", ONE_PASS_CASES,
                         ids=[c[0] for c in ONE_PASS_CASES])
def test_one_pass_step(emulator, monkeypatch, name, dtype, options, problem):
    # LMHEAD_SCHEDULE=one-pass: the forward runs ce_linear_step (one launch
    # of the bundle, dh and dW included) and the backward only scales.
    monkeypatch.setenv("LMHEAD_SCHEDULE", "one-pass")
    x, w, y, _ = random_problem(150, 48, 203, dtype, **problem)
    ref_x, ref_w = (t.detach().double().requires_grad_() for t in (x, w))
    runs = kernels.stats["runs"]
    loss = linear_cross_entropy(x, w, y, **options)
    assert kernels.stats["runs"] == runs + 1
    want = torch_loss(ref_x, ref_w, y, **options)
    upstream = torch.tensor(1.5, dtype=torch.float64)
    got = grads(loss, upstream.float(), x, w)
    expected = grads(want, upstream, ref_x, ref_w)
    assert kernels.stats["runs"] == runs + 1
    errors = {"loss": relative_error(loss, want),
              "dh": relative_error(got[0], expected[0]),
              "dW": relative_error(got[1], expected[1])}
    print("one-pass", name, {k: f"{e:.2e}" for k, e in errors.items()})
    for key, error in errors.items():
        assert error <= BF16_TOLERANCE, f"{key}: relative error {error:.3g}"


def test_reduction_none_runs_two_passes(emulator, monkeypatch):
    # A per-token loss's upstream gradient is not known in the forward: the
    # one-pass schedule, asked for by LMHEAD_SCHEDULE, leaves it to the two
    # passes; asked for by the argument, it is an error that says why.
    monkeypatch.setenv("LMHEAD_SCHEDULE", "one-pass")
    errors = run_case(torch.bfloat16, {"reduction": "none"}, {}, n=40)
    assert max(errors.values()) <= BF16_TOLERANCE, errors
    x, w, y, _ = random_problem(8, 32, 96, torch.bfloat16)
    with pytest.raises(ValueError, match="per-token|each token"):
        linear_cross_entropy(x, w, y, reduction="none", schedule="one-pass")
    with pytest.raises(ValueError, match="expected one of"):
        linear_cross_entropy(x, w, y, schedule="one pass")
    monkeypatch.setenv("LMHEAD_SCHEDULE", "fast")
    with pytest.raises(ValueError, match="LMHEAD_SCHEDULE='fast'"):
        linear_cross_entropy(x, w, y)


def test_the_runtime_describes_the_operands_and_holds_tensors_to_them(
        emulator):
    # The op's operands come from the runtime's C API (names, kinds,
    # element types, sizes for a token count), and a tensor that does not
    # hold what the op reads or writes is refused before anything runs.
    x, w, y, _ = random_problem(12, 32, 96, torch.bfloat16)
    kind = kernels.kind_of(x, w, y, None, LossOptions(), "sm_80")
    bundle = kernels.bundle_for(kind)
    forward = bundle.ops["ce_linear_fwd"]
    described = {o.name: o for o in forward.operands}
    assert described["h"].kind == "tensor" and described["h"].element == "bf16"
    assert described["n"].kind == "size"
    assert described["workspace"].kind == "workspace"
    runtime = kernels._get_runtime()
    operands = [12 if o.name == "n" else 0 for o in forward.operands]
    position = [o.name for o in forward.operands].index("lse")
    assert runtime.operand_shape(bundle.handle, forward, position,
                                 operands) == (12,)
    runs = kernels.stats["runs"]
    loss = torch.empty((), dtype=torch.float32)
    for lse, message in ((torch.empty(11), r"'lse' is f32\[11\] but the op "
                          r"takes f32\[12\]"),
                         (torch.empty(12, dtype=torch.float64),
                          r"'lse' is torch.float64\[12\]")):
        with pytest.raises(kernels.KernelError, match=message):
            kernels.run(bundle, "ce_linear_fwd",
                        {"h": x, "w": w, "labels": y},
                        {"loss": loss, "lse": lse}, 12)
    assert kernels.stats["runs"] == runs
