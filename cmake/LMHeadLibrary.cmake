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
