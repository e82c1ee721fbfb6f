"""The MLIR text the kernel cache compiles (lmhead.mlir_text): every
problem kind the PyTorch op can ask for is a module lmhead-opt parses and
verifies, with the op's operand and result types matching the function's
signature; and the builders refuse what they cannot spell."""

import itertools

import pytest

from lmhead import compiler, kernel_cache, mlir_text
from lmhead.loss_options import LossOptions


def _kinds():
    for layout, reduction, bias, stats, scale, accumulate, schedule in \
            itertools.product(("vd", "dv"), ("mean", "sum", "none"),
                              (False, True), (False, True), (False, True),
                              (False, True), kernel_cache.SCHEDULES):
        if schedule != "two-pass" and (accumulate or reduction == "none"):
            continue  # the step kinds take neither
        options = LossOptions(weight_layout=layout, reduction=reduction,
                              label_smoothing=0.1, softcap=30.0,
                              z_loss=1e-4, ignore_index=-7)
        yield kernel_cache.ProblemKind(
            "sm_80", "bf16", "i32", 16, 40, bias, options, schedule,
            statistics=stats, weight_grad_scale=scale,
            accumulate_dw=accumulate)


def test_every_kind_is_a_module_lmhead_opt_verifies():
    kinds = list(_kinds())
    assert len(kinds) == 96 + 2 * 32
    for kind in kinds:
        text = kind.module_text()
        # verify() raises CompileError with lmhead-opt's diagnostics.
        verified = compiler.verify(text)
        ops = {"one-pass": ["ce_linear_step"],
               "two-pass": ["ce_linear_fwd", "ce_linear_grad"],
               "auto": ["ce_linear_fwd", "ce_linear_grad"]}[kind.schedule]
        for op in ops:
            assert f"lmhead.{op}" in verified, text
        assert "ignore_index = -7" in verified
        assert ("bias(" in verified) == kind.has_bias
        assert ("dw_scale(" in verified) == kind.weight_grad_scale
        assert ("stats tensor<3xf32>" in verified) == kind.statistics
        # The step kinds are one function the planner may fuse.
        assert verified.count("func.func") == (
            2 if kind.schedule == "two-pass" else 1)


def test_the_step_kinds_need_a_mean_or_sum():
    options = LossOptions(reduction="none")
    for schedule in ("one-pass", "auto"):
        with pytest.raises(ValueError, match="needs reduction mean or sum"):
            kernel_cache.ProblemKind("sm_80", "bf16", "i64", 16, 40, False,
                                     options, schedule)
    with pytest.raises(ValueError, match="expected one of"):
        kernel_cache.ProblemKind("sm_80", "bf16", "i64", 16, 40, False,
                                 LossOptions(), "three-pass")


def test_float_attributes_read_back_exactly():
    for value in (0.1, 1e-4, 30.0, 1 / 3):
        assert float(mlir_text.float_attribute(value).split(" : ")[0]) == value


def test_tensor_types():
    assert mlir_text.tensor_type([None, 4], "bf16") == "tensor<?x4xbf16>"
    assert mlir_text.tensor_type([], "f32") == "tensor<f32>"
    assert mlir_text.weight_type("dv", 4, 9, "f16") == "tensor<4x9xf16>"
    with pytest.raises(ValueError, match="layout"):
        mlir_text.weight_type("vv", 4, 9, "f16")


def test_an_op_may_use_only_the_function_arguments():
    op = mlir_text.OpCall("lmhead.ce_linear_fwd", ["h", "w", "y"],
                          [("loss", "tensor<f32>")])
    with pytest.raises(ValueError, match=r"\['y'\]"):
        mlir_text.function("f", [("h", "tensor<f32>"), ("w", "tensor<f32>")],
                           op)
