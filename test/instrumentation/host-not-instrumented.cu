// Without -fplugin-arg-sectorscope-instrument the host module is untouched.
// RUN: printf x > %t.fatbin
// RUN: %wrapper --cuda-host-only -O2 -S -emit-llvm -fplugin-arg-sectorscope-no-analyze -Xclang -fcuda-include-gpubinary -Xclang %t.fatbin %s -o - | FileCheck %s

// CHECK-NOT: sectorscope
// CHECK: call {{.*}}i32 @cudaLaunchKernel(
// CHECK: call {{.*}}i32 @cudaMalloc(
// CHECK-NOT: sectorscope

#include <cuda_runtime.h>

__global__ void k(float *a) { a[threadIdx.x] = 0; }

int main() {
  float *a;
  cudaMalloc(&a, 4096);
  k<<<1, 32>>>(a);
  return 0;
}
