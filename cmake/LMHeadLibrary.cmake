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
  if(TARGET LMHeadPrecompiledHeaders)
    target_precompile_headers(${name} REUSE_FROM LMHeadPrecompiledHeaders)
  endif()
endfunction()

# lmhead_add_precompiled_headers()
#
# Parsing MLIR's headers and instantiating their templates is nearly all of
# the time a compiler library's file takes to build (a 22 s file takes
# 1.6 s with them precompiled). One target precompiles the headers most
# files include, and every library made by lmhead_add_compiler_library
# reuses it (same flags, so one precompiled header serves them all).
# -DLMHEAD_PRECOMPILED_HEADERS=OFF turns it off.
function(lmhead_add_precompiled_headers)
  if(NOT LMHEAD_PRECOMPILED_HEADERS)
    return()
  endif()
  file(WRITE ${PROJECT_BINARY_DIR}/LMHeadPrecompiledHeaders.cpp
    "// The source of the target that holds the precompiled headers.\n")
  add_library(LMHeadPrecompiledHeaders STATIC
    ${PROJECT_BINARY_DIR}/LMHeadPrecompiledHeaders.cpp)
  target_include_directories(LMHeadPrecompiledHeaders SYSTEM PRIVATE
    ${MLIR_INCLUDE_DIRS} ${LLVM_INCLUDE_DIRS})
  target_precompile_headers(LMHeadPrecompiledHeaders PRIVATE
    <mlir/Dialect/Arith/IR/Arith.h>
    <mlir/Dialect/Func/IR/FuncOps.h>
    <mlir/Dialect/GPU/IR/GPUDialect.h>
    <mlir/Dialect/Linalg/IR/Linalg.h>
    <mlir/Dialect/LLVMIR/LLVMDialect.h>
    <mlir/Dialect/LLVMIR/NVVMDialect.h>
    <mlir/Dialect/Math/IR/Math.h>
    <mlir/Dialect/MemRef/IR/MemRef.h>
    <mlir/Dialect/NVGPU/IR/NVGPUDialect.h>
    <mlir/Dialect/SCF/IR/SCF.h>
    <mlir/Dialect/Tensor/IR/Tensor.h>
    <mlir/Dialect/Vector/IR/VectorOps.h>
    <mlir/IR/Builders.h>
    <mlir/IR/PatternMatch.h>
    <mlir/Pass/PassManager.h>
    <llvm/Support/FormatVariadic.h>)
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
