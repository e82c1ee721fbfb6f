"""Kernel bundles of the LM head's loss, compiled once and kept on disk.

A :class:`ProblemKind` is everything lmhead's fused cross-entropy kernels
are specialised on: the target, the element types, the weight layout, the
loss options, D, V, whether there is a bias, and the schedule.
:func:`compile_bundle` writes its MLIR module (a ``lmhead.ce_linear_fwd``
and a ``lmhead.ce_linear_grad``, or one ``lmhead.ce_linear_step``, or the
two in one function for the planner to choose, always with the token
count dynamic), runs ``lmhead-opt
--lmhead-plan --lmhead-write-bundle`` on it and keeps the bundle in
:func:`cache_dir`, under the lmhead version, a hash of the module and the
build identity of the lmhead-opt that compiled it, so that it is compiled
once per machine and compiler (or once, then carried to machines without
lmhead-opt). ``lmhead.torch`` loads and runs these bundles.

The bundles' PTX runs in the user's GPU context, so the cache is trusted
only as far as its modes allow, as ssh trusts its keys: every folder of the
cache and every file of an entry must be owned by the user and writable by
no one else (by the user's group only where the umask shares files with it),
and an entry is used only when its files match the sizes and SHA-256 of its
``index.json``. :func:`compile_bundle` documents the rule.

Nothing here needs PyTorch. From the command line, to fill a cache ahead of
time (``python -m lmhead.kernel_cache --help``)::

    python -m lmhead.kernel_cache --target sm_90a --hidden 4096 --vocab 128256

and to check a cache, after copying it from another machine::

    python -m lmhead.kernel_cache --verify
"""

from __future__ import annotations

import argparse
import fcntl
import grp
import hashlib
import json
import logging
import os
import pwd
import shlex
import shutil
import stat
import sys
import tempfile
import time
from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple

from . import __version__, compiler, mlir_text, settings
from .loss_options import LossOptions

__all__ = ["ProblemKind", "BundleCompileError", "cache_dir",
           "compile_bundle", "TARGETS", "SCHEDULES"]

#: The kernel targets: sm_80 (Ampere and later) and sm_90a (Hopper).
TARGETS = ("sm_80", "sm_90a")

#: The schedules a bundle may be compiled for (ProblemKind.schedule).
SCHEDULES = ("two-pass", "one-pass", "auto")

#: Bundles compiled by this process (the tests read it).
compiled_count = [0]

#: The file of an entry that lists every other file of it with its size and
#: SHA-256, written when the entry is compiled.
INDEX_NAME = "index.json"

#: The largest file of an entry that is read (lmhead-opt's PTX are at most
#: a few megabytes).
MAX_ENTRY_FILE_BYTES = 256 << 20

_LOG = logging.getLogger("lmhead")


class BundleCompileError(RuntimeError):
    """lmhead-opt could not be found or could not compile a bundle, or the
    cache holds a bundle that cannot be trusted; the message carries
    lmhead-opt's diagnostics or names the path and what to do."""


