"""Errors a user can act on: each names what is wrong and what would be
accepted, before anything runs."""

import os
import stat

import pytest
import torch

from _helpers import fake_lmhead_opt

import lmhead
from lmhead import runtime
from lmhead.torch import KernelError, linear_cross_entropy


def problem(n=4, d=8, v=10, dtype=torch.float32):
    return (torch.randn(n, d, dtype=dtype), torch.randn(v, d, dtype=dtype),
            torch.randint(0, v, (n,)))


def test_hidden_sizes_differ():
    x, _, y = problem()
    with pytest.raises(ValueError) as error:
        linear_cross_entropy(x, torch.randn(10, 6), y)
    assert "weight [10, 6]" in str(error.value)
    assert "input [4, 8]" in str(error.value)
    assert "hidden size 6 against 8" in str(error.value)


def test_weight_of_the_other_layout():
    x, w, y = problem()
    with pytest.raises(ValueError, match="pass weight_layout='dv'"):
        linear_cross_entropy(x, w.t(), y)
    with pytest.raises(ValueError, match="pass weight_layout='vd'"):
        linear_cross_entropy(x, w, y, weight_layout="dv")


def test_target_shape():
    x, w, _ = problem()
    with pytest.raises(ValueError) as error:
        linear_cross_entropy(x, w, torch.zeros(5, dtype=torch.long))
    assert "target [5] does not match input [4, 8]" in str(error.value)
    with pytest.raises(ValueError, match=r"input must be \[N, D\]"):
        linear_cross_entropy(torch.randn(8), w, torch.zeros(()).long())


def test_bias_shape():
    x, w, y = problem()
    with pytest.raises(ValueError, match=r"bias \[9\] does not match weight "
                       r"\[10, 8\]: it must be \[10\]"):
        linear_cross_entropy(x, w, y, torch.randn(9))


def test_labels_must_be_integers():
    x, w, y = problem()
    with pytest.raises(TypeError, match="integer class indices"):
        linear_cross_entropy(x, w, y.float())


@pytest.mark.parametrize("bad", [10, -3])
def test_labels_outside_the_vocabulary(bad):
    x, w, y = problem()
    y[2] = bad
    with pytest.raises(ValueError) as error:
        linear_cross_entropy(x, w, y)
    message = str(error.value)
    assert f"target[2]" in message and f"is {bad}" in message
    assert "[0, 10)" in message and "ignore_index (-100)" in message


def test_ignore_index_is_not_out_of_range():
    x, w, y = problem()
    y[1] = -1
    loss = linear_cross_entropy(x, w, y, ignore_index=-1)
    assert torch.isfinite(loss)


def test_dtypes():
    x, w, y = problem()
    with pytest.raises(TypeError, match="input is torch.float32 but weight "
                       "is torch.float16"):
        linear_cross_entropy(x, w.half(), y)
    with pytest.raises(TypeError, match="supported: bfloat16, float16"):
        linear_cross_entropy(x.int(), w.int(), y)


def test_devices():
    x, w, y = problem()
    with pytest.raises(ValueError, match="unsupported device meta"):
        linear_cross_entropy(x.to("meta"), w.to("meta"), y.to("meta"))
    with pytest.raises(ValueError, match="must be on one device"):
        linear_cross_entropy(x, w.to("meta"), y)


@pytest.mark.parametrize("options,message", [
    ({"reduction": "avg"}, "reduction must be one of"),
    ({"label_smoothing": 1.5}, r"label_smoothing must be in \[0.0, 1.0\]"),
    ({"softcap": 0.0}, "softcap must be positive"),
    ({"z_loss": -1.0}, "z_loss must be in"),
    ({"weight_layout": "kn"}, "weight_layout must be 'vd'"),
])
def test_options(options, message):
    x, w, y = problem()
    with pytest.raises(ValueError, match=message):
        linear_cross_entropy(x, w, y, **options)


def test_missing_lmhead_opt(emulator, monkeypatch, tmp_path):
    monkeypatch.setenv("LMHEAD_OPT", str(tmp_path / "no-such-tool"))
    monkeypatch.setenv("LMHEAD_CACHE_DIR", str(tmp_path / "cache"))
    x, w, y = problem(dtype=torch.bfloat16)
    with pytest.raises(KernelError) as error:
        linear_cross_entropy(x, w, y)
    assert "lmhead-opt could not compile the kernels" in str(error.value)
    assert "LMHEAD_OPT=" in str(error.value)
    assert "is not an executable file" in str(error.value)


def test_failing_lmhead_opt(emulator, monkeypatch, tmp_path):
    tool = fake_lmhead_opt(tmp_path, "echo '<stdin>:3:5: error: the planner "
                           "refused this op' >&2\nexit 1\n")
    monkeypatch.setenv("LMHEAD_OPT", str(tool))
    monkeypatch.setenv("LMHEAD_CACHE_DIR", str(tmp_path / "cache"))
    x, w, y = problem(dtype=torch.bfloat16)
    with pytest.raises(KernelError) as error:
        linear_cross_entropy(x, w, y)
    assert "lmhead-opt could not compile the kernels" in str(error.value)
    assert "<stdin>:3:5: error: the planner refused this op" in \
        str(error.value)
    # Nothing half-written is left in the cache (only the key's lock file,
    # which is kept for the next compile).
    left = [os.path.join(folder, name)
            for folder, _, names in os.walk(tmp_path / "cache")
            for name in names if not name.startswith(".lock-")]
    assert left == []
    assert [name for name in os.listdir(tmp_path / "cache" /
                                        lmhead.__version__)
            if not name.startswith(".lock-")] == []


