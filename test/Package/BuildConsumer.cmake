# BuildConsumer.cmake: configure, build and run consumer/ against an installed
# lmhead package, the way a downstream project would.
#
#   cmake -DCOMPONENT=Runtime|Compiler -DSOURCE_DIR=<consumer> -DBINARY_DIR=<dir>
#         -DPREFIX=<install prefix> -DEXPECTED_VERSION=<x.y.z>
#         -DGENERATOR=<gen> [-DMAKE_PROGRAM=..] [-DCXX_COMPILER=..]
#         [-DBUILD_TYPE=..] -P BuildConsumer.cmake
#
# The consumer sees the install prefix and nothing else of lmhead: a fresh
# binary directory, CMAKE_PREFIX_PATH set to PREFIX alone, and no MLIR or
# LLVM hints from the environment. The Runtime consumer must configure that
# way; the Compiler one finds MLIR through the hint that LMHeadConfig.cmake
# itself carries.
foreach(var COMPONENT SOURCE_DIR BINARY_DIR PREFIX EXPECTED_VERSION GENERATOR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "BuildConsumer.cmake: -D${var}=... is required")
  endif()
endforeach()

# Run `command...`; stop with its output when it fails.
function(run_step what)
  execute_process(COMMAND ${ARGN}
    RESULT_VARIABLE result
    OUTPUT_VARIABLE output
    ERROR_VARIABLE output)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "${what} failed (${result}):\n${output}")
  endif()
  message(STATUS "${what}:\n${output}")
  set(step_output "${output}" PARENT_SCOPE)
endfunction()

foreach(var CMAKE_PREFIX_PATH MLIR_DIR LLVM_DIR LMHead_DIR LMHead_ROOT
            LMHEAD_DEVICE LMHEAD_LIBCUDA)
  unset(ENV{${var}})
endforeach()

file(REMOVE_RECURSE "${BINARY_DIR}")
set(configure_args
  -G "${GENERATOR}"
  -S "${SOURCE_DIR}"
  -B "${BINARY_DIR}"
  "-DCMAKE_PREFIX_PATH=${PREFIX}"
  "-DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF"
  "-DLMHEAD_COMPONENT=${COMPONENT}"
  "-DLMHEAD_PREFIX=${PREFIX}"
  "-DLMHEAD_EXPECTED_VERSION=${EXPECTED_VERSION}")
foreach(pair MAKE_PROGRAM:CMAKE_MAKE_PROGRAM CXX_COMPILER:CMAKE_CXX_COMPILER
             BUILD_TYPE:CMAKE_BUILD_TYPE)
  string(REPLACE ":" ";" pair "${pair}")
  list(GET pair 0 from)
  list(GET pair 1 to)
  if(${from})
    list(APPEND configure_args "-D${to}=${${from}}")
  endif()
endforeach()

run_step("configure the ${COMPONENT} consumer"
  "${CMAKE_COMMAND}" ${configure_args})
run_step("build the ${COMPONENT} consumer"
  "${CMAKE_COMMAND}" --build "${BINARY_DIR}")
run_step("run the ${COMPONENT} consumer"
  "${BINARY_DIR}/lmhead-consumer")

# What each consumer must print, beyond exiting with 0.
if(COMPONENT STREQUAL "Runtime")
  set(expected "lmhead runtime ${EXPECTED_VERSION}\nbackend (emulator|cuda) ")
else()
  set(expected "= lmhead.linear_grad %arg0, %arg1, %arg2 layout\\(vd\\) :")
endif()
if(NOT step_output MATCHES "${expected}")
  message(FATAL_ERROR "the ${COMPONENT} consumer's output does not match "
                      "'${expected}'")
endif()
