/*===- print_memref.c - printMemrefF32 for programs run without LLVM ----===*
 *
 * The GPU machine has no LLVM, so lowered programs are linked with this
 * instead of libmlir_runner_utils: printMemrefF32 of an unranked f32 memref
 * (MLIR passes it as its rank and a pointer to the ranked descriptor),
 * printing every element in row-major order, one memref per line.
 *
 *===----------------------------------------------------------------------===*/

#include <stdint.h>
#include <stdio.h>

void printMemrefF32(int64_t rank, void *descriptor) {
  char **pointers = (char **)descriptor;
  const float *data = (const float *)pointers[1];
  const int64_t *words = (const int64_t *)(pointers + 2);
  int64_t offset = words[0];
  const int64_t *sizes = words + 1, *strides = words + 1 + rank;
  int64_t count = 1;
  for (int64_t d = 0; d < rank; ++d)
    count *= sizes[d];
  printf("[");
  for (int64_t linear = 0; linear < count; ++linear) {
    /* The element's address from its row-major position. */
    int64_t rest = linear, at = offset;
    for (int64_t d = rank - 1; d >= 0; --d) {
      at += (rest % sizes[d]) * strides[d];
      rest /= sizes[d];
    }
    printf(linear ? ", %.9g" : "%.9g", data[at]);
  }
  printf("]\n");
}
