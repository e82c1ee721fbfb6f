#!/usr/bin/env python3
"""liblmhead_runtime.so through ctypes, for scripts that run bundles.

The scripts of the source tree (the bundle lit test's
test/Conversion/LMHeadToGPU/Inputs/run_bundle.py, bench/device/ and
bench/emulator/) use the package's own binding, `lmhead.runtime.Runtime`,
from python/ in this tree: `Runtime(path)` declares the C API's signatures
once, and a failing call raises a RuntimeError (RuntimeLibraryError) with
the runtime's own message.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "python"))
from lmhead.runtime import Runtime  # noqa: E402

__all__ = ["Runtime"]
