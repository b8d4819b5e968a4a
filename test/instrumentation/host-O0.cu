// Host half at -O0: registration calls sit in __cuda_register_globals,
// called from __cuda_module_ctor after __cudaRegisterFatBinary.
// RUN: printf x > %t.fatbin
// RUN: %wrapper --cuda-host-only -O0 -S -emit-llvm -fplugin-arg-sectorscope-instrument -fplugin-arg-sectorscope-no-analyze -Xclang -fcuda-include-gpubinary -Xclang %t.fatbin %s -o - | FileCheck %s

// CHECK-LABEL: define {{.*}} @_Z16__device_stub__kPf(
// CHECK: call noundef i32 @__sectorscope_launch_kernel(
// CHECK: call i32 @__sectorscope_malloc(ptr %{{.*}}, i64 %{{.*}}, ptr @{{.*}})
// CHECK-LABEL: define internal void @__cuda_register_globals(ptr %0)
// CHECK-NEXT: call i32 @__cudaRegisterFunction(ptr %0, ptr @_Z16__device_stub__kPf, ptr @0, ptr @0,
// CHECK-NEXT: call void @__sectorscope_register_kernel(ptr %0, ptr @_Z16__device_stub__kPf, ptr @0)
// CHECK-LABEL: define internal void @__cuda_module_ctor(
// CHECK-NEXT: %[[H:.*]] = call ptr @__cudaRegisterFatBinary(
// CHECK-NEXT: call void @__cudaRegisterVar(ptr %[[H]], ptr @__sectorscope_module_shadow,
// CHECK-NEXT: call void @__sectorscope_register_module(ptr %[[H]], ptr @__sectorscope_module_shadow)
// CHECK: call void @__cuda_register_globals(ptr %[[H]])

#include <cuda_runtime.h>

__global__ void k(float *a) { a[threadIdx.x] = 0; }

int main() {
  float *a;
  cudaMalloc(&a, 4096);
  k<<<1, 32>>>(a);
  return 0;
}
