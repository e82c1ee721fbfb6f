"""The kernel cache refuses what it cannot trust: folders and files that
someone else owns or can write, links in an entry, and entries whose files
differ from the index written when they were compiled. A cache shared by a
group that the user's umask shares files with still works."""

import os
import stat

import pytest

from _helpers import fake_lmhead_opt

import lmhead
from lmhead import kernel_cache
from lmhead.loss_options import LossOptions


def _kind(vocab=40):
    return kernel_cache.ProblemKind("sm_80", "bf16", "i64", 16, vocab, False,
                                    LossOptions())


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """A cache of this test, filled with one entry under umask 022 (the
    umask is put back afterwards); gives the entry's folder."""
    monkeypatch.setenv("LMHEAD_CACHE_DIR", str(tmp_path / "cache"))
    previous = os.umask(0o022)
    try:
        yield kernel_cache.compile_bundle(_kind())
    finally:
        os.umask(previous)


def _no_lmhead_opt(tmp_path, monkeypatch):
    monkeypatch.setenv("LMHEAD_OPT", str(tmp_path / "no-such-lmhead-opt"))


def _quarantined(directory):
    root = os.path.dirname(directory)
    return [n for n in os.listdir(root) if n.startswith(".quarantine-")]


def _ptx(directory):
    return os.path.join(directory, "ce_linear_fwd_0.ptx")


@pytest.mark.parametrize("bits, fix", [(stat.S_IWOTH, "chmod o-w"),
                                       (stat.S_IWGRP, "chmod g-w")],
                         ids=["others", "group"])
def test_an_entry_file_writable_by_others_is_refused(cache, bits, fix):
    path = _ptx(cache)
    os.chmod(path, os.stat(path).st_mode | bits)
    with pytest.raises(kernel_cache.BundleCompileError) as error:
        kernel_cache.compile_bundle(_kind())
    assert path in str(error.value) and fix in str(error.value)


def test_a_cache_folder_writable_by_others_is_refused(cache):
    root = os.path.dirname(cache)
    os.chmod(root, 0o757)
    with pytest.raises(kernel_cache.BundleCompileError,
                       match="is writable by others .*chmod o-w") as error:
        kernel_cache.compile_bundle(_kind())
    assert root in str(error.value)


def test_a_cache_of_another_user_is_refused(cache, monkeypatch):
    other = os.getuid() + 1000
    monkeypatch.setattr(os, "getuid", lambda: other)
    with pytest.raises(kernel_cache.BundleCompileError,
                       match="is owned by .* not by you .*chown"):
        kernel_cache.compile_bundle(_kind())


@pytest.mark.skipif(os.geteuid() != 0, reason="only root can chown a file "
                    "to another user")
@pytest.mark.parametrize("umask, refused", [(0o022, True), (0o002, False)],
                         ids=["private", "shared"])
def test_an_entry_of_another_user_is_refused_unless_shared(cache, umask,
                                                           refused):
    """Another user's entry is refused, unless the umask shares files with
    a group and the entry's group is one of the user's (another member of
    the group compiled it)."""
    path = _ptx(cache)
    os.chown(path, os.getuid() + 1000, -1)
    previous = os.umask(umask)
    try:
        if refused:
            with pytest.raises(kernel_cache.BundleCompileError,
                               match="is owned by .*chown") as error:
                kernel_cache.compile_bundle(_kind())
            assert path in str(error.value)
        else:
            assert kernel_cache.compile_bundle(_kind()) == cache
    finally:
        os.umask(previous)


def test_a_symlinked_file_in_an_entry_is_refused(cache, tmp_path):
    path = _ptx(cache)
    planted = tmp_path / "planted.ptx"
    with open(path, "rb") as f:
        planted.write_bytes(f.read())
    os.remove(path)
    os.symlink(planted, path)
    with pytest.raises(kernel_cache.BundleCompileError,
                       match="is a symbolic link") as error:
        kernel_cache.compile_bundle(_kind())
    assert path in str(error.value)


def _change_a_byte(path):
    with open(path, "r+b") as f:
        f.seek(100)
        byte = f.read(1)
        f.seek(100)
        f.write(bytes([byte[0] ^ 1]))


def test_a_changed_ptx_is_compiled_again(cache):
    with open(_ptx(cache), "rb") as f:
        original = f.read()
    _change_a_byte(_ptx(cache))
    compiled = kernel_cache.compiled_count[0]
    assert kernel_cache.compile_bundle(_kind()) == cache
    assert kernel_cache.compiled_count[0] == compiled + 1
    assert len(_quarantined(cache)) == 1
    with open(_ptx(cache), "rb") as f:
        assert f.read() == original


def test_a_changed_ptx_is_refused_without_lmhead_opt(cache, tmp_path,
                                                     monkeypatch):
    _change_a_byte(_ptx(cache))
    _no_lmhead_opt(tmp_path, monkeypatch)
    with pytest.raises(kernel_cache.BundleCompileError,
                       match="differs from index.json") as error:
        kernel_cache.compile_bundle(_kind())
    assert _ptx(cache) in str(error.value)