@dataclass(frozen=True)
class ProblemKind:
    """Everything the kernels are specialised on (the token count is not)."""

    target: str
    operand: str  # "bf16" or "f16": h, W and the bias
    label: str  # "i64" or "i32"
    hidden: int
    vocab: int
    has_bias: bool
    options: LossOptions
    #: Which ops the bundle holds, each for any token count: "two-pass",
    #: the forward and the backward ops (a function each); "one-pass", the
    #: ce_linear_step (its chunks a loop over however many N makes);
    #: "auto", the forward and the backward of its lse in one function,
    #: which lmhead-opt's planner makes one ce_linear_step where its cost
    #: model predicts the step faster (the bundle then holds the step, and
    #: otherwise the two ops). The step kinds are called with dloss = 1.
    schedule: str = "two-pass"
    #: Whether the backward also gives the gradient statistics
    #: [‖dZ‖², ‖dh‖², ‖dW‖²] (its ``stats`` result).
    statistics: bool = False
    #: Whether the backward takes a ``dw_scale`` (a tensor<f32> multiplying
    #: dW and db in their epilogues: the head's gradient scale, or a loss
    #: scale's inverse).
    weight_grad_scale: bool = False
    #: Whether the backward adds dW to the gradient its ``dw`` buffer holds
    #: when it runs (``accumulate_dw``: gradient accumulation into
    #: ``weight.grad``) instead of overwriting it.
    accumulate_dw: bool = False

    def __post_init__(self):
        if self.schedule not in SCHEDULES:
            raise ValueError(f"schedule {self.schedule!r}: expected one of "
                             f"{', '.join(SCHEDULES)}")
        if self.schedule != "two-pass":
            if self.options.reduction == "none":
                raise ValueError(f"the {self.schedule} schedule's step needs "
                                 f"reduction mean or sum")
            if self.accumulate_dw:
                raise ValueError("the step kinds do not add dW to a given "
                                 "gradient")

    def module_text(self) -> str:
        """The MLIR module of the forward and backward ops, of the one-pass
        step, or (``auto``) of the forward and backward of one head that
        the planner may make a step."""
        o = self.options
        h = mlir_text.tensor_type([None, self.hidden], self.operand)
        w = mlir_text.weight_type(o.weight_layout, self.hidden, self.vocab,
                                  self.operand)
        y = mlir_text.tensor_type([None], self.label)
        per_token = mlir_text.tensor_type([None], "f32")
        scalar = mlir_text.tensor_type([], "f32")
        loss = per_token if o.reduction == "none" else scalar
        bias = [("b", mlir_text.tensor_type([self.vocab], self.operand))]
        bias = bias if self.has_bias else []
        bias_clause = [("bias", "b")] if self.has_bias else []

        def op(name, operands, results, clauses=()):
            return mlir_text.OpCall(
                name=name, operands=operands, results=results,
                clauses=bias_clause + list(clauses),
                words=[f"layout({o.weight_layout})",
                       f"reduction({o.reduction})"],
                attributes=mlir_text.loss_attributes(o),
                result_keywords={"stats": "stats"})

        comment = f"lmhead.torch: {self}"
        extra_arguments, extra_clauses = [], []
        if self.accumulate_dw:
            extra_arguments.append(("gw", w))
            extra_clauses.append(("accumulate_dw", "gw"))
        if self.weight_grad_scale:
            extra_arguments.append(("s", scalar))
            extra_clauses.append(("dw_scale", "s"))
        gradients = [("dh", h), ("dw", w)]
        if self.has_bias:
            gradients.append(("db", mlir_text.tensor_type([self.vocab],
                                                          "f32")))
        if self.statistics:
            gradients.append(("stats", mlir_text.tensor_type([3], "f32")))
        base = [("h", h), ("w", w), ("y", y)]
        forward = op("lmhead.ce_linear_fwd", ["h", "w", "y"],
                     [("loss", loss), ("lse", per_token)])
        backward = op("lmhead.ce_linear_grad", ["h", "w", "y", "lse", "g"],
                      gradients, extra_clauses)
        if self.schedule != "two-pass":
            # Called with dloss = 1: the loss, lse and the gradients of the
            # reduction's own loss, which the caller scales.
            arguments = base + [("g", scalar)] + bias + extra_arguments
            if self.schedule == "auto":
                return mlir_text.function("step", arguments,
                                          [forward, backward], comment)
            step = op("lmhead.ce_linear_step", ["h", "w", "y", "g"],
                      [("loss", scalar), ("lse", per_token)] + gradients,
                      extra_clauses)
            return mlir_text.function("step", arguments, step, comment)
        return (mlir_text.function("forward", base + bias, forward, comment) +
                mlir_text.function(
                    "backward",
                    base + [("lse", per_token), ("g", loss)] + bias +
                    extra_arguments, backward))


def cache_dir() -> str:
    """Where compiled bundles are kept across processes."""
    configured = settings.get("LMHEAD_CACHE_DIR")
    if configured:
        return configured
    base = settings.get("XDG_CACHE_HOME") or os.path.join(
        os.path.expanduser("~"), ".cache")
    return os.path.join(base, "lmhead")



#: The largest manifest read (lmhead-opt's are a few kilobytes).
MAX_MANIFEST_BYTES = 64 << 20


def read_manifest(directory: str) -> dict:
    """``directory``'s manifest.json, parsed. Only a regular file (not a
    link, a FIFO or a device, which could block the read or redirect it) of
    at most MAX_MANIFEST_BYTES is read.

    Raises:
        OSError: it cannot be opened or read.
        ValueError: it is not a regular file, is too large, or is not a
            JSON object.
    """
    path = os.path.join(directory, "manifest.json")
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW |
                 os.O_CLOEXEC)
    with os.fdopen(fd, "rb") as f:
        status = os.fstat(f.fileno())
        if not stat.S_ISREG(status.st_mode):
            raise ValueError(f"{path} is not a regular file")
        if status.st_size > MAX_MANIFEST_BYTES:
            raise ValueError(f"{path} holds {status.st_size} bytes, more "
                             f"than a manifest may ({MAX_MANIFEST_BYTES})")
        manifest = json.loads(f.read(MAX_MANIFEST_BYTES + 1))
    if not isinstance(manifest, dict):
        raise ValueError(f"{path} is not a JSON object")
    return manifest


