"""The kernel cache survives faults: damaged entries, killed compiles, a
hung lmhead-opt, a folder that cannot be written, paths with spaces and
processes compiling the same key at once."""

import json
import os
import stat
import subprocess
import sys
import time

import pytest

from _helpers import fake_lmhead_opt

import lmhead
from lmhead import compiler, kernel_cache
from lmhead.loss_options import LossOptions


def _kind(vocab=40):
    return kernel_cache.ProblemKind("sm_80", "bf16", "i64", 16, vocab, False,
                                    LossOptions())


def _manifest(directory):
    with open(os.path.join(directory, "manifest.json")) as f:
        return json.load(f)


@pytest.mark.parametrize("damage", ["truncated manifest", "no manifest"])
def test_a_damaged_entry_is_quarantined_and_compiled_again(tmp_path,
                                                          monkeypatch,
                                                          damage):
    monkeypatch.setenv("LMHEAD_CACHE_DIR", str(tmp_path))
    directory = kernel_cache.compile_bundle(_kind())
    path = os.path.join(directory, "manifest.json")
    if damage == "truncated manifest":
        with open(path, "r+") as f:
            f.truncate(40)
    else:
        os.remove(path)
    again = kernel_cache.compile_bundle(_kind())
    assert again == directory
    assert _manifest(again)["producer"] == compiler.build_identity()
    root = os.path.dirname(directory)
    kept = [n for n in os.listdir(root) if n.startswith(".quarantine-")]
    assert len(kept) == 1 and os.path.basename(directory) in kept[0]


def test_a_fifo_for_a_manifest_does_not_block(tmp_path):
    """A FIFO named manifest.json in a cache entry used to block the open
    forever (waiting for a writer); it is now a damaged entry."""
    program = (
        "import os\n"
        "from lmhead import kernel_cache\n"
        "from lmhead.loss_options import LossOptions\n"
        "kind = kernel_cache.ProblemKind('sm_80', 'bf16', 'i64', 16, 40, "
        "False, LossOptions())\n"
        "d = kernel_cache.compile_bundle(kind)\n"
        "os.remove(os.path.join(d, 'manifest.json'))\n"
        "os.mkfifo(os.path.join(d, 'manifest.json'))\n"
        "print(kernel_cache.compile_bundle(kind) == d, "
        "kernel_cache.compiled_count[0])\n")
    env = dict(os.environ, LMHEAD_CACHE_DIR=str(tmp_path),
               PYTHONPATH=os.pathsep.join(sys.path))
    done = subprocess.run([sys.executable, "-c", program], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "2"]


def test_entries_take_the_umask(tmp_path, monkeypatch):
    monkeypatch.setenv("LMHEAD_CACHE_DIR", str(tmp_path))
    previous = os.umask(0o002)
    try:
        directory = kernel_cache.compile_bundle(_kind())
    finally:
        os.umask(previous)
    assert stat.S_IMODE(os.stat(directory).st_mode) == 0o775
    assert stat.S_IMODE(os.stat(os.path.join(
        directory, "manifest.json")).st_mode) == 0o664


def test_scratch_folders_of_killed_compiles_are_swept(tmp_path,
                                                      monkeypatch):
    monkeypatch.setenv("LMHEAD_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("LMHEAD_COMPILE_TIMEOUT", "60")
    root = tmp_path / lmhead.__version__
    stale, fresh = root / ".compiling-stale", root / ".compiling-fresh"
    for folder in (stale, fresh):
        folder.mkdir(parents=True)
        (folder / "ce_linear_fwd_0.ptx").write_text("half written")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    kernel_cache.compile_bundle(_kind())
    assert not stale.exists()
    assert fresh.exists()


def test_a_hung_lmhead_opt_times_out(tmp_path, monkeypatch):
    tool = fake_lmhead_opt(tmp_path, "exec sleep 60\n")
    monkeypatch.setenv("LMHEAD_OPT", str(tool))
    monkeypatch.setenv("LMHEAD_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("LMHEAD_COMPILE_TIMEOUT", "1")
    started = time.monotonic()
    with pytest.raises(kernel_cache.BundleCompileError,
                       match="did not finish within 1 s"):
        kernel_cache.compile_bundle(_kind())
    assert time.monotonic() - started < 30
    root = tmp_path / "cache" / lmhead.__version__
    assert not [n for n in os.listdir(root) if n.startswith(".compiling-")]


def test_a_cache_that_cannot_be_written_names_the_path(tmp_path,
                                                       monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("LMHEAD_CACHE_DIR", str(blocker))
    with pytest.raises(kernel_cache.BundleCompileError) as error:
        kernel_cache.compile_bundle(_kind())
    assert str(blocker) in str(error.value)
    assert "LMHEAD_CACHE_DIR" in str(error.value)


def test_a_cache_path_with_spaces(tmp_path, monkeypatch):
    monkeypatch.setenv("LMHEAD_CACHE_DIR", str(tmp_path / "my cache {x}"))
    directory = kernel_cache.compile_bundle(_kind())
    assert directory.startswith(str(tmp_path / "my cache {x}"))
    assert _manifest(directory)["ops"]


def test_processes_compiling_one_key_take_turns(tmp_path):
    """Four processes ask for the same bundle at once: one compiles it, the
    others wait for it and use it."""
    program = (
        "import sys\n"
        "from lmhead import kernel_cache\n"
        "from lmhead.loss_options import LossOptions\n"
        "kind = kernel_cache.ProblemKind('sm_80', 'bf16', 'i64', 16, 56, "
        "False, LossOptions())\n"
        "print(kernel_cache.compile_bundle(kind), "
        "kernel_cache.compiled_count[0])\n")
    env = dict(os.environ, LMHEAD_CACHE_DIR=str(tmp_path),
               PYTHONPATH=os.pathsep.join(sys.path))
    runs = [subprocess.Popen([sys.executable, "-c", program], env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True) for _ in range(4)]
    outputs = [run.communicate(timeout=600) for run in runs]
    assert all(run.returncode == 0 for run in runs), outputs
    folders = {out.split()[0] for out, _ in outputs}
    compiles = sum(int(out.split()[1]) for out, _ in outputs)
    assert len(folders) == 1 and compiles == 1, outputs
