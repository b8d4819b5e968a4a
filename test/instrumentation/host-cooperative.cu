// A cooperative launch goes through the host runtime as one: the variants of
// a kernel whose grid synchronizes must be launched cooperatively too.
// RUN: printf x > %t.fatbin
// RUN: %wrapper --cuda-host-only -O2 -S -emit-llvm -fplugin-arg-sectorscope-instrument -fplugin-arg-sectorscope-no-analyze -Xclang -fcuda-include-gpubinary -Xclang %t.fatbin %s -o - | FileCheck %s

// CHECK-LABEL: define {{.*}} @main(
// CHECK: call {{.*}}i32 @__sectorscope_launch_cooperative_kernel(ptr {{.*}}@_Z19__device_stub__stepPf,
// CHECK: call {{.*}}i32 @__sectorscope_launch_kernel(
// CHECK-NOT: call {{.*}}@cudaLaunchCooperativeKernel(
// CHECK-NOT: call {{.*}}@cudaLaunchKernel(

#include <cooperative_groups.h>
#include <cuda_runtime.h>

__global__ void step(float *a) {
  a[threadIdx.x] += 1;
  cooperative_groups::this_grid().sync();
  a[threadIdx.x] *= 2;
}

int main() {
  float *a;
  cudaMalloc(&a, 4096);
  void *args[] = {&a};
  cudaLaunchCooperativeKernel((const void *)step, dim3(2), dim3(32), args, 0,
                              nullptr);
  step<<<1, 32>>>(a);
  return 0;
}
