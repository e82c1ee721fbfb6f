# lmhead_add_static_llvm_target(name)
#
# An INTERFACE target `name` that links what the compiler libraries use of
# MLIR and LLVM from their static archives (Debian's libmlir-22-dev and
# llvm-22-dev ship them beside libMLIR.so and libLLVM.so), so that a tool
# linked with it needs nothing of LLVM at run time: the wheel's lmhead-opt.
#
# The archives are one linker group (a linker script holding GROUP ( ... ),
# which ld.lld and GNU ld take as an input file): the linker pulls out of
# them only the objects something reaches, in any order, without the link
# interface of each imported MLIR target (Debian's point at libLLVM.so).
# The tools, test, C API and language-server archives are left out. zlib
# and zstd, which LLVM's Support library calls, are linked statically
# where their archives are, and so is libstdc++. lmhead-opt links glibc
# statically too (tools/lmhead-opt/CMakeLists.txt): it then needs no
# library at run time.
function(lmhead_add_static_llvm_target name)
  file(GLOB archives "${LLVM_LIBRARY_DIR}/libMLIR*.a"
                     "${LLVM_LIBRARY_DIR}/libLLVM*.a")
  list(FILTER archives EXCLUDE REGEX
    "/libMLIR(.*Test.*|CAPI.*|LspServer.*|Tblgen.*|PDLL.*|ExecutionEngineShared|TableGen)\\.a$")
  list(FILTER archives EXCLUDE REGEX "/libLLVMTableGen.*\\.a$")
  if(NOT archives)
    message(FATAL_ERROR "LMHEAD_STATIC_LLVM: no libMLIR*.a or libLLVM*.a "
      "in ${LLVM_LIBRARY_DIR}; install Debian's libmlir-22-dev and "
      "llvm-22-dev (they ship the static archives)")
  endif()
  list(LENGTH archives count)
  string(JOIN "\n  " group ${archives})
  set(script "${PROJECT_BINARY_DIR}/lmhead-static-mlir-llvm.ld")
  file(WRITE "${script}" "/* ${count} MLIR and LLVM archives, one group. */\nGROUP (\n  ${group}\n)\n")
  message(STATUS "lmhead: linking MLIR/LLVM statically (${count} archives)")

  add_library(${name} INTERFACE)
  target_link_libraries(${name} INTERFACE "${script}")
  foreach(lib z zstd)
    find_library(LMHEAD_STATIC_${lib} NAMES lib${lib}.a)
    if(LMHEAD_STATIC_${lib})
      target_link_libraries(${name} INTERFACE "${LMHEAD_STATIC_${lib}}")
    else()
      target_link_libraries(${name} INTERFACE ${lib})
    endif()
  endforeach()
  find_package(Threads REQUIRED)
  target_link_libraries(${name} INTERFACE Threads::Threads ${CMAKE_DL_LIBS} m)
  target_link_options(${name} INTERFACE -static-libstdc++)
endfunction()
