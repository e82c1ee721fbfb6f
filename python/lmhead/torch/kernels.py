"""lmhead's GPU kernels for the PyTorch op: compiled once, cached, launched.

For one problem kind (target, element types, layout, loss options, D, V,
bias or not) :func:`bundle_for` writes a module holding a
``lmhead.ce_linear_fwd`` and a ``lmhead.ce_linear_grad`` with the token
count dynamic, runs the packaged ``lmhead-opt --lmhead-plan
--lmhead-write-bundle`` on it once, keeps the bundle on disk (keyed by the
lmhead version and that module's text) and loads it once per process. Any
token count then runs on the same kernels. The training step's bundle
holds a ``lmhead.ce_linear_step`` (the one-pass schedule), also for any
token count; by default it is the forward and backward of one head in one
function, which the planner makes a step where its cost model predicts the
step faster.

:func:`run` launches one op of a bundle on torch tensors:

- CUDA tensors run on the GPU, on torch's current stream, with the outputs
  and the workspace from torch's allocator: no allocation by the runtime, no
  host synchronisation, so a run may be captured in a CUDA graph;
- CPU tensors run on the PTX emulator (``LMHEAD_DEVICE=emulator``): the
  same bundles, on copies of the tensors in the emulator's device memory.

Environment: ``LMHEAD_CACHE_DIR`` (default ``$XDG_CACHE_HOME/lmhead`` or
``~/.cache/lmhead``), ``LMHEAD_TARGET`` (``sm_80`` or ``sm_90a``: overrides
the target chosen from the device; the emulator's default is sm_80).
"""

from __future__ import annotations

import ctypes
import math
import threading
from dataclasses import dataclass
from typing import Dict, Mapping, Optional, Tuple

import torch

from ..kernel_cache import (SCHEDULES, TARGETS, BundleCompileError,
                            ProblemKind, compile_bundle, compiled_count)
from .. import settings
from ..loss_options import LossOptions
from ..runtime import BundleOp, Runtime

__all__ = ["KernelError", "Bundle", "bind_device", "bundle_for", "kind_of",
           "run", "target_for", "uses_emulator", "stats"]

_ELEMENT = {torch.bfloat16: "bf16", torch.float16: "f16",
            torch.float32: "f32", torch.int64: "i64", torch.int32: "i32"}


class KernelError(RuntimeError):
    """The kernels could not be compiled, loaded or run; the message says
    which step failed and carries lmhead-opt's or the runtime's own
    diagnostic."""


def constant_for_compile(fn):
    """``fn`` (of no tensor arguments) marked for torch.compile as a
    constant of the graph: called once while the graph is traced, not
    traced into (lmhead's settings are read under a lock, which Dynamo
    cannot enter, and once per process anyway)."""
    mark = getattr(torch.compiler, "assume_constant_result", None)
    return mark(fn) if mark else fn


@constant_for_compile
def uses_emulator() -> bool:
    """True when CPU tensors run on the PTX emulator
    (``LMHEAD_DEVICE=emulator``)."""
    return settings.get("LMHEAD_DEVICE", "") == "emulator"


def bind_device(device: torch.device) -> None:
    """Makes the runtime drive ``device`` when it is the first CUDA device
    the op meets in this process (before anything is compiled, loaded or
    launched), and refuses any other CUDA device after that: a process
    drives one GPU, as torchrun's one process per GPU does (each rank's
    tensors on its ``cuda:LOCAL_RANK``)."""
    global _bound_device
    if device.type != "cuda" or uses_emulator():
        return
    index = device.index if device.index is not None \
        else torch.cuda.current_device()
    with _lock:
        if _bound_device is None:
            # Read when the runtime creates its CUDA backend, on the first
            # bundle load (none has happened while nothing is bound).
            _get_runtime().lib.mgpuSetDefaultDevice(index)
            _bound_device = index
        elif index != _bound_device:
            raise KernelError(
                f"tensors on cuda:{index}, but lmhead's runtime in this "
                f"process drives cuda:{_bound_device}, the device of the "
                f"first tensors it ran on: one process drives one GPU (run "
                f"one process per GPU, as torchrun does)")


def target_for(device: torch.device) -> str:
    """The kernel target for ``device``: sm_90a on Hopper (sm_90), sm_80 on
    Ampere, Ada and later GPUs (whose drivers JIT sm_80 PTX), sm_80 on the
    emulator; ``LMHEAD_TARGET`` overrides. Binds the runtime to ``device``
    first (:func:`bind_device`)."""
    bind_device(device)
    override = settings.get("LMHEAD_TARGET")
    if override:
        if override not in TARGETS:
            raise KernelError(f"LMHEAD_TARGET={override!r}: expected one of "
                              f"{', '.join(TARGETS)}")
        return override
    if device.type != "cuda":
        return "sm_80"
    major, minor = torch.cuda.get_device_capability(device)
    if major < 8:
        raise KernelError(
            f"{torch.cuda.get_device_name(device)} (sm_{major}{minor}) is not "
            "supported: lmhead's kernels need sm_80 or newer (Ampere, Ada, "
            "Hopper)")
    return "sm_90a" if (major, minor) == (9, 0) else "sm_80"


