//===- FakeCudaLog.h - reading the fake driver's call log -------*- C++ -*-===//
//
// Tests open FakeCudaDriver.cpp's library themselves (the same handle the
// runtime gets) to read its call log and count its live objects.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_RUNTIME_TEST_FAKECUDALOG_H
#define LMHEAD_RUNTIME_TEST_FAKECUDALOG_H

#include <dlfcn.h>

#include <regex>
#include <string>

namespace lmhead::runtime::test {

class FakeCudaLog {
public:
  /// Opens the fake at `path`; ok() says whether that worked.
  explicit FakeCudaLog(const char *path)
      : handle(dlopen(path, RTLD_NOW | RTLD_LOCAL)) {
    if (!handle)
      return;
    callLog = reinterpret_cast<const char *(*)()>(
        dlsym(handle, "lmheadFakeCudaCallLog"));
    live =
        reinterpret_cast<int (*)()>(dlsym(handle, "lmheadFakeCudaLiveObjects"));
    launchLog = reinterpret_cast<const char *(*)()>(
        dlsym(handle, "lmheadFakeCudaLaunchLog"));
  }
  ~FakeCudaLog() {
    if (handle)
      dlclose(handle);
  }
  FakeCudaLog(const FakeCudaLog &) = delete;
  FakeCudaLog &operator=(const FakeCudaLog &) = delete;

  bool ok() const { return callLog && live && launchLog; }

  /// The fake's entry point `name` (to act as another library would), as
  /// a `Function` pointer; null when it has none.
  template <typename Function> Function entryPoint(const char *name) const {
    return reinterpret_cast<Function>(dlsym(handle, name));
  }

  /// The whole log: a mark to compare later logs with.
  std::string mark() const { return callLog(); }

  /// The calls logged since `mark`, space-separated.
  std::string since(const std::string &mark) const {
    std::string all = callLog();
    std::string rest = all.substr(mark.size());
    return rest.empty() || rest[0] != ' ' ? rest : rest.substr(1);
  }

  /// Every launch with its sizes and parameter values, "; "-separated
  /// ("lm_dh grid(3,1,1) block(128,1,1) shared 0 params(4096,300)"): a
  /// mark for launchesSince.
  std::string launches() const { return launchLog(); }

  /// The launches logged since `mark`.
  std::string launchesSince(const std::string &mark) const {
    std::string rest = std::string(launchLog()).substr(mark.size());
    return rest.rfind("; ", 0) == 0 ? rest.substr(2) : rest;
  }

  /// Modules, streams, events, allocations and registrations alive, plus
  /// primary-context retains.
  int liveObjects() const { return live(); }

  /// The object the `index`-th `call` in `calls` created ("s3" from
  /// "cuStreamCreate:s3"), or "?".
  static std::string created(const std::string &calls, const std::string &call,
                             int index) {
    std::regex pattern(call + ":([se][0-9]+)");
    auto it = std::sregex_iterator(calls.begin(), calls.end(), pattern);
    for (int i = 0; i < index && it != std::sregex_iterator(); ++i)
      ++it;
    return it == std::sregex_iterator() ? "?" : (*it)[1].str();
  }

private:
  void *handle;
  const char *(*callLog)() = nullptr;
  int (*live)() = nullptr;
  const char *(*launchLog)() = nullptr;
};

} // namespace lmhead::runtime::test

#endif // LMHEAD_RUNTIME_TEST_FAKECUDALOG_H
