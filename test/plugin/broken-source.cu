// A source that does not compile (a header not found, and what it would
// have declared) ends with clang's errors, not a crash in the plugin: the
// launch shapes are not read from an AST that holds invalid expressions.
// RUN: not %wrapper -O2 -c %s -o %t.o 2>&1 | FileCheck %s
// CHECK: fatal error: 'no_such_header.h' file not found
// CHECK-NOT: Segmentation fault
// CHECK-NOT: PLEASE submit a bug report
// CHECK-NOT: Stack dump
#include "no_such_header.h"

__global__ void k(float *a) {}

void run(float *a, int n) {
  int side = 16;
  dim3 gridDim(ceil_div(n, side), ceil_div(n, 8 * side));
  dim3 blockDim(side, side);
  k<<<gridDim, blockDim>>>(a);
}
