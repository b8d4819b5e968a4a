// Only the device job is analyzed: a full compile reports each finding once,
// and a host-only compile reports nothing.
// RUN: %wrapper -O2 -c -o %t.o %s 2>&1 | FileCheck %s
// RUN: %wrapper --cuda-host-only -O2 -c -o %t.o %s 2>&1 | count 0

// CHECK: host-not-analyzed.cu:[[@LINE+4]]:{{[0-9]+}}: warning: strided load: consecutive threads are 16 bytes apart
// CHECK-NOT: warning:
__global__ void k(float *a, const float *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = b[4 * i];
}
int main() { return 0; }