@pytest.mark.parametrize("lmhead_opt", [True, False],
                         ids=["lmhead-opt", "carried"])
def test_a_file_planted_in_an_entry_is_detected(cache, tmp_path, monkeypatch,
                                                lmhead_opt):
    planted = os.path.join(cache, "ce_linear_fwd_1.ptx")
    with open(planted, "w") as f:
        f.write(".version 8.0\n")
    if lmhead_opt:
        compiled = kernel_cache.compiled_count[0]
        assert kernel_cache.compile_bundle(_kind()) == cache
        assert kernel_cache.compiled_count[0] == compiled + 1
        assert not os.path.exists(planted)
    else:
        _no_lmhead_opt(tmp_path, monkeypatch)
        with pytest.raises(kernel_cache.BundleCompileError,
                           match="is not in index.json") as error:
            kernel_cache.compile_bundle(_kind())
        assert planted in str(error.value)


@pytest.mark.parametrize("lmhead_opt", [True, False],
                         ids=["lmhead-opt", "carried"])
def test_an_entry_without_an_index_is_compiled_again(cache, tmp_path,
                                                     monkeypatch, lmhead_opt):
    """Entries written before caches had an index cannot be checked."""
    os.remove(os.path.join(cache, kernel_cache.INDEX_NAME))
    if lmhead_opt:
        compiled = kernel_cache.compiled_count[0]
        assert kernel_cache.compile_bundle(_kind()) == cache
        assert kernel_cache.compiled_count[0] == compiled + 1
        assert os.path.exists(os.path.join(cache, kernel_cache.INDEX_NAME))
    else:
        _no_lmhead_opt(tmp_path, monkeypatch)
        with pytest.raises(kernel_cache.BundleCompileError,
                           match="has no index.json.*compile it on a "
                           "machine that has lmhead-opt"):
            kernel_cache.compile_bundle(_kind())


def test_a_bundle_written_with_a_link_is_not_published(tmp_path,
                                                       monkeypatch):
    """An lmhead-opt that leaves a link in its bundle gets no entry."""
    producer = ('{"lmhead": "%s", "revision": "0123abc", '
                '"binary": "xxh3:0011223344556677", "llvm": "22.1.8"}'
                % lmhead.__version__)
    tool = fake_lmhead_opt(tmp_path, (
        'for arg; do case "$arg" in\n'
        '  --lmhead-write-bundle=dir=*) dir=${arg#*dir=};;\n'
        'esac; done\n'
        f"echo '{{\"producer\": {producer}, \"ops\": {{}}}}' "
        '> "$dir/manifest.json"\n'
        'ln -s /dev/null "$dir/ce_linear_fwd_0.ptx"\n'))
    monkeypatch.setenv("LMHEAD_OPT", str(tool))
    monkeypatch.setenv("LMHEAD_CACHE_DIR", str(tmp_path / "cache"))
    with pytest.raises(kernel_cache.BundleCompileError,
                       match="ce_linear_fwd_0.ptx, which is not a regular "
                       "file"):
        kernel_cache.compile_bundle(_kind())
    root = tmp_path / "cache" / lmhead.__version__
    assert [n for n in os.listdir(root) if not n.startswith(".")] == []


def test_verify_names_a_tampered_entry(cache, capsys):
    other = kernel_cache.compile_bundle(_kind(48))
    assert kernel_cache.main(["--verify"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert sorted(lines) == sorted([f"ok: {cache}", f"ok: {other}"])

    _change_a_byte(_ptx(other))
    assert kernel_cache.main(["--verify"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert f"ok: {cache}" in lines
    bad = [line for line in lines if not line.startswith("ok: ")]
    assert len(bad) == 1 and bad[0].startswith("damaged: " + _ptx(other))


def test_a_cache_shared_by_a_group_still_works(tmp_path, monkeypatch,
                                               capsys):
    monkeypatch.setenv("LMHEAD_CACHE_DIR", str(tmp_path / "shared"))
    previous = os.umask(0o002)
    try:
        directory = kernel_cache.compile_bundle(_kind())
        root = os.path.dirname(directory)
        for path in (root, directory, _ptx(directory)):
            status = os.stat(path)
            assert status.st_mode & stat.S_IWGRP
            assert status.st_gid in os.getgroups() + [os.getegid()]
        compiled = kernel_cache.compiled_count[0]
        assert kernel_cache.compile_bundle(_kind()) == directory
        assert kernel_cache.compiled_count[0] == compiled
        assert kernel_cache.main(["--verify"]) == 0
        assert capsys.readouterr().out == f"ok: {directory}\n"
        # A umask that shares nothing refuses the group-writable cache.
        os.umask(0o022)
        with pytest.raises(kernel_cache.BundleCompileError,
                           match="writable by its group .*chmod g-w"):
            kernel_cache.compile_bundle(_kind())
    finally:
        os.umask(previous)
