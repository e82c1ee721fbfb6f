/* bundle_run_hash.c: runs one op of a kernel bundle through the runtime's C
 * API, with fixed inputs, and prints a hash of every tensor after the run.
 *
 * scripts/check-glibc-baseline.sh builds it twice, against this machine's
 * glibc and against an older one, and runs both with the wheel's runtime:
 * the same hash says the runtime loads and computes the same there. It
 * opens the runtime with dlopen(RTLD_NOW), so every symbol the runtime
 * needs is bound (or refused, naming the missing version) at once.
 *
 *   bundle_run_hash RUNTIME.so BUNDLE_DIR [OP_INDEX]
 *
 * Every size operand (the token count) is 8; floating-point tensors hold
 * small positive values, integer tensors (labels) 0 to 4; the workspace is
 * allocated at the size the runtime asks for. Run it with
 * LMHEAD_DEVICE=emulator where there is no GPU. */

#include "lmhead/runtime/Runtime.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { kMaxOperands = 64, kTokens = 8 };

/* The runtime's functions this program calls, looked up with dlsym. */
static struct {
  const char *(*lastError)(void);
  LMHeadStatus (*load)(const char *, LMHeadBundle **);
  LMHeadStatus (*opInfo)(LMHeadBundle *, unsigned long long, const char **,
                         const char **, unsigned long long *);
  LMHeadStatus (*operand)(LMHeadBundle *, const char *, unsigned long long,
                          LMHeadOperandInfo *);
  LMHeadStatus (*operandShape)(LMHeadBundle *, const char *, unsigned long long,
                               const unsigned long long *, unsigned long long,
                               long long *);
  LMHeadStatus (*workspaceSize)(LMHeadBundle *, const char *,
                                const unsigned long long *, unsigned long long,
                                unsigned long long *);
  LMHeadStatus (*run)(LMHeadBundle *, const char *, const unsigned long long *,
                      unsigned long long, void *);
  LMHeadStatus (*alloc)(unsigned long long, void **);
  LMHeadStatus (*copy)(void *, const void *, unsigned long long, void *);
  LMHeadStatus (*synchronize)(void *);
} api;

static int lookUp(void *runtime, const char *name, void **function) {
  *function = dlsym(runtime, name);
  if (!*function)
    fprintf(stderr, "error: the runtime has no %s\n", name);
  return *function != NULL;
}

/* Ends the program when `status` is a failure. */
static void check(LMHeadStatus status, const char *what) {
  if (status == LMHEAD_STATUS_OK)
    return;
  fprintf(stderr, "error: %s: %s\n", what, api.lastError());
  exit(1);
}

static unsigned elementBytes(const char *type) {
  if (!strcmp(type, "i64"))
    return 8;
  if (!strcmp(type, "f32") || !strcmp(type, "i32"))
    return 4;
  return 2; /* bf16, f16 */
}

/* The fixed value of element `e` of a tensor of `type`. */
static void fill(unsigned char *element, const char *type,
                 unsigned long long e) {
  unsigned short half;
  long long label = (long long)(e % 5);
  int label32 = (int)label;
  if (!strcmp(type, "bf16") || !strcmp(type, "f16")) {
    /* 0.0625 and a little more, in either format. */
    half = (unsigned short)((!strcmp(type, "bf16") ? 0x3D80 : 0x2C00) +
                            (e * 7) % 64);
    memcpy(element, &half, 2);
  } else if (!strcmp(type, "i64")) {
    memcpy(element, &label, 8);
  } else if (!strcmp(type, "i32")) {
    memcpy(element, &label32, 4);
  } /* f32 stays 0 */
}