def _producer(directory: str) -> Optional[dict]:
    """The build identity in ``directory``'s manifest; None when it has no
    readable manifest."""
    try:
        producer = read_manifest(directory).get("producer")
    except (OSError, ValueError):
        return None
    return producer if isinstance(producer, dict) else None


def _carried_bundle(root: str, prefix: str) -> Optional[str]:
    """A bundle of ``prefix`` compiled elsewhere (no lmhead-opt here): one
    whose producer is this lmhead version. The runtime then holds its
    revision to its own on load.

    Raises:
        BundleCompileError: the cache or the entry is not trusted, or the
            entry's files do not match its index (with no lmhead-opt to
            compile it again, the message names the file).
    """
    try:
        names = sorted(os.listdir(root))
    except OSError:
        return None
    candidates = [os.path.join(root, name) for name in names
                  if name.startswith(prefix + "-")]
    if not candidates:
        return None
    try:
        _check_root(root)
    except OSError as error:
        raise BundleCompileError(
            f"the kernel cache cannot be read at {error.filename or root}: "
            f"{error.strerror or error}") from error
    damage = None
    for directory in candidates:
        distrust = _entry_distrust(directory)
        if distrust:
            raise BundleCompileError(distrust)
        producer = _producer(directory)
        if not producer or producer.get("lmhead") != __version__:
            continue
        damage = damage or _entry_damage(directory)
        if not damage:
            return directory
    if damage:
        raise BundleCompileError(
            f"{damage}; with no lmhead-opt here the entry cannot be compiled "
            f"again: compile it on a machine that has lmhead-opt "
            f"(python -m lmhead.kernel_cache), copy the cache here again and "
            f"check it with python -m lmhead.kernel_cache --verify")
    return None


def compile_bundle(kind: ProblemKind) -> str:
    """The bundle directory of ``kind``, compiled now unless cached.

    The cache key is the lmhead version, the module, the plan and the build
    identity of the lmhead-opt that would compile it
    (:func:`lmhead.compiler.build_identity`), so that a rebuilt or other
    lmhead-opt compiles its own kernels; a cached bundle is used only when
    its manifest's producer is that identity. Where no lmhead-opt can be
    found, a bundle carried from another machine is used.

    Faults are survived: processes compiling the same key take turns (an
    flock per key), so one compiles and the others use its bundle; a
    bundle is written into a scratch folder, synced to disk and renamed
    into place, so that a compile killed midway leaves no entry (its
    scratch folder is swept once older than twice LMHEAD_COMPILE_TIMEOUT);
    an entry whose manifest is damaged or missing is moved aside into
    ``.quarantine-*`` and compiled again; entries get the modes of the
    user's umask less write for others (a cache shared by a group stays
    shared).

    A directory is returned only when it can be trusted, as ssh trusts its
    keys. The cache folder (:func:`cache_dir`), its version folder, the
    entry and every file of the entry are checked (not the folders above
    the cache, such as ``/tmp``); each must be

    - owned by the user (``os.getuid()``), or, in a cache shared with a
      group, by anyone, its group being one of the user's;
    - not writable by others, ever;
    - writable by its group only in a cache shared with a group: the
      user's umask grants group write (``umask & 0o020 == 0``, as ``umask
      002`` does) and the group is one of the user's (``os.getgroups()``).

    An entry or a file of it that is a symbolic link is refused too. A
    refused path raises :class:`BundleCompileError` naming it and the fix
    (``chmod``, ``chown``, or removing the entry). The entry's files must
    then match its ``index.json`` (the size and SHA-256 of every file,
    written when it was compiled), and it may hold no other file. A cached
    entry that does not (or has no index: written by an older lmhead) is
    moved aside and compiled again once; where there is no lmhead-opt (an
    entry carried from another machine), it raises naming the file.

    Raises:
        BundleCompileError: lmhead-opt is missing, fails or hangs, the
            cache folder cannot be written (the message names the path),
            or the cache or the entry cannot be trusted.
    """
    text = kind.module_text()
    plan = {"target": kind.target, "min-tokens": 0}
    # The key is predictable by design, so that a cache filled on one
    # machine is found on another; anyone who can write the cache can
    # therefore plant an entry under the name lmhead will look up. What
    # keeps planted kernels out is that the cache and its entries must be
    # writable by the user alone (or the user's group, when shared): the
    # checks of _check_root and _entry_distrust.
    key = hashlib.sha256(json.dumps(
        [__version__, text, plan], sort_keys=True).encode()).hexdigest()[:32]
    root = os.path.join(cache_dir(), __version__)
    prefix = f"{kind.target}-{key}"
    try:
        executable = compiler.find_lmhead_opt()
        identity = compiler.build_identity(executable)
    except compiler.ToolNotFoundError as error:
        carried = _carried_bundle(root, prefix)
        if carried:
            return carried
        raise BundleCompileError(
            f"lmhead-opt could not compile the kernels for {kind}, and no "
            f"cached ones were found: {error}") from error
    except compiler.CompileError as error:
        raise BundleCompileError(str(error)) from error
    producer = hashlib.sha256(json.dumps(
        identity, sort_keys=True).encode()).hexdigest()[:16]
    name = f"{prefix}-{producer}"
    directory = os.path.join(root, name)
    try:
        _make_folders(root)
        _check_root(root)
        if _unusable(directory, identity) is None:
            return directory
        with _KeyLock(os.path.join(root, f".lock-{name}")):
            # Another process may have compiled it while this one waited.
            reason = _unusable(directory, identity)
            if reason is None:
                return directory
            if os.path.lexists(directory):
                _LOG.warning("%s: it is moved aside and compiled again",
                             reason)
            _sweep_stale_scratch(root)
            _compile_into(kind, text, plan, executable, identity, root,
                          directory)
            problem = _entry_distrust(directory) or _entry_damage(directory)
            if problem:
                raise BundleCompileError(
                    f"the bundle just compiled fails its checks: {problem}")
    except OSError as error:
        path = error.filename or root
        raise BundleCompileError(
            f"the kernel cache cannot be written at {path}: "
            f"{error.strerror or error} (set LMHEAD_CACHE_DIR to a folder "
            f"you can write)") from error
    return directory


