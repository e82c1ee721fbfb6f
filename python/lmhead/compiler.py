"""Run lmhead's registered passes and pipelines from Python.

Every function here runs the ``lmhead-opt`` tool in a subprocess: the MLIR
text goes in on stdin, the transformed text comes back on stdout, and the
diagnostics on stderr become a :class:`CompileError` when the tool fails.
Passes and pipelines are named by their registered flag (``lmhead-decompose``,
``lmhead-cpu-pipeline``), never spelled out as pass-pipeline strings, so that
``lmhead-opt --<name>`` on the command line reproduces every call exactly.
"""

from __future__ import annotations

import logging
import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from typing import Dict, List, Mapping, Optional, Sequence, Tuple, Union

from . import settings
from ._paths import configured_path

__all__ = [
    "CompileError",
    "Diagnostic",
    "ToolNotFoundError",
    "build_identity",
    "decompose",
    "find_lmhead_opt",
    "parse_diagnostics",
    "run_pipeline",
    "verify",
    "write_bundle",
]

_LOG = logging.getLogger("lmhead")

#: Name of the tool and of the environment variable that overrides its path.
TOOL_NAME = "lmhead-opt"
ENV_VAR = "LMHEAD_OPT"

# A registered pass or pipeline flag: lower-case words joined by dashes. This
# deliberately rejects textual pipelines such as "builtin.module(...)" and
# anything that lmhead-opt would read as a different command-line option.
_PASS_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_OPTION_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")
# "file:line:col: severity: message", as MLIR's source manager prints it.
_DIAGNOSTIC = re.compile(
    r"^(?P<file>.+?):(?P<line>\d+):(?P<column>\d+): "
    r"(?P<severity>error|warning|note|remark): (?P<message>.*)$"
)

OptionValue = Union[str, int, float, bool, Sequence[Union[str, int, float]]]


@dataclass(frozen=True)
class Diagnostic:
    """One diagnostic printed by lmhead-opt.

    ``file`` is ``<stdin>`` for text passed to the functions of this module;
    ``line`` and ``column`` are 1-based positions in that text.
    """

    file: str
    line: int
    column: int
    severity: str
    message: str

    def __str__(self) -> str:
        return (
            f"{self.file}:{self.line}:{self.column}: "
            f"{self.severity}: {self.message}"
        )


class CompileError(RuntimeError):
    """lmhead-opt rejected its input or failed while running a pipeline.

    Attributes:
        command: the argument list that was run; ``shlex.join(command)``
            reproduces the failure when the input is piped into it.
        returncode: lmhead-opt's exit status (negative: killed by a signal).
        stderr: everything lmhead-opt printed on stderr.
        diagnostics: the ``file:line:col: severity: message`` lines of
            ``stderr`` parsed into :class:`Diagnostic` objects (possibly
            empty, e.g. for an unknown command-line flag).
    """

    def __init__(
        self, command: Sequence[str], returncode: int, stderr: str
    ) -> None:
        self.command = list(command)
        self.returncode = returncode
        self.stderr = stderr
        self.diagnostics = parse_diagnostics(stderr)
        detail = stderr.strip() or "(no diagnostics)"
        super().__init__(
            f"{os.path.basename(self.command[0])} exited with status "
            f"{returncode}:\n{detail}"
        )

    @property
    def errors(self) -> List[Diagnostic]:
        """The diagnostics of severity ``error``."""
        return [d for d in self.diagnostics if d.severity == "error"]


class ToolNotFoundError(FileNotFoundError):
    """No usable lmhead-opt executable was found."""


def parse_diagnostics(stderr: str) -> List[Diagnostic]:
    """Parses MLIR diagnostics (``file:line:col: severity: message``).

    Lines that are not the first line of a diagnostic (source excerpts, the
    caret under them, tool usage messages) are skipped.
    """
    found = []
    for line in stderr.splitlines():
        match = _DIAGNOSTIC.match(line)
        if match:
            found.append(
                Diagnostic(
                    file=match["file"],
                    line=int(match["line"]),
                    column=int(match["column"]),
                    severity=match["severity"],
                    message=match["message"],
                )
            )
    return found


def _is_executable(path: str) -> bool:
    return os.path.isfile(path) and os.access(path, os.X_OK)


