// -fplugin-arg-sectorscope-error=<rules> reports those rules as errors;
// -Werror promotes all of them.
// RUN: %wrapper --cuda-device-only -O2 -S -o /dev/null -Xclang -verify %s -fplugin-arg-sectorscope-error=camped
// RUN: not %wrapper --cuda-device-only -O2 -S -o /dev/null %s -fplugin-arg-sectorscope-error=camped 2>&1 | FileCheck %s
// RUN: not %wrapper --cuda-device-only -O2 -S -o /dev/null %s -Werror 2>&1 | FileCheck %s --check-prefix=WERROR

// CHECK: error: camped atomic: every block updates the same bytes {{.*}}[sectorscope-camped]
// CHECK: warning: strided load: consecutive threads are 8 bytes apart{{.*}}[sectorscope-strided]
// WERROR: error: camped atomic
// WERROR: error: strided load
__global__ void count(int *counter, float *a, const float *b) {
  atomicAdd(counter, 1); // expected-error {{camped atomic: every block updates the same bytes (the address does not depend on blockIdx)}} expected-note {{reduce within each block}}
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = b[2 * i]; // expected-warning {{strided load: consecutive threads are 8 bytes apart}} expected-note {{consecutive elements}}
}
