"""Kernel bundles of the LM head's loss, compiled once and kept on disk.

A :class:`ProblemKind` is everything lmhead's fused cross-entropy kernels
are specialised on: the target, the element types, the weight layout, the
loss options, D, V, whether there is a bias, and for the one-pass step the
token count. :func:`compile_bundle` writes its MLIR module (a
``lmhead.ce_linear_fwd`` and a ``lmhead.ce_linear_grad`` with the token
count dynamic, or one ``lmhead.ce_linear_step``), runs ``lmhead-opt
--lmhead-plan --lmhead-write-bundle`` on it and keeps the bundle in
:func:`cache_dir`, under the lmhead version, a hash of the module and the
build identity of the lmhead-opt that compiled it, so that it is compiled
once per machine and compiler (or once, then carried to machines without
lmhead-opt). ``lmhead.torch`` loads and runs these bundles.

Nothing here needs PyTorch. From the command line, to fill a cache ahead of
time (``python -m lmhead.kernel_cache --help``)::

    python -m lmhead.kernel_cache --target sm_90a --hidden 4096 --vocab 128256
"""

from __future__ import annotations

import argparse
import fcntl
import hashlib
import json
import os
import shutil
import stat
import sys
import tempfile
import time
from dataclasses import dataclass
from typing import List, Optional

from . import __version__, compiler
from .loss_options import LossOptions

__all__ = ["ProblemKind", "BundleCompileError", "cache_dir",
           "compile_bundle", "TARGETS"]

#: The kernel targets: sm_80 (Ampere and later) and sm_90a (Hopper).
TARGETS = ("sm_80", "sm_90a")

#: Bundles compiled by this process (the tests read it).
compiled_count = [0]


class BundleCompileError(RuntimeError):
    """lmhead-opt could not be found or could not compile a bundle; the
    message carries its diagnostics."""


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
    #: 0: the two-pass ops (forward and backward), any token count; N > 0:
    #: the one-pass ce_linear_step for exactly N tokens (its chunks are
    #: unrolled, so its bundle is specialised on N).
    step_tokens: int = 0
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

    def module_text(self) -> str:
        """The MLIR module of the forward and backward ops, or of the
        one-pass step."""
        if self.step_tokens:
            return self._step_text()
        t, d, v, o = self.operand, self.hidden, self.vocab, self.options
        h = f"tensor<?x{d}x{t}>"
        w = f"tensor<{v}x{d}x{t}>" if o.weight_layout == "vd" else \
            f"tensor<{d}x{v}x{t}>"
        y = f"tensor<?x{self.label}>"
        b = f"tensor<{v}x{t}>"
        per_token = "tensor<?xf32>"
        loss = per_token if o.reduction == "none" else "tensor<f32>"
        attrs = self._attributes()
        bias_use = " bias(%b)" if self.has_bias else ""
        bias_arg = f", %b: {b}" if self.has_bias else ""
        bias_type = f", {b}" if self.has_bias else ""
        spec = f"layout({o.weight_layout}) reduction({o.reduction})"
        db_name = ", %db" if self.has_bias else ""
        db_type = f", tensor<{v}xf32>" if self.has_bias else ""
        stats_name = ", %stats" if self.statistics else ""
        stats_type = ", tensor<3xf32>" if self.statistics else ""
        stats_result = ", stats tensor<3xf32>" if self.statistics else ""
        scaled = self.weight_grad_scale
        scale_arg = ", %s: tensor<f32>" if scaled else ""
        scale_use = " dw_scale(%s)" if scaled else ""
        scale_type = ", tensor<f32>" if scaled else ""
        into_arg = f", %gw: {w}" if self.accumulate_dw else ""
        into_use = " accumulate_dw(%gw)" if self.accumulate_dw else ""
        into_type = f", {w}" if self.accumulate_dw else ""
        return f"""\
// lmhead.torch: {self}
func.func @forward(%h: {h}, %w: {w}, %y: {y}{bias_arg}) -> ({loss}, {per_token}) {{
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y{bias_use} {spec} {{{attrs}}}
      : ({h}, {w}, {y}{bias_type}) -> ({loss}, {per_token})
  return %loss, %lse : {loss}, {per_token}
}}
func.func @backward(%h: {h}, %w: {w}, %y: {y}, %lse: {per_token}, %g: {loss}{bias_arg}{into_arg}{scale_arg})
    -> ({h}, {w}{db_type}{stats_type}) {{
  %dh, %dw{db_name}{stats_name} = lmhead.ce_linear_grad %h, %w, %y, %lse, %g{bias_use}{into_use}{scale_use} {spec} {{{attrs}}}
      : ({h}, {w}, {y}, {per_token}, {loss}{bias_type}{into_type}{scale_type}) -> ({h}, {w}{db_type}{stats_result})
  return %dh, %dw{db_name}{stats_name} : {h}, {w}{db_type}{stats_type}
}}
"""


    def _attributes(self) -> str:
        o = self.options
        return ", ".join([
            f"ignore_index = {o.ignore_index} : i64",
            f"label_smoothing = {o.label_smoothing:.17e} : f64",
            f"logit_softcap = {o.softcap:.17e} : f64",
            f"z_loss_weight = {o.z_loss:.17e} : f64"])

    def _step_text(self) -> str:
        """A ce_linear_step of N tokens: called with dloss = 1, it gives the
        loss, lse, dh and dW of the reduction's own gradient."""
        t, d, v, o = self.operand, self.hidden, self.vocab, self.options
        n = self.step_tokens
        h = f"tensor<{n}x{d}x{t}>"
        w = f"tensor<{v}x{d}x{t}>" if o.weight_layout == "vd" else \
            f"tensor<{d}x{v}x{t}>"
        y = f"tensor<{n}x{self.label}>"
        b = f"tensor<{v}x{t}>"
        lse = f"tensor<{n}xf32>"
        bias_use = " bias(%b)" if self.has_bias else ""
        bias_arg = f", %b: {b}" if self.has_bias else ""
        bias_type = f", {b}" if self.has_bias else ""
        spec = f"layout({o.weight_layout}) reduction({o.reduction})"
        results = f"tensor<f32>, {lse}, {h}, {w}"
        return f"""\
// lmhead.torch: {self}
func.func @step(%h: {h}, %w: {w}, %y: {y}, %g: tensor<f32>{bias_arg}) -> ({results}) {{
  %loss, %lse, %dh, %dw = lmhead.ce_linear_step %h, %w, %y, %g{bias_use} {spec} {{{self._attributes()}}}
      : ({h}, {w}, {y}, tensor<f32>{bias_type}) -> ({results})
  return %loss, %lse, %dh, %dw : {results}
}}
"""


