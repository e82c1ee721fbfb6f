"""Shared set-up of the lmhead.torch tests.

Compiled kernel bundles go to a folder of this test session (never the
user's cache), and so do torch.compile's (Inductor's cache is keyed on the
graph, not on the schema of the custom ops in it: code it cached for an
earlier version of lmhead's ops would be called with the old arguments),
and every test starts with LMHEAD_DEVICE, LMHEAD_TARGET, LMHEAD_CHECK_LABELS
and LMHEAD_SCHEDULE unset unless it sets them itself.
"""

import atexit
import os
import shutil
import tempfile

import pytest

# Read by Inductor whenever it looks for its cache, so set before any test
# compiles.
os.environ["TORCHINDUCTOR_CACHE_DIR"] = tempfile.mkdtemp(
    prefix="lmhead-test-inductor-")
atexit.register(shutil.rmtree, os.environ["TORCHINDUCTOR_CACHE_DIR"],
                ignore_errors=True)

# On the emulator, streams run their work deferred and in an adversarial
# order (only stream order and events are honoured), and cross-stream races
# are reported, as a missing event would race on a GPU.
os.environ.setdefault("LMHEAD_EMULATOR_ORDER", "adversarial")

torch = pytest.importorskip("torch")


@pytest.fixture(autouse=True, scope="session")
def _bundle_cache(tmp_path_factory):
    previous = os.environ.get("LMHEAD_CACHE_DIR")
    os.environ["LMHEAD_CACHE_DIR"] = str(tmp_path_factory.mktemp("bundles"))
    yield
    if previous is None:
        os.environ.pop("LMHEAD_CACHE_DIR", None)
    else:
        os.environ["LMHEAD_CACHE_DIR"] = previous


@pytest.fixture(autouse=True)
def _clean_environment(monkeypatch):
    for name in ("LMHEAD_DEVICE", "LMHEAD_TARGET", "LMHEAD_CHECK_LABELS",
                 "LMHEAD_SCHEDULE"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def emulator(monkeypatch):
    """CPU tensors of 16-bit types run lmhead's kernels on the emulator."""
    monkeypatch.setenv("LMHEAD_DEVICE", "emulator")
