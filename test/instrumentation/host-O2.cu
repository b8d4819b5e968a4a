// Host half at -O2 (clang inlines __cuda_register_globals into
// __cuda_module_ctor): the descriptor's shadow is registered right after the
// fat binary, each kernel next to its __cudaRegisterFunction, launches and
// allocations go through the host runtime, allocations with the user's
// file:line:col (not cuda_runtime.h's cudaMalloc<T> wrapper).
// A stand-in fat binary (any file) makes clang emit the registration code.
// RUN: printf x > %t.fatbin
// RUN: %wrapper --cuda-host-only -O2 -S -emit-llvm -fplugin-arg-sectorscope-instrument -fplugin-arg-sectorscope-no-analyze -Xclang -fcuda-include-gpubinary -Xclang %t.fatbin %s -o - | FileCheck %s

// CHECK: @__sectorscope_module_shadow = internal global [344 x i8] zeroinitializer, align 8
// CHECK: @[[NAME:.*]] = private unnamed_addr constant [21 x i8] c"__sectorscope_module\00"
// CHECK: @[[S1:.*]] = private unnamed_addr constant {{.*}} c"{{.*}}host-O2.cu:36:3\00"
// CHECK: @[[S2:.*]] = private unnamed_addr constant {{.*}} c"{{.*}}host-O2.cu:37:3\00"
// CHECK-LABEL: define {{.*}} @_Z16__device_stub__kPf(
// CHECK: call {{.*}}i32 @__sectorscope_launch_kernel(ptr {{.*}}@_Z16__device_stub__kPf, i64 %{{.*}}, i32 %{{.*}}, i64 %{{.*}}, i32 %{{.*}}, ptr {{.*}}, i64 {{.*}}, ptr {{.*}})
// CHECK-LABEL: define {{.*}} @main(
// CHECK: call i32 @__sectorscope_malloc(ptr %{{.*}}, i64 4096, ptr @[[S1]])
// CHECK: call i32 @__sectorscope_malloc_managed(ptr %{{.*}}, i64 4096, i32 1, ptr @[[S2]])
// CHECK: call i32 @__sectorscope_free(ptr
// CHECK-NOT: call {{.*}}@cudaMalloc
// CHECK-NOT: call {{.*}}@cudaFree
// CHECK-LABEL: define internal void @__cuda_module_ctor(
// CHECK: %[[H:.*]] = {{.*}}call ptr @__cudaRegisterFatBinary(
// CHECK-NEXT: call void @__cudaRegisterVar(ptr %[[H]], ptr @__sectorscope_module_shadow, ptr @[[NAME]], ptr @[[NAME]], i32 0, i64 344, i32 1, i32 0)
// CHECK-NEXT: call void @__sectorscope_register_module(ptr %[[H]], ptr @__sectorscope_module_shadow)
// CHECK: call i32 @__cudaRegisterFunction(ptr %[[H]], ptr nonnull @_Z16__device_stub__kPf, ptr nonnull @[[K:[0-9]+]],
// CHECK-NEXT: call void @__sectorscope_register_kernel(ptr %[[H]], ptr @_Z16__device_stub__kPf, ptr @[[K]])
// CHECK: call void @__cudaRegisterFatBinaryEnd(ptr %[[H]])

#include <cuda_runtime.h>

__global__ void k(float *a) { a[threadIdx.x] = 0; }

int main() {
  float *a, *b;
  cudaMalloc(&a, 4096);
  cudaMallocManaged(&b, 4096);
  k<<<1, 32>>>(a);
  cudaFree(a);
  return 0;
}
