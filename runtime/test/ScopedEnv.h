//===- ScopedEnv.h - set an environment variable for one test ---*- C++ -*-===//
//
// The runtime reads LMHEAD_DEVICE and LMHEAD_LIBCUDA on every call, so tests
// steer it through the environment. Each ScopedEnv restores the previous
// value when it goes out of scope, so tests do not leak settings into each
// other when the whole binary runs in one process.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_RUNTIME_TEST_SCOPEDENV_H
#define LMHEAD_RUNTIME_TEST_SCOPEDENV_H

#include <cstdlib>
#include <optional>
#include <string>

namespace lmhead::runtime::test {

/// Sets (or, given std::nullopt, unsets) `name` until destroyed.
class ScopedEnv {
public:
  ScopedEnv(const char *name, std::optional<std::string> value) : name_(name) {
    if (const char *old = std::getenv(name))
      previous_ = old;
    apply(value);
  }
  ~ScopedEnv() { apply(previous_); }
  ScopedEnv(const ScopedEnv &) = delete;
  ScopedEnv &operator=(const ScopedEnv &) = delete;

private:
  void apply(const std::optional<std::string> &value) {
    if (value)
      setenv(name_.c_str(), value->c_str(), /*overwrite=*/1);
    else
      unsetenv(name_.c_str());
  }

  std::string name_;
  std::optional<std::string> previous_;
};

} // namespace lmhead::runtime::test

#endif // LMHEAD_RUNTIME_TEST_SCOPEDENV_H
