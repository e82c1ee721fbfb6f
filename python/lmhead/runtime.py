"""liblmhead_runtime.so through ctypes: load kernel bundles and run their ops.

The runtime's framework C API (``runtime/include/lmhead/runtime/Runtime.h``)
loads a *bundle* (PTX files and a ``manifest.json`` written by
``lmhead-opt --lmhead-write-bundle``), says how much workspace an op needs
and runs one op on device pointers and a stream. Its ``mgpu*`` functions
allocate device memory, copy and make streams; the emulator backend
(``LMHEAD_DEVICE=emulator``) runs the same kernels on the CPU.

:class:`Runtime` declares every signature once and turns a failing status
into a :class:`RuntimeLibraryError` carrying the runtime's own message.
Nothing here needs PyTorch.
"""

from __future__ import annotations

import ctypes
import os
from typing import List, NamedTuple, Optional, Sequence, Tuple

from . import settings
from ._paths import configured_path

__all__ = [
    "BundleOp",
    "Operand",
    "Runtime",
    "RuntimeLibraryError",
    "find_runtime_library",
    "STATUS_NAMES",
]

#: Environment variable naming the runtime library to load instead.
ENV_VAR = "LMHEAD_RUNTIME_LIBRARY"
LIBRARY_NAME = "liblmhead_runtime.so"

#: LMHeadStatus values, as Runtime.h numbers them.
STATUS_NAMES = {
    0: "LMHEAD_STATUS_OK",
    1: "LMHEAD_STATUS_INVALID_ARGUMENT",
    2: "LMHEAD_STATUS_INVALID_SETTING",
    3: "LMHEAD_STATUS_UNAVAILABLE",
    4: "LMHEAD_STATUS_DRIVER_NOT_FOUND",
    5: "LMHEAD_STATUS_DRIVER_ERROR",
    6: "LMHEAD_STATUS_NO_DEVICE",
    7: "LMHEAD_STATUS_INVALID_BUNDLE",
    8: "LMHEAD_STATUS_NOT_FOUND",
    9: "LMHEAD_STATUS_EMULATOR_ERROR",
    10: "LMHEAD_STATUS_INTERNAL_ERROR",
}


#: LMHeadOperandKind values, as Runtime.h numbers them.
OPERAND_KINDS = {0: "tensor", 1: "size", 2: "workspace",
                 3: "workspace_bytes", 4: "undescribed"}


class Operand(NamedTuple):
    """One operand of a bundle's op, as the runtime describes it: ``kind``
    is "tensor" (a device pointer; ``element`` and ``rank`` say what it
    holds, ``accumulates`` whether the op adds to it), "size" (an integer
    the launches follow, such as the token count ``n``), "workspace",
    "workspace_bytes", or "undescribed" (a manifest without "tensors")."""

    name: str
    kind: str
    element: str
    rank: int
    accumulates: bool


class BundleOp(NamedTuple):
    """An op of a loaded bundle: its name, its kind (``ce_linear_fwd``,
    ...) and its operands in :meth:`Runtime.run`'s order."""

    name: str
    kind: str
    operands: Tuple[Operand, ...]


class _OperandInfo(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("kind", ctypes.c_int),
                ("element", ctypes.c_char_p), ("rank", ctypes.c_uint),
                ("accumulates", ctypes.c_int)]


class RuntimeLibraryError(RuntimeError):
    """A runtime call failed, or the library cannot be found or loaded.

    Attributes:
        call: the C function (and its subject) that failed.
        status: its LMHeadStatus value (None when the library itself could
            not be loaded).
        message: the runtime's message (``lmheadGetLastErrorMessage``).
    """

    def __init__(self, call: str, status: Optional[int], message: str):
        self.call, self.status, self.message = call, status, message
        name = STATUS_NAMES.get(status, str(status)) if status is not None \
            else None
        super().__init__(f"{call} failed" + (f" [{name}]" if name else "")
                         + f": {message}")


def find_runtime_library() -> str:
    """The path of liblmhead_runtime.so to load.

    ``$LMHEAD_RUNTIME_LIBRARY`` when set (it must name a file), else the
    library of the build, install tree or wheel this package came from.
    """
    override = settings.get(ENV_VAR)
    if override:
        if os.path.isfile(override):
            return override
        raise RuntimeLibraryError(
            "find_runtime_library", None,
            f"{ENV_VAR}={override!r} is not a file")
    configured = configured_path("LMHEAD_RUNTIME")
    if configured and os.path.isfile(configured):
        return configured
    raise RuntimeLibraryError(
        "find_runtime_library", None,
        f"cannot find {LIBRARY_NAME}: set {ENV_VAR}, or install the package "
        "with `pip install .`"
        + (f" (the build recorded {configured})" if configured else ""))


