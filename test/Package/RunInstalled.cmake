# RunInstalled.cmake: run one installed lmhead binary with no environment.
#
#   cmake -DWHAT=lmhead-opt|plugin|runtime -DPREFIX=<install prefix>
#         -DBINDIR=<bin> -DLIBDIR=<lib> -DSOURCE_DIR=<lmhead source>
#         [-DMLIR_OPT=<stock mlir-opt>] [-DLDD=<ldd>] -P RunInstalled.cmake
#
# Every command runs under `env -i`: no PATH, no LD_LIBRARY_PATH, nothing a
# developer's shell might have set. What the installed files need must come
# from their own RUNPATH. Each file is used, then `ldd` (when there is one)
# lists what the dynamic loader resolves for it: no library may be "not
# found". The uses:
#   lmhead-opt  --lmhead-recognize on examples/gpt2_train_step_bf16.mlir
#               must print lmhead ops;
#   plugin      a stock mlir-opt loads liblmhead-plugin.so as dialect and
#               pass plugin and runs lmhead-decompose on
#               examples/lm_head_training_step.mlir: linalg in, lmhead out;
#   runtime     liblmhead_runtime must depend on no LLVM or MLIR library.
foreach(var WHAT PREFIX BINDIR LIBDIR SOURCE_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "RunInstalled.cmake: -D${var}=... is required")
  endif()
endforeach()

# Run `command...` with an empty environment; stop with its output when it
# fails. The output is left in `step_output`.
function(run_bare what)
  execute_process(COMMAND env -i ${ARGN}
    RESULT_VARIABLE result
    OUTPUT_VARIABLE output
    ERROR_VARIABLE output)
  string(REPLACE ";" " " command "env -i ${ARGN}")
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "${what} failed (${result}):\n  ${command}\n${output}")
  endif()
  message(STATUS "${what}: ${command}")
  set(step_output "${output}" PARENT_SCOPE)
endfunction()

# The dynamic loader must resolve every library `file` needs on its own. A
# plugin is also checked this way because a stock mlir-opt has loaded
# libMLIR before the plugin: the plugin would load there even without a
# RUNPATH of its own, but not into a process without libMLIR (Python, say).
function(check_loader file)
  if(NOT EXISTS "${file}")
    message(FATAL_ERROR "the install into ${PREFIX} lacks ${file}")
  endif()
  if(NOT LDD)
    message(STATUS "no ldd: not listing the libraries of ${file}")
    set(step_output "" PARENT_SCOPE)
    return()
  endif()
  run_bare("ldd" "${LDD}" "${file}")
  string(REGEX MATCHALL "[^\n]*not found" missing "${step_output}")
  if(missing)
    list(JOIN missing "\n" missing)
    message(FATAL_ERROR "with no environment, the loader does not find what "
                        "${file} needs:\n${missing}")
  endif()
  set(step_output "${step_output}" PARENT_SCOPE)
endfunction()

if(WHAT STREQUAL "lmhead-opt")
  set(tool "${PREFIX}/${BINDIR}/lmhead-opt")
  if(NOT EXISTS "${tool}")
    message(FATAL_ERROR "the install into ${PREFIX} lacks ${tool}")
  endif()
  run_bare("installed lmhead-opt --lmhead-recognize" "${tool}"
    "${SOURCE_DIR}/examples/gpt2_train_step_bf16.mlir" --lmhead-recognize)
  if(NOT step_output MATCHES "= lmhead\\.(linear_grad|ce_linear_fwd|ce_linear_grad) ")
    message(FATAL_ERROR "the installed lmhead-opt made no lmhead op:\n"
                        "${step_output}")
  endif()
  check_loader("${tool}")
elseif(WHAT STREQUAL "plugin")
  if(NOT MLIR_OPT)
    message(FATAL_ERROR "RunInstalled.cmake: -DMLIR_OPT=... is required")
  endif()
  set(plugin "${PREFIX}/${LIBDIR}/liblmhead-plugin.so")
  if(NOT EXISTS "${plugin}")
    message(FATAL_ERROR "the install into ${PREFIX} lacks ${plugin}")
  endif()
  run_bare("the installed plugin in ${MLIR_OPT}" "${MLIR_OPT}"
    "--load-dialect-plugin=${plugin}" "--load-pass-plugin=${plugin}"
    "--pass-pipeline=builtin.module(lmhead-decompose)"
    "${SOURCE_DIR}/examples/lm_head_training_step.mlir")
  if(NOT step_output MATCHES "linalg\\." OR step_output MATCHES "lmhead\\.")
    message(FATAL_ERROR "lmhead-decompose through the installed plugin did "
                        "not rewrite the lmhead ops into linalg:\n${step_output}")
  endif()
  check_loader("${plugin}")
elseif(WHAT STREQUAL "runtime")
  file(GLOB runtime "${PREFIX}/${LIBDIR}/liblmhead_runtime.so.*.*.*")
  if(NOT runtime)
    message(FATAL_ERROR "the install into ${PREFIX} lacks liblmhead_runtime")
  endif()
  check_loader("${runtime}")
  if(step_output MATCHES "lib(LLVM|MLIR)[^ ]*\\.so")
    message(FATAL_ERROR "the installed runtime depends on LLVM or MLIR:\n"
                        "${step_output}")
  endif()
else()
  message(FATAL_ERROR "RunInstalled.cmake: WHAT must be lmhead-opt, plugin "
                      "or runtime, not '${WHAT}'")
endif()
