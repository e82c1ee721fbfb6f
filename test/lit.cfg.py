# lit configuration of the lmhead test suite.
#
# Tools come from the build (lmhead-opt, the plugin) and from LLVM 22
# (mlir-opt, mlir-runner, FileCheck, not). Features: `ptxas` when CUDA's
# ptxas is found, `cuobjdump` when cuobjdump is too (SASS checks),
# `libdevice` when the CUDA toolkit's libdevice is (kernels calling exp or
# log), `cuda-gpu` when a usable GPU answers nvidia-smi, `fake-cuda-driver`
# when the runtime's fake libcuda.so.1 was built. Numerical tests draw fresh
# random inputs each run from `%seed`, which is printed so a failure can be
# replayed with LMHEAD_TEST_SEED=<seed>.
#
# Run through the build (`ninja check-lmhead`, `lit build/test/...`) or on
# source paths (`lit test/...`, `ninja check-lmhead-<folder>`): then the site
# configuration of the build given by `--param lmhead_build_dir=DIR` (what the
# check-lmhead-<folder> targets pass), else $LMHEAD_BUILD_DIR (default
# build/), is loaded first.
import os
import random
import shutil
import subprocess

import lit.formats


def has_cuda_gpu():
    smi = shutil.which("nvidia-smi")
    if not smi:
        return False
    try:
        out = subprocess.run([smi, "-L"], capture_output=True, text=True,
                             timeout=20)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return out.returncode == 0 and "GPU" in out.stdout


def seed_test_order(exec_root):
    """Gives lit the rough times of the slow tests before its first run in
    a build. lit starts the tests that took longest in the previous run
    first; with no previous run it goes alphabetically, and the sweeps that
    take minutes (Target/PTX) would start last and end the run alone on one
    core. slow-tests.txt ("seconds path" lines) stands in for the times lit
    records itself after a run."""
    times = os.path.join(exec_root, ".lit_test_times.txt")
    if os.path.exists(times):
        return
    with open(os.path.join(os.path.dirname(__file__), "slow-tests.txt")) as f:
        lines = [line for line in f
                 if line.strip() and not line.startswith("#")]
    os.makedirs(exec_root, exist_ok=True)
    with open(times, "w") as f:
        f.writelines(lines)