def _compile_into(kind: ProblemKind, text: str, plan: dict, executable: str,
                  identity: dict, root: str, directory: str) -> None:
    """Compiles ``kind`` into ``directory`` through a scratch folder (the
    caller holds the key's lock)."""
    scratch = tempfile.mkdtemp(prefix=".compiling-", dir=root)
    try:
        try:
            compiler.write_bundle(text, scratch, plan, executable)
        except (compiler.CompileError, compiler.ToolNotFoundError) as error:
            raise BundleCompileError(
                f"lmhead-opt could not compile the kernels for {kind}:\n"
                f"{error}") from error
        if _producer(scratch) != identity:
            raise BundleCompileError(
                f"{executable} wrote a bundle whose producer "
                f"{_producer(scratch)} is not its own build identity "
                f"{identity}")
        # The module beside its kernels, to reproduce them by hand.
        with open(os.path.join(scratch, "source.mlir"), "w") as f:
            f.write(text)
        _write_index(scratch, executable)
        _make_durable(scratch)
        compiled_count[0] += 1
        if os.path.lexists(directory):
            # An entry of this key that is not this identity's bundle (a
            # damaged or missing manifest): kept aside, not trusted.
            os.rename(directory, os.path.join(
                root, f".quarantine-{os.path.basename(directory)}-"
                f"{time.time_ns()}"))
        os.rename(scratch, directory)
        _fsync_directory(root)
    finally:
        if os.path.isdir(scratch):
            shutil.rmtree(scratch, ignore_errors=True)


class _KeyLock:
    """An exclusive flock on ``path`` (created when missing), held while
    one key compiles: ranks of one job compiling the same kernels take
    turns instead of compiling them side by side."""

    def __init__(self, path: str):
        self.path = path
        self.fd = -1

    def __enter__(self) -> "_KeyLock":
        self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC,
                          0o664)
        fcntl.flock(self.fd, fcntl.LOCK_EX)
        return self

    def __exit__(self, *exc) -> None:
        fcntl.flock(self.fd, fcntl.LOCK_UN)
        os.close(self.fd)


