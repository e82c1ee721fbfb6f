"""Where the build, install tree or wheel put lmhead's executables.

CMake writes ``lmhead/_config.py`` beside the package (python/CMakeLists.txt)
with the paths of lmhead-opt and liblmhead_runtime: absolute in the build
tree, relative to the package once installed, so that an install prefix or
a wheel can be moved. The source tree has no ``_config.py``.
"""

from __future__ import annotations

import os
from typing import Optional

__all__ = ["configured_path"]


def configured_path(name: str) -> Optional[str]:
    """The path ``_config.py`` records as ``name`` (``LMHEAD_OPT``,
    ``LMHEAD_RUNTIME``), made absolute; None when there is none."""
    try:
        from . import _config  # written by CMake; absent in the source tree
    except ImportError:
        return None
    recorded = getattr(_config, name, None)
    if not recorded:
        return None
    here = os.path.dirname(os.path.abspath(__file__))
    return os.path.normpath(os.path.join(here, recorded))