def test_lmhead_opt_without_identity(emulator, monkeypatch, tmp_path):
    tool = tmp_path / "lmhead-opt"
    tool.write_text("#!/bin/sh\necho 'LLVM version 22.1.8'\n")
    tool.chmod(tool.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("LMHEAD_OPT", str(tool))
    monkeypatch.setenv("LMHEAD_CACHE_DIR", str(tmp_path / "cache"))
    x, w, y = problem(dtype=torch.bfloat16)
    with pytest.raises(KernelError, match="gave no build identity"):
        linear_cross_entropy(x, w, y)


def test_missing_runtime_library(monkeypatch, tmp_path):
    monkeypatch.setenv("LMHEAD_RUNTIME_LIBRARY", str(tmp_path / "none.so"))
    with pytest.raises(runtime.RuntimeLibraryError,
                       match="LMHEAD_RUNTIME_LIBRARY=.* is not a file"):
        runtime.Runtime()


def test_bad_target(emulator, monkeypatch):
    monkeypatch.setenv("LMHEAD_TARGET", "sm_70")
    x, w, y = problem(dtype=torch.bfloat16)
    with pytest.raises(KernelError, match="LMHEAD_TARGET='sm_70': expected "
                       "one of sm_80, sm_90a"):
        linear_cross_entropy(x, w, y)


def test_emulator_memory_failures_raise_and_the_process_survives(tmp_path):
    """The emulator path's device memory comes through the C API's
    status-returning functions: an allocation the emulator cannot make
    raises (the mgpu* functions ended the interpreter with no exception and
    no ``finally``)."""
    import subprocess
    import sys
    script = tmp_path / "alloc.py"
    script.write_text(
        "from lmhead.runtime import Runtime, RuntimeLibraryError\n"
        "rt = Runtime()\n"
        "try:\n"
        "    rt.alloc(1 << 62)\n"
        "except RuntimeLibraryError as error:\n"
        "    print('raised:', error)\n"
        "finally:\n"
        "    print('finally ran')\n")
    env = dict(os.environ, LMHEAD_DEVICE="emulator")
    done = subprocess.run([sys.executable, str(script)], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "raised: lmheadDeviceAlloc(4611686018427387904) failed " \
        "[LMHEAD_STATUS_EMULATOR_ERROR]" in done.stdout
    assert "the emulator cannot allocate" in done.stdout
    assert "finally ran" in done.stdout


def test_a_failed_emulator_run_frees_its_copies(monkeypatch):
    """A run whose kernels fail still frees the emulator memory it took."""
    from lmhead.torch import kernels
    monkeypatch.setenv("LMHEAD_DEVICE", "emulator")
    rt = runtime.Runtime()
    freed, allocated = [], []
    alloc, free = runtime.Runtime.alloc, runtime.Runtime.free
    monkeypatch.setattr(runtime.Runtime, "alloc", lambda self, size: (
        allocated.append(alloc(self, size)) or allocated[-1]))
    monkeypatch.setattr(runtime.Runtime, "free", lambda self, pointer: (
        freed.append(pointer), free(self, pointer))[1])
    memory = kernels._EmulatorMemory(rt)
    memory.upload(torch.ones(8, dtype=torch.bfloat16))
    memory.alloc(64)
    with pytest.raises(runtime.RuntimeLibraryError):
        memory.alloc(1 << 62)
    memory.release()
    assert sorted(freed) == sorted(p for p in allocated if p)
    assert memory.pointers == []


def test_the_runtime_binds_the_first_cuda_device_and_refuses_others(
        monkeypatch):
    """The runtime drives the GPU of the first CUDA tensors (torchrun's
    cuda:LOCAL_RANK, not only device 0), chosen before its CUDA backend
    exists, and refuses tensors on another device before anything is
    compiled or launched."""
    from lmhead.torch import kernels
    chosen = []

    class FakeLib:
        def mgpuSetDefaultDevice(self, index):
            chosen.append(index)

    class FakeRuntime:
        lib = FakeLib()

    monkeypatch.delenv("LMHEAD_DEVICE", raising=False)
    monkeypatch.setattr(kernels, "_bound_device", None)
    monkeypatch.setattr(kernels, "_get_runtime", lambda: FakeRuntime())
    kernels.bind_device(torch.device("cuda", 1))
    kernels.bind_device(torch.device("cuda", 1))
    assert chosen == [1]
    with pytest.raises(KernelError, match=r"tensors on cuda:0, but lmhead's "
                       r"runtime in this process drives cuda:1"):
        kernels.bind_device(torch.device("cuda", 0))
    kernels.bind_device(torch.device("cpu"))
    assert chosen == [1]
