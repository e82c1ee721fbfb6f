"""Triton's programs on lmhead's PTX emulator: PTX nobody here wrote.

Triton (the one torch brings) compiles the tutorials' matmul (bf16 and
f16, mma.sync on sm_80 and wgmma on sm_90a, with several warp and stage
counts; on sm_90a also with A and B through tensor descriptors: TMA loads
of grid-constant tensor maps the runtime encodes), fused softmax and layer
norm here, with no GPU; the emulator runs
them through the runtime's mgpu* functions, and each result is held to
PyTorch in float64 on ragged shapes, its output poisoned with NaN first;
so does Liger-Kernel's cross-entropy kernel (PyPI's liger-kernel, which
scripts/run-tests.sh installs; skipped without it).
Each case runs in a process of its own (_triton_on_emulator.py), since an
emulator error ends the process that launched."""

import json
import math
import os
import subprocess
import sys

import pytest

pytest.importorskip("triton")

RUNNER = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                      "_triton_on_emulator.py")

# case: relative Frobenius error allowed (f32 results, except layer norm's
# f16 output, whose rounding alone is up to 2^-11 an element), and the
# targets it runs for.
CASES = {
    "matmul-bf16-4w3s": (1e-5, (80, 90)),
    "matmul-f16-8w4s": (1e-5, (80, 90)),
    "matmul-tma": (1e-5, (90,)),
    # Clusters of two blocks (num_ctas=2): %cluster_ctarank, barrier.cluster.
    "matmul-tma-2ctas": (1e-5, (90,)),
    "softmax": (1e-6, (80, 90)),
    "layer-norm": (1e-3, (80, 90)),
    "liger-cross-entropy": (1e-6, (80, 90)),
}


@pytest.mark.parametrize(
    "case,target",
    [(case, target) for case, (_, targets) in CASES.items()
     for target in targets],
    ids=[f"{case}-sm_{target}{'a' if target == 90 else ''}"
         for case, (_, targets) in CASES.items() for target in targets])
def test_runs_like_pytorch(case, target, tmp_path):
    if case.startswith("liger-"):
        pytest.importorskip("liger_kernel")
    env = dict(os.environ, LMHEAD_DEVICE="emulator",
               TRITON_CACHE_DIR=str(tmp_path / "triton"),
               TRITON_DEFAULT_FP_FUSION="1")
    result = subprocess.run([sys.executable, RUNNER, case, str(target)],
                            env=env, capture_output=True, text=True,
                            timeout=600)
    assert result.returncode == 0, result.stderr[-2000:]
    error = json.loads(result.stdout.strip().splitlines()[-1])["error"]
    print(case, target, f"{error:.2e}")
    assert not math.isnan(error) and error <= CASES[case][0], (
        f"{case} on sm_{target}: relative error {error:.3g}")