def find_lmhead_opt() -> str:
    """Returns the path of the lmhead-opt executable to run.

    Looks in this order:

    1. the environment variable ``LMHEAD_OPT``; when it is set it must name
       an executable, and nothing else is tried;
    2. the lmhead-opt of the build or install tree this package came from
       (recorded by CMake in ``lmhead/_config.py``);
    3. ``lmhead-opt`` on ``PATH``.

    Raises:
        ToolNotFoundError: if none of these gives an executable.
    """
    override = settings.get(ENV_VAR)
    if override:
        if _is_executable(override):
            return override
        raise ToolNotFoundError(
            f"{ENV_VAR}={override!r} is not an executable file"
        )
    configured = configured_path("LMHEAD_OPT")
    if configured and _is_executable(configured):
        return configured
    on_path = shutil.which(TOOL_NAME)
    if on_path:
        return on_path
    raise ToolNotFoundError(
        f"cannot find {TOOL_NAME}: set {ENV_VAR}, or put it on PATH"
        + (f" (the build recorded {configured})" if configured else "")
    )


_identities: Dict[Tuple[str, int, int], Dict[str, str]] = {}


def build_identity(executable: Optional[str] = None) -> Dict[str, str]:
    """The build identity of lmhead-opt (``executable``, or the one
    :func:`find_lmhead_opt` finds), as its ``--version`` prints it and as
    it writes it into every bundle's manifest ("producer"):
    ``{"lmhead": version, "revision": git commit, "binary": "xxh3:...",
    "llvm": version}``. Asked once per executable file (its path, size and
    modification time), so a rebuilt lmhead-opt is asked again.

    Raises:
        ToolNotFoundError: lmhead-opt cannot be found.
        CompileError: it does not print an identity (a build older than
            this package).
    """
    path = os.path.realpath(executable or find_lmhead_opt())
    status = os.stat(path)
    key = (path, status.st_size, status.st_mtime_ns)
    if key in _identities:
        return dict(_identities[key])
    command = [path, "--version"]
    try:
        completed = subprocess.run(command, capture_output=True, text=True,
                                   encoding="utf-8", check=False,
                                   timeout=compile_timeout())
    except subprocess.TimeoutExpired:
        raise CompileError(command, -9, "lmhead-opt --version did not "
                           "answer within LMHEAD_COMPILE_TIMEOUT") from None
    lines = completed.stdout.splitlines()
    heading = [i for i, line in enumerate(lines)
               if re.fullmatch(r"lmhead \d+\.\d+\.\d+", line)]
    identity: Dict[str, str] = {}
    if heading:
        identity["lmhead"] = lines[heading[0]].split()[1]
        for line in lines[heading[0] + 1:heading[0] + 4]:
            name, _, value = line.strip().partition(": ")
            identity[name.lower()] = value
    if completed.returncode != 0 or set(identity) != {
            "lmhead", "revision", "binary", "llvm"}:
        raise CompileError(command, completed.returncode,
                           "lmhead-opt --version gave no build identity "
                           "(lmhead, revision, binary and LLVM lines); it is "
                           "older than this package:\n" + completed.stdout +
                           completed.stderr)
    _identities[key] = identity
    return dict(identity)


def _format_option(name: str, value: OptionValue) -> str:
    if not _OPTION_NAME.fullmatch(name):
        raise ValueError(f"invalid pass option name {name!r}")
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, (str, int, float)):
        text = str(value)
    else:
        text = ",".join(str(item) for item in value)
    if not text or '"' in text or "\n" in text:
        raise ValueError(
            f"value of pass option {name!r} must be non-empty and free of "
            f"double quotes and newlines, got {text!r}"
        )
    # A value with spaces, braces or single quotes (a cache folder's path)
    # is passed in double quotes, which MLIR's option parser removes.
    if re.search(r"[\s{}']", text):
        text = f'"{text}"'
    return f"{name}={text}"


def _pipeline_flag(
    pipeline: str, options: Optional[Mapping[str, OptionValue]]
) -> str:
    if not isinstance(pipeline, str) or not _PASS_NAME.fullmatch(pipeline):
        raise ValueError(
            f"expected the name of a registered pass or pipeline such as "
            f"'lmhead-decompose', got {pipeline!r}; pass-pipeline strings "
            f"are not accepted, register a pipeline in C++ instead"
        )
    flag = f"--{pipeline}"
    if options:
        flag += "=" + " ".join(
            _format_option(name, value) for name, value in options.items()
        )
    return flag


def compile_timeout() -> float:
    """Seconds one lmhead-opt run may take (``LMHEAD_COMPILE_TIMEOUT``,
    default 900): a hung lmhead-opt ends in a CompileError instead of
    holding the caller, and the kernel cache's locks, forever."""
    text = settings.get("LMHEAD_COMPILE_TIMEOUT", "900")
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not seconds > 0:
        raise ValueError(f"LMHEAD_COMPILE_TIMEOUT={text!r}: expected a "
                         f"positive number of seconds")
    return seconds


