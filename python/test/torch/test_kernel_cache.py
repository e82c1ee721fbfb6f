"""The kernel cache keys bundles on the build identity of the lmhead-opt
that compiles them: another lmhead-opt (rebuilt, upgraded, or another build
through LMHEAD_OPT) compiles its own kernels instead of running old PTX,
and the runtime refuses a bundle of another build on load."""

import json
import os
import shutil

import pytest

from lmhead import compiler, kernel_cache
from lmhead.loss_options import LossOptions
from lmhead.runtime import Runtime
from lmhead.torch import kernels


def _kind():
    return kernel_cache.ProblemKind("sm_80", "bf16", "i64", 16, 40, False,
                                    LossOptions())


def _manifest(directory):
    with open(os.path.join(directory, "manifest.json")) as f:
        return json.load(f)


def test_the_manifest_names_the_lmhead_opt_that_wrote_it(tmp_path,
                                                         monkeypatch):
    monkeypatch.setenv("LMHEAD_CACHE_DIR", str(tmp_path))
    directory = kernel_cache.compile_bundle(_kind())
    identity = compiler.build_identity()
    assert _manifest(directory)["producer"] == identity
    assert identity["lmhead"] == Runtime().version
    assert identity["revision"] == Runtime().revision
    assert identity["binary"].startswith("xxh3:")


def test_another_lmhead_opt_compiles_its_own_kernels(tmp_path, monkeypatch):
    monkeypatch.setenv("LMHEAD_CACHE_DIR", str(tmp_path / "cache"))
    first = kernel_cache.compile_bundle(_kind())
    # Another build of lmhead-opt: the same program with one more byte, so
    # its binary hash differs, as a rebuilt one's does.
    other = tmp_path / "lmhead-opt"
    shutil.copy2(compiler.find_lmhead_opt(), other)
    with open(other, "ab") as f:
        f.write(b"\0")
    monkeypatch.setenv("LMHEAD_OPT", str(other))
    compiled = kernels.stats["compiled"]
    second = kernel_cache.compile_bundle(_kind())
    assert kernels.stats["compiled"] == compiled + 1
    assert second != first
    assert _manifest(second)["producer"] == compiler.build_identity(
        str(other))
    assert _manifest(second)["producer"]["binary"] != \
        _manifest(first)["producer"]["binary"]


def test_a_bundle_of_another_build_is_refused_and_recompiled(tmp_path,
                                                             monkeypatch):
    monkeypatch.setenv("LMHEAD_CACHE_DIR", str(tmp_path))
    directory = kernel_cache.compile_bundle(_kind())
    manifest = _manifest(directory)
    manifest["producer"]["revision"] = "0123abcd"
    with open(os.path.join(directory, "manifest.json"), "w") as f:
        json.dump(manifest, f)
    with pytest.raises(RuntimeError, match="compiled by lmhead-opt at "
                       "revision 0123abcd but this runtime was built at"):
        Runtime().load(directory)
    # The cache sees the producer is not this lmhead-opt's and compiles the
    # bundle again in its place.
    compiled = kernels.stats["compiled"]
    assert kernel_cache.compile_bundle(_kind()) == directory
    assert kernels.stats["compiled"] == compiled + 1
    assert _manifest(directory)["producer"] == compiler.build_identity()


def test_a_carried_bundle_runs_where_there_is_no_lmhead_opt(tmp_path,
                                                            monkeypatch):
    monkeypatch.setenv("LMHEAD_CACHE_DIR", str(tmp_path))
    directory = kernel_cache.compile_bundle(_kind())
    monkeypatch.setenv("LMHEAD_OPT", str(tmp_path / "no-such-lmhead-opt"))
    compiled = kernels.stats["compiled"]
    assert kernel_cache.compile_bundle(_kind()) == directory
    assert kernels.stats["compiled"] == compiled
    other = kernel_cache.ProblemKind("sm_80", "bf16", "i64", 16, 48, False,
                                     LossOptions())
    with pytest.raises(kernel_cache.BundleCompileError,
                       match="could not compile the kernels for .* no "
                       "cached ones were found"):
        kernel_cache.compile_bundle(other)
