// No findings in system headers, as clang's own warnings: a kernel from a
// library included with -isystem is the library's business; the same header
// through -I is the user's code and warns.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify=sys %s -isystem %S/Inputs/sys
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null %s -I %S/Inputs/sys 2>&1 | FileCheck %s --check-prefix=USER
// sys-no-diagnostics

#include <vendor_gather.cuh>

template __global__ void vendorGather<4>(float *, const float *);

// USER: vendor_gather.cuh:5:{{[0-9]+}}: warning: strided load: consecutive threads are 16 bytes apart
// USER-SAME: (in instantiation vendorGather<4>) [sectorscope-strided]
