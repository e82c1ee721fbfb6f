/*===- CApiFromC.c - the public header compiles as C and works from C ----===*
 *
 * Runtime.h promises plain C; this file is compiled by the C compiler (C99,
 * pedantic) and calls the API the way a C client or ctypes would. The C++
 * test CApiFromCTest.cpp runs it.
 *
 *===----------------------------------------------------------------------===*/

#include "lmhead/runtime/Runtime.h"

#include <string.h>

/* Returns 0 when the C view of the API behaves, otherwise the failing
 * check's number. */
int lmheadTestCApiFromC(void) {
  int major = -1;
  LMHeadBackendSelection selection;
  lmheadGetVersion(&major, NULL, NULL);
  if (major < 0)
    return 1;
  if (lmheadSelectBackend(NULL) != LMHEAD_STATUS_INVALID_ARGUMENT)
    return 2;
  if (strcmp(lmheadStatusName(LMHEAD_STATUS_INVALID_ARGUMENT),
             "LMHEAD_STATUS_INVALID_ARGUMENT") != 0)
    return 3;
  if (strlen(lmheadGetLastErrorMessage()) == 0)
    return 4;
  if (lmheadSelectBackend(&selection) != LMHEAD_STATUS_OK)
    return 5;
  if (selection.backend != LMHEAD_BACKEND_EMULATOR)
    return 6;
  return 0;
}