class Runtime:
    """The runtime library at ``path`` (default: :func:`find_runtime_library`)
    with its C functions declared."""

    def __init__(self, path: Optional[str] = None):
        self.path = path or find_runtime_library()
        try:
            lib = ctypes.CDLL(self.path)
        except OSError as error:
            raise RuntimeLibraryError(f"loading {self.path}", None,
                                      str(error)) from error
        self.lib = lib
        u64p = ctypes.POINTER(ctypes.c_ulonglong)
        lib.lmheadGetLastErrorMessage.restype = ctypes.c_char_p
        lib.lmheadGetVersionString.restype = ctypes.c_char_p
        lib.lmheadGetBuildRevision.restype = ctypes.c_char_p
        lib.lmheadBundleLoad.argtypes = [ctypes.c_char_p,
                                         ctypes.POINTER(ctypes.c_void_p)]
        lib.lmheadBundleRun.argtypes = [ctypes.c_void_p, ctypes.c_char_p,
                                        u64p, ctypes.c_ulonglong,
                                        ctypes.c_void_p]
        lib.lmheadBundleWorkspaceSize.argtypes = [
            ctypes.c_void_p, ctypes.c_char_p, u64p, ctypes.c_ulonglong, u64p]
        lib.lmheadBundleUnload.argtypes = [ctypes.c_void_p]
        charpp = ctypes.POINTER(ctypes.c_char_p)
        lib.lmheadBundleOpCount.argtypes = [ctypes.c_void_p, u64p]
        lib.lmheadBundleOpInfo.argtypes = [ctypes.c_void_p,
                                           ctypes.c_ulonglong, charpp,
                                           charpp, u64p]
        lib.lmheadBundleOperand.argtypes = [
            ctypes.c_void_p, ctypes.c_char_p, ctypes.c_ulonglong,
            ctypes.POINTER(_OperandInfo)]
        lib.lmheadBundleOperandShape.argtypes = [
            ctypes.c_void_p, ctypes.c_char_p, ctypes.c_ulonglong, u64p,
            ctypes.c_ulonglong, ctypes.POINTER(ctypes.c_longlong)]
        # The mgpu* functions MLIR programs call, for scripts and tests that
        # drive the runtime as such a program does (they end the process on
        # failure; the lmhead* functions below return a status).
        lib.mgpuMemAlloc.restype = ctypes.c_void_p
        lib.mgpuMemAlloc.argtypes = [ctypes.c_uint64, ctypes.c_void_p,
                                     ctypes.c_bool]
        lib.mgpuMemFree.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
        lib.mgpuMemcpy.argtypes = [ctypes.c_void_p, ctypes.c_void_p,
                                   ctypes.c_size_t, ctypes.c_void_p]
        lib.mgpuStreamCreate.restype = ctypes.c_void_p
        lib.mgpuStreamSynchronize.argtypes = [ctypes.c_void_p]
        lib.mgpuStreamDestroy.argtypes = [ctypes.c_void_p]
        lib.mgpuSetDefaultDevice.argtypes = [ctypes.c_int32]
        voidpp = ctypes.POINTER(ctypes.c_void_p)
        lib.lmheadDeviceAlloc.argtypes = [ctypes.c_ulonglong, voidpp]
        lib.lmheadDeviceFree.argtypes = [ctypes.c_void_p]
        lib.lmheadDeviceCopy.argtypes = [ctypes.c_void_p, ctypes.c_void_p,
                                         ctypes.c_ulonglong, ctypes.c_void_p]
        lib.lmheadStreamCreate.argtypes = [voidpp]
        lib.lmheadStreamSynchronize.argtypes = [ctypes.c_void_p]
        lib.lmheadStreamDestroy.argtypes = [ctypes.c_void_p]

    @property
    def version(self) -> str:
        """The runtime's version string."""
        return self.lib.lmheadGetVersionString().decode()

    @property
    def revision(self) -> str:
        """The source revision the runtime was built from (a git commit,
        "-dirty" with uncommitted changes, or "unknown"); bundles must come
        from an lmhead-opt of the same one."""
        return self.lib.lmheadGetBuildRevision().decode()

    def check(self, status: int, call: str) -> None:
        """Raises :class:`RuntimeLibraryError` naming ``call`` when
        ``status`` is not LMHEAD_STATUS_OK."""
        if status != 0:
            raise RuntimeLibraryError(
                call, status,
                self.lib.lmheadGetLastErrorMessage().decode(errors="replace"))

    def load(self, directory: str) -> ctypes.c_void_p:
        """The handle of the bundle in ``directory`` (JIT-compiled once)."""
        bundle = ctypes.c_void_p()
        self.check(self.lib.lmheadBundleLoad(os.fsencode(directory),
                                             ctypes.byref(bundle)),
                   f"lmheadBundleLoad({directory})")
        return bundle

    def ops(self, bundle) -> List[BundleOp]:
        """Every op of ``bundle``, in the order of their names, with its
        operands as the runtime read them from the manifest."""
        count = ctypes.c_ulonglong()
        self.check(self.lib.lmheadBundleOpCount(bundle, ctypes.byref(count)),
                   "lmheadBundleOpCount")
        ops = []
        for index in range(count.value):
            name, kind = ctypes.c_char_p(), ctypes.c_char_p()
            operand_count = ctypes.c_ulonglong()
            self.check(self.lib.lmheadBundleOpInfo(
                bundle, index, ctypes.byref(name), ctypes.byref(kind),
                ctypes.byref(operand_count)), "lmheadBundleOpInfo")
            operands = []
            for position in range(operand_count.value):
                info = _OperandInfo()
                self.check(self.lib.lmheadBundleOperand(
                    bundle, name.value, position, ctypes.byref(info)),
                    "lmheadBundleOperand")
                operands.append(Operand(
                    info.name.decode(), OPERAND_KINDS.get(info.kind, "?"),
                    info.element.decode(), info.rank,
                    bool(info.accumulates)))
            ops.append(BundleOp(name.value.decode(), kind.value.decode(),
                                tuple(operands)))
        return ops

    def operand_shape(self, bundle, op: BundleOp, index: int,
                      operands: Sequence[int]) -> Tuple[int, ...]:
        """The sizes tensor operand ``index`` of ``op`` must have for a run
        with ``operands`` (only the size operands are read)."""
        rank = op.operands[index].rank
        dims = (ctypes.c_longlong * max(rank, 1))()
        self.check(self.lib.lmheadBundleOperandShape(
            bundle, op.name.encode(), index, self._operand_array(operands),
            len(operands), dims), f"lmheadBundleOperandShape({op.name})")
        return tuple(dims[:rank])

    @staticmethod
    def _operand_array(operands: Sequence[int]):
        return (ctypes.c_ulonglong * max(len(operands), 1))(*operands)

    def run(self, bundle, op: str, operands: Sequence[int],
            stream: int) -> None:
        """Runs ``op`` of ``bundle`` on the 64-bit ``operands`` (device
        pointers and integers, in the manifest's order) on ``stream`` (a
        CUstream as an integer; 0 for the default stream)."""
        self.check(self.lib.lmheadBundleRun(
            bundle, op.encode(), self._operand_array(operands),
            len(operands), ctypes.c_void_p(stream or None)),
            f"lmheadBundleRun({op})")

    def workspace_size(self, bundle, op: str,
                       operands: Sequence[int]) -> int:
        """The bytes of workspace ``op`` of ``bundle`` needs for ``operands``
        (the run's operands; only its integer sizes are read)."""
        size = ctypes.c_ulonglong()
        self.check(self.lib.lmheadBundleWorkspaceSize(
            bundle, op.encode(), self._operand_array(operands),
            len(operands), ctypes.byref(size)),
            f"lmheadBundleWorkspaceSize({op})")
        return size.value

    # Device memory and streams of the runtime's backend (the emulator's
    # when LMHEAD_DEVICE=emulator), each failure raised rather than ending
    # the process as the mgpu* functions MLIR programs call do.

    def alloc(self, size: int) -> int:
        """``size`` bytes of device memory (0 for 0 bytes)."""
        pointer = ctypes.c_void_p()
        self.check(self.lib.lmheadDeviceAlloc(size, ctypes.byref(pointer)),
                   f"lmheadDeviceAlloc({size})")
        return pointer.value or 0

    def free(self, pointer: int) -> None:
        """Frees memory from :meth:`alloc`."""
        self.check(self.lib.lmheadDeviceFree(ctypes.c_void_p(pointer or None)),
                   "lmheadDeviceFree")

    def copy(self, dst: int, src: int, size: int, stream: int) -> None:
        """Copies ``size`` bytes from ``src`` to ``dst`` on ``stream``."""
        self.check(self.lib.lmheadDeviceCopy(
            ctypes.c_void_p(dst or None), ctypes.c_void_p(src or None), size,
            ctypes.c_void_p(stream or None)), f"lmheadDeviceCopy({size})")

    def create_stream(self) -> int:
        """A new stream, as an integer."""
        stream = ctypes.c_void_p()
        self.check(self.lib.lmheadStreamCreate(ctypes.byref(stream)),
                   "lmheadStreamCreate")
        return stream.value or 0

    def synchronize(self, stream: int) -> None:
        """Waits for ``stream``'s work; its faults are raised here."""
        self.check(self.lib.lmheadStreamSynchronize(
            ctypes.c_void_p(stream or None)), "lmheadStreamSynchronize")

    def unload(self, bundle) -> None:
        """Releases ``bundle``; its work must have finished."""
        self.check(self.lib.lmheadBundleUnload(bundle), "lmheadBundleUnload")
