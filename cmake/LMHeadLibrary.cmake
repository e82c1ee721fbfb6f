# lmhead_add_compiler_library(name SOURCES... DEPENDS tablegen-targets...
#                             LINK libraries...)
#
# A static compiler library with the project's include directories for the
# build and install trees, linked against the shared libMLIR/libLLVM.
function(lmhead_add_compiler_library name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPENDS;LINK" ${ARGN})
  add_library(${name} STATIC ${ARG_SOURCES})
  if(ARG_DEPENDS)
    add_dependencies(${name} ${ARG_DEPENDS})
  endif()
  target_include_directories(${name} PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}/include>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  target_include_directories(${name} SYSTEM PUBLIC
    $<BUILD_INTERFACE:${MLIR_INCLUDE_DIRS}>
    $<BUILD_INTERFACE:${LLVM_INCLUDE_DIRS}>)
  target_link_libraries(${name} PUBLIC ${ARG_LINK} ${LMHEAD_MLIR_LIBS})
endfunction()

# lmhead_set_install_rpath(target)
#
# Gives an installed tool or plugin that links the shared libMLIR/libLLVM the
# RUNPATH to find them with no environment set. Those libraries live in
# LLVM's own library folder (Debian: /usr/lib/llvm-22/lib), which no loader
# searches by default; CMake names it in the build tree's RUNPATH but drops
# that on install, so the installed copy gets it back here. An executable
# also gets $ORIGIN/<bin to lib>, so that it finds lmhead's own shared
# libraries installed beside it wherever the prefix is moved. The runtime,
# which must not depend on LLVM or MLIR, is never passed here.
function(lmhead_set_install_rpath target)
  set(rpath "${LLVM_LIBRARY_DIR}")
  get_target_property(type ${target} TYPE)
  if(type STREQUAL "EXECUTABLE" AND NOT IS_ABSOLUTE "${CMAKE_INSTALL_BINDIR}"
     AND NOT IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
    file(RELATIVE_PATH bin_to_lib "/prefix/${CMAKE_INSTALL_BINDIR}"
      "/prefix/${CMAKE_INSTALL_LIBDIR}")
    list(PREPEND rpath "\$ORIGIN/${bin_to_lib}")
  endif()
  set_target_properties(${target} PROPERTIES INSTALL_RPATH "${rpath}")
endfunction()
