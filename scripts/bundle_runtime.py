#!/usr/bin/env python3
"""liblmhead_runtime.so through ctypes, for scripts that run bundles.

The framework C API (runtime/include/lmhead/runtime/Runtime.h) loads a
bundle (PTX + manifest.json), says how much workspace an op needs and runs
one of its ops on device pointers; the mgpu* functions move memory and make
streams. `Runtime(path)` declares the
signatures once; every call's status is checked and a failure raises
RuntimeError with the runtime's own message. Used by the bundle lit test
(test/Conversion/LMHeadToGPU/Inputs/run_bundle.py) and the GPU check
(bench/device/check_kernels.py).
"""
import ctypes

__all__ = ["Runtime"]


class Runtime:
    """The runtime library at `path`, with its C functions declared."""

    def __init__(self, path):
        lib = ctypes.CDLL(path)
        self.lib = lib
        lib.lmheadGetLastErrorMessage.restype = ctypes.c_char_p
        lib.lmheadBundleLoad.argtypes = [ctypes.c_char_p,
                                         ctypes.POINTER(ctypes.c_void_p)]
        lib.lmheadBundleRun.argtypes = [
            ctypes.c_void_p, ctypes.c_char_p,
            ctypes.POINTER(ctypes.c_ulonglong), ctypes.c_ulonglong,
            ctypes.c_void_p]
        lib.lmheadBundleWorkspaceSize.argtypes = [
            ctypes.c_void_p, ctypes.c_char_p,
            ctypes.POINTER(ctypes.c_ulonglong), ctypes.c_ulonglong,
            ctypes.POINTER(ctypes.c_ulonglong)]
        lib.lmheadBundleUnload.argtypes = [ctypes.c_void_p]
        lib.mgpuMemAlloc.restype = ctypes.c_void_p
        lib.mgpuMemAlloc.argtypes = [ctypes.c_uint64, ctypes.c_void_p,
                                     ctypes.c_bool]
        lib.mgpuMemFree.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
        lib.mgpuMemcpy.argtypes = [ctypes.c_void_p, ctypes.c_void_p,
                                   ctypes.c_size_t, ctypes.c_void_p]
        lib.mgpuStreamCreate.restype = ctypes.c_void_p
        lib.mgpuStreamSynchronize.argtypes = [ctypes.c_void_p]
        lib.mgpuStreamDestroy.argtypes = [ctypes.c_void_p]

    def check(self, status, call):
        """Raises RuntimeError naming `call` when `status` is not 0."""
        if status != 0:
            raise RuntimeError(
                f"{call} failed ({status}): "
                f"{self.lib.lmheadGetLastErrorMessage().decode()}")

    def load(self, directory):
        """The handle of the bundle in `directory`."""
        bundle = ctypes.c_void_p()
        self.check(self.lib.lmheadBundleLoad(directory.encode(),
                                             ctypes.byref(bundle)),
                   f"lmheadBundleLoad({directory})")
        return bundle

    def run(self, bundle, op, operands, stream):
        """Runs `op` of `bundle` on the 64-bit `operands` on `stream`."""
        array = (ctypes.c_ulonglong * len(operands))(*operands)
        self.check(self.lib.lmheadBundleRun(bundle, op.encode(), array,
                                            len(operands),
                                            ctypes.c_void_p(stream)),
                   f"lmheadBundleRun({op})")

    def workspace_size(self, bundle, op, operands):
        """The bytes of workspace `op` of `bundle` needs for `operands` (the
        run's operands; only its integer sizes are read)."""
        array = (ctypes.c_ulonglong * len(operands))(*operands)
        size = ctypes.c_ulonglong()
        self.check(self.lib.lmheadBundleWorkspaceSize(
            bundle, op.encode(), array, len(operands), ctypes.byref(size)),
            f"lmheadBundleWorkspaceSize({op})")
        return size.value

    def unload(self, bundle):
        """Releases `bundle`."""
        self.check(self.lib.lmheadBundleUnload(bundle), "lmheadBundleUnload")