def cache_dir() -> str:
    """Where compiled bundles are kept across processes."""
    configured = os.environ.get("LMHEAD_CACHE_DIR")
    if configured:
        return configured
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(
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
    revision to its own on load."""
    try:
        names = sorted(os.listdir(root))
    except OSError:
        return None
    for name in names:
        if name.startswith(prefix + "-"):
            producer = _producer(os.path.join(root, name))
            if producer and producer.get("lmhead") == __version__:
                return os.path.join(root, name)
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
    user's umask (a cache shared by a group stays shared).

    Raises:
        BundleCompileError: lmhead-opt is missing, fails or hangs, or the
            cache folder cannot be written (the message names the path).
    """
    text = kind.module_text()
    plan = {"target": kind.target, "min-tokens": 0}
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
    if _producer(directory) == identity:
        return directory
    try:
        os.makedirs(root, exist_ok=True)
        with _KeyLock(os.path.join(root, f".lock-{name}")):
            # Another process may have compiled it while this one waited.
            if _producer(directory) == identity:
                return directory
            _sweep_stale_scratch(root)
            _compile_into(kind, text, plan, executable, identity, root,
                          directory)
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
                          0o666)
        fcntl.flock(self.fd, fcntl.LOCK_EX)
        return self

    def __exit__(self, *exc) -> None:
        fcntl.flock(self.fd, fcntl.LOCK_UN)
        os.close(self.fd)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _make_durable(folder: str) -> None:
    """Gives ``folder`` (a scratch folder from mkdtemp, mode 0700) and its
    files the modes of the umask, and syncs its files and itself to disk,
    so that the rename that publishes it publishes complete files."""
    mask = _umask()
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


def _parse(argv: Optional[List[str]]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m lmhead.kernel_cache",
        description="Compile the kernel bundle of an LM-head loss into the "
        "cache lmhead.torch reads ($LMHEAD_CACHE_DIR), and print its folder.")
    parser.add_argument("--target", choices=TARGETS, required=True)
    parser.add_argument("--hidden", type=int, required=True, help="D")
    parser.add_argument("--vocab", type=int, required=True, help="V")
    parser.add_argument("--dtype", choices=("bf16", "f16"), default="bf16")
    parser.add_argument("--labels", choices=("i64", "i32"), default="i64")
    parser.add_argument("--bias", action="store_true")
    parser.add_argument("--tokens", type=int, default=0,
                        help="N of a one-pass step (0: the two-pass ops, "
                        "any N)")
    parser.add_argument("--ignore-index", type=int, default=-100)
    parser.add_argument("--reduction", default="mean")
    parser.add_argument("--label-smoothing", type=float, default=0.0)
    parser.add_argument("--softcap", type=float, default=None)
    parser.add_argument("--z-loss", type=float, default=0.0)
    parser.add_argument("--weight-layout", default="vd")
    return parser.parse_args(argv)


def main(argv: Optional[List[str]] = None) -> int:
    args = _parse(argv)
    try:
        options = LossOptions.make(args.ignore_index, args.reduction,
                                   args.label_smoothing, args.softcap,
                                   args.z_loss, args.weight_layout)
        if args.tokens and options.reduction == "none":
            raise ValueError("a one-pass step (--tokens) needs reduction "
                             "mean or sum")
        kind = ProblemKind(args.target, args.dtype, args.labels, args.hidden,
                           args.vocab, args.bias, options, args.tokens)
        print(compile_bundle(kind))
    except (ValueError, BundleCompileError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