def kind_of(h: torch.Tensor, weight: torch.Tensor, target: torch.Tensor,
            bias: Optional[torch.Tensor], opts: LossOptions,
            kernel_target: str, schedule: str = "two-pass",
            statistics: bool = False,
            weight_grad_scale: bool = False,
            accumulate_dw: bool = False) -> ProblemKind:
    """The problem kind of these tensors: the bundle of ``schedule``
    (ProblemKind.schedule), whose gradients come with the gradient
    statistics with ``statistics``, scaled (dW and db) by a ``dw_scale``
    operand with ``weight_grad_scale``, and (the backward's dW) added to
    the gradient its ``dw`` buffer holds with ``accumulate_dw``."""
    vocab = weight.shape[0] if opts.weight_layout == "vd" else \
        weight.shape[1]
    # Plain ints: under torch.compile (a fake implementation) the sizes
    # may be symbolic, and a kind fixes D and V (a guard of the graph).
    return ProblemKind(kernel_target, _ELEMENT[h.dtype],
                       _ELEMENT[target.dtype], int(h.shape[1]), int(vocab),
                       bias is not None, opts, schedule, statistics,
                       weight_grad_scale, accumulate_dw)


@dataclass
class Bundle:
    """A loaded bundle: its directory, handle and ops by kind
    (``ce_linear_fwd`` and ``ce_linear_grad``, or ``ce_linear_step``), as
    the runtime describes them. An ``auto`` bundle holds the step where
    the planner chose it (:meth:`has_step`)."""

    directory: str
    handle: ctypes.c_void_p
    ops: Dict[str, BundleOp]

    def has_step(self) -> bool:
        """Whether the bundle holds the one-pass ``ce_linear_step``."""
        return "ce_linear_step" in self.ops


_lock = threading.Lock()
_runtime: Optional[Runtime] = None
_loaded: Dict[ProblemKind, Bundle] = {}
#: The CUDA device the runtime drives in this process (its primary
#: context), bound by the first CUDA tensors the op runs on.
_bound_device: Optional[int] = None


class _Stats(dict):
    """Counters the tests read: bundles compiled by lmhead-opt in this
    process ("compiled"), bundles loaded ("loaded") and op runs ("runs")."""

    def __getitem__(self, key):
        if key == "compiled":
            return compiled_count[0]
        return super().__getitem__(key)


stats = _Stats(loaded=0, runs=0)


def _get_runtime() -> Runtime:
    global _runtime
    if _runtime is None:
        try:
            _runtime = Runtime()
        except RuntimeError as error:
            raise KernelError(f"cannot load lmhead's runtime library: "
                              f"{error}") from error
    return _runtime


def bundle_for(kind: ProblemKind) -> Bundle:
    """The loaded bundle of ``kind``, compiled and loaded on first use."""
    with _lock:
        bundle = _loaded.get(kind)
        if bundle is not None:
            return bundle
        try:
            directory = compile_bundle(kind)
        except BundleCompileError as error:
            raise KernelError(str(error)) from error
        runtime = _get_runtime()
        try:
            handle = runtime.load(directory)
            ops = {op.kind: op for op in runtime.ops(handle)}
        except RuntimeError as error:
            raise KernelError(str(error)) from error
        step, two_pass = {"ce_linear_step"}, {"ce_linear_fwd",
                                              "ce_linear_grad"}
        wanted = {"one-pass": step, "two-pass": two_pass}.get(
            kind.schedule, step if step <= ops.keys() else two_pass)
        missing = wanted - ops.keys()
        if missing:
            runtime.unload(handle)
            raise KernelError(f"the bundle in {directory} lacks "
                              f"{', '.join(sorted(missing))}")
        stats["loaded"] += 1
        bundle = _loaded[kind] = Bundle(directory, handle, ops)
        return bundle


class _EmulatorMemory:
    """Copies of CPU tensors in the emulator's device memory."""

    def __init__(self, runtime: Runtime):
        self.runtime = runtime
        self.stream = _emulator_stream(runtime)
        self.pointers = []

    def alloc(self, size: int) -> int:
        pointer = self.runtime.alloc(size)
        if pointer:
            self.pointers.append(pointer)
        return pointer

    def upload(self, tensor: torch.Tensor) -> int:
        pointer = self.alloc(tensor.numel() * tensor.element_size())
        if pointer:
            self.runtime.copy(pointer, tensor.data_ptr(),
                              tensor.numel() * tensor.element_size(),
                              self.stream)
        return pointer

    def download(self, pointer: int, tensor: torch.Tensor) -> None:
        if pointer:
            self.runtime.copy(tensor.data_ptr(), pointer,
                              tensor.numel() * tensor.element_size(),
                              self.stream)

    def release(self) -> None:
        """Frees every copy, also after a failure (the caller's finally).
        The synchronisation raises a kernel's failure (with
        LMHEAD_EMULATOR_ORDER=adversarial the kernels run only then); the
        copies are freed all the same."""
        pointers, self.pointers = self.pointers, []
        try:
            self.runtime.synchronize(self.stream)
        finally:
            for pointer in pointers:
                self.runtime.free(pointer)


