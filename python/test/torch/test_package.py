"""The package finds its own lmhead-opt and runtime library, from a build
tree or from where `pip install .` put them."""

import os
import subprocess

import lmhead
from lmhead import compiler, runtime


def test_tools_are_found_and_match_the_package():
    tool = compiler.find_lmhead_opt()
    library = runtime.find_runtime_library()
    print("lmhead", os.path.dirname(lmhead.__file__), "lmhead-opt", tool,
          "runtime", library)
    assert os.access(tool, os.X_OK)
    assert runtime.Runtime(library).version == lmhead.__version__
    version = subprocess.run([tool, "--version"], capture_output=True,
                             text=True, check=True).stdout
    assert "LLVM" in version