def _run(mlir_text: str, args: Sequence[str],
         executable: Optional[str] = None) -> str:
    command = [executable or find_lmhead_opt(), *args, "-"]
    timeout = compile_timeout()
    try:
        completed = subprocess.run(
            command,
            input=mlir_text,
            capture_output=True,
            text=True,
            encoding="utf-8",
            check=False,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired as expired:
        raise CompileError(
            command, -9,
            f"lmhead-opt did not finish within {timeout:g} s and was "
            f"stopped (LMHEAD_COMPILE_TIMEOUT sets the limit)\n"
            + (expired.stderr.decode("utf-8", "replace")
               if isinstance(expired.stderr, bytes)
               else expired.stderr or "")) from None
    if completed.returncode != 0:
        raise CompileError(command, completed.returncode, completed.stderr)
    # Remarks and warnings of a successful run (e.g. why a pattern was not
    # rewritten) go to the "lmhead" logger rather than being dropped.
    for diagnostic in parse_diagnostics(completed.stderr):
        level = (
            logging.WARNING
            if diagnostic.severity in ("error", "warning")
            else logging.INFO
        )
        _LOG.log(level, "%s", diagnostic)
    return completed.stdout


def run_pipeline(
    mlir_text: str,
    pipeline: str,
    options: Optional[Mapping[str, OptionValue]] = None,
) -> str:
    """Runs one registered pass or pass pipeline over MLIR text.

    This is ``lmhead-opt --<pipeline>[=<options>] -`` with ``mlir_text`` on
    stdin.

    Args:
        mlir_text: the input module, in MLIR's textual form.
        pipeline: the flag of a pass or pipeline registered with lmhead-opt,
            without the leading dashes, e.g. ``"lmhead-decompose"`` or
            ``"lmhead-cpu-pipeline"``. Textual pass pipelines are rejected:
            a sequence worth naming is registered in C++ as a pipeline.
        options: the pass or pipeline options, e.g. ``{"decompose": False}``
            for ``--lmhead-cpu-pipeline=decompose=false``. Booleans print as
            ``true``/``false``, sequences as comma-separated lists.

    Returns:
        The transformed module as text.

    Raises:
        ValueError: ``pipeline`` is not a pass name, or an option is
            malformed.
        ToolNotFoundError: lmhead-opt cannot be found.
        CompileError: lmhead-opt failed (parse or verifier error, a failing
            pass, an unknown pass or option); it carries the diagnostics and
            the exit status.
    """
    return _run(mlir_text, [_pipeline_flag(pipeline, options)])


def decompose(mlir_text: str) -> str:
    """Rewrites every lmhead op into upstream linalg/tensor/arith/math.

    This is ``run_pipeline(mlir_text, "lmhead-decompose")``: the executable
    definition of the lmhead ops, and the reference every numerical test is
    compared against.

    Raises:
        ToolNotFoundError: lmhead-opt cannot be found.
        CompileError: the input does not parse or verify.
    """
    return run_pipeline(mlir_text, "lmhead-decompose")


def verify(mlir_text: str) -> str:
    """Parses and verifies MLIR text without transforming it.

    Runs lmhead-opt with no pass, so every op verifier (shape, type and
    attribute checks of the lmhead ops and of upstream ops) runs.

    Returns:
        The module printed back by lmhead-opt (round-tripped, in the
        custom assembly form of each op).

    Raises:
        ToolNotFoundError: lmhead-opt cannot be found.
        CompileError: the input does not parse or fails verification; its
            ``diagnostics`` point at the offending op in ``mlir_text``.
    """
    return _run(mlir_text, [])


def write_bundle(
    mlir_text: str,
    directory: str,
    plan_options: Optional[Mapping[str, OptionValue]] = None,
    executable: Optional[str] = None,
) -> None:
    """Plans the lmhead ops of a module and writes their kernel bundle.

    This is ``lmhead-opt --lmhead-plan[=<plan_options>]
    --lmhead-write-bundle=dir=<directory> -o /dev/null -``: the PTX of every
    planned op and a ``manifest.json`` that the runtime's
    ``lmheadBundleLoad`` reads (docs/Runtime.md, "Bundles").

    Args:
        mlir_text: a module holding lmhead ops.
        directory: the folder to write (created when missing); its path may
            hold spaces, but not double quotes or newlines.
        plan_options: options of ``--lmhead-plan``, e.g.
            ``{"target": "sm_90a", "min-tokens": 0}``.
        executable: the lmhead-opt to run (default: :func:`find_lmhead_opt`).

    Raises:
        ValueError: an option or the directory is malformed.
        ToolNotFoundError: lmhead-opt cannot be found.
        CompileError: the module does not verify, or planning or writing
            the bundle failed.
    """
    _run(
        mlir_text,
        [
            _pipeline_flag("lmhead-plan", plan_options),
            _pipeline_flag("lmhead-write-bundle", {"dir": directory}),
            "-o",
            os.devnull,
        ],
        executable,
    )
