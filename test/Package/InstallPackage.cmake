# InstallPackage.cmake: install the build tree BUILD_DIR into PREFIX.
#
#   cmake -DBUILD_DIR=<build> -DPREFIX=<dir> -DCMAKEDIR=<lib/cmake/LMHead>
#         -DINCLUDEDIR=<include> -P InstallPackage.cmake
#
# The prefix is emptied first, so a file that the build no longer installs
# cannot make a consumer test pass by accident.
foreach(var BUILD_DIR PREFIX CMAKEDIR INCLUDEDIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "InstallPackage.cmake: -D${var}=... is required")
  endif()
endforeach()

file(REMOVE_RECURSE "${PREFIX}")
execute_process(
  COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${PREFIX}"
  RESULT_VARIABLE result
  OUTPUT_VARIABLE output
  ERROR_VARIABLE output)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "cmake --install ${BUILD_DIR} failed (${result}):\n"
                      "${output}")
endif()
foreach(file ${CMAKEDIR}/LMHeadConfig.cmake
             ${CMAKEDIR}/LMHeadRuntimeTargets.cmake
             ${INCLUDEDIR}/lmhead/runtime/Runtime.h)
  if(NOT EXISTS "${PREFIX}/${file}")
    message(FATAL_ERROR "the install into ${PREFIX} lacks ${file}")
  endif()
endforeach()
message(STATUS "installed ${BUILD_DIR} into ${PREFIX}")
