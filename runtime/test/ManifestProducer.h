//===- ManifestProducer.h - stamp hand-written manifests like lmhead-opt --===//
//
// lmheadBundleLoad refuses a manifest without the build identity of the
// lmhead-opt that wrote it ("producer"). The tests' hand-written manifests
// get this runtime's own identity, as a bundle of the same build would.
//
//===----------------------------------------------------------------------===//

#ifndef LMHEAD_RUNTIME_TEST_MANIFESTPRODUCER_H
#define LMHEAD_RUNTIME_TEST_MANIFESTPRODUCER_H

#include "lmhead/runtime/Runtime.h"

#include <string>

namespace lmhead::runtime::test {

/// The "producer" member of a manifest this runtime's build would write.
inline std::string producerMember() {
  return std::string("\"producer\": {\"lmhead\": \"") +
         lmheadGetVersionString() + "\", \"revision\": \"" +
         lmheadGetBuildRevision() + "\"}";
}

/// `manifest` with producerMember() after its `"version": 3`; unchanged
/// when it has none (a test of a malformed manifest).
inline std::string withProducer(std::string manifest) {
  const std::string version = "\"version\": 3";
  std::size_t at = manifest.find(version);
  if (at != std::string::npos)
    manifest.insert(at + version.size(), ", " + producerMember());
  return manifest;
}

} // namespace lmhead::runtime::test

#endif // LMHEAD_RUNTIME_TEST_MANIFESTPRODUCER_H
