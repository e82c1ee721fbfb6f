# cmake -DLIBRARY=<file> -DOBJDUMP=<objdump> -DBASELINE=2.28 -P CheckGlibcBaseline.cmake
#
# Fails, naming each symbol, when the shared library LIBRARY imports a
# glibc symbol of a version newer than BASELINE or any symbol of the
# system's libstdc++ (GLIBCXX_, CXXABI_): the wheel's runtime must load
# where glibc is BASELINE and whatever libstdc++ the system has
# (runtime/lib/GlibcBaseline.cpp). Run after each link of the portable
# runtime, so that a build machine whose glibc or libstdc++ brings a new
# symbol version stops the build instead of shipping a wheel that needs it.
execute_process(COMMAND "${OBJDUMP}" -T "${LIBRARY}"
  OUTPUT_VARIABLE table RESULT_VARIABLE status ERROR_VARIABLE errors)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${OBJDUMP} -T ${LIBRARY} failed: ${errors}")
endif()
string(REPLACE "\n" ";" lines "${table}")
set(newer)
foreach(line IN LISTS lines)
  if(NOT line MATCHES "\\*UND\\*")
    continue()
  endif()
  if(line MATCHES "((GLIBCXX|CXXABI)_[0-9.]+)\\)? +([^ ]+)$")
    list(APPEND newer "${CMAKE_MATCH_3}@${CMAKE_MATCH_1} (libstdc++)")
  elseif(line MATCHES "GLIBC_([0-9.]+)\\)? +([^ ]+)$")
    if(CMAKE_MATCH_1 VERSION_GREATER BASELINE)
      list(APPEND newer "${CMAKE_MATCH_2}@GLIBC_${CMAKE_MATCH_1}")
    endif()
  endif()
endforeach()
if(newer)
  list(JOIN newer "\n  " names)
  message(FATAL_ERROR "${LIBRARY} needs symbols newer than glibc "
    "${BASELINE} or of the system's libstdc++:\n  ${names}\nwrap each in "
    "runtime/lib/GlibcBaseline.cpp (and its --wrap list in "
    "runtime/CMakeLists.txt), or build on a machine whose glibc does not "
    "bring it")
endif()
