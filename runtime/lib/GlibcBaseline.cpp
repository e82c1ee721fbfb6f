//===- GlibcBaseline.cpp - the wheel's runtime on glibc 2.28 --------------===//
//
// The wheel's runtime (LMHEAD_PORTABLE_RUNTIME) must load wherever PyTorch's
// wheels do: glibc 2.28 and newer (manylinux_2_28). It links libstdc++ in,
// so it needs no libstdc++ symbol of the system; but its objects, and
// libstdc++.a's, were compiled against the build machine's newer glibc and
// call some functions by versions that glibc 2.28 does not have. The link
// renames each such call (`--wrap=NAME` makes a call of NAME one of
// __wrap_NAME, see runtime/CMakeLists.txt), and the wrappers below call the
// version glibc 2.28 has, which newer glibc still exports for programs
// built against it (`.symver` binds a call to one version):
// - pthread_create, pthread_join, pthread_detach, pthread_once, dlopen,
//   dlsym, dlclose, dlerror: moved into libc in glibc 2.34 (GLIBC_2.34);
//   the GLIBC_2.2.5 versions are libpthread's and libdl's before 2.34 and
//   libc's since, so the runtime names libpthread.so.0 and libdl.so.2 among
//   its NEEDED libraries (on glibc 2.34 and newer they are empty);
// - exp2, log2 (the emulator's ex2 and lg2): GLIBC_2.29 versions without
//   SVID error handling; the GLIBC_2.2.5 ones compute the same numbers
//   through an error-handling wrapper that may set errno (nothing here
//   reads it) and gives +NaN where the new ones give -NaN (the emulator
//   returns the GPU's canonical NaN whatever the host's is);
// - fstat: a function only since glibc 2.33, before an inline call of
//   __fxstat with the version of struct stat (1 on x86-64);
// - arc4random (glibc 2.36, std::random_device): drawn from getrandom(2)
//   (glibc 2.25), or /dev/urandom on a kernel without it, as glibc's own
//   arc4random does;
// - __libc_single_threaded (glibc 2.32): a flag libstdc++ reads to skip
//   atomic operations while a process has one thread; here it is always
//   false, so they are never skipped.
// Built for x86-64 only (the versions are x86-64's).
//
//===----------------------------------------------------------------------===//

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#if !defined(__x86_64__)
#error "GlibcBaseline.cpp binds x86-64's glibc symbol versions"
#endif

#define LMHEAD_GLIBC_2_2_5(name)                                               \
  __asm__(".symver lmhead_glibc_" #name ", " #name "@GLIBC_2.2.5")
#define LMHEAD_WRAPPER extern "C" __attribute__((visibility("hidden")))

extern "C" {
int lmhead_glibc_pthread_create(pthread_t *, const pthread_attr_t *,
                                void *(*)(void *), void *);
int lmhead_glibc_pthread_join(pthread_t, void **);
int lmhead_glibc_pthread_detach(pthread_t);
int lmhead_glibc_pthread_once(pthread_once_t *, void (*)(void));
void *lmhead_glibc_dlopen(const char *, int);
void *lmhead_glibc_dlsym(void *, const char *);
int lmhead_glibc_dlclose(void *);
char *lmhead_glibc_dlerror(void);
double lmhead_glibc_exp2(double);
double lmhead_glibc_log2(double);
int lmhead_glibc___fxstat(int, int, struct stat *);
}
LMHEAD_GLIBC_2_2_5(pthread_create);
LMHEAD_GLIBC_2_2_5(pthread_join);
LMHEAD_GLIBC_2_2_5(pthread_detach);
LMHEAD_GLIBC_2_2_5(pthread_once);
LMHEAD_GLIBC_2_2_5(dlopen);
LMHEAD_GLIBC_2_2_5(dlsym);
LMHEAD_GLIBC_2_2_5(dlclose);
LMHEAD_GLIBC_2_2_5(dlerror);
LMHEAD_GLIBC_2_2_5(exp2);
LMHEAD_GLIBC_2_2_5(log2);
LMHEAD_GLIBC_2_2_5(__fxstat);

LMHEAD_WRAPPER int __wrap_pthread_create(pthread_t *thread,
                                         const pthread_attr_t *attributes,
                                         void *(*start)(void *),
                                         void *argument) {
  return lmhead_glibc_pthread_create(thread, attributes, start, argument);
}

LMHEAD_WRAPPER int __wrap_pthread_join(pthread_t thread, void **result) {
  return lmhead_glibc_pthread_join(thread, result);
}

LMHEAD_WRAPPER int __wrap_pthread_detach(pthread_t thread) {
  return lmhead_glibc_pthread_detach(thread);
}

LMHEAD_WRAPPER int __wrap_pthread_once(pthread_once_t *once,
                                       void (*routine)(void)) {
  return lmhead_glibc_pthread_once(once, routine);
}

LMHEAD_WRAPPER void *__wrap_dlopen(const char *file, int mode) {
  return lmhead_glibc_dlopen(file, mode);
}

LMHEAD_WRAPPER void *__wrap_dlsym(void *handle, const char *name) {
  return lmhead_glibc_dlsym(handle, name);
}

LMHEAD_WRAPPER int __wrap_dlclose(void *handle) {
  return lmhead_glibc_dlclose(handle);
}

LMHEAD_WRAPPER char *__wrap_dlerror(void) { return lmhead_glibc_dlerror(); }

LMHEAD_WRAPPER double __wrap_exp2(double x) { return lmhead_glibc_exp2(x); }

LMHEAD_WRAPPER double __wrap_log2(double x) { return lmhead_glibc_log2(x); }

LMHEAD_WRAPPER int __wrap_fstat(int descriptor, struct stat *status) {
  // _STAT_VER_LINUX: the struct stat of x86-64's stat64-sized layout.
  return lmhead_glibc___fxstat(1, descriptor, status);
}

/// Fills `value` from /dev/urandom; false when it cannot be read.
static bool readUrandom(uint32_t &value) {
  int descriptor = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
  if (descriptor < 0)
    return false;
  ssize_t got;
  do
    got = read(descriptor, &value, sizeof(value));
  while (got < 0 && errno == EINTR);
  close(descriptor);
  return got == static_cast<ssize_t>(sizeof(value));
}

LMHEAD_WRAPPER uint32_t __wrap_arc4random(void) {
  uint32_t value;
  ssize_t got;
  do
    got = getrandom(&value, sizeof(value), 0);
  while (got < 0 && errno == EINTR);
  if (got == static_cast<ssize_t>(sizeof(value)))
    return value;
  // A kernel older than Linux 3.17 has no getrandom. arc4random cannot
  // fail: where no random source can be read, glibc's aborts too.
  if (got < 0 && errno == ENOSYS && readUrandom(value))
    return value;
  abort();
}

LMHEAD_WRAPPER char __wrap___libc_single_threaded = 0;
