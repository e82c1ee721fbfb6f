//===- Backend.cpp - where the runtime's kernels run ----------------------===//
//
// The process-wide backend of MLIR-lowered programs: their mgpu* calls carry
// no context, so the backend is chosen once, on the first call, from
// LMHEAD_DEVICE, and lives until the process exits.
//
//===----------------------------------------------------------------------===//

#include "Backend.h"

using namespace lmhead::runtime;

namespace {

struct ProcessBackend {
  std::unique_ptr<Backend> backend;
  LMHeadStatus status = LMHEAD_STATUS_OK;
  std::string error;
};

ProcessBackend chooseProcessBackend() {
  ProcessBackend chosen;
  LMHeadBackendSelection selection;
  chosen.status = lmheadSelectBackend(&selection);
  if (chosen.status != LMHEAD_STATUS_OK) {
    chosen.error = lmheadGetLastErrorMessage();
    return chosen;
  }
  if (selection.backend == LMHEAD_BACKEND_CUDA) {
    chosen.backend =
        createCudaBackend(processDefaultDevice(), chosen.status, chosen.error);
    return chosen;
  }
  chosen.backend = createEmulatorBackend();
  return chosen;
}

} // namespace

int &lmhead::runtime::processDefaultDevice() {
  static int device = 0;
  return device;
}

Backend *lmhead::runtime::processBackend(LMHeadStatus &status,
                                         std::string &error) {
  // Leaked on purpose: lowered programs unload their modules from global
  // destructors, which may run after ours would have.
  static ProcessBackend *chosen = new ProcessBackend(chooseProcessBackend());
  status = chosen->status;
  error = chosen->error;
  return chosen->backend.get();
}
