//===- GlibcBaseline.cpp - the static lmhead-opt's glibc baseline ---------===//
//
// The wheel's lmhead-opt links libstdc++ statically, and the libstdc++.a of
// GCC 12 and later, built against glibc 2.36, seeds std::random_device with
// arc4random, which older glibc does not have: the tool would then not start
// where glibc is older than 2.36 (Ubuntu 22.04, RHEL 9). Defining the
// function here binds libstdc++'s call to this definition instead of
// glibc's, so that the newest glibc symbol the tool needs is 2.34's (as
// `auditwheel show` reports). It draws from the same source as glibc's own
// arc4random: the kernel's random number generator, through getrandom(2)
// (glibc 2.25).
//
//===----------------------------------------------------------------------===//

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <sys/random.h>

extern "C" uint32_t arc4random(void) {
  uint32_t value;
  ssize_t got;
  do
    got = getrandom(&value, sizeof(value), 0);
  while (got < 0 && errno == EINTR);
  // arc4random cannot fail; getrandom fails only on kernels older than
  // Linux 3.17, on which glibc's arc4random aborts too.
  if (got != static_cast<ssize_t>(sizeof(value)))
    abort();
  return value;
}