def configure():
    from lit.llvm import llvm_config

    config.name = "lmhead"
    config.test_format = lit.formats.ShTest(execute_external=True)
    config.suffixes = [".mlir", ".test"]
    # fuzz/ holds the fuzzers' seeds (inputs, not tests; test/fuzz/README.md).
    config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py",
                       "lit.site.cfg.py", "Package", "fuzz"]
    config.test_source_root = os.path.dirname(__file__)
    config.test_exec_root = os.path.join(config.lmhead_obj_root, "test")
    seed_test_order(config.test_exec_root)

    # CUDA_ROOT, CUDA_HOME and CUDA_PATH tell MLIR's NVVM serialisation
    # where libdevice is, which the cross-entropy kernels' exp, log and tanh
    # are linked from.
    llvm_config.with_system_environment(
        ["HOME", "TMPDIR", "CUDA_ROOT", "CUDA_HOME", "CUDA_PATH"])
    llvm_config.with_environment("PATH", config.llvm_tools_dir,
                                 append_path=True)
    llvm_config.with_environment("PATH", config.lmhead_tools_dir,
                                 append_path=True)
    llvm_config.with_environment(
        "PYTHONPATH", os.path.join(config.lmhead_obj_root, "python_packages"),
        append_path=True)
    config.environment["FILECHECK_OPTS"] = "--enable-var-scope --dump-input=fail"
    config.environment["LMHEAD_OPT"] = os.path.join(config.lmhead_tools_dir,
                                                    "lmhead-opt")

    seed = os.environ.get("LMHEAD_TEST_SEED") or config.seed or str(
        random.randrange(1, 2**31))
    lit_config.note(
        f"random inputs use seed {seed} (replay: LMHEAD_TEST_SEED={seed})")
    # On the emulator, work on streams runs deferred, in a random order that
    # honours only stream order and events (drawn from the same seed), and
    # cross-stream races are reported: a missing event fails a test here as
    # it would race on a GPU.
    config.environment["LMHEAD_EMULATOR_ORDER"] = os.environ.get(
        "LMHEAD_EMULATOR_ORDER", "adversarial")
    config.environment["LMHEAD_EMULATOR_SEED"] = seed

    runner_libs = ",".join(
        os.path.join(config.mlir_lib_dir, lib)
        for lib in ("libmlir_runner_utils.so", "libmlir_c_runner_utils.so"))
    config.substitutions.extend([
        ("%python", config.python_executable),
        ("%mlir_runner_libs_list", runner_libs),
        ("%mlir_runner_libs", f"-shared-libs={runner_libs}"),
        ("%lmhead_plugin", config.lmhead_plugin),
        ("%lmhead_src_root", config.lmhead_src_root),
        ("%seed", seed),
        ("%lmhead_runtime", config.lmhead_runtime_library),
    ])
    # The fake CUDA driver of the runtime's tests: lowered programs run
    # against it without a GPU (it moves memory but runs no kernel).
    if config.fake_libcuda and os.path.exists(config.fake_libcuda):
        config.available_features.add("fake-cuda-driver")
        config.substitutions.append(("%fake_libcuda", config.fake_libcuda))

    # lmhead-opt built with the wheel's registry (UpstreamRegistry.h), made
    # beside the developer's lmhead-opt to be compared with it: a build that
    # makes it runs the comparison (and fails it if the tool is missing).
    if getattr(config, "package_tool", False):
        config.available_features.add("lmhead-opt-package")

    if config.ptxas and os.path.exists(config.ptxas):
        config.available_features.add("ptxas")
        config.substitutions.append(("%ptxas", config.ptxas))
        cuobjdump = getattr(config, "cuobjdump", "")
        if cuobjdump and os.path.exists(cuobjdump):
            config.available_features.add("cuobjdump")
            config.substitutions.append(("%cuobjdump", cuobjdump))
    # Kernels that call math functions (the ce ops' exp and log) need
    # libdevice, which the NVVM pipeline links from the CUDA toolkit that
    # NVVM::getCUDAToolkitPath() finds through CUDA_ROOT, CUDA_HOME or
    # CUDA_PATH; without it their PTX calls undefined functions. Pass those
    # on, else point CUDA_HOME at ptxas's toolkit; feature `libdevice` when
    # the toolkit has it.
    toolkit_vars = ["CUDA_ROOT", "CUDA_HOME", "CUDA_PATH"]
    llvm_config.with_system_environment(toolkit_vars)
    toolkit = next((os.environ[v] for v in toolkit_vars if os.environ.get(v)),
                   None)
    if not toolkit and config.ptxas and os.path.exists(config.ptxas):
        toolkit = os.path.dirname(os.path.dirname(config.ptxas))
        config.environment["CUDA_HOME"] = toolkit
    if toolkit and os.path.exists(
            os.path.join(toolkit, "nvvm", "libdevice", "libdevice.10.bc")):
        config.available_features.add("libdevice")

    if has_cuda_gpu():
        config.available_features.add("cuda-gpu")


if hasattr(config, "lmhead_obj_root"):
    configure()
else:
    source_root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    build_dir = lit_config.params.get("lmhead_build_dir") or os.environ.get(
        "LMHEAD_BUILD_DIR", os.path.join(source_root, "build"))
    site = os.path.join(build_dir, "test", "lit.site.cfg.py")
    if not os.path.exists(site):
        lit_config.fatal(f"no {site}: build lmhead first "
                         "(scripts/run-tests.sh) or set LMHEAD_BUILD_DIR")
    lit_config.load_config(config, site)
