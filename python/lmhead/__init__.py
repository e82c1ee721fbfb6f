"""lmhead: the LM-head backward compiler, from Python.

At this stage the package drives the ``lmhead-opt`` tool: it runs registered
passes and pipelines over MLIR text and turns the tool's diagnostics into
Python exceptions.

    >>> import lmhead
    >>> text = lmhead.verify(module_text)          # parse + verify
    >>> reference = lmhead.decompose(module_text)  # --lmhead-decompose
    >>> llvm = lmhead.run_pipeline(module_text, "lmhead-cpu-pipeline")

See ``lmhead.compiler`` for how lmhead-opt is found (``LMHEAD_OPT``, the
build or install tree, ``PATH``).
"""

from . import compiler
from .compiler import (
    CompileError,
    Diagnostic,
    ToolNotFoundError,
    build_identity,
    decompose,
    find_lmhead_opt,
    parse_diagnostics,
    run_pipeline,
    verify,
    write_bundle,
)

__version__ = "0.1.0"

__all__ = list(compiler.__all__)
