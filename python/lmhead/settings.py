"""lmhead's settings from the environment, read once.

The package reads these variables of ``os.environ`` (docs/Python.md says
what each does) the first time any of them is needed, and keeps what it
read: a hot path (the op's every call asks whether it runs on the
emulator, which schedule to use, whether to check labels) does not read
the environment again, and one process sees one consistent set of
settings. :func:`reload` reads them again, for a program (or a test) that
changes them after lmhead has started.
"""

from __future__ import annotations

import os
import threading
from typing import Dict, Optional

__all__ = ["VARIABLES", "get", "reload"]

#: Every variable the package reads.
VARIABLES = (
    "LMHEAD_RUNTIME_LIBRARY",     # the runtime library to load
    "LMHEAD_OPT",                 # the lmhead-opt to compile with
    "LMHEAD_COMPILE_TIMEOUT",     # seconds one lmhead-opt run may take
    "LMHEAD_CACHE_DIR",           # where compiled bundles are kept
    "XDG_CACHE_HOME",             # the cache's default parent
    "LMHEAD_DEVICE",              # "emulator": CPU tensors on the emulator
    "LMHEAD_TARGET",              # sm_80 or sm_90a instead of the device's
    "LMHEAD_SCHEDULE",            # auto, one-pass or two-pass, for every call
    "LMHEAD_DISTRIBUTED_CHECKS",  # "1": ranks compare their batches
    "LMHEAD_CHECK_LABELS",        # async, sync or off
)

_lock = threading.Lock()
_values: Optional[Dict[str, str]] = None


def reload() -> None:
    """Reads every variable of :data:`VARIABLES` from the environment
    again."""
    global _values
    with _lock:
        _values = {name: os.environ[name] for name in VARIABLES
                   if name in os.environ}


def get(name: str, default: Optional[str] = None) -> Optional[str]:
    """The value ``name`` had when the settings were read (at the first
    call, or the last :func:`reload`), or ``default`` when it was unset."""
    if name not in VARIABLES:
        raise KeyError(f"{name} is not one of lmhead's settings")
    if _values is None:
        reload()
    return _values.get(name, default)
