"""CUTLASS's own examples, built by nvcc and run unmodified on the PTX
emulator through the emulated CUDA driver (runtime/lib/driver, lib/cudart).

NVIDIA's programs are known to run right on hardware; each example checks
its GEMM against its own reference and prints ``Disposition: Passed``.
Example 14 is an Ampere multistage GEMM (TF32 mma.sync, cp.async,
ldmatrix; PTX for compute_80), example 48 a Hopper warp-specialised GEMM
(clusters of 4x2 blocks, TMA multicast, TF32 wgmma, named barriers,
setmaxnreg; PTX for compute_90a), its inputs filled on the device by
cuRAND. The examples come from PyPI's nvidia-cutlass wheel (its
cutlass_library package carries CUTLASS's include tree and examples),
which scripts/run-tests.sh installs into the build's venv (LMHEAD_NO_PIP=1:
skipped). The programs use the shared CUDA runtime (``nvcc -cudart
shared``): the emulated libcudart.so.13 answers them, as NVIDIA's static
runtime checks for NVIDIA's driver (docs/Runtime.md).
"""

import os
import shutil
import subprocess

import pytest

from lmhead.runtime import find_runtime_library

cutlass_library = pytest.importorskip("cutlass_library")

SOURCE = os.path.join(os.path.dirname(cutlass_library.__file__), "source")
NVCC = shutil.which("nvcc") or (
    "/usr/local/cuda/bin/nvcc"
    if os.path.exists("/usr/local/cuda/bin/nvcc") else None)

# name: (example source, architecture, arguments (small, ragged sizes),
# the line the example prints when its reference check passes)
EXAMPLES = {
    "ampere-tf32-multistage": (
        "14_ampere_tf32_tensorop_gemm/ampere_tf32_tensorop_gemm.cu", "80",
        ["--m=200", "--n=136", "--k=72", "--iterations=1"], "Passed"),
    "hopper-warp-specialized": (
        "48_hopper_warp_specialized_gemm/48_hopper_warp_specialized_gemm.cu",
        "90a", ["--m=200", "--n=136", "--k=72", "--iterations=0"],
        "Disposition: Passed"),
}


def emulated_driver_dir():
    """The folder of the emulated libcuda.so.1: <build>/emulated-driver,
    beside the build's runtime library."""
    build = os.path.dirname(os.path.dirname(find_runtime_library()))
    folder = os.path.join(build, "emulated-driver")
    if not os.path.exists(os.path.join(folder, "libcuda.so.1")):
        pytest.skip(f"no emulated libcuda.so.1 in {folder}: only a build "
                    "with the CUDA toolkit's headers and "
                    "LMHEAD_BUILD_EMULATED_DRIVER on (not the wheel) has it")
    return folder


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_cutlass_example_passes_its_reference_check(name, tmp_path):
    if NVCC is None:
        pytest.skip("no nvcc")
    driver = emulated_driver_dir()
    source, arch, arguments, passed = EXAMPLES[name]
    program = tmp_path / name
    # As CUTLASS's CMake builds its examples (NDEBUG, relaxed constexpr),
    # with PTX only: the driver compiles nothing, the emulator runs it.
    subprocess.run(
        [NVCC, "-cudart", "shared", "-std=c++17", "-O2", "-DNDEBUG",
         "--expt-relaxed-constexpr", "-w",
         f"-gencode=arch=compute_{arch},code=compute_{arch}",
         "-I", os.path.join(SOURCE, "include"),
         "-I", os.path.join(SOURCE, "tools", "util", "include"),
         "-I", os.path.join(SOURCE, "examples", "common"),
         os.path.join(SOURCE, "examples", source), "-o", str(program)],
        check=True, capture_output=True, timeout=900)
    result = subprocess.run(
        [str(program), *arguments],
        env=dict(os.environ, LD_LIBRARY_PATH=driver),
        capture_output=True, text=True, timeout=900)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-3000:]
    assert passed in output.splitlines() or f"  {passed}" in output, (
        output[-3000:])