def _umask() -> int:
    """The process's umask. Read from /proc where Linux shows it: os.umask
    reads it only by setting it, which races with threads creating
    files."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _make_folders(path: str) -> None:
    """Creates ``path`` and its missing parents with the modes of the umask
    less write for others (os.makedirs gives parents the umask's modes,
    which a umask of 0 makes writable by all, and the cache would then
    refuse itself)."""
    missing = []
    while not os.path.isdir(path):
        missing.append(path)
        parent = os.path.dirname(path)
        if parent == path:
            break
        path = parent
    for folder in reversed(missing):
        try:
            os.mkdir(folder, 0o775)
        except FileExistsError:
            # Made by another process meanwhile, or not a folder: the
            # next mkdir or _check_root says so.
            pass


def _make_durable(folder: str) -> None:
    """Gives ``folder`` (a scratch folder from mkdtemp, mode 0700) and its
    files the modes of the umask less write for others, and syncs its files
    and itself to disk, so that the rename that publishes it publishes
    complete files."""
    mask = _umask() | stat.S_IWOTH
    os.chmod(folder, 0o777 & ~mask)
    for name in os.listdir(folder):
        path = os.path.join(folder, name)
        os.chmod(path, 0o666 & ~mask)
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
    _fsync_directory(folder)


def _fsync_directory(folder: str) -> None:
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _sweep_stale_scratch(root: str) -> None:
    """Removes scratch folders of compiles that were killed: older than
    twice LMHEAD_COMPILE_TIMEOUT, past which no live compile can own
    one."""
    limit = time.time() - 2 * compiler.compile_timeout()
    try:
        names = os.listdir(root)
    except OSError:
        return
    for name in names:
        if not name.startswith(".compiling-"):
            continue
        path = os.path.join(root, name)
        try:
            if os.lstat(path).st_mtime < limit:
                shutil.rmtree(path, ignore_errors=True)
        except OSError:
            pass


def _unusable(directory: str, identity: dict) -> Optional[str]:
    """Why the cached entry ``directory`` cannot be used as this identity's
    bundle (it is missing, of another producer, or damaged), or None when
    it can.

    Raises:
        BundleCompileError: the entry is not trusted (see compile_bundle).
    """
    if not os.path.lexists(directory):
        return f"{directory} is not compiled yet"
    distrust = _entry_distrust(directory)
    if distrust:
        raise BundleCompileError(distrust)
    producer = _producer(directory)
    if producer is None:
        return f"{directory} has a damaged or no manifest.json"
    if producer != identity:
        return (f"{directory} was compiled by another lmhead-opt "
                f"({producer})")
    return _entry_damage(directory)


def _user_groups() -> set:
    # getgroups() need not hold the effective group.
    return set(os.getgroups()) | {os.getgid(), os.getegid()}


def _user_name(uid: int) -> str:
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return str(uid)


def _group_name(gid: int) -> str:
    try:
        return grp.getgrgid(gid).gr_name
    except KeyError:
        return str(gid)


def _writers_problem(path: str, status: os.stat_result,
                     remedy: str) -> Optional[str]:
    """Why ``path`` (of status ``status``) may have been written by someone
    the user does not trust, with what to do, or None when it may not (the
    rule is compile_bundle's). ``remedy`` is the way out besides chmod and
    chown."""
    uid = os.getuid()
    mode = stat.S_IMODE(status.st_mode)
    shared = not _umask() & stat.S_IWGRP
    ours = status.st_gid in _user_groups()
    quoted = shlex.quote(path)
    if status.st_uid != uid and not (shared and ours):
        whose = "" if shared else (
            ", and your umask does not share files with a group")
        return (f"{path} is owned by {_user_name(status.st_uid)}, not by "
                f"you ({_user_name(uid)}){whose}, so lmhead will not run "
                f"kernels from it: {remedy}, or if you trust its owner, run "
                f"`chown {_user_name(uid)} {quoted}`")
    if mode & stat.S_IWOTH:
        return (f"{path} is writable by others (mode {mode:04o}), so anyone "
                f"could change the kernels lmhead runs: run "
                f"`chmod o-w {quoted}`")
    if mode & stat.S_IWGRP and not (shared and ours):
        why = (f"its group {_group_name(status.st_gid)} is not one of yours"
               if not ours else "your umask does not share files with a "
               "group")
        return (f"{path} is writable by its group (mode {mode:04o}) but "
                f"{why}: run `chmod g-w {quoted}` (to share a cache with a "
                f"group of yours, set a umask that grants it write, such as "
                f"002)")
    return None


def _check_root(root: str) -> None:
    """Refuses the cache folder and its version folder ``root`` unless the
    user alone (or the user's group, when shared) can write them. They are
    followed where they are links: the user may have linked the cache
    elsewhere, and its target is what is checked.

    Raises:
        BundleCompileError: one is not a folder or is not trusted.
        OSError: one cannot be read.
    """
    remedy = ("set LMHEAD_CACHE_DIR to a folder of your own")
    for folder in (os.path.dirname(root) or os.curdir, root):
        status = os.stat(folder)
        if not stat.S_ISDIR(status.st_mode):
            raise BundleCompileError(
                f"the kernel cache {folder} is not a folder: {remedy}")
        problem = _writers_problem(folder, status, remedy)
        if problem:
            raise BundleCompileError(f"the kernel cache folder {problem}")


def _entry_distrust(directory: str) -> Optional[str]:
    """Why the cache entry ``directory`` (which exists) or a file of it may
    hold kernels the user did not write: a link, or a folder or file that
    is not the user's or is writable by others (compile_bundle's rule).
    None when there is no reason."""
    remedy = (f"remove the entry (`rm -r {shlex.quote(directory)}`) so that "
              f"it is compiled again")
    try:
        status = os.lstat(directory)
        if stat.S_ISLNK(status.st_mode):
            return (f"{directory} is a symbolic link, not a folder lmhead "
                    f"wrote: {remedy}")
        if not stat.S_ISDIR(status.st_mode):
            return f"{directory} is not a folder: {remedy}"
        problem = _writers_problem(directory, status, remedy)
        if problem:
            return problem
        for name in sorted(os.listdir(directory)):
            path = os.path.join(directory, name)
            status = os.lstat(path)
            if stat.S_ISLNK(status.st_mode):
                return (f"{path} is a symbolic link (to "
                        f"{os.readlink(path)}), not a file lmhead wrote: "
                        f"{remedy}")
            problem = _writers_problem(path, status, remedy)
            if problem:
                return problem
    except OSError as error:
        return (f"{error.filename or directory} cannot be read: "
                f"{error.strerror or error}")
    return None


def _open_regular(path: str, limit: int):
    """``path`` opened for reading, with its status, when it is a regular
    file (not a link, a FIFO or a device, which could redirect the read or
    block it) of at most ``limit`` bytes.

    Raises:
        OSError: it cannot be opened (a link gives ELOOP).
        ValueError: it is not a regular file or is too large.
    """
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW |
                 os.O_CLOEXEC)
    f = os.fdopen(fd, "rb")
    try:
        status = os.fstat(fd)
        if not stat.S_ISREG(status.st_mode):
            raise ValueError(f"{path} is not a regular file")
        if status.st_size > limit:
            raise ValueError(f"{path} holds {status.st_size} bytes, more "
                             f"than expected ({limit})")
    except BaseException:
        f.close()
        raise
    return f, status


def _digest(path: str, limit: int) -> Tuple[int, str]:
    """The size and SHA-256 of the regular file ``path``, read up to one
    byte past ``limit`` (a file that grows while read is caught).

    Raises:
        OSError, ValueError: as _open_regular.
    """
    f, _ = _open_regular(path, limit)
    with f:
        digest, size = hashlib.sha256(), 0
        while size <= limit:
            block = f.read(min(1 << 20, limit + 1 - size))
            if not block:
                break
            digest.update(block)
            size += len(block)
    return size, digest.hexdigest()


def _write_index(folder: str, executable: str) -> None:
    """Writes ``folder``'s index: the size and SHA-256 of each of its
    files."""
    files = {}
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        if not stat.S_ISREG(os.lstat(path).st_mode):
            raise BundleCompileError(
                f"{executable} wrote {path}, which is not a regular file")
        try:
            size, digest = _digest(path, MAX_ENTRY_FILE_BYTES)
        except ValueError as error:
            raise BundleCompileError(
                f"{executable} wrote a bundle lmhead cannot index: "
                f"{error}") from error
        files[name] = {"size": size, "sha256": digest}
    # "x": the index is written once, by this compile.
    with open(os.path.join(folder, INDEX_NAME), "x") as f:
        json.dump({"format": "lmhead-cache-index", "version": 1,
                   "files": files}, f, indent=1, sort_keys=True)
        f.write("\n")


def _read_index(directory: str) -> Dict[str, Tuple[int, str]]:
    """``directory``'s index: file name to size and SHA-256.

    Raises:
        OSError: it cannot be opened or read.
        ValueError: it is not a regular file, is too large or is not an
            index.
    """
    path = os.path.join(directory, INDEX_NAME)
    f, _ = _open_regular(path, MAX_MANIFEST_BYTES)
    with f:
        index = json.loads(f.read(MAX_MANIFEST_BYTES + 1))
    files = index.get("files") if isinstance(index, dict) else None
    if not isinstance(files, dict) or \
            index.get("format") != "lmhead-cache-index":
        raise ValueError(f"{path} is not an lmhead cache index")
    listed = {}
    for name, entry in files.items():
        size = entry.get("size") if isinstance(entry, dict) else None
        digest = entry.get("sha256") if isinstance(entry, dict) else None
        # A name is a file of this folder: never a path out of it.
        if name in ("", ".", "..", INDEX_NAME) or "/" in name or \
                "\0" in name or type(size) is not int or size < 0 or \
                not isinstance(digest, str) or len(digest) != 64:
            raise ValueError(f"{path} lists {name!r} malformed")
        listed[name] = (size, digest.lower())
    return listed


def _entry_damage(directory: str) -> Optional[str]:
    """Why the files of the cache entry ``directory`` differ from its index
    (a file changed, missing, added or not a regular file, or no index),
    naming the file; None when they match.

    This catches damage and a cache tampered with before it was copied
    here; it holds for the moment of the check only (the runtime reads the
    files later), which is why who may write them is checked too."""
    try:
        listed = _read_index(directory)
    except FileNotFoundError:
        return (f"{directory} has no {INDEX_NAME} (written by an lmhead "
                f"older than {__version__}, or removed), so its files "
                f"cannot be checked")
    except (OSError, ValueError) as error:
        return (f"{os.path.join(directory, INDEX_NAME)} cannot be read: "
                f"{error}")
    try:
        present = set(os.listdir(directory)) - {INDEX_NAME}
    except OSError as error:
        return f"{directory} cannot be read: {error.strerror or error}"
    extra = sorted(present - listed.keys())
    if extra:
        return (f"{os.path.join(directory, extra[0])} is not in "
                f"{INDEX_NAME}: it was added after the entry was compiled")
    for name in sorted(listed):
        path = os.path.join(directory, name)
        size, want = listed[name]
        try:
            got_size, got = _digest(path, min(size, MAX_ENTRY_FILE_BYTES))
        except FileNotFoundError:
            return f"{path} is listed in {INDEX_NAME} but missing"
        except (OSError, ValueError) as error:
            return f"{path} cannot be checked: {error}"
        if got_size != size:
            return (f"{path} differs from {INDEX_NAME}: it holds "
                    f"{'more than ' if got_size > size else ''}{got_size} "
                    f"bytes, not {size}")
        if got != want:
            return (f"{path} differs from {INDEX_NAME}: its SHA-256 is "
                    f"{got}, not {want}")
    return None


def _verify_cache() -> int:
    """Checks the cache of this lmhead version as compile_bundle would
    before using an entry, printing one line per entry ("ok: ENTRY" or
    "untrusted: ..." / "damaged: ..." naming the path). 1 when any is
    wrong, else 0."""
    out = sys.stdout
    root = os.path.join(cache_dir(), __version__)
    if not os.path.isdir(root):
        print(f"no kernel cache at {root}", file=out)
        return 0
    try:
        _check_root(root)
    except (BundleCompileError, OSError) as error:
        print(f"untrusted: {error}", file=out)
        return 1
    failed = False
    # Names starting with "." are locks, scratch and quarantined entries,
    # none of which is ever loaded.
    for name in sorted(n for n in os.listdir(root) if not n.startswith(".")):
        directory = os.path.join(root, name)
        distrust = _entry_distrust(directory)
        damage = None if distrust else _entry_damage(directory)
        if distrust or damage:
            failed = True
            print(f"untrusted: {distrust}" if distrust else
                  f"damaged: {damage}", file=out)
        else:
            print(f"ok: {directory}", file=out)
    return 1 if failed else 0


def model_shape(path: str) -> dict:
    """The LM head of the Hugging Face model whose config is ``path`` (a
    config.json, or a folder holding one): {"hidden": D, "vocab": V,
    "dtype": "bf16" or "f16" (bf16 for an f32 model, as it trains under
    bf16 autocast), "softcap": Gemma-2's final logit soft-cap or None}.
    A multimodal config's text model (``text_config``) is the one read.

    Raises:
        ValueError: the file cannot be read or lacks hidden_size or
            vocab_size.
    """
    if os.path.isdir(path):
        path = os.path.join(path, "config.json")
    try:
        with open(path, encoding="utf-8") as f:
            config = json.load(f)
    except (OSError, ValueError) as error:
        raise ValueError(f"cannot read the model config {path}: "
                         f"{error}") from error
    if not isinstance(config, dict):
        raise ValueError(f"{path} is not a JSON object")
    text = config.get("text_config")
    if isinstance(text, dict) and "hidden_size" in text:
        config = dict(config, **text)
    missing = [k for k in ("hidden_size", "vocab_size")
               if not isinstance(config.get(k), int) or config[k] <= 0]
    if missing:
        raise ValueError(f"{path}: needs positive integers "
                         f"{' and '.join(missing)} (the LM head's D and V)")
    dtype = config.get("torch_dtype") or config.get("dtype")
    return {"hidden": config["hidden_size"], "vocab": config["vocab_size"],
            "dtype": "f16" if dtype == "float16" else "bf16",
            "softcap": config.get("final_logit_softcapping") or None}


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m lmhead.kernel_cache",
        description="Compile the kernel bundles of an LM-head loss into the "
        "cache lmhead.torch reads ($LMHEAD_CACHE_DIR), and print their "
        "folders; or, with --verify, check every entry of that cache.")
    parser.add_argument("--verify", action="store_true",
                        help="check the owner, modes and files of every "
                        "entry (after copying a cache from another machine) "
                        "and print one line per entry; exit status 1 when "
                        "any is wrong")
    parser.add_argument("--model", metavar="CONFIG",
                        help="a Hugging Face config.json (or the folder of "
                        "one): D, V, the dtype and the logit soft-cap come "
                        "from it, and every bundle the patched model's "
                        "training step needs is compiled (mean, and sum "
                        "for the Trainer's num_items_in_batch; for every "
                        "--target, or both targets)")
    parser.add_argument("--target", choices=TARGETS, action="append",
                        help="sm_80 or sm_90a; may be given more than once")
    parser.add_argument("--hidden", type=int, help="D")
    parser.add_argument("--vocab", type=int, help="V")
    parser.add_argument("--dtype", choices=("bf16", "f16"), default="bf16")
    parser.add_argument("--labels", choices=("i64", "i32"), default="i64")
    parser.add_argument("--bias", action="store_true")
    parser.add_argument("--schedule", choices=SCHEDULES + ("default",),
                        default="default",
                        help="the bundle of which schedule: two-pass (the "
                        "forward and backward ops), one-pass (the step), "
                        "auto (the step where the cost model predicts it "
                        "faster, else the two ops); default: what "
                        "lmhead.torch's default needs, two-pass and, for "
                        "mean and sum, auto")
    parser.add_argument("--ignore-index", type=int, default=-100)
    parser.add_argument("--reduction", default="mean")
    parser.add_argument("--label-smoothing", type=float, default=0.0)
    parser.add_argument("--softcap", type=float, default=None)
    parser.add_argument("--z-loss", type=float, default=0.0)
    parser.add_argument("--weight-layout", default="vd")
    return parser


def main(argv: Optional[List[str]] = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.verify:
        return _verify_cache()
    reductions = [args.reduction]
    try:
        if args.model:
            model = model_shape(args.model)
            args.hidden, args.vocab = model["hidden"], model["vocab"]
            args.dtype, args.softcap = model["dtype"], model["softcap"]
            args.target = args.target or list(TARGETS)
            # The patched model's loss: a mean, or a sum divided by the
            # Trainer's num_items_in_batch.
            reductions = ["mean", "sum"]
        if not args.target or args.hidden is None or args.vocab is None:
            parser.error("--target, --hidden and --vocab (or --model) are "
                         "required to compile (or check the cache with "
                         "--verify)")
        kinds = []
        for target in args.target:
            for reduction in reductions:
                options = LossOptions.make(
                    args.ignore_index, reduction, args.label_smoothing,
                    args.softcap, args.z_loss, args.weight_layout)
                schedules = [args.schedule]
                if args.schedule == "default":
                    schedules = ["two-pass"]
                    if options.reduction != "none":
                        schedules.append("auto")
                kinds += [ProblemKind(target, args.dtype, args.labels,
                                      args.hidden, args.vocab, args.bias,
                                      options, schedule)
                          for schedule in schedules]
        for kind in kinds:
            print(compile_bundle(kind))
    except (ValueError, BundleCompileError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
