# lmhead_add_build_revision(<target> <header>)
#
# A target that runs on every build and writes <header> with
# LMHEAD_BUILD_REVISION: the git commit of the source tree, with "-dirty"
# when tracked files differ from it, or "unknown" outside a git checkout
# (a source archive). It is part of the build identity that lmhead-opt
# writes into every bundle and the runtime checks on load. The header is
# only rewritten when the revision changes, so a build at the same
# revision recompiles nothing.
#
# -DLMHEAD_BUILD_REVISION=<commit> records that commit instead of asking
# git: for a build from a copy of the tree whose git state differs from
# the checkout that compiled the bundles it will load (the GPU check builds
# the runtime on a machine that receives the tree without its history).
#
# Run as a script (cmake -P) it writes the header; the target does that.
function(lmhead_add_build_revision target header)
  set(LMHEAD_BUILD_REVISION "" CACHE STRING
    "The revision recorded in the build identity; empty: git's")
  add_custom_target(${target}
    COMMAND ${CMAKE_COMMAND}
      -DLMHEAD_SOURCE_DIR=${CMAKE_CURRENT_FUNCTION_LIST_DIR}/..
      -DLMHEAD_REVISION_HEADER=${header}
      -DLMHEAD_FIXED_REVISION=${LMHEAD_BUILD_REVISION}
      -P ${CMAKE_CURRENT_FUNCTION_LIST_FILE}
    BYPRODUCTS ${header}
    VERBATIM)
endfunction()

if(CMAKE_SCRIPT_MODE_FILE AND LMHEAD_REVISION_HEADER)
  set(revision unknown)
  find_package(Git QUIET)
  if(LMHEAD_FIXED_REVISION)
    set(revision ${LMHEAD_FIXED_REVISION})
  elseif(GIT_FOUND)
    execute_process(
      COMMAND ${GIT_EXECUTABLE} -C ${LMHEAD_SOURCE_DIR} rev-parse HEAD
      OUTPUT_VARIABLE head RESULT_VARIABLE failed
      OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    if(NOT failed AND head)
      set(revision ${head})
      execute_process(
        COMMAND ${GIT_EXECUTABLE} -C ${LMHEAD_SOURCE_DIR} status --porcelain
          --untracked-files=no
        OUTPUT_VARIABLE changes ERROR_QUIET)
      if(changes)
        set(revision "${head}-dirty")
      endif()
    endif()
  endif()
  set(text "// Written at build time by cmake/BuildRevision.cmake.\n"
           "#define LMHEAD_BUILD_REVISION \"${revision}\"\n")
  string(CONCAT text ${text})
  set(old "")
  if(EXISTS ${LMHEAD_REVISION_HEADER})
    file(READ ${LMHEAD_REVISION_HEADER} old)
  endif()
  if(NOT old STREQUAL text)
    file(WRITE ${LMHEAD_REVISION_HEADER} "${text}")
  endif()
endif()