_emulator_streams: Dict[int, int] = {}


def _emulator_stream(runtime: Runtime) -> int:
    key = id(runtime)
    if key not in _emulator_streams:
        _emulator_streams[key] = runtime.create_stream()
    return _emulator_streams[key]


def _check_tensors(runtime: Runtime, bundle: Bundle, entry: BundleOp,
                   tensors: Mapping[str, torch.Tensor],
                   operands: list) -> None:
    """Holds each tensor to what the runtime says op ``entry`` reads or
    writes through it for these sizes: its element type and its number of
    elements (the kernels trust the pointers they are given)."""
    for position, operand in enumerate(entry.operands):
        tensor = tensors.get(operand.name)
        if tensor is None:
            continue
        want = runtime.operand_shape(bundle.handle, entry, position, operands)
        element = _ELEMENT.get(tensor.dtype, str(tensor.dtype))
        if element != operand.element or tensor.numel() != math.prod(want):
            raise KernelError(
                f"op {entry.name} of {bundle.directory}: operand "
                f"{operand.name!r} is {element}{list(tensor.shape)} but the "
                f"op takes {operand.element}{list(want)}")


def run(bundle: Bundle, op: str, inputs: Mapping[str, torch.Tensor],
        outputs: Mapping[str, torch.Tensor], tokens: int) -> None:
    """Runs op ``op`` (``ce_linear_fwd``, ``ce_linear_grad`` or
    ``ce_linear_step``) of
    ``bundle`` on tensors named as the manifest's operands (contiguous, on
    one device), writing ``outputs`` in place; ``tokens`` is the dynamic
    token count ``n``. An output given as None (a gradient nobody wants:
    ``dh``, ``dw``, ``db``) is passed as a null pointer, and the runtime
    skips the kernels that make it. An output the manifest says the op
    accumulates into (``"accumulates": true``) holds, when the run starts,
    the gradient to add to."""
    entry = bundle.ops[op]
    name = entry.name
    runtime = _get_runtime()
    skipped = {key for key, tensor in outputs.items() if tensor is None}
    accumulated = {o.name for o in entry.operands if o.accumulates}
    outputs = {key: t for key, t in outputs.items() if t is not None}
    tensors = dict(inputs, **outputs)
    device = next(iter(tensors.values())).device
    if device.type == "cuda" and uses_emulator():
        raise KernelError(f"LMHEAD_DEVICE=emulator runs the kernels on CPU "
                          f"tensors; these are on {device}")
    if device.type == "cuda":
        bind_device(device)
    operands = []
    workspace = {}
    for operand in entry.operands:
        if operand.kind == "tensor" and (operand.name in tensors or
                                         operand.name in skipped):
            # Until the pointers are known, a placeholder: the workspace's
            # size reads which gradients are left out (null).
            operands.append(int(operand.name in tensors))
        elif operand.kind == "size" and operand.name == "n":
            operands.append(tokens)
        elif operand.kind in ("workspace", "workspace_bytes"):
            workspace[operand.kind] = operand.name
            operands.append(0)
        else:
            raise KernelError(f"op {name} of {bundle.directory} takes an "
                              f"operand {operand.name!r} ({operand.kind}) "
                              "that the op cannot give")
    index = {o.name: i for i, o in enumerate(entry.operands)}
    unknown = sorted(tensors.keys() - index.keys())
    if unknown:
        raise KernelError(f"op {name} of {bundle.directory} takes no operand "
                          f"{', '.join(map(repr, unknown))}")
    try:
        _check_tensors(runtime, bundle, entry, tensors, operands)
        size = runtime.workspace_size(bundle.handle, name, operands)
        if device.type == "cuda":
            for key, tensor in tensors.items():
                operands[index[key]] = tensor.data_ptr()
            scratch = torch.empty(size, dtype=torch.uint8, device=device)
            if workspace:
                operands[index[workspace["workspace"]]] = scratch.data_ptr()
                operands[index[workspace["workspace_bytes"]]] = size
            stream = torch.cuda.current_stream(device).cuda_stream
            runtime.run(bundle.handle, name, operands, stream)
        else:
            memory = _EmulatorMemory(runtime)
            try:
                for key, tensor in inputs.items():
                    operands[index[key]] = memory.upload(tensor)
                for key, tensor in outputs.items():
                    # A result the op accumulates into starts from what the
                    # tensor holds.
                    if key in accumulated:
                        operands[index[key]] = memory.upload(tensor)
                    else:
                        operands[index[key]] = memory.alloc(
                            tensor.numel() * tensor.element_size())
                if workspace:
                    operands[index[workspace["workspace"]]] = memory.alloc(
                        size)
                    operands[index[workspace["workspace_bytes"]]] = size
                runtime.run(bundle.handle, name, operands, memory.stream)
                for key, tensor in outputs.items():
                    memory.download(operands[index[key]], tensor)
            finally:
                memory.release()
    except RuntimeError as error:
        if isinstance(error, KernelError):
            raise
        raise KernelError(f"running {name} of {bundle.directory}: "
                          f"{error}") from error
    stats["runs"] += 1