static unsigned long long tensorBytes(LMHeadBundle *bundle, const char *op,
                                      unsigned long long index,
                                      const LMHeadOperandInfo *info,
                                      const unsigned long long *operands,
                                      unsigned long long count) {
  long long dims[16];
  unsigned long long elements = 1;
  if (info->rank > sizeof(dims) / sizeof(dims[0])) {
    fprintf(stderr, "error: %s has rank %u\n", info->name, info->rank);
    exit(1);
  }
  check(api.operandShape(bundle, op, index, operands, count, dims),
        "lmheadBundleOperandShape");
  for (unsigned r = 0; r < info->rank; ++r)
    elements *= (unsigned long long)dims[r];
  return elements * elementBytes(info->elementType);
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s RUNTIME.so BUNDLE_DIR [OP_INDEX]\n", argv[0]);
    return 2;
  }
  void *runtime = dlopen(argv[1], RTLD_NOW);
  if (!runtime) {
    fprintf(stderr, "error: dlopen: %s\n", dlerror());
    return 1;
  }
  if (!lookUp(runtime, "lmheadGetLastErrorMessage", (void **)&api.lastError) ||
      !lookUp(runtime, "lmheadBundleLoad", (void **)&api.load) ||
      !lookUp(runtime, "lmheadBundleOpInfo", (void **)&api.opInfo) ||
      !lookUp(runtime, "lmheadBundleOperand", (void **)&api.operand) ||
      !lookUp(runtime, "lmheadBundleOperandShape",
              (void **)&api.operandShape) ||
      !lookUp(runtime, "lmheadBundleWorkspaceSize",
              (void **)&api.workspaceSize) ||
      !lookUp(runtime, "lmheadBundleRun", (void **)&api.run) ||
      !lookUp(runtime, "lmheadDeviceAlloc", (void **)&api.alloc) ||
      !lookUp(runtime, "lmheadDeviceCopy", (void **)&api.copy) ||
      !lookUp(runtime, "lmheadStreamSynchronize", (void **)&api.synchronize))
    return 1;

  LMHeadBundle *bundle;
  check(api.load(argv[2], &bundle), "lmheadBundleLoad");
  const char *op, *kind;
  unsigned long long count;
  check(api.opInfo(bundle, argc > 3 ? strtoull(argv[3], NULL, 10) : 0, &op,
                   &kind, &count),
        "lmheadBundleOpInfo");
  if (count > kMaxOperands) {
    fprintf(stderr, "error: %s has %llu operands\n", op, count);
    return 1;
  }

  /* Sizes first (the shapes follow them), tensors marked present. */
  unsigned long long operands[kMaxOperands] = {0};
  LMHeadOperandInfo info[kMaxOperands];
  for (unsigned long long i = 0; i < count; ++i) {
    check(api.operand(bundle, op, i, &info[i]), "lmheadBundleOperand");
    if (info[i].kind == LMHEAD_OPERAND_SIZE)
      operands[i] = kTokens;
    if (info[i].kind == LMHEAD_OPERAND_TENSOR)
      operands[i] = 1;
  }
  unsigned long long workspace = 0;
  check(api.workspaceSize(bundle, op, operands, count, &workspace),
        "lmheadBundleWorkspaceSize");

  for (unsigned long long i = 0; i < count; ++i) {
    void *device = NULL;
    if (info[i].kind == LMHEAD_OPERAND_WORKSPACE) {
      check(api.alloc(workspace, &device), "lmheadDeviceAlloc");
      operands[i] = (unsigned long long)device;
    } else if (info[i].kind == LMHEAD_OPERAND_WORKSPACE_BYTES) {
      operands[i] = workspace;
    } else if (info[i].kind == LMHEAD_OPERAND_TENSOR) {
      unsigned long long bytes =
          tensorBytes(bundle, op, i, &info[i], operands, count);
      unsigned size = elementBytes(info[i].elementType);
      unsigned char *host = calloc(bytes ? bytes : 1, 1);
      for (unsigned long long e = 0; e < bytes / size; ++e)
        fill(host + e * size, info[i].elementType, e);
      check(api.alloc(bytes, &device), "lmheadDeviceAlloc");
      check(api.copy(device, host, bytes, NULL), "lmheadDeviceCopy");
      operands[i] = (unsigned long long)device;
      free(host);
    }
  }
  check(api.run(bundle, op, operands, count, NULL), "lmheadBundleRun");
  check(api.synchronize(NULL), "lmheadStreamSynchronize");

  /* FNV-1a over every tensor's bytes, in operand order. */
  unsigned long long hash = 1469598103934665603ULL;
  for (unsigned long long i = 0; i < count; ++i) {
    if (info[i].kind != LMHEAD_OPERAND_TENSOR)
      continue;
    unsigned long long bytes =
        tensorBytes(bundle, op, i, &info[i], operands, count);
    unsigned char *host = malloc(bytes ? bytes : 1);
    check(api.copy(host, (void *)operands[i], bytes, NULL), "lmheadDeviceCopy");
    check(api.synchronize(NULL), "lmheadStreamSynchronize");
    for (unsigned long long b = 0; b < bytes; ++b)
      hash = (hash ^ host[b]) * 1099511628211ULL;
    free(host);
  }
  printf("%s (%s), %d tokens: hash of every tensor after the run %016llx\n", op,
         kind, kTokens, hash);
  return 0;
}
